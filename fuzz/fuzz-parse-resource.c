/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libFuzzer harness for the resource reader: YAML and JSON streams through
 * parse_resource_buffer (List splitting, limits, recovery) and
 * parse_resource_document.  The first byte picks tight or default limits so
 * the depth, alias and document caps are reached often.  Its second bit
 * parses the buffer a second time with every "key: <base64>" value and
 * "key: |" literal block lifted out (parse-yaml-lift.c, at 1 byte) and
 * aborts unless the objects, lines and problems are the same as without
 * lifting.  Its third bit does the same with lazy bodies (parse-lazy.h:
 * the body under a "s:" line of an object of kind "K" kept as text and
 * parsed back into its document), allowing only the one documented
 * difference: a body that does not parse, in a file whose parse in place
 * reported a problem.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "limits.h"
#include "parse-resource.h"
#include "parse-yaml-lift.h"
#include "problem.h"
#include "xmalloc.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* What a parse gave, for the lifting comparison. */
struct fuzz_trace {
	char	*s;
	size_t	 len;
};

static void
fuzz_trace_add(struct fuzz_trace *t, const char *a, long long x)
{
	char num[32];
	size_t n = strlen(a), m;

	m = (size_t)snprintf(num, sizeof num, "|%lld\n", x);
	t->s = xreallocarray(t->s, t->len + n + m + 1, 1);
	memcpy(t->s + t->len, a, n);
	memcpy(t->s + t->len + n, num, m + 1);
	t->len += n + m;
}

static void
fuzz_trace_problem(void *ctx, const struct problem *p)
{
	fuzz_trace_add(ctx, p->code, p->line);
	fuzz_trace_add(ctx, p->message, p->offset);
}

static int
fuzz_trace_object(void *ctx, const cJSON *obj, long line)
{
	char *s;

	if ((s = cJSON_PrintUnformatted(obj)) != NULL) {
		fuzz_trace_add(ctx, s, line);
		free(s);
	}
	return MGT_OK;
}

/* Short names, so that the fuzzer finds them. */
static const struct parse_lazy fuzz_lazy = { "", "K", "s", NULL };

struct fuzz_lazy_trace {
	struct fuzz_trace	 t;
	const struct mgt_limits	*lim;
	int			 unreadable;
};

static void
fuzz_lazy_problem(void *ctx, const struct problem *p)
{
	struct fuzz_lazy_trace *lt = ctx;

	fuzz_trace_problem(&lt->t, p);
}

static int
fuzz_lazy_take(void *ctx, cJSON *obj, long line)
{
	struct fuzz_lazy_trace *lt = ctx;
	const char *yaml;
	char *doc, *whole, why[256];
	long at;

	doc = cJSON_PrintUnformatted(obj);
	if (doc != NULL && (yaml = parse_lazy_text(obj, &at)) != NULL) {
		whole = parse_lazy_expand(doc, yaml, at, "fuzz", lt->lim, why,
		    sizeof why);
		if (whole == NULL)
			lt->unreadable = 1;
		free(doc);
		doc = whole;
	}
	if (doc != NULL)
		fuzz_trace_add(&lt->t, doc, line);
	free(doc);
	cJSON_Delete(obj);
	return MGT_OK;
}

/* The lazy trace, or NULL when a body did not parse (the allowed case). */
static char *
fuzz_lazy_parse(const uint8_t *data, size_t size, struct mgt_limits *lim)
{
	struct fuzz_lazy_trace lt;
	struct problem_sink sink = { fuzz_lazy_problem, &lt };

	memset(&lt, 0, sizeof lt);
	lt.lim = lim;
	lim->yaml_lift_min = 1;
	fuzz_trace_add(&lt.t, "start", 0);
	fuzz_trace_add(&lt.t, "end", parse_resource_buffer_take(
	    (const char *)data, size, "fuzz", lim, &fuzz_lazy, &sink,
	    fuzz_lazy_take, &lt));
	if (lt.unreadable) {
		free(lt.t.s);
		return NULL;
	}
	return lt.t.s;
}

static char *
fuzz_trace_parse(const uint8_t *data, size_t size, struct mgt_limits *lim,
    size_t lift)
{
	struct fuzz_trace t = { NULL, 0 };
	struct problem_sink sink = { fuzz_trace_problem, &t };

	lim->yaml_lift_min = lift;
	fuzz_trace_add(&t, "start", 0);
	fuzz_trace_add(&t, "end", parse_resource_buffer((const char *)data,
	    size, "fuzz", lim, &sink, fuzz_trace_object, &t));
	return t.s;
}

static void
fuzz_problem(void *ctx, const struct problem *p)
{
	/* Touch the strings so a dangling pointer shows up. */
	*(size_t *)ctx += strlen(p->message) + strlen(p->code) +
	    (size_t)p->line;
}

static int
fuzz_object(void *ctx, const cJSON *obj, long line)
{
	char *s;

	/* Printing walks the whole tree, raw numbers included. */
	if ((s = cJSON_PrintUnformatted(obj)) != NULL) {
		*(size_t *)ctx += strlen(s) + (size_t)line;
		free(s);
	}
	return MGT_OK;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mgt_limits lim;
	struct problem_sink sink;
	size_t sum = 0;
	cJSON *doc;
	char *plain, *lifted;
	int compare = 0, lazy = 0;

	limits_default(&lim);
	if (size > 0) {
		if (data[0] & 1) {
			lim.yaml_max_depth = 8;
			lim.yaml_max_aliases = 4;
			lim.max_docs_per_file = 5;
		}
		compare = (data[0] & 2) != 0;
		lazy = (data[0] & 4) != 0;
		data++;
		size--;
	}
	if (compare) {
		plain = fuzz_trace_parse(data, size, &lim, 0);
		lifted = fuzz_trace_parse(data, size, &lim, 1);
		if (strcmp(plain, lifted) != 0)
			abort();
		free(plain);
		free(lifted);
		lim.yaml_lift_min = LIMIT_DEFAULT_YAML_LIFT;
	}
	if (lazy) {
		plain = fuzz_trace_parse(data, size, &lim, 0);
		lifted = fuzz_lazy_parse(data, size, &lim);
		/* A body that does not parse: in place, its document was
		 * skipped with a problem. */
		if (lifted == NULL ? strstr(plain, "document skipped") == NULL :
		    strcmp(plain, lifted) != 0)
			abort();
		free(plain);
		free(lifted);
		lim.yaml_lift_min = LIMIT_DEFAULT_YAML_LIFT;
	}
	sink.fn = fuzz_problem;
	sink.ctx = &sum;
	parse_resource_buffer((const char *)data, size, "fuzz", &lim, &sink,
	    fuzz_object, &sum);
	doc = parse_resource_document((const char *)data, size, "fuzz", 1,
	    &lim, &sink);
	cJSON_Delete(doc);
	return sum == (size_t)-1;
}
