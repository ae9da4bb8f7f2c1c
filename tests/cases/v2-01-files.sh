# Claim: on cgroup v2 the three files are memory controller files: the root
# has them, a cgroup has them exactly while its parent has +memory in
# cgroup.subtree_control, and in a threaded subtree only the domain cgroup
# has them (the memory controller is a domain controller), where a forced
# shrink frees what the threaded cgroup's tasks made (charged to the domain).
# hierarchy: v2
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

FILES="memory.dentry_unused memory.slab_reclaim_stat memory.force_slab_shrink"
N=300

# has_files PATH: yes when PATH has all three files (and memory.stat), no
# when it has none of them; anything else fails the test.
has_files() {
	_n=0
	for _f in $FILES memory.stat; do
		[ -e "$MEMCG/$1/$_f" ] && _n=$((_n + 1))
	done
	case $_n in
	4) echo yes ;;
	0) echo no ;;
	*) fail "/$1 has $_n of $FILES memory.stat" ;;
	esac
}

expect_eq "$(has_files "")" yes "the root's files"
cg_create v21
expect_eq "$(has_files v21)" yes "files of a child of the root"
mkdir "$MEMCG/v21/plain" || fail "mkdir v21/plain"
cg_adopt v21/plain
expect_eq "$(has_files v21/plain)" no "files while the parent has no +memory"
echo +memory > "$MEMCG/v21/cgroup.subtree_control" || fail "+memory in v21"
expect_eq "$(has_files v21/plain)" yes "files once the parent has +memory"
echo -memory > "$MEMCG/v21/cgroup.subtree_control" || fail "-memory in v21"
expect_eq "$(has_files v21/plain)" no "files once the parent has -memory again"

# a threaded subtree: v21t is its domain, thr a threaded cgroup
cg_create v21t
mkdir "$MEMCG/v21t/thr" || fail "mkdir v21t/thr"
cg_adopt v21t/thr
echo threaded > "$MEMCG/v21t/thr/cgroup.type" || fail "make v21t/thr threaded"
expect_eq "$(cat "$MEMCG/v21t/cgroup.type")" "domain threaded" "v21t's type"
expect_eq "$(has_files v21t/thr)" no "a threaded cgroup's files"
expect_eq "$(has_files v21t)" yes "the threaded domain's files"
echo +memory 2> /dev/null > "$MEMCG/v21t/cgroup.subtree_control" &&
	fail "the memory controller enabled in a threaded subtree"

calm_memory
d=$(test_dir)
u0=$(cg_unused v21t)
# a task of v21t whose thread is in thr looks up N missing names
# shellcheck disable=SC2016 # expanded by the inner shell
sh -c 'echo $$ > "$0/cgroup.procs" && echo $$ > "$0/thr/cgroup.threads" &&
	grep -q "^0::/v21t/thr$" /proc/self/cgroup || exit 1
	i=1; while [ $i -le "$2" ]; do [ -e "$1/m$i" ]; i=$((i + 1)); done; exit 0' \
	"$MEMCG/v21t" "$d" $N || fail "lookups in v21t/thr"
u1=$(cg_unused v21t)
diag "v21t's unused: $u0 before, $u1 after $N lookups in v21t/thr"
expect_ge $((u1 - u0)) $N "v21t's new unused dentries"
cg_force v21t all
expect_eq "$(cg_unused v21t)" 0 "v21t's unused after all"
expect_eq "$(cg_stat v21t forced_shrinks)" 1 "v21t's forced_shrinks"
pass
