#!/usr/bin/env python3
"""Edit a copy of a real must-gather the way a broken cluster would look
(tests/triage.test).

    mutate-gather.py ROOT VERB ARGS...

ROOT is the directory holding cluster-scoped-resources/ and namespaces/.
Objects are rewritten with PyYAML (block style, keys in their order)."""
import json
import os
import sys

import yaml

root, verb, args = sys.argv[1], sys.argv[2], sys.argv[3:]


def path(*p):
    return os.path.join(root, *p)


def load(p):
    with open(p) as f:
        return yaml.safe_load(f)


def save(p, doc):
    with open(p, "w") as f:
        yaml.safe_dump(doc, f, sort_keys=False, default_flow_style=False, width=100000)


def set_cond(conds, type_, status, reason, message, ts):
    for c in conds:
        if c.get("type") == type_:
            break
    else:
        c = {"type": type_}
        conds.append(c)
    if c.get("status") != status:
        c["lastTransitionTime"] = ts
    c.update(status=status, reason=reason, message=message)


def co(name, type_, status, reason, message, ts):
    """ClusterOperator NAME condition TYPE (the object is made if absent)."""
    p = path("cluster-scoped-resources", "config.openshift.io", "clusteroperators", name + ".yaml")
    if os.path.exists(p):
        doc = load(p)
    else:
        doc = {"apiVersion": "config.openshift.io/v1", "kind": "ClusterOperator",
               "metadata": {"creationTimestamp": "2021-09-14T09:35:40Z", "generation": 1, "name": name},
               "spec": {}, "status": {"conditions": [
                   {"lastTransitionTime": "2021-09-14T09:44:00Z", "message": "", "reason": "AsExpected", "status": "True", "type": "Available"},
                   {"lastTransitionTime": "2021-09-14T09:44:00Z", "message": "", "reason": "AsExpected", "status": "False", "type": "Progressing"},
                   {"lastTransitionTime": "2021-09-14T09:44:00Z", "message": "", "reason": "AsExpected", "status": "False", "type": "Degraded"}],
                   "versions": [{"name": "operator", "version": "4.8.11"}]}}
    set_cond(doc["status"]["conditions"], type_, status, reason, message, ts)
    save(p, doc)


def node_file(name):
    return path("cluster-scoped-resources", "core", "nodes", name + ".yaml")


def node_ready(name, status, reason, message, ts):
    p = node_file(name)
    doc = load(p)
    for c in doc["status"]["conditions"]:
        if status == "Unknown":
            # the node lifecycle controller sets every condition Unknown
            c.update(status="Unknown", reason="NodeStatusUnknown", message="Kubelet stopped posting node status.",
                     lastTransitionTime=ts)
    set_cond(doc["status"]["conditions"], "Ready", status, reason, message, ts)
    if status == "Unknown":
        doc["spec"].setdefault("taints", []).extend([
            {"effect": "NoSchedule", "key": "node.kubernetes.io/unreachable", "timeAdded": ts},
            {"effect": "NoExecute", "key": "node.kubernetes.io/unreachable", "timeAdded": ts}])
    save(p, doc)


def cordon(name, ts):
    p = node_file(name)
    doc = load(p)
    doc["spec"]["unschedulable"] = True
    doc["spec"].setdefault("taints", []).append(
        {"effect": "NoSchedule", "key": "node.kubernetes.io/unschedulable", "timeAdded": ts})
    save(p, doc)


def edit_pod(ns, pod, fn):
    """Apply fn to pod NS/POD both in pods/POD/POD.yaml and in the
    namespace's core/pods.yaml list, where the gather keeps it twice."""
    p = path("namespaces", ns, "pods", pod, pod + ".yaml")
    doc = load(p)
    fn(doc)
    save(p, doc)
    p = path("namespaces", ns, "core", "pods.yaml")
    if os.path.exists(p):
        lst = load(p)
        for item in lst.get("items") or []:
            if item["metadata"]["name"] == pod:
                fn(item)
        save(p, lst)


def pod_unschedulable(ns, pod, message, ts):
    """A pod the scheduler cannot place: Pending, PodScheduled=False."""
    def fn(doc):
        doc["spec"].pop("nodeName", None)
        st = doc["status"]
        for k in ("containerStatuses", "hostIP", "podIP", "podIPs", "startTime", "initContainerStatuses"):
            st.pop(k, None)
        st["phase"] = "Pending"
        st["conditions"] = [{"lastProbeTime": None, "lastTransitionTime": ts, "message": message,
                             "reason": "Unschedulable", "status": "False", "type": "PodScheduled"}]
    edit_pod(ns, pod, fn)


def node_annot(name, key, value):
    p = node_file(name)
    doc = load(p)
    doc["metadata"]["annotations"][key] = value
    save(p, doc)


def pool_pause(name, pending):
    """Pause pool NAME with a rendered config waiting (spec ahead of status)."""
    p = path("cluster-scoped-resources", "machineconfiguration.openshift.io", "machineconfigpools", name + ".yaml")
    doc = load(p)
    doc["spec"]["paused"] = True
    doc["spec"]["configuration"]["name"] = pending
    st = doc["status"]
    # what the controller reports for it: no machine is at the pool's
    # config (updated and ready count only those), nothing is updating
    st["updatedMachineCount"] = 0
    st["readyMachineCount"] = 0
    for c in st["conditions"]:
        if c["type"] == "Updated":
            c.update(status="False", message="")
        elif c["type"] == "Updating":
            c.update(status="False", message="")
    save(p, doc)


def alert(file_, name, severity, namespace, state, active, summary):
    """Add alert NAME to a rules-API answer (GET /api/v1/rules)."""
    with open(path(file_)) as f:
        doc = json.load(f)
    labels = {"alertname": name, "severity": severity, "namespace": namespace}
    doc["data"]["groups"][0]["rules"].append({
        "state": state, "name": name, "query": "vector(1)", "duration": 300,
        "labels": {"severity": severity}, "annotations": {"summary": summary},
        "alerts": [{"labels": labels, "annotations": {"summary": summary, "description": summary},
                    "state": state, "activeAt": active, "value": "1e+00"}],
        "health": "ok", "evaluationTime": 0.0003, "lastEvaluation": active, "type": "alerting"})
    with open(path(file_), "w") as f:
        json.dump(doc, f)


VERBS = {"co": co, "node-ready": node_ready, "cordon": cordon, "pod-unschedulable": pod_unschedulable,
         "node-annot": node_annot, "pool-pause": pool_pause, "alert": alert}
VERBS[verb](*args)
