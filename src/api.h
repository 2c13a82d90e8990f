/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What the public API's objects hold (include/mgtriage.h): shared by the
 * api-*.c files only.
 */
#ifndef MGT_API_H
#define MGT_API_H

#include <sqlite3.h>

#include "mgtriage.h"
#include "index.h"
#include "ingest.h"
#include "mgt-limits.h"
#include "problem.h"
#include "result.h"
#include "rule.h"

/*
 * A private scratch directory with "index.db" named in it, under the
 * session's tmpdir; the directory (and with track_db the index) is
 * tracked for mgt_remove_temporaries().  api_scratch_clean() removes both
 * and frees the names.
 */
struct api_scratch {
	char	*dir;
	char	*db;
};
struct mgt_session {
	struct mgt_options	 opts;
	struct mgt_limits	 limits;
	struct ruleset		 rules;
	char		       **rule_dirs;	/* loaded, in order */
	size_t			 nrule_dirs;
	size_t			 ndiags_reported;
	int			 rules_ready;	/* ruleset_finish() done */
};

struct mgt_case {
	mgt_session		*s;
	sqlite3			*db;		/* read-only */
	char			*path;
	struct api_scratch	 scratch;	/* mgt_case_build()'s, removed at
						   close; NULLs if none */
	char		       **meta;		/* the last mgt_case_meta() */
	size_t			 nmeta;
};

struct mgt_result {
	struct result		*r;
	const struct finding   **order;	/* report order (mgt_result_finding()) */
	size_t			 norder;
};

struct diff;
struct mgt_diff {
	struct diff		*d;
};

/* Check the rules as a whole (explains, cycles) once, after the last
 * load, and report what that finds. */
void	 api_rules_ready(mgt_session *);
/* The session's on_problem as an engine problem sink. */
void	 api_problem_sink(const mgt_session *, struct problem_sink *);
int	 api_scratch_make(const mgt_session *, struct api_scratch *,
	    int track_db, struct mgt_error *);
void	 api_scratch_clean(struct api_scratch *);
/* Options for opening an index under the session. */
void	 api_index_open_opts(const mgt_session *, struct index_open_opts *);
/* Options for an ingest run under the session. */
void	 api_ingest_options(const mgt_session *, struct ingest_options *);

#endif
