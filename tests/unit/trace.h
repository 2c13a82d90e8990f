/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What a parse gave, as one growing string, so that two parses of the
 * same text (with and without a lift) can be compared whole.  Header-only,
 * like tap.h.
 */
#ifndef MGT_TEST_TRACE_H
#define MGT_TEST_TRACE_H

#include <stdarg.h>
#include <stdio.h>

#include "problem.h"
#include "xmalloc.h"

struct trace {
	char	*s;
	size_t	 len;
	size_t	 cap;
};

static void
trace_add(struct trace *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
trace_add(struct trace *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (t->len + (size_t)n + 1 > t->cap) {
		t->cap = (t->len + (size_t)n + 1) * 2;
		t->s = xreallocarray(t->s, t->cap, 1);
	}
	va_start(ap, fmt);
	vsnprintf(t->s + t->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	t->len += (size_t)n;
}

/* A problem_sink function; ctx is the struct trace. */
static void
trace_problem(void *ctx, const struct problem *p)
{
	trace_add(ctx, "problem %s line %ld offset %lld: %s\n", p->code,
	    p->line, p->offset, p->message);
}

#endif
