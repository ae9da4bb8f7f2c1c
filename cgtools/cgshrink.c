// SPDX-License-Identifier: GPL-2.0
/*
 * cgshrink: targeted slab reclaim of memory cgroups through
 * memory.force_slab_shrink, with a report of what it did.
 */
#define _POSIX_C_SOURCE 200809L
#include "cgmem.h"
#include "cgparse.h"
#include "cgtool.h"

#include <errno.h>
#include <getopt.h>
#include <libcgroup.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
"Usage: cgshrink [-n N | --all] [-r] [--above T] [--json | --raw] CGROUP...\n"
"\n"
"Free slab objects (dentries, inodes, ...) charged to each memory cgroup and\n"
"its descendants by writing memory.force_slab_shrink, then report per\n"
"cgroup its unused dentries before and after (own lists and whole subtree),\n"
"the objects freed (delta of total_forced_reclaimed in\n"
"memory.slab_reclaim_stat), the dentries among them (delta of\n"
"total_dentry_reclaimed, any origin) and the time the write took.\n"
"CGROUP is a path in the memory hierarchy (/, /A/B), or -g memory:/A/B.\n"
"\n"
"  -n, --count N      free up to N objects per cgroup (1 <= N <= 2^64-1)\n"
"  -a, --all          free all that can be freed (the default)\n"
"      --above T      only shrink a cgroup whose own unused dentries exceed T\n"
"  -r, --recursive    with --above: consider every cgroup in each CGROUP's\n"
"                     subtree, parents first; a shrunk cgroup's shrink\n"
"                     covers its subtree, so its descendants are not\n"
"                     considered again\n"
"  -g CTRL:PATH       a CGROUP as cgget takes it; CTRL must name memory\n"
"  -J, --json         JSON, schema in cgtools(7): {\"request\",\"threshold\",\n"
"                     \"considered\",\"interrupted\",\"cgroups\":[{\"cgroup\",\n"
"                     \"unused_before\",\"unused_after\",\"total_unused_before\",\n"
"                     \"total_unused_after\",\"freed\",\"dentries_freed\",\n"
"                     \"elapsed_ms\",\"interrupted\"}]}\n"
"      --raw          no header, tab-separated\n"
"  -h, --help         this text\n"
"  -V, --version      the version\n"
"\n"
"SIGINT or SIGTERM interrupts the shrink in progress (what it freed stays\n"
"freed and is reported) and skips the rest.\n"
"Exit status: 0 ok, 1 a cgroup could not be shrunk or the run was\n"
"interrupted, 2 usage error.\n";

struct opts {
	const char *request;	/* "all" or the decimal N */
	int recursive, json, raw, have_above;
	uint64_t above;
};

struct result {
	char *cgroup;
	uint64_t unused[2], total[2], freed, dentries, ms;
	int interrupted;
};

struct report {
	size_t n, considered;
	struct result *r;
	int interrupted, failed;
};

/* Own/total unused and the forced/dentry counters of CG, now. */
static int sample(const char *cg, uint64_t *unused, uint64_t *total,
		  uint64_t *forced, uint64_t *dentries)
{
	struct cgp_dentry d;
	struct cgp_kvs kvs = { 0 };
	int rc = cgm_read_dentry(cg, &d);

	if (rc) {
		tool_cg_err(cg, CGM_DENTRY_UNUSED, rc);
		return -1;
	}
	*unused = d.unused;
	*total = d.total;
	cgp_dentry_free(&d);
	if (!forced)
		return 0;
	rc = cgm_read_kvs(cg, CGM_SLAB_STAT, &kvs);
	if (!rc && (cgp_kvs_get(&kvs, "total_forced_reclaimed", forced) ||
		    cgp_kvs_get(&kvs, "total_dentry_reclaimed", dentries)))
		rc = ECGROUPPARSEFAIL;
	cgp_kvs_free(&kvs);
	if (rc) {
		tool_cg_err(cg, CGM_SLAB_STAT, rc);
		return -1;
	}
	return 0;
}

