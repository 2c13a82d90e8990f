/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The fence around SQL that a rule or a `query` user wrote, run over an
 * index that may itself come from anyone: an authorizer that lets through
 * reads and plain functions only (no fts3_tokenizer, load_extension,
 * ATTACH, writes or writing pragmas), defensive connection settings, and a
 * step, memory and time budget per statement.
 */
#include "config.h"

#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <sqlite3.h>

#include "error.h"
#include "index.h"
#include "index-private.h"
#include "mgt-limits.h"
#include "xmalloc.h"

/* VM instructions between two calls of the progress handler. */
#define GUARD_PROGRESS_OPS	1000
/* The longest value a statement may make: this share of its memory. */
#define GUARD_LENGTH_SHARE	4

/*
 * The budgets of one guarded connection (--limit sql-steps, ...).  SQLite
 * 3.40 keeps no data of ours with a connection that we could look up by
 * its handle (sqlite3_set_clientdata() came in 3.44), so the guarded
 * connections are listed here, under a mutex: an entry goes in with
 * index_guard() and out when SQLite closes the connection (the destructor
 * of its guard_budget_fn function).  Each connection keeps its own
 * budgets: two sessions in one process do not see each other's.
 */
struct guard_conn {
	sqlite3			*db;
	long long		 steps;
	long long		 memory;
	long long		 time_ms;
	struct guard_conn	*next;
};
static struct guard_conn	*guard_conns;
static pthread_mutex_t		 guard_lock = PTHREAD_MUTEX_INITIALIZER;

/* SQLite's heap limit is the process's: shared by concurrent budgets. */
static int			 guard_active;	/* budgets begun, not ended */
static sqlite3_int64		 guard_heap_prev; /* the limit before them */
static sqlite3_int64		 guard_heap_want; /* the highest asked for */

/* Called by SQLite when the connection closes (or the function is
 * replaced): the connection's entry goes. */
static void
guard_conn_free(void *p)
{
	struct guard_conn *c = p, **pp;

	pthread_mutex_lock(&guard_lock);
	for (pp = &guard_conns; *pp != NULL; pp = &(*pp)->next)
		if (*pp == c) {
			*pp = c->next;
			break;
		}
	pthread_mutex_unlock(&guard_lock);
	free(c);
}

/* mgt_guard_budget(): NULL; it exists for its destructor. */
static void
guard_budget_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	(void)argc;
	(void)argv;
	sqlite3_result_null(ctx);
}

/* The budgets kept for db into b (the defaults if there are none). */
static void
guard_conn_find(sqlite3 *db, struct index_budget *b)
{
	struct guard_conn *c;

	b->steps = LIMIT_DEFAULT_SQL_STEPS;
	b->memory = LIMIT_DEFAULT_SQL_MEMORY;
	b->time_ms = LIMIT_DEFAULT_SQL_TIME_MS;
	pthread_mutex_lock(&guard_lock);
	for (c = guard_conns; c != NULL; c = c->next)
		if (c->db == db) {
			b->steps = c->steps;
			b->memory = c->memory;
			b->time_ms = c->time_ms;
			break;
		}
	pthread_mutex_unlock(&guard_lock);
}

static long long
guard_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Functions SQL from a rule or a user never calls. */
static int
guard_function_denied(const char *name)
{
	static const char *const deny[] = {
		"fts3_tokenizer",	/* reads and writes raw pointers */
		"load_extension",	/* runs a shared object's code */
		"rtreenode", "rtreedepth", "rtreecheck",	/* debug */
		"writefile", "readfile", "edit",	/* shell extensions */
	};
	size_t i;

	if (name == NULL)
		return 1;
	for (i = 0; i < sizeof deny / sizeof deny[0]; i++)
		if (strcasecmp(name, deny[i]) == 0)
			return 1;
	return 0;
}

