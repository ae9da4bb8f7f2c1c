# Claim: an rmdir of the cgroup written to ends a forced shrink within a
# batch in every phase of the write, the count of what the subtree holds
# before the walk included: rmdir drains the file's writers holding
# cgroup_mutex, which stalls every cgroup operation on the machine, so it
# must not wait for that count either.  The count spans superblocks times
# the subtree, dying memcgs included: here dying children (each kept by a
# page of a tmpfs charged to it) and MOUNTS tmpfs mounts.  "all" on such a
# cgroup with nothing to free takes ALONE ms (CHILDREN more dying children
# at a time until that is at least MIN_ALONE_MS, so that a batch and the
# count can be told apart on a fast host too; the second of two writes, the
# first racing the children's offlining); an rmdir made as soon as the
# write is in count_memcg_slab_objects() (the function profiler tells)
# must return within a quarter of ALONE (RMDIR_SHARE), and the write must
# then succeed.  A kernel whose
# count looks only at signals makes the rmdir wait for the whole count.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

CHILDREN=1000		# dying children added at a time
MOUNTS=1000
MIN_ALONE_MS=500	# a shorter write cannot tell a batch from the count
RMDIR_SHARE=4		# the rmdir may take ALONE / RMDIR_SHARE at most
FN=count_memcg_slab_objects	# the count, which the write makes first

need_file "" memory.force_slab_shrink
need_tool cgtest-write
profile_fn "$FN"
cg_create force22

t=/tmp/force22.$$
mkdir -p $t/pin $t/m || fail "mkdir $t"
at_exit rm -rf $t
at_exit umount -l $t/m
at_exit umount $t/pin
mount -t tmpfs -o size=32m pin $t/pin || fail "mount a tmpfs on $t/pin"
mount -t tmpfs mounts $t/m || fail "mount a tmpfs on $t/m"
i=1
while [ $i -le $MOUNTS ]; do
	{ mkdir $t/m/$i && mount -t tmpfs m$i $t/m/$i; } || fail "mount tmpfs $i"
	i=$((i + 1))
done

# add_dying PREFIX: CHILDREN more children of force22, PREFIX1.., each
# with one page of the pin tmpfs charged to it (one shell walks through
# them, writing a file in each, and goes back to the root), then removed:
# they stay, dying, until the tmpfs goes
add_dying() {
	cg_create_many force22 "$1" $CHILDREN
	# shellcheck disable=SC2016 # expanded by the inner shell
	sh -c 'i=1; while [ $i -le "$1" ]; do
		echo $$ > "$2/$5$i/cgroup.procs" && echo x > "$3/$5$i" || exit 1
		i=$((i + 1))
	done; echo $$ > "$4/cgroup.procs"' sh $CHILDREN "$MEMCG/force22" $t/pin "$MEMCG" "$1" ||
		fail "charge a tmpfs page to each child $1*"
	cg_remove_many force22 "$1" $CHILDREN
}

dying=0
alone=0
for prefix in c d e f; do	# four rounds at most
	[ "$alone" -lt $MIN_ALONE_MS ] || break
	add_dying $prefix
	dying=$((dying + CHILDREN))
	# the first write races the children going offline (their lists
	# reparented by a workqueue): the second is the one to go by
	first=$(force_ms force22 all)
	alone=$(force_ms force22 all)
	diag "all on force22 alone: $alone ms, the first $first ms ($dying dying children, $MOUNTS more mounts)"
done
[ "$CG_HIER" = v2 ] &&
	diag "force22's cgroup.stat: $(tr '\n' ' ' < "$MEMCG/force22/cgroup.stat")"
assert_ge "$alone" $MIN_ALONE_MS "ms of the write alone (too short to tell)"

profile_start

out=/tmp/force22.out.$$
at_exit rm -f "$out"
cgtest-write "$MEMCG/force22/memory.force_slab_shrink" all > "$out" 2>&1 &
writer=$!
# the count comes first: remove the cgroup once the function profiler
# saw the write enter it
until [ "$(profile_calls "$FN")" -gt 0 ]; do
	kill -0 $writer 2>/dev/null || break
done
kill -0 $writer 2>/dev/null || fail "the write ended before the rmdir (alone: $alone ms)"
t0=$(now_ms)
rmdir "$MEMCG/force22" || fail "rmdir force22 during the write"
t1=$(now_ms)
wait $writer
status=$?
diag "rmdir during the count took $((t1 - t0)) ms; writer: $(cat "$out") (status $status)"
expect_eq "$status" 0 "the writer's exit status"
expect_le $((t1 - t0)) $((alone / RMDIR_SHARE)) "ms the rmdir waited"
pass
