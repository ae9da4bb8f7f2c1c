#!/bin/sh
# libsmartcols.sh DIR
#
# Build libsmartcols.a, the static library Debian 12 does not ship
# (libsmartcols-dev has only the shared one), from Debian's own
# util-linux source package, so that the tools stay static: DIR/src is
# the unpacked source (the .orig tarball and Debian's patches, as
# `apt-get source` gives them), DIR/obj the build, configured with every
# program and every other library off, and then
#   DIR/libsmartcols.a  DIR/libsmartcols.h  DIR/stamp (its version)
# Nothing is installed from it and the host's apt configuration is left
# alone: the source index is fetched with a private configuration, list
# and state under DIR/apt, for the suite the host runs (Debian 12:
# bookworm).  Trust is apt's: the suite's InRelease must be signed by a
# key of /usr/share/keyrings/debian-archive-keyring.gpg, and apt checks
# each file against the signed Sources index.  What the build needs
# (dpkg-dev for dpkg-source, autotools for the patched configure.ac
# and Makefile.am) is
# installed with apt-get from the host's own sources when missing.
# A DIR built by this script as it is now is left as it is (DIR/stamp:
# the script's checksum and the source's version; `make distclean` to
# take a newer Debian version).  MIRROR overrides the mirror, SUITE the
# suite.
set -eu

dir=$1
self=$(cksum < "$0")
if [ -f "$dir/libsmartcols.a" ] && [ -f "$dir/libsmartcols.h" ] &&
   [ "$(sed -n 1p "$dir/stamp" 2> /dev/null)" = "$self" ]; then
	exit 0
fi
mirror=${MIRROR:-http://deb.debian.org/debian}
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
if [ -z "${SUITE:-}" ]; then
	# shellcheck source=/dev/null # the host's
	SUITE=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
	SUITE=${SUITE:-bookworm}
fi

need="dpkg-dev patch autoconf automake libtool autopoint gettext pkg-config bison xz-utils gcc make debian-archive-keyring"
missing=
for p in $need; do
	dpkg-query -W -f='${Status}\n' "$p" 2> /dev/null | grep -q '^install ok installed' ||
		missing="$missing $p"
done
if [ -n "$missing" ]; then
	echo "  APT    $missing (to build libsmartcols.a)"
	apt-get update -qq
	# shellcheck disable=SC2086 # one word per package
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing > /dev/null
fi

mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
a=$dir/apt
# shellcheck source=patches/private-apt.sh
. "$(dirname "$0")/../patches/private-apt.sh"
private_apt "$a" "deb-src [signed-by=$keyring] $mirror $SUITE main" "$SUITE sources" libsmartcols.sh
v=$(apt-cache showsrc util-linux | sed -n 's/^Version: //p' | sort -V | tail -n 1)
[ -n "$v" ] || { echo "libsmartcols.sh: no util-linux source in $SUITE" >&2; exit 1; }
rm -rf "$dir/dl" "$dir/src" "$dir/obj" "$dir/libsmartcols.a" "$dir/libsmartcols.h" \
	"$dir/stamp" "$dir"/util-linux_*
mkdir -p "$dir/dl" "$dir/obj"
echo "  APT     source util-linux $v"
(cd "$dir/dl" && apt-get -qq source --download-only "util-linux=$v") > /dev/null
echo "  DPKG-SOURCE util-linux $v -> $dir/src"
dpkg-source -q -x "$dir/dl"/util-linux_*.dsc "$dir/src" > "$dir/dpkg-source.log" 2>&1 ||
	{ cat "$dir/dpkg-source.log" >&2; exit 1; }
log=$dir/build.log
echo "  CONFIGURE libsmartcols only, static"
(cd "$dir/obj" && ../src/configure --disable-all-programs --enable-libsmartcols \
	--disable-shared --enable-static --disable-nls --disable-asciidoc \
	--disable-poman --disable-bash-completion --without-python \
	--without-systemd --without-udev --without-ncurses --without-ncursesw \
	--without-readline --without-tinfo --without-cap-ng --without-libz \
	--without-audit --without-selinux --without-utempter --without-user \
	CFLAGS="-O2 -g") > "$log" 2>&1 || { tail -n 30 "$log" >&2; exit 1; }
# Debian's patches change configure.ac and Makefile.am: make runs
# aclocal, autoconf and automake again first (autoreconf would want
# gtkdocize as well), as the package's own build regenerates them.
echo "  MAKE    libsmartcols.la"
make -C "$dir/obj" -j"$(nproc)" libsmartcols.la >> "$log" 2>&1 || { tail -n 30 "$log" >&2; exit 1; }
cp "$dir/obj/.libs/libsmartcols.a" "$dir/obj/libsmartcols/src/libsmartcols.h" "$dir/"
printf '%s\n%s\n' "$self" "$v" > "$dir/stamp"
echo "  LIB     $dir/libsmartcols.a (util-linux $v)"
