/*
 * `mgtriage rules list|lint|test`: the rule catalog, its static checks
 * (YAML, fields, patterns, SQL against the real schema, slow patterns),
 * and its fixtures (each rule must fire on tests/<id>/fires and stay
 * silent on tests/<id>/silent).
 */
#include "config.h"

#include <dirent.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "mgtriage.h"
#include "cli.h"
#include "cli-util.h"
#include "ingest-opts.h"

static int
rules_list(mgt_session *s, int json)
{
	struct mgt_rule_info ri;
	cJSON *arr, *o;
	char *out;
	size_t i, n;

	mgt_session_rule_counts(s, &n, NULL, NULL);
	if (json) {
		arr = cJSON_CreateArray();
		for (i = 0; mgt_session_rule(s, i, &ri) == 0; i++) {
			o = cJSON_CreateObject();
			cJSON_AddStringToObject(o, "id", ri.id);
			cJSON_AddStringToObject(o, "severity",
			    mgt_severity_name(ri.severity));
			cJSON_AddStringToObject(o, "category", ri.category);
			cJSON_AddStringToObject(o, "title", ri.title);
			cJSON_AddStringToObject(o, "file", ri.file);
			cJSON_AddItemToArray(arr, o);
		}
		out = cJSON_Print(arr);
		printf("%s\n", out);
		cJSON_free(out);
		cJSON_Delete(arr);
		return MGT_EXIT_OK;
	}
	for (i = 0; mgt_session_rule(s, i, &ri) == 0; i++)
		printf("%-40s %-8s %-16s %s\n", ri.id,
		    mgt_severity_name(ri.severity), ri.category, ri.title);
	printf("%zu rules\n", n);
	return MGT_EXIT_OK;
}

/* Every diagnostic of `rules lint` as file:line:col on stdout. */
static void
rules_lint_diag(void *data, const struct mgt_rule_diag *d)
{
	size_t *warnings = data;

	printf("%s:%d:%d: %s: %s\n", d->file, d->line, d->col,
	    d->is_warning ? "warning" : "error", d->message);
	if (d->is_warning)
		(*warnings)++;
}

/*
 * Load the rule directories (the built-in one unless --no-default-rules
 * or DIRs were given) and check them: load diagnostics, SQL against the
 * real schema, slow patterns.
 */
static int
rules_lint(struct cmd_ingest *ci)
{
	struct mgt_options o;
	struct mgt_error err;
	mgt_session *s;
	size_t nrules, errors, lint_errors = 0, warnings = 0, lint_warnings = 0;
	int i, rc = MGT_EXIT_USAGE;

	cmd_options_init(&o);
	o.on_rule_diag = rules_lint_diag;
	o.data = &warnings;
	mgt_error_clear(&err);
	if (mgt_session_new(&o, &s, &err) != MGT_OK) {
		cmd_print_error(&err);
		return MGT_EXIT_INTERNAL;
	}
	if (ci->default_rules && mgt_session_load_rules(s,
	    cmd_default_rules_dir(), &err) != MGT_OK) {
		cmd_print_error(&err);
		goto out;
	}
	for (i = 0; i < ci->nrule_dirs; i++)
		if (mgt_session_load_rules(s, ci->rule_dirs[i], &err) !=
		    MGT_OK) {
			cmd_print_error(&err);
			goto out;
		}
	if (mgt_session_lint(s, &lint_errors, &lint_warnings, &err) !=
	    MGT_OK) {
		/* The schema could not be made: that check is an error. */
		cmd_print_error(&err);
		lint_errors++;
	}
	/* Load errors include those past a file's cap on diagnostics. */
	mgt_session_rule_counts(s, &nrules, &errors, NULL);
	errors += lint_errors;
	warnings += lint_warnings;
	printf("%zu rules, %zu errors, %zu warnings\n", nrules, errors,
	    warnings);
	if (errors > 0)
		rc = MGT_EXIT_USAGE;
	else
		rc = warnings > 0 ? MGT_EXIT_PARTIAL : MGT_EXIT_OK;
out:
	mgt_session_free(s);
	return rc;
}

