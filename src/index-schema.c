/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The index schema as SQL text: tables created with the file, the
 * statements the writer prepares once, and the indexes and full-text
 * table built at commit.  The views are not stored: they live in views/
 * and index_open() creates them (index-views.c).  doc/index-schema.md
 * documents every column; change both together and bump
 * INDEX_SCHEMA_VERSION.
 */
#include "config.h"

#include <stddef.h>
#include <sqlite3.h>

#include "error.h"
#include "index.h"
#include "index-private.h"

/* The columns of alerts, also given to older indexes (index_open()). */
#define SCHEMA_ALERTS_COLUMNS \
"	id		INTEGER PRIMARY KEY,\n" \
"	source_id	INTEGER NOT NULL REFERENCES sources(id),\n" \
"	line		INTEGER,\n" \
"	alertname	TEXT,\n" \
"	state		TEXT,\n" \
"	severity	TEXT,\n" \
"	namespace	TEXT,\n" \
"	active_at	TEXT,\n" \
"	active_at_us	INTEGER,\n" \
"	summary		TEXT,\n" \
"	description	TEXT,\n" \
"	runbook_url	TEXT,\n" \
"	labels		TEXT\n" \
");\n"

/* The columns of bootstrap_services, also given to older indexes. */
#define SCHEMA_BOOTSTRAP_COLUMNS \
"	id		INTEGER PRIMARY KEY,\n" \
"	source_id	INTEGER NOT NULL REFERENCES sources(id),\n" \
"	line		INTEGER,\n" \
"	seq		INTEGER NOT NULL,\n" \
"	service		TEXT NOT NULL,\n" \
"	host		TEXT,\n" \
"	phase		TEXT,\n" \
"	result		TEXT,\n" \
"	stage		TEXT,\n" \
"	pre_command	TEXT,\n" \
"	post_command	TEXT,\n" \
"	error_line	TEXT,\n" \
"	error_message	TEXT,\n" \
"	timestamp	TEXT,\n" \
"	ts		INTEGER\n" \
");\n"

/*
 * Tables.  Timestamps are UTC microseconds (INTEGER) unless a column name
 * says it is text.  resource_conditions is filled by the writer from the
 * parsed tree, so the views over conditions do not re-parse every document.
 */
static const char schema_tables[] =
"CREATE TABLE meta(\n"
"	key		TEXT PRIMARY KEY,\n"
"	value		TEXT\n"
") WITHOUT ROWID;\n"
"CREATE TABLE sources(\n"
"	id		INTEGER PRIMARY KEY,\n"
"	vpath		TEXT NOT NULL,\n"
"	kind		TEXT,\n"
"	size		INTEGER,\n"
"	depth		INTEGER,\n"
"	node		TEXT,\n"
"	namespace	TEXT,\n"
"	pod		TEXT,\n"
"	container	TEXT,\n"
"	unit		TEXT,\n"
"	previous	INTEGER NOT NULL DEFAULT 0,\n"
"	first_ts	INTEGER,\n"
"	last_ts		INTEGER,\n"
"	lines		INTEGER,\n"
"	resources	INTEGER,\n"
"	status		TEXT,\n"
"	link		TEXT\n"
");\n"
"CREATE TABLE resources(\n"
"	id		INTEGER PRIMARY KEY,\n"
"	source_id	INTEGER NOT NULL REFERENCES sources(id),\n"
"	line		INTEGER,\n"
"	api_version	TEXT,\n"
"	api_group	TEXT NOT NULL,\n"
"	kind		TEXT NOT NULL,\n"
"	namespace	TEXT NOT NULL,\n"
"	name		TEXT NOT NULL,\n"
"	uid		TEXT,\n"
"	resource_version TEXT,\n"
"	synthetic	INTEGER NOT NULL DEFAULT 0,\n"
"	doc		TEXT NOT NULL,\n"
"	lazy_yaml	TEXT,\n"
"	lazy_line	INTEGER,\n"
"	UNIQUE (api_group, kind, namespace, name)\n"
");\n"
"CREATE INDEX resources_kind ON resources(kind, namespace, name);\n"
"CREATE TABLE resource_files(\n"
"	resource_id	INTEGER NOT NULL REFERENCES resources(id),\n"
"	source_id	INTEGER NOT NULL REFERENCES sources(id),\n"
"	line		INTEGER\n"
");\n"
"CREATE TABLE resource_conditions(\n"
"	resource_id	INTEGER NOT NULL REFERENCES resources(id),\n"
"	idx		INTEGER NOT NULL,\n"
"	type		TEXT,\n"
"	status		TEXT,\n"
"	reason		TEXT,\n"
"	message		TEXT,\n"
"	last_transition	TEXT,\n"
"	last_transition_us INTEGER,\n"
"	PRIMARY KEY (resource_id, idx)\n"
") WITHOUT ROWID;\n"
"CREATE TABLE lines(\n"
"	source_id	INTEGER NOT NULL REFERENCES sources(id),\n"
"	line_no		INTEGER NOT NULL,\n"
"	ts		INTEGER,\n"
"	severity	TEXT,\n"
"	node		TEXT,\n"
"	text		TEXT\n"
");\n"
"CREATE TABLE line_offsets(\n"
"	source_id	INTEGER NOT NULL,\n"
"	line_no		INTEGER NOT NULL,\n"
"	offset		INTEGER NOT NULL,\n"
"	PRIMARY KEY (source_id, line_no)\n"
") WITHOUT ROWID;\n"
"CREATE TABLE hits(\n"
"	rule_id		TEXT NOT NULL,\n"
"	evidence	TEXT,\n"
"	source_id	INTEGER REFERENCES sources(id),\n"
"	line_no		INTEGER,\n"
"	ts		INTEGER,\n"
"	node		TEXT,\n"
"	text		TEXT,\n"
"	captures	TEXT\n"
");\n"
"CREATE TABLE hit_stats(\n"
"	rule_id		TEXT NOT NULL,\n"
"	evidence	TEXT,\n"
"	source_id	INTEGER REFERENCES sources(id),\n"
"	node		TEXT,\n"
"	grp		TEXT,\n"
"	seen		INTEGER NOT NULL,\n"
"	timed		INTEGER NOT NULL,\n"
"	first_ts	INTEGER,\n"
"	last_ts		INTEGER,\n"
"	first_line	INTEGER,\n"
"	text		TEXT\n"
");\n"
/*
 * Rules scan events, pods and container statuses often, so they are
 * tables, filled as each Event or Pod is stored, from the tree in hand
 * (index-derived.c).  The events_src, pods_src and container_statuses_src
 * views of views/derived-src.sql compute the same rows from the documents.
 * The declared types are those CREATE TABLE AS SELECT gave the columns of
 * those views in schema version 2, so both versions' tables are alike.
 */
