#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fixtures for the etcd and node rules of issue #15 (batch "etcdnode"):
etcd.slow-disk, etcd.member-unhealthy, etcd.space-exhausted,
etcd.clock-drift, kubelet.certs-expired, csr.approver-refusing,
staticpod.installer-failing, staticpod.not-ready, kubelet.pleg-unhealthy,
kubelet.node-pressure, kubelet.wrong-hostname.

The helpers (must-gather tree, oc YAML, CRI/klog/journal prefixes) come
from gen-fixtures.py, loaded with importlib so this file never edits it.

    python3 rules/tests/gen-etcdnode.py [RULES_DIR [RULE_ID...]]
"""
import datetime as dt
import importlib.util
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("genfix", os.path.join(HERE, "gen-fixtures.py"))
g = importlib.util.module_from_spec(_spec)
_argv, sys.argv = sys.argv, sys.argv[:1]
_spec.loader.exec_module(g)
sys.argv = _argv

RULES = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(HERE)
TESTS = os.path.join(RULES, "tests")
T, MG, cri, klog, jshort, every = g.T, g.MG, g.cri, g.klog, g.jshort, g.every
node, co, cond, yq, header = g.node, g.co, g.cond, g.yq, g.header

CASES = {}


def case(rule_id, kind):
    def deco(fn):
        CASES[(rule_id, kind)] = fn
        return fn
    return deco


ETCD = "openshift-etcd"


def zap(t, level, caller, msg, **fields):
    """One etcd 3.5 zap JSON line as `oc logs --timestamps` shows it."""
    d = {"level": level, "ts": t.strftime("%Y-%m-%dT%H:%M:%S.%fZ"), "caller": caller, "msg": msg}
    for k, v in fields.items():
        d[k.replace("_", "-")] = v
    return "%s %s" % (cri(t), json.dumps(d, separators=(",", ":"), ensure_ascii=False))


def etcd_log(m, nodename, lines):
    m.podlog(ETCD, "etcd-" + nodename, "etcd", lines)


def apply_slow(t, took):
    return zap(t, "warn", "etcdserver/util.go:170", "apply request took too long",
               took=took, expected_duration="100ms", prefix="read-only range ",
               request='key:"/kubernetes.io/configmaps/openshift-etcd/" range_end:"/kubernetes.io/configmaps/openshift-etcd0" ',
               response="range_response_count:12 size:48210")


def fdatasync(t, took):
    return zap(t, "warn", "wal/wal.go:805", "slow fdatasync", took=took, expected_duration="1s")


def alerts_json(items):
    """GET /api/v1/rules (monitoring/prometheus/rules.json); items:
    (alertname, severity, state, activeAt, labels, summary)."""
    rules = []
    for name, sev, state, at, labels, summary in items:
        lab = dict(labels, alertname=name, severity=sev)
        rules.append({"state": state, "name": name, "query": "vector(1)", "duration": 600,
                      "labels": {"severity": sev}, "annotations": {"summary": summary},
                      "alerts": [{"labels": lab, "annotations": {"summary": summary, "description": summary},
                                  "state": state, "activeAt": at, "value": "1e+00"}],
                      "health": "ok", "evaluationTime": 0.0004,
                      "lastEvaluation": "2026-01-06T10:59:51.129Z", "type": "alerting"})
    return json.dumps({"status": "success", "data": {"groups": [{
        "name": "etcdnode", "file": "/etc/prometheus/rules/prometheus-k8s-rulefiles-0/openshift-etcdnode.yaml",
        "rules": rules, "interval": 30, "limit": 0, "evaluationTime": 0.001,
        "lastEvaluation": "2026-01-06T10:59:51.129Z"}]}})


def alerts(m, items):
    g.write(m.p("monitoring", "prometheus", "rules.json"), alerts_json(items))


# 1 etcd slow disk ---------------------------------------------------------
@case("etcd.slow-disk", "fires")
def _(d):
    # master-1's disk: fdatasync of seconds in the last half hour, applies
    # of over a second, and the operator's FSyncControllerDegraded.
    m = MG(d, T("2026-01-06T11:00:00"))
    lines = [zap(T("2026-01-06T09:20:00"), "info", "etcdmain/etcd.go:73", "Running: ", args=["etcd"])]
    tooks = ["1.104s", "2.873s", "1.5s", "4.512s", "1.25s", "3.01s", "1.9s", "2.2s", "1.333s", "3.7s", "2.05s", "1.61s"]
    for i, t in enumerate(every(T("2026-01-06T10:35:00"), 110, len(tooks))):
        lines.append(fdatasync(t, tooks[i]))
        lines.append(apply_slow(t + dt.timedelta(milliseconds=40), "1.%03ds" % (100 + 37 * i)))
    etcd_log(m, "master-1", lines)
    m.cluster("config.openshift.io", "clusteroperators", "etcd", co("etcd", [
        cond("Degraded", "True", "FSyncController_EtcdDiskMetricsExceededKnownThresholds",
             "FSyncControllerDegraded: etcd disk metrics exceeded known thresholds:  fsync duration value: 3.537920, ",
             "2026-01-06T10:41:00Z"),
        cond("Available", "True", "AsExpected", "StaticPodsAvailable: 3 nodes are active; 3 nodes are at revision 7\nEtcdMembersAvailable: 3 members are available")]))


@case("etcd.slow-disk", "silent")
def _(d):
    # A healthy etcd: applies of 100-400 ms (normal under load), two slow
    # fdatasyncs during an image pull, the fsync controller AsExpected.
    m = MG(d, T("2026-01-06T11:00:00"))
    lines = []
    for i, t in enumerate(every(T("2026-01-06T10:20:00"), 45, 50)):
        lines.append(apply_slow(t, "%d.%06dms" % (110 + (i * 53) % 290, 123456)))
    lines.append(fdatasync(T("2026-01-06T10:52:10"), "1.02s"))
    lines.append(fdatasync(T("2026-01-06T10:52:40"), "1.31s"))
    etcd_log(m, "master-0", lines)
    m.cluster("config.openshift.io", "clusteroperators", "etcd", co("etcd", [
        cond("Degraded", "False", "AsExpected", "NodeControllerDegraded: All master nodes are ready\nEtcdMembersDegraded: No unhealthy members found"),
        cond("Available", "True", "AsExpected", "StaticPodsAvailable: 3 nodes are active; 3 nodes are at revision 7\nEtcdMembersAvailable: 3 members are available")]))


# 2 etcd member unhealthy --------------------------------------------------
@case("etcd.member-unhealthy", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("config.openshift.io", "clusteroperators", "etcd", co("etcd", [
        cond("Degraded", "True", "EtcdMembers_UnhealthyMembers",
             "EtcdMembersDegraded: 2 of 3 members are available, master-2 is unhealthy", "2026-01-06T10:31:00Z"),
        cond("Available", "True", "AsExpected",
             "StaticPodsAvailable: 3 nodes are active; 3 nodes are at revision 7\nEtcdMembersAvailable: 2 of 3 members are available, master-2 is unhealthy")]))


@case("etcd.member-unhealthy", "silent")
def _(d):
    # All members healthy: the same controller's AsExpected messages.
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("config.openshift.io", "clusteroperators", "etcd", co("etcd", [
        cond("Degraded", "False", "AsExpected", "NodeControllerDegraded: All master nodes are ready\nEtcdMembersDegraded: No unhealthy members found"),
        cond("Progressing", "False", "AsExpected", "NodeInstallerProgressing: 3 nodes are at revision 7\nEtcdMembersProgressing: No unstarted etcd members found"),
        cond("Available", "True", "AsExpected", "StaticPodsAvailable: 3 nodes are active; 3 nodes are at revision 7\nEtcdMembersAvailable: 3 members are available")]))


# 3 etcd space exhausted ---------------------------------------------------
HDR = '"header":{"cluster_id":15813307466340913123,"member_id":1234567890123456,"revision":8812345,"raft_term":9}'


@case("etcd.space-exhausted", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    g.write(m.p("etcd_info", "alarm_list.json"), '{%s,"alarms":[{"memberID":1234567890123456,"alarm":1}]}\n' % HDR)
    lines = []
    for t in every(T("2026-01-06T10:40:00"), 60, 15):
        lines.append('%s %s "Unhandled Error" err="etcdserver: mvcc: database space exceeded" logger="UnhandledError"'
                     % (cri(t), klog(t, "E", 18, "status.go:71")))
    m.podlog("openshift-kube-apiserver", "kube-apiserver-master-0", "kube-apiserver", lines)


@case("etcd.space-exhausted", "silent")
def _(d):
    # No alarm; the quota alert only pending; one refused write.
    m = MG(d, T("2026-01-06T11:00:00"))
    g.write(m.p("etcd_info", "alarm_list.json"), '{%s}\n' % HDR)
    alerts(m, [("etcdDatabaseQuotaLowSpace", "critical", "pending", "2026-01-06T10:55:00Z",
                {"namespace": ETCD, "job": "etcd"},
                "Etcd cluster database is running full.")])
    t = T("2026-01-06T10:50:00")
    m.podlog("openshift-kube-apiserver", "kube-apiserver-master-0", "kube-apiserver",
             ['%s %s "Unhandled Error" err="etcdserver: mvcc: database space exceeded" logger="UnhandledError"'
              % (cri(t), klog(t, "E", 18, "status.go:71"))])


# 4 clock skew --------------------------------------------------------------
def drift(t, peer, dv):
    return zap(t, "warn", "rafthttp/probing_status.go:82", "prober found high clock drift",
               round_tripper_name="ROUND_TRIPPER_RAFT_MESSAGE", remote_peer_id=peer,
               clock_drift=dv, rtt="1.293ms")


@case("etcd.clock-drift", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    lines = [drift(t, "8a1f2b3c4d5e6f70", "8m0.%09ds" % (640985013 + i)) for i, t in enumerate(every(T("2026-01-06T10:40:00"), 30, 36))]
    etcd_log(m, "master-2", lines)


@case("etcd.clock-drift", "silent")
def _(d):
    # Right after boot, before chronyd stepped the clock: two warnings.
    m = MG(d, T("2026-01-06T11:00:00"))
    lines = [drift(t, "8a1f2b3c4d5e6f70", "1.52s") for t in every(T("2026-01-06T10:50:00"), 30, 2)]
    etcd_log(m, "master-2", lines)
    alerts(m, [("NodeClockNotSynchronising", "warning", "pending", "2026-01-06T10:50:00Z",
                {"namespace": "openshift-monitoring", "instance": "master-2"},
                "Clock not synchronising.")])


# 5 kubelet certificates expired -------------------------------------------
def kubelet(host, pid, t, msg, sev="E", where="certificate_manager.go:562"):
    return "%s %s kubenswrapper[%d]: %s %s" % (jshort(t), host, pid, klog(t, sev, pid, where), msg)


@case("kubelet.certs-expired", "fires")
def _(d):
    # Powered off for six weeks; every kubelet certificate has expired.
    m = MG(d, T("2026-03-02T09:40:00"))
    m.cluster("core", "nodes", "master-0", node("master-0", ready="Unknown", ready_reason="NodeStatusUnknown",
                                                ready_msg="Kubelet stopped posting node status.",
                                                ready_since="2026-01-19T18:02:11Z"))
    t0 = T("2026-03-02T09:05:00")
    times = every(t0, 60, 34)
    lines = [kubelet("master-0", 2211, t,
                     '"Unhandled Error" err="k8s.io/client-go/informers/factory.go:160: Failed to watch *v1.Node: failed to list *v1.Node: '
                     'Get \\"https://api-int.ocp4.lab.example:6443/api/v1/nodes?limit=500\\": tls: failed to verify certificate: '
                     'x509: certificate has expired or is not yet valid: current time %s is after 2026-02-18T09:12:44Z"'
                     % t.strftime("%Y-%m-%dT%H:%M:%SZ"), where="reflector.go:166") for t in times]
    # at its start the kubelet found its own client certificate expired
    # and fell back to the bootstrap kubeconfig (bootstrap.go, 1.30+ form)
    lines.insert(0, kubelet("master-0", 2211, t0,
                            '"Unhandled Error" err="part of the existing bootstrap client certificate in '
                            '/var/lib/kubelet/kubeconfig is expired: 2026-02-18 09:12:44 +0000 UTC" logger="UnhandledError"',
                            where="bootstrap.go:266"))
    m.hostlog("kubelet_service.log", lines, header(t0, times[-1]))


@case("kubelet.certs-expired", "silent")
def _(d):
    # The other x509 form: a node clock behind a fresh certificate ("is
    # before"), the node Ready.
    m = MG(d, T("2026-03-02T09:40:00"))
    m.cluster("core", "nodes", "master-0", node("master-0"))
    t0 = T("2026-03-02T09:05:00")
    times = every(t0, 60, 10)
    lines = [kubelet("master-0", 2211, t,
                     '"Unhandled Error" err="Get \\"https://api-int.ocp4.lab.example:6443/api/v1/nodes?limit=500\\": '
                     'x509: certificate has expired or is not yet valid: current time %s is before 2026-03-02T09:30:00Z"'
                     % t.strftime("%Y-%m-%dT%H:%M:%SZ"), where="reflector.go:166") for t in times]
    m.hostlog("kubelet_service.log", lines, header(t0, times[-1]))


# 6 machine-approver refuses -----------------------------------------------
MA = "openshift-cluster-machine-approver"


def approver_log(m, lines):
    m.podlog(MA, "machine-approver-7d9c8b6f5-x2k4p", "machine-approver-controller", lines)


def worker_csr(m, name, created, approved=False):
    m.cluster("certificates.k8s.io", "certificatesigningrequests", name,
              g.csr(name, "kubernetes.io/kube-apiserver-client-kubelet",
                    "system:serviceaccount:openshift-machine-config-operator:node-bootstrapper",
                    g.csr_request("system:node:worker0.gw.lo"), created, approved))


@case("csr.approver-refusing", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    lines = []
    for i, t in enumerate(every(T("2026-01-06T10:30:00"), 120, 15)):
        lines.append("%s %s csr-%s: failed to find machine for node worker0.gw.lo, cannot approve"
                     % (cri(t), klog(t, "E", 1, "csr_check.go:257"), ("7xk2p", "9mq4d", "b2v8n")[i % 3]))
    approver_log(m, lines)
    for i, name in enumerate(("csr-7xk2p", "csr-9mq4d", "csr-b2v8n")):
        worker_csr(m, name, "2026-01-06T10:%02d:00Z" % (10 + 15 * i))


@case("csr.approver-refusing", "silent")
def _(d):
    # The approver approving, after two refusals while the Machine's
    # addresses were not yet filled in.
    m = MG(d, T("2026-01-06T11:00:00"))
    t = T("2026-01-06T10:30:00")
    lines = ["%s %s csr-7xk2p: failed to find machine for node worker0.gw.lo, cannot approve" % (cri(t), klog(t, "E", 1, "csr_check.go:257")),
             "%s %s csr-7xk2p: failed to find machine for node worker0.gw.lo, cannot approve" % (cri(t + dt.timedelta(seconds=20)), klog(t + dt.timedelta(seconds=20), "E", 1, "csr_check.go:257")),
             "%s %s CSR csr-7xk2p approved" % (cri(t + dt.timedelta(seconds=60)), klog(t + dt.timedelta(seconds=60), "I", 1, "controller.go:182"))]
    approver_log(m, lines)
    worker_csr(m, "csr-7xk2p", "2026-01-06T10:29:50Z", approved=True)


# 16 static-pod installer --------------------------------------------------
@case("staticpod.installer-failing", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("config.openshift.io", "clusteroperators", "kube-apiserver", co("kube-apiserver", [
        cond("Degraded", "True", "NodeInstaller_InstallerPodFailed",
             "NodeInstallerDegraded: 1 nodes are failing on revision 8:\n"
             "installer: ving-cert-key\",\n  (string) (len=31) \"kube-apiserver-cert-syncer-kubeconfig\"\n"
             "...\nF0106 10:20:11.123456       1 cmd.go:106] failed to copy: open /etc/kubernetes/static-pod-resources/kube-apiserver-pod-8/secrets: no space left on device",
             "2026-01-06T10:21:00Z"),
        cond("Progressing", "True", "NodeInstaller",
             "NodeInstallerProgressing: 1 nodes are at revision 7; 2 nodes are at revision 8", "2026-01-06T10:00:00Z")]))


@case("staticpod.installer-failing", "silent")
def _(d):
    # A rollout in progress, nothing failing.
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("config.openshift.io", "clusteroperators", "kube-apiserver", co("kube-apiserver", [
        cond("Degraded", "False", "AsExpected", "NodeControllerDegraded: All master nodes are ready"),
        cond("Progressing", "True", "NodeInstaller",
             "NodeInstallerProgressing: 1 nodes are at revision 7; 2 nodes are at revision 8", "2026-01-06T10:55:00Z")]))


# 17 static pod not ready --------------------------------------------------
@case("staticpod.not-ready", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("config.openshift.io", "clusteroperators", "kube-controller-manager", co("kube-controller-manager", [
        cond("Degraded", "True", "StaticPods_Error",
             'StaticPodsDegraded: pod/kube-controller-manager-master-1 container "kube-controller-manager" is waiting: '
             'CrashLoopBackOff: back-off 5m0s restarting failed container=kube-controller-manager '
             'pod=kube-controller-manager-master-1_openshift-kube-controller-manager(1c2d3e4f5a6b7c8d9e0f)',
             "2026-01-06T10:12:00Z")]))


@case("staticpod.not-ready", "silent")
def _(d):
    # Degraded for another reason (a master down), not a static pod's.
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("config.openshift.io", "clusteroperators", "kube-controller-manager", co("kube-controller-manager", [
        cond("Degraded", "True", "NodeController_MasterNodesReady",
             'NodeControllerDegraded: The master nodes not ready: node "master-2" not ready since 2026-01-06 10:40:00 +0000 UTC because NodeStatusUnknown (Kubelet stopped posting node status.)',
             "2026-01-06T10:41:00Z")]))


# 19 PLEG ------------------------------------------------------------------
PLEG = "PLEG is not healthy: pleg was last seen active %s ago; threshold is 3m0s"


@case("kubelet.pleg-unhealthy", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("core", "nodes", "worker-1", node("worker-1", roles=("worker",), ready="False",
                                                ready_reason="KubeletNotReady",
                                                ready_msg=PLEG % "4m12.551837152s",
                                                ready_since="2026-01-06T10:45:00Z"))
    times = every(T("2026-01-06T10:45:00"), 20, 40)
    lines = [kubelet("worker-1", 3102, t, '"Skipping pod synchronization" err="%s"' % (PLEG % ("3m%d.%09ds" % (i % 60, 123456789))),
                     where="kubelet.go:2409") for i, t in enumerate(times)]
    m.hostlog("kubelet_service.log", lines, header(times[0], times[-1]))


@case("kubelet.pleg-unhealthy", "silent")
def _(d):
    # A node that is Ready: PLEG late three times during a burst of pod
    # starts, and the normal "has yet to be successful" at kubelet start.
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("core", "nodes", "worker-1", node("worker-1", roles=("worker",)))
    t0 = T("2026-01-06T10:45:00")
    lines = [kubelet("worker-1", 3102, t0, '"Skipping pod synchronization" err="[container runtime status check may not have completed yet, PLEG is not healthy: pleg has yet to be successful]"', where="kubelet.go:2409")]
    for i, t in enumerate(every(t0 + dt.timedelta(minutes=5), 20, 3)):
        lines.append(kubelet("worker-1", 3102, t, '"Skipping pod synchronization" err="%s"' % (PLEG % "3m0.8%02ds" % i), where="kubelet.go:2409"))
    m.hostlog("kubelet_service.log", lines, header(t0, t0 + dt.timedelta(minutes=10)))


# 20 node pressure ---------------------------------------------------------
def pressured(name, type_, reason, msg):
    text = node(name, roles=("worker",))
    return text.replace("""    message: kubelet has sufficient memory available
    reason: KubeletHasSufficientMemory
    status: "False"
    type: MemoryPressure
