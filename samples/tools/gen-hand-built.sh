#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# gen-hand-built.sh - seed 002: a 4.18.0 control plane assembled by hand (no
# installer).  Collected at the stage "etcd-operator deployed, waiting for
# static pods on masters".  Each bug met on the way left a trace:
#   etcd serving cert without clientAuth, apiserver cert without localhost SAN,
#   CVO started before a FeatureGate existed, no kube-proxy on master2 (service
#   IP 172.30.0.1 unreachable -> CrashLoopBackOff), no operator.openshift.io
#   Network CR, no kube-system/cluster-config-v1, no openshift-etcd/etcd-endpoints,
#   Infrastructure status without topology.
TOOLS=$(cd "$(dirname "$0")" && pwd); SAMPLES=$(dirname "$TOOLS")
. "$TOOLS/lib.sh"; . "$TOOLS/base.sh"

CLUSTER=hb; DOMAIN=hb.lab; INFRAID=hb-k8rw2
OCPVER=4.18.0; KUBEVER=v1.31.5
CRIOVER=cri-o://1.31.4-3.rhaos4.18.git8c2b1d7.el9
KERNELVER=5.14.0-427.50.1.el9_4.x86_64
RHCOSBUILD=418.94.202501221327-0
RHCOSVER="Red Hat Enterprise Linux CoreOS $RHCOSBUILD (Plow)"
CAEXPIRY=2035-01-13T10:02:11Z; EVRV=30000; ETCDREV=21877; ETCDTERM=2
MCCHASH=6b5a4f3e2d1c0b9a8f7e6d5c4b3a29180f7e6d5c
T0=2025-01-15T09:40:02Z; TC=2025-01-15T11:47:30Z
t() { awk -f "$TOOLS/tlib.awk" -v b="$T0" -v o="$1" -f /dev/stdin <<'EOF'
BEGIN { print rfc(ep(b) + o) "Z" }
EOF
}
ip_of() { case $1 in master0) echo 192.168.126.11 ;; master1) echo 192.168.126.12 ;; master2) echo 192.168.126.13 ;; esac; }
SANS="api-int.hb.lab, api.hb.lab, kubernetes, kubernetes.default, kubernetes.default.svc, kubernetes.default.svc.cluster.local, openshift, openshift.default, openshift.default.svc, openshift.default.svc.cluster.local"

mg_init hand-built-cluster 1736941650207733104 hb-mg-4.18.0
mg_stamps "2025-01-15 12:47:30.554180266 +0100 CET m=+0.040771345" "2025-01-15 12:49:47.130992817 +0100 CET m=+136.617583896" <<EOF
2025-01-15 11:47:32.703516442 +0000 UTC m=+0.068223174
2025-01-15 11:47:33.318024509 +0000 UTC m=+0.682731241
2025-01-15 11:49:43.002117358 +0000 UTC m=+130.366824090
EOF

{
	cat <<EOF
apiVersion: config.openshift.io/v1
kind: ClusterVersion
metadata:
  creationTimestamp: "$(t 480)"
  generation: 1
  name: version
  resourceVersion: "$((EVRV + 2205))"
  uid: $(uid "cv-$CLUSTER")
spec:
  clusterID: $(uid "clusterid-$CLUSTER")
status:
  availableUpdates: null
  conditions:
EOF
	conds <<EOF
RetrievedUpdates|False|NoChannel|$(t 1330)|The update channel has not been configured.
ReleaseAccepted|True|PayloadLoaded|$(t 1330)|Payload loaded version="4.18.0" image="quay.io/openshift-release-dev/ocp-release@sha256:$(h64 release-4.18.0)" architecture="amd64"
Available|False|-|$(t 1330)|-
Failing|True|ClusterOperatorsDegraded|$(t 5210)|Cluster operators config-operator, kube-apiserver, network are degraded
Progressing|True|ClusterOperatorsDegraded|$(t 1330)|Working towards 4.18.0: 412 of 902 done (45% complete), waiting on etcd, kube-apiserver
EOF
	cat <<EOF
  desired:
    image: quay.io/openshift-release-dev/ocp-release@sha256:$(h64 release-4.18.0)
    version: 4.18.0
  history:
  - completionTime: null
    image: quay.io/openshift-release-dev/ocp-release@sha256:$(h64 release-4.18.0)
    startedTime: "$(t 1330)"
    state: Partial
    verified: false
    version: 4.18.0
  observedGeneration: 1
  versionHash: 8bXQfa5tD2U=
EOF
} | w "$R/cluster-scoped-resources/config.openshift.io/clusterversions/version.yaml"

