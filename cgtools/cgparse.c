// SPDX-License-Identifier: GPL-2.0
/*
 * cgparse: parsing and formatting with no cgroup access; see cgparse.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "cgparse.h"

#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

int cgp_parse_u64(const char *s, uint64_t *out)
{
	uint64_t v = 0;

	if (!s || !*s)
		return -1;
	for (; *s; s++) {
		unsigned int d;

		if (*s < '0' || *s > '9')
			return -1;
		d = (unsigned int)(*s - '0');
		if (v > (UINT64_MAX - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	*out = v;
	return 0;
}

int cgp_parse_interval_ms(const char *s, uint64_t *ms)
{
	const uint64_t day_ms = 24ULL * 3600 * 1000;
	char whole[24];
	const char *dot;
	uint64_t sec, frac = 0;
	size_t wlen, flen = 0;

	if (!s)
		return -1;
	dot = strchr(s, '.');
	wlen = dot ? (size_t)(dot - s) : strlen(s);
	if (wlen == 0 || wlen >= sizeof(whole))
		return -1;
	memcpy(whole, s, wlen);
	whole[wlen] = '\0';
	if (cgp_parse_u64(whole, &sec) || sec > day_ms / 1000)
		return -1;
	if (dot) {
		flen = strlen(dot + 1);
		if (flen == 0 || flen > 3 || cgp_parse_u64(dot + 1, &frac))
			return -1;
		while (flen++ < 3)
			frac *= 10;
	}
	sec = sec * 1000 + frac;
	if (sec == 0 || sec > day_ms)
		return -1;
	*ms = sec;
	return 0;
}

int cgp_parse_kv_line(const char *line, char key[CGP_KEY_MAX], uint64_t *val)
{
	char num[24];
	size_t klen, nlen;
	const char *p = line;

	klen = strcspn(p, " \t\n");
	if (klen == 0 || klen >= CGP_KEY_MAX)
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
	if (cgp_parse_u64(num, val))
		return -1;
	memcpy(key, line, klen);
	key[klen] = '\0';
	return 0;
}

int cgp_kvs_add(struct cgp_kvs *kvs, const char *key, uint64_t val)
{
	if (strlen(key) >= CGP_KEY_MAX)
		return -1;
	if (kvs->n == kvs->cap) {
		size_t cap = kvs->cap ? kvs->cap * 2 : 16;
		struct cgp_kv *v = realloc(kvs->v, cap * sizeof(*v));

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

int cgp_kvs_get(const struct cgp_kvs *kvs, const char *key, uint64_t *val)
{
	for (size_t i = 0; i < kvs->n; i++) {
		if (!strcmp(kvs->v[i].key, key)) {
			*val = kvs->v[i].val;
			return 0;
		}
	}
	return -1;
}

int cgp_kvs_parse(struct cgp_kvs *kvs, const char *text)
{
	while (*text) {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl - text) : strlen(text);
		char line[CGP_KEY_MAX + 32], key[CGP_KEY_MAX];
		uint64_t val;

		if (len >= sizeof(line))
			return -1;
		memcpy(line, text, len);
		line[len] = '\0';
		if (cgp_parse_kv_line(line, key, &val) ||
		    cgp_kvs_add(kvs, key, val))
			return -1;
		text += len + (nl ? 1 : 0);
	}
	return 0;
}

void cgp_kvs_free(struct cgp_kvs *kvs)
{
	free(kvs->v);
	kvs->v = NULL;
	kvs->n = kvs->cap = 0;
}

/* A decimal unsigned int that fills [s, end) exactly. */
static int parse_uint_span(const char *s, const char *end, unsigned int *out)
{
	char buf[12];
	uint64_t v;
	size_t len = (size_t)(end - s);

	if (len == 0 || len >= sizeof(buf))
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (cgp_parse_u64(buf, &v) || v > 0xffffffffULL)
		return -1;
	*out = (unsigned int)v;
	return 0;
}

int cgp_parse_node_key(const char *key, unsigned int *nid)
{
	if (key[0] != 'N')
		return -1;
	return parse_uint_span(key + 1, key + strlen(key), nid);
}

int cgp_parse_sb_key(const char *key, unsigned int *major, unsigned int *minor)
{
	const char *colon;

	if (strncmp(key, "sb:", 3))
		return -1;
	key += 3;
	colon = strchr(key, ':');
	if (!colon)
		return -1;
	if (parse_uint_span(key, colon, major) ||
	    parse_uint_span(colon + 1, colon + 1 + strlen(colon + 1), minor))
		return -1;
	return 0;
}

