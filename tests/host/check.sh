#!/bin/sh
# check.sh --initrd CPIO --out DIR [--tests "WORD..."] [--guest-tests "WORD..."]
#          [--hier "v1 v2"] [--debug-tests "WORD..."] [--leave TEXT]...
#          [--system-build CMD --system-run CMD --system-built FILE]
#          [--no-system WHY] KERNEL...
# KERNEL:  --kver VER --kernel BZIMAGE --tree SRC --series FILE [--build CMD]
#          [--debug-kernel BZIMAGE [--debug-build CMD] [--debug-hier "v1 v2"]]
#          [--series-check CMD] [--mglru-off HIER] [--no-debug WHY]
#          [--tests-out "-WORD..." --tests-out-why WHY]
#
# The host side of `make check`.  Runs every producer of results, each
# into a TAP file under DIR with its exit status beside it; stages of a
# kernel end in -VER (guest-6.1, debug-v2-6.12, ...):
#   sh-lint    every shell script through shellcheck
#   harness    the host tests of this harness (verdict.sh on made-up runs)
#   cgtools    the cgtools host tests
# and for each KERNEL, in the order given:
#   build      with --build: the kernel's build (made in the background
#              while the kernels before it run their guests)
#   lint       checkpatch --strict (the tree's own) on every patch of FILE
#   guest      the guest tests, booted once in QEMU (KTAP on ttyS1) on
#              cgroup v1: the --guest-tests words, or --tests when given
#   guest-v2   the same on cgroup v2 (cgroup=v2 on the command line)
#              With --mglru-off HIER the run on HIER boots with MGLRU
#              switched off (mglru=off), the other with it on
#              (mglru=on): every test runs with MGLRU on and with it off,
#              at no extra boot (smoke-06 checks the state took).  The
#              debug kernel's runs are split the same way.
#   nokmem     the nokmem-* tests, booted with cgroup.memory=nokmem
#   debug      with --debug-kernel: the guest tests that exercise the
#              series, and the stress test, on the debug kernel (KASAN,
#              lockdep, ...) on each --debug-hier hierarchy (default
#              v1 v2): DEBUG_TESTS words (v1:WORD, v2:WORD on that
#              hierarchy's run only, see hier_words in
#              tests/select.sh), or --tests
#   series     --series-check CMD: the build checks of the series, TAP on
#              stdout (not with --tests, nor with SERIES_CHECK=0)
#   With --tests-out, every guest run of the kernel (fast, nokmem, debug,
#   with --tests too) leaves out the tests those -WORDs name, for WHY
#   (said on the verdict's last line).
# and, with --system-build, once for all kernels:
#   system     the system test (make system-check: a Debian 12 guest
#              with systemd, podman and node_exporter, the packages built
#              and installed there): --system-build CMD builds what it
#              needs (the packages, the root; FILE exists once it did) in
#              the background chain, after the kernels; --system-run CMD
#              runs it into DIR/system (SYS_RUN_OUT in CMD's environment)
#              once the guest runs are done, the only guest then, with
#              both cores; its packages' TAP and its guest's results are
#              judged with the rest (tests/system/run.sh)
#   Each guest run is of the tests for its hierarchy (select.sh); --hier
#   keeps the runs of the hierarchies named (default "v1 v2").  With
#   --tests, a hierarchy none of whose tests match is left out.
#   fsck-NAME  after each guest run: e2fsck -fn and xfs_repair -n of its
#              scratch disk images (tests/stress/fsck-images.sh), which
#              the guest unmounted before powering off
#   select-NAME  one result per selection word of a kernel's fast, debug
#              or nokmem runs (T=, FAST_TESTS, DEBUG_TESTS) and one for
#              the group: a word matching no test on the hierarchies of
#              the runs it is given to fails, and so do runs that select
#              no test (select_runs_tap in tests/select.sh); a run that
#              selects none is not booted, and a check that boots no guest
#              run fails (verdict.sh --need-guest)
# then hands them all to verdict.sh, which counts them, checks that each
# can be believed (a guest's results must name the tests selected here),
# judges the kernel log and prints "N passed, N failed", followed by what
# was left out on purpose (T=, SERIES_CHECK=0, DEBUG_CHECK=0, a
# hierarchy).  Exits non-zero on any failure, and when a guest panics,
# hangs or never reports (hard timeout CHECK_TIMEOUT, default 1800 s).
#
# A guest under TCG keeps about one of two host cores busy on average
# (`make check` measured 121% CPU in all), so the builds run beside the
# guests, in the background at nice 19, where the guests leave the CPU
# idle, one after the other: each later kernel's build and each debug
# kernel's build in the order the guests need them, then the series'
# build checks.  At nice 19 they take next to nothing from a guest that
# wants both cores.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
initrd='' out='' pattern='' timeout=${CHECK_TIMEOUT:-1800}
guest_tests='' debug_tests=${DEBUG_TESTS:-}
hiers='v1 v2'
# what the debug kernel boots with, and why
# shellcheck source=qemu/debug-cmdline.sh
. "$top/qemu/debug-cmdline.sh"
nk=0 left_out_args='' system_build='' system_run='' system_built=''
# kset FIELD VALUE: FIELD of the kernel being described (k<N>_FIELD)
kset() {
	[ $nk -gt 0 ] || { echo "check.sh: $1 before any --kver" >&2; exit 2; }
	eval "k${nk}_$1=\$2"
}
# kget N FIELD: FIELD of kernel N, empty when not given
kget() { eval "echo \"\${k$1_$2:-}\""; }
while [ $# -gt 0 ]; do
	[ $# -ge 2 ] || { echo "check.sh: $1 wants a value" >&2; exit 2; }
	case "$1" in
	--initrd) initrd=$2 ;;
	--out) out=$2 ;;
	--tests) pattern=$2 ;;
	--guest-tests) guest_tests=$2 ;;
	--debug-tests) debug_tests=$2 ;;
	--hier) hiers=$2 ;;
	--kver) nk=$((nk + 1)); kset kver "$2"; kset debug_hier "v1 v2" ;;
	--kernel) kset kernel "$2" ;;
	--tree) kset tree "$2" ;;
	--series) kset series "$2" ;;
	--build) kset build "$2" ;;
	--debug-kernel) kset debug_kernel "$2" ;;
	--debug-build) kset debug_build "$2" ;;
	--debug-hier) kset debug_hier "$2" ;;
	--series-check) kset series_check "$2" ;;
	--mglru-off) kset mglru_off "$2" ;;
	--no-debug) kset no_debug "$2" ;;
	--tests-out) kset tests_out "$2" ;;
	--tests-out-why) kset tests_out_why "$2" ;;
	--leave) left_out_args="$left_out_args|$2" ;;
	--system-build) system_build=$2 ;;
	--system-run) system_run=$2 ;;
	--system-built) system_built=$2 ;;
	--no-system) left_out_args="$left_out_args|the system test ($2)" ;;
	*) echo "check.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
	shift 2
