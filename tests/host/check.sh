#!/bin/sh
# check.sh --kernel BZIMAGE --initrd CPIO --out DIR [--tests "WORD..."]
#          [--guest-tests "WORD..."] [--hier "v1 v2"]
#          [--debug-kernel BZIMAGE [--debug-build CMD] [--debug-tests "WORD..."]]
#
# The host side of `make check`.  Runs every producer of results, each
# into a TAP file under DIR with its exit status beside it:
#   lint       checkpatch --strict on every patch
#   sh-lint    every shell script through shellcheck
#   harness    the host tests of this harness (verdict.sh on made-up runs)
#   cgtools    the cgtools host tests
#   series     the build checks of the series (not with --tests, nor with
#              SERIES_CHECK=0)
#   guest      the guest tests, booted once in QEMU (KTAP on ttyS1) on
#              cgroup v1: the --guest-tests words, or --tests when given
#   guest-v2   the same on cgroup v2 (cgroup=v2 on the command line)
#   nokmem     the nokmem-* tests, booted with cgroup.memory=nokmem
#   debug      with --debug-kernel: the guest tests that exercise the
#              series, and the stress test, on the debug kernel (KASAN,
#              lockdep, ...): DEBUG_TESTS words, or --tests when given
#   debug-v2   the same on cgroup v2
#   Each guest run is of the tests for its hierarchy (select.sh); --hier
#   keeps the runs of the hierarchies named (default "v1 v2").  With
#   --tests, a hierarchy none of whose tests match is left out.
#   fsck-NAME  after each guest run: e2fsck -fn and xfs_repair -n of its
#              scratch disk images (tests/stress/fsck-images.sh), which
#              the guest unmounted before powering off
#   select-NAME  one result per selection word of a guest run (T=,
#              FAST_TESTS, DEBUG_TESTS): a word matching no test fails
# then hands them all to verdict.sh, which counts them, checks that each
# can be believed (a guest's results must name the tests selected here),
# judges the kernel log and prints "N passed, N failed", followed by what
# was left out on purpose (T=, SERIES_CHECK=0, DEBUG_CHECK=0).
# Exits non-zero on any failure, and when the guest panics, hangs or never
# reports (hard timeout CHECK_TIMEOUT, default 1800 s).
#
# A guest under TCG keeps about one of two host cores busy on average
# (`make check` measured 121% CPU in all), so the builds run beside the
# guests, in the background at nice 19, where the guests leave the CPU
# idle: the debug kernel's build (--debug-build CMD, which must leave
# the debug kernel's BZIMAGE) during the first guest run, then the
# series' build checks during the debug kernel's run.  At nice 19 they
# take next to nothing from a guest that wants both cores.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
kernel='' initrd='' out='' pattern='' timeout=${CHECK_TIMEOUT:-1800}
guest_tests='' debug_kernel='' debug_build='' debug_tests=${DEBUG_TESTS:-}
hiers='v1 v2'
# what the debug kernel boots with (see the debug guest run below)
DEBUG_CMDLINE=${DEBUG_CMDLINE:-acpi=noirq}
while [ $# -gt 0 ]; do
	case "$1" in
	--kernel) kernel=$2; shift 2 ;;
	--initrd) initrd=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	--tests) pattern=$2; shift 2 ;;
	--guest-tests) guest_tests=$2; shift 2 ;;
	--debug-build) debug_build=$2; shift 2 ;;
	--debug-kernel) debug_kernel=$2; shift 2 ;;
	--debug-tests) debug_tests=$2; shift 2 ;;
	--hier) hiers=$2; shift 2 ;;
	*) echo "check.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done
# a typo must not leave every guest run out of a green run
[ -n "$hiers" ] || { echo "check.sh: --hier: no hierarchy (v1, v2)" >&2; exit 2; }
for h in $hiers; do
	case "$h" in
	v1|v2) ;;
	*) echo "check.sh: --hier: '$h' is not v1 or v2" >&2; exit 2 ;;
	esac
done
if [ -z "$kernel" ] || [ -z "$initrd" ] || [ -z "$out" ]; then
	echo "check.sh: --kernel, --initrd and --out are required" >&2
	exit 2
fi
rm -rf "$out"
mkdir -p "$out"
# shellcheck source=tests/select.sh
. "$top/tests/select.sh"

