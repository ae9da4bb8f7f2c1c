# Claim: cgshrink -R --above T judges the cgroups below the CGROUP named
# (never that CGROUP) by what a shrink of each would free, its subtree's
# unused dentries, and shrinks each one over T that has no descendant over
# T: the smallest subtrees over T.  A parent over T only through a child
# that is shrunk is not shrunk for it (its own dentries stay), nor is a
# sibling under T, nor the CGROUP named; the second run finds nothing.
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
cg_create A/q
cg_make_files A/hi "$d" 250 h || fail "files in /A/hi"
cg_make_files A/lo "$d" 30 l || fail "files in /A/lo"
# a parent's own files before its child (on cgroup v2 a cgroup whose
# children have the memory controller can run no task of its own).  /A/p
# is over T with its child /A/p/c under T: /A/p is shrunk, /A/p/c with it.
# /A/q is under T on its own, over T through /A/q/big: /A/q/big is shrunk,
# /A/q is not.
cg_make_files A/p "$d" 150 p || fail "files in /A/p"
cg_make_files A/q "$d" 50 q || fail "files in /A/q"
cg_create A/p/c
cg_create A/q/big
cg_make_files A/p/c "$d" 40 c || fail "files in /A/p/c"
cg_make_files A/q/big "$d" 250 b || fail "files in /A/q/big"
assert_gt "$(cg_unused A/p/c)" 0 "/A/p/c's unused dentries"
assert_le "$(cg_unused A/q)" $T "/A/q's own unused dentries"
assert_gt "$(cg_unused A total_unused)" $T "/A's subtree's unused dentries"
lo=$(cg_unused A/lo)
q=$(cg_unused A/q)
a=$(cg_unused A)

run_tool json cgshrink --all -R --above $T --json /A
expect_eq "$tool_rc" 0 "cgshrink -R --above $T --json /A: exit status"
expect_eq "$(tool_err json)" "cgshrink: shrank 3 of 5 cgroups considered (subtree's unused dentries > $T)" "summary (stderr)"
expect_eq "$(jget json .threshold)" $T "threshold"
expect_eq "$(jget json .considered)" 5 "cgroups judged (not /A, not /A/q: its child is over T)"
expect_eq "$(jget json .cgroups -l)" 3 "cgroups shrunk"
expect_eq "$( (jget json .cgroups[0].cgroup; jget json .cgroups[1].cgroup; jget json .cgroups[2].cgroup) | sort | tr '\n' ' ')" \
	"/A/hi /A/p /A/q/big " "the cgroups shrunk"
expect_eq "$(cg_unused A/hi)" 0 "/A/hi's unused dentries after"
expect_eq "$(cg_unused A/p total_unused)" 0 "/A/p's subtree's unused dentries after"
expect_eq "$(cg_unused A/q/big)" 0 "/A/q/big's unused dentries after"
expect_eq "$(cg_unused A/q)" "$q" "/A/q's own unused dentries after (not shrunk for its child)"
expect_eq "$(cg_unused A/lo)" "$lo" "/A/lo's unused dentries after"
expect_eq "$(cg_unused A)" "$a" "/A's own unused dentries after (the CGROUP named is no candidate)"

# again, as a table: nothing is over T now, every cgroup below /A is judged
run_tool table cgshrink --all -R --above $T /A
expect_eq "$tool_rc" 0 "cgshrink -R --above $T /A (second): exit status"
expect_eq "$(tool_out table)" "" "nothing shrunk: no table"
expect_eq "$(tool_err table)" "cgshrink: shrank 0 of 6 cgroups considered (subtree's unused dentries > $T)" "summary (stderr)"
expect_eq "$(cg_unused A/lo)" "$lo" "/A/lo's unused dentries after the second run"
pass
