// SPDX-License-Identifier: GPL-2.0
/*
 * cgshrink: targeted slab reclaim of memory cgroups through
 * memory.force_slab_shrink, with a report of what it did.
 */
#define _POSIX_C_SOURCE 200809L
#include "cgjson.h"
#include "cgkv.h"
#include "cgmem.h"
#include "cgnum.h"
#include "cgpath.h"
#include "cgtool.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char usage_head[] =
"Usage: cgshrink [options] -N N | --all [-R] [--above T] [--dry-run] CGROUP...\n"
"\n"
"Free slab objects (dentries, inodes, ...) charged to each memory cgroup and\n"
"its descendants by writing memory.force_slab_shrink, then report per\n"
"cgroup its unused dentries before and after (own lists and whole subtree),\n"
"the objects freed (delta of total_forced_reclaimed in\n"
"memory.slab_reclaim_stat), the dentries among them (delta of\n"
"total_dentry_reclaimed, any origin) and the time the write took.\n"
"CGROUP is a path in the memory hierarchy (/, /A/B) or memory:PATH: cgroup\n"
"v1 or v2, wherever libcgroup finds the memory controller (-J names it).\n"
"\n"
"Options:\n"
"  -N, --max N           free up to N objects per cgroup (1 <= N <= 2^64-1)\n"
"  -a, --all             free all that can be freed (one of -N and -a is\n"
"                        needed: there is no default)\n"
"      --above T         only shrink a cgroup whose subtree holds more\n"
"                        than T unused dentries (TOTAL: what its shrink\n"
"                        covers)\n"
"  -R, --recursive       with --above: judge the cgroups below each CGROUP\n"
"                        (never CGROUP itself) and shrink each one over T\n"
"                        that has no descendant over T: a shrink covers the\n"
"                        smallest subtree over T, never its parents (nor\n"
"                        the root)\n"
"      --dry-run         select as usual, read the counters, write nothing:\n"
"                        the cgroups that would be shrunk\n"
"  -g CTRL[:PATH]        as cgget: CTRL:PATH names a CGROUP, CTRL alone\n"
"                        selects controllers (must name memory)\n"
TOOL_OUT_HELP
"  -h, --help            this text\n"
"  -V, --version         the version\n"
"\n"
"Columns:\n";
static const char usage_tail[] =
"\n"
"SIGINT or SIGTERM interrupts the shrink in progress (what it freed stays\n"
"freed and is reported) and skips the rest; a second one kills cgshrink.\n"
"Exit status: 0 ok, 1 failed, interrupted or usage error, 32 no CGROUP\n"
"found, 64 some cgroups failed.  See cgshrink(1).\n";

enum {
	C_CGROUP, C_UNUSED_BEFORE, C_UNUSED_AFTER, C_TOTAL_BEFORE,
	C_TOTAL_AFTER, C_FREED, C_DENTRIES_FREED, C_MS, C_STATUS,
};
static const struct cgo_col cols[] = {
	[C_CGROUP] = { "CGROUP", CGO_TRUNC, "cgroup path" },
	[C_UNUSED_BEFORE] = { "UNUSED_BEFORE", CGO_RIGHT, "own unused dentries before" },
	[C_UNUSED_AFTER] = { "UNUSED_AFTER", CGO_RIGHT, "own unused dentries after" },
	[C_TOTAL_BEFORE] = { "TOTAL_BEFORE", CGO_RIGHT, "subtree's unused dentries before" },
	[C_TOTAL_AFTER] = { "TOTAL_AFTER", CGO_RIGHT, "subtree's unused dentries after" },
	[C_FREED] = { "FREED", CGO_RIGHT, "objects freed (total_forced_reclaimed)" },
	[C_DENTRIES_FREED] = { "DENTRIES_FREED", CGO_RIGHT, "dentries freed (total_dentry_reclaimed)" },
	[C_MS] = { "MS", CGO_RIGHT, "milliseconds the write took" },
	[C_STATUS] = { "STATUS", CGO_TRUNC, "ok, interrupted, dry-run, or what failed" },
};
#define DEFAULT_COLS "CGROUP,UNUSED_BEFORE,UNUSED_AFTER,TOTAL_BEFORE,TOTAL_AFTER,FREED,DENTRIES_FREED,MS"
#define NCOLS(a) (sizeof(a) / sizeof((a)[0]))

