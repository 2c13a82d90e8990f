/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The JUnit XML report for CI: one test case per rule evaluated.  A rule
 * that fired at or above fail_on is a failure carrying its evidence; one
 * that fired below it passes with the finding in system-out.  Text goes
 * through report_xml_put() (report-xml.c).  The cluster block is a
 * "cluster" property per sentence and the suite's own system-out.
 */
#include "config.h"

#include <stdio.h>

#include "error.h"
#include "report-model.h"

/* The body of a failure or system-out: summary, why, evidence lines. */
static void
junit_body(FILE *fp, const struct report_cause *f)
{
	size_t i;

	report_xml_put(fp, f->severity_name, 0);
	fputs(": ", fp);
	report_xml_put(fp, f->summary, 0);
	fputc('\n', fp);
	if (f->state != FINDING_CURRENT && f->state_reason != NULL) {
		fputs(f->state_name, fp);
		fputs(" (does not fail the run): ", fp);
		report_xml_put(fp, f->state_reason, 0);
		fputc('\n', fp);
	}
	if (f->rank_reason != NULL) {
		fputs(f->cause != NULL ? "" : "why first: ", fp);
		report_xml_put(fp, f->rank_reason, 0);
		fputc('\n', fp);
	}
	for (i = 0; i < f->nevidence; i++) {
		report_xml_put(fp, f->evidence[i].line, 0);
		fputc('\n', fp);
	}
	if (f->total_evidence > (long)f->nevidence)
		fprintf(fp, "(%ld more evidence not shown)\n",
		    f->total_evidence - (long)f->nevidence);
}

static void
junit_case(FILE *fp, const struct report_check *k)
{
	const struct report_cause *first;
	size_t i, shown;

	fputs("  <testcase classname=\"mgtriage.", fp);
	report_xml_put(fp, k->category != NULL ? k->category : "rules", 1);
	fputs("\" name=\"", fp);
	report_xml_put(fp, k->id, 1);
	fputs("\"", fp);
	if (k->nfound == 0) {
		fputs("/>\n", fp);
		return;
	}
	shown = k->nfound < REPORT_CHECK_FINDINGS ? k->nfound :
	    REPORT_CHECK_FINDINGS;
	fputs(">\n", fp);
	if (k->fails) {
		/* The message is the first finding that holds now. */
		for (first = k->found[0], i = 0; i < shown; i++)
			if (k->found[i]->state == FINDING_CURRENT) {
				first = k->found[i];
				break;
			}
		fputs("    <failure message=\"", fp);
		report_xml_put(fp, first->summary != NULL ? first->summary :
		    k->title, 1);
		fputs("\" type=\"", fp);
		report_xml_put(fp, first->severity_name, 1);
		fputs("\">", fp);
		for (i = 0; i < shown; i++)
			junit_body(fp, k->found[i]);
		fputs("</failure>\n", fp);
	} else {
		fputs("    <system-out>", fp);
		for (i = 0; i < shown; i++)
			junit_body(fp, k->found[i]);
		fputs("</system-out>\n", fp);
	}
	fputs("  </testcase>\n", fp);
}

/*
 * One test case for the run itself: it errors when an input was
 * truncated, unreadable or cut by a limit, or a rule could not run, so a
 * partial must-gather never gives a green suite.  The body lists the
 * errors and warnings (the first REPORT_ALERTS_MAX of them).
 */
static void
junit_completeness(FILE *fp, const struct report_model *m)
{
	const struct report_issue *p;
	size_t i;

	fputs("  <testcase classname=\"mgtriage.input\" "
	    "name=\"completeness\"", fp);
	if (m->complete) {
		fputs("/>\n", fp);
		return;
	}
	fputs(">\n    <error message=\"", fp);
	report_xml_put(fp, m->headline, 1);
	fputs("\" type=\"incomplete\">", fp);
	for (i = 0; i < m->nalerts; i++) {
		p = m->alerts[i];
		fprintf(fp, "%s [%s] ", p->severity_name, p->code);
		report_xml_put(fp, p->where, 0);
		fputs(": ", fp);
		report_xml_put(fp, p->message, 0);
		fputc('\n', fp);
	}
	fputs("</error>\n  </testcase>\n", fp);
}

int
report_junit_write(FILE *fp, const struct report_model *m)
{
	size_t i;

	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", fp);
	fprintf(fp, "<testsuite name=\"mgtriage\" tests=\"%zu\" "
	    "failures=\"%lld\" errors=\"%d\" skipped=\"0\"", m->nchecks + 1,
	    m->nfailures, !m->complete);
	if (m->stats->have_seconds)
		fprintf(fp, " time=\"%.3f\"", m->stats->seconds);
	if (m->generated_at != NULL) {
		fputs(" timestamp=\"", fp);
		report_xml_put(fp, m->generated_at, 1);
		fputc('"', fp);
	}
	fputs(">\n  <properties>\n", fp);
	fprintf(fp, "    <property name=\"schema\" value=\"%s\"/>\n",
	    REPORT_SCHEMA);
	if (m->version != NULL) {
		fputs("    <property name=\"version\" value=\"", fp);
		report_xml_put(fp, m->version, 1);
		fputs("\"/>\n", fp);
	}
	fprintf(fp, "    <property name=\"fail_on\" value=\"%s\"/>\n",
	    rule_severity_name(m->fail_on));
	for (i = 0; i < m->ninputs; i++) {
		fputs("    <property name=\"input\" value=\"", fp);
		report_xml_put(fp, m->inputs[i], 1);
		fputs("\"/>\n", fp);
	}
	/* The case at a glance, a property per sentence, as first in every
	 * format; and once more as the suite's system-out, which CI shows. */
	for (i = 0; i < m->ncluster; i++) {
		fputs("    <property name=\"cluster\" value=\"", fp);
		report_xml_put(fp, m->cluster[i], 1);
		fputs("\"/>\n", fp);
	}
	fputs("  </properties>\n", fp);
	junit_completeness(fp, m);
	for (i = 0; i < m->nchecks; i++)
		junit_case(fp, &m->checks[i]);
	if (m->ncluster > 0) {
		fputs("  <system-out>", fp);
		for (i = 0; i < m->ncluster; i++) {
			report_xml_put(fp, m->cluster[i], 0);
			fputc('\n', fp);
		}
		fputs("</system-out>\n", fp);
	}
	fputs("</testsuite>\n", fp);
	return ferror(fp) ? MGT_ERR_IO : MGT_OK;
}
