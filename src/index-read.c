/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Reading the index's own tables for the rest of the engine (see
 * index-read.h): problems, meta, the source catalogue, stored lines,
 * hits and their tallies, the timeline's folded rows, and the few reads
 * ingest makes on the writer's connection.  The schema is known here and
 * in the other index-*.c files only.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "error.h"
#include "index.h"
#include "index-private.h"
#include "index-read.h"
#include "parse-log.h"
#include "problem.h"
#include "xmalloc.h"

/* Longest code in a meta "problems_dropped:CODE:SEVERITY" key. */
#define INDEX_READ_CODE_MAX	127

/*
 * SQLite's message for a failure with result code rc on db: the
 * connection's own, unless it has none.  Returns MGT_ERR_DB.
 */
static int
index_read_fail(sqlite3 *db, int rc, struct mgt_error *err)
{
	const char *msg = NULL;

	if (sqlite3_errcode(db) != SQLITE_OK)
		msg = sqlite3_errmsg(db);
	if (msg == NULL || *msg == '\0')
		msg = sqlite3_errstr(rc);
	return error_set(err, MGT_ERR_DB, "", -1, 0, "%s", msg);
}

static int
index_read_prepare(sqlite3 *db, const char *sql, sqlite3_stmt **st,
    struct mgt_error *err)
{
	int rc;

	if ((rc = sqlite3_prepare_v2(db, sql, -1, st, NULL)) != SQLITE_OK) {
		*st = NULL;
		return index_read_fail(db, rc, err);
	}
	return MGT_OK;
}

/*
 * Finish a statement whose last step returned rc: SQLITE_DONE (or
 * SQLITE_ROW when the caller stopped early) is MGT_OK, anything else
 * SQLite's failure.  Finalizes st either way.
 */
static int
index_read_end(sqlite3_stmt *st, int rc, struct mgt_error *err)
{
	sqlite3 *db = sqlite3_db_handle(st);
	int ret = MGT_OK;

	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		ret = index_read_fail(db, rc, err);
	sqlite3_finalize(st);
	return ret;
}

/* A time column: LOG_TS_NONE when NULL. */
static int64_t
index_read_ts(sqlite3_stmt *st, int col)
{
	return sqlite3_column_type(st, col) == SQLITE_NULL ? LOG_TS_NONE :
	    sqlite3_column_int64(st, col);
}

/* A severity as the index spells it; an unknown word is an error. */
static int
index_read_severity(sqlite3_stmt *st, int col)
{
	int sev;

	sev = problem_severity_parse((const char *)sqlite3_column_text(st,
	    col));
	return sev < 0 ? PROBLEM_ERROR : sev;
}

/* meta */

