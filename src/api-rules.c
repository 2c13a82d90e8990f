/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Checks of a session's rules beyond loading (include/mgtriage.h): SQL
 * evidence prepared against the index schema, patterns too slow to
 * prefilter, and one rule run over its fixture in a scratch index.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api.h"
#include "error.h"
#include "eval.h"
#include "finding.h"
#include "index.h"
#include "ingest.h"
#include "match.h"
#include "output.h"
#include "xmalloc.h"

/* One lint finding to the session's on_rule_diag. */
static void __attribute__((format(printf, 5, 6)))
api_lint_diag(const mgt_session *s, const struct rule *r,
    const struct rule_evidence *ev, int is_warning, const char *fmt, ...)
{
	struct mgt_rule_diag d;
	va_list ap;
	char *what, *msg;

	if (s->opts.on_rule_diag == NULL)
		return;
	va_start(ap, fmt);
	if (vasprintf(&what, fmt, ap) == -1)
		what = NULL;
	va_end(ap);
	xasprintf(&msg, "rule %s, evidence %s: %s", r->id, ev->name,
	    what != NULL ? what : "");
	d.file = r->file;
	d.line = ev->line;
	d.col = 1;
	d.is_warning = is_warning;
	d.message = msg;
	s->opts.on_rule_diag(s->opts.data, &d);
	free(what);
	free(msg);
}

/* SQL evidence must prepare, read-only, against the real schema. */
static int
api_lint_sql(mgt_session *s, size_t *bad,
    struct mgt_error *err)
{
	struct api_scratch t;
	struct index_open_opts oo;
	struct index *idx;
	sqlite3 *db = NULL;
	sqlite3_stmt *st;
	const struct rule *r;
	const struct rule_evidence *ev;
	size_t i, j;
	int rc;

	api_index_open_opts(s, &oo);
	if ((rc = api_scratch_make(s, &t, 1, err)) != MGT_OK)
		return rc;
	if ((rc = index_create(t.db, INDEX_SCRATCH, &idx, err)) != MGT_OK ||
	    (rc = index_commit(idx, err)) != MGT_OK ||
	    (rc = index_open(t.db, 1, &oo, &db, err)) != MGT_OK) {
		api_scratch_clean(&t);
		return rc;
	}
	for (i = 0; i < s->rules.nrules; i++) {
		r = &s->rules.rules[i];
		for (j = 0; j < r->nevidence; j++) {
			ev = &r->evidence[j];
			if (ev->type != RULE_EVIDENCE_SQL)
				continue;
			if (sqlite3_prepare_v2(db, ev->sql, -1, &st, NULL) !=
			    SQLITE_OK) {
				api_lint_diag(s, r, ev, 0, "SQL: %s",
				    sqlite3_errmsg(db));
				(*bad)++;
				continue;
			}
			if (!sqlite3_stmt_readonly(st)) {
				api_lint_diag(s, r, ev, 0,
				    "SQL must be read-only");
				(*bad)++;
			}
			sqlite3_finalize(st);
		}
	}
	sqlite3_close(db);
	api_scratch_clean(&t);
	return MGT_OK;
}

/* Patterns with no literal to prefilter on run on every line. */
static void
api_lint_slow(mgt_session *s, size_t *slow)
{
	struct matcher *m;
	struct mgt_error e;
	const struct rule *r;
	const struct rule_evidence *ev;
	const char *why;
	size_t i, j;
	int id;

	m = matcher_new(&s->limits, (s->opts.no_jit ? MATCHER_NO_JIT : 0) |
	    (s->opts.no_simd ? MATCHER_NO_SIMD : 0));
	for (i = 0; i < s->rules.nrules; i++) {
		r = &s->rules.rules[i];
		for (j = 0; j < r->nevidence; j++) {
			ev = &r->evidence[j];
			if (ev->type != RULE_EVIDENCE_PATTERN)
				continue;
			/* A pattern that does not compile is a load error. */
			if ((id = matcher_add(m, ev->pattern, ev->caseless ?
			    MATCH_CASELESS : 0, &e)) < 0)
				continue;
			if (matcher_is_slow(m, id, &why)) {
				api_lint_diag(s, r, ev, 1, "slow pattern: %s",
				    why);
				(*slow)++;
			}
		}
	}
	matcher_free(m);
}

int
mgt_session_lint(mgt_session *s, size_t *errors,
    size_t *warnings, struct mgt_error *err)
{
	size_t bad = 0, slow = 0;
	int rc;

	api_rules_ready(s);
	rc = api_lint_sql(s, &bad, err);
	api_lint_slow(s, &slow);
	if (errors != NULL)
		*errors = bad;
	if (warnings != NULL)
		*warnings = slow;
	return rc;
}

int
mgt_session_test_rule(mgt_session *s, const char *rule_id,
    const char *const *inputs, size_t n, int *fired, char **summary,
    struct mgt_error *err)
{
	struct ruleset one;
	struct ingest_options opt;
	struct ingest_result res;
	struct index_open_opts oo;
	struct finding_set fs;
	struct api_scratch t;
	struct problem_sink sink = { NULL, NULL };
	const struct rule *rule;
	sqlite3 *db = NULL;
	int rc;

	*fired = 0;
	if (summary != NULL)
		*summary = NULL;
	api_rules_ready(s);
	if ((rule = ruleset_find(&s->rules, rule_id)) == NULL)
		return error_set(err, MGT_ERR_USAGE, "", -1, 0,
		    "no rule has the id '%s'", rule_id);
	if (n == 0)
		return error_set(err, MGT_ERR_USAGE, "", -1, 0,
		    "no input to test rule %s on", rule_id);
	if ((rc = api_scratch_make(s, &t, 1, err)) != MGT_OK)
		return rc;
	/* The rule alone: what fires is that rule's doing. */
	memset(&one, 0, sizeof one);
	one.rules = (struct rule *)rule;
	one.nrules = 1;
	api_ingest_options(s, &opt);
	opt.index_flags = 0;
	opt.rules = &one;
	/* Only the verdict: the fixture's problems are not the test's. */
	opt.on_problem = NULL;
	opt.on_progress = NULL;
	api_index_open_opts(s, &oo);
	finding_set_init(&fs);
	if ((rc = ingest_run(inputs, n, t.db, &opt, &res, err)) != MGT_OK ||
	    (rc = index_open(t.db, 1, &oo, &db, err)) != MGT_OK ||
	    (rc = eval_rules(db, &one, &fs, &sink, err)) != MGT_OK)
		goto out;
	*fired = fs.nfindings > 0;
	if (*fired && summary != NULL)
		*summary = xstrdup(fs.findings[0].summary != NULL ?
		    fs.findings[0].summary : "");
out:
	finding_set_free(&fs);
	if (db != NULL)
		sqlite3_close(db);
	api_scratch_clean(&t);
	return rc;
}
