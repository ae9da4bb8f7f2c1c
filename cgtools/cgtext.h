/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cgtext: names as bytes, and their one reversible text form.  A cgroup
 * or mount point name is any bytes but NUL; every output of cgtools
 * (table, raw, pairs, JSON, Prometheus) writes it in the same reversible
 * form: valid UTF-8 as it is, and each byte that is not part of valid
 * UTF-8, and each '\', as the four characters \xHH.  Two different names
 * never print the same, and cgtext_decode() (which every CGROUP argument
 * goes through) turns the form back into the name.  Each output then
 * escapes that form for its own syntax.  No cgroup access, no output
 * format of its own.
 */
#ifndef CGTEXT_H
#define CGTEXT_H

#include <stddef.h>
#include <stdint.h>

/* Length of the valid UTF-8 sequence at S (1 for ASCII), or 0 if none. */
size_t cgtext_utf8_len(const unsigned char *s);

/* One piece of a name's reversible form. */
struct cgtext_piece {
	const char *bytes;	/* where it starts in the name */
	size_t len;		/* its bytes in the name */
	int escaped;		/* 1: a lone byte (not UTF-8) or '\': \xHH */
	uint32_t cp;		/* the code point (escaped: the byte) */
};

/*
 * The next piece of the name at *S: 1 and *S advanced, or 0 at its end.
 */
int cgtext_next(const char **s, struct cgtext_piece *pc);

/*
 * Undo the reversible form: each \xHH (two hex digits, any case) becomes
 * the byte HH; any other character is kept.  Returns 0, or -1 when OUT
 * is too small or \x00 would put a NUL in the name.
 */
int cgtext_decode(const char *in, char *out, size_t size);

#endif
