# Claim: memory.dentry_unused, memory.slab_reclaim_stat and
# memory.force_slab_shrink exist in the root memory cgroup and in a new child
# as regular files owned by root, with modes 0444, 0444 and 0200: the first
# two read-only, the third write-only, as cgroup v1 makes its files.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

cg_create spec01
for cg in "" spec01; do
	for pair in memory.dentry_unused:444 memory.slab_reclaim_stat:444 \
		memory.force_slab_shrink:200; do
		f=$MEMCG/$cg/${pair%:*}
		[ -f "$f" ] || fail "$f: missing or not a regular file"
		expect_eq "$(stat -c '%a %u:%g' "$f")" "${pair#*:} 0:0" "$f: mode and owner"
	done
done
pass
