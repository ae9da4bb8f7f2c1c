# Claim: a handled, non-fatal signal stops a forced shrink within one
# batch: during a long "all" on the root memcg, after SIGUSR1 reaches the
# writer (cgtest-write, which handles it without SA_RESTART), its write
# fails with EINTR, and it frees at most AFTER_SIGNAL more dentries
# (nr_dentry of /proc/sys/fs/dentry-state read just before the kill, and
# after the write returned) of the LOOKUPS it was freeing.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

LOOKUPS=150000	# root's own dentries: an "all" of them outlasts SIGNAL_AFTER
SIGNAL_AFTER=0.1	# seconds into the write
# A batch is 1024 objects; the kill may reach the writer while the shell
# is still between reading nr_dentry and kill(2), which under TCG may take
# a few milliseconds of freeing more.
AFTER_SIGNAL=4096

need_file "" memory.force_slab_shrink
need_tool cgtest-write
d=$(test_dir)
i=1
while [ $i -le $LOOKUPS ]; do
	[ -e "$d/m$i" ]
	i=$((i + 1))
done

# cgtest-write --signal-after far beyond the write: the test sends the
# signal itself
cgtest-write --signal-after 600000 "$MEMCG/memory.force_slab_shrink" all > /tmp/force07.out 2>&1 &
writer=$!
sleep $SIGNAL_AFTER
n0=$(cat /proc/sys/fs/dentry-state)
kill -USR1 $writer
wait $writer
n1=$(cat /proc/sys/fs/dentry-state)
n0=${n0%%[!0-9]*} n1=${n1%%[!0-9]*}
out=$(cat /tmp/force07.out)
rm -f /tmp/force07.out
left=$(cg_disk_unused "")
diag "cgtest-write: $out; dentries freed after the signal $((n0 - n1)), unused on the disk left $left"
expect_eq "${out%% *}" EINTR "result of the signalled write"
expect_le $((n0 - n1)) $AFTER_SIGNAL "dentries freed after the signal"
expect_gt "$left" 0 "unused dentries on the disk the write did not reach"
pass
