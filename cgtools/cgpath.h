/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cgpath: cgroup paths as cgtools take them on the command line (cgget's
 * conventions) and as libcgroup's walk hands them back, and the display
 * order of a subtree.  No cgroup access.
 */
#ifndef CGPATH_H
#define CGPATH_H

#include <stddef.h>
#include <stdint.h>

/*
 * Does the comma-separated controller list [LIST, LIST + LEN) ("memory",
 * "cpu,memory") name the memory controller?  1 or 0.
 */
int cgpath_names_memory(const char *list, size_t len);

/*
 * Normalise a CGROUP argument as cgget takes it ("/", "/A/B", "A/B/",
 * "memory:/A", "cpu,memory:/A") into "/" or "/A/B" in OUT.  Returns 0,
 * -1 when the path is malformed (empty, "..", too long) or -2 when a
 * controller list is given without "memory".
 */
int cgpath_cgroup_arg(const char *arg, char *out, size_t size);

/*
 * The cgroup path of directory FULL under mount point MOUNT ("/" for the
 * mount itself).  Returns 0, or -1 when FULL is not under MOUNT or OUT is
 * too small.
 */
int cgpath_rel_path(const char *mount, const char *full, char *out, size_t size);

/* Is PATH inside the subtree of TOP ("/A" holds "/A" and "/A/B", not "/AB")? */
int cgpath_under(const char *path, const char *top);

/*
 * Order a subtree for display: PATHS[0] is its root, the others its
 * descendants in any order.  Fills ORDER with indices in pre-order, each
 * node's children sorted by KEYS descending (then by path), and DEPTH[i]
 * with the depth of PATHS[i] below PATHS[0].  Returns 0, or -1 when a
 * path's parent is missing from PATHS or out of memory.
 */
int cgpath_tree_order(const char *const *paths, const uint64_t *keys, size_t n,
		   size_t *order, unsigned int *depth);

/*
 * A set of paths, to print each cgroup once however the CGROUP arguments
 * overlap ("-R / /A").  Zero-initialise; free with cgpath_pathset_free().
 */
struct cgpath_pathset {
	size_t n, cap;
	char **slot;		/* open addressing, cap a power of two */
};

/* Add PATH (copied): 1 when added, 0 when already there, -1 out of memory. */
int cgpath_pathset_add(struct cgpath_pathset *set, const char *path);
/* Is PATH in the set?  1 or 0. */
int cgpath_pathset_has(const struct cgpath_pathset *set, const char *path);
void cgpath_pathset_free(struct cgpath_pathset *set);

#endif
