/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Findings: rules whose `when` held, with their evidence, and the ranked
 * tree the reports print (root causes with their symptoms under them).
 */
#ifndef MGT_FINDING_H
#define MGT_FINDING_H

#include <stddef.h>
#include <stdint.h>

#include "rule.h"

/* One piece of evidence, either a log line or an object field. */
struct finding_evidence {
	char		*item;		/* evidence item name in the rule */
	char		*source;	/* virtual path, or NULL for an object */
	long		 line;		/* 1-based line in source (or in the object's file), 0 if none */
	int64_t		 ts;		/* UTC us, INT64_MIN if none */
	char		*node;		/* node the evidence is about, or NULL */
	char		*text;		/* the log line (capped), or NULL */
	char		*object;	/* "Kind/namespace/name" or "Kind/name", or NULL */
	char		*field;		/* e.g. "status.configuration.name" */
	char		*value;
};

/* Whether a finding holds at gather time (mgtriage-rules(5), "NOW
 * VERSUS THEN"); only current findings are ranked. */
enum finding_state {
	FINDING_CURRENT = 0,
	FINDING_HISTORY,	/* ended or recovered before the gather */
	FINDING_SUPPRESSED	/* matches known-benign noise */
};

struct finding {
	const struct rule	*rule;
	char			*summary;	/* filled template */
	char			*component;	/* "node/master-0", or NULL */
	enum finding_state	 state;
	char			*state_reason;	/* why history or suppressed */
	struct finding_evidence	*evidence;	/* strongest first, capped */
	size_t			 nevidence;
	long			 total_evidence; /* before capping */
	int64_t			 first_ts;	/* earliest evidence, INT64_MIN if none */
	int64_t			 last_ts;

	/* Set by rank. */
	struct finding		*cause;		/* the finding this one is a symptom of, or NULL */
	struct finding	       **symptoms;	/* direct symptoms, ranked */
	size_t			 nsymptoms;
	size_t			 nexplained;	/* all findings below it, transitively */
	int			 rank;		/* 1-based among root causes, 0 for symptoms */
	char			*rank_reason;	/* why it ranks where it does */
};

struct finding_set {
	struct finding	*findings;	/* every fired finding, sorted by rule id */
	size_t		 nfindings;
	struct finding **roots;		/* root causes, ranked */
	size_t		 nroots;
	struct finding **history;	/* FINDING_HISTORY, by last time */
	size_t		 nhistory;
	struct finding **suppressed;	/* FINDING_SUPPRESSED, by rule id */
	size_t		 nsuppressed;
};

void	 finding_set_init(struct finding_set *);
void	 finding_set_free(struct finding_set *);
/* Append a finding; the set takes ownership of its strings and arrays. */
struct finding *finding_set_add(struct finding_set *);
/* Drop the ranking (cause, symptoms, rank, rank_reason, roots); the
 * findings stay.  finding_set_add() and rank_findings() call it. */
void	 finding_set_unrank(struct finding_set *);

struct knowledge;

/*
 * Rank (DESIGN.md "Ranking") the current findings: explains edges between
 * fired findings, and the edges the knowledge base draws between their
 * components (dependencies, symptom markers, a specific finding over a
 * generic one about the same component), make symptoms; the rest are
 * root causes, ordered by severity, then number of symptoms explained
 * (transitively), then earliest evidence, then rule id.  A finding
 * explained by several goes under the best-ranked one.  Cycles are broken
 * by severity, then earliest evidence, then id.  Findings that are history
 * or suppressed are not ranked: they are listed in set->history and
 * set->suppressed.  kb may be NULL.  Fills cause/symptoms/rank/
 * rank_reason and the lists.
 */
void	 rank_findings(struct finding_set *, const struct knowledge *kb);
/* "current", "history" or "suppressed". */
const char *finding_state_name(enum finding_state);
/* "rule.id (component)" or "rule.id": how reasons name a finding.
 * Caller frees. */
char	*finding_label(const struct finding *);

#endif
