/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The text report, for a terminal: root causes with their strongest
 * evidence, symptoms drawn as a tree under them, the remedy, then what the
 * analysis could not read.  Every string from the input is escaped.  With
 * a width (a terminal), prose wraps and evidence is cut to fit; without
 * one (a file, a pipe) every line is complete.  Remedies and references
 * are never cut: they are pasted.  ANSI colour only when asked for.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "report-model.h"
#include "utf8.h"
#include "util.h"
#include "xmalloc.h"

#define TEXT_RESET	"\033[0m"
#define TEXT_BOLD	"\033[1m"
#define TEXT_DIM	"\033[2m"
#define TEXT_INDENT	"    "	/* under a root cause */
#define TEXT_BRANCH	"\xe2\x94\x9c\xe2\x94\x80 "	/* "├─ " */
#define TEXT_LAST	"\xe2\x94\x94\xe2\x94\x80 "	/* "└─ " */
#define TEXT_PIPE	"\xe2\x94\x82  "		/* "│  " */
#define TEXT_MAX_DEPTH	64	/* deeper symptoms are counted, not drawn */
#define TEXT_WHERE_HEAD	40	/* columns kept before a path's elision */
#define TEXT_WRAP_MIN	20	/* columns a wrapped paragraph always gets */

struct text_ctx {
	FILE			*fp;
	const struct report_model *m;
};

static const char *
text_sev_color(enum rule_severity sev)
{
	switch (sev) {
	case RULE_SEV_CRITICAL:
		return "\033[1;31m";
	case RULE_SEV_HIGH:
		return "\033[31m";
	case RULE_SEV_MEDIUM:
		return "\033[33m";
	case RULE_SEV_LOW:
		return "\033[36m";
	case RULE_SEV_INFO:
		break;
	}
	return TEXT_DIM;
}

static const char *
text_on(const struct text_ctx *c, const char *code)
{
	return c->m->color ? code : "";
}

static const char *
text_off(const struct text_ctx *c)
{
	return c->m->color ? TEXT_RESET : "";
}

/* Columns available for a line: the width, or no bound. */
static size_t
text_cols(const struct text_ctx *c)
{
	return c->m->width > 0 ? c->m->width : SIZE_MAX;
}

/* Print s escaped, cut to the width (complete when there is none). */
static void
text_put(const struct text_ctx *c, const char *s)
{
	char *e;

	e = report_term(s, text_cols(c));
	fputs(e, c->fp);
	free(e);
}

/* Print s escaped and complete, whatever the width: text to paste. */
static void
text_put_whole(const struct text_ctx *c, const char *s)
{
	char *e;

	e = report_term(s, SIZE_MAX);
	fputs(e, c->fp);
	free(e);
}

static void
text_heading(const struct text_ctx *c, const char *title)
{
	fprintf(c->fp, "%s%s%s\n", text_on(c, TEXT_BOLD), title, text_off(c));
}

/* "CRITICAL" for the severity of f, coloured if asked. */
static void
text_severity(const struct text_ctx *c, const struct report_cause *f)
{
	const char *p;

	fputs(text_on(c, text_sev_color(f->severity)), c->fp);
	for (p = f->severity_name; *p != '\0'; p++)
		fputc(*p >= 'a' && *p <= 'z' ? *p - 'a' + 'A' : *p, c->fp);
	fputs(text_off(c), c->fp);
}

/* Byte offset of the code point at column col of an escaped string. */
static size_t
text_offset(const char *s, size_t col)
{
	size_t i = 0;

	while (s[i] != '\0' && col > 0) {
		i++;
		while (((unsigned char)s[i] & 0xc0) == 0x80)
			i++;
		col--;
	}
	return i;
}

/*
 * Print s escaped; with a width, wrapped at spaces so that no line passes
 * it: the first line starts at column used, the others after cont.  A
 * word longer than a line is broken.  Ends with a newline.
 */
