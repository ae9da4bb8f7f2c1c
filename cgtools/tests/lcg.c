// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of the libcgroup backend's error helper: whatever
 * libcgroup returns for a failure, cgmem reports a failure (never 0).
 */
#define _POSIX_C_SOURCE 200809L
#include "cgmem-backend.h"
#include "cgmem.h"

#include <libcgroup.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
	int failed = 0;
	/* cgroup_init() never ran: libcgroup kept no errno */
	int rc = cgmb_lcg_error(ECGOTHER);

	failed |= rc == 0;
	printf("%s libcgroup's ECGOTHER without an errno stays an error (%d)\n",
	       rc ? "ok" : "not ok", rc);
	rc = cgmb_lcg_error(ECGROUPNOTEXIST);
	failed |= rc != ECGROUPNOTEXIST;
	printf("%s other libcgroup codes pass unchanged\n",
	       rc == ECGROUPNOTEXIST ? "ok" : "not ok");
	rc = cgm_strerror(ECGOTHER) && *cgm_strerror(ECGOTHER);
	failed |= !rc;
	printf("%s ECGOTHER has a message\n", rc ? "ok" : "not ok");
	return failed;
}
