/*
 * `mgtriage query DB SQL`: read-only SQL over an index, printed as an
 * aligned table, JSON (an array of objects) or CSV.  Text from the case
 * never reaches a terminal raw: table cells are always escaped, JSON and
 * CSV when standard output is a terminal (piped, they are byte-exact).
 */
#include "config.h"

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "cli.h"
#include "error.h"
#include "index.h"
#include "mgt-limits.h"
#include "report.h"
#include "util.h"
#include "xmalloc.h"

enum query_format { QUERY_TABLE, QUERY_JSON, QUERY_CSV };

enum { QUERY_OPT_LIMIT = 256 };

/* Widest a table column gets before its cells are cut with "...". */
#define QUERY_MAX_WIDTH 80

/* One CSV cell; on a terminal (term) escaped first. */
static void
query_csv_cell(FILE *f, const char *s, int term)
{
	char *t = NULL;

	if (s == NULL)
		return;
	if (term)
		s = t = cmd_term(s, 1);
	if (strpbrk(s, ",\"\r\n") == NULL)
		fputs(s, f);
	else {
		fputc('"', f);
		for (; *s != '\0'; s++) {
			if (*s == '"')
				fputc('"', f);
			fputc(*s, f);
		}
		fputc('"', f);
	}
	free(t);
}

static cJSON *
query_json_value(sqlite3_stmt *st, int i, int term)
{
	cJSON *v;
	char *t;

	switch (sqlite3_column_type(st, i)) {
	case SQLITE_INTEGER:
		return cJSON_CreateNumber((double)sqlite3_column_int64(st, i));
	case SQLITE_FLOAT:
		return cJSON_CreateNumber(sqlite3_column_double(st, i));
	case SQLITE_NULL:
		return cJSON_CreateNull();
	default:
		t = cmd_term((const char *)sqlite3_column_text(st, i), term);
		v = cJSON_CreateString(t);
		free(t);
		return v;
	}
}

/* Cells are escaped for the terminal (util_escape_n() keeps NUL bytes
 * visible, report_term() C1 and bidi controls) and cut to
 * QUERY_MAX_WIDTH. */
static char *
query_cell(sqlite3_stmt *st, int i)
{
	const char *t;
	char buf[QUERY_MAX_WIDTH * 4 + 8];
	size_t n;

	if (sqlite3_column_type(st, i) == SQLITE_NULL)
		return xstrdup("NULL");
	t = (const char *)sqlite3_column_text(st, i);
	n = (size_t)sqlite3_column_bytes(st, i);
	util_escape_n(t, n > QUERY_MAX_WIDTH ? QUERY_MAX_WIDTH : n, buf,
	    sizeof buf);
	if (n > QUERY_MAX_WIDTH)
		strcat(buf, "...");
	return report_term(buf, SIZE_MAX);
}

