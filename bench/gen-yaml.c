/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Resource files for the generated must-gather, in the YAML that `oc adm
 * inspect` writes: the cluster-scoped objects here (nodes, MachineConfigs
 * and pools, ClusterOperators, CSRs, config singletons, CRDs), the
 * namespaced ones in gen-yaml-ns.c.  An object's random parts are seeded
 * by its name, so a pod reads the same in pods.yaml and <pod>.yaml.
 */
#include <stdio.h>
#include <string.h>

#include "gen.h"
#include "gen-yaml.h"

static const char *const file_paths[] = {
	"/etc/kubernetes/kubelet.conf", "/etc/crio/crio.conf.d/00-default",
	"/etc/containers/registries.conf", "/etc/containers/policy.json",
	"/etc/NetworkManager/conf.d/99-vsphere.conf",
	"/etc/NetworkManager/dispatcher.d/30-resolv-prepender",
	"/usr/local/bin/configure-ovs.sh", "/etc/kubernetes/manifests/"
	"coredns.yaml", "/etc/kubernetes/manifests/keepalived.yaml",
	"/etc/kubernetes/kubelet-ca.crt", "/etc/systemd/system.conf.d/"
	"10-default-env-godebug.conf", "/etc/modules-load.d/iptables.conf",
	"/etc/sysctl.d/inotify.conf", "/etc/sysctl.d/forward.conf",
	"/etc/kubernetes/cloud.conf", "/etc/mco/proxy.env",
	"/etc/pki/ca-trust/source/anchors/openshift-config-user-ca-bundle.crt",
	"/usr/local/sbin/dynamic-system-reserved-calc.sh",
	"/etc/kubernetes/static-pod-resources/cloud-config/ca-bundle.pem",
	"/var/lib/kubelet/config.json",
	"/etc/audit/rules.d/mco-audit-quiet-containers.rules",
	"/etc/tmpfiles.d/cleanup-cni.conf",
	"/usr/local/bin/mco-hostname", "/etc/kubernetes/apiserver-url.env",
	"/etc/crio/crio.conf.d/01-ctrcfg-pidsLimit",
};

static const char *const unit_names[] = {
	"kubelet.service", "crio.service", "machine-config-daemon-pull.service",
	"machine-config-daemon-firstboot.service",
	"nodeip-configuration.service", "ovs-configuration.service",
	"openvswitch.service",
	"kubelet-auto-node-size.service", "wait-for-primary-ip.service",
	"rpm-ostreed.service", "zincati.service", "kubens.service",
};