char *
index_meta(sqlite3 *db, const char *key)
{
	sqlite3_stmt *st;
	char *v = NULL;

	if (sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key = ?1",
	    -1, &st, NULL) != SQLITE_OK)
		return NULL;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
		v = xstrdup((const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	return v;
}

char **
index_meta_lines(sqlite3 *db, const char *key, size_t *n)
{
	char **v = NULL, *s, *p, *nl;

	*n = 0;
	if ((s = index_meta(db, key)) == NULL)
		return NULL;
	for (p = s; p != NULL; p = nl) {
		if ((nl = strchr(p, '\n')) != NULL)
			*nl++ = '\0';
		v = xreallocarray(v, *n + 1, sizeof *v);
		v[(*n)++] = xstrdup(p);
	}
	free(s);
	return v;
}

int
index_read_year(sqlite3 *db, int *year, struct mgt_error *err)
{
	sqlite3_stmt *st;
	int rc;

	*year = 0;
	if (index_read_prepare(db, "SELECT coalesce((SELECT value FROM meta"
	    " WHERE key = 'year_hint'), strftime('%Y', max(last_ts) / 1000000,"
	    " 'unixepoch')) FROM sources", &st, err) != MGT_OK)
		return MGT_ERR_DB;
	if ((rc = sqlite3_step(st)) == SQLITE_ROW)
		*year = sqlite3_column_int(st, 0);
	return index_read_end(st, rc, err);
}

/* problems */

int
index_read_problem_counts(sqlite3 *db, index_count_fn fn, void *data,
    struct mgt_error *err)
{
	sqlite3_stmt *st;
	int rc;

	if (index_read_prepare(db, "SELECT severity, code, count(*) FROM"
	    " problems GROUP BY 1, 2 ORDER BY 2, 1", &st, err) != MGT_OK)
		return MGT_ERR_DB;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		if (fn(data, index_read_severity(st, 0),
		    (const char *)sqlite3_column_text(st, 1),
		    sqlite3_column_int64(st, 2)) != 0)
			break;
	return index_read_end(st, rc, err);
}

int
index_read_problems_dropped(sqlite3 *db, index_count_fn fn, void *data,
    struct mgt_error *err)
{
	sqlite3_stmt *st;
	const char *key, *code, *colon;
	char buf[INDEX_READ_CODE_MAX + 1];
	long long n;
	int rc, sev;

	if (index_read_prepare(db, "SELECT key, CAST(value AS INTEGER) FROM"
	    " meta WHERE key LIKE 'problems_dropped:%'", &st, err) != MGT_OK)
		return MGT_ERR_DB;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		key = (const char *)sqlite3_column_text(st, 0);
		n = sqlite3_column_int64(st, 1);
		/* LIKE ignores case; the key is written in lower case. */
		if (key == NULL || n <= 0 ||
		    strncmp(key, "problems_dropped:", 17) != 0)
			continue;
		code = key + 17;
		if ((colon = strrchr(code, ':')) == NULL ||
		    (size_t)(colon - code) >= sizeof buf)
			continue;
		if ((sev = problem_severity_parse(colon + 1)) < 0)
			sev = PROBLEM_ERROR;
		memcpy(buf, code, (size_t)(colon - code));
		buf[colon - code] = '\0';
		if (fn(data, sev, buf, n) != 0)
			break;
	}
	return index_read_end(st, rc, err);
}

int
index_read_problems(sqlite3 *db, index_problem_fn fn, void *data,
    struct mgt_error *err)
{
	sqlite3_stmt *st;
	struct problem p;
	int rc;

	if (index_read_prepare(db, "SELECT severity, code, vpath, offset,"
	    " line, message FROM problems ORDER BY CASE severity"
	    " WHEN 'info' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END DESC, id",
	    &st, err) != MGT_OK)
		return MGT_ERR_DB;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		p.severity = (enum problem_severity)index_read_severity(st, 0);
		p.code = (const char *)sqlite3_column_text(st, 1);
		p.vpath = (const char *)sqlite3_column_text(st, 2);
		p.offset = sqlite3_column_type(st, 3) == SQLITE_NULL ? -1 :
		    sqlite3_column_int64(st, 3);
		p.line = (long)sqlite3_column_int64(st, 4);
		p.message = (const char *)sqlite3_column_text(st, 5);
		if (fn(data, &p) != 0)
			break;
	}
	return index_read_end(st, rc, err);
}

/* One number; *v 0 when the query gives no row. */
static int
index_read_scalar(sqlite3 *db, const char *sql, long long *v,
    struct mgt_error *err)
{
	sqlite3_stmt *st;
	int rc;

	*v = 0;
	if (index_read_prepare(db, sql, &st, err) != MGT_OK)
		return MGT_ERR_DB;
	if ((rc = sqlite3_step(st)) == SQLITE_ROW)
		*v = sqlite3_column_int64(st, 0);
	return index_read_end(st, rc, err);
}

