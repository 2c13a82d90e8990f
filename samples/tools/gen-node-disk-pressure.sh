#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# gen-node-disk-pressure.sh -> samples/node-disk-pressure
# A settled 4.18.19 cluster (platform None, 3 masters + 3 workers).  On
# worker-1 a third-party log shipper DaemonSet, deployed the day before,
# spools to a hostPath under /var/log; /var fills.  The kubelet's image GC
# cannot free enough (the images are in use), it reports DiskPressure, taints
# the node and evicts pods ranked by their own ephemeral-storage use - which
# cannot relieve a disk filled outside the pods' accounting.  Routers, the
# registry and other system-cluster-critical pods are never evicted (priority
# 2000000000); the image pruner job's pod and user pods are.  node-exporter's
# NodeFilesystemAlmostOutOfSpace alert is critical (< 3 % free for 1 h).
TOOLS=$(cd "$(dirname "$0")" && pwd); SAMPLES=$(dirname "$TOOLS")
. "$TOOLS/lib.sh"; . "$TOOLS/base.sh"; . "$TOOLS/ipi.sh"

CLUSTER=apps418; DOMAIN=ocp.lab.example; INFRAID=ocp-5vx2k
OCPVER=4.18.19; KUBEVER=v1.31.9; ERRATA=2025:9127
CRIOVER=cri-o://1.31.9-4.rhaos4.18.gitf1d9c3a.el9
KERNELVER=5.14.0-427.74.1.el9_4.x86_64
RHCOSBUILD=418.94.202506241035-0
RHCOSVER="Red Hat Enterprise Linux CoreOS $RHCOSBUILD (Plow)"
CAEXPIRY=2035-05-29T10:12:40Z; EVRV=9180000; ETCDREV=9161733; ETCDTERM=14
MCCHASH=6e1f0c9b2a8d7e4f3c5b1a0d9e8f7c6b5a4d3e2f
T0=2025-06-01T10:11:06Z         # install (3.5 months before)
TC=2025-09-16T14:32:10Z         # collection
DP=2025-09-16T12:41:20Z         # worker-1 DiskPressure=True
SUB=10.8.20
W1=worker-1.$DOMAIN; W1IP=$SUB.32

mg_init node-disk-pressure 4471902366155378120 "$CLUSTER-mg-$OCPVER"
ipi_stamps 7200 "+0200 CEST"

cv_write Completed "$(t 2980)" <<EOF
RetrievedUpdates|True|-|$(t 460)|-
ReleaseAccepted|True|PayloadLoaded|$(t 460)|Payload loaded version="$OCPVER" image="quay.io/openshift-release-dev/ocp-release@sha256:$(h64 "release-$OCPVER")" architecture="amd64"
Available|True|-|$(t 2980)|Done applying $OCPVER
Failing|False|-|$(t 2980)|-
Progressing|False|-|$(t 2980)|Cluster version is $OCPVER
ImplicitlyEnabledCapabilities|False|AsExpected|$(t 460)|Capabilities match configured spec
EOF
all_cos "$(t 470)" "$(t 2950)"
infra_none "$(t 400)" 612

# --------------------------------------------------------------- nodes
RM=rendered-master-$(h32 "rm-$CLUSTER"); RW=rendered-worker-$(h32 "rw-$CLUSTER")
i=0
for n in master-0 master-1 master-2 worker-0 worker-1 worker-2; do
	i=$((i + 1))
	N_NAME=$n.$DOMAIN; N_IP=$SUB.$((20 + i)); N_SUBNET=10.$((127 + i)).0.0/23
	case $n in master*) N_ROLE=master; N_CUR=$RM; N_CREATED=$(t $((700 + i * 9))) ;; *) N_ROLE=worker; N_CUR=$RW; N_CREATED=$(t $((1500 + i * 11))) ;; esac
	[ $n = worker-1 ] && N_IP=$W1IP
	N_DES=$N_CUR; N_STATE=Done; N_REASON=""; N_CCRV=$((EVRV / 3)); N_RV=$((EVRV + 100 + i))
	N_READY=True; N_HB=$(tc $((-20 - i))); N_RT=$(t $((760 + i * 40)))
	if [ $n = worker-1 ]; then
		N_DISKP=$DP
		N_TAINTS="  - effect: NoSchedule
    key: node.kubernetes.io/disk-pressure
    timeAdded: \"$DP\""
	fi
	node
