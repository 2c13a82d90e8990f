/*
 * Options shared by the commands that ingest inputs, and loading the rule
 * directories they name (diagnostics printed as file:line:col).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd-ingest.h"
#include "error.h"
#include "index.h"
#include "util.h"
#include "xmalloc.h"

void
cmd_ingest_init(struct cmd_ingest *ci)
{
	memset(ci, 0, sizeof *ci);
	ingest_options_init(&ci->opt);
	ruleset_init(&ci->rules);
	ci->default_rules = 1;
	ci->opt.progress = isatty(STDERR_FILENO);
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
		ci->strict_rules = 1;
		return MGT_EXIT_OK;
	case CMD_OPT_PROGRESS:
		ci->opt.progress = 1;
		return MGT_EXIT_OK;
	case CMD_OPT_NO_PROGRESS:
		ci->opt.progress = 0;
		return MGT_EXIT_OK;
	case CMD_OPT_ALLOW_OUTPUT_IN_INPUT:
		ci->allow_output_in_input = 1;
		return MGT_EXIT_OK;
	case 'q':
		ci->opt.quiet = 1;
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

int
cmd_ingest_load_rules(struct cmd_ingest *ci, struct mgt_error *err)
{
	int i, rc;

	if (ci->default_rules &&
	    (rc = ruleset_load_dir(&ci->rules, cmd_default_rules_dir(),
	    err)) != MGT_OK) {
		cmd_print_error(err);
		return rc;
	}
	for (i = 0; i < ci->nrule_dirs; i++) {
		if ((rc = ruleset_load_dir(&ci->rules, ci->rule_dirs[i],
		    err)) != MGT_OK) {
			cmd_print_error(err);
			return MGT_ERR_USAGE;
		}
	}
	ruleset_finish(&ci->rules);
	cmd_ingest_print_diags(&ci->rules);
	if (ci->rules.nerrors > 0 && ci->strict_rules)
		return MGT_ERR_RULE;
	if ((ci->default_rules || ci->nrule_dirs > 0) &&
	    ci->rules.nrules == 0 && ci->rules.nerrors > 0) {
		fprintf(stderr, "mgtriage: no valid rule left to run\n");
		return MGT_ERR_RULE;
	}
	ci->opt.rules = &ci->rules;
	return MGT_OK;
}
