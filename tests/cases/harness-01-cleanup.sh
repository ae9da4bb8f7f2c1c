# Claim: the runner leaves nothing of a test behind for the next one.  A
# test that times out after starting a daemon in a session of its own,
# changing a vm sysctl, mounting a tmpfs on the data disk, enabling swap
# and making a memcg with a task in it is reported as timed out, and
# afterwards the daemon and the task are dead, and the sysctl, the mount,
# the swap and the memcg are back as they were.  Issue 21: so are a kernel
# sysctl, tracing (an event with a filter, tracing_on) and a loop device
# with a file system on it that the test froze with a writer blocked on it
# (thawed, the writer killed, unmounted, detached), and the undo action the
# test registered with lib.sh's at_exit runs although the test was killed.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

# Seconds the inner test gets before the runner kills it.
INNER_TIMEOUT=3

fake=/tmp/harness-01.$$
mkdir -p "$fake/cases" || fail "mkdir $fake/cases"
cp "$(dirname "$0")/../lib.sh" "$(dirname "$0")/../select.sh" "$(dirname "$0")/../hier.sh" "$fake/" || fail "copy lib.sh"
cat > "$fake/cases/inner-01-messy.sh" <<'INNER'
#!/bin/sh
. "$(dirname "$0")/../lib.sh"
at_exit touch /tmp/harness-01.undone
setsid sh -c 'echo $$ > /tmp/harness-01.daemon; exec sleep 1000' &
echo 1234 > /proc/sys/kernel/msgmax
ev=/sys/kernel/tracing/events/vmscan/mm_vmscan_kswapd_wake
echo 'nid == 7' > $ev/filter
echo 1 > $ev/enable
echo 0 > /sys/kernel/tracing/tracing_on
dd if=/dev/zero of=/tmp/harness-01.img bs=1k count=8192 2> /dev/null
mke2fs -F /tmp/harness-01.img > /dev/null 2>&1
l=$(losetup -f) && losetup "$l" /tmp/harness-01.img
mkdir -p /tmp/harness-01.mnt && mount -t ext4 "$l" /tmp/harness-01.mnt
fsfreeze --freeze /tmp/harness-01.mnt
sh -c 'echo $$ > /tmp/harness-01.writer; exec touch /tmp/harness-01.mnt/x' &
echo 1234 > /proc/sys/vm/vfs_cache_pressure
mkdir -p /mnt/data/mnt && mount -t tmpfs inner /mnt/data/mnt
swapon /dev/vdc
mkdir $MEMCG/inner
sh -c 'echo $$ > $MEMCG/inner/cgroup.procs; echo $$ > /tmp/harness-01.task; exec sleep 1000' &
sleep 1000
INNER

need_tool mke2fs
need_tool fsfreeze
ev=/sys/kernel/tracing/events/vmscan/mm_vmscan_kswapd_wake
[ -e $ev/filter ] || fail "no $ev"
pressure=$(cat /proc/sys/vm/vfs_cache_pressure)
msgmax=$(cat /proc/sys/kernel/msgmax)
tracing=$(cat /sys/kernel/tracing/tracing_on)
rm -f /tmp/harness-01.undone
out=$(TESTS_DIR=$fake TEST_TIMEOUT=$INNER_TIMEOUT /tests/run-guest.sh inner-)
rc=$?
diag "$out"
rm -rf "$fake"
expect_eq "$rc" 1 "the runner's exit status with a failed test"
echo "$out" | grep -qx "not ok 1 inner-01-messy # timed out after $INNER_TIMEOUT s" ||
	fail "the inner test is not reported as timed out"
for f in daemon task writer; do
	pid=$(cat /tmp/harness-01.$f) || fail "the inner test never started its $f"
	rm -f /tmp/harness-01.$f
	! kill -0 "$pid" 2> /dev/null || { kill -KILL "$pid"; fail "the inner test's $f ($pid) survived"; }
done
expect_eq "$(cat /proc/sys/vm/vfs_cache_pressure)" "$pressure" "vm.vfs_cache_pressure after the run"
! grep -q ' /mnt/data/mnt ' /proc/mounts || fail "the inner test's tmpfs is still mounted"
expect_eq "$(grep -c '^/dev/vdc' /proc/swaps)" 0 "swap devices in use after the run"
[ ! -d "$MEMCG/inner" ] || fail "the inner test's memcg is still there"
expect_eq "$(cat /proc/sys/kernel/msgmax)" "$msgmax" "kernel.msgmax after the run"
expect_eq "$(cat $ev/enable)" 0 "the inner test's trace event enabled after the run"
expect_eq "$(cat $ev/filter)" none "its filter after the run"
expect_eq "$(cat /sys/kernel/tracing/tracing_on)" "$tracing" "tracing_on after the run"
! grep -q ' /tmp/harness-01.mnt ' /proc/mounts || fail "the inner test's loop file system is still mounted"
! losetup -a | grep -q harness-01.img || fail "the inner test's loop device is still set up"
[ -e /tmp/harness-01.undone ] || fail "the inner test's at_exit action did not run"
rm -rf /tmp/harness-01.undone /tmp/harness-01.img /tmp/harness-01.mnt
pass
