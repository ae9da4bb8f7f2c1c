// SPDX-License-Identifier: GPL-2.0
/*
 * cgtool: the shared command-line plumbing of cgtools; see cgtool.h.
 */
#define _DEFAULT_SOURCE	/* TIOCGWINSZ */
#define _POSIX_C_SOURCE 200809L
#include "cgtool.h"
#include "cgmem.h"
#include "cgnum.h"
#include "cgpath.h"

#include <errno.h>
#include <locale.h>
#include <sys/ioctl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

const char *tool_name = "cgtools";
volatile sig_atomic_t tool_stop;
/* a failure other than a missing cgroup was reported: exit 1, not 32 */
static int failed_otherwise;

/* util-linux's close_stdout(): what could not be written is an error. */
static void close_stdout(void)
{
	int bad = fflush(stdout) != 0 || ferror(stdout);
	int err = bad ? errno : 0;

	if (fclose(stdout) != 0 && !bad) {
		bad = 1;
		err = errno;
	}
	if (bad && err != EPIPE) {
		if (err)
			tool_err(NULL, "write error: %s", strerror(err));
		else
			tool_err(NULL, "write error");
		_exit(EXIT_FAIL);
	}
}

void tool_setup(const char *name)
{
	tool_name = name;
	/* the character set only: numbers, messages and JSON stay "C" */
	setlocale(LC_CTYPE, "");
	atexit(close_stdout);
}

