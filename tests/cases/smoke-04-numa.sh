# Claim: the guest has two online NUMA nodes, each with one CPU and memory,
# so per-node counts can be told apart.
. "$(dirname "$0")/../lib.sh"

expect_eq "$(cat /sys/devices/system/node/online)" "0-1" "online nodes"
expect_eq "$(cat /sys/devices/system/node/has_memory 2>/dev/null || cat /sys/devices/system/node/has_normal_memory)" "0-1" "nodes with memory"
expect_eq "$(cat /sys/devices/system/node/node0/cpulist)" 0 "CPUs on node 0"
expect_eq "$(cat /sys/devices/system/node/node1/cpulist)" 1 "CPUs on node 1"
pass
