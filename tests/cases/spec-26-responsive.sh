# Claim: a long "all" holds no lock across its walk and is not cut short by
# what runs beside it: once it has begun freeing spec26's dentries, another
# memcg's dentry_unused can be read, another memcg force-shrunk, and a new
# memcg made and removed, all before the long write returns; and the long
# write still succeeds and leaves spec26 with no unused dentries.
#
# The operations start only once spec26's unused count has begun to fall,
# so they surely run inside the long write, and the count read right after
# them must still be above 0 with the write not returned.  Should the
# population be too small for this host (the write done before the
# operations were), the test tries once more with POPULATION_STEP times as
# many: a kernel whose operations wait for the long write fails both times.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

POPULATION=100000	# "all" of these: 0.5-8 s under TCG, the operations ~0.1-1 s
POPULATION_STEP=3
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
# attempt POPULATION: one try; sets returned, left, out.
attempt() {
	cg_lookup_many spec26 "$d" "$1" "pop$1-"
	cg_lookup_missing spec26-other "$d" 100 "o$1-"
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
	expect_eq "${out%% *}" ok "the long write of all"
	expect_eq "$(cg_unused spec26)" 0 "spec26's unused after all"
}

attempt $POPULATION
if [ "$returned" = yes ] || [ "$left" -eq 0 ]; then
	diag "the long write was done first: again with $((POPULATION * POPULATION_STEP))"
	attempt $((POPULATION * POPULATION_STEP))
fi
expect_eq "$returned" no "the long write returned before the others were done"
expect_gt "$left" 0 "spec26's unused when the others were done"
pass
