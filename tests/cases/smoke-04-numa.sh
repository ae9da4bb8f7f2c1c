# Claim: the guest has two online NUMA nodes, each with one CPU and memory,
# so per-node counts can be told apart, and memory as a 64-bit host has it
# (qemu/boot.sh): a ZONE_NORMAL, on node 1 (above 4 GiB), and node 0
# below 4 GiB, in ZONE_DMA32.
. "$(dirname "$0")/../lib.sh"

expect_eq "$(cat /sys/devices/system/node/online)" "0-1" "online nodes"
expect_eq "$(cat /sys/devices/system/node/has_memory 2>/dev/null || cat /sys/devices/system/node/has_normal_memory)" "0-1" "nodes with memory"
expect_eq "$(cat /sys/devices/system/node/node0/cpulist)" 0 "CPUs on node 0"
expect_eq "$(cat /sys/devices/system/node/node1/cpulist)" 1 "CPUs on node 1"
# node N, zone Z: its present pages (0 when the zone is empty or absent)
present() {
	awk -v n="$1" -v z="$2" '
		$1 == "Node" { cur = ($2 == n "," && $4 == z) }
		cur && $1 == "present" { print $2; found = 1; exit }
		END { if (!found) print 0 }' /proc/zoneinfo
}
for zone in "0 DMA32" "1 Normal"; do
	# shellcheck disable=SC2086 # node and zone
	p=$(present $zone)
	diag "node ${zone% *}, zone ${zone#* }: $p pages present"
	expect_gt "$p" 0 "present pages of node ${zone% *}'s zone ${zone#* }"
done
expect_eq "$(present 0 Normal)/$(present 1 DMA32)" 0/0 "present pages of node 0's ZONE_NORMAL and node 1's ZONE_DMA32"
pass
