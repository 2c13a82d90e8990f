#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fixtures for the upgrade and machine batch of the failure catalog
(failure-modes.md section 2, modes 22-26, 33, 35), and wording variants of
the machine-config daemon's degrade reasons across releases.

    python3 rules/tests/gen-upgrade.py [RULES_DIR [RULE_ID...]]
        rewrites rules/tests/<id>/{fires,silent} of this batch's rules;
    python3 rules/tests/gen-upgrade.py --variants DIR
        writes one must-gather per wording variant under DIR/<variant>/
        (tests/upgrade-rules.test runs the rules on them).

The tree shapes and line prefixes come from gen-fixtures.py (imported, not
edited: other batches add to it).
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

MG, T, cri, klog, cond, node, pod, co, cv, events, write, every, yq = (
    gf.MG, gf.T, gf.cri, gf.klog, gf.cond, gf.node, gf.pod, gf.co, gf.cv,
    gf.events, gf.write, gf.every, gf.yq)
RUNNING = gf.RUNNING
MCO = "openshift-machine-config-operator"

CASES = {}


def case(rule_id, kind):
    def deco(fn):
        CASES[(rule_id, kind)] = fn
        return fn
    return deco


VARIANTS = {}


def variant(name):
    def deco(fn):
        VARIANTS[name] = fn
        return fn
    return deco


def L(t, sev, where, msg, pid=1):
    """One pod log line: CRI timestamp, klog header."""
    return "%s %s %s" % (cri(t), klog(t, sev, pid, where), msg)


def cordoned(text, annotations, taint=True):
    """A node() text, cordoned for an update, with extra annotations."""
    ann = "".join("    %s: %s\n" % (k, v) for k, v in annotations.items())
    text = text.replace("  annotations:\n", "  annotations:\n" + ann, 1)
    spec = "spec:\n"
    if taint:
        spec += ("  taints:\n  - effect: NoSchedule\n    key: node.kubernetes.io/unschedulable\n"
                 "    timeAdded: \"2026-01-06T10:12:41Z\"\n")
    spec += "  unschedulable: true\n"
    return text.replace("spec: {}\n", spec, 1)


def with_annotations(text, annotations):
    ann = "".join("    %s: %s\n" % (k, v) for k, v in annotations.items())
    return text.replace("  annotations:\n", "  annotations:\n" + ann, 1)


def mco_pod(m, name, node_, container):
    m.ns(MCO, "pods/%s/%s.yaml" % (name, name), pod(MCO, name, node_, [(container, RUNNING, 0, True)]))


# mode 22 --------------------------------------------------------------------
W_OLD = "rendered-worker-5f0c1d2e3a4b5c6d7e8f9a0b1c2d3e4f"
W_NEW = "rendered-worker-a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2"
ROUTER = "router-default-7c9f6d8b5-x2kqp"
EVICT = ('error when evicting pods/"%s" -n "openshift-ingress" (will retry after 5s): '
         "Cannot evict pod as it would violate the pod's disruption budget." % ROUTER)


def mcc_drain_log(start, n, step, done):
    """machine-config-controller (4.14) draining worker-1 against a PDB."""
    out = [L(start, "I", "drain_controller.go:173", "node ip-10-0-142-7.ec2.internal: cordoning"),
           L(start, "I", "drain_controller.go:173", "node ip-10-0-142-7.ec2.internal: initiating drain")]
    for i, t in enumerate(every(start + dt.timedelta(seconds=3), step, n)):
        out.append(L(t, "E", "drain_controller.go:144", EVICT))
        if i % 18 == 17:
            out.append(L(t, "I", "drain_controller.go:173",
                         'node ip-10-0-142-7.ec2.internal: Drain failed. Waiting 1 minute then retrying. '
                         'Error message from drain: error when evicting pods/"%s" -n "openshift-ingress": '
                         "global timeout reached: 1m30s" % ROUTER))
    if done:
        t = start + dt.timedelta(seconds=3 + step * n + 4)
        out.append(L(t, "I", "drain_controller.go:173", "node ip-10-0-142-7.ec2.internal: Evicted pod openshift-ingress/%s" % ROUTER))
        out.append(L(t, "I", "drain_controller.go:173", "node ip-10-0-142-7.ec2.internal: operation successful; applying completion annotation"))
    return out


