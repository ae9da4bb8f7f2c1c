# Claim: cgshrink (--all) leaves a cgroup no unused dentries, whichever
# file systems hold them (here K files on the ext4 disk and M negative
# lookups in /sys), and reports it truthfully: unused before and after as
# memory.dentry_unused had them, and "freed" equal to what
# memory.slab_reclaim_stat's total_forced_reclaimed gained, at least the
# K + M dentries the cgroup had.
# shellcheck source-path=SCRIPTDIR disable=SC1091,SC2154 # lib*.sh: helpers, tool_tmp, tool_rc
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../lib-tools.sh"
need_file / memory.force_slab_shrink

K=400
M=30
d=$(test_dir)
cg_create A
cg_make_files A "$d" $K || fail "files in /A"
cg_lookup_missing A /sys $M tools06-missing- || fail "lookups in /sys"
before=$(cg_unused A)
freed0=$(cg_stat A total_forced_reclaimed)
dentries0=$(cg_stat A total_dentry_reclaimed)
assert_ge "$before" $((K + M)) "A's unused dentries before"

run_tool json cgshrink --all --json /A
expect_tool_ok "cgshrink --all --json /A"
freed=$(($(cg_stat A total_forced_reclaimed) - freed0))
e='.cgroups[cgroup=/A]'
expect_eq "$(jget json . -k)" "hierarchy request threshold dry_run considered interrupted cgroups" "top-level keys"
expect_eq "$(jget json "$e" -k)" \
	"cgroup unused_before unused_after total_unused_before total_unused_after freed dentries_freed elapsed_ms shrunk interrupted" \
	"keys of a result"
expect_eq "$(jget json .request)" all "request"
expect_eq "$(jget json .threshold -t)" null "threshold without --above"
expect_eq "$(jget json .interrupted)" false "interrupted"
expect_eq "$(jget json .cgroups -l)" 1 "results"
expect_eq "$(jget json "$e.unused_before")" "$before" "unused_before"
expect_eq "$(jget json "$e.unused_after")" 0 "unused_after (the file now: $(tr '\n' ' ' < "$MEMCG/A/memory.dentry_unused"))"
expect_eq "$(cg_unused A)" 0 "A's unused dentries after"
expect_eq "$(jget json "$e.freed")" "$freed" "freed = total_forced_reclaimed delta"
expect_ge "$freed" $((K + M)) "objects freed"
expect_eq "$(jget json "$e.dentries_freed")" $(($(cg_stat A total_dentry_reclaimed) - dentries0)) "dentries_freed"
expect_ge "$(jget json "$e.dentries_freed")" $((K + M)) "dentries freed"

# again, as a table: nothing left to free
run_tool table cgshrink --all /A
expect_tool_ok "cgshrink --all /A"
expect_eq "$(head -n 1 "$tool_tmp/table" | tr -s ' ')" \
	"CGROUP UNUSED_BEFORE UNUSED_AFTER TOTAL_BEFORE TOTAL_AFTER FREED DENTRIES_FREED MS" "table header"
expect_eq "$(sed -n 2p "$tool_tmp/table" | awk '{ print $1, $2, $3, $4, $5, $6 }')" "/A 0 0 0 0 0" "second run's row"
pass