int cgp_dentry_decode(const struct cgp_kvs *kvs, struct cgp_dentry *d)
{
	int have_unused = 0, have_total = 0;

	memset(d, 0, sizeof(*d));
	d->nodes = calloc(kvs->n ? kvs->n : 1, sizeof(*d->nodes));
	d->sbs = calloc(kvs->n ? kvs->n : 1, sizeof(*d->sbs));
	if (!d->nodes || !d->sbs)
		goto bad;
	for (size_t i = 0; i < kvs->n; i++) {
		const struct cgp_kv *kv = &kvs->v[i];
		struct cgp_sb_count *sb = &d->sbs[d->nsbs];
		struct cgp_node_count *nc = &d->nodes[d->nnodes];

		if (!strcmp(kv->key, "unused")) {
			d->unused = kv->val;
			have_unused = 1;
		} else if (!strcmp(kv->key, "total_unused")) {
			d->total = kv->val;
			have_total = 1;
		} else if (!cgp_parse_node_key(kv->key, &nc->nid)) {
			nc->n = kv->val;
			d->nnodes++;
		} else if (!cgp_parse_sb_key(kv->key, &sb->major, &sb->minor)) {
			sb->n = kv->val;
			d->nsbs++;
		} else {
			goto bad;
		}
	}
	if (have_unused && have_total)
		return 0;
bad:
	cgp_dentry_free(d);
	return -1;
}

void cgp_dentry_free(struct cgp_dentry *d)
{
	free(d->nodes);
	free(d->sbs);
	memset(d, 0, sizeof(*d));
}

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

static int parse_mount_line(char *line, struct cgp_mount *m)
{
	char *f[64];
	size_t n = split_fields(line, f, 64), sep;
	char *colon;

	if (n < 6)
		return -1;
	for (sep = 6; sep < n && strcmp(f[sep], "-"); sep++)
		;
	if (sep + 1 >= n)
		return -1;
	colon = strchr(f[2], ':');
	if (!colon ||
	    parse_uint_span(f[2], colon, &m->major) ||
	    parse_uint_span(colon + 1, colon + 1 + strlen(colon + 1), &m->minor))
		return -1;
	unescape_octal(f[3]);
	unescape_octal(f[4]);
	unescape_octal(f[sep + 1]);
	m->root = strdup(f[3]);
	m->point = strdup(f[4]);
	m->fstype = strdup(f[sep + 1]);
	if (!m->root || !m->point || !m->fstype) {
		free(m->root);
		free(m->point);
		free(m->fstype);
		return -1;
	}
	return 0;
}

int cgp_mounts_read(FILE *f, struct cgp_mounts *mounts)
{
	char *line = NULL;
	size_t cap = 0, alloc = 0;

	memset(mounts, 0, sizeof(*mounts));
	while (getline(&line, &cap, f) > 0) {
		struct cgp_mount m;

		if (line[0] == '\n')
			continue;
		if (parse_mount_line(line, &m))
			goto bad;
		if (mounts->n == alloc) {
			size_t na = alloc ? alloc * 2 : 32;
			struct cgp_mount *nm = realloc(mounts->m, na * sizeof(*nm));

			if (!nm) {
				free(m.root);
				free(m.point);
				free(m.fstype);
				goto bad;
			}
			mounts->m = nm;
			alloc = na;
		}
		mounts->m[mounts->n++] = m;
	}
	free(line);
	return 0;
bad:
	free(line);
	cgp_mounts_free(mounts);
	return -1;
}

const struct cgp_mount *cgp_mounts_find(const struct cgp_mounts *mounts,
					unsigned int major, unsigned int minor)
{
	const struct cgp_mount *first = NULL;

	for (size_t i = 0; i < mounts->n; i++) {
		const struct cgp_mount *m = &mounts->m[i];

		if (m->major != major || m->minor != minor)
			continue;
		if (!strcmp(m->root, "/"))
			return m;
		if (!first)
			first = m;
	}
	return first;
}

void cgp_mounts_free(struct cgp_mounts *mounts)
{
	for (size_t i = 0; i < mounts->n; i++) {
		free(mounts->m[i].root);
		free(mounts->m[i].point);
		free(mounts->m[i].fstype);
	}
	free(mounts->m);
	memset(mounts, 0, sizeof(*mounts));
}

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

int cgp_cgroup_arg(const char *arg, char *out, size_t size)
{
	const char *colon = strchr(arg, ':');
	const char *slash = strchr(arg, '/');

	/* "ctrl,ctrl:path" (as -g takes it) when a colon comes before any slash */
	if (colon && (!slash || colon < slash)) {
		int memory = 0;
		const char *p = arg;

		while (p < colon) {
			size_t len = strcspn(p, ",:");

			if (len == 6 && !strncmp(p, "memory", 6))
				memory = 1;
			p += len + (p[len] == ',' ? 1 : 0);
		}
		if (!memory)
			return -2;
		arg = colon + 1;
	}
	return normalise_path(arg, out, size);
}

