#!/bin/sh
# test-harness.sh: host tests of the judge of `make check` (verdict.sh),
# of the test selection both sides share (select.sh) and of make
# bench-insns' arithmetic (insns.sh on made-up counts), as TAP.
#
# Each case makes up the files of a run (TAP streams, exit statuses, a
# guest's results.log, console.log and qemu.rc), hands them to verdict.sh
# and checks its exit status and the counts of its last line.  Every way
# a broken run used to come out green is one case here, and must fail.
# shellcheck disable=SC2016 # the sh -c bodies below expand their own arguments
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
verdict=$top/tests/host/verdict.sh
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
n=0 failures=0

BOOT='[    0.000000] Linux version 6.1.192 (memcg@guest)'
# init's per-boot nonce (a UUID from /proc/sys/kernel/random/uuid)
NONCE=0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0

# A run that is good in every respect; each case spoils one thing.
good_run() {
	d=$scratch/run
	rm -rf "$d"
	mkdir -p "$d/guest"
	printf 'ok 1 checkpatch a.patch\nok 2 checkpatch b.patch\n1..2\n' > "$d/lint.tap"
	echo 0 > "$d/lint.rc"
	printf '# guest-boot: %s\nKTAP version 1\n1..3\n# hello\nok 1 smoke-01\nok 2 spec-01\n# x\nok 3 tools-01\n# guest-tainted: 0 boot=%s\n# guest-exit: 0 boot=%s\n' \
		"$NONCE" "$NONCE" "$NONCE" > "$d/guest/results.log"
	printf 'smoke-01\nspec-01\ntools-01\n' > "$d/guest/selected"
	printf '%s\n[    1.0] Run /init as init process\n' "$BOOT" > "$d/guest/console.log"
	echo 0 > "$d/guest/qemu.rc"
}

judge() {	# judge [ARG...]: run verdict.sh on the run in $d, ARGs added
	"$verdict" --stream lint "$d/lint.tap" "$d/lint.rc" \
		--guest guest "$d/guest" "$d/guest/selected" "$@" > "$scratch/out" 2>&1
}

# expect NAME WANT_RC "P passed, F failed" [ARG...]: judge, compare; with
# expect_text set, the judge's output must say it too.
expect_text=
expect() {
	n=$((n + 1))
	_name=$1 _rc=$2 _last=$3
	shift 3
	judge "$@"
	rc=$?
	set -- "$_name" "$_rc" "$_last"
	last=$(tail -n 1 "$scratch/out")
	if [ "$rc" -eq "$2" ] && [ "$last" = "$3" ] &&
		{ [ -z "$expect_text" ] || grep -qF -e "$expect_text" "$scratch/out"; }; then
		echo "ok $n $1"
	else
		echo "not ok $n $1"
		echo "# exit $rc (want $2), last line '$last' (want '$3')${expect_text:+, saying '$expect_text'}"
		sed 's/^/#   /' "$scratch/out"
		failures=$((failures + 1))
	fi
}

good_run
expect "a good run passes and counts every result" 0 "6 passed, 0 failed"

good_run
sed -i 's/^ok 2 spec-01$/ok 2 spec-01 # SKIP kernel has no memory.dentry_unused/' "$d/guest/results.log"
expect "a skipped guest test fails the run" 1 "5 passed, 2 failed"

good_run
sed -i '/^1\.\.3$/d' "$d/guest/results.log"
expect "a guest run without a plan fails" 1 "6 passed, 1 failed"

good_run
printf '# guest-boot: %s\nKTAP version 1\n1..0\n# guest-tainted: 0 boot=%s\n# guest-exit: 0 boot=%s\n' "$NONCE" "$NONCE" "$NONCE" \
	> "$d/guest/results.log"
: > "$d/guest/selected"
expect "a guest run that planned nothing fails" 1 "3 passed, 2 failed"

good_run
echo spec-02 >> "$d/guest/selected"
expect "a guest plan other than the host's selection fails" 1 "6 passed, 1 failed"

good_run
sed -i '/^ok 3 tools-01$/d' "$d/guest/results.log"
expect "a guest that reports fewer results than planned fails" 1 "5 passed, 1 failed"

good_run
sed -i 's/^ok 3 tools-01$/ok 4 tools-01/' "$d/guest/results.log"
expect "results out of order fail" 1 "6 passed, 1 failed"

good_run
sed -i '/^# guest-exit/d' "$d/guest/results.log"
expect "a guest that never reports its exit fails" 1 "6 passed, 1 failed"

good_run
sed -i 's/^# guest-exit: 0 /# guest-exit: 2 /' "$d/guest/results.log"
expect "a guest run that exits non-zero with all ok fails" 1 "6 passed, 1 failed"

# issue 21, 1.2: only init writes the guest-exit line.  A test's output
# comes out as "# ..." diagnostics, so a test that prints "guest-exit: 0"
# looked like the guest's own last line.
good_run
sed -i '/^# guest-exit/d' "$d/guest/results.log"
echo '# guest-exit: 0' >> "$d/guest/results.log"
expect "a guest-exit line a test printed, the run cut short after it, fails" 1 "6 passed, 1 failed"

good_run
sed -i 's/^# x$/# guest-exit: 0/' "$d/guest/results.log"
expect "a guest-exit line a test printed, besides init's, fails" 1 "6 passed, 1 failed"

good_run
sed -i 's/^# guest-exit: 0 boot=.*/# guest-exit: 0 boot=00000000-1111-2222-3333-444444444444/' "$d/guest/results.log"
expect "a guest-exit line with another nonce fails" 1 "6 passed, 1 failed"

good_run
sed -i '/^# guest-boot/d' "$d/guest/results.log"
expect "a guest stream without init's boot line fails" 1 "6 passed, 1 failed"

