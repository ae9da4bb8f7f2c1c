// SPDX-License-Identifier: GPL-2.0
/*
 * cgdentry: unused dentries charged to memory cgroups, from
 * memory.dentry_unused.
 */
#define _POSIX_C_SOURCE 200809L
#include "cgjson.h"
#include "cgkv.h"
#include "cgmem.h"
#include "cgmount.h"
#include "cgpath.h"
#include "cgprom.h"
#include "cgtool.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char usage_head[] =
"Usage: cgdentry [options] CGROUP...\n"
"\n"
"Unused dentries on each memory cgroup's own lists (UNUSED) and on its\n"
"whole subtree's (TOTAL), as memory.dentry_unused counts them.\n"
"CGROUP is a path in the memory hierarchy (/, /A/B) or memory:PATH: cgroup\n"
"v1 or v2, wherever libcgroup finds the memory controller (-J names it).\n"
"\n"
"Options:\n"
"  -R, --recursive       the subtree of each CGROUP as a tree (lsblk's lines),\n"
"                        children sorted by TOTAL (largest first)\n"
"  -s, --by-sb           one row per file system (superblock): device,\n"
"                        type and mount point from /proc/self/mountinfo\n"
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
"cgroups failed.  See cgdentry(1).\n";

enum { C_CGROUP, C_UNUSED, C_TOTAL, C_DEPTH, C_NODES };
static const struct cgo_col cols[] = {
	[C_CGROUP] = { "CGROUP", CGO_TREE | CGO_TRUNC, "cgroup path (a tree with -R)" },
	[C_UNUSED] = { "UNUSED", CGO_RIGHT, "unused dentries on its own lists" },
	[C_TOTAL] = { "TOTAL", CGO_RIGHT, "unused dentries of its subtree" },
	[C_DEPTH] = { "DEPTH", CGO_RIGHT, "depth below the CGROUP named" },
	[C_NODES] = { "NODES", 0, "own unused dentries per node: N0=n,N1=n" },
};
#define DEFAULT_COLS "CGROUP,UNUSED,TOTAL"

enum { S_CGROUP, S_DEVICE, S_FSTYPE, S_MOUNT, S_UNUSED };
static const struct cgo_col sb_cols[] = {
	[S_CGROUP] = { "CGROUP", CGO_TRUNC, "cgroup path" },
	[S_DEVICE] = { "DEVICE", 0, "the file system's major:minor" },
	[S_FSTYPE] = { "FSTYPE", 0, "its type (- if not mounted)" },
	[S_MOUNT] = { "MOUNT", CGO_TRUNC, "its mount point (- if not mounted)" },
	[S_UNUSED] = { "UNUSED", CGO_RIGHT, "the cgroup's unused dentries on it" },
};
#define DEFAULT_SB_COLS "CGROUP,DEVICE,FSTYPE,MOUNT,UNUSED"

#define NCOLS(a) (sizeof(a) / sizeof((a)[0]))

static void __attribute__((noreturn)) usage(void)
{
	fputs(usage_head, stdout);
	cgo_help_columns(stdout, cols, NCOLS(cols));
	fputs("\nColumns with --by-sb:\n", stdout);
	cgo_help_columns(stdout, sb_cols, NCOLS(sb_cols));
	fputs(usage_tail, stdout);
	exit(EXIT_OK);
}

struct opts {
	int recursive, by_sb;
	struct tool_out out;
};

/* One cgroup's reading, in display order; ERR is set if it failed. */
struct row {
	char *path;
	unsigned int depth;
	int err;
	struct cgkv_dentry d;
};

struct rows {
	size_t n, ok, failed;
	struct row *r;
	struct cgpath_pathset seen;	/* each cgroup once, however CGROUPs overlap */
};

static struct cgmount_table mounts;

static void add_row(struct rows *rows, const char *path, unsigned int depth,
		    int err, struct cgkv_dentry *d)
{
	int added = cgpath_pathset_add(&rows->seen, path);
	struct row *r;

	if (added == 0) {
		/* shown already (an overlapping CGROUP): one row, one series */
		cgkv_dentry_free(d);
		return;
	}
	r = added < 0 ? NULL : realloc(rows->r, (rows->n + 1) * sizeof(*r));
	if (!r || !(r[rows->n].path = strdup(path))) {
		tool_err(NULL, "out of memory");
		exit(EXIT_FAIL);
	}
	r[rows->n].depth = depth;
	r[rows->n].err = err;
	r[rows->n].d = *d;
	rows->r = r;
	rows->n++;
	if (err)
		rows->failed++;
	else
		rows->ok++;
}

