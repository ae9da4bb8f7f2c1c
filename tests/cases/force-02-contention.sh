# Claim: "freed" counts only objects actually freed, also when other tasks
# contend for what the direct walk takes: every write of 1 to
# memory.force_slab_shrink, on a list of referenced dentries with plenty
# freeable, frees exactly one object (forced_reclaimed +1, and one dentry or
# inode freed by the dentry and inode counters) while, in force02 itself,
# LOOKERS tasks stat the very dentries the walk isolates (each lookup takes
# the dentry's d_lock and a reference: the walk's trylock fails, or it
# finds the dentry in use) and MAKERS tasks create and remove files in the
# same directory (each dput and each kill takes the list_lru lock of the
# node the walk holds, and adds to or takes from the list it walks).  A
# pass cut short by a waiter, or an object skipped because another task
# holds it, counts as no progress and uses up nothing.  (The shrinkers'
# lock, shrinker_rwsem, which the first version of this test raced with
# memcg mkdir/rmdir loops, is not taken by the direct walk at all.)
# Wrong kernels: one that counts an isolated dentry another task then takes
# back, or a skipped one, as freed (+1 and nothing freed), or that frees on
# past n when a batch is retried (+2).
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

POPULATION=300	# files whose dentries are looked up again every round
ROUNDS=40	# writes of 1, each racing the contenders, at most
MIN_ROUNDS=10	# at least, however slow the guest
SECONDS_=30	# rounds after MIN_ROUNDS start only within this time
LOOKERS=2	# stat loops over the population (cgtest-lookup)
MAKERS=1	# create/remove loops in the population's directory

need_file "" memory.force_slab_shrink
need_tool cgtest-lookup
cg_create force02
d=$(test_dir)
cg_make_files force02 "$d" $POPULATION

churn=""
c=1
while [ $c -le $LOOKERS ]; do
	# f0 .. f<POPULATION>: the files f1.. and one missing name
	# shellcheck disable=SC2016 # expanded by the inner shell
	cg_spawn force02 sh -c 'while :; do cgtest-lookup "$0" f "$1" || exit 1; done' \
		"$d" $((POPULATION + 1))
	churn="$churn $!"
	c=$((c + 1))
done
c=1
while [ $c -le $MAKERS ]; do
	# shellcheck disable=SC2016 # expanded by the inner shell
	cg_spawn force02 sh -c 'i=0; while :; do : > "$0/m$1.$i" && rm "$0/m$1.$i" || exit 1; i=$((i + 1)); done' \
		"$d" $c
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
# the contenders ran all along (an exit would have ended the race)
for p in $churn; do
	kill -0 "$p" 2> /dev/null || fail "contender $p ended before the writes did"
done
# shellcheck disable=SC2086 # pids
kill -KILL $churn
# shellcheck disable=SC2086 # pids
wait $churn 2>/dev/null
diag "$((r - 1)) writes of 1 raced $LOOKERS lookers and $MAKERS makers"
expect_eq "$bad" 0 "writes of 1 (of $((r - 1))) that did not free exactly one object"
pass
