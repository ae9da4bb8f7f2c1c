// SPDX-License-Identifier: GPL-2.0
/*
 * cgmem-lcg: cgmem's backend on libcgroup (see cgmem-backend.h).
 *
 * Reads go through libcgroup's value iterator (cgroup_read_value_*), which
 * hands back one line at a time of any control file, as cgget reads
 * memory.stat.  Walks use cgroup_walk_tree_*.  Writes build a fresh
 * struct cgroup holding just the one value and call cgroup_modify_cgroup().
 */
#define _GNU_SOURCE
#include "cgmem-backend.h"
#include "cgfs.h"

#include <errno.h>
#include <libcgroup.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define LINE_MAX_LEN 4096

/*
 * A libcgroup return as cgmem's error: ECGOTHER becomes the errno
 * libcgroup kept, or stays ECGOTHER when it kept none (it returns
 * ECGOTHER without setting one in places, e.g. when a path cannot be
 * built), so that a failure is never 0.
 */
int cgmb_lcg_error(int rc)
{
	int e;

	if (rc != ECGOTHER)
		return rc;
	e = cgroup_get_last_errno();
	return e > 0 ? -e : ECGOTHER;
}

/*
 * libcgroup's default logger writes to stdout, where it would corrupt our
 * output (JSON, Prometheus); send its messages to stderr.
 */
static void log_to_stderr(void *userdata, int level, const char *fmt, va_list ap)
{
	(void)userdata;
	(void)level;
	vfprintf(stderr, fmt, ap);
}

/*
 * libcgroup finds the memory controller wherever it is mounted: on a v1
 * hierarchy (a mount whose options name memory: the v1 host, and the
 * hybrid one with cgroup2 at /sys/fs/cgroup/unified beside it), else on
 * the cgroup2 mount whose root's cgroup.controllers lists it (the v2-only
 * host, and the hybrid one that gave memory to cgroup2).  Which of the two
 * it is, statfs says.
 */
int cgmb_init(const char **mount_point, int *version)
{
	static char *mount;
	int rc;

	/* -1: the level comes from CGROUP_LOGLEVEL, as in libcgroup's tools */
	cgroup_set_logger(log_to_stderr, -1, NULL);
	rc = cgroup_init();
	if (rc)
		return cgmb_lcg_error(rc);
	rc = cgroup_get_subsys_mount_point("memory", &mount);
	if (rc)
		return cgmb_lcg_error(rc);
	rc = cgfs_fs_version(mount);
	if (rc < 0)
		return rc;
	*mount_point = mount;
	*version = rc;
	return 0;
}

const char *cgmb_strerror(int rc)
{
	return cgroup_strerror(rc);
}

int cgmb_read_lines(const char *cgroup, const char *file,
		    int (*line)(const char *text, void *arg), void *arg)
{
	char text[LINE_MAX_LEN], name[FILENAME_MAX];
	void *handle = NULL;
	int rc;

	snprintf(name, sizeof(name), "%s", file);
	rc = cgroup_read_value_begin("memory", cgroup, name, &handle, text,
				     sizeof(text));
	while (rc == 0) {
		rc = line(text, arg);
		if (rc)
			break;
		rc = cgmb_lcg_error(cgroup_read_value_next(&handle, text,
							  sizeof(text)));
	}
	if (rc > 0 && rc != ECGEOF)
		rc = cgmb_lcg_error(rc);
	if (handle)
		cgroup_read_value_end(&handle);
	return rc == ECGEOF ? 0 : rc;
}

int cgmb_walk(const char *cgroup, int (*dir)(const char *full_path, void *arg),
	      void (*bad)(const char *full_path, int rc, void *arg), void *arg)
{
	struct cgroup_file_info info;
	void *handle = NULL;
	int base_level, rc;

	errno = 0;
	rc = cgroup_walk_tree_begin("memory", cgroup, 0, &handle, &info,
				    &base_level);
	if (!rc)
		rc = cgroup_walk_tree_set_flags(&handle, CGROUP_WALK_TYPE_PRE_DIR);
	while (!rc) {
		if (info.type == CGROUP_FILE_TYPE_DIR) {
			rc = dir(info.full_path, arg);
			if (rc)
				break;
		} else if (info.type == CGROUP_FILE_TYPE_OTHER && errno) {
			/*
			 * libcgroup 2.0 passes fts's FTS_DNR/FTS_ERR on as an
			 * entry of type OTHER with errno set, and goes on:
			 * a subtree it could not read would vanish unsaid.
			 */
			bad(info.full_path, -errno, arg);
		}
		errno = 0;
		rc = cgroup_walk_tree_next(0, &handle, &info, base_level);
	}
	if (rc > 0 && rc != ECGEOF)
		rc = cgmb_lcg_error(rc);
	if (handle)
		cgroup_walk_tree_end(&handle);
	return rc == ECGEOF ? 0 : rc;
}

int cgmb_write(const char *cgroup, const char *file, const char *value)
{
	struct cgroup *cg;
	struct cgroup_controller *ctrl;
	int rc;

	/*
	 * A fresh struct cgroup with one controller holding one value:
	 * cgroup_modify_cgroup() writes every value the struct carries, so
	 * this writes FILE and nothing else (libcgroup 2.0.2 opens the file
	 * and write()s the value once, as it has no newline).
	 */
	cg = cgroup_new_cgroup(cgroup);
	if (!cg)
		return -ENOMEM;
	ctrl = cgroup_add_controller(cg, "memory");
	rc = ctrl ? cgroup_add_value_string(ctrl, file, value) : ECGFAIL;
	if (!rc)
		rc = cgroup_modify_cgroup(cg);
	cgroup_free(&cg);
	if (rc == ECGROUPVALUENOTEXIST || rc == ECGROUPNOTALLOWED ||
	    rc == ECGROUPSUBSYSNOTMOUNTED)
		/*
		 * open() failed and libcgroup replaced its errno by one of
		 * these codes (it opens O_RDWR, which also refuses a 0200 file
		 * to a non-root owner).  Nothing was written; do the write
		 * ourselves to get the real errno, or to succeed where only
		 * write permission is granted.
		 */
		return cgfs_write(cgroup, file, value);
	/* write(2) failed: libcgroup kept its errno (EINVAL, EINTR...) */
	return rc ? cgmb_lcg_error(rc) : 0;
}
