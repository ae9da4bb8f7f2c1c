#!/bin/sh
# build.sh ROOTDIR OUTPUT
#
# Lay out the guest's root file system in ROOTDIR and pack it into OUTPUT
# (gzip'd newc cpio): busybox-static, our cgtools, libcgroup's stock tools
# with the shared libraries they need, the guest tests and /init.
set -eu
root=$1
out=$2
top=$(cd "$(dirname "$0")/.." && pwd)

rm -rf "$root"
mkdir -p "$root"/bin "$root"/sbin "$root"/etc "$root"/proc "$root"/sys \
	"$root"/dev "$root"/tmp "$root"/mnt/data "$root"/mnt/xfs "$root"/root "$root"/tests
cp /bin/busybox "$root"/bin/busybox
for applet in $("$root"/bin/busybox --list); do
	[ -e "$root/bin/$applet" ] || ln -s busybox "$root/bin/$applet"
done

# Our tools (static; make cgtools builds them into build/cgtools), when built.
for t in cgdentry cgslabstat cgshrink; do
	if [ -x "$top/build/cgtools/$t" ]; then
		cp "$top/build/cgtools/$t" "$root"/bin/
	fi
done

# The guest tests' helpers (cgtest-*: static C, and a script), built
# straight into the guest.
make -s -C "$top/tests/helpers" O="$root/bin"

# The benchmark's timer (static C), built straight into the guest.
make -s -C "$top/tests/bench" O="$root/bin"

# libcgroup's own tools are dynamic: bring their libraries along.
for t in cgget cgset cgcreate cgdelete lscgroup; do
	bin=/usr/bin/$t
	[ -x "$bin" ] || continue
	cp "$bin" "$root/bin/$t.real"
	for lib in $(ldd "$bin" | sed -n 's/.*=> \(\/[^ ]*\).*/\1/p; s/^[[:space:]]*\(\/[^ ]*\) .*/\1/p'); do
		mkdir -p "$root$(dirname "$lib")"
		cp -L "$lib" "$root$lib"
	done
	rm -f "$root/bin/$t"
	mv "$root/bin/$t.real" "$root/bin/$t"
done
mkdir -p "$root"/lib64
[ -e "$root"/lib64/ld-linux-x86-64.so.2 ] || \
	cp -L /lib64/ld-linux-x86-64.so.2 "$root"/lib64/

printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/:/bin/sh\nuser:x:1000:1000:user:/tmp:/bin/sh\n' > "$root"/etc/passwd
printf 'root:x:0:\nnogroup:x:65534:\nuser:x:1000:\n' > "$root"/etc/group

# The stress/safety/input/perm tests' static helper, packed with tests/;
# upstream's cgroup selftests when tests/selftests/build.sh built them.
make -s -C "$top"/tests/stress
if [ -d "$top"/build/selftests ]; then
	mkdir -p "$root"/selftests
	cp "$top"/build/selftests/test_* "$root"/selftests/
fi

cp "$top"/initramfs/init "$root"/init
chmod 755 "$root"/init
cp -r "$top"/tests/. "$root"/tests/
rm -rf "$root"/tests/host

(cd "$root" && find . | sort | cpio -o -H newc --quiet) | gzip -1 > "$out.tmp"
mv "$out.tmp" "$out"
echo "  INITRD  $out ($(du -h "$out" | cut -f1))"
