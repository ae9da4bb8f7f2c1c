# Claim: reclaim driven by memory.limit_in_bytes counts as limit_*: a cgroup
# that outgrows a low limit with negative dentries shows limit_scanned,
# limit_reclaimed and dentry_reclaimed above 0 and every forced_* key at 0,
# while a sibling's memory.dentry_unused and memory.slab_reclaim_stat do not
# change at all.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

LIMIT=$((4 << 20))
LOOKUPS=40000	# ~200 bytes of dentry each: about twice the limit

need_file "" memory.slab_reclaim_stat
need_file "" memory.dentry_unused
cg_create spec10
cg_create spec10-sibling
d=$(test_dir)
cg_make_files spec10-sibling "$d" 100 s
cg_lookup_missing spec10-sibling "$d" 100 ns
sib_unused=$(cg_read spec10-sibling memory.dentry_unused)
sib_stat=$(cg_read spec10-sibling memory.slab_reclaim_stat)

cg_write spec10 memory.limit_in_bytes $LIMIT
cg_lookup_missing spec10 "$d" $LOOKUPS
stat=$(cg_read spec10 memory.slab_reclaim_stat)
diag "failcnt $(cg_read spec10 memory.failcnt), unused $(cg_unused spec10)"
diag "$(echo "$stat" | tr '\n' ' ')"
expect_gt "$(cg_read spec10 memory.failcnt)" 0 "memory.failcnt (the limit was hit)"
expect_lt "$(cg_unused spec10)" $LOOKUPS "unused after $LOOKUPS lookups under the limit"
for key in limit_scanned limit_reclaimed dentry_reclaimed; do
	expect_gt "$(key_of "$stat" $key)" 0 "$key"
done
for key in forced_scanned forced_reclaimed forced_shrinks; do
	expect_eq "$(key_of "$stat" $key)" 0 "$key"
done
expect_eq "$(cg_read spec10-sibling memory.dentry_unused)" "$sib_unused" "sibling's dentry_unused"
expect_eq "$(cg_read spec10-sibling memory.slab_reclaim_stat)" "$sib_stat" "sibling's slab_reclaim_stat"
pass
