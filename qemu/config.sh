#!/bin/sh
# config.sh SRC OUT FRAGMENT [BASE]
#
# Make OUT/.config from BASE (tinyconfig, or a config file) plus FRAGMENT,
# then check that every option the fragment asks for survived olddefconfig:
# a dependency that silently drops an option would otherwise only show up as
# a confusing guest failure.
set -eu
src=$1
out=$2
frag=$3
base=${4:-tinyconfig}

mkdir -p "$out"
if [ "$base" = tinyconfig ]; then
	make -s -C "$src" O="$(realpath "$out")" tinyconfig >/dev/null
else
	case "$base" in
	*.xz) xz -dc "$base" > "$out/.config" ;;
	*) cp "$base" "$out/.config" ;;
	esac
fi
"$src/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" "$frag" >/dev/null
make -s -C "$src" O="$(realpath "$out")" olddefconfig >/dev/null

bad=0
while IFS= read -r line; do
	case "$line" in
	CONFIG_*=*)
		grep -qx "$line" "$out/.config" || { echo "config: $line did not stick" >&2; bad=1; } ;;
	"# CONFIG_"*" is not set")
		opt=${line#\# }; opt=${opt%% *}
		if grep -q "^$opt=" "$out/.config"; then
			echo "config: $opt is still set" >&2; bad=1
		fi ;;
	esac
done < "$frag"
exit $bad
