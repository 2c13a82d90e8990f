/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libmgtriage: offline triage of OpenShift must-gathers.
 *
 * The engine behind the mgtriage command, for programs that embed it: an
 * MCP server, a language binding, a long-running service, a CI harness.
 * It reads must-gathers (archives, directories, node journals) into an
 * SQLite index, runs YAML rules over it (PCRE2 over logs, SQL over
 * resources), ranks what fired into root causes and their symptoms, and
 * writes the result as text, JSON, Markdown, HTML or JUnit.
 *
 *	mgt_session *s;
 *	mgt_case *c;
 *	mgt_result *r;
 *
 *	mgt_session_new(&opts, &s, &err);
 *	mgt_session_load_rules(s, mgt_default_rules_dir(), &err);
 *	mgt_index_build(s, inputs, n, "case.db", &stats, &err);
 *	mgt_case_open(s, "case.db", &c, &err);
 *	mgt_evaluate(c, NULL, &r, &err);
 *	mgt_result_write(r, stdout, &wopts, &err);
 *	mgt_result_free(r); mgt_case_close(c); mgt_session_free(s);
 *
 * Conventions, for every function below:
 * - A function that can fail returns an enum mgt_status (MGT_OK is 0) and
 *   fills the struct mgt_error it is given (NULL is allowed: no details).
 * - Strings passed in are copied when kept; strings handed out are owned
 *   by the object they come from and valid until it is freed, unless the
 *   comment says the caller frees them (with mgt_free()).
 * - Nothing here reads the environment, installs signal handlers, prints,
 *   or exits.  What the engine has to say goes to the callbacks of struct
 *   mgt_options; running out of memory goes to mgt_set_oom_handler().
 * - One session, and everything made from it, is used by one thread at a
 *   time.  Separate sessions are independent and may run concurrently.
 * - Output is deterministic: the same inputs and rules give the same
 *   bytes.
 */
#ifndef MGTRIAGE_H
#define MGTRIAGE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The library's version, e.g. "0.1.0". */
const char	*mgt_version(void);

/* ---- errors ----------------------------------------------------------- */

/* What a function that can fail returns.  Values are stable. */
enum mgt_status {
	MGT_OK = 0,
	MGT_ERR_NOMEM,		/* allocation failed */
	MGT_ERR_USAGE,		/* bad argument, option or limit value */
	MGT_ERR_IO,		/* a file cannot be read or written */
	MGT_ERR_FORMAT,		/* input is not what it should be (not an index) */
	MGT_ERR_LIMIT,		/* a configured limit was hit */
	MGT_ERR_RULE,		/* a rule or view file is invalid */
	MGT_ERR_DB,		/* SQLite failed */
	MGT_ERR_EMPTY,		/* input is empty */
	MGT_ERR_INTERNAL	/* a bug */
};

#define MGT_ERROR_MSG_MAX	1024
#define MGT_ERROR_WHERE_MAX	1024

/* Details of one failure: what went wrong and where. */
struct mgt_error {
	int		 code;				/* enum mgt_status */
	char		 where[MGT_ERROR_WHERE_MAX];	/* file or member, may be "" */
	long long	 offset;			/* byte offset, -1 if unknown */
	long		 line;				/* 1-based line, 0 if unknown */
	char		 msg[MGT_ERROR_MSG_MAX];	/* why, in words */
};

/* Reset err to "no error". */
void		 mgt_error_clear(struct mgt_error *err);
/* "where:line: msg", "where: offset N: msg" or "msg" into buf; returns
 * buf.  The text may hold any byte the input held: escape it before
 * showing it on a terminal. */
const char	*mgt_error_format(const struct mgt_error *err, char *buf,
		    size_t len);
/* A short stable name of a status, e.g. "io"; "unknown" if out of range. */
const char	*mgt_status_name(int status);
/* Free a string the library handed over to the caller. */
void		 mgt_free(void *p);

/*
 * Out of memory.  The engine cannot unwind from inside a parser or SQLite
 * callback, so when an allocation fails it calls the handler, which must
 * not return: it may exit(), _exit() or longjmp() out of the library
 * (after which no session of the process may be used again).  Without a
 * handler, or if it returns, the engine calls abort().  The handler is the
 * process's, not a session's: memory is.  what names the allocation.
 */
