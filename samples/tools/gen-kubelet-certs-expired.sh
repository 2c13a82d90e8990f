#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# gen-kubelet-certs-expired.sh -> samples/kubelet-certs-expired
#   Bare-metal UPI 4.14.38 lab cluster powered off on 2024-09-27 and started
#   again 40 days later, on 2024-11-06 at 08:31.  Every kubelet client and
#   serving certificate (30 days) expired meanwhile; so had the API load
#   balancer serving certificate, until the kube-apiserver's
#   cert-regeneration controller renewed it at 08:39.  The kubelets start
#   with an expired client certificate ("part of the existing bootstrap
#   client certificate ... is expired"), get x509 errors from api-int for
#   eight minutes, then talk as system:anonymous and ask for a new
#   certificate with node-bootstrapper CSRs every 15 minutes that nobody
#   approves (no Machine objects: the machine-approver cannot).  At 09:31
#   the admin approved master-0's two CSRs by hand so that must-gather could
#   run; master-1, master-2 and both workers are still NodeStatusUnknown,
#   their CSRs pending, and the operators that came back on master-0 report
#   the missing masters.  Collected at 09:47.
TOOLS=$(cd "$(dirname "$0")" && pwd); SAMPLES=$(dirname "$TOOLS")
. "$TOOLS/lib.sh"; . "$TOOLS/base.sh"

CLUSTER=lab414; DOMAIN=ocp414.lab.example; INFRAID=ocp414-5vq8n
OCPVER=4.14.38; KUBEVER=v1.27.16+03a907c
CRIOVER=cri-o://1.27.8-6.rhaos4.14.git8a4b4b2.el8
KERNELVER=5.14.0-284.88.1.el9_2.x86_64
RHCOSBUILD=414.92.202410091213-0
CAEXPIRY=2034-05-31T10:02:51Z; EVRV=29950000; ETCDREV=27720931; ETCDTERM=9
MCCHASH=c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9
T0=2024-06-03T10:04:22Z          # install
TOFF=2024-09-27T18:02:40Z        # shut down
TON=2024-11-06T08:31:36Z         # kubelets start again
TFIX=2024-11-06T08:39:48Z        # API load-balancer serving certificate regenerated
TAPP=2024-11-06T09:31:10Z        # master-0's client CSR approved by hand
TC=2024-11-06T09:47:20Z          # collection
CNA=2024-10-14T07:52:19Z         # master client certificates' NotAfter (rotated 2024-09-14)
LBNA=2024-10-26T11:04:37Z        # api-int serving certificate's NotAfter
DIR=kubelet-certs-expired; DIGITS=6047719388120654417
SUB=192.168.122; IPBASE=10
CO_SKIP="olm"
RHCOSVER="Red Hat Enterprise Linux CoreOS $RHCOSBUILD (Plow)"
RM=rendered-master-$(h32 "rm-$CLUSTER"); RW=rendered-worker-$(h32 "rw-$CLUSTER")
t() { awk -f "$TOOLS/tlib.awk" -v b="$T0" -v o="$1" -f /dev/stdin <<'EOF'
BEGIN { print rfc(ep(b) + o) "Z" }
EOF
}
to() { awk -f "$TOOLS/tlib.awk" -v b="$TON" -v o="$1" -f /dev/stdin <<'EOF'
BEGIN { print rfc(ep(b) + o) "Z" }
EOF
}
tc() { awk -f "$TOOLS/tlib.awk" -v b="$TC" -v o="$1" -f /dev/stdin <<'EOF'
BEGIN { print rfc(ep(b) + o) "Z" }
EOF
}
kt() { echo "$1" | sed 's/T/ /; s/Z$/ +0000 UTC/'; }
ip_of() { case $1 in master-0*) echo $SUB.11 ;; master-1*) echo $SUB.12 ;; master-2*) echo $SUB.13 ;; worker-0*) echo $SUB.21 ;; *) echo $SUB.22 ;; esac; }