"CREATE TABLE events(\n"
"	namespace	TEXT,\n"
"	name		TEXT,\n"
"	involved_kind,\n"
"	involved_namespace,\n"
"	involved_name,\n"
"	reason,\n"
"	message,\n"
"	type,\n"
"	count,\n"
"	first_ts,\n"
"	last_ts,\n"
"	component,\n"
"	host,\n"
"	source_id	INT,\n"
"	line		INT,\n"
"	resource_id	INT\n"
");\n"
"CREATE TABLE pods(\n"
"	namespace	TEXT,\n"
"	name		TEXT,\n"
"	node,\n"
"	phase,\n"
"	reason,\n"
"	message,\n"
"	created,\n"
"	started,\n"
"	ready		TEXT,\n"
"	mirror,\n"
"	owner_kind,\n"
"	owner_name,\n"
"	source_id	INT,\n"
"	line		INT,\n"
"	resource_id	INT\n"
");\n"
"CREATE TABLE container_statuses(\n"
"	namespace	TEXT,\n"
"	pod		TEXT,\n"
"	container,\n"
"	init,\n"
"	ready,\n"
"	restart_count,\n"
"	state,\n"
"	reason,\n"
"	message,\n"
"	exit_code,\n"
"	last_reason,\n"
"	last_exit_code,\n"
"	last_finished,\n"
"	started,\n"
"	image,\n"
"	node,\n"
"	source_id	INT,\n"
"	line		INT,\n"
"	resource_id	INT\n"
");\n"
/*
 * Prometheus alerts, one row per alert instance, from the rules API
 * answers a must-gather saves (monitoring/prometheus/rules.json,
 * monitoring/alerts.json; ingest-alerts.c).
 */
"CREATE TABLE alerts(\n"
SCHEMA_ALERTS_COLUMNS
/*
 * The installer's bootstrap service records, one row per entry of a
 * bootstrap/services/<service>.json file of a log bundle
 * (ingest-bootstrap.c).
 */
"CREATE TABLE bootstrap_services(\n"
SCHEMA_BOOTSTRAP_COLUMNS
"CREATE TABLE problems(\n"
"	id		INTEGER PRIMARY KEY,\n"
"	severity	TEXT NOT NULL,\n"
"	code		TEXT NOT NULL,\n"
"	vpath		TEXT,\n"
"	offset		INTEGER,\n"
"	line		INTEGER,\n"
"	message		TEXT\n"
");\n";