typedef void	 (*mgt_oom_fn)(const char *what, void *data);
void		 mgt_set_oom_handler(mgt_oom_fn fn, void *data);

/*
 * Remove the temporary files of every index or report being written (they
 * are renamed over their target only when complete).  Async-signal-safe:
 * a host that handles SIGINT calls it from its handler.  The library
 * itself installs no handler.
 */
void		 mgt_remove_temporaries(void);

/* ---- callbacks and options ------------------------------------------- */

/* How bad an input problem is. */
enum mgt_problem_severity {
	MGT_PROBLEM_INFO = 0,	/* noted; the run is still complete */
	MGT_PROBLEM_WARNING,	/* something was skipped or cut */
	MGT_PROBLEM_ERROR	/* something could not be read */
};

/* One input problem: what could not be read or was cut, and where. */
struct mgt_problem {
	enum mgt_problem_severity severity;
	const char	*code;		/* stable, e.g. "truncated", "limit-line" */
	const char	*where;		/* member path ("a.tar.gz!x/y.log"), "" for the run */
	long long	 offset;	/* byte offset, -1 if unknown */
	long		 line;		/* 1-based line, 0 if unknown */
	const char	*message;	/* the reason, as the input gave it */
};

/* "where:line: severity: message [code]" ("where: offset N: ..." or
 * "(input): ..." without a line) into buf; returns buf.  Unescaped: the
 * text may hold any byte the input held. */
const char	*mgt_problem_format(const struct mgt_problem *p, char *buf,
		    size_t len);

/* Where an index build is (every problem is also in the index). */
struct mgt_progress {
	long long	 files;		/* members read so far */
	long long	 bytes;		/* decompressed bytes read so far */
	long long	 lines;		/* log lines read so far */
	long long	 resources;	/* objects indexed so far */
	int		 done;		/* 1 on the last call of a build */
};

/* A rule-file diagnostic: an error rejected the rule, a warning did not. */
struct mgt_rule_diag {
	const char	*file;
	int		 line;
	int		 col;
	int		 is_warning;
	const char	*message;
};

/* The most parse threads a session uses (more are clamped to it). */
#define MGT_JOBS_MAX	64

/* Which ingest thread parses resource documents: a knob for tests that
 * prove both give the same index. */
enum mgt_parse_on {
	MGT_PARSE_AUTO = 0,	/* the reader; the indexer when it is idle */
	MGT_PARSE_READER,
	MGT_PARSE_INDEXER
};

/*
 * The callbacks get the session's data pointer first.  Pointers in the
 * structs they receive are valid during the call only.
 */
struct mgt_options {
	int		 full_text;	/* index every log line, not only errors and hits */
	int		 fts;		/* add a full-text (FTS5) index over stored lines */
	int		 no_jit;	/* PCRE2 without JIT (valgrind cannot follow it) */
	int		 no_simd;	/* the literal prefilter without SIMD */
	int		 no_isal;	/* gzip inflated by zlib, not ISA-L */
	int		 parse_on;	/* enum mgt_parse_on; the index is the same */
	int		 jobs;		/* threads parsing resources: 0 or 1
					   none besides the reader,
					   at most MGT_JOBS_MAX; the index is
					   the same */
	int		 timing;	/* 1: phases, 2: also SQL over 10 ms, to on_timing */
	double		 progress_every; /* seconds between progress calls; 0: every member */
	void		(*on_problem)(void *data, const struct mgt_problem *);
	void		(*on_progress)(void *data, const struct mgt_progress *);
	void		(*on_rule_diag)(void *data, const struct mgt_rule_diag *);
	/* what took seconds: "INPUT: reader waited", "slow SQL: SELECT ..." */
	void		(*on_timing)(void *data, const char *what, double seconds);
	/* Anything else worth a line to a user ("waiting for another run
	 * writing the same index"). */
	void		(*on_notice)(void *data, const char *message);
	void		*data;
	const char	*tmpdir;	/* for temporary indexes; NULL: /tmp */
	const char	*views_dir;	/* the built-in views; NULL: the
					   library's (mgt_default_views_dir()) */
	int		 secret_data;	/* keep core Secrets' data values in
					   the index (default: null) */
	int		 no_yaml_lift;	/* libyaml reads every byte, long
					   base64 values, literal blocks
					   and lazy bodies too; queries
					   see the same index */
};

