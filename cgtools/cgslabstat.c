// SPDX-License-Identifier: GPL-2.0
/*
 * cgslabstat: what slab shrinking did to memory cgroups, from
 * memory.slab_reclaim_stat; with -i, rates per interval, vmstat style.
 */
#define _POSIX_C_SOURCE 200809L
#include "cgjson.h"
#include "cgkv.h"
#include "cgmem.h"
#include "cgnum.h"
#include "cgpath.h"
#include "cgprom.h"
#include "cgtool.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char usage_head[] =
"Usage: cgslabstat [options] [-i SECONDS [-c COUNT]] CGROUP...\n"
"\n"
"Slab reclaim counters of memory cgroups (memory.slab_reclaim_stat): objects\n"
"scanned and freed on each cgroup's lists by global reclaim, limit reclaim\n"
"and memory.force_slab_shrink, dentries and inodes freed, forced shrinks.\n"
"CGROUP is a path in the memory hierarchy (/, /A/B) or memory:PATH: cgroup\n"
"v1 or v2, wherever libcgroup finds the memory controller (-J names it).\n"
"\n"
"Without -i: every counter, OWN (this cgroup's lists) and TOTAL (with\n"
"its descendants).  With -i: one line per CGROUP every SECONDS (\"0.5\" is\n"
"fine) with each counter's rate per second over the interval, from the\n"
"TOTAL counters (--own: from the cgroup's own); COUNT lines per CGROUP,\n"
"or until interrupted (SIGINT ends it with status 0).  A cgroup removed\n"
"meanwhile is reported and no longer followed; the others go on.\n"
"\n"
"Options:\n"
"  -i, --interval SECONDS\n"
"                        sample every SECONDS\n"
"  -c, --count COUNT     stop after COUNT intervals (needs -i)\n"
"      --own             with -i, rates of the cgroup's own counters\n"
"  -R, --recursive       every cgroup of each CGROUP's subtree\n"
"  -g CTRL[:PATH]        as cgget: CTRL:PATH names a CGROUP, CTRL alone\n"
"                        selects controllers (must name memory)\n"
TOOL_OUT_HELP
TOOL_PROM_HELP
"  -h, --help            this text\n"
"  -V, --version         the version\n"
"\n"
"Columns:\n";
static const char usage_tail[] =
"\n"
"Exit status: 0 ok, 1 failed or usage error, 32 no CGROUP found, 64 some\n"
"cgroups failed (or lacked some of the 18 counters).  See cgslabstat(1).\n";

enum { C_CGROUP, C_KEY, C_OWN, C_TOTAL };
static const struct cgo_col cols[] = {
	[C_CGROUP] = { "CGROUP", CGO_TRUNC, "cgroup path" },
	[C_KEY] = { "KEY", 0, "counter (global_scanned, ...)" },
	[C_OWN] = { "OWN", CGO_RIGHT, "its value for the cgroup's own lists" },
	[C_TOTAL] = { "TOTAL", CGO_RIGHT, "its value with the descendants (total_)" },
};
#define DEFAULT_COLS "CGROUP,KEY,OWN,TOTAL"

/* -i: the counters in cgkv_slab_keys order, after TIME and CGROUP. */
enum { I_TIME, I_CGROUP, I_RATES };
static const struct cgo_col icols[] = {
	[I_TIME] = { "TIME", CGO_RIGHT, "seconds since the start" },
	[I_CGROUP] = { "CGROUP", CGO_TRUNC, "cgroup path" },
	{ "GSCAN", CGO_RIGHT, "global_scanned per second" },
	{ "GFREE", CGO_RIGHT, "global_reclaimed per second" },
	{ "LSCAN", CGO_RIGHT, "limit_scanned per second" },
	{ "LFREE", CGO_RIGHT, "limit_reclaimed per second" },
	{ "FSCAN", CGO_RIGHT, "forced_scanned per second" },
	{ "FFREE", CGO_RIGHT, "forced_reclaimed per second" },
	{ "DENTRY", CGO_RIGHT, "dentry_reclaimed per second" },
	{ "INODE", CGO_RIGHT, "inode_reclaimed per second" },
	{ "SHRINK", CGO_RIGHT, "forced_shrinks per second" },
};
#define DEFAULT_ICOLS "TIME,CGROUP,GSCAN,GFREE,LSCAN,LFREE,FSCAN,FFREE,DENTRY,INODE,SHRINK"

