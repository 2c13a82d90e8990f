/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libFuzzer harness for the rule loader.  The input is a rule file, loaded
 * twice (so duplicate ids and the explains checks run), then every loaded
 * rule's `when` is evaluated and its summary filled.  An input starting
 * with "E:" or "T:" goes straight to the expression parser or the
 * template filler instead.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "rule.h"
#include "xmalloc.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static int
fuzz_holds(void *ctx, size_t idx)
{
	return (int)((*(size_t *)ctx >> (idx % 16)) & 1);
}

static char *
fuzz_lookup(void *ctx, const char *item, const char *column, int all,
    int count)
{
	if (count)
		return xstrdup("7");
	if (column[0] == 'x')
		return NULL;
	return xstrdup(all ? "a, b" : column);
}

static void
fuzz_expr(const char *text)
{
	static const char *names[] = { "a", "b", "c", "stale", "daemon_log" };
	struct rule r;
	struct rule_expr *e;
	struct mgt_error err;
	size_t i, bits;
	char *s;

	memset(&r, 0, sizeof r);
	r.evidence = xcalloc(5, sizeof *r.evidence);
	for (i = 0; i < 5; i++)
		r.evidence[i].name = xstrdup(names[i]);
	r.nevidence = 5;
	mgt_error_clear(&err);
	if ((e = rule_expr_parse(text, &r, &err)) != NULL) {
		for (bits = 0; bits < 32; bits++)
			(void)rule_expr_eval(e, fuzz_holds, &bits);
		s = rule_expr_format(e, &r);
		free(s);
		rule_expr_free(e);
	}
	rule_clear(&r);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ruleset rs;
	const struct rule *r;
	char *text, *s;
	size_t i, bits;

	if (size >= 2 && (data[0] == 'E' || data[0] == 'T') && data[1] == ':') {
		text = xstrndup((const char *)data + 2, size - 2);
		if (data[0] == 'E')
			fuzz_expr(text);
		else
			free(rule_template_fill(text, fuzz_lookup, NULL));
		free(text);
		return 0;
	}

	ruleset_init(&rs);
	ruleset_load_buffer(&rs, "a.yaml", (const char *)data, size, NULL);
	ruleset_load_buffer(&rs, "b.yaml", (const char *)data, size, NULL);
	ruleset_finish(&rs);
	for (i = 0; i < rs.nrules; i++) {
		r = &rs.rules[i];
		if (r->when != NULL) {
			for (bits = 0; bits < 4; bits++)
				(void)rule_expr_eval(r->when, fuzz_holds,
				    &bits);
		}
		free(rule_template_fill(r->summary, fuzz_lookup, NULL));
		(void)ruleset_find(&rs, r->id);
	}
	for (i = 0; i < rs.ndiags; i++) {
		s = rule_diag_format(&rs.diags[i]);
		free(s);
	}
	ruleset_free(&rs);
	return 0;
}
