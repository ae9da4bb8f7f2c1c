# Claim: "unused" is what the kernel counts as unused, per memcg: the root's
# total_unused equals nr_unused of /proc/sys/fs/dentry-state (read while no
# dentry comes or goes), and the root's own N<nid> and sb lines add up to
# its "unused".
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"

TRIES=10

need_file "" memory.dentry_unused
cg_create spec22
d=$(test_dir)
cg_lookup_missing spec22 "$d" 500

# One process reads dentry-state, the root's file and dentry-state again:
# starting processes between the reads makes and drops dentries of its own
# (proc, the cgroup file system), so separate readers disagree by one or
# two.  The first rounds also cache the paths.
try=1
while [ $try -le $TRIES ]; do
	# shellcheck disable=SC2046 # three numbers
	set -- $(awk '
		FILENAME ~ /dentry-state$/ { printf "%s ", $2 }
		FILENAME !~ /dentry-state$/ && $1 == "total_unused" { printf "%s ", $2 }
		' /proc/sys/fs/dentry-state "$MEMCG/memory.dentry_unused" /proc/sys/fs/dentry-state)
	[ $# -eq 3 ] || fail "could not read both files: '$*'"
	a=$1 t=$2 b=$3
	[ "$a" = "$b" ] && break
	try=$((try + 1))
done
diag "dentry-state nr_unused $a, $b; root total_unused $t (try $try)"
[ "$a" = "$b" ] || fail "nr_unused never held still over $TRIES tries"
expect_eq "$t" "$a" "root's total_unused vs nr_unused of dentry-state"

text=$(cg_read "" memory.dentry_unused)
unused=$(key_of "$text" unused)
expect_eq "$(echo "$text" | awk '$1 ~ /^N[0-9]+$/ { s += $2 } END { print s + 0 }')" \
	"$unused" "root: sum of the N<nid> lines"
expect_eq "$(echo "$text" | awk '$1 ~ /^sb:/ { s += $2 } END { print s + 0 }')" \
	"$unused" "root: sum of the sb lines"
pass
