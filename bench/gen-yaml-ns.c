/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The namespaced half of the generated must-gather's YAML: the namespace
 * object, pods (alone and in pods.yaml), events, configmaps, secrets,
 * services, endpoints and workloads, and the List files that hold them.
 */
#include <stdio.h>
#include <string.h>

#include "gen.h"
#include "gen-yaml.h"

void
yaml_ns_obj(struct yctx *y, const struct gen_ns *ns)
{
	char	 t[32];
	int	 mcs = 1 + (int)rng_below(y->r, 30);

	yl(y, 0, "apiVersion: v1");
	yl(y, 0, "kind: Namespace");
	yl(y, 0, "metadata:");
	yl(y, 2, "annotations:");
	yl(y, 4, "openshift.io/node-selector: \"\"");
	yl(y, 4, "openshift.io/sa.scc.mcs: s0:c%d,c%d", mcs, mcs + 5);
	yl(y, 4, "openshift.io/sa.scc.supplemental-groups: %u/10000",
	    1000000000 + 10000 * rng_below(y->r, 9000));
	yl(y, 4, "openshift.io/sa.scc.uid-range: %u/10000", 1000000000 +
	    10000 * rng_below(y->r, 9000));
	if (!ns->user)
		yl(y, 4, "workload.openshift.io/allowed: management");
	ts(t, ns->created_ns);
	yl(y, 2, "creationTimestamp: \"%s\"", t);
	yl(y, 2, "labels:");
	yl(y, 4, "kubernetes.io/metadata.name: %s", ns->name);
	if (!ns->user) {
		yl(y, 4, "openshift.io/cluster-monitoring: \"true\"");
		yl(y, 4, "openshift.io/run-level: \"0\"");
		yl(y, 4, "pod-security.kubernetes.io/audit: privileged");
		yl(y, 4, "pod-security.kubernetes.io/enforce: privileged");
	}
	yl(y, 2, "name: %s", ns->name);
	yl(y, 2, "resourceVersion: \"%u\"", rv(y));
	yl(y, 2, "uid: %s", ns->uid);
	yl(y, 0, "spec:");
	yl(y, 2, "finalizers:");
	yl(y, 2, "- kubernetes");
	yl(y, 0, "status:");
	yl(y, 2, "phase: Active");
}

static const char *
owner_kind(const struct gen_pod *p)
{
	switch (p->kind) {
	case OWN_DEPLOY:
		return "ReplicaSet";
	case OWN_DS:
		return "DaemonSet";
	case OWN_STS:
		return "StatefulSet";
	case OWN_STATIC:
		return "Node";
	default:
		return NULL;
	}
}

