#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# evidence.sh - print where the key lines of every sample are (path:line), so
# that samples/README.md can be checked against the files.
#   sh tools/evidence.sh            (from samples/)
# Paths are relative to the sample directory; MG stands for the
# must-gather.local.*/quay-io-* directory of that sample.
cd "$(dirname "$0")/.." || exit 1
show() { # SAMPLE RULE FILE-GLOB(relative to MG or sample) ERE [all]
	s=$1; rule=$2; g=$3; re=$4; mode=${5:-first}
	mg=$(ls -d "$s"/must-gather.local.*/quay-io-* 2>/dev/null | head -1)
	for f in $(cd "$mg" 2>/dev/null && ls -d $g 2>/dev/null) ; do
		p=$mg/$f
		[ -f "$p" ] || continue
		if [ "$mode" = all ]; then
			grep -nE -- "$re" "$p" | cut -d: -f1 | tr '\n' ' ' | awk -v r="$rule" -v f="MG/$f" '{ n = split($0, a, " "); if (n) printf "%-40s %s: %d lines, first %s, last %s\n", r, f, n, a[1], a[n] }'
		else
			grep -nE -m1 -- "$re" "$p" | awk -v r="$rule" -v f="MG/$f" '{ l = $0; sub(/:.*/, "", l); t = $0; sub(/^[0-9]+:/, "", t); printf "%-40s %s:%s  %s\n", r, f, l, substr(t, 1, 110) }'
		fi
	done
}
for s in mco-bootstrap-desync; do
	echo "== $s"
	show $s mco.rendered-config-missing 'cluster-scoped-resources/core/nodes/control*.yaml' 'currentConfig: rendered-master-553d'
	show $s mco.rendered-config-missing 'cluster-scoped-resources/machineconfiguration.openshift.io/machineconfigpools/master.yaml' '^    name: rendered-master-9e786f'
	show $s mco.daemon-missing-config 'namespaces/openshift-machine-config-operator/pods/machine-config-daemon-*/machine-config-daemon/machine-config-daemon/logs/current.log' 'Marking Degraded due to: "missing MachineConfig' all
	show $s mco.daemon-missing-config 'namespaces/openshift-machine-config-operator/pods/machine-config-daemon-*/machine-config-daemon/machine-config-daemon/logs/current.log' 'In bootstrap mode'
	show $s mco.pool-degraded 'cluster-scoped-resources/machineconfiguration.openshift.io/machineconfigpools/master.yaml' 'type: NodeDegraded|degradedMachineCount|readyMachineCount'
	show $s mco.pool-degraded 'cluster-scoped-resources/machineconfiguration.openshift.io/machineconfigpools/master.yaml' 'degradedMachineCount: 2'
	show $s mco.pool-status-config-empty 'cluster-scoped-resources/machineconfiguration.openshift.io/machineconfigpools/master.yaml' '^    name: ""'
	show $s mco.mcs-config-not-found 'namespaces/openshift-machine-config-operator/pods/machine-config-server-*/machine-config-server/machine-config-server/logs/current.log' 'could not fetch config , err' all
	show $s ignition.fetch-loop 'namespaces/openshift-machine-config-operator/pods/machine-config-server-*/machine-config-server/machine-config-server/logs/current.log' 'requested by address:"192.168.1.201'
	show $s auth.apiservers-below-3 'cluster-scoped-resources/config.openshift.io/clusteroperators/authentication.yaml' 'need at least 3 kube-apiservers'
	show $s etcd.quorum-not-fault-tolerant 'cluster-scoped-resources/config.openshift.io/clusteroperators/etcd.yaml' 'quorum of 2 which is not fault tolerant'
	show $s etcd.quorum-not-fault-tolerant 'etcd_info/member_list.json' 'members'
	show $s csr.pending 'cluster-scoped-resources/certificates.k8s.io/certificatesigningrequests/*.yaml' '^status: \{\}'
	show $s cluster.version 'cluster-scoped-resources/config.openshift.io/clusterversions/version.yaml' 'Unable to apply 4.18.32'
	show $s mco.operator 'cluster-scoped-resources/config.openshift.io/clusteroperators/machine-config.yaml' 'syncRequiredMachineConfigPools'
