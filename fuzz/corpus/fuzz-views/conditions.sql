-- conditions: every status.conditions entry of every object that has them
-- (ClusterOperators, Nodes, MachineConfigPools, CSRs, operator CRs,
-- BareMetalHosts, Pods, ...), read from the resource_conditions table the
-- writer fills, so no document is parsed again.
--
-- Columns: kind, namespace, name, type, status, reason, message,
-- last_transition (text), last_transition_us, source_id, line, api_group,
-- resource_id.

CREATE VIEW conditions AS
SELECT r.kind AS kind, r.namespace AS namespace, r.name AS name,
	c.type AS type, c.status AS status, c.reason AS reason,
	c.message AS message, c.last_transition AS last_transition,
	c.last_transition_us AS last_transition_us,
	r.source_id AS source_id, r.line AS line, r.api_group AS api_group,
	r.id AS resource_id
FROM resources r JOIN resource_conditions c ON c.resource_id = r.id;
