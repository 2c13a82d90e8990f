/*
 * The Markdown report, for post-mortems: a summary table, one section per
 * root cause with its evidence in a fenced block and its symptoms as a
 * nested list, the timeline and the completeness table.  Input text is
 * escaped so it stays text: no emphasis, links, HTML or broken tables.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "report.h"
#include "xmalloc.h"

#define MD_COLUMNS	1000	/* display columns of one inline text */
#define MD_LINE_COLUMNS	2000	/* of one line in a fenced block */
#define MD_MAX_DEPTH	32	/* deeper symptoms are counted, not listed */

/*
 * Characters with an inline meaning in CommonMark or GFM (emphasis, code,
 * links, HTML, entities, strikethrough, tables, math): always escaped.
 */
static const char md_special[] = "\\`*_[]<>|~&!$";

/*
 * Inline text: escaped for the terminal first (control characters and
 * invalid bytes become \xNN), then every Markdown-significant character
 * gets a backslash, and so do the block markers a line could start with.
 */
static void
md_text(FILE *fp, const char *s, size_t cols)
{
	char *e, *start, *p;
	size_t d;

	e = report_term(s != NULL ? s : "", cols);
	/* Leading blanks mean nothing inline but indent a code block. */
	for (start = e; *start == ' '; start++)
		;
	if (*start == '#' || *start == '+' || *start == '-' || *start == '=')
		fputc('\\', fp);
	for (d = 0; start[d] >= '0' && start[d] <= '9'; d++)
		;
	for (p = start; *p != '\0'; p++) {
		if (strchr(md_special, *p) != NULL ||
		    (d > 0 && p == start + d && (*p == '.' || *p == ')')))
			fputc('\\', fp);
		fputc(*p, fp);
	}
	free(e);
}

/* Longest run of backticks in s. */
static size_t
md_backtick_run(const char *s)
{
	size_t run = 0, best = 0;

	for (; *s != '\0'; s++) {
		run = *s == '`' ? run + 1 : 0;
		if (run > best)
			best = run;
	}
	return best;
}

/*
 * A code span: delimited by more backticks than the longest run inside,
 * padded with a space when the text starts or ends with a backtick.  In a
 * GFM table cell pipes need a backslash even inside code (in_table).
 */
static void
md_code(FILE *fp, const char *s, size_t cols, int in_table)
{
	char *e, *p;
	size_t n, i;
	int pad;

	e = report_term(s != NULL ? s : "", cols);
	if (e[0] == '\0') {
		free(e);
		return;
	}
	n = md_backtick_run(e) + 1;
	pad = e[0] == '`' || e[strlen(e) - 1] == '`';
	for (i = 0; i < n; i++)
		fputc('`', fp);
	if (pad)
		fputc(' ', fp);
	for (p = e; *p != '\0'; p++) {
		if (*p == '|' && in_table)
			fputc('\\', fp);
		fputc(*p, fp);
	}
	if (pad)
		fputc(' ', fp);
	for (i = 0; i < n; i++)
		fputc('`', fp);
	free(e);
}

/*
 * A fenced block of lines already escaped; the fence is longer than any
 * backtick run inside so no line can close it.
 */
static void
md_fence(FILE *fp, char **lines, size_t nlines)
{
	size_t run = 2, r, i, k;

	for (i = 0; i < nlines; i++)
		if ((r = md_backtick_run(lines[i])) > run)
			run = r;
	for (k = 0; k <= run; k++)
		fputc('`', fp);
	fputs("text\n", fp);
	for (i = 0; i < nlines; i++)
		fprintf(fp, "%s\n", lines[i]);
	for (k = 0; k <= run; k++)
		fputc('`', fp);
	fputc('\n', fp);
}

static void
md_free_lines(char **lines, size_t nlines)
{
	size_t i;

	for (i = 0; i < nlines; i++)
		free(lines[i]);
	free(lines);
}

/* Split multi-line rule text into escaped lines. */
static size_t
md_split(const char *s, char ***linesp)
{
	char **lines = NULL, *line;
	const char *nl;
	size_t n = 0, len;

	while (*s != '\0') {
		nl = strchr(s, '\n');
		len = nl != NULL ? (size_t)(nl - s) : strlen(s);
		line = xstrndup(s, len);
		lines = xreallocarray(lines, n + 1, sizeof *lines);
		lines[n++] = report_term(line, MD_LINE_COLUMNS);
		free(line);
		s += len;
		if (*s == '\n')
			s++;
	}
	*linesp = lines;
	return n;
}

static const char *
md_id(const struct finding *f)
{
	return f->rule != NULL && f->rule->id != NULL ? f->rule->id : "?";
}

static const char *
md_summary(const struct finding *f)
{
	if (f->summary != NULL)
		return f->summary;
	if (f->rule != NULL && f->rule->title != NULL)
		return f->rule->title;
	return "";
}

