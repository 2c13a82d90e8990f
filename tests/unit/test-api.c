/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The public API, driven through include/mgtriage.h only: index a sample,
 * evaluate, write JSON and compare it with the CLI's golden; every input
 * problem reaches the problem callback; the OOM handler runs instead of
 * exit(); two sessions in one process keep their own settings.
 */
/* A program of its own, built without config.h: ask for POSIX. */
#define _GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mgtriage.h"
#include "tap.h"

static char tmp[256];
static const char *srcdir;

struct counts {
	long	 problems[3];
	long	 diags;
	long	 diag_errors;
	char	 last_code[64];
};

static void
on_problem(void *data, const struct mgt_problem *p)
{
	struct counts *c = data;

	if (p->severity <= MGT_PROBLEM_ERROR)
		c->problems[p->severity]++;
	snprintf(c->last_code, sizeof c->last_code, "%s", p->code);
}

static void
on_rule_diag(void *data, const struct mgt_rule_diag *d)
{
	struct counts *c = data;

	c->diags++;
	if (!d->is_warning)
		c->diag_errors++;
}

static char *
slurp(const char *path, size_t *len)
{
	FILE *f;
	char *buf;
	long n;

	if ((f = fopen(path, "rb")) == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	*len = fread(buf, 1, (size_t)n, f);
	buf[*len] = '\0';
	fclose(f);
	return buf;
}

static mgt_session *
session(struct counts *c, const char *rules)
{
	struct mgt_options o;
	struct mgt_error err;
	mgt_session *s = NULL;
	char dir[512];

	mgt_options_init(&o);
	o.on_problem = on_problem;
	o.on_rule_diag = on_rule_diag;
	o.data = c;
	o.tmpdir = tmp;
	if (mgt_session_new(&o, &s, &err) != MGT_OK)
		return NULL;
	snprintf(dir, sizeof dir, "%s/%s", srcdir, rules);
	if (mgt_session_load_rules(s, dir, &err) != MGT_OK) {
		printf("# %s\n", err.msg);
		mgt_session_free(s);
		return NULL;
	}
	return s;
}

/* The CLI's golden JSON is what the library writes for the same case. */
static void
test_golden(void)
{
	struct counts c;
	struct mgt_index_stats st;
	struct mgt_write_options wo;
	struct mgt_completeness comp;
	struct mgt_finding f;
	struct mgt_error err;
	mgt_session *s;
	mgt_case *cs = NULL;
	mgt_result *r = NULL;
	char in[512], db[512], gold[512], *want, *got = NULL;
	const char *inputs[1];
	size_t wlen, glen = 0;
	FILE *mem;

	memset(&c, 0, sizeof c);
	s = session(&c, "rules");
	ok(s != NULL, "a session loads the shipped rules");
	if (s == NULL)
		return;
	snprintf(in, sizeof in, "%s/samples/mco-bootstrap-desync", srcdir);
	snprintf(db, sizeof db, "%s/golden.db", tmp);
	inputs[0] = in;
	mgt_error_clear(&err);
	is_int(mgt_index_build(s, inputs, 1, db, &st, &err), MGT_OK,
	    "mgt_index_build indexes the sample");
	ok(st.sources > 0 && st.resources > 0, "the build counts what it read");
	is_int(mgt_case_open(s, db, &cs, &err), MGT_OK, "mgt_case_open");
	is_int(mgt_evaluate(cs, NULL, &r, &err), MGT_OK, "mgt_evaluate");
	if (r == NULL) {
		printf("# %s\n", err.msg);
		goto out;
	}
	mgt_write_options_init(&wo);
	wo.format = MGT_FORMAT_JSON;
	mem = open_memstream(&got, &glen);
	is_int(mgt_result_write(r, mem, &wo, &err), MGT_OK,
	    "mgt_result_write JSON");
	fclose(mem);
	snprintf(gold, sizeof gold,
	    "%s/tests/golden/samples/mco-bootstrap-desync.json", srcdir);
	want = slurp(gold, &wlen);
	ok(want != NULL && wlen == glen && memcmp(want, got, wlen) == 0,
	    "the library's JSON is the CLI's golden, byte for byte");
	free(want);
	free(got);

	ok(mgt_result_count(r) > 0, "findings fired");
	ok(mgt_result_finding(r, 0, &f) == 0 && f.rank == 1 && f.cause == -1,
	    "the first finding is the first root cause");
	is_str(f.rule_id, "mco.rendered-config-missing",
	    "the root cause is the one the sample's expected file names");
	ok(mgt_result_finding(r, mgt_result_count(r), &f) == -1,
	    "a finding past the end is refused");
	{
		struct mgt_evidence ev;
		struct mgt_event tev;

		mgt_result_finding(r, 0, &f);
		ok(f.nevidence == 2 && f.rank_reason != NULL &&
		    strncmp(f.rank_reason, "critical; explains 13 ", 22) == 0,
		    "the root cause's evidence count and rank reason, as in "
		    "the JSON");
		ok(mgt_result_evidence(r, 0, 0, &ev) == 0 &&
		    strcmp(ev.item, "stale") == 0 && ev.line == 2 &&
		    ev.where != NULL && strstr(ev.where,
		    "/core/nodes/control1.gw.lo.yaml") != NULL &&
		    strcmp(ev.node, "control1.gw.lo") == 0 &&
		    ev.ts == INT64_MIN, "its first evidence: the node's "
		    "file and line, as in the JSON");
		ok(mgt_result_evidence(r, 0, f.nevidence, &ev) == -1 &&
		    mgt_result_evidence(r, mgt_result_count(r), 0, &ev) == -1,
		    "evidence past the end is refused");
		is_int(mgt_result_events(r), 6, "the timeline has the "
		    "JSON's 6 events");
		ok(mgt_result_event(r, 0, &tev) == 0 && tev.what != NULL &&
		    mgt_result_event(r, 6, &tev) == -1, "events, and past "
		    "the end refused");
	}
	ok(mgt_result_worst(r) >= MGT_SEV_HIGH, "worst severity is high or "
	    "critical");
	{
		char *sum = NULL;
		size_t slen = 0;

		mem = open_memstream(&sum, &slen);
		is_int(mgt_case_summary(cs, mem, MGT_FORMAT_JSON, &err),
		    MGT_OK, "mgt_case_summary JSON");
		fclose(mem);
		ok(sum != NULL && strstr(sum, "\"version\":\t\"4.18.32\"")
		    != NULL && strstr(sum, "mgtriage.summary/v1") != NULL,
		    "the summary names the schema and the version");
		free(sum);
		mem = fopen("/dev/null", "w");
		is_int(mgt_case_summary(cs, mem, MGT_FORMAT_HTML, &err),
		    MGT_ERR_USAGE, "a summary in HTML is refused");
		fclose(mem);
	}
	mgt_result_completeness(r, &comp);
	ok(comp.complete, "the sample reads completely");
out:
	mgt_result_free(r);
	mgt_case_close(cs);
	mgt_session_free(s);
}

/* A directory with broken members: every problem the index records
 * reached the callback, with the same severities. */
static long
count_row(void *data, int ncols, const char *const *names,
    const struct mgt_value *v)
{
	(void)names;
	if (ncols == 3 && v[0].type == MGT_VALUE_TEXT &&
	    v[2].type == MGT_VALUE_INTEGER) {
		long *n = data;

		if (strcmp(v[0].text, "info") == 0)
			n[0] += (long)v[2].i;
		else if (strcmp(v[0].text, "warning") == 0)
			n[1] += (long)v[2].i;
		else
			n[2] += (long)v[2].i;
	}
	return 0;
}

static void
write_file(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	if (f != NULL) {
		fwrite(data, 1, len, f);
		fclose(f);
	}
}

/* The result lists every error and warning the build reported. */
static void
test_result_problems(mgt_case *cs, const struct counts *c)
{
	struct mgt_completeness comp;
	struct mgt_problem p;
	struct mgt_error err;
	mgt_result *r = NULL;
	long seen[3] = { 0, 0, 0 };
	size_t i;

	if (mgt_evaluate(cs, NULL, &r, &err) != MGT_OK) {
		ok(0, "evaluate the broken directory");
		return;
	}
	for (i = 0; mgt_result_problem(r, i, &p) == 0; i++)
		if (p.severity <= MGT_PROBLEM_ERROR && p.code[0] != '\0')
			seen[p.severity]++;
	is_int((long long)i, (long long)mgt_result_problems(r),
	    "mgt_result_problem reaches mgt_result_problems() rows");
	ok(seen[MGT_PROBLEM_ERROR] == c->problems[MGT_PROBLEM_ERROR] &&
	    seen[MGT_PROBLEM_WARNING] == c->problems[MGT_PROBLEM_WARNING],
	    "the result lists every error and warning the callback saw");
	mgt_result_completeness(r, &comp);
	ok(!comp.complete && comp.problems[MGT_PROBLEM_ERROR] ==
	    c->problems[MGT_PROBLEM_ERROR], "and says it is incomplete");
	mgt_result_free(r);
}

static void
test_problems(void)
{
	static const unsigned char gz_cut[] = {	/* a gzip header, no body */
		0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03,
		0x4b, 0x4c
	};
	struct counts c;
	struct mgt_index_stats st;
	struct mgt_error err;
	mgt_session *s;
	mgt_case *cs = NULL;
	char dir[512], p[600], db[512];
	const char *inputs[1];
	long rows[3] = { 0, 0, 0 };

	memset(&c, 0, sizeof c);
	if ((s = session(&c, "rules")) == NULL)
		return;
	snprintf(dir, sizeof dir, "%s/broken", tmp);
	mkdir(dir, 0755);
	snprintf(p, sizeof p, "%s/namespaces", dir);
	mkdir(p, 0755);
	snprintf(p, sizeof p, "%s/namespaces/cut.log.gz", dir);
	write_file(p, (const char *)gz_cut, sizeof gz_cut);
	snprintf(p, sizeof p, "%s/namespaces/empty.yaml", dir);
	write_file(p, "", 0);
	snprintf(p, sizeof p, "%s/namespaces/bad.yaml", dir);
	write_file(p, "kind: [unclosed\n", 16);
	snprintf(db, sizeof db, "%s/problems.db", tmp);
	inputs[0] = dir;
	is_int(mgt_index_build(s, inputs, 1, db, &st, &err), MGT_OK,
	    "a directory with broken members still indexes");
	ok(st.problems[MGT_PROBLEM_ERROR] + st.problems[MGT_PROBLEM_WARNING]
	    > 0, "the broken members are problems");
	ok(c.problems[0] == st.problems[0] && c.problems[1] ==
	    st.problems[1] && c.problems[2] == st.problems[2],
	    "the callback saw every problem the build counted");
	if (mgt_case_open(s, db, &cs, &err) == MGT_OK) {
		is_int(mgt_case_query(cs, "SELECT severity, code, count(*) "
		    "FROM problems GROUP BY 1, 2", NULL, count_row, rows,
		    &err), MGT_OK, "mgt_case_query reads the problems");
		ok(rows[0] == c.problems[0] && rows[1] == c.problems[1] &&
		    rows[2] == c.problems[2], "the callback saw every problem "
		    "the index stored");
		is_int(mgt_case_query(cs, "DELETE FROM problems", NULL,
		    count_row, rows, &err), MGT_ERR_USAGE,
		    "a query that writes is refused");
		test_result_problems(cs, &c);
	}
	mgt_case_close(cs);
	mgt_session_free(s);

	/* Rule diagnostics go to their callback, with errors counted. */
	memset(&c, 0, sizeof c);
	if ((s = session(&c, "tests/rules-bad")) != NULL) {
		size_t nerr = 0;

		mgt_session_rule_counts(s, NULL, &nerr, NULL);
		ok(c.diag_errors > 0 && (size_t)c.diag_errors == nerr,
		    "every rule error reached on_rule_diag");
		mgt_session_free(s);
	}
}

static int oom_called;

static void
on_oom(const char *what, void *data)
{
	(void)what;
	(void)data;
	oom_called = 1;
	_exit(42);
}

/*
 * Out of memory: in a child limited to a little more address space than
 * it has, a line far longer than that is buffered (max-line raised to let
 * it), and the allocation that fails ends in the handler, not in exit(3)
 * or a crash.
 */
static void
test_oom(void)
{
	struct mgt_error err;
	struct rlimit rl;
	mgt_session *s;
	char dir[512], p[600], db[512], *big;
	const char *inputs[1];
	const size_t bigsz = (size_t)96 << 20;
	pid_t pid;
	int status, fd;

	if (getenv("MGT_SAN_CFLAGS") != NULL && *getenv("MGT_SAN_CFLAGS")) {
		printf("ok %d # SKIP sanitizers reserve the address space the "
		    "test limits\n", ++tap_n);
		return;
	}
	snprintf(dir, sizeof dir, "%s/oom", tmp);
	mkdir(dir, 0755);
	snprintf(p, sizeof p, "%s/huge.log", dir);
	/* One line of text, no newline: it is buffered whole. */
	big = malloc((size_t)1 << 20);
	memset(big, 'a', (size_t)1 << 20);
	if ((fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644)) == -1) {
		ok(0, "cannot make the test input");
		free(big);
		return;
	}
	for (size_t done = 0; done < bigsz; done += (size_t)1 << 20)
		if (write(fd, big, (size_t)1 << 20) != (ssize_t)1 << 20)
			break;
	close(fd);
	free(big);
	snprintf(db, sizeof db, "%s/oom.db", tmp);
	fflush(stdout);
	if ((pid = fork()) == 0) {
		mgt_set_oom_handler(on_oom, NULL);
		if (mgt_session_new(NULL, &s, &err) != MGT_OK ||
		    mgt_session_set_limit(s, "max-line=1G", &err) != MGT_OK ||
		    mgt_session_set_limit(s, "max-member-bytes=1G", &err) !=
		    MGT_OK)
			_exit(3);
		getrlimit(RLIMIT_AS, &rl);
		rl.rlim_cur = (rlim_t)96 << 20;
		/* Address space in use now, plus a little: the line is not. */
		{
			FILE *f = fopen("/proc/self/statm", "r");
			unsigned long pages = 0;

			if (f != NULL) {
				if (fscanf(f, "%lu", &pages) != 1)
					pages = 0;
				fclose(f);
			}
			rl.rlim_cur = (rlim_t)pages *
			    (rlim_t)sysconf(_SC_PAGESIZE) + ((rlim_t)48 << 20);
		}
		setrlimit(RLIMIT_AS, &rl);
		inputs[0] = dir;
		mgt_index_build(s, inputs, 1, db, NULL, &err);
		_exit(oom_called ? 43 : 0);
	}
	ok(pid > 0 && waitpid(pid, &status, 0) == pid, "the child ran");
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 42,
	    "out of memory called the handler (exit 42), not exit() or abort");
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 42)
		printf("# status %d (exited %d, code %d, signal %d)\n",
		    status, WIFEXITED(status), WEXITSTATUS(status),
		    WIFSIGNALED(status) ? WTERMSIG(status) : 0);
	unlink(p);
}

