# Claim: containers' root filesystems (overlayfs, upper and lower on the
# ext4 disk) and tmpfs get the same per-memcg treatment: dentries made
# through an overlay mount show under the overlay's own sb: line of the
# cgroup that made them, a forced shrink of that cgroup frees them, and a
# sibling container's overlay dentries are kept.  tmpfs keeps nothing on
# its LRU (6.1 deletes its negative dentries at once, and pins the dentries
# of its files, whose only copy is in memory): a cgroup that made files and
# looked up missing names on a tmpfs shows no unused dentries there, and
# its "all" loses none of those files.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

FILES=200	# files each container makes through its overlay
MISSING=300	# names each cgroup looks up in vain on the tmpfs

need_file "" memory.force_slab_shrink
need_file "" memory.dentry_unused
d=$(test_dir)
tmp=/tmp/force05.$$
mnts=""
# shellcheck disable=SC2317 # called by the EXIT trap
cleanup() {
	for _m in $mnts; do
		umount "$_m"
	done
	rm -rf "$tmp"
	_cleanup
}
trap cleanup EXIT

# devno MOUNTPOINT: major:minor of the filesystem mounted there
devno() {
	awk -v m="$1" '$5 == m { print $3 }' /proc/self/mountinfo
}
# sb_unused CG DEVNO: CG's unused dentries on that superblock
sb_unused() {
	awk -v k="sb:$2" '$1 == k { n = $2 } END { print n + 0 }' \
		"$MEMCG/$1/memory.dentry_unused"
}

for c in c1 c2; do
	cg_create force05-$c
	mkdir -p "$d/$c/lower/usr" "$d/$c/upper" "$d/$c/work" "$d/$c/merged" ||
		fail "mkdir for the $c overlay"
	mount -t overlay overlay -o "lowerdir=$d/$c/lower,upperdir=$d/$c/upper,workdir=$d/$c/work" \
		"$d/$c/merged" || fail "mount the $c overlay"
	mnts="$d/$c/merged $mnts"
	cg_make_files force05-$c "$d/$c/merged/usr" $FILES
done
ov1=$(devno "$d/c1/merged")
ov2=$(devno "$d/c2/merged")
expect_ne "$ov1" "$ov2" "the two overlays' devices"
c1=$(sb_unused force05-c1 "$ov1")
c2=$(sb_unused force05-c2 "$ov2")
diag "overlay dentries: c1 $c1 on $ov1, c2 $c2 on $ov2"
expect_ge "$c1" $FILES "c1's unused dentries on its overlay"
expect_ge "$c2" $FILES "c2's unused dentries on its overlay"
expect_eq "$(sb_unused force05-c1 "$ov2")" 0 "c1's unused dentries on c2's overlay"
cg_force force05-c1 all
expect_eq "$(sb_unused force05-c1 "$ov1")" 0 "c1's overlay dentries after c1's all"
expect_eq "$(sb_unused force05-c2 "$ov2")" "$c2" "c2's overlay dentries after c1's all"

mkdir -p "$tmp" || fail "mkdir $tmp"
mount -t tmpfs tmpfs "$tmp" || fail "mount a tmpfs"
mnts="$tmp $mnts"
tm=$(devno "$tmp")
for c in c1 c2; do
	cg_make_files force05-$c "$tmp" $FILES $c.
	cg_lookup_missing force05-$c "$tmp" $MISSING $c.missing
done
t1=$(sb_unused force05-c1 "$tm")
t2=$(sb_unused force05-c2 "$tm")
diag "tmpfs unused dentries: c1 $t1, c2 $t2 on $tm"
expect_eq "$t1" 0 "c1's unused dentries on the tmpfs"
expect_eq "$t2" 0 "c2's unused dentries on the tmpfs"
cg_force force05-c1 all
expect_eq "$(find "$tmp" -name 'c1.*' | wc -l)" $FILES "c1's files on the tmpfs after c1's all"
pass
