# Claim: memory.force_slab_shrink obeys file permissions as every cgroup v1
# file does: uid 1000 gets EACCES on a cgroup root made, and succeeds once
# the file is chowned to it, or in a cgroup it made itself under a directory
# chowned to it (cgroup v1 gives a new cgroup's files to its creator).
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
cg_create spec17

# user_write PATH VALUE: as uid 1000, write VALUE to PATH's
# memory.force_slab_shrink; print ok or the errno name.
user_write() {
	# shellcheck disable=SC2016 # expanded by the inner shell
	_out=$(user_sh 'printf "%s" "$2" > "$1"' \
		"$MEMCG/$1/memory.force_slab_shrink" "$2" 2>&1) && { echo ok; return; }
	case "$_out" in
	*"Permission denied"*) echo EACCES ;;
	*) echo "$_out" ;;
	esac
}

expect_eq "$(user_write spec17 all)" EACCES "uid 1000 writing root's file"
expect_eq "$(user_write "" all)" EACCES "uid 1000 writing the root memcg's file"
expect_eq "$(cg_stat spec17 forced_shrinks)" 0 "forced_shrinks after EACCES"

chown 1000 "$MEMCG/spec17/memory.force_slab_shrink" || fail "chown"
expect_eq "$(user_write spec17 all)" ok "uid 1000 writing its chowned file"
expect_eq "$(cg_stat spec17 forced_shrinks)" 1 "forced_shrinks after uid 1000's write"

chown 1000:1000 "$MEMCG/spec17" || fail "chown"
cg_enable_children spec17
# shellcheck disable=SC2016 # expanded by the inner shell
user_sh 'mkdir "$1"' "$MEMCG/spec17/mine" || fail "uid 1000 mkdir spec17/mine"
cg_adopt spec17/mine
expect_eq "$(stat -c '%u %a' "$MEMCG/spec17/mine/memory.force_slab_shrink")" "1000 200" \
	"owner and mode of the file in uid 1000's cgroup"
expect_eq "$(user_write spec17/mine 10)" ok "uid 1000 writing in its own cgroup"
expect_eq "$(cg_stat spec17/mine forced_shrinks)" 1 "forced_shrinks of spec17/mine"
pass