done

source_mcs "$(t 600)" $MCCHASH
mc $RM master "$(t 640)" 8390 $MCCHASH
mc $RW worker "$(t 640)" 8392 $MCCHASH
mcp master "$(t 599)" $((EVRV + 50)) $RM $RM 3 3 3 0 "$(t 900)" False "" "" True False "$(t 641)"
mcp worker "$(t 599)" $((EVRV + 51)) $RW $RW 3 3 3 0 "$(t 1700)" False "" "" True False "$(t 641)"

etcd_info 5310467718240917735 "master-0.$DOMAIN|$SUB.21|5310467718240917735" \
	"master-1.$DOMAIN|$SUB.22|11893017241553304213" "master-2.$DOMAIN|$SUB.23|3128049166177820904"

# --------------------------------------------------------------- evicted pods
# kubelet eviction message: pkg/kubelet/eviction/helpers.go nodeLowMessageFmt +
# thresholdMetMessageFmt + containerMessageFmt.  imagefs.available<15 % of
# 124705772Ki = 19154806579 bytes (GetThresholdQuantity, BinarySI).
THR=19154806579
evict() { # NS NAME OWNERKIND OWNER CTR IMAGE EVICT_T AVAIL USED PRIOCLASS
	P_NS=$1; P_NAME=$2; P_OKIND=$3; P_ONAME=$4; P_CTR=$5; P_IMG=$6; P_EVICTED=$7
	P_NODE=$W1; P_IP=$W1IP; P_RV=$((EVRV + 700 + ${#2})); P_PRIOCLASS=${10}
	P_CREATED=$(awk -f "$TOOLS/tlib.awk" -v b="$7" -v o="-$(( $(printf '%s' "$2" | cksum | cut -d' ' -f1) % 400000 + 90000 ))" -f /dev/stdin <<'EOF'
BEGIN { print rfc(ep(b) + o) "Z" }
EOF
)
	P_GEN="${2%-*}-"; case $3 in Job) P_OAPI=batch/v1; P_RESTART=Never ;; esac
	P_LABELS="    app: ${4%-*}"
	P_EVMSG="The node was low on resource: ephemeral-storage. Threshold quantity: $THR, available: $8. Container $5 was using $9, request is 0, has larger consumption of ephemeral-storage. "
	pod_evicted
	ev "$1" Pod "$2" v1 Evicted Warning "$7" "$7" 1 kubelet "$W1" "$P_EVMSG"
}
# times of the eviction rounds (kubelet housekeeping every 10 s; one pod per round, then wait)
E1=2025-09-16T12:41:31Z; E2=2025-09-16T12:44:12Z; E3=2025-09-16T12:50:02Z
E4=2025-09-16T13:06:19Z; E5=2025-09-16T13:31:47Z; E6=2025-09-16T14:02:30Z
NS=shop-prod
nsobj $NS 2025-06-12T08:30:11Z 233010
evict $NS cart-api-6f8d7c9b54-x2kqp ReplicaSet cart-api-6f8d7c9b54 cart-api image-registry.openshift-image-registry.svc:5000/shop-prod/cart-api@sha256:$(h64 cart) $E1 18611204Ki 2811924Ki ""
evict $NS catalog-7b9c5d8f66-m4nwz ReplicaSet catalog-7b9c5d8f66 catalog image-registry.openshift-image-registry.svc:5000/shop-prod/catalog@sha256:$(h64 catalog) $E2 17902332Ki 1207380Ki ""
evict $NS checkout-5d4b8c7f9d-q8vrt ReplicaSet checkout-5d4b8c7f9d checkout image-registry.openshift-image-registry.svc:5000/shop-prod/checkout@sha256:$(h64 checkout) $E3 16211496Ki 388112Ki ""
podlist $NS $((EVRV + 990))
evlist $NS $((EVRV + 990))
NS=ci-builds
nsobj $NS 2025-07-02T12:04:51Z 1183302
evict $NS maven-agent-7c6d9f5b8-jv2lw ReplicaSet maven-agent-7c6d9f5b8 jnlp registry.access.redhat.com/ubi9/openjdk-21@sha256:$(h64 jdk) $E4 12650016Ki 906340Ki ""
evict $NS nodejs-agent-6b8f7d4c59-8pxkd ReplicaSet nodejs-agent-6b8f7d4c59 jnlp registry.access.redhat.com/ubi9/nodejs-20@sha256:$(h64 node20) $E5 6806528Ki 512004Ki ""
podlist $NS $((EVRV + 991))
evlist $NS $((EVRV + 991))
# the pruner's job pod has no priority class: evictable
NS=openshift-image-registry
nsobj $NS "$(t 31)" 5630
evict $NS image-pruner-29298240-5xq7d Job image-pruner-29298240 image-pruner "$(img cli-$OCPVER)" $E6 1519616Ki 40964Ki ""
podlist $NS $((EVRV + 992))
evlist $NS $((EVRV + 992))

# --------------------------------------------------------------- node events
NS=default
ev $NS Node $W1 v1 EvictionThresholdMet Warning "$E1" "$E6" 6 kubelet "$W1" "Attempting to reclaim ephemeral-storage"
ev $NS Node $W1 v1 NodeHasDiskPressure Normal "$DP" "$DP" 1 kubelet "$W1" "Node $W1 status is now: NodeHasDiskPressure"
ev $NS Node $W1 v1 FreeDiskSpaceFailed Warning "2025-09-16T12:36:07Z" "2025-09-16T14:31:07Z" 24 kubelet "$W1" \
	"Failed to garbage collect required amount of images. Attempted to free 24870191923 bytes, but only found 1312988244 bytes eligible to free."
ev $NS Node $W1 v1 ImageGCFailed Warning "2025-09-16T12:36:07Z" "2025-09-16T14:31:07Z" 24 kubelet "$W1" \
	"Failed to garbage collect required amount of images. Attempted to free 24870191923 bytes, but only found 1312988244 bytes eligible to free."
nsobj $NS "$(t 20)" 4102
evlist $NS $((EVRV + 993))

# --------------------------------------------------------------- the log shipper
NS=acme-logship
nsobj $NS 2025-09-15T16:02:40Z 9098840
s=0
for n in worker-0 worker-1 worker-2; do
	s=$((s + 1))
	P_NS=$NS; P_NAME=logship-agent-$(sfx "ls$n"); P_GEN=logship-agent-; P_OKIND=DaemonSet; P_ONAME=logship-agent
	P_NODE=$n.$DOMAIN; P_IP=$SUB.$((23 + s)); P_PODIP=10.$((130 + s)).2.$((14 + s))
	[ $n = worker-1 ] && P_IP=$W1IP
	P_CREATED=2025-09-15T16:03:1${s}Z; P_RV=$((EVRV + 800 + s)); P_SA=logship-agent; P_PRIO=system-node-critical
	P_LABELS="    app: logship-agent
    controller-revision-hash: 7f9c6d5b84
    pod-template-generation: \"1\""
	P_CTRS="shipper|acme-logship-agent|run:2025-09-15T16:03:2${s}Z|0"
	pod
	L=$(clog $NS "$P_NAME" shipper)
	awkt -v t0="2025-09-15T16:03:2${s}Z" -v tc="$TC" -v node="$n" -v full="$([ $n = worker-1 ] && echo 1)" '
	BEGIN {
		RS0 = 77 + length(node); e = ep(t0); end = ep(tc) - 30
		print praw(e, "level=info msg=\"logship agent 3.2.1 starting\" node=" node)
		print praw(e, "level=info msg=\"spool directory\" path=/host/var/log/acme-spool max_size=0")
		print praw(e + 1, "level=info msg=\"tailing\" glob=/host/var/log/containers/*.log")
		e += 1800
		while (e < end) {
			if (full == 1 && e > ep("2025-09-16T14:19:00Z")) {
				print praw(e, "level=error msg=\"spool write failed, retrying\" path=/host/var/log/acme-spool/seg-" int((e - ep("2025-09-16T09:40:00Z")) / 60) ".dat error=\"write /host/var/log/acme-spool/seg-" int((e - ep("2025-09-16T09:40:00Z")) / 60) ".dat: no space left on device\"")
				e += ri(20, 45)
			} else if (full == 1 && e > ep("2025-09-16T09:40:00Z")) {
				print praw(e, "level=warning msg=\"upstream collector unreachable, spooling\" endpoint=https://ingest.acme-logs.example:443 spooled_mb=" int((e - ep("2025-09-16T09:40:00Z")) * 4.1))
				e += ri(240, 420)
			} else {
				print praw(e, "level=info msg=\"batch shipped\" records=" ri(1800, 9000) " bytes=" ri(400000, 2900000))
				e += ri(1500, 3600)
			}
		}
	}' > "$L/current.log"
done
podlist $NS $((EVRV + 994))
evlist $NS $((EVRV + 994))

# --------------------------------------------------------------- worker kubelet journal
KL=$R/host_service_logs/workers/kubelet_service.log
mkdir -p "$(dirname "$KL")"
awkt -v dom="$DOMAIN" -v w1="$W1" -v thr="$THR" -v dp="$DP" '
function kub(e, host, pid, lvl, src, msg) { print jk(e, host, "kubenswrapper", pid, lvl, src, msg) }
BEGIN {
	RS0 = 4189
	# worker-0 and worker-2: ordinary noise
	for (w = 0; w <= 2; w += 2) {
		host = "worker-" w "." dom; pid = 2611 + w * 17; e = ep("2025-09-16T12:40:00Z") + w * 7
		for (j = 0; j < 24; j++) {
			kub(e, host, pid, "I", "kubelet_getters.go:218", "\"Pod status updated\" pod=\"openshift-ingress/router-default-" substr("7c9d8b6f4d-hq2lm7c9d8b6f4d-v8xkp", w * 8 + 1, 16) "\" status=\"Running\"")
			if (j % 6 == 5) kub(e + 2, host, pid, "I", "image_gc_manager.go:459", "\"Attempting to delete unused images\"")
			e += ri(220, 340)
		}
	}
	host = w1; pid = 2643; e = ep("2025-09-16T12:36:07Z")
	# image GC cannot reach its target (high threshold 85 %)
	while (e < ep(dp)) {
		kub(e, host, pid, "I", "image_gc_manager.go:459", "\"Attempting to delete unused images\"")
		kub(e, host, pid, "I", "image_gc_manager.go:517", "\"Removing image to free bytes\" imageID=\"sha256:" sprintf("%08x%08x", ri(0, 2147483647), ri(0, 2147483647)) "\" size=" ri(90000000, 700000000) " runtimeHandler=\"\"")
		kub(e + 1, host, pid, "E", "kubelet.go:1551", "\"Image garbage collection failed multiple times in a row\" err=\"Failed to garbage collect required amount of images. Attempted to free 24870191923 bytes, but only found 1312988244 bytes eligible to free.\"")
		e += 300
	}
	avail = 18722316
	kub(ep(dp), host, pid, "I", "kubelet_node_status.go:724", "\"Recording event message for node\" node=\"" host "\" event=\"NodeHasDiskPressure\"")
	e = ep(dp) + 11
	split("shop-prod/cart-api-6f8d7c9b54-x2kqp shop-prod/catalog-7b9c5d8f66-m4nwz shop-prod/checkout-5d4b8c7f9d-q8vrt ci-builds/maven-agent-7c6d9f5b8-jv2lw ci-builds/nodejs-agent-6b8f7d4c59-8pxkd openshift-image-registry/image-pruner-29298240-5xq7d", V, " ")
	split("2025-09-16T12:41:31 2025-09-16T12:44:12 2025-09-16T12:50:02 2025-09-16T13:06:19 2025-09-16T13:31:47 2025-09-16T14:02:30", T, " ")
	k = 1
	while (e < ep("2025-09-16T14:31:40Z")) {
		# between the rounds the last eviction had freed enough: no log
		if (k <= 6 && e < ep(T[k])) { e = ep(T[k]); continue }
		kub(e, host, pid, "W", "eviction_manager.go:369", "\"Eviction manager: attempting to reclaim\" resourceName=\"ephemeral-storage\"")
		kub(e, host, pid, "I", "container_gc.go:86", "\"Attempting to delete unused containers\"")
		kub(e, host, pid, "I", "image_gc_manager.go:459", "\"Attempting to delete unused images\"")
		if (k <= 6 && e >= ep(T[k])) {
			kub(e, host, pid, "I", "eviction_manager.go:392", "\"Eviction manager: must evict pod(s) to reclaim\" resourceName=\"ephemeral-storage\"")
			ranked = ""; for (j = k; j <= 6; j++) ranked = ranked (j > k ? "," : "") "\"" V[j] "\""
			ranked = ranked ",\"acme-logship/logship-agent-" "'"$(sfx lsworker-1)"'" "\",\"openshift-dns/dns-default-p9w4c\",\"openshift-ingress/router-default-7c9d8b6f4d-5nqzs\""
			kub(e, host, pid, "I", "eviction_manager.go:410", "\"Eviction manager: pods ranked for eviction\" pods=[" ranked "]")
			kub(e + 1, host, pid, "I", "eviction_manager.go:627", "\"Eviction manager: pod is evicted successfully\" pod=\"" V[k] "\"")
			kub(e + 1, host, pid, "I", "eviction_manager.go:208", "\"Eviction manager: pods evicted, waiting for pod to be cleaned up\" pods=[\"" V[k] "\"]")
			k++
			e += 30
		} else if (k > 6) {
			kub(e, host, pid, "I", "eviction_manager.go:392", "\"Eviction manager: must evict pod(s) to reclaim\" resourceName=\"ephemeral-storage\"")
			kub(e, host, pid, "I", "eviction_manager.go:410", "\"Eviction manager: pods ranked for eviction\" pods=[\"acme-logship/logship-agent-'"$(sfx lsworker-1)"'\",\"openshift-dns/dns-default-p9w4c\",\"openshift-ingress/router-default-7c9d8b6f4d-5nqzs\"]")
			kub(e, host, pid, "I", "eviction_manager.go:613", "\"Eviction manager: cannot evict a critical pod\" pod=\"acme-logship/logship-agent-'"$(sfx lsworker-1)"'\"")
			kub(e, host, pid, "I", "eviction_manager.go:613", "\"Eviction manager: cannot evict a critical pod\" pod=\"openshift-dns/dns-default-p9w4c\"")
			kub(e, host, pid, "I", "eviction_manager.go:613", "\"Eviction manager: cannot evict a critical pod\" pod=\"openshift-ingress/router-default-7c9d8b6f4d-5nqzs\"")
			kub(e, host, pid, "E", "eviction_manager.go:435", "\"Eviction manager: unable to evict any pods from the node\"")
			e += 10 * ri(14, 22)
		}
		if (ri(1, 5) == 1) kub(e - 3, host, pid, "E", "kubelet.go:1551", "\"Image garbage collection failed multiple times in a row\" err=\"Failed to garbage collect required amount of images. Attempted to free 24870191923 bytes, but only found 0 bytes eligible to free.\"")
	}
}' > "$KL"

# --------------------------------------------------------------- monitoring
NE=openshift-monitoring-node-exporter-rules-$(uid "ne-rules-$CLUSTER")
ALD="Filesystem on /dev/sda4, mounted on /var, at $W1 has only 0.38% available space left."
ALW="Filesystem on /dev/sda4, mounted on /var, at $W1 has only 0.38% available space left."
ACT=2025-09-16T13:45:10.318276934Z; ACTW=2025-09-16T13:33:40.318276934Z; ACTF=2025-09-16T13:07:40.318276934Z; LE=$(tc -6 | sed 's/Z$/.601883027Z/')
w "$R/monitoring/prometheus/rules.json" <<EOJ
{"status":"success","data":{"groups":[{"name":"general.rules","file":"/etc/prometheus/rules/prometheus-k8s-rulefiles-0/openshift-monitoring-cluster-monitoring-operator-prometheus-rules-$(uid "cmo-rules-$CLUSTER").yaml","rules":[{"state":"firing","name":"Watchdog","query":"vector(1)","duration":0,"labels":{"namespace":"openshift-monitoring","severity":"none"},"annotations":{"description":"This is an alert meant to ensure that the entire alerting pipeline is functional.\nThis alert is always firing, therefore it should always be firing in Alertmanager\nand always fire against a receiver. There are integrations with various notification\nmechanisms that send a notification when this alert is not firing. For example the\n\"DeadMansSnitch\" integration in PagerDuty.\n","summary":"An alert that should always be firing to certify that Alertmanager is working properly."},"alerts":[{"labels":{"alertname":"Watchdog","namespace":"openshift-monitoring","severity":"none"},"annotations":{"description":"This is an alert meant to ensure that the entire alerting pipeline is functional.\nThis alert is always firing, therefore it should always be firing in Alertmanager\nand always fire against a receiver. There are integrations with various notification\nmechanisms that send a notification when this alert is not firing. For example the\n\"DeadMansSnitch\" integration in PagerDuty.\n","summary":"An alert that should always be firing to certify that Alertmanager is working properly."},"state":"firing","activeAt":"$(t 2300 | sed 's/Z$/.318276934Z/')","value":"1e+00"}],"health":"ok","evaluationTime":0.000361002,"lastEvaluation":"$LE","type":"alerting"}],"interval":30,"limit":0,"evaluationTime":0.000379,"lastEvaluation":"$LE"},{"name":"node-exporter","file":"/etc/prometheus/rules/prometheus-k8s-rulefiles-0/$NE.yaml","rules":[{"state":"firing","name":"NodeFilesystemSpaceFillingUp","query":"(node_filesystem_avail_bytes{fstype!=\"\",job=\"node-exporter\"} / node_filesystem_size_bytes{fstype!=\"\",job=\"node-exporter\"} * 100 < 10 and predict_linear(node_filesystem_avail_bytes{fstype!=\"\",job=\"node-exporter\"}[6h], 4 * 60 * 60) < 0 and node_filesystem_readonly{fstype!=\"\",job=\"node-exporter\"} == 0)","duration":3600,"labels":{"severity":"critical"},"annotations":{"description":"Filesystem on {{ \$labels.device }}, mounted on {{ \$labels.mountpoint }}, at {{ \$labels.instance }} has only {{ printf \"%.2f\" \$value }}% available space left and is filling up fast.","runbook_url":"https://github.com/openshift/runbooks/blob/master/alerts/cluster-monitoring-operator/NodeFilesystemSpaceFillingUp.md","summary":"Filesystem is predicted to run out of space within the next 4 hours."},"alerts":[{"labels":{"alertname":"NodeFilesystemSpaceFillingUp","container":"kube-rbac-proxy","device":"/dev/sda4","endpoint":"https","fstype":"xfs","instance":"$W1","job":"node-exporter","mountpoint":"/var","namespace":"openshift-monitoring","pod":"node-exporter-$(sfx "ne$W1")","service":"node-exporter","severity":"critical"},"annotations":{"description":"Filesystem on /dev/sda4, mounted on /var, at $W1 has only 0.38% available space left and is filling up fast.","runbook_url":"https://github.com/openshift/runbooks/blob/master/alerts/cluster-monitoring-operator/NodeFilesystemSpaceFillingUp.md","summary":"Filesystem is predicted to run out of space within the next 4 hours."},"state":"firing","activeAt":"$ACTF","value":"3.8e-01"}],"health":"ok","evaluationTime":0.002381,"lastEvaluation":"$LE","type":"alerting"},{"state":"firing","name":"NodeFilesystemAlmostOutOfSpace","query":"(node_filesystem_avail_bytes{fstype!=\"\",job=\"node-exporter\"} / node_filesystem_size_bytes{fstype!=\"\",job=\"node-exporter\"} * 100 < 5 and node_filesystem_readonly{fstype!=\"\",job=\"node-exporter\"} == 0)","duration":1800,"labels":{"severity":"warning"},"annotations":{"description":"Filesystem on {{ \$labels.device }}, mounted on {{ \$labels.mountpoint }}, at {{ \$labels.instance }} has only {{ printf \"%.2f\" \$value }}% available space left.","runbook_url":"https://github.com/openshift/runbooks/blob/master/alerts/cluster-monitoring-operator/NodeFilesystemAlmostOutOfSpace.md","summary":"Filesystem has less than 5% space left."},"alerts":[{"labels":{"alertname":"NodeFilesystemAlmostOutOfSpace","container":"kube-rbac-proxy","device":"/dev/sda4","endpoint":"https","fstype":"xfs","instance":"$W1","job":"node-exporter","mountpoint":"/var","namespace":"openshift-monitoring","pod":"node-exporter-$(sfx "ne$W1")","service":"node-exporter","severity":"warning"},"annotations":{"description":"$ALW","runbook_url":"https://github.com/openshift/runbooks/blob/master/alerts/cluster-monitoring-operator/NodeFilesystemAlmostOutOfSpace.md","summary":"Filesystem has less than 5% space left."},"state":"firing","activeAt":"$ACTW","value":"3.8e-01"}],"health":"ok","evaluationTime":0.000913,"lastEvaluation":"$LE","type":"alerting"},{"state":"firing","name":"NodeFilesystemAlmostOutOfSpace","query":"(node_filesystem_avail_bytes{fstype!=\"\",job=\"node-exporter\"} / node_filesystem_size_bytes{fstype!=\"\",job=\"node-exporter\"} * 100 < 3 and node_filesystem_readonly{fstype!=\"\",job=\"node-exporter\"} == 0)","duration":1800,"labels":{"severity":"critical"},"annotations":{"description":"Filesystem on {{ \$labels.device }}, mounted on {{ \$labels.mountpoint }}, at {{ \$labels.instance }} has only {{ printf \"%.2f\" \$value }}% available space left.","runbook_url":"https://github.com/openshift/runbooks/blob/master/alerts/cluster-monitoring-operator/NodeFilesystemAlmostOutOfSpace.md","summary":"Filesystem has less than 3% space left."},"alerts":[{"labels":{"alertname":"NodeFilesystemAlmostOutOfSpace","container":"kube-rbac-proxy","device":"/dev/sda4","endpoint":"https","fstype":"xfs","instance":"$W1","job":"node-exporter","mountpoint":"/var","namespace":"openshift-monitoring","pod":"node-exporter-$(sfx "ne$W1")","service":"node-exporter","severity":"critical"},"annotations":{"description":"$ALD","runbook_url":"https://github.com/openshift/runbooks/blob/master/alerts/cluster-monitoring-operator/NodeFilesystemAlmostOutOfSpace.md","summary":"Filesystem has less than 3% space left."},"state":"firing","activeAt":"$ACT","value":"3.8e-01"}],"health":"ok","evaluationTime":0.000877,"lastEvaluation":"$LE","type":"alerting"}],"interval":30,"limit":0,"evaluationTime":0.004402,"lastEvaluation":"$LE"}]}}
EOJ

cat > "$SAMPLE/expected" <<'EOF'
# root causes in order; symptoms indented under their cause
# node-exporter's filesystem alerts restate worker-1's DiskPressure.
kubelet.node-pressure
  generic.alert-critical
  generic.alert-warning
EOF
mg_done
echo "generated $SAMPLE"
