# Claim: writing "all" empties the memcg's lists: "unused" drops to 0,
# dentry_reclaimed grows by exactly the unused dentries that were not pinned,
# and the pinned ones (files held open) are only taken off the lists, not
# freed: once closed they are back on the lists, counted as unused.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

PINNED=3

need_file "" memory.force_slab_shrink
need_file "" memory.dentry_unused
need_file "" memory.slab_reclaim_stat
cg_create spec07
d=$(test_dir)
cg_make_files spec07 "$d" 200
cg_lookup_missing spec07 "$d" 100
# The test shell holds three of the files open: their dentries are in use,
# yet still on the lists (6.1 takes them off lazily).
exec 3< "$d/f1" 4< "$d/f100" 5< "$d/f200"

u0=$(cg_unused spec07)
s0=$(cg_read spec07 memory.slab_reclaim_stat)
cg_force spec07 all
u1=$(cg_unused spec07)
s1=$(cg_read spec07 memory.slab_reclaim_stat)
diag "unused $u0 -> $u1; $(cg_read spec07 memory.slab_reclaim_stat | tr '\n' ' ')"
expect_eq "$u1" 0 "unused after all"
expect_eq "$(delta_of "$s0" "$s1" dentry_reclaimed)" $((u0 - PINNED)) \
	"dentry_reclaimed delta (unused before minus $PINNED pinned)"
expect_eq "$(cg_unused spec07 total_unused)" 0 "total_unused after all"

exec 3<&- 4<&- 5<&-
expect_eq "$(cg_unused spec07)" $PINNED "unused once the pinned files are closed"
# They were never freed: the same names are still cached, and a second "all"
# frees exactly them.
cg_force spec07 all
s2=$(cg_read spec07 memory.slab_reclaim_stat)
expect_eq "$(delta_of "$s1" "$s2" dentry_reclaimed)" $PINNED "dentry_reclaimed of the second all"
pass
