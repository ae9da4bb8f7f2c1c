# Claim: global reclaim counts as global_* whoever runs it, kswapd or a
# task in direct reclaim, not only drop_caches.  Under pure memory pressure
# (a tmpfs fill, no swap, no drop_caches after the setup) spec33's
# global_reclaimed grows by exactly what kswapd and direct reclaim freed
# from spec33's lists, both of them freed some, and its limit_* and
# forced_* keys stay at 0.
#
# Who scanned spec33's lists is told by the mm_shrink_slab_start trace
# event, filtered on "memcg == <spec33's inode number>" (memcg_id on
# 7.x): one event per do_shrink_slab() call on spec33's lists, with the
# task that ran it (kswapdN, or the task in direct reclaim) and the
# origin.  What they
# freed is in spec33's dentry_reclaimed and inode_reclaimed, which count
# every dentry and inode freed from its lists whatever the origin: all of
# it must be global_reclaimed,
#   global_reclaimed delta == dentry_reclaimed + inode_reclaimed deltas
# once reclaim has stopped (the fill is gone, kswapd is asleep), and the
# ring buffer lost no event (checked: overrun and dropped events are 0).
#
# The two phases, each made to happen rather than hoped for:
# - kswapd: watermark boosting is turned off (a fill that takes all memory
#   steals pageblocks of other migrate types, and each steal raises every
#   watermark, the min ones too, for a while), watermark_scale_factor is
#   raised so that the low watermarks are WSF_KSWAPD/10000 of memory above
#   the min ones, and the tmpfs is filled KSWAPD_BELOW_LOW_MB below the low
#   watermarks: the allocator wakes kswapd and, while kswapd keeps up,
#   needs no reclaim of its own (when the host stalls kswapd, the filler's
#   direct reclaim adds to the direct share and harms nothing).
# - direct reclaim: once kswapd sleeps and free memory holds still (freed
#   dentries give their pages back an RCU grace period later),
#   min_free_kbytes is raised until every zone's min watermark is
#   DIRECT_DEFICIT_KB (its share) above what that zone has free beyond its
#   lowmem reserve.  The next allocation finds no zone above its min
#   watermark, wakes kswapd and must reclaim itself before kswapd can have
#   freed anything.  Raising it only above the total free memory, or
#   filling past the min watermarks, is not enough: a zone with more than
#   its share free, and the pages on the per-cpu lists, serve the filler
#   while kswapd catches up (tried: tries without any direct reclaim, and
#   no direct reclaim in 2 of the 3 runs of the first version).
# The runner restores /proc/sys/vm after the test; the test puts back what
# it changed as soon as it is done with it.  spec33's dentries are nearly
# all that can be reclaimed (page cache dropped first, no swap), so both
# reclaimers free from them; each phase is tried up to STEPS times until
# its share is seen (one try sufficed in every run on TCG since the per-zone
# min_free_kbytes).
#
# The trace runs until kswapd sleeps with the fill gone, and is filtered
# on spec33 so it stays small (under 120 events a run, nothing
# overwritten).  (Until the forced shrink stopped using shrinkers, this
# test summed mm_shrink_slab_end's return values instead; that event keeps
# its prototype now, so it names no memcg, and a shrinker's return value
# counts objects it only took off a list.)
#
# Wrong kernels this catches: one that counts kswapd's or direct reclaim's
# frees as limit_* or forced_* or nowhere (global_reclaimed short of the
# dentries and inodes freed, or limit_/forced_ moving), or counts global
# reclaim only in drop_caches.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

POPULATION=300000	# spec33's negative dentries on XFS (~57 MB): room for both
			# phases, which took 85,000 to 252,000 of them in 16 runs
WSF_KSWAPD=20		# watermark_scale_factor of the kswapd phase: low - min and
			# high - low are 0.2% of memory (2 MB)
KSWAPD_BELOW_LOW_MB=1	# filled this far below the low watermarks: under the
			# 2 MB to the min ones, so the filler need not reclaim
DIRECT_DEFICIT_KB=2048	# the min watermarks this far (each zone its share) above
			# what the zones have free
SB_BATCH=1024		# a superblock shrinker's batch (sb->s_shrink->batch)
SLACK_7X=2		# objects a 7.x super_cache_scan() batch may free past the batch
STEPS=4			# tries of each phase, one MB more each time
SETTLE_PAGES=64		# free memory holds still: moves less than 256 KB in 0.3 s
IDLE_POLLS=100		# kswapd asleep: polls 0.2 s apart before giving up
SETTLE_TRIES=5		# reads of stat and trace, 1 s apart, until they agree
XFS=/mnt/xfs
TRACING=/sys/kernel/tracing
END=$TRACING/events/vmscan/mm_shrink_slab_start
FILL=/tmp/spec33.fill
VM=/proc/sys/vm

