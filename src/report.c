/*
 * Report entry points and what the five writers share: format names, the
 * dispatch with its error handling, UTC timestamps, UTF-8 decoding and
 * cutting, one-line evidence, terminal escaping and problem grouping.
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "mgt-time.h"
#include "report.h"
#include "util.h"
#include "xmalloc.h"

#define REPORT_ELLIPSIS	"\xe2\x80\xa6"	/* U+2026, marks a cut */

int
report_format_parse(const char *name)
{
	if (name == NULL)
		return -1;
	if (strcmp(name, "text") == 0)
		return REPORT_TEXT;
	if (strcmp(name, "json") == 0)
		return REPORT_JSON;
	if (strcmp(name, "markdown") == 0 || strcmp(name, "md") == 0)
		return REPORT_MARKDOWN;
	if (strcmp(name, "html") == 0)
		return REPORT_HTML;
	if (strcmp(name, "junit") == 0)
		return REPORT_JUNIT;
	return -1;
}

/*
 * Write the report in format fmt to fp and flush it.  Returns MGT_OK, or
 * MGT_ERR_USAGE for an unknown format and MGT_ERR_IO when writing failed
 * (details in err).  fp stays open.
 */
int
report_write(FILE *fp, enum report_format fmt, const struct report *r,
    struct mgt_error *err)
{
	int rc;

	switch (fmt) {
	case REPORT_TEXT:
		rc = report_text_write(fp, r);
		break;
	case REPORT_JSON:
		rc = report_json_write(fp, r);
		break;
	case REPORT_MARKDOWN:
		rc = report_markdown_write(fp, r);
		break;
	case REPORT_HTML:
		rc = report_html_write(fp, r);
		break;
	case REPORT_JUNIT:
		rc = report_junit_write(fp, r);
		break;
	default:
		return mgt_error_set(err, MGT_ERR_USAGE, "", -1, 0,
		    "unknown report format %d", (int)fmt);
	}
	if (rc == MGT_OK && (fflush(fp) != 0 || ferror(fp)))
		rc = MGT_ERR_IO;
	if (rc != MGT_OK)
		return mgt_error_set(err, rc, "", -1, 0,
		    "writing the report failed: %s",
		    errno != 0 ? strerror(errno) : "output error");
	return MGT_OK;
}

char *
report_format_ts(int64_t us, char *buf, size_t len)
{
	return mgt_time_format_brief(us, buf, len);
}

const char *
report_finding_severity(const struct finding *f)
{
	if (f->rule == NULL)
		return rule_severity_name(RULE_SEV_INFO);
	return rule_severity_name(f->rule->severity);
}

size_t
report_cut(const char *s, size_t max)
{
	size_t n, i = 0, l;
	uint32_t cp;

	n = strlen(s);
	if (n <= max)
		return n;
	/* Step over whole characters; an invalid byte counts as one. */
	while (i < max) {
		if ((l = utf8_decode(s + i, n - i, &cp)) == 0)
			l = 1;
		if (i + l > max)
			break;
		i += l;
	}
	return i;
}

/* Append s[0..n) to a growing string. */
static void
report_append(char **out, size_t *len, const char *s, size_t n)
{
	*out = xreallocarray(*out, *len + n + 1, 1);
	memcpy(*out + *len, s, n);
	*len += n;
	(*out)[*len] = '\0';
}

static void
report_append_cut(char **out, size_t *len, const char *s)
{
	size_t n;

	n = report_cut(s, REPORT_SNIPPET_MAX);
	report_append(out, len, s, n);
	if (s[n] != '\0')
		report_append(out, len, REPORT_ELLIPSIS,
		    strlen(REPORT_ELLIPSIS));
}

char *
report_evidence_line(const struct finding_evidence *e)
{
	char *out = xstrdup(""), num[32];
	size_t len = 0;

	if (e->object != NULL) {
		report_append(&out, &len, e->object, strlen(e->object));
		if (e->field != NULL) {
			report_append(&out, &len, " ", 1);
			report_append(&out, &len, e->field, strlen(e->field));
			if (e->value != NULL) {
				report_append(&out, &len, "=", 1);
				report_append_cut(&out, &len, e->value);
			}
		}
		return out;
	}
	if (e->source != NULL) {
		report_append(&out, &len, e->source, strlen(e->source));
		if (e->line > 0) {
			snprintf(num, sizeof num, ":%ld", e->line);
			report_append(&out, &len, num, strlen(num));
		}
		if (e->text != NULL) {
			report_append(&out, &len, ": ", 2);
			report_append_cut(&out, &len, e->text);
		}
		return out;
	}
	/* Neither a line nor an object: name what there is. */
	report_append(&out, &len, "[", 1);
	if (e->item != NULL)
		report_append(&out, &len, e->item, strlen(e->item));
	report_append(&out, &len, "]", 1);
	if (e->node != NULL) {
		report_append(&out, &len, " node ", 6);
		report_append(&out, &len, e->node, strlen(e->node));
	}
	if (e->text != NULL) {
		report_append(&out, &len, ": ", 2);
		report_append_cut(&out, &len, e->text);
	}
	return out;
}

