#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# gen-baremetal.sh vip|anon
#   vip  -> samples/vip-outside-machine-network (seeds 003 + 004, one cluster):
#           bare metal IPI 4.18.14 whose API VIP lies outside the machine network;
#           master-1 has no CNI config, its kubelet lost its client certificate
#           and ran anonymous for hours; master-2 never left inspection
#           (ConnectX module query errors).  Collected a few minutes after the
#           kubelet on master-1 was given working credentials again.
#   anon -> samples/kubelet-anonymous (seed 003 alone): healthy network, master-1
#           kubelet without a client certificate, anonymous for hours, collected
#           while still anonymous.
TOOLS=$(cd "$(dirname "$0")" && pwd); SAMPLES=$(dirname "$TOOLS")
. "$TOOLS/lib.sh"; . "$TOOLS/base.sh"
MODE=${1:-vip}

if [ "$MODE" = vip ]; then
	CLUSTER=ocp4dell; DOMAIN=ocp4.lab.example; INFRAID=ocp4-x7k2m
	OCPVER=4.18.14; KUBEVER=v1.31.8
	CRIOVER=cri-o://1.31.8-4.rhaos4.18.git2f1a0c3.el9
	KERNELVER=5.14.0-427.65.1.el9_4.x86_64
	RHCOSBUILD=418.94.202505141016-0
	CAEXPIRY=2035-11-30T15:03:22Z; EVRV=950000; ETCDREV=702113; ETCDTERM=3
	MCCHASH=e0d1c2b3a4958677f8e9d0c1b2a3948576a6b7c8
	T0=2025-12-02T15:05:11Z; TC=2025-12-03T14:36:40Z
	DIR=vip-outside-machine-network; DIGITS=5047723398120118842
	NET=10.46.125; APIVIP=10.46.124.13; INGVIP=10.46.124.14; MNET=10.46.125.0/24
	KDEL=2025-12-03T11:52:14Z      # kubelet restarted without its client certificate
	KFIX=2025-12-03T14:32:05Z      # kubelet restarted with localhost.kubeconfig
	EDEL=2025-12-03T12:05:31Z      # mirror pod etcd-master-1 deleted by hand
	NODES="master-0 master-1"
else
	CLUSTER=prodbm; DOMAIN=prod.corp.example; INFRAID=prod-9hsl2
	OCPVER=4.18.17; KUBEVER=v1.31.9
	CRIOVER=cri-o://1.31.9-2.rhaos4.18.git6a9c1e0.el9
	KERNELVER=5.14.0-427.72.1.el9_4.x86_64
	RHCOSBUILD=418.94.202506101139-0
	CAEXPIRY=2035-06-21T08:12:40Z; EVRV=3310000; ETCDREV=2984417; ETCDTERM=7
	MCCHASH=17c6b5a4938271605f4e3d2c1b0a998877665544
	T0=2025-06-23T08:14:02Z; TC=2025-07-14T16:48:19Z
	DIR=kubelet-anonymous; DIGITS=7391175502834416608
	NET=172.22.40; APIVIP=172.22.40.5; INGVIP=172.22.40.6; MNET=172.22.40.0/24
	KDEL=2025-07-14T13:09:47Z
	KFIX=""
	EDEL=2025-07-14T13:21:08Z
	NODES="master-0 master-1 master-2"
fi
RHCOSVER="Red Hat Enterprise Linux CoreOS $RHCOSBUILD (Plow)"
RM=rendered-master-$(h32 "rm-$CLUSTER")
t() { awk -f "$TOOLS/tlib.awk" -v b="$T0" -v o="$1" -f /dev/stdin <<'EOF'
BEGIN { print rfc(ep(b) + o) "Z" }
EOF
}
tc() { awk -f "$TOOLS/tlib.awk" -v b="$TC" -v o="$1" -f /dev/stdin <<'EOF'
BEGIN { print rfc(ep(b) + o) "Z" }
EOF
}
# kubelet-style time for messages: "2025-12-03 14:32:07 +0000 UTC"
kt() { echo "$1" | sed 's/T/ /; s/Z$/ +0000 UTC/'; }
ip_of() { case $1 in master-0) echo $NET.21 ;; master-1) echo $NET.22 ;; master-2) echo $NET.23 ;; esac; }

mg_init $DIR $DIGITS "$CLUSTER-mg-$OCPVER"
UTC=$(awk -f "$TOOLS/tlib.awk" -v b="$TC" -f /dev/stdin <<'EOF'
BEGIN { e = ep(b); civ(e + 3600); printf "%04d-%02d-%02d %02d:%02d:%02d|", CY, CM, CD, Ch, Cm, Cs; civ(e + 3600 + 149); printf "%04d-%02d-%02d %02d:%02d:%02d|", CY, CM, CD, Ch, Cm, Cs
	civ(e + 2); printf "%04d-%02d-%02d %02d:%02d:%02d|", CY, CM, CD, Ch, Cm, Cs; civ(e + 145); printf "%04d-%02d-%02d %02d:%02d:%02d\n", CY, CM, CD, Ch, Cm, Cs }
EOF
)
IFS='|' read -r L1 L2 U1 U2 <<EOF
$UTC
EOF
if [ "$MODE" = vip ]; then TZS="+0100 CET"; else TZS="+0100 BST"; fi
mg_stamps "$L1.117094338 $TZS m=+0.052203716" "$L2.480921577 $TZS m=+149.416031055" <<EOF
$U1.280447912 +0000 UTC m=+0.071853001
$U1.940713365 +0000 UTC m=+0.732118454
$U2.113308190 +0000 UTC m=+143.904713279
EOF

# --------------------------------------------------------------- ClusterVersion
if [ "$MODE" = vip ]; then
	CVCONDS="Available|False|-|$(t 18)|-
Failing|True|ClusterOperatorsDegraded|$(t 3541)|Cluster operators authentication, etcd, network are degraded
Progressing|True|ClusterOperatorsDegraded|$(t 18)|Unable to apply $OCPVER: wait has exceeded 40 minutes for these operators: authentication, etcd, network"
	HIST="  - completionTime: null
    image: quay.io/openshift-release-dev/ocp-release@sha256:$(h64 "release-$OCPVER")
    startedTime: \"$(t 18)\"
    state: Partial
    verified: false
    version: $OCPVER"
else
	CVCONDS="Available|True|-|$(t 2871)|Done applying $OCPVER
Failing|True|ClusterOperatorDegraded|$EDEL|Cluster operator etcd is degraded
Progressing|False|ClusterOperatorDegraded|$(t 2871)|Error while reconciling $OCPVER: the cluster operator etcd is degraded"
	HIST="  - completionTime: \"$(t 2871)\"
    image: quay.io/openshift-release-dev/ocp-release@sha256:$(h64 "release-$OCPVER")
    startedTime: \"$(t 18)\"
    state: Completed
    verified: true
    version: $OCPVER"
