/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The synthetic cluster behind a generated must-gather: nodes, namespaces,
 * the OpenShift workloads and their pods and containers, the user
 * namespaces that scale with --size, and the one seeded incident (a worker
 * that points at a rendered MachineConfig that no longer exists).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"

enum wk_kind {
	WK_DEPLOY,	/* count replicas */
	WK_DS_ALL,	/* one per node */
	WK_DS_MASTER,
	WK_DS_WORKER,
	WK_STATIC,	/* one per master, named <name>-<node> */
	WK_INSTALLER,	/* count completed revisions per master */
	WK_STS,		/* count replicas, <name>-<i> */
	WK_POD		/* one bare pod */
};

struct workload {
	const char	*ns;
	const char	*name;
	int		 kind;
	int		 count;
	int		 workers;	/* scheduled on workers */
	const char	*containers;	/* space separated */
	double		 weight;	/* how chatty */
};

static const struct workload workloads[] = {
	{ "openshift-apiserver", "apiserver", WK_DEPLOY, 3, 0,
	    "openshift-apiserver openshift-apiserver-check-endpoints", 2.0 },
	{ "openshift-apiserver-operator", "openshift-apiserver-operator",
	    WK_DEPLOY, 1, 0, "openshift-apiserver-operator", 1.0 },
	{ "openshift-authentication", "oauth-openshift", WK_DEPLOY, 3, 0,
	    "oauth-openshift", 0.4 },
	{ "openshift-authentication-operator", "authentication-operator",
	    WK_DEPLOY, 1, 0, "authentication-operator", 1.5 },
	{ "openshift-cloud-credential-operator", "cloud-credential-operator",
	    WK_DEPLOY, 1, 0, "kube-rbac-proxy cloud-credential-operator", 0.5 },
	{ "openshift-cluster-machine-approver", "machine-approver", WK_DEPLOY,
	    1, 0, "kube-rbac-proxy machine-approver-controller", 0.4 },
	{ "openshift-cluster-node-tuning-operator",
	    "cluster-node-tuning-operator", WK_DEPLOY, 1, 0,
	    "cluster-node-tuning-operator", 0.3 },
	{ "openshift-cluster-node-tuning-operator", "tuned", WK_DS_ALL, 0, 0,
	    "tuned", 0.2 },
	{ "openshift-cluster-samples-operator", "cluster-samples-operator",
	    WK_DEPLOY, 1, 0,
	    "cluster-samples-operator cluster-samples-operator-watch", 0.3 },
	{ "openshift-cluster-storage-operator", "cluster-storage-operator",
	    WK_DEPLOY, 1, 0, "cluster-storage-operator", 0.5 },
	{ "openshift-cluster-storage-operator", "csi-snapshot-controller",
	    WK_DEPLOY, 2, 0, "snapshot-controller", 0.2 },
	{ "openshift-cluster-version", "cluster-version-operator", WK_DEPLOY,
	    1, 0, "cluster-version-operator", 2.0 },
	{ "openshift-config-operator", "openshift-config-operator", WK_DEPLOY,
	    1, 0, "openshift-config-operator", 0.5 },
	{ "openshift-console", "console", WK_DEPLOY, 2, 0, "console", 0.3 },
	{ "openshift-console", "downloads", WK_DEPLOY, 2, 0, "download-server",
	    0.1 },
	{ "openshift-console-operator", "console-operator", WK_DEPLOY, 1, 0,
	    "console-operator", 0.8 },
	{ "openshift-controller-manager", "controller-manager", WK_DEPLOY, 3,
	    0, "controller-manager", 0.8 },
	{ "openshift-controller-manager-operator",
	    "openshift-controller-manager-operator", WK_DEPLOY, 1, 0,
	    "openshift-controller-manager-operator", 0.8 },
	{ "openshift-dns", "dns-default", WK_DS_ALL, 0, 0,
	    "dns kube-rbac-proxy", 0.3 },
	{ "openshift-dns", "node-resolver", WK_DS_ALL, 0, 0,
	    "dns-node-resolver", 0.05 },
	{ "openshift-dns-operator", "dns-operator", WK_DEPLOY, 1, 0,
	    "dns-operator kube-rbac-proxy", 0.3 },
	{ "openshift-etcd", "etcd", WK_STATIC, 0, 0,
	    "etcd etcdctl etcd-metrics etcd-readyz", 4.0 },
	{ "openshift-etcd", "installer", WK_INSTALLER, 3, 0, "installer",
	    0.05 },
	{ "openshift-etcd-operator", "etcd-operator", WK_DEPLOY, 1, 0,
	    "etcd-operator", 1.5 },
	{ "openshift-image-registry", "cluster-image-registry-operator",
	    WK_DEPLOY, 1, 0, "cluster-image-registry-operator", 0.5 },
	{ "openshift-image-registry", "image-registry", WK_DEPLOY, 2, 1,
	    "registry", 0.5 },
	{ "openshift-image-registry", "node-ca", WK_DS_ALL, 0, 0, "node-ca",
	    0.1 },
	{ "openshift-ingress", "router-default", WK_DEPLOY, 2, 1, "router",
	    1.0 },
	{ "openshift-ingress-canary", "ingress-canary", WK_DS_WORKER, 0, 1,
	    "serve-healthcheck-canary", 0.05 },
	{ "openshift-ingress-operator", "ingress-operator", WK_DEPLOY, 1, 0,
	    "ingress-operator kube-rbac-proxy", 0.6 },
	{ "openshift-insights", "insights-operator", WK_DEPLOY, 1, 0,
	    "insights-operator", 0.5 },
	{ "openshift-kube-apiserver", "kube-apiserver", WK_STATIC, 0, 0,
	    "kube-apiserver kube-apiserver-cert-syncer "
	    "kube-apiserver-cert-regeneration-controller "
	    "kube-apiserver-insecure-readyz kube-apiserver-check-endpoints",
	    5.0 },
	{ "openshift-kube-apiserver", "installer", WK_INSTALLER, 4, 0,
	    "installer", 0.05 },
	{ "openshift-kube-apiserver", "revision-pruner", WK_INSTALLER, 2, 0,
	    "pruner", 0.01 },
	{ "openshift-kube-apiserver-operator", "kube-apiserver-operator",
	    WK_DEPLOY, 1, 0, "kube-apiserver-operator", 2.0 },
	{ "openshift-kube-controller-manager", "kube-controller-manager",
	    WK_STATIC, 0, 0, "kube-controller-manager "
	    "cluster-policy-controller "
	    "kube-controller-manager-cert-syncer "
	    "kube-controller-manager-recovery-controller", 3.0 },
	{ "openshift-kube-controller-manager", "installer", WK_INSTALLER, 3, 0,
	    "installer", 0.05 },
	{ "openshift-kube-controller-manager-operator",
	    "kube-controller-manager-operator", WK_DEPLOY, 1, 0,
	    "kube-controller-manager-operator", 1.5 },
	{ "openshift-kube-scheduler", "openshift-kube-scheduler", WK_STATIC, 0,
	    0, "kube-scheduler kube-scheduler-cert-syncer "
	    "kube-scheduler-recovery-controller", 1.5 },
	{ "openshift-kube-scheduler", "installer", WK_INSTALLER, 3, 0,
	    "installer", 0.05 },
	{ "openshift-kube-scheduler-operator",
	    "openshift-kube-scheduler-operator", WK_DEPLOY, 1, 0,
	    "kube-scheduler-operator-container", 1.0 },
	{ "openshift-kube-storage-version-migrator", "migrator", WK_DEPLOY, 1,
	    0, "migrator", 0.1 },
	{ "openshift-kube-storage-version-migrator-operator",
	    "kube-storage-version-migrator-operator", WK_DEPLOY, 1, 0,
	    "kube-storage-version-migrator-operator", 0.3 },
	{ "openshift-machine-api", "machine-api-operator", WK_DEPLOY, 1, 0,
	    "kube-rbac-proxy machine-api-operator", 0.5 },
	{ "openshift-machine-api", "machine-api-controllers", WK_DEPLOY, 1, 0,
	    "machineset-controller machine-controller nodelink-controller "
	    "machine-healthcheck-controller kube-rbac-proxy-machineset-mtrc "
	    "kube-rbac-proxy-machine-mtrc kube-rbac-proxy-mhc-mtrc", 1.0 },
	{ "openshift-machine-api", "cluster-autoscaler-operator", WK_DEPLOY, 1,
	    0, "kube-rbac-proxy cluster-autoscaler-operator", 0.2 },
	{ "openshift-machine-config-operator", "machine-config-operator",
	    WK_DEPLOY, 1, 0, "machine-config-operator kube-rbac-proxy", 0.8 },
	{ "openshift-machine-config-operator", "machine-config-controller",
	    WK_DEPLOY, 1, 0, "machine-config-controller kube-rbac-proxy", 1.0 },
	{ "openshift-machine-config-operator", "machine-config-daemon",
	    WK_DS_ALL, 0, 0, "machine-config-daemon kube-rbac-proxy", 0.5 },
	{ "openshift-machine-config-operator", "machine-config-server",
	    WK_DS_MASTER, 0, 0, "machine-config-server", 0.1 },
	{ "openshift-marketplace", "marketplace-operator", WK_DEPLOY, 1, 0,
	    "marketplace-operator", 0.3 },
	{ "openshift-marketplace", "certified-operators", WK_POD, 1, 0,
	    "registry-server", 0.2 },
	{ "openshift-marketplace", "community-operators", WK_POD, 1, 0,
	    "registry-server", 0.2 },
	{ "openshift-marketplace", "redhat-operators", WK_POD, 1, 0,
	    "registry-server", 0.2 },
	{ "openshift-monitoring", "cluster-monitoring-operator", WK_DEPLOY, 1,
	    0, "cluster-monitoring-operator kube-rbac-proxy", 0.8 },
	{ "openshift-monitoring", "prometheus-k8s", WK_STS, 2, 1,
	    "prometheus config-reloader thanos-sidecar prometheus-proxy "
	    "kube-rbac-proxy kube-rbac-proxy-thanos", 2.0 },
	{ "openshift-monitoring", "alertmanager-main", WK_STS, 2, 1,
	    "alertmanager config-reloader alertmanager-proxy kube-rbac-proxy",
	    0.5 },
	{ "openshift-monitoring", "node-exporter", WK_DS_ALL, 0, 0,
	    "node-exporter kube-rbac-proxy", 0.2 },
	{ "openshift-monitoring", "kube-state-metrics", WK_DEPLOY, 1, 1,
	    "kube-state-metrics kube-rbac-proxy-main kube-rbac-proxy-self",
	    0.5 },
	{ "openshift-monitoring", "prometheus-operator", WK_DEPLOY, 1, 0,
	    "prometheus-operator kube-rbac-proxy", 0.6 },
	{ "openshift-monitoring", "thanos-querier", WK_DEPLOY, 2, 1,
	    "thanos-query oauth-proxy kube-rbac-proxy", 0.4 },
	{ "openshift-monitoring", "telemeter-client", WK_DEPLOY, 1, 1,
	    "telemeter-client reload kube-rbac-proxy", 0.2 },
	{ "openshift-multus", "multus", WK_DS_ALL, 0, 0, "kube-multus", 0.3 },
	{ "openshift-multus", "multus-additional-cni-plugins", WK_DS_ALL, 0, 0,
	    "kube-multus-additional-cni-plugins", 0.02 },
	{ "openshift-multus", "network-metrics-daemon", WK_DS_ALL, 0, 0,
	    "network-metrics-daemon kube-rbac-proxy", 0.1 },
	{ "openshift-multus", "multus-admission-controller", WK_DS_MASTER, 0,
	    0, "multus-admission-controller kube-rbac-proxy", 0.1 },
	{ "openshift-network-diagnostics", "network-check-source", WK_DEPLOY,
	    1, 1, "check-endpoints", 0.5 },
	{ "openshift-network-diagnostics", "network-check-target", WK_DS_ALL,
	    0, 0, "network-check-target-container", 0.02 },
	{ "openshift-network-operator", "network-operator", WK_DEPLOY, 1, 0,
	    "network-operator", 1.0 },
	{ "openshift-oauth-apiserver", "apiserver", WK_DEPLOY, 3, 0,
	    "oauth-apiserver", 1.0 },
	{ "openshift-operator-lifecycle-manager", "olm-operator", WK_DEPLOY, 1,
	    0, "olm-operator", 1.0 },
	{ "openshift-operator-lifecycle-manager", "catalog-operator",
	    WK_DEPLOY, 1, 0, "catalog-operator", 1.0 },
	{ "openshift-operator-lifecycle-manager", "packageserver", WK_DEPLOY,
	    2, 0, "packageserver", 0.5 },
	{ "openshift-ovn-kubernetes", "ovnkube-master", WK_DS_MASTER, 0, 0,
	    "northd nbdb kube-rbac-proxy sbdb ovnkube-master ovn-dbchecker",
	    3.0 },
	{ "openshift-ovn-kubernetes", "ovnkube-node", WK_DS_ALL, 0, 0,
	    "ovn-controller ovn-acl-logging kube-rbac-proxy "
	    "kube-rbac-proxy-ovn-metrics ovnkube-node", 1.5 },
	{ "openshift-service-ca", "service-ca", WK_DEPLOY, 1, 0,
	    "service-ca-controller", 0.3 },
	{ "openshift-service-ca-operator", "service-ca-operator", WK_DEPLOY, 1,
	    0, "service-ca-operator", 0.5 },
};
#define NWORKLOADS ((int)(sizeof workloads / sizeof workloads[0]))

