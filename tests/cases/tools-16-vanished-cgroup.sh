# Claim: a cgroup removed while cgslabstat -i follows it is reported once
# ("Cgroup does not exist") and no longer sampled, the other cgroups are
# sampled to the end, and the exit status is 64 (some failed); cgdentry -R
# over a subtree still reports what it read.
# shellcheck source-path=SCRIPTDIR disable=SC1091,SC2154 # lib*.sh: helpers, tool_tmp, tool_rc
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../lib-tools.sh"
need_file / memory.slab_reclaim_stat

COUNT=4
cg_create A
cg_create gone

cgslabstat -i 0.5 -c $COUNT --json /A /gone > "$tool_tmp/lines" 2> "$tool_tmp/lines.err" &
pid=$!
# remove /gone once its first sample is out
tries=0
while ! grep -q '"/gone"' "$tool_tmp/lines" && [ $tries -lt 200 ]; do
	sleep 0.1
	tries=$((tries + 1))
done
rmdir "$MEMCG/gone" || fail "rmdir /gone"
wait $pid
rc=$?
expect_eq "$rc" 64 "cgslabstat's exit status"
expect_eq "$(cat "$tool_tmp/lines.err")" "$(no_such_cgroup cgslabstat /gone)" "cgslabstat's message"
expect_eq "$(jget lines .cgroup | grep -c '^/A$')" $COUNT "samples of /A"
expect_ge "$(jget lines .cgroup | grep -c '^/gone$')" 1 "samples of /gone before its removal"
expect_lt "$(jget lines .cgroup | grep -c '^/gone$')" $COUNT "samples of /gone"

run_tool tree cgdentry -R -r -n -o CGROUP /A
expect_tool_ok "cgdentry -R /A"
expect_eq "$(tool_out tree)" /A "cgdentry -R /A"
pass
