/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The subcommand table and helpers shared by the commands in cli/.
 */
#include "config.h"

#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "cli-util.h"

const struct cmd_entry *const cmd_table[] = {
	&cmd_analyze_entry,
	&cmd_index_entry,
	&cmd_report_entry,
	&cmd_summary_entry,
	&cmd_diff_entry,
	&cmd_query_entry,
	&cmd_grep_entry,
	&cmd_timeline_entry,
	&cmd_rules_entry,
	&cmd_corpus_entry,
	&cmd_mcp_entry,
	&cmd_help_entry,
	NULL
};

const char *cmd_progname = "mgtriage";

const struct cmd_entry *
cmd_find(const char *name)
{
	size_t i;

	for (i = 0; cmd_table[i] != NULL; i++)
		if (strcmp(cmd_table[i]->name, name) == 0)
			return cmd_table[i];
	return NULL;
}

int
cmd_usage_error(const struct cmd_entry *e, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s %s: ", cmd_progname, e->name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nusage: %s %s %s\n"
	    "Try '%s help %s' for more information.\n", cmd_progname,
	    e->name, e->args, cmd_progname, e->name);
	return MGT_EXIT_USAGE;
}

int
cmd_options(const struct cmd_entry *e, int argc, char **argv,
    const char *shortopts, const struct option *longopts,
    int (*fn)(void *ctx, int opt, const char *arg), void *ctx)
{
	int opt, rc;

	optind = 1;
	while ((opt = getopt_long(argc, argv, shortopts, longopts, NULL)) !=
	    -1) {
		if (opt == 'h') {
			cmd_print_help(e);
			return MGT_EXIT_OK;
		}
		/* getopt has said what was wrong ("unrecognized option",
		 * "requires an argument"). */
		if (opt == '?' || opt == ':')
			return cmd_usage_error(e, "bad option");
		if ((rc = fn(ctx, opt, optarg)) < 0)
			return cmd_usage_error(e, "unknown option");
		if (rc != MGT_EXIT_OK)
			return rc;
	}
	return CMD_OPTIONS_DONE;
}

void
cmd_print_help(const struct cmd_entry *e)
{
	printf("usage: %s %s %s\n\n%s", cmd_progname, e->name, e->args,
	    e->help);
}

void
cmd_print_error(const struct mgt_error *err)
{
	char buf[4096], *t;

	mgt_error_format(err, buf, sizeof buf);
	if ((t = mgt_term_escape(buf, strlen(buf), 0)) == NULL)
		cmd_out_of_memory("an error message", NULL);
	fprintf(stderr, "mgtriage: %s\n", t);
	mgt_free(t);
}

char *
cmd_term(const char *s, int term)
{
	char *t;

	if (s == NULL)
		s = "";
	if (!term)
		return cli_strdup(s);
	if ((t = mgt_term_escape(s, strlen(s), 0)) == NULL)
		cmd_out_of_memory("escaping for a terminal", NULL);
	return t;
}

int
cmd_exit_for(int status)
{
	switch (status) {
	case MGT_OK:
		return MGT_EXIT_OK;
	case MGT_ERR_USAGE:
	case MGT_ERR_RULE:
		return MGT_EXIT_USAGE;
	case MGT_ERR_EMPTY:
	case MGT_ERR_FORMAT:
		return MGT_EXIT_UNREADABLE;
	default:
		return MGT_EXIT_INTERNAL;
	}
}

const char *
cmd_default_rules_dir(void)
{
	const char *env;

	if ((env = getenv("MGTRIAGE_RULES_DIR")) != NULL && *env != '\0')
		return env;
	return mgt_default_rules_dir();
}

int
cmd_exit_for_open(int status)
{
	switch (status) {
	case MGT_ERR_RULE:	/* a bad view file: the configuration's */
		return MGT_EXIT_USAGE;
	case MGT_ERR_IO:	/* missing, unreadable */
	case MGT_ERR_FORMAT:	/* not an index, or another version's */
		return MGT_EXIT_UNREADABLE;
	default:
		return MGT_EXIT_INTERNAL;
	}
}