/* Namespaces that exist on every cluster but run no pods. */
static const char *const quiet_ns[] = {
	"default", "kube-node-lease", "kube-public", "kube-system",
	"openshift", "openshift-config", "openshift-config-managed",
	"openshift-host-network", "openshift-infra", "openshift-node",
	"openshift-operators", "openshift-user-workload-monitoring",
};

static const char *const user_words[] = {
	"payments", "checkout", "inventory", "search", "catalog", "billing",
	"orders", "identity", "ledger", "notify", "reports", "gateway",
	"shipping", "pricing", "media", "profile", "audit", "analytics",
};
static const char *const user_envs[] = { "dev", "qa", "stage", "prod" };
static const char *const user_apps[] = {
	"api", "web", "worker", "cache", "frontend", "backend", "scheduler",
	"ingest", "db-proxy", "consumer",
};

const char *const model_mc_names[] = {
	"00-master", "00-worker", "01-master-container-runtime",
	"01-master-kubelet", "01-worker-container-runtime", "01-worker-kubelet",
	"97-master-generated-kubelet", "97-worker-generated-kubelet",
	"98-master-generated-kubelet", "98-worker-generated-kubelet",
	"99-master-generated-registries", "99-master-ssh",
	"99-worker-generated-registries", "99-worker-ssh",
};
const int model_nmc = sizeof model_mc_names / sizeof model_mc_names[0];

