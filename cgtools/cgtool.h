/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cgtool: what every cgtools command shares: its name in messages, the
 * exit status convention, checking stdout at exit, the output options,
 * CGROUP arguments and stopping on SIGINT/SIGTERM.
 */
#ifndef CGTOOL_H
#define CGTOOL_H

#include "cgjson.h"
#include "cgout.h"

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define CGTOOLS_VERSION "1.3"

/*
 * As util-linux's lsblk: 0 all done; 1 failure (a usage error, no memory
 * hierarchy, nothing done for a reason other than a missing cgroup,
 * interrupted, a write error on stdout); 32 nothing found (none of the
 * cgroups named exists, or, on cgroup v2, has the memory controller);
 * 64 some cgroups (or keys) failed, the rest is reported ("some specified
 * devices found, some not found").
 */
enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 1, EXIT_NONE = 32, EXIT_SOME = 64 };

extern const char *tool_name;

/*
 * Name the tool for its messages, take the locale's character set (for
 * the widths of names in tables) and check stdout at exit, as util-linux's
 * close_stdout() does: a write error (a full disk, /dev/full) is reported
 * and the exit status becomes 1.
 */
void tool_setup(const char *name);

/*
 * "tool: OBJECT: message" on stderr (no OBJECT part when it is NULL);
 * OBJECT, a cgroup or file name, in the printed form of cgtext.h.
 */
void tool_err(const char *object, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* "tool: message" and a pointer to --help on stderr, then exit 1. */
void tool_usage_err(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));
/*
 * After getopt_long() said what it refused (unknown, ambiguous, missing
 * or unwanted argument): "Try 'tool --help'..." and exit 1, as
 * util-linux's errtryhelp().
 */
void tool_try_help(void) __attribute__((noreturn));
/*
 * Report cgmem code RC for CGROUP's control FILE: "tool: /A: Cgroup does
 * not exist in the cgroup v1 hierarchy at MOUNT" when the cgroup is
 * missing, "tool: /A/B: Memory controller not enabled (cgroup v2: ...)"
 * on v2 when it has no memory controller, else "tool: /A: FILE: reason".
 * What was reported decides between exit statuses 32 and 1.
 */
void tool_cg_err(const char *cgroup, const char *file, int rc);
/*
 * The subtree of CGROUP (cgm_walk), tolerating partial failure: each
 * cgroup whose directory could not be read is named on stderr, the rest
 * is walked and kept.  Returns the number of failures.
 */
size_t tool_walk(const char *cgroup, char ***paths, size_t *n);
/* tool_cg_err(), or "tool: /A: FILE: no key KEY" when MISSING names one. */
void tool_read_err(const char *cgroup, const char *file, int rc,
		   const char *missing);
/* Print "tool (cgtools) VERSION" and exit 0. */
void tool_version(void) __attribute__((noreturn));
/* cgm_init(), or exit 1 with a message when there is no memory hierarchy. */
void tool_init(void);
/*
 * The JSON member "hierarchy": {"version": 1|2|null, "mount": "..."}:
 * which memory hierarchy the tool read (null: no cgroup file system).
 */
void tool_json_hierarchy(struct cgjw *w);
/*
 * Exit 1 with one line when the root memory cgroup lacks control FILE:
 * the kernel does not have the series (every memcg has the files).
 */
void tool_need_file(const char *file);
/*
 * The exit status for OK things done and FAILED not: 0, 64 when some
 * were done, else 32 when every failure reported was a missing cgroup,
 * else 1.
 */
int tool_status(size_t ok, size_t failed);

/* The CGROUPs named on the command line, normalised ("/A/B"). */
struct tool_cgroups {
	size_t n;
	char **path;
};

/*
 * Add ARG (a path, or CTRL:PATH), its bytes taken as they are: nothing
 * is decoded; exits 1 if malformed.
 */
void tool_add_cgroup(struct tool_cgroups *cgs, const char *arg);
/*
 * -g as cgget takes it: CTRL:PATH adds a CGROUP; CTRL alone selects
 * controllers (it must name memory, the only one cgtools read).
 */
