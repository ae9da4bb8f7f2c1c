// SPDX-License-Identifier: GPL-2.0
/*
 * cgslabstat: what slab shrinking did to memory cgroups, from
 * memory.slab_reclaim_stat; with -i, rates per interval, vmstat style.
 */
#define _POSIX_C_SOURCE 200809L
#include "cgmem.h"
#include "cgparse.h"
#include "cgtool.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char usage[] =
"Usage: cgslabstat [--json | --raw] [--own] [-i SECONDS [-c COUNT]] CGROUP...\n"
"\n"
"Slab reclaim counters of memory cgroups (memory.slab_reclaim_stat): objects\n"
"scanned and freed on each cgroup's lists by global reclaim, limit reclaim\n"
"and memory.force_slab_shrink, dentries and inodes freed, forced shrinks.\n"
"CGROUP is a path in the memory hierarchy (/, /A/B), or -g memory:/A/B.\n"
"\n"
"Without -i: every counter, OWN (this cgroup's lists) and TOTAL (with\n"
"its descendants).  With -i: one line per CGROUP every SECONDS (\"0.5\" is\n"
"fine) with each counter's rate per second over the interval, from the\n"
"TOTAL counters (--own: from the cgroup's own); COUNT lines per CGROUP,\n"
"or until interrupted (SIGINT ends it with status 0).\n"
"\n"
"  -i, --interval SECONDS   sample every SECONDS\n"
"  -c, --count COUNT        stop after COUNT intervals (needs -i)\n"
"      --own                with -i, rates of the cgroup's own counters\n"
"  -g CTRL:PATH             a CGROUP as cgget takes it; CTRL must name memory\n"
"  -J, --json               JSON, schema in cgtools(7).  Without -i:\n"
"                           {\"cgroups\":[{\"cgroup\",\"stat\":{KEY:N,...}}]}\n"
"                           with every key of the file; with -i one object\n"
"                           per line: {\"time\",\"cgroup\",\"interval_ms\",\n"
"                           \"counters\":\"total\"|\"own\",\"delta\":{KEY:N},\n"
"                           \"per_second\":{KEY:X}} with the nine keys\n"
"      --raw                no header, tab-separated\n"
"  -h, --help               this text\n"
"  -V, --version            the version\n"
"\n"
"Exit status: 0 ok, 1 a cgroup could not be read, 2 usage error.\n";

/* The counters, in memory.slab_reclaim_stat's order, and -i's columns. */
static const char *const keys[] = {
	"global_scanned", "global_reclaimed", "limit_scanned",
	"limit_reclaimed", "forced_scanned", "forced_reclaimed",
	"dentry_reclaimed", "inode_reclaimed", "forced_shrinks",
};
static const char *const columns[] = {
	"GSCAN/s", "GFREE/s", "LSCAN/s", "LFREE/s", "FSCAN/s", "FFREE/s",
	"DENTRY/s", "INODE/s", "SHRINK/s",
};
#define NKEYS (sizeof(keys) / sizeof(keys[0]))

struct opts {
	int json, raw, own;
	uint64_t interval_ms, count;
};

static int read_stat(const char *cg, struct cgp_kvs *kvs)
{
	int rc;

	kvs->n = 0;
	rc = cgm_read_kvs(cg, CGM_SLAB_STAT, kvs);
	if (rc)
		tool_cg_err(cg, CGM_SLAB_STAT, rc);
	return rc ? -1 : 0;
}

/* The NKEYS counters -i follows, own or total. */
static int pick(const char *cg, const struct cgp_kvs *kvs, int own,
		uint64_t out[NKEYS])
{
	for (size_t k = 0; k < NKEYS; k++) {
		char key[CGP_KEY_MAX];

		snprintf(key, sizeof(key), "%s%s", own ? "" : "total_", keys[k]);
		if (cgp_kvs_get(kvs, key, &out[k])) {
			tool_err(cg, "%s: no key %s", CGM_SLAB_STAT, key);
			return -1;
		}
	}
	return 0;
}

