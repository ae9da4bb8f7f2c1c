# Claim: cgshrink --max N (-N N) frees at most N objects of a cgroup with many more
# unused dentries: "freed" is at most N (and more than 0), and the dentries
# it did not free are still counted as unused.
# shellcheck source-path=SCRIPTDIR disable=SC1091,SC2154 # lib*.sh: helpers, tool_tmp, tool_rc
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../lib-tools.sh"
need_file / memory.force_slab_shrink

K=400
N=50
d=$(test_dir)
cg_create A
cg_make_files A "$d" $K || fail "files in /A"
freed0=$(cg_stat A total_forced_reclaimed)

run_tool json cgshrink -N $N --json /A
expect_tool_ok "cgshrink -N $N --json /A"
e='.cgroups[cgroup=/A]'
expect_eq "$(jget json .request)" $N "request"
freed=$(jget json "$e.freed")
expect_eq "$freed" $(($(cg_stat A total_forced_reclaimed) - freed0)) "freed = total_forced_reclaimed delta"
expect_gt "$freed" 0 "objects freed"
expect_le "$freed" $N "objects freed by -N $N"
before=$(jget json "$e.unused_before")
after=$(jget json "$e.unused_after")
expect_ge "$before" $K "unused before"
expect_lt "$after" "$before" "unused after"
expect_ge "$after" $((before - N)) "unused after (at most $N freed)"
expect_eq "$after" "$(cg_unused A)" "unused_after = the file now"
pass
