#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Wording variants of the seed rules' messages across OpenShift 4.8-4.20.

Every variant is a must-gather holding one release's wording of what a
seed rule reads, either as a case the rule must fire on or as that
wording's near miss (the same words, benign: short, recovered, someone
else's).  tests/seed-kubelet-wording.test runs each rule on its variants.

    python3 rules/tests/gen-seedkubelet.py --variants DIR
        writes DIR/<variant>/ for every variant;
    python3 rules/tests/gen-seedkubelet.py --list
        prints "<variant> <rule id> fires|silent", one a line.

Where each wording comes from (repository, path, branches) is in the rule
files' comments; the variant names carry the release they stand for.  Tree
shapes and line prefixes are gen-fixtures.py's (imported, not edited).
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

MG, T, cri, klog, jshort, node, pod, events, every, write, yq, header = (
    gf.MG, gf.T, gf.cri, gf.klog, gf.jshort, gf.node, gf.pod, gf.events, gf.every,
    gf.write, gf.yq, gf.header)
RUNNING, CREATING, crashloop = gf.RUNNING, gf.CREATING, gf.crashloop

VARIANTS = {}


def variant(name, rule_id, kind):
    def deco(fn):
        VARIANTS[name] = (rule_id, kind, fn)
        return fn
    return deco


def esc(s):
    """A value inside a structured klog key="value" pair."""
    return s.replace("\\", "\\\\").replace('"', '\\"')


def journal(host, ident, pid, t, sev, where, msg):
    """One journalctl -o short-precise line of the kubelet unit."""
    return "%s %s %s[%d]: %s %s" % (jshort(t), host, ident, pid, klog(t, sev, pid, where), msg)


def kubelet_log(m, host, ident, pid, times, sev, where, msgfn, first=None):
    lines = [journal(host, ident, pid, t, sev, where, msgfn(i)) for i, t in enumerate(times)]
    m.hostlog("kubelet_service.log", lines, header(first or times[0], times[-1]))


# kubelet.anonymous-auth ----------------------------------------------------
# fires: one kubelet process refused for 36 minutes; silent: the same words
# for 15 s after a kubelet start, until its client certificate loads.
NODE = "master-1.ocp.example.com"
FORBID = ('nodes "%s" is forbidden: User "system:anonymous" cannot list resource "nodes" '
          'in API group "" at the cluster scope' % NODE)
ANON = {
    # client-go 1.21 reflector.go: HandleError(fmt.Errorf("%s: Failed to watch %v: %v"))
    "4.8": ("hyperkube", "reflector.go:138", "E",
            "k8s.io/client-go/informers/factory.go:134: Failed to watch *v1.Node: failed to list *v1.Node: " + FORBID),
    # client-go 1.24: klog.Warningf("%s: failed to list %v: %v")
    "4.11": ("hyperkube", "reflector.go:324", "W",
             "k8s.io/client-go/informers/factory.go:134: failed to list *v1.Node: " + FORBID),
    # client-go 1.27, printf still (HandleError -> klog.ErrorDepth)
    "4.14": ("kubenswrapper", "reflector.go:147", "E",
             "k8s.io/client-go/informers/factory.go:150: Failed to watch *v1.Node: failed to list *v1.Node: " + FORBID),
    # apimachinery 1.31: HandleError logs "Unhandled Error" err=...
    "4.18": ("kubenswrapper", "reflector.go:158", "E",
             '"Unhandled Error" err="%s" logger="UnhandledError"'
             % esc("k8s.io/client-go/informers/factory.go:160: Failed to watch *v1.Node: failed to list *v1.Node: " + FORBID)),
    # client-go 1.33: HandleErrorWithContext(ctx, err, "Failed to watch", ...)
    "4.20": ("kubenswrapper", "reflector.go:200", "E",
             '"Failed to watch" err="%s" logger="UnhandledError" reflector="k8s.io/client-go/informers/factory.go:160" type="*v1.Node"'
             % esc("failed to list *v1.Node: " + FORBID)),
}


