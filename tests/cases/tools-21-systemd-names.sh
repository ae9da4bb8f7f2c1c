# Claim: a cgroup named as systemd names units, with a backslash in it
# (system-serial\x2dgetty.slice), is what each tool reads and writes when
# it is named so: its bytes are taken as they are, never decoded to the
# sibling system-serial-getty.slice.  It prints as it is in every format
# (JSON's and Prometheus's backslash escaped once, as those formats escape
# any backslash), and the name JSON gives back names it again.
# shellcheck source-path=SCRIPTDIR disable=SC1091,SC2154 # lib*.sh: helpers, tool_tmp, tool_rc
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../lib-tools.sh"
need_file / memory.force_slab_shrink

FILES=200	# unused dentries of the escaped name's cgroup; its sibling has none
S='S\x2dgetty.slice'	# the backslash is in the name, as systemd writes it
d=$(test_dir)
cg_create "$S"
cg_create S-getty.slice
cg_make_files "$S" "$d" $FILES || fail "files in /$S"
n=$(cg_unused "$S")
expect_ge "$n" $FILES "/$S's unused dentries"
expect_lt "$(cg_unused S-getty.slice)" $FILES "the sibling's unused dentries"

run_tool raw cgdentry -P -o CGROUP,UNUSED "/$S"
expect_tool_ok "cgdentry /$S"
# pairs as lsblk -P writes them: the backslash as \x5c (each \xHH decodes)
expect_eq "$(tool_out raw)" 'CGROUP="/S\x5cx2dgetty.slice" UNUSED="'"$n"'"' "cgdentry -P: the cgroup named, as it is"
run_tool json cgdentry -J "/$S"
expect_tool_ok "cgdentry -J /$S"
back=$(jget json '.cgroups[0].cgroup')
expect_eq "$back" "/$S" "JSON: the name as it is"
run_tool again cgdentry -r -n -o UNUSED "$back"
expect_eq "$(tool_out again)" "$n" "the JSON name names the cgroup again"
run_tool prom cgdentry --prometheus "/$S"
expect_tool_ok "cgdentry --prometheus /$S"
expect_eq "$(prom_value prom 'memcg_dentry_unused{cgroup="/S\\x2dgetty.slice"}')" "$n" \
	"Prometheus: the label is the name, its backslash escaped once"
run_tool stat cgslabstat -J "/$S"
expect_tool_ok "cgslabstat -J /$S"
expect_eq "$(jget stat '.cgroups[0].stat.forced_shrinks')" "$(cg_stat "$S" forced_shrinks)" "cgslabstat reads it"

sib=$(cg_stat S-getty.slice forced_shrinks)
run_tool shrink cgshrink -a -r -n -o CGROUP "/$S"
expect_tool_ok "cgshrink -a /$S"
expect_eq "$(cg_unused "$S")" 0 "/$S's unused dentries after its shrink"
expect_eq "$(cg_stat S-getty.slice forced_shrinks)" "$sib" "the sibling was not shrunk"
pass
