/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Options shared by the commands that ingest inputs, the session they
 * make, what it prints on stderr (problems, progress, notices), and
 * loading the rule directories they name.
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli-util.h"
#include "cpus.h"
#include "ingest-opts.h"

/* Problem lines printed per code; the report counts them all. */
#define CMD_PRINT_PER_CODE	50

struct cmd_ingest_printed {
	char		*code;
	long		 n;
};

static void
cmd_ingest_progress_clear(struct cmd_ingest *ci)
{
	if (ci->progress_shown) {
		fputs("\r\033[K", stderr);
		ci->progress_shown = 0;
	}
}

static long *
cmd_ingest_printed(struct cmd_ingest *ci, const char *code)
{
	size_t i;

	for (i = 0; i < ci->nprinted; i++)
		if (strcmp(ci->printed[i].code, code) == 0)
			return &ci->printed[i].n;
	ci->printed = cli_reallocarray(ci->printed, ci->nprinted + 1,
	    sizeof *ci->printed);
	ci->printed[ci->nprinted].code = cli_strdup(code);
	ci->printed[ci->nprinted].n = 0;
	return &ci->printed[ci->nprinted++].n;
}

/* "mgtriage: where:line: severity: message [code]" for input problems,
 * "mgtriage: file:line: rule error: message" for rules that failed. */
static void
cmd_ingest_problem(void *data, const struct mgt_problem *p)
{
	struct cmd_ingest *ci = data;
	char *where, *msg, buf[8192];
	long *n;

	if (strcmp(p->code, "rule") == 0) {
		msg = cmd_term(p->message, 1);
		where = cmd_term(p->where, 1);
		fprintf(stderr, "mgtriage: %s:%ld: rule error: %s\n", where,
		    p->line, msg);
		free(where);
		free(msg);
		return;
	}
	if (ci->quiet || p->severity == MGT_PROBLEM_INFO)
		return;
	n = cmd_ingest_printed(ci, p->code);
	if (++*n > CMD_PRINT_PER_CODE + 1)
		return;
	cmd_ingest_progress_clear(ci);
	if (*n > CMD_PRINT_PER_CODE) {
		fprintf(stderr, "mgtriage: more '%s' problems are not printed;"
		    " the report counts them all\n", p->code);
		return;
	}
	msg = cmd_term(mgt_problem_format(p, buf, sizeof buf), 1);
	fprintf(stderr, "mgtriage: %s\n", msg);
	free(msg);
}

static void
cmd_ingest_progress(void *data, const struct mgt_progress *p)
{
	struct cmd_ingest *ci = data;

	if (!ci->progress)
		return;
	if (p->done) {
		cmd_ingest_progress_clear(ci);
		return;
	}
	fprintf(stderr, "\r\033[Kmgtriage: %lld files, %lld MB, %lld lines, "
	    "%lld objects", p->files, p->bytes >> 20, p->lines, p->resources);
	ci->progress_shown = 1;
}

/* Rule errors on every run; warnings only for `rules lint`. */
static void
cmd_ingest_rule_diag(void *data, const struct mgt_rule_diag *d)
{
	struct cmd_ingest *ci = data;
	char *msg;

	if (d->is_warning && !ci->lint)
		return;
	msg = cmd_term(d->message, 1);
	fprintf(stderr, "mgtriage: %s:%d:%d: %s: %s\n", d->file, d->line,
	    d->col, d->is_warning ? "warning" : "error", msg);
	free(msg);
}

static void
cmd_ingest_notice(void *data, const char *msg)
{
	cmd_ingest_progress_clear(data);
	fprintf(stderr, "mgtriage: %s\n", msg);
}

static void
cmd_ingest_timing(void *data, const char *what, double seconds)
{
	cmd_ingest_progress_clear(data);
	fprintf(stderr, "mgtriage: timing: %s %.3f s\n", what, seconds);
}

void
cmd_ingest_init(struct cmd_ingest *ci, const struct cmd_entry *entry)
{
	struct mgt_options o;
	struct mgt_error err;

	memset(ci, 0, sizeof *ci);
	cmd_options_init(&o);
	o.on_problem = cmd_ingest_problem;
	o.on_progress = cmd_ingest_progress;
	o.on_rule_diag = cmd_ingest_rule_diag;
	o.on_notice = cmd_ingest_notice;
	o.on_timing = cmd_ingest_timing;
	o.data = ci;
	mgt_error_clear(&err);
	if (mgt_session_new(&o, &ci->s, &err) != MGT_OK) {
		cmd_print_error(&err);
		exit(MGT_EXIT_INTERNAL);
	}
	ci->opt = mgt_session_options(ci->s);
	ci->entry = entry;
	ci->default_rules = 1;
	ci->progress = isatty(STDERR_FILENO);
}

void
cmd_ingest_free(struct cmd_ingest *ci)
{
	size_t i;

	cmd_ingest_progress_clear(ci);
	mgt_session_free(ci->s);
	ci->s = NULL;
	free(ci->rule_dirs);
	ci->rule_dirs = NULL;
	for (i = 0; i < ci->nprinted; i++)
		free(ci->printed[i].code);
	free(ci->printed);
	ci->printed = NULL;
}

/* --jobs N: 1 to MGT_JOBS_MAX CPUs; anything else is a usage error (exit
 * 2), so a typo never silently runs on one CPU or on thousands. */
