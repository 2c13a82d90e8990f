/*
 * The index schema as SQL text: tables created with the file, views the
 * rules query, the statements the writer prepares once, and the indexes
 * and full-text table built at commit.  doc/index-schema.md documents every
 * column; change both together and bump INDEX_SCHEMA_VERSION.
 */
#include "config.h"

#include <stddef.h>
#include <sqlite3.h>

#include "error.h"
#include "index.h"
#include "index-private.h"

/*
 * Tables.  Timestamps are UTC microseconds (INTEGER) unless a column name
 * says it is text.  resource_conditions is filled by the writer from the
 * parsed tree, so the views over conditions do not re-parse every document.
 */
static const char schema_tables[] =
"CREATE TABLE meta(\n"
"	key		TEXT PRIMARY KEY,\n"
"	value		TEXT\n"
") WITHOUT ROWID;\n"
"CREATE TABLE sources(\n"
"	id		INTEGER PRIMARY KEY,\n"
"	vpath		TEXT NOT NULL,\n"
"	kind		TEXT,\n"
"	size		INTEGER,\n"
"	depth		INTEGER,\n"
"	node		TEXT,\n"
"	namespace	TEXT,\n"
"	pod		TEXT,\n"
"	container	TEXT,\n"
"	unit		TEXT,\n"
"	previous	INTEGER NOT NULL DEFAULT 0,\n"
"	first_ts	INTEGER,\n"
"	last_ts		INTEGER,\n"
"	lines		INTEGER,\n"
"	resources	INTEGER,\n"
"	status		TEXT,\n"
"	link		TEXT\n"
");\n"
"CREATE TABLE resources(\n"
"	id		INTEGER PRIMARY KEY,\n"
"	source_id	INTEGER NOT NULL REFERENCES sources(id),\n"
"	line		INTEGER,\n"
"	api_version	TEXT,\n"
"	api_group	TEXT NOT NULL,\n"
"	kind		TEXT NOT NULL,\n"
"	namespace	TEXT NOT NULL,\n"
"	name		TEXT NOT NULL,\n"
"	uid		TEXT,\n"
"	resource_version TEXT,\n"
"	synthetic	INTEGER NOT NULL DEFAULT 0,\n"
"	doc		TEXT NOT NULL,\n"
"	UNIQUE (api_group, kind, namespace, name)\n"
");\n"
"CREATE INDEX resources_kind ON resources(kind, namespace, name);\n"
"CREATE TABLE resource_files(\n"
"	resource_id	INTEGER NOT NULL REFERENCES resources(id),\n"
"	source_id	INTEGER NOT NULL REFERENCES sources(id),\n"
"	line		INTEGER\n"
");\n"
"CREATE TABLE resource_conditions(\n"
"	resource_id	INTEGER NOT NULL REFERENCES resources(id),\n"
"	idx		INTEGER NOT NULL,\n"
"	type		TEXT,\n"
"	status		TEXT,\n"
"	reason		TEXT,\n"
"	message		TEXT,\n"
"	last_transition	TEXT,\n"
"	last_transition_us INTEGER,\n"
"	PRIMARY KEY (resource_id, idx)\n"
") WITHOUT ROWID;\n"
"CREATE TABLE lines(\n"
"	source_id	INTEGER NOT NULL REFERENCES sources(id),\n"
"	line_no		INTEGER NOT NULL,\n"
"	ts		INTEGER,\n"
"	severity	TEXT,\n"
"	node		TEXT,\n"
"	text		TEXT\n"
");\n"
"CREATE TABLE line_offsets(\n"
"	source_id	INTEGER NOT NULL,\n"
"	line_no		INTEGER NOT NULL,\n"
"	offset		INTEGER NOT NULL,\n"
"	PRIMARY KEY (source_id, line_no)\n"
") WITHOUT ROWID;\n"
"CREATE TABLE hits(\n"
"	rule_id		TEXT NOT NULL,\n"
"	evidence	TEXT,\n"
"	source_id	INTEGER REFERENCES sources(id),\n"
"	line_no		INTEGER,\n"
"	ts		INTEGER,\n"
"	node		TEXT,\n"
"	text		TEXT,\n"
"	captures	TEXT\n"
");\n"
"CREATE TABLE hit_stats(\n"
"	rule_id		TEXT NOT NULL,\n"
"	evidence	TEXT,\n"
"	source_id	INTEGER REFERENCES sources(id),\n"
"	node		TEXT,\n"
"	grp		TEXT,\n"
"	seen		INTEGER NOT NULL,\n"
"	timed		INTEGER NOT NULL,\n"
"	first_ts	INTEGER,\n"
"	last_ts		INTEGER,\n"
"	first_line	INTEGER,\n"
"	text		TEXT\n"
");\n"
"CREATE TABLE problems(\n"
"	id		INTEGER PRIMARY KEY,\n"
"	severity	TEXT NOT NULL,\n"
"	code		TEXT NOT NULL,\n"
"	vpath		TEXT,\n"
"	offset		INTEGER,\n"
"	line		INTEGER,\n"
"	message		TEXT\n"
");\n";