void
yaml_pod(struct yctx *y, const struct gen_pod *p)
{
	const struct gen_cluster	*cl = y->cl;
	const struct gen_node		*n = &cl->nodes[p->node];
	const struct gen_container	*c;
	char				 t[32], t2[32], u[40], img[128], h[72];
	char				 mac[24], sfx[8], msg[512], q[600];
	int				 i, ready = 1;
	unsigned			 m1, m2;
	const char			*ok;

	for (i = 0; i < p->ncontainers; i++)
		if (p->c[i].waiting)
			ready = 0;
	gen_k8s_suffix(y->r, sfx, 5);
	/* One draw per statement: argument order is unspecified. */
	m1 = 128 + rng_below(y->r, 16);
	m2 = rng_below(y->r, 4);
	snprintf(mac, sizeof mac, "0a:58:0a:%02x:%02x:%02x", m1, m2,
	    rng_below(y->r, 250));

	yl(y, 0, "apiVersion: v1");
	yl(y, 0, "kind: Pod");
	yl(y, 0, "metadata:");
	yl(y, 2, "annotations:");
	if (!p->hostnet) {
		yl(y, 4, "k8s.ovn.org/pod-networks: '{\"default\":"
		    "{\"ip_addresses\":[\"%s/23\"],\"mac_address\":\"%s\","
		    "\"gateway_ips\":[\"10.128.0.1\"],\"ip_address\":\"%s/23\","
		    "\"gateway_ip\":\"10.128.0.1\"}}'", p->ip, mac, p->ip);
		yl(y, 4, "k8s.v1.cni.cncf.io/network-status: |-");
		yl(y, 6, "[{");
		yl(y, 6, "    \"name\": \"ovn-kubernetes\",");
		yl(y, 6, "    \"interface\": \"eth0\",");
		yl(y, 6, "    \"ips\": [");
		yl(y, 6, "        \"%s\"", p->ip);
		yl(y, 6, "    ],");
		yl(y, 6, "    \"mac\": \"%s\",", mac);
		yl(y, 6, "    \"default\": true,");
		yl(y, 6, "    \"dns\": {}");
		yl(y, 6, "}]");
	}
	if (p->kind == OWN_STATIC) {
		gen_hex(y->r, h, 32);
		yl(y, 4, "kubernetes.io/config.hash: %s", h);
		yl(y, 4, "kubernetes.io/config.mirror: %s", h);
		yl(y, 4, "kubernetes.io/config.source: file");
	}
	yl(y, 4, "openshift.io/scc: %s", p->hostnet ? "privileged" :
	    "restricted-v2");
	yl(y, 4, "seccomp.security.alpha.kubernetes.io/pod: runtime/default");
	ts(t, p->start_ns - 2000000000LL);
	yl(y, 2, "creationTimestamp: \"%s\"", t);
	if (p->kind == OWN_DEPLOY)
		yl(y, 2, "generateName: %s-%s-", p->owner, p->hash);
	else if (p->kind == OWN_DS)
		yl(y, 2, "generateName: %s-", p->owner);
	yl(y, 2, "labels:");
	yl(y, 4, "app: %s", p->owner);
	if (p->kind == OWN_DEPLOY)
		yl(y, 4, "pod-template-hash: %s", p->hash);
	if (p->kind == OWN_DS || p->kind == OWN_STS) {
		gen_hex(y->r, h, 10);
		yl(y, 4, "controller-revision-hash: %s", h);
	}
	if (p->kind == OWN_STATIC)
		yl(y, 4, "revision: \"%d\"", 5 + (int)rng_below(y->r, 4));
	yl(y, 2, "name: %s", p->name);
	yl(y, 2, "namespace: %s", cl->ns[p->ns].name);
	if (owner_kind(p) != NULL) {
		yl(y, 2, "ownerReferences:");
		yl(y, 2, "- apiVersion: %s", p->kind == OWN_STATIC ? "v1" :
		    "apps/v1");
		yl(y, 4, "blockOwnerDeletion: true");
		yl(y, 4, "controller: true");
		yl(y, 4, "kind: %s", owner_kind(p));
		if (p->kind == OWN_DEPLOY)
			yl(y, 4, "name: %s-%s", p->owner, p->hash);
		else if (p->kind == OWN_STATIC)
			yl(y, 4, "name: %s", n->name);
		else
			yl(y, 4, "name: %s", p->owner);
		gen_uuid(y->r, u);
		yl(y, 4, "uid: %s", p->kind == OWN_STATIC ? n->uid : u);
	}
	yl(y, 2, "resourceVersion: \"%u\"", rv(y));
	yl(y, 2, "uid: %s", p->uid);
	yl(y, 0, "spec:");
	yl(y, 2, "containers:");
	for (i = 0; i < p->ncontainers; i++) {
		c = &p->c[i];
		yl(y, 2, "- args:");
		yl(y, 4, "- --v=2");
		yl(y, 4, "- --config=/var/run/configmaps/config/config.yaml");
		yl(y, 2, "  command:");
		yl(y, 2, "  - /usr/bin/%s", c->name);
		yl(y, 2, "  env:");
		yl(y, 2, "  - name: POD_NAME");
		yl(y, 2, "    valueFrom:");
		yl(y, 2, "      fieldRef:");
		yl(y, 2, "        apiVersion: v1");
		yl(y, 2, "        fieldPath: metadata.name");
		yl(y, 2, "  - name: RELEASE_VERSION");
		yl(y, 2, "    value: %s", cl->version);
		image_for(y, c->name, img);
		yl(y, 2, "  image: %s", img);
		yl(y, 2, "  imagePullPolicy: IfNotPresent");
		yl(y, 2, "  name: %s", c->name);
		yl(y, 2, "  resources:");
		yl(y, 2, "    requests:");
		yl(y, 2, "      cpu: %dm", 5 + 5 * (int)rng_below(y->r, 20));
		yl(y, 2, "      memory: %dMi", 20 + 10 * (int)rng_below(y->r,
		    40));
		yl(y, 2, "  securityContext:");
		if (p->hostnet)
			yl(y, 2, "    privileged: true");
		else {
			yl(y, 2, "    allowPrivilegeEscalation: false");
			yl(y, 2, "    capabilities:");
			yl(y, 2, "      drop:");
			yl(y, 2, "      - ALL");
			yl(y, 2, "    runAsNonRoot: true");
		}
		yl(y, 2, "  terminationMessagePath: /dev/termination-log");
		yl(y, 2, "  terminationMessagePolicy: FallbackToLogsOnError");
		yl(y, 2, "  volumeMounts:");
		yl(y, 2, "  - mountPath: /var/run/configmaps/config");
		yl(y, 2, "    name: config");
		yl(y, 2, "  - mountPath: /var/run/secrets/serving-cert");
		yl(y, 2, "    name: serving-cert");
		yl(y, 2, "  - mountPath: /var/run/secrets/kubernetes.io/"
		    "serviceaccount");
		yl(y, 2, "    name: kube-api-access-%s", sfx);
		yl(y, 2, "    readOnly: true");
	}
	yl(y, 2, "dnsPolicy: ClusterFirst");
	yl(y, 2, "enableServiceLinks: true");
	if (p->hostnet)
		yl(y, 2, "hostNetwork: true");
	yl(y, 2, "nodeName: %s", n->name);
	yl(y, 2, "nodeSelector:");
	yl(y, 4, "node-role.kubernetes.io/%s: \"\"", n->master ? "master" :
	    "worker");
	yl(y, 2, "preemptionPolicy: PreemptLowerPriority");
	yl(y, 2, "priority: 2000000000");
	yl(y, 2, "priorityClassName: system-cluster-critical");
	yl(y, 2, "restartPolicy: %s", p->completed ? "Never" : "Always");
	yl(y, 2, "schedulerName: default-scheduler");
	yl(y, 2, "securityContext: {}");
	yl(y, 2, "serviceAccount: %s", p->owner);
	yl(y, 2, "serviceAccountName: %s", p->owner);
	yl(y, 2, "terminationGracePeriodSeconds: 30");
	yl(y, 2, "tolerations:");
	yl(y, 2, "- effect: NoSchedule");
	yl(y, 4, "key: node-role.kubernetes.io/master");
	yl(y, 4, "operator: Exists");
	yl(y, 2, "- effect: NoExecute");
	yl(y, 4, "key: node.kubernetes.io/unreachable");
	yl(y, 4, "operator: Exists");
	yl(y, 4, "tolerationSeconds: 120");
	yl(y, 2, "volumes:");
	yl(y, 2, "- configMap:");
	yl(y, 4, "defaultMode: 420");
	yl(y, 4, "name: %s-config", p->owner);
	yl(y, 4, "name: config");
	yl(y, 2, "- name: serving-cert");
	yl(y, 4, "secret:");
	yl(y, 6, "defaultMode: 420");
	yl(y, 6, "secretName: serving-cert");
	yl(y, 2, "- name: kube-api-access-%s", sfx);
	yl(y, 4, "projected:");
	yl(y, 6, "defaultMode: 420");
	yl(y, 6, "sources:");
	yl(y, 6, "- serviceAccountToken:");
	yl(y, 10, "expirationSeconds: 3607");
	yl(y, 10, "path: token");
	yl(y, 6, "- configMap:");
	yl(y, 10, "items:");
	yl(y, 10, "- key: ca.crt");
	yl(y, 12, "path: ca.crt");
	yl(y, 10, "name: kube-root-ca.crt");
	yl(y, 0, "status:");
	yl(y, 2, "conditions:");
	ts(t, p->start_ns);
	ok = ready ? "True" : "False";
	yl(y, 2, "- lastProbeTime: null");
	yl(y, 4, "lastTransitionTime: \"%s\"", t);
	yl(y, 4, "status: \"True\"");
	yl(y, 4, "type: Initialized");
	yl(y, 2, "- lastProbeTime: null");
	yl(y, 4, "lastTransitionTime: \"%s\"", t);
	if (!ready) {
		yl(y, 4, "message: 'containers with unready status: [%s]'",
		    p->c[0].name);
		yl(y, 4, "reason: ContainersNotReady");
	}
	if (p->completed)
		yl(y, 4, "reason: PodCompleted");
	yl(y, 4, "status: \"%s\"", p->completed ? "False" : ok);
	yl(y, 4, "type: Ready");
	yl(y, 2, "- lastProbeTime: null");
	yl(y, 4, "lastTransitionTime: \"%s\"", t);
	yl(y, 4, "status: \"%s\"", p->completed ? "False" : ok);
	yl(y, 4, "type: ContainersReady");
	yl(y, 2, "- lastProbeTime: null");
	yl(y, 4, "lastTransitionTime: \"%s\"", t);
	yl(y, 4, "status: \"True\"");
	yl(y, 4, "type: PodScheduled");
	yl(y, 2, "containerStatuses:");
	for (i = 0; i < p->ncontainers; i++) {
		c = &p->c[i];
		gen_hex(y->r, h, 64);
		yl(y, 2, "- containerID: cri-o://%s", h);
		image_for(y, c->name, img);
		yl(y, 4, "image: %s", img);
		yl(y, 4, "imageID: %s", img);
		if (c->restarts > 0) {
			yl(y, 4, "lastState:");
			yl(y, 6, "terminated:");
			gen_hex(y->r, h, 64);
			yl(y, 8, "containerID: cri-o://%s", h);
			yl(y, 8, "exitCode: %d", rng_below(y->r, 2) ? 1 : 255);
			ts(t2, c->last_start_ns - 1000000000LL);
			yl(y, 8, "finishedAt: \"%s\"", t2);
			snprintf(msg, sizeof msg, "%s: error: failed to "
			    "start: %s", c->name, rng_below(y->r, 2) ?
			    "context deadline exceeded" :
			    "dial tcp 172.30.0.1:443: connect: connection "
			    "refused");
			yl(y, 8, "message: %s", yq(q, sizeof q, msg));
			yl(y, 8, "reason: Error");
			ts(t2, p->start_ns);
			yl(y, 8, "startedAt: \"%s\"", t2);
		} else
			yl(y, 4, "lastState: {}");
		yl(y, 4, "name: %s", c->name);
		yl(y, 4, "ready: %s", c->waiting || p->completed ? "false" :
		    "true");
		yl(y, 4, "restartCount: %d", c->restarts);
		yl(y, 4, "started: %s", c->waiting || p->completed ? "false" :
		    "true");
		yl(y, 4, "state:");
		ts(t2, c->last_start_ns);
		if (p->completed) {
			yl(y, 6, "terminated:");
			yl(y, 8, "exitCode: 0");
			yl(y, 8, "finishedAt: \"%s\"", t2);
			yl(y, 8, "reason: Completed");
			yl(y, 8, "startedAt: \"%s\"", t2);
		} else if (c->waiting) {
			yl(y, 6, "waiting:");
			yl(y, 8, "message: back-off 5m0s restarting failed "
			    "container=%s pod=%s_%s(%s)", c->name, p->name,
			    cl->ns[p->ns].name, p->uid);
			yl(y, 8, "reason: CrashLoopBackOff");
		} else {
			yl(y, 6, "running:");
			yl(y, 8, "startedAt: \"%s\"", t2);
		}
	}
	yl(y, 2, "hostIP: %s", n->ip);
	yl(y, 2, "phase: %s", p->completed ? "Succeeded" : "Running");
	yl(y, 2, "podIP: %s", p->ip);
	yl(y, 2, "podIPs:");
	yl(y, 2, "- ip: %s", p->ip);
	yl(y, 2, "qosClass: Burstable");
	yl(y, 2, "startTime: \"%s\"", t);
}