done
echo "== mco-bootstrap-desync/control0-console.log"
grep -nE -m1 'GET result: Internal Server Error' mco-bootstrap-desync/control0-console.log | sed 's/^/  ignition.fetch-loop  first 500: /' | cut -c1-150
grep -cE 'attempt #' mco-bootstrap-desync/control0-console.log | sed 's/^/  ignition.fetch-loop  attempts: /'
grep -nE -m1 'A start job is running for Ignition \(fetch\)' mco-bootstrap-desync/control0-console.log | sed 's/^/  ignition.fetch-loop  /'

s=mco-split-rendered; echo "== $s"
show $s mco.rendered-config-missing 'cluster-scoped-resources/core/nodes/control2.gw.lo.yaml' 'currentConfig: rendered-master-0f3c'
show $s mco.rendered-config-missing 'cluster-scoped-resources/core/nodes/control1.gw.lo.yaml' 'currentConfig: rendered-master-7b2e'
show $s mco.rendered-config-missing 'cluster-scoped-resources/machineconfiguration.openshift.io/machineconfigpools/master.yaml' '^    name: rendered-master-0f3c'
show $s mco.daemon-missing-config 'namespaces/openshift-machine-config-operator/pods/machine-config-daemon-hx84m/machine-config-daemon/machine-config-daemon/logs/current.log' 'Marking Degraded due to: "missing MachineConfig' all
show $s mco.daemon-missing-config 'cluster-scoped-resources/core/nodes/control2.gw.lo.yaml' 'state: Degraded'
show $s mco.pool-degraded 'cluster-scoped-resources/machineconfiguration.openshift.io/machineconfigpools/master.yaml' 'type: NodeDegraded'
show $s mco.pool-degraded 'cluster-scoped-resources/machineconfiguration.openshift.io/machineconfigpools/master.yaml' 'degradedMachineCount: 1'
show $s mco.operator 'cluster-scoped-resources/config.openshift.io/clusteroperators/machine-config.yaml' 'syncRequiredMachineConfigPools'

