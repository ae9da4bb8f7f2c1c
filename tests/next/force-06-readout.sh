# Claim: a reader racing the move of a removed child's lists to its parent
# sees each item once, never twice: while children are made, filled with
# dentries and removed, the root's total_unused, read first, never exceeds
# the nr_unused of /proc/sys/fs/dentry-state read just after it (no dentry
# is freed meanwhile, so the kernel-wide count can only have grown).
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

READS=400	# reads of the root's file while the children come and go
PER_CHILD=300	# dentries each child makes before it is removed

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
	t=$(awk '$1 == "total_unused" { print $2 }' "$MEMCG/memory.dentry_unused")
	read -r _nr nr_unused _rest < /proc/sys/fs/dentry-state
	if [ "$t" -gt "$nr_unused" ]; then
		diag "read $r: root's total_unused $t > nr_unused $nr_unused"
		bad=$((bad + 1))
	fi
	r=$((r + 1))
done
: > $stop
wait $churn || fail "the children's loop failed"
rm -f $stop
diag "$READS reads while children came and went"
expect_eq "$bad" 0 "reads where the root counted more than dentry-state"
pass
