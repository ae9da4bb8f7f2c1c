# Claim: a read of memory.dentry_unused keeps its bound of 64 memcgs per
# hold of a lock on a host where cgroups are created and removed all the
# time: a memcg going offline outside the subtree read never makes the
# read count again.  A count that a reparenting raced is taken again, and
# after two such races it holds the lock over the whole subtree in one call
# of list_lru_count_subtree_step(): that must happen only for a
# reparenting inside the subtree.  The function profiler counts the calls
# of list_lru_count_subtree_step() in READS reads of a parent of KIDS
# children, on a quiet machine and then while a loop makes and removes
# cgroups beside the parent (each removal moves the removed memcg's
# list_lru items to its parent): the counts must be the same.  A kernel
# whose reads retry on any reparenting anywhere counts again (more calls,
# the retried count over all KIDS + 1 memcgs in one hold).
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

KIDS=2000
READS=10
MIN_CHURN=20	# cgroups made and removed during the reads, at least
FN=list_lru_count_subtree_step

need_file "" memory.dentry_unused
profile_fn "$FN"

cg_create spec35
cg_create_many spec35 k $KIDS

# calls_of_reads: the calls of FN that READS reads of spec35's file made
calls_of_reads() {
	profile_start
	_r=0
	while [ $_r -lt $READS ]; do
		cat "$MEMCG/spec35/memory.dentry_unused" > /dev/null ||
			fail "read spec35"
		_r=$((_r + 1))
	done
	profile_stop
	profile_calls "$FN"
}
quiet=$(calls_of_reads)

# the churn: a cgroup beside spec35 made and removed in a loop, each round
# a one-byte line appended to a file (a write no read can tear); mkdir and
# rmdir are busybox applets that run without a fork
churn=/tmp/spec35.churn.$$
at_exit rm -f "$churn"
: > "$churn"
# shellcheck disable=SC2016 # expanded by the inner shell
sh -c 'while mkdir "$0" && rmdir "$0"; do echo >> "$1"; done' \
	"$MEMCG/spec35churn.$$" "$churn" &
churner=$!
at_exit kill $churner
# wait for the loop to run
i=0
while ! [ -s "$churn" ] && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
# READS reads at a time during the churn, until at least MIN_CHURN
# cgroups came and went (reads that got faster must not make the test
# vacuous); each round must make as many calls as the quiet one
before=$(wc -l < "$churn")
rounds=0
most=0
after=$before
while [ $((after - before)) -lt $MIN_CHURN ] && [ $rounds -lt 50 ]; do
	busy=$(calls_of_reads)
	[ "$busy" -gt "$most" ] && most=$busy
	expect_eq "$busy" "$quiet" "calls of $FN in $READS reads during the churn (round $((rounds + 1)))"
	rounds=$((rounds + 1))
	after=$(wc -l < "$churn")
done
kill $churner
wait $churner 2>/dev/null
rmdir "$MEMCG/spec35churn.$$" 2>/dev/null

diag "calls of $FN in $READS reads of spec35 ($((KIDS + 1)) memcgs): $quiet quiet, at most $most in each of $rounds rounds during $((after - before)) cgroups made and removed beside it"
expect_gt "$quiet" 0 "calls of $FN in the quiet reads"
expect_ge $((after - before)) $MIN_CHURN "cgroups made and removed during the reads"
pass