char *
report_problem_where(const struct report_problem *p)
{
	const char *vpath;
	char *out;

	vpath = p->vpath != NULL && p->vpath[0] != '\0' ? p->vpath : "(input)";
	if (p->line > 0)
		xasprintf(&out, "%s:%ld", vpath, p->line);
	else if (p->offset >= 0)
		xasprintf(&out, "%s: offset %lld", vpath, p->offset);
	else
		out = xstrdup(vpath);
	return out;
}

/* Escape s[0..n) with util_escape_n and append it. */
static void
report_append_escaped(char **out, size_t *len, const char *s, size_t n)
{
	char *tmp;

	if (n == 0)
		return;
	tmp = xmalloc(4 * n + 1);
	util_escape_n(s, n, tmp, 4 * n + 1);
	report_append(out, len, tmp, strlen(tmp));
	free(tmp);
}

/*
 * Characters util_escape_n lets through that a terminal may still act on:
 * C1 controls (U+009B is CSI on some terminals) and the bidirectional
 * overrides and isolates that reorder what is shown.
 */
int
report_term_risky(uint32_t cp)
{
	return (cp >= 0x80 && cp <= 0x9f) || (cp >= 0x202a && cp <= 0x202e) ||
	    (cp >= 0x2066 && cp <= 0x2069);
}

/*
 * Display columns are counted the way the result prints: a printable
 * character is one column, a byte util_escape_n escapes is four ("\xNN"),
 * a risky character six ("\uNNNN").  Wide characters count one.
 */
char *
report_term(const char *s, size_t cols)
{
	size_t n, i = 0, run = 0, used = 0, l, w, len = 0;
	size_t snap_len = 0, snap_run = 0, snap_i = 0;
	uint32_t cp;
	char *out, u[16];
	int risky;

	out = xstrdup("");
	if (s == NULL)
		return out;
	n = strlen(s);
	while (i < n) {
		/* Where a cut would go: the ellipsis still fits after it. */
		if (cols != SIZE_MAX && used + 1 <= cols) {
			snap_len = len;
			snap_run = run;
			snap_i = i;
		}
		l = utf8_decode(s + i, n - i, &cp);
		risky = l > 1 && report_term_risky(cp);
		if (risky)
			w = 6;
		else if (l == 0 || cp < 0x20 || cp == 0x7f || cp == 0x2028 ||
		    cp == 0x2029)
			w = 4 * (l == 0 ? 1 : l);
		else
			w = 1;
		if (l == 0)
			l = 1;
		if (used + w > cols) {
			len = snap_len;
			out[len] = '\0';
			report_append_escaped(&out, &len, s + snap_run,
			    snap_i - snap_run);
			report_append(&out, &len, REPORT_ELLIPSIS,
			    strlen(REPORT_ELLIPSIS));
			return out;
		}
		used += w;
		if (risky) {
			report_append_escaped(&out, &len, s + run, i - run);
			snprintf(u, sizeof u, "\\u%04x", (unsigned int)cp);
			report_append(&out, &len, u, strlen(u));
			run = i + l;
		}
		i += l;
	}
	report_append_escaped(&out, &len, s + run, i - run);
	return out;
}

const char *
report_problem_code(const struct report_problem *p)
{
	return p->code != NULL ? p->code : "unknown";
}

static int
report_cmp_group(const void *va, const void *vb)
{
	const struct report_group *a = va, *b = vb;

	if (a->severity != b->severity)
		return a->severity > b->severity ? -1 : 1;
	if (a->count != b->count)
		return a->count > b->count ? -1 : 1;
	return strcmp(a->code, b->code);
}

/* Index of the first listed problem of code, r->nproblems if none. */
static size_t
report_first_of(const struct report *r, const char *code)
{
	size_t i;

	for (i = 0; i < r->nproblems; i++)
		if (strcmp(report_problem_code(&r->problems[i]), code) == 0)
			break;
	return i;
}

