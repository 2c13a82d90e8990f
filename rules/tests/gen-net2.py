#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fixtures for pod sandbox / CNI failures, the OVN-Kubernetes control plane
and host network stalls (failure-modes.md section 2, modes 28, 29, 31).

    python3 rules/tests/gen-net2.py [RULES_DIR [RULE_ID...]]
    python3 rules/tests/gen-net2.py --extra OUTDIR   (near misses for tests/net2.test)

Reuses the must-gather writers of gen-fixtures.py (imported, not edited).
"""
import datetime as dt
import importlib.util
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("genfix", os.path.join(HERE, "gen-fixtures.py"))
g = importlib.util.module_from_spec(_spec)
_argv = sys.argv
sys.argv = sys.argv[:1]
_spec.loader.exec_module(g)
sys.argv = _argv

RULES = sys.argv[1] if len(sys.argv) > 1 and sys.argv[1] != "--extra" else os.path.dirname(HERE)
TESTS = os.path.join(RULES, "tests")
T, MG, co, cond, events, write = g.T, g.MG, g.co, g.cond, g.events, g.write
jshort, header, every = g.jshort, g.header, g.every

CASES = {}


def case(rule_id, kind):
    def deco(fn):
        CASES[(rule_id, kind)] = fn
        return fn
    return deco


GATHER = T("2026-01-06T11:00:00")

# mode 28 --------------------------------------------------------------------
# The event text as CRI-O 4.14+ (multus thin shim -> daemon -> ovn-kubernetes
# CNI shim -> server) wraps it; compare samples/vip-outside-machine-network.
def sandbox_msg(ns, pod, uid, sid):
    return ("Failed to create pod sandbox: rpc error: code = Unknown desc = failed to create pod network sandbox "
            "k8s_%(pod)s_%(ns)s_%(uid)s_0(%(sid)s): error adding pod %(ns)s_%(pod)s to CNI network \"multus-cni-network\": "
            "plugin type=\"multus-shim\" name=\"multus-cni-network\" failed (add): CmdAdd (shim): CNI request failed with status 400: "
            "'[%(ns)s/%(pod)s/%(uid)s:ovn-kubernetes]: error adding container to network \"ovn-kubernetes\": "
            "CNI request failed with status 400: '[%(ns)s/%(pod)s %(sid)s network default NAD default] "
            "[%(ns)s/%(pod)s %(sid)s network default NAD default] failed to get pod annotation: "
            "timed out waiting for annotations: context deadline exceeded\n'\n'" % dict(ns=ns, pod=pod, uid=uid, sid=sid))


def pending_pod(m, ns, name, owner, node_, created):
    m.ns(ns, "pods/%s/%s.yaml" % (name, name),
         g.owned_pod(ns, name, owner, node_, [(name.rsplit("-", 1)[0], g.CREATING, 0, False)],
                     created=created, phase="Pending"))


def running_pod(m, ns, name, owner, node_, created):
    m.ns(ns, "pods/%s/%s.yaml" % (name, name),
         g.owned_pod(ns, name, owner, node_, [(name.rsplit("-", 1)[0], g.RUNNING, 0, True)], created=created))


def sandbox_event(name, ns, node_, first, last, count, uid, sid):
    return dict(name=name, ns=ns, reason="FailedCreatePodSandBox", count=count, first=first, last=last,
                message=sandbox_msg(ns, name, uid, sid), component="kubelet")


def kubelet_events(ns, items, host):
    """events() with the reporting kubelet's host, as the API records it."""
    return events(ns, items).replace("    component: kubelet\n", "    component: kubelet\n    host: %s\n" % host)


def sandbox_fires(m):
    ns = "openshift-network-diagnostics"
    pending_pod(m, ns, "network-check-target-7kq4d", ("DaemonSet", "network-check-target"), "worker-1",
                "2026-01-06T10:02:11Z")
    pending_pod(m, "openshift-dns", "dns-default-x2m9p", ("DaemonSet", "dns-default"), "worker-1",
                "2026-01-06T10:02:11Z")
    m.ns(ns, "core/events.yaml", kubelet_events(ns, [
        sandbox_event("network-check-target-7kq4d", ns, "worker-1", "2026-01-06T10:03:40Z", "2026-01-06T10:58:02Z", 23,
                      "5e1c7a0b-8d2f-4b61-9f3e-2a7c4d9b1e60",
                      "3c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5")], "worker-1"))
    m.ns("openshift-dns", "core/events.yaml", kubelet_events("openshift-dns", [
        sandbox_event("dns-default-x2m9p", "openshift-dns", "worker-1", "2026-01-06T10:03:52Z", "2026-01-06T10:57:31Z", 22,
                      "0f7e6d5c-4b3a-4291-8e0f-1a2b3c4d5e6f",
                      "9a8b7c6d5e4f30211f0e9d8c7b6a5948372615f4e3d2c1b0a9f8e7d6c5b4a392")], "worker-1"))