/* With INDEX_FTS: external content over lines, filled at commit. */
static const char schema_fts[] =
"CREATE VIRTUAL TABLE lines_fts USING fts5(text, content='lines',"
" content_rowid='rowid');\n";

/*
 * Views.  Kinds are matched without their group except where two groups
 * share a kind name (Node, Pod, ConfigMap: core only), so synthetic objects
 * stored without an apiVersion are still found.
 */
static const char schema_views[] =
/* Every status.conditions entry of every object. */
"CREATE VIEW conditions AS\n"
"SELECT r.kind AS kind, r.namespace AS namespace, r.name AS name,\n"
"	c.type AS type, c.status AS status, c.reason AS reason,\n"
"	c.message AS message, c.last_transition AS last_transition,\n"
"	c.last_transition_us AS last_transition_us,\n"
"	r.source_id AS source_id, r.line AS line, r.api_group AS api_group,\n"
"	r.id AS resource_id\n"
"FROM resources r JOIN resource_conditions c ON c.resource_id = r.id;\n"

"CREATE VIEW nodes AS\n"
"SELECT r.name AS name,\n"
"	c.status AS ready, c.reason AS ready_reason,\n"
"	c.message AS ready_message,\n"
"	(SELECT group_concat(role, ',') FROM (SELECT substr(l.key, 25)"
" AS role\n"
"	    FROM json_each(r.doc, '$.metadata.labels') l\n"
"	    WHERE substr(l.key, 1, 24) = 'node-role.kubernetes.io/'\n"
"	    ORDER BY 1)) AS roles,\n"
"	(SELECT json_extract(a.value, '$.address')\n"
"	    FROM json_each(r.doc, '$.status.addresses') a\n"
"	    WHERE json_extract(a.value, '$.type') = 'InternalIP'\n"
"	    ORDER BY a.id LIMIT 1) AS internal_ip,\n"
"	json_extract(r.doc, '$.metadata.annotations."
"\"machineconfiguration.openshift.io/currentConfig\"') AS current_config,\n"
"	json_extract(r.doc, '$.metadata.annotations."
"\"machineconfiguration.openshift.io/desiredConfig\"') AS desired_config,\n"
"	json_extract(r.doc, '$.metadata.annotations."
"\"machineconfiguration.openshift.io/state\"') AS mcd_state,\n"
"	json_extract(r.doc, '$.metadata.annotations."
"\"machineconfiguration.openshift.io/reason\"') AS mcd_reason,\n"
"	json_extract(r.doc, '$.metadata.creationTimestamp') AS created,\n"
"	json_extract(r.doc, '$.spec.unschedulable') AS unschedulable,\n"
"	json_extract(r.doc, '$.status.nodeInfo.kubeletVersion')"
" AS kubelet_version,\n"
"	r.source_id AS source_id, r.line AS line, r.doc AS doc\n"
"FROM resources r LEFT JOIN resource_conditions c\n"
"	ON c.resource_id = r.id AND c.type = 'Ready'\n"
"WHERE r.kind = 'Node' AND r.api_group = '';\n"

"CREATE VIEW node_annotations AS\n"
"SELECT r.name AS node, a.key AS key, a.value AS value,\n"
"	r.source_id AS source_id, r.line AS line\n"
"FROM resources r, json_each(r.doc, '$.metadata.annotations') a\n"
"WHERE r.kind = 'Node' AND r.api_group = '';\n"

"CREATE VIEW node_addresses AS\n"
"SELECT r.name AS node, json_extract(a.value, '$.type') AS type,\n"
"	json_extract(a.value, '$.address') AS address,\n"
"	r.source_id AS source_id, r.line AS line\n"
"FROM resources r, json_each(r.doc, '$.status.addresses') a\n"
"WHERE r.kind = 'Node' AND r.api_group = '' AND a.type = 'object';\n"

"CREATE VIEW machineconfigs AS\n"
"SELECT r.name AS name,\n"
"	json_extract(r.doc, '$.metadata.creationTimestamp') AS created,\n"
"	json_extract(r.doc, '$.metadata.annotations.\"machineconfiguration."
"openshift.io/generated-by-controller-version\"') AS generated_by,\n"
"	(r.name LIKE 'rendered-%') AS rendered,\n"
"	json_extract(r.doc, '$.metadata.labels."
"\"machineconfiguration.openshift.io/role\"') AS role,\n"
"	r.source_id AS source_id, r.line AS line\n"
"FROM resources r WHERE r.kind = 'MachineConfig';\n"

