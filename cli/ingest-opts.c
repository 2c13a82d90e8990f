/*
 * Options shared by the commands that ingest inputs, and loading the rule
 * directories they name (diagnostics printed as file:line:col).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ingest-opts.h"
#include "error.h"
#include "index.h"
#include "problem.h"
#include "util.h"
#include "xmalloc.h"

/* Clear the progress line before anything else goes to stderr. */
static void
cmd_ingest_progress_clear(struct cmd_ingest *ci)
{
	if (ci->progress_shown) {
		fputs("\r\033[K", stderr);
		ci->progress_shown = 0;
	}
}

/* The count of problems of code so far, before this one (0 when there
 * are more codes than slots: those are always printed). */
static long long
cmd_ingest_seen(struct cmd_ingest *ci, const char *code, const char **kept)
{
	size_t i;

	*kept = code;
	for (i = 0; i < ci->ntally; i++)
		if (strcmp(ci->tally[i].code, code) == 0) {
			*kept = ci->tally[i].code;
			return ci->tally[i].seen++;
		}
	if (ci->ntally == CMD_INGEST_TALLY ||
	    strlen(code) >= sizeof ci->tally[0].code)
		return 0;
	memcpy(ci->tally[ci->ntally].code, code, strlen(code) + 1);
	ci->tally[ci->ntally].seen = 1;
	*kept = ci->tally[ci->ntally++].code;
	return 0;
}

/*
 * One line per problem (not notes), and past CMD_INGEST_PRINT_PER_CODE
 * of one code one line saying the rest are not printed.
 */
static void
cmd_ingest_on_problem(void *cb_data, const struct problem *p)
{
	struct cmd_ingest *ci = cb_data;
	const char *code;
	long long seen;

	seen = cmd_ingest_seen(ci, p->code != NULL ? p->code : "unknown",
	    &code);
	if (ci->quiet || p->severity == PROBLEM_INFO ||
	    seen > CMD_INGEST_PRINT_PER_CODE)
		return;
	cmd_ingest_progress_clear(ci);
	if (seen < CMD_INGEST_PRINT_PER_CODE)
		problem_print(stderr, p);
	else
		fprintf(stderr, "mgtriage: more '%s' problems are not "
		    "printed; the report counts them all\n", code);
}

static void
cmd_ingest_on_progress(void *cb_data, const struct ingest_progress *pr)
{
	struct cmd_ingest *ci = cb_data;

	if (!ci->progress)
		return;
	if (pr->done) {
		cmd_ingest_progress_clear(ci);
		return;
	}
	fprintf(stderr, "\r\033[Kmgtriage: %lld files, %lld MB, %lld lines, "
	    "%lld objects", pr->files, pr->bytes >> 20, pr->lines,
	    pr->objects);
	ci->progress_shown = 1;
}

/* MGTRIAGE_TIMING=1: where a run's time goes (for bench/). */
static void
cmd_ingest_on_timing(void *cb_data, const char *what, double seconds)
{
	(void)cb_data;
	fprintf(stderr, "mgtriage: timing: %s %.3f s\n", what, seconds);
}

void
cmd_ingest_init(struct cmd_ingest *ci)
{
	const char *e;

	memset(ci, 0, sizeof *ci);
	ingest_options_init(&ci->opt);
	ruleset_init(&ci->rules);
	ci->default_rules = 1;
	ci->progress = isatty(STDERR_FILENO);
	ci->opt.no_jit = cmd_env_flag("MGTRIAGE_NO_JIT");
	ci->opt.no_simd = cmd_env_flag("MGTRIAGE_NO_SIMD");
	e = getenv("MGTRIAGE_PARSE_ON");
	if (e != NULL && strcmp(e, "reader") == 0)
		ci->opt.parse_on = INGEST_PARSE_READER;
	else if (e != NULL && strcmp(e, "indexer") == 0)
		ci->opt.parse_on = INGEST_PARSE_INDEXER;
	ci->opt.timing = cmd_env_timing();
	/* Tests ask for every update (no timing). */
	if (getenv("MGTRIAGE_PROGRESS_ALL") != NULL)
		ci->opt.progress_every = 0;
	ci->opt.on_problem = cmd_ingest_on_problem;
	ci->opt.on_progress = cmd_ingest_on_progress;
	ci->opt.on_timing = cmd_ingest_on_timing;
	ci->opt.cb_data = ci;
}

