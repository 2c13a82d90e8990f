/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The MCP tools that read a case's index and logs: get_resource and
 * list_resources (SQL over the resources table, with every value from
 * the client quoted as an SQL literal), read_log and grep (mgt_case_grep),
 * timeline and query.  Each stops reading once its page is full.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli-util.h"
#include "mcp.h"

#define MCP_PAGE_SLACK	512

static size_t
mcp_budget(size_t cap)
{
	return cap > 2 * MCP_PAGE_SLACK ? cap - MCP_PAGE_SLACK : cap / 2;
}

/* Rows of an SQL statement as arrays, paged. */
struct mcp_rows {
	struct mcp_page	 p;
	cJSON		*cols;
	struct mcp_window w;
	int		 objects;	/* rows as objects, not arrays */
};

static void
mcp_rows_names(void *data, int ncols, const char *const *names)
{
	struct mcp_rows *x = data;
	int i;

	x->cols = cJSON_CreateArray();
	for (i = 0; i < ncols; i++)
		cJSON_AddItemToArray(x->cols, cJSON_CreateString(names[i]));
}

static long
mcp_rows_row(void *data, int ncols, const char *const *names,
    const struct mgt_value *v)
{
	struct mcp_rows *x = data;
	cJSON *row, *tmp;
	int i;

	switch (mcp_window_step(&x->w, &x->p)) {
	case 0:
		return 0;
	case -1:
		return -1;
	}
	row = x->objects ? cJSON_CreateObject() : cJSON_CreateArray();
	for (i = 0; i < ncols; i++) {
		switch (v[i].type) {
		case MGT_VALUE_NULL:
			tmp = cJSON_CreateNull();
			break;
		case MGT_VALUE_INTEGER:
			tmp = cJSON_CreateNumber((double)v[i].i);
			break;
		case MGT_VALUE_FLOAT:
			tmp = cJSON_CreateNumber(v[i].f);
			break;
		default:
			tmp = mcp_strn_new(v[i].text, v[i].len,
			    x->objects ? 4 * 1024 * 1024 : 0);
			break;
		}
		if (x->objects)
			cJSON_AddItemToObject(row, names[i], tmp);
		else
			cJSON_AddItemToArray(row, tmp);
	}
	if (!mcp_window_put(&x->w, &x->p, row))
		return -1;
	return 0;
}

/* Run sql into x; NULL, or a message the caller frees. */
static char *
mcp_rows_run(struct mcp_case *mc, const char *sql, struct mcp_rows *x)
{
	struct mgt_error err;
	char ebuf[2200];

	mgt_error_clear(&err);
	if (mgt_case_query(mc->c, sql, mcp_rows_names, mcp_rows_row, x,
	    &err) != MGT_OK)
		return mcp_msg("%s", mgt_error_format(&err, ebuf,
		    sizeof ebuf));
	return NULL;
}

static void
mcp_rows_init(struct mcp_rows *x, size_t cap, long long off, long long lim)
{
	memset(x, 0, sizeof *x);
	mcp_page_init(&x->p, cJSON_CreateArray(), mcp_budget(cap));
	x->w.skip = off;
	x->w.limit = lim;
}

static void
mcp_rows_free(struct mcp_rows *x)
{
	cJSON_Delete(x->p.items);
	cJSON_Delete(x->cols);
}

cJSON *
mcp_tool_query(struct mcp_server *sv, const cJSON *args, size_t cap,
    char **msg, int *bad)
{
	struct mcp_case *mc;
	struct mcp_rows x;
	const char *sql = NULL;
	long long off, lim;
	cJSON *out;
	char *e;

	if (mcp_arg_page(args, 100, &off, &lim, msg) != 0 ||
	    mcp_arg_string(args, "sql", &sql, msg) != 0 || sql == NULL) {
		if (*msg == NULL)
			*msg = mcp_msg("argument 'sql' is required");
		*bad = 1;
		return NULL;
	}
	if ((mc = mcp_case_get(sv, args, "case", msg)) == NULL)
		return NULL;
	mcp_rows_init(&x, cap, off, lim);
	if ((e = mcp_rows_run(mc, sql, &x)) != NULL) {
		*msg = mcp_msg("query failed: %s", e);
		free(e);
		mcp_rows_free(&x);
		return NULL;
	}
	out = cJSON_CreateObject();
	cJSON_AddStringToObject(out, "case", mc->id);
	cJSON_AddItemToObject(out, "columns", x.cols != NULL ? x.cols :
	    cJSON_CreateArray());
	mcp_page_finish(out, &x.p, -1, off, x.w.more ? off +
	    cJSON_GetArraySize(x.p.items) : -1);
	cJSON_AddItemToObject(out, "rows", x.p.items);
	return out;
}

