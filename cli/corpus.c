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
#include <errno.h>
#include <ftw.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mgtriage.h"
#include "cli.h"
#include "cli-util.h"
#include "ingest-opts.h"
#include "corpus-pool.h"
#include "corpus-store.h"
#include "cpus.h"

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

/* Parse the text of an 'expected' file; p names it in messages. */
static int
corpus_parse_expected(const char *text, const char *p,
    struct corpus_expect *e, char *why, size_t wlen)
{
	char line[512], *s, *end;
	FILE *f;
	int lineno = 0, indented;

	memset(e, 0, sizeof *e);
	if (*text == '\0') {
		e->healthy = 1;
		return 0;
	}
	if ((f = fmemopen((void *)text, strlen(text), "r")) == NULL) {
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

/* One run over the cases: the whole sorted list, this shard's part of
 * it, and where results and indexes go. */
struct corpus_run {
	mgt_session		*s;
	char			**names;	/* every case, sorted */
	size_t			 ncases;
	struct corpus_record	*recs;		/* --indexes: per case */
	size_t			*pick;		/* this shard's cases */
	size_t			 npick;
	struct corpus_result	*rs;		/* per picked case */
	const char		*results;	/* a result file per case */
	char			 scratch[PATH_MAX]; /* per-case temporaries */
	const char		*keep;		/* --keep-indexes DIR */
	const char		*indexes;	/* --indexes DIR */
	char			*ingest;	/* the ingest options, joined */
	int			 healthy;
	size_t			 printed;
	long			 passed, failed;
	int			 io_error;
};

/* The 'expected' text of case path ("" when it must be healthy), or NULL
 * with why filled. */
static char *
corpus_expected_text(const struct corpus_run *run, const char *path,
    char *why, size_t wlen)
{
	char p[PATH_MAX];

	if (run->healthy || !corpus_is_dir(path) || !corpus_has_expected(path))
		return cli_strdup("");
	snprintf(p, sizeof p, "%s/expected", path);
	return corpus_store_slurp(p, why, wlen);
}

/* Beside a kept index, what re-evaluation needs instead of the inputs. */
static int
corpus_keep_record(const struct corpus_run *run, size_t i, mgt_case *c,
    const char *expected)
{
	struct corpus_record rec;
	const char *const *v;
	size_t n;

	v = mgt_case_meta(c, "schema_version", &n);
	memset(&rec, 0, sizeof rec);
	rec.index = i;
	rec.cases = run->ncases;
	rec.name = run->names[i];
	rec.expected = *expected ? (char *)expected : NULL;
	rec.schema = n > 0 ? (char *)v[0] : (char *)"";
	rec.ingest = run->ingest;
	return corpus_record_write(run->keep, &rec);
}

/* Case i, in a worker: index (or open the stored index), evaluate,
 * compare with its expected answers. */
static void
corpus_eval(const struct corpus_run *run, size_t i, struct corpus_result *r)
{
	struct corpus_expect e;
	struct mgt_error err;
	struct mgt_finding f;
	mgt_case *c = NULL;
	mgt_result *res = NULL;
	char why[1024], db[PATH_MAX], label[PATH_MAX];
	char **inputs = NULL, *text = NULL;
	const char *name;
	size_t n = 0, k;

	memset(&e, 0, sizeof e);
	name = run->indexes ? run->recs[i].name : run->names[i];
	r->name = cli_strdup(name);
	why[0] = '\0';
	mgt_error_clear(&err);
	snprintf(label, sizeof label, "%s/expected", name);
	if (run->indexes)
		text = cli_strdup(run->recs[i].expected ?
		    run->recs[i].expected : "");
	else
		text = corpus_expected_text(run, name, why, sizeof why);
	if (text == NULL || corpus_parse_expected(text, label, &e, why,
	    sizeof why) != 0) {
		r->why = cli_strdup(why);
		goto clean;
	}
	if (run->indexes) {
		corpus_store_path(db, sizeof db, run->indexes, i, ".db");
		if (mgt_case_open(run->s, db, &c, &err) != MGT_OK)
			goto fail;
	} else {
		if (run->keep)
			corpus_store_path(db, sizeof db, run->keep, i, ".db");
		inputs = corpus_case_inputs(name, &n);
		if (n == 0) {
			r->why = cli_strdup("no inputs");
			goto clean;
		}
		/* Without --keep-indexes a scratch index, removed with
		 * the case. */
		if (mgt_case_build(run->s, (const char *const *)inputs, n,
		    run->keep ? db : NULL, 0, NULL, &c, &err) != MGT_OK)
			goto fail;
		if (run->keep && corpus_keep_record(run, i, c, text) != 0) {
			snprintf(why, sizeof why, "cannot write the record "
			    "of %.900s", db);
			r->why = cli_strdup(why);
			goto clean;
		}
	}
	if (mgt_evaluate(c, NULL, &res, &err) != MGT_OK)
		goto fail;
	r->pass = corpus_compare(res, &e, &r->why);
	if (r->pass)
		for (k = 0; mgt_result_finding(res, k, &f) == 0; k++)
			if (f.cause < 0 && f.state == MGT_FINDING_CURRENT)
				corpus_append(&r->why, f.rule_id);
	goto clean;
fail:
	mgt_error_format(&err, why, sizeof why);
	r->why = cli_strdup(why);
clean:
	mgt_result_free(res);
	mgt_case_close(c);
	for (k = 0; k < n; k++)
		free(inputs[k]);
	free(inputs);
	free(text);
	corpus_expect_free(&e);
}

/*
 * A test knob (tests/corpus-scale.test): MGTRIAGE_CORPUS_FAULT="hang:S"
 * or "crash:S" makes the worker of each case whose path holds S hang or
 * abort, to show the run survives both.
 */
static void
corpus_fault(const char *name)
{
	const char *e = getenv("MGTRIAGE_CORPUS_FAULT");

	if (e == NULL || strchr(e, ':') == NULL ||
	    strstr(name, strchr(e, ':') + 1) == NULL)
		return;
	if (strncmp(e, "hang:", 5) == 0)
		for (;;)
			pause();
	if (strncmp(e, "crash:", 6) == 0)
		abort();
}

/* Case i's scratch directory. */
static void
corpus_scratch_path(const struct corpus_run *run, size_t i, char *buf,
    size_t len)
{
	corpus_store_path(buf, len, run->scratch, i, "");
}

static int
corpus_remove_one(const char *path, const struct stat *st, int flag,
    struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	(void)remove(path);
	return 0;
}

/* Remove dir and what is under it; symbolic links are not followed. */
static void
corpus_remove_tree(const char *dir)
{
	(void)nftw(dir, corpus_remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* In the child: evaluate picked case k and write its result file. */
static int
corpus_work(size_t k, void *ctx)
{
	struct corpus_run *run = ctx;
	struct corpus_result r;
	char tmp[PATH_MAX];
	int rc;

	memset(&r, 0, sizeof r);
	r.index = run->pick[k];
	r.cases = run->ncases;
	/* The case's temporaries in a directory the parent removes when
	 * this process ends, however it ends (a SIGKILL at the deadline
	 * leaves its scratch index behind). */
	corpus_scratch_path(run, r.index, tmp, sizeof tmp);
	if (mkdir(tmp, 0700) == 0)
		mgt_session_options(run->s)->tmpdir = tmp;
	corpus_fault(run->indexes ? run->recs[r.index].name :
	    run->names[r.index]);
	corpus_eval(run, r.index, &r);
	rc = corpus_result_write(run->results, &r) == 0 ? 0 : MGT_EXIT_INTERNAL;
	corpus_result_clear(&r);
	return rc;
}

static void
corpus_print(const struct corpus_result *r)
{
	printf("%s  %s%s%s\n", r->pass ? "PASS" : "FAIL", r->name,
	    r->why ? ": " : "", r->why ? r->why : "");
}

/* In the parent as each worker ends: take its result (or say why there
 * is none), then print every result now due, in case order. */
static void
corpus_done(size_t k, const char *failure, void *ctx)
{
	struct corpus_run *run = ctx;
	struct corpus_result *r = &run->rs[k];
	char path[PATH_MAX], why[1200];
	size_t i = run->pick[k];

	why[0] = '\0';
	corpus_scratch_path(run, i, path, sizeof path);
	corpus_remove_tree(path);
	corpus_store_path(path, sizeof path, run->results, i, ".result.json");
	if (failure == NULL && corpus_result_read(path, r, why,
	    sizeof why) == 0 && r->index == i)
		;
	else {
		corpus_result_clear(r);
		r->index = i;
		r->cases = run->ncases;
		r->name = cli_strdup(run->indexes ? run->recs[i].name :
		    run->names[i]);
		r->why = cli_strdup(failure ? failure : why);
		r->done = 1;
		if (corpus_result_write(run->results, r) != 0)
			run->io_error = 1;
	}
	while (run->printed < run->npick && run->rs[run->printed].done) {
		corpus_print(&run->rs[run->printed]);
		if (run->rs[run->printed].pass)
			run->passed++;
		else
			run->failed++;
		run->printed++;
	}
	fflush(stdout);
}

/* Written to a temporary file renamed over path when complete. */
static int
corpus_write_junit(const char *path, const struct corpus_result *rs, size_t n,
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

/* The count line, the JUnit file and the exit code of a run or merge. */
static int
corpus_finish(const struct corpus_result *rs, size_t n, long passed,
    long failed, const char *junit)
{
	int rc = failed > 0 ? MGT_EXIT_PARTIAL : MGT_EXIT_OK;

	if (junit != NULL && corpus_write_junit(junit, rs, n, failed) != 0) {
		fprintf(stderr, "mgtriage corpus: cannot write %s\n", junit);
		rc = MGT_EXIT_INTERNAL;
	}
	printf("%ld passed, %ld failed\n", passed, failed);
	return rc;
}

struct corpus_args {
	struct cmd_ingest	*ci;
	const char		*junit;
	const char		*results;
	const char		*keep;
	const char		*indexes;
	const char		*shard;
	char			**ingest;	/* ingest options given */
	size_t			 ningest;
	struct corpus_limits	 lim;
	int			 jobs;
	int			 healthy;
};

enum {
	CORPUS_OPT_SHARD = 512,
	CORPUS_OPT_RESULTS,
	CORPUS_OPT_KEEP,
	CORPUS_OPT_INDEXES,
	CORPUS_OPT_TIMEOUT,
	CORPUS_OPT_MEMORY
};

/* A number in [lo, hi] with an optional K, M or G suffix (1024s); -1 when
 * arg is not one. */
static double
corpus_number(const char *arg, double lo, double hi, int suffixes)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (end == arg || errno != 0)
		return -1;
	if (suffixes && *end != '\0' && end[1] == '\0' &&
	    strchr("KMG", *end) != NULL) {
		v *= *end == 'K' ? 1024.0 : *end == 'M' ? 1048576.0 :
		    1073741824.0;
		end++;
	}
	return *end == '\0' && v >= lo && v <= hi ? v : -1;
}

static int
corpus_option(void *ctx, int opt, const char *arg)
{
	struct corpus_args *a = ctx;
	double v;
	int rc;

	switch (opt) {
	case 'j':
		a->junit = arg;
		return MGT_EXIT_OK;
	case 'H':
		a->healthy = 1;
		return MGT_EXIT_OK;
	case CMD_OPT_JOBS:
		if ((v = corpus_number(arg, 1, 1024, 0)) < 0 ||
		    v != (int)v)
			return cmd_usage_error(&cmd_corpus_entry, "--jobs: "
			    "expected a number of processes from 1 to 1024, "
			    "not '%s'", arg);
		a->jobs = (int)v;
		return MGT_EXIT_OK;
	case CORPUS_OPT_SHARD:
		a->shard = arg;
		return MGT_EXIT_OK;
	case CORPUS_OPT_RESULTS:
		a->results = arg;
		return MGT_EXIT_OK;
	case CORPUS_OPT_KEEP:
		a->keep = arg;
		return MGT_EXIT_OK;
	case CORPUS_OPT_INDEXES:
		a->indexes = arg;
		return MGT_EXIT_OK;
	case CORPUS_OPT_TIMEOUT:
		if ((v = corpus_number(arg, 0, 7 * 86400, 0)) < 0)
			return cmd_usage_error(&cmd_corpus_entry,
			    "--case-timeout: expected seconds from 0 (none) "
			    "to 604800, not '%s'", arg);
		a->lim.seconds = v;
		return MGT_EXIT_OK;
	case CORPUS_OPT_MEMORY:
		if ((v = corpus_number(arg, 0, 1099511627776.0, 1)) < 0 ||
		    (v > 0 && v < 1048576))
			return cmd_usage_error(&cmd_corpus_entry,
			    "--case-memory: expected bytes (K, M, G suffixes) "
			    "from 1M to 1024G, or 0 (none), not '%s'", arg);
		a->lim.bytes = (long long)v;
		return MGT_EXIT_OK;
	}
	if ((rc = cmd_ingest_handle(a->ci, opt, arg)) == MGT_EXIT_OK &&
	    (opt == CMD_OPT_LIMIT || opt == CMD_OPT_FULL_TEXT ||
	    opt == CMD_OPT_FTS || opt == CMD_OPT_SECRET_DATA)) {
		/* What an index depends on, for --indexes to check. */
		a->ingest = cli_reallocarray(a->ingest, a->ningest + 1,
		    sizeof *a->ingest);
		cli_asprintf(&a->ingest[a->ningest++], "%s",
		    opt == CMD_OPT_LIMIT ? arg : opt == CMD_OPT_FTS ? "fts" :
		    opt == CMD_OPT_SECRET_DATA ? "secret-data" : "full-text");
	}
	return rc;
}

/* "I/N", or "N" with I from JOB_COMPLETION_INDEX (a Kubernetes Indexed
 * Job's pod); 0 and *of 1 when spec is NULL. */
static int
corpus_shard(const char *spec, size_t *index, size_t *of)
{
	const char *slash, *env;
	char *end;
	unsigned long i, n;

	*index = 0;
	*of = 1;
	if (spec == NULL)
		return 0;
	slash = strchr(spec, '/');
	errno = 0;
	n = strtoul(slash ? slash + 1 : spec, &end, 10);
	if (end == (slash ? slash + 1 : spec) || *end != '\0' || errno ||
	    n < 1 || n > CORPUS_CASES_MAX || *spec == '-')
		return cmd_usage_error(&cmd_corpus_entry, "--shard: expected "
		    "I/N or N (shards from 1 to %d), not '%s'",
		    CORPUS_CASES_MAX, spec);
	if (slash == NULL) {
		if ((env = getenv("JOB_COMPLETION_INDEX")) == NULL)
			return cmd_usage_error(&cmd_corpus_entry, "--shard "
			    "%s: JOB_COMPLETION_INDEX is not set (give "
			    "I/%lu)", spec, n);
		spec = env;
	}
	errno = 0;
	i = strtoul(spec, &end, 10);
	if (end == spec || (slash ? end != slash : *end != '\0') || errno ||
	    i >= n || *spec == '-')
		return cmd_usage_error(&cmd_corpus_entry, "--shard: the index "
		    "must be a number from 0 to %lu, not '%s'", n - 1, spec);
	*index = i;
	*of = n;
	return 0;
}

static int
corpus_sort_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The ingest options as one string, sorted so their order does not
 * matter. */
static char *
corpus_ingest_string(char **v, size_t n)
{
	char *s = cli_strdup(""), *t;
	size_t i;

	if (n > 1)
		qsort(v, n, sizeof *v, corpus_sort_str);
	for (i = 0; i < n; i++) {
		cli_asprintf(&t, "%s%s%s", s, i ? " " : "", v[i]);
		free(s);
		s = t;
	}
	return s;
}

/* The cases named on the command line, sorted. */
static char **
corpus_list_cases(char **argv, int argc, int healthy, size_t *ncases)
{
	char **cases = NULL, *p;
	struct dirent *de;
	DIR *d;
	int a;

	*ncases = 0;
	for (a = 0; a < argc; a++) {
		if (healthy || !corpus_is_dir(argv[a]) ||
		    corpus_has_expected(argv[a])) {
			cases = cli_reallocarray(cases, *ncases + 1,
			    sizeof *cases);
			cases[(*ncases)++] = cli_strdup(argv[a]);
			continue;
		}
		/* A directory of cases: its subdirectories with `expected`. */
		if ((d = opendir(argv[a])) == NULL)
			continue;
		while ((de = readdir(d)) != NULL && *ncases < CORPUS_CASES_MAX) {
			if (de->d_name[0] == '.')
				continue;
			cli_asprintf(&p, "%s/%s", argv[a], de->d_name);
			if (corpus_is_dir(p) && corpus_has_expected(p)) {
				cases = cli_reallocarray(cases, *ncases + 1,
				    sizeof *cases);
				cases[(*ncases)++] = p;
			} else
				free(p);
		}
		closedir(d);
	}
	if (*ncases > 1)
		qsort(cases, *ncases, sizeof *cases, corpus_strcmp);
	return cases;
}

/* A mkdtemp() template under the session's tmpdir (TMPDIR). */
static void
corpus_tmpname(mgt_session *s, char *buf, size_t len)
{
	const char *t = mgt_session_options(s)->tmpdir;

	snprintf(buf, len, "%s/mgtriage-corpus-XXXXXX", t ? t : "/tmp");
}

/* The schema version this library writes: that of an index of nothing. */
static char *
corpus_schema_now(mgt_session *s)
{
	struct mgt_error err;
	const char *const *v;
	char dir[PATH_MAX], *out = NULL;
	const char *in[1];
	mgt_case *c = NULL;
	size_t n;

	corpus_tmpname(s, dir, sizeof dir);
	if (mkdtemp(dir) == NULL)
		return NULL;
	in[0] = dir;
	mgt_error_clear(&err);
	if (mgt_case_build(s, in, 1, NULL, 0, NULL, &c, &err) == MGT_OK &&
	    (v = mgt_case_meta(c, "schema_version", &n)) != NULL && n > 0)
		out = cli_strdup(v[0]);
	mgt_case_close(c);
	rmdir(dir);
	return out;
}

/* --indexes DIR: the records of every stored case, checked against this
 * run.  0, or an exit code after a message. */
static int
corpus_load_records(struct corpus_run *run)
{
	char why[1200], **files, *schema;
	size_t n, i;
	struct corpus_record r;
	int rc = 0;

	if ((files = corpus_store_list(run->indexes, ".index.json", &n, why,
	    sizeof why)) == NULL || n == 0) {
		fprintf(stderr, "mgtriage corpus: %s\n", files ? "no stored "
		    "index (case-*.index.json) in --indexes directory" : why);
		free(files);
		return MGT_EXIT_USAGE;
	}
	if ((schema = corpus_schema_now(run->s)) == NULL) {
		fprintf(stderr, "mgtriage corpus: cannot make a scratch index "
		    "in the temporary directory (TMPDIR)\n");
		rc = MGT_EXIT_INTERNAL;
	}
	for (i = 0; i < n && rc == 0; i++) {
		if (corpus_record_read(files[i], &r, why, sizeof why) != 0) {
			fprintf(stderr, "mgtriage corpus: %s\n", why);
			rc = MGT_EXIT_USAGE;
			break;
		}
		if (run->recs == NULL) {
			run->ncases = r.cases;
			run->recs = cli_calloc(r.cases, sizeof *run->recs);
		}
		if (r.cases != run->ncases || run->recs[r.index].name) {
			fprintf(stderr, "mgtriage corpus: %s: case %zu of %zu "
			    "does not fit the other records (%zu cases)\n",
			    files[i], r.index, r.cases, run->ncases);
			rc = MGT_EXIT_USAGE;
		} else if (strcmp(r.schema, schema) != 0) {
			fprintf(stderr, "mgtriage corpus: %s: the index was "
			    "built with schema version %s, this mgtriage "
			    "reads version %s: rebuild with --keep-indexes\n",
			    files[i], r.schema, schema);
			rc = MGT_EXIT_USAGE;
		} else if (strcmp(r.ingest, run->ingest) != 0) {
			fprintf(stderr, "mgtriage corpus: %s: the index was "
			    "built with ingest options '%s', this run has "
			    "'%s': give the same --limit, --full-text, --fts "
			    "and --secret-data, or rebuild\n", files[i], r.ingest,
			    run->ingest);
			rc = MGT_EXIT_USAGE;
		}
		if (rc != 0) {
			corpus_record_clear(&r);
			break;
		}
		run->recs[r.index] = r;
	}
	for (i = 0; rc == 0 && i < run->ncases; i++)
		if (run->recs[i].name == NULL) {
			fprintf(stderr, "mgtriage corpus: %s holds no index "
			    "of case %zu of %zu (case-%06zu.index.json)\n",
			    run->indexes, i, run->ncases, i);
			rc = MGT_EXIT_USAGE;
		}
	for (i = 0; i < n; i++)
		free(files[i]);
	free(files);
	free(schema);
	return rc;
}

/* A directory for per-case files: made if missing.  0 or -1. */
static int
corpus_mkdir(const char *dir, const char *opt)
{
	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		fprintf(stderr, "mgtriage corpus: %s %s: %s\n", opt, dir,
		    strerror(errno));
		return -1;
	}
	if (!corpus_is_dir(dir)) {
		fprintf(stderr, "mgtriage corpus: %s %s: not a directory\n",
		    opt, dir);
		return -1;
	}
	return 0;
}

static int cmd_corpus_merge(int argc, char **argv);

static int
cmd_corpus_exec(int argc, char **argv)
{
	struct cmd_ingest ci;
	struct corpus_run run;
	struct corpus_args ca;
	struct mgt_error err;
	char tmpres[PATH_MAX], stale[PATH_MAX];
	size_t shard, nshards, i;
	int rc, a;
	static const struct option longopts[] = {
		CMD_INGEST_LONGOPTS,
		{ "junit", required_argument, NULL, 'j' },
		{ "healthy", no_argument, NULL, 'H' },
		{ "shard", required_argument, NULL, CORPUS_OPT_SHARD },
		{ "results", required_argument, NULL, CORPUS_OPT_RESULTS },
		{ "keep-indexes", required_argument, NULL, CORPUS_OPT_KEEP },
		{ "indexes", required_argument, NULL, CORPUS_OPT_INDEXES },
		{ "case-timeout", required_argument, NULL, CORPUS_OPT_TIMEOUT },
		{ "case-memory", required_argument, NULL, CORPUS_OPT_MEMORY },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};

	if (argc > 1 && strcmp(argv[1], "merge") == 0)
		return cmd_corpus_merge(argc - 1, argv + 1);
	cmd_ingest_init(&ci, &cmd_corpus_entry);
	ci.need_rules = 1;
	cmd_ingest_option(&ci, &cmd_corpus_entry, 'q', NULL);
	cmd_ingest_option(&ci, &cmd_corpus_entry, CMD_OPT_NO_PROGRESS, NULL);
	memset(&ca, 0, sizeof ca);
	memset(&run, 0, sizeof run);
	ca.ci = &ci;
	ca.jobs = cpus_available();
	ca.lim.seconds = 1800;
	rc = cmd_options(&cmd_corpus_entry, argc, argv, "qh", longopts,
	    corpus_option, &ca);
	run.ingest = corpus_ingest_string(ca.ingest, ca.ningest);
	for (i = 0; i < ca.ningest; i++)
		free(ca.ingest[i]);
	free(ca.ingest);
	if (rc != CMD_OPTIONS_DONE)
		goto out;
	run.healthy = ca.healthy;
	run.keep = ca.keep;
	run.indexes = ca.indexes;
	if ((rc = corpus_shard(ca.shard, &shard, &nshards)) != 0)
		goto out;
	rc = MGT_EXIT_USAGE;
	if (ca.indexes && (optind < argc || ca.keep || ca.healthy)) {
		cmd_usage_error(&cmd_corpus_entry, "--indexes takes the cases "
		    "from its directory: no PATH, --keep-indexes or --healthy");
		goto out;
	}
	if (!ca.indexes && optind >= argc) {
		cmd_usage_error(&cmd_corpus_entry, "no case given");
		goto out;
	}
	for (a = optind; a < argc; a++)
		if (strcmp(argv[a], "-") == 0) {
			/* Each case runs in its own process: they cannot
			 * share one standard input. */
			cmd_usage_error(&cmd_corpus_entry, "'-': a case is a "
			    "file or directory, not standard input");
			goto out;
		}
	if (!ca.indexes) {
		run.names = corpus_list_cases(argv + optind, argc - optind,
		    ca.healthy, &run.ncases);
		if (run.ncases == 0) {
			cmd_usage_error(&cmd_corpus_entry, "no case found (a "
			    "case is a directory with an 'expected' file)");
			goto out;
		}
	}
	mgt_error_clear(&err);
	if (ca.junit != NULL && mgt_output_check(ca.junit, &err) != MGT_OK) {
		cmd_print_error(&err);
		goto out;
	}
	if (cmd_ingest_load_rules(&ci, &err) != MGT_OK)
		goto out;
	/* Cases print nothing of their own: only the verdicts.  Processes,
	 * not threads, run cases side by side. */
	run.s = ci.s;
	mgt_session_options(run.s)->on_problem = NULL;
	mgt_session_options(run.s)->on_progress = NULL;
	mgt_session_options(run.s)->jobs = 1;
	/* Check the rules as a whole here, once, not in every worker. */
	mgt_session_rule_counts(run.s, &i, &i, &i);
	if (ca.indexes && (rc = corpus_load_records(&run)) != 0)
		goto out;
	if ((ca.keep && corpus_mkdir(ca.keep, "--keep-indexes") != 0) ||
	    (ca.results && corpus_mkdir(ca.results, "--results") != 0)) {
		rc = MGT_EXIT_USAGE;
		goto out;
	}
	if ((run.results = ca.results) == NULL) {
		corpus_tmpname(run.s, tmpres, sizeof tmpres);
		if (mkdtemp(tmpres) == NULL) {
			fprintf(stderr, "mgtriage corpus: cannot make %s: "
			    "%s\n", tmpres, strerror(errno));
			rc = MGT_EXIT_INTERNAL;
			goto out;
		}
		run.results = tmpres;
	}
	corpus_tmpname(run.s, run.scratch, sizeof run.scratch);
	if (mkdtemp(run.scratch) == NULL) {
		fprintf(stderr, "mgtriage corpus: cannot make %s: %s\n",
		    run.scratch, strerror(errno));
		run.scratch[0] = '\0';
		if (run.results == tmpres)
			corpus_remove_tree(tmpres);
		rc = MGT_EXIT_INTERNAL;
		goto out;
	}
	/* Shard I of N: the cases i with i mod N = I, sizes spread evenly
	 * over a sorted list. */
	run.pick = cli_calloc(run.ncases / nshards + 1, sizeof *run.pick);
	for (i = shard; i < run.ncases; i += nshards)
		run.pick[run.npick++] = i;
	/* A results directory used before may hold this shard's cases from
	 * an earlier run: gone, so a case this run never finishes (the
	 * run killed) is "no result" to merge, not an old verdict. */
	for (i = 0; i < run.npick && ca.results; i++) {
		corpus_store_path(stale, sizeof stale, ca.results,
		    run.pick[i], ".result.json");
		(void)unlink(stale);
	}
	run.rs = cli_calloc(run.npick + 1, sizeof *run.rs);
	rc = MGT_EXIT_OK;
	if (corpus_pool_run(run.npick, ca.jobs, &ca.lim, corpus_work,
	    corpus_done, &run) != 0) {
		if (errno == EINTR && corpus_pool_signal() != 0) {
			/* Nothing of ours left behind; then die of it. */
			corpus_remove_tree(run.scratch);
			if (run.results == tmpres)
				corpus_remove_tree(tmpres);
			fflush(NULL);
			raise(corpus_pool_signal());
			rc = 128 + corpus_pool_signal();
			goto out;
		}
		fprintf(stderr, "mgtriage corpus: cannot start or wait for "
		    "a worker process: %s\n", strerror(errno));
		rc = MGT_EXIT_INTERNAL;
	}
	corpus_remove_tree(run.scratch);
	if (run.io_error) {
		fprintf(stderr, "mgtriage corpus: cannot write results under "
		    "%s\n", run.results);
		rc = MGT_EXIT_INTERNAL;
	}
	i = (size_t)corpus_finish(run.rs, run.npick, run.passed, run.failed,
	    ca.junit);
	if (rc == MGT_EXIT_OK)
		rc = (int)i;
	if (run.results == tmpres)
		corpus_remove_tree(tmpres);
out:
	for (i = 0; run.rs && i < run.npick; i++)
		corpus_result_clear(&run.rs[i]);
	for (i = 0; run.names && i < run.ncases; i++)
		free(run.names[i]);
	for (i = 0; run.recs && i < run.ncases; i++)
		corpus_record_clear(&run.recs[i]);
	free(run.rs);
	free(run.pick);
	free(run.names);
	free(run.recs);
	free(run.ingest);
	cmd_ingest_free(&ci);
	return rc;
}

/*
 * `corpus merge [--junit FILE] DIR...`: the results shards wrote, as one
 * run over the whole list would have printed them.  A case no directory
 * holds fails; results that disagree on the list are a usage error.
 */
static int
cmd_corpus_merge(int argc, char **argv)
{
	struct corpus_result *rs = NULL, r;
	char why[1200], **files;
	const char *junit = NULL;
	size_t ncases = 0, n, i, d;
	long passed = 0, failed = 0;
	char **dirs;
	size_t ndirs = 0;
	int rc = MGT_EXIT_OK, a;

	dirs = cli_calloc((size_t)argc + 1, sizeof *dirs);
	for (a = 1; a < argc; a++) {
		if (argv[a][0] != '-')
			dirs[ndirs++] = argv[a];
		else if (strcmp(argv[a], "--junit") == 0 && a + 1 < argc)
			junit = argv[++a];
		else if (strncmp(argv[a], "--junit=", 8) == 0)
			junit = argv[a] + 8;
		else if (strcmp(argv[a], "-h") == 0 ||
		    strcmp(argv[a], "--help") == 0) {
			printf("usage: mgtriage corpus merge [--junit FILE] "
			    "DIR...\n\nPrint the summary, JUnit and exit code "
			    "of the shards whose --results are\nDIR...\n");
			free(dirs);
			return MGT_EXIT_OK;
		} else {
			free(dirs);
			return cmd_usage_error(&cmd_corpus_entry, "corpus "
			    "merge: unknown option '%s'", argv[a]);
		}
	}
	if (ndirs == 0) {
		free(dirs);
		return cmd_usage_error(&cmd_corpus_entry, "corpus merge: no "
		    "results directory given");
	}
	if (junit != NULL) {
		struct mgt_error err;

		mgt_error_clear(&err);
		if (mgt_output_check(junit, &err) != MGT_OK) {
			cmd_print_error(&err);
			free(dirs);
			return MGT_EXIT_USAGE;
		}
	}
	for (d = 0; d < ndirs && rc == MGT_EXIT_OK; d++) {
		if ((files = corpus_store_list(dirs[d], ".result.json", &n,
		    why, sizeof why)) == NULL) {
			fprintf(stderr, "mgtriage corpus merge: %s\n", why);
			rc = MGT_EXIT_USAGE;
			break;
		}
		for (i = 0; i < n && rc == MGT_EXIT_OK; i++) {
			if (corpus_result_read(files[i], &r, why,
			    sizeof why) != 0) {
				fprintf(stderr, "mgtriage corpus merge: %s\n",
				    why);
				rc = MGT_EXIT_USAGE;
				break;
			}
			if (rs == NULL) {
				ncases = r.cases;
				rs = cli_calloc(ncases, sizeof *rs);
			}
			if (r.cases != ncases) {
				fprintf(stderr, "mgtriage corpus merge: %s: "
				    "a run of %zu cases, the others %zu\n",
				    files[i], r.cases, ncases);
				rc = MGT_EXIT_USAGE;
			} else if (rs[r.index].done &&
			    (strcmp(rs[r.index].name, r.name) != 0 ||
			    rs[r.index].pass != r.pass)) {
				fprintf(stderr, "mgtriage corpus merge: %s: "
				    "case %zu (%s) has another result in an "
				    "earlier directory\n", files[i], r.index,
				    r.name);
				rc = MGT_EXIT_USAGE;
			}
			if (rc != MGT_EXIT_OK || rs[r.index].done)
				corpus_result_clear(&r);
			else
				rs[r.index] = r;
		}
		for (i = 0; i < n; i++)
			free(files[i]);
		free(files);
	}
	if (rc == MGT_EXIT_OK && rs == NULL) {
		fprintf(stderr, "mgtriage corpus merge: no result "
		    "(case-*.result.json) in the directories given\n");
		rc = MGT_EXIT_USAGE;
	}
	for (i = 0; rc == MGT_EXIT_OK && i < ncases; i++) {
		if (!rs[i].done) {
			cli_asprintf(&rs[i].name, "case %zu of %zu", i, ncases);
			rs[i].why = cli_strdup("no result (did every shard "
			    "run?)");
			rs[i].done = 1;
		}
		corpus_print(&rs[i]);
		if (rs[i].pass)
			passed++;
		else
			failed++;
	}
	if (rc == MGT_EXIT_OK)
		rc = corpus_finish(rs, ncases, passed, failed, junit);
	for (i = 0; i < ncases; i++)
		corpus_result_clear(&rs[i]);
	free(rs);
	free(dirs);
	return rc;
}

const struct cmd_entry cmd_corpus_entry = {
	"corpus", "PATH... [--jobs N] [--shard I/N --results DIR] "
	"[--junit FILE]",
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
	"Cases are sorted by path and each runs in a process of its own, N at\n"
	"a time, under the per-case limits: a case that crashes, runs out of\n"
	"memory or time fails with the reason and the run goes on.  Prints\n"
	"PASS/FAIL per case in case order whatever N, and ends with\n"
	"'N passed, N failed'.\n"
	"\n"
	"Spread a corpus over machines with --shard: shard I of N takes the\n"
	"cases I, I+N, I+2N, ... of the sorted list and writes one JSON file\n"
	"per case into --results DIR; 'mgtriage corpus merge DIR...' prints\n"
	"the summary, JUnit and exit code one run would have.  --keep-indexes\n"
	"stores each case's index; --indexes re-runs the rules over them\n"
	"without the inputs (a rule change checked in seconds).\n"
	"\n"
	"Exit: 0 every case passed, 1 a case failed, 2 usage (or a stored\n"
	"index built with other ingest options or schema), 4 results or\n"
	"JUnit could not be written.\n"
	"\n"
	"Options:\n"
	"      --healthy     every PATH is one case that must be healthy\n"
	"      --junit FILE  also write a JUnit XML file, one test per case\n"
	"      --jobs N      cases in N processes at once, each on a CPU of its\n"
	"                    own while there are N CPUs (default: the CPUs\n"
	"                    available)\n"
	"      --shard I/N   run only the I-th (from 0) of N slices; '--shard N'\n"
	"                    takes I from JOB_COMPLETION_INDEX (Kubernetes)\n"
	"      --results DIR write case-NNNNNN.result.json per case into DIR\n"
	"      --keep-indexes DIR  keep each case's index in DIR\n"
	"      --indexes DIR       evaluate the indexes kept in DIR (no PATH)\n"
	"      --case-timeout S    wall-clock seconds per case, killed past it\n"
	"                    (default 1800; 0: none); CPU time is capped too\n"
	"      --case-memory SIZE  address space per case (e.g. 2G; default:\n"
	"                    none; not under AddressSanitizer)\n"
	"      --limit NAME=VAL, --full-text, --fts, --secret-data  as for\n"
	"                    index (recorded with kept indexes)\n"
	"      --rules DIR   add a rule directory; --no-default-rules\n"
	"  -h, --help        this help\n"
	"\n"
	"Examples:\n"
	"  mgtriage corpus samples/ --junit corpus.xml\n"
	"  mgtriage corpus cases/ --shard 2/4 --results out/\n"
	"  mgtriage corpus merge out/ --junit corpus.xml\n"
	"  mgtriage corpus cases/ --keep-indexes idx/ && mgtriage corpus "
	"--indexes idx/\n",
	cmd_corpus_exec
};
