# Claim (seed 6/6 "memcg: shrink slab during memcg reclaim", with 4/6
# "memcg: shrink dcache with memcg context"): when cgroup A hits its memory
# limit while it keeps making dentries, limit reclaim shrinks A's own
# dentries: A's unused count stays within what its limit can hold, and its
# limit_* counters rise, its global_* ones do not (no global reclaim runs:
# the test calms the guest's memory first), without an OOM kill (the limit
# is set with cg_slab_limit: memory.high under memory.max on v2).  Sibling
# B, which holds just as many unused dentries on the same disk, is not
# touched at all: its unused count and every one of its *_scanned counters
# stay exactly as they were.
. "$(dirname "$0")/../lib.sh"

FILES=2000			# unused dentries A and B each hold to begin with
LOOKUPS=60000			# negative dentries A makes under its limit
HEADROOM=$((4 * 1024 * 1024))	# limit above A's usage, in bytes

need_file "" memory.dentry_unused
need_file "" memory.slab_reclaim_stat

calm_memory
d=$(test_dir)
mkdir "$d/a" "$d/b" "$d/missing" || fail "mkdir in $d"
cg_create A
cg_create B
cg_make_files A "$d/a" $FILES || fail "create files in A"
cg_make_files B "$d/b" $FILES || fail "create files in B"
assert_ge "$(cg_disk_unused A)" $FILES "A's unused dentries on the disk"
assert_ge "$(cg_disk_unused B)" $FILES "B's unused dentries on the disk"

b_unused=$(cg_unused B)
b_scanned=$(cg_keys memory.slab_reclaim_stat '^[a-z]+_scanned$' B)
a_unused=$(cg_unused A)
a_limit_scanned=$(cg_stat A limit_scanned)
a_limit_reclaimed=$(cg_stat A limit_reclaimed)
a_dentry_reclaimed=$(cg_stat A dentry_reclaimed)
a_failcnt=$(cg_limit_hits A)
a_global=$(cg_keys memory.slab_reclaim_stat '^global_' A)

# Each dentry on A's lists is charged to A, at least its object size.
dentry_size=$(dentry_size)
limit=$(($(cg_usage A) + HEADROOM))
cg_slab_limit A $limit
assert_gt $((a_unused + LOOKUPS)) $((limit / dentry_size)) "dentries A would hold without reclaim, against what fits"
cg_lookup_missing A "$d/missing" $LOOKUPS m || fail "lookups in A exited $?"

expect_no_oom A
expect_same "$a_global" "$(cg_keys memory.slab_reclaim_stat '^global_' A)" "A's global_* counters"
expect_gt "$(cg_limit_hits A)" "$a_failcnt" "A's limit hits"
expect_gt "$(cg_stat A limit_scanned)" "$a_limit_scanned" "A's limit_scanned"
expect_gt "$(cg_stat A limit_reclaimed)" "$a_limit_reclaimed" "A's limit_reclaimed"
expect_gt "$(cg_stat A dentry_reclaimed)" "$a_dentry_reclaimed" "A's dentry_reclaimed"
# No more than limit / dentry_size fit; without reclaim there would be
# a_unused + LOOKUPS, well above that.
expect_le "$(cg_unused A)" $((limit / dentry_size)) "A's unused after $LOOKUPS lookups (limit $limit)"

expect_eq "$(cg_unused B)" "$b_unused" "B's unused"
expect_same "$b_scanned" "$(cg_keys memory.slab_reclaim_stat '^[a-z]+_scanned$' B)" "B's *_scanned counters"
pass
