/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Cases (include/mgtriage.h): an index opened read-only for the rules,
 * queries, grep and timelines.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api.h"
#include "error.h"
#include "index.h"
#include "index-read.h"
#include "output.h"
#include "summary.h"
#include "xmalloc.h"

static void
api_slow_sql(void *ctx, const char *sql, double seconds)
{
	const mgt_session *s = ctx;
	char what[400];

	snprintf(what, sizeof what, "slow SQL: %.300s", sql);
	s->opts.on_timing(s->opts.data, what, seconds);
}

void
api_index_open_opts(const mgt_session *s, struct index_open_opts *o)
{
	index_open_opts_init(o, &s->limits);
	o->no_jit = s->opts.no_jit;
	o->views_dir = s->opts.views_dir;
	o->extra_view_dirs = (const char *const *)s->rules.view_dirs;
	o->nextra_view_dirs = s->rules.nview_dirs;
	if (s->opts.timing >= 2 && s->opts.on_timing != NULL) {
		o->on_slow_sql = api_slow_sql;
		o->cb_data = (void *)s;
	}
}

int
mgt_case_open(mgt_session *s, const char *db_path, mgt_case **out,
    struct mgt_error *err)
{
	struct index_open_opts o;
	mgt_case *c;
	sqlite3 *db;
	int rc;

	*out = NULL;
	api_index_open_opts(s, &o);
	if ((rc = index_open(db_path, 1, &o, &db, err)) != MGT_OK)
		return rc;
	c = xcalloc(1, sizeof *c);
	c->s = s;
	c->db = db;
	c->path = xstrdup(db_path);
	*out = c;
	return MGT_OK;
}

static void
api_case_meta_free(mgt_case *c)
{
	size_t i;

	for (i = 0; i < c->nmeta; i++)
		free(c->meta[i]);
	free(c->meta);
	c->meta = NULL;
	c->nmeta = 0;
}

void
mgt_case_close(mgt_case *c)
{
	if (c == NULL)
		return;
	api_case_meta_free(c);
	sqlite3_close(c->db);
	/* A scratch index: the case was its only user. */
	api_scratch_clean(&c->scratch);
	free(c->path);
	free(c);
}

const char *const *
mgt_case_meta(mgt_case *c, const char *key, size_t *n)
{
	api_case_meta_free(c);
	c->meta = index_meta_lines(c->db, key, &c->nmeta);
	*n = c->nmeta;
	return (const char *const *)c->meta;
}

const char *
mgt_case_path(const mgt_case *c)
{
	return c->path;
}

int
mgt_case_summary(mgt_case *c, FILE *f, int format, struct mgt_error *err)
{
	cJSON *s;
	char *text;
	int rc;

	if (format != MGT_FORMAT_TEXT && format != MGT_FORMAT_JSON)
		return error_set(err, MGT_ERR_USAGE, "", -1, 0, "a summary "
		    "is text or JSON");
	if ((rc = summary_build(c->db, &s, err)) != MGT_OK)
		return rc;
	if (format == MGT_FORMAT_JSON) {
		if ((text = cJSON_Print(s)) == NULL)
			xmalloc_fail("printing JSON");
		fprintf(f, "%s\n", text);
		cJSON_free(text);
	} else
		summary_write_text(f, s);
	cJSON_Delete(s);
	if (fflush(f) != 0 || ferror(f))
		return error_set(err, MGT_ERR_IO, "", -1, 0, "write failed");
	return MGT_OK;
}
