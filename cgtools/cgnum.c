// SPDX-License-Identifier: GPL-2.0
/*
 * cgnum: strict numbers, intervals, device numbers and names; see cgnum.h.
 */
#define _GNU_SOURCE	/* strerrorname_np, sigabbrev_np (glibc 2.32) */
#include "cgnum.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

int cgnum_parse_u64(const char *s, uint64_t *out)
{
	uint64_t v = 0;

	if (!s || !*s)
		return -1;
	for (; *s; s++) {
		unsigned int d;

		if (*s < '0' || *s > '9')
			return -1;
		d = (unsigned int)(*s - '0');
		if (v > (UINT64_MAX - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	*out = v;
	return 0;
}

int cgnum_parse_uint_span(const char *s, const char *end, unsigned int *out)
{
	char buf[12];
	uint64_t v;
	size_t len = (size_t)(end - s);

	if (len == 0 || len >= sizeof(buf))
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (cgnum_parse_u64(buf, &v) || v > 0xffffffffULL)
		return -1;
	*out = (unsigned int)v;
	return 0;
}

int cgnum_parse_devno(const char *s, unsigned int *major, unsigned int *minor)
{
	const char *colon = strchr(s, ':');

	if (!colon)
		return -1;
	return cgnum_parse_uint_span(s, colon, major) ||
	       cgnum_parse_uint_span(colon + 1, colon + 1 + strlen(colon + 1), minor) ?
	       -1 : 0;
}

int cgnum_parse_interval_ms(const char *s, uint64_t *ms)
{
	const uint64_t day_ms = 24ULL * 3600 * 1000;
	char whole[24];
	const char *dot;
	uint64_t sec, frac = 0;
	size_t wlen, flen = 0;

	if (!s)
		return -1;
	dot = strchr(s, '.');
	wlen = dot ? (size_t)(dot - s) : strlen(s);
	if (wlen == 0 || wlen >= sizeof(whole))
		return -1;
	memcpy(whole, s, wlen);
	whole[wlen] = '\0';
	if (cgnum_parse_u64(whole, &sec) || sec > day_ms / 1000)
		return -1;
	if (dot) {
		flen = strlen(dot + 1);
		if (flen == 0 || flen > 3 || cgnum_parse_u64(dot + 1, &frac))
			return -1;
		while (flen++ < 3)
			frac *= 10;
	}
	sec = sec * 1000 + frac;
	if (sec == 0 || sec > day_ms)
		return -1;
	*ms = sec;
	return 0;
}

uint64_t cgnum_delta(uint64_t before, uint64_t after)
{
	return after >= before ? after - before : 0;
}

double cgnum_rate(uint64_t delta, uint64_t ms)
{
	return ms ? (double)delta * 1000.0 / (double)ms : 0.0;
}

const char *cgnum_errno_name(int e)
{
	return strerrorname_np(e);
}

int cgnum_parse_signal(const char *s)
{
	uint64_t n;

	if (!cgnum_parse_u64(s, &n))
		return (n >= 1 && n <= 64) ? (int)n : -1;
	if (!strncmp(s, "SIG", 3))
		s += 3;
	for (int sig = 1; sig < NSIG; sig++) {
		const char *abbrev = sigabbrev_np(sig);

		if (abbrev && !strcmp(abbrev, s))
			return sig;
	}
	return -1;
}
