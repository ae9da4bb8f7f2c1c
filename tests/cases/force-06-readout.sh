# Claim: a reader racing the move of a removed child's lists to its parent
# sees each item once, never twice: while children are made, filled with
# dentries and removed, the root's total_unused, read first, never exceeds
# the nr_unused of /proc/sys/fs/dentry-state read just after it by more
# than RMDIR_SLACK (the kernel-wide count can only have grown meanwhile,
# but for the few cgroupfs dentries a child's rmdir drops); a child counted
# twice would add its PER_CHILD dentries.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

READS=400	# reads of the root's file while the children come and go
PER_CHILD=300	# dentries each child makes before it is removed
# A child's rmdir drops its directory's dentries on cgroupfs (the directory
# and cgroup.procs) between the two reads: seen 1.
RMDIR_SLACK=2

need_file "" memory.dentry_unused
cg_create force06
d=$(test_dir)
stop=/tmp/force06.stop
rm -f $stop
# shellcheck disable=SC2016 # expanded by the inner shell
sh -c 'i=0; while [ ! -e "$0" ]; do
	c=$1/c$i; mkdir "$c" || exit 1
	sh -c "echo \$\$ > $c/cgroup.procs; j=0; while [ \$j -lt $3 ]; do [ -e $2/c$i.\$j ]; j=\$((j + 1)); done"
	rmdir "$c" || exit 1
	i=$((i + 1))
done' $stop "$MEMCG/force06" "$d" $PER_CHILD &
churn=$!

bad=0
r=1
while [ $r -le $READS ]; do
	# one awk reads the root's file, then dentry-state, and compares
	# shellcheck disable=SC2046 # three numbers
	set -- $(awk '$1 == "total_unused" { t = $2 }
		FILENAME ~ /dentry-state/ { n = $2 }
		END { print t + 0, n + 0, (t + 0 > n + '$RMDIR_SLACK') }' \
		"$MEMCG/memory.dentry_unused" /proc/sys/fs/dentry-state)
	if [ "$3" != 0 ]; then
		diag "read $r: root's total_unused $1 > nr_unused $2"
		bad=$((bad + 1))
	fi
	last_total=$1
	r=$((r + 1))
done
: > $stop
wait $churn || fail "the children's loop failed"
rm -f $stop
diag "$READS reads while children came and went; the last total_unused $last_total"
expect_gt "$last_total" 0 "the root's total_unused"
expect_eq "$bad" 0 "reads where the root counted more than dentry-state"
pass