good_run
printf '# hello\n# guest-boot: %s\n' "$NONCE" > "$scratch/head"
sed -i '1d' "$d/guest/results.log"
cat "$scratch/head" "$d/guest/results.log" > "$scratch/res" && mv "$scratch/res" "$d/guest/results.log"
expect "a guest-boot line that is not the first line fails" 1 "6 passed, 1 failed"

# 1.3: the results must name the selected tests, not only count them.
good_run
sed -i 's/^ok 2 spec-01$/ok 2 spec-99/' "$d/guest/results.log"
expect "a guest that ran another test in place of a selected one fails" 1 "6 passed, 1 failed"

good_run
sed -i -e 's/^ok 2 spec-01$/ok 2 tools-01/' -e 's/^ok 3 tools-01$/ok 3 spec-01/' "$d/guest/results.log"
expect "a guest that ran the selected tests in another order fails" 1 "6 passed, 1 failed"

good_run
rm "$d/guest/selected"
expect "a guest run without the host's selection fails" 1 "6 passed, 2 failed"

# 1.4: TAP directives are case-insensitive.
for directive in '# Skip no xfs' '# SKIPPED: no xfs' '#skip' '# todo later' '# ToDo'; do
	good_run
	sed -i "s/^ok 2 spec-01\$/ok 2 spec-01 $directive/" "$d/guest/results.log"
	# the name leaves the hash out: in a TAP description it would start
	# a directive of this result's own
	expect "a guest result marked '$(echo "$directive" | tr -d '#')' (with a hash) is a skip and fails" \
		1 "5 passed, 2 failed"
done

good_run
echo 137 > "$d/guest/qemu.rc"
expect "a guest whose qemu was killed (exit 137) fails" 1 "6 passed, 1 failed"

good_run
: > "$d/guest/results.log"
expect "an empty guest stream (run-guest.sh never started) fails" 1 "3 passed, 2 failed"

good_run
rm "$d/guest/results.log"
expect "a missing guest stream fails" 1 "3 passed, 2 failed"

good_run
echo 124 > "$d/guest/qemu.rc"
expect "a guest killed by the hard timeout fails" 1 "6 passed, 1 failed"

good_run
rm "$d/guest/qemu.rc"
expect "an unknown qemu status fails" 1 "6 passed, 1 failed"

good_run
printf 'not ok 1 checkpatch a.patch\nok 2 checkpatch b.patch\n1..2\n' > "$d/lint.tap"
echo 1 > "$d/lint.rc"
expect "a failing host result fails the run" 1 "5 passed, 1 failed"

good_run
printf 'make: *** [unit-tests] Error 1\n' > "$d/lint.tap"
echo 2 > "$d/lint.rc"
expect "a host producer that fails to build (no TAP, exit 2) fails" 1 "4 passed, 2 failed"

good_run
echo 2 > "$d/lint.rc"
expect "a host producer that exits non-zero with all ok fails" 1 "6 passed, 1 failed"

good_run
rm "$d/lint.rc"
expect "a host producer whose status is unknown fails" 1 "6 passed, 1 failed"

good_run
printf 'ok 1 a\n1..2\nok 2 b\n1..2\n' > "$d/lint.tap"
expect "two plans in one stream fail" 1 "6 passed, 1 failed"

good_run
rm "$d/guest/console.log"
expect "a missing kernel log fails" 1 "5 passed, 1 failed"

good_run
: > "$d/guest/console.log"
expect "an empty kernel log fails" 1 "5 passed, 1 failed"

good_run
echo '[    0.1] Booting paravirtualized kernel' > "$d/guest/console.log"
expect "a kernel log that shows no boot fails" 1 "5 passed, 1 failed"

for line in \
	'[   12.5] BUG: KASAN: slab-use-after-free in memcg_lru_count+0x1/0x2' \
	'[   12.5] BUG: KFENCE: use-after-free read in d_lru_del+0x11/0x20' \
	'[   12.5] WARNING: possible circular locking dependency detected' \
	'[   12.5] WARNING: CPU: 1 PID: 88 at mm/vmscan.c:900 do_shrink_slab+0x1' \
	'[   12.5] Kernel panic - not syncing: hung_task: blocked tasks' \
	'[   12.5] INFO: task sh:91 blocked for more than 120 seconds.' \
	'[   12.5] rcu: INFO: rcu_sched self-detected stall on CPU' \
	'[   12.5] watchdog: BUG: soft lockup - CPU#0 stuck for 22s! [sh:90]' \
	'[   12.5] UBSAN: shift-out-of-bounds in mm/vmscan.c:812:9' \
	'[   12.5] general protection fault, probably for non-canonical address' \
	'[   12.5] BUG: sleeping function called from invalid context at mm/vmscan.c:870' \
	'[   12.5] Oops: 0000 [#1] PREEMPT SMP KASAN NOPTI' \
	'[   12.5] INFO: rcu_preempt detected stalls on CPUs/tasks:' \
	'[   12.5] kernel BUG at mm/list_lru.c:120!' \
	'[   12.5] NMI watchdog: Watchdog detected hard LOCKUP on cpu 1' \
	'[   12.5] VFS: Busy inodes after unmount of vdb (xfs). Self-destruct in 5 seconds.  Have a nice day...' \
	'[   12.5] XFS (vdb): Corruption of in-memory data (0x8) detected at xfs_trans_cancel+0x1 (fs/xfs/xfs_trans.c:1098).' \
	'[   12.5] XFS (vdb): Metadata corruption detected at xfs_dinode_verify+0x1/0x2, inode 0x83 dinode' \
	'[   12.5] XFS (loop0): Shutting down filesystem' \
	'[   12.5] XFS (vdb): Internal error XFS_WANT_CORRUPTED_GOTO at line 1234 of file fs/xfs/libxfs/xfs_alloc.c.' \
	'[   12.5] EXT4-fs error (device vda): ext4_lookup:1785: inode #2: comm sh: deleted inode referenced: 12' \
	'[   12.5] EXT4-fs (vda): Remounting filesystem read-only' \
	'[   12.5] ** 42 printk messages dropped **' \
	'[   12.5] list_add corruption. prev->next should be next (ffff888003c0a0a0), but was 0000000000000000.' \
	'[   12.5] list_del corruption, ffff888003c0a0a0->next is LIST_POISON1 (dead000000000100)' \
	'[   12.5] list_add double add: new=ffff888003c0a0a0, prev=ffff888003c0a0a0, next=ffff888003c0b0b0.' \
	'[   12.5] BUG dentry (Not tainted): Poison overwritten' \
	'[   12.5] XFS (vdb): Metadata CRC error detected at xfs_dir3_block_read_verify+0x1/0x2 [xfs], xfs_dir3_block block 0x80' \
	'[   12.5] XFS (vdb): Unmount and run xfs_repair' \
	'[   12.5] EXT4-fs (vda): Delayed block allocation failed for inode 12 at logical offset 0 with max blocks 1 with error 117' \
	'[   12.5] EXT4-fs (vda): This should not happen!! Data will be lost' \
	'[   12.5] I/O error, dev vda, sector 2048 op 0x1:(WRITE) flags 0x800 phys_seg 1 prio class 2' \
	'[   12.5] Buffer I/O error on device vda, logical block 9' \
	'[   12.5] lost async page write'
