#!/bin/sh
# series-check.sh TARBALL WORKDIR FRAGMENT [SERIES [DEBIAN_CONFIG]]
# series-check.sh --key TARBALL WORKDIR FRAGMENT [SERIES [DEBIAN_CONFIG]]
#                                                   (print the cache key)
# series-check.sh --warnings LOG FILE...            (LOG's warnings in FILEs)
#
# Build checks of a series (SERIES, default patches/series, the 6.1 one; the
# tarball linux-source-VER.tar.xz names the kernel) that one guest boot
# cannot give, as TAP:
#  - every prefix 1..k of SERIES applies and compiles the files the series
#    touches, with the guest config (FRAGMENT), with CONFIG_MEMCG=n, and,
#    on a kernel that has CONFIG_MEMCG_V1 (6.10 on), with it off as well
#    as on;
#  - the whole series compiles those files with Debian's full amd64 config
#    (DEBIAN_CONFIG, default linux-config-VER's), as shipped and, where the
#    kernel has CONFIG_MEMCG_V1, with it on (Debian leaves it off).
# The last prefix is the series itself, whose full bzImage `make kernel`
# builds.  A compiler warning in a file the patches so far touch (.c or
# .h) fails the build check as an error would: the touched objects are
# always recompiled (ccache replays their warnings), so a rerun sees them.  Trees and objects stay under WORKDIR, so reruns are incremental,
# and ccache absorbs the re-extractions.
# Object lists are split into words on purpose; dash has -nt.
# shellcheck disable=SC2086,SC2046,SC2116,SC3013,SC2016
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)

# warnings LOG FILE...: the compiler's warnings in LOG located in one of
# the FILEs (paths relative to the tree; gcc names them relative or
# absolute, so they are matched at a path boundary).  1 when there are none.
warnings() {
	_log=$1; shift
	[ $# -gt 0 ] || return 1
	_re=$(printf '%s\n' "$@" | sed 's/[.[\*^$]/\\&/g' | paste -sd '|' -)
	grep -E "(^|/)($_re):[0-9]+(:[0-9]+)?: warning:" "$_log"
}
mode=run
case "${1:-}" in
--warnings) shift; warnings "$@"; exit $? ;;
--key) mode=key; shift ;;
esac

