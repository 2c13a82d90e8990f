/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The message catalog the corpus generator draws log lines from, modelled
 * on real OpenShift component logs.  gen-rules reads it too, so that some
 * synthetic rules are built from text that really occurs in the corpus.
 * Placeholders (%n namespace, %p pod, ...) are listed in gen-logs.c.
 */
#include "gen.h"

#define I(tag, file, line, text)	{ 'I', tag, 0, file, line, text }
#define W(tag, file, line, text)	{ 'W', tag, 0, file, line, text }
#define E(tag, file, line, text)	{ 'E', tag, 0, file, line, text }
#define R(sev, tag, file, line, text)	{ sev, tag, 1, file, line, text }

const struct msg_tpl msg_catalog[] = {
	/* Informational, any component. */
	I(TAG_ANY, "certsync_controller.go", 66,
	    "Syncing configmaps: [{%k false} {%k false} "
	    "{trusted-ca-bundle true}]"),
	I(TAG_ANY, "certsync_controller.go", 170,
	    "Syncing secrets: [{%k false}]"),
	I(TAG_ANY, "controlbuf.go", 521, "transport: loopyWriter.run "
	    "returning. connection error: desc = \"transport is closing\""),
	I(TAG_ANY, "clientconn.go", 948,
	    "ClientConn switching balancer to \"pick_first\""),
	I(TAG_ANY, "client.go", 360, "parsed scheme: \"passthrough\""),
	I(TAG_ANY, "passthrough.go", 48, "ccResolverWrapper: sending update to "
	    "cc: {[{https://%i:%P  <nil> 0 <nil>}] <nil> <nil>}"),
	I(TAG_ANY, "request.go", 690, "Waited for %s due to client-side "
	    "throttling, not priority and fairness, request: "
	    "GET:https://172.30.0.1:443/api/v1/namespaces/%n/%R/%k"),
	I(TAG_ANY, "controller.go", 179, "get event from workqueue"),
	I(TAG_ANY, "controller.go", 185,
	    "event from workqueue successfully processed"),
	I(TAG_ANY, "log.go", 172, "update was successful"),
	I(TAG_ANY, "tlsconfig.go", 178, "loaded client CA [%d/\"client-ca::"
	    "kube-system::extension-apiserver-authentication::client-ca-file\"]"
	    ": \"admin-kubeconfig-signer\" [] issuer=\"<self>\" (now=%t)"),
	I(TAG_ANY, "sync.go", 83, "synced all controller resources"),
	I(TAG_ANY, "event.go", 285, "Event(v1.ObjectReference{Kind:"
	    "\"Deployment\", Namespace:\"%n\", Name:\"%k\", UID:\"%u\", "
	    "APIVersion:\"apps/v1\", ResourceVersion:\"\", FieldPath:\"\"}): "
	    "type: 'Normal' reason: 'OperatorStatusChanged' Status for "
	    "clusteroperator/%k changed: Progressing message changed"),
	I(TAG_ANY, "task_graph.go", 474, "Running %d on worker %d"),
	I(TAG_ANY, "leaderelection.go", 248,
	    "attempting to acquire leader lease %n/%k..."),
	I(TAG_ANY, "leaderelection.go", 258,
	    "successfully acquired lease %n/%k"),
	I(TAG_ANY, "shared_informer.go", 273, "Waiting for caches to sync "
	    "for %k"),
	I(TAG_ANY, "shared_informer.go", 280, "Caches are synced for %k"),
	I(TAG_ANY, "base_controller.go", 73, "Caches are synced for %k "),
	I(TAG_ANY, "base_controller.go", 110,
	    "Starting #%d worker of %k controller ..."),
	I(TAG_ANY, "reflector.go", 221, "Starting reflector *v1.%K (10m0s) "
	    "from k8s.io/client-go/informers/factory.go:150"),
	I(TAG_ANY, "reflector.go", 257, "Listing and watching *v1.%K from "
	    "k8s.io/client-go/informers/factory.go:150"),
	I(TAG_ANY, "streamwatcher.go", 111, "Unexpected EOF during watch "
	    "stream event decoding: unexpected EOF"),
	I(TAG_ANY, "round_trippers.go", 553,
	    "GET https://%i:%P/healthz 200 OK in %d milliseconds"),
	I(TAG_ANY, "controller.go", 211, "Observed a change in %n/%k, "
	    "reconciling"),
	I(TAG_ANY, "operator.go", 157, "Starting syncing operator at %t"),
	I(TAG_ANY, "operator.go", 159, "Finished syncing operator at %s"),
	I(TAG_ANY, "dynamic_serving_content.go", 131, "\"Loaded a new "
	    "cert/key pair\" name=\"serving-cert::/var/run/secrets/"
	    "serving-cert/tls.crt::/var/run/secrets/serving-cert/tls.key\""),
	I(TAG_ANY, "secure_serving.go", 210, "Serving securely on [::]:%P"),
	I(TAG_ANY, "status_controller.go", 213, "clusteroperator/%k diff "
	    "{\"status\":{\"conditions\":[{\"lastTransitionTime\":\"%t\","
	    "\"reason\":\"AsExpected\",\"status\":\"False\",\"type\":"
	    "\"Degraded\"}]}}"),
	I(TAG_ANY, "apiaccess_count_controller.go", 152,
	    "updating top %R APIRequest counts"),
	I(TAG_ANY, "cleaner.go", 172, "Cleaner: starting cleanup for %R"),
	I(TAG_ANY, "sync_worker.go", 942, "Done syncing for %R \"%n/%k\" "
	    "(%d of %D)"),
	I(TAG_ANY, "sync_worker.go", 939, "Running sync for %R \"%n/%k\" "
	    "(%d of %D)"),
	I(TAG_ANY, "request.go", 1154, "Response Body: {\"kind\":\"Status\","
	    "\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Success\"}"),
	I(TAG_ANY, "recorder_logging.go", 44, "&Event{ObjectMeta:{dummy.%h  "
	    "dummy    0 0001-01-01 00:00:00 +0000 UTC <nil> <nil> map[] map[] "
	    "[] [] []},InvolvedObject:ObjectReference{Kind:Pod,Namespace:"
	    "dummy,Name:dummy,UID:,APIVersion:,ResourceVersion:,FieldPath:,}"
	    ",Reason:SecretUpdated,Message:Updated Secret/%k -n %n because "
	    "it changed,Source:EventSource{Component:,Host:,},}"),
	I(TAG_ANY, "main.go", 98, "Version: v4.12.0-202306011203.p0.g%h."
	    "assembly.stream-%h"),
	I(TAG_ANY, "builder.go", 283, "openshift-cluster-version: \"%R\" "
	    "\"%n/%k\" is not ready: %d of %d updated"),

	/* Informational, API servers. */
	I(TAG_API, "httplog.go", 131, "\"HTTP\" verb=\"GET\" URI=\"/metrics\" "
	    "latency=\"%m\" userAgent=\"Prometheus/2.39.1\" audit-ID=\"%u\" "
	    "srcIP=\"%i:%E\" resp=200"),
	I(TAG_API, "httplog.go", 131, "\"HTTP\" verb=\"GET\" URI=\"/api/v1/"
	    "namespaces/%n/%R?resourceVersion=%D&timeout=8m22s&"
	    "timeoutSeconds=502&watch=true\" latency=\"%s\" userAgent=\"%k/"
	    "v0.0.0 (linux/amd64) kubernetes/$Format\" audit-ID=\"%u\" "
	    "srcIP=\"%i:%E\" resp=200"),
	I(TAG_API, "cacher.go", 410, "cacher (*unstructured.Unstructured): "
	    "initialized"),
	I(TAG_API, "trace.go", 205, "Trace[%D]: \"List\" url:/api/v1/"
	    "namespaces/%n/%R,user-agent:kube-controller-manager/v1.25.8,"
	    "audit-id:%u,client:%i,accept:application/json, */*,protocol:"
	    "HTTP/2.0 (%t) (total time: %m):"),
	I(TAG_API, "controller.go", 616, "quota admission added evaluator "
	    "for: %R.%k.openshift.io"),
	I(TAG_API, "store.go", 1358, "Monitoring %R.%k.openshift.io count at "
	    "<storage-prefix>//%R"),
	I(TAG_API, "healthz.go", 261, "etcd check ok"),
	I(TAG_API, "cidrallocator.go", 278, "updated ClusterIP allocator for "
	    "Service CIDR 172.30.0.0/16"),

	/* Informational, kubelet. */
	I(TAG_KUBELET, "reconciler_common.go", 231, "\"operationExecutor."
	    "MountVolume started for volume \\\"%k\\\" (UniqueName: \\\""
	    "kubernetes.io/configmap/%u-%k\\\") pod \\\"%p\\\" (UID: \\\"%u"
	    "\\\") \" pod=\"%n/%p\""),
	I(TAG_KUBELET, "operation_generator.go", 730, "\"MountVolume.SetUp "
	    "succeeded for volume \\\"%k\\\" (UniqueName: \\\"kubernetes.io/"
	    "secret/%u-%k\\\") pod \\\"%p\\\" (UID: \\\"%u\\\") \" "
	    "pod=\"%n/%p\""),
	I(TAG_KUBELET, "kubelet.go", 2157, "\"SyncLoop (PLEG): event for "
	    "pod\" pod=\"%n/%p\" event=&{ID:%u Type:ContainerStarted Data:%H}"),
	I(TAG_KUBELET, "kubelet_getters.go", 182, "\"Pod status updated\" "
	    "pod=\"%n/%p\" status=Running"),
	I(TAG_KUBELET, "kubelet.go", 2229, "\"SyncLoop (probe)\" "
	    "probe=\"readiness\" status=\"ready\" pod=\"%n/%p\""),
	I(TAG_KUBELET, "kubelet.go", 2083, "\"SyncLoop UPDATE\" source=\"api\" "
	    "pods=[%n/%p]"),
	I(TAG_KUBELET, "kuberuntime_container.go", 709, "\"Killing container "
	    "with a grace period\" pod=\"%n/%p\" podUID=%u "
	    "containerName=\"%c\" "
	    "containerID=\"cri-o://%H\" gracePeriod=30"),
	I(TAG_KUBELET, "reconciler_common.go", 172, "\"operationExecutor."
	    "UnmountVolume started for volume \\\"%k\\\" (UniqueName: \\\""
	    "kubernetes.io/projected/%u-%k\\\") pod \\\"%u\\\" (UID: \\\"%u"
	    "\\\") \""),
	I(TAG_KUBELET, "logs.go", 323, "\"Finished parsing log file\" "
	    "path=\"/var/log/pods/%n_%p_%u/%c/0.log\""),
	I(TAG_KUBELET, "scope.go", 115,
	    "\"RemoveContainer\" containerID=\"%H\""),
	I(TAG_KUBELET, "prober.go", 107, "\"Probe failed\" "
	    "probeType=\"Readiness\""
	    " pod=\"%n/%p\" podUID=%u containerName=\"%c\" probeResult=failure "
	    "output=\"Get \\\"https://%i:%P/healthz\\\": context deadline "
	    "exceeded (Client.Timeout exceeded while awaiting headers)\""),

	/* Informational, CRI-O (logrus msg text). */
	I(TAG_CRIO, "", 0, "Checking image status: quay.io/"
	    "openshift-release-dev/"
	    "ocp-v4.0-art-dev@sha256:%H"),
	I(TAG_CRIO, "", 0, "Image status: &ImageStatusResponse{Image:&Image{Id:"
	    "%H,RepoTags:[],Size_:%D,},Info:map[string]string{},}"),
	I(TAG_CRIO, "", 0, "Created container %h: %n/%p/%c"),
	I(TAG_CRIO, "", 0, "Started container %h: %n/%p/%c"),
	I(TAG_CRIO, "", 0, "Running pod sandbox: %n/%p/POD"),
	I(TAG_CRIO, "", 0, "Got pod network &{Name:%p Namespace:%n ID:%H "
	    "UID:%u "
	    "NetNS:/var/run/netns/%u Networks:[] RuntimeConfig:map[multus-cni-"
	    "network:{IP: MAC: PortMappings:[] Bandwidth:<nil> IpRanges:[]}] "
	    "Aliases:map[]}"),
	I(TAG_CRIO, "", 0, "Stopped container %h: %n/%p/%c"),
	I(TAG_CRIO, "", 0, "Removed container %h: %n/%p/%c"),

	/* Informational, etcd. */
	I(TAG_ETCD, "etcdserver/server.go", 2054, "published local member to "
	    "cluster through raft"),
	I(TAG_ETCD, "mvcc/index.go", 214, "compact tree index"),
	I(TAG_ETCD, "mvcc/kvstore_compaction.go", 57, "finished scheduled "
	    "compaction"),
	I(TAG_ETCD, "mvcc/hash.go", 137, "storing new hash"),
	I(TAG_ETCD, "etcdserver/server.go", 1343, "triggering snapshot"),
	I(TAG_ETCD, "v3rpc/health.go", 63, "grpc service status changed"),
	I(TAG_ETCD, "raft/raft.go", 771, "%h became follower at term %d"),
	I(TAG_ETCD, "embed/serve.go", 187, "serving client traffic securely"),

	/* Informational, machine-config. */
	I(TAG_MCO, "daemon.go", 1298, "In desired config %r"),
	I(TAG_MCO, "node_controller.go", 446, "Pool worker: node %N: "
	    "Completed update to %r"),
	I(TAG_MCO, "status.go", 116, "Pool master: All nodes are updated "
	    "with %r"),
	I(TAG_MCO, "render_controller.go", 536, "Generated machineconfig %r "
	    "from %d configs"),
	I(TAG_MCO, "rpm-ostree.go", 278, "Running captured: rpm-ostree status "
	    "--json"),
	I(TAG_MCO, "daemon.go", 219, "Booted osImageURL: quay.io/"
	    "openshift-release-dev/ocp-v4.0-art-dev@sha256:%H (412.86.%D-0)"),
	I(TAG_MCO, "update.go", 2250, "Validated on-disk state"),
	I(TAG_MCO, "api.go", 97, "Pool worker: Serving %r"),

	/* Informational, OVN (vlog text). */
	I(TAG_OVN, "reconnect", 0, "ssl:%i:%P: connected"),
	I(TAG_OVN, "ovsdb_cs", 0, "ssl:%i:%P: clustered database server is "
	    "not cluster leader; trying another server"),
	I(TAG_OVN, "pods.go", 185, "[%n/%p] creating logical port for pod on "
	    "switch %N"),
	I(TAG_OVN, "kube.go", 301, "Updating pod %n/%p"),
	I(TAG_OVN, "cni.go", 241, "[%n/%p %H] ADD starting CNI request "
	    "[%n/%p %H]"),
	I(TAG_OVN, "ovs.go", 159, "Exec(%D): /usr/bin/ovs-vsctl --timeout=15 "
	    "--if-exists get interface %h ofport"),
	I(TAG_OVN, "inc_proc_eng", 0, "node: logical_flow_output, recompute "
	    "(forced) took %dms"),

	/* Informational, Prometheus family (logfmt msg text). */
	I(TAG_PROM, "compact.go", 460, "write block"),
	I(TAG_PROM, "head.go", 1177, "Head GC completed"),
	I(TAG_PROM, "checkpoint.go", 100, "Creating checkpoint"),
	I(TAG_PROM, "main.go", 1234, "Completed loading of configuration file"),
	I(TAG_PROM, "reloader.go", 355, "Reload triggered"),
	I(TAG_PROM, "shipper.go", 334, "upload new block"),

	/* Warnings. */
	W(TAG_ANY, "reflector.go", 424, "k8s.io/client-go/informers/"
	    "factory.go:150: watch of *v1.%K ended with: an error on the "
	    "server "
	    "(\"unable to decode an event from the watch stream: http2: client "
	    "connection lost\") has prevented the request from succeeding"),
	W(TAG_ANY, "warnings.go", 70, "policy/v1beta1 PodDisruptionBudget is "
	    "deprecated in v1.21+, unavailable in v1.25+; use policy/v1 "
	    "PodDisruptionBudget"),
	W(TAG_ANY, "clientconn.go", 1331, "[core] grpc: "
	    "addrConn.createTransport"
	    " failed to connect to {https://%i:%P %i <nil> 0 <nil>}. Err: "
	    "connection error: desc = \"transport: Error while dialing dial "
	    "tcp %i:%P: connect: connection refused\". Reconnecting..."),
	W(TAG_ANY, "builder.go", 108, "cannot get the events: %e"),
	W(TAG_ANY, "leaderelection.go", 335, "error retrieving resource lock "
	    "%n/%k: Get \"https://172.30.0.1:443/apis/coordination.k8s.io/v1/"
	    "namespaces/%n/leases/%k\": %e"),
	W(TAG_ANY, "reflector.go", 539, "k8s.io/client-go/informers/"
	    "factory.go:150: failed to list *v1.%K: %e"),
	W(TAG_ANY, "base_controller.go", 232, "Updating status of \"%k\" "
	    "failed: Operation cannot be fulfilled on %R \"%k\": the object "
	    "has been modified; please apply your changes to the latest "
	    "version and "
	    "try again"),
	W(TAG_API, "admission.go", 98, "ClusterQuotaAdmission received "
	    "non-meta object *unstructured.Unstructured"),
	W(TAG_API, "dispatcher.go", 205, "Failed calling webhook, failing "
	    "open %k.openshift.io: failed calling webhook \"%k.openshift.io\": "
	    "failed to call webhook: Post \"https://%k.%n.svc:443/validate?"
	    "timeout=10s\": %e"),
	W(TAG_KUBELET, "empty_dir.go", 523, "Warning: Failed to clear quota "
	    "on /var/lib/kubelet/pods/%u/volumes/kubernetes.io~configmap/%k: "
	    "clearQuota called, but quotas disabled"),
	W(TAG_KUBELET, "manager.go", 1174, "Failed to process watch event "
	    "{EventType:0 Name:/kubepods.slice/kubepods-burstable.slice/"
	    "kubepods-burstable-pod%h.slice/crio-%H.scope WatchSource:0}: "
	    "Error finding container %H: Status 404 returned error can't "
	    "find the container with id %H"),
	W(TAG_KUBELET, "conversion.go", 111, "Could not get instant cpu "
	    "stats: cumulative stats decrease"),
	W(TAG_KUBELET, "prober.go", 109, "\"Probe failed\" probeType="
	    "\"Liveness\" pod=\"%n/%p\" podUID=%u containerName=\"%c\" "
	    "probeResult=failure output=\"Get \\\"http://%i:%P/healthz\\\": "
	    "dial tcp %i:%P: connect: connection refused\""),
	W(TAG_CRIO, "", 0, "Found defunct process with PID %D (haproxy)"),
	W(TAG_CRIO, "", 0, "Stopping container %H with stop signal timed out: "
	    "timeout reached after 30 seconds waiting for container process "
	    "to exit"),
	W(TAG_ETCD, "etcdserver/util.go", 166, "apply request took too long"),
	W(TAG_ETCD, "etcdserver/v3_server.go", 815, "waiting for ReadIndex "
	    "response took too long, retrying"),
	W(TAG_ETCD, "wal/wal.go", 802, "slow fdatasync"),
	W(TAG_ETCD, "rafthttp/probing_status.go", 68, "prober detected "
	    "unhealthy status"),
	W(TAG_MCO, "daemon.go", 617, "Got an error from auxiliary tools: "
	    "kubelet health check has failed 1 times: Get \"http://localhost:"
	    "10248/healthz\": %e"),
	W(TAG_OVN, "ovsdb_idl", 0, "transaction error: {\"details\":"
	    "\"Transaction causes multiple rows in \\\"Logical_Switch_Port\\\" "
	    "table to have identical values\",\"error\":\"constraint violation"
	    "\"}"),
	W(TAG_OVN, "timeval", 0, "Unreasonably long %dms poll interval "
	    "(%dms user, %dms system)"),
	W(TAG_PROM, "scrape.go", 1301, "Append failed"),
	W(TAG_PROM, "notifier.go", 527, "Error sending alert"),

	/* Errors. */
	E(TAG_ANY, "reflector.go", 140, "k8s.io/client-go/informers/"
	    "factory.go:150: Failed to watch *v1.%K: failed to list *v1.%K: "
	    "%e"),
	E(TAG_ANY, "base_controller.go", 272, "%k reconciliation failed: %e"),
	E(TAG_ANY, "leaderelection.go", 330, "error retrieving resource lock "
	    "%n/%k: %e"),
	E(TAG_ANY, "queueinformer_operator.go", 290, "sync {\"update\" "
	    "\"%n/%k\"} failed: no owned roles found"),
	E(TAG_ANY, "publisher.go", 156, "syncing \"%n\" failed: configmaps "
	    "\"openshift-service-ca.crt\" already exists"),
	E(TAG_ANY, "runtime.go", 79, "Observed a panic: \"invalid memory "
	    "address or nil pointer dereference\" (runtime error: invalid "
	    "memory address or nil pointer dereference)"),
	E(TAG_ANY, "controller.go", 271, "key failed with : %e"),
	E(TAG_API, "writers.go", 118, "apiserver was unable to write a JSON "
	    "response: http: Handler timeout"),
	E(TAG_API, "status.go", 71, "apiserver received an error that is not "
	    "an metav1.Status: &errors.errorString{s:\"http: Handler timeout"
	    "\"}: http: Handler timeout"),
	E(TAG_API, "timeout.go", 141, "post-timeout activity - time-elapsed: "
	    "%m, GET \"/api/v1/namespaces/%n/%R\" result: <nil>"),
	E(TAG_KUBELET, "nestedpendingoperations.go", 348, "Operation for "
	    "\"{volumeName:kubernetes.io/secret/%u-%k podName:%u nodeName:}\" "
	    "failed. No retries permitted until %t (durationBeforeRetry 2s). "
	    "Error: MountVolume.SetUp failed for volume \"%k\" (UniqueName: "
	    "\"kubernetes.io/secret/%u-%k\") pod \"%p\" (UID: \"%u\") : "
	    "secret \"%k\" not found"),
	E(TAG_KUBELET, "pod_workers.go", 965, "\"Error syncing pod, "
	    "skipping\" err=\"failed to \\\"StartContainer\\\" for \\\"%c\\\" "
	    "with CrashLoopBackOff: \\\"back-off 5m0s restarting failed "
	    "container=%c pod=%p_%n(%u)\\\"\" pod=\"%n/%p\" podUID=%u"),
	E(TAG_KUBELET, "cadvisor_stats_provider.go", 415, "\"Partial failure "
	    "issuing cadvisor.ContainerInfoV2\" err=\"partial failures: "
	    "[\\\"/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-"
	    "pod%h.slice/crio-%H.scope\\\": RecentStats: unable to find data "
	    "in memory cache]\""),
	E(TAG_KUBELET, "kubelet_node_status.go", 545, "\"Error updating node "
	    "status, will retry\" err=\"error getting node \\\"%N\\\": Get "
	    "\\\"https://api-int.%k.example.com:6443/api/v1/nodes/%N?"
	    "timeout=10s\\\": %e\""),
	E(TAG_CRIO, "", 0, "Failed to create container %c: error reading "
	    "container (probably exited) json message: EOF"),
	E(TAG_ETCD, "rafthttp/peer.go", 290, "failed to send out heartbeat "
	    "on time (exceeded the 100ms timeout for %m, to %h)"),
	E(TAG_ETCD, "v3rpc/interceptor.go", 197, "request stats: request "
	    "timed out"),
	E(TAG_MCO, "writer.go", 200, "Marking Degraded due to: unexpected "
	    "on-disk state validating against %r: content mismatch for file "
	    "\"/etc/kubernetes/kubelet.conf\""),
	E(TAG_MCO, "node_controller.go", 847, "Error syncing machineconfigpool "
	    "worker: %e"),
	E(TAG_OVN, "ovnkube.go", 310, "failed to get pod annotation: timed "
	    "out waiting for annotations: context deadline exceeded"),
	E(TAG_OVN, "jsonrpc", 0, "ssl:%i:%P: receive error: Protocol error"),
	E(TAG_PROM, "manager.go", 657, "Rule sample appending failed"),

	/* Rare: injected at a low rate, or by the seeded incident. */
	R('E', TAG_MCO, "daemon.go", 1371, "Marking Degraded due to: "
	    "machineconfig.machineconfiguration.openshift.io \"%r\" not found"),
	R('E', TAG_MCO, "server.go", 165, "couldn't get config for req: "
	    "{worker 0xc000%h}, error: could not fetch config %r, err: "
	    "machineconfig.machineconfiguration.openshift.io \"%r\" not found"),
	R('E', TAG_API, "authentication.go", 63, "\"Unable to authenticate "
	    "the request\" err=\"[x509: certificate has expired or is not yet "
	    "valid: current time %t is after 2023-05-01T10:02:13Z, verifying "
	    "certificate SN=%D, SKID=, AKID=%h failed: x509: certificate "
	    "signed by unknown authority]\""),
	R('E', TAG_KUBELET, "kubelet.go", 2448, "\"Container runtime network "
	    "not ready\" networkReady=\"NetworkReady=false reason:"
	    "NetworkPluginNotReady message:Network plugin returns error: No "
	    "CNI configuration file in /etc/kubernetes/cni/net.d/. Has your "
	    "network "
	    "provider started?\""),
	R('E', TAG_ETCD, "etcdserver/server.go", 2130, "server is likely "
	    "overloaded"),
	R('W', TAG_ETCD, "etcdserver/quota.go", 94, "database space exceeded"),
	R('E', TAG_ANY, "csr.go", 221, "failed to approve CSR csr-%h: "
	    "CSR csr-%h for node %N: unable to find machine for node"),
	R('E', TAG_OVN, "ovnkube.go", 347, "failed to start network "
	    "controller: failed to get subnet for node %N: node %N does not "
	    "have k8s.ovn.org/node-subnets annotation"),
	R('E', TAG_CRIO, "", 0, "Error while checking pod to CNI "
	    "net-attach-def "
	    "networks: error adding container to network \"ovn-kubernetes\": "
	    "CNI request failed with status 400"),
};

const int msg_ncatalog = sizeof(msg_catalog) / sizeof(msg_catalog[0]);