const char *const model_co_names[] = {
	"authentication", "baremetal", "cloud-controller-manager",
	"cloud-credential", "cluster-autoscaler", "config-operator", "console",
	"control-plane-machine-set", "csi-snapshot-controller", "dns", "etcd",
	"image-registry", "ingress", "insights", "kube-apiserver",
	"kube-controller-manager", "kube-scheduler",
	"kube-storage-version-migrator", "machine-api", "machine-approver",
	"machine-config", "marketplace", "monitoring", "network", "node-tuning",
	"openshift-apiserver", "openshift-controller-manager",
	"openshift-samples", "operator-lifecycle-manager",
	"operator-lifecycle-manager-catalog",
	"operator-lifecycle-manager-packageserver", "service-ca", "storage",
};
const int model_nco = sizeof model_co_names / sizeof model_co_names[0];

const char *const model_config_names[] = {
	"apiservers", "authentications", "builds", "clusterversions",
	"consoles", "dnses", "featuregates", "images", "infrastructures",
	"ingresses", "networks", "oauths", "operatorhubs", "projects",
	"proxies", "schedulers",
};
const int model_nconfig =
    sizeof model_config_names / sizeof model_config_names[0];

const char *const model_crd_names[] = {
	"alertmanagerconfigs.monitoring.coreos.com",
	"alertmanagers.monitoring.coreos.com",
	"apirequestcounts.apiserver.openshift.io",
	"apiservers.config.openshift.io",
	"authentications.config.openshift.io",
	"authentications.operator.openshift.io",
	"baremetalhosts.metal3.io", "builds.config.openshift.io",
	"catalogsources.operators.coreos.com",
	"cloudcredentials.operator.openshift.io",
	"clusterautoscalers.autoscaling.openshift.io",
	"clustercsidrivers.operator.openshift.io",
	"clusteroperators.config.openshift.io",
	"clusterresourcequotas.quota.openshift.io",
	"clusterserviceversions.operators.coreos.com",
	"clusterversions.config.openshift.io", "configs.imageregistry."
	"operator.openshift.io", "configs.operator.openshift.io",
	"configs.samples.operator.openshift.io",
	"consoleclidownloads.console.openshift.io",
	"consoleexternalloglinks.console.openshift.io",
	"consolelinks.console.openshift.io",
	"consolenotifications.console.openshift.io",
	"consoleplugins.console.openshift.io",
	"consolequickstarts.console.openshift.io",
	"consoles.config.openshift.io", "consoles.operator.openshift.io",
	"consoleyamlsamples.console.openshift.io",
	"containerruntimeconfigs.machineconfiguration.openshift.io",
	"controllerconfigs.machineconfiguration.openshift.io",
	"controlplanemachinesets.machine.openshift.io",
	"credentialsrequests.cloudcredential.openshift.io",
	"csisnapshotcontrollers.operator.openshift.io",
	"dnses.config.openshift.io", "dnses.operator.openshift.io",
	"dnsrecords.ingress.operator.openshift.io",
	"egressfirewalls.k8s.ovn.org", "egressips.k8s.ovn.org",
	"egressqoses.k8s.ovn.org", "etcds.operator.openshift.io",
	"featuregates.config.openshift.io", "helmchartrepositories.helm."
	"openshift.io", "imagecontentpolicies.config.openshift.io",
	"imagecontentsourcepolicies.operator.openshift.io",
	"imagepruners.imageregistry.operator.openshift.io",
	"images.config.openshift.io", "infrastructures.config.openshift.io",
	"ingresscontrollers.operator.openshift.io",
	"ingresses.config.openshift.io", "installplans.operators.coreos.com",
	"ippools.whereabouts.cni.cncf.io",
	"kubeapiservers.operator.openshift.io",
	"kubecontrollermanagers.operator.openshift.io",
	"kubeletconfigs.machineconfiguration.openshift.io",
	"kubeschedulers.operator.openshift.io",
	"machineautoscalers.autoscaling.openshift.io",
	"machineconfigpools.machineconfiguration.openshift.io",
	"machineconfigs.machineconfiguration.openshift.io",
	"machinehealthchecks.machine.openshift.io",
	"machines.machine.openshift.io", "machinesets.machine.openshift.io",
	"network-attachment-definitions.k8s.cni.cncf.io",
	"networks.config.openshift.io", "networks.operator.openshift.io",
	"nodes.config.openshift.io", "oauths.config.openshift.io",
	"olmconfigs.operators.coreos.com",
	"openshiftapiservers.operator.openshift.io",
	"operatorconditions.operators.coreos.com",
	"operatorgroups.operators.coreos.com",
	"operatorhubs.config.openshift.io", "operators.operators.coreos.com",
	"podmonitors.monitoring.coreos.com", "podnetworkconnectivitychecks."
	"controlplane.operator.openshift.io", "profiles.tuned.openshift.io",
	"projecthelmchartrepositories.helm.openshift.io",
	"projects.config.openshift.io", "prometheuses.monitoring.coreos.com",
	"prometheusrules.monitoring.coreos.com", "proxies.config.openshift.io",
	"rolebindingrestrictions.authorization.openshift.io",
	"schedulers.config.openshift.io",
	"securitycontextconstraints.security.openshift.io",
	"servicemonitors.monitoring.coreos.com", "storages.operator.openshift."
	"io", "subscriptions.operators.coreos.com",
	"thanosrulers.monitoring.coreos.com", "tuneds.tuned.openshift.io",
	"volumesnapshotclasses.snapshot.storage.k8s.io",
	"volumesnapshotcontents.snapshot.storage.k8s.io",
	"volumesnapshots.snapshot.storage.k8s.io",
};
const int model_ncrd = sizeof model_crd_names / sizeof model_crd_names[0];