static void
node_obj(struct yctx *y, const struct gen_node *n)
{
	const struct gen_cluster	*cl = y->cl;
	char				 t[32], hb[32], img[128], q[256];
	int				 i, j, nimg;

	yl(y, 0, "apiVersion: v1");
	yl(y, 0, "kind: Node");
	yl(y, 0, "metadata:");
	yl(y, 2, "annotations:");
	yl(y, 4, "k8s.ovn.org/host-addresses: '[\"%s\"]'", n->ip);
	yl(y, 4, "k8s.ovn.org/node-chassis-id: %s", n->uid);
	yl(y, 4, "k8s.ovn.org/node-primary-ifaddr: '{\"ipv4\":\"%s/24\"}'",
	    n->ip);
	yl(y, 4, "k8s.ovn.org/node-subnets: '{\"default\":\"10.%d.%d.0/23\"}'",
	    128 + (int)(n - cl->nodes) % 100, 0);
	yl(y, 4, "machine.openshift.io/machine: openshift-machine-api/%s",
	    n->name);
	yl(y, 4, "machineconfiguration.openshift.io/controlPlaneTopology: "
	    "HighlyAvailable");
	yl(y, 4, "machineconfiguration.openshift.io/currentConfig: %s",
	    n->rendered);
	yl(y, 4, "machineconfiguration.openshift.io/desiredConfig: %s",
	    n->desired);
	yl(y, 4, "machineconfiguration.openshift.io/desiredDrain: "
	    "uncordon-%s", n->rendered);
	yl(y, 4, "machineconfiguration.openshift.io/lastAppliedDrain: "
	    "uncordon-%s", n->rendered);
	if (n->degraded) {
		snprintf(q, sizeof q, "machineconfig.machineconfiguration."
		    "openshift.io \"%s\" not found", n->desired);
		yl(y, 4, "machineconfiguration.openshift.io/reason: '%s'", q);
		yl(y, 4, "machineconfiguration.openshift.io/state: Degraded");
	} else {
		yl(y, 4, "machineconfiguration.openshift.io/reason: \"\"");
		yl(y, 4, "machineconfiguration.openshift.io/state: Done");
	}
	yl(y, 4, "volumes.kubernetes.io/controller-managed-attach-detach: "
	    "\"true\"");
	ts(t, n->boot_ns + 60000000000LL);
	yl(y, 2, "creationTimestamp: \"%s\"", t);
	yl(y, 2, "labels:");
	yl(y, 4, "beta.kubernetes.io/arch: amd64");
	yl(y, 4, "beta.kubernetes.io/instance-type: vsphere-vm.cpu-%d.mem-%dgb."
	    "os-unknown", n->master ? 4 : 8, n->master ? 16 : 32);
	yl(y, 4, "beta.kubernetes.io/os: linux");
	yl(y, 4, "kubernetes.io/arch: amd64");
	yl(y, 4, "kubernetes.io/hostname: %s", n->name);
	yl(y, 4, "kubernetes.io/os: linux");
	yl(y, 4, "node-role.kubernetes.io/%s: \"\"", n->master ? "master" :
	    "worker");
	if (n->master)
		yl(y, 4, "node-role.kubernetes.io/control-plane: \"\"");
	yl(y, 4, "node.openshift.io/os_id: rhcos");
	yl(y, 4, "topology.kubernetes.io/zone: %s", n->zone);
	yl(y, 2, "name: %s", n->name);
	yl(y, 2, "resourceVersion: \"%u\"", rv(y));
	yl(y, 2, "uid: %s", n->uid);
	yl(y, 0, "spec:");
	yl(y, 2, "providerID: vsphere://%s", n->uid);
	if (n->master) {
		yl(y, 2, "taints:");
		yl(y, 2, "- effect: NoSchedule");
		yl(y, 4, "key: node-role.kubernetes.io/master");
	} else if (n->degraded) {
		yl(y, 2, "taints:");
		yl(y, 2, "- effect: NoSchedule");
		yl(y, 4, "key: node.kubernetes.io/unschedulable");
		ts(t, cl->t_gather - 3600000000000LL);
		yl(y, 4, "timeAdded: \"%s\"", t);
		yl(y, 2, "unschedulable: true");
	}
	yl(y, 0, "status:");
	yl(y, 2, "addresses:");
	yl(y, 2, "- address: %s", n->ip);
	yl(y, 4, "type: ExternalIP");
	yl(y, 2, "- address: %s", n->ip);
	yl(y, 4, "type: InternalIP");
	yl(y, 2, "- address: %s", n->name);
	yl(y, 4, "type: Hostname");
	yl(y, 2, "allocatable:");
	yl(y, 4, "cpu: %dm", n->master ? 3500 : 7500);
	yl(y, 4, "ephemeral-storage: \"115470533646\"");
	yl(y, 4, "hugepages-1Gi: \"0\"");
	yl(y, 4, "hugepages-2Mi: \"0\"");
	yl(y, 4, "memory: %dKi", n->master ? 15258384 : 31987212);
	yl(y, 4, "pods: \"250\"");
	yl(y, 2, "capacity:");
	yl(y, 4, "cpu: \"%d\"", n->master ? 4 : 8);
	yl(y, 4, "ephemeral-storage: 125293548Ki");
	yl(y, 4, "hugepages-1Gi: \"0\"");
	yl(y, 4, "hugepages-2Mi: \"0\"");
	yl(y, 4, "memory: %dKi", n->master ? 16409360 : 32890892);
	yl(y, 4, "pods: \"250\"");
	yl(y, 2, "conditions:");
	ts(hb, cl->t_gather - 30000000000LL);
	ts(t, n->boot_ns + 60000000000LL);
	for (i = 0; i < 4; i++) {
		static const char *const ct[][4] = {
			{ "MemoryPressure", "False",
			    "KubeletHasSufficientMemory",
			    "kubelet has sufficient memory available" },
			{ "DiskPressure", "False", "KubeletHasNoDiskPressure",
			    "kubelet has no disk pressure" },
			{ "PIDPressure", "False", "KubeletHasSufficientPID",
			    "kubelet has sufficient PID available" },
			{ "Ready", "True", "KubeletReady",
			    "kubelet is posting ready status" },
		};
		yl(y, 2, "- lastHeartbeatTime: \"%s\"", hb);
		yl(y, 4, "lastTransitionTime: \"%s\"", t);
		yl(y, 4, "message: %s", ct[i][3]);
		yl(y, 4, "reason: %s", ct[i][2]);
		yl(y, 4, "status: \"%s\"", ct[i][1]);
		yl(y, 4, "type: %s", ct[i][0]);
	}
	yl(y, 2, "daemonEndpoints:");
	yl(y, 4, "kubeletEndpoint:");
	yl(y, 6, "Port: 10250");
	yl(y, 2, "images:");
	nimg = 30 + (int)rng_below(y->r, 30);
	for (i = 0; i < nimg; i++) {
		yl(y, 2, "- names:");
		for (j = 0; j < 1 + (int)(i % 3 == 0); j++) {
			image(y, img);
			yl(y, 4, "- %s", img);
		}
		yl(y, 4, "sizeBytes: %u", 300000000 + rng_below(y->r,
		    700000000));
	}
	yl(y, 2, "nodeInfo:");
	yl(y, 4, "architecture: amd64");
	gen_uuid(y->r, q);
	yl(y, 4, "bootID: %s", q);
	yl(y, 4, "containerRuntimeVersion: cri-o://1.25.3-4.rhaos4.12."
	    "git%s.el8", "a1b2c3d");
	yl(y, 4, "kernelVersion: 4.18.0-372.52.1.el8_6.x86_64");
	yl(y, 4, "kubeProxyVersion: v1.25.8+37a9a08");
	yl(y, 4, "kubeletVersion: v1.25.8+37a9a08");
	gen_hex(y->r, q, 32);
	yl(y, 4, "machineID: %s", q);
	yl(y, 4, "operatingSystem: linux");
	yl(y, 4, "osImage: Red Hat Enterprise Linux CoreOS 412.86.202305080640"
	    "-0 (Ootpa)");
	yl(y, 4, "systemUUID: %s", n->uid);
}

