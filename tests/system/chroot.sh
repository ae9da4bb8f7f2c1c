# shellcheck shell=sh
# tests/system/chroot.sh, sourced by mkroot.sh and prepare.sh: a Debian
# tree to chroot into, with the host's /proc, /sys, /dev and /dev/pts.
#
# chroot_reclaim TREE: TREE is the tree from now on.  Unmounts what a
# killed run left mounted in it, and arranges the same when the script
# exits or is interrupted; exits 1 if any other file system is still
# mounted under TREE, which the caller removes next.
chroot_reclaim() {
	chroot_tree=$1
	trap chroot_umount EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	trap 'exit 129' HUP
	chroot_umount
	_t=$(realpath -m "$chroot_tree")
	if grep -q " $_t " /proc/self/mounts || grep -q " $_t/" /proc/self/mounts; then
		echo "$(basename "$0"): file systems still mounted under $chroot_tree: not removing it" >&2
		exit 1
	fi
}

# chroot_umount: unmount the tree's /dev/pts, /dev, /proc and /sys
chroot_umount() {
	for _m in dev/pts dev proc sys; do
		if mountpoint -q "$chroot_tree/$_m" 2> /dev/null; then
			umount "$chroot_tree/$_m"
		fi
	done
}

# chroot_mount: the host's /proc, /sys, /dev and /dev/pts in the tree,
# and no daemon starting in it (policy-rc.d for init scripts; systemd's
# deb-systemd-invoke sees no running systemd there)
chroot_mount() {
	mount -t proc proc "$chroot_tree/proc" &&
		mount -t sysfs sysfs "$chroot_tree/sys" &&
		mount --bind /dev "$chroot_tree/dev" &&
		mount --bind /dev/pts "$chroot_tree/dev/pts" &&
		printf '#!/bin/sh\nexit 101\n' > "$chroot_tree/usr/sbin/policy-rc.d" &&
		chmod 0755 "$chroot_tree/usr/sbin/policy-rc.d"
}
