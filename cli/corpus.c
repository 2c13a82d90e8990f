/* SPDX-License-Identifier: Apache-2.0 */
/*
 * `mgtriage corpus PATH...`: run the analysis over many cases with known
 * answers and compare.  A case is a directory holding an `expected` file
 * (root causes in order, their symptoms indented under them) beside its
 * inputs; a case without one, or any case under --healthy, passes when no
 * root cause of severity high or critical is found.
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

#include "mgtriage.h"
#include "cli.h"
#include "cli-util.h"
#include "ingest-opts.h"

#define CORPUS_MAX_EXPECTED 64

struct corpus_expect {
	char	*root[CORPUS_MAX_EXPECTED];
	char	*sym[CORPUS_MAX_EXPECTED][CORPUS_MAX_EXPECTED];
	size_t	 nsym[CORPUS_MAX_EXPECTED];
	size_t	 nroot;
	/* "resolved: ID" and "suppressed: ID" lines: findings that must be
	 * listed in that state. */
	char	*apart[CORPUS_MAX_EXPECTED];
	enum mgt_finding_state apart_state[CORPUS_MAX_EXPECTED];
	size_t	 napart;
	int	 healthy;
};

struct corpus_result {
	char	*name;
	int	 pass;
	char	*why;		/* failure reason or root list */
};

static int
corpus_is_dir(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int
corpus_has_expected(const char *dir)
{
	char p[PATH_MAX];
	struct stat st;

	snprintf(p, sizeof p, "%s/expected", dir);
	return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

static void
corpus_expect_free(struct corpus_expect *e)
{
	size_t i, j;

	for (i = 0; i < e->nroot; i++) {
		free(e->root[i]);
		for (j = 0; j < e->nsym[i]; j++)
			free(e->sym[i][j]);
	}
	for (i = 0; i < e->napart; i++)
		free(e->apart[i]);
	memset(e, 0, sizeof *e);
}

static int
corpus_read_expected(const char *dir, struct corpus_expect *e, char *why,
    size_t wlen)
{
	char p[PATH_MAX], line[512], *s, *end;
	FILE *f;
	int lineno = 0, indented;

	memset(e, 0, sizeof *e);
	snprintf(p, sizeof p, "%s/expected", dir);
	if ((f = fopen(p, "r")) == NULL) {
		snprintf(why, wlen, "%.900s: cannot read", p);
		return -1;
	}
	while (fgets(line, sizeof line, f) != NULL) {
		lineno++;
		indented = line[0] == ' ' || line[0] == '\t';
		s = line + strspn(line, " \t");
		end = s + strcspn(s, "#\r\n");
		while (end > s && (end[-1] == ' ' || end[-1] == '\t'))
			end--;
		*end = '\0';
		if (*s == '\0')
			continue;
		if (!indented && (strncmp(s, "resolved:", 9) == 0 ||
		    strncmp(s, "suppressed:", 11) == 0)) {
			if (e->napart >= CORPUS_MAX_EXPECTED)
				continue;
			e->apart_state[e->napart] = *s == 'r' ?
			    MGT_FINDING_HISTORY : MGT_FINDING_SUPPRESSED;
			s += *s == 'r' ? 9 : 11;
			s += strspn(s, " \t");
			e->apart[e->napart++] = cli_strdup(s);
			continue;
		}
		if (!indented) {
			if (e->nroot >= CORPUS_MAX_EXPECTED)
				continue;
			e->root[e->nroot++] = cli_strdup(s);
		} else if (e->nroot == 0) {
			snprintf(why, wlen, "%.900s:%d: a symptom before any root "
			    "cause", p, lineno);
			fclose(f);
			return -1;
		} else if (e->nsym[e->nroot - 1] < CORPUS_MAX_EXPECTED)
			e->sym[e->nroot - 1][e->nsym[e->nroot - 1]++] =
			    cli_strdup(s);
	}
	fclose(f);
	/* Resolved or suppressed findings alone still make a case whose
	 * root causes must be none. */
	e->healthy = e->nroot == 0;
	return 0;
}

static int
corpus_strcmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static char **
corpus_case_inputs(const char *path, size_t *n)
{
	DIR *d;
	struct dirent *de;
	char **v = NULL, *p;

	*n = 0;
	if (!corpus_is_dir(path) || !corpus_has_expected(path)) {
		v = cli_calloc(1, sizeof *v);
		v[0] = cli_strdup(path);
		*n = 1;
		return v;
	}
	if ((d = opendir(path)) == NULL)
		return NULL;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.' || strcmp(de->d_name, "expected") == 0 ||
		    strncmp(de->d_name, "README", 6) == 0)
			continue;
		cli_asprintf(&p, "%s/%s", path, de->d_name);
		v = cli_reallocarray(v, *n + 1, sizeof *v);
		v[(*n)++] = p;
	}
	closedir(d);
	if (*n > 1)
		qsort(v, *n, sizeof *v, corpus_strcmp);
	return v;
}