# a FeatureGate exists now; it was created after the first CVO start
{
	cat <<EOF
---
apiVersion: config.openshift.io/v1
kind: FeatureGate
metadata:
  annotations:
    include.release.openshift.io/self-managed-high-availability: "true"
  creationTimestamp: "$(t 1410)"
  generation: 1
  name: cluster
  resourceVersion: "$((EVRV / 10 + 41))"
  uid: $(uid "fg-$CLUSTER")
spec: {}
status:
  featureGates:
  - disabled:
    - name: ClusterAPIInstall
    - name: MachineAPIMigration
    enabled:
    - name: AdminNetworkPolicy
    - name: BuildCSIVolumes
    - name: ManagedBootImages
    - name: OnClusterBuild
    version: 4.18.0
EOF
} | w "$R/cluster-scoped-resources/config.openshift.io/featuregates/cluster.yaml"

# --------------------------------------------------------------- ClusterOperators
# only the operators that report this early in a 45 % install
for o in "kube-controller-manager|openshift-kube-controller-manager-operator" "kube-scheduler|openshift-kube-scheduler-operator" \
	"kube-storage-version-migrator|openshift-kube-storage-version-migrator-operator" "service-ca|openshift-service-ca-operator" \
	"machine-approver|openshift-cluster-machine-approver"; do
	co_ok "${o%%|*}" "$(t 1340)" $((EVRV + 1500)) "$(t 4100)" 4.18.0 "${o#*|}"
done
# created from the payload, never updated by their (crash-looping) operators
for o in authentication openshift-apiserver; do
	{
		cat <<EOF
---
apiVersion: config.openshift.io/v1
kind: ClusterOperator
metadata:
  annotations:
    include.release.openshift.io/self-managed-high-availability: "true"
  creationTimestamp: "$(t 1340)"
  generation: 1
  name: $o
  ownerReferences:
  - apiVersion: config.openshift.io/v1
    controller: true
    kind: ClusterVersion
    name: version
    uid: $(uid "cv-$CLUSTER")
  resourceVersion: "$((EVRV + 1520))"
  uid: $(uid "co-$o-$CLUSTER")
spec: {}
status:
  extension: null
EOF
	} | w "$R/cluster-scoped-resources/config.openshift.io/clusteroperators/$o.yaml"
done
co config-operator "$(t 1340)" $((EVRV + 1711)) "openshift-config-operator" "feature-gates=4.18.0 operator=4.18.0" <<EOF
Degraded|True|InfrastructureTopology_SyncError|$(t 2210)|InfrastructureTopologyDegraded: ControlPlaneTopology was not set, unable to determine topology mode
Progressing|False|AsExpected|$(t 2210)|All is well
Available|True|AsExpected|$(t 2210)|All is well
Upgradeable|True|AsExpected|$(t 2210)|All is well
EOF
co network "$(t 1340)" $((EVRV + 1740)) "openshift-network-operator" "operator=4.18.0" <<EOF
Degraded|True|NoOperConfig|$(t 2330)|No networks.operator.openshift.io cluster found
Progressing|True|-|$(t 2330)|-
Available|False|-|$(t 2330)|-
EOF
co kube-apiserver "$(t 1340)" $((EVRV + 1760)) "openshift-kube-apiserver-operator openshift-kube-apiserver" "raw-internal=4.18.0" <<EOF
Degraded|True|ConfigObservation_Error|$(t 2650)|ConfigObservationDegraded: configmap "etcd-endpoints" not found
Progressing|True|NodeInstaller|$(t 2650)|NodeInstallerProgressing: 3 nodes are at revision 0; 0 nodes have achieved new revision 1
Available|False|StaticPods_ZeroNodesActive|$(t 2650)|StaticPodsAvailable: 0 nodes are active; 3 nodes are at revision 0; 0 nodes have achieved new revision 1
Upgradeable|True|AsExpected|$(t 2650)|All is well
EOF
co etcd "$(t 1340)" $((EVRV + 1770)) "openshift-etcd-operator openshift-etcd" "raw-internal=4.18.0" <<EOF
Degraded|False|AsExpected|$(t 2700)|NodeControllerDegraded: All master nodes are ready~~EtcdMembersDegraded: No unhealthy members found
Progressing|True|NodeInstaller|$(t 2700)|NodeInstallerProgressing: 3 nodes are at revision 0; 0 nodes have achieved new revision 2
Available|False|StaticPods_ZeroNodesActive|$(t 2700)|StaticPodsAvailable: 0 nodes are active; 3 nodes are at revision 0; 0 nodes have achieved new revision 2
Upgradeable|True|AsExpected|$(t 2700)|All is well
EOF
infra_none "$(t 470)" 577 ""

