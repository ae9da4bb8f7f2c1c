# Claim: the runner leaves nothing of a test behind for the next one.  A
# test that times out after starting a daemon in a session of its own,
# changing a vm sysctl, mounting a tmpfs on the data disk, enabling swap
# and making a memcg with a task in it is reported as timed out, and
# afterwards the daemon and the task are dead, and the sysctl, the mount,
# the swap and the memcg are back as they were.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

# Seconds the inner test gets before the runner kills it.
INNER_TIMEOUT=3

fake=/tmp/harness-01.$$
mkdir -p "$fake/cases" || fail "mkdir $fake/cases"
cp "$(dirname "$0")/../lib.sh" "$(dirname "$0")/../select.sh" "$fake/" || fail "copy lib.sh"
cat > "$fake/cases/inner-01-messy.sh" <<'INNER'
#!/bin/sh
setsid sh -c 'echo $$ > /tmp/harness-01.daemon; exec sleep 1000' &
echo 1234 > /proc/sys/vm/vfs_cache_pressure
mkdir -p /mnt/data/mnt && mount -t tmpfs inner /mnt/data/mnt
swapon /dev/vdc
mkdir /sys/fs/cgroup/memory/inner
sh -c 'echo $$ > /sys/fs/cgroup/memory/inner/cgroup.procs; echo $$ > /tmp/harness-01.task; exec sleep 1000' &
sleep 1000
INNER

pressure=$(cat /proc/sys/vm/vfs_cache_pressure)
out=$(TESTS_DIR=$fake TEST_TIMEOUT=$INNER_TIMEOUT /tests/run-guest.sh inner-)
rc=$?
diag "$out"
rm -rf "$fake"
expect_eq "$rc" 1 "the runner's exit status with a failed test"
echo "$out" | grep -qx "not ok 1 inner-01-messy # timed out after $INNER_TIMEOUT s" ||
	fail "the inner test is not reported as timed out"
for f in daemon task; do
	pid=$(cat /tmp/harness-01.$f) || fail "the inner test never started its $f"
	rm -f /tmp/harness-01.$f
	! kill -0 "$pid" 2> /dev/null || { kill -KILL "$pid"; fail "the inner test's $f ($pid) survived"; }
done
expect_eq "$(cat /proc/sys/vm/vfs_cache_pressure)" "$pressure" "vm.vfs_cache_pressure after the run"
! grep -q ' /mnt/data/mnt ' /proc/mounts || fail "the inner test's tmpfs is still mounted"
expect_eq "$(grep -c '^/dev/vdc' /proc/swaps)" 0 "swap devices in use after the run"
[ ! -d "$MEMCG/inner" ] || fail "the inner test's memcg is still there"
pass
