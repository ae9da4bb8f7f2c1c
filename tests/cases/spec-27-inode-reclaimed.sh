# Claim: inode_reclaimed counts the inodes freed from this memcg's lists,
# whatever the origin: K empty files made by a task of spec27 and written
# back (clean, no page cache) lose their dentries and then their inodes to
# a forced "all", and again to drop_caches, and each time spec27's
# inode_reclaimed grows by exactly K (the cgroup's tasks leave no other
# inodes on its lists).
#
# Wrong kernels this catches: one that never counts inodes, or counts them
# only for one origin, or counts the dentries (or the inodes taken off the
# lists but not freed) as inodes.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

K=500

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
cg_create spec27
d=$(test_dir)
mkdir "$d/forced" "$d/global" || fail "mkdir in $d"

# frees_inodes WHAT DIR CMD...: K files in DIR, written back, then CMD;
# spec27's inode_reclaimed must grow by exactly K.
frees_inodes() {
	_what=$1 _dir=$2
	shift 2
	cg_make_files spec27 "$_dir" $K || fail "create $K files"
	sync
	s0=$(cg_read spec27 memory.slab_reclaim_stat)
	"$@"
	s1=$(cg_read spec27 memory.slab_reclaim_stat)
	ir=$(delta_of "$s0" "$s1" inode_reclaimed)
	dr=$(delta_of "$s0" "$s1" dentry_reclaimed)
	diag "$_what: inode_reclaimed +$ir, dentry_reclaimed +$dr"
	expect_eq "$ir" $K "inode_reclaimed delta of $_what, after $K clean files"
	expect_ge "$dr" $K "dentry_reclaimed delta of $_what"
}

frees_inodes 'forced all' "$d/forced" cg_force spec27 all
s=$(cg_read spec27 memory.slab_reclaim_stat)
expect_ge "$(key_of "$s" forced_reclaimed)" \
	$(($(key_of "$s" dentry_reclaimed) + $(key_of "$s" inode_reclaimed))) \
	"forced_reclaimed against dentries and inodes freed"
# One drop_caches pass frees the dentries, whose last iput puts their
# inodes on the LRU marked referenced; that pass only clears the mark, the
# next one frees them (6.1's own drop_caches, which this series leaves
# alone).  Passes drop_caches needs to free K such inodes:
DROP_PASSES=3
# shellcheck disable=SC2016 # expanded by the inner shell
frees_inodes 'drop_caches' "$d/global" sh -c 'i=0; while [ $i -lt "$1" ]; do
	echo 2 > /proc/sys/vm/drop_caches; i=$((i + 1)); done' sh $DROP_PASSES
pass
