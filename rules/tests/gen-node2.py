#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fixtures for the "node2" batch (failure-modes.md section 2, modes 10, 11
and 21): nodes.no-schedulable-workers, node.system-oom and the installer's
exit stages (install.config-invalid, install.infrastructure-failed,
install.cluster-initialization-failed, install.operators-unstable,
install.interrupted).

    python3 rules/tests/gen-node2.py [RULES_DIR [RULE_ID...]]
    python3 rules/tests/gen-node2.py --extra OUTDIR   # near misses for tests/node2.test

Reuses the must-gather writers of gen-fixtures.py (imported, not edited).
Condition messages are the operators' own formats (cluster-ingress-operator
status.go, cluster-authentication-operator ingress_nodes_available_controller.go,
console-operator RouteHealth); kernel lines follow mm/oom_kill.c of RHEL 9's
5.14; installer lines follow cmd/openshift-install (logrus text, as written to
.openshift_install.log).
"""
import datetime as dt
import importlib.util
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
T, MG, co, cond, yq, write = g.T, g.MG, g.co, g.cond, g.yq, g.write
jshort, every, RUNNING = g.jshort, g.every, g.RUNNING

CASES = {}


def case(rule_id, kind):
    def deco(fn):
        CASES[(rule_id, kind)] = fn
        return fn
    return deco


# ------------------------------------------------------------ mode 11

DOMAIN = "apps.lab.example.com"
MASTER_TAINT = "spec:\n  taints:\n  - effect: NoSchedule\n    key: node-role.kubernetes.io/master\n"


def node(name, roles, ip, created="2026-01-06T09:05:00Z", tainted=False, **kw):
    text = g.node(name, roles=roles, created=created, ip=ip, **kw)
    if tainted:
        text = text.replace("spec: {}\n", MASTER_TAINT, 1)
    return text


def masters(m, tainted=True, roles=("master",)):
    for i in range(3):
        n = "master-%d.lab.example.com" % i
        m.cluster("core", "nodes", n, node(n, roles, "192.168.10.%d" % (20 + i), tainted=tainted))


SCHED = ("0/3 nodes are available: 3 node(s) had untolerated taint {node-role.kubernetes.io/master: }. "
         "preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.")


def router(m, name, node_=None, pending_since=None, created="2026-01-06T09:35:12Z"):
    owner = ("ReplicaSet", "router-default-6b8f9c7d54")
    if pending_since:
        text = g.owned_pod("openshift-ingress", name, owner, "none", [("router", g.CREATING, 0, False)],
                           created=created, phase="Pending",
                           scheduled=("False", "Unschedulable", SCHED, pending_since))
        # A pod the scheduler never placed has no container statuses.
        text = text.split("  containerStatuses:\n")[0] + "  phase: Pending\n  qosClass: Burstable\n"
    else:
        text = g.owned_pod("openshift-ingress", name, owner, node_, [("router", RUNNING, 0, True)],
                           created=created)
    m.ns("openshift-ingress", "pods/%s/%s.yaml" % (name, name), text)


INGRESS_DEGRADED = (
    'The "default" ingress controller reports Degraded=True: DegradedConditions: One or more other status '
    'conditions indicate a degraded state: DeploymentAvailable=False (DeploymentUnavailable: The deployment has '
    'Available status condition set to False (reason: MinimumReplicasUnavailable) with message: Deployment does '
    'not have minimum availability.), DeploymentReplicasMinAvailable=False (DeploymentMinimumReplicasNotMet: '
    '0/2 of replicas are available, max unavailable is 1: Some pods are not scheduled: Pod '
    '"router-default-6b8f9c7d54-4xk2p" cannot be scheduled: ' + SCHED + ' Pod "router-default-6b8f9c7d54-qv7rn" '
    'cannot be scheduled: ' + SCHED + ' Make sure you have sufficient worker nodes.)')
AUTH_NODES = ("ReadyIngressNodesAvailable: Authentication requires functional ingress which requires at least one "
              "schedulable and ready node. Got 0 worker nodes, 3 master nodes, 0 custom target nodes (none are "
              "schedulable or ready for ingress pods).")
ROUTE_EOF = ('OAuthServerRouteEndpointAccessibleControllerDegraded: Get "https://oauth-openshift.%s/healthz": EOF' % DOMAIN)
CONSOLE_GET = ('RouteHealthDegraded: failed to GET route (https://console-openshift-console.%s): Get '
               '"https://console-openshift-console.%s": EOF' % (DOMAIN, DOMAIN))


def broken_operators(m):
    m.cluster("config.openshift.io", "clusteroperators", "ingress", co("ingress", [
        cond("Available", "False", "IngressUnavailable",
             'The "default" ingress controller reports Available=False: IngressControllerUnavailable: One or more '
             'status conditions indicate unavailable: DeploymentAvailable=False (DeploymentUnavailable: The '
             'deployment has Available status condition set to False (reason: MinimumReplicasUnavailable) with '
             'message: Deployment does not have minimum availability.)', "2026-01-06T09:36:40Z"),
        cond("Progressing", "True", "Reconciling", "Not all ingress controllers are available.", "2026-01-06T09:36:40Z"),
        cond("Degraded", "True", "IngressDegraded", INGRESS_DEGRADED, "2026-01-06T10:06:40Z")]))
    m.cluster("config.openshift.io", "clusteroperators", "authentication", co("authentication", [
        cond("Degraded", "True", "OAuthServerRouteEndpointAccessibleController_SyncError", ROUTE_EOF, "2026-01-06T09:42:10Z"),
        cond("Progressing", "False", "AsExpected", "AuthenticatorCertKeyProgressing: All is well"),
        cond("Available", "False",
             "OAuthServerRouteEndpointAccessibleController_EndpointUnavailable::ReadyIngressNodes_NoReadyIngressNodes",
             'OAuthServerRouteEndpointAccessibleControllerAvailable: Get "https://oauth-openshift.%s/healthz": EOF\n%s'
             % (DOMAIN, AUTH_NODES), "2026-01-06T09:42:10Z")]))
    m.cluster("config.openshift.io", "clusteroperators", "console", co("console", [
        cond("Degraded", "True", "RouteHealth_FailedGet", CONSOLE_GET, "2026-01-06T09:48:02Z"),
        cond("Progressing", "False", "AsExpected", "All is well"),
        cond("Available", "False", "RouteHealth_FailedGet",
             CONSOLE_GET.replace("RouteHealthDegraded", "RouteHealthAvailable"), "2026-01-06T09:48:02Z")]))


HEALTHY = [cond("Available", "True", "AsExpected", ""), cond("Progressing", "False", "AsExpected", ""),
           cond("Degraded", "False", "AsExpected", "")]


@case("nodes.no-schedulable-workers", "fires")
def _(d):
    # UPI: the three masters joined, the workers never did (their CSRs
    # wait for a human); the routers have been Pending since install.
    m = MG(d, T("2026-01-06T11:00:00"))
    masters(m)
    router(m, "router-default-6b8f9c7d54-4xk2p", pending_since="2026-01-06T09:35:12Z")
    router(m, "router-default-6b8f9c7d54-qv7rn", pending_since="2026-01-06T09:35:12Z")
    # The registry needs a worker too, and was created before the routers.
    reg = g.owned_pod("openshift-image-registry", "image-registry-7f9c6d8b5-k2w9z",
                      ("ReplicaSet", "image-registry-7f9c6d8b5"), "none", [("registry", g.CREATING, 0, False)],
                      created="2026-01-06T09:31:40Z", phase="Pending",
                      scheduled=("False", "Unschedulable", SCHED, "2026-01-06T09:31:40Z"))
    m.ns("openshift-image-registry", "pods/image-registry-7f9c6d8b5-k2w9z/image-registry-7f9c6d8b5-k2w9z.yaml",
         reg.split("  containerStatuses:\n")[0] + "  phase: Pending\n  qosClass: Burstable\n")
    broken_operators(m)


@case("nodes.no-schedulable-workers", "silent")
def _(d):
    # A compact cluster: three masters that are also workers
    # (mastersSchedulable), no worker-only node; the routers run on two of
    # them.  The routers were Pending for two minutes at install until the
    # scheduler config was applied (an old FailedScheduling event says so).
    m = MG(d, T("2026-01-06T11:00:00"))
    masters(m, tainted=False, roles=("master", "worker"))
    router(m, "router-default-6b8f9c7d54-4xk2p", node_="master-0.lab.example.com")
    router(m, "router-default-6b8f9c7d54-qv7rn", node_="master-2.lab.example.com")
    m.ns("openshift-ingress", "core/events.yaml", g.events("openshift-ingress", [
        dict(name="router-default-6b8f9c7d54-4xk2p", reason="FailedScheduling", component="default-scheduler",
             first="2026-01-06T09:35:12Z", last="2026-01-06T09:37:01Z", count=3, message=SCHED)]))
    m.cluster("config.openshift.io", "clusteroperators", "ingress", co("ingress", HEALTHY))
    m.cluster("config.openshift.io", "clusteroperators", "authentication", co("authentication", HEALTHY))


@case("nodes.no-schedulable-workers", "silent-late-join")
def _(d):
    # Workers that joined an hour late (CSRs approved at 10:20): the
    # routers run on them now and ingress has recovered.
    m = MG(d, T("2026-01-06T11:00:00"))
    masters(m)
    for i in range(2):
        n = "worker-%d.lab.example.com" % i
        m.cluster("core", "nodes", n, node(n, ("worker",), "192.168.10.%d" % (30 + i), created="2026-01-06T10:20:00Z"))
    router(m, "router-default-6b8f9c7d54-8hz5w", node_="worker-0.lab.example.com", created="2026-01-06T10:24:30Z")
    router(m, "router-default-6b8f9c7d54-m2c9t", node_="worker-1.lab.example.com", created="2026-01-06T10:24:30Z")
    m.cluster("config.openshift.io", "clusteroperators", "ingress", co("ingress", [
        cond("Available", "True", "IngressAvailable",
             'The "default" ingress controller reports Available=True.', "2026-01-06T10:25:10Z"),
        cond("Progressing", "False", "AsExpected", "desired and current number of IngressControllers are equal"),
        cond("Degraded", "False", "IngressNotDegraded", 'The "default" ingress controller reports Degraded=False.',
             "2026-01-06T10:25:10Z")]))


@case("nodes.no-schedulable-workers", "silent-sno")
def _(d):
    # Single-node OpenShift: one node with both roles, untainted.
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("core", "nodes", "sno.lab.example.com", node("sno.lab.example.com", ("master", "worker"), "192.168.10.40"))
    router(m, "router-default-6b8f9c7d54-x7p2d", node_="sno.lab.example.com")


# ------------------------------------------------------------ mode 21

def journal(d, host, lines, t0, t1):
    header = "-- Logs begin at %s UTC, end at %s UTC. --" % (t0.strftime("%a %Y-%m-%d %H:%M:%S"),
                                                          t1.strftime("%a %Y-%m-%d %H:%M:%S"))
    write(os.path.join(d, "%s-journal.log" % host), header + "\n" + "".join(l + "\n" for l in lines))


def kern(t, host, msg):
    return "%s %s kernel: %s" % (jshort(t), host, msg)


def global_oom(t, host, pid, comm, rss_kb, adj):
    """The lines RHEL 9's kernel (5.14) logs for one global OOM kill."""
    return [
        kern(t, host, "%s invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=%d" % (comm, adj)),
        kern(t, host, "Mem-Info:"),
        kern(t, host, "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,"
                      "global_oom,task_memcg=/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod3f2c1b0a_9d8e_4c7b_a6f5_e4d3c2b1a090.slice/crio-4a3b2c1d.scope,"
                      "task=%s,pid=%d,uid=1000690000" % (comm, pid)),
        kern(t, host, "Out of memory: Killed process %d (%s) total-vm:9875432kB, anon-rss:%dkB, file-rss:0kB, "
                      "shmem-rss:0kB, UID:1000690000 pgtables:19876kB oom_score_adj:%d" % (pid, comm, rss_kb, adj)),
    ]


