#!/bin/sh
# prepare.sh BASE OUT KERNEL_DEB CGTOOLS_DEB [GUEST_RUN]
#
# The system test's guest, from the cached Debian 12 root BASE
# (mkroot.sh): a copy in OUT/root, where the project's two packages are
# first installed and purged as piuparts does it (the file system before
# the install and after the purge must list the same files), then
# installed for the test the way the README tells a user: the kernel with
# dpkg -i, cgtools with apt.  Then the checks (tests/system/guest/) and
# their unit go in, and the tree becomes OUT/root.img (ext4, mkfs -d),
# the installed kernel OUT/vmlinuz.
#
# GUEST_RUN replaces tests/system/guest/run.sh (mutants.sh's broken
# copies).  TAP on stdout, one result a package step; exits 1 if any failed.
set -u
base=$1 out=$2 kdeb=$3 cdeb=$4
here=$(cd "$(dirname "$0")" && pwd)
guest_run=${5:-$here/guest/run.sh}
root=$out/root
n=0 failed=0
ok() { n=$((n + 1)); echo "ok $n $1"; }
notok() { n=$((n + 1)); echo "not ok $n $1"; failed=$((failed + 1)); }
diag() { sed 's/^/# /'; }
# step NAME CMD...: a result, CMD's output as diagnostics when it failed
step() {
	_name=$1; shift
	if "$@" > "$out/step.log" 2>&1; then ok "$_name"; return 0; fi
	diag < "$out/step.log"
	notok "$_name"
	return 1
}
in_root() { chroot "$root" env DEBIAN_FRONTEND=noninteractive LC_ALL=C "$@"; }

# shellcheck source=tests/system/chroot.sh
. "$here/chroot.sh"
chroot_reclaim "$root"
rm -rf --one-file-system "$root" "$out/root.img" "$out/vmlinuz"
mkdir -p "$out"
cp -a "$base" "$root" || exit 1
chroot_mount || exit 1
mkdir -p "$root/tmp/debs"
cp "$kdeb" "$cdeb" "$root/tmp/debs/"
k=/tmp/debs/$(basename "$kdeb") c=/tmp/debs/$(basename "$cdeb")
kpkg=$(dpkg-deb -f "$kdeb" Package)
cpkg=$(dpkg-deb -f "$cdeb" Package)

# snapshot FILE: every file of the root, with its type and mode, less
# what installing anything changes (dpkg's and apt's state and logs,
# caches): piuparts' own list of what it ignores, in short
snapshot() {
	in_root find / -xdev \( -path /proc -o -path /sys -o -path /dev -o \
		-path /run -o -path /tmp -o -path /var/lib/dpkg -o \
		-path /var/lib/apt -o -path /var/cache -o -path /var/log \) -prune \
		-o -printf '%y %m %p\n' | grep -v ' /etc/ld.so.cache$' | sort > "$1"
}
# cycle NAME INSTALL PURGE: install, check, purge; the file system as before
cycle() {
	snapshot "$out/before"
	step "$1: install ($2)" sh -c "$2" || return 1
	step "$1: purge ($3)" sh -c "$3" || return 1
	snapshot "$out/after"
	if cmp -s "$out/before" "$out/after"; then
		ok "$1: the purge left the file system as before the install"
	else
		diff "$out/before" "$out/after" | head -n 30 | diag
		notok "$1: files left or lost by install and purge"
	fi
}
export root
# shellcheck disable=SC2016 # $root is expanded by cycle's sh -c
R='chroot "$root" env DEBIAN_FRONTEND=noninteractive LC_ALL=C'
cycle "$cpkg" "$R apt-get install -y --no-install-recommends $c && $R cgdentry -V" \
	"$R apt-get purge -y --autoremove $cpkg"
cycle "$kpkg" "$R dpkg -i $k" "$R dpkg --purge $kpkg"

# the install the test boots: the README's steps
step "$kpkg: installed for the test (dpkg -i)" in_root dpkg -i "$k"
step "$cpkg: installed for the test (apt install)" \
	in_root apt-get install -y --no-install-recommends "$c"
rm -rf "$root/tmp/debs" "$root/usr/sbin/policy-rc.d"

# the checks, their unit, what the boot needs
lib=$root/usr/local/lib/system-check
mkdir -p "$lib"
cp "$here/guest/mkdentries.sh" "$here/checks" "$lib/"
cp "$guest_run" "$lib/run.sh" && chmod 0755 "$lib/run.sh"
cp "$here/guest/system-check.service" "$root/etc/systemd/system/"
step "system-check.service enabled" in_root systemctl enable system-check.service
echo '/dev/vda / ext4 rw,errors=remount-ro 0 1' > "$root/etc/fstab"
echo system-check > "$root/etc/hostname"
printf '127.0.0.1 localhost\n127.0.1.1 system-check\n::1 localhost\n' > "$root/etc/hosts"
# the test's kernel is tinyconfig-based (BASE_SMALL: pid_max at most
# 32768), Debian's systemd asks 4194304 (50-pid-max.conf): keep the default
: > "$root/etc/sysctl.d/50-pid-max.conf"
# a machine id: a first boot would ask for a locale and a password
[ -s "$root/etc/machine-id" ] || in_root systemd-machine-id-setup > /dev/null
chroot_umount

vmlinuz=$(ls "$root"/boot/vmlinuz-* 2> /dev/null)
if [ "$(echo "$vmlinuz" | wc -w)" -eq 1 ] && cp "$vmlinuz" "$out/vmlinuz"; then
	ok "the kernel the package installed: ${vmlinuz#"$root"}"
else
	notok "one kernel in the root's /boot (found: ${vmlinuz:-none})"
fi
size=$(( $(du -sm "$root" | cut -f1) + 2048 ))
step "root.img: ext4 of ${size} MiB from the root" \
	mkfs.ext4 -q -F -L root -d "$root" "$out/root.img" "${size}M"
echo "1..$n"
[ "$failed" -eq 0 ]
