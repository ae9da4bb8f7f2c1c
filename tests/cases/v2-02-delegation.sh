# Claim: memory.force_slab_shrink follows cgroup v2 delegation.  A user
# given a cgroup as cgroup-v2.rst delegates one (the directory and its
# cgroup.procs, cgroup.subtree_control and cgroup.threads chowned) may
# force-shrink the cgroups it makes below it, and gets EACCES on the
# delegation point's own file, a sibling's and the root's, whose dentries
# stay.  Under nsdelegate, root inside a cgroup namespace may write the
# file of its namespace's root cgroup, as memory.reclaim (both
# CFTYPE_NS_DELEGATABLE), while memory.max there is refused (EPERM);
# without nsdelegate both are allowed.
# hierarchy: v2
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=../stress/lib.sh
. "$(dirname "$0")/../stress/lib.sh"

need_file "" memory.force_slab_shrink
need_cgstress
N=50
d=$(test_dir)
chmod 777 "$d" || fail "chmod $d"

# --- a user's delegation
cg_create deleg
chown user:user "$MEMCG/deleg" "$MEMCG/deleg/cgroup.procs" \
	"$MEMCG/deleg/cgroup.subtree_control" "$MEMCG/deleg/cgroup.threads" ||
	fail "delegate deleg to user"
# shellcheck disable=SC2016 # expanded by the inner shell
user_sh 'echo +memory > "$1/cgroup.subtree_control" && mkdir "$1/mine"' "$MEMCG/deleg" ||
	fail "user: +memory in deleg and mkdir deleg/mine"
cg_adopt deleg/mine
expect_eq "$(stat -c %U "$MEMCG/deleg/mine/memory.force_slab_shrink")" user \
	"owner of the file of the cgroup the user made"
expect_eq "$(stat -c %U "$MEMCG/deleg/memory.force_slab_shrink")" root \
	"owner of the delegation point's file"
cg_create deleg/sib
for cg in deleg/mine deleg/sib; do
	mkdir -p "$d/$cg" || fail "mkdir"
	cg_lookup_missing "$cg" "$d/$cg" $N
done
sib=$(cg_unused deleg/sib)
assert_ge "$sib" $N "the sibling's unused dentries"
as_user_write() {	# as_user_write CG VALUE: a write as uid 1000
	# shellcheck disable=SC2016 # expanded by the inner shell
	user_sh '"$1" write "$2" "$3"' "$CGSTRESS" "$MEMCG/$1/memory.force_slab_shrink" "$2"
}
expect_eq "$(as_user_write deleg/mine all)" ok "user: all on the cgroup it made"
expect_eq "$(cg_disk_unused deleg/mine)" 0 "unused on the disk of the cgroup the user made, after all"
expect_eq "$(as_user_write deleg/mine 3)" ok "user: 3 on the cgroup it made"
for cg in deleg deleg/sib ""; do
	expect_eq "$(as_user_write "$cg" all)" open:EACCES "user: all on /$cg"
done
expect_eq "$(cg_unused deleg/sib)" "$sib" "the sibling's unused dentries after the user's writes"
expect_eq "$(cg_stat deleg/mine forced_shrinks)" 2 "forced_shrinks of the user's cgroup"
expect_eq "$(cg_stat deleg/sib forced_shrinks)$(cg_stat deleg forced_shrinks)" 00 \
	"forced_shrinks of the sibling and the delegation point"

# --- root in a cgroup namespace whose root is nsroot
cg_create nsroot
mkdir -p "$d/nsroot" || fail "mkdir"
# ns_write FILE VALUE: from nsroot, in a new cgroup namespace (so nsroot
# is its root), write VALUE to nsroot's FILE; prints ok or the errno name
ns_write() {
	cg_run nsroot "$CGSTRESS" write -c "$MEMCG/nsroot/$1" "$2"
}
grep -q "^cgroup2 $MEMCG .*nsdelegate" /proc/mounts && fail "$MEMCG mounted with nsdelegate already"
cg_lookup_missing nsroot "$d/nsroot" $N
expect_eq "$(ns_write memory.force_slab_shrink all)" ok "no nsdelegate: all at the namespace root"
expect_eq "$(cg_disk_unused nsroot)" 0 "nsroot's unused on the disk after all"
expect_eq "$(ns_write memory.max max)" ok "no nsdelegate: memory.max at the namespace root"

# A mount of cgroup v2 sets the hierarchy's flags (nsdelegate...) to its
# options, on every mount of it; busybox's mount -o remount would keep the
# old options.  So: mount it once more, elsewhere, and unmount that.
# shellcheck disable=SC2016 # expanded by the sh that runs it
CG2_FLAGS='mkdir -p "$0" && mount -t cgroup2 ${1:+-o "$1"} cgroup2 "$0" && umount "$0"'
at_exit sh -c "$CG2_FLAGS" /tmp/v2-02.flags ""
sh -c "$CG2_FLAGS" /tmp/v2-02.flags nsdelegate || fail "mount cgroup v2 with nsdelegate"
grep -q "^cgroup2 $MEMCG .*nsdelegate" /proc/mounts || fail "nsdelegate not in /proc/mounts"
cg_lookup_missing nsroot "$d/nsroot" $N m2-
assert_ge "$(cg_disk_unused nsroot)" $N "nsroot's unused on the disk before the nsdelegate write"
expect_eq "$(ns_write memory.force_slab_shrink all)" ok "nsdelegate: all at the namespace root"
expect_eq "$(cg_disk_unused nsroot)" 0 "nsroot's unused on the disk after all under nsdelegate"
expect_eq "$(ns_write memory.max max)" EPERM "nsdelegate: memory.max at the namespace root"
r=$(ns_write memory.reclaim 4096)
case "$r" in ok|EAGAIN) ;; *) fail "nsdelegate: memory.reclaim at the namespace root: $r" ;; esac
expect_eq "$(cg_stat nsroot forced_shrinks)" 2 "nsroot's forced_shrinks"
sh -c "$CG2_FLAGS" /tmp/v2-02.flags "" || fail "mount cgroup v2 without nsdelegate"
grep -q "^cgroup2 $MEMCG .*nsdelegate" /proc/mounts && fail "nsdelegate still in /proc/mounts"
pass
