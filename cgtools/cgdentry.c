// SPDX-License-Identifier: GPL-2.0
/*
 * cgdentry: unused dentries charged to memory cgroups, from
 * memory.dentry_unused.
 */
#define _POSIX_C_SOURCE 200809L
#include "cgmem.h"
#include <libcgroup.h>
#include "cgparse.h"
#include "cgtool.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
"Usage: cgdentry [-r] [--by-sb] [--json | --raw] CGROUP...\n"
"\n"
"Unused dentries on each memory cgroup's own lists (UNUSED) and on its\n"
"whole subtree's (TOTAL), as memory.dentry_unused counts them.\n"
"CGROUP is a path in the memory hierarchy (/, /A/B), or -g memory:/A/B.\n"
"\n"
"  -r, --recursive    the subtree of each CGROUP as an indented tree,\n"
"                     children sorted by TOTAL (largest first)\n"
"  -s, --by-sb        one row per file system (superblock): device,\n"
"                     type and mount point from /proc/self/mountinfo\n"
"  -g CTRL:PATH       a CGROUP as cgget takes it; CTRL must name memory\n"
"  -J, --json         JSON output, schema in cgtools(7):\n"
"                     {\"cgroups\":[{\"cgroup\",\"depth\",\"unused\",\n"
"                     \"total_unused\",\"nodes\":[{\"node\",\"unused\"}],\n"
"                     \"superblocks\" (with --by-sb):[{\"device\",\"major\",\n"
"                     \"minor\",\"fstype\",\"mount\",\"unused\"}]}]}\n"
"      --raw          no header, tab-separated, full paths\n"
"  -h, --help         this text\n"
"  -V, --version      the version\n"
"\n"
"Exit status: 0 ok, 1 a cgroup could not be read, 2 usage error.\n";

struct opts {
	int recursive, by_sb, json, raw;
};

/* One cgroup's reading, in display order. */
struct row {
	char *path;
	unsigned int depth;
	struct cgp_dentry d;
};

struct rows {
	size_t n;
	struct row *r;
};

static struct cgp_mounts mounts;

static void add_row(struct rows *rows, const char *path, unsigned int depth,
		    struct cgp_dentry *d)
{
	struct row *r = realloc(rows->r, (rows->n + 1) * sizeof(*r));

	if (!r || !(r[rows->n].path = strdup(path))) {
		tool_err(NULL, "out of memory");
		exit(EXIT_RUNTIME);
	}
	r[rows->n].depth = depth;
	r[rows->n].d = *d;
	rows->r = r;
	rows->n++;
}

/* Read the subtree of CG (or CG alone) into ROWS in display order. */
static int collect(const char *cg, int recursive, struct rows *rows)
{
	char **paths;
	size_t n, ok = 0, *order;
	struct cgp_dentry *ds;
	uint64_t *totals;
	unsigned int *depth;
	int rc;

	if (!recursive) {
		struct cgp_dentry d;

		rc = cgm_read_dentry(cg, &d);
		if (rc) {
			tool_cg_err(cg, CGM_DENTRY_UNUSED, rc);
			return -1;
		}
		add_row(rows, cg, 0, &d);
		return 0;
	}
	rc = cgm_walk(cg, &paths, &n);
	if (rc) {
		tool_cg_err(cg, NULL, rc);
		return -1;
	}
	ds = calloc(n, sizeof(*ds));
	totals = calloc(n, sizeof(*totals));
	order = calloc(n, sizeof(*order));
	depth = calloc(n, sizeof(*depth));
	if (!ds || !totals || !order || !depth) {
		tool_err(NULL, "out of memory");
		exit(EXIT_RUNTIME);
	}
	/* Read each; a cgroup removed since the walk is dropped quietly. */
	for (size_t i = 0; i < n; i++) {
		rc = cgm_read_dentry(paths[i], &ds[ok]);
		if (rc == ECGROUPNOTEXIST && i > 0) {
			free(paths[i]);
			continue;
		}
		if (rc) {
			tool_cg_err(paths[i], CGM_DENTRY_UNUSED, rc);
			for (size_t j = 0; j < ok; j++)
				cgp_dentry_free(&ds[j]);
			for (size_t j = i; j < n; j++)
				free(paths[j]);
			n = ok;
			rc = -1;
			goto out;
		}
		totals[ok] = ds[ok].total;
		paths[ok++] = paths[i];
	}
	n = ok;
	if (cgp_tree_order((const char *const *)paths, totals, n, order, depth)) {
		/* a parent went away between walk and read: keep walk order */
		for (size_t i = 0; i < n; i++) {
			order[i] = i;
			depth[i] = 0;
		}
	}
	for (size_t i = 0; i < n; i++)
		add_row(rows, paths[order[i]], depth[order[i]], &ds[order[i]]);
	rc = 0;
out:
	cgm_free_paths(paths, n);
	free(ds);
	free(totals);
	free(order);
	free(depth);
	return rc;
}

