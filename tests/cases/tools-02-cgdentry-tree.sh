# Claim: cgdentry -R shows a cgroup's subtree parents first, each parent's
# children sorted by their total unused dentries (largest first), drawn
# with lsblk's tree lines in the table (ASCII: the guest has no UTF-8
# locale) and with "depth" in the JSON; a parent's total is its own count
# plus its children's totals.
# shellcheck source-path=SCRIPTDIR disable=SC1091,SC2154 # lib*.sh: helpers, tool_tmp, tool_rc
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../lib-tools.sh"
need_file / memory.dentry_unused

d=$(test_dir)
cg_create A
cg_create A/small
cg_create A/big
# /A/big's own files before its child: on cgroup v2 a cgroup whose
# children have the memory controller can run no task of its own
cg_make_files A/big "$d" 200 b || fail "files in /A/big"
cg_create A/big/deep
cg_make_files A/small "$d" 20 s || fail "files in /A/small"
cg_make_files A/big/deep "$d" 60 d || fail "files in /A/big/deep"

run_tool json cgdentry -R --json /A
expect_tool_ok "cgdentry -R --json /A"
expect_eq "$(jget json .cgroups -l)" 4 "cgroups in A's subtree"
i=0
for want in /A:0 /A/big:1 /A/big/deep:2 /A/small:1; do
	expect_eq "$(jget json ".cgroups[$i].cgroup"):$(jget json ".cgroups[$i].depth")" "$want" "entry $i (path:depth)"
	i=$((i + 1))
done
for cg in A A/big A/big/deep A/small; do
	expect_eq "$(jget json ".cgroups[cgroup=/$cg].unused")" "$(cg_unused $cg)" "unused of /$cg"
	expect_eq "$(jget json ".cgroups[cgroup=/$cg].total_unused")" "$(cg_unused $cg total_unused)" "total_unused of /$cg"
done
big_total=$(jget json '.cgroups[cgroup=/A/big].total_unused')
expect_eq "$big_total" $(($(jget json '.cgroups[cgroup=/A/big].unused') + $(jget json '.cgroups[cgroup=/A/big/deep].total_unused'))) "/A/big's total = own + deep's"
expect_eq "$(jget json '.cgroups[cgroup=/A].total_unused')" \
	$(($(jget json '.cgroups[cgroup=/A].unused') + big_total + $(jget json '.cgroups[cgroup=/A/small].total_unused'))) \
	"/A's total = own + children's totals"

run_tool table cgdentry -R /A
expect_tool_ok "cgdentry -R /A"
# shellcheck disable=SC2016 # the backquotes are lsblk's tree lines
expect_eq "$(awk 'NR > 1 { sub(/ +[0-9]+ +[0-9]+$/, ""); print }' "$tool_tmp/table" | tr '\n' '|')" \
	'/A||-big|| `-deep|`-small|' "tree lines in the table, as lsblk's"

run_tool raw cgdentry -R --raw -n -o CGROUP /A
expect_tool_ok "cgdentry -R --raw -n -o CGROUP /A"
expect_eq "$(tr '\n' ' ' < "$tool_tmp/raw")" "/A /A/big /A/big/deep /A/small " "raw paths in tree order"
pass
