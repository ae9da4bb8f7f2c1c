#!/bin/sh
# fsck-images.sh DIR: check the guest's scratch file systems after a run,
# read-only: e2fsck -fn on DIR/data.img (ext4), xfs_repair -n on DIR/xfs.img.
# Prints TAP (one result per image) and exits 1 if either is inconsistent.
# The guest's init unmounts both before it powers off, so the images are
# clean unless something corrupted them.
set -u
dir=${1:?usage: fsck-images.sh DIR}
n=0 bad=0
check() {
	name=$1; shift
	n=$((n + 1))
	if out=$("$@" 2>&1); then
		echo "ok $n - $name"
	else
		echo "not ok $n - $name"
		echo "$out" | tail -n 20 | sed 's/^/# /'
		bad=$((bad + 1))
	fi
}
echo "TAP version 13"
echo "1..2"
check "e2fsck -fn data.img (ext4)" e2fsck -fn "$dir/data.img"
check "xfs_repair -n xfs.img (XFS)" xfs_repair -n -f "$dir/xfs.img"
[ $bad -eq 0 ]
