#!/bin/sh
# Lint every shell script of the project with shellcheck, as TAP, one
# result per file.  Guest scripts run under busybox sh, host scripts under
# dash or bash; each says which in its shebang or a shell directive.
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
if ! command -v shellcheck > /dev/null; then
	echo "not ok 1 shellcheck: not installed (make deps installs it)"
	echo "1..1"
	exit 1
fi
n=0 bad=0
for f in $(git ls-files -- '*.sh' .ci/run initramfs/init | sort); do
	n=$((n + 1))
	# guest tests have no shebang: sh runs them
	dialect=
	head -n 1 "$f" | grep -q '^#!' || dialect="-s sh"
	# shellcheck disable=SC2086 # an option or nothing
	if report=$(shellcheck -x -P SCRIPTDIR $dialect "$f" 2>&1); then
		echo "ok $n shellcheck $f"
	else
		echo "$report" | sed 's/^/# /'
		echo "not ok $n shellcheck $f"
		bad=$((bad + 1))
	fi
done
echo "1..$n"
[ "$bad" -eq 0 ]
