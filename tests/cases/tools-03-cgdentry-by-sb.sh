# Claim: cgdentry --by-sb names the file system that holds a cgroup's
# unused dentries by device, type and mount point (from
# /proc/self/mountinfo): K files made on the ext4 disk are counted under
# /mnt/data as ext4, M negative lookups in /sys under the sysfs at /sys,
# each as the file's sb:<major>:<minor> line counts them.  (Not tmpfs: it
# deletes negative dentries at once and pins its files' dentries, so it
# never has unused ones.)
# shellcheck source-path=SCRIPTDIR disable=SC1091,SC2154 # lib*.sh: helpers, tool_tmp, tool_rc
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../lib-tools.sh"
need_file / memory.dentry_unused

K=150
M=90
d=$(test_dir)
disk=$(disk_devno)
sysdev=$(devno_of /sys)
assert_ne "$sysdev" "" "device of /sys"
cg_create A
cg_make_files A "$d" $K || fail "files on the disk"
cg_lookup_missing A /sys $M "tools03-missing-" || fail "lookups in /sys"

assert_ge "$(cg_unused A "sb:$disk")" $K "A's dentries on the disk"
assert_ge "$(cg_unused A "sb:$sysdev")" $M "A's dentries on /sys"

run_tool json cgdentry --by-sb --json /A
expect_tool_ok "cgdentry --by-sb --json /A"
sb=".cgroups[0].superblocks[device=$disk]"
expect_eq "$(jget json "$sb" -k)" "device major minor fstype mount unused" "keys of a superblock entry"
expect_eq "$(jget json "$sb.mount")" "$DATA" "mount of the disk"
expect_eq "$(jget json "$sb.fstype")" ext4 "type of the disk"
expect_eq "$(jget json "$sb.major"):$(jget json "$sb.minor")" "$disk" "major:minor of the disk"
expect_eq "$(jget json "$sb.unused")" "$(cg_unused A "sb:$disk")" "dentries on the disk"
sb=".cgroups[0].superblocks[device=$sysdev]"
expect_eq "$(jget json "$sb.mount")" /sys "mount of /sys"
expect_eq "$(jget json "$sb.fstype")" sysfs "type of /sys"
expect_eq "$(jget json "$sb.unused")" "$(cg_unused A "sb:$sysdev")" "dentries on /sys"
expect_eq "$(jget json .cgroups[0].superblocks -l)" "$(grep -c '^sb:' "$MEMCG/A/memory.dentry_unused")" "superblock entries"

run_tool table cgdentry --by-sb /A
expect_tool_ok "cgdentry --by-sb /A"
expect_eq "$(head -n 1 "$tool_tmp/table" | tr -s ' ')" "CGROUP DEVICE FSTYPE MOUNT UNUSED" "table header"
expect_eq "$(awk -v dev="$disk" '$2 == dev { print $1, $3, $4, $5 }' "$tool_tmp/table")" \
	"/A ext4 $DATA $(cg_unused A "sb:$disk")" "table row of the disk"
pass
