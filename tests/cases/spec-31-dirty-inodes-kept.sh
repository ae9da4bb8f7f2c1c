# Claim: a forced shrink never frees a dirty inode, and loses no data: K
# empty files (no page cache) made by a task of spec31 and then chmod'ed
# while writeback is held off (dirty inodes, metadata only) lose their
# dentries to "all" but none of their inodes (inode_reclaimed does not
# move); once written back, the modes
# read back from the disk are the chmod'ed ones, and a second "all" frees
# the now clean inodes (inode_reclaimed grows by K, which shows that the
# first result was no accident of counting).
#
# Wrong kernel this catches: one whose forced shrink evicts unused inodes
# whatever their state (a dirty inode on the memcg's lists, or one its
# dentry's freeing leaves unused, dropped instead of kept).
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

K=300
MODE=604	# what chmod sets; the files are made 644
SYSCTL=/proc/sys/vm/dirty_writeback_centisecs

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
need_file "" memory.dentry_unused
cg_create spec31
d=$(test_dir)
sync
# Hold periodic writeback off, restored on exit (lib's trap, then ours).
wb=$(cat $SYSCTL) || fail "read $SYSCTL"
trap '_cleanup; echo "$wb" > '$SYSCTL'; sync' EXIT
echo 0 > $SYSCTL || fail "write 0 to $SYSCTL"

cg_make_files spec31 "$d" $K || fail "create $K files"
# One chmod in spec31 takes every file back into use and dirties its inode.
# shellcheck disable=SC2016 # expanded by the inner shell
cg_run spec31 sh -c 'cd "$0" && chmod "$1" f*' "$d" $MODE || fail "chmod the $K files"

s0=$(cg_read spec31 memory.slab_reclaim_stat)
cg_force spec31 all
s1=$(cg_read spec31 memory.slab_reclaim_stat)
diag "dirty: inode_reclaimed +$(delta_of "$s0" "$s1" inode_reclaimed), dentry_reclaimed +$(delta_of "$s0" "$s1" dentry_reclaimed)"
expect_eq "$(cg_unused spec31)" 0 "unused after all"
expect_ge "$(delta_of "$s0" "$s1" dentry_reclaimed)" $K "dentries freed by all"
expect_eq "$(delta_of "$s0" "$s1" inode_reclaimed)" 0 "inodes freed by all while $K were dirty"

# Written back, the inodes are clean and go on the LRU; the disk has them.
echo "$wb" > $SYSCTL || fail "restore $SYSCTL"
sync
s2=$(cg_read spec31 memory.slab_reclaim_stat)
cg_force spec31 all
s3=$(cg_read spec31 memory.slab_reclaim_stat)
diag "clean: inode_reclaimed +$(delta_of "$s2" "$s3" inode_reclaimed)"
expect_eq "$(delta_of "$s2" "$s3" inode_reclaimed)" $K "inodes freed by all once written back"
echo 3 > /proc/sys/vm/drop_caches || fail "drop_caches"
modes=$(i=1; while [ $i -le $K ]; do stat -c %a "$d/f$i"; i=$((i + 1)); done | sort | uniq -c | awk '{ print $2 "x" $1 }')
expect_eq "$modes" "${MODE}x$K" "modes read back from the disk"
pass
