# Claim: reclaim driven by a memcg's limit (memory.limit_in_bytes; v2:
# memory.high, under memory.max) counts as limit_*: a cgroup that outgrows
# a low limit with negative dentries shows limit_scanned, limit_reclaimed
# and dentry_reclaimed above 0 and every forced_* and global_* key at 0,
# while a sibling's memory.dentry_unused and memory.slab_reclaim_stat do
# not change at all.  Limit reclaim is strong enough: nothing is
# OOM-killed and the unused dentries left fit in the limit.
#
# The guest's memory is calmed first (calm_memory), so no global reclaim
# runs during the test: a kernel that counts limit reclaim as global_*
# fails here, as does one whose limit reclaim leaves the slab alone (no
# limit_reclaimed, or more unused dentries than the limit holds).  The
# OOM killer is kept out of the way (cg_slab_limit says why: dentries
# freed by reclaim give their memory back an RCU grace period later).
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

LIMIT=$((4 << 20))
LOOKUPS=40000	# ~200 bytes of dentry each: about twice the limit

need_file "" memory.slab_reclaim_stat
need_file "" memory.dentry_unused
calm_memory
cg_create spec10
cg_create spec10-sibling
d=$(test_dir)
cg_make_files spec10-sibling "$d" 100 s
cg_lookup_missing spec10-sibling "$d" 100 ns
sib_unused=$(cg_read spec10-sibling memory.dentry_unused)
sib_stat=$(cg_read spec10-sibling memory.slab_reclaim_stat)

cg_slab_limit spec10 $LIMIT
kswapd0=$(vmstat pgscan_kswapd)
cg_lookup_missing spec10 "$d" $LOOKUPS || fail "the task making dentries under the limit exited $?"
diag "pgscan_kswapd +$(($(vmstat pgscan_kswapd) - kswapd0)) during the lookups"
stat=$(cg_read spec10 memory.slab_reclaim_stat)
diag "failcnt $(cg_limit_hits spec10), unused $(cg_unused spec10)"
diag "$(echo "$stat" | tr '\n' ' ')"
expect_gt "$(cg_limit_hits spec10)" 0 "limit hits (failcnt; events high and max)"
expect_no_oom spec10
# Each dentry on the lists is charged at least its object size.
dentry_size=$(dentry_size)
expect_le "$(cg_unused spec10)" $((LIMIT / dentry_size)) "unused after $LOOKUPS lookups under the limit"
for key in limit_scanned limit_reclaimed dentry_reclaimed; do
	expect_gt "$(key_of "$stat" $key)" 0 "$key"
done
for key in forced_scanned forced_reclaimed forced_shrinks global_scanned global_reclaimed; do
	expect_eq "$(key_of "$stat" $key)" 0 "$key"
done
expect_eq "$(cg_read spec10-sibling memory.dentry_unused)" "$sib_unused" "sibling's dentry_unused"
expect_eq "$(cg_read spec10-sibling memory.slab_reclaim_stat)" "$sib_stat" "sibling's slab_reclaim_stat"
pass
