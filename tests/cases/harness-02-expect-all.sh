# Claim: a test reports every expectation it fails and still fails.  An
# inner test whose expect_eq fails, then an expect_gt in $(...), then goes
# on to the end and calls pass, is reported "not ok" by the runner, with
# both failures printed and each with the line of the test that made it,
# and the steps after them ran; an inner test whose assert_eq fails stops
# there, "not ok" too.  A lib.sh whose expect_* ended the test, or whose
# pass() let a failed expectation through, fails this.
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

# Seconds each inner test gets (they take a moment).
INNER_TIMEOUT=60

fake=/tmp/harness-02.$$
at_exit rm -rf "$fake"
mkdir -p "$fake/cases" || fail "mkdir $fake/cases"
cp "$(dirname "$0")/../lib.sh" "$(dirname "$0")/../select.sh" "$(dirname "$0")/../hier.sh" "$fake/" ||
	fail "copy lib.sh"
cat > "$fake/cases/inner-01-expects.sh" <<'INNER'
. "$(dirname "$0")/../lib.sh"
n=3
expect_eq "$n" 4 "the first check of $n"
v=$(expect_gt 1 2 "a check in a subshell")
echo "went on: $v"
touch "$(dirname "$0")/went-on"
pass
INNER
cat > "$fake/cases/inner-02-assert.sh" <<'INNER'
. "$(dirname "$0")/../lib.sh"
expect_eq 1 2 "a check before the premise"
assert_eq 5 6 "the premise"
touch "$(dirname "$0")/went-on-2"
pass
INNER
out=$(TESTS_DIR=$fake TEST_TIMEOUT=$INNER_TIMEOUT /tests/run-guest.sh inner-)
rc=$?
diag "$out"
expect_eq "$rc" 1 "the runner's exit status with failed tests"
has() { printf '%s\n' "$out" | grep -qxF -e "$1" || { echo "FAIL: no line '$1'"; return 1; }; }
has "not ok 1 inner-01-expects" || fail "a test that failed two expectations and called pass is not reported failed"
has "# FAIL: the first check of 3: got '3', want '4' (at inner-01-expects.sh:3)" ||
	fail "the first failed expectation is not reported with its line"
has "# in a subshell: FAIL: a check in a subshell: got 1, want > 2 (at inner-01-expects.sh:4)" ||
	fail "the failed expectation in \$(...) is not reported with its line"
has "# FAIL: 2 failed expectation(s)" || fail "the count of failed expectations is not reported"
[ -e "$fake/cases/went-on" ] || fail "the test did not go on after its failed expectations"
has "not ok 2 inner-02-assert" || fail "a test whose assert failed is not reported failed"
has "# FAIL: the premise: got '5', want '6' (at inner-02-assert.sh:3)" ||
	fail "the failed assert is not reported with its line"
[ ! -e "$fake/cases/went-on-2" ] || fail "the test went on after its failed assert"
pass
