#!/bin/sh
# run.sh: the host tests of cgtools, as TAP on stdout.
#
# First the unit tests of the pure modules (tests/unit-tests), then the
# command-line contract that needs no cgroup: usage errors exit 2 before
# any cgroup is touched, --help/--version, and the two guest test helpers
# (cgtest-write, cgtest-json) on ordinary files.  Every line is numbered
# here; exits 1 if any test failed.
set -u
cd "$(dirname "$0")/.." || exit 1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

results=$scratch/results
: > "$results"

ok() { echo "ok $1" >> "$results"; }
not_ok() { echo "not ok $1" >> "$results"; shift; for l in "$@"; do echo "# $l" >> "$results"; done; }

# expect_exit STATUS NAME CMD...: CMD exits STATUS, output kept in $out/$err.
expect_exit() {
	want=$1 name=$2
	shift 2
	"$@" > "$scratch/out" 2> "$scratch/err"
	got=$?
	out=$(cat "$scratch/out") err=$(cat "$scratch/err")
	if [ "$got" -eq "$want" ]; then
		ok "$name"
	else
		not_ok "$name" "exit $got, want $want: $*" "stdout: $out" "stderr: $err"
	fi
}

# expect_text NAME ACTUAL PATTERN: ACTUAL matches the shell PATTERN.
expect_text() {
	# shellcheck disable=SC2254
	case "$2" in
	$3) ok "$1" ;;
	*) not_ok "$1" "got '$2', want '$3'" ;;
	esac
}

# --- unit tests of cgparse and cgjson
tests/unit-tests >> "$results" 2>&1
rc=$?
[ $rc -eq 0 ] || grep -q '^not ok' "$results" || not_ok "unit tests exited $rc"

# --- usage: every tool
for t in cgdentry cgslabstat cgshrink; do
	expect_exit 0 "$t --help exits 0" "./$t" --help
	expect_text "$t --help shows its usage" "$out" "Usage: $t *Exit status: 0 ok, 1 *2 usage*"
	expect_exit 0 "$t --version exits 0" "./$t" --version
	expect_text "$t --version names it" "$out" "$t (cgtools) [0-9]*"
	expect_exit 2 "$t without CGROUP exits 2" "./$t"
	expect_text "$t usage error message" "$err" "$t: no CGROUP given*--help*"
	expect_exit 2 "$t with an unknown option exits 2" "./$t" --bogus /
	expect_exit 2 "$t -g cpu:/A (not memory) exits 2" "./$t" -g cpu:/A
	expect_exit 2 "$t /A/../B exits 2" "./$t" /A/../B
	expect_exit 2 "$t --json --raw exits 2" "./$t" --json --raw /
done

# --- usage: per tool
for n in 0 -1 abc 12x "" 18446744073709551616 " 5"; do
	expect_exit 2 "cgshrink -n '$n' exits 2" ./cgshrink -n "$n" /A
done
expect_text "cgshrink bad -n message" "$err" "cgshrink: invalid -n ' 5'*"
expect_exit 2 "cgshrink -n with --all exits 2" ./cgshrink -n 5 --all /A
expect_exit 2 "cgshrink -r without --above exits 2" ./cgshrink -r /A
expect_exit 2 "cgshrink --above x exits 2" ./cgshrink --above x /A
for i in 0 -1 x 1.2345; do
	expect_exit 2 "cgslabstat -i '$i' exits 2" ./cgslabstat -i "$i" /A
done
expect_exit 2 "cgslabstat -c without -i exits 2" ./cgslabstat -c 3 /A
expect_exit 2 "cgslabstat -c 0 exits 2" ./cgslabstat -i 1 -c 0 /A
expect_exit 2 "cgslabstat --own without -i exits 2" ./cgslabstat --own /A

# --- cgtest-write
printf 'old' > "$scratch/f"
expect_exit 0 "cgtest-write writes a file" ./cgtest-write "$scratch/f" "new value"
expect_text "cgtest-write prints ok and ms" "$out" "ok [0-9]*"
expect_text "cgtest-write writes VALUE exactly, no newline" "$(od -c "$scratch/f" | head -n 2 | tr -s ' ')" \
	"0000000 n e w v a l u e*0000011"
