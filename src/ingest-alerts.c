/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Prometheus and Alertmanager answers a must-gather saves: not Kubernetes
 * objects, so recognised by their content wherever they sit.  The rules
 * API answer (monitoring/prometheus/rules.json since 2021-07,
 * monitoring/alerts.json before: GET /api/v1/rules, data.groups[].rules[]
 * .alerts[]) and an alerts API answer (data.alerts[]) give one row of the
 * alerts table per alert; the other answers (status/flags, tsdb, targets,
 * alertmanager/status.json) are recognised and only catalogued.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "ingest-private.h"
#include "mgt-time.h"
#include "parse-log.h"
#include "xmalloc.h"

/* Alerts stored from one file; the rest are counted in a problem row. */
#define ALERTS_PER_FILE		10000
/* Bytes kept of a name (alertname, state, severity, namespace). */
#define ALERTS_NAME_MAX		256
/* Bytes kept of an annotation (summary, description, runbook_url). */
#define ALERTS_TEXT_MAX		4096
/* Bytes of one label value kept, and of all labels as JSON. */
#define ALERTS_LABEL_MAX	1024
#define ALERTS_LABELS_MAX	4096

struct alerts_ctx {
	struct ingest	*in;
	long		 line;
	long		 stored;
	long		 dropped;
};

static const cJSON *
alerts_get(const cJSON *o, const char *name)
{
	return cJSON_GetObjectItemCaseSensitive(o, name);
}

