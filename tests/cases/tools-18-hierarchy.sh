# Claim: the tools find the memory hierarchy by themselves, cgroup v1 or
# v2, and say which one they read: the JSON of cgdentry, cgslabstat and
# cgshrink starts with "hierarchy": {"version": 1|2, "mount": MEMCG}, as
# the guest mounted it; what they report of /A is what A's files say
# there; and a cgroup missing from it is named with that hierarchy.
# shellcheck source-path=SCRIPTDIR disable=SC1091,SC2154 # lib*.sh: helpers, tool_tmp, tool_rc
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../lib-tools.sh"
need_file / memory.force_slab_shrink

K=100
version=${CG_HIER#v}
d=$(test_dir)
cg_create A
cg_make_files A "$d" $K || fail "files in /A"
diag "cgroup file systems mounted: $(awk '$3 ~ /^cgroup/ { printf "%s %s; ", $3, $2 }' /proc/mounts)"

run_tool dentry cgdentry --json /A
expect_tool_ok "cgdentry --json /A"
run_tool stat cgslabstat --json /A
expect_tool_ok "cgslabstat --json /A"
run_tool shrink cgshrink --dry-run --all --json /A
expect_tool_ok "cgshrink --dry-run --all --json /A"
for out in dentry stat shrink; do
	expect_eq "$(jget $out . -k | cut -d ' ' -f 1)" hierarchy "first key of $out's JSON"
	expect_eq "$(jget $out .hierarchy.version)" "$version" "hierarchy version in $out's JSON"
	expect_eq "$(jget $out .hierarchy.mount)" "$MEMCG" "hierarchy mount in $out's JSON"
done
expect_eq "$(jget dentry '.cgroups[0].unused')" "$(cg_unused A)" "/A's unused dentries as the $CG_HIER file has them"
expect_ge "$(jget dentry '.cgroups[0].unused')" $K "/A's unused dentries"
expect_eq "$(jget stat '.cgroups[0].stat.forced_shrinks')" "$(cg_stat A forced_shrinks)" "/A's forced_shrinks"
expect_eq "$(jget shrink '.cgroups[0].unused_before')" "$(cg_unused A)" "cgshrink --dry-run's unused_before"

run_tool nope cgdentry /tools-18-nope
expect_eq "$tool_rc" 32 "cgdentry /tools-18-nope exit status"
expect_eq "$(tool_err nope)" \
	"cgdentry: /tools-18-nope: Cgroup does not exist in the cgroup $CG_HIER hierarchy at $MEMCG" \
	"the message names the hierarchy"
pass