# --------------------------------------------------------------- nodes (CSRs approved by hand, > 1 h ago, already gone)
i=0
for n in master0 master1 master2; do
	i=$((i + 1))
	N_NAME=$n; N_ROLE=master; N_IP=$(ip_of $n); N_SUBNET=10.$((127 + i)).0.0/23
	N_CREATED=$(t $((3000 + i * 31))); N_RV=$((EVRV + 800 + i)); N_CUR=""
	N_READY=True; N_HB=2025-01-15T11:46:5${i}Z; N_RT=$(t $((3120 + i * 20)))
	node
done
# a config.openshift.io Network exists, the operator.openshift.io one does not
{
	cat <<EOF
---
apiVersion: config.openshift.io/v1
kind: Network
metadata:
  creationTimestamp: "$(t 470)"
  generation: 1
  name: cluster
  resourceVersion: "571"
  uid: $(uid "netcfg-$CLUSTER")
spec:
  clusterNetwork:
  - cidr: 10.128.0.0/14
    hostPrefix: 23
  externalIP:
    policy: {}
  networkType: OVNKubernetes
  serviceNetwork:
  - 172.30.0.0/16
status: {}
EOF
} | w "$R/cluster-scoped-resources/config.openshift.io/networks/cluster.yaml"

# --------------------------------------------------------------- kube-system without cluster-config-v1
{
	cat <<EOF
---
apiVersion: v1
items:
- apiVersion: v1
  data:
    client-ca-file: |
      -----BEGIN CERTIFICATE-----
      MIIDMjCCAhqgAwIBAgIIY3Jk$(h32 ca1 | cut -c1-24)
      -----END CERTIFICATE-----
  kind: ConfigMap
  metadata:
    creationTimestamp: "$(t 300)"
    name: extension-apiserver-authentication
    namespace: kube-system
    resourceVersion: "$((EVRV / 100 + 7))"
    uid: $(uid "cm-eaa-$CLUSTER")
- apiVersion: v1
  data:
    ca.crt: |
      -----BEGIN CERTIFICATE-----
      MIIDQDCCAiigAwIBAgIIZm9v$(h32 ca2 | cut -c1-24)
      -----END CERTIFICATE-----
  kind: ConfigMap
  metadata:
    annotations:
      kubernetes.io/description: Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.
    creationTimestamp: "$(t 300)"
    name: kube-root-ca.crt
    namespace: kube-system
    resourceVersion: "$((EVRV / 100 + 9))"
    uid: $(uid "cm-krc-$CLUSTER")
kind: ConfigMapList
metadata:
  resourceVersion: "$((EVRV + 2300))"
EOF
} | w "$R/namespaces/kube-system/core/configmaps.yaml"
nsobj kube-system "$(t 290)" 11

