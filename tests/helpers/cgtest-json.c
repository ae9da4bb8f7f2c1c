// SPDX-License-Identifier: GPL-2.0
/*
 * cgtest-json: a guest test helper that reads JSON documents (one, or a
 * stream such as JSON Lines) on stdin with json-c in strict mode, rejects
 * anything that is not strict UTF-8 JSON, and prints what PATH selects in
 * each document, one line each.  json-c is written independently of the
 * tools' own JSON writer (cgjson.c), so the tools' output is checked by a
 * reader that shares none of its code.
 *
 *   cgtest-json .cgroups[cgroup=/A].unused  < out.json   ->  42
 *   cgtest-json -l .cgroups                 < out.json   ->  3
 *   cgtest-json -k .cgroups[0]              < out.json   ->  cgroup depth ...
 *
 * Exit status: 0 every document has PATH, 1 invalid JSON or PATH missing
 * in a document (or no document at all), 2 usage error.
 */
#define _POSIX_C_SOURCE 200809L
#include <json-c/json.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
"Usage: cgtest-json [-l | -k | -t] PATH < JSON\n"
"Print the value PATH selects in each JSON document on stdin.\n"
"PATH: . | .key | [N] | [key=value], chained: .cgroups[cgroup=/A].unused\n"
"  -l  print the length of the array or object instead\n"
"  -k  print the object's keys, space-separated, instead\n"
"  -t  print the JSON type (null bool number string array object) instead\n"
"Strings and numbers print bare, arrays and objects as compact JSON.\n"
"Exit status: 0 found in every document, 1 invalid JSON or not found,\n"
"2 usage error.\n";

/* The deepest nesting accepted (our documents have 4 levels). */
#define MAX_DEPTH 32

static char *read_all(FILE *f, size_t *lenp)
{
	size_t len = 0, cap = 4096;
	char *buf = malloc(cap);

	while (buf) {
		size_t got = fread(buf + len, 1, cap - len - 1, f);

		len += got;
		if (got == 0)
			break;
		if (cap - len - 1 == 0) {
			char *nb = realloc(buf, cap * 2);

			if (!nb) {
				free(buf);
				return NULL;
			}
			buf = nb;
			cap *= 2;
		}
	}
	if (buf) {
		buf[len] = '\0';
		if (strlen(buf) != len) {	/* a NUL byte is not JSON */
			free(buf);
			return NULL;
		}
	}
	*lenp = len;
	return buf;
}

/*
 * What json-c's strict mode lets through and RFC 8259 does not: a quote
 * other than '"', a raw control character in a string, words other than
 * true, false and null (NaN, Infinity), a number ending in '.'.  Returns
 * the offset of the first such byte, or -1.
 */
static long not_strict(const char *text)
{
	const unsigned char *p = (const unsigned char *)text;
	int in_string = 0;

	for (; *p; p++) {
		if (in_string) {
			if (*p == '\\' && p[1])
				p++;
			else if (*p == '"')
				in_string = 0;
			else if (*p < 0x20)
				return (long)(p - (const unsigned char *)text);
			continue;
		}
		if (*p == '"') {
			in_string = 1;
		} else if (*p == '\'') {
			return (long)(p - (const unsigned char *)text);
		} else if (*p == '.' && (p[1] < '0' || p[1] > '9')) {
			return (long)(p - (const unsigned char *)text);
		} else if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')) {
			size_t n = strspn((const char *)p, "abcdefghijklmnopqrstuvwxyz"
					  "ABCDEFGHIJKLMNOPQRSTUVWXYZ");
			int exponent = (*p == 'e' || *p == 'E') && n == 1 &&
				       p > (const unsigned char *)text &&
				       p[-1] >= '0' && p[-1] <= '9';

			if (!exponent && !(n == 4 && !strncmp((const char *)p, "true", 4)) &&
			    !(n == 5 && !strncmp((const char *)p, "false", 5)) &&
			    !(n == 4 && !strncmp((const char *)p, "null", 4)))
				return (long)(p - (const unsigned char *)text);
			p += n - 1;
		}
	}
	return -1;
}

/* A number or string member as text, for [key=value]; NULL otherwise. */
static const char *scalar_text(struct json_object *v)
{
	switch (json_object_get_type(v)) {
	case json_type_string:
		return json_object_get_string(v);
	case json_type_int:
	case json_type_double:
		return json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN);
	default:
		return NULL;
	}
}

/*
 * Follow PATH from V.  Returns 1 and *OUT (NULL for a JSON null) when it
 * leads somewhere, 0 when a step does not match, -1 when PATH is malformed.
 */
