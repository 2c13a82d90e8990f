# SPDX-License-Identifier: Apache-2.0
# base.sh - cluster-wide objects shared by the samples (sourced after lib.sh)

# every ClusterOperator of a 4.18 self-managed HA cluster, healthy.
# all_cos CREATED SINCE ; samples overwrite the unhealthy ones afterwards
all_cos() {
	_rv=20000
	for _e in \
		"authentication|openshift-authentication openshift-authentication-operator openshift-oauth-apiserver" \
		"baremetal|openshift-machine-api" \
		"cloud-controller-manager|openshift-cloud-controller-manager-operator" \
		"cloud-credential|openshift-cloud-credential-operator" \
		"cluster-autoscaler|openshift-machine-api" \
		"config-operator|openshift-config-operator" \
		"console|openshift-console-operator openshift-console" \
		"control-plane-machine-set|openshift-machine-api" \
		"csi-snapshot-controller|openshift-cluster-storage-operator" \
		"dns|openshift-dns-operator openshift-dns" \
		"etcd|openshift-etcd-operator openshift-etcd" \
		"image-registry|openshift-image-registry" \
		"ingress|openshift-ingress-operator openshift-ingress" \
		"insights|openshift-insights" \
		"kube-apiserver|openshift-kube-apiserver-operator openshift-kube-apiserver" \
		"kube-controller-manager|openshift-kube-controller-manager-operator openshift-kube-controller-manager" \
		"kube-scheduler|openshift-kube-scheduler-operator openshift-kube-scheduler" \
		"kube-storage-version-migrator|openshift-kube-storage-version-migrator-operator" \
		"machine-api|openshift-machine-api" \
		"machine-approver|openshift-cluster-machine-approver" \
		"machine-config|openshift-machine-config-operator" \
		"marketplace|openshift-marketplace" \
		"monitoring|openshift-monitoring" \
		"network|openshift-network-operator openshift-ovn-kubernetes" \
		"node-tuning|openshift-cluster-node-tuning-operator" \
		"olm|openshift-cluster-olm-operator" \
		"openshift-apiserver|openshift-apiserver-operator openshift-apiserver" \
		"openshift-controller-manager|openshift-controller-manager-operator openshift-controller-manager" \
		"openshift-samples|openshift-cluster-samples-operator" \
		"operator-lifecycle-manager|openshift-operator-lifecycle-manager" \
		"operator-lifecycle-manager-catalog|openshift-operator-lifecycle-manager" \
		"operator-lifecycle-manager-packageserver|openshift-operator-lifecycle-manager" \
		"service-ca|openshift-service-ca-operator" \
		"storage|openshift-cluster-storage-operator"; do
		_rv=$((_rv + 137))
		case " $CO_SKIP " in *" ${_e%%|*} "*) continue ;; esac
		co_ok "${_e%%|*}" "$1" "$_rv" "$2" "$OCPVER" "${_e#*|}"
	done
}

# infra_none CREATED RV [controlPlaneTopology]   (platform None: agent/UPI)
infra_none() {
	_topo=${3-HighlyAvailable}
	{
		cat <<EOF
---
apiVersion: config.openshift.io/v1
kind: Infrastructure
metadata:
  creationTimestamp: "$1"
  generation: 1
  name: cluster
  resourceVersion: "$2"
  uid: $(uid "infra-$CLUSTER")
spec:
  cloudConfig:
    name: ""
  platformSpec:
    type: None
status:
  apiServerInternalURI: https://api-int.$DOMAIN:6443
  apiServerURL: https://api.$DOMAIN:6443
EOF
		kv 2 controlPlaneTopology "$_topo"
		echo "  cpuPartitioning: None"
		echo '  etcdDiscoveryDomain: ""'
		echo "  infrastructureName: $INFRAID"
		kv 2 infrastructureTopology "$_topo"
		echo "  platform: None"
		echo "  platformStatus:"
		echo "    type: None"
	} | w "$R/cluster-scoped-resources/config.openshift.io/infrastructures/cluster.yaml"
}