do
	good_run
	echo "$line" >> "$d/guest/console.log"
	expect "a kernel log with '$(echo "$line" | cut -c 11-48)' fails" 1 "5 passed, 1 failed"
done

# issue 41, 1: a console log is read as bytes.  One NUL byte anywhere made
# grep take the whole log for binary and print no line ("Binary file
# matches" goes to stderr), so a KASAN report read as a clean log; a byte
# that is not UTF-8 under a UTF-8 locale did the same.
good_run
printf '[    3.0] serial8250: too much work \000 for irq4\n' >> "$d/guest/console.log"
echo '[   12.5] BUG: KASAN: slab-use-after-free in memcg_lru_count+0x1/0x2' >> "$d/guest/console.log"
expect "a kernel report after a NUL byte in the kernel log fails" 1 "5 passed, 1 failed"
good_run
echo '[   12.5] BUG: KASAN: slab-use-after-free in memcg_lru_count+0x1/0x2' >> "$d/guest/console.log"
printf '[   13.0] \000\000\000\n' >> "$d/guest/console.log"
expect "a kernel report before a NUL byte in the kernel log fails" 1 "5 passed, 1 failed"
good_run
printf '[   12.5] WARNING: CPU: 1 PID: 88 at mm/vmscan.c:900 comm \377\376sh\n' >> "$d/guest/console.log"
LC_ALL=C.UTF-8 expect "a kernel report holding a byte that is not UTF-8 fails (UTF-8 locale)" 1 "5 passed, 1 failed"
good_run
printf '[   12.5] BUG: KASAN: \000 use-after-free in d_lru_del\n' >> "$d/guest/console.log"
expect "a kernel report with a NUL byte in its own line fails" 1 "5 passed, 1 failed"
good_run
sed -i 's/^# x$/# a test printed \x00 a NUL and \xff/' "$d/guest/results.log"
expect "a NUL byte in a test's output leaves the guest's stream readable" 0 "6 passed, 0 failed"
good_run
sed -i -e 's/^ok 2 spec-01$/not ok 2 spec-01/' -e 's/^# x$/# a test printed \x00 a NUL/' \
	"$d/guest/results.log"
sed -i 's/^# guest-exit: 0 /# guest-exit: 1 /' "$d/guest/results.log"
expect "a failed guest result after a NUL byte in the results is counted" 1 "5 passed, 1 failed"
good_run
printf '%s\n[    1.0] Run /init as init process\n[    2.0] \000\377 noise\n' "$BOOT" > "$d/guest/console.log"
expect "a kernel log with a NUL and a stray byte but no report is clean" 0 "6 passed, 0 failed"

