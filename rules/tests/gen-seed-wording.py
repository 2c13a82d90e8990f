#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Wording variants of the seed rules' messages across releases 4.8-4.20.

    python3 rules/tests/gen-seed-wording.py DIR
        writes one must-gather per variant under DIR/<variant>/ and the
        table DIR/MANIFEST: one line per variant, tab-separated
            variant  rule  fires|silent  [regex the summary must match]
        (tests/seed-wording.test runs each as its rule's fires case, next to
        the rule's own silent/ near miss, or as its silent case, next to the
        rule's own fires/ tree).

Every wording is the format string at the openshift/... release branches
named in the rule's comments (and next to each variant below), filled the
way the Go code fills it.  The tree shapes and line prefixes come from
gen-fixtures.py (imported, not edited).
"""
import datetime as dt
import importlib.util
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("genfx", os.path.join(HERE, "gen-fixtures.py"))
gf = importlib.util.module_from_spec(_spec)
_argv = sys.argv
sys.argv = [_argv[0]]          # gen-fixtures reads its own arguments at import
_spec.loader.exec_module(gf)
sys.argv = _argv

MG, T, cri, klog, cond, node, pod, co, events, write, every, yq = (
    gf.MG, gf.T, gf.cri, gf.klog, gf.cond, gf.node, gf.pod, gf.co,
    gf.events, gf.write, gf.every, gf.yq)
mc, mcp, configmaps, infrastructure, install_config, member_list = (
    gf.mc, gf.mcp, gf.configmaps, gf.infrastructure, gf.install_config, gf.member_list)
RUNNING = gf.RUNNING
MCO = "openshift-machine-config-operator"
CNO = "openshift-network-operator"
CVO = "openshift-cluster-version"
CEO = "openshift-etcd-operator"

VARIANTS = []   # (name, rule, expect, regex, fn)


def variant(name, rule, expect, regex=""):
    def deco(fn):
        VARIANTS.append((name, rule, expect, regex, fn))
        return fn
    return deco


def L(t, sev, where, msg, pid=1):
    """One pod log line: CRI timestamp, klog header."""
    return "%s %s %s" % (cri(t), klog(t, sev, pid, where), msg)


def golog(t, msg):
    """One pod log line of Go's standard logger (log.Printf) under CRI."""
    return "%s %s %s" % (cri(t), t.strftime("%Y/%m/%d %H:%M:%S"), msg)


def opcr(group, plural, kind, conds):
    """An operator.openshift.io singleton (Etcd, KubeAPIServer, ...)."""
    return """apiVersion: %s/v1
kind: %s
metadata:
  creationTimestamp: "2026-01-06T09:02:30Z"
  generation: 3
  name: cluster
  resourceVersion: "70111"
spec:
  managementState: Managed
status:
  conditions:
%s""" % (group, kind, "".join(conds))


# mco.mcs-config-not-found -------------------------------------------------
HW = "rendered-worker-6f1a2b3c4d5e6f708192a3b4c5d6e7f8"


def mcs(d, gathered, where, req, errline, n=12, step=15, ok_after=False):
    """A machine-config-server refusing one pool, as that release prints it
    (pkg/server/api.go "couldn't get config for req: %v|%+v, error: %v")."""
    m = MG(d, T(gathered))
    name = "machine-config-server-5kq8d"
    m.ns(MCO, "pods/%s/%s.yaml" % (name, name),
         pod(MCO, name, "master-0.ocp4.lab.example", [("machine-config-server", RUNNING, 0, True)]))
    start = T(gathered) - dt.timedelta(minutes=50)
    lines = [L(start, "I", "start.go:51", "Version: v4.x (git)"),
             L(start, "I", "api.go:80", "Launching server on :22623")]
    for i, t in enumerate(every(start + dt.timedelta(minutes=20), step, n)):
        lines.append(L(t, "E", where, "couldn't get config for req: %s, error: %s" % (req(i), errline)))
    if ok_after:
        t = start + dt.timedelta(minutes=20, seconds=step * n + 5)
        lines.append(L(t, "I", "api.go:120", 'Pool worker requested by address:"192.168.1.31:40112" User-Agent:"Ignition/2.16.2" Accept-Header: "application/vnd.coreos.ignition+json;version=3.4.0, */*;q=0.1"'))
    m.podlog(MCO, name, "machine-config-server", lines)


@variant("mcs-4.8-empty-status-client", "mco.mcs-config-not-found", "fires",
         r"refused pool master 12 times")
def _(d):
    # 4.8-4.11: %v request, client Get of an empty name
    mcs(d, "2021-08-03T12:11:56", "api.go:129", lambda i: "{master 0xc000%07x}" % (0x4a2b180 + 64 * i),
        "could not fetch config , err: resource name may not be empty")


@variant("mcs-4.10-deleted-config-client", "mco.mcs-config-not-found", "fires",
         r"refused pool worker .*'%s'" % HW)
def _(d):
    # 4.8-4.11: client Get of a deleted rendered config ("machineconfigs")
    mcs(d, "2022-05-10T08:00:00", "api.go:129", lambda i: "{worker 0xc000%07x}" % (0x61e0a40 + 64 * i),
        'could not fetch config %s, err: machineconfigs.machineconfiguration.openshift.io "%s" not found' % (HW, HW))


@variant("mcs-4.13-empty-status-lister", "mco.mcs-config-not-found", "fires",
         r"refused pool master 12 times")
def _(d):
    # 4.12-4.14: %v request, lister NotFound ("machineconfig")
    mcs(d, "2023-06-01T10:00:00", "api.go:128", lambda i: "{master 0xc00%07x}" % (0xac86170 + 64 * i),
        'could not fetch config , err: machineconfig.machineconfiguration.openshift.io "" not found')


@variant("mcs-4.15-plusv-lister", "mco.mcs-config-not-found", "fires",
         r"refused pool master 12 times")
def _(d):
    # 4.15-4.20: %+v request
    mcs(d, "2024-03-01T10:00:00", "api.go:135",
        lambda i: "{machineConfigPool:master version:0xc00%07x}" % (0x1d2e3f0 + 64 * i),
        'could not fetch config , err: machineconfig.machineconfiguration.openshift.io "" not found')


@variant("mcs-4.19-plusv-nil-version", "mco.mcs-config-not-found", "fires",
         r"refused pool worker .*'%s'" % HW)
def _(d):
    # 4.19: %+v request without an Ignition version header, deleted config
    mcs(d, "2025-07-01T10:00:00", "api.go:145", lambda i: "{machineConfigPool:worker version:<nil>}",
        'could not fetch config %s, err: machineconfig.machineconfiguration.openshift.io "%s" not found' % (HW, HW))


@variant("mcs-4.8-pool-fetch-timeout", "mco.mcs-config-not-found", "silent")
def _(d):
    # near miss: the transient 500 while etcd elects, 4.8 wording
    mcs(d, "2021-08-03T12:11:56", "api.go:129", lambda i: "{master 0xc000%07x}" % (0x4a2b180 + 64 * i),
        "could not fetch pool. err: etcdserver: request timed out", n=8, step=3)


@variant("mcs-4.17-plusv-brief", "mco.mcs-config-not-found", "silent")
def _(d):
    # near miss: three refusals while a new rendered config syncs, then served
    mcs(d, "2024-11-01T10:00:00", "api.go:137", lambda i: "{machineConfigPool:worker version:0xc00%07x}" % (0x2f0e100 + 64 * i),
        'could not fetch config %s, err: machineconfig.machineconfiguration.openshift.io "%s" not found' % (HW, HW),
        n=3, step=20, ok_after=True)


# ignition.fetch-loop ------------------------------------------------------
def ign_journal(start, host, version, pool, n, result, step=5):
    out = ["%s %s ignition[812]: Ignition %s" % (start.strftime("%b %d %H:%M:%S"), host, version),
           "%s %s ignition[812]: Stage: fetch" % (start.strftime("%b %d %H:%M:%S"), host)]
    for i in range(1, n + 1):
        t = start + dt.timedelta(seconds=step * i)
        out.append("%s %s ignition[812]: GET https://api-int.ocp4.lab.example:22623/config/%s: attempt #%d"
                   % (t.strftime("%b %d %H:%M:%S"), host, pool, i))
        out.append("%s %s ignition[812]: %s" % (t.strftime("%b %d %H:%M:%S"), host, result(i)))
    return out


@variant("ign-2.9-worker-500", "ignition.fetch-loop", "fires", r"config/worker")
def _(d):
    # RHCOS 4.8 (Ignition 2.9.0): the same two lines as every later tag
    lines = ign_journal(T("2021-08-03T09:40:00"), "worker-3.ocp4.lab.example", "2.9.0", "worker", 40,
                        lambda i: "GET result: Internal Server Error")
    write(os.path.join(d, "worker-3-journal.log"), "\n".join(lines) + "\n")


@variant("ign-2.20-console-no-timestamps", "ignition.fetch-loop", "fires", r"config/master")
def _(d):
    # a serial console capture: kernel-time prefixes only, so only the long
    # run (refused_many) can count
    out = []
    for i in range(1, 36):
        s = 60.0 + 5.2 * i
        out.append("[%12.6f] ignition[1041]: GET https://api-int.ocp4.lab.example:22623/config/master: attempt #%d" % (s, i))
        out.append("[%12.6f] ignition[1041]: GET result: Internal Server Error" % (s + 0.01))
    write(os.path.join(d, "master-2-console.log"), "\n".join(out) + "\n")


@variant("ign-2.14-not-found-once", "ignition.fetch-loop", "silent")
def _(d):
    # near miss: a pool that does not exist answers 404; Ignition before
    # v2.19.0 does not retry a 4xx, so there is no loop, just a failed boot
    lines = ign_journal(T("2022-09-01T09:40:00"), "infra-0.ocp4.lab.example", "2.14.0", "infra", 1,
                        lambda i: "GET result: Not Found")
    lines.append("Sep 01 09:40:05 infra-0.ocp4.lab.example ignition[812]: failed to fetch config: resource not found")
    write(os.path.join(d, "infra-0-journal.log"), "\n".join(lines) + "\n")


# etcd.quorum-not-fault-tolerant -------------------------------------------
def etcd_co(m, degraded_msg, version, status="True", reason="EtcdEndpoints_ErrorUpdatingEtcdEndpoints"):
    m.cluster("config.openshift.io", "clusteroperators", "etcd", co("etcd", [
        cond("Degraded", status, reason if status == "True" else "AsExpected", degraded_msg, "2026-01-06T09:47:12Z"),
        cond("Progressing", "False", "AsExpected", "NodeInstallerProgressing: 2 nodes are at revision 7"),
        cond("Available", "True", "AsExpected", "StaticPodsAvailable: 2 nodes are active; 2 nodes are at revision 7\nEtcdMembersAvailable: 2 members are available")], version))


@variant("quorum-4.12-nodes-required", "etcd.quorum-not-fault-tolerant", "fires",
         r"3 nodes are required, but only 2 are available")
def _(d):
    # 4.8-4.15 CheckSafeToScaleCluster node count, wrapped by the endpoints controller
    m = MG(d, T("2023-03-08T12:00:00"))
    etcd_co(m, "NodeControllerDegraded: All master nodes are ready\nEtcdEndpointsDegraded: EtcdEndpointsController "
            "can't evaluate whether quorum is safe: CheckSafeToScaleCluster 3 nodes are required, but only 2 are available",
            "4.12.0")


@variant("quorum-4.16-not-fault-tolerant", "etcd.quorum-not-fault-tolerant", "fires",
         r"quorum of 2 which is not fault tolerant")
def _(d):
    # 4.8-4.20 IsQuorumFaultTolerantErr, reached without the node count check (4.16-4.18)
    m = MG(d, T("2024-08-01T12:00:00"))
    etcd_co(m, "EtcdCertSignerControllerDegraded: EtcdCertSignerController can't evaluate whether quorum is safe: "
            "etcd cluster has quorum of 2 which is not fault tolerant: [{Member:ID:12210403284766585102 "
            "name:\"master-0\" peerURLs:\"https://10.0.0.5:2380\" clientURLs:\"https://10.0.0.5:2379\"  "
            "Healthy:true Took:1.2ms Error:<nil>} {Member:ID:5320290384216187093 name:\"master-1\" "
            "peerURLs:\"https://10.0.0.6:2380\" clientURLs:\"https://10.0.0.6:2379\"  Healthy:true Took:1.4ms Error:<nil>}]",
            "4.16.3", reason="EtcdCertSignerController_Error")


@variant("quorum-4.20-healthy-members", "etcd.quorum-not-fault-tolerant", "fires",
         r"found 2 healthy member\(s\) out of the 3 required by the HAScalingStrategy")
def _(d):
    # 4.19-4.20 healthy-member count, on the operator's own Etcd object
    m = MG(d, T("2025-10-01T12:00:00"))
    m.cluster("operator.openshift.io", "etcds", "cluster", opcr("operator.openshift.io", "etcds", "Etcd", [
        cond("EtcdEndpointsDegraded", "True", "ErrorUpdatingEtcdEndpoints",
             "EtcdEndpointsController can't evaluate whether quorum is safe: CheckSafeToScaleCluster found 2 "
             "healthy member(s) out of the 3 required by the HAScalingStrategy", "2025-10-01T10:02:00Z")]))


@variant("quorum-4.20-two-node", "etcd.quorum-not-fault-tolerant", "silent")
def _(d):
    # near miss: two-node OpenShift with fencing, minimum 2 by design
    m = MG(d, T("2025-10-01T12:00:00"))
    m.cluster("config.openshift.io", "infrastructures", "cluster", infrastructure("DualReplica", "HighlyAvailable", platform="None"))
    write(m.p("etcd_info", "member_list.json"), member_list([("master-0", "10.0.0.5"), ("master-1", "10.0.0.6")]))
    m.cluster("operator.openshift.io", "etcds", "cluster", opcr("operator.openshift.io", "etcds", "Etcd", [
        cond("EtcdEndpointsDegraded", "True", "ErrorUpdatingEtcdEndpoints",
             "EtcdEndpointsController can't evaluate whether quorum is safe: CheckSafeToScaleCluster found 1 "
             "healthy member(s) out of the 2 required by the TwoNodeScalingStrategy", "2025-10-01T11:58:00Z")]))


@variant("quorum-4.12-install-history", "etcd.quorum-not-fault-tolerant", "silent")
def _(d):
    # near miss: said during the install, only events keep it now
    m = MG(d, T("2023-03-08T12:30:00"))
    etcd_co(m, "NodeControllerDegraded: All master nodes are ready\nEtcdMembersDegraded: No unhealthy members found",
            "4.12.0", status="False")
    m.ns(CEO, "core/events.yaml", events(CEO, [
        dict(name="etcd-operator", kind="Deployment", reason="OperatorStatusChanged", type="Normal",
             component="openshift-cluster-etcd-operator-status-controller-statussyncer_etcd",
             first="2023-03-08T11:20:02Z", last="2023-03-08T11:20:02Z",
             message='Status for clusteroperator/etcd changed: Degraded message changed from "" to "EtcdEndpointsDegraded: '
                     'EtcdEndpointsController can\'t evaluate whether quorum is safe: CheckSafeToScaleCluster 3 nodes are '
                     'required, but only 2 are available"')]))


# etcd.guard-missing-operand -----------------------------------------------
def kas_co(m, name, msg, version):
    m.cluster("config.openshift.io", "clusteroperators", name, co(name, [
        cond("Degraded", "True", "GuardController_SyncError", msg, "2026-01-06T09:49:12Z"),
        cond("Progressing", "False", "AsExpected", "NodeInstallerProgressing: 3 nodes are at revision 9"),
        cond("Available", "True", "AsExpected", "StaticPodsAvailable: 3 nodes are active; 3 nodes are at revision 9")], version))


@variant("guard-4.14-two-nodes", "etcd.guard-missing-operand", "fires",
         r"kube-apiserver on master-1\.ocp4\.lab\.example, kube-apiserver on master-2\.ocp4\.lab\.example")
def _(d):
    # 4.10-4.20: two nodes, utilerrors.NewAggregate "[a, b]"
    m = MG(d, T("2023-11-01T12:00:00"))
    kas_co(m, "kube-apiserver", "GuardControllerDegraded: [Missing operand on node master-1.ocp4.lab.example, "
           "Missing operand on node master-2.ocp4.lab.example]", "4.14.2")


@variant("guard-4.16-podip-first", "etcd.guard-missing-operand", "fires",
         r"etcd on master-2\.ocp4\.lab\.example \(since")
def _(d):
    # 4.15-4.20: the aggregate sorted, another guard error first
    m = MG(d, T("2024-08-01T12:00:00"))
    kas_co(m, "etcd", "NodeControllerDegraded: All master nodes are ready\nGuardControllerDegraded: "
           "[Missing PodIP in operand etcd-master-0.ocp4.lab.example on node master-0.ocp4.lab.example, "
           "Missing operand on node master-2.ocp4.lab.example]", "4.16.3")


@variant("guard-4.18-operator-object", "etcd.guard-missing-operand", "fires",
         r"kube-controller-manager on master-1\.ocp4\.lab\.example")
def _(d):
    # the operator's own condition type, without the union's prefix
    m = MG(d, T("2025-03-01T12:00:00"))
    m.cluster("operator.openshift.io", "kubecontrollermanagers", "cluster",
              opcr("operator.openshift.io", "kubecontrollermanagers", "KubeControllerManager", [
                  cond("GuardControllerDegraded", "True", "SyncError",
                       "Missing operand on node master-1.ocp4.lab.example", "2025-03-01T11:40:00Z")]))


@variant("guard-4.14-podip-only", "etcd.guard-missing-operand", "silent")
def _(d):
    # near miss: the operand pod exists, it has no IP yet
    m = MG(d, T("2023-11-01T12:00:00"))
    kas_co(m, "etcd", "GuardControllerDegraded: Missing PodIP in operand etcd-master-0.ocp4.lab.example on node "
           "master-0.ocp4.lab.example", "4.14.2")


# cvo.featuregate-missing --------------------------------------------------
def cvo_log(m, lines, previous=True):
    m.podlog(CVO, "cluster-version-operator-6d8f9c7b5-2xq7p", "cluster-version-operator", lines, previous=previous)


def fg(m):
    m.cluster("config.openshift.io", "featuregates", "cluster", """apiVersion: config.openshift.io/v1
kind: FeatureGate
metadata:
  creationTimestamp: "2023-05-01T09:47:50Z"
  name: cluster
  resourceVersion: "1200"
spec:
  featureSet: TechPreviewNoUpgrade
""")


@variant("cvo-4.11-read-error-then-techpreview", "cvo.featuregate-missing", "fires",
         r"\(1 shutdowns\)")
def _(d):
    # 4.10-4.11 start.go and techpreviewchangestopper.go
    m = MG(d, T("2022-09-01T10:30:00"))
    t = T("2022-09-01T09:50:00")
    cvo_log(m, [
        L(t, "I", "start.go:23", "ClusterVersionOperator 4.11.0-202208020706.p0.g1c1a1b2.assembly.stream-1c1a1b2"),
        L(t, "W", "start.go:142", 'Error getting featuregate value: Get "https://api-int.ocp4.lab.example:6443/apis/config.openshift.io/v1/featuregates/cluster": dial tcp 192.168.1.5:6443: connect: connection refused'),
        L(t + dt.timedelta(minutes=4), "I", "techpreviewchangestopper.go:78", 'TechPreviewNoUpgrade was false, but the current feature set is "TechPreviewNoUpgrade"; requesting shutdown.')])
    fg(m)


@variant("cvo-4.14-read-error-then-featureset", "cvo.featuregate-missing", "fires",
         r"\(1 shutdowns\)")
def _(d):
    # 4.12-4.15 start.go (retried, "Failed to get FeatureGate from cluster") and featurechangestopper.go
    m = MG(d, T("2023-11-01T10:30:00"))
    t = T("2023-11-01T09:50:00")
    lines = [L(t, "I", "start.go:23", "ClusterVersionOperator 4.14.1-202311010000.p0.g2b3c4d5.assembly.stream-2b3c4d5")]
    for i in range(3):
        lines.append(L(t + dt.timedelta(seconds=2 * i), "W", "start.go:157",
                       'Failed to get FeatureGate from cluster: Get "https://api-int.ocp4.lab.example:6443/apis/config.openshift.io/v1/featuregates/cluster": dial tcp 192.168.1.5:6443: connect: connection refused'))
    lines.append(L(t + dt.timedelta(minutes=3), "I", "featurechangestopper.go:79",
                   'FeatureSet was "", but the current feature set is "TechPreviewNoUpgrade"; requesting shutdown.'))
    cvo_log(m, lines)
    fg(m)


@variant("cvo-4.17-using-default", "cvo.featuregate-missing", "fires", r"\(1 shutdowns\)")
def _(d):
    # 4.16-4.19 start.go "using default feature set"
    m = MG(d, T("2024-11-01T10:30:00"))
    t = T("2024-11-01T09:50:00")
    cvo_log(m, [
        L(t, "I", "start.go:23", "ClusterVersionOperator 4.17.0-202410011205.p0.g3c4d5e6.assembly.stream.el9-3c4d5e6"),
        L(t, "I", "start.go:556", 'FeatureGate not found in cluster, using default feature set "" at startup'),
        L(t, "W", "start.go:572", "CVO features for version 4.17.0 could not be detected from FeatureGate; will use defaults plus special UnknownVersion feature gate"),
        L(t + dt.timedelta(minutes=2), "I", "featurechangestopper.go:89",
          "CVO feature flags were &{desiredVersion:4.17.0 unknownVersion:true reconciliationIssuesCondition:false}, but changed to "
          "{desiredVersion:4.17.0 unknownVersion:false reconciliationIssuesCondition:false}; requesting shutdown.")])


@variant("cvo-4.20-will-assume-absent", "cvo.featuregate-missing", "fires", r"\(0 shutdowns\)")
def _(d):
    # 4.20 start.go "will assume default feature set", still no FeatureGate
    m = MG(d, T("2025-11-01T10:30:00"))
    t = T("2025-11-01T10:20:00")
    cvo_log(m, [
        L(t, "I", "start.go:23", "ClusterVersionOperator 4.20.0-202510161342.p2.g4d5e6f7.assembly.stream.el9-4d5e6f7"),
        L(t, "I", "start.go:274", 'FeatureGate not found in cluster, will assume default feature set "" at startup')], previous=False)
    m.cluster("config.openshift.io", "infrastructures", "cluster", infrastructure(platform="None"))


@variant("cvo-4.14-techpreview-enabled", "cvo.featuregate-missing", "silent")
def _(d):
    # near miss: an administrator enabled TechPreviewNoUpgrade; the CVO read
    # the FeatureGate fine at startup and restarts once, as designed
    m = MG(d, T("2023-11-01T10:30:00"))
    t = T("2023-11-01T09:50:00")
    cvo_log(m, [
        L(t, "I", "start.go:23", "ClusterVersionOperator 4.14.1-202311010000.p0.g2b3c4d5.assembly.stream-2b3c4d5"),
        L(t + dt.timedelta(minutes=3), "I", "featurechangestopper.go:79",
          'FeatureSet was "", but the current feature set is "TechPreviewNoUpgrade"; requesting shutdown.')])
    fg(m)


# config.infrastructure-topology-empty -------------------------------------
@variant("topo-4.12-guard", "config.infrastructure-topology-empty", "fires", r"1 degraded condition")
def _(d):
    # library-go guard controller (4.10-4.20) via GuardControllerDegraded
    m = MG(d, T("2023-03-08T12:00:00"))
    m.cluster("config.openshift.io", "infrastructures", "cluster", infrastructure("", "", platform="None"))
    kas_co(m, "etcd", "GuardControllerDegraded: ControlPlaneTopology was not set, unable to determine topology mode", "4.12.0")


@variant("topo-4.14-defrag-log", "config.infrastructure-topology-empty", "fires", r"controlPlaneTopology=''")
def _(d):
    # cluster-etcd-operator defrag controller (4.9-4.20), a sync error logged by the base controller
    m = MG(d, T("2023-11-01T12:00:00"))
    m.cluster("config.openshift.io", "infrastructures", "cluster", infrastructure("", "", platform="None"))
    m.podlog(CEO, "etcd-operator-7c9b8d6f5-qw2xz", "etcd-operator", [
        L(t, "E", "base_controller.go:266",
          '"DefragController" controller failed to sync "key", err: failed to get control-plane topology: ControlPlaneTopology was not set')
        for t in every(T("2023-11-01T11:40:00"), 60, 6)])


@variant("topo-4.8-quorumguard-log", "config.infrastructure-topology-empty", "fires", r"controlPlaneTopology=''")
def _(d):
    # 4.8-4.10 quorum-guard controller: klog.Errorf with %w prints %!w(...)
    m = MG(d, T("2021-08-03T12:00:00"))
    m.cluster("config.openshift.io", "infrastructures", "cluster", infrastructure("", "", platform="None"))
    m.podlog(CEO, "etcd-operator-5f8d9c7b6-m2k4q", "etcd-operator", [
        L(t, "E", "quorumguardcontroller.go:105",
          "Failed to get topology mode %!w(*errors.errorString=&{ControlPlaneTopology was not set}) ")
        for t in every(T("2021-08-03T11:40:00"), 60, 6)])


@variant("topo-4.12-guard-recovered", "config.infrastructure-topology-empty", "silent")
def _(d):
    # near miss: the status was patched; the complaint survives in an event
    m = MG(d, T("2023-03-08T12:30:00"))
    m.cluster("config.openshift.io", "infrastructures", "cluster", infrastructure(platform="None"))
    m.ns(CEO, "core/events.yaml", events(CEO, [
        dict(name="etcd-operator", kind="Deployment", reason="OperatorStatusChanged", type="Normal",
             component="openshift-cluster-etcd-operator-status-controller-statussyncer_etcd",
             first="2023-03-08T11:20:02Z", last="2023-03-08T11:20:02Z",
             message='Status for clusteroperator/etcd changed: Degraded message changed from "" to "GuardControllerDegraded: '
                     'ControlPlaneTopology was not set, unable to determine topology mode"')]))


# etcd.endpoints-configmap-missing -----------------------------------------
KASO = "openshift-kube-apiserver-operator"


def no_endpoints_cm(m):
    m.ns("openshift-etcd", "core/configmaps.yaml", configmaps([
        ("openshift-etcd", "kube-root-ca.crt", {"ca.crt": "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----"})]))


@variant("epcm-4.8-observe-event", "etcd.endpoints-configmap-missing", "fires",
         r"\(1 degraded conditions/events")
def _(d):
    # 4.8-4.20 storage observer event ObserveStorageFailed
    m = MG(d, T("2021-08-03T12:00:00"))
    no_endpoints_cm(m)
    m.ns(KASO, "core/events.yaml", events(KASO, [
        dict(name="kube-apiserver-operator", kind="Deployment", reason="ObserveStorageFailed", type="Warning",
             component="openshift-cluster-kube-apiserver-operator-config-observer-configobserver", count=40,
             first="2021-08-03T10:40:00Z", last="2021-08-03T11:58:00Z",
             message='Error getting openshift-etcd/etcd-endpoints configmap: configmap "etcd-endpoints" not found')]))


@variant("epcm-4.19-config-missing-event", "etcd.endpoints-configmap-missing", "fires",
         r"\(1 degraded conditions/events")
def _(d):
    # 4.19-4.20 target-config controller event ConfigMissing (the bare NotFound)
    m = MG(d, T("2025-07-01T12:00:00"))
    no_endpoints_cm(m)
    m.ns(KASO, "core/events.yaml", events(KASO, [
        dict(name="kube-apiserver-operator", kind="Deployment", reason="ConfigMissing", type="Warning",
             component="kube-apiserver-operator-target-config-controller-targetconfigcontroller", count=25,
             first="2025-07-01T11:00:00Z", last="2025-07-01T11:59:00Z",
             message='configmap "etcd-endpoints" not found')]))


@variant("epcm-4.19-config-missing-brief", "etcd.endpoints-configmap-missing", "silent")
def _(d):
    # near miss: three events while the etcd operator created it
    m = MG(d, T("2025-07-01T12:00:00"))
    m.ns("openshift-etcd", "core/configmaps.yaml", configmaps([
        ("openshift-etcd", "etcd-endpoints", {"2a1e5e5c07bc3d39": "10.0.0.5"})]))
    m.ns(KASO, "core/events.yaml", events(KASO, [
        dict(name="kube-apiserver-operator", kind="Deployment", reason="ConfigMissing", type="Warning",
             component="kube-apiserver-operator-target-config-controller-targetconfigcontroller", count=3,
             first="2025-07-01T09:10:00Z", last="2025-07-01T09:10:02Z",
             message='configmap "etcd-endpoints" not found')]))


# install.cluster-config-v1-missing ----------------------------------------
def kube_system_cms(m, with_install_config):
    items = [("kube-system", "kube-root-ca.crt", {"ca.crt": "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----"})]
    if with_install_config:
        items.append(("kube-system", "cluster-config-v1", {"install-config": install_config("192.168.126.0/24", "192.168.126.5", "192.168.126.6")}))
    m.ns("kube-system", "core/configmaps.yaml", configmaps(items))


@variant("ccv1-4.8-stdlog", "install.cluster-config-v1-missing", "fires", r"openshift-network-operator fail on it")
def _(d):
    # 4.8 network operator: Go's standard logger, proxy controller and OVN bootstrap
    m = MG(d, T("2021-08-03T12:00:00"))
    lines = []
    for t in every(T("2021-08-03T11:30:00"), 120, 8):
        lines.append(golog(t, "Reconciling proxy 'cluster'"))
        lines.append(golog(t, "Failed to get configmap '/': configmaps \"cluster-config-v1\" not found"))
        lines.append(golog(t, "Failed to reconcile platform networking resources: Unable to bootstrap OVN, unable to retrieve cluster config: configmaps \"cluster-config-v1\" not found"))
    m.podlog(CNO, "network-operator-6f9c8d7b4-k2m5n", "network-operator", lines)
    kube_system_cms(m, False)


@variant("ccv1-4.16-reconciler-error", "install.cluster-config-v1-missing", "fires", r"openshift-network-operator fail on it")
def _(d):
    # controller-runtime's structured "Reconciler error" (escaped quotes only)
    m = MG(d, T("2024-08-01T12:00:00"))
    m.podlog(CNO, "network-operator-7d8e9f6a5-p3q4r", "network-operator", [
        L(t, "E", "controller.go:329", '"Reconciler error" err="failed to get configmap \'/\': configmaps \\"cluster-config-v1\\" not found" '
          'controller="proxyconfig-controller" object={"name":"cluster"} namespace="" name="cluster" reconcileID="7c1f2a3b-4d5e-6f70-8192-a3b4c5d6e7f8"')
        for t in every(T("2024-08-01T11:40:00"), 90, 8)])
    kube_system_cms(m, False)


@variant("ccv1-4.8-ovn-then-created", "install.cluster-config-v1-missing", "silent")
def _(d):
    # near miss: complaints while the cluster was assembled; the ConfigMap exists now
    m = MG(d, T("2021-08-03T12:00:00"))
    m.podlog(CNO, "network-operator-6f9c8d7b4-k2m5n", "network-operator", [
        golog(t, "Failed to reconcile platform networking resources: Unable to bootstrap OVN, unable to retrieve cluster config: configmaps \"cluster-config-v1\" not found")
        for t in every(T("2021-08-03T09:10:00"), 240, 6)])
    kube_system_cms(m, True)


# network.operator-config-missing ------------------------------------------
NETCFG = """apiVersion: config.openshift.io/v1
kind: Network
metadata:
  creationTimestamp: "2021-08-03T09:10:52Z"
  name: cluster
  resourceVersion: "580"
spec:
  clusterNetwork:
  - cidr: 10.128.0.0/14
    hostPrefix: 23
  networkType: OVNKubernetes
  serviceNetwork:
  - 172.30.0.0/16
"""


@variant("noop-4.8-stdlog", "network.operator-config-missing", "fires", r"[1-9][0-9]* log lines say so")
def _(d):
    # 4.8 status manager: Go's standard logger prints the conditions as YAML
    m = MG(d, T("2021-08-03T12:00:00"))
    lines = []
    for t in every(T("2021-08-03T11:35:00"), 180, 8):
        lines += [golog(t, "Set ClusterOperator conditions:"),
                  "%s - lastTransitionTime: \"2021-08-03T09:18:01Z\"" % cri(t),
                  "%s   message: No networks.operator.openshift.io cluster found" % cri(t),
                  "%s   reason: NoOperConfig" % cri(t),
                  "%s   status: \"True\"" % cri(t),
                  "%s   type: Degraded" % cri(t)]
    m.podlog(CNO, "network-operator-6f9c8d7b4-k2m5n", "network-operator", lines)
    m.cluster("config.openshift.io", "networks", "cluster", NETCFG)


@variant("noop-4.20-co", "network.operator-config-missing", "fires", r"1 current condition")
def _(d):
    # 4.20 status manager (same constant as 4.8)
    m = MG(d, T("2025-11-01T12:00:00"))
    m.cluster("config.openshift.io", "clusteroperators", "network", co("network", [
        cond("Degraded", "True", "NoOperConfig", "No networks.operator.openshift.io cluster found", "2025-11-01T10:36:02Z"),
        cond("Progressing", "True"), cond("Available", "False")], "4.20.0"))
    m.cluster("config.openshift.io", "networks", "cluster", NETCFG)


@variant("noop-4.20-history", "network.operator-config-missing", "silent")
def _(d):
    # near miss: said at install, in an event only; the object exists now
    m = MG(d, T("2025-11-01T12:00:00"))
    m.cluster("config.openshift.io", "clusteroperators", "network", co("network", [
        cond("Degraded", "False", "AsExpected", ""), cond("Progressing", "False", "AsExpected", ""),
        cond("Available", "True", "AsExpected", "")], "4.20.0"))
    m.cluster("operator.openshift.io", "networks", "cluster", NETCFG.replace("config.openshift.io/v1", "operator.openshift.io/v1"))
    m.ns(CNO, "core/events.yaml", events(CNO, [
        dict(name="network-operator", kind="Deployment", reason="OperatorStatusChanged", type="Normal", component="cluster-network-operator",
             first="2025-11-01T09:18:01Z", last="2025-11-01T09:18:01Z",
             message="Status for clusteroperator/network changed: Degraded changed from Unknown to True (\"No networks.operator.openshift.io cluster found\")")]))


# network.vip-outside-machine-network --------------------------------------
def legacy_install_config(cidr, api, ingress):
    """4.8-4.11 installers: the singular platform.baremetal.apiVIP/ingressVIP."""
    return install_config(cidr, api, ingress).replace(
        "    apiVIPs:\n    - %s\n    ingressVIPs:\n    - %s\n" % (api, ingress),
        "    apiVIP: %s\n    ingressVIP: %s\n" % (api, ingress))


def legacy_infra(api, ingress):
    """4.8-4.11 Infrastructure status: apiServerInternalIP/ingressIP only."""
    return infrastructure(platform="BareMetal", api_vips=[api], ingress_vips=[ingress]).replace(
        "      apiServerInternalIPs:\n      - %s\n" % api, "").replace("      ingressIPs:\n      - %s\n" % ingress, "")


@variant("vip-4.10-legacy-install-config", "network.vip-outside-machine-network", "fires",
         r"10\.46\.124\.13.*10\.46\.125\.0/24")
def _(d):
    m = MG(d, T("2022-05-10T10:00:00"))
    m.ns("kube-system", "core/configmaps.yaml", configmaps([
        ("kube-system", "cluster-config-v1", {"install-config": legacy_install_config("10.46.125.0/24", "10.46.124.13", "10.46.124.14")})]))


@variant("vip-4.10-legacy-infrastructure", "network.vip-outside-machine-network", "fires",
         r"10\.46\.124\.13")
def _(d):
    m = MG(d, T("2022-05-10T10:00:00"))
    m.cluster("config.openshift.io", "infrastructures", "cluster", legacy_infra("10.46.124.13", "10.46.125.14"))
    m.ns("kube-system", "core/configmaps.yaml", configmaps([
        ("kube-system", "cluster-config-v1", {"install-config": legacy_install_config("10.46.125.0/24", "10.46.125.13", "10.46.125.14")})]))


@variant("vip-4.16-cno-degraded", "network.vip-outside-machine-network", "fires", r"10\.46\.124\.13")
def _(d):
    # 4.16-4.20 infrastructureconfig controller, as the ClusterOperator says it
    m = MG(d, T("2024-08-01T12:00:00"))
    m.cluster("config.openshift.io", "clusteroperators", "network", co("network", [
        cond("Degraded", "True", "SyncInfrastructureSpecAndStatus",
             "Error while synchronizing spec and status of infrastructures.config.openshift.io/cluster: Error on validating "
             "API VIPs and Machine Networks: VIP '10.46.124.13' cannot be found in any machine network", "2024-08-01T10:10:00Z"),
        cond("Progressing", "False", "AsExpected", ""), cond("Available", "True", "AsExpected", "")], "4.16.3"))


@variant("vip-4.18-cno-log", "network.vip-outside-machine-network", "fires", r"10\.46\.124\.14")
def _(d):
    # 4.16-4.20 the same error through log.Println
    m = MG(d, T("2025-03-01T12:00:00"))
    m.podlog(CNO, "network-operator-7d8e9f6a5-p3q4r", "network-operator", [
        golog(t, "Error while synchronizing spec and status of infrastructures.config.openshift.io/cluster: Error on validating "
                 "Ingress VIPs and Machine Networks: VIP '10.46.124.14' cannot be found in any machine network")
        for t in every(T("2025-03-01T11:40:00"), 60, 4)])


@variant("vip-4.10-legacy-inside", "network.vip-outside-machine-network", "silent")
def _(d):
    # near miss: legacy fields, VIPs inside the machine network
    m = MG(d, T("2022-05-10T10:00:00"))
    m.cluster("config.openshift.io", "infrastructures", "cluster", legacy_infra("10.46.125.13", "10.46.125.14"))
    m.ns("kube-system", "core/configmaps.yaml", configmaps([
        ("kube-system", "cluster-config-v1", {"install-config": legacy_install_config("10.46.125.0/24", "10.46.125.13", "10.46.125.14")})]))


@variant("vip-4.16-other-validation", "network.vip-outside-machine-network", "silent")
def _(d):
    # near miss: another VIP validation of the same controller, VIPs inside
    m = MG(d, T("2024-08-01T12:00:00"))
    m.ns("kube-system", "core/configmaps.yaml", configmaps([
        ("kube-system", "cluster-config-v1", {"install-config": install_config("10.46.124.0/24", "10.46.124.13", "10.46.124.13")})]))
    m.cluster("config.openshift.io", "clusteroperators", "network", co("network", [
        cond("Degraded", "True", "SyncInfrastructureSpecAndStatus",
             "Error while synchronizing spec and status of infrastructures.config.openshift.io/cluster: Error on validating "
             "VIPs: VIPs cannot be equal, got '10.46.124.13' for API and '10.46.124.13' for Ingress", "2024-08-01T10:10:00Z"),
        cond("Progressing", "False", "AsExpected", ""), cond("Available", "True", "AsExpected", "")], "4.16.3"))


# mco.rendered-config-missing ----------------------------------------------
W_OLD = "rendered-worker-0d06a491e6bf03c9d186eb0fd4d170ab"
W_NEW = "rendered-worker-25a1be6c1264c64551ae911d23717173"
W_GONE = "rendered-worker-9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a49"


@variant("rcm-4.8-worker-desired-missing", "mco.rendered-config-missing", "fires",
         r"worker-1\.ocp4\.lab\.example: .*%s" % W_GONE)
def _(d):
    # a 4.8 worker told to move to a config that was deleted since
    m = MG(d, T("2021-08-03T12:00:00"))
    for n, cur, des, st in (("worker-0.ocp4.lab.example", W_NEW, W_NEW, "Done"),
                            ("worker-1.ocp4.lab.example", W_OLD, W_GONE, "Working")):
        m.cluster("core", "nodes", n, node(n, roles=("worker",), current=cur, desired=des, state=st))
    for h in (W_OLD, W_NEW):
        m.cluster("machineconfiguration.openshift.io", "machineconfigs", h, mc(h, "worker"))
    m.cluster("machineconfiguration.openshift.io", "machineconfigpools", "worker",
              mcp("worker", W_NEW, W_OLD, 2, 1, 1, 0, [cond("Updated", "False"), cond("Updating", "True"), cond("Degraded", "False")]))


@variant("rcm-4.8-rolling-update", "mco.rendered-config-missing", "silent")
def _(d):
    # near miss: a normal rolling update, both configs exist
    m = MG(d, T("2021-08-03T12:00:00"))
    for n, cur, des, st in (("worker-0.ocp4.lab.example", W_NEW, W_NEW, "Done"),
                            ("worker-1.ocp4.lab.example", W_OLD, W_NEW, "Working")):
        m.cluster("core", "nodes", n, node(n, roles=("worker",), current=cur, desired=des, state=st))
    for h in (W_OLD, W_NEW):
        m.cluster("machineconfiguration.openshift.io", "machineconfigs", h, mc(h, "worker"))


# mco.pool-degraded --------------------------------------------------------
@variant("pool-4.8-render-degraded", "mco.pool-degraded", "fires",
         r"Failed to render configuration for pool worker")
def _(d):
    # 4.8-4.20 render controller
    m = MG(d, T("2021-08-03T12:00:00"))
    m.cluster("machineconfiguration.openshift.io", "machineconfigpools", "worker",
              mcp("worker", W_NEW, W_NEW, 3, 3, 3, 0, [
                  cond("RenderDegraded", "True", "", "Failed to render configuration for pool worker: could not generate rendered MachineConfig: "
                       "Ignition config parsing failed: unsupported config version", "2021-08-03T11:10:00Z"),
                  cond("NodeDegraded", "False"), cond("Degraded", "True", "", "", "2021-08-03T11:10:00Z")]))


@variant("pool-4.16-pinned-image-sets", "mco.pool-degraded", "fires",
         r"Failed to populate pinned image sets for pool worker")
def _(d):
    # 4.16-4.20 pinned image set controller
    m = MG(d, T("2024-08-01T12:00:00"))
    m.cluster("machineconfiguration.openshift.io", "machineconfigpools", "worker",
              mcp("worker", W_NEW, W_NEW, 3, 3, 3, 0, [
                  cond("PinnedImageSetsDegraded", "True", "", "Failed to populate pinned image sets for pool worker: "
                       "pinnedimageset.machineconfiguration.openshift.io \"worker-pinned\" not found", "2024-08-01T11:10:00Z"),
                  cond("NodeDegraded", "False"), cond("RenderDegraded", "False"),
                  cond("Degraded", "True", "", "", "2024-08-01T11:10:00Z")]))


@variant("pool-4.20-image-build", "mco.pool-degraded", "fires", r"Failed to build OS image for pool worker")
def _(d):
    # 4.20 on-cluster image build (Degraded carries "Custom OS image build failed")
    m = MG(d, T("2025-11-01T12:00:00"))
    m.cluster("machineconfiguration.openshift.io", "machineconfigpools", "worker",
              mcp("worker", W_NEW, W_NEW, 3, 3, 3, 0, [
                  cond("ImageBuildDegraded", "True", "BuildFailed", "Failed to build OS image for pool worker "
                       "(MachineOSBuild: worker-25a1be6c1264c64551ae911d23717173): build pod exited with code 1", "2025-11-01T11:10:00Z"),
                  cond("NodeDegraded", "False"), cond("RenderDegraded", "False"),
                  cond("Degraded", "True", "", "Custom OS image build failed", "2025-11-01T11:10:00Z")]))


@variant("pool-4.20-build-cleared", "mco.pool-degraded", "silent")
def _(d):
    # near miss: the retried build succeeded and cleared the condition
    m = MG(d, T("2025-11-01T12:00:00"))
    m.cluster("machineconfiguration.openshift.io", "machineconfigpools", "worker",
              mcp("worker", W_NEW, W_NEW, 3, 3, 3, 0, [
                  cond("ImageBuildDegraded", "False", "BuildSuccess", "Build completed successfully", "2025-11-01T11:40:00Z"),
                  cond("NodeDegraded", "False"), cond("RenderDegraded", "False"), cond("Degraded", "False")]))


# mco.pool-status-config-empty ---------------------------------------------
@variant("psc-4.10-worker", "mco.pool-status-config-empty", "fires", r"MachineConfigPool worker has an empty")
def _(d):
    m = MG(d, T("2022-05-10T10:00:00"))
    m.cluster("machineconfiguration.openshift.io", "machineconfigpools", "worker",
              mcp("worker", W_NEW, "", 3, 0, 0, 0, [
                  cond("Updated", "False"), cond("Updating", "True"), cond("NodeDegraded", "False"), cond("Degraded", "False")]))


@variant("psc-new-pool-unrendered", "mco.pool-status-config-empty", "silent")
def _(d):
    # near miss: a pool created a moment ago, not rendered yet (spec empty too)
    m = MG(d, T("2022-05-10T10:00:00"))
    m.cluster("machineconfiguration.openshift.io", "machineconfigpools", "infra",
              mcp("infra", "", "", 1, 0, 0, 0, [cond("Updated", "False"), cond("Degraded", "False")]))


def main():
    if len(sys.argv) != 2:
        sys.stderr.write("usage: gen-seed-wording.py DIR\n")
        sys.exit(2)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    manifest = []
    for name, rule, expect, regex, fn in VARIANTS:
        d = os.path.join(out, name)
        if os.path.isdir(d):
            shutil.rmtree(d)
        os.makedirs(d)
        fn(d)
        manifest.append("\t".join((name, rule, expect, regex)))
    write(os.path.join(out, "MANIFEST"), "\n".join(manifest) + "\n")
    print("%d variants" % len(VARIANTS))


if __name__ == "__main__":
    main()
