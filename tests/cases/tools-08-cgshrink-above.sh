# Claim: cgshrink -R --above T shrinks exactly those cgroups of a subtree
# whose own unused dentries exceed T and leaves the others' dentries alone;
# a shrunk cgroup's shrink covers its subtree, so its descendants are not
# considered again.
# shellcheck source-path=SCRIPTDIR disable=SC1091,SC2154 # lib*.sh: helpers, tool_tmp, tool_rc
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../lib-tools.sh"
need_file / memory.force_slab_shrink

T=100
d=$(test_dir)
cg_create A
cg_create A/hi
cg_create A/lo
cg_make_files A/hi "$d" 250 h || fail "files in /A/hi"
cg_make_files A/lo "$d" 30 l || fail "files in /A/lo"
expect_le "$(cg_unused A)" $T "A's own unused dentries"
lo=$(cg_unused A/lo)

run_tool json cgshrink --all -R --above $T --json /A
expect_eq "$tool_rc" 0 "cgshrink -R --above $T --json /A: exit status"
expect_eq "$(tool_err json)" "cgshrink: shrank 1 of 3 cgroups considered (own unused dentries > $T)" "summary (stderr)"
expect_eq "$(jget json .threshold)" $T "threshold"
expect_eq "$(jget json .considered)" 3 "cgroups considered"
expect_eq "$(jget json .cgroups -l)" 1 "cgroups shrunk"
expect_eq "$(jget json .cgroups[0].cgroup)" /A/hi "the cgroup shrunk"
expect_eq "$(cg_unused A/hi)" 0 "/A/hi's unused dentries after"
expect_eq "$(cg_unused A/lo)" "$lo" "/A/lo's unused dentries after"

# Now A itself is above T: it is shrunk, and with it /A/lo, not visited.
cg_make_files A "$d" 150 a || fail "files in /A"
run_tool table cgshrink --all -R --above $T /A
expect_eq "$tool_rc" 0 "cgshrink -R --above $T /A (second): exit status"
expect_eq "$(awk 'NR > 1 && /^\// { print $1 }' "$tool_tmp/table" | tr '\n' ' ')" "/A " "cgroups shrunk"
expect_eq "$(tool_err table)" "cgshrink: shrank 1 of 1 cgroup considered (own unused dentries > $T)" "summary (stderr)"
expect_eq "$(cg_unused A total_unused)" 0 "A's subtree's unused dentries"
pass
