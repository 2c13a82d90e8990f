/*
 * Building the evaluated result (result.h): what `report` and `analyze`
 * print, and what the library's mgt_evaluate() returns.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "eval.h"
#include "index.h"
#include "result.h"
#include "xmalloc.h"

/* Count n problems of code at severity sev in the per-code groups. */
static void
result_count(struct result_problems *ps, int sev, const char *code,
    long long n)
{
	struct report_group *g;
	size_t k;

	if (sev < PROBLEM_INFO || sev > PROBLEM_ERROR)
		sev = PROBLEM_ERROR;
	ps->counts[sev] += n;
	for (k = 0; k < ps->ng; k++)
		if (strcmp(ps->g[k].code, code) == 0)
			break;
	if (k == ps->ng) {
		ps->g = xreallocarray(ps->g, ps->ng + 1, sizeof *ps->g);
		g = &ps->g[ps->ng++];
		memset(g, 0, sizeof *g);
		g->code = xstrdup(code);
		g->severity = (enum problem_severity)sev;
	}
	g = &ps->g[k];
	if (sev > (int)g->severity)
		g->severity = (enum problem_severity)sev;
	g->count += (long)n;
}

/* List one problem (if within the caps); counting is separate. */
static void
result_list_problem(struct result_problems *ps, int sev,
    const char *code, const char *vpath, long long offset, long line,
    const char *msg)
{
	struct report_problem *p;

	if (sev < PROBLEM_INFO || sev > PROBLEM_ERROR)
		sev = PROBLEM_ERROR;
	if (sev == PROBLEM_INFO ? ps->ninfo >= RESULT_MAX_INFO :
	    ps->n - ps->ninfo >= RESULT_MAX_SERIOUS)
		return;
	if (sev == PROBLEM_INFO)
		ps->ninfo++;
	ps->p = xreallocarray(ps->p, ps->n + 1, sizeof *ps->p);
	p = &ps->p[ps->n++];
	p->severity = (enum problem_severity)sev;
	p->code = xstrdup(code ? code : "unknown");
	p->vpath = xstrdup(vpath ? vpath : "");
	p->offset = offset;
	p->line = line;
	p->message = xstrdup(msg ? msg : "");
}

static void
result_add_problem(struct result_problems *ps, int sev,
    const char *code, const char *vpath, long long offset, long line,
    const char *msg)
{
	result_count(ps, sev, code ? code : "unknown", 1);
	result_list_problem(ps, sev, code, vpath, offset, line, msg);
}

/* Errors, then warnings, then info; each in the order it was listed. */
static void
result_order_problems(struct result_problems *ps)
{
	struct report_problem *v;
	size_t i, n = 0;
	int sev;

	if (ps->n < 2)
		return;
	v = xreallocarray(NULL, ps->n, sizeof *v);
	for (sev = PROBLEM_ERROR; sev >= PROBLEM_INFO; sev--)
		for (i = 0; i < ps->n; i++)
			if ((int)ps->p[i].severity == sev)
				v[n++] = ps->p[i];
	free(ps->p);
	ps->p = v;
}

/* A rule that failed at run time: counted and listed in the result, and
 * passed on to the caller's sink (the CLI prints it). */
static void
result_rule_problem(void *ctx, const struct problem *p)
{
	struct result *r = ctx;

	r->rule_errors++;
	result_add_problem(&r->ps, (int)p->severity, p->code, p->vpath,
	    p->offset, p->line, p->message);
	if (r->sink != NULL && r->sink->fn != NULL)
		r->sink->fn(r->sink->ctx, p);
}

/* Severity as the index stores it (text); an unknown word is an error. */
static int
result_column_severity(sqlite3_stmt *st, int col)
{
	int sev;

	sev = problem_severity_parse((const char *)sqlite3_column_text(st,
	    col));
	return sev < 0 ? PROBLEM_ERROR : sev;
}

/* A meta "problems_dropped:CODE:SEVERITY" count, added to the totals. */
static void
result_dropped(struct result_problems *ps, const char *key,
    long long n)
{
	const char *code, *colon;
	char buf[128];
	int sev;

	if (key == NULL || n <= 0 ||
	    strncmp(key, "problems_dropped:", 17) != 0)
		return;
	code = key + 17;
	if ((colon = strrchr(code, ':')) == NULL ||
	    (size_t)(colon - code) >= sizeof buf)
		return;
	if ((sev = problem_severity_parse(colon + 1)) < 0)
		sev = PROBLEM_ERROR;
	memcpy(buf, code, (size_t)(colon - code));
	buf[colon - code] = '\0';
	result_count(ps, sev, buf, n);
}

#define RESULT_SEV_ORDER						\
	"CASE severity WHEN 'info' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END"

