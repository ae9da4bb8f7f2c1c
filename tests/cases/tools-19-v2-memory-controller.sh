# Claim: on cgroup v2 the tools read the memory cgroups only: a cgroup
# whose parent has no +memory in cgroup.subtree_control (and a threaded
# cgroup, whose domain holds the files) has no memory.* files; named, it
# is not found (exit 32, "Memory controller not enabled", naming the
# subtree_control that lacks it) and cgshrink writes nothing; cgdentry,
# cgslabstat and cgshrink -R leave it out of a subtree and report the
# others.
# hierarchy: v2
# shellcheck source-path=SCRIPTDIR disable=SC1091,SC2154 # lib*.sh: helpers, tool_tmp, tool_rc
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../lib-tools.sh"
need_file / memory.force_slab_shrink

d=$(test_dir)
cg_create A
cg_create A/m
cg_make_files A/m "$d" 50 m || fail "files in /A/m"
# no +memory in /A/m's subtree_control: its child has no memory files
mkdir "$MEMCG/A/m/plain" || fail "mkdir /A/m/plain"
at_exit rmdir "$MEMCG/A/m/plain"
# a threaded cgroup: its threaded domain /B holds the files
cg_create B
mkdir "$MEMCG/B/thr" || fail "mkdir /B/thr"
at_exit rmdir "$MEMCG/B/thr"
echo threaded > "$MEMCG/B/thr/cgroup.type" || fail "make /B/thr threaded"
for cg in A/m/plain B/thr; do
	[ -e "$MEMCG/$cg/memory.dentry_unused" ] &&
		fail "/$cg has memory.dentry_unused without the memory controller"
done

for tool in cgdentry cgslabstat "cgshrink --all"; do
	# shellcheck disable=SC2086 # the words of $tool are meant
	run_tool out $tool /A/m/plain
	expect_eq "$tool_rc" 32 "$tool /A/m/plain exit status"
	expect_eq "$(tool_err out)" \
		"${tool%% *}: /A/m/plain: Memory controller not enabled (cgroup v2: +memory is not in $MEMCG/A/m/cgroup.subtree_control)" \
		"$tool's message"
done
run_tool out cgdentry /B/thr
expect_eq "$tool_rc" 32 "cgdentry /B/thr (threaded) exit status"
run_tool out cgdentry -R -r -n -o CGROUP /B
expect_tool_ok "cgdentry -R /B"
expect_eq "$(tool_out out)" /B "cgdentry -R /B: the threaded domain only"
run_tool out cgdentry -r -n -o CGROUP /A/m /A/m/plain
expect_eq "$tool_rc" 64 "cgdentry /A/m /A/m/plain exit status"
expect_eq "$(tool_out out)" /A/m "cgdentry reports the memory cgroup"

run_tool tree cgdentry -R -r -n -o CGROUP /A
expect_tool_ok "cgdentry -R /A"
expect_eq "$(tool_out tree | tr '\n' ' ')" "/A /A/m " "cgdentry -R: the memory cgroups"
run_tool stat cgslabstat -R -r -n -o CGROUP,KEY /A
expect_tool_ok "cgslabstat -R /A"
expect_eq "$(awk '$2 == "forced_shrinks" { print $1 }' "$tool_tmp/stat" | tr '\n' ' ')" "/A /A/m " \
	"cgslabstat -R: the memory cgroups"
run_tool shrink cgshrink --all -R --above 0 --json /A
expect_eq "$tool_rc" 0 "cgshrink --all -R --above 0 /A: exit status"
expect_eq "$(tool_err shrink)" "cgshrink: shrank 1 of 1 cgroup considered (subtree's unused dentries > 0)" \
	"cgshrink -R: the summary (stderr)"
expect_eq "$(jget shrink .considered)" 1 "cgshrink -R: cgroups considered (below /A, memory cgroups only)"
expect_eq "$(jget shrink '.cgroups[0].cgroup')" /A/m "cgshrink -R: the cgroup shrunk"
expect_eq "$(cg_unused A/m)" 0 "/A/m's unused dentries after the shrink"
pass