/* Defaults: everything off, progress every 0.25 s, no callbacks. */
void		 mgt_options_init(struct mgt_options *opts);

/* ---- sessions --------------------------------------------------------- */

/* Options, limits and rules: what every index, case and result is made
 * under. */
typedef struct mgt_session mgt_session;

/* A new session with opts copied (NULL: mgt_options_init's defaults);
 * the strings tmpdir and views_dir point to are not copied and must
 * outlive the session.  *out is NULL on failure. */
int		 mgt_session_new(const struct mgt_options *opts,
		    mgt_session **out, struct mgt_error *err);
/* Free the session.  Every case and result made from it must be freed
 * first.  NULL is a no-op. */
void		 mgt_session_free(mgt_session *s);
/* The session's options: the caller may change them between calls (they
 * are read when a build, case or result starts). */
struct mgt_options *mgt_session_options(mgt_session *s);

/*
 * Change one bound on untrusted input, "NAME=VALUE" ("max-depth=3",
 * "max-member-bytes=1G"; mgtriage(1) LIMITS lists them).  MGT_ERR_USAGE
 * for an unknown name or a bad value.
 */
int		 mgt_session_set_limit(mgt_session *s, const char *assignment,
		    struct mgt_error *err);

/* The rules and views installed with the library (its data directory). */
const char	*mgt_default_rules_dir(void);
const char	*mgt_default_views_dir(void);

/*
 * Load every rule file under dir (recursively, sorted; a "tests" directory
 * is skipped).  A bad rule is reported to on_rule_diag and skipped, the
 * others load: MGT_OK then, and mgt_session_rule_counts() says how many
 * failed.  MGT_ERR_IO when dir cannot be read.  Views a rule pack brings
 * (mgtriage-rules(5)) are applied to every case opened afterwards.
 * Load every directory first: the rules are checked as a whole (explains
 * naming unknown rules, cycles) when they are first used or counted, and
 * loading after that is MGT_ERR_USAGE.
 */
int		 mgt_session_load_rules(mgt_session *s, const char *dir,
		    struct mgt_error *err);
/* Rules loaded, rule files rejected, and warnings. */
void		 mgt_session_rule_counts(mgt_session *s, size_t *rules,
		    size_t *errors, size_t *warnings);

/* Rule severities, lowest first. */
enum mgt_severity {
	MGT_SEV_INFO = 0,
	MGT_SEV_LOW,
	MGT_SEV_MEDIUM,
	MGT_SEV_HIGH,
	MGT_SEV_CRITICAL
};
/* "info" ... "critical"; NULL if out of range. */
const char	*mgt_severity_name(int severity);
/* The severity named s, or -1. */
int		 mgt_severity_parse(const char *s);

/* One loaded rule, as mgtriage-rules(5) describes its fields. */
struct mgt_rule_info {
	const char	*id;
	const char	*title;
	enum mgt_severity severity;
	const char	*category;
	const char	*file;
	int		 line;
	const char	*remedy;	/* may be NULL */
	const char *const *explains;	/* ids of the rules it causes */
	size_t		 nexplains;
	const char *const *references;	/* its links */
	size_t		 nreferences;
	const char	*component;	/* template, e.g. "operator/{co.name}"; may be NULL */
	int		 generic;	/* a generic-layer rule */
};
/* Rule i of the loaded rules (sorted by id), or -1 if i is out of range.
 * The strings belong to the session. */
int		 mgt_session_rule(mgt_session *s, size_t i,
		    struct mgt_rule_info *out);

/*
 * Static checks beyond loading: SQL evidence prepared against the index
 * schema (and the views), patterns the prefilter cannot help.  Each
 * finding goes to on_rule_diag.  *errors and *warnings get the counts of
 * this check (load diagnostics are in mgt_session_rule_counts()).  The
 * SQL is prepared in a scratch index under the options' tmpdir; when
 * that cannot be made the pattern check still runs, and the error
 * (MGT_ERR_IO or MGT_ERR_DB) comes back with the counts filled.
 */
int		 mgt_session_lint(mgt_session *s, size_t *errors,
		    size_t *warnings, struct mgt_error *err);

/*
 * Run the one rule rule_id over inputs[0..n) (a rule's fixture) in a
 * scratch index under the options' tmpdir; *fired is 1 when it fired,
 * and *summary (the caller frees it with mgt_free(); may be NULL) its
 * filled summary.  MGT_ERR_USAGE if no rule has that id.
 */
