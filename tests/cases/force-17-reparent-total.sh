# Claim: a reader racing the move of a removed child's lists to its parent
# counts each item once, never zero times: while children of force17 are
# made, filled with dentries and removed (each removal moves the child's
# dentries to force17's lists, and nothing frees them), force17's
# total_unused, read over and over, never falls.  A reader that counted
# force17's lists before a move and the child's after it would miss the
# child's PER_CHILD dentries, also when the read spans several batches.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

BASE=500
PER_CHILD=50
FILL_EVERY=2
RUN_S=15

need_file "" memory.dentry_unused
need_tool cgtest-churn
cg_create force17
d=$(test_dir)
cg_lookup_missing force17 "$d" $BASE base
# Children that stay, made before the churn's: the walk of force17's
# subtree goes force17, s1..s150, then the churn's children, so a read
# counts each superblock in three batches of 64 memcgs (sb_lock let go of
# between them), and the move of a churn child's dentries to force17,
# counted in the first batch, races the third.
cg_create_many force17 s 150

stop=/tmp/force17.$$
at_exit rm -f "$stop" "$stop.kids"
: > "$stop"
(cgtest-churn "$MEMCG/force17" $RUN_S $FILL_EVERY "$d" $PER_CHILD > "$stop.kids"
 echo $? > "$stop") &
churn=$!

# shellcheck disable=SC2046 # three numbers
set -- $(awk -v f="$MEMCG/force17/memory.dentry_unused" -v stop="$stop" '
BEGIN {
	prev = -1
	while (1) {
		while ((getline line < f) > 0) {
			split(line, kv, " ")
			if (kv[1] == "total_unused")
				cur = kv[2] + 0
		}
		close(f)
		reads++
		if (prev >= 0 && cur < prev) {
			dips++
			if (prev - cur > worst)
				worst = prev - cur
		}
		prev = cur
		if ((reads % 16) == 0) {
			getline done < stop
			close(stop)
			if (done != "")
				break
		}
	}
	print reads, dips + 0, worst + 0
}')
wait $churn
diag "$1 reads while children came and went ($(cat "$stop.kids")): $2 fell, by up to $3"
expect_eq "$(cat "$stop")" 0 "cgtest-churn's exit status"
expect_gt "$1" 100 "reads"
expect_eq "$2" 0 "reads where total_unused fell"
expect_ge "$(cg_unused force17 total_unused)" $BASE "total_unused at the end"
pass
