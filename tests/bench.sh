#!/bin/sh
# The guest side of `make bench`: each claim of the series timed against its
# baseline, both sides on the same population, in interleaved rounds.  It
# prints facts, one a line, that tests/bench/summarize.awk turns into the
# table (median, min and max of every figure, per-round ratios against the
# project's goals) and tests/bench/plot.gp into the plot, on the host:
#   bench-what KEY UNIT TEXT     bench-sample KEY ROUND VALUE
#   bench-ratio NAME A B GOAL TEXT     bench-note TEXT
#   bench-goal KEY GOAL          (a goal for one figure's median)
# Times come from benchtime (clock_gettime(CLOCK_MONOTONIC) around the work
# alone), never from the shell.
#
#  P1  `all` on A (50k dentries) costs the same whoever else holds dentries:
#      0, 10k, 100k, 1M other dentries in 1000 other cgroups.  The crowd
#      slows everything under TCG, so force_empty and creating A's dentries
#      are measured in the same rounds; the ratio of ratios is the figure.
#  P2  `all` frees a cgroup's dentries at least 1.2 times as fast as
#      drop_caches frees the same dentries (nothing else on the machine to
#      free): P2 on negative dentries (never referenced), P2r on files
#      looked up twice (referenced: drop_caches rotates each once).
#  P3  `all` against memory.force_empty, what v1 offers to target one
#      cgroup: time, and how much of the cgroup's 8 MiB page cache is kept.
#  P4  reading memory.dentry_unused does not walk dentries: 1M against 1k
#      dentries; and what it costs with 1000 against 10 memcgs below.
#  P5  (bench=p5, booted on the patched and on the vanilla kernel in turn)
#      the hot paths: create+stat+unlink, negative lookups, limit reclaim.
#  P6  `all` on a parent of 1000 children x 100 dentries against the same
#      dentries in one cgroup.
#  P7  a small n does not scan the world: `1` on a cgroup with 100k
#      referenced dentries (files looked up twice) takes at most twice as
#      long as `1` on a cgroup with 10.
#  P8  readers do not hold sb_lock: a task that takes sb_lock in a tight
#      loop (ustat(2) of a device no superblock has) waits at most 1 ms
#      longer while another CPU reads memory.dentry_unused with 1000 memcgs
#      and 18 extra file systems (tmpfs) than while nobody reads: the
#      root's file, and the parent's of the 1000.  And the hold itself:
#      the longest call of the function that counts a batch (under the
#      superblock's s_umount, or under sb_lock while a mount holds that;
#      under sb_lock on series before the superblocks were pinned once a
#      read), timed by the function graph tracer, is at most 1 ms.
#  P9  nobody else waits for a forced shrink: while `all` frees P9_N
#      dentries of a cgroup on the data disk, (a) a remount of that file
#      system as it is, read-write (s_umount for writing, as umount,
#      freeze and a read-only remount take it; a read-only remount would
#      shrink the dcache itself in reconfigure_super()) and (b) an rmdir
#      of the cgroup each return within 5 ms, and (c) the 99th
#      percentile wait of ustat(2) for sb_lock, with two readers of
#      memory.dentry_unused looping, is at most twice what it is with
#      nothing running.  A freeze (FIFREEZE) is timed too, against the
#      same freeze idle: it syncs the file system, which alone takes
#      tens of ms under TCG.
#  P10 (bench=p10, booted on the patched and on the vanilla kernel) the
#      memory a memcg costs: Percpu and Slab of /proc/meminfo grow by at
#      most 1% more per 1000 memcgs patched than vanilla; and, patched,
#      what they grow by once each memcg's slab has been forced (`1`).
#
# What runs and how big comes from the kernel command line (the host's
# qemu/boot.sh --append) or the environment (the smoke test):
#   bench=main|p5|p10   bench_side=patched|vanilla   bench_round=N
#   bench_scale=N   bench_only=p2,p7,... (main: only these parts; p1 and p4
#   run together)   bench_profile=1 (see profile_start)   bench_insns=1
#   (see marked)   (or BENCH_PART, BENCH_SIDE, BENCH_ROUND, BENCH_SCALE,
#   BENCH_ONLY="p2 p7", BENCH_PROFILE, BENCH_INSNS;
#   BENCH_SMOKE=1 makes every population tiny)
# cgroup v1 (main, P5 and P10), or v2 (P5 and P10 only: run.sh's parts
# p5-v2 and p10-v2 boot the guest with cgroup=v2)
# shellcheck source=tests/hier.sh
. /tests/hier.sh
DATA=/mnt/data

part=${BENCH_PART:-main} side=${BENCH_SIDE:-patched}
round=${BENCH_ROUND:-1} scale=${BENCH_SCALE:-1} only=${BENCH_ONLY:-}
profile=${BENCH_PROFILE:-0} insns=${BENCH_INSNS:-0}
# shellcheck disable=SC2013 # words, not lines
for arg in $(cat /proc/cmdline); do
	case "$arg" in
	bench=*) part=${arg#bench=} ;;
	bench_side=*) side=${arg#bench_side=} ;;
	bench_round=*) round=${arg#bench_round=} ;;
	bench_scale=*) scale=${arg#bench_scale=} ;;
	bench_only=*) only=$(echo "${arg#bench_only=}" | tr , ' ') ;;
	bench_profile=*) profile=${arg#bench_profile=} ;;
	bench_insns=*) insns=${arg#bench_insns=} ;;
	esac
done
case "$scale" in
'' | *[!0-9]* | 0) echo "bench: bench_scale must be a positive integer" >&2; exit 2 ;;
esac

# Sizes.  The default run stays under 10 minutes on 2 cores (TCG); the
# scale multiplies the rounds and the populations that memory allows.
REPS=$((5 * scale))		# rounds of the cheap figures
P1_REPS=$((3 * scale))		# rounds at each crowd level
P1_A=$((50000 * scale))		# A's dentries
P1_NCG=1000			# cgroups in the crowd
P1_PER="10 100 1000"		# crowd dentries per cgroup, level by level
P2_N=$((50000 * scale))
P3_N=$((50000 * scale)) P3_MB=8
# reading a parent of 1000 memcgs takes ~50 ms under TCG, a leaf ~0.15 ms
P4_BIG=1000000 P4_SMALL=1000 P4_READS=200 P4_FEW=10 P4_TREE_READS=10
P6_NCG=1000 P6_PER=100 P6_REPS=$((3 * scale))
P5_CHURN=$((20000 * scale)) P5_NEG=$((50000 * scale))
P5_LIMIT=$((100000 * scale)) P5_LIMIT_BYTES=16M P5_REPS=1
# P7's population stays the issue's 100k at every scale
P7_BIG=100000 P7_SMALL=10 P7_REPS=$((10 * scale))
# P8: ustat of a device nobody has (major 4095: no driver gets it)
P8_NCG=1000 P8_EXTRA=18 P8_MS=1000 P8_REPS=$REPS P8_DEV=4095:1048575
# P9: the issue's 300k dentries; the ustat(2) window must end before the
# write does (a write of 300k takes seconds under TCG)
P9_N=$((300000 * scale)) P9_MS=300 P9_REPS=$((3 * scale))
P10_NCG=1000 P10_REPS=$((3 * scale))
if [ "${BENCH_SMOKE:-0}" = 1 ]; then
	REPS=3 P1_REPS=3 P1_A=500 P1_NCG=10 P1_PER="1 10"
	P2_N=500 P3_N=500 P3_MB=1
	P4_BIG=2000 P4_SMALL=20 P4_READS=20 P4_FEW=2 P4_TREE_READS=5
	P6_NCG=10 P6_PER=20 P6_REPS=3
	P5_CHURN=200 P5_NEG=500 P5_LIMIT=5000 P5_LIMIT_BYTES=4M P5_REPS=2
	P7_BIG=200 P7_SMALL=10 P7_REPS=3
	P8_NCG=10 P8_EXTRA=2 P8_MS=100 P8_REPS=3
	P9_N=2000 P9_MS=20 P9_REPS=2
	P10_NCG=20 P10_REPS=2
