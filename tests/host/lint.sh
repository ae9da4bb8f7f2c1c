#!/bin/sh
# lint.sh KERNEL_TREE [SERIES]: run KERNEL_TREE's scripts/checkpatch.pl
# --strict on every patch in SERIES (default patches/series, the 6.1 one;
# each series with its own kernel's checkpatch) and print TAP, one result
# per patch.  Any error, warning or
# check fails the patch, and so does a checkpatch that exits non-zero (one
# that dies must not read as clean).  Exits 1 when a patch failed.
top=$(cd "$(dirname "$0")/../.." && pwd)
tree=$1
series=${2:-$top/patches/series}
# Absolute paths: given patches/6.12/0001-... from the top of this tree,
# 6.12's checkpatch reports trailing whitespace on blank context lines that
# it does not report given the same file's absolute path.
pdir=$(cd "$(dirname "$series")" && pwd) || exit 1
series=$pdir/$(basename "$series")
cp=$tree/scripts/checkpatch.pl
if [ ! -f "$cp" ]; then
	echo "not ok 1 checkpatch: no $cp (run make kernel first)"
	exit 1
fi
patches=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$series")
n=0 bad=0
for p in $patches; do
	n=$((n + 1))
	report=$(perl "$cp" --strict --no-tree --terse --show-types "$pdir/$p" 2>&1)
	rc=$?
	if [ $rc -ne 0 ] || echo "$report" | grep -qE '(ERROR|WARNING|CHECK):'; then
		echo "$report" | sed 's/^/# /'
		echo "# checkpatch exited $rc"
		echo "not ok $n checkpatch ${pdir#"$top"/}/$p"
		bad=$((bad + 1))
	else
		echo "ok $n checkpatch ${pdir#"$top"/}/$p"
	fi
done
echo "1..$n"
[ $bad -eq 0 ]
