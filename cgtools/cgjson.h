/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cgjson: the one small JSON writer of cgtools (RFC 8259 output, compact,
 * members in the order written).  It keeps track of nesting and commas;
 * the caller says what to write.  Checked on the host by parsing what it
 * writes with json-c, an independent reader.
 *
 *	struct cgjw w;
 *	cgjw_init(&w, stdout);
 *	cgjw_obj(&w, NULL);
 *	cgjw_arr(&w, "cgroups");
 *	cgjw_obj(&w, NULL); cgjw_str(&w, "cgroup", "/A"); cgjw_end(&w);
 *	cgjw_end(&w);
 *	cgjw_end(&w);			// {"cgroups":[{"cgroup":"/A"}]}
 */
#ifndef CGJSON_H
#define CGJSON_H

#include <stdint.h>
#include <stdio.h>

#define CGJW_MAX_DEPTH 16

struct cgjw {
	FILE *out;
	int depth;
	/* per level: 1 once a member or item has been written */
	unsigned char had[CGJW_MAX_DEPTH];
	/* per level: the character that closes it, '}' or ']' */
	char close[CGJW_MAX_DEPTH];
	/* start each item of arrays at this depth on a new line (0: never) */
	int break_depth;
	/*
	 * -J -o: KEEP(depth, key, arg) says whether the member KEY written at
	 * DEPTH is kept (NULL: all are); a member left out is left out with
	 * all it holds.  So -J -o writes the -J document's members, a subset.
	 */
	int (*keep)(int depth, const char *key, void *arg);
	void *keep_arg;
	int mute;		/* the depth below which nothing is written; 0 none */
};

void cgjw_init(struct cgjw *w, FILE *out);
/*
 * Open an object or array: as the member KEY of the enclosing object, or
 * (KEY NULL) as an item of the enclosing array or the top-level value.
 */
void cgjw_obj(struct cgjw *w, const char *key);
void cgjw_arr(struct cgjw *w, const char *key);
/* Close the innermost object or array. */
void cgjw_end(struct cgjw *w);

void cgjw_str(struct cgjw *w, const char *key, const char *s);
void cgjw_u64(struct cgjw *w, const char *key, uint64_t v);
/* TEXT as it is: a JSON number the caller checked. */
void cgjw_raw(struct cgjw *w, const char *key, const char *text);
void cgjw_bool(struct cgjw *w, const char *key, int b);
void cgjw_null(struct cgjw *w, const char *key);
/* A finite number with DECIMALS digits after the point ("%.*f"). */
void cgjw_fixed(struct cgjw *w, const char *key, double v, int decimals);

/*
 * Write S as a JSON string, quotes included, in the printed form of
 * cgtext.h: a plain name as it is ('"' and '\\' escaped as JSON escapes
 * them), any other in its escaped form (\xHH, JSON "\\xHH").  The output
 * is always valid JSON and two different names never give the same string.
 */
void cgj_string(FILE *out, const char *s);

#endif
