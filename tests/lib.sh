# Helpers for guest tests; source it first thing:  . "$(dirname "$0")/../lib.sh"
#
# A test states its claim in a comment at the top, sets things up with the
# cg_* helpers, checks with expect_* (a failed one is reported and the test
# goes on, failing at its end) and assert_* (fatal), and ends with `pass`.
# Anything else that fails calls `fail`, which exits 1; cleanup runs
# through the EXIT trap.
# shellcheck shell=sh

# CG_HIER (v1, v2) and MEMCG, the memory hierarchy's mount point.  What
# differs between the hierarchies is behind the cg_* helpers below (v1 and
# v2 file names, subtree_control); a test whose claim is about one
# hierarchy says so with a line "# hierarchy: v1" (or v2), see select.sh.
# shellcheck source=tests/hier.sh
. "$(dirname "$0")/../hier.sh"
DATA=/mnt/data
# lib.sh itself: check_line looks for checks here and beside it
_lib_sh=$(dirname "$0")/../lib.sh

# Per-test state in a directory the runner reads after the test ends, even
# when it was killed (run-guest.sh sets TEST_STATE; by hand, one of ours):
#   failed  what fail() said in a subshell ($(...), a pipeline, a
#           background job), where its exit ends the subshell only: the
#           test fails at exit all the same (and the runner checks too);
#   expect  the expectations that failed (expect_*, below), one a line:
#           the test fails at exit, whatever it did next;
#   undo    the undo actions of at_exit, one sh command a line, run last
#           first when the test exits, or by the runner if it was killed.
_state_own=
if [ -z "${TEST_STATE:-}" ]; then
	TEST_STATE=/tmp/test-state.$$
	_state_own=1
fi
mkdir -p "$TEST_STATE"

# Cgroups this test created, removed (deepest first) on exit.
_cg_created=""

# run_undo FILE: run FILE's undo actions, last registered first, each in a
# sh of its own (so that the runner, which has not sourced this file, runs
# them alike), and empty FILE.
run_undo() {
	[ -s "$1" ] || return 0
	tac "$1" | while IFS= read -r _u; do
		sh -c "$_u" > /dev/null 2>&1
	done
	: > "$1"
}

_cleanup() {
	for _cg in $_cg_created; do
		[ -d "$MEMCG/$_cg" ] || continue
		while read -r _p; do
			kill -KILL "$_p" 2>/dev/null
		done < "$MEMCG/$_cg/cgroup.procs"
	done
	# after the kills (a frozen file system's writers die once it thaws),
	# before the rmdirs
	run_undo "$TEST_STATE/undo"
	[ -n "$_cg_created" ] && sleep 0.1
	for _cg in $_cg_created; do
		[ -d "$MEMCG/$_cg" ] && rmdir "$MEMCG/$_cg" 2>/dev/null
	done
	# test_dir runs in $(...), so its path is rebuilt here ($$ is the
	# test's pid in subshells too)
	rm -rf "$DATA/$(basename "$0" .sh).$$"
	[ -n "${_dentry_ratio:-}" ] &&
		echo "$_dentry_ratio" > "$DENTRY_SLAB/remote_node_defrag_ratio"
	_failed=
	if [ -s "$TEST_STATE/failed" ]; then
		sed 's/^/in a subshell: /' "$TEST_STATE/failed"
		_failed=1
	fi
	if [ -s "$TEST_STATE/expect" ]; then
		# those made in $(...) may have been swallowed: shown again
		grep '^in a subshell: ' "$TEST_STATE/expect"
		echo "FAIL: $(wc -l < "$TEST_STATE/expect") failed expectation(s)"
		_failed=1
	fi
	[ -n "$_state_own" ] && rm -rf "$TEST_STATE"
	# a helper that failed in $(...) fails the test, whatever it did next
	[ -z "$_failed" ] || exit 1
	return 0
}
trap _cleanup EXIT
trap 'exit 130' INT TERM

diag() { echo "$*"; }
# fail MESSAGE: the test fails.  In a subshell ($(...), a pipeline, a
# background job) exit would end only the subshell and the test would go
# on with "FAIL: ..." for a value: record the failure for the test's exit
# (and the runner) and stop the test itself with SIGTERM.
fail() {
	echo "FAIL: $*"
	# shellcheck disable=SC2016 # the inner sh expands it
	if [ "$(exec sh -c 'echo $PPID')" != "$$" ]; then
		echo "FAIL: $*" >> "$TEST_STATE/failed"
		kill -TERM "$$" 2> /dev/null
	fi
	exit 1
}
# Under make check a skip fails the run: nothing in seed-, smoke- or spec-
# tests skips on the normal guest; what the guest must have, they require.
skip() { echo "SKIP: $*"; exit 4; }
pass() { exit 0; }

# at_exit CMD [ARG...]: run CMD ARG... (a command, not a shell function)
# when the test exits, last registered first; if the test is killed, the
# runner runs it.  Undo actions must be harmless when there is nothing left
# to undo (their output and status are ignored).
at_exit() {
	_line=
	for _a in "$@"; do
		_line="$_line '$(printf '%s' "$_a" | sed "s/'/'\\\\''/g")'"
	done
	printf '%s\n' "${_line# }" >> "$TEST_STATE/undo"
}

# set_value FILE VALUE: write VALUE to FILE (a sysctl, a tracing or sysfs
# knob) and write its old value back when the test exits.
set_value() {
	_old=$(cat "$1") || fail "read $1"
	# shellcheck disable=SC2016 # expanded by the undo's sh
	at_exit sh -c 'printf "%s\n" "$1" > "$0"' "$1" "$_old"
	printf '%s\n' "$2" > "$1" || fail "write '$2' to $1"
}