def memcg_oom(t, host, pid, comm, pod_uid, cid):
    scope = ("/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod%s.slice/crio-%s.scope"
             % (pod_uid, cid))
    return [
        kern(t, host, "%s invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=999" % comm),
        kern(t, host, "memory: usage 524288kB, limit 524288kB, failcnt 1893"),
        kern(t, host, "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=crio-%s.scope,mems_allowed=0,"
                      "oom_memcg=%s,task_memcg=%s,task=%s,pid=%d,uid=1000680000" % (cid, scope, scope, comm, pid)),
        kern(t, host, "Memory cgroup out of memory: Killed process %d (%s) total-vm:1698432kB, anon-rss:521004kB, "
                      "file-rss:31220kB, shmem-rss:0kB, UID:1000680000 pgtables:1288kB oom_score_adj:999" % (pid, comm)),
    ]


def node_events(m, items):
    out = "apiVersion: v1\nitems:\n"
    for i, (node_, first, last, count, msg) in enumerate(items):
        out += """- apiVersion: v1
  count: %d
  firstTimestamp: "%s"
  involvedObject:
    kind: Node
    name: %s
    uid: %s
  kind: Event
  lastTimestamp: "%s"
  message: %s
  metadata:
    creationTimestamp: "%s"
    name: %s.%x
    namespace: default
  reason: SystemOOM
  source:
    component: kubelet
    host: %s
  type: Warning
""" % (count, first, node_, node_, last, yq(msg), first, node_, 0x188a1b2c3d4e5f + i, node_)
    out += "kind: EventList\nmetadata:\n  resourceVersion: \"99999\"\n"
    m.ns("default", "core/events.yaml", out)


