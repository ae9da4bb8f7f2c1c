# Claim: libcgroup's stock tools work on the new files: `cgget -r
# memory.dentry_unused /A` prints the file's lines, and `cgset -r
# memory.force_slab_shrink=all /A` empties A's unused dentries and counts
# as one forced shrink.
# shellcheck source-path=SCRIPTDIR disable=SC1091,SC2154 # lib*.sh: helpers, tool_tmp, tool_rc
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../lib-tools.sh"
need_file / memory.dentry_unused

K=120
d=$(test_dir)
cg_create A
cg_make_files A "$d" $K || fail "files in /A"
assert_ge "$(cg_unused A)" $K "A's unused dentries"

run_tool get cgget -n -v -r memory.dentry_unused /A
expect_tool_ok "cgget -n -v -r memory.dentry_unused /A"
# cgget prints continuation lines with a leading tab
expect_eq "$(sed 's/^\t//' "$tool_tmp/get")" "$(cat "$MEMCG/A/memory.dentry_unused")" "cgget's lines"

run_tool set cgset -r memory.force_slab_shrink=all /A
expect_tool_ok "cgset -r memory.force_slab_shrink=all /A"
expect_eq "$(cg_unused A)" 0 "A's unused dentries after cgset"
expect_eq "$(cg_stat A forced_shrinks)" 1 "A's forced shrinks after cgset"
expect_ge "$(cg_stat A forced_reclaimed)" $K "objects freed by cgset"
pass
