# Claim: containers' root filesystems (overlayfs, upper and lower on the
# ext4 disk) and tmpfs get the same per-memcg treatment: dentries made
# through an overlay mount show under the overlay's own sb: line of the
# cgroup that made them, a forced shrink of that cgroup frees them, and a
# sibling container's overlay dentries are kept.  tmpfs keeps nothing on
# its LRU (6.1 deletes its negative dentries at once, and pins the dentries
# of its files, whose only copy is in memory): a cgroup that made files and
# looked up missing names on a tmpfs shows no unused dentries there, not
# even an sb: line (a kernel that counted pinned or deleted dentries as
# unused, or retained tmpfs's negative ones, shows them).  Since nothing of
# the tmpfs is on any list, a forced shrink has nothing to take there: the
# count of c1's tmpfs files after its "all" is a guard, not a claim (only a
# kernel whose shrink freed beyond its lists could lose them).
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

FILES=200	# files each container makes through its overlay
MISSING=300	# names each cgroup looks up in vain on the tmpfs

need_file "" memory.force_slab_shrink
need_file "" memory.dentry_unused
d=$(test_dir)
tmp=/tmp/force05.$$
at_exit rm -rf "$tmp"

for c in c1 c2; do
	cg_create force05-$c
	mkdir -p "$d/$c/lower/usr" "$d/$c/upper" "$d/$c/work" "$d/$c/merged" ||
		fail "mkdir for the $c overlay"
	mount -t overlay overlay -o "lowerdir=$d/$c/lower,upperdir=$d/$c/upper,workdir=$d/$c/work" \
		"$d/$c/merged" || fail "mount the $c overlay"
	at_exit umount "$d/$c/merged"
	cg_make_files force05-$c "$d/$c/merged/usr" $FILES
done
ov1=$(devno_of "$d/c1/merged")
ov2=$(devno_of "$d/c2/merged")
assert_ne "$ov1" "$ov2" "the two overlays' devices"
c1=$(sb_unused force05-c1 "$ov1")
c2=$(sb_unused force05-c2 "$ov2")
diag "overlay dentries: c1 $c1 on $ov1, c2 $c2 on $ov2"
assert_ge "$c1" $FILES "c1's unused dentries on its overlay"
assert_ge "$c2" $FILES "c2's unused dentries on its overlay"
expect_eq "$(sb_unused force05-c1 "$ov2")" 0 "c1's unused dentries on c2's overlay"
cg_force force05-c1 all
expect_eq "$(sb_unused force05-c1 "$ov1")" 0 "c1's overlay dentries after c1's all"
expect_eq "$(sb_unused force05-c2 "$ov2")" "$c2" "c2's overlay dentries after c1's all"

mkdir -p "$tmp" || fail "mkdir $tmp"
mount -t tmpfs tmpfs "$tmp" || fail "mount a tmpfs"
at_exit umount "$tmp"
tm=$(devno_of "$tmp")
for c in c1 c2; do
	cg_make_files force05-$c "$tmp" $FILES $c.
	cg_lookup_missing force05-$c "$tmp" $MISSING $c.missing
done
t1=$(sb_unused force05-c1 "$tm")
t2=$(sb_unused force05-c2 "$tm")
diag "tmpfs unused dentries: c1 $t1, c2 $t2 on $tm"
expect_eq "$t1" 0 "c1's unused dentries on the tmpfs"
expect_eq "$t2" 0 "c2's unused dentries on the tmpfs"
grep -q "^sb:$tm " "$MEMCG/force05-c1/memory.dentry_unused" &&
	fail "c1's memory.dentry_unused has a line for the tmpfs: $(grep "^sb:$tm " "$MEMCG/force05-c1/memory.dentry_unused")"
cg_force force05-c1 all
expect_eq "$(find "$tmp" -name 'c1.*' | wc -l)" $FILES "c1's files on the tmpfs after c1's all"
pass
