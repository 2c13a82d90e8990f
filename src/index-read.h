/* SPDX-License-Identifier: Apache-2.0 */
/*
 * index-read.c: every read of the index's own tables made by the rest of
 * the engine (problems, meta, sources, lines, hits, hit_stats, resources,
 * conditions, events), so the SQL that knows the schema stays in the
 * index-*.c files.  Rules' and users' SQL (eval.c, query) is not here.
 *
 * Contract of every function: MGT_OK, or MGT_ERR_DB with SQLite's message
 * (no prefix: the caller says what it was doing) in err; never a shorter
 * answer in place of a failure.  Row callbacks get strings valid for the
 * call only; a callback that returns non-zero stops the reading, which
 * is MGT_OK.  A time that is NULL reads as LOG_TS_NONE; a node or text
 * may be NULL unless said otherwise.
 */
#ifndef MGT_INDEX_READ_H
#define MGT_INDEX_READ_H

#include <stddef.h>
#include <stdint.h>

#include <sqlite3.h>

struct index;
struct mgt_error;
struct problem;

/*
 * meta.  These two answer NULL both when the key is absent and when
 * SQLite fails: for optional values only (inputs, flags).
 * index_meta: the value of key (malloc'd), or NULL.
 * index_meta_lines: the same split at newlines into a malloc'd vector of
 * *n malloc'd strings (an empty value is one empty string); NULL and 0
 * when absent.
 */
char	*index_meta(sqlite3 *, const char *key);
char	**index_meta_lines(sqlite3 *, const char *key, size_t *n);

/*
 * Problems.  index_read_problem_counts() gives each (severity, code) of
 * the problems table with its count, ordered by code then severity text;
 * index_read_problems_dropped() each meta "problems_dropped:CODE:SEVERITY"
 * with a count > 0 (problems ingest counted but did not store); a
 * severity the index spells in a way this build does not know is
 * PROBLEM_ERROR.  index_read_problems() lists the stored problems worst
 * first (error, warning, info), each severity in the order stored; its
 * code, vpath and message may be NULL.
 */
typedef int (*index_count_fn)(void *data, int severity, const char *code,
    long long n);
typedef int (*index_problem_fn)(void *data, const struct problem *);
int	 index_read_problem_counts(sqlite3 *, index_count_fn, void *data,
	    struct mgt_error *);
int	 index_read_problems_dropped(sqlite3 *, index_count_fn, void *data,
	    struct mgt_error *);
int	 index_read_problems(sqlite3 *, index_problem_fn, void *data,
	    struct mgt_error *);

/* The run's totals as reports show them. */
struct index_stats {
	long long	 sources;	/* sources but container directories */
	long long	 lines;		/* log lines read */
	long long	 resources;	/* objects stored */
	long long	 bytes;		/* decompressed bytes of those */
};
int	 index_read_stats(sqlite3 *, struct index_stats *, struct mgt_error *);

/*
 * The case's year, for stamps without one (the year the index placed them
 * in): meta year_hint, else the year of the latest stamp; 0 when the case
 * has neither.
 */
int	 index_read_year(sqlite3 *, int *year, struct mgt_error *);

/*
 * Lookups in the sources table by id or by vpath, each statement prepared
 * on first use and kept: create one catalogue for a run of lookups.
 * index_catalogue_new() cannot fail; free with index_catalogue_free().
 */
struct index_catalogue;
struct index_catalogue *index_catalogue_new(sqlite3 *);
void	 index_catalogue_free(struct index_catalogue *);
/* *vpath: the vpath of source id (the caller frees it), NULL if none. */
int	 index_catalogue_vpath(struct index_catalogue *, int64_t id,
	    char **vpath, struct mgt_error *);
/*
 * Is vpath a log member (pod, service or journal log, or a plain log)?
 * *log 1 or 0 (0 too when vpath is not catalogued), *journal 1 for a
 * journal, *node the node the catalogue names (the caller frees it; NULL
 * when none).  err->where is vpath on failure.
 */
int	 index_catalogue_log(struct index_catalogue *, const char *vpath,
	    int *log, int *journal, char **node, struct mgt_error *);
/*
 * Where the log vpath ends: *last_ts its newest stamp (INT64_MIN when it
 * has none or is not catalogued), *previous 1 for a previous container's
 * log (the container restarted after it).
 */
