// SPDX-License-Identifier: GPL-2.0
/*
 * cgmount: a /proc/self/mountinfo reader; see cgmount.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "cgmount.h"
#include "cgnum.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Undo mountinfo's octal escapes (\040 for a space, ...) in place. */
static void unescape_octal(char *s)
{
	char *out = s;

	while (*s) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' &&
		    s[2] >= '0' && s[2] <= '7' && s[3] >= '0' && s[3] <= '7') {
			*out++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 +
					(s[3] - '0'));
			s += 4;
		} else {
			*out++ = *s++;
		}
	}
	*out = '\0';
}

/* Split LINE in place into at most MAX blank-separated fields. */
static size_t split_fields(char *line, char **fields, size_t max)
{
	size_t n = 0;
	char *save = NULL;

	for (char *tok = strtok_r(line, " \n", &save); tok && n < max;
	     tok = strtok_r(NULL, " \n", &save))
		fields[n++] = tok;
	return n;
}

static int parse_mount_line(char *line, struct cgmount_entry *m)
{
	char *f[64];
	size_t n = split_fields(line, f, 64), sep;

	if (n < 6)
		return -1;
	for (sep = 6; sep < n && strcmp(f[sep], "-"); sep++)
		;
	if (sep + 1 >= n)
		return -1;
	if (cgnum_parse_devno(f[2], &m->major, &m->minor))
		return -1;
	unescape_octal(f[3]);
	unescape_octal(f[4]);
	unescape_octal(f[sep + 1]);
	m->root = strdup(f[3]);
	m->point = strdup(f[4]);
	m->fstype = strdup(f[sep + 1]);
	m->opts = strdup(sep + 3 < n ? f[sep + 3] : "");
	if (!m->root || !m->point || !m->fstype || !m->opts) {
		free(m->root);
		free(m->point);
		free(m->fstype);
		free(m->opts);
		return -1;
	}
	return 0;
}

int cgmount_read(FILE *f, struct cgmount_table *mounts)
{
	char *line = NULL;
	size_t cap = 0, alloc = 0;
	int err;

	memset(mounts, 0, sizeof(*mounts));
	errno = 0;
	while (getline(&line, &cap, f) > 0) {
		struct cgmount_entry m;

		if (line[0] == '\n')
			continue;
		if (parse_mount_line(line, &m)) {
			/* strdup() failing left ENOMEM */
			if (errno != ENOMEM)
				errno = EPROTO;
			goto bad;
		}
		if (mounts->n == alloc) {
			size_t na = alloc ? alloc * 2 : 32;
			struct cgmount_entry *nm = realloc(mounts->m, na * sizeof(*nm));

			if (!nm) {
				free(m.root);
				free(m.point);
				free(m.fstype);
				free(m.opts);
				goto bad;
			}
			mounts->m = nm;
			alloc = na;
		}
		mounts->m[mounts->n++] = m;
	}
	/* a failed read is an error, not the end of the table */
	if (ferror(f)) {
		if (!errno)
			errno = EIO;
		goto bad;
	}
	free(line);
	return 0;
bad:
	err = errno;
	free(line);
	cgmount_free(mounts);
	errno = err;
	return -1;
}

const struct cgmount_entry *cgmount_find(const struct cgmount_table *mounts,
					unsigned int major, unsigned int minor)
{
	const struct cgmount_entry *first = NULL;

	for (size_t i = 0; i < mounts->n; i++) {
		const struct cgmount_entry *m = &mounts->m[i];

		if (m->major != major || m->minor != minor)
			continue;
		if (!strcmp(m->root, "/"))
			return m;
		if (!first)
			first = m;
	}
	return first;
}

void cgmount_free(struct cgmount_table *mounts)
{
	for (size_t i = 0; i < mounts->n; i++) {
		free(mounts->m[i].root);
		free(mounts->m[i].point);
		free(mounts->m[i].fstype);
		free(mounts->m[i].opts);
	}
	free(mounts->m);
	memset(mounts, 0, sizeof(*mounts));
}