size_t
report_group_problems(const struct report *r, struct report_group **groups)
{
	struct report_group *g;
	const struct report_problem *p;
	const char *code;
	size_t i, k, n = 0;

	*groups = NULL;
	if (r->have_counts) {
		if (r->ngroups == 0)
			return 0;
		g = xcalloc(r->ngroups, sizeof *g);
		memcpy(g, r->groups, r->ngroups * sizeof *g);
		for (k = 0; k < r->ngroups; k++)
			g[k].first = report_first_of(r, g[k].code);
		qsort(g, r->ngroups, sizeof *g, report_cmp_group);
		*groups = g;
		return r->ngroups;
	}
	if (r->nproblems == 0)
		return 0;
	g = xcalloc(r->nproblems, sizeof *g);
	for (i = 0; i < r->nproblems; i++) {
		p = &r->problems[i];
		code = report_problem_code(p);
		for (k = 0; k < n; k++)
			if (strcmp(g[k].code, code) == 0)
				break;
		if (k == n) {
			g[n].code = code;
			g[n].severity = p->severity;
			g[n].first = i;
			n++;
		}
		if (p->severity > g[k].severity)
			g[k].severity = p->severity;
		g[k].count++;
	}
	qsort(g, n, sizeof *g, report_cmp_group);
	*groups = g;
	return n;
}

long long
report_nrules(const struct report *r)
{
	if (r->rules != NULL)
		return (long long)r->rules->nrules;
	return r->stats.rules;
}

long long
report_problems_total(const struct report *r)
{
	if (r->have_counts)
		return r->problem_counts[PROBLEM_INFO] +
		    r->problem_counts[PROBLEM_WARNING] +
		    r->problem_counts[PROBLEM_ERROR];
	return r->problems_total > (long long)r->nproblems ?
	    r->problems_total : (long long)r->nproblems;
}

void
report_problems_sentence(const struct report *r, char *buf, size_t len)
{
	long long total, ne, nw, ni;
	int n;

	total = report_problems_total(r);
	ne = report_problem_count(r, PROBLEM_ERROR);
	nw = report_problem_count(r, PROBLEM_WARNING);
	ni = report_problem_count(r, PROBLEM_INFO);
	n = snprintf(buf, len, "%lld input problem%s (%lld error%s, %lld "
	    "warning%s, %lld info)", total, total == 1 ? "" : "s", ne,
	    ne == 1 ? "" : "s", nw, nw == 1 ? "" : "s", ni);
	if (total > (long long)r->nproblems && n >= 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, "; %lld not listed",
		    total - (long long)r->nproblems);
}

long long
report_problem_count(const struct report *r, enum problem_severity sev)
{
	long long n = 0;
	size_t i;

	if ((unsigned int)sev > PROBLEM_ERROR)
		return 0;
	if (r->have_counts)
		return r->problem_counts[sev];
	for (i = 0; i < r->nproblems; i++)
		if (r->problems[i].severity == sev)
			n++;
	return n;
}

/* Codes of rules that could not load or run, as opposed to input. */
static int
report_rule_code(const char *code)
{
	return strcmp(code, PCODE_RULE) == 0 ||
	    strcmp(code, PCODE_RULE_LOAD) == 0;
}

/* Errors of rules that failed to load or run, listed or not. */
static long long
report_rule_errors(const struct report *r)
{
	long long n = 0;
	size_t i;

	if (r->have_counts) {
		for (i = 0; i < r->ngroups; i++)
			if (r->groups[i].severity == PROBLEM_ERROR &&
			    report_rule_code(r->groups[i].code))
				n += r->groups[i].count;
		return n;
	}
	for (i = 0; i < r->nproblems; i++)
		if (r->problems[i].severity == PROBLEM_ERROR &&
		    report_rule_code(report_problem_code(&r->problems[i])))
			n++;
	return n;
}

int
report_incomplete(const struct report *r, char *buf, size_t len)
{
	long long ne, nw, nr;
	char rules[64] = "";

	ne = report_problem_count(r, PROBLEM_ERROR);
	nw = report_problem_count(r, PROBLEM_WARNING);
	if (len > 0)
		buf[0] = '\0';
	if (ne == 0 && nw == 0)
		return 0;
	nr = report_rule_errors(r);
	if (nr > ne)
		nr = ne;
	if (nr > 0)
		snprintf(rules, sizeof rules, ", %lld rule error%s", nr,
		    nr == 1 ? "" : "s");
	snprintf(buf, len, "INCOMPLETE: %lld input error%s, %lld warning%s%s:"
	    " the findings cover only what was read; see Completeness",
	    ne - nr, ne - nr == 1 ? "" : "s", nw, nw == 1 ? "" : "s", rules);
	return 1;
}
