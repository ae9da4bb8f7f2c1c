# Helpers for the tools-* guest tests (cgtools); source after lib.sh:
#     . "$(dirname "$0")/../lib-tools.sh"
# shellcheck shell=sh

# Scratch files of this test (tool output), removed with the test dir.
tool_tmp=/tmp/$(basename "$0" .sh).$$
mkdir -p "$tool_tmp"
_tools_cleanup() {
	rm -rf "$tool_tmp"
	_cleanup
}
trap _tools_cleanup EXIT

# run_tool NAME CMD...: run a cgtools command; its stdout lands in
# $tool_tmp/NAME, its stderr in $tool_tmp/NAME.err, its status in $tool_rc.
run_tool() {
	_name=$1
	shift
	"$@" > "$tool_tmp/$_name" 2> "$tool_tmp/$_name.err"
	tool_rc=$?
}

# The words the tools use for the hierarchy they read (CG_HIER, MEMCG:
# lib.sh), and their message for a cgroup that does not exist there.
tool_hier="cgroup $CG_HIER hierarchy at $MEMCG"
# no_such_cgroup TOOL CGROUP: the line TOOL prints for a missing CGROUP.
no_such_cgroup() { echo "$1: $2: Cgroup does not exist in the $tool_hier"; }

# expect_usage_error WHAT: the last run_tool refused its command line as
# util-linux tools do: exit 1, nothing on stdout, and stderr ending in the
# pointer to --help (which tells a usage error from a failure, also 1).
expect_usage_error() {
	expect_eq "$tool_rc" 1 "$1: exit status"
	case "$(cat "$tool_tmp/$_name.err")" in
	*"Try '"*" --help' for more information.") ;;
	*) fail "$1: no pointer to --help: $(cat "$tool_tmp/$_name.err")" ;;
	esac
	[ -s "$tool_tmp/$_name" ] && fail "$1: stdout: $(cat "$tool_tmp/$_name")"
	return 0
}

# tool_out NAME / tool_err NAME: what run_tool kept.
tool_out() { cat "$tool_tmp/$1"; }
tool_err() { cat "$tool_tmp/$1.err"; }

# jget NAME PATH [OPT]: the value at PATH in the JSON output NAME (strictly
# parsed by cgtest-json; OPT -l for a length, -k for keys, -t for a type).
# Prints nothing (and a diagnostic) when the JSON is invalid or lacks PATH.
jget() {
	cgtest-json ${3:+"$3"} "$2" < "$tool_tmp/$1" || diag "no $2 in $1: $(head -c 300 "$tool_tmp/$1")" >&2
}

# as_user CMD...: run CMD as the unprivileged uid 1000.  busybox's setpriv
# cannot change uids; its su can when root runs it, given one command
# string, so each argument is single-quoted into it.
as_user() {
	_cmd=
	for _a in "$@"; do
		_cmd="$_cmd '$(printf '%s' "$_a" | sed "s/'/'\\\\''/g")'"
	done
	su -s /bin/sh user -c "exec $_cmd"
}

# expect_tool_ok WHAT: the last run_tool exited 0 and printed no error.
expect_tool_ok() {
	[ "$tool_rc" -eq 0 ] || fail "$1: exit $tool_rc: $(cat "$tool_tmp/$_name.err")"
	[ -s "$tool_tmp/$_name.err" ] && fail "$1: stderr: $(cat "$tool_tmp/$_name.err")"
	return 0
}

# prom_value NAME SERIES: the value of SERIES (a metric name with its
# labels, exactly as printed: memcg_dentry_unused{cgroup="/A"}) in the
# Prometheus output NAME that run_tool kept; nothing when it is absent.
# (SERIES goes through the environment: awk -v would take its backslashes
# for escapes.)
prom_value() {
	SERIES=$2 awk 'BEGIN { s = ENVIRON["SERIES"] }
		index($0, s " ") == 1 { print substr($0, length(s) + 2) }' "$tool_tmp/$1"
}
