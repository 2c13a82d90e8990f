/* SPDX-License-Identifier: Apache-2.0 */
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
#include "report-model.h"
#include "util.h"
#include "xmalloc.h"

#define MD_COLUMNS	1000	/* display columns of one inline text */
#define MD_LINE_COLUMNS	2000	/* of one line in a fenced block */

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
md_fence(FILE *fp, char *const *lines, size_t nlines)
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

/* A fenced block of n lines escaped for it, cut to MD_LINE_COLUMNS. */
static void
md_fence_term(FILE *fp, const char *const *lines, size_t n)
{
	char **esc;
	size_t i;

	esc = xcalloc(n, sizeof *esc);
	for (i = 0; i < n; i++)
		esc[i] = report_term(lines[i], MD_LINE_COLUMNS);
	md_fence(fp, esc, n);
	for (i = 0; i < n; i++)
		free(esc[i]);
	free(esc);
}

/* Summary table rows: "1", then "1.1", "1.1.1" for symptoms. */
static void
md_table_rows(FILE *fp, const struct report_cause *f)
{
	size_t i;

	fprintf(fp, "| %s | %s | ", f->number, f->severity_name);
	md_code(fp, f->name, MD_COLUMNS, 1);
	fputs(" | ", fp);
	md_text(fp, f->label, MD_COLUMNS);
	fputs(" |\n", fp);
	if (f->more != NULL)
		return;
	for (i = 0; i < f->nsymptoms; i++)
		md_table_rows(fp, f->symptoms[i]);
}

static void
md_symptoms(FILE *fp, const struct report_cause *f)
{
	const struct report_cause *s;
	size_t i;
	int k;

	for (i = 0; i < f->nsymptoms; i++) {
		s = f->symptoms[i];
		for (k = 1; k < s->depth; k++)
			fputs("  ", fp);
		fprintf(fp, "- **%s** ", s->severity_name);
		md_code(fp, s->name, MD_COLUMNS, 0);
		fputs(": ", fp);
		md_text(fp, s->label, MD_COLUMNS);
		if (s->nevidence > 0) {
			fputs(" (", fp);
			md_code(fp, s->evidence[0].line, MD_LINE_COLUMNS, 0);
			fputc(')', fp);
		}
		fputc('\n', fp);
		if (s->more != NULL) {
			for (k = 0; k < s->depth; k++)
				fputs("  ", fp);
			fprintf(fp, "- %s\n", s->more);
		} else
			md_symptoms(fp, s);
	}
}

static void
md_root(FILE *fp, const struct report_cause *f)
{
	const char **lines;
	size_t i;

	fprintf(fp, "## %d. ", f->rank);
	md_code(fp, f->name, MD_COLUMNS, 0);
	if (f->title != NULL) {
		fputs(": ", fp);
		md_text(fp, f->title, MD_COLUMNS);
	}
	fprintf(fp, "\n\n**Severity:** %s", f->severity_name);
	if (f->category != NULL) {
		fputs(" · **Category:** ", fp);
		md_text(fp, f->category, MD_COLUMNS);
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
		    f->total_evidence);
		lines = xcalloc(f->nevidence, sizeof *lines);
		for (i = 0; i < f->nevidence; i++)
			lines[i] = f->evidence[i].line;
		md_fence_term(fp, lines, f->nevidence);
		free(lines);
		fputc('\n', fp);
	}
	if (f->nsymptoms > 0) {
		fputs("**Symptoms:**\n\n", fp);
		md_symptoms(fp, f);
		fputc('\n', fp);
	}
	if (f->nremedy_lines > 0) {
		fputs("**Remedy:**\n\n", fp);
		md_fence_term(fp, (const char *const *)f->remedy_lines,
		    f->nremedy_lines);
		fputc('\n', fp);
	}
	if (f->nreferences > 0) {
		fputs("**References:**\n\n", fp);
		for (i = 0; i < f->nreferences; i++) {
			fputs("- ", fp);
			md_text(fp, f->references[i], MD_COLUMNS);
			fputc('\n', fp);
		}
		fputc('\n', fp);
	}
}

/* Findings that do not hold now, each with why and its first evidence. */
static void
md_apart(FILE *fp, const char *heading, const char *why,
    struct report_cause *const *v, size_t n)
{
	const struct report_cause *f;
	size_t i;

