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

void cgfs_set_root(const char *mount)
{
	root = mount;
}

const char *cgfs_root(void)
{
	return root;
}

const char *cgfs_kind(void)
{
	struct statfs sf;

	if (statfs(root, &sf))
		return "unreadable directory";
	if ((unsigned long)sf.f_type == (unsigned long)CGROUP2_SUPER_MAGIC)
		return "cgroup v2 hierarchy";
	if ((unsigned long)sf.f_type == (unsigned long)CGROUP_SUPER_MAGIC)
		return "cgroup v1 hierarchy";
	return "directory (not a cgroup file system)";
}

int cgfs_path(const char *cgroup, const char *file, char *buf, size_t size)
{
	int len = snprintf(buf, size, "%s%s%s%s", root,
			   strcmp(cgroup, "/") ? cgroup : "",
			   file ? "/" : "", file ? file : "");

	return (len < 0 || (size_t)len >= size) ? -ENAMETOOLONG : 0;
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
