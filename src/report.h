/*
 * Writing the ranked report in one of five formats: text (terminal),
 * JSON (versioned schema, doc/report-schema.md), Markdown, one
 * self-contained HTML file, JUnit XML.  Output is deterministic: the same
 * report struct gives the same bytes.
 */
#ifndef MGT_REPORT_H
#define MGT_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "finding.h"
#include "problem.h"
#include "rule.h"
/* The writers step over text with utf8_decode(). */
#include "utf8.h"

struct mgt_error;

#define REPORT_SCHEMA "mgtriage.report/v1"

enum report_format {
	REPORT_TEXT = 0,
	REPORT_JSON,
	REPORT_MARKDOWN,
	REPORT_HTML,
	REPORT_JUNIT
};

struct report_problem {
	enum problem_severity	 severity;
	const char		*code;
	const char		*vpath;
	long long		 offset;
	long			 line;
	const char		*message;
};

/* One entry of the timeline of a root cause's evidence. */
struct report_event {
	int64_t		 first_ts;	/* UTC us */
	int64_t		 last_ts;
	long		 count;		/* folded repeats */
	const char	*what;		/* short text */
	const char	*where;		/* "vpath:line" or object */
	const char	*nodes;		/* comma-joined nodes, may be NULL */
};

struct report_stats {
	long long	 sources;	/* members catalogued */
	long long	 lines;		/* log lines read */
	long long	 resources;	/* objects indexed */
	long long	 bytes;		/* decompressed bytes read */
	long long	 rules;		/* rules evaluated */
	double		 seconds;	/* wall time; printed only if have_seconds */
	int		 have_seconds;
};

struct report {
	const char		*version;	/* tool version */
	const char	       **inputs;
	size_t			 ninputs;
	const struct ruleset	*rules;		/* every rule evaluated (JUnit: one case each) */
	const struct finding_set *findings;	/* ranked */
	/* Errors and warnings first, all of them; then info rows, capped. */
	const struct report_problem *problems;
	size_t			 nproblems;
	long long		 problems_total; /* before capping */
	/* Over the whole run (index and rules) when have_counts; else the
	 * writers count and group the listed problems. */
	int			 have_counts;
	long long		 problem_counts[3]; /* by enum problem_severity */
	const struct report_group *groups;	/* by code, sorted */
	size_t			 ngroups;
	const struct report_event *timeline;	/* may be NULL */
	size_t			 ntimeline;
	struct report_stats	 stats;
	enum rule_severity	 fail_on;	/* JUnit: failed at or above this */
	int			 color;		/* text: ANSI colours */
	size_t			 width;		/* text: display columns, 0 = no cut */
	const char		*generated_at;	/* NULL: no time printed */
};

/* Problems in the run: the recorded total, or those listed if more. */
long long report_problems_total(const struct report *);
/* "N input problems (E errors, W warnings, I info)" and "; K not listed"
 * when the list is shorter, into buf: the completeness section's first
 * sentence in every format, without its final punctuation. */
void	 report_problems_sentence(const struct report *, char *buf,
	    size_t len);
/* Problems of severity sev in the run (listed or not). */
long long report_problem_count(const struct report *, enum problem_severity);
/*
 * The headline every format prints first when an input error or warning
 * made the run partial: "INCOMPLETE: 2 input errors, 1 warning: ...".
 * Returns 0 (and buf "") when the run is complete.
 */
int	 report_incomplete(const struct report *, char *buf, size_t len);

/* Parse "text", "json", "markdown"/"md", "html", "junit"; -1 if unknown. */
int	 report_format_parse(const char *);
int	 report_write(FILE *, enum report_format, const struct report *,
	    struct mgt_error *);

/*
 * Helpers shared by the format writers (report.c).
 */

/* Bounds on what a report shows (shared/HARDENING.md "Snippet size"). */
#define REPORT_SNIPPET_MAX	512	/* bytes of an evidence text or value */
#define REPORT_TEXT_WHAT_MIN	24	/* columns always left for a log line */
#define REPORT_TEXT_EVIDENCE	3	/* evidence lines under a root cause */
#define REPORT_EXAMPLES		3	/* examples shown per problem code */

/* One problem code in the completeness section. */
struct report_group {
	const char		*code;
	enum problem_severity	 severity;	/* the worst in the group */
	long			 count;
	size_t			 first;		/* index of its first problem */
};

/* mgt_time_format_brief(): "2026-01-08T10:02:11Z" (UTC), ".123456" only
 * when not whole seconds; "" for INT64_MIN.  len >= 40. */
char	*report_format_ts(int64_t us, char *buf, size_t len);
/* The finding's severity name, "info" if it has no rule. */
const char *report_finding_severity(const struct finding *);
/* Length of s cut to at most max bytes without splitting a character. */
size_t	 report_cut(const char *s, size_t max);
/*
 * One evidence item as one unescaped line, the medium's writer escapes it:
 * "vpath:line: text", "vpath: text" or "Kind/ns/name field=value".  Text
 * and value are cut to REPORT_SNIPPET_MAX bytes, "…" marks a cut.  The
 * caller frees the result.
 */
char	*report_evidence_line(const struct finding_evidence *);
/* "vpath:line", "vpath: offset N" or "vpath"; "(input)" for the run.
 * The caller frees the result. */
char	*report_problem_where(const struct report_problem *);
/*
 * Terminal-safe copy of s: control bytes, invalid UTF-8 and U+2028/9
 * escaped as \xNN (util_escape_n), C1 controls and bidi overrides as
 * \uNNNN, then cut to cols display columns with "…" appended when cut.
 * The caller frees the result.
 */
char	*report_term(const char *s, size_t cols);
/* Is cp a C1 control or a bidi override (shown inert as \uNNNN)? */
int	 report_term_risky(uint32_t cp);
/* The problem's code, "unknown" if it has none. */
const char *report_problem_code(const struct report_problem *);
/* Problems grouped by code, worst severity first, then count, then code
 * (r->groups when given, else the listed problems grouped).  first is
 * the index of the code's first listed problem (nproblems if none).
 * Returns the number of groups; the caller frees *groups. */
size_t	 report_group_problems(const struct report *,
	    struct report_group **groups);
/* Number of rules evaluated: the rule set's size, else stats.rules. */
long long report_nrules(const struct report *);

/* The format writers (report-<format>.c); MGT_OK or MGT_ERR_IO. */
int	 report_text_write(FILE *, const struct report *);
int	 report_json_write(FILE *, const struct report *);
int	 report_markdown_write(FILE *, const struct report *);
int	 report_html_write(FILE *, const struct report *);
int	 report_junit_write(FILE *, const struct report *);
/* XML-escape s for JUnit text (attr 0) or an attribute value (attr 1):
 * invalid UTF-8 becomes U+FFFD, characters XML 1.0 forbids are dropped,
 * cut at 4 KiB.  Also used by `corpus --junit`. */
void	 report_junit_put(FILE *, const char *, int attr);

#endif
