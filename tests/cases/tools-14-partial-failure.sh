# Claim: one CGROUP that cannot be read does not hide the others: cgdentry
# and cgslabstat still report every cgroup that exists, as valid JSON, and
# exit 64 ("some failed", as lsblk) with the failing cgroup named on stderr.
# shellcheck source-path=SCRIPTDIR disable=SC1091,SC2154 # lib*.sh: helpers, tool_tmp, tool_rc
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../lib-tools.sh"
need_file / memory.dentry_unused

cg_create A
cg_create B
for tool in cgdentry cgslabstat; do
	run_tool json "$tool" --json /A /tools-14-nope /B
	expect_eq "$tool_rc" 64 "$tool /A /tools-14-nope /B exit status"
	expect_eq "$(tool_err json)" "$(no_such_cgroup "$tool" /tools-14-nope)" "$tool's message"
	expect_eq "$(jget json .cgroups -l)" 2 "cgroups $tool still reports"
	expect_eq "$(jget json .cgroups[0].cgroup) $(jget json .cgroups[1].cgroup)" "/A /B" "cgroups $tool reports"
done
pass
