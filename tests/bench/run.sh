#!/bin/sh
# run.sh --kernel BZIMAGE [--vanilla BZIMAGE] --initrd CPIO --out DIR
#
# The host side of `make bench`.  Boots the patched kernel once for P1-P4
# and P6-P9 (tests/bench.sh, bench=main), then the patched and the vanilla
# kernel in turn, BENCH_PAIRS times each (ABBA order, so that drift of the
# shared host cancels), for P5, then each kernel once for P10 (memory:
# its rounds are within the boot); gathers the facts the guests printed into
# DIR/samples.txt and draws from them, on the host:
#   DIR/table.txt   every figure: median, min, max; every ratio against its goal
#   DIR/bench.png   P1's cost against the crowd, and every ratio with its goal
#   DIR/*/console.log   what each guest printed
# BENCH_SCALE=N (default 1) multiplies rounds and populations;
# BENCH_PAIRS=N (default 3) boots each kernel N times for P5: N pairs, pair
# i is patched then vanilla for odd i, vanilla then patched for even i;
# P5's goals are judged on 12 pairs or more (BENCH_PAIRS=12, 24 boots);
# BENCH_PARTS="main p5 p5-v2 p10" (the default) runs only the parts named;
# p5-v2 is P5 again with both kernels booted on cgroup v2 (figures P5v2-*),
# p10-v2 P10 on cgroup v2 (P10v2-*, not in the default);
# p1..p9 other than p5 name parts of main's boot (p1 and p4 run together).
# --vanilla is needed only when P5 or P10 (p5, p5-v2, p10, p10-v2) is
# among the parts.
# BENCH_PROFILE=1 adds an untimed round of P1, P2 and P5 under ftrace's
# function profiler (tests/bench.sh): DIR/profile.txt, each label's
# functions by self time, and the labels that differ only in their last
# word (P2-all/P2-drop, P5-limit-patched/-vanilla) side by side.
set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
kernel='' vanilla='' initrd='' out=''
while [ $# -gt 0 ]; do
	case "$1" in
	--kernel) kernel=$2; shift 2 ;;
	--vanilla) vanilla=$2; shift 2 ;;
	--initrd) initrd=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	*) echo "run.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done
scale=${BENCH_SCALE:-1}
pairs=${BENCH_PAIRS:-3}
# the Makefile's bench target has this default too (BENCH_VANILLA)
parts=${BENCH_PARTS:-main p5 p5-v2 p10}
only='' need_vanilla=''
for p in $parts; do
	case "$p" in
	main) ;;
	p5 | p5-v2 | p10 | p10-v2) need_vanilla=1 ;;
	p[1-4] | p[6-9]) only="$only,$p" ;;
	*) echo "run.sh: BENCH_PARTS: unknown part '$p' (main, p1..p10, p5-v2, p10-v2)" >&2; exit 2 ;;
	esac
done
if [ -z "$kernel" ] || [ -z "$initrd" ] || [ -z "$out" ]; then
	echo "run.sh: --kernel, --initrd and --out are required" >&2
	exit 2
fi
# only P5 and P10 boot the vanilla kernel
if [ -n "$need_vanilla" ] && [ -z "$vanilla" ]; then
	echo "run.sh: BENCH_PARTS names P5 or P10 ($parts): --vanilla is required" >&2
	exit 2
fi
profile=${BENCH_PROFILE:-0}
case "$profile" in
0) prof='' ;;
1) prof=' bench_profile=1' ;;
*) echo "run.sh: BENCH_PROFILE must be 0 or 1" >&2; exit 2 ;;
esac
for v in "$scale" "$pairs"; do
	case "$v" in
	'' | *[!0-9]* | 0)
		echo "run.sh: BENCH_SCALE and BENCH_PAIRS must be positive integers" >&2
		exit 2 ;;
	esac
done

rm -rf "$out"
mkdir -p "$out"
start=$(date +%s)
load0=$(cut -d' ' -f1-3 /proc/loadavg)

# boot NAME BZIMAGE APPEND: one guest; its facts go to DIR/NAME/console.log
boot() {
	echo "== $1 ($(($(date +%s) - start)) s)"
	"$top"/qemu/boot.sh --kernel "$2" --initrd "$initrd" --run bench \
		--out "$out/$1" --timeout 1800 --append "$3" |
		grep --line-buffered -E '^(# |bench: )' || true
	rm -f "$out/$1"/*.img
	if ! grep -q '^# guest-exit: 0' "$out/$1/console.log"; then
		echo "run.sh: the $1 guest failed; see $out/$1/console.log" >&2
		exit 1
	fi
}

case " $parts " in
*" main "*) boot main "$kernel" "bench=main bench_scale=$scale$prof" ;;
*) [ -z "$only" ] ||
	boot main "$kernel" "bench=main bench_scale=$scale bench_only=${only#,}$prof" ;;
esac
# p5_pairs PART APPEND: P5's ABBA boot pairs, APPEND on each command line
p5_pairs() {
	i=1
	while [ "$i" -le "$pairs" ]; do
		if [ $((i % 2)) -eq 1 ]; then order="patched vanilla"; else order="vanilla patched"; fi
		for side in $order; do
			if [ "$side" = patched ]; then k=$kernel; else k=$vanilla; fi
			boot "$1-$side-$i" "$k" \
				"bench=p5 bench_side=$side bench_round=$i bench_scale=$scale$prof $2"
		done
		i=$((i + 1))
	done
}
p5_boots=0
case " $parts " in
*" p5 "*) p5_pairs p5 ""; p5_boots=$((p5_boots + pairs)) ;;
esac
case " $parts " in
*" p5-v2 "*) p5_pairs p5v2 cgroup=v2; p5_boots=$((p5_boots + pairs)) ;;
esac
# P10: one boot of each kernel (its rounds are within the boot), patched
# first
p10_boots() {
	for side in patched vanilla; do
		if [ "$side" = patched ]; then k=$kernel; else k=$vanilla; fi
		boot "$1-$side" "$k" "bench=p10 bench_side=$side bench_scale=$scale $2"
	done
}
case " $parts " in
*" p10 "*) p10_boots p10 "" ;;
esac
case " $parts " in
*" p10-v2 "*) p10_boots p10v2 cgroup=v2 ;;
esac

{
	cat "$out"/*/console.log | grep '^bench-'
	# TCG runs at whatever CPU the shared host leaves it: say how busy it was
	echo "bench-note host load average $load0 at the start, $(cut -d' ' -f1-3 /proc/loadavg) at the end ($(nproc) CPUs); TCG times and their spread grow with it"
	echo "bench-note run time $(($(date +%s) - start)) s; scale $scale, $p5_boots P5 boot pairs (ABBA), $pairs a hierarchy"
} > "$out/samples.txt"
awk -v dat="$out" -f "$top/tests/bench/summarize.awk" "$out/samples.txt" > "$out/table.txt"
if [ "$profile" = 1 ]; then
	cat "$out"/*/console.log | grep '^bench-profile ' |
		awk -f "$top/tests/bench/profile.awk" > "$out/profile.txt"
	echo "== profiles: $out/profile.txt"
fi
"$top"/tests/bench/plot.sh "$out"
echo "== done in $(($(date +%s) - start)) s; $out/table.txt, $out/bench.png"
echo
cat "$out/table.txt"