"CREATE VIEW machineconfigpools AS\n"
"SELECT r.name AS name,\n"
"	json_extract(r.doc, '$.spec.configuration.name') AS spec_config,\n"
"	json_extract(r.doc, '$.status.configuration.name') AS status_config,\n"
"	json_extract(r.doc, '$.status.machineCount') AS machine_count,\n"
"	json_extract(r.doc, '$.status.readyMachineCount') AS ready_count,\n"
"	json_extract(r.doc, '$.status.updatedMachineCount') AS updated_count,\n"
"	json_extract(r.doc, '$.status.degradedMachineCount')"
" AS degraded_count,\n"
"	json_extract(r.doc, '$.status.unavailableMachineCount')"
" AS unavailable_count,\n"
"	(SELECT status FROM resource_conditions WHERE resource_id = r.id\n"
"	    AND type = 'Degraded') AS degraded,\n"
"	(SELECT status FROM resource_conditions WHERE resource_id = r.id\n"
"	    AND type = 'Updating') AS updating,\n"
"	(SELECT status FROM resource_conditions WHERE resource_id = r.id\n"
"	    AND type = 'Updated') AS updated,\n"
"	(SELECT status FROM resource_conditions WHERE resource_id = r.id\n"
"	    AND type = 'NodeDegraded') AS node_degraded,\n"
"	(SELECT status FROM resource_conditions WHERE resource_id = r.id\n"
"	    AND type = 'RenderDegraded') AS render_degraded,\n"
"	json_extract(r.doc, '$.spec.paused') AS paused,\n"
"	r.source_id AS source_id, r.line AS line, r.doc AS doc\n"
"FROM resources r WHERE r.kind = 'MachineConfigPool';\n"

"CREATE VIEW clusteroperators AS\n"
"SELECT r.name AS name,\n"
"	a.status AS available, p.status AS progressing,\n"
"	d.status AS degraded,\n"
"	(SELECT status FROM resource_conditions WHERE resource_id = r.id\n"
"	    AND type = 'Upgradeable') AS upgradeable,\n"
"	(SELECT json_extract(v.value, '$.version')\n"
"	    FROM json_each(r.doc, '$.status.versions') v\n"
"	    WHERE json_extract(v.value, '$.name') = 'operator'\n"
"	    ORDER BY v.id LIMIT 1) AS version,\n"
"	a.reason AS available_reason, a.message AS available_message,\n"
"	p.reason AS progressing_reason, p.message AS progressing_message,\n"
"	d.reason AS degraded_reason, d.message AS degraded_message,\n"
"	r.source_id AS source_id, r.line AS line\n"
"FROM resources r\n"
"	LEFT JOIN resource_conditions a\n"
"	    ON a.resource_id = r.id AND a.type = 'Available'\n"
"	LEFT JOIN resource_conditions p\n"
"	    ON p.resource_id = r.id AND p.type = 'Progressing'\n"
"	LEFT JOIN resource_conditions d\n"
"	    ON d.resource_id = r.id AND d.type = 'Degraded'\n"
"WHERE r.kind = 'ClusterOperator';\n"

"CREATE VIEW clusterversion AS\n"
"SELECT r.name AS name,\n"
"	json_extract(r.doc, '$.status.desired.version') AS desired_version,\n"
"	(SELECT json_extract(h.value, '$.version')\n"
"	    FROM json_each(r.doc, '$.status.history') h\n"
"	    WHERE json_extract(h.value, '$.state') = 'Completed'\n"
"	    ORDER BY h.id LIMIT 1) AS completed_version,\n"
"	json_extract(r.doc, '$.spec.channel') AS channel,\n"
"	json_extract(r.doc, '$.spec.clusterID') AS cluster_id,\n"
"	a.status AS available, p.status AS progressing, f.status AS failing,\n"
"	p.message AS progressing_message, f.message AS failing_message,\n"
"	r.source_id AS source_id, r.line AS line\n"
"FROM resources r\n"
"	LEFT JOIN resource_conditions a\n"
"	    ON a.resource_id = r.id AND a.type = 'Available'\n"
"	LEFT JOIN resource_conditions p\n"
"	    ON p.resource_id = r.id AND p.type = 'Progressing'\n"
"	LEFT JOIN resource_conditions f\n"
"	    ON f.resource_id = r.id AND f.type = 'Failing'\n"
"WHERE r.kind = 'ClusterVersion';\n"

/*
 * core/v1 Events (count/firstTimestamp/lastTimestamp, or eventTime and
 * series for the newer ones) and events.k8s.io/v1 (note, regarding,
 * deprecated*).
 */
