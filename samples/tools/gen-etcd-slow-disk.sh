#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# gen-etcd-slow-disk.sh -> samples/etcd-slow-disk
#   vSphere IPI 4.16.19, seven weeks after install.  From 09:04 UTC on the
#   datastore that holds the three control-plane VMDKs is saturated (a
#   storage vMotion of other VMs onto it): every etcd member logs
#   "slow fdatasync" and "apply request took too long" over a second, the
#   leader misses its heartbeats and the members elect a new leader three
#   times; the kube-apiserver answers "etcdserver: request timed out", the
#   kube-controller-manager and the scheduler lose their leases and restart,
#   openshift-apiserver and authentication flap Available; the etcd operator
#   reports FSyncControllerDegraded.  Collected at 10:41 while it goes on.
TOOLS=$(cd "$(dirname "$0")" && pwd); SAMPLES=$(dirname "$TOOLS")
. "$TOOLS/lib.sh"; . "$TOOLS/base.sh"

CLUSTER=vsph416; DOMAIN=ocp4.vmw.corp.example; INFRAID=ocp4-r8t2k
OCPVER=4.16.19; KUBEVER=v1.29.9+5865c5b
CRIOVER=cri-o://1.29.9-5.rhaos4.16.git7db4ada.el9
KERNELVER=5.14.0-427.40.1.el9_4.x86_64
RHCOSBUILD=416.94.202410211619-0
CAEXPIRY=2034-09-15T13:20:44Z; EVRV=61240000; ETCDREV=58911204; ETCDTERM=14; ETCDVER=3.5.14
MCCHASH=b3e1f05c4a9d7b6e8f2a1c0d9e8b7a6f5c4d3e2a
T0=2024-09-17T13:02:11Z          # install
TS=2024-11-05T09:04:12Z          # the datastore becomes slow
TC=2024-11-05T10:41:37Z          # collection
DIR=etcd-slow-disk; DIGITS=4461920387715530216
SUB=10.93.40; IPBASE=30
CO_SKIP=olm
RHCOSVER="Red Hat Enterprise Linux CoreOS $RHCOSBUILD (Plow)"
RM=rendered-master-$(h32 "rm-$CLUSTER"); RW=rendered-worker-$(h32 "rw-$CLUSTER")
t() { awk -f "$TOOLS/tlib.awk" -v b="$T0" -v o="$1" -f /dev/stdin <<'EOF'
BEGIN { print rfc(ep(b) + o) "Z" }
EOF
}
tc() { awk -f "$TOOLS/tlib.awk" -v b="$TC" -v o="$1" -f /dev/stdin <<'EOF'
BEGIN { print rfc(ep(b) + o) "Z" }
EOF
}
plus11() { awk -f "$TOOLS/tlib.awk" -v b="$1" -f /dev/stdin <<'EOF'
BEGIN { print rfc(ep(b) + 11) "Z" }
EOF
}
kt() { echo "$1" | sed 's/T/ /; s/Z$/ +0000 UTC/'; }
M0=$INFRAID-master-0; M1=$INFRAID-master-1; M2=$INFRAID-master-2
ip_of() { case $1 in *master-0) echo $SUB.31 ;; *master-1) echo $SUB.32 ;; *master-2) echo $SUB.33 ;; *worker-0-*) echo $SUB.41 ;; *) echo $SUB.42 ;; esac; }
W0=$INFRAID-worker-0-$(sfx "w0$CLUSTER"); W1=$INFRAID-worker-0-$(sfx "w1$CLUSTER")
# etcd member ids (decimal in etcdctl's JSON, hex in the raft log)
ID0=5418730186295710218; ID1=1139045823551209983; ID2=7730014955823417601

mg_init $DIR $DIGITS "$CLUSTER-mg-$OCPVER"
UTC=$(awk -f "$TOOLS/tlib.awk" -v b="$TC" -f /dev/stdin <<'EOF'
BEGIN { e = ep(b); civ(e + 3600); printf "%04d-%02d-%02d %02d:%02d:%02d|", CY, CM, CD, Ch, Cm, Cs; civ(e + 3600 + 163); printf "%04d-%02d-%02d %02d:%02d:%02d|", CY, CM, CD, Ch, Cm, Cs
	civ(e + 2); printf "%04d-%02d-%02d %02d:%02d:%02d|", CY, CM, CD, Ch, Cm, Cs; civ(e + 158); printf "%04d-%02d-%02d %02d:%02d:%02d\n", CY, CM, CD, Ch, Cm, Cs }
EOF
)
IFS='|' read -r L1 L2 U1 U2 <<EOF
$UTC
EOF
mg_stamps "$L1.402117930 +0100 CET m=+0.061327705" "$L2.815530226 +0100 CET m=+163.474740001" <<EOF
$U1.550892113 +0000 UTC m=+0.088201377
$U1.290114581 +0000 UTC m=+0.827423845
$U2.709346152 +0000 UTC m=+156.246655416
EOF