def anon_case(d, release, fires):
    ident, where, sev, msg = ANON[release]
    m = MG(d, T("2025-07-14T14:00:00"))
    if fires:
        times = every(T("2025-07-14T13:09:48"), 90, 24)
    else:
        times = every(T("2025-07-14T13:09:48"), 0.3, 50)
    kubelet_log(m, "master-1", ident, 1338841, times, sev, where, lambda i: msg)


for _r in ANON:
    variant("anon-%s" % _r, "kubelet.anonymous-auth", "fires")(lambda d, r=_r: anon_case(d, r, True))
    variant("anon-%s-startup" % _r, "kubelet.anonymous-auth", "silent")(lambda d, r=_r: anon_case(d, r, False))


# kubelet.client-cert-missing -----------------------------------------------
PEM = "/var/lib/kubelet/pki/kubelet-client-current.pem"
BOOT_READ = ("unable to read existing bootstrap client config from /var/lib/kubelet/kubeconfig: invalid configuration: "
             "[unable to read client-cert %s for default-auth due to open %s: no such file or directory, "
             "unable to read client-key %s for default-auth due to open %s: no such file or directory]" % (PEM, PEM, PEM, PEM))
CSR = "cannot create certificate signing request: Unauthorized"
CERT = {
    # client-go 1.21 certificate_manager.go:437, printf
    "4.8": ("hyperkube", BOOT_READ,
            "Failed while requesting a signed certificate from the master: " + CSR, "certificate_manager.go:437"),
    # client-go 1.25/1.26: "%s: Failed while requesting ... from the control plane: %v"
    "4.12": ("kubenswrapper", BOOT_READ,
             "kubernetes.io/kube-apiserver-client-kubelet: Failed while requesting a signed certificate from the control plane: " + CSR,
             "certificate_manager.go:471"),
    # client-go 1.33: HandleErrorWithContext(ctx, err, "Failed while requesting ...")
    "4.20": ("kubenswrapper", '"Unhandled Error" err="%s" logger="UnhandledError"' % esc(BOOT_READ),
             '"Failed while requesting a signed certificate from the control plane" err="%s" logger="UnhandledError"' % CSR,
             "certificate_manager.go:596"),
}


def cert_case(d, release, fires):
    ident, boot, refused, where = CERT[release]
    m = MG(d, T("2025-07-14T14:00:00"))
    t0 = T("2025-07-14T13:09:47")
    pid = 1338841
    L = lambda t, sev, w, msg: journal("master-1", ident, pid, t, sev, w, msg)
    if fires:
        lines = [L(t0, "I", "server.go:929", "Client rotation is on, will bootstrap in background"),
                 L(t0, "E", "bootstrap.go:241", boot)]
        lines += [L(t, "E", where, refused) for t in every(t0 + dt.timedelta(seconds=1), 420, 5)]
    else:
        # the healthy start of that release: the pair loads, rotation runs
        lines = [L(t0, "I", "server.go:929", "Client rotation is on, will bootstrap in background"),
                 L(t0, "I", "certificate_store.go:130", 'Loading cert/key pair from "%s".' % PEM),
                 L(t0, "I", "certificate_manager.go:356", "Certificate rotation is enabled.")]
    m.hostlog("kubelet_service.log", lines, header(t0, T("2025-07-14T13:45:00")))


for _r in CERT:
    variant("cert-%s" % _r, "kubelet.client-cert-missing", "fires")(lambda d, r=_r: cert_case(d, r, True))
    variant("cert-%s-healthy" % _r, "kubelet.client-cert-missing", "silent")(lambda d, r=_r: cert_case(d, r, False))