int
index_read_stats(sqlite3 *db, struct index_stats *s, struct mgt_error *err)
{
	memset(s, 0, sizeof *s);
	if (index_read_scalar(db, "SELECT count(*) FROM sources WHERE kind <>"
	    " 'container'", &s->sources, err) != MGT_OK ||
	    index_read_scalar(db, "SELECT coalesce(sum(lines), 0) FROM"
	    " sources", &s->lines, err) != MGT_OK ||
	    index_read_scalar(db, "SELECT count(*) FROM resources",
	    &s->resources, err) != MGT_OK ||
	    index_read_scalar(db, "SELECT coalesce(sum(size), 0) FROM sources"
	    " WHERE kind <> 'container' AND size > 0", &s->bytes, err) !=
	    MGT_OK)
		return MGT_ERR_DB;
	return MGT_OK;
}

/* The source catalogue */

struct index_catalogue {
	sqlite3		*db;
	sqlite3_stmt	*by_id;		/* vpath of an id */
	sqlite3_stmt	*by_vpath;	/* kind and node of a vpath */
	sqlite3_stmt	*span;		/* last time and previous of a vpath */
};

struct index_catalogue *
index_catalogue_new(sqlite3 *db)
{
	struct index_catalogue *c;

	c = xcalloc(1, sizeof *c);
	c->db = db;
	return c;
}

void
index_catalogue_free(struct index_catalogue *c)
{
	if (c == NULL)
		return;
	sqlite3_finalize(c->by_id);
	sqlite3_finalize(c->by_vpath);
	sqlite3_finalize(c->span);
	free(c);
}

int
index_catalogue_vpath(struct index_catalogue *c, int64_t id, char **vpath,
    struct mgt_error *err)
{
	const char *v;
	int rc;

	*vpath = NULL;
	if (c->by_id == NULL && index_read_prepare(c->db,
	    "SELECT vpath FROM sources WHERE id = ?1", &c->by_id, err) !=
	    MGT_OK)
		return MGT_ERR_DB;
	if ((rc = sqlite3_bind_int64(c->by_id, 1, id)) != SQLITE_OK)
		goto fail;
	if ((rc = sqlite3_step(c->by_id)) == SQLITE_ROW) {
		if ((v = (const char *)sqlite3_column_text(c->by_id, 0)) !=
		    NULL)
			*vpath = xstrdup(v);
	} else if (rc != SQLITE_DONE)
		goto fail;
	sqlite3_reset(c->by_id);
	return MGT_OK;
fail:
	index_read_fail(c->db, rc, err);
	sqlite3_reset(c->by_id);
	return MGT_ERR_DB;
}

int
index_catalogue_log(struct index_catalogue *c, const char *vpath, int *log,
    int *journal, char **node, struct mgt_error *err)
{
	const char *kind, *v;
	int rc;

	*log = *journal = 0;
	*node = NULL;
	if (c->by_vpath == NULL && index_read_prepare(c->db,
	    "SELECT kind, node FROM sources WHERE vpath = ?1", &c->by_vpath,
	    err) != MGT_OK)
		goto where;
	if ((rc = sqlite3_bind_text(c->by_vpath, 1, vpath, -1,
	    SQLITE_STATIC)) != SQLITE_OK)
		goto fail;
	if ((rc = sqlite3_step(c->by_vpath)) == SQLITE_ROW) {
		kind = (const char *)sqlite3_column_text(c->by_vpath, 0);
		v = (const char *)sqlite3_column_text(c->by_vpath, 1);
		*log = kind != NULL && (strcmp(kind, "pod_log") == 0 ||
		    strcmp(kind, "service_log") == 0 ||
		    strcmp(kind, "journal") == 0 || strcmp(kind, "log") == 0 ||
		    strcmp(kind, "install_log") == 0);
		*journal = kind != NULL && strcmp(kind, "journal") == 0;
		*node = v != NULL ? xstrdup(v) : NULL;
	} else if (rc != SQLITE_DONE)
		goto fail;
	sqlite3_reset(c->by_vpath);
	return MGT_OK;
fail:
	index_read_fail(c->db, rc, err);
	sqlite3_reset(c->by_vpath);
where:
	if (err != NULL)
		snprintf(err->where, sizeof err->where, "%s", vpath);
	return MGT_ERR_DB;
}

