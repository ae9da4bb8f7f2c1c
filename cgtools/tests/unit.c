// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of cgtools' pure modules (cgnum, cgkv, cgmount, cgpath,
 * cgjson, cgout, cgprom).  One function per claim; each prints "ok NAME"
 * or "not ok NAME" (tests/run.sh numbers them into TAP).  The JSON writer
 * is checked by reading its output back with json-c, which shares no code
 * with it.  Exits 1 if any failed.
 */
#define _POSIX_C_SOURCE 200809L
#include "cgjson.h"
#include "cgkv.h"
#include "cgmount.h"
#include "cgnum.h"
#include "cgout.h"
#include "cgpath.h"
#include "cgprom.h"
#include "cgtext.h"

#include <errno.h>
#include <json-c/json.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

static int failed_any;
static int case_failed;

#define CHECK(cond) do {						\
	if (!(cond)) {							\
		printf("# %s:%d: %s\n", __FILE__, __LINE__, #cond);	\
		case_failed = 1;					\
	}								\
} while (0)

static void run(const char *name, void (*fn)(void))
{
	case_failed = 0;
	fn();
	printf("%s %s\n", case_failed ? "not ok" : "ok", name);
	failed_any |= case_failed;
}

/* cgj_string() into a malloc'd string. */
static char *json_of(const char *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	cgj_string(f, s);
	fclose(f);
	return buf;
}

/* What FN writes to a stream, as a malloc'd string. */
#define CAPTURE(buf, f, code) do {					\
	size_t capture_len_ = 0;					\
	FILE *f = open_memstream(&(buf), &capture_len_);		\
	code;								\
	fclose(f);							\
} while (0)

/* TEXT parsed by json-c in strict mode (NULL if invalid); put it after. */
static struct json_object *parse_strict(const char *text)
{
	struct json_tokener *tok = json_tokener_new();
	struct json_object *v;

	json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
	v = json_tokener_parse_ex(tok, text, (int)strlen(text) + 1);
	if (json_tokener_get_error(tok) != json_tokener_success)
		v = NULL;
	json_tokener_free(tok);
	return v;
}

/* Decimal parsing takes digits only and every value up to UINT64_MAX. */
static void u64_accepts_plain_decimals(void)
{
	uint64_t v = 1;

	CHECK(cgnum_parse_u64("0", &v) == 0 && v == 0);
	CHECK(cgnum_parse_u64("42", &v) == 0 && v == 42);
	CHECK(cgnum_parse_u64("007", &v) == 0 && v == 7);
	CHECK(cgnum_parse_u64("18446744073709551615", &v) == 0 && v == UINT64_MAX);
}

/* Signs, blanks, prefixes, junk and overflow are refused, *out untouched. */
static void u64_rejects_junk_and_overflow(void)
{
	static const char *const bad[] = {
		"", "-1", "+1", " 1", "1 ", "1\n", "12x", "0x10", "1e3", "1.0",
		"18446744073709551616", "99999999999999999999",
	};
	uint64_t v = 77;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (cgnum_parse_u64(bad[i], &v) != -1) {
			printf("# accepted '%s'\n", bad[i]);
			case_failed = 1;
		}
	}
	CHECK(v == 77);
	CHECK(cgnum_parse_u64(NULL, &v) == -1);
}

/* -i takes seconds with up to three decimals, > 0, up to one day. */
static void interval_parses_to_ms(void)
{
	uint64_t ms = 0;

	CHECK(cgnum_parse_interval_ms("1", &ms) == 0 && ms == 1000);
	CHECK(cgnum_parse_interval_ms("0.5", &ms) == 0 && ms == 500);
	CHECK(cgnum_parse_interval_ms("1.250", &ms) == 0 && ms == 1250);
	CHECK(cgnum_parse_interval_ms("0.001", &ms) == 0 && ms == 1);
	CHECK(cgnum_parse_interval_ms("86400", &ms) == 0 && ms == 86400000);
}

static void interval_rejects_bad(void)
{
	static const char *const bad[] = {
		"0", "0.0", "0.000", ".5", "1.", "1.2345", "-1", "abc", "1s",
		"86401", "86400.001", "", "1..2",
	};
	uint64_t ms = 9;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (cgnum_parse_interval_ms(bad[i], &ms) != -1) {
			printf("# accepted '%s'\n", bad[i]);
			case_failed = 1;
		}
	}
	CHECK(ms == 9);
}

/* A "key value" line splits into its key and number. */
static void kv_line_splits(void)
{
	char key[CGKV_KEY_MAX];
	uint64_t v;

	CHECK(cgkv_parse_kv_line("unused 42\n", key, &v) == 0 &&
	      !strcmp(key, "unused") && v == 42);
	CHECK(cgkv_parse_kv_line("total_unused\t7", key, &v) == 0 &&
	      !strcmp(key, "total_unused") && v == 7);
	CHECK(cgkv_parse_kv_line("sb:254:0 3  \n", key, &v) == 0 &&
	      !strcmp(key, "sb:254:0") && v == 3);
}

static void kv_line_rejects_malformed(void)
{
	static const char *const bad[] = {
		"unused", "unused\n", "unused x", "unused 1 2", " unused 1",
		"unused -1", "unused 1x", "", "\n",
		"unused 18446744073709551616",
		"a_key_that_is_much_too_long_to_be_kept_in_sixty_four_bytes_xxxxxx 1",
	};
	char key[CGKV_KEY_MAX];
	uint64_t v;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (cgkv_parse_kv_line(bad[i], key, &v) != -1) {
			printf("# accepted '%s'\n", bad[i]);
			case_failed = 1;
		}
	}
}