mg_init $DIR $DIGITS "$CLUSTER-mg-$OCPVER"
UTC=$(awk -f "$TOOLS/tlib.awk" -v b="$TC" -f /dev/stdin <<'EOF'
BEGIN { e = ep(b); civ(e + 3600); printf "%04d-%02d-%02d %02d:%02d:%02d|", CY, CM, CD, Ch, Cm, Cs; civ(e + 3600 + 212); printf "%04d-%02d-%02d %02d:%02d:%02d|", CY, CM, CD, Ch, Cm, Cs
	civ(e + 3); printf "%04d-%02d-%02d %02d:%02d:%02d|", CY, CM, CD, Ch, Cm, Cs; civ(e + 207); printf "%04d-%02d-%02d %02d:%02d:%02d\n", CY, CM, CD, Ch, Cm, Cs }
EOF
)
IFS='|' read -r L1 L2 U1 U2 <<EOF
$UTC
EOF
mg_stamps "$L1.731208846 +0100 CET m=+0.057331982" "$L2.095517310 +0100 CET m=+212.421640446" <<EOF
$U1.904426187 +0000 UTC m=+0.081304811
$U1.588210952 +0000 UTC m=+0.765089576
$U2.340976601 +0000 UTC m=+204.517855225
EOF

# --------------------------------------------------------------- ClusterVersion
{
	cat <<EOF
apiVersion: config.openshift.io/v1
kind: ClusterVersion
metadata:
  creationTimestamp: "$T0"
  generation: 4
  name: version
  resourceVersion: "$((EVRV + 3021))"
  uid: $(uid "cv-$CLUSTER")
spec:
  channel: stable-4.14
  clusterID: $(uid "clusterid-$CLUSTER")
status:
  availableUpdates: null
  conditions:
EOF
	conds <<EOF
RetrievedUpdates|False|RemoteFailed|2024-11-06T09:36:02Z|Unable to retrieve available updates: Get "https://api.openshift.com/api/upgrades_info/v1/graph?arch=amd64&channel=stable-4.14&id=$(uid "clusterid-$CLUSTER")&version=$OCPVER": dial tcp: lookup api.openshift.com on $SUB.1:53: read udp 10.128.0.41:48213->$SUB.1:53: i/o timeout
ReleaseAccepted|True|PayloadLoaded|2024-11-06T09:35:51Z|Payload loaded version="$OCPVER" image="quay.io/openshift-release-dev/ocp-release@sha256:$(h64 "release-$OCPVER")" architecture="amd64"
Available|True|-|$(t 2960)|Done applying $OCPVER
Failing|True|ClusterOperatorsDegraded|2024-11-06T09:41:18Z|Cluster operators etcd, ingress, kube-apiserver, kube-controller-manager, kube-scheduler, machine-config are degraded
Progressing|False|ClusterOperatorsDegraded|$(t 2960)|Error while reconciling $OCPVER: the cluster operators etcd, ingress, kube-apiserver, kube-controller-manager, kube-scheduler, machine-config are degraded
EOF
	cat <<EOF
  desired:
    channels:
    - candidate-4.14
    - candidate-4.15
    - eus-4.14
    - fast-4.14
    - fast-4.15
    - stable-4.14
    - stable-4.15
    image: quay.io/openshift-release-dev/ocp-release@sha256:$(h64 "release-$OCPVER")
    url: https://access.redhat.com/errata/RHBA-2024:7594
    version: $OCPVER
  history:
  - completionTime: "2024-09-02T14:12:40Z"
    image: quay.io/openshift-release-dev/ocp-release@sha256:$(h64 "release-$OCPVER")
    startedTime: "2024-09-02T12:40:09Z"
    state: Completed
    verified: true
    version: $OCPVER
  - completionTime: "$(t 2960)"
    image: quay.io/openshift-release-dev/ocp-release@sha256:$(h64 "release-4.14.27")
    startedTime: "$(t 40)"
    state: Completed
    verified: false
    version: 4.14.27
  observedGeneration: 4
  versionHash: $(h32 "vh$CLUSTER" | cut -c1-11)=
EOF
} | w "$R/cluster-scoped-resources/config.openshift.io/clusterversions/version.yaml"

