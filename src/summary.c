/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The case at a glance (summary.h): what cluster, which version and
 * platform, when and how it was gathered, its nodes, operators and pools,
 * read from the index's views and meta, as JSON or as text.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "error.h"
#include "index.h"
#include "index-read.h"
#include "report.h"
#include "mgt-time.h"
#include "summary.h"
#include "utf8.h"
#include "xmalloc.h"

/* Rows listed per section in text; JSON lists every row whole. */
#define SUMMARY_TEXT_ROWS	50
/* Display columns of one value in text (a condition message can run to
 * kilobytes); the JSON has it whole. */
#define SUMMARY_TEXT_VALUE	160
/* Display columns of one sentence (summary_lines()) in text. */
#define SUMMARY_TEXT_LINE	2000

static char	*summary_alerts_line(const cJSON *);
static char	*summary_insights_line(const cJSON *);
static char	*summary_age_line(const cJSON *);

static cJSON *
summary_need(cJSON *j)
{
	if (j == NULL)
		xmalloc_fail("a JSON tree");
	return j;
}

/* One column as JSON: numbers stay numbers, NULL stays null. */
static cJSON *
summary_value(sqlite3_stmt *st, int i, int text)
{
	if (text && sqlite3_column_type(st, i) != SQLITE_NULL)
		return summary_need(cJSON_CreateString((const char *)
		    sqlite3_column_text(st, i)));
	switch (sqlite3_column_type(st, i)) {
	case SQLITE_INTEGER:
		return summary_need(cJSON_CreateNumber((double)
		    sqlite3_column_int64(st, i)));
	case SQLITE_FLOAT:
		return summary_need(cJSON_CreateNumber(
		    sqlite3_column_double(st, i)));
	case SQLITE_NULL:
		return summary_need(cJSON_CreateNull());
	default:
		return summary_need(cJSON_CreateString((const char *)
		    sqlite3_column_text(st, i)));
	}
}

/*
 * The rows of sql as an array of objects named by the columns.  A view a
 * rule pack's views could not replace, over tables every index has: a
 * failure is the index's, reported.
 */
int
summary_rows(sqlite3 *db, const char *sql, int text, cJSON **out,
    struct mgt_error *err)
{
	sqlite3_stmt *st;
	cJSON *arr, *row;
	int rc, i, n;

	*out = NULL;
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		return error_set(err, MGT_ERR_DB, "", -1, 0, "summary: %s",
		    sqlite3_errmsg(db));
	arr = summary_need(cJSON_CreateArray());
	n = sqlite3_column_count(st);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		row = summary_need(cJSON_CreateObject());
		for (i = 0; i < n; i++)
			cJSON_AddItemToObject(row, sqlite3_column_name(st, i),
			    summary_value(st, i, text));
		cJSON_AddItemToArray(arr, row);
	}
	if (rc != SQLITE_DONE) {
		error_set(err, MGT_ERR_DB, "", -1, 0, "summary: %s",
		    sqlite3_errmsg(db));
		sqlite3_finalize(st);
		cJSON_Delete(arr);
		return MGT_ERR_DB;
	}
	sqlite3_finalize(st);
	*out = arr;
	return MGT_OK;
}

/* The first row of sql as an object ({} when there is none). */
static int
summary_row(sqlite3 *db, const char *sql, cJSON **out,
    struct mgt_error *err)
{
	cJSON *arr, *first;

	if (summary_rows(db, sql, 0, &arr, err) != MGT_OK)
		return MGT_ERR_DB;
	first = cJSON_DetachItemFromArray(arr, 0);
	cJSON_Delete(arr);
	*out = first != NULL ? first : summary_need(cJSON_CreateObject());
	return MGT_OK;
}

static void
summary_meta(sqlite3 *db, cJSON *o, const char *name, const char *key)
{
	char *v = index_meta(db, key);

	cJSON_AddItemToObject(o, name, summary_need(v != NULL ?
	    cJSON_CreateString(v) : cJSON_CreateNull()));
	free(v);
}

/* Rows a listed section holds at most, in JSON too. */
#define SUMMARY_LIST_MAX	"100"
/* Alerts that fire always, to show the alerting pipeline works. */
#define SUMMARY_NOT_HEARTBEAT \
	"alertname NOT IN ('Watchdog', 'InfoInhibitor')"
#define SUMMARY_LOG_KINDS \
	"('pod_log', 'service_log', 'journal', 'log', 'install_log')"
/* Objects that hold addresses and domain names in every must-gather. */
#define SUMMARY_OBFUSCATION_KINDS \
	"('Node', 'Infrastructure', 'DNS', 'Network', 'Proxy', 'Machine'," \
	" 'InstallConfig', 'Ingress', 'APIServer')"

