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

#include "cmd.h"
#include "cmd-ingest.h"
#include "error.h"
#include "eval.h"
#include "finding.h"
#include "index.h"
#include "ingest.h"
#include "match.h"
#include "output.h"
#include "util.h"
#include "xmalloc.h"

struct rules_tmp {
	char	 dir[PATH_MAX];
	char	 db[PATH_MAX + 32];
};

static int
rules_tmp_make(struct rules_tmp *t)
{
	const char *base = getenv("TMPDIR");

	snprintf(t->dir, sizeof t->dir, "%s/mgtriage-rules-XXXXXX",
	    base != NULL && *base != '\0' ? base : "/tmp");
	if (mkdtemp(t->dir) == NULL)
		return -1;
	snprintf(t->db, sizeof t->db, "%s/index.db", t->dir);
	output_track(t->dir, 1);
	output_track(t->db, 0);
	return 0;
}

static void
rules_tmp_clean(struct rules_tmp *t)
{
	output_discard(t->db);
	rmdir(t->dir);
	output_untrack(t->dir);
}

static int
rules_list(struct cmd_ingest *ci, int json)
{
	const struct ruleset *rs = &ci->rules;
	cJSON *arr, *o;
	char *s;
	size_t i;

	if (json) {
		arr = cJSON_CreateArray();
		for (i = 0; i < rs->nrules; i++) {
			o = cJSON_CreateObject();
			cJSON_AddStringToObject(o, "id", rs->rules[i].id);
			cJSON_AddStringToObject(o, "severity",
			    rule_severity_name(rs->rules[i].severity));
			cJSON_AddStringToObject(o, "category",
			    rs->rules[i].category);
			cJSON_AddStringToObject(o, "title", rs->rules[i].title);
			cJSON_AddStringToObject(o, "file", rs->rules[i].file);
			cJSON_AddItemToArray(arr, o);
		}
		s = cJSON_Print(arr);
		printf("%s\n", s);
		cJSON_free(s);
		cJSON_Delete(arr);
		return MGT_EXIT_OK;
	}
	for (i = 0; i < rs->nrules; i++)
		printf("%-40s %-8s %-16s %s\n", rs->rules[i].id,
		    rule_severity_name(rs->rules[i].severity),
		    rs->rules[i].category, rs->rules[i].title);
	printf("%zu rules\n", rs->nrules);
	return MGT_EXIT_OK;
}

/* SQL evidence must prepare against the real schema. */
static long
rules_lint_sql(const struct ruleset *rs)
{
	struct rules_tmp t;
	struct index *idx;
	struct index_open_options oo;
	struct mgt_error err;
	sqlite3 *db = NULL;
	sqlite3_stmt *st;
	const struct rule_evidence *ev;
	size_t i, j;
	long bad = 0;

	if (rules_tmp_make(&t) != 0)
		return 0;
	index_open_options_init(&oo);
	oo.extra_view_dirs = (const char *const *)rs->view_dirs;
	oo.nextra_view_dirs = rs->nview_dirs;
	if (index_create(t.db, 0, &idx, &err) != MGT_OK ||
	    index_commit(idx, &err) != MGT_OK ||
	    index_open_with(t.db, &oo, &db, &err) != MGT_OK) {
		cmd_print_error(&err);
		rules_tmp_clean(&t);
		return 1;
	}
	for (i = 0; i < rs->nrules; i++) {
		for (j = 0; j < rs->rules[i].nevidence; j++) {
			ev = &rs->rules[i].evidence[j];
			if (ev->type != RULE_EVIDENCE_SQL)
				continue;
			if (sqlite3_prepare_v2(db, ev->sql, -1, &st, NULL) !=
			    SQLITE_OK) {
				printf("%s:%d:1: error: rule %s, evidence %s: "
				    "SQL: %s\n", rs->rules[i].file, ev->line,
				    rs->rules[i].id, ev->name,
				    sqlite3_errmsg(db));
				bad++;
				continue;
			}
			if (!sqlite3_stmt_readonly(st)) {
				printf("%s:%d:1: error: rule %s, evidence %s: "
				    "SQL must be read-only\n",
				    rs->rules[i].file, ev->line,
				    rs->rules[i].id, ev->name);
				bad++;
			}
			sqlite3_finalize(st);
		}
	}
	sqlite3_close(db);
	rules_tmp_clean(&t);
	return bad;
}

