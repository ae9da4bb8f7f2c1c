#!/bin/sh
# mkdentries.sh DIR N create|lookup READY: make N dentries under DIR in
# the caller's memory cgroup, without forking (shell builtins only):
# "create" N empty files (a dentry and an inode each), "lookup" N names
# that do not exist (a negative dentry each); then create READY and
# sleep, so the unit or scope (and its cgroup, its lists) stays.
set -eu
dir=$1 n=$2 how=$3 ready=$4
mkdir -p "$dir"
i=1
while [ "$i" -le "$n" ]; do
	if [ "$how" = create ]; then
		: > "$dir/f$i"
	else
		[ ! -e "$dir/missing$i" ]
	fi
	i=$((i + 1))
done
: > "$ready"
exec sleep infinity
