/* SPDX-License-Identifier: Apache-2.0 */
/*
 * printf() and format() for rule SQL and `query`, with their width and
 * precision bounded.  SQLite's own printf('%.*c', 2147483647, 'x') runs
 * for seconds inside one call, where neither the step budget nor the
 * statement clock can stop it.  These wrappers check every width and
 * precision (written or taken from an argument by '*') and then hand the
 * call to SQLite's printf on a private in-memory connection.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "error.h"
#include "index.h"
#include "xmalloc.h"

/* The widest width or precision accepted (columns of one value). */
#define PRINTF_MAX_WIDTH	100000
/* Arguments SQLite's printf takes at most (SQLITE_MAX_FUNCTION_ARG). */
#define PRINTF_MAX_ARGS		127

/*
 * The private connection whose built-in printf does the formatting, and
 * its statement for each argument count, prepared once (printf runs per
 * row).
 */
struct printf_ctx {
	sqlite3		*db;
	sqlite3_stmt	*st[PRINTF_MAX_ARGS + 1];
};

static void
printf_ctx_free(void *p)
{
	struct printf_ctx *c = p;
	size_t i;

	if (c == NULL)
		return;
	for (i = 0; i <= PRINTF_MAX_ARGS; i++)
		sqlite3_finalize(c->st[i]);
	sqlite3_close(c->db);
	free(c);
}

/*
 * Is every width and precision of fmt within PRINTF_MAX_WIDTH?  A '*'
 * takes the next argument, as SQLite's printf does.
 */
static int
printf_bounded(const char *fmt, int argc, sqlite3_value **argv)
{
	sqlite3_int64 v;
	long long n;
	int arg = 1, i;

	for (i = 0; fmt[i] != '\0'; i++) {
		if (fmt[i] != '%')
			continue;
		if (fmt[++i] == '%')
			continue;
		while (fmt[i] != '\0' && strchr("-+ #0!,", fmt[i]) != NULL)
			i++;
		/* Width, then ".precision": digits or '*'. */
		for (;;) {
			if (fmt[i] == '*') {
				v = arg < argc ? sqlite3_value_int64(argv[arg]) :
				    0;
				arg++;
				if (v > PRINTF_MAX_WIDTH || v < -PRINTF_MAX_WIDTH)
					return 0;
				i++;
			} else {
				for (n = 0; fmt[i] >= '0' && fmt[i] <= '9'; i++)
					if ((n = n * 10 + (fmt[i] - '0')) >
					    PRINTF_MAX_WIDTH)
						return 0;
			}
			if (fmt[i] != '.')
				break;
			i++;
		}
		while (fmt[i] == 'l')
			i++;
		if (fmt[i] == '\0')
			break;
		arg++;		/* the conversion's own argument */
	}
	return 1;
}

static void
printf_bounded_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	struct printf_ctx *c = sqlite3_user_data(ctx);
	sqlite3_stmt *st = NULL;
	const char *fmt;
	char sql[32 + 4 * PRINTF_MAX_ARGS];
	size_t len;
	int i;

	if (argc < 1 || (fmt = (const char *)sqlite3_value_text(argv[0])) ==
	    NULL) {
		sqlite3_result_null(ctx);
		return;
	}
	if (argc > PRINTF_MAX_ARGS || !printf_bounded(fmt, argc, argv)) {
		sqlite3_result_error(ctx, "printf: a width or precision over "
		    "100000 (or too many arguments) is refused", -1);
		return;
	}
	if (c->db == NULL &&
	    sqlite3_open_v2(":memory:", &c->db, SQLITE_OPEN_READWRITE, NULL) !=
	    SQLITE_OK) {
		sqlite3_result_error_nomem(ctx);
		return;
	}
	if ((st = c->st[argc]) == NULL) {
		len = (size_t)snprintf(sql, sizeof sql, "SELECT printf(?1");
		for (i = 2; i <= argc; i++)
			len += (size_t)snprintf(sql + len, sizeof sql - len,
			    ",?%d", i);
		snprintf(sql + len, sizeof sql - len, ")");
		if (sqlite3_prepare_v2(c->db, sql, -1, &st, NULL) !=
		    SQLITE_OK) {
			sqlite3_result_error(ctx, sqlite3_errmsg(c->db), -1);
			return;
		}
		c->st[argc] = st;
	}
	for (i = 0; i < argc; i++)
		sqlite3_bind_value(st, i + 1, argv[i]);
	if (sqlite3_step(st) == SQLITE_ROW)
		sqlite3_result_value(ctx, sqlite3_column_value(st, 0));
	else
		sqlite3_result_error(ctx, sqlite3_errmsg(c->db), -1);
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
}

int
sqlfunc_printf_register(sqlite3 *db)
{
	static const char *const names[] = { "printf", "format" };
	struct printf_ctx *c;
	size_t i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		c = xcalloc(1, sizeof *c);
		/* On failure SQLite calls the destructor itself. */
		if (sqlite3_create_function_v2(db, names[i], -1, SQLITE_UTF8 |
		    SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, c,
		    printf_bounded_fn, NULL, NULL, printf_ctx_free) !=
		    SQLITE_OK)
			return MGT_ERR_DB;
	}
	return MGT_OK;
}
