# Claim (seed 4/6 "memcg: shrink dcache with memcg context"): a forced
# shrink of cgroup A (memory.force_slab_shrink "all") frees A's unused
# dentries and scans no other cgroup's lists.  Sibling B, holding as many
# unused dentries on the same disk, and 1000 more siblings holding a few
# each keep their unused counts and their own *_scanned counters exactly;
# so does the parent T, which holds FILES unused dentries of its own: its
# own lists are not A's, so a force of A that also shrinks the parent's
# lists (an ancestor walk, or a walk that starts above A) fails here.
. "$(dirname "$0")/../lib.sh"

FILES=2000		# unused dentries A and B each hold
SIBLINGS=1000		# further siblings of A under T
SIBLING_FILES=3		# unused dentries each of those holds

need_file "" memory.dentry_unused
need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat

d=$(test_dir)
mkdir "$d/t" "$d/a" "$d/b" "$d/s" || fail "mkdir in $d"
cg_create T
cg_create T/A
cg_create T/B
cg_create_many T S $SIBLINGS
cg_make_files T "$d/t" $FILES || fail "create files in T"
cg_make_files T/A "$d/a" $FILES || fail "create files in A"
cg_make_files T/B "$d/b" $FILES || fail "create files in B"
# One shell walks through the siblings, making its files in each in turn.
sh -c 'i=1
	while [ $i -le "$2" ]; do
		echo $$ > "$1/T/S$i/cgroup.procs" || exit 1
		j=1
		while [ $j -le "$3" ]; do : > "$4/s$i.$j" || exit 1; j=$((j + 1)); done
		i=$((i + 1))
	done
	echo $$ > "$1/cgroup.procs"' sh "$MEMCG" $SIBLINGS $SIBLING_FILES "$d/s" ||
	fail "populate the siblings"

others="T T/B"
i=1
while [ $i -le $SIBLINGS ]; do
	others="$others T/S$i"
	i=$((i + 1))
done
# shellcheck disable=SC2086 # cgroup names have no blanks
{
	held=$(cg_keys memory.dentry_unused "^sb:$(disk_devno)\$" $others |
		awk -v min=$SIBLING_FILES '$3 >= min { n++ } END { print n + 0 }')
	unused_before=$(cg_keys memory.dentry_unused '^unused$' $others)
	scanned_before=$(cg_keys memory.slab_reclaim_stat '^[a-z]+_scanned$' $others)
}
# T, B and every sibling must hold dentries for "not scanned" to mean anything.
assert_eq "$held" $((SIBLINGS + 2)) "cgroups besides A holding >= $SIBLING_FILES dentries on the disk"
assert_ge "$(cg_disk_unused T)" $FILES "T's own unused dentries on the disk"
assert_ge "$(cg_disk_unused T/A)" $FILES "A's unused dentries on the disk"

a_scanned=$(cg_stat T/A forced_scanned)
a_dentries=$(cg_stat T/A dentry_reclaimed)
cg_force T/A all

expect_eq "$(cg_unused T/A)" 0 "A's unused after forcing all"
expect_gt "$(cg_stat T/A forced_scanned)" "$a_scanned" "A's forced_scanned"
expect_ge "$(cg_stat T/A dentry_reclaimed)" $((a_dentries + FILES)) "A's dentry_reclaimed"
# shellcheck disable=SC2086 # cgroup names have no blanks
{
	expect_same "$unused_before" "$(cg_keys memory.dentry_unused '^unused$' $others)" \
		"unused of T, B and the siblings"
	expect_same "$scanned_before" "$(cg_keys memory.slab_reclaim_stat '^[a-z]+_scanned$' $others)" \
		"*_scanned of T, B and the siblings"
}
cg_remove_many T S $SIBLINGS	# one rmdir, not a thousand
pass
