// SPDX-License-Identifier: GPL-2.0
/*
 * cgmem: cgroup access for cgtools; see cgmem.h.  What does not depend on
 * how cgroupfs is reached lives here (existence checks, parsing each line
 * as it comes, turning walk paths into cgroup paths); the backend
 * (cgmem-backend.h) does the reading, walking and writing.
 */
#define _GNU_SOURCE
#include "cgmem.h"
#include "cgmem-backend.h"
#include "cgpath.h"

#include <errno.h>
#include <fcntl.h>
#include <libcgroup.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *mount_point;

int cgm_init(void)
{
	return cgmb_init(&mount_point);
}

const char *cgm_mount_point(void)
{
	return mount_point;
}

const char *cgm_strerror(int rc)
{
	if (rc < 0)
		return strerror(-rc);
	return cgmb_strerror(rc);
}

int cgm_build_path(const char *cgroup, const char *file, char *buf, size_t size)
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
	int rc = cgm_build_path(cgroup, NULL, path, sizeof(path));

	if (rc)
		return rc;
	if (stat(path, &st))
		return errno == ENOENT || errno == ENOTDIR ? ECGROUPNOTEXIST : -errno;
	return S_ISDIR(st.st_mode) ? 0 : ECGROUPNOTEXIST;
}

int cgm_has_file(const char *cgroup, const char *file)
{
	char path[FILENAME_MAX];
	struct stat st;
	int rc = cgm_build_path(cgroup, file, path, sizeof(path));

	if (rc)
		return rc;
	if (stat(path, &st))
		return errno == ENOENT ? ECGROUPVALUENOTEXIST : -errno;
	return 0;
}

static int add_kv_line(const char *text, void *arg)
{
	char key[CGP_KEY_MAX];
	uint64_t val;

	if (cgp_parse_kv_line(text, key, &val))
		return ECGROUPPARSEFAIL;
	return cgp_kvs_add(arg, key, val) ? -ENOMEM : 0;
}

int cgm_read_kvs(const char *cgroup, const char *file, struct cgp_kvs *kvs)
{
	int rc = cgm_exists(cgroup);

	if (rc)
		return rc;
	rc = cgmb_read_lines(cgroup, file, add_kv_line, kvs);
	/* a cgroup removed while it was read: say so, not "no such file" */
	if (rc == -ENOENT || rc == -ENODEV || rc == ECGROUPVALUENOTEXIST)
		rc = cgm_exists(cgroup) ? ECGROUPNOTEXIST : rc;
	return rc;
}

int cgm_read_dentry(const char *cgroup, struct cgp_dentry *d, const char **missing)
{
	struct cgp_kvs kvs = { 0 };
	int rc = cgm_read_kvs(cgroup, CGM_DENTRY_UNUSED, &kvs);

	*missing = NULL;
	memset(d, 0, sizeof(*d));
	if (!rc && cgp_dentry_decode(&kvs, d, missing))
		rc = *missing ? ECGROUPPARSEFAIL : -ENOMEM;
	cgp_kvs_free(&kvs);
	return rc;
}

int cgm_write_direct(const char *cgroup, const char *file, const char *value)
{
	char path[FILENAME_MAX];
	size_t len = strlen(value);
	ssize_t done;
	int fd, rc = cgm_build_path(cgroup, file, path, sizeof(path));

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
	int rc = cgm_exists(cgroup);

	return rc ? rc : cgmb_write(cgroup, file, value);
}

struct walk {
	char **paths;
	size_t n, cap;
	void (*bad)(const char *cgroup, int rc, void *arg);
	void *arg;
	int first_err;
};

static int add_dir(const char *full, void *arg)
{
	struct walk *w = arg;
	char rel[FILENAME_MAX];

	if (cgp_rel_path(mount_point, full, rel, sizeof(rel)))
		return ECGROUPPARSEFAIL;
	if (w->n == w->cap) {
		size_t nc = w->cap ? w->cap * 2 : 16;
		char **np = realloc(w->paths, nc * sizeof(*np));

		if (!np)
			return -ENOMEM;
		w->paths = np;
		w->cap = nc;
	}
	w->paths[w->n] = strdup(rel);
	if (!w->paths[w->n])
		return -ENOMEM;
	w->n++;
	return 0;
}

static void bad_dir(const char *full, int rc, void *arg)
{
	struct walk *w = arg;
	char rel[FILENAME_MAX];

	if (cgp_rel_path(mount_point, full, rel, sizeof(rel)))
		snprintf(rel, sizeof(rel), "%s", full);
	if (!w->first_err)
		w->first_err = rc;
	w->bad(rel, rc, w->arg);
}

int cgm_walk(const char *cgroup, char ***paths, size_t *n,
	     void (*bad)(const char *cgroup, int rc, void *arg), void *arg)
{
	struct walk w = { .bad = bad, .arg = arg };
	int rc = cgm_exists(cgroup);

	*paths = NULL;
	*n = 0;
	if (rc)
		return rc;
	rc = cgmb_walk(cgroup, add_dir, bad_dir, &w);
	if (!rc && w.n == 0)
		rc = ECGROUPNOTEXIST;	/* removed since cgm_exists() */
	*paths = w.paths;
	*n = w.n;
	return rc ? rc : w.first_err;
}

void cgm_free_paths(char **paths, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
}
