#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# gen-healthy.sh plain|noise
#   plain -> samples/healthy-4.18        : a settled 4.18 cluster, days after install
#   noise -> samples/healthy-install-noise: collected ~40 min after a successful
#            install; its logs and events still carry the transient install-time
#            errors that real healthy clusters show.  A triage tool must stay
#            silent on both.
TOOLS=$(cd "$(dirname "$0")" && pwd); SAMPLES=$(dirname "$TOOLS")
. "$TOOLS/lib.sh"; . "$TOOLS/base.sh"
MODE=${1:-plain}

if [ "$MODE" = plain ]; then
	CLUSTER=lab418; DOMAIN=ocp418.lab.example; INFRAID=ocp418-8kq2w
	OCPVER=4.18.21; KUBEVER=v1.31.10
	CRIOVER=cri-o://1.31.9-5.rhaos4.18.git1d2c8b4.el9
	KERNELVER=5.14.0-427.79.1.el9_4.x86_64
	RHCOSBUILD=418.94.202507221927-0
	CAEXPIRY=2035-08-04T12:40:11Z; EVRV=4415000; ETCDREV=4390112; ETCDTERM=9
	MCCHASH=a8b0c1d2e3f405162738495a6b7c8d9e0f1a2b3c
	T0=2025-08-06T12:41:03Z          # install
	TC=2025-08-14T09:20:05Z          # collection
	DIR=healthy-4.18; DIGITS=2209113857024317760
	SUB=192.168.50; IPBASE=10
else
	CLUSTER=fresh426; DOMAIN=fresh.lab.example; INFRAID=fresh-4wt9z
	OCPVER=4.18.26; KUBEVER=v1.31.12
	CRIOVER=cri-o://1.31.11-3.rhaos4.18.git9f3e1a2.el9
	KERNELVER=5.14.0-427.92.1.el9_4.x86_64
	RHCOSBUILD=418.94.202510141106-0
	CAEXPIRY=2035-10-19T07:59:44Z; EVRV=40000; ETCDREV=36640; ETCDTERM=3
	MCCHASH=d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4
	T0=2025-10-21T08:02:10Z
	TC=2025-10-21T09:24:40Z
	DIR=healthy-install-noise; DIGITS=1188463301125909374
	SUB=10.20.30; IPBASE=20
fi
RHCOSVER="Red Hat Enterprise Linux CoreOS $RHCOSBUILD (Plow)"
RM=rendered-master-$(h32 "rm-$CLUSTER"); RW=rendered-worker-$(h32 "rw-$CLUSTER")
# time helper: t OFFSET_SECONDS -> RFC3339 relative to install start
t() { awk -f "$TOOLS/tlib.awk" -v b="$T0" -v o="$1" -f /dev/stdin <<'EOF'
BEGIN { print rfc(ep(b) + o) "Z" }
EOF
}
# tc OFFSET_SECONDS -> RFC3339 relative to the collection time
tc() { awk -f "$TOOLS/tlib.awk" -v b="$TC" -v o="$1" -f /dev/stdin <<'EOF'
BEGIN { print rfc(ep(b) + o) "Z" }
EOF
}

