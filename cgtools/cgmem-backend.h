/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The seam of cgmem: the few operations that touch cgroupfs.  Backends
 * call down only (cgfs.h for paths and direct writes), never into cgmem.  cgmem-lcg.c
 * implements them on libcgroup (the tools); tests/fakecg.c on a plain
 * directory tree named by $CGTOOLS_FAKE_ROOT (the host tests).  Return
 * values as in cgmem.h: 0, ECG* (> 0) or a negative errno; never 0 for a
 * failure.
 */
#ifndef CGMEM_BACKEND_H
#define CGMEM_BACKEND_H

#include <stddef.h>

/*
 * Set up and find the memory hierarchy: *MOUNT_POINT is its directory,
 * *VERSION its cgroup version as cgfs.h has it (1, 2, or 0 for a plain
 * directory).
 */
int cgmb_init(const char **mount_point, int *version);
const char *cgmb_strerror(int rc);
/* Call LINE for each line of CGROUP's FILE until it returns non-zero
 * (which is then returned). */
int cgmb_read_lines(const char *cgroup, const char *file,
		    int (*line)(const char *text, void *arg), void *arg);
/*
 * Call DIR with the full path of CGROUP's directory and of each below
 * it, parents before children, until it returns non-zero (which is then
 * returned).  A directory whose entries cannot be read is handed to DIR,
 * then to BAD with the error, and the walk goes on without its subtree.
 */
int cgmb_walk(const char *cgroup, int (*dir)(const char *full_path, void *arg),
	      void (*bad)(const char *full_path, int rc, void *arg), void *arg);
/* One write of VALUE to CGROUP's FILE. */
int cgmb_write(const char *cgroup, const char *file, const char *value);

/*
 * libcgroup backend only: a libcgroup return as a cgmem error, never 0
 * for a failure (ECGOTHER without an errno stays ECGOTHER).
 */
int cgmb_lcg_error(int rc);

#endif