fi
{
	cat <<EOF
apiVersion: config.openshift.io/v1
kind: ClusterVersion
metadata:
  creationTimestamp: "$T0"
  generation: 2
  name: version
  resourceVersion: "$((EVRV + 1203))"
  uid: $(uid "cv-$CLUSTER")
spec:
  channel: stable-4.18
  clusterID: $(uid "clusterid-$CLUSTER")
status:
  availableUpdates: null
  conditions:
EOF
	conds <<EOF
RetrievedUpdates|False|RemoteFailed|$(t 18)|Unable to retrieve available updates: Get "https://api.openshift.com/api/upgrades_info/v1/graph?arch=amd64&channel=stable-4.18&id=$(uid "clusterid-$CLUSTER")&version=$OCPVER": dial tcp: lookup api.openshift.com on $NET.1:53: server misbehaving
ReleaseAccepted|True|PayloadLoaded|$(t 18)|Payload loaded version="$OCPVER" image="quay.io/openshift-release-dev/ocp-release@sha256:$(h64 "release-$OCPVER")" architecture="amd64"
$CVCONDS
EOF
	cat <<EOF
  desired:
    image: quay.io/openshift-release-dev/ocp-release@sha256:$(h64 "release-$OCPVER")
    version: $OCPVER
  history:
$HIST
  observedGeneration: 2
  versionHash: $(h32 "vh$CLUSTER" | cut -c1-11)=
EOF
} | w "$R/cluster-scoped-resources/config.openshift.io/clusterversions/version.yaml"

# --------------------------------------------------------------- ClusterOperators
all_cos "$(t 25)" "$(t 2400)"
if [ "$MODE" = vip ]; then
	NRT=$(awk -f "$TOOLS/tlib.awk" -v b="$KFIX" -f /dev/stdin <<'EOF'
BEGIN { print rfc(ep(b) + 2) "Z" }
EOF
)
	NOTREADY="The master nodes not ready: node \"master-1\" not ready since $(kt $NRT) because KubeletNotReady (container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: No CNI configuration file in /etc/kubernetes/cni/net.d/. Has your network provider started?)"
	MEM2='[{Member:ID:5804122830145187331 name:"master-0" peerURLs:"https://10.46.125.21:2380" clientURLs:"https://10.46.125.21:2379"  Healthy:true Took:1.511026ms Error:<nil>} {Member:ID:12871663349520711408 name:"master-1" peerURLs:"https://10.46.125.22:2380" clientURLs:"https://10.46.125.22:2379"  Healthy:true Took:2.883412ms Error:<nil>}]'
	co etcd "$(t 25)" $((EVRV + 880)) "openshift-etcd-operator openshift-etcd" "raw-internal=$OCPVER etcd=$OCPVER operator=$OCPVER" <<EOF
Degraded|True|MultipleConditionsMatching|$(echo $EDEL | sed 's/31Z$/33Z/')|EtcdCertSignerControllerDegraded: EtcdCertSignerController can't evaluate whether quorum is safe: etcd cluster has quorum of 2 which is not fault tolerant: $MEM2~~GuardControllerDegraded: Missing operand on node master-1~~NodeControllerDegraded: $NOTREADY
Progressing|True|NodeInstaller|$(t 3301)|NodeInstallerProgressing: 1 nodes are at revision 5; 1 nodes are at revision 6; 0 nodes have achieved new revision 6
Available|True|AsExpected|$(t 2150)|StaticPodsAvailable: 2 nodes are active; 1 nodes are at revision 5; 1 nodes are at revision 6; 0 nodes have achieved new revision 6~~EtcdMembersAvailable: 2 members are available
Upgradeable|True|AsExpected|$(t 140)|All is well
RecentBackup|Unknown|ControllerStarted|$(t 140)|The etcd backup controller is starting, and will decide if recent backups are available or if a backup is required
EOF
	co network "$(t 25)" $((EVRV + 611)) "openshift-network-operator openshift-ovn-kubernetes" "operator=$OCPVER" <<EOF
ManagementStateDegraded|False|-|$(t 2158)|-
Degraded|True|SyncInfrastructureSpecAndStatus|$(t 2158)|Error while synchronizing spec and status of infrastructures.config.openshift.io/cluster: Error on validating API VIPs and Machine Networks: VIP '$APIVIP' cannot be found in any machine network
Upgradeable|True|-|$(t 1902)|-
Progressing|False|-|$(t 3117)|-
Available|True|-|$(t 2250)|-
EOF
	co authentication "$(t 25)" $((EVRV + 902)) "openshift-authentication openshift-authentication-operator openshift-oauth-apiserver" "operator=$OCPVER oauth-apiserver=$OCPVER" <<EOF
Degraded|True|WellKnownReadyController_SyncError|$(t 2744)|WellKnownReadyControllerDegraded: need at least 3 kube-apiservers, got 2
Progressing|False|AsExpected|$(t 3390)|AuthenticatorCertKeyProgressing: All is well
Available|False|WellKnown_NotReady|$(t 2744)|WellKnownAvailable: The well-known endpoint is not yet available: need at least 3 kube-apiservers, got 2
Upgradeable|True|AsExpected|$(t 140)|All is well
EOF
	for o in kube-apiserver kube-controller-manager kube-scheduler; do
		co $o "$(t 25)" $((EVRV + 700)) "openshift-$o-operator openshift-$o" "raw-internal=$OCPVER operator=$OCPVER $o=$OCPVER" <<EOF
Degraded|True|NodeController_MasterNodesReady|$NRT|NodeControllerDegraded: $NOTREADY
Progressing|False|AsExpected|$(t 3360)|NodeInstallerProgressing: 2 nodes are at revision 8
Available|True|AsExpected|$(t 2010)|StaticPodsAvailable: 2 nodes are active; 2 nodes are at revision 8
Upgradeable|True|AsExpected|$(t 140)|All is well
EOF
	done
else
	NRT=$(awk -f "$TOOLS/tlib.awk" -v b="$KDEL" -f /dev/stdin <<'EOF'
BEGIN { print rfc(ep(b) + 47) "Z" }
EOF
)
	NOTREADY="The master nodes not ready: node \"master-1\" not ready since $(kt $NRT) because NodeStatusUnknown (Kubelet stopped posting node status.)"
	co etcd "$(t 25)" $((EVRV + 880)) "openshift-etcd-operator openshift-etcd" "raw-internal=$OCPVER etcd=$OCPVER operator=$OCPVER" <<EOF
Degraded|True|MultipleConditionsMatching|$(echo $EDEL | sed 's/08Z$/10Z/')|GuardControllerDegraded: Missing operand on node master-1~~NodeControllerDegraded: $NOTREADY
Progressing|False|AsExpected|$(t 86400)|NodeInstallerProgressing: 3 nodes are at revision 9~~EtcdMembersProgressing: No unstarted etcd members found
Available|True|AsExpected|$(t 2150)|StaticPodsAvailable: 3 nodes are active; 3 nodes are at revision 9~~EtcdMembersAvailable: 3 members are available
Upgradeable|True|AsExpected|$(t 140)|All is well
RecentBackup|Unknown|ControllerStarted|$(t 140)|The etcd backup controller is starting, and will decide if recent backups are available or if a backup is required
EOF
	for o in kube-apiserver kube-controller-manager kube-scheduler; do
		co $o "$(t 25)" $((EVRV + 700)) "openshift-$o-operator openshift-$o" "raw-internal=$OCPVER operator=$OCPVER $o=$OCPVER" <<EOF
