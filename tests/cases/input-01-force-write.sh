# Claim: memory.force_slab_shrink answers hostile writes beyond spec-14's
# words with the documented error and nothing else: an embedded NUL makes
# the rest trailing junk (EINVAL); a write of up to PAGE_SIZE bytes is parsed
# as a whole (blanks around a value accepted, long digit strings overflow:
# EINVAL), a longer one is refused before parsing (E2BIG, as for every
# cgroup file: kernfs caps a cgroup write at one page); every write(2) is a
# command of its own, so a value split over two writes is two malformed
# values and a partial one ("al") is malformed; a write at an offset
# (pwrite, or lseek then write) gets what memory.force_empty (v1's other
# write-only file) gets, and where that is success, the value decides
# (cgroup files ignore the offset: each write is a whole command).
# Rejected writes change neither stat file; accepted ones count once each;
# the kernel log stays clean.
# hierarchy: v1
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=../stress/lib.sh
. "$(dirname "$0")/../stress/lib.sh"

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
need_file "" memory.dentry_unused
need_cgstress
# x86-64's page size: the most a cgroup file takes in one write
PAGE=4096
cg_create in1
d=$(test_dir)
cg_lookup_missing in1 "$d" 50
f=$MEMCG/in1/memory.force_slab_shrink

# writes WANT [-o OFF] CHUNK...: the chunks, one write(2) each on one open
# file, get WANT ("ok EINVAL ...", one word per chunk); CHUNK as cgstress
# write takes it (\0, \n, \{N}C for C repeated N times).
writes() {
	_want=$1; shift
	_got=$("$CGSTRESS" write "$@")
	expect_eq "$_got" "$_want" "write $(echo "$@" | cut -c1-60)"
}
unchanged() {
	expect_eq "$(cg_read in1 memory.slab_reclaim_stat)" "$stat" "slab_reclaim_stat after rejected writes ($1)"
	expect_eq "$(cg_read in1 memory.dentry_unused)" "$unused" "dentry_unused after rejected writes ($1)"
}

log_mark
unused=$(cg_read in1 memory.dentry_unused)
stat=$(cg_read in1 memory.slab_reclaim_stat)
# embedded NULs: whatever follows the NUL is junk, a lone NUL is junk
for v in '5\0' '\0' '\05' '\0\0\0' 'all\0' 'all\0all' '5\0\0\0\0' ' 5 \0' '5\n\0'; do
	writes EINVAL "$f" "$v"
done
# long strings within a page: parsed whole
writes EINVAL "$f" "\\{$((PAGE - 1))}9"		# a 4095-digit number
writes EINVAL "$f" "1\\{$((PAGE - 1))}0"		# exactly a page of digits
writes EINVAL "$f" "\\{$PAGE}x"
writes EINVAL "$f" "5\\{$((PAGE - 1))}x"
writes EINVAL "$f" "all\\{$((PAGE - 4))} x"
writes EINVAL "$f" "99999999999999999999999999999999999999999999999999"
# more than a page: refused whole, by kernfs, before the handler
writes E2BIG "$f" "\\{$((PAGE + 1))}x"
writes E2BIG "$f" "5\\{$PAGE} "
writes E2BIG "$f" "\\{65536}5"
writes E2BIG "$f" "\\{1048576} "
# split and partial writes: each write(2) stands alone
writes "EINVAL EINVAL" "$f" al l
writes "EINVAL EINVAL" "$f" 'a' 'll\n'
writes "EINVAL EINVAL EINVAL" "$f" '-' '\0' 'x'
# at an offset, malformed: as memory.force_empty (of another cgroup: a
# write that got through would empty it) where it fails, else EINVAL (it
# takes any value)
cg_create in1cmp
fe=$MEMCG/in1cmp/memory.force_empty
at_offset() {
	# shellcheck disable=SC2086 # -o|-s OFFSET VALUE WANT
	set -- $1
	_w=$("$CGSTRESS" write "$1" "$2" "$fe" "$3")
	[ "$_w" = ok ] && _w=$4
	writes "$_w" "$1" "$2" "$f" "$3"
	[ "$_w" = ok ] && nr_ok=$((nr_ok + 1))
	return 0
}
nr_ok=0
for args in "-o 100 x EINVAL" "-s 1 x EINVAL" "-o 0 al EINVAL"; do
	at_offset "$args"
done
unchanged "malformed"

# Accepted: exactly a page with blanks around the value, long runs of
# leading zeros, split values that are each whole, writes at an offset.
s0=$(cg_stat in1 forced_shrinks)
writes ok "$f" "\\{$((PAGE - 1))} 5"
writes ok "$f" "\\{$((PAGE - 4))} all"
writes ok "$f" "all\\{$((PAGE - 4))} "
writes ok "$f" "\\{$((PAGE - 1))}05"
writes "ok ok ok" "$f" 1 2 'all\n'
writes "ok ok" "$f" 5 ''	# the empty write is a no-op, counted nowhere
# at an offset, well-formed: accepted where force_empty accepts
nr_ok=0
for args in "-o 0 5 ok" "-o 100 all ok" "-s 1 5 ok" "-s 4096 all ok"; do
	at_offset "$args"
done
expect_eq "$(cg_stat in1 forced_shrinks)" $((s0 + 8 + nr_ok)) "forced_shrinks after $((8 + nr_ok)) accepted writes"
expect_eq "$(cg_unused in1)" 0 "unused after the accepted all"
log_check
pass
