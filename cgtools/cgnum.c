// SPDX-License-Identifier: GPL-2.0
/*
 * cgnum: strict numbers, intervals, device numbers and names; see cgnum.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "cgnum.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

int cgp_parse_u64(const char *s, uint64_t *out)
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

int cgp_parse_uint_span(const char *s, const char *end, unsigned int *out)
{
	char buf[12];
	uint64_t v;
	size_t len = (size_t)(end - s);

	if (len == 0 || len >= sizeof(buf))
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (cgp_parse_u64(buf, &v) || v > 0xffffffffULL)
		return -1;
	*out = (unsigned int)v;
	return 0;
}

int cgp_parse_devno(const char *s, unsigned int *major, unsigned int *minor)
{
	const char *colon = strchr(s, ':');

	if (!colon)
		return -1;
	return cgp_parse_uint_span(s, colon, major) ||
	       cgp_parse_uint_span(colon + 1, colon + 1 + strlen(colon + 1), minor) ?
	       -1 : 0;
}

int cgp_parse_interval_ms(const char *s, uint64_t *ms)
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
	if (cgp_parse_u64(whole, &sec) || sec > day_ms / 1000)
		return -1;
	if (dot) {
		flen = strlen(dot + 1);
		if (flen == 0 || flen > 3 || cgp_parse_u64(dot + 1, &frac))
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

uint64_t cgp_delta(uint64_t before, uint64_t after)
{
	return after >= before ? after - before : 0;
}

double cgp_rate(uint64_t delta, uint64_t ms)
{
	return ms ? (double)delta * 1000.0 / (double)ms : 0.0;
}

static const struct {
	int e;
	const char *name;
} errno_names[] = {
	{ EPERM, "EPERM" }, { ENOENT, "ENOENT" }, { ESRCH, "ESRCH" },
	{ EINTR, "EINTR" }, { EIO, "EIO" }, { ENXIO, "ENXIO" },
	{ E2BIG, "E2BIG" }, { EBADF, "EBADF" }, { ECHILD, "ECHILD" },
	{ EAGAIN, "EAGAIN" }, { ENOMEM, "ENOMEM" }, { EACCES, "EACCES" },
	{ EFAULT, "EFAULT" }, { EBUSY, "EBUSY" }, { EEXIST, "EEXIST" },
	{ ENODEV, "ENODEV" }, { ENOTDIR, "ENOTDIR" }, { EISDIR, "EISDIR" },
	{ EINVAL, "EINVAL" }, { ENFILE, "ENFILE" }, { EMFILE, "EMFILE" },
	{ EFBIG, "EFBIG" }, { ENOSPC, "ENOSPC" }, { ESPIPE, "ESPIPE" },
	{ EROFS, "EROFS" }, { EPIPE, "EPIPE" }, { ERANGE, "ERANGE" },
	{ EDEADLK, "EDEADLK" }, { ENAMETOOLONG, "ENAMETOOLONG" },
	{ ENOSYS, "ENOSYS" }, { ENOTEMPTY, "ENOTEMPTY" },
	{ EOPNOTSUPP, "EOPNOTSUPP" }, { ETIMEDOUT, "ETIMEDOUT" },
	{ ECANCELED, "ECANCELED" }, { EOVERFLOW, "EOVERFLOW" },
};

const char *cgp_errno_name(int e)
{
	for (size_t i = 0; i < sizeof(errno_names) / sizeof(errno_names[0]); i++)
		if (errno_names[i].e == e)
			return errno_names[i].name;
	return NULL;
}

static const struct {
	int sig;
	const char *name;
} signal_names[] = {
	{ SIGHUP, "HUP" }, { SIGINT, "INT" }, { SIGQUIT, "QUIT" },
	{ SIGKILL, "KILL" }, { SIGUSR1, "USR1" }, { SIGUSR2, "USR2" },
	{ SIGPIPE, "PIPE" }, { SIGALRM, "ALRM" }, { SIGTERM, "TERM" },
	{ SIGCHLD, "CHLD" }, { SIGCONT, "CONT" }, { SIGSTOP, "STOP" },
};

int cgp_parse_signal(const char *s)
{
	uint64_t n;

	if (!cgp_parse_u64(s, &n))
		return (n >= 1 && n <= 64) ? (int)n : -1;
	if (!strncmp(s, "SIG", 3))
		s += 3;
	for (size_t i = 0; i < sizeof(signal_names) / sizeof(signal_names[0]); i++)
		if (!strcmp(signal_names[i].name, s))
			return signal_names[i].sig;
	return -1;
}