static size_t
query_width(const char *s)
{
	size_t w = 0;

	/* Count UTF-8 lead bytes: good enough for alignment. */
	for (; *s != '\0'; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			w++;
	return w;
}

static int
query_run(sqlite3 *db, const char *sql, enum query_format fmt, FILE *f,
    struct mgt_error *err)
{
	struct index_budget b;
	sqlite3_stmt *st = NULL;
	cJSON *arr = NULL, *row;
	const char *why;
	char **cells = NULL, **names, *txt, what[96];
	size_t *width = NULL, nrows = 0, cap = 0, r, kept;
	int ncol, i, rc, status = MGT_OK, term;

	if (index_guard_one(db, sql, &st, &why) != MGT_OK)
		return mgt_error_set(err, MGT_ERR_USAGE, "", -1, 0,
		    "SQL: %s (query is read-only: one SELECT or read-only "
		    "PRAGMA)", why);
	term = isatty(fileno(f));
	ncol = sqlite3_column_count(st);
	names = xcalloc((size_t)ncol + 1, sizeof *names);
	/* The table escapes always, as it does its cells. */
	for (i = 0; i < ncol; i++)
		names[i] = cmd_term(sqlite3_column_name(st, i),
		    term || fmt == QUERY_TABLE);
	if (fmt == QUERY_JSON)
		arr = cJSON_CreateArray();
	else if (fmt == QUERY_CSV) {
		for (i = 0; i < ncol; i++) {
			if (i > 0)
				fputc(',', f);
			query_csv_cell(f, sqlite3_column_name(st, i), term);
		}
		fputs("\r\n", f);
	} else {
		width = xcalloc((size_t)ncol + 1, sizeof *width);
		for (i = 0; i < ncol; i++)
			width[i] = query_width(names[i]);
	}
	index_budget_begin(db, &b);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		/* Rows kept for the table or the JSON array count too. */
		for (kept = 0, i = 0; fmt != QUERY_CSV && i < ncol; i++)
			kept += sizeof(cJSON) + (fmt == QUERY_JSON ?
			    (size_t)sqlite3_column_bytes(st, i) :
			    QUERY_MAX_WIDTH);
		if (index_budget_charge(&b, kept) != 0) {
			rc = SQLITE_NOMEM;
			break;
		}
		switch (fmt) {
		case QUERY_JSON:
			row = cJSON_CreateObject();
			for (i = 0; i < ncol; i++)
				cJSON_AddItemToObject(row, names[i],
				    query_json_value(st, i, term));
			cJSON_AddItemToArray(arr, row);
			break;
		case QUERY_CSV:
			for (i = 0; i < ncol; i++) {
				if (i > 0)
					fputc(',', f);
				query_csv_cell(f,
				    (const char *)sqlite3_column_text(st, i),
				    term);
			}
			fputs("\r\n", f);
			break;
		case QUERY_TABLE:
			if ((nrows + 1) * (size_t)ncol > cap) {
				cap = cap ? cap * 2 : (size_t)ncol * 64;
				cells = xreallocarray(cells, cap,
				    sizeof *cells);
			}
			for (i = 0; i < ncol; i++) {
				txt = query_cell(st, i);
				if (query_width(txt) > width[i])
					width[i] = query_width(txt);
				cells[nrows * (size_t)ncol + (size_t)i] = txt;
			}
			break;
		}
		nrows++;
	}
	if (index_budget_end(&b, rc) != 0)
		status = mgt_error_set(err, MGT_ERR_LIMIT, "", -1, 0,
		    "SQL: the query was stopped: it went over %s; narrow it "
		    "(WHERE, LIMIT) or raise the limit with --limit",
		    index_budget_what(&b, what, sizeof what));
	else if (rc != SQLITE_DONE)
		status = mgt_error_set(err, MGT_ERR_DB, "", -1, 0, "SQL: %s",
		    sqlite3_errmsg(db));
	sqlite3_finalize(st);

	if (fmt == QUERY_JSON) {
		txt = cJSON_Print(arr);
		fprintf(f, "%s\n", txt);
		cJSON_free(txt);
		cJSON_Delete(arr);
	} else if (fmt == QUERY_TABLE) {
		for (i = 0; i < ncol; i++)
			fprintf(f, "%s%-*s", i ? "  " : "",
			    i + 1 < ncol ? (int)width[i] : 0, names[i]);
		fputc('\n', f);
		for (i = 0; i < ncol; i++) {
			fputs(i ? "  " : "", f);
			for (r = 0; r < width[i]; r++)
				fputc('-', f);
		}
		fputc('\n', f);
		for (r = 0; r < nrows; r++) {
			for (i = 0; i < ncol; i++) {
				txt = cells[r * (size_t)ncol + (size_t)i];
				fprintf(f, "%s%s", i ? "  " : "", txt);
				if (i + 1 < ncol)
					fprintf(f, "%*s", (int)(width[i] -
					    query_width(txt)), "");
			}
			fputc('\n', f);
		}
		for (r = 0; r < nrows * (size_t)ncol; r++)
			free(cells[r]);
		free(cells);
		free(width);
	}
	for (i = 0; i < ncol; i++)
		free(names[i]);
	free(names);
	return status;
}

