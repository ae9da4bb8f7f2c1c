# Claim: inode_reclaimed counts the inodes that limit reclaim frees from
# this memcg's lists (spec-27 shows the forced and the global origins).  K
# empty files made by a task of spec37 and written back (clean, no page
# cache); a forced shrink of exactly the unused dentries the cgroup has
# frees their dentries (dentries are walked first, and a budget of n frees
# n), which puts the K inodes on spec37's inode LRU.  Then page reclaim of
# spec37 (v1's memory.force_empty, v2's memory.reclaim: the "limit"
# origin), repeated up to PASSES times, must free inodes from that list:
# inode_reclaimed grows, limit_reclaimed grows by at least as much, and no
# global_* key moves (the guest's memory is calmed first).  What limit
# reclaim leaves, a last "all" frees: the inodes freed by the two together
# are exactly K, so none is counted twice or missed.
#
# Wrong kernels this catches: one that counts inodes freed by limit
# reclaim nowhere (shown on a 6.1 build whose prune_icache_sb() counted no
# inode for the limit origin: inode_reclaimed +0 after limit reclaim), or
# counts them as dentries, or counts them to another origin.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

K=500
# limit reclaim rotates an inode that came on the LRU referenced once
# before it frees it: passes of cg_reclaim_all that free the K inodes
PASSES=4

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
calm_memory
cg_create spec37
d=$(test_dir)

cg_make_files spec37 "$d" $K || fail "create $K files in spec37"
sync
u=$(cg_unused spec37)
assert_ge "$u" $K "spec37's unused dentries"
s0=$(cg_read spec37 memory.slab_reclaim_stat)
cg_force spec37 "$u"
s1=$(cg_read spec37 memory.slab_reclaim_stat)
diag "forced $u: dentry_reclaimed +$(delta_of "$s0" "$s1" dentry_reclaimed), inode_reclaimed +$(delta_of "$s0" "$s1" inode_reclaimed)"
expect_eq "$(delta_of "$s0" "$s1" dentry_reclaimed)" "$u" "dentries the forced shrink of $u freed"
expect_eq "$(delta_of "$s0" "$s1" inode_reclaimed)" 0 "inodes the forced shrink of $u freed"

i=0
while [ $i -lt $PASSES ]; do
	cg_reclaim_all spec37
	i=$((i + 1))
	s2=$(cg_read spec37 memory.slab_reclaim_stat)
	[ "$(delta_of "$s1" "$s2" inode_reclaimed)" -lt $K ] || break
done
lim_i=$(delta_of "$s1" "$s2" inode_reclaimed)
lim_r=$(delta_of "$s1" "$s2" limit_reclaimed)
diag "limit reclaim, $i passes: inode_reclaimed +$lim_i, dentry_reclaimed +$(delta_of "$s1" "$s2" dentry_reclaimed), limit_scanned +$(delta_of "$s1" "$s2" limit_scanned), limit_reclaimed +$lim_r"
expect_gt "$lim_i" 0 "inodes limit reclaim freed from spec37's list (inode_reclaimed)"
expect_ge "$lim_r" $((lim_i + $(delta_of "$s1" "$s2" dentry_reclaimed))) \
	"limit_reclaimed against the dentries and inodes limit reclaim freed"
for k in global_scanned global_reclaimed forced_scanned forced_reclaimed; do
	expect_eq "$(delta_of "$s1" "$s2" $k)" 0 "$k delta of limit reclaim"
done

cg_force spec37 all
s3=$(cg_read spec37 memory.slab_reclaim_stat)
diag "then all: inode_reclaimed +$(delta_of "$s2" "$s3" inode_reclaimed)"
expect_eq "$(delta_of "$s1" "$s3" inode_reclaimed)" $K \
	"inodes freed by limit reclaim and the last all together"
pass