int		 mgt_session_test_rule(mgt_session *s, const char *rule_id,
		    const char *const *inputs, size_t n, int *fired,
		    char **summary, struct mgt_error *err);

/* ---- indexing --------------------------------------------------------- */

/* What an index build read. */
struct mgt_index_stats {
	long long	 sources;	/* members catalogued */
	long long	 lines;		/* log lines read */
	long long	 resources;	/* objects indexed */
	long long	 bytes;		/* decompressed bytes */
	long long	 hits;		/* rule pattern hits stored */
	long long	 problems[3];	/* by enum mgt_problem_severity */
	int		 unreadable;	/* top-level inputs that could not be read */
	double		 seconds;
};

/*
 * Read inputs[0..n) (archives, directories, journals; one cluster; "-"
 * is standard input, once, named "stdin") in one pass into a new index
 * at db_path, running the session's rule patterns
 * over the logs as they stream by.  The index is written to a temporary
 * name and renamed over db_path when complete.  A bad member is a problem
 * (on_problem, and a row in the index) and the build goes on: MGT_OK then,
 * even when a whole input was unreadable (stats->unreadable).  An error
 * means no index was written: MGT_ERR_USAGE when the inputs are two
 * clusters, MGT_ERR_IO or MGT_ERR_DB when the index cannot be written.
 */
int		 mgt_index_build(mgt_session *s, const char *const *inputs,
		    size_t n, const char *db_path, struct mgt_index_stats *stats,
		    struct mgt_error *err);

/* ---- cases ------------------------------------------------------------ */

/* An index opened read-only, with today's views applied. */
typedef struct mgt_case mgt_case;

/* mgt_case_build() flags */
#define MGT_CASE_KEEP	0x1	/* keep a temporary index (mgt_case_path()) */

/*
 * mgt_index_build() then mgt_case_open(), as one step: with db_path NULL
 * the index goes to a private temporary directory (options' tmpdir),
 * written without fsync and removed by mgt_case_close() unless flags has
 * MGT_CASE_KEEP.  A named db_path stays locked against other builds
 * until the case is open, so the case is the index this build wrote.
 * stats (may be NULL) as mgt_index_build() fills it.  When no input
 * could be read the case is still made (it records why).
 */
int		 mgt_case_build(mgt_session *s, const char *const *inputs,
		    size_t n, const char *db_path, int flags,
		    struct mgt_index_stats *stats, mgt_case **out,
		    struct mgt_error *err);
/* The path of the case's index. */
const char	*mgt_case_path(const mgt_case *c);

/* Open the index at db_path and create the views (the built-in ones,
 * then those of the rule packs loaded).  MGT_ERR_IO if it cannot be
 * opened, MGT_ERR_FORMAT if it is not an mgtriage index of a version this
 * library reads, MGT_ERR_RULE if a view file is bad (err names it). */
int		 mgt_case_open(mgt_session *s, const char *db_path,
		    mgt_case **out, struct mgt_error *err);
/* Close the case; a scratch index of mgt_case_build() is removed.  Its
 * results must be freed first.  NULL is a no-op. */
void		 mgt_case_close(mgt_case *c);

/* The index's meta value for key, split at newlines ("inputs" gives the
 * inputs it was built from).  *n gets the count; NULL and 0 when absent.
 * The strings belong to the case. */
const char *const *mgt_case_meta(mgt_case *c, const char *key, size_t *n);

/* A value of a query's row. */
enum mgt_value_type {
	MGT_VALUE_NULL = 0,
	MGT_VALUE_INTEGER,
	MGT_VALUE_FLOAT,
	MGT_VALUE_TEXT		/* also BLOB, as bytes */
};
struct mgt_value {
	enum mgt_value_type type;
	long long	 i;		/* MGT_VALUE_INTEGER */
	double		 f;		/* MGT_VALUE_FLOAT */
	const char	*text;		/* every type but NULL: SQLite's text form */
	size_t		 len;
};

/*
 * Called for each row of mgt_case_query() with the column names and
 * values.  Returns the bytes the caller keeps from the row (a table it
 * prints at the end): they count against the SQL memory budget like
 * SQLite's own, and the row that goes over it is the last one passed; or
 * -1 to stop the query (which then returns MGT_OK).
 */