static void
mc_obj(struct yctx *y, int idx)
{
	const struct gen_cluster	*cl = y->cl;
	const char			*name, *role;
	char				 h[48], img[128];
	int				 nfiles, i, rendered, nunits;
	struct buf			 tmp = { 0 };
	size_t				 len, k;

	rendered = idx >= model_nmc;
	switch (idx - model_nmc) {
	case 0:
		name = cl->rendered_master;
		break;
	case 1:
		name = cl->old_master;
		break;
	case 2:
		name = cl->rendered_worker;
		break;
	case 3:
		name = cl->old_worker;
		break;
	default:
		name = model_mc_names[idx];
		break;
	}
	role = strstr(name, "master") != NULL ? "master" : "worker";
	nfiles = rendered ? 50 + (int)rng_below(y->r, 20) :
	    strncmp(name, "00-", 3) == 0 ? 30 + (int)rng_below(y->r, 20) :
	    1 + (int)rng_below(y->r, 3);
	nunits = rendered || strncmp(name, "00-", 3) == 0 ? 8 : 0;

	yl(y, 0, "apiVersion: machineconfiguration.openshift.io/v1");
	yl(y, 0, "kind: MachineConfig");
	yl(y, 0, "metadata:");
	yl(y, 2, "annotations:");
	gen_hex(y->r, h, 40);
	yl(y, 4, "machineconfiguration.openshift.io/generated-by-controller-"
	    "version: %s", h);
	if (rendered)
		yl(y, 4, "machineconfiguration.openshift.io/release-image-"
		    "version: %s", cl->version);
	yl(y, 2, "creationTimestamp: \"%s\"", "2023-05-08T06:40:00Z");
	yl(y, 2, "generation: 1");
	yl(y, 2, "labels:");
	yl(y, 4, "machineconfiguration.openshift.io/role: %s", role);
	yl(y, 2, "name: %s", name);
	yl(y, 2, "ownerReferences:");
	yl(y, 2, "- apiVersion: machineconfiguration.openshift.io/v1");
	yl(y, 4, "blockOwnerDeletion: true");
	yl(y, 4, "controller: true");
	yl(y, 4, "kind: %s", rendered ? "MachineConfigPool" :
	    "ControllerConfig");
	yl(y, 4, "name: %s", rendered ? role : "machine-config-controller");
	gen_uuid(y->r, h);
	yl(y, 4, "uid: %s", h);
	yl(y, 2, "resourceVersion: \"%u\"", rv(y));
	gen_uuid(y->r, h);
	yl(y, 2, "uid: %s", h);
	yl(y, 0, "spec:");
	yl(y, 2, "baseOSExtensionsContainerImage: \"\"");
	yl(y, 2, "config:");
	yl(y, 4, "ignition:");
	yl(y, 6, "version: 3.2.0");
	yl(y, 4, "storage:");
	yl(y, 6, "files:");
	for (i = 0; i < nfiles; i++) {
		tmp.len = 0;
		len = 100 + rng_below(y->r, rng_below(y->r, 8) == 0 ? 6000 :
		    1200);
		if (rng_below(y->r, 8) == 0) {
			buf_adds(&tmp, "data:text/plain;charset=utf-8;base64,");
			gen_base64(y->r, &tmp, len / 4 * 4);
		} else {
			buf_adds(&tmp, "data:,");
			for (k = 0; k < len; k += 6) {
				buf_adds(&tmp, words[rng_below(y->r,
				    sizeof words / sizeof *words)]);
				buf_adds(&tmp, rng_below(y->r, 6) == 0 ?
				    "%0A" : "%20");
			}
		}
		buf_addc(&tmp, '\0');
		yl(y, 6, "- contents:");
		yl(y, 10, "source: %s", tmp.p);
		yl(y, 8, "mode: %d", rng_below(y->r, 4) == 0 ? 493 : 420);
		yl(y, 8, "overwrite: true");
		yl(y, 8, "path: %s%s", file_paths[i % (sizeof file_paths /
		    sizeof *file_paths)], i < (int)(sizeof file_paths /
		    sizeof *file_paths) ? "" : ".d/extra");
	}
	if (nunits > 0) {
		yl(y, 4, "systemd:");
		yl(y, 6, "units:");
		for (i = 0; i < nunits; i++) {
			yl(y, 6, "- contents: |");
			yl(y, 10, "[Unit]");
			tmp.len = 0;
			sentence(y, &tmp, 6 + (int)rng_below(y->r, 8));
			yl(y, 10, "Description=%s", tmp.p);
			yl(y, 10, "Wants=network-online.target");
			yl(y, 10, "After=network-online.target");
			yl(y, 0, "%s", "");
			yl(y, 10, "[Service]");
			yl(y, 10, "Type=oneshot");
			yl(y, 10, "ExecStart=/usr/local/bin/%s", unit_names[i]);
			yl(y, 10, "RemainAfterExit=yes");
			yl(y, 0, "%s", "");
			yl(y, 10, "[Install]");
			yl(y, 10, "WantedBy=multi-user.target");
			yl(y, 8, "enabled: true");
			yl(y, 8, "name: %s", unit_names[i]);
		}
	}
	yl(y, 2, "extensions: []");
	yl(y, 2, "fips: false");
	yl(y, 2, "kernelArguments: []");
	yl(y, 2, "kernelType: default");
	image(y, img);
	yl(y, 2, "osImageURL: %s", rendered ? img : "\"\"");
	buf_free(&tmp);
}

