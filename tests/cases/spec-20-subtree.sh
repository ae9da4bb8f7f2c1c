# Claim: a forced shrink walks the target's whole subtree: "all" on spec20
# frees the unused dentries of spec20, spec20/a and spec20/a/b, each counted
# as forced_* and dentry_reclaimed in the memcg whose lists held it, while
# forced_shrinks counts only in spec20, the memcg written to.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
need_file "" memory.dentry_unused
cg_create spec20
cg_create spec20/a
cg_create spec20/a/b
d=$(test_dir)
k=50
for cg in spec20 spec20/a spec20/a/b; do
	p=$(echo "$cg" | tr / _)
	cg_make_files "$cg" "$d" $k "$p"
	cg_lookup_missing "$cg" "$d" $k "n$p"
	k=$((k + 50))
done

# check CG UNUSED_BEFORE STAT_BEFORE FORCED_SHRINKS_DELTA
check() {
	s1=$(cg_read "$1" memory.slab_reclaim_stat)
	diag "$1: unused $2 -> $(cg_unused "$1"); $(echo "$s1" | grep -v total_ | tr '\n' ' ')"
	expect_eq "$(cg_unused "$1")" 0 "$1's unused after all on spec20"
	expect_eq "$(delta_of "$3" "$s1" dentry_reclaimed)" "$2" "$1's dentry_reclaimed delta"
	expect_ge "$(delta_of "$3" "$s1" forced_reclaimed)" "$2" "$1's forced_reclaimed delta"
	expect_eq "$(delta_of "$3" "$s1" forced_shrinks)" "$4" "$1's forced_shrinks delta"
}

up=$(cg_unused spec20) sp=$(cg_read spec20 memory.slab_reclaim_stat)
ua=$(cg_unused spec20/a) sa=$(cg_read spec20/a memory.slab_reclaim_stat)
ub=$(cg_unused spec20/a/b) sb=$(cg_read spec20/a/b memory.slab_reclaim_stat)
cg_force spec20 all
expect_eq "$(cg_unused spec20 total_unused)" 0 "spec20's total_unused after all"
check spec20 "$up" "$sp" 1
check spec20/a "$ua" "$sa" 0
check spec20/a/b "$ub" "$sb" 0
pass
