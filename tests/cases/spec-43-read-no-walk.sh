# Claim: reading memory.dentry_unused "must not walk dentries: its cost
# grows with memcgs x superblocks x nodes, never with the number of
# dentries".  A read counts each superblock's dentry lists from their
# counters: for each memcg of the subtree and each superblock, one lookup
# of the memcg's own lists (list_lru_own_idx()), whose node counts it
# adds; for the root, each node's list counter (list_lru_count_own()).  The function
# graph tracer records, directly inside count_memcg_unused_dentries(),
# the lookups, the node counts, the list_lru walkers and the spinlocks
# (cond_resched() traced too, so that the scheduler's locks nest under
# it).  A read of a leaf makes S lookups (S superblocks); a read of the
# root counts S x N node lists (N possible nodes); a read of spec43, the
# parent of KIDS children, makes exactly (KIDS + 1) x S lookups; none
# walks a list (list_lru_walk_one(), _own(), _node(): no calls) or takes
# a list lock (at most LOCKS_MAX spinlocks, the read's sb_lock).  Then
# MORE negative dentries go on a child's lists, and a read of spec43
# makes the same calls as before, to the one.  It fails on a kernel that
# counts a list by walking it (list_lru_walk_*(), or its lock taken per
# list), or whose reads cost more calls per memcg, superblock or node.
# (spec-23 times reads with 100 and 50000 dentries; spec-34 counts the
# batches of memcgs; this one counts the work itself.)
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

KIDS=100
MORE=100000
LOCKS_MAX=8
FN=count_memcg_unused_dentries
LOOKUP=list_lru_own_idx
NODECOUNT=list_lru_count_own
WALKERS="list_lru_walk_one list_lru_walk_own list_lru_walk_node"
LOCK=_raw_spin_lock
YIELD=__cond_resched

need_file "" memory.dentry_unused
# shellcheck disable=SC2086 # function names
graph_fn "$FN" "$LOOKUP" "$NODECOUNT" $WALKERS "$LOCK" "$YIELD"

cg_create spec43
cg_create_many spec43 k $KIDS
d=$(test_dir)
cg_lookup_missing spec43/k1 "$d" 100 small

# calls_of PATH: "LOOKUPS NODECOUNTS WALKS LOCKS" made directly inside FN
# in one read of PATH's file
calls_of() {
	graph_start
	cat "$MEMCG/$1/memory.dentry_unused" > /dev/null || fail "read $1"
	graph_stop
	expect_eq "$(graph_calls "$FN")" 1 "calls of $FN the tracer saw in a read of $1"
	graph_seq | awk -v l="$LOOKUP" -v c="$NODECOUNT" -v w=" $WALKERS " -v k="$LOCK" '
		$1 == l { nl++ } $1 == c { nc++ } index(w, " " $1 " ") { nw++ } $1 == k { nk++ }
		END { print nl + 0, nc + 0, nw + 0, nk + 0 }'
}

nodes=0
for n in /sys/devices/system/node/node[0-9]*; do
	[ -d "$n" ] && nodes=$((nodes + 1))
done
# shellcheck disable=SC2046 # four numbers
set -- $(calls_of spec43/k1)
s=$1
diag "a read of spec43/k1: $1 lookups, $2 node counts, $3 walks, $4 spinlocks"
expect_gt "$s" 0 "lookups in a read of spec43/k1 (one a superblock)"
expect_eq "$3" 0 "list walks in a read of spec43/k1"
# shellcheck disable=SC2046 # four numbers
set -- $(calls_of "")
diag "a read of the root: $1 lookups, $2 node counts, $3 walks, $4 spinlocks ($nodes nodes)"
expect_eq "$2" $((s * nodes)) "node counts in a read of the root ($s superblocks x $nodes nodes)"
expect_eq "$3" 0 "list walks in a read of the root"

small=$(calls_of spec43)
# shellcheck disable=SC2086 # four numbers
set -- $small
diag "a read of spec43 ($((KIDS + 1)) memcgs), $(cg_unused spec43 total_unused) unused dentries: $1 lookups, $2 node counts, $3 walks, $4 spinlocks"
expect_eq "$1" $(((KIDS + 1) * s)) "lookups in a read of spec43 ($((KIDS + 1)) memcgs x $s superblocks)"
expect_eq "$3" 0 "list walks in a read of spec43"
expect_le "$4" $LOCKS_MAX "spinlocks in a read of spec43"

u0=$(cg_unused spec43 total_unused)
cg_lookup_many spec43/k1 "$d" $MORE many
u1=$(cg_unused spec43 total_unused)
expect_ge $((u1 - u0)) $MORE "spec43's unused dentries added"
big=$(calls_of spec43)
diag "a read of spec43 with $u1 unused dentries: $big (lookups, node counts, walks, spinlocks)"
expect_eq "${big% *}" "${small% *}" "calls in a read of spec43 with $((u1 - u0)) more dentries (lookups, node counts, walks)"
expect_le "${big##* }" $LOCKS_MAX "spinlocks in a read of spec43 with $((u1 - u0)) more dentries"
pass
