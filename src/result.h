/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The evaluated case: the rules run over an index, the findings ranked
 * into root causes and symptoms, their timeline, the input problems
 * counted and listed, and the run's stats, held together as the `struct
 * report` every format writer renders.  Built once; written in any format
 * any number of times.
 */
#ifndef MGT_RESULT_H
#define MGT_RESULT_H

#include <sqlite3.h>
#include <stdio.h>

#include "finding.h"
#include "problem.h"
#include "report.h"
#include "rule.h"
#include "timeline.h"

struct mgt_error;

/* Problems listed in a result: errors and warnings all (up to a bound no
 * real run reaches), info rows capped.  Counts cover everything. */
#define RESULT_MAX_SERIOUS	10000
#define RESULT_MAX_INFO		200

struct result_problems {
	struct report_problem	*p;
	size_t			 n;
	size_t			 ninfo;		/* info rows listed */
	long long		 counts[3];	/* by severity, listed or not */
	struct report_group	*g;		/* by code, listed or not */
	size_t			 ng;
};

struct result_options {
	const char *const	*inputs;	/* shown; NULL: the index's */
	size_t			 ninputs;
	double			 seconds;	/* < 0: not shown */
	const char		*generated_at;	/* NULL: not shown */
	/* Rules that fail at run time, as they happen (may be NULL). */
	const struct problem_sink *rule_sink;
};

struct result {
	struct report		 rep;		/* what the writers render */
	struct finding_set	 fs;
	struct timeline		 tl;
	struct result_problems	 ps;
	char		       **inputs;	/* owned copies */
	size_t			 ninputs;
	char			*generated_at;
	struct cJSON		*cluster_json;	/* summary_build() */
	char		       **cluster;	/* summary_lines() */
	size_t			 ncluster;
	long long		 rule_errors;	/* failed to load or to run */
	const struct problem_sink *sink;
};

void	 result_options_init(struct result_options *);
/*
 * Evaluate rs over db (a read-only index connection), rank, build the
 * timeline and load the problems.  A rule failing at run time is a
 * problem in the result (and goes to o->rule_sink), not a failure.
 * Returns MGT_OK with *out (free with result_free()), or MGT_ERR_DB.
 */
int	 result_build(sqlite3 *db, const struct ruleset *rs,
	    const struct result_options *o, struct result **out,
	    struct mgt_error *);
void	 result_free(struct result *);
/* Write r in format fmt; fail_on, color and width as struct report says.
 * MGT_OK or MGT_ERR_IO. */
int	 result_write(FILE *, struct result *, enum report_format fmt,
	    enum rule_severity fail_on, int color, size_t width,
	    struct mgt_error *);
/* The worst finding's severity, -1 if none fired. */
int	 result_worst(const struct result *);

#endif
