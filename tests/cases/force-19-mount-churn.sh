# Claim: forced shrinks and readers are safe while file systems come and
# go under them.  For RUN_S seconds two loops mount a file system (tmpfs;
# ext2 on a loop device), fill it with force19's negative dentries and
# unmount it again, while other loops write "all" to force19's
# memory.force_slab_shrink and "100" to the root's (whose walk visits
# every superblock), and read both memory.dentry_unused files.  Every
# write, read, mount and unmount succeeds (an unmount that fails EBUSY
# would be a reference a walk leaked), each loop makes progress, and the
# kernel log stays clean (no "Busy inodes after unmount", no KASAN report
# of a superblock's lists freed under a walk on the debug kernel).
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

RUN_S=20	# how long the file systems come and go
PER_MOUNT=200	# negative dentries force19 makes in each mount
MIN_OPS=3	# each loop's least progress, however slow the guest

need_file "" memory.force_slab_shrink
need_file "" memory.dentry_unused
for t in cgtest-lookup mke2fs; do need_tool $t; done
cg_create force19
W=/tmp/force19.$$
mkdir -p "$W/tmpfs" "$W/ext2" || fail "mkdir $W"
{ dd if=/dev/zero of="$W/ext2.img" bs=1k count=2048 2> /dev/null &&
	mke2fs -F "$W/ext2.img" > /dev/null 2>&1; } || fail "an ext2 image in $W"
# shellcheck disable=SC2016 # expanded by the undo's sh
at_exit sh -c 'umount "$0/tmpfs" "$0/ext2" 2> /dev/null; rm -rf "$0"' "$W"
stop=$W/stop

# mounter FSTYPE: mount, fill, unmount until stopped; counts in W/FSTYPE.n
mounter() {
	_n=0
	while [ ! -e "$stop" ] || [ $_n -lt $MIN_OPS ]; do
		if [ "$1" = tmpfs ]; then
			mount -t tmpfs tmpfs "$W/tmpfs"
		else
			mount -o loop -t ext2 "$W/ext2.img" "$W/ext2"
		fi || { echo "mount $1 failed (round $_n)" >> "$W/errors"; break; }
		cg_run force19 cgtest-lookup "$W/$1" "r$_n." $PER_MOUNT > /dev/null ||
			echo "lookups in $1 failed (round $_n)" >> "$W/errors"
		umount "$W/$1" ||
			{ echo "umount $1 failed (round $_n)" >> "$W/errors"; break; }
		_n=$((_n + 1))
	done
	echo $_n > "$W/$1.n"
}

# looper NAME CMD...: CMD until stopped (at least MIN_OPS times); counts
# in W/NAME.n, failures in W/errors
looper() {
	_name=$1 _n=0
	shift
	while [ ! -e "$stop" ] || [ $_n -lt $MIN_OPS ]; do
		"$@" > /dev/null || echo "$_name failed (round $_n)" >> "$W/errors"
		_n=$((_n + 1))
	done
	echo $_n > "$W/$_name.n"
}
# shellcheck disable=SC2317 # called through looper
write_to() { printf '%s' "$2" > "$1"; }

: > "$W/errors"
mounter tmpfs &
pids=$!
mounter ext2 &
pids="$pids $!"
looper all write_to "$MEMCG/force19/memory.force_slab_shrink" all &
pids="$pids $!"
looper root100 write_to "$MEMCG/memory.force_slab_shrink" 100 &
pids="$pids $!"
looper readroot cat "$MEMCG/memory.dentry_unused" &
pids="$pids $!"
looper readown cat "$MEMCG/force19/memory.dentry_unused" &
pids="$pids $!"
sleep $RUN_S
: > "$stop"
for p in $pids; do
	wait "$p"
done

counts=""
for l in tmpfs ext2 all root100 readroot readown; do
	n=$(cat "$W/$l.n" 2> /dev/null || echo 0)
	counts="$counts $l=$n"
	expect_ge "$n" $MIN_OPS "rounds of the $l loop"
done
diag "in $RUN_S s:$counts"
if [ -s "$W/errors" ]; then
	head -n 5 "$W/errors"
	fail "$(grep -c . "$W/errors") failures (above, the first 5)"
fi
grep -q " $W/" /proc/mounts && fail "a file system is still mounted under $W"
pass
