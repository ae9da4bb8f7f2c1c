# Claim: with kmem accounting off (booted with cgroup.memory=nokmem) every
# dentry is on the root's lists, whoever made it, and a forced shrink still
# frees them: a child's POPULATION negative dentries count in the root's
# memory.dentry_unused, not the child's; the child's "all" frees nothing
# (it has no lists of its own) and succeeds; the root's "<n>" frees exactly
# N, and its "all" every unused dentry on the disk.  (make check runs the
# nokmem-* tests in a boot of their own.)
# hierarchy: v1
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

POPULATION=3000
N=1000

grep -qw 'cgroup.memory=nokmem' /proc/cmdline ||
	fail "not booted with cgroup.memory=nokmem: run it in make check's nokmem boot"
need_file "" memory.force_slab_shrink
cg_create nokmem01
d=$(test_dir)

cg_lookup_missing nokmem01 "$d" $POPULATION
root0=$(cg_disk_unused "")
diag "after $POPULATION lookups in nokmem01: its unused $(cg_unused nokmem01), the root's on the disk $root0"
expect_eq "$(cg_unused nokmem01)" 0 "nokmem01's own unused dentries"
assert_ge "$root0" $POPULATION "the root's unused dentries on the disk"

s0=$(cg_read nokmem01 memory.slab_reclaim_stat)
cg_force nokmem01 all
s1=$(cg_read nokmem01 memory.slab_reclaim_stat)
expect_eq "$(delta_of "$s0" "$s1" forced_reclaimed)" 0 "what nokmem01's all freed"
expect_eq "$(cg_disk_unused "")" "$root0" "the root's unused dentries after nokmem01's all"

s0=$(cg_read "" memory.slab_reclaim_stat)
cg_force "" $N
s1=$(cg_read "" memory.slab_reclaim_stat)
diag "the root's $N: forced_reclaimed +$(delta_of "$s0" "$s1" forced_reclaimed), unused on the disk $root0 -> $(cg_disk_unused "")"
expect_eq "$(delta_of "$s0" "$s1" forced_reclaimed)" $N "what the root's $N freed"
cg_force "" all
expect_eq "$(cg_disk_unused "")" 0 "the root's unused dentries on the disk after its all"
pass