const char *const model_apiservice_names[] = {
	"v1.", "v1.admissionregistration.k8s.io", "v1.apiextensions.k8s.io",
	"v1.apps", "v1.apps.openshift.io", "v1.authentication.k8s.io",
	"v1.authorization.k8s.io", "v1.authorization.openshift.io",
	"v1.autoscaling", "v1.batch", "v1.build.openshift.io",
	"v1.certificates.k8s.io", "v1.config.openshift.io",
	"v1.coordination.k8s.io", "v1.discovery.k8s.io", "v1.events.k8s.io",
	"v1.image.openshift.io", "v1.machine.openshift.io",
	"v1.machineconfiguration.openshift.io", "v1.monitoring.coreos.com",
	"v1.networking.k8s.io", "v1.node.k8s.io", "v1.oauth.openshift.io",
	"v1.operator.openshift.io", "v1.packages.operators.coreos.com",
	"v1.policy", "v1.project.openshift.io", "v1.quota.openshift.io",
	"v1.rbac.authorization.k8s.io", "v1.route.openshift.io",
	"v1.scheduling.k8s.io", "v1.security.openshift.io",
	"v1.storage.k8s.io", "v1.template.openshift.io",
	"v1.user.openshift.io", "v1alpha1.operators.coreos.com",
	"v1beta1.metrics.k8s.io", "v2.autoscaling",
};
const int model_napiservice =
    sizeof model_apiservice_names / sizeof model_apiservice_names[0];