@case("mco.drain-blocked-by-pdb", "fires")
def _(d):
    # 4.14: the default router has two replicas on a cluster with two
    # schedulable workers; its PDB (maxUnavailable 50% of 2 with one already
    # Pending) allows no eviction, so worker-1 stays cordoned.
    m = MG(d, T("2026-01-06T11:00:00"))
    n = "ip-10-0-142-7.ec2.internal"
    m.cluster("core", "nodes", n, cordoned(
        node(n, roles=("worker",), current=W_OLD, desired=W_NEW, state="Working"),
        {"machineconfiguration.openshift.io/desiredDrain": "drain-" + W_NEW,
         "machineconfiguration.openshift.io/lastAppliedDrain": "uncordon-" + W_OLD}))
    mco_pod(m, "machine-config-controller-6b8f7c9d4-tw5qz", "ip-10-0-21-93.ec2.internal", "machine-config-controller")
    m.podlog(MCO, "machine-config-controller-6b8f7c9d4-tw5qz", "machine-config-controller",
             mcc_drain_log(T("2026-01-06T10:12:41"), 130, 5, False))


@case("mco.drain-blocked-by-pdb", "silent")
def _(d):
    # The near miss: the PDB refused a few evictions while the replacement
    # router started elsewhere, then the drain went through and the node
    # was uncordoned on its new config.
    m = MG(d, T("2026-01-06T11:00:00"))
    n = "ip-10-0-142-7.ec2.internal"
    m.cluster("core", "nodes", n, with_annotations(
        node(n, roles=("worker",), current=W_NEW, desired=W_NEW, state="Done"),
        {"machineconfiguration.openshift.io/desiredDrain": "uncordon-" + W_NEW,
         "machineconfiguration.openshift.io/lastAppliedDrain": "uncordon-" + W_NEW}))
    mco_pod(m, "machine-config-controller-6b8f7c9d4-tw5qz", "ip-10-0-21-93.ec2.internal", "machine-config-controller")
    m.podlog(MCO, "machine-config-controller-6b8f7c9d4-tw5qz", "machine-config-controller",
             mcc_drain_log(T("2026-01-06T10:12:41"), 6, 5, True))


# mode 23 --------------------------------------------------------------------
OSIMG = "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:9b1e4f6c2d8a0e3b5c7d9f1a2b4c6d8e0f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c"
OSERR = ("error running rpm-ostree rebase --experimental ostree-unverified-registry:%s: "
         "error: Creating importer: failed to invoke method OpenImage: failed to invoke method OpenImage: "
         "reading manifest sha256:9b1e4f6c2d8a0e3b5c7d9f1a2b4c6d8e0f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c in "
         "quay.io/openshift-release-dev/ocp-v4.0-art-dev: manifest unknown\n: exit status 1" % OSIMG)


def mcd_update_log(start, n, node_, degraded):
    pid = 4127
    out = [L(start, "I", "update.go:2641", "Updating OS to layered image \"%s\"" % OSIMG, pid)]
    t = start
    for i in range(n):
        t = start + dt.timedelta(seconds=5 * (2 ** i))
        out.append(L(t, "W", "update.go:2975", "Failed to update OS to %s (will retry): %s"
                     % (OSIMG, OSERR.replace("\n", " ")), pid))
    if degraded:
        reason = "Failed to update OS to %s after retries: %s" % (OSIMG, OSERR)
        for k in range(3):
            t2 = t + dt.timedelta(minutes=3 * k + 1)
            out.append(L(t2, "E", "writer.go:231", "Marking Degraded due to: %s" % yq(reason), pid))
    else:
        t2 = t + dt.timedelta(seconds=40)
        out.append(L(t2, "I", "update.go:2690", "Rebooting node", pid))
        t3 = t2 + dt.timedelta(minutes=4)
        out.append(L(t3, "I", "daemon.go:2454", "Update completed for config %s and node has been successfully uncordoned" % W_NEW, pid + 1))
    return out


@case("mco.os-update-failed", "fires")
def _(d):
    # 4.18: the new OS image is missing from the mirror; the daemon retries
    # five times, then marks the node Degraded.
    m = MG(d, T("2026-01-06T11:00:00"))
    n = "ip-10-0-150-12.ec2.internal"
    reason = "Failed to update OS to %s after retries: %s" % (OSIMG, OSERR)
    m.cluster("core", "nodes", n, cordoned(
        node(n, roles=("worker",), current=W_OLD, desired=W_NEW, state="Degraded", reason=reason), {}))
    mco_pod(m, "machine-config-daemon-q8k2m", n, "machine-config-daemon")
    m.podlog(MCO, "machine-config-daemon-q8k2m", "machine-config-daemon",
             mcd_update_log(T("2026-01-06T10:31:10"), 5, n, True))