static void
mcp_obj(struct yctx *y, int worker)
{
	const struct gen_cluster	*cl = y->cl;
	const char			*role = worker ? "worker" : "master";
	const char			*rendered;
	char				 u[40], msg[512];
	int				 i, count = 0, degraded = 0;

	rendered = worker ? cl->rendered_worker : cl->rendered_master;
	for (i = 0; i < cl->nnodes; i++) {
		if (cl->nodes[i].master == !worker) {
			count++;
			degraded += cl->nodes[i].degraded;
		}
	}
	yl(y, 0, "apiVersion: machineconfiguration.openshift.io/v1");
	yl(y, 0, "kind: MachineConfigPool");
	yl(y, 0, "metadata:");
	yl(y, 2, "creationTimestamp: \"2023-05-08T06:40:00Z\"");
	yl(y, 2, "generation: 3");
	yl(y, 2, "labels:");
	yl(y, 4, "machineconfiguration.openshift.io/mco-built-in: \"\"");
	yl(y, 4, "pools.operator.machineconfiguration.openshift.io/%s: \"\"",
	    role);
	yl(y, 2, "name: %s", role);
	yl(y, 2, "resourceVersion: \"%u\"", rv(y));
	gen_uuid(y->r, u);
	yl(y, 2, "uid: %s", u);
	yl(y, 0, "spec:");
	yl(y, 2, "configuration:");
	yl(y, 4, "name: %s", rendered);
	yl(y, 4, "source:");
	for (i = 0; i < model_nmc; i++) {
		if (strstr(model_mc_names[i], role) == NULL)
			continue;
		yl(y, 4, "- apiVersion: machineconfiguration.openshift.io/v1");
		yl(y, 6, "kind: MachineConfig");
		yl(y, 6, "name: %s", model_mc_names[i]);
	}
	yl(y, 2, "machineConfigSelector:");
	yl(y, 4, "matchLabels:");
	yl(y, 6, "machineconfiguration.openshift.io/role: %s", role);
	yl(y, 2, "nodeSelector:");
	yl(y, 4, "matchLabels:");
	yl(y, 6, "node-role.kubernetes.io/%s: \"\"", role);
	yl(y, 2, "paused: false");
	yl(y, 0, "status:");
	yl(y, 2, "certExpirys:");
	yl(y, 2, "- bundle: KubeAPIServerServingCAData");
	yl(y, 4, "expiry: \"2033-05-05T06:25:00Z\"");
	yl(y, 4, "subject: CN=admin-kubeconfig-signer,OU=openshift");
	yl(y, 2, "conditions:");
	condition(y, 4, cl->t_install, "RenderDegraded", "False", "", "");
	if (degraded) {
		for (i = 0; i < cl->nnodes && !cl->nodes[i].degraded; i++)
			;
		snprintf(msg, sizeof msg, "Node %s is reporting: "
		    "\"machineconfig.machineconfiguration.openshift.io "
		    "\\\"%s\\\" not found\"",
		    cl->nodes[i].name, cl->nodes[i].desired);
		condition(y, 4, cl->t_gather - 3600000000000LL, "NodeDegraded",
		    "True", "1 nodes are reporting degraded status on sync",
		    msg);
		condition(y, 4, cl->t_gather - 3600000000000LL, "Degraded",
		    "True", "", "");
		condition(y, 4, cl->t_gather - 3600000000000LL, "Updated",
		    "False", "", "");
		condition(y, 4, cl->t_gather - 3600000000000LL, "Updating",
		    "True", "", "All nodes are updating to a new config");
	} else {
		condition(y, 4, cl->t_install, "NodeDegraded", "False", "", "");
		condition(y, 4, cl->t_install, "Degraded", "False", "", "");
		snprintf(msg, sizeof msg, "All nodes are updated with %s",
		    rendered);
		condition(y, 4, cl->t_install, "Updated", "True", "", msg);
		condition(y, 4, cl->t_install, "Updating", "False", "", "");
	}
	yl(y, 2, "configuration:");
	yl(y, 4, "name: %s", rendered);
	yl(y, 2, "degradedMachineCount: %d", degraded);
	yl(y, 2, "machineCount: %d", count);
	yl(y, 2, "observedGeneration: 3");
	yl(y, 2, "readyMachineCount: %d", count - degraded);
	yl(y, 2, "unavailableMachineCount: %d", degraded);
	yl(y, 2, "updatedMachineCount: %d", count - degraded);
}

static void
co_obj(struct yctx *y, const char *name)
{
	const struct gen_cluster	*cl = y->cl;
	char				 u[40];
	int				 i, nrel;
	int64_t				 t = cl->t_install + 1800000000000LL;

	yl(y, 0, "apiVersion: config.openshift.io/v1");
	yl(y, 0, "kind: ClusterOperator");
	yl(y, 0, "metadata:");
	yl(y, 2, "annotations:");
	yl(y, 4, "include.release.openshift.io/self-managed-high-availability: "
	    "\"true\"");
	yl(y, 4, "include.release.openshift.io/single-node-developer: "
	    "\"true\"");
	yl(y, 2, "creationTimestamp: \"2023-05-08T06:35:40Z\"");
	yl(y, 2, "generation: 1");
	yl(y, 2, "name: %s", name);
	yl(y, 2, "ownerReferences:");
	yl(y, 2, "- apiVersion: config.openshift.io/v1");
	yl(y, 4, "controller: true");
	yl(y, 4, "kind: ClusterVersion");
	yl(y, 4, "name: version");
	yl(y, 4, "uid: %s", cl->cluster_id);
	yl(y, 2, "resourceVersion: \"%u\"", rv(y));
	gen_uuid(y->r, u);
	yl(y, 2, "uid: %s", u);
	yl(y, 0, "spec: {}");
	yl(y, 0, "status:");
	yl(y, 2, "conditions:");
	condition(y, 4, t, "Degraded", "False", "AsExpected",
	    "NodeControllerDegraded: All master nodes are ready");
	condition(y, 4, t, "Progressing", "False", "AsExpected", "");
	condition(y, 4, t, "Available", "True", "AsExpected", "");
	if (strcmp(name, "machine-config") == 0)
		condition(y, 4, cl->t_gather - 3600000000000LL, "Upgradeable",
		    "False", "DegradedPool", "One or more machine config pools "
		    "are degraded, please see `oc get mcp` for further details "
		    "and resolve before upgrading");
	else
		condition(y, 4, t, "Upgradeable", "True", "AsExpected",
		    "All is well");
	yl(y, 2, "extension: null");
	yl(y, 2, "relatedObjects:");
	nrel = 3 + (int)rng_below(y->r, 8);
	for (i = 0; i < nrel; i++) {
		yl(y, 2, "- group: %s", i == 0 ? "operator.openshift.io" :
		    "\"\"");
		yl(y, 4, "name: %s%s", i == 0 ? "cluster" : "openshift-",
		    i == 0 ? "" : name);
		yl(y, 4, "resource: %s", i == 0 ? "configs" : "namespaces");
	}
	yl(y, 2, "versions:");
	yl(y, 2, "- name: operator");
	yl(y, 4, "version: %s", cl->version);
}

