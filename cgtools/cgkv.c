// SPDX-License-Identifier: GPL-2.0
/*
 * cgkv: flat "key value" control files and their keys; see cgkv.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "cgkv.h"
#include "cgnum.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cgkv_parse_kv_line(const char *line, char key[CGKV_KEY_MAX], uint64_t *val)
{
	char num[24];
	size_t klen, nlen;
	const char *p = line;

	klen = strcspn(p, " \t\n");
	if (klen == 0 || klen >= CGKV_KEY_MAX)
		return -1;
	p += klen;
	if (*p != ' ' && *p != '\t')
		return -1;
	p += strspn(p, " \t");
	nlen = strspn(p, "0123456789");
	if (nlen == 0 || nlen >= sizeof(num))
		return -1;
	memcpy(num, p, nlen);
	num[nlen] = '\0';
	p += nlen;
	p += strspn(p, " \t");
	if (*p == '\n')
		p++;
	if (*p != '\0')
		return -1;
	if (cgnum_parse_u64(num, val))
		return -1;
	memcpy(key, line, klen);
	key[klen] = '\0';
	return 0;
}

int cgkv_kvs_add(struct cgkv_kvs *kvs, const char *key, uint64_t val)
{
	if (strlen(key) >= CGKV_KEY_MAX)
		return -1;
	if (kvs->n == kvs->cap) {
		size_t cap = kvs->cap ? kvs->cap * 2 : 16;
		struct cgkv_kv *v = realloc(kvs->v, cap * sizeof(*v));

		if (!v)
			return -1;
		kvs->v = v;
		kvs->cap = cap;
	}
	strcpy(kvs->v[kvs->n].key, key);
	kvs->v[kvs->n].val = val;
	kvs->n++;
	return 0;
}

int cgkv_kvs_get(const struct cgkv_kvs *kvs, const char *key, uint64_t *val)
{
	for (size_t i = 0; i < kvs->n; i++) {
		if (!strcmp(kvs->v[i].key, key)) {
			*val = kvs->v[i].val;
			return 0;
		}
	}
	return -1;
}

int cgkv_kvs_parse(struct cgkv_kvs *kvs, const char *text)
{
	while (*text) {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl - text) : strlen(text);
		char line[CGKV_KEY_MAX + 32], key[CGKV_KEY_MAX];
		uint64_t val;

		if (len >= sizeof(line))
			return -1;
		memcpy(line, text, len);
		line[len] = '\0';
		if (cgkv_parse_kv_line(line, key, &val) ||
		    cgkv_kvs_add(kvs, key, val))
			return -1;
		text += len + (nl ? 1 : 0);
	}
	return 0;
}

void cgkv_kvs_free(struct cgkv_kvs *kvs)
{
	free(kvs->v);
	kvs->v = NULL;
	kvs->n = kvs->cap = 0;
}

int cgkv_parse_node_key(const char *key, unsigned int *nid)
{
	if (key[0] != 'N')
		return -1;
	return cgnum_parse_uint_span(key + 1, key + strlen(key), nid);
}

int cgkv_parse_sb_key(const char *key, unsigned int *major, unsigned int *minor)
{
	if (strncmp(key, "sb:", 3))
		return -1;
	return cgnum_parse_devno(key + 3, major, minor);
}

int cgkv_dentry_decode(const struct cgkv_kvs *kvs, struct cgkv_dentry *d,
		      const char **missing)
{
	int have_unused = 0, have_total = 0;

	memset(d, 0, sizeof(*d));
	*missing = NULL;
	d->nodes = calloc(kvs->n ? kvs->n : 1, sizeof(*d->nodes));
	d->sbs = calloc(kvs->n ? kvs->n : 1, sizeof(*d->sbs));
	if (!d->nodes || !d->sbs)
		goto bad;
	for (size_t i = 0; i < kvs->n; i++) {
		const struct cgkv_kv *kv = &kvs->v[i];
		struct cgkv_sb_count *sb = &d->sbs[d->nsbs];
		struct cgkv_node_count *nc = &d->nodes[d->nnodes];

		if (!strcmp(kv->key, "unused")) {
			d->unused = kv->val;
			have_unused = 1;
		} else if (!strcmp(kv->key, "total_unused")) {
			d->total = kv->val;
			have_total = 1;
		} else if (!cgkv_parse_node_key(kv->key, &nc->nid)) {
			nc->n = kv->val;
			d->nnodes++;
		} else if (!cgkv_parse_sb_key(kv->key, &sb->major, &sb->minor)) {
			sb->n = kv->val;
			d->nsbs++;
		}
		/* any other key is one a later kernel added: not ours to judge */
	}
	if (have_unused && have_total)
		return 0;
	*missing = have_unused ? "total_unused" : "unused";
bad:
	cgkv_dentry_free(d);
	return -1;
}

void cgkv_dentry_free(struct cgkv_dentry *d)
{
	free(d->nodes);
	free(d->sbs);
	memset(d, 0, sizeof(*d));
}

const char *const cgkv_slab_keys[CGKV_SLAB_NKEYS] = {
	"global_scanned", "global_reclaimed", "limit_scanned",
	"limit_reclaimed", "forced_scanned", "forced_reclaimed",
	"dentry_reclaimed", "inode_reclaimed", "forced_shrinks",
};

const char *cgkv_slab_missing(const struct cgkv_kvs *kvs, char buf[CGKV_KEY_MAX])
{
	uint64_t v;

	for (int total = 0; total < 2; total++) {
		for (size_t k = 0; k < CGKV_SLAB_NKEYS; k++) {
			snprintf(buf, CGKV_KEY_MAX, "%s%s", total ? "total_" : "",
				 cgkv_slab_keys[k]);
			if (cgkv_kvs_get(kvs, buf, &v))
				return buf;
		}
	}
	return NULL;
}
