# Claim: the series holds up under parallel load for DURATION seconds (60 by
# default; STRESS_DURATION or stress_duration=N on the kernel command line):
# forced shrinks ("all", n and a mix) of many cgroups and of the root, while
# cgroups holding dentries are made and removed (rmdir racing a forced
# shrink of the same cgroup and of its parent), tasks moving between
# cgroups create, stat and unlink files and look up missing names, a cgroup
# under a tight limit (limit_in_bytes, memory.max) reclaims its own slabs, drop_caches
# runs now and then, readers read all three files of every cgroup, and the
# cgtools work on the same tree.  No operation fails except as a race
# legitimately makes it fail (a cgroup gone before or while its file is
# written), every worker ends by itself, the longest forced-shrink write and
# the longest mkdir/rmdir stay under generous bounds, and the kernel log
# gets no report (BUG, WARNING, lockdep, KASAN, stall, OOM).
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=../stress/lib.sh
. "$(dirname "$0")/../stress/lib.sh"

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
need_file "" memory.dentry_unused
need_tool cgdentry
need_tool cgslabstat
need_tool cgshrink
need_cgstress

# Bounds, generous for TCG on a shared host (a KASAN+lockdep kernel runs
# 5-20x slower than a plain one; "all" on the root took 29 s on the plain
# kernel with the host's load at 18 on 2 cores).  A forced shrink holds up
# an rmdir of its cgroup (kernfs drains active writers), and the hung-task
# detector reports a task blocked for 120 s: a write or rmdir of half that
# means the bound of the spec or the yielding is broken, not a slow host.
MAX_SHRINK_WRITE_MS=60000
# rmdir of a cgroup waits for a forced shrink running on it, so it is
# bounded by one shrink write plus its own work.
MAX_RMDIR_MS=65000
MAX_MKDIR_MS=65000
# A worker finishes the operation in progress at the deadline: allow one
# more bounded write, and the time TCG needs to print and exit.
GRACE=60
# Tight enough that the filler's files overflow it early in the run even
# on the debug kernels (121-245 files of 64 KiB a minute there): 64 files
# fill the limit, and limit reclaim runs from then on.  Its working set is
# 64 MiB, the newest 8 MiB of it mapped (which the drop worker's
# drop_caches cannot drop).
TIGHT_LIMIT=$((4 * 1024 * 1024))
FILL_FILES=1000
FILL_SIZE=65536

duration=$(stress_duration)
diag "duration $duration s"
d=$(test_dir)
tmp=/tmp/stress-01.$$
mkdir -p "$tmp" "$d/churn" "$d/movers" "$d/tight" "$d/stable" || fail "mkdir"

cg_create stress
cg_create stress/churn
cg_create stress/movers
cg_create_many stress/movers m 3
cg_create stress/tight
cg_limit stress/tight "$TIGHT_LIMIT"
cg_create stress/stable
cg_create_many stress/stable s 8
i=1
while [ $i -le 8 ]; do
	mkdir "$d/stable/s$i" || fail "mkdir"
	cg_make_files "stress/stable/s$i" "$d/stable/s$i" 100 || fail "files in s$i"
	i=$((i + 1))
done
S=$MEMCG/stress
log_mark

# worker NAME CGROUP CMD...: run CMD in CGROUP in the background, output
# in $tmp/NAME.out and .err; remember its pid.
pids=""
worker() {
	_name=$1 _cg=$2
	shift 2
	cg_spawn "$_cg" "$@" > "$tmp/$_name.out" 2> "$tmp/$_name.err"
	pids="$pids $_name:$!"
}

# shell loops that run beside the C workers, to the same deadline
end=$(( $(now_s) + duration ))
drop_loop() {
	n=0 bad=0
	while [ "$(now_s)" -lt "$end" ]; do
		sleep 5
		echo $((2 + n % 2)) > /proc/sys/vm/drop_caches || bad=$((bad + 1))
		n=$((n + 1))
	done
	echo "drop_caches writes=$n errors=$bad"
	[ $bad -eq 0 ]
}
tools_loop() {
	n=0 bad=0
	while [ "$(now_s)" -lt "$end" ]; do
		# the stable part of the tree: every run must succeed
		for cmd in "cgdentry -R /stress/stable" "cgslabstat / /stress/movers /stress/tight" \
			"cgshrink -N 100 /stress/stable/s1 /stress/movers" "cgshrink --all /stress/tight" \
			"cgdentry --by-sb /"; do
			# shellcheck disable=SC2086 # a command line
			if ! $cmd > /dev/null 2> "$tmp/tool.err"; then
				echo "$cmd: exit $?: $(cat "$tmp/tool.err")" >&2
				bad=$((bad + 1))
			fi
			n=$((n + 1))
		done
		# the whole tree, with cgroups coming and going under churn:
		# status 64 (some cgroups failed, the rest reported) naming only
		# churn cgroups is a legitimate race
		cgdentry -R /stress > /dev/null 2> "$tmp/tool.err"
		rc=$?
		if [ $rc -ne 0 ] && { [ $rc -ne 64 ] || grep -qv '/stress/churn/' "$tmp/tool.err"; }; then
			echo "cgdentry -R /stress: exit $rc: $(cat "$tmp/tool.err")" >&2
			bad=$((bad + 1))
		fi
		n=$((n + 1))
	done
	echo "tools runs=$n errors=$bad"
	[ $bad -eq 0 ]
}

