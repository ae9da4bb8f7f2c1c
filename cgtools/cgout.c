// SPDX-License-Identifier: GPL-2.0
/*
 * cgout: tables, raw and pairs output; see cgout.h.
 */
#define _XOPEN_SOURCE 700
#include "cgout.h"
#include "cgtext.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <wchar.h>
#include <wctype.h>

/* Write the LEN bytes at P as \xHH each; returns the width, 4 * LEN. */
static size_t hex_bytes(FILE *out, const char *p, size_t len)
{
	for (size_t i = 0; out && i < len; i++)
		fprintf(out, "\\x%02x", (unsigned char)p[i]);
	return 4 * len;
}

/*
 * The columns a printable character takes on a terminal in the current
 * locale, or -1 when the locale cannot show it (not UTF-8, not printable,
 * a C1 control such as U+009B CSI).
 */
static int term_width(const struct cgtext_piece *pc)
{
	mbstate_t st;
	wchar_t wc;
	int w;

	if (MB_CUR_MAX == 1)
		return -1;
	memset(&st, 0, sizeof(st));
	if (mbrtowc(&wc, pc->bytes, pc->len, &st) != pc->len || !iswprint((wint_t)wc))
		return -1;
	w = wcwidth(wc);
	return w < 0 ? -1 : w;
}

/* One piece of a name's form as MODE writes it (see cgout.h); returns its width. */
static size_t escape_piece(FILE *out, const struct cgtext_piece *pc, enum cgo_mode mode)
{
	int w = 1;

	if (pc->escaped || (mode == CGO_RAW && (pc->cp == ' ' || pc->cp == '\\' ||
						   pc->cp >= 0x80 || cgtext_is_control(pc->cp))))
		return hex_bytes(out, pc->bytes, pc->len);
	if (mode == CGO_PAIRS && strchr("\"`$\\", (int)pc->cp)) {
		if (out) {
			fputc('\\', out);
			fputc((int)pc->cp, out);
		}
		return 2;
	}
	if (pc->cp >= 0x80 && mode == CGO_TABLE)
		w = term_width(pc);
	if (out)
		fwrite(pc->bytes, 1, pc->len, out);
	return (size_t)w;
}

/*
 * Start on S as MODE writes it: raw byte by byte (never the escaped
 * form), a table in the escaped form also when the locale cannot show a
 * character of it, the others in cgtext's form.
 */
static void form_begin(struct cgtext_iter *it, const char *s, enum cgo_mode mode)
{
	struct cgtext_piece pc;
	int escape = 0;

	if (mode == CGO_TABLE) {
		cgtext_begin(it, s, 0);
		while (!it->escape && cgtext_next(it, &pc))
			if (pc.cp >= 0x80 && term_width(&pc) < 0)
				escape = 1;
	}
	cgtext_begin(it, s, escape);
	if (mode == CGO_RAW)
		it->escape = 0;
}

/* The mark of a cell cut to fit, as lsblk's: an ellipsis, or "." without UTF-8. */
static const char *cut_mark(size_t *width)
{
	*width = 1;
	return MB_CUR_MAX > 1 ? "\u2026" : ".";
}

/*
 * cgo_escape(), fitting in LIMIT columns: when the whole does not fit, the
 * pieces that do and the cut mark; a piece (a character, or an escape's
 * four columns) is never cut.
 */
static size_t escape_upto(FILE *out, const char *s, enum cgo_mode mode, size_t limit)
{
	struct cgtext_iter it;
	struct cgtext_piece pc;
	size_t width = 0, full = 0, markw;
	const char *mark = cut_mark(&markw);

	if (limit != (size_t)-1) {
		form_begin(&it, s, mode);
		while (cgtext_next(&it, &pc))
			full += escape_piece(NULL, &pc, mode);
		if (full > limit) {
			if (limit < markw)
				return 0;
			limit -= markw;
		} else {
			mark = NULL;
		}
	} else {
		mark = NULL;
	}
	form_begin(&it, s, mode);
	while (cgtext_next(&it, &pc)) {
		size_t w = escape_piece(NULL, &pc, mode);

		if (width + w > limit)
			break;
		if (out)
			escape_piece(out, &pc, mode);
		width += w;
	}
	if (mark) {
		if (out)
			fputs(mark, out);
		width += markw;
	}
	return width;
}