void
cmd_ingest_free(struct cmd_ingest *ci)
{
	ruleset_free(&ci->rules);
	free(ci->rule_dirs);
	ci->rule_dirs = NULL;
}

int
cmd_ingest_option(struct cmd_ingest *ci, const struct cmd_entry *e, int opt,
    const char *arg)
{
	struct mgt_error err;

	switch (opt) {
	case CMD_OPT_LIMIT:
		if (limits_set(&ci->opt.limits, arg, &err) != MGT_OK)
			return cmd_usage_error(e, "%s", err.msg);
		return MGT_EXIT_OK;
	case CMD_OPT_FULL_TEXT:
		ci->opt.index_flags |= INDEX_FULL_TEXT;
		return MGT_EXIT_OK;
	case CMD_OPT_FTS:
		ci->opt.index_flags |= INDEX_FTS;
		return MGT_EXIT_OK;
	case CMD_OPT_RULES:
		ci->rule_dirs = xreallocarray(ci->rule_dirs,
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

static void
cmd_ingest_print_diags(const struct ruleset *rs)
{
	char esc[2048];
	size_t i;

	for (i = 0; i < rs->ndiags; i++) {
		/* Lint warnings belong to `rules lint`, not every run. */
		if (rs->diags[i].is_warning)
			continue;
		util_escape(rs->diags[i].message, esc, sizeof esc);
		fprintf(stderr, "mgtriage: %s:%d:%d: %s: %s\n",
		    rs->diags[i].file, rs->diags[i].line, rs->diags[i].col,
		    rs->diags[i].is_warning ? "warning" : "error", esc);
	}
}

/* Load one rules directory; a missing or unreadable one is a
 * configuration error naming it. */
static int
cmd_ingest_load_dir(struct cmd_ingest *ci, const char *dir,
    struct mgt_error *err)
{
	if (ruleset_load_dir(&ci->rules, dir, err) == MGT_OK)
		return MGT_OK;
	cmd_print_error(err);
	fprintf(stderr, "mgtriage: the rules could not be loaded; name a "
	    "rules directory with --rules DIR or MGTRIAGE_RULES_DIR\n");
	return MGT_ERR_RULE;
}

int
cmd_ingest_load_rules(struct cmd_ingest *ci, struct mgt_error *err)
{
	int i, rc;

	if (ci->default_rules && (rc = cmd_ingest_load_dir(ci,
	    cmd_default_rules_dir(), err)) != MGT_OK)
		return rc;
	for (i = 0; i < ci->nrule_dirs; i++)
		if ((rc = cmd_ingest_load_dir(ci, ci->rule_dirs[i], err)) !=
		    MGT_OK)
			return rc;
	ruleset_finish(&ci->rules);
	cmd_ingest_print_diags(&ci->rules);
	if (ci->rules.nerrors > 0 && !ci->allow_rule_errors) {
		fprintf(stderr, "mgtriage: %zu rule error%s: a report without "
		    "%s would read as if %s found nothing; fix the rule "
		    "file%s or pass --allow-rule-errors\n",
		    ci->rules.nerrors, ci->rules.nerrors == 1 ? "" : "s",
		    ci->rules.nerrors == 1 ? "that rule" : "those rules",
		    ci->rules.nerrors == 1 ? "it" : "they",
		    ci->rules.nerrors == 1 ? "" : "s");
		return MGT_ERR_RULE;
	}
	if (ci->need_rules && ci->rules.nrules == 0) {
		fprintf(stderr, "mgtriage: no rules loaded (%s): nothing "
		    "would be checked\n", ci->default_rules ?
		    cmd_default_rules_dir() : ci->nrule_dirs > 0 ?
		    "from the --rules directories" :
		    "--no-default-rules and no --rules");
		return MGT_ERR_RULE;
	}
	ci->opt.rules = &ci->rules;
	return MGT_OK;
}