/*
 * Read the subtree of CG (or CG alone) into ROWS in display order.  A
 * cgroup that cannot be read is reported on stderr and kept as a row
 * marked failed, so that its subtree still shows; one that does not
 * exist has no row (a CGROUP named is reported; a descendant removed
 * between the walk and its read is left out silently).
 */
static void collect(const char *cg, int recursive, struct rows *rows)
{
	char **paths;
	size_t n, kept = 0, *order;
	struct cgkv_dentry *ds;
	uint64_t *totals;
	unsigned int *depth;
	int rc, *errs;

	if (!recursive) {
		struct cgkv_dentry d;
		const char *missing;

		rc = cgm_read_dentry(cg, &d, &missing);
		if (rc)
			tool_read_err(cg, CGM_DENTRY_UNUSED, rc, missing);
		if (cgm_not_found(rc)) {
			rows->failed++;
			return;
		}
		add_row(rows, cg, 0, rc, &d);
		return;
	}
	rows->failed += tool_walk(cg, &paths, &n);
	if (!n) {
		cgm_free_paths(paths, n);
		return;
	}
	ds = calloc(n, sizeof(*ds));
	totals = calloc(n, sizeof(*totals));
	order = calloc(n, sizeof(*order));
	depth = calloc(n, sizeof(*depth));
	errs = calloc(n, sizeof(*errs));
	if (!ds || !totals || !order || !depth || !errs) {
		tool_err(NULL, "out of memory");
		exit(EXIT_FAIL);
	}
	for (size_t i = 0; i < n; i++) {
		const char *missing;

		rc = cgm_read_dentry(paths[i], &ds[kept], &missing);
		if (cgm_not_found(rc) && i > 0) {
			free(paths[i]);
			continue;
		}
		if (rc)
			tool_read_err(paths[i], CGM_DENTRY_UNUSED, rc, missing);
		errs[kept] = rc;
		totals[kept] = ds[kept].total;
		paths[kept++] = paths[i];
	}
	n = kept;
	if (cgpath_tree_order((const char *const *)paths, totals, n, order, depth)) {
		/* a parent went away between walk and read: keep walk order */
		for (size_t i = 0; i < n; i++) {
			order[i] = i;
			depth[i] = 0;
		}
	}
	for (size_t i = 0; i < n; i++)
		add_row(rows, paths[order[i]], depth[order[i]], errs[order[i]],
			&ds[order[i]]);
	cgm_free_paths(paths, n);
	free(ds);
	free(totals);
	free(order);
	free(depth);
	free(errs);
}

static void print_prometheus(const struct rows *rows, const struct tool_cgroups *cgs,
			     const size_t *arg_failed)
{
	char node[16], dev[32], major[16], minor[16];

	cgprom_family(stdout, "memcg_dentry_unused", "gauge",
		      "Unused dentries on the memory cgroup's own LRU lists (memory.dentry_unused: unused).");
	for (size_t i = 0; i < rows->n; i++) {
		struct cgprom_label l[] = { { "cgroup", rows->r[i].path } };

		if (!rows->r[i].err)
			cgprom_sample(stdout, "memcg_dentry_unused", l, 1,
				      rows->r[i].d.unused);
	}
	cgprom_family(stdout, "memcg_dentry_unused_subtree", "gauge",
		      "Unused dentries of the memory cgroup and its descendants (memory.dentry_unused: total_unused).");
	for (size_t i = 0; i < rows->n; i++) {
		struct cgprom_label l[] = { { "cgroup", rows->r[i].path } };

		if (!rows->r[i].err)
			cgprom_sample(stdout, "memcg_dentry_unused_subtree", l, 1,
				      rows->r[i].d.total);
	}
	cgprom_family(stdout, "memcg_dentry_unused_node", "gauge",
		      "Unused dentries on the memory cgroup's own LRU lists, per NUMA node.");
	for (size_t i = 0; i < rows->n; i++) {
		const struct row *r = &rows->r[i];

		for (size_t j = 0; j < r->d.nnodes; j++) {
			struct cgprom_label l[] = {
				{ "cgroup", r->path }, { "node", node },
			};

			snprintf(node, sizeof(node), "%u", r->d.nodes[j].nid);
			cgprom_sample(stdout, "memcg_dentry_unused_node", l, 2,
				      r->d.nodes[j].n);
		}
	}
	cgprom_family(stdout, "memcg_dentry_unused_sb", "gauge",
		      "Unused dentries on the memory cgroup's own LRU lists, per file system (device major:minor, also as major and minor to join node_disk_info; its type and mount point, empty if not mounted).");
	for (size_t i = 0; i < rows->n; i++) {
		const struct row *r = &rows->r[i];

		for (size_t j = 0; j < r->d.nsbs; j++) {
			const struct cgkv_sb_count *sb = &r->d.sbs[j];
			const struct cgmount_entry *m =
				cgmount_find(&mounts, sb->major, sb->minor);
			struct cgprom_label l[] = {
				{ "cgroup", r->path }, { "device", dev },
				{ "major", major }, { "minor", minor },
				{ "fstype", m ? m->fstype : "" },
				{ "mountpoint", m ? m->point : "" },
			};

			snprintf(dev, sizeof(dev), "%u:%u", sb->major, sb->minor);
			snprintf(major, sizeof(major), "%u", sb->major);
			snprintf(minor, sizeof(minor), "%u", sb->minor);
			cgprom_sample(stdout, "memcg_dentry_unused_sb", l, 6, sb->n);
		}
	}
	/*
	 * one sample per CGROUP named, labelled with it: the textfiles a host
	 * writes per subtree (-R /A, -R /B) never publish the same series
	 */
	cgprom_family(stdout, "memcg_dentry_read_errors", "gauge",
		      "Cgroups (or subtrees) that cgdentry could not read in this run, per CGROUP named (with -R: its subtree); each named on its stderr.");
	for (size_t i = 0; i < cgs->n; i++) {
		struct cgprom_label l[] = { { "cgroup", cgs->path[i] } };

		cgprom_sample(stdout, "memcg_dentry_read_errors", l, 1, arg_failed[i]);
	}
}

