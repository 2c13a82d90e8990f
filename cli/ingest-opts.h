/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Options shared by the commands that ingest inputs (index, analyze,
 * corpus): limits, index flags, rule directories, quiet and progress.
 */
#ifndef MGT_CMD_INGEST_H
#define MGT_CMD_INGEST_H

#include <getopt.h>

#include "cli.h"

/* Long-only option codes, above any short option character. */
enum {
	CMD_OPT_LIMIT = 256,
	CMD_OPT_FULL_TEXT,
	CMD_OPT_FTS,
	CMD_OPT_SECRET_DATA,
	CMD_OPT_RULES,
	CMD_OPT_NO_DEFAULT_RULES,
	CMD_OPT_PROGRESS,
	CMD_OPT_NO_PROGRESS,
	CMD_OPT_ALLOW_OUTPUT_IN_INPUT,
	CMD_OPT_STRICT_RULES,
	CMD_OPT_ALLOW_RULE_ERRORS,
	CMD_OPT_JOBS
};

#define CMD_INGEST_SHORTOPTS ""
#define CMD_INGEST_LONGOPTS						\
	{ "limit", required_argument, NULL, CMD_OPT_LIMIT },		\
	{ "full-text", no_argument, NULL, CMD_OPT_FULL_TEXT },		\
	{ "fts", no_argument, NULL, CMD_OPT_FTS },			\
	{ "secret-data", no_argument, NULL, CMD_OPT_SECRET_DATA },	\
	{ "rules", required_argument, NULL, CMD_OPT_RULES },		\
	{ "no-default-rules", no_argument, NULL, CMD_OPT_NO_DEFAULT_RULES }, \
	{ "strict-rules", no_argument, NULL, CMD_OPT_STRICT_RULES },	\
	{ "allow-rule-errors", no_argument, NULL,			\
	    CMD_OPT_ALLOW_RULE_ERRORS },				\
	{ "progress", no_argument, NULL, CMD_OPT_PROGRESS },		\
	{ "no-progress", no_argument, NULL, CMD_OPT_NO_PROGRESS },	\
	{ "allow-output-in-input", no_argument, NULL,			\
	    CMD_OPT_ALLOW_OUTPUT_IN_INPUT },				\
	{ "jobs", required_argument, NULL, CMD_OPT_JOBS },		\
	{ "quiet", no_argument, NULL, 'q' }

#define CMD_INGEST_HELP							\
	"      --full-text        store every log line (default: error lines\n" \
	"                         and rule hits only)\n"			\
	"      --fts              add a full-text (FTS5) index over stored lines\n" \
	"      --secret-data      keep the values of Secrets' data in the index\n" \
	"                         (default: null; the file and line are kept)\n" \
	"      --rules DIR        load rules from DIR too (repeatable)\n" \
	"      --no-default-rules do not load the built-in rules\n"	\
	"      --allow-rule-errors  run without the rules that failed to\n" \
	"                         load (default: exit 2); the report lists\n" \
	"                         them as errors and exits 1\n"	\
	"      --limit NAME=VAL   change a limit, e.g. max-depth=3,\n"	\
	"                         max-member-bytes=1G (see mgtriage(1))\n" \
	"      --allow-output-in-input  write the output inside an input dir\n" \
	"      --jobs N           use at most N CPUs, 1 to 64 (default: the\n" \
	"                         reader and the index writer, unpinned);\n" \
	"                         from 4, N-2 threads parse resource files;\n" \
	"                         the output is the same for any N\n"	\
	"  -q, --quiet            no per-problem lines on stderr\n"	\
	"      --[no-]progress    progress on stderr (default: if a tty)\n"

struct cmd_ingest {
	const struct cmd_entry	*entry;		/* for usage errors */
	mgt_session		*s;
	struct mgt_options	*opt;		/* the session's */
	char		       **rule_dirs;
	int			 nrule_dirs;
	int			 default_rules;
	int			 allow_rule_errors;	/* else a bad rule: exit 2 */
	int			 need_rules;	/* no rule loaded: exit 2 */
	int			 allow_output_in_input;
	int			 quiet;		/* no per-problem lines */
	int			 progress;	/* progress on stderr */
	int			 lint;		/* print rule warnings too */
	int			 cpus;		/* --jobs N; 0: not given */
	/* Problem lines printed per code (the rest are counted). */
	struct cmd_ingest_printed *printed;
	size_t			 nprinted;
	int			 progress_shown;
};

/* A session with the CLI's callbacks (problems, progress, notices on
 * stderr) and the environment's settings (MGTRIAGE_NO_JIT and friends).
 * Exits 4 when it cannot be made. */
void	 cmd_ingest_init(struct cmd_ingest *, const struct cmd_entry *);
void	 cmd_ingest_free(struct cmd_ingest *);
/* After the options: --jobs N keeps the process on N CPUs and sets the
 * parse workers (cpus.h); without it, the reader and the writer run
 * unpinned and nothing else parses. */
void	 cmd_ingest_cpus(struct cmd_ingest *);
/*
 * Handle one option.  Returns -1 if opt is not an ingest option,
 * MGT_EXIT_OK if handled, or an exit code after printing a usage error.
 */
int	 cmd_ingest_option(struct cmd_ingest *, const struct cmd_entry *,
	    int opt, const char *arg);
/* cmd_ingest_option() for cmd_options(): ctx is the struct cmd_ingest. */
int	 cmd_ingest_handle(void *ctx, int opt, const char *arg);
/*
 * Load the default and --rules directories, print rule diagnostics.
 * Returns MGT_OK, or MGT_ERR_RULE (exit 2) when a directory cannot be read,
 * a rule failed to load (unless --allow-rule-errors), or need_rules is set
 * and no rule loaded.
 */
int	 cmd_ingest_load_rules(struct cmd_ingest *, struct mgt_error *);
/* The exit code an index build deserves. */
int	 cmd_ingest_exit_code(const struct mgt_index_stats *);

#endif
