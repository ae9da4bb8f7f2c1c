# Claim: cgdentry -R and cgslabstat -R walk a subtree (through libcgroup)
# whose children are made and removed all the while, as on a host where
# containers come and go: a child that vanishes during a walk, or between
# the walk and its read, is left out without a word, and every walk exits
# 0 with the subtree's root in it.  (libcgroup's walk hands such a child
# back as an error, ENOENT; the tools took it for a failure and exited 64.)
# shellcheck source-path=SCRIPTDIR disable=SC1091,SC2154 # lib*.sh: helpers, tool_tmp, tool_rc
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../lib-tools.sh"
need_file / memory.dentry_unused
need_tool cgtest-churn

WALKS=40	# per tool; each sees the churn's children come and go
CHURN_S=600	# an upper bound: the churn is stopped once the walks are done
cg_create A
cg_enable_children A
cgtest-churn "$MEMCG/A" $CHURN_S > /dev/null 2>&1 &
churn=$!
bad=0 seen=0 i=0
while [ $i -lt $WALKS ]; do
	for t in cgdentry cgslabstat; do
		run_tool walk $t -R -r -n -o CGROUP /A
		if [ "$tool_rc" -ne 0 ] || [ -s "$tool_tmp/walk.err" ] ||
		   [ "$(tool_out walk | head -n 1)" != /A ]; then
			bad=$((bad + 1))
			diag "$t -R /A: exit $tool_rc: $(tool_err walk | head -n 3)"
		fi
		grep -q '^/A/churn' "$tool_tmp/walk" && seen=$((seen + 1))
	done
	i=$((i + 1))
done
kill "$churn" 2> /dev/null
wait "$churn"
rmdir "$MEMCG"/A/churn* 2> /dev/null
diag "walks that saw a churning child: $seen of $((2 * WALKS))"
expect_eq "$bad" 0 "walks that failed or said something, of $((2 * WALKS))"
expect_gt "$seen" 0 "walks that met a churning child"
pass