/* Appends "AND COLUMN = 'VALUE'[ COLLATE NOCASE]" to *w when VALUE is given. */
static void
mcp_and_equal(char **w, const char *column, const char *value, int nocase)
{
	char *q, *t;

	if (value == NULL)
		return;
	q = mcp_sql_quote(value);
	cli_asprintf(&t, "%s AND %s = %s%s", *w, column, q,
	    nocase ? " COLLATE NOCASE" : "");
	free(*w);
	free(q);
	*w = t;
}

/* "AND col = 'v'" for each filter given, into a new string. */
static char *
mcp_where(const char *kind, const char *ns, const char *name,
    const char *group)
{
	char *w = cli_strdup("");

	mcp_and_equal(&w, "r.kind", kind, 1);
	mcp_and_equal(&w, "r.namespace", ns, 0);
	mcp_and_equal(&w, "r.name", name, 0);
	mcp_and_equal(&w, "r.api_group", group, 0);
	return w;
}

cJSON *
mcp_tool_get_resource(struct mcp_server *sv, const cJSON *args, size_t cap,
    char **msg, int *bad)
{
	const char *kind = NULL, *ns = "", *name = NULL, *group = NULL;
	const char *format = "json";
	struct mcp_case *mc;
	struct mcp_rows x;
	cJSON *out, *row, *doc;
	char *where, *sql, *e, *yaml;

	if (mcp_arg_string(args, "kind", &kind, msg) != 0 ||
	    mcp_arg_string(args, "namespace", &ns, msg) != 0 ||
	    mcp_arg_string(args, "name", &name, msg) != 0 ||
	    mcp_arg_string(args, "api_group", &group, msg) != 0 ||
	    mcp_arg_string(args, "format", &format, msg) != 0)
		goto bad;
	if (kind == NULL || name == NULL) {
		*msg = mcp_msg("give kind and name (and namespace for a "
		    "namespaced object)");
		goto bad;
	}
	if (strcmp(format, "json") != 0 && strcmp(format, "yaml") != 0) {
		*msg = mcp_msg("argument 'format' must be json or yaml");
		goto bad;
	}
	if ((mc = mcp_case_get(sv, args, "case", msg)) == NULL)
		return NULL;
	where = mcp_where(kind, ns, name, group);
	cli_asprintf(&sql, "SELECT r.api_version AS api_version, r.kind AS "
	    "kind, r.namespace AS namespace, r.name AS name, s.vpath AS "
	    "source, r.line AS line, r.doc AS doc FROM resources r LEFT "
	    "JOIN sources s ON s.id = r.source_id WHERE 1%s ORDER BY "
	    "r.api_group LIMIT 3", where);
	free(where);
	mcp_rows_init(&x, MCP_MAX_RESOURCE, 0, 3);
	x.objects = 1;
	e = mcp_rows_run(mc, sql, &x);
	free(sql);
	if (e != NULL) {
		*msg = mcp_msg("cannot read the object: %s", e);
		free(e);
		mcp_rows_free(&x);
		return NULL;
	}
	if (cJSON_GetArraySize(x.p.items) != 1) {
		*msg = cJSON_GetArraySize(x.p.items) == 0 ?
		    mcp_msg("no %.100s named '%.200s'%s%.200s%s in %s "
		    "(list_resources shows what there is)", kind, name,
		    *ns != '\0' ? " in namespace '" : "", ns,
		    *ns != '\0' ? "'" : "", mc->id) :
		    mcp_msg("%.100s '%.200s' is in several API groups: give "
		    "api_group", kind, name);
		mcp_rows_free(&x);
		return NULL;
	}
	row = cJSON_DetachItemFromArray(x.p.items, 0);
	mcp_rows_free(&x);
	doc = cJSON_DetachItemFromObject(row, "doc");
	out = row;
	cJSON_AddStringToObject(out, "case", mc->id);
	cJSON_AddStringToObject(out, "format", format);
	if (strcmp(format, "yaml") == 0) {
		yaml = mcp_yaml(cJSON_IsString(doc) ? doc->valuestring :
		    "null", msg);
		cJSON_Delete(doc);
		if (yaml == NULL) {
			cJSON_Delete(out);
			return NULL;
		}
		/* Cut to leave room for the escapes and the members
		 * around it; a cut text ends in "...". */
		mcp_add_str(out, "yaml", yaml, cap * 3 / 4 - 512);
		free(yaml);
	} else {
		/* The stored text as it is (numbers as written), once it
		 * is known to be JSON. */
		if (cJSON_IsString(doc) && (row = cJSON_Parse(
		    doc->valuestring)) != NULL) {
			cJSON_Delete(row);
			cJSON_AddRawToObject(out, "object", doc->valuestring);
		} else
			cJSON_AddNullToObject(out, "object");
		cJSON_Delete(doc);
	}
	return out;
bad:
	*bad = 1;
	return NULL;
}