done
# a typo must not leave every guest run out of a green run
[ -n "$hiers" ] || { echo "check.sh: --hier: no hierarchy (v1, v2)" >&2; exit 2; }
for h in $hiers; do
	case "$h" in
	v1|v2) ;;
	*) echo "check.sh: --hier: '$h' is not v1 or v2" >&2; exit 2 ;;
	esac
done
if [ -n "$system_build$system_run$system_built" ] &&
	{ [ -z "$system_build" ] || [ -z "$system_run" ] || [ -z "$system_built" ]; }; then
	echo "check.sh: --system-build, --system-run and --system-built go together" >&2
	exit 2
fi
if [ -z "$initrd" ] || [ -z "$out" ] || [ $nk -eq 0 ]; then
	echo "check.sh: --initrd, --out and a kernel (--kver ...) are required" >&2
	exit 2
fi
i=1
while [ $i -le $nk ]; do
	for f in kernel tree series; do
		[ -n "$(kget $i $f)" ] ||
			{ echo "check.sh: kernel $(kget $i kver): --$f is required" >&2; exit 2; }
	done
	for h in $(kget $i debug_hier) $(kget $i mglru_off); do
		case "$h" in
		v1|v2) ;;
		*) echo "check.sh: kernel $(kget $i kver): '$h' is not v1 or v2" >&2; exit 2 ;;
		esac
	done
	i=$((i + 1))
done
rm -rf "$out"
mkdir -p "$out"
t0=$(date +%s)
# shellcheck source=tests/select.sh
. "$top/tests/select.sh"

