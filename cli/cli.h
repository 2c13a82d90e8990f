/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The subcommand table and what the subcommands share: exit codes, usage
 * errors, printing errors, the rule directory, output checks, terminal
 * escaping and width.  The CLI is a client of include/mgtriage.h only.
 */
#ifndef MGT_CLI_H
#define MGT_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "mgtriage.h"

/*
 * Process exit codes, documented in --help and mgtriage(1).  Findings
 * change the exit code only with --fail-on.
 */
enum mgt_exit {
	MGT_EXIT_OK = 0,		/* complete, nothing skipped */
	MGT_EXIT_PARTIAL = 1,		/* complete, but input problems or limits hit */
	MGT_EXIT_USAGE = 2,		/* usage, configuration or rule error */
	MGT_EXIT_UNREADABLE = 3,	/* a top-level input cannot be read */
	MGT_EXIT_INTERNAL = 4,		/* internal, resource or output failure */
	MGT_EXIT_FINDINGS = 5		/* a finding at or above --fail-on */
};

struct cmd_entry {
	const char	*name;
	const char	*args;		/* "INPUT... -o FILE" */
	const char	*summary;	/* one line for the command list */
	const char	*help;		/* full help: options, examples */
	int		(*exec)(int argc, char **argv);	/* returns enum mgt_exit */
};

extern const struct cmd_entry cmd_analyze_entry;
extern const struct cmd_entry cmd_index_entry;
extern const struct cmd_entry cmd_report_entry;
extern const struct cmd_entry cmd_summary_entry;
extern const struct cmd_entry cmd_diff_entry;
extern const struct cmd_entry cmd_query_entry;
extern const struct cmd_entry cmd_grep_entry;
extern const struct cmd_entry cmd_timeline_entry;
extern const struct cmd_entry cmd_rules_entry;
extern const struct cmd_entry cmd_corpus_entry;
extern const struct cmd_entry cmd_mcp_entry;
extern const struct cmd_entry cmd_help_entry;

/*
 * The name usage lines give the program: "mgtriage", or "oc mgtriage" and
 * "kubectl mgtriage" when run as the oc-mgtriage or kubectl-mgtriage
 * plugin (set by main() from argv[0]).
 */
extern const char *cmd_progname;

/* NULL-terminated, in the order --help lists them. */
extern const struct cmd_entry *const cmd_table[];

const struct cmd_entry *cmd_find(const char *name);
/* "mgtriage CMD: message" + a hint to `mgtriage help CMD`; returns
 * MGT_EXIT_USAGE. */
int	 cmd_usage_error(const struct cmd_entry *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
/*
 * The commands' one option loop (getopt_long from optind 1): -h/--help
 * prints the help; every other option goes to fn(ctx, opt, arg), which
 * returns MGT_EXIT_OK, an exit code after printing a usage error, or -1
 * when the option is not one it knows ("unknown option").  Returns
 * CMD_OPTIONS_DONE when every option was taken (optind is at the first
 * operand), else the exit code the command returns now (MGT_EXIT_OK after
 * --help).
 */
#define CMD_OPTIONS_DONE	(-1)
struct option;
int	 cmd_options(const struct cmd_entry *, int argc, char **argv,
	    const char *shortopts, const struct option *longopts,
	    int (*fn)(void *ctx, int opt, const char *arg), void *ctx);
/* "usage: ..." and the command's help text on stdout (for CMD --help). */
void	 cmd_print_help(const struct cmd_entry *);
/* "mgtriage: where:line: message" on stderr, escaped for a terminal. */
void	 cmd_print_error(const struct mgt_error *);
/* Exit code for a failed status (usage 2, input 3, else 4). */
int	 cmd_exit_for(int status);
/* Exit code for a case that did not open (mgt_case_open()): a bad view
 * file 2, a missing file or not an index 3, else 4. */
int	 cmd_exit_for_open(int status);
/* The built-in rule directory: $MGTRIAGE_RULES_DIR, else the library's
 * (the source tree's rules/ when run from the build tree). */
const char *cmd_default_rules_dir(void);
/*
 * Refuse an output path that exists and is not a regular file (a symlink,
 * directory, FIFO, device: mgt_check_output()), or lies inside one of the
 * input directories (we would scan our own output).  Returns MGT_OK
 * or MGT_ERR_USAGE with err filled.
 */
int	 cmd_check_stdin(const struct cmd_entry *, char *const *, int);
int	 cmd_check_output(const char *out, char *const *inputs, int ninputs,
	    int allow_in_input, struct mgt_error *);
/* Parse "2021-09-14T10:00:00Z", "2021-09-14 10:00", "2021-09-14" (UTC)
 * into microseconds; returns 0 on success. */
int	 cmd_parse_time(const char *, long long *us);
/*
 * With term, a terminal-safe copy of s (mgt_term_escape(): controls, C1
 * and bidi overrides escaped), else a plain copy; NULL is "".  The caller
 * frees the result.
 */
char	*cmd_term(const char *s, int term);
/* Is colour wanted on stream fd (a tty and NO_COLOR unset)? */
int	 cmd_want_color(int fd);
/* Widest --width accepted. */
#define CMD_MAX_WIDTH	100000
#define CMD_MIN_WIDTH	40	/* narrower cannot hold a tree line */
/* Display columns of the terminal at fd (TIOCGWINSZ, then COLUMNS, then
 * 80); 0 when fd is not a terminal, so lines are never cut. */
size_t	 cmd_terminal_width(int fd);
/*
 * mgt_options_init() plus what the environment sets, read once:
 * MGTRIAGE_NO_JIT, MGTRIAGE_NO_SIMD, MGTRIAGE_TIMING, MGTRIAGE_PARSE_ON,
 * MGTRIAGE_PROGRESS_ALL, MGTRIAGE_VIEWS_DIR and TMPDIR.  Every command
 * makes its session from these.
 */
void	 cmd_options_init(struct mgt_options *);
/* A session made from cmd_options_init(); exits 4 when none can be made
 * (out of memory). */
mgt_session *cmd_session_new(void);
/* Is path an index rather than an input: a regular file holding an
 * SQLite database? */
int	 cmd_is_index(const char *path);
/* Open the index at path as a case of s; on failure the error is printed
 * and the exit code returned (cmd_exit_for_open()), else MGT_EXIT_OK. */
int	 cmd_case_open(mgt_session *s, const char *path, mgt_case **c);
/* The library's OOM handler (main.c): "out of memory (what)", the run's
 * temporaries removed, exit 4. */
void	 cmd_out_of_memory(const char *what, void *data)
	    __attribute__((noreturn));

#endif