static void
csr_obj(struct yctx *y, int idx)
{
	const struct gen_cluster	*cl = y->cl;
	const struct gen_node		*n = &cl->nodes[idx / 2 % cl->nnodes];
	char				 name[32], t[32], u[40];
	int				 pending = idx >= 2 * cl->nnodes;
	int				 serving = idx % 2;

	model_csr_name(cl, idx, name, sizeof name);
	yl(y, 0, "apiVersion: certificates.k8s.io/v1");
	yl(y, 0, "kind: CertificateSigningRequest");
	yl(y, 0, "metadata:");
	ts(t, pending ? cl->t_gather - 600000000000LL : n->boot_ns +
	    120000000000LL);
	yl(y, 2, "creationTimestamp: \"%s\"", t);
	yl(y, 2, "generateName: csr-");
	yl(y, 2, "name: %s", name);
	yl(y, 2, "resourceVersion: \"%u\"", rv(y));
	gen_uuid(y->r, u);
	yl(y, 2, "uid: %s", u);
	yl(y, 0, "spec:");
	yl(y, 2, "groups:");
	if (serving) {
		yl(y, 2, "- system:nodes");
	} else {
		yl(y, 2, "- system:serviceaccounts:"
		    "openshift-machine-config-operator");
		yl(y, 2, "- system:serviceaccounts");
	}
	yl(y, 2, "- system:authenticated");
	buf_adds(y->b, "  request: ");
	gen_base64(y->r, y->b, 912);
	buf_addc(y->b, '\n');
	yl(y, 2, "signerName: kubernetes.io/%s", serving ? "kubelet-serving" :
	    "kube-apiserver-client-kubelet");
	yl(y, 2, "usages:");
	yl(y, 2, "- digital signature");
	yl(y, 2, "- %s", serving ? "server auth" : "client auth");
	if (serving)
		yl(y, 2, "username: system:node:%s", n->name);
	else
		yl(y, 2, "username: system:serviceaccount:openshift-machine-"
		    "config-operator:node-bootstrapper");
	if (pending) {
		yl(y, 0, "status: {}");
		return;
	}
	yl(y, 0, "status:");
	buf_adds(y->b, "  certificate: ");
	gen_base64(y->r, y->b, 1368);
	buf_addc(y->b, '\n');
	yl(y, 2, "conditions:");
	yl(y, 2, "- lastTransitionTime: \"%s\"", t);
	yl(y, 4, "lastUpdateTime: \"%s\"", t);
	yl(y, 4, "message: This CSR was approved by the Node CSR Approver "
	    "(cluster-machine-approver)");
	yl(y, 4, "reason: NodeCSRApprove");
	yl(y, 4, "status: \"True\"");
	yl(y, 4, "type: Approved");
}

static void
config_obj(struct yctx *y, const char *res)
{
	const struct gen_cluster	*cl = y->cl;
	char				 u[40], t[32], img[128];
	const char			*kind = res;
	static const char *const kinds[][2] = {
		{ "apiservers", "APIServer" },
		{ "authentications", "Authentication" },
		{ "builds", "Build" }, { "clusterversions", "ClusterVersion" },
		{ "consoles", "Console" }, { "dnses", "DNS" },
		{ "featuregates", "FeatureGate" }, { "images", "Image" },
		{ "infrastructures", "Infrastructure" },
		{ "ingresses", "Ingress" }, { "networks", "Network" },
		{ "oauths", "OAuth" }, { "operatorhubs", "OperatorHub" },
		{ "projects", "Project" }, { "proxies", "Proxy" },
		{ "schedulers", "Scheduler" },
	};
	size_t				 i;

	for (i = 0; i < sizeof kinds / sizeof *kinds; i++)
		if (strcmp(kinds[i][0], res) == 0)
			kind = kinds[i][1];
	yl(y, 0, "apiVersion: config.openshift.io/v1");
	yl(y, 0, "kind: %s", kind);
	yl(y, 0, "metadata:");
	yl(y, 2, "annotations:");
	yl(y, 4, "include.release.openshift.io/self-managed-high-"
	    "availability: \"true\"");
	ts(t, cl->t_install);
	yl(y, 2, "creationTimestamp: \"%s\"", t);
	yl(y, 2, "generation: %d", 1 + (int)rng_below(y->r, 3));
	yl(y, 2, "name: %s", strcmp(res, "clusterversions") == 0 ? "version" :
	    "cluster");
	yl(y, 2, "resourceVersion: \"%u\"", rv(y));
	gen_uuid(y->r, u);
	yl(y, 2, "uid: %s", strcmp(res, "clusterversions") == 0 ?
	    cl->cluster_id : u);
	if (strcmp(res, "clusterversions") == 0) {
		image(y, img);
		yl(y, 0, "spec:");
		yl(y, 2, "channel: stable-4.12");
		yl(y, 2, "clusterID: %s", cl->cluster_id);
		yl(y, 0, "status:");
		yl(y, 2, "availableUpdates: null");
		yl(y, 2, "capabilities:");
		yl(y, 4, "enabledCapabilities:");
		yl(y, 4, "- CSISnapshot");
		yl(y, 4, "- Console");
		yl(y, 4, "- Insights");
		yl(y, 4, "- Storage");
		yl(y, 4, "- baremetal");
		yl(y, 4, "- marketplace");
		yl(y, 4, "- openshift-samples");
		yl(y, 2, "conditions:");
		condition(y, 4, cl->t_install + 2400000000000LL,
		    "RetrievedUpdates", "False", "NoChannel",
		    "The update channel has not been configured.");
		condition(y, 4, cl->t_install + 2400000000000LL, "Available",
		    "True", "", "Done applying 4.12");
		condition(y, 4, cl->t_install + 2400000000000LL, "Failing",
		    "False", "", "");
		condition(y, 4, cl->t_install + 2400000000000LL, "Progressing",
		    "False", "", "Cluster version is 4.12");
		yl(y, 2, "desired:");
		yl(y, 4, "image: %s", img);
		yl(y, 4, "version: %s", cl->version);
		yl(y, 2, "history:");
		ts(t, cl->t_install + 2400000000000LL);
		yl(y, 2, "- completionTime: \"%s\"", t);
		yl(y, 4, "image: %s", img);
		ts(t, cl->t_install);
		yl(y, 4, "startedTime: \"%s\"", t);
		yl(y, 4, "state: Completed");
		yl(y, 4, "verified: false");
		yl(y, 4, "version: %s", cl->version);
		yl(y, 2, "observedGeneration: 2");
		yl(y, 2, "versionHash: %.11s", u);
	} else if (strcmp(res, "infrastructures") == 0) {
		yl(y, 0, "spec:");
		yl(y, 2, "cloudConfig:");
		yl(y, 4, "key: config");
		yl(y, 4, "name: cloud-provider-config");
		yl(y, 2, "platformSpec:");
		yl(y, 4, "type: VSphere");
		yl(y, 0, "status:");
		yl(y, 2, "apiServerInternalURI: https://api-int.%s.example.com:"
		    "6443", cl->infra);
		yl(y, 2, "apiServerURL: https://api.%s.example.com:6443",
		    cl->infra);
		yl(y, 2, "controlPlaneTopology: HighlyAvailable");
		yl(y, 2, "etcdDiscoveryDomain: \"\"");
		yl(y, 2, "infrastructureName: %s", cl->infra);
		yl(y, 2, "infrastructureTopology: HighlyAvailable");
		yl(y, 2, "platform: VSphere");
		yl(y, 2, "platformStatus:");
		yl(y, 4, "type: VSphere");
		yl(y, 4, "vsphere:");
		yl(y, 6, "apiServerInternalIP: 10.0.0.2");
		yl(y, 6, "ingressIP: 10.0.0.3");
	} else if (strcmp(res, "networks") == 0) {
		yl(y, 0, "spec:");
		yl(y, 2, "clusterNetwork:");
		yl(y, 2, "- cidr: 10.128.0.0/14");
		yl(y, 4, "hostPrefix: 23");
		yl(y, 2, "externalIP:");
		yl(y, 4, "policy: {}");
		yl(y, 2, "networkType: OVNKubernetes");
		yl(y, 2, "serviceNetwork:");
		yl(y, 2, "- 172.30.0.0/16");
		yl(y, 0, "status:");
		yl(y, 2, "clusterNetwork:");
		yl(y, 2, "- cidr: 10.128.0.0/14");
		yl(y, 4, "hostPrefix: 23");
		yl(y, 2, "clusterNetworkMTU: 1400");
		yl(y, 2, "networkType: OVNKubernetes");
		yl(y, 2, "serviceNetwork:");
		yl(y, 2, "- 172.30.0.0/16");
	} else if (strcmp(res, "proxies") == 0) {
		yl(y, 0, "spec:");
		yl(y, 2, "trustedCA:");
		yl(y, 4, "name: \"\"");
		yl(y, 0, "status: {}");
	} else if (strcmp(res, "dnses") == 0) {
		yl(y, 0, "spec:");
		yl(y, 2, "baseDomain: %s.example.com", cl->infra);
		yl(y, 2, "platform:");
		yl(y, 4, "aws: null");
		yl(y, 4, "type: \"\"");
		yl(y, 0, "status: {}");
	} else if (strcmp(res, "ingresses") == 0) {
		yl(y, 0, "spec:");
		yl(y, 2, "domain: apps.%s.example.com", cl->infra);
		yl(y, 0, "status:");
		yl(y, 2, "defaultPlacement: Workers");
	} else {
		yl(y, 0, "spec: {}");
		yl(y, 0, "status: {}");
	}
}

