/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Unit tests for the index writer, reader and views: realistic objects go
 * in through index_add_resource/index_add_synthetic and the views the
 * rules query must give the answers the seed incidents need (a node at a
 * deleted rendered config, a pending CSR, VIPs outside machine networks).
 */
#include "config.h"

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <sqlite3.h>

#include "error.h"
#include "index.h"
#include "index-private.h"
#include "index-read.h"
#include "parse-log.h"
#include "tap.h"

static char tmpdir[1024];

/* JSON written with ' for " so the fixtures stay readable. */
static cJSON *
obj(const char *text)
{
	char *s, *p;
	cJSON *j;

	if ((s = strdup(text)) == NULL)
		abort();
	for (p = s; *p != '\0'; p++) {
		if (*p == '\'')
			*p = '"';
	}
	j = cJSON_Parse(s);
	if (j == NULL) {
		printf("# bad fixture JSON near: %.60s\n",
		    cJSON_GetErrorPtr() ? cJSON_GetErrorPtr() : "?");
		abort();
	}
	free(s);
	return j;
}

static int
add(struct index *ix, int64_t src, long line, const char *text,
    struct mgt_error *err)
{
	cJSON *j = obj(text);
	int rc;

	rc = index_add_resource(ix, src, line, j, err);
	cJSON_Delete(j);
	return rc;
}

static int
add_syn(struct index *ix, int64_t src, const char *kind, const char *ns,
    const char *name, const char *text)
{
	struct mgt_error err;
	cJSON *j = obj(text);
	int rc;

	mgt_error_clear(&err);
	rc = index_add_synthetic(ix, src, 1, "v1", kind, ns, name, j, &err);
	if (rc != MGT_OK)
		printf("# synthetic %s: %s\n", kind, err.msg);
	cJSON_Delete(j);
	return rc;
}

/* First column of the first row as a new string, NULL for none/NULL. */
static char *
q_str(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *st;
	char *out = NULL;
	int rc;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
		printf("# prepare: %s: %s\n", sqlite3_errmsg(db), sql);
		return NULL;
	}
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
		out = strdup((const char *)sqlite3_column_text(st, 0));
	else if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		printf("# step: %s: %s\n", sqlite3_errmsg(db), sql);
	sqlite3_finalize(st);
	return out;
}

#define is_q(db, sql, want, name) do {					\
	char *q_ = q_str((db), (sql));					\
	is_str(q_, (want), (name));					\
	free(q_);							\
} while (0)

static int
file_exists(const char *path)
{
	struct stat sb;

	return lstat(path, &sb) == 0;
}

/* dir + "/" + name into buf; a path too long for buf ends the test. */
static void
path_join(char *buf, size_t len, const char *dir, const char *name)
{
	if ((size_t)snprintf(buf, len, "%s/%s", dir, name) >= len)
		abort();
}

static void
tmp_name(char *buf, size_t len, const char *path)
{
	if ((size_t)snprintf(buf, len, "%s.tmp-%ld", path, (long)getpid()) >=
	    len)
		abort();
}

/* A CSR request (base64 of PEM) with CN system:node:control0.gw.lo. */
#define CSR_CONTROL0 \
    "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlIMk1JR2VBZ0VBTUR3" \
    "eEZUQVRCZ05WQkFvTURITjVjM1JsYlRwdWIyUmxjekVqTUNFR0ExVUVBd3dhYzNsegpk" \
    "R1Z0T201dlpHVTZZMjl1ZEhKdmJEQXVaM2N1Ykc4d1dUQVRCZ2NxaGtqT1BRSUJCZ2dx" \
    "aGtqT1BRTUJCd05DCkFBUUtqSnhXT3U0eDZDQ0tTaTBLR25CQllyYXk0dkRkU2pKSVpu" \
    "V3NqZDVFTzNpSzJFVk9FNXloalIycm1FTUUKRFNZaXN2Yi9iQmlHRFRSVnZ1c01uaU9m" \
    "b0FBd0NnWUlLb1pJemowRUF3SURSd0F3UkFJZ0dCWVdPcHYzWDRaQQpMb1ZhalJZZDU3" \
    "blZDL1lieHBJd0NKOVFxN3l4Rmx3Q0lEcmNJSFUwYnExMGdIeHdTWEx6SCtiTCtWNTky" \
    "ZUpVCkNLUW9JMEZ1SDVRRgotLS0tLUVORCBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0K"