static int
rules_strcmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The entries of a fixture directory, as inputs of one case. */
static char **
rules_fixture_inputs(const char *dir, size_t *n)
{
	DIR *d;
	struct dirent *de;
	char **v = NULL, *p;

	*n = 0;
	if ((d = opendir(dir)) == NULL)
		return NULL;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		cli_asprintf(&p, "%s/%s", dir, de->d_name);
		v = cli_reallocarray(v, *n + 1, sizeof *v);
		v[(*n)++] = p;
	}
	closedir(d);
	if (*n > 1)
		qsort(v, *n, sizeof *v, rules_strcmp);
	return v;
}

/* Run one rule over one fixture; returns 1 fired, 0 silent, -1 error. */
static int
rules_run_fixture(mgt_session *s, const char *id, const char *dir,
    char *detail, size_t dlen)
{
	struct mgt_error err;
	char **inputs, *summary = NULL;
	size_t n, i;
	int fired;

	detail[0] = '\0';
	inputs = rules_fixture_inputs(dir, &n);
	if (n == 0) {
		snprintf(detail, dlen, "no fixture in %.900s", dir);
		free(inputs);
		return -1;
	}
	mgt_error_clear(&err);
	if (mgt_session_test_rule(s, id, (const char *const *)inputs, n,
	    &fired, &summary, &err) != MGT_OK) {
		mgt_error_format(&err, detail, dlen);
		fired = -1;
	} else if (fired)
		snprintf(detail, dlen, "%s", summary != NULL ? summary : "");
	mgt_free(summary);
	for (i = 0; i < n; i++)
		free(inputs[i]);
	free(inputs);
	return fired;
}