@case("mco.os-update-failed", "silent")
def _(d):
    # The near miss: two pulls failed while the mirror was syncing, the
    # third worked, the node rebooted into its new config and is Done.
    m = MG(d, T("2026-01-06T11:00:00"))
    n = "ip-10-0-150-12.ec2.internal"
    m.cluster("core", "nodes", n, node(n, roles=("worker",), current=W_NEW, desired=W_NEW, state="Done"))
    mco_pod(m, "machine-config-daemon-q8k2m", n, "machine-config-daemon")
    m.podlog(MCO, "machine-config-daemon-q8k2m", "machine-config-daemon",
             mcd_update_log(T("2026-01-06T10:31:10"), 2, n, False))


# mode 25 --------------------------------------------------------------------
CVO = "openshift-cluster-version"
REL = "quay.io/openshift-release-dev/ocp-release@sha256:6d2f0a7c1e9b3d5f7a9c1e3b5d7f9a1c3e5b7d9f1a3c5e7b9d1f3a5c7e9b1d3f"


def cv_with(conds, desired, image):
    return cv(conds, desired).replace("quay.io/openshift-release-dev/ocp-release@sha256:3c5d", image)


@case("cvo.payload-retrieval-failed", "fires")
def _(d):
    # 4.16 disconnected: the release was mirrored without its signature.
    m = MG(d, T("2026-01-06T11:00:00"))
    msg = ('Retrieving payload failed version="4.16.21" image="%s" failure=The update cannot be verified: '
           "unable to verify sha256:6d2f0a7c1e9b3d5f7a9c1e3b5d7f9a1c3e5b7d9f1a3c5e7b9d1f3a5c7e9b1d3f "
           "against keyrings: verifier-public-key-redhat" % REL)
    m.cluster("config.openshift.io", "clusterversions", "version", cv_with([
        cond("RetrievedUpdates", "True", "", ""),
        cond("ReleaseAccepted", "False", "RetrievePayload", msg, "2026-01-06T10:05:12Z"),
        cond("Available", "True", "", "Done applying 4.16.20"),
        cond("Failing", "False", "", ""),
        cond("Progressing", "False", "", "Cluster version is 4.16.20")], "4.16.21", REL))
    ev = []
    for i in range(3):
        t = "2026-01-06T%02d:%02d:12Z" % (10 + (5 + 17 * i) // 60, (5 + 17 * i) % 60)
        ev.append({"first": t, "last": t, "name": "version", "kind": "ClusterVersion", "ns": CVO,
                   "reason": "RetrievePayloadFailed", "component": "openshift-cluster-version",
                   "message": msg.replace("The update", "The update"), "count": 1})
    m.ns(CVO, "core/events.yaml", events(CVO, ev))


@case("cvo.payload-retrieval-failed", "silent")
def _(d):
    # The near miss: the same update, signature present; the payload was
    # retrieved and loaded (normal events only).
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("config.openshift.io", "clusterversions", "version", cv_with([
        cond("RetrievedUpdates", "True", "", ""),
        cond("ReleaseAccepted", "True", "PayloadLoaded",
             'Payload loaded version="4.16.21" image="%s" architecture="amd64"' % REL, "2026-01-06T10:05:40Z"),
        cond("Available", "True", "", "Done applying 4.16.20"),
        cond("Failing", "False", "", ""),
        cond("Progressing", "True", "", "Working towards 4.16.21: 106 of 894 done (11% complete)", "2026-01-06T10:05:41Z")],
        "4.16.21", REL))
    m.ns(CVO, "core/events.yaml", events(CVO, [
        {"first": "2026-01-06T10:05:12Z", "last": "2026-01-06T10:05:12Z", "name": "version", "kind": "ClusterVersion",
         "ns": CVO, "reason": "RetrievePayload", "type": "Normal", "component": "openshift-cluster-version",
         "message": 'Retrieving and verifying payload version="4.16.21" image="%s"' % REL},
        {"first": "2026-01-06T10:05:39Z", "last": "2026-01-06T10:05:39Z", "name": "version", "kind": "ClusterVersion",
         "ns": CVO, "reason": "LoadPayload", "type": "Normal", "component": "openshift-cluster-version",
         "message": 'Loading payload version="4.16.21" image="%s"' % REL},
        {"first": "2026-01-06T10:05:40Z", "last": "2026-01-06T10:05:40Z", "name": "version", "kind": "ClusterVersion",
         "ns": CVO, "reason": "PayloadLoaded", "type": "Normal", "component": "openshift-cluster-version",
         "message": 'Payload loaded version="4.16.21" image="%s" architecture="amd64"' % REL}]))


# mode 26 --------------------------------------------------------------------
CCO_MSG = ("Upgradeable annotation cloudcredential.openshift.io/upgradeable-to on "
           "cloudcredential.operator.openshift.io/cluster object needs updating before upgrade. "
           "See Manually Creating IAM documentation for instructions on preparing a cluster for upgrade.")


@case("cvo.upgradeable-false", "fires")
def _(d):
    # 4.12 on AWS with manual credentials: cloud-credential gates the next
    # minor, and the 4.13 API-removal admin gate is not acknowledged.
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("config.openshift.io", "clusteroperators", "cloud-credential", co("cloud-credential", [
        cond("Available", "True", "", ""), cond("Degraded", "False", "", ""),
        cond("Progressing", "False", "", ""),
        cond("Upgradeable", "False", "MissingUpgradeableAnnotation", CCO_MSG, "2026-01-05T16:02:10Z")], "4.12.45"))
    m.cluster("config.openshift.io", "clusterversions", "version", cv([
        cond("Available", "True", "", "Done applying 4.12.45"),
        cond("Failing", "False", "", ""),
        cond("Progressing", "False", "", "Cluster version is 4.12.45"),
        cond("Upgradeable", "False", "MultipleReasons",
             "Cluster should not be upgraded between minor versions for multiple reasons: "
             "MissingUpgradeableAnnotation,AdminAckRequired\n* Cluster operator cloud-credential should not be "
             "upgraded between minor versions: " + CCO_MSG + "\n* Kubernetes 1.26 and therefore OpenShift 4.13 "
             "remove several APIs which require admin consideration.", "2026-01-05T16:02:10Z")], "4.12.45"))


@case("cvo.upgradeable-false", "silent")
def _(d):
    # The near miss (4.20): an update is running, which makes the CVO say
    # Upgradeable=False UpdateInProgress; no operator gates anything.
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("config.openshift.io", "clusteroperators", "cloud-credential", co("cloud-credential", [
        cond("Available", "True", "", ""), cond("Degraded", "False", "", ""),
        cond("Progressing", "False", "", ""), cond("Upgradeable", "True", "AsExpected", "")], "4.20.3"))
    m.cluster("config.openshift.io", "clusterversions", "version", cv([
        cond("Available", "True", "", "Done applying 4.20.2"),
        cond("Failing", "False", "", ""),
        cond("Progressing", "True", "", "Working towards 4.20.3: 611 of 962 done (63% complete)", "2026-01-06T10:30:00Z"),
        cond("Upgradeable", "False", "UpdateInProgress",
             "An update is already in progress and the details are in the Progressing condition", "2026-01-06T10:30:00Z")],
        "4.20.3"))


# mode 33 --------------------------------------------------------------------
MAPI = "openshift-machine-api"
ICE = ("error creating EC2 instance: InsufficientInstanceCapacity: We currently do not have sufficient "
       "m6i.xlarge capacity in the Availability Zone you requested (us-east-1a). Our system will be working "
       "on provisioning additional capacity. You can currently get m6i.xlarge capacity by not specifying an "
       "Availability Zone in your request or choosing us-east-1b, us-east-1c.\n\tstatus code: 500, "
       "request id: 3f1a9c2e-7b4d-4e8f-a6c1-0d2e5b9f7a13")


def machine(name, phase, node_=None, creation_failed=True):
    status = "status:\n"
    if node_:
        status += ("  addresses:\n  - address: 10.0.141.22\n    type: InternalIP\n"
                   "  nodeRef:\n    kind: Node\n    name: %s\n    uid: 0c5e2a7f-3b1d-4e9a-8f6c-2d4b6a8c0e1f\n" % node_)
    status += "  phase: %s\n  providerStatus:\n    conditions:\n" % phase
    if creation_failed:
        status += ("    - lastTransitionTime: \"2026-01-06T09:41:02Z\"\n      message: %s\n"
                   "      reason: MachineCreationFailed\n      status: \"False\"\n      type: MachineCreation\n" % yq(ICE))
    else:
        status += ("    - lastTransitionTime: \"2026-01-06T09:52:40Z\"\n      message: Machine successfully created\n"
                   "      reason: MachineCreationSucceeded\n      status: \"True\"\n      type: MachineCreation\n"
                   "    instanceId: i-0a1b2c3d4e5f60718\n    instanceState: running\n")
    return """apiVersion: machine.openshift.io/v1beta1
kind: Machine
metadata:
  creationTimestamp: "2026-01-06T09:40:55Z"
  labels:
    machine.openshift.io/cluster-api-cluster: ci-op-7x2kq-4f8d2
    machine.openshift.io/cluster-api-machine-role: worker
    machine.openshift.io/cluster-api-machineset: ci-op-7x2kq-4f8d2-worker-us-east-1a
  name: %s
  namespace: openshift-machine-api
  resourceVersion: "48213"
spec:
  providerSpec:
    value:
      instanceType: m6i.xlarge
      placement:
        availabilityZone: us-east-1a
        region: us-east-1
%s""" % (name, status)


def ice_events(name, n):
    ev = []
    for i in range(n):
        t = "2026-01-06T09:%02d:02Z" % (41 + i)
        ev.append({"first": t, "last": t, "name": name, "kind": "Machine", "ns": MAPI,
                   "reason": "FailedCreate", "component": "awscontroller",
                   "message": "%s: reconciler failed to Create machine: failed to launch instance: %s" % (name, ICE)})
    return events(MAPI, ev)


@case("machine.insufficient-capacity", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    name = "ci-op-7x2kq-4f8d2-worker-us-east-1a-8kq2v"
    m.ns(MAPI, "machine.openshift.io/machines/%s.yaml" % name, machine(name, "Provisioning"))
    m.ns(MAPI, "core/events.yaml", ice_events(name, 6))


@case("machine.insufficient-capacity", "silent")
def _(d):
    # The benign form origin ignores: the retries got capacity, the Machine
    # is Running with its node.
    m = MG(d, T("2026-01-06T11:00:00"))
    name = "ci-op-7x2kq-4f8d2-worker-us-east-1a-8kq2v"
    m.ns(MAPI, "machine.openshift.io/machines/%s.yaml" % name,
         machine(name, "Running", "ip-10-0-141-22.ec2.internal", creation_failed=False))
    m.ns(MAPI, "core/events.yaml", ice_events(name, 3))


# mode 35 --------------------------------------------------------------------
def subscription(ns, name, channel, conds, installed=None):
    st = "status:\n  catalogHealth:\n  - catalogSourceRef:\n      name: redhat-operators\n      namespace: openshift-marketplace\n    healthy: true\n    lastUpdated: \"2026-01-06T09:30:00Z\"\n"
    st += "  conditions:\n" + "".join(conds)
    if installed:
        st += "  currentCSV: %s\n  installedCSV: %s\n  state: AtLatestKnown\n" % (installed, installed)
    st += "  lastUpdated: \"2026-01-06T10:40:00Z\"\n"
    return """apiVersion: operators.coreos.com/v1alpha1
kind: Subscription
metadata:
  creationTimestamp: "2026-01-06T09:30:00Z"
  generation: 1
  name: %s
  namespace: %s
  resourceVersion: "61822"
spec:
  channel: %s
  installPlanApproval: Automatic
  name: %s
  source: redhat-operators
  sourceNamespace: openshift-marketplace
%s""" % (name, ns, channel, name, st)


@case("olm.subscription-cannot-install", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    ns = "openshift-logging"
    msg = ("constraints not satisfiable: no operators found in channel stable-5.7 of package cluster-logging "
           "in the catalog referenced by subscription cluster-logging, subscription cluster-logging exists")
    m.ns(ns, "operators.coreos.com/subscriptions/cluster-logging.yaml", subscription(ns, "cluster-logging", "stable-5.7", [
        cond("CatalogSourcesUnhealthy", "False", "AllCatalogSourcesHealthy", "all available catalogsources are healthy"),
        cond("ResolutionFailed", "True", "ConstraintsNotSatisfiable", msg, "2026-01-06T09:30:05Z")]))


@case("olm.subscription-cannot-install", "silent")
def _(d):
    # The near miss: resolution failed once while the catalog was still
    # syncing; the condition went False and the operator is installed.
    m = MG(d, T("2026-01-06T11:00:00"))
    ns = "openshift-logging"
    m.ns(ns, "operators.coreos.com/subscriptions/cluster-logging.yaml", subscription(ns, "cluster-logging", "stable-6.2", [
        cond("CatalogSourcesUnhealthy", "False", "AllCatalogSourcesHealthy", "all available catalogsources are healthy"),
        cond("ResolutionFailed", "False", "", "", "2026-01-06T09:31:40Z")], installed="cluster-logging.v6.2.3"))


# wording variants -----------------------------------------------------------
H = "rendered-master-3e8b1c5d7f9a0b2c4d6e8f0a1b3c5d7e"
NEWH = "rendered-master-8c1d3e5f7a9b0c2d4e6f8a0b1c3d5e7f"


def mcd_missing(d, version, where, reason, quoted, gathered="2026-01-06T11:00:00"):
    """A node whose daemon keeps failing on a missing rendered config, as
    the daemon of that release prints it."""
    m = MG(d, T(gathered))
    n = "master-1.ocp.example.com"
    m.cluster("core", "nodes", n, node(n, current=H, desired=H, state="Degraded", reason=reason))
    m.cluster("machineconfiguration.openshift.io", "machineconfigs", NEWH, gf.mc(NEWH, "master"))
    mco_pod(m, "machine-config-daemon-7tq4x", n, "machine-config-daemon")
    text = yq(reason) if quoted else reason.replace("\n", " ")
    lines = []
    start = T(gathered) - dt.timedelta(minutes=40)
    for t in every(start, 60, 30):
        lines.append(L(t, "I", "daemon.go:690", "In bootstrap mode", 3311))
        lines.append(L(t + dt.timedelta(milliseconds=900), "E", where, "Marking Degraded due to: " + text, 3311))
    m.podlog(MCO, "machine-config-daemon-7tq4x", "machine-config-daemon", lines)


NOTFOUND = 'machineconfig.machineconfiguration.openshift.io "%s" not found' % H


@variant("mcd-4.12-prepping-update")
def _(d):
    # 4.11-4.14: fmt.Errorf("prepping update: %w"), SetDegraded %v
    mcd_missing(d, "4.12", "writer.go:200", "prepping update: " + NOTFOUND, False)


@variant("mcd-4.15-prepping-update-quoted")
def _(d):
    # 4.15: "prepping update: %w", SetDegraded %q
    mcd_missing(d, "4.15", "writer.go:226", "prepping update: " + NOTFOUND, True)


@variant("mcd-4.17-joined")
def _(d):
    # 4.16-4.20: errors.Join(missing MachineConfig, NotFound), %q
    mcd_missing(d, "4.17", "writer.go:231", "missing MachineConfig %s\n%s" % (H, NOTFOUND), True)


@variant("mcd-4.19-bootstrap-mismatch")
def _(d):
    # 4.19-4.20 bootstrap mode: generateBootstrappingMCMismatchError
    mcd_missing(d, "4.19", "writer.go:231",
                "bootstrap generated MC %s and in-cluster generated MC %s for this node do not match. "
                "Please check machine-config-daemon logs or the on disk diff file located at "
                "/etc/machine-config-daemon/bootstrap-mc-diff" % (H, NEWH), True)


@variant("cvo-4.16-slow")
def _(d):
    # 4.16-4.20: an operator merely slow is Progressing with Slow::, not Failing.
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("config.openshift.io", "clusterversions", "version", cv([
        cond("Available", "True", "", "Done applying 4.16.20"),
        cond("Failing", "False", "", ""),
        cond("Progressing", "True", "Slow::ClusterOperatorUpdating",
             "Working towards 4.16.21: 711 of 894 done (79% complete), waiting on machine-config over 90 minutes "
             "which is longer than expected", "2026-01-06T08:31:00Z")], "4.16.21"))


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--variants":
        out = sys.argv[2]
        for name, fn in sorted(VARIANTS.items()):
            d = os.path.join(out, name)
            if os.path.isdir(d):
                shutil.rmtree(d)
            os.makedirs(d)
            fn(d)
        print("%d variants" % len(VARIANTS))
        return
    rules = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(HERE)
    only = set(sys.argv[2:])
    for (rid, kind), fn in sorted(CASES.items()):
        if only and rid not in only:
            continue
        d = os.path.join(rules, "tests", rid, kind)
        if os.path.isdir(d):
            shutil.rmtree(d)
        os.makedirs(d)
        fn(d)
    print("%d cases" % len(CASES))


if __name__ == "__main__":
    main()