const char *const model_host_logs[] = {
	"kubelet", "crio", "NetworkManager", "machine-config-daemon-firstboot",
	"openvswitch", "ovs-vswitchd", "ovsdb-server", "ovs-configuration",
};
const int model_nhost_logs =
    sizeof model_host_logs / sizeof model_host_logs[0];

const char *const model_etcd_files[] = {
	"alarm_list.json", "endpoint_health.json", "endpoint_status.json",
	"member_list.json",
};
const int model_netcd_files =
    sizeof model_etcd_files / sizeof model_etcd_files[0];

static const char *const list_paths[L_COUNT] = {
	"core/configmaps.yaml", "core/endpoints.yaml", "core/events.yaml",
	"core/persistentvolumeclaims.yaml", "core/pods.yaml",
	"core/replicationcontrollers.yaml", "core/secrets.yaml",
	"core/services.yaml", "apps/daemonsets.yaml", "apps/deployments.yaml",
	"apps/replicasets.yaml", "apps/statefulsets.yaml", "batch/jobs.yaml",
	"batch/cronjobs.yaml", "autoscaling/horizontalpodautoscalers.yaml",
	"policy/poddisruptionbudgets.yaml", "route.openshift.io/routes.yaml",
	"discovery.k8s.io/endpointslices.yaml",
};

const char *
model_list_path(int l)
{
	return list_paths[l];
}

/* CSR names are random but must be known to both planner and writer. */
void
model_csr_name(const struct gen_cluster *cl, int idx, char *out, size_t len)
{
	static const char alpha[] = "bcdfghjklmnpqrstvwxz2456789";
	struct rng	 r;
	char		 sfx[8];
	uint64_t	 v;
	int		 i;

	/* A bijection of idx onto 27^5 names, so no two collide. */
	rng_seed(&r, cl->seed ^ 0x637372ULL);
	v = (rng_next(&r) + (uint64_t)idx * 7990271ULL) % 14348907ULL;
	for (i = 0; i < 5; i++) {
		sfx[i] = alpha[v % 27];
		v /= 27;
	}
	sfx[5] = '\0';
	snprintf(out, len, "csr-%s", sfx);
}

static int
ns_find(struct gen_cluster *cl, const char *name)
{
	int	 i;

	for (i = 0; i < cl->nns; i++)
		if (strcmp(cl->ns[i].name, name) == 0)
			return i;
	return -1;
}

static int
ns_add(struct gen_cluster *cl, struct rng *r, const char *name, int user)
{
	struct gen_ns	*ns;
	int		 i;

	if ((i = ns_find(cl, name)) != -1)
		return i;
	cl->ns = xreallocarray(cl->ns, cl->nns + 1, sizeof *cl->ns);
	ns = &cl->ns[cl->nns];
	memset(ns, 0, sizeof *ns);
	snprintf(ns->name, sizeof ns->name, "%s", name);
	gen_uuid(r, ns->uid);
	ns->user = user;
	ns->created_ns = cl->t_install + (int64_t)rng_below(r, 1800) *
	    1000000000LL;
	if (user)
		ns->created_ns += 3600LL * 1000000000LL;
	return cl->nns++;
}

/* Style and tag follow from the container (and namespace) name. */
static void
container_kind(struct gen_container *c, const char *ns, struct rng *r)
{
	const char	*n = c->name;

	c->style = STYLE_KLOG;
	c->tag = TAG_ANY;
	if (strcmp(ns, "openshift-etcd") == 0 && strncmp(n, "etcd", 4) == 0) {
		c->style = STYLE_ZAP;
		c->tag = TAG_ETCD;
	} else if (strcmp(n, "prometheus") == 0 ||
	    strcmp(n, "alertmanager") == 0 || strncmp(n, "thanos", 6) == 0 ||
	    strcmp(n, "config-reloader") == 0 ||
	    strcmp(n, "prometheus-operator") == 0 || strcmp(n, "reload") == 0) {
		c->style = STYLE_LOGFMT;
		c->tag = TAG_PROM;
	} else if (strcmp(n, "northd") == 0 || strcmp(n, "nbdb") == 0 ||
	    strcmp(n, "sbdb") == 0 || strcmp(n, "ovn-controller") == 0) {
		c->style = STYLE_VLOG;
		c->tag = TAG_OVN;
	} else if (strncmp(n, "ovnkube", 7) == 0 ||
	    strcmp(n, "ovn-dbchecker") == 0)
		c->tag = TAG_OVN;
	else if (strcmp(n, "oauth-proxy") == 0 ||
	    strcmp(n, "prometheus-proxy") == 0 ||
	    strcmp(n, "alertmanager-proxy") == 0)
		c->style = STYLE_GOLOG;
	else if (strcmp(n, "registry") == 0)
		c->style = STYLE_LOGRUS;
	else if (strncmp(n, "machine-config", 14) == 0)
		c->tag = TAG_MCO;
	else if (strcmp(n, "kube-apiserver") == 0 ||
	    strcmp(n, "openshift-apiserver") == 0 ||
	    strcmp(n, "oauth-apiserver") == 0 ||
	    strcmp(n, "packageserver") == 0)
		c->tag = TAG_API;
	else if (strncmp(ns, "openshift", 9) != 0 &&
	    strcmp(ns, "default") != 0) {
		/* User applications log in all sorts of ways. */
		switch (rng_below(r, 4)) {
		case 0:
			c->style = STYLE_LOGRUS;
			break;
		case 1:
			c->style = STYLE_ZAP;
			break;
		case 2:
			c->style = STYLE_GOLOG;
			break;
		}
	}
}

