/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Building the evaluated result (result.h): what `report` and `analyze`
 * print, and what the library's mgt_evaluate() returns.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "eval.h"
#include "index-read.h"
#include "result.h"
#include "summary.h"
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

static int
result_count_row(void *data, int sev, const char *code, long long n)
{
	result_count(data, sev, code != NULL ? code : "unknown", n);
	return 0;
}

/* List a stored problem; stop once the info cap is reached. */
static int
result_problem_row(void *data, const struct problem *p)
{
	struct result_problems *ps = data;

	result_list_problem(ps, (int)p->severity, p->code, p->vpath,
	    p->offset, p->line, p->message);
	return ps->ninfo >= RESULT_MAX_INFO;
}

/*
 * The index's problems: counted by severity and code over the whole table
 * and the ones ingest counted past max-problems-per-code without storing
 * them, then listed worst first (errors, warnings, then info up to its
 * cap).
 */
static int
result_load_problems(sqlite3 *db, struct result_problems *ps,
    struct mgt_error *err)
{
	if (index_read_problem_counts(db, result_count_row, ps, err) !=
	    MGT_OK ||
	    index_read_problems_dropped(db, result_count_row, ps, err) !=
	    MGT_OK ||
	    index_read_problems(db, result_problem_row, ps, err) != MGT_OK)
		return MGT_ERR_DB;
	return MGT_OK;
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

int
result_build(sqlite3 *db, const struct ruleset *rs,
    const struct result_options *o, struct result **out,
    struct mgt_error *err)
{
	struct problem_sink sink;
	struct index_stats stats;
	struct mgt_error e;
	struct result *r;
	struct report *rep;
	cJSON *full;
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
	mgt_error_clear(&e);
	if (result_load_problems(db, &r->ps, &e) != MGT_OK) {
		error_set(err, MGT_ERR_DB, "", -1, 0, "reading the"
		    " problems: %s", e.msg);
		goto fail;
	}
	if (eval_rules(db, rs, &r->fs, &sink, err) != MGT_OK) {
		if (err != NULL && err->msg[0] == '\0')
			error_set(err, MGT_ERR_DB, "", -1, 0, "%s",
			    sqlite3_errmsg(db));
		goto fail;
	}
	rank_findings(&r->fs, rs->kb);
	mgt_error_clear(&e);
	if (timeline_for_findings(db, &r->fs, &r->tl, &e) != MGT_OK)
		result_add_problem(&r->ps, PROBLEM_WARNING, PCODE_TIMELINE,
		    "", -1, 0, e.msg);
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
	mgt_error_clear(&e);
	if (index_read_stats(db, &stats, &e) != MGT_OK) {
		error_set(err, MGT_ERR_DB, "", -1, 0, "reading the run's "
		    "totals: %s", e.msg);
		goto fail;
	}
	rep->stats.sources = stats.sources;
	rep->stats.lines = stats.lines;
	rep->stats.resources = stats.resources;
	rep->stats.bytes = stats.bytes;
	rep->stats.rules = (long long)rs->nrules;
	/* The case at a glance, first in every format. */
	if (summary_build(db, &r->cluster_json, err) != MGT_OK)
		goto fail;
	r->cluster = summary_lines(r->cluster_json, &r->ncluster);
	/* A report stays compact: `mgtriage summary` has the full lists. */
	full = r->cluster_json;
	r->cluster_json = summary_brief(full);
	cJSON_Delete(full);
	rep->cluster = r->cluster;
	rep->ncluster = r->ncluster;
	rep->cluster_json = r->cluster_json;
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
	for (i = 0; i < r->ncluster; i++)
		free(r->cluster[i]);
	free(r->cluster);
	cJSON_Delete(r->cluster_json);
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

	/* What ended or is known-benign does not fail a run. */
	for (i = 0; i < r->fs.nfindings; i++)
		if (r->fs.findings[i].state == FINDING_CURRENT &&
		    (int)r->fs.findings[i].rule->severity > worst)
			worst = (int)r->fs.findings[i].rule->severity;
	return worst;
}
