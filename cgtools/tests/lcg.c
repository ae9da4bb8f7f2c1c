// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of the libcgroup backend: whatever libcgroup returns
 * for a failure, cgmem reports a failure (never 0); and, where the host
 * has a writable cgroup v1 memory hierarchy, walks through libcgroup
 * over a subtree whose cgroups are created and removed meanwhile report
 * nothing for the ones that vanish (cgdentry(1): left out silently), as
 * the fake backend's walks (tests/fakecg.c) do.
 */
#define _GNU_SOURCE
#include "../cgmem-backend.h"
#include "../cgmem.h"

#include <errno.h>
#include <libcgroup.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* Walks over a churning subtree, and the cgroups each churn round makes. */
#define WALKS 200
#define CHURN_DEPTH 6
#define CHURN_WIDTH 8

static int failed;

static void check(int ok, const char *what)
{
	failed |= !ok;
	printf("%s %s\n", ok ? "ok" : "not ok", what);
}

static void count_bad(const char *cgroup, int rc, void *arg)
{
	size_t *bad = arg;

	if (*bad == 0)
		printf("# %s: %s\n", cgroup, cgm_strerror(rc));
	(*bad)++;
}

/* Create and remove CHURN_WIDTH chains CHURN_DEPTH deep under TOP, forever. */
static void churn(const char *top)
{
	char path[4096];

	for (;;) {
		for (int w = 0; w < CHURN_WIDTH; w++) {
			int len = snprintf(path, sizeof(path), "%s/c%d", top, w);

			for (int d = 0; d < CHURN_DEPTH; d++) {
				mkdir(path, 0755);
				len += snprintf(path + len, sizeof(path) - (size_t)len, "/d");
			}
		}
		for (int w = 0; w < CHURN_WIDTH; w++) {
			for (int d = CHURN_DEPTH; d > 0; d--) {
				int len = snprintf(path, sizeof(path), "%s/c%d", top, w);

				for (int k = 1; k < d; k++)
					len += snprintf(path + len, sizeof(path) - (size_t)len, "/d");
				rmdir(path);
			}
		}
	}
}

/* rmdir -r of the cgroup directory TOP (cgroupfs: directories only). */
static void remove_tree(const char *top)
{
	char cmd[4200];

	snprintf(cmd, sizeof(cmd), "find '%s' -depth -type d -exec rmdir {} + 2>/dev/null", top);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", top);
}

static void vanishing_cgroups(void)
{
	char top[4096], rel[64];
	size_t bad = 0, walks = 0;
	pid_t pid;

	if (cgm_init() || cgm_hierarchy_version() != 1) {
		printf("ok # skip walks over vanishing cgroups: no cgroup v1 memory hierarchy on this host\n");
		return;
	}
	snprintf(rel, sizeof(rel), "/cgtools-lcg-test.%d", (int)getpid());
	snprintf(top, sizeof(top), "%s%s", cgm_mount_point(), rel);
	if (mkdir(top, 0755)) {
		printf("ok # skip walks over vanishing cgroups: cannot create %s: %s\n",
		       top, strerror(errno));
		return;
	}
	pid = fork();
	if (pid == 0) {
		churn(top);
		_exit(0);
	}
	for (int i = 0; pid > 0 && i < WALKS; i++) {
		char **paths;
		size_t n;

		if (!cgm_walk(rel, &paths, &n, count_bad, &bad))
			walks++;
		cgm_free_paths(paths, n);
	}
	if (pid > 0) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
	}
	remove_tree(top);
	printf("# %zu of %d walks whole, %zu errors reported\n", walks, WALKS, bad);
	check(pid > 0 && bad == 0 && walks == WALKS,
	      "libcgroup walks over cgroups created and removed meanwhile report no error");
}

int main(void)
{
	/* cgroup_init() never ran: libcgroup kept no errno */
	int rc = cgmb_lcg_error(ECGOTHER);

	check(rc != 0, "libcgroup's ECGOTHER without an errno stays an error");
	rc = cgmb_lcg_error(ECGROUPNOTEXIST);
	check(rc == ECGROUPNOTEXIST, "other libcgroup codes pass unchanged");
	check(cgm_strerror(ECGOTHER) && *cgm_strerror(ECGOTHER), "ECGOTHER has a message");
	vanishing_cgroups();
	return failed;
}
