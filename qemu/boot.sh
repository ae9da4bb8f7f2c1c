#!/bin/sh
# boot.sh --kernel BZIMAGE --initrd CPIO --run check|demo|bench|shell --out DIR
#         [--timeout SECONDS] [--append "extra cmdline"] [--tcg multi|single]
#         [--plugin PLUGIN.so,ARG=VALUE...]
#
# Boot the guest under TCG (KVM is present on these machines but hangs) with
# 2 vCPUs in 2 sockets, one per NUMA node, 1 GiB and fresh scratch disks:
# vda ext4 (/mnt/data), vdb XFS (/mnt/xfs), vdc swap (not enabled by init).
#   DIR/console.log  kernel console (ttyS0)
#   DIR/results.log  what the guest's run wrote to ttyS1 (check only)
#   DIR/qemu.rc      qemu's exit status, 124 after the hard timeout (check only)
# For check, results are also streamed to stdout as they come (sed -u:
# tr would hold them back in its buffer until the run ends).
# The guest never reboots; a hard timeout kills a guest that hangs.
# --tcg: multi (the default) gives each vCPU a host thread of its own
# (MTTCG), so the guest's CPUs truly run at once, as a race needs; single
# runs both vCPUs on one host thread in turn (a vCPU runs until it idles
# or 100 ms pass), which keeps a guest to one host core: two such guests
# side by side do not overcommit a 2-core host (make check's fast runs,
# tests/host/check.sh).
# --plugin loads a TCG plugin into QEMU (tests/bench/insns.sh's counter).
set -eu

kernel='' initrd='' run=shell out='' timeout=1200 append='' tcg=multi plugin=''
while [ $# -gt 0 ]; do
	case "$1" in
	--kernel) kernel=$2; shift 2 ;;
	--initrd) initrd=$2; shift 2 ;;
	--run) run=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--append) append=$2; shift 2 ;;
	--tcg) tcg=$2; shift 2 ;;
	--plugin) plugin=$2; shift 2 ;;
	*) echo "boot.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done
if [ -z "$kernel" ] || [ -z "$initrd" ] || [ -z "$out" ]; then
	echo "boot.sh: --kernel, --initrd and --out are required" >&2
	exit 2
fi
case "$tcg" in
multi|single) ;;
*) echo "boot.sh: --tcg must be multi or single" >&2; exit 2 ;;
esac

mkdir -p "$out"
disk=$out/data.img xfs=$out/xfs.img swap=$out/swap.img
rm -f "$disk" "$xfs" "$swap"
truncate -s 512M "$disk" "$xfs" "$swap"
# -i 2048: 256k inodes (-i 4096 gave 128k), room for P2r's files in make
# bench up to BENCH_SCALE=5 (50000 a scale)
mkfs.ext4 -q -F -L data -i 2048 "$disk"
mkfs.xfs -q -f -L xfs "$xfs"
mkswap -q -L swap "$swap" > /dev/null

# max-ram-below-4g=512M: node 0's 512 MiB below 4 GiB (ZONE_DMA and
# ZONE_DMA32), node 1's above it (ZONE_NORMAL).  QEMU's default puts all
# of a 1 GiB guest below 4 GiB, which leaves it without a ZONE_NORMAL, as
# no 64-bit host is: reclaim's zone and classzone handling would go
# untested.  QEMU's pc machine warns on every boot that 512M is not a
# multiple of 1G ("possible bad performance"): that is about host huge
# pages backing a KVM guest's memory, which a TCG guest does not use, and
# no 1G-aligned split of 1 GiB leaves both nodes memory.  qemu_run shows
# one line of ours in its place.
set -- qemu-system-x86_64 -accel tcg,thread="$tcg" -cpu max -nodefaults -display none \
	-machine pc,max-ram-below-4g=512M -no-reboot -m 1G \
	-smp 2,sockets=2,cores=1,threads=1 \
	-object memory-backend-ram,id=m0,size=512M \
	-object memory-backend-ram,id=m1,size=512M \
	-numa node,nodeid=0,cpus=0,memdev=m0 \
	-numa node,nodeid=1,cpus=1,memdev=m1 \
	-drive file="$disk",if=virtio,format=raw,cache=unsafe \
	-drive file="$xfs",if=virtio,format=raw,cache=unsafe \
	-drive file="$swap",if=virtio,format=raw,cache=unsafe \
	-kernel "$kernel" -initrd "$initrd"
[ -z "$plugin" ] || set -- "$@" -plugin "$plugin"

# qemu_run CMD...: run CMD (qemu, or timeout running it) with its stderr
# passed through, except QEMU's warning about the split above, which
# becomes one line that says why it is harmless; returns CMD's status.
# stdin and stdout are CMD's own (a pipe to sed would hold the serial
# console back, and shell's mon:stdio needs the terminal).
layout_warning='warning: Large machine and max_ram_below_4g (536870912) not a multiple of 1G'
layout_note='boot.sh: 512M of guest RAM below 4G on purpose (node 1 above it, in ZONE_NORMAL); QEMU'"'"'s not-1G-aligned warning concerns KVM huge pages, harmless under TCG'
qemu_run() {
	_rc=$out/.qemu-rc
	{
		{ "$@" 2>&1 1>&3 3>&-; echo $? > "$_rc"; } |
			sed -u "s/^.*$layout_warning.*\$/$layout_note/" >&2 3>&-
	} 3>&1
	_st=$(cat "$_rc")
	rm -f "$_rc"
	return "$_st"
}

# no_timer_check: on a loaded host the TCG guest can miss the IO-APIC timer
# check at boot and panic ("IO-APIC + timer doesn't work!").
cmdline="console=ttyS0 panic=-1 oops=panic loglevel=6 no_timer_check run=$run $append"
case "$run" in
check)
	: > "$out/results.log"
	rm -f "$out/qemu.rc"
	{
		rc=0
		qemu_run timeout --foreground -k 5 "$timeout" "$@" -append "$cmdline" \
			-serial file:"$out/console.log" -serial stdio < /dev/null || rc=$?
		echo "$rc" > "$out/qemu.rc"
	} | sed -u 's/\r//g' | tee "$out/results.log"
	;;
demo|bench)
	qemu_run timeout --foreground -k 5 "$timeout" "$@" -append "$cmdline quiet" \
		-serial stdio < /dev/null | sed -u 's/\r//g' | tee "$out/console.log"
	;;
shell)
	qemu_run "$@" -append "$cmdline quiet" -serial mon:stdio
	;;
*)
	echo "boot.sh: --run must be check, demo, bench or shell" >&2; exit 2 ;;
esac
