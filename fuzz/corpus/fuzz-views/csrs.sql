-- csrs: CertificateSigningRequests in API casing and in the Go-struct
-- casing of Insights archives (Spec.Username, Status.Conditions: null).
-- The node comes from a system:node:<name> username, else from such a
-- subject CN (csr_cn() decodes spec.request).
--
-- Columns: name, signer, username, node, cn, approved, denied, failed,
-- pending, issued, created (text), created_us, source_id, line.

CREATE VIEW csrs AS
SELECT name, signer, username,
	CASE WHEN username LIKE 'system:node:%' THEN substr(username, 13)
	    WHEN cn LIKE 'system:node:%' THEN substr(cn, 13) END AS node,
	cn, approved, denied, failed,
	(NOT approved AND NOT denied AND NOT failed) AS pending,
	issued, created, mgt_ts(created) AS created_us, source_id, line
FROM (SELECT r.name AS name,
	coalesce(json_extract(r.doc, '$.spec.signerName'),
	    json_extract(r.doc, '$.Spec.SignerName')) AS signer,
	coalesce(json_extract(r.doc, '$.spec.username'),
	    json_extract(r.doc, '$.Spec.Username')) AS username,
	coalesce(csr_cn(json_extract(r.doc, '$.spec.request')),
	    json_extract(r.doc, '$.Spec.Request.Subject.CommonName')) AS cn,
	EXISTS (SELECT 1 FROM resource_conditions c
	    WHERE c.resource_id = r.id
	    AND c.type = 'Approved' AND coalesce(c.status, 'True') = 'True') AS approved,
	EXISTS (SELECT 1 FROM resource_conditions c
	    WHERE c.resource_id = r.id
	    AND c.type = 'Denied' AND coalesce(c.status, 'True') = 'True') AS denied,
	EXISTS (SELECT 1 FROM resource_conditions c
	    WHERE c.resource_id = r.id
	    AND c.type = 'Failed' AND coalesce(c.status, 'True') = 'True') AS failed,
	(coalesce(json_extract(r.doc, '$.status.certificate'),
	    json_extract(r.doc, '$.Status.Certificate'),
	    json_extract(r.doc, '$.Status.Cert'), '') != '') AS issued,
	coalesce(json_extract(r.doc, '$.metadata.creationTimestamp'),
	    json_extract(r.doc, '$.ObjectMeta.creationTimestamp'))
	    AS created,
	r.source_id AS source_id, r.line AS line
    FROM resources r WHERE r.kind = 'CertificateSigningRequest');
