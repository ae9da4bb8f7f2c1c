# Claim: a read of memory.slab_reclaim_stat "holds no global lock (or
# interrupts off) for more than a bounded batch", however many memcgs it
# folds, and shows every count made before it began.  The read folds the
# per-CPU counters of each memcg of its subtree into the memcg's own and
# total counts, one memcg at a time under that memcg's own lock, and
# gives up the CPU (cond_resched()) between memcgs.  KIDS children of
# spec42 each get per-CPU counters (a write to their force_slab_shrink
# counts one forced shrink); the function graph tracer then records the
# spinlock and mutex calls and the cond_resched() calls (__cond_resched)
# made directly inside memcg_slab_reclaim_stat_show() in a read of
# spec42 (KIDS + 1 memcgs), each with the context it was made in (the
# latency format's interrupts-off flag and preemption depth): every lock
# taken there is let go before the next yield, and each yield is made
# with interrupts and preemption as they were when the read began (no
# spinlock held, however taken, and interrupts not turned off across
# memcgs); the read yields at least once every BATCH memcgs it folds, it
# takes at most BATCH locks between two yields, and it does take a lock
# for each memcg with counters (the tracer saw the folds).  The read's
# total_forced_shrinks is the KIDS writes.  It fails on a kernel whose
# read folds the subtree under one lock (a global spinlock,
# spin_lock_irq(), a mutex) or with interrupts off, or without
# cond_resched() between memcgs.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

KIDS=300
BATCH=64
FN=memcg_slab_reclaim_stat_show
YIELD=__cond_resched
LOCKS="_raw_spin_lock _raw_spin_lock_irq _raw_spin_lock_irqsave _raw_spin_lock_bh mutex_lock"
UNLOCKS="_raw_spin_unlock _raw_spin_unlock_irq _raw_spin_unlock_irqrestore _raw_spin_unlock_bh mutex_unlock"

need_file "" memory.slab_reclaim_stat
need_file "" memory.force_slab_shrink
# shellcheck disable=SC2086 # function names
graph_fn "$FN" "$YIELD" $LOCKS $UNLOCKS

cg_create spec42
cg_create_many spec42 k $KIDS
i=1
while [ $i -le $KIDS ]; do
	cg_force "spec42/k$i" 1
	i=$((i + 1))
done

graph_start
stat=$(cg_read spec42 memory.slab_reclaim_stat) || fail "read spec42's memory.slab_reclaim_stat"
graph_stop
expect_eq "$(graph_calls "$FN")" 1 "calls of $FN the tracer saw in a read of spec42"
expect_eq "$(key_of "$stat" total_forced_shrinks)" $KIDS "spec42's total_forced_shrinks"

# One line: yields, locks taken, the most locks taken between two yields,
# the yields made with a lock held or with interrupts or preemption off
# (the context of the read's own call is the norm: the tracer's own
# preemption count is in both), the read's context and the first bad one.
# shellcheck disable=SC2016 # awk's
res=$(graph_seq | awk -v fn="$FN" -v locks=" $LOCKS " -v unlocks=" $UNLOCKS " -v yield="$YIELD" '
	function key(c) { return substr(c, 1, 1) substr(c, 4) }
	$1 == fn { base = key($2); next }
	index(locks, " " $1 " ") { held++; taken++; seg++; if (seg > maxseg) maxseg = seg; next }
	index(unlocks, " " $1 " ") { if (held > 0) held--; next }
	$1 == yield {
		yields++
		if (held > 0 || key($2) != base) { bad++; if (first == "") first = key($2) "/" held + 0 }
		seg = 0
	}
	END { print yields + 0, taken + 0, maxseg + 0, bad + 0, base, (first == "" ? "-" : first) }')
# shellcheck disable=SC2086 # six words
set -- $res
yields=$1 taken=$2 maxseg=$3 bad=$4 base=$5 first=$6
memcgs=$((KIDS + 1))
diag "a read of spec42 ($memcgs memcgs): $yields yields, $taken locks taken, at most $maxseg between two yields; $bad yields with a lock held or interrupts or preemption off (the read's context $base, the first bad yield's context/locks held $first)"
expect_ge "$taken" "$KIDS" "locks taken in the read (one a memcg with counters)"
expect_eq "$bad" 0 "yields made with a lock held or interrupts or preemption off"
expect_ge "$yields" $(((memcgs + BATCH - 1) / BATCH)) "yields in a read of $memcgs memcgs"
expect_le "$maxseg" $BATCH "locks taken between two yields"
pass
