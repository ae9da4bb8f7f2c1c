// SPDX-License-Identifier: GPL-2.0
/*
 * cgprom: Prometheus text exposition output; see cgprom.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "cgprom.h"
#include "cgout.h"

/*
 * S with '\' and newline escaped, and '"' too in a label value.  The
 * format is UTF-8: a byte that is not is written as U+FFFD.
 */
static void escape(FILE *out, const char *s, int label)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		size_t len = cgo_utf8_len(p);

		if (*p == '\\' || (label && *p == '"')) {
			fputc('\\', out);
			fputc(*p, out);
		} else if (*p == '\n') {
			fputs("\\n", out);
		} else if (len == 0) {
			fputs("\xef\xbf\xbd", out);
			len = 1;
		} else {
			fwrite(p, 1, len, out);
		}
		p += len ? len : 1;
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