/* The NODES cell, "N0=n,N1=n,...", however many nodes there are. */
static void set_nodes(struct cgo_table *t, size_t row, const struct cgkv_dentry *d)
{
	char *nodes = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&nodes, &len);

	if (!f) {
		tool_err(NULL, "out of memory");
		exit(EXIT_FAIL);
	}
	for (size_t j = 0; j < d->nnodes; j++)
		fprintf(f, "%sN%u=%llu", j ? "," : "", d->nodes[j].nid,
			(unsigned long long)d->nodes[j].n);
	if (fclose(f)) {
		tool_err(NULL, "out of memory");
		exit(EXIT_FAIL);
	}
	cgo_set(t, row, C_NODES, nodes);
	free(nodes);
}

/*
 * The rows of ROWS in T, set up for O (-o, -x); ROW_OF[i], when given,
 * is the index in ROWS of table row i (--by-sb: one row per file system).
 */
static void fill_table(struct cgo_table *t, const struct rows *rows,
		       const struct opts *o, size_t **row_of)
{
	size_t nrow = 0;

	if (o->by_sb)
		tool_table_init(t, sb_cols, NCOLS(sb_cols), DEFAULT_SB_COLS, &o->out);
	else
		tool_table_init(t, cols, NCOLS(cols), DEFAULT_COLS, &o->out);
	t->tree = o->recursive;
	if (row_of) {
		size_t cap = 0;

		for (size_t i = 0; i < rows->n; i++)
			cap += o->by_sb && rows->r[i].d.nsbs ? rows->r[i].d.nsbs : 1;
		*row_of = malloc((cap ? cap : 1) * sizeof(**row_of));
		if (!*row_of) {
			tool_err(NULL, "out of memory");
			exit(EXIT_FAIL);
		}
	}
	for (size_t i = 0; i < rows->n; i++) {
		const struct row *r = &rows->r[i];

		if (o->by_sb && (r->err || !r->d.nsbs)) {
			/* not read, or nothing on any file system: one row,
			 * so that the failure shows (and -J keeps its entry) */
			if (r->err || row_of) {
				cgo_set(t, cgo_row(t, r->depth), S_CGROUP, r->path);
				if (row_of)
					(*row_of)[nrow++] = i;
			}
			continue;
		}
		if (o->by_sb) {
			for (size_t j = 0; j < r->d.nsbs; j++) {
				const struct cgkv_sb_count *sb = &r->d.sbs[j];
				const struct cgmount_entry *m =
					cgmount_find(&mounts, sb->major, sb->minor);
				size_t row = cgo_row(t, r->depth);

				cgo_set(t, row, S_CGROUP, r->path);
				cgo_setf(t, row, S_DEVICE, "%u:%u", sb->major, sb->minor);
				cgo_set(t, row, S_FSTYPE, m ? m->fstype : NULL);
				cgo_set(t, row, S_MOUNT, m ? m->point : NULL);
				cgo_set_u64(t, row, S_UNUSED, sb->n);
				if (row_of)
					(*row_of)[nrow++] = i;
			}
			continue;
		}
		size_t row = cgo_row(t, r->depth);

		if (row_of)
			(*row_of)[nrow++] = i;
		cgo_set(t, row, C_CGROUP, r->path);
		cgo_set_u64(t, row, C_DEPTH, r->depth);
		if (r->err)
			continue;
		cgo_set_u64(t, row, C_UNUSED, r->d.unused);
		cgo_set_u64(t, row, C_TOTAL, r->d.total);
		set_nodes(t, row, &r->d);
	}
}

