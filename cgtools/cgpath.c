// SPDX-License-Identifier: GPL-2.0
/*
 * cgpath: cgroup path arguments, walk paths and tree order; see cgpath.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "cgpath.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Rebuild PATH as "/" or "/a/b": no empty or "." parts, no "..". */
static int normalise_path(const char *path, char *out, size_t size)
{
	size_t len = 0;

	if (!*path || size < 2)
		return -1;
	while (*path) {
		size_t part = strcspn(path, "/");

		if (part == 0 || (part == 1 && path[0] == '.')) {
			path += part + (path[part] ? 1 : 0);
			continue;
		}
		if (part == 2 && path[0] == '.' && path[1] == '.')
			return -1;
		if (len + 1 + part + 1 > size)
			return -1;
		out[len++] = '/';
		memcpy(out + len, path, part);
		len += part;
		path += part + (path[part] ? 1 : 0);
	}
	if (len == 0)
		out[len++] = '/';
	out[len] = '\0';
	return 0;
}

int cgpath_names_memory(const char *list, size_t len)
{
	const char *p = list, *end = list + len;

	while (p < end) {
		const char *comma = memchr(p, ',', (size_t)(end - p));
		size_t n = comma ? (size_t)(comma - p) : (size_t)(end - p);

		if (n == 6 && !strncmp(p, "memory", 6))
			return 1;
		p += n + 1;
	}
	return 0;
}

int cgpath_cgroup_arg(const char *arg, char *out, size_t size)
{
	const char *colon = strchr(arg, ':');
	const char *slash = strchr(arg, '/');

	/* "ctrl,ctrl:path" (as -g takes it) when a colon comes before any slash */
	if (colon && (!slash || colon < slash)) {
		if (!cgpath_names_memory(arg, (size_t)(colon - arg)))
			return -2;
		arg = colon + 1;
	}
	return normalise_path(arg, out, size);
}

int cgpath_rel_path(const char *mount, const char *full, char *out, size_t size)
{
	size_t mlen = strlen(mount);
	char joined[4096];

	while (mlen > 1 && mount[mlen - 1] == '/')
		mlen--;
	if (strncmp(full, mount, mlen) ||
	    (full[mlen] != '\0' && full[mlen] != '/' && mlen > 1))
		return -1;
	if (snprintf(joined, sizeof(joined), "/%s", full + mlen) >=
	    (int)sizeof(joined))
		return -1;
	return normalise_path(joined, out, size);
}

int cgpath_under(const char *path, const char *top)
{
	size_t len = strlen(top);

	if (!strcmp(top, "/"))
		return 1;
	return !strncmp(path, top, len) && (path[len] == '/' || !path[len]);
}

/* The parent of "/a/b" is "/a"; of "/a" it is "/". */
static size_t parent_len(const char *path)
{
	const char *slash = strrchr(path, '/');

	return (!slash || slash == path) ? 1 : (size_t)(slash - path);
}

struct tree_sort_ctx {
	const char *const *paths;
	const uint64_t *keys;
};

static struct tree_sort_ctx sort_ctx;

static int by_path(const void *a, const void *b)
{
	return strcmp(sort_ctx.paths[*(const size_t *)a],
		      sort_ctx.paths[*(const size_t *)b]);
}

static int by_key_then_path(const void *a, const void *b)
{
	size_t i = *(const size_t *)a, j = *(const size_t *)b;

	if (sort_ctx.keys[i] != sort_ctx.keys[j])
		return sort_ctx.keys[i] > sort_ctx.keys[j] ? -1 : 1;
	return strcmp(sort_ctx.paths[i], sort_ctx.paths[j]);
}

/* Index of the exact path [p, p + len) in SORTED, or n. */
static size_t find_path(const size_t *sorted, size_t n, const char *p, size_t len)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		const char *q = sort_ctx.paths[sorted[mid]];
		int c = strncmp(q, p, len);

		if (c == 0 && q[len] != '\0')
			c = 1;
		if (c == 0)
			return sorted[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return n;
}

