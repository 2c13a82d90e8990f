/* SPDX-License-Identifier: Apache-2.0 */
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

#include "mgtriage.h"
#include "cli.h"
#include "cli-util.h"

enum query_format { QUERY_TABLE, QUERY_JSON, QUERY_CSV };

enum { QUERY_OPT_LIMIT = 256 };

/* Widest a table column gets before its cells are cut with "...". */
#define QUERY_MAX_WIDTH 80

/* What the rows are gathered into while the query runs. */
struct query_out {
	enum query_format fmt;
	FILE		*f;
	int		 term;		/* f is a terminal */
	int		 ncol;
	char	       **names;		/* escaped as the format needs */
	cJSON		*arr;		/* QUERY_JSON */
	char	       **cells;		/* QUERY_TABLE: nrows * ncol */
	size_t		*width;
	size_t		 nrows, cap;
};

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
query_json_value(const struct mgt_value *v, int term)
{
	cJSON *j;
	char *t;

	switch (v->type) {
	case MGT_VALUE_INTEGER:
		return cJSON_CreateNumber((double)v->i);
	case MGT_VALUE_FLOAT:
		return cJSON_CreateNumber(v->f);
	case MGT_VALUE_NULL:
		return cJSON_CreateNull();
	default:
		t = cmd_term(v->text, term);
		j = cJSON_CreateString(t);
		free(t);
		return j;
	}
}

/* Cells are escaped for the terminal (NUL bytes kept visible, C1 and bidi
 * controls too) and cut to QUERY_MAX_WIDTH. */