/* Events: reasons weighted toward the common, healthy ones. */
static void
event_obj(struct yctx *y, const struct gen_ns *ns, int k)
{
	const struct gen_cluster	*cl = y->cl;
	const struct gen_pod		*p = NULL;
	const char			*reason, *type = "Normal", *comp;
	const char			*cname = "";
	char				 msg[600], q[700], t1[32], t2[32];
	char				 u[40], h[20], img[128];
	int64_t				 first, last;
	uint32_t			 x;

	if (ns->npods > 0) {
		p = &cl->pods[ns->first_pod + (int)rng_below(y->r,
		    (uint32_t)ns->npods)];
		cname = p->c[rng_below(y->r, (uint32_t)p->ncontainers)].name;
	}
	x = rng_below(y->r, 100);
	comp = "kubelet";
	if (p == NULL || (strstr(ns->name, "operator") != NULL && x < 40)) {
		reason = "OperatorStatusChanged";
		comp = ns->name;
		snprintf(msg, sizeof msg, "Status for clusteroperator/%s "
		    "changed: Progressing message changed from \"NodeInstaller"
		    "Progressing: %d nodes are at revision %d\" to \"Node"
		    "InstallerProgressing: 3 nodes are at revision %d\"",
		    ns->name + (strncmp(ns->name, "openshift-", 10) == 0 ?
		    10 : 0), (int)rng_below(y->r, 3), k % 9, k % 9 + 1);
	} else if (x < 15) {
		reason = "Scheduled";
		comp = "default-scheduler";
		snprintf(msg, sizeof msg, "Successfully assigned %s/%s to %s",
		    ns->name, p->name, cl->nodes[p->node].name);
	} else if (x < 25) {
		reason = "AddedInterface";
		comp = "multus";
		snprintf(msg, sizeof msg, "Add eth0 [%s/23] from "
		    "ovn-kubernetes", p->ip);
	} else if (x < 45) {
		reason = "Pulled";
		image(y, img);
		snprintf(msg, sizeof msg, "Container image \"%s\" already "
		    "present on machine", img);
	} else if (x < 60) {
		reason = "Created";
		snprintf(msg, sizeof msg, "Created container %s", cname);
	} else if (x < 75) {
		reason = "Started";
		snprintf(msg, sizeof msg, "Started container %s", cname);
	} else if (x < 80) {
		reason = "Killing";
		snprintf(msg, sizeof msg, "Stopping container %s", cname);
	} else if (x < 85) {
		reason = "BackOff";
		type = "Warning";
		snprintf(msg, sizeof msg, "Back-off restarting failed "
		    "container %s in pod %s_%s(%s)", cname, p->name,
		    ns->name, p->uid);
	} else if (x < 92) {
		reason = "Unhealthy";
		type = "Warning";
		snprintf(msg, sizeof msg, "Readiness probe failed: Get "
		    "\"https://%s:8443/healthz\": dial tcp %s:8443: connect: "
		    "connection refused", p->ip, p->ip);
	} else if (x < 96) {
		reason = "ProbeError";
		type = "Warning";
		snprintf(msg, sizeof msg, "Readiness probe error: Get "
		    "\"https://%s:8443/healthz\": context deadline exceeded "
		    "(Client.Timeout exceeded while awaiting headers)\n"
		    "body: \n", p->ip);
	} else if (x < 98) {
		reason = "FailedMount";
		type = "Warning";
		snprintf(msg, sizeof msg, "MountVolume.SetUp failed for volume "
		    "\"serving-cert\" : secret \"serving-cert\" not found");
	} else {
		reason = "LeaderElection";
		comp = p->owner;
		snprintf(msg, sizeof msg, "%s_%s became leader", p->name,
		    p->uid);
	}
	first = cl->t_install + (int64_t)(rng_unit(y->r) *
	    (double)(cl->t_gather - cl->t_install));
	last = first + (int64_t)(rng_unit(y->r) * (double)(cl->t_gather -
	    first));
	ts(t1, first);
	ts(t2, last);
	yl(y, 0, "apiVersion: v1");
	yl(y, 0, "count: %d", 1 + (int)(rng_below(y->r, 4) == 0 ?
	    rng_below(y->r, 500) : 0));
	yl(y, 0, "eventTime: null");
	yl(y, 0, "firstTimestamp: \"%s\"", t1);
	yl(y, 0, "involvedObject:");
	if (p != NULL && strcmp(reason, "OperatorStatusChanged") != 0) {
		yl(y, 2, "apiVersion: v1");
		if (cname[0] != '\0' && comp[0] == 'k')
			yl(y, 2, "fieldPath: spec.containers{%s}", cname);
		yl(y, 2, "kind: Pod");
		yl(y, 2, "name: %s", p->name);
		yl(y, 2, "namespace: %s", ns->name);
		yl(y, 2, "resourceVersion: \"%u\"", rv(y));
		yl(y, 2, "uid: %s", p->uid);
	} else {
		yl(y, 2, "apiVersion: apps/v1");
		yl(y, 2, "kind: Deployment");
		yl(y, 2, "name: %s", p != NULL ? p->owner : "operator");
		yl(y, 2, "namespace: %s", ns->name);
		gen_uuid(y->r, u);
		yl(y, 2, "uid: %s", u);
	}
	yl(y, 0, "kind: Event");
	yl(y, 0, "lastTimestamp: \"%s\"", t2);
	yl(y, 0, "message: %s", yq(q, sizeof q, msg));
	yl(y, 0, "metadata:");
	yl(y, 2, "creationTimestamp: \"%s\"", t1);
	gen_hex(y->r, h, 16);
	yl(y, 2, "name: %s.%s", p != NULL ? p->name : ns->name, h);
	yl(y, 2, "namespace: %s", ns->name);
	yl(y, 2, "resourceVersion: \"%u\"", rv(y));
	gen_uuid(y->r, u);
	yl(y, 2, "uid: %s", u);
	yl(y, 0, "reason: %s", reason);
	yl(y, 0, "reportingComponent: \"\"");
	yl(y, 0, "reportingInstance: \"\"");
	yl(y, 0, "source:");
	yl(y, 2, "component: %s", comp);
	if (p != NULL && comp[0] == 'k')
		yl(y, 2, "host: %s", cl->nodes[p->node].name);
	yl(y, 0, "type: %s", type);
}

