# Claim: limit reclaim of a parent that reaches a child's lists counts as
# limit_* in the child (the memcg whose lists were scanned) and in the
# parent's total_limit_* keys: with the limit on spec11 and the dentries
# made in spec11/child, the child's limit_reclaimed is above 0 and the
# parent's total_limit_reclaimed is its own plus the child's.  None of it
# counts as global_* (the guest's memory is calmed first, so no global
# reclaim runs), nothing is OOM-killed, and the child's unused dentries
# fit in the parent's limit (set with cg_slab_limit: memory.high under
# memory.max on v2).
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

LIMIT=$((4 << 20))
LOOKUPS=40000	# ~200 bytes of dentry each: about twice the limit

need_file "" memory.slab_reclaim_stat
need_file "" memory.dentry_unused
calm_memory
cg_create spec11
cg_create spec11/child
d=$(test_dir)
cg_slab_limit spec11 $LIMIT
cg_lookup_missing spec11/child "$d" $LOOKUPS || fail "the task making dentries under the limit exited $?"
parent=$(cg_read spec11 memory.slab_reclaim_stat)
child=$(cg_read spec11/child memory.slab_reclaim_stat)
diag "parent: $(echo "$parent" | tr '\n' ' ')"
diag "child: $(echo "$child" | tr '\n' ' ')"
expect_gt "$(key_of "$child" limit_scanned)" 0 "child's limit_scanned"
expect_gt "$(key_of "$child" limit_reclaimed)" 0 "child's limit_reclaimed"
expect_eq "$(key_of "$child" forced_reclaimed)" 0 "child's forced_reclaimed"
for key in global_scanned global_reclaimed total_global_scanned total_global_reclaimed; do
	expect_eq "$(key_of "$child" $key)" 0 "child's $key"
	expect_eq "$(key_of "$parent" $key)" 0 "parent's $key"
done
expect_no_oom spec11
expect_no_oom spec11/child
dentry_size=$(dentry_size)
expect_le "$(cg_unused spec11 total_unused)" $((LIMIT / dentry_size)) "parent's total_unused under its limit"
for key in limit_scanned limit_reclaimed; do
	expect_eq "$(key_of "$parent" total_$key)" \
		$(($(key_of "$parent" $key) + $(key_of "$child" $key))) "parent's total_$key"
done
pass
