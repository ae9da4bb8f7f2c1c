# Claim: "<n>" frees exactly n objects, counted when they are freed.  In a
# chain d1/d2/d3/d4/f made in one cgroup (each directory on the LRU, in use
# by its child), each write of 1 frees exactly one object: nr_dentry plus
# nr_inodes (/proc/sys/fs/dentry-state, inode-nr) falls by exactly 1 and
# forced_reclaimed grows by 1: never the whole chain at once (the parent
# of a freed dentry goes back to its LRU once n is reached) and never
# nothing (an in-use directory taken off the LRU is not a free).  After
# the last write that frees something the chain's dentries are gone.  A directory of
# FILES unused files: 1 frees exactly one object, and 5 exactly five.
# (The cgroup's task also leaves an object or two of its own, /proc's say:
# those count like any other.)
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

FILES=10
# the chain's five dentries, the inodes they free, and a few objects of
# the cgroup's task elsewhere: fewer writes of 1 than this free something
MAX_WRITES=32

need_file "" memory.force_slab_shrink
cg_create force14
d=$(test_dir)

# nr_objects: nr_dentry + nr_inodes, the first fields of
# /proc/sys/fs/dentry-state and inode-nr, each read in one read(2) (a
# sysctl file reads as empty from any offset but 0, so the shell's read, a
# byte at a time, would see one digit).  The pipe of each $(...) has a
# dentry and an inode while the file is read, in two calls alike.
nr_objects() {
	_ds=$(cat /proc/sys/fs/dentry-state) || fail "read dentry-state"
	_in=$(cat /proc/sys/fs/inode-nr) || fail "read inode-nr"
	echo $((${_ds%%[!0-9]*} + ${_in%%[!0-9]*}))
}

# one_write ARG WANT WHAT: write ARG; nr_objects falls by WANT and
# forced_reclaimed grows by WANT
one_write() {
	_s0=$(cg_read force14 memory.slab_reclaim_stat)
	_n0=$(nr_objects)
	echo "$1" > "$MEMCG/force14/memory.force_slab_shrink" || fail "write $1"
	_n1=$(nr_objects)
	_s1=$(cg_read force14 memory.slab_reclaim_stat)
	diag "$3: dentries and inodes $_n0 -> $_n1, forced_reclaimed +$(delta_of "$_s0" "$_s1" forced_reclaimed)"
	expect_eq $((_n0 - _n1)) "$2" "$3: dentries and inodes freed"
	expect_eq "$(delta_of "$_s0" "$_s1" forced_reclaimed)" "$2" "$3: forced_reclaimed"
}

# shellcheck disable=SC2016 # expanded by the inner shell
cg_run force14 sh -c 'mkdir -p "$1/d1/d2/d3/d4" && : > "$1/d1/d2/d3/d4/f"' sh "$d" ||
	fail "make the chain"
# the file's own dentry and inode come with its first lookup: before
need_file force14 memory.force_slab_shrink
nr_objects > /dev/null
u0=$(cg_disk_unused force14)
# writes of 1 until one frees nothing: each frees exactly one object, then
# none is left that can be freed (the directories' inodes hold buffers)
i=1 freed=1
while [ "$freed" -eq 1 ] && [ $i -le $MAX_WRITES ]; do
	_s0=$(cg_read force14 memory.slab_reclaim_stat)
	_n0=$(nr_objects)
	echo 1 > "$MEMCG/force14/memory.force_slab_shrink" || fail "write 1"
	_n1=$(nr_objects)
	_s1=$(cg_read force14 memory.slab_reclaim_stat)
	freed=$(delta_of "$_s0" "$_s1" forced_reclaimed)
	diag "chain, write $i of 1: dentries and inodes $_n0 -> $_n1, forced_reclaimed +$freed"
	expect_eq $((_n0 - _n1)) "$freed" "chain, write $i of 1: dentries and inodes freed against forced_reclaimed"
	expect_le "$freed" 1 "chain, write $i of 1: forced_reclaimed"
	i=$((i + 1))
done
diag "force14's unused dentries on the disk: $u0 before, $(cg_disk_unused force14) after"
expect_ge $((i - 2)) 5 "writes of 1 that freed one object"
expect_eq "$(cg_disk_unused force14)" 0 "force14's unused dentries on the disk after the writes of 1"

mkdir "$d/files" || fail "mkdir $d/files"
cg_make_files force14 "$d/files" $FILES
one_write 1 1 "$FILES files, write of 1"
one_write 5 5 "$FILES files, write of 5"
pass