static void
install_config(struct yctx *y)
{
	const struct gen_cluster	*cl = y->cl;

	yl(y, 4, "install-config: |");
	yl(y, 6, "additionalTrustBundlePolicy: Proxyonly");
	yl(y, 6, "apiVersion: v1");
	yl(y, 6, "baseDomain: example.com");
	yl(y, 6, "compute:");
	yl(y, 6, "- architecture: amd64");
	yl(y, 6, "  hyperthreading: Enabled");
	yl(y, 6, "  name: worker");
	yl(y, 6, "  platform: {}");
	yl(y, 6, "  replicas: %d", cl->nnodes - cl->nmasters);
	yl(y, 6, "controlPlane:");
	yl(y, 6, "  architecture: amd64");
	yl(y, 6, "  hyperthreading: Enabled");
	yl(y, 6, "  name: master");
	yl(y, 6, "  platform: {}");
	yl(y, 6, "  replicas: 3");
	yl(y, 6, "metadata:");
	yl(y, 6, "  name: %s", cl->infra);
	yl(y, 6, "networking:");
	yl(y, 6, "  clusterNetwork:");
	yl(y, 6, "  - cidr: 10.128.0.0/14");
	yl(y, 6, "    hostPrefix: 23");
	yl(y, 6, "  machineNetwork:");
	yl(y, 6, "  - cidr: 10.0.0.0/16");
	yl(y, 6, "  networkType: OVNKubernetes");
	yl(y, 6, "  serviceNetwork:");
	yl(y, 6, "  - 172.30.0.0/16");
	yl(y, 6, "platform:");
	yl(y, 6, "  vsphere:");
	yl(y, 6, "    apiVIPs:");
	yl(y, 6, "    - 10.0.0.2");
	yl(y, 6, "    cluster: cluster1");
	yl(y, 6, "    datacenter: dc1");
	yl(y, 6, "    defaultDatastore: datastore1");
	yl(y, 6, "    ingressVIPs:");
	yl(y, 6, "    - 10.0.0.3");
	yl(y, 6, "    password: \"\"");
	yl(y, 6, "    username: \"\"");
	yl(y, 6, "    vCenter: vcenter.example.com");
	yl(y, 6, "publish: External");
	yl(y, 6, "pullSecret: \"\"");
	yl(y, 6, "sshKey: |");
	yl(y, 6, "  ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s bench@example.com",
	    cl->release_hex);
}