# --------------------------------------------------------------- etcd: serverAuth-only serving certificate
NS=openshift-etcd
nsobj $NS "$(t 1400)" 5120 0
mklist ConfigMapList "$R/namespaces/$NS/core/configmaps.yaml" $((EVRV + 2300))
for n in master0 master1 master2; do
	P_NS=$NS; P_NAME=etcd-$n; P_OKIND=Node; P_NODE=$n; P_IP=$(ip_of $n); P_HOSTNET=1
	P_CREATED=$(t 3110); P_RV=$((EVRV + 900))
	P_LABELS="    app: etcd
    etcd: \"true\"
    k8s-app: etcd"
	P_CTRS="etcd|etcd|run:$(t 3111)|0"
	pod
	L=$(clog $NS etcd-$n etcd)
	awkt -v t0="$(t 3112)" -v t1="$TC" -v me="$(ip_of $n)" -v n="$n" '
	function z(e, lvl, caller, msg, rest,   u) { UE = e; u = us(); UU = u + 400; print rfc(e) "." sprintf("%06d", u + ri(40, 390)) ri(100, 999) "Z {\"level\":\"" lvl "\",\"ts\":\"" rfc(e) "." sprintf("%06d", u) "Z\",\"caller\":\"" caller "\",\"msg\":\"" msg "\"" rest "}" }
	BEGIN {
		RS0 = length(n) * 101 + substr(n, 7, 1); e = ep(t0)
		z(e, "info", "etcdmain/etcd.go:73", "Running: ", ",\"args\":[\"etcd\",\"--name=" n "\",\"--data-dir=/var/lib/etcd\",\"--listen-client-urls=https://0.0.0.0:2379\",\"--advertise-client-urls=https://" me ":2379\",\"--cert-file=/etc/kubernetes/static-pod-certs/secrets/etcd-all-certs/etcd-serving-" n ".crt\",\"--client-cert-auth=true\",\"--peer-client-cert-auth=true\"]")
		z(e + 1, "info", "embed/etcd.go:311", "starting an etcd server", ",\"etcd-version\":\"3.5.16\",\"git-sha\":\"ab9a5e8\",\"go-version\":\"go1.22.9 (Red Hat 1.22.9-2.el9_5) X:strictfipsruntime\",\"name\":\"" n "\"")
		z(e + 3, "info", "embed/serve.go:210", "serving client traffic securely", ",\"traffic\":\"grpc+http\",\"address\":\"[::]:2379\"")
		e += 4
		while (e < ep(t1)) {
			z(e, "warn", "embed/config_logging.go:170", "rejected connection on client endpoint", ",\"remote-addr\":\"" me ":" ri(40000, 60999) "\",\"server-name\":\"\",\"ip-addresses\":[\"" me "\",\"127.0.0.1\",\"::1\"],\"dns-names\":[\"localhost\",\"" n "\",\"etcd." "hb.lab\"],\"error\":\"tls: failed to verify certificate: x509: certificate specifies an incompatible key usage\"")
			if (rnd() < 0.5) z(e + 1, "warn", "v3rpc/health.go:?", "failed to check health", "")
			e += ri(240, 420)
		}
	}' | sed '/failed to check health/d' > "$L/current.log"
done
podlist $NS $((EVRV + 2300))
L=$(clog $NS etcd-master0 etcdctl)
awkt -v t0="$(t 3300)" '
BEGIN {
	RS0 = 41; e = ep(t0)
	for (k = 0; k < 4; k++) {
		print praw(e, "{\"level\":\"warn\",\"ts\":\"" rfc(e) "." sprintf("%06d", ri(0, 999999)) "Z\",\"logger\":\"client\",\"caller\":\"v3@v3.5.16/retry_interceptor.go:63\",\"msg\":\"retrying of unary invoker failed\",\"target\":\"etcd-endpoints://0xc0004a8000/192.168.126.11:2379\",\"attempt\":0,\"error\":\"rpc error: code = DeadlineExceeded desc = latest balancer error: last connection error: connection error: desc = \\\"transport: authentication handshake failed: remote error: tls: bad certificate\\\"\"}")
		print praw(e + 5, "https://192.168.126.11:2379 is unhealthy: failed to commit proposal: context deadline exceeded")
		print praw(e + 5, "Error: unhealthy cluster")
		e += 900
	}
}' > "$L/current.log"
ev $NS Pod etcd-master0 v1 Unhealthy Warning "$(t 3140)" "$(t 7500)" 91 kubelet master0 \
	"Readiness probe failed: {\"level\":\"warn\",\"ts\":\"$(t 3140 | sed 's/Z$/.410123Z/')\",\"logger\":\"client\",\"caller\":\"v3@v3.5.16/retry_interceptor.go:63\",\"msg\":\"retrying of unary invoker failed\",\"target\":\"etcd-endpoints://0xc000388000/192.168.126.11:2379\",\"attempt\":0,\"error\":\"rpc error: code = DeadlineExceeded desc = latest balancer error: last connection error: connection error: desc = \\\"transport: authentication handshake failed: remote error: tls: bad certificate\\\"\"}~~https://192.168.126.11:2379 is unhealthy: failed to commit proposal: context deadline exceeded~~Error: unhealthy cluster~~" "spec.containers{etcd}"
evlist $NS $((EVRV + 2300))

# --------------------------------------------------------------- kube-apiserver / kcm: serving cert without localhost
NS=openshift-kube-apiserver
nsobj $NS "$(t 1400)" 5130 0
P_NS=$NS; P_NAME=kube-apiserver-master0; P_OKIND=Node; P_NODE=master0; P_IP=$(ip_of master0); P_HOSTNET=1
P_CREATED=$(t 3115); P_RV=$((EVRV + 910))
P_LABELS="    apiserver: \"true\"
    app: openshift-kube-apiserver"