# mcp ROLE CREATED RV SPEC_RENDERED STATUS_RENDERED(""=empty) MACHINES READY UPDATED DEGRADED
#     CONDTIME DEGRADED(True/False) NODEDEG_REASON NODEDEG_MESSAGE UPDATED_COND(True/False) UPDATING(True/False)
mcp() {
	_role=$1
	{
		cat <<EOF
---
apiVersion: machineconfiguration.openshift.io/v1
kind: MachineConfigPool
metadata:
  creationTimestamp: "$2"
  generation: 2
  labels:
    machineconfiguration.openshift.io/mco-built-in: ""
EOF
		[ "$_role" = master ] && echo '    operator.machineconfiguration.openshift.io/required-for-upgrade: ""'
		cat <<EOF
    pools.operator.machineconfiguration.openshift.io/$_role: ""
  name: $_role
  resourceVersion: "$3"
  uid: $(uid "mcp-$_role-$CLUSTER")
spec:
  configuration:
    name: $4
    source:
EOF
		for _s in $(mcsources "$_role"); do
			echo "    - apiVersion: machineconfiguration.openshift.io/v1"
			echo "      kind: MachineConfig"
			echo "      name: $_s"
		done
		cat <<EOF
  machineConfigSelector:
    matchLabels:
      machineconfiguration.openshift.io/role: $_role
  maxUnavailable: 1
  nodeSelector:
    matchLabels:
      node-role.kubernetes.io/$_role: ""
  paused: false
status:
  certExpirys:
  - bundle: KubeAPIServerServingCAData
    expiry: "$CAEXPIRY"
    subject: CN=admin-kubeconfig-signer,OU=openshift
  conditions:
  - lastTransitionTime: "${16:-$2}"
    message: ""
    reason: ""
    status: "False"
    type: PinnedImageSetsDegraded
  - lastTransitionTime: "${16:-$2}"
    message: ""
    reason: ""
    status: "False"
    type: RenderDegraded
EOF
		if [ "${14}" = True ]; then
			kli 2 lastTransitionTime "${10}"
			kv 4 message "All nodes are updated with MachineConfig $4"
			echo '    reason: ""'
			echo '    status: "True"'
			echo "    type: Updated"
		else
			kli 2 lastTransitionTime "${10}"
			echo '    message: ""'
			echo '    reason: ""'
			echo '    status: "False"'
			echo "    type: Updated"
		fi
		kli 2 lastTransitionTime "${10}"
		if [ "${15}" = True ]; then
			kv 4 message "All nodes are updating to MachineConfig $4"
		else
			echo '    message: ""'
		fi
		echo '    reason: ""'
		kv 4 status "${15}"
		echo "    type: Updating"
		kli 2 lastTransitionTime "${10}"
		if [ "${11}" = True ]; then
			kv 4 message "${13}"
			kv 4 reason "${12}"
		else
			echo '    message: ""'
			echo '    reason: ""'
		fi
		kv 4 status "${11}"
		echo "    type: NodeDegraded"
		kli 2 lastTransitionTime "${10}"
		echo '    message: ""'
		echo '    reason: ""'
		kv 4 status "${11}"
		echo "    type: Degraded"
		echo "  configuration:"
		if [ -n "$5" ]; then
			echo "    name: $5"
			echo "    source:"
			for _s in $(mcsources "$_role"); do
				echo "    - apiVersion: machineconfiguration.openshift.io/v1"
				echo "      kind: MachineConfig"
				echo "      name: $_s"
			done
		else
			echo '    name: ""'
		fi
		cat <<EOF
  degradedMachineCount: $9
  machineCount: $6
  observedGeneration: 2
  readyMachineCount: $7
  unavailableMachineCount: $(($6 - $7))
  updatedMachineCount: $8
EOF
	} | w "$R/cluster-scoped-resources/machineconfiguration.openshift.io/machineconfigpools/$_role.yaml"
}
mcsources() {
	echo "00-$1 01-$1-container-runtime 01-$1-kubelet 97-$1-generated-kubelet 98-$1-generated-kubelet 99-$1-generated-registries 99-$1-ssh"
}
# the source MachineConfigs of both pools
source_mcs() { # CREATED GENHASH
	_rv=8100
	for _r in master worker; do
		for _m in $(mcsources $_r); do
			_rv=$((_rv + 23))
			mc "$_m" "$_r" "$1" "$_rv" "$2"
		done
	done
}

