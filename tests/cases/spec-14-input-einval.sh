# Claim: memory.force_slab_shrink rejects with EINVAL every input the spec
# lists as malformed (empty, zero, negative, non-decimal, trailing junk,
# overflow, any other word) and a rejected write does nothing: both stat
# files read back the same afterwards.
#
# Reading of the spec: the accepted grammar is [space]* (<n> | all)
# [space]*, where space is any of the kernel's isspace() characters (so a
# trailing newline is covered) and <n> is decimal digits only, 1..ULONG_MAX.
# So "\n" and "  " are empty (a zero-length write(2) never reaches the
# handler: see below); "0", "00", "-0" are zero; "0x10", "1e3", "1.5" are
# not decimal; a sign is not part of <n>, so "+3" is EINVAL as "-3" is
# (kstrtoul alone would take "+3"; the spec says decimal, parsed strictly);
# "all" is lower case only, so "ALL" and "All" are other words; ULONG_MAX + 1
# and beyond overflow.  "5\n\n" is accepted (see spec-15-input-accepted).
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
need_file "" memory.dentry_unused
need_tool cgtest-write
cg_create spec14
d=$(test_dir)
cg_make_files spec14 "$d" 50
cg_lookup_missing spec14 "$d" 50
unused=$(cg_read spec14 memory.dentry_unused)
stat=$(cg_read spec14 memory.slab_reclaim_stat)

nl='
'
tab=$(printf '\t')
for v in "$nl" "  " "$tab$nl" \
	0 00 -0 "0$nl" " 0 " \
	-1 -5 "-18446744073709551615" +3 +0 " +3" "+-3" \
	0x10 0X10 0b1 1e3 1.5 "½" "５" \
	12abc "1 2" "1${tab}2" "1${nl}2" "5 all" "5all" "5," "5;" \
	18446744073709551616 99999999999999999999999999 \
	allx ALL All al "all all" "all${nl}all" "all 5" "all5" "-all" one none; do
	got=$(write_errno spec14 memory.force_slab_shrink "$v")
	expect_eq "$got" EINVAL "write '$(printf '%s' "$v" | od -An -c | tr -s ' ')'"
done

# A zero-length write(2) never reaches the file's handler: cgroup_file_write
# answers 0 for every cgroup file.  It must do nothing, like a rejected one.
expect_eq "$(write_errno spec14 memory.force_slab_shrink "")" ok "zero-length write"

expect_eq "$(cg_read spec14 memory.dentry_unused)" "$unused" "dentry_unused after rejected writes"
expect_eq "$(cg_read spec14 memory.slab_reclaim_stat)" "$stat" "slab_reclaim_stat after rejected writes"
pass
