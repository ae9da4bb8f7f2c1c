# Claim: a forced shrink is an order to free this subtree's dentries and
# inodes, not reclaim: it calls no shrinker at all (no mm_shrink_slab_start
# event while it runs, though it frees), so nothing that is not on the
# subtree's dentry and inode lists is touched (no THP split, no other
# cache), and vm.vfs_cache_pressure, which weighs slab against page cache
# in reclaim, does not scale it: at 0, "all" still frees all POPULATION
# unused dentries, and at 1000 "<n>" still frees exactly n.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

POPULATION=1000
N=100
T=/sys/kernel/debug/tracing

need_file "" memory.force_slab_shrink
[ -d "$T/events/vmscan/mm_shrink_slab_start" ] || fail "no $T/events/vmscan/mm_shrink_slab_start"
cg_create force15
d=$(test_dir)

cg_lookup_missing force15 "$d" $POPULATION
assert_ge "$(cg_disk_unused force15)" $POPULATION "unused dentries before"

set_value /proc/sys/vm/vfs_cache_pressure 0
set_value "$T/tracing_on" 0
: > "$T/trace"
set_value "$T/events/vmscan/mm_shrink_slab_start/enable" 1
echo 1 > "$T/tracing_on"
s0=$(cg_read force15 memory.slab_reclaim_stat)
cg_force force15 all
s1=$(cg_read force15 memory.slab_reclaim_stat)
echo 0 > "$T/tracing_on"
calls=$(grep -c 'mm_shrink_slab_start' "$T/trace")
diag "all at vfs_cache_pressure 0: unused -> $(cg_disk_unused force15), forced_reclaimed +$(delta_of "$s0" "$s1" forced_reclaimed), shrinker calls $calls"
expect_eq "$(cg_disk_unused force15)" 0 "unused dentries after all at vfs_cache_pressure 0"
expect_ge "$(delta_of "$s0" "$s1" forced_reclaimed)" $POPULATION "forced_reclaimed of all"
expect_eq "$calls" 0 "shrinker calls during the forced shrink"

echo 1000 > /proc/sys/vm/vfs_cache_pressure || fail "vfs_cache_pressure 1000"
cg_lookup_missing force15 "$d" $POPULATION again
s0=$(cg_read force15 memory.slab_reclaim_stat)
cg_force force15 $N
s1=$(cg_read force15 memory.slab_reclaim_stat)
diag "$N at vfs_cache_pressure 1000: forced_reclaimed +$(delta_of "$s0" "$s1" forced_reclaimed)"
expect_eq "$(delta_of "$s0" "$s1" forced_reclaimed)" $N "forced_reclaimed of $N at vfs_cache_pressure 1000"
expect_eq "$(cg_disk_unused force15)" $((POPULATION - N)) "unused dentries left"
pass
