/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mgt_case_query(): one read-only statement over a case under the SQL
 * budgets, rows handed to the caller as they come.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "error.h"
#include "index.h"
#include "xmalloc.h"

/* Column i of the current row as an mgt_value. */
static void
api_query_value(sqlite3_stmt *st, int i, struct mgt_value *v)
{
	memset(v, 0, sizeof *v);
	switch (sqlite3_column_type(st, i)) {
	case SQLITE_NULL:
		v->type = MGT_VALUE_NULL;
		return;
	case SQLITE_INTEGER:
		v->type = MGT_VALUE_INTEGER;
		v->i = sqlite3_column_int64(st, i);
		break;
	case SQLITE_FLOAT:
		v->type = MGT_VALUE_FLOAT;
		v->f = sqlite3_column_double(st, i);
		break;
	default:
		v->type = MGT_VALUE_TEXT;
		break;
	}
	v->text = (const char *)sqlite3_column_text(st, i);
	v->len = (size_t)sqlite3_column_bytes(st, i);
}

int
mgt_case_query(mgt_case *c, const char *sql,
    void (*names_fn)(void *, int, const char *const *), mgt_row_fn row,
    void *data, struct mgt_error *err)
{
	struct index_budget b;
	struct mgt_value *vals;
	sqlite3_stmt *st = NULL;
	const char **names, *why;
	char what[96];
	long kept;
	int ncol, i, rc, status = MGT_OK;

	if (index_guard_one(c->db, sql, &st, &why) != MGT_OK)
		return error_set(err, MGT_ERR_USAGE, "", -1, 0,
		    "SQL: %s (query is read-only: one SELECT or read-only "
		    "PRAGMA)", why);
	ncol = sqlite3_column_count(st);
	names = xcalloc((size_t)ncol + 1, sizeof *names);
	vals = xcalloc((size_t)ncol + 1, sizeof *vals);
	for (i = 0; i < ncol; i++) {
		names[i] = sqlite3_column_name(st, i);
		if (names[i] == NULL)
			names[i] = "";
	}
	if (names_fn != NULL)
		names_fn(data, ncol, names);
	index_budget_begin(c->db, &b);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (row == NULL)
			continue;
		for (i = 0; i < ncol; i++)
			api_query_value(st, i, &vals[i]);
		if ((kept = row(data, ncol, names, vals)) < 0) {
			rc = SQLITE_DONE;
			break;
		}
		/* What the caller keeps counts as SQLite's own memory. */
		if (index_budget_charge(&b, (size_t)kept) != 0) {
			rc = SQLITE_NOMEM;
			break;
		}
	}
	if (index_budget_end(&b, rc) != 0)
		status = error_set(err, MGT_ERR_LIMIT, "", -1, 0,
		    "SQL: the query was stopped: it went over %s; narrow it "
		    "(WHERE, LIMIT) or raise the limit with --limit",
		    index_budget_what(&b, what, sizeof what));
	else if (rc != SQLITE_DONE)
		status = error_set(err, MGT_ERR_DB, "", -1, 0, "SQL: %s",
		    sqlite3_errmsg(c->db));
	sqlite3_finalize(st);
	free(names);
	free(vals);
	return status;
}
