/*
 * What the public API's objects hold (include/mgtriage.h): shared by the
 * api-*.c files only.
 */
#ifndef MGT_API_H
#define MGT_API_H

#include <sqlite3.h>

#include "mgtriage.h"
#include "ingest.h"
#include "mgt-limits.h"
#include "problem.h"
#include "result.h"
#include "rule.h"

struct mgt_session {
	struct mgt_options	 opts;
	struct mgt_limits	 limits;
	struct ruleset		 rules;
	char		       **rule_dirs;	/* loaded, in order */
	size_t			 nrule_dirs;
	int			 rules_pending;	/* loaded, not yet finished */
};

struct mgt_case {
	mgt_session		*s;
	sqlite3			*db;		/* read-only */
	char			*path;
	char		       **meta;		/* the last mgt_case_meta() */
	size_t			 nmeta;
};

struct mgt_result {
	struct result		*r;
};

/* The session's on_problem as an engine problem sink. */
void	 api_problem_sink(const mgt_session *, struct problem_sink *);
/*
 * Finish the loaded rules once every directory is in (sort, check explains
 * and cycles across all of them) and report what that found; a no-op when
 * nothing was loaded since.  Called before the rules are used.
 */
void	 api_rules_finish(mgt_session *);
/* Options for an ingest run under the session. */
void	 api_ingest_options(const mgt_session *, struct ingest_options *);

#endif