"CREATE VIEW events_src AS\n"
"SELECT r.namespace AS namespace, r.name AS name,\n"
"	coalesce(json_extract(r.doc, '$.involvedObject.kind'),\n"
"	    json_extract(r.doc, '$.regarding.kind')) AS involved_kind,\n"
"	coalesce(json_extract(r.doc, '$.involvedObject.namespace'),\n"
"	    json_extract(r.doc, '$.regarding.namespace'))\n"
"	    AS involved_namespace,\n"
"	coalesce(json_extract(r.doc, '$.involvedObject.name'),\n"
"	    json_extract(r.doc, '$.regarding.name')) AS involved_name,\n"
"	json_extract(r.doc, '$.reason') AS reason,\n"
"	coalesce(json_extract(r.doc, '$.message'),\n"
"	    json_extract(r.doc, '$.note')) AS message,\n"
"	json_extract(r.doc, '$.type') AS type,\n"
"	coalesce(json_extract(r.doc, '$.count'),\n"
"	    json_extract(r.doc, '$.series.count'),\n"
"	    json_extract(r.doc, '$.deprecatedCount'), 1) AS count,\n"
"	mgt_ts(coalesce(json_extract(r.doc, '$.firstTimestamp'),\n"
"	    json_extract(r.doc, '$.deprecatedFirstTimestamp'),\n"
"	    json_extract(r.doc, '$.eventTime'),\n"
"	    json_extract(r.doc, '$.lastTimestamp'),\n"
"	    json_extract(r.doc, '$.metadata.creationTimestamp')))\n"
"	    AS first_ts,\n"
"	mgt_ts(coalesce(json_extract(r.doc, '$.series.lastObservedTime'),\n"
"	    json_extract(r.doc, '$.lastTimestamp'),\n"
"	    json_extract(r.doc, '$.deprecatedLastTimestamp'),\n"
"	    json_extract(r.doc, '$.eventTime'),\n"
"	    json_extract(r.doc, '$.firstTimestamp'),\n"
"	    json_extract(r.doc, '$.metadata.creationTimestamp'))) AS last_ts,\n"
"	coalesce(nullif(json_extract(r.doc, '$.reportingComponent'), ''),\n"
"	    nullif(json_extract(r.doc, '$.reportingController'), ''),\n"
"	    nullif(json_extract(r.doc, '$.source.component'), ''),\n"
"	    nullif(json_extract(r.doc, '$.deprecatedSource.component'), ''))"
" AS component,\n"
"	coalesce(json_extract(r.doc, '$.source.host'),\n"
"	    json_extract(r.doc, '$.deprecatedSource.host')) AS host,\n"
"	r.source_id AS source_id, r.line AS line, r.id AS resource_id\n"
"FROM resources r WHERE r.kind = 'Event';\n"

"CREATE VIEW pods_src AS\n"
"SELECT r.namespace AS namespace, r.name AS name,\n"
"	json_extract(r.doc, '$.spec.nodeName') AS node,\n"
"	json_extract(r.doc, '$.status.phase') AS phase,\n"
"	json_extract(r.doc, '$.status.reason') AS reason,\n"
"	json_extract(r.doc, '$.status.message') AS message,\n"
"	json_extract(r.doc, '$.metadata.creationTimestamp') AS created,\n"
"	json_extract(r.doc, '$.status.startTime') AS started,\n"
"	c.status AS ready,\n"
"	(json_extract(r.doc, '$.metadata.annotations."
"\"kubernetes.io/config.mirror\"') IS NOT NULL) AS mirror,\n"
"	json_extract(r.doc, '$.metadata.ownerReferences[0].kind')"
" AS owner_kind,\n"
"	json_extract(r.doc, '$.metadata.ownerReferences[0].name')"
" AS owner_name,\n"
"	r.source_id AS source_id, r.line AS line, r.id AS resource_id\n"
"FROM resources r LEFT JOIN resource_conditions c\n"
"	ON c.resource_id = r.id AND c.type = 'Ready'\n"
"WHERE r.kind = 'Pod' AND r.api_group = '';\n"

"CREATE VIEW container_statuses_src AS\n"
"SELECT r.namespace AS namespace, r.name AS pod,\n"
"	json_extract(c.value, '$.name') AS container,\n"
"	p.init AS init,\n"
"	json_extract(c.value, '$.ready') AS ready,\n"
"	json_extract(c.value, '$.restartCount') AS restart_count,\n"
"	CASE WHEN json_extract(c.value, '$.state.waiting') IS NOT NULL\n"
"	    THEN 'waiting'\n"
"	    WHEN json_extract(c.value, '$.state.running') IS NOT NULL\n"
"	    THEN 'running'\n"
"	    WHEN json_extract(c.value, '$.state.terminated') IS NOT NULL\n"
"	    THEN 'terminated' END AS state,\n"
"	coalesce(json_extract(c.value, '$.state.waiting.reason'),\n"
"	    json_extract(c.value, '$.state.terminated.reason')) AS reason,\n"
"	coalesce(json_extract(c.value, '$.state.waiting.message'),\n"
"	    json_extract(c.value, '$.state.terminated.message')) AS message,\n"
"	json_extract(c.value, '$.state.terminated.exitCode') AS exit_code,\n"
"	coalesce(json_extract(c.value, '$.lastState.terminated.reason'),\n"
"	    json_extract(c.value, '$.lastState.waiting.reason'))"
" AS last_reason,\n"
"	json_extract(c.value, '$.lastState.terminated.exitCode')"
" AS last_exit_code,\n"
"	json_extract(c.value, '$.lastState.terminated.finishedAt')"
" AS last_finished,\n"
"	json_extract(c.value, '$.started') AS started,\n"
"	json_extract(c.value, '$.image') AS image,\n"
"	json_extract(r.doc, '$.spec.nodeName') AS node,\n"
"	r.source_id AS source_id, r.line AS line, r.id AS resource_id\n"
"FROM resources r,\n"
"	(SELECT 0 AS init, '$.status.containerStatuses' AS path\n"
"	    UNION ALL SELECT 1, '$.status.initContainerStatuses') p,\n"
"	json_each(r.doc, p.path) c\n"
"WHERE r.kind = 'Pod' AND r.api_group = '' AND c.type = 'object';\n"