/* Two sessions, different settings, used in turn: each keeps its own. */
static long
first_int(void *data, int ncols, const char *const *names,
    const struct mgt_value *v)
{
	(void)names;
	if (ncols > 0 && v[0].type == MGT_VALUE_INTEGER)
		*(long long *)data = v[0].i;
	return 0;
}

static void
test_two_sessions(void)
{
	struct counts ca, cb;
	struct mgt_error err;
	mgt_session *a, *b;
	mgt_case *xa = NULL, *xb = NULL;
	char in[512], dba[512], dbb[512];
	const char *inputs[1];
	const char *heavy = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL "
	    "SELECT i + 1 FROM n WHERE i < 100000) SELECT count(*) FROM n";
	long long la = -1, lb = -1, v = -1;

	memset(&ca, 0, sizeof ca);
	memset(&cb, 0, sizeof cb);
	a = session(&ca, "rules");
	b = session(&cb, "rules");
	if (a == NULL || b == NULL) {
		ok(0, "two sessions");
		return;
	}
	/* a stores every log line and runs SQL on a tight step budget. */
	mgt_session_options(a)->full_text = 1;
	is_int(mgt_session_set_limit(a, "sql-steps=1000", &err), MGT_OK,
	    "a's SQL step budget");
	snprintf(in, sizeof in, "%s/samples/mco-bootstrap-desync", srcdir);
	inputs[0] = in;
	snprintf(dba, sizeof dba, "%s/a.db", tmp);
	snprintf(dbb, sizeof dbb, "%s/b.db", tmp);
	mgt_index_build(a, inputs, 1, dba, NULL, &err);
	mgt_index_build(b, inputs, 1, dbb, NULL, &err);
	ok(mgt_case_open(a, dba, &xa, &err) == MGT_OK &&
	    mgt_case_open(b, dbb, &xb, &err) == MGT_OK, "both cases open");
	if (xa == NULL || xb == NULL)
		goto out;
	mgt_case_query(xb, "SELECT count(*) FROM lines", NULL, first_int,
	    &lb, &err);
	mgt_case_query(xa, "SELECT count(*) FROM lines", NULL, first_int,
	    &la, &err);
	ok(la > lb && lb >= 0, "a's full-text index stores more lines than b's");
	/* Opened after a, b must not have changed a's budget, nor a b's. */
	is_int(mgt_case_query(xa, heavy, NULL, first_int, &v, &err),
	    MGT_ERR_LIMIT, "a's query goes over a's step budget");
	v = -1;
	is_int(mgt_case_query(xb, heavy, NULL, first_int, &v, &err), MGT_OK,
	    "the same query in b runs on b's budget");
	is_int(v, 100000, "and counts to the end");
out:
	mgt_case_close(xa);
	mgt_case_close(xb);
	mgt_session_free(a);
	mgt_session_free(b);
}