# etcd_info MEMBERS... each "name|ip|id" ; $1 = leader id
etcd_info() {
	_lead=$1; shift
	_cid=1$(printf '%s' "cid$CLUSTER" | sha256sum | tr -dc 0-9 | cut -c1-18)
	{
		printf '{"header":{"cluster_id":%s,"member_id":%s,"raft_term":%s},"members":[' "$_cid" "$_lead" "$ETCDTERM"
		_sep=""
		for _m in "$@"; do
			IFS='|' read -r _n _i _id <<EOF
$_m
EOF
			printf '%s{"ID":%s,"name":"%s","peerURLs":["https://%s:2380"],"clientURLs":["https://%s:2379"]}' "$_sep" "$_id" "$_n" "$_i" "$_i"
			_sep=","
		done
		printf ']}\n'
	} | w "$R/etcd_info/member_list.json"
	{
		printf '['; _sep=""
		for _m in "$@"; do
			IFS='|' read -r _n _i _id <<EOF
$_m
EOF
			printf '%s{"endpoint":"https://%s:2379","health":true,"took":"%s.%03dms"}' "$_sep" "$_i" "$(( ${#_n} % 7 + 3 ))" "${_id#"${_id%???}"}"
			_sep=","
		done
		printf ']\n'
	} | w "$R/etcd_info/endpoint_health.json"
	{
		printf '['; _sep=""
		for _m in "$@"; do
			IFS='|' read -r _n _i _id <<EOF
$_m
EOF
			printf '%s{"Endpoint":"https://%s:2379","Status":{"header":{"cluster_id":%s,"member_id":%s,"revision":%s,"raft_term":%s},"version":"%s","dbSize":%s,"leader":%s,"raftIndex":%s,"raftTerm":%s,"raftAppliedIndex":%s,"dbSizeInUse":%s}}' \
				"$_sep" "$_i" "$_cid" "$_id" "$ETCDREV" "$ETCDTERM" "${ETCDVER:-3.5.18}" "$((ETCDREV * 1213))" "$_lead" "$((ETCDREV + 4117))" "$ETCDTERM" "$((ETCDREV + 4117))" "$((ETCDREV * 977))"
			_sep=","
		done
		printf ']\n'
	} | w "$R/etcd_info/endpoint_status.json"
	printf '{"header":{"cluster_id":%s,"member_id":%s,"revision":%s,"raft_term":%s}}\n' "$_cid" "$_lead" "$ETCDREV" "$ETCDTERM" | w "$R/etcd_info/alarm_list.json"
}

# machine-config-daemon pod for a node: mcd_pod NODE IP SUFFIX CREATED RV
mcd_pod() {
	P_NS=openshift-machine-config-operator; P_NAME=machine-config-daemon-$3; P_GEN=machine-config-daemon-
	P_OKIND=DaemonSet; P_ONAME=machine-config-daemon; P_NODE=$1; P_IP=$2; P_HOSTNET=1
	P_CREATED=$4; P_RV=$5; P_SA=machine-config-daemon
	P_LABELS="    controller-revision-hash: 6d8f9b7c4d
    k8s-app: machine-config-daemon
    pod-template-generation: \"1\""
	P_CTRS="machine-config-daemon|machine-config-operator|run:$4|0"
	pod
}
mcs_pod() { # NODE IP SUFFIX CREATED RV
	P_NS=openshift-machine-config-operator; P_NAME=machine-config-server-$3; P_GEN=machine-config-server-
	P_OKIND=DaemonSet; P_ONAME=machine-config-server; P_NODE=$1; P_IP=$2; P_HOSTNET=1
	P_CREATED=$4; P_RV=$5; P_SA=machine-config-server
	P_LABELS="    controller-revision-hash: 58c9d6f7b8
    k8s-app: machine-config-server
    pod-template-generation: \"1\""
	P_CTRS="machine-config-server|machine-config-operator|run:$4|0"
	pod
}

