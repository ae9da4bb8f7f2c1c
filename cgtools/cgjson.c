// SPDX-License-Identifier: GPL-2.0
/*
 * cgjson: a small JSON writer; see cgjson.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "cgjson.h"
#include "cgtext.h"

#include <stdlib.h>

void cgjw_init(struct cgjw *w, FILE *out)
{
	w->out = out;
	w->depth = 0;
	w->had[0] = 0;
	w->break_depth = 0;
	w->keep = NULL;
	w->keep_arg = NULL;
	w->mute = 0;
}

/* Is the member KEY (NULL: an item) written?  Not under a muted level, nor one KEEP drops. */
static int writes(const struct cgjw *w, const char *key)
{
	if (w->mute)
		return 0;
	return !key || !w->keep || w->keep(w->depth, key, w->keep_arg);
}

/* The comma, line break and "key": that come before a value. */
static void before_value(struct cgjw *w, const char *key)
{
	if (w->had[w->depth])
		fputc(',', w->out);
	w->had[w->depth] = 1;
	if (!key && w->break_depth && w->depth == w->break_depth)
		fputc('\n', w->out);
	if (key) {
		cgj_string(w->out, key);
		fputc(':', w->out);
	}
}

static void open_level(struct cgjw *w, const char *key, char c)
{
	if (!writes(w, key)) {
		if (w->depth + 1 >= CGJW_MAX_DEPTH)
			abort();
		if (!w->mute)
			w->mute = w->depth + 1;
		w->depth++;
		return;
	}
	before_value(w, key);
	fputc(c, w->out);
	if (w->depth + 1 >= CGJW_MAX_DEPTH)
		abort();	/* a programming error: our documents are shallow */
	w->depth++;
	w->had[w->depth] = 0;
	w->close[w->depth] = c == '{' ? '}' : ']';
}

void cgjw_obj(struct cgjw *w, const char *key)
{
	open_level(w, key, '{');
}

void cgjw_arr(struct cgjw *w, const char *key)
{
	open_level(w, key, '[');
}

void cgjw_end(struct cgjw *w)
{
	if (w->depth == 0)
		abort();	/* a programming error: more ends than opens */
	if (w->mute) {
		if (w->depth == w->mute)
			w->mute = 0;
		w->depth--;
		return;
	}
	fputc(w->close[w->depth], w->out);
	w->depth--;
}

void cgjw_str(struct cgjw *w, const char *key, const char *s)
{
	if (!writes(w, key))
		return;
	before_value(w, key);
	cgj_string(w->out, s);
}

void cgjw_u64(struct cgjw *w, const char *key, uint64_t v)
{
	if (!writes(w, key))
		return;
	before_value(w, key);
	fprintf(w->out, "%llu", (unsigned long long)v);
}

void cgjw_raw(struct cgjw *w, const char *key, const char *text)
{
	if (!writes(w, key))
		return;
	before_value(w, key);
	fputs(text, w->out);
}

void cgjw_bool(struct cgjw *w, const char *key, int b)
{
	if (!writes(w, key))
		return;
	before_value(w, key);
	fputs(b ? "true" : "false", w->out);
}

void cgjw_null(struct cgjw *w, const char *key)
{
	if (!writes(w, key))
		return;
	before_value(w, key);
	fputs("null", w->out);
}

void cgjw_fixed(struct cgjw *w, const char *key, double v, int decimals)
{
	if (!writes(w, key))
		return;
	before_value(w, key);
	fprintf(w->out, "%.*f", decimals, v);
}

void cgj_string(FILE *out, const char *s)
{
	struct cgtext_iter it;
	struct cgtext_piece pc;

	fputc('"', out);
	cgtext_begin(&it, s, 0);
	while (cgtext_next(&it, &pc)) {
		if (pc.escaped)
			fprintf(out, "\\\\x%02x", (unsigned)pc.cp);
		else if (pc.cp == '"' || pc.cp == '\\')
			fprintf(out, "\\%c", (int)pc.cp);
		else
			fwrite(pc.bytes, 1, pc.len, out);
	}
	fputc('"', out);
}
