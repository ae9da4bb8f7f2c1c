#!/bin/sh
# verdict.sh [--stream NAME TAP RC]... [--guest NAME DIR EXPECTED]...
#
# The judge of `make check`: counts the results of every TAP/KTAP stream
# and checks that each stream can be believed.  Prints one line per
# finding and ends with "N passed, N failed"; exits 1 on any failure.
#
#   --stream NAME TAP RC  a host-side producer: TAP is its output, RC a file
#                         holding its exit status.
#   --guest NAME DIR N    a guest run by qemu/boot.sh --out DIR: results.log
#                         (KTAP from the guest), console.log (the kernel's),
#                         qemu.rc (boot.sh's status); N tests were selected.
#
# Counted: every top-level "ok"/"not ok" line.  A skip counts as a failure:
# under make check the series and the test helpers are part of the build,
# so nothing has a reason to skip.  On top of the results, each of these
# is one failure:
#  - a stream whose file is missing, whose producer's status is unknown,
#    or that exited non-zero without reporting a failure;
#  - a stream without exactly one plan "1..N", with N = 0, or with a
#    result count other than N (results numbered 1..N in order);
#  - a guest run whose plan is not the N tests the host selected, that has
#    no "# guest-exit: 0" line, or whose qemu ended by the hard timeout or
#    with an error;
#  - a kernel log that is missing, shows no boot, or shows a panic, oops,
#    BUG, WARNING, KASAN/KFENCE/UBSAN report, lockdep splat, lockup, RCU
#    stall or hung task.  A clean kernel log is one passed result.
set -u
passed=0 failed=0

finding() {	# finding ok|fail TEXT
	if [ "$1" = ok ]; then
		echo "ok - $2"
		passed=$((passed + 1))
	else
		echo "not ok - $2"
		failed=$((failed + 1))
	fi
}

# tally NAME TAP: add TAP's results to the counts and check its plan.
# Prints "pass fail skip plan results order_ok nplans".
tally() {
	tr -d '\r' < "$1" | awk '
	/^1\.\.[0-9]+[ \t]*($|#)/ { plans++; sub(/^1\.\./, ""); plan = $0 + 0; next }
	/^(not )?ok[ \t]/ {
		n++
		num = ($1 == "ok") ? $2 : $3
		if (num != n) order = 1
	}
	/^ok[ \t]/ && /#[ \t]*(SKIP|skip|TODO|todo)/ { skip++; next }
	/^ok[ \t]/ { pass++; next }
	/^not ok[ \t]/ { fail++; next }
	END { printf "%d %d %d %d %d %d %d\n", pass, fail, skip, plan, n, !order, plans }'
}

# check_stream NAME TAP [EXPECTED]: count TAP and judge its plan.
check_stream() {
	name=$1 tap=$2 expected=${3:-}
	if [ ! -f "$tap" ]; then
		finding fail "$name: no output ($tap is missing)"
		return 1
	fi
	# shellcheck disable=SC2046 # seven numbers
	set -- $(tally "$tap")
	passed=$((passed + $1))
	failed=$((failed + $2 + $3))
	stream_failed=$2
	[ "$3" -eq 0 ] || {
		finding fail "$name: $3 skipped (a skip is not a pass):"
		grep -E '^ok .*# *(SKIP|skip|TODO|todo)' "$tap" | sed 's/^/#   /'
	}
	plan=$4 results=$5 ordered=$6 plans=$7
	if [ "$plans" -ne 1 ]; then
		finding fail "$name: $plans plan lines, want exactly one"
	elif [ "$plan" -eq 0 ]; then
		finding fail "$name: planned no tests"
	elif [ "$results" -ne "$plan" ]; then
		finding fail "$name: planned $plan tests and reported $results"
	elif [ "$ordered" -ne 1 ]; then
		finding fail "$name: results are not numbered 1..$plan in order"
	fi
	if [ -n "$expected" ] && [ "$plans" -eq 1 ] && [ "$plan" -ne "$expected" ]; then
		finding fail "$name: planned $plan tests, the host selected $expected"
	fi
	return 0
}

# check_rc NAME RCFILE: the producer's exit status, believed only with a
# failing result to go with it.
check_rc() {
	if [ ! -f "$2" ] || ! rc=$(cat "$2") || [ -z "$rc" ]; then
		finding fail "$1: the producer's exit status is unknown"
		return
	fi
	case $rc in
	*[!0-9]*) finding fail "$1: the producer's exit status '$rc' is not a number" ;;
	0) ;;
	*) [ "$stream_failed" -gt 0 ] ||
		finding fail "$1: the producer exited $rc without reporting a failure" ;;
	esac
}

# What a kernel log must never show.  "WARNING:" covers lockdep's splats
# and WARN_ON; "BUG:" covers KASAN, sleeping in atomic context, bad page
# state, soft lockups and scheduling while atomic.
BAD_LOG='Kernel panic|Oops|BUG:|WARNING:|general protection fault|kernel BUG|'\
'KFENCE:|UBSAN:|soft lockup|hard LOCKUP|blocked for more than|'\
'rcu: INFO:|detected stalls|self-detected stall|Call Trace|'\
'possible circular locking|inconsistent lock state|unreferenced object'

check_console() {
	name=$1 console=$2
	if [ ! -s "$console" ]; then
		finding fail "$name: no kernel log ($console is missing or empty)"
		return
	fi
	if ! grep -q 'Linux version' "$console"; then
		finding fail "$name: the kernel log shows no boot"
		return
	fi
	bad=$(tr -d '\r' < "$console" | grep -nE "$BAD_LOG")
	if [ -n "$bad" ]; then
		finding fail "$name: kernel log is not clean:"
		echo "$bad" | head -n 20 | sed 's/^/#   /'
	else
		finding ok "$name: kernel log clean (no panic, oops, BUG, WARNING, report, stall)"
	fi
}

check_guest() {
	name=$1 dir=$2 expected=$3
	if [ "$expected" -eq 0 ]; then
		finding fail "$name: no guest test was selected"
	fi
	stream_failed=0
	check_stream "$name" "$dir/results.log" "$expected"
	exit_line=$(tr -d '\r' < "$dir/results.log" 2> /dev/null | sed -n 's/^# guest-exit: //p' | tail -n 1)
	if [ -z "$exit_line" ]; then
		finding fail "$name: the guest never reported: it panicked, hung or timed out"
	elif [ "$exit_line" != 0 ]; then
		[ "$stream_failed" -gt 0 ] ||
			finding fail "$name: guest run exited $exit_line without reporting a failure"
	fi
	qrc=$(cat "$dir/qemu.rc" 2> /dev/null)
	case $qrc in
	0) ;;
	124|137) finding fail "$name: the guest hit the hard timeout (qemu killed)" ;;
	'') finding fail "$name: qemu's exit status is unknown" ;;
	*) finding fail "$name: qemu exited $qrc" ;;
	esac
	check_console "$name" "$dir/console.log"
}

[ $# -gt 0 ] || { echo "verdict.sh: nothing to judge" >&2; exit 2; }
while [ $# -gt 0 ]; do
	case $1 in
	--stream)
		[ $# -ge 4 ] || { echo "verdict.sh: --stream NAME TAP RC" >&2; exit 2; }
		stream_failed=0
		check_stream "$2" "$3" && check_rc "$2" "$4"
		shift 4 ;;
	--guest)
		[ $# -ge 4 ] || { echo "verdict.sh: --guest NAME DIR N" >&2; exit 2; }
		check_guest "$2" "$3" "$4"
		shift 4 ;;
	*) echo "verdict.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
