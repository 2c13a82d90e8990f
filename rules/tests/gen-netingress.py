#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fixtures for the network/ingress batch of issue #15 (failure-modes.md
section 2, modes 12-15, 27, 30, 32, 34, 36, 38).

    python3 rules/tests/gen-netingress.py [RULES_DIR [RULE_ID...]]

Reuses the must-gather writers of gen-fixtures.py (imported, not edited).
"""
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
T, MG, co, cond, yq, events, write = g.T, g.MG, g.co, g.cond, g.yq, g.events, g.write

CASES = {}


def case(rule_id, kind):
    def deco(fn):
        CASES[(rule_id, kind)] = fn
        return fn
    return deco


def operator_cr(api, kind, name, conds, ns=None, spec="  managementState: Managed\n"):
    meta = "  namespace: %s\n" % ns if ns else ""
    return """apiVersion: %s
kind: %s
metadata:
  creationTimestamp: "2026-01-06T09:02:11Z"
  generation: 2
  name: %s
%s  resourceVersion: "70111"
spec:
%sstatus:
  conditions:
%s""" % (api, kind, name, meta, spec, "".join(conds))


def ingresscontroller(m, conds):
    m.ns("openshift-ingress-operator", "operator.openshift.io/ingresscontrollers/default.yaml",
         operator_cr("operator.openshift.io/v1", "IngressController", "default", conds,
                     ns="openshift-ingress-operator", spec="  replicas: 2\n"))


OK = [cond("Available", "True", "AsExpected", ""), cond("Progressing", "False", "AsExpected", ""),
      cond("Degraded", "False", "AsExpected", "")]
SYNC_LB = ("The service-controller component is reporting SyncLoadBalancerFailed events like: "
           "Error syncing load balancer: failed to ensure load balancer: AccessDenied: User: "
           "arn:aws:iam::123456789012:user/ci-ingress is not authorized to perform: "
           "elasticloadbalancing:CreateLoadBalancer\n\tstatus code: 403, request id: 5c2e\n"
           "The cloud-controller-manager logs may contain more details.")
DNS_FAIL = "The record failed to provision in some zones: [{ map[Name:ci-7x2k-int kubernetes.io/cluster/ci-7x2k:owned]} {Z08812341VJ6ZQZ2CXKQP map[]}]"


# mode 12 --------------------------------------------------------------------
@case("ingress.lb-dns-not-provisioned", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    ingresscontroller(m, [
        cond("Available", "True", "", "The deployment has Available status condition set to True", "2026-01-06T09:40:00Z"),
        cond("LoadBalancerManaged", "True", "WantedByEndpointPublishingStrategy", "The endpoint publishing strategy supports a managed load balancer"),
        cond("LoadBalancerReady", "False", "SyncLoadBalancerFailed", SYNC_LB, "2026-01-06T09:31:02Z"),
        cond("DNSManaged", "True", "Normal", "DNS management is supported and zones are specified in the cluster DNS config."),
        cond("DNSReady", "False", "FailedZones", DNS_FAIL, "2026-01-06T09:31:05Z"),
        cond("Degraded", "True", "DegradedConditions",
             "One or more other status conditions indicate a degraded state: LoadBalancerReady=False (SyncLoadBalancerFailed: ...)",
             "2026-01-06T10:01:02Z")])
    m.cluster("config.openshift.io", "clusteroperators", "ingress", co("ingress", [
        cond("Available", "False", "IngressUnavailable",
             'The "default" ingress controller reports Available=False: IngressControllerUnavailable: One or more status conditions indicate unavailable: LoadBalancerReady=False',
             "2026-01-06T09:40:00Z"),
        cond("Progressing", "True", "Reconciling", "Not all ingress controllers are available."),
        cond("Degraded", "True", "IngressDegraded",
             'The "default" ingress controller reports Degraded=True: DegradedConditions: One or more other status conditions indicate a degraded state: '
             'LoadBalancerReady=False (SyncLoadBalancerFailed: ' + SYNC_LB + '), DNSReady=False (FailedZones: ' + DNS_FAIL + ').',
             "2026-01-06T10:01:02Z")]))


@case("ingress.lb-dns-not-provisioned", "silent")
def _(d):
    # A fresh cluster: the load balancer has been pending for three minutes.
    m = MG(d, T("2026-01-06T11:00:00"))
    ingresscontroller(m, [
        cond("LoadBalancerManaged", "True", "WantedByEndpointPublishingStrategy", "The endpoint publishing strategy supports a managed load balancer"),
        cond("LoadBalancerReady", "False", "LoadBalancerPending", "The LoadBalancer service is pending", "2026-01-06T10:57:10Z"),
        cond("DNSManaged", "True", "Normal", "DNS management is supported and zones are specified in the cluster DNS config."),
        cond("DNSReady", "True", "NoFailedZones", "The record is provisioned in all reported zones.", "2026-01-06T09:31:05Z")])
    m.cluster("config.openshift.io", "clusteroperators", "ingress", co("ingress", OK))


# mode 13 --------------------------------------------------------------------
ROUTE_DNS = ('OAuthServerRouteEndpointAccessibleControllerDegraded: Get "https://oauth-openshift.apps.ci-7x2k.example.com/healthz": '
             'dial tcp: lookup oauth-openshift.apps.ci-7x2k.example.com on 172.30.0.10:53: no such host '
             '(this is likely result of malfunctioning DNS server)')


@case("auth.oauth-route-unreachable", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    text = co("authentication", [
        cond("Degraded", "True", "OAuthServerRouteEndpointAccessibleController_SyncError", ROUTE_DNS, "2026-01-06T09:52:40Z"),
        cond("Progressing", "False", "AsExpected", "AuthenticatorCertKeyProgressing: All is well"),
        cond("Available", "False", "OAuthServerRouteEndpointAccessibleController_EndpointUnavailable",
             'OAuthServerRouteEndpointAccessibleControllerAvailable: Get "https://oauth-openshift.apps.ci-7x2k.example.com/healthz": EOF',
             "2026-01-06T09:52:40Z")])
    m.cluster("config.openshift.io", "clusteroperators", "authentication", text)


@case("auth.oauth-route-unreachable", "silent")
def _(d):
    # The upgrade-time blip origin allows: four minutes old at the gather.
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("config.openshift.io", "clusteroperators", "authentication", co("authentication", [
        cond("Degraded", "False", "AsExpected", "All is well"),
        cond("Progressing", "True", "OAuthServerDeployment_NewGeneration", "OAuthServerDeploymentProgressing: deployment/oauth-openshift.openshift-authentication: observed generation is 5, desired generation is 6."),
        cond("Available", "False", "OAuthServerRouteEndpointAccessibleController_EndpointUnavailable",
             'OAuthServerRouteEndpointAccessibleControllerAvailable: Get "https://oauth-openshift.apps.ci-7x2k.example.com/healthz": EOF',
             "2026-01-06T10:56:00Z")]))


# mode 14 --------------------------------------------------------------------
ROUTE_GET = ('RouteHealthDegraded: failed to GET route (https://console-openshift-console.apps.ci-7x2k.example.com): '
             'Get "https://console-openshift-console.apps.ci-7x2k.example.com": context deadline exceeded '
             '(Client.Timeout exceeded while awaiting headers)')


@case("console.route-unhealthy", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("config.openshift.io", "clusteroperators", "console", co("console", [
        cond("Degraded", "True", "RouteHealth_FailedGet", ROUTE_GET, "2026-01-06T09:58:12Z"),
        cond("Progressing", "False", "AsExpected", "All is well"),
        cond("Available", "False", "RouteHealth_FailedGet", ROUTE_GET.replace("RouteHealthDegraded", "RouteHealthAvailable"), "2026-01-06T09:58:12Z")]))


@case("console.route-unhealthy", "silent")
def _(d):
    # Recovered: the same message is history in an event, the operator is fine.
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("config.openshift.io", "clusteroperators", "console", co("console", OK))
    m.ns("openshift-console-operator", "core/events.yaml", events("openshift-console-operator", [
        dict(name="console-operator", kind="Deployment", reason="OperatorStatusChanged", type="Normal",
             component="console-operator-status-controller-statussyncer_console",
             first="2026-01-06T09:20:01Z", last="2026-01-06T09:20:01Z",
             message='Status for clusteroperator/console changed: Degraded message changed from "" to "' + ROUTE_GET + '"')]))


# mode 34 --------------------------------------------------------------------
def registry_config(m, spec, conds):
    m.cluster("imageregistry.operator.openshift.io", "configs", "cluster",
              operator_cr("imageregistry.operator.openshift.io/v1", "Config", "cluster", conds, spec=spec))


@case("registry.storage-not-configured", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    conds = [cond("Progressing", "True", "Error", "Unable to apply resources: storage backend not configured", "2026-01-06T09:35:00Z"),
             cond("Available", "False", "DeploymentNotFound", "The deployment does not exist", "2026-01-06T09:35:00Z"),
             cond("Degraded", "True", "StorageNotConfigured", "Error: storage backend not configured", "2026-01-06T09:36:00Z")]
    registry_config(m, "  managementState: Managed\n  replicas: 1\n  storage: {}\n", conds)
    m.cluster("config.openshift.io", "clusteroperators", "image-registry", co("image-registry", [
        cond("Available", "False", "DeploymentNotFound", "Available: The deployment does not exist\nNodeCADaemonAvailable: The daemon set node-ca has available replicas", "2026-01-06T09:35:00Z"),
        cond("Progressing", "True", "Error", "Progressing: Unable to apply resources: storage backend not configured\nNodeCADaemonProgressing: The daemon set node-ca is deployed"),
        cond("Degraded", "True", "StorageNotConfigured", "Degraded: Error: storage backend not configured", "2026-01-06T09:36:00Z")]))


@case("registry.storage-not-configured", "silent")
def _(d):
    # Bare metal default: managementState Removed.
    m = MG(d, T("2026-01-06T11:00:00"))
    conds = [cond("Progressing", "False", "Removed", "All registry resources are removed"),
             cond("Available", "True", "Removed", "The registry is removed"),
             cond("Degraded", "False", "Removed", "The registry is removed"),
             cond("Removed", "True", "Removed", "The registry is removed")]
    registry_config(m, "  managementState: Removed\n  replicas: 1\n  storage: {}\n", conds)
    m.cluster("config.openshift.io", "clusteroperators", "image-registry", co("image-registry", [
        cond("Available", "True", "Removed", "Available: The registry is removed\nNodeCADaemonAvailable: The daemon set node-ca has available replicas"),
        cond("Progressing", "False", "Removed", "Progressing: All registry resources are removed"),
        cond("Degraded", "False", "Removed", "Degraded: The registry is removed")]))


# mode 32 --------------------------------------------------------------------
def credreq(name, target_ns, insufficient):
    st = "True" if insufficient else "False"
    msg = "cloud credentials insufficient to satisfy credentials request" if insufficient else "cloud creds are sufficient"
    return """apiVersion: cloudcredential.openshift.io/v1
