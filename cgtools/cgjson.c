// SPDX-License-Identifier: GPL-2.0
/*
 * cgjson: strict recursive-descent JSON reader; see cgjson.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "cgjson.h"
#include "cgparse.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define CGJ_MAX_DEPTH 64

struct parser {
	const char *p;
	char *err;
	size_t errsz;
	int depth;
};

static struct cgj *parse_value(struct parser *ps);

static void *fail(struct parser *ps, const char *what)
{
	if (ps->err && ps->errsz && !ps->err[0])
		snprintf(ps->err, ps->errsz, "%s at '%.12s'", what, ps->p);
	return NULL;
}

static void skip_ws(struct parser *ps)
{
	while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r')
		ps->p++;
}

static struct cgj *new_value(enum cgj_type type)
{
	struct cgj *v = calloc(1, sizeof(*v));

	if (v)
		v->type = type;
	return v;
}

void cgj_free(struct cgj *v)
{
	if (!v)
		return;
	for (size_t i = 0; i < v->n; i++) {
		if (v->keys)
			free(v->keys[i]);
		cgj_free(v->items[i]);
	}
	free(v->keys);
	free(v->items);
	free(v->text);
	free(v);
}

/* Growable byte buffer for decoded strings. */
struct buf {
	char *s;
	size_t len, cap;
};

static int buf_put(struct buf *b, const char *s, size_t len)
{
	if (b->len + len + 1 > b->cap) {
		size_t cap = (b->len + len + 1) * 2;
		char *ns = realloc(b->s, cap);

		if (!ns)
			return -1;
		b->s = ns;
		b->cap = cap;
	}
	memcpy(b->s + b->len, s, len);
	b->len += len;
	b->s[b->len] = '\0';
	return 0;
}