static void
crd_props(struct yctx *y, int ind, int depth, int *budget)
{
	struct buf	 d = { 0 };
	int		 i, n;
	uint32_t	 t;

	n = 2 + (int)rng_below(y->r, depth == 0 ? 10 : 6);
	for (i = 0; i < n && *budget > 0; i++, (*budget)--) {
		d.len = 0;
		sentence(y, &d, 8 + (int)rng_below(y->r, 40));
		/* One draw per statement: argument order is unspecified. */
		t = rng_below(y->r, sizeof words / sizeof *words);
		yl(y, ind, "%s%s%d:", words[t], words[rng_below(y->r,
		    sizeof words / sizeof *words)], i);
		yl(y, ind + 2, "description: %s", d.p);
		t = depth < 3 ? rng_below(y->r, 6) : 3 + rng_below(y->r, 3);
		if (t <= 1) {
			yl(y, ind + 2, "properties:");
			crd_props(y, ind + 4, depth + 1, budget);
			yl(y, ind + 2, "type: object");
		} else if (t == 2) {
			yl(y, ind + 2, "items:");
			yl(y, ind + 4, "type: string");
			yl(y, ind + 2, "type: array");
		} else if (t == 3)
			yl(y, ind + 2, "type: string");
		else if (t == 4) {
			yl(y, ind + 2, "format: int32");
			yl(y, ind + 2, "type: integer");
		} else
			yl(y, ind + 2, "type: boolean");
	}
	buf_free(&d);
}

static void
crd_obj(struct yctx *y, const char *name)
{
	char		 plural[96], kind[96], u[40];
	const char	*group;
	int		 budget;

	snprintf(plural, sizeof plural, "%.*s", (int)(strchr(name, '.') -
	    name), name);
	group = strchr(name, '.') + 1;
	snprintf(kind, sizeof kind, "%c%s", plural[0] - 32, plural + 1);
	if (strlen(kind) > 1 && kind[strlen(kind) - 1] == 's')
		kind[strlen(kind) - 1] = '\0';
	yl(y, 0, "apiVersion: apiextensions.k8s.io/v1");
	yl(y, 0, "kind: CustomResourceDefinition");
	yl(y, 0, "metadata:");
	yl(y, 2, "annotations:");
	yl(y, 4, "api-approved.openshift.io: https://github.com/openshift/api/"
	    "pull/%d", 400 + (int)rng_below(y->r, 1000));
	yl(y, 4, "include.release.openshift.io/self-managed-high-"
	    "availability: \"true\"");
	yl(y, 2, "creationTimestamp: \"2023-05-08T06:35:02Z\"");
	yl(y, 2, "generation: 1");
	yl(y, 2, "name: %s", name);
	yl(y, 2, "resourceVersion: \"%u\"", rv(y));
	gen_uuid(y->r, u);
	yl(y, 2, "uid: %s", u);
	yl(y, 0, "spec:");
	yl(y, 2, "conversion:");
	yl(y, 4, "strategy: None");
	yl(y, 2, "group: %s", group);
	yl(y, 2, "names:");
	yl(y, 4, "kind: %s", kind);
	yl(y, 4, "listKind: %sList", kind);
	yl(y, 4, "plural: %s", plural);
	yl(y, 4, "singular: %s", kind);
	yl(y, 2, "scope: %s", rng_below(y->r, 2) ? "Cluster" : "Namespaced");
	yl(y, 2, "versions:");
	yl(y, 2, "- name: v1");
	yl(y, 4, "schema:");
	yl(y, 6, "openAPIV3Schema:");
	yl(y, 8, "description: %s is the Schema for the %s API", kind, plural);
	yl(y, 8, "properties:");
	yl(y, 10, "apiVersion:");
	yl(y, 12, "description: 'APIVersion defines the versioned schema of "
	    "this representation of an object.'");
	yl(y, 12, "type: string");
	yl(y, 10, "spec:");
	yl(y, 12, "properties:");
	budget = 10 + (int)rng_below(y->r, rng_below(y->r, 5) == 0 ? 300 : 60);
	crd_props(y, 14, 0, &budget);
	yl(y, 12, "type: object");
	yl(y, 8, "type: object");
	yl(y, 4, "served: true");
	yl(y, 4, "storage: true");
	yl(y, 4, "subresources:");
	yl(y, 6, "status: {}");
	yl(y, 0, "status:");
	yl(y, 2, "acceptedNames:");
	yl(y, 4, "kind: %s", kind);
	yl(y, 4, "plural: %s", plural);
	yl(y, 2, "storedVersions:");
	yl(y, 2, "- v1");
}