	if (n == 0)
		return;
	fprintf(fp, "## %s (%zu)\n\n", heading, n);
	for (i = 0; i < n; i++) {
		f = v[i];
		fprintf(fp, "- **%s** ", f->severity_name);
		md_code(fp, f->name, MD_COLUMNS, 0);
		fputs(": ", fp);
		md_text(fp, f->label, MD_COLUMNS);
		fputc('\n', fp);
		if (f->state_reason != NULL) {
			fprintf(fp, "  - *%s:* ", why);
			md_text(fp, f->state_reason, MD_COLUMNS);
			fputc('\n', fp);
		}
		if (f->nevidence > 0) {
			fputs("  - ", fp);
			md_code(fp, f->evidence[0].line, MD_LINE_COLUMNS, 0);
			fputc('\n', fp);
		}
	}
	fputc('\n', fp);
}

static void
md_timeline(FILE *fp, const struct report_model *m)
{
	const struct report_event *ev;
	char first[64], last[64];
	size_t i;

	fputs("## Timeline\n\n| First | Last | Count | What | Where | Nodes |\n"
	    "|---|---|---:|---|---|---|\n", fp);
	for (i = 0; i < m->ntimeline; i++) {
		ev = &m->timeline[i];
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
md_completeness(FILE *fp, const struct report_model *m)
{
	const struct report_issue_group *g;
	size_t i, k;

	fprintf(fp, "## Completeness\n\n%s.\n\n", m->problems_sentence);
	if (m->problems_total > 0)
		fputs("| Code | Severity | Count | Examples |\n"
		    "|---|---|---:|---|\n", fp);
	for (k = 0; k < m->ngroups; k++) {
		g = &m->groups[k];
		fputs("| ", fp);
		md_code(fp, g->code, MD_COLUMNS, 1);
		fprintf(fp, " | %s | %ld | ", g->severity_name, g->count);
		for (i = 0; i < g->nexamples; i++) {
			if (i > 0)
				fputs("; ", fp);
			md_code(fp, g->examples[i]->where, MD_COLUMNS, 1);
			fputs(": ", fp);
			md_text(fp, g->examples[i]->message, MD_COLUMNS);
		}
		fputs(" |\n", fp);
	}
	if (m->ngroups > 0)
		fputc('\n', fp);
	fprintf(fp, "**Read:** %s.\n", m->stats_sentence);
}

int
report_markdown_write(FILE *fp, const struct report_model *m)
{
	size_t i;

	fputs("# mgtriage report\n\n", fp);
	fputs("- **Tool:** mgtriage", fp);
	if (m->version != NULL) {
		fputc(' ', fp);
		md_text(fp, m->version, MD_COLUMNS);
	}
	fputc('\n', fp);
	if (m->generated_at != NULL) {
		fputs("- **Generated:** ", fp);
		md_text(fp, m->generated_at, MD_COLUMNS);
		fputc('\n', fp);
	}
	fputs("- **Inputs:** ", fp);
	for (i = 0; i < m->ninputs; i++) {
		if (i > 0)
			fputs(", ", fp);
		md_code(fp, util_input_name(m->inputs[i]), MD_COLUMNS,
		    0);
	}
	fprintf(fp, "\n- **Rules evaluated:** %lld\n", m->nrules);
	fprintf(fp, "- **Findings:** %s\n\n", m->findings_sentence);
	if (m->headline != NULL) {
		fputs("> **", fp);
		md_text(fp, m->headline, MD_COLUMNS);
		fputs("**\n\n", fp);
	}
	if (m->ncluster > 0) {
		fputs("## Cluster\n\n", fp);
		for (i = 0; i < m->ncluster; i++) {
			fputs("- ", fp);
			md_text(fp, m->cluster[i], MD_COLUMNS);
			fputc('\n', fp);
		}
		fputc('\n', fp);
	}

	fputs("## Summary\n\n", fp);
	if (m->ncauses == 0)
		fprintf(fp, "%s.\n\n", m->no_cause);
	else {
		fputs("| Rank | Severity | Rule | Summary |\n"
		    "|---:|---|---|---|\n", fp);
		for (i = 0; i < m->ncauses; i++)
			md_table_rows(fp, m->causes[i]);
		fputc('\n', fp);
		for (i = 0; i < m->ncauses; i++)
			md_root(fp, m->causes[i]);
	}
	md_apart(fp, "Resolved before the gather", "not current", m->history,
	    m->nhistory);
	md_apart(fp, "Suppressed", "known-benign", m->suppressed,
	    m->nsuppressed);
	if (m->ntimeline > 0)
		md_timeline(fp, m);
	md_completeness(fp, m);
	return ferror(fp) ? MGT_ERR_IO : MGT_OK;
}