@case("network.pod-sandbox-failing", "fires")
def _(d):
    sandbox_fires(MG(d, GATHER))


@case("network.pod-sandbox-failing", "silent")
def _(d):
    # Install-time noise: the same failures stopped at 09:48 and the pods
    # run since; a pod created three minutes before the gather failed twice.
    m = MG(d, GATHER)
    ns = "openshift-network-diagnostics"
    running_pod(m, ns, "network-check-target-7kq4d", ("DaemonSet", "network-check-target"), "worker-1",
                "2026-01-06T09:40:11Z")
    pending_pod(m, "openshift-dns", "dns-default-x2m9p", ("DaemonSet", "dns-default"), "worker-2",
                "2026-01-06T10:57:02Z")
    m.ns(ns, "core/events.yaml", kubelet_events(ns, [
        sandbox_event("network-check-target-7kq4d", ns, "worker-1", "2026-01-06T09:41:40Z", "2026-01-06T09:48:02Z", 11,
                      "5e1c7a0b-8d2f-4b61-9f3e-2a7c4d9b1e60",
                      "3c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5"),
        dict(name="network-check-target-7kq4d", ns=ns, reason="NetworkNotReady", count=14,
             first="2026-01-06T09:40:12Z", last="2026-01-06T09:41:30Z",
             message="network is not ready: container runtime network not ready: NetworkReady=false "
                     "reason:NetworkPluginNotReady message:Network plugin returns error: No CNI configuration "
                     "file in /etc/kubernetes/cni/net.d/. Has your network provider started?")], "worker-1"))
    m.ns("openshift-dns", "core/events.yaml", kubelet_events("openshift-dns", [
        sandbox_event("dns-default-x2m9p", "openshift-dns", "worker-2", "2026-01-06T10:57:20Z", "2026-01-06T10:58:31Z", 2,
                      "0f7e6d5c-4b3a-4291-8e0f-1a2b3c4d5e6f",
                      "9a8b7c6d5e4f30211f0e9d8c7b6a5948372615f4e3d2c1b0a9f8e7d6c5b4a392")], "worker-2"))


# mode 29 --------------------------------------------------------------------
RB = "https://github.com/openshift/runbooks/blob/master/alerts/cluster-network-operator/"


def rules_json(alerts):
    """GET /api/v1/rules (monitoring/prometheus/rules.json) with the network
    operator's group.  alerts: (name, severity, state, activeAt, summary, labels)."""
    rules = []
    for name, sev, state, at, summary, extra in alerts:
        labels = {"alertname": name, "namespace": "openshift-ovn-kubernetes", "severity": sev}
        labels.update(extra)
        ann = {"summary": summary, "description": summary}
        if name in ("NoRunningOvnControlPlane", "NoOvnClusterManagerLeader", "NodeWithoutOVNKubeNodePodRunning"):
            ann["runbook_url"] = RB + name + ".md"
        inst = [] if state == "inactive" else [{
            "labels": labels, "annotations": ann, "state": state, "activeAt": at, "value": "0e+00"}]
        rules.append({"state": state, "name": name, "query": "absent(up{job=\"ovnkube-control-plane\"} == 1)",
                      "duration": 300, "labels": {"severity": sev}, "annotations": ann, "alerts": inst,
                      "health": "ok", "evaluationTime": 0.0004, "lastEvaluation": "2026-01-06T10:59:51.129Z",
                      "type": "alerting"})
    return json.dumps({"status": "success", "data": {"groups": [{
        "name": "cluster-network-operator-master.rules",
        "file": "/etc/prometheus/rules/prometheus-k8s-rulefiles-0/openshift-ovn-kubernetes-master-rules-7d3c9a1e.yaml",
        "rules": rules, "interval": 30, "limit": 0, "evaluationTime": 0.001,
        "lastEvaluation": "2026-01-06T10:59:51.129Z"}]}})


def cp_pod(m, name, node_, state, ready, created="2026-01-06T09:30:00Z"):
    ns = "openshift-ovn-kubernetes"
    text = g.owned_pod(ns, name, ("ReplicaSet", "ovnkube-control-plane-6b8f7c9d4"), node_,
                       [("kube-rbac-proxy", g.RUNNING, 0, True), ("ovnkube-cluster-manager", state, 14 if not ready else 0, ready)],
                       created=created, phase="Running")
    if not ready:
        text = text.replace('    status: "True"\n    type: Ready\n', '    status: "False"\n    type: Ready\n', 1)
        text = text.replace('lastTransitionTime: "%s"' % created, 'lastTransitionTime: "2026-01-06T10:14:52Z"', 1)
    m.ns(ns, "pods/%s/%s.yaml" % (name, name), text)