Degraded|True|NodeController_MasterNodesReady|$NRT|NodeControllerDegraded: $NOTREADY
Progressing|False|AsExpected|$(t 86400)|NodeInstallerProgressing: 3 nodes are at revision 11
Available|True|AsExpected|$(t 2010)|StaticPodsAvailable: 3 nodes are active; 3 nodes are at revision 11
Upgradeable|True|AsExpected|$(t 140)|All is well
EOF
	done
fi

# --------------------------------------------------------------- Infrastructure (bare metal)
{
	cat <<EOF
---
apiVersion: config.openshift.io/v1
kind: Infrastructure
metadata:
  creationTimestamp: "$(t -8)"
  generation: 1
  name: cluster
  resourceVersion: "$((EVRV / 1000 + 377))"
  uid: $(uid "infra-$CLUSTER")
spec:
  cloudConfig:
    name: ""
  platformSpec:
    baremetal:
      apiServerInternalIPs:
      - $APIVIP
      ingressIPs:
      - $INGVIP
      machineNetworks:
      - $MNET
    type: BareMetal
status:
  apiServerInternalURI: https://api-int.$DOMAIN:6443
  apiServerURL: https://api.$DOMAIN:6443
  controlPlaneTopology: HighlyAvailable
  cpuPartitioning: None
  etcdDiscoveryDomain: ""
  infrastructureName: $INFRAID
  infrastructureTopology: HighlyAvailable
  platform: BareMetal
  platformStatus:
    baremetal:
      apiServerInternalIP: $APIVIP
      apiServerInternalIPs:
      - $APIVIP
      ingressIP: $INGVIP
      ingressIPs:
      - $INGVIP
      loadBalancer:
        type: OpenShiftManagedDefault
EOF
	# the network operator only copies machineNetworks to status after validation
	if [ "$MODE" = anon ]; then
		echo "      machineNetworks:"
		echo "      - $MNET"
	fi
	echo "    type: BareMetal"
} | w "$R/cluster-scoped-resources/config.openshift.io/infrastructures/cluster.yaml"

# --------------------------------------------------------------- nodes
i=0
for n in $NODES; do
	i=$((i + 1))
	N_NAME=$n; N_ROLE=master; N_IP=$(ip_of $n); N_SUBNET=10.$((127 + i)).0.0/23
	N_CREATED=$(t $((1700 + i * 28))); N_RV=$((EVRV + 400 + i))
	N_CUR=$RM; N_DES=$RM; N_STATE=Done; N_REASON=""; N_CCRV=$((EVRV / 40))
	N_READY=True; N_HB=$(tc $((-20 - i))); N_RT=$(t $((1790 + i * 30)))
	if [ $n = master-1 ]; then
		if [ "$MODE" = vip ]; then
			N_READY=False; N_RREASON=KubeletNotReady; N_HB=$NRT; N_RT=$NRT
			N_RMSG="container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: No CNI configuration file in /etc/kubernetes/cni/net.d/. Has your network provider started?"
			N_TAINTS="  - effect: NoSchedule
    key: node.kubernetes.io/not-ready
  - effect: NoExecute
    key: node.kubernetes.io/not-ready
    timeAdded: \"$(t 1760)\""
		else
			N_READY=Unknown; N_HB=$(awk -f "$TOOLS/tlib.awk" -v b="$KDEL" -f /dev/stdin <<'EOF'
BEGIN { print rfc(ep(b) - 3) "Z" }
EOF
); N_RT=$NRT
			N_TAINTS="  - effect: NoSchedule
    key: node.kubernetes.io/unreachable
    timeAdded: \"$NRT\"
  - effect: NoExecute
    key: node.kubernetes.io/unreachable
    timeAdded: \"$(echo $NRT | sed 's/Z$//')Z\""
		fi
	fi
	node
done

source_mcs "$(t 600)" $MCCHASH
mc $RM master "$(t 640)" 8402 $MCCHASH
mc rendered-worker-$(h32 "rw-$CLUSTER") worker "$(t 640)" 8404 $MCCHASH
NM=$(echo $NODES | wc -w)
mcp master "$(t 599)" $((EVRV + 52)) $RM $RM $NM $NM $NM 0 "$(t 1900)" False "" "" True False "$(t 641)"
mcp worker "$(t 599)" $((EVRV + 53)) rendered-worker-$(h32 "rw-$CLUSTER") rendered-worker-$(h32 "rw-$CLUSTER") 0 0 0 0 "$(t 641)" False "" "" True False "$(t 641)"

# CSRs: a serving-cert rotation of master-0 from the last hour; nothing from master-1
csr "csr-$(sfx "rot-$CLUSTER")" "$(tc -2710)" $((EVRV + 990)) kubernetes.io/kubelet-serving system:node:master-0 "system:nodes system:authenticated" \
	"digital signature,server auth" system:node:master-0 system:nodes "$(tc -2709)"

# --------------------------------------------------------------- kube-system (install-config, no bootstrap tokens)
if [ "$MODE" = vip ]; then
	HOSTS="          hosts:"
	for h in 0 1 2; do
		HOSTS="$HOSTS
          - bmc:
              address: idrac-virtualmedia://10.46.126.1$((h + 1))/redfish/v1/Systems/System.Embedded.1
              disableCertificateVerification: true
              password: \"\"
              username: \"\"
            bootMACAddress: $(h32 "mac-master-$h" | sed 's/\(..\)\(..\)\(..\)\(..\)\(..\)\(..\).*/\1:\2:\3:\4:\5:\6/')
            bootMode: UEFI
            name: master-$h
            role: master
            rootDeviceHints:
              deviceName: /dev/disk/by-path/pci-0000:65:00.0-scsi-0:2:0:0"
	done
	PLAT="        baremetal:
          apiVIPs:
          - $APIVIP
          clusterProvisioningIP: \"\"
$HOSTS
          ingressVIPs:
          - $INGVIP
          provisioningNetwork: Disabled"
else
	PLAT="        baremetal:
          apiVIPs:
          - $APIVIP
          hosts: []
          ingressVIPs:
          - $INGVIP
          provisioningNetwork: Managed
          provisioningNetworkCIDR: 172.22.0.0/24"
fi
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
    creationTimestamp: "$(t 2130)"
    name: bootstrap
    namespace: kube-system
    resourceVersion: "$((EVRV / 100 + 12))"
    uid: $(uid "cm-bootstrap-$CLUSTER")