# Checks, as kselftest's EXPECT_* and ASSERT_*.  expect_eq/ne/ge/le/gt/lt
# and expect_same report a failed check ("FAIL: WHAT: got ..., want ...
# (at FILE:LINE)") and let the test go on, so that one run shows every
# check that fails; the test fails all the same when it exits, through
# pass() too (_cleanup).  assert_eq/ne/ge/le/gt/lt and assert_same fail the
# test at once, through fail(): for a check whose failure makes the rest
# meaningless (a premise, a value later steps compute with or wait for).
#   expect_eq ACTUAL EXPECTED WHAT     expect_ne ACTUAL UNWANTED WHAT
#   expect_ge A B WHAT: A >= B, integers (le, gt, lt alike)
#   expect_same BEFORE AFTER WHAT: two multi-line snapshots are identical;
#   on failure the lines that differ are shown
# A function sees no caller's $LINENO in busybox sh and dash, so the line
# is found by the check's WHAT: the calls of the same check in the test
# file and in lib.sh whose WHAT argument, its expansions taken for
# wildcards, matches the WHAT it was given; the one (or the few) whose
# WHAT has the most literal text is named (none when only expansions
# match: WHAT was a variable).  Give checks WHATs that say which they are.
expect_eq() { _check expect eq "$@"; }
expect_ne() { _check expect ne "$@"; }
expect_ge() { _check expect ge "$@"; }
expect_le() { _check expect le "$@"; }
expect_gt() { _check expect gt "$@"; }
expect_lt() { _check expect lt "$@"; }
expect_same() { _check expect same "$@"; }
assert_eq() { _check assert eq "$@"; }
assert_ne() { _check assert ne "$@"; }
assert_ge() { _check assert ge "$@"; }
assert_le() { _check assert le "$@"; }
assert_gt() { _check assert gt "$@"; }
assert_lt() { _check assert lt "$@"; }
assert_same() { _check assert same "$@"; }

# _check expect|assert OP A B WHAT: the checks above.  Returns 1 when an
# expectation failed.
_check() {
	case $2 in
	eq) [ "$3" = "$4" ] && return 0; _ck_m="got '$3', want '$4'" ;;
	ne) [ "$3" != "$4" ] && return 0; _ck_m="got '$3', which it must not be" ;;
	ge) [ "$3" -ge "$4" ] && return 0; _ck_m="got $3, want >= $4" ;;
	le) [ "$3" -le "$4" ] && return 0; _ck_m="got $3, want <= $4" ;;
	gt) [ "$3" -gt "$4" ] && return 0; _ck_m="got $3, want > $4" ;;
	lt) [ "$3" -lt "$4" ] && return 0; _ck_m="got $3, want < $4" ;;
	same)
		[ "$3" = "$4" ] && return 0
		diag "$5 changed (- before, + after):"
		printf '%s\n' "$3" > /tmp/expect_same.before.$$
		printf '%s\n' "$4" > /tmp/expect_same.after.$$
		diff /tmp/expect_same.before.$$ /tmp/expect_same.after.$$ | grep '^[-+][^-+]' | head -n 20
		rm -f /tmp/expect_same.before.$$ /tmp/expect_same.after.$$
		_ck_m=changed ;;
	*) fail "_check: no check '$2'" ;;
	esac
	_ck_at=$(check_line "$1_$2" "$5")
	_ck_m="$5: $_ck_m${_ck_at:+ (at $_ck_at)}"
	[ "$1" = assert ] && fail "$_ck_m"
	echo "FAIL: $_ck_m"
	# shellcheck disable=SC2016 # the inner sh expands it
	if [ "$(exec sh -c 'echo $PPID')" != "$$" ]; then
		# in $(...) the line above may have gone into a variable
		echo "in a subshell: FAIL: $_ck_m" >> "$TEST_STATE/expect"
	else
		echo "FAIL: $_ck_m" >> "$TEST_STATE/expect"
	fi
	return 1
}

# check_line CALL WHAT: where the test file ($0) or a library it may have
# sourced (lib.sh, lib-*.sh, stress/*.sh) calls CALL
# (expect_eq, ...) with a WHAT argument that could have expanded to WHAT
# (see the checks above): "FILE:LINE", "FILE:LINE or FILE:LINE" when a few
# match as well, nothing when none or more than CHECK_LINE_MAX do.
CHECK_LINE_MAX=3
check_line() {
	[ -r "$0" ] || return 0
	_cl_call=$1 _cl_what=$2
	set -- "$0"
	for _f in "$_lib_sh" "${_lib_sh%/*}"/lib-*.sh "${_lib_sh%/*}"/stress/*.sh; do
		[ -r "$_f" ] && set -- "$@" "$_f"
	done
	awk -v call="$_cl_call" -v what="$_cl_what" -v max="$CHECK_LINE_MAX" \
		-v root="${_lib_sh%/*}/" '
	# pat(s): the shell word at the start of s with its quotes removed
	# and each expansion ($x, ${..}, $(..), $((..)), `..`) made "\001"
	function pat(s,    i, c, n, out, sq, dq, d) {
		n = length(s); out = ""; sq = dq = 0
		for (i = 1; i <= n; i++) {
			c = substr(s, i, 1)
			if (sq) { if (c == "\047") sq = 0; else out = out c; continue }
			if (!dq && (c ~ /[ \t;|&)<>]/)) break
			if (c == "\\") { i++; out = out substr(s, i, 1); continue }
			if (c == "\047" && !dq) { sq = 1; continue }
			if (c == "\"") { dq = !dq; continue }
			if (c == "`") {
				i++
				while (i <= n && substr(s, i, 1) != "`") i++
				out = out "\001"; continue
			}
			if (c != "$") { out = out c; continue }
			c = substr(s, i + 1, 1)
			if (c == "(" || c == "{") {
				d = 0
				for (i++; i <= n; i++) {
					c = substr(s, i, 1)
					if (c == "(" || c == "{") d++
					else if ((c == ")" || c == "}") && --d == 0) break
				}
			} else if (c ~ /[A-Za-z_]/) {
				while (substr(s, i + 1, 1) ~ /[A-Za-z0-9_]/) i++
			} else if (c ~ /[0-9@*#?$!-]/) {
				i++
			} else {
				out = out "$"; continue
			}
			out = out "\001"
		}
		rest = substr(s, i)
		return out
	}
	# fits(p, w): whether w is what pattern p could have expanded to
	function fits(p, w,    f, k, n, j) {
		n = split(p, f, "\001")
		if (n == 1) return p == w
		if (substr(w, 1, length(f[1])) != f[1]) return 0
		w = substr(w, length(f[1]) + 1)
		if (length(w) < length(f[n]) || substr(w, length(w) - length(f[n]) + 1) != f[n]) return 0
		w = substr(w, 1, length(w) - length(f[n]))
		for (k = 2; k < n; k++) {
			if ((j = index(w, f[k])) == 0) return 0
			w = substr(w, j + length(f[k]))
		}
		return 1
	}
	FNR == 1 { cont = "" }
	{
		if (cont != "") { text = cont $0; ln = contln } else { text = $0; ln = FNR }
		if (text ~ /\\$/) { cont = substr(text, 1, length(text) - 1); contln = ln; next }
		cont = ""
		s = text
		while ((i = index(s, call)) > 0) {
			before = substr(s, i - 1, 1)
			s = substr(s, i + length(call))
			if ((i > 1 && before ~ /[A-Za-z0-9_]/) || s !~ /^[ \t]/) continue
			# the arguments of the call: skip two words, the third is WHAT
			rest = s
			for (k = 1; k <= 3; k++) {
				sub(/^[ \t]+/, "", rest)
				p = pat(rest)
			}
			if (!fits(p, what)) continue
			gsub(/\001/, "", p)
			lit = length(p)
			if (lit == 0) continue
			f = FILENAME
			if (index(f, root) == 1) f = substr(f, length(root) + 1)
			else sub(/.*\//, "", f)
			if (lit > best) { best = lit; hits = 0 }
			if (lit == best) where[++hits] = f ":" ln
		}
	}
	END {
		if (hits == 0 || hits > max) exit
		out = where[1]
		for (k = 2; k <= hits; k++) out = out " or " where[k]
		print out
	}' "$@" 2> /dev/null
}

# need_file CG FILE: fail when the kernel lacks the control file.  The
# series is part of what make check builds: a kernel without its files is
# a broken build, not a reason to skip.
need_file() {
	[ -e "$MEMCG/$1/$2" ] ||
		fail "kernel has no $MEMCG/$1/$2: is this kernel built without the series?"
}

# cg_create PATH: make a memory cgroup (PATH relative to the hierarchy).
# On v2 the parent's subtree_control gets +memory first (the root's has it
# from boot), so the cgroup has the memory files: a parent so enabled can
# hold no tasks of its own (v2's no-internal-process rule).
cg_create() {
	case "$1" in */*) cg_enable_children "${1%/*}" ;; esac
	mkdir "$MEMCG/$1" || fail "mkdir $MEMCG/$1"
	_cg_created="$1 $_cg_created"
}