static int
cmd_is_dir(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int
cmd_is_regular(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* Fill err as a usage error about path; returns MGT_ERR_USAGE. */
static int
cmd_error(struct mgt_error *err, const char *path, const char *fmt, ...)
{
	va_list ap;

	mgt_error_clear(err);
	err->code = MGT_ERR_USAGE;
	snprintf(err->where, sizeof err->where, "%s", path);
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	return MGT_ERR_USAGE;
}

/* Standard input can be read once: "-" at most once among the inputs. */
int
cmd_check_stdin(const struct cmd_entry *e, char *const *inputs, int n)
{
	int i, seen = 0;

	for (i = 0; i < n; i++)
		if (strcmp(inputs[i], "-") == 0 && seen++ > 0)
			return cmd_usage_error(e, "'-' (standard input) given "
			    "twice: it can be read once");
	return MGT_EXIT_OK;
}

int
cmd_check_output(const char *out, char *const *inputs, int ninputs,
    int allow_in_input, struct mgt_error *err)
{
	char dir[PATH_MAX], rdir[PATH_MAX], rin[PATH_MAX];
	const char *slash;
	size_t n;
	int i;

	if (mgt_output_check(out, err) != MGT_OK)
		return MGT_ERR_USAGE;
	if (allow_in_input)
		return MGT_OK;
	slash = strrchr(out, '/');
	if (slash == NULL)
		snprintf(dir, sizeof dir, ".");
	else {
		n = (size_t)(slash - out);
		if (n == 0)
			n = 1;
		if (n >= sizeof dir)
			n = sizeof dir - 1;
		memcpy(dir, out, n);
		dir[n] = '\0';
	}
	if (realpath(dir, rdir) == NULL)
		return cmd_error(err, out, "output directory %s does not "
		    "exist", dir);
	for (i = 0; i < ninputs; i++) {
		if (!cmd_is_dir(inputs[i]) || realpath(inputs[i], rin) == NULL)
			continue;
		n = strlen(rin);
		if (strncmp(rdir, rin, n) == 0 &&
		    (rdir[n] == '\0' || rdir[n] == '/'))
			return cmd_error(err, out, "output lies inside the input directory %s (it "
			    "would be read as input next time); use "
			    "--allow-output-in-input to do it anyway",
			    inputs[i]);
	}
	return MGT_OK;
}

int
cmd_parse_time(const char *s, long long *us)
{
	int64_t v;

	if (mgt_parse_time(s, &v) != 0)
		return -1;
	*us = v;
	return 0;
}

int
cmd_want_color(int fd)
{
	const char *nc = getenv("NO_COLOR");

	if (nc != NULL && *nc != '\0')
		return 0;
	return isatty(fd);
}

size_t
cmd_terminal_width(int fd)
{
	struct winsize ws;
	const char *env;
	long v;
	char *end;

	if (!isatty(fd))
		return 0;
	if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	if ((env = getenv("COLUMNS")) != NULL && *env != '\0') {
		v = strtol(env, &end, 10);
		if (*end == '\0' && v > 0 && v <= CMD_MAX_WIDTH)
			return (size_t)v;
	}
	return 80;
}

/* Set, and neither empty nor "0". */
static int
cmd_env_flag(const char *name)
{
	const char *e = getenv(name);

	return e != NULL && *e != '\0' && strcmp(e, "0") != 0;
}

void
cmd_options_init(struct mgt_options *o)
{
	const char *e;

	mgt_options_init(o);
	o->no_jit = cmd_env_flag("MGTRIAGE_NO_JIT");
	o->no_simd = cmd_env_flag("MGTRIAGE_NO_SIMD");
	o->no_isal = cmd_env_flag("MGTRIAGE_NO_ISAL");
	o->no_yaml_lift = cmd_env_flag("MGTRIAGE_NO_YAML_LIFT");
	if (cmd_env_flag("MGTRIAGE_TIMING"))
		o->timing = atoi(getenv("MGTRIAGE_TIMING")) >= 2 ? 2 : 1;
	if (getenv("MGTRIAGE_PROGRESS_ALL") != NULL)
		o->progress_every = 0;
	if ((e = getenv("MGTRIAGE_PARSE_ON")) != NULL) {
		if (strcmp(e, "reader") == 0)
			o->parse_on = MGT_PARSE_READER;
		else if (strcmp(e, "indexer") == 0)
			o->parse_on = MGT_PARSE_INDEXER;
	}
	if ((e = getenv("TMPDIR")) != NULL && *e != '\0')
		o->tmpdir = e;
	if ((e = getenv("MGTRIAGE_VIEWS_DIR")) != NULL && *e != '\0')
		o->views_dir = e;
}

mgt_session *
cmd_session_new(void)
{
	struct mgt_options o;
	struct mgt_error err;
	mgt_session *s;

	cmd_options_init(&o);
	mgt_error_clear(&err);
	if (mgt_session_new(&o, &s, &err) != MGT_OK) {
		cmd_print_error(&err);
		exit(MGT_EXIT_INTERNAL);
	}
	return s;
}

int
cmd_is_index(const char *path)
{
	static const char magic[16] = "SQLite format 3";
	char buf[16];
	FILE *f;
	int yes;

	if (!cmd_is_regular(path) || (f = fopen(path, "rb")) == NULL)
		return 0;
	yes = fread(buf, 1, sizeof buf, f) == sizeof buf &&
	    memcmp(buf, magic, sizeof magic) == 0;
	fclose(f);
	return yes;
}

int
cmd_case_open(mgt_session *s, const char *path, mgt_case **c)
{
	struct mgt_error err;
	int rc;

	mgt_error_clear(&err);
	if ((rc = mgt_case_open(s, path, c, &err)) != MGT_OK) {
		cmd_print_error(&err);
		return cmd_exit_for_open(rc);
	}
	return MGT_EXIT_OK;
}

/* The library's OOM handler too (main.c): the run's temporaries go, and
 * the exit status says "internal or resource failure". */
void
cmd_out_of_memory(const char *what, void *data)
{
	(void)data;
	fprintf(stderr, "mgtriage: out of memory (%s)\n", what);
	mgt_remove_temporaries();
	exit(MGT_EXIT_INTERNAL);
}
