// SPDX-License-Identifier: GPL-2.0
/*
 * cgout: tables, raw and pairs output through libsmartcols; see cgout.h.
 */
#define _XOPEN_SOURCE 700
#include "cgout.h"
#include "cgtext.h"

#include <libsmartcols.h>

#include <limits.h>
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

/* One piece of a name's printed form; returns its width. */
static size_t form_piece(FILE *out, const struct cgtext_piece *pc)
{
	int w = 1;

	if (pc->escaped)
		return hex_bytes(out, pc->bytes, pc->len);
	if (pc->cp >= 0x80)
		w = term_width(pc);
	if (out)
		fwrite(pc->bytes, 1, pc->len, out);
	return (size_t)w;
}

/*
 * Start on S's printed form, the escaped one also when the locale cannot
 * show a character of it.
 */
static void form_begin(struct cgtext_iter *it, const char *s)
{
	struct cgtext_piece pc;
	int escape = 0;

	cgtext_begin(it, s, 0);
	while (!it->escape && cgtext_next(it, &pc))
		if (pc.cp >= 0x80 && term_width(&pc) < 0)
			escape = 1;
	cgtext_begin(it, s, escape);
}

/* The mark of a cell cut to fit, as lsblk's: an ellipsis, or "." without UTF-8. */
static const char *cut_mark(size_t *width)
{
	*width = 1;
	return MB_CUR_MAX > 1 ? "\u2026" : ".";
}

/*
 * cgo_form(), fitting in LIMIT columns: when the whole does not fit, the
 * pieces that do and the cut mark; a piece (a character, or an escape's
 * four columns) is never cut.
 */
