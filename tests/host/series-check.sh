#!/bin/sh
# series-check.sh TARBALL WORKDIR FRAGMENT
#
# Build checks of the series that one guest boot cannot give, as TAP:
#  - every prefix 1..k of patches/series applies and compiles the files the
#    series touches, with the guest config and with CONFIG_MEMCG=n;
#  - the whole series compiles those files with Debian's full amd64 config.
# The last prefix is the series itself, whose full bzImage `make kernel`
# builds.  Trees and objects stay under WORKDIR, so reruns are incremental,
# and ccache absorbs the re-extractions.
# Object lists are split into words on purpose; dash has -nt.
# shellcheck disable=SC2086,SC2046,SC2116,SC3013,SC2016
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
tarball=$1
mkdir -p "$2"
work=$(cd "$2" && pwd)
fragment=$3
debian_config=/usr/src/linux-config-6.1/config.amd64_none_amd64.xz
jobs=$(nproc)
mkdir -p "$work"

# A run that passed is not repeated while nothing it depends on changed
# (the series, the fragment, this script, the Debian config), as make
# would not rebuild: its results are shown again, marked as such.
inputs=$(cat "$top/patches/series" "$top"/patches/*.patch "$fragment" "$0" \
	"$top/qemu/config.sh" "$top/patches/prepare-tree.sh" \
	"$debian_config" | sha256sum | cut -d' ' -f1)
if [ -f "$work/passed.tap" ] && [ "$(cat "$work/passed.sha" 2>/dev/null)" = "$inputs" ]; then
	echo "# unchanged since the last passing run of $(date -r "$work/passed.tap" '+%F %T'):"
	cat "$work/passed.tap"
	exit 0
fi
rm -f "$work/passed.tap" "$work/passed.sha"

patches=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$top/patches/series")
count=$(printf '%s\n' "$patches" | grep -c .)
tree=$work/linux-source-6.1

kmake() {
	out=$1; shift
	make -s -C "$tree" O="$out" -j"$jobs" CC="ccache gcc" HOSTCC="ccache gcc" \
		KBUILD_BUILD_TIMESTAMP=2026-01-01 "$@"
}

# The .c files the first K patches touch (new files included).
touched_objects() {
	printf '%s\n' "$patches" | head -n "$1" | while read -r p; do
		sed -n 's|^+++ b/\(.*\)\.c$|\1.o|p' "$top/patches/$p"
	done | sort -u
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

configure() {
	out=$1 base=$2 frag=$3
	[ -f "$out/.config" ] && [ "$out/.config" -nt "$frag" ] && return 0
	"$top"/qemu/config.sh "$tree" "$out" "$frag" "$base"
}

# Write FILE from stdin only if that changes it, so configs stay put.
update() {
	cat > "$1.tmp"
	if cmp -s "$1.tmp" "$1"; then rm -f "$1.tmp"; else mv "$1.tmp" "$1"; fi
}
{ grep -v '^CONFIG_MEMCG=' "$fragment"; echo '# CONFIG_MEMCG is not set'; } |
	update "$work/nomemcg.config"
# Debian's config signs with certificates the package does not ship.
printf 'CONFIG_SYSTEM_TRUSTED_KEYS=""\n' |
	update "$work/debian.frag"

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
	"$top"/patches/prepare-tree.sh "$tarball" "$work" "$top/patches/series" "$k" > "$work/log" 2>&1
	rc=$?
	objs=$(touched_objects "$k")
	if [ $rc -eq 0 ]; then
		configure "$work/tiny" tinyconfig "$fragment" > "$work/log" 2>&1 &&
		kmake "$work/tiny" $objs >> "$work/log" 2>&1
		rc=$?
	fi
	result $rc "series 1..$k builds ($(echo $objs)) with the guest config"
	if [ $rc -eq 0 ]; then
		configure "$work/nomemcg" tinyconfig "$work/nomemcg.config" > "$work/log" 2>&1 &&
		kmake "$work/nomemcg" $(built "$work/nomemcg" $objs) >> "$work/log" 2>&1
		rc=$?
	fi
	result $rc "series 1..$k builds with CONFIG_MEMCG=n"
	k=$((k + 1))
done

objs=$(touched_objects "$count")
{ configure "$work/debian" "$debian_config" "$work/debian.frag" &&
	kmake "$work/debian" $objs; } > "$work/log" 2>&1
result $? "series builds ($(echo $objs)) with Debian's amd64 config"
echo "1..$n" | tee -a "$work/run.tap"
if [ "$(grep -c '^not ok' "$work/run.tap")" -eq 0 ]; then
	mv "$work/run.tap" "$work/passed.tap"
	echo "$inputs" > "$work/passed.sha"
fi
