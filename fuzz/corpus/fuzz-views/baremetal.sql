-- baremetalhosts: metal3.io BareMetalHosts.
--
-- Columns: namespace, name, provisioning_state (status.provisioning.state),
-- operational_status, error_type, error_message, error_count, online,
-- powered_on, last_updated, source_id, line.

CREATE VIEW baremetalhosts AS
SELECT r.namespace AS namespace, r.name AS name,
	json_extract(r.doc, '$.status.provisioning.state') AS provisioning_state,
	json_extract(r.doc, '$.status.operationalStatus') AS operational_status,
	json_extract(r.doc, '$.status.errorType') AS error_type,
	json_extract(r.doc, '$.status.errorMessage') AS error_message,
	json_extract(r.doc, '$.status.errorCount') AS error_count,
	json_extract(r.doc, '$.spec.online') AS online,
	json_extract(r.doc, '$.status.poweredOn') AS powered_on,
	json_extract(r.doc, '$.status.lastUpdated') AS last_updated,
	r.source_id AS source_id, r.line AS line
FROM resources r WHERE r.kind = 'BareMetalHost';
