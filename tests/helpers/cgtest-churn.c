// SPDX-License-Identifier: GPL-2.0
/*
 * cgtest-churn: a guest test helper.  Makes PARENT/churn0, removes it,
 * makes PARENT/churn1, ... for SECONDS: every rmdir offlines a memory
 * cgroup, which moves its list_lru lists to PARENT's.  With EVERY, DIR
 * and COUNT, every EVERY-th child first gets a task of its own that looks
 * up COUNT names that do not exist in DIR, so that child has negative
 * dentries to hand over.  A shell loop does a few dozen children a second
 * under TCG; this does hundreds, enough to race readers of the counts.
 *
 * Prints "CHILDREN FILLED" when done.
 * Exit status: 0 done, 1 a mkdir, rmdir or fork failed, 2 usage error.
 */
#define _POSIX_C_SOURCE 200809L
#include "cgnum.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char usage[] =
"Usage: cgtest-churn PARENT SECONDS [EVERY DIR COUNT]\n"
"mkdir and rmdir PARENT/churn0, PARENT/churn1, ... for SECONDS.  With\n"
"EVERY, DIR and COUNT, a task in every EVERY-th child first stat(2)s COUNT\n"
"names that do not exist in DIR.  Prints \"CHILDREN FILLED\".\n"
"Exit status: 0 done, 1 a mkdir, rmdir or fork failed, 2 usage error.\n";

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* In a new task: join CG, look up COUNT names DIR/PREFIX<i>, exit. */
static int fill(const char *cg, const char *dir, const char *prefix,
		uint64_t count)
{
	char path[4096];
	struct stat st;
	pid_t pid;
	int status;

	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		int fd;

		if (snprintf(path, sizeof(path), "%s/cgroup.procs", cg) >=
		    (int)sizeof(path))
			_exit(1);
		fd = open(path, O_WRONLY);
		if (fd < 0 || write(fd, "0", 1) != 1)
			_exit(1);
		close(fd);
		for (uint64_t i = 0; i < count; i++) {
			if (snprintf(path, sizeof(path), "%s/%s%llu", dir,
				     prefix, (unsigned long long)i) >=
			    (int)sizeof(path))
				_exit(1);
			(void)stat(path, &st);
		}
		_exit(0);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)
		return -1;
	return 0;
}

int main(int argc, char **argv)
{
	uint64_t seconds, every = 0, count = 0, n, filled = 0;
	const char *dir = NULL;
	char cg[4096], prefix[64];
	double end;

	if (argc == 2 && strcmp(argv[1], "--help") == 0) {
		fputs(usage, stdout);
		return 0;
	}
	if ((argc != 3 && argc != 6) ||
	    cgnum_parse_u64(argv[2], &seconds) != 0 ||
	    (argc == 6 && (cgnum_parse_u64(argv[3], &every) != 0 || every == 0 ||
			   cgnum_parse_u64(argv[5], &count) != 0))) {
		fputs(usage, stderr);
		return 2;
	}
	if (argc == 6)
		dir = argv[4];
	end = now_s() + seconds;
	for (n = 0; now_s() < end; n++) {
		if (snprintf(cg, sizeof(cg), "%s/churn%llu", argv[1],
			     (unsigned long long)n) >= (int)sizeof(cg)) {
			fprintf(stderr, "cgtest-churn: path too long\n");
			return 2;
		}
		if (mkdir(cg, 0755) != 0) {
			fprintf(stderr, "cgtest-churn: mkdir %s: %s\n", cg,
				strerror(errno));
			return 1;
		}
		if (dir && n % every == 0) {
			snprintf(prefix, sizeof(prefix), "churn%llu.",
				 (unsigned long long)n);
			if (fill(cg, dir, prefix, count) != 0) {
				fprintf(stderr, "cgtest-churn: a task in %s failed\n",
					cg);
				rmdir(cg);
				return 1;
			}
			filled++;
		}
		if (rmdir(cg) != 0) {
			fprintf(stderr, "cgtest-churn: rmdir %s: %s\n", cg,
				strerror(errno));
			return 1;
		}
	}
	printf("%llu %llu\n", (unsigned long long)n,
	       (unsigned long long)filled);
	return 0;
}