need_file "" memory.slab_reclaim_stat
need_file "" memory.force_slab_shrink
need_file "" memory.dentry_unused
[ -d $END ] || fail "no trace event $END (tracefs and vmscan events in the guest kernel?)"
grep -q " $XFS xfs " /proc/mounts || fail "no XFS at $XFS"
wsf0=$(cat $VM/watermark_scale_factor)
mfk0=$(cat $VM/min_free_kbytes)
wbf0=$(cat $VM/watermark_boost_factor)

# undone at exit, last registered first: memory first, the rest needs to
# allocate
at_exit rm -rf "$XFS/spec33.$$"
# shellcheck disable=SC2016 # expanded by the undo's sh
at_exit sh -c 'echo > "$0/trace"; echo 0 > "$1/filter"; echo 0 > "$1/enable"' \
	"$TRACING" "$END"
# shellcheck disable=SC2016 # expanded by the undo's sh
at_exit sh -c 'umount "$0"; rmdir "$0"' "$FILL"
for v in "watermark_boost_factor $wbf0" "watermark_scale_factor $wsf0" \
	"min_free_kbytes $mfk0"; do
	# shellcheck disable=SC2016,SC2086 # expanded by the undo's sh; split
	at_exit sh -c 'printf "%s\n" "$2" > "$0/$1"' "$VM" $v
done

# room_kb WM: KB of free memory above watermark WM (min, low or high) and
# the lowmem reserve a tmpfs page allocation must leave, over all zones:
# what can be allocated before the allocator wakes kswapd (low) or must
# reclaim itself (min).
room_kb() {
	awk -v w="$1" '$1 == "pages" && $2 == "free" { f = $3 }
	$1 == w { m = $2 }
	$1 == "protection:" {
		p = 0
		for (i = 2; i <= NF; i++) { v = $i; gsub(/[(),]/, "", v); if (v + 0 > p) p = v + 0 }
		if (f - m - p > 0) s += f - m - p
	}
	END { print s * 4 }' /proc/zoneinfo
}

# min_above_free_kb: a min_free_kbytes that puts every zone's min
# watermark DIRECT_DEFICIT_KB (its share of it) above what the zone has
# free beyond its lowmem reserve.  The min watermarks are min_free_kbytes
# shared out by managed pages; a zone with more than its share free would
# otherwise serve the allocations while kswapd catches up.
min_above_free_kb() {
	awk -v d=$DIRECT_DEFICIT_KB '$1 == "pages" && $2 == "free" { f = $3 }
	$1 == "managed" { m = $2 }
	$1 == "protection:" {
		p = 0
		for (i = 2; i <= NF; i++) { v = $i; gsub(/[(),]/, "", v); if (v + 0 > p) p = v + 0 }
		if (m > 0) { n++; fz[n] = f - p; mz[n] = m; t += m }
	}
	END {
		x = 0
		for (i = 1; i <= n; i++) { r = fz[i] / mz[i]; if (r > x) x = r }
		print int(x * t * 4) + d + 1
	}' /proc/zoneinfo
}

# kswapd_asleep: wait until every kswapd sleeps (state S) in three polls
# in a row; fails after IDLE_POLLS polls.
kswapd_pids=$(grep -lx 'kswapd[0-9]*' /proc/[0-9]*/comm | sed 's|^/proc/||; s|/comm$||')
[ -n "$kswapd_pids" ] || fail "no kswapd thread"
kswapd_asleep() {
	_n=0 _quiet=0
	while [ $_quiet -lt 3 ]; do
		[ $_n -lt $IDLE_POLLS ] || fail "kswapd still running after $IDLE_POLLS polls ($1)"
		sleep 0.2
		_n=$((_n + 1)) _quiet=$((_quiet + 1))
		for _p in $kswapd_pids; do
			[ "$(awk '{ print $3 }' "/proc/$_p/stat")" = S ] || _quiet=0
		done
	done
}