typedef long	 (*mgt_row_fn)(void *data, int ncols,
		    const char *const *names, const struct mgt_value *values);
/*
 * Run one read-only SQL statement (a second statement, a write, ATTACH
 * and the like are refused with MGT_ERR_USAGE) under the session's SQL
 * budgets (sql-steps, sql-memory, sql-time-ms): over one, MGT_ERR_LIMIT
 * naming it; another SQLite failure is MGT_ERR_DB.  names_fn (may be
 * NULL) gets the column names before the first row; row may be NULL.
 */
int		 mgt_case_query(mgt_case *c, const char *sql,
		    void (*names_fn)(void *data, int ncols,
		    const char *const *names), mgt_row_fn row, void *data,
		    struct mgt_error *err);

/* One log line found by mgt_case_grep(). */
struct mgt_line {
	const char	*where;		/* member path */
	long		 line;		/* 1-based */
	const char	*node;		/* may be NULL */
	int64_t		 ts;		/* UTC microseconds, INT64_MIN if none */
	const char	*text;
	size_t		 len;
};

/* What mgt_case_grep() looks for.  mgt_grep_init() sets no filters. */
struct mgt_grep {
	const char	*pattern;	/* PCRE2 */
	int		 caseless;
	const char	*node;		/* NULL: any; a short host name matches */
	const char	*source;	/* glob over member paths, NULL: any */
	int64_t		 since;		/* UTC us, INT64_MIN: no bound */
	int64_t		 until;		/* INT64_MAX: no bound */
	int		 reread;	/* 1: read the inputs again, 0: only the
					   lines the index stored, -1: inputs
					   when they are still there */
};
/* No pattern, no filters, reread -1. */
void		 mgt_grep_init(struct mgt_grep *g);
typedef int	 (*mgt_line_fn)(void *data, const struct mgt_line *);
/*
 * Every matching line, in input order, to fn (may be NULL); a nonzero
 * return stops the search (MGT_OK then).  *count (may be NULL) gets the
 * number of matching lines passed.  MGT_ERR_USAGE for a bad pattern (msg
 * "invalid pattern at offset N: why") or reread 1 on an index that
 * recorded no inputs; reading the inputs again fails as mgt_index_build()
 * would (MGT_ERR_IO, MGT_ERR_FORMAT, MGT_ERR_EMPTY); searching the stored
 * lines fails with MGT_ERR_DB.  The time bounds keep lines with a time
 * only.
 */
int		 mgt_case_grep(mgt_case *c, const struct mgt_grep *g,
		    mgt_line_fn fn, void *data, long long *count,
		    struct mgt_error *err);

/* One entry of a timeline. */
struct mgt_event {
	int64_t		 first_ts;	/* UTC us */
	int64_t		 last_ts;
	long		 count;		/* repeats folded into it */
	const char	*what;
	const char	*where;		/* "member:line" or an object */
	const char	*nodes;		/* comma-joined, may be NULL */
};
/*
 * The case's history (condition transitions, events, rule hits), oldest
 * first, to fn; a nonzero return stops (MGT_OK then).  node NULL for all,
 * since/until INT64_MIN/INT64_MAX for none.  MGT_ERR_DB when a statement
 * fails: never a shorter history.
 */
typedef int	 (*mgt_event_fn)(void *data, const struct mgt_event *);
int		 mgt_case_timeline(mgt_case *c, const char *node,
		    int64_t since, int64_t until, mgt_event_fn fn, void *data,
		    struct mgt_error *err);

/*
 * The case at a glance: cluster ID, version, channel, platform,
 * topology and network; gather times and image; nodes, cluster operators
 * and machine config pools with counts of what is not well.  Written to f
 * as MGT_FORMAT_TEXT or MGT_FORMAT_JSON ("mgtriage.summary/v1"); another
 * format is MGT_ERR_USAGE.  MGT_ERR_DB when the index cannot be read,
 * MGT_ERR_IO when f cannot be written.
 */
int		 mgt_case_summary(mgt_case *c, FILE *f, int format,
		    struct mgt_error *err);

/* ---- results ---------------------------------------------------------- */

/* The evaluated case: root causes with their symptoms, evidence,
 * remedies, timeline, and how complete the input was. */
typedef struct mgt_result mgt_result;

