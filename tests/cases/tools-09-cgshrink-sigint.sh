# Claim: SIGINT stops cgshrink cleanly: it reports, as valid JSON marked
# "interrupted", the cgroups it shrank before the signal (each one's
# "freed" what its stat file counted), leaves the rest untouched and exits 1.
# shellcheck source-path=SCRIPTDIR disable=SC1091,SC2154 # lib*.sh: helpers, tool_tmp, tool_rc
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../lib-tools.sh"
need_file / memory.force_slab_shrink

N=100
FILES=100
d=$(test_dir)
cg_create_many / s $N
i=1
while [ $i -le $N ]; do
	cg_make_files "s$i" "$d" $FILES "s$i-" || fail "files in /s$i"
	i=$((i + 1))
done
cgs=$(i=1; while [ $i -le $N ]; do printf 's%s ' $i; i=$((i + 1)); done)
# shellcheck disable=SC2086 # the cgroup names have no blanks
before=$(cg_keys memory.slab_reclaim_stat '^total_forced_reclaimed$' $cgs)

# shellcheck disable=SC2086
cgshrink --all --json $cgs > "$tool_tmp/json" 2> "$tool_tmp/json.err" &
pid=$!
# Interrupt it once the first cgroup has been shrunk, so that the others
# remain; the poll uses shell builtins only, to see that within a cgroup.
tries=0
while [ $tries -lt 100000 ]; do
	shrinks=0
	while read -r key val; do
		[ "$key" = forced_shrinks ] && shrinks=$val
	done < "$MEMCG/s1/memory.slab_reclaim_stat"
	[ "$shrinks" = 0 ] || break
	tries=$((tries + 1))
done
kill -INT $pid
wait $pid
rc=$?
expect_eq "$rc" 1 "exit status after SIGINT"
grep -q 'interrupted' "$tool_tmp/json.err" || fail "no word of the interruption on stderr: $(cat "$tool_tmp/json.err")"
expect_eq "$(jget json .interrupted)" true "interrupted in the JSON"
done=$(jget json .cgroups -l)
expect_ge "$done" 1 "cgroups shrunk before the signal"
expect_lt "$done" $N "cgroups shrunk before the signal"
diag "$done of $N cgroups shrunk before SIGINT; the last one's write interrupted: $(jget json ".cgroups[$((done - 1))].interrupted")"

i=0
while [ $i -lt "$done" ]; do
	cg=$(jget json ".cgroups[$i].cgroup")
	expect_eq "$cg" "/s$((i + 1))" "result $i"
	was=$(echo "$before" | awk -v p="${cg#/}" '$1 == p { print $3 }')
	expect_eq "$(jget json ".cgroups[$i].freed")" $(($(cg_stat "${cg#/}" total_forced_reclaimed) - was)) "freed of $cg"
	i=$((i + 1))
done
# the cgroups after the last one reported were never shrunk
rest=$(i=$((done + 1)); while [ $i -le $N ]; do printf 's%s ' $i; i=$((i + 1)); done)
# shellcheck disable=SC2086 # the cgroup names have no blanks
expect_eq "$(cg_keys memory.slab_reclaim_stat '^forced_shrinks$' $rest | awk '$3 != 0')" "" \
	"forced shrinks of the cgroups not reported"
# shellcheck disable=SC2086
expect_eq "$(cg_keys memory.dentry_unused '^unused$' $rest | awk -v k=$FILES '$3 < k')" "" \
	"cgroups not reported with fewer than $FILES unused dentries"
pass
