# Claim: a handled, non-fatal signal stops a forced shrink within one
# batch, and no further shrinker is called: during a long "all" on the root
# memcg, after SIGUSR1 reaches the writer (cgtest-write, which handles it
# without SA_RESTART), the writer calls at most AFTER_SIGNAL shrinkers
# (mm_shrink_slab_start events of its pid after a trace marker written just
# before the kill), and its write fails with EINTR.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

LOOKUPS=150000	# root's own dentries: an "all" of them outlasts SIGNAL_AFTER
SIGNAL_AFTER=0.1	# seconds into the write
# A shrinker call may begin between the marker and the kill's delivery.
AFTER_SIGNAL=1
EVENT=$TRACING/events/vmscan/mm_shrink_slab_start

need_file "" memory.force_slab_shrink
need_tool cgtest-write
[ -e $EVENT/enable ] || fail "no $EVENT"
d=$(test_dir)
i=1
while [ $i -le $LOOKUPS ]; do
	[ -e "$d/m$i" ]
	i=$((i + 1))
done

trace_on vmscan/mm_shrink_slab_start
# --signal-after far beyond the write: the test sends the signal itself
cgtest-write --signal-after 600000 "$MEMCG/memory.force_slab_shrink" all > /tmp/force07.out 2>&1 &
writer=$!
sleep $SIGNAL_AFTER
echo "force07: signal" > $TRACING/trace_marker
kill -USR1 $writer
wait $writer
echo 0 > $EVENT/enable
out=$(cat /tmp/force07.out)
rm -f /tmp/force07.out
after=$(awk -v pid="$writer" '
/force07: signal/ { marked = 1; next }
marked && /mm_shrink_slab_start:/ { task = $1; sub(/.*-/, "", task); if (task == pid) n++ }
END { print n + 0 }' $TRACING/trace)
before=$(awk -v pid="$writer" '
/force07: signal/ { exit }
/mm_shrink_slab_start:/ { task = $1; sub(/.*-/, "", task); if (task == pid) n++ }
END { print n + 0 }' $TRACING/trace)
diag "cgtest-write: $out; shrinker calls before the signal $before, after it $after"
expect_eq "${out%% *}" EINTR "result of the signalled write"
expect_gt "$before" 0 "shrinker calls before the signal"
expect_le "$after" $AFTER_SIGNAL "shrinker calls after the signal"
pass