size_t cgo_escape(FILE *out, const char *s, enum cgo_mode mode)
{
	return escape_upto(out, s, mode, (size_t)-1);
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
	char **cells;
	unsigned int *d;
	size_t *id;

	if (t->oom)
		return t->nrows;
	cells = realloc(t->cells, (t->nrows + 1) * t->ncols * sizeof(*cells));
	if (cells)
		t->cells = cells;
	d = cells ? realloc(t->depth, (t->nrows + 1) * sizeof(*d)) : NULL;
	if (d)
		t->depth = d;
	id = d ? realloc(t->id, (t->nrows + 1) * sizeof(*id)) : NULL;
	if (!id) {
		t->oom = 1;	/* cgo_print() says so; the caller decides */
		return t->nrows;
	}
	t->id = id;
	id[t->nrows] = t->nrows;
	for (size_t c = 0; c < t->ncols; c++)
		cells[t->nrows * t->ncols + c] = NULL;
	d[t->nrows] = depth;
	return t->nrows++;
}

void cgo_set(struct cgo_table *t, size_t row, size_t col, const char *s)
{
	char **cell;

	if (row >= t->nrows)
		return;		/* the row could not be added: t->oom */
	cell = &t->cells[row * t->ncols + col];
	free(*cell);
	*cell = s ? strdup(s) : NULL;
	if (s && !*cell)
		t->oom = 1;
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

int cgo_sort_by(struct cgo_table *t, const char *name)
{
	for (size_t c = 0; c < t->ncols; c++) {
		if (!strcasecmp(t->cols[c].name, name)) {
			t->sort = c + 1;
			return 0;
		}
	}
	return -1;
}

static const struct cgo_table *sort_table;

/* Rows by the sort column, as cgo_sort_by() says; ties by index. */
static int by_sort_column(const void *a, const void *b)
{
	const struct cgo_table *t = sort_table;
	size_t i = *(const size_t *)a, j = *(const size_t *)b, c = t->sort - 1;
	const char *x = t->cells[i * t->ncols + c], *y = t->cells[j * t->ncols + c];
	int r;

	if (!x || !y)
		r = !x - !y;
	else if ((t->cols[c].flags & CGO_RIGHT) && strlen(x) != strlen(y) &&
		 strspn(x, "0123456789") == strlen(x) && strspn(y, "0123456789") == strlen(y))
		r = strlen(x) < strlen(y) ? -1 : 1;	/* digits only: longer is larger */
	else
		r = strcmp(x, y);
	return r ? r : (i < j ? -1 : 1);
}

/* Put rows [t->printed, t->nrows) in sort order; 0, or -1 out of memory. */
static int sort_rows(struct cgo_table *t)
{
	size_t n = t->nrows - t->printed, *idx, *id;
	char **cells;
	unsigned int *depth;

	if (!t->sort || n < 2)
		return 0;
	idx = malloc(n * sizeof(*idx));
	cells = malloc(n * t->ncols * sizeof(*cells));
	depth = malloc(n * sizeof(*depth));
	id = malloc(n * sizeof(*id));
	if (!idx || !cells || !depth || !id) {
		free(idx);
		free(cells);
		free(depth);
		free(id);
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		idx[i] = t->printed + i;
	sort_table = t;
	qsort(idx, n, sizeof(*idx), by_sort_column);
	for (size_t i = 0; i < n; i++) {
		memcpy(cells + i * t->ncols, t->cells + idx[i] * t->ncols,
		       t->ncols * sizeof(*cells));
		depth[i] = t->depth[idx[i]];
		id[i] = t->id[idx[i]];
	}
	memcpy(t->cells + t->printed * t->ncols, cells, n * t->ncols * sizeof(*cells));
	memcpy(t->depth + t->printed, depth, n * sizeof(*depth));
	memcpy(t->id + t->printed, id, n * sizeof(*id));
	free(idx);
	free(cells);
	free(depth);
	free(id);
	return 0;
}

int cgo_order(struct cgo_table *t, size_t *order)
{
	if (t->oom || sort_rows(t))
		return -1;
	for (size_t r = t->printed; r < t->nrows; r++)
		order[r - t->printed] = t->id[r];
	return 0;
}

/* What a TABLE cell shows: the tree's last component, or all of it. */
static const char *shown(const struct cgo_table *t, size_t r, size_t c,
			 size_t *indent)
{
	const char *s = t->cells[r * t->ncols + c];

	*indent = 0;
	if (!s)
		return "-";
	if (t->tree && !t->sort && (t->cols[c].flags & CGO_TREE) && t->depth[r] > 0) {
		const char *slash = strrchr(s, '/');

		*indent = 2 * (size_t)t->depth[r];
		return slash ? slash + 1 : s;
	}
	return s;
}

/*
 * One line of the aligned table: row R, or the header when HEAD, each
 * column COLW wide; a cell wider than its column is cut at a character.
 */
static void print_line(const struct cgo_table *t, FILE *out, size_t r, int head,
		       const size_t *colw)
{
	for (size_t i = 0; i < t->nsel; i++) {
		size_t c = t->sel[i], indent = 0, w;
		int last = i + 1 == t->nsel;
		const char *s = head ? t->cols[c].name : shown(t, r, c, &indent);

		/* a deep row keeps room for its name (cut and marked) */
		if (indent > colw[c] / 2 &&
		    indent + cgo_escape(NULL, s, CGO_TABLE) > colw[c])
			indent = colw[c] / 2;
		w = indent + escape_upto(NULL, s, CGO_TABLE, colw[c] - indent);
		if (t->cols[c].flags & CGO_RIGHT)
			fprintf(out, "%*s", (int)(colw[c] - w), "");
		fprintf(out, "%*s", (int)indent, "");
		escape_upto(out, s, CGO_TABLE, colw[c] - indent);
		if (!(t->cols[c].flags & CGO_RIGHT) && !last)
			fprintf(out, "%*s", (int)(colw[c] - w), "");
		fputs(last ? "\n" : " ", out);
	}
}

/*
 * The widths to print with: the columns' own, and when a line would be
 * wider than t->max_width, CGO_TRUNC columns cut (widest first, never
 * below their header), as lsblk fits a terminal.
 */
static void fit_widths(const struct cgo_table *t, size_t *colw)
{
	size_t total = t->nsel ? t->nsel - 1 : 0;

	memcpy(colw, t->width, t->ncols * sizeof(*colw));
	for (size_t i = 0; i < t->nsel; i++)
		total += colw[t->sel[i]];
	while (t->max_width && total > t->max_width) {
		size_t best = t->ncols, room = 0;

		for (size_t i = 0; i < t->nsel; i++) {
			size_t c = t->sel[i], min = strlen(t->cols[c].name);

			if ((t->cols[c].flags & CGO_TRUNC) && colw[c] > min &&
			    colw[c] - min > room) {
				best = c;
				room = colw[c] - min;
			}
		}
		if (best == t->ncols)
			break;		/* nothing left to cut */
		colw[best]--;
		total--;
	}
}

static int print_table(struct cgo_table *t, FILE *out, int header)
{
	size_t *colw = malloc(t->ncols * sizeof(*colw));

	if (!colw)
		return -1;
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
	fit_widths(t, colw);
	if (header)
		print_line(t, out, 0, 1, colw);
	for (size_t r = t->printed; r < t->nrows; r++)
		print_line(t, out, r, 0, colw);
	free(colw);
	return 0;
}

int cgo_print(struct cgo_table *t, FILE *out, enum cgo_mode mode, int noheadings)
{
	int header = !noheadings && !t->header_done && mode != CGO_PAIRS;

	if (t->oom || sort_rows(t) || mode == CGO_JSON || mode == CGO_PROM)
		return -1;	/* JSON and Prometheus are the tools' own */

	t->header_done = 1;
	if (mode == CGO_TABLE) {
		if (print_table(t, out, header))
			return -1;
		t->printed = t->nrows;
		return 0;
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
	return 0;
}

void cgo_table_free(struct cgo_table *t)
{
	for (size_t i = 0; i < t->nrows * t->ncols; i++)
		free(t->cells[i]);
	free(t->cells);
	free(t->depth);
	free(t->id);
	free(t->sel);
	free(t->width);
	memset(t, 0, sizeof(*t));
}

void cgo_help_columns(FILE *out, const struct cgo_col *cols, size_t ncols)
{
	for (size_t c = 0; c < ncols; c++)
		fprintf(out, "  %-15s %s\n", cols[c].name, cols[c].help);
}
