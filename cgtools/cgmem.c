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
#include "cgfs.h"
#include "cgpath.h"

#include <errno.h>
#include <fcntl.h>
#include <libcgroup.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const int CGM_ENOCGROUP = ECGROUPNOTEXIST;
const int CGM_EPARSE = ECGROUPPARSEFAIL;
const int CGM_ENOFILE = ECGROUPVALUENOTEXIST;
/* past libcgroup's codes (50000 and up) */
const int CGM_ENOMEMCG = 60001;

int cgm_not_found(int rc)
{
	return rc == CGM_ENOCGROUP || rc == CGM_ENOMEMCG;
}

int cgm_init(void)
{
	const char *mount;
	int version = 0, rc = cgmb_init(&mount, &version);

	if (!rc)
		cgfs_set_root(mount, version);
	return rc;
}

const char *cgm_mount_point(void)
{
	return cgfs_root();
}

int cgm_hierarchy_version(void)
{
	return cgfs_version();
}

const char *cgm_hierarchy_kind(void)
{
	return cgfs_kind();
}

const char *cgm_strerror(int rc)
{
	if (rc < 0)
		return strerror(-rc);
	if (rc == CGM_ENOMEMCG)
		return "Memory controller not enabled";
	return cgmb_strerror(rc);
}

int cgm_exists(const char *cgroup)
{
	char path[FILENAME_MAX];
	struct stat st;
	int rc = cgfs_path(cgroup, NULL, path, sizeof(path));

	if (rc)
		return rc;
	if (stat(path, &st))
		return errno == ENOENT || errno == ENOTDIR ? ECGROUPNOTEXIST : -errno;
	if (!S_ISDIR(st.st_mode))
		return ECGROUPNOTEXIST;
	rc = cgfs_has_memory(cgroup);
	if (rc == -ENOENT)	/* removed since the stat */
		return ECGROUPNOTEXIST;
	/* cgroup.controllers unreadable: the read of the file will say why */
	return rc == 0 ? CGM_ENOMEMCG : 0;
}

int cgm_has_file(const char *cgroup, const char *file)
{
	char path[FILENAME_MAX];
	struct stat st;
	int rc = cgfs_path(cgroup, file, path, sizeof(path));

	if (rc)
		return rc;
	if (stat(path, &st))
		return errno == ENOENT ? ECGROUPVALUENOTEXIST : -errno;
	return 0;
}

/* Where the last read that returned CGM_EPARSE stopped: line and text. */
static char parse_where[96];

struct kv_read {
	struct cgkv_kvs *kvs;
	unsigned int line;
};

static int add_kv_line(const char *text, void *arg)
{
	struct kv_read *r = arg;
	char key[CGKV_KEY_MAX];
	uint64_t val;

	r->line++;
	if (cgkv_parse_kv_line(text, key, &val)) {
		int len = (int)strcspn(text, "\n");

		snprintf(parse_where, sizeof(parse_where), "line %u: %.*s%s", r->line,
			 len > 48 ? 48 : len, text, len > 48 ? "..." : "");
		return ECGROUPPARSEFAIL;
	}
	return cgkv_kvs_add(r->kvs, key, val) ? -ENOMEM : 0;
}

const char *cgm_parse_where(void)
{
	return parse_where;
}

/*
 * FILE of CGROUP, line by line, with signals held back until the read is
 * over.  libcgroup's line iterator takes a read(2) that fails with EINTR
 * for the end of the file, and memory.dentry_unused fails a read with
 * EINTR when a signal is pending: a handled signal (cgshrink's first ^C)
 * arriving meanwhile would cut the file short, or fail a read cgshrink
 * needs to report a shrink already made.  The reads are short (the kernel
 * bounds them); a signal sent during one is delivered when it returns.
 * The signals a fault raises are left alone.
 */
static int read_lines_held(const char *cgroup, const char *file,
			   int (*line)(const char *text, void *arg), void *arg)
{
	sigset_t held, old;
	int rc;

	sigfillset(&held);
	sigdelset(&held, SIGSEGV);
	sigdelset(&held, SIGBUS);
	sigdelset(&held, SIGFPE);
	sigdelset(&held, SIGILL);
	sigprocmask(SIG_BLOCK, &held, &old);
	rc = cgmb_read_lines(cgroup, file, line, arg);
	sigprocmask(SIG_SETMASK, &old, NULL);
	return rc;
}

/*
 * Tries of a read that came back empty while its cgroup still existed:
 * rmdir removes a cgroup's files, deactivated first, before its directory,
 * so a read can meet the files' end in that window; a live cgroup's files
 * are never empty.  The pauses between the tries, in microseconds.
 */
static const useconds_t empty_read_pause[] = { 1000, 10000 };

