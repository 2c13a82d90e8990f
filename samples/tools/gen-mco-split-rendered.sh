#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# gen-mco-split-rendered.sh - seed 001: agent-based 4.18.30 install; a new
# rendered master config appeared while the masters were converging.  control1
# finished on the new config, control2 still names the old one, which no longer
# exists.  The rendezvous host (control0) rebooted and joined on the new config.
TOOLS=$(cd "$(dirname "$0")" && pwd); SAMPLES=$(dirname "$TOOLS")
. "$TOOLS/lib.sh"; . "$TOOLS/base.sh"

CLUSTER=gw130; DOMAIN=gw.lo; INFRAID=gw-q2n8s
OCPVER=4.18.30; KUBEVER=v1.31.13
CRIOVER=cri-o://1.31.12-2.rhaos4.18.git7e2a0b1.el9
KERNELVER=5.14.0-427.100.1.el9_4.x86_64
RHCOSBUILD=418.94.202511250932-0
RHCOSVER="Red Hat Enterprise Linux CoreOS $RHCOSBUILD (Plow)"
CAEXPIRY=2036-01-06T08:58:14Z; EVRV=48000; ETCDREV=39120; ETCDTERM=5
MCCHASH=4f1c2e8a7b3d9065e1f2a3b4c5d6e7f8091a2b3c
OLD=rendered-master-0f3c9a7d2b4e6815c9d0a1b2e3f4a5b6
NEW=rendered-master-7b2e91c4d8a05f63e1c7b9d2a4f6e803
WRK=rendered-worker-c41d7e09a2b35f68d9e0a1b2c3d4e5f6
REASON="missing MachineConfig $OLD
machineconfig.machineconfiguration.openshift.io \"$OLD\" not found"

mg_init mco-split-rendered 6914025873364011529 gw130-mg-4.18.30
mg_stamps "2026-01-08 11:12:31.655012873 +0100 CET m=+0.046113902" \
	"2026-01-08 11:14:40.120388415 +0100 CET m=+128.511489444" <<EOF
2026-01-08 10:12:34.401128903 +0000 UTC m=+0.069214551
2026-01-08 10:12:36.877145028 +0000 UTC m=+2.545230676
2026-01-08 10:12:37.236020114 +0000 UTC m=+0.298812217
2026-01-08 10:14:37.011947720 +0000 UTC m=+120.074739823
EOF

{
	cat <<EOF
apiVersion: config.openshift.io/v1
kind: ClusterVersion
metadata:
  creationTimestamp: "2026-01-08T08:58:40Z"
  generation: 2
  name: version
  resourceVersion: "58813"
  uid: $(uid "cv-$CLUSTER")
spec:
  channel: stable-4.18
  clusterID: $(uid "clusterid-$CLUSTER")
status:
  availableUpdates: null
  conditions:
EOF
	conds <<EOF
RetrievedUpdates|False|NoChannel|2026-01-08T08:59:02Z|The update channel has not been configured.
ReleaseAccepted|True|PayloadLoaded|2026-01-08T08:59:02Z|Payload loaded version="4.18.30" image="registry.gw.lo/openshift/release@sha256:$(h64 release-4.18.30)" architecture="amd64"
Available|False|-|2026-01-08T08:59:02Z|-
Failing|True|ClusterOperatorDegraded|2026-01-08T09:58:44Z|Cluster operator machine-config is degraded
Progressing|True|ClusterOperatorDegraded|2026-01-08T08:59:02Z|Unable to apply 4.18.30: wait has exceeded 40 minutes for these operators: machine-config
EOF
	cat <<EOF
  desired:
    image: registry.gw.lo/openshift/release@sha256:$(h64 release-4.18.30)
    version: 4.18.30
  history:
  - completionTime: null
    image: registry.gw.lo/openshift/release@sha256:$(h64 release-4.18.30)
    startedTime: "2026-01-08T08:59:02Z"
    state: Partial
    verified: false
    version: 4.18.30
  observedGeneration: 2
  versionHash: Qw3xR7b1mFk=
EOF
} | w "$R/cluster-scoped-resources/config.openshift.io/clusterversions/version.yaml"

