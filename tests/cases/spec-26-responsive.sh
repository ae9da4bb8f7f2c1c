# Claim: a long "all" holds no lock across its walk and is not cut short by
# what runs beside it: while it frees 100000 dentries of spec26, another
# memcg's dentry_unused can be read, another memcg force-shrunk, and a new
# memcg made and removed, all before the long write returns; and the long
# write still succeeds and leaves spec26 with no unused dentries.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

LOOKUPS=100000	# "all" of these takes 0.4-1 s under TCG, the rest ~50 ms

need_file "" memory.force_slab_shrink
need_file "" memory.dentry_unused
cg_create spec26
cg_create spec26-other
d=$(test_dir)
cg_lookup_missing spec26-other "$d" 100 o
cg_lookup_missing spec26 "$d" $LOOKUPS
started=/tmp/spec26.started
done=/tmp/spec26.done
rm -f $started $done

uptime() {
	read -r _up _idle < /proc/uptime
	echo "$_up"
}

(: > $started; printf all > "$MEMCG/spec26/memory.force_slab_shrink"
 rc=$?; uptime > $done; exit $rc) &
writer=$!
while [ ! -e $started ]; do :; done
times="start $(uptime)"
cg_read spec26-other memory.dentry_unused > /dev/null || fail "read spec26-other's dentry_unused"
times="$times, read $(uptime)"
cg_force spec26-other all
times="$times, all on spec26-other $(uptime)"
cg_create spec26-new
cg_remove spec26-new
times="$times, mkdir+rmdir $(uptime)"
returned=no
[ -e $done ] && returned="yes, at $(cat $done)"
wait $writer || fail "the long write of all failed"
rm -f $started $done
diag "uptime: $times; long write returned before the end: $returned"
expect_eq "$(cg_unused spec26)" 0 "spec26's unused after all"
expect_eq "$returned" no "the long write returned before the others were done"
pass