# traced: "KSWAPD DIRECT NONGLOBAL EVENTS TASKS" over the events so far:
# shrinker calls on spec33's lists by kswapd, by other tasks (direct
# reclaim), those whose origin is not global, all of them, and the direct
# reclaimers' names.
traced() {
	awk '/ mm_shrink_slab_start: / {
		c = $1; sub(/-[0-9]+$/, "", c); sub(/^ +/, "", c)
		n++
		o = ""
		for (i = 1; i < NF; i++) if ($i == "origin") o = $(i + 1)
		if (o != "global") ng++
		if (c ~ /^kswapd[0-9]+$/) k++
		else { d++; who[c] = 1 }
	} END {
		w = ""; for (t in who) w = w t ","
		print k + 0, d + 0, ng + 0, n + 0, (w == "" ? "-" : w)
	}' $TRACING/trace
}

# lost: events the ring buffer overwrote or dropped, over all CPUs.
lost() {
	cat $TRACING/per_cpu/cpu*/stats |
		awk '$1 == "overrun:" || ($1 == "dropped" && $2 == "events:") { n += $NF } END { print n + 0 }'
}

# settle_free: wait until the free page count holds still (within
# SETTLE_PAGES over 0.3 s): dentries are freed after an RCU grace period
# and their slab pages later still, so free memory keeps rising for a
# while after a shrinker returns.
settle_free() {
	_n=0 _f0=$(vmstat nr_free_pages)
	while [ $_n -lt $IDLE_POLLS ]; do
		sleep 0.3
		_f1=$(vmstat nr_free_pages)
		[ $((_f1 - _f0)) -le $SETTLE_PAGES ] && [ $((_f0 - _f1)) -le $SETTLE_PAGES ] && return 0
		_f0=$_f1 _n=$((_n + 1))
	done
	fail "free memory still moving after $IDLE_POLLS polls"
}

# fill_mb NAME MB: write MB more to the tmpfs, in file NAME.
fill_mb() {
	sh -c 'echo 1000 > /proc/self/oom_score_adj && exec dd if=/dev/zero of="$0" bs=1M count="$1" 2> /dev/null' \
		"$FILL/$1" "$2" || fail "fill $2 MB more of tmpfs (OOM kills so far: $(vmstat oom_kill))"
}

calm_memory
cg_create spec33
ino=$(stat -c %i $MEMCG/spec33)
d=$XFS/spec33.$$
mkdir "$d" || fail "mkdir $d"
xfs_dev=$(devno_of $XFS)
t0=$(now_ms)
cg_lookup_many spec33 "$d" $POPULATION
u0=$(cg_read_key spec33 memory.dentry_unused "sb:$xfs_dev")
diag "spec33 (inode $ino): $u0 unused on XFS ($xfs_dev), made in $(($(now_ms) - t0)) ms"
assert_ge "$u0" $POPULATION "spec33's unused dentries on XFS"

{ mkdir -p $FILL && mount -t tmpfs -o size=2g tmpfs $FILL; } || fail "mount tmpfs at $FILL"
echo 0 > $END/enable
# 6.x's field is memcg (the inode number), 7.x's memcg_id (the cgroup
# id, which is the inode number on 64-bit)
field=memcg
grep -q "field:u64 memcg_id;" $END/format && field=memcg_id
echo "$field == $ino" > $END/filter || fail "filter $END ($field)"
echo 1 > $TRACING/tracing_on
echo > $TRACING/trace
lost0=$(lost)
oom0=$(vmstat oom_kill)
stall0=$(awk '/^allocstall/ { n += $2 } END { print n + 0 }' /proc/vmstat)
s0=$(cg_read spec33 memory.slab_reclaim_stat)
echo 1 > $END/enable || fail "enable $END"

# kswapd: below the low watermarks, above the min ones
t0=$(now_ms)
echo 0 > "$VM"/watermark_boost_factor
echo $WSF_KSWAPD > "$VM"/watermark_scale_factor
settle_free
room=$(room_kb low)
fill=$((room / 1024 + KSWAPD_BELOW_LOW_MB))
fill_mb k0 $fill
i=1
while :; do
	kswapd_asleep "kswapd phase, try $i"
	# shellcheck disable=SC2046 # five words
	set -- $(traced)
	[ "$1" -gt 0 ] && break
	[ $i -lt $STEPS ] || break
	fill_mb k$i 1
	i=$((i + 1))
done
kswapd=$1 direct=$2
stall1=$(awk '/^allocstall/ { n += $2 } END { print n + 0 }' /proc/vmstat)
diag "kswapd phase: ${fill} MB filled ($((room / 1024)) MB above low), $i tries, $(($(now_ms) - t0)) ms; shrinker calls on spec33's lists: $kswapd by kswapd, $direct by others; allocstall +$((stall1 - stall0))"
echo "$wsf0" > "$VM"/watermark_scale_factor

