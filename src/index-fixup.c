/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Corrections the writer makes once the walk has seen every input: stamps
 * without a year moved into the case's year, and lines, hits and pod logs
 * attributed to the nodes the resources name.  Ingest decides when and by
 * how much; the SQL over the index's tables is here.
 */
#include "config.h"

#include <stdint.h>

#include <sqlite3.h>

#include "error.h"
#include "index.h"
#include "index-private.h"

/*
 * Yearless stamps are moved by whole years: SQLite's date functions move
 * the calendar date, so February 29 and leap years come out right.  ?1 is
 * the number of years, ?2 the source.
 */
#define INDEX_YEAR_MOVE(col)						\
	"(strftime('%s', printf('%04d', CAST(strftime('%Y', " col	\
	" / 1000000, 'unixepoch') AS INTEGER) + ?1) || substr(datetime(" \
	col " / 1000000, 'unixepoch'), 5)) * 1000000 + " col " % 1000000)"
static const char *const index_year_sql[] = {
	"UPDATE lines SET ts = " INDEX_YEAR_MOVE("ts")
	" WHERE source_id = ?2 AND ts IS NOT NULL",
	"UPDATE hits SET ts = " INDEX_YEAR_MOVE("ts")
	" WHERE source_id = ?2 AND ts IS NOT NULL",
	"UPDATE hit_stats SET first_ts = " INDEX_YEAR_MOVE("first_ts")
	", last_ts = " INDEX_YEAR_MOVE("last_ts")
	" WHERE source_id = ?2 AND first_ts IS NOT NULL",
	"UPDATE sources SET first_ts = " INDEX_YEAR_MOVE("first_ts")
	", last_ts = " INDEX_YEAR_MOVE("last_ts")
	" WHERE id = ?2 AND first_ts IS NOT NULL",
};

int
index_fixup_year(struct index *ix, int64_t source_id, int years,
    struct mgt_error *err)
{
	sqlite3_stmt *st;
	size_t q;
	int rc;

	for (q = 0; q < sizeof index_year_sql / sizeof index_year_sql[0];
	    q++) {
		if ((rc = sqlite3_prepare_v2(ix->db, index_year_sql[q], -1, &st,
		    NULL)) != SQLITE_OK)
			return index_db_error(ix->db, rc, "",
			    "placing yearless stamps", err);
		if ((rc = sqlite3_bind_int(st, 1, years)) == SQLITE_OK &&
		    (rc = sqlite3_bind_int64(st, 2, source_id)) == SQLITE_OK)
			rc = sqlite3_step(st);
		if (rc != SQLITE_DONE) {
			index_db_error(ix->db, rc, "",
			    "placing yearless stamps", err);
			sqlite3_finalize(st);
			return MGT_ERR_DB;
		}
		sqlite3_finalize(st);
	}
	return MGT_OK;
}

/* Attribute pod logs, lines and hits to nodes. */
static const char index_nodes_sql[] =
    /* The derived pods row holds spec.nodeName already: reading it
     * there spares parsing each pod's whole document again. */
    "UPDATE sources SET node = p.node FROM pods p"
    " WHERE sources.kind = 'pod_log' AND sources.node IS NULL"
    " AND p.namespace = sources.namespace AND p.name = sources.pod;"
    "UPDATE hits SET node = (SELECT s.node FROM sources s"
    " WHERE s.id = hits.source_id) WHERE node IS NULL;"
    "UPDATE hit_stats SET node = (SELECT s.node FROM sources s"
    " WHERE s.id = hit_stats.source_id) WHERE node IS NULL;"
    "UPDATE lines SET node = (SELECT s.node FROM sources s"
    " WHERE s.id = lines.source_id) WHERE node IS NULL;"
    /* Journals name short hosts; map them to the node's full name. */
    "UPDATE hits SET node = (SELECT r.name FROM resources r"
    " WHERE r.kind = 'Node' AND r.name LIKE hits.node || '.%')"
    " WHERE node IS NOT NULL AND NOT EXISTS (SELECT 1 FROM resources r"
    " WHERE r.kind = 'Node' AND r.name = hits.node)"
    " AND EXISTS (SELECT 1 FROM resources r WHERE r.kind = 'Node'"
    " AND r.name LIKE hits.node || '.%');"
    "UPDATE hit_stats SET node = (SELECT r.name FROM resources r"
    " WHERE r.kind = 'Node' AND r.name LIKE hit_stats.node || '.%')"
    " WHERE node IS NOT NULL AND NOT EXISTS (SELECT 1 FROM resources r"
    " WHERE r.kind = 'Node' AND r.name = hit_stats.node)"
    " AND EXISTS (SELECT 1 FROM resources r WHERE r.kind = 'Node'"
    " AND r.name LIKE hit_stats.node || '.%');"
    /* The stored lines too: a line that is also a hit is one row of
     * grep's union, not two that differ in the node's spelling. */
    "UPDATE lines SET node = (SELECT r.name FROM resources r"
    " WHERE r.kind = 'Node' AND r.name LIKE lines.node || '.%')"
    " WHERE node IS NOT NULL AND NOT EXISTS (SELECT 1 FROM resources r"
    " WHERE r.kind = 'Node' AND r.name = lines.node)"
    " AND EXISTS (SELECT 1 FROM resources r WHERE r.kind = 'Node'"
    " AND r.name LIKE lines.node || '.%');";

int
index_fixup_nodes(struct index *ix, struct mgt_error *err)
{
	char *msg = NULL;

	if (sqlite3_exec(ix->db, index_nodes_sql, NULL, NULL, &msg) !=
	    SQLITE_OK) {
		error_set(err, MGT_ERR_DB, "", -1, 0,
		    "attributing lines to nodes: %s", msg ? msg : "?");
		sqlite3_free(msg);
		return MGT_ERR_DB;
	}
	return MGT_OK;
}
