# SPDX-License-Identifier: Apache-2.0
# lib.sh - helpers shared by the sample generators.  POSIX sh + awk only.
# Sourced by gen-*.sh after TOOLS and SAMPLES are set.
# Every object is written the way `oc get -o yaml` / must-gather writes it:
# "---" first, keys sorted, 2-space indent, go-yaml v2 quoting and folding.

h64() { printf '%s' "$1" | sha256sum | cut -c1-64; }
h32() { printf '%s' "$1" | md5sum | cut -c1-32; }
h16() { printf '%s' "$1" | md5sum | cut -c1-16; }
uid() {
	printf '%s' "$1" | md5sum | awk '{h=$1; v=substr("89ab",(index("0123456789abcdef",substr(h,17,1))-1)%4+1,1);
		printf "%s-%s-4%s-%s%s-%s\n", substr(h,1,8), substr(h,9,4), substr(h,14,3), v, substr(h,18,3), substr(h,21,12)}'
}
# kubernetes-style name suffix (5 chars) and replicaset hash (9/10 chars)
sfx() {
	printf '%s' "$1" | md5sum | awk -v n="${2:-5}" '{a="bcdfghjklmnpqrstvwxz2456789"; s="";
		for (i = 1; i <= n; i++) { c = index("0123456789abcdef", substr($1,i*2-1,1)) * 16 + index("0123456789abcdef", substr($1,i*2,1)); s = s substr(a, c % 27 + 1, 1) } print s}'
}
img() { echo "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:$(h64 "img-$1")"; }
w() { mkdir -p "$(dirname "$1")"; cat > "$1"; }
sp() { printf '%*s' "$1" ''; }
# ys PREFIX CONT_INDENT VALUE : one scalar, oc style
ys() { V="$3" awk -v prefix="$1" -v ind="$2" -f "$TOOLS/yscalar.awk"; }
# kv INDENT KEY VALUE ; kli INDENT KEY VALUE (first key of a list item)
kv() { ys "$(sp "$1")$2: " $(($1 + 2)) "$3"; }
kli() { ys "$(sp "$1")- $2: " $(($1 + 4)) "$3"; }
# nl: turn the "~~" marker into a newline (multi-line messages)
nl() { printf '%s' "$1" | awk 'BEGIN{RS="\001"} {gsub(/~~/, "\n"); printf "%s", $0}'; }

# ---------------------------------------------------------------- layout
# mg_init SAMPLE_DIR LOCAL_DIGITS IMAGE_SEED
mg_init() {
	SAMPLE=$SAMPLES/$1
	rm -rf "$SAMPLE"
	MGL=$SAMPLE/must-gather.local.$2
	R=$MGL/quay-io-openshift-release-dev-ocp-v4-0-art-dev-sha256-$(h64 "$3")
	mkdir -p "$R"
	TMPD=$(mktemp -d)
	EVN=0
}
# mg_stamps "local start line" "local end line" then UTC lines on stdin
mg_stamps() {
	printf '%s\n%s\n' "$1" "$2" > "$MGL/timestamp"
	cat > "$R/timestamp"
	printf 'openshift/must-gather\n4.0-art-dev\n' > "$R/version"
}
mg_done() { rm -rf "$TMPD"; }

# ---------------------------------------------------------------- objects
# nsobj NS CREATED RV [runlevel]
nsobj() {
	_rl=""
	[ -n "$4" ] && _rl="    openshift.io/run-level: \"$4\""
	{
		cat <<EOF
---
apiVersion: v1
kind: Namespace
metadata:
  annotations:
    include.release.openshift.io/self-managed-high-availability: "true"
    openshift.io/node-selector: ""
    openshift.io/sa.scc.mcs: s0:c$(( $(printf '%s' "$1" | cksum | cut -d' ' -f1) % 30 + 1 )),c$(( $(printf '%s' "$1" | cksum | cut -d' ' -f1) % 17 + 1 ))
    openshift.io/sa.scc.supplemental-groups: 10000$(( $(printf '%s' "$1" | cksum | cut -d' ' -f1) % 90 + 10 ))0000/10000
    openshift.io/sa.scc.uid-range: 10000$(( $(printf '%s' "$1" | cksum | cut -d' ' -f1) % 90 + 10 ))0000/10000
    workload.openshift.io/allowed: management
  creationTimestamp: "$2"
  labels:
    kubernetes.io/metadata.name: $1
    openshift.io/cluster-monitoring: "true"
EOF
		[ -n "$_rl" ] && echo "$_rl"
		cat <<EOF
    pod-security.kubernetes.io/audit: privileged
    pod-security.kubernetes.io/enforce: privileged
    pod-security.kubernetes.io/warn: privileged
  name: $1
  resourceVersion: "$3"
  uid: $(uid "ns-$1-$CLUSTER")
spec:
  finalizers:
  - kubernetes
status:
  phase: Active
EOF
	} | w "$R/namespaces/$1/$1.yaml"
}