/*
 * Rules scan events, pods and container statuses often, so they are tables,
 * filled as each Event or Pod is stored, from the tree in hand
 * (index-derived.c, which mirrors the *_src views column by column; the
 * views stay as the definition and as the check).
 */
"CREATE TABLE events AS SELECT * FROM events_src WHERE 0;\n"
"CREATE TABLE pods AS SELECT * FROM pods_src WHERE 0;\n"
"CREATE TABLE container_statuses AS\n"
"	SELECT * FROM container_statuses_src WHERE 0;\n"

/*
 * CSRs in API casing and in the Go-struct casing of Insights archives
 * (Spec.Username, Status.Conditions: null).  The node comes from a
 * system:node:<name> username, else from such a subject CN.
 */
"CREATE VIEW csrs AS\n"
"SELECT name, signer, username,\n"
"	CASE WHEN username LIKE 'system:node:%' THEN substr(username, 13)\n"
"	    WHEN cn LIKE 'system:node:%' THEN substr(cn, 13) END AS node,\n"
"	cn, approved, denied, failed,\n"
"	(NOT approved AND NOT denied AND NOT failed) AS pending,\n"
"	issued, created, mgt_ts(created) AS created_us, source_id, line\n"
"FROM (SELECT r.name AS name,\n"
"	coalesce(json_extract(r.doc, '$.spec.signerName'),\n"
"	    json_extract(r.doc, '$.Spec.SignerName')) AS signer,\n"
"	coalesce(json_extract(r.doc, '$.spec.username'),\n"
"	    json_extract(r.doc, '$.Spec.Username')) AS username,\n"
"	coalesce(csr_cn(json_extract(r.doc, '$.spec.request')),\n"
"	    json_extract(r.doc, '$.Spec.Request.Subject.CommonName')) AS cn,\n"
"	EXISTS (SELECT 1 FROM resource_conditions c\n"
"	    WHERE c.resource_id = r.id\n"
"	    AND c.type = 'Approved' AND coalesce(c.status, 'True') = 'True')"
" AS approved,\n"
"	EXISTS (SELECT 1 FROM resource_conditions c\n"
"	    WHERE c.resource_id = r.id\n"
"	    AND c.type = 'Denied' AND coalesce(c.status, 'True') = 'True')"
" AS denied,\n"
"	EXISTS (SELECT 1 FROM resource_conditions c\n"
"	    WHERE c.resource_id = r.id\n"
"	    AND c.type = 'Failed' AND coalesce(c.status, 'True') = 'True')"
" AS failed,\n"
"	(coalesce(json_extract(r.doc, '$.status.certificate'),\n"
"	    json_extract(r.doc, '$.Status.Certificate'),\n"
"	    json_extract(r.doc, '$.Status.Cert'), '') != '') AS issued,\n"
"	coalesce(json_extract(r.doc, '$.metadata.creationTimestamp'),\n"
"	    json_extract(r.doc, '$.ObjectMeta.creationTimestamp'))\n"
"	    AS created,\n"
"	r.source_id AS source_id, r.line AS line\n"
"    FROM resources r WHERE r.kind = 'CertificateSigningRequest');\n"

/*
 * The install-config (ingest stores the one inside kube-system/
 * cluster-config-v1 as kind InstallConfig).  VIPs: platform.<p>.apiVIPs
 * and the legacy platform.<p>.apiVIP; networks: networking.machineNetwork
 * and the legacy networking.machineCIDR.
 */