# ------------------------------------------------------------ MCD log pieces
# mcd_head NODE PID T0 ROLE [SEED]: startup of a machine-config-daemon container
mcd_head() {
	awkt -v node="$1" -v pid="$2" -v t0="$3" -v role="$4" -v seed="${5:-$2}" -v ver="$OCPVER" -v h="$MCCHASH" \
		-v osimg="$(img rhel-coreos-$OCPVER)" -v build="$RHCOSBUILD" -v api="api-int.$DOMAIN" '
	BEGIN {
		RS0 = seed * 7 + ep(t0) % 99991; e = ep(t0); dig = substr(osimg, length(osimg) - 63)
		v = "Version: machine-config-daemon-" ver "-" substr(build, 8, 12) ".p0.g" substr(h, 1, 7) ".assembly.stream.el9 (" h ")"
		print pod(e, "I", pid, "start.go:61", v)
		print pod(e, "I", pid, "update.go:2641", "Running: mount --rbind /run/secrets /rootfs/run/secrets")
		print pod(e, "I", pid, "update.go:2641", "Running: mount --rbind /usr/bin /rootfs/run/machine-config-daemon-bin")
		print pod(e, "I", pid, "daemon.go:552", "using appropriate binary for source=rhel-9 target=rhel-9")
		e += 1; print pod(e, "I", pid, "daemon.go:605", "Invoking re-exec /run/bin/machine-config-daemon")
		print pod(e, "I", pid, "start.go:61", v)
		print pod(e, "I", pid, "update.go:2641", "Running: systemctl daemon-reload")
		e += 1; print pod(e, "I", pid, "rpm-ostree.go:308", "Running captured: rpm-ostree status --json")
		print pod(e, "I", pid, "daemon.go:304", "Booted osImageURL: " osimg " (" build ") " dig)
		print pod(e, "I", pid, "start.go:137", "overriding kubernetes api to https://" api ":6443")
		print pod(e, "I", pid, "metrics.go:92", "Registering Prometheus metrics")
		print pod(e, "I", pid, "metrics.go:99", "Starting metrics listener on 127.0.0.1:8797")
		print pod(e, "I", pid, "writer.go:87", "NodeWriter initialized with credentials from /var/lib/kubelet/kubeconfig")
		print pod(e, "I", pid, "update.go:2656", "Starting to manage node: " node)
		e += 1; print pod(e, "I", pid, "rpm-ostree.go:308", "Running captured: rpm-ostree status")
		print pod(e, "I", pid, "daemon.go:1356", "State: idle")
		print praw(e, "Deployments:")
		print praw(e, "* ostree-unverified-registry:" osimg)
		print praw(e, "                   Digest: sha256:" dig)
		print praw(e, "                  Version: " build)
		print pod(e, "I", pid, "rpm-ostree.go:308", "Running captured: journalctl --list-boots")
		print pod(e, "I", pid, "daemon.go:1380", "systemd service state: OK")
		print pod(e, "I", pid, "daemon.go:1007", "Starting MachineConfigDaemon")
		print pod(e, "I", pid, "daemon.go:1014", "Enabling Kubelet Healthz Monitor")
		e += 2
		if (role == "master") print pod(e, "I", pid, "daemon.go:2896", "Node " node " is part of the control plane")
		else print pod(e, "I", pid, "daemon.go:2902", "Node " node " is not labeled node-role.kubernetes.io/master")
	}'
}
# mcd_first_boot NODE PID T CONFIG [SEED]: first start on a fresh node (bootstrap annotations)
mcd_first_boot() {
	awkt -v node="$1" -v pid="$2" -v t0="$3" -v cfg="$4" -v seed="${5:-$2}" '
	BEGIN {
		RS0 = seed * 7 + ep(t0) % 99991; e = ep(t0)
		print pod(e, "I", pid, "node.go:24", "No machineconfiguration.openshift.io/currentConfig annotation on node " node ": map[machineconfiguration.openshift.io/controlPlaneTopology:HighlyAvailable volumes.kubernetes.io/controller-managed-attach-detach:true], in cluster bootstrap, loading initial node annotation from /etc/machine-config-daemon/node-annotations.json")
		print pod(e, "I", pid, "node.go:45", "Setting initial node config: " cfg)
	}'
}
# mcd_bootstrap_done PID T CONFIG [SEED]: bootstrap reconciliation succeeds
mcd_bootstrap_done() {
	awkt -v pid="$1" -v t0="$2" -v cfg="$3" -v seed="${4:-$1}" '
	BEGIN {
		RS0 = seed * 7 + ep(t0) % 99991; e = ep(t0)
		print pod(e, "I", pid, "daemon.go:1662", "In bootstrap mode")
		print pod(e, "I", pid, "daemon.go:1690", "Current+desired config: " cfg)
		print pod(e, "I", pid, "daemon.go:2213", "No bootstrap pivot required; unlinking bootstrap node annotations")
		print pod(e, "I", pid, "daemon.go:2251", "Validating against pending config " cfg)
		e += 1; print pod(e, "I", pid, "daemon.go:2262", "Validated on-disk state")
		print pod(e, "I", pid, "daemon.go:2345", "Completing pending config " cfg)
		print pod(e, "I", pid, "update.go:2656", "Update completed for config " cfg " and node has been successfully uncordoned")
		print pod(e, "I", pid, "daemon.go:2371", "In desired config " cfg)
		print pod(e, "I", pid, "config_drift_monitor.go:246", "Config Drift Monitor started")
	}'
}
# mcd_steady PID T CONFIG [SEED]: restart on a node that is already Done
mcd_steady() {
	awkt -v pid="$1" -v t0="$2" -v cfg="$3" -v seed="${4:-$1}" '
	BEGIN {
		RS0 = seed * 7 + ep(t0) % 99991; e = ep(t0)
		print pod(e, "I", pid, "daemon.go:1690", "Current+desired config: " cfg)
		print pod(e, "I", pid, "daemon.go:1705", "state: Done")
		print pod(e, "I", pid, "update.go:2641", "Running: rpm-ostree cleanup -r")
		print praw(e, "Deployments unchanged.")
		print pod(e, "I", pid, "daemon.go:2251", "Validating against current config " cfg)
		e += 1; print pod(e, "I", pid, "daemon.go:2262", "Validated on-disk state")
		print pod(e, "I", pid, "daemon.go:2371", "In desired config " cfg)
		print pod(e, "I", pid, "config_drift_monitor.go:246", "Config Drift Monitor started")
	}'
}
# mcd_missing PID T0 T1 MISSING BOOTSTRAP(1|0) MIN MAX [SEED]: the degraded loop
mcd_missing() {
	awkt -v pid="$1" -v t0="$2" -v t1="$3" -v bad="$4" -v boot="$5" -v lo="$6" -v hi="$7" -v seed="${8:-$1}" '
	BEGIN {
		RS0 = seed * 7 + ep(t0) % 99991; e = ep(t0); end = ep(t1)
		while (e < end) {
			if (boot == 1) print pod(e, "I", pid, "daemon.go:1662", "In bootstrap mode")
			print pod(e, "E", pid, "writer.go:231", "Marking Degraded due to: \"missing MachineConfig " bad "\\nmachineconfig.machineconfiguration.openshift.io \\\"" bad "\\\" not found\"")
			e += ri(lo, hi)
		}
	}'
}
# mcs_head T0 : machine-config-server startup
mcs_head() {
	awkt -v t0="$1" -v h="$MCCHASH" -v ver="$OCPVER" -v build="$RHCOSBUILD" '
	BEGIN {
		RS0 = 11; e = ep(t0)
		print pod(e, "I", 1, "start.go:51", "Version: machine-config-daemon-" ver "-" substr(build, 8, 12) ".p0.g" substr(h, 1, 7) ".assembly.stream.el9 (" h ")")
		print pod(e, "I", 1, "api.go:65", "Launching server with tls min version: VersionTLS12 & cipher suites [TLS_AES_128_GCM_SHA256 TLS_AES_256_GCM_SHA384 TLS_CHACHA20_POLY1305_SHA256 TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256 TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256 TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384 TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384 TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256 TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256]")
		print pod(e, "I", 1, "api.go:80", "Launching server on :22624")
		print pod(e, "I", 1, "api.go:80", "Launching server on :22623")
	}'
}
# mcs_req "T@ADDR@POOL ..." : served requests (HTTP 200)
mcs_req() {
	awkt -v reqs="$1" '
	BEGIN {
		RS0 = 17; n = split(reqs, W, " ")
		for (i = 1; i <= n; i++) { split(W[i], a, "@"); print pod(ep(a[1]), "I", 1, "api.go:120", "Pool " a[3] " requested by address:\"" a[2] "\" User-Agent:\"Ignition/2.20.0\" Accept-Header: \"application/vnd.coreos.ignition+json;version=3.4.0, */*;q=0.1\"") }
	}'
}