# kubelet.object-not-registered ---------------------------------------------
# fires: every 6 minutes for 3 hours from one kubelet; silent: the same for
# 30 minutes during install.
NOTREG = {
    "4.8-projected": ("hyperkube", "projected.go:293",
                      'Couldn\'t get configMap openshift-etcd/kube-root-ca.crt: object "openshift-etcd"/"kube-root-ca.crt" not registered'),
    "4.10-secret": ("hyperkube", "secret.go:192",
                    'Couldn\'t get secret openshift-etcd/etcd-all-certs: object "openshift-etcd"/"etcd-all-certs" not registered'),
    "4.13-mountsetup": ("kubenswrapper", "nestedpendingoperations.go:348",
                        'Operation for "{volumeName:kubernetes.io/projected/0b3c4d5e-6f70-4182-93a4-b5c6d7e8f901-kube-api-access podName:0b3c4d5e-6f70-4182-93a4-b5c6d7e8f901 nodeName:}" '
                        'failed. No retries permitted until 2025-12-03 11:32:02.123456789 +0000 UTC m=+120.5 (durationBeforeRetry 2m2s). '
                        'Error: MountVolume.SetUp failed for volume "kube-api-access" (UniqueName: "kubernetes.io/projected/0b3c4d5e-6f70-4182-93a4-b5c6d7e8f901-kube-api-access") '
                        'pod "installer-6-master-1" (UID: "0b3c4d5e-6f70-4182-93a4-b5c6d7e8f901") : [object "openshift-etcd"/"kube-root-ca.crt" not registered, '
                        'object "openshift-etcd"/"openshift-service-ca.crt" not registered]'),
    "4.18-structured": ("kubenswrapper", "projected.go:288",
                        '"Couldn\'t get configMap" err="%s" pod="openshift-etcd/installer-6-master-1"'
                        % esc('object "openshift-etcd"/"kube-root-ca.crt" not registered')),
}


def notreg_case(d, key, fires):
    ident, where, msg = NOTREG[key]
    m = MG(d, T("2025-12-03T14:36:42"))
    if fires:
        times = every(T("2025-12-03T11:30:00"), 360, 31)
    else:
        times = every(T("2025-12-03T11:30:00"), 60, 30)
    kubelet_log(m, "master-1", ident, 544019, times, "E", where, lambda i: msg)


for _k in NOTREG:
    variant("notreg-%s" % _k, "kubelet.object-not-registered", "fires")(lambda d, k=_k: notreg_case(d, k, True))
    variant("notreg-%s-install" % _k, "kubelet.object-not-registered", "silent")(lambda d, k=_k: notreg_case(d, k, False))


# network.cni-not-ready -----------------------------------------------------
CNI_NO = "No CNI configuration file in /etc/kubernetes/cni/net.d/. Has your network provider started?"
CNI_LOWER = "no CNI configuration file in /etc/kubernetes/cni/net.d/. Has your network provider started?"
RUNTIME = "NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: %s"
CNI = {
    # CRI-O 1.21-1.29 (ocicni <= v0.4.1): capital "No"
    "4.8": ("hyperkube", "kubelet.go:2211",
            '"Container runtime network not ready" networkReady="%s"' % (RUNTIME % CNI_NO)),
    "4.14": ("kubenswrapper", "kubelet.go:2874",
             '"Container runtime network not ready" networkReady="%s"' % (RUNTIME % CNI_NO)),
    # CRI-O 1.30+ (ocicni v0.4.2+): "no"
    "4.17": ("kubenswrapper", "kubelet.go:3002",
             '"Container runtime network not ready" networkReady="%s"' % (RUNTIME % CNI_LOWER)),
    # a pod the kubelet cannot sync says it too
    "4.20-podsync": ("kubenswrapper", "pod_workers.go:1301",
                     '"Error syncing pod, skipping" err="%s" pod="openshift-etcd/installer-6-master-1" podUID="0b3c4d5e-6f70-4182-93a4-b5c6d7e8f901"'
                     % esc("network is not ready: container runtime network not ready: " + (RUNTIME % CNI_LOWER))),
}


def cni_case(d, key, fires):
    ident, where, msg = CNI[key]
    m = MG(d, T("2025-12-03T14:36:42"))
    t0 = T("2025-12-03T13:30:00")
    # fires: every 30 s for an hour; silent: every 5 s for 3 minutes, then Ready
    times = every(t0, 30, 120) if fires else every(t0, 5, 36)
    lines = [journal("master-1", ident, 1373, t, "E", where, msg) for t in times]
    if not fires:
        t = times[-1] + dt.timedelta(seconds=20)
        lines.append(journal("master-1", ident, 1373, t, "I", "kubelet_node_status.go:724",
                             '"Node became ready" node="master-1"'))
    m.hostlog("kubelet_service.log", lines, header(t0, T("2025-12-03T14:36:00")))