/* Shrink CG once and add what it did to REP. */
static void shrink_one(const char *cg, const struct opts *o, struct report *rep)
{
	struct result res = { 0 };
	uint64_t forced[2], dentries[2], t0;
	struct result *r;
	int rc;

	if (sample(cg, &res.unused[0], &res.total[0], &forced[0], &dentries[0])) {
		rep->failed = 1;
		return;
	}
	t0 = tool_now_ms();
	rc = cgm_write(cg, CGM_FORCE_SHRINK, o->request);
	res.ms = tool_now_ms() - t0;
	if (rc == -EINTR) {
		res.interrupted = 1;
		rep->interrupted = 1;
		tool_err(cg, "interrupted; what was freed is reported");
	} else if (rc) {
		tool_cg_err(cg, CGM_FORCE_SHRINK, rc);
		rep->failed = 1;
		return;
	}
	if (sample(cg, &res.unused[1], &res.total[1], &forced[1], &dentries[1])) {
		rep->failed = 1;
		return;
	}
	res.freed = cgp_delta(forced[0], forced[1]);
	res.dentries = cgp_delta(dentries[0], dentries[1]);
	res.cgroup = strdup(cg);
	r = realloc(rep->r, (rep->n + 1) * sizeof(*r));
	if (!r || !res.cgroup) {
		tool_err(NULL, "out of memory");
		exit(EXIT_RUNTIME);
	}
	rep->r = r;
	rep->r[rep->n++] = res;
}

/* Is PATH inside the subtree of DONE ("/A" holds "/A/B", not "/AB")? */
static int under(const char *path, const char *done)
{
	size_t len = strlen(done);

	if (!strcmp(done, "/"))
		return 1;
	return !strncmp(path, done, len) && (path[len] == '/' || !path[len]);
}

/* The --above policy over CG (and its subtree with -r). */
static void shrink_selected(const char *cg, const struct opts *o,
			    struct report *rep)
{
	char **paths, *single[1];
	const char *done = NULL;
	size_t n;
	int rc;

	if (o->recursive) {
		rc = cgm_walk(cg, &paths, &n);
		if (rc) {
			tool_cg_err(cg, NULL, rc);
			rep->failed = 1;
			return;
		}
	} else {
		single[0] = (char *)cg;
		paths = single;
		n = 1;
	}
	for (size_t i = 0; i < n && !tool_stop && !rep->interrupted; i++) {
		uint64_t unused, total;

		if (done && under(paths[i], done))
			continue;
		rep->considered++;
		rc = sample(paths[i], &unused, &total, NULL, NULL);
		if (rc) {
			rep->failed = 1;
			continue;
		}
		if (o->have_above && unused <= o->above)
			continue;
		shrink_one(paths[i], o, rep);
		done = paths[i];
	}
	if (o->recursive)
		cgm_free_paths(paths, n);
}

static void print_report(const struct report *rep, const struct opts *o)
{
	static const char *const hdr[] = {
		"CGROUP", "UNUSED_BEFORE", "UNUSED_AFTER", "TOTAL_BEFORE",
		"TOTAL_AFTER", "FREED", "DENTRIES_FREED", "MS",
	};
	static const int right[] = { 0, 1, 1, 1, 1, 1, 1, 1 };
	struct table t;

	if (o->json) {
		printf("{\"request\":\"%s\",\"threshold\":", o->request);
		if (o->have_above)
			printf("%llu", (unsigned long long)o->above);
		else
			printf("null");
		printf(",\"considered\":%zu,\"interrupted\":%s,\"cgroups\":[",
		       rep->considered, rep->interrupted ? "true" : "false");
		for (size_t i = 0; i < rep->n; i++) {
			const struct result *r = &rep->r[i];

			printf("%s\n {\"cgroup\":", i ? "," : "");
			cgp_json_str(stdout, r->cgroup);
			printf(",\"unused_before\":%llu,\"unused_after\":%llu,"
			       "\"total_unused_before\":%llu,\"total_unused_after\":%llu,"
			       "\"freed\":%llu,\"dentries_freed\":%llu,"
			       "\"elapsed_ms\":%llu,\"interrupted\":%s}",
			       (unsigned long long)r->unused[0],
			       (unsigned long long)r->unused[1],
			       (unsigned long long)r->total[0],
			       (unsigned long long)r->total[1],
			       (unsigned long long)r->freed,
			       (unsigned long long)r->dentries,
			       (unsigned long long)r->ms,
			       r->interrupted ? "true" : "false");
		}
		printf("\n]}\n");
		return;
	}
	table_init(&t, 8, hdr, right);
	for (size_t i = 0; i < rep->n; i++) {
		const struct result *r = &rep->r[i];
		char b[7][24];

		table_add(&t, r->cgroup, fmt_u64(b[0], r->unused[0]),
			  fmt_u64(b[1], r->unused[1]), fmt_u64(b[2], r->total[0]),
			  fmt_u64(b[3], r->total[1]), fmt_u64(b[4], r->freed),
			  fmt_u64(b[5], r->dentries), fmt_u64(b[6], r->ms));
	}
	if (rep->n || o->raw)
		table_print(&t, stdout, o->raw);
	table_free(&t);
	if (!o->raw && o->have_above)
		printf("shrank %zu of %zu cgroup%s considered (own unused dentries > %llu)\n",
		       rep->n, rep->considered, rep->considered == 1 ? "" : "s",
		       (unsigned long long)o->above);
}