/* What goes into a result besides the case. */
struct mgt_eval_options {
	const char *const *inputs;	/* names shown; NULL: the index's */
	size_t		 ninputs;
	double		 seconds;	/* wall time shown; < 0: none */
	const char	*generated_at;	/* time shown; NULL: none (deterministic) */
};
/* Inputs from the index, no time, no wall time. */
void		 mgt_eval_options_init(struct mgt_eval_options *o);

/*
 * Evaluate the session's rules over the case, rank the findings and build
 * the result (opts NULL: defaults).  A rule whose SQL fails at run time is
 * a rule error in the result, not a failure: MGT_OK.  MGT_ERR_DB when the
 * index cannot be read.
 */
int		 mgt_evaluate(mgt_case *c, const struct mgt_eval_options *opts,
		    mgt_result **out, struct mgt_error *err);
/* Free the result and every string it handed out.  NULL is a no-op. */
void		 mgt_result_free(mgt_result *r);

/* How complete a result is: problems over the whole run (input and rule
 * errors), by enum mgt_problem_severity. */
struct mgt_completeness {
	long long	 problems[3];
	long long	 rule_errors;	/* rules that failed to load or run */
	int		 complete;	/* no error and no warning */
};
/* The completeness of r into *out. */
void		 mgt_result_completeness(const mgt_result *r,
		    struct mgt_completeness *out);

/* One fired finding. */
/* Whether a finding holds at gather time (mgtriage-rules(5)). */
enum mgt_finding_state {
	MGT_FINDING_CURRENT = 0,	/* ranked: a root cause or a symptom */
	MGT_FINDING_HISTORY,		/* ended or recovered before the gather */
	MGT_FINDING_SUPPRESSED		/* known-benign noise, with the reason */
};
struct mgt_finding {
	const char	*rule_id;
	const char	*title;
	enum mgt_severity severity;
	const char	*summary;
	const char	*remedy;	/* may be NULL */
	int		 rank;		/* 1-based among root causes; 0: a symptom */
	long		 cause;		/* index of the finding it is a symptom of, -1 */
	const char	*rank_reason;	/* why it ranks where it does; may be NULL */
	size_t		 nevidence;	/* evidence cited (mgt_result_evidence()) */
	long		 total_evidence; /* rows and hits before citing was capped */
	const char *const *references;	/* the rule's links */
	size_t		 nreferences;
	const char	*component;	/* "node/master-0"; may be NULL */
	enum mgt_finding_state state;
	const char	*state_reason;	/* why not current; NULL if current */
};
/* The number of findings, and finding i of them: root causes in rank
 * order, each followed by its symptoms (depth first, ranked); then the
 * findings resolved before the gather (last seen newest first), then the
 * suppressed ones (by rule id), all with rank 0 and cause -1.  *out's
 * strings belong to the result.  mgt_result_finding() returns 0, or -1
 * when i is out of range. */
size_t		 mgt_result_count(const mgt_result *r);
int		 mgt_result_finding(const mgt_result *r, size_t i,
		    struct mgt_finding *out);
/* One piece of evidence behind a finding: a log line (where, line,
 * text) or an object's field (object, field, value). */
struct mgt_evidence {
	const char	*item;		/* the rule's evidence item */
	const char	*where;		/* member path; NULL for an object */
	long		 line;		/* 1-based, 0 if none */
	int64_t		 ts;		/* UTC us, INT64_MIN if none */
	const char	*node;		/* may be NULL */
	const char	*text;		/* the line (capped); may be NULL */
	const char	*object;	/* "Kind/namespace/name"; may be NULL */
	const char	*field;		/* e.g. "status.configuration.name" */
	const char	*value;
};
/* Evidence i (strongest first) of finding f; 0, or -1 when either is out
 * of range.  The strings belong to the result. */
int		 mgt_result_evidence(const mgt_result *r, size_t f, size_t i,
		    struct mgt_evidence *out);
/* The timeline of the root causes' evidence, oldest first: event i into
 * *out; 0, or -1 when i is out of range. */
size_t		 mgt_result_events(const mgt_result *r);
int		 mgt_result_event(const mgt_result *r, size_t i,
		    struct mgt_event *out);

/* The problems the result lists: every error and warning (input and
 * rule), then info rows up to a cap (the counts in
 * mgt_result_completeness() cover all).  Problem i into *out; 0, or -1
 * when i is out of range.  The strings belong to the result. */
