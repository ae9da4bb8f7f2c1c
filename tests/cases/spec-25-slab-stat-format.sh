# Claim: memory.slab_reclaim_stat is exactly the spec's nine "key value"
# lines then the same nine keys with total_ in front, in the spec's order,
# with decimal values, in the root and in a child; a new memcg reads all
# zeros, also when made again under the name of one that did shrink.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

need_file "" memory.slab_reclaim_stat
need_file "" memory.force_slab_shrink

# keys_of PATH: the key column of PATH's slab_reclaim_stat, space separated.
keys_of() {
	cg_read "$1" memory.slab_reclaim_stat | awk '{ printf "%s%s", sep, $1; sep = " " }'
}
# check_values PATH: every line is "key <decimal>".
check_values() {
	cg_read "$1" memory.slab_reclaim_stat | awk 'NF != 2 || $2 !~ /^[0-9]+$/ { print; bad = 1 } END { exit bad }' ||
		fail "$1/memory.slab_reclaim_stat has malformed lines"
}

want=$(for k in $SLAB_STAT_KEYS; do printf '%s ' "$k"; done
	for k in $SLAB_STAT_KEYS; do printf 'total_%s ' "$k"; done)
want=${want% }

cg_create spec25
expect_eq "$(keys_of "")" "$want" "keys of the root's file"
check_values ""
expect_eq "$(keys_of spec25)" "$want" "keys of a child's file"
check_values spec25
zeros=$(for k in $want; do echo "$k 0"; done)
expect_eq "$(cg_read spec25 memory.slab_reclaim_stat)" "$zeros" "a new memcg's file"

d=$(test_dir)
cg_lookup_missing spec25 "$d" 100
cg_force spec25 all
expect_gt "$(cg_stat spec25 forced_reclaimed)" 0 "forced_reclaimed after all"
cg_remove spec25
cg_create spec25
expect_eq "$(cg_read spec25 memory.slab_reclaim_stat)" "$zeros" "the file of a memcg made again"
expect_eq "$(cg_unused spec25 total_unused)" 0 "total_unused of a memcg made again"
pass