static char *
query_cell(const struct mgt_value *v)
{
	char *t, *cut;

	if (v->type == MGT_VALUE_NULL)
		return cli_strdup("NULL");
	t = mgt_term_escape(v->text, v->len > QUERY_MAX_WIDTH ?
	    QUERY_MAX_WIDTH : v->len, 0);
	if (v->len <= QUERY_MAX_WIDTH)
		return t;
	cli_asprintf(&cut, "%s...", t);
	mgt_free(t);
	return cut;
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

/* The column names, before the first row: the CSV header goes out now. */
static void
query_names(void *data, int ncol, const char *const *names)
{
	struct query_out *q = data;
	int i;

	q->ncol = ncol;
	q->names = cli_calloc((size_t)ncol + 1, sizeof *q->names);
	/* The table escapes always, as it does its cells. */
	for (i = 0; i < ncol; i++)
		q->names[i] = cmd_term(names[i], q->term ||
		    q->fmt == QUERY_TABLE);
	if (q->fmt == QUERY_JSON)
		q->arr = cJSON_CreateArray();
	else if (q->fmt == QUERY_CSV) {
		for (i = 0; i < ncol; i++) {
			if (i > 0)
				fputc(',', q->f);
			query_csv_cell(q->f, names[i], q->term);
		}
		fputs("\r\n", q->f);
	} else {
		q->width = cli_calloc((size_t)ncol + 1, sizeof *q->width);
		for (i = 0; i < ncol; i++)
			q->width[i] = query_width(q->names[i]);
	}
}

/* One row: printed (CSV) or kept; returns the bytes kept. */
static long
query_row(void *data, int ncol, const char *const *names,
    const struct mgt_value *v)
{
	struct query_out *q = data;
	size_t kept = 0;
	cJSON *row;
	char *txt;
	int i;

	(void)names;
	/* Rows kept for the table or the JSON array count too. */
	for (i = 0; q->fmt != QUERY_CSV && i < ncol; i++)
		kept += sizeof(cJSON) + (q->fmt == QUERY_JSON ? v[i].len :
		    QUERY_MAX_WIDTH);
	switch (q->fmt) {
	case QUERY_JSON:
		row = cJSON_CreateObject();
		for (i = 0; i < ncol; i++)
			cJSON_AddItemToObject(row, q->names[i],
			    query_json_value(&v[i], q->term));
		cJSON_AddItemToArray(q->arr, row);
		break;
	case QUERY_CSV:
		for (i = 0; i < ncol; i++) {
			if (i > 0)
				fputc(',', q->f);
			query_csv_cell(q->f, v[i].text, q->term);
		}
		fputs("\r\n", q->f);
		break;
	case QUERY_TABLE:
		if ((q->nrows + 1) * (size_t)ncol > q->cap) {
			q->cap = q->cap ? q->cap * 2 : (size_t)ncol * 64;
			q->cells = cli_reallocarray(q->cells, q->cap,
			    sizeof *q->cells);
		}
		for (i = 0; i < ncol; i++) {
			txt = query_cell(&v[i]);
			if (query_width(txt) > q->width[i])
				q->width[i] = query_width(txt);
			q->cells[q->nrows * (size_t)ncol + (size_t)i] = txt;
		}
		break;
	}
	q->nrows++;
	return (long)kept;
}

/* What was kept, printed at the end (also after an error: the rows the
 * query gave before it stopped). */
static void
query_finish(struct query_out *q)
{
	FILE *f = q->f;
	char *txt;
	size_t r;
	int i, ncol = q->ncol;

	if (q->fmt == QUERY_JSON && q->arr != NULL) {
		txt = cJSON_Print(q->arr);
		fprintf(f, "%s\n", txt);
		cJSON_free(txt);
		cJSON_Delete(q->arr);
	} else if (q->fmt == QUERY_TABLE && q->names != NULL) {
		for (i = 0; i < ncol; i++)
			fprintf(f, "%s%-*s", i ? "  " : "",
			    i + 1 < ncol ? (int)q->width[i] : 0, q->names[i]);
		fputc('\n', f);
		for (i = 0; i < ncol; i++) {
			fputs(i ? "  " : "", f);
			for (r = 0; r < q->width[i]; r++)
				fputc('-', f);
		}
		fputc('\n', f);
		for (r = 0; r < q->nrows; r++) {
			for (i = 0; i < ncol; i++) {
				txt = q->cells[r * (size_t)ncol + (size_t)i];
				fprintf(f, "%s%s", i ? "  " : "", txt);
				if (i + 1 < ncol)
					fprintf(f, "%*s", (int)(q->width[i] -
					    query_width(txt)), "");
			}
			fputc('\n', f);
		}
		for (r = 0; r < q->nrows * (size_t)ncol; r++)
			free(q->cells[r]);
		free(q->cells);
		free(q->width);
	}
	for (i = 0; q->names != NULL && i < ncol; i++)
		free(q->names[i]);
	free(q->names);
}

static int
query_run(mgt_case *c, const char *sql, enum query_format fmt, FILE *f,
    struct mgt_error *err)
{
	struct query_out q;
	int rc;

	memset(&q, 0, sizeof q);
	q.fmt = fmt;
	q.f = f;
	q.term = isatty(fileno(f));
	rc = mgt_case_query(c, sql, query_names, query_row, &q, err);
	query_finish(&q);
	return rc;
}

struct query_args {
	mgt_session		*s;
	enum query_format	 fmt;
};

static int
query_option(void *ctx, int opt, const char *arg)
{
	struct query_args *a = ctx;
	struct mgt_error err;

	switch (opt) {
	case QUERY_OPT_LIMIT:
		mgt_error_clear(&err);
		if (mgt_session_set_limit(a->s, arg, &err) != MGT_OK)
			return cmd_usage_error(&cmd_query_entry, "%s",
			    err.msg);
		return MGT_EXIT_OK;
	case 'f':
		if (strcmp(arg, "table") == 0)
			a->fmt = QUERY_TABLE;
		else if (strcmp(arg, "json") == 0)
			a->fmt = QUERY_JSON;
		else if (strcmp(arg, "csv") == 0)
			a->fmt = QUERY_CSV;
		else
			return cmd_usage_error(&cmd_query_entry, "unknown "
			    "format '%s' (table, json, csv)", arg);
		return MGT_EXIT_OK;
	}
	return -1;
}

static int
cmd_query_exec(int argc, char **argv)
{
	enum query_format fmt;
	struct query_args qa;
	struct mgt_error err;
	mgt_session *s = NULL;
	mgt_case *c = NULL;
	int rc, ret;
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "limit", required_argument, NULL, QUERY_OPT_LIMIT },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};

	mgt_error_clear(&err);
	s = cmd_session_new();
	qa.s = s;
	qa.fmt = QUERY_TABLE;
	if ((ret = cmd_options(&cmd_query_entry, argc, argv, "f:h", longopts,
	    query_option, &qa)) != CMD_OPTIONS_DONE)
		goto out;
	fmt = qa.fmt;
	if (argc - optind != 2) {
		ret = cmd_usage_error(&cmd_query_entry,
		    "expected an index and one SQL statement");
		goto out;
	}
	mgt_error_clear(&err);
	if ((ret = cmd_case_open(s, argv[optind], &c)) != MGT_EXIT_OK)
		goto out;
	rc = query_run(c, argv[optind + 1], fmt, stdout, &err);
	if (rc != MGT_OK) {
		cmd_print_error(&err);
		ret = rc == MGT_ERR_USAGE ? MGT_EXIT_USAGE : MGT_EXIT_INTERNAL;
	} else if (fflush(stdout) != 0)
		ret = MGT_EXIT_INTERNAL;
	else
		ret = MGT_EXIT_OK;
out:
	mgt_case_close(c);
	mgt_session_free(s);
	return ret;
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