P_CTRS="kube-apiserver|hyperkube|run:$(t 3116)|0"
pod
podlist $NS $((EVRV + 2301))
L=$(clog $NS kube-apiserver-master0 kube-apiserver)
awkt -v t0="$(t 3116)" -v t1="$TC" '
BEGIN {
	RS0 = 55; e = ep(t0)
	print pod(e, "I", 18, "options.go:228", "external host was not specified, using 192.168.126.11")
	print pod(e, "I", 18, "server.go:148", "Version: v1.31.5")
	print pod(e + 2, "I", 18, "secure_serving.go:213", "Serving securely on [::]:6443")
	e += 5
	while (e < ep(t1)) {
		print pod(e, "I", 18, "log.go:245", "http: TLS handshake error from [::1]:" ri(33000, 60999) ": remote error: tls: bad certificate")
		if (rnd() < 0.6) print pod(e + 1, "I", 18, "log.go:245", "http: TLS handshake error from 127.0.0.1:" ri(33000, 60999) ": remote error: tls: bad certificate")
		e += ri(300, 600)
	}
}' > "$L/current.log"
NS=openshift-kube-controller-manager
nsobj $NS "$(t 1400)" 5140 0
P_NS=$NS; P_NAME=kube-controller-manager-master0; P_OKIND=Node; P_NODE=master0; P_IP=$(ip_of master0); P_HOSTNET=1
P_CREATED=$(t 3118); P_RV=$((EVRV + 920))
P_LABELS="    app: kube-controller-manager
    kube-controller-manager: \"true\""
P_CTRS="kube-controller-manager|hyperkube|run:$(t 3119)|0"
pod
podlist $NS $((EVRV + 2302))
L=$(clog $NS kube-controller-manager-master0 kube-controller-manager)
awkt -v t0="$(t 3120)" -v t1="$TC" -v sans="$SANS" '
BEGIN {
	RS0 = 66; e = ep(t0)
	print pod(e, "I", 1, "serving.go:386", "Generated self-signed cert in-memory")
	print pod(e + 1, "I", 1, "controllermanager.go:202", "\"Starting\" version=\"v1.31.5\"")
	print pod(e + 1, "I", 1, "leaderelection.go:254", "attempting to acquire leader lease kube-system/kube-controller-manager...")
	e += 6
	while (e < ep(t1)) {
		print pod(e, "E", 1, "leaderelection.go:436", "error retrieving resource lock kube-system/kube-controller-manager: Get \"https://localhost:6443/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/kube-controller-manager?timeout=6s\": tls: failed to verify certificate: x509: certificate is valid for " sans ", not localhost")
		e += ri(300, 540)
	}
}' > "$L/current.log"

# --------------------------------------------------------------- CVO: started before the FeatureGate existed
NS=openshift-cluster-version
nsobj $NS "$(t 470)" 3011 1
P_NS=$NS; P_NAME=cluster-version-operator-7d96b5c4f-$(sfx "cvo-$CLUSTER"); P_GEN=cluster-version-operator-7d96b5c4f-; P_OKIND=ReplicaSet; P_ONAME=cluster-version-operator-7d96b5c4f
P_NODE=master1; P_IP=$(ip_of master1); P_HOSTNET=1; P_CREATED=$(t 3300); P_RV=$((EVRV + 1000))
P_LABELS="    k8s-app: cluster-version-operator
    pod-template-hash: 7d96b5c4f"
