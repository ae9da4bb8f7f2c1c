#!/bin/sh
# run.sh: the system test's checks, in the Debian 12 guest booted by
# tests/system/run.sh, started by system-check.service once systemd has
# brought the system up.  Results go to the second serial port (ttyS1) as
# the busybox guest's init writes them: "# guest-boot: NONCE", the plan,
# one "ok N NAME"/"not ok N NAME" a check (in the order of
# /usr/local/lib/system-check/checks, which the host judges against),
# "# guest-tainted: N boot=NONCE" and "# guest-exit: RC boot=NONCE" (NONCE
# a random UUID only this shell knows), then the guest powers off.
#
# Everything here is what a user does on a Debian host: units and scopes
# from systemd-run, containers from podman, the tools from the cgtools
# package, node_exporter from Debian's; the files are read directly only
# to judge what the tools did.
set -u
LIB=/usr/local/lib/system-check
CG=/sys/fs/cgroup
N=1000	# dentries each unit and container makes
W=/var/tmp/system-check
nonce=$(cat /proc/sys/kernel/random/uuid)
exec 3> /dev/ttyS1
out() { printf '%s\n' "$*" >&3; }
diag() { printf '%s\n' "$*" | sed 's/^/# /' >&3; }
# bad MSG: say why a check fails (the check then returns 1)
bad() { diag "$*"; return 1; }

# unit_cg UNIT: the unit's cgroup, as systemd names it
unit_cg() { systemctl show -p ControlGroup --value "$1"; }
# total CGROUP, own CGROUP: unused dentries of the subtree / own lists,
# through cgdentry
total() { cgdentry -n -r -o TOTAL "$1"; }
own() { cgdentry -n -r -o UNUSED "$1"; }
# raw NAME: NAME as the tools' raw output (-r) prints it, a backslash
# as \x5c (compared in awk through ENVIRON: -v would undo the escape)
raw() { printf '%s\n' "$1" | sed 's/\\/\\x5c/g'; }
# stat_key CGROUP KEY: KEY's TOTAL in cgslabstat's table
stat_key() { cgslabstat -n -r -o KEY,TOTAL "$1" | awk -v k="$2" '$1 == k { print $2 }'; }
# wait_file FILE SECONDS
wait_file() {
	_t=0
	while [ ! -e "$1" ]; do
		[ "$_t" -lt "$2" ] || return 1
		sleep 1
		_t=$((_t + 1))
	done
}
# ge A B WHAT / eq A B WHAT: compare, or say why not
ge() {
	case ${1:-x} in *[!0-9]*|'') bad "$3: '${1:-}' is not a number"; return 1 ;; esac
	[ "$1" -ge "$2" ] || bad "$3: $1, want at least $2"
}
eq() { [ "$1" = "$2" ] || bad "$3: '$1', want '$2'"; }

# ---------------------------------------------------------------- checks
# PID 1 is systemd, the hierarchy unified, the kernel and the tools are
# the project's packages, the files are there
check_sys_01_boot() {
	eq "$(readlink /proc/1/exe)" /usr/lib/systemd/systemd "PID 1" || return 1
	eq "$(stat -f -c %T $CG)" cgroup2fs "$CG's file system" || return 1
	if grep -q ' cgroup ' /proc/mounts; then bad "a cgroup v1 hierarchy is mounted"; return 1; fi
	case $(uname -r) in
	*-memcg-slab-systest) ;;
	*) bad "kernel $(uname -r) is not the system test's package"; return 1 ;;
	esac
	dpkg-query -W -f='${Package} ${Version} ${Status}\n' cgtools "linux-image-$(uname -r)" > "$W/pkgs" || {
		bad "the packages are not installed"; return 1; }
	diag "$(cat "$W/pkgs")"
	[ "$(grep -c 'install ok installed' "$W/pkgs")" -eq 2 ] || { bad "not both installed"; return 1; }
	for f in memory.dentry_unused memory.slab_reclaim_stat memory.force_slab_shrink; do
		[ -f "$CG/system.slice/$f" ] || { bad "no $CG/system.slice/$f"; return 1; }
	done
	cgdentry -V | grep -q '(cgtools)' || bad "cgdentry -V"
}