/* Each section: its name in the JSON and the query that fills it. */
static const struct {
	const char	*name;
	int		 one;		/* a single object, not a list */
	const char	*sql;
} summary_sections[] = {
	{ "cluster", 1,
	  "SELECT cv.cluster_id AS id, cv.desired_version AS version,"
	  " cv.completed_version AS completed_version, cv.channel AS channel,"
	  " cv.available AS available, cv.progressing AS progressing,"
	  " cv.failing AS failing, cv.failing_message AS failing_message,"
	  " cv.progressing_message AS progressing_message,"
	  " (SELECT platform FROM infrastructure LIMIT 1) AS platform,"
	  " (SELECT control_plane_topology FROM infrastructure LIMIT 1)"
	  "   AS control_plane_topology,"
	  " (SELECT infrastructure_topology FROM infrastructure LIMIT 1)"
	  "   AS infrastructure_topology,"
	  " (SELECT network_type FROM install_config LIMIT 1) AS network_type"
	  " FROM (SELECT 1) LEFT JOIN clusterversion cv" },
	{ "counts", 1,
	  "SELECT (SELECT count(*) FROM nodes) AS nodes,"
	  " (SELECT count(*) FROM nodes WHERE ready IS NOT 'True')"
	  "   AS nodes_not_ready,"
	  " (SELECT count(*) FROM clusteroperators) AS operators,"
	  " (SELECT count(*) FROM clusteroperators WHERE degraded = 'True')"
	  "   AS operators_degraded,"
	  " (SELECT count(*) FROM clusteroperators"
	  "   WHERE available IS NOT 'True') AS operators_unavailable,"
	  " (SELECT count(*) FROM clusteroperators WHERE progressing = 'True')"
	  "   AS operators_progressing,"
	  " (SELECT count(*) FROM machineconfigpools) AS pools,"
	  " (SELECT count(*) FROM machineconfigpools WHERE degraded = 'True')"
	  "   AS pools_degraded" },
	/* Ready since its last transition; pressure: the *Pressure
	 * conditions that are True, comma-joined (NULL: none). */
	{ "nodes", 0,
	  "SELECT n.name AS name, n.roles AS roles, n.ready AS ready,"
	  " n.ready_reason AS ready_reason, (SELECT c.last_transition FROM"
	  "  conditions c WHERE c.kind = 'Node' AND c.api_group = ''"
	  "  AND c.name = n.name AND c.type = 'Ready') AS ready_since,"
	  " (SELECT group_concat(type, ',') FROM (SELECT c.type FROM"
	  "  conditions c WHERE c.kind = 'Node' AND c.api_group = ''"
	  "  AND c.name = n.name AND c.type LIKE '%Pressure'"
	  "  AND c.status = 'True' ORDER BY c.type)) AS pressure,"
	  " n.kubelet_version AS kubelet_version,"
	  " n.unschedulable AS unschedulable FROM nodes n ORDER BY n.name" },
	{ "operators", 0,
	  "SELECT name, available, progressing, degraded, version,"
	  " available_message, degraded_message FROM clusteroperators"
	  " ORDER BY name" },
	{ "pools", 0,
	  "SELECT name, machine_count AS machines, ready_count AS ready,"
	  " updated_count AS updated, degraded_count AS degraded_machines,"
	  " degraded, paused FROM machineconfigpools ORDER BY name" },
	/* Newest first, as ClusterVersion keeps it; five tell the story. */
	{ "updates", 0,
	  "SELECT json_extract(h.value, '$.version') AS version,"
	  " json_extract(h.value, '$.state') AS state,"
	  " json_extract(h.value, '$.startedTime') AS started,"
	  " json_extract(h.value, '$.completionTime') AS completed"
	  " FROM resources r, json_each(r.doc, '$.status.history') h"
	  " WHERE r.kind = 'ClusterVersion' ORDER BY h.key LIMIT 5" },
	{ "etcd_members", 0,
	  "SELECT name, is_learner FROM etcd_members ORDER BY name" },
	/*
	 * Alerts (ingest-alerts.c).  files: the alert answers read (NULL:
	 * none, so no alert data).  Watchdog and InfoInhibitor always fire:
	 * counted as heartbeat, not among the firing problems.
	 */
	{ "alerts", 1,
	  "SELECT (SELECT CAST(value AS INTEGER) FROM meta WHERE key ="
	  "  'alert_files') AS files,"
	  " (SELECT count(*) FROM alerts) AS total,"
	  " (SELECT count(*) FROM alerts WHERE state = 'firing') AS firing,"
	  " (SELECT count(*) FROM alerts WHERE state = 'firing' AND"
	  "  severity = 'critical' AND " SUMMARY_NOT_HEARTBEAT ") AS critical,"
	  " (SELECT count(*) FROM alerts WHERE state = 'firing' AND"
	  "  severity = 'warning' AND " SUMMARY_NOT_HEARTBEAT ") AS warning,"
	  " (SELECT count(*) FROM alerts WHERE state = 'firing' AND"
	  "  severity = 'info' AND " SUMMARY_NOT_HEARTBEAT ") AS info,"
	  " (SELECT count(*) FROM alerts WHERE state = 'firing' AND"
	  "  severity IS NOT 'critical' AND severity IS NOT 'warning' AND"
	  "  severity IS NOT 'info' AND " SUMMARY_NOT_HEARTBEAT ") AS other,"
	  " (SELECT count(*) FROM alerts WHERE state = 'firing' AND NOT "
	  SUMMARY_NOT_HEARTBEAT ") AS heartbeat,"
	  " (SELECT count(*) FROM alerts WHERE state = 'pending') AS pending" },
	/* The critical and warning alerts firing, one row per name and
	 * namespace; since: the earliest activeAt, summary: its. */
	{ "firing_alerts", 0,
	  "SELECT alertname, severity, namespace, count(*) AS instances,"
	  " min(coalesce(active_at, '')) AS since, summary FROM alerts"
	  " WHERE state = 'firing' AND severity IN ('critical', 'warning')"
	  " AND " SUMMARY_NOT_HEARTBEAT
	  " GROUP BY alertname, severity, namespace"
	  " ORDER BY severity = 'critical' DESC, alertname, namespace"
	  " LIMIT " SUMMARY_LIST_MAX },
	{ "insights", 0,
	  "SELECT description, total_risk, risk, advisor_uri, state"
	  " FROM insights_health_checks ORDER BY total_risk DESC, description"
	  " LIMIT " SUMMARY_LIST_MAX },
	/* The newest and oldest evidence: log lines, condition changes. */
	{ "data_age", 1,
	  "SELECT (SELECT max(last_ts) FROM sources WHERE kind IN"
	  "  " SUMMARY_LOG_KINDS ") AS newest_log,"
	  " (SELECT min(first_ts) FROM sources WHERE kind IN"
	  "  " SUMMARY_LOG_KINDS ") AS oldest_log,"
	  " (SELECT max(last_transition_us) FROM resource_conditions)"
	  "   AS newest_condition,"
	  " (SELECT min(last_transition_us) FROM resource_conditions)"
	  "   AS oldest_condition" },
	/*
	 * What a must-gather usually holds and this one does not: each
	 * absence makes some rules blind, and the engineer should know.
	 */
	{ "lacks", 0,
	  "SELECT what FROM (SELECT 'ClusterVersion' AS what, 1 AS o WHERE"
	  "  NOT EXISTS (SELECT 1 FROM resources WHERE kind ="
	  "  'ClusterVersion')"
	  " UNION ALL SELECT 'Node objects', 2 WHERE NOT EXISTS (SELECT 1"
	  "  FROM resources WHERE kind = 'Node' AND api_group = '')"
	  " UNION ALL SELECT 'ClusterOperators', 3 WHERE NOT EXISTS (SELECT 1"
	  "  FROM resources WHERE kind = 'ClusterOperator')"
	  " UNION ALL SELECT 'etcd_info (etcd members)', 4 WHERE NOT EXISTS"
	  "  (SELECT 1 FROM etcd_members)"
	  " UNION ALL SELECT 'host_service_logs (node journals)', 5 WHERE"
	  "  NOT EXISTS (SELECT 1 FROM sources WHERE vpath LIKE"
	  "  '%/host_service_logs/%' OR kind = 'journal')"
	  " UNION ALL SELECT 'pod logs', 6 WHERE NOT EXISTS (SELECT 1 FROM"
	  "  sources WHERE kind = 'pod_log')"
	  " UNION ALL SELECT 'alert data (monitoring/prometheus/rules.json)', 7"
	  "  WHERE NOT EXISTS (SELECT 1 FROM meta WHERE key = 'alert_files')"
	  /* must-gather-clean's markers (pkg/obfuscator), looked for in the
	   * few objects that always carry addresses and names. */
	  " UNION ALL SELECT 'real IP addresses (obfuscated by"
	  "  must-gather-clean)', 8 WHERE EXISTS (SELECT 1 FROM resources"
	  "  WHERE kind IN " SUMMARY_OBFUSCATION_KINDS " AND (instr(doc,"
	  "  'x-ipv4-') OR instr(doc, 'x-ipv6-') OR instr(doc,"
	  "  'xxx.xxx.xxx.xxx') OR instr(doc, 'xxxx:xxxx:xxxx:xxxx')))"
	  " UNION ALL SELECT 'real domain names (obfuscated by"
	  "  must-gather-clean)', 9 WHERE EXISTS (SELECT 1 FROM resources"
	  "  WHERE kind IN " SUMMARY_OBFUSCATION_KINDS " AND (doc GLOB"
	  "  '*domain[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]*'"
	  "  OR instr(doc, 'obfuscated.com')))"
	  " UNION ALL SELECT 'real MAC addresses (obfuscated by"
	  "  must-gather-clean)', 10 WHERE EXISTS (SELECT 1 FROM resources"
	  "  WHERE kind IN " SUMMARY_OBFUSCATION_KINDS " AND (instr(doc,"
	  "  'x-mac-') OR instr(doc, 'xx:xx:xx:xx:xx:xx')))) ORDER BY o" },
};

