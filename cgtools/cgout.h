/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cgout: the tables of cgtools, drawn by util-linux's libsmartcols as
 * lsblk and findmnt draw theirs: aligned columns (default) with tree
 * lines for a tree, -r/--raw (one space between fields, unsafe bytes as
 * \xHH), -P/--pairs (NAME="value"), with -n/--noheadings and
 * -o/--output COLUMNS.  What is cgtools' own: the printed form of names
 * in tables (cgtext.h), encoded before the library sees them, the mark
 * of a cell cut to fit, and the order of the rows (-x), which the tools'
 * JSON (cgjson, not the library's) shares.  No cgroup access.
 */
#ifndef CGOUT_H
#define CGOUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum cgo_mode { CGO_TABLE, CGO_RAW, CGO_PAIRS, CGO_JSON, CGO_PROM };

/*
 * Write S as a table shows it (and messages name it): the printed form
 * of cgtext.h, a plain name as it is, any other (a control character,
 * C0, DEL or C1 such as U+009B CSI, or a byte that is not UTF-8)
 * escaped, \x2f... for a path, so a name can neither break a line or a
 * field nor drive the terminal; also escaped when the locale cannot show
 * a character of it.  Returns the columns it takes on a terminal
 * (wcwidth: 2 for a CJK character, 0 for a combining one).  Raw and
 * pairs output are libsmartcols' (cgo_print()).
 */
size_t cgo_form(FILE *out, const char *s);

/* A column: its name (header, -o and pairs key), flags, help line. */
enum { CGO_RIGHT = 1, CGO_TREE = 2, CGO_TRUNC = 4 };

struct cgo_col {
	const char *name;
	unsigned int flags;	/* CGO_RIGHT: numbers; CGO_TREE: see tree;
				 * CGO_TRUNC: may be cut to fit max_width */
	const char *help;
};

struct libscols_table;
struct libscols_line;

struct cgo_table {
	const struct cgo_col *cols;
	size_t ncols;
	size_t *sel, nsel;	/* the columns shown, in order */
	size_t nrows, printed;
	int header_done;
	char **cells;		/* nrows * ncols; NULL: no value */
	unsigned int *depth;	/* per row */
	size_t *id;		/* per row: its index when added (sorting moves rows) */
	size_t *width;		/* per column: its least width in TABLE mode
				 * (0: as wide as its cells) */
	/* TABLE mode, printed at once: a tree, its CGO_TREE column drawn
	 * with tree lines as lsblk's, each row's cell its last path
	 * component (rows at depth 0 in full) */
	int tree;
	struct libscols_table *sc;	/* the library's table, once printed */
	struct libscols_line **line;	/* per row being printed: its line */
	int oom;		/* a row or cell could not be stored */
	size_t sort;		/* 1 + the column rows are sorted by; 0: none */
	size_t max_width;	/* TABLE: cut CGO_TRUNC columns to fit; 0: no limit */
};

/*
 * Set up T over COLS with the columns of LIST (-o: "NAME,NAME", any
 * case; "+NAME,..." adds to DEFAULTS), or DEFAULTS when LIST is NULL.
 * Returns 0, or -1 with the unknown name in BAD.
 */
int cgo_table_init(struct cgo_table *t, const struct cgo_col *cols,
		   size_t ncols, const char *defaults, const char *list,
		   char *bad, size_t badsz);
/*
 * Sort the rows by column NAME (any case) when printed: numbers (CGO_RIGHT
 * columns) by value, others by bytes, ties in the order added, empty
 * cells last; a tree prints as a list.  0, or -1 for an unknown NAME.
 */
int cgo_sort_by(struct cgo_table *t, const char *name);

/*
 * A new row at DEPTH, every cell empty; returns its index.  Out of
 * memory, the table remembers it (cgo_set() on that row does nothing)
 * and cgo_print() fails: cgout never exits, its caller decides.
 */
size_t cgo_row(struct cgo_table *t, unsigned int depth);
void cgo_set(struct cgo_table *t, size_t row, size_t col, const char *s);
void cgo_set_u64(struct cgo_table *t, size_t row, size_t col, uint64_t v);
void cgo_setf(struct cgo_table *t, size_t row, size_t col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/*
 * Print the rows added since the last call with libsmartcols, in MODE
 * (TABLE, RAW or PAIRS), the header first on the first call unless
 * NOHEADINGS.  TABLE: names in their printed form (cgo_form()), numbers
 * right-aligned, and with max_width the CGO_TRUNC columns cut as the
 * library fits a terminal, each cut cell ending in a mark ("\u2026", "."
 * without UTF-8); a tree's rows deeper than half its column leaves room
 * for are drawn at that depth, so that every row keeps some of its name.
 * RAW and PAIRS: the names' bytes as they are, which the library writes
 * as lsblk -r and -P do (a blank, '\', a control or non-ASCII byte as
 * \xHH; in pairs also '"', '`' and '$'): decoding every \xHH gives the
 * name.  JSON is not cgout's: each tool writes one document whatever
 * the columns (-J -o keeps the members of the columns named, cgo_order()
 * gives -x's order).  Widths only grow: the rows of a part are laid out
 * by the library with the earlier parts' widths as least widths, so a
 * table printed in parts (cgslabstat -i) stays aligned.
 * Empty cells print as "-" ("" in pairs).  Returns 0, or -1 (printing
 * nothing) when the table ran out of memory.
 */
int cgo_print(struct cgo_table *t, FILE *out, enum cgo_mode mode, int noheadings);
/*
 * The rows not printed yet, in the order cgo_print() would print them
 * (sorted as cgo_sort_by() asked): ORDER gets each one's index as added.
 * Nothing is printed.  0, or -1 out of memory.  For -J, whose document
 * the tools write themselves, in the order -x gives.
 */
int cgo_order(struct cgo_table *t, size_t *order);
void cgo_table_free(struct cgo_table *t);

/* "  NAME  help" lines for --help. */
void cgo_help_columns(FILE *out, const struct cgo_col *cols, size_t ncols);

#endif