int main(int argc, char **argv)
{
	enum { OPT_ABOVE = 256, OPT_RAW };
	static const struct option longopts[] = {
		{ "count", required_argument, NULL, 'n' },
		{ "all", no_argument, NULL, 'a' },
		{ "recursive", no_argument, NULL, 'r' },
		{ "above", required_argument, NULL, OPT_ABOVE },
		{ "json", no_argument, NULL, 'J' },
		{ "raw", no_argument, NULL, OPT_RAW },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct tool_cgroups cgs = { 0 };
	struct opts o = { 0 };
	struct report rep = { 0 };
	uint64_t n;
	int c, have_n = 0, have_all = 0, status;

	tool_name = "cgshrink";
	while ((c = getopt_long(argc, argv, "n:arg:JhV", longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			/* the kernel takes 1..ULONG_MAX; pass the text on as given */
			if (cgp_parse_u64(optarg, &n) || n == 0 || n > (uint64_t)(unsigned long)-1)
				tool_usage_err("invalid -n '%s' (a number from 1 to %lu)",
					       optarg, (unsigned long)-1);
			o.request = optarg;
			have_n = 1;
			break;
		case 'a': have_all = 1; break;
		case 'r': o.recursive = 1; break;
		case OPT_ABOVE:
			if (cgp_parse_u64(optarg, &o.above))
				tool_usage_err("invalid --above '%s' (a number >= 0)", optarg);
			o.have_above = 1;
			break;
		case 'g': tool_add_cgroup(&cgs, optarg); break;
		case 'J': o.json = 1; break;
		case OPT_RAW: o.raw = 1; break;
		case 'h': fputs(usage, stdout); return EXIT_OK;
		case 'V': tool_version();
		default: tool_usage_err("unknown option");
		}
	}
	tool_add_operands(&cgs, argc, argv, optind);
	if (have_n && have_all)
		tool_usage_err("-n and --all exclude each other");
	if (o.recursive && !o.have_above)
		tool_usage_err("-r needs --above T (a shrink already covers the subtree)");
	if (o.json && o.raw)
		tool_usage_err("--json and --raw exclude each other");
	if (!have_n)
		o.request = "all";

	tool_init();
	tool_catch_stop();
	for (size_t i = 0; i < cgs.n && !tool_stop && !rep.interrupted; i++)
		shrink_selected(cgs.path[i], &o, &rep);
	if (tool_stop && !rep.interrupted) {
		rep.interrupted = 1;
		tool_err(NULL, "interrupted; stopped before the next cgroup");
	}
	print_report(&rep, &o);
	status = (rep.failed || rep.interrupted) ? EXIT_RUNTIME : EXIT_OK;
	for (size_t i = 0; i < rep.n; i++)
		free(rep.r[i].cgroup);
	free(rep.r);
	tool_free_cgroups(&cgs);
	return status;
}