# stage NAME TITLE CMD...: run CMD, show its output as it comes, keep it
# in DIR/NAME.tap and its exit status in DIR/NAME.rc.
stage() {
	name=$1 title=$2
	shift 2
	echo "== $title"
	s=$(date +%s)
	{ "$@"; echo $? > "$out/$name.rc"; } 2>&1 | tee "$out/$name.tap"
	echo "== $title: $(( $(date +%s) - s )) s"
	verdict_args="$verdict_args --stream $name $out/$name.tap $out/$name.rc"
}
verdict_args=

stage lint "checkpatch --strict on patches/" \
	"$top"/tests/host/lint.sh "$top/build/linux-source-6.1"
stage sh-lint "shellcheck on every shell script" "$top"/tests/host/shellcheck.sh
stage harness "host tests of the harness" "$top"/tests/host/test-harness.sh
stage cgtools "host tests of cgtools" make -s -C "$top/cgtools" test

# The background chain: the debug kernel's build, then the series' build
# checks, one after the other (each wants both cores when it has them).
# debug-build.rc appears when the first is done, series.rc at the end.
series=0
if [ -z "$pattern" ] && [ "${SERIES_CHECK:-1}" != 0 ]; then
	series=1
fi
(
	if [ -n "$debug_kernel" ] && [ -n "$debug_build" ]; then
		s=$(date +%s)
		nice -n 19 sh -c "$debug_build" > "$out/debug-build.log" 2>&1
		echo $? > "$out/debug-build.rc.tmp"
		echo "$(( $(date +%s) - s ))" > "$out/debug-build.time"
		mv "$out/debug-build.rc.tmp" "$out/debug-build.rc"
	fi
	if [ $series -eq 1 ]; then
		s=$(date +%s)
		nice -n 19 "$top"/tests/host/series-check.sh /usr/src/linux-source-6.1.tar.xz \
			"$top/build/series" "$top/qemu/kernel.config" > "$out/series.tap" 2>&1
		echo $? > "$out/series.rc.tmp"
		echo "$(( $(date +%s) - s ))" > "$out/series.time"
		mv "$out/series.rc.tmp" "$out/series.rc"
	fi
) < /dev/null &
chain=$!
[ -n "$debug_kernel" ] && [ -n "$debug_build" ] &&
	echo "== debug kernel: building in the background (nice 19): $out/debug-build.log"

# selection NAME WORDS: the stream select-NAME, one result per selection
# word (a word that matches no test fails: a renamed test must not leave
# the run silently), and DIR/NAME.selected, the names the guest must report;
# of the tests for hierarchy CG_HIER.
selection() {
	# shellcheck disable=SC2086 # words
	select_names "$top/tests" $2 > "$out/$1.selected"
	[ -n "$2" ] || return 0
	# shellcheck disable=SC2086 # words
	select_tap "$top/tests" $2 > "$out/select-$1.tap"
	echo $? > "$out/select-$1.rc"
	grep '^not ok' "$out/select-$1.tap"
	verdict_args="$verdict_args --stream select-$1 $out/select-$1.tap $out/select-$1.rc"
}

# guest NAME TITLE KERNEL WORDS HIER [CMDLINE]: boot KERNEL on cgroup
# HIER (v1, v2) and run the guest tests for HIER matching WORDS (all when
# empty), CMDLINE added to its command line.  Not a boot: HIER is not in
# --hier, or --tests selects none of HIER's tests (and some of another's).
guest() {
	name=$1 title=$2 bz=$3 words=$4 hier=$5 extra=${6:-}
	case " $hiers " in
	*" $hier "*) ;;
	*) leave "the $title (--hier $hiers)"; return 0 ;;
	esac
	export CG_HIER="$hier"
	# shellcheck disable=SC2086 # words
	if [ -n "$pattern" ] && [ -z "$(select_names "$top/tests" $words)" ] &&
		[ -n "$(CG_HIER='' select_names "$top/tests" $words)" ]; then
		leave "the $title (T= selects none of its tests)"
		unset CG_HIER
		return 0
	fi
	selection "$name" "$words"
	unset CG_HIER
	selected=$(grep -c . "$out/$name.selected")
	echo "== $title: $selected tests"
	s=$(date +%s)
	"$top"/qemu/boot.sh --kernel "$bz" --initrd "$initrd" --run check \
		--out "$out/$name" --timeout "$timeout" \
		--append "${words:+tests=$(echo "$words" | tr ' ' ,)} cgroup=$hier $extra"
	echo "== $title: $(( $(date +%s) - s )) s"
	verdict_args="$verdict_args --guest $name $out/$name $out/$name.selected"
	stage "fsck-$name" "file system check of the $title' disk images" \
		"$top"/tests/stress/fsck-images.sh "$out/$name"
}
# What this run left out on purpose goes on verdict.sh's last line.
left_out=
leave() { left_out="$left_out|$1"; }

