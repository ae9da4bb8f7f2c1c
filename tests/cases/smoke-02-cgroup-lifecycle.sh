# Claim: a child memory cgroup can be created, a task moved into it (and
# seen there by the kernel), and the cgroup removed once it is empty.
. "$(dirname "$0")/../lib.sh"

cg_create smoke
inside=$(cg_run smoke cat /proc/self/cgroup)
case "$CG_HIER:$inside" in
v1:*memory:/smoke*|v2:*0::/smoke*) ;;
*) fail "task not in /smoke: $inside" ;;
esac
expect_eq "$(cat "$MEMCG/smoke/cgroup.procs")" "" "procs after the task exited"
cg_remove smoke
[ -d "$MEMCG/smoke" ] && fail "/smoke still there after rmdir"
pass
