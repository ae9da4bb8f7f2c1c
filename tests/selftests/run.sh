#!/bin/sh
# run.sh [--no-build] [--out DIR]
#
# Upstream's cgroup v2 selftests (test_core, test_kmem, test_memcontrol from
# the kernel's own tree, 6.1 or 6.12) on the vanilla kernel (the same tree
# and config, no series) and on the patched one (KERNEL, VKERNEL), each booted
# with cgroup_no_v1=all and init's run=selftests (tests/selftests/guest.sh).
#
# Prints TAP: one result per upstream test, "ok" when both kernels pass it,
# "ok ... # SKIP" when both skip it for a reason listed in EXPLAINED below
# or when EXPLAINED lists it as unreliable (its verdicts are shown, not
# judged), "not ok" when the verdicts differ, when both fail, or when
# vanilla skips or fails without a listed reason; then, per kernel, one
# result for a
# complete run (every binary reported its plan, all its results and its
# exit) and one for a clean kernel log.  Writes DIR/table.txt (test,
# vanilla verdict, patched verdict) and prints it as diagnostics, then
# pass/fail/skip counts per kernel.  A skip is never counted as a pass.
# Builds what it needs through make unless --no-build (KERNEL, VKERNEL and
# INITRD override the images).  Exit 0 when every result is ok.
# Takes about 1 min of TCG guest time per kernel.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/stress/log-patterns.sh
. "$top/tests/stress/log-patterns.sh"
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
# one guest run takes about 1 min under TCG; this leaves room for a slow host
timeout=${SELFTESTS_TIMEOUT:-1200}
BINARIES="test_core test_kmem test_memcontrol"
# transparent_hugepage=never: the guest's THP is "always", as Debian's,
# and upstream's test_memcg_reclaim and test_memcg_swap_max_peak then fail
# on vanilla 6.12 in every run (2 of 2, MGLRU on and off; patched alike):
# their 50 MB of anonymous memory comes in huge pages and memory.reclaim
# and memory.max do not bring it to their bounds.  With base pages both
# pass, so they still judge the reclaim paths the series touches.  6.1's
# guest has THP "always" too, as Debian's 6.1: the same for both kernels.
SELFTESTS_CMDLINE=${SELFTESTS_CMDLINE-transparent_hugepage=never}

# Upstream tests that cannot decide a run in this guest, one per line:
# "binary/test KIND reason".  KIND "skip": it may skip on both kernels
# (never fail, never differ).  KIND "fails": upstream's test fails on the
# vanilla kernel for the reason given; it must fail on the patched one
# too (a TAP TODO), and any other pair of verdicts fails the run.  KIND
# "unreliable": its verdicts on either kernel are reported in the table
# and counts but judged neither way (a TAP skip, which no one counts as
# a pass).  Anything else that does not pass on vanilla, or differs,
# fails the run.
EXPLAINED='test_core/test_cgcore_no_internal_process_constraint_on_threads skip needs the cpu controller (CONFIG_CGROUP_SCHED), which the guest kernel leaves out: it would rebuild every object for one skip
test_kmem/test_kmem_memcg_deletion unreliable its bound (64 pages per CPU) is below what 6.1 leaves between memory.current and the summed memory.stat here: 360-630 KiB against 512 KiB, on vanilla (failed 8 of 14 runs) and patched (4 of 14) alike; upstream discusses the same false failures (lore, March 2026)
test_kmem/test_percpu_basic fails compares memory.current of a parent of 1000 children with its percpu stat alone, within 512 KiB; since 6.10 every memcg also charges its vmstats and per-node lruvec_stats (slab, GFP_KERNEL_ACCOUNT) to its parent, about 4.4 KiB a child on this 2-node guest: 12.1 MB against 7.7 MB on vanilla 6.12 in every run (6.1 passes)'

if [ $build = 1 ]; then
	# the binaries first: initramfs/build.sh packs build/selftests
	"$top"/tests/selftests/build.sh >&2 || exit 1
	make -s -C "$top" kernel vanilla-kernel initramfs >&2 || exit 1
fi
for f in "$patched" "$vanilla" "$initrd"; do
	[ -f "$f" ] || { echo "run.sh: $f is missing" >&2; exit 2; }
done
rm -rf "$out"
mkdir -p "$out"

