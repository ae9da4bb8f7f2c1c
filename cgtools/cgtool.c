// SPDX-License-Identifier: GPL-2.0
/*
 * cgtool: the shared command-line plumbing of cgtools; see cgtool.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "cgtool.h"
#include "cgmem.h"
#include "cgparse.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <libcgroup.h>

const char *tool_name = "cgtools";
volatile sig_atomic_t tool_stop;

void tool_err(const char *object, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", tool_name);
	if (object)
		fprintf(stderr, "%s: ", object);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void tool_cg_err(const char *cgroup, const char *file, int rc)
{
	if (rc == ECGROUPNOTEXIST || !file)
		tool_err(cgroup, "%s", cgm_strerror(rc));
	else
		tool_err(cgroup, "%s: %s", file, cgm_strerror(rc));
}

void tool_usage_err(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", tool_name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s --help' for more information.\n", tool_name);
	exit(EXIT_USAGE);
}

void tool_version(void)
{
	printf("%s (cgtools) %s\n", tool_name, CGTOOLS_VERSION);
	exit(EXIT_OK);
}

void tool_add_cgroup(struct tool_cgroups *cgs, const char *arg)
{
	char path[4096];
	char **np;

	switch (cgp_cgroup_arg(arg, path, sizeof(path))) {
	case 0:
		break;
	case -2:
		tool_usage_err("%s: not a memory cgroup (want memory:PATH)", arg);
	default:
		tool_usage_err("%s: not a cgroup path", arg);
	}
	np = realloc(cgs->path, (cgs->n + 1) * sizeof(*np));
	if (!np || !(np[cgs->n] = strdup(path))) {
		tool_err(NULL, "out of memory");
		exit(EXIT_RUNTIME);
	}
	cgs->path = np;
	cgs->n++;
}

void tool_init(void)
{
	int rc = cgm_init();

	if (rc) {
		tool_err(NULL, "memory cgroup hierarchy: %s", cgm_strerror(rc));
		exit(EXIT_RUNTIME);
	}
}

void tool_add_operands(struct tool_cgroups *cgs, int argc, char **argv,
		       int first)
{
	for (int i = first; i < argc; i++)
		tool_add_cgroup(cgs, argv[i]);
	if (cgs->n == 0)
		tool_usage_err("no CGROUP given");
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
	(void)sig;
	tool_stop = 1;
}

void tool_catch_stop(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0;	/* no SA_RESTART: interrupt the write or sleep */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

uint64_t tool_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

void table_init(struct table *t, size_t ncols, const char *const *header,
		const int *right)
{
	memset(t, 0, sizeof(*t));
	t->ncols = ncols;
	t->header = header;
	t->right = right;
}

void table_add(struct table *t, ...)
{
	char **cells = realloc(t->cells, (t->nrows + 1) * t->ncols * sizeof(*cells));
	va_list ap;

	if (!cells) {
		tool_err(NULL, "out of memory");
		exit(EXIT_RUNTIME);
	}
	t->cells = cells;
	va_start(ap, t);
	for (size_t c = 0; c < t->ncols; c++) {
		const char *s = va_arg(ap, const char *);
		char *copy = strdup(s ? s : "-");

		if (!copy) {
			tool_err(NULL, "out of memory");
			exit(EXIT_RUNTIME);
		}
		cells[t->nrows * t->ncols + c] = copy;
	}
	va_end(ap);
	t->nrows++;
}

void table_print(const struct table *t, FILE *out, int raw)
{
	size_t width[16] = { 0 };

	if (raw) {
		for (size_t r = 0; r < t->nrows; r++)
			for (size_t c = 0; c < t->ncols; c++)
				fprintf(out, "%s%c", t->cells[r * t->ncols + c],
					c + 1 < t->ncols ? '\t' : '\n');
		return;
	}
	for (size_t c = 0; c < t->ncols && c < 16; c++) {
		width[c] = strlen(t->header[c]);
		for (size_t r = 0; r < t->nrows; r++) {
			size_t len = strlen(t->cells[r * t->ncols + c]);

			if (len > width[c])
				width[c] = len;
		}
	}
	for (size_t r = 0; r <= t->nrows; r++) {
		for (size_t c = 0; c < t->ncols && c < 16; c++) {
			const char *s = r == 0 ? t->header[c] :
				t->cells[(r - 1) * t->ncols + c];
			int last = c + 1 == t->ncols;

			if (t->right[c])
				fprintf(out, "%*s", (int)width[c], s);
			else if (last)
				fputs(s, out);
			else
				fprintf(out, "%-*s", (int)width[c], s);
			fputs(last ? "\n" : "  ", out);
		}
	}
}

void table_free(struct table *t)
{
	for (size_t i = 0; i < t->nrows * t->ncols; i++)
		free(t->cells[i]);
	free(t->cells);
	t->cells = NULL;
	t->nrows = 0;
}

const char *fmt_u64(char buf[24], uint64_t v)
{
	snprintf(buf, 24, "%llu", (unsigned long long)v);
	return buf;
}
