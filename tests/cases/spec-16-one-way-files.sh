# Claim: memory.force_slab_shrink cannot be read and memory.dentry_unused and
# memory.slab_reclaim_stat cannot be written, even by root, with the errors
# the spec names: root reading force_slab_shrink gets EINVAL, as reading
# any write-only file of the memory controller does (v1's
# memory.force_empty, v2's memory.reclaim: cgroup_seqfile_show without a
# show method), and root writing either read-only file gets EINVAL, what
# writing memory.stat gives it.  A refused write changes nothing in either.
# Catches a kernel whose force_slab_shrink reads (a show method, "ok"),
# fails another way (EPERM, EACCES, EFAULT from a handler of its own), or
# whose read-only files take writes or refuse them with another errno.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
need_file "" memory.dentry_unused
need_tool cgtest-write
cg_create spec16
d=$(test_dir)
cg_lookup_missing spec16 "$d" 20

# the memory controller's own write-only file, beside ours
if [ "$CG_HIER" = v1 ]; then
	write_only=memory.force_empty
else
	write_only=memory.reclaim
fi
for cg in "" spec16; do
	got=$(read_errno "$cg" memory.force_slab_shrink)
	expect_eq "$got" EINVAL "root reading ${cg:-the root}'s memory.force_slab_shrink"
	expect_eq "$got" "$(read_errno "$cg" $write_only)" \
		"reading force_slab_shrink against reading $write_only (${cg:-the root})"
done

unused=$(cg_read spec16 memory.dentry_unused)
stat=$(cg_read spec16 memory.slab_reclaim_stat)
stat_errno=$(write_errno spec16 memory.stat 0)
expect_eq "$stat_errno" EINVAL "root writing '0' to memory.stat (the reference)"
for f in memory.dentry_unused memory.slab_reclaim_stat; do
	for v in 0 all "unused 0"; do
		expect_eq "$(write_errno spec16 $f "$v")" EINVAL "root writing '$v' to spec16/$f"
	done
done
expect_eq "$(cg_read spec16 memory.dentry_unused)" "$unused" "dentry_unused after refused writes"
expect_eq "$(cg_read spec16 memory.slab_reclaim_stat)" "$stat" "slab_reclaim_stat after refused writes"
pass
