# Claim: "freed" counts only objects actually freed, also when another task
# waits for the shrinker lock: while memcgs are made and removed in a loop
# (each mkdir takes shrinker_rwsem for writing), every write of 1 to
# memory.force_slab_shrink, on a list of referenced dentries with plenty
# freeable, frees exactly one object (forced_reclaimed +1, and one dentry or
# inode freed by the dentry and inode counters): a pass cut short by a
# waiter counts as no progress.  The referenced list makes each write pass
# over POPULATION dentries before it frees one, so a waiter comes along
# during most writes.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

POPULATION=300	# files whose dentries are looked up again every round
ROUNDS=40	# writes of 1, each racing the mkdir/rmdir loops, at most
MIN_ROUNDS=10	# at least, however slow the guest
SECONDS_=30	# rounds after MIN_ROUNDS start only within this time
CHURNERS=2	# mkdir/rmdir loops

need_file "" memory.force_slab_shrink
cg_create force02
cg_create force02-churn
d=$(test_dir)
cg_make_files force02 "$d" $POPULATION

churn=""
c=1
while [ $c -le $CHURNERS ]; do
	# shellcheck disable=SC2016 # expanded by the inner shell
	sh -c 'i=0; while :; do mkdir "$0/c$1.$i" && rmdir "$0/c$1.$i"; i=$((i + 1)); done' \
		"$MEMCG/force02-churn" $c &
	churn="$churn $!"
	c=$((c + 1))
done

bad=0
r=1
rounds_start
while rounds_more $((r - 1)) $MIN_ROUNDS $ROUNDS $SECONDS_; do
	# a lookup of each file that takes and drops a reference marks its
	# dentry referenced (a negative one would not be: see force-08)
	cg_lookup_missing force02 "$d" $POPULATION f
	s0=$(cg_read force02 memory.slab_reclaim_stat)
	cg_force force02 1
	s1=$(cg_read force02 memory.slab_reclaim_stat)
	fr=$(delta_of "$s0" "$s1" forced_reclaimed)
	freed=$(( $(delta_of "$s0" "$s1" dentry_reclaimed) + $(delta_of "$s0" "$s1" inode_reclaimed) ))
	if [ "$fr" != 1 ] || [ "$freed" != 1 ]; then
		diag "round $r: forced_reclaimed +$fr, dentries and inodes freed $freed"
		bad=$((bad + 1))
	fi
	r=$((r + 1))
done
# shellcheck disable=SC2086 # pids
kill -KILL $churn
# shellcheck disable=SC2086 # pids
wait $churn 2>/dev/null
for c in "$MEMCG"/force02-churn/c*; do
	[ -d "$c" ] && rmdir "$c"
done
diag "$((r - 1)) writes of 1 raced the churn"
expect_eq "$bad" 0 "writes of 1 (of $((r - 1))) that did not free exactly one object"
pass