# cg_enable_children PATH: on v2, +memory in PATH's subtree_control (its
# children get the memory files); nothing on v1.
cg_enable_children() {
	[ "$CG_HIER" = v2 ] || return 0
	_sc=$MEMCG/$1/cgroup.subtree_control
	grep -qw memory "$_sc" || echo +memory > "$_sc" ||
		fail "enable the memory controller in $_sc"
}

# v1's and v2's names for the same things.
# cg_limit PATH BYTES: the hard limit (limit_in_bytes, memory.max).
cg_limit() {
	if [ "$CG_HIER" = v2 ]; then
		cg_write "$1" memory.max "$2"
	else
		cg_write "$1" memory.limit_in_bytes "$2"
	fi
}
# cg_usage PATH: bytes charged now (usage_in_bytes, memory.current).
cg_usage() {
	if [ "$CG_HIER" = v2 ]; then
		cg_read "$1" memory.current
	else
		cg_read "$1" memory.usage_in_bytes
	fi
}
# cg_peak PATH: the most bytes ever charged (max_usage_in_bytes, memory.peak).
cg_peak() {
	if [ "$CG_HIER" = v2 ]; then
		cg_read "$1" memory.peak
	else
		cg_read "$1" memory.max_usage_in_bytes
	fi
}
# cg_slab_limit PATH BYTES: limit PATH to BYTES for a test that fills it
# with dentries and counts on limit reclaim (memcg-targeted, SHRINK_LIMIT)
# to free them, with the OOM killer kept out of it.  Reclaim kills the
# dentries, but their memory comes back only after an RCU grace period
# (dentry_free()), and a charge retries reclaim 16 times without waiting
# for one before it OOM-kills: vanilla 6.1 does it too (3 of 20 runs of
# 120000 lookups under 4 MiB), most often under TCG's single-threaded
# mode, where the vCPU that would end the grace period may wait 100 ms
# for its turn.  v1: the hard limit with memory.oom_control set, so a
# charge that fails returns ENOMEM to the lookup (the loop goes on) and
# prints nothing (one in a user page fault would wait for the OOM to end,
# which a kmem uncharge does not signal: the lookup loops fault nothing in
# once they run, and a test that hung there would fail on its timeout).
# v2 has no such switch: memory.high at three quarters of BYTES drives
# the reclaim (a task over it reclaims on its way back to user space,
# where it may sleep: no OOM killer), memory.max at BYTES is the
# backstop.  Either way the reclaim is the same memcg-targeted call.
cg_slab_limit() {
	if [ "$CG_HIER" = v2 ]; then
		cg_limit "$1" "$2"
		cg_write "$1" memory.high $(($2 - $2 / 4))
	else
		cg_write "$1" memory.oom_control 1
		cg_limit "$1" "$2"
	fi
}
# cg_limit_hits PATH: how often usage hit a limit (memory.failcnt;
# memory.events' high and max).
cg_limit_hits() {
	if [ "$CG_HIER" = v2 ]; then
		echo $(($(cg_read_key "$1" memory.events high) + $(cg_read_key "$1" memory.events max)))
	else
		cg_read "$1" memory.failcnt
	fi
}
# cg_oom_kills PATH: tasks the OOM killer killed in the cgroup
# (memory.oom_control's, memory.events' oom_kill).
cg_oom_kills() {
	if [ "$CG_HIER" = v2 ]; then
		cg_read_key "$1" memory.events oom_kill
	else
		cg_read_key "$1" memory.oom_control oom_kill
	fi
}
# cg_page_cache PATH: bytes of page cache charged (memory.stat's cache, file).
cg_page_cache() {
	if [ "$CG_HIER" = v2 ]; then
		cg_read_key "$1" memory.stat file
	else
		cg_read_key "$1" memory.stat cache
	fi
}
# cg_reclaim_all PATH: page reclaim of everything the cgroup holds, through
# try_to_free_mem_cgroup_pages (a "limit" origin): v1's memory.force_empty,
# v2's memory.reclaim of its whole usage, whose EAGAIN (less could be
# reclaimed than asked for: slab that stays, say) is no error here.
cg_reclaim_all() {
	if [ "$CG_HIER" = v1 ]; then
		cg_write "$1" memory.force_empty 0
		return
	fi
	_b=$(cg_usage "$1")
	[ "$_b" -gt 0 ] || return 0
	need_tool cgtest-write
	_r=$(write_errno "$1" memory.reclaim "$_b")
	case "$_r" in
	ok|EAGAIN) ;;
	*) fail "write $_b to $1/memory.reclaim: $_r" ;;
	esac
}

# cg_remove PATH: move its tasks to the root, then rmdir it.
cg_remove() {
	while read -r _p; do
		echo "$_p" > "$MEMCG/cgroup.procs"
	done < "$MEMCG/$1/cgroup.procs"
	rmdir "$MEMCG/$1" || fail "rmdir $MEMCG/$1"
}

