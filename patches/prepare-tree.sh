#!/bin/sh
# prepare-tree.sh TARBALL BUILDDIR [SERIES [UPTO]]
#
# Extract Debian's linux-source tarball under BUILDDIR and apply the patches
# named in SERIES (default patches/series), in order, failing on any reject.
# UPTO applies only the first UPTO patches (for the bisect check).
#
# Whenever the applied set changes, the series applied before is undone
# first (or the tarball extracted again), so a patch taken out of the series
# is really gone.
set -eu

tarball=$1
builddir=$2
series=${3:-patches/series}
upto=${4:-}
pdir=$(dirname "$series")
tree=$builddir/$(basename "$tarball" .tar.xz)
stamp=$tree/.series-applied
applied=$tree/.series-patches.d

patches=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$series")
if [ -n "$upto" ]; then
	patches=$(printf '%s\n' "$patches" | head -n "$upto")
fi

want=$( { echo "$tarball"; for p in $patches; do cat "$pdir/$p"; done; } | sha256sum | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
	exit 0
fi

mkdir -p "$builddir"
# Undo the series applied now, last patch first, rather than extract the
# tarball again; a tree in an unknown state is extracted afresh.  Either
# way every file an earlier series touched ends up newer than its objects,
# so kbuild rebuilds exactly what changed and ccache absorbs the rest.
touched=$(cat "$applied"/*.patch "$tree/.series-patches" 2> /dev/null |
	sed -n 's|^+++ b/||p; s|^--- a/||p' | sort -u)
# What each touched file held, and when it changed, before the series is
# undone: a file the new series leaves as it was gets its old mtime back
# below, so that kbuild rebuilds only what really changed (a patch to a
# header every file includes would otherwise rebuild the kernel).
before=$builddir/.series-before.$$
: > "$before"
if [ -f "$stamp" ]; then
	for f in $touched; do
		[ -f "$tree/$f" ] || continue
		printf '%s %s %s\n' "$(sha256sum < "$tree/$f" | cut -d' ' -f1)" \
			"$(stat -c %Y "$tree/$f")" "$f" >> "$before"
	done
fi
undone=0
if [ -f "$stamp" ] && [ -d "$applied" ]; then
	undone=1
	rm -f "$stamp"
	for p in $(printf '%s\n' "$applied"/*.patch | sort -r); do
		[ -f "$p" ] || continue
		echo "  UNPATCH $(basename "$p")"
		if ! patch -d "$tree" -R -p1 -s --fuzz=0 --no-backup-if-mismatch \
			< "$p" > /dev/null; then
			undone=0
			break
		fi
	done
fi
if [ $undone -eq 0 ]; then
	rm -rf "$tree"
	echo "  EXTRACT $tarball"
	tar -xJf "$tarball" -C "$builddir"
	[ -d "$tree" ] || { echo "prepare-tree: $tarball did not give $tree" >&2; exit 1; }
	for f in $touched; do
		[ -e "$tree/$f" ] && touch "$tree/$f"
	done
fi

rm -rf "$applied"
mkdir -p "$applied"
i=0
for p in $patches; do
	i=$((i + 1))
	echo "  PATCH   $p"
	if ! patch -d "$tree" -p1 -s -N --fuzz=0 --no-backup-if-mismatch < "$pdir/$p"; then
		echo "prepare-tree: $p does not apply; the tree is left as it is for a look" >&2
		exit 1
	fi
	cp "$pdir/$p" "$applied/$(printf %04d $i).patch"
done
while read -r sum mtime f; do
	[ -f "$tree/$f" ] || continue
	[ "$(sha256sum < "$tree/$f" | cut -d' ' -f1)" = "$sum" ] &&
		touch -d "@$mtime" "$tree/$f"
done < "$before"
rm -f "$before"
echo "$want" > "$stamp"
