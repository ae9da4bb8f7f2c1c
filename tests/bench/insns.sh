#!/bin/sh
# insns.sh --kernel BZIMAGE [--vanilla BZIMAGE] --initrd CPIO --out DIR
#
# `make bench-insns`: what the series costs in instructions, not in TCG's
# time.  Under TCG the same work times several percent apart in kernels
# whose code only sits at other addresses (which jumps QEMU can chain, which
# functions cross a page), so P5's timed ratios cannot resolve a cost of a
# few percent; the instructions the guest executes do not move with the
# layout.  This boots each kernel with tests/bench/insns.so, a
# TCG plugin that counts the instructions every vCPU executes (kernel and
# user) between the marks benchtime -m makes around its timed work, on
# single-threaded TCG (the plugin's counters are exact there) and without
# KASLR (so that System.map names the addresses):
#   p5, p5-v2   P5's churn, lookups and limit reclaim (tests/bench.sh), on
#               the patched and on the vanilla kernel, cgroup v1 and v2
#   p2          P2's `all` against drop_caches, on the patched kernel
#               (so --vanilla is needed only with p5 or p5-v2)
# and prints DIR/insns.txt: each phase's instructions and their ratio,
# patched / vanilla (P2: all / drop_caches), and the functions whose
# instructions differ most between the two sides, from System.map beside
# each bzImage (build/kernel*/System.map).
# INSNS_PARTS="p5 p5-v2 p2" (the default) picks parts; BENCH_SCALE=N as for
# make bench; INSNS_BOOTS=N boots of each kernel for P5 (default 2: the
# spread of two boots of one kernel is the count's noise: the order of
# interrupts, which node and CPU a task runs on, hash chains that depend
# on where objects were allocated); INSNS_TOP=N functions a phase
# (default 15); INSNS_AGAIN=1 counts again from DIR's earlier boots.
set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
kernel='' vanilla='' initrd='' out=''
while [ $# -gt 0 ]; do
	case "$1" in
	--kernel) kernel=$2; shift 2 ;;
	--vanilla) vanilla=$2; shift 2 ;;
	--initrd) initrd=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	*) echo "insns.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done
if [ -z "$kernel" ] || [ -z "$initrd" ] || [ -z "$out" ]; then
	echo "insns.sh: --kernel, --initrd and --out are required" >&2
	exit 2
fi
scale=${BENCH_SCALE:-1}
# the Makefile's bench-insns target has this default too (INSNS_VANILLA)
parts=${INSNS_PARTS:-p5 p5-v2 p2}
ntop=${INSNS_TOP:-15} boots=${INSNS_BOOTS:-2}
for v in "$scale" "$ntop" "$boots"; do
	case "$v" in
	'' | *[!0-9]* | 0)
		echo "insns.sh: BENCH_SCALE, INSNS_TOP and INSNS_BOOTS must be positive integers" >&2
		exit 2 ;;
	esac
done
need_vanilla=''
for p in $parts; do
	case "$p" in
	p5 | p5-v2) need_vanilla=1 ;;
	p2) ;;
	*) echo "insns.sh: INSNS_PARTS: unknown part '$p' (p5, p5-v2, p2)" >&2; exit 2 ;;
	esac
done
# only P5 boots the vanilla kernel
if [ -n "$need_vanilla" ] && [ -z "$vanilla" ]; then
	echo "insns.sh: INSNS_PARTS names P5 ($parts): --vanilla is required" >&2
	exit 2
fi
# System.map of the tree a bzImage was built in (O=DIR/arch/x86/boot/bzImage)
map_of() {
	_m=$(dirname "$1")/../../../System.map
	[ -f "$_m" ] || { echo "insns.sh: no System.map beside $1 ($_m)" >&2; exit 2; }
	echo "$_m"
}
kmap=$(map_of "$kernel") vmap=''
[ -z "$need_vanilla" ] || vmap=$(map_of "$vanilla")

