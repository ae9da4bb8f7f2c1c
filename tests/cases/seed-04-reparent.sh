# Claim (seed 5/6 "memcg: move dcache slabs to root lru when memcg exits";
# 6.1 moves them to the parent): when child C1 of P is removed, the k unused
# dentries on C1's lists move to P's own lists, so P's own unused count
# rises by exactly k while P's total_unused stays the same, and a forced
# shrink of P then frees them.
. "$(dirname "$0")/../lib.sh"

P_FILES=100		# P's own unused dentries
C1_FILES=500		# C1's, to be moved to P
REPARENT_WAIT=10	# seconds: the lists move when C1 goes offline, which
			# runs from a workqueue after rmdir returns

need_file "" memory.dentry_unused
need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat

d=$(test_dir)
mkdir "$d/p" "$d/c1" || fail "mkdir in $d"
cg_create P
cg_create P/C1
cg_make_files P "$d/p" $P_FILES || fail "create files in P"
cg_make_files P/C1 "$d/c1" $C1_FILES || fail "create files in C1"
assert_ge "$(cg_disk_unused P/C1)" $C1_FILES "C1's unused on the disk"

k=$(cg_unused P/C1)
p_unused=$(cg_unused P)
p_total=$(cg_unused P total_unused)
assert_eq "$p_total" $((p_unused + k)) "P's total_unused before rmdir"
p_dentries=$(cg_stat P dentry_reclaimed)

cg_remove P/C1
waited=0
while [ "$(cg_unused P)" != $((p_unused + k)) ] && [ $waited -lt $((REPARENT_WAIT * 10)) ]; do
	sleep 0.1
	waited=$((waited + 1))
done
expect_eq "$(cg_unused P)" $((p_unused + k)) "P's own unused after rmdir of C1 (was $p_unused, C1 had $k)"
expect_eq "$(cg_unused P total_unused)" "$p_total" "P's total_unused after rmdir of C1"

cg_force P all
expect_eq "$(cg_unused P)" 0 "P's unused after forcing all"
expect_ge "$(cg_stat P dentry_reclaimed)" $((p_dentries + P_FILES + C1_FILES)) "P's dentry_reclaimed"
pass