# stage NAME TITLE CMD...: run CMD, show its output as it comes, keep it
# in DIR/NAME.tap and its exit status in DIR/NAME.rc.
stage() {
	name=$1 title=$2
	shift 2
	echo "== $title"
	s=$(date +%s)
	{ "$@"; echo $? > "$out/$name.rc"; } 2>&1 | tee "$out/$name.tap"
	echo "== $title: $(( $(date +%s) - s )) s"
	verdict_args="$verdict_args --stream $name $out/$name.tap $out/$name.rc"
}
verdict_args=
# What this run left out on purpose goes on verdict.sh's last line
# (--leave: what the caller left out, e.g. a kernel not in KVER).
left_out=$left_out_args
leave() { left_out="$left_out|$1"; }

# The lint keeps one core busy for half a minute: it runs beside the
# other host stages and then the guest runs, at nice 19 (a guest leaves a
# core idle about 15% of its run, in its sleeps and polls: the lint fits
# there instead of holding the first boots back), its output shown after
# the guest runs.
echo "== shellcheck on every shell script: in the background (nice 19)"
(
	s=$(date +%s)
	{ nice -n 19 "$top"/tests/host/shellcheck.sh; echo $? > "$out/sh-lint.rc"; } > "$out/sh-lint.tap" 2>&1
	echo "$(( $(date +%s) - s ))" > "$out/sh-lint.time"
) < /dev/null &
lint_pid=$!
stage harness "host tests of the harness" "$top"/tests/host/test-harness.sh
stage cgtools "host tests of cgtools" make -s -C "$top/cgtools" test

# The background chain: jobs one after the other (each wants both cores
# when it has them), each leaving DIR/JOB.log, DIR/JOB.time and, last,
# DIR/JOB.rc.
series=0
if [ -z "$pattern" ] && [ "${SERIES_CHECK:-1}" != 0 ]; then
	series=1
fi
job() {	# job NAME CMD
	_s=$(date +%s)
	nice -n 19 sh -c "$2" > "$out/$1.log" 2>&1
	echo $? > "$out/$1.rc.tmp"
	echo "$(( $(date +%s) - _s ))" > "$out/$1.time"
	mv "$out/$1.rc.tmp" "$out/$1.rc"
}
(
	i=1
	while [ $i -le $nk ]; do
		v=$(kget $i kver)
		[ -z "$(kget $i build)" ] || job "build-$v" "$(kget $i build)"
		[ -z "$(kget $i debug_kernel)" ] || [ -z "$(kget $i debug_build)" ] ||
			job "debug-build-$v" "$(kget $i debug_build)"
		i=$((i + 1))
	done
	[ -z "$system_build" ] || job system-build "$system_build"
	i=1
	while [ $i -le $nk ] && [ $series -eq 1 ]; do
		[ -z "$(kget $i series_check)" ] ||
			job "series-$(kget $i kver)" "$(kget $i series_check)"
		i=$((i + 1))
	done
) < /dev/null &
chain=$!
echo "== building in the background (nice 19): $out/*.log"

# built NAME TITLE BZIMAGE: wait for the chain's job NAME, then one result:
# ok when it exited 0 and left BZIMAGE.  Returns 1 when it did not.
built() {
	echo "== $2: waiting for it"
	while [ ! -e "$out/$1.rc" ] && kill -0 "$chain" 2> /dev/null; do
		sleep 2
	done
	echo "== $2: built in $(cat "$out/$1.time" 2> /dev/null || echo '?') s (background)"
	_ok=0
	{
		if [ "$(cat "$out/$1.rc" 2> /dev/null)" = 0 ] && [ -f "$3" ]; then
			echo "ok 1 $2 builds"
		else
			tail -n 40 "$out/$1.log" 2> /dev/null | sed 's/^/# /'
			echo "not ok 1 $2 builds"
			_ok=1
		fi
		echo "1..1"
	} > "$out/$1.tap"
	cat "$out/$1.tap"
	echo 0 > "$out/$1-stream.rc"
	verdict_args="$verdict_args --stream $1 $out/$1.tap $out/$1-stream.rc"
	return $_ok
}

