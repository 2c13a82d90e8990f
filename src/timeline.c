/*
 * Building timelines from the index.  Repeating things fold into one entry
 * with a count and a time span ("In bootstrap mode x 4,312, 10:02-11:45,
 * control1, control2"), so an hour of a looping daemon reads as one line.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "timeline.h"
#include "util.h"
#include "xmalloc.h"

/* Longest "what" text kept per entry. */
#define TIMELINE_WHAT_MAX 300

void
timeline_init(struct timeline *tl)
{
	memset(tl, 0, sizeof *tl);
}

void
timeline_free(struct timeline *tl)
{
	size_t i;

	for (i = 0; i < tl->n; i++) {
		free((char *)tl->events[i].what);
		free((char *)tl->events[i].where);
		free((char *)tl->events[i].nodes);
	}
	free(tl->events);
	timeline_init(tl);
}

static char *
timeline_cut(const char *s)
{
	char buf[TIMELINE_WHAT_MAX * 4 + 8];
	size_t n;

	if (s == NULL)
		return xstrdup("");
	n = strlen(s);
	util_escape_n(s, n > TIMELINE_WHAT_MAX ? TIMELINE_WHAT_MAX : n, buf,
	    sizeof buf);
	if (n > TIMELINE_WHAT_MAX)
		strcat(buf, "...");
	return xstrdup(buf);
}

static int
timeline_strcmp_p(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * A comma-joined list sorted and each name once (the lists of several
 * files are joined), so its order never depends on a scan's.
 */
static char *
timeline_sorted_list(const char *list)
{
	char *copy, *p, *save, **v = NULL, *out;
	size_t n = 0, i, k;

	copy = xstrdup(list);
	for (p = strtok_r(copy, ",", &save); p != NULL;
	    p = strtok_r(NULL, ",", &save)) {
		v = xreallocarray(v, n + 1, sizeof *v);
		v[n++] = p;
	}
	if (n > 1)
		qsort(v, n, sizeof *v, timeline_strcmp_p);
	for (i = k = 0; i < n; i++)
		if (k == 0 || strcmp(v[k - 1], v[i]) != 0)
			v[k++] = v[i];
	out = util_sort_join(v, k, ",");
	free(v);
	free(copy);
	return out;
}

static void
timeline_add(struct timeline *tl, int64_t first, int64_t last, long count,
    const char *what, const char *where, const char *nodes)
{
	struct report_event *e;

	tl->events = xreallocarray(tl->events, tl->n + 1, sizeof *tl->events);
	e = &tl->events[tl->n++];
	e->first_ts = first;
	e->last_ts = last;
	e->count = count;
	e->what = timeline_cut(what);
	e->where = xstrdup(where ? where : "");
	e->nodes = nodes != NULL && *nodes != '\0' ?
	    timeline_sorted_list(nodes) : NULL;
}

static int
timeline_cmp(const void *a, const void *b)
{
	const struct report_event *x = a, *y = b;
	int c;

	if (x->first_ts != y->first_ts)
		return x->first_ts < y->first_ts ? -1 : 1;
	if ((c = strcmp(x->what, y->what)) != 0)
		return c;
	return strcmp(x->where, y->where);
}

static void
timeline_sort(struct timeline *tl)
{
	if (tl->n > 1)
		qsort(tl->events, tl->n, sizeof *tl->events, timeline_cmp);
}

/*
 * Hits folded by rule, item, kind of source and unit or container: one
 * entry with the count, the time span, the smallest text and the nodes.
 * Without a time filter the counts come from the exact tallies
 * (hit_stats); with one, from the stored hits, which are capped.
 *
 * Each source (a hit_stats or hits subquery) gives one row per rule, item
 * and file: its matches, span, first line, smallest text and nodes.  Two
 * items of one rule whose rows for a file are the same (the same pattern
 * under two names, as a "min" and a "window" test of one complaint) have
 * matched the same lines: they fold into the item first by name, so no
 * line is told twice and no entry repeats another.
 */
#define TIMELINE_FOLD_SQL(per_file)					\
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
#define TIMELINE_TALLY_SQL(rule_filter) TIMELINE_FOLD_SQL(		\
    "SELECT t.rule_id, t.evidence, t.source_id, sum(t.timed),"		\
    " min(t.first_ts), max(t.last_ts), min(t.first_line), min(t.text),"	\
    " group_concat(DISTINCT coalesce(t.node, s.node))"			\
    " FROM hit_stats t JOIN sources s ON s.id = t.source_id"		\
    " WHERE t.timed > 0 AND " rule_filter				\
    " AND (?2 IS NULL OR coalesce(t.node, s.node) = ?2"			\
    "      OR coalesce(t.node, s.node) LIKE ?2 || '.%')"		\
    " AND ?3 IS NOT NULL AND ?4 IS NOT NULL"				\
    " GROUP BY t.rule_id, t.evidence, t.source_id")