int
index_catalogue_end(struct index_catalogue *c, const char *vpath,
    int64_t *last_ts, int *previous, struct mgt_error *err)
{
	int rc;

	*last_ts = INT64_MIN;
	*previous = 0;
	if (c->span == NULL && index_read_prepare(c->db,
	    "SELECT last_ts, previous FROM sources WHERE vpath = ?1",
	    &c->span, err) != MGT_OK)
		return MGT_ERR_DB;
	if ((rc = sqlite3_bind_text(c->span, 1, vpath, -1,
	    SQLITE_STATIC)) != SQLITE_OK)
		goto fail;
	if ((rc = sqlite3_step(c->span)) == SQLITE_ROW) {
		if (sqlite3_column_type(c->span, 0) == SQLITE_INTEGER)
			*last_ts = sqlite3_column_int64(c->span, 0);
		*previous = sqlite3_column_int(c->span, 1) != 0;
	} else if (rc != SQLITE_DONE)
		goto fail;
	sqlite3_reset(c->span);
	return MGT_OK;
fail:
	index_read_fail(c->db, rc, err);
	sqlite3_reset(c->span);
	return MGT_ERR_DB;
}

/* Stored lines (grep) */

/* The stored lines and hits, in input order. */
static const char index_lines_sql[] =
    "SELECT s.vpath, x.line_no, x.text, x.ts, coalesce(x.node, s.node)"
    " FROM (SELECT source_id, line_no, text, ts, node FROM lines"
    "       UNION SELECT source_id, line_no, text, ts, node FROM hits) x"
    " JOIN sources s ON s.id = x.source_id"
    " WHERE regexp(?1, x.text)"
    " AND (?2 IS NULL OR coalesce(x.node, s.node) = ?2"
    "      OR coalesce(x.node, s.node) LIKE ?2 || '.%')"
    " AND (?3 IS NULL OR x.ts >= ?3)"
    " AND (?4 IS NULL OR x.ts <= ?4)"
    " ORDER BY s.id, x.line_no";

int
index_read_lines(sqlite3 *db, const struct index_line_filter *f,
    index_line_fn fn, void *data, struct mgt_error *err)
{
	struct index_line_row r;
	sqlite3_stmt *st;
	int rc;

	if (index_read_prepare(db, index_lines_sql, &st, err) != MGT_OK)
		return MGT_ERR_DB;
	rc = sqlite3_bind_text(st, 1, f->pattern, -1, SQLITE_STATIC);
	if (rc == SQLITE_OK && f->node != NULL)
		rc = sqlite3_bind_text(st, 2, f->node, -1, SQLITE_STATIC);
	if (rc == SQLITE_OK && f->since != INT64_MIN)
		rc = sqlite3_bind_int64(st, 3, f->since);
	if (rc == SQLITE_OK && f->until != INT64_MAX)
		rc = sqlite3_bind_int64(st, 4, f->until);
	if (rc != SQLITE_OK)
		return index_read_end(st, rc, err);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		r.vpath = (const char *)sqlite3_column_text(st, 0);
		if (r.vpath == NULL)
			r.vpath = "";
		r.line_no = (long)sqlite3_column_int64(st, 1);
		r.text = (const char *)sqlite3_column_text(st, 2);
		r.len = (size_t)sqlite3_column_bytes(st, 2);
		if (r.text == NULL)
			r.text = "";
		r.ts = index_read_ts(st, 3);
		r.node = (const char *)sqlite3_column_text(st, 4);
		if (fn(data, &r) != 0)
			break;
	}
	return index_read_end(st, rc, err);
}

/* Hits and tallies (eval) */

/*
 * The first rows in time order come straight off the hits_rule index (its
 * columns are this ORDER BY): a noisy pattern's tens of thousands of hits
 * are never sorted.
 */
static const char index_hits_sql[] =
    "SELECT s.vpath, h.line_no, h.ts, coalesce(h.node, s.node), h.text,"
    " h.captures FROM hits h JOIN sources s ON s.id = h.source_id"
    " WHERE h.rule_id = ?1 AND h.evidence = ?2"
    " ORDER BY h.ts IS NULL, h.ts, h.source_id, h.line_no LIMIT ?3";

