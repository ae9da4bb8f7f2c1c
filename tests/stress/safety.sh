# The body of the safety-* tests; source it after tests/lib.sh and
# tests/stress/lib.sh, then call safety_run.
# shellcheck shell=sh

# 1000 files: a third written and left dirty, a third fsynced, a third
# written through a shared mapping (cgstress writer).
SAFETY_FILES=1000
# After the last round of writes, shrinks go on this long over the dirty
# pages and inodes before sync.
SAFETY_SETTLE=5
# The shrink loops pause this long before each write, so that the writer
# gets the CPU too (two vCPUs under TCG), and stop by themselves after
# SAFETY_MAX_SECS even if this test is killed before it stops them.
SAFETY_PAUSE_MS=20
SAFETY_MAX_SECS=240

# safety_run MOUNTPOINT DEVICE FSTYPE: in cgroup "safety", write the files
# twice over (the second round overwrites the first with other content and
# sizes) while "all" is forced again and again on that cgroup and on the
# root (and each of the root's children); then sync, check every file in
# the page cache, unmount, mount again and check every file from the disk.
# "No data lost" means something only if the shrinks freed what the files
# left behind while their pages were still dirty: the safety cgroup's
# forced_reclaimed must have grown by at least one object a file (each
# file's dentry, unused once the writer closed it, goes at least once),
# and before the sync, after the settle, none of the cgroup's dentries on
# the file system may be left on its lists (a forced shrink that frees
# nothing, or skips this file system, fails here instead of passing on
# files nobody touched).
safety_run() {
	_mnt=$1 _dev=$2 _fs=$3
	need_file "" memory.force_slab_shrink
	need_cgstress
	grep -q " $_mnt $_fs " /proc/mounts || fail "$_fs is not mounted at $_mnt"
	_dir=$_mnt/safety.$$
	_stop=/tmp/safety-stop.$$
	_tmp=/tmp/safety.$$
	rm -f "$_stop"
	mkdir -p "$_tmp" "$_dir" || fail "mkdir $_dir"
	cg_create safety
	_devno=$(devno_of "$_mnt")
	[ -n "$_devno" ] || fail "no device number for $_mnt"
	_freed0=$(cg_stat safety forced_reclaimed)
	_dentries0=$(cg_stat safety dentry_reclaimed)
	log_mark

	CGSTRESS_STOP=$_stop "$CGSTRESS" shrink -p "$SAFETY_PAUSE_MS" "$SAFETY_MAX_SECS" all "$MEMCG/safety" \
		> "$_tmp/own.out" 2> "$_tmp/own.err" &
	_own=$!
	CGSTRESS_STOP=$_stop "$CGSTRESS" shrink -p "$SAFETY_PAUSE_MS" "$SAFETY_MAX_SECS" all "$MEMCG" \
		> "$_tmp/root.out" 2> "$_tmp/root.err" &
	_root=$!
	_t0=$(now_s)
	for _seed in 1 2; do
		_out=$(cg_run safety "$CGSTRESS" writer "$_dir" "$SAFETY_FILES" "$_seed" 2>&1) ||
			{ touch "$_stop"; fail "writer round $_seed: $_out"; }
		diag "round $_seed: $_out"
	done
	sleep "$SAFETY_SETTLE"
	touch "$_stop"
	# what the shrinks left of the files' dentries, pages still dirty
	_left=$(sb_unused safety "$_devno")
	diag "writes and shrinks took $(( $(now_s) - _t0 )) s"
	wait "$_own"
	_rc1=$?
	wait "$_root"
	_rc2=$?
	rm -f "$_stop"
	diag "shrinks of safety: $(cat "$_tmp/own.out") $(cat "$_tmp/own.err")"
	diag "shrinks of the root: $(cat "$_tmp/root.out") $(cat "$_tmp/root.err")"
	expect_eq "$_rc1$_rc2" 00 "exit status of the shrink loops"
	for _f in own root; do
		_ok=$(sed -n 's/.* ok=\([0-9]*\).*/\1/p' "$_tmp/$_f.out")
		expect_gt "${_ok:-0}" 1 "forced shrinks done ($_f)"
	done
	_freed=$(( $(cg_stat safety forced_reclaimed) - _freed0 ))
	_dentries=$(( $(cg_stat safety dentry_reclaimed) - _dentries0 ))
	diag "freed from safety's lists: $_freed objects ($_dentries dentries); left on $_fs before the sync: $_left"
	expect_ge "$_freed" "$SAFETY_FILES" "objects the forced shrinks freed from safety's lists"
	expect_ge "$_dentries" "$SAFETY_FILES" "dentries freed from safety's lists"
	expect_eq "$_left" 0 "safety's unused dentries on $_fs after $SAFETY_SETTLE s of forced shrinks"

	sync
	_out=$("$CGSTRESS" verify "$_dir" "$SAFETY_FILES" 2 2>&1) || fail "before unmount: $_out"
	diag "before unmount: $_out"
	# nothing of ours may keep the file system busy
	cd / || fail "cd /"
	umount "$_mnt" || fail "umount $_mnt"
	mount -t "$_fs" "$_dev" "$_mnt" || fail "mount $_dev again"
	_out=$("$CGSTRESS" verify "$_dir" "$SAFETY_FILES" 2 2>&1) || fail "after remount: $_out"
	diag "after remount: $_out"
	rm -rf "$_dir" "$_tmp"
	log_check
}
