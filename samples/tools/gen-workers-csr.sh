#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# gen-workers-csr.sh -> samples/workers-csr-not-approved
# vSphere IPI 4.16.21.  The three masters joined; machine-api cloned the
# three workers (Machines Provisioned, addresses from VMware Tools, InternalDNS
# = the Machine name), but the port group's DHCP server hands out host names
# (option 12, dhcp-10-40-12-NN.vlab.example) and the workers' kubelets
# bootstrap with those names.  cluster-machine-approver finds no Machine whose
# InternalDNS matches and refuses every client CSR ("failed to find machine
# for node ..., cannot approve"); each kubelet asks again every ~15 min.  No
# worker node ever registers: the routers stay Pending (the masters are
# tainted), so ingress, authentication, console and monitoring never become
# Available and the install times out.  The admin deleted the approver pod
# 25 min before the gather (its log starts there).
TOOLS=$(cd "$(dirname "$0")" && pwd); SAMPLES=$(dirname "$TOOLS")
. "$TOOLS/lib.sh"; . "$TOOLS/base.sh"; . "$TOOLS/ipi.sh"

CLUSTER=ocp416v; DOMAIN=ocp416.vlab.example; INFRAID=ocp416-x7k2p
OCPVER=4.16.21; KUBEVER=v1.29.10+67d3387; ERRATA=2024:8683
CRIOVER=cri-o://1.29.10-3.rhaos4.16.git2b3fa9a.el9
KERNELVER=5.14.0-427.42.1.el9_4.x86_64
RHCOSBUILD=416.94.202410211619-0
RHCOSVER="Red Hat Enterprise Linux CoreOS $RHCOSBUILD (Plow)"
CAEXPIRY=2035-02-16T08:19:07Z; EVRV=61000; ETCDREV=52310; ETCDTERM=4
MCCHASH=2c9d0e4f1a7b3c5d8e6f0a1b2c3d4e5f6a7b8c9d
T0=2025-02-18T08:02:11Z          # openshift-install create cluster
TC=2025-02-18T11:07:40Z          # collection
VCENTER=vcsa01.vlab.example; VDC=DC-Lab; VCLUSTER=Cluster-A; VDS=vsanDatastore; VNET=VM-Network-40
API_VIP=10.40.12.10; ING_VIP=10.40.12.11; MACHNET=10.40.12.0/24; SUB=10.40.12
AREST=$(tc -1500)                # machine-approver pod recreated

mg_init workers-csr-not-approved 6620491175338207409 "$CLUSTER-mg-$OCPVER"
ipi_stamps 3600 "+0100 CET"

cv_write Partial "" <<EOF
RetrievedUpdates|True|-|$(t 470)|-
ReleaseAccepted|True|PayloadLoaded|$(t 470)|Payload loaded version="$OCPVER" image="quay.io/openshift-release-dev/ocp-release@sha256:$(h64 "release-$OCPVER")" architecture="amd64"
Available|False|-|$(t 470)|-
Failing|True|ClusterOperatorsNotAvailable|$(t 3320)|Cluster operators authentication, console, ingress, monitoring are not available
Progressing|True|ClusterOperatorsNotAvailable|$(t 470)|Unable to apply $OCPVER: some cluster operators are not available
ImplicitlyEnabledCapabilities|False|AsExpected|$(t 470)|Capabilities match configured spec
EOF
all_cos "$(t 480)" "$(t 1900)"
infra_cloud VSphere "$(t 400)" 571

# --------------------------------------------------------------- masters
RM=rendered-master-$(h32 "rm-$CLUSTER"); RW=rendered-worker-$(h32 "rw-$CLUSTER")
for i in 0 1 2; do
	N_NAME=$INFRAID-master-$i; N_IP=$SUB.$((21 + i)); N_SUBNET=10.$((128 + i)).0.0/23; N_ROLE=master
	N_CUR=$RM; N_DES=$RM; N_STATE=Done; N_REASON=""; N_CCRV=$((EVRV / 3)); N_RV=$((EVRV + 7100 + i))
	N_CREATED=$(t $((760 + i * 12))); N_READY=True; N_HB=$(tc $((-25 - i * 3))); N_RT=$(t $((1010 + i * 30)))
	node
