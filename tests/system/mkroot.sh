#!/bin/sh
# mkroot.sh DIR PACKAGES [MIRROR]
#
# The system test's Debian 12 root, in DIR: debootstrap's minbase from
# MIRROR (default deb.debian.org), then the packages PACKAGES lists (one a
# line, # comments) installed with apt in a chroot, without recommends.
# Built in DIR.tmp and renamed into place, so a DIR that exists is whole.
# What the project builds (the kernel and cgtools packages, the checks)
# goes in later, into a copy (tests/system/prepare.sh): this root is
# cached and rebuilt only when its inputs change (the Makefile's stamp).
set -eu
dir=$1 pkgs=$2 mirror=${3:-http://deb.debian.org/debian}
tmp=$dir.tmp

# shellcheck source=tests/system/chroot.sh
. "$(dirname "$0")/chroot.sh"
chroot_reclaim "$tmp"
rm -rf --one-file-system "$tmp"
debootstrap --variant=minbase bookworm "$tmp" "$mirror" > "$tmp.log" 2>&1 || {
	tail -n 20 "$tmp.log" >&2
	echo "mkroot.sh: debootstrap failed (the whole log: $tmp.log)" >&2
	exit 1
}
chroot_mount
list=$(grep -v '^[[:space:]]*#' "$pkgs" | tr -s ' \n' ' ')
# shellcheck disable=SC2086 # one word a package
chroot "$tmp" env DEBIAN_FRONTEND=noninteractive LC_ALL=C \
	sh -c 'apt-get update -qq && apt-get install -y -qq --no-install-recommends "$@" && apt-get clean' \
	apt $list >> "$tmp.log" 2>&1 || {
	tail -n 20 "$tmp.log" >&2
	echo "mkroot.sh: apt-get install failed (the whole log: $tmp.log)" >&2
	exit 1
}
rm -f "$tmp/usr/sbin/policy-rc.d"
chroot_umount
rm -rf --one-file-system "$dir"
mv "$tmp" "$dir"
