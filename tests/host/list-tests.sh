#!/bin/sh
# list-tests.sh [WORD...]: the guest tests `make check T="WORD..."` would
# select (tests/select.sh's rules: a test whose name holds a WORD, less
# those holding a -WORD), one line each: name, hierarchy (v1, v2 or any)
# and the first sentence of its claim (the header's "# Claim:" paragraph),
# cut at 80 characters.
# `make list-tests [T=...]` runs it.  Exit 1 when no test matches.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../select.sh
. "$top/tests/select.sh"

# claim FILE: the first sentence of FILE's "# Claim:" paragraph, on a line.
claim() {
	awk '
	on && !/^# ./ { exit }
	on { sub(/^# */, ""); text = text " " $0 }
	/^# Claim/ { on = 1; sub(/^# Claim */, ""); text = $0 }
	END {
		# a "(seed ...)" after the word Claim, which may span lines
		if (substr(text, 1, 1) == "(") {
			depth = 0
			for (i = 1; i <= length(text); i++) {
				c = substr(text, i, 1)
				if (c == "(") depth++
				else if (c == ")" && --depth == 0) break
			}
			text = substr(text, i + 1)
		}
		sub(/^[:.] */, "", text)
		if (match(text, /[.:;]( |$)/)) text = substr(text, 1, RSTART)
		if (length(text) > WIDTH) text = substr(text, 1, WIDTH - 3) "..."
		print (text == "" ? "(no claim)" : text)
	}' WIDTH=80 "$1"
}

n=0
for t in $(select_cases "$top/tests" "$@"); do
	name=${t##*/}
	printf '%-36s %-3s  %s\n' "${name%.sh}" "$(hier_of "$t")" "$(claim "$t")"
	n=$((n + 1))
done
if [ $n -eq 0 ]; then
	echo "list-tests: no test matches: $*" >&2
	exit 1
fi
echo "$n tests"
