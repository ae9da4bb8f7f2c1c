/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cgmount: /proc/self/mountinfo, to name the file system behind a
 * superblock's major:minor (memory.dentry_unused's sb: keys).  libmount
 * ships no static library in Debian 12, hence this small reader.
 */
#ifndef CGMOUNT_H
#define CGMOUNT_H

#include <stddef.h>
#include <stdio.h>

/*
 * One line of /proc/self/mountinfo: the fields cgdentry --by-sb names,
 * and the super options (a cgroup v1 mount's controllers).
 */
struct cgmount_entry {
	unsigned int major, minor;
	char *root;		/* field 4: the root of the mount in its fs */
	char *point;		/* field 5: mount point, octal escapes undone */
	char *fstype;		/* first field after " - " */
	char *opts;		/* third field after " - ": super options */
};

struct cgmount_table {
	size_t n;
	struct cgmount_entry *m;
};

/*
 * Read mountinfo lines from F.  Returns 0, or -1 with errno set: EPROTO
 * for a malformed line, ENOMEM, or the error of a failed read.
 */
int cgmount_read(FILE *f, struct cgmount_table *mounts);
/*
 * The mount that names superblock MAJOR:MINOR: the first one that mounts
 * the file system's root ("/"), else the first bind mount of part of it,
 * else NULL (a superblock nobody mounted, such as pipefs).
 */
const struct cgmount_entry *cgmount_find(const struct cgmount_table *mounts,
					unsigned int major, unsigned int minor);
void cgmount_free(struct cgmount_table *mounts);

#endif
