// SPDX-License-Identifier: GPL-2.0
/*
 * cgtext: the printed form of names; see cgtext.h.
 */
#include "cgtext.h"

size_t cgtext_utf8_len(const unsigned char *s)
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

/* The code point of the valid sequence of LEN bytes at S. */
static uint32_t decode_cp(const unsigned char *s, size_t len)
{
	static const unsigned char lead_mask[] = { 0, 0x7f, 0x1f, 0x0f, 0x07 };
	uint32_t cp = s[0] & lead_mask[len];

	for (size_t i = 1; i < len; i++)
		cp = (cp << 6) | (s[i] & 0x3f);
	return cp;
}

int cgtext_is_control(uint32_t cp)
{
	return cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0);
}

int cgtext_plain(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	if (*p == '\\')
		return 0;	/* would read as an escaped form */
	while (*p) {
		size_t len = cgtext_utf8_len(p);

		if (len == 0 || cgtext_is_control(decode_cp(p, len)))
			return 0;
		p += len;
	}
	return 1;
}

void cgtext_begin(struct cgtext_iter *it, const char *s, int escape)
{
	it->p = s;
	it->escape = escape || !cgtext_plain(s);
	it->first = 1;
}

int cgtext_next(struct cgtext_iter *it, struct cgtext_piece *pc)
{
	const unsigned char *p = (const unsigned char *)it->p;
	size_t len;

	if (!*p)
		return 0;
	len = cgtext_utf8_len(p);
	pc->bytes = it->p;
	if (len == 0 || (it->escape && (it->first || *p == '\\' ||
					 cgtext_is_control(decode_cp(p, len))))) {
		pc->len = 1;
		pc->escaped = 1;
		pc->cp = *p;
	} else {
		pc->len = len;
		pc->escaped = 0;
		pc->cp = decode_cp(p, len);
	}
	it->first = 0;
	it->p += pc->len;
	return 1;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int cgtext_decode(const char *in, char *out, size_t size)
{
	size_t n = 0;
	int escaped = in[0] == '\\' && in[1] == 'x';

	while (*in) {
		int c = (unsigned char)*in;

		if (escaped && in[0] == '\\' && in[1] == 'x' && hexval(in[2]) >= 0 &&
		    hexval(in[3]) >= 0) {
			c = hexval(in[2]) * 16 + hexval(in[3]);
			if (c == 0)
				return -1;
			in += 4;
		} else {
			in++;
		}
		if (n + 1 >= size)
			return -1;
		out[n++] = (char)c;
	}
	if (size == 0)
		return -1;
	out[n] = '\0';
	return 0;
}