# --------------------------------------------------------------- ClusterOperators
all_cos "$(t 30)" 2024-09-02T14:11:02Z
NU=2024-11-06T08:34:52Z
NOTREADY="The master nodes not ready: node \"master-1.$DOMAIN\" not ready since $(kt $NU) because NodeStatusUnknown (Kubelet stopped posting node status.), node \"master-2.$DOMAIN\" not ready since $(kt $NU) because NodeStatusUnknown (Kubelet stopped posting node status.)"
co etcd "$(t 30)" $((EVRV + 2810)) "openshift-etcd-operator openshift-etcd" "raw-internal=$OCPVER etcd=$OCPVER operator=$OCPVER" <<EOF
Degraded|True|NodeController_MasterNodesReady|2024-11-06T09:36:40Z|NodeControllerDegraded: $NOTREADY
Progressing|False|AsExpected|2024-09-02T13:30:11Z|NodeInstallerProgressing: 3 nodes are at revision 11~~EtcdMembersProgressing: No unstarted etcd members found
Available|True|AsExpected|2024-09-02T13:30:11Z|StaticPodsAvailable: 3 nodes are active; 3 nodes are at revision 11~~EtcdMembersAvailable: 3 members are available
Upgradeable|True|AsExpected|$(t 180)|All is well
EOF
for o in kube-apiserver:51 kube-controller-manager:53 kube-scheduler:58; do
	s=${o#*:}; o=${o%:*}
	co $o "$(t 30)" $((EVRV + 2820)) "openshift-$o-operator openshift-$o" "raw-internal=$OCPVER operator=$OCPVER $o=$OCPVER" <<EOF
Degraded|True|NodeController_MasterNodesReady|2024-11-06T09:36:${s}Z|NodeControllerDegraded: $NOTREADY
Progressing|False|AsExpected|2024-09-02T13:40:52Z|NodeInstallerProgressing: 3 nodes are at revision 17
Available|True|AsExpected|2024-09-02T13:40:52Z|StaticPodsAvailable: 3 nodes are active; 3 nodes are at revision 17
Upgradeable|True|AsExpected|$(t 180)|All is well
EOF
done
co ingress "$(t 30)" $((EVRV + 2830)) "openshift-ingress-operator openshift-ingress" "operator=$OCPVER ingress-controller=quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:$(h64 "img-haproxy-router-$OCPVER")" <<EOF
Available|False|IngressUnavailable|2024-11-06T09:37:30Z|The "default" ingress controller reports Available=False: IngressControllerUnavailable: One or more status conditions indicate unavailable: DeploymentAvailable=False (DeploymentUnavailable: The deployment has Available status condition set to False (reason: MinimumReplicasUnavailable) with message: Deployment does not have minimum availability.)
Progressing|True|Reconciling|2024-11-06T09:37:30Z|ingresscontroller "default" is progressing: IngressControllerProgressing: One or more status conditions indicate progressing: DeploymentRollingOut=True (DeploymentRollingOut: Waiting for router deployment rollout to finish: 0 of 2 updated replica(s) are available...~~).
Degraded|True|IngressDegraded|2024-11-06T09:41:18Z|The "default" ingress controller reports Degraded=True: DegradedConditions: One or more other status conditions indicate a degraded state: PodsScheduled=False (PodsNotScheduled: Some pods are not scheduled: Pod "router-default-7d8f6c9b5-qx2vz" cannot be scheduled: 0/5 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 2 node(s) had untolerated taint {node-role.kubernetes.io/master: }, 2 node(s) had untolerated taint {node.kubernetes.io/unreachable: }. preemption: 0/5 nodes are available: 5 Preemption is not helpful for scheduling. Make sure you have sufficient worker nodes.), DeploymentAvailable=False (DeploymentUnavailable: The deployment has Available status condition set to False (reason: MinimumReplicasUnavailable) with message: Deployment does not have minimum availability.)
Upgradeable|True|IngressControllersUpgradeable|$(t 180)|IngressController "default" is upgradeable.
EOF
co network "$(t 30)" $((EVRV + 2840)) "openshift-network-operator openshift-ovn-kubernetes" "operator=$OCPVER" <<EOF
Degraded|False|-|$(t 600)|-
ManagementStateDegraded|False|-|$(t 60)|-
Upgradeable|True|-|$(t 60)|-
Progressing|True|Deploying|2024-11-06T09:35:10Z|DaemonSet "/openshift-multus/network-metrics-daemon" is not available (awaiting 4 nodes)~~DaemonSet "/openshift-multus/multus" is not available (awaiting 4 nodes)~~DaemonSet "/openshift-ovn-kubernetes/ovnkube-node" is not available (awaiting 4 nodes)
Available|True|-|$(t 600)|-
EOF
co machine-config "$(t 30)" $((EVRV + 2850)) "openshift-machine-config-operator" "operator=$OCPVER" <<EOF
Progressing|False|-|2024-09-02T13:58:20Z|Cluster version is $OCPVER
Degraded|True|RequiredPoolsFailed|2024-11-06T09:40:44Z|Failed to resync $OCPVER because: error during syncRequiredMachineConfigPools: [context deadline exceeded, error MachineConfigPool master is not ready, retrying. Status: (pool degraded: false total: 3, ready 1, updated: 3, unavailable: 2)]
Available|True|AsExpected|2024-09-02T13:58:20Z|Cluster has deployed [{operator $OCPVER}]
Upgradeable|True|AsExpected|2024-09-02T13:58:20Z|-
EOF
infra_none "$T0" 604

# --------------------------------------------------------------- nodes
i=0
for n in master-0 master-1 master-2 worker-0 worker-1; do
	i=$((i + 1))
	N_NAME=$n.$DOMAIN; N_IP=$(ip_of $n); N_SUBNET=10.$((127 + i)).0.0/23
	case $n in master*) N_ROLE=master; N_CUR=$RM; N_CREATED=$(t $((700 + i * 9))) ;; *) N_ROLE=worker; N_CUR=$RW; N_CREATED=$(t $((1540 + i * 11))) ;; esac
	N_DES=$N_CUR; N_STATE=Done; N_REASON=""; N_CCRV=$((EVRV - 80411)); N_RV=$((EVRV + 2900 + i))
	if [ $n = master-0 ]; then
		N_READY=True; N_HB=$(tc -31); N_RT=2024-11-06T09:31:42Z
	else
		N_READY=Unknown; N_HB=2024-09-27T18:0$((i)):1$((i))Z; N_RT=$NU
		N_TAINTS="  - effect: NoSchedule
    key: node.kubernetes.io/unreachable
    timeAdded: \"$NU\"
  - effect: NoExecute
    key: node.kubernetes.io/unreachable
    timeAdded: \"2024-11-06T08:34:57Z\""
	fi
	node
