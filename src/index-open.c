/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Opening an existing index for the rules, `query` and `grep`: read-only
 * by default, with the SQL functions registered, the schema version
 * checked (so a stray file is refused with its name rather than failing
 * later on a missing table) and the views created.  Also the
 * SQLite-to-mgt_error conversion that the other index-*.c files share.
 */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "error.h"
#include "index.h"
#include "index-private.h"
#include "mgt-limits.h"
#include "util.h"
#include "xmalloc.h"

/*
 * Fill err from the connection's last error and return MGT_ERR_DB.  what
 * says what was being done ("insert resource"); rc is the failing result
 * code, used when db is NULL or has no message.
 */
int
index_db_error(sqlite3 *db, int rc, const char *where, const char *what,
    struct mgt_error *err)
{
	const char *msg;

	/* The connection's message, unless it has none ("not an error"). */
	msg = db != NULL && sqlite3_errcode(db) != SQLITE_OK ?
	    sqlite3_errmsg(db) : sqlite3_errstr(rc);
	if (msg == NULL || *msg == '\0')
		msg = sqlite3_errstr(rc);
	return error_set(err, MGT_ERR_DB, where, -1, 0, "%s: %s", what,
	    msg);
}

/* Run one or more SQL statements that return no rows. */
int
index_exec(sqlite3 *db, const char *sql, const char *where,
    struct mgt_error *err)
{
	char *msg = NULL;
	int rc;

	rc = sqlite3_exec(db, sql, NULL, NULL, &msg);
	if (rc != SQLITE_OK) {
		error_set(err, MGT_ERR_DB, where, -1, 0, "%s",
		    msg != NULL ? msg : sqlite3_errstr(rc));
		sqlite3_free(msg);
		return MGT_ERR_DB;
	}
	return MGT_OK;
}

/*
 * Read meta.schema_version and compare it with the versions we read.
 * Anything that is not an index (not SQLite, SQLite without our meta
 * table, another version) is MGT_ERR_FORMAT with the file's name in err.
 * The version read is left in *version.
 */
static int
index_open_check(sqlite3 *db, const char *path, int *version,
    struct mgt_error *err)
{
	sqlite3_stmt *st = NULL;
	const unsigned char *v;
	char have[32];
	int i, rc, ret;

	rc = sqlite3_prepare_v2(db,
	    "SELECT value FROM meta WHERE key = 'schema_version'", -1, &st,
	    NULL);
	if (rc != SQLITE_OK) {
		if ((rc & 0xff) == SQLITE_NOTADB) {
			ret = error_set(err, MGT_ERR_FORMAT, path, -1, 0,
			    "not an mgtriage index (not an SQLite database)");
		} else if ((rc & 0xff) == SQLITE_ERROR) {
			ret = error_set(err, MGT_ERR_FORMAT, path, -1, 0,
			    "not an mgtriage index (%s)", sqlite3_errmsg(db));
		} else
			ret = index_db_error(db, rc, path, "read meta", err);
		goto out;
	}
	rc = sqlite3_step(st);
	if (rc == SQLITE_DONE) {
		ret = error_set(err, MGT_ERR_FORMAT, path, -1, 0,
		    "not an mgtriage index (no schema_version in meta)");
		goto out;
	}
	if (rc != SQLITE_ROW) {
		if ((rc & 0xff) == SQLITE_NOTADB)
			ret = error_set(err, MGT_ERR_FORMAT, path, -1, 0,
			    "not an mgtriage index (not an SQLite database)");
		else
			ret = index_db_error(db, rc, path, "read meta", err);
		goto out;
	}
	v = sqlite3_column_text(st, 0);
	for (i = INDEX_SCHEMA_VERSION_MIN; i <= INDEX_SCHEMA_VERSION; i++) {
		snprintf(have, sizeof have, "%d", i);
		if (v != NULL && strcmp((const char *)v, have) == 0)
			break;
	}
	if (i > INDEX_SCHEMA_VERSION) {
		ret = error_set(err, MGT_ERR_FORMAT, path, -1, 0,
		    "index schema version %.20s is not a version this "
		    "mgtriage reads (%d to %d); rebuild the index with "
		    "'mgtriage index'", v != NULL ? (const char *)v : "(null)",
		    INDEX_SCHEMA_VERSION_MIN, INDEX_SCHEMA_VERSION);
		goto out;
	}
	*version = i;
	ret = MGT_OK;
out:
	sqlite3_finalize(st);
	return ret;
}

