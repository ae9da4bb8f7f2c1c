# Claim: a forced shrink drops clean slab caches only, never page cache: "all"
# on a cgroup leaves its memory.stat cache (v2: file) exactly as it was and
# reads nothing back from the disk afterwards, also for the inodes a forced
# shrink does walk: LRU_FILES one-page files whose inodes sit on the
# cgroup's inode LRU with their page back in the cache (lru_inodes_with_pages
# in lib.sh: evicted to a shadow entry, put on the LRU, read again).  An
# inode with page cache that is not on the LRU is never walked, so on
# x86_64 those are what can tell: a kernel whose inode walk drops the pages
# of an unused inode to free it (invalidate_mapping_pages(), as reclaim did
# before 5.16 and still does on highmem) loses their cache here and reads
# them from the disk again.  Beside them, a 1 MiB file synced and one still
# dirty read back intact, and 100 empty files show the shrink ran.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

LRU_FILES=200
# two 4 KiB metadata blocks (a directory, an inode table) the lookups of
# the re-read may need; one dropped one-page file reads 8 sectors, all of
# them 1600
READ_MARGIN_SECTORS=16

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
cg_create spec21
d=$(test_dir)
mkdir "$d/lru" || fail "mkdir $d/lru"
lru_inodes_with_pages spec21 "$d/lru" $LRU_FILES

src=/tmp/spec21.src
head -c 1048576 /dev/urandom > $src || fail "make $src"
sum=$(md5sum < $src)
cg_run spec21 cp $src "$d/clean" || fail "cp clean"
sync
cg_run spec21 cp $src "$d/dirty" || fail "cp dirty"
cg_make_files spec21 "$d" 100

cache0=$(cg_page_cache spec21)
s0=$(cg_read spec21 memory.slab_reclaim_stat)
u0=$(inodes_unused)
cg_force spec21 all
cache1=$(cg_page_cache spec21)
s1=$(cg_read spec21 memory.slab_reclaim_stat)
u1=$(inodes_unused)
diag "cache $cache0 -> $cache1; freed $(delta_of "$s0" "$s1" dentry_reclaimed) dentries, $(delta_of "$s0" "$s1" inode_reclaimed) inodes; inodes on LRUs $u0 -> $u1"
assert_ge "$cache0" $((2 * 1048576 + LRU_FILES * 4096)) "cache of spec21 before"
expect_eq "$cache1" "$cache0" "cache of spec21 after all"
expect_ge "$(delta_of "$s0" "$s1" dentry_reclaimed)" $((100 + LRU_FILES)) "dentries freed (the shrink did run)"
# the walk met the inodes with pages (their dentries gone, nothing else
# holds them) and took them off the LRU, as the spec says, not freed
expect_le "$u1" $((u0 - LRU_FILES / 2)) "inodes on LRUs after all (the walk took those with pages off)"

r0=$(disk_sectors_read)
sh -c "$LRU_READ" "$d/lru" $LRU_FILES || fail "read the one-page files again"
expect_le $(($(disk_sectors_read) - r0)) $READ_MARGIN_SECTORS "sectors read for the one-page files"
expect_eq "$(md5sum < "$d/clean")" "$sum" "content of the synced file"
expect_eq "$(md5sum < "$d/dirty")" "$sum" "content of the dirty file"
rm -f $src
pass