static void
text_para(const struct text_ctx *c, size_t used, const char *cont,
    const char *s)
{
	char *e;
	const char *p;
	size_t avail, n, cut, i, sp;

	e = report_term(s, SIZE_MAX);
	p = e;
	if (c->m->width == 0) {
		fprintf(c->fp, "%s\n", e);
		free(e);
		return;
	}
	avail = c->m->width > used + TEXT_WRAP_MIN ? c->m->width - used :
	    TEXT_WRAP_MIN;
	for (;;) {
		n = utf8_width(p);
		if (n <= avail) {
			fprintf(c->fp, "%s\n", p);
			break;
		}
		/* The last space within avail columns, else a hard cut. */
		cut = text_offset(p, avail);
		for (sp = 0, i = 0; i <= cut && p[i] != '\0'; i++)
			if (p[i] == ' ')
				sp = i;
		if (sp == 0)
			sp = cut;
		fprintf(c->fp, "%.*s\n%s", (int)sp, p, cont);
		p += sp;
		while (*p == ' ')
			p++;
		used = utf8_width(cont);
		avail = c->m->width > used + TEXT_WRAP_MIN ?
		    c->m->width - used : TEXT_WRAP_MIN;
	}
	free(e);
}

/*
 * Where a piece of evidence is ("vpath:line" or "Kind/ns/name field"),
 * escaped.  Complete without a width; with one, a place wider than max
 * columns loses its middle, since the archive name and the file name say
 * the most.
 */
static char *
text_where(const char *s, size_t max)
{
	char *e, *out, *tail;
	size_t head;

	e = report_term(s, SIZE_MAX);
	if (utf8_width(e) <= max)
		return e;
	if (max < 3 * 8)
		max = 3 * 8;
	head = max / 3 < TEXT_WHERE_HEAD ? max / 3 : TEXT_WHERE_HEAD;
	tail = e + text_offset(e, utf8_width(e) - (max - head - 1));
	head = text_offset(e, head);
	xasprintf(&out, "%.*s\xe2\x80\xa6%s", (int)head, e, tail);
	free(e);
	return out;
}

/*
 * One evidence line: the place, then the line or value.  With a width the
 * line is cut to what is left (never less than REPORT_TEXT_WHAT_MIN
 * columns); without one it is whole up to REPORT_SNIPPET_MAX.
 */
static void
text_evidence(const struct text_ctx *c, const char *prefix,
    const struct report_line *e)
{
	char *place, *what;
	size_t used, cols, width = c->m->width, maxwhere = SIZE_MAX;

	used = utf8_width(prefix);
	if (width > 0)
		maxwhere = width > used + REPORT_TEXT_WHAT_MIN + 2 ?
		    width - used - REPORT_TEXT_WHAT_MIN - 2 : TEXT_WHERE_HEAD;
	place = text_where(e->where, maxwhere);
	used += utf8_width(place) + strlen(e->sep);
	if (width == 0)
		cols = REPORT_SNIPPET_MAX;
	else
		cols = used + REPORT_TEXT_WHAT_MIN > width ?
		    REPORT_TEXT_WHAT_MIN : width - used;
	what = report_term(e->what != NULL ? e->what : "", cols);
	fprintf(c->fp, "%s%s%s%s\n", prefix, place, e->sep, what);
	free(what);
	free(place);
}

/*
 * The symptoms of f as a tree, each with its strongest evidence line:
 * prefix holds the "│  " columns of the levels above.
 */
