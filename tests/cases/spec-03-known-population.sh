# Claim: K files created and K names looked up in vain on the ext4 disk by a
# task in a fresh cgroup add exactly K and then K to its "unused", all on the
# line naming the disk's major:minor from mountinfo; the N<nid> lines and the
# sb lines each add up to "unused", and a leaf's total_unused equals it.
# Dentries made meanwhile by a task of another cgroup, and by one of the
# root, change none of this cgroup's counts: a kernel that shows global
# (or root) counts passes the first half on a quiet guest, not this one
# (shown on a kernel whose counts are list_lru_count_node()'s, summed over
# every memcg: the first half was off by one dentry of the runner's, by
# chance; this part by the 900 dentries made elsewhere).
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

K=300

need_file "" memory.dentry_unused
cg_create spec03
cg_create spec03-other
d=$(test_dir)
sb=sb:$(disk_devno)
# A first task in the cgroup, so that anything a task's start leaves behind
# is there before the first count.
cg_run spec03 true

# sb_count PATH: PATH's count on the ext4 disk (0 when it has no line).
sb_count() {
	cg_read "$1" memory.dentry_unused | awk -v k="$sb" '$1 == k { n = $2 } END { print n + 0 }'
}

u0=$(cg_unused spec03)
s0=$(sb_count spec03)
t0=$(cg_read spec03 memory.dentry_unused)
o0=$(cg_unused spec03-other)
cg_make_files spec03-other "$d" $K other || fail "creating $K files in spec03-other"
cg_lookup_missing spec03-other "$d" $K other-missing
cg_lookup_missing "" "$d" $K root-missing
expect_same "$t0" "$(cg_read spec03 memory.dentry_unused)" \
	"spec03's dentry_unused after $((2 * K)) dentries in spec03-other and $K in the root"
expect_eq $(($(cg_unused spec03-other) - o0)) $((2 * K)) "spec03-other's unused added by its dentries"
cg_make_files spec03 "$d" $K || fail "creating $K files"
u1=$(cg_unused spec03)
expect_eq $((u1 - u0)) $K "unused added by $K new files"
cg_lookup_missing spec03 "$d" $K
u2=$(cg_unused spec03)
expect_eq $((u2 - u1)) $K "unused added by $K failed lookups"
expect_eq $(($(sb_count spec03) - s0)) $((2 * K)) "$sb added by both"

text=$(cg_read spec03 memory.dentry_unused)
diag "$text"
unused=$(key_of "$text" unused)
expect_eq "$(key_of "$text" total_unused)" "$unused" "total_unused of a leaf"
expect_eq "$(echo "$text" | awk '$1 ~ /^N[0-9]+$/ { s += $2 } END { print s + 0 }')" \
	"$unused" "sum of the N<nid> lines"
expect_eq "$(echo "$text" | awk '$1 ~ /^sb:/ { s += $2 } END { print s + 0 }')" \
	"$unused" "sum of the sb lines"
pass
