# Claim: reading memory.dentry_unused does not walk dentries: reading it for
# a cgroup with 50000 unused dentries costs about what it costs for one with
# 100 (same superblocks, same nodes), timed in interleaved rounds.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

BIG=50000
SMALL=100
READS=200	# per cgroup and round
ROUNDS=4
# Walking 50000 dentries per read would cost milliseconds per read under
# TCG, many times the cost of the read itself; twice the small cgroup's
# time plus 0.2 s (host noise, /proc/uptime's 10 ms steps) stays far below.
COST_FACTOR=2
COST_SLACK_MS=200

need_file "" memory.dentry_unused
cg_create spec23-small
cg_create spec23-big
d=$(test_dir)
cg_lookup_missing spec23-small "$d" $SMALL s
cg_lookup_missing spec23-big "$d" $BIG b
assert_ge "$(cg_unused spec23-big)" $BIG "big cgroup's unused"

# read_ms PATH: milliseconds taken by READS reads of PATH's dentry_unused.
read_ms() {
	_t0=$(now_ms)
	_i=0
	while [ $_i -lt $READS ]; do
		while read -r _k _v; do :; done < "$MEMCG/$1/memory.dentry_unused"
		_i=$((_i + 1))
	done
	echo $(($(now_ms) - _t0))
}

small=0 big=0 round=1
while [ $round -le $ROUNDS ]; do
	small=$((small + $(read_ms spec23-small)))
	big=$((big + $(read_ms spec23-big)))
	round=$((round + 1))
done
diag "$((ROUNDS * READS)) reads each: $SMALL dentries ${small} ms, $BIG dentries ${big} ms"
expect_le $big $((COST_FACTOR * small + COST_SLACK_MS)) "milliseconds for the big cgroup's reads"
pass
