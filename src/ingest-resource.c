/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Reading resource members: buffer one file (bounded by max-doc-bytes),
 * parse it into objects and index them.  Knows the few places where the
 * object does not name its own kind: the install-config embedded in
 * configmap kube-system/cluster-config-v1, etcd_info JSON, Insights
 * archive files whose kind is given by their directory or whose name is at
 * the top, and (ingest-alerts.c) Prometheus answers holding alerts.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "ingest-private.h"
#include "parse-log.h"
#include "parse-resource.h"
#include "util.h"
#include "xmalloc.h"

/* Insights archive directories (under config/) and the kind they hold. */
static const struct ingest_insights_kind {
	const char	*dir;
	const char	*api_version;
	const char	*kind;
} ingest_insights_kinds[] = {
	{ "config/node/", "v1", "Node" },
	{ "config/machineconfigpools/", "machineconfiguration.openshift.io/v1",
	    "MachineConfigPool" },
	{ "config/machineconfigs/", "machineconfiguration.openshift.io/v1",
	    "MachineConfig" },
	{ "config/certificatesigningrequests/", "certificates.k8s.io/v1",
	    "CertificateSigningRequest" },
	{ "config/clusteroperator/", "config.openshift.io/v1",
	    "ClusterOperator" },
	{ "config/infrastructure.json", "config.openshift.io/v1",
	    "Infrastructure" },
	{ "config/network.json", "config.openshift.io/v1", "Network" },
	{ "config/version.json", "config.openshift.io/v1", "ClusterVersion" },
	{ "config/featuregate.json", "config.openshift.io/v1", "FeatureGate" },
	{ "config/pod/", "v1", "Pod" },
	{ "config/machines/", "machine.openshift.io/v1beta1", "Machine" },
};

struct ingest_res_ctx {
	struct ingest		*in;
	struct index_source	*s;
	int			 reported_kindless;
};

/* Path after the Insights "config/" anchor, or NULL. */
static const struct ingest_insights_kind *
ingest_insights_kind(const char *path)
{
	size_t i;
	const char *p;

	for (i = 0; i < sizeof ingest_insights_kinds /
	    sizeof ingest_insights_kinds[0]; i++) {
		p = strstr(path, ingest_insights_kinds[i].dir);
		if (p != NULL && (p == path || p[-1] == '/'))
			return &ingest_insights_kinds[i];
	}
	return NULL;
}

const char *
ingest_str(const cJSON *obj, const char *a, const char *b)
{
	const cJSON *o;

	o = cJSON_GetObjectItemCaseSensitive(obj, a);
	if (b != NULL)
		o = cJSON_GetObjectItemCaseSensitive(o, b);
	return cJSON_IsString(o) ? o->valuestring : NULL;
}

/* "member_list.json" -> "member_list" into out. */
static void
ingest_stem(const char *path, char *out, size_t outlen)
{
	char buf[UTIL_BASENAME_MAX];
	const char *base = util_basename(path, buf, sizeof buf), *dot;
	size_t n;

	dot = strrchr(base, '.');
	n = dot != NULL ? (size_t)(dot - base) : strlen(base);
	if (n >= outlen)
		n = outlen - 1;
	memcpy(out, base, n);
	out[n] = '\0';
}

/* The newest creation time seen gives the case's year when nothing else
 * does (DESIGN.md: after log prefixes, journals and the timestamp file). */
static void
ingest_resource_year(struct ingest *in, const cJSON *obj)
{
	const char *c = ingest_str(obj, "metadata", "creationTimestamp");
	int year;

	if (c != NULL && sscanf(c, "%4d-", &year) == 1 && year > 1990 &&
	    year < 2200 && year > in->year_resources)
		in->year_resources = year;
}

/* The install-config inside configmap kube-system/cluster-config-v1. */
static int
ingest_install_config(struct ingest *in, const cJSON *cm, long line)
{
	const char *text;
	struct mgt_error err;
	cJSON *doc;
	int rc = MGT_OK;

	text = ingest_str(cm, "data", "install-config");
	if (text == NULL)
		return MGT_OK;
	doc = parse_resource_document(text, strlen(text), in->vpath, line,
	    &in->opt->limits, &in->sink);
	if (doc == NULL)
		return MGT_OK;
	if (index_add_synthetic(in->idx, in->source_id, line, "v1",
	    "InstallConfig", "kube-system", "cluster-config-v1", doc,
	    &err) != MGT_OK)
		rc = ingest_db_error(in, &err);
	else
		in->res->resources++;
	cJSON_Delete(doc);
	return rc;
}

/*
 * Insights events/<ns>.json: {"items": [...]} with neither kind nor names;
 * each item becomes an Event named after the file and its position.
 */