#define NCOLS(a) (sizeof(a) / sizeof((a)[0]))
#define NKEYS CGKV_SLAB_NKEYS
/* -i's number columns: a rate up to 999999999/s, a time up to 9999999.9 s */
#define RATE_WIDTH 9

static void __attribute__((noreturn)) usage(void)
{
	fputs(usage_head, stdout);
	cgo_help_columns(stdout, cols, NCOLS(cols));
	fputs("\nColumns with -i:\n", stdout);
	cgo_help_columns(stdout, icols, NCOLS(icols));
	fputs(usage_tail, stdout);
	exit(EXIT_OK);
}

struct opts {
	int own, recursive;
	uint64_t interval_ms, count;
	struct tool_out out;
	struct tool_cgroups named;	/* the CGROUPs named (before -R) */
	size_t *named_failed;		/* failures per CGROUP named */
};

/* One cgroup's file as read: ERR set when it failed or lacks keys. */
struct reading {
	const char *cgroup;
	struct cgkv_kvs kvs;
	int err;
};

/*
 * Read CG's memory.slab_reclaim_stat into R.  Returns 0 when all 18 keys
 * are there; 1, saying nothing, when QUIET_GONE and CG does not exist
 * (any more); else reports why on stderr and returns -1, keeping in R
 * what could be read.
 */
static int read_stat(const char *cg, struct reading *r, int quiet_gone)
{
	char buf[CGKV_KEY_MAX];
	const char *missing;
	int rc;

	r->cgroup = cg;
	r->kvs.n = 0;
	rc = cgm_read_kvs(cg, CGM_SLAB_STAT, &r->kvs);
	if (rc && quiet_gone && cgm_not_found(rc)) {
		r->err = rc;
		return 1;
	}
	if (rc) {
		tool_cg_err(cg, CGM_SLAB_STAT, rc);
		r->err = rc;
		return -1;
	}
	missing = cgkv_slab_missing(&r->kvs, buf);
	if (missing) {
		tool_read_err(cg, CGM_SLAB_STAT, CGM_EPARSE, missing);
		r->err = CGM_EPARSE;
		return -1;
	}
	r->err = 0;
	return 0;
}

/* The NKEYS counters -i follows, own or total (all there: read_stat). */
static void pick(const struct cgkv_kvs *kvs, int own, uint64_t out[NKEYS])
{
	for (size_t k = 0; k < NKEYS; k++) {
		char key[CGKV_KEY_MAX];

		snprintf(key, sizeof(key), "%s%s", own ? "" : "total_", cgkv_slab_keys[k]);
		out[k] = 0;
		cgkv_kvs_get(kvs, key, &out[k]);
	}
}

/*
 * The rows of RS in T, set up for O (-o, -x); ROW_OF[i], when given, is
 * the index in RS of table row i.
 */
static void fill_once_table(struct cgo_table *t, const struct reading *rs,
			    size_t n, const struct opts *o, size_t **row_of)
{
	size_t nrow = 0;

	tool_table_init(t, cols, NCOLS(cols), DEFAULT_COLS, &o->out);
	if (row_of) {
		size_t cap = 0;

		for (size_t i = 0; i < n; i++)
			cap += NKEYS + rs[i].kvs.n + 1;
		*row_of = malloc(cap * sizeof(**row_of) + 1);
		if (!*row_of) {
			tool_err(NULL, "out of memory");
			exit(EXIT_FAIL);
		}
	}
	for (size_t i = 0; i < n; i++) {
		const struct cgkv_kvs *kvs = &rs[i].kvs;
		uint64_t v;

		if (rs[i].err && !kvs->n) {
			/* not read: one row, so that the failure shows */
			cgo_set(t, cgo_row(t, 0), C_CGROUP, rs[i].cgroup);
			if (row_of)
				(*row_of)[nrow++] = i;
			continue;
		}
		/* the nine counters, then any key a later kernel adds */
		for (size_t k = 0; k < NKEYS + kvs->n; k++) {
			const char *key = k < NKEYS ? cgkv_slab_keys[k] : kvs->v[k - NKEYS].key;
			char total_key[CGKV_KEY_MAX + 8];
			size_t row, j;

			if (k >= NKEYS) {
				for (j = 0; j < NKEYS && strcmp(key, cgkv_slab_keys[j]); j++)
					;
				if (j < NKEYS || !strncmp(key, "total_", 6))
					continue;
			}
			row = cgo_row(t, 0);
			if (row_of)
				(*row_of)[nrow++] = i;
			cgo_set(t, row, C_CGROUP, rs[i].cgroup);
			cgo_set(t, row, C_KEY, key);
			if (!cgkv_kvs_get(kvs, key, &v))
				cgo_set_u64(t, row, C_OWN, v);
			snprintf(total_key, sizeof(total_key), "total_%s", key);
			if (!cgkv_kvs_get(kvs, total_key, &v))
				cgo_set_u64(t, row, C_TOTAL, v);
		}
	}
}

