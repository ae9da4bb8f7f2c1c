#!/bin/sh
# check.sh --kernel BZIMAGE --initrd CPIO --out DIR [--tests "WORD..."]
#          [--debug-kernel BZIMAGE [--debug-tests "WORD..."]]
#
# The host side of `make check`.  Runs every producer of results, each
# into a TAP file under DIR with its exit status beside it:
#   lint       checkpatch --strict on every patch
#   sh-lint    every shell script through shellcheck
#   harness    the host tests of this harness (verdict.sh on made-up runs)
#   cgtools    the cgtools host tests
#   series     the build checks of the series (not with --tests, nor with
#              SERIES_CHECK=0)
#   guest      the guest tests, booted once in QEMU (KTAP on ttyS1)
#   debug      with --debug-kernel: the guest tests that exercise the
#              series, and the stress test, on the debug kernel (KASAN,
#              lockdep, ...): DEBUG_TESTS words, or --tests when given
#   fsck-NAME  after each guest run: e2fsck -fn and xfs_repair -n of its
#              scratch disk images (tests/stress/fsck-images.sh), which
#              the guest unmounted before powering off
# then hands them all to verdict.sh, which counts them, checks that each
# can be believed, judges the kernel log and prints "N passed, N failed".
# Exits non-zero on any failure, and when the guest panics, hangs or never
# reports (hard timeout CHECK_TIMEOUT, default 1800 s).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
kernel='' initrd='' out='' pattern='' timeout=${CHECK_TIMEOUT:-1800}
debug_kernel='' debug_tests=${DEBUG_TESTS:-}
# what the debug kernel boots with (see the debug guest run below)
DEBUG_CMDLINE=${DEBUG_CMDLINE:-acpi=noirq}
while [ $# -gt 0 ]; do
	case "$1" in
	--kernel) kernel=$2; shift 2 ;;
	--initrd) initrd=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	--tests) pattern=$2; shift 2 ;;
	--debug-kernel) debug_kernel=$2; shift 2 ;;
	--debug-tests) debug_tests=$2; shift 2 ;;
	*) echo "check.sh: unknown argument: $1" >&2; exit 2 ;;
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
if [ -z "$pattern" ] && [ "${SERIES_CHECK:-1}" != 0 ]; then
	stage series "build checks of the series" \
		"$top"/tests/host/series-check.sh /usr/src/linux-source-6.1.tar.xz \
		"$top/build/series" "$top/qemu/kernel.config"
fi

# guest NAME TITLE KERNEL WORDS [CMDLINE]: boot KERNEL and run the guest
# tests matching WORDS (all when empty), CMDLINE added to its command line.
guest() {
	name=$1 title=$2 bz=$3 words=$4 extra=${5:-}
	# shellcheck disable=SC2086 # words
	selected=$(select_cases "$top/tests" $words | grep -c .)
	echo "== $title: $selected tests"
	s=$(date +%s)
	"$top"/qemu/boot.sh --kernel "$bz" --initrd "$initrd" --run check \
		--out "$out/$name" --timeout "$timeout" \
		--append "${words:+tests=$(echo "$words" | tr ' ' ,)} $extra"
	echo "== $title: $(( $(date +%s) - s )) s"
	verdict_args="$verdict_args --guest $name $out/$name $selected"
	stage "fsck-$name" "file system check of the $title' disk images" \
		"$top"/tests/stress/fsck-images.sh "$out/$name"
}
guest guest "guest tests" "$kernel" "$pattern"
if [ -n "$debug_kernel" ]; then
	# acpi=noirq: under KASAN and lockdep, TCG takes about 30 s to run
	# the ACPI _PRT methods that route each PCI device's interrupt, in
	# one stretch without a reschedule, and the soft-lockup detector
	# panics the boot; the legacy PIRQ table routes them as well.
	guest debug "guest tests on the debug kernel" "$debug_kernel" \
		"${pattern:-$debug_tests}" "$DEBUG_CMDLINE"
fi

echo "== verdict"
# shellcheck disable=SC2086 # word list built above, paths without blanks
"$top"/tests/host/verdict.sh $verdict_args
