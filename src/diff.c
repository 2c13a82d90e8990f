/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What changed from gather A to gather B of one cluster (diff.h): each
 * section's rows read from both indexes (the summary's where it has
 * them, the views' otherwise), matched by key, their fields compared as
 * text; then the findings, matched by rule id and component (or summary,
 * for a finding without a component).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "mgtriage.h"
#include "diff.h"
#include "error.h"
#include "index-read.h"
#include "summary.h"
#include "xmalloc.h"

/* A compared column; a condition's status names its reason and message
 * columns, whose text explains a change (and whose reason is compared
 * when the status is not). */
struct diff_field {
	const char	*col;
	const char	*reason;
	const char	*message;
};

#define DIFF_FIELDS	12

struct diff_spec {
	const char	*section;
	const char	*from;		/* the summary's member, or NULL */
	const char	*sql;		/* else the rows, sorted by key */
	const char	*key;		/* column naming a row; NULL: one row */
	const char	*key2;		/* a second one, " started " between */
	const char	*also;		/* shown when added or removed only */
	struct diff_field fields[DIFF_FIELDS];
};

static const struct diff_spec diff_specs[] = {
	{ "cluster", "cluster", NULL, NULL, NULL, NULL, {
	    { "id", NULL, NULL },
	    { "version", NULL, NULL },
	    { "completed_version", NULL, NULL },
	    { "channel", NULL, NULL },
	    { "available", NULL, NULL },
	    { "progressing", NULL, "progressing_message" },
	    { "failing", NULL, "failing_message" },
	    { "platform", NULL, NULL },
	    { "control_plane_topology", NULL, NULL },
	    { "infrastructure_topology", NULL, NULL },
	    { "network_type", NULL, NULL } } },
	/* Every entry: the summary keeps five, and a new one would push an
	 * old one out of the window. */
	{ "updates", NULL,
	  "SELECT json_extract(h.value, '$.version') AS version,"
	  " json_extract(h.value, '$.state') AS state,"
	  " json_extract(h.value, '$.startedTime') AS started,"
	  " json_extract(h.value, '$.completionTime') AS completed,"
	  " json_extract(h.value, '$.verified') AS verified"
	  " FROM resources r, json_each(r.doc, '$.status.history') h"
	  " WHERE r.kind = 'ClusterVersion' ORDER BY h.key",
	  "version", "started", NULL, {
	    { "state", NULL, NULL },
	    { "completed", NULL, NULL },
	    { "verified", NULL, NULL } } },
	{ "operators", NULL,
	  "SELECT name, available, progressing, degraded, upgradeable,"
	  " version, available_reason, available_message,"
	  " progressing_reason, progressing_message, degraded_reason,"
	  " degraded_message FROM clusteroperators",
	  "name", NULL, NULL, {
	    { "available", "available_reason", "available_message" },
	    { "degraded", "degraded_reason", "degraded_message" },
	    { "progressing", "progressing_reason", "progressing_message" },
	    { "upgradeable", NULL, NULL },
	    { "version", NULL, NULL } } },
	{ "nodes", "nodes", NULL, "name", NULL, NULL, {
	    { "roles", NULL, NULL },
	    { "ready", "ready_reason", NULL },
	    { "kubelet_version", NULL, NULL },
	    { "unschedulable", NULL, NULL },
	    { "pressure", NULL, NULL } } },
	{ "pools", NULL,
	  "SELECT name, machine_count AS machines,"
	  " ready_count AS ready_machines,"
	  " updated_count AS updated_machines,"
	  " degraded_count AS degraded_machines,"
	  " unavailable_count AS unavailable_machines, degraded, updating,"
	  " paused, status_config AS config, spec_config AS desired_config"
	  " FROM machineconfigpools",
	  "name", NULL, NULL, {
	    { "machines", NULL, NULL },
	    { "ready_machines", NULL, NULL },
	    { "updated_machines", NULL, NULL },
	    { "degraded_machines", NULL, NULL },
	    { "unavailable_machines", NULL, NULL },
	    { "degraded", NULL, NULL },
	    { "updating", NULL, NULL },
	    { "paused", NULL, NULL },
	    { "config", NULL, NULL },
	    { "desired_config", NULL, NULL } } },
	/* Added and removed only: a machine config is replaced, not
	 * edited, when the cluster changes. */
	{ "machineconfigs", NULL,
	  "SELECT name, role FROM machineconfigs",
	  "name", NULL, "role", { { NULL, NULL, NULL } } },
};