/* A whole file parses in order; lookups find present keys only. */
static void kvs_parse_and_lookup(void)
{
	struct cgkv_kvs kvs = { 0 };
	uint64_t v = 0;

	CHECK(cgkv_kvs_parse(&kvs, "a 1\nb 2\ntotal_a 30\n") == 0);
	CHECK(kvs.n == 3);
	CHECK(kvs.n == 3 && !strcmp(kvs.v[2].key, "total_a"));
	CHECK(cgkv_kvs_get(&kvs, "b", &v) == 0 && v == 2);
	CHECK(cgkv_kvs_get(&kvs, "total_a", &v) == 0 && v == 30);
	CHECK(cgkv_kvs_get(&kvs, "c", &v) == -1);
	cgkv_kvs_free(&kvs);
	CHECK(cgkv_kvs_parse(&kvs, "a 1\nbroken\n") == -1);
	cgkv_kvs_free(&kvs);
	/* many keys: the array grows */
	for (int i = 0; i < 100; i++) {
		char k[16];

		snprintf(k, sizeof(k), "k%d", i);
		CHECK(cgkv_kvs_add(&kvs, k, (uint64_t)i) == 0);
	}
	CHECK(cgkv_kvs_get(&kvs, "k99", &v) == 0 && v == 99);
	cgkv_kvs_free(&kvs);
}

/* N<nid> and sb:<major>:<minor> keys decode; near-misses do not. */
static void node_and_sb_keys(void)
{
	unsigned int a = 0, b = 0;

	CHECK(cgkv_parse_node_key("N0", &a) == 0 && a == 0);
	CHECK(cgkv_parse_node_key("N12", &a) == 0 && a == 12);
	CHECK(cgkv_parse_node_key("N", &a) == -1);
	CHECK(cgkv_parse_node_key("Nx", &a) == -1);
	CHECK(cgkv_parse_node_key("n1", &a) == -1);
	CHECK(cgkv_parse_sb_key("sb:254:0", &a, &b) == 0 && a == 254 && b == 0);
	CHECK(cgkv_parse_sb_key("sb:0:21", &a, &b) == 0 && a == 0 && b == 21);
	CHECK(cgkv_parse_sb_key("sb:254", &a, &b) == -1);
	CHECK(cgkv_parse_sb_key("sb::0", &a, &b) == -1);
	CHECK(cgkv_parse_sb_key("sb:1:2:3", &a, &b) == -1);
	CHECK(cgkv_parse_sb_key("sb:a:0", &a, &b) == -1);
	CHECK(cgkv_parse_sb_key("sb:4294967296:0", &a, &b) == -1);
}

/* memory.dentry_unused as the spec lays it out decodes fully. */
static void dentry_decodes_spec_example(void)
{
	struct cgkv_kvs kvs = { 0 };
	struct cgkv_dentry d;

	CHECK(cgkv_kvs_parse(&kvs, "unused 120\ntotal_unused 150\nN0 70\nN1 50\n"
			    "sb:0:2 20\nsb:254:0 100\n") == 0);
	const char *missing;

	CHECK(cgkv_dentry_decode(&kvs, &d, &missing) == 0);
	CHECK(d.unused == 120 && d.total == 150);
	CHECK(d.nnodes == 2 && d.nodes[1].nid == 1 && d.nodes[1].n == 50);
	CHECK(d.nsbs == 2 && d.sbs[1].major == 254 && d.sbs[1].minor == 0 &&
	      d.sbs[1].n == 100);
	cgkv_dentry_free(&d);
	cgkv_kvs_free(&kvs);
}

/*
 * Without both unused keys decoding fails and names the missing one; a
 * key a later kernel adds is left out (issue 24.7: cgslabstat shows such
 * keys, cgdentry used to fail the whole cgroup on them).
 */
static void dentry_rejects_incomplete(void)
{
	static const struct { const char *text, *missing; } bad[] = {
		{ "unused 1\nN0 1\n", "total_unused" },
		{ "total_unused 1\n", "unused" },
		{ "", "unused" },
	};
	struct cgkv_kvs kvs = { 0 };
	struct cgkv_dentry d;
	const char *missing;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CHECK(cgkv_kvs_parse(&kvs, bad[i].text) == 0);
		if (cgkv_dentry_decode(&kvs, &d, &missing) != -1) {
			printf("# decoded '%s'\n", bad[i].text);
			case_failed = 1;
			cgkv_dentry_free(&d);
		} else {
			CHECK(missing && !strcmp(missing, bad[i].missing));
		}
		cgkv_kvs_free(&kvs);
	}
	CHECK(cgkv_kvs_parse(&kvs, "unused 1\ntotal_unused 2\nnew_key 3\nN0 1\n") == 0);
	CHECK(cgkv_dentry_decode(&kvs, &d, &missing) == 0 && d.total == 2 && d.nnodes == 1);
	cgkv_dentry_free(&d);
	cgkv_kvs_free(&kvs);
}

static const char mountinfo[] =
	"1 1 0:2 / / rw - rootfs rootfs rw\n"
	"17 16 0:14 / /sys/fs/cgroup/memory rw,relatime - cgroup memory rw,memory\n"
	"30 1 254:0 /sub /srv/bind rw,relatime shared:5 master:2 - ext4 /dev/vda rw\n"
	"18 1 254:0 / /mnt/my\\040data rw,relatime shared:1 - ext4 /dev/vda rw\n"
	"19 1 8:1 /x /only\\011bind rw - xfs /dev/sda1 rw\n";

static int read_mounts(const char *text, struct cgmount_table *m)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	int rc = cgmount_read(f, m);

	fclose(f);
	return rc;
}

