/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Ingest: one pass over every input, from members to index rows.  Walks
 * each input, classifies members, parses resources and log lines, runs the
 * rule patterns over the lines as they stream by, and writes the index.
 */
#ifndef MGT_INGEST_H
#define MGT_INGEST_H

#include <stddef.h>

#include "mgt-limits.h"
#include "rule.h"

struct mgt_error;
struct problem;

/* Where the resource files of the ingest pipeline are parsed. */
enum ingest_parse_on {
	INGEST_PARSE_DYNAMIC = 0,	/* the reader; the indexer when idle */
	INGEST_PARSE_READER,		/* always the reader thread */
	INGEST_PARSE_INDEXER		/* always the indexer thread */
};

/* The most parse workers a run starts (more ask for too much memory). */
#define INGEST_JOBS_MAX		64

/* How far a run has got, for on_progress. */
struct ingest_progress {
	long long	 files;		/* members catalogued */
	long long	 bytes;		/* decompressed bytes read */
	long long	 lines;		/* log lines read */
	long long	 objects;	/* resources indexed */
	int		 done;		/* the walk is over: the last call */
};

/*
 * One run's settings.  The engine never reads the environment, prints or
 * exits: what a command line shows (problems, progress, timings) goes to
 * the callbacks, each called on the thread that called ingest_run() with
 * cb_data.  A NULL callback is not called.
 */
struct ingest_options {
	struct mgt_limits	 limits;
	int			 index_flags;	/* INDEX_FULL_TEXT, INDEX_FTS */
	const struct ruleset	*rules;		/* patterns to run; may be NULL */
	int			 no_jit;	/* PCRE2's interpreter only */
	int			 no_simd;	/* literals: the automaton only */
	enum ingest_parse_on	 parse_on;	/* for tests: same index */
	int			 jobs;		/* resource parse workers; 0, 1:
						   none (the reader parses) */
	int			 timing;	/* 0: no on_timing calls; 1: phases */
	double			 progress_every; /* seconds between on_progress
						   calls (0: every update) */
	/* Every input problem as it is recorded (all severities). */
	void			(*on_problem)(void *cb_data,
				    const struct problem *);
	/* Counts so far, at most every progress_every s; once with done. */
	void			(*on_progress)(void *cb_data,
				    const struct ingest_progress *);
	/* With timing: what ("walk done at", "INPUT: reader waited") took
	 * or was reached at seconds. */
	void			(*on_timing)(void *cb_data, const char *what,
				    double seconds);
	void			*cb_data;
};

struct ingest_result {
	long long	 sources;	/* members catalogued */
	long long	 lines;		/* log lines read */
	long long	 resources;	/* objects indexed */
	long long	 bytes;		/* decompressed bytes */
	long long	 hits;		/* pattern hits stored */
	long		 problems[3];	/* by severity: info, warning, error */
	int		 unreadable;	/* top-level inputs that could not be read */
	double		 seconds;
};

/* Default limits, no callbacks, progress_every 0.25 s. */
void	 ingest_options_init(struct ingest_options *);

/*
 * Index inputs[0..n) into a new index at db_path (written to a temporary
 * name, renamed when complete).  Per-member problems are recorded and the
 * run goes on.  Returns MGT_OK when the index was written (even if some
 * inputs were unreadable: see result->unreadable), or an error when the
 * index itself could not be written.
 */
int	 ingest_run(const char *const *inputs, size_t n, const char *db_path,
	    const struct ingest_options *, struct ingest_result *,
	    struct mgt_error *);


#endif