fi

what() { echo "bench-what $*"; }
sample() { echo "bench-sample $*"; }
ratio() { echo "bench-ratio $*"; }
note() { echo "bench-note $*"; }
goal() { echo "bench-goal $*"; }
die() { echo "bench: $*" >&2; exit 1; }
# progress TEXT: what the host shows while the guest works
progress() { echo "# $(cut -d' ' -f1 /proc/uptime) s: $*"; }

# Profiles (bench_profile=1; the kernel needs CONFIG_FUNCTION_PROFILER):
# P1, P2 and P5 run one more, untimed, round of what they time under
# ftrace's function profiler, and print where the kernel spent it, one
# function a line.  It counts the functions PROFILE_FILTER's globs name
# (the dcache, inodes, superblocks, list_lru, memcg, slab, reclaim and
# lookup): profiling every function also traces what the int3 handler
# calls while ftrace patches the call sites, and 6.1 under TCG then
# recursed into a double fault (kernel BUG in irqentry_nmi_enter()).
# A function's self time includes that of callees the globs leave out.
#   bench-profile LABEL FUNCTION HITS SELF_US
# for every function the run called, by self time (time in the function
# less its callees'; graph-time off).  All of them, not the most costly
# few: a cut at a fixed count drops a function from one run and keeps it
# in the next as their times shift around the cut, and a comparison of
# two labels then shows work that was done as work that was not.  The
# profiler's own cost inflates every time several-fold under TCG: the
# hits are exact, the times say only where it went.
PROFILE_FILTER="*dentry* *dcache* d_* __d_* dput *list_lru* *lru* shrink_*
*shrink* *memcg* mem_cgroup_* *super* *inode* iput* evict* *rstat*
*reclaim* *vmscan* kmem_cache_* *slab* lookup_* path_* walk_component
filename_* vfs_* *workingset* *folio* *mapping* prune_*"
PTRACE=/sys/kernel/tracing
profile_start() {
	[ -e $PTRACE/function_profile_enabled ] ||
		mount -t tracefs tracefs $PTRACE 2> /dev/null
	[ -e $PTRACE/function_profile_enabled ] ||
		die "bench_profile=1: the kernel has no function profiler (CONFIG_FUNCTION_PROFILER)"
	echo 0 > $PTRACE/function_profile_enabled
	echo > $PTRACE/set_ftrace_filter
	# a glob that matches nothing is refused (EINVAL): the others stand
	set -f
	for _g in $PROFILE_FILTER; do
		echo "$_g" >> $PTRACE/set_ftrace_filter 2> /dev/null
	done
	set +f
	[ -n "$(head -n 1 $PTRACE/set_ftrace_filter)" ] ||
		die "bench_profile=1: PROFILE_FILTER names no function"
	echo 0 > $PTRACE/options/graph-time
	# enabling resets the counts
	echo 1 > $PTRACE/function_profile_enabled
}
# profile_stop LABEL: the counts since profile_start, per CPU summed
profile_stop() {
	echo 0 > $PTRACE/function_profile_enabled
	echo "bench-profile $1 @run 0 0"
	cat $PTRACE/trace_stat/function* | awk '
		$1 == "Function" || $1 ~ /^-+$/ || NF < 3 { next }
		{ hits[$1] += $2; us[$1] += $3 }
		END { for (f in hits) printf "%s %d %.1f\n", f, hits[f], us[f] }' |
		sort -k3,3 -rn | awk -v l="$1" '{ print "bench-profile", l, $1, $2, $3 }'
}

# Instruction counts (bench_insns=1: tests/bench/insns.sh boots the guest
# under insns.so, a TCG plugin that counts the instructions executed
# between the marks benchtime -m makes around its timed work).  `marked
# LABEL` before a timed call makes it pass $mark (-m) and names the phase
# it marks: bench-mark LABEL, the Nth such line names the plugin's Nth
# phase.  The caller clears $mark after the call.
mark=
marked() {
	[ "$insns" = 1 ] || return 0
	echo "bench-mark $1"
	mark=-m
}

# t_write FILE TEXT: nanoseconds that one write(2) of TEXT to FILE took
t_write() {
	benchtime ${mark:+"$mark"} write "$1" "$2" || die "write '$2' to $1 failed"
}

# unused CG: CG's own unused dentries
unused() {
	awk '$1 == "unused" { print $2 }' "$MEMCG/$1/memory.dentry_unused"
}

# nr_dentry: dentries allocated on the whole machine
nr_dentry() {
	awk '{ print $1 }' /proc/sys/fs/dentry-state
}

# populate CG DIR N: N negative dentries DIR/n1..nN charged to CG; prints ns
populate() {
	benchtime -c "$MEMCG/$1" lookup "$2" n "$3" || die "lookups in $1"
}

# expect_unused CG N WHAT: CG holds N unused dentries (the bench measures
# nothing it has not set up)
expect_unused() {
	_u=$(unused "$1")
	[ "$_u" -ge "$2" ] || die "$3: $1 holds $_u unused dentries, want >= $2"
}

# emptied CG: free whatever CG still holds (untimed); prints what it held
emptied() {
	_u=$(unused "$1")
	[ "$_u" -gt 0 ] && echo all > "$MEMCG/$1/memory.force_slab_shrink"
	echo "$_u"
}

# odd R: true for odd rounds, which run the two sides in the other order
odd() { [ $(($1 % 2)) -eq 1 ]; }

# want PART: true when bench_only names PART, or names nothing
want() {
	[ -z "$only" ] && return 0
	case " $only " in
	*" $1 "*) return 0 ;;
	esac
	return 1
}

# cgnames PARENT N [PREFIX]: PARENT/c1..cN (PREFIX1..N), one a line;
# mkcgs PARENT N [PREFIX] makes them with one mkdir (a fork each costs
# seconds under TCG), rmcgs removes them
cgnames() {
	_i=1
	while [ $_i -le "$2" ]; do
		echo "$1/${3:-c}$_i"
		_i=$((_i + 1))
	done
}
mkcgs() { cgnames "$@" | xargs mkdir; }
rmcgs() { cgnames "$@" | xargs rmdir; }

# ---------------------------------------------------------------- P2
p2() {
	p2_kind P2 negative "$P2_N negative dentries (unreferenced: a lookup that fails in RCU mode takes no reference)"
	p2_kind P2r hot "$P2_N files looked up twice (positive, referenced: drop_caches rotates them once before it frees them)"
	# the data disk has 256k inodes; P7 wants 100k of them
	rm -rf "$DATA/p2r"
}

# p2_fill KIND: the population of p2_kind KIND in p2 (on an empty dcache)
p2_fill() {
	sync
	echo 2 > /proc/sys/vm/drop_caches
	if [ "$1" = negative ]; then
		populate p2 "$DATA/p2" "$P2_N" > /dev/null || exit 1
	else
		benchtime -c "$MEMCG/p2" hot "$DATA/p2r" f "$P2_N" > /dev/null || die "P2r: hot files"
	fi
	expect_unused p2 "$P2_N" P2
}