static int
cmd_query_exec(int argc, char **argv)
{
	enum query_format fmt = QUERY_TABLE;
	struct mgt_limits lim;
	struct mgt_error err;
	sqlite3 *db = NULL;
	int opt, rc;
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "limit", required_argument, NULL, QUERY_OPT_LIMIT },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};

	limits_default(&lim);
	optind = 1;
	while ((opt = getopt_long(argc, argv, "f:h", longopts, NULL)) != -1) {
		switch (opt) {
		case QUERY_OPT_LIMIT:
			if (limits_set(&lim, optarg, &err) != MGT_OK)
				return cmd_usage_error(&cmd_query_entry, "%s",
				    err.msg);
			break;
		case 'f':
			if (strcmp(optarg, "table") == 0)
				fmt = QUERY_TABLE;
			else if (strcmp(optarg, "json") == 0)
				fmt = QUERY_JSON;
			else if (strcmp(optarg, "csv") == 0)
				fmt = QUERY_CSV;
			else
				return cmd_usage_error(&cmd_query_entry,
				    "unknown format '%s' (table, json, csv)",
				    optarg);
			break;
		case 'h':
			cmd_print_help(&cmd_query_entry);
			return MGT_EXIT_OK;
		default:
			return cmd_usage_error(&cmd_query_entry,
			    "unknown option");
		}
	}
	if (argc - optind != 2)
		return cmd_usage_error(&cmd_query_entry,
		    "expected an index and one SQL statement");
	mgt_error_clear(&err);
	if ((rc = index_open(argv[optind], 1, cmd_index_opts(&lim), &db,
	    &err)) != MGT_OK) {
		cmd_print_error(&err);
		return rc == MGT_ERR_IO || rc == MGT_ERR_FORMAT ?
		    MGT_EXIT_UNREADABLE : rc == MGT_ERR_RULE ? MGT_EXIT_USAGE :
		    MGT_EXIT_INTERNAL;
	}
	rc = query_run(db, argv[optind + 1], fmt, stdout, &err);
	sqlite3_close(db);
	if (rc != MGT_OK) {
		cmd_print_error(&err);
		return rc == MGT_ERR_USAGE ? MGT_EXIT_USAGE : MGT_EXIT_INTERNAL;
	}
	if (fflush(stdout) != 0)
		return MGT_EXIT_INTERNAL;
	return MGT_EXIT_OK;
}

const struct cmd_entry cmd_query_entry = {
	"query", "DB SQL [--format table|json|csv] [--limit NAME=VAL]",
	"Run read-only SQL over an index",
	"Runs one read-only SQL statement over the index DB and prints the\n"
	"rows.  Writes, ATTACH, a second statement and functions that touch\n"
	"memory or files (fts3_tokenizer, load_extension) are refused; a\n"
	"statement is stopped past its step or memory budget.  The tables and views (sources,\n"
	"resources, lines, hits, problems, nodes, node_annotations,\n"
	"machineconfigs, machineconfigpools, conditions, events, pods,\n"
	"container_statuses, csrs, install_config, infrastructure,\n"
	"etcd_members, ...) are described in doc/index-schema.md; SQL\n"
	"functions: regexp(), cidr_contains(), ip_in_any(), mgt_ts(),\n"
	"mgt_time().\n"
	"\n"
	"Options:\n"
	"  -f, --format FMT   table (default; cells cut at 80 columns),\n"
	"                     json (array of objects), csv (RFC 4180)\n"
	"      --limit NAME=VAL  sql-steps=N (SQLite steps, default 1G) or\n"
	"                     sql-memory=BYTES (default 1G; K, M, G)\n"
	"  -h, --help         this help\n"
	"\n"
	"Examples:\n"
	"  mgtriage query mg.db 'SELECT name, current_config, mcd_state FROM nodes'\n"
	"  mgtriage query mg.db --format json \\\n"
	"    'SELECT kind, count(*) AS n FROM resources GROUP BY kind ORDER BY n DESC'\n",
	cmd_query_exec
};