static void
load_cluster(struct index *ix, int64_t src)
{
	struct mgt_error err;
	cJSON *doc;

	mgt_error_clear(&err);
	/* control1 points at a rendered config that was garbage-collected. */
	ok(add(ix, src, 10, "{'apiVersion':'v1','kind':'Node','metadata':{"
	    "'name':'control1.gw.lo','resourceVersion':'500',"
	    "'creationTimestamp':'2025-01-10T08:00:00Z',"
	    "'labels':{'node-role.kubernetes.io/master':'',"
	    "'node-role.kubernetes.io/control-plane':'',"
	    "'kubernetes.io/hostname':'control1'},"
	    "'annotations':{"
	    "'machineconfiguration.openshift.io/currentConfig':"
	    "'rendered-master-553d5d527988f8cd22e7791f6013fe42',"
	    "'machineconfiguration.openshift.io/desiredConfig':"
	    "'rendered-master-9e786f4a442cb50f3dfeec92abb1675f',"
	    "'machineconfiguration.openshift.io/state':'Degraded',"
	    "'machineconfiguration.openshift.io/reason':'missing MachineConfig"
	    " rendered-master-553d5d527988f8cd22e7791f6013fe42'}},"
	    "'status':{'addresses':[{'type':'InternalIP','address':"
	    "'192.168.1.202'},{'type':'Hostname','address':'control1'}],"
	    "'conditions':[{'type':'MemoryPressure','status':'False'},"
	    "{'type':'Ready','status':'True','reason':'KubeletReady',"
	    "'message':'kubelet is posting ready status',"
	    "'lastTransitionTime':'2025-01-10T08:05:00Z'}]}}", &err) ==
	    MGT_OK, "add node control1");
	ok(add(ix, src, 90, "{'apiVersion':'v1','kind':'Node','metadata':{"
	    "'name':'worker0.gw.lo','labels':{"
	    "'node-role.kubernetes.io/worker':''},'annotations':{"
	    "'machineconfiguration.openshift.io/currentConfig':"
	    "'rendered-worker-25a1be6c1264c64551ae911d23717173',"
	    "'machineconfiguration.openshift.io/desiredConfig':"
	    "'rendered-worker-25a1be6c1264c64551ae911d23717173',"
	    "'machineconfiguration.openshift.io/state':'Done'}},"
	    "'status':{'conditions':[{'type':'Ready','status':'False',"
	    "'reason':'KubeletNotReady','message':'container runtime network"
	    " not ready: NetworkReady=false reason:NetworkPluginNotReady'}]}}",
	    &err) == MGT_OK, "add node worker0");
	/* config.openshift.io has a Node kind too; it is not a node. */
	ok(add(ix, src, 95, "{'apiVersion':'config.openshift.io/v1',"
	    "'kind':'Node','metadata':{'name':'cluster'},'spec':{}}",
	    &err) == MGT_OK, "add config.openshift.io Node");
	ok(add(ix, src, 100, "{'apiVersion':'machineconfiguration.openshift.io/"
	    "v1','kind':'MachineConfig','metadata':{'name':"
	    "'rendered-master-9e786f4a442cb50f3dfeec92abb1675f',"
	    "'annotations':{'machineconfiguration.openshift.io/generated-by-"
	    "controller-version':'abc123'},'creationTimestamp':"
	    "'2025-01-10T08:10:00Z'}}", &err) == MGT_OK, "add rendered MC");
	ok(add(ix, src, 110, "{'apiVersion':'machineconfiguration.openshift.io/"
	    "v1','kind':'MachineConfig','metadata':{'name':"
	    "'rendered-worker-25a1be6c1264c64551ae911d23717173'}}", &err) ==
	    MGT_OK, "add worker MC");
	ok(add(ix, src, 120, "{'apiVersion':'machineconfiguration.openshift.io/"
	    "v1','kind':'MachineConfig','metadata':{'name':'00-master',"
	    "'labels':{'machineconfiguration.openshift.io/role':'master'}}}",
	    &err) == MGT_OK, "add 00-master");
	ok(add(ix, src, 130, "{'apiVersion':'machineconfiguration.openshift.io/"
	    "v1','kind':'MachineConfigPool','metadata':{'name':'master'},"
	    "'spec':{'configuration':{'name':"
	    "'rendered-master-9e786f4a442cb50f3dfeec92abb1675f'}},"
	    "'status':{'configuration':{'source':[]},'machineCount':2,"
	    "'readyMachineCount':0,'updatedMachineCount':0,"
	    "'degradedMachineCount':2,'unavailableMachineCount':2,"
	    "'conditions':[{'type':'Updated','status':'False'},"
	    "{'type':'Updating','status':'True'},{'type':'Degraded',"
	    "'status':'True','reason':'1 nodes are reporting degraded status"
	    " on sync','lastTransitionTime':'2025-01-10T08:20:00Z'}]}}",
	    &err) == MGT_OK, "add master MCP");
	/* A node-bootstrapper CSR never approved: pending, node from CN. */
	ok(add(ix, src, 140, "{'apiVersion':'certificates.k8s.io/v1',"
	    "'kind':'CertificateSigningRequest','metadata':{'name':'csr-abcde',"
	    "'creationTimestamp':'2025-01-10T08:30:00Z'},'spec':{"
	    "'signerName':'kubernetes.io/kube-apiserver-client-kubelet',"
	    "'username':'system:serviceaccount:openshift-machine-config-"
	    "operator:node-bootstrapper','request':'" CSR_CONTROL0 "'},"
	    "'status':{}}", &err) == MGT_OK, "add pending CSR");
	ok(add(ix, src, 150, "{'apiVersion':'certificates.k8s.io/v1',"
	    "'kind':'CertificateSigningRequest','metadata':{'name':'csr-xyz'},"
	    "'spec':{'signerName':'kubernetes.io/kubelet-serving',"
	    "'username':'system:node:worker0.gw.lo'},'status':{'certificate':"
	    "'LS0t','conditions':[{'type':'Approved','status':'True',"
	    "'reason':'AutoApproved','lastUpdateTime':"
	    "'2025-01-10T08:31:00Z'}]}}", &err) == MGT_OK,
	    "add approved CSR");
	/* Insights' Go-struct casing, no kind: ingest stores it synthetic. */
	ok(add_syn(ix, src, "CertificateSigningRequest", "", "csr-test",
	    "{'TypeMeta':{},'ObjectMeta':{'name':'csr-test','resourceVersion':"
	    "'42526','creationTimestamp':'2024-10-23T11:13:05Z'},'Spec':{"
	    "'Username':'kube:admin','Groups':['system:authenticated'],"
	    "'Request':{'Subject':{'CommonName':'xxxx'}}},'Status':{"
	    "'Conditions':null,'Cert':null}}") == MGT_OK,
	    "add Go-cased CSR");
	ok(add_syn(ix, src, "InstallConfig", "kube-system",
	    "cluster-config-v1", "{'apiVersion':'v1','baseDomain':'gw.lo',"
	    "'metadata':{'name':'gw'},'networking':{'machineNetwork':["
	    "{'cidr':'192.168.1.0/24'},{'cidr':'fd00:1::/64'}],"
	    "'networkType':'OVNKubernetes'},'platform':{'baremetal':{"
	    "'apiVIPs':['192.168.1.5','fd00:1::5'],'ingressVIPs':"
	    "['192.168.1.6']}}}") == MGT_OK, "add install-config (lists)");
	ok(add_syn(ix, src, "InstallConfig", "kube-system", "legacy",
	    "{'apiVersion':'v1','baseDomain':'lab.example','networking':{"
	    "'machineCIDR':'10.46.125.0/24'},'platform':{'baremetal':{"
	    "'apiVIP':'10.46.124.13','ingressVIP':'10.46.124.14'}}}") ==
	    MGT_OK, "add install-config (legacy)");
	ok(add(ix, src, 160, "{'apiVersion':'config.openshift.io/v1',"
	    "'kind':'Infrastructure','metadata':{'name':'cluster'},"
	    "'spec':{'platformSpec':{'type':'BareMetal'}},'status':{"
	    "'apiServerURL':'https://api.gw.lo:6443','apiServerInternalURI':"
	    "'https://api-int.gw.lo:6443','controlPlaneTopology':'',"
	    "'infrastructureTopology':'HighlyAvailable','platform':'BareMetal',"
	    "'platformStatus':{'type':'BareMetal','baremetal':{"
	    "'apiServerInternalIP':'192.168.1.5','apiServerInternalIPs':"
	    "['192.168.1.5','fd00:1::5'],'ingressIP':'192.168.1.6',"
	    "'ingressIPs':['192.168.1.6']}}}}", &err) == MGT_OK,
	    "add infrastructure");
	ok(add(ix, src, 170, "{'apiVersion':'config.openshift.io/v1',"
	    "'kind':'ClusterOperator','metadata':{'name':'authentication'},"
	    "'status':{'conditions':[{'type':'Degraded','status':'False'},"
	    "{'type':'Available','status':'False','reason':"
	    "'APIServerDeployment_NoPod','message':'need at least 3 "
	    "kube-apiservers, got 2','lastTransitionTime':"
	    "'2025-01-10T08:40:00+01:00'},{'type':'Progressing','status':"
	    "'True'}],'versions':[{'name':'oauth-apiserver','version':'x'},"
	    "{'name':'operator','version':'4.18.32'}]}}", &err) == MGT_OK,
	    "add clusteroperator");
	ok(add(ix, src, 180, "{'apiVersion':'v1','kind':'Event','metadata':{"
	    "'name':'ev1','namespace':'openshift-etcd'},'involvedObject':{"
	    "'kind':'Pod','namespace':'openshift-etcd','name':'etcd-control1'},"
	    "'reason':'BackOff','message':'Back-off restarting failed "
	    "container',"
	    "'type':'Warning','count':12,'firstTimestamp':"
	    "'2025-01-10T08:00:00Z','lastTimestamp':'2025-01-10T09:00:00Z',"
	    "'source':{'component':'kubelet','host':'control1.gw.lo'}}", &err)
	    == MGT_OK, "add core event");
	ok(add(ix, src, 190, "{'apiVersion':'v1','kind':'Event','metadata':{"
	    "'name':'ev2','namespace':'openshift-etcd','creationTimestamp':"
	    "'2025-01-10T07:00:00Z'},'involvedObject':{'kind':'Pod','name':"
	    "'p'},'reason':'Scheduled','message':'m','type':'Normal',"
	    "'eventTime':'2025-01-10T08:00:00.250000Z','firstTimestamp':null,"
	    "'lastTimestamp':null,'count':null,'series':{'count':4,"
	    "'lastObservedTime':'2025-01-10T08:30:00.500000Z'},"
	    "'reportingComponent':'default-scheduler','source':{}}", &err) ==
	    MGT_OK, "add core event with eventTime and series");
	ok(add(ix, src, 200, "{'apiVersion':'events.k8s.io/v1','kind':'Event',"
	    "'metadata':{'name':'ev3','namespace':"
	    "'openshift-network-operator'},"
	    "'regarding':{'kind':'ClusterOperator','name':'network'},"
	    "'reason':'Degraded','note':'VIP 10.46.124.13 cannot be found in"
	    " any machine network','type':'Warning','deprecatedCount':3,"
	    "'deprecatedFirstTimestamp':'2025-01-09T00:00:00Z',"
	    "'deprecatedLastTimestamp':'2025-01-10T00:00:00Z',"
	    "'reportingController':'network-operator'}", &err) == MGT_OK,
	    "add events.k8s.io event");
	ok(add(ix, src, 210, "{'apiVersion':'v1','kind':'Pod','metadata':{"
	    "'name':'etcd-control1','namespace':'openshift-etcd',"
	    "'resourceVersion':'100','annotations':{"
	    "'kubernetes.io/config.mirror':'abc'}},'spec':{'nodeName':"
	    "'control1.gw.lo'},'status':{'phase':'Pending','conditions':[{"
	    "'type':'Ready','status':'False'}],'initContainerStatuses':[{"
	    "'name':'setup','ready':true,'restartCount':0,'state':{"
	    "'terminated':{'reason':'Completed','exitCode':0}}}],"
	    "'containerStatuses':[{'name':'etcd','ready':false,"
	    "'restartCount':7,'state':{'waiting':{'reason':'CrashLoopBackOff',"
	    "'message':'back-off 5m0s'}},'lastState':{'terminated':{'reason':"
	    "'Error','exitCode':1,'finishedAt':'2025-01-10T09:00:00Z'}}}]}}",
	    &err) == MGT_OK, "add pod (rv 100)");
	/*
	 * Ingest's parser keeps numbers as raw text; cJSON_Parse would make
	 * this uint64 a double, so put it in as raw like ingest does.
	 */
	doc = obj("{'header':{'cluster_id':1},'members':[{'ID':0,'name':"
	    "'control1.gw.lo','peerURLs':['https://192.168.1.202:2380'],"
	    "'clientURLs':['https://192.168.1.202:2379']},{'ID':2,'name':"
	    "'control2.gw.lo','peerURLs':['https://192.168.1.203:2380'],"
	    "'clientURLs':['https://192.168.1.203:2379'],'isLearner':true}]}");
	cJSON_ReplaceItemInObjectCaseSensitive(cJSON_GetArrayItem(
	    cJSON_GetObjectItem(doc, "members"), 0), "ID",
	    cJSON_CreateRaw("14993985236314115627"));
	ok(index_add_synthetic(ix, src, 1, "v1", "EtcdMemberList", "",
	    "member_list", doc, &err) == MGT_OK, "add etcd member list");
	cJSON_Delete(doc);
	ok(add(ix, src, 220, "{'apiVersion':'metal3.io/v1alpha1','kind':"
	    "'BareMetalHost','metadata':{'name':'master-2','namespace':"
	    "'openshift-machine-api'},'spec':{'online':true},'status':{"
	    "'operationalStatus':'error','errorType':'inspection error',"
	    "'errorMessage':'timeout','errorCount':5,'provisioning':{"
	    "'state':'inspecting'},'poweredOn':true}}", &err) == MGT_OK,
	    "add baremetalhost");
	ok(add(ix, src, 230, "{'apiVersion':'v1','kind':'ConfigMap','metadata':"
	    "{'name':'etcd-endpoints','namespace':'openshift-etcd'},'data':{"
	    "'a':'b'}}", &err) == MGT_OK, "add configmap");
	ok(add(ix, src, 240, "{'apiVersion':'config.openshift.io/v1','kind':"
	    "'ClusterVersion','metadata':{'name':'version'},'spec':{"
	    "'clusterID':'c1','channel':'stable-4.18'},'status':{'desired':{"
	    "'version':'4.18.32'},'history':[{'state':'Partial','version':"
	    "'4.18.32'}],'conditions':[{'type':'Available','status':'False'},"
	    "{'type':'Progressing','status':'True','message':'Unable to apply"
	    " 4.18.32: the cluster operator authentication is not available'}"
	    ",{'type':'Failing','status':'True'}]}}", &err) == MGT_OK,
	    "add clusterversion");
}

static void
test_dedup(struct index *ix, int64_t src, int64_t src2)
{
	struct mgt_error err;

	mgt_error_clear(&err);
	/* Newer: replaces doc, position and conditions. */
	ok(add(ix, src2, 7, "{'apiVersion':'v1','kind':'Pod','metadata':{"
	    "'name':'etcd-control1','namespace':'openshift-etcd',"
	    "'resourceVersion':'200'},'spec':{'nodeName':'control1.gw.lo'},"
	    "'status':{'phase':'Running','conditions':[{'type':'Ready',"
	    "'status':'True'},{'type':'Initialized','status':'True'}]}}",
	    &err) == MGT_OK, "dedup: newer sighting accepted");
	/* Older (numerically: 150 < 200 though "150" > "1000" as text). */
	ok(add(ix, src, 8, "{'apiVersion':'v1','kind':'Pod','metadata':{"
	    "'name':'etcd-control1','namespace':'openshift-etcd',"
	    "'resourceVersion':'150'},'status':{'phase':'Failed'}}", &err) ==
	    MGT_OK, "dedup: older sighting accepted");
	/* Same name in another namespace is another object. */
	ok(add(ix, src, 9, "{'apiVersion':'v1','kind':'Pod','metadata':{"
	    "'name':'etcd-control1','namespace':'other'}}", &err) == MGT_OK,
	    "dedup: other namespace");
}

static void
test_bad_objects(struct index *ix, int64_t src)
{
	struct mgt_error err;

	mgt_error_clear(&err);
	is_int(add(ix, src, 300, "{'apiVersion':'v1','metadata':{'name':'x'}}",
	    &err), MGT_ERR_FORMAT, "no kind: MGT_ERR_FORMAT");
	ok(strstr(err.msg, "no kind") != NULL, "no kind: message says so");
	is_int(err.line, 300, "no kind: line recorded");
	mgt_error_clear(&err);
	is_int(add(ix, src, 301, "{'apiVersion':'v1','kind':'Pod','metadata':"
	    "{'generateName':'x-'}}", &err), MGT_ERR_FORMAT,
	    "no name: MGT_ERR_FORMAT");
	ok(strstr(err.msg, "metadata.name") != NULL,
	    "no name: message names metadata.name");
	mgt_error_clear(&err);
	is_int(add(ix, src, 302, "['not','an','object']", &err),
	    MGT_ERR_FORMAT, "array: MGT_ERR_FORMAT");
}

