# Claim: the cgroup v1 memory controller is mounted at /sys/fs/cgroup/memory
# with kmem accounting on, so per-memcg slab lists exist to be read.
# hierarchy: v1
. "$(dirname "$0")/../lib.sh"

grep -q " $MEMCG cgroup .*memory" /proc/mounts || fail "memory v1 not mounted at $MEMCG"
[ -f "$MEMCG/memory.usage_in_bytes" ] || fail "no memory.usage_in_bytes in $MEMCG"
[ -f "$MEMCG/memory.kmem.usage_in_bytes" ] || fail "no kmem accounting files"
grep -q "cgroup.memory=nokmem" /proc/cmdline && fail "kmem accounting disabled on cmdline"
pass
