// SPDX-License-Identifier: GPL-2.0
/*
 * cgtest-lookup: a guest test helper.  Looks up DIR/PREFIX0, DIR/PREFIX1,
 * ... with stat(2), COUNT names (forever when COUNT is 0 or absent), as
 * fast as one task can: every name that does not exist leaves a negative
 * dentry charged to the caller's memory cgroup.  A shell loop does a few
 * thousand lookups a second under TCG; this does tens of thousands, enough
 * to outpace a forced shrink running on another CPU.
 *
 * Exit status: 0 done (or killed), 2 usage error.
 */
#define _POSIX_C_SOURCE 200809L
#include "cgnum.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static const char usage[] =
"Usage: cgtest-lookup DIR PREFIX [COUNT]\n"
"stat(2) DIR/PREFIX0 .. DIR/PREFIX<COUNT-1>; forever when COUNT is 0 or\n"
"absent.  Names that do not exist leave negative dentries behind.\n"
"Exit status: 0 done, 2 usage error.\n";

int main(int argc, char **argv)
{
	uint64_t count = 0, i;
	struct stat st;
	char path[4096];

	if (argc == 2 && strcmp(argv[1], "--help") == 0) {
		fputs(usage, stdout);
		return 0;
	}
	if (argc < 3 || argc > 4 ||
	    (argc == 4 && cgnum_parse_u64(argv[3], &count) != 0)) {
		fputs(usage, stderr);
		return 2;
	}
	for (i = 0; count == 0 || i < count; i++) {
		if (snprintf(path, sizeof(path), "%s/%s%llu", argv[1], argv[2],
			     (unsigned long long)i) >= (int)sizeof(path)) {
			fprintf(stderr, "cgtest-lookup: path too long\n");
			return 2;
		}
		(void)stat(path, &st);
	}
	return 0;
}
