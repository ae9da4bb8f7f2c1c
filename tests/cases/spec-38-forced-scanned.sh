# Claim: forced_scanned counts the objects the forced walk looked at on
# this memcg's lists, freed or not: a dentry in use that the walk takes
# off a list is scanned, not reclaimed.  spec38 holds NEG negative
# dentries and PINNED files' dentries, on its list but held open by the
# test shell (their inodes in use, so on no inode list); "all" then scans
# each object on spec38's lists once: forced_scanned grows by exactly the
# unused count read before the write, forced_reclaimed by that count less
# the PINNED, and a second "all", with nothing left on the lists, scans
# nothing.
#
# Wrong kernels this catches: one whose forced_scanned counts what was
# freed (shown on a 6.1 build that added the dentries it freed, not those
# it walked: forced_scanned grew by NEG, not NEG + PINNED), or the batch
# sizes it asked for, or one object twice (a second pass over what the
# first took off, counted again).
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

NEG=300
PINNED=3

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
cg_create spec38
d=$(test_dir)
cg_make_files spec38 "$d" $PINNED || fail "create $PINNED files in spec38"
cg_lookup_missing spec38 "$d" $NEG
# in use, and still on spec38's list (taken off lazily)
exec 3< "$d/f1" 4< "$d/f2" 5< "$d/f3"

u0=$(cg_unused spec38)
s0=$(cg_read spec38 memory.slab_reclaim_stat)
cg_force spec38 all
s1=$(cg_read spec38 memory.slab_reclaim_stat)
diag "unused $u0 before all: forced_scanned +$(delta_of "$s0" "$s1" forced_scanned), forced_reclaimed +$(delta_of "$s0" "$s1" forced_reclaimed), dentry_reclaimed +$(delta_of "$s0" "$s1" dentry_reclaimed), inode_reclaimed +$(delta_of "$s0" "$s1" inode_reclaimed)"
assert_ge "$u0" $((NEG + PINNED)) "spec38's unused dentries before all"
expect_eq "$(cg_unused spec38)" 0 "spec38's unused dentries after all"
expect_eq "$(delta_of "$s0" "$s1" inode_reclaimed)" 0 "inodes freed (none was on a list)"
expect_eq "$(delta_of "$s0" "$s1" forced_scanned)" "$u0" \
	"forced_scanned delta: every object on spec38's lists, pinned ones too"
expect_eq "$(delta_of "$s0" "$s1" forced_reclaimed)" $((u0 - PINNED)) \
	"forced_reclaimed delta: all but the $PINNED pinned"

cg_force spec38 all
s2=$(cg_read spec38 memory.slab_reclaim_stat)
expect_eq "$(delta_of "$s1" "$s2" forced_scanned)" 0 "forced_scanned of an all with empty lists"
exec 3<&- 4<&- 5<&-
pass