/*
 * data_age as the query left it holds microseconds: each becomes its time
 * as text, with NAME_before_gather_s, the seconds from it to the start
 * of the gather (negative: after; null: no gather time).
 */
static void
summary_age(cJSON *s)
{
	static const char *const names[] = { "newest_log", "oldest_log",
	    "newest_condition", "oldest_condition" };
	cJSON *age = cJSON_GetObjectItemCaseSensitive(s, "data_age");
	const cJSON *st = cJSON_GetObjectItemCaseSensitive(
	    cJSON_GetObjectItemCaseSensitive(s, "gather"), "start");
	const cJSON *v;
	char key[64], buf[MGT_TIME_BUFSZ];
	int64_t start, ts;
	int have_start;
	size_t i;

	have_start = cJSON_IsString(st) && time_parse(st->valuestring,
	    strlen(st->valuestring), &start);
	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		v = cJSON_GetObjectItemCaseSensitive(age, names[i]);
		snprintf(key, sizeof key, "%s_before_gather_s", names[i]);
		if (!cJSON_IsNumber(v)) {
			cJSON_AddItemToObject(age, key,
			    summary_need(cJSON_CreateNull()));
			continue;
		}
		ts = (int64_t)v->valuedouble;
		cJSON_ReplaceItemInObjectCaseSensitive(age, names[i],
		    summary_need(cJSON_CreateString(time_format_brief(ts, buf,
		    sizeof buf))));
		cJSON_AddItemToObject(age, key, summary_need(have_start ?
		    cJSON_CreateNumber((double)((start - ts) / 1000000)) :
		    cJSON_CreateNull()));
	}
}

