#!/bin/sh
# run-guest.sh [WORD...]
#
# Run the guest tests (tests/cases/*.sh in name order; with WORDs, only
# those whose name contains one of them) and print KTAP: the plan first,
# then one result per test.  A test is one file that states its claim at
# the top, sources lib.sh and exits 0 (pass), 4 (skip, reason on its last
# "SKIP:" line) or anything else (fail).  Everything a test prints becomes
# a "# " diagnostic line under its result.  Exits 0 when every test passed,
# 1 otherwise (a skip is not a pass).
#
# Each test runs in a session of its own and in a cgroup of its own on a
# named hierarchy without controllers ("harness"), so it is accounted to
# no memcg but every process it starts, daemons included, is found again.
# When the test ends or times out (TEST_TIMEOUT, default 300 s) every
# file system is thawed (a frozen one would hang the kills and unmounts),
# all of them are killed, the undo actions the test registered with
# lib.sh's at_exit and did not run (it was killed) are run, and what the
# test changed is put back before the next one: memcgs, mounts, loop
# devices, swap, files on the scratch disks, tracing (tracing_on, the
# tracer, enabled events and their subsystems' filters, the buffer), and
# the values of /proc/sys/vm, /proc/sys/fs, /proc/sys/kernel and the
# dentry slab's remote_node_defrag_ratio.
#
# Each test gets TEST_STATE, a directory of its own (see lib.sh): a test
# that exits 0 but whose fail() ran in a subshell ($(...), a pipeline, a
# background job) fails.
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=select.sh
. "$here/select.sh"
cases=${TESTS_DIR:-$here}
per_test_timeout=${TEST_TIMEOUT:-300}
# shellcheck source=hier.sh
. "$here/hier.sh"
# not under /sys/fs/cgroup, which is cgroup v2's own mount on a v2 guest
HARNESS=/run/harness
# Sweeps of kill -KILL over a test's cgroup before giving up on it (0.1 s each).
KILL_SWEEPS=100

if ! grep -q " $HARNESS cgroup " /proc/mounts; then
	if ! { mkdir -p "$HARNESS" &&
		mount -t cgroup -o none,name=harness harness "$HARNESS"; }; then
		echo "Bail out! cannot mount the harness cgroup hierarchy"
		exit 2
	fi
fi
# Under the runner's own harness cgroup, so a nested run stays inside
# the test that started it.
self=$(awk -F: '$2 == "name=harness" { print $3 }' /proc/self/cgroup)
run=$HARNESS${self%/}/run.$$
mkdir "$run" || { echo "Bail out! mkdir $run"; exit 2; }

# Tunables a test may change; one grep reads them all (less the counters
# and what the kernel changes by itself).
sysctl_snapshot() {
	grep -rs . /proc/sys/vm /proc/sys/fs /proc/sys/kernel \
		/sys/kernel/slab/dentry/remote_node_defrag_ratio |
		grep -v -e '^/proc/sys/vm/stat_refresh:' -e '^/proc/sys/fs/dentry-state:' \
			-e '^/proc/sys/fs/inode-' -e '^/proc/sys/fs/file-nr:' \
			-e '^/proc/sys/kernel/random/' -e '^/proc/sys/kernel/ns_last_pid:' \
			-e '^/proc/sys/kernel/tainted:' -e '^/proc/sys/kernel/pty/nr:' \
			-e '^/proc/sys/kernel/hung_task_' -e '^/proc/sys/kernel/perf_event_max_sample_rate:' \
			-e '^/proc/sys/kernel/[a-z]*_next_id:'
}

# sysctl_restore BEFORE: write back every value that differs from BEFORE.
sysctl_restore() {
	sysctl_snapshot > /tmp/sysctl.after.$$
	printf '%s\n' "$1" | awk -F: 'NR == FNR { after[$1] = substr($0, length($1) + 2); next }
		{ v = substr($0, length($1) + 2); if ($1 in after && after[$1] != v) print $1 ":" v }' \
		/tmp/sysctl.after.$$ - |
	while IFS= read -r line; do
		f=${line%%:*}
		[ -w "$f" ] || continue
		echo "# restoring $f to '${line#*:}'"
		printf '%s\n' "${line#*:}" 2> /dev/null > "$f"
	done
	rm -f /tmp/sysctl.after.$$
}

# kill_all CGROUP: kill every process in CGROUP until it is empty; 1 if
# some survive every sweep (stuck in the kernel).
# (cgroup files have no size: read them to see whether they are empty)
kill_all() {
	_i=0
	while _procs=$(cat "$1/cgroup.procs" 2> /dev/null) && [ -n "$_procs" ]; do
		[ $_i -lt $KILL_SWEEPS ] || return 1
		for _p in $_procs; do
			kill -KILL "$_p" 2> /dev/null
		done
		sleep 0.1
		_i=$((_i + 1))
	done
	return 0
}

# unmount_new BEFORE: unmount, newest first, what was mounted since BEFORE.
unmount_new() {
	printf '%s\n' "$1" | awk '{ print $2 }' > /tmp/mounts.before.$$
	awk '{ print $2 }' /proc/mounts | tac |
		grep -vxF -f /tmp/mounts.before.$$ |
	while read -r m; do
		echo "# unmounting $m"
		umount "$m" 2> /dev/null || umount -l "$m"
	done
	rm -f /tmp/mounts.before.$$
}