static int hex4(const char *p, uint32_t *out)
{
	uint32_t v = 0;

	for (int i = 0; i < 4; i++) {
		char c = p[i];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (uint32_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (uint32_t)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (uint32_t)(c - 'A' + 10);
		else
			return -1;
	}
	*out = v;
	return 0;
}

static int put_utf8(struct buf *b, uint32_t cp)
{
	char u[4];
	size_t len;

	if (cp < 0x80) {
		u[0] = (char)cp;
		len = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xc0 | (cp >> 6));
		u[1] = (char)(0x80 | (cp & 0x3f));
		len = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xe0 | (cp >> 12));
		u[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		u[2] = (char)(0x80 | (cp & 0x3f));
		len = 3;
	} else {
		u[0] = (char)(0xf0 | (cp >> 18));
		u[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
		u[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
		u[3] = (char)(0x80 | (cp & 0x3f));
		len = 4;
	}
	return buf_put(b, u, len);
}

/* A string at ps->p (on its opening quote); decoded into a new buffer. */
static char *parse_string(struct parser *ps)
{
	struct buf b = { 0 };

	if (*ps->p != '"')
		return fail(ps, "expected a string");
	ps->p++;
	if (buf_put(&b, "", 0))
		return fail(ps, "out of memory");
	for (;;) {
		unsigned char c = (unsigned char)*ps->p;

		if (c == '"') {
			ps->p++;
			return b.s;
		}
		if (c == '\0' || c < 0x20) {
			free(b.s);
			return fail(ps, "unterminated string or control character");
		}
		if (c != '\\') {
			if (buf_put(&b, ps->p, 1))
				goto oom;
			ps->p++;
			continue;
		}
		ps->p++;
		c = (unsigned char)*ps->p++;
		switch (c) {
		case '"': case '\\': case '/':
			if (buf_put(&b, (const char *)&c, 1))
				goto oom;
			break;
		case 'b': if (buf_put(&b, "\b", 1)) goto oom; break;
		case 'f': if (buf_put(&b, "\f", 1)) goto oom; break;
		case 'n': if (buf_put(&b, "\n", 1)) goto oom; break;
		case 'r': if (buf_put(&b, "\r", 1)) goto oom; break;
		case 't': if (buf_put(&b, "\t", 1)) goto oom; break;
		case 'u': {
			uint32_t cp, lo;

			if (hex4(ps->p, &cp))
				goto bad_escape;
			ps->p += 4;
			if (cp >= 0xd800 && cp <= 0xdbff) {
				if (ps->p[0] != '\\' || ps->p[1] != 'u' ||
				    hex4(ps->p + 2, &lo) || lo < 0xdc00 || lo > 0xdfff)
					goto bad_escape;
				ps->p += 6;
				cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
			} else if ((cp >= 0xdc00 && cp <= 0xdfff) || cp == 0) {
				goto bad_escape;
			}
			if (put_utf8(&b, cp))
				goto oom;
			break;
		}
		default:
			goto bad_escape;
		}
	}
bad_escape:
	free(b.s);
	return fail(ps, "bad escape");
oom:
	free(b.s);
	return fail(ps, "out of memory");
}

static struct cgj *parse_number(struct parser *ps)
{
	const char *s = ps->p, *p = s;
	struct cgj *v;

	if (*p == '-')
		p++;
	if (*p == '0')
		p++;
	else if (*p >= '1' && *p <= '9')
		while (*p >= '0' && *p <= '9')
			p++;
	else
		return fail(ps, "bad number");
	if (*p == '.') {
		p++;
		if (*p < '0' || *p > '9')
			return fail(ps, "bad fraction");
		while (*p >= '0' && *p <= '9')
			p++;
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (*p < '0' || *p > '9')
			return fail(ps, "bad exponent");
		while (*p >= '0' && *p <= '9')
			p++;
	}
	if ((*p >= '0' && *p <= '9') || *p == '.' || *p == '+' || *p == '-' ||
	    (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))
		return fail(ps, "bad number");	/* "01", "1.2.3", "1x" */
	v = new_value(CGJ_NUM);
	if (!v || !(v->text = strndup(s, (size_t)(p - s)))) {
		free(v);
		return fail(ps, "out of memory");
	}
	ps->p = p;
	return v;
}

static int append_item(struct cgj *v, char *key, struct cgj *item)
{
	struct cgj **items = realloc(v->items, (v->n + 1) * sizeof(*items));

	if (!items)
		return -1;
	v->items = items;
	if (v->type == CGJ_OBJ) {
		char **keys = realloc(v->keys, (v->n + 1) * sizeof(*keys));

		if (!keys)
			return -1;
		v->keys = keys;
		v->keys[v->n] = key;
	}
	v->items[v->n++] = item;
	return 0;
}

static struct cgj *parse_container(struct parser *ps, enum cgj_type type)
{
	char close = type == CGJ_OBJ ? '}' : ']';
	struct cgj *v = new_value(type);

	if (!v)
		return fail(ps, "out of memory");
	if (++ps->depth > CGJ_MAX_DEPTH)
		goto bad_nest;
	ps->p++;
	skip_ws(ps);
	if (*ps->p == close) {
		ps->p++;
		ps->depth--;
		return v;
	}
	for (;;) {
		char *key = NULL;
		struct cgj *item;

		skip_ws(ps);
		if (type == CGJ_OBJ) {
			key = parse_string(ps);
			if (!key)
				goto bad;
			skip_ws(ps);
			if (*ps->p != ':') {
				free(key);
				fail(ps, "expected ':'");
				goto bad;
			}
			ps->p++;
		}
		item = parse_value(ps);
		if (!item || append_item(v, key, item)) {
			free(key);
			cgj_free(item);
			fail(ps, "bad member");
			goto bad;
		}
		skip_ws(ps);
		if (*ps->p == ',') {
			ps->p++;
			continue;
		}
		if (*ps->p == close) {
			ps->p++;
			ps->depth--;
			return v;
		}
		fail(ps, type == CGJ_OBJ ? "expected ',' or '}'" : "expected ',' or ']'");
		goto bad;
	}
bad_nest:
	fail(ps, "nested too deep");
bad:
	cgj_free(v);
	return NULL;
}

static struct cgj *parse_literal(struct parser *ps, const char *word,
				 enum cgj_type type)
{
	size_t len = strlen(word);
	struct cgj *v;

	if (strncmp(ps->p, word, len) ||
	    (ps->p[len] >= 'a' && ps->p[len] <= 'z'))
		return fail(ps, "unexpected text");
	v = new_value(type);
	if (!v)
		return fail(ps, "out of memory");
	if (type == CGJ_BOOL && !(v->text = strdup(word))) {
		free(v);
		return fail(ps, "out of memory");
	}
	ps->p += len;
	return v;
}

static struct cgj *parse_value(struct parser *ps)
{
	struct cgj *v;

	skip_ws(ps);
	switch (*ps->p) {
	case '{':
		return parse_container(ps, CGJ_OBJ);
	case '[':
		return parse_container(ps, CGJ_ARR);
	case '"':
		v = new_value(CGJ_STR);
		if (!v)
			return fail(ps, "out of memory");
		v->text = parse_string(ps);
		if (!v->text) {
			free(v);
			return NULL;
		}
		return v;
	case 't':
		return parse_literal(ps, "true", CGJ_BOOL);
	case 'f':
		return parse_literal(ps, "false", CGJ_BOOL);
	case 'n':
		return parse_literal(ps, "null", CGJ_NULL);
	default:
		return parse_number(ps);
	}
}

struct cgj *cgj_parse(const char *text, const char **end, char *err, size_t errsz)
{
	struct parser ps = { text, err, errsz, 0 };
	struct cgj *v;

	if (err && errsz)
		err[0] = '\0';
	v = parse_value(&ps);
	if (v)
		skip_ws(&ps);
	if (v && !end && *ps.p) {
		/* a whole document was asked for: nothing may follow it */
		fail(&ps, "trailing text");
		cgj_free(v);
		return NULL;
	}
	if (end)
		*end = ps.p;
	return v;
}

/* Does V, an array item, match [key=value]? */
static int item_matches(const struct cgj *v, const char *key, size_t klen,
			const char *val, size_t vlen)
{
	if (v->type != CGJ_OBJ)
		return 0;
	for (size_t i = 0; i < v->n; i++) {
		const struct cgj *m = v->items[i];

		if (strlen(v->keys[i]) != klen || strncmp(v->keys[i], key, klen))
			continue;
		return (m->type == CGJ_STR || m->type == CGJ_NUM) &&
		       strlen(m->text) == vlen && !strncmp(m->text, val, vlen);
	}
	return 0;
}

const struct cgj *cgj_path(const struct cgj *v, const char *path, int *bad)
{
	const char *p = path;

	*bad = 0;
	if (!strcmp(p, "."))
		return v;
	while (*p && v) {
		if (*p == '.') {
			size_t len = strcspn(++p, ".[");
			const struct cgj *next = NULL;

			if (len == 0)
				goto malformed;
			if (v->type == CGJ_OBJ)
				for (size_t i = 0; i < v->n && !next; i++)
					if (strlen(v->keys[i]) == len &&
					    !strncmp(v->keys[i], p, len))
						next = v->items[i];
			v = next;
			p += len;
		} else if (*p == '[') {
			const char *close = strchr(++p, ']');
			const char *eq;
			char num[24];
			uint64_t idx;

			if (!close || close == p)
				goto malformed;
			eq = memchr(p, '=', (size_t)(close - p));
			if (eq) {
				const struct cgj *next = NULL;

				if (v->type == CGJ_ARR)
					for (size_t i = 0; i < v->n && !next; i++)
						if (item_matches(v->items[i], p,
								 (size_t)(eq - p), eq + 1,
								 (size_t)(close - eq - 1)))
							next = v->items[i];
				v = next;
			} else {
				if ((size_t)(close - p) >= sizeof(num))
					goto malformed;
				memcpy(num, p, (size_t)(close - p));
				num[close - p] = '\0';
				if (cgp_parse_u64(num, &idx))
					goto malformed;
				v = (v->type == CGJ_ARR && idx < v->n) ? v->items[idx] : NULL;
			}
			p = close + 1;
		} else {
			goto malformed;
		}
	}
	return v;
malformed:
	*bad = 1;
	return NULL;
}

static void print_json(FILE *out, const struct cgj *v)
{
	switch (v->type) {
	case CGJ_NULL:
		fputs("null", out);
		break;
	case CGJ_BOOL:
	case CGJ_NUM:
		fputs(v->text, out);
		break;
	case CGJ_STR:
		cgp_json_str(out, v->text);
		break;
	case CGJ_ARR:
	case CGJ_OBJ:
		fputc(v->type == CGJ_OBJ ? '{' : '[', out);
		for (size_t i = 0; i < v->n; i++) {
			if (i)
				fputc(',', out);
			if (v->type == CGJ_OBJ) {
				cgp_json_str(out, v->keys[i]);
				fputc(':', out);
			}
			print_json(out, v->items[i]);
		}
		fputc(v->type == CGJ_OBJ ? '}' : ']', out);
		break;
	}
}

void cgj_print(FILE *out, const struct cgj *v)
{
	if (v->type == CGJ_STR || v->type == CGJ_NUM || v->type == CGJ_BOOL)
		fputs(v->text, out);
	else
		print_json(out, v);
}
