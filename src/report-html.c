/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The HTML report: one self-contained file (inline CSS, no script, nothing
 * fetched; a Content-Security-Policy says so to the browser too).  Every
 * string from the input goes through html_put(), which leaves markup,
 * control characters, line separators and bidi overrides inert.
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

#define HTML_TEXT_MAX	4096	/* bytes of one inline string shown */
#define HTML_BLOCK_MAX	65536	/* bytes of one <pre> block (remedy) */

static const char html_style[] =
"body{font:15px/1.45 system-ui,-apple-system,\"Segoe UI\",sans-serif;"
"margin:0 auto;max-width:72rem;padding:1rem 2rem;color:#1d2329;"
"background:#fff;overflow-wrap:break-word}\n"
"h1{font-size:1.6rem;margin:.5rem 0}\n"
"h2{font-size:1.3rem;border-bottom:1px solid #d0d7de;padding-bottom:.2rem;"
"margin-top:2rem}\n"
"h3{font-size:1.1rem;margin:.2rem 0 .6rem}\n"
"h4{font-size:.95rem;margin:1rem 0 .3rem}\n"
"code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"
"monospace;font-size:.85rem}\n"
"pre{background:#f6f8fa;border:1px solid #d0d7de;border-radius:6px;"
"padding:.6rem .8rem;white-space:pre-wrap;overflow-wrap:anywhere}\n"
"table{border-collapse:collapse;width:100%;margin:.5rem 0}\n"
"th,td{border:1px solid #d0d7de;padding:.3rem .5rem;text-align:left;"
"vertical-align:top}\n"
"th{background:#f6f8fa;white-space:nowrap}\n"
/*
 * Paths and messages: they break first after the separators html_put()
 * marks with <wbr>, and anywhere only where a piece is still too long,
 * which also lets a table column holding them narrow.  Badges, severities,
 * counts, times, ranks and ids never break.
 */
".wrap,ul.evidence li,ul.refs li,dl.meta dd{overflow-wrap:anywhere}\n"
".badge,.sev,.num,.ts,.rank,.id{white-space:nowrap}\n"
".component{overflow-wrap:anywhere;color:#57606a}\n"
"td.num{text-align:right}\n"
/* The timeline: small type; a time on one line where there is room. */
"#timeline table{font-size:.85rem}\n"
"#timeline td.nodes{min-width:8em}\n"
"td.when .ts{display:inline-block}\n"
"@media (min-width:70em){td.when{white-space:nowrap}}\n"
"dl.meta{display:grid;grid-template-columns:max-content auto;"
"gap:.2rem 1rem;margin:.5rem 0}\n"
"dl.meta dt{font-weight:600}\n"
"dl.meta dd{margin:0;min-width:0}\n"
".badge{display:inline-block;border-radius:4px;padding:0 .45rem;"
"font-size:.75rem;font-weight:700;text-transform:uppercase;"
"letter-spacing:.03em;color:#fff;vertical-align:middle}\n"
".sev-critical .badge,.badge.sev-critical{background:#a40e26}\n"
".badge.sev-high{background:#d1242f}\n"
".badge.sev-medium{background:#bf8700;color:#1d2329}\n"
".badge.sev-low{background:#0969da}\n"
".badge.sev-info{background:#6e7781}\n"
"article.cause{border:1px solid #d0d7de;border-left:6px solid #6e7781;"
"border-radius:6px;padding:.8rem 1rem;margin:1rem 0}\n"
"article.sev-critical{border-left-color:#a40e26}\n"
"article.sev-high{border-left-color:#d1242f}\n"
"article.sev-medium{border-left-color:#bf8700}\n"
"article.sev-low{border-left-color:#0969da}\n"
"h3 .rank{font-weight:700;margin-right:.3rem}\n"
".why{color:#57606a}\n"
"ul.evidence{list-style:none;padding-left:0;margin:.3rem 0}\n"
"ul.evidence li{margin:.15rem 0}\n"
"ul.tree{list-style:none;padding-left:1.2rem;border-left:2px solid "
"#d0d7de;margin:.3rem 0}\n"
"ul.tree>li{margin:.4rem 0}\n"
"details>summary{cursor:pointer;color:#0969da}\n"
".esc{color:#a40e26;background:#fff0f0;border-radius:2px}\n"
"footer{margin-top:2rem;color:#57606a;font-size:.8rem}\n"
"p.incomplete{background:#fff0f0;border:1px solid #a40e26;color:#a40e26;"
"padding:.5rem .8rem;border-radius:4px}\n";

/* Text that may be long: a path, a message, a summary. */
static void
html_put(FILE *fp, const char *s)
{
	report_xml_put_cut(fp, s, HTML_TEXT_MAX, REPORT_XML_HTML |
	    REPORT_XML_BREAKS);
}

