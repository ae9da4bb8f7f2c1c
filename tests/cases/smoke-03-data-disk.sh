# Claim: the scratch ext4 disk is mounted read-write at /mnt/data and takes
# writes that read back.
. "$(dirname "$0")/../lib.sh"

line=$(awk -v m="$DATA" '$2 == m' /proc/mounts)
case "$line" in
"/dev/vda $DATA ext4 rw"*) ;;
*) fail "want /dev/vda as ext4 rw on $DATA, have: '$line'" ;;
esac
d=$(test_dir)
echo hello > "$d/probe" || fail "write to $d"
expect_eq "$(cat "$d/probe")" hello "read back"
expect_ne "$(disk_devno)" "" "major:minor of $DATA in mountinfo"
pass