# cg_run PATH CMD...: run CMD in the cgroup, wait for it, return its status.
# On v2 a cgroup that gives the memory controller to its children may hold
# no tasks (cgroup v2's no-internal-process rule): there CMD runs in a child
# made for it, PATH/own.PID, removed when CMD is done, whose objects move to
# PATH's lists as it goes offline (waited for: each of its unused dentries
# shows in PATH's own count, as they would had CMD run in PATH).
cg_run() {
	_cg=$1; shift
	if [ "$CG_HIER" = v2 ] && [ -n "$_cg" ] &&
		grep -qw memory "$MEMCG/$_cg/cgroup.subtree_control"; then
		_cg_run_own "$_cg" "$@"
		return
	fi
	sh -c 'echo $$ > "$0/cgroup.procs" && exec "$@"' "$MEMCG/$_cg" "$@"
}

# REPARENT_WAIT_S: how long a child's objects may take to reach its parent's
# lists after rmdir (the offline work runs asynchronously, in moments).
REPARENT_WAIT_S=10
_cg_run_own() {
	_parent=$1; shift
	_own=$_parent/own.$$
	mkdir "$MEMCG/$_own" || fail "mkdir $_own"
	_cg_created="$_own $_cg_created"
	sh -c 'echo $$ > "$0/cgroup.procs" && exec "$@"' "$MEMCG/$_own" "$@"
	_rc=$?
	_want=$(( $(cg_unused "$_parent") + $(cg_unused "$_own") ))
	rmdir "$MEMCG/$_own" || fail "rmdir $_own (tasks left behind?)"
	_i=0
	while [ "$(cg_unused "$_parent")" -lt "$_want" ]; do
		[ $_i -lt $((REPARENT_WAIT_S * 10)) ] ||
			fail "$_own's dentries not on $_parent's lists $REPARENT_WAIT_S s after rmdir"
		sleep 0.1
		_i=$((_i + 1))
	done
	return $_rc
}

# cg_spawn PATH CMD...: like cg_run, in the background; the pid is in $!.
cg_spawn() {
	_cg=$1; shift
	sh -c 'echo $$ > "$0/cgroup.procs" && exec "$@"' "$MEMCG/$_cg" "$@" &
}

# cg_read PATH FILE: the whole file.
cg_read() {
	cat "$MEMCG/$1/$2"
}

# cg_read_key PATH FILE KEY: the value of "KEY value" in FILE; fails if absent.
cg_read_key() {
	_v=$(awk -v k="$3" '$1 == k { print $2; found = 1 } END { exit !found }' \
		"$MEMCG/$1/$2") || fail "$1/$2 has no key '$3'"
	echo "$_v"
}

# cg_write PATH FILE VALUE: write VALUE (no newline added); fails on error.
cg_write() {
	printf '%s' "$3" > "$MEMCG/$1/$2" || fail "write '$3' to $1/$2"
}

# cg_write_err PATH FILE VALUE: write VALUE and print the error text the
# write failed with ("Invalid argument", ...), or "ok".  busybox's echo
# reports a failed write(2), its printf does not.
cg_write_err() {
	# shellcheck disable=SC3037 # busybox echo takes -n
	if _e=$( { echo -n "$3" > "$MEMCG/$1/$2"; } 2>&1 ); then
		echo ok
	else
		case "$_e" in
		*"Invalid argument"*) echo EINVAL ;;
		*"Permission denied"*) echo EACCES ;;
		*"Interrupted system call"*) echo EINTR ;;
		*) echo "$_e" ;;
		esac
	fi
}

# test_dir: a fresh directory on the ext4 disk for this test, in $_test_dir.
test_dir() {
	_test_dir=$DATA/$(basename "$0" .sh).$$
	mkdir -p "$_test_dir" || fail "mkdir $_test_dir"
	echo "$_test_dir"
}

# cg_make_files PATH DIR K [PREFIX]: in cgroup PATH, create K empty files
# DIR/PREFIX1..DIR/PREFIXK (PREFIX defaults to f).  Shell builtins only, so
# no exec: the only dentries made are the files' own.
cg_make_files() {
	# shellcheck disable=SC2016 # expanded by the inner shell
	cg_run "$1" sh -c 'i=1; while [ $i -le "$2" ]; do : > "$1/$3$i" || exit 1; i=$((i + 1)); done' \
		sh "$2" "$3" "${4:-f}"
}

# cg_lookup_missing PATH DIR K [PREFIX]: in cgroup PATH, look up K names
# that do not exist in DIR, leaving K negative dentries.
cg_lookup_missing() {
	# shellcheck disable=SC2016 # expanded by the inner shell
	cg_run "$1" sh -c 'i=1; while [ $i -le "$2" ]; do [ -e "$1/$3$i" ]; i=$((i + 1)); done; exit 0' \
		sh "$2" "$3" "${4:-missing}"
}

# disk_devno: major:minor of the ext4 data disk, as in /proc/self/mountinfo.
disk_devno() {
	devno_of "$DATA"
}

# ---- per-memcg slab lists and counters (seed-* tests) ----

# cg_stat PATH KEY: the value of KEY in PATH's memory.slab_reclaim_stat.
cg_stat() {
	cg_read_key "$1" memory.slab_reclaim_stat "$2"
}

# cg_unused PATH [KEY]: KEY (default "unused") of PATH's memory.dentry_unused.
cg_unused() {
	cg_read_key "$1" memory.dentry_unused "${2:-unused}"
}

# cg_disk_unused PATH: PATH's unused dentries on the data disk's superblock
# (its sb:<major>:<minor> line; 0 when the line is absent, as the spec says).
cg_disk_unused() {
	sb_unused "$1" "$(disk_devno)"
}

# cg_force PATH ARG: write ARG ("all" or a count) to PATH's
# memory.force_slab_shrink; fails on error.
cg_force() {
	cg_write "$1" memory.force_slab_shrink "$2"
}

# cg_create_many PARENT PREFIX N: make PARENT/PREFIX1..PARENT/PREFIXN with one
# mkdir (a fork each would cost seconds under TCG); removed on exit.
cg_create_many() {
	cg_enable_children "$1"
	_names=$(i=1; while [ $i -le "$3" ]; do
		printf '%s ' "$MEMCG/$1/$2$i"; i=$((i + 1)); done)
	# shellcheck disable=SC2086 # the names have no blanks
	mkdir $_names || fail "mkdir $1/$2{1..$3}"
	_i=1
	while [ $_i -le "$3" ]; do
		_cg_created="$1/$2$_i $_cg_created"
		_i=$((_i + 1))
	done
}