def cni_node_case(d, fires):
    # The Node's Ready condition, 4.8-4.16 CRI-O wording ("No CNI ..."):
    # NotReady for 40 minutes on a node a day old; silent: a worker joining
    # two minutes before the must-gather.
    m = MG(d, T("2025-12-03T14:36:42"))
    msg = "container runtime network not ready: " + (RUNTIME % CNI_NO)
    if fires:
        m.cluster("core", "nodes", "worker-2", node("worker-2", roles=("worker",), ready="False", ready_reason="KubeletNotReady",
                                                    ready_msg=msg, created="2025-12-02T15:35:11Z", ip="10.46.125.32",
                                                    ready_since="2025-12-03T13:56:09Z"))
    else:
        m.cluster("core", "nodes", "worker-2", node("worker-2", roles=("worker",), ready="False", ready_reason="KubeletNotReady",
                                                    ready_msg=msg, created="2025-12-03T14:34:40Z", ip="10.46.125.32",
                                                    ready_since="2025-12-03T14:34:40Z"))


for _k in CNI:
    variant("cni-%s" % _k, "network.cni-not-ready", "fires")(lambda d, k=_k: cni_case(d, k, True))
    variant("cni-%s-boot" % _k, "network.cni-not-ready", "silent")(lambda d, k=_k: cni_case(d, k, False))
variant("cni-4.12-node-status", "network.cni-not-ready", "fires")(lambda d: cni_node_case(d, True))
variant("cni-4.12-node-status-joining", "network.cni-not-ready", "silent")(lambda d: cni_node_case(d, False))


# pods.stuck-container-creating ---------------------------------------------
PODINIT = {"now": "      waiting:\n        reason: PodInitializing\n"}
INIT_RUNNING = {"now": "      running:\n        startedAt: \"2025-12-03T14:20:00Z\"\n"}


def with_init(text, inits):
    """Add spec.initContainers and status.initContainerStatuses to pod()."""
    spec = "  initContainers:\n" + "".join(
        "  - image: quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:2222\n    name: %s\n" % n for n, _ in inits)
    stats = "  initContainerStatuses:\n" + "".join(
        """  - image: quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:2222
    imageID: ""
    name: %s
    ready: false
    restartCount: 0
    started: %s
    state:
%s""" % (n, "true" if st is INIT_RUNNING else "false", st["now"]) for n, st in inits)
    text = text.replace("  nodeName:", spec + "  nodeName:", 1)
    return text.replace("  phase:", stats + "  phase:", 1)


def initpod_case(d, fires):
    # A pod with init containers and no sandbox: every status PodInitializing
    # (fires, created three hours ago); silent: the same pod whose first init
    # container is running (its app container still says PodInitializing).
    m = MG(d, T("2025-12-03T14:36:42"))
    ns, name = "openshift-multus", "multus-additional-cni-plugins-7xk2p"
    inits = [("egress-router-binary-copy", PODINIT), ("cni-plugins", PODINIT)]
    if not fires:
        inits = [("egress-router-binary-copy", INIT_RUNNING), ("cni-plugins", PODINIT)]
    text = pod(ns, name, "worker-2", [("kube-multus-additional-cni-plugins", PODINIT, 0, False)],
               created="2025-12-03T11:20:04Z", phase="Pending")
    m.ns(ns, "pods/%s/%s.yaml" % (name, name), with_init(text, inits))