static void
configmap_obj(struct yctx *y, const struct gen_ns *ns, const char *name,
    int ncerts)
{
	char		 u[40], t[32];
	int		 i, n;
	uint32_t	 k;

	yl(y, 0, "apiVersion: v1");
	yl(y, 0, "data:");
	if (strcmp(name, "cluster-config-v1") == 0)
		install_config(y);
	else if (ncerts > 0) {
		yl(y, 2, "ca%s: |", strcmp(name, "kube-root-ca.crt") == 0 ?
		    ".crt" : "-bundle.crt");
		pem(y, 4, strcmp(name, "kube-root-ca.crt") == 0 ? 0 :
		    strcmp(name, "openshift-service-ca.crt") == 0 ? 2 : 10,
		    ncerts);
	} else {
		yl(y, 2, "config.yaml: |");
		n = 5 + (int)rng_below(y->r, 40);
		for (i = 0; i < n; i++) {
			k = rng_below(y->r, sizeof words / sizeof *words);
			yl(y, 4, "%s%d: %s", words[k], i, words[rng_below(y->r,
			    sizeof words / sizeof *words)]);
		}
	}
	yl(y, 0, "kind: ConfigMap");
	yl(y, 0, "metadata:");
	ts(t, ns->created_ns);
	yl(y, 2, "creationTimestamp: \"%s\"", t);
	yl(y, 2, "name: %s", name);
	yl(y, 2, "namespace: %s", ns->name);
	yl(y, 2, "resourceVersion: \"%u\"", rv(y));
	gen_uuid(y->r, u);
	yl(y, 2, "uid: %s", u);
}