@case("node.system-oom", "fires")
def _(d):
    # worker-1 runs out of memory: the global OOM killer takes prometheus
    # at 10:41:16 and, ten minutes later, a java workload; the kubelet
    # records SystemOOM events; the node reports MemoryPressure.
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("core", "nodes", "worker-1", node("worker-1", ("worker",), "192.168.10.31"))
    node_events(m, [("worker-1", "2026-01-06T10:41:16Z", "2026-01-06T10:51:40Z", 2,
                     "System OOM encountered, victim process: java, pid: 48213")])
    t0, t1 = T("2026-01-06T09:05:00"), T("2026-01-06T10:58:30")
    lines = ["%s worker-1 systemd[1]: Started crio-conmon-4a3b2c1d.scope." % jshort(t0)]
    lines += global_oom(T("2026-01-06T10:41:16"), "worker-1", 31877, "prometheus", 7412336, 999)
    lines += global_oom(T("2026-01-06T10:51:40"), "worker-1", 48213, "java", 5123004, 1000)
    lines.append("%s worker-1 systemd[1]: crio-4a3b2c1d.scope: A process of this unit has been killed by the OOM killer." % jshort(T("2026-01-06T10:51:41")))
    lines.append("%s worker-1 kubenswrapper[2291]: I0106 10:58:30.000000    2291 kubelet.go:2477] \"SyncLoop (PLEG): event for pod\"" % jshort(t1))
    journal(d, "worker-1", lines, t0, t1)