NO_CP = ("NoRunningOvnControlPlane", "critical", "firing", "2026-01-06T10:20:21.4Z",
         "There is no running ovn-kubernetes control plane.", {})
NO_LEADER = ("NoOvnClusterManagerLeader", "critical", "firing", "2026-01-06T10:20:51.4Z",
             "There is no ovn-kubernetes cluster manager leader.", {})


def ovn_cp_fires(m):
    write(m.p("monitoring", "prometheus", "rules.json"), rules_json([NO_CP, NO_LEADER]))
    for name, node_ in (("ovnkube-control-plane-6b8f7c9d4-4xk2p", "master-0"),
                        ("ovnkube-control-plane-6b8f7c9d4-9vq7s", "master-1")):
        cp_pod(m, name, node_, g.crashloop("ovnkube-cluster-manager", 1), False)


@case("network.ovn-control-plane-down", "fires")
def _(d):
    ovn_cp_fires(MG(d, GATHER))


@case("network.ovn-control-plane-down", "silent")
def _(d):
    # One of the two control-plane pods restarting (the other holds the
    # lease), the alert only pending, and an OVN alert outside the
    # hierarchy (subnet allocation) firing.
    m = MG(d, GATHER)
    write(m.p("monitoring", "prometheus", "rules.json"), rules_json([
        ("NoRunningOvnControlPlane", "critical", "pending", "2026-01-06T10:58:21.4Z",
         "There is no running ovn-kubernetes control plane.", {}),
        ("V4SubnetAllocationThresholdExceeded", "warning", "firing", "2026-01-06T10:10:21.4Z",
         "More than 80% of v4 subnets available to assign to the nodes are allocated.", {})]))
    cp_pod(m, "ovnkube-control-plane-6b8f7c9d4-4xk2p", "master-0", g.crashloop("ovnkube-cluster-manager", 1), False)
    cp_pod(m, "ovnkube-control-plane-6b8f7c9d4-9vq7s", "master-1", g.RUNNING, True)


# mode 31 --------------------------------------------------------------------
def ovs_lines(host, pid, start, n, ms_at):
    """ovs-vswitchd journal lines every 97 s; ms_at: {index: poll ms}."""
    out = []
    for i, t in enumerate(every(start, 97, n)):
        if i in ms_at:
            out.append("%s %s ovs-vswitchd[%d]: ovs|%05d|timeval(urcu4)|WARN|Unreasonably long %dms poll interval (0ms user, 2ms system)"
                       % (jshort(t), host, pid, 200 + i, ms_at[i]))
        else:
            out.append("%s %s ovs-vswitchd[%d]: ovs|%05d|connmgr|INFO|br-int<->unix#%d: 4 flow_mods in the last 0 s (4 adds)"
                       % (jshort(t), host, pid, 200 + i, 500 + i))
    return out


def nm_lines(host, pid, times):
    return ["%s %s NetworkManager[%d]: <info>  [%d.%04d] platform-linux: netlink[rtnl]: read: too many netlink events. Need to resynchronize platform cache"
            % (jshort(t), host, pid, int(t.timestamp()), 1234 + i) for i, t in enumerate(times)]


@case("network.host-network-stall", "fires")
def _(d):
    stall_fires(MG(d, GATHER), g.node("master-0"))


def stall_fires(m, node_text):
    m.cluster("core", "nodes", "master-0", node_text)
    start = T("2026-01-06T09:20:00")
    end = T("2026-01-06T10:58:30")
    m.hostlog("ovs-vswitchd_service.log", ovs_lines("master-0", 1124, start, 60, {57: 23417, 58: 11206}), header(start, end))
    burst = every(T("2026-01-06T10:52:03"), 2, 14)
    m.hostlog("NetworkManager_service.log", nm_lines("master-0", 1155, burst), header(start, end))


@case("network.host-network-stall", "silent")
def _(d):
    # What busy healthy nodes log: 1-2 s poll intervals and a few netlink
    # resyncs while many pods start.
    m = MG(d, GATHER)
    m.cluster("core", "nodes", "master-0", g.node("master-0"))
    start = T("2026-01-06T09:20:00")
    end = T("2026-01-06T10:58:30")
    m.hostlog("ovs-vswitchd_service.log", ovs_lines("master-0", 1124, start, 60, {3: 1520, 41: 2210, 57: 1034}), header(start, end))
    m.hostlog("NetworkManager_service.log", nm_lines("master-0", 1155, every(T("2026-01-06T10:52:03"), 2, 3)), header(start, end))