int
summary_build(sqlite3 *db, cJSON **out, struct mgt_error *err)
{
	cJSON *s, *o, *part;
	size_t i;
	int rc;

	*out = NULL;
	s = summary_need(cJSON_CreateObject());
	cJSON_AddItemToObject(s, "schema",
	    summary_need(cJSON_CreateString(SUMMARY_SCHEMA)));
	for (i = 0; i < sizeof summary_sections / sizeof summary_sections[0];
	    i++) {
		rc = summary_sections[i].one ?
		    summary_row(db, summary_sections[i].sql, &part, err) :
		    summary_rows(db, summary_sections[i].sql, 0, &part,
		    err);
		if (rc != MGT_OK) {
			cJSON_Delete(s);
			return rc;
		}
		cJSON_AddItemToObject(s, summary_sections[i].name, part);
		if (i == 0) {
			o = summary_need(cJSON_CreateObject());
			summary_meta(db, o, "start", "gather_start");
			summary_meta(db, o, "end", "gather_end");
			summary_meta(db, o, "must_gather", "must_gather_version");
			summary_meta(db, o, "inputs", "inputs");
			cJSON_AddItemToObject(s, "gather", o);
		}
	}
	summary_age(s);
	*out = s;
	return MGT_OK;
}

/* A member's text, "-" for null or absent, escaped for a terminal. */
static char *
summary_text(const cJSON *o, const char *name)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
	char buf[32];

	if (cJSON_IsString(v))
		return report_term(v->valuestring, SUMMARY_TEXT_VALUE);
	if (cJSON_IsNumber(v)) {
		snprintf(buf, sizeof buf, "%lld", (long long)v->valuedouble);
		return xstrdup(buf);
	}
	return xstrdup("-");
}

static long
summary_count(const cJSON *s, const char *name)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(
	    cJSON_GetObjectItemCaseSensitive(s, "counts"), name);

	return cJSON_IsNumber(v) ? (long)v->valuedouble : 0;
}

/* "name=value" pairs of a section's row, in the order given. */
static void
summary_line(FILE *f, const char *indent, const cJSON *row,
    const char *const *cols)
{
	char *t;
	size_t i;

	fputs(indent, f);
	for (i = 0; cols[i] != NULL; i++) {
		t = summary_text(row, cols[i]);
		fprintf(f, "%s%s=%s", i > 0 ? " " : "", cols[i], t);
		free(t);
	}
	fputc('\n', f);
}

static int	summary_is(const cJSON *, const char *, const char *);

/* A list cell: "message" is the message of the condition that is off
 * (Degraded, else Available, else Progressing). */
static char *
summary_cell(const cJSON *row, const char *col)
{
	const cJSON *v;
	char *one, *t, *p;

	if (strcmp(col, "message") != 0)
		return summary_text(row, col);
	if (summary_is(row, "degraded", "True"))
		col = "degraded_message";
	else if (!summary_is(row, "available", "True"))
		col = "available_message";
	else
		col = "progressing_message";
	v = cJSON_GetObjectItemCaseSensitive(row, col);
	if (!cJSON_IsString(v))
		return xstrdup("-");
	/* One condition per line upstream; one line here. */
	one = xstrdup(v->valuestring);
	for (p = one; *p != '\0'; p++)
		if (*p == '\n')
			*p = ' ';
	t = report_term(one, SUMMARY_TEXT_VALUE);
	free(one);
	return t;
}

/*
 * The rows of a list (or only those where keep(row) says so) as aligned
 * columns under a header, the last column (free text) unpadded: what a
 * person pastes into a case.
 */