# a service, a scope and a service whose name systemd escapes make
# dentries; cgdentry finds each by the cgroup systemd names
UNIT_A=sc-a.service
UNIT_B="$(systemd-escape sc-esc-b).service"	# sc\x2desc\x2db.service
UNIT_S=sc-scope.scope
check_sys_02_unit_dentries() {
	case $UNIT_B in *'\x2d'*) ;; *) bad "systemd-escape made '$UNIT_B'"; return 1 ;; esac
	systemd-run -q --unit=$UNIT_A -p MemoryAccounting=yes \
		$LIB/mkdentries.sh $W/a $N create $W/a.ready || return 1
	systemd-run -q --unit="$UNIT_B" -p MemoryAccounting=yes \
		$LIB/mkdentries.sh $W/b $N create $W/b.ready || return 1
	systemd-run -q --scope --unit=$UNIT_S -p MemoryAccounting=yes \
		$LIB/mkdentries.sh $W/s $N create $W/s.ready < /dev/null > /dev/null 2>&1 &
	for u in a b s; do
		wait_file $W/$u.ready 300 || { bad "unit $u never made its dentries"; return 1; }
	done
	for u in $UNIT_A "$UNIT_B" $UNIT_S; do
		cg=$(unit_cg "$u")
		case $cg in
		/system.slice/"$u") ;;
		*) bad "$u: cgroup '$cg', want /system.slice/$u"; return 1 ;;
		esac
		ge "$(total "$cg")" $N "cgdentry $cg" || return 1
	done
	# the tree under system.slice lists them, by systemd's names
	cgdentry -R -r -n -o CGROUP,TOTAL /system.slice > $W/tree
	diag "$(grep 'sc' $W/tree)"
	for u in $UNIT_A "$UNIT_B" $UNIT_S; do
		U=$(raw "/system.slice/$u") awk -v n=$N '$1 == ENVIRON["U"] && $2 >= n { f = 1 } END { exit !f }' $W/tree ||
			{ bad "cgdentry -R /system.slice: no $(raw "/system.slice/$u") with $N"; return 1; }
	done
}

# cgshrink on one unit frees its objects and nobody else's
check_sys_03_unit_shrink() {
	a=$(unit_cg $UNIT_A) b=$(unit_cg "$UNIT_B") s=$(unit_cg $UNIT_S)
	before_a=$(total "$a") before_b=$(total "$b") before_s=$(total "$s")
	freed0=$(stat_key "$a" forced_reclaimed)
	cgshrink --all "$a" > $W/shrink || { bad "cgshrink --all $a failed"; return 1; }
	diag "$(cat $W/shrink)"
	eq "$(total "$a")" 0 "$a's unused dentries after cgshrink --all" || return 1
	ge "$(($(stat_key "$a" forced_reclaimed) - freed0))" "$before_a" "$a forced_reclaimed" || return 1
	eq "$(total "$b")" "$before_b" "$b's (not shrunk)" || return 1
	eq "$(total "$s")" "$before_s" "$s's (not shrunk)"
}

# two podman containers (crun, systemd's cgroup manager) each make
# dentries; the tools find each one's scope; cgshrink on one frees it only
IMAGE=localhost/system-check-busybox
make_image() {
	podman image exists $IMAGE && return 0
	rm -rf $W/img && mkdir -p $W/img/bin $W/img/tmp || return 1
	cp /bin/busybox $W/img/bin/ || return 1
	for a in $(/bin/busybox --list); do
		[ "$a" = busybox ] || ln -s busybox "$W/img/bin/$a"
	done
	tar -C $W/img -cf - . | podman import -q - $IMAGE > /dev/null
}
# container NAME [podman options]: run NAME making N files in /d
container() {
	_name=$1; shift
	# shellcheck disable=SC2016 # the container's shell expands them
	podman run -d -q --name "$_name" --network none --cgroup-manager=systemd \
		--runtime crun "$@" $IMAGE sh -c \
		'mkdir /d; i=1; while [ $i -le "$0" ]; do : > /d/f$i; i=$((i + 1)); done; : > /ready; exec sleep 1000000' \
		$N > /dev/null
}
# ctr_pid NAME, ctr_scope NAME: its main process; its systemd scope
ctr_pid() { podman inspect -f '{{.State.Pid}}' "$1"; }
ctr_scope() { echo "libpod-$(podman inspect -f '{{.Id}}' "$1").scope"; }
check_sys_04_podman_shrink() {
	make_image || { bad "podman import of the busybox image failed"; return 1; }
	for c in sc-c1 sc-c2; do
		container $c || { bad "podman run $c failed"; return 1; }
	done
	for c in sc-c1 sc-c2; do
		wait_file "/proc/$(ctr_pid $c)/root/ready" 300 || { bad "$c never made its dentries"; return 1; }
	done
	c1=$(unit_cg "$(ctr_scope sc-c1)") c2=$(unit_cg "$(ctr_scope sc-c2)")
	diag "sc-c1: $c1; sc-c2: $c2"
	for cg in "$c1" "$c2"; do
		case $cg in
		/machine.slice/libpod-*.scope) ;;
		*) bad "a container's scope is '$cg'"; return 1 ;;
		esac
		grep -q "^0::$cg" /proc/"$(ctr_pid sc-c1)"/cgroup /proc/"$(ctr_pid sc-c2)"/cgroup ||
			{ bad "no container process is in $cg"; return 1; }
	done
	cgdentry -R -r -n -o CGROUP,TOTAL /machine.slice > $W/tree
	diag "$(cat $W/tree)"
	for cg in "$c1" "$c2"; do
		U=$(raw "$cg") awk -v n=$N '$1 == ENVIRON["U"] && $2 >= n { f = 1 } END { exit !f }' $W/tree ||
			{ bad "cgdentry -R /machine.slice: no $cg with $N"; return 1; }
	done
	before2=$(total "$c2") before_b=$(total "$(unit_cg "$UNIT_B")")
	cgshrink --all "$c1" > $W/shrink || { bad "cgshrink --all $c1 failed"; return 1; }
	diag "$(cat $W/shrink)"
	eq "$(total "$c1")" 0 "sc-c1's unused after cgshrink --all" || return 1
	eq "$(total "$c2")" "$before2" "sc-c2's (not shrunk)" || return 1
	eq "$(total "$(unit_cg "$UNIT_B")")" "$before_b" "$UNIT_B's (not shrunk)"
}