# --------------------------------------------------------------- ClusterVersion
FAILT=2024-11-05T09:52:40Z
{
	cat <<EOF
apiVersion: config.openshift.io/v1
kind: ClusterVersion
metadata:
  creationTimestamp: "$T0"
  generation: 3
  name: version
  resourceVersion: "$((EVRV + 8817))"
  uid: $(uid "cv-$CLUSTER")
spec:
  channel: stable-4.16
  clusterID: $(uid "clusterid-$CLUSTER")
status:
  availableUpdates: null
  conditions:
EOF
	conds <<EOF
RetrievedUpdates|True|-|$(t 40)|-
ReleaseAccepted|True|PayloadLoaded|$(t 40)|Payload loaded version="$OCPVER" image="quay.io/openshift-release-dev/ocp-release@sha256:$(h64 "release-$OCPVER")" architecture="amd64"
Available|True|-|$(t 2790)|Done applying $OCPVER
Failing|True|ClusterOperatorDegraded|$FAILT|Cluster operator etcd is degraded
Progressing|False|ClusterOperatorDegraded|$(t 2790)|Error while reconciling $OCPVER: the cluster operator etcd is degraded
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
    url: https://access.redhat.com/errata/RHSA-2024:8229
    version: $OCPVER
  history:
  - completionTime: "$(t 2790)"
    image: quay.io/openshift-release-dev/ocp-release@sha256:$(h64 "release-$OCPVER")
    startedTime: "$(t 40)"
    state: Completed
    verified: false
    version: $OCPVER
  observedGeneration: 3
  versionHash: $(h32 "vh$CLUSTER" | cut -c1-11)=
EOF
} | w "$R/cluster-scoped-resources/config.openshift.io/clusterversions/version.yaml"

# --------------------------------------------------------------- ClusterOperators
all_cos "$(t 30)" "$(t 2700)"
FSMSG="etcd disk metrics exceeded known thresholds:  fsync duration value: 3.416733,  fsync duration value: 4.093145,"
co etcd "$(t 30)" $((EVRV + 8611)) "openshift-etcd-operator openshift-etcd" "raw-internal=$OCPVER etcd=$OCPVER operator=$OCPVER" <<EOF
Degraded|True|FSyncController_EtcdDiskMetricsExceededKnownThresholds|$FAILT|FSyncControllerDegraded: $FSMSG
Progressing|False|AsExpected|$(t 86400)|NodeInstallerProgressing: 3 nodes are at revision 14~~EtcdMembersProgressing: No unstarted etcd members found
Available|True|AsExpected|$(t 2210)|StaticPodsAvailable: 3 nodes are active; 3 nodes are at revision 14~~EtcdMembersAvailable: 3 members are available
Upgradeable|True|AsExpected|$(t 180)|All is well
RecentBackup|Unknown|ControllerStarted|$(t 180)|The etcd backup controller is starting, and will decide if recent backups are available or if a backup is required
EOF
# flapping at gather time: Available again, but only for a few minutes
co openshift-apiserver "$(t 30)" $((EVRV + 8702)) "openshift-apiserver-operator openshift-apiserver" "operator=$OCPVER openshift-apiserver=$OCPVER" <<EOF
Degraded|False|AsExpected|$(t 2700)|All is well
Progressing|False|AsExpected|$(t 2700)|All is well
Available|True|AsExpected|2024-11-05T10:36:58Z|All is well
Upgradeable|True|AsExpected|$(t 2700)|All is well
EOF
co authentication "$(t 30)" $((EVRV + 8733)) "openshift-authentication openshift-authentication-operator openshift-oauth-apiserver" "operator=$OCPVER oauth-apiserver=$OCPVER" <<EOF
Degraded|False|AsExpected|$(t 2700)|All is well
Progressing|False|AsExpected|$(t 2700)|AuthenticatorCertKeyProgressing: All is well
Available|True|AsExpected|2024-11-05T10:38:21Z|All is well
Upgradeable|True|AsExpected|$(t 2700)|All is well
EOF

# --------------------------------------------------------------- Infrastructure (vSphere IPI)
{
	cat <<EOF
---
apiVersion: config.openshift.io/v1
kind: Infrastructure
metadata:
  creationTimestamp: "$(t -20)"
  generation: 1
  name: cluster
  resourceVersion: "588"
  uid: $(uid "infra-$CLUSTER")
spec:
  cloudConfig:
    key: config
    name: cloud-provider-config
  platformSpec:
    type: VSphere
    vsphere:
      apiServerInternalIPs:
      - $SUB.10
      failureDomains:
      - name: generated-failure-domain
        region: generated-region
        server: vcenter.vmw.corp.example
        topology:
          computeCluster: /DC-Prague/host/Cluster-A
          datacenter: DC-Prague
          datastore: /DC-Prague/datastore/ds-ocp-cp01
          networks:
          - VM Network OCP
          resourcePool: /DC-Prague/host/Cluster-A//Resources
        zone: generated-zone
      ingressIPs:
      - $SUB.11
      machineNetworks:
      - $SUB.0/24
      vcenters:
      - datacenters:
        - DC-Prague
        port: 443
        server: vcenter.vmw.corp.example
status:
  apiServerInternalURI: https://api-int.$DOMAIN:6443
  apiServerURL: https://api.$DOMAIN:6443
  controlPlaneTopology: HighlyAvailable
  cpuPartitioning: None
  etcdDiscoveryDomain: ""
  infrastructureName: $INFRAID
  infrastructureTopology: HighlyAvailable
  platform: VSphere
  platformStatus:
    type: VSphere
    vsphere:
      apiServerInternalIP: $SUB.10
      apiServerInternalIPs:
      - $SUB.10
      ingressIP: $SUB.11
      ingressIPs:
      - $SUB.11
      loadBalancer:
        type: OpenShiftManagedDefault
      machineNetworks:
      - $SUB.0/24
EOF
} | w "$R/cluster-scoped-resources/config.openshift.io/infrastructures/cluster.yaml"

