# Claim: cgslabstat -i SECONDS -c COUNT prints COUNT samples per cgroup, one
# per interval, whose deltas add up to what the counters moved during the
# run (a forced shrink in the middle of it shows in forced_reclaimed and
# forced_shrinks), with per-second rates of delta / interval.
# shellcheck source-path=SCRIPTDIR disable=SC1091,SC2154 # lib*.sh: helpers, tool_tmp, tool_rc
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../lib-tools.sh"
need_file / memory.slab_reclaim_stat

COUNT=3
# Intervals are timed by the guest's clock; under TCG a 1 s sleep may overrun.
MAX_INTERVAL_MS=4000

d=$(test_dir)
cg_create A
cg_make_files A "$d" 200 || fail "files in /A"
freed0=$(cg_stat A total_forced_reclaimed)
shrinks0=$(cg_stat A total_forced_shrinks)

cgslabstat -i 1 -c $COUNT --json /A > "$tool_tmp/lines" 2> "$tool_tmp/lines.err" &
pid=$!
# shrink once the first sample is out, so the baseline came before it
tries=0
while [ ! -s "$tool_tmp/lines" ] && [ $tries -lt 100 ]; do
	sleep 0.1
	tries=$((tries + 1))
done
cg_force A all
wait $pid
rc=$?
assert_eq "$rc" 0 "cgslabstat exit status ($(cat "$tool_tmp/lines.err"))"
freed=$(($(cg_stat A total_forced_reclaimed) - freed0))
expect_gt "$freed" 0 "objects the shrink freed"

expect_eq "$(jget lines .cgroup | sort -u)" /A "cgroup of every sample"
expect_eq "$(jget lines .cgroup | wc -l)" $COUNT "samples"
expect_eq "$(jget lines .counters | sort -u)" total "counters followed"
expect_eq "$(jget lines .delta -k | sort -u)" \
	"global_scanned global_reclaimed limit_scanned limit_reclaimed forced_scanned forced_reclaimed dentry_reclaimed inode_reclaimed forced_shrinks" \
	"delta keys"
expect_eq "$(jget lines .delta.forced_reclaimed | awk '{ s += $1 } END { print s }')" "$freed" "sum of forced_reclaimed deltas"
expect_eq "$(jget lines .delta.forced_shrinks | awk '{ s += $1 } END { print s }')" \
	$(($(cg_stat A total_forced_shrinks) - shrinks0)) "sum of forced_shrinks deltas"

prev=0
for ms in $(jget lines .interval_ms); do
	expect_ge "$ms" 1000 "interval_ms"
	expect_le "$ms" $MAX_INTERVAL_MS "interval_ms"
done
for t in $(jget lines .time | tr -d .); do
	expect_gt "$t" "$prev" "sample times increase"
	prev=$t
done
# per_second = delta * 1000 / interval_ms, printed with one decimal
i=1
while [ $i -le $COUNT ]; do
	sed -n "${i}p" "$tool_tmp/lines" > "$tool_tmp/one"
	want=$(awk -v d="$(jget one .delta.forced_reclaimed)" -v ms="$(jget one .interval_ms)" \
		'BEGIN { printf "%.1f", d * 1000 / ms }')
	expect_eq "$(jget one .per_second.forced_reclaimed)" "$want" "per_second.forced_reclaimed of sample $i"
	i=$((i + 1))
done
pass