done

source_mcs "$(t 600)" $MCCHASH
mc $RM master "$(t 640)" 8390 $MCCHASH
mc $RW worker "$(t 640)" 8392 $MCCHASH
mcp master "$(t 599)" $((EVRV + 2950)) $RM $RM 3 1 3 0 2024-11-06T08:35:20Z False "" "" True False "$(t 641)"
mcp worker "$(t 599)" $((EVRV + 2951)) $RW $RW 2 0 2 0 2024-11-06T08:35:20Z False "" "" True False "$(t 641)"

etcd_info 3390117752061804311 "master-0.$DOMAIN|$(ip_of master-0)|3390117752061804311" \
	"master-1.$DOMAIN|$(ip_of master-1)|8101662230957412250" "master-2.$DOMAIN|$(ip_of master-2)|5209844361127730689"

# --------------------------------------------------------------- CSRs
G_BOOT="system:serviceaccounts system:serviceaccounts:openshift-machine-config-operator system:authenticated"
U_BOOT=system:serviceaccount:openshift-machine-config-operator:node-bootstrapper
# one client CSR per node and rotation attempt (certificateWaitTimeout 15 min)
for n in master-0 master-1 master-2 worker-0 worker-1; do
	k=0
	for o in 508 1412 2316 3220 4124; do
		k=$((k + 1))
		case $n in master-0) [ $k -gt 4 ] && continue ;; esac
		off=$(( o + $(printf '%s' "$n" | cksum | cut -d' ' -f1) % 40 ))
		CSR_SALT=$k
		nm="csr-$(sfx "cx$n$k$CLUSTER")"
		csr "$nm" "$(to $off)" $((EVRV + off)) kubernetes.io/kube-apiserver-client-kubelet "$U_BOOT" "$G_BOOT" \
			"digital signature,client auth" "system:node:$n.$DOMAIN" system:nodes ""
		CSR_SALT=""
	done
done
# master-0: the admin approved its newest client CSR, then its serving CSR
CSR_APPMSG="This CSR was approved by kubectl certificate approve."; CSR_APPREASON=KubectlApprove
CSR_SALT=5
csr "csr-$(sfx "cxmaster-05$CLUSTER")" 2024-11-06T09:24:31Z $((EVRV + 2601)) kubernetes.io/kube-apiserver-client-kubelet "$U_BOOT" "$G_BOOT" \
	"digital signature,client auth" "system:node:master-0.$DOMAIN" system:nodes "$TAPP"
CSR_SALT=""
csr "csr-$(sfx "sxmaster-0$CLUSTER")" 2024-11-06T09:31:14Z $((EVRV + 2640)) kubernetes.io/kubelet-serving "system:node:master-0.$DOMAIN" "system:nodes system:authenticated" \
	"digital signature,server auth" "system:node:master-0.$DOMAIN" system:nodes 2024-11-06T09:31:39Z
CSR_APPMSG=""; CSR_APPREASON=""