/*
 * The index's problems: counted by severity and code over the whole table,
 * then listed worst first (errors, warnings, then info up to its cap).
 */
static int
result_load_problems(sqlite3 *db, struct result_problems *ps)
{
	sqlite3_stmt *st;

	if (sqlite3_prepare_v2(db, "SELECT severity, code, count(*) FROM"
	    " problems GROUP BY 1, 2 ORDER BY 2, 1", -1, &st, NULL) !=
	    SQLITE_OK)
		return MGT_ERR_DB;
	while (sqlite3_step(st) == SQLITE_ROW)
		result_count(ps, result_column_severity(st, 0),
		    (const char *)sqlite3_column_text(st, 1),
		    sqlite3_column_int64(st, 2));
	if (sqlite3_finalize(st) != SQLITE_OK)
		return MGT_ERR_DB;
	/* Problems ingest counted past max-problems-per-code, not stored. */
	if (sqlite3_prepare_v2(db, "SELECT key, CAST(value AS INTEGER) FROM"
	    " meta WHERE key LIKE 'problems_dropped:%'", -1, &st, NULL) ==
	    SQLITE_OK) {
		while (sqlite3_step(st) == SQLITE_ROW)
			result_dropped(ps, (const char *)
			    sqlite3_column_text(st, 0),
			    sqlite3_column_int64(st, 1));
		sqlite3_finalize(st);
	}
	if (sqlite3_prepare_v2(db, "SELECT severity, code, vpath, offset,"
	    " line, message FROM problems ORDER BY " RESULT_SEV_ORDER
	    " DESC, id", -1, &st, NULL) != SQLITE_OK)
		return MGT_ERR_DB;
	while (sqlite3_step(st) == SQLITE_ROW) {
		result_list_problem(ps, result_column_severity(st, 0),
		    (const char *)sqlite3_column_text(st, 1),
		    (const char *)sqlite3_column_text(st, 2),
		    sqlite3_column_type(st, 3) == SQLITE_NULL ? -1 :
		    sqlite3_column_int64(st, 3),
		    (long)sqlite3_column_int64(st, 4),
		    (const char *)sqlite3_column_text(st, 5));
		if (ps->ninfo >= RESULT_MAX_INFO)
			break;
	}
	return sqlite3_finalize(st) == SQLITE_OK ? MGT_OK : MGT_ERR_DB;
}

/* Rules that failed to load (kept going with --allow-rule-errors). */
static void
result_rule_diags(const struct ruleset *rs, struct result_problems *ps)
{
	const struct rule_diag *d;
	size_t i;

	for (i = 0; i < rs->ndiags; i++) {
		d = &rs->diags[i];
		if (d->is_warning)
			continue;
		result_add_problem(ps, PROBLEM_ERROR, PCODE_RULE_LOAD,
		    d->file, -1, d->line, d->message);
	}
}

/* One number from the index; MGT_ERR_DB (err set) if the query fails. */
static int
result_scalar(sqlite3 *db, const char *sql, long long *v,
    struct mgt_error *err)
{
	sqlite3_stmt *st;
	int rc;

	*v = 0;
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		return error_set(err, MGT_ERR_DB, "", -1, 0, "%s: %s",
		    sql, sqlite3_errmsg(db));
	if ((rc = sqlite3_step(st)) == SQLITE_ROW)
		*v = sqlite3_column_int64(st, 0);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		error_set(err, MGT_ERR_DB, "", -1, 0, "%s: %s", sql,
		    sqlite3_errmsg(db));
		sqlite3_finalize(st);
		return MGT_ERR_DB;
	}
	sqlite3_finalize(st);
	return MGT_OK;
}

void
result_options_init(struct result_options *o)
{
	memset(o, 0, sizeof *o);
	o->seconds = -1;
}

static void
result_copy_inputs(struct result *r, const char *const *v, size_t n)
{
	size_t i;

	r->inputs = xreallocarray(NULL, n + 1, sizeof *r->inputs);
	for (i = 0; i < n; i++)
		r->inputs[i] = xstrdup(v[i]);
	r->ninputs = n;
}

static int
result_stats(sqlite3 *db, struct result *r, struct mgt_error *err)
{
	struct report_stats *s = &r->rep.stats;

	if (result_scalar(db, "SELECT count(*) FROM sources WHERE kind <>"
	    " 'container'", &s->sources, err) != MGT_OK ||
	    result_scalar(db, "SELECT coalesce(sum(lines), 0) FROM sources",
	    &s->lines, err) != MGT_OK ||
	    result_scalar(db, "SELECT count(*) FROM resources", &s->resources,
	    err) != MGT_OK ||
	    result_scalar(db, "SELECT coalesce(sum(size), 0) FROM sources"
	    " WHERE kind <> 'container' AND size > 0", &s->bytes, err) !=
	    MGT_OK)
		return MGT_ERR_DB;
	return MGT_OK;
}