static void __attribute__((noreturn)) usage(void)
{
	fputs(usage_head, stdout);
	cgo_help_columns(stdout, cols, NCOLS(cols));
	fputs(usage_tail, stdout);
	exit(EXIT_OK);
}

struct opts {
	const char *request;	/* "all" or the decimal N */
	int recursive, have_above, dry_run;
	uint64_t above;
	struct tool_out out;
};

/* What was sampled before and after: own, total, forced, dentries. */
struct sample {
	uint64_t unused, total, forced, dentries;
};

/*
 * One cgroup selected: shrunk, or why not.  Every cgroup that exists and
 * was selected (or could not be judged) has one, as cgtools(7) promises:
 * what failed is null, ERR and ERR_FILE say why.
 */
struct result {
	char *cgroup;
	struct sample s[2];
	uint64_t ms;
	int have_before;	/* s[0] was read */
	int shrunk;		/* the write was made (even if interrupted) */
	int have_after;		/* s[1] was read */
	int interrupted;
	int err;		/* the first failure: 0, or a cgmem code */
};

struct report {
	size_t n, considered, failed;
	size_t shrunk;		/* writes made (with --dry-run: that would be) */
	struct result *r;
	int interrupted;
};

/*
 * Own/total unused and (with FULL) the forced/dentry counters of CG.
 * Reports a failure on stderr, except that CG does not exist when QUIET.
 */
static int sample(const char *cg, struct sample *s, int full, int quiet)
{
	struct cgkv_dentry d;
	struct cgkv_kvs kvs = { 0 };
	const char *missing;
	int rc = cgm_read_dentry(cg, &d, &missing);

	if (rc) {
		if (!(quiet && cgm_not_found(rc)))
			tool_read_err(cg, CGM_DENTRY_UNUSED, rc, missing);
		return rc;
	}
	s->unused = d.unused;
	s->total = d.total;
	cgkv_dentry_free(&d);
	if (!full)
		return 0;
	rc = cgm_read_kvs(cg, CGM_SLAB_STAT, &kvs);
	if (!rc && (cgkv_kvs_get(&kvs, "total_forced_reclaimed", &s->forced) ||
		    cgkv_kvs_get(&kvs, "total_dentry_reclaimed", &s->dentries)))
		rc = CGM_EPARSE;
	cgkv_kvs_free(&kvs);
	if (rc)
		tool_cg_err(cg, CGM_SLAB_STAT, rc);
	return rc;
}

/* Add RES for CG to REP, counting a failure; a missing cgroup has no row. */
static void add_result(struct report *rep, struct result *res, const char *cg)
{
	struct result *r;

	if (res->err)
		rep->failed++;
	if (cgm_not_found(res->err))
		return;
	r = realloc(rep->r, (rep->n + 1) * sizeof(*r));
	res->cgroup = strdup(cg);
	if (!r || !res->cgroup) {
		tool_err(NULL, "out of memory");
		exit(EXIT_FAIL);
	}
	rep->r = r;
	rep->r[rep->n++] = *res;
}

/*
 * Shrink CG once (or, with --dry-run, only read it) and add what it did
 * to REP.  Returns 1 when the write was made (even if interrupted) or
 * would be, 0 when it was not: then CG's subtree has not been shrunk.
 */
static int shrink_one(const char *cg, const struct opts *o, struct report *rep)
{
	struct result res = { 0 };
	uint64_t t0;
	int rc;

	res.err = sample(cg, &res.s[0], 1, 0);
	res.have_before = !res.err;
	/*
	 * A stop signal that came while sampling: do not start a write that
	 * may run long.  (One that comes between this check and the write
	 * is seen by the write, or a second ^C kills.)
	 */
	if (!res.err && tool_stop) {
		rep->interrupted = 1;
		return 0;
	}
	if (res.err || o->dry_run) {
		if (!res.err)
			rep->shrunk++;	/* would be */
		add_result(rep, &res, cg);
		return o->dry_run && !res.err;
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
		res.err = rc;
		add_result(rep, &res, cg);
		return 0;
	}
	res.shrunk = 1;
	rep->shrunk++;
	/* the shrink is done: report it even if reading after it fails */
	res.err = sample(cg, &res.s[1], 1, 0);
	res.have_after = !res.err;
	add_result(rep, &res, cg);
	return 1;
}

/* The parent of PATH ("/A" for "/A/B", "/" for "/A"). */
static void parent_of(const char *path, char *out, size_t size)
{
	const char *slash = strrchr(path, '/');
	size_t len = slash && slash != path ? (size_t)(slash - path) : 1;

	snprintf(out, size, "%.*s", (int)(len < size ? len : size - 1), path);
}