# Boot each kernel; KERNEL.verdicts gets "binary/test pass|fail|skip"
# lines, KERNEL.runs "binary plan results exit" (plan and exit "-" when
# the binary never printed them).  A result line that a forked child
# repeats would count twice: guest.sh gives the binaries a terminal.
for k in vanilla patched; do
	case $k in
	vanilla) image=$vanilla ;;
	*) image=$patched ;;
	esac
	start=$(date +%s)
	"$top"/qemu/boot.sh --kernel "$image" --initrd "$initrd" --run check \
		--out "$out/$k" --timeout "$timeout" \
		--append "run=selftests cgroup_no_v1=all $SELFTESTS_CMDLINE" > /dev/null 2>&1
	echo "# $k: guest ran $(($(date +%s) - start)) s" >&2
	awk -v verdicts="$out/$k.verdicts" -v runs="$out/$k.runs" -v bins="$BINARIES" '
	BEGIN { nb = split(bins, order, " ") }
	/^SELFTEST-BEGIN: / { bin = $2; plan[bin] = "-"; ex[bin] = "-"; n[bin] = 0; next }
	/^SELFTEST-EXIT: / { if ($2 == bin) ex[bin] = $3; bin = ""; next }
	bin == "" { next }
	/^1\.\.[0-9]+/ { p = $0; sub(/^1\.\./, "", p); plan[bin] = p + 0; next }
	/^(not )?ok [0-9]+ / {
		ok = ($1 == "ok")
		line = $0
		sub(/^(not )?ok [0-9]+ /, "", line)
		verdict = ok ? "pass" : "fail"
		if (line ~ /^# *(SKIP|skip)/) {
			verdict = ok ? "skip" : "fail"
			sub(/^# *(SKIP|skip) */, "", line)
		}
		sub(/ *#.*$/, "", line)
		print bin "/" line, verdict > verdicts
		n[bin]++
	}
	END {
		for (i = 1; i <= nb; i++) {
			b = order[i]
			if (!(b in plan)) { plan[b] = "-"; ex[b] = "-"; n[b] = 0 }
			print b, plan[b], n[b], ex[b] > runs
		}
		printf "" >> verdicts
	}' "$out/$k/results.log"
done

echo "TAP version 13"
names=$(cat "$out/vanilla.verdicts" "$out/patched.verdicts" | cut -d' ' -f1 | awk '!seen[$0]++')
n=$(echo "$names" | grep -c .)
echo "1..$((n + 4))"
i=0 bad=0
printf '%-64s %-8s %s\n' test vanilla patched > "$out/table.txt"
for name in $names; do
	i=$((i + 1))
	v=$(awk -v n="$name" '$1 == n { print $2 }' "$out/vanilla.verdicts")
	p=$(awk -v n="$name" '$1 == n { print $2 }' "$out/patched.verdicts")
	printf '%-64s %-8s %s\n' "$name" "${v:-missing}" "${p:-missing}" >> "$out/table.txt"
	kind=$(printf '%s\n' "$EXPLAINED" | awk -v n="$name" '$1 == n { print $2 }')
	why=$(printf '%s\n' "$EXPLAINED" | awk -v n="$name" '$1 == n { $1 = ""; $2 = ""; sub(/^ +/, ""); print }')
	if [ "$kind" = unreliable ] && [ -n "$v" ] && [ -n "$p" ]; then
		echo "ok $i - $name # SKIP not judged (vanilla $v, patched $p): unreliable: $why"
	elif [ "$kind" = fails ] && [ "$v" = fail ] && [ "$p" = fail ]; then
		echo "not ok $i - $name # TODO fails on both kernels, as listed: $why"
	elif [ "$v" != "$p" ]; then
		echo "not ok $i - $name # verdicts differ: vanilla ${v:-missing}, patched ${p:-missing}"
		bad=$((bad + 1))
	elif [ "$v" = pass ]; then
		echo "ok $i - $name"
	elif [ "$v" = skip ] && [ "$kind" = skip ]; then
		echo "ok $i - $name # SKIP on both kernels: $why"
	elif [ "$v" = skip ]; then
		echo "not ok $i - $name # skips on both kernels, no reason listed in run.sh"
		bad=$((bad + 1))
	else
		echo "not ok $i - $name # fails on both kernels${why:+ ($why)}"
		bad=$((bad + 1))
	fi
done
for k in vanilla patched; do
	i=$((i + 1))
	if ! grep -q '^# guest-exit: ' "$out/$k/results.log"; then
		echo "not ok $i - $k: every binary ran to its end # the guest panicked, hung or timed out"
		bad=$((bad + 1))
	else
		# every binary: results, as many as its plan if it printed one
		# (6.1's binaries print none), and an exit status of its own
		# (0 or 1, KSFT_PASS or KSFT_FAIL: not a signal, nor a skip of
		# the whole binary)
		short=$(awk '$3 == 0 || ($2 != "-" && $2 != $3) || ($4 != 0 && $4 != 1) {
			printf "%s: plan %s, %s results, exit %s; ", $1, $2, $3, $4 }' "$out/$k.runs")
		if [ -n "$short" ]; then
			echo "not ok $i - $k: every binary ran to its end # $short"
			bad=$((bad + 1))
		else
			echo "ok $i - $k: every binary ran to its end"
		fi
	fi
	i=$((i + 1))
	log=$out/$k/console.log
	# the project's one list, less "Call Trace": every OOM kill the
	# tests cause dumps the stack, and every report has its own header
	dirty=$(grep -E "$KERNEL_LOG_BAD" "$log" 2> /dev/null | grep -v 'Call Trace' | head -n 5)
	if [ ! -s "$log" ]; then
		echo "not ok $i - $k kernel log clean # no kernel log"
		bad=$((bad + 1))
	elif [ -n "$dirty" ]; then
		echo "not ok $i - $k kernel log clean"
		echo "$dirty" | sed 's/^/#   /'
		bad=$((bad + 1))
	else
		echo "ok $i - $k kernel log clean"
	fi
done
sed 's/^/# /' "$out/table.txt"
for k in vanilla patched; do
	awk -v k="$k" '{ c[$2]++ } END {
		printf "# %s: %d pass, %d fail, %d skip\n", k, c["pass"], c["fail"], c["skip"] }' \
		"$out/$k.verdicts"
done
[ $bad -eq 0 ]
