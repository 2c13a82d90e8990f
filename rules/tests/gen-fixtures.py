#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generate the rule fixtures under rules/tests/<id>/{fires,silent}/.

Each case is a tiny must-gather-shaped tree (or log files) holding only what
the rule reads, written the way the real tools write it (oc's YAML, CRI
timestamps + klog headers for pod logs, journalctl short-precise for host
service logs, etcd's zap JSON, a serial console for Ignition).

    python3 rules/tests/gen-fixtures.py [RULES_DIR [RULE_ID...]]

rewrites every case (or only those of the given rule ids); then
    mgtriage rules test --no-default-rules --rules rules -v
"""
import base64
import datetime as dt
import os
import shutil
import subprocess
import sys

RULES = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTS = os.path.join(RULES, "tests")
QUAY = "quay-io-openshift-release-dev-ocp-v4-0-art-dev-sha256-0c2b1f4e8d7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c"

UTC = dt.timezone.utc


def T(s):
    return dt.datetime.strptime(s, "%Y-%m-%dT%H:%M:%S").replace(tzinfo=UTC)


def rfc(t):
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def cri(t):
    """oc logs --timestamps prefix."""
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%09dZ" % (t.microsecond * 1000 + 123)


def klog(t, sev="I", pid=1, where="main.go:1"):
    return "%s%s %s %7d %s]" % (sev, t.strftime("%m%d"), t.strftime("%H:%M:%S.%f"), pid, where)


def jshort(t):
    return t.strftime("%b %d %H:%M:%S.%f")


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


class MG:
    """One must-gather tree inside a case directory."""

    def __init__(self, case, gathered, n=1):
        self.top = os.path.join(case, "must-gather.local.%d" % (1000 + n))
        self.root = os.path.join(self.top, QUAY)
        stamp = "%s +0000 UTC m=+0.071853001\n" % gathered.strftime("%Y-%m-%d %H:%M:%S.280447912")
        end = gathered + dt.timedelta(minutes=2)
        write(os.path.join(self.top, "timestamp"), stamp + "%s +0000 UTC m=+143.904713279\n" % end.strftime("%Y-%m-%d %H:%M:%S.113308190"))
        write(os.path.join(self.root, "timestamp"), stamp)
        write(os.path.join(self.root, "version"), "openshift/must-gather 4.18.0\n")

    def p(self, *parts):
        return os.path.join(self.root, *parts)

    def cluster(self, group, plural, name, text):
        write(self.p("cluster-scoped-resources", group, plural, name + ".yaml"), text)

    def ns(self, ns, rel, text):
        write(self.p("namespaces", ns, rel), text)

    def podlog(self, ns, pod, container, lines, previous=False):
        name = "previous.log" if previous else "current.log"
        write(self.p("namespaces", ns, "pods", pod, container, container, "logs", name),
              "".join(l + "\n" for l in lines))

    def hostlog(self, name, lines, header=None):
        text = ""
        if header:
            text += header + "\n"
        text += "".join(l + "\n" for l in lines)
        write(self.p("host_service_logs", "masters", name), text)


# ---------------------------------------------------------------- objects

def node(name, roles=("master",), current=None, desired=None, state="Done",
         reason="", ready="True", ready_reason="KubeletReady",
         ready_msg="kubelet is posting ready status", created="2026-01-06T09:05:00Z",
         ip="192.168.1.10", ready_since=None):
    ready_since = ready_since or created
    labels = "".join('    node-role.kubernetes.io/%s: ""\n' % r for r in roles)
    if "master" in roles:
        labels += '    node-role.kubernetes.io/control-plane: ""\n'
    ann = ""
    if current:
        ann += "    machineconfiguration.openshift.io/currentConfig: %s\n" % current
    if desired:
        ann += "    machineconfiguration.openshift.io/desiredConfig: %s\n" % desired
    if current or desired:
        ann += "    machineconfiguration.openshift.io/reason: %s\n" % (yq(reason) if reason else '""')
        ann += "    machineconfiguration.openshift.io/state: %s\n" % state
    return """apiVersion: v1
kind: Node
metadata:
  annotations:
    volumes.kubernetes.io/controller-managed-attach-detach: "true"
%s  creationTimestamp: "%s"
  labels:
    beta.kubernetes.io/arch: amd64
    kubernetes.io/hostname: %s
    kubernetes.io/os: linux
%s  name: %s
  resourceVersion: "71234"
spec: {}
status:
  addresses:
  - address: %s
    type: InternalIP
  - address: %s
    type: Hostname
  conditions:
  - lastHeartbeatTime: "%s"
    lastTransitionTime: "%s"
    message: kubelet has sufficient memory available
    reason: KubeletHasSufficientMemory
    status: "False"
    type: MemoryPressure
  - lastHeartbeatTime: "%s"
    lastTransitionTime: "%s"
    message: %s
    reason: %s
    status: "%s"
    type: Ready
  nodeInfo:
    kubeletVersion: v1.31.14
""" % (ann, created, name, labels, name, ip, name, ready_since, created, ready_since, ready_since,
       yq(ready_msg), ready_reason, ready)


def yq(s):
    """A YAML double-quoted scalar."""
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def mc(name, role):
    return """apiVersion: machineconfiguration.openshift.io/v1
kind: MachineConfig
metadata:
  annotations:
    machineconfiguration.openshift.io/generated-by-controller-version: b7f3a0d39a3e2c1fd0c2e5f1e6b0aa4c1e3e9d27
    machineconfiguration.openshift.io/release-image-version: 4.18.32
  creationTimestamp: "2026-01-06T09:19:56Z"
  labels:
    machineconfiguration.openshift.io/role: %s
  name: %s
  resourceVersion: "23456"
spec:
  config:
    ignition:
      version: 3.4.0
  osImageURL: quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:70d5f5687de428799cefb052ebaceb8f74d19fb3561c540084f968aa1a058544
""" % (role, name)


def cond(type_, status, reason="", message="", ts="2026-01-06T09:19:48Z"):
    return """  - lastTransitionTime: "%s"
    message: %s
    reason: %s
    status: "%s"
    type: %s
""" % (ts, yq(message), yq(reason), status, type_)


def mcp(name, spec, status, machines, ready, updated, degraded_n, conds):
    return """apiVersion: machineconfiguration.openshift.io/v1
kind: MachineConfigPool
metadata:
  creationTimestamp: "2026-01-06T09:16:19Z"
  generation: 2
  name: %s
  resourceVersion: "70233"
spec:
  configuration:
    name: %s
  machineConfigSelector:
    matchLabels:
      machineconfiguration.openshift.io/role: %s
  nodeSelector:
    matchLabels:
      node-role.kubernetes.io/%s: ""
  paused: false
status:
  conditions:
%s  configuration:
    name: %s
  degradedMachineCount: %d
  machineCount: %d
  observedGeneration: 2
  readyMachineCount: %d
  unavailableMachineCount: %d
  updatedMachineCount: %d
""" % (name, spec, name, name, "".join(conds), yq(status), degraded_n, machines, ready,
       machines - ready, updated)


def co(name, conds, version="4.18.32"):
    return """apiVersion: config.openshift.io/v1
kind: ClusterOperator
metadata:
  creationTimestamp: "2026-01-06T09:02:11Z"
  generation: 1
  name: %s
  resourceVersion: "68812"
spec: {}
status:
  conditions:
%s  versions:
  - name: operator
    version: %s
""" % (name, "".join(conds), version)


def pod(ns, name, node_, containers, created="2026-01-06T09:30:00Z", phase="Running"):
    """containers: list of (name, state_yaml_lines, restarts, ready)."""
    specs = "".join("  - image: quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:1111\n    name: %s\n" % c[0] for c in containers)
    stats = ""
    for cname, state, restarts, ready in containers:
        stats += """  - containerID: cri-o://9f1e2d3c4b5a
    image: quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:1111
    imageID: quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:1111
%s    name: %s
    ready: %s
    restartCount: %d
    started: %s
    state:
%s""" % (state.get("last", ""), cname, "true" if ready else "false", restarts,
         "true" if ready else "false", state["now"])
    return """apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: "%s"
  name: %s
  namespace: %s
  resourceVersion: "55012"
spec:
  containers:
%s  nodeName: %s
status:
  conditions:
  - lastProbeTime: null
    lastTransitionTime: "%s"
    status: "%s"
    type: Ready
  containerStatuses:
%s  phase: %s
  startTime: "%s"
""" % (created, name, ns, specs, node_, created, "True" if phase == "Running" else "False",
       stats, phase, created)


RUNNING = {"now": "      running:\n        startedAt: \"2026-01-06T09:31:00Z\"\n"}
CREATING = {"now": "      waiting:\n        reason: ContainerCreating\n"}


def crashloop(container, exit_code=255):
    return {"now": "      waiting:\n        message: back-off 5m0s restarting failed container=%s pod=x\n        reason: CrashLoopBackOff\n" % container,
            "last": "    lastState:\n      terminated:\n        exitCode: %d\n        finishedAt: \"2025-01-15T11:41:31Z\"\n        reason: Error\n        startedAt: \"2025-01-15T11:41:01Z\"\n" % exit_code}


def configmaps(items):
    out = "apiVersion: v1\nitems:\n"
    for ns, name, data in items:
        out += "- apiVersion: v1\n  data:\n"
        if not data:
            out = out[:-len("  data:\n")]
        for k, v in data.items():
            out += "    %s: |\n" % k
            out += "".join("      " + l + "\n" for l in v.splitlines())
        out += "  kind: ConfigMap\n  metadata:\n    creationTimestamp: \"2026-01-06T09:01:00Z\"\n    name: %s\n    namespace: %s\n    resourceVersion: \"1234\"\n" % (name, ns)
    out += "kind: ConfigMapList\nmetadata:\n  resourceVersion: \"99999\"\n"
    return out


def events(ns, items):
    out = "apiVersion: v1\nitems:\n"
    for i, e in enumerate(items):
        out += """- apiVersion: v1
  count: %d
  firstTimestamp: "%s"
  involvedObject:
    kind: %s
    name: %s
    namespace: %s
  kind: Event
  lastTimestamp: "%s"
  message: %s
  metadata:
    creationTimestamp: "%s"
    name: %s.%x
    namespace: %s
  reason: %s
  source:
    component: %s
  type: %s
""" % (e.get("count", 1), e["first"], e.get("kind", "Pod"), e["name"], e.get("ns", ns), e["last"],
       yq(e["message"]), e["first"], e["name"], 0x17f0a1b2c3d4e5 + i, ns, e["reason"],
       e.get("component", "kubelet"), e.get("type", "Warning"))
    out += "kind: EventList\nmetadata:\n  resourceVersion: \"99999\"\n"
    return out


def infrastructure(cpt="HighlyAvailable", it="HighlyAvailable", platform="BareMetal",
                   api_vips=None, ingress_vips=None):
    ps = "    type: %s\n" % platform
    if platform == "BareMetal":
        ps = "    baremetal:\n"
        if api_vips:
            ps += "      apiServerInternalIP: %s\n      apiServerInternalIPs:\n" % api_vips[0]
            ps += "".join("      - %s\n" % v for v in api_vips)
        if ingress_vips:
            ps += "      ingressIP: %s\n      ingressIPs:\n" % ingress_vips[0]
            ps += "".join("      - %s\n" % v for v in ingress_vips)
        ps += "      loadBalancer:\n        type: OpenShiftManagedDefault\n    type: BareMetal\n"
    return """apiVersion: config.openshift.io/v1
kind: Infrastructure
metadata:
  creationTimestamp: "2026-01-06T09:01:52Z"
  generation: 1
  name: cluster
  resourceVersion: "577"
spec:
  cloudConfig:
    name: ""
  platformSpec:
    type: %s
status:
  apiServerInternalURI: https://api-int.ocp4.lab.example:6443
  apiServerURL: https://api.ocp4.lab.example:6443
  controlPlaneTopology: %s
  cpuPartitioning: None
  etcdDiscoveryDomain: ""
  infrastructureName: ocp4-x7k2m
  infrastructureTopology: %s
  platform: %s
  platformStatus:
%s""" % (platform, yq(cpt) if cpt == "" else cpt, yq(it) if it == "" else it, platform, ps)


def member_list(names_ips):
    ms = []
    for i, (n, ip) in enumerate(names_ips):
        ms.append('{"ID":%d,"name":"%s","peerURLs":["https://%s:2380"],"clientURLs":["https://%s:2379"]}'
                  % (1234567890123456 + i * 7777, n, ip, ip))
    return '{"header":{"cluster_id":15813307466340913123,"member_id":1234567890123456,"raft_term":9},"members":[%s]}\n' % ",".join(ms)


# PEM CSRs made once with openssl (EC P-256), kept so regeneration is
# byte-for-byte stable.
CSR_CACHE = {
    ("system:node:control0.gw.lo", "system:nodes"): "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlINE1JR2VBZ0VBTUR3eEZUQVRCZ05WQkFvTURITjVjM1JsYlRwdWIyUmxjekVqTUNFR0ExVUVBd3dhYzNsegpkR1Z0T201dlpHVTZZMjl1ZEhKdmJEQXVaM2N1Ykc4d1dUQVRCZ2NxaGtqT1BRSUJCZ2dxaGtqT1BRTUJCd05DCkFBVEpiVGs3RnQySlYrd1AvSUZ0SGJaT2VJUzlWSTVBSXZNM1hoQVhIbk1UZmhyekdMNEpKdVBab3BRc0VWK0QKQXI5SGNYbnlrY2hzcHFzd0FObTMxbktkb0FBd0NnWUlLb1pJemowRUF3SURTUUF3UmdJaEFMUlRoRStiQVZzMgpjdUlwQ0RDWkZmRkFTM1BCTGZodnkyN0VFbTNpQjFQckFpRUFnN1RNYnhVS3BaK3JxQ2RmSHE0OFZwZjVBcGFoCmxKSHRLRFU0d1JvcVNjUT0KLS0tLS1FTkQgQ0VSVElGSUNBVEUgUkVRVUVTVC0tLS0tCg==",
    ("test", "RH"): "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlIVk1INENBUUF3SERFTE1Ba0dBMVVFQ2d3Q1VrZ3hEVEFMQmdOVkJBTU1CSFJsYzNRd1dUQVRCZ2NxaGtqTwpQUUlCQmdncWhrak9QUU1CQndOQ0FBVE11OGZBYWYySXQyNExjbENUVkhDMnA3TUw3NWtVaWo5MDJ4eDBQZ0RzCk5lOVZEcDA5dHlkZ2FGY0dTZ2pYbkxsMVJMV3VHd2xRYzYzNHlyVy9PZjU2b0FBd0NnWUlLb1pJemowRUF3SUQKUndBd1JBSWdGTWExcDM4YUdlZXJLOHBGMnlLcUx4RjVwMW03OFNEckQ5eVg3RG5tMWtRQ0lGL0Q5algzRzFBbQp3c0FqY3RJY3pqQW12TkU5NHE0c0hRZE9DajB0ckFZRgotLS0tLUVORCBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0K",
    ("system:node:worker0.gw.lo", "system:nodes"): "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlIMk1JR2RBZ0VBTURzeEZUQVRCZ05WQkFvTURITjVjM1JsYlRwdWIyUmxjekVpTUNBR0ExVUVBd3daYzNsegpkR1Z0T201dlpHVTZkMjl5YTJWeU1DNW5keTVzYnpCWk1CTUdCeXFHU000OUFnRUdDQ3FHU000OUF3RUhBMElBCkJNZEdZb25ibGF0aFhvc0tWSzN5WTR3YUZwb25JUG1kUytpeStmNkZOUjg0akdJNmJpcUxXVTZRNjBjVmJIejYKVC9tTm5VVWUvaHhmNUJrQjFTN1N4SEtnQURBS0JnZ3Foa2pPUFFRREFnTklBREJGQWlFQXk1MWIyY3kwRDhzbApTZG1XdTlJc1VsVW9LQld6cGNjM0hCdldaaGY5c0JFQ0lIU3B2MjVsZXBwN05udkRYY21OTGE5SFVVUG91TkVxClhiVHIyNnYvbFRhNgotLS0tLUVORCBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0K",
}


def csr_request(cn, org="system:nodes"):
    if (cn, org) in CSR_CACHE:
        return CSR_CACHE[(cn, org)]
    pem = subprocess.run(["openssl", "req", "-new", "-newkey", "ec", "-pkeyopt",
                          "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", "/dev/null",
                          "-subj", "/O=%s/CN=%s" % (org, cn)],
                         check=True, capture_output=True).stdout
    return base64.b64encode(pem).decode()


def csr(name, signer, username, request, created, approved=False):
    st = "status: {}\n"
    if approved:
        st = """status:
  certificate: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUIK
  conditions:
  - lastTransitionTime: "%s"
    lastUpdateTime: "%s"
    message: This CSR was approved by the Node CSR Approver (cluster-machine-approver)
    reason: NodeCSRApprove
    status: "True"
    type: Approved
""" % (created, created)
    return """apiVersion: certificates.k8s.io/v1
kind: CertificateSigningRequest
metadata:
  creationTimestamp: "%s"
  generateName: csr-
  name: %s
  resourceVersion: "52310"
spec:
  groups:
  - system:serviceaccounts
  - system:authenticated
  request: %s
  signerName: %s
  usages:
  - digital signature
  - client auth
  username: %s
%s""" % (created, name, request, signer, username, st)


def bmh(name, state, last_updated, error=""):
    return """apiVersion: metal3.io/v1alpha1
kind: BareMetalHost
metadata:
  creationTimestamp: "2025-12-02T15:10:00Z"
  name: %s
  namespace: openshift-machine-api
  resourceVersion: "88123"
spec:
  bmc:
    address: idrac-virtualmedia://10.46.126.13/redfish/v1/Systems/System.Embedded.1
    credentialsName: %s-bmc-secret
    disableCertificateVerification: true
  bootMACAddress: 6e:b5:9f:4d:07:ba
  bootMode: UEFI
  online: true
status:
  errorCount: 0
  errorMessage: %s
  goodCredentials: {}
  lastUpdated: "%s"
  operationalStatus: OK
  poweredOn: true
  provisioning:
    ID: 0d107030-2d4d-413a-9941-db21dba52cc5
    bootMode: UEFI
    image:
      url: ""
    state: %s
""" % (name, name, yq(error), last_updated, state)


def install_config(machine_cidr, api_vips, ingress_vips):
    return """additionalTrustBundlePolicy: Proxyonly
apiVersion: v1
baseDomain: lab.example
compute:
- architecture: amd64
  hyperthreading: Enabled
  name: worker
  platform: {}
  replicas: 0
controlPlane:
  architecture: amd64
  hyperthreading: Enabled
  name: master
  platform: {}
  replicas: 3
metadata:
  creationTimestamp: null
  name: ocp4
networking:
  clusterNetwork:
  - cidr: 10.128.0.0/14
    hostPrefix: 23
  machineNetwork:
  - cidr: %s
  networkType: OVNKubernetes
  serviceNetwork:
  - 172.30.0.0/16
platform:
  baremetal:
    apiVIPs:
    - %s
    ingressVIPs:
    - %s
publish: External
""" % (machine_cidr, api_vips, ingress_vips)


# ---------------------------------------------------------------- cases

CASES = {}


def case(rule_id, kind):
    def deco(fn):
        CASES[(rule_id, kind)] = fn
        return fn
    return deco


def every(start, step_s, n):
    return [start + dt.timedelta(seconds=step_s * i) for i in range(n)]


H553 = "rendered-master-553d5d527988f8cd22e7791f6013fe42"
H9E7 = "rendered-master-9e786f4a442cb50f3dfeec92abb1675f"
W25A = "rendered-worker-25a1be6c1264c64551ae911d23717173"
OLDW = "rendered-worker-0d06a491e6bf03c9d186eb0fd4d170ab"
MCO = "openshift-machine-config-operator"
MISSING_REASON = ('missing MachineConfig %s\nmachineconfig.machineconfiguration.openshift.io "%s" not found' % (H553, H553))


def mco_pod(m, name, node_):
    m.ns(MCO, "pods/%s/%s.yaml" % (name, name), pod(MCO, name, node_, [(name.rsplit("-", 1)[0], RUNNING, 0, True)]))


# 1 ------------------------------------------------------------------------
@case("mco.rendered-config-missing", "fires")
def _(d):
    # seed 001: control0/1 moved on, control2 still on the collected config
    m = MG(d, T("2026-01-08T10:20:00"))
    new = "rendered-master-7b2e91c4d8a05f63e1c7b9d2a4f6e803"
    gone = "rendered-master-0f3c9a7d2b4e6815c9d0a1b2e3f4a5b6"
    for n, cfg, st in (("control0.gw.lo", new, "Done"), ("control1.gw.lo", new, "Done"),
                       ("control2.gw.lo", gone, "Degraded")):
        m.cluster("core", "nodes", n, node(n, current=cfg, desired=cfg, state=st,
                  reason=("missing MachineConfig %s\nmachineconfig.machineconfiguration.openshift.io \"%s\" not found" % (gone, gone)) if st == "Degraded" else ""))
    m.cluster("machineconfiguration.openshift.io", "machineconfigs", new, mc(new, "master"))
    m.cluster("machineconfiguration.openshift.io", "machineconfigpools", "master",
              mcp("master", new, gone, 3, 2, 2, 1,
                  [cond("Degraded", "True"), cond("NodeDegraded", "True", "1 nodes are reporting degraded status on sync",
                                                    'Node control2.gw.lo is reporting: "missing MachineConfig %s"' % gone)]))


@case("mco.rendered-config-missing", "silent")
def _(d):
    # A resource-watch style dump: nodes carry rendered-config annotations,
    # but no MachineConfig was collected, so nothing can be said.
    m = MG(d, T("2023-03-08T12:10:00"))
    for n in ("master-0", "master-1", "master-2"):
        m.cluster("core", "nodes", n, node(n, current=H9E7, desired=H9E7))
    m.cluster("core", "nodes", "worker-a", node("worker-a", roles=("worker",), current=W25A, desired=W25A))


# 2 ------------------------------------------------------------------------
@case("mco.daemon-missing-config", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("core", "nodes", "control1.gw.lo",
              node("control1.gw.lo", current=H553, desired=H553, state="Degraded", reason=MISSING_REASON))
    m.cluster("machineconfiguration.openshift.io", "machineconfigs", H9E7, mc(H9E7, "master"))
    mco_pod(m, "machine-config-daemon-wq7vd", "control1.gw.lo")
    lines = []
    start = T("2026-01-06T10:50:05")
    pid = 118433
    lines.append("%s %s Starting to manage node: control1.gw.lo" % (cri(start), klog(start, "I", pid, "update.go:2656")))
    for t in every(start + dt.timedelta(seconds=30), 62, 7):
        lines.append("%s %s In bootstrap mode" % (cri(t), klog(t, "I", pid, "daemon.go:1662")))
        t2 = t + dt.timedelta(milliseconds=1300)
        lines.append('%s %s Marking Degraded due to: "missing MachineConfig %s\\nmachineconfig.machineconfiguration.openshift.io \\"%s\\" not found"'
                     % (cri(t2), klog(t2, "E", pid, "writer.go:231"), H553, H553))
    m.podlog(MCO, "machine-config-daemon-wq7vd", "machine-config-daemon", lines)


@case("mco.daemon-missing-config", "silent")
def _(d):
    # Healthy 4.8 install: the bootstrap-rendered config is replaced within
    # seconds, the node ends Done on a config that exists.
    m = MG(d, T("2021-08-03T12:11:56"))
    cfg = "rendered-master-0d06a491e6bf03c9d186eb0fd4d170ab"
    m.cluster("core", "nodes", "ip-10-0-187-218.ec2.internal",
              node("ip-10-0-187-218.ec2.internal", current=cfg, desired=cfg, state="Done"))
    m.cluster("machineconfiguration.openshift.io", "machineconfigs", cfg, mc(cfg, "master"))
    mco_pod(m, "machine-config-daemon-r8wzv", "ip-10-0-187-218.ec2.internal")
    pid = 1953
    lines = []
    for t in (T("2021-08-03T09:20:25"), T("2021-08-03T09:20:25") + dt.timedelta(milliseconds=44), T("2021-08-03T09:20:32")):
        lines.append("%s %s In bootstrap mode" % (cri(t), klog(t, "I", pid, "daemon.go:767")))
        lines.append('%s %s Marking Degraded due to: machineconfig.machineconfiguration.openshift.io "%s" not found'
                     % (cri(t), klog(t, "E", pid, "writer.go:135"), cfg))
    t = T("2021-08-03T09:21:32")
    lines.append("%s %s In bootstrap mode" % (cri(t), klog(t, "I", pid, "daemon.go:767")))
    lines.append("%s %s Current+desired config: %s" % (cri(t), klog(t, "I", pid, "daemon.go:1004"), cfg))
    lines.append("%s %s state: Done" % (cri(t), klog(t, "I", pid, "daemon.go:1012")))
    m.podlog(MCO, "machine-config-daemon-r8wzv", "machine-config-daemon", lines)


# 3 ------------------------------------------------------------------------
@case("mco.pool-status-config-empty", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("machineconfiguration.openshift.io", "machineconfigpools", "master",
              mcp("master", H9E7, "", 2, 0, 0, 2,
                  [cond("Updated", "False"), cond("Updating", "True", message="All nodes are updating to MachineConfig %s" % H9E7),
                   cond("NodeDegraded", "True", "2 nodes are reporting degraded status on sync", "Node control1.gw.lo is reporting: \"missing MachineConfig %s\"" % H553),
                   cond("Degraded", "True")]))


@case("mco.pool-status-config-empty", "silent")
def _(d):
    # A custom pool with no machine yet: nothing to serve, nothing degraded.
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("machineconfiguration.openshift.io", "machineconfigpools", "infra",
              mcp("infra", "rendered-infra-1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f", "", 0, 0, 0, 0,
                  [cond("Updated", "True", message="All nodes are updated with MachineConfig rendered-infra-1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f"),
                   cond("Updating", "False"), cond("NodeDegraded", "False"), cond("Degraded", "False")]))
    m.cluster("machineconfiguration.openshift.io", "machineconfigpools", "master",
              mcp("master", H9E7, H9E7, 3, 3, 3, 0, [cond("Updated", "True"), cond("Degraded", "False")]))


# 4 ------------------------------------------------------------------------
def mcs_lines(start, n, step, errline):
    out = [cri(start) + " " + klog(start, "I", 1, "start.go:51") + " Version: machine-config-daemon-4.18.32-202512101023.p0.gb7f3a0d.assembly.stream.el9 (b7f3a0d39a3e2c1fd0c2e5f1e6b0aa4c1e3e9d27)",
           cri(start) + " " + klog(start, "I", 1, "api.go:80") + " Launching server on :22623"]
    for i, t in enumerate(every(start + dt.timedelta(minutes=30), step, n)):
        out.append('%s %s Pool master requested by address:"192.168.1.201:%d" User-Agent:"Ignition/2.20.0" Accept-Header: "application/vnd.coreos.ignition+json;version=3.4.0, */*;q=0.1"'
                   % (cri(t), klog(t, "I", 1, "api.go:120"), 42357 + i))
        out.append("%s %s couldn't get config for req: {master 0xc00%07x}, error: %s" % (cri(t), klog(t, "E", 1, "api.go:130"), 0xac86170 + i * 64, errline))
    return out


@case("mco.mcs-config-not-found", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    m.ns(MCO, "pods/machine-config-server-2hgqz/machine-config-server-2hgqz.yaml",
         pod(MCO, "machine-config-server-2hgqz", "control1.gw.lo", [("machine-config-server", RUNNING, 0, True)]))
    m.podlog(MCO, "machine-config-server-2hgqz", "machine-config-server",
             mcs_lines(T("2026-01-06T10:23:40"), 12, 15,
                       'could not fetch config , err: machineconfig.machineconfiguration.openshift.io "" not found'))


@case("mco.mcs-config-not-found", "silent")
def _(d):
    # Healthy Azure install: a burst of 500s while etcd elects a leader.
    m = MG(d, T("2021-09-13T15:31:14"))
    m.ns(MCO, "pods/machine-config-server-7xq2k/machine-config-server-7xq2k.yaml",
         pod(MCO, "machine-config-server-7xq2k", "ci-ln-k7vx6h2-002ac-w7gjh-master-0", [("machine-config-server", RUNNING, 0, True)]))
    m.podlog(MCO, "machine-config-server-7xq2k", "machine-config-server",
             mcs_lines(T("2021-09-13T14:24:40"), 8, 3, "could not fetch pool. err: etcdserver: request timed out"))


# 5 ------------------------------------------------------------------------
def console(start, host, n, result, step=5, extra_start_job=True):
    t = start
    out = ["%s %s kernel: Linux version 5.14.0-427.102.1.el9_4.x86_64 (mockbuild@x86-64-02.build.eng.rdu2.redhat.com)" % (t.strftime("%b %d %H:%M:%S"), host),
           "%s %s systemd[1]: Starting Ignition (fetch)..." % (t.strftime("%b %d %H:%M:%S"), host),
           "%s %s ignition[1041]: Ignition 2.20.0" % (t.strftime("%b %d %H:%M:%S"), host),
           "%s %s ignition[1041]: Stage: fetch" % (t.strftime("%b %d %H:%M:%S"), host)]
    for i in range(1, n + 1):
        t = start + dt.timedelta(seconds=step * i)
        out.append("%s %s ignition[1041]: GET https://api-int.gw.lo:22623/config/master: attempt #%d" % (t.strftime("%b %d %H:%M:%S"), host, i))
        out.append("%s %s ignition[1041]: %s" % (t.strftime("%b %d %H:%M:%S"), host, result(i)))
        if extra_start_job and i % 6 == 0:
            el = step * i
            out.append("[  *** ] A start job is running for Ignition (fetch) (%s / no limit)" % (("%dmin %ds" % (el // 60, el % 60)) if el >= 60 else "%ds" % el))
    return out


@case("ignition.fetch-loop", "fires")
def _(d):
    lines = console(T("2026-01-06T10:53:45"), "control0.gw.lo", 30, lambda i: "GET result: Internal Server Error")
    write(os.path.join(d, "control0-console.log"), "\n".join(lines) + "\n")


@case("ignition.fetch-loop", "silent")
def _(d):
    # A master's first boot while the bootstrap MCS is still coming up:
    # connection refused for two minutes, then the config arrives.
    def res(i):
        if i < 25:
            return 'GET error: Get "https://api-int.gw.lo:22623/config/master": dial tcp 192.168.1.200:22623: connect: connection refused'
        return "GET result: OK"
    lines = console(T("2026-01-06T09:05:10"), "control1.gw.lo", 25, res)
    lines.append("Jan 06 09:07:15 control1.gw.lo ignition[1041]: fetched referenced config at https://api-int.gw.lo:22623/config/master with SHA512: 3f2c")
    lines.append("Jan 06 09:07:16 control1.gw.lo systemd[1]: Finished Ignition (fetch).")
    write(os.path.join(d, "control1-journal.log"), "\n".join(lines) + "\n")


# 6 ------------------------------------------------------------------------
@case("mco.pool-degraded", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("machineconfiguration.openshift.io", "machineconfigpools", "master",
              mcp("master", H9E7, H553, 2, 0, 0, 2,
                  [cond("Updated", "False"), cond("Updating", "True"),
                   cond("NodeDegraded", "True", "2 nodes are reporting degraded status on sync",
                        'Node control1.gw.lo is reporting: "missing MachineConfig %s", Node control2.gw.lo is reporting: "missing MachineConfig %s"' % (H553, H553)),
                   cond("Degraded", "True")]))


@case("mco.pool-degraded", "silent")
def _(d):
    # A normal rolling update: one node at a time, nothing degraded.
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("machineconfiguration.openshift.io", "machineconfigpools", "worker",
              mcp("worker", W25A, OLDW, 3, 2, 1, 0,
                  [cond("Updated", "False"), cond("Updating", "True", message="All nodes are updating to MachineConfig %s" % W25A),
                   cond("NodeDegraded", "False"), cond("RenderDegraded", "False"), cond("Degraded", "False")]))


# 7 ------------------------------------------------------------------------
@case("auth.apiservers-below-3", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    text = co("authentication", [
        cond("Degraded", "True", "WellKnownReadyController_SyncError", "WellKnownReadyControllerDegraded: need at least 3 kube-apiservers, got 2", "2026-01-06T09:47:12Z"),
        cond("Progressing", "False", "AsExpected", "AuthenticatorCertKeyProgressing: All is well"),
        cond("Available", "False", "WellKnown_NotReady", "WellKnownAvailable: The well-known endpoint is not yet available: need at least 3 kube-apiservers, got 2", "2026-01-06T09:47:12Z")])
    # the real objects fold the long message over two lines
    text = text.replace('"WellKnownReadyControllerDegraded: need at least 3 kube-apiservers, got 2"',
                        "'WellKnownReadyControllerDegraded: need at least 3 kube-apiservers,\n      got 2'")
    m.cluster("config.openshift.io", "clusteroperators", "authentication", text)


@case("auth.apiservers-below-3", "silent")
def _(d):
    # Healthy: the install-time complaint only survives in events.
    m = MG(d, T("2021-08-03T12:11:56"))
    m.cluster("config.openshift.io", "clusteroperators", "authentication", co("authentication", [
        cond("Degraded", "False", "AsExpected", "All is well"), cond("Progressing", "False", "AsExpected", "All is well"),
        cond("Available", "True", "AsExpected", "All is well")], "4.8.0"))
    m.ns("openshift-authentication-operator", "core/events.yaml", events("openshift-authentication-operator", [
        dict(name="authentication-operator", kind="Deployment", reason="OperatorStatusChanged", type="Normal", component="oauth-apiserver-status-controller-statussyncer_authentication",
             first="2021-08-03T09:24:01Z", last="2021-08-03T09:24:01Z",
             message='Status for clusteroperator/authentication changed: Degraded message changed from "" to "WellKnownReadyControllerDegraded: need at least 3 kube-apiservers, got 2"')]))


# 8 ------------------------------------------------------------------------
@case("etcd.quorum-not-fault-tolerant", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    write(m.p("etcd_info", "member_list.json"), member_list([("control1.gw.lo", "192.168.1.202"), ("control2.gw.lo", "192.168.1.203")]))
    m.cluster("config.openshift.io", "infrastructures", "cluster", infrastructure(platform="None"))


@case("etcd.quorum-not-fault-tolerant", "silent")
def _(d):
    # Single-node OpenShift: one member is the design.
    m = MG(d, T("2023-03-08T12:00:00"))
    write(m.p("etcd_info", "member_list.json"), member_list([("vrutkovs-sno", "10.0.0.3")]))
    m.cluster("config.openshift.io", "infrastructures", "cluster", infrastructure("SingleReplica", "SingleReplica", platform="None"))


# 9 ------------------------------------------------------------------------
@case("csr.pending", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    req = csr_request("system:node:control0.gw.lo")
    for name, created in (("csr-7m2kq", "2026-01-06T10:04:13Z"), ("csr-x9wdp", "2026-01-06T10:19:15Z")):
        m.cluster("certificates.k8s.io", "certificatesigningrequests", name,
                  csr(name, "kubernetes.io/kube-apiserver-client-kubelet",
                      "system:serviceaccount:openshift-machine-config-operator:node-bootstrapper", req, created))


@case("csr.pending", "silent")
def _(d):
    # A hand-made generic client CSR nobody approved (the Insights sample's
    # csr-test) and node CSRs that were approved.
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("certificates.k8s.io", "certificatesigningrequests", "csr-test",
              csr("csr-test", "kubernetes.io/kube-apiserver-client", "system:node:ip-10-0-95-169.us-west-1.compute.internal",
                  csr_request("test", "RH"), "2024-10-23T11:13:05Z"))
    m.cluster("certificates.k8s.io", "certificatesigningrequests", "csr-2xk8p",
              csr("csr-2xk8p", "kubernetes.io/kube-apiserver-client-kubelet",
                  "system:serviceaccount:openshift-machine-config-operator:node-bootstrapper",
                  csr_request("system:node:worker0.gw.lo"), "2026-01-06T09:29:44Z", approved=True))
    # The duplicates shape: worker0 joined at install and is Ready; its
    # kubelet's other bootstrap CSRs, around the approved one, stay pending.
    m.cluster("core", "nodes", "worker0.gw.lo", node("worker0.gw.lo", roles=("worker",), created="2026-01-06T09:29:50Z"))
    for name, created in (("csr-4xq9r", "2026-01-06T09:29:13Z"), ("csr-8kz2m", "2026-01-06T09:44:50Z")):
        m.cluster("certificates.k8s.io", "certificatesigningrequests", name,
                  csr(name, "kubernetes.io/kube-apiserver-client-kubelet",
                      "system:serviceaccount:openshift-machine-config-operator:node-bootstrapper",
                      csr_request("system:node:worker0.gw.lo"), created))


# 10 -----------------------------------------------------------------------
@case("network.vip-outside-machine-network", "fires")
def _(d):
    m = MG(d, T("2025-12-03T14:36:42"))
    m.ns("kube-system", "core/configmaps.yaml", configmaps([
        ("kube-system", "cluster-config-v1", {"install-config": install_config("10.46.125.0/24", "10.46.124.13", "10.46.124.14")})]))


@case("network.vip-outside-machine-network", "silent")
def _(d):
    # must-gather-clean obfuscates addresses: nothing to compare.
    m = MG(d, T("2021-09-14T14:43:46"))
    m.ns("kube-system", "core/configmaps.yaml", configmaps([
        ("kube-system", "cluster-config-v1", {"install-config": install_config("x-ipv4-0000000001-x", "x-ipv4-0000000002-x", "x-ipv4-0000000003-x")})]))
    m.cluster("config.openshift.io", "infrastructures", "cluster",
              infrastructure(api_vips=["x-ipv4-0000000002-x"], ingress_vips=["x-ipv4-0000000003-x"]))


# 11 -----------------------------------------------------------------------
CNI_MSG = ("container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady "
           "message:Network plugin returns error: no CNI configuration file in /etc/kubernetes/cni/net.d/. "
           "Has your network provider started?")


def kubelet_lines(host, pid, times, msgfn, sev="E"):
    out = []
    for i, t in enumerate(times):
        out.append("%s %s kubenswrapper[%d]: %s %s" % (jshort(t), host, pid, klog(t, sev, pid, "kubelet.go:3002"), msgfn(i)))
    return out


def header(t0, t1):
    return "-- Logs begin at %s UTC, end at %s UTC. --" % (t0.strftime("%a %Y-%m-%d %H:%M:%S"), t1.strftime("%a %Y-%m-%d %H:%M:%S"))


@case("network.cni-not-ready", "fires")
def _(d):
    m = MG(d, T("2025-12-03T14:36:42"))
    m.cluster("core", "nodes", "master-1", node("master-1", ready="False", ready_reason="KubeletNotReady", ready_msg=CNI_MSG,
                                                created="2025-12-02T15:35:11Z", ip="10.46.125.22",
                                                ready_since="2025-12-03T14:32:09Z"))


@case("network.cni-not-ready", "silent")
def _(d):
    # Every node says it for its first minutes, until OVN writes the config:
    # in the kubelet log of a node that became Ready, and in the status of
    # a worker that joined two minutes before the must-gather.
    m = MG(d, T("2021-08-03T12:11:56"))
    m.cluster("core", "nodes", "ip-10-0-187-218.ec2.internal", node("ip-10-0-187-218.ec2.internal", created="2021-08-03T09:19:40Z"))
    m.cluster("core", "nodes", "ip-10-0-150-33.ec2.internal",
              node("ip-10-0-150-33.ec2.internal", roles=("worker",), created="2021-08-03T12:09:50Z",
                   ready="False", ready_reason="KubeletNotReady", ready_msg=CNI_MSG.replace("no CNI", "No CNI"),
                   ready_since="2021-08-03T12:09:50Z", ip="10.0.150.33"))
    t0 = T("2021-08-03T09:19:40")
    times = every(t0, 5, 36)
    lines = kubelet_lines("ip-10-0-187-218", 1373, times, lambda i: '"Container runtime network not ready" networkReady="NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: No CNI configuration file in /etc/kubernetes/cni/net.d/. Has your network provider started?"')
    t = times[-1] + dt.timedelta(seconds=20)
    lines.append("%s ip-10-0-187-218 kubenswrapper[1373]: %s \"Node became ready\" node=\"ip-10-0-187-218.ec2.internal\"" % (jshort(t), klog(t, "I", 1373, "kubelet_node_status.go:724")))
    m.hostlog("kubelet_service.log", lines, header(t0, T("2021-08-03T10:14:01")))


# 12 -----------------------------------------------------------------------
def notreg_msg(i):
    return ('Error preparing data for projected volume kube-api-access for pod openshift-etcd/installer-6-master-1: '
            '[object \\"openshift-etcd\\"/\\"kube-root-ca.crt\\" not registered, object \\"openshift-etcd\\"/\\"openshift-service-ca.crt\\" not registered]')


@case("kubelet.object-not-registered", "fires")
def _(d):
    m = MG(d, T("2025-12-03T14:36:42"))
    t0 = T("2025-12-03T11:30:00")
    times = every(t0, 360, 31)          # every 6 min for 3 h
    lines = []
    for t in times:
        lines.append('%s master-1 kubenswrapper[544019]: %s "Couldn\'t get configMap" err="object \\"openshift-etcd\\"/\\"kube-root-ca.crt\\" not registered" pod="openshift-etcd/installer-6-master-1"'
                     % (jshort(t), klog(t, "E", 544019, "projected.go:288")))
    m.hostlog("kubelet_service.log", lines, header(t0, times[-1]))


@case("kubelet.object-not-registered", "silent")
def _(d):
    # Healthy install: installer and pruner pods complain for half an hour.
    m = MG(d, T("2021-09-14T14:43:46"))
    t0 = T("2021-09-14T14:13:56")
    times = every(t0, 60, 30)
    host = "master-0.ci-ln-xj8t7ct-86010.origin-ci-int-aws.dev.rhcloud.com"
    lines = ['%s %s hyperkube[1945]: %s Couldn\'t get configMap openshift-kube-scheduler/kube-root-ca.crt: object "openshift-kube-scheduler"/"kube-root-ca.crt" not registered'
             % (jshort(t), host, klog(t, "E", 1945, "projected.go:293")) for t in times]
    m.hostlog("kubelet_service.log", lines, header(t0, T("2021-09-14T14:44:10")))


# 13 -----------------------------------------------------------------------
@case("pods.stuck-container-creating", "fires")
def _(d):
    m = MG(d, T("2025-12-03T14:36:42"))
    m.ns("openshift-etcd", "pods/installer-6-master-1/installer-6-master-1.yaml",
         pod("openshift-etcd", "installer-6-master-1", "master-1", [("installer", CREATING, 0, False)],
             created="2025-12-03T11:20:04Z", phase="Pending"))


@case("pods.stuck-container-creating", "silent")
def _(d):
    # Created two minutes before the must-gather: still starting, not stuck.
    m = MG(d, T("2025-12-03T14:36:42"))
    m.ns("openshift-etcd", "pods/revision-pruner-7-master-0/revision-pruner-7-master-0.yaml",
         pod("openshift-etcd", "revision-pruner-7-master-0", "master-0", [("pruner", CREATING, 0, False)],
             created="2025-12-03T14:34:40Z", phase="Pending"))
    m.ns("openshift-etcd", "core/events.yaml", events("openshift-etcd", [
        dict(name="installer-3-master-0", reason="FailedCreatePodSandBox", count=1, first="2025-12-02T15:43:47Z", last="2025-12-02T15:43:47Z",
             message='Failed to create pod sandbox: rpc error: code = Unknown desc = failed to create pod network sandbox k8s_installer-3-master-0_openshift-etcd: error adding pod to CNI network "multus-cni-network": Multus: have you checked that your default network is ready?')]))


# 14 -----------------------------------------------------------------------
def anon(i):
    res = ("nodes", "services", "leases", "pods", "csinodes")[i % 5]
    verb = ("get", "list", "get", "create", "get")[i % 5]
    return ('"Unhandled Error" err="k8s.io/client-go/informers/factory.go:160: Failed to watch *v1.Node: '
            'failed to list *v1.Node: %s is forbidden: User \\"system:anonymous\\" cannot %s resource \\"%s\\" in API group \\"\\" at the cluster scope"'
            % (res, verb, res))


@case("kubelet.anonymous-auth", "fires")
def _(d):
    m = MG(d, T("2025-07-14T14:00:00"))
    t0 = T("2025-07-14T13:09:48")
    times = every(t0, 90, 24)           # 36 minutes
    m.hostlog("kubelet_service.log", kubelet_lines("master-1", 1338841, times, anon), header(t0, times[-1]))


@case("kubelet.anonymous-auth", "silent")
def _(d):
    # Every kubelet start: anonymous for ~15 s until its client cert loads.
    m = MG(d, T("2021-08-03T12:11:56"))
    t0 = T("2021-08-03T09:17:48")
    times = every(t0, 0.3, 50)
    lines = ['%s ip-10-0-195-177 hyperkube[1354]: %s k8s.io/client-go/informers/factory.go:134: Failed to watch *v1.Node: failed to list *v1.Node: nodes "ip-10-0-195-177.ec2.internal" is forbidden: User "system:anonymous" cannot list resource "nodes" in API group "" at the cluster scope'
             % (jshort(t), klog(t, "E", 1354, "reflector.go:138")) for t in times]
    m.hostlog("kubelet_service.log", lines, header(t0, T("2021-08-03T10:14:01")))


# 15 -----------------------------------------------------------------------
@case("kubelet.client-cert-missing", "fires")
def _(d):
    m = MG(d, T("2025-07-14T14:00:00"))
    t0 = T("2025-07-14T13:09:47")
    pid = 1338841
    L = lambda t, sev, where, msg: "%s master-1 kubenswrapper[%d]: %s %s" % (jshort(t), pid, klog(t, sev, pid, where), msg)
    lines = [
        L(t0, "I", "server.go:929", '"Client rotation is on, will bootstrap in background"'),
        L(t0, "E", "bootstrap.go:241", '"Unhandled Error" err="unable to read existing bootstrap client config from /var/lib/kubelet/kubeconfig: invalid configuration: [unable to read client-cert /var/lib/kubelet/pki/kubelet-client-current.pem for default-auth due to open /var/lib/kubelet/pki/kubelet-client-current.pem: no such file or directory, unable to read client-key /var/lib/kubelet/pki/kubelet-client-current.pem for default-auth due to open /var/lib/kubelet/pki/kubelet-client-current.pem: no such file or directory]" logger="UnhandledError"'),
    ]
    for t in every(t0 + dt.timedelta(seconds=1), 420, 5):
        lines.append(L(t, "E", "certificate_manager.go:562", '"Unhandled Error" err="kubernetes.io/kube-apiserver-client-kubelet: Failed while requesting a signed certificate from the control plane: cannot create certificate signing request: Unauthorized" logger="UnhandledError"'))
    m.hostlog("kubelet_service.log", lines, header(t0, T("2025-07-14T13:45:00")))


@case("kubelet.client-cert-missing", "silent")
def _(d):
    # Healthy kubelet start, and a pod-identity webhook (not a kubelet) that
    # is forbidden to create CSRs, as on healthy AWS clusters.
    m = MG(d, T("2021-08-03T12:11:56"))
    t0 = T("2021-08-03T09:19:35")
    pid = 1373
    L = lambda t, sev, where, msg: "%s ip-10-0-187-218 hyperkube[%d]: %s %s" % (jshort(t), pid, klog(t, sev, pid, where), msg)
    m.hostlog("kubelet_service.log", [
        L(t0, "I", "flags.go:59", 'FLAG: --bootstrap-kubeconfig="/etc/kubernetes/kubeconfig"'),
        L(t0, "I", "server.go:838", "Client rotation is on, will bootstrap in background"),
        L(t0, "I", "certificate_store.go:130", 'Loading cert/key pair from "/var/lib/kubelet/pki/kubelet-client-current.pem".'),
        L(t0, "I", "certificate_manager.go:282", "Certificate rotation is enabled."),
    ], header(t0, T("2021-08-03T10:14:01")))
    ns = "openshift-cloud-credential-operator"
    m.ns(ns, "pods/pod-identity-webhook-6b69696bf9-fqc77/pod-identity-webhook-6b69696bf9-fqc77.yaml",
         pod(ns, "pod-identity-webhook-6b69696bf9-fqc77", "ip-10-0-187-218.ec2.internal", [("pod-identity-webhook", RUNNING, 0, True)]))
    m.podlog(ns, "pod-identity-webhook-6b69696bf9-fqc77", "pod-identity-webhook", [
        '%s %s Failed while requesting a signed certificate from the master: cannot create certificate signing request: certificatesigningrequests.certificates.k8s.io is forbidden: User "system:serviceaccount:openshift-cloud-credential-operator:pod-identity-webhook" cannot create resource "certificatesigningrequests" in API group "certificates.k8s.io" at the cluster scope'
        % (cri(t), klog(t, "E", 1, "certificate_manager.go:437")) for t in every(T("2021-08-03T09:23:30"), 32, 6)])


# 16 -----------------------------------------------------------------------
@case("etcd.guard-missing-operand", "fires")
def _(d):
    m = MG(d, T("2023-03-08T11:52:00"))
    m.cluster("config.openshift.io", "clusteroperators", "etcd", co("etcd", [
        cond("Degraded", "True", "GuardController_SyncError", "GuardControllerDegraded: Missing operand on node vrutkovs-mrmwt-master-1.c.openshift-gce-devel.internal", "2023-03-08T11:49:12Z"),
        cond("Progressing", "True", "NodeInstaller", "NodeInstallerProgressing: 1 nodes are at revision 0; 1 nodes are at revision 2; 1 nodes are at revision 4; 0 nodes have achieved new revision 5"),
        cond("Available", "True", "AsExpected", "StaticPodsAvailable: 2 nodes are active; 1 nodes are at revision 0\nEtcdMembersAvailable: 2 members are available")], "4.12.0-0.okd-2023-03-04-063026"))


@case("etcd.guard-missing-operand", "silent")
def _(d):
    # Healthy final state; the install-time message only lives on in events.
    m = MG(d, T("2023-03-08T12:30:00"))
    m.cluster("config.openshift.io", "clusteroperators", "etcd", co("etcd", [
        cond("Degraded", "False", "AsExpected", "NodeControllerDegraded: All master nodes are ready\nEtcdMembersDegraded: No unhealthy members found"),
        cond("Progressing", "False", "AsExpected", "NodeInstallerProgressing: 3 nodes are at revision 7"),
        cond("Available", "True", "AsExpected", "StaticPodsAvailable: 3 nodes are active; 3 nodes are at revision 7\nEtcdMembersAvailable: 3 members are available")], "4.12.0-0.okd-2023-03-04-063026"))
    m.ns("openshift-etcd-operator", "core/events.yaml", events("openshift-etcd-operator", [
        dict(name="etcd-operator", kind="Deployment", reason="OperatorStatusChanged", type="Normal", component="openshift-cluster-etcd-operator-status-controller-statussyncer_etcd",
             first="2023-03-08T11:49:12Z", last="2023-03-08T11:49:12Z",
             message='Status for clusteroperator/etcd changed: Degraded message changed from "NodeControllerDegraded: All master nodes are ready" to "GuardControllerDegraded: Missing operand on node vrutkovs-mrmwt-master-1.c.openshift-gce-devel.internal"')]))


# 17a ----------------------------------------------------------------------
def etcd_rejected(t, remote, own, err):
    return ('%s {"level":"warn","ts":"%s","caller":"embed/config_logging.go:170","msg":"rejected connection on client endpoint","remote-addr":"%s","server-name":"","ip-addresses":["%s","127.0.0.1","::1"],"dns-names":["localhost","master0","etcd.hb.lab"],"error":"%s"}'
            % (cri(t), t.strftime("%Y-%m-%dT%H:%M:%S.%fZ"), remote, own, err))


@case("pki.etcd-server-no-clientauth", "fires")
def _(d):
    m = MG(d, T("2025-01-15T11:48:00"))
    m.ns("openshift-etcd", "pods/etcd-master0/etcd-master0.yaml",
         pod("openshift-etcd", "etcd-master0", "master0", [("etcd", RUNNING, 0, True)], created="2025-01-15T10:31:50Z"))
    m.podlog("openshift-etcd", "etcd-master0", "etcd", [
        etcd_rejected(t, "192.168.126.11:%d" % (41242 + i), "192.168.126.11",
                      "tls: failed to verify certificate: x509: certificate specifies an incompatible key usage")
        for i, t in enumerate(every(T("2025-01-15T10:31:58"), 400, 6))])


@case("pki.etcd-server-no-clientauth", "silent")
def _(d):
    # A foreign client with a bad certificate knocking: not etcd's own cert.
    m = MG(d, T("2025-01-15T11:48:00"))
    m.ns("openshift-etcd", "pods/etcd-master0/etcd-master0.yaml",
         pod("openshift-etcd", "etcd-master0", "master0", [("etcd", RUNNING, 0, True)], created="2025-01-15T10:31:50Z"))
    m.podlog("openshift-etcd", "etcd-master0", "etcd", [
        etcd_rejected(t, "10.0.5.77:%d" % (52000 + i), "192.168.126.11", "remote error: tls: bad certificate")
        for i, t in enumerate(every(T("2025-01-15T10:31:58"), 400, 6))])


# 17b ----------------------------------------------------------------------
KCM = "openshift-kube-controller-manager"


def kcm_lines(host):
    return ['%s %s error retrieving resource lock kube-system/kube-controller-manager: Get "https://%s:6443/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/kube-controller-manager?timeout=6s": tls: failed to verify certificate: x509: certificate is valid for api-int.hb.lab, api.hb.lab, kubernetes, kubernetes.default, kubernetes.default.svc, kubernetes.default.svc.cluster.local, openshift, openshift.default, openshift.default.svc, openshift.default.svc.cluster.local, not %s'
            % (cri(t), klog(t, "E", 1, "leaderelection.go:436"), host, host) for t in every(T("2025-01-15T10:32:08"), 380, 5)]


@case("pki.apiserver-no-localhost-san", "fires")
def _(d):
    m = MG(d, T("2025-01-15T11:48:00"))
    m.podlog(KCM, "kube-controller-manager-master0", "kube-controller-manager", kcm_lines("localhost"))


@case("pki.apiserver-no-localhost-san", "silent")
def _(d):
    # The same error for a name that is not localhost: a DNS/cert mismatch of
    # another kind, not this finding.
    m = MG(d, T("2025-01-15T11:48:00"))
    m.podlog(KCM, "kube-controller-manager-master0", "kube-controller-manager", kcm_lines("api-int.other.lab"))


# 17c ----------------------------------------------------------------------
CVO = "openshift-cluster-version"


def cvo_start(t, found):
    L = lambda dt_, where, msg, sev="I": "%s %s %s" % (cri(t + dt.timedelta(seconds=dt_)), klog(t + dt.timedelta(seconds=dt_), sev, 1, where), msg)
    out = [L(0, "start.go:23", "ClusterVersionOperator 4.18.0-202501230001.p0.g4c5b3f2.assembly.stream.el9-4c5b3f2"),
           L(1, "start.go:312", 'Determined OpenShift version for this CVO: "4.18.0"')]
    if found:
        out.append(L(1, "start.go:345", 'FeatureGate found in cluster, using its feature set "" at startup'))
    else:
        out.append(L(1, "start.go:336", 'FeatureGate not found in cluster, will assume default feature set "" at startup'))
    out += [L(1, "start.go:350", "CVO features for version 4.18.0 could not be detected from FeatureGate; will use defaults plus special UnknownVersion feature gate", "W"),
            L(1, "start.go:352", "CVO features for version 4.18.0 enabled at startup: {desiredVersion:4.18.0 unknownVersion:true reconciliationIssuesCondition:false}"),
            L(9, "featurechangestopper.go:98", 'Starting stop-on-features-change controller with startingRequiredFeatureSet="" startingCvoGates={desiredVersion:4.18.0 unknownVersion:true reconciliationIssuesCondition:false}'),
            L(105, "featurechangestopper.go:75", "CVO feature flags were &{desiredVersion:4.18.0 unknownVersion:true reconciliationIssuesCondition:false}, but changed to {desiredVersion:4.18.0 unknownVersion:false reconciliationIssuesCondition:false}; requesting shutdown."),
            L(105, "start.go:416", "Run context completed; beginning two-minute graceful shutdown period.")]
    return out


@case("cvo.featuregate-missing", "fires")
def _(d):
    m = MG(d, T("2025-01-15T11:48:00"))
    m.podlog(CVO, "cluster-version-operator-7d96b5c4f-9x8hp", "cluster-version-operator", cvo_start(T("2025-01-15T10:35:07"), False), previous=True)


@case("cvo.featuregate-missing", "silent")
def _(d):
    # A normal install: the FeatureGate exists but its status has no entry
    # for this version yet; the CVO restarts once when it appears.
    m = MG(d, T("2025-01-15T11:48:00"))
    m.podlog(CVO, "cluster-version-operator-7d96b5c4f-9x8hp", "cluster-version-operator", cvo_start(T("2025-01-15T10:35:07"), True), previous=True)
    m.cluster("config.openshift.io", "featuregates", "cluster", """apiVersion: config.openshift.io/v1
kind: FeatureGate
metadata:
  creationTimestamp: "2025-01-15T09:47:50Z"
  name: cluster
  resourceVersion: "1200"
spec: {}
""")


# 17d ----------------------------------------------------------------------
CNO = "openshift-network-operator"


@case("network.operator-config-missing", "fires")
def _(d):
    m = MG(d, T("2025-01-15T11:48:00"))
    m.cluster("config.openshift.io", "clusteroperators", "network", co("network", [
        cond("Degraded", "True", "NoOperConfig", "No networks.operator.openshift.io cluster found", "2025-01-15T10:36:02Z"),
        cond("Progressing", "True"), cond("Available", "False")], "4.18.0"))
    m.cluster("config.openshift.io", "networks", "cluster", """apiVersion: config.openshift.io/v1
kind: Network
metadata:
  creationTimestamp: "2025-01-15T09:47:52Z"
  name: cluster
  resourceVersion: "580"
spec:
  clusterNetwork:
  - cidr: 10.128.0.0/14
    hostPrefix: 23
  networkType: OVNKubernetes
  serviceNetwork:
  - 172.30.0.0/16
""")


@case("network.operator-config-missing", "silent")
def _(d):
    # The operator starts a few seconds before the installer's manifest is
    # applied and says so once; the object exists now.
    m = MG(d, T("2021-08-03T12:11:56"))
    t = T("2021-08-03T09:18:01")
    m.podlog(CNO, "network-operator-78c688f56b-9qz26", "network-operator", [
        "%s %s Set ClusterOperator conditions:" % (cri(t), klog(t, "I", 1, "log.go:184")),
        "%s - lastTransitionTime: \"2021-08-03T09:18:01Z\"" % cri(t),
        "%s   message: No networks.operator.openshift.io cluster found" % cri(t),
        "%s   reason: NoOperConfig" % cri(t),
        "%s   status: \"True\"" % cri(t),
        "%s   type: Degraded" % cri(t)], previous=True)
    m.cluster("operator.openshift.io", "networks", "cluster", """apiVersion: operator.openshift.io/v1
kind: Network
metadata:
  creationTimestamp: "2021-08-03T09:18:05Z"
  name: cluster
  resourceVersion: "2100"
spec:
  clusterNetwork:
  - cidr: 10.128.0.0/14
    hostPrefix: 23
  defaultNetwork:
    type: OVNKubernetes
  serviceNetwork:
  - 172.30.0.0/16
""")


# 17e ----------------------------------------------------------------------
def cno_proxy_lines(times):
    out = []
    for t in times:
        out.append("%s %s Reconciling proxy 'cluster'" % (cri(t), klog(t, "I", 1, "log.go:245")))
        out.append("%s %s Failed to get configmap '/': configmaps \"cluster-config-v1\" not found" % (cri(t), klog(t, "I", 1, "log.go:245")))
        out.append('%s %s "Reconciler error" err="failed to get configmap \'/\': configmaps \\"cluster-config-v1\\" not found" controller="proxyconfig-controller" object={"name":"cluster"} namespace="" name="cluster"'
                   % (cri(t), klog(t, "E", 1, "controller.go:353")))
    return out


@case("install.cluster-config-v1-missing", "fires")
def _(d):
    m = MG(d, T("2025-01-15T11:48:00"))
    m.podlog(CNO, "network-operator-58c77f9d4-xlzd4", "network-operator", cno_proxy_lines(every(T("2025-01-15T10:36:05"), 840, 5)))
    m.ns("kube-system", "core/configmaps.yaml", configmaps([
        ("kube-system", "kube-root-ca.crt", {"ca.crt": "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----"}),
        ("kube-system", "extension-apiserver-authentication", {"client-ca-file": "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----"})]))


@case("install.cluster-config-v1-missing", "silent")
def _(d):
    # Same complaints while someone was still assembling the cluster, but
    # the ConfigMap exists in the final state.
    m = MG(d, T("2025-01-15T11:48:00"))
    m.podlog(CNO, "network-operator-58c77f9d4-xlzd4", "network-operator", cno_proxy_lines(every(T("2025-01-15T10:36:05"), 840, 5)))
    m.ns("kube-system", "core/configmaps.yaml", configmaps([
        ("kube-system", "kube-root-ca.crt", {"ca.crt": "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----"}),
        ("kube-system", "cluster-config-v1", {"install-config": install_config("192.168.126.0/24", "192.168.126.5", "192.168.126.6")})]))


# 17f ----------------------------------------------------------------------
@case("etcd.endpoints-configmap-missing", "fires")
def _(d):
    m = MG(d, T("2025-01-15T11:48:00"))
    m.cluster("config.openshift.io", "clusteroperators", "kube-apiserver", co("kube-apiserver", [
        cond("Degraded", "True", "ConfigObservation_Error", 'ConfigObservationDegraded: configmap "etcd-endpoints" not found', "2025-01-15T10:24:12Z"),
        cond("Progressing", "True", "NodeInstaller", "NodeInstallerProgressing: 3 nodes are at revision 0; 0 nodes have achieved new revision 1"),
        cond("Available", "False", "StaticPods_ZeroNodesActive", "StaticPodsAvailable: 0 nodes are active; 3 nodes are at revision 0; 0 nodes have achieved new revision 1")], "4.18.0"))
    m.ns("openshift-etcd", "core/configmaps.yaml", configmaps([
        ("openshift-etcd", "kube-root-ca.crt", {"ca.crt": "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----"})]))


@case("etcd.endpoints-configmap-missing", "silent")
def _(d):
    # Healthy install: the etcd operator's env controller asks a second
    # before the ConfigMap is created.
    m = MG(d, T("2021-08-03T12:11:56"))
    m.podlog("openshift-etcd-operator", "etcd-operator-7d9687c77d-h6x78", "etcd-operator", [
        '%s %s key failed with : configmap "etcd-endpoints" not found' % (cri(t), klog(t, "E", 1, "envvarcontroller.go:205"))
        for t in every(T("2021-08-03T09:25:36"), 0.01, 8)])
    m.ns("openshift-etcd", "core/configmaps.yaml", configmaps([
        ("openshift-etcd", "etcd-endpoints", {"2a1e5e5c07bc3d39": "10.0.195.177"})]))


# 17g ----------------------------------------------------------------------
def operator_crash(m, ns, podname, container, t, ip="172.30.0.1", crash=True):
    m.ns(ns, "pods/%s/%s.yaml" % (podname, podname),
         pod(ns, podname, "master0", [(container, crashloop(container) if crash else RUNNING, 16 if crash else 0, not crash)], created="2025-01-15T10:40:00Z",
             phase="Running"))
    m.podlog(ns, podname, container, [
        "%s %s Using service account token from /var/run/secrets/kubernetes.io/serviceaccount/token" % (cri(t), klog(t, "I", 1, "cmd.go:253")),
        '%s %s unable to load configmap based request-header-client-ca-file: Get "https://%s:443/api/v1/namespaces/kube-system/configmaps/extension-apiserver-authentication": dial tcp %s:443: i/o timeout'
        % (cri(t + dt.timedelta(seconds=30)), klog(t + dt.timedelta(seconds=30), "F", 1, "cmd.go:182"), ip, ip)], previous=True)


@case("network.service-ip-unreachable", "fires")
def _(d):
    m = MG(d, T("2025-01-15T11:48:00"))
    operator_crash(m, "openshift-config-operator", "openshift-config-operator-5d8b7c6f4-r68lz", "openshift-config-operator", T("2025-01-15T11:41:01"))
    operator_crash(m, "openshift-apiserver-operator", "openshift-apiserver-operator-6c4f9d8b7-n4q5p", "openshift-apiserver-operator", T("2025-01-15T11:41:08"))
    operator_crash(m, "openshift-authentication-operator", "authentication-operator-7b9c6d5f8-zz67l", "authentication-operator", T("2025-01-15T11:41:15"))


@case("network.service-ip-unreachable", "silent")
def _(d):
    # Install-time noise: the oauth Service (not the kubernetes one) times
    # out while its endpoints come up; nothing crash-loops.
    m = MG(d, T("2021-09-14T14:43:46"))
    ns = "openshift-authentication-operator"
    m.ns(ns, "pods/authentication-operator-5c9d8b7f6-x2k4m/authentication-operator-5c9d8b7f6-x2k4m.yaml",
         pod(ns, "authentication-operator-5c9d8b7f6-x2k4m", "master-0", [("authentication-operator", RUNNING, 1, True)]))
    m.podlog(ns, "authentication-operator-5c9d8b7f6-x2k4m", "authentication-operator", [
        '%s %s OAuthServerServiceEndpointAccessibleController reconciliation failed: Get "https://172.30.95.88:443/healthz": dial tcp 172.30.95.88:443: i/o timeout (Client.Timeout exceeded while awaiting headers)'
        % (cri(t), klog(t, "E", 1, "base_controller.go:272")) for t in every(T("2021-09-14T14:20:00"), 20, 30)])


# 17h ----------------------------------------------------------------------
@case("pods.operator-crashloop", "fires")
def _(d):
    # kube-* namespaces are the platform's too: HyperShift's konnectivity
    # agent in kube-system, unable to reach its server.
    m = MG(d, T("2025-01-15T11:48:00"))
    ns, name, c = "kube-system", "konnectivity-agent-8hx2p", "konnectivity-agent"
    m.ns(ns, "pods/%s/%s.yaml" % (name, name),
         owned_pod(ns, name, ("DaemonSet", "konnectivity-agent"), "worker-0", [(c, crashloop(c), 7, False)],
                   created="2025-01-15T10:40:00Z"))
    t = T("2025-01-15T11:41:01")
    m.podlog(ns, name, c, [
        "%s %s Starting konnectivity agent" % (cri(t), klog(t, "I", 1, "options.go:142")),
        '%s %s "cannot connect once" err="rpc error: code = Unavailable desc = connection error: desc = \\"transport: Error while dialing: dial tcp 10.0.3.17:8091: connect: connection refused\\""'
        % (cri(t + dt.timedelta(seconds=5)), klog(t + dt.timedelta(seconds=5), "E", 1, "clientset.go:235")),
        "%s %s failed to run the agent: cannot connect to any proxy server" % (cri(t + dt.timedelta(seconds=30)), klog(t + dt.timedelta(seconds=30), "F", 1, "main.go:59"))],
        previous=True)


@case("pods.operator-crashloop", "silent")
def _(d):
    # A platform operator that crashed twice and is backing off (2 restarts,
    # under the 3 the rule wants), and a customer workload crash-looping
    # (the Insights sample has one): neither is a platform crash loop.
    m = MG(d, T("2024-10-23T12:00:00"))
    m.ns("di-288312", "pods/vsystem-867f4b77cc-pqcns/vsystem-867f4b77cc-pqcns.yaml",
         pod("di-288312", "vsystem-867f4b77cc-pqcns", "worker-1", [("vsystem-hana-init", crashloop("vsystem-hana-init", 1), 42, False)]))
    ns, name, c = "openshift-config-operator", "openshift-config-operator-5d8b7c6f4-r68lz", "openshift-config-operator"
    m.ns(ns, "pods/%s/%s.yaml" % (name, name),
         owned_pod(ns, name, ("ReplicaSet", "openshift-config-operator-5d8b7c6f4"), "master0", [(c, crashloop(c), 2, False)]))
    ns = "openshift-network-operator"
    m.ns(ns, "pods/network-operator-58c77f9d4-xlzd4/network-operator-58c77f9d4-xlzd4.yaml",
         pod(ns, "network-operator-58c77f9d4-xlzd4", "master0", [("network-operator", RUNNING, 1, True)]))


# 17i ----------------------------------------------------------------------
@case("config.infrastructure-topology-empty", "fires")
def _(d):
    m = MG(d, T("2025-01-15T11:48:00"))
    m.cluster("config.openshift.io", "infrastructures", "cluster", infrastructure("", "", platform="None"))
    m.cluster("config.openshift.io", "clusteroperators", "config-operator", co("config-operator", [
        cond("Degraded", "True", "InfrastructureTopology_SyncError", "InfrastructureTopologyDegraded: ControlPlaneTopology was not set, unable to determine topology mode", "2025-01-15T10:40:12Z"),
        cond("Progressing", "False", "AsExpected", "All is well"), cond("Available", "True", "AsExpected", "All is well")], "4.18.0"))


@case("config.infrastructure-topology-empty", "silent")
def _(d):
    # A 4.7 Insights archive shows the fields empty while every operator is
    # happy: no finding without a complaint.
    m = MG(d, T("2021-07-08T08:00:00"))
    m.cluster("config.openshift.io", "infrastructures", "cluster", infrastructure("", "", platform="None"))
    m.cluster("config.openshift.io", "clusteroperators", "config-operator", co("config-operator", [
        cond("Degraded", "False", "AsExpected", "All is well"), cond("Progressing", "False", "AsExpected", "All is well"),
        cond("Available", "True", "AsExpected", "All is well")], "4.7.16"))


# 18 -----------------------------------------------------------------------
@case("baremetal.host-stuck-inspecting", "fires")
def _(d):
    m = MG(d, T("2025-12-03T14:36:42"))
    m.ns("openshift-machine-api", "metal3.io/baremetalhosts/master-2.yaml", bmh("master-2", "inspecting", "2025-12-03T13:06:40Z"))
    m.ns("openshift-machine-api", "metal3.io/baremetalhosts/master-0.yaml", bmh("master-0", "externally provisioned", "2025-12-02T15:39:21Z"))


@case("baremetal.host-stuck-inspecting", "silent")
def _(d):
    # Inspection started five minutes before the must-gather: normal.
    m = MG(d, T("2025-12-03T14:36:42"))
    m.ns("openshift-machine-api", "metal3.io/baremetalhosts/worker-3.yaml", bmh("worker-3", "inspecting", "2025-12-03T14:31:40Z"))


def ramdisk(times, host="master-2"):
    out = []
    for i, t in enumerate(times):
        out.append("%s %s_0d107030-2d4d-413a-9941-db21dba52cc5_inspect_2025-12-02-16-12-51.tar.gz: %s localhost.localdomain kernel: mlx5_core 0000:3b:00.%d: mlx5_query_module_id:315:(pid 1893): query_mcia_reg failed: status: 0x3"
                   % (cri(T("2025-12-02T16:12:51")), host, t.strftime("%b %d %H:%M:%S"), i % 2))
    return out


@case("baremetal.mlx5-module-query-error", "fires")
def _(d):
    m = MG(d, T("2025-12-03T14:36:42"))
    m.ns("openshift-machine-api", "metal3.io/baremetalhosts/master-2.yaml", bmh("master-2", "inspecting", "2025-12-03T13:06:40Z"))
    m.podlog("openshift-machine-api", "metal3-5b8d7c9f6d-9phj5", "metal3-ramdisk-logs", ramdisk(every(T("2025-12-02T15:47:05"), 30, 8)))


@case("baremetal.mlx5-module-query-error", "silent")
def _(d):
    # Someone ran ethtool -m on an empty port of a provisioned host: once.
    m = MG(d, T("2025-12-03T14:36:42"))
    m.ns("openshift-machine-api", "metal3.io/baremetalhosts/worker-0.yaml", bmh("worker-0", "provisioned", "2025-12-02T18:10:00Z"))
    write(os.path.join(d, "worker-0-journal.log"),
          "Dec 03 09:12:44 worker-0 kernel: mlx5_core 0000:3b:00.1: mlx5_query_module_id:315:(pid 40211): query_mcia_reg failed: status: 0x3\n"
          "Dec 03 09:12:44 worker-0 sudo[40208]:     core : TTY=pts/0 ; PWD=/var/home/core ; USER=root ; COMMAND=/usr/sbin/ethtool -m ens2f1\n")

# 19 generic layer ---------------------------------------------------------
def cv(conds, desired="4.18.32"):
    return """apiVersion: config.openshift.io/v1
kind: ClusterVersion
metadata:
  creationTimestamp: "2026-01-06T08:58:40Z"
  generation: 2
  name: version
  resourceVersion: "70011"
spec:
  channel: stable-4.18
  clusterID: 5d1c7a2e-9f43-4b8e-a1d6-3c0b9e2f7a41
status:
  conditions:
%s  desired:
    image: quay.io/openshift-release-dev/ocp-release@sha256:3c5d
    version: %s
  history:
  - completionTime: null
    image: quay.io/openshift-release-dev/ocp-release@sha256:3c5d
    startedTime: "2026-01-06T08:58:52Z"
    state: Partial
    verified: false
    version: %s
  observedGeneration: 2
""" % ("".join(conds), desired, desired)


OK3 = lambda: [cond("Progressing", "False", "AsExpected", "All is well"),
               cond("Available", "True", "AsExpected", "All is well")]


@case("generic.operator-degraded", "fires")
def _(d):
    # An operator no specific rule knows, Degraded with its own reason.
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("config.openshift.io", "clusteroperators", "cluster-autoscaler", co("cluster-autoscaler", [
        cond("Degraded", "True", "MissingDependency", "machine-api not ready", "2026-01-06T10:12:40Z")] + OK3()))


@case("generic.operator-degraded", "silent")
def _(d):
    # An operator rolling out: Progressing=True, Degraded=False, Available=True.
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("config.openshift.io", "clusteroperators", "cluster-autoscaler", co("cluster-autoscaler", [
        cond("Degraded", "False", "AsExpected", ""),
        cond("Progressing", "True", "Deploying", "Progressing towards operator: 4.18.32", "2026-01-06T10:58:12Z"),
        cond("Available", "True", "AsExpected", "at version 4.18.32")]))


@case("generic.node-not-ready", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("core", "nodes", "control2.gw.lo", node("control2.gw.lo", ready="Unknown", ready_reason="NodeStatusUnknown",
                                                        ready_msg="Kubelet stopped posting node status.", ready_since="2026-01-06T10:31:07Z"))


@case("generic.node-not-ready", "silent")
def _(d):
    # Rebooted for an update two minutes before the gather: Ready again.
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("core", "nodes", "control2.gw.lo", node("control2.gw.lo", ready_since="2026-01-06T10:58:03Z"))


@case("generic.clusterversion-failing", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("config.openshift.io", "clusterversions", "version", cv([
        cond("Available", "True", "", "Done applying 4.18.32"),
        cond("Failing", "True", "ClusterOperatorDegraded", "Cluster operator ingress is degraded", "2026-01-06T10:20:31Z"),
        cond("Progressing", "False", "ClusterOperatorDegraded", "Error while reconciling 4.18.32: the cluster operator ingress is degraded")]))


@case("generic.clusterversion-failing", "silent")
def _(d):
    # An update in progress: Progressing=True, Failing=False.
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("config.openshift.io", "clusterversions", "version", cv([
        cond("Available", "True", "", "Done applying 4.18.31"),
        cond("Failing", "False", "", ""),
        cond("Progressing", "True", "", "Working towards 4.18.32: 512 of 903 done (56% complete)", "2026-01-06T10:40:00Z")]))


def rules_json(alerts):
    """GET /api/v1/rules as must-gather saves it (monitoring/prometheus/rules.json).
    alerts: (name, severity, namespace, state, activeAt, summary)."""
    import json
    rules = []
    for name, sev, ns, state, at, summary in alerts:
        labels = {"alertname": name, "severity": sev}
        if ns:
            labels["namespace"] = ns
        inst = [] if state == "inactive" else [{
            "labels": labels, "annotations": {"summary": summary, "description": summary},
            "state": state, "activeAt": at, "value": "1e+00"}]
        rules.append({"state": state, "name": name, "query": "vector(1)", "duration": 600,
                      "labels": {"severity": sev}, "annotations": {"summary": summary},
                      "alerts": inst, "health": "ok", "evaluationTime": 0.0004,
                      "lastEvaluation": "2026-01-06T10:59:51.129Z", "type": "alerting"})
    return json.dumps({"status": "success", "data": {"groups": [{
        "name": "cluster-version", "file": "/etc/prometheus/rules/prometheus-k8s-rulefiles-0/openshift-cluster-version-cluster-version-operator-b7a6b1fc.yaml",
        "rules": rules, "interval": 30, "limit": 0, "evaluationTime": 0.001,
        "lastEvaluation": "2026-01-06T10:59:51.129Z"}]}})


WATCHDOG = ("Watchdog", "none", "openshift-monitoring", "firing", "2026-01-06T09:10:03.2Z",
            "An alert that should always be firing to certify that Alertmanager is working properly.")
CODOWN = "The {{ $labels.name }} operator may be down or disabled because Degraded, and the components it manages may be unavailable or degraded."


@case("generic.alert-critical", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    write(m.p("monitoring", "prometheus", "rules.json"), rules_json([
        WATCHDOG,
        ("ClusterOperatorDown", "critical", "openshift-cluster-version", "firing", "2026-01-06T10:20:51.7Z",
         "Cluster operator has not been available for 10 minutes.")]))


@case("generic.alert-critical", "silent")
def _(d):
    # Critical but only pending, critical inactive, Watchdog, a firing warning.
    m = MG(d, T("2026-01-06T11:00:00"))
    write(m.p("monitoring", "prometheus", "rules.json"), rules_json([
        WATCHDOG,
        ("ClusterOperatorDown", "critical", "openshift-cluster-version", "pending", "2026-01-06T10:55:21.7Z",
         "Cluster operator has not been available for 10 minutes."),
        ("etcdInsufficientMembers", "critical", "", "inactive", "", ""),
        ("ClusterOperatorDegraded", "warning", "openshift-cluster-version", "firing", "2026-01-06T10:40:21.7Z",
         "Cluster operator has been degraded for 30 minutes.")]))


@case("generic.alert-warning", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    write(m.p("monitoring", "prometheus", "rules.json"), rules_json([
        WATCHDOG,
        ("ClusterOperatorDegraded", "warning", "openshift-cluster-version", "firing", "2026-01-06T10:40:21.7Z",
         "Cluster operator has been degraded for 30 minutes.")]))


@case("generic.alert-warning", "silent")
def _(d):
    # Warnings only pending or inactive, Watchdog, and an info alert.
    m = MG(d, T("2026-01-06T11:00:00"))
    write(m.p("monitoring", "prometheus", "rules.json"), rules_json([
        WATCHDOG,
        ("ClusterOperatorDegraded", "warning", "openshift-cluster-version", "pending", "2026-01-06T10:55:21.7Z",
         "Cluster operator has been degraded for 30 minutes."),
        ("KubeNodeNotReady", "warning", "", "inactive", "", ""),
        ("InsightsRecommendationActive", "info", "openshift-insights", "firing", "2026-01-06T09:40:00Z",
         "An Insights recommendation is active for this cluster.")]))


def insights(checks):
    """InsightsOperator cluster with status.insightsReport.healthChecks:
    (description, totalRisk, state)."""
    out = """apiVersion: operator.openshift.io/v1
kind: InsightsOperator
metadata:
  creationTimestamp: "2026-01-06T09:03:27Z"
  generation: 1
  name: cluster
  resourceVersion: "69120"
spec:
  logLevel: Normal
  managementState: Managed
  operatorLogLevel: Normal
status:
  gatherStatus:
    lastGatherTime: "2026-01-06T10:05:12Z"
  insightsReport:
    downloadedAt: "2026-01-06T10:07:40Z"
    healthChecks:
"""
    for i, (desc, risk, state) in enumerate(checks):
        out += """    - advisorURI: https://console.redhat.com/openshift/insights/advisor/clusters/5d1c7a2e-9f43-4b8e-a1d6-3c0b9e2f7a41?first=ccx_rules_ocp.external.rules.rule%d|ERROR_KEY
      description: %s
      state: %s
      totalRisk: %d
""" % (i, yq(desc), state, risk)
    return out


INS_CHECKS = {4: "The cluster will become unreachable after the kube-apiserver serving certificate expires",
              3: "Pods could fail to start if openshift-samples is degraded due to FailedImageImport which is caused by a hiccup while talking to the Red Hat registry",
              2: "Prometheus metrics data will be lost when the Prometheus pod is restarted or recreated"}


def ins_case(risk, fires):
    def fn(d):
        m = MG(d, T("2026-01-06T11:00:00"))
        if fires:
            checks = [(INS_CHECKS[risk], risk, "Enabled")]
        else:
            # The same risk disabled by the user in Advisor, and enabled
            # checks of the neighbouring risk levels.
            checks = [(INS_CHECKS[risk], risk, "Disabled")]
            checks += [(INS_CHECKS[r], r, "Enabled") for r in INS_CHECKS if r != risk and (r == risk + 1 or r == risk - 1)]
        m.cluster("operator.openshift.io", "insightsoperators", "cluster", insights(checks))
    return fn


for _risk, _name in ((4, "critical"), (3, "important"), (2, "moderate")):
    case("insights.recommendation-" + _name, "fires")(ins_case(_risk, True))
    case("insights.recommendation-" + _name, "silent")(ins_case(_risk, False))


def owned_pod(ns, name, owner, node_, containers, created="2026-01-06T09:30:00Z", phase="Running",
              scheduled=None):
    """pod() with an ownerReference (ReplicaSet/StatefulSet) and, for a
    Pending pod, its PodScheduled condition (status, reason, message, ts)."""
    text = pod(ns, name, node_, containers, created, phase)
    text = text.replace("  resourceVersion: \"55012\"\n", """  ownerReferences:
  - apiVersion: apps/v1
    blockOwnerDeletion: true
    controller: true
    kind: %s
    name: %s
    uid: 6c0e7b3a-2f1d-4c5e-9a8b-7d6e5f4a3b2c
  resourceVersion: "55012"
""" % owner, 1)
    if scheduled:
        st, reason, msg, ts = scheduled
        text = text.replace("    type: Ready\n", """    type: Ready
  - lastProbeTime: null
    lastTransitionTime: "%s"
    message: %s
    reason: %s
    status: "%s"
    type: PodScheduled
""" % (ts, yq(msg), reason, st), 1)
        text = text.replace("  nodeName: %s\n" % node_, "")
    return text


def oomkilled(finished="2026-01-06T10:41:17Z"):
    return {"now": "      running:\n        startedAt: \"2026-01-06T10:41:19Z\"\n",
            "last": "    lastState:\n      terminated:\n        containerID: cri-o://4a3b2c1d\n        exitCode: 137\n        finishedAt: \"%s\"\n        reason: OOMKilled\n        startedAt: \"2026-01-06T10:12:02Z\"\n" % finished}


@case("pods.oomkilled", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    ns = "openshift-monitoring"
    m.ns(ns, "pods/prometheus-k8s-0/prometheus-k8s-0.yaml",
         owned_pod(ns, "prometheus-k8s-0", ("StatefulSet", "prometheus-k8s"), "worker-1",
                   [("prometheus", oomkilled(), 4, True), ("config-reloader", RUNNING, 0, True)]))


@case("pods.oomkilled", "silent")
def _(d):
    # OOMKilled in a user namespace, and a platform init-style container
    # whose only run ended OOMKilled without a restart.
    m = MG(d, T("2026-01-06T11:00:00"))
    m.ns("shop-prod", "pods/cart-7c9d8b6f5-2kx4q/cart-7c9d8b6f5-2kx4q.yaml",
         owned_pod("shop-prod", "cart-7c9d8b6f5-2kx4q", ("ReplicaSet", "cart-7c9d8b6f5"), "worker-0",
                   [("cart", oomkilled(), 12, True)]))
    ns = "openshift-monitoring"
    m.ns(ns, "pods/prometheus-k8s-1/prometheus-k8s-1.yaml",
         owned_pod(ns, "prometheus-k8s-1", ("StatefulSet", "prometheus-k8s"), "worker-2",
                   [("prometheus", oomkilled(), 0, True)]))


def pullbackoff(image):
    return {"now": "      waiting:\n        message: Back-off pulling image \"%s\"\n        reason: ImagePullBackOff\n" % image}


@case("pods.image-pull-failing", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    ns = "openshift-marketplace"
    img = "registry.redhat.io/redhat/redhat-operator-index:v4.18"
    text = owned_pod(ns, "redhat-operators-7xkq2", ("CatalogSource", "redhat-operators"), "master-0",
                     [("registry-server", pullbackoff(img), 0, False)], phase="Pending")
    m.ns(ns, "pods/redhat-operators-7xkq2/redhat-operators-7xkq2.yaml",
         text.replace("quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:1111", img))


@case("pods.image-pull-failing", "silent")
def _(d):
    # A user's deployment with a typo in its image: not the platform's.
    m = MG(d, T("2026-01-06T11:00:00"))
    img = "quay.io/shop/cart:v2.O"
    m.ns("shop-prod", "pods/cart-7c9d8b6f5-2kx4q/cart-7c9d8b6f5-2kx4q.yaml",
         owned_pod("shop-prod", "cart-7c9d8b6f5-2kx4q", ("ReplicaSet", "cart-7c9d8b6f5"), "worker-0",
                   [("cart", pullbackoff(img), 0, False)], phase="Pending")
         .replace("quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:1111", img))


ROUTER_UNSCHED = ("0/6 nodes are available: 3 node(s) had untolerated taint {node-role.kubernetes.io/master: }, "
                  "3 node(s) were unschedulable. preemption: 0/6 nodes are available: 6 Preemption is not helpful for scheduling.")
PENDING = {"now": "      waiting:\n        reason: ContainerCreating\n"}


def router_pending(m, since):
    ns = "openshift-ingress"
    name = "router-default-6f8c9b7d5-q7w2x"
    text = owned_pod(ns, name, ("ReplicaSet", "router-default-6f8c9b7d5"), "",
                     [("router", PENDING, 0, False)], created=since, phase="Pending",
                     scheduled=("False", "Unschedulable", ROUTER_UNSCHED, since))
    # an unscheduled pod has no containerStatuses yet
    text = text[:text.index("  containerStatuses:\n")] + text[text.index("  phase: "):]
    m.ns(ns, "pods/%s/%s.yaml" % (name, name), text)


@case("pods.unschedulable", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    router_pending(m, "2026-01-06T10:40:00Z")


@case("pods.unschedulable", "silent")
def _(d):
    # Unschedulable for five minutes: a rollout waiting for a node to drain.
    m = MG(d, T("2026-01-06T11:00:00"))
    router_pending(m, "2026-01-06T10:55:00Z")



def write_cases(cases, tests, argv):
    """The command line of every fixture generator:
      gen-X.py [RULES_DIR [RULE_ID...]]  rewrite the rules' fires/silent
                                         trees under TESTS (or only those
                                         of the RULE_IDs);
      gen-X.py --extra OUTDIR            write the other kinds, the near
                                         misses a tests/*.test checks, under
                                         OUTDIR/<rule>/<kind>."""
    if len(argv) > 2 and argv[1] == "--extra":
        for (rid, kind), fn in sorted(cases.items()):
            if kind not in ("fires", "silent"):
                d = os.path.join(argv[2], rid, kind)
                os.makedirs(d)
                fn(d)
        return
    only = set(argv[2:])
    for (rid, kind), fn in sorted(cases.items()):
        if only and rid not in only or kind not in ("fires", "silent"):
            continue
        d = os.path.join(tests, rid, kind)
        if os.path.isdir(d):
            shutil.rmtree(d)
        os.makedirs(d)
        fn(d)
    print("%d cases" % len(cases))


def main():
    write_cases(CASES, TESTS, sys.argv)


if __name__ == "__main__":
    main()
