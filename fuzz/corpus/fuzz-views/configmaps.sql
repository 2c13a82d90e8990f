-- configmaps: which ConfigMaps exist (core v1 only; the data stays in
-- resources.doc).
--
-- Columns: namespace, name, source_id, line.

CREATE VIEW configmaps AS
SELECT r.namespace AS namespace, r.name AS name,
	r.source_id AS source_id, r.line AS line
FROM resources r WHERE r.kind = 'ConfigMap' AND r.api_group = '';