# churn: cgroups with dentries made and removed under stress/churn, while
# shrinks of that parent (whose subtree they are) and of each child run
worker churn1 stress/churn "$CGSTRESS" churn "$duration" "$S/churn" a "$d/churn" 20
worker churn2 stress/churn "$CGSTRESS" churn "$duration" "$S/churn" b "$d/churn" 20
worker shrink-churn-all "" "$CGSTRESS" shrink "$duration" all "$S/churn"
worker shrink-churn-n "" "$CGSTRESS" shrink "$duration" n "$S/churn"
# the rest of the tree and the root (whose "all" walks everything)
worker shrink-tree "" "$CGSTRESS" shrink "$duration" mix "$S/stable" "$S/movers" "$S/tight"
worker shrink-root "" "$CGSTRESS" shrink "$duration" mix "$MEMCG"
worker files1 stress/movers/m1 "$CGSTRESS" files "$duration" "$d/movers" \
	"$S/movers/m1" "$S/movers/m2" "$S/movers/m3" "$S/movers"
worker files2 stress/movers/m2 "$CGSTRESS" files "$duration" "$d/movers" \
	"$S/movers/m3" "$S/movers/m2" "$S/movers/m1"
worker fill stress/tight "$CGSTRESS" fill "$duration" "$d/tight" "$FILL_FILES" "$FILL_SIZE"
worker read "" "$CGSTRESS" read "$duration" "$MEMCG"
drop_loop > "$tmp/drop.out" 2> "$tmp/drop.err" &
pids="$pids drop:$!"
tools_loop > "$tmp/tools.out" 2> "$tmp/tools.err" &
pids="$pids tools:$!"

# Every worker ends by itself at the deadline (plus GRACE).
limit=$((end + GRACE))
while :; do
	alive=""
	for w in $pids; do
		kill -0 "${w#*:}" 2>/dev/null && alive="$alive ${w%%:*}"
	done
	[ -z "$alive" ] && break
	if [ "$(now_s)" -gt "$limit" ]; then
		for w in $pids; do kill -KILL "${w#*:}" 2>/dev/null; done
		fail "workers still running ${GRACE} s after the deadline:$alive"
	fi
	sleep 1
done

bad=0
for w in $pids; do
	name=${w%%:*}
	wait "${w#*:}"
	rc=$?
	line=$(cat "$tmp/$name.out")
	diag "$name: ${line:-no report} (exit $rc)"
	if [ -s "$tmp/$name.err" ]; then
		sed "s/^/  $name: /" "$tmp/$name.err" | head -n 10
	fi
	if [ $rc -ne 0 ] || [ -z "$line" ]; then
		bad=$((bad + 1))
	fi
done
[ $bad -eq 0 ] || fail "$bad workers failed or did not report (above)"

# field NAME KEY: the value of KEY=... in worker NAME's report
field() {
	sed -n "s/.* $2=\([0-9]*\).*/\1/p" "$tmp/$1.out"
}
max_of() {
	_m=0
	for _v in "$@"; do [ "$_v" -gt "$_m" ] && _m=$_v; done
	echo "$_m"
}
max_write=$(max_of "$(field shrink-churn-all max_write_ms)" "$(field shrink-churn-n max_write_ms)" \
	"$(field shrink-tree max_write_ms)" "$(field shrink-root max_write_ms)")
max_rmdir=$(max_of "$(field churn1 max_rmdir_ms)" "$(field churn2 max_rmdir_ms)")
max_mkdir=$(max_of "$(field churn1 max_mkdir_ms)" "$(field churn2 max_mkdir_ms)")
diag "longest forced-shrink write $max_write ms, mkdir $max_mkdir ms, rmdir $max_rmdir ms"

# Each kind of operation really ran (a worker that did nothing proves nothing).
for k in "churn1 rmdirs" "churn2 rmdirs" "shrink-churn-all ok" "shrink-churn-n ok" \
	"shrink-tree ok" "shrink-root ok" "files1 creates" "files2 moves" "fill writes" \
	"read reads" "tools runs"; do
	# shellcheck disable=SC2086 # NAME KEY
	expect_gt "$(field $k)" 0 "$k"
done
[ "$duration" -lt 10 ] || expect_gt "$(field drop writes)" 0 "drop_caches writes"
# churned cgroups were shrunk while they lived or died: some writes raced
expect_gt "$(( $(field shrink-churn-all raced) + $(field shrink-churn-n raced) + \
	$(field shrink-churn-all ok) ))" 0 "shrinks of churned cgroups"
# the tight cgroup hit its limit again and again (limit reclaim ran; it
# need not reach the slabs: page cache first, and at reclaim's first
# priority a few hundred dentries scan as 0), never OOM
diag "stress/tight: limit hits $(cg_limit_hits stress/tight), peak $(cg_peak stress/tight) bytes"
expect_gt "$(cg_limit_hits stress/tight)" 0 "limit hits of stress/tight"
expect_le "$(cg_peak stress/tight)" "$TIGHT_LIMIT" "max usage of stress/tight"
expect_eq "$(cg_oom_kills stress/tight)" 0 "OOM kills in stress/tight"

expect_le "$max_write" "$MAX_SHRINK_WRITE_MS" "longest forced-shrink write (ms)"
expect_le "$max_rmdir" "$MAX_RMDIR_MS" "longest rmdir while shrinks ran (ms)"
expect_le "$max_mkdir" "$MAX_MKDIR_MS" "longest mkdir while shrinks ran (ms)"
log_check
rm -rf "$tmp"
# what churn left (nothing unless a worker died mid-cycle) goes before
# the EXIT trap removes stress/churn
find "$S/churn" -mindepth 1 -maxdepth 1 -type d -exec rmdir {} + 2>/dev/null
pass
