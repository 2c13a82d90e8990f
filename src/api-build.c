/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Building indexes through the API: mgt_index_build() and
 * mgt_case_build(), with the lock that keeps two builds of one index
 * apart and the private temporary directory of a scratch index.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api.h"
#include "error.h"
#include "index.h"
#include "ingest.h"
#include "output.h"
#include "util.h"
#include "xmalloc.h"

static void
api_on_problem(void *ctx, const struct problem *p)
{
	const mgt_session *s = ctx;
	struct problem_sink sink;

	api_problem_sink(s, &sink);
	if (sink.fn != NULL)
		sink.fn(sink.ctx, p);
}

static void
api_on_progress(void *ctx, const struct ingest_progress *p)
{
	const mgt_session *s = ctx;
	struct mgt_progress mp;

	memset(&mp, 0, sizeof mp);
	mp.files = p->files;
	mp.bytes = p->bytes;
	mp.lines = p->lines;
	mp.resources = p->objects;
	mp.done = p->done;
	s->opts.on_progress(s->opts.data, &mp);
}

static void
api_on_timing(void *ctx, const char *what, double seconds)
{
	const mgt_session *s = ctx;

	s->opts.on_timing(s->opts.data, what, seconds);
}

void
api_ingest_options(const mgt_session *s, struct ingest_options *o)
{
	ingest_options_init(o);
	o->limits = s->limits;
	o->limits.no_isal = s->opts.no_isal;
	if (s->opts.no_yaml_lift)
		o->limits.yaml_lift_min = 0;
	o->index_flags = (s->opts.full_text ? INDEX_FULL_TEXT : 0) |
	    (s->opts.fts ? INDEX_FTS : 0) |
	    (s->opts.secret_data ? INDEX_SECRET_DATA : 0);
	o->rules = s->rules.nrules > 0 ? &s->rules : NULL;
	o->no_jit = s->opts.no_jit;
	o->no_simd = s->opts.no_simd;
	switch (s->opts.parse_on) {
	case MGT_PARSE_READER:
		o->parse_on = INGEST_PARSE_READER;
		break;
	case MGT_PARSE_INDEXER:
		o->parse_on = INGEST_PARSE_INDEXER;
		break;
	default:
		o->parse_on = INGEST_PARSE_DYNAMIC;
	}
	/* 0: one, for now: on 2 cores the workers made analyze slower
	 * (doc/performance.md, "Parse workers"). */
	o->jobs = s->opts.jobs > 0 ? s->opts.jobs : 1;
	if (o->jobs > MGT_JOBS_MAX)
		o->jobs = MGT_JOBS_MAX;
	o->timing = s->opts.on_timing != NULL ? s->opts.timing : 0;
	o->progress_every = s->opts.progress_every;
	o->on_problem = s->opts.on_problem != NULL ? api_on_problem : NULL;
	o->on_progress = s->opts.on_progress != NULL ? api_on_progress : NULL;
	o->on_timing = s->opts.on_timing != NULL ? api_on_timing : NULL;
	o->cb_data = (void *)s;
}

static void
api_stats(const struct ingest_result *res, struct mgt_index_stats *stats)
{
	if (stats == NULL)
		return;
	memset(stats, 0, sizeof *stats);
	stats->sources = res->sources;
	stats->lines = res->lines;
	stats->resources = res->resources;
	stats->bytes = res->bytes;
	stats->hits = res->hits;
	stats->problems[0] = res->problems[0];
	stats->problems[1] = res->problems[1];
	stats->problems[2] = res->problems[2];
	stats->unreadable = res->unreadable;
	stats->seconds = res->seconds;
}

static void
api_waiting(void *ctx)
{
	const mgt_session *s = ctx;

	if (s->opts.on_notice != NULL)
		s->opts.on_notice(s->opts.data, "waiting for another run "
		    "writing the same index");
}

static int
api_ingest(mgt_session *s, const char *const *inputs, size_t n,
    const char *db_path, int scratch, struct mgt_index_stats *stats,
    struct mgt_error *err)
{
	struct ingest_options o;
	struct ingest_result res;
	int rc;

	api_rules_ready(s);
	api_ingest_options(s, &o);
	if (scratch)
		o.index_flags |= INDEX_SCRATCH;
	memset(&res, 0, sizeof res);
	rc = ingest_run(inputs, n, db_path, &o, &res, err);
	api_stats(&res, stats);
	return rc;
}

int
mgt_index_build(mgt_session *s, const char *const *inputs, size_t n,
    const char *db_path, struct mgt_index_stats *stats,
    struct mgt_error *err)
{
	int lock, rc;

	if ((lock = output_lock(db_path, api_waiting, s, err)) == -1)
		return err != NULL && err->code == MGT_ERR_USAGE ?
		    MGT_ERR_USAGE : MGT_ERR_IO;
	rc = api_ingest(s, inputs, n, db_path, 0, stats, err);
	output_unlock(db_path, lock);
	return rc;
}

/* Nothing outside the directory is touched, and it goes on a signal. */
int
api_scratch_make(const mgt_session *s, struct api_scratch *t, int track_db,
    struct mgt_error *err)
{
	const char *base = s->opts.tmpdir != NULL && *s->opts.tmpdir != '\0' ?
	    s->opts.tmpdir : "/tmp";

	t->db = NULL;
	xasprintf(&t->dir, "%s/mgtriage-XXXXXX", base);
	if (mkdtemp(t->dir) == NULL) {
		free(t->dir);
		t->dir = NULL;
		return error_set(err, MGT_ERR_IO, base, -1, 0, "cannot create "
		    "a temporary directory: %s", MGT_STRERROR(errno));
	}
	xasprintf(&t->db, "%s/index.db", t->dir);
	output_track(t->dir, 1);
	if (track_db)
		output_track(t->db, 0);
	return MGT_OK;
}

void
api_scratch_clean(struct api_scratch *t)
{
	if (t->dir == NULL)
		return;
	output_discard(t->db);
	rmdir(t->dir);
	output_untrack(t->dir);
	free(t->dir);
	free(t->db);
	t->dir = t->db = NULL;
}

int
mgt_case_build(mgt_session *s, const char *const *inputs, size_t n,
    const char *db_path, int flags, struct mgt_index_stats *stats,
    mgt_case **out, struct mgt_error *err)
{
	struct api_scratch t = { NULL, NULL };
	int keep = flags & MGT_CASE_KEEP, lock = -1, rc;
	const char *db = db_path;

	*out = NULL;
	if (db_path == NULL) {
		if ((rc = api_scratch_make(s, &t, !keep, err)) != MGT_OK)
			return rc;
		db = t.db;
	} else {
		/* The case opens the index by name: another build renaming
		 * its own index there in between would be the one opened. */
		if ((lock = output_lock(db_path, api_waiting, s, err)) == -1)
			return err != NULL && err->code == MGT_ERR_USAGE ?
			    MGT_ERR_USAGE : MGT_ERR_IO;
	}
	/* A scratch index is removed after the run: no fsync. */
	rc = api_ingest(s, inputs, n, db, db_path == NULL && !keep, stats,
	    err);
	if (rc == MGT_OK)
		rc = mgt_case_open(s, db, out, err);
	if (lock != -1)
		output_unlock(db_path, lock);
	if (t.dir != NULL) {
		if (rc == MGT_OK && !keep)
			(*out)->scratch = t;	/* removed with the case */
		else if (rc == MGT_OK) {
			/* Kept: no longer ours to remove on a signal. */
			output_untrack(t.dir);
			free(t.dir);
			free(t.db);
		} else
			api_scratch_clean(&t);
	}
	return rc;
}
