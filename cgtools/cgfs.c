// SPDX-License-Identifier: GPL-2.0
/*
 * cgfs: the memory hierarchy as plain files; see cgfs.h.
 */
#define _GNU_SOURCE	/* statfs */
#include "cgfs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <linux/magic.h>
#include <sys/vfs.h>
#include <unistd.h>

static const char *root = "";
static int root_version;

void cgfs_set_root(const char *mount, int version)
{
	root = mount;
	root_version = version;
}

const char *cgfs_root(void)
{
	return root;
}

int cgfs_version(void)
{
	return root_version;
}

int cgfs_fs_version(const char *path)
{
	struct statfs sf;

	if (statfs(path, &sf))
		return -errno;
	if ((unsigned long)sf.f_type == (unsigned long)CGROUP2_SUPER_MAGIC)
		return 2;
	if ((unsigned long)sf.f_type == (unsigned long)CGROUP_SUPER_MAGIC)
		return 1;
	return 0;
}

const char *cgfs_kind(void)
{
	switch (root_version) {
	case 1: return "cgroup v1 hierarchy";
	case 2: return "cgroup v2 hierarchy";
	default: return "directory (not a cgroup file system)";
	}
}

int cgfs_path(const char *cgroup, const char *file, char *buf, size_t size)
{
	int len = snprintf(buf, size, "%s%s%s%s", root,
			   strcmp(cgroup, "/") ? cgroup : "",
			   file ? "/" : "", file ? file : "");

	return (len < 0 || (size_t)len >= size) ? -ENAMETOOLONG : 0;
}

int cgfs_has_memory(const char *cgroup)
{
	char path[FILENAME_MAX], buf[4096], *save = NULL;
	ssize_t got;
	int fd, rc;

	if (root_version != 2)
		return 1;
	rc = cgfs_path(cgroup, "cgroup.controllers", path, sizeof(path));
	if (rc)
		return rc;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	/* one line of controller names, far shorter than BUF */
	got = read(fd, buf, sizeof(buf) - 1);
	rc = got < 0 ? -errno : 0;
	close(fd);
	if (rc)
		return rc;
	buf[got] = '\0';
	for (char *w = strtok_r(buf, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save))
		if (!strcmp(w, "memory"))
			return 1;
	return 0;
}

int cgfs_write(const char *cgroup, const char *file, const char *value)
{
	char path[FILENAME_MAX];
	size_t len = strlen(value);
	ssize_t done;
	int fd, rc = cgfs_path(cgroup, file, path, sizeof(path));

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
