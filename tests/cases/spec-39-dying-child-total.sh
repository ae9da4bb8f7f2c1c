# Claim: the total_ keys add every descendant, dying ones too, also one
# that stays dying for long: spec39/c frees its K negative dentries with a
# forced "all" (counted in c's own keys, which nobody reads), is removed
# while a page of a tmpfs charged to it and a socket made in it keep it
# alive (dying: offline, not yet freed; 7.x moves a removed memcg's page
# cache to its parent, so there the socket does it, whose sk_memcg holds
# a reference for the socket's life, on v2), and then spec39's total_forced_shrinks has grown by exactly
# one and its total_forced_reclaimed and total_dentry_reclaimed by at least
# K; they still have once the tmpfs is gone and c with it.  The child goes
# offline before the parent is read (the LEFT dentries it still had are
# then on spec39's own lists, moved there by its offlining), and is still
# there, dying, when it is read: its tmpfs page or socket holds it (on v2 spec39's
# cgroup.stat says so too: nr_dying_descendants 1, then 0 once it is
# freed; v1 has no such count, and there the freeing is only waited for).
#
# Wrong kernels this catches: one whose totals add online descendants only,
# folding a dying one's counts when it is freed (shown on a 6.1 build whose
# read skipped dying memcgs and whose offline folded nothing:
# total_forced_shrinks +0 while c was dying), or one that drops a child's
# counts when it goes offline or is freed.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

K=300
LEFT=50
FREE_WAIT_S=10	# the dying child is freed once its last page is uncharged
PORT=39039	# the socket's (nc -l, listening, no peer ever comes)

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat

# dying: spec39's dying descendants (v2's cgroup.stat); "?" on v1
dying() {
	if [ "$CG_HIER" = v2 ]; then
		cg_read_key spec39 cgroup.stat nr_dying_descendants
	else
		echo "?"
	fi
}

cg_create spec39
cg_create spec39/c
d=$(test_dir)
mnt=/tmp/spec39.$$
mkdir "$mnt" || fail "mkdir $mnt"
at_exit rmdir "$mnt"
mount -t tmpfs -o size=8m tmpfs "$mnt" || fail "mount a tmpfs on $mnt"
at_exit umount "$mnt"

p0=$(cg_read spec39 memory.slab_reclaim_stat)
u0=$(cg_unused spec39)
cg_lookup_missing spec39/c "$d" $K
# shellcheck disable=SC2016 # expanded by the inner shell
cg_run spec39/c sh -c 'echo x > "$0/pin"' "$mnt" || fail "charge a tmpfs page to spec39/c"
# the socket: made by nc in c, which then moves to the root (c must be
# empty to go); the socket keeps its memcg
cg_spawn spec39/c nc -l -p $PORT < /dev/null > /dev/null 2>&1
nc_pid=$!
# shellcheck disable=SC2016 # expanded by the undo's sh
at_exit sh -c 'kill "$0" 2> /dev/null' "$nc_pid"
# has_socket PID: whether PID has a socket open
has_socket() {
	for _f in /proc/"$1"/fd/*; do
		case "$(readlink "$_f" 2> /dev/null)" in socket:*) return 0 ;; esac
	done
	return 1
}
i=0
until has_socket "$nc_pid"; do
	[ $i -lt 50 ] || fail "nc made no socket in spec39/c"
	sleep 0.1
	i=$((i + 1))
done
echo "$nc_pid" > "$MEMCG/cgroup.procs" || fail "move nc to the root cgroup"
cg_force spec39/c all
cg_lookup_missing spec39/c "$d" $LEFT left
cg_remove spec39/c

# offline: the LEFT dentries reach spec39's own lists
i=0
while [ "$(cg_unused spec39)" -lt $((u0 + LEFT)) ]; do
	[ $i -lt $((REPARENT_WAIT_S * 10)) ] ||
		fail "spec39/c's dentries not on spec39's lists $REPARENT_WAIT_S s after rmdir"
	sleep 0.1
	i=$((i + 1))
done
p1=$(cg_read spec39 memory.slab_reclaim_stat)
n1=$(dying)
diag "c dying ($n1 dying descendants): spec39's total_forced_shrinks +$(delta_of "$p0" "$p1" total_forced_shrinks), total_forced_reclaimed +$(delta_of "$p0" "$p1" total_forced_reclaimed), total_dentry_reclaimed +$(delta_of "$p0" "$p1" total_dentry_reclaimed)"
[ "$n1" = "?" ] || expect_eq "$n1" 1 "spec39's dying descendants (c)"
expect_eq "$(delta_of "$p0" "$p1" total_forced_shrinks)" 1 "spec39's total_forced_shrinks with c dying"
expect_ge "$(delta_of "$p0" "$p1" total_forced_reclaimed)" $K "spec39's total_forced_reclaimed with c dying"
expect_ge "$(delta_of "$p0" "$p1" total_dentry_reclaimed)" $K "spec39's total_dentry_reclaimed with c dying"
expect_eq "$(delta_of "$p0" "$p1" forced_shrinks)" 0 "spec39's own forced_shrinks"

# the tmpfs and the socket go, and c with them: its counts stay in the
# totals
umount "$mnt" || fail "umount $mnt"
kill "$nc_pid"
wait "$nc_pid" 2> /dev/null
i=0
while [ "$(dying)" != 0 ]; do
	[ "$(dying)" != "?" ] || { sleep 1; break; }
	[ $i -lt $((FREE_WAIT_S * 10)) ] ||
		fail "spec39/c not freed $FREE_WAIT_S s after its last page went"
	sleep 0.1
	i=$((i + 1))
done
p2=$(cg_read spec39 memory.slab_reclaim_stat)
for k in total_forced_shrinks total_forced_reclaimed total_forced_scanned total_dentry_reclaimed; do
	expect_eq "$(key_of "$p2" $k)" "$(key_of "$p1" $k)" "spec39's $k once c is freed"
done
pass
