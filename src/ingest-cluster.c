/* SPDX-License-Identifier: Apache-2.0 */
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
#include "index-read.h"
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
 * Warn of each loose input none of whose hosts the case knows (a node, or
 * a machine, bare-metal host, CSR requester or etcd member that may not
 * have become a node: a control-plane host that never joined is what such
 * a journal is for; index_hosts_known()).
 */
int
ingest_cluster_finish(struct ingest *in, struct mgt_error *err)
{
	struct mgt_error e;
	long long nodes;
	size_t i;
	int attached;

	if (in->nloose == 0)
		return MGT_OK;
	mgt_error_clear(&e);
	if (index_count_kind(in->idx, "Node", &nodes, &e) != MGT_OK)
		goto dberr;
	/* No node to compare with: nothing to attach to or tell apart. */
	if (nodes == 0)
		return MGT_OK;
	for (i = 0; i < in->nloose; i++) {
		if (index_hosts_known(in->idx, in->loose[i].host,
		    in->loose[i].nhost, &attached, &e) != MGT_OK)
			goto dberr;
		if (!attached)
			problem_report(&in->sink, PROBLEM_WARNING,
			    PCODE_UNATTACHED, in->loose[i].input, -1, 0,
			    "its lines name host%s %s, none of them a node of "
			    "this case's cluster: kept, but it may come from "
			    "another cluster", in->loose[i].nhost == 1 ? "" :
			    "s", in->loose[i].hosts);
	}
	return MGT_OK;
dberr:
	return error_set(err, MGT_ERR_DB, "", -1, 0, "matching hosts to "
	    "nodes: %s", e.msg);
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