# a container with a private cgroup namespace, its cgroup file system
# mounted writable by the runtime: root in it shrinks its own cgroup
# (the root of what it sees) and nothing above or beside it
check_sys_05_container_cgroupns() {
	c2=$(unit_cg "$(ctr_scope sc-c2)")
	before2=$(total "$c2") before_m=$(own /machine.slice)
	# shellcheck disable=SC2016 # the container's shell expands them
	podman run --rm -q --name sc-c3 --network none --cgroup-manager=systemd \
		--runtime crun --cgroupns=private --systemd=always $IMAGE sh -c '
		mkdir /d; i=1; while [ $i -le "$0" ]; do : > /d/f$i; i=$((i + 1)); done
		echo "cgroup $(cat /proc/self/cgroup)"
		grep -E "^(unused|total_unused) " /sys/fs/cgroup/memory.dentry_unused | sed "s/^/before /"
		if echo all > /sys/fs/cgroup/memory.force_slab_shrink; then echo "write ok"; fi
		grep -E "^(unused|total_unused) " /sys/fs/cgroup/memory.dentry_unused | sed "s/^/after /"
		grep -E "^forced_reclaimed " /sys/fs/cgroup/memory.slab_reclaim_stat | sed "s/^/after /"
		if [ -e /sys/fs/cgroup/../memory.force_slab_shrink ]; then echo "above visible"; fi
		' $N > $W/c3.out 2>&1
	rc=$?
	diag "$(cat $W/c3.out)"
	[ $rc -eq 0 ] || { bad "podman run sc-c3 exited $rc"; return 1; }
	grep -qx 'cgroup 0::/' $W/c3.out || { bad "sc-c3 is not at the root of its own cgroup namespace"; return 1; }
	ge "$(awk '$1 == "before" && $2 == "total_unused" { print $3 }' $W/c3.out)" $N "sc-c3's own count before" || return 1
	grep -qx 'write ok' $W/c3.out || { bad "root in sc-c3 could not write its memory.force_slab_shrink"; return 1; }
	# what it freed: its N files' dentries and inodes at least; what is
	# left: the few the reads after the shrink looked up again (the file
	# read, /proc/self), never its N
	ge "$(awk '$1 == "after" && $2 == "forced_reclaimed" { print $3 }' $W/c3.out)" $((2 * N)) "sc-c3's forced_reclaimed after its own shrink" || return 1
	left=$(awk '$1 == "after" && $2 == "total_unused" { print $3 }' $W/c3.out)
	ge "$left" 0 "sc-c3's count after its own shrink" || return 1
	[ "$left" -le 10 ] || { bad "sc-c3's count after its own shrink: $left, want at most 10"; return 1; }
	if grep -qx 'above visible' $W/c3.out; then bad "sc-c3 sees a cgroup above its own"; return 1; fi
	eq "$(total "$c2")" "$before2" "sc-c2's (beside sc-c3)" || return 1
	eq "$(own /machine.slice)" "$before_m" "machine.slice's own (above sc-c3)"
}