static void print_table(const struct rows *rows, const struct opts *o)
{
	struct cgo_table t;

	fill_table(&t, rows, o, NULL);
	if (t.nrows || o->out.mode != CGO_TABLE)
		tool_print_table(&t, &o->out);
	cgo_table_free(&t);
}

/* The JSON member of each column: -J -o COLUMNS keeps those it names. */
static const char *const json_keys[] = {
	[C_CGROUP] = "cgroup", [C_UNUSED] = "unused", [C_TOTAL] = "total_unused",
	[C_DEPTH] = "depth", [C_NODES] = "nodes",
};
static const char *const sb_json_keys[] = {
	[S_CGROUP] = "cgroup", [S_DEVICE] = "device", [S_FSTYPE] = "fstype",
	[S_MOUNT] = "mount", [S_UNUSED] = "unused",
};

struct json_keep {
	const struct cgo_table *t;
	int by_sb;
};

/*
 * -J -o: a cgroup's member (depth 3) is kept when its column is selected
 * (with --by-sb: cgroup, and superblocks, whose members at depth 5 are
 * kept by theirs); "error" always.
 */
static int json_keep(int depth, const char *key, void *arg)
{
	const struct json_keep *k = arg;

	if (depth != 3 && !(k->by_sb && depth == 5))
		return 1;
	if (!strcmp(key, "error") || (k->by_sb && !strcmp(key, "superblocks")))
		return 1;
	if (!strcmp(key, "major") || !strcmp(key, "minor"))
		key = "device";
	if (k->by_sb && depth == 3 && strcmp(key, "cgroup"))
		return 0;
	for (size_t i = 0; i < k->t->nsel; i++) {
		size_t c = k->t->sel[i];

		if (!strcmp(key, k->by_sb ? sb_json_keys[c] : json_keys[c]))
			return 1;
	}
	return 0;
}

/*
 * -J: one document, whatever the columns.  -o keeps the members of the
 * columns named (and "hierarchy", "error"); -x orders the entries (with
 * --by-sb: a cgroup where its first file system sorts).
 */
