# Claim: a long "all" holds no lock across its walk and is not cut short by
# what runs beside it: once it has begun freeing spec26's dentries, another
# memcg's dentry_unused can be read, another memcg force-shrunk, and a new
# memcg made and removed, all before the long write returns; and the long
# write still succeeds and leaves spec26 with no unused dentries.
#
# No timing assumption: the other operations are timed first (which also
# primes them: the first mkdir, the first force of a memcg), the rate of
# "all" is measured, and the long population is sized so that its "all"
# takes LONG_FACTOR times as long as the operations.  They start only once
# spec26's unused count has begun to fall, so they surely run inside it.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

LONG_FACTOR=5		# the long "all" takes this x the other operations
CALIBRATE=20000		# dentries of the measuring "all"
MIN_OPS_MS=100		# operations are timed in 10 ms steps: at least this
MAX_POPULATION=600000	# ~120 MB of dentries: more means a host too slow to test on
START_WAIT_MS=10000	# until the long write has begun freeing

need_file "" memory.force_slab_shrink
need_file "" memory.dentry_unused
need_tool cgtest-write
cg_create spec26
cg_create spec26-other
d=$(test_dir)
tmp=/tmp/spec26.$$

# others: the operations that must not wait for the long write.
others() {
	cg_read spec26-other memory.dentry_unused > /dev/null || fail "read spec26-other's dentry_unused"
	cg_force spec26-other all
	cg_create spec26-new
	cg_remove spec26-new
}

cg_lookup_missing spec26-other "$d" 100 o0-
t0=$(now_ms)
others
ops_ms=$(($(now_ms) - t0))
[ $ops_ms -ge $MIN_OPS_MS ] || ops_ms=$MIN_OPS_MS
cg_lookup_many spec26 "$d" $CALIBRATE cal
cal=$(cg_unused spec26)
ms=$(force_ms spec26 all)
[ "$ms" -ge 1 ] || ms=1
population=$((ops_ms * LONG_FACTOR * cal / ms))
[ $population -ge $CALIBRATE ] || population=$CALIBRATE
diag "the other operations took $ops_ms ms; \"all\" freed $cal dentries in $ms ms: population $population"
expect_le $population $MAX_POPULATION "dentries needed for an \"all\" of $((ops_ms * LONG_FACTOR)) ms"

cg_lookup_many spec26 "$d" $population pop
cg_lookup_missing spec26-other "$d" 100 o1-
u0=$(cg_unused spec26)
rm -f $tmp.*
(cgtest-write "$MEMCG/spec26/memory.force_slab_shrink" all > $tmp.out; : > $tmp.done) &
writer=$!
t0=$(now_ms)
while [ "$(cg_unused spec26)" -ge "$u0" ]; do
	[ $(($(now_ms) - t0)) -lt $START_WAIT_MS ] ||
		fail "the long write freed nothing in $START_WAIT_MS ms"
done
begun=$(($(now_ms) - t0))
t0=$(now_ms)
others
took=$(($(now_ms) - t0))
returned=no
[ -e $tmp.done ] && returned=yes
left=$(cg_unused spec26)
wait $writer
out=$(cat $tmp.out)
rm -f $tmp.*
diag "of $u0: freeing begun after $begun ms, the others took $took ms, $left left then; long write: $out"
expect_eq "$returned" no "the long write returned before the others were done"
expect_eq "${out%% *}" ok "the long write of all"
expect_eq "$(cg_unused spec26)" 0 "spec26's unused after all"
pass
