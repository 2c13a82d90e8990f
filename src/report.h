/* SPDX-License-Identifier: Apache-2.0 */
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
struct report_line;

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
	 * model counts and groups the listed problems. */
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
	/* The case at a glance (summary.h): sentences every format shows
	 * first, and the whole summary for JSON (a cJSON object); none when
	 * ncluster is 0. */
	char * const		*cluster;
	size_t			 ncluster;
	const void		*cluster_json;
};

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

/* One problem code and its count over the whole run (have_counts). */
struct report_group {
	const char		*code;
	enum problem_severity	 severity;	/* the worst in the group */
	long			 count;
	size_t			 first;		/* not read by the report model */
};

/* time_format_brief(): "2026-01-08T10:02:11Z" (UTC), ".123456" only
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
/* The same item in parts (struct report_line, report-model.h): where it
 * is, a separator and the text or value whole; line as above.  The
 * caller frees where and line. */
void	 report_evidence_split(const struct finding_evidence *,
	    struct report_line *);
/* Split s at newlines (a final newline ends the last line) into *lines;
 * returns their number.  The caller frees each line and the array. */
size_t	 report_split_lines(const char *s, char ***lines);
/*
 * Terminal-safe copy of s: control bytes, invalid UTF-8 and U+2028/9
 * escaped as \xNN (util_escape_n), C1 controls and bidi overrides as
 * \uNNNN, then cut to cols display columns with "…" appended when cut.
 * The caller frees the result.
 */
char	*report_term(const char *s, size_t cols);
/* Is cp a C1 control or a bidi override (shown inert as \uNNNN)? */
int	 report_term_risky(uint32_t cp);
/*
 * Write s XML-escaped (report-xml.c), cut to max bytes with "…" appended:
 * & < > " ' as entities; C1 controls and bidi overrides as a visible
 * \uNNNN.  For XML (JUnit), invalid UTF-8 becomes U+FFFD, characters XML
 * 1.0 forbids are dropped, and with REPORT_XML_ATTR tab, newline and
 * carriage return are references.  With REPORT_XML_HTML, invalid bytes
 * and control characters show as <span class="esc">\xNN</span> (newline
 * and tab kept with REPORT_XML_LINES), C1 and bidi inside such a span too,
 * and U+2028/9 as references; REPORT_XML_BREAKS puts a <wbr> after the
 * separators of a long word (a path), REPORT_XML_LIST after each comma.
 */
#define REPORT_XML_ATTR		0x01
#define REPORT_XML_HTML		0x02
#define REPORT_XML_LINES	0x04
#define REPORT_XML_BREAKS	0x08
#define REPORT_XML_LIST		0x10
void	 report_xml_put_cut(FILE *, const char *s, size_t max, int flags);
/* XML-escape s for JUnit text (attr 0) or an attribute value (attr 1),
 * cut at REPORT_XML_MAX bytes.  Also used by `corpus --junit`. */
#define REPORT_XML_MAX		4096
void	 report_xml_put(FILE *, const char *, int attr);
/* The old name of report_xml_put(), until cmd-corpus.c is ported. */
#define report_junit_put	report_xml_put

#endif
