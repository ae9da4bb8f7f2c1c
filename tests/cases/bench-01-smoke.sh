#!/bin/sh
# Claim: `make bench` produces every figure it announces.  Run with tiny
# populations (BENCH_SMOKE=1), the guest side of the benchmark
# (tests/bench.sh: P1-P4 and P6-P8, then P5 as each side) finishes, and
# tests/bench/summarize.awk, which makes the host's table, finds samples
# for every figure, each positive with min <= median <= max, percentages
# within 0..100, and a value for every ratio.  It checks the plumbing, not
# the numbers: P5's two sides both run on this kernel here.
# hierarchy: v1
. "$(dirname "$0")/../lib.sh"
need_file "" memory.force_slab_shrink
need_tool benchtime

here=$(cd "$(dirname "$0")/.." && pwd)
out=/tmp/bench-smoke.$$
run_part() {
	BENCH_SMOKE=1 BENCH_PART=$1 BENCH_SIDE=$2 BENCH_ROUND=1 \
		sh "$here/bench.sh" >> "$out" 2>&1 ||
		{ tail -n 20 "$out"; fail "bench.sh part $1 ($2) failed"; }
	grep -q "^bench-done $1" "$out" || fail "bench.sh part $1 did not finish"
}
: > "$out"
run_part main patched
run_part p5 patched
run_part p5 vanilla
grep -c '^bench-sample' "$out" | sed 's/^/samples: /'
awk -v check=1 -f "$here/bench/summarize.awk" "$out" > "$out.table" ||
	{ cat "$out.table"; rm -f "$out" "$out.table"; fail "the table has missing or insane figures"; }
rm -f "$out" "$out.table"

# BENCH_INSNS=1 (make bench-insns): each timed call of P5 passes benchtime
# -m (its marks are NOPs without the plugin) and is named, one bench-mark
# line a sample, in the order the plugin counts them
BENCH_SMOKE=1 BENCH_PART=p5 BENCH_SIDE=patched BENCH_ROUND=1 BENCH_INSNS=1 \
	sh "$here/bench.sh" > "$out" 2>&1 ||
	{ tail -n 20 "$out"; fail "bench.sh part p5 with BENCH_INSNS=1 failed"; }
marks=$(grep '^bench-mark ' "$out" | awk '{ print $2 }' | tr '\n' ' ')
samples=$(grep '^bench-sample P5-' "$out" | awk '{ print $2 }' | tr '\n' ' ')
diag "marked phases: $marks"
expect_ne "$marks" "" "the phases marked"
expect_eq "$marks" "$samples" "the phases marked, against P5's samples"
rm -f "$out"

# With a function profiler in the kernel (the guest kernels of both
# series have one), P2's profiled rounds too (BENCH_PROFILE=1): the
# profiles parse (tests/bench/profile.awk), and they show what the series
# promises: "all" walks the memcg's lists itself (shrink_dcache_memcg),
# with no shrinker (no super_cache_scan), where drop_caches goes through
# the superblock shrinker.
if [ -e "$TRACING/function_profile_enabled" ]; then
	# shellcheck disable=SC2016 # expanded by the undo's sh
	at_exit sh -c 'echo 0 > "$0"' "$TRACING/function_profile_enabled"
	BENCH_SMOKE=1 BENCH_PART=main BENCH_ONLY=p2 BENCH_PROFILE=1 \
		sh "$here/bench.sh" > "$out" 2>&1 ||
		{ tail -n 20 "$out"; fail "bench.sh with BENCH_PROFILE=1 failed"; }
	awk -f "$here/bench/profile.awk" "$out" > "$out.prof"
	grep -q '^== P2-all against P2-drop' "$out.prof" ||
		{ head -n 20 "$out.prof"; fail "profile.awk: no P2-all against P2-drop"; }
	# calls LABEL FUNCTION: FUNCTION's hits in LABEL's profile (0: none)
	calls() {
		awk -v l="$1" -v f="$2" '$1 == "bench-profile" && $2 == l && $3 == f { n += $4 }
			END { print n + 0 }' "$out"
	}
	diag "profiled: shrink_dcache_memcg $(calls P2-all shrink_dcache_memcg) and super_cache_scan $(calls P2-all super_cache_scan) calls in all, super_cache_scan $(calls P2-drop super_cache_scan) in drop_caches"
	expect_gt "$(calls P2-all shrink_dcache_memcg)" 0 "calls of shrink_dcache_memcg in all's profile"
	expect_eq "$(calls P2-all super_cache_scan)" 0 "calls of super_cache_scan in all's profile"
	expect_gt "$(calls P2-drop super_cache_scan)" 0 "calls of super_cache_scan in drop_caches' profile"
	rm -f "$out" "$out.prof"
else
	diag "no function profiler in this kernel: the profiled rounds are not run"
fi
pass
