/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libFuzzer harness for view files (index-views.c): the input is one
 * views/NAME.sql file, applied to an empty index as index_open() applies a
 * rule pack's views (split into statements, each checked to be a CREATE
 * VIEW and made TEMP, then every view compiled under the guard).  A bad
 * file must come back as an error naming it, never a crash or a leak.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "index.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static char fuzz_dir[64];
static char fuzz_db[96];
static char fuzz_views[96];
static char fuzz_file[128];

static void
fuzz_cleanup(void)
{
	unlink(fuzz_file);
	unlink(fuzz_db);
	rmdir(fuzz_views);
	rmdir(fuzz_dir);
}

/* One empty index and a views directory, made once per process and
 * removed at its exit. */
static int
fuzz_setup(void)
{
	struct mgt_error err;
	struct index *idx;

	if (fuzz_dir[0] != '\0')
		return 0;
	snprintf(fuzz_dir, sizeof fuzz_dir, "/tmp/fuzz-views-XXXXXX");
	if (mkdtemp(fuzz_dir) == NULL)
		abort();
	snprintf(fuzz_db, sizeof fuzz_db, "%s/index.db", fuzz_dir);
	snprintf(fuzz_views, sizeof fuzz_views, "%s/views", fuzz_dir);
	snprintf(fuzz_file, sizeof fuzz_file, "%s/fuzz.sql", fuzz_views);
	if (mkdir(fuzz_views, 0755) != 0 ||
	    index_create(fuzz_db, INDEX_SCRATCH, &idx, &err) != MGT_OK ||
	    index_commit(idx, &err) != MGT_OK)
		abort();
	atexit(fuzz_cleanup);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct index_open_opts o;
	struct mgt_error err;
	const char *dirs[1];
	sqlite3 *db = NULL;
	FILE *f;

	fuzz_setup();
	if ((f = fopen(fuzz_file, "wb")) == NULL)
		abort();
	if (size > 0 && fwrite(data, 1, size, f) != size)
		abort();
	fclose(f);
	/* The built-in views first, as a pack's come after them. */
	index_open_opts_init(&o, NULL);
	o.views_dir = MGT_SRCDIR "/views";
	dirs[0] = fuzz_views;
	o.extra_view_dirs = dirs;
	o.nextra_view_dirs = 1;
	mgt_error_clear(&err);
	if (index_open(fuzz_db, 1, &o, &db, &err) == MGT_OK) {
		sqlite3_exec(db, "SELECT * FROM sqlite_temp_master", NULL,
		    NULL, NULL);
		sqlite3_close(db);
	} else if (err.where[0] == '\0' && err.code == MGT_ERR_RULE)
		abort();	/* a bad view file is named */
	return 0;
}
