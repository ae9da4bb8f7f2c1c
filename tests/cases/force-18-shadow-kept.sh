# Claim: a forced shrink frees slab, never page cache nor the workingset's
# memory of it: an unused inode whose only page was evicted (a shadow entry
# left in its mapping) stays, with its shadow entry, through "all".  FILES
# one-page files are read in force18, then page reclaim of the cgroup (cg_reclaim_all) evicts their
# pages, leaving shadow entries (slab shrinking is kept out of that reclaim
# with vm.vfs_cache_pressure=0, so their dentries and inodes stay).  "all"
# then frees their dentries, which puts the inodes on the inode LRU.
# Reading the files again refaults (the
# kernel's workingset_refault_file grows by at least MIN_REFAULTS): the
# inodes and their shadow entries were kept.  Dropping such an inode, as
# reclaim does (invalidate_mapping_pages() on its shadow entry), would make
# the reads plain misses.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

FILES=200
# cg_reclaim_all evicts the cgroup's pages, and each read of one refaults.  A
# few may escape the eviction (CI once saw 179 of 200 refault), so the floor
# is half: an inode dropped with its shadow entry makes a plain miss, and a
# shrink that dropped them would show next to none.
MIN_REFAULTS=$((FILES / 2))
# Both reads on one CPU, so on one node: MGLRU counts a refault only when
# the page comes back on the node (and memcg) its shadow entry names
# (lru_gen_refault), and the guest has two nodes.
CPU=0

need_file "" memory.force_slab_shrink
# 6.1's MGLRU counts a refault only while the generation its shadow entry
# names is still the oldest (lru_gen_refault() in 6.1's mm/workingset.c),
# and cg_reclaim_all empties the generations and moves the oldest past
# it: no refault would be counted whatever "all" did.  (6.12 counts any
# recent generation, lru_gen_test_recent().)  On 6.1 this test therefore
# runs with MGLRU off, whose workingset code counts every refault.
case "$(uname -r)" in
6.1.*)
	f=/sys/kernel/mm/lru_gen/enabled
	if [ -e $f ] && [ "$(cat $f)" != 0x0000 ]; then
		diag "6.1 with MGLRU on ($(cat $f)): off for this test"
		set_value $f n
	fi ;;
esac
cg_create force18
d=$(test_dir)

i=1
while [ $i -le $FILES ]; do
	printf '%4096s' x > "$d/s$i" || fail "write $d/s$i"
	i=$((i + 1))
done
calm_memory

# shellcheck disable=SC2016 # expanded by the inner shell
cg_run force18 taskset -c $CPU sh -c 'i=1; while [ $i -le "$1" ]; do cat "$0/s$i" > /dev/null || exit 1; i=$((i + 1)); done' \
	"$d" $FILES || fail "reads in force18"
set_value /proc/sys/vm/vfs_cache_pressure 0
cg_reclaim_all force18
echo 100 > /proc/sys/vm/vfs_cache_pressure || fail "vfs_cache_pressure 100"
diag "page cache left in force18 after its reclaim: $(cg_page_cache force18) bytes"

s0=$(cg_read force18 memory.slab_reclaim_stat)
cg_force force18 all
s1=$(cg_read force18 memory.slab_reclaim_stat)
r0=$(vmstat workingset_refault_file)
# shellcheck disable=SC2016 # expanded by the inner shell
cg_run force18 taskset -c $CPU sh -c 'i=1; while [ $i -le "$1" ]; do cat "$0/s$i" > /dev/null || exit 1; i=$((i + 1)); done' \
	"$d" $FILES || fail "reads again in force18"
r1=$(vmstat workingset_refault_file)
diag "all: dentries freed $(delta_of "$s0" "$s1" dentry_reclaimed), inodes $(delta_of "$s0" "$s1" inode_reclaimed); reading the $FILES files again: $((r1 - r0)) refaults"
expect_ge "$(delta_of "$s0" "$s1" dentry_reclaimed)" $FILES "dentries all freed"
expect_ge $((r1 - r0)) $MIN_REFAULTS "refaults when the files are read again"
pass