/* An id, a code, a name: never given a break. */
static void
html_put_id(FILE *fp, const char *s)
{
	report_xml_put_cut(fp, s, HTML_TEXT_MAX, REPORT_XML_HTML);
}

/*
 * A time from report_format_ts(): date and time, each unbroken, may go
 * on two lines, after the T (two inline blocks: a break between them,
 * unlike a <wbr>, obeys the cell's white-space).
 */
static void
html_ts(FILE *fp, int64_t us)
{
	char buf[64], *t;

	report_format_ts(us, buf, sizeof buf);
	if ((t = strchr(buf, 'T')) == NULL) {
		fprintf(fp, "<span class=\"ts\">%s</span>", buf);
		return;
	}
	fprintf(fp, "<span class=\"ts\">%.*s</span><span class=\"ts\">%s"
	    "</span>", (int)(t - buf + 1), buf, t + 1);
}

static void
html_badge(FILE *fp, const struct report_cause *f)
{
	fprintf(fp, "<span class=\"badge sev-%s\">%s</span>",
	    f->severity_name, f->severity_name);
}

static void
html_evidence(FILE *fp, const struct report_cause *f, int open)
{
	size_t i;

	if (f->nevidence == 0)
		return;
	fprintf(fp, "<details%s><summary>Evidence (%zu of %ld)</summary>\n"
	    "<ul class=\"evidence\">\n", open ? " open" : "", f->nevidence,
	    f->total_evidence);
	for (i = 0; i < f->nevidence; i++) {
		fputs("<li><code>", fp);
		html_put(fp, f->evidence[i].line);
		fputs("</code></li>\n", fp);
	}
	fputs("</ul></details>\n", fp);
}

/* The rule id (never broken) and the component it is about (broken
 * anywhere: a pod's component can be long). */
static void
html_name(FILE *fp, const struct report_cause *f)
{
	fputs("<code class=\"id\">", fp);
	html_put_id(fp, f->id != NULL ? f->id : f->name);
	fputs("</code>", fp);
	if (f->component != NULL) {
		fputs(" <span class=\"component\">(", fp);
		html_put(fp, f->component);
		fputs(")</span>", fp);
	}
}

static void
html_symptoms(FILE *fp, const struct report_cause *f)
{
	const struct report_cause *s;
	size_t i;

	fputs("<ul class=\"tree\">\n", fp);
	for (i = 0; i < f->nsymptoms; i++) {
		s = f->symptoms[i];
		fputs("<li>", fp);
		html_badge(fp, s);
		fputc(' ', fp);
		html_name(fp, s);
		fputc(' ', fp);
		html_put(fp, s->label);
		if (s->rank_reason != NULL) {
			fputs("<div class=\"why\">", fp);
			html_put(fp, s->rank_reason);
			fputs("</div>", fp);
		}
		fputc('\n', fp);
		html_evidence(fp, s, 0);
		if (s->more != NULL)
			fprintf(fp, "<p>%s</p>\n", s->more);
		else if (s->nsymptoms > 0)
			html_symptoms(fp, s);
		fputs("</li>\n", fp);
	}
	fputs("</ul>\n", fp);
}

/*
 * A reference from a rule file: a link only for a plain http(s) URL, and
 * one that sends no referrer; anything else is text.
 */
static void
html_reference(FILE *fp, const char *ref)
{
	const char *p;
	int url;

	url = strncmp(ref, "https://", 8) == 0 ||
	    strncmp(ref, "http://", 7) == 0;
	for (p = ref; url && *p != '\0'; p++)
		if ((unsigned char)*p <= 0x20 || (unsigned char)*p >= 0x7f ||
		    strchr("\"'<>`\\", *p) != NULL)
			url = 0;
	if (!url) {
		html_put(fp, ref);
		return;
	}
	fputs("<a href=\"", fp);
	html_put_id(fp, ref);
	fputs("\" rel=\"noreferrer noopener\">", fp);
	html_put(fp, ref);
	fputs("</a>", fp);
}