/* With INDEX_FTS: external content over lines, filled at commit. */
static const char schema_fts[] =
"CREATE VIRTUAL TABLE lines_fts USING fts5(text, content='lines',"
" content_rowid='rowid');\n";

/*
 * Built at commit: indexes are cheaper to build once over the finished
 * tables than to keep up to date row by row.  The indexes on resources
 * exist from the start: the writer finds duplicates through the unique
 * one, and ingest's fix-ups before commit look objects up by kind.
 */
static const char schema_finish[] =
"CREATE INDEX resource_conditions_type ON resource_conditions(type, status);\n"
"CREATE INDEX hits_rule ON hits(rule_id, evidence, ts IS NULL, ts,"
" source_id, line_no);\n"
"CREATE INDEX hit_stats_rule ON hit_stats(rule_id, evidence);\n";

/*
 * What grep, query and a person browsing by file need, not evaluation: an
 * index that analyze deletes after its report (INDEX_SCRATCH) goes
 * without them, 0.1 s less of a 1 GB run that one core waits for.
 */
static const char schema_finish_browse[] =
"CREATE INDEX resources_source ON resources(source_id);\n"
"CREATE INDEX resource_files_resource ON resource_files(resource_id);\n"
"CREATE INDEX lines_source ON lines(source_id, line_no);\n"
"CREATE INDEX hits_source ON hits(source_id, line_no);\n"
"CREATE INDEX sources_vpath ON sources(vpath);\n";

/*
 * Filling the full-text index without automatic merges and merging once at
 * the end ('optimize') took 5.9 s instead of 6.2 s for 500,000 lines and
 * leaves one segment, the best shape for a file that is only read.
 */
/*
 * The derived tables were filled row by row from each parsed object
 * (index-derived.c), so only their indexes are left.
 */
static const char schema_materialize[] =
"CREATE INDEX events_reason ON events(reason);\n"
"CREATE INDEX events_involved ON events(involved_name, involved_kind);\n"
"CREATE INDEX pods_name ON pods(namespace, name);\n"
"CREATE INDEX pods_node ON pods(node);\n"
"CREATE INDEX container_statuses_pod ON container_statuses(namespace,"
" pod);\n";

static const char schema_fts_fill[] =
"INSERT INTO lines_fts(lines_fts, rank) VALUES ('automerge', 0);\n"
"INSERT INTO lines_fts(lines_fts) VALUES ('rebuild');\n"
"INSERT INTO lines_fts(lines_fts) VALUES ('optimize');\n"
"INSERT INTO lines_fts(lines_fts, rank) VALUES ('automerge', 4);\n";

/* Bounded ANALYZE so the planner has statistics without a full scan. */
static const char schema_analyze[] =
"PRAGMA analysis_limit = 1000;\n"
"ANALYZE;\n";

