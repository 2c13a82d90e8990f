/*
 * Cases (include/mgtriage.h): an index opened read-only for the rules,
 * queries, grep and timelines.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "error.h"
#include "index.h"
#include "xmalloc.h"

int
mgt_case_open(mgt_session *s, const char *db_path, mgt_case **out,
    struct mgt_error *err)
{
	mgt_case *c;
	sqlite3 *db;
	int rc;

	*out = NULL;
	index_sql_limits(&s->limits);
	if ((rc = index_open(db_path, 1, &db, err)) != MGT_OK)
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