for s in vip-outside-machine-network; do
	echo "== $s"
	show $s network.vip-outside-machine-network 'cluster-scoped-resources/config.openshift.io/clusteroperators/network.yaml' 'Error while synchronizing spec and status'
	show $s network.vip-outside-machine-network 'namespaces/openshift-network-operator/pods/network-operator-*/network-operator/network-operator/logs/current.log' "VIP '10.46.124.13' cannot be found in any machine network" all
	show $s network.vip-outside-machine-network 'namespaces/kube-system/core/configmaps.yaml' 'cidr: 10.46.125.0/24'
	show $s network.vip-outside-machine-network 'namespaces/kube-system/core/configmaps.yaml' '- 10.46.124.13'
	show $s network.vip-outside-machine-network 'cluster-scoped-resources/config.openshift.io/infrastructures/cluster.yaml' 'apiServerInternalIPs:'
	show $s network.cni-not-ready 'cluster-scoped-resources/core/nodes/master-1.yaml' 'container runtime network not ready'
	show $s network.cni-not-ready 'host_service_logs/masters/kubelet_service.log' 'NetworkPluginNotReady' all
	show $s kubelet.object-not-registered 'host_service_logs/masters/kubelet_service.log' 'object "openshift-etcd"/"kube-root-ca.crt" not registered' all
	show $s pods.stuck-container-creating 'namespaces/openshift-etcd/pods/installer-6-master-1/installer-6-master-1.yaml' 'reason: ContainerCreating'
	show $s pods.stuck-container-creating 'namespaces/openshift-etcd/core/pods.yaml' 'reason: ContainerCreating'
	show $s pods.stuck-container-creating 'namespaces/openshift-etcd/core/events.yaml' 'reason: (NetworkNotReady|FailedCreatePodSandBox)' all
	show $s kubelet.anonymous-auth 'host_service_logs/masters/kubelet_service.log' 'User \\"system:anonymous\\"' all
	show $s kubelet.client-cert-missing 'host_service_logs/masters/kubelet_service.log' 'kubelet-client-current.pem: no such file or directory'
	show $s kubelet.client-cert-missing 'host_service_logs/masters/kubelet_service.log' 'cannot create certificate signing request: Unauthorized' all
	show $s etcd.guard-missing-operand 'cluster-scoped-resources/config.openshift.io/clusteroperators/etcd.yaml' 'GuardControllerDegraded: Missing operand on node master-1'
	show $s etcd.guard-missing-operand 'host_service_logs/masters/kubelet_service.log' 'Failed creating a mirror pod for' all
	show $s baremetal.host-stuck-inspecting 'namespaces/openshift-machine-api/metal3.io/baremetalhosts/master-2.yaml' 'state: inspecting'
	show $s baremetal.mlx5-module-query-error 'namespaces/openshift-machine-api/pods/metal3-*/metal3-ramdisk-logs/metal3-ramdisk-logs/logs/current.log' 'mlx5_query_module_id:315' all
	show $s etcd.quorum-not-fault-tolerant 'cluster-scoped-resources/config.openshift.io/clusteroperators/etcd.yaml' 'quorum of 2 which is not fault tolerant'
	show $s auth.apiservers-below-3 'cluster-scoped-resources/config.openshift.io/clusteroperators/authentication.yaml' 'need at least 3 kube-apiservers'
done

s=kubelet-anonymous; echo "== $s"
show $s kubelet.anonymous-auth 'host_service_logs/masters/kubelet_service.log' 'User \\"system:anonymous\\"' all
show $s kubelet.client-cert-missing 'host_service_logs/masters/kubelet_service.log' 'kubelet-client-current.pem: no such file or directory'
show $s kubelet.client-cert-missing 'host_service_logs/masters/kubelet_service.log' 'cannot create certificate signing request: Unauthorized' all
show $s etcd.guard-missing-operand 'cluster-scoped-resources/config.openshift.io/clusteroperators/etcd.yaml' 'GuardControllerDegraded: Missing operand on node master-1'
show $s etcd.guard-missing-operand 'host_service_logs/masters/kubelet_service.log' 'Failed creating a mirror pod for' all
show $s node.status-unknown 'cluster-scoped-resources/core/nodes/master-1.yaml' 'NodeStatusUnknown'

