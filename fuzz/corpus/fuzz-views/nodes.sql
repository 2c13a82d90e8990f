-- Nodes (core v1 Node only: OpenShift also has a config.openshift.io Node).
--
-- nodes: name, ready, ready_reason, ready_message (the Ready condition),
--   roles (comma-joined, sorted, from node-role.kubernetes.io/<role>
--   labels), internal_ip (first InternalIP address), current_config,
--   desired_config, mcd_state, mcd_reason (the machineconfiguration.
--   openshift.io/{currentConfig,desiredConfig,state,reason} annotations),
--   created (text), unschedulable, kubelet_version, source_id, line, doc.
-- node_annotations: node, key, value, source_id, line; one row per
--   annotation of every node.
-- node_addresses: node, type, address, source_id, line; one row per
--   status.addresses entry.

CREATE VIEW nodes AS
SELECT r.name AS name,
	c.status AS ready, c.reason AS ready_reason,
	c.message AS ready_message,
	(SELECT group_concat(role, ',') FROM (SELECT substr(l.key, 25) AS role
	    FROM json_each(r.doc, '$.metadata.labels') l
	    WHERE substr(l.key, 1, 24) = 'node-role.kubernetes.io/'
	    ORDER BY 1)) AS roles,
	(SELECT json_extract(a.value, '$.address')
	    FROM json_each(r.doc, '$.status.addresses') a
	    WHERE json_extract(a.value, '$.type') = 'InternalIP'
	    ORDER BY a.id LIMIT 1) AS internal_ip,
	json_extract(r.doc, '$.metadata.annotations."machineconfiguration.openshift.io/currentConfig"') AS current_config,
	json_extract(r.doc, '$.metadata.annotations."machineconfiguration.openshift.io/desiredConfig"') AS desired_config,
	json_extract(r.doc, '$.metadata.annotations."machineconfiguration.openshift.io/state"') AS mcd_state,
	json_extract(r.doc, '$.metadata.annotations."machineconfiguration.openshift.io/reason"') AS mcd_reason,
	json_extract(r.doc, '$.metadata.creationTimestamp') AS created,
	json_extract(r.doc, '$.spec.unschedulable') AS unschedulable,
	json_extract(r.doc, '$.status.nodeInfo.kubeletVersion') AS kubelet_version,
	r.source_id AS source_id, r.line AS line, r.doc AS doc
FROM resources r LEFT JOIN resource_conditions c
	ON c.resource_id = r.id AND c.type = 'Ready'
WHERE r.kind = 'Node' AND r.api_group = '';

CREATE VIEW node_annotations AS
SELECT r.name AS node, a.key AS key, a.value AS value,
	r.source_id AS source_id, r.line AS line
FROM resources r, json_each(r.doc, '$.metadata.annotations') a
WHERE r.kind = 'Node' AND r.api_group = '';

CREATE VIEW node_addresses AS
SELECT r.name AS node, json_extract(a.value, '$.type') AS type,
	json_extract(a.value, '$.address') AS address,
	r.source_id AS source_id, r.line AS line
FROM resources r, json_each(r.doc, '$.status.addresses') a
WHERE r.kind = 'Node' AND r.api_group = '' AND a.type = 'object';
