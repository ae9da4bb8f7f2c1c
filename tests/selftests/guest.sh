#!/bin/sh
# guest.sh: the guest side of tests/selftests/run.sh (init's run=selftests,
# on a kernel booted with cgroup_no_v1=all): mount cgroup v2 with the
# memory controller, give the tests what they use (swap on vdc, loopback
# networking and localhost, a working directory on ext4 for O_TMPFILE page
# cache), run each upstream binary with its output in a file (a static
# binary writing into a pipe repeats its buffered output in every forked
# child), and print every line as "SELFTEST: LINE", then
# "SELFTEST-EXIT: NAME STATUS".
bin=/selftests
v2=/sys/fs/cgroup/unified
mkdir -p "$v2"
mount -t cgroup2 none "$v2" || { echo "mount cgroup2 failed"; exit 1; }
grep -qw memory "$v2/cgroup.controllers" ||
	{ echo "no memory controller on cgroup v2 (boot with cgroup_no_v1=all)"; exit 1; }
swapon /dev/vdc || echo "swapon /dev/vdc failed"
ip link set lo up || echo "ip link set lo up failed"
printf '127.0.0.1 localhost\n::1 localhost ip6-localhost\n' > /etc/hosts
cd /mnt/data || exit 1
rc=0
for t in test_core test_kmem test_memcontrol; do
	log=/tmp/$t.log
	start=$(cut -d. -f1 /proc/uptime)
	"$bin/$t" > "$log" 2>&1 < /dev/null
	st=$?
	end=$(cut -d. -f1 /proc/uptime)
	sed "s/^/SELFTEST: $t: /" "$log"
	echo "SELFTEST-EXIT: $t $st $((end - start))s"
	[ $st -eq 0 ] || rc=1
done
exit $rc
