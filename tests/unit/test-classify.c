/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Unit tests for classify(): must-gather paths with their variable
 * prefixes, Insights paths, journals recognised by content, binaries.
 */
#include "config.h"

#include <string.h>

#include "classify.h"
#include "tap.h"

#define MG "must-gather.local.1/quay-io-x-sha256-abc/"

static enum classify_kind
kind_of(const char *path, const char *head)
{
	struct classification c;

	classify(path, head, head ? strlen(head) : 0, &c);
	return c.kind;
}

int
main(void)
{
	struct classification c;
	const char *mcd = MG "namespaces/openshift-machine-config-operator/pods/"
	    "machine-config-daemon-bx2lr/machine-config-daemon/"
	    "machine-config-daemon/logs/current.log";
	const char *klog = "2021-09-14T09:42:44.498908472Z I0914 09:42:44.4986"
	    "86    3399 start.go:108] Version\n";

	classify(mcd, klog, strlen(klog), &c);
	is_int(c.kind, KIND_POD_LOG, "pod log");
	is_str(c.namespace, "openshift-machine-config-operator", "its namespace");
	is_str(c.pod, "machine-config-daemon-bx2lr", "its pod");
	is_str(c.container, "machine-config-daemon", "its container");
	is_int(c.previous, 0, "current.log is not previous");
	classify(MG "namespaces/ns/pods/p/c/c/logs/previous.insecure.log",
	    klog, strlen(klog), &c);
	ok(c.previous && c.insecure, "previous.insecure.log");

	classify(MG "host_service_logs/masters/kubelet_service.log",
	    "Sep 14 09:36:13.702901 m1 hyperkube[1734]: x\n", 44, &c);
	is_int(c.kind, KIND_SERVICE_LOG, "host service log");
	is_str(c.unit, "kubelet", "its unit");
	is_str(c.role, "masters", "its role");

	is_int(kind_of(MG "cluster-scoped-resources/core/nodes/n1.yaml",
	    "---\napiVersion: v1\n"), KIND_RESOURCE, "resource yaml");
	is_int(kind_of(MG "namespaces/ns/core/pods.yaml", "---\n"),
	    KIND_RESOURCE, "a List file");
	is_int(kind_of(MG "etcd_info/member_list.json", "{}"), KIND_ETCD_INFO,
	    "etcd_info");
	is_int(kind_of(MG "timestamp", "2021-09-14 10:14:11 +0000 UTC\n"),
	    KIND_TIMESTAMP, "timestamp file");
	is_int(kind_of(MG "version", "openshift/must-gather\n"), KIND_VERSION,
	    "version file");
	is_int(kind_of("sample/config/node/master-0.json", "{"), KIND_INSIGHTS,
	    "Insights JSON");
	is_int(kind_of("sample/config/configmaps/kube-system/cluster-config-v1/"
	    "install-config", "apiVersion: v1\n"), KIND_INSTALL_CONFIG,
	    "Insights install-config");

	is_int(kind_of("control0-journal.log",
	    "-- Logs begin at Tue 2026-01-08 09:33:00 UTC. --\n"
	    "Jan 08 10:00:00 control0 ignition[812]: GET result: OK\n"),
	    KIND_JOURNAL, "a saved journal with its header");
	is_int(kind_of("j.txt", "2026-01-08T10:00:00+0000 control0 "
	    "kubelet[1]: x\n"), KIND_JOURNAL, "short-iso journal");
	is_int(kind_of("export", "__CURSOR=s=1;i=2\n__REALTIME_TIMESTAMP=1\n"),
	    KIND_JOURNAL, "journal export format");
	is_int(kind_of("j.json", "{\"__CURSOR\":\"s\",\"__REALTIME_TIMESTAMP\""
	    ":\"1\"}\n"), KIND_JOURNAL,
	    "a journal saved as .json is a journal, not a resource");
	is_int(kind_of("mcd.log", klog), KIND_LOG, "oc logs output");
	{ struct classification b; classify("blob.bin", "\x89PNG\r\n\x1a\n\0\0\0", 11, &b); is_int(b.kind, KIND_BINARY,
	    "binary by content"); }
	{ struct classification b; classify(MG "namespaces/ns/pods/p/c/c/logs/"
	    "current.log", "a\0b\n", 4, &b); is_int(b.kind, KIND_POD_LOG,
	    "a NUL byte in a pod log keeps it a pod log"); }
	is_str(classify_kind_name(KIND_POD_LOG), "pod_log", "kind names");
	return done_testing();
}