/* Patterns with no literal to prefilter on run on every line. */
static long
rules_lint_slow(const struct ruleset *rs)
{
	struct matcher *m;
	struct mgt_limits lim;
	struct mgt_error err;
	const struct rule_evidence *ev;
	const char *why;
	size_t i, j;
	long slow = 0;
	int id;

	limits_default(&lim);
	m = matcher_new(&lim);
	for (i = 0; i < rs->nrules; i++) {
		for (j = 0; j < rs->rules[i].nevidence; j++) {
			ev = &rs->rules[i].evidence[j];
			if (ev->type != RULE_EVIDENCE_PATTERN)
				continue;
			id = matcher_add(m, ev->pattern,
			    ev->caseless ? MATCH_CASELESS : 0, &err);
			if (id < 0)
				continue;
			if (matcher_is_slow(m, id, &why)) {
				printf("%s:%d:1: warning: rule %s, evidence %s: "
				    "slow pattern: %s\n", rs->rules[i].file,
				    ev->line, rs->rules[i].id, ev->name, why);
				slow++;
			}
		}
	}
	matcher_free(m);
	return slow;
}

static int
rules_lint(struct cmd_ingest *ci)
{
	const struct ruleset *rs = &ci->rules;
	long errors = (long)rs->nerrors, warnings = 0;
	size_t i;

	for (i = 0; i < rs->ndiags; i++) {
		printf("%s:%d:%d: %s: %s\n", rs->diags[i].file,
		    rs->diags[i].line, rs->diags[i].col,
		    rs->diags[i].is_warning ? "warning" : "error",
		    rs->diags[i].message);
		if (rs->diags[i].is_warning)
			warnings++;
	}
	errors += rules_lint_sql(rs);
	warnings += rules_lint_slow(rs);
	printf("%zu rules, %ld errors, %ld warnings\n", rs->nrules, errors,
	    warnings);
	if (errors > 0)
		return MGT_EXIT_USAGE;
	return warnings > 0 ? MGT_EXIT_PARTIAL : MGT_EXIT_OK;
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
		xasprintf(&p, "%s/%s", dir, de->d_name);
		v = xreallocarray(v, *n + 1, sizeof *v);
		v[(*n)++] = p;
	}
	closedir(d);
	if (*n > 1)
		qsort(v, *n, sizeof *v, rules_strcmp);
	return v;
}