static int
ingest_insights_items(struct ingest_res_ctx *rc, const cJSON *obj, long line)
{
	struct ingest *in = rc->in;
	const cJSON *item;
	const char *ns;
	char stem[200], name[256];
	struct mgt_error err;
	int i = 0;

	if (strstr(in->path, "events/") == NULL)
		return MGT_OK;
	ingest_stem(in->path, stem, sizeof stem);
	cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(obj,
	    "items")) {
		if (!cJSON_IsObject(item))
			continue;
		ns = ingest_str(item, "namespace", NULL);
		snprintf(name, sizeof name, "insights-%s-%d", stem, i++);
		if (index_add_synthetic(in->idx, in->source_id, line, "v1",
		    "Event", ns ? ns : stem, name, item, &err) != MGT_OK)
			return ingest_db_error(in, &err);
		in->res->resources++;
		rc->s->resources++;
	}
	return MGT_OK;
}

/*
 * A core Secret's data and stringData values become null unless
 * --secret-data: no view or rule reads them, and they were a third of the
 * index of a real gather (base64 certificates and bundles).  The keys stay,
 * and the object's file and line say where the values are.  The index
 * holds less secret material too.
 */
static void
ingest_elide_secret(const struct ingest *in, cJSON *obj, const char *kind)
{
	static const char *const fields[] = { "data", "stringData" };
	const char *api;
	cJSON *map, *v;
	size_t i;

	if ((in->opt->index_flags & INDEX_SECRET_DATA) ||
	    strcmp(kind, "Secret") != 0)
		return;
	api = ingest_str(obj, "apiVersion", NULL);
	if (api == NULL || strcmp(api, "v1") != 0)
		return;
	for (i = 0; i < sizeof fields / sizeof fields[0]; i++) {
		map = cJSON_GetObjectItemCaseSensitive(obj, fields[i]);
		if (!cJSON_IsObject(map))
			continue;
		cJSON_ArrayForEach(v, map) {
			if (cJSON_IsNull(v) || cJSON_IsInvalid(v))
				continue;
			/* In place, so the key (v->string) stays. */
			if (!(v->type & cJSON_IsReference)) {
				cJSON_Delete(v->child);
				cJSON_free(v->valuestring);
			}
			v->child = NULL;
			v->valuestring = NULL;
			v->valueint = 0;
			v->valuedouble = 0;
			v->type = cJSON_NULL | (v->type & cJSON_StringIsConst);
		}
	}
}

static int
ingest_object(struct ingest_res_ctx *rc, cJSON *obj, long line)
{
	struct ingest *in = rc->in;
	const struct ingest_insights_kind *ik;
	const char *kind, *name, *ns;
	char stem[256];
	struct mgt_error err;
	int r;

	kind = ingest_str(obj, "kind", NULL);
	name = ingest_str(obj, "metadata", "name");
	ns = ingest_str(obj, "metadata", "namespace");
	/* Insights writes some objects with Go field names. */
	if (name == NULL && (name = ingest_str(obj, "ObjectMeta", "name")) ==
	    NULL)
		name = ingest_str(obj, "ObjectMeta", "Name");
	if (ns == NULL && (ns = ingest_str(obj, "ObjectMeta", "namespace")) ==
	    NULL)
		ns = ingest_str(obj, "ObjectMeta", "Namespace");
	ingest_resource_year(in, obj);

	if (in->cls.kind == KIND_ETCD_INFO) {
		ingest_stem(in->path, stem, sizeof stem);
		r = index_add_synthetic(in->idx, in->source_id, line, "v1",
		    strcmp(stem, "member_list") == 0 ? "EtcdMemberList" :
		    "EtcdInfo", "", stem, obj, &err);
	} else if (in->cls.kind == KIND_INSTALL_CONFIG) {
		r = index_add_synthetic(in->idx, in->source_id, line, "v1",
		    "InstallConfig", "kube-system", "cluster-config-v1", obj,
		    &err);
	} else if (kind != NULL && name != NULL) {
		if ((r = ingest_cluster_object(in, kind, obj)) != MGT_OK)
			return r;
		ingest_elide_secret(in, obj, kind);
		r = index_add_resource(in->idx, in->source_id, line, obj, &err);
		if (r == MGT_OK && strcmp(kind, "ConfigMap") == 0 &&
		    ns != NULL && strcmp(ns, "kube-system") == 0 &&
		    strcmp(name, "cluster-config-v1") == 0 &&
		    ingest_install_config(in, obj, line) != MGT_OK)
			return MGT_ERR_DB;
	} else if (kind == NULL && in->cls.kind == KIND_INSIGHTS &&
	    cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(obj, "items"))) {
		return ingest_insights_items(rc, obj, line);
	} else if (kind != NULL && in->cls.kind == KIND_INSIGHTS &&
	    (name = ingest_str(obj, "name", NULL)) != NULL && *name != '\0') {
		/* The Insights archive writes some objects with their name
		 * at the top (InsightsOperator "cluster"). */
		if ((r = ingest_cluster_object(in, kind, obj)) != MGT_OK)
			return r;
		if (ns == NULL)
			ns = ingest_str(obj, "namespace", NULL);
		r = index_add_synthetic(in->idx, in->source_id, line,
		    ingest_str(obj, "apiVersion", NULL), kind, ns ? ns : "",
		    name, obj, &err);
	} else if (name != NULL &&
	    (ik = ingest_insights_kind(in->path)) != NULL) {
		if ((r = ingest_cluster_object(in, ik->kind, obj)) != MGT_OK)
			return r;
		r = index_add_synthetic(in->idx, in->source_id, line,
		    ik->api_version, ik->kind, ns ? ns : "", name, obj, &err);
	} else if (kind == NULL && (r = ingest_alerts_document(in, obj,
	    line)) != 0) {
		/* A Prometheus or Alertmanager answer, not an object. */
		return r < 0 ? MGT_ERR_DB : MGT_OK;
	} else {
		/* Not a Kubernetes object we can name: catalogued only. */
		if (!rc->reported_kindless) {
			problem_report(&in->sink, PROBLEM_INFO,
			    PCODE_NOT_OBJECT, in->vpath, -1, line,
			    "document has no kind or metadata.name; not indexed "
			    "as an object");
			rc->reported_kindless = 1;
		}
		return MGT_OK;
	}
	if (r != MGT_OK) {
		if (r == MGT_ERR_DB)
			return ingest_db_error(in, &err);
		problem_report(&in->sink, PROBLEM_WARNING, PCODE_NOT_OBJECT,
		    in->vpath, -1, line, "%s", err.msg);
		return MGT_OK;
	}
	in->res->resources++;
	rc->s->resources++;
	return MGT_OK;
}