# p2_kind KEY KIND TEXT: P2 on a population of KIND (negative or hot)
p2_kind() {
	progress "$1: all against drop_caches, $REPS rounds of $3"
	what "$1-all-rate" /s "$1 dentries freed per second by all on A ($3)"
	what "$1-drop-rate" /s "$1 the same by echo 2 > drop_caches (only A's dentries exist)"
	ratio "$1-all/drop" "$1-all-rate" "$1-drop-rate" '>=1.2' "$1 all / drop_caches, dentries freed per second ($2)"
	mkdir -p "$MEMCG/p2" "$DATA/p2" "$DATA/p2r"
	r=1
	while [ $r -le "$REPS" ]; do
		if odd $r; then order="all drop"; else order="drop all"; fi
		for how in $order; do
			p2_fill "$2"
			before=$(nr_dentry)
			marked "$1-$how"
			if [ "$how" = all ]; then
				t=$(t_write "$MEMCG/p2/memory.force_slab_shrink" all) || exit 1
			else
				t=$(t_write /proc/sys/vm/drop_caches 2) || exit 1
			fi
			mark=
			freed=$((before - $(nr_dentry)))
			sample "$1-$how-rate" $r "$(awk -v f="$freed" -v t="$t" 'BEGIN { printf "%.0f", f * 1e9 / t }')"
		done
		r=$((r + 1))
	done
	if [ "$profile" = 1 ]; then
		for how in all drop; do
			p2_fill "$2"
			profile_start
			if [ "$how" = all ]; then
				echo all > "$MEMCG/p2/memory.force_slab_shrink"
			else
				echo 2 > /proc/sys/vm/drop_caches
			fi
			profile_stop "$1-$how"
		done
	fi
	emptied p2 > /dev/null
	rmdir "$MEMCG/p2"
}

# ---------------------------------------------------------------- P3
p3() {
	progress "P3: all against force_empty, $REPS rounds of $P3_N dentries and $P3_MB MiB"
	what P3-all ns "P3 all on A ($P3_N dentries, ${P3_MB} MiB page cache)"
	what P3-force_empty ns "P3 memory.force_empty on the same A"
	what P3-all-kept % "P3 A's page cache kept by all"
	what P3-force_empty-kept % "P3 A's page cache kept by force_empty"
	ratio P3-all/force_empty P3-all P3-force_empty '<=1.0' "P3 time, all / force_empty"
	note "P3: 6.1's shrinker debugfs scan cannot target a v1 memcg (its write fails ENOENT: it looks the id up on the v2 hierarchy), so it is no baseline here"
	mkdir -p "$MEMCG/p3" "$DATA/p3"
	dd if=/dev/zero of="$DATA/p3/data" bs=1M count="$P3_MB" 2> /dev/null
	sync
	pages=$((P3_MB * 256))
	r=1
	while [ $r -le "$REPS" ]; do
		if odd $r; then order="all force_empty"; else order="force_empty all"; fi
		for how in $order; do
			emptied p3 > /dev/null
			echo 1 > /proc/sys/vm/drop_caches
			benchtime -c "$MEMCG/p3" cache "$DATA/p3/data" > /dev/null || exit 1
			populate p3 "$DATA/p3" "$P3_N" > /dev/null || exit 1
			expect_unused p3 "$P3_N" P3
			in=$(benchtime incore "$DATA/p3/data")
			[ "$in" -ge "$pages" ] || die "P3: only $in of $pages pages cached"
			if [ "$how" = all ]; then
				t=$(t_write "$MEMCG/p3/memory.force_slab_shrink" all) || exit 1
			else
				t=$(t_write "$MEMCG/p3/memory.force_empty" 0) || exit 1
			fi
			left=$(unused p3)
			kept=$(benchtime incore "$DATA/p3/data")
			sample "P3-$how" $r "$t"
			sample "P3-$how-kept" $r "$(awk -v k="$kept" -v p="$pages" 'BEGIN { printf "%.1f", 100 * k / p }')"
			[ "$left" -gt $((P3_N / 100)) ] && note "P3 round $r: $how left $left of A's $P3_N dentries"
		done
		r=$((r + 1))
	done
	emptied p3 > /dev/null
	rmdir "$MEMCG/p3"
}

# ---------------------------------------------------------------- P1
# p1_round LEVEL R: one round on A at crowd LEVEL: create A's dentries and
# `all`, create them again and force_empty (the other way round in odd
# rounds).
p1_round() {
	if odd "$2"; then order="force_empty all"; else order="all force_empty"; fi
	for how in $order; do
		emptied p1 > /dev/null
		t=$(populate p1 "$DATA/p1" "$P1_A") || exit 1
		sample "P1-create@$1" "$2" "$t"
		expect_unused p1 "$P1_A" P1
		if [ "$how" = all ]; then
			t=$(t_write "$MEMCG/p1/memory.force_slab_shrink" all) || exit 1
		else
			t=$(t_write "$MEMCG/p1/memory.force_empty" 0) || exit 1
		fi
		sample "P1-$how@$1" "$2" "$t"
	done
}

p1_level() {
	progress "P1: A with $1 other dentries, $P1_REPS rounds"
	r=1
	while [ $r -le "$P1_REPS" ]; do
		p1_round "$1" $r
		r=$((r + 1))
	done
	# profiles alone (the first time) and in the biggest crowd
	if [ "$profile" = 1 ] && { [ "$1" = "$top" ] || [ -z "${p1_profiled:-}" ]; }; then
		p1_profiled=1
		for how in all force_empty; do
			emptied p1 > /dev/null
			populate p1 "$DATA/p1" "$P1_A" > /dev/null || exit 1
			profile_start
			if [ "$how" = all ]; then
				echo all > "$MEMCG/p1/memory.force_slab_shrink"
			else
				echo 0 > "$MEMCG/p1/memory.force_empty"
			fi
			profile_stop "P1-$how@$1"
		done
	fi
}

p1_what() {
	for l in 0 $levels; do
		what "P1-all@$l" ns "P1 all on A ($P1_A dentries), $l other dentries"
		what "P1-force_empty@$l" ns "P1 force_empty on A, $l other dentries"
		what "P1-create@$l" ns "P1 creating A's $P1_A dentries, $l other dentries"
	done
	ratio P1-all-crowd "P1-all@$top" P1-all@0 - "P1 all, $top others / alone"
	ratio P1-fe-crowd "P1-force_empty@$top" P1-force_empty@0 - "P1 force_empty, $top others / alone"
	ratio P1-create-crowd "P1-create@$top" P1-create@0 - "P1 creating A, $top others / alone"
	ratio P1-all/fe P1-all-crowd P1-fe-crowd '<=1.05' "P1 ratio of ratios, all / force_empty"
	ratio P1-all/create P1-all-crowd P1-create-crowd '<=1.05' "P1 ratio of ratios, all / creation"
}

# ---------------------------------------------------------------- P4
# p4_reads READS NAME1 CG1 NAME2 CG2: interleaved samples of reading CG1's
# and CG2's memory.dentry_unused, READS reads a sample
p4_reads() {
	r=1
	while [ $r -le "$REPS" ]; do
		t=$(benchtime read "$MEMCG/$3/memory.dentry_unused" "$1") || exit 1
		sample "$2" $r "$t"
		t=$(benchtime read "$MEMCG/$5/memory.dentry_unused" "$1") || exit 1
		sample "$4" $r "$t"
		r=$((r + 1))
	done
}

