# Claim: a signal that arrives while memory.force_slab_shrink is working
# makes the write fail with EINTR soon after, the work done until then stays
# done and counted (unused dropped by exactly dentry_reclaimed's delta, and
# forced_shrinks, which counts successful writes, did not move), and the
# system stays sane: the next "all" succeeds and frees the rest.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

LOOKUPS=100000		# an "all" of this many dentries outlasts SIGNAL_AFTER_MS
SIGNAL_AFTER_MS=20
# The spec wants the signal seen within one batch of shrinking: well under
# 100 ms even under TCG; the rest of the slack is for a loaded host.
SIGNAL_SLACK_MS=500

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
need_file "" memory.dentry_unused
need_tool cgtest-write
# The helper must be able to arm its signal in this guest at all.
probe=$(cgtest-write --signal-after 60000 /dev/null x 2>&1) ||
	fail "cgtest-write cannot send its signal here: $probe"
cg_create spec18
d=$(test_dir)
cg_lookup_missing spec18 "$d" $LOOKUPS

u0=$(cg_unused spec18)
s0=$(cg_read spec18 memory.slab_reclaim_stat)
out=$(cgtest-write --signal-after $SIGNAL_AFTER_MS "$MEMCG/spec18/memory.force_slab_shrink" all 2>&1)
rc=$?
u1=$(cg_unused spec18)
s1=$(cg_read spec18 memory.slab_reclaim_stat)
diag "cgtest-write: '$out' (exit $rc); unused $u0 -> $u1"
diag "$(echo "$s1" | tr '\n' ' ')"
result=$(echo "$out" | awk '{ print $1; exit }')
ms=$(echo "$out" | awk 'END { print $NF }')
expect_eq "$result" EINTR "result of 'all' signalled after $SIGNAL_AFTER_MS ms of $u0 dentries"
expect_eq "$rc" 1 "exit status of cgtest-write"
expect_le "$ms" $((SIGNAL_AFTER_MS + SIGNAL_SLACK_MS)) "ms until the write returned"

dr=$(delta_of "$s0" "$s1" dentry_reclaimed)
expect_gt "$dr" 0 "dentries freed before the signal"
expect_gt "$u1" 0 "unused left after the signal"
expect_eq $((u0 - u1)) "$dr" "drop of unused vs dentry_reclaimed delta"
expect_ge "$(delta_of "$s0" "$s1" forced_reclaimed)" "$dr" "forced_reclaimed delta vs dentries freed"
expect_eq "$(delta_of "$s0" "$s1" forced_shrinks)" 0 "forced_shrinks delta of the interrupted write"

cg_force spec18 all
s2=$(cg_read spec18 memory.slab_reclaim_stat)
expect_eq "$(cg_unused spec18)" 0 "unused after a second all"
expect_eq "$(delta_of "$s0" "$s2" dentry_reclaimed)" "$u0" "dentries freed by both writes"
expect_eq "$(delta_of "$s0" "$s2" forced_shrinks)" 1 "forced_shrinks after both writes"
pass