# cg_remove_many PARENT PREFIX N: remove PARENT/PREFIX1..PARENT/PREFIXN,
# which must have no tasks, with one rmdir.
cg_remove_many() {
	_names=$(i=1; while [ $i -le "$3" ]; do
		printf '%s ' "$MEMCG/$1/$2$i"; i=$((i + 1)); done)
	# shellcheck disable=SC2086 # the names have no blanks
	rmdir $_names || fail "rmdir $1/$2{1..$3}"
}

# cg_keys FILE REGEX PATH...: one "PATH KEY VALUE" line for every key of
# FILE that matches REGEX, for each cgroup PATH, read by one awk (cheap for
# a thousand cgroups).  Keys absent from a file give no line.
cg_keys() {
	_file=$1 _re=$2
	shift 2
	_paths=""
	for _p in "$@"; do
		_paths="$_paths $MEMCG/$_p/$_file"
	done
	# Busybox awk compiles a dynamic regex at each use, which costs ~1 ms
	# under TCG: match each distinct key once and cut the path by length.
	# shellcheck disable=SC2086 # the paths have no blanks
	awk -v re="$_re" -v pre="$MEMCG/" -v suf="/$_file" '
	!($1 in match_) { match_[$1] = ($1 ~ re) }
	match_[$1] {
		n = length(FILENAME) - length(pre) - length(suf)
		print substr(FILENAME, length(pre) + 1, n), $1, $2
	}' $_paths
}

# ---- helpers of the spec-* tests ----

# The nine keys of memory.slab_reclaim_stat, in the spec's order; the file
# lists them, then the same nine with total_ in front.
# shellcheck disable=SC2034 # used by the tests that source this file
SLAB_STAT_KEYS="global_scanned global_reclaimed limit_scanned limit_reclaimed
forced_scanned forced_reclaimed dentry_reclaimed inode_reclaimed forced_shrinks"

# need_tool NAME: fail when the guest has no NAME on its PATH.  The test
# helpers (cgtools) are built into the initramfs by make check: a missing
# one is a broken build, not a reason to skip.
need_tool() {
	command -v "$1" > /dev/null 2>&1 ||
		fail "no $1 on the guest's PATH ($PATH): is the initramfs built without cgtools?"
}

# key_of TEXT KEY: the value of "KEY value" in TEXT, a file read earlier in
# one go (so that values compared with each other come from one read).
key_of() {
	_v=$(printf '%s\n' "$1" | awk -v k="$2" '$1 == k { print $2; found = 1 } END { exit !found }') ||
		fail "no key '$2' in: $(echo "$1" | tr '\n' ' ')"
	echo "$_v"
}

# delta_of OLD NEW KEY: NEW's KEY minus OLD's KEY (texts as for key_of).
delta_of() {
	echo $(( $(key_of "$2" "$3") - $(key_of "$1" "$3") ))
}

# cg_adopt PATH: remove PATH at exit too, a cgroup made without cg_create
# (by another uid, say).
cg_adopt() {
	_cg_created="$1 $_cg_created"
}

# user_sh SCRIPT [ARG...]: run sh -c SCRIPT as uid 1000 ("user"), with ARGs
# as $1...; busybox's setpriv cannot change uids, its su can.
user_sh() {
	_script=$1; shift
	su -s /bin/sh -c "$_script" user -- sh "$@"
}

# write_errno PATH FILE VALUE: write VALUE to PATH's FILE with exactly one
# write(2), even an empty one (cgtest-write), and print "ok" or the errno
# name (EINVAL, EACCES, ...).  Needs cgtest-write: call need_tool first.
write_errno() {
	_r=$(cgtest-write "$MEMCG/$1/$2" "$3")
	echo "${_r%% *}"
}

# dentry_slabs_local: until the test exits, CPUs allocate dentries from
# their own node's memory.  SLUB serves a CPU from any node's slab pages it
# already holds and takes other nodes' partial slabs when
# remote_node_defrag_ratio allows, so set that to 0 and flush the per-CPU
# slabs (after a grace period, so RCU-freed dentries do not refill them).
DENTRY_SLAB=/sys/kernel/slab/dentry
dentry_slabs_local() {
	if [ -z "${_dentry_ratio:-}" ]; then
		_dentry_ratio=$(cat "$DENTRY_SLAB/remote_node_defrag_ratio") ||
			fail "no $DENTRY_SLAB/remote_node_defrag_ratio (SLUB, NUMA and SYSFS in the guest config?)"
	fi
	echo 0 > "$DENTRY_SLAB/remote_node_defrag_ratio" ||
		fail "set remote_node_defrag_ratio"
	sleep 0.2
	echo 1 > "$DENTRY_SLAB/shrink" || fail "flush the dentry slabs"
}

# ---- helpers added for the holes of issue 8 ----

# calm_memory: write back and drop the page cache and slab that earlier
# tests left, so that no global reclaim (kswapd) runs while a test that
# needs its global_* keys to stay at 0 makes its cgroups and load.  Call it
# before making those cgroups (drop_caches counts as global in the cgroups
# that exist when it runs).
calm_memory() {
	sync
	echo 3 > /proc/sys/vm/drop_caches || fail "write 3 to drop_caches"
}

# vmstat KEY: the value of KEY in /proc/vmstat.
vmstat() {
	awk -v k="$1" '$1 == k { print $2; found = 1 } END { exit !found }' /proc/vmstat ||
		fail "no $1 in /proc/vmstat"
}

# expect_no_oom PATH: the OOM killer never ran in cgroup PATH.
expect_no_oom() {
	expect_eq "$(cg_oom_kills "$1")" 0 "OOM kills in $1"
	if [ "$CG_HIER" = v2 ]; then
		expect_eq "$(cg_read_key "$1" memory.events oom)" 0 "OOMs in $1"
	else
		expect_eq "$(cg_read_key "$1" memory.oom_control under_oom)" 0 "$1 under OOM"
	fi
}

# cg_lookup_many PATH DIR K [PREFIX [CPU]]: K negative dentries in cgroup
# PATH, made by xargs and ls in batches (a shell loop costs ~100 us a
# lookup under TCG, this a few): for populations of 10^4 and more.  With
# CPU, the tasks run on that CPU only.  The execs of xargs and ls may add a
# few dentries of their own (PATH lookups): not for exact counts.
cg_lookup_many() {
	# shellcheck disable=SC2016 # expanded by the inner shell
	cg_run "$1" ${5:+taskset -c "$5"} sh -c \
		'seq 1 "$1" | sed "s|^|$0/$2|" | xargs ls > /dev/null 2>&1; exit 0' \
		"$2" "$3" "${4:-many}"
}

