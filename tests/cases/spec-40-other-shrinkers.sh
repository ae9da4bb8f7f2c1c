# Claim: memory.slab_reclaim_stat's scanned and reclaimed keys count every
# memcg-aware shrinker's objects on this memcg's lists, not only dentries
# and inodes: here the page cache's shadow nodes (the workingset shrinker's
# list_lru, memcg-aware), which dentry_reclaimed and inode_reclaimed leave
# out.  A task of spec40 writes FILES files of PAGES pages each (xarray
# nodes charged to spec40: one a file, four and their parent on 6.1's
# guest, whose BASE_SMALL nodes hold 16 slots); page reclaim of spec40 with slab
# shrinking of dentries and inodes kept out (vm.vfs_cache_pressure=0)
# evicts their pages, leaving shadow entries, and each node, holding only
# shadow entries, goes on spec40's shadow node list; that reclaim and
# drop_caches of the slab after it, still with vfs_cache_pressure 0, free
# them.  The objects freed from spec40's lists that are neither dentries
# nor inodes, (limit_reclaimed + global_reclaimed) - dentry_reclaimed -
# inode_reclaimed, are then at least half the FILES nodes, and no more
# than the kernel's count of shadow nodes reclaimed (/proc/vmstat's
# workingset_nodereclaim; on v2, exactly spec40's own, its memory.stat
# workingset_nodereclaim); no dentry or inode was reclaimed.
#
# Why the superblock shrinker stays off through the drop_caches: its
# inode pass invalidates an unused inode's page cache, shadow entries
# included, which frees the nodes without the shadow shrinker (nothing
# counts them).  The shadow shrinker (seeks 0) adds half its count a
# call and scans once that sum reaches the count (the second call, under
# a batch), and counts a memcg's nodes against memcg stats that can be
# up to 2 s stale: a drop_caches may only defer,
# and with the superblock shrinker on, that drop_caches' inode pass left
# the next nothing to free (6.12: 2 runs of 9 freed no node).  So
# drop_caches is written until the kernel has reclaimed the nodes, a
# second apart, at most DROP_TRIES times.
#
# Wrong kernels this catches: one that counts only the superblock
# shrinker's objects (shown on a 6.1 build whose do_shrink_slab() counted
# only the superblocks' shrinkers: no object besides dentries and inodes
# counted, where the series counts the FILES nodes; and, as the test is
# now, on a 6.12 build that counted only shrinkers with seeks: 0 counted,
# 38 shadow nodes reclaimed), or counts another shrinker's objects in
# dentry_reclaimed or inode_reclaimed.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

FILES=40
PAGES=64	# one xarray node of 64 slots a file
STAT_FLUSH_S=5	# seconds for memory.stat's periodic flush (every 2 s)
DROP_TRIES=10

need_file "" memory.slab_reclaim_stat
calm_memory
cg_create spec40
d=$(test_dir)
stat "$d" > /dev/null || fail "stat $d"

# shellcheck disable=SC2016 # expanded by the inner shell
cg_run spec40 sh -c 'i=1; while [ $i -le "$1" ]; do
	dd if=/dev/zero of="$0/w$i" bs=4096 count="$2" 2> /dev/null || exit 1
	i=$((i + 1)); done' "$d" $FILES $PAGES || fail "write the files in spec40"
sync
diag "page cache of spec40: $(cg_page_cache spec40) bytes"

# /proc/vmstat lags the per-cpu counts until they are folded
nodereclaim() {
	echo 1 > /proc/sys/vm/stat_refresh || fail "write 1 to stat_refresh"
	vmstat workingset_nodereclaim
}
n0=$(nodereclaim)
[ "$CG_HIER" = v2 ] && m0=$(cg_read_key spec40 memory.stat workingset_nodereclaim)
s0=$(cg_read spec40 memory.slab_reclaim_stat)
set_value /proc/sys/vm/vfs_cache_pressure 0
cg_reclaim_all spec40
diag "page cache of spec40 after its reclaim: $(cg_page_cache spec40) bytes"
i=0
while n1=$(nodereclaim) && [ $((n1 - n0)) -lt $((FILES / 2)) ] &&
	[ $i -lt $DROP_TRIES ]; do
	[ $i -eq 0 ] || sleep 1
	echo 2 > /proc/sys/vm/drop_caches || fail "write 2 to drop_caches"
	i=$((i + 1))
done
echo 100 > /proc/sys/vm/vfs_cache_pressure || fail "vfs_cache_pressure 100"
s1=$(cg_read spec40 memory.slab_reclaim_stat)
n1=$(nodereclaim)
diag "drop_caches of the slab written $i times"

other=$(( $(delta_of "$s0" "$s1" limit_reclaimed) + $(delta_of "$s0" "$s1" global_reclaimed) -
	$(delta_of "$s0" "$s1" dentry_reclaimed) - $(delta_of "$s0" "$s1" inode_reclaimed) ))
diag "spec40: limit_reclaimed +$(delta_of "$s0" "$s1" limit_reclaimed), global_reclaimed +$(delta_of "$s0" "$s1" global_reclaimed), dentry_reclaimed +$(delta_of "$s0" "$s1" dentry_reclaimed), inode_reclaimed +$(delta_of "$s0" "$s1" inode_reclaimed): $other other objects; workingset_nodereclaim +$((n1 - n0))"
expect_eq $(( $(delta_of "$s0" "$s1" dentry_reclaimed) + $(delta_of "$s0" "$s1" inode_reclaimed) )) 0 \
	"dentries and inodes reclaimed from spec40 with vfs_cache_pressure 0"
expect_ge "$other" $((FILES / 2)) "objects freed from spec40's lists besides dentries and inodes (its files' shadow nodes)"
expect_le "$other" $((n1 - n0)) "those objects against the shadow nodes the kernel reclaimed"
if [ "$CG_HIER" = v2 ]; then
	# 6.12's memory.stat folds the per-cpu counts only past a threshold
	# of updates, or in its periodic flush (every 2 s): wait for it
	i=0
	while m1=$(cg_read_key spec40 memory.stat workingset_nodereclaim) &&
		[ $((m1 - m0)) -lt "$other" ] && [ $i -lt $((STAT_FLUSH_S * 10)) ]; do
		sleep 0.1
		i=$((i + 1))
	done
	expect_eq "$other" $((m1 - m0)) "those objects against spec40's workingset_nodereclaim"
fi
pass