/* A scratch case: built in the session's tmpdir, gone when closed. */
static void
test_scratch_case(void)
{
	struct counts c;
	struct mgt_index_stats st;
	struct mgt_error err;
	struct stat sb;
	mgt_session *s;
	mgt_case *cs = NULL;
	char in[512], path[600];
	const char *inputs[1];

	memset(&c, 0, sizeof c);
	if ((s = session(&c, "rules")) == NULL)
		return;
	snprintf(in, sizeof in, "%s/samples/healthy-4.18", srcdir);
	inputs[0] = in;
	is_int(mgt_case_build(s, inputs, 1, NULL, 0, &st, &cs, &err), MGT_OK,
	    "mgt_case_build without a path");
	if (cs != NULL) {
		snprintf(path, sizeof path, "%s", mgt_case_path(cs));
		ok(strncmp(path, tmp, strlen(tmp)) == 0 && stat(path, &sb) ==
		    0, "the scratch index lies in the session's tmpdir");
		mgt_case_close(cs);
		ok(stat(path, &sb) == -1 && errno == ENOENT,
		    "closing the case removes it");
	}
	mgt_session_free(s);
}

/*
 * mgt_diff_*: a sample against itself has no change; against another
 * cluster it is refused without MGT_DIFF_FORCE, and with it the changes
 * read through mgt_diff_change() agree with mgt_diff_info() and the JSON.
 */
