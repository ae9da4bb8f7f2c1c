# Claim (seed 4/6 "memcg: shrink dcache with memcg context", with 6.1's
# per-node lists): memory.dentry_unused counts a cgroup's dentries on the
# node whose memory holds them.  Files made by a task of A pinned to CPU 1
# (node 1) add their dentries to A's N1 line, those made on CPU 0 to N0, and
# a forced shrink of A frees them from both nodes.
. "$(dirname "$0")/../lib.sh"

FILES=2000
REMOTE_PCT=5	# percent of a batch allowed on the other node: SLUB serves a
		# CPU from any node's slab pages it already holds, and takes
		# other nodes' partial slabs when remote_node_defrag_ratio
		# allows.  The test sets that ratio to 0 and flushes the
		# per-CPU slabs first (see dentry_slabs_local in lib.sh), so few remain.

need_file "" memory.dentry_unused
need_file "" memory.force_slab_shrink
# The guest has one CPU per node (qemu/boot.sh): anything else is a broken guest.
assert_eq "$(cat /sys/devices/system/node/node1/cpulist 2>/dev/null)" 1 "node 1's CPUs"
assert_eq "$(cat /sys/devices/system/node/node0/cpulist 2>/dev/null)" 0 "node 0's CPUs"

# make_on CPU DIR: a task of A pinned to CPU makes FILES files in DIR.
make_on() {
	# shellcheck disable=SC2016 # expanded by the inner shell
	cg_run A taskset -c "$1" sh -c 'i=1
		while [ $i -le "$1" ]; do : > "$0/f$i" || exit 1; i=$((i + 1)); done' \
		"$2" $FILES || fail "create files on CPU $1"
}

# expect_batch NODE OTHER N_BEFORE OTHER_BEFORE: the last FILES dentries
# went to A's NODE line, no more than REMOTE_PCT percent to OTHER's.
expect_batch() {
	_on=$(($(cg_unused A "N$1") - $3))
	_off=$(($(cg_unused A "N$2") - $4))
	diag "made on node $1's CPU: $_on on N$1, $_off on N$2"
	expect_eq $((_on + _off)) $FILES "new dentries on N0 and N1 together"
	expect_le $_off $((FILES * REMOTE_PCT / 100)) "new dentries on N$2, made on node $1's CPU"
}

d=$(test_dir)
mkdir "$d/n1" "$d/n0" || fail "mkdir in $d"
cg_create A
# Prime A: the first run of each command in A looks it up along PATH and
# may leave dentries of its own in A; let that happen before the counts.
cg_run A taskset -c 1 sh -c true
cg_run A taskset -c 0 sh -c true

dentry_slabs_local
n0=$(cg_unused A N0) n1=$(cg_unused A N1)
make_on 1 "$d/n1"
expect_batch 1 0 "$n1" "$n0"

dentry_slabs_local
n0=$(cg_unused A N0) n1=$(cg_unused A N1)
make_on 0 "$d/n0"
expect_batch 0 1 "$n0" "$n1"

expect_eq "$(cg_unused A)" $(($(cg_unused A N0) + $(cg_unused A N1))) "A's unused against N0 + N1"
assert_ge "$(cg_unused A N0)" $((FILES - FILES * REMOTE_PCT / 100)) "A's N0 before the shrink"
assert_ge "$(cg_unused A N1)" $((FILES - FILES * REMOTE_PCT / 100)) "A's N1 before the shrink"
cg_force A all
expect_eq "$(cg_unused A N0)" 0 "A's N0 after forcing all"
expect_eq "$(cg_unused A N1)" 0 "A's N1 after forcing all"
pass
