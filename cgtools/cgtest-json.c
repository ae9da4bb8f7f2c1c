// SPDX-License-Identifier: GPL-2.0
/*
 * cgtest-json: a guest test helper that reads JSON documents (one, or a
 * stream such as JSON Lines) on stdin, rejects anything that is not strict
 * JSON, and prints what PATH selects in each document, one line each.
 *
 *   cgtest-json .cgroups[cgroup=/A].unused  < out.json   ->  42
 *   cgtest-json -l .cgroups                 < out.json   ->  3
 *   cgtest-json -k .cgroups[0]              < out.json   ->  cgroup depth ...
 *
 * Exit status: 0 every document has PATH, 1 invalid JSON or PATH missing
 * in a document (or no document at all), 2 usage error.
 */
#define _POSIX_C_SOURCE 200809L
#include "cgjson.h"

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

static const char *const type_names[] = {
	"null", "bool", "number", "string", "array", "object",
};

static char *read_all(FILE *f)
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
	return buf;
}

int main(int argc, char **argv)
{
	int c, mode = 0, status = 0, docs = 0;
	const char *p, *path;
	char *text, err[128];

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
	text = read_all(stdin);
	if (!text) {
		fprintf(stderr, "cgtest-json: cannot read stdin (or it holds a NUL)\n");
		return 1;
	}
	p = text;
	while (p += strspn(p, " \t\r\n"), *p) {
		const struct cgj *sel;
		struct cgj *doc = cgj_parse(p, &p, err, sizeof(err));
		int bad;

		if (!doc) {
			fprintf(stderr, "cgtest-json: invalid JSON: %s\n", err);
			free(text);
			return 1;
		}
		docs++;
		sel = cgj_path(doc, path, &bad);
		if (bad) {
			fprintf(stderr, "cgtest-json: malformed PATH '%s'\n", path);
			cgj_free(doc);
			free(text);
			return 2;
		}
		if (!sel) {
			fprintf(stderr, "cgtest-json: document %d has no %s\n", docs, path);
			status = 1;
		} else if (mode == 'l') {
			if (sel->type == CGJ_ARR || sel->type == CGJ_OBJ) {
				printf("%zu\n", sel->n);
			} else {
				fprintf(stderr, "cgtest-json: %s is not an array or object\n", path);
				status = 1;
			}
		} else if (mode == 'k') {
			if (sel->type == CGJ_OBJ) {
				for (size_t i = 0; i < sel->n; i++)
					printf("%s%s", i ? " " : "", sel->keys[i]);
				printf("\n");
			} else {
				fprintf(stderr, "cgtest-json: %s is not an object\n", path);
				status = 1;
			}
		} else if (mode == 't') {
			printf("%s\n", type_names[sel->type]);
		} else {
			cgj_print(stdout, sel);
			printf("\n");
		}
		cgj_free(doc);
	}
	free(text);
	if (docs == 0) {
		fprintf(stderr, "cgtest-json: no JSON document on stdin\n");
		return 1;
	}
	return status;
}
