# SPDX-License-Identifier: Apache-2.0
# ipi.sh - pieces of an installer-provisioned (cloud) cluster shared by
# gen-aws-credentials.sh, gen-workers-csr.sh and gen-node-disk-pressure.sh.
# Sourced after lib.sh and base.sh; needs T0 (install start), TC (gather
# time), CLUSTER, DOMAIN, INFRAID, OCPVER set.

# t OFFSET -> RFC3339 relative to T0; tc OFFSET -> relative to TC
t() { awk -f "$TOOLS/tlib.awk" -v b="$T0" -v o="$1" -f /dev/stdin <<'EOF'
BEGIN { print rfc(ep(b) + o) "Z" }
EOF
}
tc() { awk -f "$TOOLS/tlib.awk" -v b="$TC" -v o="$1" -f /dev/stdin <<'EOF'
BEGIN { print rfc(ep(b) + o) "Z" }
EOF
}

# ipi_stamps TZOFFSET_SECONDS "TZNAME" : the two timestamp files of an
# `oc adm must-gather` run started at TC (client clock in local time)
ipi_stamps() {
	_loc=$(awk -f "$TOOLS/tlib.awk" -v b="$TC" -v z="$1" -f /dev/stdin <<'EOF'
BEGIN { e = ep(b) + z; civ(e - 3); printf "%04d-%02d-%02d %02d:%02d:%02d", CY, CM, CD, Ch, Cm, Cs; civ(e + 141); printf "|%04d-%02d-%02d %02d:%02d:%02d\n", CY, CM, CD, Ch, Cm, Cs }
EOF
)
	_utc=$(awk -f "$TOOLS/tlib.awk" -v b="$TC" -f /dev/stdin <<'EOF'
BEGIN { e = ep(b); civ(e); printf "%04d-%02d-%02d %02d:%02d:%02d", CY, CM, CD, Ch, Cm, Cs; civ(e + 136); printf "|%04d-%02d-%02d %02d:%02d:%02d\n", CY, CM, CD, Ch, Cm, Cs }
EOF
)
	mg_stamps "${_loc%|*}.118302554 $2 m=+0.051227903" "${_loc#*|}.402977180 $2 m=+144.335902529" <<EOF
${_utc%|*}.604418920 +0000 UTC m=+0.088136224
${_utc%|*}.981702316 +0000 UTC m=+0.465419620
${_utc#*|}.247113905 +0000 UTC m=+136.730831209
EOF
}

# cv_write STATE(Partial|Completed) COMPLETED(""|time) < conditions
cv_write() {
	{
		cat <<EOF
apiVersion: config.openshift.io/v1
kind: ClusterVersion
metadata:
  creationTimestamp: "$(t 410)"
  generation: 2
  name: version
  resourceVersion: "$((EVRV + 311))"
  uid: $(uid "cv-$CLUSTER")
spec:
  channel: stable-${OCPVER%.*}
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
    - Storage
    - baremetal
    - marketplace
    - openshift-samples
  conditions:
EOF
		conds
		cat <<EOF
  desired:
    image: quay.io/openshift-release-dev/ocp-release@sha256:$(h64 "release-$OCPVER")
    url: https://access.redhat.com/errata/RHBA-$ERRATA
    version: $OCPVER
  history:
EOF
		if [ -n "$2" ]; then echo "  - completionTime: \"$2\""; else echo "  - completionTime: null"; fi
		cat <<EOF
    image: quay.io/openshift-release-dev/ocp-release@sha256:$(h64 "release-$OCPVER")
    startedTime: "$(t 430)"
    state: $1
    verified: false
    version: $OCPVER
  observedGeneration: 2
  versionHash: $(h32 "vh$CLUSTER" | cut -c1-11)=
EOF
	} | w "$R/cluster-scoped-resources/config.openshift.io/clusterversions/version.yaml"
}

# infra_cloud PLATFORM(AWS|VSphere) CREATED RV
infra_cloud() {
	{
		cat <<EOF
---
apiVersion: config.openshift.io/v1
kind: Infrastructure
metadata:
  creationTimestamp: "$2"
  generation: 1
  name: cluster
  resourceVersion: "$3"
  uid: $(uid "infra-$CLUSTER")
spec:
  cloudConfig:
EOF
		if [ "$1" = AWS ]; then
			echo '    name: ""'
			echo "  platformSpec:"
			echo "    aws: {}"
			echo "    type: AWS"
		else
			echo "    key: config"
			echo "    name: cloud-provider-config"
			echo "  platformSpec:"
			echo "    type: VSphere"
			echo "    vsphere:"
			echo "      apiServerInternalIPs:"
			echo "      - $API_VIP"
			echo "      failureDomains:"
			echo "      - name: generated-failure-domain"
			echo "        region: generated-region"
			echo "        server: $VCENTER"
			echo "        topology:"
			echo "          computeCluster: /$VDC/host/$VCLUSTER"
			echo "          datacenter: $VDC"
			echo "          datastore: /$VDC/datastore/$VDS"
			echo "          networks:"
			echo "          - $VNET"
			echo "          resourcePool: /$VDC/host/$VCLUSTER/Resources"
			echo "        zone: generated-zone"
			echo "      ingressIPs:"
			echo "      - $ING_VIP"
			echo "      machineNetworks:"
			echo "      - $MACHNET"
			echo "      vcenters:"
			echo "      - datacenters:"
			echo "        - $VDC"
			echo "        port: 443"
			echo "        server: $VCENTER"
		fi
		cat <<EOF
status:
  apiServerInternalURI: https://api-int.$DOMAIN:6443
  apiServerURL: https://api.$DOMAIN:6443
  controlPlaneTopology: HighlyAvailable
  cpuPartitioning: None
  etcdDiscoveryDomain: ""
  infrastructureName: $INFRAID
  infrastructureTopology: HighlyAvailable
EOF
		echo "  platform: $1"
		echo "  platformStatus:"
		if [ "$1" = AWS ]; then
			echo "    aws:"
			echo "      cloudLoadBalancerConfig:"
			echo "        dnsType: PlatformDefault"
			echo "      region: $REGION"
			echo "    type: AWS"
		else
			echo "    type: VSphere"
			echo "    vsphere:"
			echo "      apiServerInternalIP: $API_VIP"
			echo "      apiServerInternalIPs:"
			echo "      - $API_VIP"
			echo "      ingressIP: $ING_VIP"
			echo "      ingressIPs:"
			echo "      - $ING_VIP"
			echo "      loadBalancer:"
			echo "        type: OpenShiftManagedDefault"
			echo "      machineNetworks:"
			echo "      - $MACHNET"
			echo "      nodeDNSIP: \"\""
		fi
	} | w "$R/cluster-scoped-resources/config.openshift.io/infrastructures/cluster.yaml"
}

# ic_write CREATED RV AVAILABLE_REPLICAS PUBLISHING(LoadBalancerService|HostNetwork) < conditions
# the default IngressController as the operator keeps it
ic_write() {
	{
		cat <<EOF
---
apiVersion: operator.openshift.io/v1
kind: IngressController
metadata:
  creationTimestamp: "$1"
  finalizers:
  - ingresscontroller.operator.openshift.io/finalizer-ingresscontroller
  generation: 2
  name: default
  namespace: openshift-ingress-operator
  resourceVersion: "$2"
  uid: $(uid "ic-default-$CLUSTER")
spec:
  clientTLS:
    clientCA:
      name: ""
    clientCertificatePolicy: ""
  defaultCertificate:
    name: ""
  httpCompression: {}
  httpEmptyRequestsPolicy: Respond
  httpErrorCodePages:
    name: ""
  replicas: 2
  tuningOptions:
    reloadInterval: 0s
  unsupportedConfigOverrides: null
status:
  availableReplicas: $3
  conditions:
EOF
		conds
		echo "  domain: apps.$DOMAIN"
		echo "  endpointPublishingStrategy:"
		if [ "$4" = LoadBalancerService ]; then
			cat <<EOF
    loadBalancer:
      dnsManagementPolicy: Managed
      providerParameters:
        aws:
          classicLoadBalancer:
            connectionIdleTimeout: 0s
          type: Classic
        type: AWS
      scope: External
    type: LoadBalancerService
EOF
		else
			cat <<EOF
    hostNetwork:
      httpPort: 80
      httpsPort: 443
      protocol: TCP
      statsPort: 1936
    type: HostNetwork
EOF
		fi
		cat <<EOF
  observedGeneration: 2
  selector: ingresscontroller.operator.openshift.io/deployment-ingresscontroller=default
  tlsProfile:
    ciphers:
    - ECDHE-ECDSA-AES128-GCM-SHA256
    - ECDHE-RSA-AES128-GCM-SHA256
    - ECDHE-ECDSA-AES256-GCM-SHA384
    - ECDHE-RSA-AES256-GCM-SHA384
    - ECDHE-ECDSA-CHACHA20-POLY1305
    - ECDHE-RSA-CHACHA20-POLY1305
    - DHE-RSA-AES128-GCM-SHA256
    - DHE-RSA-AES256-GCM-SHA384
    - TLS_AES_128_GCM_SHA256
    - TLS_AES_256_GCM_SHA384
    - TLS_CHACHA20_POLY1305_SHA256
    minTLSVersion: VersionTLS12
EOF
	} | w "$R/namespaces/openshift-ingress-operator/operator.openshift.io/ingresscontrollers/default.yaml"
}

# pod_unsched: a Deployment's pod the scheduler cannot place (phase Pending,
# no nodeName).  env as pod() plus P_SCHEDMSG
pod_unsched() {
	_d=$R/namespaces/$P_NS/pods/$P_NAME
	{
		echo "---"
		echo "apiVersion: v1"
		echo "kind: Pod"
		echo "metadata:"
		echo "  annotations:"
		echo "    openshift.io/required-scc: ${P_SCC:-restricted-v2}"
		echo "    openshift.io/scc: ${P_SCC:-restricted-v2}"
		echo "    seccomp.security.alpha.kubernetes.io/pod: runtime/default"
		kv 2 creationTimestamp "$P_CREATED"
		echo "  generateName: $P_GEN"
		echo "  labels:"
		printf '%s\n' "$P_LABELS"
		echo "  name: $P_NAME"
		echo "  namespace: $P_NS"
		echo "  ownerReferences:"
		echo "  - apiVersion: apps/v1"
		echo "    blockOwnerDeletion: true"
		echo "    controller: true"
		echo "    kind: $P_OKIND"
		echo "    name: $P_ONAME"
		echo "    uid: $(uid "owner-$P_NS-$P_ONAME-$CLUSTER")"
		kv 2 resourceVersion "$P_RV"
		echo "  uid: $(uid "pod-$P_NS-$P_NAME-$CLUSTER")"
		echo "spec:"
		echo "  containers:"
		printf '%s\n' "$P_CTRS" | while IFS='|' read -r _cn _ci _cs _cr; do
			[ -z "$_cn" ] && continue
			echo "  - image: $(img "$_ci-$OCPVER")"
			echo "    imagePullPolicy: IfNotPresent"
			echo "    name: $_cn"
		done
		echo "  nodeSelector:"
		printf '%s\n' "$P_NODESEL"
		echo "  priority: 2000000000"
		echo "  priorityClassName: system-cluster-critical"
		echo "  restartPolicy: Always"
		echo "  schedulerName: default-scheduler"
		[ -n "$P_SA" ] && echo "  serviceAccountName: $P_SA"
		echo "status:"
		echo "  conditions:"
		echo "  - lastProbeTime: null"
		kv 4 lastTransitionTime "$P_CREATED"
		kv 4 message "$P_SCHEDMSG"
		echo "    reason: Unschedulable"
		echo '    status: "False"'
		echo "    type: PodScheduled"
		echo "  phase: Pending"
		echo "  qosClass: Burstable"
	} | w "$_d/$P_NAME.yaml"
	echo "$_d/$P_NAME.yaml" >> "$TMPD/pods-$P_NS"
	P_SCC=""; P_SA=""
}

# pod_evicted: a pod the kubelet evicted (phase Failed, reason Evicted).
# env P_NS P_NAME P_GEN P_OKIND P_ONAME P_NODE P_IP P_CREATED P_RV P_LABELS
#     P_CTR P_IMG P_EVICTED(time) P_EVMSG P_PRIOCLASS("" = none)
pod_evicted() {
	_d=$R/namespaces/$P_NS/pods/$P_NAME
	{
		echo "---"
		echo "apiVersion: v1"
		echo "kind: Pod"
		echo "metadata:"
		echo "  annotations:"
		echo "    openshift.io/scc: ${P_SCC:-restricted-v2}"
		kv 2 creationTimestamp "$P_CREATED"
		[ -n "$P_GEN" ] && echo "  generateName: $P_GEN"
		echo "  labels:"
		printf '%s\n' "$P_LABELS"
		echo "  name: $P_NAME"
		echo "  namespace: $P_NS"
		echo "  ownerReferences:"
		echo "  - apiVersion: ${P_OAPI:-apps/v1}"
		echo "    blockOwnerDeletion: true"
		echo "    controller: true"
		echo "    kind: $P_OKIND"
		echo "    name: $P_ONAME"
		echo "    uid: $(uid "owner-$P_NS-$P_ONAME-$CLUSTER")"
		kv 2 resourceVersion "$P_RV"
		echo "  uid: $(uid "pod-$P_NS-$P_NAME-$CLUSTER")"
		echo "spec:"
		echo "  containers:"
		echo "  - image: $P_IMG"
		echo "    imagePullPolicy: IfNotPresent"
		echo "    name: $P_CTR"
		echo "  nodeName: $P_NODE"
		echo "  priority: 0"
		[ -n "$P_PRIOCLASS" ] && echo "  priorityClassName: $P_PRIOCLASS"
		echo "  restartPolicy: ${P_RESTART:-Always}"
		echo "  schedulerName: default-scheduler"
		echo "status:"
		echo "  conditions:"
		echo "  - lastProbeTime: null"
		kv 4 lastTransitionTime "$P_EVICTED"
		kv 4 message "$P_EVMSG"
		echo "    reason: TerminationByKubelet"
		echo '    status: "True"'
		echo "    type: DisruptionTarget"
		for _c in PodReadyToStartContainers Initialized Ready ContainersReady PodScheduled; do
			echo "  - lastProbeTime: null"
			case $_c in
			Ready|ContainersReady|PodReadyToStartContainers) kv 4 lastTransitionTime "$P_EVICTED"; echo "    reason: PodFailed"; echo '    status: "False"' ;;
			*) kv 4 lastTransitionTime "$P_CREATED"; echo '    status: "True"' ;;
			esac
			echo "    type: $_c"
		done
		echo "  containerStatuses:"
		echo "  - image: $P_IMG"
		echo "    imageID: $P_IMG"
		echo "    lastState: {}"
		echo "    name: $P_CTR"
		echo "    ready: false"
		echo "    restartCount: 0"
		echo "    started: false"
		echo "    state:"
		echo "      terminated:"
		echo "        exitCode: 137"
		echo "        finishedAt: null"
		echo "        message: The container could not be located when the pod was terminated"
		echo "        reason: ContainerStatusUnknown"
		echo "        startedAt: null"
		echo "  hostIP: $P_IP"
		echo "  hostIPs:"
		echo "  - ip: $P_IP"
		kv 2 message "$P_EVMSG"
		echo "  phase: Failed"
		echo "  qosClass: BestEffort"
		echo "  reason: Evicted"
		kv 2 startTime "$P_CREATED"
	} | w "$_d/$P_NAME.yaml"
	echo "$_d/$P_NAME.yaml" >> "$TMPD/pods-$P_NS"
	P_SCC=""; P_PRIOCLASS=""; P_OAPI=""; P_RESTART=""; P_GEN=""
}

# yobj PATH : a single object file ("---" first), body on stdin
yobj() { { echo "---"; cat; } | w "$R/$1"; }
