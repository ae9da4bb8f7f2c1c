# Claim: echo 2 > /proc/sys/vm/drop_caches counts as global reclaim: in a
# cgroup with dentries, global_scanned and global_reclaimed grow, "unused"
# drops by exactly the dentry_reclaimed delta and no limit_* or forced_*
# key moves; the root's total_global_reclaimed takes its own and the child's.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

need_file "" memory.slab_reclaim_stat
need_file "" memory.dentry_unused
cg_create spec13
d=$(test_dir)
cg_make_files spec13 "$d" 200
cg_lookup_missing spec13 "$d" 200

u0=$(cg_unused spec13)
s0=$(cg_read spec13 memory.slab_reclaim_stat)
r0=$(cg_read "" memory.slab_reclaim_stat)
echo 2 > /proc/sys/vm/drop_caches || fail "write to drop_caches"
u1=$(cg_unused spec13)
s1=$(cg_read spec13 memory.slab_reclaim_stat)
r1=$(cg_read "" memory.slab_reclaim_stat)
diag "unused $u0 -> $u1; $(echo "$s1" | tr '\n' ' ')"
gr=$(delta_of "$s0" "$s1" global_reclaimed)
expect_reclaimed_by global "$s0" "$s1" "$u0" "$u1"
expect_ge "$(delta_of "$s0" "$s1" global_scanned)" "$gr" "global_scanned delta"
expect_eq "$(delta_of "$r0" "$r1" total_global_reclaimed)" \
	$(($(delta_of "$r0" "$r1" global_reclaimed) + gr)) "root's total_global_reclaimed delta"
pass
