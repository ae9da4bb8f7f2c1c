# Claim: a forced shrink touches only memcg lists, never a filesystem's
# whole-filesystem caches (super_operations->free_cached_objects): on XFS,
# A's "all" frees A's own dentries and inodes, and reclaims none of the XFS
# inodes that B's evicted files left in XFS's inode cache (the ig_reclaims
# count of /proc/fs/xfs/stat does not move), so B's XFS inodes survive.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

XFS=/mnt/xfs
FILES=300
SYNCD=/proc/sys/fs/xfs/xfssyncd_centisecs
# XFS's background inode reclaim runs every xfssyncd_centisecs / 6 (5 s by
# default) once it has work; it is queued with the period in force when it
# is queued, so after raising the period wait out one default period.
RECLAIM_PERIOD_S=6

need_file "" memory.force_slab_shrink
grep -q " $XFS xfs " /proc/mounts || fail "no XFS mounted at $XFS"
[ -w $SYNCD ] || fail "no $SYNCD"

ig_reclaims() {
	awk '$1 == "ig" { print $7 }' /proc/fs/xfs/stat
}
xfs_devno() {
	devno_of "$XFS"
}
xfs_unused() {
	awk -v k="sb:$(xfs_devno)" '$1 == k { n = $2 } END { print n + 0 }' \
		"$MEMCG/$1/memory.dentry_unused"
}

dir=$XFS/force04.$$
at_exit rm -rf "$dir"
set_value $SYNCD 720000
sleep $RECLAIM_PERIOD_S

cg_create force04-a
cg_create force04-b
mkdir -p "$dir/a" "$dir/b" || fail "mkdir on $XFS"
cg_make_files force04-b "$dir/b" $FILES
cg_make_files force04-a "$dir/a" $FILES
sync
# B's own "all" evicts B's inodes from the VFS: XFS keeps them in its cache
cg_force force04-b all
r0=$(ig_reclaims)
ua0=$(xfs_unused force04-a)
s0=$(cg_read force04-a memory.slab_reclaim_stat)
cg_force force04-a all
r1=$(ig_reclaims)
ua1=$(xfs_unused force04-a)
s1=$(cg_read force04-a memory.slab_reclaim_stat)
ir=$(delta_of "$s0" "$s1" inode_reclaimed)
dr=$(delta_of "$s0" "$s1" dentry_reclaimed)
diag "A's all: A's XFS unused $ua0 -> $ua1, dentries +$dr, inodes +$ir freed; XFS ig_reclaims $r0 -> $r1"
expect_ge "$ua0" $FILES "A's unused dentries on XFS before its all"
expect_eq "$ua1" 0 "A's unused dentries on XFS after its all"
expect_ge "$dr" $FILES "dentries A's all freed"
expect_ge "$ir" $FILES "inodes A's all freed"
expect_eq $((r1 - r0)) 0 "XFS inodes reclaimed from XFS's own cache by A's all"
pass