# MemoryMax (and MemoryHigh under it) on a unit: its negative dentries
# drive limit reclaim, which memory.slab_reclaim_stat counts as limit_*
UNIT_L=sc-limit.service
check_sys_06_limit_reclaim() {
	systemd-run -q --unit=$UNIT_L -p MemoryMax=8M -p MemoryHigh=6M \
		$LIB/mkdentries.sh $W/l 80000 lookup $W/l.ready || return 1
	wait_file $W/l.ready 600 || { bad "$UNIT_L never finished its lookups"; return 1; }
	cg=$(unit_cg $UNIT_L)
	cgslabstat "$cg" > $W/stat
	diag "$(cat $W/stat)"
	diag "$(cat $CG"$cg"/memory.events)"
	eq "$(awk '$1 == "oom_kill" { print $2 }' $CG"$cg"/memory.events)" 0 "oom_kill" || return 1
	for k in limit_scanned limit_reclaimed dentry_reclaimed; do
		ge "$(stat_key "$cg" $k)" 1 "$k" || return 1
	done
	eq "$(stat_key "$cg" forced_scanned)" 0 "forced_scanned"
}

# node_exporter (Debian's, started by systemd) serves what the cgtools
# timer wrote: the units' series are in a scrape
check_sys_07_node_exporter() {
	systemctl is-active -q prometheus-node-exporter.service ||
		{ bad "prometheus-node-exporter is not running"; return 1; }
	# as the README says: the package enables nothing
	if systemctl is-enabled -q cgtools-textfile.timer; then bad "the package enabled the timer"; return 1; fi
	systemctl enable -q --now cgtools-textfile.timer || return 1
	prom=/var/lib/prometheus/node-exporter
	wait_file $prom/memcg_slab.prom 180 || { bad "the timer wrote no textfile"; return 1; }
	t=0
	while :; do
		curl -sf http://localhost:9100/metrics > $W/metrics || { bad "no scrape"; return 1; }
		grep -q '^memcg_slab' $W/metrics && break
		[ $t -lt 30 ] || break
		sleep 1; t=$((t + 1))
	done
	grep -E "^node_textfile_scrape_error|sc-|sc\\\\\\\\x2d" $W/metrics | head -n 20 | while IFS= read -r l; do diag "$l"; done
	grep -q '^node_textfile_scrape_error 0$' $W/metrics || { bad "node_exporter: textfile scrape error"; return 1; }
	for want in "memcg_dentry_unused{cgroup=\"/system.slice/$UNIT_A\"}" \
		"memcg_dentry_unused{cgroup=\"/system.slice/sc\\\\x2desc\\\\x2db.service\"}" \
		"memcg_dentry_unused{cgroup=\"/system.slice/$UNIT_S\"}"; do
		grep -qF "$want" $W/metrics || { bad "no series $want"; return 1; }
	done
	grep -F "cgroup=\"/system.slice/$UNIT_L\"" $W/metrics | grep -q '^memcg_slab' ||
		{ bad "no memcg_slab series of $UNIT_L"; return 1; }
}

# the units, scopes and containers stop cleanly; no unit failed at all
check_sys_08_no_failed_units() {
	podman rm -f -t 2 sc-c1 sc-c2 > /dev/null 2>&1 || { bad "podman rm failed"; return 1; }
	systemctl stop $UNIT_A "$UNIT_B" $UNIT_S $UNIT_L || return 1
	systemctl --failed --plain --no-legend > $W/failed
	[ ! -s $W/failed ] || { bad "failed units: $(cat $W/failed)"; return 1; }
}

# ---------------------------------------------------------------- run
out "# guest-boot: $nonce"
rm -rf $W && mkdir -p $W
# the checks run once the boot's own jobs are done
t=0
while [ "$(systemctl list-jobs --no-legend | grep -cv system-check.service)" -gt 0 ] && [ $t -lt 300 ]; do
	sleep 1; t=$((t + 1))
done
diag "up: $(cut -d' ' -f1 /proc/uptime) s; kernel $(uname -r)"
checks=$(cat $LIB/checks)
out "1..$(echo "$checks" | wc -l)"
n=0 failed=0
# (the checks' own variables are plain names: the runner's start with _)
for _check in $checks; do
	n=$((n + 1))
	_start=$(cut -d' ' -f1 /proc/uptime)
	if "check_$(echo "$_check" | tr - _)"; then
		out "ok $n $_check"
	else
		out "not ok $n $_check"; failed=$((failed + 1))
	fi
	diag "$_check: $(awk -v s="$_start" '{ printf "%.1f s", $1 - s }' /proc/uptime)"
done
out "# guest-tainted: $(cat /proc/sys/kernel/tainted) boot=$nonce"
out "# guest-exit: $([ $failed -eq 0 ] && echo 0 || echo 1) boot=$nonce"
exec 3>&-
# the unit powers the guest off (ExecStopPost)
