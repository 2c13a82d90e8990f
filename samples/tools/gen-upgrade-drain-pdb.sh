#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# gen-upgrade-drain-pdb.sh -> samples/upgrade-drain-pdb
#   Bare-metal UPI cluster updated from 4.15.35 to 4.16.21.  The control
#   plane and the master pool finished (the CVO waits only for pools labelled
#   required-for-upgrade, so the ClusterVersion says "Cluster version is
#   4.16.21"), the worker pool did not: worker-0 updated, then the
#   machine-config-controller's drain of worker-1 meets a customer
#   PodDisruptionBudget (payments/ledger-api, minAvailable 2 = replicas) and
#   retries for 71 minutes; after one hour the MCD on worker-1 gives up
#   ("failed to drain node ... after 1 hour"), marks the node Degraded and
#   starts waiting again.  worker-2 waits its turn (maxUnavailable 1).
#   machine-config reports Upgradeable=False (DegradedPool), which the
#   ClusterVersion repeats.  The payments namespace is not in a default
#   must-gather; only the controller's log names the pod.
TOOLS=$(cd "$(dirname "$0")" && pwd); SAMPLES=$(dirname "$TOOLS")
. "$TOOLS/lib.sh"; . "$TOOLS/base.sh"

CLUSTER=finbm; DOMAIN=ocp4.fin.example; INFRAID=ocp4-k7m2d
OCPVER=4.16.21; OLDVER=4.15.35
KUBEVER=v1.29.10+67d3387; OLDKUBE=v1.28.15+ff493be
CRIOVER=cri-o://1.29.10-3.rhaos4.16.git7b3f1e4.el9; OLDCRIO=cri-o://1.28.12-3.rhaos4.15.git6e3a2f8.el9
KERNELVER=5.14.0-427.42.1.el9_4.x86_64; OLDKERNEL=5.14.0-284.92.1.el9_2.x86_64
RHCOSBUILD=416.94.202411051418-0; OLDBUILD=415.92.202410291419-0
CAEXPIRY=2034-03-10T09:31:07Z; EVRV=81760000; ETCDREV=70553018; ETCDTERM=41
MCCHASH=6a1f3e9b2c7d8e0f1a2b3c4d5e6f708192a3b4c5
OLDMCC=0c9e8d7b6a5f4e3d2c1b0a9f8e7d6c5b4a392817
T0=2024-03-12T09:14:40Z          # install (4.15.2)
TU=2024-11-19T13:05:12Z          # update to 4.16.21 requested
TD=2024-11-19T14:20:03Z          # drain of worker-1 starts
TC=2024-11-19T15:31:40Z          # collection
DIR=upgrade-drain-pdb; DIGITS=8327710964551183094
SUB=172.31.8; IPBASE=20
CO_SKIP=olm
RHCOSVER="Red Hat Enterprise Linux CoreOS $RHCOSBUILD (Plow)"
OLDRHCOS="Red Hat Enterprise Linux CoreOS $OLDBUILD (Plow)"
RMO=rendered-master-$(h32 "rmo-$CLUSTER"); RWO=rendered-worker-$(h32 "rwo-$CLUSTER")
RM=rendered-master-$(h32 "rm-$CLUSTER"); RW=rendered-worker-$(h32 "rw-$CLUSTER")
t() { awk -f "$TOOLS/tlib.awk" -v b="$T0" -v o="$1" -f /dev/stdin <<'EOF'
BEGIN { print rfc(ep(b) + o) "Z" }
EOF
}
tu() { awk -f "$TOOLS/tlib.awk" -v b="$TU" -v o="$1" -f /dev/stdin <<'EOF'
BEGIN { print rfc(ep(b) + o) "Z" }
EOF
}
tc() { awk -f "$TOOLS/tlib.awk" -v b="$TC" -v o="$1" -f /dev/stdin <<'EOF'
BEGIN { print rfc(ep(b) + o) "Z" }
EOF
}
ip_of() { case $1 in master-0*) echo $SUB.21 ;; master-1*) echo $SUB.22 ;; master-2*) echo $SUB.23 ;; worker-0*) echo $SUB.31 ;; worker-1*) echo $SUB.32 ;; *) echo $SUB.33 ;; esac; }
W1=worker-1.$DOMAIN
DRAINMSG="failed to drain node: $W1 after 1 hour. Please see machine-config-controller logs for more information"

