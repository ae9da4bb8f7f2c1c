/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cgparse: the pure parts of cgtools, with no cgroup access, so that the
 * host unit tests can check them: strict number parsing, the "key value"
 * control-file format, memory.dentry_unused's keys, /proc/self/mountinfo,
 * cgroup path arguments, the tree order of cgdentry -r, JSON strings and
 * errno/signal names.
 */
#ifndef CGPARSE_H
#define CGPARSE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Longest key we keep from a "key value" line ("total_global_reclaimed"). */
#define CGP_KEY_MAX 64

/*
 * Parse a decimal number: digits only (no sign, space, prefix or suffix),
 * at least one, and no more than UINT64_MAX.  Returns 0, or -1 leaving
 * *out alone.
 */
int cgp_parse_u64(const char *s, uint64_t *out);

/*
 * Parse SECONDS as given to -i: "2", "0.5", "1.250" (at most three
 * decimals), strictly more than 0 and at most one day.  Returns 0 and the
 * interval in milliseconds, or -1.
 */
int cgp_parse_interval_ms(const char *s, uint64_t *ms);

/*
 * Split one line of a flat "key value" file (memory.stat style).  The
 * line may end in a newline.  Returns 0, or -1 when it is not exactly a
 * key, blanks, a decimal number and optional trailing blanks.
 */
int cgp_parse_kv_line(const char *line, char key[CGP_KEY_MAX], uint64_t *val);

/* The lines of one flat file, in file order. */
struct cgp_kv {
	char key[CGP_KEY_MAX];
	uint64_t val;
};

struct cgp_kvs {
	size_t n, cap;
	struct cgp_kv *v;
};

/* Append a pair; returns 0 or -1 (out of memory). */
int cgp_kvs_add(struct cgp_kvs *kvs, const char *key, uint64_t val);
/* The value of KEY: 0 and *val, or -1 when absent. */
int cgp_kvs_get(const struct cgp_kvs *kvs, const char *key, uint64_t *val);
/* Parse a whole file's text: 0, or -1 on the first bad line. */
int cgp_kvs_parse(struct cgp_kvs *kvs, const char *text);
void cgp_kvs_free(struct cgp_kvs *kvs);

/* memory.dentry_unused, decoded. */
struct cgp_node_count {
	unsigned int nid;
	uint64_t n;
};

struct cgp_sb_count {
	unsigned int major, minor;
	uint64_t n;
};

struct cgp_dentry {
	uint64_t unused;	/* this memcg's lists */
	uint64_t total;		/* and its descendants' */
	size_t nnodes, nsbs;
	struct cgp_node_count *nodes;
	struct cgp_sb_count *sbs;
};

/* "N1" -> 1; returns 0 or -1. */
int cgp_parse_node_key(const char *key, unsigned int *nid);
/* "sb:254:0" -> 254, 0; returns 0 or -1. */
int cgp_parse_sb_key(const char *key, unsigned int *major, unsigned int *minor);
/*
 * Decode memory.dentry_unused from its pairs.  Returns 0, or -1 when
 * "unused" or "total_unused" is missing, a key is unknown or malformed,
 * or out of memory.
 */
int cgp_dentry_decode(const struct cgp_kvs *kvs, struct cgp_dentry *d);
void cgp_dentry_free(struct cgp_dentry *d);

/* One line of /proc/self/mountinfo, the fields cgdentry --by-sb names. */
struct cgp_mount {
	unsigned int major, minor;
	char *root;		/* field 4: the root of the mount in its fs */
	char *point;		/* field 5: mount point, octal escapes undone */
	char *fstype;		/* first field after " - " */
};

struct cgp_mounts {
	size_t n;
	struct cgp_mount *m;
};

/*
 * Read mountinfo lines from F.  Returns 0, or -1 on a malformed line or
 * out of memory.
 */
int cgp_mounts_read(FILE *f, struct cgp_mounts *mounts);
/*
 * The mount that names superblock MAJOR:MINOR: the first one that mounts
 * the file system's root ("/"), else the first bind mount of part of it,
 * else NULL (a superblock nobody mounted, such as pipefs).
 */
const struct cgp_mount *cgp_mounts_find(const struct cgp_mounts *mounts,
					unsigned int major, unsigned int minor);
void cgp_mounts_free(struct cgp_mounts *mounts);

/*
 * Normalise a CGROUP argument as cgget takes it ("/", "/A/B", "A/B/",
 * "memory:/A", "cpu,memory:/A") into "/" or "/A/B" in OUT.  Returns 0,
 * -1 when the path is malformed (empty, "..", too long) or -2 when a
 * controller list is given without "memory".
 */
int cgp_cgroup_arg(const char *arg, char *out, size_t size);

/*
 * The cgroup path of directory FULL under mount point MOUNT ("/" for the
 * mount itself).  Returns 0, or -1 when FULL is not under MOUNT or OUT is
 * too small.
 */
int cgp_rel_path(const char *mount, const char *full, char *out, size_t size);

/*
 * Order a subtree for display: PATHS[0] is its root, the others its
 * descendants in any order.  Fills ORDER with indices in pre-order, each
 * node's children sorted by KEYS descending (then by path), and DEPTH[i]
 * with the depth of PATHS[i] below PATHS[0].  Returns 0, or -1 when a
 * path's parent is missing from PATHS or out of memory.
 */
int cgp_tree_order(const char *const *paths, const uint64_t *keys, size_t n,
		   size_t *order, unsigned int *depth);

/* After - before of a counter, 0 if it went backwards (cgroup recreated). */
uint64_t cgp_delta(uint64_t before, uint64_t after);
/* DELTA per second over MS milliseconds (0 when MS is 0). */
double cgp_rate(uint64_t delta, uint64_t ms);

/* Write S as a JSON string, quotes included; see cgtools.7 for bytes
 * that are not UTF-8. */
void cgp_json_str(FILE *out, const char *s);

/* "EINTR" for EINTR; NULL when the table does not know E. */
const char *cgp_errno_name(int e);
/* "USR1", "SIGUSR1" or "10" -> 10; returns -1 when unknown. */
int cgp_parse_signal(const char *s);

#endif