all_cos 2026-01-08T08:59:10Z 2026-01-08T09:41:52Z
co machine-config 2026-01-08T08:59:10Z 58511 "openshift-machine-config-operator openshift-cloud-platform-infra" "operator=$OCPVER operator-image=$(img machine-config-operator-$OCPVER)" <<EOF
Progressing|True|-|2026-01-08T09:10:31Z|Working towards $OCPVER
Degraded|True|RequiredPoolsFailed|2026-01-08T09:58:44Z|Unable to apply $OCPVER: error during syncRequiredMachineConfigPools: [context deadline exceeded, error MachineConfigPool master is not ready, retrying. Status: (pool degraded: true total: 3, ready 2, updated: 2, unavailable: 1)]
Available|True|AsExpected|2026-01-08T09:11:05Z|Cluster has deployed [{operator $OCPVER} {operator-image $(img machine-config-operator-$OCPVER)}]
Upgradeable|False|DegradedPool|2026-01-08T09:20:49Z|One or more machine config pools are degraded, please see \`oc get mcp\` for further details and resolve before upgrading
EvaluationConditionsDetected|False|AsExpected|2026-01-08T09:10:31Z|-
EOF
infra_none 2026-01-08T08:58:31Z 588

# --------------------------------------------------------------- nodes
N_ROLE=master; N_CCRV=10244; N_READY=True; N_HB=2026-01-08T10:11:58Z
for n in "control0.gw.lo|192.168.1.201|2026-01-08T09:24:51Z|57902|10.130.0.0/23|2026-01-08T09:25:40Z" \
	"control1.gw.lo|192.168.1.202|2026-01-08T09:12:58Z|57955|10.128.0.0/23|2026-01-08T09:17:58Z"; do
	IFS='|' read -r N_NAME N_IP N_CREATED N_RV N_SUBNET N_RT <<EOF
$n
EOF
	N_CUR=$NEW; N_DES=$NEW; N_STATE=Done; N_REASON=""
	node
done
N_NAME=control2.gw.lo; N_IP=192.168.1.203; N_CREATED=2026-01-08T09:13:06Z; N_RV=57990; N_SUBNET=10.129.0.0/23
N_CUR=$OLD; N_DES=$OLD; N_STATE=Degraded; N_REASON=$REASON; N_RT=2026-01-08T09:13:39Z
node
N_ROLE=worker; N_HB=2026-01-08T10:11:40Z
for n in "worker0.gw.lo|192.168.1.211|2026-01-08T09:33:02Z|57610|10.131.0.0/23" \
	"worker1.gw.lo|192.168.1.212|2026-01-08T09:33:15Z|57623|10.128.2.0/23" \
	"worker2.gw.lo|192.168.1.213|2026-01-08T09:33:30Z|57688|10.129.2.0/23"; do
	IFS='|' read -r N_NAME N_IP N_CREATED N_RV N_SUBNET <<EOF
$n
EOF
	N_CUR=$WRK; N_DES=$WRK; N_STATE=Done; N_REASON=""; N_RT=2026-01-08T09:34:20Z
	node
done

# --------------------------------------------------------------- MachineConfigs / pools
source_mcs 2026-01-08T09:10:02Z $MCCHASH
# 98-master-generated-kubelet arrived after the first render and triggered $NEW
mc 98-master-generated-kubelet master 2026-01-08T09:15:01Z 9380 $MCCHASH
mc $NEW master 2026-01-08T09:15:02Z 9382 $MCCHASH
mc $WRK worker 2026-01-08T09:10:40Z 8431 $MCCHASH
mcp master 2026-01-08T09:10:01Z 58302 $NEW $OLD 3 2 2 1 2026-01-08T09:20:49Z True \
	"1 nodes are reporting degraded status on sync" \
	"Node control2.gw.lo is reporting: \"missing MachineConfig $OLD\\nmachineconfig.machineconfiguration.openshift.io \\\"$OLD\\\" not found\"" \
	False True 2026-01-08T09:10:41Z
mcp worker 2026-01-08T09:10:01Z 57730 $WRK $WRK 3 3 3 0 2026-01-08T09:34:41Z False "" "" True False 2026-01-08T09:10:41Z

# --------------------------------------------------------------- CSRs (younger than 1 h survive)
G_BOOT="system:serviceaccounts system:serviceaccounts:openshift-machine-config-operator system:authenticated"
U_BOOT=system:serviceaccount:openshift-machine-config-operator:node-bootstrapper
csr csr-4hq8w 2026-01-08T09:24:38Z 51102 kubernetes.io/kube-apiserver-client-kubelet "$U_BOOT" "$G_BOOT" \
	"digital signature,client auth" system:node:control0.gw.lo system:nodes 2026-01-08T09:24:39Z
csr csr-n7v2c 2026-01-08T09:24:53Z 51140 kubernetes.io/kubelet-serving system:node:control0.gw.lo "system:nodes system:authenticated" \
	"digital signature,server auth" system:node:control0.gw.lo system:nodes 2026-01-08T09:24:54Z
for w in "worker0.gw.lo|2026-01-08T09:32:51Z|2026-01-08T09:32:52Z|52011" "worker1.gw.lo|2026-01-08T09:33:04Z|2026-01-08T09:33:05Z|52046" \
	"worker2.gw.lo|2026-01-08T09:33:19Z|2026-01-08T09:33:20Z|52090"; do
	IFS='|' read -r nn t ta rv <<EOF
$w
EOF
	csr "csr-$(sfx "c$nn")" "$t" "$rv" kubernetes.io/kube-apiserver-client-kubelet "$U_BOOT" "$G_BOOT" \
		"digital signature,client auth" "system:node:$nn" system:nodes "$ta"
done

# --------------------------------------------------------------- machine-config namespace
NS=openshift-machine-config-operator
nsobj $NS 2026-01-08T08:59:30Z 5933 1
mcd_pod control0.gw.lo 192.168.1.201 f6kzt 2026-01-08T09:25:02Z 57910
mcd_pod control1.gw.lo 192.168.1.202 2wlq9 2026-01-08T09:20:12Z 57011
mcd_pod control2.gw.lo 192.168.1.203 hx84m 2026-01-08T09:20:25Z 57020
mcd_pod worker0.gw.lo 192.168.1.211 mz7pd 2026-01-08T09:33:04Z 57600
mcd_pod worker1.gw.lo 192.168.1.212 rj4bs 2026-01-08T09:33:17Z 57611
mcd_pod worker2.gw.lo 192.168.1.213 5cnxw 2026-01-08T09:33:32Z 57676
mcs_pod control0.gw.lo 192.168.1.201 tq9d2 2026-01-08T09:25:03Z 57913
mcs_pod control1.gw.lo 192.168.1.202 b6f5k 2026-01-08T09:11:20Z 8930
mcs_pod control2.gw.lo 192.168.1.203 gl8rv 2026-01-08T09:11:21Z 8941
P_NS=$NS; P_NAME=machine-config-controller-79d5b6c8f4-wc2xn; P_GEN=machine-config-controller-79d5b6c8f4-
P_OKIND=ReplicaSet; P_ONAME=machine-config-controller-79d5b6c8f4; P_NODE=control1.gw.lo; P_IP=192.168.1.202
P_PODIP=10.128.0.33; P_CREATED=2026-01-08T09:10:22Z; P_RV=8877; P_SA=machine-config-controller; P_SCC=restricted-v2
P_LABELS="    k8s-app: machine-config-controller
    pod-template-hash: 79d5b6c8f4"
P_CTRS="machine-config-controller|machine-config-operator|run:2026-01-08T09:10:30Z|0"
pod
podlist $NS 58820

# control1: the daemon of this pod lifetime found the node already on $NEW
L=$(clog $NS machine-config-daemon-2wlq9 machine-config-daemon)
{ mcd_head control1.gw.lo 4512 2026-01-08T09:20:15Z master; mcd_steady 4512 2026-01-08T09:20:19Z $NEW; } > "$L/current.log"
# control2: same restart, but its current config was deleted in between
L=$(clog $NS machine-config-daemon-hx84m machine-config-daemon)
{ mcd_head control2.gw.lo 4598 2026-01-08T09:20:28Z master
  mcd_missing 4598 2026-01-08T09:20:32Z 2026-01-08T10:12:20Z $OLD 0 30 75; } > "$L/current.log"
L=$(clog $NS machine-config-daemon-f6kzt machine-config-daemon)
{ mcd_head control0.gw.lo 3102 2026-01-08T09:25:05Z master; mcd_first_boot control0.gw.lo 3102 2026-01-08T09:25:08Z $NEW
  mcd_bootstrap_done 3102 2026-01-08T09:25:08Z $NEW; } > "$L/current.log"
for w in "mz7pd|worker0.gw.lo|2877|2026-01-08T09:33:07Z" "rj4bs|worker1.gw.lo|2901|2026-01-08T09:33:20Z" "5cnxw|worker2.gw.lo|2864|2026-01-08T09:33:35Z"; do
	IFS='|' read -r s nn pid t <<EOF
$w
EOF
	L=$(clog $NS machine-config-daemon-$s machine-config-daemon)
	{ mcd_head "$nn" "$pid" "$t" worker; mcd_first_boot "$nn" "$pid" "$t" $WRK; mcd_bootstrap_done "$pid" "$t" $WRK; } > "$L/current.log"
done
L=$(clog $NS machine-config-server-b6f5k machine-config-server)
{ mcs_head 2026-01-08T09:11:31Z; mcs_req "2026-01-08T09:24:12Z@192.168.1.201:49802@master 2026-01-08T09:31:55Z@192.168.1.211:41230@worker 2026-01-08T09:32:14Z@192.168.1.213:52917@worker"; } > "$L/current.log"
L=$(clog $NS machine-config-server-gl8rv machine-config-server)
{ mcs_head 2026-01-08T09:11:33Z; mcs_req "2026-01-08T09:32:02Z@192.168.1.212:38811@worker"; } > "$L/current.log"
L=$(clog $NS machine-config-server-tq9d2 machine-config-server)
mcs_head 2026-01-08T09:25:10Z > "$L/current.log"
L=$(clog $NS machine-config-controller-79d5b6c8f4-wc2xn machine-config-controller)
awkt -v old="$OLD" -v new="$NEW" -v wrk="$WRK" -v h="$MCCHASH" -v ver="$OCPVER" '
function np(e, n, k, v) { print pod(e, "I", 1, "node_controller.go:584", "Pool master: node " n ": changed annotation machineconfiguration.openshift.io/" k " = " v) }
BEGIN {
	RS0 = 5; e = ep("2026-01-08T09:10:30Z")
	print pod(e, "I", 1, "start.go:66", "Version: machine-config-daemon-" ver "-202511250932.p0.g" substr(h,1,7) ".assembly.stream.el9 (" h ")")
	print pod(e, "I", 1, "leaderelection.go:254", "attempting to acquire leader lease openshift-machine-config-operator/machine-config-controller...")
	e += 4; print pod(e, "I", 1, "leaderelection.go:268", "successfully acquired lease openshift-machine-config-operator/machine-config-controller")
	print pod(e, "I", 1, "render_controller.go:135", "Starting MachineConfigController-RenderController")
	print pod(e, "I", 1, "node_controller.go:264", "Starting MachineConfigController-NodeController")
	e += 2; print pod(e, "I", 1, "render_controller.go:568", "Pool master: now targeting: " old)
	print pod(e, "I", 1, "render_controller.go:568", "Pool worker: now targeting: " wrk)
	e = ep("2026-01-08T09:13:40Z")
	np(e, "control1.gw.lo", "state", "Done"); np(e + 8, "control2.gw.lo", "state", "Done")
	e = ep("2026-01-08T09:15:02Z")
	print pod(e, "I", 1, "render_controller.go:568", "Pool master: now targeting: " new)
	e += 1; print pod(e, "I", 1, "node_controller.go:1264", "Pool master: 1 candidate nodes in 1 zones for update, capacity: 1")
	print pod(e, "I", 1, "node_controller.go:1264", "Pool master: Setting node control1.gw.lo target to MachineConfig " new)
	np(e, "control1.gw.lo", "desiredConfig", new)
	e += 1; np(e, "control1.gw.lo", "state", "Working")
	print pod(e + 3, "I", 1, "drain_controller.go:174", "node control1.gw.lo: cordoning")
	print pod(e + 5, "I", 1, "drain_controller.go:174", "node control1.gw.lo: initiating drain")
	print pod(e + 31, "I", 1, "drain_controller.go:174", "node control1.gw.lo: drain complete")
	e = ep("2026-01-08T09:18:12Z")
	np(e, "control1.gw.lo", "currentConfig", new); np(e, "control1.gw.lo", "state", "Done")
	print pod(e + 4, "I", 1, "drain_controller.go:174", "node control1.gw.lo: uncordoning")
	e = ep("2026-01-08T09:20:37Z")
	np(e, "control2.gw.lo", "state", "Degraded")
	print pod(e, "I", 1, "status.go:249", "Degraded Machine: control2.gw.lo and Degraded Reason: missing MachineConfig " old)
	print praw(e, "machineconfig.machineconfiguration.openshift.io \"" old "\" not found")
	e = ep("2026-01-08T09:25:41Z")
	np(e, "control0.gw.lo", "currentConfig", new); np(e, "control0.gw.lo", "desiredConfig", new); np(e, "control0.gw.lo", "state", "Done")
	e = ep("2026-01-08T09:30:00Z")
	while (e < ep("2026-01-08T10:12:00Z")) {
		print pod(e, "I", 1, "status.go:249", "Degraded Machine: control2.gw.lo and Degraded Reason: missing MachineConfig " old)
		print praw(e, "machineconfig.machineconfiguration.openshift.io \"" old "\" not found")
		print pod(e, "I", 1, "node_controller.go:1164", "Pool master is paused or degraded, not updating node control2.gw.lo")
		e += ri(420, 540)
	}
}' > "$L/current.log"
ev $NS Node control2.gw.lo v1 Degraded Warning 2026-01-08T09:20:33Z 2026-01-08T10:11:49Z 58 machineconfigdaemon control2.gw.lo \
	"missing MachineConfig $OLD~~machineconfig.machineconfiguration.openshift.io \"$OLD\" not found"
ev $NS Node control1.gw.lo v1 Reboot Normal 2026-01-08T09:15:38Z 2026-01-08T09:15:38Z 1 machineconfigdaemon control1.gw.lo \
	"Node will reboot into config $NEW"
ev $NS MachineConfigPool master machineconfiguration.openshift.io/v1 SetDesiredConfig Normal 2026-01-08T09:15:03Z 2026-01-08T09:15:03Z 1 machineconfigcontroller-nodecontroller "" \
	"Targeted node control1.gw.lo to MachineConfig: $NEW"
evlist $NS 58820

# --------------------------------------------------------------- etcd (3 healthy members)
etcd_info 11751622339818604013 "control1.gw.lo|192.168.1.202|11751622339818604013" \
	"control2.gw.lo|192.168.1.203|4417901223364811258" "control0.gw.lo|192.168.1.201|16629184410032195517"

# --------------------------------------------------------------- kubelet
KL=$R/host_service_logs/masters/kubelet_service.log
mkdir -p "$(dirname "$KL")"
awkt -v kv="$KUBEVER" '
function kub(e, host, pid, lvl, src, msg) { print jk(e, host, "kubenswrapper", pid, lvl, src, msg) }
BEGIN {
	RS0 = 88
	n = split("control0.gw.lo|2210|2026-01-08T09:24:31Z control1.gw.lo|2398|2026-01-08T09:17:41Z control2.gw.lo|2904|2026-01-08T09:12:57Z", H, " ")
	for (i = 1; i <= n; i++) {
		split(H[i], a, "|"); host = a[1]; pid = a[2]; e = ep(a[3])
		print jsys(e, host, "Starting Kubernetes Kubelet...")
		kub(e, host, pid, "I", "server.go:486", "\"Kubelet version\" kubeletVersion=\"" kv "\"")
		kub(e, host, pid, "I", "server.go:929", "\"Client rotation is on, will bootstrap in background\"")
		e += 1; print jsys(e, host, "Started Kubernetes Kubelet.")
		kub(e + 9, host, pid, "I", "kubelet_node_status.go:687", "\"Recording event message for node\" node=\"" host "\" event=\"NodeReady\"")
	}
}' > "$KL"

cat > "$SAMPLE/expected" <<'EOF'
# root causes in order; symptoms indented under their cause
mco.rendered-config-missing
  mco.daemon-missing-config
  mco.pool-degraded
EOF
mg_done
echo "generated $SAMPLE"