/* Sidecars print a banner and little else. */
static int
is_sidecar(const char *n)
{
	return strstr(n, "kube-rbac-proxy") != NULL ||
	    strstr(n, "cert-syncer") != NULL ||
	    strstr(n, "insecure-readyz") != NULL ||
	    strstr(n, "config-reloader") != NULL ||
	    strstr(n, "-proxy") != NULL || strcmp(n, "reload") == 0 ||
	    strcmp(n, "etcdctl") == 0 || strcmp(n, "etcd-readyz") == 0 ||
	    strcmp(n, "etcd-metrics") == 0 || strcmp(n, "istio-proxy") == 0;
}

/* Roughly log-normal: most containers near 1, a few far above. */
static double
chatty(struct rng *r)
{
	double	 g = 0;
	int	 i;

	for (i = 0; i < 4; i++)
		g += rng_unit(r);
	return exp((g - 2.0) * 1.6);
}

static struct gen_pod *
pod_add(struct gen_cluster *cl, struct rng *r, int ns, const char *name,
    int node, int kind, const char *owner, const char *containers,
    double weight)
{
	struct gen_pod		*p;
	struct gen_container	*c;
	const char		*s, *e;
	int			 i, n;
	uint32_t		 x;

	cl->pods = xreallocarray(cl->pods, cl->npods + 1, sizeof *cl->pods);
	p = &cl->pods[cl->npods];
	memset(p, 0, sizeof *p);
	snprintf(p->name, sizeof p->name, "%s", name);
	snprintf(p->owner, sizeof p->owner, "%s", owner);
	gen_uuid(r, p->uid);
	p->ns = ns;
	p->node = node;
	p->kind = kind;
	p->hostnet = kind == OWN_STATIC || kind == OWN_INSTALLER ||
	    (kind == OWN_DS && rng_below(r, 3) == 0);
	p->completed = kind == OWN_INSTALLER;
	if (p->hostnet)
		snprintf(p->ip, sizeof p->ip, "%s", cl->nodes[node].ip);
	else {
		/* One draw per statement: argument order is unspecified. */
		x = rng_below(r, 2) * 2;
		snprintf(p->ip, sizeof p->ip, "10.%u.%u.%u", 128 +
		    (unsigned)(node % 100), x, 2 + rng_below(r, 250));
	}
	p->start_ns = cl->ns[ns].created_ns + (int64_t)(60 +
	    rng_below(r, 1800)) * 1000000000LL;
	p->start_ns += rng_below(r, 1000000000);
	if (p->completed)
		p->start_ns = cl->t_install + (int64_t)rng_below(r, 3600) *
		    1000000000LL + rng_below(r, 1000000000);

	for (n = 1, s = containers; *s != '\0'; s++)
		n += *s == ' ';
	p->c = xcalloc(n, sizeof *p->c);
	p->ncontainers = n;
	for (i = 0, s = containers; i < n; i++) {
		c = &p->c[i];
		e = strchr(s, ' ');
		if (e == NULL)
			e = s + strlen(s);
		snprintf(c->name, sizeof c->name, "%.*s", (int)(e - s), s);
		s = *e == ' ' ? e + 1 : e;
		container_kind(c, cl->ns[ns].name, r);
		c->weight = weight * chatty(r);
		if (is_sidecar(c->name))
			c->weight *= 0.02;
		x = rng_below(r, 100);
		if (!p->completed && x >= 97) {
			c->restarts = 5 + (int)rng_below(r, 60);
			c->waiting = rng_below(r, 3) == 0;
		} else if (!p->completed && x >= 86)
			c->restarts = 1 + (int)rng_below(r, 3);
		c->last_start_ns = p->start_ns;
		if (c->restarts > 0)
			c->last_start_ns += (int64_t)(rng_unit(r) *
			    (double)(cl->t_gather - p->start_ns) * 0.9);
	}
	return &cl->pods[cl->npods++];
}

/* Distinct generated names within a namespace. */
static int
pod_name_taken(struct gen_cluster *cl, int ns, const char *name)
{
	int	 i;

	for (i = cl->ns[ns].first_pod; i < cl->npods; i++)
		if (cl->pods[i].ns == ns && strcmp(cl->pods[i].name, name) == 0)
			return 1;
	return 0;
}

static void
pod_name(struct gen_cluster *cl, struct rng *r, int ns, char *out,
    size_t len, const char *prefix, const char *hash)
{
	char	 sfx[8];

	do {
		gen_k8s_suffix(r, sfx, 5);
		if (hash != NULL)
			snprintf(out, len, "%s-%s-%s", prefix, hash, sfx);
		else
			snprintf(out, len, "%s-%s", prefix, sfx);
	} while (pod_name_taken(cl, ns, out));
}

static int
pick_node(struct gen_cluster *cl, struct rng *r, int workers, int i)
{
	int	 nw = cl->nnodes - cl->nmasters;

	if (workers && nw > 0)
		return cl->nmasters + (int)((i + rng_below(r, nw)) % nw);
	return i % cl->nmasters;
}

