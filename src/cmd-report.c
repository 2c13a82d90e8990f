/*
 * `mgtriage report DB`: evaluate the rules over an existing index and write
 * the ranked report; also the second half of `analyze`.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "cmd-ingest.h"
#include "cmd-report.h"
#include "error.h"
#include "eval.h"
#include "index.h"
#include "output.h"
#include "parse-log.h"
#include "timeline.h"
#include "util.h"
#include "xmalloc.h"

/*
 * Problems listed in a report.  Errors and warnings are all listed (up to
 * a bound no real run reaches); info rows are capped.  Counts by severity
 * and by code always cover everything.
 */
#define CMD_REPORT_MAX_SERIOUS	10000
#define CMD_REPORT_MAX_INFO	200

void
cmd_report_opts_init(struct cmd_report_opts *o)
{
	memset(o, 0, sizeof *o);
	o->format = REPORT_TEXT;
	o->fail_on = -1;
	o->color = -1;
	o->seconds = -1;
	o->width = -1;
}

int
cmd_report_parse_time_arg(const char *s, char *buf, size_t len)
{
	long long us;
	char *end;
	long long secs;

	errno = 0;
	secs = strtoll(s, &end, 10);
	if (*s != '\0' && *end == '\0' && errno == 0) {
		util_format_ts((int64_t)secs * 1000000, buf, len);
		return 0;
	}
	if (cmd_parse_time(s, &us) != 0)
		return -1;
	util_format_ts(us, buf, len);
	return 0;
}

/* Collected while evaluating: rule failures become report problems. */
struct cmd_report_problems {
	struct report_problem	*p;
	size_t			 n;
	size_t			 ninfo;		/* info rows listed */
	long long		 counts[3];	/* by severity, listed or not */
	struct report_group	*g;		/* by code, listed or not */
	size_t			 ng;
};

/* Count n problems of code at severity sev in the per-code groups. */
static void
cmd_report_count(struct cmd_report_problems *ps, int sev, const char *code,
    long long n)
{
	struct report_group *g;
	size_t k;

	if (sev < PROBLEM_INFO || sev > PROBLEM_ERROR)
		sev = PROBLEM_ERROR;
	ps->counts[sev] += n;
	for (k = 0; k < ps->ng; k++)
		if (strcmp(ps->g[k].code, code) == 0)
			break;
	if (k == ps->ng) {
		ps->g = xreallocarray(ps->g, ps->ng + 1, sizeof *ps->g);
		g = &ps->g[ps->ng++];
		memset(g, 0, sizeof *g);
		g->code = xstrdup(code);
		g->severity = (enum problem_severity)sev;
	}
	g = &ps->g[k];
	if (sev > (int)g->severity)
		g->severity = (enum problem_severity)sev;
	g->count += (long)n;
}

/* List one problem (if within the caps); counting is separate. */
static void
cmd_report_list_problem(struct cmd_report_problems *ps, int sev,
    const char *code, const char *vpath, long long offset, long line,
    const char *msg)
{
	struct report_problem *p;

	if (sev < PROBLEM_INFO || sev > PROBLEM_ERROR)
		sev = PROBLEM_ERROR;
	if (sev == PROBLEM_INFO ? ps->ninfo >= CMD_REPORT_MAX_INFO :
	    ps->n - ps->ninfo >= CMD_REPORT_MAX_SERIOUS)
		return;
	if (sev == PROBLEM_INFO)
		ps->ninfo++;
	ps->p = xreallocarray(ps->p, ps->n + 1, sizeof *ps->p);
	p = &ps->p[ps->n++];
	p->severity = (enum problem_severity)sev;
	p->code = xstrdup(code ? code : "unknown");
	p->vpath = xstrdup(vpath ? vpath : "");
	p->offset = offset;
	p->line = line;
	p->message = xstrdup(msg ? msg : "");
}

static void
cmd_report_add_problem(struct cmd_report_problems *ps, int sev,
    const char *code, const char *vpath, long long offset, long line,
    const char *msg)
{
	cmd_report_count(ps, sev, code ? code : "unknown", 1);
	cmd_report_list_problem(ps, sev, code, vpath, offset, line, msg);
}

