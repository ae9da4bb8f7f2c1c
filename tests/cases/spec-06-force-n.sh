# Claim: writing n to memory.force_slab_shrink frees at most n objects, and
# the stat file tells exactly what happened: forced_reclaimed grows by what
# was freed (at most n, more than 0 when plenty is freeable), "unused" drops
# by exactly the dentry_reclaimed delta, dentries plus inodes freed are part
# of forced_reclaimed, and no other origin's counts move.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
need_file "" memory.dentry_unused
cg_create spec06
d=$(test_dir)
cg_make_files spec06 "$d" 200
cg_lookup_missing spec06 "$d" 400

# shrink_n N: force a shrink of N and check every clause of the claim.
shrink_n() {
	u0=$(cg_unused spec06)
	s0=$(cg_read spec06 memory.slab_reclaim_stat)
	cg_force spec06 "$1"
	u1=$(cg_unused spec06)
	s1=$(cg_read spec06 memory.slab_reclaim_stat)
	fr=$(delta_of "$s0" "$s1" forced_reclaimed)
	dr=$(delta_of "$s0" "$s1" dentry_reclaimed)
	ir=$(delta_of "$s0" "$s1" inode_reclaimed)
	diag "n=$1: unused $u0 -> $u1, forced_reclaimed +$fr, dentry_reclaimed +$dr, inode_reclaimed +$ir"
	expect_le "$fr" "$1" "forced_reclaimed delta for n=$1"
	expect_eq $((u0 - u1)) "$dr" "drop of unused vs dentry_reclaimed delta for n=$1"
	expect_le $((dr + ir)) "$fr" "dentries + inodes freed vs forced_reclaimed delta for n=$1"
	expect_ge "$(delta_of "$s0" "$s1" forced_scanned)" "$fr" "forced_scanned delta for n=$1"
	expect_eq "$(delta_of "$s0" "$s1" forced_shrinks)" 1 "forced_shrinks delta for n=$1"
	for key in global_scanned global_reclaimed limit_scanned limit_reclaimed; do
		expect_eq "$(delta_of "$s0" "$s1" $key)" 0 "$key delta for n=$1"
	done
}

shrink_n 50
expect_gt "$fr" 0 "objects freed by n=50 out of $u0 unused"
shrink_n 1
shrink_n 128
expect_gt "$fr" 0 "objects freed by n=128 out of $u0 unused"
shrink_n 129
pass