# ---------------------------------------------------------------- P6
p6() {
	progress "P6: $P6_NCG children x $P6_PER dentries against one cgroup, $P6_REPS rounds"
	what P6-children ns "P6 all on a parent of $P6_NCG children x $P6_PER dentries"
	what P6-one ns "P6 all on one cgroup with the same $((P6_NCG * P6_PER)) dentries"
	ratio P6-children/one P6-children P6-one - "P6 time, $P6_NCG children / one cgroup"
	mkdir -p "$MEMCG/p6" "$MEMCG/p6one" "$DATA/p6" "$DATA/p6one"
	i=1
	while [ $i -le "$P6_NCG" ]; do
		echo "$MEMCG/p6/c$i"
		i=$((i + 1))
	done | xargs mkdir
	r=1
	while [ $r -le "$P6_REPS" ]; do
		if odd $r; then order="children one"; else order="one children"; fi
		for how in $order; do
			if [ "$how" = children ]; then
				benchtime spread "$MEMCG/p6" c "$P6_NCG" "$DATA/p6" "$P6_PER" > /dev/null || exit 1
				cg=p6
			else
				benchtime -c "$MEMCG/p6one" lookup "$DATA/p6one" n $((P6_NCG * P6_PER)) > /dev/null || exit 1
				cg=p6one
			fi
			n=$(awk '$1 == "total_unused" { print $2 }' "$MEMCG/$cg/memory.dentry_unused")
			[ "$n" -ge $((P6_NCG * P6_PER)) ] || die "P6: $cg holds $n dentries"
			t=$(t_write "$MEMCG/$cg/memory.force_slab_shrink" all) || exit 1
			sample "P6-$how" $r "$t"
		done
		r=$((r + 1))
	done
	i=1
	while [ $i -le "$P6_NCG" ]; do
		echo "$MEMCG/p6/c$i"
		i=$((i + 1))
	done | xargs rmdir
	rmdir "$MEMCG/p6" "$MEMCG/p6one"
}

# ---------------------------------------------------------------- P7
# p7_one SIZE R: make the cgroup p7SIZE's dentries hot again (the write of
# 1 before freed one, and may have cleared others' referenced bits), then
# time `1` on it
p7_one() {
	if [ "$1" = big ]; then n=$P7_BIG; else n=$P7_SMALL; fi
	benchtime -c "$MEMCG/p7$1" hot "$DATA/p7$1" f "$n" > /dev/null || exit 1
	expect_unused "p7$1" "$n" P7
	u0=$(unused "p7$1")
	s0=$(cat "$MEMCG/p7$1/memory.slab_reclaim_stat")
	t=$(t_write "$MEMCG/p7$1/memory.force_slab_shrink" 1) || exit 1
	s1=$(cat "$MEMCG/p7$1/memory.slab_reclaim_stat")
	u1=$(unused "p7$1")
	# a write that did not free one dentry did not do what P7 times
	if [ $((u0 - u1)) -eq 1 ]; then
		sample "P7-one-$1" "$2" "$t"
	else
		note "P7 round $2, not sampled: 1 on $n dentries took $((u0 - u1)) off the dentry list in $((t / 1000)) us, freed $(stat_delta dentry_reclaimed) dentries and $(stat_delta inode_reclaimed) inodes"
	fi
}

# stat_delta KEY: how much KEY of memory.slab_reclaim_stat grew from $s0 to $s1
stat_delta() {
	echo "$s0
$s1" | awk -v k="$1" '$1 == k { v[n++] = $2 } END { print v[1] - v[0] }'
}

p7() {
	progress "P7: 1 on $P7_BIG against $P7_SMALL referenced dentries, $P7_REPS rounds"
	what P7-one-big ns "P7 echo 1 > force_slab_shrink, cgroup of $P7_BIG referenced dentries"
	what P7-one-small ns "P7 the same, cgroup of $P7_SMALL referenced dentries"
	ratio P7-big/small P7-one-big P7-one-small '<=2' "P7 time of echo 1, $P7_BIG / $P7_SMALL referenced dentries"
	mkdir -p "$MEMCG/p7big" "$MEMCG/p7small" "$DATA/p7big" "$DATA/p7small"
	r=1
	while [ $r -le "$P7_REPS" ]; do
		if odd $r; then order="small big"; else order="big small"; fi
		for how in $order; do
			p7_one "$how" $r
		done
		r=$((r + 1))
	done
	# the files stay (the disk is new each boot); their dentries go
	emptied p7big > /dev/null
	emptied p7small > /dev/null
	rmdir "$MEMCG/p7big" "$MEMCG/p7small"
}

# ---------------------------------------------------------------- P8
# p8_run HOW R [FILE]: R's sample of the sb_lock loop, FILE read meanwhile
p8_run() {
	_out=$(benchtime sblock "$P8_DEV" "$P8_MS" ${3:+"$3"}) ||
		die "P8: benchtime sblock ($1) failed"
	# shellcheck disable=SC2086 # four numbers: MAX P99 CALLS READS
	set -- "$1" "$2" $_out
	[ $# -eq 6 ] || die "P8: benchtime sblock ($1) printed '$_out'"
	sample "P8-max-$1" "$2" "$3"
	sample "P8-p99-$1" "$2" "$4"
	case $1 in
	alone) max_alone=$3 ;;
	root) max_root=$3 ;;
	parent) max_parent=$3 ;;
	esac
	case $1 in
	root | parent) sample "P8-reads-$1" "$2" $(($6 * 1000 / P8_MS)) ;;
	esac
}

# p8_hold HOW R FILE: R's samples of the sb_lock holds of 20 reads of
# FILE, from the function graph tracer: the kernel function that counts a
# superblock's lists runs with a lock held throughout, s_umount (sb_lock
# while a mount holds that, and always on series before the superblocks
# were pinned once a read) (P8_HOLD_FN:
# list_lru_count_subtree_step, a batch of memcgs a call, or
# list_lru_count_subtree, a whole subtree a call, on a kernel before the
# batches), so its calls are the holds, less the few instructions around
# them.  Only that function is hooked (set_ftrace_filter): patching every
# call site under TCG can oops in the int3 handler.  The longest call
# includes any time the host took the vCPU away meanwhile (P8-max-ustat
# shows how long that can be); the 99th percentile mostly does not.
p8_hold() {
	echo 0 > $PTRACE/tracing_on
	echo nop > $PTRACE/current_tracer
	echo "$P8_HOLD_FN" > $PTRACE/set_ftrace_filter
	echo "$P8_HOLD_FN" > $PTRACE/set_graph_function
	echo 1 > $PTRACE/max_graph_depth
	echo > $PTRACE/trace
	echo function_graph > $PTRACE/current_tracer
	echo 1 > $PTRACE/tracing_on
	_i=0
	while [ $_i -lt 20 ]; do
		cat "$3" > /dev/null || die "P8: reading $3"
		_i=$((_i + 1))
	done
	echo 0 > $PTRACE/tracing_on
	# " 1)   5.123 us    |  fn();" (a mark such as ! or # may precede the
	# time): each call's time in ns, then the longest, the 99th
	# percentile and the number of calls
	_out=$(awk -v fn="$P8_HOLD_FN" 'index($0, fn "()") {
			for (i = 1; i < NF; i++)
				if ($(i + 1) == "us" && $i ~ /^[0-9.]+$/)
					printf "%d\n", $i * 1000
		}' $PTRACE/trace | sort -n | awk '{ t[NR] = $1 }
		END { if (NR) printf "%d %d %d\n", t[NR], t[int((NR * 99 + 99) / 100)], NR; else print "0 0 0" }')
	echo nop > $PTRACE/current_tracer
	echo > $PTRACE/set_graph_function
	echo > $PTRACE/set_ftrace_filter
	echo 0 > $PTRACE/max_graph_depth
	# shellcheck disable=SC2086 # three numbers: MAX P99 CALLS
	set -- "$1" "$2" $_out
	[ "$5" -gt 0 ] || die "P8: the graph tracer saw no call of $P8_HOLD_FN"
	sample "P8-hold-$1" "$2" "$3"
	sample "P8-hold99-$1" "$2" "$4"
	sample "P8-holds-$1" "$2" "$5"
}