#define DIFF_NSPECS	(sizeof diff_specs / sizeof diff_specs[0])

static cJSON *
diff_need(cJSON *j)
{
	if (j == NULL)
		xmalloc_fail("a JSON tree");
	return j;
}

/* A member as text (malloc'd), NULL when absent or null. */
static char *
diff_text(const cJSON *row, const char *col)
{
	const cJSON *v;
	char buf[64];

	if (col == NULL)
		return NULL;
	v = cJSON_GetObjectItemCaseSensitive(row, col);
	if (cJSON_IsString(v))
		return xstrdup(v->valuestring);
	if (cJSON_IsNumber(v)) {
		if (v->valuedouble == (double)(long long)v->valuedouble)
			snprintf(buf, sizeof buf, "%lld",
			    (long long)v->valuedouble);
		else
			snprintf(buf, sizeof buf, "%g", v->valuedouble);
		return xstrdup(buf);
	}
	if (cJSON_IsBool(v))
		return xstrdup(cJSON_IsTrue(v) ? "true" : "false");
	return NULL;
}

static int
diff_same(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return a == b;
	return strcmp(a, b) == 0;
}

static void
diff_add(struct diff *d, const char *section, int kind, char *name,
    char *field, char *before, char *after, char *detail, int severity)
{
	struct diff_change *c;

	d->changes = xreallocarray(d->changes, d->nchanges + 1,
	    sizeof *d->changes);
	c = &d->changes[d->nchanges++];
	c->section = section;
	c->kind = kind;
	c->name = name;
	c->field = field;
	c->before = before;
	c->after = after;
	c->detail = detail;
	c->severity = severity;
}

/* A row's name: its key, "VERSION started TIME" with a second key, the
 * section's name for a section of one row. */
static char *
diff_name(const struct diff_spec *sp, const cJSON *row)
{
	char *k1, *k2, *name;

	if (sp->key == NULL)
		return xstrdup(sp->section);
	k1 = diff_text(row, sp->key);
	if (sp->key2 == NULL)
		return k1 != NULL ? k1 : xstrdup("");
	k2 = diff_text(row, sp->key2);
	xasprintf(&name, "%s started %s", k1 != NULL ? k1 : "?",
	    k2 != NULL ? k2 : "?");
	free(k1);
	free(k2);
	return name;
}

/* Append " col=value" (or that first) to *line when row has col. */
static void
diff_brief_add(char **line, const cJSON *row, const char *col)
{
	char *v, *t;

	if ((v = diff_text(row, col)) == NULL)
		return;
	xasprintf(&t, "%s%s%s=%s", *line != NULL ? *line : "",
	    *line != NULL ? " " : "", col, v);
	free(*line);
	free(v);
	*line = t;
}

/* An added or removed row in brief: "col=value" of its non-null
 * fields, NULL when it has none. */
static char *
diff_brief(const struct diff_spec *sp, const cJSON *row)
{
	char *line = NULL;
	size_t i;

	for (i = 0; i < DIFF_FIELDS && sp->fields[i].col != NULL; i++)
		diff_brief_add(&line, row, sp->fields[i].col);
	if (sp->also != NULL)
		diff_brief_add(&line, row, sp->also);
	return line;
}

/* "reason: message", either alone, from row; NULL when neither. */
static char *
diff_why(const cJSON *row, const struct diff_field *f)
{
	char *r = diff_text(row, f->reason), *m = diff_text(row, f->message);
	char *t;

	if (r != NULL && m != NULL) {
		xasprintf(&t, "%s: %s", r, m);
		free(r);
		free(m);
		return t;
	}
	return r != NULL ? r : m;
}