static void
apiservice_obj(struct yctx *y, const char *name)
{
	char		 u[40];
	const char	*group = strchr(name, '.') + 1;

	yl(y, 0, "apiVersion: apiregistration.k8s.io/v1");
	yl(y, 0, "kind: APIService");
	yl(y, 0, "metadata:");
	yl(y, 2, "creationTimestamp: \"2023-05-08T06:33:10Z\"");
	yl(y, 2, "name: %s", name);
	yl(y, 2, "resourceVersion: \"%u\"", rv(y));
	gen_uuid(y->r, u);
	yl(y, 2, "uid: %s", u);
	yl(y, 0, "spec:");
	yl(y, 2, "group: %s", group[0] == '\0' ? "\"\"" : group);
	yl(y, 2, "groupPriorityMinimum: 18000");
	yl(y, 2, "version: %.*s", (int)(group - name - 1), name);
	yl(y, 2, "versionPriority: 15");
	yl(y, 0, "status:");
	yl(y, 2, "conditions:");
	condition(y, 4, y->cl->t_install + 900000000000LL, "Available", "True",
	    "Local", "Local APIServices are always available");
}

static void
storageclass_obj(struct yctx *y)
{
	char	 u[40];

	yl(y, 0, "allowVolumeExpansion: true");
	yl(y, 0, "apiVersion: storage.k8s.io/v1");
	yl(y, 0, "kind: StorageClass");
	yl(y, 0, "metadata:");
	yl(y, 2, "annotations:");
	yl(y, 4, "storageclass.kubernetes.io/is-default-class: \"true\"");
	yl(y, 2, "creationTimestamp: \"2023-05-08T06:50:10Z\"");
	yl(y, 2, "name: thin-csi");
	yl(y, 2, "resourceVersion: \"%u\"", rv(y));
	gen_uuid(y->r, u);
	yl(y, 2, "uid: %s", u);
	yl(y, 0, "parameters:");
	yl(y, 2, "StoragePolicyName: openshift-storage-policy-%s",
	    y->cl->infra);
	yl(y, 0, "provisioner: csi.vsphere.vmware.com");
	yl(y, 0, "reclaimPolicy: Delete");
	yl(y, 0, "volumeBindingMode: WaitForFirstConsumer");
}

static void
co_list(struct yctx *y)
{
	struct buf	*out = y->b, obj = { 0 };
	struct rng	 r2, *save = y->r;
	int		 i;

	buf_adds(out, "---\n");
	yl(y, 0, "apiVersion: config.openshift.io/v1");
	yl(y, 0, "items:");
	for (i = 0; i < model_nco; i++) {
		obj.len = 0;
		obj_seed(&r2, y->cl, "ClusterOperator", model_co_names[i]);
		y->b = &obj;
		y->r = &r2;
		co_obj(y, model_co_names[i]);
		y->b = out;
		item(out, &obj);
	}
	y->r = save;
	yl(y, 0, "kind: ClusterOperatorList");
	yl(y, 0, "metadata:");
	yl(y, 2, "continue: \"\"");
	yl(y, 2, "resourceVersion: \"%u\"", rv(y));
	buf_free(&obj);
}

static void
etcd_json(struct yctx *y, const char *file)
{
	const struct gen_cluster	*cl = y->cl;
	struct buf			*b = y->b;
	uint64_t			 ids[3], cid = rng_next(y->r) >> 1;
	unsigned			 v[4];
	int				 i;

	for (i = 0; i < 3; i++)
		ids[i] = rng_next(y->r) >> 1;
	if (strcmp(file, "alarm_list.json") == 0) {
		buf_adds(b, "{}\n");
	} else if (strcmp(file, "endpoint_health.json") == 0) {
		buf_adds(b, "[");
		for (i = 0; i < 3; i++) {
			v[0] = 5 + rng_below(y->r, 30);
			v[1] = rng_below(y->r, 1000000);
			buf_printf(b, "%s{\"endpoint\":\"https://%s:2379\","
			    "\"health\":true,\"took\":\"%u.%06ums\"}",
			    i ? "," : "", cl->nodes[i].ip, v[0], v[1]);
		}
		buf_adds(b, "]\n");
	} else if (strcmp(file, "endpoint_status.json") == 0) {
		buf_adds(b, "[");
		for (i = 0; i < 3; i++) {
			v[0] = 500000 + rng_below(y->r, 100000);
			v[1] = 100000000 + rng_below(y->r, 100000000);
			v[2] = 600000 + rng_below(y->r, 1000);
			v[3] = 60000000 + rng_below(y->r, 40000000);
			buf_printf(b, "%s{\"Endpoint\":\"https://%s:2379\","
			    "\"Status\":{\"header\":{\"cluster_id\":%llu,"
			    "\"member_id\":%llu,\"revision\":%u,\"raft_term\":"
			    "%u},\"version\":\"3.5.6\",\"dbSize\":%u,"
			    "\"leader\":"
			    "%llu,\"raftIndex\":%u,\"raftTerm\":%u,"
			    "\"raftAppliedIndex\":%u,\"dbSizeInUse\":%u}}",
			    i ? "," : "", cl->nodes[i].ip,
			    (unsigned long long)cid,
			    (unsigned long long)ids[i], v[0], 7, v[1],
			    (unsigned long long)ids[0], v[2], 7, v[2], v[3]);
		}
		buf_adds(b, "]\n");
	} else {
		buf_printf(b, "{\"header\":{\"cluster_id\":%llu,\"member_id\":"
		    "%llu,\"raft_term\":7},\"members\":[",
		    (unsigned long long)cid, (unsigned long long)ids[0]);
		for (i = 0; i < 3; i++)
			buf_printf(b, "%s{\"ID\":%llu,\"name\":\"%s\","
			    "\"peerURLs\":[\"https://%s:2380\"],"
			    "\"clientURLs\":[\"https://%s:2379\"]}",
			    i ? "," : "", (unsigned long long)ids[i],
			    cl->nodes[i].name, cl->nodes[i].ip,
			    cl->nodes[i].ip);
		buf_adds(b, "]}\n");
	}
}

