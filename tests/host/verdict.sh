#!/bin/sh
# verdict.sh [--stream NAME TAP RC]... [--guest NAME DIR SELECTED]...
#            [--left-out TEXT]... [--need-guest]
#
# The judge of `make check`: counts the results of every TAP/KTAP stream
# and checks that each stream can be believed.  Prints one line per
# finding and ends with "N passed, N failed"; exits 1 on any failure.
#
#   --stream NAME TAP RC  a host-side producer: TAP is its output, RC a file
#                         holding its exit status.
#   --guest NAME DIR SEL  a guest run by qemu/boot.sh --out DIR: results.log
#                         (KTAP from the guest), console.log (the kernel's),
#                         qemu.rc (boot.sh's status); SEL is a file naming
#                         the tests the host selected, one per line, in
#                         the order the guest must run them.
#   --need-guest          fail when no --guest run is given (make check: a
#                         check in which no guest test ran is no pass)
#   --left-out TEXT       a stage or tests this run left out on purpose
#                         (T=, SERIES_CHECK=0, DEBUG_CHECK=0): said on the
#                         last line, so a partial run never reads as whole.
#
# Counted: every top-level "ok"/"not ok" line.  A skip counts as a failure:
# under make check the series and the test helpers are part of the build,
# so nothing has a reason to skip.  TAP directives are case-insensitive
# ("# Skip", "# SKIPPED", "# todo" are all skips).  On top of the results,
# each of these is one failure:
#  - a stream whose file is missing, whose producer's status is unknown,
#    or that exited non-zero without reporting a failure;
#  - a stream with a "Bail out!" line (its producer gave up);
#  - a stream without exactly one plan "1..N", with N = 0, or with a
#    result count other than N (results numbered 1..N in order);
#  - a guest run whose plan or results are not the tests the host selected
#    (by name, in order); whose stream does not start with init's
#    "# guest-boot: NONCE" line and end with its "# guest-exit: 0
#    boot=NONCE" (NONCE a fresh random UUID that only init knows, so no
#    test can forge the line; any other guest-exit line fails the run too);
#    or whose qemu ended by the hard timeout or with an error;
#  - a guest whose init did not report /proc/sys/kernel/tainted just before
#    its exit line ("# guest-tainted: N boot=NONCE"), or whose kernel was
#    tainted by a warning, an oops (die), a bad page, a soft lockup or a
#    machine check: the backstop for a report no pattern names;
#  - a guest booted with kmemleak=on (the debug kernel has it) whose init's
#    scan at the end of the run found a leak, or could not scan (a
#    "# guest-kmemleak: N leaks boot=NONCE" line, N > 0, or an error);
#    a scan that found none is one passed result;
#  - a kernel log that is missing, shows no boot, or shows any line of
#    tests/stress/log-patterns.sh (panic, oops, BUG, WARNING, KASAN/KFENCE/
#    UBSAN report, lockdep splat, lockup, stall, hung task, list or file
#    system corruption, busy inodes, dropped printk messages).  A clean
#    kernel log is one passed result.
set -u
# Every file is read as bytes: in a UTF-8 locale one byte that is not
# UTF-8 made grep take a whole console log for binary, and a NUL byte does
# in any locale (clean() below drops NULs; grep -a besides): it then
# printed no line, and a KASAN report read as a clean log.
export LC_ALL=C
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/stress/log-patterns.sh
. "$top/tests/stress/log-patterns.sh"
passed=0 failed=0 left_out=''
scratch=$(mktemp -d)
# shellcheck disable=SC2317 # run by the EXIT trap
on_exit() { _rc=$?; rm -rf "$scratch"; exit $_rc; }
trap on_exit EXIT

# clean FILE: FILE's bytes less carriage returns and NULs (a NUL, from a
# serial line's noise or a test's output, is no character of any report)
clean() { tr -d '\r\000' < "$1"; }

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
	clean "$1" | awk '
	/^1\.\.[0-9]+[ \t]*($|#)/ { plans++; sub(/^1\.\./, ""); plan = $0 + 0; next }
	/^(not )?ok[ \t]/ {
		n++
		num = ($1 == "ok") ? $2 : $3
		if (num != n) order = 1
	}
	/^ok[ \t]/ && tolower($0) ~ /#[ \t]*(skip|todo)/ { skip++; next }
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
		clean "$tap" | grep -aiE '^ok[[:space:]].*#[[:space:]]*(skip|todo)' | sed 's/^/#   /'
	}
	plan=$4 results=$5 ordered=$6 plans=$7
	# a producer that gave up says so, whatever it counted before
	bails=$(clean "$tap" | grep -a '^[[:space:]]*Bail out!')
	if [ -n "$bails" ]; then
		finding fail "$name: the producer bailed out:"
		printf '%s\n' "$bails" | head -n 5 | sed 's/^/#   /'
	fi
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

