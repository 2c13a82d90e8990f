/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Evaluating the rules over a case and writing the report: what `report`
 * does, and what `analyze` does after indexing.
 */
#ifndef MGT_CLI_EVALUATE_H
#define MGT_CLI_EVALUATE_H

#include "cli.h"

struct mgt_limits;

struct cmd_report_opts {
	enum mgt_format		 format;
	const char		*output;	/* NULL: stdout */
	int			 fail_on;	/* enum mgt_severity, -1: never */
	const char		*generated_at;	/* NULL: no time printed */
	int			 color;		/* -1: auto (tty, NO_COLOR) */
	long			 width;		/* text columns; -1: the terminal's,
						   0 (not a tty): never cut */
	double			 seconds;	/* analyze: wall time, < 0 unknown */
	const char	       **inputs;	/* NULL: from the index meta */
	size_t			 ninputs;
	const struct mgt_limits	*sql_limits;	/* NULL: the defaults */
};

/* Option codes analyze and report share (above the ingest ones). */
enum {
	CMD_REPORT_OPT_FAIL_ON = 512,
	CMD_REPORT_OPT_NOW,
	CMD_REPORT_OPT_COLOR,
	CMD_REPORT_OPT_NO_COLOR,
	CMD_REPORT_OPT_WIDTH
};

#define CMD_REPORT_LONGOPTS						\
	{ "format", required_argument, NULL, 'f' },			\
	{ "output", required_argument, NULL, 'o' },			\
	{ "fail-on", required_argument, NULL, CMD_REPORT_OPT_FAIL_ON },	\
	{ "now", required_argument, NULL, CMD_REPORT_OPT_NOW },		\
	{ "color", no_argument, NULL, CMD_REPORT_OPT_COLOR },		\
	{ "no-color", no_argument, NULL, CMD_REPORT_OPT_NO_COLOR },	\
	{ "width", required_argument, NULL, CMD_REPORT_OPT_WIDTH }

void	 cmd_report_opts_init(struct cmd_report_opts *);

/* What `report` and `analyze` parse: report options, then ingest ones. */
struct cmd_ingest;
struct cmd_report_args {
	struct cmd_ingest	*ci;
	struct cmd_report_opts	 ro;
	char			 timebuf[64];	/* --now, as printed */
};
void	 cmd_report_args_init(struct cmd_report_args *, struct cmd_ingest *);
/* For cmd_options(): ctx is a struct cmd_report_args. */
int	 cmd_report_args_option(void *ctx, int opt, const char *arg);
/* Handle a report option (-f, -o, --fail-on, --now, --[no-]color,
 * --width).
 * Returns -1 if opt is not one, else an exit code (0 when handled). */
int	 cmd_report_option(struct cmd_report_opts *, const struct cmd_entry *,
	    int opt, const char *arg, char *timebuf, size_t timelen);
/* SOURCE_DATE_EPOCH sets the printed time when --now does not. */
void	 cmd_report_env_time(struct cmd_report_opts *, char *, size_t);
/* Parse a --now time (seconds since the epoch or a date) into buf;
 * returns 0 or -1. */
int	 cmd_report_parse_time_arg(const char *, char *buf, size_t len);
/*
 * Evaluate the session's rules over the case and write the report.
 * Returns an exit code: 5 when a finding is at or above fail_on, else 1
 * when the index records input problems or a rule failed, else 0; 4 when
 * the index cannot be read or the output cannot be written.
 */
int	 cmd_report_run(mgt_case *, const struct cmd_report_opts *);

#endif