static void
add_workload(struct gen_cluster *cl, struct rng *r,
    const struct workload *w)
{
	char		 name[128], hash[16];
	int		 ns, i, rev, node;

	ns = ns_add(cl, r, w->ns, 0);
	if (cl->ns[ns].npods == 0)
		cl->ns[ns].first_pod = cl->npods;
	switch (w->kind) {
	case WK_DEPLOY:
		gen_k8s_suffix(r, hash, 10);
		for (i = 0; i < w->count; i++) {
			pod_name(cl, r, ns, name, sizeof name, w->name, hash);
			node = pick_node(cl, r, w->workers, i);
			pod_add(cl, r, ns, name, node, OWN_DEPLOY, w->name,
			    w->containers, w->weight);
			snprintf(cl->pods[cl->npods - 1].hash, 16, "%s", hash);
		}
		break;
	case WK_DS_ALL:
	case WK_DS_MASTER:
	case WK_DS_WORKER:
		for (node = 0; node < cl->nnodes; node++) {
			if (w->kind == WK_DS_MASTER && !cl->nodes[node].master)
				continue;
			if (w->kind == WK_DS_WORKER && cl->nodes[node].master)
				continue;
			pod_name(cl, r, ns, name, sizeof name, w->name, NULL);
			pod_add(cl, r, ns, name, node, OWN_DS, w->name,
			    w->containers, w->weight);
		}
		break;
	case WK_STATIC:
		for (node = 0; node < cl->nmasters; node++) {
			snprintf(name, sizeof name, "%s-%s", w->name,
			    cl->nodes[node].name);
			pod_add(cl, r, ns, name, node, OWN_STATIC, w->name,
			    w->containers, w->weight);
		}
		break;
	case WK_INSTALLER:
		for (rev = 2; rev < 2 + w->count; rev++) {
			for (node = 0; node < cl->nmasters; node++) {
				snprintf(name, sizeof name, "%s-%d-%s",
				    w->name, rev, cl->nodes[node].name);
				pod_add(cl, r, ns, name, node, OWN_INSTALLER,
				    w->name, w->containers, w->weight);
			}
		}
		break;
	case WK_STS:
		for (i = 0; i < w->count; i++) {
			snprintf(name, sizeof name, "%s-%d", w->name, i);
			pod_add(cl, r, ns, name, pick_node(cl, r, w->workers,
			    i), OWN_STS, w->name, w->containers, w->weight);
		}
		break;
	case WK_POD:
		pod_name(cl, r, ns, name, sizeof name, w->name, NULL);
		pod_add(cl, r, ns, name, pick_node(cl, r, 0, 0), OWN_NONE,
		    w->name, w->containers, w->weight);
		break;
	}
	cl->ns[ns].npods = cl->npods - cl->ns[ns].first_pod;
}

static void
add_user_ns(struct gen_cluster *cl, struct rng *r, int k)
{
	char		 nsname[96], name[128], hash[16], cts[64];
	int		 ns, d, nd, i, reps, used = 0;
	uint32_t	 app;

	app = rng_below(r, sizeof user_words / sizeof *user_words);
	snprintf(nsname, sizeof nsname, "%s-%s-%d", user_words[app],
	    user_envs[rng_below(r, sizeof user_envs / sizeof *user_envs)], k);
	ns = ns_add(cl, r, nsname, 1);
	cl->ns[ns].first_pod = cl->npods;
	nd = 1 + (int)rng_below(r, 3);
	for (d = 0; d < nd; d++) {
		do
			app = rng_below(r, sizeof user_apps /
			    sizeof *user_apps);
		while (used & (1 << app));
		used |= 1 << app;
		gen_k8s_suffix(r, hash, 10);
		reps = 1 + (int)rng_below(r, 3);
		snprintf(cts, sizeof cts, "%s", rng_below(r, 4) == 0 ?
		    "app istio-proxy" : "app");
		for (i = 0; i < reps; i++) {
			pod_name(cl, r, ns, name, sizeof name, user_apps[app],
			    hash);
			pod_add(cl, r, ns, name, pick_node(cl, r, 1, i),
			    OWN_DEPLOY, user_apps[app], cts, 0.4);
			snprintf(cl->pods[cl->npods - 1].hash, 16, "%s", hash);
		}
	}
	cl->ns[ns].npods = cl->npods - cl->ns[ns].first_pod;
}

static void
add_nodes(struct gen_cluster *cl, struct rng *r)
{
	struct gen_node	*n;
	char		 sfx[8];
	int		 i, j, nw;
	static const char *const zones[] = { "a", "b", "c" };

	nw = 3 + (int)(cl->size / (200ULL << 20));
	if (nw > 250)
		nw = 250;
	cl->nmasters = 3;
	cl->nnodes = 3 + nw;
	cl->nodes = xcalloc(cl->nnodes, sizeof *cl->nodes);
	for (i = 0; i < cl->nnodes; i++) {
		n = &cl->nodes[i];
		n->master = i < cl->nmasters;
		if (n->master)
			snprintf(n->name, sizeof n->name, "%.40s-master-%d",
			    cl->infra, i);
		else {
			do {
				gen_k8s_suffix(r, sfx, 5);
				snprintf(n->name, sizeof n->name,
				    "%.40s-worker-%s%s", cl->infra,
				    zones[i % 3], sfx);
				for (j = 3; j < i; j++)
					if (strcmp(cl->nodes[j].name,
					    n->name) == 0)
						break;
			} while (j < i);
		}
		snprintf(n->ip, sizeof n->ip, "10.0.%d.%d", n->master ? 0 :
		    1 + (i - 3) / 200, 10 + (i % 200));
		gen_uuid(r, n->uid);
		snprintf(n->zone, sizeof n->zone, "us-east-1%s", zones[i % 3]);
		snprintf(n->rendered, sizeof n->rendered, "%s", n->master ?
		    cl->rendered_master : cl->rendered_worker);
		snprintf(n->desired, sizeof n->desired, "%s", n->rendered);
		n->kubelet_pid = 1700 + rng_below(r, 400);
		n->crio_pid = n->kubelet_pid - 30 - rng_below(r, 20);
		n->boot_ns = cl->t_install - (int64_t)(600 + rng_below(r,
		    600)) * 1000000000LL;
		n->boot_ns -= rng_below(r, 1000000000);
	}
	/* The seeded incident: the first worker wants a config that is gone. */
	n = &cl->nodes[cl->nmasters];
	n->degraded = 1;
	snprintf(n->desired, sizeof n->desired, "%s", cl->stale_worker);
}

