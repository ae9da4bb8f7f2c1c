# Claim: memory.dentry_unused is exactly "unused N", "total_unused N", one
# "N<nid> N" line per node with memory in ascending order, then one
# "sb:<major>:<minor> N" line per superblock with N > 0, ordered by (major,
# minor), and nothing else.  Checked in a child holding dentries on three
# superblocks (sysfs, the cgroup file system, the ext4 disk) and in the root.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

need_file "" memory.dentry_unused

# The node ids with memory ("0-1,3" -> "0 1 3"), one a line.
nodes=$(tr ',' '\n' < /sys/devices/system/node/has_memory |
	awk -F- '{ for (i = $1; i <= ($2 == "" ? $1 : $2); i++) print i }')

# check_format PATH: PATH's memory.dentry_unused has the spec's shape.
check_format() {
	cg_read "$1" memory.dentry_unused | awk -v nodes="$(echo "$nodes" | tr '\n' ' ')" '
	function bad(why) { print "line " NR " (" $0 "): " why; err = 1; exit 1 }
	BEGIN { nn = split(nodes, node, " ") }
	NF != 2 { bad("want two fields") }
	$2 !~ /^[0-9]+$/ { bad("value is not a decimal count") }
	NR == 1 { if ($1 != "unused") bad("want unused"); next }
	NR == 2 { if ($1 != "total_unused") bad("want total_unused"); next }
	NR <= 2 + nn { if ($1 != "N" node[NR - 2]) bad("want N" node[NR - 2]); next }
	{
		if (split($1, dev, ":") != 3 || dev[1] != "sb" ||
		    dev[2] !~ /^[0-9]+$/ || dev[3] !~ /^[0-9]+$/)
			bad("want sb:<major>:<minor>")
		if ($2 == 0) bad("sb line with count 0")
		if (nsb && (dev[2] + 0 < maj || (dev[2] + 0 == maj && dev[3] + 0 <= min)))
			bad("not after sb:" maj ":" min)
		maj = dev[2] + 0; min = dev[3] + 0; nsb++
	}
	END { if (!err && NR < 2 + nn) { print "only " NR " lines"; exit 1 } }
	' || fail "$1/memory.dentry_unused is malformed: $(cg_read "$1" memory.dentry_unused | tr '\n' ' ')"
}

cg_create spec02
d=$(test_dir)
cg_lookup_missing spec02 "$d" 20
cg_lookup_missing spec02 /sys/kernel 5 spec02-missing
cg_lookup_missing spec02 "$MEMCG" 5 spec02-missing
check_format spec02

# The child's sb lines are exactly the three file systems it looked up in.
want=$(for m in /sys "$MEMCG" "$DATA"; do devno_of "$m"; done |
	awk -F: '{ print $1, $2 }' | sort -n -k1,1 -k2,2 | awk '{ printf "sb:%s:%s\n", $1, $2 }')
got=$(cg_read spec02 memory.dentry_unused | awk '$1 ~ /^sb:/ { print $1 }')
expect_eq "$(echo "$got" | tr '\n' ' ')" "$(echo "$want" | tr '\n' ' ')" "superblocks of spec02"

check_format ""
pass
