# Claim: objects freed by shrinkers that are not memcg-aware count toward
# the root memcg: drop_caches, run by a task of spec28-asker, makes ext4's
# extent-status shrinker ("ext4-es", not memcg-aware) free the extents
# cached for the files of spec28-files; the root's own global_reclaimed
# grows by at least what that shrinker returned (told by its trace event,
# ext4_es_shrink_scan_exit) on top of the dentries and inodes freed from the
# root's own lists, while the asker's and the files' cgroups count as
# global_reclaimed exactly the dentries and inodes freed from their own
# lists, nothing more.
#
# Wrong kernels this catches: one that counts such objects nowhere, or in
# the memcg of the task that asked, or in the memcg being walked.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

FILES=500	# one written extent each, cached in the extent status tree
EVENT=$TRACING/events/ext4/ext4_es_shrink_scan_exit

need_file "" memory.slab_reclaim_stat
[ -d $EVENT ] || fail "no trace event $EVENT (tracefs, ext4 events in the guest kernel?)"
# No XFS inodes waiting for reclaim (free_cached_objects would run in the
# walk of any memcg), no leftovers of earlier tests.
calm_memory
cg_create spec28-files
cg_create spec28-asker
d=$(test_dir)
# shellcheck disable=SC2016 # expanded by the inner shell
cg_run spec28-files sh -c 'i=1; while [ $i -le "$1" ]; do echo x > "$0/f$i" || exit 1; i=$((i + 1)); done' \
	"$d" $FILES || fail "write $FILES files"
sync	# delayed extents become written ones, which the shrinker may free
info=$(cat /proc/fs/ext4/*/es_shrinker_info 2>/dev/null | grep 'reclaimable' | tr '\n' ' ')
diag "ext4 extent status before: $info"

trace_on ext4/ext4_es_shrink_scan_exit
r0=$(cg_read "" memory.slab_reclaim_stat)
a0=$(cg_read spec28-asker memory.slab_reclaim_stat)
f0=$(cg_read spec28-files memory.slab_reclaim_stat)
cg_run spec28-asker sh -c 'echo 2 > /proc/sys/vm/drop_caches' || fail "drop_caches from spec28-asker"
r1=$(cg_read "" memory.slab_reclaim_stat)
a1=$(cg_read spec28-asker memory.slab_reclaim_stat)
f1=$(cg_read spec28-files memory.slab_reclaim_stat)
echo 0 > $EVENT/enable
es=$(awk '{ for (i = 1; i < NF; i++) if ($i == "nr_shrunk") n += $(i + 1) } END { print n + 0 }' $TRACING/trace)

# own_other OLD NEW: global_reclaimed beyond the dentries and inodes freed.
own_other() {
	echo $(( $(delta_of "$1" "$2" global_reclaimed) - $(delta_of "$1" "$2" dentry_reclaimed) -
		$(delta_of "$1" "$2" inode_reclaimed) ))
}
diag "ext4-es shrinker freed $es; beyond dentries and inodes, global_reclaimed grew by $(own_other "$r0" "$r1") in the root, $(own_other "$a0" "$a1") in the asker, $(own_other "$f0" "$f1") in the files' cgroup"
expect_ge "$es" $((FILES / 2)) "extents the ext4-es shrinker freed (the test needs them)"
expect_ge "$(own_other "$r0" "$r1")" "$es" "root's global_reclaimed beyond its dentries and inodes"
expect_eq "$(own_other "$a0" "$a1")" 0 "asker's global_reclaimed beyond its dentries and inodes"
expect_eq "$(own_other "$f0" "$f1")" 0 "files' cgroup's global_reclaimed beyond its dentries and inodes"
pass
