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
#include "output.h"
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

static int
api_is_dir(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* A program run from the build tree (the CLI, tests, examples) gets the
 * source tree's data; an installed one the installed data, never the
 * source tree it was built from (it may be gone or newer). */
static const char *
api_data_dir(const char *src, const char *installed)
{
	static char exe[PATH_MAX];
	ssize_t n;

	n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		exe[n] = '\0';
		if (strncmp(exe, MGT_BUILDDIR "/", strlen(MGT_BUILDDIR) + 1) ==
		    0 && api_is_dir(src))
			return src;
	}
	return installed;
}

const char *
mgt_default_rules_dir(void)
{
	return api_data_dir(MGT_SRCDIR "/rules", MGT_PKGDATADIR "/rules");
}

const char *
mgt_default_views_dir(void)
{
	return api_data_dir(MGT_SRCDIR "/views", MGT_PKGDATADIR "/views");
}

/* Diagnostics from diags[from..] go to the session's callback. */
static void
api_report_diags(const mgt_session *s, size_t from)
{
	struct mgt_rule_diag d;
	const struct rule_diag *rd;
	size_t i;

	if (s->opts.on_rule_diag == NULL)
		return;
	for (i = from; i < s->rules.ndiags; i++) {
		rd = &s->rules.diags[i];
		d.file = rd->file;
		d.line = rd->line;
		d.col = rd->col;
		d.is_warning = rd->is_warning;
		d.message = rd->message;
		s->opts.on_rule_diag(s->opts.data, &d);
	}
}

int
mgt_session_load_rules(mgt_session *s, const char *dir,
    struct mgt_error *err)
{
	size_t before = s->rules.ndiags;
	int rc;

	if ((rc = ruleset_load_dir(&s->rules, dir, err)) != MGT_OK)
		return rc;
	/* Finished on first use: explains may name a rule of a directory
	 * loaded later, and a finish per directory would warn twice. */
	s->rules_pending = 1;
	api_report_diags(s, before);
	s->rule_dirs = xreallocarray(s->rule_dirs, s->nrule_dirs + 1,
	    sizeof *s->rule_dirs);
	s->rule_dirs[s->nrule_dirs++] = xstrdup(dir);
	return MGT_OK;
}

void
api_rules_finish(mgt_session *s)
{
	size_t before = s->rules.ndiags;

	if (!s->rules_pending)
		return;
	s->rules_pending = 0;
	ruleset_finish(&s->rules);
	api_report_diags(s, before);
}

/* The const accessors finish too: the session is the caller's, not a
 * const object, and finishing changes nothing it has seen. */
void
mgt_session_rule_counts(const mgt_session *s, size_t *rules, size_t *errors,
    size_t *warnings)
{
	api_rules_finish((mgt_session *)s);
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
mgt_session_rule(const mgt_session *s, size_t i, struct mgt_rule_info *out)
{
	const struct rule *r;

	api_rules_finish((mgt_session *)s);
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