/* A superblock is named by the mount of its root, escapes undone. */
static void mountinfo_prefers_root_mount(void)
{
	struct cgmount_table m;
	const struct cgmount_entry *e;

	CHECK(read_mounts(mountinfo, &m) == 0);
	CHECK(m.n == 5);
	e = cgmount_find(&m, 254, 0);
	CHECK(e && !strcmp(e->point, "/mnt/my data") && !strcmp(e->fstype, "ext4"));
	e = cgmount_find(&m, 0, 14);
	CHECK(e && !strcmp(e->point, "/sys/fs/cgroup/memory") &&
	      !strcmp(e->fstype, "cgroup"));
	cgmount_free(&m);
}

/* Only a bind mount of part of it: that one; never mounted: none. */
static void mountinfo_bind_and_unknown(void)
{
	struct cgmount_table m;
	const struct cgmount_entry *e;

	CHECK(read_mounts(mountinfo, &m) == 0);
	e = cgmount_find(&m, 8, 1);
	CHECK(e && !strcmp(e->point, "/only\tbind") && !strcmp(e->root, "/x") &&
	      !strcmp(e->fstype, "xfs"));
	CHECK(cgmount_find(&m, 0, 7) == NULL);
	CHECK(cgmount_find(&m, 254, 1) == NULL);
	cgmount_free(&m);
}

/* The super options (a v1 cgroup mount's controllers) are kept. */
static void mountinfo_super_options(void)
{
	struct cgmount_table m;
	const struct cgmount_entry *e;

	CHECK(read_mounts(mountinfo, &m) == 0);
	e = cgmount_find(&m, 0, 14);
	CHECK(e && !strcmp(e->opts, "rw,memory"));
	cgmount_free(&m);
	CHECK(read_mounts("26 1 0:23 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw,nsdelegate\n"
			  "27 1 0:24 / /x rw - tmpfs tmpfs\n", &m) == 0);
	CHECK(m.n == 2 && !strcmp(m.m[0].opts, "rw,nsdelegate") &&
	      !strcmp(m.m[0].fstype, "cgroup2") && !strcmp(m.m[1].opts, ""));
	cgmount_free(&m);
}

static void mountinfo_rejects_malformed(void)
{
	static const char *const bad[] = {
		"1 1 0:2 / / rw rootfs rootfs rw\n",	/* no " - " */
		"1 1 02 / / rw - rootfs rootfs rw\n",	/* no major:minor */
		"1 1 0:2 / /\n",			/* too short */
		"1 1 x:2 / / rw - tmpfs tmpfs rw\n",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct cgmount_table m;

		if (read_mounts(bad[i], &m) != -1) {
			printf("# accepted '%s'\n", bad[i]);
			case_failed = 1;
			cgmount_free(&m);
		}
	}
}

/* CGROUP arguments normalise as cgget would read them. */
static void cgroup_arg_normalises(void)
{
	char out[64];

	CHECK(cgpath_cgroup_arg("/", out, sizeof(out)) == 0 && !strcmp(out, "/"));
	CHECK(cgpath_cgroup_arg("A/B/", out, sizeof(out)) == 0 && !strcmp(out, "/A/B"));
	CHECK(cgpath_cgroup_arg("//A//./B", out, sizeof(out)) == 0 &&
	      !strcmp(out, "/A/B"));
	CHECK(cgpath_cgroup_arg("memory:/A", out, sizeof(out)) == 0 &&
	      !strcmp(out, "/A"));
	CHECK(cgpath_cgroup_arg("cpu,memory:A", out, sizeof(out)) == 0 &&
	      !strcmp(out, "/A"));
	CHECK(cgpath_cgroup_arg("memory:/", out, sizeof(out)) == 0 && !strcmp(out, "/"));
	CHECK(cgpath_cgroup_arg("/a:b", out, sizeof(out)) == 0 && !strcmp(out, "/a:b"));
}

static void cgroup_arg_rejects(void)
{
	char out[8];

	CHECK(cgpath_cgroup_arg("cpu:/A", out, sizeof(out)) == -2);
	CHECK(cgpath_cgroup_arg("memoryx:/A", out, sizeof(out)) == -2);
	CHECK(cgpath_cgroup_arg("/A/../B", out, sizeof(out)) == -1);
	CHECK(cgpath_cgroup_arg("", out, sizeof(out)) == -1);
	CHECK(cgpath_cgroup_arg("memory:", out, sizeof(out)) == -1);
	CHECK(cgpath_cgroup_arg("/a_name_too_long", out, sizeof(out)) == -1);
}

/* Walk paths become cgroup paths relative to the mount point. */
static void rel_path_strips_mount(void)
{
	const char *mnt = "/sys/fs/cgroup/memory";
	char out[64];

	CHECK(cgpath_rel_path(mnt, mnt, out, sizeof(out)) == 0 && !strcmp(out, "/"));
	CHECK(cgpath_rel_path("/sys/fs/cgroup/memory/", "/sys/fs/cgroup/memory/A/B/",
			   out, sizeof(out)) == 0 && !strcmp(out, "/A/B"));
	CHECK(cgpath_rel_path(mnt, "/sys/fs/cgroup/memoryX/A", out, sizeof(out)) == -1);
	CHECK(cgpath_rel_path(mnt, "/elsewhere", out, sizeof(out)) == -1);
	CHECK(cgpath_rel_path("/", "/A", out, sizeof(out)) == 0 && !strcmp(out, "/A"));
}

/* -r order: pre-order, children by total descending, ties by name. */
static void tree_order_sorts_children_by_total(void)
{
	const char *paths[] = { "/A", "/A/B/D", "/A/B", "/A/C", "/A/C/E", "/A/F" };
	const uint64_t keys[] = { 100, 5, 10, 40, 40, 10 };
	size_t order[6];
	unsigned int depth[6];
	static const size_t want[] = { 0, 3, 4, 2, 1, 5 };

	CHECK(cgpath_tree_order(paths, keys, 6, order, depth) == 0);
	for (size_t i = 0; i < 6; i++) {
		if (order[i] != want[i]) {
			printf("# order[%zu] = %s, want %s\n", i, paths[order[i]],
			       paths[want[i]]);
			case_failed = 1;
		}
	}
	CHECK(depth[0] == 0 && depth[2] == 1 && depth[1] == 2 && depth[4] == 2);
}

