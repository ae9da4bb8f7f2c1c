# Claim: every tool fails cleanly on a cgroup that does not exist: exit
# status 32 ("nothing found", as lsblk), and "tool: /CGROUP: Cgroup does
# not exist in the cgroup vN hierarchy at MOUNT" on stderr (the hierarchy
# the tool looked in), for a path or -g memory:PATH, with or without -R;
# cgshrink writes nothing.
# shellcheck source-path=SCRIPTDIR disable=SC1091,SC2154 # lib*.sh: helpers, tool_tmp, tool_rc
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../lib-tools.sh"

shrinks=$(cg_stat / total_forced_shrinks)
for tool in cgdentry cgslabstat cgshrink; do
	all=	# cgshrink needs to be told what to free
	[ "$tool" = cgshrink ] && all=--all
	run_tool out "$tool" ${all:+"$all"} /tools-10-nope
	expect_eq "$tool_rc" 32 "$tool /tools-10-nope exit status"
	expect_eq "$(tool_err out)" "$(no_such_cgroup "$tool" /tools-10-nope)" "$tool's message"
	run_tool out "$tool" ${all:+"$all"} -g memory:/tools-10-nope/sub
	expect_eq "$tool_rc" 32 "$tool -g memory:/tools-10-nope/sub exit status"
	expect_eq "$(tool_err out)" "$(no_such_cgroup "$tool" /tools-10-nope/sub)" "$tool's message for -g"
	expect_eq "$(tool_out out)" "" "$tool's output"
done
run_tool out cgdentry -R /tools-10-nope
expect_eq "$tool_rc" 32 "cgdentry -R /tools-10-nope exit status"
expect_eq "$(tool_err out)" "$(no_such_cgroup cgdentry /tools-10-nope)" "cgdentry -R's message"
run_tool out cgslabstat -R /tools-10-nope /tools-10-nope2
expect_eq "$tool_rc" 32 "cgslabstat -R of two missing cgroups: exit status"
run_tool out cgshrink --all -R --above 0 /tools-10-nope
expect_eq "$tool_rc" 32 "cgshrink -R --above 0 /tools-10-nope exit status"
expect_eq "$(cg_stat / total_forced_shrinks)" "$shrinks" "forced shrinks anywhere"
pass
