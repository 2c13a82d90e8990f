/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The SQLite index: the contract between ingest and the rules.  Writing
 * goes to a temporary file next to the target (one transaction,
 * synchronous=OFF) that is renamed over the target only when complete.
 * The schema and views are documented in doc/index-schema.md.
 */
#ifndef MGT_INDEX_H
#define MGT_INDEX_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>
#include <sqlite3.h>

#include "problem.h"

struct mgt_limits;

struct mgt_error;
struct index;

/*
 * Version 6 keeps lazy bodies (parse-lazy.h) as YAML text in
 * resources.lazy_yaml; index_open() puts a TEMP view named resources over
 * the table that gives every document whole (index-lazy.c).
 * Version 5 adds the bootstrap_services table (older indexes get an empty
 * TEMP one at open).  Version 4 adds the alerts table; version 3 stores no views
 * (index_open() creates them); version 2 indexes, whose stored views
 * today's shadow, are read too.  Opening a version 2 or 3 index gives it
 * an empty TEMP alerts table, so the same queries run on every version.
 */
#define INDEX_SCHEMA_VERSION		6
#define INDEX_SCHEMA_VERSION_MIN	2

/* index_create flags */
#define INDEX_FULL_TEXT	0x1	/* store every log line, not only E/F and hits */
#define INDEX_FTS	0x2	/* add an FTS5 table over the stored lines */

#define INDEX_SCRATCH	0x4	/* removed after this run: no fsync at commit */
#define INDEX_NO_JIT	0x8	/* regexp(): PCRE2's interpreter only */
#define INDEX_SECRET_DATA 0x10	/* keep the values of Secrets' data */

/* A row of the sources table. */
struct index_source {
	const char	*vpath;
	const char	*kind;		/* classify_kind_name() */
	long long	 size;		/* decompressed bytes read */
	int		 depth;
	const char	*node;		/* NULL or "" when unknown */
	const char	*namespace;
	const char	*pod;
	const char	*container;
	const char	*unit;
	int		 previous;	/* previous container run */
	int64_t		 first_ts;	/* LOG_TS_NONE if none */
	int64_t		 last_ts;
	long long	 lines;
	long long	 resources;
	const char	*status;	/* "ok", "partial", "skipped", "error" */
	const char	*link;		/* link target, or NULL */
};

/* A stored log line. */
struct index_line {
	int64_t		 source_id;
	long		 line_no;	/* 1-based, in the decompressed member */
	int64_t		 ts;		/* UTC us, LOG_TS_NONE if unknown */
	char		 severity;	/* 'I' 'W' 'E' 'F' or 0 */
	const char	*node;		/* line's node (journals name it per line), may be NULL */
	const char	*text;		/* the whole line, as read (not NUL-terminated) */
	size_t		 text_len;
};

/* A pattern hit recorded during ingest. */
struct index_hit {
	const char	*rule_id;
	const char	*evidence;	/* evidence item name in the rule */
	int64_t		 source_id;
	long		 line_no;
	int64_t		 ts;
	const char	*node;
	const char	*text;		/* the matched line */
	size_t		 text_len;
	const char	*captures;	/* JSON object of named captures, or NULL */
};

/*
 * The exact tally of one pattern evidence item's matches in one source (for
 * the lines that name one host and, when the item groups by a named
 * capture, one value of it), whether their rows were stored or not.
 */
struct index_hit_stat {
	const char	*rule_id;
	const char	*evidence;
	int64_t		 source_id;
	const char	*node;		/* the lines' own host, or NULL */
	const char	*grp;		/* the group_by capture's value, or NULL */
	long		 seen;		/* matches */
	long		 timed;		/* of them on lines with a time */
	int64_t		 first_ts;	/* earliest and latest of those */
	int64_t		 last_ts;
	long		 first_line;	/* smallest line number of those */
	const char	*text;		/* smallest text of those (<= 4096 B) */
	size_t		 text_len;
};

/*
 * Create a new index that will become path on index_commit().  Fails if the
 * temporary file cannot be created.  On success *out owns the connection.
 */
int	 index_create(const char *path, int flags, struct index **out,
	    struct mgt_error *);

int	 index_add_source(struct index *, const struct index_source *,
	    int64_t *source_id, struct mgt_error *);
/* Update counts, times, status and size of a source after reading it. */
int	 index_update_source(struct index *, int64_t source_id,
	    const struct index_source *, struct mgt_error *);
/*
 * Add one object seen in source_id at line.  Objects are unique by (api
 * group, kind, namespace, name): a second sighting adds a resource_files row
 * and replaces doc only when its resourceVersion is newer.
 */
int	 index_add_resource(struct index *, int64_t source_id, long line,
	    const cJSON *obj, struct mgt_error *);