/* Pragmas that only read; arg says whether an argument was given. */
static int
guard_pragma_allowed(const char *name, const char *arg)
{
	/* These take a table or index name: they still only read. */
	static const char *const with_arg[] = {
		"table_info", "table_xinfo", "index_list", "index_info",
		"index_xinfo", "foreign_key_list", "table_list",
	};
	static const char *const bare[] = {
		"database_list", "collation_list", "function_list",
		"module_list", "pragma_list", "compile_options",
		"schema_version", "user_version", "application_id",
		"page_count", "page_size", "freelist_count", "encoding",
		"data_version",
	};
	size_t i;

	if (name == NULL)
		return 0;
	for (i = 0; i < sizeof with_arg / sizeof with_arg[0]; i++)
		if (strcasecmp(name, with_arg[i]) == 0)
			return 1;
	if (arg != NULL)
		return 0;
	for (i = 0; i < sizeof bare / sizeof bare[0]; i++)
		if (strcasecmp(name, bare[i]) == 0)
			return 1;
	return 0;
}

static int
guard_authorize(void *ctx, int action, const char *a3, const char *a4,
    const char *db, const char *trigger)
{
	(void)ctx;
	(void)db;
	(void)trigger;
	switch (action) {
	case SQLITE_SELECT:
	case SQLITE_READ:
	case SQLITE_RECURSIVE:
		return SQLITE_OK;
	case SQLITE_FUNCTION:
		/* a3 is unused, a4 the function's name. */
		return guard_function_denied(a4) ? SQLITE_DENY : SQLITE_OK;
	case SQLITE_PRAGMA:
		return guard_pragma_allowed(a3, a4) ? SQLITE_OK : SQLITE_DENY;
	case SQLITE_UPDATE:
		/*
		 * Asked while a virtual table (lines_fts) declares its
		 * columns.  The connection is read-only and in defensive
		 * mode: the schema cannot be written all the same.
		 */
		return a3 != NULL && (strcmp(a3, "sqlite_master") == 0 ||
		    strcmp(a3, "sqlite_schema") == 0) ? SQLITE_OK :
		    SQLITE_DENY;
	default:
		/* ATTACH, DETACH, every write, schema change, transaction. */
		return SQLITE_DENY;
	}
}

int
index_guard(sqlite3 *db, long long steps, long long memory,
    long long time_ms)
{
	struct guard_conn *c;
	int rc, on;

	c = xcalloc(1, sizeof *c);
	c->db = db;
	c->steps = steps > 0 ? steps : LIMIT_DEFAULT_SQL_STEPS;
	c->memory = memory > 0 ? memory : LIMIT_DEFAULT_SQL_MEMORY;
	c->time_ms = time_ms > 0 ? time_ms : LIMIT_DEFAULT_SQL_TIME_MS;
	pthread_mutex_lock(&guard_lock);
	c->next = guard_conns;
	guard_conns = c;
	pthread_mutex_unlock(&guard_lock);
	/* On failure SQLite calls the destructor itself: c is unlisted. */
	if (sqlite3_create_function_v2(db, "mgt_guard_budget", 0,
	    SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, c,
	    guard_budget_fn, NULL, NULL, guard_conn_free) != SQLITE_OK)
		return MGT_ERR_DB;

	rc = sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0,
	    &on);
	if (rc == SQLITE_OK)
		rc = sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, &on);
	/*
	 * The schema stays trusted: our views call json_extract(), which
	 * SQLite 3.40 does not mark innocuous.  The authorizer still sees
	 * every function a view calls, so a hostile index's view gets no
	 * further than the user's own SQL.
	 */
	if (rc != SQLITE_OK)
		return MGT_ERR_DB;
	sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
	/* A value that long can still be copied a few times. */
	if (c->memory / GUARD_LENGTH_SHARE < (long long)sqlite3_limit(db,
	    SQLITE_LIMIT_LENGTH, -1))
		sqlite3_limit(db, SQLITE_LIMIT_LENGTH,
		    (int)(c->memory / GUARD_LENGTH_SHARE));
	if (sqlite3_set_authorizer(db, guard_authorize, NULL) != SQLITE_OK)
		return MGT_ERR_DB;
	return MGT_OK;
}

