/*
 * One case is one cluster.  Objects that name the cluster (ClusterVersion
 * spec.clusterID, Infrastructure status.infrastructureName) must agree
 * across every input: two must-gathers of different clusters on one
 * command line would otherwise merge into one case, with the version of
 * one and the network of the other.  Inputs that name no cluster (a
 * journal, a console log) join the case when their hosts are its nodes,
 * and are reported as unattached when none is.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "ingest-private.h"
#include "util.h"
#include "xmalloc.h"

/*
 * Compare value with the case's (*have, first read at *have_at); the
 * first one seen becomes the case's.  Returns MGT_ERR_USAGE on a mismatch.
 */
static int
cluster_same(struct ingest *in, const char *what, const char *value,
    char **have, char **have_at)
{
	char a[256], b[256];

	in->input_identified = 1;
	if (*have == NULL) {
		*have = xstrdup(value);
		*have_at = xstrdup(in->vpath != NULL ? in->vpath : "");
		return MGT_OK;
	}
	if (strcmp(*have, value) == 0)
		return MGT_OK;
	util_escape(*have, a, sizeof a);
	util_escape(value, b, sizeof b);
	error_set(in->fatal, MGT_ERR_USAGE, in->vpath, -1, 0,
	    "the inputs hold two clusters: %s %s (in %s) and %s; one case is "
	    "one cluster, so analyse each must-gather with its own command "
	    "(or run 'mgtriage corpus' over them)", what, a, *have_at, b);
	return MGT_ERR_USAGE;
}

int
ingest_cluster_object(struct ingest *in, const char *kind, const cJSON *obj)
{
	const char *v;

	/* An empty ID names no cluster. */
	if (strcmp(kind, "ClusterVersion") == 0 &&
	    (v = ingest_str(obj, "spec", "clusterID")) != NULL && *v != '\0')
		return cluster_same(in, "clusterID", v, &in->cluster_id,
		    &in->cluster_id_at);
	if (strcmp(kind, "Infrastructure") == 0 &&
	    (v = ingest_str(obj, "status", "infrastructureName")) != NULL &&
	    *v != '\0')
		return cluster_same(in, "infrastructureName", v,
		    &in->infra_name, &in->infra_name_at);
	return MGT_OK;
}

void
ingest_cluster_input_start(struct ingest *in, const char *input)
{
	in->input = input;
	in->input_identified = 0;
	in->ninput_hosts = 0;
	in->last_host = 0;
}

void
ingest_cluster_host(struct ingest *in, const char *host, size_t len)
{
	size_t i;

	if (len == 0 || len >= INGEST_HOST_MAX)
		return;
	/* Most lines name the host the line before named. */
	i = in->last_host;
	if (i < in->ninput_hosts && strncmp(in->input_hosts[i], host, len) ==
	    0 && in->input_hosts[i][len] == '\0')
		return;
	for (i = 0; i < in->ninput_hosts; i++)
		if (strncmp(in->input_hosts[i], host, len) == 0 &&
		    in->input_hosts[i][len] == '\0') {
			in->last_host = i;
			return;
		}
	if (in->ninput_hosts == INGEST_INPUT_HOSTS)
		return;
	memcpy(in->input_hosts[i], host, len);
	in->input_hosts[i][len] = '\0';
	in->last_host = in->ninput_hosts++;
}

void
ingest_cluster_input_end(struct ingest *in)
{
	struct ingest_loose *l;
	char base[UTIL_BASENAME_MAX];
	size_t i, len = 0;

	if (in->input_identified || in->ninput_hosts == 0)
		return;
	in->loose = xreallocarray(in->loose, in->nloose + 1, sizeof *in->loose);
	l = &in->loose[in->nloose++];
	memset(l, 0, sizeof *l);
	l->input = xstrdup(util_basename(in->input, base, sizeof base));
	l->host = xcalloc(in->ninput_hosts, sizeof *l->host);
	for (i = 0; i < in->ninput_hosts; i++) {
		l->host[i] = xstrdup(in->input_hosts[i]);
		len += strlen(in->input_hosts[i]) + 2;
	}
	l->nhost = in->ninput_hosts;
	l->hosts = xcalloc(1, len + 1);
	for (i = 0; i < l->nhost; i++) {
		if (i > 0)
			strcat(l->hosts, ", ");
		strcat(l->hosts, l->host[i]);
	}
}

/*
 * The hosts the case knows: its nodes, and the machines, bare-metal hosts,
 * CSR requesters and etcd members that may not have become nodes (a
 * control-plane host that never joined is what such a journal is for).  A
 * host matches by name, by short name, or by sharing a node's domain
 * (nodes are named <host>.<cluster domain>).  The writer's connection has
 * no views (index_open() creates them), so the node of a CSR and the names
 * of etcd members are read here as the csrs and etcd_members views of
 * views/csrs.sql and views/etcd.sql read them.
 */
