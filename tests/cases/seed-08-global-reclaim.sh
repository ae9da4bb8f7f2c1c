# Claim (seed 2/6 "memcg: add target_mem_cgroup, mem_cgroup fields to
# shrink_control": global reclaim has no target and must still reach every
# cgroup).  `echo 2 > /proc/sys/vm/drop_caches` frees the
# unused dentries of A, B and A's child C, and each counts what it lost as
# global_* (its own keys, and A's total_ keys for C), not as limit_* or
# forced_*.
. "$(dirname "$0")/../lib.sh"

FILES=500

need_file "" memory.dentry_unused
need_file "" memory.slab_reclaim_stat

d=$(test_dir)
cg_create A
cg_create B
cg_create A/C
for cg in A B A/C; do
	dir=$d/$(echo $cg | tr / _)
	mkdir "$dir" || fail "mkdir $dir"
	cg_make_files $cg "$dir" $FILES || fail "create files in $cg"
	assert_ge "$(cg_disk_unused $cg)" $FILES "$cg's unused on the disk"
done
before=$(cg_keys memory.slab_reclaim_stat . A B A/C)
a_total=$(cg_stat A total_global_reclaimed)

echo 2 > /proc/sys/vm/drop_caches || fail "write 2 to drop_caches"

for cg in A B A/C; do
	expect_eq "$(cg_disk_unused $cg)" 0 "$cg's unused on the disk after drop_caches"
	for key in global_scanned global_reclaimed; do
		was=$(echo "$before" | awk -v c=$cg -v k=$key '$1 == c && $2 == k { print $3 }')
		expect_ge "$(cg_stat $cg $key)" $((was + FILES)) "$cg's $key"
	done
	was=$(echo "$before" | awk -v c=$cg '$1 == c && $2 == "dentry_reclaimed" { print $3 }')
	expect_ge "$(cg_stat $cg dentry_reclaimed)" $((was + FILES)) "$cg's dentry_reclaimed"
done
expect_ge "$(cg_stat A total_global_reclaimed)" $((a_total + 2 * FILES)) "A's total_global_reclaimed (A and C)"
expect_same "$(echo "$before" | grep -E ' (total_)?(limit|forced)_')" \
	"$(cg_keys memory.slab_reclaim_stat '^(total_)?(limit|forced)_' A B A/C)" \
	"limit_* and forced_* of A, B and C"
pass
