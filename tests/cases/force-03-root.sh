# Claim: on the root memcg a forced shrink runs only the memcg-aware
# shrinkers (their node lists are the root's own lists) and never exceeds
# its budget: each write of 1 to the root's memory.force_slab_shrink frees
# at most one object in the whole hierarchy (total_forced_reclaimed), and
# the shrinkers it calls (mm_shrink_slab_start events of the writing task)
# are all memcg-aware ones.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

ROUNDS=5
# The scan functions of 6.1's memcg-aware shrinkers: superblocks (dcache,
# icache), workingset shadow nodes, THP deferred split, NFSv4.2 xattrs.
MEMCG_AWARE="super_cache_scan scan_shadow_nodes deferred_split_scan nfs4_xattr_cache_scan nfs4_xattr_entry_scan"
EVENT=$TRACING/events/vmscan/mm_shrink_slab_start

need_file "" memory.force_slab_shrink
[ -e $EVENT/enable ] || fail "no $EVENT"
d=$(test_dir)
# negative dentries charged to the root: something freeable on its own lists
i=1
while [ $i -le 500 ]; do
	[ -e "$d/root$i" ]
	i=$((i + 1))
done

trace_on vmscan/mm_shrink_slab_start
pids=""
r=1
while [ $r -le $ROUNDS ]; do
	s0=$(cg_read "" memory.slab_reclaim_stat)
	# shellcheck disable=SC2016 # expanded by the writer's shell
	sh -c 'echo $$ > /tmp/force03.pid; exec printf 1 > "$0"' "$MEMCG/memory.force_slab_shrink" ||
		fail "write 1 to the root's memory.force_slab_shrink"
	pids="$pids $(cat /tmp/force03.pid)"
	s1=$(cg_read "" memory.slab_reclaim_stat)
	fr=$(delta_of "$s0" "$s1" total_forced_reclaimed)
	diag "round $r: total_forced_reclaimed +$fr"
	expect_le "$fr" 1 "objects a write of 1 to the root freed"
	r=$((r + 1))
done
# and one "all", which calls every shrinker that has anything to scan
sh -c 'echo $$ > /tmp/force03.pid; exec printf all > "$0"' "$MEMCG/memory.force_slab_shrink" ||
	fail "write all to the root's memory.force_slab_shrink"
pids="$pids $(cat /tmp/force03.pid)"
echo 0 > $EVENT/enable
rm -f /tmp/force03.pid

# "  <comm>-<pid>  [cpu] flags  time: mm_shrink_slab_start: <func>+0x.../0x... ..."
called=$(awk -v pids="$pids" '
BEGIN { n = split(pids, p, " "); for (i = 1; i <= n; i++) want[p[i]] = 1 }
/mm_shrink_slab_start:/ {
	task = $1; sub(/.*-/, "", task)
	if (!(task in want)) next
	for (i = 1; i <= NF; i++) if ($i == "mm_shrink_slab_start:") break
	f = $(i + 1); sub(/\+.*/, "", f); print f
}' $TRACING/trace | sort | uniq -c)
diag "shrinkers the writers called: $(echo "$called" | tr '\n' ' ')"
echo "$called" | grep -q ' super_cache_scan$' || fail "the writers called no superblock shrinker"
echo "$called" | while read -r _n f; do
	case " $MEMCG_AWARE " in
	*" $f "*) ;;
	*) fail "a forced shrink of the root called $f, which is not memcg-aware" ;;
	esac
done || exit 1
pass