static void
text_symptoms(const struct text_ctx *c, const struct report_cause *f,
    const char *prefix)
{
	const struct report_cause *s;
	char *branch, *next, *plain, *cont;
	size_t i;
	int last;

	for (i = 0; i < f->nsymptoms; i++) {
		s = f->symptoms[i];
		last = (i + 1 == f->nsymptoms);
		xasprintf(&next, "%s%s", prefix, last ? "   " : TEXT_PIPE);
		xasprintf(&branch, "%s%s", prefix,
		    last ? TEXT_LAST : TEXT_BRANCH);
		fputs(branch, c->fp);
		text_severity(c, s);
		fputc(' ', c->fp);
		xasprintf(&plain, "%s: %s", s->name, s->label);
		xasprintf(&cont, "%s  ", next);
		text_para(c, utf8_width(branch) + strlen(s->severity_name) + 1,
		    cont, plain);
		free(plain);
		if (s->nevidence > 0)
			text_evidence(c, next, &s->evidence[0]);
		/* The tree shows the cause; say more only when there is. */
		if (s->rank_reason != NULL && !s->reason_is_tree) {
			fprintf(c->fp, "%s%s", next, text_on(c, TEXT_DIM));
			text_para(c, utf8_width(next), cont, s->rank_reason);
			fputs(text_off(c), c->fp);
		}
		free(cont);
		if (s->more != NULL)
			fprintf(c->fp, "%s%s\n", next, s->more);
		else
			text_symptoms(c, s, next);
		free(branch);
		free(next);
	}
}

/* Lines of rule text (remedy), each escaped and whole (commands are
 * pasted), under an indent. */
static void
text_block(const struct text_ctx *c, const char *indent, char *const *lines,
    size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		fputs(indent, c->fp);
		text_put_whole(c, lines[i]);
		fputc('\n', c->fp);
	}
}

static void
text_root(const struct text_ctx *c, const struct report_cause *f)
{
	size_t i, n, used;
	int len;

	fprintf(c->fp, "[%d] %n", f->rank, &len);
	used = (size_t)len;
	text_severity(c, f);
	used += strlen(f->severity_name) + 1;
	fprintf(c->fp, " %s", text_on(c, TEXT_BOLD));
	text_put(c, f->name);
	fputs(text_off(c), c->fp);
	used += utf8_width(f->name);
	if (f->title != NULL) {
		fputs(": ", c->fp);
		text_para(c, used + 2, TEXT_INDENT, f->title);
	} else
		fputc('\n', c->fp);
	if (f->summary != NULL) {
		fputs(TEXT_INDENT, c->fp);
		text_para(c, strlen(TEXT_INDENT), TEXT_INDENT, f->summary);
	}
	if (f->rank_reason != NULL) {
		fprintf(c->fp, TEXT_INDENT "%swhy first:%s ",
		    text_on(c, TEXT_DIM), text_off(c));
		text_para(c, strlen(TEXT_INDENT "why first: "),
		    TEXT_INDENT "  ", f->rank_reason);
	}
	n = f->nevidence < REPORT_TEXT_EVIDENCE ? f->nevidence :
	    REPORT_TEXT_EVIDENCE;
	if (n > 0) {
		fprintf(c->fp, TEXT_INDENT "evidence (%zu of %ld):\n", n,
		    f->total_evidence);
		for (i = 0; i < n; i++)
			text_evidence(c, TEXT_INDENT "  ", &f->evidence[i]);
	}
	if (f->nsymptoms > 0) {
		fprintf(c->fp, TEXT_INDENT "symptoms (%zu):\n", f->nbelow);
		text_symptoms(c, f, TEXT_INDENT);
	}
	if (f->nremedy_lines > 0) {
		fputs(TEXT_INDENT "Remedy:\n", c->fp);
		text_block(c, TEXT_INDENT "  ", f->remedy_lines,
		    f->nremedy_lines);
	}
	if (f->nreferences > 0) {
		fputs(TEXT_INDENT "References:\n", c->fp);
		text_block(c, TEXT_INDENT "  ", f->references,
		    f->nreferences);
	}
}

/* Findings that do not hold now: one entry each, with why and where. */
static void
text_apart(const struct text_ctx *c, const char *heading, const char *why,
    struct report_cause *const *v, size_t n)
{
	const struct report_cause *f;
	size_t i, k, ne;
	char *line;