static void
summary_list(FILE *f, const cJSON *s, const char *name,
    const char *const *cols, int (*keep)(const cJSON *))
{
	const cJSON *row, *rows[SUMMARY_TEXT_ROWS];
	size_t shown = 0, left = 0, ncols, i, k, w[16], cw;
	char *t, *h;

	for (ncols = 0; cols[ncols] != NULL && ncols < 16; ncols++)
		w[ncols] = strlen(cols[ncols]);
	cJSON_ArrayForEach(row, cJSON_GetObjectItemCaseSensitive(s, name)) {
		if (keep != NULL && !keep(row))
			continue;
		if (shown == SUMMARY_TEXT_ROWS) {
			left++;
			continue;
		}
		rows[shown++] = row;
		for (k = 0; k < ncols; k++) {
			t = summary_cell(row, cols[k]);
			if ((cw = utf8_width(t)) > w[k])
				w[k] = cw;
			free(t);
		}
	}
	if (shown == 0)
		return;
	/* A one-column list needs no header. */
	if (ncols > 1)
		fputs("  ", f);
	for (k = 0; k < ncols && ncols > 1; k++) {
		h = xstrdup(cols[k]);
		for (i = 0; h[i] != '\0'; i++)
			h[i] = h[i] == '_' ? ' ' : (char)toupper(
			    (unsigned char)h[i]);
		fprintf(f, "%s%*s", h, k + 1 < ncols ? (int)(w[k] -
		    strlen(h) + 2) : 0, "");
		free(h);
	}
	if (ncols > 1)
		fputc('\n', f);
	for (i = 0; i < shown; i++) {
		fputs("  ", f);
		for (k = 0; k < ncols; k++) {
			t = summary_cell(rows[i], cols[k]);
			fprintf(f, "%s%*s", t, k + 1 < ncols ? (int)(w[k] -
			    utf8_width(t) + 2) : 0, "");
			free(t);
		}
		fputc('\n', f);
	}
	if (left > 0)
		fprintf(f, "  (%zu more; --format json lists all)\n", left);
}

static int
summary_is(const cJSON *row, const char *name, const char *want)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(row, name);

	return cJSON_IsString(v) && strcmp(v->valuestring, want) == 0;
}

/* An operator worth a line: not Available, Degraded or Progressing. */
static int
summary_operator_off(const cJSON *row)
{
	return !summary_is(row, "available", "True") ||
	    summary_is(row, "degraded", "True") ||
	    summary_is(row, "progressing", "True");
}

/* A line of summary_lines() as text: escaped, on a line; frees t. */
static void
summary_put(FILE *f, char *t)
{
	char *e = report_term(t, SUMMARY_TEXT_LINE);

	fprintf(f, "%s\n", e);
	free(e);
	free(t);
}

int
summary_write_text(FILE *f, const cJSON *s)
{
	static const char *const cluster_cols[] = { "version",
	    "completed_version", "channel", "platform",
	    "control_plane_topology", "network_type", NULL };
	static const char *const gather_cols[] = { "start", "end",
	    "must_gather", NULL };
	static const char *const node_cols[] = { "name", "roles", "ready",
	    "ready_since", "pressure", "kubelet_version", NULL };
	static const char *const op_cols[] = { "name", "available",
	    "progressing", "degraded", "message", NULL };
	static const char *const pool_cols[] = { "name", "machines", "ready",
	    "updated", "degraded_machines", "degraded", "paused", NULL };
	static const char *const update_cols[] = { "version", "state",
	    "started", "completed", NULL };
	static const char *const etcd_cols[] = { "name", "is_learner", NULL };
	static const char *const lacks_cols[] = { "what", NULL };
	static const char *const alert_cols[] = { "alertname", "severity",
	    "namespace", "instances", "since", "summary", NULL };
	static const char *const insights_cols[] = { "risk", "state",
	    "advisor_uri", "description", NULL };
	const cJSON *cl = cJSON_GetObjectItemCaseSensitive(s, "cluster");
	char *id = summary_text(cl, "id"), *t;

	fprintf(f, "Cluster %s\n", id);
	free(id);
	summary_line(f, "  ", cl, cluster_cols);
	if (summary_is(cl, "failing", "True") ||
	    summary_is(cl, "progressing", "True")) {
		static const char *const upd[] = { "available", "progressing",
		    "failing", "failing_message", NULL };

		summary_line(f, "  update: ", cl, upd);
	}
	fputs("Gathered\n", f);
	summary_line(f, "  ", cJSON_GetObjectItemCaseSensitive(s, "gather"),
	    gather_cols);
	fprintf(f, "Nodes: %ld, %ld not ready\n", summary_count(s, "nodes"),
	    summary_count(s, "nodes_not_ready"));
	summary_list(f, s, "nodes", node_cols, NULL);
	fprintf(f, "Operators: %ld, %ld degraded, %ld not available, "
	    "%ld progressing\n", summary_count(s, "operators"),
	    summary_count(s, "operators_degraded"),
	    summary_count(s, "operators_unavailable"),
	    summary_count(s, "operators_progressing"));
	summary_list(f, s, "operators", op_cols, summary_operator_off);
	fprintf(f, "Pools: %ld, %ld degraded\n", summary_count(s, "pools"),
	    summary_count(s, "pools_degraded"));
	summary_list(f, s, "pools", pool_cols, NULL);
	fputs("Updates (newest first)\n", f);
	summary_list(f, s, "updates", update_cols, NULL);
	fputs("etcd members\n", f);
	summary_list(f, s, "etcd_members", etcd_cols, NULL);
	if ((t = summary_alerts_line(s)) != NULL) {
		summary_put(f, t);
		summary_list(f, s, "firing_alerts", alert_cols, NULL);
	}
	if ((t = summary_insights_line(s)) != NULL) {
		summary_put(f, t);
		summary_list(f, s, "insights", insights_cols, NULL);
	}
	if ((t = summary_age_line(s)) != NULL)
		summary_put(f, t);
	if (cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(s,
	    "lacks")) > 0) {
		fputs("Not in the gather\n", f);
		summary_list(f, s, "lacks", lacks_cols, NULL);
	}
	return ferror(f) ? MGT_ERR_IO : MGT_OK;
}