/*
 * Is rule id among the symptoms of finding root, at any depth?  Findings
 * come each root cause followed by its symptoms, depth first: those of
 * root are the ones after it up to the next root cause.
 */
static int
corpus_under(const mgt_result *res, size_t root, const char *id)
{
	struct mgt_finding f;
	size_t i;

	for (i = root + 1; mgt_result_finding(res, i, &f) == 0 &&
	    f.cause >= 0; i++)
		if (strcmp(f.rule_id, id) == 0)
			return 1;
	return 0;
}

static void
corpus_append(char **s, const char *add)
{
	char *n;

	cli_asprintf(&n, "%s%s%s", *s ? *s : "", *s && **s ? ", " : "", add);
	free(*s);
	*s = n;
}

/* A root cause that counts: its index among the findings, id and
 * severity. */
struct corpus_root {
	size_t		 at;
	const char	*id;
	int		 severity;
};

/* Compare ranked roots with the expectation; fill why. */
static int
corpus_compare(const mgt_result *res, const struct corpus_expect *e,
    char **why)
{
	struct corpus_root roots[256];
	struct mgt_finding f;
	char buf[512];
	size_t nr = 0, i, j, k;
	int listed, pass = 1;

	/* Roots that count: high or critical, or named in expected. */
	for (i = 0; mgt_result_finding(res, i, &f) == 0 && nr < 256; i++) {
		if (f.cause >= 0 || f.state != MGT_FINDING_CURRENT)
			continue;
		for (listed = 0, k = 0; k < e->nroot && !listed; k++)
			listed = strcmp(e->root[k], f.rule_id) == 0;
		if (listed || f.severity >= MGT_SEV_HIGH) {
			roots[nr].at = i;
			roots[nr].id = f.rule_id;
			roots[nr].severity = f.severity;
			nr++;
		}
	}
	for (k = 0; k < e->napart; k++) {
		for (listed = 0, i = 0; !listed &&
		    mgt_result_finding(res, i, &f) == 0; i++)
			listed = f.state == e->apart_state[k] &&
			    strcmp(f.rule_id, e->apart[k]) == 0;
		if (!listed) {
			snprintf(buf, sizeof buf, "%s is not listed as %s",
			    e->apart[k], e->apart_state[k] ==
			    MGT_FINDING_HISTORY ? "resolved" : "suppressed");
			corpus_append(why, buf);
			pass = 0;
		}
	}
	if (e->healthy) {
		for (i = 0; i < nr; i++) {
			snprintf(buf, sizeof buf, "unexpected %s root cause %s",
			    mgt_severity_name(roots[i].severity),
			    roots[i].id);
			corpus_append(why, buf);
			pass = 0;
		}
		return pass;
	}
	for (i = 0; i < e->nroot || i < nr; i++) {
		if (i >= nr) {
			snprintf(buf, sizeof buf, "root %zu: expected %s, got "
			    "nothing", i + 1, e->root[i]);
			corpus_append(why, buf);
			pass = 0;
			continue;
		}
		if (i >= e->nroot) {
			snprintf(buf, sizeof buf, "root %zu: unexpected %s",
			    i + 1, roots[i].id);
			corpus_append(why, buf);
			pass = 0;
			continue;
		}
		if (strcmp(e->root[i], roots[i].id) != 0) {
			snprintf(buf, sizeof buf, "root %zu: expected %s, got %s",
			    i + 1, e->root[i], roots[i].id);
			corpus_append(why, buf);
			pass = 0;
			continue;
		}
		for (j = 0; j < e->nsym[i]; j++)
			if (!corpus_under(res, roots[i].at, e->sym[i][j])) {
				snprintf(buf, sizeof buf, "%s not under %s",
				    e->sym[i][j], e->root[i]);
				corpus_append(why, buf);
				pass = 0;
			}
	}
	return pass;
}

static int
corpus_run_case(mgt_session *s, const char *path, int healthy,
    struct corpus_result *r)
{
	struct corpus_expect e;
	struct mgt_error err;
	struct mgt_finding f;
	mgt_case *c = NULL;
	mgt_result *res = NULL;
	char why[1024];
	char **inputs;
	size_t n = 0, i;

