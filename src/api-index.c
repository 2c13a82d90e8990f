/*
 * mgt_index_build(): one pass over the inputs into a new index.
 */
#include "config.h"

#include <string.h>

#include "api.h"
#include "error.h"
#include "index.h"
#include "ingest.h"

void
api_ingest_options(const mgt_session *s, struct ingest_options *o)
{
	ingest_options_init(o);
	o->limits = s->limits;
	o->index_flags = (s->opts.full_text ? INDEX_FULL_TEXT : 0) |
	    (s->opts.fts ? INDEX_FTS : 0);
	o->rules = s->rules.nrules > 0 ? &s->rules : NULL;
	o->progress = s->opts.on_progress != NULL;
	o->quiet = s->opts.on_problem == NULL;
}

int
mgt_index_build(mgt_session *s, const char *const *inputs, size_t n,
    const char *db_path, struct mgt_index_stats *stats,
    struct mgt_error *err)
{
	struct ingest_options o;
	struct ingest_result res;
	int rc;

	api_rules_finish(s);
	api_ingest_options(s, &o);
	memset(&res, 0, sizeof res);
	rc = ingest_run(inputs, n, db_path, &o, &res, err);
	if (stats != NULL) {
		memset(stats, 0, sizeof *stats);
		stats->sources = res.sources;
		stats->lines = res.lines;
		stats->resources = res.resources;
		stats->bytes = res.bytes;
		stats->hits = res.hits;
		stats->problems[0] = res.problems[0];
		stats->problems[1] = res.problems[1];
		stats->problems[2] = res.problems[2];
		stats->unreadable = res.unreadable;
		stats->seconds = res.seconds;
	}
	return rc;
}