static int show_once(const struct tool_cgroups *cgs, const struct opts *o)
{
	static const char *const hdr[] = { "CGROUP", "KEY", "OWN", "TOTAL" };
	static const int right[] = { 0, 0, 1, 1 };
	struct cgp_kvs kvs = { 0 };
	struct table t;
	int status = EXIT_OK, first = 1;

	table_init(&t, 4, hdr, right);
	if (o->json)
		printf("{\"cgroups\":[");
	for (size_t i = 0; i < cgs->n; i++) {
		const char *cg = cgs->path[i];

		if (read_stat(cg, &kvs)) {
			status = EXIT_RUNTIME;
			continue;
		}
		if (o->json) {
			printf("%s\n {\"cgroup\":", first ? "" : ",");
			cgp_json_str(stdout, cg);
			printf(",\"stat\":{");
			for (size_t k = 0; k < kvs.n; k++) {
				printf("%s", k ? "," : "");
				cgp_json_str(stdout, kvs.v[k].key);
				printf(":%llu", (unsigned long long)kvs.v[k].val);
			}
			printf("}}");
			first = 0;
			continue;
		}
		for (size_t k = 0; k < kvs.n; k++) {
			char total_key[CGP_KEY_MAX + 8], a[24], b[24];
			uint64_t total;
			const char *key = kvs.v[k].key;

			if (!strncmp(key, "total_", 6))
				continue;
			snprintf(total_key, sizeof(total_key), "total_%s", key);
			table_add(&t, cg, key, fmt_u64(a, kvs.v[k].val),
				  cgp_kvs_get(&kvs, total_key, &total) ? NULL :
				  fmt_u64(b, total));
		}
	}
	if (o->json)
		printf("\n]}\n");
	else if (t.nrows)
		table_print(&t, stdout, o->raw);
	table_free(&t);
	cgp_kvs_free(&kvs);
	return status;
}

/* Sleep MS milliseconds; returns -1 when a stop signal cut it short. */
static int sleep_ms(uint64_t ms)
{
	struct timespec ts = { (time_t)(ms / 1000), (long)(ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts)) {
		if (errno != EINTR || tool_stop)
			return -1;
	}
	return tool_stop ? -1 : 0;
}

static void print_interval(const char *cg, double time_s, uint64_t ms,
			   const uint64_t before[NKEYS], const uint64_t now[NKEYS],
			   const struct opts *o, int width)
{
	uint64_t delta[NKEYS];

	for (size_t k = 0; k < NKEYS; k++)
		delta[k] = cgp_delta(before[k], now[k]);
	if (o->json) {
		printf("{\"time\":%.3f,\"cgroup\":", time_s);
		cgp_json_str(stdout, cg);
		printf(",\"interval_ms\":%llu,\"counters\":\"%s\",\"delta\":{",
		       (unsigned long long)ms, o->own ? "own" : "total");
		for (size_t k = 0; k < NKEYS; k++)
			printf("%s\"%s\":%llu", k ? "," : "", keys[k],
			       (unsigned long long)delta[k]);
		printf("},\"per_second\":{");
		for (size_t k = 0; k < NKEYS; k++)
			printf("%s\"%s\":%.1f", k ? "," : "", keys[k],
			       cgp_rate(delta[k], ms));
		printf("}}\n");
	} else if (o->raw) {
		printf("%.1f\t%s", time_s, cg);
		for (size_t k = 0; k < NKEYS; k++)
			printf("\t%.0f", cgp_rate(delta[k], ms));
		printf("\n");
	} else {
		printf("%7.1f  %-*s", time_s, width, cg);
		for (size_t k = 0; k < NKEYS; k++)
			printf(" %9.0f", cgp_rate(delta[k], ms));
		printf("\n");
	}
	fflush(stdout);
}

