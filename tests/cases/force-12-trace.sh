# Claim: the mm_shrink_slab_start and mm_shrink_slab_end trace events say
# who asked for the shrink and whose lists it scanned: a forced shrink of
# a cgroup shows "origin forced" with "memcg <inode number of the cgroup's
# directory>" in both events, and drop_caches shows "origin global".
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

TRACING=/sys/kernel/tracing
EVENTS="mm_shrink_slab_start mm_shrink_slab_end"

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
trap 'events 0; _cleanup' EXIT
events 0
echo > $TRACING/trace
events 1
cg_force force12 all
sync
echo 2 > /proc/sys/vm/drop_caches
events 0

for e in $EVENTS; do
	forced=$(grep -c "$e:.* origin forced memcg $ino\$" $TRACING/trace)
	global=$(grep -c "$e:.* origin global memcg [0-9]*\$" $TRACING/trace)
	diag "$e: $forced forced on memcg $ino, $global global"
	expect_gt "$forced" 0 "$e events of the forced shrink of memcg $ino"
	expect_gt "$global" 0 "$e events of drop_caches"
done
grep "mm_shrink_slab_start:.* origin forced" $TRACING/trace | head -n 1
pass