static int
rules_is_dir(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Is id the id of a loaded rule? */
static int
rules_known(mgt_session *s, const char *id)
{
	struct mgt_rule_info ri;
	size_t i;

	for (i = 0; mgt_session_rule(s, i, &ri) == 0; i++)
		if (strcmp(ri.id, id) == 0)
			return 1;
	return 0;
}

static int
rules_test(mgt_session *s, char **only, int nonly, int verbose)
{
	struct mgt_rule_info ri;
	char base[PATH_MAX], dir[PATH_MAX + 64], detail[1024], *slash;
	long passed = 0, failed = 0;
	size_t i;
	int j, want, got, sel;

	/* An id that names no rule is a typo, never a pass. */
	for (j = 0; j < nonly; j++)
		if (!rules_known(s, only[j])) {
			printf("FAIL %s: no such rule\n", only[j]);
			failed++;
		}
	for (i = 0; mgt_session_rule(s, i, &ri) == 0; i++) {
		for (sel = nonly == 0, j = 0; j < nonly && !sel; j++)
			sel = strcmp(only[j], ri.id) == 0;
		if (!sel)
			continue;
		/* Fixtures live in tests/<id>/ beside the rule file. */
		snprintf(base, sizeof base, "%s", ri.file);
		if ((slash = strrchr(base, '/')) != NULL)
			*slash = '\0';
		else
			snprintf(base, sizeof base, ".");
		for (want = 1; want >= 0; want--) {
			snprintf(dir, sizeof dir, "%s/tests/%s/%s", base,
			    ri.id, want ? "fires" : "silent");
			if (!rules_is_dir(dir)) {
				printf("FAIL %s %s: fixture %s is missing\n",
				    ri.id, want ? "fires" : "silent", dir);
				failed++;
				continue;
			}
			got = rules_run_fixture(s, ri.id, dir, detail,
			    sizeof detail);
			if (got == want) {
				passed++;
				if (verbose)
					printf("ok   %s %s%s%s\n", ri.id,
					    want ? "fires" : "silent",
					    detail[0] ? ": " : "", detail);
			} else {
				failed++;
				printf("FAIL %s %s: %s%s%s\n", ri.id,
				    want ? "fires" : "silent",
				    got < 0 ? "error" : got ? "fired" :
				    "did not fire", detail[0] ? ": " : "",
				    detail);
			}
		}
	}
	printf("%ld passed, %ld failed\n", passed, failed);
	return failed > 0 ? MGT_EXIT_PARTIAL : MGT_EXIT_OK;
}

struct rules_args {
	struct cmd_ingest	*ci;
	int			 json, verbose;
};

static int
rules_option(void *ctx, int opt, const char *arg)
{
	struct rules_args *a = ctx;

	switch (opt) {
	case 'j':
		a->json = 1;
		return MGT_EXIT_OK;
	case 'v':
		a->verbose = 1;
		return MGT_EXIT_OK;
	}
	return cmd_ingest_handle(a->ci, opt, arg);
}

static int
cmd_rules_exec(int argc, char **argv)
{
	struct cmd_ingest ci;
	struct mgt_error err;
	mgt_session *s;
	struct rules_args ra;
	const char *verb;
	int rc, json, verbose;
	static const struct option longopts[] = {
		CMD_INGEST_LONGOPTS,
		{ "json", no_argument, NULL, 'j' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};

	cmd_ingest_init(&ci, &cmd_rules_entry);
	cmd_ingest_option(&ci, &cmd_rules_entry, 'q', NULL);
	memset(&ra, 0, sizeof ra);
	ra.ci = &ci;
	if ((rc = cmd_options(&cmd_rules_entry, argc, argv, "jvqh", longopts,
	    rules_option, &ra)) != CMD_OPTIONS_DONE) {
		cmd_ingest_free(&ci);
		return rc;
	}
	json = ra.json;
	verbose = ra.verbose;
	if (optind >= argc) {
		cmd_ingest_free(&ci);
		return cmd_usage_error(&cmd_rules_entry,
		    "expected list, lint or test");
	}
	verb = argv[optind++];
	if (strcmp(verb, "list") != 0 && strcmp(verb, "lint") != 0 &&
	    strcmp(verb, "test") != 0) {
		cmd_ingest_free(&ci);
		return cmd_usage_error(&cmd_rules_entry,
		    "unknown verb '%s' (list, lint, test)", verb);
	}
	if (strcmp(verb, "list") == 0 && optind < argc) {
		cmd_ingest_free(&ci);
		return cmd_usage_error(&cmd_rules_entry,
		    "list takes no arguments (did you mean --rules %s?)",
		    argv[optind]);
	}
	/* lint DIR...: those directories instead of the built-in rules. */
	if (strcmp(verb, "lint") == 0 && optind < argc) {
		struct stat sb;

		for (; optind < argc; optind++) {
			if (stat(argv[optind], &sb) != 0 ||
			    !S_ISDIR(sb.st_mode)) {
				cmd_ingest_free(&ci);
				return cmd_usage_error(&cmd_rules_entry,
				    "lint takes rule directories: '%s' is "
				    "not a directory", argv[optind]);
			}
			cmd_ingest_option(&ci, &cmd_rules_entry,
			    CMD_OPT_RULES, argv[optind]);
		}
		cmd_ingest_option(&ci, &cmd_rules_entry,
		    CMD_OPT_NO_DEFAULT_RULES, NULL);
	}
	/* lint prints every diagnostic itself. */
	if (strcmp(verb, "lint") == 0) {
		rc = rules_lint(&ci);
		cmd_ingest_free(&ci);
		return rc;
	}
	mgt_error_clear(&err);
	ci.need_rules = 1;
	if (cmd_ingest_load_rules(&ci, &err) != MGT_OK) {
		cmd_ingest_free(&ci);
		return MGT_EXIT_USAGE;
	}
	/* Fixture runs print nothing of their own: only the verdicts. */
	s = ci.s;
	mgt_session_options(s)->on_problem = NULL;
	mgt_session_options(s)->on_progress = NULL;
	if (strcmp(verb, "list") == 0)
		rc = rules_list(s, json);
	else
		rc = rules_test(s, argv + optind, argc - optind, verbose);
	cmd_ingest_free(&ci);
	return rc;
}

const struct cmd_entry cmd_rules_entry = {
	"rules", "list | lint [DIR...] | test [RULE-ID...] [--rules DIR] [--json] [-v]",
	"List, check and test the rule catalog",
	"  list    one line per rule: id, severity, category, title\n"
	"          (--json for a JSON array)\n"
	"  lint    every rule-file problem as file:line:col (YAML, fields,\n"
	"          patterns, when, explains, SQL prepared against the index\n"
	"          schema), and patterns too slow to prefilter (warnings);\n"
	"          exit 2 on an error, 1 on warnings only; with DIRs, only\n"
	"          the rules in those directories\n"
	"  test    run each rule (or the RULE-IDs given) on its fixtures:\n"
	"          tests/<id>/fires/ must make it fire, tests/<id>/silent/\n"
	"          must not (the entries of each directory are the inputs of\n"
	"          one case); ends with 'N passed, N failed'; -v shows passes\n"
	"\n"
	"Options:\n"
	"      --rules DIR        add a rule directory (repeatable)\n"
	"      --no-default-rules only the --rules directories\n"
	"  -h, --help             this help\n",
	cmd_rules_exec
};