static void tree_order_from_root_and_orphans(void)
{
	const char *paths[] = { "/", "/y", "/x", "/x/z" };
	const uint64_t keys[] = { 0, 1, 1, 0 };
	const char *orphan[] = { "/A", "/A/B/C" };
	size_t order[4];
	unsigned int depth[4];

	CHECK(cgpath_tree_order(paths, keys, 4, order, depth) == 0);
	CHECK(order[0] == 0 && order[1] == 2 && order[2] == 3 && order[3] == 1);
	CHECK(depth[3] == 2 && depth[1] == 1);
	CHECK(cgpath_tree_order(orphan, keys, 2, order, depth) == -1);
}

/* Counter deltas never go negative; rates are per second. */
static void delta_and_rate(void)
{
	CHECK(cgnum_delta(3, 5) == 2);
	CHECK(cgnum_delta(5, 3) == 0);
	CHECK(cgnum_delta(0, UINT64_MAX) == UINT64_MAX);
	CHECK(cgnum_rate(10, 500) == 20.0);
	CHECK(cgnum_rate(3, 1000) == 3.0);
	CHECK(cgnum_rate(7, 0) == 0.0);
}

/* JSON strings escape quotes, backslashes and control characters. */
static void json_escapes_specials(void)
{
	static const struct { const char *in, *out; } cases[] = {
		{ "plain", "\"plain\"" },
		{ "", "\"\"" },
		{ "a\"b\\c", "\"a\\\"b\\\\c\"" },
		{ "l1\nl2\tx", "\"\\\\x6c1\\\\x0al2\\\\x09x\"" },
		{ "\x01\x1f\x7f", "\"\\\\x01\\\\x1f\\\\x7f\"" },
		{ "/mnt/da ta", "\"/mnt/da ta\"" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *got = json_of(cases[i].in);

		if (strcmp(got, cases[i].out)) {
			printf("# got %s, want %s\n", got, cases[i].out);
			case_failed = 1;
		}
		free(got);
	}
}

/* Valid UTF-8 passes through; other bytes become the text \xHH. */
static void json_utf8_and_invalid_bytes(void)
{
	char *got = json_of("caf\xc3\xa9 \xf0\x9f\x98\x80");

	CHECK(!strcmp(got, "\"caf\xc3\xa9 \xf0\x9f\x98\x80\""));
	free(got);
	got = json_of("a\xff" "b\xc0\x80" "c\xed\xa0\x80");
	CHECK(!strcmp(got, "\"\\\\x61\\\\xffb\\\\xc0\\\\x80c\\\\xed\\\\xa0\\\\x80\""));
	free(got);
	got = json_of("\xe2\x82");	/* truncated sequence at the end */
	CHECK(!strcmp(got, "\"\\\\xe2\\\\x82\""));
	free(got);
	got = json_of("csi\xc2\x9b");	/* C1 control U+009B: escaped */
	CHECK(!strcmp(got, "\"\\\\x63si\\\\xc2\\\\x9b\""));
	free(got);
}

/* Raw output's decoding (cgout.h): every \xHH is the byte HH. */
static int raw_decode(const char *in, char *out, size_t size)
{
	size_t n = 0;
	unsigned int c;

	for (; *in; n++) {
		if (n + 1 >= size)
			return -1;
		if (in[0] == '\\' && in[1] == 'x' && sscanf(in + 2, "%2x", &c) == 1) {
			out[n] = (char)c;
			in += 4;
		} else {
			out[n] = *in++;
		}
	}
	out[n] = '\0';
	return 0;
}

/*
 * S as MODE writes it: a table's printed form (cgo_form()), or the value
 * libsmartcols writes for a one-column raw or pairs table (the pairs'
 * quotes and key dropped); returns its columns (raw, pairs: bytes).
 */
static size_t cell_out(FILE *out, const char *s, enum cgo_mode mode)
{
	static const struct cgo_col one[] = { { "V", 0, "value" } };
	struct cgo_table t;
	char bad[8], *buf = NULL, *v;
	size_t len;

	if (mode == CGO_TABLE)
		return cgo_form(out, s);
	if (cgo_table_init(&t, one, 1, "V", NULL, bad, sizeof(bad)))
		return 0;
	cgo_set(&t, cgo_row(&t, 0), 0, s);
	CAPTURE(buf, f, cgo_print(&t, f, mode, 1));
	cgo_table_free(&t);
	v = buf;
	len = strlen(v);
	if (len && v[len - 1] == '\n')
		v[--len] = '\0';
	if (mode == CGO_PAIRS && len >= 4 && !strncmp(v, "V=\"", 3) && v[len - 1] == '"') {
		v[--len] = '\0';
		v += 3;
		len -= 3;
	}
	fputs(v, out);
	free(buf);
	return len;
}

/*
 * Issues 24 and 42.1: two names that differ print differently in every
 * format (the bytes \xff, \xfe and the character U+00FF, a real backslash
 * and an escape, systemd's \x2d), the printed form decodes back to the
 * name, and a plain name, backslashes and all, prints as it is.
 */
static void names_print_reversibly(void)
{
	static const char *const names[] = {
		"/x\xff", "/x\xfe", "/x\xc3\xbf", "/x\\xff", "/x\\", "/x\\\\",
		"/caf\xc3\xa9", "/t\tn\n", "/system-serial\\x2dgetty.slice",
		"/system-serial-getty.slice", "\\x2fsystem-serial-getty.slice",
	};
	const size_t n = sizeof(names) / sizeof(names[0]);
	char *json[11], *prom[11], *raw[11], *table[11], *pairs[11];

	for (size_t i = 0; i < n; i++) {
		struct cgprom_label l[] = { { "cgroup", names[i] } };
		struct json_object *v;
		char back[64];

		json[i] = json_of(names[i]);
		CAPTURE(prom[i], f, cgprom_sample(f, "m", l, 1, 1));
		CAPTURE(raw[i], f, cell_out(f, names[i], CGO_RAW));
		CAPTURE(table[i], f, cell_out(f, names[i], CGO_TABLE));
		CAPTURE(pairs[i], f, cell_out(f, names[i], CGO_PAIRS));
		/* JSON read back, then decoded, is the name again */
		v = parse_strict(json[i]);
		CHECK(v && !cgtext_decode(json_object_get_string(v), back, sizeof(back)) &&
		      !strcmp(back, names[i]));
		/* a plain name (all but the first two, the 8th, the last) as it is */
		if (i >= 2 && i != 7 && i != 10)
			CHECK(v && !strcmp(json_object_get_string(v), names[i]));
		json_object_put(v);
		CHECK(!raw_decode(raw[i], back, sizeof(back)) && !strcmp(back, names[i]));
		/* issue 42.7: pairs, as lsblk -P writes them, decode the same way */
		CHECK(!raw_decode(pairs[i], back, sizeof(back)) && !strcmp(back, names[i]));
	}
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < i; j++) {
			CHECK(strcmp(json[i], json[j]));
			CHECK(strcmp(prom[i], prom[j]));
			CHECK(strcmp(raw[i], raw[j]));
			CHECK(strcmp(table[i], table[j]));
			CHECK(strcmp(pairs[i], pairs[j]));
		}
	for (size_t i = 0; i < n; i++) {
		free(json[i]);
		free(prom[i]);
		free(raw[i]);
		free(table[i]);
		free(pairs[i]);
	}
}