mg_init $DIR $DIGITS "$CLUSTER-mg-$OCPVER"
UTC=$(awk -f "$TOOLS/tlib.awk" -v b="$TC" -f /dev/stdin <<'EOF'
BEGIN { e = ep(b); civ(e + 3600); printf "%04d-%02d-%02d %02d:%02d:%02d|", CY, CM, CD, Ch, Cm, Cs; civ(e + 3600 + 141); printf "%04d-%02d-%02d %02d:%02d:%02d|", CY, CM, CD, Ch, Cm, Cs
	civ(e + 2); printf "%04d-%02d-%02d %02d:%02d:%02d|", CY, CM, CD, Ch, Cm, Cs; civ(e + 136); printf "%04d-%02d-%02d %02d:%02d:%02d\n", CY, CM, CD, Ch, Cm, Cs }
EOF
)
IFS='|' read -r L1 L2 U1 U2 <<EOF
$UTC
EOF
mg_stamps "$L1.218404112 +0100 CET m=+0.049102284" "$L2.907312655 +0100 CET m=+141.738010827" <<EOF
$U1.377120958 +0000 UTC m=+0.070381529
$U1.999860214 +0000 UTC m=+0.693120785
$U2.641093377 +0000 UTC m=+134.334353948
EOF

# --------------------------------------------------------------- ClusterVersion
UPGMSG="Cluster operator machine-config should not be upgraded between minor versions: One or more machine config pools are degraded, please see \`oc get mcp\` for further details and resolve before upgrading"
{
	cat <<EOF
apiVersion: config.openshift.io/v1
kind: ClusterVersion
metadata:
  creationTimestamp: "$T0"
  generation: 9
  name: version
  resourceVersion: "$((EVRV + 20411))"
  uid: $(uid "cv-$CLUSTER")
spec:
  channel: stable-4.16
  clusterID: $(uid "clusterid-$CLUSTER")
  desiredUpdate:
    architecture: ""
    force: false
    image: ""
    version: $OCPVER
status:
  availableUpdates: null
  conditions:
EOF
	conds <<EOF
RetrievedUpdates|True|-|$(tu -86000)|-
ReleaseAccepted|True|PayloadLoaded|$(tu 9)|Payload loaded version="$OCPVER" image="quay.io/openshift-release-dev/ocp-release@sha256:$(h64 "release-$OCPVER")" architecture="amd64"
Available|True|-|$(t 2810)|Done applying $OCPVER
Failing|False|-|$(tu 2950)|-
Progressing|False|-|2024-11-19T14:44:10Z|Cluster version is $OCPVER
Upgradeable|False|DegradedPool|2024-11-19T15:20:06Z|$UPGMSG
ImplicitlyEnabledCapabilities|False|AsExpected|$(t 40)|Capabilities match configured spec
EOF
	cat <<EOF
  desired:
    channels:
    - candidate-4.16
    - candidate-4.17
    - eus-4.16
    - fast-4.16
    - fast-4.17
    - stable-4.16
    image: quay.io/openshift-release-dev/ocp-release@sha256:$(h64 "release-$OCPVER")
    url: https://access.redhat.com/errata/RHSA-2024:9615
    version: $OCPVER
  history:
  - acceptedRisks: |-
      Precondition "EtcdRecentBackup" failed because of "ControllerStarted": RecentBackup: The etcd backup controller is starting, and will decide if recent backups are available or if a backup is required
    completionTime: "2024-11-19T14:44:10Z"
    image: quay.io/openshift-release-dev/ocp-release@sha256:$(h64 "release-$OCPVER")
    startedTime: "$(tu 9)"
    state: Completed
    verified: true
    version: $OCPVER
  - completionTime: "2024-10-22T10:51:33Z"
    image: quay.io/openshift-release-dev/ocp-release@sha256:$(h64 "release-$OLDVER")
    startedTime: "2024-10-22T09:12:05Z"
    state: Completed
    verified: true
    version: $OLDVER
  - completionTime: "$(t 2810)"
    image: quay.io/openshift-release-dev/ocp-release@sha256:$(h64 "release-4.15.2")
    startedTime: "$(t 40)"
    state: Completed
    verified: false
    version: 4.15.2
  observedGeneration: 9
  versionHash: $(h32 "vh$CLUSTER" | cut -c1-11)=
EOF
} | w "$R/cluster-scoped-resources/config.openshift.io/clusterversions/version.yaml"