# co NAME CREATED RV "ns1 ns2" "operator=VER name2=VER" < conditions
# condition lines: TYPE|STATUS|REASON|LASTTRANSITION|MESSAGE  ("-" = omit,
# "~~" inside MESSAGE = newline)
co() {
	_f=$R/cluster-scoped-resources/config.openshift.io/clusteroperators/$1.yaml
	{
		cat <<EOF
---
apiVersion: config.openshift.io/v1
kind: ClusterOperator
metadata:
  annotations:
    include.release.openshift.io/self-managed-high-availability: "true"
  creationTimestamp: "$2"
  generation: 1
  name: $1
  ownerReferences:
  - apiVersion: config.openshift.io/v1
    controller: true
    kind: ClusterVersion
    name: version
    uid: $(uid "cv-$CLUSTER")
  resourceVersion: "$3"
  uid: $(uid "co-$1-$CLUSTER")
spec: {}
status:
  conditions:
EOF
		conds
		echo "  extension: null"
		echo "  relatedObjects:"
		for _n in $4; do
			echo '  - group: ""'
			echo "    name: $_n"
			echo "    resource: namespaces"
			break
		done
		echo "  versions:"
		for _v in $5; do
			echo "  - name: ${_v%%=*}"
			kv 4 version "${_v#*=}"
		done
	} | w "$_f"
}

# standard healthy operator: co_ok NAME CREATED RV SINCE VERSION "ns..." [avail msg]
co_ok() {
	_am=${7:-All is well}
	co "$1" "$2" "$3" "$6" "operator=$5" <<EOF
Degraded|False|AsExpected|$4|All is well
Progressing|False|AsExpected|$4|All is well
Available|True|AsExpected|$4|$_am
Upgradeable|True|AsExpected|$4|All is well
EOF
}

