/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mkfts3 DB: add an FTS3 table "ft" holding one row ("hello") to the
 * SQLite file DB, as a hostile index might carry one.  For
 * tests/sql-bounds.test.
 */
#include "config.h"

#include <stdio.h>

#include <sqlite3.h>

int
main(int argc, char **argv)
{
	sqlite3 *db = NULL;
	char *msg = NULL;
	int rc;

	if (argc != 2) {
		fprintf(stderr, "usage: mkfts3 DB\n");
		return 2;
	}
	rc = sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READWRITE, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, "CREATE VIRTUAL TABLE ft USING fts3(x);"
		    "INSERT INTO ft VALUES ('hello');", NULL, NULL, &msg);
	if (rc != SQLITE_OK) {
		fprintf(stderr, "mkfts3: %s: %s\n", argv[1], msg != NULL ?
		    msg : sqlite3_errstr(rc));
		sqlite3_free(msg);
		sqlite3_close(db);
		return 1;
	}
	return sqlite3_close(db) == SQLITE_OK ? 0 : 1;
}
