/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Ingest: walk every input, classify each member, and turn it into index
 * rows: resources through the YAML/JSON parser, log lines through the line
 * parser and the pattern matcher (all rule patterns in one pass), catalogue
 * rows for the rest.  Problems are stored, counted and handed to the
 * caller's callback; so are progress and timings.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "classify.h"
#include "error.h"
#include "index.h"
#include "ingest.h"
#include "ingest-pipe.h"
#include "ingest-private.h"
#include "match.h"
#include "parse-log.h"
#include "parse-resource.h"
#include "problem.h"
#include "source.h"
#include "util.h"
#include "xmalloc.h"

void
ingest_options_init(struct ingest_options *o)
{
	memset(o, 0, sizeof *o);
	limits_default(&o->limits);
	o->progress_every = 0.25;	/* four updates a second */
}

/* opt->timing: where a run's time goes (for bench/). */
static void
ingest_timing(const struct ingest *in, const char *what, double start)
{
	if (in->opt->timing >= 1 && in->opt->on_timing != NULL)
		in->opt->on_timing(in->opt->cb_data, what, util_now() - start);
}

/* The tally of p's code (NULL when there are more codes than slots). */
static struct ingest_problem_tally *
ingest_problem_tally(struct ingest *in, const char *code)
{
	size_t i;

	for (i = 0; i < in->nptally; i++)
		if (strcmp(in->ptally[i].code, code) == 0)
			return &in->ptally[i];
	if (in->nptally == INGEST_TALLY_CODES ||
	    strlen(code) >= sizeof in->ptally[0].code)
		return NULL;
	memcpy(in->ptally[in->nptally].code, code, strlen(code) + 1);
	return &in->ptally[in->nptally++];
}

/*
 * Problems: the caller's callback, index row, counters.  Past
 * max-problems-per-code rows of one code they are counted only
 * (ingest_problems_finish records the count).
 */
static void
ingest_problem(void *ctx, const struct problem *p)
{
	struct ingest *in = ctx;
	struct ingest_problem_tally *t;
	struct mgt_error err;
	long long seen;
	int sev = (int)p->severity;

	if (sev < PROBLEM_INFO || sev > PROBLEM_ERROR)
		sev = PROBLEM_ERROR;
	in->res->problems[sev]++;
	t = ingest_problem_tally(in, p->code != NULL ? p->code : "unknown");
	seen = t != NULL ? t->seen[0] + t->seen[1] + t->seen[2] : 0;
	if (t != NULL)
		t->seen[sev]++;
	if (in->opt->on_problem != NULL)
		in->opt->on_problem(in->opt->cb_data, p);
	if (t != NULL && seen >= in->opt->limits.max_problems_code) {
		t->dropped[sev]++;
		return;
	}
	if (in->idx != NULL &&
	    index_add_problem(in->idx, p, &err) != MGT_OK)
		in->db_failed = 1;
}

/*
 * Problems counted but not stored: one limit-problems row per code, and
 * the counts in meta "problems_dropped:CODE:SEVERITY" for the report.
 */
static int
ingest_problems_finish(struct ingest *in, struct mgt_error *err)
{
	char key[128], val[32];
	size_t i;
	int sev, rc;

	for (i = 0; i < in->nptally; i++)
		for (sev = PROBLEM_INFO; sev <= PROBLEM_ERROR; sev++) {
			if (in->ptally[i].dropped[sev] == 0)
				continue;
			snprintf(key, sizeof key, "problems_dropped:%s:%s",
			    in->ptally[i].code,
			    problem_severity_name((enum problem_severity)sev));
			snprintf(val, sizeof val, "%lld",
			    in->ptally[i].dropped[sev]);
			if ((rc = index_set_meta(in->idx, key, val, err)) !=
			    MGT_OK)
				return rc;
			problem_report(&in->sink, PROBLEM_INFO,
			    PCODE_LIMIT_PROBLEMS, "", -1, 0, "%lld more '%s' "
			    "problems (%s) were counted, not stored "
			    "(max-problems-per-code)",
			    in->ptally[i].dropped[sev], in->ptally[i].code,
			    problem_severity_name((enum problem_severity)sev));
		}
	return MGT_OK;
}

static void
ingest_progress_send(struct ingest *in, int done)
{
	struct ingest_progress pr;

	memset(&pr, 0, sizeof pr);
	pr.files = in->res->sources;
	pr.bytes = in->res->bytes + in->progress_bytes +
	    (in->pipe ? ingest_pipe_size(in->pipe) : 0);
	pr.lines = in->res->lines;
	pr.objects = in->res->resources;
	pr.done = done;
	in->opt->on_progress(in->opt->cb_data, &pr);
}

void
ingest_progress_done(struct ingest *in)
{
	if (in->progress_shown) {
		ingest_progress_send(in, 1);
		in->progress_shown = 0;
	}
}

void
ingest_progress(struct ingest *in)
{
	double now;

	if (in->opt->on_progress == NULL)
		return;
	now = util_now();
	if (now - in->progress_at < in->opt->progress_every)
		return;
	in->progress_at = now;
	ingest_progress_send(in, 0);
	in->progress_shown = 1;
}