# selection NAME WORDS: DIR/NAME.selected, the names the guest must
# report; of the tests for hierarchy CG_HIER.
selection() {
	# shellcheck disable=SC2086 # words
	select_names "$top/tests" $2 > "$out/$1.selected"
}

# select_group NAME RUNS: the stream select-NAME for a group of guest
# runs made from one set of words (RUNS: "|HIER WORD...|HIER WORD..."), one result per
# word and one for the group (select_runs_tap in tests/select.sh): a word
# that matches no test on the hierarchies it runs on fails (a renamed
# test, or a test of the other hierarchy, must not leave the run
# silently), and so do runs that select no test at all.
select_group() {
	_g=$1
	set -f
	IFS='|'
	# shellcheck disable=SC2086 # one run a field
	set -- ${2#|}
	unset IFS
	set +f
	select_runs_tap "$top/tests" "$@" > "$out/select-$_g.tap"
	echo $? > "$out/select-$_g.rc"
	grep '^not ok' "$out/select-$_g.tap"
	verdict_args="$verdict_args --stream select-$_g $out/select-$_g.tap $out/select-$_g.rc"
}

# guest NAME TITLE KERNEL WORDS HIER [CMDLINE]: boot KERNEL on cgroup
# HIER (v1, v2) and run the guest tests for HIER matching WORDS (all when
# empty), CMDLINE added to its command line, with QEMU's TCG threading
# $tcg (boot.sh --tcg).  Not a boot: HIER is not in --hier, or WORDS
# select none of HIER's tests (select_group judges whether that is fine).  With bg=1 the
# boot runs in the background once a slot is free (slot_wait), its output
# kept for guests_wait, which shows it and judges it.
bg=0 pending='' tcg=multi
guest() {
	name=$1 title=$2 bz=$3 words=$4 hier=$5 extra=${6:-}
	case " $hiers " in
	*" $hier "*) ;;
	*) leave "the $title (--hier $hiers)"; return 0 ;;
	esac
	export CG_HIER="$hier"
	selection "$name" "$words"
	unset CG_HIER
	selected=$(grep -c . "$out/$name.selected")
	# no boot for no test: the group's select- stream fails when none of
	# its runs selects one (select_group)
	if [ "$selected" -eq 0 ]; then
		leave "the $title (${pattern:+T= }selects none of its tests)"
		return 0
	fi
	echo "$title" > "$out/$name.title"
	set -- "$top"/qemu/boot.sh --kernel "$bz" --initrd "$initrd" --run check \
		--out "$out/$name" --timeout "$timeout" --tcg "$tcg" \
		--append "${words:+tests=$(echo "$words" | tr ' ' ,)} cgroup=$hier $extra"
	if [ $bg -eq 1 ]; then
		slot_wait
		echo "== $title: $selected tests, in the background"
		timed "$title" "$@" > "$out/$name.out" 2>&1 &
		pending="$pending $!:$name"
		return 0
	fi
	echo "== $title: $selected tests"
	timed "$title" "$@"
	judge "$name"
}
# timed TITLE CMD...: CMD, then how long it took
timed() {
	_t=$1 _s=$(date +%s)
	shift
	"$@"
	echo "== $_t: $(( $(date +%s) - _s )) s"
}
# judge NAME: a guest run's results go to verdict.sh, then its disks' fsck.
judge() {
	verdict_args="$verdict_args --guest $1 $out/$1 $out/$1.selected"
	stage "fsck-$1" "file system check of the $(cat "$out/$1.title"): disk images" \
		"$top"/tests/stress/fsck-images.sh "$out/$1"
}
# slot_wait: wait until fewer than $jobs boots started before still run,
# fewer than one while the background chain builds: a build wants the
# core a second guest would take.
slot_wait() {
	while :; do
		_busy=0 _slots=$jobs
		for _p in $pending; do
			! kill -0 "${_p%%:*}" 2> /dev/null || _busy=$((_busy + 1))
		done
		! kill -0 "$chain" 2> /dev/null || _slots=1
		[ "$_busy" -ge "$_slots" ] || return 0
		sleep 2
	done
}
# guests_wait: wait for the background boots, in the order started, and
# judge each.  A boot that hangs is ended by boot.sh's --timeout.
guests_wait() {
	for _p in $pending; do
		wait "${_p%%:*}"
		echo "== $(cat "$out/${_p#*:}.title") (ran in the background):"
		cat "$out/${_p#*:}.out"
		judge "${_p#*:}"
	done
	pending=''
}
# mglru N HIER: extra and what, the command line and title words of
# kernel N's runs on HIER for MGLRU (--mglru-off).
mglru() {
	extra='' what=''
	if [ "$(kget "$1" mglru_off)" = "$2" ]; then
		extra=mglru=off what=', MGLRU off'
	elif [ -n "$(kget "$1" mglru_off)" ]; then
		extra=mglru=on what=', MGLRU on'
	fi
}
# The guest runs share CHECK_JOBS slots (default 2; 1 boots one at a
# time): each starts as soon as a slot is free, whatever kernel it is of,
# so that no run waits for the slower of a pair, and all are judged at the
# end, in the order they started.  While the chain builds, one slot only:
# its builds need the other core (slot_wait).
# The fast kernels boot with single-threaded TCG (CHECK_TCG, default
# single): a guest then keeps one host core busy, and two side by side do
# not overcommit the two cores, as two MTTCG guests' four vCPU threads do
# (6.1's two runs side by side: 339 / 329 s against 431 / 423 s, README:
# Budget).  The debug kernel keeps MTTCG (CHECK_DEBUG_TCG, default multi):
# its runs are the ones that race the series' paths for KASAN and lockdep
# to see, and a race wants both vCPUs truly at once, not in turns of up to
# 100 ms.  Its races are bounded by time as well as rounds (rounds_more in
# tests/lib.sh), so a slower guest runs fewer rounds rather than meeting
# its timeout.
jobs=${CHECK_JOBS:-2}
case "$jobs" in
1|2) ;;
*) echo "check.sh: CHECK_JOBS: '$jobs' is not 1 or 2" >&2; exit 2 ;;
esac
fast_tcg=${CHECK_TCG:-single} debug_tcg=${CHECK_DEBUG_TCG:-multi}
for _t in "$fast_tcg" "$debug_tcg"; do
	case "$_t" in
	multi|single) ;;
	*) echo "check.sh: CHECK_TCG, CHECK_DEBUG_TCG: '$_t' is not multi or single" >&2; exit 2 ;;
	esac