/* The objects the reader thread parsed out of this member. */
int
ingest_resource_member(struct ingest *in, struct index_source *s)
{
	struct ingest_res_ctx rc;
	cJSON *obj;
	long line;
	int failed = MGT_OK, local;

	memset(&rc, 0, sizeof rc);
	rc.in = in;
	rc.s = s;
	while (ingest_pipe_object(in->pipe, &obj, &line, &local) > 0) {
		if (failed == MGT_OK)
			failed = ingest_object(&rc, obj, line);
		ingest_pipe_release(in->pipe, obj, local);
		if (failed)
			break;
	}
	s->size = ingest_pipe_size(in->pipe);
	if (ingest_pipe_status(in->pipe) == MGT_ERR_LIMIT)
		s->status = "skipped";
	else if (ingest_pipe_status(in->pipe) != MGT_OK)
		s->status = "partial";
	if (in->db_failed)
		return MGT_ERR_DB;
	return failed;
}

/* The must-gather "timestamp" file: start and end of the gather. */
static void
ingest_timestamp(struct ingest *in, const char *text, size_t len)
{
	int y, mo, d, h, mi, se, n, oh, om;
	char sign;
	const char *p = text, *end = text + len, *nl, *z;
	int64_t ts;
	const char *keys[2] = { "gather_start", "gather_end" };
	char buf[64];
	struct mgt_error err;
	int i = 0;

	while (p < end && i < 2) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (sscanf(p, "%4d-%2d-%2d %2d:%2d:%2d%n", &y, &mo, &d, &h, &mi,
		    &se, &n) == 6) {
			ts = time_from_civil(y, mo, d, h, mi, se, 0);
			/* "2025-12-03 15:36:40.1 +0100 CET": apply the offset. */
			z = p + n;
			while (z < end && *z != ' ' && *z != '\n')
				z++;
			if (sscanf(z, " %c%2d%2d", &sign, &oh, &om) == 3 &&
			    (sign == '+' || sign == '-') && ts != LOG_TS_NONE)
				ts -= (sign == '+' ? 1 : -1) *
				    ((int64_t)oh * 3600 + om * 60) * 1000000;
			time_format(ts, buf, sizeof buf);
			index_set_meta(in->idx, keys[i++], buf, &err);
			if (in->year_hint == 0)
				in->year_hint = y;
		}
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	if (i == 1)
		index_set_meta(in->idx, "gather_end", buf, &err);
}

int
ingest_small_member(struct ingest *in, const void *head, size_t headlen,
    struct index_source *s)
{
	char text[4096];
	size_t n = headlen < sizeof text - 1 ? headlen : sizeof text - 1;
	struct mgt_error err;

	char *p;

	if (head == NULL)
		n = 0;
	if (n > 0)
		memcpy(text, head, n);
	text[n] = '\0';
	s->size = (long long)headlen;
	if (in->cls.kind == KIND_TIMESTAMP)
		ingest_timestamp(in, text, n);
	else {
		/* "openshift/must-gather\n4.0-art-dev" -> one line. */
		while (n > 0 && (text[n - 1] == '\n' || text[n - 1] == '\r'))
			text[--n] = '\0';
		for (p = text; *p != '\0'; p++)
			if (*p == '\n' || *p == '\r')
				*p = ' ';
		if (index_set_meta(in->idx, "must_gather_version", text,
		    &err) != MGT_OK)
			return ingest_db_error(in, &err);
	}
	return MGT_OK;
}
