# Claim: a forced shrink leaves huge pages alone: no THP is split.  A
# cgroup's task writes FILES small files on a tmpfs mounted huge=always:
# each gets a 2 MiB huge page of which only the first page is inside the
# file, the huge pages a shrinker splits (shmem's free_cached_objects,
# which the tmpfs superblock's shrinker runs in reclaim, splits the part of
# a huge page beyond the end of a file).  The cgroup also holds unused
# dentries on the data disk; "<n>" and then "all" on it free those, and
# /proc/vmstat's thp_split_page and /proc/meminfo's ShmemHugePages read
# the same afterwards.  Then a drop_caches of the slab (echo 2) splits
# them: the control, without which the first half would prove nothing
# (thp_split_page grows, ShmemHugePages falls).
#
# Wrong kernels this catches: one whose forced shrink runs the shrinkers,
# as reclaim does (shown on a 6.12 build whose write ran drop_slab() before
# its walk: thp_split_page +FILES after "<n>"), or walks anything but the
# subtree's dentry and inode lists.  force-15 shows no shrinker runs by
# the trace events; this test watches the huge pages themselves.
#
# On 6.1 it checks nothing: 6.1's guest kernel is built from tinyconfig,
# whose BASE_SMALL gives xarray nodes of 16 slots, too few for an order-9
# folio, so no page cache, tmpfs's included, ever holds a huge page there
# (shmem_is_huge() says no), and an anonymous THP on the deferred split
# queue takes a partial munmap() that no guest tool makes.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

FILES=4
LOOKUPS=200
N=50
HPAGE_KB=2048

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
case "$(uname -r)" in
6.1.*)
	diag "6.1's guest kernel puts no huge page in a tmpfs file (BASE_SMALL: xarray nodes of 16 slots): nothing to split"
	pass ;;
esac

shmem_huge_kb() {
	awk '$1 == "ShmemHugePages:" { print $2; found = 1 } END { exit !found }' /proc/meminfo ||
		fail "no ShmemHugePages in /proc/meminfo (CONFIG_TRANSPARENT_HUGEPAGE?)"
}

calm_memory
cg_create spec36
d=$(test_dir)
mnt=/tmp/spec36.$$
mkdir "$mnt" || fail "mkdir $mnt"
at_exit rmdir "$mnt"
mount -t tmpfs -o huge=always,size=64m tmpfs "$mnt" || fail "mount a huge=always tmpfs"
at_exit umount "$mnt"

# a huge page for each file: compact free memory into 2 MiB blocks first,
# and let a fault that finds none compact (defrag "always")
set_value /sys/kernel/mm/transparent_hugepage/defrag always
echo 1 > /proc/sys/vm/compact_memory || fail "write 1 to compact_memory"
h0=$(shmem_huge_kb)
# shellcheck disable=SC2016 # expanded by the inner shell
cg_run spec36 sh -c 'i=1; while [ $i -le "$1" ]; do printf x > "$0/h$i" || exit 1; i=$((i + 1)); done' \
	"$mnt" $FILES || fail "write the tmpfs files in spec36"
cg_lookup_missing spec36 "$d" $LOOKUPS
h1=$(shmem_huge_kb)
diag "ShmemHugePages $h0 -> $h1 kB after $FILES one-byte files on the huge=always tmpfs (thp_file_alloc $(vmstat thp_file_alloc), thp_file_fallback $(vmstat thp_file_fallback))"
assert_ge $((h1 - h0)) $((FILES * HPAGE_KB)) "kB of tmpfs huge pages the files got"
assert_ge "$(cg_disk_unused spec36)" $LOOKUPS "spec36's unused dentries on the disk"

sp0=$(vmstat thp_split_page)
s0=$(cg_read spec36 memory.slab_reclaim_stat)
cg_force spec36 $N
sp1=$(vmstat thp_split_page)
cg_force spec36 all
sp2=$(vmstat thp_split_page)
s1=$(cg_read spec36 memory.slab_reclaim_stat)
h2=$(shmem_huge_kb)
diag "forced $N then all: forced_reclaimed +$(delta_of "$s0" "$s1" forced_reclaimed), thp_split_page $sp0 -> $sp1 -> $sp2, ShmemHugePages $h2 kB"
expect_eq "$sp1" "$sp0" "thp_split_page after the forced shrink of $N"
expect_eq "$sp2" "$sp0" "thp_split_page after the forced all"
expect_eq "$h2" "$h1" "ShmemHugePages (kB) after the forced shrinks"
expect_ge "$(delta_of "$s0" "$s1" forced_reclaimed)" $LOOKUPS "objects the forced shrinks freed"
expect_eq "$(cg_disk_unused spec36)" 0 "spec36's unused dentries on the disk after all"

# the control: reclaim's shrinkers do split them
echo 2 > /proc/sys/vm/drop_caches || fail "write 2 to drop_caches"
sp3=$(vmstat thp_split_page)
h3=$(shmem_huge_kb)
diag "control, drop_caches of the slab: thp_split_page +$((sp3 - sp2)), ShmemHugePages $h3 kB"
expect_ge $((sp3 - sp2)) $FILES "huge pages split by drop_caches (the control: were they splittable?)"
expect_lt "$h3" "$h2" "ShmemHugePages (kB) after drop_caches (the control)"
pass
