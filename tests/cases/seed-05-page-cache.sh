# Claim (seed 1/6 "memcg: pass priority to prune_icache_sb"; 6.1 keeps
# inodes with page cache off the inode LRU): a forced shrink of A ("all")
# frees the dentries of A's files but not their page cache.  A's cache in
# memory.stat stays within CACHE_MARGIN_KB, no inode of A is freed, and
# reading the files back reads no more than READ_MARGIN_SECTORS from the
# disk.  Nothing else is dropped meanwhile.
# Two kinds of A's files: FILES of FILE_KB, whose inodes never reach the
# inode LRU (the usual case, which no inode walk can get wrong), and
# LRU_FILES one-page files whose inodes are on A's inode LRU with their
# page back in the cache (lru_inodes_with_pages in lib.sh): the ones an
# inode walk meets.  A kernel whose forced shrink frees such an inode by
# dropping its page (invalidate_mapping_pages(), as prune_icache_sb did
# before 5.16 for an inode with one page, and still does on highmem) shows
# inode_reclaimed growing, A's cache shrinking and the re-read going to the
# disk.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

FILES=32
FILE_KB=256			# FILES * FILE_KB = 8 MiB of page cache in A
CACHE_MARGIN_KB=64		# less than one file: a page or two of the block
				# device's metadata charged to A may come or go
READ_MARGIN_SECTORS=16		# two 4 KiB metadata blocks (a directory, an
				# inode table) the lookups may need again;
				# one dropped file would read 512, one dropped
				# one-page file 8
LRU_FILES=200

need_file "" memory.dentry_unused
need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat

d=$(test_dir)
cg_create A
mkdir "$d/lru" || fail "mkdir $d/lru"
lru_inodes_with_pages A "$d/lru" $LRU_FILES
# shellcheck disable=SC2016 # expanded by the inner shell
cg_run A sh -c 'i=1
	while [ $i -le "$1" ]; do
		dd if=/dev/zero of="$0/f$i" bs=1k count="$2" 2>/dev/null || exit 1
		i=$((i + 1))
	done' "$d" $FILES $FILE_KB || fail "write files in A"
sync
assert_ge "$(cg_disk_unused A)" $FILES "A's unused dentries on the disk"
cache=$(cg_page_cache A)
assert_ge "$cache" $(((FILES * FILE_KB + LRU_FILES * 4) * 1024)) "A's cache after writing the files"
dentries=$(cg_stat A dentry_reclaimed)
inodes=$(cg_stat A inode_reclaimed)

cg_force A all
expect_eq "$(cg_unused A)" 0 "A's unused after forcing all"
expect_ge "$(cg_stat A dentry_reclaimed)" $((dentries + FILES + LRU_FILES)) "A's dentry_reclaimed"
expect_eq "$(cg_stat A inode_reclaimed)" "$inodes" "A's inode_reclaimed (inodes with page cache)"
cache_after=$(cg_page_cache A)
expect_ge "$cache_after" $((cache - CACHE_MARGIN_KB * 1024)) "A's cache after forcing all (was $cache)"

read_before=$(disk_sectors_read)
cat "$d"/f* "$d"/lru/s* > /dev/null || fail "read the files back"
expect_le $(($(disk_sectors_read) - read_before)) $READ_MARGIN_SECTORS "sectors read for the files"
pass