tarball=$1
mkdir -p "$2"
work=$(cd "$2" && pwd)
fragment=$3
series=${4:-$top/patches/series}
pdir=$(cd "$(dirname "$series")" && pwd)
name=$(basename "$tarball" .tar.xz)
ver=${name#linux-source-}
debian_config=${5:-/usr/src/linux-config-$ver/config.amd64_none_amd64.xz}
jobs=$(nproc)
mkdir -p "$work"

# A run that passed is not repeated while nothing it depends on changed
# (the series, the fragment, this script, the Debian config, the kernel
# tarball's package version and file, the compiler and ccache), as make
# would not rebuild: its results are shown again, marked as such.
inputs=$( {
	cat "$series" "$pdir"/*.patch "$fragment" "$0" \
		"$top/qemu/config.sh" "$top/patches/prepare-tree.sh" "$debian_config"
	dpkg-query -W -f '${Version}\n' "$name" 2> /dev/null
	stat -L -c '%s %Y' "$tarball"
	gcc --version 2>&1 | head -n 1
	command -v ccache > /dev/null && ccache --version | head -n 1
} | sha256sum | cut -d' ' -f1)
if [ "$mode" = key ]; then
	echo "$inputs"
	exit 0
fi
if [ -f "$work/passed.tap" ] && [ "$(cat "$work/passed.sha" 2>/dev/null)" = "$inputs" ]; then
	echo "# unchanged since the last passing run of $(date -r "$work/passed.tap" '+%F %T'):"
	cat "$work/passed.tap"
	exit 0
fi
rm -f "$work/passed.tap" "$work/passed.sha"

patches=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$series")
count=$(printf '%s\n' "$patches" | grep -c .)
tree=$work/$name

kmake() {
	out=$1; shift
	make -s -C "$tree" O="$out" -j"$jobs" CC="ccache gcc" HOSTCC="ccache gcc" \
		KBUILD_BUILD_TIMESTAMP=2026-01-01 "$@"
}

# The .c files the first K patches touch (new files included).
touched_objects() {
	printf '%s\n' "$patches" | head -n "$1" | while read -r p; do
		sed -n 's|^+++ b/\(.*\)\.c$|\1.o|p' "$pdir/$p"
	done | sort -u
}

# The files (.c and .h) the first K patches touch.
touched_files() {
	printf '%s\n' "$patches" | head -n "$1" | while read -r p; do
		sed -n 's|^+++ b/\(.*\.[ch]\)$|\1|p' "$pdir/$p"
	done | sort -u
}

# kbuild OUT K OBJ...: build OBJs (recompiled: their warnings show again)
# into OUT; fails on an error, or on a warning in a file the first K
# patches touch.
kbuild() {
	_out=$1 _k=$2; shift 2
	for _o in "$@"; do rm -f "$_out/$_o"; done
	kmake "$_out" "$@" >> "$work/log" 2>&1 || return 1
	# shellcheck disable=SC2046 # one word per file
	if warnings "$work/log" $(touched_files "$_k") > "$work/warnings"; then
		echo "warnings in the files the series touches:" >> "$work/log"
		cat "$work/warnings" >> "$work/log"
		return 1
	fi
	return 0
}

# built OUT OBJ...: the OBJs that OUT's config builds.  An object listed as
# obj-$(CONFIG_X) in its directory's Makefile needs CONFIG_X=y; anything
# else (obj-y, continuation lines) is taken as built.
built() {
	out=$1; shift
	for obj in "$@"; do
		base=${obj##*/}
		line=$(grep -E "^obj-.*[[:space:]=]$base" "$tree/${obj%/*}/Makefile" | head -n 1)
		case "$line" in
		'obj-$(CONFIG_'*)
			cfg=${line#obj-\$\(}; cfg=${cfg%%\)*}
			grep -q "^$cfg=y" "$out/.config" || continue ;;
		esac
		echo "$obj"
	done
}

# configure OUT BASE FRAGMENT: OUT/.config, unless the last configure of
# OUT from this FRAGMENT succeeded (a failed one is not taken as done).
configure() {
	out=$1 base=$2 frag=$3
	[ -f "$out/.config" ] && [ "$out/.config" -nt "$frag" ] &&
		[ -f "$out/.configured" ] && return 0
	rm -f "$out/.configured"
	"$top"/qemu/config.sh "$tree" "$out" "$frag" "$base" || return 1
	: > "$out/.configured"
}

# Write FILE from stdin only if that changes it, so configs stay put.
update() {
	cat > "$1.tmp"
	if cmp -s "$1.tmp" "$1"; then rm -f "$1.tmp"; else mv "$1.tmp" "$1"; fi
}
# (MEMCG_V1, on 6.12, depends on MEMCG: it goes too)
{ grep -v -e '^CONFIG_MEMCG=' -e '^CONFIG_MEMCG_V1=' "$fragment"; echo '# CONFIG_MEMCG is not set'; } |
	update "$work/nomemcg.config"
# Debian's config signs with certificates the package does not ship.
printf 'CONFIG_SYSTEM_TRUSTED_KEYS=""\n' |
	update "$work/debian.frag"
{ cat "$work/debian.frag"; echo 'CONFIG_MEMCG_V1=y'; } | update "$work/debian-v1.frag"

# Since 6.10 the v1 files are behind CONFIG_MEMCG_V1, which the guest
# config of such a kernel turns on: build without it too.
v1opt=0
if grep -q '^CONFIG_MEMCG_V1=y' "$fragment"; then
	v1opt=1
	{ grep -v '^CONFIG_MEMCG_V1=' "$fragment"; echo '# CONFIG_MEMCG_V1 is not set'; } |
		update "$work/nov1.config"
fi

n=0
result() {
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $n $2"
	else
		sed 's/^/# /' "$work/log"
		echo "not ok $n $2"
	fi | tee -a "$work/run.tap"
}
: > "$work/run.tap"

k=1
while [ "$k" -le "$count" ]; do
	"$top"/patches/prepare-tree.sh "$tarball" "$work" "$series" "$k" > "$work/log" 2>&1
	rc=$?
	objs=$(touched_objects "$k")
	if [ $rc -eq 0 ]; then
		configure "$work/tiny" tinyconfig "$fragment" > "$work/log" 2>&1 &&
		kbuild "$work/tiny" "$k" $objs
		rc=$?
	fi
	result $rc "series 1..$k builds ($(echo $objs)) with the guest config"
	# the other configs only where the prefix applies and builds
	guest_rc=$rc
	for c in nomemcg:CONFIG_MEMCG=n nov1:CONFIG_MEMCG_V1=n; do
		cfg=${c%%:*}
		[ "$cfg" = nomemcg ] || [ $v1opt -eq 1 ] || continue
		rc=$guest_rc
		if [ $rc -eq 0 ]; then
			configure "$work/$cfg" tinyconfig "$work/$cfg.config" > "$work/log" 2>&1 &&
			kbuild "$work/$cfg" "$k" $(built "$work/$cfg" $objs)
			rc=$?
		else
			echo "not built: series 1..$k fails with the guest config" > "$work/log"
		fi
		result $rc "series 1..$k builds with ${c#*:}"
	done
	k=$((k + 1))
done

objs=$(touched_objects "$count")
configure "$work/debian" "$debian_config" "$work/debian.frag" > "$work/log" 2>&1 &&
	kbuild "$work/debian" "$count" $(built "$work/debian" $objs)
result $? "series builds ($(built "$work/debian" $objs | paste -sd ' ' -)) with Debian's amd64 config"
if [ $v1opt -eq 1 ]; then
	configure "$work/debian-v1" "$debian_config" "$work/debian-v1.frag" > "$work/log" 2>&1 &&
		kbuild "$work/debian-v1" "$count" $(built "$work/debian-v1" $objs)
	result $? "series builds with Debian's amd64 config and CONFIG_MEMCG_V1=y"
fi
echo "1..$n" | tee -a "$work/run.tap"
if [ "$(grep -c '^not ok' "$work/run.tap")" -eq 0 ]; then
	mv "$work/run.tap" "$work/passed.tap"
	echo "$inputs" > "$work/passed.sha"
fi