"CREATE VIEW install_config AS\n"
"SELECT r.name AS name,\n"
"	json_extract(r.doc, '$.baseDomain') AS base_domain,\n"
"	(SELECT p.key FROM json_each(r.doc, '$.platform') p\n"
"	    ORDER BY p.id LIMIT 1) AS platform,\n"
"	(SELECT json_group_array(DISTINCT v) FROM (\n"
"	    SELECT json_extract(m.value, '$.cidr') AS v\n"
"	    FROM json_each(r.doc, '$.networking.machineNetwork') m\n"
"	    UNION ALL\n"
"	    SELECT json_extract(r.doc, '$.networking.machineCIDR'))\n"
"	    WHERE v IS NOT NULL AND v != '') AS machine_networks,\n"
"	(SELECT json_group_array(DISTINCT v) FROM (\n"
"	    SELECT a.value AS v FROM json_each(r.doc, '$.platform') p,\n"
"	        json_each(p.value, '$.apiVIPs') a WHERE p.type = 'object'\n"
"	    UNION ALL\n"
"	    SELECT json_extract(p.value, '$.apiVIP')\n"
"	    FROM json_each(r.doc, '$.platform') p WHERE p.type = 'object')\n"
"	    WHERE v IS NOT NULL AND v != '') AS api_vips,\n"
"	(SELECT json_group_array(DISTINCT v) FROM (\n"
"	    SELECT a.value AS v FROM json_each(r.doc, '$.platform') p,\n"
"	        json_each(p.value, '$.ingressVIPs') a WHERE p.type = 'object'\n"
"	    UNION ALL\n"
"	    SELECT json_extract(p.value, '$.ingressVIP')\n"
"	    FROM json_each(r.doc, '$.platform') p WHERE p.type = 'object')\n"
"	    WHERE v IS NOT NULL AND v != '') AS ingress_vips,\n"
"	json_extract(r.doc, '$.networking.networkType') AS network_type,\n"
"	r.source_id AS source_id, r.line AS line, r.doc AS doc\n"
"FROM resources r WHERE r.kind = 'InstallConfig';\n"

/*
 * Infrastructure: VIPs from status.platformStatus.<p>.apiServerInternalIPs
 * and ingressIPs, and the legacy apiServerInternalIP and ingressIP.
 */
"CREATE VIEW infrastructure AS\n"
"SELECT r.name AS name,\n"
"	coalesce(json_extract(r.doc, '$.status.platformStatus.type'),\n"
"	    json_extract(r.doc, '$.status.platform'),\n"
"	    json_extract(r.doc, '$.spec.platformSpec.type')) AS platform,\n"
"	json_extract(r.doc, '$.status.controlPlaneTopology')"
" AS control_plane_topology,\n"
"	json_extract(r.doc, '$.status.infrastructureTopology')"
" AS infrastructure_topology,\n"
"	json_extract(r.doc, '$.status.apiServerURL') AS api_server_url,\n"
"	json_extract(r.doc, '$.status.apiServerInternalURI')"
" AS api_server_internal_url,\n"
"	(SELECT json_group_array(DISTINCT v) FROM (\n"
"	    SELECT a.value AS v\n"
"	    FROM json_each(r.doc, '$.status.platformStatus') p,\n"
"	        json_each(p.value, '$.apiServerInternalIPs') a\n"
"	    WHERE p.type = 'object'\n"
"	    UNION ALL\n"
"	    SELECT json_extract(p.value, '$.apiServerInternalIP')\n"
"	    FROM json_each(r.doc, '$.status.platformStatus') p\n"
"	    WHERE p.type = 'object')\n"
"	    WHERE v IS NOT NULL AND v != '') AS api_vips,\n"
"	(SELECT json_group_array(DISTINCT v) FROM (\n"
"	    SELECT a.value AS v\n"
"	    FROM json_each(r.doc, '$.status.platformStatus') p,\n"
"	        json_each(p.value, '$.ingressIPs') a\n"
"	    WHERE p.type = 'object'\n"
"	    UNION ALL\n"
"	    SELECT json_extract(p.value, '$.ingressIP')\n"
"	    FROM json_each(r.doc, '$.status.platformStatus') p\n"
"	    WHERE p.type = 'object')\n"
"	    WHERE v IS NOT NULL AND v != '') AS ingress_vips,\n"
"	json_extract(r.doc, '$.status.infrastructureName')"
" AS infrastructure_name,\n"
"	r.source_id AS source_id, r.line AS line, r.doc AS doc\n"
"FROM resources r WHERE r.kind = 'Infrastructure';\n"

/*
 * etcd_info/member_list.json, stored by ingest as kind EtcdMemberList.
 * Member IDs are uint64: json_extract() turns those above 2^63 into REAL,
 * so id is the number's own text, cut from the two-path form of
 * json_extract ("[<id>,<id>]"), which renders the token as written.
 */
"CREATE VIEW etcd_members AS\n"
"SELECT json_extract(m.value, '$.name') AS name,\n"
"	CASE json_type(m.value, '$.ID')\n"
"	    WHEN 'integer' THEN substr(json_extract(m.value, '$.ID', '$.ID'),\n"
"	        2, (length(json_extract(m.value, '$.ID', '$.ID')) - 3) / 2)\n"
"	    ELSE CAST(json_extract(m.value, '$.ID') AS TEXT) END AS id,\n"
"	json_extract(m.value, '$.peerURLs') AS peer_urls,\n"
"	json_extract(m.value, '$.clientURLs') AS client_urls,\n"
"	coalesce(json_extract(m.value, '$.isLearner'), 0) AS is_learner,\n"
"	r.source_id AS source_id, r.line AS line\n"
"FROM resources r, json_each(r.doc, '$.members') m\n"
"WHERE r.kind = 'EtcdMemberList' AND m.type = 'object';\n"