/* Summary table rows: "1", then "1.1", "1.1.1" for symptoms. */
static void
md_table_rows(FILE *fp, const struct finding *f, const char *num, int depth)
{
	char *sub;
	size_t i;

	fprintf(fp, "| %s | %s | ", num, report_finding_severity(f));
	md_code(fp, md_id(f), MD_COLUMNS, 1);
	fputs(" | ", fp);
	md_text(fp, md_summary(f), MD_COLUMNS);
	fputs(" |\n", fp);
	if (depth + 1 >= MD_MAX_DEPTH)
		return;
	for (i = 0; i < f->nsymptoms; i++) {
		xasprintf(&sub, "%s.%zu", num, i + 1);
		md_table_rows(fp, f->symptoms[i], sub, depth + 1);
		free(sub);
	}
}

static void
md_symptoms(FILE *fp, const struct finding *f, int depth)
{
	const struct finding *s;
	char *ev;
	size_t i;
	int k;

	for (i = 0; i < f->nsymptoms; i++) {
		s = f->symptoms[i];
		for (k = 0; k < depth; k++)
			fputs("  ", fp);
		fprintf(fp, "- **%s** ", report_finding_severity(s));
		md_code(fp, md_id(s), MD_COLUMNS, 0);
		fputs(": ", fp);
		md_text(fp, md_summary(s), MD_COLUMNS);
		if (s->nevidence > 0) {
			ev = report_evidence_line(&s->evidence[0]);
			fputs(" (", fp);
			md_code(fp, ev, MD_LINE_COLUMNS, 0);
			fputc(')', fp);
			free(ev);
		}
		fputc('\n', fp);
		if (s->nsymptoms > 0 && depth + 1 >= MD_MAX_DEPTH) {
			for (k = 0; k <= depth; k++)
				fputs("  ", fp);
			fputs("- (more symptoms below this depth)\n", fp);
		} else
			md_symptoms(fp, s, depth + 1);
	}
}

static void
md_root(FILE *fp, const struct finding *f)
{
	const struct rule *rule = f->rule;
	char **lines, *ev;
	size_t i, n;

	fprintf(fp, "## %d. ", f->rank);
	md_code(fp, md_id(f), MD_COLUMNS, 0);
	if (rule != NULL && rule->title != NULL) {
		fputs(": ", fp);
		md_text(fp, rule->title, MD_COLUMNS);
	}
	fprintf(fp, "\n\n**Severity:** %s", report_finding_severity(f));
	if (rule != NULL && rule->category != NULL) {
		fputs(" · **Category:** ", fp);
		md_text(fp, rule->category, MD_COLUMNS);
	}
	fputs("\n\n", fp);
	if (f->summary != NULL) {
		fputs("**Summary:** ", fp);
		md_text(fp, f->summary, MD_COLUMNS);
		fputs("\n\n", fp);
	}
	if (f->rank_reason != NULL) {
		fputs("**Why first:** ", fp);
		md_text(fp, f->rank_reason, MD_COLUMNS);
		fputs("\n\n", fp);
	}
	if (f->nevidence > 0) {
		fprintf(fp, "**Evidence** (%zu of %ld):\n\n", f->nevidence,
		    f->total_evidence > (long)f->nevidence ?
		    f->total_evidence : (long)f->nevidence);
		lines = xcalloc(f->nevidence, sizeof *lines);
		for (i = 0; i < f->nevidence; i++) {
			ev = report_evidence_line(&f->evidence[i]);
			lines[i] = report_term(ev, MD_LINE_COLUMNS);
			free(ev);
		}
		md_fence(fp, lines, f->nevidence);
		md_free_lines(lines, f->nevidence);
		fputc('\n', fp);
	}
	if (f->nsymptoms > 0) {
		fputs("**Symptoms:**\n\n", fp);
		md_symptoms(fp, f, 0);
		fputc('\n', fp);
	}
	if (rule != NULL && rule->remedy != NULL && rule->remedy[0] != '\0') {
		fputs("**Remedy:**\n\n", fp);
		n = md_split(rule->remedy, &lines);
		md_fence(fp, lines, n);
		md_free_lines(lines, n);
		fputc('\n', fp);
	}
	if (rule != NULL && rule->nreferences > 0) {
		fputs("**References:**\n\n", fp);
		for (i = 0; i < rule->nreferences; i++) {
			fputs("- ", fp);
			md_text(fp, rule->references[i], MD_COLUMNS);
			fputc('\n', fp);
		}
		fputc('\n', fp);
	}
}

