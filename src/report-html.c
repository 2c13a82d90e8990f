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
#include "report.h"
#include "xmalloc.h"

#define HTML_TEXT_MAX	4096	/* bytes of one inline string shown */
#define HTML_BLOCK_MAX	65536	/* bytes of one <pre> block (remedy) */
#define HTML_MAX_DEPTH	32	/* deeper symptoms are counted, not drawn */
#define HTML_ELLIPSIS	"\xe2\x80\xa6"

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

#define HTML_LINES	0x1	/* keep newline and tab (a <pre> block) */
#define HTML_BREAKS	0x2	/* <wbr> after separators in long words */
#define HTML_LIST	0x4	/* <wbr> after the commas of a long list */
#define HTML_WORD_LONG	32	/* bytes: a word this long gets <wbr>s */

/* Bytes from s up to the next white space or n. */
static size_t
html_word_len(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n && strchr(" \t\n\r", s[i]) == NULL; i++)
		continue;
	return i;
}

/*
 * Whether a long word may break between s[i - 1] and s[i]: after a
 * separator that the next byte does not repeat ("//"), and after a dot
 * only before a letter, so numbers, times and versions stay whole.  A
 * hyphen needs no mark: browsers break after one already.
 */
static int
html_break_before(const char *s, size_t i, const char *seps)
{
	char a, b;

	if (i == 0)
		return 0;
	a = s[i - 1];
	b = s[i];
	if (strchr(seps, a) == NULL || strchr(seps, b) != NULL)
		return 0;
	return a != '.' || !(b >= '0' && b <= '9');
}

/*
 * Write s as HTML text, cut to max bytes.  Escaped: & < > " ' as
 * entities; C0 controls, DEL and invalid bytes as a visible \xNN (except
 * newline and tab with HTML_LINES); C1 controls and bidi overrides as a
 * visible \uNNNN; U+2028 and U+2029 as numeric references.  With
 * HTML_BREAKS a word (no white space) of HTML_WORD_LONG bytes or more,
 * such as a path, gets a <wbr> after each / . _ , = inside it (see
 * html_break_before()), so a browser wraps it there before it breaks it
 * anywhere else; with HTML_LIST, after each comma of any list.
 */
static void
html_put_cut(FILE *fp, const char *s, size_t max, int flags)
{
	size_t n, i = 0, l;
	uint32_t cp;
	const char *seps;
	int inword = 0, longword = 0;

	if (s == NULL)
		return;
	seps = (flags & HTML_BREAKS) ? "/._,=" : (flags & HTML_LIST) ? "," :
	    NULL;
	n = report_cut(s, max);
	while (i < n) {
		if (seps != NULL && !inword) {
			longword = (flags & HTML_LIST) ||
			    html_word_len(s + i, n - i) >= HTML_WORD_LONG;
			inword = 1;
		}
		if (strchr(" \t\n\r", s[i]) != NULL)
			inword = 0;
		else if (longword && html_break_before(s, i, seps))
			fputs("<wbr>", fp);
		l = utf8_decode(s + i, n - i, &cp);
		if (l == 0) {
			fprintf(fp, "<span class=\"esc\">\\x%02x</span>",
			    (unsigned char)s[i]);
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
			fputs("&#39;", fp);
			continue;
		case 0x2028:
		case 0x2029:
			fprintf(fp, "&#x%x;", (unsigned int)cp);
			continue;
		}
		if ((flags & HTML_LINES) && (cp == '\n' || cp == '\t'))
			fputc((int)cp, fp);
		else if (cp < 0x20 || cp == 0x7f)
			fprintf(fp, "<span class=\"esc\">\\x%02x</span>",
			    (unsigned int)cp);
		else if ((cp >= 0x80 && cp <= 0x9f) ||
		    (cp >= 0x202a && cp <= 0x202e) ||
		    (cp >= 0x2066 && cp <= 0x2069))
			fprintf(fp, "<span class=\"esc\">\\u%04x</span>",
			    (unsigned int)cp);
		else
			fwrite(s + i - l, 1, l, fp);
	}
	if (s[n] != '\0')
		fputs(HTML_ELLIPSIS, fp);
}

/* Text that may be long: a path, a message, a summary. */
static void
html_put(FILE *fp, const char *s)
{
	html_put_cut(fp, s, HTML_TEXT_MAX, HTML_BREAKS);
}