- apiVersion: v1
  data:
    install-config: |
      additionalTrustBundlePolicy: Proxyonly
      apiVersion: v1
      baseDomain: ${DOMAIN#*.}
      compute:
      - architecture: amd64
        hyperthreading: Enabled
        name: worker
        platform: {}
        replicas: 0
      controlPlane:
        architecture: amd64
        hyperthreading: Enabled
        name: master
        platform: {}
        replicas: 3
      metadata:
        creationTimestamp: null
        name: ${DOMAIN%%.*}
      networking:
        clusterNetwork:
        - cidr: 10.128.0.0/14
          hostPrefix: 23
        machineNetwork:
        - cidr: $MNET
        networkType: OVNKubernetes
        serviceNetwork:
        - 172.30.0.0/16
      platform:
$PLAT
      publish: External
      pullSecret: ""
      sshKey: |
        ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI$(h32 "ssh-$CLUSTER" | cut -c1-22)Xq0b kni@provisioner.$DOMAIN
  kind: ConfigMap
  metadata:
    creationTimestamp: "$(t -2)"
    name: cluster-config-v1
    namespace: kube-system
    resourceVersion: "231"
    uid: $(uid "cm-ccv1-$CLUSTER")
kind: ConfigMapList
metadata:
  resourceVersion: "$((EVRV + 1300))"
EOF
} | w "$R/namespaces/kube-system/core/configmaps.yaml"
{
	echo "---"
	echo "apiVersion: v1"
	echo "items:"
	for sa in attachdetach-controller bootstrap-signer certificate-controller deployment-controller node-controller; do
		cat <<EOF
- apiVersion: v1
  data:
    .dockercfg: $(printf '%s bytes long' $((7000 + ${#sa} * 11)) | base64 -w0)
  kind: Secret
  metadata:
    annotations:
      kubernetes.io/service-account.name: $sa
      kubernetes.io/service-account.uid: $(uid "sa-$sa-$CLUSTER")
      openshift.io/internal-registry-auth-token.binding: bound
      openshift.io/internal-registry-auth-token.service-account: $sa
    creationTimestamp: "$(t 1120)"
    name: $sa-dockercfg-$(sfx "dc-$sa-$CLUSTER")
    namespace: kube-system
    ownerReferences:
    - apiVersion: v1
      blockOwnerDeletion: false
      controller: true
      kind: ServiceAccount
      name: $sa
      uid: $(uid "sa-$sa-$CLUSTER")
    resourceVersion: "$((EVRV / 100 + ${#sa} * 3))"
    uid: $(uid "sec-$sa-$CLUSTER")
  type: kubernetes.io/dockercfg
EOF
	done
	cat <<EOF
- apiVersion: v1
  data:
    ca.crt: $(printf '%s bytes long' 6428 | base64 -w0)
    service-ca.crt: $(printf '%s bytes long' 1192 | base64 -w0)
  kind: Secret
  metadata:
    creationTimestamp: "$(t 95)"
    name: kube-apiserver-to-kubelet-client-ca
    namespace: kube-system
    resourceVersion: "$((EVRV / 1000 + 91))"
    uid: $(uid "sec-katkcc-$CLUSTER")
  type: Opaque
kind: SecretList
metadata:
  resourceVersion: "$((EVRV + 1300))"
EOF
} | w "$R/namespaces/kube-system/core/secrets.yaml"
nsobj kube-system "$(t -12)" 21

# --------------------------------------------------------------- openshift-etcd
NS=openshift-etcd
nsobj $NS "$(t 40)" 5120 0
for n in $NODES; do
	[ $n = master-1 ] && continue
	P_NS=$NS; P_NAME=etcd-$n; P_OKIND=Node; P_NODE=$n; P_IP=$(ip_of $n); P_HOSTNET=1
	P_CREATED=$(t 3200); P_RV=$((EVRV + 500))
	P_LABELS="    app: etcd
    etcd: \"true\"
    k8s-app: etcd
    revision: \"6\""
	P_CTRS="etcd|etcd|run:$(t 3201)|0
etcdctl|etcd|run:$(t 3201)|0"
	pod
done
if [ "$MODE" = vip ]; then
	# the revision-6 installer for master-1 never got a sandbox
	P_NS=$NS; P_NAME=installer-6-master-1; P_OKIND=Node; P_NODE=master-1; P_IP=$(ip_of master-1)
	P_PODIP=10.129.0.41; P_CREATED=$(t 3290); P_RV=$((EVRV + 507)); P_PHASE=Pending; P_READY=False
	P_SA=installer-sa; P_PRIO=system-node-critical; P_RESTART=Never; P_SCC=privileged
	P_LABELS="    app: installer"
	P_CTRS="installer|cluster-etcd-operator|create|0"
	pod
	# fix ownerReferences of the installer: it is owned by a ConfigMap revision in real clusters
	sed -i '/^  ownerReferences:/,/^  resourceVersion:/{/^  ownerReferences:/!{/^  resourceVersion:/!d}}' "$R/namespaces/$NS/pods/installer-6-master-1/installer-6-master-1.yaml"
	sed -i "s|^  ownerReferences:|  ownerReferences:\n  - apiVersion: v1\n    kind: ConfigMap\n    name: revision-status-6\n    uid: $(uid "rev6-$CLUSTER")|" "$R/namespaces/$NS/pods/installer-6-master-1/installer-6-master-1.yaml"
	clog $NS installer-6-master-1 installer > /dev/null
	ev $NS Pod installer-3-master-1 v1 FailedCreatePodSandBox Warning "$(t 2316)" "$(t 2590)" 11 kubelet master-1 \
		"Failed to create pod sandbox: rpc error: code = Unknown desc = failed to create pod network sandbox k8s_installer-3-master-1_openshift-etcd_$(uid "pod-inst3-$CLUSTER")_0($(h64 "sb-inst3" | cut -c1-64)): error adding pod openshift-etcd_installer-3-master-1 to CNI network \"multus-cni-network\": plugin type=\"multus-shim\" name=\"multus-cni-network\" failed (add): CmdAdd (shim): CNI request failed with status 400: '[openshift-etcd/installer-3-master-1/$(uid "pod-inst3-$CLUSTER"):ovn-kubernetes]: error adding container to network \"ovn-kubernetes\": CNI request failed with status 400: '[openshift-etcd/installer-3-master-1 $(h64 "sb-inst3" | cut -c1-64) network default NAD default] [openshift-etcd/installer-3-master-1 $(h64 "sb-inst3" | cut -c1-64) network default NAD default] failed to get pod annotation: timed out waiting for annotations: context deadline exceeded~~'~~'"
	ev $NS Pod installer-6-master-1 v1 NetworkNotReady Warning "$(t 3292)" "$(echo $KDEL | sed 's/14Z$/02Z/')" 4188 kubelet master-1 \
		"network is not ready: container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: No CNI configuration file in /etc/kubernetes/cni/net.d/. Has your network provider started?"
	ev $NS Pod installer-6-master-1 v1 FailedMount Warning "$(t 3292)" "$(echo $KDEL | sed 's/14Z$/01Z/')" 612 kubelet master-1 \
		"MountVolume.SetUp failed for volume \"kube-api-access\" : [object \"openshift-etcd\"/\"kube-root-ca.crt\" not registered, object \"openshift-etcd\"/\"openshift-service-ca.crt\" not registered]"
fi
podlist $NS $((EVRV + 1300))
ev $NS Pod etcd-guard-master-1 v1 ProbeError Warning "$(echo $EDEL | sed 's/31Z$/40Z/; s/08Z$/15Z/')" "$(tc -300)" 97 kubelet master-1 \
	"Readiness probe error: Get \"https://$(ip_of master-1):9980/readyz\": dial tcp $(ip_of master-1):9980: connect: connection refused~~body: ~~"
evlist $NS $((EVRV + 1300))
if [ "$MODE" = vip ]; then
	etcd_info 5804122830145187331 "master-0|$NET.21|5804122830145187331" "master-1|$NET.22|12871663349520711408"
else
	etcd_info 9120348755013342871 "master-0|$NET.21|9120348755013342871" "master-1|$NET.22|3316609982214455061" "master-2|$NET.23|14021958273510366204"
fi

NS=openshift-etcd-operator
nsobj $NS "$(t 40)" 5102 0
P_NS=$NS; P_NAME=etcd-operator-7c9f5d4b8-$(sfx "eo-$CLUSTER"); P_GEN=etcd-operator-7c9f5d4b8-; P_OKIND=ReplicaSet; P_ONAME=etcd-operator-7c9f5d4b8
P_NODE=master-0; P_IP=$(ip_of master-0); P_PODIP=10.128.0.12; P_CREATED=$(t 1820); P_RV=$((EVRV + 240)); P_SA=etcd-operator; P_SCC=anyuid
P_LABELS="    app: etcd-operator
    pod-template-hash: 7c9f5d4b8"
P_CTRS="etcd-operator|cluster-etcd-operator|run:$(t 1850)|0"
EOP=$P_NAME
pod
podlist $NS $((EVRV + 1301))
L=$(clog $NS $EOP etcd-operator)
awkt -v t0="$EDEL" -v t1="$TC" -v vip="$MODE" '
BEGIN {
	RS0 = 404; e = ep(t0) + 2
	print pod(e, "I", 1, "event.go:377", "\"Event occurred\" object=\"openshift-etcd-operator/etcd-operator\" fieldPath=\"\" kind=\"Deployment\" apiVersion=\"apps/v1\" type=\"Normal\" reason=\"OperatorStatusChanged\" message=\"Status for clusteroperator/etcd changed: Degraded message changed to include \\\"GuardControllerDegraded: Missing operand on node master-1\\\"\"")
	while (e < ep(t1)) {
		print pod(e, "E", 1, "guard_controller.go:287", "Missing operand on node master-1")
		print pod(e, "E", 1, "base_controller.go:279", "\"Unhandled Error\" err=\"GuardController reconciliation failed: Missing operand on node master-1\" logger=\"UnhandledError\"")
		e += ri(700, 1000)
	}
}' > "$L/current.log"
ev $NS Deployment etcd-operator apps/v1 OperatorStatusChanged Normal "$(echo $EDEL | sed 's/31Z$/33Z/; s/08Z$/10Z/')" "$(echo $EDEL | sed 's/31Z$/33Z/; s/08Z$/10Z/')" 1 openshift-cluster-etcd-operator-status-controller-statussyncer_etcd "" \
	"Status for clusteroperator/etcd changed: Degraded message changed from \"NodeControllerDegraded: ...\" to \"GuardControllerDegraded: Missing operand on node master-1~~NodeControllerDegraded: ...\""
evlist $NS $((EVRV + 1301))

# --------------------------------------------------------------- machine-config (healthy daemons)
NS=openshift-machine-config-operator
nsobj $NS "$(t 30)" 6020 1
for n in $NODES; do
	s=$(sfx "mcd-$n-$CLUSTER")
	mcd_pod $n $(ip_of $n) "$s" "$(t 1760)" $((EVRV + 300))
	L=$(clog $NS machine-config-daemon-$s machine-config-daemon)
	{ mcd_head $n $((2900 + ${n#master-})) "$(t 1765)" master; mcd_first_boot $n $((2900 + ${n#master-})) "$(t 1767)" $RM
	  mcd_bootstrap_done $((2900 + ${n#master-})) "$(t 1767)" $RM; } > "$L/current.log"
done
podlist $NS $((EVRV + 1302))

# --------------------------------------------------------------- kubelet journal of master-1 (and a little of master-0)
KL=$R/host_service_logs/masters/kubelet_service.log
mkdir -p "$(dirname "$KL")"
awkt -v kdel="$KDEL" -v kfix="$KFIX" -v edel="$EDEL" -v tc="$TC" -v t0="$T0" -v mode="$MODE" -v kv="$KUBEVER" -v ip1="$(ip_of master-1)" -v dom="$DOMAIN" '
function kub(e, lvl, src, msg) { print jk(e, "master-1", "kubenswrapper", PID, lvl, src, msg) }
function q(s) { gsub(/"/, "\\\"", s); return s }
function cni(e) { kub(e, "E", "kubelet.go:3002", "\"Container runtime network not ready\" networkReady=\"NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: No CNI configuration file in /etc/kubernetes/cni/net.d/. Has your network provider started?\"") }
function notreg(e) {
	kub(e, "E", "projected.go:288", "Couldn'"'"'t get configMap openshift-etcd/kube-root-ca.crt: object \"openshift-etcd\"/\"kube-root-ca.crt\" not registered")
	kub(e, "E", "projected.go:288", "Couldn'"'"'t get configMap openshift-etcd/openshift-service-ca.crt: object \"openshift-etcd\"/\"openshift-service-ca.crt\" not registered")
	kub(e, "E", "projected.go:194", "Error preparing data for projected volume kube-api-access for pod openshift-etcd/installer-6-master-1: [object \"openshift-etcd\"/\"kube-root-ca.crt\" not registered, object \"openshift-etcd\"/\"openshift-service-ca.crt\" not registered]")
	kub(e, "E", "nestedpendingoperations.go:348", "Operation for \"{volumeName:kubernetes.io/projected/" UID6 "-kube-api-access podName:" UID6 " nodeName:}\" failed. No retries permitted until " substr(rfc(e + 122), 1, 10) " " substr(rfc(e + 122), 12) "." sprintf("%09d", ri(0, 999999999)) " +0000 UTC m=+" (e + 122 - START) "." sprintf("%09d", ri(0, 999999999)) " (durationBeforeRetry 2m2s). Error: MountVolume.SetUp failed for volume \"kube-api-access\" (UniqueName: \"kubernetes.io/projected/" UID6 "-kube-api-access\") pod \"installer-6-master-1\" (UID: \"" UID6 "\") : [object \"openshift-etcd\"/\"kube-root-ca.crt\" not registered, object \"openshift-etcd\"/\"openshift-service-ca.crt\" not registered]")
}
function syncerr(e) { kub(e, "E", "pod_workers.go:1301", "\"Error syncing pod, skipping\" err=\"network is not ready: container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: No CNI configuration file in /etc/kubernetes/cni/net.d/. Has your network provider started?\" pod=\"openshift-etcd/installer-6-master-1\" podUID=\"" UID6 "\"") }
function anon(e, k) {
	if (k % 4 == 0) kub(e, "E", "kubelet_node_status.go:549", "\"Error updating node status, will retry\" err=\"error getting node \\\"master-1\\\": nodes \\\"master-1\\\" is forbidden: User \\\"system:anonymous\\\" cannot get resource \\\"nodes\\\" in API group \\\"\\\" at the cluster scope\"")
	if (k % 4 == 1) kub(e, "E", "controller.go:145", "\"Failed to ensure lease exists, will retry\" err=\"leases.coordination.k8s.io \\\"master-1\\\" is forbidden: User \\\"system:anonymous\\\" cannot get resource \\\"leases\\\" in API group \\\"coordination.k8s.io\\\" in the namespace \\\"kube-node-lease\\\"\" interval=\"7s\"")
	if (k % 4 == 2) kub(e, "E", "reflector.go:158", "\"Unhandled Error\" err=\"k8s.io/client-go/informers/factory.go:160: Failed to watch *v1.Node: failed to list *v1.Node: nodes \\\"master-1\\\" is forbidden: User \\\"system:anonymous\\\" cannot list resource \\\"nodes\\\" in API group \\\"\\\" at the cluster scope\" logger=\"UnhandledError\"")
	if (k % 4 == 3) kub(e, "E", "certificate_manager.go:562", "\"Unhandled Error\" err=\"kubernetes.io/kube-apiserver-client-kubelet: Failed while requesting a signed certificate from the control plane: cannot create certificate signing request: Unauthorized\" logger=\"UnhandledError\"")
	if (e > MIRROR && k % 2 == 0) kub(e, "E", "kubelet.go:1915", "\"Failed creating a mirror pod for\" err=\"pods \\\"etcd-master-1\\\" is forbidden: User \\\"system:anonymous\\\" cannot create resource \\\"pods\\\" in API group \\\"\\\" in the namespace \\\"openshift-etcd\\\"\" pod=\"openshift-etcd/etcd-master-1\"")
	if (mode == "vip" && k % 6 == 5) { cni(e); if (k % 12 == 11) notreg(e) }
}
function start(e, pid) {
	PID = pid; START = e
	print jsys(e, "master-1", "Starting Kubernetes Kubelet...")
	kub(e, "I", "server.go:211", "\"--pod-infra-container-image will not be pruned by the image garbage collector in kubelet and should also be set in the remote runtime\"")
	kub(e, "I", "server.go:486", "\"Kubelet version\" kubeletVersion=\"" kv "\"")
	kub(e, "I", "server.go:488", "\"Golang settings\" GOGC=\"\" GOMAXPROCS=\"\" GOTRACEBACK=\"\"")
	kub(e, "I", "server.go:929", "\"Client rotation is on, will bootstrap in background\"")
}
BEGIN {
	RS0 = 303; UID6 = "0b6f2e1c-7a94-4d35-9e21-5c3f8a7d6b40"
	MIRROR = ep(edel) + 6; end = ep(tc) - 25
	if (mode == "vip") {
		# the day before: kubelet up since install, CNI never appeared on this node
		e = ep(t0) + 1788; start(e, 2518)
		kub(e, "I", "certificate_store.go:130", "Loading cert/key pair from \"/var/lib/kubelet/pki/kubelet-client-current.pem\".")
		print jsys(e + 1, "master-1", "Started Kubernetes Kubelet.")
		e += 2
		for (j = 0; j < 3; j++) { cni(e); e += 5 }
		e = ep(t0) + 3300
		while (e < ep(kdel) - 60) { cni(e); if (rnd() < 0.4) syncerr(e); if (rnd() < 0.25) notreg(e + 1); e += ri(3600, 6600) }
	} else {
		e = ep(kdel) - 611; PID = 2411
		kub(e, "I", "kubelet_getters.go:218", "\"Pod status updated\" pod=\"openshift-etcd/etcd-master-1\" status=\"Running\"")
		kub(e + 1, "I", "kubelet_getters.go:218", "\"Pod status updated\" pod=\"openshift-kube-apiserver/kube-apiserver-master-1\" status=\"Running\"")
	}
	e = ep(kdel) - 12
	print jsys(e, "master-1", "Stopping Kubernetes Kubelet...")
	print jsys(e + 1, "master-1", "kubelet.service: Deactivated successfully.")
	print jsys(e + 1, "master-1", "Stopped Kubernetes Kubelet.")
	e = ep(kdel); start(e, (mode == "vip" ? 471202 : 1338841))
	kub(e, "E", "bootstrap.go:241", "\"Unhandled Error\" err=\"unable to read existing bootstrap client config from /var/lib/kubelet/kubeconfig: invalid configuration: [unable to read client-cert /var/lib/kubelet/pki/kubelet-client-current.pem for default-auth due to open /var/lib/kubelet/pki/kubelet-client-current.pem: no such file or directory, unable to read client-key /var/lib/kubelet/pki/kubelet-client-current.pem for default-auth due to open /var/lib/kubelet/pki/kubelet-client-current.pem: no such file or directory]\" logger=\"UnhandledError\"")
	kub(e, "I", "certificate_store.go:130", "Loading cert/key pair from \"/var/lib/kubelet/pki/kubelet-client-current.pem\".")
	kub(e, "I", "certificate_manager.go:356", "\"Rotating certificates\" logger=\"kubernetes.io/kube-apiserver-client-kubelet\"")
	kub(e, "I", "dynamic_cafile_content.go:160", "\"Starting controller\" name=\"client-ca-bundle::/etc/kubernetes/kubelet-ca.crt\"")
	print jsys(e + 1, "master-1", "Started Kubernetes Kubelet.")
	e += 1
	kub(e, "E", "certificate_manager.go:562", "\"Unhandled Error\" err=\"kubernetes.io/kube-apiserver-client-kubelet: Failed while requesting a signed certificate from the control plane: cannot create certificate signing request: Unauthorized\" logger=\"UnhandledError\"")
	kub(e, "I", "kubelet_node_status.go:75", "\"Attempting to register node\" node=\"master-1\"")
	kub(e, "E", "kubelet_node_status.go:95", "\"Unable to register node with API server\" err=\"nodes is forbidden: User \\\"system:anonymous\\\" cannot create resource \\\"nodes\\\" in API group \\\"\\\" at the cluster scope\" node=\"master-1\"")
	kub(e, "E", "reflector.go:158", "\"Unhandled Error\" err=\"k8s.io/client-go/informers/factory.go:160: Failed to watch *v1.Service: failed to list *v1.Service: services is forbidden: User \\\"system:anonymous\\\" cannot list resource \\\"services\\\" in API group \\\"\\\" at the cluster scope\" logger=\"UnhandledError\"")
	kub(e, "E", "reflector.go:158", "\"Unhandled Error\" err=\"k8s.io/client-go/informers/factory.go:160: Failed to watch *v1.CSIDriver: failed to list *v1.CSIDriver: csidrivers.storage.k8s.io is forbidden: User \\\"system:anonymous\\\" cannot list resource \\\"csidrivers\\\" in API group \\\"storage.k8s.io\\\" at the cluster scope\" logger=\"UnhandledError\"")
	k = 0; stop = (kfix != "" ? ep(kfix) - 15 : end)
	while (e < stop) { anon(e, k); k++; e += ri(90, 200) }
	if (kfix != "") {
		e = ep(kfix) - 12
		print jsys(e, "master-1", "Stopping Kubernetes Kubelet...")
		print jsys(e + 1, "master-1", "Stopped Kubernetes Kubelet.")
		e = ep(kfix); start(e, 544019)
		kub(e, "I", "dynamic_cafile_content.go:160", "\"Starting controller\" name=\"client-ca-bundle::/etc/kubernetes/kubelet-ca.crt\"")
		print jsys(e + 1, "master-1", "Started Kubernetes Kubelet.")
		kub(e + 2, "I", "kubelet_node_status.go:75", "\"Attempting to register node\" node=\"master-1\"")
		kub(e + 2, "I", "kubelet_node_status.go:125", "\"Node was previously registered\" node=\"master-1\"")
		kub(e + 2, "I", "kubelet_node_status.go:687", "\"Recording event message for node\" node=\"master-1\" event=\"NodeNotReady\"")
		e += 3
		while (e < end) { cni(e); if (rnd() < 0.5) syncerr(e); notreg(e); e += ri(20, 60) }
	}
}' > "$KL"

# --------------------------------------------------------------- network operator (vip)
if [ "$MODE" = vip ]; then
	NS=openshift-network-operator
	nsobj $NS "$(t 35)" 5300 0
	P_NS=$NS; P_NAME=network-operator-6d7b5f9c8b-$(sfx "no-$CLUSTER"); P_GEN=network-operator-6d7b5f9c8b-; P_OKIND=ReplicaSet; P_ONAME=network-operator-6d7b5f9c8b
	P_NODE=master-0; P_IP=$(ip_of master-0); P_HOSTNET=1; P_CREATED=$(t 1790); P_RV=$((EVRV + 120)); P_SA=cluster-network-operator
	P_LABELS="    name: network-operator
    pod-template-hash: 6d7b5f9c8b"
	P_CTRS="network-operator|cluster-network-operator|run:$(t 1795)|0"
	NOP=$P_NAME
	pod
	podlist $NS $((EVRV + 1303))
	L=$(clog $NS $NOP network-operator)
	awkt -v t0="$(t 2158)" -v t1="$TC" -v vip="$APIVIP" '
	BEGIN {
		RS0 = 707; e = ep(t0)
		m = "Error while synchronizing spec and status of infrastructures.config.openshift.io/cluster: Error on validating API VIPs and Machine Networks: VIP '"'"'" vip "'"'"' cannot be found in any machine network"
		print pod(e, "I", 1, "log.go:245", "Reconciling Infrastructure.config.openshift.io cluster")
		print pod(e, "I", 1, "log.go:245", m)
		print pod(e, "I", 1, "log.go:245", "Set ClusterOperator conditions:")
		print praw(e, "- lastTransitionTime: \"" rfc(e) "Z\"")
		mq = m; gsub(/'"'"'/, "'"'"''"'"'", mq)
		print praw(e, "  message: '"'"'" mq "'"'"'")
		print praw(e, "  reason: SyncInfrastructureSpecAndStatus")
		print praw(e, "  status: \"True\"")
		print praw(e, "  type: Degraded")
		e += 300
		while (e < ep(t1)) {
			print pod(e, "I", 1, "log.go:245", "Reconciling Infrastructure.config.openshift.io cluster")
			print pod(e, "I", 1, "log.go:245", m)
			print pod(e, "E", 1, "controller.go:353", "\"Reconciler error\" err=\"" m "\" controller=\"infrastructureconfig-controller\" object={\"name\":\"cluster\"} namespace=\"\" name=\"cluster\" reconcileID=\"" substr("4c8e1f2a9b7d6e3c5a0f1d2e8b7c6a5f", ri(1, 8), 8) "-" sprintf("%04x", ri(0, 65535)) "-4" sprintf("%03x", ri(0, 4095)) "-a" sprintf("%03x", ri(0, 4095)) "-" sprintf("%06x%06x", ri(0, 16777215), ri(0, 16777215)) "\"")
			e += ri(6000, 9600)
		}
	}' > "$L/current.log"
	ev $NS Deployment network-operator apps/v1 OperatorStatusChanged Normal "$(t 2158)" "$(t 2158)" 1 cluster-network-operator "" \
		"Status for clusteroperator/network changed: Degraded changed from False to True (\"Error while synchronizing spec and status of infrastructures.config.openshift.io/cluster: Error on validating API VIPs and Machine Networks: VIP '$APIVIP' cannot be found in any machine network\")"
	evlist $NS $((EVRV + 1303))

	# ----------------------------------------------------------- machine-api: BareMetalHosts + metal3
	NS=openshift-machine-api
	nsobj $NS "$(t 35)" 5410 1
	for h in 0 1 2; do
		if [ $h = 2 ]; then
			ST=inspecting; OPS=error; PON=true; EXT=false
		else
			ST="externally provisioned"; OPS=OK; PON=true; EXT=true
		fi
		{
			cat <<EOF
---
apiVersion: metal3.io/v1alpha1
kind: BareMetalHost
metadata:
  annotations:
    baremetalhost.metal3.io/detached: assisted-service-controller
    inspect.metal3.io: disabled
  creationTimestamp: "$(t 1860)"
  finalizers:
  - baremetalhost.metal3.io
  generation: 2
  name: master-$h
  namespace: openshift-machine-api
  resourceVersion: "$((EVRV + 60 + h))"
  uid: $(uid "bmh-$h-$CLUSTER")
spec:
  architecture: x86_64
  automatedCleaningMode: metadata
  bmc:
    address: idrac-virtualmedia://10.46.126.1$((h + 1))/redfish/v1/Systems/System.Embedded.1
    credentialsName: master-$h-bmc-secret
    disableCertificateVerification: true
  bootMACAddress: $(h32 "mac-master-$h" | sed 's/\(..\)\(..\)\(..\)\(..\)\(..\)\(..\).*/\1:\2:\3:\4:\5:\6/')
  bootMode: UEFI
  customDeploy:
    method: install_coreos
  externallyProvisioned: $EXT
  online: true
  rootDeviceHints:
    deviceName: /dev/disk/by-path/pci-0000:65:00.0-scsi-0:2:0:0
  userData:
    name: master-user-data-managed
    namespace: openshift-machine-api
status:
$( [ $h = 2 ] && printf '  errorCount: 5\n  errorMessage: timeout reached while inspecting the node\n  errorType: inspection error\n' || printf '  errorCount: 0\n  errorMessage: ""\n' )
  goodCredentials:
    credentials:
      name: master-$h-bmc-secret
      namespace: openshift-machine-api
    credentialsVersion: "$((9000 + h))"
  hardwareProfile: ""
  lastUpdated: "$( [ $h = 2 ] && tc -5400 || t 2050 )"
  operationHistory:
    deprovision:
      end: null
      start: null
    inspect:
      end: null
      start: $( [ $h = 2 ] && echo "\"$(t 2260)\"" || echo null )
    provision:
      end: null
      start: null
    register:
      end: "$(t $((990 + h * 4)))"
      start: "$(t $((975 + h * 4)))"
  operationalStatus: $OPS
  poweredOn: $PON
  provisioning:
    ID: $(uid "ironic-node-$h-$CLUSTER")
    bootMode: UEFI
    image:
      url: ""
    raid:
      hardwareRAIDVolumes: null
      softwareRAIDVolumes: []
    rootDeviceHints:
      deviceName: /dev/disk/by-path/pci-0000:65:00.0-scsi-0:2:0:0
    state: $ST
  triedCredentials:
    credentials:
      name: master-$h-bmc-secret
      namespace: openshift-machine-api
    credentialsVersion: "$((9000 + h))"
EOF
		} | w "$R/namespaces/$NS/metal3.io/baremetalhosts/master-$h.yaml"
	done
	# master BMHs of an IPI install are not "detached"/inspect-disabled; drop those two annotations for master-2
	sed -i '/baremetalhost.metal3.io\/detached/d; /inspect.metal3.io: disabled/d' "$R/namespaces/$NS/metal3.io/baremetalhosts/master-2.yaml"
	sed -i '/baremetalhost.metal3.io\/detached/d' "$R/namespaces/$NS/metal3.io/baremetalhosts/master-0.yaml" "$R/namespaces/$NS/metal3.io/baremetalhosts/master-1.yaml"
	P_NS=$NS; P_NAME=metal3-5b8d7c9f6d-$(sfx "m3-$CLUSTER"); P_GEN=metal3-5b8d7c9f6d-; P_OKIND=ReplicaSet; P_ONAME=metal3-5b8d7c9f6d
	P_NODE=master-0; P_IP=$(ip_of master-0); P_HOSTNET=1; P_CREATED=$(t 2240); P_RV=$((EVRV + 180)); P_SA=metal3
	P_LABELS="    baremetal.openshift.io/cluster-baremetal-operator: metal3-state
    k8s-app: metal3
    pod-template-hash: 5b8d7c9f6d"
	P_CTRS="metal3-httpd|ironic|run:$(t 2250)|0
metal3-ironic|ironic|run:$(t 2250)|0
metal3-ramdisk-logs|ironic|run:$(t 2250)|0"
	M3=$P_NAME
	pod
	podlist $NS $((EVRV + 1304))
	L=$(clog $NS $M3 metal3-ironic)
	awkt -v t0="$(t 2260)" -v t1="$TC" -v nid="$(uid "ironic-node-2-$CLUSTER")" '
	function il(e, lvl, mod, msg) { print praw(e, substr(rfc(e), 1, 10) " " substr(rfc(e), 12) "." sprintf("%03d", ri(0, 999)) " 1 " lvl " " mod " [None req-" sprintf("%08x-%04x-4%03x-a%03x-%06x%06x", ri(0, 2147483646), ri(0, 65535), ri(0, 4095), ri(0, 4095), ri(0, 16777215), ri(0, 16777215)) " - - - - - -] " msg) }
	BEGIN {
		RS0 = 808; e = ep(t0) + 1800
		il(e - 1800, "INFO", "ironic.conductor.task_manager", "Node " nid " moved to provision state \"inspecting\" from state \"manageable\"; target provision state is \"manageable\"")
		k = 0
		while (e < ep(t1)) {
			il(e, "ERROR", "ironic.conductor.utils", "Timeout reached while inspecting the node " nid ". Aborting inspection.")
			il(e, "INFO", "ironic.conductor.task_manager", "Node " nid " moved to provision state \"inspect failed\" from state \"inspecting\"; target provision state is \"manageable\"")
			e += ri(50, 90)
			il(e, "INFO", "ironic.conductor.task_manager", "Node " nid " moved to provision state \"inspecting\" from state \"inspect failed\"; target provision state is \"manageable\"")
			e += 1800 * (2 ^ (k < 5 ? k : 5)); k++
		}
	}' > "$L/current.log"
	L=$(clog $NS $M3 metal3-ramdisk-logs)
	awkt -v t0="$(t 2500)" -v nid="$(uid "ironic-node-2-$CLUSTER")" '
	function b(e, msg) { print praw(NOW, F ": " jd(e) " localhost.localdomain " msg) }
	BEGIN {
		RS0 = 909; NOW = ep(t0)
		for (try = 0; try < 2; try++) {
			boot = ep(t0) + try * 3700; NOW = boot + 1560
			F = "master-2_" nid "_inspect_" substr(rfc(NOW), 1, 10) "-" substr(rfc(NOW), 12, 2) "-" substr(rfc(NOW), 15, 2) "-" substr(rfc(NOW), 18, 2) ".tar.gz"
			print praw(NOW, "************ Contents of /shared/log/ironic/deploy/" F " ramdisk log file bundle **************")
			print praw(NOW, F ": -rw-r--r-- root/root   " ri(180000, 260000) " " substr(rfc(NOW), 1, 10) " " substr(rfc(NOW), 12, 5) " journal")
			e = boot
			b(e, "kernel: Linux version 5.14.0-427.65.1.el9_4.x86_64 (mockbuild@x86-64-02.build.eng.rdu2.redhat.com) #1 SMP PREEMPT_DYNAMIC")
			b(e + 3, "kernel: mlx5_core 0000:3b:00.0: firmware version: 22.39.1002")
			b(e + 3, "kernel: mlx5_core 0000:3b:00.0: 126.024 Gb/s available PCIe bandwidth (16.0 GT/s PCIe x8 link)")
			b(e + 4, "kernel: mlx5_core 0000:3b:00.1: firmware version: 22.39.1002")
			b(e + 9, "ironic-python-agent[1466]: 2025-12-02 " hms(e + 9) ".311 1466 INFO ironic_python_agent.agent [-] Starting ironic python agent, version 9.13.1")
			e += 14
			for (k = 0; k < 9; k++) {
				b(e, "kernel: mlx5_core 0000:3b:00.0: mlx5_query_module_id:315:(pid " (1893 + k * 0) "): query_mcia_reg failed: status: 0x3")
				if (k % 3 == 0) b(e, "kernel: mlx5_core 0000:3b:00.1: mlx5_query_module_id:315:(pid 1893): query_mcia_reg failed: status: 0x3")
				if (k == 2) b(e + 1, "ironic-python-agent[1466]: 2025-12-02 " hms(e + 1) ".902 1466 INFO ironic_python_agent.inspector [-] inspection is enabled with collectors ['"'"'default'"'"', '"'"'logs'"'"']")
				e += ri(60, 130)
			}
			b(e, "ironic-python-agent[1466]: 2025-12-02 " hms(e) ".144 1466 WARNING ironic_python_agent.hardware [-] Failed to get the LLDP/link information for interface ens3f0np0: [Errno 5] Input/output error")
		}
	}' > "$L/current.log"
	L=$(clog $NS $M3 metal3-httpd)
	echo "$(t 2251 | sed 's/Z$/.104416283Z/') AH00558: httpd: Could not reliably determine the server's fully qualified domain name, using $NET.21. Set the 'ServerName' directive globally to suppress this message" > "$L/current.log"
	ev $NS BareMetalHost master-2 metal3.io/v1alpha1 InspectionStarted Normal "$(t 2260)" "$(tc -9000)" 6 metal3-baremetal-controller "" "Hardware inspection started"
	ev $NS BareMetalHost master-2 metal3.io/v1alpha1 InspectionError Warning "$(t 4060)" "$(tc -9060)" 5 metal3-baremetal-controller "" "timeout reached while inspecting the node"
	evlist $NS $((EVRV + 1304))
fi

if [ "$MODE" = vip ]; then
	cat > "$SAMPLE/expected" <<'EOF'
# root causes in order; symptoms indented under their cause
network.vip-outside-machine-network
  network.cni-not-ready
  kubelet.object-not-registered
  pods.stuck-container-creating
# master-1's kubelet cannot authenticate: the operators that report
# NodeControllerDegraded for master-1 sit under it, so it explains more
# than the NIC fault.
kubelet.client-cert-missing
  kubelet.anonymous-auth
  etcd.guard-missing-operand
  generic.node-not-ready
baremetal.mlx5-module-query-error
  baremetal.host-stuck-inspecting
  etcd.quorum-not-fault-tolerant
  auth.apiservers-below-3
EOF
else
	cat > "$SAMPLE/expected" <<'EOF'
# root causes in order; symptoms indented under their cause
kubelet.client-cert-missing
  kubelet.anonymous-auth
  etcd.guard-missing-operand
EOF
fi
mg_done
echo "generated $SAMPLE"