static void
test_views(sqlite3 *db)
{
	/* The seed-000 query: node annotations naming a missing MC. */
	is_q(db, "SELECT group_concat(a.node || '=' || a.value, ';') FROM "
	    "node_annotations a LEFT JOIN machineconfigs m ON m.name = a.value"
	    " WHERE a.key LIKE 'machineconfiguration.openshift.io/%Config'"
	    " AND m.name IS NULL",
	    "control1.gw.lo=rendered-master-553d5d527988f8cd22e7791f6013fe42",
	    "stale currentConfig found by LEFT JOIN");
	is_q(db, "SELECT count(*) FROM nodes", "2",
	    "nodes: config.openshift.io Node excluded");
	is_q(db, "SELECT ready || ',' || ready_reason || ',' || roles || ',' ||"
	    " internal_ip || ',' || mcd_state || ',' || created FROM nodes"
	    " WHERE name = 'control1.gw.lo'",
	    "True,KubeletReady,control-plane,master,192.168.1.202,Degraded,"
	    "2025-01-10T08:00:00Z", "nodes: ready, roles, ip, state");
	is_q(db, "SELECT ready || ',' || ready_message FROM nodes WHERE"
	    " name = 'worker0.gw.lo'", "False,container runtime network not "
	    "ready: NetworkReady=false reason:NetworkPluginNotReady",
	    "nodes: not ready with message");
	is_q(db, "SELECT desired_config FROM nodes WHERE name ="
	    " 'control1.gw.lo'", "rendered-master-9e786f4a442cb50f3dfeec92abb"
	    "1675f", "nodes: desired_config");
	is_q(db, "SELECT group_concat(type || '=' || address) FROM"
	    " node_addresses WHERE node = 'control1.gw.lo'",
	    "InternalIP=192.168.1.202,Hostname=control1",
	    "node_addresses");
	is_q(db, "SELECT rendered || ',' || generated_by FROM machineconfigs"
	    " WHERE name LIKE 'rendered-master%'", "1,abc123",
	    "machineconfigs: rendered, generated_by");
	is_q(db, "SELECT rendered || ',' || role FROM machineconfigs WHERE"
	    " name = '00-master'", "0,master", "machineconfigs: role");

	is_q(db, "SELECT coalesce(status_config, 'NULL') || ',' || spec_config"
	    " || ',' || machine_count || ',' || ready_count || ',' ||"
	    " degraded_count || ',' || degraded || ',' || updating || ',' ||"
	    " updated FROM machineconfigpools WHERE name = 'master'",
	    "NULL,rendered-master-9e786f4a442cb50f3dfeec92abb1675f,2,0,2,"
	    "True,True,False", "machineconfigpools: empty status config");

	is_q(db, "SELECT name || ',' || coalesce(node, 'NULL') || ',' ||"
	    " pending FROM csrs WHERE pending ORDER BY name",
	    "csr-abcde,control0.gw.lo,1", "csrs: pending, node from CN");
	is_q(db, "SELECT count(*) FROM csrs WHERE pending", "2",
	    "csrs: two pending (API and Go casing)");
	is_q(db, "SELECT approved || denied || pending || issued || ',' || node"
	    " || ',' || signer FROM csrs WHERE name = 'csr-xyz'",
	    "1001,worker0.gw.lo,kubernetes.io/kubelet-serving",
	    "csrs: approved, node from username");
	is_q(db, "SELECT username || ',' || cn || ',' || coalesce(node, 'NULL')"
	    " || ',' || pending || issued || ',' || created FROM csrs"
	    " WHERE name = 'csr-test'", "kube:admin,xxxx,NULL,10,"
	    "2024-10-23T11:13:05Z", "csrs: Go casing");
	is_q(db, "SELECT created_us FROM csrs WHERE name = 'csr-abcde'",
	    "1736497800000000", "csrs: created_us");

	is_q(db, "SELECT machine_networks || ' ' || api_vips || ' ' ||"
	    " ingress_vips || ' ' || platform || ' ' || base_domain FROM"
	    " install_config WHERE name = 'cluster-config-v1'",
	    "[\"192.168.1.0/24\",\"fd00:1::/64\"] "
	    "[\"192.168.1.5\",\"fd00:1::5\"] [\"192.168.1.6\"] baremetal gw.lo",
	    "install_config: list shapes");
	is_q(db, "SELECT machine_networks || ' ' || api_vips || ' ' ||"
	    " ingress_vips FROM install_config WHERE name = 'legacy'",
	    "[\"10.46.125.0/24\"] [\"10.46.124.13\"] [\"10.46.124.14\"]",
	    "install_config: legacy shapes");
	/* The seed-004 query: a VIP outside every machine network. */
	is_q(db, "SELECT group_concat(i.name || ':' || v.value) FROM"
	    " install_config i, json_each(i.api_vips) v WHERE"
	    " NOT ip_in_any(v.value, i.machine_networks)",
	    "legacy:10.46.124.13", "install_config: VIP outside network");
	is_q(db, "SELECT ip_in_any('192.168.1.9', json_extract(doc,"
	    " '$.networking.machineNetwork')) FROM install_config WHERE"
	    " name = 'cluster-config-v1'", "1",
	    "ip_in_any over machineNetwork objects");

	is_q(db, "SELECT platform || ',' || control_plane_topology || ',' ||"
	    " infrastructure_topology || ',' || api_vips || ',' ||"
	    " ingress_vips || ',' || api_server_internal_url FROM"
	    " infrastructure", "BareMetal,,HighlyAvailable,"
	    "[\"192.168.1.5\",\"fd00:1::5\"],[\"192.168.1.6\"],"
	    "https://api-int.gw.lo:6443", "infrastructure: VIPs deduplicated");

	is_q(db, "SELECT available || progressing || degraded || ',' ||"
	    " version || ',' || available_message FROM clusteroperators",
	    "FalseTrueFalse,4.18.32,need at least 3 kube-apiservers, got 2",
	    "clusteroperators");
	is_q(db, "SELECT last_transition || ',' || last_transition_us FROM"
	    " conditions WHERE kind = 'ClusterOperator' AND type = 'Available'",
	    "2025-01-10T08:40:00+01:00,1736494800000000",
	    "conditions: last_transition_us with offset");
	is_q(db, "SELECT count(*) FROM conditions WHERE kind ="
	    " 'CertificateSigningRequest'", "1",
	    "conditions: CSR condition, lastUpdateTime");
	is_q(db, "SELECT group_concat(kind || '/' || name, ' ') FROM conditions"
	    " WHERE type = 'Degraded' AND status = 'True'",
	    "MachineConfigPool/master", "conditions: degraded");
	is_q(db, "SELECT available || progressing || failing || ',' ||"
	    " desired_version || ',' || coalesce(completed_version, 'NULL')"
	    " FROM clusterversion", "FalseTrueTrue,4.18.32,NULL",
	    "clusterversion");

	is_q(db, "SELECT involved_kind || ',' || involved_name || ',' || count"
	    " || ',' || first_ts || ',' || last_ts || ',' || component || ','"
	    " || host FROM events WHERE name = 'ev1'",
	    "Pod,etcd-control1,12,1736496000000000,1736499600000000,kubelet,"
	    "control1.gw.lo", "events: core v1");
	is_q(db, "SELECT count || ',' || mgt_time(first_ts) || ',' ||"
	    " mgt_time(last_ts) || ',' || component FROM events WHERE"
	    " name = 'ev2'", "4,2025-01-10T08:00:00.250000Z,"
	    "2025-01-10T08:30:00.500000Z,default-scheduler",
	    "events: eventTime and series");
	is_q(db, "SELECT involved_kind || ',' || involved_name || ',' || count"
	    " || ',' || message || ',' || mgt_time(last_ts) || ',' ||"
	    " component FROM events WHERE name = 'ev3'",
	    "ClusterOperator,network,3,VIP 10.46.124.13 cannot be found in any"
	    " machine network,2025-01-10T00:00:00.000000Z,network-operator",
	    "events: events.k8s.io/v1");

	is_q(db, "SELECT node || ',' || phase || ',' || ready || ',' || mirror"
	    " FROM pods WHERE name = 'etcd-control1' AND namespace ="
	    " 'openshift-etcd'", "control1.gw.lo,Running,True,0",
	    "pods: newer resourceVersion won");
	is_q(db, "SELECT count(*) FROM resource_files f JOIN resources r ON"
	    " r.id = f.resource_id WHERE r.name = 'etcd-control1' AND"
	    " r.namespace = 'openshift-etcd'", "3",
	    "dedup: every sighting in resource_files");
	is_q(db, "SELECT line FROM resources WHERE name = 'etcd-control1' AND"
	    " namespace = 'openshift-etcd'", "7",
	    "dedup: position of the newer sighting");
	is_q(db, "SELECT group_concat(type || '=' || status) FROM conditions"
	    " WHERE kind = 'Pod' AND namespace = 'openshift-etcd'",
	    "Ready=True,Initialized=True", "dedup: conditions replaced");
	is_q(db, "SELECT count(*) FROM pods", "2",
	    "pods: other namespace kept");
	is_q(db, "SELECT count(*) FROM container_statuses", "0",
	    "container_statuses: newer doc has none");

	is_q(db, "SELECT group_concat(name || ':' || is_learner || ':' ||"
	    " peer_urls, ' ') FROM etcd_members", "control1.gw.lo:0:"
	    "[\"https://192.168.1.202:2380\"] control2.gw.lo:1:"
	    "[\"https://192.168.1.203:2380\"]", "etcd_members");
	is_q(db, "SELECT group_concat(id || ':' || typeof(id), ' ') FROM"
	    " etcd_members", "14993985236314115627:text 2:text",
	    "etcd_members: uint64 id kept exactly, as text");
	is_q(db, "SELECT provisioning_state || ',' || operational_status ||"
	    " ',' || error_type || ',' || error_count FROM baremetalhosts",
	    "inspecting,error,inspection error,5", "baremetalhosts");
	is_q(db, "SELECT namespace || '/' || name FROM configmaps",
	    "openshift-etcd/etcd-endpoints", "configmaps");
	is_q(db, "SELECT api_group || ',' || synthetic FROM resources WHERE"
	    " kind = 'InstallConfig' AND name = 'legacy'", ",1",
	    "synthetic flag, core group");
	is_q(db, "SELECT group_concat(name) FROM (SELECT name FROM sqlite_master"
	    " WHERE type = 'table' AND name IN ('events', 'pods',"
	    " 'container_statuses') ORDER BY name)",
	    "container_statuses,events,pods", "derived tables after commit");
	is_q(db, "SELECT r.kind FROM conditions c JOIN resources r ON"
	    " r.id = c.resource_id WHERE c.type = 'Failing'", "ClusterVersion",
	    "conditions: resource_id");
	is_q(db, "SELECT api_group FROM resources WHERE kind = 'BareMetalHost'",
	    "metal3.io", "api_group from apiVersion");
}