/* A string member, or NULL when absent, null or empty. */
static const char *
summary_str(const cJSON *o, const char *name)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);

	return cJSON_IsString(v) && v->valuestring[0] != '\0' ?
	    v->valuestring : NULL;
}

/* Append ", <pre>what<post>" (or that first) to *line when what is not
 * NULL. */
static void
summary_add(char **line, const char *pre, const char *what,
    const char *post)
{
	char *part, *joined;

	if (what == NULL)
		return;
	xasprintf(&part, "%s%s%s", pre, what, post);
	if (*line == NULL)
		*line = part;
	else {
		xasprintf(&joined, "%s, %s", *line, part);
		free(*line);
		free(part);
		*line = joined;
	}
}

/* A gather time as reports print it ("2026-01-06T10:58:20Z"). */
static char *
summary_time(const char *s, char *buf, size_t len)
{
	int64_t us;

	if (s == NULL || !time_parse(s, strlen(s), &us))
		return NULL;
	return time_format_brief(us, buf, len);
}

/* A number member of o, or 0. */
static long
summary_num(const cJSON *o, const char *name)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);

	return cJSON_IsNumber(v) ? (long)v->valuedouble : 0;
}

/*
 * "Alerts firing: 2 critical, 5 warning; Watchdog firing; 3 pending", or
 * NULL when the gather has no alert data.
 */
static char *
summary_alerts_line(const cJSON *s)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(s, "alerts");
	char *t, extra[128] = "";
	size_t n;

	if (!cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(a, "files")))
		return NULL;
	n = 0;
	if (summary_num(a, "info") > 0)
		n += (size_t)snprintf(extra + n, sizeof extra - n,
		    ", %ld info", summary_num(a, "info"));
	if (summary_num(a, "other") > 0 && n < sizeof extra)
		n += (size_t)snprintf(extra + n, sizeof extra - n,
		    ", %ld other", summary_num(a, "other"));
	if (n < sizeof extra)
		n += (size_t)snprintf(extra + n, sizeof extra - n, "; %s",
		    summary_num(a, "heartbeat") > 0 ? "Watchdog firing" :
		    "Watchdog not firing (alerting itself may be broken)");
	if (summary_num(a, "pending") > 0 && n < sizeof extra)
		snprintf(extra + n, sizeof extra - n, "; %ld pending",
		    summary_num(a, "pending"));
	xasprintf(&t, "Alerts firing: %ld critical, %ld warning%s",
	    summary_num(a, "critical"), summary_num(a, "warning"), extra);
	return t;
}

/* Alert names listed in one line at most; the rest are counted. */
#define SUMMARY_LINE_ALERTS	10

/* "Firing: KubeAPIDown (critical), X in ns (warning, 3×)", or NULL. */
static char *
summary_firing_line(const cJSON *s)
{
	const cJSON *row;
	char *line = NULL, *part, *t;
	const char *ns;
	long n = 0, inst;

	cJSON_ArrayForEach(row, cJSON_GetObjectItemCaseSensitive(s,
	    "firing_alerts")) {
		if (n++ >= SUMMARY_LINE_ALERTS)
			continue;
		ns = summary_str(row, "namespace");
		inst = summary_num(row, "instances");
		xasprintf(&part, "%s%s%s (%s%s)", summary_str(row, "alertname") !=
		    NULL ? summary_str(row, "alertname") : "(no name)",
		    ns != NULL ? " in " : "", ns != NULL ? ns : "",
		    summary_str(row, "severity") != NULL ?
		    summary_str(row, "severity") : "-", inst > 1 ? ", " : "");
		if (inst > 1) {
			xasprintf(&t, "%.*s%ld times)", (int)strlen(part) - 1,
			    part, inst);
			free(part);
			part = t;
		}
		summary_add(&line, "", part, "");
		free(part);
	}
	if (line == NULL)
		return NULL;
	if (n > SUMMARY_LINE_ALERTS)
		xasprintf(&t, "Firing: %s, and %ld more", line,
		    n - SUMMARY_LINE_ALERTS);
	else
		xasprintf(&t, "Firing: %s", line);
	free(line);
	return t;
}

