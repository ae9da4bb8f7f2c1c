# Claim: "<n> frees exactly min(n, what can be freed)" while others
# contend for every lock the forced walk takes, and "a pass cut short
# because another task waits for a lock frees nothing and counts as no
# progress".  The walk takes the walked superblock's s_umount for reading
# per batch (a trylock; a superblock whose s_umount a writer holds is
# skipped for the pass, and a batch ends early once a writer waits), the
# node's list_lru lock per batch, and sb_lock to pin the superblocks once
# a pass.  While, all at once,
#  - a loop freezes and thaws the walked file system (/mnt/data): each
#    freeze and each thaw takes its s_umount for writing (a remount would
#    too, but it also empties the superblock's whole dcache,
#    shrink_dcache_sb(), which would free force02's dentries under the
#    test),
#  - tasks of a sibling memcg make negative dentries on the same file
#    system and free them with "all" of their own, in a loop: their list
#    adds and their walk take the list_lru lock that force02's lists are
#    walked under (on 6.1 and 6.12 one lock a node for every memcg's
#    list; a sibling, so that nothing but the write changes force02's
#    lists and counts),
#  - a loop mounts and unmounts another tmpfs (sb_lock, super_blocks),
# writes of a small n (cycling through NS) go to force02's
# memory.force_slab_shrink, with many more freeable objects (FILES files'
# dentries and inodes) than all the writes take.  Every write frees at
# most n and counts only what it freed: force02's forced_reclaimed grows
# by what its dentry_reclaimed and inode_reclaimed grew by together, and
# force02's unused dentries on the disk (memory.dentry_unused's sb:
# line) drop by exactly the dentries freed.  A write during which no
# freeze or thaw ran frees exactly n; one that met a freeze or a thaw may
# end early, with fewer (its pass cut short counts as no progress).  Both
# kinds must happen (at least MIN_RACED writes met a writer).  It fails
# on a kernel whose walk counts a batch it gave up, or a superblock it
# skipped, as freed (forced_reclaimed grows by more than was freed), and
# on one that frees past n.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

FILES=1500	# force02's files: 2 freeable objects each (dentry, inode)
NS="1 7 40 3"	# the n of successive writes
ROUNDS=80	# writes, at most
MIN_ROUNDS=20	# at least, however slow the guest
SECONDS_=30	# rounds after MIN_ROUNDS start only within this time
MIN_RACED=1	# writes that met a freeze or a thaw, at least
LOOKUPS=2000	# negative dentries the sibling makes between its "all"s

need_file "" memory.force_slab_shrink
need_file "" memory.dentry_unused
need_tool cgtest-lookup
need_tool fsfreeze
cg_create force02
cg_create force02-lru
d=$(test_dir)
mkdir "$d/own" "$d/lru" || fail "mkdir in $d"
cg_make_files force02 "$d/own" $FILES || fail "make $FILES files in force02"
W=/tmp/force02.$$
mkdir -p "$W/tmpfs" || fail "mkdir $W/tmpfs"
stop=$W/stop
# shellcheck disable=SC2016 # expanded by the undo's sh
at_exit sh -c 'touch "$0/stop"; umount "$0/tmpfs" 2> /dev/null; rm -rf "$0"' "$W"
at_exit fsfreeze --unfreeze "$DATA"
: > "$W/errors"