again=${INSNS_AGAIN:-0}
case "$again" in
0) rm -rf "$out" ;;
1) ;;
*) echo "insns.sh: INSNS_AGAIN must be 0 or 1" >&2; exit 2 ;;
esac
mkdir -p "$out"
rm -f "$out/insns.txt"
plugin=$out/insns.so
gcc -std=c11 -Wall -Wextra -Werror -O2 -shared -fPIC -fvisibility=hidden \
	-o "$plugin" "$top/tests/bench/insns.c" -lpthread
start=$(date +%s)

# boot NAME BZIMAGE APPEND: one guest under the plugin; DIR/NAME/ holds its
# console.log and the plugin's counts.txt
boot() {
	echo "== $1 ($(($(date +%s) - start)) s)"
	[ "$again" = 1 ] && [ -f "$out/$1/counts.txt" ] && { check_boot "$1"; return; }
	mkdir -p "$out/$1"
	"$top"/qemu/boot.sh --kernel "$2" --initrd "$initrd" --run bench \
		--tcg single --plugin "$plugin,out=$out/$1/counts.txt" \
		--out "$out/$1" --timeout 3600 --append "nokaslr bench_insns=1 $3" |
		grep --line-buffered -E '^(# |bench: )' || true
	rm -f "$out/$1"/*.img
	check_boot "$1"
}

# check_boot NAME: the guest ended well and the plugin counted every phase
check_boot() {
	if ! grep -q '^# guest-exit: 0' "$out/$1/console.log"; then
		echo "insns.sh: the $1 guest failed; see $out/$1/console.log" >&2
		exit 1
	fi
	nl=$(grep -c '^bench-mark ' "$out/$1/console.log" || true)
	np=$(grep -c '^phase ' "$out/$1/counts.txt" || true)
	if [ "$nl" -eq 0 ] || [ "$nl" != "$np" ]; then
		echo "insns.sh: $1: $nl phases named, $np counted" >&2
		exit 1
	fi
}

# phases NAME MAP: "LABEL FUNCTION INSNS" for each phase of boot NAME, the
# blocks' addresses named by MAP's text symbols ([user] below the kernel),
# "LABEL @total INSNS" and "LABEL @blocks BLOCKS_RUN"
phases() {
	{
		grep '^bench-mark ' "$out/$1/console.log" |
			awk '{ print "L", NR, $2 }'
		awk '$1 == "phase" { print "P", $2, $3, $4 }
			$1 == "tb" { print "B", $2, $3, $4 }' "$out/$1/counts.txt"
	} | awk '
		$1 == "L" { label[$2] = $3; next }
		$1 == "P" { print label[$2], "@total", $3
			    print label[$2], "@blocks", $4; next }
		{ print $3, "T", label[$2], $4 }' > "$out/$1/blocks"
	grep -v -e ' @total ' -e ' @blocks ' "$out/$1/blocks" |
		cat - "$2" | awk 'NF == 4 && $2 == "T" { print; next }
			$2 ~ /^[tTwW]$/ { print $1, "S", $3 }' |
		LC_ALL=C sort -k1,1 -k2,2 |
		awk '$2 == "S" { fn = $3; next }
			{ f = ($1 < "ffff800000000000") ? "[user]" : fn
			  n[$3 " " f] += $4 }
			END { for (k in n) print k, n[k] }'
	grep -e ' @total ' -e ' @blocks ' "$out/$1/blocks"
}

# compare A B TITLE FILE...: the phases of FILEs whose labels end in -A
# against those that end in -B and are otherwise the same
# (P5-lookup-patched against P5-lookup-vanilla, P2-all against P2-drop):
# instructions, each side's spread over its boots or rounds (largest /
# smallest: what runs the same work twice differ by, the noise floor), the
# ratio of the sums, and that of the translated blocks run (what TCG
# dispatches: more of them for the same instructions is code that QEMU cut
# into more pieces, e.g. where it crosses a page); then the functions that
# differ most (sums)
compare() {
	_a=$1 _b=$2 _t=$3
	shift 3
	cat "$@" | awk -v a="$_a" -v b="$_b" -v title="$_t" -v ntop="$ntop" '
		function spread(side, s) {
			return lo[side, s] ? hi[side, s] / lo[side, s] : 0
		}
		{
			side = $1; sub(/.*-/, "", side); s = $1; sub(/-[^-]*$/, "", s)
			if (side != a && side != b) next
			n[side, s, $2] += $3; stems[s] = 1
			if ($2 == "@blocks") next
			if ($2 != "@total") { fns[s, $2] = 1; next }
			runs[side, s]++
			if (!lo[side, s] || $3 < lo[side, s]) lo[side, s] = $3
			if ($3 > hi[side, s]) hi[side, s] = $3
		}
		END {
			printf "%s\n\n", title
			printf "| phase | %s (runs) | %s (runs) | %s spread | %s spread | ratio | blocks run, ratio |\n", a, b, a, b
			printf "|---|---|---|---|---|---|---|\n"
			for (s in stems)
				printf "| %s | %.0f (%d) | %.0f (%d) | %.4f | %.4f | **%.4f** | %.4f |\n", s,
					n[a, s, "@total"], runs[a, s], n[b, s, "@total"], runs[b, s],
					spread(a, s), spread(b, s),
					n[b, s, "@total"] ? n[a, s, "@total"] / n[b, s, "@total"] : 0,
					n[b, s, "@blocks"] ? n[a, s, "@blocks"] / n[b, s, "@blocks"] : 0
			for (s in stems) {
				printf "\n%s: the functions whose instructions differ most\n\n", s
				printf "| function | %s | %s | difference |\n|---|---|---|---|\n", a, b
				m = 0
				for (k in fns) {
					split(k, kk, SUBSEP)
					if (kk[1] != s) continue
					d = n[a, s, kk[2]] - n[b, s, kk[2]]
					f[++m] = kk[2]; ad[m] = d < 0 ? -d : d
				}
				# the ntop largest differences, largest first
				for (i = 1; i <= ntop && i <= m; i++) {
					best = i
					for (j = i + 1; j <= m; j++)
						if (ad[j] > ad[best]) best = j
					t = f[i]; f[i] = f[best]; f[best] = t
					t = ad[i]; ad[i] = ad[best]; ad[best] = t
					printf "| %s | %.0f | %.0f | %+.0f |\n", f[i], n[a, s, f[i]],
						n[b, s, f[i]], n[a, s, f[i]] - n[b, s, f[i]]
				}
			}
		}'
}

for p in $parts; do
	case "$p" in
	p5 | p5-v2)
		hier=v1 app='' && [ "$p" = p5-v2 ] && hier=v2 app=cgroup=v2
		i=1
		while [ "$i" -le "$boots" ]; do
			for side in patched vanilla; do
				if [ "$side" = patched ]; then k=$kernel m=$kmap; else k=$vanilla m=$vmap; fi
				boot "$p-$side-$i" "$k" \
					"bench=p5 bench_side=$side bench_round=$i bench_scale=$scale $app"
				phases "$p-$side-$i" "$m" > "$out/$p-$side-$i.fn"
			done
			i=$((i + 1))
		done
		compare patched vanilla "## $p (cgroup $hier, scale $scale, $boots boots a kernel): instructions, patched / vanilla" \
			"$out/$p-patched-"*.fn "$out/$p-vanilla-"*.fn >> "$out/insns.txt"
		;;
	p2)
		boot p2 "$kernel" "bench=main bench_only=p2 bench_scale=$scale"
		phases p2 "$kmap" > "$out/p2.fn"
		compare all drop "## p2 (cgroup v1, patched kernel, scale $scale): instructions, all / drop_caches, every round's summed" \
			"$out/p2.fn" >> "$out/insns.txt"
		;;
	esac
	echo >> "$out/insns.txt"
done
echo "== done in $(($(date +%s) - start)) s; $out/insns.txt"
cat "$out/insns.txt"