/* Add the catalogue row of a member that is not read further. */
static int
ingest_catalogue(struct ingest *in, const struct source_member *m,
    const char *kind, const char *status)
{
	struct index_source s;
	struct mgt_error err;
	int64_t id;

	memset(&s, 0, sizeof s);
	s.vpath = m->vpath;
	s.kind = kind;
	s.size = m->size;
	s.depth = m->depth;
	s.first_ts = s.last_ts = LOG_TS_NONE;
	s.status = status;
	s.link = m->link;
	if (index_add_source(in->idx, &s, &id, &err) != MGT_OK)
		return ingest_db_error(in, &err);
	in->res->sources++;
	return MGT_OK;
}

int
ingest_db_error(struct ingest *in, const struct mgt_error *err)
{
	if (!in->db_failed) {
		*in->fatal = *err;
		in->db_failed = 1;
	}
	return MGT_ERR_DB;
}

static int
ingest_member(struct ingest *in, struct pipe_member *pm)
{
	const struct source_member *m = &pm->m;
	struct index_source s;
	struct mgt_error err;
	const void *head = pm->head;
	size_t headlen = pm->headlen;
	int r = pm->head_status, rc;

	ingest_progress(in);
	switch (m->type) {
	case SOURCE_DIRECTORY:
		return MGT_OK;
	case SOURCE_CONTAINER:
		return ingest_catalogue(in, m, "container", "ok");
	case SOURCE_SYMLINK:
	case SOURCE_HARDLINK:
		return ingest_catalogue(in, m, "link", "skipped");
	case SOURCE_UNOPENED:
	case SOURCE_SPECIAL:
		return ingest_catalogue(in, m, "skipped", "skipped");
	case SOURCE_REGULAR:
		break;
	}

	memset(&s, 0, sizeof s);
	s.vpath = m->vpath;
	s.kind = classify_kind_name(pm->cls.kind);
	s.size = m->size;
	s.depth = m->depth;
	s.node = pm->cls.node[0] ? pm->cls.node : NULL;
	s.namespace = pm->cls.namespace[0] ? pm->cls.namespace : NULL;
	s.pod = pm->cls.pod[0] ? pm->cls.pod : NULL;
	s.container = pm->cls.container[0] ? pm->cls.container : NULL;
	s.unit = pm->cls.unit[0] ? pm->cls.unit : NULL;
	s.previous = pm->cls.previous;
	s.first_ts = s.last_ts = LOG_TS_NONE;
	s.status = r < 0 ? "error" : "ok";
	if (index_add_source(in->idx, &s, &in->source_id, &err) != MGT_OK)
		return ingest_db_error(in, &err);
	in->res->sources++;
	if (r < 0)
		return MGT_OK;

	in->vpath = m->vpath;
	in->path = m->path;
	in->cls = pm->cls;
	switch (r > 0 ? ingest_pipe_plan(pm->cls.kind) : PIPE_HEAD) {
	case PIPE_PARSE:
		rc = ingest_resource_member(in, &s);
		break;
	case PIPE_STREAM:
		if (pm->cls.kind == KIND_BOOTSTRAP_SERVICES) {
			rc = ingest_bootstrap_member(in, head, headlen, &s);
			break;
		}
		rc = ingest_log_member(in, head, headlen, &s);
		if (rc == MGT_OK)
			rc = ingest_patterns_source_end(in);
		break;
	case PIPE_HEAD:
	default:
		if (pm->cls.kind == KIND_TIMESTAMP ||
		    pm->cls.kind == KIND_VERSION) {
			rc = ingest_small_member(in, head, headlen, &s);
			break;
		}
		/* Catalogued only: the declared size is enough. */
		if (r > 0 && headlen > 0 && s.size < 0)
			s.size = (long long)headlen;
		rc = MGT_OK;
		break;
	}
	if (rc != MGT_OK)
		return rc;
	if (s.size > 0)
		in->progress_bytes += s.size;
	if (index_update_source(in->idx, in->source_id, &s, &err) != MGT_OK)
		return ingest_db_error(in, &err);
	return in->db_failed ? MGT_ERR_DB : MGT_OK;
}

static int
ingest_input(struct ingest *in, const char *input)
{
	struct source_stats st;
	struct pipe_member *pm;
	struct mgt_error err;
	const char *name;
	int rc, mrc = MGT_OK;

	memset(&st, 0, sizeof st);
	mgt_error_clear(&err);
	/* "-": standard input, named as its members are (source_walk). */
	name = util_input_name(input);
	ingest_cluster_input_start(in, name);
	in->pipe = ingest_pipe_start(input, in->opt, &in->sink, &err);
	if (in->pipe == NULL) {
		*in->fatal = err;
		return err.code;
	}
	while (ingest_pipe_member(in->pipe, &pm) > 0) {
		if ((mrc = ingest_member(in, pm)) != MGT_OK) {
			ingest_pipe_stop(in->pipe);
			break;
		}
	}
	rc = ingest_pipe_finish(in->pipe, &st, &err);
	in->pipe = NULL;
	in->res->bytes += st.bytes;
	in->progress_bytes = 0;	/* now counted in res->bytes */
	if (mrc == MGT_OK)
		ingest_cluster_input_end(in);
	if (in->db_failed)
		return MGT_ERR_DB;
	if (mrc != MGT_OK)
		return mrc;
	if (rc == MGT_OK)
		return MGT_OK;
	/* The top-level input could not be read at all. */
	in->res->unreadable++;
	problem_report(&in->sink, PROBLEM_ERROR,
	    rc == MGT_ERR_EMPTY ? PCODE_EMPTY : rc == MGT_ERR_FORMAT ?
	    PCODE_UNSUPPORTED : PCODE_READ_ERROR, name, -1, 0, "%s",
	    err.msg[0] ? err.msg : mgt_status_name(rc));
	return MGT_OK;
}