done
[ "$jobs" -eq 1 ] || bg=1

i=1
while [ $i -le $nk ]; do
	v=$(kget $i kver) bz=$(kget $i kernel)
	if [ -n "$(kget $i build)" ] && ! built "build-$v" "the $v kernel" "$bz"; then
		leave "the $v kernel's lint and guest runs (its build failed)"
		i=$((i + 1))
		continue
	fi
	stage "lint-$v" "checkpatch --strict on $(kget $i series)" \
		"$top"/tests/host/lint.sh "$(kget $i tree)" "$(kget $i series)"
	tcg=$fast_tcg
	# what this kernel leaves out of each of its runs (--tests-out)
	xo=$(kget $i tests_out)
	[ -z "$xo" ] || leave "on $v, $xo in every run ($(kget $i tests_out_why))"
	fw="${pattern:-$guest_tests}${xo:+ $xo}"
	runs=''
	for h in $hiers; do
		runs="$runs|$h $fw"
	done
	select_group "$v" "$runs"
	for h in v1 v2; do
		mglru $i $h
		name=guest-$v
		[ $h = v1 ] || name=guest-$h-$v
		guest "$name" "guest tests on $v, cgroup $h$what" "$bz" \
			"$fw" $h "$extra"
	done
	# With kmem accounting off every dentry and inode is on the root's
	# lists: the nokmem-* tests need a boot of their own, with
	# cgroup.memory=nokmem.  The other runs leave them out (FAST_TESTS,
	# DEBUG_TESTS); with T= the boot is left out too.
	[ -z "$pattern" ] && select_group "nokmem-$v" "v1 nokmem-${xo:+ $xo}" &&
		guest "nokmem-$v" "guest tests on $v with kmem accounting off" "$bz" \
			"nokmem-${xo:+ $xo}" v1 "cgroup.memory=nokmem"
	dbz=$(kget $i debug_kernel) k_why=$(kget $i no_debug)
	if [ -z "$dbz" ]; then
		leave "the $v debug kernel's tests${k_why:+ ($k_why)}"
	elif [ -z "$(kget $i debug_build)" ] || built "debug-build-$v" "the $v debug kernel" "$dbz"; then
		nh=0 runs=''
		for h in v1 v2; do
			case " $(kget $i debug_hier) " in *" $h "*) ;; *) continue ;; esac
			case " $hiers " in *" $h "*) nh=$((nh + 1)) ;; esac
		done
		for h in v1 v2; do
			case " $(kget $i debug_hier) " in *" $h "*) ;; *) continue ;; esac
			case " $hiers " in *" $h "*) ;; *) continue ;; esac
			# shellcheck disable=SC2086 # words
			w=${pattern:-$(hier_words $h $nh $debug_tests)}
			[ -z "$w" ] || runs="$runs|$h $w${xo:+ $xo}"
		done
		[ -z "$runs" ] || select_group "debug-$v" "$runs"
		for h in v1 v2; do
			case " $(kget $i debug_hier) " in
			*" $h "*) ;;
			*) leave "the $v debug kernel on cgroup $h (DEBUG_HIER)"; continue ;;
			esac
			name=debug-$v
			[ $h = v1 ] || name=debug-$h-$v
			# shellcheck disable=SC2086 # words
			words=${pattern:-$(hier_words $h $nh $debug_tests)}
			if [ -z "$words" ]; then
				leave "the $v debug kernel on cgroup $h (no DEBUG_TESTS word for it)"
				continue
			fi
			words="$words${xo:+ $xo}"
			mglru $i $h
			tcg=$debug_tcg
			guest "$name" "guest tests on the $v debug kernel, cgroup $h$what" "$dbz" \
				"$words" $h "$DEBUG_CMDLINE $extra"
		done
	fi
	i=$((i + 1))
