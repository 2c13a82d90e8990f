/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Input problems: what could not be read, what was skipped, and every limit
 * hit.  Producers call problem_report(); the sink (set up by ingest) hands
 * it to the caller's on_problem and stores a row in the index's problems
 * table.
 */
#ifndef MGT_PROBLEM_H
#define MGT_PROBLEM_H

#include <stdio.h>

enum problem_severity {
	PROBLEM_INFO = 0,	/* noted; does not make the run partial */
	PROBLEM_WARNING,	/* something was skipped or cut; exit 1 */
	PROBLEM_ERROR		/* something could not be read; exit 1 */
};

/*
 * Stable problem codes (the "code" column, documented in doc/index-schema.md).
 * Producers use these macros rather than bare strings.
 */
#define PCODE_TRUNCATED		"truncated"		/* archive or stream ends early */
#define PCODE_CORRUPT		"corrupt"		/* bad header, checksum or CRC */
#define PCODE_READ_ERROR	"read-error"		/* I/O error on a file */
#define PCODE_PATH_TRAVERSAL	"path-traversal"	/* member name with .. */
#define PCODE_ABSOLUTE_PATH	"absolute-path"		/* member name starting with / */
#define PCODE_LINK		"link"			/* symlink or hardlink, recorded */
#define PCODE_SPECIAL_FILE	"special-file"		/* device, fifo, socket */
#define PCODE_DUPLICATE_PATH	"duplicate-path"	/* same member name twice */
#define PCODE_NAME		"bad-name"		/* too long, invalid bytes */
#define PCODE_EMPTY		"empty"			/* zero-byte member */
#define PCODE_FORMAT_MISMATCH	"format-mismatch"	/* extension disagrees with content */
#define PCODE_UNSUPPORTED	"unsupported"		/* container we do not open */
#define PCODE_ENCRYPTED		"encrypted"		/* encrypted member */
#define PCODE_LIMIT_DEPTH	"limit-depth"		/* nesting depth */
#define PCODE_LIMIT_MEMBERS	"limit-members"		/* member count */
#define PCODE_LIMIT_MEMBER_BYTES "limit-member-bytes"	/* bytes per member */
#define PCODE_LIMIT_TOTAL_BYTES	"limit-total-bytes"	/* bytes per run */
#define PCODE_LIMIT_RATIO	"limit-ratio"		/* suspicious compression ratio */
#define PCODE_LIMIT_LINE	"limit-line"		/* line longer than max-line */
#define PCODE_LIMIT_DOC		"limit-doc"		/* document too large to parse */
#define PCODE_LIMIT_DOCS	"limit-docs"		/* too many documents in a file */
#define PCODE_LIMIT_ALERTS	"limit-alerts"		/* too many alerts in a file */
#define PCODE_LIMIT_HITS	"limit-hits"		/* stored hits capped */
#define PCODE_LIMIT_STORED_LINES "limit-stored-lines"	/* stored log lines capped */
#define PCODE_LIMIT_PROBLEMS	"limit-problems"	/* problem rows of a code capped */
#define PCODE_LIMIT_INDEX_BYTES	"limit-index-bytes"	/* index size bound reached */
#define PCODE_LIMIT_MATCH	"limit-match"		/* PCRE2 match or depth limit */
#define PCODE_LIMIT_MATCH_TIME	"limit-match-time"	/* pattern over its matching time */
#define PCODE_LIMIT_SQL		"limit-sql"		/* rule SQL over its steps or memory */
#define PCODE_LIMIT_RULE	"limit-rule"		/* findings of one rule capped */
#define PCODE_YAML		"yaml-error"		/* YAML syntax or structure */
#define PCODE_JSON		"json-error"		/* JSON syntax or structure */
#define PCODE_YAML_ALIAS	"yaml-alias"		/* alias expansion refused */
#define PCODE_NUL		"nul-bytes"		/* NUL bytes in text */
#define PCODE_BINARY		"binary"		/* not text: catalogued, not read */
#define PCODE_UTF8		"invalid-utf8"		/* invalid UTF-8 in text */
#define PCODE_NOT_OBJECT	"not-object"		/* YAML/JSON that is not a Kubernetes object */
#define PCODE_RULE		"rule"			/* rule disabled at run time */
#define PCODE_UNATTACHED	"unattached"		/* log of hosts that are not the case's nodes */
#define PCODE_TIMELINE		"timeline"		/* the timeline could not be built */
#define PCODE_RULE_LOAD		"rule-load"		/* rule file rejected at load */

struct problem {
	enum problem_severity	 severity;
	const char		*code;		/* a PCODE_* */
	const char		*vpath;		/* virtual path, "" for the run */
	long long		 offset;	/* byte offset, -1 if unknown */
	long			 line;		/* 1-based line, 0 if unknown */
	const char		*message;	/* reason, with the library's text */
};

typedef void (*problem_fn)(void *ctx, const struct problem *);

struct problem_sink {
	problem_fn	 fn;
	void		*ctx;
};

/* Format the message and pass one problem to the sink (a NULL sink or a
 * sink without fn drops it). */
void	 problem_report(const struct problem_sink *, enum problem_severity,
	    const char *code, const char *vpath, long long offset, long line,
	    const char *fmt, ...) __attribute__((format(printf, 7, 8)));

/* "info", "warning", "error": how the index, the reports and stderr
 * spell a severity. */
const char *problem_severity_name(enum problem_severity);
/* The severity a name spells, -1 for anything else. */
int	 problem_severity_parse(const char *);

/* "where:line: severity: message [code]" ("where: offset N: ..." or
 * "(input): ..." without a line) into buf, unescaped; returns buf. */
const char *problem_format(const struct problem *, char *buf, size_t len);

#endif
