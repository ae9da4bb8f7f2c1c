/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cgjson: a strict, small JSON reader (RFC 8259) for cgtest-json and the
 * unit tests, so that the tools' --json output is checked by a parser and
 * not by eye.  Values are queried with paths such as
 * ".cgroups[0].unused" or ".cgroups[cgroup=/A].total_unused".
 */
#ifndef CGJSON_H
#define CGJSON_H

#include <stddef.h>
#include <stdio.h>

enum cgj_type { CGJ_NULL, CGJ_BOOL, CGJ_NUM, CGJ_STR, CGJ_ARR, CGJ_OBJ };

struct cgj {
	enum cgj_type type;
	char *text;		/* STR: decoded; NUM: as written; BOOL: true/false */
	size_t n;		/* ARR/OBJ: number of items */
	char **keys;		/* OBJ: member names, in order */
	struct cgj **items;	/* ARR/OBJ: values */
};

/*
 * Parse one JSON value at TEXT (blanks around it allowed).  Returns the
 * value and sets *END just past it (and its trailing blanks), or returns
 * NULL with a message in ERR.  With END NULL, TEXT must hold just the one
 * value.
 */
struct cgj *cgj_parse(const char *text, const char **end, char *err, size_t errsz);
void cgj_free(struct cgj *v);

/*
 * Follow PATH from V: ".key" takes an object member, "[N]" an array item,
 * "[key=value]" the first array item that is an object whose member KEY is
 * a string or number written as VALUE.  "" and "." are V itself.  Returns
 * NULL when a step does not match (or the path is malformed, *BAD set).
 */
const struct cgj *cgj_path(const struct cgj *v, const char *path, int *bad);

/* Print V: strings and numbers bare, others as compact JSON. */
void cgj_print(FILE *out, const struct cgj *v);

#endif
