# Claim: after rmdir of a child, the parent's own lists take the child's
# unused dentries: once the child is offlined, the parent's "unused" and
# each N<nid> and sb line grow by exactly the child's, its total_unused is
# then what it was before the rmdir, and a forced shrink of the parent then
# frees them as its own (dentry_reclaimed grows by all of them).  Counts
# are read once the move has happened (polled): a reader racing the move is
# issue 9's business (stress tests), not this claim's.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

# rmdir only kills the css: 6.1 offlines it (memcg_reparent_list_lrus) from
# a workqueue after an RCU grace period, so the move is waited for.
REPARENT_WAIT_TENTHS=100

need_file "" memory.dentry_unused
need_file "" memory.force_slab_shrink
cg_create spec05
cg_create spec05/child
d=$(test_dir)
cg_make_files spec05 "$d" 25 p
cg_make_files spec05/child "$d" 100 c
cg_lookup_missing spec05/child "$d" 100 nc

parent=$(cg_read spec05 memory.dentry_unused)
child=$(cg_read spec05/child memory.dentry_unused)
assert_gt "$(key_of "$child" unused)" 0 "child's unused before rmdir"
cg_remove spec05/child
want=$(($(key_of "$parent" unused) + $(key_of "$child" unused)))
tenths=0
while [ "$(cg_unused spec05)" != $want ] && [ $tenths -lt $REPARENT_WAIT_TENTHS ]; do
	sleep 0.1
	tenths=$((tenths + 1))
done
diag "parent's unused reached $(cg_unused spec05) (want $want) after $tenths tenths of a second"
expect_eq "$(cg_unused spec05)" "$want" "parent's unused $REPARENT_WAIT_TENTHS tenths of a second after the rmdir"
after=$(cg_read spec05 memory.dentry_unused)
diag "parent before: $(echo "$parent" | tr '\n' ' ')"
diag "child before:  $(echo "$child" | tr '\n' ' ')"
diag "parent after:  $(echo "$after" | tr '\n' ' ')"

expect_eq "$(key_of "$after" total_unused)" "$(key_of "$parent" total_unused)" \
	"parent's total_unused across rmdir"
# Every own key (unused, N<nid>, sb:...) of the parent took the child's count.
for key in $(echo "$parent$child" | awk '$1 != "total_unused" { print $1 }' | sort -u); do
	p=$(echo "$parent" | awk -v k="$key" '$1 == k { n = $2 } END { print n + 0 }')
	c=$(echo "$child" | awk -v k="$key" '$1 == k { n = $2 } END { print n + 0 }')
	a=$(echo "$after" | awk -v k="$key" '$1 == k { n = $2 } END { print n + 0 }')
	expect_eq "$a" $((p + c)) "parent's $key after rmdir"
done

s0=$(cg_read spec05 memory.slab_reclaim_stat)
cg_force spec05 all
s1=$(cg_read spec05 memory.slab_reclaim_stat)
expect_eq "$(cg_unused spec05)" 0 "parent's unused after all"
expect_eq "$(delta_of "$s0" "$s1" dentry_reclaimed)" "$(key_of "$after" unused)" \
	"parent's dentry_reclaimed from freeing its own and the adopted dentries"
pass