mg_init $DIR $DIGITS "$CLUSTER-mg-$OCPVER"
LOCAL=$(awk -f "$TOOLS/tlib.awk" -v b="$TC" -f /dev/stdin <<'EOF'
BEGIN { e = ep(b); civ(e + 7200); printf "%04d-%02d-%02d %02d:%02d:%02d", CY, CM, CD, Ch, Cm, Cs; civ(e + 7200 + 131); printf "|%04d-%02d-%02d %02d:%02d:%02d\n", CY, CM, CD, Ch, Cm, Cs }
EOF
)
UTC=$(awk -f "$TOOLS/tlib.awk" -v b="$TC" -f /dev/stdin <<'EOF'
BEGIN { e = ep(b); civ(e + 2); printf "%04d-%02d-%02d %02d:%02d:%02d", CY, CM, CD, Ch, Cm, Cs; civ(e + 128); printf "|%04d-%02d-%02d %02d:%02d:%02d\n", CY, CM, CD, Ch, Cm, Cs }
EOF
)
mg_stamps "${LOCAL%|*}.204518337 +0200 CEST m=+0.049917012" "${LOCAL#*|}.660102194 +0200 CEST m=+131.505500869" <<EOF
${UTC%|*}.310027749 +0000 UTC m=+0.074108339
${UTC%|*}.992461205 +0000 UTC m=+0.756541795
${UTC#*|}.017223561 +0000 UTC m=+126.781304151
EOF

{
	cat <<EOF
apiVersion: config.openshift.io/v1
kind: ClusterVersion
metadata:
  creationTimestamp: "$T0"
  generation: 2
  name: version
  resourceVersion: "$((EVRV + 311))"
  uid: $(uid "cv-$CLUSTER")
spec:
  channel: stable-4.18
  clusterID: $(uid "clusterid-$CLUSTER")
status:
  availableUpdates: null
  conditions:
EOF
	conds <<EOF
RetrievedUpdates|False|RemoteFailed|$(t 20)|Unable to retrieve available updates: Get "https://api.openshift.com/api/upgrades_info/v1/graph?arch=amd64&channel=stable-4.18&id=$(uid "clusterid-$CLUSTER")&version=$OCPVER": dial tcp: lookup api.openshift.com on $SUB.1:53: no such host
ReleaseAccepted|True|PayloadLoaded|$(t 20)|Payload loaded version="$OCPVER" image="quay.io/openshift-release-dev/ocp-release@sha256:$(h64 "release-$OCPVER")" architecture="amd64"
Available|True|-|$(t 3000)|Done applying $OCPVER
Failing|False|-|$(t 3000)|-
Progressing|False|-|$(t 3000)|Cluster version is $OCPVER
ImplicitlyEnabledCapabilities|False|AsExpected|$(t 20)|Capabilities match configured spec
EOF
	cat <<EOF
  desired:
    image: quay.io/openshift-release-dev/ocp-release@sha256:$(h64 "release-$OCPVER")
    url: https://access.redhat.com/errata/RHSA-2025:$(h32 "errata$OCPVER" | tr -dc 0-9 | cut -c1-5)
    version: $OCPVER
  history:
  - completionTime: "$(t 3000)"
    image: quay.io/openshift-release-dev/ocp-release@sha256:$(h64 "release-$OCPVER")
    startedTime: "$(t 20)"
    state: Completed
    verified: false
    version: $OCPVER
  observedGeneration: 2
  versionHash: $(h32 "vh$CLUSTER" | cut -c1-11)=
EOF
} | w "$R/cluster-scoped-resources/config.openshift.io/clusterversions/version.yaml"
all_cos "$(t 28)" "$(t 2900)"
infra_none "$T0" 590

# --------------------------------------------------------------- nodes
i=0
for n in master-0 master-1 master-2 worker-0 worker-1; do
	i=$((i + 1))
	N_NAME=$n.$DOMAIN; N_IP=$SUB.$((IPBASE + i)); N_SUBNET=10.$((127 + i)).0.0/23
	case $n in master*) N_ROLE=master; N_CUR=$RM; N_CREATED=$(t $((700 + i * 9))) ;; *) N_ROLE=worker; N_CUR=$RW; N_CREATED=$(t $((1500 + i * 11))) ;; esac
	N_DES=$N_CUR; N_STATE=Done; N_REASON=""; N_CCRV=$((EVRV / 3)); N_RV=$((EVRV + 100 + i))
	N_READY=True; N_HB=$(tc $((-30 - i))); N_RT=$(t $((760 + i * 40)))
	node
done

# --------------------------------------------------------------- MCs / pools
source_mcs "$(t 600)" $MCCHASH
mc $RM master "$(t 640)" 8390 $MCCHASH
mc $RW worker "$(t 640)" 8392 $MCCHASH
mcp master "$(t 599)" $((EVRV + 50)) $RM $RM 3 3 3 0 "$(t 900)" False "" "" True False "$(t 641)"
mcp worker "$(t 599)" $((EVRV + 51)) $RW $RW 2 2 2 0 "$(t 1700)" False "" "" True False "$(t 641)"

