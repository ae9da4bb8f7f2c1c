#!/bin/sh
# The guest demo behind `make demo`: two sibling cgroups fill the dcache on
# the ext4 disk, then the three control files show and drive per-memcg
# reclaim: read A and B, shrink A, see that B did not move.  The same on
# cgroup v1 and v2 (make demo boots both).
# shellcheck source=tests/hier.sh
. /tests/hier.sh
DATA=/mnt/data
say() { printf '\n### %s\n' "$*"; }
show() { printf '$ %s\n' "$*"; sh -c "$*"; }

say "kernel $(uname -r), memory cgroup $CG_HIER at $MEMCG, ext4 at $DATA"
for f in memory.dentry_unused memory.slab_reclaim_stat memory.force_slab_shrink; do
	if [ -e "$MEMCG/$f" ]; then
		echo "  $f: present"
	else
		echo "  $f: not in this kernel (is the series applied?)"
		missing=1
	fi
done

mkdir -p "$MEMCG/A" "$MEMCG/B" "$DATA/a" "$DATA/b"
fill() {
	sh -c 'echo $$ > "$0/cgroup.procs"; i=1; while [ $i -le "$2" ]; do : > "$1/f$i"; [ -e "$1/nx$i" ]; i=$((i + 1)); done' \
		"$MEMCG/$1" "$2" "$3"
}
say "A and B each create 2000 files and look up 2000 missing names"
fill A "$DATA/a" 2000
fill B "$DATA/b" 2000

if [ -n "${missing:-}" ]; then
	say "without the series, only the global view exists"
	show "cat /proc/sys/fs/dentry-state"
	if [ "$CG_HIER" = v2 ]; then
		show "grep ^slab $MEMCG/A/memory.stat $MEMCG/B/memory.stat"
	else
		show "cat $MEMCG/A/memory.kmem.usage_in_bytes $MEMCG/B/memory.kmem.usage_in_bytes"
	fi
else
	show "cat $MEMCG/A/memory.dentry_unused"
	show "cgdentry --by-sb /A /B 2>/dev/null || cat $MEMCG/B/memory.dentry_unused"
	say "force-shrink 1000 objects from A, then everything"
	show "echo 1000 > $MEMCG/A/memory.force_slab_shrink"
	show "grep -E '^(unused|total_unused) ' $MEMCG/A/memory.dentry_unused"
	show "echo all > $MEMCG/A/memory.force_slab_shrink"
	show "grep -E '^(unused|total_unused) ' $MEMCG/A/memory.dentry_unused"
	say "B was not touched"
	show "grep -E '^(unused|total_unused) ' $MEMCG/B/memory.dentry_unused"
	show "grep -E '^(forced|dentry|inode)' $MEMCG/A/memory.slab_reclaim_stat"
	show "grep -E '^forced' $MEMCG/B/memory.slab_reclaim_stat"
	say "bad input is refused"
	show "echo lots > $MEMCG/A/memory.force_slab_shrink"
	if command -v cgshrink >/dev/null; then
		say "the same with the tools"
		show "cgshrink --all /B"
		show "cgslabstat /A /B"
	fi
fi
rmdir "$MEMCG/A" "$MEMCG/B" 2>/dev/null
exit 0