static void
test_diff(void)
{
	struct counts c;
	struct mgt_diff_info info;
	struct mgt_change ch;
	struct mgt_error err;
	mgt_session *s, *s2;
	mgt_case *a = NULL, *b = NULL, *o = NULL;
	mgt_diff *d = NULL;
	const char *in[1];
	char pa[512], pb[512], *json = NULL;
	size_t i, jlen = 0, n[3] = { 0, 0, 0 }, fnew = 0;
	int found_id = 0;
	FILE *mem;

	memset(&c, 0, sizeof c);
	if ((s = session(&c, "rules")) == NULL) {
		ok(0, "diff: a session");
		return;
	}
	snprintf(pa, sizeof pa, "%s/samples/healthy-4.18", srcdir);
	snprintf(pb, sizeof pb, "%s/samples/mco-bootstrap-desync", srcdir);
	in[0] = pa;
	is_int(mgt_case_build(s, in, 1, NULL, 0, NULL, &a, &err), MGT_OK,
	    "diff: case A built");
	in[0] = pb;
	is_int(mgt_case_build(s, in, 1, NULL, 0, NULL, &b, &err), MGT_OK,
	    "diff: case B built");
	if (a == NULL || b == NULL)
		goto out;
	is_int(mgt_diff_build(a, a, 0, &d, &err), MGT_OK,
	    "diff: A against itself");
	mgt_diff_info(d, &info);
	ok(mgt_diff_count(d) == 0 && info.same_cluster == 1 &&
	    info.worst_new == -1 && mgt_diff_change(d, 0, &ch) == -1,
	    "diff: no change, the same cluster, nothing new");
	mgt_diff_free(d);
	d = NULL;
	mgt_error_clear(&err);
	is_int(mgt_diff_build(a, b, 0, &d, &err), MGT_ERR_USAGE,
	    "diff: two clusters refused without MGT_DIFF_FORCE");
	ok(d == NULL && strstr(err.msg, "different clusters") != NULL &&
	    strstr(err.msg, "e30de2c5-6374-4c2e-8c63-052428d74923") != NULL,
	    "diff: the error names the clusters");
	memset(&c, 0, sizeof c);
	if ((s2 = session(&c, "rules")) != NULL) {
		in[0] = pa;
		if (mgt_case_build(s2, in, 1, NULL, 0, NULL, &o, &err) ==
		    MGT_OK)
			is_int(mgt_diff_build(a, o, MGT_DIFF_FORCE, &d, &err),
			    MGT_ERR_USAGE, "diff: cases of two sessions "
			    "refused");
		mgt_case_close(o);
		mgt_session_free(s2);
	}
	is_int(mgt_diff_build(a, b, MGT_DIFF_FORCE, &d, &err), MGT_OK,
	    "diff: two clusters with MGT_DIFF_FORCE");
	if (d == NULL)
		goto out;
	mgt_diff_info(d, &info);
	for (i = 0; mgt_diff_change(d, i, &ch) == 0; i++) {
		if (strcmp(ch.section, "findings") == 0) {
			fnew += ch.kind == MGT_CHANGE_ADDED;
			continue;
		}
		n[ch.kind]++;
		if (ch.field != NULL && strcmp(ch.field, "id") == 0 &&
		    strcmp(ch.after, "1c2b5e5e-729d-4d38-b09c-f60722d1237b") ==
		    0)
			found_id = 1;
	}
	ok(i == mgt_diff_count(d) && n[0] == info.added &&
	    n[1] == info.removed && n[2] == info.changed &&
	    fnew == info.findings_new && fnew > 0,
	    "diff: the changes agree with mgt_diff_info()");
	ok(info.same_cluster == 0 && found_id &&
	    info.worst_new == MGT_SEV_CRITICAL,
	    "diff: other cluster, its ID a change, a new critical finding");
	is_str(mgt_change_kind_name(MGT_CHANGE_REMOVED), "removed",
	    "mgt_change_kind_name");
	ok(mgt_change_kind_name(7) == NULL, "an unknown kind has no name");
	mem = open_memstream(&json, &jlen);
	is_int(mgt_diff_write(d, mem, MGT_FORMAT_JSON, &err), MGT_OK,
	    "diff: JSON written");
	fclose(mem);
	ok(json != NULL && strstr(json, "\"mgtriage.diff/v1\"") != NULL &&
	    strstr(json, "\"same_cluster\":\tfalse") != NULL,
	    "diff: the JSON names its schema and says the clusters differ");
	free(json);
	mem = fopen("/dev/null", "w");
	is_int(mgt_diff_write(d, mem, MGT_FORMAT_HTML, &err), MGT_ERR_USAGE,
	    "diff: HTML is refused");
	fclose(mem);
out:
	mgt_diff_free(d);
	mgt_case_close(a);
	mgt_case_close(b);
	mgt_session_free(s);
}

int
main(void)
{
	const char *base = getenv("TMPDIR");

	if ((srcdir = getenv("top_srcdir")) == NULL)
		srcdir = ".";
	snprintf(tmp, sizeof tmp, "%s/mgt-api.XXXXXX", base != NULL &&
	    *base != '\0' ? base : "/tmp");
	if (mkdtemp(tmp) == NULL) {
		printf("Bail out! cannot create a temporary directory\n");
		return 1;
	}
	ok(mgt_version() != NULL && strcmp(mgt_version(), "") != 0,
	    "mgt_version");
	test_golden();
	test_problems();
	test_two_sessions();
	test_scratch_case();
	test_diff();
	test_oom();
	{
		char cmd[600];

		snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
		if (system(cmd) != 0)
			printf("# could not remove %s\n", tmp);
	}
	return done_testing();
}
