# Claim: a forced shrink with a budget n walks this memcg's own lists
# before its descendants': with P holding U unused (never referenced)
# dentries and its child C more, writing n < U to P frees exactly n of P's
# and none of C's; writing (P's remaining) + M then empties P and frees
# exactly M of C's.
#
# Wrong kernels this catches: a walk that starts with the descendants (a
# post-order walk), one that spreads the budget over the subtree, and one
# that frees a child's objects before the parent's lists are empty.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

U=400		# P's own unused dentries
CHILD=400	# C's
N1=100		# first budget: part of P's
M=50		# of C's, in the second budget

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
need_file "" memory.dentry_unused
cg_create spec29
cg_create spec29/c
d=$(test_dir)
# A first task in each, so that what a task's start leaves is there first.
cg_run spec29 true
cg_run spec29/c true
cg_lookup_missing spec29 "$d" $U p
cg_lookup_missing spec29/c "$d" $CHILD c

# force N: write N to spec29 and report what P and C lost.
force() {
	p0=$(cg_read spec29 memory.slab_reclaim_stat) c0=$(cg_read spec29/c memory.slab_reclaim_stat)
	pu0=$(cg_unused spec29) cu0=$(cg_unused spec29/c)
	cg_force spec29 "$1"
	p1=$(cg_read spec29 memory.slab_reclaim_stat) c1=$(cg_read spec29/c memory.slab_reclaim_stat)
	pu1=$(cg_unused spec29) cu1=$(cg_unused spec29/c)
	pf=$(delta_of "$p0" "$p1" forced_reclaimed) cf=$(delta_of "$c0" "$c1" forced_reclaimed)
	diag "n=$1: P unused $pu0 -> $pu1 (freed $pf), C unused $cu0 -> $cu1 (freed $cf)"
}

force $N1
expect_eq "$pf" $N1 "objects freed from P's lists by n=$N1 (P holds $pu0)"
expect_eq $((pu0 - pu1)) $N1 "drop of P's unused by n=$N1"
expect_eq "$cf" 0 "objects freed from C's lists by n=$N1"
expect_eq "$cu1" "$cu0" "C's unused after n=$N1"

rest=$(cg_unused spec29)
force $((rest + M))
expect_eq "$pu1" 0 "P's unused after n=$((rest + M)) (P held $rest)"
expect_eq "$pf" "$rest" "objects freed from P's lists by n=$((rest + M))"
expect_eq "$cf" $M "objects freed from C's lists by n=$((rest + M))"
expect_eq $((cu0 - cu1)) $M "drop of C's unused by n=$((rest + M))"
pass
