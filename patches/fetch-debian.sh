#!/bin/sh
# fetch-debian.sh SUITE DESTDIR PACKAGE...
#
# Download PACKAGEs from Debian's SUITE (e.g. trixie-backports) and unpack
# them under DESTDIR (DESTDIR/usr/src/...), without installing anything on
# this host and without touching its apt configuration: apt runs with a
# private configuration, sources list, state and cache under DESTDIR/apt.
#
# Trust is apt's own: the suite's InRelease must carry a valid signature by
# a key in /usr/share/keyrings/debian-archive-keyring.gpg, the keyring of
# the host's installed debian-archive-keyring package (Debian 12's has had
# the trixie keys since 2023.3), and nothing else (no trusted.gpg, no
# trusted.gpg.d: the list names the keyring with signed-by).  apt then
# checks the Packages index against InRelease's hashes and each .deb
# against the index, as `apt-get install` would.  A keyring without the
# suite's keys fails here ("NO_PUBKEY"); the fix is a newer
# debian-archive-keyring from the host's own suites, never a key fetched
# from the suite it is meant to verify.
#
# The .debs are kept in DESTDIR/apt/debs; a package whose version is
# already unpacked is not fetched again.  MIRROR overrides the mirror.
set -eu

suite=$1
dest=$2
shift 2
mirror=${MIRROR:-http://deb.debian.org/debian}
keyring=/usr/share/keyrings/debian-archive-keyring.gpg

[ -r "$keyring" ] || { echo "fetch-debian: no $keyring (apt-get install debian-archive-keyring)" >&2; exit 1; }
mkdir -p "$dest"
dest=$(cd "$dest" && pwd)
a=$dest/apt
mkdir -p "$a/debs"
# shellcheck source=patches/private-apt.sh
. "$(dirname "$0")/private-apt.sh"
private_apt "$a" "deb [signed-by=$keyring] $mirror $suite main" "$suite" fetch-debian
for p in "$@"; do
	v=$(apt-cache policy "$p" | sed -n 's/^ *Candidate: //p')
	case "$v" in ''|'(none)') echo "fetch-debian: $p is not in $suite" >&2; exit 1 ;; esac
	if [ "$(cat "$dest/.$p.version" 2> /dev/null)" = "$v" ]; then
		continue
	fi
	echo "  APT     download $p $v"
	(cd "$a/debs" && rm -f "${p}"_*.deb && apt-get -qq download "$p=$v") || exit 1
	echo "  DPKG-X  $p -> $dest"
	dpkg-deb -x "$a/debs/${p}"_*.deb "$dest"
	echo "$v" > "$dest/.$p.version"
done