/* Add an object under an explicit kind/namespace/name (install-config, etcd_info). */
int	 index_add_synthetic(struct index *, int64_t source_id, long line,
	    const char *api_version, const char *kind, const char *namespace,
	    const char *name, const cJSON *doc, struct mgt_error *);
int	 index_add_line(struct index *, const struct index_line *,
	    struct mgt_error *);
/* Record that line_no of source_id starts at byte offset (sparse). */
int	 index_add_offset(struct index *, int64_t source_id, long line_no,
	    long long offset, struct mgt_error *);
int	 index_add_hit(struct index *, const struct index_hit *,
	    struct mgt_error *);
int	 index_add_hit_stat(struct index *, const struct index_hit_stat *,
	    struct mgt_error *);
int	 index_add_problem(struct index *, const struct problem *,
	    struct mgt_error *);

/* A row of the alerts table; NULL text is stored as NULL. */
struct index_alert {
	int64_t		 source_id;
	long		 line;		/* 0: unknown */
	const char	*alertname;
	const char	*state;
	const char	*severity;
	const char	*namespace;
	const char	*active_at;	/* as written */
	int64_t		 active_at_us;	/* LOG_TS_NONE if none */
	const char	*summary;
	const char	*description;
	const char	*runbook_url;
	const char	*labels;	/* a JSON object */
};

int	 index_add_alert(struct index *, const struct index_alert *,
	    struct mgt_error *);

/* A row of bootstrap_services; NULL text is stored as NULL. */
struct index_bootstrap {
	int64_t		 source_id;
	long		 line;		/* 0: unknown */
	long		 seq;		/* position in its file, from 0 */
	const char	*service;
	const char	*host;
	const char	*phase;
	const char	*result;
	const char	*stage;
	const char	*pre_command;
	const char	*post_command;
	const char	*error_line;
	const char	*error_message;
	const char	*timestamp;	/* as written */
	int64_t		 ts;		/* LOG_TS_NONE if none */
};

int	 index_add_bootstrap(struct index *, const struct index_bootstrap *,
	    struct mgt_error *);
int	 index_set_meta(struct index *, const char *key, const char *value,
	    struct mgt_error *);
/* Bytes of the index file being written (SQLite's page count). */
int	 index_size(struct index *, long long *bytes, struct mgt_error *);
/*
 * index-fixup.c, once the walk is over.  index_fixup_year() moves the
 * stamps of source_id (its lines, hits, tallies and span) by years whole
 * years; index_fixup_nodes() gives pod logs the node their Pod ran on,
 * lines and hits without a node their source's, and a journal's short
 * host names the full name of the node they stand for.  The connection
 * itself is not handed out: reads go through index-read.h.
 */
int	 index_fixup_year(struct index *, int64_t source_id, int years,
	    struct mgt_error *);
int	 index_fixup_nodes(struct index *, struct mgt_error *);
/* Finish: build derived tables, commit, close, rename over the target. */
int	 index_commit(struct index *, struct mgt_error *);
/* Abandon: close and remove the temporary file.  Frees the index. */
void	 index_discard(struct index *);

/*
 * How index_open() sets up one connection; everything is kept with that
 * connection, so two connections in one process never share settings.
 */
struct index_open_opts {
	/* Budgets of every guarded statement (index_budget_begin()). */
	long long	 sql_steps;
	long long	 sql_memory;
	long long	 sql_time_ms;
	int		 no_jit;	/* regexp(): PCRE2's interpreter only */
	/* Called with every statement that took over 10 ms (NULL: none). */
	void		(*on_slow_sql)(void *cb_data, const char *sql,
			    double seconds);
	void		*cb_data;
	/* The views: *.sql files of views_dir (the built-in views), then of
	 * each extra_view_dirs[i] in order (a rule pack's views/); every
	 * file's CREATE VIEW statements become TEMP views of the connection
	 * (index-views.c). */
	const char	*views_dir;	/* NULL: index_default_views_dir();
					   "": no built-in views */
	const char *const *extra_view_dirs;
	size_t		 nextra_view_dirs;
};
/* The sql-* budgets of l (NULL: the defaults of mgt-limits.h), JIT on,
 * no callback, the built-in views only. */
void	 index_open_opts_init(struct index_open_opts *,
	    const struct mgt_limits *l);

/*
 * Open an existing index with o (NULL: index_open_opts_init(.., NULL)).
 * readonly opens with SQLITE_OPEN_READONLY and refuses writes
 * (query_only).  Registers the SQL functions, checks the schema version
 * and creates the views (index_views_apply()).  Errors: MGT_ERR_IO
 * (cannot open), MGT_ERR_FORMAT (not an index, another schema version),
 * MGT_ERR_RULE (a views directory or file is missing or bad: err names
 * the file and line), MGT_ERR_DB (any other SQLite failure).
 */
