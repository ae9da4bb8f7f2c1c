# Claim: a handled, non-fatal signal stops a forced shrink within one
# batch: during a long "all" on the root memcg, after SIGUSR1 reaches the
# writer (cgtest-write, which handles it without SA_RESTART), its write
# fails with EINTR, and it frees at most AFTER_SIGNAL more dentries
# (nr_dentry of /proc/sys/fs/dentry-state read just after the kill, and
# after the write returned) of the LOOKUPS it was freeing.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

LOOKUPS=150000	# root's own dentries: an "all" of them outlasts SIGNAL_AFTER_MS
SIGNAL_AFTER_MS=100	# into the write
# A batch is 1024 objects; the rest is for the parents that die with the
# last dentries of a batch.
AFTER_SIGNAL=4096

need_file "" memory.force_slab_shrink
need_tool cgtest-write
need_tool cgtest-lookup
d=$(test_dir)
# in C: a shell loop of 150000 lookups took about 80 s on the debug kernel
cgtest-lookup "$d" m $LOOKUPS || fail "cgtest-lookup $d m $LOOKUPS"

# cgtest-write's signalling child reads nr_dentry (--mark) just before
# its kill(2) and just after: when this shell did it, the fork, exit and
# wait of its cat between the read and the kill let the writer free up to
# 11934 dentries more with two guests on the host's two cores.  Only the
# read after the kill bounds what was freed with the signal pending: the
# one before it can be 100 ms older when the guest's vCPUs take turns on
# one host thread (QEMU's single-threaded TCG).
cgtest-write --signal-after $SIGNAL_AFTER_MS --mark /proc/sys/fs/dentry-state \
	"$MEMCG/memory.force_slab_shrink" all > /tmp/force07.out 2>&1
n2=$(cat /proc/sys/fs/dentry-state)
n2=${n2%%[!0-9]*}
marks=$(awk '$1 == "mark" { print $2, $3 }' /tmp/force07.out)
out=$(grep -v '^mark ' /tmp/force07.out)
rm -f /tmp/force07.out
case "$marks" in
[0-9]*" "[0-9]*) ;;
*) fail "cgtest-write printed no mark: $out" ;;
esac
n0=${marks% *}
n1=${marks#* }
left=$(cg_disk_unused "")
diag "cgtest-write: $out; dentries freed between the reads around the kill $((n0 - n1)), after the signal $((n1 - n2)); unused on the disk left $left"
expect_eq "${out%% *}" EINTR "result of the signalled write"
expect_le $((n1 - n2)) $AFTER_SIGNAL "dentries freed after the signal"
expect_gt "$left" 0 "unused dentries on the disk the write did not reach"
pass
