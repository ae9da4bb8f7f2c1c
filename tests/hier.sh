# The guest's memory cgroup hierarchy, as initramfs/init mounted it
# (cgroup=v1|v2 on the kernel command line): CG_HIER is v2 and MEMCG
# /sys/fs/cgroup when cgroup v2 is mounted there with the memory
# controller, else CG_HIER is v1 and MEMCG /sys/fs/cgroup/memory.
# Sourced by lib.sh, run-guest.sh, demo.sh and bench.sh.
# shellcheck shell=sh
if grep -qw memory /sys/fs/cgroup/cgroup.controllers 2> /dev/null; then
	CG_HIER=v2
	MEMCG=/sys/fs/cgroup
else
	CG_HIER=v1
	MEMCG=/sys/fs/cgroup/memory
fi
export CG_HIER MEMCG
