# Claim: a forced shrink touches only the target's subtree: after "all" and
# "n" on spec08/a, its sibling spec08/b's memory.dentry_unused and
# memory.slab_reclaim_stat read back byte for byte the same, and so do the
# parent's own (non-total_) keys, though every one of them has dentries.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
need_file "" memory.dentry_unused
cg_create spec08
cg_create spec08/a
cg_create spec08/b
d=$(test_dir)
for cg in spec08 spec08/a spec08/b; do
	p=$(echo "$cg" | tr / _)
	cg_make_files "$cg" "$d" 100 "$p"
	cg_lookup_missing "$cg" "$d" 100 "n$p"
done

own() {
	cg_read "$1" "$2" | grep -v '^total_'
}
b_unused=$(cg_read spec08/b memory.dentry_unused)
b_stat=$(cg_read spec08/b memory.slab_reclaim_stat)
p_unused=$(own spec08 memory.dentry_unused)
p_stat=$(own spec08 memory.slab_reclaim_stat)
assert_gt "$(key_of "$b_unused" unused)" 0 "spec08/b's unused"

cg_force spec08/a 30
cg_force spec08/a all
expect_eq "$(cg_unused spec08/a)" 0 "spec08/a's unused after all"
expect_eq "$(cg_read spec08/b memory.dentry_unused)" "$b_unused" "spec08/b's dentry_unused"
expect_eq "$(cg_read spec08/b memory.slab_reclaim_stat)" "$b_stat" "spec08/b's slab_reclaim_stat"
expect_eq "$(own spec08 memory.dentry_unused)" "$p_unused" "spec08's own dentry_unused keys"
expect_eq "$(own spec08 memory.slab_reclaim_stat)" "$p_stat" "spec08's own slab_reclaim_stat keys"
pass
