# Claim: the guest runs with the MGLRU state the harness asked for.  On a
# kernel built with MGLRU (6.12, on by default as Debian's), make check
# boots one hierarchy with mglru=on and the other with mglru=off, so that
# every test runs under both reclaim paths (shrink_one() and
# shrink_node_memcgs() reach shrink_slab() apart); init writes the state
# to /sys/kernel/mm/lru_gen/enabled.  A run of such a kernel that names
# no state, or one whose write did not take, fails here; a kernel without
# MGLRU must not be asked for a state.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

f=/sys/kernel/mm/lru_gen/enabled
want=$(tr ' ' '\n' < /proc/cmdline | sed -n 's/^mglru=//p')
if [ ! -e "$f" ]; then
	[ -z "$want" ] || fail "mglru=$want asked for, but the kernel has no MGLRU ($f)"
	echo "# MGLRU: not built"
	pass
fi
state=$(cat "$f") || fail "cannot read $f"
echo "# MGLRU: $f reads $state (mglru=${want:-not given})"
case "$want" in
on) [ "$state" != 0x0000 ] || fail "mglru=on, but $f reads $state" ;;
off) [ "$state" = 0x0000 ] || fail "mglru=off, but $f reads $state" ;;
'') fail "the kernel has MGLRU ($f: $state), but the run names no state (mglru=on|off)" ;;
*) fail "mglru=$want: not on or off" ;;
esac
pass