/* "Insights recommendations: 1 critical, 2 moderate (1 disabled)", or
 * NULL when there is none. */
static char *
summary_insights_line(const cJSON *s)
{
	static const char *const risks[] = { "critical", "important",
	    "moderate", "low" };
	const cJSON *row, *list = cJSON_GetObjectItemCaseSensitive(s,
	    "insights");
	char *line = NULL, *t, num[32];
	long count[4] = { 0, 0, 0, 0 }, other = 0, disabled = 0;
	size_t i;

	if (cJSON_GetArraySize(list) == 0)
		return NULL;
	cJSON_ArrayForEach(row, list) {
		for (i = 0; i < 4; i++)
			if (summary_is(row, "risk", risks[i]))
				break;
		if (i < 4)
			count[i]++;
		else
			other++;
		if (summary_is(row, "state", "Disabled"))
			disabled++;
	}
	for (i = 0; i < 4; i++) {
		if (count[i] == 0)
			continue;
		snprintf(num, sizeof num, "%ld ", count[i]);
		summary_add(&line, num, risks[i], "");
	}
	if (other > 0) {
		snprintf(num, sizeof num, "%ld ", other);
		summary_add(&line, num, "of unknown risk", "");
	}
	if (disabled > 0)
		xasprintf(&t, "Insights recommendations: %s (%ld disabled)",
		    line, disabled);
	else
		xasprintf(&t, "Insights recommendations: %s", line);
	free(line);
	return t;
}

/*
 * "3 min before the gather" for NAME_before_gather_s ("during the gather"
 * between its start and end, "after" past its end); the time itself when
 * there is no gather time.  NULL when NAME is null.
 */
static char *
summary_when(const cJSON *s, const cJSON *age, const char *name)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(age, name);
	const char *end = summary_str(cJSON_GetObjectItemCaseSensitive(s,
	    "gather"), "end");
	const cJSON *d;
	char key[64], span[32], *t;
	int64_t ts, e;

	if (!cJSON_IsString(v))
		return NULL;
	snprintf(key, sizeof key, "%s_before_gather_s", name);
	d = cJSON_GetObjectItemCaseSensitive(age, key);
	if (!cJSON_IsNumber(d))
		xasprintf(&t, "at %s", v->valuestring);
	else if (d->valuedouble >= 0) {
		time_format_span((int64_t)d->valuedouble * 1000000, 1,
		    span, sizeof span);
		xasprintf(&t, "%s before the gather", span);
	} else if (end != NULL && time_parse(end, strlen(end), &e) &&
	    time_parse(v->valuestring, strlen(v->valuestring), &ts) &&
	    ts > e) {
		time_format_span(ts - e, 1, span, sizeof span);
		xasprintf(&t, "%s after the gather", span);
	} else
		xasprintf(&t, "during the gather");
	return t;
}

/* "Data: newest log line 3 min before the gather, oldest 2 d before; ..." */
static char *
summary_age_line(const cJSON *s)
{
	const cJSON *age = cJSON_GetObjectItemCaseSensitive(s, "data_age");
	static const struct {
		const char	*newest, *oldest, *what;
	} kinds[] = { { "newest_log", "oldest_log", "log line" },
	    { "newest_condition", "oldest_condition", "condition change" } };
	char *line = NULL, *a, *b, *part;
	size_t i;

	for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		a = summary_when(s, age, kinds[i].newest);
		b = summary_when(s, age, kinds[i].oldest);
		if (a == NULL) {
			free(b);
			continue;
		}
		if (b != NULL)
			xasprintf(&part, "newest %s %s, oldest %s",
			    kinds[i].what, a, b);
		else
			xasprintf(&part, "newest %s %s", kinds[i].what, a);
		free(a);
		free(b);
		if (line == NULL)
			line = part;
		else {
			xasprintf(&a, "%s; %s", line, part);
			free(line);
			free(part);
			line = a;
		}
	}
	if (line == NULL)
		return NULL;
	xasprintf(&part, "Data: %s", line);
	free(line);
	return part;
}

