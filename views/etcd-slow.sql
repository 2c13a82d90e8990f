-- etcd_took: the stored pattern hits whose named captures hold etcd's zap
-- duration fields "took" and "expected-duration" (captured as `took` and
-- `expected`, e.g. "slow fdatasync" and "apply request took too long"
-- lines), parsed to seconds.  Hits are a sample (per file the first 100
-- and the latest): read hit_stats for exact counts.
--
-- Columns: rule_id, evidence, member (the log's node, else its pod, e.g.
-- etcd-master-0), msg (capture `msg`, else NULL), took_s, expected_s
-- (REAL seconds, mgt_seconds()), ts (UTC us), source_id, line.
CREATE VIEW etcd_took AS
SELECT h.rule_id AS rule_id, h.evidence AS evidence,
	coalesce(s.node, s.pod, h.node, '?') AS member,
	json_extract(h.captures, '$.msg') AS msg,
	mgt_seconds(json_extract(h.captures, '$.took')) AS took_s,
	mgt_seconds(json_extract(h.captures, '$.expected')) AS expected_s,
	h.ts AS ts, h.source_id AS source_id, h.line_no AS line
FROM hits h JOIN sources s ON s.id = h.source_id
WHERE h.captures IS NOT NULL
  AND json_valid(h.captures)
  AND mgt_seconds(json_extract(h.captures, '$.took')) IS NOT NULL;

-- etcd_took_stats: per rule item, member and message, statistics of the
-- sampled etcd_took rows.
--
-- Columns: rule_id, evidence, member, msg, sampled (rows), first_took_s,
-- last_took_s (by time, then file and line), max_took_s, median_took_s
-- (the mean of the two middle values when even), expected_s (the largest
-- expected-duration seen), first_ts, last_ts, source_id, line (the first
-- row).
CREATE VIEW etcd_took_stats AS
WITH r AS (
	SELECT t.*,
		row_number() OVER (PARTITION BY rule_id, evidence, member, msg
		    ORDER BY took_s) AS rk,
		count(*) OVER (PARTITION BY rule_id, evidence, member, msg)
		    AS n,
		row_number() OVER (PARTITION BY rule_id, evidence, member, msg
		    ORDER BY ts, source_id, line) AS fo,
		row_number() OVER (PARTITION BY rule_id, evidence, member, msg
		    ORDER BY ts DESC, source_id DESC, line DESC) AS lo
	FROM etcd_took t)
SELECT rule_id, evidence, member, msg, max(n) AS sampled,
	max(CASE WHEN fo = 1 THEN took_s END) AS first_took_s,
	max(CASE WHEN lo = 1 THEN took_s END) AS last_took_s,
	max(took_s) AS max_took_s,
	avg(CASE WHEN rk IN ((n + 1) / 2, (n + 2) / 2) THEN took_s END)
	    AS median_took_s,
	max(expected_s) AS expected_s,
	min(ts) AS first_ts, max(ts) AS last_ts,
	max(CASE WHEN fo = 1 THEN source_id END) AS source_id,
	max(CASE WHEN fo = 1 THEN line END) AS line
FROM r
GROUP BY rule_id, evidence, member, msg;