void tool_opt_g(struct tool_cgroups *cgs, const char *arg);
/* Add the operands argv[first..argc-1]; exits 1 if no CGROUP was given. */
void tool_add_operands(struct tool_cgroups *cgs, int argc, char **argv,
		       int first);
/* Add PATH as it is (a cgroup path from a walk: no decoding). */
void tool_add_path(struct tool_cgroups *cgs, const char *path);
/* Drop repeated paths, keeping the first of each. */
void tool_dedupe_cgroups(struct tool_cgroups *cgs);
void tool_free_cgroups(struct tool_cgroups *cgs);

/*
 * Set by SIGINT/SIGTERM (to the signal) once tool_catch_stop() is called.
 * The handlers do not restart system calls, so a blocked write or sleep
 * returns EINTR, and they are reset when they run: a second ^C kills.
 * Reads of control files hold signals back (cgm_read_kvs): a signal
 * sent during one is taken when it returns.
 */
extern volatile sig_atomic_t tool_stop;
void tool_catch_stop(void);

/* Monotonic milliseconds, for elapsed times. */
uint64_t tool_now_ms(void);

/*
 * The output options every tool takes, util-linux style:
 * -n/--noheadings, -o/--output COLUMNS, -r/--raw, -P/--pairs, -J/--json,
 * -x/--sort COLUMN and --prometheus.
 */
enum { OPT_PROMETHEUS = 0x100 };
#define TOOL_OUT_SHORTOPTS "no:rPJx:w:"
#define TOOL_OUT_LONGOPTS \
	{ "noheadings", no_argument, NULL, 'n' }, \
	{ "output", required_argument, NULL, 'o' }, \
	{ "raw", no_argument, NULL, 'r' }, \
	{ "pairs", no_argument, NULL, 'P' }, \
	{ "json", no_argument, NULL, 'J' }, \
	{ "sort", required_argument, NULL, 'x' }, \
	{ "width", required_argument, NULL, 'w' }, \
	{ "prometheus", no_argument, NULL, OPT_PROMETHEUS }

struct tool_out {
	enum cgo_mode mode;
	int noheadings, nmodes;
	const char *columns;	/* -o */
	const char *sort;	/* -x */
	size_t width;		/* -w; 0: the terminal's, if stdout is one */
};

/* Take option C if it is an output option: 1, else 0. */
int tool_out_option(struct tool_out *o, int c, const char *arg);
/*
 * Check the combination; NO_PROM is NULL where --prometheus is allowed,
 * else why it is not.  Exits 1 if bad.
 */
void tool_out_check(const struct tool_out *o, const char *no_prom);
/* cgo_table_init() with -o and -x, or exit 1 naming the unknown column. */
void tool_table_init(struct cgo_table *t, const struct cgo_col *cols,
		     size_t ncols, const char *defaults, const struct tool_out *o);

/* -o checked before any cgroup is touched: exits 1 naming a bad column. */
void tool_check_columns(const struct cgo_col *cols, size_t ncols,
			const char *defaults, const struct tool_out *o);
/* cgo_print() to stdout in O's mode, or exit 1 if the table ran out of memory. */
void tool_print_table(struct cgo_table *t, const struct tool_out *o);

/* The --help lines of the output options. */
#define TOOL_OUT_HELP \
"  -n, --noheadings      no header line\n" \
"  -o, --output COLUMNS  the columns to show, comma-separated (+COLUMNS:\n" \
"                        add to the default ones)\n" \
"  -r, --raw             raw output: one space between fields, unsafe\n" \
"                        characters as \\xHH, header kept\n" \
"  -P, --pairs           NAME=\"value\" pairs\n" \
"  -J, --json            JSON, schema in cgtools(7)\n" \
"  -x, --sort COLUMN     sort the rows by COLUMN (numbers by value; a\n" \
"                        tree becomes a list); with -J and -o, the entries\n" \
"  -w, --width N         fit tables in N columns, cutting names (default:\n" \
"                        the terminal's width when writing to one)\n"
#define TOOL_PROM_HELP \
"      --prometheus      Prometheus text format (node_exporter textfile)\n"

#endif
