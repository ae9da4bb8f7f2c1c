# Claim: on the root memcg a forced shrink frees the root's own lists
# (the node lists: objects charged to no memcg) and never exceeds its
# budget: each write of 1 to the root's memory.force_slab_shrink frees
# exactly one object in the whole hierarchy (total_forced_reclaimed), and
# "all" frees the root's negative dentries on the disk; the writers call
# no shrinker at all (no mm_shrink_slab_start event of the writing tasks),
# so nothing that is not a dentry or inode list is touched.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

ROUNDS=5
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
	expect_eq "$fr" 1 "objects a write of 1 to the root freed"
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
expect_eq "$(echo "$called" | grep -c .)" 0 "shrinkers the forced shrinks called"
expect_eq "$(sb_unused "" "$(devno_of "$DATA")")" 0 "the root's unused dentries on the disk after all"
pass
