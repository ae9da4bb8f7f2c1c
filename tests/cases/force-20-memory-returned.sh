# Claim: what a forced shrink kills goes back to the slab and is uncharged
# from the cgroup, not only counted: after `all` on a cgroup that holds
# 20000 negative dentries and nothing else that could be freed, the
# cgroup's charge (memory.usage_in_bytes, memory.current) falls by at
# least half of what the dentries cost, within seconds (the frees wait for
# an RCU grace period).
#
# Wrong kernels this catches: one that kills dentries (nr_dentry, unused
# and the counts all drop) but never frees them, as a dispose loop that
# collects what it killed into batches and loses a batch would; one whose
# batches are freed to the wrong cache or never uncharged.  The charge
# is read after the tasks that made the dentries have exited, so it holds
# their slab and nothing that comes and goes.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

NEGATIVE=20000
WAIT_S=30	# for the grace periods: under KASAN and TCG, seconds

need_file "" memory.force_slab_shrink
need_file "" memory.dentry_unused
# A dentry's slab object (192 bytes on x86_64, more with KASAN's redzones)
# is what the memcg is charged for it, and a little more.
size=$(awk '$1 == "dentry" { print $4 }' /proc/slabinfo)
assert_ge "${size:-0}" 192 "the dentry cache's object size in /proc/slabinfo"
cg_create force20
d=$(test_dir)

before=$(cg_usage force20)
cg_lookup_many force20 "$d" $NEGATIVE
made=$(cg_unused force20)
assert_ge "$made" $NEGATIVE "force20's unused dentries after the lookups"
charged=$(cg_usage force20)
assert_ge $((charged - before)) $((NEGATIVE * size)) \
	"bytes charged to force20 by $NEGATIVE negative dentries"

cg_force force20 all
expect_eq "$(cg_unused force20)" 0 "force20's unused dentries after all"
want=$((charged - made * size / 2))
t=0
while [ "$(cg_usage force20)" -gt $want ] && [ $t -lt $((WAIT_S * 10)) ]; do
	sleep 0.1
	t=$((t + 1))
done
now=$(cg_usage force20)
diag "charged $charged bytes with $made dentries, $now after all ($((t * 100)) ms)"
expect_le "$now" $want \
	"force20's charge $WAIT_S s after all freed its $made dentries"
pass
