/*
 * Building indexes through the API: mgt_index_build() and
 * mgt_case_build(), with the lock that keeps two builds of one index
 * apart and the private temporary directory of a scratch index.
 */
#include "config.h"

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
	o->index_flags = (s->opts.full_text ? INDEX_FULL_TEXT : 0) |
	    (s->opts.fts ? INDEX_FTS : 0);
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

/* A private directory for a scratch index: nothing outside it is
 * touched, and it goes on a signal (mgt_remove_temporaries()). */
static int
api_tempdir(const mgt_session *s, char **dir, char **db,
    struct mgt_error *err)
{
	const char *base = s->opts.tmpdir != NULL && *s->opts.tmpdir != '\0' ?
	    s->opts.tmpdir : "/tmp";

	xasprintf(dir, "%s/mgtriage-XXXXXX", base);
	if (mkdtemp(*dir) == NULL) {
		free(*dir);
		*dir = NULL;
		return error_set(err, MGT_ERR_IO, base, -1, 0,
		    "cannot create a temporary directory");
	}
	xasprintf(db, "%s/index.db", *dir);
	output_track(*dir, 1);
	return MGT_OK;
}

int
mgt_case_build(mgt_session *s, const char *const *inputs, size_t n,
    const char *db_path, int flags, struct mgt_index_stats *stats,
    mgt_case **out, struct mgt_error *err)
{
	char *dir = NULL, *db = NULL;
	int lock = -1, rc;

	*out = NULL;
	if (db_path == NULL) {
		if ((rc = api_tempdir(s, &dir, &db, err)) != MGT_OK)
			return rc;
		if (!(flags & MGT_CASE_KEEP))
			output_track(db, 0);
	} else {
		/* The case opens the index by name: another build renaming
		 * its own index there in between would be the one opened. */
		if ((lock = output_lock(db_path, api_waiting, s, err)) == -1)
			return err != NULL && err->code == MGT_ERR_USAGE ?
			    MGT_ERR_USAGE : MGT_ERR_IO;
		db = xstrdup(db_path);
	}
	rc = api_ingest(s, inputs, n, db, db_path == NULL &&
	    !(flags & MGT_CASE_KEEP), stats, err);
	if (rc == MGT_OK)
		rc = mgt_case_open(s, db, out, err);
	if (lock != -1)
		output_unlock(db_path, lock);
	if (dir != NULL) {
		if (rc == MGT_OK && !(flags & MGT_CASE_KEEP)) {
			(*out)->tmpdir = dir;
			dir = NULL;
		} else {
			if (!(flags & MGT_CASE_KEEP) || rc != MGT_OK) {
				output_discard(db);
				rmdir(dir);
			}
			output_untrack(dir);
		}
	}
	free(dir);
	free(db);
	return rc;
}