/* The writer's statements, by enum index_stmt. */
static const char *const schema_stmts[IST_COUNT] = {
	[IST_SOURCE_ADD] =
	    "INSERT INTO sources(vpath, kind, size, depth, node, namespace,"
	    " pod, container, unit, previous, first_ts, last_ts, lines,"
	    " resources, status, link)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13,"
	    " ?14, ?15, ?16)",
	[IST_SOURCE_UPDATE] =
	    "UPDATE sources SET size = ?2, first_ts = ?3, last_ts = ?4,"
	    " lines = ?5, resources = ?6, status = ?7 WHERE id = ?1",
	[IST_RES_INSERT] =
	    "INSERT INTO resources(source_id, line, api_version, api_group,"
	    " kind, namespace, name, uid, resource_version, synthetic, doc,"
	    " lazy_yaml, lazy_line)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)"
	    " ON CONFLICT (api_group, kind, namespace, name) DO NOTHING",
	[IST_RES_FIND] =
	    "SELECT id, resource_version FROM resources WHERE api_group = ?1"
	    " AND kind = ?2 AND namespace = ?3 AND name = ?4",
	[IST_RES_REPLACE] =
	    "UPDATE resources SET source_id = ?2, line = ?3, api_version = ?4,"
	    " uid = ?5, resource_version = ?6, synthetic = ?7, doc = ?8,"
	    " lazy_yaml = ?9, lazy_line = ?10 WHERE id = ?1",
	[IST_RES_FILE] =
	    "INSERT INTO resource_files(resource_id, source_id, line)"
	    " VALUES (?1, ?2, ?3)",
	[IST_EVENT_ADD] =
	    "INSERT INTO events(namespace, name, involved_kind,"
	    " involved_namespace, involved_name, reason, message, type, count,"
	    " first_ts, last_ts, component, host, source_id, line, resource_id)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13,"
	    " ?14, ?15, ?16)",
	[IST_EVENT_DELETE] =
	    "DELETE FROM events WHERE resource_id = ?1",
	[IST_POD_ADD] =
	    "INSERT INTO pods(namespace, name, node, phase, reason, message,"
	    " created, started, ready, mirror, owner_kind, owner_name,"
	    " source_id, line, resource_id)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13,"
	    " ?14, ?15)",
	[IST_POD_DELETE] =
	    "DELETE FROM pods WHERE resource_id = ?1",
	[IST_CSTATUS_ADD] =
	    "INSERT INTO container_statuses(namespace, pod, container, init,"
	    " ready, restart_count, state, reason, message, exit_code,"
	    " last_reason, last_exit_code, last_finished, started, image,"
	    " node, source_id, line, resource_id)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13,"
	    " ?14, ?15, ?16, ?17, ?18, ?19)",
	[IST_CSTATUS_DELETE] =
	    "DELETE FROM container_statuses WHERE resource_id = ?1",
	[IST_COND_DELETE] =
	    "DELETE FROM resource_conditions WHERE resource_id = ?1",
	[IST_COND_INSERT] =
	    "INSERT INTO resource_conditions(resource_id, idx, type, status,"
	    " reason, message, last_transition, last_transition_us)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
	[IST_LINE] =
	    "INSERT INTO lines(source_id, line_no, ts, severity, node, text)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
	[IST_OFFSET] =
	    "INSERT OR REPLACE INTO line_offsets(source_id, line_no, offset)"
	    " VALUES (?1, ?2, ?3)",
	[IST_HIT] =
	    "INSERT INTO hits(rule_id, evidence, source_id, line_no, ts, node,"
	    " text, captures) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
	[IST_HIT_STAT] =
	    "INSERT INTO hit_stats(rule_id, evidence, source_id, node, grp,"
	    " seen, timed, first_ts, last_ts, first_line, text)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
	[IST_PROBLEM] =
	    "INSERT INTO problems(severity, code, vpath, offset, line, message)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
	[IST_ALERT] =
	    "INSERT INTO alerts(source_id, line, alertname, state, severity,"
	    " namespace, active_at, active_at_us, summary, description,"
	    " runbook_url, labels)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
	[IST_BOOTSTRAP] =
	    "INSERT INTO bootstrap_services(source_id, line, seq, service,"
	    " host, phase, result, stage, pre_command, post_command,"
	    " error_line, error_message, timestamp, ts)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12,"
	    " ?13, ?14)",
	[IST_META] =
	    "INSERT OR REPLACE INTO meta(key, value) VALUES (?1, ?2)",
};

/* An empty alerts table for an index written before version 4. */
const char *
index_schema_old_alerts(void)
{
	return "CREATE TEMP TABLE alerts(\n" SCHEMA_ALERTS_COLUMNS;
}

/* An empty bootstrap_services table for an index written before version 5. */
const char *
index_schema_old_bootstrap(void)
{
	return "CREATE TEMP TABLE bootstrap_services(\n"
	    SCHEMA_BOOTSTRAP_COLUMNS;
}

/* The SQL text of one of the writer's statements. */
const char *
index_schema_stmt(enum index_stmt which)
{
	return schema_stmts[which];
}

/*
 * Create the tables in an empty database (inside the writer's
 * transaction).  With INDEX_FTS also the (still empty) full-text table, so a
 * library without FTS5 fails at once rather than at commit.
 */
int
index_schema_create(sqlite3 *db, int flags, struct mgt_error *err)
{
	int rc;

	if ((rc = index_exec(db, schema_tables, "schema", err)) != MGT_OK)
		return rc;
	if (flags & INDEX_FTS) {
		rc = index_exec(db, schema_fts, "schema (FTS5)", err);
		if (rc != MGT_OK)
			return rc;
	}
	return MGT_OK;
}

/*
 * Build what is built once at the end: indexes, the derived tables, full
 * text, statistics.
 */
int
index_schema_finish(sqlite3 *db, int flags, struct mgt_error *err)
{
	int rc;

	if ((rc = index_exec(db, schema_finish, "indexes", err)) != MGT_OK)
		return rc;
	if (!(flags & INDEX_SCRATCH) && (rc = index_exec(db,
	    schema_finish_browse, "indexes", err)) != MGT_OK)
		return rc;
	rc = index_exec(db, schema_materialize, "derived tables", err);
	if (rc != MGT_OK)
		return rc;
	if (flags & INDEX_FTS) {
		rc = index_exec(db, schema_fts_fill, "full-text index", err);
		if (rc != MGT_OK)
			return rc;
	}
	return index_exec(db, schema_analyze, "analyze", err);
}