cJSON *
mcp_tool_list_resources(struct mcp_server *sv, const cJSON *args,
    size_t cap, char **msg, int *bad)
{
	const char *kind = NULL, *ns = NULL, *sub = NULL;
	struct mcp_case *mc;
	struct mcp_rows x;
	long long off, lim;
	cJSON *out;
	char *where, *sql, *e, *q, *t;

	if (mcp_arg_page(args, 100, &off, &lim, msg) != 0 ||
	    mcp_arg_string(args, "kind", &kind, msg) != 0 ||
	    mcp_arg_string(args, "namespace", &ns, msg) != 0 ||
	    mcp_arg_string(args, "name_contains", &sub, msg) != 0) {
		*bad = 1;
		return NULL;
	}
	if ((mc = mcp_case_get(sv, args, "case", msg)) == NULL)
		return NULL;
	where = mcp_where(kind, ns, NULL, NULL);
	if (sub != NULL) {
		q = mcp_sql_quote(sub);
		cli_asprintf(&t, "%s AND instr(r.name, %s) > 0", where, q);
		free(where);
		free(q);
		where = t;
	}
	if (kind == NULL && ns == NULL && sub == NULL)
		cli_asprintf(&sql, "SELECT r.kind AS kind, r.api_group AS "
		    "api_group, count(*) AS count FROM resources r GROUP BY "
		    "r.kind, r.api_group ORDER BY r.kind, r.api_group");
	else
		cli_asprintf(&sql, "SELECT r.api_version AS api_version, "
		    "r.kind AS kind, r.namespace AS namespace, r.name AS "
		    "name, s.vpath AS source, r.line AS line FROM resources "
		    "r LEFT JOIN sources s ON s.id = r.source_id WHERE 1%s "
		    "ORDER BY r.kind, r.namespace, r.name, r.api_group",
		    where);
	free(where);
	mcp_rows_init(&x, cap, off, lim);
	x.objects = 1;
	e = mcp_rows_run(mc, sql, &x);
	free(sql);
	if (e != NULL) {
		*msg = mcp_msg("cannot list objects: %s", e);
		free(e);
		mcp_rows_free(&x);
		return NULL;
	}
	cJSON_Delete(x.cols);
	out = cJSON_CreateObject();
	cJSON_AddStringToObject(out, "case", mc->id);
	cJSON_AddBoolToObject(out, "kinds_only", kind == NULL && ns == NULL &&
	    sub == NULL);
	mcp_page_finish(out, &x.p, -1, off, x.w.more ? off +
	    cJSON_GetArraySize(x.p.items) : -1);
	cJSON_AddItemToObject(out, "items", x.p.items);
	return out;
}

/* Lines of mgt_case_grep(), paged. */
struct mcp_lines {
	struct mcp_page	 p;
	struct mcp_window w;
	long		 from_line;	/* read_log: first line wanted */
};

