# Claim: the mm_shrink_slab_start trace event says who asked for the
# shrink and whose lists it scanned: limit reclaim of a cgroup
# (v1's memory.force_empty, v2's memory.reclaim) shows "origin limit" with "memcg <inode number of
# the cgroup's directory>" and the same "target" (the memcg whose reclaim it
# is), and drop_caches shows "origin global" with "target 0" (no memcg).
# mm_shrink_slab_end keeps its prototype and format (raw tracepoint and BTF
# users bind to them).  A forced shrink calls no shrinker (force-15).
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

TRACING=/sys/kernel/tracing
EVENTS="mm_shrink_slab_start"

need_file "" memory.force_slab_shrink
for e in $EVENTS; do
	[ -e "$TRACING/events/vmscan/$e/enable" ] || fail "no trace event $e"
done
cg_create force12
d=$(test_dir)
cg_lookup_missing force12 "$d" 500
ino=$(stat -c %i "$MEMCG/force12")

events() {
	for _e in $EVENTS; do
		echo "$1" > "$TRACING/events/vmscan/$_e/enable"
	done
}
events 0
echo > $TRACING/trace
for e in $EVENTS; do
	set_value "$TRACING/events/vmscan/$e/enable" 1
done
cg_reclaim_all force12
sync
echo 2 > /proc/sys/vm/drop_caches
events 0

# 6.x's event ends "origin <o> memcg <ino> target <ino>"; 7.x's names the memcg itself
# ("memcg_id: <cgroup id>", the directory's inode number on 64-bit) and
# the series adds "origin <o> target <cgroup id>" before its "(in-irq)" mark
for e in $EVENTS; do
	limit=$(grep -cE "$e:.*( origin limit memcg $ino target $ino\$| memcg_id: $ino .* origin limit target $ino( |\$))" $TRACING/trace)
	global=$(grep -cE "$e:.*( origin global memcg [0-9]* target 0\$| memcg_id: .* origin global target 0( |\$))" $TRACING/trace)
	diag "$e: $limit limit on memcg $ino, $global global"
	expect_gt "$limit" 0 "$e events of the limit reclaim of memcg $ino"
	expect_gt "$global" 0 "$e events of drop_caches"
done
grep "mm_shrink_slab_start:.* origin limit" $TRACING/trace | head -n 1
end=$TRACING/events/vmscan/mm_shrink_slab_end/format
grep -q "field:int nid;" $end || fail "mm_shrink_slab_end lost its nid field"
grep -q "origin" $end && fail "mm_shrink_slab_end changed its format"
pass
