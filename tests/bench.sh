#!/bin/sh
# The guest side of `make bench`: costs measured side by side in one boot,
# printed as ratios (absolute times under TCG on a shared host are noise).
#
#  1. Reading memory.dentry_unused must not walk dentries: a cgroup with
#     100x more unused dentries must read in about the same time.
#  2. What being in a memcg costs dentry allocation: negative lookups from
#     a child memcg against the root cgroup.  That is 6.1's kmem accounting;
#     the series adds nothing to the allocation and lookup paths, so the
#     ratio is the same as on vanilla 6.1 (which one boot cannot show).
#  3. force_slab_shrink scales with what it frees: "all" on 10x the
#     dentries takes about 10x as long, and costs about what drop_caches
#     costs for the same population.
MEMCG=/sys/fs/cgroup/memory
DATA=/mnt/data

# now_cs: centiseconds since boot
now_cs() {
	read -r up _ < /proc/uptime
	echo "${up%.*}${up#*.}" | sed 's/^0*//;s/^$/0/'
}

# timed CMD...: run CMD, print the centiseconds it took
timed() {
	_t0=$(now_cs)
	"$@" > /dev/null
	echo $(($(now_cs) - _t0))
}

# ratio A B: A/B with two decimals
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) b = 1; printf "%.2f", a / b }'
}

# shellcheck disable=SC2317 # called through timed
reads() {
	_i=0
	while [ "$_i" -lt "$2" ]; do
		cat "$MEMCG/$1/memory.dentry_unused" > /dev/null
		_i=$((_i + 1))
	done
}

# shellcheck disable=SC2317,SC2016 # called through timed; inner shell
fill() {
	sh -c 'echo $$ > "$0/cgroup.procs"; i=1; while [ $i -le "$2" ]; do [ -e "$1/nx$i" ]; i=$((i + 1)); done' \
		"$MEMCG/$1" "$2" "$3"
}

mkdir -p "$MEMCG/small" "$MEMCG/big" "$DATA/small" "$DATA/big"
fill small "$DATA/small" 1000
fill big "$DATA/big" 100000
echo "# unused: small $(awk '$1 == "unused" { print $2 }' "$MEMCG/small/memory.dentry_unused"), big $(awk '$1 == "unused" { print $2 }' "$MEMCG/big/memory.dentry_unused")"
s=$(timed reads small 300)
b=$(timed reads big 300)
echo "bench read_dentry_unused big/small (100x dentries): $(ratio "$b" "$s")  (${b}cs / ${s}cs for 300 reads)"

# Interleaved rounds, each in a directory of its own, so that neither side
# finds the other's negative dentries already cached.
mkdir -p "$MEMCG/look"
r=0 c=0
for round in 1 2; do
	mkdir -p "$DATA/root$round" "$DATA/memcg$round"
	r=$((r + $(timed fill "" "$DATA/root$round" 25000)))
	c=$((c + $(timed fill look "$DATA/memcg$round" 25000)))
done
echo "bench negative_lookups memcg/root (50000 new names each): $(ratio "$c" "$r")  (${c}cs / ${r}cs)"

mkdir -p "$MEMCG/s10" "$MEMCG/s100" "$DATA/s10" "$DATA/s100"
fill s10 "$DATA/s10" 10000
fill s100 "$DATA/s100" 100000
a=$(timed sh -c "echo all > $MEMCG/s10/memory.force_slab_shrink")
b=$(timed sh -c "echo all > $MEMCG/s100/memory.force_slab_shrink")
echo "bench force_all 100k/10k dentries: $(ratio "$b" "$a")  (${b}cs / ${a}cs)"
fill s100 "$DATA/s100" 100000
sync
d=$(timed sh -c "echo 2 > /proc/sys/vm/drop_caches")
fill s100 "$DATA/s100" 100000
f=$(timed sh -c "echo all > $MEMCG/s100/memory.force_slab_shrink")
echo "bench force_all/drop_caches (100k dentries): $(ratio "$f" "$d")  (${f}cs / ${d}cs)"
exit 0
