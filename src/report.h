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
	const struct report_problem *problems;	/* sorted, possibly capped */
	size_t			 nproblems;
	long long		 problems_total; /* before capping */
	const struct report_event *timeline;	/* may be NULL */
	size_t			 ntimeline;
	struct report_stats	 stats;
	enum rule_severity	 fail_on;	/* JUnit: failed at or above this */
	int			 color;		/* text: ANSI colours */
	const char		*generated_at;	/* NULL: no time printed */
};

/* Parse "text", "json", "markdown"/"md", "html", "junit"; -1 if unknown. */
int	 report_format_parse(const char *);
int	 report_write(FILE *, enum report_format, const struct report *,
	    struct mgt_error *);

/* The format writers (report-<format>.c). */
int	 report_text_write(FILE *, const struct report *);
int	 report_json_write(FILE *, const struct report *);
int	 report_markdown_write(FILE *, const struct report *);
int	 report_html_write(FILE *, const struct report *);
int	 report_junit_write(FILE *, const struct report *);

#endif
