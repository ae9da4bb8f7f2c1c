# Claim: an rmdir of the cgroup written to ends a forced shrink within a
# batch, so rmdir (which drains the file's writers holding cgroup_mutex,
# stalling every cgroup operation on the machine) never waits for the
# whole walk: "all" on POPULATION unused dentries, and an rmdir of the
# cgroup once the write has begun freeing them; the write then succeeds
# at once, and most of the dentries it had left when the rmdir began are
# still there (on the parent's lists, where the rmdir moved them).  A write
# that ran to its end would have freed them all.
#
# The poll that starts the rmdir reads with the shell's builtins only
# (force_all_begun in lib.sh says why).
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

POPULATION=200000
REPARENT_WAIT_TENTHS=100

need_file "" memory.force_slab_shrink
need_tool cgtest-write
cg_create force16
d=$(test_dir)

cg_lookup_many force16 "$d" $POPULATION
before=$(cg_disk_unused force16)
assert_ge "$before" $POPULATION "unused dentries before"

# once the write has begun freeing, remove the cgroup
force_all_begun force16 "$before"
left=$FORCE_LEFT
t0=$(now_ms)
rmdir "$MEMCG/force16" || fail "rmdir force16 during the write"
t1=$(now_ms)
wait $FORCE_PID
status=$?
# rmdir only kills the css: the dentries reach the parent's lists when the
# memcg is offlined (memcg_reparent_list_lrus, from a workqueue after an
# RCU grace period), until then they are on the dying memcg's, which no
# reader counts; so the move is waited for, as in spec-05.  A write that
# ran to its end leaves nothing to move: the wait ends in a failure.
tenths=0
while [ "$(cg_disk_unused "")" -lt $((left / 2)) ] && [ $tenths -lt $REPARENT_WAIT_TENTHS ]; do
	sleep 0.1
	tenths=$((tenths + 1))
done
after=$(cg_disk_unused "")
diag "all on $before: rmdir at $left left took $((t1 - t0)) ms; writer: $(cat "$FORCE_OUT") (status $status); the root's unused on the disk $tenths tenths of a second after: $after"
expect_eq "$status" 0 "the writer's exit status"
expect_ge "$left" $((before / 2)) "dentries left when the rmdir began (the poll too slow to tell)"
expect_ge "$after" $((left / 2)) "dentries left after the rmdir ended the write"
pass