""", """    message: %s
    reason: %s
    status: "True"
    type: %s
""" % (msg, reason, type_))


def evicted_pod(ns, name, node_, msg):
    text = g.pod(ns, name, node_, [("app", {"now": "      terminated:\n        exitCode: 137\n        reason: ContainerStatusUnknown\n"}, 0, False)],
                 created="2026-01-06T09:40:00Z", phase="Failed")
    return text.replace("  phase: Failed\n", "  message: %s\n  phase: Failed\n  reason: Evicted\n" % yq(msg))


EVICT_MSG = "The node was low on resource: ephemeral-storage. Threshold quantity: 6351228929, available: 5985420Ki. Container app was using 2310Mi, request is 0, has larger consumption of ephemeral-storage. "


@case("kubelet.node-pressure", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("core", "nodes", "worker-2", pressured("worker-2", "DiskPressure", "KubeletHasDiskPressure",
                                                     "kubelet has disk pressure"))
    m.ns("openshift-monitoring", "pods/prometheus-k8s-1/prometheus-k8s-1.yaml",
         evicted_pod("openshift-monitoring", "prometheus-k8s-1", "worker-2", EVICT_MSG))


@case("kubelet.node-pressure", "silent")
def _(d):
    # Evicted pods left from a pressure that is over: the node reports no
    # pressure now.
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("core", "nodes", "worker-2", node("worker-2", roles=("worker",)))
    m.ns("openshift-monitoring", "pods/prometheus-k8s-1/prometheus-k8s-1.yaml",
         evicted_pod("openshift-monitoring", "prometheus-k8s-1", "worker-2", EVICT_MSG))


# 37 wrong hostname --------------------------------------------------------
@case("kubelet.wrong-hostname", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("core", "nodes", "localhost", node("localhost", roles=("worker",), ready="False",
                                                 ready_reason="KubeletNotReady",
                                                 ready_msg="container runtime network not ready: NetworkReady=false"))
    times = every(T("2026-01-06T10:40:00"), 15, 60)
    lines = [kubelet("localhost", 2790, t, '"Error getting node" err="node \\"localhost\\" not found"', where="kubelet.go:3002")
             for t in times]
    m.hostlog("kubelet_service.log", lines, header(times[0], times[-1]))


@case("kubelet.wrong-hostname", "silent")
def _(d):
    # Every kubelet looks for its own node until it has registered it.
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("core", "nodes", "worker-0.ocp4.lab.example", node("worker-0.ocp4.lab.example", roles=("worker",)))
    times = every(T("2026-01-06T10:40:00"), 1, 30)
    lines = [kubelet("worker-0", 2790, t, '"Error getting node" err="node \\"worker-0.ocp4.lab.example\\" not found"', where="kubelet.go:3002")
             for t in times]
    m.hostlog("kubelet_service.log", lines, header(times[0], times[-1]))


def main():
    g.write_cases(CASES, TESTS, sys.argv)


if __name__ == "__main__":
    main()