p8() {
	progress "P8: sb_lock against readers of memory.dentry_unused, $P8_NCG memcgs, $P8_EXTRA more file systems, $P8_REPS rounds of $P8_MS ms"
	parent="the parent of the $P8_NCG memcgs"
	what P8-max-alone ns "P8 longest time between two ustat(2) returns (each takes sb_lock), nobody reading"
	what P8-max-root ns "P8 the same while another CPU reads the root's memory.dentry_unused"
	what P8-max-parent ns "P8 the same while another CPU reads $parent's"
	what P8-extra-root dns "P8 longest time with the root's reader minus nobody's, same round"
	what P8-extra-parent dns "P8 the same with $parent's reader"
	goal P8-extra-root '<=1000000'
	goal P8-extra-parent '<=1000000'
	what P8-p99-alone ns "P8 99th percentile time between two ustat(2) returns, nobody reading"
	what P8-p99-root ns "P8 the same, the root's reader"
	what P8-p99-parent ns "P8 the same, $parent's reader"
	what P8-max-ustat ns "P8 longest time between two returns while another CPU calls the same ustat(2) (short holds: what handing sb_lock over costs the guest)"
	what P8-p99-ustat ns "P8 the same, 99th percentile"
	[ -e $PTRACE/current_tracer ] || mount -t tracefs tracefs $PTRACE 2> /dev/null
	P8_HOLD_FN=list_lru_count_subtree_step
	grep -qx "$P8_HOLD_FN" $PTRACE/available_filter_functions ||
		P8_HOLD_FN=list_lru_count_subtree
	grep -qx "$P8_HOLD_FN" $PTRACE/available_filter_functions ||
		die "P8: the kernel has neither list_lru_count_subtree_step nor list_lru_count_subtree to trace"
	grep -qw function_graph $PTRACE/available_tracers ||
		die "P8: the kernel has no function graph tracer"
	what P8-hold-root ns "P8 longest sb_lock hold of 20 reads of the root's memory.dentry_unused ($P8_HOLD_FN, function graph tracer)"
	what P8-hold-parent ns "P8 the same, $parent's"
	goal P8-hold-root '<=1000000'
	goal P8-hold-parent '<=1000000'
	what P8-hold99-root ns "P8 99th percentile sb_lock hold, the same reads of the root's file"
	what P8-hold99-parent ns "P8 the same, $parent's"
	what P8-holds-root n "P8 holds of sb_lock that 20 reads of the root's file took"
	what P8-holds-parent n "P8 the same, $parent's"
	what P8-reads-root /s "P8 reads of the root's memory.dentry_unused meanwhile"
	what P8-reads-parent /s "P8 reads of $parent's meanwhile"
	ratio P8-p99-root/alone P8-p99-root P8-p99-alone - "P8 99th percentile wait for sb_lock, the root's reader / nobody's"
	ratio P8-p99-parent/alone P8-p99-parent P8-p99-alone - "P8 the same, $parent's reader / nobody's"
	mkdir -p "$MEMCG/p8"
	mkcgs "$MEMCG/p8" "$P8_NCG"
	i=1
	while [ $i -le "$P8_EXTRA" ]; do
		mkdir -p "/tmp/p8sb/$i"
		mount -t tmpfs -o size=1m "p8sb$i" "/tmp/p8sb/$i" || die "P8: mount tmpfs $i"
		i=$((i + 1))
	done
	note "P8: under TCG the longest gap mostly measures the host preempting a vCPU (that holds sb_lock, or that waits for it): P8-max-ustat, a competitor whose holds are all short, shows that floor"
	note "P8: $(awk '{ print $3 }' /proc/self/mountinfo | sort -u | wc -l) file systems mounted, $(find /sys/fs/cgroup/memory -name memory.dentry_unused | wc -l) memcgs; the time between returns includes the call's own cost and any preemption of the vCPU by the host"
	r=1
	while [ $r -le "$P8_REPS" ]; do
		# each variant first, second, third and last in turn
		case $((r % 4)) in
		1) order="alone root parent ustat" ;;
		2) order="root parent ustat alone" ;;
		3) order="parent ustat alone root" ;;
		0) order="ustat alone root parent" ;;
		esac
		for how in $order; do
			case $how in
			alone) p8_run alone $r ;;
			root) p8_run root $r "$MEMCG/memory.dentry_unused" ;;
			parent) p8_run parent $r "$MEMCG/p8/memory.dentry_unused" ;;
			ustat) p8_run ustat $r - ;;
			esac
		done
		sample P8-extra-root $r $((max_root - max_alone))
		sample P8-extra-parent $r $((max_parent - max_alone))
		p8_hold root $r "$MEMCG/memory.dentry_unused"
		p8_hold parent $r "$MEMCG/p8/memory.dentry_unused"
		r=$((r + 1))
	done
	i=1
	while [ $i -le "$P8_EXTRA" ]; do
		umount "/tmp/p8sb/$i" && rmdir "/tmp/p8sb/$i"
		i=$((i + 1))
	done
	rmdir /tmp/p8sb
	rmcgs "$MEMCG/p8" "$P8_NCG"
	rmdir "$MEMCG/p8"
}

# ---------------------------------------------------------------- P9
# p9_fill: P9_N negative dentries of p9/t on the data disk (p9/t made anew
# when an rmdir took it), the file system synced (a freeze then writes
# nothing back)
p9_fill() {
	[ -d "$MEMCG/p9/t" ] || mkdir "$MEMCG/p9/t"
	emptied p9 > /dev/null
	populate p9/t "$DATA/p9" "$P9_N" > /dev/null || exit 1
	expect_unused p9/t "$P9_N" P9
	sync
}

