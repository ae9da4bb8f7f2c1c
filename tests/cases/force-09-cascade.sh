# Claim: a forced shrink of A leaves other memcgs' dentries alone even when
# it frees their last child: B made DIRS directories, A made FILES_PER_DIR
# files in each; A's "all" frees A's files, and B's directories stay on B's
# list (B's unused unchanged, B's dentry_reclaimed unchanged).  And what is
# freed is counted to the memcg whose list it was on, whatever the origin:
# when global reclaim (drop_caches) frees A's files again and B's
# directories go with them, B's dentry_reclaimed grows by DIRS.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

DIRS=200
FILES_PER_DIR=5

need_file "" memory.force_slab_shrink
cg_create force09-a
cg_create force09-b
d=$(test_dir)

names=$(i=1; while [ $i -le $DIRS ]; do printf '%s ' "$d/b$i"; i=$((i + 1)); done)
# shellcheck disable=SC2086 # the names have no blanks
cg_run force09-b mkdir $names || fail "B's mkdir"
# a_files: A makes FILES_PER_DIR files in each of B's directories
a_files() {
	# shellcheck disable=SC2016,SC2086 # expanded by the inner shell; names
	cg_run force09-a sh -c 'for dir; do j=1; while [ $j -le '$FILES_PER_DIR' ]; do
		: > "$dir/f$j" || exit 1; j=$((j + 1)); done; done' sh $names ||
		fail "A's files"
}
a_files

ub0=$(cg_disk_unused force09-b)
ua0=$(cg_disk_unused force09-a)
sa0=$(cg_read force09-a memory.slab_reclaim_stat)
sb0=$(cg_read force09-b memory.slab_reclaim_stat)
cg_force force09-a all
ub1=$(cg_disk_unused force09-b)
ua1=$(cg_disk_unused force09-a)
sa1=$(cg_read force09-a memory.slab_reclaim_stat)
sb1=$(cg_read force09-b memory.slab_reclaim_stat)
diag "A's all: A's unused $ua0 -> $ua1, B's unused $ub0 -> $ub1;" \
	"dentry_reclaimed A +$(delta_of "$sa0" "$sa1" dentry_reclaimed)," \
	"B +$(delta_of "$sb0" "$sb1" dentry_reclaimed)"
assert_ge "$ub0" $DIRS "B's unused dentries on the disk before"
expect_eq "$ua1" 0 "A's unused dentries on the disk after A's all"
expect_eq "$ub1" "$ub0" "B's unused dentries on the disk after A's all"
expect_eq "$(delta_of "$sb0" "$sb1" dentry_reclaimed)" 0 "B's dentry_reclaimed after A's all"
expect_ge "$(delta_of "$sa0" "$sa1" dentry_reclaimed)" $((DIRS * FILES_PER_DIR)) "A's dentry_reclaimed after A's all"

# again, now freed by global reclaim, which may take B's directories along
a_files
sa1=$(cg_read force09-a memory.slab_reclaim_stat)
sb1=$(cg_read force09-b memory.slab_reclaim_stat)
sync
echo 2 > /proc/sys/vm/drop_caches
ub2=$(cg_disk_unused force09-b)
sa2=$(cg_read force09-a memory.slab_reclaim_stat)
sb2=$(cg_read force09-b memory.slab_reclaim_stat)
diag "drop_caches: B's unused -> $ub2; dentry_reclaimed A +$(delta_of "$sa1" "$sa2" dentry_reclaimed)," \
	"B +$(delta_of "$sb1" "$sb2" dentry_reclaimed)"
expect_eq "$ub2" 0 "B's unused dentries on the disk after drop_caches"
expect_ge "$(delta_of "$sa1" "$sa2" dentry_reclaimed)" $((DIRS * FILES_PER_DIR)) "A's dentry_reclaimed after drop_caches"
expect_ge "$(delta_of "$sb1" "$sb2" dentry_reclaimed)" $DIRS "B's dentry_reclaimed after drop_caches"
pass
