/*
 * The subcommand table and what the subcommands share: usage errors,
 * printing mgt_errors, finding the rule directory, output safety checks.
 */
#ifndef MGT_CMD_H
#define MGT_CMD_H

#include <stdio.h>

#include "error.h"
#include "mgt-limits.h"

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
extern const struct cmd_entry cmd_query_entry;
extern const struct cmd_entry cmd_grep_entry;
extern const struct cmd_entry cmd_timeline_entry;
extern const struct cmd_entry cmd_rules_entry;
extern const struct cmd_entry cmd_corpus_entry;
extern const struct cmd_entry cmd_help_entry;

/* NULL-terminated, in the order --help lists them. */
extern const struct cmd_entry *const cmd_table[];

const struct cmd_entry *cmd_find(const char *name);
/* "mgtriage CMD: message" + a hint to `mgtriage help CMD`; returns
 * MGT_EXIT_USAGE. */
int	 cmd_usage_error(const struct cmd_entry *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
/* "usage: ..." and the command's help text on stdout (for CMD --help). */
void	 cmd_print_help(const struct cmd_entry *);
void	 cmd_print_versions(FILE *);
/* "mgtriage: where:line: message" on stderr. */
void	 cmd_print_error(const struct mgt_error *);
/* Exit code for a failed status (usage 2, input 3, else 4). */
int	 cmd_exit_for(int status);
/* The built-in rule directory: $MGTRIAGE_RULES_DIR, the source tree's
 * rules/ when run from the build tree, else the installed one. */
const char *cmd_default_rules_dir(void);
/*
 * Refuse an output path that exists and is not a regular file (a symlink,
 * directory, FIFO, device: output_check()), or lies inside one of the
 * input directories (we would scan our own output).  Returns MGT_OK
 * or MGT_ERR_USAGE with err filled.
 */
int	 cmd_check_output(const char *out, char *const *inputs, int ninputs,
	    int allow_in_input, struct mgt_error *);
/* Parse "2021-09-14T10:00:00Z", "2021-09-14 10:00", "2021-09-14" (UTC)
 * into microseconds; returns 0 on success. */
int	 cmd_parse_time(const char *, long long *us);
/*
 * With term, a terminal-safe copy of s (report_term(): controls, C1 and
 * bidi overrides escaped), else a plain copy; NULL is "".  The caller
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
 * The environment variables the engine no longer reads itself (the CLI
 * reads them and passes settings down; see ENVIRONMENT in mgtriage(1)).
 * cmd_env_flag: set, not empty and not "0" (MGTRIAGE_NO_JIT, ...).
 * cmd_env_timing: MGTRIAGE_TIMING as 0, 1 or 2.
 */
int	 cmd_env_flag(const char *name);
int	 cmd_env_timing(void);
/*
 * Options for index_open() from l (NULL: default limits) and the
 * environment (MGTRIAGE_NO_JIT; MGTRIAGE_TIMING=2 prints slow SQL on
 * stderr), in a static struct valid until the next call (index_open()
 * keeps what it needs).
 */
struct index_open_opts;
const struct index_open_opts *cmd_index_opts(const struct mgt_limits *l);
/* "mgtriage: <msg>" on stderr; msg is a string (output_lock's waiting). */
void	 cmd_note(void *msg);
/* MATCHER_NO_JIT and MATCHER_NO_SIMD as the environment asks. */
int	 cmd_matcher_flags(void);

#endif
