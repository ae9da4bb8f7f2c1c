// SPDX-License-Identifier: GPL-2.0
/*
 * cgprom: Prometheus text exposition output; see cgprom.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "cgprom.h"
#include "cgtext.h"

/*
 * A label value in the reversible form of cgtext.h (a byte that is not
 * UTF-8, and '\\', as the four characters \xHH), then escaped for the
 * format: '\\' and newline, and '"' too.  HELP text (LABEL 0) is ours:
 * its '\\' is only escaped.  Two different names
 * never give the same label value, so no two series collide.
 */
static void escape(FILE *out, const char *s, int label)
{
	struct cgtext_piece pc;

	while (cgtext_next(&s, &pc)) {
		if (!label && pc.cp == '\\')
			fputs("\\\\", out);	/* HELP is our text, not a name */
		else if (pc.escaped)
			fprintf(out, "\\\\x%02x", (unsigned)pc.cp);
		else if (label && pc.cp == '"')
			fputs("\\\"", out);
		else if (pc.cp == '\n')
			fputs("\\n", out);
		else
			fwrite(pc.bytes, 1, pc.len, out);
	}
}

void cgprom_family(FILE *out, const char *name, const char *type,
		   const char *help)
{
	fprintf(out, "# HELP %s ", name);
	escape(out, help, 0);
	fprintf(out, "\n# TYPE %s %s\n", name, type);
}

void cgprom_sample(FILE *out, const char *name,
		   const struct cgprom_label *labels, size_t nlabels,
		   uint64_t value)
{
	fputs(name, out);
	for (size_t i = 0; i < nlabels; i++) {
		fprintf(out, "%c%s=\"", i ? ',' : '{', labels[i].name);
		escape(out, labels[i].value, 1);
		fputc('"', out);
	}
	fprintf(out, "%s %llu\n", nlabels ? "}" : "", (unsigned long long)value);
}