kind: CredentialsRequest
metadata:
  creationTimestamp: "2026-01-06T09:02:30Z"
  name: %s
  namespace: openshift-cloud-credential-operator
  resourceVersion: "40112"
spec:
  secretRef:
    name: cloud-credentials
    namespace: %s
status:
  conditions:
  - lastProbeTime: "2026-01-06T10:58:01Z"
    lastTransitionTime: "2026-01-06T09:03:10Z"
    message: %s
    reason: CloudCredsInsufficient
    status: "%s"
    type: InsufficientCloudCreds
  provisioned: false
""" % (name, target_ns, msg, st)


@case("cco.credentials-insufficient", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("config.openshift.io", "clusteroperators", "cloud-credential", co("cloud-credential", [
        cond("Available", "True", "", ""), cond("Progressing", "True", "Reconciling", "2 of 7 credentials requests provisioned, 2 reporting errors."),
        cond("Degraded", "True", "CredentialsFailing", "2 of 7 credentials requests are failing to sync.", "2026-01-06T09:03:40Z")]))
    m.ns("openshift-cloud-credential-operator", "cloudcredential.openshift.io/credentialsrequests/openshift-ingress.yaml",
         credreq("openshift-ingress", "openshift-ingress-operator", True))


@case("cco.credentials-insufficient", "silent")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("config.openshift.io", "clusteroperators", "cloud-credential", co("cloud-credential", OK))
    m.ns("openshift-cloud-credential-operator", "cloudcredential.openshift.io/credentialsrequests/openshift-ingress.yaml",
         credreq("openshift-ingress", "openshift-ingress-operator", False))


# mode 36 --------------------------------------------------------------------
WEBHOOK_ERR = ('Error creating: Internal error occurred: failed calling webhook "mutate.kyverno.svc-fail": '
               'failed to call webhook: Post "https://kyverno-svc.kyverno.svc:443/mutate/fail?timeout=10s": '
               'context deadline exceeded')


@case("admission.webhook-blocking-platform", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    ns = "openshift-ovn-kubernetes"
    m.ns(ns, "core/events.yaml", events(ns, [
        dict(name="ovnkube-control-plane-6d8c9f7b5", kind="ReplicaSet", reason="FailedCreate",
             component="replicaset-controller", count=37,
             first="2026-01-06T09:41:00Z", last="2026-01-06T10:58:30Z", message=WEBHOOK_ERR)]))


@case("admission.webhook-blocking-platform", "silent")
def _(d):
    # A user namespace hit by the same webhook, and a platform event from
    # yesterday that stopped: neither is the platform being blocked now.
    m = MG(d, T("2026-01-06T11:00:00"))
    m.ns("shop-prod", "core/events.yaml", events("shop-prod", [
        dict(name="cart-7c9d8b6f5", kind="ReplicaSet", reason="FailedCreate", component="replicaset-controller",
             count=50, first="2026-01-06T09:41:00Z", last="2026-01-06T10:58:30Z", message=WEBHOOK_ERR)]))
    ns = "openshift-monitoring"
    m.ns(ns, "core/events.yaml", events(ns, [
        dict(name="prometheus-operator-5b8f7d9c4", kind="ReplicaSet", reason="FailedCreate",
             component="replicaset-controller", count=4,
             first="2026-01-05T09:41:00Z", last="2026-01-05T09:48:30Z", message=WEBHOOK_ERR)]))


# mode 15 --------------------------------------------------------------------
def proxy_obj(m, http_proxy, no_proxy):
    m.cluster("config.openshift.io", "proxies", "cluster", """apiVersion: config.openshift.io/v1