static int follow(struct json_object *v, const char *path, struct json_object **out)
{
	const char *p = path;

	if (!strcmp(p, "."))
		p++;
	while (*p) {
		if (*p == '.') {
			size_t len = strcspn(p + 1, ".[");
			char key[256];

			if (len == 0 || len >= sizeof(key))
				return -1;
			memcpy(key, p + 1, len);
			key[len] = '\0';
			if (json_object_get_type(v) != json_type_object ||
			    !json_object_object_get_ex(v, key, &v))
				return 0;
			p += 1 + len;
		} else if (*p == '[') {
			const char *close = strchr(p, ']'), *eq;
			char sel[256];
			size_t len;

			if (!close || (len = (size_t)(close - p - 1)) == 0 ||
			    len >= sizeof(sel))
				return -1;
			memcpy(sel, p + 1, len);
			sel[len] = '\0';
			p = close + 1;
			if (json_object_get_type(v) != json_type_array)
				return 0;
			eq = strchr(sel, '=');
			if (!eq) {
				char *end;
				unsigned long i = strtoul(sel, &end, 10);

				if (*end || sel[0] < '0' || sel[0] > '9')
					return -1;
				if (i >= json_object_array_length(v))
					return 0;
				v = json_object_array_get_idx(v, i);
				continue;
			}
			sel[eq - sel] = '\0';
			{
				size_t n = json_object_array_length(v), i;
				struct json_object *item = NULL, *m;

				for (i = 0; i < n; i++) {
					const char *text;

					item = json_object_array_get_idx(v, i);
					if (json_object_get_type(item) == json_type_object &&
					    json_object_object_get_ex(item, sel, &m) &&
					    (text = scalar_text(m)) && !strcmp(text, eq + 1))
						break;
				}
				if (i == n)
					return 0;
				v = item;
			}
		} else {
			return -1;
		}
	}
	*out = v;
	return 1;
}

static const char *type_name(struct json_object *v)
{
	switch (json_object_get_type(v)) {
	case json_type_null: return "null";
	case json_type_boolean: return "bool";
	case json_type_int:
	case json_type_double: return "number";
	case json_type_string: return "string";
	case json_type_array: return "array";
	case json_type_object: return "object";
	}
	return "?";
}

/* Print what MODE asks of SEL; returns 0, or 1 when it does not apply. */
static int show(struct json_object *sel, int mode, const char *path)
{
	enum json_type type = json_object_get_type(sel);

	if (mode == 'l') {
		if (type == json_type_array)
			printf("%zu\n", json_object_array_length(sel));
		else if (type == json_type_object)
			printf("%d\n", json_object_object_length(sel));
		else
			goto bad;
	} else if (mode == 'k') {
		const char *sep = "";

		if (type != json_type_object)
			goto bad;
		json_object_object_foreach(sel, key, val) {
			(void)val;
			printf("%s%s", sep, key);
			sep = " ";
		}
		printf("\n");
	} else if (mode == 't') {
		printf("%s\n", type_name(sel));
	} else if (type == json_type_string) {
		printf("%s\n", json_object_get_string(sel));
	} else {
		printf("%s\n", json_object_to_json_string_ext(sel,
			JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
	}
	return 0;
bad:
	fprintf(stderr, "cgtest-json: %s is not an %s\n", path,
		mode == 'l' ? "array or object" : "object");
	return 1;
}

int main(int argc, char **argv)
{
	int c, mode = 0, status = 0, docs = 0;
	const char *path;
	struct json_tokener *tok;
	size_t len, off = 0;
	char *text;

	while ((c = getopt(argc, argv, "lkth")) != -1) {
		switch (c) {
		case 'l': case 'k': case 't':
			mode = c;
			break;
		case 'h':
			fputs(usage, stdout);
			return 0;
		default:
			fputs(usage, stderr);
			return 2;
		}
	}
	if (argc - optind != 1) {
		fputs(usage, stderr);
		return 2;
	}
	path = argv[optind];
	text = read_all(stdin, &len);
	if (!text) {
		fprintf(stderr, "cgtest-json: cannot read stdin (or it holds a NUL)\n");
		return 1;
	}
	if (not_strict(text) >= 0) {
		fprintf(stderr, "cgtest-json: invalid JSON at byte %ld: not strict RFC 8259\n",
			not_strict(text));
		free(text);
		return 1;
	}
	tok = json_tokener_new_ex(MAX_DEPTH);
	if (!tok) {
		fprintf(stderr, "cgtest-json: out of memory\n");
		return 1;
	}
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_ALLOW_TRAILING_CHARS |
			       JSON_TOKENER_VALIDATE_UTF8);
	while (off += strspn(text + off, " \t\r\n"), off < len) {
		struct json_object *doc, *sel = NULL;
		enum json_tokener_error jerr;
		int found;

		json_tokener_reset(tok);
		/* the terminating NUL is passed too: it ends a bare number */
		doc = json_tokener_parse_ex(tok, text + off, (int)(len - off + 1));
		jerr = json_tokener_get_error(tok);
		if (jerr != json_tokener_success) {
			fprintf(stderr, "cgtest-json: invalid JSON at byte %zu: %s\n",
				off + json_tokener_get_parse_end(tok),
				json_tokener_error_desc(jerr));
			status = 1;
			break;
		}
		off += json_tokener_get_parse_end(tok);
		docs++;
		found = follow(doc, path, &sel);
		if (found < 0) {
			fprintf(stderr, "cgtest-json: malformed PATH '%s'\n", path);
			json_object_put(doc);
			status = 2;
			break;
		}
		if (!found) {
			fprintf(stderr, "cgtest-json: document %d has no %s\n", docs, path);
			status = 1;
		} else if (show(sel, mode, path)) {
			status = 1;
		}
		json_object_put(doc);
	}
	json_tokener_free(tok);
	free(text);
	if (docs == 0 && status == 0) {
		fprintf(stderr, "cgtest-json: no JSON document on stdin\n");
		return 1;
	}
	return status;
}