#define TIMELINE_HITS_SQL(rule_filter) TIMELINE_FOLD_SQL(		\
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
static const char *const timeline_sql[2][2] = {
	{ TIMELINE_HITS_SQL("1"), TIMELINE_HITS_SQL("h.rule_id = ?1") },
	{ TIMELINE_TALLY_SQL("1"), TIMELINE_TALLY_SQL("t.rule_id = ?1") }
};

/*
 * Bind the filter's node, since and until to parameters at (node: a NULL
 * when it is NULL).  SQLITE_OK or the first failure: a bind that failed
 * would leave NULL, which reads as "no filter".
 */
static int
timeline_bind_filter(sqlite3_stmt *st, int at,
    const struct timeline_filter *f)
{
	int rc = SQLITE_OK;

	if (f->node != NULL)
		rc = sqlite3_bind_text(st, at, f->node, -1, SQLITE_STATIC);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_int64(st, at + 1, f->since);
	if (rc == SQLITE_OK)
		rc = sqlite3_bind_int64(st, at + 2, f->until);
	return rc;
}

static int
timeline_hits(sqlite3 *db, const char *rule, const struct timeline_filter *f,
    struct timeline *tl)
{
	sqlite3_stmt *st;
	int rc = SQLITE_OK, exact;

	exact = f->since == INT64_MIN && f->until == INT64_MAX;
	if (sqlite3_prepare_v2(db, timeline_sql[exact][rule != NULL], -1, &st,
	    NULL) != SQLITE_OK)
		return MGT_ERR_DB;
	if (rule != NULL)
		rc = sqlite3_bind_text(st, 1, rule, -1, SQLITE_STATIC);
	if (rc != SQLITE_OK || timeline_bind_filter(st, 2, f) != SQLITE_OK) {
		sqlite3_finalize(st);
		return MGT_ERR_DB;
	}
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		timeline_add(tl, sqlite3_column_int64(st, 0),
		    sqlite3_column_int64(st, 1),
		    (long)sqlite3_column_int64(st, 2),
		    (const char *)sqlite3_column_text(st, 3),
		    (const char *)sqlite3_column_text(st, 4),
		    (const char *)sqlite3_column_text(st, 5));
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? MGT_OK : MGT_ERR_DB;
}

int
timeline_for_findings(sqlite3 *db, const struct finding_set *fs,
    struct timeline *tl)
{
	struct timeline_filter f;
	size_t i;

	memset(&f, 0, sizeof f);
	f.since = INT64_MIN;
	f.until = INT64_MAX;
	for (i = 0; i < fs->nfindings; i++)
		if (timeline_hits(db, fs->findings[i].rule->id, &f, tl) !=
		    MGT_OK)
			return MGT_ERR_DB;
	timeline_sort(tl);
	return MGT_OK;
}

/* Condition transitions of ClusterOperators, nodes and pools. */
static const char timeline_conditions_sql[] =
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

static const char timeline_events_sql[] =
    "SELECT first_ts, last_ts, coalesce(count, 1), coalesce(reason, '') ||"
    " ': ' || coalesce(message, ''), coalesce(involved_kind, '') || '/' ||"
    " coalesce(involved_namespace || '/', '') || coalesce(involved_name, '')"
    " FROM events WHERE first_ts IS NOT NULL"
    " AND (?1 IS NULL OR involved_name = ?1 OR involved_name LIKE ?1 || '.%'"
    "      OR involved_kind <> 'Node')"
    " AND first_ts >= ?2 AND first_ts <= ?3";

int
timeline_build(sqlite3 *db, const struct timeline_filter *f,
    struct timeline *tl)
{
	sqlite3_stmt *st;
	int64_t first, last;
	int rc;

	/* A statement that fails is an error, never a shorter timeline. */
	if (sqlite3_prepare_v2(db, timeline_conditions_sql, -1, &st, NULL) !=
	    SQLITE_OK)
		return MGT_ERR_DB;
	rc = timeline_bind_filter(st, 1, f);
	while (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		first = sqlite3_column_int64(st, 0);
		timeline_add(tl, first, first, 1,
		    (const char *)sqlite3_column_text(st, 1),
		    (const char *)sqlite3_column_text(st, 2),
		    (const char *)sqlite3_column_text(st, 3));
		rc = SQLITE_OK;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return MGT_ERR_DB;
	if (sqlite3_prepare_v2(db, timeline_events_sql, -1, &st, NULL) !=
	    SQLITE_OK)
		return MGT_ERR_DB;
	rc = timeline_bind_filter(st, 1, f);
	while (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		first = sqlite3_column_int64(st, 0);
		last = sqlite3_column_type(st, 1) == SQLITE_NULL ?
		    first : sqlite3_column_int64(st, 1);
		timeline_add(tl, first, last,
		    (long)sqlite3_column_int64(st, 2),
		    (const char *)sqlite3_column_text(st, 3),
		    (const char *)sqlite3_column_text(st, 4), NULL);
		rc = SQLITE_OK;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return MGT_ERR_DB;
	if (timeline_hits(db, NULL, f, tl) != MGT_OK)
		return MGT_ERR_DB;
	timeline_sort(tl);
	return MGT_OK;
}
