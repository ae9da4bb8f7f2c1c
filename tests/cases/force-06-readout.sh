# Claim: a reader racing the move of a removed child's lists to its parent
# sees each item once, never twice: while children are made, filled with
# dentries and removed, over and over, the root's total_unused, read first,
# never exceeds the nr_unused of /proc/sys/fs/dentry-state read just after
# it by more than RMDIR_SLACK (the kernel-wide count can only have grown
# meanwhile, but for the few cgroupfs dentries a child's rmdir drops).  A
# child counted with its parent's lists in the middle of its offlining
# would add the parent's dentries on a disk and node, BIG, to the total.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

XFS=/mnt/xfs
BIG=2000	# negative dentries force06 holds per disk and node
# Superblocks where force06 holds dentries, besides the ext4 and XFS disks:
# the race is a few instructions wide for each (superblock, node, child)
# the reader visits, so the more of them, the likelier a reader that does
# not read a child's kmemcg_id once is caught.
LOOPS=8
PER_CHILD=50	# negative dentries each filled child makes before it is removed
# Every FILL_EVERY-th child is filled (its lists then move to force06 when
# it goes); the others are made and removed at once, so that offlinings
# come as often as they can.
FILL_EVERY=16
RUN_S=20	# how long children come and go under the reader
# Children removed between the reader's two reads drop their directories'
# dentries on cgroupfs: a handful each, and the reads are milliseconds apart.
RMDIR_SLACK=64

need_file "" memory.dentry_unused
for t in cgtest-lookup cgtest-churn mke2fs; do need_tool $t; done
grep -q " $XFS xfs " /proc/mounts || fail "no XFS mounted at $XFS"
W=/tmp/force06.$$
x=$XFS/force06.$$

# shellcheck disable=SC2016 # expanded by the undo's sh
at_exit sh -c 'for m in "$0"/m*; do
	grep -q " $m " /proc/mounts && umount "$m"; done; rm -rf "$0" "$1"' "$W" "$x"

cg_create force06
dirs="$(test_dir) $x"
mkdir "$x" "$W" || fail "mkdir $x $W"
# LOOPS more superblocks: small ext2 images on loop devices (mount -o loop
# frees its device on umount)
i=1
while [ $i -le $LOOPS ]; do
	if ! { dd if=/dev/zero of="$W/$i.img" bs=1k count=1024 2>/dev/null &&
		mke2fs -F "$W/$i.img" > /dev/null 2>&1 && mkdir "$W/m$i" &&
		mount -o loop -t ext2 "$W/$i.img" "$W/m$i"; }; then
		fail "an ext2 image on a loop device at $W/m$i"
	fi
	dirs="$dirs $W/m$i"
	i=$((i + 1))
done
# force06's own dentries on every disk and both nodes: a child counted
# with force06's lists on any of them adds BIG to the total.
for cpu in 0 1; do
	for dir in $dirs; do
		cg_run force06 taskset -c $cpu cgtest-lookup "$dir" "big$cpu." $BIG ||
			fail "negative lookups in $dir on CPU $cpu"
	done
done
assert_ge "$(cg_unused force06 total_unused)" $((2 * (LOOPS + 2) * BIG)) \
	"force06's total_unused"
stop=/tmp/force06.stop
kids=/tmp/force06.kids
rm -f $stop $kids
at_exit rm -f $stop $kids

# The children: made and removed as fast as cgtest-churn can, for RUN_S
# seconds; a task in every FILL_EVERY-th one first makes PER_CHILD negative
# dentries there.  Each rmdir offlines a memcg, which points its kmemcg_id
# at force06's lists and moves its own lists there.
(cgtest-churn "$MEMCG/force06" $RUN_S $FILL_EVERY "$x" $PER_CHILD > $kids
	echo $? > $stop) &
churn=$!
# the loop mounts go once the churn is over (it ends after RUN_S)
# shellcheck disable=SC2016 # expanded by the undo's sh
at_exit sh -c 'while kill -0 "$0" 2> /dev/null; do sleep 0.1; done' "$churn"

# One awk reads the root's file, then dentry-state, compares, and goes
# again, until the stop file appears: no fork between two reads, so the
# reader spends its time in the kernel's walk.
# shellcheck disable=SC2046 # two numbers
set -- $(awk -v f="$MEMCG/memory.dentry_unused" -v stop=$stop \
	-v ds=/proc/sys/fs/dentry-state -v slack=$RMDIR_SLACK '
	BEGIN {
		for (;;) {
			t = -1
			while ((getline l < f) > 0) {
				split(l, a, " ")
				if (a[1] == "total_unused")
					t = a[2] + 0
			}
			close(f)
			getline l < ds
			close(ds)
			split(l, b, /[ \t]+/)
			n = b[2] + 0
			reads++
			if (t < 0) {
				print "read " reads ": no total_unused" > "/dev/stderr"
				bad++
			} else if (t > n + slack) {
				if (bad < 5)
					print "read " reads ": the root'"'"'s total_unused " t \
						" > nr_unused " n > "/dev/stderr"
				bad++
			}
			if ((getline x < stop) >= 0) {
				close(stop)
				break
			}
		}
		print reads, bad + 0
	}')
reads=$1 bad=$2
wait $churn
expect_eq "$(cat $stop)" 0 "cgtest-churn's exit status"
read -r removed filled < $kids
rm -f $stop $kids
diag "$reads reads of the root's file while $removed children ($filled filled) came and went"
expect_gt "$filled" 0 "filled children removed during the reads"
expect_gt "$reads" 0 "reads of the root's file"
expect_eq "$bad" 0 "reads where the root counted more than dentry-state"
pass
