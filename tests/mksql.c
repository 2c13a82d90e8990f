/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mksql DB SQL: run SQL (any statements) on the SQLite file DB, as an
 * older mgtriage or a hand-edited index might have left it.  For
 * tests/views.test.
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

	if (argc != 3) {
		fprintf(stderr, "usage: mksql DB SQL\n");
		return 2;
	}
	rc = sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READWRITE, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(db, argv[2], NULL, NULL, &msg);
	if (rc != SQLITE_OK) {
		fprintf(stderr, "mksql: %s: %s\n", argv[1], msg != NULL ?
		    msg : sqlite3_errstr(rc));
		sqlite3_free(msg);
		sqlite3_close(db);
		return 1;
	}
	return sqlite3_close(db) == SQLITE_OK ? 0 : 1;
}