# now_ms: milliseconds since boot (/proc/uptime: 10 ms steps).
now_ms() {
	read -r _up _idle < /proc/uptime
	_s=${_up%.*} _c=${_up#*.}
	echo $((_s * 1000 + ${_c#0} * 10))
}

# Races repeated in rounds are bounded by time as well as by count, so that
# a slow guest (the debug kernel under KASAN, a loaded host) runs fewer
# rounds instead of running into the per-test timeout, and a fast one all
# of them: rounds_start, then rounds_more DONE MIN MAX SECONDS, true while
# another round should start: fewer than MIN done, or fewer than MAX done
# and less than SECONDS gone since rounds_start.  A hang is still caught:
# by the per-test timeout and the kernel's detectors.
rounds_start() { _rounds_t0=$(now_ms); }
rounds_more() {
	[ "$1" -lt "$2" ] && return 0
	[ "$1" -lt "$3" ] || return 1
	[ $(($(now_ms) - _rounds_t0)) -lt $(($4 * 1000)) ]
}

# force_ms PATH ARG: write ARG to PATH's memory.force_slab_shrink with one
# write(2) (cgtest-write) and print the milliseconds it took; fails unless
# the write succeeds.
force_ms() {
	_r=$(cgtest-write "$MEMCG/$1/memory.force_slab_shrink" "$2") ||
		fail "write '$2' to $1/memory.force_slab_shrink: $_r"
	echo "${_r##* }"
}

# ---- helpers added for issue 21 (one copy instead of several) ----

# devno_of MOUNTPOINT: major:minor of the file system mounted there, as
# /proc/self/mountinfo (and memory.dentry_unused's sb: lines) name it.
devno_of() {
	awk -v m="$1" '$5 == m { print $3 }' /proc/self/mountinfo
}

# sb_unused PATH DEVNO: PATH's unused dentries on the superblock DEVNO
# (its sb:<major>:<minor> line; 0 when the line is absent, as the spec says).
sb_unused() {
	awk -v k="sb:$2" '$1 == k { n = $2 } END { print n + 0 }' \
		"$MEMCG/$1/memory.dentry_unused"
}

# trace_on EVENT...: empty the trace buffer and enable the trace events
# (SUBSYSTEM/NAME, e.g. vmscan/mm_shrink_slab_start), each disabled again
# when the test exits (and by the runner if it is killed); fails if the
# kernel lacks one.  trace_off EVENT...: disable them now.
TRACING=/sys/kernel/tracing
trace_on() {
	for _e in "$@"; do
		[ -e "$TRACING/events/$_e/enable" ] || fail "no trace event $_e"
	done
	for _e in "$@"; do
		# shellcheck disable=SC2016 # expanded by the undo's sh
		at_exit sh -c 'echo 0 > "$0"' "$TRACING/events/$_e/enable"
		echo 0 > "$TRACING/events/$_e/enable"
	done
	: > "$TRACING/trace" || fail "clear $TRACING/trace"
	for _e in "$@"; do
		echo 1 > "$TRACING/events/$_e/enable" || fail "enable $_e"
	done
}
trace_off() {
	for _e in "$@"; do
		echo 0 > "$TRACING/events/$_e/enable"
	done
}

# profile_fn FN: count the calls of kernel function FN with ftrace's
# function profiler, its filter and switch put back when the test exits;
# fails if the kernel lacks the profiler or FN.  profile_start resets the
# counts and starts counting, profile_stop stops, profile_calls FN prints
# the calls of FN counted (on every CPU).
profile_fn() {
	[ -e "$TRACING/function_profile_enabled" ] ||
		fail "no function profiler in this kernel (CONFIG_FUNCTION_PROFILER)"
	grep -qx "$1" "$TRACING/available_filter_functions" ||
		fail "the kernel has no $1 to count"
	# shellcheck disable=SC2016 # expanded by the undo's sh
	at_exit sh -c 'echo 0 > "$0/function_profile_enabled"; echo > "$0/set_ftrace_filter"' "$TRACING"
	echo 0 > "$TRACING/function_profile_enabled"
	echo "$1" > "$TRACING/set_ftrace_filter" || fail "set_ftrace_filter $1"
}
profile_start() { echo 1 > "$TRACING/function_profile_enabled"; }
profile_stop() { echo 0 > "$TRACING/function_profile_enabled"; }
profile_calls() {
	cat "$TRACING"/trace_stat/function* |
		awk -v f="$1" '$1 == f { n += $2 } END { print n + 0 }'
}

# graph_fn FN CALLEE...: record, with the function graph tracer, the calls
# of the kernel functions CALLEE... made inside calls of FN (on the task
# that made them, whatever functions lie between, interrupts left out),
# only FN and the CALLEEs hooked (every call site patched at once can oops
# under TCG); put back when the test exits; fails if the kernel lacks the
# tracer, FN or a CALLEE.  graph_start empties the buffer and starts,
# graph_stop stops, graph_calls CALLEE prints the calls of CALLEE
# recorded.  graph_seq prints each call of FN and each call made directly
# inside one (the hooked functions FN called, with none of them between),
# in the order made, one a line: the name and the context it was made in,
# as the latency format shows it ("d..1.": interrupts off (d), need
# resched, hard or soft interrupt (h, s), preemption depth (1; the
# tracer's own may add one), ...); calls made in a hard or soft interrupt
# that came while FN ran are left out.
graph_fn() {
	grep -qw function_graph "$TRACING/available_tracers" ||
		fail "no function graph tracer in this kernel"
	for _f in "$@"; do
		grep -qx "$_f" "$TRACING/available_filter_functions" ||
			fail "the kernel has no $_f to trace"
	done
	# shellcheck disable=SC2016 # expanded by the undo's sh
	at_exit sh -c 'echo 0 > "$0/tracing_on"; echo nop > "$0/current_tracer"; echo > "$0/set_graph_function"; echo > "$0/set_ftrace_filter"; echo 1 > "$0/options/funcgraph-irqs"; echo 0 > "$0/options/latency-format"; echo local > "$0/trace_clock"; echo 1 > "$0/tracing_on"' "$TRACING"
	echo 0 > "$TRACING/tracing_on"
	echo 0 > "$TRACING/options/funcgraph-irqs" ||
		fail "funcgraph-irqs off"
	echo nop > "$TRACING/current_tracer"
	# one clock for all CPUs, so that the calls of a task that moves to
	# another CPU come out in the order made (the default clock is each
	# CPU's own)
	echo global > "$TRACING/trace_clock" || fail "trace_clock global"
	echo 1 > "$TRACING/options/latency-format" || fail "latency-format on"
	printf '%s\n' "$@" > "$TRACING/set_ftrace_filter" ||
		fail "set_ftrace_filter $*"
	echo "$1" > "$TRACING/set_graph_function" || fail "set_graph_function $1"
	echo function_graph > "$TRACING/current_tracer" ||
		fail "function_graph tracer"
}
graph_start() {
	: > "$TRACING/trace"
	echo 1 > "$TRACING/tracing_on"
}
graph_stop() { echo 0 > "$TRACING/tracing_on"; }
graph_calls() {
	awk -v f="$1()" 'index($0, f) { n++ } END { print n + 0 }' \
		"$TRACING/trace"
}
# Each traced line is "CPU) CONTEXT | DURATION | NAME() {", "... | NAME();"
# or "... | }", the name indented two columns a level.
graph_seq() {
	awk -F'|' '
	NF < 3 || /^#/ { next }
	{
		t = $NF
		sub(/^ +/, "", t)
		if (t ~ /^}/) { depth--; next }
		if (t !~ /\(\)/) next
		name = t
		sub(/\(\).*/, "", name)
		n = split($1, ctx, " ")
		c = ctx[n]
		if (depth <= 1 && substr(c, 3, 1) !~ /[hHsSzZ]/) print name, c
		if (t ~ /\{ *$/) depth++
	}' "$TRACING/trace"
}

# ---- a superblock whose s_umount a freeze holds (force-13, force-24) ----

# proc_state PID: the state letter of PID (Z once it ended, - once reaped);
# proc_ended PID: whether PID ended
proc_state() {
	_st=-
	[ -r "/proc/$1/stat" ] && read -r _ _ _st _ < "/proc/$1/stat"
	echo "$_st"
}
proc_ended() { case $(proc_state "$1") in Z|-) return 0 ;; esac; return 1; }

# held_fs_setup W: two ext2 file systems on loop devices, A (W/a.img,
# mounted on W/a) and B (W/a/b.img, an image on A, mounted on W/b), all
# undone when the test exits (A thawed, both unmounted and detached, W and
# W.* removed).  Needs losetup, mke2fs and fsfreeze.
held_fs_setup() {
	HELD_W=$1 _held_la="" _held_lb="" _held_frozen=""
	trap _held_cleanup EXIT
	mkdir -p "$HELD_W"
	_held_mkfs "$HELD_W/a.img" 32768 "$HELD_W/a" _held_la
	_held_mkfs "$HELD_W/a/b.img" 8192 "$HELD_W/b" _held_lb
}
# _held_mkfs IMAGE KBYTES DIR VAR: an ext2 image on a new loop device
# (named in VAR, for the cleanup), mounted on DIR
_held_mkfs() {
	dd if=/dev/zero of="$1" bs=1k count="$2" 2>/dev/null || fail "dd $1"
	mke2fs -F "$1" > /dev/null 2>&1 || fail "mke2fs $1"
	_l=$(losetup -f) || fail "no free loop device"
	losetup "$_l" "$1" || fail "losetup $_l $1"
	eval "$4=\$_l"
	mkdir -p "$3"
	mount -t ext4 "$_l" "$3" || fail "mount $_l on $3"
}
_held_mounted() { grep -q " $1 " /proc/mounts; }
# shellcheck disable=SC2317 # called by the EXIT trap
_held_cleanup() {
	[ -n "$_held_frozen" ] && fsfreeze --unfreeze "$HELD_W/a"
	wait
	_held_mounted "$HELD_W/b" && { fsfreeze --unfreeze "$HELD_W/b" 2>/dev/null; umount "$HELD_W/b"; }
	[ -n "$_held_lb" ] && losetup -d "$_held_lb"
	_held_mounted "$HELD_W/a" && umount "$HELD_W/a"
	[ -n "$_held_la" ] && losetup -d "$_held_la"
	rm -rf "$HELD_W" "$HELD_W".*
	_cleanup
}

# held_fs_hold: B's s_umount held for writing, and a task waiting for it:
# A frozen, then B's freeze (FB, its PID) blocked in the sync of B's dirty
# data, whose writeback goes to frozen A, with B's s_umount held; then a
# drop_caches (DC, its PID) asleep on B's s_umount for DC_STEADY samples
# 0.1 s apart in a row (it drops the page cache of every superblock before
# B's first, which takes a while on the debug kernel, and may sleep
# briefly on the way).  Waits BLOCK_WAIT s for FB and DC_WAIT s for DC.
# held_fs_release: A thawed, which lets both end.
held_fs_hold() {
	sync
	# dirty data on B that only B's sync writes back (expiry is 30 s away)
	dd if=/dev/zero of="$HELD_W/b/dirty" bs=64k count=16 2>/dev/null
	fsfreeze --freeze "$HELD_W/a" || fail "freeze A"
	_held_frozen=1
	fsfreeze --freeze "$HELD_W/b" &
	FB=$!
	_i=0
	while [ "$(proc_state $FB)" != D ]; do
		proc_ended $FB && fail "B's freeze ended while A was frozen"
		[ $_i -ge $((BLOCK_WAIT * 10)) ] && fail "B's freeze never blocked"
		sleep 0.1
		_i=$((_i + 1))
	done
	sleep 0.5
	sh -c 'echo 1 > /proc/sys/vm/drop_caches' &
	DC=$!
	_i=0 _asleep=0
	while [ $_asleep -lt "$DC_STEADY" ]; do
		proc_ended $DC && fail "drop_caches ended while B's freeze held its s_umount"
		[ $_i -ge $((DC_WAIT * 10)) ] && fail "drop_caches not blocked after $DC_WAIT s"
		if [ "$(proc_state $DC)" = D ]; then _asleep=$((_asleep + 1)); else _asleep=0; fi
		sleep 0.1
		_i=$((_i + 1))
	done
}
held_fs_release() {
	fsfreeze --unfreeze "$HELD_W/a"
	_held_frozen=""
}

# ---- helpers added for issue 41 ----

# errno_name TEXT: the errno name for a tool's error message (busybox's
# cat, echo: "...: Invalid argument"), or TEXT itself when unknown.
errno_name() {
	case "$1" in
	*"Invalid argument"*) echo EINVAL ;;
	*"Permission denied"*) echo EACCES ;;
	*"Operation not permitted"*) echo EPERM ;;
	*"Interrupted system call"*) echo EINTR ;;
	*"No such file or directory"*) echo ENOENT ;;
	*"No such device"*) echo ENODEV ;;
	*"Bad address"*) echo EFAULT ;;
	*) echo "$1" ;;
	esac
}

