/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The case at a glance, for `mgtriage summary` and mgt_case_summary():
 * the cluster (ID, version, channel, platform, topology, network), the
 * gather (times, must-gather image), its nodes, cluster operators and
 * machine config pools, with counts of what is not well.  Read from the
 * views (views/NAME.sql) and the index's meta; the JSON form is versioned
 * (SUMMARY_SCHEMA, doc/report-schema.md).
 */
#ifndef MGT_SUMMARY_H
#define MGT_SUMMARY_H

#include <stdio.h>

#include <cjson/cJSON.h>
#include <sqlite3.h>

struct mgt_error;

#define SUMMARY_SCHEMA	"mgtriage.summary/v1"

/* The rows of sql over db as a JSON array of objects named by the
 * columns; values as text when text (NULL stays null), else typed.
 * MGT_OK or MGT_ERR_DB. */
int	 summary_rows(sqlite3 *db, const char *sql, int text, cJSON **out,
	    struct mgt_error *);
/* The summary of the index db as a JSON object in *out (the caller
 * deletes it).  MGT_OK or MGT_ERR_DB. */
int	 summary_build(sqlite3 *db, cJSON **out, struct mgt_error *);
/* The sentences every report format shows first: the cluster, the
 * update when it is failing or progressing, the counts, the gather, what
 * it lacks.  Unescaped; the caller frees each and the vector. */
char	**summary_lines(const cJSON *s, size_t *n);
/*
 * What a report carries of s: everything but the full lists, of which
 * only the nodes not Ready, the operators not well and the degraded
 * pools stay (as nodes_not_ready, operators_not_well, pools_degraded).
 * A new object the caller deletes.
 */
cJSON	*summary_brief(const cJSON *s);
/* s as text: a few lines per section, operators only when not well,
 * every value escaped for a terminal.  MGT_OK or MGT_ERR_IO. */
int	 summary_write_text(FILE *, const cJSON *s);

#endif