/*
 * The cgroups -R --above selects below CG (PATHS[0]; PATHS in walk
 * order, parents first): each descendant whose subtree holds more than T
 * unused dentries (total_unused: what its shrink covers) and none of whose
 * descendants is selected, children judged before their parents.  So a
 * shrink never reaches past the smallest subtree over T: a parent of a
 * selected cgroup (the root, a pod's slice) is not selected for it, and
 * CG itself, the scope, never is.  Sets SEL[i]; returns the number judged.
 */
static size_t select_below(char **paths, size_t n, const struct opts *o,
			   struct report *rep, int *sel)
{
	struct cgpath_pathset blocked = { 0 };	/* a descendant was selected */
	char parent[4096];
	size_t judged = 0;

	for (size_t i = n; i-- > 1 && !tool_stop;) {
		struct sample s;
		int rc, has;

		has = cgpath_pathset_has(&blocked, paths[i]);
		if (!has) {
			judged++;
			rc = sample(paths[i], &s, 0, 1);
			if (cgm_not_found(rc))
				continue;	/* removed since the walk */
			if (rc) {
				/* not judged: its entry says why */
				struct result res = { .err = rc };

				add_result(rep, &res, paths[i]);
				continue;
			}
			if (s.total <= o->above)
				continue;
			sel[i] = 1;
		}
		parent_of(paths[i], parent, sizeof(parent));
		if (cgpath_pathset_add(&blocked, parent) < 0) {
			tool_err(NULL, "out of memory");
			exit(EXIT_FAIL);
		}
	}
	cgpath_pathset_free(&blocked);
	return judged;
}

/*
 * The policy over CG: without -R, CG itself (with --above, if its
 * subtree holds more than T unused dentries); with -R, the cgroups
 * select_below() picks, shrunk in walk order.  Returns 1 when a stop
 * left some of it undone, 0 when all of it was done.
 */
static int shrink_selected(const char *cg, const struct opts *o,
			   struct report *rep)
{
	char **paths;
	size_t i, n;
	int *sel, left;

	if (!o->recursive) {
		if (o->have_above) {
			struct sample s;
			int rc = sample(cg, &s, 0, 0);

			rep->considered++;
			if (rc) {
				struct result res = { .err = rc };

				add_result(rep, &res, cg);
				return 0;
			}
			if (s.total <= o->above)
				return 0;
		} else {
			rep->considered++;
		}
		if (tool_stop)
			return 1;
		shrink_one(cg, o, rep);
		return 0;
	}
	rep->failed += tool_walk(cg, &paths, &n);
	sel = calloc(n ? n : 1, sizeof(*sel));
	if (!sel) {
		tool_err(NULL, "out of memory");
		exit(EXIT_FAIL);
	}
	rep->considered += select_below(paths, n, o, rep, sel);
	left = tool_stop != 0;	/* stopped while judging: not all judged */
	for (i = 0; i < n && !tool_stop && !rep->interrupted; i++)
		if (sel[i])
			shrink_one(paths[i], o, rep);
	for (; i < n; i++)
		left |= sel[i];
	free(sel);
	cgm_free_paths(paths, n);
	return left;
}

/* KEY: V, or null when the value was not read. */
static void json_u64_or_null(struct cgjw *w, const char *key, int have, uint64_t v)
{
	if (have)
		cgjw_u64(w, key, v);
	else
		cgjw_null(w, key);
}

/* The rows of REP in T (row i for entry i), set up for O (-o, -x). */
static void fill_table(struct cgo_table *t, const struct report *rep,
		       const struct opts *o)
{
	tool_table_init(t, cols, NCOLS(cols), DEFAULT_COLS, &o->out);
	for (size_t i = 0; i < rep->n; i++) {
		const struct result *r = &rep->r[i];
		const struct sample *a = &r->s[0], *b = &r->s[1];
		size_t row = cgo_row(t, 0);

		cgo_set(t, row, C_CGROUP, r->cgroup);
		cgo_set(t, row, C_STATUS, r->err ? cgm_strerror(r->err) :
			r->interrupted ? "interrupted" : o->dry_run ? "dry-run" : "ok");
		if (r->have_before) {
			cgo_set_u64(t, row, C_UNUSED_BEFORE, a->unused);
			cgo_set_u64(t, row, C_TOTAL_BEFORE, a->total);
		}
		if (r->shrunk)
			cgo_set_u64(t, row, C_MS, r->ms);
		if (!r->have_after)
			continue;
		cgo_set_u64(t, row, C_UNUSED_AFTER, b->unused);
		cgo_set_u64(t, row, C_TOTAL_AFTER, b->total);
		if (r->have_before) {
			cgo_set_u64(t, row, C_FREED, cgnum_delta(a->forced, b->forced));
			cgo_set_u64(t, row, C_DENTRIES_FREED,
				    cgnum_delta(a->dentries, b->dentries));
		}
	}
}

