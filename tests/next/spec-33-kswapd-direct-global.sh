# Claim: global reclaim counts as global_* whoever runs it, kswapd or a
# task in direct reclaim, not only drop_caches: under memory pressure from
# the root cgroup (a tmpfs filled OVERFILL_MB past the free memory above
# the min watermarks, no swap, page cache dropped first: spec33's dentries
# are nearly all that can be reclaimed, and more than enough, so nothing
# is OOM-killed), kswapd (and the filling task's direct reclaim, when the
# fill outruns kswapd) free spec33's negative dentries on the XFS disk, and
# spec33's global_reclaimed grows by what they freed from its lists, while
# its limit_* and forced_* keys stay at 0.
#
# What kswapd and direct reclaim freed is told by the vmscan trace events:
# the end event of each superblock shrinker call (super_cache_scan) carries
# what it freed and the task that ran it.  Only spec33 and the root have
# memcg lists then, so those frees, summed, are spec33's global_reclaimed
# delta plus at most the root's.
#
# Wrong kernels this catches: one that counts global reclaim only in
# drop_caches, or counts kswapd's frees (or direct reclaim's) as limit_* or
# nowhere.  Whether direct reclaim runs at all depends on the host's
# timing (allocstall rose by 1 in one run of two, and freed little): a
# kernel that counts only direct reclaim's frees wrongly is caught only
# when that share exceeds the root's own frees.  Not yet a test of direct
# reclaim that cannot miss.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

POPULATION=200000	# spec33's negative dentries on XFS (~40 MB)
OVERFILL_MB=12		# tmpfs filled this far below the min watermarks: reclaim
			# must free that much, under a third of spec33's dentries
XFS=/mnt/xfs
TRACING=/sys/kernel/tracing
START=$TRACING/events/vmscan/mm_shrink_slab_start
END=$TRACING/events/vmscan/mm_shrink_slab_end
FILL=/tmp/spec33.fill

need_file "" memory.slab_reclaim_stat
need_file "" memory.force_slab_shrink
need_file "" memory.dentry_unused
[ -d $END ] || fail "no trace event $END (tracefs and vmscan events in the guest kernel?)"
grep -q " $XFS xfs " /proc/mounts || fail "no XFS at $XFS"
[ -d $START ] || fail "no trace event $START"

# shellcheck disable=SC2317 # run by the EXIT trap
cleanup33() {
	_cleanup
	echo 0 > "$START/enable"
	echo 0 > "$END/enable"
	echo 0 > "$END/filter"
	echo > "$TRACING/trace"
	umount "$FILL" 2>/dev/null
	rmdir "$FILL" 2>/dev/null
	rm -rf "$XFS/spec33.$$"
}
trap cleanup33 EXIT

calm_memory
cg_create spec33
d=$XFS/spec33.$$
mkdir "$d" || fail "mkdir $d"
xfs_dev=$(awk -v m=$XFS '$5 == m { print $3 }' /proc/self/mountinfo)
cg_lookup_many spec33 "$d" $POPULATION
u0=$(cg_read_key spec33 memory.dentry_unused "sb:$xfs_dev")
root_xfs=$(awk -v k="sb:$xfs_dev" '$1 == k { n = $2 } END { print n + 0 }' $MEMCG/memory.dentry_unused)
diag "spec33: $u0 unused on XFS ($xfs_dev); the root: $root_xfs"
expect_ge "$u0" $POPULATION "spec33's unused dentries on XFS"

s0=$(cg_read spec33 memory.slab_reclaim_stat)
r0=$(cg_read "" memory.slab_reclaim_stat)
alloc0=$(awk '/^allocstall/ { n += $2 } END { print n + 0 }' /proc/vmstat)
echo > $TRACING/trace
echo 'retval > 0' > $END/filter || fail "filter $END"
echo 1 > $END/enable || fail "enable $END"
{ mkdir -p $FILL && mount -t tmpfs -o size=2g tmpfs $FILL; } || fail "mount tmpfs at $FILL"
# Free pages above the min watermarks, over every zone, in MB.
free_mb=$(awk '$1 == "pages" && $2 == "free" { f += $3 } $1 == "min" { m += $2 }
	END { print int((f - m) * 4 / 1024) }' /proc/zoneinfo)
fill=$((free_mb + OVERFILL_MB))
# Should the sizing be wrong after all, the OOM killer takes the filler.
sh -c 'echo 1000 > /proc/self/oom_score_adj && exec dd if=/dev/zero of="$0" bs=1M count="$1" 2> /dev/null' \
	$FILL/fill $fill || fail "fill $fill MB of tmpfs (killed: $(vmstat oom_kill) OOM kills so far)"
echo 0 > $END/enable
s1=$(cg_read spec33 memory.slab_reclaim_stat)
r1=$(cg_read "" memory.slab_reclaim_stat)
alloc1=$(awk '/^allocstall/ { n += $2 } END { print n + 0 }' /proc/vmstat)
sums=$(awk '/mm_shrink_slab_end: super_cache_scan/ {
	split($1, c, "-"); r = 0
	for (i = 1; i < NF; i++) if ($i == "return" && $(i + 1) == "val") r = $(i + 2)
	if (c[1] ~ /^kswapd/) k += r; else { o += r; who[c[1]] = 1 }
} END { w = ""; for (t in who) w = w t ","; print k + 0, o + 0, w }' $TRACING/trace)
kswapd=${sums%% *} rest=${sums#* }
direct=${rest%% *} tasks=${rest#* }
gr=$(delta_of "$s0" "$s1" global_reclaimed)
rgr=$(delta_of "$r0" "$r1" global_reclaimed)
diag "filled $fill MB ($free_mb free above min); allocstall +$((alloc1 - alloc0)); superblock shrinkers freed $kswapd in kswapd, $direct in direct reclaim ($tasks); global_reclaimed +$gr in spec33, +$rgr in the root, global_scanned +$(delta_of "$s0" "$s1" global_scanned)"

expect_gt "$kswapd" 0 "objects kswapd freed from superblock lists"
expect_gt "$gr" 0 "spec33's global_reclaimed delta"
# Everything kswapd and direct reclaim freed from superblock lists was
# spec33's but what the root's own lists gave.
expect_ge "$gr" $((kswapd + direct - rgr)) "spec33's global_reclaimed delta against kswapd's and direct reclaim's frees"
expect_le "$gr" $((kswapd + direct)) "spec33's global_reclaimed delta against kswapd's and direct reclaim's frees"
expect_ge "$(delta_of "$s0" "$s1" global_scanned)" "$gr" "spec33's global_scanned delta"
for key in limit_scanned limit_reclaimed forced_scanned forced_reclaimed; do
	expect_eq "$(delta_of "$s0" "$s1" $key)" 0 "spec33's $key delta"
done
pass
