/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libFuzzer harness for match.c.  The input is up to eight patterns, one a
 * line ("!" first means caseless), then an empty line, then log text.  The
 * literal prefilter must never lose a hit: scan results are checked against
 * matcher_match_one on every line, and a difference aborts.
 */
#include "config.h"

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "limits.h"
#include "match.h"
#include "xmalloc.h"

#define FUZZ_MAX_PATTERNS	8

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Text used when the input has no text part, and patterns when it has no
 * pattern part. */
static const char fuzz_text[] =
    "I0914 10:00:00.000000 1 kubelet.go:1] Marking Degraded due to: "
    "\"rendered-worker-1\" not found\n"
    "E0914 connection refused\r\n\xff\xfe NetworkPluginNotReady\n"
    "\0\0abc\0def\nlast line";
static const char *fuzz_patterns[] = {
	("Marking Degraded due to: .*?\"?(?<config>rendered-[\\w-]+)\"? "
	    "not found"),
	"(?i)networkpluginnotready",
	"foo|bar|abc",
	"(a|b)c\\d+",
	"^E\\d{4} ",
};

struct fuzz_hits {
	size_t		*line;
	int		*pat;
	size_t		 n;
	size_t		 cap;
};

static int
fuzz_collect(void *ctx, const struct match_hit *h)
{
	struct fuzz_hits *fh = ctx;

	if (fh->n == fh->cap) {
		fh->cap = fh->cap ? fh->cap * 2 : 64;
		fh->line = xreallocarray(fh->line, fh->cap, sizeof *fh->line);
		fh->pat = xreallocarray(fh->pat, fh->cap, sizeof *fh->pat);
	}
	fh->line[fh->n] = h->line_index;
	fh->pat[fh->n] = h->pattern_id;
	fh->n++;
	return MGT_OK;
}

/* Scan text and compare with one match per (line, pattern). */
static void
fuzz_check(struct matcher *m, const char *text, size_t len)
{
	struct fuzz_hits fh;
	const char *nl;
	size_t start, end, n, line, k;
	int id, rc;

	memset(&fh, 0, sizeof fh);
	matcher_scan(m, text, len, fuzz_collect, &fh, NULL, "fuzz", 1);
	k = 0;
	for (start = 0, line = 0; start < len; start = end + 1, line++) {
		nl = memchr(text + start, '\n', len - start);
		end = nl != NULL ? (size_t)(nl - text) : len;
		n = end - start;
		if (n > 0 && text[end - 1] == '\r')
			n--;
		for (id = 0; id < matcher_count(m); id++) {
			rc = matcher_match_one(m, id, text + start, n);
			if (rc < 0) {
				/* A limit: the scan may or may not agree. */
				if (k < fh.n && fh.line[k] == line &&
				    fh.pat[k] == id)
					k++;
				continue;
			}
			if (rc == 1) {
				if (k >= fh.n || fh.line[k] != line ||
				    fh.pat[k] != id) {
					fprintf(stderr, "missed: pattern %d "
					    "line %zu\n", id, line);
					abort();
				}
				k++;
			}
		}
	}
	if (k != fh.n) {
		fprintf(stderr, "extra hits: %zu of %zu\n", fh.n - k, fh.n);
		abort();
	}
	free(fh.line);
	free(fh.pat);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mgt_limits lim;
	struct mgt_error err;
	struct matcher *m;
	const char *d = (const char *)data, *sep, *p, *nl, *text;
	char *pat;
	size_t tlen, plen;
	int n = 0, flags;
	size_t i;

	limits_default(&lim);
	lim.pcre_match_limit = 20000;
	lim.pcre_depth_limit = 1000;
	lim.pcre_jit_stack_max = 256 << 10;
	lim.rule_limit_errors = LONG_MAX;
	lim.max_line = 4096 + 64;

	m = matcher_new(&lim, 0);
	sep = size >= 2 ? memmem(d, size, "\n\n", 2) : NULL;
	if (sep == NULL) {
		/* Input as one pattern over the built-in text. */
		pat = xstrndup(d, size);
		matcher_add(m, pat, 0, &err);
		free(pat);
		for (i = 0; i < sizeof fuzz_patterns / sizeof fuzz_patterns[0];
		    i++)
			matcher_add(m, fuzz_patterns[i], 0, &err);
		matcher_compile(m, &err);
		fuzz_check(m, fuzz_text, sizeof fuzz_text - 1);
		matcher_free(m);
		return 0;
	}
	for (p = d; p < sep && n < FUZZ_MAX_PATTERNS; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(sep - p));
		if (nl == NULL)
			nl = sep;
		plen = (size_t)(nl - p);
		flags = 0;
		if (plen > 0 && *p == '!') {
			flags = MATCH_CASELESS;
			p++;
			plen--;
		}
		/* Patterns are C strings: a NUL ends one early. */
		pat = xstrndup(p, plen);
		if (matcher_add(m, pat, flags, &err) >= 0)
			n++;
		free(pat);
	}
	text = sep + 2;
	tlen = size - (size_t)(text - d);
	matcher_compile(m, &err);
	fuzz_check(m, text, tlen);
	matcher_free(m);
	return 0;
}
