/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cgmem: all cgroup access of cgtools.  CGROUP paths are relative to the
 * memory hierarchy, cgroup v1 or v2 alike: "/", "/A/B".  On cgroup v2 the
 * memory cgroups are the root and the cgroups that have the memory
 * controller (their parent's cgroup.subtree_control names it); a walk
 * leaves the others out.
 *
 * Every function returns 0, a libcgroup error code (ECG*, > 0) or a
 * negative errno, never 0 for a failure; cgm_strerror() turns either into
 * text.  The access itself goes through a backend (cgmem-backend.h):
 * libcgroup in the tools, a plain directory tree in the host tests.
 */
#ifndef CGMEM_H
#define CGMEM_H

#include "cgkv.h"

#include <stddef.h>

#define CGM_DENTRY_UNUSED "memory.dentry_unused"
#define CGM_SLAB_STAT "memory.slab_reclaim_stat"
#define CGM_FORCE_SHRINK "memory.force_slab_shrink"

/*
 * The codes the tools tell apart, named here so that no tool needs
 * <libcgroup.h> (they are libcgroup's underneath).
 */
extern const int CGM_ENOCGROUP;	/* the cgroup does not exist */
extern const int CGM_EPARSE;	/* a control file does not parse */
extern const int CGM_ENOFILE;	/* the cgroup lacks the control file */
/* cgroup v2: the cgroup exists but has no memory controller (cgmem's own) */
extern const int CGM_ENOMEMCG;

/* Is RC one of "no such memory cgroup" (CGM_ENOCGROUP, CGM_ENOMEMCG)? */
int cgm_not_found(int rc);

/* Set up the backend and find the memory hierarchy. */
int cgm_init(void);
/* The memory hierarchy's mount point (after cgm_init). */
const char *cgm_mount_point(void);
/* Its cgroup version: 1, 2, or 0 when it is no cgroup file system. */
int cgm_hierarchy_version(void);
/* "cgroup v1 hierarchy" or "cgroup v2 hierarchy": what is mounted there. */
const char *cgm_hierarchy_kind(void);
const char *cgm_strerror(int rc);

/*
 * 0 when CGROUP exists, CGM_ENOCGROUP when it does not, CGM_ENOMEMCG when
 * it is a cgroup v2 cgroup without the memory controller.
 */
int cgm_exists(const char *cgroup);

/* 0 when CGROUP has the control FILE, CGM_ENOFILE when not. */
int cgm_has_file(const char *cgroup, const char *file);

/*
 * Read a flat "key value" control file into KVS (appended).  On a
 * malformed line the pairs before it stay in KVS and CGM_EPARSE is
 * returned.  A signal does not interrupt the read (reads of every file
 * go through here): it is held back and delivered when the read is over.
 */
int cgm_read_kvs(const char *cgroup, const char *file, struct cgkv_kvs *kvs);
/*
 * After cgm_read_kvs() returned CGM_EPARSE for a malformed line: "line N:
 * TEXT" (the line as read, cut at 48 bytes), else "".
 */
const char *cgm_parse_where(void);

/*
 * memory.dentry_unused of CGROUP, decoded.  CGM_EPARSE with
 * *MISSING naming the key when a key it needs is missing.
 */
int cgm_read_dentry(const char *cgroup, struct cgkv_dentry *d, const char **missing);

/*
 * Write VALUE to CGROUP's control FILE with one write(2) and nothing else.
 * A signal that interrupts it gives -EINTR.
 */
int cgm_write(const char *cgroup, const char *file, const char *value);

/*
 * CGROUP and every memory cgroup below it (on v2, those without the
 * memory controller are left out: so are their descendants, which cannot
 * have it either), in pre-order (CGROUP first): *PATHS is
 * an array of *N malloc'd paths; free with cgm_free_paths().  A cgroup
 * whose directory cannot be read is listed, handed to BAD (with ARG) and
 * its subtree skipped; the walk goes on.  Returns 0, the error of the
 * walk itself (CGROUP does not exist, out of memory: *PATHS holds what
 * was walked), or else the first error handed to BAD.
 */
int cgm_walk(const char *cgroup, char ***paths, size_t *n,
	     void (*bad)(const char *cgroup, int rc, void *arg), void *arg);
void cgm_free_paths(char **paths, size_t n);

#endif