static const char *
alerts_str(const cJSON *o, const char *name)
{
	const cJSON *v = alerts_get(o, name);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

/*
 * s cut to at most max bytes, at a character boundary, into *buf (the
 * caller frees it); s itself when short enough, NULL for NULL.
 */
static const char *
alerts_cut(const char *s, size_t max, char **buf)
{
	size_t n;

	*buf = NULL;
	if (s == NULL || (n = strlen(s)) <= max)
		return s;
	n = max;
	while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
		n--;
	*buf = xmalloc(n + 1);
	memcpy(*buf, s, n);
	(*buf)[n] = '\0';
	return *buf;
}

/*
 * The labels as a JSON object: string values only, each value cut to
 * ALERTS_LABEL_MAX bytes, labels past ALERTS_LABELS_MAX bytes in all left
 * out.  The caller frees the text.
 */
static char *
alerts_labels(const cJSON *labels)
{
	const cJSON *l;
	cJSON *o;
	char *cut, *text;
	const char *v;
	size_t used = 2, add;

	if ((o = cJSON_CreateObject()) == NULL)
		xmalloc_fail("a JSON tree");
	cJSON_ArrayForEach(l, labels) {
		if (!cJSON_IsString(l) || l->string == NULL ||
		    strlen(l->string) > ALERTS_NAME_MAX)
			continue;
		v = alerts_cut(l->valuestring, ALERTS_LABEL_MAX, &cut);
		/* Quotes, colon, comma; escapes may add more: a bound, not
		 * an exact size. */
		add = strlen(l->string) + strlen(v) + 6;
		if (used + add <= ALERTS_LABELS_MAX) {
			if (cJSON_AddStringToObject(o, l->string, v) == NULL)
				xmalloc_fail("a JSON tree");
			used += add;
		}
		free(cut);
	}
	if ((text = cJSON_PrintUnformatted(o)) == NULL)
		xmalloc_fail("JSON text");
	cJSON_Delete(o);
	return text;
}

/* Store one alert; rule is its alerting rule (NULL from data.alerts). */
static int
alerts_one(struct alerts_ctx *ac, const cJSON *alert, const cJSON *rule)
{
	struct ingest *in = ac->in;
	const cJSON *labels = alerts_get(alert, "labels");
	const cJSON *ann = alerts_get(alert, "annotations");
	struct index_alert a;
	struct mgt_error err;
	const char *v;
	char *cut[8];
	size_t i;
	int rc;

	if (!cJSON_IsObject(alert))
		return MGT_OK;
	if (ac->stored >= ALERTS_PER_FILE) {
		ac->dropped++;
		return MGT_OK;
	}
	memset(&a, 0, sizeof a);
	a.source_id = in->source_id;
	a.line = ac->line;
	if ((v = alerts_str(labels, "alertname")) == NULL)
		v = alerts_str(rule, "name");
	a.alertname = alerts_cut(v, ALERTS_NAME_MAX, &cut[0]);
	a.state = alerts_cut(alerts_str(alert, "state"), ALERTS_NAME_MAX,
	    &cut[1]);
	if ((v = alerts_str(labels, "severity")) == NULL)
		v = alerts_str(alerts_get(rule, "labels"), "severity");
	a.severity = alerts_cut(v, ALERTS_NAME_MAX, &cut[2]);
	a.namespace = alerts_cut(alerts_str(labels, "namespace"),
	    ALERTS_NAME_MAX, &cut[3]);
	a.active_at = alerts_cut(alerts_str(alert, "activeAt"),
	    ALERTS_NAME_MAX, &cut[4]);
	a.active_at_us = LOG_TS_NONE;
	if (a.active_at != NULL && !time_parse(a.active_at,
	    strlen(a.active_at), &a.active_at_us))
		a.active_at_us = LOG_TS_NONE;
	/* Older rules carry their text in "message". */
	if ((v = alerts_str(ann, "summary")) == NULL)
		v = alerts_str(ann, "message");
	a.summary = alerts_cut(v, ALERTS_TEXT_MAX, &cut[5]);
	a.description = alerts_cut(alerts_str(ann, "description"),
	    ALERTS_TEXT_MAX, &cut[6]);
	a.runbook_url = alerts_cut(alerts_str(ann, "runbook_url"),
	    ALERTS_TEXT_MAX, &cut[7]);
	a.labels = alerts_labels(labels);
	rc = index_add_alert(in->idx, &a, &err);
	free((char *)a.labels);
	for (i = 0; i < sizeof cut / sizeof cut[0]; i++)
		free(cut[i]);
	if (rc != MGT_OK)
		return ingest_db_error(in, &err);
	ac->stored++;
	return MGT_OK;
}

/*
 * What kind of answer obj is: ALERTS_RULES or ALERTS_LIST (alerts to
 * store), ALERTS_OTHER (another Prometheus or Alertmanager answer), or
 * ALERTS_NONE.
 */
enum { ALERTS_NONE, ALERTS_RULES, ALERTS_LIST, ALERTS_OTHER };

static int
alerts_kind(const cJSON *obj)
{
	const cJSON *data = alerts_get(obj, "data");
	const char *status = alerts_str(obj, "status");

	if (status != NULL && (strcmp(status, "success") == 0 ||
	    strcmp(status, "error") == 0) && alerts_get(obj, "kind") == NULL) {
		if (cJSON_IsArray(alerts_get(data, "groups")))
			return ALERTS_RULES;
		if (cJSON_IsArray(alerts_get(data, "alerts")))
			return ALERTS_LIST;
		return ALERTS_OTHER;
	}
	/* Alertmanager's GET /api/v2/status. */
	if (cJSON_IsObject(alerts_get(obj, "versionInfo")) &&
	    alerts_get(obj, "uptime") != NULL &&
	    alerts_get(obj, "cluster") != NULL)
		return ALERTS_OTHER;
	return ALERTS_NONE;
}

int
ingest_alerts_document(struct ingest *in, const cJSON *obj, long line)
{
	struct alerts_ctx ac;
	const cJSON *g, *r, *a;
	struct mgt_error err;
	char n[32];
	int kind, rc = MGT_OK;

	if ((kind = alerts_kind(obj)) == ALERTS_NONE)
		return 0;
	if (kind == ALERTS_OTHER)
		return 1;
	memset(&ac, 0, sizeof ac);
	ac.in = in;
	ac.line = line;
	if (kind == ALERTS_LIST) {
		cJSON_ArrayForEach(a, alerts_get(alerts_get(obj, "data"),
		    "alerts"))
			if ((rc = alerts_one(&ac, a, NULL)) != MGT_OK)
				break;
	} else {
		cJSON_ArrayForEach(g, alerts_get(alerts_get(obj, "data"),
		    "groups")) {
			cJSON_ArrayForEach(r, alerts_get(g, "rules")) {
				cJSON_ArrayForEach(a, alerts_get(r, "alerts"))
					if ((rc = alerts_one(&ac, a, r)) !=
					    MGT_OK)
						goto out;
			}
		}
	}
out:
	if (rc != MGT_OK)
		return -1;
	if (ac.dropped > 0)
		problem_report(&in->sink, PROBLEM_WARNING, PCODE_LIMIT_ALERTS,
		    in->vpath, -1, line, "%ld alerts stored, %ld more not "
		    "(at most %d from one file)", ac.stored, ac.dropped,
		    ALERTS_PER_FILE);
	in->alert_files++;
	snprintf(n, sizeof n, "%ld", in->alert_files);
	if (index_set_meta(in->idx, "alert_files", n, &err) != MGT_OK) {
		ingest_db_error(in, &err);
		return -1;
	}
	return 1;
}