def sandbox_case(d, release, fires):
    # FailedCreatePodSandBox events: the reason is the kubelet's constant in
    # every release; the message is CRI-O's and multus's of that release.
    msgs = {
        "4.8": 'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to create pod network sandbox '
               'k8s_installer-6-master-1_openshift-etcd_0b3c4d5e-6f70-4182-93a4-b5c6d7e8f901_0(9f1e2d3c): error adding pod '
               'openshift-etcd_installer-6-master-1 to CNI network "multus-cni-network": Multus: [openshift-etcd/installer-6-master-1]: '
               'have you checked that your default network is ready? still waiting for readinessindicatorfile @ '
               '/var/run/multus/cni/net.d/10-ovn-kubernetes.conf. pollimmediate error: timed out waiting for the condition',
        "4.16": 'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to create pod network sandbox '
                'k8s_installer-6-master-1_openshift-etcd_0b3c4d5e-6f70-4182-93a4-b5c6d7e8f901_0(9f1e2d3c): error adding pod '
                'openshift-etcd_installer-6-master-1 to CNI network "multus-cni-network": plugin type="multus-shim" name="multus-cni-network" '
                'failed (add): CmdAdd (shim): CNI request failed with status 400: \'[openshift-etcd/installer-6-master-1/0b3c4d5e-6f70-4182-93a4-b5c6d7e8f901:ovn-kubernetes]: '
                'error adding container to network "ovn-kubernetes": failed to send CNI request: Post "http://dummy/": dial unix '
                '/var/run/ovn-kubernetes/cni//ovn-cni-server.sock: connect: connection refused\'',
    }
    m = MG(d, T("2025-12-03T14:36:42"))
    if fires:
        ev = dict(name="installer-6-master-1", reason="FailedCreatePodSandBox", count=61,
                  first="2025-12-03T11:21:10Z", last="2025-12-03T14:35:58Z", message=msgs[release])
    else:
        ev = dict(name="installer-6-master-1", reason="FailedCreatePodSandBox", count=4,
                  first="2025-12-02T15:43:47Z", last="2025-12-02T15:44:20Z", message=msgs[release])
    m.ns("openshift-etcd", "core/events.yaml", events("openshift-etcd", [ev]))


variant("stuck-initpod", "pods.stuck-container-creating", "fires")(lambda d: initpod_case(d, True))
variant("stuck-initpod-running", "pods.stuck-container-creating", "silent")(lambda d: initpod_case(d, False))
for _r in ("4.8", "4.16"):
    variant("sandbox-%s" % _r, "pods.stuck-container-creating", "fires")(lambda d, r=_r: sandbox_case(d, r, True))
    variant("sandbox-%s-install" % _r, "pods.stuck-container-creating", "silent")(lambda d, r=_r: sandbox_case(d, r, False))


# network.service-ip-unreachable --------------------------------------------
def svc_case(d, style, ip, fires):
    m = MG(d, T("2025-01-15T11:48:00"))
    target = "[%s]" % ip if ":" in ip else ip
    err = ('Get "https://%s:443/api/v1/namespaces/kube-system/configmaps/extension-apiserver-authentication": '
           'dial tcp %s:443: i/o timeout' % (target, target))
    ops = [("openshift-config-operator", "openshift-config-operator-5d8b7c6f4-r68lz", "openshift-config-operator"),
           ("openshift-apiserver-operator", "openshift-apiserver-operator-6c4f9d8b7-n4q5p", "openshift-apiserver-operator"),
           ("openshift-authentication-operator", "authentication-operator-7b9c6d5f8-zz67l", "authentication-operator")]
    for i, (ns, podname, c) in enumerate(ops):
        t = T("2025-01-15T11:41:01") + dt.timedelta(seconds=7 * i)
        m.ns(ns, "pods/%s/%s.yaml" % (podname, podname),
             pod(ns, podname, "master0", [(c, crashloop(c) if fires else RUNNING, 16 if fires else 2, not fires)],
                 created="2025-01-15T10:40:00Z"))
        t2 = t + dt.timedelta(seconds=30)
        if style == "printf":
            # library-go cmd.go (Go 1.16, 4.8): klog.Fatal of the error
            line = "%s %s unable to load configmap based request-header-client-ca-file: %s" % (cri(t2), klog(t2, "F", 1, "cmd.go:182"), err)
        else:
            # a structured client-go line of a later operator
            line = '%s %s "Unhandled Error" err="%s" logger="UnhandledError"' % (
                cri(t2), klog(t2, "E", 1, "reflector.go:166"),
                esc("k8s.io/client-go/informers/factory.go:160: Failed to watch *v1.ConfigMap: failed to list *v1.ConfigMap: " + err))
        m.podlog(ns, podname, c, [
            "%s %s Using service account token from /var/run/secrets/kubernetes.io/serviceaccount/token" % (cri(t), klog(t, "I", 1, "cmd.go:253")),
            line], previous=True)