kind: Proxy
metadata:
  creationTimestamp: "2026-01-06T09:01:40Z"
  generation: 1
  name: cluster
  resourceVersion: "571"
spec:
  httpProxy: %s
  httpsProxy: %s
  noProxy: %s
  trustedCA:
    name: ""
status:
  httpProxy: %s
  httpsProxy: %s
  noProxy: %s
""" % (http_proxy, http_proxy, no_proxy, http_proxy, http_proxy,
       ".cluster.local,.svc,10.128.0.0/14,127.0.0.1,172.30.0.0/16,api-int.ci-7x2k.example.com,localhost," + no_proxy))


@case("network.proxy-intercepts-cluster-traffic", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    proxy_obj(m, "http://proxy.corp.example.com:3128", "example.net")
    msg = ('OAuthServerRouteEndpointAccessibleControllerDegraded: Get "https://oauth-openshift.apps.ci-7x2k.example.com/healthz": Forbidden\n'
           'WellKnownReadyControllerDegraded: failed to GET kube-apiserver oauth endpoint https://10.0.0.5:6443/.well-known/oauth-authorization-server: '
           'Get "https://10.0.0.5:6443/.well-known/oauth-authorization-server": Forbidden')
    m.cluster("config.openshift.io", "clusteroperators", "authentication", co("authentication", [
        cond("Degraded", "True", "OAuthServerRouteEndpointAccessibleController_SyncError::WellKnownReadyController_SyncError", msg, "2026-01-06T09:50:00Z"),
        cond("Progressing", "False", "AsExpected", "All is well"),
        cond("Available", "True", "AsExpected", "All is well")]))


@case("network.proxy-intercepts-cluster-traffic", "silent")
def _(d):
    # Proxy configured, but the failing check says connection refused: the
    # request never went through the proxy.
    m = MG(d, T("2026-01-06T11:00:00"))
    proxy_obj(m, "http://proxy.corp.example.com:3128", ".example.com")
    m.cluster("config.openshift.io", "clusteroperators", "authentication", co("authentication", [
        cond("Degraded", "True", "OAuthServerRouteEndpointAccessibleController_SyncError",
             'OAuthServerRouteEndpointAccessibleControllerDegraded: Get "https://oauth-openshift.apps.ci-7x2k.example.com/healthz": dial tcp 10.0.0.20:443: connect: connection refused',
             "2026-01-06T09:50:00Z"),
        cond("Progressing", "False", "AsExpected", "All is well"),
        cond("Available", "True", "AsExpected", "All is well")]))


# mode 27 --------------------------------------------------------------------
def network_co(m, degraded):
    m.cluster("config.openshift.io", "clusteroperators", "network", co("network", [
        degraded, cond("ManagementStateDegraded", "False", "", ""),
        cond("Upgradeable", "True", "", ""),
        cond("Progressing", "True", "Deploying", 'DaemonSet "/openshift-ovn-kubernetes/ovnkube-node" is not available (awaiting 1 nodes)'),
        cond("Available", "True", "", "")]))


@case("network.ovn-rollout-hung", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    network_co(m, cond("Degraded", "True", "RolloutHung",
                       'DaemonSet "/openshift-ovn-kubernetes/ovnkube-node" rollout is not making progress - pod ovnkube-node-8kq2w is in CrashLoopBackOff State\n'
                       'DaemonSet "/openshift-ovn-kubernetes/ovnkube-node" rollout is not making progress - last change 2026-01-06T09:51:12Z',
                       "2026-01-06T10:12:40Z"))


@case("network.ovn-rollout-hung", "silent")
def _(d):
    # Rolling out, not hung: Progressing only.
    m = MG(d, T("2026-01-06T11:00:00"))
    network_co(m, cond("Degraded", "False", "", ""))


# mode 30 --------------------------------------------------------------------
@case("network.mtu-probe-failed", "fires")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    network_co(m, cond("Degraded", "True", "MTUProbeFailed",
                       "Failed to probe MTU: timed out waiting for the condition", "2026-01-06T09:20:40Z"))


@case("network.mtu-probe-failed", "silent")
def _(d):
    m = MG(d, T("2026-01-06T11:00:00"))
    network_co(m, cond("Degraded", "False", "", ""))
    m.ns("openshift-network-operator", "core/events.yaml", events("openshift-network-operator", [
        dict(name="network-operator", kind="Deployment", reason="OperatorStatusChanged", type="Normal",
             component="network-operator", first="2026-01-06T09:05:00Z", last="2026-01-06T09:05:00Z",
             message='Status for clusteroperator/network changed: Degraded changed from False to True ("Failed to probe MTU: timed out waiting for the condition")')]))


# mode 38 (extends auth.apiservers-below-3; its cases stay in gen-fixtures.py)
@case("auth.apiservers-below-3", "silent-rollout")
def _(d):
    # A kube-apiserver revision rolling out: the condition is two minutes old.
    m = MG(d, T("2026-01-06T11:00:00"))
    m.cluster("config.openshift.io", "clusteroperators", "authentication", co("authentication", [
        cond("Degraded", "True", "WellKnownReadyController_SyncError", "WellKnownReadyControllerDegraded: need at least 3 kube-apiservers, got 2", "2026-01-06T10:58:00Z"),
        cond("Progressing", "False", "AsExpected", "All is well"),
        cond("Available", "True", "AsExpected", "All is well")]))


def main():
    g.write_cases(CASES, TESTS, sys.argv)


if __name__ == "__main__":
    main()