static const char index_tallies_sql[] =
    "SELECT s.vpath, coalesce(t.node, s.node), t.seen, t.first_ts,"
    " t.last_ts, t.grp FROM hit_stats t JOIN sources s ON s.id = t.source_id"
    " WHERE t.rule_id = ?1 AND t.evidence = ?2 ORDER BY t.rowid";

/* Bind rule_id and evidence to ?1 and ?2. */
static int
index_read_bind_item(sqlite3_stmt *st, const char *rule_id,
    const char *evidence)
{
	int rc;

	if ((rc = sqlite3_bind_text(st, 1, rule_id, -1, SQLITE_STATIC)) ==
	    SQLITE_OK)
		rc = sqlite3_bind_text(st, 2, evidence, -1, SQLITE_STATIC);
	return rc;
}

int
index_read_hits(sqlite3 *db, const char *rule_id, const char *evidence,
    long limit, index_hit_fn fn, void *data, struct mgt_error *err)
{
	struct index_hit_row r;
	sqlite3_stmt *st;
	int rc;

	if (index_read_prepare(db, index_hits_sql, &st, err) != MGT_OK)
		return MGT_ERR_DB;
	if ((rc = index_read_bind_item(st, rule_id, evidence)) == SQLITE_OK)
		rc = sqlite3_bind_int64(st, 3, limit);
	if (rc != SQLITE_OK)
		return index_read_end(st, rc, err);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		r.vpath = (const char *)sqlite3_column_text(st, 0);
		r.line_no = (long)sqlite3_column_int64(st, 1);
		r.ts = index_read_ts(st, 2);
		r.node = (const char *)sqlite3_column_text(st, 3);
		r.text = (const char *)sqlite3_column_text(st, 4);
		r.len = (size_t)sqlite3_column_bytes(st, 4);
		r.captures = (const char *)sqlite3_column_text(st, 5);
		if (fn(data, &r) != 0)
			break;
	}
	return index_read_end(st, rc, err);
}

int
index_read_tallies(sqlite3 *db, const char *rule_id, const char *evidence,
    index_tally_fn fn, void *data, struct mgt_error *err)
{
	struct index_tally_row r;
	sqlite3_stmt *st;
	int rc;

	if (index_read_prepare(db, index_tallies_sql, &st, err) != MGT_OK)
		return MGT_ERR_DB;
	if ((rc = index_read_bind_item(st, rule_id, evidence)) != SQLITE_OK)
		return index_read_end(st, rc, err);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		r.vpath = (const char *)sqlite3_column_text(st, 0);
		r.node = (const char *)sqlite3_column_text(st, 1);
		r.seen = (long)sqlite3_column_int64(st, 2);
		r.first_ts = index_read_ts(st, 3);
		r.last_ts = index_read_ts(st, 4);
		r.grp = (const char *)sqlite3_column_text(st, 5);
		if (fn(data, &r) != 0)
			break;
	}
	return index_read_end(st, rc, err);
}

/* Timeline rows */

/*
 * Hits folded by rule, item, kind of source and unit or container: one
 * row with the count, the time span, the smallest text and the nodes.
 *
 * Each source (a hit_stats or hits subquery) gives one row per rule, item
 * and file: its matches, span, first line, smallest text and nodes.  Two
 * items of one rule whose rows for a file are the same (the same pattern
 * under two names, as a "min" and a "window" test of one complaint) have
 * matched the same lines: they fold into the item first by name, so no
 * line is told twice and no entry repeats another.
 */
