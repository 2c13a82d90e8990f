// SPDX-License-Identifier: Apache-2.0
// A real MCP client (the official TypeScript SDK) drives `mgtriage mcp`
// over stdio: every tool on each case given, paging, the byte cap, the
// report resources, and the errors a client sees.  Each structured
// result is checked against its doc/schema/mcp file with a JSON Schema
// 2020-12 validator (the SDK checks it against tools/list too), and
// tools/list must serve those files as they are.  Prints TAP.
//
// usage: node client.mjs MGTRIAGE SCHEMA_DIR CASE...
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import Ajv2020 from 'ajv/dist/2020.js';

const [mgtriage, schemaDir, ...cases] = process.argv.slice(2);
let n = 0, failed = 0;
const ok = (cond, what, extra) => {
	n++;
	if (cond) console.log(`ok ${n} - ${what}`);
	else {
		failed++;
		console.log(`not ok ${n} - ${what}`);
		if (extra !== undefined)
			console.log('# ' + JSON.stringify(extra).slice(0, 600));
	}
};

const ajv = new Ajv2020({ strict: false, allErrors: true });
const validators = {};
const TOOLS = ['open_case', 'summary', 'findings', 'explain',
	'get_resource', 'list_resources', 'read_log', 'grep', 'timeline',
	'query', 'diff'];
const files = {};
for (const t of TOOLS) {
	files[t] = JSON.parse(readFileSync(`${schemaDir}/${t}.json`, 'utf8'));
	validators[t] = ajv.compile(files[t]);
}

const transport = new StdioClientTransport({
	command: mgtriage, args: ['mcp'], stderr: 'inherit',
});
const client = new Client({ name: 'mgtriage-test', version: '1.0.0' });
await client.connect(transport);

// A tool call whose result must be a success matching its schema.
async function call(name, args, what) {
	let r;
	try {
		r = await client.callTool({ name, arguments: args });
	} catch (e) {
		ok(false, `${what}: ${e.message}`);
		return null;
	}
	const sc = r.structuredContent;
	const good = !r.isError && sc !== undefined && validators[name](sc);
	ok(good, what, r.isError ? r.content : validators[name].errors);
	if (good)
		ok(r.content[0].type === 'text' &&
		    isDeepStrictEqual(JSON.parse(r.content[0].text), sc),
		    `${what}: the text block is the structured result`);
	return good ? sc : null;
}
// A tool call that must come back isError with a message matching re.
async function callError(name, args, re, what) {
	let r;
	try {
		r = await client.callTool({ name, arguments: args });
	} catch (e) {
		ok(false, `${what}: rejected (${e.message}), want isError`);
		return;
	}
	ok(r.isError === true && re.test(r.content[0].text), what, r.content);
}
// A call that must be a JSON-RPC error with code.
async function callReject(name, args, code, what) {
	try {
		await client.callTool({ name, arguments: args });
		ok(false, `${what}: succeeded`);
	} catch (e) {
		ok(e.code === code, `${what} (JSON-RPC ${code})`, e.message);
	}
}

const info = client.getServerVersion();
ok(info && info.name === 'mgtriage', 'serverInfo names mgtriage');
const caps = client.getServerCapabilities();
ok(caps && caps.tools && caps.resources, 'tools and resources capabilities');
await client.ping();
ok(true, 'ping');

const { tools } = await client.listTools();
ok(isDeepStrictEqual(tools.map((t) => t.name).sort(), [...TOOLS].sort()),
    'tools/list has the eleven tools', tools.map((t) => t.name));
for (const t of tools) {
	ok(isDeepStrictEqual(t.outputSchema, files[t.name]),
	    `${t.name}: outputSchema is doc/schema/mcp/${t.name}.json`);
	ok(t.inputSchema.type === 'object' && t.description.length > 40,
	    `${t.name}: an input schema and a description`);
}

await callError('findings', {}, /no case is open/, 'findings before any case');
const rl = await client.listResources();
ok(rl.resources.length === 0, 'no resources before a case is open');