size_t		 mgt_result_problems(const mgt_result *r);
int		 mgt_result_problem(const mgt_result *r, size_t i,
		    struct mgt_problem *out);

/* The worst severity of any current finding (history and suppressed
 * findings do not count), -1 when none holds. */
int		 mgt_result_worst(const mgt_result *r);

enum mgt_format {
	MGT_FORMAT_TEXT = 0,
	MGT_FORMAT_JSON,	/* doc/report-schema.md, "mgtriage.report/v1" */
	MGT_FORMAT_MARKDOWN,
	MGT_FORMAT_HTML,	/* one self-contained file */
	MGT_FORMAT_JUNIT
};
/* "text", "json", "markdown" or "md", "html", "junit"; -1 if unknown. */
int		 mgt_format_parse(const char *name);

struct mgt_write_options {
	enum mgt_format	 format;
	enum mgt_severity fail_on;	/* JUnit: a finding at or above fails */
	int		 color;		/* text: ANSI colours */
	size_t		 width;		/* text: columns; 0: lines are never cut */
};
/* Text, no colour, no cut, fail_on high. */
void		 mgt_write_options_init(struct mgt_write_options *o);

/* Write the result to f.  MGT_ERR_IO when the write fails. */
int		 mgt_result_write(const mgt_result *r, FILE *f,
		    const struct mgt_write_options *o, struct mgt_error *err);
/*
 * Write the result to path through a temporary file renamed over it when
 * complete.  path must be a regular file or a new name (a symlink,
 * directory or device is refused: MGT_ERR_USAGE).
 */
int		 mgt_result_write_file(const mgt_result *r, const char *path,
		    const struct mgt_write_options *o, struct mgt_error *err);

/*
 * XML-escape s into f as JUnit and HTML need it (attr 1: for an attribute
 * value): invalid UTF-8 becomes U+FFFD, characters XML 1.0 forbids are
 * dropped, at most 4 KiB are written.
 */
void		 mgt_xml_escape(FILE *f, const char *s, int attr);

/* ---- comparing two cases ----------------------------------------------- */

/*
 * What changed from one gather of a cluster (A, e.g. before an upgrade) to
 * another (B, after): the cluster version and its update history, the
 * cluster operators' conditions, the nodes, the machine config pools and
 * machine configs, and the findings of the session's rules, evaluated on
 * both.  doc/report-schema.md describes it ("mgtriage.diff/v1").
 */
typedef struct mgt_diff mgt_diff;

/* mgt_diff_build() flags */
#define MGT_DIFF_FORCE	0x1	/* compare even when A and B are not known
				   to be the same cluster */

/*
 * Compare case a with case b, both made from the same session (its rules
 * are evaluated on each, as mgt_evaluate() does).  Two gathers whose
 * ClusterVersions name different cluster IDs, or where either side has
 * no cluster ID (no ClusterVersion), are refused with MGT_ERR_USAGE (err
 * names both IDs) unless flags has MGT_DIFF_FORCE; mgt_diff_info() then
 * says whether they were the same.  MGT_ERR_USAGE too for cases of two
 * sessions; MGT_ERR_DB when an index cannot be read.  *out is NULL on
 * failure.
 */
int		 mgt_diff_build(mgt_case *a, mgt_case *b, unsigned flags,
		    mgt_diff **out, struct mgt_error *err);
/* Free the diff and every string it handed out.  NULL is a no-op. */
void		 mgt_diff_free(mgt_diff *d);

/* What one change is. */
enum mgt_change_kind {
	MGT_CHANGE_ADDED = 0,	/* in B only (a new finding) */
	MGT_CHANGE_REMOVED,	/* in A only (a resolved finding) */
	MGT_CHANGE_CHANGED	/* in both, field differs */
};
/* "added", "removed", "changed"; NULL if out of range. */
const char	*mgt_change_kind_name(int kind);

/* One difference.  Strings belong to the diff; each may be NULL unless
 * said otherwise. */