/* The differences of one row present on both sides. */
static void
diff_row(struct diff *d, const struct diff_spec *sp, const cJSON *ra,
    const cJSON *rb)
{
	const struct diff_field *f;
	char *va, *vb, *why;
	size_t i;

	for (i = 0; i < DIFF_FIELDS && sp->fields[i].col != NULL; i++) {
		f = &sp->fields[i];
		va = diff_text(ra, f->col);
		vb = diff_text(rb, f->col);
		if (!diff_same(va, vb)) {
			if ((why = diff_why(rb, f)) == NULL)
				why = diff_why(ra, f);
			diff_add(d, sp->section, MGT_CHANGE_CHANGED,
			    diff_name(sp, rb), xstrdup(f->col), va, vb, why,
			    -1);
			d->changed++;
			continue;
		}
		free(va);
		free(vb);
		if (f->reason == NULL)
			continue;
		/* Same status, another reason: the condition changed. */
		va = diff_text(ra, f->reason);
		vb = diff_text(rb, f->reason);
		if (diff_same(va, vb)) {
			free(va);
			free(vb);
			continue;
		}
		diff_add(d, sp->section, MGT_CHANGE_CHANGED, diff_name(sp, rb),
		    xstrdup(f->reason), va, vb, diff_text(rb, f->message), -1);
		d->changed++;
	}
}

struct diff_keyed {
	char		*name;
	const cJSON	*row;
};

static int
diff_keyed_cmp(const void *x, const void *y)
{
	const struct diff_keyed *a = x, *b = y;
	int c = strcmp(a->name, b->name);

	/* Stable for equal names: rows keep the order read. */
	if (c != 0)
		return c;
	return a->row < b->row ? -1 : a->row > b->row;
}

/* The rows of arr with their names, sorted by name. */
static struct diff_keyed *
diff_keyed(const struct diff_spec *sp, const cJSON *arr, size_t *n)
{
	struct diff_keyed *k;
	const cJSON *row;
	size_t i = 0;

	*n = (size_t)cJSON_GetArraySize(arr);
	k = xreallocarray(NULL, *n + 1, sizeof *k);
	cJSON_ArrayForEach(row, arr) {
		k[i].name = diff_name(sp, row);
		k[i].row = row;
		i++;
	}
	qsort(k, *n, sizeof *k, diff_keyed_cmp);
	return k;
}

/* One section: rows matched by name in a merge of the sorted lists. */
static void
diff_section(struct diff *d, const struct diff_spec *sp, const cJSON *la,
    const cJSON *lb)
{
	struct diff_keyed *ka, *kb;
	size_t na, nb, i = 0, j = 0;
	int c;

	ka = diff_keyed(sp, la, &na);
	kb = diff_keyed(sp, lb, &nb);
	while (i < na || j < nb) {
		c = i == na ? 1 : j == nb ? -1 :
		    strcmp(ka[i].name, kb[j].name);
		if (c < 0) {
			diff_add(d, sp->section, MGT_CHANGE_REMOVED,
			    xstrdup(ka[i].name), NULL, NULL, NULL,
			    diff_brief(sp, ka[i].row), -1);
			d->removed++;
			i++;
		} else if (c > 0) {
			diff_add(d, sp->section, MGT_CHANGE_ADDED,
			    xstrdup(kb[j].name), NULL, NULL, NULL,
			    diff_brief(sp, kb[j].row), -1);
			d->added++;
			j++;
		} else
			diff_row(d, sp, ka[i++].row, kb[j++].row);
	}
	for (i = 0; i < na; i++)
		free(ka[i].name);
	for (j = 0; j < nb; j++)
		free(kb[j].name);
	free(ka);
	free(kb);
}

/* A section's rows of one side: the summary's member (an object is a
 * list of one) or the spec's query.  *owned is what the caller deletes. */