# mc NAME ROLE CREATED RV GENERATED_BY_HASH [rendered-sources...]
# a trimmed but well-formed MachineConfig (ignition 3.4.0, real file paths)
mc() {
	_n=$1; _role=$2
	{
		echo "---"
		echo "apiVersion: machineconfiguration.openshift.io/v1"
		echo "kind: MachineConfig"
		echo "metadata:"
		case $_n in
		*-ssh) ;;
		*)
			echo "  annotations:"
			echo "    machineconfiguration.openshift.io/generated-by-controller-version: $5"
			case $_n in rendered-*) echo "    machineconfiguration.openshift.io/release-image-version: $OCPVER" ;; esac
			;;
		esac
		kv 2 creationTimestamp "$3"
		echo "  generation: 1"
		case $_n in
		rendered-*) ;;
		*)
			echo "  labels:"
			echo "    machineconfiguration.openshift.io/role: $_role"
			;;
		esac
		echo "  name: $_n"
		case $_n in
		rendered-*)
			echo "  ownerReferences:"
			echo "  - apiVersion: machineconfiguration.openshift.io/v1"
			echo "    blockOwnerDeletion: true"
			echo "    controller: true"
			echo "    kind: MachineConfigPool"
			echo "    name: $_role"
			echo "    uid: $(uid "mcp-$_role-$CLUSTER")"
			;;
		*-registries)
			echo "  ownerReferences:"
			echo "  - apiVersion: config.openshift.io/v1"
			echo "    kind: Image"
			echo "    name: cluster"
			echo "    uid: $(uid "image-config-$CLUSTER")"
			;;
		*-ssh) ;;
		*)
			echo "  ownerReferences:"
			echo "  - apiVersion: machineconfiguration.openshift.io/v1"
			echo "    blockOwnerDeletion: true"
			echo "    controller: true"
			echo "    kind: ControllerConfig"
			echo "    name: machine-config-controller"
			echo "    uid: $(uid "cc-$CLUSTER")"
			;;
		esac
		kv 2 resourceVersion "$4"
		echo "  uid: $(uid "mc-$_n-$CLUSTER")"
		echo "spec:"
		case $_n in rendered-*) echo "  baseOSExtensionsContainerImage: $(img rhel-coreos-extensions-$OCPVER)" ;; esac
		echo "  config:"
		echo "    ignition:"
		echo "      version: 3.4.0"
		case $_n in
		*-ssh)
			echo "    passwd:"
			echo "      users:"
			echo "      - name: core"
			echo "        sshAuthorizedKeys:"
			echo "        - ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI$(h32 "ssh-$CLUSTER" | cut -c1-22)Xq0b core@$DOMAIN"
			;;
		*)
			case $_n in
			rendered-*) _fl="/etc/kubernetes/kubelet.conf /etc/crio/crio.conf.d/00-default /etc/containers/registries.conf /etc/NetworkManager/conf.d/99-keyfiles.conf" ;;
			*-container-runtime) _fl="/etc/crio/crio.conf.d/00-default" ;;
			*-generated-kubelet) _fl="/etc/kubernetes/kubelet.conf" ;;
			*-registries) _fl="/etc/containers/registries.conf" ;;
			*-kubelet) _fl="/etc/kubernetes/kubelet.conf" ;;
			*) _fl="/etc/NetworkManager/conf.d/99-keyfiles.conf /etc/kubernetes/apiserver-url.env" ;;
			esac
			echo "    storage:"
			echo "      files:"
			for _p in $_fl; do
				echo "      - contents:"
				echo "          source: data:,$(h32 "$_n$_p" | cut -c1-24)"
				echo "        mode: 420"
				echo "        overwrite: true"
				echo "        path: $_p"
			done
			case $_n in
			rendered-*|01-*-kubelet)
				echo "    systemd:"
				echo "      units:"
				echo "      - contents: |"
				echo "          [Unit]"
				echo "          Description=Kubernetes Kubelet"
				echo "          Requires=crio.service kubelet-dependencies.target"
				echo "          After=kubelet-dependencies.target"
				echo ""
				echo "          [Service]"
				echo "          Type=notify"
				echo "          ExecStart=/usr/local/bin/kubenswrapper /usr/bin/kubelet --config=/etc/kubernetes/kubelet.conf --bootstrap-kubeconfig=/etc/kubernetes/kubeconfig --kubeconfig=/var/lib/kubelet/kubeconfig --container-runtime-endpoint=/var/run/crio/crio.sock --node-labels=node-role.kubernetes.io/$_role,node.openshift.io/os_id=\${ID}"
				echo "          Restart=always"
				echo "          RestartSec=10"
				echo ""
				echo "          [Install]"
				echo "          WantedBy=multi-user.target"
				echo "        enabled: true"
				echo "        name: kubelet.service"
				;;
			esac
			;;
		esac
		case $_n in
		rendered-*)
			echo "  extensions: []"
			echo "  fips: false"
			echo "  kernelArguments: []"
			echo "  kernelType: default"
			echo "  osImageURL: $(img rhel-coreos-$OCPVER)"
			;;
		*)
			echo "  extensions: null"
			echo "  fips: false"
			echo "  kernelArguments: null"
			echo '  kernelType: ""'
			case $_n in
			00-*|01-*) echo "  osImageURL: $(img rhel-coreos-$OCPVER)" ;;
			*) echo '  osImageURL: ""' ;;
			esac
			;;
		esac
	} | w "$R/cluster-scoped-resources/machineconfiguration.openshift.io/machineconfigs/$_n.yaml"
}

