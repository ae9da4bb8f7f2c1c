# Claim: every total_ key is the memcg's own value plus those of all its
# descendants: total_unused in memory.dentry_unused and the nine total_ keys
# of memory.slab_reclaim_stat, checked on A, A/B and A/B/C after each
# level got dentries of its own and forced shrinks of its own.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

need_file "" memory.dentry_unused
need_file "" memory.slab_reclaim_stat
need_file "" memory.force_slab_shrink
cg_create spec04
cg_create spec04/b
cg_create spec04/b/c
d=$(test_dir)

# Distinct populations, distinct shrinks, then more dentries, so that no
# count is zero and no two levels look alike.
cg_make_files spec04 "$d" 10 a
cg_make_files spec04/b "$d" 20 b
cg_make_files spec04/b/c "$d" 30 c
cg_force spec04/b 7
cg_force spec04/b/c all
cg_lookup_missing spec04 "$d" 40 na
cg_lookup_missing spec04/b "$d" 50 nb
cg_lookup_missing spec04/b/c "$d" 60 nc

# check_totals FILE KEY...: for each KEY, total_KEY = own + descendants'.
check_totals() {
	_file=$1; shift
	a=$(cg_read spec04 "$_file")
	b=$(cg_read spec04/b "$_file")
	c=$(cg_read spec04/b/c "$_file")
	for key; do
		ka=$(key_of "$a" "$key") kb=$(key_of "$b" "$key") kc=$(key_of "$c" "$key")
		expect_eq "$(key_of "$c" "total_$key")" "$kc" "spec04/b/c total_$key"
		expect_eq "$(key_of "$b" "total_$key")" $((kb + kc)) "spec04/b total_$key"
		expect_eq "$(key_of "$a" "total_$key")" $((ka + kb + kc)) "spec04 total_$key"
	done
}
check_totals memory.dentry_unused unused
# shellcheck disable=SC2086 # one key a word
check_totals memory.slab_reclaim_stat $SLAB_STAT_KEYS
diag "$(cg_read spec04 memory.slab_reclaim_stat | tr '\n' ' ')"
expect_gt "$(cg_stat spec04/b/c forced_reclaimed)" 0 "spec04/b/c forced_reclaimed"
pass
