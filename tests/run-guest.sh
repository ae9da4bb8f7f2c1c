#!/bin/sh
# run-guest.sh [PATTERN...]
#
# Run the guest tests (tests/cases/*.sh, in name order; only those whose name
# contains one of PATTERNs, if given) and print KTAP.  A test is one file
# that states its claim at the top, sources lib.sh and exits 0 (pass),
# 4 (skip, reason on its last "SKIP:" line) or anything else (fail).
# Everything a test prints becomes a "# " diagnostic line under its result.
here=$(cd "$(dirname "$0")" && pwd)
per_test_timeout=${TEST_TIMEOUT:-300}

selected=""
for t in "$here"/cases/*.sh; do
	name=$(basename "$t" .sh)
	if [ $# -gt 0 ]; then
		keep=0
		for pat in "$@"; do
			case "$name" in *"$pat"*) keep=1 ;; esac
		done
		[ $keep -eq 1 ] || continue
	fi
	selected="$selected $t"
done

# shellcheck disable=SC2086 # one word per test file
set -- $selected
echo "KTAP version 1"
echo "1..$#"
n=0
log=/tmp/test-output.$$
for t in "$@"; do
	n=$((n + 1))
	name=$(basename "$t" .sh)
	start=$(date +%s)
	(cd /tmp && timeout -s KILL "$per_test_timeout" sh "$t") > "$log" 2>&1
	rc=$?
	end=$(date +%s)
	sed 's/^/# /' "$log"
	echo "# $name: exit $rc after $((end - start)) s"
	case $rc in
	0) echo "ok $n $name" ;;
	4) reason=$(sed -n 's/^SKIP: //p' "$log" | tail -n 1)
	   echo "ok $n $name # SKIP ${reason:-no reason given}" ;;
	137) echo "not ok $n $name # timed out after $per_test_timeout s" ;;
	*) echo "not ok $n $name" ;;
	esac
	# Files a test left on the data disk would fill it for the next ones.
	find /mnt/data -mindepth 1 -maxdepth 1 ! -name lost+found -exec rm -rf {} + 2>/dev/null
	# A test that leaves cgroups behind would skew the next one's counts.
	if [ -n "$(find /sys/fs/cgroup/memory -mindepth 1 -type d 2>/dev/null)" ]; then
		echo "# $name left cgroups behind; removing them"
		find /sys/fs/cgroup/memory -mindepth 1 -depth -type d | while read -r d; do
			while read -r p; do kill -KILL "$p"; done < "$d/cgroup.procs" 2>/dev/null
			sleep 0.2
			rmdir "$d" 2>/dev/null
		done
	fi
done
rm -f "$log"
