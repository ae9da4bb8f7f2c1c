# Claim: a bad --max (zero, negative, not decimal, trailing junk, above
# ULONG_MAX), -i, a missing -N/--all or a CGROUP of another controller
# makes a tool exit 1 as util-linux tools do, with a usage message ending
# in the pointer to --help, before it touches any cgroup: nothing is
# shrunk.
# shellcheck source-path=SCRIPTDIR disable=SC1091,SC2154 # lib*.sh: helpers, tool_tmp, tool_rc
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../lib-tools.sh"
need_file / memory.force_slab_shrink

d=$(test_dir)
cg_create A
cg_make_files A "$d" 50 || fail "files in /A"
unused=$(cg_unused A)
for n in 0 -1 abc 10x 1.5 "" 18446744073709551616; do
	run_tool out cgshrink --max "$n" /A
	expect_usage_error "cgshrink --max '$n'"
	case "$(tool_err out)" in
	"cgshrink: invalid --max '$n'"*) ;;
	*) fail "cgshrink --max '$n' message: $(tool_err out)" ;;
	esac
done
run_tool out cgshrink -g cpu:/A
expect_usage_error "cgshrink -g cpu:/A"
run_tool out cgshrink -N 5 --all /A
expect_usage_error "cgshrink -N 5 --all"
run_tool out cgshrink /A
expect_usage_error "cgshrink without -N or --all"
run_tool out cgshrink -g cpu /A
expect_usage_error "cgshrink -g cpu /A"
run_tool out cgslabstat -i 0 /A
expect_usage_error "cgslabstat -i 0"
run_tool out cgdentry --bogus /A
expect_usage_error "cgdentry --bogus"
expect_eq "$(cg_stat A forced_shrinks)" 0 "A's forced shrinks"
expect_eq "$(cg_unused A)" "$unused" "A's unused dentries"

# the largest count is fine
run_tool out cgshrink -N 18446744073709551615 --json /A
expect_tool_ok "cgshrink -N ULONG_MAX"
expect_eq "$(cg_stat A forced_shrinks)" 1 "A's forced shrinks after -N ULONG_MAX"
expect_eq "$(cg_unused A)" 0 "A's unused dentries after -N ULONG_MAX"
pass