P_CTRS="cluster-version-operator|cluster-version-operator|run:$(t 3462)|1"
CVOP=$P_NAME
pod
podlist $NS $((EVRV + 2303))
L=$(clog $NS $CVOP cluster-version-operator)
awkt -v t0="$(t 3305)" '
BEGIN {
	RS0 = 77; e = ep(t0)
	print pod(e, "I", 1, "start.go:23", "ClusterVersionOperator 4.18.0-202501230001.p0.g4c5b3f2.assembly.stream.el9-4c5b3f2")
	print pod(e, "I", 1, "merged_client_builder.go:121", "Using in-cluster configuration")
	print pod(e + 1, "I", 1, "start.go:312", "Determined OpenShift version for this CVO: \"4.18.0\"")
	print pod(e + 1, "I", 1, "start.go:336", "FeatureGate not found in cluster, will assume default feature set \"\" at startup")
	print pod(e + 1, "W", 1, "start.go:350", "CVO features for version 4.18.0 could not be detected from FeatureGate; will use defaults plus special UnknownVersion feature gate")
	print pod(e + 1, "I", 1, "start.go:352", "CVO features for version 4.18.0 enabled at startup: {desiredVersion:4.18.0 unknownVersion:true reconciliationIssuesCondition:false}")
	print pod(e + 2, "I", 1, "leaderelection.go:254", "attempting to acquire leader lease openshift-cluster-version/version...")
	print pod(e + 9, "I", 1, "leaderelection.go:268", "successfully acquired lease openshift-cluster-version/version")
	print pod(e + 9, "I", 1, "featurechangestopper.go:98", "Starting stop-on-features-change controller with startingRequiredFeatureSet=\"\" startingCvoGates={desiredVersion:4.18.0 unknownVersion:true reconciliationIssuesCondition:false}")
	print pod(e + 10, "I", 1, "cvo.go:412", "Starting ClusterVersionOperator with minimum reconcile period 3m22.471609355s")
	print pod(e + 12, "I", 1, "sync_worker.go:1007", "Running sync 4.18.0 (force=false) on generation 1 in state Initializing at attempt 0")
	e += 105
	print pod(e, "I", 1, "featurechangestopper.go:75", "CVO feature flags were &{desiredVersion:4.18.0 unknownVersion:true reconciliationIssuesCondition:false}, but changed to {desiredVersion:4.18.0 unknownVersion:false reconciliationIssuesCondition:false}; requesting shutdown.")
	print pod(e, "I", 1, "featurechangestopper.go:101", "Shutting down stop-on-featureset-change controller")
	print pod(e, "I", 1, "start.go:437", "Collected stop-on-techpreview-change controller goroutine.")
	print pod(e, "I", 1, "start.go:416", "Run context completed; beginning two-minute graceful shutdown period.")
	print pod(e, "I", 1, "start.go:412", "Waiting on 2 outstanding goroutines.")
	print pod(e + 1, "I", 1, "start.go:437", "Collected main operator goroutine.")
	print pod(e + 1, "I", 1, "start.go:412", "Waiting on 1 outstanding goroutines.")
	print pod(e + 1, "I", 1, "start.go:437", "Collected leader controller goroutine.")
	print pod(e + 1, "I", 1, "start.go:478", "Finished collecting operator goroutines.")
}' > "$L/previous.log"
awkt -v t0="$(t 3462)" '
BEGIN {
	RS0 = 78; e = ep(t0)
	print pod(e, "I", 1, "start.go:23", "ClusterVersionOperator 4.18.0-202501230001.p0.g4c5b3f2.assembly.stream.el9-4c5b3f2")
	print pod(e + 1, "I", 1, "start.go:345", "FeatureGate found in cluster, using its feature set \"\" at startup")
	print pod(e + 1, "I", 1, "start.go:352", "CVO features for version 4.18.0 enabled at startup: {desiredVersion:4.18.0 unknownVersion:false reconciliationIssuesCondition:false}")
	print pod(e + 9, "I", 1, "sync_worker.go:1007", "Running sync 4.18.0 (force=false) on generation 1 in state Initializing at attempt 1")
	print pod(e + 4000, "I", 1, "sync_worker.go:1211", "Result of work: [Cluster operator config-operator is degraded Cluster operator network is degraded Cluster operator kube-apiserver is degraded]")
}' > "$L/current.log"

# --------------------------------------------------------------- network operator: no operator config, no cluster-config-v1
NS=openshift-network-operator
nsobj $NS "$(t 1400)" 5300 0
P_NS=$NS; P_NAME=network-operator-58c77f9d4-$(sfx "no-$CLUSTER"); P_GEN=network-operator-58c77f9d4-; P_OKIND=ReplicaSet; P_ONAME=network-operator-58c77f9d4
P_NODE=master0; P_IP=$(ip_of master0); P_HOSTNET=1; P_CREATED=$(t 3350); P_RV=$((EVRV + 1100)); P_SA=cluster-network-operator
P_LABELS="    name: network-operator
    pod-template-hash: 58c77f9d4"