void tool_err(const char *object, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", tool_name);
	if (object) {
		/* a name, in its printed form: it cannot drive the terminal */
		cgo_form(stderr, object);
		fputs(": ", stderr);
	}
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void tool_cg_err(const char *cgroup, const char *file, int rc)
{
	if (rc == CGM_ENOCGROUP) {
		/* on a hybrid host, say where it was looked for */
		tool_err(cgroup, "%s in the %s at %s", cgm_strerror(rc),
			 cgm_hierarchy_kind(), cgm_mount_point());
		return;
	}
	if (rc == CGM_ENOMEMCG) {
		const char *slash = strrchr(cgroup, '/');
		int parent = slash && slash != cgroup ? (int)(slash - cgroup) : 0;

		tool_err(cgroup, "%s (cgroup v2: +memory is not in %s%.*s/cgroup.subtree_control)",
			 cgm_strerror(rc), cgm_mount_point(), parent, cgroup);
		return;
	}
	failed_otherwise = 1;
	if (!file) {
		tool_err(cgroup, "%s", cgm_strerror(rc));
	} else if (rc == CGM_EPARSE && *cgm_parse_where()) {
		/* the line that does not parse, in the printed form of names */
		fprintf(stderr, "%s: ", tool_name);
		cgo_form(stderr, cgroup);
		fprintf(stderr, ": %s: ", file);
		cgo_form(stderr, cgm_parse_where());
		fprintf(stderr, ": %s\n", cgm_strerror(rc));
	} else {
		tool_err(cgroup, "%s: %s", file, cgm_strerror(rc));
	}
}

void tool_read_err(const char *cgroup, const char *file, int rc,
		   const char *missing)
{
	if (missing) {
		failed_otherwise = 1;
		tool_err(cgroup, "%s: no key %s", file, missing);
	} else {
		tool_cg_err(cgroup, file, rc);
	}
}

void tool_usage_err(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", tool_name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	tool_try_help();
}

void tool_try_help(void)
{
	fprintf(stderr, "Try '%s --help' for more information.\n", tool_name);
	exit(EXIT_USAGE);
}

static void walk_bad(const char *cgroup, int rc, void *arg)
{
	size_t *failed = arg;

	tool_cg_err(cgroup, NULL, rc);
	(*failed)++;
}

size_t tool_walk(const char *cgroup, char ***paths, size_t *n)
{
	size_t failed = 0;
	int rc = cgm_walk(cgroup, paths, n, walk_bad, &failed);

	if (rc && !failed) {
		/* the walk itself failed: what was walked is still used */
		tool_cg_err(cgroup, NULL, rc);
		failed++;
	}
	return failed;
}

void tool_version(void)
{
	printf("%s (cgtools) %s\n", tool_name, CGTOOLS_VERSION);
	exit(EXIT_OK);
}

void tool_init(void)
{
	int rc = cgm_init();

	if (rc) {
		tool_err(NULL, "no memory cgroup hierarchy (neither a cgroup v1 mount with the memory controller nor a cgroup2 mount with memory in its cgroup.controllers): %s",
			 cgm_strerror(rc));
		exit(EXIT_FAIL);
	}
}

void tool_json_hierarchy(struct cgjw *w)
{
	cgjw_obj(w, "hierarchy");
	if (cgm_hierarchy_version())
		cgjw_u64(w, "version", (uint64_t)cgm_hierarchy_version());
	else
		cgjw_null(w, "version");
	cgjw_str(w, "mount", cgm_mount_point());
	cgjw_end(w);
}

void tool_need_file(const char *file)
{
	int rc = cgm_has_file("/", file);

	if (rc == CGM_ENOFILE) {
		/* one line, not one error per cgroup on an unpatched kernel */
		tool_err(file, "this kernel does not provide it in the %s at %s (it needs the memcg slab series; see cgtools(7))",
			 cgm_hierarchy_kind(), cgm_mount_point());
		exit(EXIT_FAIL);
	}
}

int tool_status(size_t ok, size_t failed)
{
	if (!failed)
		return EXIT_OK;
	if (ok)
		return EXIT_SOME;
	return failed_otherwise ? EXIT_FAIL : EXIT_NONE;
}

void tool_add_path(struct tool_cgroups *cgs, const char *path)
{
	char **np = realloc(cgs->path, (cgs->n + 1) * sizeof(*np));

	if (!np || !(np[cgs->n] = strdup(path))) {
		tool_err(NULL, "out of memory");
		exit(EXIT_FAIL);
	}
	cgs->path = np;
	cgs->n++;
}

void tool_add_cgroup(struct tool_cgroups *cgs, const char *arg)
{
	char path[4096];

	/* the bytes as given: nothing is decoded (systemd's \x2d is a name) */
	switch (cgpath_cgroup_arg(arg, path, sizeof(path))) {
	case 0:
		break;
	case -2:
		tool_usage_err("%s: not a memory cgroup (want memory:PATH)", arg);
	default:
		tool_usage_err("%s: not a cgroup path", arg);
	}
	tool_add_path(cgs, path);
}

void tool_opt_g(struct tool_cgroups *cgs, const char *arg)
{
	if (strchr(arg, ':')) {
		tool_add_cgroup(cgs, arg);
		return;
	}
	if (!*arg || !cgpath_names_memory(arg, strlen(arg)))
		tool_usage_err("-g %s: cgtools read the memory controller only", arg);
}

void tool_add_operands(struct tool_cgroups *cgs, int argc, char **argv,
		       int first)
{
	for (int i = first; i < argc; i++)
		tool_add_cgroup(cgs, argv[i]);
	if (cgs->n == 0)
		tool_usage_err("no CGROUP given");
}

void tool_dedupe_cgroups(struct tool_cgroups *cgs)
{
	struct cgpath_pathset seen = { 0 };
	size_t kept = 0;

	for (size_t i = 0; i < cgs->n; i++) {
		int rc = cgpath_pathset_add(&seen, cgs->path[i]);

		if (rc < 0) {
			tool_err(NULL, "out of memory");
			exit(EXIT_FAIL);
		}
		if (rc)
			cgs->path[kept++] = cgs->path[i];
		else
			free(cgs->path[i]);
	}
	cgs->n = kept;
	cgpath_pathset_free(&seen);
}

void tool_free_cgroups(struct tool_cgroups *cgs)
{
	for (size_t i = 0; i < cgs->n; i++)
		free(cgs->path[i]);
	free(cgs->path);
	cgs->path = NULL;
	cgs->n = 0;
}

static void on_stop(int sig)
{
	tool_stop = sig;
}

void tool_catch_stop(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop;
	sigemptyset(&sa.sa_mask);
	/* no SA_RESTART: interrupt the write or sleep; SA_RESETHAND: the
	 * next one has its default effect, so a second ^C kills */
	sa.sa_flags = SA_RESETHAND;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

uint64_t tool_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

int tool_out_option(struct tool_out *o, int c, const char *arg)
{
	switch (c) {
	case 'n': o->noheadings = 1; return 1;
	case 'o': o->columns = arg; return 1;
	case 'x': o->sort = arg; return 1;
	case 'w': {
		uint64_t n;

		if (cgnum_parse_u64(arg, &n) || n == 0 || n > 100000)
			tool_usage_err("invalid --width '%s' (a number of columns)", arg);
		o->width = (size_t)n;
		return 1;
	}
	case 'r': o->mode = CGO_RAW; break;
	case 'P': o->mode = CGO_PAIRS; break;
	case 'J': o->mode = CGO_JSON; break;
	case OPT_PROMETHEUS: o->mode = CGO_PROM; break;
	default: return 0;
	}
	o->nmodes++;
	return 1;
}

void tool_out_check(const struct tool_out *o, const char *no_prom)
{
	if (o->nmodes > 1)
		tool_usage_err("--raw, --pairs, --json and --prometheus exclude each other");
	if (o->mode == CGO_PROM && no_prom)
		tool_usage_err("%s", no_prom);
	/* as lsblk: -J -o picks the JSON keys, -n is harmless there */
	if (o->mode == CGO_PROM && (o->columns || o->noheadings || o->sort))
		tool_usage_err("-o, -n and -x do not apply to --prometheus");
	if (o->mode == CGO_JSON && o->sort && !o->columns)
		tool_usage_err("-x sorts rows: with -J it needs -o (one object per row)");
}

/* The terminal's columns when stdout is one ($COLUMNS first), else 0. */
static size_t terminal_width(void)
{
	struct winsize ws;
	uint64_t n;
	const char *cols = getenv("COLUMNS");

	if (!isatty(STDOUT_FILENO))
		return 0;
	if (cols && !cgnum_parse_u64(cols, &n) && n > 0 && n <= 100000)
		return (size_t)n;
	if (!ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) && ws.ws_col)
		return ws.ws_col;
	return 0;
}

void tool_table_init(struct cgo_table *t, const struct cgo_col *cols,
		     size_t ncols, const char *defaults, const struct tool_out *o)
{
	char bad[64];

	if (cgo_table_init(t, cols, ncols, defaults, o->columns, bad, sizeof(bad)))
		tool_usage_err("unknown column '%s' (see --help)", bad);
	if (o->sort && cgo_sort_by(t, o->sort))
		tool_usage_err("unknown column '%s' for --sort (see --help)", o->sort);
	t->max_width = o->width ? o->width : terminal_width();
}

void tool_check_columns(const struct cgo_col *cols, size_t ncols,
			const char *defaults, const struct tool_out *o)
{
	struct cgo_table t;

	if (o->mode == CGO_PROM)
		return;
	tool_table_init(&t, cols, ncols, defaults, o);
	cgo_table_free(&t);
}

void tool_print_table(struct cgo_table *t, const struct tool_out *o)
{
	if (cgo_print(t, stdout, o->mode, o->noheadings)) {
		tool_err(NULL, "out of memory");
		exit(EXIT_FAIL);
	}
}