int
index_guard_one(sqlite3 *db, const char *sql, sqlite3_stmt **st,
    const char **why)
{
	const char *tail = NULL;

	*st = NULL;
	*why = NULL;
	if (sqlite3_prepare_v2(db, sql, -1, st, &tail) != SQLITE_OK) {
		sqlite3_finalize(*st);
		*st = NULL;
		*why = sqlite3_errmsg(db);
		return MGT_ERR_USAGE;
	}
	if (*st == NULL) {
		*why = "no statement";
		return MGT_ERR_USAGE;
	}
	if (!sqlite3_stmt_readonly(*st)) {
		*why = "only read-only statements (SELECT) are allowed";
		goto fail;
	}
	if (tail != NULL && *index_sql_skip(tail) != '\0') {
		*why = "more than one statement (one query at a time)";
		goto fail;
	}
	return MGT_OK;
fail:
	sqlite3_finalize(*st);
	*st = NULL;
	return MGT_ERR_USAGE;
}

const char *
index_sql_skip(const char *p)
{
	return index_sql_blank(p, 1);
}

const char *
index_sql_blank(const char *p, int semicolons)
{
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' ||
		    *p == '\f' || *p == '\v' || (semicolons && *p == ';'))
			p++;
		if (p[0] == '-' && p[1] == '-') {
			while (*p != '\0' && *p != '\n')
				p++;
		} else if (p[0] == '/' && p[1] == '*') {
			p += 2;
			while (*p != '\0' && !(p[0] == '*' && p[1] == '/'))
				p++;
			if (*p != '\0')
				p += 2;
		} else
			return p;
	}
}

/* Called every GUARD_PROGRESS_OPS instructions: non-zero interrupts. */
static int
guard_progress(void *ctx)
{
	struct index_budget *b = ctx;

	b->used += GUARD_PROGRESS_OPS;
	if (b->used > b->steps) {
		b->over = INDEX_OVER_STEPS;
		return 1;
	}
	/* Work inside one function call (regexp()) takes no steps. */
	if (guard_now_ms() - b->start_ms > b->time_ms) {
		b->over = INDEX_OVER_TIME;
		return 1;
	}
	return 0;
}

void
index_budget_begin(sqlite3 *db, struct index_budget *b)
{
	sqlite3_int64 used;

	memset(b, 0, sizeof *b);
	b->db = db;
	guard_conn_find(db, b);
	b->start_ms = guard_now_ms();
	sqlite3_progress_handler(db, GUARD_PROGRESS_OPS, guard_progress, b);
	/*
	 * What SQLite holds now (page caches) is not the statement's.  The
	 * heap limit is SQLite's, for the whole process: statements budgeted
	 * at the same time (two sessions on two threads) share the highest
	 * limit asked for, and the last to end puts back the one before.
	 */
	used = sqlite3_memory_used();
	pthread_mutex_lock(&guard_lock);
	if (guard_active++ == 0) {
		guard_heap_prev = sqlite3_hard_heap_limit64(-1);
		guard_heap_want = 0;
	}
	if (used + b->memory > guard_heap_want) {
		guard_heap_want = used + b->memory;
		sqlite3_hard_heap_limit64(guard_heap_want);
	}
	pthread_mutex_unlock(&guard_lock);
	b->heap_prev = guard_heap_prev;
}

int
index_budget_end(struct index_budget *b, int rc)
{
	sqlite3_progress_handler(b->db, 0, NULL, NULL);
	pthread_mutex_lock(&guard_lock);
	if (guard_active > 0 && --guard_active == 0)
		sqlite3_hard_heap_limit64(guard_heap_prev);
	pthread_mutex_unlock(&guard_lock);
	if (b->over == 0 && ((rc & 0xff) == SQLITE_NOMEM ||
	    (rc & 0xff) == SQLITE_TOOBIG))
		b->over = INDEX_OVER_MEMORY;
	return b->over;
}

int
index_budget_charge(struct index_budget *b, size_t bytes)
{
	if ((long long)bytes > b->memory - b->kept) {
		b->over = INDEX_OVER_MEMORY;
		return -1;
	}
	b->kept += (long long)bytes;
	return 0;
}

const char *
index_budget_what(const struct index_budget *b, char *buf, size_t len)
{
	if (b->over == INDEX_OVER_STEPS)
		snprintf(buf, len, "the SQL step budget (sql-steps=%lld)",
		    b->steps);
	else if (b->over == INDEX_OVER_TIME)
		snprintf(buf, len, "the SQL time budget (sql-time-ms=%lld)",
		    b->time_ms);
	else
		snprintf(buf, len, "the SQL memory budget (sql-memory=%lld)",
		    b->memory);
	return buf;
}