static void print_table(const struct report *rep, const struct opts *o)
{
	struct cgo_table t;

	fill_table(&t, rep, o);
	if (rep->n || o->out.mode != CGO_TABLE)
		tool_print_table(&t, &o->out);
	cgo_table_free(&t);
}

/* The JSON members of each column: -J -o COLUMNS keeps those it names. */
static const char *const json_keys[][2] = {
	[C_CGROUP] = { "cgroup" }, [C_UNUSED_BEFORE] = { "unused_before" },
	[C_UNUSED_AFTER] = { "unused_after" },
	[C_TOTAL_BEFORE] = { "total_unused_before" },
	[C_TOTAL_AFTER] = { "total_unused_after" }, [C_FREED] = { "freed" },
	[C_DENTRIES_FREED] = { "dentries_freed" }, [C_MS] = { "elapsed_ms" },
	[C_STATUS] = { "shrunk", "interrupted" },
};

/* -J -o: an entry's member (depth 3) when its column is selected; "error" always. */
static int json_keep(int depth, const char *key, void *arg)
{
	const struct cgo_table *t = arg;

	if (depth != 3 || !strcmp(key, "error"))
		return 1;
	for (size_t i = 0; i < t->nsel; i++)
		for (size_t k = 0; k < 2; k++)
			if (json_keys[t->sel[i]][k] && !strcmp(key, json_keys[t->sel[i]][k]))
				return 1;
	return 0;
}

/* -J: one document whatever the columns; -o keeps theirs, -x orders. */
static void print_json(const struct report *rep, const struct opts *o)
{
	struct cgjw w;
	struct cgo_table t;
	size_t *order = malloc((rep->n ? rep->n : 1) * sizeof(*order));

	fill_table(&t, rep, o);
	if (!order || cgo_order(&t, order)) {
		tool_err(NULL, "out of memory");
		exit(EXIT_FAIL);
	}
	cgjw_init(&w, stdout);
	w.break_depth = 2;
	if (o->out.columns) {
		w.keep = json_keep;
		w.keep_arg = &t;
	}
	cgjw_obj(&w, NULL);
	tool_json_hierarchy(&w);
	cgjw_str(&w, "request", o->request);
	if (o->have_above)
		cgjw_u64(&w, "threshold", o->above);
	else
		cgjw_null(&w, "threshold");
	cgjw_bool(&w, "dry_run", o->dry_run);
	cgjw_u64(&w, "considered", rep->considered);
	cgjw_bool(&w, "interrupted", rep->interrupted);
	cgjw_arr(&w, "cgroups");
	for (size_t i = 0; i < rep->n; i++) {
		const struct result *r = &rep->r[order[i]];
		const struct sample *a = &r->s[0], *b = &r->s[1];
		int both = r->have_before && r->have_after;

		cgjw_obj(&w, NULL);
		cgjw_str(&w, "cgroup", r->cgroup);
		json_u64_or_null(&w, "unused_before", r->have_before, a->unused);
		json_u64_or_null(&w, "unused_after", r->have_after, b->unused);
		json_u64_or_null(&w, "total_unused_before", r->have_before, a->total);
		json_u64_or_null(&w, "total_unused_after", r->have_after, b->total);
		json_u64_or_null(&w, "freed", both, cgnum_delta(a->forced, b->forced));
		json_u64_or_null(&w, "dentries_freed", both,
				 cgnum_delta(a->dentries, b->dentries));
		json_u64_or_null(&w, "elapsed_ms", r->shrunk, r->ms);
		cgjw_bool(&w, "shrunk", r->shrunk);
		cgjw_bool(&w, "interrupted", r->interrupted);
		if (r->err)
			cgjw_str(&w, "error", cgm_strerror(r->err));
		cgjw_end(&w);
	}
	cgjw_end(&w);
	cgjw_end(&w);
	putchar('\n');
	cgo_table_free(&t);
	free(order);
}