# --------------------------------------------------------------- kubelet journal
KL=$R/host_service_logs/masters/kubelet_service.log
mkdir -p "$(dirname "$KL")"
awkt -v dom="$DOMAIN" -v ton="$TON" -v tfix="$TFIX" -v tapp="$TAPP" -v tc="$TC" -v cna="$CNA" -v lbna="$LBNA" -v kv="$KUBEVER" -v subn="$SUB" '
function kub(e, lvl, src, msg) { print jk(e, host, "kubenswrapper", pid, lvl, src, msg) }
function api(p) { return "https://api-int." dom ":6443" p }
function x509(e) { return "tls: failed to verify certificate: x509: certificate has expired or is not yet valid: current time " rfc(e) "Z is after " lbna }
function gone(e, k,   r, p) {
	# the API refuses: first the expired load-balancer certificate, then anonymous
	if (k == 0) { r = "Node"; p = "/api/v1/nodes?fieldSelector=metadata.name%3D" host "&limit=500&resourceVersion=0" }
	else if (k == 1) { r = "Service"; p = "/api/v1/services?limit=500&resourceVersion=0" }
	else if (k == 2) { r = "CSIDriver"; p = "/apis/storage.k8s.io/v1/csidrivers?limit=500&resourceVersion=0" }
	else { r = "RuntimeClass"; p = "/apis/node.k8s.io/v1/runtimeclasses?limit=500&resourceVersion=0" }
	if (e < ep(tfix)) {
		kub(e, "W", "reflector.go:535", "k8s.io/client-go/informers/factory.go:150: failed to list *v1." r ": Get \"" api(p) "\": " x509(e))
		kub(e, "E", "reflector.go:147", "k8s.io/client-go/informers/factory.go:150: Failed to watch *v1." r ": failed to list *v1." r ": Get \"" api(p) "\": " x509(e))
	} else {
		if (k == 0) m = "nodes \"" host "\" is forbidden: User \"system:anonymous\" cannot list resource \"nodes\" in API group \"\" at the cluster scope"
		else if (k == 1) m = "services is forbidden: User \"system:anonymous\" cannot list resource \"services\" in API group \"\" at the cluster scope"
		else if (k == 2) m = "csidrivers.storage.k8s.io is forbidden: User \"system:anonymous\" cannot list resource \"csidrivers\" in API group \"storage.k8s.io\" at the cluster scope"
		else m = "runtimeclasses.node.k8s.io is forbidden: User \"system:anonymous\" cannot list resource \"runtimeclasses\" in API group \"node.k8s.io\" at the cluster scope"
		kub(e, "W", "reflector.go:535", "k8s.io/client-go/informers/factory.go:150: failed to list *v1." r ": " m)
		kub(e, "E", "reflector.go:147", "k8s.io/client-go/informers/factory.go:150: Failed to watch *v1." r ": failed to list *v1." r ": " m)
	}
}
BEGIN {
	RS0 = 141
	for (mm = 0; mm <= 2; mm++) {
		host = "master-" mm "." dom; pid = 2380 + mm * 17; e = ep(ton) + mm * 6
		print jsys(e - 1, host, "Starting Kubernetes Kubelet...")
		kub(e, "I", "server.go:415", "\"Kubelet version\" kubeletVersion=\"" kv "\"")
		kub(e, "I", "server.go:962", "\"Client rotation is on, will bootstrap in background\"")
		kub(e, "E", "bootstrap.go:265", "part of the existing bootstrap client certificate in /var/lib/kubelet/kubeconfig is expired: " substr(cna, 1, 10) " " substr(cna, 12, 8) " +0000 UTC")
		kub(e, "I", "bootstrap.go:101", "\"Use the bootstrap credentials to request a cert, and set kubeconfig to point to the certificate dir\"")
		kub(e, "I", "server.go:1149", "\"Using root directory\" path=\"/var/lib/kubelet\"")
		print jsys(e + 2, host, "Started Kubernetes Kubelet.")
		e += 3
		kub(e, "I", "certificate_manager.go:356", "kubernetes.io/kube-apiserver-client-kubelet: Rotating certificates")
		kub(e, "I", "kubelet_node_status.go:70", "\"Attempting to register node\" node=\"" host "\"")
		rot = e + 15; reg = e + 7; tls = e + 40; k = 0; csrn = 0
		endt = (mm == 0) ? ep(tapp) : ep(tc) - 20
		while (e < endt) {
			gone(e, k % 4); k++
			if (e >= reg) {
				if (e < ep(tfix)) kub(e, "E", "kubelet_node_status.go:92", "\"Unable to register node with API server\" err=\"Post \\\"" api("/api/v1/nodes") "\\\": " x509(e) "\" node=\"" host "\"")
				else kub(e, "E", "kubelet_node_status.go:92", "\"Unable to register node with API server\" err=\"nodes is forbidden: User \\\"system:anonymous\\\" cannot create resource \\\"nodes\\\" in API group \\\"\\\" at the cluster scope\" node=\"" host "\"")
				if (e >= ep(tfix)) kub(e + 1, "E", "kubelet.go:1867", "\"Failed creating a mirror pod for\" pod=\"openshift-etcd/etcd-" host "\" err=\"pods \\\"etcd-" host "\\\" is forbidden: User \\\"system:anonymous\\\" cannot create resource \\\"pods\\\" in API group \\\"\\\" in the namespace \\\"openshift-etcd\\\"\"")
				reg = e + ri(240, 420)
			}
			if (e >= rot) {
				if (e < ep(tfix)) { kub(e, "E", "certificate_manager.go:562", "kubernetes.io/kube-apiserver-client-kubelet: Failed while requesting a signed certificate from the control plane: cannot create certificate signing request: Post \"" api("/apis/certificates.k8s.io/v1/certificatesigningrequests") "\": " x509(e)); rot = e + ri(30, 130) }
				else {
					if (csrn > 0) kub(e, "E", "certificate_manager.go:562", "kubernetes.io/kube-apiserver-client-kubelet: certificate request was not signed: timed out waiting for the condition")
					kub(e, "I", "certificate_manager.go:356", "kubernetes.io/kube-apiserver-client-kubelet: Rotating certificates")
					csrn++; rot = e + 904
				}
			}
			if (e >= tls) { kub(e, "I", "log.go:245", "http: TLS handshake error from " subn "." (11 + (mm + 1) % 3) ":" ri(33000, 60999) ": no serving certificate available for the kubelet"); tls = e + ri(200, 600) }
			e += ri(55, 140)
		}
		if (mm == 0) {
			# the admin approved the client CSR, then the serving CSR
			e = ep(tapp) + 1
			kub(e, "I", "csr.go:261", "certificate signing request csr-" "x7pqz" " is approved, waiting to be issued")
			kub(e, "I", "csr.go:257", "certificate signing request csr-x7pqz is issued")
			kub(e, "I", "certificate_manager.go:401", "kubernetes.io/kube-apiserver-client-kubelet: Certificate expiration is 2024-12-06 09:26:10 +0000 UTC, rotation deadline is 2024-11-29 17:02:44.102711327 +0000 UTC")
			e += 2
			kub(e, "I", "kubelet_node_status.go:70", "\"Attempting to register node\" node=\"" host "\"")
			kub(e, "I", "kubelet_node_status.go:73", "\"Successfully registered node\" node=\"" host "\"")
			kub(e + 2, "I", "certificate_manager.go:356", "kubernetes.io/kubelet-serving: Rotating certificates")
			e = ep("2024-11-06T09:31:40Z")
			kub(e, "I", "csr.go:261", "certificate signing request csr-q4m8w is approved, waiting to be issued")
			kub(e, "I", "csr.go:257", "certificate signing request csr-q4m8w is issued")
			kub(e + 2, "I", "kubelet_node_status.go:493", "\"Fast updating node status as it just became ready\"")
			e += 60
			while (e < ep(tc) - 30) { kub(e, "I", "kubelet_getters.go:187", "\"Pod status updated\" pod=\"openshift-etcd/etcd-" host "\" status=\"Running\""); e += 240 }
		}
	}
}' > "$KL"
# the real records of the masters are interleaved by time in the journal export
sort -s -k1,3 "$KL" > "$TMPD/kl" && cat "$TMPD/kl" > "$KL"
sed -i "s/csr-x7pqz/csr-$(sfx "cxmaster-05$CLUSTER")/g; s/csr-q4m8w/csr-$(sfx "sxmaster-0$CLUSTER")/g" "$KL"

{
	echo "# root causes in order; symptoms indented under their cause"
	echo "# one finding per node whose kubelet journal shows it (master-1, master-2);"
	echo "# master-0 was approved by hand and is listed as resolved"
	echo "kubelet.certs-expired"
	echo "  csr.pending"
	echo "  generic.node-not-ready"
	echo "  generic.operator-degraded"
	echo "  kubelet.anonymous-auth"
	echo "kubelet.certs-expired"
	echo "resolved: kubelet.certs-expired"
} > "$SAMPLE/expected"
mg_done
echo "generated $SAMPLE"