/* An escaped form (\x first) decodes each \xHH; any other is the name; a NUL or no room fails. */
static void text_decode(void)
{
	char out[16];

	CHECK(cgtext_decode("\\x2fa\\xffb\\x5C", out, sizeof(out)) == 0 &&
	      !strcmp(out, "/a\xff" "b\\"));
	CHECK(cgtext_decode("/a\\xffb", out, sizeof(out)) == 0 &&
	      !strcmp(out, "/a\\xffb"));
	CHECK(cgtext_decode("\\x2fa\\xg1\\x", out, sizeof(out)) == 0 &&
	      !strcmp(out, "/a\\xg1\\x"));
	CHECK(cgtext_decode("\\x2fa\\x00", out, sizeof(out)) == -1);
	CHECK(cgtext_decode("0123456789abcdef", out, sizeof(out)) == -1);
	CHECK(cgtext_decode("0123456789abcde", out, sizeof(out)) == 0);
}

/* Each path once: the set says which were there. */
static void pathset_dedupes(void)
{
	struct cgpath_pathset set = { 0 };
	char p[32];
	int added = 0;

	for (int round = 0; round < 2; round++)
		for (int i = 0; i < 1000; i++) {
			snprintf(p, sizeof(p), "/A/%d", i);
			added += cgpath_pathset_add(&set, p);
		}
	CHECK(added == 1000 && set.n == 1000);
	CHECK(cgpath_pathset_add(&set, "/A/1000") == 1);
	cgpath_pathset_free(&set);
	CHECK(cgpath_pathset_add(&set, "/") == 1);
	cgpath_pathset_free(&set);
}

/* What cgj_string writes, json-c reads back and cgtext decodes to the same bytes. */
static void json_round_trip(void)
{
	static const char *const inputs[] = {
		"/A/B", "quote\" back\\ nl\n tab\t bell\a", "caf\xc3\xa9", "x\x7fy",
		"\x01\x02\x1f", "emoji \xf0\x9f\x98\x80",
	};

	for (size_t i = 0; i < sizeof(inputs) / sizeof(inputs[0]); i++) {
		char *text = json_of(inputs[i]);
		struct json_object *v = parse_strict(text);

		char back[64];

		CHECK(v && json_object_get_type(v) == json_type_string &&
		      !cgtext_decode(json_object_get_string(v), back, sizeof(back)) &&
		      !strcmp(back, inputs[i]));
		json_object_put(v);
		free(text);
	}
}

/* The writer nests, separates and closes as json-c expects. */
static void json_writer_document(void)
{
	char *buf = NULL;
	struct json_object *v, *m;

	CAPTURE(buf, f, {
		struct cgjw w;

		cgjw_init(&w, f);
		w.break_depth = 2;
		cgjw_obj(&w, NULL);
		cgjw_str(&w, "request", "all");
		cgjw_null(&w, "threshold");
		cgjw_bool(&w, "interrupted", 0);
		cgjw_u64(&w, "big", UINT64_MAX);
		cgjw_fixed(&w, "rate", 2.5, 1);
		cgjw_arr(&w, "cgroups");
		for (int i = 0; i < 3; i++) {
			cgjw_obj(&w, NULL);
			cgjw_str(&w, "cgroup", i ? "/A/\"q\"" : "/");
			cgjw_arr(&w, "nodes");
			cgjw_end(&w);
			cgjw_end(&w);
		}
		cgjw_end(&w);
		cgjw_obj(&w, "empty");
		cgjw_end(&w);
		cgjw_end(&w);
	});
	v = parse_strict(buf);
	CHECK(v != NULL);
	if (!v) {
		printf("# %s\n", buf);
		free(buf);
		return;
	}
	CHECK(json_object_object_length(v) == 7);
	CHECK(json_object_object_get_ex(v, "threshold", &m) && m == NULL);
	CHECK(json_object_object_get_ex(v, "interrupted", &m) &&
	      json_object_get_type(m) == json_type_boolean && !json_object_get_boolean(m));
	CHECK(json_object_object_get_ex(v, "big", &m) &&
	      json_object_get_uint64(m) == UINT64_MAX);
	CHECK(json_object_object_get_ex(v, "rate", &m) &&
	      json_object_get_double(m) == 2.5);
	CHECK(json_object_object_get_ex(v, "cgroups", &m) &&
	      json_object_array_length(m) == 3);
	CHECK(!strcmp(json_object_get_string(json_object_object_get(
		json_object_array_get_idx(m, 2), "cgroup")), "/A/\"q\""));
	CHECK(strchr(buf, '\n') != NULL);	/* items of cgroups on their lines */
	json_object_put(v);
	free(buf);
}

