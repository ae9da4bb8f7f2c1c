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
cg_create A/p
cg_make_files A/hi "$d" 250 h || fail "files in /A/hi"
cg_make_files A/lo "$d" 30 l || fail "files in /A/lo"
# /A/p's own files before its child (on cgroup v2 a cgroup whose children
# have the memory controller can run no task of its own); /A/p/c is below
# T, and /A/p's shrink covers it
cg_make_files A/p "$d" 150 p || fail "files in /A/p"
cg_create A/p/c
cg_make_files A/p/c "$d" 40 c || fail "files in /A/p/c"
expect_le "$(cg_unused A)" $T "A's own unused dentries"
expect_gt "$(cg_unused A/p/c)" 0 "/A/p/c's unused dentries"
lo=$(cg_unused A/lo)

run_tool json cgshrink --all -R --above $T --json /A
expect_eq "$tool_rc" 0 "cgshrink -R --above $T --json /A: exit status"
expect_eq "$(tool_err json)" "cgshrink: shrank 2 of 4 cgroups considered (own unused dentries > $T)" "summary (stderr)"
expect_eq "$(jget json .threshold)" $T "threshold"
expect_eq "$(jget json .considered)" 4 "cgroups considered (not /A/p/c, below the shrunk /A/p)"
expect_eq "$(jget json .cgroups -l)" 2 "cgroups shrunk"
expect_eq "$( (jget json .cgroups[0].cgroup; jget json .cgroups[1].cgroup) | sort | tr '\n' ' ')" \
	"/A/hi /A/p " "the cgroups shrunk"
expect_eq "$(cg_unused A/hi)" 0 "/A/hi's unused dentries after"
expect_eq "$(cg_unused A/p total_unused)" 0 "/A/p's subtree's unused dentries after"
expect_eq "$(cg_unused A/lo)" "$lo" "/A/lo's unused dentries after"

# again, as a table: nothing is above T now, every cgroup is considered
run_tool table cgshrink --all -R --above $T /A
expect_eq "$tool_rc" 0 "cgshrink -R --above $T /A (second): exit status"
expect_eq "$(tool_out table)" "" "nothing shrunk: no table"
expect_eq "$(tool_err table)" "cgshrink: shrank 0 of 5 cgroups considered (own unused dentries > $T)" "summary (stderr)"
expect_eq "$(cg_unused A/lo)" "$lo" "/A/lo's unused dentries after the second run"
pass