#define INDEX_FOLD_SQL(per_file)					\
    "WITH per_file(rule_id, evidence, source_id, n, first_ts, last_ts,"	\
    " first_line, text, nodes) AS (" per_file "),"			\
    " folded AS (SELECT rule_id, min(evidence) AS evidence, source_id,"	\
    " n, first_ts, last_ts, first_line, text, min(nodes) AS nodes"	\
    " FROM per_file GROUP BY rule_id, source_id, n, first_ts, last_ts,"	\
    " first_line, text)"						\
    " SELECT min(f.first_ts), max(f.last_ts), sum(f.n),"		\
    " f.rule_id || ': ' || substr(min(f.text), 1, 600),"		\
    " min(s.vpath) || ':' || min(f.first_line), group_concat(f.nodes)"	\
    " FROM folded f JOIN sources s ON s.id = f.source_id"		\
    " GROUP BY f.rule_id, f.evidence, s.kind, coalesce(s.unit,"		\
    " s.container, '')"
#define INDEX_TALLY_SQL(rule_filter) INDEX_FOLD_SQL(			\
    "SELECT t.rule_id, t.evidence, t.source_id, sum(t.timed),"		\
    " min(t.first_ts), max(t.last_ts), min(t.first_line), min(t.text),"	\
    " group_concat(DISTINCT coalesce(t.node, s.node))"			\
    " FROM hit_stats t JOIN sources s ON s.id = t.source_id"		\
    " WHERE t.timed > 0 AND " rule_filter				\
    " AND (?2 IS NULL OR coalesce(t.node, s.node) = ?2"			\
    "      OR coalesce(t.node, s.node) LIKE ?2 || '.%')"		\
    " AND ?3 IS NOT NULL AND ?4 IS NOT NULL"				\
    " GROUP BY t.rule_id, t.evidence, t.source_id")
#define INDEX_HITS_SQL(rule_filter) INDEX_FOLD_SQL(			\
    "SELECT h.rule_id, h.evidence, h.source_id, count(*), min(h.ts),"	\
    " max(h.ts), min(h.line_no), min(h.text),"				\
    " group_concat(DISTINCT coalesce(h.node, s.node))"			\
    " FROM hits h JOIN sources s ON s.id = h.source_id"		\
    " WHERE h.ts IS NOT NULL AND " rule_filter				\
    " AND (?2 IS NULL OR coalesce(h.node, s.node) = ?2"			\
    "      OR coalesce(h.node, s.node) LIKE ?2 || '.%')"		\
    " AND h.ts >= ?3 AND h.ts <= ?4"					\
    " GROUP BY h.rule_id, h.evidence, h.source_id")

/* One rule's hits come off the rule indexes, not a scan of all hits. */
static const char *const index_spans_sql[2][2] = {
	{ INDEX_HITS_SQL("1"), INDEX_HITS_SQL("h.rule_id = ?1") },
	{ INDEX_TALLY_SQL("1"), INDEX_TALLY_SQL("t.rule_id = ?1") }
};

/* Condition transitions of ClusterOperators, nodes and pools. */
static const char index_conditions_sql[] =
    "SELECT last_transition_us, kind || '/' || name || ' ' || type || '='"
    " || status || coalesce(' (' || reason || ')', '') ||"
    " coalesce(': ' || message, ''), kind || '/' ||"
    " CASE WHEN namespace <> '' THEN namespace || '/' ELSE '' END || name,"
    " CASE WHEN kind = 'Node' THEN name END"
    " FROM conditions WHERE last_transition_us IS NOT NULL"
    /* Only transitions that say something is wrong or moving: a healthy
     * cluster's hundreds of "Available=True: All is well" are noise. */
    " AND ((type IN ('Available', 'Ready', 'Upgradeable', 'Updated',"
    " 'RecentBackup', 'EtcdMembersAvailable') AND status <> 'True')"
    " OR (type IN ('Progressing', 'Updating') AND status = 'True')"
    " OR (type NOT IN ('Available', 'Ready', 'Upgradeable', 'Updated',"
    " 'RecentBackup', 'EtcdMembersAvailable', 'Progressing', 'Updating')"
    " AND status = 'True'))"
    " AND kind IN ('ClusterOperator', 'Node', 'MachineConfigPool',"
    " 'ClusterVersion', 'BareMetalHost')"
    " AND (?1 IS NULL OR kind <> 'Node' OR name = ?1 OR name LIKE ?1 || '.%')"
    " AND last_transition_us >= ?2 AND last_transition_us <= ?3";