s=hand-built-cluster; echo "== $s"
show $s pki.etcd-server-no-clientauth 'namespaces/openshift-etcd/pods/etcd-master*/etcd/etcd/logs/current.log' 'certificate specifies an incompatible key usage' all
show $s pki.etcd-server-no-clientauth 'namespaces/openshift-etcd/pods/etcd-master0/etcdctl/etcdctl/logs/current.log' 'remote error: tls: bad certificate'
show $s pki.apiserver-no-localhost-san 'namespaces/openshift-kube-controller-manager/pods/kube-controller-manager-master0/kube-controller-manager/kube-controller-manager/logs/current.log' 'not localhost' all
show $s pki.apiserver-no-localhost-san 'namespaces/openshift-kube-apiserver/pods/kube-apiserver-master0/kube-apiserver/kube-apiserver/logs/current.log' 'TLS handshake error from \[::1\]'
show $s cvo.featuregate-missing 'namespaces/openshift-cluster-version/pods/cluster-version-operator-*/cluster-version-operator/cluster-version-operator/logs/previous.log' 'FeatureGate not found in cluster'
show $s cvo.featuregate-missing 'namespaces/openshift-cluster-version/pods/cluster-version-operator-*/cluster-version-operator/cluster-version-operator/logs/previous.log' 'requesting shutdown'
show $s network.service-ip-unreachable 'namespaces/openshift-*-operator/pods/*/*/*/logs/previous.log' 'dial tcp 172.30.0.1:443: i/o timeout'
show $s network.service-ip-unreachable 'namespaces/openshift-*-operator/pods/*/*.yaml' 'reason: CrashLoopBackOff'
show $s network.operator-config-missing 'cluster-scoped-resources/config.openshift.io/clusteroperators/network.yaml' 'No networks.operator.openshift.io cluster found'
show $s install.cluster-config-v1-missing 'namespaces/openshift-network-operator/pods/network-operator-*/network-operator/network-operator/logs/current.log' 'configmaps \\?"cluster-config-v1\\?" not found'
show $s etcd.endpoints-configmap-missing 'cluster-scoped-resources/config.openshift.io/clusteroperators/kube-apiserver.yaml' 'etcd-endpoints'
show $s etcd.endpoints-configmap-missing 'namespaces/openshift-kube-apiserver-operator/core/events.yaml' 'etcd-endpoints'
show $s config.infrastructure-topology-empty 'cluster-scoped-resources/config.openshift.io/infrastructures/cluster.yaml' 'controlPlaneTopology: ""'
show $s config.infrastructure-topology-empty 'cluster-scoped-resources/config.openshift.io/clusteroperators/config-operator.yaml' 'ControlPlaneTopology was not set'

for s in healthy-install-noise; do
	echo "== $s (noise that must not fire)"
	show $s noise.mcd-bootstrap-not-found 'namespaces/openshift-machine-config-operator/pods/machine-config-daemon-*/machine-config-daemon/machine-config-daemon/logs/current.log' 'Marking Degraded due to' all
	show $s noise.mcs-etcd-timeout 'namespaces/openshift-machine-config-operator/pods/machine-config-server-*/machine-config-server/machine-config-server/logs/current.log' 'etcdserver: request timed out' all
	show $s noise.kubelet-anonymous-at-start 'host_service_logs/masters/kubelet_service.log' 'system:anonymous' all
	show $s noise.kubelet-cni-at-start 'host_service_logs/masters/kubelet_service.log' 'NetworkPluginNotReady' all
	show $s noise.auth-below-3-event 'namespaces/openshift-authentication-operator/core/events.yaml' 'need at least 3' all
	show $s noise.guard-event 'namespaces/openshift-etcd-operator/core/events.yaml' 'Missing operand' all
	show $s noise.networknotready-events 'namespaces/openshift-multus/core/events.yaml' 'reason: NetworkNotReady' all
done

s=aws-credentials-insufficient; echo "== $s"
show $s cco.credentials-insufficient 'cluster-scoped-resources/config.openshift.io/clusteroperators/cloud-credential.yaml' 'failing to sync'
show $s cco.credentials-insufficient 'namespaces/openshift-cloud-credential-operator/cloudcredential.openshift.io/credentialsrequests/openshift-ingress.yaml' 'type: InsufficientCloudCreds'
show $s cco.credentials-insufficient 'namespaces/openshift-cloud-credential-operator/pods/cloud-credential-operator-*/cloud-credential-operator/cloud-credential-operator/logs/current.log' 'InvalidClientTokenId' all
show $s cco.credentials-insufficient 'namespaces/openshift-cloud-credential-operator/pods/cloud-credential-operator-*/cloud-credential-operator/cloud-credential-operator/logs/current.log' 'errored with condition: InsufficientCloudCreds' all
show $s ingress.lb-dns-not-provisioned 'namespaces/openshift-ingress-operator/operator.openshift.io/ingresscontrollers/default.yaml' 'type: (LoadBalancerReady|DNSReady)' all
show $s ingress.lb-dns-not-provisioned 'namespaces/openshift-ingress-operator/operator.openshift.io/ingresscontrollers/default.yaml' "The record isn't present"
show $s ingress.lb-dns-not-provisioned 'cluster-scoped-resources/config.openshift.io/clusteroperators/ingress.yaml' 'reports Degraded=True'
show $s ingress.lb-dns-not-provisioned 'namespaces/openshift-ingress-operator/ingress.operator.openshift.io/dnsrecords/default-wildcard.yaml' '^status: \{\}'
show $s ingress.lb-dns-not-provisioned 'namespaces/openshift-ingress-operator/pods/ingress-operator-*/ingress-operator/ingress-operator/logs/current.log' 'failed to get cloud credentials from secret' all
show $s registry.storage-not-configured 'cluster-scoped-resources/config.openshift.io/clusteroperators/image-registry.yaml' 'unable to sync storage'
show $s registry.storage-not-configured 'cluster-scoped-resources/imageregistry.operator.openshift.io/configs/cluster.yaml' 'unable to sync storage'
show $s auth.oauth-route-unreachable 'cluster-scoped-resources/config.openshift.io/clusteroperators/authentication.yaml' 'OAuthServerRouteEndpointAccessibleControllerDegraded'
show $s console.route-unhealthy 'cluster-scoped-resources/config.openshift.io/clusteroperators/console.yaml' 'RouteHealthDegraded'
show $s cluster.version 'cluster-scoped-resources/config.openshift.io/clusterversions/version.yaml' 'are not available'

