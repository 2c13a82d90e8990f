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
#include "report.h"
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
	const struct report	*r;
};

static const char *
text_sev_color(const struct finding *f)
{
	switch (f->rule != NULL ? f->rule->severity : RULE_SEV_INFO) {
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
	return c->r->color ? code : "";
}

static const char *
text_off(const struct text_ctx *c)
{
	return c->r->color ? TEXT_RESET : "";
}

/* Columns available for a line: the width, or no bound. */
static size_t
text_cols(const struct text_ctx *c)
{
	return c->r->width > 0 ? c->r->width : SIZE_MAX;
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
text_severity(const struct text_ctx *c, const struct finding *f)
{
	const char *name, *p;

	fputs(text_on(c, text_sev_color(f)), c->fp);
	for (name = report_finding_severity(f), p = name; *p != '\0'; p++)
		fputc(*p >= 'a' && *p <= 'z' ? *p - 'a' + 'A' : *p, c->fp);
	fputs(text_off(c), c->fp);
}

/* Display columns of an escaped string: its code points. */
static size_t
text_width(const char *s)
{
	size_t n = 0;

	for (; *s != '\0'; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			n++;
	return n;
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
	if (c->r->width == 0) {
		fprintf(c->fp, "%s\n", e);
		free(e);
		return;
	}
	avail = c->r->width > used + TEXT_WRAP_MIN ? c->r->width - used :
	    TEXT_WRAP_MIN;
	for (;;) {
		n = text_width(p);
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
		used = text_width(cont);
		avail = c->r->width > used + TEXT_WRAP_MIN ?
		    c->r->width - used : TEXT_WRAP_MIN;
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
	if (text_width(e) <= max)
		return e;
	if (max < 3 * 8)
		max = 3 * 8;
	head = max / 3 < TEXT_WHERE_HEAD ? max / 3 : TEXT_WHERE_HEAD;
	tail = e + text_offset(e, text_width(e) - (max - head - 1));
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
    const struct finding_evidence *e)
{
	char *where = NULL, *place, *what;
	const char *sep = "", *text = NULL;
	size_t used, cols, width = c->r->width, maxwhere = SIZE_MAX;

	if (e->object != NULL) {
		if (e->field != NULL)
			xasprintf(&where, "%s %s", e->object, e->field);
		else
			where = xstrdup(e->object);
		if (e->field != NULL && e->value != NULL) {
			sep = "=";
			text = e->value;
		}
	} else if (e->source != NULL) {
		if (e->line > 0)
			xasprintf(&where, "%s:%ld", e->source, e->line);
		else
			where = xstrdup(e->source);
		if (e->text != NULL) {
			sep = ": ";
			text = e->text;
		}
	} else {
		where = report_evidence_line(e);
	}
	used = text_width(prefix);
	if (width > 0)
		maxwhere = width > used + REPORT_TEXT_WHAT_MIN + 2 ?
		    width - used - REPORT_TEXT_WHAT_MIN - 2 : TEXT_WHERE_HEAD;
	place = text_where(where, maxwhere);
	used += text_width(place) + strlen(sep);
	if (width == 0)
		cols = REPORT_SNIPPET_MAX;
	else
		cols = used + REPORT_TEXT_WHAT_MIN > width ?
		    REPORT_TEXT_WHAT_MIN : width - used;
	what = report_term(text != NULL ? text : "", cols);
	fprintf(c->fp, "%s%s%s%s\n", prefix, place, sep, what);
	free(what);
	free(place);
	free(where);
}

static const char *
text_summary(const struct finding *f)
{
	if (f->summary != NULL)
		return f->summary;
	if (f->rule != NULL && f->rule->title != NULL)
		return f->rule->title;
	return "";
}

static size_t
text_count_below(const struct finding *f)
{
	size_t i, n = 0;

	for (i = 0; i < f->nsymptoms; i++)
		n += 1 + text_count_below(f->symptoms[i]);
	return n;
}

/*
 * The symptoms of f as a tree, each with its strongest evidence line:
 * prefix holds the "│  " columns of the levels above.
 */
static void
text_symptoms(const struct text_ctx *c, const struct finding *f,
    const char *prefix, int depth)
{
	const struct finding *s;
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
		xasprintf(&plain, "%s: %s", s->rule != NULL ? s->rule->id :
		    "?", text_summary(s));
		xasprintf(&cont, "%s  ", next);
		text_para(c, text_width(branch) +
		    strlen(report_finding_severity(s)) + 1, cont, plain);
		free(plain);
		if (s->nevidence > 0)
			text_evidence(c, next, &s->evidence[0]);
		/* The tree shows the cause; say more only when there is. */
		xasprintf(&plain, "explained by %s",
		    f->rule != NULL ? f->rule->id : "?");
		if (s->rank_reason != NULL &&
		    strcmp(s->rank_reason, plain) != 0) {
			fprintf(c->fp, "%s%s", next, text_on(c, TEXT_DIM));
			text_para(c, text_width(next), cont, s->rank_reason);
			fputs(text_off(c), c->fp);
		}
		free(plain);
		free(cont);
		if (s->nsymptoms > 0 && depth + 1 >= TEXT_MAX_DEPTH)
			fprintf(c->fp, "%s(%zu more symptoms below)\n", next,
			    text_count_below(s));
		else if (s->nsymptoms > 0)
			text_symptoms(c, s, next, depth + 1);
		free(branch);
		free(next);
	}
}

/* Multi-line rule text (remedy), each line escaped and whole (commands
 * are pasted), under an indent. */
static void
text_block(const struct text_ctx *c, const char *indent, const char *s)
{
	const char *nl;
	char *line;
	size_t n;

	while (*s != '\0') {
		nl = strchr(s, '\n');
		n = nl != NULL ? (size_t)(nl - s) : strlen(s);
		line = xstrndup(s, n);
		fputs(indent, c->fp);
		text_put_whole(c, line);
		fputc('\n', c->fp);
		free(line);
		s += n;
		if (*s == '\n')
			s++;
	}
}

static void
text_root(const struct text_ctx *c, const struct finding *f)
{
	const struct rule *rule = f->rule;
	size_t i, n;

	size_t used;
	int len;

	fprintf(c->fp, "[%d] %n", f->rank, &len);
	used = (size_t)len;
	text_severity(c, f);
	used += strlen(report_finding_severity(f)) + 1;
	fprintf(c->fp, " %s", text_on(c, TEXT_BOLD));
	text_put(c, rule != NULL ? rule->id : "?");
	fputs(text_off(c), c->fp);
	used += text_width(rule != NULL ? rule->id : "?");
	if (rule != NULL && rule->title != NULL) {
		fputs(": ", c->fp);
		text_para(c, used + 2, TEXT_INDENT, rule->title);
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
		    f->total_evidence > (long)n ? f->total_evidence : (long)n);
		for (i = 0; i < n; i++)
			text_evidence(c, TEXT_INDENT "  ", &f->evidence[i]);
	}
	if (f->nsymptoms > 0) {
		fprintf(c->fp, TEXT_INDENT "symptoms (%zu):\n",
		    text_count_below(f));
		text_symptoms(c, f, TEXT_INDENT, 0);
	}
	if (rule != NULL && rule->remedy != NULL && rule->remedy[0] != '\0') {
		fputs(TEXT_INDENT "Remedy:\n", c->fp);
		text_block(c, TEXT_INDENT "  ", rule->remedy);
	}
	if (rule != NULL && rule->nreferences > 0) {
		fputs(TEXT_INDENT "References:\n", c->fp);
		for (i = 0; i < rule->nreferences; i++) {
			fputs(TEXT_INDENT "  ", c->fp);
			text_put_whole(c, rule->references[i]);
			fputc('\n', c->fp);
		}
	}
}

static void
text_completeness(const struct text_ctx *c)
{
	const struct report *r = c->r;
	const struct report_problem *p;
	const struct report_stats *st = &r->stats;
	struct report_group *g;
	size_t ng, i, k, shown;
	long long total;
	char *where, *line, *more = NULL, sentence[160];

	text_heading(c, "Completeness");
	total = report_problems_total(r);
	if (total == 0)
		fputs("  No input problems: nothing was skipped, left "
		    "unparsed or cut by a limit.\n", c->fp);
	else {
		report_problems_sentence(r, sentence, sizeof sentence);
		xasprintf(&line, "  %s:", sentence);
		text_para(c, 0, "    ", line);
		free(line);
	}
	ng = report_group_problems(r, &g);
	for (k = 0; k < ng; k++) {
		fputs("  ", c->fp);
		text_put(c, g[k].code);
		fprintf(c->fp, " (%s) x%ld\n",
		    problem_severity_name(g[k].severity), g[k].count);
		for (i = g[k].first, shown = 0; i < r->nproblems &&
		    shown < REPORT_EXAMPLES; i++) {
			p = &r->problems[i];
			if (strcmp(report_problem_code(p), g[k].code) != 0)
				continue;
			where = report_problem_where(p);
			xasprintf(&line, "%s: %s", where, p->message != NULL ?
			    p->message : "");
			fputs("    ", c->fp);
			text_para(c, 4, "      ", line);
			free(line);
			free(where);
			shown++;
		}
		if (g[k].count > (long)shown)
			fprintf(c->fp, "    ... %ld more\n",
			    g[k].count - (long)shown);
	}
	free(g);
	xasprintf(&line, "  Read %lld source%s, %lld log line%s, %lld "
	    "resource%s, %lld bytes; %lld rule%s evaluated", st->sources,
	    st->sources == 1 ? "" : "s", st->lines, st->lines == 1 ? "" : "s",
	    st->resources, st->resources == 1 ? "" : "s", st->bytes,
	    report_nrules(r), report_nrules(r) == 1 ? "" : "s");
	if (st->have_seconds)
		xasprintf(&more, "%s in %.2f s.", line, st->seconds);
	else
		xasprintf(&more, "%s.", line);
	text_para(c, 0, "    ", more);
	free(more);
	free(line);
}

int
report_text_write(FILE *fp, const struct report *r)
{
	struct text_ctx c;
	const struct finding_set *fs = r->findings;
	size_t i, nroots, nfindings;
	char headline[256];

	c.fp = fp;
	c.r = r;
	nroots = fs != NULL ? fs->nroots : 0;
	nfindings = fs != NULL ? fs->nfindings : 0;

	fprintf(fp, "%smgtriage%s%s", text_on(&c, TEXT_BOLD),
	    r->version != NULL ? " " : "", text_off(&c));
	if (r->version != NULL)
		text_put(&c, r->version);
	for (i = 0; i < r->ninputs; i++) {
		fputs(i == 0 ? ": " : ", ", fp);
		text_put(&c, r->inputs[i]);
	}
	fputc('\n', fp);
	if (r->generated_at != NULL) {
		fputs("generated ", fp);
		text_put(&c, r->generated_at);
		fputc('\n', fp);
	}
	fputc('\n', fp);
	if (report_incomplete(r, headline, sizeof headline)) {
		fprintf(fp, "%s", text_on(&c, "\033[1;31m"));
		text_para(&c, 0, "", headline);
		fprintf(fp, "%s\n", text_off(&c));
	}

	if (nroots == 0)
		fprintf(fp, "No root cause found by %lld rule%s.\n\n",
		    report_nrules(r), report_nrules(r) == 1 ? "" : "s");
	else {
		fprintf(fp, "%sRoot causes%s (%zu; %zu finding%s fired, %lld "
		    "rules evaluated)\n\n", text_on(&c, TEXT_BOLD),
		    text_off(&c), nroots, nfindings,
		    nfindings == 1 ? "" : "s", report_nrules(r));
		for (i = 0; i < nroots; i++) {
			text_root(&c, fs->roots[i]);
			fputc('\n', fp);
		}
	}
	text_completeness(&c);
	return ferror(fp) ? MGT_ERR_IO : MGT_OK;
}
