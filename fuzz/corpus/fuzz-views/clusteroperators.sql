-- Cluster operators and the cluster version.
--
-- clusteroperators: name, available, progressing, degraded, upgradeable
--   (condition status), version (status.versions[name=operator]),
--   available_reason, available_message, progressing_reason,
--   progressing_message, degraded_reason, degraded_message, source_id, line.
-- clusterversion: name, desired_version, completed_version (newest
--   Completed history entry), channel, cluster_id, available, progressing,
--   failing, progressing_message, failing_message, source_id, line.

CREATE VIEW clusteroperators AS
SELECT r.name AS name,
	a.status AS available, p.status AS progressing,
	d.status AS degraded,
	(SELECT status FROM resource_conditions WHERE resource_id = r.id
	    AND type = 'Upgradeable') AS upgradeable,
	(SELECT json_extract(v.value, '$.version')
	    FROM json_each(r.doc, '$.status.versions') v
	    WHERE json_extract(v.value, '$.name') = 'operator'
	    ORDER BY v.id LIMIT 1) AS version,
	a.reason AS available_reason, a.message AS available_message,
	p.reason AS progressing_reason, p.message AS progressing_message,
	d.reason AS degraded_reason, d.message AS degraded_message,
	r.source_id AS source_id, r.line AS line
FROM resources r
	LEFT JOIN resource_conditions a
	    ON a.resource_id = r.id AND a.type = 'Available'
	LEFT JOIN resource_conditions p
	    ON p.resource_id = r.id AND p.type = 'Progressing'
	LEFT JOIN resource_conditions d
	    ON d.resource_id = r.id AND d.type = 'Degraded'
WHERE r.kind = 'ClusterOperator';

CREATE VIEW clusterversion AS
SELECT r.name AS name,
	json_extract(r.doc, '$.status.desired.version') AS desired_version,
	(SELECT json_extract(h.value, '$.version')
	    FROM json_each(r.doc, '$.status.history') h
	    WHERE json_extract(h.value, '$.state') = 'Completed'
	    ORDER BY h.id LIMIT 1) AS completed_version,
	json_extract(r.doc, '$.spec.channel') AS channel,
	json_extract(r.doc, '$.spec.clusterID') AS cluster_id,
	a.status AS available, p.status AS progressing, f.status AS failing,
	p.message AS progressing_message, f.message AS failing_message,
	r.source_id AS source_id, r.line AS line
FROM resources r
	LEFT JOIN resource_conditions a
	    ON a.resource_id = r.id AND a.type = 'Available'
	LEFT JOIN resource_conditions p
	    ON p.resource_id = r.id AND p.type = 'Progressing'
	LEFT JOIN resource_conditions f
	    ON f.resource_id = r.id AND f.type = 'Failing'
WHERE r.kind = 'ClusterVersion';
