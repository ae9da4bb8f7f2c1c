# Claim: "all" repeats passes until a whole pass frees nothing, so
# referenced dentries (looked up again while on the LRU: the first pass
# only clears the mark and rotates them) go too: K dentries each looked up
# twice leave "unused" at 0 and dentry_reclaimed grows by exactly K.
#
# Wrong kernel this catches: one that makes a single pass, or scans each
# object once, and leaves every referenced dentry on the lists (shown on a
# kernel that makes one pass scanning each object once: 1000 of the 2000
# left, while spec-06 and spec-07 passed on it).
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

K=1000

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
need_file "" memory.dentry_unused
cg_create spec30
d=$(test_dir)
cg_lookup_missing spec30 "$d" $K
cg_lookup_missing spec30 "$d" $K	# the second lookup marks each referenced
cg_make_files spec30 "$d" $K f
# shellcheck disable=SC2016 # expanded by the inner shell
cg_run spec30 sh -c 'i=1; while [ $i -le "$1" ]; do [ -e "$0/f$i" ] || exit 1; i=$((i + 1)); done' \
	"$d" $K || fail "look up the $K files again"

u0=$(cg_unused spec30)
s0=$(cg_read spec30 memory.slab_reclaim_stat)
assert_ge "$u0" $((2 * K)) "unused before all"
cg_force spec30 all
s1=$(cg_read spec30 memory.slab_reclaim_stat)
diag "unused $u0 -> $(cg_unused spec30); $(echo "$s1" | head -n 9 | tr '\n' ' ')"
expect_eq "$(cg_unused spec30)" 0 "unused after all of $u0 referenced dentries"
expect_eq "$(delta_of "$s0" "$s1" dentry_reclaimed)" "$u0" "dentry_reclaimed delta of all"
pass
