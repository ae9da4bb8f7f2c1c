# Claim: an unprivileged user (uid 1000) can read a root-owned cgroup's
# counts with cgdentry and cgslabstat, but cgshrink fails on it with exit 1
# and "Permission denied", freeing nothing; once the cgroup is delegated to
# the user (chown -R, as cgcreate -a does), the user's cgshrink works.
# shellcheck source-path=SCRIPTDIR disable=SC1091,SC2154 # lib*.sh: helpers, tool_tmp, tool_rc
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../lib-tools.sh"
need_file / memory.force_slab_shrink

d=$(test_dir)
cg_create A
cg_make_files A "$d" 80 || fail "files in /A"
unused=$(cg_unused A)

run_tool dentry as_user cgdentry --raw -n /A
expect_tool_ok "cgdentry as uid 1000"
expect_eq "$(cut -d ' ' -f2 "$tool_tmp/dentry")" "$unused" "unused as uid 1000 sees it"
run_tool stat as_user cgslabstat --json /A
expect_tool_ok "cgslabstat as uid 1000"
expect_eq "$(jget stat '.cgroups[0].stat.forced_shrinks')" 0 "forced_shrinks as uid 1000 sees it"

run_tool shrink as_user cgshrink --all /A
expect_eq "$tool_rc" 1 "cgshrink as uid 1000 exit status"
expect_eq "$(tool_err shrink)" "cgshrink: /A: memory.force_slab_shrink: Permission denied" "cgshrink's message"
expect_eq "$(cg_unused A)" "$unused" "A's unused dentries"
expect_eq "$(cg_stat A forced_shrinks)" 0 "A's forced shrinks"

chown -R 1000:1000 "$MEMCG/A" || fail "chown -R 1000:1000 /A"
run_tool shrink2 as_user cgshrink --all --json /A
expect_tool_ok "cgshrink as the owner of /A"
expect_eq "$(jget shrink2 '.cgroups[0].unused_after')" 0 "unused after the owner's shrink"
expect_eq "$(cg_unused A)" 0 "A's unused dentries after the owner's shrink"
expect_eq "$(cg_stat A forced_shrinks)" 1 "A's forced shrinks"
pass