NS=openshift-machine-config-operator
nsobj $NS "$(t 30)" 6020 1
i=0
for n in master-0 master-1 master-2 worker-0 worker-1; do
	i=$((i + 1)); s=$(sfx "mcd-$n-$CLUSTER")
	case $n in master*) c=$(t $((720 + i * 9))) ;; *) c=$(t $((1520 + i * 11))) ;; esac
	mcd_pod $n.$DOMAIN $SUB.$((IPBASE + i)) "$s" "$c" $((EVRV + 200 + i))
	L=$(clog $NS machine-config-daemon-$s machine-config-daemon)
	pid=$((2800 + i * 37))
	case $n in master*) role=master; cfg=$RM ;; *) role=worker; cfg=$RW ;; esac
	{
		mcd_head $n.$DOMAIN $pid "$c" $role
		mcd_first_boot $n.$DOMAIN $pid "$(t $((724 + i * 9)))" $cfg
		if [ "$MODE" = noise ] && [ $role = master ]; then
			# the in-cluster controller had not rendered $cfg yet: two transient failures
			mcd_missing $pid "$(t $((724 + i * 9)))" "$(t $((727 + i * 9)))" $cfg 1 2 2
			mcd_bootstrap_done $pid "$(t $((758 + i * 9)))" $cfg
		else
			mcd_bootstrap_done $pid "$c" $cfg
		fi
	} > "$L/current.log"
