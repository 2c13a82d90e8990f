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

#include "cmd.h"
#include "cmd-ingest.h"
#include "error.h"
#include "eval.h"
#include "finding.h"
#include "index.h"
#include "ingest.h"
#include "output.h"
#include "report.h"
#include "util.h"
#include "xmalloc.h"

#define CORPUS_MAX_EXPECTED 64

struct corpus_expect {
	char	*root[CORPUS_MAX_EXPECTED];
	char	*sym[CORPUS_MAX_EXPECTED][CORPUS_MAX_EXPECTED];
	size_t	 nsym[CORPUS_MAX_EXPECTED];
	size_t	 nroot;
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
		if (!indented) {
			if (e->nroot >= CORPUS_MAX_EXPECTED)
				continue;
			e->root[e->nroot++] = xstrdup(s);
		} else if (e->nroot == 0) {
			snprintf(why, wlen, "%.900s:%d: a symptom before any root "
			    "cause", p, lineno);
			fclose(f);
			return -1;
		} else if (e->nsym[e->nroot - 1] < CORPUS_MAX_EXPECTED)
			e->sym[e->nroot - 1][e->nsym[e->nroot - 1]++] =
			    xstrdup(s);
	}
	fclose(f);
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
		v = xmalloc(sizeof *v);
		v[0] = xstrdup(path);
		*n = 1;
		return v;
	}
	if ((d = opendir(path)) == NULL)
		return NULL;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.' || strcmp(de->d_name, "expected") == 0 ||
		    strncmp(de->d_name, "README", 6) == 0)
			continue;
		xasprintf(&p, "%s/%s", path, de->d_name);
		v = xreallocarray(v, *n + 1, sizeof *v);
		v[(*n)++] = p;
	}
	closedir(d);
	if (*n > 1)
		qsort(v, *n, sizeof *v, corpus_strcmp);
	return v;
}

/* Is rule id among the symptoms of f, at any depth? */
static int
corpus_under(const struct finding *f, const char *id)
{
	size_t i;

	for (i = 0; i < f->nsymptoms; i++)
		if (strcmp(f->symptoms[i]->rule->id, id) == 0 ||
		    corpus_under(f->symptoms[i], id))
			return 1;
	return 0;
}

static void
corpus_append(char **s, const char *add)
{
	char *n;

	xasprintf(&n, "%s%s%s", *s ? *s : "", *s && **s ? ", " : "", add);
	free(*s);
	*s = n;
}

/* Compare ranked roots with the expectation; fill why. */
static int
corpus_compare(const struct finding_set *fs, const struct corpus_expect *e,
    char **why)
{
	const struct finding *roots[256];
	char buf[512];
	size_t nr = 0, i, j, k;
	int listed, pass = 1;

	/* Roots that count: high or critical, or named in expected. */
	for (i = 0; i < fs->nroots && nr < 256; i++) {
		for (listed = 0, k = 0; k < e->nroot && !listed; k++)
			listed = strcmp(e->root[k], fs->roots[i]->rule->id) == 0;
		if (listed || fs->roots[i]->rule->severity >= RULE_SEV_HIGH)
			roots[nr++] = fs->roots[i];
	}
	if (e->healthy) {
		for (i = 0; i < nr; i++) {
			snprintf(buf, sizeof buf, "unexpected %s root cause %s",
			    rule_severity_name(roots[i]->rule->severity),
			    roots[i]->rule->id);
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
			    i + 1, roots[i]->rule->id);
			corpus_append(why, buf);
			pass = 0;
			continue;
		}
		if (strcmp(e->root[i], roots[i]->rule->id) != 0) {
			snprintf(buf, sizeof buf, "root %zu: expected %s, got %s",
			    i + 1, e->root[i], roots[i]->rule->id);
			corpus_append(why, buf);
			pass = 0;
			continue;
		}
		for (j = 0; j < e->nsym[i]; j++)
			if (!corpus_under(roots[i], e->sym[i][j])) {
				snprintf(buf, sizeof buf, "%s not under %s",
				    e->sym[i][j], e->root[i]);
				corpus_append(why, buf);
				pass = 0;
			}
	}
	return pass;
}

static int
corpus_run_case(struct cmd_ingest *ci, const char *path, int healthy,
    struct corpus_result *r)
{
	struct corpus_expect e;
	struct ingest_result res;
	struct finding_set fs;
	struct index_open_options oo;
	struct mgt_error err;
	struct problem_sink sink = { NULL, NULL };
	sqlite3 *db = NULL;
	char tmpdir[PATH_MAX], db_path[PATH_MAX + 16], why[1024];
	const char *base;
	char **inputs;
	size_t n = 0, i;