int main(int argc, char **argv)
{
	enum { OPT_ABOVE = 0x200, OPT_DRY_RUN };
	static const struct option longopts[] = {
		{ "max", required_argument, NULL, 'N' },
		{ "all", no_argument, NULL, 'a' },
		{ "recursive", no_argument, NULL, 'R' },
		{ "above", required_argument, NULL, OPT_ABOVE },
		{ "dry-run", no_argument, NULL, OPT_DRY_RUN },
		TOOL_OUT_LONGOPTS,
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct tool_cgroups cgs = { 0 };
	struct opts o = { 0 };
	struct report rep = { 0 };
	uint64_t n;
	int c, have_n = 0, have_all = 0, left = 0, status;
	size_t i;

	tool_setup("cgshrink");
	while ((c = getopt_long(argc, argv, "N:aRg:" TOOL_OUT_SHORTOPTS "hV",
				longopts, NULL)) != -1) {
		if (tool_out_option(&o.out, c, optarg))
			continue;
		switch (c) {
		case 'N':
			/* the kernel takes 1..ULONG_MAX; pass the text on as given */
			if (cgnum_parse_u64(optarg, &n) || n == 0 || n > (uint64_t)(unsigned long)-1)
				tool_usage_err("invalid --max '%s' (a number from 1 to %lu)",
					       optarg, (unsigned long)-1);
			o.request = optarg;
			have_n = 1;
			break;
		case 'a': have_all = 1; break;
		case 'R': o.recursive = 1; break;
		case OPT_ABOVE:
			if (cgnum_parse_u64(optarg, &o.above))
				tool_usage_err("invalid --above '%s' (a number >= 0)", optarg);
			o.have_above = 1;
			break;
		case OPT_DRY_RUN: o.dry_run = 1; break;
		case 'g': tool_opt_g(&cgs, optarg); break;
		case 'h': usage();
		case 'V': tool_version();
		default: tool_try_help();
		}
	}
	tool_add_operands(&cgs, argc, argv, optind);
	tool_dedupe_cgroups(&cgs);
	if (have_n && have_all)
		tool_usage_err("--max and --all exclude each other");
	/* freeing every cgroup's caches is never a default */
	if (!have_n && !have_all)
		tool_usage_err("say what to free: -N N (up to N objects) or -a (all)");
	if (o.recursive && !o.have_above)
		tool_usage_err("-R needs --above T (a shrink already covers the subtree)");
	tool_out_check(&o.out, "--prometheus: cgshrink reports an action, not metrics");
	/* check -o before touching any cgroup */
	tool_check_columns(cols, NCOLS(cols), DEFAULT_COLS, &o.out);
	if (have_all)
		o.request = "all";

	tool_init();
	tool_need_file(CGM_FORCE_SHRINK);
	tool_need_file(CGM_DENTRY_UNUSED);
	tool_need_file(CGM_SLAB_STAT);
	tool_catch_stop();
	for (i = 0; i < cgs.n && !tool_stop && !rep.interrupted; i++)
		left = shrink_selected(cgs.path[i], &o, &rep);
	/*
	 * A stop that came once the last cgroup was done (while its result
	 * was read) cut nothing short: the run is whole and says so.
	 */
	if (tool_stop && !rep.interrupted && (left || i < cgs.n)) {
		rep.interrupted = 1;
		tool_err(NULL, "interrupted; stopped before the next cgroup");
	} else if (rep.interrupted && (!rep.n || !rep.r[rep.n - 1].interrupted)) {
		tool_err(NULL, "interrupted; stopped before the next shrink");
	}
	if (o.out.mode == CGO_JSON)
		print_json(&rep, &o);
	else
		print_table(&rep, &o);
	/* a note for the admin, never in the data (stdout may be a file) */
	if (o.have_above)
		fprintf(stderr, "%s: %s %zu of %zu cgroup%s considered (subtree's unused dentries > %llu)\n",
			tool_name, o.dry_run ? "would shrink" : "shrank",
			rep.shrunk, rep.considered,
			rep.considered == 1 ? "" : "s", (unsigned long long)o.above);
	status = rep.interrupted ? EXIT_FAIL :
		 tool_status(rep.shrunk, rep.failed);
	for (i = 0; i < rep.n; i++)
		free(rep.r[i].cgroup);
	free(rep.r);
	tool_free_cgroups(&cgs);
	return status;
}
