/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cgprom: the Prometheus text exposition format (version 0.0.4), as
 * node_exporter's textfile collector reads it: per metric family one
 * "# HELP" and one "# TYPE" line, then its samples, no timestamps.
 * Label values escape '\', '"' and newline; HELP text '\' and newline.
 */
#ifndef CGPROM_H
#define CGPROM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct cgprom_label {
	const char *name;	/* [a-zA-Z_][a-zA-Z0-9_]* */
	const char *value;	/* any bytes: reversible form (cgtext.h), escaped */
};

/* "# HELP NAME HELP" and "# TYPE NAME TYPE" (counter, gauge). */
void cgprom_family(FILE *out, const char *name, const char *type,
		   const char *help);
/* NAME{LABELS...} VALUE */
void cgprom_sample(FILE *out, const char *name,
		   const struct cgprom_label *labels, size_t nlabels,
		   uint64_t value);

#endif
