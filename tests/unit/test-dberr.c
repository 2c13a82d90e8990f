/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Unit tests: a SQLite statement that fails is an error (MGT_ERR_DB with
 * SQLite's message), never a shorter result.  An odd index is built in
 * memory whose sources, conditions and events are views over a function
 * that starts failing after a set number of calls, so each reader meets
 * a failing sqlite3_step() where it used to read "no row".
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <sqlite3.h>

#include "error.h"
#include "eval.h"
#include "grep-stream.h"
#include "rule.h"
#include "timeline.h"
#include "tap.h"

/* Calls of ok_then_fail() that succeed before it fails; -1: never. */
static int calls_left = -1;

/* ok_then_fail(x): 1 for calls_left calls, then an error. */
static void
ok_then_fail(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	(void)argc;
	(void)argv;
	if (calls_left == 0) {
		sqlite3_result_error(ctx, "odd index: this row cannot be read",
		    -1);
		return;
	}
	if (calls_left > 0)
		calls_left--;
	sqlite3_result_int(ctx, 1);
}

static sqlite3 *
odd_index(void)
{
	sqlite3 *db;
	char *msg = NULL;

	if (sqlite3_open(":memory:", &db) != SQLITE_OK)
		return NULL;
	sqlite3_create_function(db, "ok_then_fail", 1, SQLITE_UTF8, NULL,
	    ok_then_fail, NULL, NULL);
	if (sqlite3_exec(db,
	    "CREATE TABLE meta(key TEXT, value TEXT);"
	    "CREATE TABLE src(id INTEGER, vpath TEXT, kind TEXT, node TEXT,"
	    " last_ts INTEGER, unit TEXT, container TEXT);"
	    "INSERT INTO src VALUES (1, 'f.log', 'log', NULL, 0, NULL, NULL);"
	    "CREATE VIEW sources AS SELECT * FROM src"
	    " WHERE ok_then_fail(vpath);"
	    "CREATE VIEW conditions AS SELECT 1 AS last_transition_us,"
	    " 'Node' AS kind, 'n' AS name, '' AS namespace, 'Ready' AS type,"
	    " 'False' AS status, NULL AS reason, NULL AS message"
	    " WHERE ok_then_fail(1);"
	    "CREATE TABLE events(first_ts, last_ts, count, reason, message,"
	    " involved_kind, involved_namespace, involved_name);"
	    "CREATE TABLE hits(rule_id, evidence, source_id, line_no, ts,"
	    " node, text, captures);"
	    "CREATE TABLE hit_stats(rule_id, evidence, source_id, node, seen,"
	    " first_ts, last_ts, grp, timed, first_line, text);",
	    NULL, NULL, &msg) != SQLITE_OK) {
		printf("# %s\n", msg);
		sqlite3_free(msg);
	}
	return db;
}

static void
test_grep(sqlite3 *db, const char *file)
{
	struct grep_query q;
	struct mgt_limits lim;
	struct mgt_error err;
	pcre2_code *re;
	char *inputs[1];
	long long count = -1;
	size_t off;
	int rc, ec;

	inputs[0] = (char *)file;
	re = pcre2_compile((PCRE2_SPTR)"x", PCRE2_ZERO_TERMINATED, 0, &ec,
	    &off, NULL);
	memset(&q, 0, sizeof q);
	q.re = re;
	limits_default(&lim);

	/* The case's year is read, then the member's catalogue row fails:
	 * it was taken for "not a log" and the search came back empty. */
	calls_left = 1;
	mgt_error_clear(&err);
	rc = grep_stream(db, inputs, 1, &lim, &q, &count, &err);
	is_int(rc, MGT_ERR_DB, "grep: a failing catalogue lookup is an error");
	ok(strstr(err.msg, "odd index") != NULL, "grep: SQLite's message");

	/* The year itself fails: it was taken as "no year". */
	calls_left = 0;
	mgt_error_clear(&err);
	rc = grep_stream(db, inputs, 1, &lim, &q, &count, &err);
	is_int(rc, MGT_ERR_DB, "grep: a failing year query is an error");
	ok(strstr(err.msg, "odd index") != NULL,
	    "grep: SQLite's message for the year");

	/* Sanity: with nothing failing, the same index is searched. */
	calls_left = -1;
	mgt_error_clear(&err);
	rc = grep_stream(db, inputs, 1, &lim, &q, &count, &err);
	is_int(rc, MGT_OK, "grep: the same index, nothing failing");
	pcre2_code_free(re);
}

static void
test_timeline(sqlite3 *db)
{
	struct timeline_filter f;
	struct timeline tl;
	struct mgt_error err;

	memset(&f, 0, sizeof f);
	f.since = INT64_MIN;
	f.until = INT64_MAX;
	calls_left = 0;
	timeline_init(&tl);
	mgt_error_clear(&err);
	is_int(timeline_build(db, &f, &tl, &err), MGT_ERR_DB,
	    "timeline: a failing step is MGT_ERR_DB");
	ok(strstr(err.msg, "odd index") != NULL,
	    "timeline: the message is SQLite's");
	timeline_free(&tl);
	calls_left = -1;
	timeline_init(&tl);
	is_int(timeline_build(db, &f, &tl, &err), MGT_OK,
	    "timeline: nothing failing");
	is_int(tl.n, 1, "timeline: the one condition");
	timeline_free(&tl);
}

static void
test_eval(sqlite3 *db)
{
	static char name[] = "e", sql[] = "SELECT 1 AS source_id, 3 AS line",
	    id[] = "t.odd", file[] = "t.yaml";
	struct rule_evidence ev;
	struct rule r;
	struct mgt_error err;
	long rows = 0;
	int holds = 0, rc;

	memset(&ev, 0, sizeof ev);
	ev.name = name;
	ev.type = RULE_EVIDENCE_SQL;
	ev.sql = sql;
	ev.min = 1;
	ev.line = 7;
	ev.pattern_id = -1;
	memset(&r, 0, sizeof r);
	r.id = id;
	r.file = file;
	r.evidence = &ev;
	r.nevidence = 1;

	/* The row's file (its source_id's vpath) cannot be read: it used to
	 * be cited without a file. */
	calls_left = 0;
	mgt_error_clear(&err);
	rc = eval_item(db, &r, 0, &holds, &rows, &err);
	is_int(rc, MGT_ERR_DB, "eval: a failing vpath lookup is an error");
	ok(strstr(err.msg, "odd index") != NULL, "eval: SQLite's message");
	calls_left = -1;
	mgt_error_clear(&err);
	rc = eval_item(db, &r, 0, &holds, &rows, &err);
	is_int(rc, MGT_OK, "eval: nothing failing");
	is_int(holds, 1, "eval: the item holds");
}

int
main(void)
{
	char file[] = "/tmp/mgt-dberr-XXXXXX";
	sqlite3 *db;
	int fd;

	if ((fd = mkstemp(file)) < 0 || write(fd, "x\n", 2) != 2)
		return 99;
	close(fd);
	db = odd_index();
	ok(db != NULL, "odd index made");
	test_grep(db, file);
	test_timeline(db);
	test_eval(db);
	sqlite3_close(db);
	unlink(file);
	return done_testing();
}
