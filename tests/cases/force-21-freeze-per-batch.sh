# Claim: a forced shrink holds a file system's s_umount for one batch at a
# time, never across its whole walk of that superblock, so a freeze (and a
# mount, unmount or remount, which take s_umount for writing too) of a file
# system being walked waits for a batch, not for the write: "all" on
# POPULATION unused dentries of one cgroup on the data disk, and, once the
# write has begun freeing them, a freeze of the data disk.  When the freeze
# returns, most of what was left when it began is still there; the write
# then succeeds.  A kernel that holds s_umount across the walk makes the
# freeze wait until the walk of the disk is over: nothing is left.
# A remount cannot tell: it shrinks the superblock's dcache itself
# (reconfigure_super() calls shrink_dcache_sb()).
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

POPULATION=200000

need_file "" memory.force_slab_shrink
need_tool cgtest-write
need_tool fsfreeze
cg_create force21
d=$(test_dir)

cg_lookup_many force21 "$d" $POPULATION
before=$(cg_disk_unused force21)
assert_ge "$before" $POPULATION "unused dentries before"

key=sb:$(disk_devno)
# read_left: force21's unused dentries on the disk into $left, without a
# fork (a fork a poll would let the write run far ahead of the poll).
read_left() {
	left=0
	while read -r _k _v; do
		[ "$_k" = "$key" ] && left=$_v
	done < "$MEMCG/force21/memory.dentry_unused"
}

out=/tmp/force21.$$
at_exit rm -f "$out"
at_exit fsfreeze --unfreeze "$DATA"
cgtest-write "$MEMCG/force21/memory.force_slab_shrink" all > "$out" 2>&1 &
writer=$!

left=$before
while [ "$left" -ge "$before" ]; do
	kill -0 $writer 2>/dev/null || break
	read_left
done
began=$left
t0=$(now_ms)
fsfreeze --freeze "$DATA" || fail "freeze $DATA during the write"
t1=$(now_ms)
read_left
after=$left
fsfreeze --unfreeze "$DATA" || fail "thaw $DATA"
wait $writer
status=$?
diag "all on $before: freeze at $began left took $((t1 - t0)) ms; $after left when it returned; writer: $(cat "$out") (status $status)"
expect_eq "$status" 0 "the writer's exit status"
expect_ge "$began" $((before / 2)) "dentries left when the freeze began (the poll too slow to tell)"
expect_ge "$after" $((began / 2)) "dentries left when the freeze returned"
pass