/* Table, raw and pairs escape what would break a line or a field. */
static void out_escapes_per_mode(void)
{
	static const struct {
		const char *in;
		enum cgo_mode mode;
		const char *out;
		size_t width;
	} cases[] = {
		{ "/A/B", CGO_TABLE, "/A/B", 4 },
		{ "a\tb\nc", CGO_TABLE, "\\x61\\x09b\\x0ac", 14 },
		{ "a b", CGO_TABLE, "a b", 3 },
		{ "a b", CGO_RAW, "a\\x20b", 6 },
		{ "back\\slash", CGO_RAW, "back\\x5cslash", 13 },
		{ "x\x7f", CGO_RAW, "x\\x7f", 5 },
		{ "caf\xc3\xa9", CGO_RAW, "caf\\xc3\\xa9", 11 },
		{ "caf\xc3\xa9", CGO_PAIRS, "caf\\xc3\\xa9", 11 },
		{ "bad\xff", CGO_TABLE, "\\x62ad\\xff", 10 },
		{ "csi\xc2\x9b", CGO_TABLE, "\\x63si\\xc2\\x9b", 14 },
		{ "q\"$`\\ e", CGO_PAIRS, "q\\x22\\x24\\x60\\x5c e", 19 },
		{ "sys\\x2dx", CGO_TABLE, "sys\\x2dx", 8 },
		{ "sys\\x2dx", CGO_PAIRS, "sys\\x5cx2dx", 11 },
		{ "nl\n", CGO_PAIRS, "nl\\x0a", 6 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *buf = NULL;
		size_t w = 0;

		CAPTURE(buf, f, w = cell_out(f, cases[i].in, cases[i].mode));
		if (strcmp(buf, cases[i].out) || w != cases[i].width) {
			printf("# case %zu: got '%s' width %zu, want '%s' width %zu\n",
			       i, buf, w, cases[i].out, cases[i].width);
			case_failed = 1;
		}
		free(buf);
	}
}

/*
 * Issue 24.4: in a UTF-8 locale a table counts terminal columns (CJK
 * two, combining zero) and escapes what a terminal would act on or could
 * not show (C1 such as CSI, bytes that are not UTF-8); raw output is
 * ASCII; in the C locale every non-ASCII byte is escaped.
 */
static void out_widths_follow_the_terminal(void)
{
	static const struct {
		const char *in;
		enum cgo_mode mode;
		const char *out;
		size_t width;
	} cases[] = {
		{ "\xe6\x97\xa5\xe6\x9c\xac", CGO_TABLE, "\xe6\x97\xa5\xe6\x9c\xac", 4 },
		{ "e\xcc\x81", CGO_TABLE, "e\xcc\x81", 1 },
		{ "a\xc2\x9b" "2J", CGO_TABLE, "\\x61\\xc2\\x9b2J", 14 },
		{ "a\xc2\x9b" "2J", CGO_PAIRS, "a\\xc2\\x9b2J", 11 },
		{ "x\xff", CGO_TABLE, "\\x78\\xff", 8 },
		{ "\xe6\x97\xa5", CGO_RAW, "\\xe6\\x97\\xa5", 12 },
	};
	char *buf = NULL;
	size_t w = 0;

	if (!setlocale(LC_CTYPE, "C.UTF-8")) {
		printf("# no C.UTF-8 locale\n");
		case_failed = 1;
		return;
	}
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		CAPTURE(buf, f, w = cell_out(f, cases[i].in, cases[i].mode));
		if (strcmp(buf, cases[i].out) || w != cases[i].width) {
			printf("# case %zu: got '%s' width %zu, want '%s' width %zu\n",
			       i, buf, w, cases[i].out, cases[i].width);
			case_failed = 1;
		}
		free(buf);
	}
	setlocale(LC_CTYPE, "C");
	CAPTURE(buf, f, w = cgo_form(f, "\xe6\x97\xa5"));
	CHECK(!strcmp(buf, "\\xe6\\x97\\xa5") && w == 12);
	free(buf);
}

static const struct cgo_col test_cols[] = {
	{ "NAME", CGO_TREE, "name" },
	{ "N", CGO_RIGHT, "number" },
	{ "NOTE", 0, "note" },
};

/* A table with its rows, in MODE with -o LIST. */
static char *table_text(const char *list, enum cgo_mode mode, int noheadings,
			int tree)
{
	struct cgo_table t;
	char bad[32], *buf = NULL;
	size_t r;

	if (cgo_table_init(&t, test_cols, 3, "NAME,N", list, bad, sizeof(bad)))
		return NULL;
	t.tree = tree;
	r = cgo_row(&t, 0);
	cgo_set(&t, r, 0, "/A");
	cgo_set_u64(&t, r, 1, 12345);
	r = cgo_row(&t, 1);
	cgo_set(&t, r, 0, "/A/b c");
	cgo_set_u64(&t, r, 1, 7);
	cgo_set(&t, r, 2, "x");
	CAPTURE(buf, f, cgo_print(&t, f, mode, noheadings));
	cgo_table_free(&t);
	return buf;
}

