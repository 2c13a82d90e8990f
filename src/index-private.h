/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Shared between the index-*.c files and nothing else: the writer's state,
 * its prepared statements, the schema entry points and the helper that
 * turns an SQLite failure into an mgt_error.
 */
#ifndef MGT_INDEX_PRIVATE_H
#define MGT_INDEX_PRIVATE_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>
#include <sqlite3.h>

struct mgt_error;

/*
 * Database page size.  SQLite's largest: the writer spills and re-reads
 * pages through pwrite()/pread(): with 4 KiB pages a 1 GB run made 91,000
 * such calls, with 64 KiB pages 5,500, which saved 0.5 s of 5.8 CPU-seconds
 * (system calls are dear in a VM).  Small indexes grow to about 2 MB.
 */
#define INDEX_PAGE_SIZE		65536
/*
 * Page cache of the writer and of readers, in KiB (negative cache_size).
 * With 64 KiB pages a spill is cheap: on 1 GB a 16 or 32 MiB writer cache
 * ran as fast as 64 MiB, and each MiB of cache is a MiB of peak RSS.  8
 * MiB: on the vSphere gather peak RSS 116 -> 81 MB and on three copies of
 * the AWS one (270 MB) 150-170 -> 140 MB, wall and user CPU the same and
 * system CPU lower (fewer fresh pages to clear).
 */
#define INDEX_WRITER_CACHE_KIB	8192
#define INDEX_READER_CACHE_KIB	16384
/*
 * What a read-only connection maps of the file (index-open.c).  Mapped
 * pages a report touches count in its RSS: with 2 GiB, reporting on the
 * 4.25 GB index of a 32 GB must-gather peaked at 573 MB (47 MB unmapped)
 * and was slower (4.8 s against 2.2).  64 MiB maps a whole index of a
 * usual must-gather (vSphere: 55 MB), where mapping cut re-evaluation
 * by a sixth, and reads the rest of a big one with pread.
 */
#define INDEX_READER_MMAP_BYTES	"67108864"
/* Busy timeout of index_open(), in milliseconds. */
#define INDEX_BUSY_TIMEOUT_MS	5000

/* The writer's prepared statements, prepared once in index_create(). */
enum index_stmt {
	IST_SOURCE_ADD = 0,
	IST_SOURCE_UPDATE,
	IST_RES_INSERT,
	IST_RES_FIND,
	IST_RES_REPLACE,
	IST_RES_FILE,
	IST_COND_DELETE,
	IST_COND_INSERT,
	IST_LINE,
	IST_OFFSET,
	IST_EVENT_ADD,
	IST_EVENT_DELETE,
	IST_POD_ADD,
	IST_POD_DELETE,
	IST_CSTATUS_ADD,
	IST_CSTATUS_DELETE,
	IST_HIT,
	IST_HIT_STAT,
	IST_PROBLEM,
	IST_ALERT,
	IST_BOOTSTRAP,
	IST_META,
	IST_COUNT
};

struct index {
	sqlite3		*db;
	char		*path;		/* the target, renamed over at commit */
	char		*tmp_path;	/* <path>.tmp-<pid>, what db writes */
	int		 flags;		/* INDEX_FULL_TEXT, INDEX_FTS */
	int		 in_txn;	/* BEGIN done, COMMIT not yet */
	int		 created;	/* tmp_path exists and is ours */
	int		 bind_rc;	/* first failed bind since last step */
	sqlite3_stmt	*st[IST_COUNT];
};

/* index-schema.c */
int	 index_schema_create(sqlite3 *, int flags, struct mgt_error *);
int	 index_schema_finish(sqlite3 *, int flags, struct mgt_error *);
const char *index_schema_stmt(enum index_stmt);
/* CREATE TEMP TABLE alerts, for an index older than version 4. */
const char *index_schema_old_alerts(void);
/* CREATE TEMP TABLE bootstrap_services, for an index older than 5. */
const char *index_schema_old_bootstrap(void);


/* One stored Event or Pod, for its rows in the derived tables. */
struct index_derived {
	const cJSON	*obj;		/* the parsed object */
	const char	*kind;
	size_t		 api_group_len;	/* 0: the core group */
	const char	*namespace;	/* "" when cluster-scoped */
	const char	*name;
	int64_t		 source_id;	/* the sighting the row cites */
	long		 line;
	int64_t		 resource_id;
};

/* index-writer.c: a failed bind is kept in bind_rc and reported by the
 * next index_run(), which steps, resets and clears statement w. */
void	 index_bind_note(struct index *, int rc);
int	 index_run(struct index *, enum index_stmt w, const char *what,
	    struct mgt_error *);

/* index-derived.c */
int	 index_derived_add(struct index *, const struct index_derived *,
	    struct mgt_error *);

/*
 * index-views.c.  index_views_apply() creates the views of each directory
 * in dirs ("" and NULL skipped), in order, as TEMP views of db, before
 * query_only and index_guard(); *out (index_views_free()) lists them.
 * index_views_check(), after index_guard(), compiles a SELECT over each,
 * so a view naming what does not exist or calling what the guard refuses
 * fails at open, naming its file.  Errors are MGT_ERR_RULE with the file
 * and line in err.
 */
/* Skip SQL whitespace and comments (and semicolons when semicolons is
 * set; index_sql_skip() does): the end of the text if a comment is not
 * closed. */
const char *index_sql_blank(const char *p, int semicolons);
struct index_views;
int	 index_views_apply(sqlite3 *, const char *const *dirs, size_t ndirs,
	    struct index_views **out, struct mgt_error *);
int	 index_views_check(sqlite3 *, const struct index_views *,
	    struct mgt_error *);
void	 index_views_free(struct index_views *);

/* index-open.c */
int	 index_db_error(sqlite3 *, int rc, const char *where, const char *what,
	    struct mgt_error *);
int	 index_exec(sqlite3 *, const char *sql, const char *where,
	    struct mgt_error *);

/* index-lazy.c: the resources view that parses lazy bodies back (version
 * 6 and later). */
int	 index_lazy_open(sqlite3 *, const char *path, struct mgt_error *);

#endif
