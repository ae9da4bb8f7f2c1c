# Claim: root writing the root memcg's memory.force_slab_shrink works as on
# any memcg: the root's "own lists" are the node lists (objects charged to
# no memcg). n = 50 with many more unused dentries of the root (made by a
# task of the root cgroup) frees exactly 50 objects, all counted in the
# root's own forced_reclaimed (never more than n: no shrinker that is not
# memcg-aware runs), and "all" then empties the root's subtree: the root's
# and a child's lists. Each write counts once in the root's forced_shrinks.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

ROOT_DENTRIES=2000	# unused dentries the root's own task makes
N=50
CHILD=300		# a child's unused dentries, which "all" on the root frees
# The root's own lists take dentries from every task of the root cgroup
# (the init shell, the runner), so after "all" a few may be back.
ROOT_SLACK=20

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
need_file "" memory.dentry_unused
d=$(test_dir)
cg_create spec32
cg_lookup_missing "" "$d" $ROOT_DENTRIES root
cg_lookup_missing spec32 "$d" $CHILD child

r0=$(cg_read "" memory.slab_reclaim_stat)
u0=$(cg_unused "")
cg_force "" $N
r1=$(cg_read "" memory.slab_reclaim_stat)
diag "n=$N: root's unused $u0 -> $(cg_unused ""); $(echo "$r1" | head -n 9 | tr '\n' ' ')"
expect_eq "$(delta_of "$r0" "$r1" forced_reclaimed)" $N "root's forced_reclaimed delta of n=$N"
expect_eq "$(delta_of "$r0" "$r1" total_forced_reclaimed)" $N "root's total_forced_reclaimed delta of n=$N"
expect_eq "$(delta_of "$r0" "$r1" forced_shrinks)" 1 "root's forced_shrinks delta of n=$N"

c0=$(cg_read spec32 memory.slab_reclaim_stat)
cg_force "" all
r2=$(cg_read "" memory.slab_reclaim_stat)
c1=$(cg_read spec32 memory.slab_reclaim_stat)
diag "all: root's unused $(cg_unused ""); $(echo "$r2" | head -n 9 | tr '\n' ' ')"
expect_eq "$(cg_unused spec32)" 0 "the child's unused after all on the root"
expect_ge "$(delta_of "$c0" "$c1" forced_reclaimed)" $CHILD "the child's forced_reclaimed delta"
expect_le "$(cg_unused "")" $ROOT_SLACK "the root's own unused after all"
expect_ge "$(delta_of "$r1" "$r2" forced_reclaimed)" $((ROOT_DENTRIES - N)) "root's own forced_reclaimed delta of all"
expect_eq "$(delta_of "$r1" "$r2" forced_shrinks)" 1 "root's forced_shrinks delta of all"
pass
