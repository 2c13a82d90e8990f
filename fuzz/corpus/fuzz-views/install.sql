-- How the cluster was installed and where it runs.
--
-- install_config: over InstallConfig objects (ingest stores the
--   install-config inside kube-system/cluster-config-v1 that way).  VIPs:
--   platform.<p>.apiVIPs and the legacy platform.<p>.apiVIP; networks:
--   networking.machineNetwork and the legacy networking.machineCIDR.
--   Columns: name, base_domain, platform, machine_networks, api_vips,
--   ingress_vips (JSON arrays), network_type, source_id, line, doc.
-- infrastructure: VIPs from status.platformStatus.<p>.apiServerInternalIPs
--   and ingressIPs, and the legacy apiServerInternalIP and ingressIP.
--   Columns: name, platform, control_plane_topology,
--   infrastructure_topology, api_server_url, api_server_internal_url,
--   api_vips, ingress_vips (JSON arrays), infrastructure_name, source_id,
--   line, doc.

CREATE VIEW install_config AS
SELECT r.name AS name,
	json_extract(r.doc, '$.baseDomain') AS base_domain,
	(SELECT p.key FROM json_each(r.doc, '$.platform') p
	    ORDER BY p.id LIMIT 1) AS platform,
	(SELECT json_group_array(DISTINCT v) FROM (
	    SELECT json_extract(m.value, '$.cidr') AS v
	    FROM json_each(r.doc, '$.networking.machineNetwork') m
	    UNION ALL
	    SELECT json_extract(r.doc, '$.networking.machineCIDR'))
	    WHERE v IS NOT NULL AND v != '') AS machine_networks,
	(SELECT json_group_array(DISTINCT v) FROM (
	    SELECT a.value AS v FROM json_each(r.doc, '$.platform') p,
	        json_each(p.value, '$.apiVIPs') a WHERE p.type = 'object'
	    UNION ALL
	    SELECT json_extract(p.value, '$.apiVIP')
	    FROM json_each(r.doc, '$.platform') p WHERE p.type = 'object')
	    WHERE v IS NOT NULL AND v != '') AS api_vips,
	(SELECT json_group_array(DISTINCT v) FROM (
	    SELECT a.value AS v FROM json_each(r.doc, '$.platform') p,
	        json_each(p.value, '$.ingressVIPs') a WHERE p.type = 'object'
	    UNION ALL
	    SELECT json_extract(p.value, '$.ingressVIP')
	    FROM json_each(r.doc, '$.platform') p WHERE p.type = 'object')
	    WHERE v IS NOT NULL AND v != '') AS ingress_vips,
	json_extract(r.doc, '$.networking.networkType') AS network_type,
	r.source_id AS source_id, r.line AS line, r.doc AS doc
FROM resources r WHERE r.kind = 'InstallConfig';

CREATE VIEW infrastructure AS
SELECT r.name AS name,
	coalesce(json_extract(r.doc, '$.status.platformStatus.type'),
	    json_extract(r.doc, '$.status.platform'),
	    json_extract(r.doc, '$.spec.platformSpec.type')) AS platform,
	json_extract(r.doc, '$.status.controlPlaneTopology') AS control_plane_topology,
	json_extract(r.doc, '$.status.infrastructureTopology') AS infrastructure_topology,
	json_extract(r.doc, '$.status.apiServerURL') AS api_server_url,
	json_extract(r.doc, '$.status.apiServerInternalURI') AS api_server_internal_url,
	(SELECT json_group_array(DISTINCT v) FROM (
	    SELECT a.value AS v
	    FROM json_each(r.doc, '$.status.platformStatus') p,
	        json_each(p.value, '$.apiServerInternalIPs') a
	    WHERE p.type = 'object'
	    UNION ALL
	    SELECT json_extract(p.value, '$.apiServerInternalIP')
	    FROM json_each(r.doc, '$.status.platformStatus') p
	    WHERE p.type = 'object')
	    WHERE v IS NOT NULL AND v != '') AS api_vips,
	(SELECT json_group_array(DISTINCT v) FROM (
	    SELECT a.value AS v
	    FROM json_each(r.doc, '$.status.platformStatus') p,
	        json_each(p.value, '$.ingressIPs') a
	    WHERE p.type = 'object'
	    UNION ALL
	    SELECT json_extract(p.value, '$.ingressIP')
	    FROM json_each(r.doc, '$.status.platformStatus') p
	    WHERE p.type = 'object')
	    WHERE v IS NOT NULL AND v != '') AS ingress_vips,
	json_extract(r.doc, '$.status.infrastructureName') AS infrastructure_name,
	r.source_id AS source_id, r.line AS line, r.doc AS doc
FROM resources r WHERE r.kind = 'Infrastructure';