static int
mcp_lines_add(void *data, const struct mgt_line *l)
{
	struct mcp_lines *x = data;
	cJSON *o;

	if (l->line < x->from_line)
		return 0;
	switch (mcp_window_step(&x->w, &x->p)) {
	case 0:
		return 0;
	case -1:
		return 1;
	}
	o = cJSON_CreateObject();
	mcp_add_str(o, "source", l->where, 1024);
	cJSON_AddNumberToObject(o, "line", l->line);
	mcp_add_time(o, "time", l->ts);
	mcp_add_str(o, "node", l->node, 256);
	mcp_add_strn(o, "text", l->text, l->len, 0);
	if (!mcp_window_put(&x->w, &x->p, o))
		return 1;
	return 0;
}

/* Run g into x; NULL, or a message the caller frees. */
static char *
mcp_lines_run(struct mcp_case *mc, const struct mgt_grep *g,
    struct mcp_lines *x)
{
	struct mgt_error err;
	char ebuf[2200];

	mgt_error_clear(&err);
	if (mgt_case_grep(mc->c, g, mcp_lines_add, x, NULL, &err) != MGT_OK)
		return mcp_msg("%s", mgt_error_format(&err, ebuf,
		    sizeof ebuf));
	return NULL;
}

cJSON *
mcp_tool_grep(struct mcp_server *sv, const cJSON *args, size_t cap,
    char **msg, int *bad)
{
	struct mgt_grep g;
	struct mcp_case *mc;
	struct mcp_lines x;
	long long off, lim;
	cJSON *out;
	char *e;

	mgt_grep_init(&g);
	if (mcp_arg_page(args, 50, &off, &lim, msg) != 0 ||
	    mcp_arg_string(args, "pattern", &g.pattern, msg) != 0 ||
	    mcp_arg_bool(args, "caseless", &g.caseless, msg) != 0 ||
	    mcp_arg_string(args, "node", &g.node, msg) != 0 ||
	    mcp_arg_string(args, "source", &g.source, msg) != 0 ||
	    mcp_arg_time(args, "since", &g.since, msg) != 0 ||
	    mcp_arg_time(args, "until", &g.until, msg) != 0 ||
	    g.pattern == NULL) {
		if (*msg == NULL)
			*msg = mcp_msg("argument 'pattern' is required");
		*bad = 1;
		return NULL;
	}
	if ((mc = mcp_case_get(sv, args, "case", msg)) == NULL)
		return NULL;
	memset(&x, 0, sizeof x);
	mcp_page_init(&x.p, cJSON_CreateArray(), mcp_budget(cap));
	x.w.skip = off;
	x.w.limit = lim;
	if ((e = mcp_lines_run(mc, &g, &x)) != NULL) {
		*msg = mcp_msg("grep failed: %s", e);
		free(e);
		cJSON_Delete(x.p.items);
		return NULL;
	}
	out = cJSON_CreateObject();
	cJSON_AddStringToObject(out, "case", mc->id);
	mcp_page_finish(out, &x.p, x.w.more ? -1 : x.w.seen, off, x.w.more ? off +
	    cJSON_GetArraySize(x.p.items) : -1);
	cJSON_AddItemToObject(out, "lines", x.p.items);
	return out;
}