@case("node.system-oom", "silent")
def _(d):
    # Near miss: a container killed at its own memory limit (a memcg OOM
    # whose oom_memcg is the container's cgroup: pods.oomkilled's
    # business, not the node's), and a SystemOOM event five hours old.
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("core", "nodes", "worker-1", node("worker-1", ("worker",), "192.168.10.31"))
    node_events(m, [("worker-1", "2026-01-06T05:12:09Z", "2026-01-06T05:12:09Z", 1,
                     "System OOM encountered, victim process: java, pid: 3321")])
    t0, t1 = T("2026-01-06T09:05:00"), T("2026-01-06T10:58:30")
    lines = memcg_oom(T("2026-01-06T10:41:16"), "worker-1", 31877, "prometheus",
                      "3f2c1b0a_9d8e_4c7b_a6f5_e4d3c2b1a090", "4a3b2c1d")
    lines.append("%s worker-1 kubenswrapper[2291]: I0106 10:58:30.000000    2291 kubelet.go:2477] \"SyncLoop (PLEG): event for pod\"" % jshort(t1))
    journal(d, "worker-1", lines, t0, t1)


@case("node.system-oom", "history")
def _(d):
    # A global OOM five hours before the journal ends, none since: listed
    # as resolved, not a current root cause.
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("core", "nodes", "worker-1", node("worker-1", ("worker",), "192.168.10.31"))
    t0, t1 = T("2026-01-06T05:00:00"), T("2026-01-06T10:58:30")
    lines = global_oom(T("2026-01-06T05:12:09"), "worker-1", 3321, "java", 5123004, 1000)
    lines.append("%s worker-1 kubenswrapper[2291]: I0106 10:58:30.000000    2291 kubelet.go:2477] \"SyncLoop (PLEG): event for pod\"" % jshort(t1))
    journal(d, "worker-1", lines, t0, t1)


# ------------------------------------------------------------ mode 10

def ilog(d, lines):
    write(os.path.join(d, "ocp", ".openshift_install.log"),
          "".join('time="%s" level=%s msg=%s\n' % (t, lvl, msg) for t, lvl, msg in lines))


def q(s):
    """logrus text formatter: the message quoted, inner quotes escaped."""
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


START = [("2026-01-06T08:50:00Z", "debug", q("OpenShift Installer 4.18.32")),
         ("2026-01-06T08:50:00Z", "debug", q("Built from commit 5d8f0e4a3c2b1d0e9f8a7b6c5d4e3f2a1b0c9d8e")),
         ("2026-01-06T08:50:01Z", "info", q("Consuming Install Config from target directory"))]
