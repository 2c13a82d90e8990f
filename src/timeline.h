/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Timelines: one ordered history built from the index (condition
 * transitions, events, rule hits, first and last of repeating lines), for
 * the `timeline` command and for the evidence behind each root cause in
 * the Markdown and HTML reports.
 */
#ifndef MGT_TIMELINE_H
#define MGT_TIMELINE_H

#include <sqlite3.h>
#include <stdint.h>

#include "finding.h"
#include "report.h"

struct mgt_error;

struct timeline {
	struct report_event	*events;	/* sorted by first_ts, then what */
	size_t			 n;
};

struct timeline_filter {
	const char	*node;		/* NULL: all */
	int64_t		 since;		/* INT64_MIN: no bound */
	int64_t		 until;		/* INT64_MAX: no bound */
};

void	 timeline_init(struct timeline *);
void	 timeline_free(struct timeline *);
/*
 * The hits of every fired finding, folded by rule, item, kind of source
 * and unit or container (index_read_hit_spans()).  These return MGT_OK,
 * or MGT_ERR_DB with SQLite's message in err (never a shorter timeline).
 */
int	 timeline_for_findings(sqlite3 *, const struct finding_set *,
	    struct timeline *, struct mgt_error *);
/* The whole case: condition transitions, events, hits; filtered. */
int	 timeline_build(sqlite3 *, const struct timeline_filter *,
	    struct timeline *, struct mgt_error *);

#endif
