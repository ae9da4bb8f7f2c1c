#!/bin/sh
# check-prefixes.sh TREE OUTDIR...
#
# Build the objects the 6.12 series touches at every prefix of it, in each
# configured OUTDIR (made with qemu/config.sh or from a Debian config), out
# of TREE: a git tree of linux-source-6.12 whose branch `rework` carries the
# series on the tag `base` (a worktree of it will do).  TREE's checkout
# moves through the series and is put back where it was, so it must not be
# one a running build reads.  Prints
# one line per prefix and OUTDIR, and exits non-zero if any build failed.
set -u
tree=$1
shift
objs="fs/dcache.o fs/inode.o fs/super.o mm/shrinker.o mm/vmscan.o \
mm/list_lru.o"
bad=0
orig=$(git -C "$tree" symbolic-ref -q --short HEAD ||
	git -C "$tree" rev-parse HEAD)
for c in $(git -C "$tree" rev-list --reverse base..rework); do
	git -C "$tree" checkout -q "$c" || exit 1
	subj=$(git -C "$tree" log -1 --format=%s "$c")
	for out in "$@"; do
		extra=
		if grep -q '^CONFIG_MEMCG=y' "$out/.config"; then
			extra=mm/memcontrol.o
			[ -e "$tree/mm/memcg_slab.c" ] &&
				extra="$extra mm/memcg_slab.o"
		fi
		grep -q '^CONFIG_MEMCG_V1=y' "$out/.config" &&
			extra="$extra mm/memcontrol-v1.o"
		# shellcheck disable=SC2086
		if nice -n 19 make -s -C "$tree" O="$(realpath "$out")" -j2 \
			CC="ccache gcc" $objs $extra >"$out/prefix.log" 2>&1 &&
			! grep -q 'warning:' "$out/prefix.log"; then
			echo "ok   $(basename "$out"): $subj"
		else
			echo "FAIL $(basename "$out"): $subj"
			cat "$out/prefix.log"
			bad=1
		fi
	done
done
git -C "$tree" checkout -q "$orig"
exit $bad
