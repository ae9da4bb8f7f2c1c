# Claim (seed 4/6 "memcg: shrink dcache with memcg context"): looking up
# names that do not exist leaves negative dentries that are counted as
# unused in the cgroup that did the lookups (one each), not in the cgroup
# that made the directory nor in an idle sibling, and a forced shrink of
# that cgroup frees them.
. "$(dirname "$0")/../lib.sh"

LOOKUPS=1000

need_file "" memory.dentry_unused
need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat

# negative_dentries: nr_negative of /proc/sys/fs/dentry-state.
negative_dentries() {
	awk '{ print $5 }' /proc/sys/fs/dentry-state
}

d=$(test_dir)	# made by the root cgroup, where this script runs
cg_create A
cg_create B
a_disk=$(cg_disk_unused A)
b_unused=$(cg_unused B)
root_disk=$(cg_disk_unused "")
negative=$(negative_dentries)

cg_lookup_missing A "$d" $LOOKUPS || fail "lookups in A"
expect_eq "$(cg_disk_unused A)" $((a_disk + LOOKUPS)) "A's unused on the disk after $LOOKUPS lookups"
expect_ge "$(negative_dentries)" $((negative + LOOKUPS)) "nr_negative in dentry-state"
expect_eq "$(cg_disk_unused "")" "$root_disk" "the root cgroup's own unused on the disk"
expect_eq "$(cg_unused B)" "$b_unused" "B's unused"

dentries=$(cg_stat A dentry_reclaimed)
forced=$(cg_stat A forced_reclaimed)
cg_force A all
expect_eq "$(cg_unused A)" 0 "A's unused after forcing all"
expect_ge "$(cg_stat A dentry_reclaimed)" $((dentries + LOOKUPS)) "A's dentry_reclaimed"
expect_ge "$(cg_stat A forced_reclaimed)" $((forced + LOOKUPS)) "A's forced_reclaimed"
pass
