/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cgfs: the memory hierarchy as plain files: where it is mounted, the
 * path of a cgroup's directory or control file, and one direct write.
 * The layer under cgmem and under both of its backends (cgmem-lcg,
 * tests/fakecg), so that no backend calls up into cgmem.  No libcgroup.
 * Returns 0 or a negative errno.
 */
#ifndef CGFS_H
#define CGFS_H

#include <stddef.h>

/* The memory hierarchy's mount point, as the backend found it. */
void cgfs_set_root(const char *mount);
const char *cgfs_root(void);

/*
 * What the root is: "cgroup v1 hierarchy", "cgroup v2 hierarchy" (the
 * unified one, where libcgroup finds memory on a v2-only host), or not
 * a cgroup file system at all (the host tests' tree).
 */
const char *cgfs_kind(void);

/* ROOT/CGROUP[/FILE] into BUF ("/" is the root itself): 0 or -ENAMETOOLONG. */
int cgfs_path(const char *cgroup, const char *file, char *buf, size_t size);

/* open(O_WRONLY) CGROUP's FILE and write(2) VALUE once: 0, or -errno. */
int cgfs_write(const char *cgroup, const char *file, const char *value);

#endif
