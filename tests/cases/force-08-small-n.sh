# Claim: a small budget is cheap: writing 1 to memory.force_slab_shrink on
# a hot LRU (POPULATION referenced dentries, each of which a scan must pass
# over once before anything is freeable) frees exactly one object and costs
# no more than an "all" that frees a cold population of the same size, in
# the same boot.  Scanning one object per scan_objects() call, as capping
# every scan to the budget left does, costs a call per referenced dentry.
#
# The hot dentries are files' (positive): only a lookup that ends holding
# a reference marks a dentry referenced when it drops it, and the lookup
# of a name that does not exist ends in RCU mode without one, so negative
# dentries looked up twice are not hot.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

POPULATION=10000
# The write of 1 may take COST_RATIO times as long as the "all": passing
# over a referenced dentry costs less than freeing one.
COST_RATIO=1

need_file "" memory.force_slab_shrink
need_tool cgtest-write
cg_create force08-hot
cg_create force08-cold
d=$(test_dir)
cg_make_files force08-hot "$d" $POPULATION h
# a lookup of each file that takes and drops a reference marks it referenced
cg_lookup_missing force08-hot "$d" $POPULATION h
cg_lookup_missing force08-cold "$d" $POPULATION c
assert_ge "$(cg_disk_unused force08-hot)" $POPULATION "unused dentries of the hot files"

s0=$(cg_read force08-hot memory.slab_reclaim_stat)
one=$(cgtest-write "$MEMCG/force08-hot/memory.force_slab_shrink" 1) ||
	fail "write 1: $one"
s1=$(cg_read force08-hot memory.slab_reclaim_stat)
all=$(cgtest-write "$MEMCG/force08-cold/memory.force_slab_shrink" all) ||
	fail "write all: $all"
one_ms=${one##* }
all_ms=${all##* }
freed=$(( $(delta_of "$s0" "$s1" dentry_reclaimed) + $(delta_of "$s0" "$s1" inode_reclaimed) ))
diag "write of 1 on $POPULATION hot: $one_ms ms (forced_reclaimed +$(delta_of "$s0" "$s1" forced_reclaimed), dentries and inodes freed $freed); all on $POPULATION cold: $all_ms ms"
expect_eq "$(delta_of "$s0" "$s1" forced_reclaimed)" 1 "objects the write of 1 freed"
expect_eq "$freed" 1 "dentries and inodes the write of 1 freed"
expect_eq "$(cg_unused force08-cold)" 0 "cold dentries left after all"
expect_le "$one_ms" $((COST_RATIO * all_ms)) "ms of the write of 1 against ms of the all"
pass
