/* SPDX-License-Identifier: Apache-2.0 */
/*
 * journalctl's structured output formats as text lines.  `-o json` (one
 * object per line) and `-o export` (KEY=VALUE fields, entries separated by
 * blank lines, binary-safe fields with a length prefix) are converted,
 * entry by entry, into short-iso-precise lines that the log parser reads:
 *   "2026-01-08T10:00:00.123456+0000 HOST IDENT[PID]: MESSAGE"
 * The text formats (short, short-precise, short-iso, cat) need no
 * conversion.
 */
#ifndef MGT_PARSE_JOURNAL_H
#define MGT_PARSE_JOURNAL_H

#include <stddef.h>

#include "mgt-limits.h"
#include "problem.h"

enum journal_format {
	JOURNAL_TEXT = 0,	/* short*, cat: read as log lines */
	JOURNAL_JSON,		/* one JSON object per line */
	JOURNAL_EXPORT		/* the export format */
};

/* The year of a "-- Logs begin at 2021-09-14 ..." header line; 0 when
 * the line is not one.  line need not be NUL-terminated. */
int	 journal_header_year(const char *line, size_t len);

/* Decide the format from the first bytes of a member. */
enum journal_format journal_detect(const void *head, size_t len);

struct journal_conv;

/*
 * Called with each converted line (no trailing newline; may contain any
 * byte except '\n', which is escaped as "\n" in the text).  entry is the
 * 1-based entry number, used as the line number.  Return MGT_OK to go on.
 */
typedef int (*journal_line_fn)(void *ctx, const char *line, size_t len,
	    long entry);

/* A converter for one member; problems (bad entries, oversize fields) are
 * reported to sink against vpath. */
struct journal_conv *journal_conv_new(enum journal_format,
	    const struct mgt_limits *, const struct problem_sink *,
	    const char *vpath);
/* Feed the next bytes of the member (any block boundaries). */
int	 journal_conv_push(struct journal_conv *, const char *buf, size_t len,
	    journal_line_fn, void *ctx);
/* End of the member: flush the last entry. */
int	 journal_conv_end(struct journal_conv *, journal_line_fn, void *ctx);
void	 journal_conv_free(struct journal_conv *);

#endif
