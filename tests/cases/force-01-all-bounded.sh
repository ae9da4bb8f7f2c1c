# Claim: one write of "all" is bounded by what the subtree held when it
# began: while tasks in the subtree make new dentries as fast as they can,
# "all" on it returns, the objects it scanned (total_forced_scanned) stay
# within the kernel's bound of SCAN_FACTOR times what the subtree held at
# the start, and an rmdir of another child of the target during the long
# write completes promptly: the write is still running when the rmdir has
# returned (else the rmdir proved nothing about a long write).
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

START=4000	# negative dentries in the subtree before the write
# Tasks making new negative dentries during the write, each a stat(2) loop
# in C (cgtest-lookup).  Freeing a dentry costs about a quarter of making
# one (measured under TCG), and the writer shares its CPU with the
# creators there (it calls cond_resched()): with four creators a CPU, they
# make dentries faster than the writer frees them, as many CPUs would on a
# big host, and a write that goes on while a pass frees anything does not
# end before they stop.
CREATORS=8
# The kernel stops a write after scanning FORCED_SCAN_FACTOR (4) times the
# objects its subtree held when it began.
SCAN_FACTOR=4
WRITE_BOUND_S=20	# generous: the bounded write takes a few seconds
RMDIR_BOUND_S=10	# generous: an rmdir takes milliseconds

need_file "" memory.force_slab_shrink
need_tool cgtest-lookup
cg_create force01
cg_create force01/busy
cg_create force01/idle
d=$(test_dir)
cg_lookup_missing force01/busy "$d" "$START" s
cg_lookup_missing force01/idle "$d" 100 i

# The creators run at full speed before the write begins, so that a write
# that goes on while they keep up never ends before they stop.
pids=""
c=1
while [ $c -le $CREATORS ]; do
	cg_spawn force01/busy cgtest-lookup "$d" "c$c."
	pids="$pids $!"
	c=$((c + 1))
done
# the counters before the write: read first, so that little time passes
# between the last count below and the write's own
s0=$(cg_read force01 memory.slab_reclaim_stat)
sleep 0.3
ua=$(cg_unused force01 total_unused)
sleep 0.3
u0=$(cg_unused force01 total_unused)
# what the creators make in about 0.3 s: as much as they make between this
# read and the write's own count at its start
rate=$((u0 - ua))
done=/tmp/force01.done
rm -f $done
(printf all > "$MEMCG/force01/memory.force_slab_shrink"; echo $? > $done) &
writer=$!
t0=$(now_ms)
sleep 0.2
r0=$(now_ms)
cg_remove force01/idle
r1=$(now_ms)
# whether the write was still going when the rmdir returned
if [ -e $done ]; then during=no; else during=yes; fi
# Until the bound, the creators keep going; then they stop, so that an
# unbounded write ends too and the test reports it.
while [ ! -e $done ] && [ $((($(now_ms) - t0) / 1000)) -lt $WRITE_BOUND_S ]; do
	sleep 0.2
done
t1=$(now_ms)
# shellcheck disable=SC2086 # pids
kill -KILL $pids
wait $writer
rc=$(cat $done)
rm -f $done
s1=$(cg_read force01 memory.slab_reclaim_stat)
scanned=$(delta_of "$s0" "$s1" total_forced_scanned)
freed=$(delta_of "$s0" "$s1" total_dentry_reclaimed)
rmdir_s=$(awk -v ms=$((r1 - r0)) 'BEGIN { printf "%.2f", ms / 1000 }')
write_s=$(awk -v ms=$((t1 - t0)) 'BEGIN { printf "%.1f", ms / 1000 }')
diag "start $u0 unused, creators making $rate in 0.3 s; write: rc $rc, ~${write_s} s (running after the rmdir: $during), scanned $scanned, dentries freed $freed; rmdir ~${rmdir_s} s"
expect_eq "$rc" 0 "exit status of the write of all"
expect_lt "${write_s%.*}" $WRITE_BOUND_S "seconds the write of all took with the creators running"
expect_eq "$during" yes "the write of all still running when the rmdir of a child returned"
expect_lt "${rmdir_s%.*}" $RMDIR_BOUND_S "seconds an rmdir in the subtree took during the write"
expect_ge "$freed" "$START" "dentries the write freed"
expect_gt "$rate" 0 "dentries the creators made in 0.3 s"
expect_le "$scanned" $((SCAN_FACTOR * (u0 + rate))) "objects the write scanned, with $u0 held at its start"
pass