static void
html_root(FILE *fp, const struct report_cause *f)
{
	size_t i;

	fprintf(fp, "<article class=\"cause sev-%s\" id=\"cause-%d\">\n<h3>"
	    "<span class=\"rank\">%d.</span> ", f->severity_name, f->rank,
	    f->rank);
	html_badge(fp, f);
	fputc(' ', fp);
	html_name(fp, f);
	if (f->title != NULL) {
		fputc(' ', fp);
		html_put(fp, f->title);
	}
	fputs("</h3>\n", fp);
	if (f->summary != NULL) {
		fputs("<p class=\"summary\">", fp);
		html_put(fp, f->summary);
		fputs("</p>\n", fp);
	}
	if (f->rank_reason != NULL) {
		fputs("<p class=\"why\"><strong>Why first:</strong> ", fp);
		html_put(fp, f->rank_reason);
		fputs("</p>\n", fp);
	}
	html_evidence(fp, f, 1);
	if (f->nsymptoms > 0) {
		fputs("<h4>Symptoms</h4>\n", fp);
		html_symptoms(fp, f);
	}
	if (f->nremedy_lines > 0) {
		fputs("<h4>Remedy</h4>\n<pre class=\"remedy\">", fp);
		report_xml_put_cut(fp, f->remedy, HTML_BLOCK_MAX,
		    REPORT_XML_HTML | REPORT_XML_LINES);
		fputs("</pre>\n", fp);
	}
	if (f->nreferences > 0) {
		fputs("<h4>References</h4>\n<ul class=\"refs\">\n", fp);
		for (i = 0; i < f->nreferences; i++) {
			fputs("<li>", fp);
			html_reference(fp, f->references[i]);
			fputs("</li>\n", fp);
		}
		fputs("</ul>\n", fp);
	}
	fputs("</article>\n", fp);
}

static void
html_summary_rows(FILE *fp, const struct report_cause *f)
{
	size_t i;

	fprintf(fp, "<tr><td class=\"rank\">%s</td><td>", f->number);
	html_badge(fp, f);
	fputs("</td><td>", fp);
	html_name(fp, f);
	fputs("</td><td class=\"wrap\">", fp);
	html_put(fp, f->label);
	fputs("</td></tr>\n", fp);
	if (f->more != NULL)
		return;
	for (i = 0; i < f->nsymptoms; i++)
		html_summary_rows(fp, f->symptoms[i]);
}

/* Findings that do not hold now: a table with why and first evidence. */
static void
html_apart(FILE *fp, const char *id, const char *heading, const char *why,
    struct report_cause *const *v, size_t n)
{
	const struct report_cause *f;
	size_t i;

	if (n == 0)
		return;
	fprintf(fp, "<section id=\"%s\">\n<h2>%s (%zu)</h2>\n<table>\n"
	    "<thead><tr><th>Severity</th><th>Rule</th><th>Summary</th>"
	    "<th>%s</th><th>Evidence</th></tr></thead>\n<tbody>\n", id,
	    heading, n, why);
	for (i = 0; i < n; i++) {
		f = v[i];
		fputs("<tr><td>", fp);
		html_badge(fp, f);
		fputs("</td><td>", fp);
		html_name(fp, f);
		fputs("</td><td class=\"wrap\">", fp);
		html_put(fp, f->label);
		fputs("</td><td class=\"wrap\">", fp);
		html_put(fp, f->state_reason != NULL ? f->state_reason : "");
		fputs("</td><td class=\"wrap\"><code>", fp);
		if (f->nevidence > 0)
			html_put(fp, f->evidence[0].line);
		fputs("</code></td></tr>\n", fp);
	}
	fputs("</tbody>\n</table>\n</section>\n", fp);
}

static void
html_timeline(FILE *fp, const struct report_model *m)
{
	const struct report_event *ev;
	size_t i;

	fputs("<section id=\"timeline\">\n<h2>Timeline</h2>\n<table>\n"
	    "<thead><tr><th>First</th><th>Last</th><th>Count</th>"
	    "<th>What</th><th>Where</th><th>Nodes</th></tr></thead>\n"
	    "<tbody>\n", fp);
	for (i = 0; i < m->ntimeline; i++) {
		ev = &m->timeline[i];
		fputs("<tr><td class=\"when\">", fp);
		html_ts(fp, ev->first_ts);
		fputs("</td><td class=\"when\">", fp);
		html_ts(fp, ev->last_ts);
		fprintf(fp, "</td><td class=\"num\">%ld</td><td class=\"wrap\">",
		    ev->count);
		html_put(fp, ev->what);
		fputs("</td><td class=\"wrap\"><code>", fp);
		html_put(fp, ev->where);
		fputs("</code></td><td class=\"wrap nodes\">", fp);
		report_xml_put_cut(fp, ev->nodes, HTML_TEXT_MAX,
		    REPORT_XML_HTML | REPORT_XML_LIST);
		fputs("</td></tr>\n", fp);
	}
	fputs("</tbody>\n</table>\n</section>\n", fp);
}