/* An id, a code, a name: never given a break. */
static void
html_put_id(FILE *fp, const char *s)
{
	html_put_cut(fp, s, HTML_TEXT_MAX, 0);
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

static const char *
html_sev(const struct finding *f)
{
	return report_finding_severity(f);
}

static void
html_badge(FILE *fp, const struct finding *f)
{
	fprintf(fp, "<span class=\"badge sev-%s\">%s</span>", html_sev(f),
	    html_sev(f));
}

static const char *
html_id(const struct finding *f)
{
	return f->rule != NULL && f->rule->id != NULL ? f->rule->id : "?";
}

static const char *
html_summary(const struct finding *f)
{
	if (f->summary != NULL)
		return f->summary;
	if (f->rule != NULL && f->rule->title != NULL)
		return f->rule->title;
	return "";
}

static void
html_evidence(FILE *fp, const struct finding *f, int open)
{
	char *line;
	size_t i;

	if (f->nevidence == 0)
		return;
	fprintf(fp, "<details%s><summary>Evidence (%zu of %ld)</summary>\n"
	    "<ul class=\"evidence\">\n", open ? " open" : "", f->nevidence,
	    f->total_evidence > (long)f->nevidence ? f->total_evidence :
	    (long)f->nevidence);
	for (i = 0; i < f->nevidence; i++) {
		line = report_evidence_line(&f->evidence[i]);
		fputs("<li><code>", fp);
		html_put(fp, line);
		fputs("</code></li>\n", fp);
		free(line);
	}
	fputs("</ul></details>\n", fp);
}

static void
html_symptoms(FILE *fp, const struct finding *f, int depth)
{
	const struct finding *s;
	size_t i;

	fputs("<ul class=\"tree\">\n", fp);
	for (i = 0; i < f->nsymptoms; i++) {
		s = f->symptoms[i];
		fputs("<li>", fp);
		html_badge(fp, s);
		fputs(" <code class=\"id\">", fp);
		html_put_id(fp, html_id(s));
		fputs("</code> ", fp);
		html_put(fp, html_summary(s));
		if (s->rank_reason != NULL) {
			fputs("<div class=\"why\">", fp);
			html_put(fp, s->rank_reason);
			fputs("</div>", fp);
		}
		fputc('\n', fp);
		html_evidence(fp, s, 0);
		if (s->nsymptoms > 0 && depth + 1 >= HTML_MAX_DEPTH)
			fputs("<p>(more symptoms below this depth)</p>\n", fp);
		else if (s->nsymptoms > 0)
			html_symptoms(fp, s, depth + 1);
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
html_root(FILE *fp, const struct finding *f)
{
	const struct rule *rule = f->rule;
	size_t i;

	fprintf(fp, "<article class=\"cause sev-%s\" id=\"cause-%d\">\n<h3>"
	    "<span class=\"rank\">%d.</span> ", html_sev(f), f->rank, f->rank);
	html_badge(fp, f);
	fputs(" <code class=\"id\">", fp);
	html_put_id(fp, html_id(f));
	fputs("</code>", fp);
	if (rule != NULL && rule->title != NULL) {
		fputc(' ', fp);
		html_put(fp, rule->title);
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
		html_symptoms(fp, f, 0);
	}
	if (rule != NULL && rule->remedy != NULL && rule->remedy[0] != '\0') {
		fputs("<h4>Remedy</h4>\n<pre class=\"remedy\">", fp);
		html_put_cut(fp, rule->remedy, HTML_BLOCK_MAX, HTML_LINES);
		fputs("</pre>\n", fp);
	}
	if (rule != NULL && rule->nreferences > 0) {
		fputs("<h4>References</h4>\n<ul class=\"refs\">\n", fp);
		for (i = 0; i < rule->nreferences; i++) {
			fputs("<li>", fp);
			html_reference(fp, rule->references[i]);
			fputs("</li>\n", fp);
		}
		fputs("</ul>\n", fp);
	}
	fputs("</article>\n", fp);
}

static void
html_summary_rows(FILE *fp, const struct finding *f, const char *num,
    int depth)
{
	char *sub;
	size_t i;

	fprintf(fp, "<tr><td class=\"rank\">%s</td><td>", num);
	html_badge(fp, f);
	fputs("</td><td><code class=\"id\">", fp);
	html_put_id(fp, html_id(f));
	fputs("</code></td><td class=\"wrap\">", fp);
	html_put(fp, html_summary(f));
	fputs("</td></tr>\n", fp);
	if (depth + 1 >= HTML_MAX_DEPTH)
		return;
	for (i = 0; i < f->nsymptoms; i++) {
		xasprintf(&sub, "%s.%zu", num, i + 1);
		html_summary_rows(fp, f->symptoms[i], sub, depth + 1);
		free(sub);
	}
}

static void
html_timeline(FILE *fp, const struct report *r)
{
	const struct report_event *ev;
	size_t i;

	fputs("<section id=\"timeline\">\n<h2>Timeline</h2>\n<table>\n"
	    "<thead><tr><th>First</th><th>Last</th><th>Count</th>"
	    "<th>What</th><th>Where</th><th>Nodes</th></tr></thead>\n"
	    "<tbody>\n", fp);
	for (i = 0; i < r->ntimeline; i++) {
		ev = &r->timeline[i];
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
		html_put_cut(fp, ev->nodes, HTML_TEXT_MAX, HTML_LIST);
		fputs("</td></tr>\n", fp);
	}
	fputs("</tbody>\n</table>\n</section>\n", fp);
}

static void
html_completeness(FILE *fp, const struct report *r)
{
	const struct report_problem *p;
	const struct report_stats *st = &r->stats;
	struct report_group *g;
	size_t ng, i, k, shown;
	long long total;
	char *where, sentence[160];

	fputs("<section id=\"completeness\">\n<h2>Completeness</h2>\n", fp);
	total = report_problems_total(r);
	if (total == 0)
		fputs("<p>No input problems: nothing was skipped, left "
		    "unparsed or cut by a limit.</p>\n", fp);
	else {
		report_problems_sentence(r, sentence, sizeof sentence);
		fprintf(fp, "<p>%s.</p>\n<table>\n<thead><tr><th>Code</th><th>Severity"
		    "</th><th>Count</th><th>Examples</th></tr></thead>\n"
		    "<tbody>\n", sentence);
	}
	ng = report_group_problems(r, &g);
	for (k = 0; k < ng; k++) {
		fputs("<tr><td><code class=\"id\">", fp);
		html_put_id(fp, g[k].code);
		fprintf(fp, "</code></td><td class=\"sev\">%s</td>"
		    "<td class=\"num\">%ld</td><td class=\"wrap\">"
		    "<ul class=\"evidence\">",
		    problem_severity_name(g[k].severity), g[k].count);
		for (i = g[k].first, shown = 0; i < r->nproblems &&
		    shown < REPORT_EXAMPLES; i++) {
			p = &r->problems[i];
			if (strcmp(report_problem_code(p), g[k].code) != 0)
				continue;
			where = report_problem_where(p);
			fputs("<li><code>", fp);
			html_put(fp, where);
			fputs("</code>: ", fp);
			html_put(fp, p->message);
			fputs("</li>", fp);
			free(where);
			shown++;
		}
		fputs("</ul></td></tr>\n", fp);
	}
	if (total > 0)
		fputs("</tbody>\n</table>\n", fp);
	free(g);
	fprintf(fp, "<p class=\"stats\">Read %lld sources, %lld log lines, "
	    "%lld resources, %lld bytes; %lld rules evaluated", st->sources,
	    st->lines, st->resources, st->bytes, report_nrules(r));
	if (st->have_seconds)
		fprintf(fp, " in %.2f s", st->seconds);
	fputs(".</p>\n</section>\n", fp);
}

int
report_html_write(FILE *fp, const struct report *r)
{
	const struct finding_set *fs = r->findings;
	size_t i, nroots;
	char num[32], headline[256];

	nroots = fs != NULL ? fs->nroots : 0;
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
	if (r->version != NULL) {
		fputc(' ', fp);
		html_put(fp, r->version);
	}
	fputs("</dd>\n", fp);
	if (r->generated_at != NULL) {
		fputs("<dt>Generated</dt><dd>", fp);
		html_put(fp, r->generated_at);
		fputs("</dd>\n", fp);
	}
	fputs("<dt>Inputs</dt><dd>", fp);
	for (i = 0; i < r->ninputs; i++) {
		fputs(i > 0 ? ", <code>" : "<code>", fp);
		html_put(fp, r->inputs[i]);
		fputs("</code>", fp);
	}
	fprintf(fp, "</dd>\n<dt>Rules evaluated</dt><dd>%lld</dd>\n"
	    "<dt>Findings</dt><dd>%zu (%zu root cause%s)</dd>\n</dl>\n"
	    "</header>\n<main>\n", report_nrules(r),
	    fs != NULL ? fs->nfindings : 0, nroots, nroots == 1 ? "" : "s");
	if (report_incomplete(r, headline, sizeof headline)) {
		fputs("<p class=\"incomplete\" role=\"alert\"><strong>", fp);
		html_put(fp, headline);
		fputs("</strong></p>\n", fp);
	}

	fputs("<section id=\"summary\">\n<h2>Summary</h2>\n", fp);
	if (nroots == 0)
		fprintf(fp, "<p>No root cause found by %lld rules.</p>\n",
		    report_nrules(r));
	else {
		fputs("<table>\n<thead><tr><th>Rank</th><th>Severity</th>"
		    "<th>Rule</th><th>Summary</th></tr></thead>\n<tbody>\n",
		    fp);
		for (i = 0; i < nroots; i++) {
			snprintf(num, sizeof num, "%d", fs->roots[i]->rank);
			html_summary_rows(fp, fs->roots[i], num, 0);
		}
		fputs("</tbody>\n</table>\n", fp);
	}
	fputs("</section>\n", fp);
	if (nroots > 0) {
		fputs("<section id=\"causes\">\n<h2>Root causes</h2>\n", fp);
		for (i = 0; i < nroots; i++)
			html_root(fp, fs->roots[i]);
		fputs("</section>\n", fp);
	}
	if (r->timeline != NULL && r->ntimeline > 0)
		html_timeline(fp, r);
	html_completeness(fp, r);
	fprintf(fp, "</main>\n<footer>%s</footer>\n</body>\n</html>\n",
	    REPORT_SCHEMA);
	return ferror(fp) ? MGT_ERR_IO : MGT_OK;
}
