/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Results (include/mgtriage.h): evaluate a case, read its findings, write
 * it in a format.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api.h"
#include "error.h"
#include "index.h"
#include "output.h"
#include "report.h"
#include "xmalloc.h"

static void	 api_order(mgt_result *);

void
mgt_eval_options_init(struct mgt_eval_options *o)
{
	memset(o, 0, sizeof *o);
	o->seconds = -1;
}

int
mgt_evaluate(mgt_case *c, const struct mgt_eval_options *opts,
    mgt_result **out, struct mgt_error *err)
{
	struct mgt_eval_options d;
	struct result_options o;
	struct problem_sink sink;
	struct result *r;
	int rc;

	*out = NULL;
	if (opts == NULL) {
		mgt_eval_options_init(&d);
		opts = &d;
	}
	api_rules_ready(c->s);
	result_options_init(&o);
	o.inputs = opts->inputs;
	o.ninputs = opts->ninputs;
	o.seconds = opts->seconds;
	o.generated_at = opts->generated_at;
	api_problem_sink(c->s, &sink);
	o.rule_sink = &sink;
	if ((rc = result_build(c->db, &c->s->rules, &o, &r, err)) != MGT_OK)
		return rc;
	*out = xcalloc(1, sizeof **out);
	(*out)->r = r;
	api_order(*out);
	return MGT_OK;
}

void
mgt_result_free(mgt_result *r)
{
	if (r == NULL)
		return;
	result_free(r->r);
	free(r->order);
	free(r);
}

void
mgt_result_completeness(const mgt_result *r, struct mgt_completeness *out)
{
	memset(out, 0, sizeof *out);
	memcpy(out->problems, r->r->ps.counts, sizeof out->problems);
	out->rule_errors = r->r->rule_errors;
	out->complete = out->problems[MGT_PROBLEM_ERROR] == 0 &&
	    out->problems[MGT_PROBLEM_WARNING] == 0;
}

/*
 * Findings in report order: each root cause, then its symptoms depth
 * first.  Ranking makes a tree (a finding sits under one cause); the
 * bound on n holds even if it did not.
 */
static void
api_walk(const struct finding *f, const struct finding **v, size_t *n,
    size_t max)
{
	size_t i;

	if (*n >= max)
		return;
	v[(*n)++] = f;
	for (i = 0; i < f->nsymptoms; i++)
		api_walk(f->symptoms[i], v, n, max);
}

static void
api_order(mgt_result *r)
{
	const struct finding_set *fs = &r->r->fs;
	size_t k;

	r->order = xreallocarray(NULL, fs->nfindings + 1, sizeof *r->order);
	r->norder = 0;
	for (k = 0; k < fs->nroots; k++)
		api_walk(fs->roots[k], r->order, &r->norder, fs->nfindings);
	for (k = 0; k < fs->nhistory && r->norder < fs->nfindings; k++)
		r->order[r->norder++] = fs->history[k];
	for (k = 0; k < fs->nsuppressed && r->norder < fs->nfindings; k++)
		r->order[r->norder++] = fs->suppressed[k];
}

size_t
mgt_result_count(const mgt_result *r)
{
	return r->norder;
}

int
mgt_result_finding(const mgt_result *r, size_t i, struct mgt_finding *out)
{
	const struct finding *f;
	size_t k;

	if (i >= r->norder)
		return -1;
	f = r->order[i];
	memset(out, 0, sizeof *out);
	out->rule_id = f->rule->id;
	out->title = f->rule->title;
	out->severity = (enum mgt_severity)f->rule->severity;
	out->summary = f->summary;
	out->remedy = f->rule->remedy;
	out->rank = f->rank;
	out->component = f->component;
	out->state = (enum mgt_finding_state)f->state;
	out->state_reason = f->state_reason;
	out->cause = -1;
	/* The cause comes before its symptoms. */
	for (k = i; f->cause != NULL && k-- > 0;)
		if (r->order[k] == f->cause) {
			out->cause = (long)k;
			break;
		}
	out->rank_reason = f->rank_reason;
	out->nevidence = f->nevidence;
	out->total_evidence = f->total_evidence;
	out->references = (const char *const *)f->rule->references;
	out->nreferences = f->rule->nreferences;
	return 0;
}

