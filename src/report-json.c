/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The JSON report (schema mgtriage.report/v1, doc/report-schema.md), built
 * as a cJSON tree in the documented key order and printed formatted.
 * Strings are made valid UTF-8 first: each byte that is not part of a valid
 * sequence becomes U+FFFD, so hostile input still gives valid JSON.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "error.h"
#include "report-model.h"
#include "xmalloc.h"

#define JSON_REPLACEMENT	"\xef\xbf\xbd"	/* U+FFFD */
#define JSON_ELLIPSIS		"\xe2\x80\xa6"	/* U+2026 */

/* cJSON reports allocation failure with NULL: treat it as xmalloc does. */
static cJSON *
json_need(cJSON *j)
{
	if (j == NULL) {
		xmalloc_fail("building the JSON report");
	}
	return j;
}

static void
json_add(cJSON *obj, const char *key, cJSON *val)
{
	if (!cJSON_AddItemToObjectCS(obj, key, json_need(val)))
		json_need(NULL);
}

static void
json_push(cJSON *arr, cJSON *val)
{
	if (!cJSON_AddItemToArray(arr, json_need(val)))
		json_need(NULL);
}

/*
 * A string node from untrusted bytes: invalid UTF-8 replaced byte by byte
 * with U+FFFD, cut to max bytes (0: no cut) with "…" appended.  NULL gives
 * null.
 */
static cJSON *
json_str_cut(const char *s, size_t max)
{
	cJSON *j;
	char *buf;
	size_t n, i = 0, o = 0, l;
	uint32_t cp;

	if (s == NULL)
		return json_need(cJSON_CreateNull());
	n = max > 0 ? report_cut(s, max) : strlen(s);
	buf = xmalloc(3 * n + sizeof JSON_ELLIPSIS);
	while (i < n) {
		if ((l = utf8_decode(s + i, n - i, &cp)) == 0) {
			memcpy(buf + o, JSON_REPLACEMENT, 3);
			o += 3;
			i++;
			continue;
		}
		memcpy(buf + o, s + i, l);
		o += l;
		i += l;
	}
	buf[o] = '\0';
	if (s[n] != '\0')
		memcpy(buf + o, JSON_ELLIPSIS, sizeof JSON_ELLIPSIS);
	j = json_need(cJSON_CreateString(buf));
	free(buf);
	return j;
}

static cJSON *
json_str(const char *s)
{
	return json_str_cut(s, 0);
}

/* Integers are printed exactly, never through a double. */
static cJSON *
json_int(long long v)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%lld", v);
	return json_need(cJSON_CreateRaw(buf));
}

static cJSON *
json_ts(int64_t us)
{
	char buf[64];

	if (us == INT64_MIN)
		return json_need(cJSON_CreateNull());
	return json_need(cJSON_CreateString(report_format_ts(us, buf,
	    sizeof buf)));
}

static cJSON *
json_evidence(const struct finding_evidence *e)
{
	cJSON *o;

	o = json_need(cJSON_CreateObject());
	json_add(o, "item", json_str(e->item));
	if (e->object != NULL) {
		json_add(o, "object", json_str(e->object));
		json_add(o, "field", json_str(e->field));
		json_add(o, "value", json_str_cut(e->value,
		    REPORT_SNIPPET_MAX));
		return o;
	}
	json_add(o, "source", json_str(e->source));
	json_add(o, "line", e->line > 0 ? json_int(e->line) :
	    cJSON_CreateNull());
	json_add(o, "ts", json_ts(e->ts));
	json_add(o, "node", json_str(e->node));
	json_add(o, "text", json_str_cut(e->text, REPORT_SNIPPET_MAX));
	return o;
}

