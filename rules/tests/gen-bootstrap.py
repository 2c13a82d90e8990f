#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fixtures for the bootstrap batch (failure-modes.md section 2, modes
7-10): installer log bundles as installer-gather.sh writes them and the
installer's .openshift_install.log.  Helpers come from gen-fixtures.py.

usage: gen-bootstrap.py [RULES_DIR [RULE_ID...]]
"""
import importlib.util
import json
import os
import sys

_here = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("genfix", os.path.join(_here, "gen-fixtures.py"))
G = importlib.util.module_from_spec(_spec)
_argv, sys.argv = sys.argv, sys.argv[:1]
_spec.loader.exec_module(G)
sys.argv = _argv
RULES = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(_here)
TESTS = os.path.join(RULES, "tests")

T, write = G.T, G.write
BH = "bootstrap.lab.example.com"
HDR = "-- Logs begin at Tue 2026-01-06 08:59:01 UTC, end at Tue 2026-01-06 10:00:00 UTC. --\n"
REL = "quay.io/openshift-release-dev/ocp-release@sha256:" + "5d" * 32


def short(t):
    """journalctl --output=short (what installer-gather.sh asks for)."""
    return t.strftime("%b %d %H:%M:%S")


def stamp(t):
    return G.rfc(t)


def records(path, entries):
    """bootstrap-service-record.sh's file: jq's 2-space array, empty keys left out."""
    order = ("timestamp", "preCommand", "postCommand", "stage", "phase", "result", "errorLine", "errorMessage")
    out = [{k: e[k] for k in order if e.get(k)} for e in entries]
    write(path, json.dumps(out, indent=2) + "\n")


def run(t, stages, fail=None, msg=""):
    """One bootkube invocation: stages pass, `fail` fails and ends it."""
    e = [dict(timestamp=stamp(t), phase="service start")]
    for s in stages:
        e.append(dict(timestamp=stamp(t), stage=s, phase="stage start"))
        ok = s != fail
        e.append(dict(timestamp=stamp(t), stage=s, phase="stage end", result="success" if ok else "failure",
                      errorLine=None if ok else "186 main /usr/local/bin/bootkube.sh", errorMessage=None if ok else msg))
        if not ok:
            e.append(dict(timestamp=stamp(t), phase="service end", result="failure",
                          errorLine="186 main /usr/local/bin/bootkube.sh", errorMessage=msg))
            return e
    e.append(dict(timestamp=stamp(t), phase="service end", result="success"))
    return e


def bundle(d, bootkube, release=None, journals=None):
    b = os.path.join(d, "log-bundle-20260106100000")
    records(os.path.join(b, "bootstrap/services/bootkube.json"), bootkube)
    if release is not None:
        records(os.path.join(b, "bootstrap/services/release-image.json"), release)
    for unit, lines in (journals or {}).items():
        write(os.path.join(b, "bootstrap/journals/%s.log" % unit), HDR + "".join(l + "\n" for l in lines))
    write(os.path.join(b, "bootstrap/network/hostname.txt"), BH + "\n")
    write(os.path.join(b, "control-plane/192.168.111.20/journals/kubelet.log"), HDR + "-- No entries --\n")
    return b


STAGES = ["kube-apiserver-bootstrap", "kube-controller-manager-bootstrap", "etcd-bootstrap", "cvo-bootstrap"]
CVO_MSG = ("Jan 06 09:20:11 %s bootkube.sh[2330]: Error: unable to pull quay.io/openshift-release-dev/"
           "ocp-v4.0-art-dev@sha256:%s: initializing source docker://quay.io/openshift-release-dev/"
           "ocp-v4.0-art-dev@sha256:%s: reading manifest sha256:%s in quay.io/openshift-release-dev/"
           "ocp-v4.0-art-dev: unauthorized: authentication required" % (BH, "7a" * 32, "7a" * 32, "7a" * 32))
CASES = {}


def case(rid, kind):
    def deco(fn):
        CASES[(rid, kind)] = fn
        return fn
    return deco


@case("bootstrap.bootkube-stage-failed", "fires")
def _(d):
    t = T("2026-01-06T09:20:00")
    bundle(d, run(t, STAGES, "cvo-bootstrap", CVO_MSG) +
           run(T("2026-01-06T09:21:10"), STAGES, "cvo-bootstrap", CVO_MSG))


@case("bootstrap.bootkube-stage-failed", "silent")
def _(d):
    # The first run failed at cvo-bootstrap; systemd restarted bootkube
    # and the second run completed: recovered.
    bundle(d, run(T("2026-01-06T09:20:00"), STAGES, "cvo-bootstrap", CVO_MSG) +
           run(T("2026-01-06T09:21:10"), STAGES))


def pulls(t0, n, ok):
    lines = ["%s %s systemd[1]: Starting Download the OpenShift Release Image..." % (short(t0), BH),
             "%s %s release-image-download.sh[1733]: Pulling %s..." % (short(t0), BH, REL)]
    t = t0
    for i in range(n):
        t = t + G.dt.timedelta(seconds=31)
        lines.append("%s %s release-image-download.sh[1733]: Error: initializing source docker://%s: "
                     "pinging container registry quay.io: Get \"https://quay.io/v2/\": dial tcp "
                     "3.216.152.103:443: connect: connection refused" % (short(t), BH, REL))
        lines.append("%s %s release-image-download.sh[1733]: Pull failed. Retrying %s..." % (short(t), BH, REL))
    if ok:
        t = t + G.dt.timedelta(seconds=40)
        lines.append("%s %s release-image-download.sh[1733]: %s" % (short(t), BH, "0c" * 32))
        lines.append("%s %s systemd[1]: Finished Download the OpenShift Release Image." % (short(t), BH))
    return lines, t


@case("bootstrap.release-image-pull-failed", "fires")
def _(d):
    t0 = T("2026-01-06T09:02:00")
    lines, t = pulls(t0, 40, False)
    bundle(d, [], [dict(timestamp=stamp(t0), phase="service start")], {"release-image": lines})


@case("bootstrap.release-image-pull-failed", "silent")
def _(d):
    # A proxy came up after a few retries: the pull succeeded.
    t0 = T("2026-01-06T09:02:00")
    lines, t = pulls(t0, 4, True)
    bundle(d, run(T("2026-01-06T09:06:00"), STAGES),
           [dict(timestamp=stamp(t0), phase="service start"),
            dict(timestamp=stamp(t), phase="service end", result="success")], {"release-image": lines})


def api_run(t, ok_api, ok_int):
    e = [dict(timestamp=stamp(t), phase="service start")]
    for st, ok, typ, name in (("resolve-api-url", ok_api, "API_URL", "api.lab.example.com"),
                              ("resolve-api-int-url", ok_int, "API_INT_URL", "api-int.lab.example.com")):
        e.append(dict(timestamp=stamp(t), stage=st, phase="stage start"))
        e.append(dict(timestamp=stamp(t), stage=st, phase="stage end", result="success" if ok else "failure",
                      errorLine=None if ok else "73 resolve_url /usr/local/bin/bootstrap-verify-api-server-urls.sh",
                      errorMessage=None if ok else "%s %s bootkube.sh[2210]: Unable to resolve %s %s" % (short(t), BH, typ, name)))
    return e


@case("bootstrap.api-name-unresolved", "fires")
def _(d):
    t = T("2026-01-06T09:20:00")
    bundle(d, api_run(t, True, False), journals={"bootkube": [
        "%s %s bootkube.sh[2210]: Checking if api-int.lab.example.com of type API_INT_URL is resolvable" % (short(t), BH),
        "%s %s bootkube.sh[2210]: Starting stage resolve-api-int-url" % (short(t), BH),
        "%s %s bootkube.sh[2210]: Unable to resolve API_INT_URL api-int.lab.example.com" % (short(t), BH)]})


@case("bootstrap.api-name-unresolved", "silent")
def _(d):
    # api-int did not resolve on the first run; the DNS record was added
    # and the next run resolved it.
    bundle(d, api_run(T("2026-01-06T09:20:00"), True, False) + api_run(T("2026-01-06T09:26:00"), True, True))


def install_log(d, lines):
    write(os.path.join(d, "ocp", ".openshift_install.log"),
          "".join('time="%s" level=%s msg="%s"\n' % (stamp(T(t)), lv, m) for t, lv, m in lines))


HEAD = [("2026-01-06T08:50:00", "info", "Consuming Install Config from target directory"),
        ("2026-01-06T09:05:00", "info", "Waiting up to 20m0s (until 9:25AM UTC) for the Kubernetes API at https://api.lab.example.com:6443..."),
        ("2026-01-06T09:10:00", "info", "API v1.31.6 up"),
        ("2026-01-06T09:10:00", "info", "Waiting up to 45m0s (until 9:55AM UTC) for bootstrapping to complete...")]


@case("install.bootstrap-failed", "fires")
def _(d):
    install_log(d, HEAD + [("2026-01-06T09:55:01", "error", "Bootstrap failed to complete: timed out waiting for the condition"),
                           ("2026-01-06T09:55:30", "fatal", "Bootstrap failed to complete")])


@case("install.bootstrap-failed", "silent")
def _(d):
    # The same wait, completed: bootstrap then install went on.
    install_log(d, HEAD + [("2026-01-06T09:31:12", "info", "Bootstrap status: complete"),
                           ("2026-01-06T09:31:12", "info", "Destroying the bootstrap resources..."),
                           ("2026-01-06T09:58:40", "info", "Install complete!")])


def main():
    G.write_cases(CASES, TESTS, sys.argv)


if __name__ == "__main__":
    main()
