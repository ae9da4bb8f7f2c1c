# Claim: libcgroup's own messages go to stderr, never into the tools'
# output: with CGROUP_LOGLEVEL=DEBUG (libcgroup logs its mount table
# scan) cgdentry --json and cgslabstat --prometheus still print only
# valid JSON and valid Prometheus text on stdout, and the messages are
# on stderr.
# shellcheck source-path=SCRIPTDIR disable=SC1091,SC2154 # lib*.sh: helpers, tool_tmp, tool_rc
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../lib-tools.sh"
need_file / memory.dentry_unused

cg_create A
CGROUP_LOGLEVEL=DEBUG cgdentry --json /A > "$tool_tmp/json" 2> "$tool_tmp/json.err"
expect_eq "$?" 0 "cgdentry's exit status"
expect_eq "$(jget json .cgroups[0].cgroup)" /A "cgdentry's JSON"
[ -s "$tool_tmp/json.err" ] || fail "libcgroup logged nothing at DEBUG on stderr"
diag "libcgroup on stderr: $(head -n 1 "$tool_tmp/json.err")"

CGROUP_LOGLEVEL=DEBUG cgslabstat --prometheus /A > "$tool_tmp/prom" 2> "$tool_tmp/prom.err"
expect_eq "$?" 0 "cgslabstat's exit status"
cgtest-promcheck "$tool_tmp/prom" || fail "cgslabstat's output is not the text format"
[ -s "$tool_tmp/prom.err" ] || fail "libcgroup logged nothing at DEBUG on stderr"
pass
