/*
 * The JUnit XML report for CI: one test case per rule evaluated.  A rule
 * that fired at or above fail_on is a failure carrying its evidence; one
 * that fired below it passes with the finding in system-out.  Text is
 * XML-escaped and characters XML 1.0 cannot carry are dropped.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "report.h"
#include "xmalloc.h"

#define JUNIT_TEXT_MAX	4096	/* bytes of one attribute or message line */
#define JUNIT_MAX_FINDINGS 8	/* findings of one rule shown in its case */
#define JUNIT_MAX_PROBLEMS 50	/* errors and warnings in the completeness case */
#define JUNIT_REPLACEMENT "\xef\xbf\xbd"	/* U+FFFD */

/*
 * Write s as XML character data or an attribute value (attr): & < > " '
 * as entities, and in attributes tab, newline and carriage return as
 * references so they survive normalisation.  Invalid UTF-8 bytes become
 * U+FFFD; characters outside the XML 1.0 Char production are dropped; C1
 * controls and bidi overrides are shown as \uNNNN.
 */
static void
junit_put_cut(FILE *fp, const char *s, size_t max, int attr)
{
	size_t n, i = 0, l;
	uint32_t cp;

	if (s == NULL)
		return;
	n = report_cut(s, max);
	while (i < n) {
		l = utf8_decode(s + i, n - i, &cp);
		if (l == 0) {
			fputs(JUNIT_REPLACEMENT, fp);
			i++;
			continue;
		}
		i += l;
		switch (cp) {
		case '&':
			fputs("&amp;", fp);
			continue;
		case '<':
			fputs("&lt;", fp);
			continue;
		case '>':
			fputs("&gt;", fp);
			continue;
		case '"':
			fputs("&quot;", fp);
			continue;
		case '\'':
			fputs("&apos;", fp);
			continue;
		case '\t':
		case '\n':
		case '\r':
			if (attr)
				fprintf(fp, "&#%u;", (unsigned int)cp);
			else
				fputc((int)cp, fp);
			continue;
		}
		if (cp < 0x20 || cp == 0xfffe || cp == 0xffff)
			continue;
		/* Valid XML, but a viewer or terminal may act on them. */
		if ((cp >= 0x80 && cp <= 0x9f) ||
		    (cp >= 0x202a && cp <= 0x202e) ||
		    (cp >= 0x2066 && cp <= 0x2069))
			fprintf(fp, "\\u%04x", (unsigned int)cp);
		else
			fwrite(s + i - l, 1, l, fp);
	}
	if (s[n] != '\0')
		fputs("\xe2\x80\xa6", fp);
}

void
report_junit_put(FILE *fp, const char *s, int attr)
{
	junit_put_cut(fp, s, JUNIT_TEXT_MAX, attr);
}

static void
junit_put(FILE *fp, const char *s, int attr)
{
	junit_put_cut(fp, s, JUNIT_TEXT_MAX, attr);
}

/* All the findings of one rule (normally one), by rule id. */
static size_t
junit_findings_of(const struct finding_set *fs, const char *id,
    const struct finding **out, size_t max)
{
	size_t i, n = 0;

	for (i = 0; fs != NULL && i < fs->nfindings; i++) {
		if (fs->findings[i].rule == NULL ||
		    fs->findings[i].rule->id == NULL ||
		    strcmp(fs->findings[i].rule->id, id) != 0)
			continue;
		if (n < max)
			out[n] = &fs->findings[i];
		n++;
	}
	return n;
}

/* The body of a failure or system-out: summary, why, evidence lines. */
static void
junit_body(FILE *fp, const struct finding *f)
{
	char *line;
	size_t i;

	junit_put(fp, report_finding_severity(f), 0);
	fputs(": ", fp);
	junit_put(fp, f->summary, 0);
	fputc('\n', fp);
	if (f->rank_reason != NULL) {
		fputs(f->cause != NULL ? "" : "why first: ", fp);
		junit_put(fp, f->rank_reason, 0);
		fputc('\n', fp);
	}
	for (i = 0; i < f->nevidence; i++) {
		line = report_evidence_line(&f->evidence[i]);
		junit_put(fp, line, 0);
		fputc('\n', fp);
		free(line);
	}
	if (f->total_evidence > (long)f->nevidence)
		fprintf(fp, "(%ld more evidence not shown)\n",
		    f->total_evidence - (long)f->nevidence);
}

static int
junit_fails(const struct report *r, const struct finding *f)
{
	return f->rule != NULL && f->rule->severity >= r->fail_on;
}

static void
junit_case(FILE *fp, const struct report *r, const struct rule *rule)
{
	const struct finding *found[JUNIT_MAX_FINDINGS];
	size_t n, i, shown;

	fputs("  <testcase classname=\"mgtriage.", fp);
	junit_put(fp, rule->category != NULL ? rule->category : "rules", 1);
	fputs("\" name=\"", fp);
	junit_put(fp, rule->id, 1);
	fputs("\"", fp);
	n = junit_findings_of(r->findings, rule->id, found,
	    JUNIT_MAX_FINDINGS);
	shown = n < JUNIT_MAX_FINDINGS ? n : JUNIT_MAX_FINDINGS;
	if (n == 0) {
		fputs("/>\n", fp);
		return;
	}
	fputs(">\n", fp);
	if (junit_fails(r, found[0])) {
		fputs("    <failure message=\"", fp);
		junit_put(fp, found[0]->summary != NULL ? found[0]->summary :
		    rule->title, 1);
		fputs("\" type=\"", fp);
		junit_put(fp, report_finding_severity(found[0]), 1);
		fputs("\">", fp);
		for (i = 0; i < shown; i++)
			junit_body(fp, found[i]);
		fputs("</failure>\n", fp);
	} else {
		fputs("    <system-out>", fp);
		for (i = 0; i < shown; i++)
			junit_body(fp, found[i]);
		fputs("</system-out>\n", fp);
	}
	fputs("  </testcase>\n", fp);
}