int cgp_rel_path(const char *mount, const char *full, char *out, size_t size)
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

int cgp_tree_order(const char *const *paths, const uint64_t *keys, size_t n,
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

uint64_t cgp_delta(uint64_t before, uint64_t after)
{
	return after >= before ? after - before : 0;
}

double cgp_rate(uint64_t delta, uint64_t ms)
{
	return ms ? (double)delta * 1000.0 / (double)ms : 0.0;
}

/* Length of the valid UTF-8 sequence at S, or 0 if it is not one. */
static size_t utf8_len(const unsigned char *s)
{
	size_t len;
	uint32_t cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		len = 2;
		cp = s[0] & 0x1f;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		len = 3;
		cp = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		len = 4;
		cp = s[0] & 0x07;
	} else {
		return 0;
	}
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

void cgp_json_str(FILE *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	fputc('"', out);
	while (*p) {
		size_t len = utf8_len(p);

		if (*p == '"' || *p == '\\') {
			fputc('\\', out);
			fputc(*p, out);
		} else if (*p == '\n') {
			fputs("\\n", out);
		} else if (*p == '\t') {
			fputs("\\t", out);
		} else if (*p < 0x20 || *p == 0x7f || len == 0) {
			/* control characters, and bytes that are not UTF-8
			 * (taken as Latin-1, so the output stays valid JSON) */
			fprintf(out, "\\u%04x", *p);
			len = 1;
		} else {
			fwrite(p, 1, len, out);
		}
		p += len ? len : 1;
	}
	fputc('"', out);
}

static const struct {
	int e;
	const char *name;
} errno_names[] = {
	{ EPERM, "EPERM" }, { ENOENT, "ENOENT" }, { ESRCH, "ESRCH" },
	{ EINTR, "EINTR" }, { EIO, "EIO" }, { ENXIO, "ENXIO" },
	{ E2BIG, "E2BIG" }, { EBADF, "EBADF" }, { ECHILD, "ECHILD" },
	{ EAGAIN, "EAGAIN" }, { ENOMEM, "ENOMEM" }, { EACCES, "EACCES" },
	{ EFAULT, "EFAULT" }, { EBUSY, "EBUSY" }, { EEXIST, "EEXIST" },
	{ ENODEV, "ENODEV" }, { ENOTDIR, "ENOTDIR" }, { EISDIR, "EISDIR" },
	{ EINVAL, "EINVAL" }, { ENFILE, "ENFILE" }, { EMFILE, "EMFILE" },
	{ EFBIG, "EFBIG" }, { ENOSPC, "ENOSPC" }, { ESPIPE, "ESPIPE" },
	{ EROFS, "EROFS" }, { EPIPE, "EPIPE" }, { ERANGE, "ERANGE" },
	{ EDEADLK, "EDEADLK" }, { ENAMETOOLONG, "ENAMETOOLONG" },
	{ ENOSYS, "ENOSYS" }, { ENOTEMPTY, "ENOTEMPTY" },
	{ EOPNOTSUPP, "EOPNOTSUPP" }, { ETIMEDOUT, "ETIMEDOUT" },
	{ ECANCELED, "ECANCELED" }, { EOVERFLOW, "EOVERFLOW" },
};

const char *cgp_errno_name(int e)
{
	for (size_t i = 0; i < sizeof(errno_names) / sizeof(errno_names[0]); i++)
		if (errno_names[i].e == e)
			return errno_names[i].name;
	return NULL;
}

static const struct {
	int sig;
	const char *name;
} signal_names[] = {
	{ SIGHUP, "HUP" }, { SIGINT, "INT" }, { SIGQUIT, "QUIT" },
	{ SIGKILL, "KILL" }, { SIGUSR1, "USR1" }, { SIGUSR2, "USR2" },
	{ SIGPIPE, "PIPE" }, { SIGALRM, "ALRM" }, { SIGTERM, "TERM" },
	{ SIGCHLD, "CHLD" }, { SIGCONT, "CONT" }, { SIGSTOP, "STOP" },
};

int cgp_parse_signal(const char *s)
{
	uint64_t n;

	if (!cgp_parse_u64(s, &n))
		return (n >= 1 && n <= 64) ? (int)n : -1;
	if (!strncmp(s, "SIG", 3))
		s += 3;
	for (size_t i = 0; i < sizeof(signal_names) / sizeof(signal_names[0]); i++)
		if (!strcmp(signal_names[i].name, s))
			return signal_names[i].sig;
	return -1;
}
