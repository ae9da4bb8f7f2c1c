# Claim: on cgroup v2, lowering memory.high below a cgroup's usage reclaims
# through try_to_free_mem_cgroup_pages, so the dentries it frees count as
# limit_* (as the hard limit's on v1, memory.high's on a task's way back
# to user space and memory.reclaim's do: spec-10, spec-12), never
# as forced_* or global_*: "unused" drops by exactly the dentry_reclaimed
# delta and limit_reclaimed grows.
# hierarchy: v2
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

need_file "" memory.slab_reclaim_stat
calm_memory
cg_create v23
d=$(test_dir)
cg_make_files v23 "$d" 200
cg_lookup_missing v23 "$d" 200

u0=$(cg_unused v23)
s0=$(cg_read v23 memory.slab_reclaim_stat)
# memory.high's write reclaims down to it (or gives up) before it returns
cg_write v23 memory.high 0
cg_write v23 memory.high max
u1=$(cg_unused v23)
s1=$(cg_read v23 memory.slab_reclaim_stat)
diag "unused $u0 -> $u1; $(echo "$s1" | tr '\n' ' ')"
expect_reclaimed_by limit "$s0" "$s1" "$u0" "$u1"
expect_ge "$(delta_of "$s0" "$s1" limit_reclaimed)" "$(delta_of "$s0" "$s1" dentry_reclaimed)" "limit_reclaimed delta vs dentries freed"
pass