/* A root cause or a symptom, with its symptoms nested. */
static cJSON *
json_finding(const struct report_cause *c)
{
	cJSON *o, *a;
	size_t i;

	o = json_need(cJSON_CreateObject());
	json_add(o, "rank", json_int(c->rank));
	json_add(o, "rule", json_str(c->id));
	json_add(o, "title", json_str(c->title));
	json_add(o, "severity", json_str(c->severity_name));
	json_add(o, "category", json_str(c->category));
	json_add(o, "summary", json_str(c->summary));
	json_add(o, "component", json_str(c->component));
	json_add(o, "state", json_str(c->state_name));
	json_add(o, "state_reason", json_str(c->state_reason));
	json_add(o, "rank_reason", json_str(c->rank_reason));
	json_add(o, "first_ts", json_ts(c->first_ts));
	a = json_need(cJSON_CreateArray());
	for (i = 0; i < c->nevidence; i++)
		json_push(a, json_evidence(c->evidence[i].ev));
	json_add(o, "evidence", a);
	json_add(o, "total_evidence", json_int(c->total_evidence));
	a = json_need(cJSON_CreateArray());
	for (i = 0; i < c->nsymptoms; i++)
		json_push(a, json_finding(c->symptoms[i]));
	json_add(o, "symptoms", a);
	json_add(o, "remedy", json_str(c->remedy));
	a = json_need(cJSON_CreateArray());
	for (i = 0; i < c->nreferences; i++)
		json_push(a, json_str(c->references[i]));
	json_add(o, "references", a);
	return o;
}

static cJSON *
json_problem(const struct report_issue *is)
{
	const struct report_problem *p = is->p;
	cJSON *o;

	o = json_need(cJSON_CreateObject());
	json_add(o, "severity", json_str(is->severity_name));
	json_add(o, "code", json_str(is->code));
	json_add(o, "vpath", json_str(p->vpath != NULL ? p->vpath : ""));
	json_add(o, "offset", p->offset >= 0 ? json_int(p->offset) :
	    cJSON_CreateNull());
	json_add(o, "line", p->line > 0 ? json_int(p->line) :
	    cJSON_CreateNull());
	json_add(o, "message", json_str(is->message));
	return o;
}

static cJSON *
json_event(const struct report_event *ev)
{
	cJSON *o;

	o = json_need(cJSON_CreateObject());
	json_add(o, "first_ts", json_ts(ev->first_ts));
	json_add(o, "last_ts", json_ts(ev->last_ts));
	json_add(o, "count", json_int(ev->count));
	json_add(o, "what", json_str_cut(ev->what, REPORT_SNIPPET_MAX));
	json_add(o, "where", json_str(ev->where));
	json_add(o, "nodes", json_str(ev->nodes));
	return o;
}

static cJSON *
json_stats(const struct report_model *m)
{
	const struct report_stats *st = m->stats;
	cJSON *o;
	char buf[64];

	o = json_need(cJSON_CreateObject());
	json_add(o, "sources", json_int(st->sources));
	json_add(o, "lines", json_int(st->lines));
	json_add(o, "resources", json_int(st->resources));
	json_add(o, "bytes", json_int(st->bytes));
	json_add(o, "rules", json_int(m->nrules));
	if (st->have_seconds) {
		snprintf(buf, sizeof buf, "%.3f", st->seconds >= 0 &&
		    st->seconds < 1e12 ? st->seconds : 0.0);
		json_add(o, "seconds", cJSON_CreateRaw(buf));
	}
	return o;
}

/*
 * Whether the findings cover every input: the counts by severity over the
 * whole run and the headline the other formats print.
 */
static cJSON *
json_completeness(const struct report_model *m)
{
	cJSON *o;

	o = json_need(cJSON_CreateObject());
	json_add(o, "complete", json_need(cJSON_CreateBool(m->complete)));
	json_add(o, "headline", json_str(m->headline));
	json_add(o, "errors", json_int(m->nerrors));
	json_add(o, "warnings", json_int(m->nwarnings));
	json_add(o, "info", json_int(m->ninfo));
	return o;
}