/* The first state of the crash-looping pod, before the newer sighting. */
static void
test_container_statuses(struct index *ix)
{
	sqlite3 *db = ix->db;	/* the writer's own connection */

	is_q(db, "SELECT group_concat(container || ':' || init || ':' || state"
	    " || ':' || coalesce(reason, '') || ':' || restart_count || ':' ||"
	    " coalesce(last_reason, '') || ':' || coalesce(last_exit_code, ''),"
	    " ' ') FROM container_statuses", "etcd:0:waiting:CrashLoopBackOff:"
	    "7:Error:1 setup:1:terminated:Completed:0::",
	    "container_statuses before commit (writer connection)");
	is_q(db, "SELECT mirror FROM pods", "1", "pods: mirror pod");
}

/* An object as the parser hands one with a lazy body (parse-lazy.h). */
static int
add_lazy(struct index *ix, int64_t src, long line, const char *name,
    const char *body, long body_line, struct mgt_error *err)
{
	char text[512];
	cJSON *j;
	int rc;

	snprintf(text, sizeof text, "{'apiVersion':'apiextensions.k8s.io/v1',"
	    "'kind':'CustomResourceDefinition','metadata':{'name':'%s'},"
	    "'spec':null,'status':{'storedVersions':['v1']}}", name);
	j = obj(text);
	j->valuestring = strdup(body);
	j->valueint = (int)body_line;
	rc = index_add_resource(ix, src, line, j, err);
	cJSON_Delete(j);
	return rc;
}

/*
 * Lazy bodies: stored as text in main.resources, whole again through the
 * resources view; a body that does not parse is an error naming the file
 * and the line when its document is read, and only then.
 */
static void
test_lazy_add(struct index *ix, int64_t src)
{
	struct mgt_error err;

	mgt_error_clear(&err);
	ok(add_lazy(ix, src, 300, "xs.example.io", "spec:\n  group: "
	    "example.io\n  n: 1e3\n  names: {kind: X}\n", 306, &err) ==
	    MGT_OK, "lazy: add a CRD with its spec as text");
	ok(add_lazy(ix, src, 400, "broken.example.io", "spec:\n  group: "
	    "[unclosed\n", 406, &err) == MGT_OK,
	    "lazy: add a CRD whose spec does not parse");
}

