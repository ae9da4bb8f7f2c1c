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

WALKS=40	# per tool
WIDTH=16	# children made, then removed, in bursts, each with a child
cg_create A
cg_enable_children A
# the churn: WIDTH children (and a grandchild each) made, then removed,
# over and over, so that a walk meets cgroups vanishing between being
# listed and being read
(
	while :; do
		i=0
		while [ $i -lt $WIDTH ]; do
			mkdir "$MEMCG/A/c$i" && mkdir "$MEMCG/A/c$i/d"
			i=$((i + 1))
		done
		i=0
		while [ $i -lt $WIDTH ]; do
			rmdir "$MEMCG/A/c$i/d" "$MEMCG/A/c$i"
			i=$((i + 1))
		done
	done
) > /dev/null 2>&1 &
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
		grep -q '^/A/c' "$tool_tmp/walk" && seen=$((seen + 1))
	done
	i=$((i + 1))
done
kill "$churn"
wait "$churn" 2> /dev/null
for c in "$MEMCG"/A/c*; do
	[ -d "$c" ] || continue
	rmdir "$c/d" 2> /dev/null
	rmdir "$c"
done
diag "walks that met churning children: $seen of $((2 * WALKS))"
expect_eq "$bad" 0 "walks that failed or said something, of $((2 * WALKS))"
expect_ge "$seen" $WALKS "walks that met churning children"
pass
