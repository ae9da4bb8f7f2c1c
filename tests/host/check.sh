#!/bin/sh
# check.sh --kernel BZIMAGE --initrd CPIO --out DIR [--tests "PATTERN..."]
#
# The host side of `make check`: lint the series and run the host unit
# tests (both TAP); unless SERIES_CHECK=0 or --tests is given, check that
# every prefix of the series builds; boot the guest to run the guest tests
# (KTAP on ttyS1); then count every result and judge the kernel log.  Prints
# each result as it comes and ends with "N passed, N failed[, N skipped]";
# exits 1 on any failure, a guest that never reports (panic, hang, timeout)
# or a kernel log that shows a panic, oops, BUG or WARNING.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
kernel='' initrd='' out='' pattern='' timeout=${CHECK_TIMEOUT:-1800}
while [ $# -gt 0 ]; do
	case "$1" in
	--kernel) kernel=$2; shift 2 ;;
	--initrd) initrd=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	--tests) pattern=$2; shift 2 ;;
	*) echo "check.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done
rm -rf "$out"
mkdir -p "$out"

echo "== checkpatch --strict on patches/"
"$top"/tests/host/lint.sh "$top/build/linux-source-6.1" | tee "$out/lint.tap"

echo "== host unit tests (cgtools)"
if [ -f "$top/cgtools/Makefile" ]; then
	make -s -C "$top/cgtools" test 2>&1 | tee "$out/host.tap"
else
	: > "$out/host.tap"
fi

: > "$out/series.tap"
if [ -z "$pattern" ] && [ "${SERIES_CHECK:-1}" != 0 ]; then
	echo "== build checks of the series"
	"$top"/tests/host/series-check.sh /usr/src/linux-source-6.1.tar.xz \
		"$top/build/series" "$top/qemu/kernel.config" | tee "$out/series.tap"
fi

echo "== guest tests"
start=$(date +%s)
"$top"/qemu/boot.sh --kernel "$kernel" --initrd "$initrd" --run check \
	--out "$out/guest" --timeout "$timeout" \
	${pattern:+--append "tests=$(echo "$pattern" | tr ' ' ,)"}
end=$(date +%s)
echo "== guest ran $((end - start)) s"

# Count top-level results of every TAP/KTAP stream.
count() {
	awk '
	/^ok [0-9]+/ && / # SKIP/ { skip++; next }
	/^ok [0-9]+/ { pass++; next }
	/^not ok [0-9]+/ { fail++; next }
	END { printf "%d %d %d\n", pass, fail, skip }' "$@"
}
# shellcheck disable=SC2046 # three numbers
set -- $(count "$out/lint.tap" "$out/host.tap" "$out/series.tap" \
	"$out/guest/results.log")
passed=$1 failed=$2 skipped=$3

results=$out/guest/results.log
console=$out/guest/console.log
if ! grep -q '^# guest-exit: ' "$results"; then
	echo "not ok - guest never reported: it panicked, hung or timed out (see $console)"
	failed=$((failed + 1))
else
	plan=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$results" | head -n 1)
	# shellcheck disable=SC2046 # three numbers
	set -- $(count "$results")
	got=$(($1 + $2 + $3))
	if [ "${plan:-0}" != "$got" ]; then
		echo "not ok - guest planned ${plan:-no} tests and reported $got"
		failed=$((failed + 1))
	fi
fi
bad=$(grep -nE 'Kernel panic|Oops|BUG:|WARNING:|general protection fault|soft lockup|hard LOCKUP|blocked for more than|Call Trace' "$console")
if [ -n "$bad" ]; then
	echo "not ok - kernel log is not clean:"
	echo "$bad" | head -n 20 | sed 's/^/#   /'
	failed=$((failed + 1))
else
	echo "ok - kernel log clean (no panic, oops, BUG or WARNING)"
	passed=$((passed + 1))
fi

if [ "$skipped" -gt 0 ]; then
	echo "$passed passed, $failed failed, $skipped skipped"
else
	echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
