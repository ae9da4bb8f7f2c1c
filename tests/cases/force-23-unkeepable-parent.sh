# Claim: "<n>" never frees more than n objects, also when a dentry's death
# takes a parent that cannot stay in the cache with it.  Such a parent
# (unhashed, or one ->d_delete() says no to) dies at its last dput()
# whatever a budget says, so a shrink within a budget must count it before
# it kills the child: a child whose death costs more than what is left of
# n stays on its list, and a budget that covers both frees both.
#
# The parent: a cgroup directory P (force23-gone) made by a task of
# force23, so its dentry is charged there; the child: a control file C in
# it, opened by another task of force23 and held open while P is removed
# (kernfs lets a cgroup with an open file go; vfs_rmdir() shrinks only
# P's unused children, then d_delete() unhashes P, in use by C, and a
# lookup of the name, which kernfs finds gone, would).  The holder's
# children (its sleeps) must not inherit the open file: one still holding
# it after the holder is killed left C in use and the test judging
# nothing.  Once C is closed it sits unused on force23's list, holding P's
# last reference.
# Writes of 1 then each free at most one object (before the fix, the one
# that reached C freed C and P: +2), until none frees anything; a write of
# 2 then frees exactly C and P.  Counted in force23's forced_reclaimed,
# which holds both (each is counted to the memcg it is charged to).
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

MAX_WRITES=32	# writes of 1 before the test gives up on them ending

need_file "" memory.force_slab_shrink
cg_create force23
gone=$MEMCG/force23-gone
ready=/tmp/force23.ready.$$
at_exit rmdir "$gone"
at_exit rm -f "$ready"

# P and C, charged to force23: kernfs leaves the dentry of a new directory
# negative, and the next lookup makes a positive one, in the same task.
# C is held open.
# shellcheck disable=SC2016 # expanded by the inner shell
cg_spawn force23 sh -c 'mkdir "$0" && exec 3< "$0/cgroup.procs" || exit 1; : > "$1"; while :; do sleep 1 3<&-; done' \
	"$gone" "$ready"
holder=$!
i=0
while [ ! -e "$ready" ]; do
	kill -0 "$holder" 2> /dev/null || fail "the task holding $gone/cgroup.procs open ended"
	[ $i -lt 100 ] || fail "the holder did not open $gone/cgroup.procs within 10 s"
	sleep 0.1
	i=$((i + 1))
done
rmdir "$gone" || fail "rmdir $gone while a file in it is open"
# d_delete() unhashes P when more than the rmdir holds it, as C does; a
# lookup of the removed name would do it too (kernfs finds the node gone
# and invalidates P, whose in-use child C stays): make sure of it
[ ! -e "$gone" ] || fail "$gone still there after its rmdir"
kill "$holder"
wait "$holder" 2> /dev/null
diag "force23's dentry_unused once C is closed: $(cg_read force23 memory.dentry_unused | tr '\n' ' ')"
awk '/^sb:/ { print substr($1, 4) }' "$MEMCG/force23/memory.dentry_unused" |
	while read -r sb; do
		diag "sb $sb: $(awk -v d="$sb" '$3 == d { print $5, $9; exit }' /proc/self/mountinfo)"
	done
assert_ge "$(cg_unused force23)" 1 "force23's unused dentries once C is closed"

# writes of 1 until one frees nothing: none frees more than one object
i=1 freed=1 twos=0
while [ "$freed" -gt 0 ] && [ $i -le $MAX_WRITES ]; do
	s0=$(cg_read force23 memory.slab_reclaim_stat)
	cg_force force23 1
	s1=$(cg_read force23 memory.slab_reclaim_stat)
	freed=$(delta_of "$s0" "$s1" forced_reclaimed)
	diag "write $i of 1: forced_reclaimed +$freed (dentries +$(delta_of "$s0" "$s1" dentry_reclaimed), inodes +$(delta_of "$s0" "$s1" inode_reclaimed)); dentry_unused: $(cg_read force23 memory.dentry_unused | tr '\n' ' ')"
	[ "$freed" -le 1 ] || twos=$((twos + 1))
	i=$((i + 1))
done
expect_eq "$twos" 0 "writes of 1 that freed more than one object"
expect_eq "$freed" 0 "forced_reclaimed of the last write of 1 (the writes ended)"

# C, and P with it, within a budget of 2
s0=$(cg_read force23 memory.slab_reclaim_stat)
cg_force force23 2
s1=$(cg_read force23 memory.slab_reclaim_stat)
diag "write of 2: forced_reclaimed +$(delta_of "$s0" "$s1" forced_reclaimed), dentry_reclaimed +$(delta_of "$s0" "$s1" dentry_reclaimed)"
expect_eq "$(delta_of "$s0" "$s1" forced_reclaimed)" 2 "forced_reclaimed of the write of 2 (C and its parent)"
expect_eq "$(delta_of "$s0" "$s1" dentry_reclaimed)" 2 "dentry_reclaimed of the write of 2"
pass