int	 index_catalogue_end(struct index_catalogue *, const char *vpath,
	    int64_t *last_ts, int *previous, struct mgt_error *);

/*
 * The stored lines and rule hits whose text pattern (PCRE2, the
 * connection's regexp()) matches, in input order (source, line), each line
 * once.  node: NULL, or a node name or its first label; since and until
 * bound the time inclusively (INT64_MIN and INT64_MAX: no bound; a line
 * without a time passes only when there is no bound).
 */
struct index_line_filter {
	const char	*pattern;
	const char	*node;
	int64_t		 since;
	int64_t		 until;
};
struct index_line_row {
	const char	*vpath;		/* "" if the source has none */
	long		 line_no;
	int64_t		 ts;
	const char	*node;		/* the line's, else the source's */
	const char	*text;		/* "" if NULL */
	size_t		 len;
};
typedef int (*index_line_fn)(void *data, const struct index_line_row *);
int	 index_read_lines(sqlite3 *, const struct index_line_filter *,
	    index_line_fn, void *data, struct mgt_error *);

/*
 * A pattern evidence item's stored hits: the first limit in time order
 * (hits without a time last), and its exact tallies (hit_stats) in the
 * order stored.
 */
struct index_hit_row {
	const char	*vpath;
	long		 line_no;
	int64_t		 ts;
	const char	*node;		/* the hit's, else the source's */
	const char	*text;
	size_t		 len;
	const char	*captures;	/* JSON object or NULL */
};
struct index_tally_row {
	const char	*vpath;
	const char	*node;		/* may be NULL */
	const char	*grp;		/* group_by capture's value or NULL */
	long		 seen;
	int64_t		 first_ts;
	int64_t		 last_ts;
};
typedef int (*index_hit_fn)(void *data, const struct index_hit_row *);
typedef int (*index_tally_fn)(void *data, const struct index_tally_row *);
int	 index_read_hits(sqlite3 *, const char *rule_id, const char *evidence,
	    long limit, index_hit_fn, void *data, struct mgt_error *);
int	 index_read_tallies(sqlite3 *, const char *rule_id,
	    const char *evidence, index_tally_fn, void *data,
	    struct mgt_error *);

/*
 * Timeline entries.  node, since and until filter as in struct
 * index_line_filter (a condition's or event's node filter applies to
 * Node objects only); rows without a time are left out.
 *   index_read_hit_spans: the hits of rule (NULL: every rule) folded by
 *     rule, item, kind of source and unit or container.  Unbounded in
 *     time, counts come from the exact tallies; bounded, from the stored
 *     hits.  Two items of a rule with the same rows in a file are told
 *     once.  nodes is a comma-joined list, unsorted, maybe repeating.
 *   index_read_conditions: condition transitions that say something is
 *     wrong or moving (first_ts == last_ts, count 1).
 *   index_read_events: Kubernetes events (last_ts is first_ts when the
 *     event has none; nodes NULL).
 */
struct index_event_row {
	int64_t		 first_ts;
	int64_t		 last_ts;
	long		 count;
	const char	*what;
	const char	*where;
	const char	*nodes;		/* may be NULL */
};
typedef int (*index_event_fn)(void *data, const struct index_event_row *);
int	 index_read_hit_spans(sqlite3 *, const char *rule, const char *node,
	    int64_t since, int64_t until, index_event_fn, void *data,
	    struct mgt_error *);
int	 index_read_conditions(sqlite3 *, const char *node, int64_t since,
	    int64_t until, index_event_fn, void *data, struct mgt_error *);
int	 index_read_events(sqlite3 *, const char *node, int64_t since,
	    int64_t until, index_event_fn, void *data, struct mgt_error *);

/*
 * Reads on the writer's connection, while the index is being built.
 * index_count_kind: how many objects of kind are stored.
 * index_hosts_known: *known 1 when one of hosts[0..n) is a host the case
 * knows: a node, machine, bare-metal host, CSR requester or etcd member,
 * by name, by short name, or by sharing a node's domain.
 */
int	 index_count_kind(struct index *, const char *kind, long long *n,
	    struct mgt_error *);
int	 index_hosts_known(struct index *, char *const *hosts, size_t n,
	    int *known, struct mgt_error *);

#endif
