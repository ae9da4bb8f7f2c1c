# Claim: rmdir of memcgs in the subtree while "all" runs on their parent is
# safe: the write succeeds, every rmdir succeeds, no oops (on the debug
# kernel: no KASAN report, no lockdep splat), and no dentry is lost or
# counted twice: each was freed once, so the parent's total_dentry_reclaimed
# grows by exactly the total_unused it had (a removed child's counts stay in
# its parent's total_ keys, as memory.stat's do).
#
# To make the races likely rather than possible: each round gives the
# parent CHILDREN children, each with a grandchild, all holding dentries;
# while "all" walks them, two shells remove them (grandchild, then child;
# one the even children upwards, one the odd ones downwards), another shell makes and removes fresh
# memcgs in the subtree, and a second writer forces "all" on one child (two
# walks over the same memcgs).  A use-after-free of a memcg the walk
# holds, or a list_lru the reparenting frees, is what the debug kernel's
# KASAN would show; the counts show a lost or doubly counted dentry.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

ROUNDS=3		# at most once a round had the rmdirs land inside the
SECONDS_=30		# write; after the first, another starts only within
			# this time
NO_OVERLAP_ROUNDS=5	# at most while none had
CHILDREN=8		# children of spec19, each with a grandchild (even)
PER_CG=3000		# unused dentries of each memcg at first: makes "all"
			# long enough for the rmdirs to land inside it; after a
			# round in which they did not, twice as many (a faster
			# host, or a faster shrink, shortens the write more than
			# the rmdirs), up to MAX_PER_CG
MAX_PER_CG=24000
CHURN=10		# fresh memcgs made and removed under spec19 during "all"

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
need_file "" memory.dentry_unused
cg_create spec19
d=$(test_dir)
tmp=/tmp/spec19.$$
mkdir -p $tmp || fail "mkdir $tmp"
overlaps=0

# rmdir_worker FIRST STEP: remove children FIRST, FIRST + STEP, ... (STEP
# may be negative), each grandchild first.
rmdir_worker() {
	_i=$1
	while [ "$_i" -ge 1 ] && [ "$_i" -le $CHILDREN ]; do
		rmdir "$MEMCG/spec19/c$_i/g" "$MEMCG/spec19/c$_i" ||
			{ echo "rmdir spec19/c$_i failed"; exit 1; }
		_i=$((_i + $2))
	done
	exit 0
}

# another_round: true while another round should start.
another_round() {
	if [ $overlaps -eq 0 ]; then
		[ $round -le $NO_OVERLAP_ROUNDS ]
	else
		rounds_more $((round - 1)) 1 $ROUNDS $SECONDS_
	fi
}

round=1
per=$PER_CG
rounds_start
while another_round; do
	cg_lookup_many spec19 "$d" $per "p$round-"
	i=1
	while [ $i -le $CHILDREN ]; do
		cg_create spec19/c$i
		cg_create spec19/c$i/g
		cg_lookup_many spec19/c$i "$d" $per "c$round-$i-"
		cg_lookup_many spec19/c$i/g "$d" $per "g$round-$i-"
		i=$((i + 1))
	done
	t0=$(cg_unused spec19 total_unused)
	s0=$(cg_read spec19 memory.slab_reclaim_stat)

	rm -f $tmp/*
	(: > $tmp/started; printf all > "$MEMCG/spec19/memory.force_slab_shrink"
	 rc=$?; : > $tmp/done; exit $rc) &
	writer=$!
	while [ ! -e $tmp/started ]; do :; done
	(printf all > "$MEMCG/spec19/c1/memory.force_slab_shrink") 2> $tmp/second &
	second=$!
	rmdir_worker 2 2 > $tmp/rmdir.even &
	pids=$!
	rmdir_worker $((CHILDREN - 1)) -2 > $tmp/rmdir.odd &
	pids="$pids $!"
	(j=1; while [ $j -le $CHURN ]; do
		mkdir "$MEMCG/spec19/n$j" && rmdir "$MEMCG/spec19/n$j" || exit 1
		j=$((j + 1))
	 done) &
	churn=$!
	for p in $pids; do
		wait "$p" || fail "round $round: $(cat $tmp/rmdir*)"
	done
	if [ -e $tmp/done ]; then
		diag "round $round: the write of all ended before the last rmdir"
		[ $per -ge $MAX_PER_CG ] || per=$((per * 2))
	else
		overlaps=$((overlaps + 1))
	fi
	wait $churn || fail "round $round: mkdir/rmdir of a fresh memcg under spec19 failed"
	wait $writer || fail "round $round: the write of all on spec19 failed"
	# The second writer's child may be gone before it opens the file or
	# while it runs (ENODEV): any other failure is one.
	if ! wait $second; then
		grep -q -e 'No such' -e 'nonexistent' $tmp/second ||
			fail "round $round: all on spec19/c1: $(cat $tmp/second)"
	fi

	cg_force spec19 all	# what was reparented after its memcg was walked
	s1=$(cg_read spec19 memory.slab_reclaim_stat)
	diag "round $round: total_unused $t0; $(echo "$s1" | grep dentry | tr '\n' ' ')"
	expect_eq "$(cg_unused spec19 total_unused)" 0 "round $round: total_unused after all"
	expect_eq "$(delta_of "$s0" "$s1" total_dentry_reclaimed)" "$t0" \
		"round $round: total_dentry_reclaimed delta"
	round=$((round + 1))
done
rm -rf $tmp
diag "rounds in which the write outlasted every rmdir: $overlaps of $((round - 1))"
expect_gt $overlaps 0 "rounds where the rmdirs surely landed inside the write"
pass