# --------------------------------------------------------------- nodes
i=0
for n in $M0 $M1 $M2 $W0 $W1; do
	i=$((i + 1))
	N_NAME=$n; N_IP=$(ip_of $n); N_SUBNET=10.$((127 + i)).0.0/23
	case $n in *master*) N_ROLE=master; N_CUR=$RM; N_CREATED=$(t $((760 + i * 7))) ;; *) N_ROLE=worker; N_CUR=$RW; N_CREATED=$(t $((1620 + i * 13))) ;; esac
	N_DES=$N_CUR; N_STATE=Done; N_REASON=""; N_CCRV=$((EVRV - 1200000)); N_RV=$((EVRV + 7000 + i * 3))
	N_READY=True; N_HB=$(tc $((-25 - i * 4))); N_RT=$(t $((860 + i * 45)))
	node
done

# --------------------------------------------------------------- MCs / pools
source_mcs "$(t 650)" $MCCHASH
mc $RM master "$(t 690)" 8390 $MCCHASH
mc $RW worker "$(t 690)" 8392 $MCCHASH
mcp master "$(t 649)" $((EVRV + 50)) $RM $RM 3 3 3 0 "$(t 960)" False "" "" True False "$(t 691)"
mcp worker "$(t 649)" $((EVRV + 51)) $RW $RW 2 2 2 0 "$(t 1800)" False "" "" True False "$(t 691)"

etcd_info $ID1 "$M0|$(ip_of $M0)|$ID0" "$M1|$(ip_of $M1)|$ID1" "$M2|$(ip_of $M2)|$ID2"
# a slow datastore: etcdctl's own health check takes hundreds of ms
sed 's/"took":"[0-9]*\.\([0-9]*\)ms"/"took":"8\1.\1ms"/g' "$R/etcd_info/endpoint_health.json" > "$TMPD/eh" && cat "$TMPD/eh" > "$R/etcd_info/endpoint_health.json"