# p9_during OP ARG...: `all` on p9/t, OP (benchtime during's) once it
# has begun freeing; sets began, after, running, status, tail, wrote (the
# write's ns), and p9_figures to OP's figures
p9_during() {
	_op=$1
	_out=$(benchtime during "$MEMCG/p9/t/memory.force_slab_shrink" all \
		"$MEMCG/p9/t/memory.dentry_unused" "$P9_KEY" "$@") ||
		die "P9: benchtime during $1 failed"
	# shellcheck disable=SC2086 # numbers
	set -- $_out
	[ $# -ge 7 ] || die "P9: benchtime during printed '$_out'"
	began=$2 after=$3 running=$4 status=$5 tail=$6 wrote=$7
	[ "$status" = 0 ] || die "P9: the write of all failed: errno $status"
	_final=-1
	[ "$_op" = rmdir ] || _final=$(unused p9/t)
	echo "bench-info P9 $_op during all: $_op figures ${8:-none}; unused on the disk $1 before the write, $began when $_op began, $after when it returned, $_final when the write returned; the write took $wrote ns, ended $tail ns after $_op returned"
	# a write that succeeded with much left skipped the file system
	[ "$_final" -gt $(($1 / 100)) ] &&
		note "P9: all during a $_op returned success with $_final of $1 dentries left (the file system skipped for the rest of a pass?)"
	shift 7
	p9_figures="$*"
}

# p9_valid WHAT R: true when the op began while the write was running
# (in the smoke test's tiny population it may not have: sampled anyway)
p9_valid() {
	[ "$running" = 1 ] && return 0
	note "P9 round $2: the write had ended before the $1 began"
	[ "${BENCH_SMOKE:-0}" = 1 ]
}

# p9_ustat HOW R: benchtime sblock's figures into _out, with nothing else
# running (idle), with the two readers, or with them and the write
# (shrink); false when the write did not last the whole window
p9_ustat() {
	# shellcheck disable=SC2086 # two paths without blanks
	case $1 in
	idle) _out=$(benchtime sblock "$P8_DEV" "$P9_MS") || die "P9: benchtime sblock" ;;
	readers) _out=$(benchtime sblock "$P8_DEV" "$P9_MS" $readers) || die "P9: benchtime sblock" ;;
	shrink)
		p9_during sblock "$P8_DEV" "$P9_MS" $readers
		_out=$p9_figures
		p9_valid ustat "$2" || return 1
		# the window must lie within the write
		[ "${tail#-}" = "$tail" ] && return 0
		note "P9 round $2: the write ended $(ms "${tail#-}") ms before the ustat(2) window did"
		[ "${BENCH_SMOKE:-0}" = 1 ]
		;;
	esac
}

# ms NS: NS nanoseconds in milliseconds
ms() { awk -v t="$1" 'BEGIN { printf "%.3f", t / 1e6 }'; }

p9() {
	progress "P9: others' waits during all on $P9_N dentries, $P9_REPS rounds"
	what P9-all-ms ms "P9 all on $P9_N dentries of a cgroup on the data disk, alone (how long a wait for the whole walk is)"
	what P9-remount-ms ms "P9 remount (read-write, as it is) of the data disk during the write (s_umount for writing)"
	what P9-remount-idle-ms ms "P9 the same remount with nothing running"
	what P9-remount-left % "P9 of the dentries left when the remount began, those still left when it returned (0: it waited for the whole walk)"
	goal P9-remount-ms '<=5'
	what P9-freeze-ms ms "P9 FIFREEZE of the data disk during the write (s_umount for writing, then a sync)"
	what P9-freeze-idle-ms ms "P9 the same freeze with nothing running"
	what P9-freeze-left % "P9 of the dentries left when the freeze began, those still left when it returned"
	ratio P9-freeze/idle P9-freeze-ms P9-freeze-idle-ms - "P9 freeze during the write / idle"
	what P9-rmdir-ms ms "P9 rmdir of the cgroup during the same write"
	what P9-rmdir-idle-ms ms "P9 rmdir of an empty sibling with nothing running"
	what P9-rmdir-tail-ms dms "P9 from the rmdir's return to the write's (negative: the write ended first)"
	goal P9-rmdir-ms '<=5'
	what P9-ustat-p99-idle ns "P9 99th percentile time between two ustat(2) returns (each takes sb_lock), nothing else running"
	what P9-ustat-p99-readers ns "P9 the same, two readers of memory.dentry_unused (the root's, p9's) looping"
	what P9-ustat-p99-shrink ns "P9 the same, the two readers and all on $P9_N dentries"
	what P9-ustat-max-shrink ns "P9 longest time between two returns, the two readers and all"
	what P9-reads-readers /s "P9 reads of memory.dentry_unused by the two readers, alone"
	what P9-reads-shrink /s "P9 the same during all"
	ratio P9-ustat-p99-ratio P9-ustat-p99-shrink P9-ustat-p99-idle '<=2' "P9 ustat(2)'s 99th percentile wait, all and two readers / nothing running"
	ratio P9-ustat-p99-readers-ratio P9-ustat-p99-readers P9-ustat-p99-idle - "P9 the same, two readers alone / nothing running"
	note "P9: the write runs on CPU 1 with the readers, ustat(2) alone on CPU 0; the freeze and the rmdir are issued once the write has begun freeing (after its count)"
	P9_KEY=sb:$(awk -v m="$DATA" '$5 == m { print $3 }' /proc/self/mountinfo)
	[ "$P9_KEY" != sb: ] || die "P9: $DATA is not mounted"
	mkdir -p "$MEMCG/p9" "$DATA/p9"
	[ "$CG_HIER" = v2 ] && echo +memory > "$MEMCG/p9/cgroup.subtree_control"
	readers="$MEMCG/memory.dentry_unused $MEMCG/p9/memory.dentry_unused"
	r=1
	while [ $r -le "$P9_REPS" ]; do
		# the write alone
		p9_fill
		p9_during none
		sample P9-all-ms $r "$(ms "$wrote")"
		# (a) the remount and the freeze, idle and during the write
		for op in remount freeze; do
			p9_fill
			_out=$(benchtime during /dev/null x "$MEMCG/p9/t/memory.dentry_unused" "$P9_KEY" $op "$DATA") ||
				die "P9: the idle $op failed"
			# shellcheck disable=SC2086 # numbers
			set -- $_out
			sample "P9-$op-idle-ms" $r "$(ms "$8")"
			p9_during $op "$DATA"
			p9_valid $op $r || continue
			# shellcheck disable=SC2086 # numbers
			set -- $p9_figures
			sample "P9-$op-ms" $r "$(ms "$1")"
			sample "P9-$op-left" $r "$(awk -v b="$began" -v a="$after" 'BEGIN {
				printf "%.1f", (b > 0 ? (a > b ? 100 : 100 * a / b) : 100) }')"
		done
		# (b) the rmdir: what the write left goes to p9's lists
		p9_fill
		mkdir "$MEMCG/p9/idle"
		_out=$(benchtime during /dev/null x "$MEMCG/p9/t/memory.dentry_unused" "$P9_KEY" rmdir "$MEMCG/p9/idle") ||
			die "P9: the idle rmdir failed"
		# shellcheck disable=SC2086 # numbers
		set -- $_out
		sample P9-rmdir-idle-ms $r "$(ms "$8")"
		p9_during rmdir "$MEMCG/p9/t"
		if p9_valid rmdir $r; then
			sample P9-rmdir-ms $r "$(ms "$p9_figures")"
			sample P9-rmdir-tail-ms $r "$(ms "$tail")"
		fi
		# (c) ustat(2): idle, two readers, two readers and the write
		p9_fill
		# each variant first, second and last in turn
		case $((r % 3)) in
		1) order="idle readers shrink" ;;
		2) order="readers shrink idle" ;;
		0) order="shrink idle readers" ;;
		esac
		for how in $order; do
			[ "$how" = shrink ] && p9_fill
			p9_ustat "$how" $r || continue
			# shellcheck disable=SC2086 # MAX P99 CALLS READS
			set -- $_out
			sample "P9-ustat-p99-$how" $r "$2"
			[ "$how" = shrink ] && sample P9-ustat-max-shrink $r "$1"
			[ "$how" = idle ] || sample "P9-reads-$how" $r $(($4 * 1000 / P9_MS))
		done
		r=$((r + 1))
	done
	emptied p9 > /dev/null
	[ -d "$MEMCG/p9/t" ] && rmdir "$MEMCG/p9/t"
	rmdir "$MEMCG/p9"
}