static int
diff_side_rows(sqlite3 *db, const cJSON *summary, const struct diff_spec *sp,
    const cJSON **rows, cJSON **owned, struct mgt_error *err)
{
	const cJSON *m;
	cJSON *arr;

	*owned = NULL;
	if (sp->sql != NULL) {
		if (summary_rows(db, sp->sql, 1, owned, err) != MGT_OK)
			return MGT_ERR_DB;
		*rows = *owned;
		return MGT_OK;
	}
	m = cJSON_GetObjectItemCaseSensitive(summary, sp->from);
	if (cJSON_IsArray(m)) {
		*rows = m;
		return MGT_OK;
	}
	arr = diff_need(cJSON_CreateArray());
	/* A gather without ClusterVersion has no cluster row to compare. */
	if (cJSON_IsObject(m) && cJSON_GetArraySize(m) > 0)
		cJSON_AddItemToArray(arr, diff_need(cJSON_Duplicate(m, 1)));
	*owned = arr;
	*rows = arr;
	return MGT_OK;
}

/*
 * Two findings are the same when they have the same rule and the same
 * component (one instance of a for_each rule), or, without a component,
 * the same summary.  A finding without a component left over then pairs
 * with one of the same rule (its summary changed); findings about two
 * components never pair.  A severity or summary that differs is a
 * change; the rest are new in B or resolved since A.
 */
static int
diff_same_finding(const struct diff_finding *fa,
    const struct diff_finding *fb, int pass)
{
	if (strcmp(fa->rule_id, fb->rule_id) != 0)
		return 0;
	if (fa->component != NULL && fb->component != NULL)
		return pass == 0 && strcmp(fa->component, fb->component) == 0;
	return pass == 1 || (fa->component == NULL && fb->component == NULL &&
	    diff_same(fa->summary, fb->summary));
}

static void
diff_findings(struct diff *d, const struct diff_side *a,
    const struct diff_side *b)
{
	const struct diff_finding *fa, *fb;
	char *used_a, *used_b;
	size_t i, j;
	int pass;

	used_a = xcalloc(a->nfindings + 1, 1);
	used_b = xcalloc(b->nfindings + 1, 1);
	for (pass = 0; pass < 2; pass++)
		for (j = 0; j < b->nfindings; j++) {
			fb = &b->findings[j];
			for (i = 0; i < a->nfindings && !used_b[j]; i++) {
				fa = &a->findings[i];
				if (used_a[i] || !diff_same_finding(fa, fb,
				    pass))
					continue;
				used_a[i] = used_b[j] = 1;
				if (!diff_same(fa->summary, fb->summary)) {
					diff_add(d, "findings",
					    MGT_CHANGE_CHANGED,
					    xstrdup(fb->rule_id),
					    xstrdup("summary"),
					    fa->summary != NULL ?
					    xstrdup(fa->summary) : NULL,
					    fb->summary != NULL ?
					    xstrdup(fb->summary) : NULL,
					    NULL, fb->severity);
					d->findings_changed++;
				}
				if (fa->severity == fb->severity)
					continue;
				diff_add(d, "findings", MGT_CHANGE_CHANGED,
				    xstrdup(fb->rule_id), xstrdup("severity"),
				    xstrdup(mgt_severity_name(fa->severity)),
				    xstrdup(mgt_severity_name(fb->severity)),
				    fb->summary != NULL ?
				    xstrdup(fb->summary) : NULL,
				    fb->severity);
				d->findings_changed++;
				if (fb->severity > fa->severity &&
				    fb->severity > d->worst_new)
					d->worst_new = fb->severity;
			}
		}
	for (j = 0; j < b->nfindings; j++) {
		if (used_b[j])
			continue;
		fb = &b->findings[j];
		diff_add(d, "findings", MGT_CHANGE_ADDED, xstrdup(fb->rule_id),
		    NULL, NULL, NULL, fb->summary != NULL ?
		    xstrdup(fb->summary) : NULL, fb->severity);
		d->findings_new++;
		if (fb->severity > d->worst_new)
			d->worst_new = fb->severity;
	}
	for (i = 0; i < a->nfindings; i++) {
		if (used_a[i])
			continue;
		fa = &a->findings[i];
		diff_add(d, "findings", MGT_CHANGE_REMOVED,
		    xstrdup(fa->rule_id), NULL, NULL, NULL,
		    fa->summary != NULL ? xstrdup(fa->summary) : NULL,
		    fa->severity);
		d->findings_resolved++;
	}
	free(used_a);
	free(used_b);
}