# looper NAME CMD...: CMD until stopped; its count in W/NAME.n, its
# failures in W/errors
looper() {
	_name=$1 _n=0
	shift
	while [ ! -e "$stop" ]; do
		"$@" > /dev/null 2>&1 || echo "$_name failed (round $_n)" >> "$W/errors"
		_n=$((_n + 1))
	done
	echo $_n > "$W/$_name.n"
}
# freeze_cycle: freeze and thaw the disk, W/st saying "N busy" from
# before each to "N idle" after it (N counts them; written whole by a
# rename): a write that reads the same "N idle" before and after it met
# no writer of s_umount.  Dirty data makes the freeze's sync, which it
# makes holding s_umount, last; the pauses leave time for writes that
# meet neither.
# shellcheck disable=SC2317 # called through looper
fs_state() {
	echo "$1" > "$W/st.new" && mv "$W/st.new" "$W/st"
}
# shellcheck disable=SC2317 # called through looper
freeze_cycle() {
	dd if=/dev/zero of="$d/dirty" bs=64k count=4 conv=notrunc 2> /dev/null
	_ops=$((_ops + 1))
	fs_state "$_ops busy"
	fsfreeze --freeze "$DATA" || { fs_state "$_ops idle"; return 1; }
	fs_state "$_ops idle"
	sleep 0.2
	_ops=$((_ops + 1))
	fs_state "$_ops busy"
	fsfreeze --unfreeze "$DATA"
	_rc=$?
	fs_state "$_ops idle"
	sleep 0.4
	return "$_rc"
}
# shellcheck disable=SC2317 # called through looper
tmpfs_cycle() { mount -t tmpfs tmpfs "$W/tmpfs" && umount "$W/tmpfs"; }
# shellcheck disable=SC2317 # called through looper
lru_cycle() {
	cg_run force02-lru cgtest-lookup "$d/lru" m "$LOOKUPS" &&
		printf all > "$MEMCG/force02-lru/memory.force_slab_shrink"
}

_ops=0
fs_state "0 idle"
looper freeze freeze_cycle &
pids=$!
looper lru lru_cycle &
pids="$pids $!"
looper tmpfs tmpfs_cycle &
pids="$pids $!"

# one_write N: write N and check what it freed
bad=0 raced=0 quiet=0 short=0
one_write() {
	s0=$(cg_read force02 memory.slab_reclaim_stat)
	u0=$(cg_disk_unused force02)
	read -r m0 < "$W/st"
	cg_force force02 "$1"
	read -r m1 < "$W/st"
	s1=$(cg_read force02 memory.slab_reclaim_stat)
	u1=$(cg_disk_unused force02)
	fr=$(delta_of "$s0" "$s1" forced_reclaimed)
	dr=$(delta_of "$s0" "$s1" dentry_reclaimed)
	ir=$(delta_of "$s0" "$s1" inode_reclaimed)
	if [ "$m0" = "$m1" ] && [ "${m0#* }" = idle ]; then
		quiet=$((quiet + 1))
		want=$1
	else
		raced=$((raced + 1))
		want=$(( dr + ir < $1 ? dr + ir : $1 ))
	fi
	[ $((dr + ir)) -lt "$1" ] && short=$((short + 1))
	if [ "$fr" != $((dr + ir)) ] || [ "$fr" != "$want" ] || [ $((u0 - u1)) != "$dr" ]; then
		diag "round $r: write of $1 ($( [ "$want" = "$1" ] && echo "no writer of s_umount" || echo "a freeze or thaw ran")): forced_reclaimed +$fr, dentries $dr and inodes $ir freed, force02's unused dentries on the disk $u0 -> $u1"
		bad=$((bad + 1))
	fi
}

r=1 taken=0
# shellcheck disable=SC2086 # the n, one a word
set -- $NS
rounds_start
while rounds_more $((r - 1)) $MIN_ROUNDS $ROUNDS $SECONDS_; do
	n=$1
	shift
	set -- "$@" "$n"
	one_write "$n"
	taken=$((taken + n))
	r=$((r + 1))
done
: > "$stop"
for p in $pids; do
	wait "$p"
done
diag "$((r - 1)) writes ($taken objects asked for; $raced met a freeze or thaw, $quiet none; $short freed fewer than n) raced $(cat "$W/freeze.n") freezes and thaws, $(cat "$W/lru.n") rounds of the sibling's $LOOKUPS lookups and all, $(cat "$W/tmpfs.n") tmpfs mounts"
[ -s "$W/errors" ] && fail "a contender failed: $(head -n 3 "$W/errors" | tr '\n' ' ')"
for c in freeze lru tmpfs; do
	expect_gt "$(cat "$W/$c.n")" 0 "rounds of the $c loop"
done
expect_eq "$bad" 0 "writes (of $((r - 1))) that freed other than they should, or counted other than they freed"
expect_ge "$raced" $MIN_RACED "writes that met a freeze or a thaw"
expect_gt "$quiet" 0 "writes that met no freeze or thaw"
pass