/*
 * Open the index at path.  readonly: SQLITE_OPEN_READONLY plus
 * query_only, so even a statement that would write is refused.  The file
 * must exist; it is never created.  Registers the SQL functions (the views
 * need mgt_ts and csr_cn), sets a 5 s busy timeout and an explicit page
 * cache, and checks meta.schema_version.  A read-only connection is
 * fenced for SQL from rules and users (index_guard()).  On success *out
 * is a connection the caller closes with sqlite3_close(); on failure *out
 * is NULL and err says why: MGT_ERR_IO (cannot open), MGT_ERR_FORMAT (not an index or
 * another schema version), MGT_ERR_DB (any other SQLite failure).
 */
void
index_open_opts_init(struct index_open_opts *o, const struct mgt_limits *l)
{
	struct mgt_limits def;

	if (l == NULL) {
		limits_default(&def);
		l = &def;
	}
	memset(o, 0, sizeof *o);
	o->sql_steps = l->sql_steps;
	o->sql_memory = l->sql_memory;
	o->sql_time_ms = l->sql_time_ms;
}

/* What a connection's slow-statement trace calls (a copy of the opts'). */
struct index_slow {
	void	(*fn)(void *cb_data, const char *sql, double seconds);
	void	*cb_data;
};

/* on_slow_sql: every statement over 10 ms. */
static int
index_profile(unsigned type, void *ctx, void *p, void *x)
{
	const struct index_slow *s = ctx;
	sqlite3_int64 ns = *(sqlite3_int64 *)x;
	char *sql;

	(void)type;
	if (ns < 10000000)
		return 0;
	sql = sqlite3_expanded_sql(p);
	s->fn(s->cb_data, sql != NULL ? sql : sqlite3_sql(p), (double)ns / 1e9);
	sqlite3_free(sql);
	return 0;
}

/* The trace's context lives as long as the connection: it is freed by
 * the destructor of a function registered for that (mgt_slow_sql()). */
static void
index_slow_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	(void)argc;
	(void)argv;
	sqlite3_result_null(ctx);
}

static int
index_trace_slow(sqlite3 *db, const struct index_open_opts *o)
{
	struct index_slow *s;

	s = xcalloc(1, sizeof *s);
	s->fn = o->on_slow_sql;
	s->cb_data = o->cb_data;
	/* On failure SQLite calls the destructor (free) itself. */
	if (sqlite3_create_function_v2(db, "mgt_slow_sql", 0, SQLITE_UTF8 |
	    SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, s, index_slow_fn, NULL,
	    NULL, free) != SQLITE_OK)
		return MGT_ERR_DB;
	sqlite3_trace_v2(db, SQLITE_TRACE_PROFILE, index_profile, s);
	return MGT_OK;
}