static int show_intervals(const struct tool_cgroups *cgs, const struct opts *o)
{
	struct cgp_kvs kvs = { 0 };
	uint64_t (*prev)[NKEYS] = calloc(cgs->n, sizeof(*prev));
	uint64_t start, last, now;
	int width = 6, status = EXIT_OK;

	if (!prev) {
		tool_err(NULL, "out of memory");
		return EXIT_RUNTIME;
	}
	tool_catch_stop();
	for (size_t i = 0; i < cgs->n; i++) {
		if (read_stat(cgs->path[i], &kvs) ||
		    pick(cgs->path[i], &kvs, o->own, prev[i])) {
			status = EXIT_RUNTIME;
			goto out;
		}
		if ((int)strlen(cgs->path[i]) > width)
			width = (int)strlen(cgs->path[i]);
	}
	if (!o->json && !o->raw) {
		printf("%7s  %-*s", "TIME", width, "CGROUP");
		for (size_t k = 0; k < NKEYS; k++)
			printf(" %9s", columns[k]);
		printf("\n");
		fflush(stdout);
	}
	start = last = tool_now_ms();
	for (uint64_t n = 0; o->count == 0 || n < o->count; n++) {
		if (sleep_ms(o->interval_ms))
			break;	/* interrupted: the normal way to end it */
		now = tool_now_ms();
		for (size_t i = 0; i < cgs->n; i++) {
			uint64_t cur[NKEYS];

			if (read_stat(cgs->path[i], &kvs) ||
			    pick(cgs->path[i], &kvs, o->own, cur)) {
				status = EXIT_RUNTIME;
				goto out;
			}
			print_interval(cgs->path[i], (double)(now - start) / 1000.0,
				       now - last, prev[i], cur, o, width);
			memcpy(prev[i], cur, sizeof(cur));
		}
		last = now;
	}
out:
	free(prev);
	cgp_kvs_free(&kvs);
	return status;
}

int main(int argc, char **argv)
{
	enum { OPT_OWN = 256, OPT_RAW };
	static const struct option longopts[] = {
		{ "interval", required_argument, NULL, 'i' },
		{ "count", required_argument, NULL, 'c' },
		{ "own", no_argument, NULL, OPT_OWN },
		{ "json", no_argument, NULL, 'J' },
		{ "raw", no_argument, NULL, OPT_RAW },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct tool_cgroups cgs = { 0 };
	struct opts o = { 0 };
	int c, rc, have_count = 0;

	tool_name = "cgslabstat";
	while ((c = getopt_long(argc, argv, "i:c:g:JhV", longopts, NULL)) != -1) {
		switch (c) {
		case 'i':
			if (cgp_parse_interval_ms(optarg, &o.interval_ms))
				tool_usage_err("invalid interval '%s' (seconds, > 0, at most 3 decimals)",
					       optarg);
			break;
		case 'c':
			if (cgp_parse_u64(optarg, &o.count) || o.count == 0)
				tool_usage_err("invalid count '%s' (a number >= 1)", optarg);
			have_count = 1;
			break;
		case OPT_OWN: o.own = 1; break;
		case 'g': tool_add_cgroup(&cgs, optarg); break;
		case 'J': o.json = 1; break;
		case OPT_RAW: o.raw = 1; break;
		case 'h': fputs(usage, stdout); return EXIT_OK;
		case 'V': tool_version();
		default: tool_usage_err("unknown option");
		}
	}
	tool_add_operands(&cgs, argc, argv, optind);
	if (have_count && !o.interval_ms)
		tool_usage_err("-c needs -i");
	if (o.own && !o.interval_ms)
		tool_usage_err("--own needs -i (without it both are shown)");
	if (o.json && o.raw)
		tool_usage_err("--json and --raw exclude each other");

	tool_init();
	rc = o.interval_ms ? show_intervals(&cgs, &o) : show_once(&cgs, &o);
	tool_free_cgroups(&cgs);
	return rc;
}
