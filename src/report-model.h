/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The report model (doc/report-model.md): the evaluated result laid out
 * once, in plain structs, for every format.  report_model_build() reads a
 * struct report and does all the walking, grouping, counting, ordering and
 * phrasing; the writers (report-<format>.c) only render the model with
 * their own markup and escaping.
 */
#ifndef MGT_REPORT_MODEL_H
#define MGT_REPORT_MODEL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "report.h"

#define REPORT_MAX_DEPTH	32	/* symptom levels shown */
#define REPORT_CHECK_FINDINGS	8	/* findings shown in one rule's check */
#define REPORT_ALERTS_MAX	50	/* errors, warnings listed */

/* One piece of evidence, in the forms the writers show it. */
struct report_line {
	const struct finding_evidence *ev;	/* every field (JSON) */
	char		*where;	/* "vpath:line", "Kind/ns/name field", ... */
	const char	*sep;	/* "", ": " or "=" between where and what */
	const char	*what;	/* the log line or value, whole, or NULL */
	char		*line;	/* all three, what cut */
};

/* A fired finding: a root cause or, under one, a symptom. */
struct report_cause {
	int			 rank;		/* 1-based for a root, else 0 */
	char			*number;	/* "2", "2.1", "2.1.3" */
	int			 depth;		/* 0 for a root */
	const char		*id;		/* rule id, NULL if none */
	const char		*name;		/* rule id, "?" if none, with
						   " (component)" when it has one */
	char			*name_buf;	/* name when built */
	const char		*title;		/* rule title or NULL */
	const char		*category;	/* or NULL */
	enum rule_severity	 severity;	/* info without a rule */
	const char		*severity_name;	/* "critical" ... "info" */
	const char		*summary;	/* filled template or NULL */
	const char		*label;		/* summary, title or "" */
	const char		*component;	/* "node/master-0", or NULL */
	enum finding_state	 state;
	const char		*state_name;	/* "current", "history", "suppressed" */
	const char		*state_reason;	/* why not current, or NULL */
	const char		*rank_reason;	/* or NULL */
	int			 reason_is_tree; /* "explained by" the cause */
	int64_t			 first_ts;	/* INT64_MIN if none */
	struct report_line	*evidence;	/* strongest first */
	size_t			 nevidence;
	long			 total_evidence; /* >= nevidence */
	const char		*remedy;	/* as written, or NULL */
	char		       **remedy_lines;	/* remedy split at newlines */
	size_t			 nremedy_lines;	/* 0: no remedy to show */
	char		* const	*references;
	size_t			 nreferences;
	struct report_cause	*cause;		/* the one above, or NULL */
	struct report_cause    **symptoms;	/* ranked */
	size_t			 nsymptoms;
	size_t			 nbelow;	/* symptoms below, all levels */
	/* "(N more symptoms below)" when the tree stops here for depth:
	 * its symptoms are then not shown; NULL otherwise. */
	char			*more;
};

/* One rule evaluated (a JUnit test case). */
struct report_check {
	const char		*id;
	const char		*category;	/* or NULL */
	const char		*title;		/* or NULL */
	struct report_cause	*found[REPORT_CHECK_FINDINGS];
	size_t			 nfound;	/* may exceed what found has */
	int			 fails;		/* holds now at or above fail_on */
};

/* One listed input problem. */
struct report_issue {
	const struct report_problem *p;		/* every field (JSON) */
	const char		*code;		/* "unknown" if none */
	const char		*severity_name;
	char			*where;		/* report_problem_where() */
	const char		*message;	/* "" if none */
};

/* One problem code in the completeness section. */
struct report_issue_group {
	const char		*code;
	enum problem_severity	 severity;	/* the worst in the group */
	const char		*severity_name;
	long			 count;		/* in the run, listed or not */
	struct report_issue	*examples[REPORT_EXAMPLES];
	size_t			 nexamples;
	long			 nmore;		/* count - nexamples */
};

struct report_model {
	/* What was analysed, by what, and the output settings. */
	const char		*version;	/* or NULL */
	const char	       **inputs;
	size_t			 ninputs;
	const char		*generated_at;	/* or NULL */
	char * const		*cluster;	/* the case at a glance */
	size_t			 ncluster;
	const void		*cluster_json;	/* cJSON, or NULL */
	long long		 nrules;	/* rules evaluated */
	enum rule_severity	 fail_on;
	int			 color;
	size_t			 width;

	/* The findings: every one in rule id order, and the ranked tree. */
	struct report_cause	*findings;
	size_t			 nfindings;
	struct report_cause    **causes;	/* root causes, ranked */
	size_t			 ncauses;
	struct report_cause    **history;	/* resolved before the gather,
						   last seen newest first */
	size_t			 nhistory;
	struct report_cause    **suppressed;	/* known-benign, by rule id */
	size_t			 nsuppressed;
	size_t			 ncurrent;	/* findings that hold now */
	char			*no_cause;	/* "No root cause found ..." */
	/* "N (M root causes)", with ", H resolved before the gather, S
	 * suppressed" when there are such findings. */
	char			*findings_sentence;

	/* Every rule evaluated, by id, and how many failed. */
	struct report_check	*checks;
	size_t			 nchecks;
	long long		 nfailures;

	/* Completeness. */
	int			 complete;
	char			*headline;	/* "INCOMPLETE: ..." or NULL */
	long long		 nerrors, nwarnings, ninfo;
	long long		 problems_total;
	/* "No input problems: ..." or "N input problems (...)", without
	 * final punctuation. */
	char			*problems_sentence;
	struct report_issue	*problems;	/* listed, in order */
	size_t			 nproblems;
	struct report_issue_group *groups;	/* worst, biggest first */
	size_t			 ngroups;
	struct report_issue   **alerts;		/* errors and warnings listed */
	size_t			 nalerts;	/* <= REPORT_ALERTS_MAX */

	const struct report_event *timeline;	/* oldest first */
	size_t			 ntimeline;

	const struct report_stats *stats;
	/* "N sources, N log lines, N resources, N bytes; N rules evaluated
	 * in S s", without final punctuation. */
	char			*stats_sentence;
};

/* Build the model of r; free it with report_model_free(). */
void	 report_model_build(struct report_model *, const struct report *);
void	 report_model_free(struct report_model *);

/* The format writers (report-<format>.c); MGT_OK or MGT_ERR_IO. */
int	 report_text_write(FILE *, const struct report_model *);
int	 report_json_write(FILE *, const struct report_model *);
int	 report_markdown_write(FILE *, const struct report_model *);
int	 report_html_write(FILE *, const struct report_model *);
int	 report_junit_write(FILE *, const struct report_model *);

#endif
