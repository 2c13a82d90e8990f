// SPDX-License-Identifier: Apache-2.0
// Validate Kubernetes manifests offline against the OpenAPI schemas that
// the kubernetes-models npm package bundles (checked with ajv): each YAML
// document's apiVersion and kind pick the model, unknown fields, wrong
// types and missing required fields are errors.  Usage:
//   node validate.js FILE...      exit 0 when every document is valid
import fs from "node:fs";
import YAML from "yaml";

let bad = 0, n = 0;
for (const file of process.argv.slice(2)) {
	const docs = YAML.parseAllDocuments(fs.readFileSync(file, "utf8"));
	for (const d of docs) {
		if (d.errors.length) {
			console.error(`${file}: YAML: ${d.errors[0].message}`);
			bad++;
			continue;
		}
		const o = d.toJS();
		if (o == null)
			continue;
		n++;
		const where = `${file}: ${o.kind}/${o.metadata && o.metadata.name}`;
		const [group, version] = String(o.apiVersion).includes("/") ?
		    o.apiVersion.split("/") : [null, o.apiVersion];
		let Model;
		try {
			Model = (await import(`kubernetes-models/${group ? group + "/" : ""}${version}`))[o.kind];
		} catch (e) {
			Model = undefined;
		}
		if (!Model) {
			console.error(`${where}: unknown apiVersion/kind ${o.apiVersion} ${o.kind}`);
			bad++;
			continue;
		}
		try {
			new Model(o).validate();
		} catch (e) {
			console.error(`${where}: ${e.message}`);
			bad++;
		}
	}
}
console.log(`${n} documents, ${bad} invalid`);
process.exit(bad ? 1 : 0);
