// SPDX-License-Identifier: GPL-2.0
/*
 * cgout: tables, raw and pairs output; see cgout.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "cgout.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

size_t cgo_utf8_len(const unsigned char *s)
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

size_t cgo_escape(FILE *out, const char *s, enum cgo_mode mode)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t width = 0;

	while (*p) {
		size_t len = cgo_utf8_len(p);
		int hex = *p < 0x20 || *p == 0x7f ||
			  (*p == '\\' && mode != CGO_PAIRS) ||
			  (*p == ' ' && mode == CGO_RAW);

		if (hex) {
			if (out)
				fprintf(out, "\\x%02x", *p);
			width += 4;
			p++;
			continue;
		}
		if (mode == CGO_PAIRS && strchr("\"\\`$", *p)) {
			if (out) {
				fputc('\\', out);
				fputc(*p, out);
			}
			width += 2;
			p++;
			continue;
		}
		if (len == 0)
			len = 1;	/* not UTF-8: passed on as it is */
		if (out)
			fwrite(p, 1, len, out);
		width++;
		p += len;
	}
	return width;
}

int cgo_table_init(struct cgo_table *t, const struct cgo_col *cols,
		   size_t ncols, const char *defaults, const char *list,
		   char *bad, size_t badsz)
{
	char *spec, *save = NULL;
	size_t len;

	memset(t, 0, sizeof(*t));
	t->cols = cols;
	t->ncols = ncols;
	if (!list)
		list = defaults;
	len = strlen(defaults) + strlen(list) + 2;
	spec = malloc(len);
	t->width = calloc(ncols, sizeof(*t->width));
	if (!spec || !t->width) {
		free(spec);
		snprintf(bad, badsz, "(out of memory)");
		return -1;
	}
	if (list[0] == '+')
		snprintf(spec, len, "%s,%s", defaults, list + 1);
	else
		snprintf(spec, len, "%s", list);
	for (char *name = strtok_r(spec, ",", &save); name;
	     name = strtok_r(NULL, ",", &save)) {
		size_t c;
		size_t *ns;

		for (c = 0; c < ncols && strcasecmp(cols[c].name, name); c++)
			;
		ns = c < ncols ? realloc(t->sel, (t->nsel + 1) * sizeof(*ns)) : NULL;
		if (!ns) {
			snprintf(bad, badsz, "%s", name);
			free(spec);
			return -1;
		}
		t->sel = ns;
		t->sel[t->nsel++] = c;
	}
	free(spec);
	if (t->nsel == 0) {
		snprintf(bad, badsz, "%s", list);
		return -1;
	}
	return 0;
}

size_t cgo_row(struct cgo_table *t, unsigned int depth)
{
	char **cells = realloc(t->cells, (t->nrows + 1) * t->ncols * sizeof(*cells));
	unsigned int *d = cells ? realloc(t->depth, (t->nrows + 1) * sizeof(*d)) : NULL;

	if (!cells || !d) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	t->cells = cells;
	t->depth = d;
	for (size_t c = 0; c < t->ncols; c++)
		cells[t->nrows * t->ncols + c] = NULL;
	d[t->nrows] = depth;
	return t->nrows++;
}

void cgo_set(struct cgo_table *t, size_t row, size_t col, const char *s)
{
	char **cell = &t->cells[row * t->ncols + col];

	free(*cell);
	*cell = s ? strdup(s) : NULL;
	if (s && !*cell) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
}

void cgo_set_u64(struct cgo_table *t, size_t row, size_t col, uint64_t v)
{
	cgo_setf(t, row, col, "%llu", (unsigned long long)v);
}

void cgo_setf(struct cgo_table *t, size_t row, size_t col, const char *fmt, ...)
{
	char buf[128];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	cgo_set(t, row, col, buf);
}

/* What a TABLE cell shows: the tree's last component, or all of it. */
static const char *shown(const struct cgo_table *t, size_t r, size_t c,
			 size_t *indent)
{
	const char *s = t->cells[r * t->ncols + c];

	*indent = 0;
	if (!s)
		return "-";
	if (t->tree && (t->cols[c].flags & CGO_TREE) && t->depth[r] > 0) {
		const char *slash = strrchr(s, '/');

		*indent = 2 * (size_t)t->depth[r];
		return slash ? slash + 1 : s;
	}
	return s;
}

/* One line of the aligned table: row R, or the header when HEAD. */
static void print_line(const struct cgo_table *t, FILE *out, size_t r, int head)
{
	for (size_t i = 0; i < t->nsel; i++) {
		size_t c = t->sel[i], indent = 0, w;
		int last = i + 1 == t->nsel;
		const char *s = head ? t->cols[c].name : shown(t, r, c, &indent);

		w = indent + cgo_escape(NULL, s, CGO_TABLE);
		if (t->cols[c].flags & CGO_RIGHT)
			fprintf(out, "%*s", (int)(t->width[c] - w), "");
		fprintf(out, "%*s", (int)indent, "");
		cgo_escape(out, s, CGO_TABLE);
		if (!(t->cols[c].flags & CGO_RIGHT) && !last)
			fprintf(out, "%*s", (int)(t->width[c] - w), "");
		fputs(last ? "\n" : " ", out);
	}
}

static void print_table(struct cgo_table *t, FILE *out, int header)
{
	for (size_t i = 0; i < t->nsel; i++) {
		size_t c = t->sel[i], w, indent;

		if (header && (w = strlen(t->cols[c].name)) > t->width[c])
			t->width[c] = w;
		for (size_t r = t->printed; r < t->nrows; r++) {
			const char *s = shown(t, r, c, &indent);

			w = indent + cgo_escape(NULL, s, CGO_TABLE);
			if (w > t->width[c])
				t->width[c] = w;
		}
	}
	if (header)
		print_line(t, out, 0, 1);
	for (size_t r = t->printed; r < t->nrows; r++)
		print_line(t, out, r, 0);
}

void cgo_print(struct cgo_table *t, FILE *out, enum cgo_mode mode, int noheadings)
{
	int header = !noheadings && !t->header_done && mode != CGO_PAIRS;

	t->header_done = 1;
	if (mode == CGO_TABLE) {
		print_table(t, out, header);
		t->printed = t->nrows;
		return;
	}
	if (header)
		for (size_t i = 0; i < t->nsel; i++)
			fprintf(out, "%s%s", t->cols[t->sel[i]].name,
				i + 1 < t->nsel ? " " : "\n");
	for (size_t r = t->printed; r < t->nrows; r++) {
		for (size_t i = 0; i < t->nsel; i++) {
			size_t c = t->sel[i];
			const char *s = t->cells[r * t->ncols + c];

			if (i)
				fputc(' ', out);
			if (mode == CGO_PAIRS) {
				fprintf(out, "%s=\"", t->cols[c].name);
				cgo_escape(out, s ? s : "", CGO_PAIRS);
				fputc('"', out);
			} else {
				cgo_escape(out, s ? s : "-", CGO_RAW);
			}
		}
		fputc('\n', out);
	}
	t->printed = t->nrows;
}

void cgo_table_free(struct cgo_table *t)
{
	for (size_t i = 0; i < t->nrows * t->ncols; i++)
		free(t->cells[i]);
	free(t->cells);
	free(t->depth);
	free(t->sel);
	free(t->width);
	memset(t, 0, sizeof(*t));
}

void cgo_help_columns(FILE *out, const struct cgo_col *cols, size_t ncols)
{
	for (size_t c = 0; c < ncols; c++)
		fprintf(out, "  %-15s %s\n", cols[c].name, cols[c].help);
}
