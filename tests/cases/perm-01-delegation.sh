# Claim: delegation by `cgcreate -a user` gives uid 1000 its cgroup and
# nothing else: the user (and a container root mapped to uid 1000, in its
# own user and cgroup namespaces) can force-shrink that cgroup and read its
# two read-only files, but cannot write them (the user: EACCES; the
# container root: what memory.stat gives), and gets EACCES on the parent's, a sibling's and the root's memory.force_slab_shrink,
# whose dentries its shrinks leave alone.  A user with no delegation gets
# EACCES everywhere (spec-17 shows the chown route; tools-12 the cgtools).
# hierarchy: v1
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=../stress/lib.sh
. "$(dirname "$0")/../stress/lib.sh"

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
need_file "" memory.dentry_unused
need_tool cgcreate
need_cgstress
cg_create deleg
cg_create deleg/sib
cgcreate -a user:user -t user:user -g memory:/deleg/mine > /dev/null 2>&1 ||
	fail "cgcreate -a user:user -g memory:/deleg/mine"
cg_adopt deleg/mine
expect_eq "$(stat -c %U "$MEMCG/deleg/mine/memory.force_slab_shrink")" user \
	"owner of mine's memory.force_slab_shrink after cgcreate -a"

d=$(test_dir)
for cg in deleg deleg/sib deleg/mine; do
	mkdir -p "$d/$cg" || fail "mkdir"
	cg_make_files "$cg" "$d/$cg" 50 || fail "files in $cg"
done
log_mark

# as_user CMD...: run CMD as uid 1000 (lib.sh's user_sh)
# shellcheck disable=SC2016 # expanded by the inner shell
as_user() { user_sh '"$@"' "$@"; }
# user_write WHO CG FILE VALUE: write as uid 1000 (user), or as root of a
# new user namespace mapped to uid 1000, in a new cgroup namespace
# (container)
user_write() {
	case $1 in
	user) as_user "$CGSTRESS" write "$MEMCG/$2/$3" "$4" ;;
	container) "$CGSTRESS" write -u 1000 -c "$MEMCG/$2/$3" "$4" ;;
	esac
}

for who in user container; do
	sib=$(cg_unused deleg/sib) parent=$(cg_unused deleg)
	s0=$(cg_stat deleg/mine forced_shrinks)
	expect_eq "$(user_write $who deleg/mine memory.force_slab_shrink all)" ok "$who: all on its cgroup"
	expect_eq "$(user_write $who deleg/mine memory.force_slab_shrink 7)" ok "$who: 7 on its cgroup"
	expect_eq "$(cg_stat deleg/mine forced_shrinks)" $((s0 + 2)) "$who: forced_shrinks of its cgroup"
	# its own read-only files: the user has no write bit; the container
	# root overrides that in its user namespace (the owner is mapped) and
	# gets what root gets, memory.stat's answer
	want=open:EACCES
	[ $who = container ] && want=$(user_write $who deleg/mine memory.stat 0)
	for ro in memory.dentry_unused memory.slab_reclaim_stat; do
		expect_eq "$(user_write $who deleg/mine $ro 0)" "$want" "$who: write to its own $ro"
	done
	for cg in deleg deleg/sib ""; do
		expect_eq "$(user_write $who "$cg" memory.force_slab_shrink all)" open:EACCES \
			"$who: all on /$cg"
	done
	expect_eq "$(cg_unused deleg/sib)" "$sib" "$who: sibling's unused dentries"
	expect_eq "$(cg_unused deleg)" "$parent" "$who: parent's own unused dentries"
	expect_eq "$(cg_stat deleg/sib forced_shrinks)$(cg_stat deleg forced_shrinks)" 00 \
		"$who: forced_shrinks of sibling and parent"
done

# reading: the delegated cgroup's files, as the user
for ro in memory.dentry_unused memory.slab_reclaim_stat; do
	as_user cat "$MEMCG/deleg/mine/$ro" > /dev/null || fail "user cannot read its $ro"
done
# the user cannot give itself the sibling's file
as_user chmod 666 "$MEMCG/deleg/sib/memory.force_slab_shrink" 2>/dev/null &&
	fail "user changed the mode of the sibling's file"
as_user chown user "$MEMCG/deleg/sib/memory.force_slab_shrink" 2>/dev/null &&
	fail "user took the sibling's file"
expect_eq "$(user_write user deleg/sib memory.force_slab_shrink all)" open:EACCES "user: all on the sibling, after its attempts"
log_check
pass