static void print_once_table(const struct reading *rs, size_t n, const struct opts *o)
{
	struct cgo_table t;

	fill_once_table(&t, rs, n, o, NULL);
	if (t.nrows || o->out.mode != CGO_TABLE)
		tool_print_table(&t, &o->out);
	cgo_table_free(&t);
}

/* Is column C among those T shows? */
static int selected(const struct cgo_table *t, size_t c)
{
	for (size_t i = 0; i < t->nsel; i++)
		if (t->sel[i] == c)
			return 1;
	return 0;
}

/*
 * -J -o: "cgroup" with CGROUP; "stat" with KEY, OWN or TOTAL, holding
 * the own keys with OWN, the total_ ones with TOTAL (all with KEY
 * alone); "error" always.
 */
static int json_keep(int depth, const char *key, void *arg)
{
	const struct cgo_table *t = arg;
	int own = selected(t, C_OWN), total = selected(t, C_TOTAL);

	if (depth == 3) {
		if (!strcmp(key, "cgroup"))
			return selected(t, C_CGROUP);
		if (!strcmp(key, "stat"))
			return own || total || selected(t, C_KEY);
		return 1;
	}
	if (depth == 4 && (own || total))
		return strncmp(key, "total_", 6) ? own : total;
	return 1;
}

/*
 * -J: one document whatever the columns: -o keeps the members of those
 * named (and "hierarchy", "error"), -x orders the entries (a cgroup
 * where its first row sorts).
 */
static void print_once_json(const struct reading *rs, size_t n, const struct opts *o)
{
	struct cgjw w;
	struct cgo_table t;
	size_t *row_of, *order, m = 0;
	unsigned char *done = calloc(n ? n : 1, 1);

	fill_once_table(&t, rs, n, o, &row_of);
	order = malloc((t.nrows ? t.nrows : 1) * sizeof(*order));
	if (!done || !order || cgo_order(&t, order)) {
		tool_err(NULL, "out of memory");
		exit(EXIT_FAIL);
	}
	for (size_t k = 0; k < t.nrows; k++) {
		size_t i = row_of[order[k]];

		if (!done[i]) {
			done[i] = 1;
			order[m++] = i;
		}
	}
	cgjw_init(&w, stdout);
	w.break_depth = 2;
	if (o->out.columns) {
		w.keep = json_keep;
		w.keep_arg = &t;
	}
	cgjw_obj(&w, NULL);
	tool_json_hierarchy(&w);
	cgjw_arr(&w, "cgroups");
	for (size_t k = 0; k < m; k++) {
		size_t i = order[k];

		cgjw_obj(&w, NULL);
		cgjw_str(&w, "cgroup", rs[i].cgroup);
		if (rs[i].err && !rs[i].kvs.n) {
			cgjw_null(&w, "stat");
		} else {
			cgjw_obj(&w, "stat");
			for (size_t j = 0; j < rs[i].kvs.n; j++)
				cgjw_u64(&w, rs[i].kvs.v[j].key, rs[i].kvs.v[j].val);
			cgjw_end(&w);
		}
		if (rs[i].err)
			cgjw_str(&w, "error", cgm_strerror(rs[i].err));
		cgjw_end(&w);
	}
	cgjw_end(&w);
	cgjw_end(&w);
	putchar('\n');
	cgo_table_free(&t);
	free(row_of);
	free(order);
	free(done);
}

/* The Prometheus families: one per counter, origins as a label. */
static const struct family {
	const char *name, *help;
	const char *keys[3];	/* the keys it gathers, by origin */
} families[] = {
	{ "scanned", "Slab objects scanned on the memory cgroup's lists, by who asked (memory.slab_reclaim_stat: *_scanned).",
	  { "global_scanned", "limit_scanned", "forced_scanned" } },
	{ "reclaimed", "Slab objects freed from the memory cgroup's lists, by who asked (memory.slab_reclaim_stat: *_reclaimed).",
	  { "global_reclaimed", "limit_reclaimed", "forced_reclaimed" } },
	{ "dentries_reclaimed", "Dentries freed from the memory cgroup's lists, any origin (dentry_reclaimed).",
	  { "dentry_reclaimed" } },
	{ "inodes_reclaimed", "Inodes freed from the memory cgroup's lists, any origin (inode_reclaimed).",
	  { "inode_reclaimed" } },
	{ "forced_shrinks", "Successful writes to the memory cgroup's memory.force_slab_shrink (forced_shrinks).",
	  { "forced_shrinks" } },
};