/* The cluster ID and desired version of a side, from its summary. */
static void
diff_cluster(const cJSON *summary, char **id, char **version)
{
	const cJSON *cl = cJSON_GetObjectItemCaseSensitive(summary,
	    "cluster");

	*id = diff_text(cl, "id");
	*version = diff_text(cl, "version");
	if (*id != NULL && **id == '\0') {
		free(*id);
		*id = NULL;
	}
}

int
diff_build(const struct diff_side *a, const struct diff_side *b, int force,
    struct diff **out, struct mgt_error *err)
{
	const struct diff_side *side[2] = { a, b };
	const cJSON *rows[2];
	cJSON *sum[2] = { NULL, NULL }, *owned[2] = { NULL, NULL };
	struct diff *d;
	size_t i;
	int k, rc = MGT_OK;

	*out = NULL;
	d = xcalloc(1, sizeof *d);
	d->worst_new = -1;
	for (k = 0; k < 2; k++) {
		if ((rc = summary_build(side[k]->db, &sum[k], err)) != MGT_OK)
			goto fail;
		diff_cluster(sum[k], &d->cluster_id[k], &d->version[k]);
		d->inputs[k] = index_meta_lines(side[k]->db, "inputs",
		    &d->ninputs[k]);
		d->complete[k] = side[k]->complete;
	}
	if (d->cluster_id[0] == NULL || d->cluster_id[1] == NULL)
		d->same_cluster = -1;
	else
		d->same_cluster = strcmp(d->cluster_id[0],
		    d->cluster_id[1]) == 0;
	if (d->same_cluster != 1 && !force) {
		if (d->same_cluster == 0)
			rc = error_set(err, MGT_ERR_USAGE, "", -1, 0,
			    "A and B are different clusters (A is %s, B is "
			    "%s)", d->cluster_id[0], d->cluster_id[1]);
		else
			rc = error_set(err, MGT_ERR_USAGE, "", -1, 0,
			    "%s (no ClusterVersion in the gather): cannot "
			    "tell A and B are the same cluster",
			    d->cluster_id[0] == NULL ? (d->cluster_id[1] ==
			    NULL ? "neither A nor B has a cluster ID" :
			    "A has no cluster ID") : "B has no cluster ID");
		goto fail;
	}
	for (i = 0; i < DIFF_NSPECS; i++) {
		for (k = 0; k < 2; k++)
			if ((rc = diff_side_rows(side[k]->db, sum[k],
			    &diff_specs[i], &rows[k], &owned[k], err)) !=
			    MGT_OK)
				goto fail;
		diff_section(d, &diff_specs[i], rows[0], rows[1]);
		cJSON_Delete(owned[0]);
		cJSON_Delete(owned[1]);
		owned[0] = owned[1] = NULL;
	}
	diff_findings(d, a, b);
	cJSON_Delete(sum[0]);
	cJSON_Delete(sum[1]);
	*out = d;
	return MGT_OK;
fail:
	cJSON_Delete(owned[0]);
	cJSON_Delete(owned[1]);
	cJSON_Delete(sum[0]);
	cJSON_Delete(sum[1]);
	diff_free(d);
	return rc;
}

void
diff_free(struct diff *d)
{
	size_t i, j;
	int k;

	if (d == NULL)
		return;
	for (i = 0; i < d->nchanges; i++) {
		free(d->changes[i].name);
		free(d->changes[i].field);
		free(d->changes[i].before);
		free(d->changes[i].after);
		free(d->changes[i].detail);
	}
	free(d->changes);
	for (k = 0; k < 2; k++) {
		free(d->cluster_id[k]);
		free(d->version[k]);
		for (j = 0; j < d->ninputs[k]; j++)
			free(d->inputs[k][j]);
		free(d->inputs[k]);
	}
	free(d);
}
