#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
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


def unshare(p):
    """The tests copy the pristine gather with hard links (cp -l): give P
    an inode of its own before writing, so the pristine tree and the other
    cases never change."""
    try:
        st = os.stat(p)
    except FileNotFoundError:
        return
    if st.st_nlink > 1:
        with open(p, "rb") as f:
            data = f.read()
        os.unlink(p)
        with open(p, "wb") as f:
            f.write(data)


def save(p, doc):
    unshare(p)
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


def alert(file_, name, severity, namespace, state, active, summary, extra="{}"):
    """Add alert NAME to a rules-API answer (GET /api/v1/rules); EXTRA is
    a JSON object of more labels (instance, node, mountpoint...)."""
    with open(path(file_)) as f:
        doc = json.load(f)
    labels = {"alertname": name, "severity": severity, "namespace": namespace}
    labels.update(json.loads(extra))
    doc["data"]["groups"][0]["rules"].append({
        "state": state, "name": name, "query": "vector(1)", "duration": 300,
        "labels": {"severity": severity}, "annotations": {"summary": summary},
        "alerts": [{"labels": labels, "annotations": {"summary": summary, "description": summary},
                    "state": state, "activeAt": active, "value": "1e+00"}],
        "health": "ok", "evaluationTime": 0.0003, "lastEvaluation": active, "type": "alerting"})
    unshare(path(file_))
    with open(path(file_), "w") as f:
        json.dump(doc, f)


def cond(rel, type_, status, reason, message, ts):
    """Condition TYPE of the single object in file REL (status.conditions)."""
    p = path(rel)
    doc = load(p)
    set_cond(doc.setdefault("status", {}).setdefault("conditions", []), type_, status, reason, message, ts)
    save(p, doc)


def node_cond(name, type_, status, reason, message, ts):
    p = node_file(name)
    doc = load(p)
    set_cond(doc["status"]["conditions"], type_, status, reason, message, ts)
    save(p, doc)


def taint(name, key, effect, ts):
    p = node_file(name)
    doc = load(p)
    doc["spec"].setdefault("taints", []).append({"effect": effect, "key": key, "timeAdded": ts})
    save(p, doc)


def set_(rel, dotted, value):
    """Set DOTTED (a.b.c; a number indexes a list) of the object in REL to
    the JSON VALUE (null deletes)."""
    p = path(rel)
    doc = load(p)
    keys = dotted.split(".")
    d = doc
    for k in keys[:-1]:
        d = d[int(k)] if isinstance(d, list) else d.setdefault(k, {})
    v = json.loads(value)
    last = keys[-1]
    if isinstance(d, list):
        d[int(last)] = v
    elif v is None:
        d.pop(last, None)
    else:
        d[last] = v
    save(p, doc)


def append(rel, *lines):
    """Append LINES to the text file REL (made with its directories)."""
    p = path(rel)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    unshare(p)
    with open(p, "a") as f:
        for ln in lines:
            f.write(ln + "\n")


def put(rel, text):
    """Write the YAML (or JSON) TEXT as the object file REL."""
    p = path(rel)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    save(p, yaml.safe_load(text))


def event(ns, kind, name, reason, type_, message, first, last, count, component="", host=""):
    """Add an event about KIND NS/NAME to namespaces/NS/core/events.yaml."""
    p = path("namespaces", ns, "core", "events.yaml")
    doc = load(p) if os.path.exists(p) else {"apiVersion": "v1", "items": [], "kind": "EventList",
                                             "metadata": {"resourceVersion": "1"}}
    if doc.get("items") is None:
        doc["items"] = []
    n = len(doc["items"])
    ev = {"apiVersion": "v1", "count": int(count), "eventTime": None, "firstTimestamp": first,
          "involvedObject": {"kind": kind, "name": name, "namespace": ns}, "kind": "Event",
          "lastTimestamp": last, "message": message,
          "metadata": {"creationTimestamp": first, "name": "%s.16a4b%011x" % (name, n), "namespace": ns},
          "reason": reason, "reportingComponent": "", "reportingInstance": "",
          "source": {"component": component} if not host else {"component": component, "host": host},
          "type": type_}
    doc["items"].append(ev)
    save(p, doc)


def pod_waiting(ns, pod, container, reason, message, restarts, last_exit, last_finished):
    """Container CONTAINER of NS/POD waiting (CrashLoopBackOff), not ready,
    after RESTARTS restarts, last exiting with code LAST_EXIT."""
    def fn(doc):
        st = doc["status"]
        for cs in st.get("containerStatuses") or []:
            if cs["name"] != container:
                continue
            cs["ready"] = False
            cs["started"] = False
            cs["restartCount"] = int(restarts)
            cs["lastState"] = {"terminated": {"containerID": cs.get("containerID", ""), "exitCode": int(last_exit),
                                              "finishedAt": last_finished, "reason": "Error",
                                              "startedAt": last_finished}}
            cs["state"] = {"waiting": {"message": message, "reason": reason}}
        for c in st.get("conditions") or []:
            if c["type"] in ("Ready", "ContainersReady"):
                c.update(status="False", reason="ContainersNotReady",
                         message="containers with unready status: [%s]" % container,
                         lastTransitionTime=last_finished)
    edit_pod(ns, pod, fn)


def pod_evicted(ns, pod, message, ts):
    """NS/POD evicted by the kubelet: Failed, reason Evicted."""
    def fn(doc):
        st = doc["status"]
        for k in ("containerStatuses", "podIP", "podIPs", "initContainerStatuses"):
            st.pop(k, None)
        st.update(phase="Failed", reason="Evicted", message=message)
        st["conditions"] = [{"lastProbeTime": None, "lastTransitionTime": ts, "status": "False",
                             "type": "Ready", "reason": "PodFailed"}]
    edit_pod(ns, pod, fn)


def mc_copy(old, new):
    """A rendered MachineConfig NEW, a copy of OLD (what the render
    controller makes when a pool's inputs change)."""
    d = path("cluster-scoped-resources", "machineconfiguration.openshift.io", "machineconfigs")
    doc = load(os.path.join(d, old + ".yaml"))
    doc["metadata"]["name"] = new
    doc["metadata"].pop("uid", None)
    doc["metadata"]["creationTimestamp"] = "2021-09-14T09:58:00Z"
    save(os.path.join(d, new + ".yaml"), doc)


VERBS = {"co": co, "node-ready": node_ready, "cordon": cordon, "pod-unschedulable": pod_unschedulable,
         "node-annot": node_annot, "pool-pause": pool_pause, "alert": alert,
         "cond": cond, "node-cond": node_cond, "taint": taint, "set": set_, "append": append, "put": put,
         "event": event, "pod-waiting": pod_waiting, "pod-evicted": pod_evicted, "mc-copy": mc_copy}
VERBS[verb](*args)
