/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cgfs: the memory hierarchy as plain files: where it is mounted and
 * which cgroup version it is, the path of a cgroup's directory or control
 * file, whether a cgroup v2 cgroup has the memory controller, and one
 * direct write.  The layer under cgmem and under both of its backends
 * (cgmem-lcg, tests/fakecg), so that no backend calls up into cgmem.  No
 * libcgroup.  Returns 0 or a negative errno unless said otherwise.
 */
#ifndef CGFS_H
#define CGFS_H

#include <stddef.h>

/*
 * The memory hierarchy, as the backend found it: its mount point and its
 * version, 1 (a cgroup v1 hierarchy with the memory controller), 2 (the
 * cgroup v2 hierarchy, on a v2-only host or a hybrid one whose memory
 * controller is on cgroup2) or 0 (a plain directory: the host tests).
 */
void cgfs_set_root(const char *mount, int version);
const char *cgfs_root(void);
int cgfs_version(void);

/* The version of the file system at PATH (statfs): 1, 2, 0, or -errno. */
int cgfs_fs_version(const char *path);

/*
 * What the root is, for messages: "cgroup v1 hierarchy", "cgroup v2
 * hierarchy" or "directory (not a cgroup file system)".
 */
const char *cgfs_kind(void);

/* ROOT/CGROUP[/FILE] into BUF ("/" is the root itself): 0 or -ENAMETOOLONG. */
int cgfs_path(const char *cgroup, const char *file, char *buf, size_t size);

/*
 * Has CGROUP the memory controller?  On cgroup v2 a cgroup has it (and
 * the memory.* files) when "memory" is in its cgroup.controllers, that
 * is in its parent's cgroup.subtree_control; in a threaded subtree only
 * the domain cgroup has it.  1 when it has, 0 when not, -errno when
 * cgroup.controllers cannot be read.  On v1 (and a plain directory)
 * every cgroup of the hierarchy has it: 1.
 */
int cgfs_has_memory(const char *cgroup);

/* open(O_WRONLY) CGROUP's FILE and write(2) VALUE once: 0, or -errno. */
int cgfs_write(const char *cgroup, const char *file, const char *value);

#endif
