#!/bin/sh
# lint.sh KERNEL_TREE: run scripts/checkpatch.pl --strict on every patch in
# patches/series and print TAP, one result per patch.  Any error, warning or
# check fails the patch.
top=$(cd "$(dirname "$0")/../.." && pwd)
tree=$1
cp=$tree/scripts/checkpatch.pl
if [ ! -f "$cp" ]; then
	echo "not ok 1 checkpatch: no $cp (run make kernel first)"
	exit 1
fi
patches=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$top/patches/series")
n=0
for p in $patches; do
	n=$((n + 1))
	report=$(perl "$cp" --strict --no-tree --terse --show-types "$top/patches/$p" 2>&1)
	if echo "$report" | grep -qE '(ERROR|WARNING|CHECK):'; then
		echo "$report" | sed 's/^/# /'
		echo "not ok $n checkpatch $p"
	else
		echo "ok $n checkpatch $p"
	fi
done
echo "1..$n"
