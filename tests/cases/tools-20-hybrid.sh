# Claim: on a hybrid host the tools read the hierarchy that has the memory
# controller, and say so: with cgroup v1's memory controller, cgroup2
# mounted at /sys/fs/cgroup/unified beside it (as systemd's hybrid mode
# does) changes nothing, a cgroup made only there is not found in v1; with
# the memory controller on cgroup2, a v1 hierarchy mounted beside it (a
# named one: the guest has no other controller) changes nothing either.
# shellcheck source-path=SCRIPTDIR disable=SC1091,SC2154 # lib*.sh: helpers, tool_tmp, tool_rc
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../lib-tools.sh"
need_file / memory.force_slab_shrink

K=80
d=$(test_dir)
if [ "$CG_HIER" = v1 ]; then
	other=/sys/fs/cgroup/unified
	mkdir "$other" || fail "mkdir $other"
	at_exit rmdir "$other"
	mount -t cgroup2 cgroup2 "$other" || fail "mount cgroup2 at $other"
	kind="cgroup2 (controllers: '$(cat "$other/cgroup.controllers")')"
else
	other=/run/tools-20-v1
	mkdir -p "$other" || fail "mkdir $other"
	at_exit rmdir "$other"
	mount -t cgroup -o none,name=tools20 tools20 "$other" || fail "mount a v1 hierarchy at $other"
	kind="a v1 named hierarchy"
fi
at_exit umount "$other"
# a cgroup that exists only in the other hierarchy
mkdir "$other/tools-20-other" || fail "mkdir $other/tools-20-other"
at_exit rmdir "$other/tools-20-other"
diag "the other hierarchy: $kind at $other"

cg_create A
cg_make_files A "$d" $K || fail "files in /A"
run_tool json cgdentry --json /A
expect_tool_ok "cgdentry --json /A"
expect_eq "$(jget json .hierarchy.version)" "${CG_HIER#v}" "hierarchy version"
expect_eq "$(jget json .hierarchy.mount)" "$MEMCG" "hierarchy mount"
expect_eq "$(jget json '.cgroups[0].unused')" "$(cg_unused A)" "/A's unused dentries"
run_tool nope cgslabstat /tools-20-other
expect_eq "$tool_rc" 32 "cgslabstat of a cgroup of the other hierarchy: exit status"
expect_eq "$(tool_err nope)" "$(no_such_cgroup cgslabstat /tools-20-other)" "cgslabstat's message"
run_tool shrink cgshrink --all --json /A
expect_tool_ok "cgshrink --all /A"
expect_eq "$(jget shrink .hierarchy.mount)" "$MEMCG" "cgshrink's hierarchy"
expect_ge "$(jget shrink '.cgroups[0].freed')" $K "objects cgshrink freed"
expect_eq "$(cg_unused A)" 0 "/A's unused dentries after cgshrink"
pass