int	 index_open(const char *path, int readonly,
	    const struct index_open_opts *o, sqlite3 **out,
	    struct mgt_error *);

/*
 * index-views.c.  The built-in views directory: $MGTRIAGE_VIEWS_DIR, the
 * source tree's views/ when run from the build tree, else the installed
 * $(pkgdatadir)/views.
 */
const char *index_default_views_dir(void);
/* Bounds on what a views directory may hold. */
#define INDEX_VIEWS_MAX_FILE_BYTES	(1 << 20)	/* per *.sql file */
#define INDEX_VIEWS_MAX_FILES		256	/* *.sql files per directory */
#define INDEX_VIEWS_MAX_VIEWS		1024	/* views per connection */

/*
 * index-guard.c: SQL written by a rule or a `query` user.  index_open()
 * calls index_guard() on every read-only connection: an authorizer that
 * allows reads, recursive CTEs, functions other than fts3_tokenizer,
 * load_extension and SQLite's debugging ones, and read-only pragmas; and
 * nothing else (no ATTACH, write, schema change or transaction).  Loading
 * extensions is off, defensive mode on, the schema untrusted, and no value
 * may be longer than the memory budget.  Returns MGT_OK or MGT_ERR_DB.
 */
/*
 * The budgets are the connection's: kept with it until sqlite3_close(), and
 * found by index_budget_begin().  steps, memory, time_ms <= 0: the
 * defaults.
 */
int	 index_guard(sqlite3 *, long long steps, long long memory,
	    long long time_ms);
/*
 * Prepare sql as exactly one read-only statement: trailing whitespace,
 * comments and semicolons are fine, a second statement is not.  Returns
 * MGT_OK with *st, or MGT_ERR_USAGE with *st NULL and the reason in *why
 * (valid until the next call on db).
 */
int	 index_guard_one(sqlite3 *, const char *sql, sqlite3_stmt **st,
	    const char **why);
/* Skip SQL whitespace, comments and semicolons. */
const char *index_sql_skip(const char *);

/*
 * A statement's budget: begin before its first sqlite3_step(), end after
 * its last with the last result code.  Over the step or time budget a step
 * fails with SQLITE_INTERRUPT (time is checked between steps: work inside
 * one function call is not cut); over the memory budget (SQLite's heap
 * beyond what it held at begin) with SQLITE_NOMEM or SQLITE_TOOBIG.  end
 * says which budget ran out: 0 or an INDEX_OVER_*.  charge counts
 * bytes the caller keeps from the rows against the memory budget too;
 * -1 when they do not fit.  Not nestable; one statement at a time.
 */
#define INDEX_OVER_STEPS	1
#define INDEX_OVER_MEMORY	2
#define INDEX_OVER_TIME		3
struct index_budget {
	sqlite3		*db;
	long long	 steps;
	long long	 used;
	long long	 memory;
	long long	 kept;
	long long	 time_ms;
	long long	 start_ms;
	sqlite3_int64	 heap_prev;
	int		 over;
};
/* Begin with the budgets index_guard() kept for db (the defaults for a
 * connection it never saw). */
void	 index_budget_begin(sqlite3 *, struct index_budget *);
int	 index_budget_end(struct index_budget *, int rc);
int	 index_budget_charge(struct index_budget *, size_t bytes);
/* "the SQL step budget (sql-steps=N)" or the memory one, in buf. */
const char *index_budget_what(const struct index_budget *, char *buf,
	    size_t len);

/*
 * SQL functions for rules and queries:
 *   regexp(pattern, text)       PCRE2 (JIT, cached), 1/0, NULL if either NULL
 *   cidr_contains(cidr, ip)     1/0, NULL if either is not an address
 *   ip_in_any(ip, json_array)   1 if ip is in any CIDR of the array, 0 if in
 *                               none, NULL if ip or every CIDR is unparsable
 *   is_ip(text)                 1 if an IPv4/IPv6 address
 *   mgt_ts(text)                RFC3339 -> UTC microseconds, NULL if not
 *   mgt_time(us)                UTC microseconds -> "YYYY-MM-DDTHH:MM:SS.ffffffZ"
 *   mgt_cut(text, n)            text cut to n characters, "…" appended if cut
 *   mgt_seconds(text)           Go duration ("1.2s", "350ms") -> seconds
 *   csr_cn(request)             subject CN of a CSR's spec.request (base64
 *                               of the PEM), NULL if it cannot be read
 * Returns MGT_OK, or MGT_ERR_DB with the reason in sqlite3_errmsg().
 */
#define SQLFUNC_NO_JIT	0x1	/* regexp(): PCRE2's interpreter only */
int	 sqlfunc_register(sqlite3 *, int flags);
/* printf() and format() with width and precision bounded (index-printf.c);
 * sqlfunc_register calls it. */
int	 sqlfunc_printf_register(sqlite3 *);

#endif