# ---------------------------------------------------------------- P10
# Only what vanilla has, but the shrunk figure: this part runs on both
# kernels.  P10's figures are P10-* on cgroup v1, P10v2-* on v2.
P10=P10
[ "$CG_HIER" = v2 ] && P10=P10v2

# p10_settle: what can be freed freed and the counters folded, then
# Percpu and Slab of /proc/meminfo (kB) into pcpu and slab
p10_settle() {
	sync
	echo 3 > /proc/sys/vm/drop_caches
	# RCU-freed objects (a memcg's last parts go by RCU and a workqueue)
	sleep 1
	echo 3 > /proc/sys/vm/drop_caches
	# fold the per-CPU vmstat deltas into what meminfo shows
	[ -w /proc/sys/vm/stat_refresh ] && echo 1 > /proc/sys/vm/stat_refresh
	pcpu=$(awk '$1 == "Percpu:" { print $2 }' /proc/meminfo)
	slab=$(awk '$1 == "Slab:" { print $2 }' /proc/meminfo)
	if [ -z "$pcpu" ] || [ -z "$slab" ]; then
		die "P10: no Percpu or Slab in /proc/meminfo"
	fi
}

# per1000 KB: KB (grown over P10_NCG memcgs) per 1000 memcgs
per1000() { echo $(($1 * 1000 / P10_NCG)); }

# p10_caches FILE: each slab cache's bytes (objects allocated times object
# size, from /proc/slabinfo) into FILE, "NAME BYTES" a line; false if the
# kernel has no slabinfo
p10_caches() {
	[ -r /proc/slabinfo ] &&
		awk 'NR > 2 { print $1, $3 * $4 }' /proc/slabinfo > "$1"
}

# p10_cache_growth BEFORE AFTER: a bench-info line of the caches that grew
# by 16 bytes a memcg or more between the two p10_caches files: where a
# patched and a vanilla memcg differ, what Slab's ratio is made of
p10_cache_growth() {
	awk -v n="$P10_NCG" -v tag="$P10 $side" '
		FNR == NR { b[$1] = $2; next }
		{ d = int(($2 - b[$1]) / n); if (d >= 16) g[$1] = d }
		END { printf "bench-info %s caches grown, bytes a memcg:", tag
		      for (k in g) printf " %s=%d", k, g[k]; printf "\n" }' "$1" "$2"
}

p10() {
	cpus=$(cat /sys/devices/system/cpu/possible)
	for s in patched vanilla; do
		what "$P10-percpu-$s" kB "$P10 Percpu (meminfo) growth per 1000 memcgs made, $s"
		what "$P10-slab-$s" kB "$P10 Slab (meminfo) growth per 1000 memcgs made, $s"
	done
	what "$P10-percpu-shrunk-patched" kB "$P10 Percpu growth per 1000 memcgs once each was written 1 (force_slab_shrink), patched"
	what "$P10-slab-shrunk-patched" kB "$P10 Slab growth per 1000 memcgs, the same, patched"
	ratio "$P10-percpu-ratio" "$P10-percpu-patched" "$P10-percpu-vanilla" '<=1.01' "$P10 Percpu growth per memcg, patched / vanilla"
	ratio "$P10-slab-ratio" "$P10-slab-patched" "$P10-slab-vanilla" '<=1.01' "$P10 Slab growth per memcg, patched / vanilla"
	ratio "$P10-percpu-shrunk-ratio" "$P10-percpu-shrunk-patched" "$P10-percpu-vanilla" - "$P10 Percpu growth per memcg, patched with each memcg shrunk once / vanilla"
	progress "P10 on the $side kernel, cgroup $CG_HIER: $P10_NCG memcgs more in each of $P10_REPS rounds; possible CPUs $cpus"
	shrunk=''
	[ "$side" = patched ] && [ -e "$MEMCG/memory.force_slab_shrink" ] && shrunk=1
	mkdir -p "$MEMCG/p10"
	[ "$CG_HIER" = v2 ] && echo +memory > "$MEMCG/p10/cgroup.subtree_control"
	# each round makes P10_NCG more: removed ones would leave their
	# slab pages and per-CPU chunk pages behind for the next round to
	# reuse (on 6.12, round 2 after a removal grew 10% less than round 1)
	r=1
	while [ $r -le "$P10_REPS" ]; do
		p10_settle
		pcpu0=$pcpu slab0=$slab
		p10_caches /tmp/p10.caches0 && caches=1 || caches=
		mkcgs "$MEMCG/p10" "$P10_NCG" "r${r}c" || die "P10: mkdir of $P10_NCG memcgs"
		p10_settle
		[ -n "$caches" ] && p10_caches /tmp/p10.caches1 &&
			p10_cache_growth /tmp/p10.caches0 /tmp/p10.caches1
		sample "$P10-percpu-$side" $r "$(per1000 $((pcpu - pcpu0)))"
		sample "$P10-slab-$side" $r "$(per1000 $((slab - slab0)))"
		echo "bench-info $P10 $side round $r: Percpu $pcpu0 -> $pcpu kB, Slab $slab0 -> $slab kB over $P10_NCG memcgs more"
		if [ -n "$shrunk" ]; then
			i=1 bad=0
			while [ $i -le "$P10_NCG" ]; do
				echo 1 2> /dev/null > "$MEMCG/p10/r${r}c$i/memory.force_slab_shrink" || bad=$((bad + 1))
				i=$((i + 1))
			done
			[ $bad -eq 0 ] || die "P10: $bad writes of 1 to force_slab_shrink failed"
			p10_settle
			sample "$P10-percpu-shrunk-patched" $r "$(per1000 $((pcpu - pcpu0)))"
			sample "$P10-slab-shrunk-patched" $r "$(per1000 $((slab - slab0)))"
			echo "bench-info $P10 $side round $r, each of them shrunk once: Percpu $pcpu0 -> $pcpu kB, Slab $slab0 -> $slab kB"
		fi
		r=$((r + 1))
	done
	r=1
	while [ $r -le "$P10_REPS" ]; do
		rmcgs "$MEMCG/p10" "$P10_NCG" "r${r}c"
		r=$((r + 1))
	done
	rmdir "$MEMCG/p10"
}

# ---------------------------------------------------------------- main
main() {
	[ -e "$MEMCG/memory.force_slab_shrink" ] || die "kernel has no memory.force_slab_shrink"
	[ -n "$only" ] && note "bench_only: $only"
	if want p2; then p2; fi
	if want p3; then p3; fi
	if want p1 || want p4; then p1_p4; fi
	if want p6; then p6; fi
	if want p7; then p7; fi
	if want p8; then p8; fi
	if want p9; then p9; fi
}