# monitoring_rules ACTIVE_WATCHDOG ACTIVE_RECEIVERS EVAL: the Prometheus
# rules-API answer must-gather saves as monitoring/prometheus/rules.json
# (gather_monitoring, 4.8+), for a healthy cluster: Watchdog firing (the
# pipeline's heartbeat), AlertmanagerReceiversNotConfigured firing (no
# receiver set up yet), and a quiet KubePodCrashLooping rule.
monitoring_rules() {
	w "$R/monitoring/prometheus/rules.json" <<EOJ
{"status":"success","data":{"groups":[{"name":"general.rules","file":"/etc/prometheus/rules/prometheus-k8s-rulefiles-0/openshift-monitoring-cluster-monitoring-operator-prometheus-rules-6b9f1c2e-1f3a-4c8e-9d2b-7a1e5c3f0b4d.yaml","rules":[{"state":"firing","name":"Watchdog","query":"vector(1)","duration":0,"labels":{"namespace":"openshift-monitoring","severity":"none"},"annotations":{"description":"This is an alert meant to ensure that the entire alerting pipeline is functional.\nThis alert is always firing, therefore it should always be firing in Alertmanager\nand always fire against a receiver. There are integrations with various notification\nmechanisms that send a notification when this alert is not firing. For example the\n\"DeadMansSnitch\" integration in PagerDuty.\n","summary":"An alert that should always be firing to certify that Alertmanager is working properly."},"alerts":[{"labels":{"alertname":"Watchdog","namespace":"openshift-monitoring","severity":"none"},"annotations":{"description":"This is an alert meant to ensure that the entire alerting pipeline is functional.\nThis alert is always firing, therefore it should always be firing in Alertmanager\nand always fire against a receiver. There are integrations with various notification\nmechanisms that send a notification when this alert is not firing. For example the\n\"DeadMansSnitch\" integration in PagerDuty.\n","summary":"An alert that should always be firing to certify that Alertmanager is working properly."},"state":"firing","activeAt":"$1","value":"1e+00"}],"health":"ok","evaluationTime":0.000394255,"lastEvaluation":"$3","type":"alerting"}],"interval":30,"limit":0,"evaluationTime":0.000412,"lastEvaluation":"$3"},{"name":"openshift-kubernetes.rules","file":"/etc/prometheus/rules/prometheus-k8s-rulefiles-0/openshift-monitoring-cluster-monitoring-operator-prometheus-rules-6b9f1c2e-1f3a-4c8e-9d2b-7a1e5c3f0b4d.yaml","rules":[{"state":"firing","name":"AlertmanagerReceiversNotConfigured","query":"cluster:alertmanager_integrations:max == 0","duration":600,"labels":{"namespace":"openshift-monitoring","severity":"warning"},"annotations":{"description":"Alerts are not configured to be sent to a notification system, meaning that you may not be notified in a timely fashion when important failures occur. Check the OpenShift documentation to learn how to configure notifications with Alertmanager.","summary":"Receivers (notification integrations) are not configured on Alertmanager"},"alerts":[{"labels":{"alertname":"AlertmanagerReceiversNotConfigured","namespace":"openshift-monitoring","severity":"warning"},"annotations":{"description":"Alerts are not configured to be sent to a notification system, meaning that you may not be notified in a timely fashion when important failures occur. Check the OpenShift documentation to learn how to configure notifications with Alertmanager.","summary":"Receivers (notification integrations) are not configured on Alertmanager"},"state":"firing","activeAt":"$2","value":"0e+00"}],"health":"ok","evaluationTime":0.000177075,"lastEvaluation":"$3","type":"alerting"},{"state":"inactive","name":"KubePodCrashLooping","query":"max_over_time(kube_pod_container_status_waiting_reason{job=\"kube-state-metrics\",namespace=~\"(openshift-.*|kube-.*|default)\",reason=\"CrashLoopBackOff\"}[5m]) >= 1","duration":900,"labels":{"severity":"warning"},"annotations":{"description":"Pod {{ \$labels.namespace }}/{{ \$labels.pod }} ({{ \$labels.container }}) is in waiting state (reason: \"CrashLoopBackOff\").","summary":"Pod is crash looping."},"alerts":[],"health":"ok","evaluationTime":0.000721,"lastEvaluation":"$3","type":"alerting"}],"interval":30,"limit":0,"evaluationTime":0.000914,"lastEvaluation":"$3"}]}}
EOJ
}