/* Aligned columns, numbers right; -n drops the header; a tree has lines. */
static void table_aligns_and_indents(void)
{
	char *s = table_text(NULL, CGO_TABLE, 0, 0);

	CHECK(s && !strcmp(s, "NAME       N\n/A     12345\n/A/b c     7\n"));
	free(s);
	s = table_text("NAME,N,NOTE", CGO_TABLE, 1, 1);
	CHECK(s && !strcmp(s, "/A    12345 -\n`-b c     7 x\n"));
	if (s && strcmp(s, "/A    12345 -\n`-b c     7 x\n"))
		printf("# got '%s'\n", s);
	free(s);
}

/* -o picks and orders columns, +LIST adds, unknown names are refused. */
static void table_columns_option(void)
{
	struct cgo_table t;
	char bad[32], *s;

	s = table_text("note,name", CGO_RAW, 0, 0);
	CHECK(s && !strcmp(s, "NOTE NAME\n- /A\nx /A/b\\x20c\n"));
	free(s);
	s = table_text("+NOTE", CGO_PAIRS, 0, 0);
	CHECK(s && !strcmp(s, "NAME=\"/A\" N=\"12345\" NOTE=\"\"\n"
			   "NAME=\"/A/b c\" N=\"7\" NOTE=\"x\"\n"));
	free(s);
	CHECK(cgo_table_init(&t, test_cols, 3, "NAME", "NAME,BOGUS", bad, sizeof(bad)) == -1 &&
	      !strcmp(bad, "BOGUS"));
	cgo_table_free(&t);
	CHECK(cgo_table_init(&t, test_cols, 3, "NAME", ",", bad, sizeof(bad)) == -1);
	cgo_table_free(&t);
}

/* More than 16 columns all print (no fixed limit). */
static void table_many_columns(void)
{
	struct cgo_col many[40];
	char names[40][8], list[400] = "", bad[32], *buf = NULL;
	struct cgo_table t;
	size_t r, fields = 0;

	for (int i = 0; i < 40; i++) {
		snprintf(names[i], sizeof(names[i]), "C%d", i);
		many[i] = (struct cgo_col){ names[i], CGO_RIGHT, "" };
		strcat(list, i ? ",C" : "C");
		snprintf(list + strlen(list), 8, "%d", i);
	}
	CHECK(cgo_table_init(&t, many, 40, list, NULL, bad, sizeof(bad)) == 0);
	r = cgo_row(&t, 0);
	for (int i = 0; i < 40; i++)
		cgo_set_u64(&t, r, (size_t)i, (uint64_t)i);
	CAPTURE(buf, f, cgo_print(&t, f, CGO_TABLE, 1));
	for (char *p = strtok(buf, " \n"); p; p = strtok(NULL, " \n"))
		fields++;
	CHECK(fields == 40);
	free(buf);
	cgo_table_free(&t);
}

/* Streaming (cgslabstat -i): header once, later rows keep the widths. */
static void table_prints_in_parts(void)
{
	struct cgo_table t;
	char bad[32], *buf = NULL;

	CHECK(cgo_table_init(&t, test_cols, 3, "NAME,N", NULL, bad, sizeof(bad)) == 0);
	CAPTURE(buf, f, {
		cgo_set(&t, cgo_row(&t, 0), 0, "/A");
		cgo_print(&t, f, CGO_TABLE, 0);
		cgo_set(&t, cgo_row(&t, 0), 0, "/B");
		cgo_print(&t, f, CGO_TABLE, 0);
	});
	CHECK(!strcmp(buf, "NAME N\n/A   -\n/B   -\n"));
	free(buf);
	cgo_table_free(&t);
}

/* Prometheus: label values escape \\, " and newline; HELP \\ and newline. */
static void prom_escapes(void)
{
	char *buf = NULL;
	struct cgprom_label l[] = {
		{ "cgroup", "/a\"b\\c\nd" }, { "mountpoint", "/bad\xff" },
	};

	CAPTURE(buf, f, {
		cgprom_family(f, "m_x", "gauge", "help \\ with\nnewline \"q\"");
		cgprom_sample(f, "m_x", l, 2, 42);
		cgprom_sample(f, "m_x", NULL, 0, 0);
	});
	CHECK(!strcmp(buf, "# HELP m_x help \\\\ with\\nnewline \"q\"\n"
			   "# TYPE m_x gauge\n"
			   "m_x{cgroup=\"\\\\x2fa\\\"b\\\\x5cc\\\\x0ad\",mountpoint=\"\\\\x2fbad\\\\xff\"} 42\n"
			   "m_x 0\n"));
	if (strncmp(buf, "# HELP", 6))
		printf("# %s\n", buf);
	free(buf);
}

/* -g CTRL: a controller list names memory or not. */
static void controller_lists(void)
{
	CHECK(cgpath_names_memory("memory", 6) == 1);
	CHECK(cgpath_names_memory("cpu,memory", 10) == 1);
	CHECK(cgpath_names_memory("memory,cpu", 10) == 1);
	CHECK(cgpath_names_memory("cpu", 3) == 0);
	CHECK(cgpath_names_memory("memoryx", 7) == 0);
	CHECK(cgpath_names_memory("", 0) == 0);
	CHECK(cgpath_names_memory("memory:/A", 6) == 1);
}

