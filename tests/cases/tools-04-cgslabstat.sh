# Claim: cgslabstat shows every counter of memory.slab_reclaim_stat as the
# file has it: own and total columns in its table, every key (in file
# order) in its JSON, after a forced shrink that moved the counters.
# shellcheck source-path=SCRIPTDIR disable=SC1091,SC2154 # lib*.sh: helpers, tool_tmp, tool_rc
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../lib-tools.sh"
need_file / memory.slab_reclaim_stat

d=$(test_dir)
cg_create A
cg_create A/B
cg_make_files A/B "$d" 100 || fail "files in /A/B"
cg_force A all
assert_gt "$(cg_stat A/B forced_reclaimed)" 0 "B's forced_reclaimed after a shrink of A"

run_tool json cgslabstat --json /A /A/B
expect_tool_ok "cgslabstat --json /A /A/B"
expect_eq "$(jget json .cgroups -l)" 2 "cgroups in the JSON"
for cg in A A/B; do
	expect_eq "$(jget json ".cgroups[cgroup=/$cg].stat" -k)" \
		"$(awk '{ printf "%s%s", sep, $1; sep = " " }' "$MEMCG/$cg/memory.slab_reclaim_stat")" \
		"JSON keys of /$cg"
	while read -r key val; do
		expect_eq "$(jget json ".cgroups[cgroup=/$cg].stat.$key")" "$val" "/$cg $key"
	done < "$MEMCG/$cg/memory.slab_reclaim_stat"
done

run_tool table cgslabstat /A/B
expect_tool_ok "cgslabstat /A/B"
expect_eq "$(head -n 1 "$tool_tmp/table" | tr -s ' ')" "CGROUP KEY OWN TOTAL" "table header"
expect_eq "$(awk '$2 == "forced_reclaimed" { print $3, $4 }' "$tool_tmp/table")" \
	"$(cg_stat A/B forced_reclaimed) $(cg_stat A/B total_forced_reclaimed)" "forced_reclaimed row"
expect_eq "$(($(wc -l < "$tool_tmp/table") - 1))" "$(grep -vc '^total_' "$MEMCG/A/B/memory.slab_reclaim_stat")" "rows: one per own key"

run_tool raw cgslabstat --raw -n /A
expect_tool_ok "cgslabstat --raw -n /A"
expect_eq "$(awk '$2 == "forced_shrinks" { print $1, $3, $4 }' "$tool_tmp/raw")" \
	"/A $(cg_stat A forced_shrinks) $(cg_stat A total_forced_shrinks)" "raw forced_shrinks row"
pass
