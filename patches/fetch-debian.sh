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
mkdir -p "$a/etc/apt.conf.d" "$a/etc/sources.list.d" "$a/etc/preferences.d" \
	"$a/etc/trusted.gpg.d" "$a/lists/partial" "$a/cache/archives/partial" "$a/debs"
: > "$a/status"
echo "deb [signed-by=$keyring] $mirror $suite main" > "$a/etc/sources.list"
cat > "$a/apt.conf" <<EOF
Dir::Etc "$a/etc";
Dir::Etc::SourceList "$a/etc/sources.list";
Dir::Etc::SourceParts "$a/etc/sources.list.d";
Dir::Etc::Parts "$a/etc/apt.conf.d";
Dir::Etc::Preferences "$a/etc/preferences";
Dir::Etc::PreferencesParts "$a/etc/preferences.d";
Dir::Etc::Trusted "$a/etc/trusted.gpg";
Dir::Etc::TrustedParts "$a/etc/trusted.gpg.d";
Dir::State "$a";
Dir::State::Lists "$a/lists";
Dir::State::status "$a/status";
Dir::Cache "$a/cache";
APT::Architecture "amd64";
APT::Architectures "amd64";
APT::Sandbox::User "root";
Acquire::Languages "none";
Acquire::AllowInsecureRepositories "false";
Acquire::AllowDowngradeToInsecureRepositories "false";
EOF
APT_CONFIG=$a/apt.conf
export APT_CONFIG

echo "  APT     update ($suite, private state in $a)"
apt-get -qq update > "$a/update.log" 2>&1 || { cat "$a/update.log" >&2; exit 1; }
if grep -qE '^(W|E):' "$a/update.log"; then
	cat "$a/update.log" >&2
	echo "fetch-debian: apt did not verify $suite cleanly" >&2
	exit 1
fi
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