/*
 * Build the whole cluster for this seed and size.  Sizes only steer the
 * counts (workers, user namespaces, events); byte budgets for logs are
 * filled in later by the planner once the YAML has been measured.
 */
void
model_build(struct gen_cluster *cl, uint64_t seed, uint64_t size)
{
	struct rng	 r;
	char		 a[16], b[8], hex[40];
	int		 i, nuser, ns;
	uint64_t	 nev;
	double		 w, wsum;

	memset(cl, 0, sizeof *cl);
	cl->seed = seed;
	cl->size = size;
	rng_seed(&r, seed ^ 0x6d676d6f64656cULL);

	gen_k8s_suffix(&r, a, 7);
	gen_hex(&r, hex, 5);
	gen_k8s_suffix(&r, b, 5);
	snprintf(cl->infra, sizeof cl->infra, "ci-ln-%.7s-%.5s-%.5s", a, hex,
	    b);
	gen_uuid(&r, cl->cluster_id);
	snprintf(cl->version, sizeof cl->version, "4.12.%u",
	    10 + rng_below(&r, 30));
	gen_hex(&r, cl->release_hex, 64);
	snprintf(cl->local, sizeof cl->local, "must-gather.local.%llu",
	    (unsigned long long)(1000000000000000000ULL +
	    (rng_next(&r) % 8000000000000000000ULL)));
	snprintf(cl->top, sizeof cl->top,
	    "%s/quay-io-openshift-release-dev-ocp-v4-0-art-dev-sha256-%s",
	    cl->local, cl->release_hex);
	gen_hex(&r, hex, 32);
	snprintf(cl->rendered_master, 96, "rendered-master-%s", hex);
	gen_hex(&r, hex, 32);
	snprintf(cl->rendered_worker, 96, "rendered-worker-%s", hex);
	gen_hex(&r, hex, 32);
	snprintf(cl->old_master, 96, "rendered-master-%s", hex);
	gen_hex(&r, hex, 32);
	snprintf(cl->old_worker, 96, "rendered-worker-%s", hex);
	gen_hex(&r, hex, 32);
	snprintf(cl->stale_worker, 96, "rendered-worker-%s", hex);

	/* 2023-06-01 plus up to 200 days; the install 3 to 51 hours earlier. */
	cl->t_gather = (1685577600LL + (int64_t)(seed % 200) * 86400 +
	    rng_below(&r, 86400)) * 1000000000LL;
	cl->t_gather += rng_below(&r, 1000000000);
	cl->t_install = cl->t_gather - (int64_t)(3 * 3600 +
	    rng_below(&r, 48 * 3600)) * 1000000000LL;

	add_nodes(cl, &r);
	for (i = 0; i < (int)(sizeof quiet_ns / sizeof *quiet_ns); i++)
		ns_add(cl, &r, quiet_ns[i], 0);
	for (i = 0; i < NWORKLOADS; i++)
		add_workload(cl, &r, &workloads[i]);

	/* The must-gather pod itself. */
	gen_k8s_suffix(&r, b, 5);
	snprintf(hex, sizeof hex, "openshift-must-gather-%s", b);
	ns = ns_add(cl, &r, hex, 0);
	cl->ns[ns].first_pod = cl->npods;
	gen_k8s_suffix(&r, b, 5);
	snprintf(hex, sizeof hex, "must-gather-%s", b);
	pod_add(cl, &r, ns, hex, cl->nmasters, OWN_NONE, "must-gather",
	    "gather copy", 0.01);
	cl->pods[cl->npods - 1].start_ns = cl->t_gather - 300000000000LL;
	cl->ns[ns].npods = 1;

	nuser = (int)(size / (16ULL << 20));
	if (nuser < 1)
		nuser = 1;
	if (nuser > 2000)
		nuser = 2000;
	for (i = 0; i < nuser; i++)
		add_user_ns(cl, &r, i);

	/* The machine-config-daemon on the degraded worker. */
	for (i = 0; i < cl->npods; i++) {
		if (cl->nodes[cl->pods[i].node].degraded &&
		    strncmp(cl->pods[i].name, "machine-config-daemon-",
		    22) == 0)
			cl->pods[i].incident = 1;
	}

	/* Events: about one per 15 KB of input, more in operator namespaces. */
	nev = size / 15000;
	if (nev < 400)
		nev = 400;
	for (wsum = 0, i = 0; i < cl->nns; i++)
		wsum += strstr(cl->ns[i].name, "operator") != NULL ? 3.0 : 1.0;
	for (i = 0; i < cl->nns; i++) {
		w = strstr(cl->ns[i].name, "operator") != NULL ? 3.0 : 1.0;
		w *= 0.5 + rng_unit(&r);
		cl->ns[i].nevents = (int)((double)nev * w / wsum);
	}

	cl->ncsr = 2 * cl->nnodes + 3;
}

void
model_free(struct gen_cluster *cl)
{
	int	 i;

	for (i = 0; i < cl->npods; i++)
		free(cl->pods[i].c);
	free(cl->pods);
	free(cl->ns);
	free(cl->nodes);
	memset(cl, 0, sizeof *cl);
}