static void print_json(const struct rows *rows, const struct opts *o)
{
	printf("{\"cgroups\":[");
	for (size_t i = 0; i < rows->n; i++) {
		const struct row *r = &rows->r[i];

		printf("%s\n {\"cgroup\":", i ? "," : "");
		cgp_json_str(stdout, r->path);
		printf(",\"depth\":%u,\"unused\":%llu,\"total_unused\":%llu,\"nodes\":[",
		       r->depth, (unsigned long long)r->d.unused,
		       (unsigned long long)r->d.total);
		for (size_t j = 0; j < r->d.nnodes; j++)
			printf("%s{\"node\":%u,\"unused\":%llu}", j ? "," : "",
			       r->d.nodes[j].nid,
			       (unsigned long long)r->d.nodes[j].n);
		printf("]");
		if (o->by_sb) {
			printf(",\"superblocks\":[");
			for (size_t j = 0; j < r->d.nsbs; j++) {
				const struct cgp_sb_count *sb = &r->d.sbs[j];
				const struct cgp_mount *m =
					cgp_mounts_find(&mounts, sb->major, sb->minor);

				printf("%s{\"device\":\"%u:%u\",\"major\":%u,\"minor\":%u,\"fstype\":",
				       j ? "," : "", sb->major, sb->minor,
				       sb->major, sb->minor);
				if (m)
					cgp_json_str(stdout, m->fstype);
				else
					printf("null");
				printf(",\"mount\":");
				if (m)
					cgp_json_str(stdout, m->point);
				else
					printf("null");
				printf(",\"unused\":%llu}", (unsigned long long)sb->n);
			}
			printf("]");
		}
		printf("}");
	}
	printf("\n]}\n");
}

static void print_table(const struct rows *rows, const struct opts *o)
{
	static const char *const hdr[] = { "CGROUP", "UNUSED", "TOTAL" };
	static const int right[] = { 0, 1, 1 };
	static const char *const sb_hdr[] = {
		"CGROUP", "DEVICE", "FSTYPE", "MOUNT", "UNUSED"
	};
	static const int sb_right[] = { 0, 0, 0, 0, 1 };
	struct table t;
	char a[24], b[24], dev[32], name[4096 + 256];

	if (o->by_sb)
		table_init(&t, 5, sb_hdr, sb_right);
	else
		table_init(&t, 3, hdr, right);
	for (size_t i = 0; i < rows->n; i++) {
		const struct row *r = &rows->r[i];

		if (o->by_sb) {
			for (size_t j = 0; j < r->d.nsbs; j++) {
				const struct cgp_sb_count *sb = &r->d.sbs[j];
				const struct cgp_mount *m =
					cgp_mounts_find(&mounts, sb->major, sb->minor);

				snprintf(dev, sizeof(dev), "%u:%u", sb->major, sb->minor);
				table_add(&t, r->path, dev, m ? m->fstype : NULL,
					  m ? m->point : NULL, fmt_u64(a, sb->n));
			}
			continue;
		}
		if (o->recursive && !o->raw && r->depth > 0) {
			const char *base = strrchr(r->path, '/') + 1;

			snprintf(name, sizeof(name), "%*s%s", (int)(2 * r->depth),
				 "", base);
		} else {
			snprintf(name, sizeof(name), "%s", r->path);
		}
		table_add(&t, name, fmt_u64(a, r->d.unused), fmt_u64(b, r->d.total));
	}
	if (t.nrows)
		table_print(&t, stdout, o->raw);
	table_free(&t);
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "recursive", no_argument, NULL, 'r' },
		{ "by-sb", no_argument, NULL, 's' },
		{ "json", no_argument, NULL, 'J' },
		{ "raw", no_argument, NULL, 'R' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct tool_cgroups cgs = { 0 };
	struct opts o = { 0 };
	struct rows rows = { 0 };
	int c, status = EXIT_OK;

	tool_name = "cgdentry";
	while ((c = getopt_long(argc, argv, "rsg:JhV", longopts, NULL)) != -1) {
		switch (c) {
		case 'r': o.recursive = 1; break;
		case 's': o.by_sb = 1; break;
		case 'g': tool_add_cgroup(&cgs, optarg); break;
		case 'J': o.json = 1; break;
		case 'R': o.raw = 1; break;
		case 'h': fputs(usage, stdout); return EXIT_OK;
		case 'V': tool_version();
		default: tool_usage_err("unknown option");
		}
	}
	tool_add_operands(&cgs, argc, argv, optind);
	if (o.json && o.raw)
		tool_usage_err("--json and --raw exclude each other");

	tool_init();
	if (o.by_sb) {
		FILE *f = fopen("/proc/self/mountinfo", "re");

		if (!f || cgp_mounts_read(f, &mounts)) {
			tool_err("/proc/self/mountinfo", "cannot read it");
			return EXIT_RUNTIME;
		}
		fclose(f);
	}
	for (size_t i = 0; i < cgs.n; i++)
		if (collect(cgs.path[i], o.recursive, &rows))
			status = EXIT_RUNTIME;

	if (o.json)
		print_json(&rows, &o);
	else
		print_table(&rows, &o);

	for (size_t i = 0; i < rows.n; i++) {
		free(rows.r[i].path);
		cgp_dentry_free(&rows.r[i].d);
	}
	free(rows.r);
	cgp_mounts_free(&mounts);
	tool_free_cgroups(&cgs);
	return status;
}