	memset(r, 0, sizeof *r);
	r->name = cli_strdup(path);
	why[0] = '\0';
	if (!healthy && corpus_is_dir(path) && corpus_has_expected(path)) {
		if (corpus_read_expected(path, &e, why, sizeof why) != 0) {
			r->why = cli_strdup(why);
			return 0;
		}
	} else {
		memset(&e, 0, sizeof e);
		e.healthy = 1;
	}
	inputs = corpus_case_inputs(path, &n);
	mgt_error_clear(&err);
	/* A scratch index, removed with the case. */
	if (n == 0 || mgt_case_build(s, (const char *const *)inputs, n, NULL,
	    0, NULL, &c, &err) != MGT_OK ||
	    mgt_evaluate(c, NULL, &res, &err) != MGT_OK) {
		mgt_error_format(&err, why, sizeof why);
		r->why = cli_strdup(n == 0 ? "no inputs" : why);
		goto clean;
	}
	r->pass = corpus_compare(res, &e, &r->why);
	if (r->pass) {
		for (i = 0; mgt_result_finding(res, i, &f) == 0; i++)
			if (f.cause < 0 && f.state == MGT_FINDING_CURRENT)
				corpus_append(&r->why, f.rule_id);
	}
clean:
	mgt_result_free(res);
	mgt_case_close(c);
	for (i = 0; i < n; i++)
		free(inputs[i]);
	free(inputs);
	corpus_expect_free(&e);
	return r->pass;
}

/* Written to a temporary file renamed over path when complete. */
static int
corpus_write_junit(const char *path, struct corpus_result *rs, size_t n,
    long failed)
{
	struct mgt_error err;
	char *tmp = NULL;
	FILE *f;
	size_t i;

	mgt_error_clear(&err);
	if (mgt_output_open(path, &f, &tmp, &err) != MGT_OK) {
		cmd_print_error(&err);
		mgt_free(tmp);
		return -1;
	}
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<testsuite name=\"mgtriage-corpus\" tests=\"%zu\" "
	    "failures=\"%ld\">\n", n, failed);
	for (i = 0; i < n; i++) {
		fputs("  <testcase classname=\"mgtriage.corpus\" name=\"", f);
		mgt_xml_escape(f, rs[i].name, 1);
		if (rs[i].pass)
			fputs("\"/>\n", f);
		else {
			fputs("\">\n    <failure message=\"", f);
			mgt_xml_escape(f, rs[i].why, 1);
			fputs("\"/>\n  </testcase>\n", f);
		}
	}
	fputs("</testsuite>\n", f);
	if (mgt_output_close(f, tmp, path, 1, &err) != MGT_OK) {
		cmd_print_error(&err);
		return -1;
	}
	return 0;
}

struct corpus_args {
	struct cmd_ingest	*ci;
	const char		*junit;
	int			 healthy;
};

static int
corpus_option(void *ctx, int opt, const char *arg)
{
	struct corpus_args *a = ctx;

	switch (opt) {
	case 'j':
		a->junit = arg;
		return MGT_EXIT_OK;
	case 'H':
		a->healthy = 1;
		return MGT_EXIT_OK;
	}
	return cmd_ingest_handle(a->ci, opt, arg);
}

