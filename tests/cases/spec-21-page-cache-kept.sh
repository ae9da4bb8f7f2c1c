# Claim: a forced shrink drops clean slab caches only: "all" on a cgroup
# whose files hold page cache (one file synced, one still dirty) leaves its
# memory.stat cache (v2: file) exactly as it was, and both files read back intact.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

need_file "" memory.force_slab_shrink
need_file "" memory.slab_reclaim_stat
cg_create spec21
d=$(test_dir)
src=/tmp/spec21.src
head -c 1048576 /dev/urandom > $src || fail "make $src"
sum=$(md5sum < $src)
cg_run spec21 cp $src "$d/clean" || fail "cp clean"
sync
cg_run spec21 cp $src "$d/dirty" || fail "cp dirty"
cg_make_files spec21 "$d" 100

cache0=$(cg_page_cache spec21)
d0=$(cg_stat spec21 dentry_reclaimed)
cg_force spec21 all
cache1=$(cg_page_cache spec21)
diag "cache $cache0 -> $cache1, dentry_reclaimed $d0 -> $(cg_stat spec21 dentry_reclaimed)"
expect_ge "$cache0" $((2 * 1048576)) "cache of spec21 before"
expect_eq "$cache1" "$cache0" "cache of spec21 after all"
expect_gt "$(cg_stat spec21 dentry_reclaimed)" "$d0" "dentry_reclaimed (the shrink did run)"
expect_eq "$(md5sum < "$d/clean")" "$sum" "content of the synced file"
expect_eq "$(md5sum < "$d/dirty")" "$sum" "content of the dirty file"
rm -f $src
pass