for _style, _ip, _rel in (("printf", "172.30.0.1", "4.8"), ("structured", "172.30.0.1", "4.18"), ("structured", "fd02::1", "4.18-ipv6")):
    variant("svcip-%s" % _rel, "network.service-ip-unreachable", "fires")(lambda d, s=_style, i=_ip: svc_case(d, s, i, True))
    variant("svcip-%s-recovered" % _rel, "network.service-ip-unreachable", "silent")(lambda d, s=_style, i=_ip: svc_case(d, s, i, False))


# pki.apiserver-no-localhost-san ----------------------------------------------
SANS = ("api-int.hb.lab, api.hb.lab, kubernetes, kubernetes.default, kubernetes.default.svc, "
        "kubernetes.default.svc.cluster.local, openshift, openshift.default, openshift.default.svc, "
        "openshift.default.svc.cluster.local")
SAN = {
    # Go <= 1.19 (4.8-4.13): the x509 error bare, printf klog
    "go1.16": ("printf", "localhost", "x509: certificate is valid for %s, not localhost" % SANS,
               "x509: certificate is valid for %s, not api-int.other.lab" % SANS),
    # Go 1.20+ (4.14-4.20): tls: failed to verify certificate: prefix, structured
    "go1.20": ("structured", "localhost", "tls: failed to verify certificate: x509: certificate is valid for %s, not localhost" % SANS,
               "tls: failed to verify certificate: x509: certificate is valid for %s, not api-int.other.lab" % SANS),
    "ip-sans": ("structured", "127.0.0.1",
                "tls: failed to verify certificate: x509: cannot validate certificate for 127.0.0.1 because it doesn't contain any IP SANs",
                "tls: failed to verify certificate: x509: cannot validate certificate for 192.168.126.10 because it doesn't contain any IP SANs"),
    "no-names": ("printf", "localhost", "x509: certificate is not valid for any names, but wanted to match localhost",
                 "x509: certificate is not valid for any names, but wanted to match api-int.other.lab"),
    "many-names": ("structured", "localhost",
                   "tls: failed to verify certificate: x509: certificate is valid for 120 names, but none matched localhost",
                   "tls: failed to verify certificate: x509: certificate is valid for 120 names, but none matched api-int.other.lab"),
}


def san_case(d, key, fires):
    style, host, err_fire, err_silent = SAN[key]
    err = err_fire if fires else err_silent
    target = host if fires else ("192.168.126.10" if key == "ip-sans" else "api-int.other.lab")
    url = "https://%s:6443/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/kube-controller-manager?timeout=6s" % target
    lines = []
    for t in every(T("2025-01-15T10:32:08"), 380, 5):
        if style == "printf":
            lines.append('%s %s error retrieving resource lock kube-system/kube-controller-manager: Get "%s": %s'
                         % (cri(t), klog(t, "E", 1, "leaderelection.go:330"), url, err))
        else:
            lines.append('%s %s "Failed to update lock optimistically" err="%s" lock="kube-system/kube-controller-manager"'
                         % (cri(t), klog(t, "E", 1, "leaderelection.go:436"), esc('Get "%s": %s' % (url, err))))
    m = MG(d, T("2025-01-15T11:48:00"))
    m.podlog("openshift-kube-controller-manager", "kube-controller-manager-master0", "kube-controller-manager", lines)


for _k in SAN:
    variant("san-%s" % _k, "pki.apiserver-no-localhost-san", "fires")(lambda d, k=_k: san_case(d, k, True))
    variant("san-%s-other-host" % _k, "pki.apiserver-no-localhost-san", "silent")(lambda d, k=_k: san_case(d, k, False))