/* The whole report as a cJSON tree; the caller deletes it. */
static cJSON *
json_report(const struct report_model *m)
{
	const struct report_cause *c;
	cJSON *root, *a, *o;
	size_t i;

	root = json_need(cJSON_CreateObject());
	json_add(root, "schema", json_str(REPORT_SCHEMA));
	json_add(root, "version", json_str(m->version));
	if (m->generated_at != NULL)
		json_add(root, "generated_at", json_str(m->generated_at));
	a = json_need(cJSON_CreateArray());
	for (i = 0; i < m->ninputs; i++)
		json_push(a, json_str(m->inputs[i]));
	json_add(root, "inputs", a);
	if (m->cluster_json != NULL)
		json_add(root, "cluster", json_need(cJSON_Duplicate(
		    (const cJSON *)m->cluster_json, 1)));
	json_add(root, "completeness", json_completeness(m));

	a = json_need(cJSON_CreateArray());
	for (i = 0; i < m->ncauses; i++)
		json_push(a, json_finding(m->causes[i]));
	json_add(root, "root_causes", a);
	a = json_need(cJSON_CreateArray());
	for (i = 0; i < m->nhistory; i++)
		json_push(a, json_finding(m->history[i]));
	json_add(root, "resolved", a);
	a = json_need(cJSON_CreateArray());
	for (i = 0; i < m->nsuppressed; i++)
		json_push(a, json_finding(m->suppressed[i]));
	json_add(root, "suppressed", a);

	a = json_need(cJSON_CreateArray());
	for (i = 0; i < m->nfindings; i++) {
		c = &m->findings[i];
		o = json_need(cJSON_CreateObject());
		json_add(o, "rule", json_str(c->id));
		json_add(o, "severity", json_str(c->severity_name));
		json_add(o, "summary", json_str(c->summary));
		json_add(o, "component", json_str(c->component));
		json_add(o, "state", json_str(c->state_name));
		json_add(o, "cause", json_str(c->cause != NULL ?
		    c->cause->id : NULL));
		json_push(a, o);
	}
	json_add(root, "findings", a);

	a = json_need(cJSON_CreateArray());
	for (i = 0; i < m->nproblems; i++)
		json_push(a, json_problem(&m->problems[i]));
	json_add(root, "problems", a);
	json_add(root, "problems_total", json_int(m->problems_total));

	a = json_need(cJSON_CreateArray());
	for (i = 0; i < m->ntimeline; i++)
		json_push(a, json_event(&m->timeline[i]));
	json_add(root, "timeline", a);
	json_add(root, "stats", json_stats(m));
	return root;
}

/*
 * Write cJSON's text with C1 controls, bidi overrides and U+2028/9 as
 * \uNNNN escapes: the same JSON value, but inert on a terminal (cJSON
 * escapes only C0).  They can only occur inside strings.
 */
static void
json_put_inert(FILE *fp, const char *text)
{
	size_t n = strlen(text), i = 0, run = 0, l;
	uint32_t cp;

	while (i < n) {
		if ((unsigned char)text[i] < 0x80) {
			i++;
			continue;
		}
		l = utf8_decode(text + i, n - i, &cp);
		if (l == 0) {
			i++;
			continue;
		}
		if (report_term_risky(cp) || cp == 0x2028 || cp == 0x2029) {
			fwrite(text + run, 1, i - run, fp);
			fprintf(fp, "\\u%04x", (unsigned int)cp);
			run = i + l;
		}
		i += l;
	}
	fwrite(text + run, 1, n - run, fp);
}

int
report_json_write(FILE *fp, const struct report_model *m)
{
	cJSON *root;
	char *text;

	root = json_report(m);
	text = cJSON_Print(root);
	cJSON_Delete(root);
	if (text == NULL)
		json_need(NULL);
	json_put_inert(fp, text);
	fputc('\n', fp);
	cJSON_free(text);
	return ferror(fp) ? MGT_ERR_IO : MGT_OK;
}