done
source_mcs "$(t 700)" $MCCHASH
mc $RM master "$(t 742)" 8390 $MCCHASH
mc $RW worker "$(t 742)" 8392 $MCCHASH
mcp master "$(t 699)" $((EVRV + 50)) $RM $RM 3 3 3 0 "$(t 1700)" False "" "" True False "$(t 743)"
mcp worker "$(t 699)" $((EVRV + 51)) $RW $RW 0 0 0 0 "$(t 743)" False "" "" True False "$(t 743)"
etcd_info 4790211635590212863 "$INFRAID-master-0|$SUB.21|4790211635590212863" \
	"$INFRAID-master-1|$SUB.22|15102774362904211188" "$INFRAID-master-2|$SUB.23|9263018846617370025"

# --------------------------------------------------------------- machines
MA=namespaces/openshift-machine-api/machine.openshift.io/machines
machine() { # NAME ROLE IP CREATED PHASE NODE(""=none) RV
	{
		cat <<EOF
apiVersion: machine.openshift.io/v1beta1
kind: Machine
metadata:
  annotations:
    machine.openshift.io/instance-state: poweredOn
  creationTimestamp: "$4"
  finalizers:
  - machine.machine.openshift.io
EOF
		[ "$2" = worker ] && echo "  generateName: $INFRAID-worker-0-"
		cat <<EOF
  generation: 2
  labels:
    machine.openshift.io/cluster-api-cluster: $INFRAID
    machine.openshift.io/cluster-api-machine-role: $2
    machine.openshift.io/cluster-api-machine-type: $2
EOF
		[ "$2" = worker ] && echo "    machine.openshift.io/cluster-api-machineset: $INFRAID-worker-0"
		cat <<EOF
    machine.openshift.io/region: generated-region
    machine.openshift.io/zone: generated-zone
  name: $1
  namespace: openshift-machine-api
EOF
		if [ "$2" = worker ]; then
			cat <<EOF
  ownerReferences:
  - apiVersion: machine.openshift.io/v1beta1
    blockOwnerDeletion: true
    controller: true
    kind: MachineSet
    name: $INFRAID-worker-0
    uid: $(uid "ms-worker-0-$CLUSTER")
EOF
		fi
		cat <<EOF
  resourceVersion: "$7"
  uid: $(uid "machine-$1-$CLUSTER")
spec:
  lifecycleHooks: {}
  metadata: {}
  providerID: vsphere://$(uid "vm-$1-$CLUSTER")
  providerSpec:
    value:
      apiVersion: machine.openshift.io/v1beta1
      credentialsSecret:
        name: vsphere-cloud-credentials
      diskGiB: 120
      kind: VSphereMachineProviderSpec
      memoryMiB: 16384
      metadata:
        creationTimestamp: null
      network:
        devices:
        - networkName: $VNET
      numCPUs: 4
      numCoresPerSocket: 4
      snapshot: ""
      template: $INFRAID-rhcos-generated-region-generated-zone
      userDataSecret:
        name: $2-user-data
      workspace:
        datacenter: $VDC
        datastore: /$VDC/datastore/$VDS
        folder: /$VDC/vm/$INFRAID
        resourcePool: /$VDC/host/$VCLUSTER/Resources
        server: $VCENTER
status:
  addresses:
  - address: $3
    type: InternalIP
  - address: fe80::250:56ff:fe$(h32 "mac$1" | cut -c1-2):$(h32 "mac$1" | cut -c3-6)
    type: InternalIP
  - address: $1
    type: InternalDNS
  conditions:
EOF
		conds <<EOF
Drainable|True|-|$4|-
InstanceExists|True|-|$(awk -f "$TOOLS/tlib.awk" -v b="$4" -f /dev/stdin <<'X'
BEGIN { print rfc(ep(b) + 297) "Z" }
X
)|-
Terminable|True|-|$4|-
EOF
		echo "  lastUpdated: \"$(tc -$((600 + ${#1} * 7)))\""
		if [ -n "$6" ]; then
			echo "  nodeRef:"
			echo "    kind: Node"
			echo "    name: $6"
			echo "    uid: $(uid "node-$6-$CLUSTER")"
		fi
		echo "  phase: $5"
		echo "  providerStatus:"
		echo "    conditions:"
		echo "    - lastTransitionTime: \"$4\""
		echo "      message: Machine successfully created"
		echo "      reason: MachineCreationSucceeded"
		echo '      status: "True"'
		echo "      type: MachineCreation"
		echo "    instanceId: $(uid "vm-$1-$CLUSTER")"
		echo "    instanceState: poweredOn"
		echo "    taskRef: task-$(( $(printf '%s' "$1" | cksum | cut -d' ' -f1) % 90000 + 10000 ))"
	} | yobj "$MA/$1.yaml"
}
for i in 0 1 2; do
	machine $INFRAID-master-$i master $SUB.$((21 + i)) "$(t 412)" Running $INFRAID-master-$i $((EVRV + 7300 + i))