done
for n in master-0 master-1 master-2; do
	s=$(sfx "mcs-$n-$CLUSTER")
	mcs_pod $n.$DOMAIN $SUB.$((IPBASE + ${n#master-} + 1)) "$s" "$(t 640)" $((EVRV + 300))
	L=$(clog $NS machine-config-server-$s machine-config-server)
	{
		mcs_head "$(t 645)"
		if [ $n = master-0 ]; then
			w1=$(t 1490); w2=$(t 1502)
			if [ "$MODE" = noise ]; then
				awkt -v a="$(t 1460)" 'BEGIN { RS0 = 3; e = ep(a)
					for (k = 0; k < 3; k++) {
						print pod(e, "I", 1, "api.go:120", "Pool worker requested by address:\"10.20.30.24:4" (1200 + k * 37) "\" User-Agent:\"Ignition/2.20.0\" Accept-Header: \"application/vnd.coreos.ignition+json;version=3.4.0, */*;q=0.1\"")
						print pod(e + 7, "E", 1, "api.go:130", "couldn'"'"'t get config for req: {worker " sprintf("0xc000%05x0", ri(0, 1048575)) "}, error: could not fetch pool. err: etcdserver: request timed out")
						e += 9
					} }'
			fi
			mcs_req "$w1@$SUB.$((IPBASE + 4)):41988@worker $w2@$SUB.$((IPBASE + 5)):52704@worker"
		fi
	} > "$L/current.log"
done
podlist $NS $((EVRV + 400))
ev $NS MachineConfigPool worker machineconfiguration.openshift.io/v1 Completed Normal "$(t 1700)" "$(t 1700)" 1 machineconfigcontroller-nodecontroller "" \
	"Pool worker has completed update to MachineConfig $RW"
evlist $NS $((EVRV + 400))

etcd_info 7719046281552097320 "master-0.$DOMAIN|$SUB.$((IPBASE + 1))|7719046281552097320" \
	"master-1.$DOMAIN|$SUB.$((IPBASE + 2))|13059128811377219062" "master-2.$DOMAIN|$SUB.$((IPBASE + 3))|2811290533411974856"

# --------------------------------------------------------------- CSRs
G_BOOT="system:serviceaccounts system:serviceaccounts:openshift-machine-config-operator system:authenticated"
U_BOOT=system:serviceaccount:openshift-machine-config-operator:node-bootstrapper
if [ "$MODE" = noise ]; then
	# younger than an hour: still listed, all approved
	for w in "worker-0|1471" "worker-1|1483"; do
		nn=${w%|*}.$DOMAIN; o=${w#*|}
		csr "csr-$(sfx "cc$nn")" "$(t $o)" $((EVRV + o)) kubernetes.io/kube-apiserver-client-kubelet "$U_BOOT" "$G_BOOT" \
			"digital signature,client auth" "system:node:$nn" system:nodes "$(t $((o + 1)))"
		csr "csr-$(sfx "sc$nn")" "$(t $((o + 14)))" $((EVRV + o + 14)) kubernetes.io/kubelet-serving "system:node:$nn" "system:nodes system:authenticated" \
			"digital signature,server auth" "system:node:$nn" system:nodes "$(t $((o + 15)))"
	done
else
	# a kubelet-serving rotation from the last hour
	nn=worker-1.$DOMAIN
	csr "csr-$(sfx "rot$nn")" 2025-08-14T08:51:40Z 4412901 kubernetes.io/kubelet-serving "system:node:$nn" "system:nodes system:authenticated" \
		"digital signature,server auth" "system:node:$nn" system:nodes 2025-08-14T08:51:41Z
fi

# --------------------------------------------------------------- kubelet journal
KL=$R/host_service_logs/masters/kubelet_service.log
mkdir -p "$(dirname "$KL")"
if [ "$MODE" = noise ]; then
	awkt -v kv="$KUBEVER" -v dom="$DOMAIN" -v t0="$T0" '
function kub(e, host, pid, lvl, src, msg) { print jk(e, host, "kubenswrapper", pid, lvl, src, msg) }
BEGIN {
	RS0 = 61
	for (m = 0; m <= 2; m++) {
		host = "master-" m "." dom; pid = 2270 + m * 13; e = ep(t0) + 690 + m * 9
		print jsys(e, host, "Starting Kubernetes Kubelet...")
		kub(e, host, pid, "I", "server.go:486", "\"Kubelet version\" kubeletVersion=\"" kv "\"")
		kub(e, host, pid, "I", "server.go:929", "\"Client rotation is on, will bootstrap in background\"")
		kub(e, host, pid, "I", "bootstrap.go:85", "\"Current kubeconfig file contents are still valid, no bootstrap necessary\"")
		print jsys(e + 1, host, "Started Kubernetes Kubelet.")
		e += 1
		# the first seconds before the client certificate is issued: anonymous
		kub(e, host, pid, "E", "reflector.go:158", "\"Unhandled Error\" err=\"k8s.io/client-go/informers/factory.go:160: Failed to watch *v1.Node: failed to list *v1.Node: nodes \\\"" host "\\\" is forbidden: User \\\"system:anonymous\\\" cannot list resource \\\"nodes\\\" in API group \\\"\\\" at the cluster scope\" logger=\"UnhandledError\"")
		kub(e, host, pid, "E", "reflector.go:158", "\"Unhandled Error\" err=\"k8s.io/client-go/informers/factory.go:160: Failed to watch *v1.Service: failed to list *v1.Service: services is forbidden: User \\\"system:anonymous\\\" cannot list resource \\\"services\\\" in API group \\\"\\\" at the cluster scope\" logger=\"UnhandledError\"")
		kub(e, host, pid, "E", "kubelet_node_status.go:95", "\"Unable to register node with API server\" err=\"nodes is forbidden: User \\\"system:anonymous\\\" cannot create resource \\\"nodes\\\" in API group \\\"\\\" at the cluster scope\" node=\"" host "\"")
		kub(e + 1, host, pid, "I", "csr.go:261", "certificate signing request csr-" substr("k2x8qm4lvbw7r9tn", m * 3 + 1, 5) " is approved, waiting to be issued")
		kub(e + 1, host, pid, "I", "csr.go:257", "certificate signing request csr-" substr("k2x8qm4lvbw7r9tn", m * 3 + 1, 5) " is issued")
		kub(e + 2, host, pid, "I", "kubelet_node_status.go:75", "\"Attempting to register node\" node=\"" host "\"")
		kub(e + 2, host, pid, "I", "kubelet_node_status.go:78", "\"Successfully registered node\" node=\"" host "\"")
		for (j = 0; j < 8; j++) {
			e += 5
			kub(e, host, pid, "E", "kubelet.go:3002", "\"Container runtime network not ready\" networkReady=\"NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: No CNI configuration file in /etc/kubernetes/cni/net.d/. Has your network provider started?\"")
		}
		kub(e + 3, host, pid, "I", "kubelet_node_status.go:687", "\"Recording event message for node\" node=\"" host "\" event=\"NodeReady\"")
		e = ep(t0) + 4900
		for (j = 0; j < 4; j++) { kub(e, host, pid, "I", "kubelet_getters.go:218", "\"Pod status updated\" pod=\"openshift-etcd/etcd-" host "\" status=\"Running\""); e += 60 }
	}
}' > "$KL"
else
	awkt -v dom="$DOMAIN" '
function kub(e, host, pid, lvl, src, msg) { print jk(e, host, "kubenswrapper", pid, lvl, src, msg) }
BEGIN {
	RS0 = 62
	for (m = 0; m <= 2; m++) {
		host = "master-" m "." dom; pid = 2270 + m * 13; e = ep("2025-08-14T09:03:00Z") + m * 3
		for (j = 0; j < 6; j++) {
			kub(e, host, pid, "I", "kubelet_getters.go:218", "\"Pod status updated\" pod=\"openshift-etcd/etcd-" host "\" status=\"Running\"")
			kub(e, host, pid, "I", "kubelet_getters.go:218", "\"Pod status updated\" pod=\"openshift-kube-apiserver/kube-apiserver-" host "\" status=\"Running\"")
			e += 150
		}
		kub(e, host, pid, "I", "prober.go:107", "\"Probe failed\" probeType=\"Readiness\" pod=\"openshift-marketplace/redhat-operators-" substr("x7b2kq9m4f", m + 1, 5) "\" podUID=\"" substr("3f1e7c2a-9b4d-4c6e-8a1f-2d3c4b5a6e7f", 1, 36) "\" containerName=\"registry-server\" probeResult=\"failure\" output=<")
		print jp(e, host, "kubenswrapper", pid, "\ttimeout: failed to connect service \":50051\" within 1s")
		print jp(e, host, "kubenswrapper", pid, " >")
	}
}' > "$KL"
fi

# --------------------------------------------------------------- install-time events (noise)
if [ "$MODE" = noise ]; then
	NS=openshift-authentication-operator
	nsobj $NS "$(t 31)" 5090
	ev $NS Deployment authentication-operator apps/v1 OperatorStatusChanged Normal "$(t 2390)" "$(t 2390)" 1 oauth-apiserver-status-controller-statussyncer_authentication "" \
		"Status for clusteroperator/authentication changed: Available message changed from \"WellKnownAvailable: The well-known endpoint is not yet available: kube-apiserver oauth endpoint https://$SUB.22:6443/.well-known/oauth-authorization-server is not yet served and authentication operator keeps waiting (check kube-apiserver operator, and check that instances roll out successfully, which can take several minutes per instance)\" to \"WellKnownAvailable: The well-known endpoint is not yet available: need at least 3 kube-apiservers, got 2\""
	ev $NS Deployment authentication-operator apps/v1 OperatorStatusChanged Normal "$(t 2391)" "$(t 2391)" 1 oauth-apiserver-status-controller-statussyncer_authentication "" \
		"Status for clusteroperator/authentication changed: Degraded message changed from \"All is well\" to \"WellKnownReadyControllerDegraded: need at least 3 kube-apiservers, got 2\""
	ev $NS Deployment authentication-operator apps/v1 OperatorStatusChanged Normal "$(t 2861)" "$(t 2861)" 1 oauth-apiserver-status-controller-statussyncer_authentication "" \
		"Status for clusteroperator/authentication changed: Degraded changed from True to False (\"All is well\"),Available changed from False to True (\"All is well\")"
	evlist $NS 41020
	NS=openshift-etcd-operator
	nsobj $NS "$(t 31)" 5102 0
	ev $NS Deployment etcd-operator apps/v1 OperatorStatusChanged Normal "$(t 1190)" "$(t 1190)" 1 openshift-cluster-etcd-operator-status-controller-statussyncer_etcd "" \
		"Status for clusteroperator/etcd changed: Degraded message changed from \"NodeControllerDegraded: All master nodes are ready\" to \"GuardControllerDegraded: Missing operand on node master-2.$DOMAIN~~NodeControllerDegraded: All master nodes are ready\""
	ev $NS Deployment etcd-operator apps/v1 OperatorStatusChanged Normal "$(t 1410)" "$(t 1410)" 1 openshift-cluster-etcd-operator-status-controller-statussyncer_etcd "" \
		"Status for clusteroperator/etcd changed: Degraded message changed from \"GuardControllerDegraded: Missing operand on node master-2.$DOMAIN~~NodeControllerDegraded: All master nodes are ready\" to \"NodeControllerDegraded: All master nodes are ready\""
	evlist $NS 41021
	NS=openshift-multus
	nsobj $NS "$(t 33)" 5230 0
	for m in 0 1 2; do
		ev $NS Pod "network-metrics-daemon-$(sfx "nmd$m")" v1 NetworkNotReady Warning "$(t $((735 + m * 9)))" "$(t $((781 + m * 9)))" 8 kubelet "master-$m.$DOMAIN" \
			"network is not ready: container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: No CNI configuration file in /etc/kubernetes/cni/net.d/. Has your network provider started?"
	done
	evlist $NS 41022
fi

# --------------------------------------------------------------- monitoring
monitoring_rules "$(t 1990)" "$(t 2110)" "$(tc -4)"

echo "# root causes in order; symptoms indented under their cause" > "$SAMPLE/expected"
echo "# A fresh cluster has no Alertmanager receiver yet: benign." >> "$SAMPLE/expected"
echo "suppressed: generic.alert-warning" >> "$SAMPLE/expected"
mg_done
echo "generated $SAMPLE"
