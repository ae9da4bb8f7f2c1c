// SPDX-License-Identifier: GPL-2.0
/*
 * cgprom: Prometheus text exposition output; see cgprom.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "cgprom.h"
#include "cgtext.h"

/*
 * A label value in the printed form of cgtext.h (a plain name as it is,
 * any other escaped), then escaped for the format: '\\' and '"'.  Two
 * different names never give the same label value, so no two series
 * collide.
 */
static void escape_label(FILE *out, const char *s)
{
	struct cgtext_iter it;
	struct cgtext_piece pc;

	cgtext_begin(&it, s, 0);
	while (cgtext_next(&it, &pc)) {
		if (pc.escaped)
			fprintf(out, "\\\\x%02x", (unsigned)pc.cp);
		else if (pc.cp == '\\' || pc.cp == '"')
			fprintf(out, "\\%c", (int)pc.cp);
		else
			fwrite(pc.bytes, 1, pc.len, out);
	}
}

/* HELP text is ours, not a name: '\\' and newline escaped, as the format asks. */
static void escape_help(FILE *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\\\", out);
		else if (*s == '\n')
			fputs("\\n", out);
		else
			fputc(*s, out);
	}
}

void cgprom_family(FILE *out, const char *name, const char *type,
		   const char *help)
{
	fprintf(out, "# HELP %s ", name);
	escape_help(out, help);
	fprintf(out, "\n# TYPE %s %s\n", name, type);
}

void cgprom_sample(FILE *out, const char *name,
		   const struct cgprom_label *labels, size_t nlabels,
		   uint64_t value)
{
	fputs(name, out);
	for (size_t i = 0; i < nlabels; i++) {
		fprintf(out, "%c%s=\"", i ? ',' : '{', labels[i].name);
		escape_label(out, labels[i].value);
		fputc('"', out);
	}
	fprintf(out, "%s %llu\n", nlabels ? "}" : "", (unsigned long long)value);
}