"CREATE VIEW baremetalhosts AS\n"
"SELECT r.namespace AS namespace, r.name AS name,\n"
"	json_extract(r.doc, '$.status.provisioning.state')"
" AS provisioning_state,\n"
"	json_extract(r.doc, '$.status.operationalStatus')"
" AS operational_status,\n"
"	json_extract(r.doc, '$.status.errorType') AS error_type,\n"
"	json_extract(r.doc, '$.status.errorMessage') AS error_message,\n"
"	json_extract(r.doc, '$.status.errorCount') AS error_count,\n"
"	json_extract(r.doc, '$.spec.online') AS online,\n"
"	json_extract(r.doc, '$.status.poweredOn') AS powered_on,\n"
"	json_extract(r.doc, '$.status.lastUpdated') AS last_updated,\n"
"	r.source_id AS source_id, r.line AS line\n"
"FROM resources r WHERE r.kind = 'BareMetalHost';\n"

"CREATE VIEW configmaps AS\n"
"SELECT r.namespace AS namespace, r.name AS name,\n"
"	r.source_id AS source_id, r.line AS line\n"
"FROM resources r WHERE r.kind = 'ConfigMap' AND r.api_group = '';\n";

/*
 * Built at commit: indexes are cheaper to build once over the finished
 * tables than to keep up to date row by row.  The indexes on resources
 * exist from the start: the writer finds duplicates through the unique
 * one, and ingest's fix-ups before commit look objects up by kind.
 */
static const char schema_finish[] =
"CREATE INDEX resource_conditions_type ON resource_conditions(type, status);\n"
"CREATE INDEX hits_rule ON hits(rule_id, evidence, ts IS NULL, ts,"
" source_id, line_no);\n"
"CREATE INDEX hit_stats_rule ON hit_stats(rule_id, evidence);\n";

/*
 * What grep, query and a person browsing by file need, not evaluation: an
 * index that analyze deletes after its report (INDEX_SCRATCH) goes
 * without them, 0.1 s less of a 1 GB run that one core waits for.
 */
static const char schema_finish_browse[] =
"CREATE INDEX resources_source ON resources(source_id);\n"
"CREATE INDEX resource_files_resource ON resource_files(resource_id);\n"
"CREATE INDEX lines_source ON lines(source_id, line_no);\n"
"CREATE INDEX hits_source ON hits(source_id, line_no);\n"
"CREATE INDEX sources_vpath ON sources(vpath);\n";

/*
 * Filling the full-text index without automatic merges and merging once at
 * the end ('optimize') took 5.9 s instead of 6.2 s for 500,000 lines and
 * leaves one segment, the best shape for a file that is only read.
 */
/*
 * The derived tables were filled row by row from each parsed object
 * (index-derived.c), so only their indexes are left.  The *_src views
 * stay: they define the columns, and tests/derived.test compares them.
 */
static const char schema_materialize[] =
"CREATE INDEX events_reason ON events(reason);\n"
"CREATE INDEX events_involved ON events(involved_name, involved_kind);\n"
"CREATE INDEX pods_name ON pods(namespace, name);\n"
"CREATE INDEX pods_node ON pods(node);\n"
"CREATE INDEX container_statuses_pod ON container_statuses(namespace,"
" pod);\n";

static const char schema_fts_fill[] =
"INSERT INTO lines_fts(lines_fts, rank) VALUES ('automerge', 0);\n"
"INSERT INTO lines_fts(lines_fts) VALUES ('rebuild');\n"
"INSERT INTO lines_fts(lines_fts) VALUES ('optimize');\n"
"INSERT INTO lines_fts(lines_fts, rank) VALUES ('automerge', 4);\n";

/* Bounded ANALYZE so the planner has statistics without a full scan. */
static const char schema_analyze[] =
"PRAGMA analysis_limit = 1000;\n"
"ANALYZE;\n";