static void
test_lazy_read(sqlite3 *db)
{
	sqlite3_stmt *st = NULL;
	int rc;

	is_q(db, "SELECT doc FROM resources WHERE name = 'xs.example.io'",
	    "{\"apiVersion\":\"apiextensions.k8s.io/v1\",\"kind\":"
	    "\"CustomResourceDefinition\",\"metadata\":{\"name\":"
	    "\"xs.example.io\"},\"spec\":{\"group\":\"example.io\","
	    "\"n\":1e3,\"names\":{\"kind\":\"X\"}},\"status\":"
	    "{\"storedVersions\":[\"v1\"]}}", "lazy: the view's doc is whole");
	is_q(db, "SELECT (json_extract(doc, '$.spec') IS NULL) || ',' ||"
	    " lazy_line || ',' || length(lazy_yaml) FROM main.resources"
	    " WHERE name = 'xs.example.io'", "1,306,54",
	    "lazy: the table keeps null, the line and the text");
	is_q(db, "SELECT count(*) FROM pragma_table_info('resources')"
	    " WHERE name LIKE 'lazy%'", "0",
	    "lazy: the view shows no lazy_* column");
	is_q(db, "SELECT count(*) FROM resources WHERE kind ="
	    " 'CustomResourceDefinition'", "2",
	    "lazy: a broken body does not stop a count");
	rc = sqlite3_prepare_v2(db, "SELECT doc FROM resources WHERE name ="
	    " 'broken.example.io'", -1, &st, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_step(st);
	ok(rc == SQLITE_ERROR && strstr(sqlite3_errmsg(db),
	    "cluster-scoped-resources/core/nodes.yaml: the object's body kept "
	    "as YAML cannot be read") != NULL && strstr(sqlite3_errmsg(db),
	    "line 407") != NULL, "lazy: reading a broken body names the file "
	    "and line");
	printf("# %s\n", sqlite3_errmsg(db));
	sqlite3_finalize(st);
}

static void
test_build(const char *path)
{
	struct index *ix = NULL;
	struct index_source s;
	struct index_line l;
	struct index_hit h;
	struct problem p;
	struct mgt_error err;
	char tmp[PATH_MAX];
	int64_t src = 0, src2 = 0, logsrc = 0;
	sqlite3 *db = NULL;

	mgt_error_clear(&err);
	tmp_name(tmp, sizeof tmp, path);
	ok(index_create(path, INDEX_FTS, &ix, &err) == MGT_OK, "create");
	if (ix == NULL) {
		printf("# %s\n", err.msg);
		return;
	}
	ok(file_exists(tmp), "temporary file exists while building");
	ok(!file_exists(path), "target does not exist while building");

	memset(&s, 0, sizeof s);
	s.vpath = "mg.tar.gz!cluster-scoped-resources/core/nodes.yaml";
	s.kind = "resource";
	s.first_ts = s.last_ts = LOG_TS_NONE;
	s.status = "ok";
	s.node = "";
	ok(index_add_source(ix, &s, &src, &err) == MGT_OK && src > 0,
	    "add source");
	s.vpath = "mg.tar.gz!namespaces/openshift-etcd/pods/etcd-control1/"
	    "etcd-control1.yaml";
	ok(index_add_source(ix, &s, &src2, &err) == MGT_OK && src2 > src,
	    "add second source");
	load_cluster(ix, src);
	test_container_statuses(ix);
	test_dedup(ix, src, src2);
	test_bad_objects(ix, src);
	test_lazy_add(ix, src);

	s.vpath = "mg.tar.gz!namespaces/openshift-machine-config-operator/"
	    "pods/machine-config-daemon-x/machine-config-daemon/"
	    "machine-config-daemon/logs/current.log";
	s.kind = "pod_log";
	s.node = "control1.gw.lo";
	s.namespace = "openshift-machine-config-operator";
	s.pod = "machine-config-daemon-x";
	s.container = "machine-config-daemon";
	ok(index_add_source(ix, &s, &logsrc, &err) == MGT_OK, "add log source");
	memset(&l, 0, sizeof l);
	l.source_id = logsrc;
	l.line_no = 41;
	l.ts = 1736496000000000LL;
	l.severity = 'E';
	l.text = "E0110 08:00:00.000000 1 writer.go:231] Marking Degraded due "
	    "to: missing MachineConfig rendered-master-553d XXXX";
	l.text_len = strlen(l.text) - 5;	/* not NUL-terminated */
	ok(index_add_line(ix, &l, &err) == MGT_OK, "add line");
	memset(&h, 0, sizeof h);
	h.text = l.text;
	l.line_no = 42;
	l.ts = LOG_TS_NONE;
	l.severity = 0;
	l.text = "I0110 In bootstrap mode";
	l.text_len = strlen(l.text);
	ok(index_add_line(ix, &l, &err) == MGT_OK, "add line without ts");
	ok(index_add_offset(ix, logsrc, 1, 0, &err) == MGT_OK &&
	    index_add_offset(ix, logsrc, 1025, 123456, &err) == MGT_OK,
	    "add offsets");
	h.rule_id = "mco.rendered-config-missing";
	h.evidence = "daemon_log";
	h.source_id = logsrc;
	h.line_no = 41;
	h.ts = 1736496000000000LL;
	h.node = "control1.gw.lo";
	h.text_len = 5;
	h.captures = "{\"config\":\"rendered-master-553d\"}";
	ok(index_add_hit(ix, &h, &err) == MGT_OK, "add hit");
	memset(&p, 0, sizeof p);
	p.severity = PROBLEM_WARNING;
	p.code = PCODE_LIMIT_LINE;
	p.vpath = s.vpath;
	p.offset = -1;
	p.line = 7;
	p.message = "line longer than 1048576 bytes";
	ok(index_add_problem(ix, &p, &err) == MGT_OK, "add problem");
	ok(index_set_meta(ix, "inputs", "mg.tar.gz", &err) == MGT_OK,
	    "set meta");
	s.lines = 1024;
	s.first_ts = 1736496000000000LL;
	s.last_ts = 1736499600000000LL;
	s.size = 99999;
	s.status = "partial";
	ok(index_update_source(ix, logsrc, &s, &err) == MGT_OK,
	    "update source");
	is_int(index_update_source(ix, 9999, &s, &err), MGT_ERR_INTERNAL,
	    "update unknown source fails");

	mgt_error_clear(&err);
	ok(index_commit(ix, &err) == MGT_OK, "commit");
	if (err.code != MGT_OK)
		printf("# %s\n", err.msg);
	ok(file_exists(path), "commit: target exists");
	ok(!file_exists(tmp), "commit: temporary file gone");

	mgt_error_clear(&err);
	ok(index_open(path, 1, NULL, &db, &err) == MGT_OK, "open read-only");
	if (db == NULL) {
		printf("# %s\n", err.msg);
		return;
	}
	test_views(db);
	test_lazy_read(db);
	is_q(db, "SELECT value FROM meta WHERE key = 'schema_version'", "6",
	    "meta: schema_version");
	is_q(db, "SELECT value FROM meta WHERE key = 'flags'", "fts",
	    "meta: flags");
	is_q(db, "SELECT value FROM meta WHERE key = 'inputs'", "mg.tar.gz",
	    "meta: inputs");
	is_q(db, "SELECT text || '|' || severity || '|' || ts FROM lines WHERE"
	    " line_no = 41", "E0110 08:00:00.000000 1 writer.go:231] Marking "
	    "Degraded due to: missing MachineConfig rendered-master-553d|E|"
	    "1736496000000000", "lines: text with explicit length");
	is_q(db, "SELECT coalesce(ts, 'NULL') || coalesce(severity, 'NULL')"
	    " FROM lines WHERE line_no = 42", "NULLNULL",
	    "lines: no ts, no severity");
	is_q(db, "SELECT group_concat(line_no) FROM lines_fts f JOIN lines l"
	    " ON l.rowid = f.rowid WHERE lines_fts MATCH 'bootstrap'", "42",
	    "fts: built at commit");
	is_q(db, "SELECT offset FROM line_offsets WHERE line_no = 1025",
	    "123456", "line_offsets");
	is_q(db, "SELECT evidence || ',' || text || ',' ||"
	    " json_extract(captures, '$.config') FROM hits WHERE rule_id ="
	    " 'mco.rendered-config-missing'", "daemon_log,E0110,"
	    "rendered-master-553d", "hits");
	is_q(db, "SELECT severity || ',' || code || ',' || coalesce(offset,"
	    " 'NULL') || ',' || line FROM problems",
	    "warning,limit-line,NULL,7",
	    "problems");
	is_q(db, "SELECT lines || ',' || status || ',' || size || ',' ||"
	    " first_ts || ',' || node || ',' || container FROM sources WHERE"
	    " kind = 'pod_log'", "1024,partial,99999,1736496000000000,"
	    "control1.gw.lo,machine-config-daemon", "sources: updated");
	is_q(db, "SELECT coalesce(node, 'NULL') FROM sources WHERE id = 1",
	    "NULL", "sources: empty node stored as NULL");
	is_q(db, "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND"
	    " name IN ('lines_source', 'hits_rule', 'resources_kind')", "3",
	    "indexes built");
	ok(sqlite3_exec(db, "INSERT INTO meta VALUES ('x', 'y')", NULL, NULL,
	    NULL) != SQLITE_OK, "read-only: insert refused");
	ok(sqlite3_exec(db, "CREATE TEMP TABLE t(x)", NULL, NULL, NULL) !=
	    SQLITE_OK, "read-only: query_only refuses temp writes too");
	sqlite3_close(db);

	ok(index_open(path, 0, NULL, &db, &err) == MGT_OK, "open read-write");
	ok(sqlite3_exec(db, "INSERT INTO meta VALUES ('x', 'y')", NULL, NULL,
	    NULL) == SQLITE_OK, "read-write: insert allowed");
	sqlite3_close(db);
}

static void
test_discard(const char *dir)
{
	struct index *ix = NULL;
	struct index_source s;
	struct mgt_error err;
	char path[PATH_MAX], tmp[PATH_MAX], buf[16];
	int64_t src;
	FILE *f;

	mgt_error_clear(&err);
	path_join(path, sizeof path, dir, "discard.db");
	tmp_name(tmp, sizeof tmp, path);
	f = fopen(path, "w");
	fputs("old", f);
	fclose(f);
	ok(index_create(path, 0, &ix, &err) == MGT_OK, "discard: create");
	memset(&s, 0, sizeof s);
	s.vpath = "x";
	s.first_ts = s.last_ts = LOG_TS_NONE;
	ok(index_add_source(ix, &s, &src, &err) == MGT_OK, "discard: add");
	index_discard(ix);
	ok(!file_exists(tmp), "discard: temporary file removed");
	f = fopen(path, "r");
	ok(f != NULL && fgets(buf, sizeof buf, f) != NULL &&
	    strcmp(buf, "old") == 0, "discard: existing target untouched");
	if (f != NULL)
		fclose(f);
	index_discard(NULL);

	/* A file (or a planted link) at the temporary name is refused. */
	ok(symlink("/nonexistent", tmp) == 0, "plant link at temp name");
	ix = NULL;
	is_int(index_create(path, 0, &ix, &err), MGT_ERR_IO,
	    "create refuses existing temp name");
	ok(ix == NULL, "create: no index on failure");
	ok(strstr(err.where, ".tmp-") != NULL, "create: error names the file");
	unlink(tmp);
	unlink(path);

	path_join(path, sizeof path, dir, "no/such/dir/x.db");
	is_int(index_create(path, 0, &ix, &err), MGT_ERR_IO,
	    "create in missing directory fails");
}

static void
test_open_errors(const char *dir, const char *good)
{
	struct mgt_error err;
	sqlite3 *db = NULL;
	char path[PATH_MAX];
	FILE *f;

	mgt_error_clear(&err);
	path_join(path, sizeof path, dir, "notes.txt");
	f = fopen(path, "w");
	fputs("this is not a database, just some text that is long enough "
	    "to fill more than the SQLite header of one hundred bytes, "
	    "which is what SQLite reads first.\n", f);
	fclose(f);
	is_int(index_open(path, 1, NULL, &db, &err), MGT_ERR_FORMAT,
	    "open text file: MGT_ERR_FORMAT");
	ok(db == NULL, "open text file: no connection");
	ok(strcmp(err.where, path) == 0, "open text file: error names file");
	ok(strstr(err.msg, "not an mgtriage index") != NULL,
	    "open text file: clear message");
	unlink(path);

	path_join(path, sizeof path, dir, "other.db");
	if (sqlite3_open(path, &db) == SQLITE_OK)
		sqlite3_exec(db, "CREATE TABLE t(x)", NULL, NULL, NULL);
	sqlite3_close(db);
	db = NULL;
	is_int(index_open(path, 1, NULL, &db, &err), MGT_ERR_FORMAT,
	    "open other SQLite db: MGT_ERR_FORMAT");
	ok(strstr(err.msg, "not an mgtriage index") != NULL &&
	    strstr(err.msg, "meta") != NULL, "open other SQLite db: message");
	unlink(path);

	/* Same schema, another version. */
	ok(index_open(good, 0, NULL, &db, &err) == MGT_OK, "reopen good index");
	sqlite3_exec(db, "UPDATE meta SET value = '999' WHERE key ="
	    " 'schema_version'", NULL, NULL, NULL);
	sqlite3_close(db);
	db = NULL;
	is_int(index_open(good, 1, NULL, &db, &err), MGT_ERR_FORMAT,
	    "open other schema version: MGT_ERR_FORMAT");
	ok(strstr(err.msg, "999") != NULL && strstr(err.msg, "rebuild") !=
	    NULL, "open other schema version: message");

	path_join(path, sizeof path, dir, "missing.db");
	is_int(index_open(path, 1, NULL, &db, &err), MGT_ERR_IO,
	    "open missing file: MGT_ERR_IO");
	ok(!file_exists(path), "open missing file does not create it");
}

static void
not_ok_msg(const char *name, const char *msg)
{
	ok(0, name);
	printf("# %s\n", msg);
}

/* Step one guarded statement under db's budget; the budget that ran out
 * (0: none) and the statement's last result code. */
static int
budget_run(sqlite3 *db, const char *sql, int *last)
{
	struct index_budget b;
	sqlite3_stmt *st;
	int rc;

	*last = SQLITE_ERROR;
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		return -1;
	index_budget_begin(db, &b);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		;
	*last = rc;
	sqlite3_finalize(st);
	return index_budget_end(&b, rc);
}

static int slow_calls;

static void
slow_sql(void *cb_data, const char *sql, double seconds)
{
	if (cb_data == &slow_calls && sql != NULL && seconds >= 0.01)
		slow_calls++;
}

/*
 * Budgets and the slow-statement callback belong to the connection that
 * index_open() made: two connections open at once keep their own.
 */
static void
test_per_connection(const char *path)
{
	static const char count[] = "WITH RECURSIVE c(x) AS (SELECT 1 UNION "
	    "ALL SELECT x + 1 FROM c WHERE x < 300000) SELECT count(*) FROM c";
	static const char big[] = "SELECT length(zeroblob(1000000))";
	struct index_open_opts small, plain;
	struct mgt_error err;
	sqlite3 *a = NULL, *b = NULL;
	int last;

	index_open_opts_init(&small, NULL);
	small.sql_steps = 10000;
	small.sql_memory = 1 << 20;
	index_open_opts_init(&plain, NULL);
	plain.on_slow_sql = slow_sql;
	plain.cb_data = &slow_calls;
	mgt_error_clear(&err);
	if (index_open(path, 1, &small, &a, &err) != MGT_OK ||
	    index_open(path, 1, &plain, &b, &err) != MGT_OK) {
		not_ok_msg("open two connections", err.msg);
		sqlite3_close(a);
		return;
	}
	is_int(budget_run(a, count, &last), INDEX_OVER_STEPS,
	    "small budget: the statement runs out of steps");
	is_int(budget_run(b, count, &last), 0,
	    "other connection, opened later: the default budget");
	is_int(last, SQLITE_DONE, "other connection: the statement ends");
	is_int(budget_run(a, count, &last), INDEX_OVER_STEPS,
	    "small budget still its own after the other one ran");
	ok(budget_run(a, big, &last) != 0 || last != SQLITE_DONE,
	    "small memory budget: a 1 MB value is refused");
	is_int(budget_run(b, big, &last), 0,
	    "default memory budget: the same value is fine");
	ok(slow_calls > 0, "slow statements reported to their connection's "
	    "callback");
	slow_calls = 0;
	budget_run(a, count, &last);
	is_int(slow_calls, 0, "not for the connection without a callback");
	sqlite3_close(a);
	sqlite3_close(b);
	/* A connection the guard never saw: the defaults. */
	ok(index_open(path, 0, NULL, &a, &err) == MGT_OK, "open read-write");
	is_int(budget_run(a, count, &last), 0,
	    "unguarded connection: the default budget");
	sqlite3_close(a);
}

/* Write text to dir/name (created or replaced). */
static void
write_file(const char *dir, const char *name, const char *text)
{
	char path[PATH_MAX];
	FILE *f;

	path_join(path, sizeof path, dir, name);
	if ((f = fopen(path, "w")) == NULL || fputs(text, f) == EOF ||
	    fclose(f) != 0)
		abort();
}

/*
 * Open good read-only with the built-in views and the views of one extra
 * directory holding only name = text; return the status, err filled.
 */
static int
open_pack(const char *good, const char *pack, const char *name,
    const char *text, struct mgt_error *err)
{
	struct index_open_opts o;
	const char *dirs[1];
	sqlite3 *db = NULL;
	char path[PATH_MAX];
	int rc;

	mkdir(pack, 0700);
	write_file(pack, name, text);
	index_open_opts_init(&o, NULL);
	dirs[0] = pack;
	o.extra_view_dirs = dirs;
	o.nextra_view_dirs = 1;
	mgt_error_clear(err);
	rc = index_open(good, 1, &o, &db, err);
	if (rc == MGT_OK)
		is_q(db, "SELECT count(*) FROM nodes", "2",
		    "pack views come after the built-in ones");
	sqlite3_close(db);
	path_join(path, sizeof path, pack, name);
	unlink(path);
	return rc;
}

/* The views are created at open, from files; what a view file may hold. */
static void
test_view_files(const char *dir, const char *good)
{
	struct index_open_opts o;
	struct mgt_error err;
	sqlite3 *db = NULL;
	char pack[PATH_MAX], file[PATH_MAX], *big;
	const char *dirs[1];

	path_join(pack, sizeof pack, dir, "pack");
	path_join(file, sizeof file, pack, "v.sql");
	mgt_error_clear(&err);

	/* An index stores no view; open creates today's. */
	ok(index_open(good, 1, NULL, &db, &err) == MGT_OK, "views: open");
	is_q(db, "SELECT count(*) FROM main.sqlite_master WHERE type ="
	    " 'view'", "0", "views: none stored in the index");
	is_q(db, "SELECT count(*) FROM sqlite_temp_master WHERE type = 'view'"
	    " AND name IN ('nodes', 'csrs', 'events_src', 'conditions')", "4",
	    "views: created as TEMP views at open");
	sqlite3_close(db);
	db = NULL;

	/* No built-in views: the rules' names do not exist. */
	index_open_opts_init(&o, NULL);
	o.views_dir = "";
	ok(index_open(good, 1, &o, &db, &err) == MGT_OK,
	    "views: open without views");
	is_q(db, "SELECT group_concat(name) FROM sqlite_temp_master",
	    "resources", "views: views_dir \"\" creates none but the "
	    "resources view over lazy bodies");
	sqlite3_close(db);
	db = NULL;

	/* A version 2 index with its stale stored views: today's win. */
	ok(index_open(good, 0, NULL, &db, &err) == MGT_OK, "views: open to age");
	ok(sqlite3_exec(db, "UPDATE meta SET value = '2' WHERE key ="
	    " 'schema_version'; CREATE VIEW nodes AS SELECT 'stale' AS name;",
	    NULL, NULL, NULL) == SQLITE_OK, "views: made a version 2 index");
	sqlite3_close(db);
	db = NULL;
	ok(index_open(good, 1, NULL, &db, &err) == MGT_OK, "views: open version 2");
	is_q(db, "SELECT group_concat(name) FROM (SELECT name FROM nodes"
	    " ORDER BY name)", "control1.gw.lo,worker0.gw.lo",
	    "views: today's nodes shadow the stored one");
	sqlite3_close(db);
	db = NULL;
	ok(index_open(good, 0, NULL, &db, &err) == MGT_OK, "views: open to renew");
	sqlite3_exec(db, "DROP VIEW main.nodes; UPDATE meta SET value = '3'"
	    " WHERE key = 'schema_version'", NULL, NULL, NULL);
	sqlite3_close(db);
	db = NULL;

	/* A pack's view, next to the built-in ones. */
	is_int(open_pack(good, pack, "v.sql", "-- mine\n"
	    "CREATE VIEW masters AS SELECT name FROM nodes\n"
	    "    WHERE roles LIKE '%master%';\n"
	    "create temporary view  /* c */ workers AS SELECT 1;\n", &err),
	    MGT_OK, "views: a pack's view file");
	is_int(open_pack(good, pack, "notes.txt", "DROP TABLE x;", &err),
	    MGT_OK, "views: files other than *.sql are not read");

	/* Statements other than CREATE VIEW are refused, file:line. */
	is_int(open_pack(good, pack, "v.sql", "CREATE VIEW a AS SELECT 1;\n\n"
	    "DROP TABLE resources;\n", &err), MGT_ERR_RULE,
	    "views: DROP TABLE refused");
	is_str(err.where, file, "views: DROP TABLE: names the file");
	is_int(err.line, 3, "views: DROP TABLE: names the line");
	ok(strstr(err.msg, "only CREATE VIEW") != NULL &&
	    strstr(err.msg, "DROP") != NULL, "views: DROP TABLE: says why");
	is_int(open_pack(good, pack, "v.sql", "ATTACH 'x.db' AS x;", &err),
	    MGT_ERR_RULE, "views: ATTACH refused");
	is_int(open_pack(good, pack, "v.sql", "CREATE TABLE t(x);", &err),
	    MGT_ERR_RULE, "views: CREATE TABLE refused");
	is_int(open_pack(good, pack, "v.sql", "CREATE TRIGGER t AFTER INSERT"
	    " ON meta BEGIN SELECT 1; END;", &err), MGT_ERR_RULE,
	    "views: CREATE TRIGGER refused");
	is_int(open_pack(good, pack, "v.sql", "CREATE VIEW a AS SELECT 1;"
	    " INSERT INTO meta VALUES (1, 2);", &err), MGT_ERR_RULE,
	    "views: INSERT after a view on one line refused");
	is_int(err.line, 1, "views: INSERT: line 1");
	is_int(open_pack(good, pack, "v.sql", "CREATE VIEW a AS SELECT 1;"
	    " PRAGMA query_only = 0;", &err), MGT_ERR_RULE,
	    "views: PRAGMA refused");

	/* Syntax errors: SQLite's message at the line of the error. */
	is_int(open_pack(good, pack, "v.sql", "CREATE VIEW a AS\n"
	    "SELECT name\nFRM nodes;\n", &err), MGT_ERR_RULE,
	    "views: syntax error");
	is_int(err.line, 3, "views: syntax error: its line");
	is_int(open_pack(good, pack, "v.sql", "CREATE VIEW a AS SELECT 1;\n"
	    "-- c\nCREATE\n/* x\n */ VIEW b AS\nSELECT 2\nFRM z;\n", &err),
	    MGT_ERR_RULE, "views: syntax error in a second statement");
	is_int(err.line, 7, "views: its line, past comments and newlines");
	ok(strstr(err.msg, "syntax error") != NULL,
	    "views: syntax error: SQLite's message");
	is_int(open_pack(good, pack, "v.sql", "CREATE VIEW a AS SELECT\n"
	    "  x FROM no_such_table;\n", &err), MGT_ERR_RULE,
	    "views: unknown table refused at open");
	ok(strstr(err.msg, "no_such_table") != NULL && err.line == 1,
	    "views: unknown table: named, at the view's line");
	is_int(open_pack(good, pack, "v.sql", "CREATE VIEW a AS SELECT"
	    " load_extension('x');\n", &err), MGT_ERR_RULE,
	    "views: a view calling a refused function fails at open");
	is_int(open_pack(good, pack, "v.sql", "CREATE VIEW a AS SELECT 1 /*",
	    &err), MGT_ERR_RULE, "views: a stray /* at the end is an error");

	/* Names: no replacing a view, no hiding a table. */
	is_int(open_pack(good, pack, "v.sql", "\nCREATE VIEW Nodes AS SELECT"
	    " 1 AS name;\n", &err), MGT_ERR_RULE,
	    "views: a built-in view's name is refused");
	ok(strstr(err.msg, "'Nodes' is already defined at") != NULL &&
	    strstr(err.msg, "nodes.sql") != NULL && err.line == 2,
	    "views: the collision names both files");
	is_int(open_pack(good, pack, "v.sql", "CREATE VIEW IF NOT EXISTS"
	    " csrs AS SELECT 1;\n", &err), MGT_ERR_RULE,
	    "views: IF NOT EXISTS does not hide a collision");
	is_int(open_pack(good, pack, "v.sql", "CREATE VIEW events AS SELECT"
	    " 1;\n", &err), MGT_ERR_RULE, "views: a table's name is refused");
	ok(strstr(err.msg, "table") != NULL, "views: table name: says so");
	is_int(open_pack(good, pack, "v.sql", "CREATE VIEW json_each AS"
	    " SELECT 1;\n", &err), MGT_ERR_RULE,
	    "views: a table-valued function's name is refused");
	ok(strstr(err.msg, "table-valued function") != NULL,
	    "views: function name: says so");
	is_int(open_pack(good, pack, "v.sql", "CREATE VIEW pragma_table_info"
	    " AS SELECT 1;\n", &err), MGT_ERR_RULE,
	    "views: a pragma function's name is refused");

	/* Bounds and odd files. */
	big = malloc(INDEX_VIEWS_MAX_FILE_BYTES + 2);
	memset(big, ' ', INDEX_VIEWS_MAX_FILE_BYTES + 1);
	big[INDEX_VIEWS_MAX_FILE_BYTES + 1] = '\0';
	is_int(open_pack(good, pack, "v.sql", big, &err), MGT_ERR_RULE,
	    "views: a file over 1 MiB is refused");
	ok(strstr(err.msg, "larger") != NULL, "views: too large: says so");
	free(big);
	is_int(open_pack(good, pack, "v.sql", "", &err), MGT_OK,
	    "views: an empty file is no error");
	index_open_opts_init(&o, NULL);
	path_join(file, sizeof file, dir, "no-such-dir");
	dirs[0] = file;
	o.extra_view_dirs = dirs;
	o.nextra_view_dirs = 1;
	is_int(index_open(good, 1, &o, &db, &err), MGT_ERR_RULE,
	    "views: a missing views directory is an error");
	ok(db == NULL && strcmp(err.where, file) == 0,
	    "views: missing directory: named");
	rmdir(pack);
}

/*
 * index-read.c.  A small index is built here: a resource file (a Node, a
 * ClusterOperator with a Degraded condition, an Event), a pod log and a
 * journal whose stamps had no year, a container directory; lines, hits,
 * tallies, problems and meta counts of dropped problems.  Every reader's
 * rows are written out as one string and compared.
 */
#define T0	1736496000000000LL	/* 2025-01-10T08:00:00Z */
#define SEC	1000000LL
#define TJ	1646092800000000LL	/* 2022-03-01T00:00:00Z */
#define TJ3	1740787200000000LL	/* 2025-03-01T00:00:00Z */

static char rows[4096];

static void
rows_add(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

static void
rows_add(const char *fmt, ...)
{
	size_t n = strlen(rows);
	va_list ap;

	if (n > 0 && n < sizeof rows - 1)
		rows[n++] = ';';
	va_start(ap, fmt);
	vsnprintf(rows + n, sizeof rows - n, fmt, ap);
	va_end(ap);
}

static int stop_after = -1;	/* a row callback says stop after this many */

static int
rows_stop(void)
{
	return stop_after >= 0 && --stop_after == 0;
}

static int
count_row(void *data, int sev, const char *code, long long n)
{
	(void)data;
	rows_add("%s/%s/%lld", problem_severity_name(sev), code, n);
	return rows_stop();
}

static int
problem_row(void *data, const struct problem *p)
{
	(void)data;
	rows_add("%s/%s/%s/%lld/%ld/%s", problem_severity_name(p->severity),
	    p->code, p->vpath, p->offset, p->line, p->message);
	return rows_stop();
}

static int
line_row(void *data, const struct index_line_row *r)
{
	(void)data;
	rows_add("%s:%ld/%.*s/%lld/%s", r->vpath, r->line_no, (int)r->len,
	    r->text, r->ts == LOG_TS_NONE ? -1LL : (long long)r->ts,
	    r->node ? r->node : "-");
	return rows_stop();
}

static int
hit_row(void *data, const struct index_hit_row *r)
{
	(void)data;
	rows_add("%s:%ld/%.*s/%lld/%s/%s", r->vpath, r->line_no, (int)r->len,
	    r->text, r->ts == LOG_TS_NONE ? -1LL : (long long)r->ts,
	    r->node ? r->node : "-", r->captures ? r->captures : "-");
	return rows_stop();
}

static int
tally_row(void *data, const struct index_tally_row *r)
{
	(void)data;
	rows_add("%s/%s/%s/%ld/%lld/%lld", r->vpath, r->node ? r->node : "-",
	    r->grp ? r->grp : "-", r->seen, (long long)r->first_ts,
	    (long long)r->last_ts);
	return rows_stop();
}

static int
event_row(void *data, const struct index_event_row *r)
{
	(void)data;
	rows_add("%lld/%lld/%ld/%s/%s/%s", (long long)r->first_ts,
	    (long long)r->last_ts, r->count, r->what, r->where,
	    r->nodes ? r->nodes : "-");
	return rows_stop();
}

#define READ_RES	"mg!cluster/objects.yaml"
#define READ_LOG	"mg!namespaces/ns/pods/p/c/c/logs/current.log"
#define READ_JOURNAL	"mg!nodes/n1/journal"

static int64_t
read_source(struct index *ix, const char *vpath, const char *kind,
    const char *node, long long size, long long lines)
{
	struct index_source s;
	struct mgt_error err;
	int64_t id = 0;

	memset(&s, 0, sizeof s);
	s.vpath = vpath;
	s.kind = kind;
	s.node = node;
	s.first_ts = s.last_ts = LOG_TS_NONE;
	s.status = "ok";
	mgt_error_clear(&err);
	if (index_add_source(ix, &s, &id, &err) != MGT_OK)
		printf("# source %s: %s\n", vpath, err.msg);
	s.size = size;
	s.lines = lines;
	if (index_update_source(ix, id, &s, &err) != MGT_OK)
		printf("# source %s: %s\n", vpath, err.msg);
	return id;
}

static void
read_line(struct index *ix, int64_t src, long no, int64_t ts,
    const char *text)
{
	struct index_line l;
	struct mgt_error err;

	memset(&l, 0, sizeof l);
	l.source_id = src;
	l.line_no = no;
	l.ts = ts;
	l.severity = 'E';
	l.text = text;
	l.text_len = strlen(text);
	mgt_error_clear(&err);
	if (index_add_line(ix, &l, &err) != MGT_OK)
		printf("# line: %s\n", err.msg);
}

static void
read_hit(struct index *ix, int64_t src, long no, int64_t ts,
    const char *node, const char *text, const char *captures)
{
	struct index_hit h;
	struct mgt_error err;

	memset(&h, 0, sizeof h);
	h.rule_id = "r.x";
	h.evidence = "e";
	h.source_id = src;
	h.line_no = no;
	h.ts = ts;
	h.node = node;
	h.text = text;
	h.text_len = strlen(text);
	h.captures = captures;
	mgt_error_clear(&err);
	if (index_add_hit(ix, &h, &err) != MGT_OK)
		printf("# hit: %s\n", err.msg);
}

static void
read_tally(struct index *ix, int64_t src, const char *node, const char *grp,
    long seen, long timed, int64_t first, int64_t last, long line,
    const char *text)
{
	struct index_hit_stat t;
	struct mgt_error err;

	memset(&t, 0, sizeof t);
	t.rule_id = "r.x";
	t.evidence = "e";
	t.source_id = src;
	t.node = node;
	t.grp = grp;
	t.seen = seen;
	t.timed = timed;
	t.first_ts = first;
	t.last_ts = last;
	t.first_line = line;
	t.text = text;
	t.text_len = strlen(text);
	mgt_error_clear(&err);
	if (index_add_hit_stat(ix, &t, &err) != MGT_OK)
		printf("# hit_stat: %s\n", err.msg);
}

static void
read_problem(struct index *ix, enum problem_severity sev, const char *code,
    const char *vpath, long long offset, long line, const char *msg)
{
	struct problem p;
	struct mgt_error err;

	p.severity = sev;
	p.code = code;
	p.vpath = vpath;
	p.offset = offset;
	p.line = line;
	p.message = msg;
	mgt_error_clear(&err);
	if (index_add_problem(ix, &p, &err) != MGT_OK)
		printf("# problem: %s\n", err.msg);
}

/* The reads on the writer's connection, and the fix-ups. */
static void
test_read_writer(struct index *ix, int64_t res)
{
	static char zz[] = "zz", n1[] = "n1";
	char *some[] = { zz, n1 }, *none[] = { zz };
	struct mgt_error err;
	long long n = -1;
	int known = -1;

	mgt_error_clear(&err);
	ok(add(ix, res, 1, "{'apiVersion':'v1','kind':'Node','metadata':{"
	    "'name':'n1.example'}}", &err) == MGT_OK, "read: add node");
	ok(add(ix, res, 5, "{'apiVersion':'config.openshift.io/v1',"
	    "'kind':'ClusterOperator','metadata':{'name':'net'},'status':{"
	    "'conditions':[{'type':'Degraded','status':'True','reason':'R',"
	    "'message':'M','lastTransitionTime':'2025-01-10T09:00:00Z'}]}}",
	    &err) == MGT_OK, "read: add clusteroperator");
	ok(add(ix, res, 9, "{'apiVersion':'v1','kind':'Event','metadata':{"
	    "'name':'ev','namespace':'ns'},'involvedObject':{'kind':'Pod',"
	    "'namespace':'ns','name':'p'},'reason':'BackOff','message':'m',"
	    "'count':3,'firstTimestamp':'2025-01-10T08:30:00Z',"
	    "'lastTimestamp':'2025-01-10T08:45:00Z'}", &err) == MGT_OK,
	    "read: add event");
	is_int(index_count_kind(ix, "Node", &n, &err), MGT_OK,
	    "index_count_kind: MGT_OK");
	is_int(n, 1, "index_count_kind: one Node");
	is_int(index_count_kind(ix, "Pod", &n, &err), MGT_OK,
	    "index_count_kind: none");
	is_int(n, 0, "index_count_kind: no Pod");
	ok(index_hosts_known(ix, some, 2, &known, &err) == MGT_OK &&
	    known == 1, "index_hosts_known: a short name of a node");
	ok(index_hosts_known(ix, none, 1, &known, &err) == MGT_OK &&
	    known == 0, "index_hosts_known: a host of no node");
	ok(index_hosts_known(ix, none, 0, &known, &err) == MGT_OK &&
	    known == 0, "index_hosts_known: no host");
	n = 0;
	ok(index_size(ix, &n, &err) == MGT_OK && n >= INDEX_PAGE_SIZE,
	    "index_size: at least a page");
}

static void
test_read_build(const char *path)
{
	struct index *ix = NULL;
	struct mgt_error err;
	int64_t res, plog, jr;

	mgt_error_clear(&err);
	if (index_create(path, 0, &ix, &err) != MGT_OK) {
		not_ok_msg("read: create", err.msg);
		return;
	}
	res = read_source(ix, READ_RES, "resource", NULL, 100, 0);
	plog = read_source(ix, READ_LOG, "pod_log", "n1.example", 200, 9);
	jr = read_source(ix, READ_JOURNAL, "journal", NULL, 300, 4);
	(void)read_source(ix, "mg!namespaces/ns/pods/p/c", "container", NULL,
	    50, 0);
	test_read_writer(ix, res);
	read_line(ix, plog, 1, T0, "E boom one");
	read_line(ix, plog, 3, T0 + SEC, "E quiet");
	read_hit(ix, plog, 5, T0 + 2 * SEC, NULL, "boom hit",
	    "{\"k\":\"v\"}");
	read_hit(ix, plog, 7, LOG_TS_NONE, NULL, "boom late", NULL);
	read_hit(ix, jr, 2, TJ, "n1", "kernel: boom two", NULL);
	read_tally(ix, plog, NULL, "g1", 10, 8, T0 + 2 * SEC, T0 + 9 * SEC, 5,
	    "boom hit");
	read_tally(ix, jr, "n1", NULL, 1, 1, TJ, TJ, 2, "kernel: boom two");
	read_problem(ix, PROBLEM_WARNING, "limit-line", READ_LOG, -1, 7,
	    "long");
	read_problem(ix, PROBLEM_ERROR, "corrupt", "a.gz", -1, 0, "bad A");
	read_problem(ix, PROBLEM_INFO, "empty", "e", -1, 0, "empty");
	read_problem(ix, PROBLEM_ERROR, "corrupt", "b.gz", 42, 0, "bad B");
	ok(index_set_meta(ix, "problems_dropped:limit-line:warning", "5",
	    &err) == MGT_OK &&
	    index_set_meta(ix, "problems_dropped:odd:bogus", "2", &err) ==
	    MGT_OK &&
	    index_set_meta(ix, "problems_dropped:nocolon", "3", &err) ==
	    MGT_OK &&
	    index_set_meta(ix, "problems_dropped:zero:info", "0", &err) ==
	    MGT_OK &&
	    index_set_meta(ix, "year_hint", "2023", &err) == MGT_OK,
	    "read: meta");
	is_int(index_fixup_year(ix, jr, 3, &err), MGT_OK,
	    "index_fixup_year: MGT_OK");
	is_int(index_fixup_nodes(ix, &err), MGT_OK,
	    "index_fixup_nodes: MGT_OK");
	if (index_commit(ix, &err) != MGT_OK)
		not_ok_msg("read: commit", err.msg);
}

static void
test_read_problems(sqlite3 *db)
{
	struct mgt_error err;

	mgt_error_clear(&err);
	rows[0] = '\0';
	is_int(index_read_problem_counts(db, count_row, NULL, &err), MGT_OK,
	    "index_read_problem_counts: MGT_OK");
	is_str(rows, "error/corrupt/2;info/empty/1;warning/limit-line/1",
	    "index_read_problem_counts: by code, then severity");
	rows[0] = '\0';
	is_int(index_read_problems_dropped(db, count_row, NULL, &err), MGT_OK,
	    "index_read_problems_dropped: MGT_OK");
	is_str(rows, "warning/limit-line/5;error/odd/2",
	    "index_read_problems_dropped: well-formed counts > 0; an unknown "
	    "severity is an error");
	rows[0] = '\0';
	is_int(index_read_problems(db, problem_row, NULL, &err), MGT_OK,
	    "index_read_problems: MGT_OK");
	is_str(rows, "error/corrupt/a.gz/-1/0/bad A;error/corrupt/b.gz/42/0/"
	    "bad B;warning/limit-line/" READ_LOG "/-1/7/long;info/empty/e/-1/"
	    "0/empty", "index_read_problems: worst first, then as stored");
	rows[0] = '\0';
	stop_after = 1;
	is_int(index_read_problems(db, problem_row, NULL, &err), MGT_OK,
	    "index_read_problems: a callback that stops is MGT_OK");
	is_str(rows, "error/corrupt/a.gz/-1/0/bad A",
	    "index_read_problems: stopped after one row");
	stop_after = -1;
}

static void
test_read_catalogue(sqlite3 *db)
{
	struct index_catalogue *c;
	struct index_stats s;
	struct mgt_error err;
	char *v = NULL, *node = NULL;
	int year = -1, log = -1, journal = -1;

	mgt_error_clear(&err);
	ok(index_read_stats(db, &s, &err) == MGT_OK, "index_read_stats");
	ok(s.sources == 3 && s.lines == 13 && s.resources == 3 &&
	    s.bytes == 600, "index_read_stats: containers not counted");
	if (s.sources != 3 || s.lines != 13 || s.resources != 3 ||
	    s.bytes != 600)
		printf("# %lld %lld %lld %lld\n", s.sources, s.lines,
		    s.resources, s.bytes);
	ok(index_read_year(db, &year, &err) == MGT_OK && year == 2023,
	    "index_read_year: meta year_hint");
	c = index_catalogue_new(db);
	ok(index_catalogue_vpath(c, 2, &v, &err) == MGT_OK, "vpath: MGT_OK");
	is_str(v, READ_LOG, "index_catalogue_vpath: the log's");
	free(v);
	ok(index_catalogue_vpath(c, 999, &v, &err) == MGT_OK && v == NULL,
	    "index_catalogue_vpath: no such source is NULL");
	ok(index_catalogue_log(c, READ_LOG, &log, &journal, &node, &err) ==
	    MGT_OK && log == 1 && journal == 0, "index_catalogue_log: pod log");
	is_str(node, "n1.example", "index_catalogue_log: its node");
	free(node);
	ok(index_catalogue_log(c, READ_JOURNAL, &log, &journal, &node,
	    &err) == MGT_OK && log == 1 && journal == 1 && node == NULL,
	    "index_catalogue_log: journal, no node");
	ok(index_catalogue_log(c, READ_RES, &log, &journal, &node, &err) ==
	    MGT_OK && log == 0 && journal == 0,
	    "index_catalogue_log: a resource file is no log");
	free(node);
	ok(index_catalogue_log(c, "mg!nope", &log, &journal, &node, &err) ==
	    MGT_OK && log == 0 && node == NULL,
	    "index_catalogue_log: not catalogued");
	index_catalogue_free(c);
}

static void
test_read_lines(sqlite3 *db)
{
	struct index_line_filter f;
	struct mgt_error err;
	char want[1024];

	mgt_error_clear(&err);
	memset(&f, 0, sizeof f);
	f.pattern = "boom";
	f.since = INT64_MIN;
	f.until = INT64_MAX;
	rows[0] = '\0';
	is_int(index_read_lines(db, &f, line_row, NULL, &err), MGT_OK,
	    "index_read_lines: MGT_OK");
	snprintf(want, sizeof want, "%s:1/E boom one/%lld/n1.example;"
	    "%s:5/boom hit/%lld/n1.example;%s:7/boom late/-1/n1.example;"
	    "%s:2/kernel: boom two/%lld/n1.example", READ_LOG, T0, READ_LOG,
	    T0 + 2 * SEC, READ_LOG, READ_JOURNAL, TJ3);
	is_str(rows, want, "index_read_lines: lines and hits in input order, "
	    "the year moved, the short host named in full");
	rows[0] = '\0';
	f.since = T0 + SEC;
	f.until = T0 + 2 * SEC;
	is_int(index_read_lines(db, &f, line_row, NULL, &err), MGT_OK,
	    "index_read_lines: bounded");
	snprintf(want, sizeof want, "%s:5/boom hit/%lld/n1.example", READ_LOG,
	    T0 + 2 * SEC);
	is_str(rows, want, "index_read_lines: only lines with a time inside");
	rows[0] = '\0';
	f.since = INT64_MIN;
	f.until = INT64_MAX;
	f.node = "n2";
	is_int(index_read_lines(db, &f, line_row, NULL, &err), MGT_OK,
	    "index_read_lines: another node");
	is_str(rows, "", "index_read_lines: no line of node n2");
	f.node = "n1";
	stop_after = 2;
	rows[0] = '\0';
	is_int(index_read_lines(db, &f, line_row, NULL, &err), MGT_OK,
	    "index_read_lines: the node's first label");
	ok(strchr(rows, ';') != NULL && strchr(strchr(rows, ';') + 1, ';') ==
	    NULL, "index_read_lines: stopped after two rows");
	stop_after = -1;
}

static void
test_read_hits(sqlite3 *db)
{
	struct mgt_error err;
	char want[1024];

	mgt_error_clear(&err);
	rows[0] = '\0';
	is_int(index_read_hits(db, "r.x", "e", 2, hit_row, NULL, &err), MGT_OK,
	    "index_read_hits: MGT_OK");
	snprintf(want, sizeof want, "%s:5/boom hit/%lld/n1.example/"
	    "{\"k\":\"v\"};%s:2/kernel: boom two/%lld/n1.example/-", READ_LOG,
	    T0 + 2 * SEC, READ_JOURNAL, TJ3);
	is_str(rows, want, "index_read_hits: the first two in time order");
	rows[0] = '\0';
	is_int(index_read_hits(db, "r.x", "other", 10, hit_row, NULL, &err),
	    MGT_OK, "index_read_hits: another item");
	is_str(rows, "", "index_read_hits: no hit of another item");
	rows[0] = '\0';
	is_int(index_read_tallies(db, "r.x", "e", tally_row, NULL, &err),
	    MGT_OK, "index_read_tallies: MGT_OK");
	snprintf(want, sizeof want, "%s/n1.example/g1/10/%lld/%lld;"
	    "%s/n1.example/-/1/%lld/%lld", READ_LOG, T0 + 2 * SEC,
	    T0 + 9 * SEC, READ_JOURNAL, TJ3, TJ3);
	is_str(rows, want, "index_read_tallies: as stored, fixed up");
}

static void
test_read_timeline(sqlite3 *db)
{
	struct mgt_error err;
	char want[1024];

	mgt_error_clear(&err);
	rows[0] = '\0';
	is_int(index_read_hit_spans(db, "r.x", NULL, INT64_MIN, INT64_MAX,
	    event_row, NULL, &err), MGT_OK, "index_read_hit_spans: MGT_OK");
	snprintf(want, sizeof want, "%lld/%lld/8/r.x: boom hit/%s:5/n1.example",
	    T0 + 2 * SEC, T0 + 9 * SEC, READ_LOG);
	ok(strstr(rows, want) != NULL, "index_read_hit_spans: unbounded, "
	    "the exact tally of the pod log");
	snprintf(want, sizeof want, "%lld/%lld/1/r.x: kernel: boom two/%s:2/"
	    "n1.example", TJ3, TJ3, READ_JOURNAL);
	ok(strstr(rows, want) != NULL && strchr(rows, ';') != NULL &&
	    strchr(strchr(rows, ';') + 1, ';') == NULL,
	    "index_read_hit_spans: and of the journal, two entries");
	if (strstr(rows, want) == NULL)
		printf("# %s\n", rows);
	rows[0] = '\0';
	is_int(index_read_hit_spans(db, NULL, "n1", T0, T0 + 60 * SEC,
	    event_row, NULL, &err), MGT_OK,
	    "index_read_hit_spans: bounded, every rule");
	snprintf(want, sizeof want, "%lld/%lld/1/r.x: boom hit/%s:5/n1.example",
	    T0 + 2 * SEC, T0 + 2 * SEC, READ_LOG);
	is_str(rows, want, "index_read_hit_spans: bounded counts the stored "
	    "hits inside");
	rows[0] = '\0';
	is_int(index_read_conditions(db, "zz", INT64_MIN, INT64_MAX, event_row,
	    NULL, &err), MGT_OK, "index_read_conditions: MGT_OK");
	snprintf(want, sizeof want, "%lld/%lld/1/ClusterOperator/net "
	    "Degraded=True (R): M/ClusterOperator/net/-", T0 + 3600 * SEC,
	    T0 + 3600 * SEC);
	is_str(rows, want, "index_read_conditions: a node filter leaves "
	    "operators");
	rows[0] = '\0';
	is_int(index_read_conditions(db, NULL, T0 + 3601 * SEC, INT64_MAX,
	    event_row, NULL, &err), MGT_OK, "index_read_conditions: later");
	is_str(rows, "", "index_read_conditions: none after the transition");
	rows[0] = '\0';
	is_int(index_read_events(db, NULL, INT64_MIN, INT64_MAX, event_row,
	    NULL, &err), MGT_OK, "index_read_events: MGT_OK");
	snprintf(want, sizeof want, "%lld/%lld/3/BackOff: m/Pod/ns/p/-",
	    T0 + 1800 * SEC, T0 + 2700 * SEC);
	is_str(rows, want, "index_read_events: the event");
}

/* A connection without the index's tables: each reader fails, and says
 * what SQLite said. */
static void
test_read_errors(void)
{
	struct index_line_filter f;
	struct index_catalogue *c;
	struct index_stats s;
	struct mgt_error err;
	sqlite3 *db;
	char *v, *node;
	int year, log, journal;

#define READ_FAILS(call, name) do {					\
	mgt_error_clear(&err);						\
	is_int((call), MGT_ERR_DB, name ": MGT_ERR_DB");		\
	ok(strstr(err.msg, "no such table") != NULL,			\
	    name ": SQLite's message");					\
	if (strstr(err.msg, "no such table") == NULL)			\
		printf("#   %s\n", err.msg);				\
} while (0)

	if (sqlite3_open(":memory:", &db) != SQLITE_OK) {
		not_ok_msg("read errors: open", sqlite3_errmsg(db));
		return;
	}
	memset(&f, 0, sizeof f);
	f.pattern = "x";
	f.since = INT64_MIN;
	f.until = INT64_MAX;
	READ_FAILS(index_read_problem_counts(db, count_row, NULL, &err),
	    "index_read_problem_counts");
	READ_FAILS(index_read_problems_dropped(db, count_row, NULL, &err),
	    "index_read_problems_dropped");
	READ_FAILS(index_read_problems(db, problem_row, NULL, &err),
	    "index_read_problems");
	READ_FAILS(index_read_stats(db, &s, &err), "index_read_stats");
	READ_FAILS(index_read_year(db, &year, &err), "index_read_year");
	READ_FAILS(index_read_lines(db, &f, line_row, NULL, &err),
	    "index_read_lines");
	READ_FAILS(index_read_hits(db, "r", "e", 1, hit_row, NULL, &err),
	    "index_read_hits");
	READ_FAILS(index_read_tallies(db, "r", "e", tally_row, NULL, &err),
	    "index_read_tallies");
	READ_FAILS(index_read_hit_spans(db, NULL, NULL, INT64_MIN, INT64_MAX,
	    event_row, NULL, &err), "index_read_hit_spans");
	READ_FAILS(index_read_conditions(db, NULL, INT64_MIN, INT64_MAX,
	    event_row, NULL, &err), "index_read_conditions");
	READ_FAILS(index_read_events(db, NULL, INT64_MIN, INT64_MAX,
	    event_row, NULL, &err), "index_read_events");
	c = index_catalogue_new(db);
	READ_FAILS(index_catalogue_vpath(c, 1, &v, &err),
	    "index_catalogue_vpath");
	READ_FAILS(index_catalogue_log(c, "m!f.log", &log, &journal, &node,
	    &err), "index_catalogue_log");
	is_str(err.where, "m!f.log", "index_catalogue_log: names the vpath");
	index_catalogue_free(c);
	sqlite3_close(db);
#undef READ_FAILS
}

static void
test_read(const char *dir)
{
	struct mgt_error err;
	char path[PATH_MAX];
	sqlite3 *db = NULL;

	path_join(path, sizeof path, dir, "read.db");
	test_read_build(path);
	mgt_error_clear(&err);
	if (index_open(path, 1, NULL, &db, &err) != MGT_OK) {
		not_ok_msg("read: open", err.msg);
		return;
	}
	test_read_problems(db);
	test_read_catalogue(db);
	test_read_lines(db);
	test_read_hits(db);
	test_read_timeline(db);
	sqlite3_close(db);
	unlink(path);
	test_read_errors();
}

int
main(void)
{
	char path[PATH_MAX];
	const char *t;

	t = getenv("TMPDIR");
	path_join(tmpdir, sizeof tmpdir, t != NULL && *t != '\0' ? t : "/tmp",
	    "test-index.XXXXXX");
	if (mkdtemp(tmpdir) == NULL) {
		printf("Bail out! mkdtemp: %s\n", strerror(errno));
		return 1;
	}
	path_join(path, sizeof path, tmpdir, "mg.db");
	test_build(path);
	test_discard(tmpdir);
	test_per_connection(path);
	test_view_files(tmpdir, path);
	test_open_errors(tmpdir, path);
	test_read(tmpdir);
	unlink(path);
	rmdir(tmpdir);
	return done_testing();
}
