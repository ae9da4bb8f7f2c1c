// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of the libcgroup backend: whatever libcgroup returns
 * for a failure, cgmem reports a failure (never 0).  Walks through
 * libcgroup over cgroups that vanish meanwhile are the guest's
 * tools-22-vanishing-walks, on cgroup v1 and v2: on the host they could
 * only run where a cgroup v1 memory hierarchy is mounted, and skipped
 * (a skip is not a pass) on a Debian 12 host with systemd's unified
 * hierarchy and in a fresh root with no cgroup mounted.
 */
#define _GNU_SOURCE
#include "../cgmem-backend.h"
#include "../cgmem.h"

#include <libcgroup.h>
#include <stdio.h>

static int failed;

static void check(int ok, const char *what)
{
	failed |= !ok;
	printf("%s %s\n", ok ? "ok" : "not ok", what);
}

int main(void)
{
	/* cgroup_init() never ran: libcgroup kept no errno */
	int rc = cgmb_lcg_error(ECGOTHER);

	check(rc != 0, "libcgroup's ECGOTHER without an errno stays an error");
	rc = cgmb_lcg_error(ECGROUPNOTEXIST);
	check(rc == ECGROUPNOTEXIST, "other libcgroup codes pass unchanged");
	check(cgm_strerror(ECGOTHER) && *cgm_strerror(ECGOTHER), "ECGOTHER has a message");
	return failed;
}
