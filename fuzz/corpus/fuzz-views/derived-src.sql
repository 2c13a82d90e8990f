-- The definitions of the derived tables events, pods and
-- container_statuses.  Those are tables, filled as each Event or Pod is
-- stored (src/index-derived.c mirrors these views column by column); the
-- views compute the same rows from resources.doc, slowly, and
-- tests/derived.test checks that each table equals its view.
--
-- events_src: core/v1 Events (count/firstTimestamp/lastTimestamp, or
--   eventTime and series for the newer ones) and events.k8s.io/v1 (note,
--   regarding, deprecated*).  Columns: namespace, name, involved_kind,
--   involved_namespace, involved_name, reason, message, type, count,
--   first_ts, last_ts (UTC us), component, host, source_id, line,
--   resource_id.
-- pods_src: namespace, name, node, phase, reason, message, created,
--   started, ready, mirror, owner_kind, owner_name, source_id, line,
--   resource_id.
-- container_statuses_src: namespace, pod, container, init, ready,
--   restart_count, state, reason, message, exit_code, last_reason,
--   last_exit_code, last_finished, started, image, node, source_id, line,
--   resource_id.

CREATE VIEW events_src AS
SELECT r.namespace AS namespace, r.name AS name,
	coalesce(json_extract(r.doc, '$.involvedObject.kind'),
	    json_extract(r.doc, '$.regarding.kind')) AS involved_kind,
	coalesce(json_extract(r.doc, '$.involvedObject.namespace'),
	    json_extract(r.doc, '$.regarding.namespace'))
	    AS involved_namespace,
	coalesce(json_extract(r.doc, '$.involvedObject.name'),
	    json_extract(r.doc, '$.regarding.name')) AS involved_name,
	json_extract(r.doc, '$.reason') AS reason,
	coalesce(json_extract(r.doc, '$.message'),
	    json_extract(r.doc, '$.note')) AS message,
	json_extract(r.doc, '$.type') AS type,
	coalesce(json_extract(r.doc, '$.count'),
	    json_extract(r.doc, '$.series.count'),
	    json_extract(r.doc, '$.deprecatedCount'), 1) AS count,
	mgt_ts(coalesce(json_extract(r.doc, '$.firstTimestamp'),
	    json_extract(r.doc, '$.deprecatedFirstTimestamp'),
	    json_extract(r.doc, '$.eventTime'),
	    json_extract(r.doc, '$.lastTimestamp'),
	    json_extract(r.doc, '$.metadata.creationTimestamp')))
	    AS first_ts,
	mgt_ts(coalesce(json_extract(r.doc, '$.series.lastObservedTime'),
	    json_extract(r.doc, '$.lastTimestamp'),
	    json_extract(r.doc, '$.deprecatedLastTimestamp'),
	    json_extract(r.doc, '$.eventTime'),
	    json_extract(r.doc, '$.firstTimestamp'),
	    json_extract(r.doc, '$.metadata.creationTimestamp'))) AS last_ts,
	coalesce(nullif(json_extract(r.doc, '$.reportingComponent'), ''),
	    nullif(json_extract(r.doc, '$.reportingController'), ''),
	    nullif(json_extract(r.doc, '$.source.component'), ''),
	    nullif(json_extract(r.doc, '$.deprecatedSource.component'), '')) AS component,
	coalesce(json_extract(r.doc, '$.source.host'),
	    json_extract(r.doc, '$.deprecatedSource.host')) AS host,
	r.source_id AS source_id, r.line AS line, r.id AS resource_id
FROM resources r WHERE r.kind = 'Event';

CREATE VIEW pods_src AS
SELECT r.namespace AS namespace, r.name AS name,
	json_extract(r.doc, '$.spec.nodeName') AS node,
	json_extract(r.doc, '$.status.phase') AS phase,
	json_extract(r.doc, '$.status.reason') AS reason,
	json_extract(r.doc, '$.status.message') AS message,
	json_extract(r.doc, '$.metadata.creationTimestamp') AS created,
	json_extract(r.doc, '$.status.startTime') AS started,
	c.status AS ready,
	(json_extract(r.doc, '$.metadata.annotations."kubernetes.io/config.mirror"') IS NOT NULL) AS mirror,
	json_extract(r.doc, '$.metadata.ownerReferences[0].kind') AS owner_kind,
	json_extract(r.doc, '$.metadata.ownerReferences[0].name') AS owner_name,
	r.source_id AS source_id, r.line AS line, r.id AS resource_id
FROM resources r LEFT JOIN resource_conditions c
	ON c.resource_id = r.id AND c.type = 'Ready'
WHERE r.kind = 'Pod' AND r.api_group = '';

CREATE VIEW container_statuses_src AS
SELECT r.namespace AS namespace, r.name AS pod,
	json_extract(c.value, '$.name') AS container,
	p.init AS init,
	json_extract(c.value, '$.ready') AS ready,
	json_extract(c.value, '$.restartCount') AS restart_count,
	CASE WHEN json_extract(c.value, '$.state.waiting') IS NOT NULL
	    THEN 'waiting'
	    WHEN json_extract(c.value, '$.state.running') IS NOT NULL
	    THEN 'running'
	    WHEN json_extract(c.value, '$.state.terminated') IS NOT NULL
	    THEN 'terminated' END AS state,
	coalesce(json_extract(c.value, '$.state.waiting.reason'),
	    json_extract(c.value, '$.state.terminated.reason')) AS reason,
	coalesce(json_extract(c.value, '$.state.waiting.message'),
	    json_extract(c.value, '$.state.terminated.message')) AS message,
	json_extract(c.value, '$.state.terminated.exitCode') AS exit_code,
	coalesce(json_extract(c.value, '$.lastState.terminated.reason'),
	    json_extract(c.value, '$.lastState.waiting.reason')) AS last_reason,
	json_extract(c.value, '$.lastState.terminated.exitCode') AS last_exit_code,
	json_extract(c.value, '$.lastState.terminated.finishedAt') AS last_finished,
	json_extract(c.value, '$.started') AS started,
	json_extract(c.value, '$.image') AS image,
	json_extract(r.doc, '$.spec.nodeName') AS node,
	r.source_id AS source_id, r.line AS line, r.id AS resource_id
FROM resources r,
	(SELECT 0 AS init, '$.status.containerStatuses' AS path
	    UNION ALL SELECT 1, '$.status.initContainerStatuses') p,
	json_each(r.doc, p.path) c
WHERE r.kind = 'Pod' AND r.api_group = '' AND c.type = 'object';