static const char event_filter_html[] =
    "<!doctype html>\n<html lang=\"en\">\n  <head>\n"
    "    <meta charset=\"utf-8\">\n    <title>Events</title>\n"
    "  </head>\n  <body>\n    <table id=\"events\" class=\"table\">\n"
    "      <thead><tr><th>Time</th><th>Namespace</th><th>Component</th>"
    "<th>RelatedObject</th><th>Reason</th><th>Message</th></tr></thead>\n"
    "      <tbody></tbody>\n    </table>\n  </body>\n</html>\n";

/*
 * Write the file an entry names into out.  The file's own stream r is
 * used for list files; single objects reseed from their names.
 */
/* The idx-th CRD; past the model's, numbered variants (profile real). */
void
crd_name(int idx, char *out, size_t n)
{
	const char	*c = model_crd_names[idx % model_ncrd];
	size_t		 dot = strcspn(c, ".");

	if (idx < model_ncrd)
		snprintf(out, n, "%s", c);
	else
		snprintf(out, n, "%.*s%d%s", (int)dot, c, idx / model_ncrd,
		    c + dot);
}

void
yaml_write(const struct gen_cluster *cl, const struct gen_entry *e,
    struct rng *r, struct buf *out)
{
	struct yctx	 y;
	struct rng	 or;
	char		 t1[64], crd[192];
	unsigned	 v[2];

	y.cl = cl;
	y.r = r;
	y.b = out;
	/* Profile real plans some lists' sizes; see gen-profile.c. */
	y.target = cl->profile == PROFILE_REAL && e->kind == K_NS_LIST ?
	    e->size : 0;
	switch (e->kind) {
	case K_TIMESTAMP:
		gen_rfc3339(cl->t_gather - 240000000000LL, t1);
		v[0] = rng_below(r, 1000000000);
		buf_printf(out, "%.10s %.8s.%09u +0000 UTC m=+0.%09u\n", t1,
		    t1 + 11, v[0], rng_below(r, 1000000000));
		gen_rfc3339(cl->t_gather, t1);
		v[0] = rng_below(r, 1000000000);
		v[1] = 200 + rng_below(r, 40);
		buf_printf(out, "%.10s %.8s.%09u +0000 UTC m=+%u.%09u\n", t1,
		    t1 + 11, v[0], v[1], rng_below(r, 1000000000));
		return;
	case K_VERSION:
		buf_printf(out, "openshift/must-gather\n%s\n", cl->version);
		return;
	case K_EVENT_FILTER:
		buf_adds(out, event_filter_html);
		return;
	case K_ETCD:
		etcd_json(&y, model_etcd_files[e->a]);
		return;
	case K_CO_LIST:
		co_list(&y);
		return;
	case K_NS_LIST:
		yaml_ns_list(&y, &cl->ns[e->a], e->b);
		return;
	default:
		break;
	}
	buf_adds(out, "---\n");
	y.r = &or;
	switch (e->kind) {
	case K_NODE:
		obj_seed(&or, cl, "Node", cl->nodes[e->a].name);
		node_obj(&y, &cl->nodes[e->a]);
		break;
	case K_MC:
		snprintf(t1, sizeof t1, "mc%d", e->a);
		obj_seed(&or, cl, "MachineConfig", t1);
		mc_obj(&y, e->a);
		break;
	case K_MCP:
		obj_seed(&or, cl, "MachineConfigPool", e->a ? "worker" :
		    "master");
		mcp_obj(&y, e->a);
		break;
	case K_CO:
		obj_seed(&or, cl, "ClusterOperator", model_co_names[e->a]);
		co_obj(&y, model_co_names[e->a]);
		break;
	case K_CSR:
		snprintf(t1, sizeof t1, "csr%d", e->a);
		obj_seed(&or, cl, "CSR", t1);
		csr_obj(&y, e->a);
		break;
	case K_CONFIG:
		obj_seed(&or, cl, "Config", model_config_names[e->a]);
		config_obj(&y, model_config_names[e->a]);
		break;
	case K_CRD:
		crd_name(e->a, crd, sizeof crd);
		obj_seed(&or, cl, "CRD", crd);
		crd_obj(&y, crd);
		break;
	case K_APIREQ:
		yaml_apireq_name(e->a, crd, sizeof crd);
		obj_seed(&or, cl, "APIRequestCount", crd);
		yaml_apireq(&y, e->a);
		break;
	case K_APISERVICE:
		obj_seed(&or, cl, "APIService", model_apiservice_names[e->a]);
		apiservice_obj(&y, model_apiservice_names[e->a]);
		break;
	case K_STORAGECLASS:
		obj_seed(&or, cl, "StorageClass", "thin-csi");
		storageclass_obj(&y);
		break;
	case K_NS_OBJ:
		obj_seed(&or, cl, "Namespace", cl->ns[e->a].name);
		yaml_ns_obj(&y, &cl->ns[e->a]);
		break;
	case K_POD:
		obj_seed(&or, cl, "Pod", cl->pods[e->a].uid);
		yaml_pod(&y, &cl->pods[e->a]);
		break;
	}
}