/* Errors, then warnings, then info; each in the order it was listed. */
static void
cmd_report_order_problems(struct cmd_report_problems *ps)
{
	struct report_problem *v;
	size_t i, n = 0;
	int sev;

	if (ps->n < 2)
		return;
	v = xreallocarray(NULL, ps->n, sizeof *v);
	for (sev = PROBLEM_ERROR; sev >= PROBLEM_INFO; sev--)
		for (i = 0; i < ps->n; i++)
			if ((int)ps->p[i].severity == sev)
				v[n++] = ps->p[i];
	free(ps->p);
	ps->p = v;
}

static void
cmd_report_rule_problem(void *ctx, const struct problem *p)
{
	char esc[2048];

	util_escape(p->message, esc, sizeof esc);
	fprintf(stderr, "mgtriage: %s:%ld: rule error: %s\n", p->vpath,
	    p->line, esc);
	cmd_report_add_problem(ctx, (int)p->severity, p->code, p->vpath,
	    p->offset, p->line, p->message);
}

/* Severity as the index stores it (text); an unknown word is an error. */
static int
cmd_report_column_severity(sqlite3_stmt *st, int col)
{
	int sev;

	sev = problem_severity_parse((const char *)sqlite3_column_text(st,
	    col));
	return sev < 0 ? PROBLEM_ERROR : sev;
}

/* A meta "problems_dropped:CODE:SEVERITY" count, added to the totals. */
static void
cmd_report_dropped(struct cmd_report_problems *ps, const char *key,
    long long n)
{
	const char *code, *colon;
	char buf[128];
	int sev;

	if (key == NULL || n <= 0 ||
	    strncmp(key, "problems_dropped:", 17) != 0)
		return;
	code = key + 17;
	if ((colon = strrchr(code, ':')) == NULL ||
	    (size_t)(colon - code) >= sizeof buf)
		return;
	if ((sev = problem_severity_parse(colon + 1)) < 0)
		sev = PROBLEM_ERROR;
	memcpy(buf, code, (size_t)(colon - code));
	buf[colon - code] = '\0';
	cmd_report_count(ps, sev, buf, n);
}

#define CMD_REPORT_SEV_ORDER						\
	"CASE severity WHEN 'info' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END"

/*
 * The index's problems: counted by severity and code over the whole table,
 * then listed worst first (errors, warnings, then info up to its cap).
 */
static int
cmd_report_load_problems(sqlite3 *db, struct cmd_report_problems *ps)
{
	sqlite3_stmt *st;

	if (sqlite3_prepare_v2(db, "SELECT severity, code, count(*) FROM"
	    " problems GROUP BY 1, 2 ORDER BY 2, 1", -1, &st, NULL) !=
	    SQLITE_OK)
		return MGT_ERR_DB;
	while (sqlite3_step(st) == SQLITE_ROW)
		cmd_report_count(ps, cmd_report_column_severity(st, 0),
		    (const char *)sqlite3_column_text(st, 1),
		    sqlite3_column_int64(st, 2));
	if (sqlite3_finalize(st) != SQLITE_OK)
		return MGT_ERR_DB;
	/* Problems ingest counted past max-problems-per-code, not stored. */
	if (sqlite3_prepare_v2(db, "SELECT key, CAST(value AS INTEGER) FROM"
	    " meta WHERE key LIKE 'problems_dropped:%'", -1, &st, NULL) ==
	    SQLITE_OK) {
		while (sqlite3_step(st) == SQLITE_ROW)
			cmd_report_dropped(ps, (const char *)
			    sqlite3_column_text(st, 0),
			    sqlite3_column_int64(st, 1));
		sqlite3_finalize(st);
	}
	if (sqlite3_prepare_v2(db, "SELECT severity, code, vpath, offset,"
	    " line, message FROM problems ORDER BY " CMD_REPORT_SEV_ORDER
	    " DESC, id", -1, &st, NULL) != SQLITE_OK)
		return MGT_ERR_DB;
	while (sqlite3_step(st) == SQLITE_ROW) {
		cmd_report_list_problem(ps, cmd_report_column_severity(st, 0),
		    (const char *)sqlite3_column_text(st, 1),
		    (const char *)sqlite3_column_text(st, 2),
		    sqlite3_column_type(st, 3) == SQLITE_NULL ? -1 :
		    sqlite3_column_int64(st, 3),
		    (long)sqlite3_column_int64(st, 4),
		    (const char *)sqlite3_column_text(st, 5));
		if (ps->ninfo >= CMD_REPORT_MAX_INFO)
			break;
	}
	return sqlite3_finalize(st) == SQLITE_OK ? MGT_OK : MGT_ERR_DB;
}