done
WK="4qnbd|57|2105 8rzvt|58|2111 kc2xm|59|2118"
for wk in $WK; do
	sx=${wk%%|*}; r=${wk#*|}; ip=${r%%|*}
	machine $INFRAID-worker-0-$sx worker $SUB.$ip "$(t ${r#*|})" Provisioned "" $((EVRV + 7400 + ip))
done
{
	cat <<EOF
apiVersion: machine.openshift.io/v1beta1
kind: MachineSet
metadata:
  annotations:
    capacity.cluster-autoscaler.kubernetes.io/labels: kubernetes.io/arch=amd64
    machine.openshift.io/memoryMb: "16384"
    machine.openshift.io/vCPU: "4"
  creationTimestamp: "$(t 690)"
  generation: 1
  labels:
    machine.openshift.io/cluster-api-cluster: $INFRAID
  name: $INFRAID-worker-0
  namespace: openshift-machine-api
  resourceVersion: "$((EVRV + 7460))"
  uid: $(uid "ms-worker-0-$CLUSTER")
spec:
  replicas: 3
  selector:
    matchLabels:
      machine.openshift.io/cluster-api-cluster: $INFRAID
      machine.openshift.io/cluster-api-machineset: $INFRAID-worker-0
status:
  availableReplicas: 0
  fullyLabeledReplicas: 3
  observedGeneration: 1
  replicas: 3
EOF
} | yobj namespaces/openshift-machine-api/machine.openshift.io/machinesets/$INFRAID-worker-0.yaml

# --------------------------------------------------------------- CSRs
# every ~15 min per worker a new client CSR; all pending (approved ones of
# the masters are older than an hour and were garbage-collected)
G_BOOT="system:serviceaccounts system:serviceaccounts:openshift-machine-config-operator system:authenticated"
U_BOOT=system:serviceaccount:openshift-machine-config-operator:node-bootstrapper
awkt -v t0="$T0" -v tc="$TC" '
BEGIN {
	RS0 = 416; split("57 58 59", IP, " "); split("2695 2702 2710", F, " ")
	for (w = 1; w <= 3; w++) {
		e = ep(t0) + F[w]
		while (e < ep(tc) - 40) { print rfc(e) "Z " IP[w]; e += ri(893, 931) }
	}
}' | sort > "$TMPD/csrs"
CSRN=""
while read -r ct ip; do
	nm=csr-$(sfx "csr-$ct-$ip")
	csr "$nm" "$ct" $((EVRV + 3000 + ${#CSRN})) kubernetes.io/kube-apiserver-client-kubelet "$U_BOOT" "$G_BOOT" \
		"digital signature,client auth" "system:node:dhcp-10-40-12-$ip.vlab.example" system:nodes ""
	CSRN="$CSRN $nm@$ct@$ip"
done < "$TMPD/csrs"

# --------------------------------------------------------------- machine-approver
NS=openshift-cluster-machine-approver
nsobj $NS "$(t 430)" 5720 0
AP=machine-approver-5b8d9c6f7-$(sfx "ap-$CLUSTER")
P_NS=$NS; P_NAME=$AP; P_GEN=machine-approver-5b8d9c6f7-; P_OKIND=ReplicaSet; P_ONAME=machine-approver-5b8d9c6f7
P_NODE=$INFRAID-master-1; P_IP=$SUB.22; P_HOSTNET=1; P_CREATED=$AREST; P_RV=$((EVRV + 9100)); P_SA=machine-approver-sa
P_PRIO=system-cluster-critical; P_SCC=hostnetwork
P_LABELS="    app: machine-approver
    pod-template-hash: 5b8d9c6f7"
P_CTRS="kube-rbac-proxy|kube-rbac-proxy|run:$AREST|0
machine-approver-controller|cluster-machine-approver|run:$AREST|0"
pod
L=$(clog $NS $AP kube-rbac-proxy)
awkt -v t0="$AREST" 'BEGIN { RS0 = 5; e = ep(t0) + 2
	print pod(e, "W", 1, "deprecated.go:66", "")
	print pod(e, "I", 1, "kube-rbac-proxy.go:233", "Valid token audiences: ")
	print pod(e, "I", 1, "kube-rbac-proxy.go:347", "Reading certificate files")
	print pod(e, "I", 1, "kube-rbac-proxy.go:395", "Starting TCP socket on 0.0.0.0:9192")
	print pod(e, "I", 1, "kube-rbac-proxy.go:402", "Listening securely on 0.0.0.0:9192") }' > "$L/current.log"
L=$(clog $NS $AP machine-approver-controller)
echo "$CSRN" | awkt -v t0="$AREST" -v tc="$TC" -v dom="vlab.example" '
function rec(e, n, ip,   node) {
	node = "dhcp-10-40-12-" ip "." dom
	print pod(e, "I", 1, "controller.go:165", "Reconciling CSR: " n)
	print pod(e, "E", 1, "csr_check.go:273", n ": failed to find machine for node " node ", cannot approve")
	print pod(e, "I", 1, "controller.go:286", n ": CSR not authorized")
	print pod(e, "E", 1, "controller.go:329", "\"Reconciler error\" err=\"could not reconcile CSR: failed to find machine for node " node "\" controller=\"certificatesigningrequest\" controllerGroup=\"certificates.k8s.io\" controllerKind=\"CertificateSigningRequest\" CertificateSigningRequest=\"" n "\" namespace=\"\" name=\"" n "\" reconcileID=\"" sprintf("%08x-%04x-4%03x-%04x-%06x%06x", ri(0, 2147483647), ri(0, 65535), ri(0, 4095), ri(32768, 49151), ri(0, 16777215), ri(0, 16777215)) "\"")
}
{ m = split($0, C, " ") }
END {
	RS0 = 1604; e0 = ep(t0) + 4; e = e0
	print pod(e, "I", 1, "main.go:151", "setting up manager")
	print pod(e, "I", 1, "main.go:186", "starting cluster-machine-approver-controller")
	print pod(e, "I", 1, "leaderelection.go:250", "attempting to acquire leader lease openshift-cluster-machine-approver/cluster-machine-approver-leader...")
	e += 9; print pod(e, "I", 1, "leaderelection.go:260", "successfully acquired lease openshift-cluster-machine-approver/cluster-machine-approver-leader")
	print pod(e, "I", 1, "controller.go:178", "\"Starting EventSource\" controller=\"certificatesigningrequest\" controllerGroup=\"certificates.k8s.io\" controllerKind=\"CertificateSigningRequest\" source=\"kind source: *v1.CertificateSigningRequest\"")
	print pod(e, "I", 1, "controller.go:186", "\"Starting Controller\" controller=\"certificatesigningrequest\" controllerGroup=\"certificates.k8s.io\" controllerKind=\"CertificateSigningRequest\"")
	print pod(e, "I", 1, "controller.go:220", "\"Starting workers\" controller=\"certificatesigningrequest\" controllerGroup=\"certificates.k8s.io\" controllerKind=\"CertificateSigningRequest\" worker count=10")
	e += 1
	# the initial list: every pending CSR once, then the per-item backoff
	# (5 ms doubling, capped at 1000 s) brings each back; this excerpt keeps
	# the first pass, the 82 s, 164 s, 328 s and 655 s retries, and the CSRs
	# created after the restart
	split("0 82 164 328 655 1000", B, " ")
	for (k = 1; k <= m; k++) {
		split(C[k], a, "@"); base = (ep(a[2]) < e0) ? e + int(k / 3) : ep(a[2]) + 1
		for (b = 1; b <= 6; b++) if (b == 1 || b == 2 || (k % 4 == b % 4)) Q[sprintf("%012d %04d", base + B[b], k)] = C[k]
	}
	n = 0; for (q in Q) K[++n] = q
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (K[j] < K[i]) { x = K[i]; K[i] = K[j]; K[j] = x }
	for (i = 1; i <= n; i++) { split(Q[K[i]], a, "@"); t = substr(K[i], 1, 12) + 0; if (t < ep(tc) - 5) rec(t, a[1], a[3]) }
}' > "$L/current.log"
podlist $NS $((EVRV + 9200))
ev $NS Pod $AP v1 Scheduled Normal "$AREST" "$AREST" 1 default-scheduler "" \
	"Successfully assigned $NS/$AP to $INFRAID-master-1"
ev $NS ReplicaSet machine-approver-5b8d9c6f7 apps/v1 SuccessfulCreate Normal "$AREST" "$AREST" 1 replicaset-controller "" \
	"Created pod: $AP"
evlist $NS $((EVRV + 9200))

# --------------------------------------------------------------- ingress
NS=openshift-ingress
nsobj $NS "$(t 450)" 6230
SCHED="0/3 nodes are available: 3 node(s) had untolerated taint {node-role.kubernetes.io/master: }. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."
RP=""
for s in 7x2kq m9vtc; do
	P_NS=$NS; P_NAME=router-default-6c8f9d7b5d-$s; P_GEN=router-default-6c8f9d7b5d-; P_OKIND=ReplicaSet; P_ONAME=router-default-6c8f9d7b5d
	P_CREATED=$(t 1412); P_RV=$((EVRV + 4100)); P_SA=router; P_SCC=hostnetwork
	P_LABELS="    ingresscontroller.operator.openshift.io/deployment-ingresscontroller: default
    ingresscontroller.operator.openshift.io/hash: 6c8f9d7b5d
    pod-template-hash: 6c8f9d7b5d"
	P_NODESEL="    kubernetes.io/os: linux
    node-role.kubernetes.io/worker: \"\""
	P_CTRS="router|haproxy-router|-|0"
	P_SCHEDMSG=$SCHED
	pod_unsched
	RP="$RP $P_NAME"
	ev $NS Pod $P_NAME v1 FailedScheduling Warning "$(t 1412)" "$(tc -318)" 38 default-scheduler "" "$SCHED"
done
podlist $NS $((EVRV + 9300))
evlist $NS $((EVRV + 9300))
set -- $RP
MINMSG="0/2 of replicas are available, max unavailable is 1: Some pods are not scheduled: Pod \"$1\" cannot be scheduled: $SCHED Pod \"$2\" cannot be scheduled: $SCHED Make sure you have sufficient worker nodes."
DEPMSG="The deployment has Available status condition set to False (reason: MinimumReplicasUnavailable) with message: Deployment does not have minimum availability."
CANMSG="Canary route is not admitted by the default ingress controller"
ic_write "$(t 1405)" $((EVRV + 4200)) 0 HostNetwork <<EOF
Admitted|True|Valid|$(t 1405)|-
DeploymentAvailable|False|DeploymentUnavailable|$(t 1412)|$DEPMSG
DeploymentReplicasMinAvailable|False|DeploymentMinimumReplicasNotMet|$(t 1412)|$MINMSG
DeploymentReplicasAllAvailable|False|DeploymentReplicasNotAvailable|$(t 1412)|0/2 of replicas are available
DeploymentRollingOut|False|DeploymentNotRollingOut|$(t 1412)|Deployment is not actively rolling out
LoadBalancerManaged|False|EndpointPublishingStrategyExcludesManagedLoadBalancer|$(t 1405)|The configured endpoint publishing strategy does not include a managed load balancer
DNSManaged|False|UnsupportedEndpointPublishingStrategy|$(t 1405)|The endpoint publishing strategy doesn't support DNS management.
Available|False|IngressControllerUnavailable|$(t 1412)|One or more status conditions indicate unavailable: DeploymentAvailable=False ($DEPMSG)
Progressing|False|-|$(t 1405)|-
Degraded|True|DegradedConditions|$(t 1472)|One or more other status conditions indicate a degraded state: DeploymentAvailable=False (DeploymentUnavailable: $DEPMSG), DeploymentReplicasMinAvailable=False (DeploymentMinimumReplicasNotMet: $MINMSG), CanaryChecksSucceeding=Unknown (CanaryRouteNotAdmitted: $CANMSG)
CanaryChecksSucceeding|Unknown|CanaryRouteNotAdmitted|$(t 1470)|$CANMSG
EvaluationConditionsDetected|False|AsExpected|$(t 1405)|-
EOF
NS=openshift-ingress-operator
nsobj $NS "$(t 440)" 6110
evlist $NS $((EVRV + 9301))
co ingress "$(t 480)" $((EVRV + 9400)) "openshift-ingress-operator" "operator=$OCPVER ingress-controller=$(img haproxy-router-$OCPVER) canary-server=$(img cli-$OCPVER)" <<EOF
Available|False|IngressUnavailable|$(t 1412)|The "default" ingress controller reports Available=False: IngressControllerUnavailable: One or more status conditions indicate unavailable: DeploymentAvailable=False ($DEPMSG)
Progressing|True|Reconciling|$(t 1405)|Not all ingress controllers are available.
Degraded|True|IngressDegraded|$(t 1472)|The "default" ingress controller reports Degraded=True: DegradedConditions: One or more other status conditions indicate a degraded state: DeploymentAvailable=False (DeploymentUnavailable: $DEPMSG), DeploymentReplicasMinAvailable=False (DeploymentMinimumReplicasNotMet: $MINMSG), CanaryChecksSucceeding=Unknown (CanaryRouteNotAdmitted: $CANMSG)
Upgradeable|True|IngressControllersUpgradeable|$(t 1405)|All ingress controllers are upgradeable.
EvaluationConditionsDetected|False|AsExpected|$(t 1405)|-
EOF

# --------------------------------------------------------------- authentication, console, monitoring
ROUTEERR="Get \"https://oauth-openshift.apps.$DOMAIN/healthz\": dial tcp $ING_VIP:443: connect: connection refused"
co authentication "$(t 480)" $((EVRV + 9500)) "openshift-authentication" "operator=$OCPVER oauth-apiserver=$OCPVER" <<EOF
Degraded|True|OAuthServerRouteEndpointAccessibleController_SyncError|$(t 2390)|OAuthServerRouteEndpointAccessibleControllerDegraded: $ROUTEERR
Progressing|False|AsExpected|$(t 2210)|AuthenticatorCertKeyProgressing: All is well
Available|False|OAuthServerRouteEndpointAccessibleController_EndpointUnavailable::ReadyIngressNodes_NoReadyIngressNodes|$(t 1520)|OAuthServerRouteEndpointAccessibleControllerAvailable: $ROUTEERR~~ReadyIngressNodesAvailable: Authentication requires functional ingress which requires at least one schedulable and ready node. Got 0 worker nodes, 3 master nodes, 0 custom target nodes (none are schedulable or ready for ingress pods).
Upgradeable|True|AsExpected|$(t 1480)|All is well
EvaluationConditionsDetected|Unknown|NoData|$(t 1480)|-
EOF
CROUTE="https://console-openshift-console.apps.$DOMAIN"
co console "$(t 480)" $((EVRV + 9600)) "openshift-console-operator openshift-console" "operator=$OCPVER" <<EOF
Degraded|True|RouteHealth_FailedGet|$(t 2450)|RouteHealthDegraded: failed to GET route ($CROUTE): Get "$CROUTE": dial tcp $ING_VIP:443: connect: connection refused
Progressing|False|AsExpected|$(t 2350)|All is well
Available|False|RouteHealth_FailedGet|$(t 2300)|RouteHealthAvailable: failed to GET route ($CROUTE): Get "$CROUTE": dial tcp $ING_VIP:443: connect: connection refused
Upgradeable|True|AsExpected|$(t 2300)|All is well
EOF
co monitoring "$(t 480)" $((EVRV + 9700)) "openshift-monitoring" "operator=$OCPVER" <<EOF
Available|False|UpdatingPrometheusOperatorFailed|$(t 3320)|UpdatingPrometheusOperator: reconciling Prometheus Operator Admission Webhook Deployment failed: updating Deployment object failed: waiting for DeploymentRollout of openshift-monitoring/prometheus-operator-admission-webhook: context deadline exceeded: got 2 unavailable replicas
Degraded|True|UpdatingPrometheusOperatorFailed|$(t 3320)|UpdatingPrometheusOperator: reconciling Prometheus Operator Admission Webhook Deployment failed: updating Deployment object failed: waiting for DeploymentRollout of openshift-monitoring/prometheus-operator-admission-webhook: context deadline exceeded: got 2 unavailable replicas
Progressing|True|RollOutInProgress|$(t 1500)|Rolling out the stack.
Upgradeable|True|-|$(t 1500)|-
EOF

cat > "$SAMPLE/expected" <<'EOF'
# root causes in order; symptoms indented under their cause
# The approver refuses the workers' CSRs, so no worker joins
# (nodes.no-schedulable-workers), so the routers cannot be scheduled and
# the route-served operators fail under them.
csr.approver-refusing
  csr.pending
  nodes.no-schedulable-workers
  pods.unschedulable
  generic.operator-degraded
  auth.oauth-route-unreachable
  console.route-unhealthy
  generic.clusterversion-failing
EOF
mg_done
echo "generated $SAMPLE"
