#!/bin/sh
# mutants.sh --base DIR --kernel-deb DEB --cgtools-deb DEB --out DIR
#
# Proof that the system test's checks can fail: one boot of the same
# guest whose run.sh (tests/system/guest/run.sh) is broken in one place a
# check, each the way the feature under it would break:
#   sys-03, sys-04  the forced shrink frees nothing (cgshrink does nothing)
#   sys-05          the runtime does not delegate the file (the write fails)
#   sys-06          no limit on the unit (no MemoryMax, no MemoryHigh)
#   sys-07          node_exporter does not run
#   sys-08          a unit fails
# sys-01 and sys-02 are left whole (the others need their units).  TAP:
# "ok" for each check that failed as it must and each that passed as it
# must; exits 1 otherwise.  Not part of make system-check (a second boot).
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=
for a in "$@"; do
	case $a in --out) out=next ;; *) [ "$out" = next ] && out=$a ;; esac
done
if [ -z "$out" ] || [ "$out" = next ]; then
	echo "mutants.sh: --out DIR is required" >&2; exit 2
fi
mkdir -p "$out"
m=$out/run-mutant.sh
sed -e 's|cgshrink --all "\$a" > |true "$a" > |' \
	-e 's|cgshrink --all "\$c1" > |true "$c1" > |' \
	-e 's|if echo all > /sys/fs/cgroup/memory.force_slab_shrink;|if false;|' \
	-e 's| -p MemoryMax=8M -p MemoryHigh=6M | |' \
	-e 's|^check_sys_07_node_exporter() {$|&\n\tsystemctl stop prometheus-node-exporter.service|' \
	-e 's|^check_sys_08_no_failed_units() {$|&\n\tsystemd-run -q --unit=sc-broken.service /bin/false; sleep 2|' \
	"$here/guest/run.sh" > "$m"
# every mutation must have taken: the copy differs from run.sh in 6 places
changed=$(diff "$here/guest/run.sh" "$m" | grep -c '^>')
if [ "$changed" -ne 6 ]; then
	echo "not ok 1 mutants: $changed lines changed, want 6 (run.sh changed: update the sed lines)"
	echo "1..1"
	exit 1
fi
"$here/run.sh" "$@" --guest-run "$m" > "$out/mutant-run.log" 2>&1
results=$out/guest/results.log
n=0 bad=0
while read -r check want; do
	n=$((n + 1))
	got=$(awk -v c="$check" '($1 == "ok" && $3 == c) { print "pass" } ($1 == "not" && $4 == c) { print "fail" }' "$results")
	if [ "$got" = "$want" ]; then
		if [ "$want" = pass ]; then echo "ok $n $check: passed (left whole)"; else echo "ok $n $check: failed with its feature broken"; fi
	else
		echo "not ok $n $check: want $want, got '${got:-no result}'"
		bad=$((bad + 1))
	fi
done <<EOF
sys-01-boot pass
sys-02-unit-dentries pass
sys-03-unit-shrink fail
sys-04-podman-shrink fail
sys-05-container-cgroupns fail
sys-06-limit-reclaim fail
sys-07-node-exporter fail
sys-08-no-failed-units fail
EOF
echo "1..$n"
[ "$bad" -eq 0 ]
