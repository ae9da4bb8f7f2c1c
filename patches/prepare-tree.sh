#!/bin/sh
# prepare-tree.sh TARBALL BUILDDIR [SERIES [UPTO]]
#
# Extract Debian's linux-source tarball under BUILDDIR and apply the patches
# named in SERIES (default patches/series), in order, failing on any reject.
# UPTO applies only the first UPTO patches (for the bisect check).
#
# The tree is re-extracted whenever the applied set changes, so a patch taken
# out of the series is really gone.  tar keeps the tarball's mtimes, so every
# file an earlier series touched is touched again after extraction: kbuild then
# rebuilds exactly what changed and ccache absorbs the rest.
set -eu

tarball=$1
builddir=$2
series=${3:-patches/series}
upto=${4:-}
pdir=$(dirname "$series")
tree=$builddir/linux-source-6.1
stamp=$tree/.series-applied
applied=$tree/.series-patches

patches=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$series")
if [ -n "$upto" ]; then
	patches=$(printf '%s\n' "$patches" | head -n "$upto")
fi

want=$( { echo "$tarball"; for p in $patches; do cat "$pdir/$p"; done; } | sha256sum | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
	exit 0
fi

touched=""
if [ -f "$applied" ]; then
	touched=$(sed -n 's|^+++ b/||p; s|^--- a/||p' "$applied" | sort -u)
fi

mkdir -p "$builddir"
rm -rf "$tree"
echo "  EXTRACT $tarball"
tar -xJf "$tarball" -C "$builddir"
[ -d "$tree" ] || { echo "prepare-tree: $tarball did not give $tree" >&2; exit 1; }
for f in $touched; do
	[ -e "$tree/$f" ] && touch "$tree/$f"
done

: > "$applied"
for p in $patches; do
	echo "  PATCH   $p"
	if ! patch -d "$tree" -p1 -s -N --fuzz=0 --no-backup-if-mismatch < "$pdir/$p"; then
		echo "prepare-tree: $p does not apply; the tree is left as it is for a look" >&2
		rm -f "$stamp"
		exit 1
	fi
	cat "$pdir/$p" >> "$applied"
done
echo "$want" > "$stamp"