/* Where the inputs are, so grep can read them again (meta input_paths). */
static int
ingest_record_paths(struct ingest *in, const char *const *inputs, size_t n,
    struct mgt_error *err)
{
	char *all = NULL, *abs, *next;
	size_t i;
	int rc;

	for (i = 0; i < n; i++) {
		abs = strcmp(inputs[i], "-") == 0 ? NULL :
		    realpath(inputs[i], NULL);
		xasprintf(&next, "%s%s%s", all ? all : "", all ? "\n" : "",
		    abs ? abs : inputs[i]);
		free(abs);
		free(all);
		all = next;
	}
	rc = index_set_meta(in->idx, "input_paths", all ? all : "", err);
	free(all);
	return rc;
}

int
ingest_run(const char *const *inputs, size_t n, const char *db_path,
    const struct ingest_options *opt, struct ingest_result *res,
    struct mgt_error *err)
{
	struct ingest in;
	double start;
	size_t i;
	char *joined = NULL, *p, base[UTIL_BASENAME_MAX];
	size_t len = 0;
	int rc;

	memset(res, 0, sizeof *res);
	memset(&in, 0, sizeof in);
	in.opt = opt;
	in.res = res;
	in.fatal = err;
	in.sink.fn = ingest_problem;
	in.sink.ctx = &in;
	start = util_now();

	rc = index_create(db_path, opt->index_flags |
	    (opt->no_jit ? INDEX_NO_JIT : 0), &in.idx, err);
	if (rc != MGT_OK)
		return rc;
	if ((rc = ingest_patterns_init(&in, err)) != MGT_OK)
		goto fail;

	for (i = 0; i < n; i++)
		len += strlen(inputs[i]) + 1;
	joined = xmalloc(len + 1);
	p = joined;
	for (i = 0; i < n; i++) {
		strcpy(p, util_basename(inputs[i], base, sizeof base));
		p += strlen(p);
		*p++ = i + 1 < n ? '\n' : '\0';
	}
	*p = '\0';
	if ((rc = ingest_record_paths(&in, inputs, n, err)) != MGT_OK ||
	    (rc = index_set_meta(in.idx, "inputs", joined, err)) != MGT_OK ||
	    (rc = index_set_meta(in.idx, "full_text",
	    opt->index_flags & INDEX_FULL_TEXT ? "1" : "0", err)) != MGT_OK)
		goto fail;

	for (i = 0; i < n; i++) {
		if ((rc = ingest_input(&in, inputs[i])) != MGT_OK)
			goto fail;
	}
	ingest_progress_done(&in);
	ingest_timing(&in, "walk done at", start);
	if ((rc = ingest_patterns_finish(&in, err)) != MGT_OK)
		goto fail;
	if ((rc = ingest_year_fix(&in, err)) != MGT_OK)
		goto fail;
	if ((rc = ingest_cluster_finish(&in, err)) != MGT_OK)
		goto fail;
	if ((rc = ingest_problems_finish(&in, err)) != MGT_OK)
		goto fail;
	/* A capped --full-text index no longer holds every line: grep must
	 * read the inputs again. */
	if (in.store_capped && (opt->index_flags & INDEX_FULL_TEXT) &&
	    (rc = index_set_meta(in.idx, "full_text", "0", err)) != MGT_OK)
		goto fail;
	if ((rc = index_fixup_nodes(in.idx, err)) != MGT_OK)
		goto fail;
	if (in.year_hint > 0) {
		char y[16];

		snprintf(y, sizeof y, "%d", in.year_hint);
		if ((rc = index_set_meta(in.idx, "year_hint", y, err)) != MGT_OK)
			goto fail;
	}
	ingest_timing(&in, "fixups done at", start);
	if ((rc = index_commit(in.idx, err)) != MGT_OK) {
		in.idx = NULL;
		goto fail;
	}
	in.idx = NULL;
	ingest_timing(&in, "commit done at", start);
	res->seconds = util_now() - start;
	ingest_patterns_free(&in);
	ingest_cluster_free(&in);
	free(joined);
	return MGT_OK;

fail:
	ingest_progress_done(&in);
	ingest_patterns_free(&in);
	ingest_cluster_free(&in);
	if (in.idx != NULL)
		index_discard(in.idx);
	free(in.yearless);
	free(joined);
	return rc == MGT_OK ? MGT_ERR_INTERNAL : rc;
}