P_CTRS="network-operator|cluster-network-operator|run:$(t 3352)|0"
NOP=$P_NAME
pod
podlist $NS $((EVRV + 2304))
L=$(clog $NS $NOP network-operator)
awkt -v t0="$(t 3355)" -v t1="$TC" '
BEGIN {
	RS0 = 88; e = ep(t0)
	print pod(e, "I", 1, "cmd.go:253", "Using service account token from /var/run/secrets/kubernetes.io/serviceaccount/token")
	print pod(e + 3, "I", 1, "log.go:245", "Version: 4.18.0-202501221504.p0.g6c2d9be.assembly.stream.el9-6c2d9be")
	print pod(e + 5, "I", 1, "log.go:245", "Set ClusterOperator conditions:")
	print praw(e + 5, "- lastTransitionTime: \"" rfc(e + 5) "Z\"")
	print praw(e + 5, "  message: No networks.operator.openshift.io cluster found")
	print praw(e + 5, "  reason: NoOperConfig")
	print praw(e + 5, "  status: \"True\"")
	print praw(e + 5, "  type: Degraded")
	e += 8
	while (e < ep(t1)) {
		print pod(e, "I", 1, "log.go:245", "Reconciling proxy '"'"'cluster'"'"'")
		print pod(e, "I", 1, "log.go:245", "Failed to get configmap '"'"'/'"'"': configmaps \"cluster-config-v1\" not found")
		print pod(e, "E", 1, "controller.go:353", "\"Reconciler error\" err=\"failed to get configmap '"'"'/'"'"': configmaps \\\"cluster-config-v1\\\" not found\" controller=\"proxyconfig-controller\" object={\"name\":\"cluster\"} namespace=\"\" name=\"cluster\" reconcileID=\"" sprintf("%08x-%04x-4%03x-9%03x-%06x%06x", ri(0, 2147483646), ri(0, 65535), ri(0, 4095), ri(0, 4095), ri(0, 16777215), ri(0, 16777215)) "\"")
		e += ri(600, 1100)
	}
}' > "$L/current.log"

# --------------------------------------------------------------- etcd-operator and kube-apiserver-operator
NS=openshift-etcd-operator
nsobj $NS "$(t 1400)" 5102 0
P_NS=$NS; P_NAME=etcd-operator-6bb7f5d9c8-$(sfx "eo-$CLUSTER"); P_GEN=etcd-operator-6bb7f5d9c8-; P_OKIND=ReplicaSet; P_ONAME=etcd-operator-6bb7f5d9c8
P_NODE=master1; P_IP=$(ip_of master1); P_PODIP=10.129.0.8; P_CREATED=$(t 3400); P_RV=$((EVRV + 1200)); P_SA=etcd-operator; P_SCC=anyuid
P_LABELS="    app: etcd-operator
    pod-template-hash: 6bb7f5d9c8"
P_CTRS="etcd-operator|cluster-etcd-operator|run:$(t 3410)|0"
EOP=$P_NAME
pod
podlist $NS $((EVRV + 2305))
L=$(clog $NS $EOP etcd-operator)
awkt -v t0="$(t 3415)" -v t1="$TC" '
BEGIN {
	RS0 = 99; e = ep(t0)
	while (e < ep(t1)) {
		print pod(e, "W", 1, "etcdcli_pool.go:93", "could not create client to endpoint [https://192.168.126.11:2379 https://192.168.126.12:2379 https://192.168.126.13:2379]: context deadline exceeded")
		print pod(e, "E", 1, "base_controller.go:279", "\"Unhandled Error\" err=\"ClusterMemberController reconciliation failed: could not get list of unhealthy members: giving up getting a cached client after 3 tries\" logger=\"UnhandledError\"")
		e += ri(420, 700)
	}
}' > "$L/current.log"
NS=openshift-kube-apiserver-operator
nsobj $NS "$(t 1400)" 5150 0
ev $NS Deployment kube-apiserver-operator apps/v1 ObserveStorageFailed Warning "$(t 2650)" "$(t 7450)" 212 kube-apiserver-operator-config-observer-configobserver "" \
	"Error getting openshift-etcd/etcd-endpoints configmap: configmap \"etcd-endpoints\" not found"
ev $NS Deployment kube-apiserver-operator apps/v1 OperatorStatusChanged Normal "$(t 2651)" "$(t 2651)" 1 kube-apiserver-operator-status-controller-statussyncer_kube-apiserver "" \
	"Status for clusteroperator/kube-apiserver changed: Degraded changed from False to True (\"ConfigObservationDegraded: configmap \\\"etcd-endpoints\\\" not found\")"
evlist $NS $((EVRV + 2306))