static void print_prometheus(const struct reading *rs, size_t n,
			     const struct tool_cgroups *named, const size_t *named_failed)
{
	static const char *const origins[] = { "global", "limit", "forced" };

	for (int total = 0; total < 2; total++) {
		for (size_t f = 0; f < NCOLS(families); f++) {
			char name[96], help[256];

			snprintf(name, sizeof(name), "memcg_slab_%s%s_total",
				 total ? "subtree_" : "", families[f].name);
			snprintf(help, sizeof(help), "%s%s", families[f].help,
				 total ? " With the descendants (the total_ keys)." : "");
			cgprom_family(stdout, name, "counter", help);
			for (size_t i = 0; i < n; i++) {
				for (size_t k = 0; k < 3 && families[f].keys[k]; k++) {
					struct cgprom_label l[] = {
						{ "cgroup", rs[i].cgroup },
						{ "origin", origins[k] },
					};
					char key[CGKV_KEY_MAX];
					uint64_t v;

					snprintf(key, sizeof(key), "%s%s", total ? "total_" : "",
						 families[f].keys[k]);
					if (!cgkv_kvs_get(&rs[i].kvs, key, &v))
						cgprom_sample(stdout, name, l,
							      families[f].keys[1] ? 2 : 1, v);
				}
			}
		}
	}
	/* per CGROUP named, labelled with it, as cgdentry's */
	cgprom_family(stdout, "memcg_slab_read_errors", "gauge",
		      "Cgroups (or subtrees) that cgslabstat could not read in this run, per CGROUP named (with -R: its subtree); each named on its stderr.");
	for (size_t i = 0; i < named->n; i++) {
		struct cgprom_label l[] = { { "cgroup", named->path[i] } };

		cgprom_sample(stdout, "memcg_slab_read_errors", l, 1, named_failed[i]);
	}
}

/*
 * May PATH be gone without a word?  A descendant that -R walked and that
 * was removed before its read, as cgdentry(1) leaves it out; a CGROUP
 * named is reported.
 */
static int gone_ok(const struct opts *o, const char *path)
{
	if (!o->recursive)
		return 0;
	for (size_t j = 0; j < o->named.n; j++)
		if (!strcmp(path, o->named.path[j]))
			return 0;
	return 1;
}

/* Count a failure of PATH to the first CGROUP named that holds it. */
static void count_failure(const struct opts *o, const char *path)
{
	for (size_t j = 0; j < o->named.n; j++) {
		if (o->recursive ? cgpath_under(path, o->named.path[j]) :
				   !strcmp(path, o->named.path[j])) {
			o->named_failed[j]++;
			return;
		}
	}
}