/* Rules that failed to load (kept going with --allow-rule-errors). */
static void
cmd_report_rule_diags(const struct ruleset *rs, struct cmd_report_problems *ps)
{
	const struct rule_diag *d;
	size_t i;

	for (i = 0; i < rs->ndiags; i++) {
		d = &rs->diags[i];
		if (d->is_warning)
			continue;
		cmd_report_add_problem(ps, PROBLEM_ERROR, PCODE_RULE_LOAD,
		    d->file, -1, d->line, d->message);
	}
}

static long long
cmd_report_scalar(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *st;
	long long v = 0;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		return 0;
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

/*
 * Write to a temporary file next to out (output_temp()), renamed when
 * complete; NULL, with the reason printed, when out is not a regular file
 * or the temporary cannot be made.
 */
static FILE *
cmd_report_open(const char *out, char **tmp)
{
	struct mgt_error err;
	FILE *f;
	int fd;

	mgt_error_clear(&err);
	if (output_temp(out, tmp, &fd, &err) != MGT_OK) {
		cmd_print_error(&err);
		return NULL;
	}
	if ((f = fdopen(fd, "w")) == NULL) {
		fprintf(stderr, "mgtriage: %s: cannot write: %s\n", *tmp,
		    strerror(errno));
		close(fd);
		output_discard(*tmp);
	}
	return f;
}

int
cmd_report_run(const char *db_path, const struct ruleset *rs,
    const struct cmd_report_opts *o)
{
	struct cmd_report_problems ps;
	struct finding_set fs;
	struct problem_sink sink;
	struct report rep;
	struct timeline tl;
	struct mgt_error err;
	struct index_open_options oo;
	sqlite3 *db = NULL;
	char **inputs = NULL, *tmp = NULL;
	size_t ninputs = 0, i;
	FILE *f = stdout;
	int rc, code = MGT_EXIT_OK, worst = -1;

	memset(&ps, 0, sizeof ps);
	finding_set_init(&fs);
	timeline_init(&tl);
	mgt_error_clear(&err);
	/* The built-in views, then those of the rule packs. */
	index_open_options_init(&oo);
	oo.extra_view_dirs = (const char *const *)rs->view_dirs;
	oo.nextra_view_dirs = rs->nview_dirs;
	if ((rc = index_open_with(db_path, &oo, &db, &err)) != MGT_OK) {
		cmd_print_error(&err);
		/* A missing file or not an index; a bad view file; else
		 * SQLite failed. */
		return rc == MGT_ERR_IO || rc == MGT_ERR_FORMAT ?
		    MGT_EXIT_UNREADABLE : rc == MGT_ERR_RULE ? MGT_EXIT_USAGE :
		    MGT_EXIT_INTERNAL;
	}
	sink.fn = cmd_report_rule_problem;
	sink.ctx = &ps;
	cmd_report_rule_diags(rs, &ps);
	if (cmd_report_load_problems(db, &ps) != MGT_OK ||
	    eval_rules(db, rs, &fs, &sink, &err) != MGT_OK) {
		if (err.msg[0] == '\0')
			mgt_error_set(&err, MGT_ERR_DB, db_path, -1, 0, "%s",
			    sqlite3_errmsg(db));
		cmd_print_error(&err);
		code = MGT_EXIT_INTERNAL;
		goto out;
	}
	rank_findings(&fs);
	if (timeline_for_findings(db, &fs, &tl) != 0)
		cmd_report_add_problem(&ps, PROBLEM_WARNING, PCODE_TIMELINE,
		    "", -1, 0, sqlite3_errmsg(db));
	cmd_report_order_problems(&ps);

	memset(&rep, 0, sizeof rep);
	rep.version = PACKAGE_VERSION;
	if (o->inputs != NULL) {
		rep.inputs = o->inputs;
		rep.ninputs = o->ninputs;
	} else {
		inputs = index_meta_lines(db, "inputs", &ninputs);
		rep.inputs = (const char **)inputs;
		rep.ninputs = ninputs;
	}
	rep.rules = rs;
	rep.findings = &fs;
	rep.problems = ps.p;
	rep.nproblems = ps.n;
	rep.have_counts = 1;
	memcpy(rep.problem_counts, ps.counts, sizeof rep.problem_counts);
	rep.problems_total = ps.counts[PROBLEM_INFO] +
	    ps.counts[PROBLEM_WARNING] + ps.counts[PROBLEM_ERROR];
	rep.groups = ps.g;
	rep.ngroups = ps.ng;
	rep.timeline = tl.events;
	rep.ntimeline = tl.n;
	rep.stats.sources = cmd_report_scalar(db,
	    "SELECT count(*) FROM sources WHERE kind <> 'container'");
	rep.stats.lines = cmd_report_scalar(db,
	    "SELECT coalesce(sum(lines), 0) FROM sources");
	rep.stats.resources = cmd_report_scalar(db,
	    "SELECT count(*) FROM resources");
	rep.stats.bytes = cmd_report_scalar(db, "SELECT coalesce(sum(size),"
	    " 0) FROM sources WHERE kind <> 'container' AND size > 0");
	rep.stats.rules = (long long)rs->nrules;
	if (o->seconds >= 0) {
		rep.stats.seconds = o->seconds;
		rep.stats.have_seconds = 1;
	}
	rep.fail_on = o->fail_on >= 0 ? (enum rule_severity)o->fail_on :
	    RULE_SEV_HIGH;
	rep.generated_at = o->generated_at;
	rep.color = o->color >= 0 ? o->color : (o->output == NULL &&
	    o->format == REPORT_TEXT && cmd_want_color(STDOUT_FILENO));
	rep.width = o->width >= 0 ? (size_t)o->width : o->output == NULL ?
	    cmd_terminal_width(STDOUT_FILENO) : 0;

	if (o->output != NULL && (f = cmd_report_open(o->output, &tmp)) ==
	    NULL) {
		code = MGT_EXIT_INTERNAL;
		goto out;
	}
	if (report_write(f, o->format, &rep, &err) != MGT_OK ||
	    fflush(f) != 0 || ferror(f)) {
		if (err.msg[0] == '\0')
			mgt_error_set(&err, MGT_ERR_IO, o->output ? o->output :
			    "stdout", -1, 0, "write failed: %s",
			    strerror(errno));
		cmd_print_error(&err);
		code = MGT_EXIT_INTERNAL;
		if (f != stdout) {
			fclose(f);
			output_discard(tmp);
		}
		goto out;
	}
	if (f != stdout) {
		if (fclose(f) != 0) {
			fprintf(stderr, "mgtriage: %s: cannot write: %s\n",
			    o->output, strerror(errno));
			output_discard(tmp);
			code = MGT_EXIT_INTERNAL;
			goto out;
		}
		if (output_commit(tmp, o->output, &err) != MGT_OK) {
			cmd_print_error(&err);
			code = MGT_EXIT_INTERNAL;
			goto out;
		}
	}
	for (i = 0; i < fs.nfindings; i++)
		if ((int)fs.findings[i].rule->severity > worst)
			worst = (int)fs.findings[i].rule->severity;
	if (o->fail_on >= 0 && worst >= o->fail_on)
		code = MGT_EXIT_FINDINGS;
	else if (ps.counts[PROBLEM_ERROR] > 0 ||
	    ps.counts[PROBLEM_WARNING] > 0)
		code = MGT_EXIT_PARTIAL;
out:
	for (i = 0; i < ps.n; i++) {
		free((char *)ps.p[i].code);
		free((char *)ps.p[i].vpath);
		free((char *)ps.p[i].message);
	}
	free(ps.p);
	for (i = 0; i < ps.ng; i++)
		free((char *)ps.g[i].code);
	free(ps.g);
	for (i = 0; i < ninputs; i++)
		free(inputs[i]);
	free(inputs);
	free(tmp);
	timeline_free(&tl);
	finding_set_free(&fs);
	sqlite3_close(db);
	return code;
}
