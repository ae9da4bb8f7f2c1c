# Claim: rmdir of children while "all" runs on their parent is safe: the
# write succeeds, the rmdirs succeed, no oops, and no dentry is lost or
# counted twice: each was freed once, so the parent's total_dentry_reclaimed
# grows by exactly the total_unused it had (a removed child's counts stay in
# its parent's total_ keys, as memory.stat's do).
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

ROUNDS=3
CHILDREN=4
PER_CG=3000	# makes "all" long enough for the rmdirs to land inside it

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
need_file "" memory.dentry_unused
cg_create spec19
d=$(test_dir)
started=/tmp/spec19.started
done=/tmp/spec19.done
overlaps=0

round=1
while [ $round -le $ROUNDS ]; do
	cg_lookup_missing spec19 "$d" $PER_CG "p$round-"
	i=1
	while [ $i -le $CHILDREN ]; do
		cg_create spec19/c$i
		cg_lookup_missing spec19/c$i "$d" $PER_CG "c$round-$i-"
		i=$((i + 1))
	done
	t0=$(cg_unused spec19 total_unused)
	s0=$(cg_read spec19 memory.slab_reclaim_stat)

	rm -f $started $done
	(: > $started; printf all > "$MEMCG/spec19/memory.force_slab_shrink"
	 rc=$?; : > $done; exit $rc) &
	writer=$!
	while [ ! -e $started ]; do :; done
	i=1
	while [ $i -le $CHILDREN ]; do
		rmdir "$MEMCG/spec19/c$i" || fail "rmdir spec19/c$i during all"
		i=$((i + 1))
	done
	[ -e $done ] || overlaps=$((overlaps + 1))
	wait $writer || fail "round $round: the write of all failed"

	cg_force spec19 all	# what was reparented after its child was walked
	s1=$(cg_read spec19 memory.slab_reclaim_stat)
	diag "round $round: total_unused $t0; $(echo "$s1" | grep dentry | tr '\n' ' ')"
	expect_eq "$(cg_unused spec19 total_unused)" 0 "round $round: total_unused after all"
	expect_eq "$(delta_of "$s0" "$s1" total_dentry_reclaimed)" "$t0" \
		"round $round: total_dentry_reclaimed delta"
	round=$((round + 1))
done
rm -f $started $done
diag "rounds in which the write outlasted every rmdir: $overlaps of $ROUNDS"
expect_gt $overlaps 0 "rounds where the rmdirs surely landed inside the write"
pass
