/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Sessions (include/mgtriage.h): options, limits and rules, and the
 * process-wide parts of the API: version, errors, the OOM handler.
 */
#include "config.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "api.h"
#include "error.h"
#include "index.h"
#include "output.h"
#include "util.h"
#include "xmalloc.h"

const char *
mgt_version(void)
{
	return PACKAGE_VERSION;
}

void
mgt_free(void *p)
{
	free(p);
}

void
mgt_remove_temporaries(void)
{
	output_cleanup();
}

void
mgt_options_init(struct mgt_options *o)
{
	memset(o, 0, sizeof *o);
	o->progress_every = 0.25;
}

static pthread_once_t api_once = PTHREAD_ONCE_INIT;

/* SQLite's and cJSON's allocators report out of memory like ours; done
 * once per process, before the first SQLite call of any session. */
static void
api_init_process(void)
{
	xmalloc_hook_libraries();
}

int
mgt_session_new(const struct mgt_options *opts, mgt_session **out,
    struct mgt_error *err)
{
	mgt_session *s;

	(void)err;
	pthread_once(&api_once, api_init_process);
	s = xcalloc(1, sizeof *s);
	if (opts != NULL)
		s->opts = *opts;
	else
		mgt_options_init(&s->opts);
	limits_default(&s->limits);
	ruleset_init(&s->rules);
	*out = s;
	return MGT_OK;
}

void
mgt_session_free(mgt_session *s)
{
	size_t i;

	if (s == NULL)
		return;
	ruleset_free(&s->rules);
	for (i = 0; i < s->nrule_dirs; i++)
		free(s->rule_dirs[i]);
	free(s->rule_dirs);
	free(s);
}

int
mgt_session_set_limit(mgt_session *s, const char *assignment,
    struct mgt_error *err)
{
	return limits_set(&s->limits, assignment, err);
}

const char *
mgt_default_rules_dir(void)
{
	return util_data_dir(MGT_SRCDIR "/rules", MGT_PKGDATADIR "/rules");
}

const char *
mgt_default_views_dir(void)
{
	return index_default_views_dir();
}

/* Diagnostics not yet reported go to the session's callback. */
static void
api_report_diags(mgt_session *s)
{
	struct mgt_rule_diag d;
	const struct rule_diag *rd;

	for (; s->ndiags_reported < s->rules.ndiags; s->ndiags_reported++) {
		if (s->opts.on_rule_diag == NULL)
			continue;
		rd = &s->rules.diags[s->ndiags_reported];
		d.file = rd->file;
		d.line = rd->line;
		d.col = rd->col;
		d.is_warning = rd->is_warning;
		d.message = rd->message;
		s->opts.on_rule_diag(s->opts.data, &d);
	}
}

void
api_rules_ready(mgt_session *s)
{
	if (s->rules_ready)
		return;
	ruleset_finish(&s->rules);
	api_report_diags(s);
	s->rules_ready = 1;
}

int
mgt_session_load_rules(mgt_session *s, const char *dir,
    struct mgt_error *err)
{
	int rc;

	if (s->rules_ready)
		return error_set(err, MGT_ERR_USAGE, dir, -1, 0, "rules "
		    "are loaded before the session's rules are first used");
	if ((rc = ruleset_load_dir(&s->rules, dir, err)) != MGT_OK)
		return rc;
	api_report_diags(s);
	s->rule_dirs = xreallocarray(s->rule_dirs, s->nrule_dirs + 1,
	    sizeof *s->rule_dirs);
	s->rule_dirs[s->nrule_dirs++] = xstrdup(dir);
	return MGT_OK;
}

void
mgt_session_rule_counts(mgt_session *s, size_t *rules, size_t *errors,
    size_t *warnings)
{
	api_rules_ready(s);
	if (rules != NULL)
		*rules = s->rules.nrules;
	if (errors != NULL)
		*errors = s->rules.nerrors;
	if (warnings != NULL)
		*warnings = s->rules.nwarnings;
}

const char *
mgt_severity_name(int severity)
{
	if (severity < RULE_SEV_INFO || severity > RULE_SEV_CRITICAL)
		return NULL;
	return rule_severity_name((enum rule_severity)severity);
}

int
mgt_severity_parse(const char *s)
{
	return s == NULL ? -1 : rule_severity_parse(s);
}

int
mgt_session_rule(mgt_session *s, size_t i, struct mgt_rule_info *out)
{
	const struct rule *r;

	api_rules_ready(s);
	if (i >= s->rules.nrules)
		return -1;
	r = &s->rules.rules[i];
	memset(out, 0, sizeof *out);
	out->id = r->id;
	out->title = r->title;
	out->severity = (enum mgt_severity)r->severity;
	out->category = r->category;
	out->file = r->file;
	out->line = r->line;
	out->remedy = r->remedy;
	out->explains = (const char *const *)r->explains;
	out->nexplains = r->nexplains;
	out->references = (const char *const *)r->references;
	out->nreferences = r->nreferences;
	out->component = r->component;
	out->generic = r->generic;
	return 0;
}

static void
api_problem(void *ctx, const struct problem *p)
{
	const mgt_session *s = ctx;
	struct mgt_problem mp;

	mp.severity = (enum mgt_problem_severity)p->severity;
	mp.code = p->code;
	mp.where = p->vpath != NULL ? p->vpath : "";
	mp.offset = p->offset;
	mp.line = p->line;
	mp.message = p->message;
	s->opts.on_problem(s->opts.data, &mp);
}

void
api_problem_sink(const mgt_session *s, struct problem_sink *sink)
{
	sink->fn = s->opts.on_problem != NULL ? api_problem : NULL;
	sink->ctx = (void *)s;
}

struct mgt_options *
mgt_session_options(mgt_session *s)
{
	return &s->opts;
}

void
mgt_set_oom_handler(mgt_oom_fn fn, void *data)
{
	xmalloc_set_oom_handler(fn, data);
}