static const char index_events_sql[] =
    "SELECT first_ts, last_ts, coalesce(count, 1), coalesce(reason, '') ||"
    " ': ' || coalesce(message, ''), coalesce(involved_kind, '') || '/' ||"
    " coalesce(involved_namespace || '/', '') || coalesce(involved_name, '')"
    " FROM events WHERE first_ts IS NOT NULL"
    " AND (?1 IS NULL OR involved_name = ?1 OR involved_name LIKE ?1 || '.%'"
    "      OR involved_kind <> 'Node')"
    " AND first_ts >= ?2 AND first_ts <= ?3";

/*
 * Bind node, since and until to parameters at, at + 1 and at + 2 (node:
 * a NULL when it is NULL).  SQLITE_OK or the first failure: a bind that
 * failed would leave NULL, which reads as "no filter".
 */
static int
index_read_bind_filter(sqlite3_stmt *st, int at, const char *node,
    int64_t since, int64_t until)
{
	int rc = SQLITE_OK;

	if (node != NULL)
		rc = sqlite3_bind_text(st, at, node, -1, SQLITE_STATIC);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_int64(st, at + 1, since);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_int64(st, at + 2, until);
	return rc;
}

int
index_read_hit_spans(sqlite3 *db, const char *rule, const char *node,
    int64_t since, int64_t until, index_event_fn fn, void *data,
    struct mgt_error *err)
{
	struct index_event_row r;
	sqlite3_stmt *st;
	int rc = SQLITE_OK, exact;

	exact = since == INT64_MIN && until == INT64_MAX;
	if (index_read_prepare(db, index_spans_sql[exact][rule != NULL], &st,
	    err) != MGT_OK)
		return MGT_ERR_DB;
	if (rule != NULL)
		rc = sqlite3_bind_text(st, 1, rule, -1, SQLITE_STATIC);
	if (rc == SQLITE_OK)
		rc = index_read_bind_filter(st, 2, node, since, until);
	if (rc != SQLITE_OK)
		return index_read_end(st, rc, err);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		r.first_ts = sqlite3_column_int64(st, 0);
		r.last_ts = sqlite3_column_int64(st, 1);
		r.count = (long)sqlite3_column_int64(st, 2);
		r.what = (const char *)sqlite3_column_text(st, 3);
		r.where = (const char *)sqlite3_column_text(st, 4);
		r.nodes = (const char *)sqlite3_column_text(st, 5);
		if (fn(data, &r) != 0)
			break;
	}
	return index_read_end(st, rc, err);
}

int
index_read_conditions(sqlite3 *db, const char *node, int64_t since,
    int64_t until, index_event_fn fn, void *data, struct mgt_error *err)
{
	struct index_event_row r;
	sqlite3_stmt *st;
	int rc;

	if (index_read_prepare(db, index_conditions_sql, &st, err) != MGT_OK)
		return MGT_ERR_DB;
	if ((rc = index_read_bind_filter(st, 1, node, since, until)) !=
	    SQLITE_OK)
		return index_read_end(st, rc, err);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		r.first_ts = r.last_ts = sqlite3_column_int64(st, 0);
		r.count = 1;
		r.what = (const char *)sqlite3_column_text(st, 1);
		r.where = (const char *)sqlite3_column_text(st, 2);
		r.nodes = (const char *)sqlite3_column_text(st, 3);
		if (fn(data, &r) != 0)
			break;
	}
	return index_read_end(st, rc, err);
}