const ids = [];
for (const input of cases) {
	const tag = input.replace(/.*\//, '');
	const oc = await call('open_case', { inputs: [input] },
	    `${tag}: open_case`);
	if (oc === null)
		continue;
	ids.push(oc.case);
	const c = oc.case;
	await call('summary', { case: c }, `${tag}: summary`);
	const f = await call('findings', { case: c, limit: 1 },
	    `${tag}: findings, one`);
	if (f !== null && f.total > 1) {
		ok(f.next_offset === 1 && f.findings.length === 1,
		    `${tag}: findings pages by one`, f.next_offset);
		const f2 = await call('findings', { case: c, offset: 1,
		    limit: 1 }, `${tag}: findings, the next page`);
		ok(f2 && f2.findings[0].id !== f.findings[0].id,
		    `${tag}: the next page is another finding`);
	}
	const fa = await call('findings', { case: c, state: 'all',
	    limit: 1000, evidence: 1, max_bytes: 16384 },
	    `${tag}: findings under a 16 KiB cap`);
	if (fa !== null)
		ok(JSON.stringify(fa).length <= 16384 &&
		    (fa.truncated || fa.next_offset === null),
		    `${tag}: the capped page fits and says it stopped`);
	if (f !== null && f.total > 0) {
		const ex = await call('explain', { case: c, id:
		    f.findings[0].id }, `${tag}: explain the first finding`);
		ok(ex && ex.finding.rule_id === f.findings[0].rule_id,
		    `${tag}: explain names the same rule`);
		const ev = (ex ? ex.finding.evidence : []).find((e) =>
		    e.where && e.line && !e.object && !/\.yaml$/.test(e.where));
		if (ev) {
			const rlog = await call('read_log', { case: c,
			    source: ev.where, line: ev.line, limit: 3 },
			    `${tag}: read_log at the evidence line`);
			ok(rlog && rlog.lines.length > 0 &&
			    rlog.lines[0].line === ev.line,
			    `${tag}: read_log starts at line ${ev.line}`,
			    rlog && rlog.lines[0]);
		}
	}
	await callError('explain', { case: c, id: 99999 }, /no finding/,
	    `${tag}: explain an id out of range is isError`);
	const cv = await call('get_resource', { case: c, kind:
	    'ClusterVersion', name: 'version' },
	    `${tag}: get_resource ClusterVersion/version as JSON`);
	ok(cv && cv.object && cv.object.kind === 'ClusterVersion',
	    `${tag}: the object is the ClusterVersion`);
	const cy = await call('get_resource', { case: c, kind:
	    'clusterversion', name: 'version', format: 'yaml' },
	    `${tag}: get_resource as YAML`);
	ok(cy && /^kind: ClusterVersion$/m.test(cy.yaml),
	    `${tag}: the YAML has kind: ClusterVersion`);
	await callError('get_resource', { case: c, kind: 'Node', name:
	    'no-such-node' }, /no Node named/, `${tag}: a missing object`);
	const kinds = await call('list_resources', { case: c },
	    `${tag}: list_resources, the kinds`);
	ok(kinds && kinds.kinds_only && kinds.items.some((i) =>
	    i.kind === 'Node'), `${tag}: the kinds include Node`);
	const nodes = await call('list_resources', { case: c, kind: 'node',
	    limit: 2 }, `${tag}: list_resources kind node`);
	ok(nodes && nodes.items.length > 0 && nodes.items.every((i) =>
	    i.kind === 'Node'), `${tag}: only nodes listed`);
	const g = await call('grep', { case: c, pattern: 'error',
	    caseless: true, limit: 5 }, `${tag}: grep error`);
	ok(g && g.lines.length === 5 && g.next_offset === 5,
	    `${tag}: grep gives five lines and where to go on`);
	if (g && g.lines.length > 0) {
		const rl2 = await call('read_log', { case: c, source:
		    g.lines[0].source, line: g.lines[0].line, limit: 1 },
		    `${tag}: read_log at a grep hit`);
		ok(rl2 && rl2.lines[0].text === g.lines[0].text,
		    `${tag}: read_log and grep agree on the line`);
	}
	await callError('grep', { case: c, pattern: '(' }, /pattern/,
	    `${tag}: a bad pattern is isError`);
	await call('timeline', { case: c, limit: 10 }, `${tag}: timeline`);
	const q = await call('query', { case: c, sql:
	    'SELECT kind, count(*) AS n FROM resources GROUP BY kind ' +
	    'ORDER BY kind', limit: 3 }, `${tag}: query`);
	ok(q && isDeepStrictEqual(q.columns, ['kind', 'n']) &&
	    q.rows.length === 3 && q.next_offset === 3,
	    `${tag}: query columns, three rows and more`, q);
	await callError('query', { case: c, sql: 'DELETE FROM resources' },
	    /query failed/, `${tag}: a write is refused`);
	const d = await call('diff', { case_a: c, case_b: c },
	    `${tag}: diff with itself`);
	ok(d && d.total === 0 && d.info.same_cluster === true,
	    `${tag}: no change from a case to itself`, d && d.info);
}
if (ids.length >= 2) {
	const d = await call('diff', { case_a: ids[0], case_b: ids[1],
	    force: true, limit: 5 }, 'diff of two clusters, forced');
	ok(d && d.total > 0, 'two clusters differ', d && d.info);
	await callError('diff', { case_a: ids[0], case_b: ids[1] },
	    /cluster|force/, 'two clusters are refused without force');
}

// The reports as resources.
const res = await client.listResources();
ok(res.resources.some((r) => r.uri === 'mgtriage://report.json'),
    'resources/list has mgtriage://report.json');
const rj = await client.readResource({ uri: 'mgtriage://report.json' });
let rep = null;
try { rep = JSON.parse(rj.contents[0].text); } catch (e) { /* below */ }
ok(rep && rep.schema === 'mgtriage.report/v1',
    'mgtriage://report.json is a report', rep && Object.keys(rep));
for (const ext of ['txt', 'md', 'html']) {
	const r = await client.readResource({ uri: `mgtriage://${ids[0]}/report.${ext}` });
	ok(r.contents[0].text.length > 100, `${ids[0]}/report.${ext} read`);
}
try {
	await client.readResource({ uri: 'mgtriage://report.pdf' });
	ok(false, 'an unknown resource is an error');
} catch (e) {
	ok(e.code === -32002, 'an unknown resource is an error', e.message);
}

// Protocol errors.
await callReject('no_such_tool', {}, -32602, 'an unknown tool');
await callReject('findings', { limit: 'ten' }, -32602,
    'a string for an integer');
await callReject('findings', { bogus: 1 }, -32602, 'an unknown argument');
await callReject('grep', {}, -32602, 'a required argument missing');

await client.close();
console.log(`1..${n}`);
process.exit(failed === 0 ? 0 : 1);