check_console() {
	name=$1 console=$2
	if [ ! -s "$console" ]; then
		finding fail "$name: no kernel log ($console is missing or empty)"
		return
	fi
	clean "$console" > "$scratch/console"
	if ! grep -aq 'Linux version' "$scratch/console"; then
		finding fail "$name: the kernel log shows no boot"
		return
	fi
	bad=$(grep -anE "$KERNEL_LOG_BAD" "$scratch/console")
	if [ -n "$bad" ]; then
		finding fail "$name: kernel log is not clean:"
		echo "$bad" | head -n 20 | sed 's/^/#   /'
		# the first report as the console has it (its stack trace
		# included), so that a run whose machine is gone can be read
		first=${bad%%:*}
		echo "#   console from line $first ($console):"
		sed -n "$first,$((first + 49))p" "$scratch/console" |
			sed 's/^/#   | /'
	else
		finding ok "$name: kernel log clean (no panic, oops, BUG, WARNING, report, stall)"
	fi
}

# result_names TAP: the name of every top-level result, in order.
result_names() {
	clean "$1" | awk '
	/^ok[ \t]/ { print $3; next }
	/^not ok[ \t]/ { print $4 }'
}

# check_names NAME TAP SELECTED: the results name the selected tests, in
# order (a guest that ran a different set of the same size is not green).
check_names() {
	result_names "$2" > "$scratch/ran"
	clean "$3" | grep -av '^[[:space:]]*$' > "$scratch/selected"
	cmp -s "$scratch/ran" "$scratch/selected" && return 0
	# a count that differs has had its finding already
	[ "$(wc -l < "$scratch/ran")" -eq "$(wc -l < "$scratch/selected")" ] || return 0
	sort "$scratch/ran" > "$scratch/ran.sorted"
	sort "$scratch/selected" > "$scratch/selected.sorted"
	missing=$(comm -13 "$scratch/ran.sorted" "$scratch/selected.sorted" | tr '\n' ' ')
	extra=$(comm -23 "$scratch/ran.sorted" "$scratch/selected.sorted" | tr '\n' ' ')
	if [ -z "$missing$extra" ]; then
		finding fail "$1: the guest ran the selected tests in another order"
	else
		finding fail "$1: the guest's results are not the selected tests:${missing:+ never reported: $missing}${extra:+ not selected: $extra}"
	fi
}

# check_exit NAME RESULTS: the run's end as init reported it.  init writes
# "# guest-boot: NONCE" before the runner starts and "# guest-exit: RC
# boot=NONCE" after it ended, NONCE a random UUID read once from
# /proc/sys/kernel/random/uuid and kept in init's shell: no test can know
# it, so a test that prints a guest-exit line cannot pass for init.
check_exit() {
	: > "$scratch/results"
	[ -f "$2" ] && clean "$2" > "$scratch/results"
	exits=$(grep -ac '^# guest-exit:' "$scratch/results")
	if [ "$exits" -eq 0 ]; then
		finding fail "$1: the guest never reported: it panicked, hung or timed out"
		return
	fi
	boot=$(sed -n '1s/^# guest-boot: \([0-9a-fA-F-]\{16,\}\)$/\1/p' "$scratch/results")
	last=$(grep -av '^[[:space:]]*$' "$scratch/results" | tail -n 1)
	exit_rc=$(printf '%s\n' "$last" | sed -n "s/^# guest-exit: \([0-9][0-9]*\) boot=$boot\$/\1/p")
	if [ -z "$boot" ] || [ "$(grep -ac '^# guest-boot:' "$scratch/results")" -ne 1 ]; then
		finding fail "$1: the stream does not start with init's one '# guest-boot: NONCE' line: its guest-exit line cannot be told from a test's"
	elif [ -z "$exit_rc" ]; then
		finding fail "$1: the last line is not init's guest-exit line (with this boot's nonce): a test printed it, or the run went on after it:"
		grep -an '^# guest-exit:' "$scratch/results" | sed 's/^/#   /'
	elif [ "$exits" -ne 1 ]; then
		finding fail "$1: guest-exit lines that init did not write (a test printed them):"
		grep -an '^# guest-exit:' "$scratch/results" | sed 's/^/#   /'
	else
		[ "$exit_rc" = 0 ] || [ "$stream_failed" -gt 0 ] ||
			finding fail "$1: guest run exited $exit_rc without reporting a failure"
		check_taint "$1" "$boot"
		check_kmemleak "$1" "$boot"
	fi
}