int
mgt_result_evidence(const mgt_result *r, size_t fi, size_t i,
    struct mgt_evidence *out)
{
	const struct finding_evidence *e;

	if (fi >= r->norder || i >= r->order[fi]->nevidence)
		return -1;
	e = &r->order[fi]->evidence[i];
	memset(out, 0, sizeof *out);
	out->item = e->item;
	out->where = e->source;
	out->line = e->line;
	out->ts = e->ts;
	out->node = e->node;
	out->text = e->text;
	out->object = e->object;
	out->field = e->field;
	out->value = e->value;
	return 0;
}

size_t
mgt_result_problems(const mgt_result *r)
{
	return r->r->ps.n;
}

int
mgt_result_problem(const mgt_result *r, size_t i, struct mgt_problem *out)
{
	const struct report_problem *p;

	if (i >= r->r->ps.n)
		return -1;
	p = &r->r->ps.p[i];
	out->severity = (enum mgt_problem_severity)p->severity;
	out->code = p->code;
	out->where = p->vpath;
	out->offset = p->offset;
	out->line = p->line;
	out->message = p->message;
	return 0;
}

size_t
mgt_result_events(const mgt_result *r)
{
	return r->r->tl.n;
}

int
mgt_result_event(const mgt_result *r, size_t i, struct mgt_event *out)
{
	const struct report_event *ev;

	if (i >= r->r->tl.n)
		return -1;
	ev = &r->r->tl.events[i];
	out->first_ts = ev->first_ts;
	out->last_ts = ev->last_ts;
	out->count = ev->count;
	out->what = ev->what;
	out->where = ev->where;
	out->nodes = ev->nodes;
	return 0;
}

int
mgt_result_worst(const mgt_result *r)
{
	return result_worst(r->r);
}

int
mgt_format_parse(const char *name)
{
	return name == NULL ? -1 : report_format_parse(name);
}

void
mgt_write_options_init(struct mgt_write_options *o)
{
	memset(o, 0, sizeof *o);
	o->format = MGT_FORMAT_TEXT;
	o->fail_on = MGT_SEV_HIGH;
}

int
mgt_result_write(const mgt_result *r, FILE *f,
    const struct mgt_write_options *o, struct mgt_error *err)
{
	struct mgt_write_options d;

	if (o == NULL) {
		mgt_write_options_init(&d);
		o = &d;
	}
	if (result_write(f, r->r, (enum report_format)o->format,
	    (enum rule_severity)o->fail_on, o->color, o->width, err) !=
	    MGT_OK || fflush(f) != 0 || ferror(f)) {
		if (err != NULL && err->msg[0] == '\0')
			error_set(err, MGT_ERR_IO, "", -1, 0,
			    "write failed: %s", strerror(errno));
		return MGT_ERR_IO;
	}
	return MGT_OK;
}

int
mgt_result_write_file(const mgt_result *r, const char *path,
    const struct mgt_write_options *o, struct mgt_error *err)
{
	char *tmp = NULL;
	FILE *f;
	int fd, rc;

	if ((rc = output_temp(path, &tmp, &fd, err)) != MGT_OK) {
		free(tmp);
		return rc;
	}
	if ((f = fdopen(fd, "w")) == NULL) {
		rc = error_set(err, MGT_ERR_IO, tmp, -1, 0,
		    "cannot write: %s", strerror(errno));
		close(fd);
		output_discard(tmp);
		free(tmp);
		return rc;
	}
	if ((rc = mgt_result_write(r, f, o, err)) != MGT_OK) {
		if (err != NULL)
			snprintf(err->where, sizeof err->where, "%s", path);
		fclose(f);
		output_discard(tmp);
		free(tmp);
		return rc;
	}
	if (fclose(f) != 0) {
		rc = error_set(err, MGT_ERR_IO, path, -1, 0,
		    "cannot write: %s", strerror(errno));
		output_discard(tmp);
		free(tmp);
		return rc;
	}
	rc = output_commit(tmp, path, err);
	free(tmp);
	return rc;
}

void
mgt_xml_escape(FILE *f, const char *s, int attr)
{
	report_xml_put(f, s, attr);
}
