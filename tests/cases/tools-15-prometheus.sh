# Claim: cgdentry --prometheus and cgslabstat --prometheus publish what
# memory.dentry_unused and memory.slab_reclaim_stat count, in the
# Prometheus text format that node_exporter's textfile collector reads
# (checked by cgtest-promcheck against the format's rules): dentries per
# cgroup, per node (node="N") and per file system (device="maj:min" with
# its type and mount point); reclaim counters per cgroup and origin, own
# and subtree, here after a forced shrink of a real cgroup.
# shellcheck source-path=SCRIPTDIR disable=SC1091,SC2154 # lib*.sh: helpers, tool_tmp, tool_rc
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../lib-tools.sh"
need_file / memory.slab_reclaim_stat

K=120
d=$(test_dir)
disk=$(disk_devno)
cg_create A
cg_create A/B
cg_make_files A/B "$d" $K a || fail "files in /A/B"
cg_force A/B all
cg_make_files A/B "$d" $K b || fail "more files in /A/B"
assert_gt "$(cg_stat A/B forced_reclaimed)" 0 "B's forced_reclaimed"
assert_ge "$(cg_unused A/B)" $K "B's unused dentries"

run_tool dentry cgdentry --prometheus -R /A
expect_tool_ok "cgdentry --prometheus -R /A"
cgtest-promcheck "$tool_tmp/dentry" || fail "cgdentry's output is not the text format"
expect_eq "$(prom_value dentry 'memcg_dentry_unused{cgroup="/A/B"}')" "$(cg_unused A/B)" "unused of /A/B"
expect_eq "$(prom_value dentry 'memcg_dentry_unused_subtree{cgroup="/A"}')" "$(cg_unused A total_unused)" "subtree unused of /A"
grep '^N[0-9]' "$MEMCG/A/B/memory.dentry_unused" > "$tool_tmp/nodes"
while read -r key val; do
	expect_eq "$(prom_value dentry "memcg_dentry_unused_node{cgroup=\"/A/B\",node=\"${key#N}\"}")" \
		"$val" "unused of /A/B on node ${key#N}"
done < "$tool_tmp/nodes"
expect_eq "$(prom_value dentry "memcg_dentry_unused_sb{cgroup=\"/A/B\",device=\"$disk\",major=\"${disk%:*}\",minor=\"${disk#*:}\",fstype=\"ext4\",mountpoint=\"$DATA\"}")" \
	"$(cg_unused A/B "sb:$disk")" "unused of /A/B on the disk"
expect_eq "$(grep -c '^memcg_dentry_unused_sb{cgroup="/A/B"' "$tool_tmp/dentry")" \
	"$(grep -c '^sb:' "$MEMCG/A/B/memory.dentry_unused")" "file systems of /A/B"

run_tool stat cgslabstat --prometheus /A /A/B
expect_tool_ok "cgslabstat --prometheus /A /A/B"
cgtest-promcheck "$tool_tmp/stat" || fail "cgslabstat's output is not the text format"
for origin in global limit forced; do
	expect_eq "$(prom_value stat "memcg_slab_reclaimed_total{cgroup=\"/A/B\",origin=\"$origin\"}")" \
		"$(cg_stat A/B ${origin}_reclaimed)" "/A/B ${origin}_reclaimed"
	expect_eq "$(prom_value stat "memcg_slab_subtree_scanned_total{cgroup=\"/A\",origin=\"$origin\"}")" \
		"$(cg_stat A total_${origin}_scanned)" "/A total_${origin}_scanned"
done
expect_eq "$(prom_value stat 'memcg_slab_dentries_reclaimed_total{cgroup="/A/B"}')" "$(cg_stat A/B dentry_reclaimed)" "/A/B dentry_reclaimed"
expect_eq "$(prom_value stat 'memcg_slab_forced_shrinks_total{cgroup="/A/B"}')" "$(cg_stat A/B forced_shrinks)" "/A/B forced_shrinks"
expect_eq "$(prom_value stat 'memcg_slab_subtree_inodes_reclaimed_total{cgroup="/A"}')" "$(cg_stat A total_inode_reclaimed)" "/A total_inode_reclaimed"
pass
