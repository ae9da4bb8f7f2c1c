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
pass