static void
md_timeline(FILE *fp, const struct report *r)
{
	const struct report_event *ev;
	char first[64], last[64];
	size_t i;

	fputs("## Timeline\n\n| First | Last | Count | What | Where | Nodes |\n"
	    "|---|---|---:|---|---|---|\n", fp);
	for (i = 0; i < r->ntimeline; i++) {
		ev = &r->timeline[i];
		report_format_ts(ev->first_ts, first, sizeof first);
		report_format_ts(ev->last_ts, last, sizeof last);
		fprintf(fp, "| %s | %s | %ld | ", first, last, ev->count);
		md_text(fp, ev->what, MD_COLUMNS);
		fputs(" | ", fp);
		md_text(fp, ev->where, MD_COLUMNS);
		fputs(" | ", fp);
		md_text(fp, ev->nodes, MD_COLUMNS);
		fputs(" |\n", fp);
	}
	fputc('\n', fp);
}

static void
md_completeness(FILE *fp, const struct report *r)
{
	const struct report_problem *p;
	const struct report_stats *st = &r->stats;
	struct report_group *g;
	size_t ng, i, k, shown;
	long long total;
	char *where, sentence[160];

	fputs("## Completeness\n\n", fp);
	total = report_problems_total(r);
	if (total == 0)
		fputs("No input problems: nothing was skipped, left unparsed "
		    "or cut by a limit.\n\n", fp);
	else {
		report_problems_sentence(r, sentence, sizeof sentence);
		fputs(sentence, fp);
		fputs(".\n\n| Code | Severity | Count | Examples |\n"
		    "|---|---|---:|---|\n", fp);
	}
	ng = report_group_problems(r, &g);
	for (k = 0; k < ng; k++) {
		fputs("| ", fp);
		md_code(fp, g[k].code, MD_COLUMNS, 1);
		fprintf(fp, " | %s | %ld | ",
		    problem_severity_name(g[k].severity), g[k].count);
		for (i = g[k].first, shown = 0; i < r->nproblems &&
		    shown < REPORT_EXAMPLES; i++) {
			p = &r->problems[i];
			if (strcmp(report_problem_code(p), g[k].code) != 0)
				continue;
			if (shown > 0)
				fputs("; ", fp);
			where = report_problem_where(p);
			md_code(fp, where, MD_COLUMNS, 1);
			fputs(": ", fp);
			md_text(fp, p->message, MD_COLUMNS);
			free(where);
			shown++;
		}
		fputs(" |\n", fp);
	}
	if (ng > 0)
		fputc('\n', fp);
	free(g);
	fprintf(fp, "**Read:** %lld sources, %lld log lines, %lld resources, "
	    "%lld bytes; %lld rules evaluated", st->sources, st->lines,
	    st->resources, st->bytes, report_nrules(r));
	if (st->have_seconds)
		fprintf(fp, " in %.2f s", st->seconds);
	fputs(".\n", fp);
}

int
report_markdown_write(FILE *fp, const struct report *r)
{
	const struct finding_set *fs = r->findings;
	char num[32], headline[256];
	size_t i, nroots;

	nroots = fs != NULL ? fs->nroots : 0;
	fputs("# mgtriage report\n\n", fp);
	fputs("- **Tool:** mgtriage", fp);
	if (r->version != NULL) {
		fputc(' ', fp);
		md_text(fp, r->version, MD_COLUMNS);
	}
	fputc('\n', fp);
	if (r->generated_at != NULL) {
		fputs("- **Generated:** ", fp);
		md_text(fp, r->generated_at, MD_COLUMNS);
		fputc('\n', fp);
	}
	fputs("- **Inputs:** ", fp);
	for (i = 0; i < r->ninputs; i++) {
		if (i > 0)
			fputs(", ", fp);
		md_code(fp, r->inputs[i], MD_COLUMNS, 0);
	}
	fprintf(fp, "\n- **Rules evaluated:** %lld\n", report_nrules(r));
	fprintf(fp, "- **Findings:** %zu (%zu root cause%s)\n\n",
	    fs != NULL ? fs->nfindings : 0, nroots, nroots == 1 ? "" : "s");
	if (report_incomplete(r, headline, sizeof headline)) {
		fputs("> **", fp);
		md_text(fp, headline, MD_COLUMNS);
		fputs("**\n\n", fp);
	}

	fputs("## Summary\n\n", fp);
	if (nroots == 0)
		fprintf(fp, "No root cause found by %lld rules.\n\n",
		    report_nrules(r));
	else {
		fputs("| Rank | Severity | Rule | Summary |\n"
		    "|---:|---|---|---|\n", fp);
		for (i = 0; i < nroots; i++) {
			snprintf(num, sizeof num, "%d", fs->roots[i]->rank);
			md_table_rows(fp, fs->roots[i], num, 0);
		}
		fputc('\n', fp);
		for (i = 0; i < nroots; i++)
			md_root(fp, fs->roots[i]);
	}
	if (r->timeline != NULL && r->ntimeline > 0)
		md_timeline(fp, r);
	md_completeness(fp, r);
	return ferror(fp) ? MGT_ERR_IO : MGT_OK;
}