int cgpath_tree_order(const char *const *paths, const uint64_t *keys, size_t n,
		   size_t *order, unsigned int *depth)
{
	size_t *sorted = NULL, *parent = NULL, *start = NULL, *kids = NULL;
	size_t *stack = NULL, top = 0, out = 0;
	int ret = -1;

	if (n == 0)
		return 0;
	sorted = calloc(n, sizeof(size_t));
	parent = calloc(n, sizeof(size_t));
	start = calloc(n + 1, sizeof(size_t));
	kids = calloc(n, sizeof(size_t));
	stack = calloc(n, sizeof(size_t));
	if (!sorted || !parent || !start || !kids || !stack)
		goto out;
	sort_ctx.paths = paths;
	sort_ctx.keys = keys;
	for (size_t i = 0; i < n; i++)
		sorted[i] = i;
	qsort(sorted, n, sizeof(size_t), by_path);

	/* parent of each node; children grouped by parent (counting sort) */
	for (size_t i = 1; i < n; i++) {
		parent[i] = find_path(sorted, n, paths[i], parent_len(paths[i]));
		if (parent[i] == n || parent[i] == i)
			goto out;
		start[parent[i] + 1]++;
	}
	for (size_t i = 0; i < n; i++)
		start[i + 1] += start[i];
	{
		size_t *fill = stack;	/* borrowed until the walk below */

		memcpy(fill, start, n * sizeof(size_t));
		for (size_t i = 1; i < n; i++)
			kids[fill[parent[i]]++] = i;
	}
	for (size_t i = 0; i < n; i++)
		qsort(kids + start[i], start[i + 1] - start[i], sizeof(size_t),
		      by_key_then_path);

	/* pre-order walk; children pushed in reverse so the first pops first */
	depth[0] = 0;
	stack[top++] = 0;
	while (top) {
		size_t node = stack[--top];

		order[out++] = node;
		for (size_t k = start[node + 1]; k > start[node]; k--) {
			size_t child = kids[k - 1];

			depth[child] = depth[node] + 1;
			stack[top++] = child;
		}
	}
	ret = out == n ? 0 : -1;
out:
	free(sorted);
	free(parent);
	free(start);
	free(kids);
	free(stack);
	return ret;
}

/* FNV-1a: paths of one tree share long prefixes, all bytes count. */
static size_t path_hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return (size_t)h;
}

/* The slot of PATH in SLOT[CAP]: where it is, or the empty one it would take. */
static size_t pathset_slot(char **slot, size_t cap, const char *path)
{
	size_t i = path_hash(path) & (cap - 1);

	while (slot[i] && strcmp(slot[i], path))
		i = (i + 1) & (cap - 1);
	return i;
}

static int pathset_grow(struct cgpath_pathset *set)
{
	size_t cap = set->cap ? set->cap * 2 : 64;
	char **slot = calloc(cap, sizeof(*slot));

	if (!slot)
		return -1;
	for (size_t i = 0; i < set->cap; i++)
		if (set->slot[i])
			slot[pathset_slot(slot, cap, set->slot[i])] = set->slot[i];
	free(set->slot);
	set->slot = slot;
	set->cap = cap;
	return 0;
}

int cgpath_pathset_add(struct cgpath_pathset *set, const char *path)
{
	size_t i;

	if ((set->n + 1) * 2 > set->cap && pathset_grow(set))
		return -1;
	i = pathset_slot(set->slot, set->cap, path);
	if (set->slot[i])
		return 0;
	set->slot[i] = strdup(path);
	if (!set->slot[i])
		return -1;
	set->n++;
	return 1;
}

int cgpath_pathset_has(const struct cgpath_pathset *set, const char *path)
{
	return set->cap && set->slot[pathset_slot(set->slot, set->cap, path)] != NULL;
}

void cgpath_pathset_free(struct cgpath_pathset *set)
{
	for (size_t i = 0; i < set->cap; i++)
		free(set->slot[i]);
	free(set->slot);
	memset(set, 0, sizeof(*set));
}