TO_BOOTSTRAP = [
    ("2026-01-06T09:05:00Z", "info", q("Waiting up to 20m0s (until 9:25AM UTC) for the Kubernetes API at https://api.lab.example.com:6443...")),
    ("2026-01-06T09:10:00Z", "info", q("API v1.31.6 up")),
    ("2026-01-06T09:10:00Z", "info", q("Waiting up to 45m0s (until 9:55AM UTC) for bootstrapping to complete...")),
    ("2026-01-06T09:31:12Z", "info", q("Bootstrap status: complete")),
    ("2026-01-06T09:31:12Z", "info", q("Destroying the bootstrap resources...")),
    ("2026-01-06T09:33:40Z", "info", q("Waiting up to 40m0s (until 10:13AM UTC) for the cluster at https://api.lab.example.com:6443 to initialize...")),
]
CONFIG_ERR = ('failed to fetch Metadata: failed to load asset "Install Config": failed to create install config: '
              'invalid "install-config.yaml" file: platform.vsphere.apiVIPs: Invalid value: "192.168.20.5": '
              'IP expected to be in one of the machine networks: 192.168.10.0/24')
INFRA_ERR = ('failed to fetch Cluster: failed to generate asset "Cluster": failed to create cluster: '
             'failed during pre-provisioning: failed to create security group: UnauthorizedOperation: You are not '
             'authorized to perform this operation.\n\tstatus code: 403, request id: 2f0c1e4b')
COMPLETE = [("2026-01-06T10:20:02Z", "info", q("Checking to see if there is a route at openshift-console/console...")),
            ("2026-01-06T10:20:03Z", "info", q("Install complete!"))]


def rerun_complete(t0="2026-01-06T09:20:00Z"):
    return [(t0, "debug", q("OpenShift Installer 4.18.32")),
            (t0, "info", q("Consuming Install Config from target directory"))] + TO_BOOTSTRAP + COMPLETE


@case("install.config-invalid", "fires")
def _(d):
    ilog(d, START + [("2026-01-06T08:50:02Z", "error", q(CONFIG_ERR))])


@case("install.config-invalid", "silent")
def _(d):
    # The log is appended to by each run: the first one stopped on the
    # install-config, the corrected run an hour later completed.
    ilog(d, START + [("2026-01-06T08:50:02Z", "error", q(CONFIG_ERR))] + rerun_complete())


@case("install.infrastructure-failed", "fires")
def _(d):
    ilog(d, START + [
        ("2026-01-06T08:52:10Z", "info", q("Creating infrastructure resources...")),
        ("2026-01-06T08:53:41Z", "error", q("Error: creating EC2 Security Group (ci-7x2k-node): UnauthorizedOperation: You are not authorized to perform this operation.")),
        ("2026-01-06T08:53:42Z", "error", q(INFRA_ERR))])


@case("install.infrastructure-failed", "silent")
def _(d):
    # The same failure, destroyed and retried with fixed permissions: the
    # retry completed.
    ilog(d, START + [
        ("2026-01-06T08:52:10Z", "info", q("Creating infrastructure resources...")),
        ("2026-01-06T08:53:42Z", "error", q(INFRA_ERR))] + rerun_complete())


CO_LINES = [
    ("2026-01-06T10:13:41Z", "error", q("Cluster operator authentication Degraded is True with OAuthServerRouteEndpointAccessibleController_SyncError: " + ROUTE_EOF)),
    ("2026-01-06T10:13:41Z", "error", q("Cluster operator authentication Available is False with OAuthServerRouteEndpointAccessibleController_EndpointUnavailable::ReadyIngressNodes_NoReadyIngressNodes: "
                                        'OAuthServerRouteEndpointAccessibleControllerAvailable: Get "https://oauth-openshift.%s/healthz": EOF\n%s' % (DOMAIN, AUTH_NODES))),
    ("2026-01-06T10:13:41Z", "error", q("Cluster operator console Available is False with RouteHealth_FailedGet: " + CONSOLE_GET.replace("RouteHealthDegraded", "RouteHealthAvailable"))),
    ("2026-01-06T10:13:41Z", "error", q("Cluster operator ingress Degraded is True with IngressDegraded: " + INGRESS_DEGRADED)),
    ("2026-01-06T10:13:41Z", "info", q("Cluster operator ingress Progressing is True with Reconciling: Not all ingress controllers are available.")),
    ("2026-01-06T10:13:41Z", "info", q("Cluster operator monitoring Progressing is True with RollOutInProgress: Rolling out the stack.")),
]