# pki.etcd-server-no-clientauth -----------------------------------------------
def etcd_line(t, msg, remote, own, err):
    own_j = '"%s","127.0.0.1","::1"' % own
    return ('%s {"level":"warn","ts":"%s","caller":"embed/config_logging.go:169","msg":"%s","remote-addr":"%s",'
            '"server-name":"","ip-addresses":[%s],"dns-names":["localhost","master0","etcd.hb.lab"],"error":"%s"}'
            % (cri(t), t.strftime("%Y-%m-%dT%H:%M:%S.%fZ"), msg, remote, own_j, err))


EKU = "x509: certificate specifies an incompatible key usage"
ETCD = {
    # etcd 3.4 (4.8), Go 1.15/1.16 server side
    "3.4": ("rejected connection", "192.168.126.11", "tls: failed to verify client's certificate: " + EKU),
    # etcd 3.5.0-3.5.14, Go 1.19
    "3.5.9": ("rejected connection", "192.168.126.11", "tls: failed to verify client's certificate: " + EKU),
    # etcd 3.5.15+, Go 1.20+
    "3.5.16": ("rejected connection on client endpoint", "192.168.126.11", "tls: failed to verify certificate: " + EKU),
    # IPv6: the remote address in brackets, the certificate's IP without
    "3.5.16-ipv6": ("rejected connection on client endpoint", "fd00:1101::11", "tls: failed to verify certificate: " + EKU),
}


def etcd_case(d, key, fires):
    msg, own, err = ETCD[key]
    m = MG(d, T("2025-01-15T11:48:00"))
    m.ns("openshift-etcd", "pods/etcd-master0/etcd-master0.yaml",
         pod("openshift-etcd", "etcd-master0", "master0", [("etcd", RUNNING, 0, True)], created="2025-01-15T10:31:50Z"))
    lines = []
    for i, t in enumerate(every(T("2025-01-15T10:31:58"), 400, 6)):
        if fires:
            remote = ("[%s]:%d" if ":" in own else "%s:%d") % (own, 41242 + i)
        else:
            # a foreign client with a certificate for clients only
            remote = ("[fd00:1101::77]:%d" if ":" in own else "10.0.5.77:%d") % (52000 + i)
        lines.append(etcd_line(t, msg, remote, own, err))
    m.podlog("openshift-etcd", "etcd-master0", "etcd", lines)


for _k in ETCD:
    variant("etcd-%s" % _k, "pki.etcd-server-no-clientauth", "fires")(lambda d, k=_k: etcd_case(d, k, True))
    variant("etcd-%s-foreign" % _k, "pki.etcd-server-no-clientauth", "silent")(lambda d, k=_k: etcd_case(d, k, False))


# baremetal.host-stuck-inspecting ---------------------------------------------
def bmh_retrying(d, fires):
    # An inspection that keeps failing: state inspecting, errorType
    # "inspection error", lastUpdated refreshed by each retry two minutes
    # ago; operationHistory.inspect.start says when it began (2 h ago; the
    # near miss: 6 minutes ago).
    m = MG(d, T("2025-12-03T14:36:42"))
    start = "2025-12-03T12:31:02Z" if fires else "2025-12-03T14:30:40Z"
    text = gf.bmh("master-2", "inspecting", "2025-12-03T14:34:40Z",
                  "timeout reached while inspecting the node")
    text = text.replace("  errorCount: 0\n", "  errorCount: 4\n")
    text = text.replace("  goodCredentials: {}\n", "  errorType: inspection error\n  goodCredentials: {}\n")
    text = text.replace("  operationalStatus: OK\n",
                        "  operationHistory:\n    deprovision:\n      end: null\n      start: null\n"
                        "    inspect:\n      end: null\n      start: \"%s\"\n"
                        "    provision:\n      end: null\n      start: null\n"
                        "    register:\n      end: \"2025-12-03T12:31:01Z\"\n      start: \"2025-12-03T12:30:12Z\"\n"
                        "  operationalStatus: error\n" % start)
    m.ns("openshift-machine-api", "metal3.io/baremetalhosts/master-2.yaml", text)