# extra near misses and combinations for tests/net2.test ----------------------
@case("network.host-network-stall", "history")
def _(d):
    # A 40 s stall three hours before the journal ends, nothing since.
    m = MG(d, GATHER)
    m.cluster("core", "nodes", "master-0", g.node("master-0"))
    start = T("2026-01-06T07:00:00")
    m.hostlog("ovs-vswitchd_service.log", ovs_lines("master-0", 1124, start, 140, {10: 40211}),
              header(start, T("2026-01-06T10:58:30")))


@case("network.pod-sandbox-failing", "logs")
def _(d):
    # No events in the gather: the kubelet's journal on master-2 and the
    # multus daemon there, restarting while it waits for ovnkube-node.
    m = MG(d, GATHER)
    start = T("2026-01-06T10:20:00")
    lines = []
    for i, t in enumerate(every(start, 60, 38)):
        lines.append('%s master-2 kubenswrapper[2291]: %s "Failed to create sandbox for pod" '
                     'err="rpc error: code = Unknown desc = failed to create pod network sandbox '
                     'k8s_installer-7-master-2_openshift-etcd_4b1d_0(7c2e): error adding pod openshift-etcd_installer-7-master-2 '
                     'to CNI network \\"multus-cni-network\\": plugin type=\\"multus-shim\\" name=\\"multus-cni-network\\" '
                     'failed (add): CmdAdd (shim): CNI request failed with status 400: \'[openshift-etcd/installer-7-master-2/4b1d:ovn-kubernetes]: '
                     'error adding container to network \\"ovn-kubernetes\\": CNI request failed with status 400: \'failed to get pod annotation: '
                     'timed out waiting for annotations: context deadline exceeded\'" pod="openshift-etcd/installer-7-master-2"'
                     % (jshort(t), g.klog(t, "E", 2291, "kuberuntime_sandbox.go:72")))
    m.hostlog("kubelet_service.log", lines, header(T("2026-01-06T09:05:00"), T("2026-01-06T10:58:00")))
    ns = "openshift-multus"
    name = "multus-8xq2v"
    m.ns(ns, "pods/%s/%s.yaml" % (name, name),
         g.owned_pod(ns, name, ("DaemonSet", "multus"), "master-2",
                     [("kube-multus", g.crashloop("kube-multus", 1), 9, False)]))
    msg = ("[error] have you checked that your default network is ready? still waiting for readinessindicatorfile @ "
           "/host/run/multus/cni/net.d/10-ovn-kubernetes.conf. pollimmediate error: timed out waiting for the condition")
    for prev, t in ((True, T("2026-01-06T10:43:12")), (False, T("2026-01-06T10:54:40"))):
        m.podlog(ns, name, "kube-multus", ["%s %s" % (g.cri(t), t.strftime("%Y-%m-%dT%H:%M:%SZ") + " [verbose] multus-daemon started"),
                                           "%s %s %s" % (g.cri(t + dt.timedelta(seconds=45)), (t + dt.timedelta(seconds=45)).strftime("%Y-%m-%dT%H:%M:%SZ"), msg)],
                 previous=prev)


@case("network.host-network-stall", "notready")
def _(d):
    # The stall and the node it cut off the API server at the same time.
    stall_fires(MG(d, GATHER), g.node("master-0", ready="Unknown", ready_reason="NodeStatusUnknown",
                                      ready_msg="Kubelet stopped posting node status.",
                                      ready_since="2026-01-06T10:53:41Z"))


@case("network.ovn-control-plane-down", "combined")
def _(d):
    # The control plane down, its alerts, the network operator's RolloutHung
    # and the sandbox failures it leaves on worker-1.
    m = MG(d, GATHER)
    ovn_cp_fires(m)
    sandbox_fires(m)
    m.cluster("config.openshift.io", "clusteroperators", "network", co("network", [
        cond("Degraded", "True", "RolloutHung",
             'Deployment "/openshift-ovn-kubernetes/ovnkube-control-plane" rollout is not making progress - '
             'pod ovnkube-control-plane-6b8f7c9d4-4xk2p is in CrashLoopBackOff State', "2026-01-06T10:25:40Z"),
        cond("Progressing", "True", "Deploying",
             'Deployment "/openshift-ovn-kubernetes/ovnkube-control-plane" is not available (awaiting 2 nodes)'),
        cond("Available", "True", "", "")]))


def main():
    g.write_cases(CASES, TESTS, sys.argv)


if __name__ == "__main__":
    main()
