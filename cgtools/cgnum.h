/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cgnum: numbers as cgtools read them from users and from the kernel:
 * strict decimals, -i intervals, "major:minor" device numbers, counter
 * deltas and rates, errno and signal names.  No cgroup access.
 */
#ifndef CGNUM_H
#define CGNUM_H

#include <stdint.h>

/*
 * Parse a decimal number: digits only (no sign, space, prefix or suffix),
 * at least one, and no more than UINT64_MAX.  Returns 0, or -1 leaving
 * *out alone.
 */
int cgnum_parse_u64(const char *s, uint64_t *out);

/* A decimal unsigned int that fills [s, end) exactly: 0, or -1. */
int cgnum_parse_uint_span(const char *s, const char *end, unsigned int *out);

/* "254:0" -> 254, 0 (the whole string); returns 0 or -1. */
int cgnum_parse_devno(const char *s, unsigned int *major, unsigned int *minor);

/*
 * Parse SECONDS as given to -i: "2", "0.5", "1.250" (at most three
 * decimals), strictly more than 0 and at most one day.  Returns 0 and the
 * interval in milliseconds, or -1.
 */
int cgnum_parse_interval_ms(const char *s, uint64_t *ms);

/* After - before of a counter, 0 if it went backwards (cgroup recreated). */
uint64_t cgnum_delta(uint64_t before, uint64_t after);
/* DELTA per second over MS milliseconds (0 when MS is 0). */
double cgnum_rate(uint64_t delta, uint64_t ms);

/* "EINTR" for EINTR (glibc's strerrorname_np); NULL when unknown. */
const char *cgnum_errno_name(int e);
/* "USR1", "SIGUSR1" or "10" -> 10 (glibc's sigabbrev_np); -1 when unknown. */
int cgnum_parse_signal(const char *s);

#endif