# node: env N_NAME N_ROLE N_IP N_CREATED N_RV N_CUR N_DES N_STATE N_REASON
#       N_READY(True/False/Unknown) N_RREASON N_RMSG N_HB N_RT N_KUBELET N_TAINTS(extra taint lines)
#       N_SUBNET
node() {
	_pre=""
	{
		echo "---"
		echo "apiVersion: v1"
		echo "kind: Node"
		echo "metadata:"
		echo "  annotations:"
		kv 4 k8s.ovn.org/host-cidrs "[\"$N_IP/24\"]"
		kv 4 k8s.ovn.org/node-primary-ifaddr "{\"ipv4\":\"$N_IP/24\"}"
		kv 4 k8s.ovn.org/node-subnets "{\"default\":[\"$N_SUBNET\"]}"
		echo "    machineconfiguration.openshift.io/controlPlaneTopology: HighlyAvailable"
		if [ -n "$N_CUR" ]; then
			echo "    machineconfiguration.openshift.io/currentConfig: $N_CUR"
			echo "    machineconfiguration.openshift.io/desiredConfig: $N_DES"
			echo "    machineconfiguration.openshift.io/desiredDrain: ${N_DDRAIN:-uncordon-$N_DES}"
			echo "    machineconfiguration.openshift.io/lastAppliedDrain: ${N_LDRAIN:-uncordon-$N_DES}"
			echo "    machineconfiguration.openshift.io/lastObservedServerCAAnnotation: \"false\""
			echo "    machineconfiguration.openshift.io/lastSyncedControllerConfigResourceVersion: \"$N_CCRV\""
			kv 4 machineconfiguration.openshift.io/reason "$N_REASON"
			echo "    machineconfiguration.openshift.io/state: $N_STATE"
		fi
		echo "    volumes.kubernetes.io/controller-managed-attach-detach: \"true\""
		kv 2 creationTimestamp "$N_CREATED"
		echo "  labels:"
		echo "    beta.kubernetes.io/arch: amd64"
		echo "    beta.kubernetes.io/os: linux"
		echo "    kubernetes.io/arch: amd64"
		echo "    kubernetes.io/hostname: $N_NAME"
		echo "    kubernetes.io/os: linux"
		if [ "$N_ROLE" = master ]; then
			echo '    node-role.kubernetes.io/control-plane: ""'
			echo '    node-role.kubernetes.io/master: ""'
		else
			echo '    node-role.kubernetes.io/worker: ""'
		fi
		echo "    node.openshift.io/os_id: rhcos"
		echo "  name: $N_NAME"
		kv 2 resourceVersion "$N_RV"
		echo "  uid: $(uid "node-$N_NAME-$CLUSTER")"
		echo "spec:"
		if [ "$N_ROLE" = master ] || [ -n "$N_TAINTS" ]; then
			echo "  taints:"
			[ "$N_ROLE" = master ] && printf '  - effect: NoSchedule\n    key: node-role.kubernetes.io/master\n'
			[ -n "$N_TAINTS" ] && printf '%s\n' "$N_TAINTS"
		fi
		[ -n "$N_UNSCHED" ] && echo "  unschedulable: true"
		echo "status:"
		echo "  addresses:"
		echo "  - address: $N_IP"
		echo "    type: InternalIP"
		echo "  - address: $N_NAME"
		echo "    type: Hostname"
		cat <<EOF
  allocatable:
    cpu: 15500m
    ephemeral-storage: "114396791822"
    hugepages-1Gi: "0"
    hugepages-2Mi: "0"
    memory: 31670188Ki
    pods: "250"
  capacity:
    cpu: "16"
    ephemeral-storage: 124705772Ki
    hugepages-1Gi: "0"
    hugepages-2Mi: "0"
    memory: 32821164Ki
    pods: "250"
  conditions:
EOF
		if [ "$N_READY" = Unknown ]; then
			for _c in MemoryPressure DiskPressure PIDPressure Ready; do
				kli 2 lastHeartbeatTime "$N_HB"
				kv 4 lastTransitionTime "$N_RT"
				kv 4 message "Kubelet stopped posting node status."
				kv 4 reason NodeStatusUnknown
				kv 4 status Unknown
				kv 4 type "$_c"
			done
		else
			for _c in "MemoryPressure|kubelet has sufficient memory available|KubeletHasSufficientMemory" \
				"DiskPressure|kubelet has no disk pressure|KubeletHasNoDiskPressure" \
				"PIDPressure|kubelet has sufficient PID available|KubeletHasSufficientPID"; do
				kli 2 lastHeartbeatTime "$N_HB"
				if [ -n "$N_DISKP" ] && [ "${_c%%|*}" = DiskPressure ]; then
					# N_DISKP = since: the kubelet reports disk pressure
					kv 4 lastTransitionTime "$N_DISKP"
					kv 4 message "kubelet has disk pressure"
					kv 4 reason KubeletHasDiskPressure
					kv 4 status True
					kv 4 type DiskPressure
					continue
				fi
				kv 4 lastTransitionTime "$N_CREATED"
				kv 4 message "$(echo "$_c" | cut -d'|' -f2)"
				kv 4 reason "$(echo "$_c" | cut -d'|' -f3)"
				kv 4 status False
				kv 4 type "$(echo "$_c" | cut -d'|' -f1)"
			done
			kli 2 lastHeartbeatTime "$N_HB"
			kv 4 lastTransitionTime "$N_RT"
			kv 4 message "${N_RMSG:-kubelet is posting ready status}"
			kv 4 reason "${N_RREASON:-KubeletReady}"
			kv 4 status "$N_READY"
			kv 4 type Ready
		fi
		cat <<EOF
  daemonEndpoints:
    kubeletEndpoint:
      Port: 10250
  nodeInfo:
    architecture: amd64
    bootID: $(uid "boot-$N_NAME-$CLUSTER")
    containerRuntimeVersion: $CRIOVER
    kernelVersion: $KERNELVER
    kubeProxyVersion: $KUBEVER
    kubeletVersion: $KUBEVER
    machineID: $(h32 "machine-$N_NAME-$CLUSTER")
    operatingSystem: linux
    osImage: $RHCOSVER
    systemUUID: $(uid "sysuuid-$N_NAME-$CLUSTER")
EOF
	} | w "$R/cluster-scoped-resources/core/nodes/$N_NAME.yaml"
	N_TAINTS=""; N_RMSG=""; N_RREASON=""; N_DISKP=""; N_DDRAIN=""; N_LDRAIN=""; N_UNSCHED=""
}

