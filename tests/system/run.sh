#!/bin/sh
# run.sh --base DIR --kernel-deb DEB --cgtools-deb DEB --out DIR [--timeout S]
#        [--guest-run FILE]
#
# make system-check: the Debian 12 guest made by prepare.sh from the
# cached root DIR and the two packages (its TAP: OUT/packages.tap), booted
# under QEMU's TCG (KVM hangs on these machines) with systemd as PID 1 on
# the unified hierarchy; the checks of tests/system/guest/run.sh stream
# from its second serial port (OUT/guest/results.log), the kernel's
# console to OUT/guest/console.log.  Judged by tests/host/verdict.sh as
# every guest run of the project (the same kernel log patterns, the taint,
# the boot nonce, the plan against tests/system/checks): its last line is
# "N passed, N failed"; exits non-zero on any failure, a panic, a hang
# (the hard timeout) or silence.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
base='' kdeb='' cdeb='' out='' timeout=2400 guest_run=$here/guest/run.sh
while [ $# -gt 0 ]; do
	case $1 in
	--base) base=$2; shift 2 ;;
	--kernel-deb) kdeb=$2; shift 2 ;;
	--cgtools-deb) cdeb=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--guest-run) guest_run=$2; shift 2 ;;	# mutants.sh
	*) echo "run.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done
if [ -z "$base" ] || [ -z "$kdeb" ] || [ -z "$cdeb" ] || [ -z "$out" ]; then
	echo "run.sh: --base, --kernel-deb, --cgtools-deb and --out are required" >&2
	exit 2
fi
mkdir -p "$out/guest"
rm -f "$out/guest/results.log" "$out/guest/console.log" "$out/guest/qemu.rc"
start=$(date +%s)
echo "# system-check: the guest root from $base, $(basename "$kdeb"), $(basename "$cdeb")"
"$here/prepare.sh" "$base" "$out" "$kdeb" "$cdeb" "$guest_run" > "$out/packages.tap"
echo $? > "$out/packages.rc"
sed 's/^/# packages: /' "$out/packages.tap"
echo "# system-check: guest prepared in $(($(date +%s) - start)) s"
cp "$here/checks" "$out/selected"

if [ -f "$out/root.img" ] && [ -f "$out/vmlinuz" ]; then
	# the checks' results as they come (ttyS1), the console in its file
	# (ttyS0); qemu's status (124 for the hard timeout) in qemu.rc
	{
		rc=0
		timeout --foreground -k 5 "$timeout" qemu-system-x86_64 \
			-accel tcg,thread=multi -cpu max -nodefaults -display none \
			-no-reboot -m 2G -smp 2 \
			-drive file="$out/root.img",if=virtio,format=raw,cache=unsafe \
			-device virtio-rng-pci \
			-kernel "$out/vmlinuz" \
			-append "root=/dev/vda rw console=ttyS0 panic=-1 oops=panic loglevel=6 no_timer_check" \
			-serial file:"$out/guest/console.log" -serial stdio < /dev/null || rc=$?
		echo "$rc" > "$out/guest/qemu.rc"
	} | sed -u 's/\r//g' | tee "$out/guest/results.log"
fi
echo "# system-check: guest done in $(($(date +%s) - start)) s"
"$top/tests/host/verdict.sh" --need-guest \
	--stream packages "$out/packages.tap" "$out/packages.rc" \
	--guest system "$out/guest" "$out/selected"