static void
html_completeness(FILE *fp, const struct report_model *m)
{
	const struct report_issue_group *g;
	const struct report_issue *p;
	size_t i, k;

	fprintf(fp, "<section id=\"completeness\">\n<h2>Completeness</h2>\n"
	    "<p>%s.</p>\n", m->problems_sentence);
	if (m->problems_total > 0)
		fputs("<table>\n<thead><tr><th>Code</th><th>Severity"
		    "</th><th>Count</th><th>Examples</th></tr></thead>\n"
		    "<tbody>\n", fp);
	for (k = 0; k < m->ngroups; k++) {
		g = &m->groups[k];
		fputs("<tr><td><code class=\"id\">", fp);
		html_put_id(fp, g->code);
		fprintf(fp, "</code></td><td class=\"sev\">%s</td>"
		    "<td class=\"num\">%ld</td><td class=\"wrap\">"
		    "<ul class=\"evidence\">", g->severity_name, g->count);
		for (i = 0; i < g->nexamples; i++) {
			p = g->examples[i];
			fputs("<li><code>", fp);
			html_put(fp, p->where);
			fputs("</code>: ", fp);
			html_put(fp, p->message);
			fputs("</li>", fp);
		}
		fputs("</ul></td></tr>\n", fp);
	}
	if (m->problems_total > 0)
		fputs("</tbody>\n</table>\n", fp);
	fprintf(fp, "<p class=\"stats\">Read %s.</p>\n</section>\n",
	    m->stats_sentence);
}

int
report_html_write(FILE *fp, const struct report_model *m)
{
	size_t i;

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n"
	    "<meta http-equiv=\"Content-Security-Policy\" content=\""
	    "default-src 'none'; style-src 'unsafe-inline'; "
	    "base-uri 'none'; form-action 'none'\">\n"
	    "<meta name=\"referrer\" content=\"no-referrer\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, "
	    "initial-scale=1\">\n<title>mgtriage report</title>\n<style>\n",
	    fp);
	fputs(html_style, fp);
	fputs("</style>\n</head>\n<body>\n<header>\n<h1>mgtriage report</h1>\n"
	    "<dl class=\"meta\">\n<dt>Tool</dt><dd>mgtriage", fp);
	if (m->version != NULL) {
		fputc(' ', fp);
		html_put(fp, m->version);
	}
	fputs("</dd>\n", fp);
	if (m->generated_at != NULL) {
		fputs("<dt>Generated</dt><dd>", fp);
		html_put(fp, m->generated_at);
		fputs("</dd>\n", fp);
	}
	fputs("<dt>Inputs</dt><dd>", fp);
	for (i = 0; i < m->ninputs; i++) {
		fputs(i > 0 ? ", <code>" : "<code>", fp);
		html_put(fp, util_input_name(m->inputs[i]));
		fputs("</code>", fp);
	}
	fprintf(fp, "</dd>\n<dt>Rules evaluated</dt><dd>%lld</dd>\n"
	    "<dt>Findings</dt><dd>%s</dd>\n</dl>\n</header>\n<main>\n",
	    m->nrules, m->findings_sentence);
	if (m->headline != NULL) {
		fputs("<p class=\"incomplete\" role=\"alert\"><strong>", fp);
		html_put(fp, m->headline);
		fputs("</strong></p>\n", fp);
	}
	if (m->ncluster > 0) {
		fputs("<section id=\"cluster\">\n<h2>Cluster</h2>\n<ul>\n",
		    fp);
		for (i = 0; i < m->ncluster; i++) {
			fputs("<li>", fp);
			html_put(fp, m->cluster[i]);
			fputs("</li>\n", fp);
		}
		fputs("</ul>\n</section>\n", fp);
	}

	fputs("<section id=\"summary\">\n<h2>Summary</h2>\n", fp);
	if (m->ncauses == 0)
		fprintf(fp, "<p>%s.</p>\n", m->no_cause);
	else {
		fputs("<table>\n<thead><tr><th>Rank</th><th>Severity</th>"
		    "<th>Rule</th><th>Summary</th></tr></thead>\n<tbody>\n",
		    fp);
		for (i = 0; i < m->ncauses; i++)
			html_summary_rows(fp, m->causes[i]);
		fputs("</tbody>\n</table>\n", fp);
	}
	fputs("</section>\n", fp);
	if (m->ncauses > 0) {
		fputs("<section id=\"causes\">\n<h2>Root causes</h2>\n", fp);
		for (i = 0; i < m->ncauses; i++)
			html_root(fp, m->causes[i]);
		fputs("</section>\n", fp);
	}
	html_apart(fp, "resolved", "Resolved before the gather",
	    "Not current", m->history, m->nhistory);
	html_apart(fp, "suppressed", "Suppressed", "Known-benign",
	    m->suppressed, m->nsuppressed);
	if (m->ntimeline > 0)
		html_timeline(fp, m);
	html_completeness(fp, m);
	fprintf(fp, "</main>\n<footer>%s</footer>\n</body>\n</html>\n",
	    REPORT_SCHEMA);
	return ferror(fp) ? MGT_ERR_IO : MGT_OK;
}