# ------------------------------------------------------------------ pods
# pod: env P_NS P_NAME P_GEN P_OKIND P_ONAME P_NODE P_IP(host) P_PODIP
#   P_CREATED P_RV P_LABELS (lines, 4-space indented) P_HOSTNET(true/"")
#   P_SA P_PRIO P_PHASE (Running/Pending) P_READY(True/False)
#   P_CTRS lines: NAME|IMAGEKEY|STATE|RESTARTS  STATE one of
#     run:STARTED  wait:REASON:MESSAGE  crash^STARTED^FINISHED^EXIT^MESSAGE
#     create (ContainerCreating, no containerID)
#     rest^STARTED^FINISHED^EXIT^MESSAGE^RUNNING_SINCE (restarted, running again)
# writes namespaces/NS/pods/NAME/NAME.yaml and remembers it for the PodList
pod() {
	_d=$R/namespaces/$P_NS/pods/$P_NAME
	{
		echo "---"
		echo "apiVersion: v1"
		echo "kind: Pod"
		echo "metadata:"
		echo "  annotations:"
		if [ -z "$P_HOSTNET" ]; then
			kv 4 k8s.ovn.org/pod-networks "{\"default\":{\"ip_addresses\":[\"$P_PODIP/23\"],\"mac_address\":\"0a:58:$(h32 "mac$P_NAME" | sed 's/\(..\)\(..\)\(..\)\(..\).*/\1:\2:\3:\4/')\",\"gateway_ips\":[\"${P_PODIP%.*}.1\"],\"role\":\"primary\"}}"
		fi
		if [ "$P_OKIND" = Node ]; then
			echo "    kubernetes.io/config.hash: $(h32 "cfg$P_NAME")"
			echo "    kubernetes.io/config.mirror: $(h32 "cfg$P_NAME")"
			kv 4 kubernetes.io/config.seen "$P_CREATED"
			echo "    kubernetes.io/config.source: file"
		fi
		echo "    openshift.io/scc: ${P_SCC:-privileged}"
		kv 2 creationTimestamp "$P_CREATED"
		[ -n "$P_GEN" ] && echo "  generateName: $P_GEN"
		echo "  labels:"
		printf '%s\n' "$P_LABELS"
		echo "  name: $P_NAME"
		echo "  namespace: $P_NS"
		echo "  ownerReferences:"
		case $P_OKIND in
		Node)
			echo "  - apiVersion: v1"
			echo "    controller: true"
			echo "    kind: Node"
			echo "    name: $P_NODE"
			echo "    uid: $(uid "node-$P_NODE-$CLUSTER")"
			;;
		*)
			echo "  - apiVersion: apps/v1"
			echo "    blockOwnerDeletion: true"
			echo "    controller: true"
			echo "    kind: $P_OKIND"
			echo "    name: $P_ONAME"
			echo "    uid: $(uid "owner-$P_NS-$P_ONAME-$CLUSTER")"
			;;
		esac
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
		[ -n "$P_HOSTNET" ] && echo "  hostNetwork: true"
		echo "  nodeName: $P_NODE"
		echo "  priority: 2000001000"
		echo "  priorityClassName: ${P_PRIO:-system-node-critical}"
		echo "  restartPolicy: ${P_RESTART:-Always}"
		[ -n "$P_SA" ] && echo "  serviceAccountName: $P_SA"
		echo "status:"
		echo "  conditions:"
		_rd=${P_READY:-True}
		_ics=True; [ "$P_PHASE" = Pending ] && _ics=False
		for _c in "PodReadyToStartContainers|$_ics" "Initialized|True" "Ready|$_rd" "ContainersReady|$_rd" "PodScheduled|True"; do
			echo "  - lastProbeTime: null"
			kv 4 lastTransitionTime "${P_STARTED:-$P_CREATED}"
			if [ "${_c#*|}" = False ] && [ "${_c%|*}" = Ready -o "${_c%|*}" = ContainersReady ]; then
				_nr=$(printf '%s\n' "$P_CTRS" | awk -F'|' '$3 !~ /^(run|rest)/ {printf "%s%s", s, $1; s=" "}')
				kv 4 message "containers with unready status: [$_nr]"
				kv 4 reason ContainersNotReady
			fi
			kv 4 status "${_c#*|}"
			echo "    type: ${_c%|*}"
		done
		echo "  containerStatuses:"
		printf '%s\n' "$P_CTRS" | sort -t'|' -k1,1 | while IFS='|' read -r _cn _ci _cs _cr; do
			[ -z "$_cn" ] && continue
			case $_cs in
			create) ;;
			*) echo "  - containerID: cri-o://$(h64 "ctr-$P_NAME-$_cn-$_cr")" ;;
			esac
			if [ "$_cs" = create ]; then
				echo "  - image: $(img "$_ci-$OCPVER")"
				echo "    imageID: \"\""
			else
				echo "    image: $(img "$_ci-$OCPVER")"
				echo "    imageID: $(img "$_ci-$OCPVER")"
			fi
			case $_cs in
			crash^*|rest^*)
				_cst=$(echo "$_cs" | awk -F'\\^' '{print $2}'); _cfin=$(echo "$_cs" | awk -F'\\^' '{print $3}')
				_cex=$(echo "$_cs" | awk -F'\\^' '{print $4}'); _cmsg=$(echo "$_cs" | awk -F'\\^' '{print $5}')
				echo "    lastState:"
				echo "      terminated:"
				case $_cs in
				rest^*) echo "        containerID: cri-o://$(h64 "ctr-$P_NAME-$_cn-$_cr-prev")" ;;
				*) echo "        containerID: cri-o://$(h64 "ctr-$P_NAME-$_cn-$_cr")" ;;
				esac
				echo "        exitCode: $_cex"
				kv 8 finishedAt "$_cfin"
				kv 8 message "$(nl "$_cmsg")"
				echo "        reason: Error"
				kv 8 startedAt "$_cst"
				;;
			*) echo "    lastState: {}" ;;
			esac
			echo "    name: $_cn"
			case $_cs in run:*|rest^*) echo "    ready: true" ;; *) echo "    ready: false" ;; esac
			echo "    restartCount: $_cr"
			case $_cs in run:*|rest^*) echo "    started: true" ;; *) echo "    started: false" ;; esac
			echo "    state:"
			case $_cs in
			run:*)
				echo "      running:"
				kv 8 startedAt "${_cs#run:}"
				;;
			create)
				echo "      waiting:"
				echo "        reason: ContainerCreating"
				;;
			rest^*)
				echo "      running:"
				kv 8 startedAt "$(echo "$_cs" | awk -F'\\^' '{print $6}')"
				;;
			crash^*)
				echo "      waiting:"
				kv 8 message "back-off 5m0s restarting failed container=$_cn pod=${P_NAME}_$P_NS($(uid "pod-$P_NS-$P_NAME-$CLUSTER"))"
				echo "        reason: CrashLoopBackOff"
				;;
			wait:*)
				echo "      waiting:"
				kv 8 message "$(echo "$_cs" | cut -d: -f3-)"
				kv 8 reason "$(echo "$_cs" | cut -d: -f2)"
				;;
			esac
		done
		echo "  hostIP: $P_IP"
		echo "  hostIPs:"
		echo "  - ip: $P_IP"
		echo "  phase: ${P_PHASE:-Running}"
		if [ -n "$P_HOSTNET" ]; then
			echo "  podIP: $P_IP"
			echo "  podIPs:"
			echo "  - ip: $P_IP"
		elif [ -n "$P_PODIP" ] && [ "$P_PHASE" != Pending ]; then
			echo "  podIP: $P_PODIP"
			echo "  podIPs:"
			echo "  - ip: $P_PODIP"
		fi
		echo "  qosClass: Burstable"
		kv 2 startTime "$P_CREATED"
	} | w "$_d/$P_NAME.yaml"
	echo "$_d/$P_NAME.yaml" >> "$TMPD/pods-$P_NS"
	P_GEN=""; P_HOSTNET=""; P_PODIP=""; P_STARTED=""; P_PHASE=""; P_READY=""; P_SCC=""; P_SA=""; P_PRIO=""; P_RESTART=""
}
# container log path; creates the empty previous logs as must-gather does
clog() {
	_l=$R/namespaces/$1/pods/$2/$3/$3/logs
	mkdir -p "$_l"
	: > "$_l/previous.log"; : > "$_l/previous.insecure.log"; : > "$_l/current.log"
	echo "$_l"
}

