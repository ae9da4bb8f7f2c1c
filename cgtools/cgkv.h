/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cgkv: the kernel's side of the contract (shared/spec/control-files.md):
 * flat "key value" control files, memory.dentry_unused's keys and the 18
 * keys of memory.slab_reclaim_stat.  No cgroup access.
 */
#ifndef CGKV_H
#define CGKV_H

#include <stddef.h>
#include <stdint.h>

/* Longest key we keep from a "key value" line ("total_global_reclaimed"). */
#define CGKV_KEY_MAX 64

/*
 * Split one line of a flat "key value" file (memory.stat style).  The
 * line may end in a newline.  Returns 0, or -1 when it is not exactly a
 * key, blanks, a decimal number and optional trailing blanks.
 */
int cgkv_parse_kv_line(const char *line, char key[CGKV_KEY_MAX], uint64_t *val);

/* The lines of one flat file, in file order. */
struct cgkv_kv {
	char key[CGKV_KEY_MAX];
	uint64_t val;
};

struct cgkv_kvs {
	size_t n, cap;
	struct cgkv_kv *v;
};

/* Append a pair; returns 0 or -1 (out of memory). */
int cgkv_kvs_add(struct cgkv_kvs *kvs, const char *key, uint64_t val);
/* The value of KEY: 0 and *val, or -1 when absent. */
int cgkv_kvs_get(const struct cgkv_kvs *kvs, const char *key, uint64_t *val);
/* Parse a whole file's text: 0, or -1 on the first bad line. */
int cgkv_kvs_parse(struct cgkv_kvs *kvs, const char *text);
void cgkv_kvs_free(struct cgkv_kvs *kvs);

/* memory.dentry_unused, decoded. */
struct cgkv_node_count {
	unsigned int nid;
	uint64_t n;
};

struct cgkv_sb_count {
	unsigned int major, minor;
	uint64_t n;
};

struct cgkv_dentry {
	uint64_t unused;	/* this memcg's lists */
	uint64_t total;		/* and its descendants' */
	size_t nnodes, nsbs;
	struct cgkv_node_count *nodes;
	struct cgkv_sb_count *sbs;
};

/* "N1" -> 1; returns 0 or -1. */
int cgkv_parse_node_key(const char *key, unsigned int *nid);
/* "sb:254:0" -> 254, 0; returns 0 or -1. */
int cgkv_parse_sb_key(const char *key, unsigned int *major, unsigned int *minor);
/*
 * Decode memory.dentry_unused from its pairs; keys it does not know (a
 * later kernel's) are left out, as cgslabstat shows them.  Returns 0, or
 * -1 with *MISSING naming the key when "unused" or "total_unused" is
 * missing, or with *MISSING NULL when out of memory.
 */
int cgkv_dentry_decode(const struct cgkv_kvs *kvs, struct cgkv_dentry *d,
		      const char **missing);
void cgkv_dentry_free(struct cgkv_dentry *d);

/*
 * memory.slab_reclaim_stat: its nine counters in file order; each comes
 * as KEY (this memcg's lists) and total_KEY (with descendants).
 */
#define CGKV_SLAB_NKEYS 9
extern const char *const cgkv_slab_keys[CGKV_SLAB_NKEYS];

/*
 * The first of the 18 keys that KVS lacks ("total_forced_shrinks"), or
 * NULL when all 18 are there.
 */
const char *cgkv_slab_missing(const struct cgkv_kvs *kvs, char buf[CGKV_KEY_MAX]);

#endif
