-- insights_health_checks: the Red Hat Insights recommendations the
-- insights operator last downloaded for the cluster, from
-- InsightsOperator "cluster" status.insightsReport.healthChecks[]
-- (operator.openshift.io/v1; a must-gather's
-- cluster-scoped-resources/operator.openshift.io/insightsoperators/,
-- an Insights archive's config/clusteroperator/operator.openshift.io/
-- insightsoperator/).  total_risk is 1 (low) to 4 (critical); risk names
-- it; state is Enabled or Disabled (disabled by the user in Advisor).
--
-- Columns: description, total_risk, risk, advisor_uri, state,
-- downloaded_at (status.insightsReport.downloadedAt), source_id, line.

CREATE VIEW insights_health_checks AS
SELECT json_extract(h.value, '$.description') AS description,
	json_extract(h.value, '$.totalRisk') AS total_risk,
	CASE json_extract(h.value, '$.totalRisk')
	    WHEN 4 THEN 'critical' WHEN 3 THEN 'important'
	    WHEN 2 THEN 'moderate' WHEN 1 THEN 'low' END AS risk,
	json_extract(h.value, '$.advisorURI') AS advisor_uri,
	json_extract(h.value, '$.state') AS state,
	json_extract(r.doc, '$.status.insightsReport.downloadedAt')
	    AS downloaded_at,
	r.source_id AS source_id, r.line AS line
FROM resources r, json_each(r.doc, '$.status.insightsReport.healthChecks') h
WHERE r.kind = 'InsightsOperator' AND r.api_group = 'operator.openshift.io'
	AND r.name = 'cluster' AND h.type = 'object';
