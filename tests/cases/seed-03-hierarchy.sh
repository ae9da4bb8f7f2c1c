# Claim (seed 3/6 "memcg: restructure shrink_slab to walk memcg hierarchy"):
# a forced shrink walks the subtree it is given and nothing else.  With P
# holding children C1 and C2 and C1 a child G, forcing C1 frees C1's and G's
# unused dentries and leaves C2's and P's own lists unscanned; forcing P
# then reaches all four.  At every level, each total_ key of
# memory.dentry_unused and memory.slab_reclaim_stat is the cgroup's own
# value plus its descendants'.
. "$(dirname "$0")/../lib.sh"

# Distinct counts, so that a sum taking the wrong cgroup shows.
P_FILES=100 C1_FILES=200 C2_FILES=300 G_FILES=400

STAT_KEYS="global_scanned global_reclaimed limit_scanned limit_reclaimed
forced_scanned forced_reclaimed dentry_reclaimed inode_reclaimed forced_shrinks"

need_file "" memory.dentry_unused
need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat

# expect_totals CG DESCENDANT...: CG's total_ keys are its own values plus
# the descendants' own values.
expect_totals() {
	_top=$1
	shift
	for _key in unused $STAT_KEYS; do
		_file=memory.slab_reclaim_stat
		[ "$_key" = unused ] && _file=memory.dentry_unused
		_sum=0
		for _c in "$@"; do
			_sum=$((_sum + $(cg_read_key "$_c" $_file "$_key")))
		done
		expect_eq "$(cg_read_key "$_top" $_file "total_$_key")" $_sum "$_top's total_$_key"
	done
}

expect_all_totals() {
	expect_totals P P P/C1 P/C2 P/C1/G
	expect_totals P/C1 P/C1 P/C1/G
	expect_totals P/C2 P/C2
	expect_totals P/C1/G P/C1/G
}

# populate ROUND: each cgroup makes its own number of files in its own
# directory (made here, by the root cgroup, so it is not on their lists).
populate() {
	for _c in P:$P_FILES P/C1:$C1_FILES P/C2:$C2_FILES P/C1/G:$G_FILES; do
		_cg=${_c%:*} _n=${_c#*:}
		_dir=$d/$(echo "$_cg" | tr / _).$1
		mkdir "$_dir" || fail "mkdir $_dir"
		cg_make_files "$_cg" "$_dir" "$_n" || fail "create files in $_cg"
		assert_ge "$(cg_disk_unused "$_cg")" "$_n" "$_cg's unused on the disk"
	done
}

d=$(test_dir)
cg_create P
cg_create P/C1
cg_create P/C2
cg_create P/C1/G
populate 1
expect_all_totals

# Forcing C1 reaches C1 and G, and neither C2 nor P's own lists.
p_unused=$(cg_unused P)
c2_unused=$(cg_unused P/C2)
untouched=$(cg_keys memory.slab_reclaim_stat '^[a-z]+_scanned$' P P/C2)
g_scanned=$(cg_stat P/C1/G forced_scanned)
c1_scanned=$(cg_stat P/C1 forced_scanned)
cg_force P/C1 all
expect_eq "$(cg_unused P/C1)" 0 "C1's unused after forcing C1"
expect_eq "$(cg_unused P/C1/G)" 0 "G's unused after forcing C1"
expect_gt "$(cg_stat P/C1 forced_scanned)" "$c1_scanned" "C1's forced_scanned"
expect_gt "$(cg_stat P/C1/G forced_scanned)" "$g_scanned" "G's forced_scanned"
expect_eq "$(cg_stat P/C1 forced_shrinks)" 1 "C1's forced_shrinks"
expect_eq "$(cg_stat P/C1/G forced_shrinks)" 0 "G's forced_shrinks"
expect_eq "$(cg_unused P)" "$p_unused" "P's own unused after forcing C1"
expect_eq "$(cg_unused P/C2)" "$c2_unused" "C2's unused after forcing C1"
expect_same "$untouched" "$(cg_keys memory.slab_reclaim_stat '^[a-z]+_scanned$' P P/C2)" \
	"P's and C2's own *_scanned after forcing C1"
expect_all_totals

# Forcing P reaches every level, C1 and G included once they hold dentries again.
populate 2
before=$(cg_keys memory.slab_reclaim_stat '^forced_scanned$' P P/C1 P/C2 P/C1/G)
cg_force P all
for cg in P P/C1 P/C2 P/C1/G; do
	expect_eq "$(cg_unused $cg)" 0 "$cg's unused after forcing P"
	was=$(echo "$before" | awk -v c=$cg '$1 == c { print $3 }')
	expect_gt "$(cg_stat $cg forced_scanned)" "$was" "$cg's forced_scanned after forcing P"
done
expect_eq "$(cg_stat P forced_shrinks)" 1 "P's forced_shrinks"
expect_eq "$(cg_stat P/C1 forced_shrinks)" 1 "C1's forced_shrinks (its own write only)"
expect_all_totals
pass