static void print_json(const struct rows *rows, const struct opts *o)
{
	struct cgjw w;
	struct cgo_table t;
	struct json_keep keep = { &t, o->by_sb };
	size_t *row_of, *order, n = 0;
	unsigned char *done = calloc(rows->n ? rows->n : 1, 1);

	fill_table(&t, rows, o, &row_of);
	order = malloc((t.nrows ? t.nrows : 1) * sizeof(*order));
	if (!done || !order || cgo_order(&t, order)) {
		tool_err(NULL, "out of memory");
		exit(EXIT_FAIL);
	}
	/* table rows to entries, each cgroup once, where it first sorts */
	for (size_t k = 0; k < t.nrows; k++) {
		size_t i = row_of[order[k]];

		if (!done[i]) {
			done[i] = 1;
			order[n++] = i;
		}
	}
	cgjw_init(&w, stdout);
	w.break_depth = 2;
	if (o->out.columns) {
		w.keep = json_keep;
		w.keep_arg = &keep;
	}
	cgjw_obj(&w, NULL);
	tool_json_hierarchy(&w);
	cgjw_arr(&w, "cgroups");
	for (size_t k = 0; k < n; k++) {
		const struct row *r = &rows->r[order[k]];

		cgjw_obj(&w, NULL);
		cgjw_str(&w, "cgroup", r->path);
		cgjw_u64(&w, "depth", r->depth);
		if (r->err) {
			cgjw_null(&w, "unused");
			cgjw_null(&w, "total_unused");
		} else {
			cgjw_u64(&w, "unused", r->d.unused);
			cgjw_u64(&w, "total_unused", r->d.total);
		}
		cgjw_arr(&w, "nodes");
		for (size_t j = 0; j < r->d.nnodes; j++) {
			cgjw_obj(&w, NULL);
			cgjw_u64(&w, "node", r->d.nodes[j].nid);
			cgjw_u64(&w, "unused", r->d.nodes[j].n);
			cgjw_end(&w);
		}
		cgjw_end(&w);
		if (o->by_sb) {
			cgjw_arr(&w, "superblocks");
			for (size_t j = 0; j < r->d.nsbs; j++) {
				const struct cgkv_sb_count *sb = &r->d.sbs[j];
				const struct cgmount_entry *m =
					cgmount_find(&mounts, sb->major, sb->minor);
				char dev[32];

				snprintf(dev, sizeof(dev), "%u:%u", sb->major, sb->minor);
				cgjw_obj(&w, NULL);
				cgjw_str(&w, "device", dev);
				cgjw_u64(&w, "major", sb->major);
				cgjw_u64(&w, "minor", sb->minor);
				if (m) {
					cgjw_str(&w, "fstype", m->fstype);
					cgjw_str(&w, "mount", m->point);
				} else {
					cgjw_null(&w, "fstype");
					cgjw_null(&w, "mount");
				}
				cgjw_u64(&w, "unused", sb->n);
				cgjw_end(&w);
			}
			cgjw_end(&w);
		}
		if (r->err)
			cgjw_str(&w, "error", cgm_strerror(r->err));
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

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "recursive", no_argument, NULL, 'R' },
		{ "by-sb", no_argument, NULL, 's' },
		TOOL_OUT_LONGOPTS,
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct tool_cgroups cgs = { 0 };
	struct opts o = { 0 };
	struct rows rows = { 0 };
	size_t *arg_failed;
	int c;

	tool_setup("cgdentry");
	while ((c = getopt_long(argc, argv, "Rsg:" TOOL_OUT_SHORTOPTS "hV",
				longopts, NULL)) != -1) {
		if (tool_out_option(&o.out, c, optarg))
			continue;
		switch (c) {
		case 'R': o.recursive = 1; break;
		case 's': o.by_sb = 1; break;
		case 'g': tool_opt_g(&cgs, optarg); break;
		case 'h': usage();
		case 'V': tool_version();
		default: tool_try_help();
		}
	}
	tool_add_operands(&cgs, argc, argv, optind);
	tool_dedupe_cgroups(&cgs);
	tool_out_check(&o.out, NULL);
	/* check -o before touching any cgroup */
	if (o.by_sb)
		tool_check_columns(sb_cols, NCOLS(sb_cols), DEFAULT_SB_COLS, &o.out);
	else
		tool_check_columns(cols, NCOLS(cols), DEFAULT_COLS, &o.out);

	tool_init();
	tool_need_file(CGM_DENTRY_UNUSED);
	if (o.by_sb || o.out.mode == CGO_PROM) {
		FILE *f = fopen("/proc/self/mountinfo", "re");

		if (!f) {
			tool_err("/proc/self/mountinfo", "cannot open it: %s",
				 strerror(errno));
			return EXIT_FAIL;
		}
		if (cgmount_read(f, &mounts)) {
			tool_err("/proc/self/mountinfo", "cannot read it: %s",
				 errno == EPROTO ? "a line does not parse" :
				 strerror(errno));
			return EXIT_FAIL;
		}
		fclose(f);
	}
	arg_failed = calloc(cgs.n, sizeof(*arg_failed));
	if (!arg_failed) {
		tool_err(NULL, "out of memory");
		return EXIT_FAIL;
	}
	for (size_t i = 0; i < cgs.n; i++) {
		size_t before = rows.failed;

		collect(cgs.path[i], o.recursive, &rows);
		arg_failed[i] = rows.failed - before;
	}

	if (o.out.mode == CGO_JSON)
		print_json(&rows, &o);
	else if (o.out.mode == CGO_PROM)
		print_prometheus(&rows, &cgs, arg_failed);
	else
		print_table(&rows, &o);

	for (size_t i = 0; i < rows.n; i++) {
		free(rows.r[i].path);
		cgkv_dentry_free(&rows.r[i].d);
	}
	free(rows.r);
	cgpath_pathset_free(&rows.seen);
	cgmount_free(&mounts);
	tool_free_cgroups(&cgs);
	free(arg_failed);
	/*
	 * --prometheus: what could be read is published and the failures
	 * counted in memcg_dentry_read_errors, so '> f.tmp && mv' still
	 * renames a partial file: exit 0 unless nothing could be read
	 */
	if (o.out.mode == CGO_PROM && rows.ok)
		return EXIT_OK;
	return tool_status(rows.ok, rows.failed);
}