static int
cmd_corpus_exec(int argc, char **argv)
{
	struct cmd_ingest ci;
	struct corpus_result *rs = NULL;
	mgt_session *s = NULL;
	struct mgt_error err;
	struct corpus_args ca;
	const char *junit;
	char **cases = NULL, *p;
	size_t ncases = 0, i;
	long passed = 0, failed = 0;
	int rc, healthy, a;
	DIR *d;
	struct dirent *de;
	static const struct option longopts[] = {
		CMD_INGEST_LONGOPTS,
		{ "junit", required_argument, NULL, 'j' },
		{ "healthy", no_argument, NULL, 'H' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};

	cmd_ingest_init(&ci, &cmd_corpus_entry);
	ci.need_rules = 1;
	cmd_ingest_option(&ci, &cmd_corpus_entry, 'q', NULL);
	cmd_ingest_option(&ci, &cmd_corpus_entry, CMD_OPT_NO_PROGRESS, NULL);
	memset(&ca, 0, sizeof ca);
	ca.ci = &ci;
	if ((rc = cmd_options(&cmd_corpus_entry, argc, argv, "qh", longopts,
	    corpus_option, &ca)) != CMD_OPTIONS_DONE) {
		cmd_ingest_free(&ci);
		return rc;
	}
	junit = ca.junit;
	healthy = ca.healthy;
	if (optind >= argc) {
		cmd_ingest_free(&ci);
		return cmd_usage_error(&cmd_corpus_entry, "no case given");
	}
	for (a = optind; a < argc; a++) {
		if (healthy || !corpus_is_dir(argv[a]) ||
		    corpus_has_expected(argv[a])) {
			cases = cli_reallocarray(cases, ncases + 1,
			    sizeof *cases);
			cases[ncases++] = cli_strdup(argv[a]);
			continue;
		}
		/* A directory of cases: its subdirectories with `expected`. */
		if ((d = opendir(argv[a])) == NULL)
			continue;
		while ((de = readdir(d)) != NULL) {
			if (de->d_name[0] == '.')
				continue;
			cli_asprintf(&p, "%s/%s", argv[a], de->d_name);
			if (corpus_is_dir(p) && corpus_has_expected(p)) {
				cases = cli_reallocarray(cases, ncases + 1,
				    sizeof *cases);
				cases[ncases++] = p;
			} else
				free(p);
		}
		closedir(d);
	}
	if (ncases > 1)
		qsort(cases, ncases, sizeof *cases, corpus_strcmp);
	if (ncases == 0) {
		cmd_ingest_free(&ci);
		free(cases);
		return cmd_usage_error(&cmd_corpus_entry, "no case found (a "
		    "case is a directory with an 'expected' file)");
	}
	mgt_error_clear(&err);
	if (junit != NULL && mgt_output_check(junit, &err) != MGT_OK)
		cmd_print_error(&err);
	if (err.code != MGT_OK ||
	    (rc = cmd_ingest_load_rules(&ci, &err)) != MGT_OK) {
		cmd_ingest_free(&ci);
		for (i = 0; i < ncases; i++)
			free(cases[i]);
		free(cases);
		return MGT_EXIT_USAGE;
	}
	/* Cases print nothing of their own: only the verdicts. */
	s = ci.s;
	mgt_session_options(s)->on_problem = NULL;
	mgt_session_options(s)->on_progress = NULL;
	rs = cli_calloc(ncases, sizeof *rs);
	for (i = 0; i < ncases; i++) {
		if (corpus_run_case(s, cases[i], healthy, &rs[i]))
			passed++;
		else
			failed++;
		printf("%s  %s%s%s\n", rs[i].pass ? "PASS" : "FAIL",
		    rs[i].name, rs[i].why ? ": " : "",
		    rs[i].why ? rs[i].why : "");
		fflush(stdout);
	}
	rc = failed > 0 ? MGT_EXIT_PARTIAL : MGT_EXIT_OK;
	if (junit != NULL && corpus_write_junit(junit, rs, ncases, failed) !=
	    0) {
		fprintf(stderr, "mgtriage corpus: cannot write %s\n", junit);
		rc = MGT_EXIT_INTERNAL;
	}
	printf("%ld passed, %ld failed\n", passed, failed);
	for (i = 0; i < ncases; i++) {
		free(rs[i].name);
		free(rs[i].why);
		free(cases[i]);
	}
	free(rs);
	free(cases);
	cmd_ingest_free(&ci);
	return rc;
}

const struct cmd_entry cmd_corpus_entry = {
	"corpus", "PATH... [--healthy] [--junit FILE]",
	"Run over a corpus of cases with known answers (CI)",
	"Each PATH is a case (a directory holding an 'expected' file next to\n"
	"its inputs), a directory of such cases, or an archive.  'expected'\n"
	"lists the root causes in rank order, one rule id per line, with the\n"
	"symptoms that must be found under each indented by two spaces; a\n"
	"line 'resolved: ID' or 'suppressed: ID' names a finding that must be\n"
	"listed as resolved before the gather or as suppressed; '#'\n"
	"starts a comment.  A case passes when the root causes of severity\n"
	"high or critical (and any named in 'expected') are exactly those, in\n"
	"that order, with the listed symptoms under them.  A case without\n"
	"'expected', an archive, or every PATH under --healthy must yield no\n"
	"root cause of severity high or critical.\n"
	"\n"
	"Prints PASS/FAIL per case and ends with 'N passed, N failed'; exit 1\n"
	"when a case failed.\n"
	"\n"
	"Options:\n"
	"      --healthy     every PATH is one case that must be healthy\n"
	"      --junit FILE  also write a JUnit XML file, one test per case\n"
	"      --rules DIR   add a rule directory; --no-default-rules\n"
	"  -h, --help        this help\n"
	"\n"
	"Example:\n"
	"  mgtriage corpus samples/ --junit corpus.xml\n",
	cmd_corpus_exec
};
