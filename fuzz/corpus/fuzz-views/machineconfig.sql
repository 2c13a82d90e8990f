-- The Machine Config Operator's objects.
--
-- machineconfigs: name, created (text), generated_by (annotation
--   machineconfiguration.openshift.io/generated-by-controller-version),
--   rendered (1 if the name starts rendered-), role (label
--   machineconfiguration.openshift.io/role), source_id, line.
-- machineconfigpools: name, spec_config (spec.configuration.name),
--   status_config (status.configuration.name), machine_count, ready_count,
--   updated_count, degraded_count, unavailable_count, degraded, updating,
--   updated, node_degraded, render_degraded (status of those conditions),
--   paused, source_id, line, doc.

CREATE VIEW machineconfigs AS
SELECT r.name AS name,
	json_extract(r.doc, '$.metadata.creationTimestamp') AS created,
	json_extract(r.doc, '$.metadata.annotations."machineconfiguration.openshift.io/generated-by-controller-version"') AS generated_by,
	(r.name LIKE 'rendered-%') AS rendered,
	json_extract(r.doc, '$.metadata.labels."machineconfiguration.openshift.io/role"') AS role,
	r.source_id AS source_id, r.line AS line
FROM resources r WHERE r.kind = 'MachineConfig';

CREATE VIEW machineconfigpools AS
SELECT r.name AS name,
	json_extract(r.doc, '$.spec.configuration.name') AS spec_config,
	json_extract(r.doc, '$.status.configuration.name') AS status_config,
	json_extract(r.doc, '$.status.machineCount') AS machine_count,
	json_extract(r.doc, '$.status.readyMachineCount') AS ready_count,
	json_extract(r.doc, '$.status.updatedMachineCount') AS updated_count,
	json_extract(r.doc, '$.status.degradedMachineCount') AS degraded_count,
	json_extract(r.doc, '$.status.unavailableMachineCount') AS unavailable_count,
	(SELECT status FROM resource_conditions WHERE resource_id = r.id
	    AND type = 'Degraded') AS degraded,
	(SELECT status FROM resource_conditions WHERE resource_id = r.id
	    AND type = 'Updating') AS updating,
	(SELECT status FROM resource_conditions WHERE resource_id = r.id
	    AND type = 'Updated') AS updated,
	(SELECT status FROM resource_conditions WHERE resource_id = r.id
	    AND type = 'NodeDegraded') AS node_degraded,
	(SELECT status FROM resource_conditions WHERE resource_id = r.id
	    AND type = 'RenderDegraded') AS render_degraded,
	json_extract(r.doc, '$.spec.paused') AS paused,
	r.source_id AS source_id, r.line AS line, r.doc AS doc
FROM resources r WHERE r.kind = 'MachineConfigPool';