# read_errno PATH FILE: read PATH's FILE (open and read(2), by cat) and
# print "ok" or the errno name the open or the read failed with.
read_errno() {
	if _e=$(cat "$MEMCG/$1/$2" 2>&1 > /dev/null); then
		echo ok
	else
		errno_name "$_e"
	fi
}

# disk_sectors_read: sectors read from the data disk so far (field 3 of
# /sys/block/vda/stat).
disk_sectors_read() {
	awk '{ print $3 }' /sys/block/vda/stat
}

# inodes_unused: the kernel's count of inodes on inode LRUs, all memcgs
# (nr_unused, field 2 of /proc/sys/fs/inode-state).
inodes_unused() {
	awk '{ print $2 }' /proc/sys/fs/inode-state
}

# lru_inodes_shadowed PATH DIR N: N one-page files DIR/s1..sN whose
# inodes, charged to cgroup PATH, sit on PATH's inode LRU with their page
# evicted to a shadow entry and no dentry; their inode numbers in
# LRU_INOS.  A task of PATH writes the files (inodes, dentries and pages
# all PATH's: files written elsewhere keep the writer's inodes while they
# stay cached, and a drop_caches does not always drop them all); after a
# sync, page reclaim of PATH (slab shrinking kept out with
# vm.vfs_cache_pressure=0) evicts their pages, leaving one shadow entry
# each; "all" frees their dentries, and each inode, with only a shadow
# entry at offset 0, goes on the inode LRU (mapping_shrinkable()) and
# stays there (a forced shrink never drops a shadow entry).  Fails unless
# at least half the inodes went on the LRU.
# shellcheck disable=SC2016 # expanded by the inner shell
LRU_READ='i=1; while [ $i -le "$1" ]; do cat "$0/s$i" > /dev/null || exit 1; i=$((i + 1)); done'
lru_inodes_shadowed() {
	calm_memory
	# DIR's dentry and inode made again by the root cgroup, so that they
	# are not on PATH's lists with the files'
	stat "$2" > /dev/null || fail "stat $2"
	_u0=$(inodes_unused)
	# shellcheck disable=SC2016,SC2034 # expanded by the inner shell; read by the tests
	LRU_INOS=$(cg_run "$1" sh -c 'i=1; while [ $i -le "$1" ]; do
		printf "%4096s" x > "$0/s$i" && stat -c %i "$0/s$i" || exit 1
		i=$((i + 1)); done' "$2" "$3" | tr '\n' ' ') || fail "write the files in $1"
	sync
	set_value /proc/sys/vm/vfs_cache_pressure 0
	cg_reclaim_all "$1"
	echo 100 > /proc/sys/vm/vfs_cache_pressure || fail "vfs_cache_pressure 100"
	diag "page cache left in $1 after its reclaim: $(cg_page_cache "$1") bytes"
	sync
	cg_force "$1" all
	_u1=$(inodes_unused)
	diag "$3 one-page files evicted: $((_u1 - _u0)) more inodes on the inode LRUs than before they were written"
	assert_ge $((_u1 - _u0)) $(($3 / 2)) "inodes of the evicted files on the inode LRU"
}

# lru_inodes_with_pages PATH DIR N: as lru_inodes_shadowed, then the files
# are read in PATH again: the pages are back while the inodes stay on the
# LRU (taken off lazily, by the next walk), each with a dentry again.  The
# state in which an inode walk that does not check mapping_shrinkable()
# drops page cache, also on x86_64.
lru_inodes_with_pages() {
	lru_inodes_shadowed "$@"
	cg_run "$1" sh -c "$LRU_READ" "$2" "$3" || fail "read the files in $1 again"
}

# ---- helpers folded from copies in the tests (issue 41) ----

# dentry_size: the dentry cache's object size in bytes, the least a
# dentry on a memcg's lists is charged (so BYTES hold at most BYTES /
# dentry_size of them).
dentry_size() {
	cat /sys/kernel/slab/dentry/object_size ||
		fail "no dentry object_size in /sys/kernel/slab"
}

# expect_reclaimed_by ORIGIN OLD NEW U0 U1: between OLD and NEW (a memcg's
# memory.slab_reclaim_stat, read before and after a reclaim of ORIGIN,
# limit or global) and while its unused dentries went from U0 to U1, the
# reclaim freed dentries, counted as ORIGIN's: ORIGIN_reclaimed and
# dentry_reclaimed grew, the latter by exactly U0 - U1, and the other
# origins' keys and forced_shrinks not at all.
expect_reclaimed_by() {
	_rb_dr=$(delta_of "$2" "$3" dentry_reclaimed)
	expect_gt "$(delta_of "$2" "$3" "$1_reclaimed")" 0 "$1_reclaimed delta"
	expect_gt "$_rb_dr" 0 "dentry_reclaimed delta"
	expect_eq $(($4 - $5)) "$_rb_dr" "drop of unused vs dentry_reclaimed delta"
	for _rb_k in global_scanned global_reclaimed limit_scanned limit_reclaimed \
		forced_scanned forced_reclaimed forced_shrinks; do
		case $_rb_k in "$1"_*) continue ;; esac
		expect_eq "$(delta_of "$2" "$3" $_rb_k)" 0 "$_rb_k delta"
	done
}

