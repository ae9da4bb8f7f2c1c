# Claim: root writing memory.dentry_unused or memory.slab_reclaim_stat, of
# a cgroup or of the root, gets exactly what writing memory.stat gets
# (EINVAL for anything up to a page, E2BIG beyond, ok for an empty write,
# with NULs or without, after lseek; ESPIPE for pwrite), and the files read back unchanged.
# spec-16 shows such writes fail; this pins the errno to the v1 model for
# hostile input too.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=../stress/lib.sh
. "$(dirname "$0")/../stress/lib.sh"

need_file "" memory.slab_reclaim_stat
need_file "" memory.dentry_unused
need_cgstress
cg_create in2
d=$(test_dir)
cg_lookup_missing in2 "$d" 20
# same_as_stat CG FILE VALUE [-o OFF]: writing VALUE to CG's FILE gives
# what writing it to CG's memory.stat gives
same_as_stat() {
	want=$("$CGSTRESS" write ${4:+"$4" "$5"} "$MEMCG/$1/memory.stat" "$3")
	got=$("$CGSTRESS" write ${4:+"$4" "$5"} "$MEMCG/$1/$2" "$3")
	expect_eq "$got" "$want" "root writing '$3'${4:+ at $5} to /$1/$2 (memory.stat gives $want)"
}

log_mark
for cg in "" in2; do
	for file in memory.dentry_unused memory.slab_reclaim_stat; do
		before=$(cg_read "$cg" $file)
		for v in "0" "all" "unused 0" '5\0' '\0' '\{4096}x' '\{4097}x' ''; do
			same_as_stat "$cg" $file "$v"
		done
		for off in 7 4096; do
			same_as_stat "$cg" $file all -o $off
			same_as_stat "$cg" $file all -s $off
		done
		# the root's counts move with whatever the guest does meanwhile
		[ -z "$cg" ] ||
			expect_eq "$(cg_read "$cg" $file)" "$before" "/$cg/$file after the writes"
	done
done
# and memory.stat's own answers are the documented ones
expect_eq "$("$CGSTRESS" write "$MEMCG/in2/memory.stat" 0)" EINVAL "memory.stat, short write"
expect_eq "$("$CGSTRESS" write "$MEMCG/in2/memory.stat" '\{4097}x')" E2BIG "memory.stat, long write"
log_check
pass