guest guest "guest tests" "$kernel" "${pattern:-$guest_tests}" v1
guest guest-v2 "guest tests on cgroup v2" "$kernel" "${pattern:-$guest_tests}" v2
# With kmem accounting off every dentry and inode is on the root's lists:
# the nokmem-* tests need a boot of their own, with cgroup.memory=nokmem.
# The other runs leave them out (FAST_TESTS, DEBUG_TESTS); with T= the
# boot is left out too.
[ -z "$pattern" ] &&
	guest nokmem "guest tests with kmem accounting off" "$kernel" \
		"nokmem-" v1 "cgroup.memory=nokmem"
if [ -n "$debug_kernel" ]; then
	build_ok=1
	if [ -n "$debug_build" ]; then
		echo "== debug kernel: waiting for its build"
		while [ ! -e "$out/debug-build.rc" ] && kill -0 "$chain" 2> /dev/null; do
			sleep 2
		done
		echo "== debug kernel: built in $(cat "$out/debug-build.time" 2> /dev/null || echo '?') s"
		{
			if [ "$(cat "$out/debug-build.rc" 2> /dev/null)" = 0 ] && [ -f "$debug_kernel" ]; then
				echo "ok 1 the debug kernel builds"
			else
				tail -n 40 "$out/debug-build.log" | sed 's/^/# /'
				echo "not ok 1 the debug kernel builds"
				build_ok=0
			fi
			echo "1..1"
		} > "$out/debug-build.tap"
		cat "$out/debug-build.tap"
		echo 0 > "$out/debug-build-stream.rc"
		verdict_args="$verdict_args --stream debug-build $out/debug-build.tap $out/debug-build-stream.rc"
	fi
	# acpi=noirq: under KASAN and lockdep, TCG takes about 30 s to run
	# the ACPI _PRT methods that route each PCI device's interrupt, in
	# one stretch without a reschedule, and the soft-lockup detector
	# panics the boot; the legacy PIRQ table routes them as well.
	if [ $build_ok -eq 1 ]; then
		guest debug "guest tests on the debug kernel" "$debug_kernel" \
			"${pattern:-$debug_tests}" v1 "$DEBUG_CMDLINE"
		guest debug-v2 "guest tests on the debug kernel on cgroup v2" \
			"$debug_kernel" "${pattern:-$debug_tests}" v2 "$DEBUG_CMDLINE"
	fi
fi
wait "$chain"
if [ $series -eq 1 ]; then
	echo "== build checks of the series (in the background, $(cat "$out/series.time" 2> /dev/null || echo '?') s)"
	cat "$out/series.tap"
	verdict_args="$verdict_args --stream series $out/series.tap $out/series.rc"
fi

if [ -n "$pattern" ]; then
	total=$(select_names "$top/tests" | grep -c .)
	leave "$((total - $(cat "$out"/guest*.selected 2> /dev/null | sort -u | grep -c .))) of $total guest tests (T=$pattern)"
	leave "the series' build checks (T=)"
	leave "the boot with kmem accounting off (T=)"
elif [ $series -eq 0 ]; then
	leave "the series' build checks (SERIES_CHECK=0)"
fi
[ -n "$debug_kernel" ] ||
	leave "the debug kernel's tests (DEBUG_CHECK=0${pattern:+, the default with T=})"

echo "== verdict"
set --
IFS='|'
set -f
for l in ${left_out#|}; do
	set -- "$@" --left-out "$l"
done
set +f
unset IFS
# shellcheck disable=SC2086 # word list built above, paths without blanks
"$top"/tests/host/verdict.sh $verdict_args "$@"
