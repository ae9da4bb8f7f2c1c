# Helpers of the stress-, safety-, input- and perm- guest tests; source it
# after tests/lib.sh:  . "$(dirname "$0")/../stress/lib.sh"
# shellcheck shell=sh

# cgstress: the static helper built from tests/stress/cgstress.c
# (tests/stress/Makefile; initramfs/build.sh packs tests/ as /tests).
CGSTRESS=$(cd "$(dirname "$0")/../stress" && pwd)/cgstress

need_cgstress() {
	# Not a skip: the initramfs is built with it, so a missing helper is a
	# broken build, and a test that cannot run must not look like a pass.
	[ -x "$CGSTRESS" ] || fail "no $CGSTRESS: build tests/stress (make -C tests/stress)"
}

# stress_duration: seconds a stress run lasts: $STRESS_DURATION, else
# stress_duration=N on the kernel command line, else 60.
stress_duration() {
	if [ -n "${STRESS_DURATION:-}" ]; then
		echo "$STRESS_DURATION"
		return
	fi
	# shellcheck disable=SC2013 # words, not lines
	for _a in $(cat /proc/cmdline); do
		case "$_a" in
		stress_duration=*) echo "${_a#stress_duration=}"; return ;;
		esac
	done
	echo 60
}

# What makes a kernel log dirty: the list the host's verdict.sh judges
# every console with (tests/stress/log-patterns.sh: panics, oopses, BUG,
# WARNING, KASAN/KFENCE/UBSAN reports, lockdep, lockups and stalls, list
# and file system corruption, busy inodes, dropped printk messages), and
# on top of it any OOM kill, which none of these tests provokes on purpose.
# shellcheck source=tests/stress/log-patterns.sh
. "$(cd "$(dirname "$0")/../stress" && pwd)/log-patterns.sh"
LOG_BAD="$KERNEL_LOG_BAD|out of memory|oom-kill|Out of memory"

# log_mark: remember the kernel log so far; log_check: fail if lines that
# match LOG_BAD appeared since (the host scans the whole console too: this
# names the test that caused them).
log_mark() {
	_log_before=/tmp/log-before.$$
	dmesg > "$_log_before"
}
log_check() {
	_new=$(dmesg | grep -vxFf "$_log_before" | grep -E "$LOG_BAD")
	rm -f "$_log_before"
	if [ -n "$_new" ]; then
		echo "$_new" | head -n 20
		fail "the kernel log has new reports (above)"
	fi
}

# now_s: seconds since boot (integer), from /proc/uptime.
now_s() {
	cut -d. -f1 /proc/uptime
}
