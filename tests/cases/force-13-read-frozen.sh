# Claim: reading memory.dentry_unused never waits for a superblock's
# s_umount, which a mount, unmount, remount or freeze holds for writing for
# as long as its sync takes.  Filesystem B sits on a loop device whose
# backing file is on filesystem A; with A frozen, a freeze of B blocks in
# its sync (B's writeback cannot reach A), holding B's s_umount for
# writing until A is thawed.  Meanwhile the root's and a cgroup's
# dentry_unused are read within READ_BOUND seconds, and an rmdir of that
# cgroup (which waits for the file's readers with cgroup_mutex held)
# completes as well.  A drop_caches, which takes every superblock's
# s_umount through iterate_supers(), is the control: it must still be
# blocked then, and B's freeze too, or the window the test needs was not
# there and the test fails.  A and B are ext2 images made by busybox mke2fs
# on loop devices backed by the guest's own tmpfs, so no test disk is
# frozen; A is thawed before the test ends, whatever happens.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

READ_BOUND=5	# seconds; a read takes milliseconds when it does not wait
BLOCK_WAIT=10	# seconds for B's freeze to block in its sync
DC_WAIT=60	# seconds for drop_caches to reach B (the debug kernel is slow)
DC_STEADY=10	# samples 0.1 s apart that find drop_caches asleep: blocked

need_file "" memory.dentry_unused
for t in losetup mke2fs fsfreeze; do need_tool $t; done
W=/tmp/force13.$$
la="" lb="" frozen=""

# shellcheck disable=SC2317 # called by the EXIT trap
force13_cleanup() {
	[ -n "$frozen" ] && fsfreeze --unfreeze "$W/a"
	wait
	mounted "$W/b" && { fsfreeze --unfreeze "$W/b" 2>/dev/null; umount "$W/b"; }
	[ -n "$lb" ] && losetup -d "$lb"
	mounted "$W/a" && umount "$W/a"
	[ -n "$la" ] && losetup -d "$la"
	rm -rf "$W"
	_cleanup
}
trap force13_cleanup EXIT

# state PID: the state letter of PID (Z once it ended, - once reaped)
state() {
	_st=-
	[ -r "/proc/$1/stat" ] && read -r _ _ _st _ < "/proc/$1/stat"
	echo "$_st"
}
ended() { case $(state "$1") in Z|-) return 0 ;; esac; return 1; }
# shellcheck disable=SC2317 # used by the cleanup
mounted() { grep -q " $1 " /proc/mounts; }

# mkfs_mount IMAGE KBYTES DIR VAR: an ext2 image on a new loop device
# (named in VAR, for the cleanup), mounted on DIR
mkfs_mount() {
	dd if=/dev/zero of="$1" bs=1k count="$2" 2>/dev/null || fail "dd $1"
	mke2fs -F "$1" > /dev/null 2>&1 || fail "mke2fs $1"
	_l=$(losetup -f) || fail "no free loop device"
	losetup "$_l" "$1" || fail "losetup $_l $1"
	eval "$4=\$_l"
	mkdir -p "$3"
	mount -t ext4 "$_l" "$3" || fail "mount $_l on $3"
}

mkdir -p "$W"
mkfs_mount "$W/a.img" 32768 "$W/a" la
mkfs_mount "$W/a/b.img" 8192 "$W/b" lb
cg_create force13
sync
# dirty data on B that only B's sync writes back (expiry is 30 s away)
dd if=/dev/zero of="$W/b/dirty" bs=64k count=16 2>/dev/null
fsfreeze --freeze "$W/a" || fail "freeze A"
frozen=1
fsfreeze --freeze "$W/b" &
fb=$!
i=0
while [ "$(state $fb)" != D ]; do
	ended $fb && fail "B's freeze ended while A was frozen"
	[ $i -ge $((BLOCK_WAIT * 10)) ] && fail "B's freeze never blocked"
	sleep 0.1
	i=$((i + 1))
done
sleep 0.5
sh -c 'echo 1 > /proc/sys/vm/drop_caches' &
dc=$!
# the control must be blocked on B before the reads start: it drops the
# page cache of every superblock before B's first, which takes a while on
# the debug kernel (it was still running after 1.8 s there), and may sleep
# briefly on the way: blocked means asleep for DC_STEADY samples in a row
i=0 asleep=0
while [ $asleep -lt $DC_STEADY ]; do
	ended $dc && fail "drop_caches ended while B's freeze held its s_umount"
	[ $i -ge $((DC_WAIT * 10)) ] && fail "drop_caches not blocked after $DC_WAIT s"
	if [ "$(state $dc)" = D ]; then asleep=$((asleep + 1)); else asleep=0; fi
	sleep 0.1
	i=$((i + 1))
done

start=$(now_ms)
cat "$MEMCG/memory.dentry_unused" > "$W.root" &
r1=$!
cat "$MEMCG/force13/memory.dentry_unused" > "$W.cg" &
r2=$!
sleep 0.5
rmdir "$MEMCG/force13" &
r3=$!
left="$r1 $r2 $r3"
while [ -n "$left" ] && [ $(($(now_ms) - start)) -lt $((READ_BOUND * 1000)) ]; do
	still=""
	for p in $left; do ended "$p" || still="$still $p"; done
	left=$still
	sleep 0.1
done
took=$(($(now_ms) - start))
dcst=$(state $dc) fbst=$(state $fb)
diag "after ${took} ms: unfinished [${left# }] (root read $r1, cgroup read $r2, rmdir $r3); drop_caches state $dcst, B's freeze state $fbst"

fsfreeze --unfreeze "$W/a"
frozen=""
wait $r1 || fail "reading the root's dentry_unused failed"
wait $r2 || fail "reading force13's dentry_unused failed"
wait $r3 || fail "rmdir force13 failed"
expect_eq "${left# }" "" "reads and rmdir unfinished after $READ_BOUND s"
# the control: iterate_supers() waited for B's s_umount all along
expect_eq "$dcst" D "state of drop_caches, which waits for B's s_umount"
expect_eq "$fbst" D "state of B's freeze"
grep -q '^unused [0-9]' "$W.root" || fail "root's read: $(cat "$W.root")"
grep -q '^total_unused [0-9]' "$W.cg" || fail "force13's read: $(cat "$W.cg")"
rm -f "$W.root" "$W.cg"
pass