cJSON *
mcp_tool_read_log(struct mcp_server *sv, const cJSON *args, size_t cap,
    char **msg, int *bad)
{
	struct mgt_grep g;
	struct mcp_case *mc;
	struct mcp_lines x;
	const char *src = NULL, *bang;
	long long line = 1, lim = 100;
	cJSON *out, *last;
	char *e;

	mgt_grep_init(&g);
	if (mcp_arg_string(args, "source", &src, msg) != 0 ||
	    mcp_arg_int(args, "line", 1, INT32_MAX, &line, msg) != 0 ||
	    mcp_arg_int(args, "limit", 1, MCP_MAX_ITEMS, &lim, msg) != 0 ||
	    mcp_arg_time(args, "since", &g.since, msg) != 0 ||
	    mcp_arg_time(args, "until", &g.until, msg) != 0 || src == NULL) {
		if (*msg == NULL)
			*msg = mcp_msg("argument 'source' is required");
		*bad = 1;
		return NULL;
	}
	if ((mc = mcp_case_get(sv, args, "case", msg)) == NULL)
		return NULL;
	/* Evidence names archive members "a.tar.gz!path": the glob is
	 * matched against the path inside. */
	if ((bang = strrchr(src, '!')) != NULL)
		src = bang + 1;
	g.pattern = "";
	g.source = src;
	memset(&x, 0, sizeof x);
	mcp_page_init(&x.p, cJSON_CreateArray(), mcp_budget(cap));
	x.from_line = (long)line;
	x.w.limit = lim;
	if ((e = mcp_lines_run(mc, &g, &x)) != NULL) {
		*msg = mcp_msg("cannot read the log: %s", e);
		free(e);
		cJSON_Delete(x.p.items);
		return NULL;
	}
	if (cJSON_GetArraySize(x.p.items) == 0 && !x.w.more) {
		cJSON_Delete(x.p.items);
		*msg = mcp_msg("no lines in '%.300s' from line %lld%s (a log "
		    "as grep names it; get_resource reads objects)", src, line,
		    g.since != INT64_MIN || g.until != INT64_MAX ?
		    " in that time window" : "");
		return NULL;
	}
	out = cJSON_CreateObject();
	cJSON_AddStringToObject(out, "case", mc->id);
	last = cJSON_GetArrayItem(x.p.items,
	    cJSON_GetArraySize(x.p.items) - 1);
	mcp_page_finish(out, &x.p, -1, 0, -1);
	/* The next window starts after the last line given. */
	cJSON_DeleteItemFromObject(out, "next_offset");
	if (x.w.more && last != NULL)
		cJSON_AddNumberToObject(out, "next_line", cJSON_GetNumberValue(
		    cJSON_GetObjectItemCaseSensitive(last, "line")) + 1);
	else
		cJSON_AddNullToObject(out, "next_line");
	cJSON_DeleteItemFromObject(out, "offset");
	cJSON_AddItemToObject(out, "lines", x.p.items);
	return out;
}

struct mcp_events {
	struct mcp_page	 p;
	struct mcp_window w;
};

static int
mcp_event_add(void *data, const struct mgt_event *ev)
{
	struct mcp_events *x = data;
	cJSON *o;

	switch (mcp_window_step(&x->w, &x->p)) {
	case 0:
		return 0;
	case -1:
		return 1;
	}
	o = cJSON_CreateObject();
	mcp_add_time(o, "first", ev->first_ts);
	mcp_add_time(o, "last", ev->last_ts);
	cJSON_AddNumberToObject(o, "count", (double)ev->count);
	mcp_add_str(o, "what", ev->what, 0);
	mcp_add_str(o, "where", ev->where, 1024);
	mcp_add_str(o, "nodes", ev->nodes, 1024);
	if (!mcp_window_put(&x->w, &x->p, o))
		return 1;
	return 0;
}

cJSON *
mcp_tool_timeline(struct mcp_server *sv, const cJSON *args, size_t cap,
    char **msg, int *bad)
{
	struct mcp_case *mc;
	struct mcp_events x;
	struct mgt_error err;
	const char *node = NULL;
	int64_t since = INT64_MIN, until = INT64_MAX;
	long long off, lim;
	char ebuf[2200];
	cJSON *out;

	if (mcp_arg_page(args, 100, &off, &lim, msg) != 0 ||
	    mcp_arg_string(args, "node", &node, msg) != 0 ||
	    mcp_arg_time(args, "since", &since, msg) != 0 ||
	    mcp_arg_time(args, "until", &until, msg) != 0) {
		*bad = 1;
		return NULL;
	}
	if ((mc = mcp_case_get(sv, args, "case", msg)) == NULL)
		return NULL;
	memset(&x, 0, sizeof x);
	mcp_page_init(&x.p, cJSON_CreateArray(), mcp_budget(cap));
	x.w.skip = off;
	x.w.limit = lim;
	mgt_error_clear(&err);
	if (mgt_case_timeline(mc->c, node, since, until, mcp_event_add, &x,
	    &err) != MGT_OK) {
		*msg = mcp_msg("cannot read the timeline: %s",
		    mgt_error_format(&err, ebuf, sizeof ebuf));
		cJSON_Delete(x.p.items);
		return NULL;
	}
	out = cJSON_CreateObject();
	cJSON_AddStringToObject(out, "case", mc->id);
	mcp_page_finish(out, &x.p, x.w.more ? -1 : x.w.seen, off, x.w.more ? off +
	    cJSON_GetArraySize(x.p.items) : -1);
	cJSON_AddItemToObject(out, "events", x.p.items);
	return out;
}
