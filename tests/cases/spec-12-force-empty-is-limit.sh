# Claim: v1's memory.force_empty and v2's memory.reclaim reclaim through
# try_to_free_mem_cgroup_pages,
# so the dentries it frees count as limit_*, never as forced_*: "unused"
# drops by exactly the dentry_reclaimed delta and limit_reclaimed grows;
# no global_* key moves (the guest's memory is calmed first, so no global
# reclaim runs).
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

need_file "" memory.slab_reclaim_stat
need_file "" memory.dentry_unused
calm_memory
cg_create spec12
d=$(test_dir)
cg_make_files spec12 "$d" 200
cg_lookup_missing spec12 "$d" 200

u0=$(cg_unused spec12)
s0=$(cg_read spec12 memory.slab_reclaim_stat)
cg_reclaim_all spec12
u1=$(cg_unused spec12)
s1=$(cg_read spec12 memory.slab_reclaim_stat)
diag "unused $u0 -> $u1; $(echo "$s1" | tr '\n' ' ')"
expect_reclaimed_by limit "$s0" "$s1" "$u0" "$u1"
expect_ge "$(delta_of "$s0" "$s1" limit_reclaimed)" "$(delta_of "$s0" "$s1" dentry_reclaimed)" "limit_reclaimed delta vs dentries freed"
pass