struct mgt_change {
	const char	*section;	/* never NULL: "cluster", "updates",
					   "operators", "nodes", "pools",
					   "machineconfigs", "findings" */
	enum mgt_change_kind kind;
	const char	*name;		/* never NULL: the object's name, the
					   update's "VERSION started TIME",
					   the finding's rule id */
	const char	*field;		/* CHANGED: the column that differs
					   ("degraded", "ready", "summary") */
	const char	*before;	/* CHANGED: A's value */
	const char	*after;		/* CHANGED: B's value */
	const char	*detail;	/* ADDED, REMOVED: the row in brief
					   ("roles=worker ready=True"); a
					   condition: its reason and message
					   (B's, else A's); a finding: its
					   summary */
	int		 severity;	/* findings: enum mgt_severity (B's,
					   A's when resolved); else -1 */
};
/* The number of changes, and change i of them: sections in the order
 * above, objects by name, then the findings (new and changed in B's
 * report order, resolved in A's).  mgt_diff_change() returns 0, or -1
 * when i is out of range. */
size_t		 mgt_diff_count(const mgt_diff *d);
int		 mgt_diff_change(const mgt_diff *d, size_t i,
		    struct mgt_change *out);

/* The diff as a whole: [0] is A, [1] is B. */
struct mgt_diff_info {
	const char	*cluster_id[2];	/* NULL when that side has none */
	const char	*version[2];	/* desired version, NULL when none */
	int		 same_cluster;	/* 1 same ID, 0 different, -1 unknown */
	int		 complete[2];	/* as mgt_result_completeness() */
	size_t		 added;		/* objects, findings not counted */
	size_t		 removed;
	size_t		 changed;
	size_t		 findings_new;
	size_t		 findings_changed;
	size_t		 findings_resolved;
	int		 worst_new;	/* worst severity of a new finding or of
					   one whose severity rose; -1 none */
};
void		 mgt_diff_info(const mgt_diff *d, struct mgt_diff_info *out);

/*
 * Write the diff to f as MGT_FORMAT_TEXT (escaped for a terminal),
 * MGT_FORMAT_JSON or MGT_FORMAT_MARKDOWN; another format is
 * MGT_ERR_USAGE, a failed write MGT_ERR_IO.
 */
int		 mgt_diff_write(const mgt_diff *d, FILE *f, int format,
		    struct mgt_error *err);

/* ---- showing and writing what the engine returns ---------------------- */

/* UTC microseconds as "2021-09-14T09:42:44.498908Z" into buf (len >= 32).
 * Returns buf, or NULL with "?" in buf for a time outside years
 * 0000-9999 (INT64_MIN, "no time", included). */
char		*mgt_format_time(int64_t us, char *buf, size_t len);
/* An RFC 3339 time ("2021-09-14T10:00:00Z", "...+02:00"), also with a
 * space for the T, without seconds ("2021-09-14 10:00") or a date alone
 * (midnight UTC), into UTC microseconds; 0 on success, -1 if s is none
 * of those. */
int		 mgt_parse_time(const char *s, int64_t *us);

/*
 * A copy of s[0..len) (NUL bytes included) that a terminal shows and does
 * not act on: control bytes, invalid UTF-8 and U+2028/9 as \xNN, C1
 * controls and bidi overrides as \uNNNN, other text as it is.  With max
 * > 0 the \xNN-escaped text is cut to at most max bytes (at a character
 * or an escape) before the \uNNNN pass.  The caller frees the result
 * with mgt_free().
 */
char		*mgt_term_escape(const char *s, size_t len, size_t max);

/*
 * Output files as the library writes its own: path must be a regular file
 * or a new name (a symlink, directory, FIFO or device is MGT_ERR_USAGE,
 * err naming path and what it is).  mgt_output_check() only checks;
 * mgt_output_open() also opens *f on a temporary next to path, removed by
 * mgt_remove_temporaries(); mgt_output_close() closes f and renames the
 * temporary over path (commit 1, checking path again) or removes it
 * (commit 0).  *tmp (set by open whatever the result) is freed by close,
 * or by the caller with mgt_free() when open fails.
 */
int		 mgt_output_check(const char *path, struct mgt_error *err);
int		 mgt_output_open(const char *path, FILE **f, char **tmp,
		    struct mgt_error *err);
int		 mgt_output_close(FILE *f, char *tmp, const char *path,
		    int commit, struct mgt_error *err);

/* The versions of the libraries linked, and the matcher a session with
 * opts (NULL: defaults) uses, one line each, to f. */
void		 mgt_print_versions(FILE *f, const struct mgt_options *opts);

#ifdef __cplusplus
}
#endif

#endif