# --------------------------------------------------------------- operators that cannot reach the service IP (no kube-proxy on master2)
crash_op() { # NS NAME RSHASH CONTAINER IMAGEKEY RESTARTS
	NS=$1
	nsobj $NS "$(t 1400)" $((5200 + $6)) 0
	P_NS=$NS; P_NAME=$2-$3-$(sfx "$2-$CLUSTER"); P_GEN=$2-$3-; P_OKIND=ReplicaSet; P_ONAME=$2-$3
	P_NODE=master2; P_IP=$(ip_of master2); P_PODIP=10.130.0.$((10 + $6)); P_CREATED=$(t 3500); P_RV=$((EVRV + 1300 + $6))
	P_SCC=restricted-v2; P_READY=False
	FIN=$(awk -f "$TOOLS/tlib.awk" -v b="$TC" -v o="$6" -f /dev/stdin <<'EOF'
BEGIN { print rfc(ep(b) - 240 - o * 7) "Z" }
EOF
)
	ST=$(awk -f "$TOOLS/tlib.awk" -v b="$FIN" -f /dev/stdin <<'EOF'
BEGIN { print rfc(ep(b) - 30) "Z" }
EOF
)
	MSG="$(awk -f "$TOOLS/tlib.awk" -v b="$FIN" -f /dev/stdin <<'EOF'
BEGIN { printf "%s", kd(ep(b)) }
EOF
).004108       1 cmd.go:182] unable to load configmap based request-header-client-ca-file: Get \"https://172.30.0.1:443/api/v1/namespaces/kube-system/configmaps/extension-apiserver-authentication\": dial tcp 172.30.0.1:443: i/o timeout~~"
	P_LABELS="    app: $2
    pod-template-hash: $3"
	P_CTRS="$4|$5|crash^$ST^$FIN^255^F$MSG|$6"
	pod
	podlist $NS $((EVRV + 2307))
	L=$(clog $NS $P_NAME $4)
	awkt -v fin="$FIN" -v st="$ST" '
	BEGIN {
		RS0 = 111 + ep(st) % 9973; e = ep(st)
		print pod(e, "I", 1, "cmd.go:253", "Using service account token from /var/run/secrets/kubernetes.io/serviceaccount/token")
		print pod(e, "W", 1, "cmd.go:245", "Using insecure, self-signed certificates")
		print pod(e, "I", 1, "crypto.go:601", "Generating new CA for check-endpoints-signer@" (ep(st)) " cert, and key in /tmp/serving-cert-1209457631/serving-signer.crt, /tmp/serving-cert-1209457631/serving-signer.key")
		print pod(ep(fin), "F", 1, "cmd.go:182", "unable to load configmap based request-header-client-ca-file: Get \"https://172.30.0.1:443/api/v1/namespaces/kube-system/configmaps/extension-apiserver-authentication\": dial tcp 172.30.0.1:443: i/o timeout")
	}' > "$L/previous.log"
	ev $NS Pod $P_NAME v1 BackOff Warning "$(t 3620)" "$(t 7400)" $((40 + $6 * 3)) kubelet master2 \
		"Back-off restarting failed container $4 in pod ${P_NAME}_$NS($(uid "pod-$NS-$P_NAME-$CLUSTER"))" "spec.containers{$4}"
	evlist $NS $((EVRV + 2307))
}
crash_op openshift-config-operator openshift-config-operator 5d8b7c6f4 openshift-config-operator cluster-config-operator 17
crash_op openshift-apiserver-operator openshift-apiserver-operator 6c4f9d8b7 openshift-apiserver-operator cluster-openshift-apiserver-operator 16
crash_op openshift-authentication-operator authentication-operator 7b9c6d5f8 authentication-operator cluster-authentication-operator 15

cat > "$SAMPLE/expected" <<'EOF'
# root causes in order; symptoms indented under their cause
# Seed 002 is a build log of independent faults: all high, so they rank by
# what each explains, then by when its evidence starts.
# The degraded operators sit under the rule that names their fault;
# kube-apiserver's under etcd's (it depends on etcd, and etcd failed
# first).
etcd.endpoints-configmap-missing
  generic.operator-degraded
network.service-ip-unreachable
  pods.operator-crashloop
network.operator-config-missing
  generic.operator-degraded
pki.etcd-server-no-clientauth
pki.apiserver-no-localhost-san
# The CVO shut itself down at 10:36 for want of a FeatureGate, then
# restarted with one: over before the gather.
resolved: cvo.featuregate-missing
install.cluster-config-v1-missing
config.infrastructure-topology-empty
  generic.operator-degraded
EOF
mg_done
echo "generated $SAMPLE"
