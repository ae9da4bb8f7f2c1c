# Claim: on a cgroup v2 guest, cgroup v2 is mounted at /sys/fs/cgroup with
# the memory controller available and enabled for the root's children, no
# v1 hierarchy has the memory controller, and kmem accounting is on, so
# per-memcg slab lists exist to be read.
# hierarchy: v2
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

grep -q "^cgroup2 $MEMCG cgroup2 " /proc/mounts || fail "cgroup v2 not mounted at $MEMCG"
grep -qw memory "$MEMCG/cgroup.controllers" || fail "no memory controller in $MEMCG/cgroup.controllers"
grep -qw memory "$MEMCG/cgroup.subtree_control" ||
	fail "memory controller not enabled in $MEMCG/cgroup.subtree_control"
grep -q " cgroup [^ ]*memory" /proc/mounts && fail "a v1 hierarchy has the memory controller"
grep -q "cgroup.memory=nokmem" /proc/cmdline && fail "kmem accounting disabled on cmdline"
cg_create smoke5
grep -q "^slab_reclaimable " "$MEMCG/smoke5/memory.stat" || fail "no slab_reclaimable in memory.stat"
pass
