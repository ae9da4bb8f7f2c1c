# Claim: a forced shrink never frees a dirty inode, and loses no data.  K
# one-page files of spec31 whose inodes are on spec31's inode LRU (evicted
# to a shadow entry, their dentries freed: lru_inodes_shadowed in lib.sh)
# are then truncated to nothing and chmod'ed in spec31 while writeback is
# held off: their mappings are empty, their inodes dirty and still on the
# LRU (taken off lazily), so the inode walk of "all" meets K inodes that
# only their dirtiness protects.  "all" frees their dentries but none of
# the inodes (inode_reclaimed does not move), takes them off the LRU, and
# leaves them dirty: the sync after it writes each of them back (the
# writeback:writeback_write_inode trace event names K of their inode
# numbers).  Then a second "all" frees the now clean inodes
# (inode_reclaimed grows by K, which shows that the first result was no
# accident of counting), and the modes and sizes read back from the disk
# are the new ones.
#
# Wrong kernel this catches: one whose forced shrink evicts unused inodes
# whatever their state (a dirty inode on the memcg's lists evicted, its
# dirty state dropped with it), counted or not.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

K=200
MODE=604	# what chmod sets; the files are made 644
SYSCTL=/proc/sys/vm/dirty_writeback_centisecs

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
need_file "" memory.dentry_unused
cg_create spec31
d=$(test_dir)
lru_inodes_shadowed spec31 "$d" $K
inos=$LRU_INOS
sync
# Hold periodic writeback off (restored on exit).
set_value $SYSCTL 0

# One shell in spec31 truncates and chmods every file: each inode is taken
# back into use (a dentry of spec31's again), dirtied, and its mapping
# emptied of its shadow entry.
# shellcheck disable=SC2016 # expanded by the inner shell
cg_run spec31 sh -c 'cd "$0" || exit 1; i=1
	while [ $i -le "$1" ]; do
		: > "s$i" && chmod "$2" "s$i" || exit 1
		i=$((i + 1))
	done' "$d" $K $MODE || fail "truncate and chmod the $K files"

s0=$(cg_read spec31 memory.slab_reclaim_stat)
u0=$(inodes_unused)
cg_force spec31 all
s1=$(cg_read spec31 memory.slab_reclaim_stat)
u1=$(inodes_unused)
diag "dirty: inode_reclaimed +$(delta_of "$s0" "$s1" inode_reclaimed), dentry_reclaimed +$(delta_of "$s0" "$s1" dentry_reclaimed), inodes on LRUs $u0 -> $u1"
expect_eq "$(cg_unused spec31)" 0 "unused after all"
expect_ge "$(delta_of "$s0" "$s1" dentry_reclaimed)" $K "dentries freed by all"
expect_eq "$(delta_of "$s0" "$s1" inode_reclaimed)" 0 "inodes freed by all while $K were dirty"
# the walk met them (nothing else holds them now) and took them off
expect_le "$u1" $((u0 - K / 2)) "inodes on LRUs after all (the dirty ones taken off)"

# Still dirty: the sync writes every one of them back.
trace_on writeback/writeback_write_inode
sync
written=$(awk -v inos="$inos" 'BEGIN { n = split(inos, a, " "); for (i = 1; i <= n; i++) want[a[i]] = 1 }
	/writeback_write_inode:/ { for (i = 1; i <= NF; i++) if ($i ~ /^ino=/) { v = substr($i, 5); if (v in want && !(v in seen)) { seen[v] = 1; c++ } } }
	END { print c + 0 }' "$TRACING/trace")
trace_off writeback/writeback_write_inode
expect_eq "$written" $K "of the $K inodes, written back by the sync after all (still dirty)"

# Written back, the inodes are clean and go on the LRU again; the disk has them.
s2=$(cg_read spec31 memory.slab_reclaim_stat)
cg_force spec31 all
s3=$(cg_read spec31 memory.slab_reclaim_stat)
diag "clean: inode_reclaimed +$(delta_of "$s2" "$s3" inode_reclaimed)"
expect_eq "$(delta_of "$s2" "$s3" inode_reclaimed)" $K "inodes freed by all once written back"
echo 3 > /proc/sys/vm/drop_caches || fail "drop_caches"
got=$(i=1; while [ $i -le $K ]; do stat -c '%a:%s' "$d/s$i"; i=$((i + 1)); done | sort | uniq -c | awk '{ print $2 "x" $1 }')
expect_eq "$got" "${MODE}:0x$K" "modes and sizes read back from the disk"
pass