# thaw_all: unfreeze every mounted file system (fsfreeze fails harmlessly
# on one that is not frozen), before the kills: a task writing to a frozen
# file system cannot die, and an unmount of one hangs.
thaw_all() {
	awk '$1 ~ "^/dev/" { print $2 }' /proc/mounts | while read -r m; do
		fsfreeze --unfreeze "$m" > /dev/null 2>&1 && echo "# thawed $m"
	done
}

# detach_new BEFORE: detach the loop devices set up since BEFORE
# (losetup -a), after the unmounts.
detach_new() {
	losetup -a 2> /dev/null | while IFS=: read -r dev _rest; do
		case "$1" in *"$dev:"*) continue ;; esac
		echo "# detaching $dev"
		losetup -d "$dev" 2> /dev/null
	done
}

# Tracing: what a test switches on is switched off again.
TRACING=/sys/kernel/tracing
trace_snapshot() {
	cat "$TRACING/tracing_on" "$TRACING/current_tracer" 2> /dev/null | tr '\n' ' '
	tr '\n' ' ' < "$TRACING/set_event" 2> /dev/null
}
# trace_restore BEFORE: disable every event enabled since, clear the
# filters of their subsystems, restore tracing_on and the tracer, clear
# the buffer.  BEFORE is trace_snapshot's line.
trace_restore() {
	[ -d "$TRACING/events" ] || return 0
	[ "$(trace_snapshot)" = "$1" ] && return 0
	echo "# restoring tracing ($(trace_snapshot))"
	while read -r e; do
		echo 0 > "$TRACING/events/${e%%:*}/filter"
	done < "$TRACING/set_event" 2> /dev/null
	: > "$TRACING/set_event"
	# shellcheck disable=SC2086 # the snapshot's words
	set -- $1
	echo "$1" > "$TRACING/tracing_on"
	echo "$2" > "$TRACING/current_tracer"
	shift 2
	for e in "$@"; do
		echo "$e" >> "$TRACING/set_event"
	done
	: > "$TRACING/trace"
}

# run_undo FILE: the undo actions a killed test left (lib.sh's run_undo).
run_undo() {
	[ -s "$1" ] || return 0
	echo "# running the test's undo actions"
	tac "$1" | while IFS= read -r u; do
		sh -c "$u" > /dev/null 2>&1
	done
	: > "$1"
}

# remove_memcgs: kill what is left in memcgs a test made, then remove them.
remove_memcgs() {
	[ -n "$(find "$MEMCG" -mindepth 1 -type d 2> /dev/null)" ] || return 0
	echo "# $1 left memcgs behind; removing them"
	find "$MEMCG" -mindepth 1 -depth -type d | while read -r d; do
		kill_all "$d"
		rmdir "$d" 2> /dev/null || echo "# cannot remove $d"
	done
}

# shellcheck disable=SC2046 # one word per test file
set -- $(select_cases "$cases" "$@")
echo "KTAP version 1"
echo "1..$#"
echo "# per-test timeout: $per_test_timeout s"
n=0 failed=0
log=/tmp/test-output.$$
for t in "$@"; do
	n=$((n + 1))
	name=$(basename "$t" .sh)
	cg=$run/$n
	mkdir "$cg"
	sysctls=$(sysctl_snapshot)
	mounts=$(cat /proc/mounts)
	loops=$(losetup -a 2> /dev/null)
	tracing=$(trace_snapshot)
	state=/tmp/test-state.$$.$n
	rm -rf "$state"
	mkdir -p "$state"
	start=$(date +%s)
	# The test's sh leads a session of its own, so its terminal signals
	# and job control stay its own; the cgroup finds all it started.
	# shellcheck disable=SC2016 # expanded by the inner shell
	TEST_STATE=$state sh -c 'echo $$ > "$0/cgroup.procs" && cd /tmp &&
		exec timeout -s KILL "$1" setsid sh "$2"' \
		"$cg" "$per_test_timeout" "$t" > "$log" 2>&1 < /dev/null
	rc=$?
	end=$(date +%s)
	sed 's/^/# /' "$log"
	echo "# $name: exit $rc after $((end - start)) s"
	thaw_all
	if ! kill_all "$cg"; then
		echo "# $name: processes that survive SIGKILL: $_procs"
		case $rc in 0|4) rc=1 ;; esac
	fi
	rmdir "$cg" 2> /dev/null
	run_undo "$state/undo"
	if [ -s "$state/failed" ]; then
		echo "# $name: fail() in a subshell:"
		sed 's/^/#   /' "$state/failed"
		case $rc in 0|4) rc=1 ;; esac
	fi
	rm -rf "$state"
	swapoff -a 2> /dev/null
	unmount_new "$mounts"
	detach_new "$loops"
	remove_memcgs "$name"
	sysctl_restore "$sysctls"
	trace_restore "$tracing"
	for d in /mnt/data /mnt/xfs; do
		find "$d" -mindepth 1 -maxdepth 1 ! -name lost+found -exec rm -rf {} + 2> /dev/null
	done
	case $rc in
	0) echo "ok $n $name" ;;
	4) reason=$(sed -n 's/^SKIP: //p' "$log" | tail -n 1)
	   echo "ok $n $name # SKIP ${reason:-no reason given}"
	   failed=$((failed + 1)) ;;
	137) echo "not ok $n $name # timed out after $per_test_timeout s"
	   failed=$((failed + 1)) ;;
	*) echo "not ok $n $name"
	   failed=$((failed + 1)) ;;
	esac
done
rm -f "$log"
rmdir "$run" 2> /dev/null
[ "$failed" -eq 0 ]
