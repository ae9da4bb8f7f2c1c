# Claim: a forced shrink sees a pending signal, any signal (not only a
# fatal one), also where it would wait for a lock: with the s_umount of a
# file system B held for writing (B's freeze, blocked in its sync because
# B sits on a loop device whose backing file is on a frozen file system
# A, as in force-13), "all" on force24, which holds LOOKUPS unused dentries
# on B, gets SIGUSR1 (handled, no SA_RESTART) SIGNAL_AFTER_MS into the
# write, and the write has ended within BOUND seconds: it succeeded
# without waiting for B (the series takes s_umount with a trylock and
# skips a superblock it cannot take), or failed with EINTR.  A
# drop_caches, which takes every superblock's s_umount (iterate_supers()),
# is the control: it must still be blocked on B then, and B's freeze too.
#
# Wrong kernels this catches: one whose walk takes s_umount with
# down_read(), or down_read_killable(), which only a fatal signal ends
# (shown on a 6.1 build whose walk took s_umount with down_read(): the
# write still blocked after BOUND s, in D state, until A was thawed).
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

LOOKUPS=200
SIGNAL_AFTER_MS=500
BOUND=5		# seconds; a write that waits for nothing takes milliseconds
BLOCK_WAIT=10	# seconds for B's freeze to block in its sync
DC_WAIT=60	# seconds for drop_caches to reach B (the debug kernel is slow)
DC_STEADY=10	# samples 0.1 s apart that find drop_caches asleep: blocked

need_file "" memory.force_slab_shrink
for t in losetup mke2fs fsfreeze cgtest-write; do need_tool $t; done
W=/tmp/force24.$$
held_fs_setup "$W"
cg_create force24
cg_lookup_missing force24 "$W/b" $LOOKUPS
devb=$(devno_of "$W/b")
assert_ge "$(sb_unused force24 "$devb")" $LOOKUPS "force24's unused dentries on B"
held_fs_hold
fb=$FB dc=$DC

start=$(now_ms)
cgtest-write --signal-after $SIGNAL_AFTER_MS "$MEMCG/force24/memory.force_slab_shrink" all \
	> "$W.out" 2>&1 &
w=$!
while ! proc_ended $w && [ $(($(now_ms) - start)) -lt $(((BOUND * 1000) + SIGNAL_AFTER_MS)) ]; do
	sleep 0.1
done
took=$(($(now_ms) - start))
wst=$(proc_state $w) dcst=$(proc_state $dc) fbst=$(proc_state $fb)
diag "after $took ms: the write's state $wst, drop_caches' $dcst, B's freeze's $fbst"

held_fs_release
wait $w
out=$(cat "$W.out")
diag "the write: $out; force24's unused dentries on B now $(sb_unused force24 "$devb")"
case "$wst" in
Z|-) ;;
*) fail "the write had not ended $BOUND s after its signal (state $wst): it waited for B's s_umount and did not see the signal" ;;
esac
case "$out" in
ok*|EINTR*) ;;
*) fail "the write: '$out', want ok or EINTR" ;;
esac
# the control: iterate_supers() waited for B's s_umount all along
expect_eq "$dcst" D "state of drop_caches, which waits for B's s_umount"
expect_eq "$fbst" D "state of B's freeze"
pass
