#!/bin/sh
# run.sh [--no-build] [--out DIR]
#
# Upstream's cgroup v2 selftests (test_core, test_kmem, test_memcontrol from
# the same 6.1 tree) on the vanilla kernel (build/vanilla-kernel: same tree
# and config, no series) and on the patched one (build/kernel), each booted
# with cgroup_no_v1=all and init's run=selftests (tests/selftests/guest.sh).
# Prints TAP: one result per upstream test, "ok" when both kernels pass it,
# "not ok" when the verdicts differ or both fail; then one result per
# kernel for a clean kernel log; then pass/fail/skip counts per kernel.
# Builds what it needs through make unless --no-build.  Exit 0 when every
# result is ok.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/build/selftests-run build=1
while [ $# -gt 0 ]; do
	case "$1" in
	--no-build) build=0; shift ;;
	--out) out=$2; shift 2 ;;
	*) echo "run.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done
patched=${KERNEL:-$top/build/kernel/arch/x86/boot/bzImage}
vanilla=${VKERNEL:-$top/build/vanilla-kernel/arch/x86/boot/bzImage}
initrd=${INITRD:-$top/build/initramfs.cpio.gz}
# one guest run takes about 3 min under TCG; this leaves room for a slow host
timeout=${SELFTESTS_TIMEOUT:-1200}

if [ $build = 1 ]; then
	# the binaries first: initramfs/build.sh packs build/selftests
	"$top"/tests/selftests/build.sh >&2 || exit 1
	make -s -C "$top" kernel vanilla-kernel initramfs >&2 || exit 1
fi
rm -rf "$out"
mkdir -p "$out"

# verdicts KERNEL: boot it and write "binary/test verdict" lines
for k in vanilla patched; do
	case $k in
	vanilla) image=$vanilla ;;
	*) image=$patched ;;
	esac
	start=$(date +%s)
	"$top"/qemu/boot.sh --kernel "$image" --initrd "$initrd" --run check \
		--out "$out/$k" --timeout "$timeout" \
		--append "run=selftests cgroup_no_v1=all" > /dev/null 2>&1
	echo "# $k: guest ran $(($(date +%s) - start)) s" >&2
	sed -n 's/^SELFTEST: \([a-z_]*\): \(not ok\|ok\) [0-9]* \(.*\)$/\1 \2 \3/p' \
		"$out/$k/results.log" | awk '{
		bin = $1; ok = ($2 == "ok"); $1 = ""; $2 = ""; if (!ok) $3 = ""
		line = $0; sub(/^ +/, "", line)
		verdict = ok ? "pass" : "fail"
		if (line ~ /# SKIP/) verdict = "skip"
		sub(/ *# .*/, "", line)
		print bin "/" line, verdict
	}' > "$out/$k.verdicts"
done

echo "TAP version 13"
n=$(cat "$out/vanilla.verdicts" "$out/patched.verdicts" | cut -d' ' -f1 | sort -u | wc -l)
echo "1..$((n + 2))"
i=0 bad=0
# shellcheck disable=SC2013 # test names have no blanks
for name in $(cat "$out/vanilla.verdicts" "$out/patched.verdicts" | cut -d' ' -f1 | awk '!seen[$0]++'); do
	i=$((i + 1))
	v=$(awk -v n="$name" '$1 == n { print $2 }' "$out/vanilla.verdicts")
	p=$(awk -v n="$name" '$1 == n { print $2 }' "$out/patched.verdicts")
	if [ "$v" != "$p" ]; then
		echo "not ok $i - $name # verdicts differ: vanilla ${v:-missing}, patched ${p:-missing}"
		bad=$((bad + 1))
	elif [ "$v" = pass ]; then
		echo "ok $i - $name"
	elif [ "$v" = skip ]; then
		echo "ok $i - $name # SKIP on both kernels"
	else
		echo "not ok $i - $name # fails on both kernels"
		bad=$((bad + 1))
	fi
done
for k in vanilla patched; do
	i=$((i + 1))
	log=$out/$k/console.log
	if ! grep -q '^# guest-exit: ' "$out/$k/results.log"; then
		echo "not ok $i - $k guest finished # panicked, hung or timed out: $log"
		bad=$((bad + 1))
		continue
	fi
	dirty=$(grep -E 'Kernel panic|Oops|BUG:|WARNING:|general protection|soft lockup|hard LOCKUP|blocked for more than|rcu: INFO|Call Trace' "$log" | head -n 5)
	if [ -n "$dirty" ]; then
		echo "not ok $i - $k kernel log clean"
		echo "$dirty" | sed 's/^/#   /'
		bad=$((bad + 1))
	else
		echo "ok $i - $k kernel log clean"
	fi
done
for k in vanilla patched; do
	awk -v k="$k" '{ c[$2]++ } END {
		printf "# %s: %d pass, %d fail, %d skip\n", k, c["pass"], c["fail"], c["skip"] }' \
		"$out/$k.verdicts"
done
[ $bad -eq 0 ]
