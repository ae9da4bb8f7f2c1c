/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cgtool: what every cgtools command shares: its name in messages, the
 * exit status convention, CGROUP arguments, aligned tables and stopping
 * on SIGINT/SIGTERM.
 */
#ifndef CGTOOL_H
#define CGTOOL_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define CGTOOLS_VERSION "1.0"

enum { EXIT_OK = 0, EXIT_RUNTIME = 1, EXIT_USAGE = 2 };

extern const char *tool_name;

/* "tool: OBJECT: message" on stderr (no OBJECT part when it is NULL). */
void tool_err(const char *object, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* "tool: message" and a pointer to --help on stderr, then exit 2. */
void tool_usage_err(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));
/*
 * Report libcgroup/errno code RC for CGROUP's control FILE: "tool: /A:
 * Cgroup does not exist" when the cgroup is missing, else "tool: /A:
 * FILE: reason".
 */
void tool_cg_err(const char *cgroup, const char *file, int rc);
/* Print "tool (cgtools) VERSION" and exit 0. */
void tool_version(void) __attribute__((noreturn));
/* cgm_init(), or exit 1 with a message when there is no memory hierarchy. */
void tool_init(void);

/* The CGROUPs named on the command line, normalised ("/A/B"). */
struct tool_cgroups {
	size_t n;
	char **path;
};

/* Add ARG (a path, or memory:PATH as -g takes it); exits 2 if malformed. */
void tool_add_cgroup(struct tool_cgroups *cgs, const char *arg);
/* Add the operands argv[first..argc-1]; exits 2 if no CGROUP was given. */
void tool_add_operands(struct tool_cgroups *cgs, int argc, char **argv,
		       int first);
void tool_free_cgroups(struct tool_cgroups *cgs);

/* Set by SIGINT/SIGTERM once tool_catch_stop() is called.  The handlers
 * do not restart system calls, so a blocked write or sleep returns EINTR. */
extern volatile sig_atomic_t tool_stop;
void tool_catch_stop(void);

/* Monotonic milliseconds, for elapsed times. */
uint64_t tool_now_ms(void);

/* A table printed with aligned columns (or tab-separated when raw). */
struct table {
	size_t ncols, nrows;
	const char *const *header;
	const int *right;	/* per column: right-aligned (numbers) */
	char **cells;		/* nrows * ncols */
};

void table_init(struct table *t, size_t ncols, const char *const *header,
		const int *right);
/* Add a row of NCOLS strings (copied); exits 1 when out of memory. */
void table_add(struct table *t, ...);
/* Human: header and space-aligned columns; raw: no header, tab-separated. */
void table_print(const struct table *t, FILE *out, int raw);
void table_free(struct table *t);

/* "%llu" of a uint64_t into a static-free buffer the caller passes. */
const char *fmt_u64(char buf[24], uint64_t v);

#endif
