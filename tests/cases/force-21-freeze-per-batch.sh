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

at_exit fsfreeze --unfreeze "$DATA"
# once the write has begun freeing, freeze the disk
force_all_begun force21 "$before"
began=$FORCE_LEFT
t0=$(now_ms)
fsfreeze --freeze "$DATA" || fail "freeze $DATA during the write"
t1=$(now_ms)
force_left force21
after=$FORCE_LEFT
fsfreeze --unfreeze "$DATA" || fail "thaw $DATA"
wait $FORCE_PID
status=$?
diag "all on $before: freeze at $began left took $((t1 - t0)) ms; $after left when it returned; writer: $(cat "$FORCE_OUT") (status $status)"
expect_eq "$status" 0 "the writer's exit status"
expect_ge "$began" $((before / 2)) "dentries left when the freeze began (the poll too slow to tell)"
expect_ge "$after" $((began / 2)) "dentries left when the freeze returned"
pass
