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
la="" lb="" frozen=""

# shellcheck disable=SC2317 # called by the EXIT trap
force24_cleanup() {
	[ -n "$frozen" ] && fsfreeze --unfreeze "$W/a"
	wait
	mounted "$W/b" && { fsfreeze --unfreeze "$W/b" 2>/dev/null; umount "$W/b"; }
	[ -n "$lb" ] && losetup -d "$lb"
	mounted "$W/a" && umount "$W/a"
	[ -n "$la" ] && losetup -d "$la"
	rm -rf "$W" "$W.out"
	_cleanup
}
trap force24_cleanup EXIT

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
cg_create force24
cg_lookup_missing force24 "$W/b" $LOOKUPS
devb=$(devno_of "$W/b")
expect_ge "$(sb_unused force24 "$devb")" $LOOKUPS "force24's unused dentries on B"
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
# the control must be blocked on B before the write starts (force-13 says
# why it is sampled DC_STEADY times)
i=0 asleep=0
while [ $asleep -lt $DC_STEADY ]; do
	ended $dc && fail "drop_caches ended while B's freeze held its s_umount"
	[ $i -ge $((DC_WAIT * 10)) ] && fail "drop_caches not blocked after $DC_WAIT s"
	if [ "$(state $dc)" = D ]; then asleep=$((asleep + 1)); else asleep=0; fi
	sleep 0.1
	i=$((i + 1))
done

start=$(now_ms)
cgtest-write --signal-after $SIGNAL_AFTER_MS "$MEMCG/force24/memory.force_slab_shrink" all \
	> "$W.out" 2>&1 &
w=$!
while ! ended $w && [ $(($(now_ms) - start)) -lt $(((BOUND * 1000) + SIGNAL_AFTER_MS)) ]; do
	sleep 0.1
done
took=$(($(now_ms) - start))
wst=$(state $w) dcst=$(state $dc) fbst=$(state $fb)
diag "after $took ms: the write's state $wst, drop_caches' $dcst, B's freeze's $fbst"

fsfreeze --unfreeze "$W/a"
frozen=""
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
