# Claim: a read of memory.dentry_unused holds a lock over a bounded batch
# of memcgs, not over a whole subtree, and the count stays exact across the
# batches.  The lock that keeps a superblock's lists (its s_umount, or
# sb_lock while a mount holds that) is held throughout each call of
# list_lru_count_subtree_step(), which counts at most 64 memcgs
# (LIST_LRU_SUBTREE_BATCH): the function profiler counts its calls.  A read
# of the root counts each superblock in one call (its lists' node totals);
# a read of a parent of 200 children (201 memcgs) needs at least
# ceil(201 / 64) = 4 calls a superblock.  And the parent's total_unused is
# its own unused plus each child's, with dentries in the children on both
# sides of every batch boundary (the 64th, 128th and 192nd memcg of the
# walk, parent first).
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

KIDS=200
BATCH=64
FN=list_lru_count_subtree_step

need_file "" memory.dentry_unused
profile_fn "$FN"

cg_create spec34
cg_create_many spec34 k $KIDS
d=$(test_dir)
cg_lookup_missing spec34 "$d" 5 own
# the walk is spec34, then k1..k200 in the order mkdir made them: k63 is
# the 64th memcg, the last of the first batch
sum=0
for i in 62 63 64 65 126 127 128 129 190 191 192 193 200; do
	cg_lookup_missing "spec34/k$i" "$d" 10 "k$i-"
	sum=$((sum + $(cg_unused "spec34/k$i")))
done
own=$(cg_unused spec34)
assert_ge "$sum" 130 "the children's unused dentries"
expect_eq "$(cg_unused spec34 total_unused)" $((own + sum)) "spec34 total_unused (own $own + children $sum)"

# calls_of PATH: the calls of FN that one read of PATH's file made
calls_of() {
	profile_start
	cat "$MEMCG/$1/memory.dentry_unused" > /dev/null || fail "read $1"
	profile_stop
	profile_calls "$FN"
}
root=$(calls_of "")
parent=$(calls_of spec34)
diag "calls of $FN: root's read $root (one a superblock), spec34's read $parent"
expect_gt "$root" 0 "calls of $FN in a read of the root"
expect_ge "$parent" $((root * ((KIDS + BATCH) / BATCH))) \
	"calls of $FN in a read of spec34 ($((KIDS + 1)) memcgs, $root superblocks)"
pass
