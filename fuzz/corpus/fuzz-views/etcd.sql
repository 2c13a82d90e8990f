-- etcd_members: etcd_info/member_list.json, stored by ingest as kind
-- EtcdMemberList.  Member IDs are uint64: json_extract() turns those above
-- 2^63 into REAL, so id is the number's own text, cut from the two-path
-- form of json_extract ("[<id>,<id>]"), which renders the token as written.
--
-- Columns: name, id (text), peer_urls, client_urls (JSON arrays),
-- is_learner (0/1), source_id, line.

CREATE VIEW etcd_members AS
SELECT json_extract(m.value, '$.name') AS name,
	CASE json_type(m.value, '$.ID')
	    WHEN 'integer' THEN substr(json_extract(m.value, '$.ID', '$.ID'),
	        2, (length(json_extract(m.value, '$.ID', '$.ID')) - 3) / 2)
	    ELSE CAST(json_extract(m.value, '$.ID') AS TEXT) END AS id,
	json_extract(m.value, '$.peerURLs') AS peer_urls,
	json_extract(m.value, '$.clientURLs') AS client_urls,
	coalesce(json_extract(m.value, '$.isLearner'), 0) AS is_learner,
	r.source_id AS source_id, r.line AS line
FROM resources r, json_each(r.doc, '$.members') m
WHERE r.kind = 'EtcdMemberList' AND m.type = 'object';
