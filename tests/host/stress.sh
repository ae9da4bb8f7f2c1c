#!/bin/sh
# stress.sh --kernel BZIMAGE --initrd CPIO --out DIR --duration SECONDS
#           [--debug-kernel BZIMAGE] [--append "CMDLINE"]
#
# The host side of `make stress DURATION=N [DEBUG=1]`: the stress test
# (tests/cases/stress-01-parallel.sh) alone, for N seconds, on the patched
# kernel, then with --debug-kernel on the debug kernel too; after each
# guest run, fsck-images.sh on its disk images.  verdict.sh judges it all
# as under `make check` (plan, guest exit, qemu status, kernel log, fsck)
# and prints "N passed, N failed"; exits non-zero on any failure.
#
# The guest gets stress_duration=N and test_timeout=T on its command line
# (init exports TEST_TIMEOUT for run-guest.sh): T = N + STRESS_SLACK
# (default 600 s: set-up, the test's grace for the last operations, the
# clean-up after it, and a debug kernel's slowness), unless TEST_TIMEOUT
# is set.  The hard qemu timeout is T + 600 s for boot and power-off.
# --append adds to every guest's command line (cgroup=v2, mglru=off, ...).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
kernel='' initrd='' out='' duration='' debug_kernel='' append=''
while [ $# -gt 0 ]; do
	case "$1" in
	--kernel) kernel=$2; shift 2 ;;
	--initrd) initrd=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	--duration) duration=$2; shift 2 ;;
	--debug-kernel) debug_kernel=$2; shift 2 ;;
	--append) append=$2; shift 2 ;;
	*) echo "stress.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done
if [ -z "$kernel" ] || [ -z "$initrd" ] || [ -z "$out" ] || [ -z "$duration" ]; then
	echo "stress.sh: --kernel, --initrd, --out and --duration are required" >&2
	exit 2
fi
case $duration in
''|*[!0-9]*|0) echo "stress.sh: --duration must be a positive number of seconds" >&2; exit 2 ;;
esac
test_timeout=${TEST_TIMEOUT:-$((duration + ${STRESS_SLACK:-600}))}
hard_timeout=$((test_timeout + 600))
rm -rf "$out"
mkdir -p "$out"
# the one test the guest must report, by name
# shellcheck source=tests/select.sh
. "$top/tests/select.sh"
select_names "$top/tests" stress-01 > "$out/selected"
[ "$(grep -c . "$out/selected")" -eq 1 ] ||
	{ echo "stress.sh: want exactly one test named stress-01, found: $(cat "$out/selected")" >&2; exit 2; }

verdict_args=
run() {	# run NAME TITLE BZIMAGE [CMDLINE]
	name=$1 title=$2 bz=$3 extra="$append ${4:-}"
	echo "== $title: stress-01 for $duration s (test timeout $test_timeout s)${append:+, $append}"
	s=$(date +%s)
	"$top"/qemu/boot.sh --kernel "$bz" --initrd "$initrd" --run check \
		--out "$out/$name" --timeout "$hard_timeout" \
		--append "tests=stress-01 stress_duration=$duration test_timeout=$test_timeout $extra"
	echo "== $title: $(( $(date +%s) - s )) s"
	verdict_args="$verdict_args --guest $name $out/$name $out/selected"
	echo "== file system check of the $title disk images"
	{ "$top"/tests/stress/fsck-images.sh "$out/$name"; echo $? > "$out/fsck-$name.rc"; } \
		2>&1 | tee "$out/fsck-$name.tap"
	verdict_args="$verdict_args --stream fsck-$name $out/fsck-$name.tap $out/fsck-$name.rc"
}
run stress "stress on the patched kernel" "$kernel"
if [ -n "$debug_kernel" ]; then
	# shellcheck source=qemu/debug-cmdline.sh
	. "$top/qemu/debug-cmdline.sh"
	run debug "stress on the debug kernel" "$debug_kernel" "$DEBUG_CMDLINE"
fi
echo "== verdict"
# shellcheck disable=SC2086 # word list built above, paths without blanks
"$top"/tests/host/verdict.sh $verdict_args
