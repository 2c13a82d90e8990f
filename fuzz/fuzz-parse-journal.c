/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libFuzzer harness for the journal converter: the input goes through
 * journal_detect, then through the JSON or export converter twice, once
 * whole and once in small blocks; both runs must give the same lines and
 * problems, and no line may hold '\n' or exceed max-line.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "mgt-limits.h"
#include "parse-journal.h"
#include "problem.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* A digest of one run: everything the callbacks saw. */
struct fuzz_run {
	uint64_t	 hash;
	long		 lines;
	long		 problems;
	long		 last_entry;
	size_t		 max_line;
};

static void
fuzz_mix(struct fuzz_run *r, const void *p, size_t n)
{
	const unsigned char *b = p;
	size_t i;

	for (i = 0; i < n; i++)
		r->hash = (r->hash ^ b[i]) * 1099511628211ULL;
}

static int
fuzz_line(void *ctx, const char *line, size_t len, long entry)
{
	struct fuzz_run *r = ctx;

	if (memchr(line, '\n', len) != NULL || len > r->max_line)
		abort();
	if (entry < r->last_entry || entry < 1)
		abort();
	r->last_entry = entry;
	r->lines++;
	fuzz_mix(r, line, len);
	fuzz_mix(r, &entry, sizeof entry);
	return MGT_OK;
}

static void
fuzz_problem(void *ctx, const struct problem *p)
{
	struct fuzz_run *r = ctx;

	/* Touch the strings so a dangling pointer shows up. */
	r->problems++;
	fuzz_mix(r, p->code, strlen(p->code));
	fuzz_mix(r, p->message, strlen(p->message));
	fuzz_mix(r, &p->line, sizeof p->line);
}

static void
fuzz_convert(enum journal_format fmt, const struct mgt_limits *lim,
    const char *buf, size_t len, size_t block, struct fuzz_run *r)
{
	struct problem_sink sink = { fuzz_problem, r };
	struct journal_conv *jc;
	size_t i, n;

	memset(r, 0, sizeof *r);
	r->hash = 14695981039346656037ULL;
	r->max_line = lim->max_line;
	jc = journal_conv_new(fmt, lim, &sink, "fuzz");
	for (i = 0; i < len; i += n) {
		n = len - i < block ? len - i : block;
		if (journal_conv_push(jc, buf + i, n, fuzz_line, r) != MGT_OK)
			abort();
	}
	if (journal_conv_end(jc, fuzz_line, r) != MGT_OK)
		abort();
	journal_conv_free(jc);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mgt_limits lim;
	struct fuzz_run whole, pieces;
	enum journal_format fmt;
	const char *buf;
	size_t block;

	if (size < 1)
		return 0;
	/* First byte: format (detected or forced), max-line, block size. */
	limits_default(&lim);
	if (data[0] & 0x80)
		lim.max_line = 48 + (data[0] & 0x3f);
	block = 1 + ((data[0] >> 2) & 0x0f);
	buf = (const char *)data + 1;
	size--;
	switch (data[0] & 3) {
	case 0:
		fmt = journal_detect(buf, size);
		break;
	case 1:
		fmt = JOURNAL_JSON;
		break;
	case 2:
		fmt = JOURNAL_EXPORT;
		break;
	default:
		fmt = JOURNAL_TEXT;
		break;
	}
	fuzz_convert(fmt, &lim, buf, size, size > 0 ? size : 1, &whole);
	fuzz_convert(fmt, &lim, buf, size, block, &pieces);
	if (whole.hash != pieces.hash || whole.lines != pieces.lines ||
	    whole.problems != pieces.problems)
		abort();
	return 0;
}
