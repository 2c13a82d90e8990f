/*
 * The fence around SQL that a rule or a `query` user wrote, run over an
 * index that may itself come from anyone: an authorizer that lets through
 * reads and plain functions only (no fts3_tokenizer, load_extension,
 * ATTACH, writes or writing pragmas), defensive connection settings, and a
 * step, memory and time budget per statement.
 */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <sqlite3.h>

#include "error.h"
#include "index.h"
#include "mgt-limits.h"

/* VM instructions between two calls of the progress handler. */
#define GUARD_PROGRESS_OPS	1000
/* The longest value a statement may make: this share of its memory. */
#define GUARD_LENGTH_SHARE	4

/* The budgets every guarded statement gets (--limit sql-steps, ...). */
static long long guard_steps = LIMIT_DEFAULT_SQL_STEPS;
static long long guard_memory = LIMIT_DEFAULT_SQL_MEMORY;
static long long guard_time_ms = LIMIT_DEFAULT_SQL_TIME_MS;

void
index_sql_limits(const struct mgt_limits *l)
{
	guard_steps = l->sql_steps;
	guard_memory = l->sql_memory;
	guard_time_ms = l->sql_time_ms;
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
index_guard(sqlite3 *db)
{
	int rc, on;

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
	if (guard_memory / GUARD_LENGTH_SHARE < (long long)sqlite3_limit(db,
	    SQLITE_LIMIT_LENGTH, -1))
		sqlite3_limit(db, SQLITE_LIMIT_LENGTH,
		    (int)(guard_memory / GUARD_LENGTH_SHARE));
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
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' ||
		    *p == '\f' || *p == '\v' || *p == ';')
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
	b->steps = guard_steps;
	b->memory = guard_memory;
	b->time_ms = guard_time_ms;
	b->start_ms = guard_now_ms();
	sqlite3_progress_handler(db, GUARD_PROGRESS_OPS, guard_progress, b);
	/* What SQLite holds now (page caches) is not the statement's. */
	used = sqlite3_memory_used();
	b->heap_prev = sqlite3_hard_heap_limit64(-1);
	sqlite3_hard_heap_limit64(used + guard_memory);
}

int
index_budget_end(struct index_budget *b, int rc)
{
	sqlite3_progress_handler(b->db, 0, NULL, NULL);
	sqlite3_hard_heap_limit64(b->heap_prev);
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
