# Claim: forced_shrinks counts the writes to this memcg's own
# memory.force_slab_shrink that succeeded, and nothing else: not rejected
# writes, not writes to an ancestor (they count in the ancestor, and in its
# total_forced_shrinks), and a write that found nothing to free still counts.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
need_tool cgtest-write
cg_create spec09
cg_create spec09/child
d=$(test_dir)

expect_eq "$(cg_stat spec09/child forced_shrinks)" 0 "forced_shrinks of a new memcg"
cg_force spec09/child all
expect_eq "$(cg_stat spec09/child forced_shrinks)" 1 "after all with nothing to free"

cg_lookup_missing spec09/child "$d" 50
for v in 0 x -1 "all all"; do
	expect_eq "$(write_errno spec09/child memory.force_slab_shrink "$v")" EINVAL "write '$v'"
done
cg_force spec09/child 10
cg_force spec09/child "all
"
expect_eq "$(cg_stat spec09/child forced_shrinks)" 3 "after 3 good and 4 rejected writes"

cg_force spec09 all
cg_force spec09 5
expect_eq "$(cg_stat spec09/child forced_shrinks)" 3 "child's, after 2 writes to its parent"
expect_eq "$(cg_stat spec09 forced_shrinks)" 2 "parent's own"
expect_eq "$(cg_stat spec09 total_forced_shrinks)" 5 "parent's total"
pass
