# Claim: forced shrinks lose no data on ext4: 1000 files written (a third
# left dirty, a third fsynced, a third dirtied through a shared mapping) and
# then overwritten, while "all" is forced again and again on their cgroup
# and on the root, all read back exactly, from the page cache after sync
# and from the disk after unmount and mount; the kernel log stays clean.
# (The host checks the image with e2fsck -fn after the guest run:
# tests/stress/fsck-images.sh.)
# shellcheck source-path=SCRIPTDIR source=../lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=../stress/lib.sh
. "$(dirname "$0")/../stress/lib.sh"
# shellcheck source=../stress/safety.sh
. "$(dirname "$0")/../stress/safety.sh"

safety_run /mnt/data /dev/vda ext4
pass