# --------------------------------------------------------------- etcd pods and logs
# the disk stalls: one line per stall, "T|LEADER_BEFORE|LEADER_AFTER" (AFTER
# set when the stall of the leader's disk cost an election)
NS=openshift-etcd
nsobj $NS "$(t 25)" 5031 0
X0=$(printf '%x' $ID0); X1=$(printf '%x' $ID1); X2=$(printf '%x' $ID2)
for n in $M0 $M1 $M2; do
	case $n in *0) me=$X0 ;; *1) me=$X1 ;; *) me=$X2 ;; esac
	P_NS=$NS; P_NAME=etcd-$n; P_OKIND=Node; P_NODE=$n; P_IP=$(ip_of $n); P_HOSTNET=1
	P_CREATED=$(t 2410); P_RV=$((EVRV - 3100000 + ${#n}))
	P_LABELS="    app: etcd
    etcd: \"true\"
    k8s-app: etcd
    revision: \"14\""
	P_CTRS="etcd|etcd-$OCPVER|run:$(t 2412)|0
etcd-metrics|etcd-$OCPVER|run:$(t 2412)|0
etcd-readyz|cluster-etcd-operator|run:$(t 2412)|0
etcd-rev|cluster-etcd-operator|run:$(t 2412)|0
etcdctl|etcd-$OCPVER|run:$(t 2412)|0"
	pod
	clog $NS etcd-$n etcdctl > /dev/null
	clog $NS etcd-$n etcd-metrics > /dev/null
	L=$(clog $NS etcd-$n etcd)
	awkt -v t0=2024-11-05T08:59:00Z -v ts="$TS" -v t1="$TC" -v me="$me" -v x0="$X0" -v x1="$X1" -v x2="$X2" -v rev0="$((ETCDREV - 61000))" -v seed="${#n}${n#*master-}" '
	function z(e, lvl, caller, msg, rest,   u) { UE = e; u = us(); UU = u + 400; print rfc(e) "." sprintf("%06d", u + ri(40, 390)) ri(100, 999) "Z {\"level\":\"" lvl "\",\"ts\":\"" rfc(e) "." sprintf("%06d", u) "Z\",\"caller\":\"" caller "\",\"msg\":\"" msg "\"" rest "}" }
	function zr(e, lvl, msg) { z(e, lvl, "etcdserver/zap_raft.go:77", msg, "") }
	function dur(s) { return (s >= 1) ? sprintf("%.9gs", int(s * 1000000 + 0.5) / 1000000) : sprintf("%.6gms", int(s * 1000000 + 0.5) / 1000) }
	function apply(e, d,   k, key, r) {
		k = ri(1, 6)
		if (k == 1) key = "/kubernetes.io/leases/kube-system/kube-controller-manager"
		else if (k == 2) key = "/kubernetes.io/leases/openshift-kube-scheduler/kube-scheduler"
		else if (k == 3) key = "/kubernetes.io/leases/kube-node-lease/" node[ri(0, 4)]
		else if (k == 4) key = "/kubernetes.io/configmaps/openshift-kube-apiserver/"
		else if (k == 5) key = "/kubernetes.io/leases/openshift-machine-config-operator/machine-config-controller"
		else key = "/kubernetes.io/operator.openshift.io/etcds/cluster"
		if (k == 4) z(e, "warn", "etcdserver/util.go:170", "apply request took too long", ",\"took\":\"" dur(d) "\",\"expected-duration\":\"100ms\",\"prefix\":\"read-only range \",\"request\":\"key:\\\"" key "\\\" range_end:\\\"/kubernetes.io/configmaps/openshift-kube-apiserver0\\\" \",\"response\":\"range_response_count:41 size:1302177\"")
		else if (k == 6 || rnd() < 0.7) z(e, "warn", "etcdserver/util.go:170", "apply request took too long", ",\"took\":\"" dur(d) "\",\"expected-duration\":\"100ms\",\"prefix\":\"read-only range \",\"request\":\"key:\\\"" key "\\\" \",\"response\":\"range_response_count:1 size:" ri(480, 9200) "\"")
		else {
			r = REV + ri(-40, 0)
			z(e, "warn", "etcdserver/util.go:170", "apply request took too long", ",\"took\":\"" dur(d) "\",\"expected-duration\":\"100ms\",\"prefix\":\"\",\"request\":\"header:<ID:" ID0 sprintf("%05d", ri(1, 90000)) " > txn:<compare:<target:MOD key:\\\"" key "\\\" mod_revision:" r " > success:<request_put:<key:\\\"" key "\\\" value_size:" ri(420, 560) " >> failure:<request_range:<key:\\\"" key "\\\" > >>\",\"response\":\"size:" ri(18, 22) "\"")
		}
	}
	# election at e: old leader o, new leader l, term before tm
	function elect(e, o, l, tm,   p, idx) {
		idx = IDX
		if (me == l) {
			zr(e, "info", me " is starting a new election at term " tm)
			zr(e, "info", me " became pre-candidate at term " tm)
			for (p in peer) zr(e, "info", me " [logterm: " tm ", index: " idx "] sent MsgPreVote request to " peer[p] " at term " tm)
			zr(e, "info", me " received MsgPreVoteResp from " me " at term " tm)
			zr(e, "info", me " received MsgPreVoteResp from " other(o) " at term " tm)
			zr(e, "info", me " has received 2 MsgPreVoteResp votes and 0 vote rejections")
			zr(e, "info", me " became candidate at term " tm + 1)
			for (p in peer) zr(e, "info", me " [logterm: " tm ", index: " idx "] sent MsgVote request to " peer[p] " at term " tm + 1)
			zr(e, "info", "raft.node: " me " lost leader " o " at term " tm + 1)
			zr(e, "info", me " received MsgVoteResp from " me " at term " tm + 1)
			zr(e + 1, "info", me " received MsgVoteResp from " other(o) " at term " tm + 1)
			zr(e + 1, "info", me " has received 2 MsgVoteResp votes and 0 vote rejections")
			zr(e + 1, "info", me " became leader at term " tm + 1)
			zr(e + 1, "info", "raft.node: " me " elected leader " me " at term " tm + 1)
		} else if (me == o) {
			z(e + 1, "warn", "etcdserver/raft.go:416", "leader failed to send out heartbeat on time; took too long, leader is overloaded likely from slow disk", ",\"to\":\"" l "\",\"heartbeat-interval\":\"100ms\",\"expected-duration\":\"200ms\",\"exceeded-duration\":\"" dur(ri(2100, 3400) / 1000) "\"")
			zr(e + 2, "info", me " [term: " tm "] received a MsgApp message with higher term from " l " [term: " tm + 1 "]")
			zr(e + 2, "info", me " became follower at term " tm + 1)
			zr(e + 2, "info", "raft.node: " me " changed leader from " me " to " l " at term " tm + 1)
		} else {
			zr(e, "info", me " [logterm: " tm ", index: " idx ", vote: 0] cast MsgPreVote for " l " [logterm: " tm ", index: " idx "] at term " tm)
			zr(e, "info", me " [term: " tm "] received a MsgVote message with higher term from " l " [term: " tm + 1 "]")
			zr(e, "info", me " became follower at term " tm + 1)
			zr(e, "info", me " [logterm: " tm ", index: " idx ", vote: 0] cast MsgVote for " l " [logterm: " tm ", index: " idx "] at term " tm + 1)
			zr(e, "info", "raft.node: " me " lost leader " o " at term " tm + 1)
			zr(e + 1, "info", "raft.node: " me " elected leader " l " at term " tm + 1)
		}
	}
	function other(o,   p) { for (p in peer) if (peer[p] != o) return peer[p]; return o }
	BEGIN {
		RS0 = seed * 131 + 7; e = ep(t0); REV = rev0; IDX = rev0 * 2 + 90417; ID0 = "75878805391470"
		node[0] = "ocp4-r8t2k-master-0"; node[1] = "ocp4-r8t2k-master-1"; node[2] = "ocp4-r8t2k-master-2"
		node[3] = "ocp4-r8t2k-worker-0-dwk6h"; node[4] = "ocp4-r8t2k-worker-0-qt7rz"
		np = 0; if (x0 != me) peer[np++] = x0; if (x1 != me) peer[np++] = x1; if (x2 != me) peer[np++] = x2
		# elections: at these times the leader stalls long enough to lose its lease
		E[1] = ep("2024-11-05T09:31:47Z"); EO[1] = x1; EL[1] = x0
		E[2] = ep("2024-11-05T10:07:19Z"); EO[2] = x0; EL[2] = x2
		E[3] = ep("2024-11-05T10:29:02Z"); EO[3] = x2; EL[3] = x1
		# the worst minutes (storage vMotion passes): stalls every 20-45 s
		nb = split("09:04:12 09:28:30 09:49:10 10:04:00 10:26:10 10:35:40", BS, " ")
		for (b = 1; b <= nb; b++) { B0[b] = ep("2024-11-05T" BS[b] "Z"); B1[b] = B0[b] + (b == nb ? 3600 : 150) }
		ne = 1; tm = 11; leader = x1
		nextc = e + ri(20, 280)
		while (e < ep(t1) - 6) {
			if (e >= nextc) {
				REV += ri(5200, 5900)
				z(e, "info", "mvcc/kvstore_compaction.go:68", "finished scheduled compaction", ",\"compact-revision\":" REV ",\"took\":\"" dur((e >= ep(ts) ? ri(900, 2600) : ri(140, 260)) / 1000) "\",\"hash\":" ri(100000000, 999999999))
				nextc += 300
			}
			if (ne <= 3 && e >= E[ne]) {
				elect(E[ne], EO[ne], EL[ne], tm)
				tm++; leader = EL[ne]; ne++; e = E[ne - 1] + ri(8, 30); IDX += ri(9000, 14000)
				continue
			}
			if (e < ep(ts)) {
				# healthy: an occasional slow read of a large range
				if (rnd() < 0.25) z(e, "warn", "etcdserver/util.go:170", "apply request took too long", ",\"took\":\"" dur(ri(101, 180) / 1000) "\",\"expected-duration\":\"100ms\",\"prefix\":\"read-only range \",\"request\":\"key:\\\"/kubernetes.io/secrets/\\\" range_end:\\\"/kubernetes.io/secrets0\\\" limit:500 \",\"response\":\"range_response_count:500 size:3401133\"")
				e += ri(120, 420); IDX += ri(300, 900)
				continue
			}
			# a stall of the shared datastore
			st = ri(1050, 4700) / 1000
			z(e, "warn", "wal/wal.go:805", "slow fdatasync", ",\"took\":\"" dur(st) "\",\"expected-duration\":\"1s\"")
			if (me == leader && st > 1.6)
				z(e, "warn", "etcdserver/raft.go:416", "leader failed to send out heartbeat on time; took too long, leader is overloaded likely from slow disk", ",\"to\":\"" peer[ri(0, 1)] "\",\"heartbeat-interval\":\"100ms\",\"expected-duration\":\"200ms\",\"exceeded-duration\":\"" dur(st - 0.2 + ri(0, 90) / 1000) "\"")
			if (st > 2.2 && rnd() < 0.5) {
				z(e, "warn", "etcdserver/v3_server.go:897", "waiting for ReadIndex response took too long, retrying", ",\"sent-request-id\":" ID0 sprintf("%05d", ri(100, 99999)) ",\"retry-timeout\":\"500ms\"")
			}
			burst = 0
			for (b = 1; b <= nb; b++) if (e >= B0[b] && e < B1[b]) burst = 1
			na = burst ? ri(2, 3) : 1
			for (k = 0; k < na; k++) apply(e + int(k / 3), st - k * 0.08 + ri(0, 60) / 1000)
			if (st > 4.2) z(e + 6, "warn", "etcdserver/v3_server.go:909", "timed out waiting for read index response (local node might have slow network)", ",\"timeout\":\"7s\"")
			e += burst ? ri(30, 60) : ri(300, 540); IDX += ri(300, 900)
		}
	}' > "$L/current.log"
done
podlist $NS $((EVRV + 8900))
ev $NS Pod etcd-$M1 v1 Unhealthy Warning 2024-11-05T09:31:44Z 2024-11-05T10:29:05Z 7 kubelet $M1 \
	"Readiness probe failed: Get \"https://$(ip_of $M1):9980/readyz\": context deadline exceeded (Client.Timeout exceeded while awaiting headers)" "spec.containers{etcd-readyz}"
ev $NS Pod etcd-$M0 v1 Unhealthy Warning 2024-11-05T10:07:16Z 2024-11-05T10:07:26Z 2 kubelet $M0 \
	"Readiness probe failed: Get \"https://$(ip_of $M0):9980/readyz\": context deadline exceeded (Client.Timeout exceeded while awaiting headers)" "spec.containers{etcd-readyz}"
evlist $NS $((EVRV + 8900))

# --------------------------------------------------------------- etcd operator
NS=openshift-etcd-operator
nsobj $NS "$(t 25)" 5033 0
EOP=etcd-operator-$(sfx "eo-rs-$CLUSTER" 10)-$(sfx "eo-$CLUSTER")
P_NS=$NS; P_NAME=$EOP; P_GEN=etcd-operator-$(sfx "eo-rs-$CLUSTER" 10)-; P_OKIND=ReplicaSet; P_ONAME=etcd-operator-$(sfx "eo-rs-$CLUSTER" 10)
P_NODE=$M2; P_IP=$(ip_of $M2); P_PODIP=10.130.0.17; P_CREATED=$(t 2380); P_RV=$((EVRV - 3000000)); P_SA=etcd-operator; P_PRIO=system-cluster-critical
P_LABELS="    app: etcd-operator
    pod-template-hash: $(sfx "eo-rs-$CLUSTER" 10)"
P_CTRS="etcd-operator|cluster-etcd-operator|run:$(t 2381)|0"
pod
L=$(clog $NS $EOP etcd-operator)
awkt -v ts="$TS" -v t1="$TC" -v m0="$M0" -v m1="$M1" -v m2="$M2" '
BEGIN {
	RS0 = 77; e = ep("2024-11-05T09:24:30Z")
	# first the leader changes, then (from 09:52) the fsync p99 goes over 3 s
	while (e < ep(t1)) {
		if (e >= ep("2024-11-05T09:52:40Z"))
			print pod(e, "E", 1, "base_controller.go:268", "FSyncController reconciliation failed: etcd disk metrics exceeded known thresholds")
		if (rnd() < 0.35) print pod(e + 9, "E", 1, "base_controller.go:268", "EtcdEndpointsController reconciliation failed: applying configmap update failed :etcdserver: request timed out")
		if (rnd() < 0.2) print pod(e + 21, "W", 1, "clustermembercontroller.go:173", "Unable to reach etcd member " (rnd() < 0.5 ? m0 : m2) ": context deadline exceeded")
		e += 120
	}
}' > "$L/current.log"
podlist $NS $((EVRV + 8901))
ev $NS Deployment etcd-operator apps/v1 EtcdLeaderChangeMetrics Warning 2024-11-05T09:32:10Z 2024-11-05T10:29:40Z 23 openshift-cluster-etcd-operator-fsync-controller-fsynccontroller "" \
	"Detected leader change increase of 2.2222222222222223 over 5 minutes on \"VSphere\"; disk metrics are: etcd-$M0=3.416733,etcd-$M1=4.093145,etcd-$M2=2.871604. Most often this is as a result of inadequate storage or sometimes due to networking issues."
ev $NS Deployment etcd-operator apps/v1 OperatorStatusChanged Normal "$FAILT" "$FAILT" 1 openshift-cluster-etcd-operator-status-controller-statussyncer_etcd "" \
	"Status for clusteroperator/etcd changed: Degraded message changed from \"NodeControllerDegraded: All master nodes are ready~~EtcdMembersDegraded: No unhealthy members found\" to \"FSyncControllerDegraded: $FSMSG~~NodeControllerDegraded: All master nodes are ready~~EtcdMembersDegraded: No unhealthy members found\""
ev $NS Deployment etcd-operator apps/v1 OperatorStatusChanged Normal "$FAILT" "$FAILT" 1 openshift-cluster-etcd-operator-status-controller-statussyncer_etcd "" \
	"Status for clusteroperator/etcd changed: Degraded changed from False to True (\"FSyncControllerDegraded: $FSMSG\")"
evlist $NS $((EVRV + 8901))

# --------------------------------------------------------------- kube-apiserver
NS=openshift-kube-apiserver
nsobj $NS "$(t 25)" 5040 0
for n in $M0 $M1 $M2; do
	P_NS=$NS; P_NAME=kube-apiserver-$n; P_OKIND=Node; P_NODE=$n; P_IP=$(ip_of $n); P_HOSTNET=1
	P_CREATED=$(t 2600); P_RV=$((EVRV - 2900000 + ${#n}))
	P_LABELS="    apiserver: \"true\"
    app: openshift-kube-apiserver
    revision: \"19\""
	P_CTRS="kube-apiserver|hyperkube|run:$(t 2601)|0
kube-apiserver-check-endpoints|cluster-kube-apiserver-operator|run:$(t 2601)|0
kube-apiserver-insecure-readyz|cluster-kube-apiserver-operator|run:$(t 2601)|0"
	pod
	L=$(clog $NS kube-apiserver-$n kube-apiserver)
	awkt -v ts="$TS" -v t1="$TC" -v seed="${n#*master-}" -v api="api-int.$DOMAIN" '
	BEGIN {
		RS0 = 300 + seed * 17; e = ep("2024-11-05T08:58:00Z"); pid = 18
		while (e < ep(t1)) {
			if (e < ep(ts)) {
				print pod(e, "I", pid, "cacher.go:901", "cacher (configmaps): 1 objects queued in incoming channel.")
				e += ri(300, 900); continue
			}
			k = ri(1, 5)
			if (k <= 2) print pod(e, "E", pid, "status.go:71", "apiserver received an error that is not an metav1.Status: rpctypes.EtcdError{code:0xe, desc:\"etcdserver: request timed out\"}: etcdserver: request timed out")
			else if (k == 3) print pod(e, "E", pid, "controller.go:195", "\"Failed to update lease\" err=\"etcdserver: request timed out\"")
			else if (k == 4) print pod(e, "E", pid, "writers.go:122", "apiserver was unable to write a JSON response: http: Handler timeout")
			else print pod(e, "E", pid, "finisher.go:175", "FinishRequest: post-timeout activity - time-elapsed: " ri(2, 9) "." ri(100, 999) "s, PUT \"/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/ocp4-r8t2k-master-" ri(0, 2) "\" result: etcdserver: request timed out")
			if (rnd() < 0.3) print pod(e + 1, "E", pid, "status.go:71", "apiserver received an error that is not an metav1.Status: &errors.errorString{s:\"http: Handler timeout\"}: http: Handler timeout")
			e += ri(120, 360)
		}
	}' > "$L/current.log"
done
podlist $NS $((EVRV + 8902))
evlist $NS $((EVRV + 8902))

# --------------------------------------------------------------- kube-controller-manager / scheduler: lost leases
# lkcm NS POD CONTAINER LEASE RESTART_T ENDMSG SRC
lease_logs() {
	_L=$(clog "$1" "$2" "$3")
	awkt -v t0="$(t 2700)" -v lost="$5" -v ns="${4%/*}" -v lease="${4#*/}" -v endmsg="$6" -v src="$7" -v api="api-int.$DOMAIN" -v seed="${#2}" '
	BEGIN {
		RS0 = seed * 19; e = ep(lost) - 26
		print pod(e, "E", 1, "leaderelection.go:332", "error retrieving resource lock " ns "/" lease ": the server was unable to return a response in the time allotted, but may still be processing the request (get leases.coordination.k8s.io " lease ")")
		e += 10
		print pod(e, "E", 1, "leaderelection.go:340", "Failed to update lock optimitically: Put \"https://" api ":6443/apis/coordination.k8s.io/v1/namespaces/" ns "/leases/" lease "?timeout=5s\": net/http: request canceled (Client.Timeout exceeded while awaiting headers), falling back to slow path")
		e += 6
		print pod(e, "E", 1, "leaderelection.go:347", "error retrieving resource lock " ns "/" lease ": Get \"https://" api ":6443/apis/coordination.k8s.io/v1/namespaces/" ns "/leases/" lease "?timeout=5s\": context deadline exceeded")
		e += 10
		print pod(e, "I", 1, "leaderelection.go:285", "failed to renew lease " ns "/" lease ": timed out waiting for the condition")
		print pod(e, "E", 1, src, endmsg)
	}' > "$_L/previous.log"
	awkt -v t0="$5" -v ns="${4%/*}" -v lease="${4#*/}" -v seed="${#2}" '
	BEGIN {
		RS0 = seed * 23; e = ep(t0) + 11
		print pod(e, "I", 1, "leaderelection.go:250", "attempting to acquire leader lease " ns "/" lease "...")
		print pod(e + 38, "I", 1, "leaderelection.go:260", "successfully acquired lease " ns "/" lease)
	}' > "$_L/current.log"
}
NS=openshift-kube-controller-manager
nsobj $NS "$(t 25)" 5050 0
i=0
for n in $M0 $M1 $M2; do
	i=$((i + 1))
	case $i in 1) r=2; lt=2024-11-05T10:07:31Z ;; 2) r=1; lt=2024-11-05T09:32:02Z ;; *) r=0; lt="" ;; esac
	P_NS=$NS; P_NAME=kube-controller-manager-$n; P_OKIND=Node; P_NODE=$n; P_IP=$(ip_of $n); P_HOSTNET=1
	P_CREATED=$(t 2650); P_RV=$((EVRV + 8300 + i))
	P_LABELS="    app: kube-controller-manager
    kube-controller-manager: \"true\"
    revision: \"9\""
	if [ -n "$lt" ]; then
		P_CTRS="kube-controller-manager|hyperkube|rest^$(t 2651)^$lt^1^leaderelection lost^$(plus11 $lt)|$r
cluster-policy-controller|cluster-policy-controller|run:$(t 2651)|0"
	else
		P_CTRS="kube-controller-manager|hyperkube|run:$(t 2651)|0
cluster-policy-controller|cluster-policy-controller|run:$(t 2651)|0"
	fi
	pod
	[ -n "$lt" ] && lease_logs $NS kube-controller-manager-$n kube-controller-manager kube-system/kube-controller-manager "$lt" '"leaderelection lost"' controllermanager.go:336
done
podlist $NS $((EVRV + 8903))
evlist $NS $((EVRV + 8903))

NS=openshift-kube-scheduler
nsobj $NS "$(t 25)" 5060 0
i=0
for n in $M0 $M1 $M2; do
	i=$((i + 1))
	case $i in 3) lt=2024-11-05T10:29:14Z ;; *) lt="" ;; esac
	P_NS=$NS; P_NAME=openshift-kube-scheduler-$n; P_OKIND=Node; P_NODE=$n; P_IP=$(ip_of $n); P_HOSTNET=1
	P_CREATED=$(t 2660); P_RV=$((EVRV + 8400 + i))
	P_LABELS="    app: openshift-kube-scheduler
    revision: \"8\"
    scheduler: \"true\""
	if [ -n "$lt" ]; then
		P_CTRS="kube-scheduler|hyperkube|rest^$(t 2661)^$lt^1^Leaderelection lost^$(plus11 $lt)|1"
	else
		P_CTRS="kube-scheduler|hyperkube|run:$(t 2661)|0"
	fi
	pod
	[ -n "$lt" ] && lease_logs $NS openshift-kube-scheduler-$n kube-scheduler openshift-kube-scheduler/kube-scheduler "$lt" '"Leaderelection lost"' server.go:269
done
podlist $NS $((EVRV + 8904))
evlist $NS $((EVRV + 8904))

# --------------------------------------------------------------- flapping operators (events)
NS=openshift-apiserver-operator
nsobj $NS "$(t 25)" 5070 0
for p in "09:32:05|09:33:41" "10:07:40|10:09:12" "10:29:20|10:30:48" "10:35:09|10:36:58"; do
	a=2024-11-05T${p%|*}Z; b=2024-11-05T${p#*|}Z
	ev $NS Deployment openshift-apiserver-operator apps/v1 OperatorStatusChanged Normal "$a" "$a" 1 openshift-apiserver-operator-status-controller-statussyncer_openshift-apiserver "" \
		"Status for clusteroperator/openshift-apiserver changed: Available changed from True to False (\"APIServicesAvailable: \\\"apps.openshift.io.v1\\\" is not ready: an attempt failed with statusCode = 503, err = the server is currently unable to handle the request\")"
	ev $NS Deployment openshift-apiserver-operator apps/v1 OperatorStatusChanged Normal "$b" "$b" 1 openshift-apiserver-operator-status-controller-statussyncer_openshift-apiserver "" \
		"Status for clusteroperator/openshift-apiserver changed: Available changed from False to True (\"All is well\")"
done
evlist $NS $((EVRV + 8905))
NS=openshift-authentication-operator
nsobj $NS "$(t 25)" 5080 0
for p in "09:32:11|09:34:02" "10:07:44|10:09:30" "10:36:40|10:38:21"; do
	a=2024-11-05T${p%|*}Z; b=2024-11-05T${p#*|}Z
	ev $NS Deployment authentication-operator apps/v1 OperatorStatusChanged Normal "$a" "$a" 1 oauth-apiserver-status-controller-statussyncer_authentication "" \
		"Status for clusteroperator/authentication changed: Available changed from True to False (\"APIServicesAvailable: \\\"oauth.openshift.io.v1\\\" is not ready: an attempt failed with statusCode = 503, err = the server is currently unable to handle the request\")"
	ev $NS Deployment authentication-operator apps/v1 OperatorStatusChanged Normal "$b" "$b" 1 oauth-apiserver-status-controller-statussyncer_authentication "" \
		"Status for clusteroperator/authentication changed: Available changed from False to True (\"All is well\")"
done
evlist $NS $((EVRV + 8906))

# --------------------------------------------------------------- kubelet journal (masters)
KL=$R/host_service_logs/masters/kubelet_service.log
mkdir -p "$(dirname "$KL")"
awkt -v m0="$M0" -v m1="$M1" -v m2="$M2" -v ts="$TS" -v t1="$TC" -v a0="$(ip_of $M0)" -v a1="$(ip_of $M1)" -v a2="$(ip_of $M2)" '
function kub(e, host, pid, lvl, src, msg) { print jk(e, host, "kubenswrapper", pid, lvl, src, msg) }
BEGIN {
	RS0 = 91; H[0] = m0; H[1] = m1; H[2] = m2; A[0] = a0; A[1] = a1; A[2] = a2
	for (m = 0; m <= 2; m++) {
		host = H[m]; pid = 2391 + m * 11; e = ep("2024-11-05T08:55:00Z") + m * 5
		while (e < ep(t1)) {
			if (e < ep(ts)) { kub(e, host, pid, "I", "kubelet_getters.go:187", "\"Pod status updated\" pod=\"openshift-etcd/etcd-" host "\" status=\"Running\""); e += 600; continue }
			k = ri(1, 3)
			if (k == 1) kub(e, host, pid, "E", "controller.go:195", "\"Failed to update lease\" err=\"Put \\\"https://api-int.ocp4.vmw.corp.example:6443/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/" host "?timeout=10s\\\": net/http: request canceled (Client.Timeout exceeded while awaiting headers)\"")
			else if (k == 2) kub(e, host, pid, "I", "prober.go:107", "\"Probe failed\" probeType=\"Readiness\" pod=\"openshift-etcd/etcd-" host "\" podUID=\"" sprintf("%08x", ri(1, 2000000000)) "-3c1e-4f6a-9d2b-" sprintf("%012x", ri(1, 2000000000)) "\" containerName=\"etcd-readyz\" probeResult=\"failure\" output=\"Get \\\"https://" A[m] ":9980/readyz\\\": context deadline exceeded (Client.Timeout exceeded while awaiting headers)\"")
			else kub(e, host, pid, "E", "kubelet_node_status.go:549", "\"Error updating node status, will retry\" err=\"error getting node \\\"" host "\\\": Get \\\"https://api-int.ocp4.vmw.corp.example:6443/api/v1/nodes/" host "?timeout=10s\\\": context deadline exceeded\"")
			e += ri(200, 520)
		}
	}
}' | sort -s -k1,3 > "$KL"

{
	echo "# root causes in order; symptoms indented under their cause"
	echo "etcd.slow-disk"
	echo "  generic.operator-degraded"
	echo "  generic.clusterversion-failing"
} > "$SAMPLE/expected"
mg_done
echo "generated $SAMPLE"
