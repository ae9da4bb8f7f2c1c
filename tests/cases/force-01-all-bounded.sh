# Claim: one write of "all" is bounded by what the subtree held when it
# began: while tasks in the subtree make new dentries as fast as they can,
# "all" on it returns, the objects it scanned (total_forced_scanned) stay
# within the kernel's bound of SCAN_FACTOR times what the subtree held at
# the start, and an rmdir of another child of the target during the long
# write completes promptly.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

START=4000	# negative dentries in the subtree before the write
CREATORS=4	# tasks making new negative dentries during the write
# The kernel stops a write after scanning FORCED_SCAN_FACTOR (4) times the
# objects its subtree held when it began.
SCAN_FACTOR=4
# Dentries the creators may make between SIGCONT and the write's count at
# its start (a few ms of a busybox loop under TCG: some hundreds at most).
RESUME_SLACK=2000
WRITE_BOUND_S=60	# generous: the bounded write takes well under 5 s
RMDIR_BOUND_S=10	# generous: an rmdir takes milliseconds

need_file "" memory.force_slab_shrink
cg_create force01
cg_create force01/busy
cg_create force01/idle
d=$(test_dir)
cg_lookup_missing force01/busy "$d" "$START" s
cg_lookup_missing force01/idle "$d" 100 i

uptime_s() {
	read -r _up _idle < /proc/uptime
	echo "$_up"
}
# elapsed T: whole seconds since uptime T
elapsed() {
	awk -v a="$1" -v b="$(uptime_s)" 'BEGIN { printf "%d", b - a }'
}

pids=""
c=1
while [ $c -le $CREATORS ]; do
	# shellcheck disable=SC2016 # expanded by the creator's shell
	cg_spawn force01/busy sh -c 'i=0; while :; do [ -e "$0/c$1.$i" ]; i=$((i + 1)); done' "$d" "$c"
	pids="$pids $!"
	c=$((c + 1))
done
sleep 1
# shellcheck disable=SC2086 # pids
kill -STOP $pids
u0=$(cg_unused force01 total_unused)
s0=$(cg_read force01 memory.slab_reclaim_stat)
started=/tmp/force01.started
done=/tmp/force01.done
rm -f $started $done
(: > $started; printf all > "$MEMCG/force01/memory.force_slab_shrink"
 echo $? > $done) &
writer=$!
while [ ! -e $started ]; do :; done
# shellcheck disable=SC2086 # pids
kill -CONT $pids
t0=$(uptime_s)
sleep 0.2
r0=$(uptime_s)
cg_remove force01/idle
r1=$(uptime_s)
# Until the bound, the creators keep going; then they stop, so that an
# unbounded write ends too and the test reports it.
while [ ! -e $done ] && [ "$(elapsed "$t0")" -lt $WRITE_BOUND_S ]; do
	sleep 0.2
done
t1=$(uptime_s)
# shellcheck disable=SC2086 # pids
kill -KILL $pids
wait $writer
rc=$(cat $done)
rm -f $started $done
s1=$(cg_read force01 memory.slab_reclaim_stat)
scanned=$(delta_of "$s0" "$s1" total_forced_scanned)
freed=$(delta_of "$s0" "$s1" total_dentry_reclaimed)
rmdir_s=$(awk -v a="$r0" -v b="$r1" 'BEGIN { printf "%.2f", b - a }')
write_s=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
diag "start $u0 unused; write: rc $rc, ~${write_s} s, scanned $scanned, dentries freed $freed; rmdir ~${rmdir_s} s"
expect_eq "$rc" 0 "exit status of the write of all"
expect_lt "${write_s%.*}" $WRITE_BOUND_S "seconds the write of all took with the creators running"
expect_lt "${rmdir_s%.*}" $RMDIR_BOUND_S "seconds an rmdir in the subtree took during the write"
expect_ge "$freed" "$START" "dentries the write freed"
expect_le "$scanned" $((SCAN_FACTOR * (u0 + RESUME_SLACK))) "objects the write scanned, with $u0 held at its start"
pass
