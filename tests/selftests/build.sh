#!/bin/sh
# build.sh [OUT [KVER]]: build upstream's cgroup selftests (test_core,
# test_kmem, test_memcontrol) statically from the project's tree of kernel
# KVER (6.1, the default, or 6.12) into OUT (default build/selftests), for
# the guest's `run=selftests` mode.
#
# The sources come from the extracted tree (build/linux-source-KVER, the
# series does not touch tools/); without it, from the tarball.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$top/build/selftests}
kver=${2:-6.1}
name=linux-source-$kver
tarball=/usr/src/$name.tar.xz
rel=tools/testing/selftests
tree=$top/build/$name
if [ ! -f "$tree/$rel/cgroup/cgroup_util.c" ]; then
	tree=$out/src/$name
	if [ ! -f "$tree/$rel/cgroup/cgroup_util.c" ]; then
		mkdir -p "$out/src"
		tar -xJf "$tarball" -C "$out/src" \
			"$name/$rel/cgroup" "$name/$rel/kselftest.h"
	fi
fi
mkdir -p "$out"
src=$tree/$rel/cgroup
for t in test_core test_kmem test_memcontrol; do
	# upstream's own flags (-Wall -pthread, no optimisation), static for
	# the busybox guest.  Not -O2: gcc then deletes alloc_anon()'s
	# malloc, page touching and free as dead code, and every test that
	# waits for the OOM killer fails.
	gcc -Wall -pthread -static -I"$tree/$rel" -o "$out/$t" \
		"$src/$t.c" "$src/cgroup_util.c"
	echo "  SELFTEST $out/$t"
done
