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
held_fs_setup "$W"
cg_create force13
held_fs_hold
fb=$FB dc=$DC

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
	for p in $left; do proc_ended "$p" || still="$still $p"; done
	left=$still
	sleep 0.1
done
took=$(($(now_ms) - start))
dcst=$(proc_state $dc) fbst=$(proc_state $fb)
diag "after ${took} ms: unfinished [${left# }] (root read $r1, cgroup read $r2, rmdir $r3); drop_caches state $dcst, B's freeze state $fbst"

held_fs_release
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
