/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Lazy bodies in a stored index.  resources.lazy_yaml holds a body the
 * parser kept as YAML text (parse-lazy.h) and doc has null in its place.
 * index_lazy_open() shadows the table with a TEMP view of the same name
 * whose doc is whole again (mgt_lazy()): every query, view and rule sees
 * the object as written, and only a read of such a document pays for
 * parsing its body.  The writer uses its own connection and the table.
 */
#include "config.h"

#include <stdlib.h>

#include <sqlite3.h>

#include "error.h"
#include "index.h"
#include "index-private.h"
#include "mgt-limits.h"
#include "parse-lazy.h"

/* Every column but the two that hold the body, in the table's order. */
static const char index_lazy_view[] =
"CREATE TEMP VIEW resources AS SELECT id, source_id, line, api_version,"
" api_group, kind, namespace, name, uid, resource_version, synthetic,"
" CASE WHEN lazy_yaml IS NULL THEN doc"
" ELSE mgt_lazy(doc, lazy_yaml, lazy_line, source_id) END AS doc"
" FROM main.resources;";

/* The file a resource came from, for a message (sqlite3_free()). */
static char *
index_lazy_vpath(sqlite3 *db, sqlite3_int64 source_id)
{
	sqlite3_stmt *st = NULL;
	char *vpath = NULL;

	if (sqlite3_prepare_v2(db, "SELECT vpath FROM main.sources WHERE"
	    " id = ?1", -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_bind_int64(st, 1, source_id) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW)
		vpath = sqlite3_mprintf("%s", sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	return vpath;
}

/*
 * mgt_lazy(doc, lazy_yaml, lazy_line, source_id): the document with its
 * body parsed into place.  A body that cannot be read is an error naming
 * the file and line: the same body read in place would have had its
 * object skipped with that problem.
 */
static void
index_lazy_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	const char *doc, *yaml;
	struct mgt_limits lim;
	char why[512], *out, *vpath, *msg;

	(void)argc;
	doc = (const char *)sqlite3_value_text(argv[0]);
	yaml = (const char *)sqlite3_value_text(argv[1]);
	if (doc == NULL || yaml == NULL) {
		sqlite3_result_value(ctx, argv[0]);
		return;
	}
	limits_default(&lim);
	out = parse_lazy_expand(doc, yaml, (long)sqlite3_value_int64(argv[2]),
	    "", &lim, why, sizeof why);
	if (out != NULL) {
		sqlite3_result_text(ctx, out, -1, free);
		return;
	}
	vpath = index_lazy_vpath(sqlite3_context_db_handle(ctx),
	    sqlite3_value_int64(argv[3]));
	msg = sqlite3_mprintf("%s: the object's body kept as YAML cannot be "
	    "read: %s", vpath != NULL ? vpath : "(unknown file)", why);
	sqlite3_free(vpath);
	if (msg == NULL)
		sqlite3_result_error_nomem(ctx);
	else
		sqlite3_result_error(ctx, msg, -1);
	sqlite3_free(msg);
}

int
index_lazy_open(sqlite3 *db, const char *path, struct mgt_error *err)
{
	int rc;

	rc = sqlite3_create_function_v2(db, "mgt_lazy", 4, SQLITE_UTF8 |
	    SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, NULL, index_lazy_fn,
	    NULL, NULL, NULL);
	if (rc != SQLITE_OK)
		return index_db_error(db, rc, path, "register mgt_lazy", err);
	return index_exec(db, index_lazy_view, path, err);
}