static const char ingest_cluster_host_sql[] =
    "WITH known(name) AS ("
    " SELECT name FROM resources WHERE kind IN ('Node', 'Machine',"
    " 'BareMetalHost')"
    " UNION SELECT CASE WHEN u LIKE 'system:node:%' THEN substr(u, 13)"
    " WHEN cn LIKE 'system:node:%' THEN substr(cn, 13) END"
    " FROM (SELECT coalesce(json_extract(doc, '$.spec.username'),"
    " json_extract(doc, '$.Spec.Username')) AS u,"
    " coalesce(csr_cn(json_extract(doc, '$.spec.request')),"
    " json_extract(doc, '$.Spec.Request.Subject.CommonName')) AS cn"
    " FROM resources WHERE kind = 'CertificateSigningRequest')"
    " UNION SELECT json_extract(m.value, '$.name')"
    " FROM resources r, json_each(r.doc, '$.members') m"
    " WHERE r.kind = 'EtcdMemberList' AND m.type = 'object')"
    " SELECT 1 FROM known WHERE name IS NOT NULL AND (name = ?1"
    " OR substr(name, 1, length(?1) + 1) = ?1 || '.'"
    " OR substr(?1, 1, length(name) + 1) = name || '.'"
    " OR (instr(?1, '.') > 0 AND instr(name, '.') > 0"
    " AND substr(?1, instr(?1, '.')) = substr(name, instr(name, '.'))"
    " AND EXISTS (SELECT 1 FROM resources r WHERE r.kind = 'Node'"
    " AND substr(r.name, instr(r.name, '.')) = substr(?1, instr(?1, '.')))))"
    " LIMIT 1";

/* Is host one the case knows (ingest_cluster_host_sql)?  1, 0, or -1
 * when SQLite failed. */
static int
cluster_is_node(sqlite3_stmt *st, const char *host)
{
	int rc;

	sqlite3_reset(st);
	if (sqlite3_bind_text(st, 1, host, -1, SQLITE_STATIC) != SQLITE_OK)
		return -1;
	rc = sqlite3_step(st);
	sqlite3_reset(st);
	if (rc == SQLITE_ROW)
		return 1;
	return rc == SQLITE_DONE ? 0 : -1;
}

int
ingest_cluster_finish(struct ingest *in, struct mgt_error *err)
{
	sqlite3 *db = index_db(in->idx);
	sqlite3_stmt *st;
	size_t i, k;
	int nodes = 0, attached;

	if (in->nloose == 0)
		return MGT_OK;
	if (sqlite3_prepare_v2(db, "SELECT count(*) FROM resources WHERE"
	    " kind = 'Node'", -1, &st, NULL) != SQLITE_OK)
		goto dberr;
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_finalize(st);
		goto dberr;
	}
	nodes = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	/* No node to compare with: nothing to attach to or tell apart. */
	if (nodes == 0)
		return MGT_OK;
	if (sqlite3_prepare_v2(db, ingest_cluster_host_sql, -1, &st, NULL) !=
	    SQLITE_OK)
		goto dberr;
	for (i = 0; i < in->nloose; i++) {
		attached = 0;
		for (k = 0; k < in->loose[i].nhost && !attached; k++)
			attached = cluster_is_node(st, in->loose[i].host[k]);
		if (attached < 0) {
			error_set(err, MGT_ERR_DB, "", -1, 0,
			    "matching hosts to nodes: %s", sqlite3_errmsg(db));
			sqlite3_finalize(st);
			return MGT_ERR_DB;
		}
		if (!attached)
			problem_report(&in->sink, PROBLEM_WARNING,
			    PCODE_UNATTACHED, in->loose[i].input, -1, 0,
			    "its lines name host%s %s, none of them a node of "
			    "this case's cluster: kept, but it may come from "
			    "another cluster", in->loose[i].nhost == 1 ? "" :
			    "s", in->loose[i].hosts);
	}
	sqlite3_finalize(st);
	return MGT_OK;
dberr:
	error_set(err, MGT_ERR_DB, "", -1, 0, "matching hosts to nodes: "
	    "%s", sqlite3_errmsg(db));
	return MGT_ERR_DB;
}

void
ingest_cluster_free(struct ingest *in)
{
	size_t i, k;

	for (i = 0; i < in->nloose; i++) {
		for (k = 0; k < in->loose[i].nhost; k++)
			free(in->loose[i].host[k]);
		free(in->loose[i].host);
		free(in->loose[i].hosts);
		free(in->loose[i].input);
	}
	free(in->loose);
	in->loose = NULL;
	in->nloose = 0;
	free(in->cluster_id);
	free(in->cluster_id_at);
	free(in->infra_name);
	free(in->infra_name_at);
	in->cluster_id = in->cluster_id_at = NULL;
	in->infra_name = in->infra_name_at = NULL;
}
