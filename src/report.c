/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Report entry points and the text helpers the model and the writers
 * share: format names, the dispatch (build the model, render it) with its
 * error handling, UTC timestamps, UTF-8 decoding and cutting, evidence as
 * one line and in parts, line splitting and terminal escaping.
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "mgt-time.h"
#include "report-model.h"
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
	static int (*const writers[])(FILE *, const struct report_model *) = {
		[REPORT_TEXT] = report_text_write,
		[REPORT_JSON] = report_json_write,
		[REPORT_MARKDOWN] = report_markdown_write,
		[REPORT_HTML] = report_html_write,
		[REPORT_JUNIT] = report_junit_write
	};
	struct report_model m;
	int rc;

	if ((unsigned int)fmt >= sizeof writers / sizeof writers[0])
		return error_set(err, MGT_ERR_USAGE, "", -1, 0,
		    "unknown report format %d", (int)fmt);
	report_model_build(&m, r);
	rc = writers[fmt](fp, &m);
	report_model_free(&m);
	if (rc == MGT_OK && (fflush(fp) != 0 || ferror(fp)))
		rc = MGT_ERR_IO;
	if (rc != MGT_OK)
		return error_set(err, rc, "", -1, 0,
		    "writing the report failed: %s",
		    errno != 0 ? strerror(errno) : "output error");
	return MGT_OK;
}

char *
report_format_ts(int64_t us, char *buf, size_t len)
{
	return time_format_brief(us, buf, len);
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

void
report_evidence_split(const struct finding_evidence *e,
    struct report_line *out)
{
	out->ev = e;
	out->sep = "";
	out->what = NULL;
	out->line = report_evidence_line(e);
	if (e->object != NULL) {
		if (e->field != NULL)
			xasprintf(&out->where, "%s %s", e->object, e->field);
		else
			out->where = xstrdup(e->object);
		if (e->field != NULL && e->value != NULL) {
			out->sep = "=";
			out->what = e->value;
		}
	} else if (e->source != NULL) {
		if (e->line > 0)
			xasprintf(&out->where, "%s:%ld", e->source, e->line);
		else
			out->where = xstrdup(e->source);
		if (e->text != NULL) {
			out->sep = ": ";
			out->what = e->text;
		}
	} else
		out->where = xstrdup(out->line);
}

size_t
report_split_lines(const char *s, char ***linesp)
{
	char **lines = NULL;
	const char *nl;
	size_t n = 0, len;

	while (*s != '\0') {
		nl = strchr(s, '\n');
		len = nl != NULL ? (size_t)(nl - s) : strlen(s);
		lines = xreallocarray(lines, n + 1, sizeof *lines);
		lines[n++] = xstrndup(s, len);
		s += len;
		if (*s == '\n')
			s++;
	}
	*linesp = lines;
	return n;
}