# force_all_begun PATH BEFORE: start "all" on PATH's force_slab_shrink
# with one write in the background (cgtest-write: its pid in FORCE_PID,
# what it prints in the file FORCE_OUT) and return once it has begun
# freeing: once PATH's unused dentries on the data disk, BEFORE when it
# started, are fewer (or the write ended); what was left then is in
# FORCE_LEFT.  force_left PATH reads them into FORCE_LEFT again.  The poll
# uses the shell's builtins only: with a fork or two a poll, on a loaded
# 2-core host, the write runs far ahead of it (the first poll to see less
# than nine tenths of the population saw under half of it).
force_all_begun() {
	_fa_key=sb:$(disk_devno)
	FORCE_OUT=/tmp/force-all.$$
	at_exit rm -f "$FORCE_OUT"
	cgtest-write "$MEMCG/$1/memory.force_slab_shrink" all > "$FORCE_OUT" 2>&1 &
	FORCE_PID=$!
	FORCE_LEFT=$2
	while [ "$FORCE_LEFT" -ge "$2" ]; do
		kill -0 "$FORCE_PID" 2> /dev/null || break
		force_left "$1"
	done
}
force_left() {
	FORCE_LEFT=0
	while read -r _k _v; do
		[ "$_k" = "$_fa_key" ] && FORCE_LEFT=$_v
	done < "$MEMCG/$1/memory.dentry_unused"
}