char **
summary_lines(const cJSON *s, size_t *n)
{
	const cJSON *cl = cJSON_GetObjectItemCaseSensitive(s, "cluster");
	const cJSON *g = cJSON_GetObjectItemCaseSensitive(s, "gather");
	const cJSON *v;
	const char *st, *en, *mg;
	char **lines, *line = NULL, *t, b1[MGT_TIME_BUFSZ], b2[MGT_TIME_BUFSZ];

	lines = xreallocarray(NULL, 9, sizeof *lines);
	*n = 0;
	summary_add(&line, "OpenShift ", summary_str(cl, "version"), "");
	if (summary_str(cl, "completed_version") != NULL &&
	    (summary_str(cl, "version") == NULL ||
	    strcmp(summary_str(cl, "completed_version"),
	    summary_str(cl, "version")) != 0))
		summary_add(&line, "last completed ",
		    summary_str(cl, "completed_version"), "");
	summary_add(&line, "channel ", summary_str(cl, "channel"), "");
	summary_add(&line, "cluster ", summary_str(cl, "id"), "");
	summary_add(&line, "platform ", summary_str(cl, "platform"), "");
	summary_add(&line, "", summary_str(cl, "control_plane_topology"),
	    " control plane");
	summary_add(&line, "", summary_str(cl, "network_type"), "");
	lines[(*n)++] = line != NULL ? line :
	    xstrdup("No ClusterVersion in the inputs");
	if (summary_is(cl, "failing", "True")) {
		xasprintf(&t, "Update failing: %s",
		    summary_str(cl, "failing_message") != NULL ?
		    summary_str(cl, "failing_message") : "(no message)");
		lines[(*n)++] = t;
	} else if (summary_is(cl, "progressing", "True")) {
		xasprintf(&t, "Update progressing: %s",
		    summary_str(cl, "progressing_message") != NULL ?
		    summary_str(cl, "progressing_message") : "(no message)");
		lines[(*n)++] = t;
	}
	xasprintf(&t, "Nodes: %ld, %ld not ready; operators: %ld, %ld "
	    "degraded, %ld not available, %ld progressing; pools: %ld, %ld "
	    "degraded", summary_count(s, "nodes"),
	    summary_count(s, "nodes_not_ready"),
	    summary_count(s, "operators"),
	    summary_count(s, "operators_degraded"),
	    summary_count(s, "operators_unavailable"),
	    summary_count(s, "operators_progressing"),
	    summary_count(s, "pools"), summary_count(s, "pools_degraded"));
	lines[(*n)++] = t;
	st = summary_time(summary_str(g, "start"), b1, sizeof b1);
	en = summary_time(summary_str(g, "end"), b2, sizeof b2);
	mg = summary_str(g, "must_gather");
	if (st != NULL || mg != NULL) {
		xasprintf(&t, "Gathered%s%s%s%s%s%s", st != NULL ? " " : "",
		    st != NULL ? st : "", en != NULL ? " to " : "",
		    en != NULL ? en : "", mg != NULL ? " by " : "",
		    mg != NULL ? mg : "");
		lines[(*n)++] = t;
	}
	if ((t = summary_alerts_line(s)) != NULL)
		lines[(*n)++] = t;
	if ((t = summary_firing_line(s)) != NULL)
		lines[(*n)++] = t;
	if ((t = summary_insights_line(s)) != NULL)
		lines[(*n)++] = t;
	if ((t = summary_age_line(s)) != NULL)
		lines[(*n)++] = t;
	line = NULL;
	cJSON_ArrayForEach(v, cJSON_GetObjectItemCaseSensitive(s, "lacks"))
		summary_add(&line, "", summary_str(v, "what"), "");
	if (line != NULL) {
		xasprintf(&t, "Not in the gather: %s", line);
		free(line);
		lines[(*n)++] = t;
	}
	return lines;
}

/* A node that is not Ready, a pool that is degraded. */
static int
summary_node_off(const cJSON *row)
{
	return !summary_is(row, "ready", "True");
}

static int
summary_pool_off(const cJSON *row)
{
	return summary_is(row, "degraded", "True");
}

/* A copy of list with only the rows keep() accepts. */
static cJSON *
summary_only(const cJSON *list, int (*keep)(const cJSON *))
{
	const cJSON *row;
	cJSON *out = summary_need(cJSON_CreateArray());

	cJSON_ArrayForEach(row, list)
		if (keep(row))
			cJSON_AddItemToArray(out,
			    summary_need(cJSON_Duplicate(row, 1)));
	return out;
}

cJSON *
summary_brief(const cJSON *s)
{
	const cJSON *item;
	cJSON *b = summary_need(cJSON_CreateObject()), *g;

	cJSON_ArrayForEach(item, s) {
		if (strcmp(item->string, "nodes") == 0)
			cJSON_AddItemToObject(b, "nodes_not_ready",
			    summary_only(item, summary_node_off));
		else if (strcmp(item->string, "operators") == 0)
			cJSON_AddItemToObject(b, "operators_not_well",
			    summary_only(item, summary_operator_off));
		else if (strcmp(item->string, "pools") == 0)
			cJSON_AddItemToObject(b, "pools_degraded",
			    summary_only(item, summary_pool_off));
		else {
			g = summary_need(cJSON_Duplicate(item, 1));
			/* The report lists its inputs itself. */
			if (strcmp(item->string, "gather") == 0)
				cJSON_DeleteItemFromObjectCaseSensitive(g,
				    "inputs");
			cJSON_AddItemToObject(b, item->string, g);
		}
	}
	return b;
}