# issue 41, 2: the backstop no pattern list can miss.  init prints
# /proc/sys/kernel/tainted (with its nonce) just before its exit line; the
# taint bits of a warning, an oops (die), a bad page (KASAN's too), a soft
# lockup or a machine check fail the run, whatever the console shows.
for c in "512|warning (W)" "128|die (D)" "32|bad page (B)" "16384|soft lockup (L)" \
	"16|machine check (M)" "13056|warning (W)"; do
	good_run
	sed -i "s/^# guest-tainted: 0 /# guest-tainted: ${c%%|*} /" "$d/guest/results.log"
	expect_text=${c#*|}
	expect "a guest whose kernel is tainted ${c%%|*} fails, naming the $(echo "${c#*|}" | tr -d '()')" \
		1 "6 passed, 1 failed"
	expect_text=
done
good_run
sed -i "s/^# guest-tainted: 0 /# guest-tainted: 12289 /" "$d/guest/results.log"
expect "a taint that is no kernel report (proprietary, unsigned, out-of-tree) passes" 0 "6 passed, 0 failed"
good_run
sed -i '/^# guest-tainted:/d' "$d/guest/results.log"
expect "a guest run without init's taint line fails" 1 "6 passed, 1 failed"
good_run
sed -i 's/^# guest-tainted: 0 boot=.*/# guest-tainted: 0 boot=00000000-1111-2222-3333-444444444444/' \
	"$d/guest/results.log"
echo "# guest-tainted: 512 boot=$NONCE" > "$scratch/taint"
sed -i "/^# x\$/r $scratch/taint" "$d/guest/results.log"
expect "a taint line a test printed (another nonce) in place of init's, init's earlier, fails" \
	1 "6 passed, 1 failed"

# issue 41, 3: kmemleak on the debug kernel (booted with kmemleak=on).
# init scans at the end of the run and prints the report ("# kmemleak| ...") and its count ("# guest-
# kmemleak: N leaks boot=NONCE (MS ms)") before the taint line.
# kmemleak_run N [REPORT]: the good run with init's kmemleak lines.
kmemleak_run() {
	good_run
	{
		[ -z "${2:-}" ] || printf '%s\n' "$2" | sed 's/^/# kmemleak| /'
		echo "# guest-kmemleak: $1 boot=$NONCE (1234 ms)"
	} > "$scratch/kmemleak"
	sed -i "/^ok 3 tools-01\$/r $scratch/kmemleak" "$d/guest/results.log"
}
LEAK='unreferenced object 0xffff888003a4c000 (size 192):
  comm "sh", pid 312, jiffies 4294902345
  hex dump (first 32 bytes):
    00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ................
  backtrace (crc 5a1b2c3d):
    [<ffffffff812a4e1b>] kmem_cache_alloc_lru+0x2bb/0x340
    [<ffffffff81335b0e>] __d_alloc+0x2e/0x240'
kmemleak_run "0 leaks"
expect "a debug run whose kmemleak scan found nothing passes, one result more" 0 "7 passed, 0 failed"
kmemleak_run "1 leaks" "$LEAK"
expect_text="unreferenced objects (leaks)"
expect "a debug run whose kmemleak scan found a leak fails" 1 "6 passed, 1 failed"
expect_text=
kmemleak_run "0 leaks" "$LEAK"
expect "a kmemleak report whose count says none fails" 1 "6 passed, 1 failed"
kmemleak_run "error (kmemleak cannot scan: disabled?)"
expect "a debug run whose kmemleak could not scan fails" 1 "6 passed, 1 failed"
kmemleak_run "0 leaks"
sed -i "s/^# guest-kmemleak: 0 leaks boot=\(.*\)/# guest-kmemleak: 3 leaks boot=\1/" "$d/guest/results.log"
printf '# x\n# guest-kmemleak: 0 leaks boot=%s (1 ms)\n' "$NONCE" > "$scratch/kmemleak"
sed -i "/^# hello\$/r $scratch/kmemleak" "$d/guest/results.log"
expect "a second kmemleak line with the nonce (init's says 3) fails" 1 "6 passed, 1 failed"
kmemleak_run "2 leaks"
sed -i "s/boot=$NONCE (1234 ms)/boot=00000000-1111-2222-3333-444444444444 (1 ms)/" "$d/guest/results.log"
sed -i '/^# kmemleak| /d' "$d/guest/results.log"
expect "a kmemleak line with another nonce is a test's, not init's: ignored" 0 "6 passed, 0 failed"
good_run
printf '# kmemleak| %s\n' "unreferenced object 0xffff888003a4c000 (size 192):" > "$scratch/kmemleak"
sed -i "/^# x\$/r $scratch/kmemleak" "$d/guest/results.log"
expect "a kmemleak report without init's count line fails" 1 "6 passed, 1 failed"

# A failed kernel-log check shows the report with its stack trace, so a run
# whose machine is gone (a fresh root, CI) can still be read.
n=$((n + 1))
good_run
printf '%s\n' '[    2.1] BUG: KASAN: wild-memory-access in do_raw_spin_lock+0x12d/0x1dc' \
	'[    2.1] Call Trace:' '[    2.1]  <TASK>' '[    2.1]  memcg_frob_the_lru+0x1/0x2' \
	>> "$d/guest/console.log"
judge
if grep -q '^#   | \[    2.1\]  memcg_frob_the_lru+0x1/0x2$' "$scratch/out"; then
	echo "ok $n a dirty kernel log is shown from its first report on"
else
	echo "not ok $n a dirty kernel log is shown from its first report on"
	sed 's/^/#   /' "$scratch/out"
	failures=$((failures + 1))
fi

# The selection: the host counts what the guest must run.
# shellcheck source=tests/select.sh
. "$top/tests/select.sh"
sel=$scratch/sel
mkdir -p "$sel/cases"
: > "$sel/cases/seed-01-a.sh"; : > "$sel/cases/spec-07-b.sh"; : > "$sel/cases/spec-17-c.sh"
for c in "3|" "2|spec-" "1|spec-07" "2|seed- spec-1" "0|nomatch" "2|-seed-" \
	"1|spec- -spec-07" "1|-spec-" "0|-spec- -seed-"; do
	n=$((n + 1))
	want=${c%%|*} words=${c#*|}
	# shellcheck disable=SC2086 # words
	got=$(select_cases "$sel" $words | grep -c .)
	if [ "$got" -eq "$want" ]; then
		echo "ok $n select '$words' picks $want"
	else
		echo "not ok $n select '$words' picks $got, want $want"
		failures=$((failures + 1))
	fi
done

# hier_words: DEBUG_TESTS' v1:/v2: words split the debug runs, and go
# whole to the one run when only one hierarchy runs.
for c in "v1|2|a v1:b v2:c|a b" "v2|2|a v1:b v2:c|a c" "v2|1|a v1:b v2:c|a b c" \
	"v1|2|v2:c|" "v2|2|v3:d|v3:d"; do
	n=$((n + 1))
	h=${c%%|*} r=${c#*|}
	nr=${r%%|*} r=${r#*|}
	words=${r%%|*} want=${r#*|}
	# shellcheck disable=SC2086 # words
	got=$(hier_words "$h" "$nr" $words)
	if [ "$got" = "$want" ]; then
		echo "ok $n hier_words $h $nr '$words' gives '$want'"
	else
		echo "not ok $n hier_words $h $nr '$words' gives '$got', want '$want'"
		failures=$((failures + 1))
	fi
done

n=$((n + 1))
good_run
select_names "$sel" nomatch > "$d/guest/selected"
if ! "$verdict" --stream lint "$d/lint.tap" "$d/lint.rc" \
	--guest guest "$d/guest" "$d/guest/selected" > "$scratch/out" 2>&1 &&
	grep -q 'no guest test was selected' "$scratch/out"; then
	echo "ok $n make check T=nomatch fails"
else
	echo "not ok $n make check T=nomatch fails"
	failures=$((failures + 1))
fi

# issue 21, 1.7: fail in $(...), a pipeline or a background job ended
# only that subshell, and the test went on (and passed) with "FAIL: ..."
# for a value.  Made-up guest tests on lib.sh, under the host's sh and,
# when the host has it, the guest's busybox sh.
lib_case() {	# lib_case NAME WANT(pass|fail) BODY
	mkdir -p "$scratch/lib/cases"
	cp "$top/tests/lib.sh" "$top/tests/hier.sh" "$scratch/lib/"
	# shellcheck disable=SC2016 # the test's own line
	{ echo '. "$(dirname "$0")/../lib.sh"'; printf '%s\n' "$3"; } > "$scratch/lib/cases/t.sh"
	for sh in sh ${busybox:+"busybox sh"}; do
		n=$((n + 1))
		# shellcheck disable=SC2086 # "busybox sh" is two words
		out=$(cd "$scratch" && DATA=$scratch/data TEST_STATE='' $sh "$scratch/lib/cases/t.sh" 2>&1)
		rc=$?
		if { [ "$2" = pass ] && [ $rc -eq 0 ]; } ||
			{ [ "$2" = fail ] && [ $rc -ne 0 ] && ! echo "$out" | grep -q 'went on'; }; then
			echo "ok $n $1 ($sh)"
		else
			echo "not ok $n $1 ($sh): exit $rc, want $2"
			echo "$out" | sed 's/^/#   /'
			failures=$((failures + 1))
		fi
	done
}
busybox=$(command -v busybox)
# shellcheck disable=SC2016 # guest test bodies
{
lib_case "a test of lib.sh that passes passes" pass 'v=$(key_of "a 1" a); expect_eq "$v" 1 a; pass'
lib_case "fail in a helper in \$(...) fails the test (key_of)" fail \
	'v=$(key_of "a 1" b); expect_ne "$v" "" "key b"; echo went on; pass'
lib_case "fail in a pipeline fails the test" fail \
	'echo x | while read -r l; do fail "in a pipeline"; done; echo went on; pass'
lib_case "fail in a background job fails the test" fail \
	'(sleep 0.1; fail "in the background") & wait; echo went on; pass'
lib_case "at_exit actions run when the test ends, last first" pass \
	"at_exit sh -c 'echo 1 > \"\$0\"' '$scratch/undo-order'
	at_exit sh -c 'echo 2 > \"\$0\"' '$scratch/undo-order'
	at_exit touch \"$scratch/it's undone\"
	(at_exit touch '$scratch/from a subshell')
	pass"
}
n=$((n + 1))
if [ "$(cat "$scratch/undo-order" 2> /dev/null)" = 1 ] && [ -e "$scratch/it's undone" ] &&
	[ -e "$scratch/from a subshell" ]; then
	echo "ok $n at_exit ran every action, the first registered last"
else
	echo "not ok $n at_exit ran every action, the first registered last"
	failures=$((failures + 1))
fi

# 1.8: a test killed before its EXIT trap (the runner's timeout sends
# SIGKILL) leaves its undo actions in TEST_STATE/undo, which the runner
# runs (tests/run-guest.sh; the guest test harness-01 checks it there).
n=$((n + 1))
mkdir -p "$scratch/killed"
# shellcheck disable=SC2016 # the test's own lines
printf '%s\n' '. "$(dirname "$0")/../lib.sh"' \
	"at_exit touch '$scratch/killed/undone'" 'kill -KILL $$' > "$scratch/lib/cases/k.sh"
# shellcheck disable=SC2016 # for the inner sh
TEST_STATE=$scratch/killed DATA=$scratch/data sh -c 'cd "$0" && sh "$1"; exit 0' \
	"$scratch" "$scratch/lib/cases/k.sh" > /dev/null 2>&1
sed -n '/^run_undo() {/,/^}/p' "$top/tests/run-guest.sh" > "$scratch/run_undo.sh"
# shellcheck source=/dev/null # cut out of run-guest.sh above
if [ ! -e "$scratch/killed/undone" ] && [ -s "$scratch/killed/undo" ] &&
	(. "$scratch/run_undo.sh"; run_undo "$scratch/killed/undo") > /dev/null &&
	[ -e "$scratch/killed/undone" ]; then
	echo "ok $n the runner runs the undo actions of a killed test"
else
	echo "not ok $n the runner runs the undo actions of a killed test"
	failures=$((failures + 1))
fi

# 1.5: lint.sh ignored checkpatch's exit status, so a checkpatch that
# died read as clean; series-check.sh passed new warnings, and its cached
# pass ignored the tarball and the compiler.
check_case() {	# check_case NAME CONDITION...: one result, ok when CONDITION holds
	n=$((n + 1))
	_name=$1; shift
	if "$@"; then
		echo "ok $n $_name"
	else
		echo "not ok $n $_name"
		failures=$((failures + 1))
	fi
}
fake=$scratch/fake-tree
mkdir -p "$fake/scripts"
printf '#!/usr/bin/perl\ndie "Undefined subroutine &main::foo called at checkpatch.pl line 1.\\n";\n' \
	> "$fake/scripts/checkpatch.pl"
"$top"/tests/host/lint.sh "$fake" > "$scratch/lint.tap" 2>&1
echo $? > "$scratch/lint.rc"
check_case "lint.sh: a checkpatch that dies fails the patches" \
	sh -c '! "$0" --stream lint "$1" "$2" > /dev/null && grep -q "^not ok 1 " "$1"' \
	"$verdict" "$scratch/lint.tap" "$scratch/lint.rc"
printf '#!/usr/bin/perl\nexit 0;\n' > "$fake/scripts/checkpatch.pl"
"$top"/tests/host/lint.sh "$fake" > "$scratch/lint.tap" 2>&1
echo $? > "$scratch/lint.rc"
check_case "lint.sh: a checkpatch that finds nothing and exits 0 passes" \
	sh -c '"$0" "$@" > /dev/null' "$verdict" --stream lint "$scratch/lint.tap" "$scratch/lint.rc"
printf '%s\n' 'mm/memcontrol.o: In function foo:' \
	'../mm/memcontrol.c:4242:7: warning: unused variable nr [-Wunused-variable]' > "$scratch/build.log"
check_case "series-check.sh: a warning in a file the series touches fails" \
	sh -c '"$0" --warnings "$1" fs/dcache.c mm/memcontrol.c > /dev/null' \
	"$top"/tests/host/series-check.sh "$scratch/build.log"
check_case "series-check.sh: a warning elsewhere does not count" \
	sh -c '! "$0" --warnings "$1" mm/memcontrol.h mm/vmscan.c > /dev/null' \
	"$top"/tests/host/series-check.sh "$scratch/build.log"
key() {
	"$top"/tests/host/series-check.sh --key "$scratch/tarball" "$scratch/series" \
		"$top/qemu/kernel.config" "$top/patches/series" "$top/qemu/kernel.config"
}
echo one > "$scratch/tarball"
k1=$(key)
echo another > "$scratch/tarball"
k2=$(key)
mkdir -p "$scratch/bin"
printf '#!/bin/sh\necho "gcc (Debian 99.1.0-1) 99.1.0"\n' > "$scratch/bin/gcc"
chmod +x "$scratch/bin/gcc"
k3=$(PATH=$scratch/bin:$PATH key)
check_case "series-check.sh: its cached pass keys on the tarball and the compiler" \
	sh -c '[ -n "$0" ] && [ "$0" != "$1" ] && [ "$1" != "$2" ] && [ "$1" = "$3" ]' "$k1" "$k2" "$k3" "$(key)"

# 1.6: a selection word that matches no test was ignored when another
# word matched (a renamed test silently left the debug run); stages left
# out on purpose were not named on the last line.
select_tap "$sel" spec-07 force-99-renamed > "$scratch/select.tap"
echo $? > "$scratch/select.rc"
check_case "a selection word that matches no test (a dead word) fails" \
	sh -c '! "$0" --stream select "$1" "$2" > /dev/null && grep -q "^not ok .*force-99-renamed" "$1"' \
	"$verdict" "$scratch/select.tap" "$scratch/select.rc"
select_tap "$sel" seed- -spec-07 > "$scratch/select.tap"
echo $? > "$scratch/select.rc"
check_case "selection words that all match pass" \
	sh -c '"$0" "$@" > /dev/null' "$verdict" --stream select "$scratch/select.tap" "$scratch/select.rc"
select_tap "$sel" seed- -spec-99 > "$scratch/select.tap"
echo $? > "$scratch/select.rc"
check_case "a dead -WORD fails too" \
	sh -c '! "$0" --stream select "$1" "$2" > /dev/null' "$verdict" "$scratch/select.tap" "$scratch/select.rc"
# make list-tests: each test of the tree with its hierarchy and the first
# sentence of its claim; a test whose header has no "# Claim" paragraph
# shows "(no claim)", which this fails, and a selection of nothing fails.
"$top"/tests/host/list-tests.sh > "$scratch/list.out" 2>&1
echo $? > "$scratch/list.rc"
check_case "list-tests.sh lists every guest test, each with its claim" \
	sh -c '[ "$(cat "$1")" = 0 ] && ! grep -q "(no claim)" "$0" &&
		[ "$(tail -n 1 "$0")" = "$(ls "$2"/*.sh | wc -l) tests" ]' \
	"$scratch/list.out" "$scratch/list.rc" "$top/tests/cases"
check_case "list-tests.sh fails on a selection of nothing" \
	sh -c '! "$0" force-99-renamed > /dev/null 2>&1' "$top"/tests/host/list-tests.sh
# issue 41, 4: selections that ran nothing came out green.  check.sh
# judged each run's words against the tests of every hierarchy
# (select_tap), so T=input-01 HIER=v2 (input-01 is v1's) said "matches 1
# test", left the v2 run out and exited 0; DEBUG_HIER=v2 dropped the
# v1-only tests of DEBUG_TESTS the same way.  select_runs_tap judges
# the words of a group of runs against the hierarchies they run on.
sel2=$scratch/sel2
mkdir -p "$sel2/cases"
: > "$sel2/cases/seed-01-a.sh"; : > "$sel2/cases/spec-07-b.sh"; : > "$sel2/cases/stress-01-c.sh"
printf '# hierarchy: v1\n' > "$sel2/cases/input-01-d.sh"
printf '# hierarchy: v2\n' > "$sel2/cases/v2-01-e.sh"
sel_case() {	# sel_case NAME WANT(pass|fail) RUN...
	_sn=$1 _sw=$2
	shift 2
	select_runs_tap "$sel2" "$@" > "$scratch/select.tap"
	echo $? > "$scratch/select.rc"
	if [ "$_sw" = pass ]; then
		check_case "$_sn" sh -c '"$0" --stream select "$1" "$2" > /dev/null' \
			"$verdict" "$scratch/select.tap" "$scratch/select.rc"
	else
		check_case "$_sn" sh -c '! "$0" --stream select "$1" "$2" > /dev/null' \
			"$verdict" "$scratch/select.tap" "$scratch/select.rc"
	fi
}
sel_case "T=input-01 HIER=v2 (a v1 test, only a v2 run) fails" fail "v2 input-01"
sel_case "DEBUG_HIER=v2 with a v1-only DEBUG_TESTS word fails" fail "v2 stress- input-01 spec-07"
sel_case "a word of a v1-only test given to the v2 run alone (v2:input-01) fails" fail \
	"v1 stress- seed-" "v2 stress- input-01"
sel_case "runs whose words leave every test out fail" fail "v1 -seed- -spec- -stress- -input-"
sel_case "T=input-01 on v1 and v2 passes (v1 runs it, v2 is left out)" pass \
	"v1 input-01" "v2 input-01"
sel_case "DEBUG_TESTS split by v1:/v2: passes" pass "v1 stress- input-01" "v2 stress- v2-01"
sel_case "only -WORDs (FAST_TESTS) pass" pass "v1 -stress-" "v2 -stress-"
sel_case "no words at all pass" pass "v1" "v2"
sel_case "a dead -WORD fails in a group too" fail "v1 -stress- -nokmem-"
# the old judge of the same runs, as check.sh called it: green
CG_HIER='' select_tap "$sel2" input-01 > "$scratch/select.tap"
echo $? > "$scratch/select.rc"
check_case "(the old per-run judge said T=input-01 on a v2 run matched: the forgery above was green)" \
	sh -c '"$0" --stream select "$1" "$2" > /dev/null' "$verdict" "$scratch/select.tap" "$scratch/select.rc"
good_run
check_case "a check that judged no guest run fails (verdict.sh --need-guest, as check.sh calls it)" \
	sh -c '! "$0" --need-guest --stream lint "$1" "$2" > /dev/null' "$verdict" "$d/lint.tap" "$d/lint.rc"
check_case "(without --need-guest, as check.sh called it, that run was green)" \
	sh -c '"$0" --stream lint "$1" "$2" > /dev/null' "$verdict" "$d/lint.tap" "$d/lint.rc"
good_run
expect "a check with a guest run passes --need-guest" 0 "6 passed, 0 failed" --need-guest
# "Bail out!" in any stream: the producer gave up, whatever it counted
good_run
printf 'ok 1 checkpatch a.patch\nBail out! checkpatch.pl: cannot read the series\nok 2 checkpatch b.patch\n1..2\n' \
	> "$d/lint.tap"
expect "a host stream that bailed out, all ok, fails" 1 "6 passed, 1 failed"
good_run
sed -i 's/^# x$/Bail out! cannot mount the harness cgroup hierarchy/' "$d/guest/results.log"
expect "a guest stream that bailed out, all ok, fails" 1 "6 passed, 1 failed"
good_run
sed -i 's/^# x$/# a test printed: Bail out! (a diagnostic)/' "$d/guest/results.log"
expect "a test's diagnostic that mentions Bail out! is no bail-out" 0 "6 passed, 0 failed"
good_run
expect "a run that left stages out says so on its last line" 0 \
	"6 passed, 0 failed (left out: the series' build checks (T=); the debug kernel's tests (DEBUG_CHECK=0))" \
	--left-out "the series' build checks (T=)" --left-out "the debug kernel's tests (DEBUG_CHECK=0)"

# The fsck stage: fsck-images.sh on clean images passes, and on an ext4
# image with a damaged inode table it reports "not ok" and exits non-zero,
# which verdict.sh counts as a failure.  Sparse images, made as boot.sh
# makes the guest's (XFS wants 300 MiB at least).
fsck_case() {	# fsck_case NAME WANT_RC "P passed, F failed"
	n=$((n + 1))
	"$top"/tests/stress/fsck-images.sh "$img" > "$scratch/fsck.tap" 2>&1
	echo $? > "$scratch/fsck.rc"
	"$verdict" --stream fsck "$scratch/fsck.tap" "$scratch/fsck.rc" > "$scratch/out" 2>&1
	rc=$?
	last=$(tail -n 1 "$scratch/out")
	if [ "$rc" -eq "$2" ] && [ "$last" = "$3" ] &&
		{ [ -z "$expect_text" ] || grep -qF -e "$expect_text" "$scratch/out"; }; then
		echo "ok $n $1"
	else
		echo "not ok $n $1"
		echo "# exit $rc (want $2), last line '$last' (want '$3')${expect_text:+, saying '$expect_text'}"
		sed 's/^/#   /' "$scratch/fsck.tap" "$scratch/out"
		failures=$((failures + 1))
	fi
}
img=$scratch/img
mkdir -p "$img"
if command -v mkfs.ext4 > /dev/null && command -v mkfs.xfs > /dev/null &&
	command -v e2fsck > /dev/null && command -v xfs_repair > /dev/null &&
	truncate -s 32M "$img/data.img" && truncate -s 320M "$img/xfs.img" &&
	mkfs.ext4 -q -F -b 4096 -i 4096 "$img/data.img" > /dev/null 2>&1 &&
	mkfs.xfs -q -f "$img/xfs.img" > /dev/null 2>&1; then
	fsck_case "fsck-images.sh passes clean images" 0 "2 passed, 0 failed"
	# the first group's inode table: the root directory's inode is zeroed
	itable=$(dumpe2fs "$img/data.img" 2> /dev/null |
		sed -n 's/^ *Inode table at \([0-9]*\)-.*/\1/p' | head -n 1)
	dd if=/dev/zero of="$img/data.img" bs=4096 seek="${itable:-0}" count=4 \
		conv=notrunc 2> /dev/null
	fsck_case "fsck-images.sh fails a corrupt ext4 image" 1 "1 passed, 1 failed"
	# a clean ext4 again, and XFS's first AGI (the third sector) zeroed
	mkfs.ext4 -q -F -b 4096 -i 4096 "$img/data.img" > /dev/null 2>&1
	sect=$(xfs_db -r -c 'sb 0' -c 'p sectsize' "$img/xfs.img" 2> /dev/null | awk '{ print $3 }')
	dd if=/dev/zero of="$img/xfs.img" bs="${sect:-512}" seek=2 count=1 conv=notrunc 2> /dev/null
	fsck_case "fsck-images.sh fails a corrupt XFS image" 1 "1 passed, 1 failed"
else
	n=$((n + 1))
	echo "not ok $n fsck-images.sh: cannot make test images (e2fsprogs, xfsprogs)"
	failures=$((failures + 1))
fi

# make bench-insns' arithmetic (tests/bench/insns.sh, counting again from
# made-up boots with INSNS_AGAIN=1; it builds the plugin too): phases named
# by the guest's bench-mark lines, blocks named by System.map, [user] below
# the kernel, ratios of the sums; a boot whose phases do not match its
# names is refused.
# insns_boot SIDE MAPBASE: one made-up P5 boot of SIDE (patched: every
# phase 5/4 of vanilla's instructions), its blocks at MAPBASE's functions
insns_boot() {
	_b=$ins/out/p5-$1-1
	mkdir -p "$_b"
	{
		echo "bench-mark P5-churn-$1"
		echo "bench-mark P5-lookup-$1"
		echo "bench-mark P5-limit-$1"
		echo "# guest-exit: 0 boot=$NONCE"
	} > "$_b/console.log"
	if [ "$1" = patched ]; then _k=5; else _k=4; fi
	for _p in 1 2 3; do
		echo "phase $_p $((_k * 250 * _p)) $((_k * 10))"
		echo "tb $_p ${2}010 $((_k * 150 * _p))"
		echo "tb $_p ${2}110 $((_k * 75 * _p))"
		echo "tb $_p 0000000000401000 $((_k * 25 * _p))"
	done > "$_b/counts.txt"
}
insns_tree() {	# insns_tree DIR MAPBASE: a "kernel tree" with a System.map
	mkdir -p "$1/arch/x86/boot"
	: > "$1/arch/x86/boot/bzImage"
	printf '%s000 T fa\n%s100 t fb\n%s180 D data\n%s200 T _etext\n' \
		"$2" "$2" "$2" "$2" > "$1/System.map"
}
# insns_case NAME WANT_RC PATTERN [ABSENT]: insns.sh on $ins, its exit
# status, and PATTERN (a grep -E) found in insns.txt, ABSENT not (only
# when it should pass)
insns_case() {
	n=$((n + 1))
	INSNS_AGAIN=1 INSNS_PARTS=p5 INSNS_BOOTS=1 "$top"/tests/bench/insns.sh \
		--kernel "$ins/kp/arch/x86/boot/bzImage" \
		--vanilla "$ins/kv/arch/x86/boot/bzImage" --initrd /dev/null \
		--out "$ins/out" > "$scratch/out" 2>&1
	rc=$?
	if [ "$rc" -eq "$2" ] && { [ "$2" -ne 0 ] || { grep -Eq "$3" "$ins/out/insns.txt" &&
		! grep -Eq "${4:-^$ ^}" "$ins/out/insns.txt"; }; }; then
		echo "ok $n $1"
	else
		echo "not ok $n $1"
		echo "# exit $rc (want $2), want /$3/ in insns.txt${4:+, not /$4/}"
		sed 's/^/#   /' "$scratch/out"
		failures=$((failures + 1))
	fi
}
ins=$scratch/insns
insns_tree "$ins/kp" ffffffff81000
insns_tree "$ins/kv" ffffffff81100
insns_boot patched ffffffff81000
insns_boot vanilla ffffffff81100
insns_case "insns.sh: a phase's instructions, patched / vanilla" 0 \
	'^\| P5-lookup \| 2500 \(1\) \| 2000 \(1\) \| 1\.0000 \| 1\.0000 \| \*\*1\.2500\*\* \| 1\.2500 \|$'
insns_case "insns.sh: blocks named by System.map" 0 '^\| fa \| 1500 \| 1200 \| \+300 \|$'
insns_case "insns.sh: a local (t) function named too" 0 \
	'^\| fb \| 1125 \| 900 \| \+225 \|$'
insns_case "insns.sh: user space apart" 0 '^\| \[user\] \| 375 \| 300 \| \+75 \|$'
insns_case "insns.sh: churn is not mixed with limit reclaim" 0 \
	'^\| P5-churn \| 1250 \(1\) \| 1000 \(1\) '
# a v2 boot's counts beside v1's: the p5 part must leave them alone
echo "P5v2-lookup-patched @total 999" > "$ins/out/p5-v2-patched-1.fn"
insns_case "insns.sh: cgroup v1's P5 leaves v2's boots alone" 0 \
	'^\| P5-lookup \| 2500 ' 'P5v2'
rm "$ins/out/p5-v2-patched-1.fn"
echo "bench-mark P5-extra-vanilla" >> "$ins/out/p5-vanilla-1/console.log"
insns_case "insns.sh refuses a boot with more phases named than counted" 1 ''

echo "1..$n"
[ "$failures" -eq 0 ]
