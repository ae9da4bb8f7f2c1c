# Claim: a read of memory.dentry_unused takes sb_lock a number of times
# that does not grow with the memcgs it counts: it pins the superblocks
# in one walk of their list and counts each superblock's lists in batches
# of 64 memcgs under that superblock's s_umount, taken without waiting
# (sb_lock only for a superblock whose s_umount a mount, an unmount, a
# remount or a freeze holds), so that two readers in a loop do not make
# every other user of sb_lock wait.  The function graph tracer records the
# spin_lock calls (_raw_spin_lock) made inside count_memcg_unused_dentries()
# in a read of a leaf cgroup (one memcg) and in a read of a parent of KIDS
# children: on a kernel that takes sb_lock for each batch of memcgs, the
# parent's read takes it about (KIDS + 1) / 64 more times a superblock;
# here both reads take the same spinlocks, give or take SLACK.  Other
# spinlocks a read may take (the scheduler's, when it gives up the CPU
# between batches; an allocation's slow path) only add: the least of
# READS reads of each is compared, interrupts not traced.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

KIDS=640
SLACK=8
READS=3
FN=count_memcg_unused_dentries
LOCK=_raw_spin_lock

need_file "" memory.dentry_unused
graph_fn "$FN" "$LOCK"

cg_create spec41
cg_create_many spec41 k $KIDS

# locks_of PATH: the fewest spin_lock calls that one of READS reads of
# PATH's file made, each read checked to be the one call of FN the
# tracer saw
locks_of() {
	_min=
	_r=0
	while [ $_r -lt $READS ]; do
		graph_start
		cat "$MEMCG/$1/memory.dentry_unused" > /dev/null || fail "read $1"
		graph_stop
		expect_eq "$(graph_calls "$FN")" 1 "calls of $FN the tracer saw in a read of $1"
		_n=$(graph_calls "$LOCK")
		if [ -z "$_min" ] || [ "$_n" -lt "$_min" ]; then
			_min=$_n
		fi
		_r=$((_r + 1))
	done
	echo "$_min"
}
leaf=$(locks_of spec41/k1)
parent=$(locks_of spec41)
nsb=$(grep -c . /proc/self/mountinfo)
diag "spin_lock calls in a read (least of $READS): spec41/k1 (1 memcg) $leaf, spec41 ($((KIDS + 1)) memcgs) $parent; $nsb mounts"
expect_gt "$leaf" 0 "spin_lock calls in a read of spec41/k1 (the tracer saw the read)"
expect_le "$parent" $((leaf + SLACK)) \
	"spin_lock calls in a read of spec41 ($((KIDS + 1)) memcgs) against spec41/k1's $leaf"
pass
