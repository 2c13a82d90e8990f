/* SPDX-License-Identifier: Apache-2.0 */
/*
 * APIRequestCount objects (cluster-scoped-resources/apiserver.openshift.io/
 * apirequestcounts/), written only by the real profile: in a real gather
 * there is one per served resource, each a few to tens of KB of request
 * counts by hour, node, user and verb.
 */
#include <stdio.h>
#include <string.h>

#include "gen.h"
#include "gen-yaml.h"

static const char *const resources[] = {
	"pods.v1", "configmaps.v1", "secrets.v1", "events.v1", "nodes.v1",
	"services.v1", "endpoints.v1", "namespaces.v1", "serviceaccounts.v1",
	"deployments.v1.apps", "daemonsets.v1.apps", "replicasets.v1.apps",
	"leases.v1.coordination.k8s.io", "tokenreviews.v1.authentication.k8s.io",
	"subjectaccessreviews.v1.authorization.k8s.io",
	"clusteroperators.v1.config.openshift.io",
	"machineconfigs.v1.machineconfiguration.openshift.io",
	"routes.v1.route.openshift.io", "roles.v1.rbac.authorization.k8s.io",
	"rolebindings.v1.rbac.authorization.k8s.io",
};

static const char *const users[][2] = {
	{ "system:serviceaccount:openshift-kube-apiserver-operator:"
	    "kube-apiserver-operator", "cluster-kube-apiserver-operator/v0.0.0" },
	{ "system:admin", "operator-sdk/v0.0.0" },
	{ "system:serviceaccount:openshift-monitoring:prometheus-k8s",
	    "Prometheus/2.39.1" },
	{ "system:serviceaccount:openshift-multus:multus", "multus/v0.0.0" },
	{ "system:kube-controller-manager", "kube-controller-manager/v1.25.0" },
	{ "system:kube-scheduler", "kube-scheduler/v1.25.0" },
	{ "system:serviceaccount:openshift-machine-config-operator:"
	    "machine-config-daemon", "machine-config-daemon/v0.0.0" },
	{ "system:serviceaccount:openshift-etcd-operator:etcd-operator",
	    "cluster-etcd-operator/v0.0.0" },
	{ "system:apiserver", "kube-apiserver/v1.25.0" },
	{ "system:serviceaccount:openshift-network-operator:default",
	    "cluster-network-operator/v0.0.0" },
};

static const char *const verbs[] = {
	"create", "delete", "get", "list", "patch", "update", "watch",
};

#define NRES	(sizeof resources / sizeof *resources)
#define NUSERS	(sizeof users / sizeof *users)
#define NVERBS	(sizeof verbs / sizeof *verbs)

/* The name of the idx-th object; past the table, numbered variants. */
void
yaml_apireq_name(int idx, char *out, size_t n)
{
	const char	*r = resources[(size_t)idx % NRES];
	size_t		 dot = strcspn(r, ".");

	if ((size_t)idx < NRES)
		snprintf(out, n, "%s", r);
	else
		snprintf(out, n, "%.*s%zu%s", (int)dot, r, (size_t)idx / NRES,
		    r + dot);
}

/*
 * One hour's counts: per master, up to ten users, each a few verbs; item:
 * the hour is an element of last24h.
 */
static void
apireq_hour(struct yctx *y, int ind, int item)
{
	const struct gen_cluster	*cl = y->cl;
	uint32_t			 c[NVERBS], tot;
	int				 n, u, v, nu;

	if (item)
		yl(y, ind - 2, "- byNode:");
	else
		yl(y, ind, "byNode:");
	for (n = 0; n < cl->nmasters; n++) {
		nu = 3 + (int)rng_below(y->r, NUSERS - 2);
		yl(y, ind, "- byUser:");
		for (u = 0; u < nu; u++) {
			yl(y, ind + 2, "- byVerb:");
			tot = 0;
			for (v = 0; v < (int)NVERBS; v++) {
				c[v] = rng_below(y->r, 3) == 0 ?
				    1 + rng_below(y->r, 200) : 0;
				if (c[v] == 0)
					continue;
				yl(y, ind + 4, "- requestCount: %u", c[v]);
				yl(y, ind + 6, "verb: %s", verbs[v]);
				tot += c[v];
			}
			if (tot == 0) {
				yl(y, ind + 4, "- requestCount: 1");
				yl(y, ind + 6, "verb: get");
				tot = 1;
			}
			yl(y, ind + 4, "requestCount: %u", tot);
			yl(y, ind + 4, "userAgent: %s", users[u][1]);
			yl(y, ind + 4, "username: %s", users[u][0]);
		}
		yl(y, ind + 2, "nodeName: %s", cl->nodes[n].ip);
		yl(y, ind + 2, "requestCount: %u", 100 + rng_below(y->r, 5000));
	}
	yl(y, ind, "requestCount: %u", 300 + rng_below(y->r, 15000));
}

void
yaml_apireq(struct yctx *y, int idx)
{
	char		 name[128], u[40], t[32];
	int		 h, nh;

	yaml_apireq_name(idx, name, sizeof name);
	yl(y, 0, "apiVersion: apiserver.openshift.io/v1");
	yl(y, 0, "kind: APIRequestCount");
	yl(y, 0, "metadata:");
	ts(t, y->cl->t_install);
	yl(y, 2, "creationTimestamp: \"%s\"", t);
	yl(y, 2, "generation: 1");
	yl(y, 2, "name: %s", name);
	yl(y, 2, "resourceVersion: \"%u\"", rv(y));
	gen_uuid(y->r, u);
	yl(y, 2, "uid: %s", u);
	yl(y, 0, "spec:");
	yl(y, 2, "numberOfUsersToReport: 10");
	yl(y, 0, "status:");
	yl(y, 2, "currentHour:");
	apireq_hour(y, 4, 0);
	yl(y, 2, "last24h:");
	nh = 1 + (int)rng_below(y->r, 4);
	for (h = 0; h < nh; h++)
		apireq_hour(y, 4, 1);
	yl(y, 2, "removedInRelease: \"\"");
	yl(y, 2, "requestCount: %u", 1000 + rng_below(y->r, 90000));
}