static void
secret_obj(struct yctx *y, const struct gen_ns *ns, const char *name,
    const char *type)
{
	char	 u[40], t[32], len[32];
	int	 tls = strcmp(type, "kubernetes.io/tls") == 0;

	yl(y, 0, "apiVersion: v1");
	yl(y, 0, "data:");
	/* oc adm inspect keeps only the length of each value. */
	snprintf(len, sizeof len, "%d bytes long", 1000 + (int)rng_below(y->r,
	    5000));
	buf_adds(y->b, tls ? "  tls.crt: " : "  .dockercfg: ");
	gen_base64_of(y->b, len, strlen(len));
	buf_addc(y->b, '\n');
	if (tls) {
		snprintf(len, sizeof len, "%d bytes long", 1675 +
		    (int)rng_below(y->r, 4));
		buf_adds(y->b, "  tls.key: ");
		gen_base64_of(y->b, len, strlen(len));
		buf_addc(y->b, '\n');
	}
	yl(y, 0, "kind: Secret");
	yl(y, 0, "metadata:");
	ts(t, ns->created_ns);
	yl(y, 2, "creationTimestamp: \"%s\"", t);
	yl(y, 2, "name: %s", name);
	yl(y, 2, "namespace: %s", ns->name);
	yl(y, 2, "resourceVersion: \"%u\"", rv(y));
	gen_uuid(y->r, u);
	yl(y, 2, "uid: %s", u);
	yl(y, 0, "type: %s", type);
}

static void
service_obj(struct yctx *y, const struct gen_ns *ns, const char *name,
    int endpoints, int first, int count)
{
	const struct gen_cluster	*cl = y->cl;
	char				 u[40], t[32];
	int				 i;

	yl(y, 0, "apiVersion: v1");
	if (!endpoints)
		yl(y, 0, "kind: Service");
	else
		yl(y, 0, "kind: Endpoints");
	yl(y, 0, "metadata:");
	ts(t, ns->created_ns);
	yl(y, 2, "creationTimestamp: \"%s\"", t);
	yl(y, 2, "labels:");
	yl(y, 4, "app: %s", name);
	yl(y, 2, "name: %s", name);
	yl(y, 2, "namespace: %s", ns->name);
	yl(y, 2, "resourceVersion: \"%u\"", rv(y));
	gen_uuid(y->r, u);
	yl(y, 2, "uid: %s", u);
	if (endpoints) {
		yl(y, 0, "subsets:");
		yl(y, 0, "- addresses:");
		for (i = first; i < first + count; i++) {
			yl(y, 2, "- ip: %s", cl->pods[i].ip);
			yl(y, 4, "nodeName: %s",
			    cl->nodes[cl->pods[i].node].name);
			yl(y, 4, "targetRef:");
			yl(y, 6, "kind: Pod");
			yl(y, 6, "name: %s", cl->pods[i].name);
			yl(y, 6, "namespace: %s", ns->name);
			yl(y, 6, "uid: %s", cl->pods[i].uid);
		}
		yl(y, 2, "ports:");
		yl(y, 2, "- name: https");
		yl(y, 4, "port: 8443");
		yl(y, 4, "protocol: TCP");
		return;
	}
	yl(y, 0, "spec:");
	i = (int)rng_below(y->r, 256);
	yl(y, 2, "clusterIP: 172.30.%d.%u", i, 1 + rng_below(y->r, 254));
	yl(y, 2, "internalTrafficPolicy: Cluster");
	yl(y, 2, "ipFamilies:");
	yl(y, 2, "- IPv4");
	yl(y, 2, "ports:");
	yl(y, 2, "- name: https");
	yl(y, 4, "port: 443");
	yl(y, 4, "protocol: TCP");
	yl(y, 4, "targetPort: 8443");
	yl(y, 2, "selector:");
	yl(y, 4, "app: %s", name);
	yl(y, 2, "sessionAffinity: None");
	yl(y, 2, "type: ClusterIP");
	yl(y, 0, "status:");
	yl(y, 2, "loadBalancer: {}");
}