# direct reclaim: every zone below its min watermark, kswapd asleep
t0=$(now_ms)
i=1
while :; do
	kswapd_asleep "direct phase, try $i"
	settle_free
	free_kb=$(($(vmstat nr_free_pages) * 4))
	mfk=$(min_above_free_kb)
	echo "$mfk" > "$VM"/min_free_kbytes || fail "write $mfk to min_free_kbytes"
	fill_mb d$i 1
	echo "$mfk0" > "$VM"/min_free_kbytes
	# shellcheck disable=SC2046 # five words
	set -- $(traced)
	diag "direct try $i: free $free_kb KB, min_free_kbytes $mfk; allocstall $(awk '/^allocstall/ { n += $2 } END { print n + 0 }' /proc/vmstat); direct so far $2"
	[ "$2" -gt "$direct" ] && break
	[ $i -lt $STEPS ] || break
	i=$((i + 1))
done
stall2=$(awk '/^allocstall/ { n += $2 } END { print n + 0 }' /proc/vmstat)
diag "direct phase: $i tries, $(($(now_ms) - t0)) ms; shrinker calls on spec33's lists so far: $1 by kswapd, $2 by others ($5); allocstall +$((stall2 - stall1))"

# the end of reclaim: the fill goes, kswapd sleeps; then the counts must
# agree (a last kswapd pass may still be counting: read them again)
umount $FILL || fail "umount $FILL"
kswapd_asleep "after the fill"
i=1
while :; do
	s1=$(cg_read spec33 memory.slab_reclaim_stat)
	gr=$(delta_of "$s0" "$s1" global_reclaimed)
	di=$(($(delta_of "$s0" "$s1" dentry_reclaimed) + $(delta_of "$s0" "$s1" inode_reclaimed)))
	[ "$gr" -eq "$di" ] && break
	[ $i -lt $SETTLE_TRIES ] || break
	diag "read $i: global_reclaimed +$gr, dentries and inodes freed $di: read again"
	sleep 1
	i=$((i + 1))
done
echo 0 > $END/enable
# shellcheck disable=SC2046 # five words
set -- $(traced)
kswapd=$1 direct=$2 nonglobal=$3 events=$4 tasks=$5
lost1=$(lost)
diag "$events shrinker calls on spec33's lists: $kswapd by kswapd, $direct by direct reclaim ($tasks); global_reclaimed +$gr, dentries and inodes freed $di, global_scanned +$(delta_of "$s0" "$s1" global_scanned); lost events $((lost1 - lost0)); allocstall +$((stall2 - stall0))"

expect_eq $((lost1 - lost0)) 0 "trace events lost (overrun or dropped): the sums are short"
expect_eq "$(vmstat oom_kill)" "$oom0" "OOM kills during the test"
expect_eq "$nonglobal" 0 "events on spec33's lists with an origin other than global"
expect_gt "$kswapd" 0 "kswapd's shrinker calls on spec33's lists"
expect_gt "$direct" 0 "direct reclaim's shrinker calls on spec33's lists"
expect_gt "$gr" 0 "spec33's global_reclaimed delta"
expect_eq "$gr" "$di" "spec33's global_reclaimed delta against the dentries and inodes freed from its lists"
# What a shrinker reports in nr_scanned (global_scanned) is at least what
# it freed, but on 7.x only to within SLACK_7X a batch: 7.x's
# super_cache_scan() shares nr_to_scan out over the lists without 6.x's
# "+ 1" in the total and then walks one more than each share (its "scan at
# least one object"), so each batch may free one dentry and one inode more
# than the batch do_shrink_slab() reports.  Batches: at most one per
# SB_BATCH scanned, plus each call's last, short one (one call an event).
gs=$(delta_of "$s0" "$s1" global_scanned)
slack=0
case "$(uname -r)" in
[0-5].* | 6.*) ;;
*) slack=$((SLACK_7X * (gs / SB_BATCH + events))) ;;
esac
expect_ge "$((gs + slack))" "$gr" "spec33's global_scanned delta (+ $slack: $(uname -r)'s super_cache_scan())"
for key in limit_scanned limit_reclaimed forced_scanned forced_reclaimed forced_shrinks; do
	expect_eq "$(delta_of "$s0" "$s1" $key)" 0 "spec33's $key delta"
done
pass
