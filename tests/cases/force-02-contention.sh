# Claim: "freed" counts only objects actually freed, also when another task
# waits for the shrinker lock: while memcgs are made and removed in a loop
# (each mkdir takes shrinker_rwsem for writing), every write of 1 to
# memory.force_slab_shrink, on a list of referenced dentries with plenty
# freeable, frees exactly one object (forced_reclaimed +1, one dentry gone
# from the lists): a pass cut short by a waiter counts as no progress.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

POPULATION=300	# referenced negative dentries, looked up again every round
ROUNDS=60	# writes of 1, each racing the mkdir/rmdir loop

need_file "" memory.force_slab_shrink
cg_create force02
cg_create force02-churn
d=$(test_dir)

# shellcheck disable=SC2016 # expanded by the inner shell
sh -c 'i=0; while :; do mkdir "$0/c$i" && rmdir "$0/c$i"; i=$((i + 1)); done' \
	"$MEMCG/force02-churn" &
churn=$!

bad=0
r=1
while [ $r -le $ROUNDS ]; do
	# a second lookup of each name marks its dentry referenced
	cg_lookup_missing force02 "$d" $POPULATION
	cg_lookup_missing force02 "$d" $POPULATION
	u0=$(cg_unused force02)
	s0=$(cg_read force02 memory.slab_reclaim_stat)
	cg_force force02 1
	u1=$(cg_unused force02)
	s1=$(cg_read force02 memory.slab_reclaim_stat)
	fr=$(delta_of "$s0" "$s1" forced_reclaimed)
	if [ "$fr" != 1 ] || [ $((u0 - u1)) != 1 ]; then
		diag "round $r: forced_reclaimed +$fr, unused $u0 -> $u1"
		bad=$((bad + 1))
	fi
	r=$((r + 1))
done
kill -KILL $churn
wait $churn 2>/dev/null
for c in "$MEMCG"/force02-churn/c*; do
	[ -d "$c" ] && rmdir "$c"
done
expect_eq "$bad" 0 "writes of 1 (of $ROUNDS) that did not free exactly one object"
pass