static int
junit_cmp_rule(const void *va, const void *vb)
{
	const struct rule *const *a = va, *const *b = vb;

	return strcmp((*a)->id, (*b)->id);
}

/*
 * The rules to report, sorted by id: the rule set when there is one, else
 * the rules of the findings (each once).  The caller frees the array.
 */
static size_t
junit_rules(const struct report *r, const struct rule ***out)
{
	const struct finding_set *fs = r->findings;
	const struct rule **v;
	size_t i, n = 0;

	if (r->rules != NULL) {
		v = xcalloc(r->rules->nrules, sizeof *v);
		for (i = 0; i < r->rules->nrules; i++)
			if (r->rules->rules[i].id != NULL)
				v[n++] = &r->rules->rules[i];
	} else {
		v = xcalloc(fs != NULL ? fs->nfindings : 0, sizeof *v);
		for (i = 0; fs != NULL && i < fs->nfindings; i++)
			if (fs->findings[i].rule != NULL &&
			    fs->findings[i].rule->id != NULL)
				v[n++] = fs->findings[i].rule;
	}
	if (n > 1)
		qsort(v, n, sizeof *v, junit_cmp_rule);
	if (r->rules == NULL) {
		/* Several findings of one rule: one case. */
		for (i = 1; n > 1 && i < n;) {
			if (strcmp(v[i - 1]->id, v[i]->id) == 0) {
				memmove(&v[i], &v[i + 1],
				    (n - i - 1) * sizeof *v);
				n--;
			} else
				i++;
		}
	}
	*out = v;
	return n;
}

/*
 * One test case for the run itself: it errors when an input was
 * truncated, unreadable or cut by a limit, or a rule could not run, so a
 * partial must-gather never gives a green suite.  The body lists the
 * errors and warnings (the first JUNIT_MAX_PROBLEMS of them).
 */
static void
junit_completeness(FILE *fp, const struct report *r)
{
	const struct report_problem *p;
	char headline[256], *where;
	size_t i, shown = 0;

	fputs("  <testcase classname=\"mgtriage.input\" "
	    "name=\"completeness\"", fp);
	if (!report_incomplete(r, headline, sizeof headline)) {
		fputs("/>\n", fp);
		return;
	}
	fputs(">\n    <error message=\"", fp);
	junit_put(fp, headline, 1);
	fputs("\" type=\"incomplete\">", fp);
	for (i = 0; i < r->nproblems && shown < JUNIT_MAX_PROBLEMS; i++) {
		p = &r->problems[i];
		if (p->severity == PROBLEM_INFO)
			continue;
		where = report_problem_where(p);
		fprintf(fp, "%s [%s] ", problem_severity_name(p->severity),
		    report_problem_code(p));
		junit_put(fp, where, 0);
		fputs(": ", fp);
		junit_put(fp, p->message != NULL ? p->message : "", 0);
		fputc('\n', fp);
		free(where);
		shown++;
	}
	fputs("</error>\n  </testcase>\n", fp);
}

int
report_junit_write(FILE *fp, const struct report *r)
{
	const struct finding *found[1];
	const struct rule **rules;
	long long failures = 0;
	size_t i, nrules;
	char headline[256];

	nrules = junit_rules(r, &rules);
	for (i = 0; i < nrules; i++)
		if (junit_findings_of(r->findings, rules[i]->id, found,
		    1) > 0 && junit_fails(r, found[0]))
			failures++;

	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", fp);
	fprintf(fp, "<testsuite name=\"mgtriage\" tests=\"%zu\" "
	    "failures=\"%lld\" errors=\"%d\" skipped=\"0\"", nrules + 1,
	    failures, report_incomplete(r, headline, sizeof headline));
	if (r->stats.have_seconds)
		fprintf(fp, " time=\"%.3f\"", r->stats.seconds);
	if (r->generated_at != NULL) {
		fputs(" timestamp=\"", fp);
		junit_put(fp, r->generated_at, 1);
		fputc('"', fp);
	}
	fputs(">\n  <properties>\n", fp);
	fprintf(fp, "    <property name=\"schema\" value=\"%s\"/>\n",
	    REPORT_SCHEMA);
	if (r->version != NULL) {
		fputs("    <property name=\"version\" value=\"", fp);
		junit_put(fp, r->version, 1);
		fputs("\"/>\n", fp);
	}
	fprintf(fp, "    <property name=\"fail_on\" value=\"%s\"/>\n",
	    rule_severity_name(r->fail_on));
	for (i = 0; i < r->ninputs; i++) {
		fputs("    <property name=\"input\" value=\"", fp);
		junit_put(fp, r->inputs[i], 1);
		fputs("\"/>\n", fp);
	}
	fputs("  </properties>\n", fp);
	junit_completeness(fp, r);
	for (i = 0; i < nrules; i++)
		junit_case(fp, r, rules[i]);
	fputs("</testsuite>\n", fp);
	free(rules);
	return ferror(fp) ? MGT_ERR_IO : MGT_OK;
}
