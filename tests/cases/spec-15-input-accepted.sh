# Claim: memory.force_slab_shrink accepts <n> (decimal, 1..ULONG_MAX) and
# "all" with surrounding whitespace and a trailing newline: each such write
# succeeds (returning the length written), counts in forced_shrinks, and
# does what its value says: n frees exactly n objects out of the 30 fresh
# ones each round adds (so "  3  " or "003" parsed as anything but 3, or
# accepted and then ignored, fails), and all leaves "unused" at 0.
#
# Reading of the spec: "surrounding whitespace" is the kernel's isspace()
# set (space, \t, \n, \v, \f, \r), as strstrip() strips it in the v1 memory
# controller's other handlers, so "5\n\n" and "\n5" are accepted (the "one
# trailing newline" clause is then already covered).  A sign is not part
# of a decimal <n> ("+3" is tried in spec-14-input-einval).
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
need_file "" memory.dentry_unused
need_tool cgtest-write
cg_create spec15
d=$(test_dir)
nl='
'
tab=$(printf '\t')
round=0

# accepts VALUE N: the write succeeds, counts once, frees exactly N
# objects, and (for N "all") leaves nothing unused.
accepts() {
	round=$((round + 1))
	cg_lookup_missing spec15 "$d" 30 "r${round}-"
	s0=$(cg_read spec15 memory.slab_reclaim_stat)
	what="write '$(printf '%s' "$1" | od -An -c | tr -s ' ')'"
	# One write(2) that must return its full length.
	got=$(cgtest-write "$MEMCG/spec15/memory.force_slab_shrink" "$1")
	expect_eq "${got%% *}" ok "$what"
	s1=$(cg_read spec15 memory.slab_reclaim_stat)
	expect_eq "$(delta_of "$s0" "$s1" forced_shrinks)" 1 "forced_shrinks delta of $what"
	if [ "$2" = all ]; then
		expect_eq "$(cg_unused spec15)" 0 "unused after $what"
	else
		expect_eq "$(delta_of "$s0" "$s1" forced_reclaimed)" "$2" "forced_reclaimed delta of $what"
	fi
}

accepts 3 3
accepts "3$nl" 3
accepts "  3  " 3
accepts "${tab}3$nl" 3
accepts " 3 $nl" 3
accepts 003 3
accepts 1 1
accepts all all
accepts "all$nl" all
accepts "  all  " all
accepts "${tab}all $nl" all
accepts 18446744073709551615 all	# ULONG_MAX: frees all it can, like all
# Forms the spec leaves to interpretation (see the header).
accepts "3$nl$nl" 3
accepts "${nl}3" 3
pass
