# Claim: memory.force_slab_shrink cannot be read and memory.dentry_unused and
# memory.slab_reclaim_stat cannot be written, even by root, and a refused
# write changes nothing in either of them.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
need_file "" memory.dentry_unused
need_tool cgtest-write
cg_create spec16
d=$(test_dir)
cg_lookup_missing spec16 "$d" 20

for cg in "" spec16; do
	f=$MEMCG/$cg/memory.force_slab_shrink
	if out=$(cat "$f" 2>&1); then
		fail "reading $f succeeded: '$out'"
	fi
	diag "read $f: $out"
done

unused=$(cg_read spec16 memory.dentry_unused)
stat=$(cg_read spec16 memory.slab_reclaim_stat)
for f in memory.dentry_unused memory.slab_reclaim_stat; do
	for v in 0 all "unused 0"; do
		got=$(write_errno spec16 $f "$v")
		expect_ne "$got" ok "write '$v' to spec16/$f"
		diag "write '$v' to $f: $got"
	done
done
expect_eq "$(cg_read spec16 memory.dentry_unused)" "$unused" "dentry_unused after refused writes"
expect_eq "$(cg_read spec16 memory.slab_reclaim_stat)" "$stat" "slab_reclaim_stat after refused writes"
pass