@case("install.cluster-initialization-failed", "fires")
def _(d):
    ilog(d, START + TO_BOOTSTRAP + [
        ("2026-01-06T09:50:12Z", "debug", q("Still waiting for the cluster to initialize: Cluster operators authentication, console, ingress, monitoring are not available")),
    ] + CO_LINES + [
        ("2026-01-06T10:13:41Z", "error", q("Cluster initialization failed because one or more operators are not functioning properly.\nThe cluster should be accessible for troubleshooting as detailed in the documentation linked below,\nhttps://docs.openshift.com/container-platform/latest/support/troubleshooting/troubleshooting-installations.html\nThe 'wait-for install-complete' subcommand can then be used to continue the installation")),
        ("2026-01-06T10:13:41Z", "error", q("failed to initialize the cluster: Cluster operators authentication, console, ingress, monitoring are not available"))])


@case("install.cluster-initialization-failed", "silent")
def _(d):
    # A slow install: operators reported unavailable for a while, then the
    # cluster initialized and the install completed.
    ilog(d, START + TO_BOOTSTRAP + [
        ("2026-01-06T09:50:12Z", "debug", q("Still waiting for the cluster to initialize: Cluster operators authentication, console, ingress, monitoring are not available")),
        ("2026-01-06T10:05:30Z", "debug", q("Still waiting for the cluster to initialize: Working towards 4.18.32: 812 of 903 done (89% complete)")),
        ("2026-01-06T10:11:02Z", "debug", q("Cluster is initialized")),
        ("2026-01-06T10:11:02Z", "info", q("Waiting up to 30m0s (until 10:41AM UTC) to ensure each cluster operator has finished progressing...")),
        ("2026-01-06T10:19:58Z", "info", q("All cluster operators have completed progressing"))] + COMPLETE)


@case("install.operators-unstable", "fires")
def _(d):
    ilog(d, START + TO_BOOTSTRAP + [
        ("2026-01-06T10:11:02Z", "debug", q("Cluster is initialized")),
        ("2026-01-06T10:11:02Z", "info", q("Waiting up to 30m0s (until 10:41AM UTC) to ensure each cluster operator has finished progressing...")),
        ("2026-01-06T10:11:03Z", "debug", q("Cluster Operator machine-config is Progressing=True LastTransitionTime=2026-01-06 10:09:51 +0000 UTC DurationSinceTransition=72s Reason=MachineConfigPoolsUpdating Message=Working towards 4.18.32")),
        ("2026-01-06T10:41:02Z", "error", q('Error checking cluster operator Progressing status: "context deadline exceeded"')),
        ("2026-01-06T10:41:02Z", "error", q("These cluster operators were not stable: [machine-config]"))])


@case("install.operators-unstable", "silent")
def _(d):
    ilog(d, START + TO_BOOTSTRAP + [
        ("2026-01-06T10:11:02Z", "debug", q("Cluster is initialized")),
        ("2026-01-06T10:11:02Z", "info", q("Waiting up to 30m0s (until 10:41AM UTC) to ensure each cluster operator has finished progressing...")),
        ("2026-01-06T10:11:03Z", "debug", q("Cluster Operator machine-config is Progressing=True LastTransitionTime=2026-01-06 10:09:51 +0000 UTC DurationSinceTransition=72s Reason=MachineConfigPoolsUpdating Message=Working towards 4.18.32")),
        ("2026-01-06T10:19:58Z", "debug", q("Cluster Operator machine-config is stable")),
        ("2026-01-06T10:19:58Z", "info", q("All cluster operators have completed progressing"))] + COMPLETE)


@case("install.interrupted", "fires")
def _(d):
    ilog(d, START + TO_BOOTSTRAP[:3] + [
        ("2026-01-06T09:17:45Z", "warning", q("Received interrupt signal")),
        ("2026-01-06T09:17:46Z", "info", q("Shutting down local Cluster API control plane..."))])


@case("install.interrupted", "silent")
def _(d):
    # Interrupted during bootstrap, then resumed with wait-for commands
    # that completed an hour later.
    ilog(d, START + TO_BOOTSTRAP[:3] + [
        ("2026-01-06T09:17:45Z", "warning", q("Received interrupt signal")),
        ("2026-01-06T09:20:00Z", "debug", q("OpenShift Installer 4.18.32"))] + TO_BOOTSTRAP[2:] + COMPLETE)


def main():
    g.write_cases(CASES, TESTS, sys.argv)


if __name__ == "__main__":
    main()