static int show_once(const struct tool_cgroups *cgs, const struct opts *o,
		     size_t walk_failed)
{
	struct reading *rs = calloc(cgs->n ? cgs->n : 1, sizeof(*rs));
	size_t n = 0, ok = 0, failed = walk_failed;

	if (!rs) {
		tool_err(NULL, "out of memory");
		return EXIT_FAIL;
	}
	for (size_t i = 0; i < cgs->n; i++) {
		int rc = read_stat(cgs->path[i], &rs[n], gone_ok(o, cgs->path[i]));

		if (rc > 0) {
			cgkv_kvs_free(&rs[n].kvs);
			continue;
		}
		if (rc) {
			failed++;
			count_failure(o, cgs->path[i]);
		} else
			ok++;
		/*
		 * a cgroup that exists keeps its entry, with what was read
		 * (some keys may be missing) or none, and its error
		 */
		if (!cgm_not_found(rs[n].err))
			n++;
		else
			cgkv_kvs_free(&rs[n].kvs);
	}
	if (o->out.mode == CGO_JSON)
		print_once_json(rs, n, o);
	else if (o->out.mode == CGO_PROM)
		print_prometheus(rs, n, &o->named, o->named_failed);
	else
		print_once_table(rs, n, o);
	for (size_t i = 0; i < n; i++)
		cgkv_kvs_free(&rs[i].kvs);
	free(rs);
	/* --prometheus: failures are a metric; '> f.tmp && mv' must go on */
	if (o->out.mode == CGO_PROM && ok)
		return EXIT_OK;
	return tool_status(ok, failed);
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

static void print_interval(struct cgo_table *t, const char *cg, double time_s,
			   uint64_t ms, const uint64_t before[NKEYS],
			   const uint64_t now[NKEYS], const struct opts *o)
{
	uint64_t delta[NKEYS];
	struct cgjw w;
	size_t row;

	for (size_t k = 0; k < NKEYS; k++)
		delta[k] = cgnum_delta(before[k], now[k]);
	if (o->out.mode != CGO_JSON) {
		row = cgo_row(t, 0);
		cgo_setf(t, row, I_TIME, "%.1f", time_s);
		cgo_set(t, row, I_CGROUP, cg);
		for (size_t k = 0; k < NKEYS; k++)
			cgo_setf(t, row, I_RATES + k, "%.0f", cgnum_rate(delta[k], ms));
		return;
	}
	cgjw_init(&w, stdout);
	cgjw_obj(&w, NULL);
	cgjw_fixed(&w, "time", time_s, 3);
	cgjw_str(&w, "cgroup", cg);
	cgjw_u64(&w, "interval_ms", ms);
	cgjw_str(&w, "counters", o->own ? "own" : "total");
	cgjw_obj(&w, "delta");
	for (size_t k = 0; k < NKEYS; k++)
		cgjw_u64(&w, cgkv_slab_keys[k], delta[k]);
	cgjw_end(&w);
	cgjw_obj(&w, "per_second");
	for (size_t k = 0; k < NKEYS; k++)
		cgjw_fixed(&w, cgkv_slab_keys[k], cgnum_rate(delta[k], ms), 1);
	cgjw_end(&w);
	cgjw_end(&w);
	putchar('\n');
}

/* A cgroup -i follows, until it cannot be read. */
struct follow {
	uint64_t prev[NKEYS];
	int active, sampled;
};

static int show_intervals(const struct tool_cgroups *cgs, const struct opts *o,
			  size_t walk_failed)
{
	struct reading r = { 0 };
	struct follow *fs = calloc(cgs->n ? cgs->n : 1, sizeof(*fs));
	struct cgo_table t;
	uint64_t start, last, now;
	size_t active = 0, ok = 0, failed = walk_failed;

	if (!fs) {
		tool_err(NULL, "out of memory");
		return EXIT_FAIL;
	}
	if (o->out.mode != CGO_JSON) {
		tool_table_init(&t, icols, NCOLS(icols), DEFAULT_ICOLS, &o->out);
		/*
		 * printed an interval at a time: numbers get room for what
		 * later intervals bring, so the columns stay under the header
		 */
		for (size_t c = 0; c < NCOLS(icols); c++)
			if (icols[c].flags & CGO_RIGHT)
				t.width[c] = RATE_WIDTH;
	}
	tool_catch_stop();
	for (size_t i = 0; i < cgs->n; i++) {
		int rc = read_stat(cgs->path[i], &r, gone_ok(o, cgs->path[i]));

		if (rc) {
			failed += rc < 0;
			continue;
		}
		pick(&r.kvs, o->own, fs[i].prev);
		fs[i].active = 1;
		active++;
	}
	start = last = tool_now_ms();
	for (uint64_t n = 0; active && (o->count == 0 || n < o->count); n++) {
		if (sleep_ms(o->interval_ms))
			break;	/* interrupted: the normal way to end it */
		now = tool_now_ms();
		for (size_t i = 0; i < cgs->n; i++) {
			uint64_t cur[NKEYS];

			if (!fs[i].active)
				continue;
			if (read_stat(cgs->path[i], &r, 0)) {
				/* removed, or broken: report it, follow the rest */
				fs[i].active = 0;
				active--;
				failed++;
				continue;
			}
			pick(&r.kvs, o->own, cur);
			print_interval(&t, cgs->path[i], (double)(now - start) / 1000.0,
				       now - last, fs[i].prev, cur, o);
			memcpy(fs[i].prev, cur, sizeof(cur));
			fs[i].sampled = 1;
		}
		if (o->out.mode != CGO_JSON)
			tool_print_table(&t, &o->out);
		if (fflush(stdout) || ferror(stdout))
			break;	/* reported by the check at exit */
		last = now;
	}
	for (size_t i = 0; i < cgs->n; i++)
		if (fs[i].active || fs[i].sampled)
			ok++;
	if (o->out.mode != CGO_JSON)
		cgo_table_free(&t);
	cgkv_kvs_free(&r.kvs);
	free(fs);
	return tool_status(ok, failed);
}

/*
 * With -R: each CGROUP's subtree in its place; returns the failures,
 * counted per CGROUP in NAMED_FAILED too.
 */
static size_t expand(struct tool_cgroups *cgs, size_t *named_failed)
{
	struct tool_cgroups all = { 0 };
	size_t failed = 0;

	for (size_t i = 0; i < cgs->n; i++) {
		char **paths;
		size_t n, bad = tool_walk(cgs->path[i], &paths, &n);

		failed += bad;
		named_failed[i] += bad;
		for (size_t j = 0; j < n; j++)
			tool_add_path(&all, paths[j]);
		cgm_free_paths(paths, n);
	}
	tool_free_cgroups(cgs);
	*cgs = all;
	return failed;
}

int main(int argc, char **argv)
{
	enum { OPT_OWN = 0x200 };
	static const struct option longopts[] = {
		{ "interval", required_argument, NULL, 'i' },
		{ "count", required_argument, NULL, 'c' },
		{ "own", no_argument, NULL, OPT_OWN },
		{ "recursive", no_argument, NULL, 'R' },
		TOOL_OUT_LONGOPTS,
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct tool_cgroups cgs = { 0 };
	struct opts o = { 0 };
	int c, rc, have_count = 0;
	size_t walk_failed = 0;

	tool_setup("cgslabstat");
	while ((c = getopt_long(argc, argv, "i:c:Rg:" TOOL_OUT_SHORTOPTS "hV",
				longopts, NULL)) != -1) {
		if (tool_out_option(&o.out, c, optarg))
			continue;
		switch (c) {
		case 'i':
			if (cgnum_parse_interval_ms(optarg, &o.interval_ms))
				tool_usage_err("invalid interval '%s' (seconds, > 0, at most 3 decimals)",
					       optarg);
			break;
		case 'c':
			if (cgnum_parse_u64(optarg, &o.count) || o.count == 0)
				tool_usage_err("invalid count '%s' (a number >= 1)", optarg);
			have_count = 1;
			break;
		case OPT_OWN: o.own = 1; break;
		case 'R': o.recursive = 1; break;
		case 'g': tool_opt_g(&cgs, optarg); break;
		case 'h': usage();
		case 'V': tool_version();
		default: tool_try_help();
		}
	}
	tool_add_operands(&cgs, argc, argv, optind);
	tool_dedupe_cgroups(&cgs);
	if (have_count && !o.interval_ms)
		tool_usage_err("-c needs -i");
	if (o.own && !o.interval_ms)
		tool_usage_err("--own needs -i (without it both are shown)");
	tool_out_check(&o.out, o.interval_ms ? "--prometheus does not go with -i (scrape the counters instead)" : NULL);
	if (o.out.mode == CGO_JSON && o.interval_ms && (o.out.columns || o.out.noheadings))
		tool_usage_err("-o and -n do not apply to -J with -i (JSON Lines of every counter)");
	/* check -o before touching any cgroup */
	if (o.interval_ms)
		tool_check_columns(icols, NCOLS(icols), DEFAULT_ICOLS, &o.out);
	else
		tool_check_columns(cols, NCOLS(cols), DEFAULT_COLS, &o.out);

	tool_init();
	tool_need_file(CGM_SLAB_STAT);
	for (size_t i = 0; i < cgs.n; i++)
		tool_add_path(&o.named, cgs.path[i]);
	o.named_failed = calloc(cgs.n ? cgs.n : 1, sizeof(*o.named_failed));
	if (!o.named_failed) {
		tool_err(NULL, "out of memory");
		return EXIT_FAIL;
	}
	if (o.recursive) {
		walk_failed = expand(&cgs, o.named_failed);
		tool_dedupe_cgroups(&cgs);	/* -R / /A: each cgroup once */
	}
	rc = o.interval_ms ? show_intervals(&cgs, &o, walk_failed) :
			     show_once(&cgs, &o, walk_failed);
	tool_free_cgroups(&cgs);
	tool_free_cgroups(&o.named);
	free(o.named_failed);
	return rc;
}
