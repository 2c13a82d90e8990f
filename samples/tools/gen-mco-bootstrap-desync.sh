#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# gen-mco-bootstrap-desync.sh - seed 000: agent-based 4.18.32 install stalled at
# ~93%: both surviving masters carry currentConfig/desiredConfig naming a
# bootstrap-rendered MachineConfig that does not exist in the cluster.

TOOLS=$(cd "$(dirname "$0")" && pwd); SAMPLES=$(dirname "$TOOLS")
. "$TOOLS/lib.sh"; . "$TOOLS/base.sh"

CLUSTER=gw; DOMAIN=gw.lo; INFRAID=gw-7xk4d
OCPVER=4.18.32; KUBEVER=v1.31.14
CRIOVER=cri-o://1.31.13-3.rhaos4.18.git4c1d3f9.el9
KERNELVER=5.14.0-427.102.1.el9_4.x86_64
RHCOSVER="Red Hat Enterprise Linux CoreOS 418.94.202512111545-0 (Plow)"
CAEXPIRY=2036-01-04T09:02:51Z; EVRV=61000; ETCDREV=48731; ETCDTERM=4
MCCHASH=b7f3a0d39a3e2c1fd0c2e5f1e6b0aa4c1e3e9d27
BAD=rendered-master-553d5d527988f8cd22e7791f6013fe42
GOODM=rendered-master-9e786f4a442cb50f3dfeec92abb1675f
GOODW=rendered-worker-25a1be6c1264c64551ae911d23717173
REASON="missing MachineConfig $BAD
machineconfig.machineconfiguration.openshift.io \"$BAD\" not found"

mg_init mco-bootstrap-desync 3185774240551620941 gw-mg-4.18.32
mg_stamps "2026-01-06 11:58:20.418309245 +0100 CET m=+0.051842117" \
	"2026-01-06 12:00:41.902317733 +0100 CET m=+141.535850605" <<EOF
2026-01-06 10:58:23.114506201 +0000 UTC m=+0.081230044
2026-01-06 10:58:25.652091836 +0000 UTC m=+2.618815679
2026-01-06 10:58:26.020143377 +0000 UTC m=+0.311874302
2026-01-06 11:00:38.771402118 +0000 UTC m=+133.063133043
EOF

T0=2026-01-06T09:05:12Z
# --------------------------------------------------------------- ClusterVersion
{
	cat <<EOF
apiVersion: config.openshift.io/v1
kind: ClusterVersion
metadata:
  creationTimestamp: "$T0"
  generation: 2
  name: version
  resourceVersion: "71402"
  uid: $(uid "cv-$CLUSTER")
spec:
  channel: stable-4.18
  clusterID: $(uid "clusterid-$CLUSTER")
status:
  availableUpdates: null
  capabilities:
    enabledCapabilities:
    - Build
    - CSISnapshot
    - CloudControllerManager
    - CloudCredential
    - Console
    - DeploymentConfig
    - ImageRegistry
    - Ingress
    - Insights
    - MachineAPI
    - NodeTuning
    - OperatorLifecycleManager
    - OperatorLifecycleManagerV1
    - Storage
    - baremetal
    - marketplace
    - openshift-samples
    knownCapabilities:
    - Build
    - CSISnapshot
    - CloudControllerManager
    - CloudCredential
    - Console
    - DeploymentConfig
    - ImageRegistry
    - Ingress
    - Insights
    - MachineAPI
    - NodeTuning
    - OperatorLifecycleManager
    - OperatorLifecycleManagerV1
    - Storage
    - baremetal
    - marketplace
    - openshift-samples
  conditions:
EOF
	conds <<EOF
RetrievedUpdates|False|RemoteFailed|2026-01-06T09:05:31Z|Unable to retrieve available updates: Get "https://api.openshift.com/api/upgrades_info/v1/graph?arch=amd64&channel=stable-4.18&id=$(uid "clusterid-$CLUSTER")&version=4.18.32": dial tcp: lookup api.openshift.com on 192.168.1.1:53: no such host
ReleaseAccepted|True|PayloadLoaded|2026-01-06T09:05:31Z|Payload loaded version="4.18.32" image="registry.gw.lo/openshift/release@sha256:$(h64 release-4.18.32)" architecture="amd64"
Available|False|-|2026-01-06T09:05:31Z|-
Failing|True|ClusterOperatorNotAvailable|2026-01-06T10:49:02Z|Cluster operator authentication is not available
Progressing|True|ClusterOperatorNotAvailable|2026-01-06T09:05:31Z|Unable to apply 4.18.32: the cluster operator authentication is not available
ImplicitlyEnabledCapabilities|False|AsExpected|2026-01-06T09:05:31Z|Capabilities match configured spec
EOF
	cat <<EOF
  desired:
    image: registry.gw.lo/openshift/release@sha256:$(h64 release-4.18.32)
    version: 4.18.32
  history:
  - completionTime: null
    image: registry.gw.lo/openshift/release@sha256:$(h64 release-4.18.32)
    startedTime: "2026-01-06T09:05:31Z"
    state: Partial
    verified: false
    version: 4.18.32
  observedGeneration: 2
  versionHash: 5tWyK8cq3NE=
EOF
} | w "$R/cluster-scoped-resources/config.openshift.io/clusterversions/version.yaml"