static size_t form_upto(FILE *out, const char *s, size_t limit)
{
	struct cgtext_iter it;
	struct cgtext_piece pc;
	size_t width = 0, full = 0, markw;
	const char *mark = cut_mark(&markw);

	if (limit != (size_t)-1) {
		form_begin(&it, s);
		while (cgtext_next(&it, &pc))
			full += form_piece(NULL, &pc);
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
	form_begin(&it, s);
	while (cgtext_next(&it, &pc)) {
		size_t w = form_piece(NULL, &pc);

		if (width + w > limit)
			break;
		if (out)
			form_piece(out, &pc);
		width += w;
	}
	if (mark) {
		if (out)
			fputs(mark, out);
		width += markw;
	}
	return width;
}

size_t cgo_form(FILE *out, const char *s)
{
	return form_upto(out, s, (size_t)-1);
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

/* Is the CGO_TREE column C drawn as a tree in MODE? */
static int tree_column(const struct cgo_table *t, size_t c, enum cgo_mode mode)
{
	return mode == CGO_TABLE && t->tree && !t->sort && (t->cols[c].flags & CGO_TREE);
}

/*
 * What cell (R, C) hands the library in MODE, malloc'd (NULL: out of
 * memory): in a table the printed form of the value, or of its last
 * path component in a tree, cut to LIMIT columns and marked; raw and
 * pairs the bytes as they are, which the library escapes itself.
 */
static char *cell_text(const struct cgo_table *t, size_t r, size_t c,
		       enum cgo_mode mode, size_t limit)
{
	const char *s = t->cells[r * t->ncols + c];
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	if (!s)
		return strdup(mode == CGO_PAIRS ? "" : "-");
	if (mode != CGO_TABLE)
		return strdup(s);
	if (tree_column(t, c, mode) && t->depth[r] > 0 && strrchr(s, '/'))
		s = strrchr(s, '/') + 1;
	f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	form_upto(f, s, limit);
	if (fclose(f)) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* The depth row R is drawn at: its own, at most CAP. */
static unsigned int drawn_depth(const struct cgo_table *t, size_t r, unsigned int cap)
{
	return t->depth[r] < cap ? t->depth[r] : cap;
}

/*
 * Hand the library the cells of rows [FROM, t->nrows), each selected
 * column I cut to LIMIT[I] less its tree lines (NULL: nothing cut).
 */
static int set_cells(struct cgo_table *t, size_t from, enum cgo_mode mode,
		     const size_t *limit, unsigned int cap)
{
	for (size_t r = from; r < t->nrows; r++) {
		for (size_t i = 0; i < t->nsel; i++) {
			size_t c = t->sel[i], lim = (size_t)-1, art = 0;
			char *s;

			if (tree_column(t, c, mode))
				art = 2 * (size_t)drawn_depth(t, r, cap);
			if (limit && (t->cols[c].flags & CGO_TRUNC))
				lim = limit[i] > art ? limit[i] - art : 0;
			s = cell_text(t, r, c, mode, lim);
			if (!s || scols_line_refer_data(t->line[r], i, s)) {
				free(s);
				return -1;
			}
		}
	}
	return 0;
}

/*
 * New lines for rows [FROM, t->nrows), in a tree each under the last
 * row drawn one level up (a row deeper than CAP is drawn at CAP).
 */
static int add_lines(struct cgo_table *t, size_t from, enum cgo_mode mode,
		     unsigned int cap)
{
	struct libscols_line **line = realloc(t->line, (t->nrows ? t->nrows : 1) * sizeof(*line));
	struct libscols_line **up = NULL;
	unsigned int top = 0;
	int tree = 0;

	if (!line)
		return -1;
	t->line = line;
	for (size_t i = 0; i < t->nsel; i++)
		tree |= tree_column(t, t->sel[i], mode);
	if (tree) {
		for (size_t r = from; r < t->nrows; r++)
			if (drawn_depth(t, r, cap) > top)
				top = drawn_depth(t, r, cap);
		up = calloc((size_t)top + 1, sizeof(*up));
		if (!up)
			return -1;
	}
	for (size_t r = from; r < t->nrows; r++) {
		unsigned int d = tree ? drawn_depth(t, r, cap) : 0;

		line[r] = scols_table_new_line(t->sc, d ? up[d - 1] : NULL);
		if (!line[r]) {
			free(up);
			return -1;
		}
		if (tree)
			up[d] = line[r];
	}
	free(up);
	return 0;
}

/*
 * A least width wider than column C's header: the library takes it as an
 * absolute hint, which it keeps only for a strict column (not strict, a
 * column is as wide as its header at least).
 */
static int strict(const struct cgo_table *t, size_t c)
{
	return t->width[c] > strlen(t->cols[c].name);
}

/* The library's table for T, its columns those selected. */
static int new_sc(struct cgo_table *t, FILE *out, enum cgo_mode mode, int noheadings)
{
	int tree = 0;

	t->sc = scols_new_table();
	if (!t->sc)
		return -1;
	scols_table_set_stream(t->sc, out);
	if (mode == CGO_RAW)
		scols_table_enable_raw(t->sc, 1);
	else if (mode == CGO_PAIRS)
		scols_table_enable_export(t->sc, 1);
	scols_table_enable_noheadings(t->sc, noheadings);
	/* a table's cells are their printed form already: the library's
	 * own encoding would write their backslashes as \x5c again */
	scols_table_enable_noencoding(t->sc, mode == CGO_TABLE);
	/* the width is ours to say (-w, or the terminal's): never isatty()'s */
	scols_table_set_termforce(t->sc, t->max_width ? SCOLS_TERMFORCE_ALWAYS
						      : SCOLS_TERMFORCE_NEVER);
	if (t->max_width)
		scols_table_set_termwidth(t->sc, t->max_width);
	for (size_t i = 0; i < t->nsel; i++) {
		const struct cgo_col *col = &t->cols[t->sel[i]];
		int flags = 0;

		if (col->flags & CGO_RIGHT)
			flags |= SCOLS_FL_RIGHT;
		if (col->flags & CGO_TRUNC)
			flags |= SCOLS_FL_TRUNC;
		if (strict(t, t->sel[i]))
			flags |= SCOLS_FL_STRICTWIDTH;
		if (!tree && tree_column(t, t->sel[i], mode)) {
			flags |= SCOLS_FL_TREE;
			tree = 1;
		}
		if (!scols_table_new_column(t->sc, col->name, (double)t->width[t->sel[i]], flags))
			return -1;
	}
	return 0;
}

/* The widths the library lays the columns out in, laid out for nothing. */
static int layout(struct cgo_table *t, size_t *colw)
{
	struct libscols_iter *it = scols_new_iter(SCOLS_ITER_FORWARD);
	struct libscols_column *cl;
	char *text = NULL;
	size_t i = 0;
	int rc = it ? scols_print_table_to_string(t->sc, &text) : -1;

	free(text);
	while (!rc && i < t->nsel && !scols_table_next_column(t->sc, it, &cl))
		colw[i++] = scols_column_get_width(cl);
	scols_free_iter(it);
	return rc;
}

/*
 * Rows [t->printed, t->nrows) to the library.  A table that must fit
 * max_width is laid out first.  The library never cuts a tree's lines:
 * when they would leave its column less than half of the room the other
 * columns leave it, the rows are drawn again with the deep ones at the
 * depth that fits (so that every row keeps some of its name, as the
 * whole table fits).  Then the cells that do not fit are cut with the
 * mark, where the library would have cut them without.
 */
static int fill_sc(struct cgo_table *t, enum cgo_mode mode)
{
	size_t from = t->printed, *colw, room = t->max_width, ti = t->nsel;
	unsigned int cap = UINT_MAX, deepest = 0;
	int rc;

	if (add_lines(t, from, mode, cap) || set_cells(t, from, mode, NULL, cap))
		return -1;
	if (mode != CGO_TABLE || !t->max_width)
		return 0;
	colw = calloc(t->nsel, sizeof(*colw));
	rc = colw ? layout(t, colw) : -1;
	for (size_t i = 0; !rc && i < t->nsel; i++) {
		if (ti == t->nsel && tree_column(t, t->sel[i], mode))
			ti = i;
		else
			room = room > colw[i] + 1 ? room - colw[i] - 1 : 0;
	}
	for (size_t r = from; r < t->nrows; r++)
		if (t->depth[r] > deepest)
			deepest = t->depth[r];
	if (!rc && from == 0 && ti < t->nsel && colw[ti] > room && 2 * (size_t)deepest > room / 2) {
		cap = (unsigned int)(room / 4);
		scols_table_remove_lines(t->sc);
		rc = add_lines(t, from, mode, cap) ||
		     set_cells(t, from, mode, NULL, cap) || layout(t, colw);
	}
	if (!rc)
		rc = set_cells(t, from, mode, colw, cap);
	free(colw);
	return rc;
}

/*
 * After a print: the rows printed leave the library's table, the widths
 * their columns took stay as least widths and the header is not printed
 * again, so that a table printed in parts (cgslabstat -i) stays aligned
 * and each part costs the library its own rows only.
 */
static void keep_widths(struct cgo_table *t)
{
	struct libscols_iter *it = scols_new_iter(SCOLS_ITER_FORWARD);
	struct libscols_column *cl;
	size_t i = 0;

	while (it && i < t->nsel && !scols_table_next_column(t->sc, it, &cl)) {
		size_t c = t->sel[i++], w = scols_column_get_width(cl);

		if (w > t->width[c])
			t->width[c] = w;
		scols_column_set_whint(cl, (double)t->width[c]);
		if (strict(t, c))
			scols_column_set_flags(cl, scols_column_get_flags(cl) | SCOLS_FL_STRICTWIDTH);
	}
	scols_free_iter(it);
	scols_table_remove_lines(t->sc);
	scols_table_enable_noheadings(t->sc, 1);
}

int cgo_print(struct cgo_table *t, FILE *out, enum cgo_mode mode, int noheadings)
{
	int rc;

	if (t->oom || sort_rows(t) || mode == CGO_JSON || mode == CGO_PROM)
		return -1;	/* JSON and Prometheus are the tools' own */
	if (t->printed == t->nrows)
		return 0;
	if (!t->sc && new_sc(t, out, mode, noheadings))
		return -1;
	if (fill_sc(t, mode))
		return -1;
	scols_table_set_stream(t->sc, out);
	rc = scols_print_table(t->sc);
	t->printed = t->nrows;
	keep_widths(t);
	return rc ? -1 : 0;
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
	free(t->line);
	scols_unref_table(t->sc);
	memset(t, 0, sizeof(*t));
}

void cgo_help_columns(FILE *out, const struct cgo_col *cols, size_t ncols)
{
	for (size_t c = 0; c < ncols; c++)
		fprintf(out, "  %-15s %s\n", cols[c].name, cols[c].help);
}
