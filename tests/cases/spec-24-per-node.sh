# Claim: N<nid> counts the memcg's unused dentries whose memory is on node
# nid: K dentries made by a task bound to node 1's CPU add K to N0 + N1,
# almost all of it to N1, and then K made on node 0's CPU go to N0.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

K=1000
# SLUB may serve an allocation from a slab of the other node that sits on
# this CPU's partial list (a remote free puts it there): a few slabs' worth
# (21 dentries a page) may land on the other node, even with the per-CPU
# slabs flushed and remote partial slabs refused (dentry_slabs_local).
NODE_SLACK=$((K / 10))

need_file "" memory.dentry_unused
assert_eq "$(cat /sys/devices/system/node/has_memory)" "0-1" "nodes with memory"
cg_create spec24
d=$(test_dir)
# Prime spec24: the first run of each command in it looks it up along PATH
# and may leave dentries of its own; let that happen before the counts.
cg_run spec24 taskset -c 1 sh -c true
cg_run spec24 taskset -c 0 sh -c true

# lookups_on CPU PREFIX: K failed lookups in spec24 by a task bound to CPU.
lookups_on() {
	# shellcheck disable=SC2016 # expanded by the inner shell
	cg_run spec24 taskset -c "$1" sh -c \
		'i=1; while [ $i -le "$2" ]; do [ -e "$1/$3$i" ]; i=$((i + 1)); done; exit 0' \
		sh "$d" $K "$2"
}

for cpu_node in 1 0; do
	dentry_slabs_local
	t0=$(cg_read spec24 memory.dentry_unused)
	lookups_on $cpu_node "n$cpu_node-"
	t1=$(cg_read spec24 memory.dentry_unused)
	n0=$(delta_of "$t0" "$t1" N0)
	n1=$(delta_of "$t0" "$t1" N1)
	diag "CPU $cpu_node: N0 +$n0, N1 +$n1"
	expect_eq $((n0 + n1)) $K "N0 + N1 delta for $K dentries made on CPU $cpu_node"
	if [ $cpu_node = 1 ]; then here=$n1; else here=$n0; fi
	expect_ge "$here" $((K - NODE_SLACK)) "N$cpu_node delta for $K dentries made on its CPU"
done
pass