def bmh_quiet(d, fires):
    # The 4.8 shape (same fields): no error, lastUpdated 90 min old.
    m = MG(d, T("2021-09-14T14:43:46"))
    last = "2021-09-14T13:10:02Z" if fires else "2021-09-14T14:38:20Z"
    m.ns("openshift-machine-api", "metal3.io/baremetalhosts/worker-1.yaml", gf.bmh("worker-1", "inspecting", last))


variant("bmh-4.16-inspection-error-retrying", "baremetal.host-stuck-inspecting", "fires")(lambda d: bmh_retrying(d, True))
variant("bmh-4.16-inspection-error-just-started", "baremetal.host-stuck-inspecting", "silent")(lambda d: bmh_retrying(d, False))
variant("bmh-4.8-silent-agent", "baremetal.host-stuck-inspecting", "fires")(lambda d: bmh_quiet(d, True))
variant("bmh-4.8-inspecting-5min", "baremetal.host-stuck-inspecting", "silent")(lambda d: bmh_quiet(d, False))


# baremetal.mlx5-module-query-error -------------------------------------------
MLX5 = {
    # mlx5_query_module_id (RHEL 8 4.18 kernel, RHCOS 4.8-4.12)
    "rhel8": "mlx5_core 0000:3b:00.%d: mlx5_query_module_id:315:(pid 1893): query_mcia_reg failed: status: 0x3",
    # mlx5_query_mcia (upstream 5.13+, RHEL 9 5.14: RHCOS 4.13-4.20 and the ramdisk)
    "rhel9": "mlx5_core 0000:3b:00.%d: mlx5_query_mcia:376:(pid 2211): query_mcia_reg failed: status: 0x3",
}


def mlx5_case(d, key, fires):
    m = MG(d, T("2025-12-03T14:36:42"))
    if fires:
        m.ns("openshift-machine-api", "metal3.io/baremetalhosts/master-2.yaml", gf.bmh("master-2", "inspecting", "2025-12-03T13:06:40Z"))
        lines = []
        for i, t in enumerate(every(T("2025-12-02T15:47:05"), 30, 8)):
            lines.append("%s master-2_0d107030-2d4d-413a-9941-db21dba52cc5_inspect_2025-12-02-16-12-51.tar.gz: %s localhost.localdomain kernel: %s"
                         % (cri(T("2025-12-02T16:12:51")), t.strftime("%b %d %H:%M:%S"), MLX5[key] % (i % 2)))
        m.podlog("openshift-machine-api", "metal3-5b8d7c9f6d-9phj5", "metal3-ramdisk-logs", lines)
    else:
        # someone ran ethtool -m on an empty port of a provisioned host, once
        m.ns("openshift-machine-api", "metal3.io/baremetalhosts/worker-0.yaml", gf.bmh("worker-0", "provisioned", "2025-12-02T18:10:00Z"))
        write(os.path.join(d, "worker-0-journal.log"),
              "Dec 03 09:12:44 worker-0 kernel: %s\n" % (MLX5[key] % 1) +
              "Dec 03 09:12:44 worker-0 sudo[40208]:     core : TTY=pts/0 ; PWD=/var/home/core ; USER=root ; COMMAND=/usr/sbin/ethtool -m ens2f1\n")


for _k in MLX5:
    variant("mlx5-%s" % _k, "baremetal.mlx5-module-query-error", "fires")(lambda d, k=_k: mlx5_case(d, k, True))
    variant("mlx5-%s-ethtool-once" % _k, "baremetal.mlx5-module-query-error", "silent")(lambda d, k=_k: mlx5_case(d, k, False))


def main():
    if len(sys.argv) == 2 and sys.argv[1] == "--list":
        for name, (rid, kind, _) in sorted(VARIANTS.items()):
            print(name, rid, kind)
        return
    if len(sys.argv) == 3 and sys.argv[1] == "--variants":
        out = sys.argv[2]
        for name, (_, _, fn) in sorted(VARIANTS.items()):
            d = os.path.join(out, name)
            if os.path.isdir(d):
                shutil.rmtree(d)
            os.makedirs(d)
            fn(d)
        print("%d variants" % len(VARIANTS))
        return
    sys.exit("usage: gen-seedkubelet.py --variants DIR | --list")


if __name__ == "__main__":
    main()