	memset(r, 0, sizeof *r);
	r->name = xstrdup(path);
	why[0] = '\0';
	if (!healthy && corpus_is_dir(path) && corpus_has_expected(path)) {
		if (corpus_read_expected(path, &e, why, sizeof why) != 0) {
			r->why = xstrdup(why);
			return 0;
		}
	} else {
		memset(&e, 0, sizeof e);
		e.healthy = 1;
	}
	inputs = corpus_case_inputs(path, &n);
	finding_set_init(&fs);
	base = getenv("TMPDIR");
	snprintf(tmpdir, sizeof tmpdir, "%s/mgtriage-corpus-XXXXXX",
	    base != NULL && *base != '\0' ? base : "/tmp");
	if (mkdtemp(tmpdir) == NULL) {
		r->why = xstrdup("cannot create a temporary directory");
		goto out;
	}
	snprintf(db_path, sizeof db_path, "%s/index.db", tmpdir);
	output_track(tmpdir, 1);
	output_track(db_path, 0);
	mgt_error_clear(&err);
	index_sql_limits(&ci->opt.limits);
	index_open_options_init(&oo);
	oo.extra_view_dirs = (const char *const *)ci->rules.view_dirs;
	oo.nextra_view_dirs = ci->rules.nview_dirs;
	if (n == 0 || ingest_run((const char *const *)inputs, n, db_path,
	    &ci->opt, &res, &err) != MGT_OK ||
	    index_open_with(db_path, &oo, &db, &err) != MGT_OK ||
	    eval_rules(db, &ci->rules, &fs, &sink, &err) != MGT_OK) {
		mgt_error_format(&err, why, sizeof why);
		r->why = xstrdup(n == 0 ? "no inputs" : why);
		goto clean;
	}
	rank_findings(&fs);
	r->pass = corpus_compare(&fs, &e, &r->why);
	if (r->pass) {
		for (i = 0; i < fs.nroots; i++)
			corpus_append(&r->why, fs.roots[i]->rule->id);
	}
clean:
	if (db != NULL)
		sqlite3_close(db);
	output_discard(db_path);
	rmdir(tmpdir);
	output_untrack(tmpdir);
out:
	finding_set_free(&fs);
	for (i = 0; i < n; i++)
		free(inputs[i]);
	free(inputs);
	corpus_expect_free(&e);
	return r->pass;
}

/* Written to a temporary file (output_temp()), renamed when complete. */
static int
corpus_write_junit(const char *path, struct corpus_result *rs, size_t n,
    long failed)
{
	struct mgt_error err;
	char *tmp = NULL;
	FILE *f;
	size_t i;
	int fd, ret;

	mgt_error_clear(&err);
	if (output_temp(path, &tmp, &fd, &err) != MGT_OK) {
		cmd_print_error(&err);
		free(tmp);
		return -1;
	}
	if ((f = fdopen(fd, "w")) == NULL) {
		close(fd);
		output_discard(tmp);
		free(tmp);
		return -1;
	}
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<testsuite name=\"mgtriage-corpus\" tests=\"%zu\" "
	    "failures=\"%ld\">\n", n, failed);
	for (i = 0; i < n; i++) {
		fputs("  <testcase classname=\"mgtriage.corpus\" name=\"", f);
		report_junit_put(f, rs[i].name, 1);
		if (rs[i].pass)
			fputs("\"/>\n", f);
		else {
			fputs("\">\n    <failure message=\"", f);
			report_junit_put(f, rs[i].why, 1);
			fputs("\"/>\n  </testcase>\n", f);
		}
	}
	fputs("</testsuite>\n", f);
	if (fclose(f) != 0) {
		output_discard(tmp);
		free(tmp);
		return -1;
	}
	if ((ret = output_commit(tmp, path, &err)) != MGT_OK)
		cmd_print_error(&err);
	free(tmp);
	return ret == MGT_OK ? 0 : -1;
}

static int
cmd_corpus_exec(int argc, char **argv)
{
	struct cmd_ingest ci;
	struct corpus_result *rs = NULL;
	struct mgt_error err;
	const char *junit = NULL;
	char **cases = NULL, *p;
	size_t ncases = 0, i;
	long passed = 0, failed = 0;
	int opt, rc, healthy = 0, a;
	DIR *d;
	struct dirent *de;
	static const struct option longopts[] = {
		CMD_INGEST_LONGOPTS,
		{ "junit", required_argument, NULL, 'j' },
		{ "healthy", no_argument, NULL, 'H' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};

	cmd_ingest_init(&ci);
	ci.need_rules = 1;
	ci.opt.quiet = 1;
	ci.opt.progress = 0;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "qh", longopts, NULL)) != -1) {
		switch (opt) {
		case 'j':
			junit = optarg;
			continue;
		case 'H':
			healthy = 1;
			continue;
		case 'h':
			cmd_print_help(&cmd_corpus_entry);
			cmd_ingest_free(&ci);
			return MGT_EXIT_OK;
		}
		if ((rc = cmd_ingest_option(&ci, &cmd_corpus_entry, opt,
		    optarg)) < 0)
			rc = cmd_usage_error(&cmd_corpus_entry,
			    "unknown option");
		if (rc != MGT_EXIT_OK) {
			cmd_ingest_free(&ci);
			return rc;
		}
	}
	if (optind >= argc) {
		cmd_ingest_free(&ci);
		return cmd_usage_error(&cmd_corpus_entry, "no case given");
	}
	for (a = optind; a < argc; a++) {
		if (healthy || !corpus_is_dir(argv[a]) ||
		    corpus_has_expected(argv[a])) {
			cases = xreallocarray(cases, ncases + 1,
			    sizeof *cases);
			cases[ncases++] = xstrdup(argv[a]);
			continue;
		}
		/* A directory of cases: its subdirectories with `expected`. */
		if ((d = opendir(argv[a])) == NULL)
			continue;
		while ((de = readdir(d)) != NULL) {
			if (de->d_name[0] == '.')
				continue;
			xasprintf(&p, "%s/%s", argv[a], de->d_name);
			if (corpus_is_dir(p) && corpus_has_expected(p)) {
				cases = xreallocarray(cases, ncases + 1,
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
	if (junit != NULL && output_check(junit, &err) != MGT_OK)
		cmd_print_error(&err);
	if (err.code != MGT_OK ||
	    (rc = cmd_ingest_load_rules(&ci, &err)) != MGT_OK) {
		cmd_ingest_free(&ci);
		for (i = 0; i < ncases; i++)
			free(cases[i]);
		free(cases);
		return MGT_EXIT_USAGE;
	}
	rs = xcalloc(ncases, sizeof *rs);
	for (i = 0; i < ncases; i++) {
		if (corpus_run_case(&ci, cases[i], healthy, &rs[i]))
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
	"symptoms that must be found under each indented by two spaces; '#'\n"
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