done
guests_wait
# The system test: its packages and root built in the chain, its guest
# (two vCPUs on MTTCG, as a host runs systemd) alone, after the others.
if [ -n "$system_build" ] &&
	built system-build "the system test's packages and root" "$system_built"; then
	echo "== the system test (Debian 12, systemd, podman, node_exporter)"
	s=$(date +%s)
	SYS_RUN_OUT=$out/system sh -c "$system_run" 2>&1 | tee "$out/system.out"
	echo "== the system test: $(( $(date +%s) - s )) s"
	verdict_args="$verdict_args --stream system-packages $out/system/packages.tap $out/system/packages.rc"
	verdict_args="$verdict_args --guest system $out/system/guest $out/system/selected"
elif [ -n "$system_build" ]; then
	leave "the system test's guest (its build failed)"
fi
wait "$lint_pid"
echo "== shellcheck on every shell script (in the background):"
cat "$out/sh-lint.tap"
echo "== shellcheck on every shell script: $(cat "$out/sh-lint.time") s"
verdict_args="$verdict_args --stream sh-lint $out/sh-lint.tap $out/sh-lint.rc"
echo "== waiting for the background builds"
wait "$chain"
i=1
while [ $i -le $nk ]; do
	v=$(kget $i kver)
	if [ $series -eq 1 ] && [ -n "$(kget $i series_check)" ]; then
		echo "== build checks of the $v series (in the background, $(cat "$out/series-$v.time" 2> /dev/null || echo '?') s)"
		cat "$out/series-$v.log"
		verdict_args="$verdict_args --stream series-$v $out/series-$v.log $out/series-$v.rc"
	elif [ $series -eq 1 ]; then
		leave "the $v series' build checks (no --series-check)"
	fi
	i=$((i + 1))
done

if [ -n "$pattern" ]; then
	total=$(select_names "$top/tests" | grep -c .)
	leave "$((total - $(cat "$out"/*.selected 2> /dev/null | sort -u | grep -c .))) of $total guest tests (T=$pattern)"
	leave "the series' build checks (T=)"
	leave "the boots with kmem accounting off (T=)"
elif [ $series -eq 0 ]; then
	leave "the series' build checks (SERIES_CHECK=0)"
fi

echo "== verdict (after $(( $(date +%s) - t0 )) s)"
set --
IFS='|'
set -f
for l in ${left_out#|}; do
	set -- "$@" --left-out "$l"
done
set +f
unset IFS
# shellcheck disable=SC2086 # word list built above, paths without blanks
"$top"/tests/host/verdict.sh --need-guest $verdict_args "$@"