int
index_open(const char *path, int readonly, const struct index_open_opts *o,
    sqlite3 **out, struct mgt_error *err)
{
	struct index_open_opts def;
	struct index_views *views = NULL;
	const char **dirs;
	sqlite3 *db = NULL;
	char sql[64];
	size_t i;
	int flags, rc, ret, version = INDEX_SCHEMA_VERSION;

	*out = NULL;
	if (o == NULL) {
		index_open_opts_init(&def, NULL);
		o = &def;
	}
	flags = readonly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE;
	rc = sqlite3_open_v2(path, &db, flags, NULL);
	if (rc != SQLITE_OK) {
		ret = error_set(err, (rc & 0xff) == SQLITE_CANTOPEN ?
		    MGT_ERR_IO : MGT_ERR_DB, path, -1, 0,
		    "cannot open index: %s", db != NULL ?
		    sqlite3_errmsg(db) : sqlite3_errstr(rc));
		goto fail;
	}
	sqlite3_extended_result_codes(db, 1);
	rc = sqlite3_busy_timeout(db, INDEX_BUSY_TIMEOUT_MS);
	if (rc != SQLITE_OK) {
		ret = index_db_error(db, rc, path, "busy timeout", err);
		goto fail;
	}
	/* First, so a stray file is named as such, not as a failed PRAGMA. */
	if ((ret = index_open_check(db, path, &version, err)) != MGT_OK)
		goto fail;
	snprintf(sql, sizeof sql, "PRAGMA cache_size = -%d;",
	    INDEX_READER_CACHE_KIB);
	if ((ret = index_exec(db, sql, path, err)) != MGT_OK)
		goto fail;
	/*
	 * A reader maps the file instead of copying every page it reads
	 * with pread(): the rules' SQL reads much of the index, and
	 * re-evaluating a stored index (corpus --indexes) took 25 % less
	 * wall time mapped.  Read-only only: an index is written to a
	 * temporary file and renamed, never truncated in place, which is
	 * what would turn a mapped read into SIGBUS.  SQLite caps the size
	 * at its compile-time maximum.
	 */
	if (readonly && (ret = index_exec(db, "PRAGMA mmap_size = "
	    INDEX_READER_MMAP_BYTES ";", path, err)) != MGT_OK)
		goto fail;
	if (sqlfunc_register(db, o->no_jit ? SQLFUNC_NO_JIT : 0) != MGT_OK) {
		ret = index_db_error(db, SQLITE_ERROR, path,
		    "register SQL functions", err);
		goto fail;
	}
	/* An older index had no alerts: an empty table stands in for it. */
	if (version < 4 && (ret = index_exec(db, index_schema_old_alerts(),
	    path, err)) != MGT_OK)
		goto fail;
	/* Nor bootstrap service records before version 5. */
	if (version < 5 && (ret = index_exec(db,
	    index_schema_old_bootstrap(), path, err)) != MGT_OK)
		goto fail;
	/* Before the views, which read documents through it. */
	if (version >= 6 && (ret = index_lazy_open(db, path, err)) !=
	    MGT_OK)
		goto fail;
	/* Before query_only, which refuses TEMP views too. */
	dirs = xreallocarray(NULL, o->nextra_view_dirs + 1, sizeof *dirs);
	dirs[0] = o->views_dir != NULL ? o->views_dir :
	    index_default_views_dir();
	for (i = 0; i < o->nextra_view_dirs; i++)
		dirs[i + 1] = o->extra_view_dirs[i];
	ret = index_views_apply(db, dirs, o->nextra_view_dirs + 1, &views,
	    err);
	free(dirs);
	if (ret != MGT_OK)
		goto fail;
	if (readonly &&
	    (ret = index_exec(db, "PRAGMA query_only = 1;", path, err)) !=
	    MGT_OK)
		goto fail;
	/* Last: the pragmas above would be refused. */
	if (readonly && index_guard(db, o->sql_steps, o->sql_memory,
	    o->sql_time_ms) != MGT_OK) {
		ret = index_db_error(db, SQLITE_ERROR, path,
		    "restrict SQL", err);
		goto fail;
	}
	/* Under the guard, so a view is held to what a query may call. */
	if ((ret = index_views_check(db, views, err)) != MGT_OK)
		goto fail;
	index_views_free(views);
	views = NULL;
	if (o->on_slow_sql != NULL && index_trace_slow(db, o) != MGT_OK) {
		ret = index_db_error(db, SQLITE_ERROR, path, "trace SQL", err);
		goto fail;
	}
	*out = db;
	return MGT_OK;
fail:
	index_views_free(views);
	sqlite3_close(db);
	return ret;
}