# --------------------------------------------------------------- ClusterOperators
all_cos "$(t 30)" 2024-11-19T14:43:55Z
co machine-config "$(t 30)" $((EVRV + 20377)) "openshift-machine-config-operator" "operator=$OCPVER" <<EOF
Progressing|False|-|2024-11-19T14:40:51Z|Cluster version is $OCPVER
Degraded|False|-|2024-11-19T14:40:51Z|-
Available|True|-|2024-11-19T14:40:51Z|Cluster has deployed [{operator $OCPVER} {operator-image quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:$(h64 "img-mco-$OCPVER")}]
Upgradeable|False|DegradedPool|2024-11-19T15:20:06Z|One or more machine config pools are degraded, please see \`oc get mcp\` for further details and resolve before upgrading
EvaluationConditionsDetected|False|AsExpected|$(tu 3000)|-
EOF
infra_none "$T0" 612

# --------------------------------------------------------------- nodes
i=0
for n in master-0 master-1 master-2 worker-0 worker-1 worker-2; do
	i=$((i + 1))
	N_NAME=$n.$DOMAIN; N_IP=$(ip_of $n); N_SUBNET=10.$((127 + i)).0.0/23
	N_STATE=Done; N_REASON=""; N_CCRV=$((EVRV + 15020)); N_RV=$((EVRV + 20100 + i * 3))
	N_READY=True; N_HB=$(tc $((-20 - i * 3)))
	case $n in
	master*) N_ROLE=master; N_CUR=$RM; N_DES=$RM; N_CREATED=$(t $((740 + i * 9))) ;;
	*) N_ROLE=worker; N_CUR=$RW; N_DES=$RW; N_CREATED=$(t $((1640 + i * 11))) ;;
	esac
	# reboot times on the new config (the node's Ready transition)
	case $n in
	master-0) N_RT=2024-11-19T14:11:52Z ;; master-1) N_RT=2024-11-19T14:23:37Z ;; master-2) N_RT=2024-11-19T14:38:09Z ;;
	worker-0) N_RT=2024-11-19T14:18:44Z ;; *) N_RT=2024-10-22T10:31:15Z ;;
	esac
	K=$KUBEVER; C=$CRIOVER; KV=$KERNELVER; RV=$RHCOSVER
	case $n in
	worker-1)
		N_CUR=$RWO; N_STATE=Degraded; N_REASON=$DRAINMSG; N_UNSCHED=1
		N_DDRAIN=drain-$RW; N_LDRAIN=uncordon-$RWO
		N_TAINTS="  - effect: NoSchedule
    key: node.kubernetes.io/unschedulable
    timeAdded: \"$TD\""
		;;
	worker-2) N_CUR=$RWO; N_DES=$RWO ;;
	esac
	case $n in worker-1|worker-2) KUBEVER=$OLDKUBE; CRIOVER=$OLDCRIO; KERNELVER=$OLDKERNEL; RHCOSVER=$OLDRHCOS ;; esac
	node
	KUBEVER=$K; CRIOVER=$C; KERNELVER=$KV; RHCOSVER=$RV
done

# --------------------------------------------------------------- MCs / pools
source_mcs "$(tu 2400)" $MCCHASH
OCPVER=$OLDVER
mc $RMO master "2024-10-22T09:58:02Z" 70211530 $OLDMCC
mc $RWO worker "2024-10-22T09:58:02Z" 70211532 $OLDMCC
OCPVER=4.16.21
mc $RM master "$(tu 2402)" $((EVRV + 17001)) $MCCHASH
mc $RW worker "$(tu 2402)" $((EVRV + 17003)) $MCCHASH
mcp master "$(t 599)" $((EVRV + 20350)) $RM $RM 3 3 3 0 2024-11-19T14:40:46Z False "" "" True False "$(t 641)"
mcp worker "$(t 599)" $((EVRV + 20361)) $RW $RWO 3 1 1 1 2024-11-19T15:20:05Z True "1 nodes are reporting degraded status on sync" \
	"Node $W1 is reporting: \"$DRAINMSG\"" False True "$(t 641)"
# one node is unavailable (worker-1, cordoned); worker-2 waits on the old config
sed -i 's/^  unavailableMachineCount: 2$/  unavailableMachineCount: 1/' "$R/cluster-scoped-resources/machineconfiguration.openshift.io/machineconfigpools/worker.yaml"
# Updating started with worker-0 at 14:06
sed -i '/type: RenderDegraded$/,/type: Updating$/s/^  - lastTransitionTime: "2024-11-19T15:20:05Z"$/  - lastTransitionTime: "2024-11-19T14:06:11Z"/' "$R/cluster-scoped-resources/machineconfiguration.openshift.io/machineconfigpools/worker.yaml"

etcd_info 4102998877361050111 "master-0.$DOMAIN|$(ip_of master-0)|4102998877361050111" \
	"master-1.$DOMAIN|$(ip_of master-1)|1309871122463390715" "master-2.$DOMAIN|$(ip_of master-2)|6650914870023819446"

# --------------------------------------------------------------- machine-config-operator namespace
NS=openshift-machine-config-operator
nsobj $NS "$(t 30)" 6020 1
RS=$(sfx "mcc-rs-$CLUSTER-$OCPVER" 10); MCCP=machine-config-controller-$RS-$(sfx "mcc-$CLUSTER")
P_NS=$NS; P_NAME=$MCCP; P_GEN=machine-config-controller-$RS-
P_OKIND=ReplicaSet; P_ONAME=machine-config-controller-$RS; P_NODE=master-1.$DOMAIN; P_IP=$(ip_of master-1)
P_PODIP=10.129.0.61; P_CREATED=2024-11-19T14:02:31Z; P_RV=$((EVRV + 16012)); P_SA=machine-config-controller; P_SCC=restricted-v2
P_PRIO=system-cluster-critical
P_LABELS="    k8s-app: machine-config-controller
    pod-template-hash: $RS"
P_CTRS="kube-rbac-proxy|kube-rbac-proxy|run:2024-11-19T14:02:39Z|0
machine-config-controller|machine-config-operator|run:2024-11-19T14:02:38Z|0"
pod
clog $NS $MCCP kube-rbac-proxy > /dev/null
L=$(clog $NS $MCCP machine-config-controller)
awkt -v td="$TD" -v t1="$TC" -v w1="$W1" -v dom="$DOMAIN" -v rw="$RW" -v rm="$RM" -v h="$MCCHASH" -v ver="$OCPVER" -v build="$RHCOSBUILD" '
function nl(e, lvl, msg) { print pod(e, lvl, 1, "drain_controller.go:181", "node " msg) }
function wr(e, lvl, msg) { print pod(e, lvl, 1, "drain_controller.go:151", msg) }
function ds(n,   s) { s = "WARNING: ignoring DaemonSet-managed Pods: openshift-cluster-node-tuning-operator/tuned-" n "kq, openshift-dns/dns-default-" n "x7, openshift-dns/node-resolver-" n "p4, openshift-image-registry/node-ca-" n "z2, openshift-ingress-canary/ingress-canary-" n "w9, openshift-machine-config-operator/machine-config-daemon-" n "b8, openshift-monitoring/node-exporter-" n "r5, openshift-multus/multus-additional-cni-plugins-" n "t6, openshift-multus/multus-" n "c3, openshift-multus/network-metrics-daemon-" n "h2, openshift-network-diagnostics/network-check-target-" n "m7, openshift-network-operator/iptables-alerter-" n "f4, openshift-ovn-kubernetes/ovnkube-node-" n "d6"; return s }
function drain(e, node, pods, final,   k, n, P) {
	nl(e, "I", node ": initiating drain")
	wr(e, "E", ds(substr(node, 8, 1) "b7"))
	n = split(pods, P, " ")
	for (k = 1; k <= n; k++) wr(e, "I", "evicting pod " P[k])
	return e
}
BEGIN {
	RS0 = 404; e = ep("2024-11-19T14:02:40Z")
	print pod(e, "I", 1, "start.go:61", "Version: " ver " (Raw: machine-config-daemon-" ver "-" substr(build, 8, 12) ".p0.g" substr(h, 1, 7) ".assembly.stream.el9, Hash: " h ")")
	print pod(e, "I", 1, "leaderelection.go:250", "attempting to acquire leader lease openshift-machine-config-operator/machine-config-controller...")
	e += 41; print pod(e, "I", 1, "leaderelection.go:260", "successfully acquired lease openshift-machine-config-operator/machine-config-controller")
	print pod(e, "I", 1, "drain_controller.go:167", "Starting MachineConfigController-DrainController")
	e = ep("2024-11-19T14:05:58Z")
	print pod(e, "I", 1, "render_controller.go:580", "Generated machineconfig " rm " from 7 configs: [{MachineConfig  00-master  machineconfiguration.openshift.io/v1  } {MachineConfig  01-master-container-runtime  machineconfiguration.openshift.io/v1  } {MachineConfig  01-master-kubelet  machineconfiguration.openshift.io/v1  } {MachineConfig  97-master-generated-kubelet  machineconfiguration.openshift.io/v1  } {MachineConfig  98-master-generated-kubelet  machineconfiguration.openshift.io/v1  } {MachineConfig  99-master-generated-registries  machineconfiguration.openshift.io/v1  } {MachineConfig  99-master-ssh  machineconfiguration.openshift.io/v1  }]")
	print pod(e, "I", 1, "render_controller.go:580", "Generated machineconfig " rw " from 7 configs: [{MachineConfig  00-worker  machineconfiguration.openshift.io/v1  } {MachineConfig  01-worker-container-runtime  machineconfiguration.openshift.io/v1  } {MachineConfig  01-worker-kubelet  machineconfiguration.openshift.io/v1  } {MachineConfig  97-worker-generated-kubelet  machineconfiguration.openshift.io/v1  } {MachineConfig  98-worker-generated-kubelet  machineconfiguration.openshift.io/v1  } {MachineConfig  99-worker-generated-registries  machineconfiguration.openshift.io/v1  } {MachineConfig  99-worker-ssh  machineconfiguration.openshift.io/v1  }]")
	e += 13
	print pod(e, "I", 1, "node_controller.go:1210", "Pool master[zone=]: node master-0." dom ": changed annotation machineconfiguration.openshift.io/desiredConfig = " rm)
	print pod(e, "I", 1, "node_controller.go:1210", "Pool worker[zone=]: node worker-0." dom ": changed annotation machineconfiguration.openshift.io/desiredConfig = " rw)
	# worker-0: a clean drain
	e = ep("2024-11-19T14:06:31Z"); node = "worker-0." dom
	nl(e, "I", node ": cordoning"); nl(e, "I", node ": initiating cordon (currently schedulable: true)")
	e += 1; nl(e, "I", node ": cordon succeeded (currently schedulable: false)")
	drain(e, node, "openshift-monitoring/prometheus-k8s-0 openshift-monitoring/alertmanager-main-1 openshift-ingress/router-default-6d9b8c7f5-8wq4z openshift-image-registry/image-registry-5f8c9d7b6-2kxv7 payments/ledger-worker-6c8f7d9b5-qz4tn")
	e += 3; nl(e, "I", node ": Evicted pod payments/ledger-worker-6c8f7d9b5-qz4tn")
	e += 9; nl(e, "I", node ": Evicted pod openshift-image-registry/image-registry-5f8c9d7b6-2kxv7")
	e += 6; nl(e, "I", node ": Evicted pod openshift-monitoring/alertmanager-main-1")
	e += 14; nl(e, "I", node ": Evicted pod openshift-ingress/router-default-6d9b8c7f5-8wq4z")
	e += 21; nl(e, "I", node ": Evicted pod openshift-monitoring/prometheus-k8s-0")
	nl(e, "I", node ": operation successful; applying completion annotation")
	e = ep("2024-11-19T14:18:51Z"); nl(e, "I", node ": uncordoning"); nl(e, "I", node ": initiating uncordon (currently schedulable: false)")
	e += 1; nl(e, "I", node ": uncordon succeeded (currently schedulable: true)"); nl(e, "I", node ": operation successful; applying completion annotation")
	e += 19; print pod(e, "I", 1, "node_controller.go:1210", "Pool worker[zone=]: node worker-1." dom ": changed annotation machineconfiguration.openshift.io/desiredConfig = " rw)
	# worker-1: ledger-api is protected by a PDB that allows no disruption
	e = ep(td); node = w1; start = e; first = 1; pdbpod = "ledger-api-7f9c6d5b8-k2x4q"
	while (e < ep(t1) - 95) {
		if (first) {
			nl(e, "I", node ": cordoning"); nl(e, "I", node ": initiating cordon (currently schedulable: true)")
			e += 1; nl(e, "I", node ": cordon succeeded (currently schedulable: false)")
			drain(e, node, "openshift-monitoring/prometheus-k8s-1 openshift-monitoring/thanos-querier-7b9c5d6f8-xw2kp openshift-ingress/router-default-6d9b8c7f5-m4lxt payments/ledger-api-7f9c6d5b8-k2x4q")
		} else {
			d = (e - start) / 3600
			print pod(e, "I", 1, "drain_controller.go:378", "Previous node drain found. Drain has been going on for " sprintf("%.17g", d) " hours")
			if (e - start > 3600) print pod(e, "E", 1, "drain_controller.go:380", "node " node ": drain exceeded timeout: 1h0m0s. Will continue to retry.")
			drain(e, node, "payments/" pdbpod)
		}
		for (k = 0; k < 18; k++) {
			u = e + 1 + k * 5
			if (first && k == 1) nl(u, "I", node ": Evicted pod openshift-monitoring/thanos-querier-7b9c5d6f8-xw2kp")
			if (first && k == 3) nl(u, "I", node ": Evicted pod openshift-ingress/router-default-6d9b8c7f5-m4lxt")
			if (first && k == 6) nl(u, "I", node ": Evicted pod openshift-monitoring/prometheus-k8s-1")
			wr(u, "E", "error when evicting pods/\"" pdbpod "\" -n \"payments\" (will retry after 5s): Cannot evict pod as it would violate the pod'"'"'s disruption budget.")
		}
		e += 90
		if (e - start > 600) {
			nl(e, "I", node ": Drain failed. Drain has been failing for more than 10 minutes. Waiting 5 minutes then retrying. Error message from drain: error when evicting pods/\"" pdbpod "\" -n \"payments\": global timeout reached: 1m30s")
			e += 300
		} else {
			nl(e, "I", node ": Drain failed. Waiting 1 minute then retrying. Error message from drain: error when evicting pods/\"" pdbpod "\" -n \"payments\": global timeout reached: 1m30s")
			e += 60
		}
		first = 0
		if (e > ep("2024-11-19T15:20:05Z") && !said) {
			said = 1
			print pod(ep("2024-11-19T15:20:05Z"), "I", 1, "status.go:283", "Degraded Machine: " w1 " and Degraded Reason: failed to drain node: " w1 " after 1 hour. Please see machine-config-controller logs for more information")
		}
	}
}' > "$L/current.log"

# the machine-config-daemon of worker-1: the update waits on the drain
i=0
for n in master-0 master-1 master-2 worker-0 worker-1 worker-2; do
	i=$((i + 1)); s=$(sfx "mcd-$n-$CLUSTER-$OCPVER")
	mcd_pod $n.$DOMAIN $(ip_of $n) "$s" "$(tu $((3500 + i * 41)))" $((EVRV + 16100 + i))
	[ $n = worker-1 ] || continue
	L=$(clog $NS machine-config-daemon-$s machine-config-daemon)
	pid=$((9200 + i * 7))
	{
		mcd_head $n.$DOMAIN $pid "$(tu $((3500 + i * 41)))" worker
		awkt -v pid=$pid -v t0="$(tu $((3500 + i * 41 + 6)))" -v old="$RWO" -v new="$RW" -v td="$TD" -v t1="$TC" -v w1="$W1" '
		BEGIN {
			RS0 = pid; e = ep(t0)
			print pod(e, "I", pid, "daemon.go:1709", "Current config: " old)
			print pod(e, "I", pid, "daemon.go:1710", "Desired config: " old)
			print pod(e, "I", pid, "daemon.go:1718", "state: Done")
			print pod(e, "I", pid, "daemon.go:2371", "In desired config " old)
			print pod(e, "I", pid, "config_drift_monitor.go:246", "Config Drift Monitor started")
			e = ep(td) - 9
			print pod(e, "I", pid, "daemon.go:745", "Transitioned from state: Done -> Working")
			print pod(e, "I", pid, "update.go:2627", "\"Starting update from " old " to " new ": &{osUpdate:true kargs:false fips:false passwd:false files:true units:true kernelType:false extensions:false}\"")
			e += 3
			e += 6
			print pod(e, "I", pid, "update.go:2627", "\"Update prepared; requesting cordon and drain via annotation to controller\"")
			e = ep("2024-11-19T15:20:03Z")
			print pod(e, "E", pid, "writer.go:231", "Marking Degraded due to: \"failed to drain node: " w1 " after 1 hour. Please see machine-config-controller logs for more information\"")
			print pod(e, "I", pid, "daemon.go:745", "Transitioned from state: Working -> Degraded")
			print pod(e, "I", pid, "daemon.go:748", "Transitioned from degraded/unreconcilable reason  -> failed to drain node: " w1 " after 1 hour. Please see machine-config-controller logs for more information")
			e += 1
			print pod(e, "I", pid, "update.go:2627", "\"Starting update from " old " to " new ": &{osUpdate:true kargs:false fips:false passwd:false files:true units:true kernelType:false extensions:false}\"")
			e += 1
			print pod(e, "I", pid, "update.go:2627", "\"Update prepared; requesting cordon and drain via annotation to controller\"")
		}'
	} > "$L/current.log"
done
podlist $NS $((EVRV + 20400))
ev $NS MachineConfigPool worker machineconfiguration.openshift.io/v1 SetDesiredConfig Normal 2024-11-19T14:06:11Z 2024-11-19T14:19:10Z 2 machineconfigcontroller-nodecontroller "" \
	"Targeted node worker-1.$DOMAIN to MachineConfig: $RW"
ev $NS MachineConfigPool master machineconfiguration.openshift.io/v1 Completed Normal 2024-11-19T14:40:46Z 2024-11-19T14:40:46Z 1 machineconfigcontroller-nodecontroller "" \
	"Pool master has completed update to MachineConfig $RM"
evlist $NS $((EVRV + 20400))

# --------------------------------------------------------------- kubelet journal (masters, quiet)
KL=$R/host_service_logs/masters/kubelet_service.log
mkdir -p "$(dirname "$KL")"
awkt -v dom="$DOMAIN" -v tc="$TC" '
function kub(e, host, pid, lvl, src, msg) { print jk(e, host, "kubenswrapper", pid, lvl, src, msg) }
BEGIN {
	RS0 = 63
	for (m = 0; m <= 2; m++) {
		host = "master-" m "." dom; pid = 2301 + m * 13; e = ep(tc) - 1500 + m * 4
		for (j = 0; j < 5; j++) {
			kub(e, host, pid, "I", "kubelet_getters.go:187", "\"Pod status updated\" pod=\"openshift-etcd/etcd-" host "\" status=\"Running\"")
			kub(e, host, pid, "I", "kubelet_getters.go:187", "\"Pod status updated\" pod=\"openshift-kube-apiserver/kube-apiserver-" host "\" status=\"Running\"")
			e += 290
		}
	}
}' > "$KL"

{
	echo "# root causes in order; symptoms indented under their cause"
	echo "mco.drain-blocked-by-pdb"
	echo "  mco.pool-degraded"
	echo "  cvo.upgradeable-false"
} > "$SAMPLE/expected"
mg_done
echo "generated $SAMPLE"
