# Claim: writing n to memory.force_slab_shrink frees exactly n objects when
# at least n can be freed (passes repeat until n were freed), never more,
# and the stat file tells exactly what happened: forced_reclaimed grows by
# exactly n, "unused" drops by exactly the dentry_reclaimed delta, dentries
# plus inodes freed are part of forced_reclaimed, forced_shrinks grows by
# one, and no other origin's counts move.
#
# Wrong kernels this catches: one that frees one object, or one batch, per
# write, or stops short of n for any other reason (n = 50 and 128 are below
# a batch or one batch, 300 spans several batches); one that overshoots n
# (n = 1, 129).  Shown on a kernel that frees one object per numeric write:
# the earlier "at most n, more than 0" passed it, this fails at n = 50.  A
# kernel that makes a single pass still frees n here (the files' dentries
# and inodes are not referenced): spec-30 catches that one.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

NEGATIVE=1200	# negative dentries: far more than the n's below add up to
FILES=200	# files, so that positive dentries and inodes are in the mix

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
need_file "" memory.dentry_unused
cg_create spec06
d=$(test_dir)
cg_make_files spec06 "$d" $FILES
cg_lookup_missing spec06 "$d" $NEGATIVE
# A second lookup of each name finds the dentry on the LRU and marks it
# referenced: the first pass of a shrink only clears that mark.
cg_lookup_missing spec06 "$d" $NEGATIVE

# shrink_n N: force a shrink of N and check every clause of the claim.
shrink_n() {
	u0=$(cg_unused spec06)
	s0=$(cg_read spec06 memory.slab_reclaim_stat)
	assert_ge "$u0" "$1" "unused dentries before a shrink of $1 (the test needs at least n)"
	cg_force spec06 "$1"
	u1=$(cg_unused spec06)
	s1=$(cg_read spec06 memory.slab_reclaim_stat)
	fr=$(delta_of "$s0" "$s1" forced_reclaimed)
	dr=$(delta_of "$s0" "$s1" dentry_reclaimed)
	ir=$(delta_of "$s0" "$s1" inode_reclaimed)
	diag "n=$1: unused $u0 -> $u1, forced_reclaimed +$fr, dentry_reclaimed +$dr, inode_reclaimed +$ir"
	expect_eq "$fr" "$1" "forced_reclaimed delta for n=$1 with $u0 unused"
	expect_eq $((u0 - u1)) "$dr" "drop of unused vs dentry_reclaimed delta for n=$1"
	expect_le $((dr + ir)) "$fr" "dentries + inodes freed vs forced_reclaimed delta for n=$1"
	expect_ge "$(delta_of "$s0" "$s1" forced_scanned)" "$fr" "forced_scanned delta for n=$1"
	expect_eq "$(delta_of "$s0" "$s1" forced_shrinks)" 1 "forced_shrinks delta for n=$1"
	for key in global_scanned global_reclaimed limit_scanned limit_reclaimed; do
		expect_eq "$(delta_of "$s0" "$s1" $key)" 0 "$key delta for n=$1"
	done
}

shrink_n 50
shrink_n 1
shrink_n 128
shrink_n 129
shrink_n 300
pass
