/* SPDX-License-Identifier: Apache-2.0 */
/*
 * State shared by the ingest files: the run (index, matcher, problem sink,
 * counters) and the member being read.
 */
#ifndef MGT_INGEST_PRIVATE_H
#define MGT_INGEST_PRIVATE_H

#include <stdint.h>

#include "classify.h"
#include "index.h"
#include "ingest-pipe.h"
#include "ingest.h"
#include "match.h"
#include "problem.h"
#include "source.h"

/* Bytes of a matched line stored in a hit row or tally. */
#define INGEST_HIT_TEXT_MAX	4096
/* Longest host name a line may give a hit (parse_log_host's buffer). */
#define INGEST_HOST_MAX		256

/* Problem codes tallied (there are fewer PCODE_*s). */
#define INGEST_TALLY_CODES	64

/* Hosts kept per input to attach it to the case's nodes. */
#define INGEST_INPUT_HOSTS	16

/* An input that did not name its cluster, and the hosts its lines name. */
struct ingest_loose {
	char				*input;
	char				*hosts;		/* ", "-joined */
	char			       **host;
	size_t				 nhost;
};

/* Where a line of the block names its host: len 0 for none (or too long). */
struct ingest_host {
	uint32_t			 off;		/* from the line's start */
	uint16_t			 len;
};

/*
 * The tally of one pattern's matches in the source being read, for lines
 * naming one host (a journal names its host on every line; most logs none)
 * and, when the item groups by a named capture, one value of it: it
 * becomes a hit_stats row when the source ends.
 */
struct ingest_tally {
	char				*host;		/* NULL: the lines name none */
	char				*grp;		/* the group_by capture's value */
	long				 seen;
	long				 timed;		/* of them with a time */
	int64_t				 first_ts, last_ts; /* over the timed */
	long				 first_line;	/* of a timed hit, smallest */
	char				*text;		/* smallest timed text */
	size_t				 text_len;
};

/* One pattern evidence item of a rule, as the matcher runs it. */
struct ingest_pattern {
	const struct rule		*rule;
	const struct rule_evidence	*ev;
	int				 id;		/* matcher id */
	long				 stored;	/* hits stored over the run */
	long				 seen;		/* hits seen over the run */
	long				 source_stored;	/* hits stored in this source */
	int				 capped;	/* a cap problem was reported */
	struct ingest_tally		*tally;		/* this source, per host */
	size_t				 ntally;
	size_t				 ctally;
	/* The latest hit past the cap, stored when the source ends. */
	int				 has_latest;
	long				 latest_line;
	int64_t				 latest_ts;
	char				 latest_host[INGEST_HOST_MAX];
	char				*latest;	/* the whole line */
	size_t				 latest_len;
	size_t				 latest_cap;
};

/*
 * A log whose stamps carry no year, read before the case's year was known
 * (provisional) or across a New Year (rollovers > 0): moved at the end.
 */
struct ingest_yearless {
	int64_t		 source_id;
	int		 provisional;	/* read with INGEST_PROVISIONAL_YEAR */
	int		 rollovers;	/* years its stamps advanced while read */
};

struct ingest {
	const struct ingest_options	*opt;
	struct ingest_result		*res;
	struct mgt_error		*fatal;		/* first DB error */
	struct index			*idx;
	struct problem_sink		 sink;
	int				 db_failed;
	int				 year_hint;	/* from timestamps seen so far */
	int				 year_resources; /* latest creationTimestamp year */
	struct ingest_yearless		*yearless;	/* sources to move to their year */
	size_t				 nyearless;
	int				 source_yearless; /* this member had yearless stamps */
	int				 source_year;	/* year its first yearless stamp got */
	int				 source_rollovers; /* Dec -> Jan seen in it */
	int				 source_header_year; /* its journal header named the year */
	int				 last_month;	/* of its last yearless stamp */
	int64_t				 last_day;	/* day (UTC) of that stamp */
	double				 progress_at;
	long long			 progress_bytes; /* read by members so far */
	int				 progress_shown;

	/* Patterns. */
	struct matcher			*matcher;
	struct ingest_pattern		*pats;
	size_t				 npats;
	unsigned char			*active;	/* per pattern id */
	int				 any_active;

	/* The member being read, and the pipe it comes through. */
	struct ingest_pipe		*pipe;
	int64_t				 source_id;
	const char			*vpath;
	const char			*path;
	struct classification		 cls;

