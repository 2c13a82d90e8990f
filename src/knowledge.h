/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The knowledge base beside the rules (DIR/knowledge/ files,
 * mgtriage-rules(5) "KNOWLEDGE"): which component depends on which, the
 * symptom markers in condition messages that name the component at
 * fault, and the known-benign noise to suppress.  Ranking reads the first
 * two, knowledge_suppress() the third.  All of it is data with the source
 * of every entry; the engine names no component.
 */
#ifndef MGT_KNOWLEDGE_H
#define MGT_KNOWLEDGE_H

#include <stddef.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

struct finding;
struct finding_set;

/* Entries of each kind across all files; more are a load error. */
#define KNOWLEDGE_MAX_ENTRIES	1024

/* "component depends on each of on": a failing dependency that began no
 * later explains it (or always, for a summary such as ClusterVersion). */
struct knowledge_dep {
	char		**component;	/* globs over component names */
	size_t		  ncomponent;
	char		**on;		/* globs */
	size_t		  non;
	int		  summary;	/* no time test */
	char		 *why;
	char		 *source;
};

/* A finding whose text matches pattern is a symptom of component `on`
 * (a template over the pattern's named groups; a glob). */
struct knowledge_marker {
	char		*pattern;
	pcre2_code	*re;
	char		*on;
	char		*why;
	char		*source;
};

/* Findings of rule (glob), about component (glob, optional), whose text
 * matches pattern (optional) are known-benign. */
struct knowledge_benign {
	char		*rule;
	char		*component;
	char		*pattern;
	pcre2_code	*re;
	char		*reason;
	char		*source;
};

struct knowledge {
	struct knowledge_dep	*deps;
	size_t			 ndeps;
	struct knowledge_marker	*markers;
	size_t			 nmarkers;
	struct knowledge_benign	*benign;
	size_t			 nbenign;
};

void	 knowledge_free(struct knowledge *);

/*
 * Mark each current finding of set that a benign entry matches as
 * FINDING_SUPPRESSED, with the entry's reason and source as its
 * state_reason.  kb may be NULL.
 */
void	 knowledge_suppress(const struct knowledge *kb, struct finding_set *);

/* The components the markers in one finding's text point at: globs
 * filled from the pattern's named groups, each with its reason. */
struct knowledge_targets {
	char		**on;
	char		**why;
	size_t		  n;
};
void	 knowledge_marker_targets(const struct knowledge *kb,
	    const struct finding *f, struct knowledge_targets *out);
void	 knowledge_targets_free(struct knowledge_targets *);

/*
 * Does cause explain f through the knowledge base?  Both must have a
 * different component.  1 with *why (the caller frees it: the reason and
 * its source) when one of f's marker targets (from
 * knowledge_marker_targets()) names cause's component, or f's component
 * depends on cause's and cause began no later (or the entry is a
 * summary); else 0.
 */
int	 knowledge_explains(const struct knowledge *kb,
	    const struct finding *cause, const struct finding *f,
	    const struct knowledge_targets *ft, char **why);

/* What markers and benign patterns are matched against: the summary and
 * every cited evidence text and value, one per line, bounded.  Caller
 * frees. */
char	*knowledge_text(const struct finding *);

#endif
