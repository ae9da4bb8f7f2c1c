# What a kernel log must never show: the one list of patterns that the
# host's judge (tests/host/verdict.sh, on every guest's console) and the
# guest's own checks (tests/stress/lib.sh: log_mark/log_check, in stress-,
# safety- and the other tests that scan dmesg) share.  Sourced by both, so
# it is POSIX sh and sets KERNEL_LOG_BAD, an extended regular expression
# (grep -E, case-sensitive: "oops=panic" on the command line is no Oops).
# One pattern a line below; a line is what the kernel prints for the bug:
# shellcheck shell=sh disable=SC2034 # used by the scripts that source it
KERNEL_LOG_BAD=$(awk '!/^[ \t]*(#|$)/ { s = s (s == "" ? "" : "|") $0 } END { print s }' <<'EOF'
# panics, oopses, BUG_ON, general protection faults
Kernel panic
Oops
kernel BUG at
BUG:
# SLUB's own checks: "BUG dentry (Not tainted): Poison overwritten"
BUG [^ ]+ \((Not tainted|Tainted)
general protection fault
Call Trace
# WARN_ON, lockdep's splats (also "WARNING: possible circular locking")
WARNING:
possible circular locking
inconsistent lock state
# memory checkers: KASAN and KFENCE ("BUG: KASAN", "BUG: KFENCE"),
# UBSAN (turned on in qemu/kernel-debug.config).  No kmemleak pattern:
# its "unreferenced object" lines go to /sys/kernel/debug/kmemleak, not to
# the console (issue 41, 3); the debug kernel builds kmemleak (on with
# kmemleak=on), init then scans at the end of the run and prints the
# report to the results stream, and verdict.sh's check_kmemleak fails the
# run on any leak.
KFENCE:
UBSAN:
# DEBUG_LIST: "list_add corruption", "list_del corruption", "list_add double add"
list_(add|del) (corruption|double add)
# lockups, stalls, hung tasks
soft lockup
hard LOCKUP
blocked for more than
rcu: INFO:
detected stalls
self-detected stall
workqueue lockup
# an inode refcount bug in a shrinker: 6.1 prints it without a stack
Busy inodes after unmount
# file systems that found themselves corrupt, or shut down
EXT4-fs error
Remounting filesystem read-only
Corruption of in-memory data
Metadata corruption detected
Shutting down filesystem
XFS \([^)]*\): Internal error
# XFS's verifiers: "Metadata CRC error detected at xfs_dir3_block_read_verify
# ..., xfs_dir3_data block 0x..." followed by "Unmount and run xfs_repair"
Metadata CRC error detected
Unmount and run xfs_repair
# ext4 dropping dirty data it could not allocate blocks for: "Delayed block
# allocation failed for inode 12 at logical offset 0 ..." then "This should
# not happen!! Data will be lost"
Delayed block allocation failed
Data will be lost
# the block layer and the buffer cache: "I/O error, dev vda, sector 2048 op
# 0x1:(WRITE) ...", "Buffer I/O error on dev vda, logical block 9, lost
# async page write" (a write the page cache had, gone)
I/O error, dev
Buffer I/O error
lost async page write
# a splat may be among what printk dropped
printk messages dropped
EOF
)