	/* Problems by code: rows stored and printed are bounded. */
	struct ingest_problem_tally {
		char		 code[32];	/* a PCODE_* (copied: the pipe's
						   problems are its own) */
		long long	 seen[3];	/* by severity */
		long long	 dropped[3];	/* counted, not stored */
	}				 ptally[INGEST_TALLY_CODES];
	size_t				 nptally;

	/* Stored lines: bounded per file, per run and by the index size. */
	long long			 stored_lines;	/* in the run */
	long long			 source_stored;	/* in the member being read */
	int				 store_stopped;	/* a run-wide bound was hit */
	int				 store_capped;	/* some lines were not stored */

	/* One case is one cluster (ingest-cluster.c). */
	char				*cluster_id;	/* ClusterVersion spec.clusterID */
	char				*cluster_id_at;	/* where it was read */
	char				*infra_name;	/* Infrastructure infrastructureName */
	char				*infra_name_at;
	const char			*input;		/* the input being read */
	int				 input_identified; /* it named its cluster */
	char				 input_hosts[INGEST_INPUT_HOSTS][INGEST_HOST_MAX];
	size_t				 ninput_hosts;
	size_t				 last_host;	/* index of the host seen last */
	struct ingest_loose		*loose;		/* inputs without identity */
	size_t				 nloose;

	/* Line state of the member being read. */
	long				 line_no;	/* lines so far */
	int64_t				 record_ts;	/* ts of the current record */
	char				 record_sev;
	int64_t				*block_ts;	/* ts per line of the block */
	struct ingest_host		*block_host;	/* host per line, for hits */
	size_t				 block_cap;
	long				 block_first;	/* line_no of block line 0 */
	int				 long_line_reported;
	long				 alert_files;	/* alert answers read */
};

int	 ingest_db_error(struct ingest *, const struct mgt_error *);
void	 ingest_progress(struct ingest *);
void	 ingest_progress_done(struct ingest *);

/* ingest-cluster.c */
/* Note the cluster an object names (ClusterVersion, Infrastructure);
 * MGT_ERR_USAGE with in->fatal set when it is not the case's cluster. */
int	 ingest_cluster_object(struct ingest *, const char *kind,
	    const cJSON *obj);
void	 ingest_cluster_input_start(struct ingest *, const char *input);
void	 ingest_cluster_input_end(struct ingest *);
/* A host a log line names (len > 0). */
void	 ingest_cluster_host(struct ingest *, const char *host, size_t len);
/* Inputs whose hosts are none of the case's nodes: a warning each. */
int	 ingest_cluster_finish(struct ingest *, struct mgt_error *);
void	 ingest_cluster_free(struct ingest *);

/* ingest-resource.c */
/* The string at obj.a (or obj.a.b), NULL when absent or not a string. */
const char *ingest_str(const cJSON *obj, const char *a, const char *b);
int	 ingest_resource_member(struct ingest *, struct index_source *);
/*
 * ingest-alerts.c: a Prometheus or Alertmanager API answer is not an
 * object.  1: obj is one (its alerts, if any, stored), 0: it is not, -1:
 * the index failed (ingest_db_error() was called).
 */
int	 ingest_alerts_document(struct ingest *, const cJSON *obj, long line);
int	 ingest_small_member(struct ingest *, const void *head, size_t headlen,
	    struct index_source *);

/* ingest-bootstrap.c: a log bundle's bootstrap/services/<svc>.json. */
int	 ingest_bootstrap_member(struct ingest *, const void *head,
	    size_t headlen, struct index_source *);

/*
 * Yearless stamps (journal short, bare klog) read before the case's year is
 * known are parsed with this leap year and rewritten at the end.
 */
#define INGEST_PROVISIONAL_YEAR 2000

/* ingest-log.c */
int	 ingest_year_fix(struct ingest *, struct mgt_error *);
int	 ingest_log_member(struct ingest *, const void *head, size_t headlen,
	    struct index_source *);

/* ingest-patterns.c */
int	 ingest_patterns_init(struct ingest *, struct mgt_error *);
void	 ingest_patterns_select(struct ingest *);
int	 ingest_patterns_scan(struct ingest *, const char *block, size_t len);
int	 ingest_patterns_source_end(struct ingest *);
int	 ingest_patterns_finish(struct ingest *, struct mgt_error *);
void	 ingest_patterns_free(struct ingest *);

#endif
