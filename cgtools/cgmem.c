// SPDX-License-Identifier: GPL-2.0
/*
 * cgmem: cgroup access for cgtools through libcgroup; see cgmem.h.
 *
 * Reads go through libcgroup's value iterator (cgroup_read_value_*), which
 * hands back one line at a time of any control file, as cgget reads
 * memory.stat.  Walks use cgroup_walk_tree_*.  Writes build a fresh
 * struct cgroup holding just the one value and call cgroup_modify_cgroup().
 */
#define _GNU_SOURCE
#include "cgmem.h"

#include <errno.h>
#include <fcntl.h>
#include <libcgroup.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define LINE_MAX_LEN 4096

static char *mount_point;

int cgm_init(void)
{
	int rc = cgroup_init();

	if (rc)
		return rc == ECGOTHER ? -cgroup_get_last_errno() : rc;
	rc = cgroup_get_subsys_mount_point("memory", &mount_point);
	if (rc)
		return rc == ECGOTHER ? -cgroup_get_last_errno() : rc;
	return 0;
}

const char *cgm_mount_point(void)
{
	return mount_point;
}

const char *cgm_strerror(int rc)
{
	if (rc < 0)
		return strerror(-rc);
	return cgroup_strerror(rc);
}

/* MOUNT/CGROUP[/FILE] into BUF. */
static int build_path(const char *cgroup, const char *file, char *buf, size_t size)
{
	int len = snprintf(buf, size, "%s%s%s%s", mount_point,
			   strcmp(cgroup, "/") ? cgroup : "",
			   file ? "/" : "", file ? file : "");

	return (len < 0 || (size_t)len >= size) ? -ENAMETOOLONG : 0;
}

int cgm_exists(const char *cgroup)
{
	char path[FILENAME_MAX];
	struct stat st;
	int rc = build_path(cgroup, NULL, path, sizeof(path));

	if (rc)
		return rc;
	if (stat(path, &st))
		return errno == ENOENT || errno == ENOTDIR ? ECGROUPNOTEXIST : -errno;
	return S_ISDIR(st.st_mode) ? 0 : ECGROUPNOTEXIST;
}

int cgm_read_kvs(const char *cgroup, const char *file, struct cgp_kvs *kvs)
{
	char line[LINE_MAX_LEN], name[FILENAME_MAX];
	void *handle = NULL;
	int rc;

	rc = cgm_exists(cgroup);
	if (rc)
		return rc;
	snprintf(name, sizeof(name), "%s", file);
	rc = cgroup_read_value_begin("memory", cgroup, name, &handle, line,
				     sizeof(line));
	while (rc == 0) {
		char key[CGP_KEY_MAX];
		uint64_t val;

		if (cgp_parse_kv_line(line, key, &val) ||
		    cgp_kvs_add(kvs, key, val)) {
			rc = ECGROUPPARSEFAIL;
			break;
		}
		rc = cgroup_read_value_next(&handle, line, sizeof(line));
	}
	if (rc == ECGOTHER)
		rc = -cgroup_get_last_errno();
	if (handle)
		cgroup_read_value_end(&handle);
	return rc == ECGEOF ? 0 : rc;
}

int cgm_read_dentry(const char *cgroup, struct cgp_dentry *d)
{
	struct cgp_kvs kvs = { 0 };
	int rc = cgm_read_kvs(cgroup, CGM_DENTRY_UNUSED, &kvs);

	if (!rc && cgp_dentry_decode(&kvs, d))
		rc = ECGROUPPARSEFAIL;
	cgp_kvs_free(&kvs);
	return rc;
}

/* One open(O_WRONLY) and one write(2) of VALUE to the control file. */
static int write_direct(const char *cgroup, const char *file, const char *value)
{
	char path[FILENAME_MAX];
	size_t len = strlen(value);
	ssize_t done;
	int fd, rc = build_path(cgroup, file, path, sizeof(path));

	if (rc)
		return rc;
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	done = write(fd, value, len);
	rc = done < 0 ? -errno : (size_t)done == len ? 0 : -EIO;
	close(fd);
	return rc;
}

int cgm_write(const char *cgroup, const char *file, const char *value)
{
	struct cgroup *cg;
	struct cgroup_controller *ctrl;
	int rc = cgm_exists(cgroup);

	if (rc)
		return rc;
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
	if (rc == ECGOTHER)
		/* write(2) failed: libcgroup kept its errno (EINVAL, EINTR...) */
		return -cgroup_get_last_errno();
	if (rc == ECGROUPVALUENOTEXIST || rc == ECGROUPNOTALLOWED ||
	    rc == ECGROUPSUBSYSNOTMOUNTED)
		/*
		 * open() failed and libcgroup replaced its errno by one of
		 * these codes (it opens O_RDWR, which also refuses a 0200 file
		 * to a non-root owner).  Nothing was written; do the write
		 * ourselves to get the real errno, or to succeed where only
		 * write permission is granted.
		 */
		return write_direct(cgroup, file, value);
	return rc;
}

static int add_path(char ***paths, size_t *n, size_t *cap, const char *path)
{
	if (*n == *cap) {
		size_t nc = *cap ? *cap * 2 : 16;
		char **np = realloc(*paths, nc * sizeof(*np));

		if (!np)
			return -ENOMEM;
		*paths = np;
		*cap = nc;
	}
	(*paths)[*n] = strdup(path);
	if (!(*paths)[*n])
		return -ENOMEM;
	(*n)++;
	return 0;
}

int cgm_walk(const char *cgroup, char ***paths, size_t *n)
{
	struct cgroup_file_info info;
	void *handle = NULL;
	size_t cap = 0;
	int base_level, rc = cgm_exists(cgroup);

	*paths = NULL;
	*n = 0;
	if (rc)
		return rc;
	rc = cgroup_walk_tree_begin("memory", cgroup, 0, &handle, &info,
				    &base_level);
	if (!rc)
		rc = cgroup_walk_tree_set_flags(&handle, CGROUP_WALK_TYPE_PRE_DIR);
	while (!rc) {
		char rel[FILENAME_MAX];

		if (info.type == CGROUP_FILE_TYPE_DIR) {
			if (cgp_rel_path(mount_point, info.full_path, rel,
					 sizeof(rel))) {
				rc = ECGROUPPARSEFAIL;
				break;
			}
			rc = add_path(paths, n, &cap, rel);
			if (rc)
				break;
		}
		rc = cgroup_walk_tree_next(0, &handle, &info, base_level);
	}
	if (rc == ECGOTHER)
		rc = -cgroup_get_last_errno();
	if (handle)
		cgroup_walk_tree_end(&handle);
	if (rc == ECGEOF && *n > 0)
		return 0;
	if (rc == ECGEOF)
		rc = ECGROUPNOTEXIST;
	cgm_free_paths(*paths, *n);
	*paths = NULL;
	*n = 0;
	return rc;
}

void cgm_free_paths(char **paths, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
}