/* The writer's statements, by enum index_stmt. */
static const char *const schema_stmts[IST_COUNT] = {
	[IST_SOURCE_ADD] =
	    "INSERT INTO sources(vpath, kind, size, depth, node, namespace,"
	    " pod, container, unit, previous, first_ts, last_ts, lines,"
	    " resources, status, link)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13,"
	    " ?14, ?15, ?16)",
	[IST_SOURCE_UPDATE] =
	    "UPDATE sources SET size = ?2, first_ts = ?3, last_ts = ?4,"
	    " lines = ?5, resources = ?6, status = ?7 WHERE id = ?1",
	[IST_RES_INSERT] =
	    "INSERT INTO resources(source_id, line, api_version, api_group,"
	    " kind, namespace, name, uid, resource_version, synthetic, doc)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)"
	    " ON CONFLICT (api_group, kind, namespace, name) DO NOTHING",
	[IST_RES_FIND] =
	    "SELECT id, resource_version FROM resources WHERE api_group = ?1"
	    " AND kind = ?2 AND namespace = ?3 AND name = ?4",
	[IST_RES_REPLACE] =
	    "UPDATE resources SET source_id = ?2, line = ?3, api_version = ?4,"
	    " uid = ?5, resource_version = ?6, synthetic = ?7, doc = ?8"
	    " WHERE id = ?1",
	[IST_RES_FILE] =
	    "INSERT INTO resource_files(resource_id, source_id, line)"
	    " VALUES (?1, ?2, ?3)",
	[IST_EVENT_ADD] =
	    "INSERT INTO events(namespace, name, involved_kind,"
	    " involved_namespace, involved_name, reason, message, type, count,"
	    " first_ts, last_ts, component, host, source_id, line, resource_id)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13,"
	    " ?14, ?15, ?16)",
	[IST_EVENT_DELETE] =
	    "DELETE FROM events WHERE resource_id = ?1",
	[IST_POD_ADD] =
	    "INSERT INTO pods(namespace, name, node, phase, reason, message,"
	    " created, started, ready, mirror, owner_kind, owner_name,"
	    " source_id, line, resource_id)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13,"
	    " ?14, ?15)",
	[IST_POD_DELETE] =
	    "DELETE FROM pods WHERE resource_id = ?1",
	[IST_CSTATUS_ADD] =
	    "INSERT INTO container_statuses(namespace, pod, container, init,"
	    " ready, restart_count, state, reason, message, exit_code,"
	    " last_reason, last_exit_code, last_finished, started, image,"
	    " node, source_id, line, resource_id)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13,"
	    " ?14, ?15, ?16, ?17, ?18, ?19)",
	[IST_CSTATUS_DELETE] =
	    "DELETE FROM container_statuses WHERE resource_id = ?1",
	[IST_COND_DELETE] =
	    "DELETE FROM resource_conditions WHERE resource_id = ?1",
	[IST_COND_INSERT] =
	    "INSERT INTO resource_conditions(resource_id, idx, type, status,"
	    " reason, message, last_transition, last_transition_us)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
	[IST_LINE] =
	    "INSERT INTO lines(source_id, line_no, ts, severity, node, text)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
	[IST_OFFSET] =
	    "INSERT OR REPLACE INTO line_offsets(source_id, line_no, offset)"
	    " VALUES (?1, ?2, ?3)",
	[IST_HIT] =
	    "INSERT INTO hits(rule_id, evidence, source_id, line_no, ts, node,"
	    " text, captures) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
	[IST_HIT_STAT] =
	    "INSERT INTO hit_stats(rule_id, evidence, source_id, node, grp,"
	    " seen, timed, first_ts, last_ts, first_line, text)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
	[IST_PROBLEM] =
	    "INSERT INTO problems(severity, code, vpath, offset, line, message)"
	    " VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
	[IST_META] =
	    "INSERT OR REPLACE INTO meta(key, value) VALUES (?1, ?2)",
};

/* The SQL text of one of the writer's statements. */
const char *
index_schema_stmt(enum index_stmt which)
{
	return schema_stmts[which];
}

/*
 * Create the tables and views in an empty database (inside the writer's
 * transaction).  With INDEX_FTS also the (still empty) full-text table, so a
 * library without FTS5 fails at once rather than at commit.
 */
int
index_schema_create(sqlite3 *db, int flags, struct mgt_error *err)
{
	int rc;

	if ((rc = index_exec(db, schema_tables, "schema", err)) != MGT_OK)
		return rc;
	if ((rc = index_exec(db, schema_views, "schema", err)) != MGT_OK)
		return rc;
	if (flags & INDEX_FTS) {
		rc = index_exec(db, schema_fts, "schema (FTS5)", err);
		if (rc != MGT_OK)
			return rc;
	}
	return MGT_OK;
}

/*
 * Build what is built once at the end: indexes, the derived tables, full
 * text, statistics.
 */
int
index_schema_finish(sqlite3 *db, int flags, struct mgt_error *err)
{
	int rc;

	if ((rc = index_exec(db, schema_finish, "indexes", err)) != MGT_OK)
		return rc;
	if (!(flags & INDEX_SCRATCH) && (rc = index_exec(db,
	    schema_finish_browse, "indexes", err)) != MGT_OK)
		return rc;
	rc = index_exec(db, schema_materialize, "derived tables", err);
	if (rc != MGT_OK)
		return rc;
	if (flags & INDEX_FTS) {
		rc = index_exec(db, schema_fts_fill, "full-text index", err);
		if (rc != MGT_OK)
			return rc;
	}
	return index_exec(db, schema_analyze, "analyze", err);
}