expect_exit 1 "cgtest-write reports a failed write" ./cgtest-write /dev/full x
expect_text "cgtest-write names the errno" "$out" "ENOSPC [0-9]*"
expect_exit 1 "cgtest-write reports a failed open" ./cgtest-write "$scratch/none/x" x
expect_text "cgtest-write names the open errno" "$out" "ENOENT [0-9]*"
mkfifo "$scratch/fifo"
expect_exit 1 "cgtest-write --signal-after interrupts a blocked call" \
	./cgtest-write --signal-after 200 "$scratch/fifo" x
expect_text "cgtest-write prints EINTR and the elapsed ms" "$out" "EINTR [0-9]*"
ms=${out#EINTR }
if [ "${ms:-0}" -ge 190 ] && [ "${ms:-0}" -lt 5000 ]; then
	ok "cgtest-write signal arrives after MS"
else
	not_ok "cgtest-write signal arrives after MS" "elapsed '$ms' for 200"
fi
expect_exit 1 "cgtest-write --signal USR2 interrupts too" \
	./cgtest-write --signal SIGUSR2 --signal-after 50 "$scratch/fifo" x
expect_text "cgtest-write with USR2 prints EINTR" "$out" "EINTR [0-9]*"
expect_exit 2 "cgtest-write without VALUE exits 2" ./cgtest-write "$scratch/f"
expect_exit 2 "cgtest-write --signal KILL exits 2" ./cgtest-write --signal KILL --signal-after 1 "$scratch/f" x
expect_exit 2 "cgtest-write --signal-after x exits 2" ./cgtest-write --signal-after x "$scratch/f" x

# --- cgtest-json
json='{"cgroups":[{"cgroup":"/A","unused":12},{"cgroup":"/A/B","unused":3}],"ok":true}'
echo "$json" > "$scratch/j"
expect_exit 0 "cgtest-json selects by member value" sh -c './cgtest-json ".cgroups[cgroup=/A/B].unused" < "$0"' "$scratch/j"
expect_text "cgtest-json prints the number" "$out" "3"
expect_exit 0 "cgtest-json -l" sh -c './cgtest-json -l .cgroups < "$0"' "$scratch/j"
expect_text "cgtest-json -l prints the length" "$out" "2"
expect_exit 0 "cgtest-json -k" sh -c './cgtest-json -k ".cgroups[0]" < "$0"' "$scratch/j"
expect_text "cgtest-json -k prints keys in order" "$out" "cgroup unused"
expect_exit 0 "cgtest-json -t" sh -c './cgtest-json -t .ok < "$0"' "$scratch/j"
expect_text "cgtest-json -t prints the type" "$out" "bool"
expect_exit 1 "cgtest-json: a missing path exits 1" sh -c './cgtest-json .nope < "$0"' "$scratch/j"
printf '{"a":1,}' > "$scratch/bad"
expect_exit 1 "cgtest-json: invalid JSON exits 1" sh -c './cgtest-json .a < "$0"' "$scratch/bad"
printf '{"a":1}\n{"a":2}\n' > "$scratch/lines"
expect_exit 0 "cgtest-json reads JSON Lines" sh -c './cgtest-json .a < "$0"' "$scratch/lines"
expect_text "cgtest-json prints one line per document" "$out" "1
2"
: > "$scratch/empty"
expect_exit 1 "cgtest-json: no document exits 1" sh -c './cgtest-json . < "$0"' "$scratch/empty"
expect_exit 2 "cgtest-json without PATH exits 2" ./cgtest-json

# --- number the results
total=$(grep -c '^\(not \)\{0,1\}ok ' "$results")
echo "1..$total"
awk '/^(not )?ok / { n++; sub(/^ok /, "ok " n " - "); sub(/^not ok /, "not ok " n " - ") } { print }' "$results"
! grep -q '^not ok' "$results"
