// SPDX-License-Identifier: GPL-2.0
/*
 * fakecg: cgmem's backend for the host tests (see cgmem-backend.h).  The
 * memory hierarchy is the directory $CGTOOLS_FAKE_ROOT (a plain directory,
 * version 0), or the one that a fake mountinfo, $CGTOOLS_FAKE_MOUNTINFO,
 * names as libcgroup 2.0 would find it there: the first cgroup v1 mount
 * whose options name memory, else the first cgroup2 mount whose
 * cgroup.controllers lists memory (the mount points are directories of
 * the test's).  Each directory a cgroup, each file a control file, read
 * and written as plain files.  A
 * test breaks what it wants broken: a control file that is a directory
 * fails to read (EISDIR), a FIFO blocks until a signal, a removed
 * directory is a vanished cgroup (fakecg.vanish: removed during the walk;
 * fakecg.gone-on-read: removed while a file of it is read).  No libcgroup: this runs anywhere.
 */
#define _GNU_SOURCE
#include "../cgmem-backend.h"
#include "../cgfs.h"
#include "../cgmount.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <libcgroup.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Does the comma-separated option list OPTS hold WORD? */
static int has_option(const char *opts, const char *word)
{
	size_t len = strlen(word);

	for (const char *p = opts; p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
		if (!strncmp(p, word, len) && (p[len] == ',' || !p[len]))
			return 1;
	return 0;
}

/* Does DIR/cgroup.controllers list memory? */
static int v2_has_memory(const char *dir)
{
	char path[FILENAME_MAX], word[64];
	int found = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/cgroup.controllers", dir);
	f = fopen(path, "re");
	if (!f)
		return 0;
	while (!found && fscanf(f, "%63s", word) == 1)
		found = !strcmp(word, "memory");
	fclose(f);
	return found;
}

static int init_from_mountinfo(const char *file, const char **mount_point,
			       int *version)
{
	static char mount[FILENAME_MAX];
	struct cgmount_table t;
	FILE *f = fopen(file, "re");
	int rc = ECGROUPNOTMOUNTED;

	if (!f)
		return -errno;
	if (cgmount_read(f, &t)) {
		rc = -errno;
		fclose(f);
		return rc;
	}
	fclose(f);
	for (int v = 1; v <= 2 && rc; v++) {
		for (size_t i = 0; i < t.n && rc; i++) {
			const struct cgmount_entry *m = &t.m[i];

			if (v == 1 ? strcmp(m->fstype, "cgroup") || !has_option(m->opts, "memory") :
				     strcmp(m->fstype, "cgroup2") || !v2_has_memory(m->point))
				continue;
			snprintf(mount, sizeof(mount), "%s", m->point);
			*mount_point = mount;
			*version = v;
			rc = 0;
		}
	}
	cgmount_free(&t);
	return rc;
}

int cgmb_init(const char **mount_point, int *version)
{
	const char *root = getenv("CGTOOLS_FAKE_ROOT");
	const char *mountinfo = getenv("CGTOOLS_FAKE_MOUNTINFO");
	struct stat st;

	if (mountinfo)
		return init_from_mountinfo(mountinfo, mount_point, version);
	if (!root || stat(root, &st) || !S_ISDIR(st.st_mode))
		return ECGROUPNOTMOUNTED;
	*mount_point = root;
	*version = 0;
	return 0;
}

const char *cgmb_strerror(int rc)
{
	/* the texts of libcgroup 2.0.2's cgroup_strerror() */
	switch (rc) {
	case ECGROUPNOTEXIST: return "Cgroup does not exist";
	case ECGROUPNOTMOUNTED: return "Cgroup is not mounted";
	case ECGROUPPARSEFAIL: return "Cgroup parsing failed";
	case ECGOTHER: return "Cgroup, operation not allowed";
	default: return "Cgroup error (fake backend)";
	}
}

static int remove_entry(const char *path, const struct stat *st, int type,
			struct FTW *ftw);

/*
 * A cgroup marked fakecg.gone-on-read is removed, with all below it, once
 * a control file of it is open, before it is read: the race a reader
 * meets when a cgroup goes away under it.  1 when it was.
 */
static int gone_on_read(const char *cgroup)
{
	char dir[FILENAME_MAX], mark[FILENAME_MAX + 32];

	if (cgfs_path(cgroup, NULL, dir, sizeof(dir)) ||
	    (size_t)snprintf(mark, sizeof(mark), "%s/fakecg.gone-on-read", dir) >= sizeof(mark) ||
	    access(mark, F_OK))
		return 0;
	nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
	return 1;
}

/*
 * The whole file, then its lines.  A signal handled while it reads does
 * here what it does to libcgroup's line iterator (fopen, then fgets): an
 * interrupted open fails with EINTR and an interrupted read ends the file
 * there.  cgmem holds signals back while it reads (cgm_read_kvs), so a
 * test holding a read on a FIFO and sending a signal sees that it does.
 */
int cgmb_read_lines(const char *cgroup, const char *file,
		    int (*line)(const char *text, void *arg), void *arg)
{
	char path[FILENAME_MAX], *text = NULL, *p;
	size_t len = 0, cap = 0;
	int fd, rc = cgfs_path(cgroup, file, path, sizeof(path));

	if (rc)
		return rc;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (gone_on_read(cgroup)) {
		/* kernfs: ENODEV, which libcgroup's iterator takes for the end */
		close(fd);
		return 0;
	}
	for (;;) {
		ssize_t got;

		if (len + 1 >= cap) {
			char *nt = realloc(text, cap ? cap * 2 : 4096);

			if (!nt) {
				rc = -ENOMEM;
				break;
			}
			text = nt;
			cap = cap ? cap * 2 : 4096;
		}
		got = read(fd, text + len, cap - len - 1);
		if (got < 0 && errno == EINTR)
			break;	/* fgets: NULL, libcgroup: ECGEOF */
		if (got < 0)
			rc = -errno;
		if (got <= 0)
			break;
		len += (size_t)got;
	}
	close(fd);
	if (!rc && text) {
		text[len] = '\0';
		for (p = text; !rc && *p; ) {
			char *nl = strchr(p, '\n'), save;

			if (nl) {
				save = nl[1];
				nl[1] = '\0';
			}
			rc = line(p, arg);
			if (!nl)
				break;
			nl[1] = save;
			p = nl + 1;
		}
	}
	free(text);
	return rc;
}

/* Has directory PATH an entry named MARK? */
static int marked(const char *path, const char *mark)
{
	char p[FILENAME_MAX];

	return (size_t)snprintf(p, sizeof(p), "%s/%s", path, mark) < sizeof(p) &&
	       !access(p, F_OK);
}

static int remove_entry(const char *path, const struct stat *st, int type,
			struct FTW *ftw)
{
	(void)st;
	(void)type;
	(void)ftw;
	return remove(path);
}

/*
 * As root, no mode keeps a directory from being read; a test marks one
 * unreadable with an entry named fakecg.eacces.  One marked
 * fakecg.vanish is removed, with all below it, once the walk has listed
 * it and before it reads it: the race a host with cgroups coming and
 * going has in its walks, which libcgroup's fts reports as ENOENT.
 */
static int scan(const char *path, struct dirent ***names)
{
	if (marked(path, "fakecg.eacces")) {
		errno = EACCES;
		return -1;
	}
	if (marked(path, "fakecg.vanish"))
		nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
	return scandir(path, names, NULL, alphasort);
}

static int walk_dir(char *path, size_t size,
		    int (*dir)(const char *full_path, void *arg),
		    void (*bad)(const char *full_path, int rc, void *arg), void *arg)
{
	size_t len = strlen(path);
	struct dirent **names;
	int n, rc;

	rc = dir(path, arg);
	if (rc)
		return rc;
	n = scan(path, &names);
	if (n < 0) {
		/* as libcgroup's fts: every error, ENOENT (removed meanwhile) too */
		bad(path, -errno, arg);
		return 0;
	}
	for (int i = 0; i < n; i++) {
		struct stat st;

		if (!rc && strcmp(names[i]->d_name, ".") &&
		    strcmp(names[i]->d_name, "..") &&
		    (size_t)snprintf(path + len, size - len, "/%s",
				     names[i]->d_name) >= size - len) {
			/* deeper than even fts would go here: say so, as it would */
			path[len] = '\0';
			bad(path, -ENAMETOOLONG, arg);
		} else if (!rc && strcmp(names[i]->d_name, ".") &&
			   strcmp(names[i]->d_name, "..") &&
			   strlen(path) >= FILENAME_MAX) {
			/* past PATH_MAX: fts hands it on, cgmem says what it can */
			rc = dir(path, arg);
		} else if (!rc && strcmp(names[i]->d_name, ".") &&
			   strcmp(names[i]->d_name, "..") &&
			   !lstat(path, &st) && S_ISDIR(st.st_mode) &&
			   strncmp(names[i]->d_name, "memory.", 7)) {
			rc = walk_dir(path, size, dir, bad, arg);
		}
		path[len] = '\0';
		free(names[i]);
	}
	free(names);
	return rc;
}

int cgmb_walk(const char *cgroup, int (*dir)(const char *full_path, void *arg),
	      void (*bad)(const char *full_path, int rc, void *arg), void *arg)
{
	/* fts has no length limit: paths past PATH_MAX reach cgmem, as with libcgroup */
	static char path[4 * FILENAME_MAX];
	int rc = cgfs_path(cgroup, NULL, path, sizeof(path));

	return rc ? rc : walk_dir(path, sizeof(path), dir, bad, arg);
}

int cgmb_write(const char *cgroup, const char *file, const char *value)
{
	return cgfs_write(cgroup, file, value);
}
