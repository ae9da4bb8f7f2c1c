# Claim: a cgroup namespace changes nothing for the series' v1 files: a
# task that unshared its cgroup namespace (from the root, and from inside
# the target cgroup, which becomes its namespace root) gets the same answer
# to the same write as a task in the initial namespace (ok for "5" and
# "all", EINVAL for junk and for the read-only files), and its forced
# shrink counts in the cgroup the path names.  (cgroup v1 has no namespace
# delegation boundary; v2's nsdelegate, which would give EPERM, does not
# apply.)  A container root without delegation is refused: perm-01.
# hierarchy: v1
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=../stress/lib.sh
. "$(dirname "$0")/../stress/lib.sh"

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
need_cgstress
cg_create in3
cg_create in3/child
log_mark
for where in "" in3; do
	for target in in3 in3/child; do
		f=$MEMCG/$target/memory.force_slab_shrink
		s0=$(cg_stat $target forced_shrinks)
		for v in 5 all x 5x ''; do
			want=$("$CGSTRESS" write "$f" "$v")
			got=$(cg_run "$where" "$CGSTRESS" write -c "$f" "$v")
			expect_eq "$got" "$want" "write '$v' to $target from a new cgroup namespace in /$where"
		done
		# 2 accepted writes from each namespace
		expect_eq "$(cg_stat $target forced_shrinks)" $((s0 + 4)) "forced_shrinks of $target"
		for ro in memory.dentry_unused memory.slab_reclaim_stat; do
			got=$(cg_run "$where" "$CGSTRESS" write -c "$MEMCG/$target/$ro" 0)
			expect_eq "$got" EINVAL "write to $target/$ro from a new cgroup namespace"
		done
	done
done
log_check
pass