# --------------------------------------------------------------- ClusterOperators
all_cos 2026-01-06T09:05:40Z 2026-01-06T09:48:10Z
co authentication 2026-01-06T09:05:40Z 70911 "openshift-authentication openshift-authentication-operator openshift-oauth-apiserver" "operator=$OCPVER oauth-apiserver=$OCPVER" <<'EOF'
Degraded|True|WellKnownReadyController_SyncError|2026-01-06T10:48:31Z|WellKnownReadyControllerDegraded: need at least 3 kube-apiservers, got 2
Progressing|False|AsExpected|2026-01-06T10:12:44Z|AuthenticatorCertKeyProgressing: All is well
Available|False|WellKnown_NotReady|2026-01-06T09:41:17Z|WellKnownAvailable: The well-known endpoint is not yet available: need at least 3 kube-apiservers, got 2
Upgradeable|True|AsExpected|2026-01-06T09:07:02Z|All is well
EvaluationConditionsDetected|False|AsExpected|2026-01-06T09:07:02Z|All is well
EOF
MEMBERS='[{Member:ID:10412862463520418233 name:"control1.gw.lo" peerURLs:"https://192.168.1.202:2380" clientURLs:"https://192.168.1.202:2379"  Healthy:true Took:1.806284ms Error:<nil>} {Member:ID:16205938418230617562 name:"control2.gw.lo" peerURLs:"https://192.168.1.203:2380" clientURLs:"https://192.168.1.203:2379"  Healthy:true Took:2.061755ms Error:<nil>}]'
co etcd 2026-01-06T09:05:40Z 70877 "openshift-etcd-operator openshift-etcd" "raw-internal=$OCPVER etcd=$OCPVER operator=$OCPVER" <<EOF
Degraded|True|MultipleConditionsMatching|2026-01-06T10:47:59Z|EtcdCertSignerControllerDegraded: EtcdCertSignerController can't evaluate whether quorum is safe: etcd cluster has quorum of 2 which is not fault tolerant: $MEMBERS~~EtcdEndpointsDegraded: EtcdEndpointsController can't evaluate whether quorum is safe: etcd cluster has quorum of 2 which is not fault tolerant: $MEMBERS
Progressing|False|AsExpected|2026-01-06T10:21:16Z|NodeInstallerProgressing: 2 nodes are at revision 7~~EtcdMembersProgressing: No unstarted etcd members found
Available|True|AsExpected|2026-01-06T09:31:40Z|StaticPodsAvailable: 2 nodes are active; 2 nodes are at revision 7~~EtcdMembersAvailable: 2 members are available
Upgradeable|True|AsExpected|2026-01-06T09:07:11Z|All is well
RecentBackup|Unknown|ControllerStarted|2026-01-06T09:07:11Z|The etcd backup controller is starting, and will decide if recent backups are available or if a backup is required
EOF
co machine-config 2026-01-06T09:05:40Z 70490 "openshift-machine-config-operator openshift-cloud-platform-infra" "operator=$OCPVER operator-image=$(img machine-config-operator-$OCPVER)" <<EOF
Progressing|True|-|2026-01-06T09:16:55Z|Working towards $OCPVER
Degraded|True|RequiredPoolsFailed|2026-01-06T09:58:03Z|Unable to apply $OCPVER: error during syncRequiredMachineConfigPools: [context deadline exceeded, error MachineConfigPool master is not ready, retrying. Status: (pool degraded: true total: 2, ready 0, updated: 0, unavailable: 2)]
Available|True|AsExpected|2026-01-06T09:17:31Z|Cluster has deployed [{operator $OCPVER} {operator-image $(img machine-config-operator-$OCPVER)}]
Upgradeable|False|DegradedPool|2026-01-06T09:20:06Z|One or more machine config pools are degraded, please see \`oc get mcp\` for further details and resolve before upgrading
EvaluationConditionsDetected|False|AsExpected|2026-01-06T09:16:55Z|-
EOF
infra_none 2026-01-06T09:05:03Z 602

# --------------------------------------------------------------- nodes
for n in "control1.gw.lo|192.168.1.202|2026-01-06T09:18:40Z|70112|10.129.0.0/23" \
	"control2.gw.lo|192.168.1.203|2026-01-06T09:18:55Z|70138|10.130.0.0/23"; do
	IFS='|' read -r N_NAME N_IP N_CREATED N_RV N_SUBNET <<EOF
$n
EOF
	N_ROLE=master; N_CUR=$BAD; N_DES=$BAD; N_STATE=Degraded; N_REASON=$REASON; N_CCRV=11923
	N_READY=True; N_HB=2026-01-06T10:57:41Z; N_RT=2026-01-06T09:21:02Z
	node
done
for n in "worker0.gw.lo|192.168.1.211|2026-01-06T09:31:12Z|69820|10.131.0.0/23" \
	"worker1.gw.lo|192.168.1.212|2026-01-06T09:31:20Z|69833|10.128.2.0/23" \
	"worker2.gw.lo|192.168.1.213|2026-01-06T09:31:47Z|69901|10.128.4.0/23"; do
	IFS='|' read -r N_NAME N_IP N_CREATED N_RV N_SUBNET <<EOF
$n
EOF
	N_ROLE=worker; N_CUR=$GOODW; N_DES=$GOODW; N_STATE=Done; N_REASON=""; N_CCRV=11923
	N_READY=True; N_HB=2026-01-06T10:56:58Z; N_RT=2026-01-06T09:33:05Z
	node
done

# --------------------------------------------------------------- MachineConfigs / pools
source_mcs 2026-01-06T09:16:20Z $MCCHASH
mc $GOODM master 2026-01-06T09:17:02Z 8411 $MCCHASH
mc $GOODW worker 2026-01-06T09:17:02Z 8413 $MCCHASH
mcp master 2026-01-06T09:16:19Z 70233 $GOODM "" 2 0 0 2 2026-01-06T09:19:48Z True \
	"2 nodes are reporting degraded status on sync" \
	"Node control1.gw.lo is reporting: \"missing MachineConfig $BAD\\nmachineconfig.machineconfiguration.openshift.io \\\"$BAD\\\" not found\", Node control2.gw.lo is reporting: \"missing MachineConfig $BAD\\nmachineconfig.machineconfiguration.openshift.io \\\"$BAD\\\" not found\"" \
	False True 2026-01-06T09:17:03Z
mcp worker 2026-01-06T09:16:19Z 69955 $GOODW $GOODW 3 3 3 0 2026-01-06T09:33:41Z False "" "" True False 2026-01-06T09:17:03Z

# --------------------------------------------------------------- CSRs
G_BOOT="system:serviceaccounts system:serviceaccounts:openshift-machine-config-operator system:authenticated"
U_BOOT=system:serviceaccount:openshift-machine-config-operator:node-bootstrapper
# the approved install-time CSRs are older than one hour and were garbage-collected
# control0 never got its config: two bootstrap CSRs for it are still pending
csr csr-7m2kq 2026-01-06T10:04:13Z 52310 kubernetes.io/kube-apiserver-client-kubelet "$U_BOOT" "$G_BOOT" \
	"digital signature,client auth" system:node:control0.gw.lo system:nodes ""
csr csr-x9wdp 2026-01-06T10:19:15Z 58844 kubernetes.io/kube-apiserver-client-kubelet "$U_BOOT" "$G_BOOT" \
	"digital signature,client auth" system:node:control0.gw.lo system:nodes ""

# --------------------------------------------------------------- openshift-machine-config-operator
NS=openshift-machine-config-operator
nsobj $NS 2026-01-06T09:06:02Z 6144 1
mcd_pod control1.gw.lo 192.168.1.202 wq7vd 2026-01-06T09:52:08Z 70101
mcd_pod control2.gw.lo 192.168.1.203 9nhz4 2026-01-06T09:52:21Z 70127
mcd_pod worker0.gw.lo 192.168.1.211 bx2lr 2026-01-06T09:52:34Z 69780
mcd_pod worker1.gw.lo 192.168.1.212 k8fmc 2026-01-06T09:52:49Z 69791
mcd_pod worker2.gw.lo 192.168.1.213 t5sjp 2026-01-06T09:53:02Z 69874
mcs_pod control1.gw.lo 192.168.1.202 2hgqz 2026-01-06T09:17:40Z 9811
mcs_pod control2.gw.lo 192.168.1.203 rc6tn 2026-01-06T09:17:41Z 9823
P_NS=$NS; P_NAME=machine-config-controller-6b8d9c5f7-lq4zx; P_GEN=machine-config-controller-6b8d9c5f7-
P_OKIND=ReplicaSet; P_ONAME=machine-config-controller-6b8d9c5f7; P_NODE=control2.gw.lo; P_IP=192.168.1.203
P_PODIP=10.130.0.21; P_CREATED=2026-01-06T09:16:41Z; P_RV=10230; P_SA=machine-config-controller; P_SCC=restricted-v2
P_LABELS="    k8s-app: machine-config-controller
    pod-template-hash: 6b8d9c5f7"
P_CTRS="machine-config-controller|machine-config-operator|run:2026-01-06T09:19:52Z|0"
pod
P_NS=$NS; P_NAME=machine-config-operator-7f4c6d8b9-vh2ss; P_GEN=machine-config-operator-7f4c6d8b9-
P_OKIND=ReplicaSet; P_ONAME=machine-config-operator-7f4c6d8b9; P_NODE=control1.gw.lo; P_IP=192.168.1.202
P_PODIP=10.129.0.14; P_CREATED=2026-01-06T09:15:02Z; P_RV=10211; P_SA=machine-config-operator; P_SCC=restricted-v2
P_LABELS="    k8s-app: machine-config-operator
    pod-template-hash: 7f4c6d8b9"
P_CTRS="machine-config-operator|machine-config-operator|run:2026-01-06T09:19:40Z|0"
pod
podlist $NS 71433

# ---- MCD logs: masters loop in bootstrap mode for 1.5 h
mcd_master_log() { # POD NODE PID START END SEED
	L=$(clog $NS "$1" machine-config-daemon)
	awkt -v node="$2" -v pid="$3" -v t0="$4" -v t1="$5" -v seed="$6" \
		-v bad="$BAD" -v ver="$OCPVER" -v osimg="$(img rhel-coreos-$OCPVER)" -v h="$MCCHASH" '
	BEGIN {
		RS0 = seed; e = ep(t0); end = ep(t1)
		print pod(e, "I", pid, "start.go:61", "Version: machine-config-daemon-" ver "-202512101023.p0.g" substr(h,1,7) ".assembly.stream.el9 (" h ")")
		print pod(e, "I", pid, "update.go:2641", "Running: mount --rbind /run/secrets /rootfs/run/secrets")
		print pod(e, "I", pid, "update.go:2641", "Running: mount --rbind /usr/bin /rootfs/run/machine-config-daemon-bin")
		print pod(e, "I", pid, "daemon.go:552", "using appropriate binary for source=rhel-9 target=rhel-9")
		e += 1; print pod(e, "I", pid, "daemon.go:605", "Invoking re-exec /run/bin/machine-config-daemon")
		print pod(e, "I", pid, "start.go:61", "Version: machine-config-daemon-" ver "-202512101023.p0.g" substr(h,1,7) ".assembly.stream.el9 (" h ")")
		print pod(e, "I", pid, "update.go:2641", "Running: systemctl daemon-reload")
		e += 1; print pod(e, "I", pid, "rpm-ostree.go:308", "Running captured: rpm-ostree status --json")
		print pod(e, "I", pid, "daemon.go:304", "Booted osImageURL: " osimg " (418.94.202512111545-0) 8e0f7c3b9a5d2e6f1c4b7a0d3e6f9c2b5a8d1e4f7c0b3a6d9e2f5c8b1a4d7e0f")
		print pod(e, "I", pid, "start.go:137", "overriding kubernetes api to https://api-int.gw.lo:6443")
		print pod(e, "I", pid, "metrics.go:92", "Registering Prometheus metrics")
		print pod(e, "I", pid, "metrics.go:99", "Starting metrics listener on 127.0.0.1:8797")
		print pod(e, "I", pid, "writer.go:87", "NodeWriter initialized with credentials from /var/lib/kubelet/kubeconfig")
		print pod(e, "I", pid, "update.go:2656", "Starting to manage node: " node)
		print pod(e, "I", pid, "image_manager_helper.go:194", "Linking rpm-ostree authfile to /etc/mco/internal-registry-pull-secret.json")
		e += 1; print pod(e, "I", pid, "rpm-ostree.go:308", "Running captured: rpm-ostree status")
		print pod(e, "I", pid, "daemon.go:1356", "State: idle")
		print praw(e, "Deployments:")
		print praw(e, "* ostree-unverified-registry:" osimg)
		print praw(e, "                   Digest: sha256:" substr(osimg, length(osimg)-63))
		print praw(e, "                  Version: 418.94.202512111545-0 (2026-01-06T09:10:58Z)")
		print pod(e, "I", pid, "coreos.go:53", "CoreOS aleph version: mtime=2025-12-11 15:49:42 +0000 UTC")
		print praw(e, "{")
		print praw(e, "   \"build\": \"418.94.202512111545-0\",")
		print praw(e, "   \"imgid\": \"rhcos-418.94.202512111545-0-metal.x86_64.raw\",")
		print praw(e, "   \"ostree-commit\": \"" substr(osimg, length(osimg)-63) "\",")
		print praw(e, "   \"ref\": \"\"")
		print praw(e, "}")
		print pod(e, "I", pid, "coreos.go:70", "Ignition provisioning: time=2026-01-06T09:11:42Z")
		print pod(e, "I", pid, "rpm-ostree.go:308", "Running captured: journalctl --list-boots")
		print pod(e, "I", pid, "daemon.go:1365", "journalctl --list-boots:")
		print praw(e, "IDX BOOT ID                          FIRST ENTRY                 LAST ENTRY                 ")
		print praw(e, " -1 " substr(h,1,32) " Tue 2026-01-06 09:08:01 UTC Tue 2026-01-06 09:14:27 UTC")
		print praw(e, "  0 " substr(h,9,32) " Tue 2026-01-06 09:15:52 UTC Tue 2026-01-06 " hms(e) " UTC")
		print pod(e, "I", pid, "rpm-ostree.go:308", "Running captured: systemctl list-units --state=failed --no-legend")
		print pod(e, "I", pid, "daemon.go:1380", "systemd service state: OK")
		print pod(e, "I", pid, "daemon.go:1007", "Starting MachineConfigDaemon")
		print pod(e, "I", pid, "daemon.go:1014", "Enabling Kubelet Healthz Monitor")
		e += 2
		print pod(e, "I", pid, "daemon.go:2896", "Node " node " is part of the control plane")
		e += 1
		while (e < end) {
			print pod(e, "I", pid, "daemon.go:1662", "In bootstrap mode")
			print pod(e, "E", pid, "writer.go:231", "Marking Degraded due to: \"missing MachineConfig " bad "\\nmachineconfig.machineconfiguration.openshift.io \\\"" bad "\\\" not found\"")
			e += ri(45, 85)
		}
	}' > "$L/current.log"
}
mcd_master_log machine-config-daemon-wq7vd control1.gw.lo 118433 2026-01-06T09:52:12Z 2026-01-06T10:58:05Z 41
mcd_master_log machine-config-daemon-9nhz4 control2.gw.lo 120871 2026-01-06T09:52:25Z 2026-01-06T10:58:05Z 43
for w in "machine-config-daemon-bx2lr|worker0.gw.lo|96231|2026-01-06T09:52:41Z" \
	"machine-config-daemon-k8fmc|worker1.gw.lo|95570|2026-01-06T09:52:56Z" \
	"machine-config-daemon-t5sjp|worker2.gw.lo|96012|2026-01-06T09:53:09Z"; do
	IFS='|' read -r p nn pid t <<EOF
$w
EOF
	L=$(clog $NS "$p" machine-config-daemon)
	awkt -v node="$nn" -v pid="$pid" -v t0="$t" -v good="$GOODW" -v ver="$OCPVER" -v h="$MCCHASH" -v osimg="$(img rhel-coreos-$OCPVER)" '
	BEGIN {
		RS0 = pid; e = ep(t0)
		print pod(e, "I", pid, "start.go:61", "Version: machine-config-daemon-" ver "-202512101023.p0.g" substr(h,1,7) ".assembly.stream.el9 (" h ")")
		print pod(e, "I", pid, "daemon.go:552", "using appropriate binary for source=rhel-9 target=rhel-9")
		e += 1; print pod(e, "I", pid, "rpm-ostree.go:308", "Running captured: rpm-ostree status --json")
		print pod(e, "I", pid, "daemon.go:304", "Booted osImageURL: " osimg " (418.94.202512111545-0) 8e0f7c3b9a5d2e6f1c4b7a0d3e6f9c2b5a8d1e4f7c0b3a6d9e2f5c8b1a4d7e0f")
		print pod(e, "I", pid, "update.go:2656", "Starting to manage node: " node)
		print pod(e, "I", pid, "daemon.go:1007", "Starting MachineConfigDaemon")
		print pod(e, "I", pid, "daemon.go:1014", "Enabling Kubelet Healthz Monitor")
		e += 3
		print pod(e, "I", pid, "daemon.go:2902", "Node " node " is not labeled node-role.kubernetes.io/master")
		print pod(e, "I", pid, "daemon.go:1690", "Current+desired config: " good)
		print pod(e, "I", pid, "daemon.go:1705", "state: Done")
		print pod(e, "I", pid, "update.go:2641", "Running: rpm-ostree cleanup -r")
		print praw(e, "Deployments unchanged.")
		print pod(e, "I", pid, "daemon.go:2251", "Validating against current config " good)
		e += 1; print pod(e, "I", pid, "daemon.go:2262", "Validated on-disk state")
		print pod(e, "I", pid, "daemon.go:2371", "In desired config " good)
		print pod(e, "I", pid, "config_drift_monitor.go:246", "Config Drift Monitor started")
	}' > "$L/current.log"
done

# ---- control0 ignition attempts (shared by the MCS logs and the console capture)
awkt 'BEGIN { RS0 = 2026; t = ep("2026-01-06T10:53:45Z") + 0.412; d = 0.1; n = 0
	while (t < ep("2026-01-06T10:58:10Z")) { n++; printf "%.6f %d\n", t, n; d = d * 2; if (d > 5) d = 5; t += d + 0.05 + rnd() * 0.02 } }' > "$TMPD/attempts"
# ---- MCS: workers were served, control0 (192.168.1.201) gets HTTP 500 on every attempt
mcs_log() { # POD START PARITY SEED WORKERS
	L=$(clog $NS "$1" machine-config-server)
	awkt -v t0="$2" -v par="$3" -v seed="$4" -v workers="$5" -v att="$TMPD/attempts" -v h="$MCCHASH" -v ver="$OCPVER" '
	function req(e, pool, addr) {
		return pod(e, "I", 1, "api.go:120", "Pool " pool " requested by address:\"" addr "\" User-Agent:\"Ignition/2.20.0\" Accept-Header: \"application/vnd.coreos.ignition+json;version=3.4.0, */*;q=0.1\"")
	}
	BEGIN {
		RS0 = seed; e = ep(t0)
		print pod(e, "I", 1, "start.go:51", "Version: machine-config-daemon-" ver "-202512101023.p0.g" substr(h,1,7) ".assembly.stream.el9 (" h ")")
		print pod(e, "I", 1, "api.go:65", "Launching server with tls min version: VersionTLS12 & cipher suites [TLS_AES_128_GCM_SHA256 TLS_AES_256_GCM_SHA384 TLS_CHACHA20_POLY1305_SHA256 TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256 TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256 TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384 TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384 TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256 TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256]")
		print pod(e, "I", 1, "api.go:80", "Launching server on :22624")
		print pod(e, "I", 1, "api.go:80", "Launching server on :22623")
		n = split(workers, W, " ")
		for (i = 1; i <= n; i++) { split(W[i], a, "@"); print req(ep(a[1]), "worker", a[2]) }
		while ((getline line < att) > 0) {
			split(line, A, " "); if (A[2] < 2 || A[2] % 2 != par) continue
			e = int(A[1]); UE = e; UL = e; UU = int((A[1] - e) * 1000000) + ri(900, 4000)
			print req(e, "master", "192.168.1.201:" ri(33000, 60999))
			print pod(e, "E", 1, "api.go:130", "couldn'"'"'t get config for req: {master 0xc00" sprintf("%x", ri(1048576, 16777215)) "0}, error: could not fetch config , err: machineconfig.machineconfiguration.openshift.io \"\" not found")
		}
	}' > "$L/current.log"
}
mcs_log machine-config-server-2hgqz 2026-01-06T09:17:52Z 0 5 \
	"2026-01-06T09:29:44Z@192.168.1.211:52210 2026-01-06T09:29:51Z@192.168.1.212:40118"
mcs_log machine-config-server-rc6tn 2026-01-06T09:17:53Z 1 6 \
	"2026-01-06T09:30:13Z@192.168.1.213:38804"

# ---- MCC + MCO logs
L=$(clog $NS machine-config-controller-6b8d9c5f7-lq4zx machine-config-controller)
awkt -v bad="$BAD" -v gm="$GOODM" -v gw="$GOODW" -v h="$MCCHASH" -v ver="$OCPVER" '
function dm(e, n) {
	print pod(e, "I", 1, "status.go:249", "Degraded Machine: " n " and Degraded Reason: missing MachineConfig " bad)
	print praw(e, "machineconfig.machineconfiguration.openshift.io \"" bad "\" not found")
}
BEGIN {
	RS0 = 99; e = ep("2026-01-06T09:19:52Z")
	print pod(e, "I", 1, "start.go:66", "Version: machine-config-daemon-" ver "-202512101023.p0.g" substr(h,1,7) ".assembly.stream.el9 (" h ")")
	print pod(e, "I", 1, "leaderelection.go:254", "attempting to acquire leader lease openshift-machine-config-operator/machine-config-controller...")
	e += 3; print pod(e, "I", 1, "leaderelection.go:268", "successfully acquired lease openshift-machine-config-operator/machine-config-controller")
	print pod(e, "I", 1, "template_controller.go:262", "Starting MachineConfigController-TemplateController")
	print pod(e, "I", 1, "render_controller.go:135", "Starting MachineConfigController-RenderController")
	print pod(e, "I", 1, "node_controller.go:264", "Starting MachineConfigController-NodeController")
	print pod(e, "I", 1, "kubelet_config_controller.go:202", "Starting MachineConfigController-KubeletConfigController")
	print pod(e, "I", 1, "container_runtime_config_controller.go:245", "Starting MachineConfigController-ContainerRuntimeConfigController")
	print pod(e, "I", 1, "drain_controller.go:163", "Starting MachineConfigController-DrainController")
	e += 1
	print pod(e, "I", 1, "render_controller.go:568", "Pool master: now targeting: " gm)
	print pod(e, "I", 1, "render_controller.go:568", "Pool worker: now targeting: " gw)
	e += 2
	print pod(e, "I", 1, "node_controller.go:584", "Pool master: node control1.gw.lo: changed annotation machineconfiguration.openshift.io/currentConfig = " bad)
	print pod(e, "I", 1, "node_controller.go:584", "Pool master: node control1.gw.lo: changed annotation machineconfiguration.openshift.io/desiredConfig = " bad)
	print pod(e, "I", 1, "node_controller.go:584", "Pool master: node control1.gw.lo: changed annotation machineconfiguration.openshift.io/state = Degraded")
	print pod(e, "I", 1, "node_controller.go:584", "Pool master: node control2.gw.lo: changed annotation machineconfiguration.openshift.io/currentConfig = " bad)
	print pod(e, "I", 1, "node_controller.go:584", "Pool master: node control2.gw.lo: changed annotation machineconfiguration.openshift.io/desiredConfig = " bad)
	print pod(e, "I", 1, "node_controller.go:584", "Pool master: node control2.gw.lo: changed annotation machineconfiguration.openshift.io/state = Degraded")
	dm(e, "control1.gw.lo"); dm(e, "control2.gw.lo")
	print pod(e, "I", 1, "node_controller.go:1164", "Pool master is paused or degraded, not updating node control1.gw.lo")
	e = ep("2026-01-06T09:33:06Z")
	for (i = 0; i <= 2; i++) {
		print pod(e + i * 4, "I", 1, "node_controller.go:584", "Pool worker: node worker" i ".gw.lo: changed annotation machineconfiguration.openshift.io/state = Done")
		print pod(e + i * 4, "I", 1, "node_controller.go:584", "Pool worker: node worker" i ".gw.lo: Reporting ready")
	}
	e = ep("2026-01-06T09:40:00Z")
	while (e < ep("2026-01-06T10:58:00Z")) {
		dm(e, "control1.gw.lo"); dm(e, "control2.gw.lo")
		print pod(e, "I", 1, "node_controller.go:1164", "Pool master is paused or degraded, not updating node control1.gw.lo")
		e += ri(1500, 1900)
	}
}' > "$L/current.log"
L=$(clog $NS machine-config-operator-7f4c6d8b9-vh2ss machine-config-operator)
awkt -v h="$MCCHASH" -v ver="$OCPVER" '
BEGIN {
	RS0 = 77; e = ep("2026-01-06T09:19:41Z")
	print pod(e, "I", 1, "start.go:52", "Version: " ver " (Raw: machine-config-daemon-" ver "-202512101023.p0.g" substr(h,1,7) ".assembly.stream.el9, Hash: " h ")")
	print pod(e, "I", 1, "leaderelection.go:254", "attempting to acquire leader lease openshift-machine-config-operator/machine-config...")
	e += 2; print pod(e, "I", 1, "leaderelection.go:268", "successfully acquired lease openshift-machine-config-operator/machine-config")
	print pod(e, "I", 1, "operator.go:396", "Starting MachineConfigOperator")
	e = ep("2026-01-06T10:38:02Z"); m = "error MachineConfigPool master is not ready, retrying. Status: (pool degraded: true total: 2, ready 0, updated: 0, unavailable: 2)"
	while (e < ep("2026-01-06T10:58:00Z")) {
		for (k = 0; k < 3; k++) {
			print pod(e, "E", 1, "sync.go:1390", "Error syncing Required MachineConfigPools: \"" m "\"")
			e += 200
		}
		print pod(e, "E", 1, "sync.go:1419", "Error syncing Required MachineConfigPools: \"" m "\"")
		print pod(e, "E", 1, "operator.go:489", "Error syncing machine-config: error during syncRequiredMachineConfigPools: [context deadline exceeded, " m "]")
		e += 3
	}
}' > "$L/current.log"

ev $NS Node control1.gw.lo v1 Degraded Warning 2026-01-06T09:19:35Z 2026-01-06T10:57:38Z 152 machineconfigdaemon control1.gw.lo \
	"missing MachineConfig $BAD~~machineconfig.machineconfiguration.openshift.io \"$BAD\" not found"
ev $NS Node control2.gw.lo v1 Degraded Warning 2026-01-06T09:19:37Z 2026-01-06T10:57:51Z 149 machineconfigdaemon control2.gw.lo \
	"missing MachineConfig $BAD~~machineconfig.machineconfiguration.openshift.io \"$BAD\" not found"
ev $NS MachineConfigPool master machineconfiguration.openshift.io/v1 SetDesiredConfig Normal 2026-01-06T09:17:03Z 2026-01-06T09:17:03Z 1 machineconfigcontroller-rendercontroller "" \
	"Targeted node control1.gw.lo to MachineConfig: $GOODM"
ev $NS MachineConfigPool worker machineconfiguration.openshift.io/v1 Completed Normal 2026-01-06T09:33:41Z 2026-01-06T09:33:41Z 1 machineconfigcontroller-nodecontroller "" \
	"Pool worker has completed update to MachineConfig $GOODW"
evlist $NS 71440

# --------------------------------------------------------------- etcd
NS=openshift-etcd
nsobj $NS 2026-01-06T09:05:58Z 5120 0
for n in "control1.gw.lo|192.168.1.202|70301" "control2.gw.lo|192.168.1.203|70322"; do
	IFS='|' read -r nn ip rv <<EOF
$n
EOF
	P_NS=$NS; P_NAME=etcd-$nn; P_OKIND=Node; P_NODE=$nn; P_IP=$ip; P_HOSTNET=1
	P_CREATED=2026-01-06T10:21:09Z; P_RV=$rv
	P_LABELS="    app: etcd
    etcd: \"true\"
    k8s-app: etcd
    revision: \"7\""
	P_CTRS="etcd|etcd|run:2026-01-06T10:21:10Z|0
etcdctl|etcd|run:2026-01-06T10:21:10Z|0"
	pod
done
podlist $NS 71450
{
	cat <<EOF
---
apiVersion: v1
items:
- apiVersion: v1
  data:
    8f9b1ab6e6b2ee39: 192.168.1.202
    e0e5d1a9c3f4b8da: 192.168.1.203
  kind: ConfigMap
  metadata:
    annotations:
      alpha.installer.openshift.io/etcd-bootstrap-: 192.168.1.201
    creationTimestamp: "2026-01-06T09:07:15Z"
    name: etcd-endpoints
    namespace: openshift-etcd
    resourceVersion: "61577"
    uid: $(uid "cm-etcd-endpoints-$CLUSTER")
kind: ConfigMapList
metadata:
  resourceVersion: "71450"
EOF
} | w "$R/namespaces/$NS/core/configmaps.yaml"
ev $NS Pod etcd-control1.gw.lo v1 Started Normal 2026-01-06T10:21:10Z 2026-01-06T10:21:10Z 1 kubelet control1.gw.lo "Started container etcd" "spec.containers{etcd}"
evlist $NS 71450
etcd_info 10412862463520418233 "control1.gw.lo|192.168.1.202|10412862463520418233" "control2.gw.lo|192.168.1.203|16205938418230617562"

NS=openshift-etcd-operator
nsobj $NS 2026-01-06T09:05:58Z 5102 0
P_NS=$NS; P_NAME=etcd-operator-5b9c8d7f6-zp2m4; P_GEN=etcd-operator-5b9c8d7f6-; P_OKIND=ReplicaSet; P_ONAME=etcd-operator-5b9c8d7f6
P_NODE=control1.gw.lo; P_IP=192.168.1.202; P_PODIP=10.129.0.9; P_CREATED=2026-01-06T09:14:55Z; P_RV=9921; P_SA=etcd-operator; P_SCC=anyuid
P_LABELS="    app: etcd-operator
    pod-template-hash: 5b9c8d7f6"
P_CTRS="etcd-operator|cluster-etcd-operator|run:2026-01-06T09:15:31Z|1"
pod
podlist $NS 71451
L=$(clog $NS etcd-operator-5b9c8d7f6-zp2m4 etcd-operator)
awkt -v mem="$MEMBERS" '
BEGIN {
	RS0 = 31; e = ep("2026-01-06T10:41:10Z")
	print pod(e, "I", 1, "clustermembercontroller.go:335", "Removing bootstrap member [etcd-bootstrap]")
	print pod(e, "I", 1, "event.go:377", "\"Event occurred\" object=\"openshift-etcd-operator/etcd-operator\" fieldPath=\"\" kind=\"Deployment\" apiVersion=\"apps/v1\" type=\"Normal\" reason=\"BootstrapTeardownController\" message=\"Removed member [etcd-bootstrap] with ID 4127683412830418223\"")
	e = ep("2026-01-06T10:47:59Z")
	while (e < ep("2026-01-06T10:58:00Z")) {
		print pod(e, "E", 1, "health.go:202", "etcd cluster has quorum of 2 which is not fault tolerant: " mem)
		print pod(e, "E", 1, "base_controller.go:279", "\"Unhandled Error\" err=\"EtcdCertSignerController reconciliation failed: EtcdCertSignerController can'"'"'t evaluate whether quorum is safe: etcd cluster has quorum of 2 which is not fault tolerant: " mem "\" logger=\"UnhandledError\"")
		print pod(e + 1, "E", 1, "base_controller.go:279", "\"Unhandled Error\" err=\"EtcdEndpointsController reconciliation failed: EtcdEndpointsController can'"'"'t evaluate whether quorum is safe: etcd cluster has quorum of 2 which is not fault tolerant: " mem "\" logger=\"UnhandledError\"")
		e += ri(200, 280)
	}
}' > "$L/current.log"
ev $NS Deployment etcd-operator apps/v1 OperatorStatusChanged Normal 2026-01-06T10:47:59Z 2026-01-06T10:47:59Z 1 openshift-cluster-etcd-operator-status-controller-statussyncer_etcd "" \
	"Status for clusteroperator/etcd changed: Degraded changed from False to True (\"EtcdCertSignerControllerDegraded: EtcdCertSignerController can't evaluate whether quorum is safe: etcd cluster has quorum of 2 which is not fault tolerant: $MEMBERS\")"
ev $NS Deployment etcd-operator apps/v1 MemberRemove Normal 2026-01-06T10:41:10Z 2026-01-06T10:41:10Z 1 openshift-cluster-etcd-operator-bootstrap-teardown-controller-bootstrapteardowncontroller "" \
	"removed member with ID: 4127683412830418223"
evlist $NS 71451

# --------------------------------------------------------------- authentication-operator
NS=openshift-authentication-operator
nsobj $NS 2026-01-06T09:05:58Z 5090
P_NS=$NS; P_NAME=authentication-operator-6f5d47b8c9-q7rl2; P_GEN=authentication-operator-6f5d47b8c9-; P_OKIND=ReplicaSet; P_ONAME=authentication-operator-6f5d47b8c9
P_NODE=control2.gw.lo; P_IP=192.168.1.203; P_PODIP=10.130.0.11; P_CREATED=2026-01-06T09:14:55Z; P_RV=9933; P_SA=authentication-operator; P_SCC=nonroot-v2
P_LABELS="    app: authentication-operator
    pod-template-hash: 6f5d47b8c9"
P_CTRS="authentication-operator|cluster-authentication-operator|run:2026-01-06T09:15:40Z|0"
pod
podlist $NS 71452
L=$(clog $NS authentication-operator-6f5d47b8c9-q7rl2 authentication-operator)
awkt '
BEGIN {
	RS0 = 13; e = ep("2026-01-06T10:48:31Z")
	while (e < ep("2026-01-06T10:58:00Z")) {
		print pod(e, "E", 1, "base_controller.go:279", "\"Unhandled Error\" err=\"WellKnownReadyController reconciliation failed: need at least 3 kube-apiservers, got 2\" logger=\"UnhandledError\"")
		e += ri(100, 160)
	}
}' > "$L/current.log"
ev $NS Deployment authentication-operator apps/v1 OperatorStatusChanged Normal 2026-01-06T10:48:31Z 2026-01-06T10:48:31Z 1 oauth-apiserver-status-controller-statussyncer_authentication "" \
	"Status for clusteroperator/authentication changed: Degraded message changed from \"All is well\" to \"WellKnownReadyControllerDegraded: need at least 3 kube-apiservers, got 2\""
ev $NS Deployment authentication-operator apps/v1 OperatorStatusChanged Normal 2026-01-06T10:41:17Z 2026-01-06T10:41:17Z 1 oauth-apiserver-status-controller-statussyncer_authentication "" \
	"Status for clusteroperator/authentication changed: Available message changed from \"WellKnownAvailable: The well-known endpoint is not yet available: kube-apiserver oauth endpoint https://192.168.1.201:6443/.well-known/oauth-authorization-server is not yet served and authentication operator keeps waiting (check kube-apiserver operator, and check that instances roll out successfully, which can take several minutes per instance)\" to \"WellKnownAvailable: The well-known endpoint is not yet available: need at least 3 kube-apiservers, got 2\""
evlist $NS 71452

# --------------------------------------------------------------- kube-system
{
	cat <<EOF
---
apiVersion: v1
items:
- apiVersion: v1
  data:
    status: complete
  kind: ConfigMap
  metadata:
    creationTimestamp: "2026-01-06T10:40:02Z"
    name: bootstrap
    namespace: kube-system
    resourceVersion: "60411"
    uid: $(uid "cm-bootstrap-$CLUSTER")
- apiVersion: v1
  data:
    install-config: |
      additionalTrustBundlePolicy: Proxyonly
      apiVersion: v1
      baseDomain: lo
      compute:
      - architecture: amd64
        hyperthreading: Enabled
        name: worker
        platform: {}
        replicas: 3
      controlPlane:
        architecture: amd64
        hyperthreading: Enabled
        name: master
        platform: {}
        replicas: 3
      imageDigestSources:
      - mirrors:
        - registry.gw.lo/openshift/release
        source: quay.io/openshift-release-dev/ocp-v4.0-art-dev
      - mirrors:
        - registry.gw.lo/openshift/release
        source: quay.io/openshift-release-dev/ocp-release
      metadata:
        creationTimestamp: null
        name: gw
      networking:
        clusterNetwork:
        - cidr: 10.128.0.0/14
          hostPrefix: 23
        machineNetwork:
        - cidr: 192.168.1.0/24
        networkType: OVNKubernetes
        serviceNetwork:
        - 172.30.0.0/16
      platform:
        none: {}
      publish: External
      pullSecret: ""
      sshKey: |
        ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI$(h32 "ssh-$CLUSTER" | cut -c1-22)Xq0b core@$DOMAIN
  kind: ConfigMap
  metadata:
    creationTimestamp: "2026-01-06T09:05:10Z"
    name: cluster-config-v1
    namespace: kube-system
    resourceVersion: "212"
    uid: $(uid "cm-ccv1-$CLUSTER")
kind: ConfigMapList
metadata:
  resourceVersion: "71455"
EOF
} | w "$R/namespaces/kube-system/core/configmaps.yaml"
nsobj kube-system 2026-01-06T09:04:58Z 21

# --------------------------------------------------------------- host_service_logs
KL=$R/host_service_logs/masters/kubelet_service.log
mkdir -p "$(dirname "$KL")"
awkt -v kv="$KUBEVER" '
function kub(e, host, pid, lvl, src, msg) { print jk(e, host, "kubenswrapper", pid, lvl, src, msg) }
function start(host, pid, t0,   e) {
	e = ep(t0)
	print jsys(e, host, "Starting Kubernetes Kubelet...")
	kub(e, host, pid, "I", "server.go:211", "\"--pod-infra-container-image will not be pruned by the image garbage collector in kubelet and should also be set in the remote runtime\"")
	kub(e, host, pid, "I", "server.go:486", "\"Kubelet version\" kubeletVersion=\"" kv "\"")
	kub(e, host, pid, "I", "server.go:488", "\"Golang settings\" GOGC=\"\" GOMAXPROCS=\"\" GOTRACEBACK=\"\"")
	kub(e, host, pid, "I", "server.go:929", "\"Client rotation is on, will bootstrap in background\"")
	kub(e, host, pid, "I", "certificate_store.go:130", "Loading cert/key pair from \"/var/lib/kubelet/pki/kubelet-client-current.pem\".")
	kub(e, host, pid, "I", "dynamic_cafile_content.go:160", "\"Starting controller\" name=\"client-ca-bundle::/etc/kubernetes/kubelet-ca.crt\"")
	e += 1
	print jsys(e, host, "Started Kubernetes Kubelet.")
	kub(e, host, pid, "I", "kubelet_node_status.go:75", "\"Attempting to register node\" node=\"" host "\"")
	kub(e, host, pid, "I", "kubelet_node_status.go:78", "\"Successfully registered node\" node=\"" host "\"")
	return e
}
BEGIN {
	RS0 = 555
	split("control1.gw.lo 2871 2026-01-06T09:18:38Z control2.gw.lo 2904 2026-01-06T09:18:53Z", H, " ")
	for (k = 1; k <= 6; k += 3) {
		host = H[k]; pid = H[k + 1]; e = start(host, pid, H[k + 2])
		e += 2
		for (j = 0; j < 4; j++) {
			kub(e, host, pid, "E", "kubelet.go:3002", "\"Container runtime network not ready\" networkReady=\"NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: No CNI configuration file in /etc/kubernetes/cni/net.d/. Has your network provider started?\"")
			e += 5
		}
		kub(e, host, pid, "I", "kubelet_node_status.go:687", "\"Recording event message for node\" node=\"" host "\" event=\"NodeReady\"")
		e = ep("2026-01-06T10:21:09Z")
		kub(e, host, pid, "I", "kubelet.go:2418", "\"SyncLoop ADD\" source=\"file\" pods=[\"openshift-etcd/etcd-" host "\"]")
		kub(e + 1, host, pid, "I", "kubelet.go:2418", "\"SyncLoop ADD\" source=\"api\" pods=[\"openshift-etcd/etcd-" host "\"]")
		e = ep("2026-01-06T10:40:00Z")
		while (e < ep("2026-01-06T10:58:00Z")) {
			kub(e, host, pid, "I", "kubelet_getters.go:218", "\"Pod status updated\" pod=\"openshift-etcd/etcd-" host "\" status=\"Running\"")
			kub(e, host, pid, "I", "kubelet_getters.go:218", "\"Pod status updated\" pod=\"openshift-kube-apiserver/kube-apiserver-" host "\" status=\"Running\"")
			e += 600
		}
	}
}' > "$KL"
printf '%s\n' "Jan 06 09:15:51.804213 control1.gw.lo systemd[1]: Starting Container Runtime Interface for OCI (CRI-O)..." \
	"Jan 06 09:15:52.011845 control1.gw.lo crio[2211]: time=\"2026-01-06 09:15:52.011637371Z\" level=info msg=\"Starting CRI-O, version: 1.31.13-3.rhaos4.18.git4c1d3f9.el9, git: unknown(clean)\"" \
	"Jan 06 09:15:52.514402 control1.gw.lo systemd[1]: Started Container Runtime Interface for OCI (CRI-O)." \
	"Jan 06 09:15:52.913377 control2.gw.lo systemd[1]: Starting Container Runtime Interface for OCI (CRI-O)..." \
	"Jan 06 09:15:53.140190 control2.gw.lo crio[2229]: time=\"2026-01-06 09:15:53.139902114Z\" level=info msg=\"Starting CRI-O, version: 1.31.13-3.rhaos4.18.git4c1d3f9.el9, git: unknown(clean)\"" \
	"Jan 06 09:15:53.602766 control2.gw.lo systemd[1]: Started Container Runtime Interface for OCI (CRI-O)." > "$R/host_service_logs/masters/crio_service.log"


# --------------------------------------------------------------- control0 console (pulled by hand)
awkt -v att="$TMPD/attempts" '
function j(e, id, pid, msg) { printf "%s %s %s[%d]: %s\n", jd(e), "control0.gw.lo", id, pid, msg }
function k(e, msg) { printf "%s control0.gw.lo kernel: %s\n", jd(e), msg }
BEGIN {
	RS0 = 2026; e = ep("2026-01-06T10:53:38Z"); b = e
	split("  *** | ***  |***   |**    |*     |**    |***   | ***  |  *** |   ***|    **|     *|    **|   ***", FR, "|")
	k(e, "Linux version 5.14.0-427.102.1.el9_4.x86_64 (mockbuild@x86-64-02.build.eng.rdu2.redhat.com) (gcc (GCC) 11.4.1 20231218 (Red Hat 11.4.1-3), GNU ld version 2.35.2-43.el9) #1 SMP PREEMPT_DYNAMIC Tue Dec 2 10:11:25 EST 2025")
	k(e, "Command line: BOOT_IMAGE=(hd0,gpt3)/ostree/rhcos-2f0d83e8b0b7/vmlinuz-5.14.0-427.102.1.el9_4.x86_64 ignition.platform.id=metal ostree=/ostree/boot.1/rhcos/2f0d83e8b0b7/0 ignition.firstboot rw")
	e += 6
	j(e, "systemd", 1, "Starting Ignition (fetch-offline)...")
	j(e, "ignition", 1007, "Ignition 2.20.0")
	j(e, "ignition", 1007, "Stage: fetch-offline")
	j(e, "ignition", 1007, "no configs at \"/usr/lib/ignition/base.d\"")
	j(e, "ignition", 1007, "no config dir at \"/usr/lib/ignition/base.platform.d/metal\"")
	j(e, "ignition", 1007, "parsing config with SHA512: " substr("c3b8a1f09e2d7b6a5c4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d", 1, 128))
	j(e, "ignition", 1007, "fetch-offline: fetch-offline passed")
	j(e, "systemd", 1, "Finished Ignition (fetch-offline).")
	e += 1
	j(e, "systemd", 1, "Starting Ignition (fetch)...")
	j(e, "ignition", 1041, "Ignition 2.20.0")
	j(e, "ignition", 1041, "Stage: fetch")
	j(e, "ignition", 1041, "no configs at \"/usr/lib/ignition/base.d\"")
	j(e, "ignition", 1041, "no config dir at \"/usr/lib/ignition/base.platform.d/metal\"")
	last = ""
	while ((getline line < att) > 0) {
		split(line, A, " "); t = A[1] + 0; n = A[2]; e = int(t)
		j(e, "ignition", 1041, "GET https://api-int.gw.lo:22623/config/master: attempt #" n)
		if (n == 1) {
			j(e, "ignition", 1041, "GET error: Get \"https://api-int.gw.lo:22623/config/master\": dial tcp: lookup api-int.gw.lo on 192.168.1.1:53: dial udp 192.168.1.1:53: connect: network is unreachable")
		} else {
			j(e, "ignition", 1041, "GET result: Internal Server Error")
		}
		el = e - b - 40
		if (el > 0 && int(el / 30) != last) {
			last = int(el / 30)
			m = int(el / 60); s = el % 60
			printf "[%s] A start job is running for Ignition (fetch) (%s%ds / no limit)\n", FR[last % 14 + 1], (m > 0 ? m "min " : ""), s
		}
	}
}' > "$SAMPLES/mco-bootstrap-desync/control0-console.log"
cat > "$SAMPLE/expected" <<'EOF'
# root causes in order; symptoms indented under their cause
mco.rendered-config-missing
  mco.daemon-missing-config
  mco.pool-degraded
  mco.pool-status-config-empty
  mco.mcs-config-not-found
  ignition.fetch-loop
  auth.apiservers-below-3
  etcd.quorum-not-fault-tolerant
  csr.pending
EOF
mg_done
echo "generated $SAMPLE"