s=workers-csr-not-approved; echo "== $s"
show $s csr.approver-refusing 'namespaces/openshift-cluster-machine-approver/pods/machine-approver-*/machine-approver-controller/machine-approver-controller/logs/current.log' 'failed to find machine for node' all
show $s csr.pending 'cluster-scoped-resources/certificates.k8s.io/certificatesigningrequests/*.yaml' '^status: \{\}'
show $s machines 'namespaces/openshift-machine-api/machine.openshift.io/machines/*worker*.yaml' 'type: InternalDNS|phase: Provisioned'
show $s pods.unschedulable 'namespaces/openshift-ingress/pods/router-default-*/router-default-*.yaml' 'untolerated taint'
show $s ingress 'cluster-scoped-resources/config.openshift.io/clusteroperators/ingress.yaml' 'reports Degraded=True'
show $s ingress 'namespaces/openshift-ingress-operator/operator.openshift.io/ingresscontrollers/default.yaml' 'sufficient worker'
show $s auth 'cluster-scoped-resources/config.openshift.io/clusteroperators/authentication.yaml' 'ReadyIngressNodesAvailable|OAuthServerRouteEndpointAccessibleControllerDegraded'
show $s console.route-unhealthy 'cluster-scoped-resources/config.openshift.io/clusteroperators/console.yaml' 'RouteHealthDegraded'
show $s cluster.version 'cluster-scoped-resources/config.openshift.io/clusterversions/version.yaml' 'are not available'

s=node-disk-pressure; echo "== $s"
show $s kubelet.node-pressure 'cluster-scoped-resources/core/nodes/worker-1.ocp.lab.example.yaml' 'type: DiskPressure|key: node.kubernetes.io/disk-pressure'
show $s kubelet.node-pressure 'cluster-scoped-resources/core/nodes/worker-1.ocp.lab.example.yaml' 'kubelet has disk pressure'
show $s kubelet.node-pressure 'namespaces/*/pods/*/*.yaml' 'The node was low on resource' 
show $s kubelet.node-pressure 'host_service_logs/workers/kubelet_service.log' 'pod is evicted successfully' all
show $s kubelet.node-pressure 'host_service_logs/workers/kubelet_service.log' 'unable to evict any pods' all
show $s kubelet.node-pressure 'host_service_logs/workers/kubelet_service.log' 'Image garbage collection failed' all
show $s kubelet.node-pressure 'namespaces/default/core/events.yaml' 'reason: (EvictionThresholdMet|NodeHasDiskPressure|FreeDiskSpaceFailed)' all
show $s filler 'namespaces/acme-logship/pods/logship-agent-*/shipper/shipper/logs/current.log' 'no space left on device' all