int
result_build(sqlite3 *db, const struct ruleset *rs,
    const struct result_options *o, struct result **out,
    struct mgt_error *err)
{
	struct problem_sink sink;
	struct result *r;
	struct report *rep;
	char **meta;
	size_t n, i;

	*out = NULL;
	r = xcalloc(1, sizeof *r);
	finding_set_init(&r->fs);
	timeline_init(&r->tl);
	r->sink = o->rule_sink;
	sink.fn = result_rule_problem;
	sink.ctx = r;
	result_rule_diags(rs, &r->ps);
	r->rule_errors = (long long)rs->nerrors;
	if (result_load_problems(db, &r->ps) != MGT_OK) {
		error_set(err, MGT_ERR_DB, "", -1, 0, "reading the"
		    " problems: %s", sqlite3_errmsg(db));
		goto fail;
	}
	if (eval_rules(db, rs, &r->fs, &sink, err) != MGT_OK) {
		if (err != NULL && err->msg[0] == '\0')
			error_set(err, MGT_ERR_DB, "", -1, 0, "%s",
			    sqlite3_errmsg(db));
		goto fail;
	}
	rank_findings(&r->fs);
	if (timeline_for_findings(db, &r->fs, &r->tl) != 0)
		result_add_problem(&r->ps, PROBLEM_WARNING, PCODE_TIMELINE,
		    "", -1, 0, sqlite3_errmsg(db));
	result_order_problems(&r->ps);

	rep = &r->rep;
	rep->version = PACKAGE_VERSION;
	if (o->inputs != NULL)
		result_copy_inputs(r, o->inputs, o->ninputs);
	else {
		meta = index_meta_lines(db, "inputs", &n);
		result_copy_inputs(r, (const char *const *)meta, n);
		for (i = 0; i < n; i++)
			free(meta[i]);
		free(meta);
	}
	rep->inputs = (const char **)r->inputs;
	rep->ninputs = r->ninputs;
	rep->rules = rs;
	rep->findings = &r->fs;
	rep->problems = r->ps.p;
	rep->nproblems = r->ps.n;
	rep->have_counts = 1;
	memcpy(rep->problem_counts, r->ps.counts, sizeof rep->problem_counts);
	rep->problems_total = r->ps.counts[PROBLEM_INFO] +
	    r->ps.counts[PROBLEM_WARNING] + r->ps.counts[PROBLEM_ERROR];
	rep->groups = r->ps.g;
	rep->ngroups = r->ps.ng;
	rep->timeline = r->tl.events;
	rep->ntimeline = r->tl.n;
	if (result_stats(db, r, err) != MGT_OK)
		goto fail;
	rep->stats.rules = (long long)rs->nrules;
	if (o->seconds >= 0) {
		rep->stats.seconds = o->seconds;
		rep->stats.have_seconds = 1;
	}
	if (o->generated_at != NULL)
		r->generated_at = xstrdup(o->generated_at);
	rep->generated_at = r->generated_at;
	rep->fail_on = RULE_SEV_HIGH;
	*out = r;
	return MGT_OK;
fail:
	result_free(r);
	return MGT_ERR_DB;
}

void
result_free(struct result *r)
{
	size_t i;

	if (r == NULL)
		return;
	for (i = 0; i < r->ps.n; i++) {
		free((char *)r->ps.p[i].code);
		free((char *)r->ps.p[i].vpath);
		free((char *)r->ps.p[i].message);
	}
	free(r->ps.p);
	for (i = 0; i < r->ps.ng; i++)
		free((char *)r->ps.g[i].code);
	free(r->ps.g);
	for (i = 0; i < r->ninputs; i++)
		free(r->inputs[i]);
	free(r->inputs);
	free(r->generated_at);
	timeline_free(&r->tl);
	finding_set_free(&r->fs);
	free(r);
}

int
result_write(FILE *f, struct result *r, enum report_format fmt,
    enum rule_severity fail_on, int color, size_t width,
    struct mgt_error *err)
{
	r->rep.fail_on = fail_on;
	r->rep.color = color;
	r->rep.width = width;
	return report_write(f, fmt, &r->rep, err);
}

int
result_worst(const struct result *r)
{
	size_t i;
	int worst = -1;

	for (i = 0; i < r->fs.nfindings; i++)
		if ((int)r->fs.findings[i].rule->severity > worst)
			worst = (int)r->fs.findings[i].rule->severity;
	return worst;
}
