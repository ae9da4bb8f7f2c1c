# Claim: cgdentry reports a memory cgroup's own and total unused dentries
# exactly as memory.dentry_unused counts them, in its table, its --raw and
# --pairs lines and its JSON (whose per-node counts add up to the own count), for a
# cgroup named /A/B or -g memory:/A/B: K files made by a task in /A/B are
# K unused dentries of B's own, and part of A's total.
# shellcheck source-path=SCRIPTDIR disable=SC1091,SC2154 # lib*.sh: helpers, tool_tmp, tool_rc
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../lib-tools.sh"
need_file / memory.dentry_unused

K=300
# The task's shell may look up a few names of its own next to its K files.
SHELL_SLACK=8

d=$(test_dir)
cg_create A
cg_create A/B
cg_make_files A/B "$d" $K || fail "making $K files in /A/B"

b_unused=$(cg_unused A/B)
b_total=$(cg_unused A/B total_unused)
a_unused=$(cg_unused A)
a_total=$(cg_unused A total_unused)
assert_ge "$b_unused" $K "B's own unused dentries after $K files"
assert_le "$b_unused" $((K + SHELL_SLACK)) "B's own unused dentries after $K files"
assert_ge "$a_total" "$b_total" "A's total_unused holds B's"

run_tool json cgdentry --json /A /A/B
expect_tool_ok "cgdentry --json /A /A/B"
expect_eq "$(jget json .cgroups -l)" 2 "cgroups in the JSON"
expect_eq "$(jget json '.cgroups[0]' -k)" "cgroup depth unused total_unused nodes" "keys of a JSON entry"
expect_eq "$(jget json '.cgroups[0].cgroup')" /A "first JSON entry"
expect_eq "$(jget json '.cgroups[cgroup=/A].unused')" "$a_unused" "JSON unused of /A"
expect_eq "$(jget json '.cgroups[cgroup=/A].total_unused')" "$a_total" "JSON total_unused of /A"
expect_eq "$(jget json '.cgroups[cgroup=/A/B].unused')" "$b_unused" "JSON unused of /A/B"
expect_eq "$(jget json '.cgroups[cgroup=/A/B].total_unused')" "$b_total" "JSON total_unused of /A/B"
expect_eq "$(jget json '.cgroups[cgroup=/A/B].depth')" 0 "JSON depth without -r"

# per-node counts: one entry per N<nid> line of the file, adding up to unused
nodes=$(jget json '.cgroups[cgroup=/A/B].nodes' -l)
expect_eq "$nodes" "$(grep -c '^N[0-9]' "$MEMCG/A/B/memory.dentry_unused")" "JSON nodes of /A/B"
sum=0 i=0
while [ $i -lt "$nodes" ]; do
	n=$(jget json ".cgroups[cgroup=/A/B].nodes[$i].unused")
	expect_eq "$n" "$(cg_unused A/B "N$(jget json ".cgroups[cgroup=/A/B].nodes[$i].node")")" "JSON node $i of /A/B"
	sum=$((sum + n))
	i=$((i + 1))
done
expect_eq "$sum" "$b_unused" "sum of /A/B's per-node counts"

run_tool table cgdentry /A/B
expect_tool_ok "cgdentry /A/B"
expect_eq "$(head -n 1 "$tool_tmp/table" | tr -s ' ')" "CGROUP UNUSED TOTAL" "table header"
expect_eq "$(sed -n 2p "$tool_tmp/table" | tr -s ' ')" "/A/B $b_unused $b_total" "table row"

run_tool raw cgdentry --raw -g memory:/A/B
expect_tool_ok "cgdentry --raw -g memory:/A/B"
expect_eq "$(tool_out raw)" "$(printf 'CGROUP UNUSED TOTAL\n/A/B %s %s' "$b_unused" "$b_total")" "raw lines"

run_tool pairs cgdentry -P -g memory /A/B
expect_tool_ok "cgdentry -P -g memory /A/B"
expect_eq "$(tool_out pairs)" "CGROUP=\"/A/B\" UNUSED=\"$b_unused\" TOTAL=\"$b_total\"" "pairs line"
pass