static int
cmd_ingest_jobs(struct cmd_ingest *ci, const struct cmd_entry *e,
    const char *arg)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(arg, &end, 10);
	if (end == arg || *end != '\0' || errno != 0 || n < 1 ||
	    n > MGT_JOBS_MAX)
		return cmd_usage_error(e, "--jobs: expected a number of CPUs "
		    "from 1 to %d, not '%s'", MGT_JOBS_MAX, arg);
	ci->cpus = (int)n;
	return MGT_EXIT_OK;
}

/*
 * Pinned before the session starts a thread, so all of them inherit it.
 * A refusal from the kernel is not worth failing the run for: the
 * threads then run where the system puts them, as without --jobs.
 */
void
cmd_ingest_cpus(struct cmd_ingest *ci)
{
	if (ci->cpus == 0)
		return;
	(void)cpus_restrict(ci->cpus);
	ci->opt->jobs = cpus_parse_workers(ci->cpus);
}

int
cmd_ingest_option(struct cmd_ingest *ci, const struct cmd_entry *e, int opt,
    const char *arg)
{
	struct mgt_error err;

	switch (opt) {
	case CMD_OPT_LIMIT:
		mgt_error_clear(&err);
		if (mgt_session_set_limit(ci->s, arg, &err) != MGT_OK)
			return cmd_usage_error(e, "%s", err.msg);
		return MGT_EXIT_OK;
	case CMD_OPT_JOBS:
		return cmd_ingest_jobs(ci, e, arg);
	case CMD_OPT_FULL_TEXT:
		ci->opt->full_text = 1;
		return MGT_EXIT_OK;
	case CMD_OPT_FTS:
		ci->opt->fts = 1;
		return MGT_EXIT_OK;
	case CMD_OPT_SECRET_DATA:
		ci->opt->secret_data = 1;
		return MGT_EXIT_OK;
	case CMD_OPT_RULES:
		ci->rule_dirs = cli_reallocarray(ci->rule_dirs,
		    (size_t)ci->nrule_dirs + 1, sizeof *ci->rule_dirs);
		ci->rule_dirs[ci->nrule_dirs++] = (char *)arg;
		return MGT_EXIT_OK;
	case CMD_OPT_NO_DEFAULT_RULES:
		ci->default_rules = 0;
		return MGT_EXIT_OK;
	case CMD_OPT_STRICT_RULES:
		ci->allow_rule_errors = 0;
		return MGT_EXIT_OK;
	case CMD_OPT_ALLOW_RULE_ERRORS:
		ci->allow_rule_errors = 1;
		return MGT_EXIT_OK;
	case CMD_OPT_PROGRESS:
		ci->progress = 1;
		return MGT_EXIT_OK;
	case CMD_OPT_NO_PROGRESS:
		ci->progress = 0;
		return MGT_EXIT_OK;
	case CMD_OPT_ALLOW_OUTPUT_IN_INPUT:
		ci->allow_output_in_input = 1;
		return MGT_EXIT_OK;
	case 'q':
		ci->quiet = 1;
		return MGT_EXIT_OK;
	}
	return -1;
}

int
cmd_ingest_handle(void *ctx, int opt, const char *arg)
{
	struct cmd_ingest *ci = ctx;

	return cmd_ingest_option(ci, ci->entry, opt, arg);
}

/* Load one rules directory; a missing or unreadable one is a
 * configuration error naming it. */
static int
cmd_ingest_load_dir(struct cmd_ingest *ci, const char *dir,
    struct mgt_error *err)
{
	if (mgt_session_load_rules(ci->s, dir, err) == MGT_OK)
		return MGT_OK;
	cmd_print_error(err);
	fprintf(stderr, "mgtriage: the rules could not be loaded; name a "
	    "rules directory with --rules DIR or MGTRIAGE_RULES_DIR\n");
	return MGT_ERR_RULE;
}

int
cmd_ingest_load_rules(struct cmd_ingest *ci, struct mgt_error *err)
{
	size_t nrules, nerrors;
	int i, rc;

	if (!ci->progress)
		ci->opt->on_progress = NULL;
	if (ci->default_rules && (rc = cmd_ingest_load_dir(ci,
	    cmd_default_rules_dir(), err)) != MGT_OK)
		return rc;
	for (i = 0; i < ci->nrule_dirs; i++)
		if ((rc = cmd_ingest_load_dir(ci, ci->rule_dirs[i], err)) !=
		    MGT_OK)
			return rc;
	mgt_session_rule_counts(ci->s, &nrules, &nerrors, NULL);
	if (nerrors > 0 && !ci->allow_rule_errors) {
		fprintf(stderr, "mgtriage: %zu rule error%s: a report without "
		    "%s would read as if %s found nothing; fix the rule "
		    "file%s or pass --allow-rule-errors\n",
		    nerrors, nerrors == 1 ? "" : "s",
		    nerrors == 1 ? "that rule" : "those rules",
		    nerrors == 1 ? "it" : "they", nerrors == 1 ? "" : "s");
		return MGT_ERR_RULE;
	}
	if (ci->need_rules && nrules == 0) {
		fprintf(stderr, "mgtriage: no rules loaded (%s): nothing "
		    "would be checked\n", ci->default_rules ?
		    cmd_default_rules_dir() : ci->nrule_dirs > 0 ?
		    "from the --rules directories" :
		    "--no-default-rules and no --rules");
		return MGT_ERR_RULE;
	}
	return MGT_OK;
}

int
cmd_ingest_exit_code(const struct mgt_index_stats *st)
{
	if (st->unreadable > 0)
		return MGT_EXIT_UNREADABLE;
	if (st->problems[MGT_PROBLEM_WARNING] > 0 ||
	    st->problems[MGT_PROBLEM_ERROR] > 0)
		return MGT_EXIT_PARTIAL;
	return MGT_EXIT_OK;
}