/* Run one rule over one fixture; returns 1 fired, 0 silent, -1 error. */
static int
rules_run_fixture(const struct ruleset *rs, const struct rule *rule,
    const char *dir, char *detail, size_t dlen)
{
	struct index_open_options oo;
	struct ruleset one;
	struct ingest_options opt;
	struct ingest_result res;
	struct finding_set fs;
	struct rules_tmp t;
	struct mgt_error err;
	struct problem_sink sink = { NULL, NULL };
	sqlite3 *db = NULL;
	char **inputs;
	size_t n, i;
	int fired = -1;

	detail[0] = '\0';
	memset(&t, 0, sizeof t);
	inputs = rules_fixture_inputs(dir, &n);
	if (n == 0) {
		snprintf(detail, dlen, "no fixture in %.900s", dir);
		free(inputs);
		return -1;
	}
	memset(&one, 0, sizeof one);
	one.rules = (struct rule *)rule;
	one.nrules = 1;
	index_open_options_init(&oo);
	oo.extra_view_dirs = (const char *const *)rs->view_dirs;
	oo.nextra_view_dirs = rs->nview_dirs;
	ingest_options_init(&opt);
	opt.rules = &one;
	opt.quiet = 1;
	finding_set_init(&fs);
	if (rules_tmp_make(&t) != 0) {
		snprintf(detail, dlen, "cannot create a temporary directory");
		goto out;
	}
	mgt_error_clear(&err);
	if (ingest_run((const char *const *)inputs, n, t.db, &opt, &res,
	    &err) != MGT_OK || index_open_with(t.db, &oo, &db, &err) != MGT_OK ||
	    eval_rules(db, &one, &fs, &sink, &err) != MGT_OK) {
		mgt_error_format(&err, detail, dlen);
		goto out;
	}
	fired = fs.nfindings > 0;
	if (fired)
		snprintf(detail, dlen, "%s", fs.findings[0].summary ?
		    fs.findings[0].summary : "");
out:
	finding_set_free(&fs);
	if (db != NULL)
		sqlite3_close(db);
	rules_tmp_clean(&t);
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

static int
rules_test(struct cmd_ingest *ci, char **only, int nonly, int verbose)
{
	const struct ruleset *rs = &ci->rules;
	const struct rule *r;
	char base[PATH_MAX], dir[PATH_MAX + 64], detail[1024], *slash;
	long passed = 0, failed = 0;
	size_t i;
	int j, want, got, sel;

	/* An id that names no rule is a typo, never a pass. */
	for (j = 0; j < nonly; j++)
		if (ruleset_find(rs, only[j]) == NULL) {
			printf("FAIL %s: no such rule\n", only[j]);
			failed++;
		}
	for (i = 0; i < rs->nrules; i++) {
		r = &rs->rules[i];
		for (sel = nonly == 0, j = 0; j < nonly && !sel; j++)
			sel = strcmp(only[j], r->id) == 0;
		if (!sel)
			continue;
		/* Fixtures live in tests/<id>/ beside the rule file. */
		snprintf(base, sizeof base, "%s", r->file);
		if ((slash = strrchr(base, '/')) != NULL)
			*slash = '\0';
		else
			snprintf(base, sizeof base, ".");
		for (want = 1; want >= 0; want--) {
			snprintf(dir, sizeof dir, "%s/tests/%s/%s", base,
			    r->id, want ? "fires" : "silent");
			if (!rules_is_dir(dir)) {
				printf("FAIL %s %s: fixture %s is missing\n",
				    r->id, want ? "fires" : "silent", dir);
				failed++;
				continue;
			}
			got = rules_run_fixture(rs, r, dir, detail,
			    sizeof detail);
			if (got == want) {
				passed++;
				if (verbose)
					printf("ok   %s %s%s%s\n", r->id,
					    want ? "fires" : "silent",
					    detail[0] ? ": " : "", detail);
			} else {
				failed++;
				printf("FAIL %s %s: %s%s%s\n", r->id,
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

static int
cmd_rules_exec(int argc, char **argv)
{
	struct cmd_ingest ci;
	struct mgt_error err;
	const char *verb;
	int opt, rc, json = 0, verbose = 0;
	static const struct option longopts[] = {
		CMD_INGEST_LONGOPTS,
		{ "json", no_argument, NULL, 'j' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};

	cmd_ingest_init(&ci);
	ci.opt.quiet = 1;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "jvqh", longopts, NULL)) !=
	    -1) {
		switch (opt) {
		case 'j':
			json = 1;
			continue;
		case 'v':
			verbose = 1;
			continue;
		case 'h':
			cmd_print_help(&cmd_rules_entry);
			cmd_ingest_free(&ci);
			return MGT_EXIT_OK;
		}
		if ((rc = cmd_ingest_option(&ci, &cmd_rules_entry, opt,
		    optarg)) < 0)
			rc = cmd_usage_error(&cmd_rules_entry,
			    "unknown option");
		if (rc != MGT_EXIT_OK) {
			cmd_ingest_free(&ci);
			return rc;
		}
	}
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
		ci.default_rules = 0;
	}
	/* lint prints every diagnostic itself. */
	mgt_error_clear(&err);
	if (strcmp(verb, "lint") == 0) {
		int i;

		if (ci.default_rules && ruleset_load_dir(&ci.rules,
		    cmd_default_rules_dir(), &err) != MGT_OK) {
			cmd_print_error(&err);
			cmd_ingest_free(&ci);
			return MGT_EXIT_USAGE;
		}
		for (i = 0; i < ci.nrule_dirs; i++)
			if (ruleset_load_dir(&ci.rules, ci.rule_dirs[i],
			    &err) != MGT_OK) {
				cmd_print_error(&err);
				cmd_ingest_free(&ci);
				return MGT_EXIT_USAGE;
			}
		ruleset_finish(&ci.rules);
		rc = rules_lint(&ci);
	} else {
		ci.need_rules = 1;
		if ((rc = cmd_ingest_load_rules(&ci, &err)) != MGT_OK) {
			cmd_ingest_free(&ci);
			return MGT_EXIT_USAGE;
		}
		if (strcmp(verb, "list") == 0)
			rc = rules_list(&ci, json);
		else
			rc = rules_test(&ci, argv + optind, argc - optind,
			    verbose);
	}
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
