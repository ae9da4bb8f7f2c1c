/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cgtext: names as bytes, and their one printed form.  A cgroup or mount
 * point name is any bytes but NUL, and CGROUP arguments are taken as they
 * are: nothing decodes them.  Every output but raw (table, pairs, JSON,
 * Prometheus) writes a name in one form:
 *  - a plain name (valid UTF-8 without a control character: C0, DEL, C1,
 *    not starting with '\\': every cgroup and mount path) as it is, backslashes included (systemd's "serial\x2dgetty" stays
 *    that), so that it can be opened again and joined with what other
 *    tools print;
 *  - any other name escaped: its first byte, each byte that is not part
 *    of a plain character and each '\' as the four characters \xHH.  An
 *    escaped path thus starts with "\x2f", never with "/" as a plain one
 *    does, and cgtext_decode() turns it back into the name.
 * Each output then escapes the form for its own syntax (JSON's and
 * Prometheus's doubled backslash).  Raw output has its own rule (cgout.h).
 * No cgroup access, no output format of its own.
 */
#ifndef CGTEXT_H
#define CGTEXT_H

#include <stddef.h>
#include <stdint.h>

/* Length of the valid UTF-8 sequence at S (1 for ASCII), or 0 if none. */
size_t cgtext_utf8_len(const unsigned char *s);

/* Is the control character CP (C0, DEL or C1)? */
int cgtext_is_control(uint32_t cp);

/* Is S plain: valid UTF-8, no control character, no leading '\\'?  1 or 0. */
int cgtext_plain(const char *s);

/* One piece of a name's printed form. */
struct cgtext_piece {
	const char *bytes;	/* where it starts in the name */
	size_t len;		/* its bytes in the name */
	int escaped;		/* 1: one byte, printed as \xHH */
	uint32_t cp;		/* the code point (escaped: the byte) */
};

/* Walks a name's printed form, plain or escaped (see above). */
struct cgtext_iter {
	const char *p;
	int escape;		/* the escaped form */
	int first;		/* at the first byte */
};

/* Start on the form of S; ESCAPE forces the escaped form (else: if S is not plain). */
void cgtext_begin(struct cgtext_iter *it, const char *s, int escape);

/* The next piece: 1, or 0 at the end. */
int cgtext_next(struct cgtext_iter *it, struct cgtext_piece *pc);

/*
 * Undo the printed form: a form that starts with \x is escaped, and each
 * \xHH (two hex digits, any case) in it becomes the byte HH; any other
 * form is the name as it is.  Returns 0, or -1 when OUT is too small or
 * \x00 would put a NUL in the name.
 */
int cgtext_decode(const char *in, char *out, size_t size);

#endif