static void
workload_obj(struct yctx *y, const struct gen_ns *ns, const struct gen_pod *p,
    int list, int count)
{
	const char	*kind;
	char		 u[40], t[32], img[128];
	int		 i;

	kind = list == L_DAEMONSETS ? "DaemonSet" : list == L_DEPLOYMENTS ?
	    "Deployment" : list == L_REPLICASETS ? "ReplicaSet" :
	    "StatefulSet";
	yl(y, 0, "apiVersion: apps/v1");
	yl(y, 0, "kind: %s", kind);
	yl(y, 0, "metadata:");
	yl(y, 2, "annotations:");
	yl(y, 4, "include.release.openshift.io/self-managed-high-"
	    "availability: \"true\"");
	ts(t, ns->created_ns);
	yl(y, 2, "creationTimestamp: \"%s\"", t);
	yl(y, 2, "generation: %d", 1 + (int)rng_below(y->r, 5));
	yl(y, 2, "labels:");
	yl(y, 4, "app: %s", p->owner);
	if (list == L_REPLICASETS)
		yl(y, 2, "name: %s-%s", p->owner, p->hash);
	else
		yl(y, 2, "name: %s", p->owner);
	yl(y, 2, "namespace: %s", ns->name);
	yl(y, 2, "resourceVersion: \"%u\"", rv(y));
	gen_uuid(y->r, u);
	yl(y, 2, "uid: %s", u);
	yl(y, 0, "spec:");
	if (list != L_DAEMONSETS)
		yl(y, 2, "replicas: %d", count);
	yl(y, 2, "selector:");
	yl(y, 4, "matchLabels:");
	yl(y, 6, "app: %s", p->owner);
	yl(y, 2, "template:");
	yl(y, 4, "metadata:");
	yl(y, 6, "labels:");
	yl(y, 8, "app: %s", p->owner);
	yl(y, 4, "spec:");
	yl(y, 6, "containers:");
	for (i = 0; i < p->ncontainers; i++) {
		image_for(y, p->c[i].name, img);
		yl(y, 6, "- image: %s", img);
		yl(y, 8, "imagePullPolicy: IfNotPresent");
		yl(y, 8, "name: %s", p->c[i].name);
		yl(y, 8, "resources:");
		yl(y, 10, "requests:");
		yl(y, 12, "cpu: 10m");
		yl(y, 12, "memory: 50Mi");
	}
	yl(y, 6, "priorityClassName: system-cluster-critical");
	yl(y, 6, "serviceAccountName: %s", p->owner);
	yl(y, 0, "status:");
	if (list == L_DAEMONSETS) {
		yl(y, 2, "currentNumberScheduled: %d", count);
		yl(y, 2, "desiredNumberScheduled: %d", count);
		yl(y, 2, "numberAvailable: %d", count);
		yl(y, 2, "numberMisscheduled: 0");
		yl(y, 2, "numberReady: %d", count);
		yl(y, 2, "updatedNumberScheduled: %d", count);
	} else {
		yl(y, 2, "availableReplicas: %d", count);
		yl(y, 2, "readyReplicas: %d", count);
		yl(y, 2, "replicas: %d", count);
		if (list == L_DEPLOYMENTS)
			yl(y, 2, "updatedReplicas: %d", count);
	}
	yl(y, 2, "observedGeneration: 1");
}

static const char *const list_kinds[L_COUNT] = {
	"ConfigMapList", "EndpointsList", "EventList",
	"PersistentVolumeClaimList", "PodList", "ReplicationControllerList",
	"SecretList", "ServiceList", "DaemonSetList", "DeploymentList",
	"ReplicaSetList", "StatefulSetList", "JobList", "CronJobList",
	"HorizontalPodAutoscalerList", "PodDisruptionBudgetList", "RouteList",
	"EndpointSliceList",
};

static const char *const list_versions[L_COUNT] = {
	"v1", "v1", "v1", "v1", "v1", "v1", "v1", "v1", "apps/v1", "apps/v1",
	"apps/v1", "apps/v1", "batch/v1", "batch/v1", "autoscaling/v2",
	"policy/v1", "route.openshift.io/v1", "discovery.k8s.io/v1",
};

static int
owner_matches(const struct gen_pod *p, int list)
{
	switch (list) {
	case L_DAEMONSETS:
		return p->kind == OWN_DS;
	case L_DEPLOYMENTS:
	case L_REPLICASETS:
	case L_SERVICES:
	case L_ENDPOINTS:
		return p->kind == OWN_DEPLOY;
	case L_STATEFULSETS:
		return p->kind == OWN_STS;
	}
	return 0;
}

/* One item per owner: the first pod of each run of the same owner. */
static void
ns_owner_items(struct yctx *y, struct buf *out, const struct gen_ns *ns,
    int list, struct buf *obj)
{
	const struct gen_cluster	*cl = y->cl;
	const struct gen_pod		*p;
	struct buf			*save = y->b;
	int				 i, j, count;

	for (i = ns->first_pod; i < ns->first_pod + ns->npods; i = j) {
		p = &cl->pods[i];
		for (j = i + 1; j < ns->first_pod + ns->npods &&
		    strcmp(cl->pods[j].owner, p->owner) == 0 &&
		    cl->pods[j].kind == p->kind; j++)
			;
		if (!owner_matches(p, list))
			continue;
		count = j - i;
		obj->len = 0;
		y->b = obj;
		if (list == L_SERVICES || list == L_ENDPOINTS)
			service_obj(y, ns, p->owner, list == L_ENDPOINTS, i,
			    count);
		else
			workload_obj(y, ns, p, list, count);
		y->b = save;
		item(out, obj);
	}
}

/*
 * Profile real: more objects of the list's kind until the file reaches
 * y->target bytes, as in a real cluster's kube-system or
 * openshift-monitoring, whose Secret and ConfigMap lists run to a MB.
 */
