# Claim: every tool fails cleanly on a cgroup that does not exist: exit
# status 1 and "tool: /CGROUP: Cgroup does not exist" on stderr, for a
# path or -g memory:PATH, with or without -R.
# shellcheck source-path=SCRIPTDIR disable=SC1091,SC2154 # lib*.sh: helpers, tool_tmp, tool_rc
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../lib-tools.sh"

for tool in cgdentry cgslabstat cgshrink; do
	all=	# cgshrink needs to be told what to free
	[ "$tool" = cgshrink ] && all=--all
	run_tool out "$tool" ${all:+"$all"} /tools-10-nope
	expect_eq "$tool_rc" 1 "$tool /tools-10-nope exit status"
	expect_eq "$(tool_err out)" "$tool: /tools-10-nope: Cgroup does not exist" "$tool's message"
	run_tool out "$tool" ${all:+"$all"} -g memory:/tools-10-nope/sub
	expect_eq "$tool_rc" 1 "$tool -g memory:/tools-10-nope/sub exit status"
	expect_eq "$(tool_err out)" "$tool: /tools-10-nope/sub: Cgroup does not exist" "$tool's message for -g"
done
run_tool out cgdentry -R /tools-10-nope
expect_eq "$tool_rc" 1 "cgdentry -R /tools-10-nope exit status"
expect_eq "$(tool_err out)" "cgdentry: /tools-10-nope: Cgroup does not exist" "cgdentry -R's message"

pass
