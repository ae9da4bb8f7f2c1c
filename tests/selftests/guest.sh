#!/bin/sh
# guest.sh: the guest side of tests/selftests/run.sh (init's run=selftests,
# on a kernel booted with cgroup_no_v1=all).  Sets the guest up as a
# distribution's init would for the upstream tests:
#   - cgroup v2 with the memory controller, mounted nsdelegate as systemd
#     does (test_cgcore_lesser_ns_open checks the namespace delegation
#     boundary, which exists only with nsdelegate);
#   - swap on vdc (test_memcg_swap_max, and swap accounting in the rest);
#   - loopback up and localhost in /etc/hosts (test_memcg_sock);
#   - the root directory and the working directory on ext4, chrooted;
#   - the overcommit policy and the OOM killer settings of a default boot
#     (the harness of the project's own tests changes neither).
# Then runs each upstream binary and prints
#   SELFTEST-BEGIN: NAME
#   ... the binary's own KTAP output ...
#   SELFTEST-EXIT: NAME STATUS SECONDSs
# The binaries write straight to our stdout, which must be a terminal
# (init gives us ttyS1): glibc line-buffers a terminal, while into a pipe
# or a file a static test binary's buffered output is repeated by every
# child it forks (cg_run forks and the child exits through exit()).
bin=${SELFTESTS_BIN:-/selftests}

if [ ! -t 1 ]; then
	echo "guest.sh: stdout is not a terminal; the tests' output would repeat"
	exit 1
fi
# The tests' root on ext4: test_kmem_basic makes negative dentries under
# "/", and the initramfs root (ramfs) keeps none (simple_lookup's dentries
# are deleted on their last dput), so it would find no slab to count.
root=/mnt/data/root
mkdir -p "$root/bin" "$root/proc" "$root/sys" "$root/dev" "$root/tmp" "$root/etc" \
	"$root/selftests" "$root/work"
cp /bin/busybox "$root/bin/busybox"
cp "$bin"/test_* "$root/selftests/"
ln -sf busybox "$root/bin/sh"
mount --bind /proc "$root/proc"
mount --bind /dev "$root/dev"
mount -t sysfs sysfs "$root/sys"
mount -t tmpfs -o mode=1777 tmpfs "$root/tmp"
v2=$root/sys/fs/cgroup
mount -t cgroup2 -o nsdelegate none "$v2" || { echo "mount cgroup2 failed"; exit 1; }
grep -qw memory "$v2/cgroup.controllers" ||
	{ echo "no memory controller on cgroup v2 (boot with cgroup_no_v1=all)"; exit 1; }
swapon /dev/vdc || echo "swapon /dev/vdc failed"
ip link set lo up || echo "ip link set lo up failed"
printf '127.0.0.1 localhost\n::1 localhost ip6-localhost\n' > "$root/etc/hosts"
printf 'hosts: files\n' > "$root/etc/nsswitch.conf"
cp /etc/passwd /etc/group "$root/etc/"
echo "# cgroup2: $(grep cgroup2 /proc/mounts)"
echo "# controllers: $(cat "$v2/cgroup.controllers")"
echo "# swap: $(tail -n +2 /proc/swaps | tr -s ' \t' ' ')"
echo "# $(grep -E '^(MemTotal|MemFree|SwapTotal):' /proc/meminfo | tr -s ' \n' ' ')"
rc=0
for t in test_core test_kmem test_memcontrol; do
	echo "SELFTEST-BEGIN: $t"
	start=$(cut -d. -f1 /proc/uptime)
	# the working directory on ext4 too (O_TMPFILE page cache)
	chroot "$root" /bin/sh -c "cd /work && exec /selftests/$t" < /dev/null 2>&1
	st=$?
	end=$(cut -d. -f1 /proc/uptime)
	echo "SELFTEST-EXIT: $t $st $((end - start))s"
	[ $st -eq 0 ] || rc=1
done
# init unmounts /mnt/data before it powers off: nothing may hold it
swapoff /dev/vdc
for m in "$v2" "$root/tmp" "$root/sys" "$root/dev" "$root/proc"; do
	umount "$m" || echo "umount $m failed"
done
exit $rc