static void
ns_list_pad(struct yctx *y, struct buf *out, const struct gen_ns *ns,
    int list, struct buf *obj)
{
	const struct gen_cluster	*cl = y->cl;
	const struct gen_pod		*p;
	struct gen_pod			 q;
	char				 name[160], sfx[8];
	int				 i;

	if (list == L_PODS && ns->npods == 0)
		return;
	for (i = 0; out->len < y->target && i < 1000000; i++) {
		p = ns->npods > 0 ? &cl->pods[ns->first_pod + i % ns->npods] :
		    NULL;
		obj->len = 0;
		y->b = obj;
		switch (list) {
		case L_SECRETS:
			gen_k8s_suffix(y->r, sfx, 5);
			snprintf(name, sizeof name, "%s-token-%s", p != NULL ?
			    p->owner : "default", sfx);
			secret_obj(y, ns, name, i % 3 == 0 ?
			    "kubernetes.io/tls" : "kubernetes.io/dockercfg");
			break;
		case L_CONFIGMAPS:
			snprintf(name, sizeof name, "%s-%d", p != NULL ?
			    p->owner : "config", i);
			configmap_obj(y, ns, name, i % 2 ? 4 : 0);
			break;
		case L_EVENTS:
			event_obj(y, ns, ns->nevents + i);
			break;
		case L_PODS:
			q = *p;
			snprintf(q.name, sizeof q.name, "%.100s-r%d", p->name,
			    i);
			gen_uuid(y->r, q.uid);
			yaml_pod(y, &q);
			break;
		default:
			y->b = out;
			return;
		}
		y->b = out;
		item(out, obj);
	}
}

void
yaml_ns_list(struct yctx *y, const struct gen_ns *ns, int list)
{
	const struct gen_cluster	*cl = y->cl;
	struct buf			*out = y->b, obj = { 0 };
	struct rng			 r2, *save = y->r;
	size_t				 mark;
	int				 i;
	char				 name[128];

	buf_adds(out, "---\n");
	yl(y, 0, "apiVersion: %s", list_versions[list]);
	mark = out->len;
	yl(y, 0, "items:");
	switch (list) {
	case L_PODS:
		for (i = ns->first_pod; i < ns->first_pod + ns->npods; i++) {
			obj.len = 0;
			obj_seed(&r2, cl, "Pod", cl->pods[i].uid);
			y->b = &obj;
			y->r = &r2;
			yaml_pod(y, &cl->pods[i]);
			y->b = out;
			y->r = save;
			item(out, &obj);
		}
		break;
	case L_EVENTS:
		for (i = 0; i < ns->nevents; i++) {
			obj.len = 0;
			y->b = &obj;
			event_obj(y, ns, i);
			y->b = out;
			item(out, &obj);
		}
		break;
	case L_CONFIGMAPS:
		y->b = &obj;
		for (i = 0; i < 3 + (ns->npods > 0 ? 2 : 0); i++) {
			obj.len = 0;
			if (i == 0)
				configmap_obj(y, ns, "kube-root-ca.crt", 2);
			else if (i == 1)
				configmap_obj(y, ns,
				    "openshift-service-ca.crt", 1);
			else if (i == 2 && strcmp(ns->name, "kube-system") == 0)
				configmap_obj(y, ns, "cluster-config-v1", 0);
			else if (i == 2 && strcmp(ns->name,
			    "openshift-config-managed") == 0)
				configmap_obj(y, ns, "trusted-ca-bundle", 120);
			else if (i == 2)
				configmap_obj(y, ns, "config", 0);
			else {
				snprintf(name, sizeof name, "%s-%s",
				    cl->pods[ns->first_pod].owner, i == 3 ?
				    "config" : "trusted-ca-bundle");
				configmap_obj(y, ns, name, i == 3 ? 0 : 4);
			}
			item(out, &obj);
		}
		y->b = out;
		break;
	case L_SECRETS:
		y->b = &obj;
		for (i = 0; i < 4 + (ns->npods > 0 ? 2 : 0); i++) {
			static const char *const sn[][2] = {
				{ "builder-dockercfg-",
				    "kubernetes.io/dockercfg" },
				{ "default-dockercfg-",
				    "kubernetes.io/dockercfg" },
				{ "deployer-dockercfg-",
				    "kubernetes.io/dockercfg" },
				{ "serving-cert", "kubernetes.io/tls" },
				{ "metrics-tls", "kubernetes.io/tls" },
				{ "dockercfg-", "kubernetes.io/dockercfg" },
			};
			char	 sfx[8];

			obj.len = 0;
			gen_k8s_suffix(y->r, sfx, 5);
			snprintf(name, sizeof name, "%s%s", sn[i][0],
			    sn[i][0][strlen(sn[i][0]) - 1] == '-' ? sfx : "");
			secret_obj(y, ns, name, sn[i][1]);
			item(out, &obj);
		}
		y->b = out;
		break;
	case L_SERVICES:
	case L_ENDPOINTS:
	case L_DAEMONSETS:
	case L_DEPLOYMENTS:
	case L_REPLICASETS:
	case L_STATEFULSETS:
		ns_owner_items(y, out, ns, list, &obj);
		break;
	}
	if (y->target > 0)
		ns_list_pad(y, out, ns, list, &obj);
	if (out->len == mark + strlen("items:\n")) {
		out->len = mark;
		yl(y, 0, "items: []");
	}
	yl(y, 0, "kind: %s", list_kinds[list]);
	yl(y, 0, "metadata:");
	yl(y, 2, "resourceVersion: \"%u\"", rv(y));
	buf_free(&obj);
}