int cgm_read_kvs(const char *cgroup, const char *file, struct cgkv_kvs *kvs)
{
	struct kv_read r = { kvs, 0 };
	int rc = cgm_exists(cgroup);
	size_t try = 0;

	if (rc)
		return rc;
	for (;;) {
		parse_where[0] = '\0';
		r.line = 0;
		kvs->n = 0;
		rc = read_lines_held(cgroup, file, add_kv_line, &r);
		/* a read that says something, or the last try, or gone */
		if ((rc != -ENODEV && (rc || r.line)) ||
		    try == sizeof(empty_read_pause) / sizeof(empty_read_pause[0]) ||
		    cgm_not_found(cgm_exists(cgroup)))
			break;
		usleep(empty_read_pause[try++]);
	}
	/*
	 * a cgroup removed while it was read (or, on v2, whose memory
	 * controller was turned off meanwhile): say so, not "no such file"
	 * nor, when the file read as empty (libcgroup's line iterator takes
	 * the ENODEV of a file whose cgroup went away for its end), "no key"
	 */
	if (rc == -ENOENT || rc == -ENODEV || rc == ECGROUPVALUENOTEXIST ||
	    (!rc && r.line == 0)) {
		int now = cgm_exists(cgroup);

		if (cgm_not_found(now))
			rc = now;
	}
	return rc;
}

int cgm_read_dentry(const char *cgroup, struct cgkv_dentry *d, const char **missing)
{
	struct cgkv_kvs kvs = { 0 };
	int rc = cgm_read_kvs(cgroup, CGM_DENTRY_UNUSED, &kvs);

	*missing = NULL;
	memset(d, 0, sizeof(*d));
	if (!rc && cgkv_dentry_decode(&kvs, d, missing))
		rc = *missing ? ECGROUPPARSEFAIL : -ENOMEM;
	cgkv_kvs_free(&kvs);
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
	char *too_long;		/* the last path too long to name: its subtree is left */
};

/*
 * FULL is deeper than a cgroup path can be named (PATH_MAX): said once,
 * as ENAMETOOLONG of the deepest ancestor that can be, and left out with
 * all below it (as a directory the walk cannot read is).
 */
static int too_long(struct walk *w, const char *full)
{
	size_t len = w->too_long ? strlen(w->too_long) : 0;
	char rel[FILENAME_MAX], *up;

	if (len && !strncmp(full, w->too_long, len) && full[len] == '/')
		return 0;	/* below the one already said */
	free(w->too_long);
	w->too_long = strdup(full);
	up = strdup(full);
	if (!w->too_long || !up) {
		free(up);
		return -ENOMEM;
	}
	do {
		char *slash = strrchr(up, '/');

		if (!slash || slash == up)
			break;
		*slash = '\0';
	} while (cgpath_rel_path(cgfs_root(), up, rel, sizeof(rel)));
	if (cgpath_rel_path(cgfs_root(), up, rel, sizeof(rel)))
		snprintf(rel, sizeof(rel), "/");
	free(up);
	if (!w->first_err)
		w->first_err = -ENAMETOOLONG;
	w->bad(rel, -ENAMETOOLONG, w->arg);
	return 0;
}

static int add_dir(const char *full, void *arg)
{
	struct walk *w = arg;
	char rel[FILENAME_MAX];

	if (cgpath_rel_path(cgfs_root(), full, rel, sizeof(rel)))
		return strncmp(full, cgfs_root(), strlen(cgfs_root())) ?
		       ECGROUPPARSEFAIL : too_long(w, full);
	/*
	 * v2: not a memory cgroup (nor, then, is anything below it).  The
	 * walk's root was checked by cgm_exists(); a cgroup whose
	 * cgroup.controllers cannot be read is kept, for its read to say why,
	 * unless it is gone.
	 */
	if (w->n > 0) {
		int has = cgfs_has_memory(rel);

		if (has == 0 || has == -ENOENT)
			return 0;
	}
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

/*
 * A directory the walk could not read.  ENOENT: the cgroup was removed
 * between being listed and being read (libcgroup's fts says so, and so
 * does the fake backend); on a host where cgroups come and go that is no
 * error, and it is left out with its subtree, as a cgroup removed before
 * the walk would be.  Its own read, if it is the CGROUP named, says it
 * is gone.
 */
static void bad_dir(const char *full, int rc, void *arg)
{
	struct walk *w = arg;
	char rel[FILENAME_MAX];

	if (rc == -ENOENT)
		return;
	if (w->too_long && !strncmp(full, w->too_long, strlen(w->too_long)))
		return;		/* said already (too_long) */

	if (cgpath_rel_path(cgfs_root(), full, rel, sizeof(rel)))
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
	free(w.too_long);
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