	if (n == 0)
		return;
	fprintf(c->fp, "%s%s%s (%zu)\n\n", text_on(c, TEXT_BOLD), heading,
	    text_off(c), n);
	for (i = 0; i < n; i++) {
		f = v[i];
		fputs("- ", c->fp);
		text_severity(c, f);
		xasprintf(&line, " %s: %s", f->name, f->label);
		text_para(c, 2 + strlen(f->severity_name), "    ", line);
		free(line);
		if (f->state_reason != NULL) {
			fprintf(c->fp, "    %s%s:%s ", text_on(c, TEXT_DIM),
			    why, text_off(c));
			text_para(c, 6 + strlen(why), "      ",
			    f->state_reason);
		}
		ne = f->nevidence < 3 ? f->nevidence : 3;
		for (k = 0; k < ne; k++)
			text_evidence(c, "    ", &f->evidence[k]);
	}
	fputc('\n', c->fp);
}

static void
text_completeness(const struct text_ctx *c)
{
	const struct report_model *m = c->m;
	const struct report_issue_group *g;
	const struct report_issue *p;
	size_t i, k;
	char *line;

	text_heading(c, "Completeness");
	if (m->problems_total == 0)
		fprintf(c->fp, "  %s.\n", m->problems_sentence);
	else {
		xasprintf(&line, "  %s:", m->problems_sentence);
		text_para(c, 0, "    ", line);
		free(line);
	}
	for (k = 0; k < m->ngroups; k++) {
		g = &m->groups[k];
		fputs("  ", c->fp);
		text_put(c, g->code);
		fprintf(c->fp, " (%s) x%ld\n", g->severity_name, g->count);
		for (i = 0; i < g->nexamples; i++) {
			p = g->examples[i];
			xasprintf(&line, "%s: %s", p->where, p->message);
			fputs("    ", c->fp);
			text_para(c, 4, "      ", line);
			free(line);
		}
		if (g->nmore > 0)
			fprintf(c->fp, "    ... %ld more\n", g->nmore);
	}
	xasprintf(&line, "  Read %s.", m->stats_sentence);
	text_para(c, 0, "    ", line);
	free(line);
}

int
report_text_write(FILE *fp, const struct report_model *m)
{
	struct text_ctx c;
	size_t i;

	c.fp = fp;
	c.m = m;
	fprintf(fp, "%smgtriage%s%s", text_on(&c, TEXT_BOLD),
	    m->version != NULL ? " " : "", text_off(&c));
	if (m->version != NULL)
		text_put(&c, m->version);
	for (i = 0; i < m->ninputs; i++) {
		fputs(i == 0 ? ": " : ", ", fp);
		text_put(&c, util_input_name(m->inputs[i]));
	}
	fputc('\n', fp);
	if (m->generated_at != NULL) {
		fputs("generated ", fp);
		text_put(&c, m->generated_at);
		fputc('\n', fp);
	}
	fputc('\n', fp);
	if (m->headline != NULL) {
		fprintf(fp, "%s", text_on(&c, "\033[1;31m"));
		text_para(&c, 0, "", m->headline);
		fprintf(fp, "%s\n", text_off(&c));
	}
	if (m->ncluster > 0) {
		fprintf(fp, "%sCluster%s\n", text_on(&c, TEXT_BOLD),
		    text_off(&c));
		for (i = 0; i < m->ncluster; i++) {
			fputs("  ", fp);
			text_para(&c, 2, "    ", m->cluster[i]);
		}
		fputc('\n', fp);
	}

	if (m->ncauses == 0)
		fprintf(fp, "%s.\n\n", m->no_cause);
	else {
		fprintf(fp, "%sRoot causes%s (%zu; %zu finding%s hold%s now, "
		    "%lld rules evaluated)\n\n", text_on(&c, TEXT_BOLD),
		    text_off(&c), m->ncauses, m->ncurrent,
		    m->ncurrent == 1 ? "" : "s", m->ncurrent == 1 ? "s" : "",
		    m->nrules);
		for (i = 0; i < m->ncauses; i++) {
			text_root(&c, m->causes[i]);
			fputc('\n', fp);
		}
	}
	text_apart(&c, "Resolved before the gather", "not current",
	    m->history, m->nhistory);
	text_apart(&c, "Suppressed", "known-benign", m->suppressed,
	    m->nsuppressed);
	text_completeness(&c);
	return ferror(fp) ? MGT_ERR_IO : MGT_OK;
}