# check_kmemleak NAME NONCE: on a kernel booted with kmemleak=on (the
# debug kernel builds it, off by default), init scans at the end of the
# run and prints "# guest-kmemleak: N leaks
# boot=NONCE (MS ms)" after the report's lines ("# kmemleak| ..."), or
# "# guest-kmemleak: error ... boot=NONCE" when it could not scan.  Any
# leak fails the run, and so does an error, more than one such line of
# init's, or a report with leaks whose count line is missing or says none.
# A run without kmemleak=on prints neither.
check_kmemleak() {
	lines=$(grep -a "^# guest-kmemleak: .* boot=$2\( \|\$\)" "$scratch/results")
	reported=$(grep -ac '^# kmemleak| unreferenced object' "$scratch/results")
	if [ -z "$lines" ]; then
		[ "$reported" -eq 0 ] ||
			finding fail "$1: kmemleak reported $reported leaks without init's count line"
		return
	fi
	if [ "$(printf '%s\n' "$lines" | wc -l)" -ne 1 ]; then
		finding fail "$1: more than one kmemleak line with this boot's nonce:"
		printf '%s\n' "$lines" | sed 's/^/#   /'
		return
	fi
	leaks=$(printf '%s\n' "$lines" | sed -n 's/^# guest-kmemleak: \([0-9][0-9]*\) leaks boot=.*/\1/p')
	if [ -z "$leaks" ]; then
		finding fail "$1: kmemleak did not scan: $lines"
	elif [ "$leaks" -gt 0 ] || [ "$reported" -gt 0 ]; then
		finding fail "$1: kmemleak found $(( leaks > reported ? leaks : reported )) unreferenced objects (leaks):"
		grep -a '^# kmemleak| ' "$scratch/results" | head -n 40 | sed 's/^# kmemleak| /#   /'
	else
		finding ok "$1: kmemleak found no leak ${lines##* boot="$2" }"
	fi
}

# check_taint NAME NONCE: the backstop no pattern list can miss.  init
# prints "# guest-tainted: N boot=NONCE" (N from /proc/sys/kernel/tainted)
# just before its exit line; the kernel sets these bits for what it
# reports, whatever the report's words: W (bit 9) a WARN, D (7) an oops
# or BUG (die), B (5) a bad page (KASAN's reports too), L (14) a soft
# lockup, M (4) a machine check.
check_taint() {
	taint=$(grep -av '^[[:space:]]*$' "$scratch/results" | tail -n 2 | head -n 1 |
		sed -n "s/^# guest-tainted: \([0-9][0-9]*\) boot=$2\$/\1/p")
	if [ -z "$taint" ]; then
		finding fail "$1: init did not report the kernel's taint (a '# guest-tainted: N boot=NONCE' line before its exit line)"
		return
	fi
	why=
	for b in "9|warning (W)" "7|die (D)" "5|bad page (B)" "14|soft lockup (L)" "4|machine check (M)"; do
		[ $(( (taint >> ${b%%|*}) & 1 )) -eq 0 ] || why="${why:+$why, }${b#*|}"
	done
	[ -z "$why" ] ||
		finding fail "$1: the kernel is tainted $taint at the end of the run: $why (the console log has the report)"
}

check_guest() {
	name=$1 dir=$2 sel=$3
	stream_failed=0
	if [ ! -f "$sel" ]; then
		finding fail "$name: the host's selection ($sel) is missing"
		expected=0
	else
		expected=$(clean "$sel" | grep -ac '[^[:space:]]')
		[ "$expected" -gt 0 ] || finding fail "$name: no guest test was selected"
	fi
	check_stream "$name" "$dir/results.log" "$expected" &&
		[ -f "$sel" ] && check_names "$name" "$dir/results.log" "$sel"
	check_exit "$name" "$dir/results.log"
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
need_guest=0 nguests=0
while [ $# -gt 0 ]; do
	case $1 in
	--need-guest) need_guest=1; shift ;;
	--stream)
		[ $# -ge 4 ] || { echo "verdict.sh: --stream NAME TAP RC" >&2; exit 2; }
		stream_failed=0
		check_stream "$2" "$3" && check_rc "$2" "$4"
		shift 4 ;;
	--guest)
		[ $# -ge 4 ] || { echo "verdict.sh: --guest NAME DIR SELECTED" >&2; exit 2; }
		check_guest "$2" "$3" "$4"
		nguests=$((nguests + 1))
		shift 4 ;;
	--left-out)
		[ $# -ge 2 ] || { echo "verdict.sh: --left-out TEXT" >&2; exit 2; }
		left_out="${left_out:+$left_out; }$2"
		shift 2 ;;
	*) echo "verdict.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done
[ $need_guest -eq 0 ] || [ $nguests -gt 0 ] ||
	finding fail "no guest test ran: this check judged no guest run"
echo "$passed passed, $failed failed${left_out:+ (left out: $left_out)}"
[ "$failed" -eq 0 ]