int
index_read_events(sqlite3 *db, const char *node, int64_t since,
    int64_t until, index_event_fn fn, void *data, struct mgt_error *err)
{
	struct index_event_row r;
	sqlite3_stmt *st;
	int rc;

	if (index_read_prepare(db, index_events_sql, &st, err) != MGT_OK)
		return MGT_ERR_DB;
	if ((rc = index_read_bind_filter(st, 1, node, since, until)) !=
	    SQLITE_OK)
		return index_read_end(st, rc, err);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		r.first_ts = sqlite3_column_int64(st, 0);
		r.last_ts = sqlite3_column_type(st, 1) == SQLITE_NULL ?
		    r.first_ts : sqlite3_column_int64(st, 1);
		r.count = (long)sqlite3_column_int64(st, 2);
		r.what = (const char *)sqlite3_column_text(st, 3);
		r.where = (const char *)sqlite3_column_text(st, 4);
		r.nodes = NULL;
		if (fn(data, &r) != 0)
			break;
	}
	return index_read_end(st, rc, err);
}

/* Reads on the writer's connection */

int
index_count_kind(struct index *ix, const char *kind, long long *n,
    struct mgt_error *err)
{
	sqlite3_stmt *st;
	int rc;

	*n = 0;
	if (index_read_prepare(ix->db, "SELECT count(*) FROM resources WHERE"
	    " kind = ?1", &st, err) != MGT_OK)
		return MGT_ERR_DB;
	if ((rc = sqlite3_bind_text(st, 1, kind, -1, SQLITE_STATIC)) !=
	    SQLITE_OK)
		return index_read_end(st, rc, err);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW)
		*n = sqlite3_column_int64(st, 0);
	return index_read_end(st, rc, err);
}

/*
 * The hosts the case knows.  The writer's connection has no views
 * (index_open() creates them), so the node of a CSR and the names of etcd
 * members are read here as the csrs and etcd_members views of
 * views/csrs.sql and views/etcd.sql read them.
 */
static const char index_host_sql[] =
    "WITH known(name) AS ("
    " SELECT name FROM resources WHERE kind IN ('Node', 'Machine',"
    " 'BareMetalHost')"
    " UNION SELECT CASE WHEN u LIKE 'system:node:%' THEN substr(u, 13)"
    " WHEN cn LIKE 'system:node:%' THEN substr(cn, 13) END"
    " FROM (SELECT coalesce(json_extract(doc, '$.spec.username'),"
    " json_extract(doc, '$.Spec.Username')) AS u,"
    " coalesce(csr_cn(json_extract(doc, '$.spec.request')),"
    " json_extract(doc, '$.Spec.Request.Subject.CommonName')) AS cn"
    " FROM resources WHERE kind = 'CertificateSigningRequest')"
    " UNION SELECT json_extract(m.value, '$.name')"
    " FROM resources r, json_each(r.doc, '$.members') m"
    " WHERE r.kind = 'EtcdMemberList' AND m.type = 'object')"
    " SELECT 1 FROM known WHERE name IS NOT NULL AND (name = ?1"
    " OR substr(name, 1, length(?1) + 1) = ?1 || '.'"
    " OR substr(?1, 1, length(name) + 1) = name || '.'"
    " OR (instr(?1, '.') > 0 AND instr(name, '.') > 0"
    " AND substr(?1, instr(?1, '.')) = substr(name, instr(name, '.'))"
    " AND EXISTS (SELECT 1 FROM resources r WHERE r.kind = 'Node'"
    " AND substr(r.name, instr(r.name, '.')) = substr(?1, instr(?1, '.')))))"
    " LIMIT 1";

int
index_hosts_known(struct index *ix, char *const *hosts, size_t n,
    int *known, struct mgt_error *err)
{
	sqlite3_stmt *st;
	size_t i;
	int rc = SQLITE_DONE;

	*known = 0;
	if (index_read_prepare(ix->db, index_host_sql, &st, err) != MGT_OK)
		return MGT_ERR_DB;
	for (i = 0; i < n && !*known; i++) {
		sqlite3_reset(st);
		if ((rc = sqlite3_bind_text(st, 1, hosts[i], -1,
		    SQLITE_STATIC)) != SQLITE_OK)
			break;
		if ((rc = sqlite3_step(st)) == SQLITE_ROW)
			*known = 1;
		else if (rc != SQLITE_DONE)
			break;
	}
	return index_read_end(st, rc, err);
}