/* Subtree membership is by whole path components. */
static void under_is_by_component(void)
{
	CHECK(cgpath_under("/A/B", "/A"));
	CHECK(cgpath_under("/A", "/A"));
	CHECK(!cgpath_under("/AB", "/A"));
	CHECK(cgpath_under("/x", "/"));
}

/* All 18 keys of memory.slab_reclaim_stat, or the first one missing. */
static void slab_keys_complete(void)
{
	struct cgkv_kvs kvs = { 0 };
	char buf[CGKV_KEY_MAX];

	for (int t = 0; t < 2; t++)
		for (size_t k = 0; k < CGKV_SLAB_NKEYS; k++) {
			char key[CGKV_KEY_MAX];

			snprintf(key, sizeof(key), "%s%s", t ? "total_" : "", cgkv_slab_keys[k]);
			if (!(t && k == CGKV_SLAB_NKEYS - 1))
				cgkv_kvs_add(&kvs, key, 1);
		}
	CHECK(cgkv_slab_missing(&kvs, buf) && !strcmp(buf, "total_forced_shrinks"));
	cgkv_kvs_add(&kvs, "total_forced_shrinks", 1);
	CHECK(cgkv_slab_missing(&kvs, buf) == NULL);
	cgkv_kvs_free(&kvs);
	CHECK(cgkv_slab_missing(&kvs, buf) && !strcmp(buf, "global_scanned"));
}

/* major:minor device numbers. */
static void devno_parses(void)
{
	unsigned int a = 9, b = 9;

	CHECK(cgnum_parse_devno("254:0", &a, &b) == 0 && a == 254 && b == 0);
	CHECK(cgnum_parse_devno("254", &a, &b) == -1);
	CHECK(cgnum_parse_devno(":1", &a, &b) == -1);
	CHECK(cgnum_parse_devno("1:", &a, &b) == -1);
	CHECK(cgnum_parse_devno("1:2:3", &a, &b) == -1);
}

static void errno_and_signal_names(void)
{
	CHECK(!strcmp(cgnum_errno_name(EINTR), "EINTR"));
	CHECK(!strcmp(cgnum_errno_name(EINVAL), "EINVAL"));
	CHECK(!strcmp(cgnum_errno_name(EACCES), "EACCES"));
	CHECK(!strcmp(cgnum_errno_name(EBUSY), "EBUSY"));
	CHECK(cgnum_errno_name(4095) == NULL);
	CHECK(cgnum_parse_signal("USR1") == SIGUSR1);
	CHECK(cgnum_parse_signal("SIGUSR2") == SIGUSR2);
	CHECK(cgnum_parse_signal("15") == 15);
	CHECK(cgnum_parse_signal("0") == -1);
	CHECK(cgnum_parse_signal("65") == -1);
	CHECK(cgnum_parse_signal("SIGFOO") == -1);
}

int main(void)
{
	run("parse_u64 accepts plain decimals up to UINT64_MAX", u64_accepts_plain_decimals);
	run("parse_u64 rejects signs, blanks, junk and overflow", u64_rejects_junk_and_overflow);
	run("interval parses seconds with decimals to ms", interval_parses_to_ms);
	run("interval rejects zero, junk and too long", interval_rejects_bad);
	run("kv line splits key and value", kv_line_splits);
	run("kv line rejects malformed lines", kv_line_rejects_malformed);
	run("kvs parse a file and look keys up", kvs_parse_and_lookup);
	run("N<nid> and sb:<maj>:<min> keys", node_and_sb_keys);
	run("dentry_unused decodes the spec's layout", dentry_decodes_spec_example);
	run("dentry_unused: a missing key named, a new key left out (issue 24.7)", dentry_rejects_incomplete);
	run("mountinfo names a superblock by its root mount", mountinfo_prefers_root_mount);
	run("mountinfo bind-only and unmounted superblocks", mountinfo_bind_and_unknown);
	run("mountinfo keeps the super options (v1 controllers)", mountinfo_super_options);
	run("mountinfo rejects malformed lines", mountinfo_rejects_malformed);
	run("cgroup arguments normalise like cgget's", cgroup_arg_normalises);
	run("cgroup arguments: other controllers, .., empty", cgroup_arg_rejects);
	run("walk paths relative to the mount point", rel_path_strips_mount);
	run("tree order: children by total, ties by name", tree_order_sorts_children_by_total);
	run("tree order from / and with a missing parent", tree_order_from_root_and_orphans);
	run("counter delta and rate", delta_and_rate);
	run("json escapes quotes, backslash, controls", json_escapes_specials);
	run("json keeps UTF-8, escapes other bytes", json_utf8_and_invalid_bytes);
	run("json strings round-trip through json-c", json_round_trip);
	run("names print reversibly, never two the same (issue 24.1)", names_print_reversibly);
	run("\\xHH decodes back to the byte", text_decode);
	run("path set keeps each path once (issue 24.1)", pathset_dedupes);
	run("json writer's document reads back with json-c", json_writer_document);
	run("escapes per output mode (table, raw, pairs)", out_escapes_per_mode);
	run("table widths are terminal columns; C1 and bad bytes escaped (issue 24.4)",
	    out_widths_follow_the_terminal);
	run("table aligns columns, indents the tree, -n", table_aligns_and_indents);
	run("table -o picks, orders, adds; refuses unknown", table_columns_option);
	run("table prints more than 16 columns", table_many_columns);
	run("table printed in parts keeps one header", table_prints_in_parts);
	run("prometheus escapes label values and help", prom_escapes);
	run("-g controller lists name memory or not", controller_lists);
	run("subtree membership by path component", under_is_by_component);
	run("slab_reclaim_stat: all 18 keys or the missing one", slab_keys_complete);
	run("major:minor device numbers", devno_parses);
	run("errno and signal names", errno_and_signal_names);
	return failed_any;
}