# mklist KIND OUT RV file...  : an oc "List" built from object files
mklist() {
	_k=$1; _o=$2; _rv=$3; shift 3
	mkdir -p "$(dirname "$_o")"
	{
		echo "---"
		echo "apiVersion: v1"
		if [ $# -eq 0 ]; then
			echo "items: []"
		else
			echo "items:"
			for _f in "$@"; do
				sed '1{/^---$/d}' "$_f" | awk 'NR==1 {print "- " $0; next} { if ($0 == "") print ""; else print "  " $0 }'
			done
		fi
		echo "kind: $_k"
		echo "metadata:"
		echo "  resourceVersion: \"$_rv\""
	} > "$_o"
}
podlist() { # NS RV
	if [ -f "$TMPD/pods-$1" ]; then
		# shellcheck disable=SC2046
		mklist PodList "$R/namespaces/$1/core/pods.yaml" "$2" $(sort "$TMPD/pods-$1")
	else
		mklist PodList "$R/namespaces/$1/core/pods.yaml" "$2"
	fi
}

# ev NS INVKIND INVNAME INVAPI REASON TYPE FIRST LAST COUNT COMPONENT HOST MESSAGE [FIELDPATH]
ev() {
	EVN=$((EVN + 1))
	_en="$3.$(h16 "ev-$1-$3-$5-$7-$EVN")"
	mkdir -p "$TMPD/ev/$1"
	{
		echo "---"
		echo "apiVersion: v1"
		echo "count: $9"
		echo "eventTime: null"
		kv 0 firstTimestamp "$7"
		echo "involvedObject:"
		echo "  apiVersion: $4"
		[ -n "${13}" ] && kv 2 fieldPath "${13}"
		echo "  kind: $2"
		echo "  name: $3"
		echo "  namespace: $1"
		echo "  uid: $(uid "inv-$1-$3-$CLUSTER")"
		echo "kind: Event"
		kv 0 lastTimestamp "$8"
		kv 0 message "$(nl "${12}")"
		echo "metadata:"
		kv 2 creationTimestamp "$7"
		echo "  name: $_en"
		echo "  namespace: $1"
		echo "  resourceVersion: \"$((EVRV + EVN * 7))\""
		echo "  uid: $(uid "$_en")"
		echo "reason: $5"
		echo 'reportingComponent: ""'
		echo 'reportingInstance: ""'
		echo "source:"
		echo "  component: ${10}"
		[ -n "${11}" ] && echo "  host: ${11}"
		echo "type: $6"
	} > "$TMPD/ev/$1/$(printf '%05d' $EVN).yaml"
}
evlist() { # NS RV
	if [ -d "$TMPD/ev/$1" ]; then
		# shellcheck disable=SC2046
		mklist EventList "$R/namespaces/$1/core/events.yaml" "$2" $(ls "$TMPD/ev/$1"/*.yaml | sort)
	else
		mklist EventList "$R/namespaces/$1/core/events.yaml" "$2"
	fi
}

# csr NAME CREATED RV SIGNER USERNAME GROUPS(space sep) USAGES(comma sep) CN ORG APPROVED_AT(or "")
csr() {
	_req=$(printf '%s' "$8" | sha256sum | cut -c1-40)
	{
		echo "---"
		echo "apiVersion: certificates.k8s.io/v1"
		echo "kind: CertificateSigningRequest"
		echo "metadata:"
		kv 2 creationTimestamp "$2"
		echo "  generateName: csr-"
		echo "  name: $1"
		kv 2 resourceVersion "$3"
		echo "  uid: $(uid "csr-$1-$CLUSTER")"
		echo "spec:"
		echo "  groups:"
		for _g in $6; do echo "  - $_g"; done
		echo "  request: $(csrpem "$8" "$9")"
		echo "  signerName: $4"
		echo "  uid: $(uid "sa-$5-$CLUSTER")"
		echo "  usages:"
		echo "$7" | tr ',' '\n' | sed 's/^/  - /'
		echo "  username: $5"
		if [ -n "${10}" ]; then
			echo "status:"
			echo "  certificate: $(printf 'cert for %s issued %s' "$8" "${10}" | base64 -w0)"
			echo "  conditions:"
			kli 2 lastTransitionTime "${10}"
			kv 4 lastUpdateTime "${10}"
			kv 4 message "${CSR_APPMSG:-This CSR was approved by the Node CSR Approver (cluster-machine-approver)}"
			kv 4 reason "${CSR_APPREASON:-NodeCSRApprove}"
			kv 4 status True
			kv 4 type Approved
		else
			echo "status: {}"
		fi
	} | w "$R/cluster-scoped-resources/certificates.k8s.io/certificatesigningrequests/$1.yaml"
}
# real PEM CSR (EC P-256) for CN/O, base64 as in the API object; cached so
# reruns stay identical
csrpem() {
	_c=$TOOLS/.csrcache/$(h16 "$1/$2$CSR_SALT")
	if [ ! -s "$_c" ]; then
		mkdir -p "$TOOLS/.csrcache"
		openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout /dev/null \
			-subj "/O=$2/CN=$1" 2>/dev/null | base64 -w0 > "$_c"
	fi
	cat "$_c"
}

# conds: condition list (indent 2) from TYPE|STATUS|REASON|TIME|MESSAGE lines
conds() {
	while IFS='|' read -r _t _s _r _lt _m; do
		[ -z "$_t" ] && continue
		kli 2 lastTransitionTime "$_lt"
		[ "$_m" != "-" ] && kv 4 message "$(nl "$_m")"
		[ "$_r" != "-" ] && kv 4 reason "$_r"
		kv 4 status "$_s"
		kv 4 type "$_t"
	done
	return 0
}

# awkt [-v name=value]... 'program' : awk with tlib.awk loaded
awkt() {
	_pf=${TMPD:-/tmp}/prog.$$.awk; _n=$#; _k=0
	for _a do
		_k=$((_k + 1))
		[ $_k -eq 1 ] && set --
		if [ $_k -eq $_n ]; then printf '%s\n' "$_a" > "$_pf"; else set -- "$@" "$_a"; fi
	done
	awk -f "$TOOLS/tlib.awk" "$@" -f "$_pf" || { cp "$_pf" /tmp/failed.awk; echo "awk failed: /tmp/failed.awk" >&2; }
}