# P1 and P4 share the crowd: A alone, then a growing crowd of 1000 cgroups
p1_p4() {
	levels=""
	for per in $P1_PER; do
		levels="$levels $((per * P1_NCG))"
	done
	top=${levels##* }
	p1_what
	note "P1 levels: 0$levels other dentries in $P1_NCG cgroups, $P1_REPS rounds each; A alone is measured before and after the crowd"
	mkdir -p "$MEMCG/p1" "$DATA/p1" "$MEMCG/crowd" "$DATA/crowd"
	p1_level 0
	i=1
	while [ $i -le "$P1_NCG" ]; do
		echo "$MEMCG/crowd/c$i"
		i=$((i + 1))
	done | xargs mkdir
	for per in $P1_PER; do
		benchtime spread "$MEMCG/crowd" c "$P1_NCG" "$DATA/crowd" "$per" > /dev/null || exit 1
		l=$((per * P1_NCG))
		n=$(awk '$1 == "total_unused" { print $2 }' "$MEMCG/crowd/memory.dentry_unused")
		[ "$n" -ge "$l" ] || die "P1: the crowd holds $n dentries, want $l"
		p1_level "$l"
	done

	# P4 with the crowd in place: its parent (1000 memcgs below) against
	# a parent of 10
	what "P4-read-${P1_NCG}cg" ns "P4 $P4_TREE_READS reads of memory.dentry_unused, parent of $P1_NCG memcgs"
	what "P4-read-${P4_FEW}cg" ns "P4 the same, parent of $P4_FEW memcgs"
	ratio "P4-memcgs" "P4-read-${P1_NCG}cg" "P4-read-${P4_FEW}cg" - "P4 read cost, $P1_NCG / $P4_FEW memcgs below (grows with memcgs x superblocks x nodes)"
	progress "P4: reading with $P1_NCG against $P4_FEW memcgs below"
	mkdir -p "$MEMCG/few"
	i=1
	while [ $i -le "$P4_FEW" ]; do
		mkdir "$MEMCG/few/c$i"
		i=$((i + 1))
	done
	p4_reads "$P4_TREE_READS" "P4-read-${P1_NCG}cg" crowd "P4-read-${P4_FEW}cg" few
	i=1
	while [ $i -le "$P4_FEW" ]; do
		rmdir "$MEMCG/few/c$i"
		i=$((i + 1))
	done
	rmdir "$MEMCG/few"

	# free the crowd, measure A alone once more (paired with the first
	# rounds at 0: drift over the run cancels in the mean)
	echo all > "$MEMCG/crowd/memory.force_slab_shrink"
	i=1
	while [ $i -le "$P1_NCG" ]; do
		echo "$MEMCG/crowd/c$i"
		i=$((i + 1))
	done | xargs rmdir
	rmdir "$MEMCG/crowd"
	p1_level 0
	emptied p1 > /dev/null
	rmdir "$MEMCG/p1"

	# P4 by dentries: one cgroup with P4_BIG against one with P4_SMALL
	what "P4-read-big" ns "P4 $P4_READS reads of memory.dentry_unused, $P4_BIG dentries"
	what "P4-read-small" ns "P4 the same, $P4_SMALL dentries"
	ratio P4-dentries P4-read-big P4-read-small '<=1.2' "P4 read cost, $P4_BIG / $P4_SMALL dentries"
	progress "P4: reading with $P4_BIG against $P4_SMALL dentries"
	mkdir -p "$MEMCG/big" "$MEMCG/small" "$DATA/big" "$DATA/small"
	populate big "$DATA/big" "$P4_BIG" > /dev/null || exit 1
	populate small "$DATA/small" "$P4_SMALL" > /dev/null || exit 1
	expect_unused big "$P4_BIG" P4
	p4_reads "$P4_READS" P4-read-big big P4-read-small small
	emptied big > /dev/null
	emptied small > /dev/null
	rmdir "$MEMCG/big" "$MEMCG/small"
}

# ---------------------------------------------------------------- P5
# Only what vanilla 6.1 has: this part runs on both kernels.
p5() {
	p5_what
	progress "P5 on the $side kernel, cgroup $CG_HIER, round $round"
	mkdir -p "$MEMCG/p5" "$MEMCG/p5lim"
	if [ "$CG_HIER" = v2 ]; then
		echo "$P5_LIMIT_BYTES" > "$MEMCG/p5lim/memory.max"
	else
		echo "$P5_LIMIT_BYTES" > "$MEMCG/p5lim/memory.limit_in_bytes"
	fi
	i=1
	while [ $i -le "$P5_REPS" ]; do
		d=$DATA/p5.$i
		mkdir -p "$d/churn" "$d/neg" "$d/lim"
		marked "$P5-churn-$side"
		t=$(benchtime ${mark:+"$mark"} -c "$MEMCG/p5" churn "$d/churn" "$P5_CHURN") || die "P5 churn"
		sample "$P5-churn-$side" "$round" "$(awk -v n="$P5_CHURN" -v t="$t" 'BEGIN { printf "%.0f", n * 1e9 / t }')"
		marked "$P5-lookup-$side"
		t=$(benchtime ${mark:+"$mark"} -c "$MEMCG/p5" lookup "$d/neg" n "$P5_NEG") || die "P5 lookups"
		sample "$P5-lookup-$side" "$round" "$(awk -v n="$P5_NEG" -v t="$t" 'BEGIN { printf "%.0f", n * 1e9 / t }')"
		marked "$P5-limit-$side"
		t=$(benchtime ${mark:+"$mark"} -c "$MEMCG/p5lim" lookup "$d/lim" n "$P5_LIMIT") || die "P5 limit"
		mark=
		sample "$P5-limit-$side" "$round" "$(awk -v n="$P5_LIMIT" -v t="$t" 'BEGIN { printf "%.0f", n * 1e9 / t }')"
		i=$((i + 1))
	done
	if [ "$CG_HIER" = v2 ]; then
		hits=$(awk '$1 == "max" { print $2 }' "$MEMCG/p5lim/memory.events")
	else
		hits=$(cat "$MEMCG/p5lim/memory.failcnt")
	fi
	echo "bench-info $P5 $side round $round: p5lim hit its limit $hits times"
	if [ "$profile" = 1 ]; then
		d=$DATA/p5.prof
		mkdir -p "$d/churn" "$d/neg" "$d/lim"
		profile_start
		benchtime -c "$MEMCG/p5" churn "$d/churn" "$P5_CHURN" > /dev/null || die "P5 churn"
		profile_stop "$P5-churn-$side"
		profile_start
		benchtime -c "$MEMCG/p5" lookup "$d/neg" n "$P5_NEG" > /dev/null || die "P5 lookups"
		profile_stop "$P5-lookup-$side"
		profile_start
		benchtime -c "$MEMCG/p5lim" lookup "$d/lim" n "$P5_LIMIT" > /dev/null || die "P5 limit"
		profile_stop "$P5-limit-$side"
	fi
	rmdir "$MEMCG/p5" "$MEMCG/p5lim"
}

# P5's figures are P5-* on cgroup v1, P5v2-* on v2.
P5=P5
[ "$CG_HIER" = v2 ] && P5=P5v2
p5_what() {
	for s in patched vanilla; do
		what "$P5-churn-$s" /s "$P5 create+stat+unlink per second ($P5_CHURN files, child memcg), $s"
		what "$P5-lookup-$s" /s "$P5 negative lookups per second ($P5_NEG, child memcg), $s"
		what "$P5-limit-$s" /s "$P5 negative lookups per second under a $P5_LIMIT_BYTES limit ($P5_LIMIT), $s"
	done
	ratio "$P5-churn" "$P5-churn-patched" "$P5-churn-vanilla" '>=0.98@12' "$P5 create+stat+unlink throughput, patched / vanilla"
	ratio "$P5-lookup" "$P5-lookup-patched" "$P5-lookup-vanilla" '>=0.98@12' "$P5 negative lookup throughput, patched / vanilla"
	ratio "$P5-limit" "$P5-limit-patched" "$P5-limit-vanilla" '>=0.98@12' "$P5 limit reclaim throughput, patched / vanilla"
}

case "$part" in
main) main ;;
p5) p5 ;;
p10) p10 ;;
*) die "bench=$part: want main, p5 or p10" ;;
esac
echo "bench-done $part"
