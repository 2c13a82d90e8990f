/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libFuzzer harness for the knowledge loader (mgtriage-rules(5),
 * KNOWLEDGE).  The input is a knowledge file, loaded twice into one
 * ruleset (so the per-kind entry cap counts across files); whatever
 * loaded is then used as ranking and suppression use it: the markers and
 * benign patterns run over a few findings, marker templates are filled
 * from the named groups, and the component globs are tried.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "finding.h"
#include "knowledge.h"
#include "rule.h"
#include "xmalloc.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Findings with components of each kind the globs are written for. */
static const char *const fuzz_comp[] = {
	"operator/etcd", "node/master-0.example.com", "pool/worker",
	"clusterversion/version", NULL
};
static const char *const fuzz_text[] = {
	("etcd member master-0 is unhealthy: node master-0.example.com is "
	    "NotReady"),
	"route not yet admitted; operator console degraded",
	"", "error: x509: certificate signed by unknown authority"
};

static void
fuzz_use(const struct knowledge *kb)
{
	static struct rule rule[2];
	struct finding_set set;
	struct knowledge_targets *t;
	struct finding *f;
	char *why;
	size_t i, j, n = sizeof fuzz_comp / sizeof fuzz_comp[0];

	rule[0].id = (char *)"install.console-route";
	rule[1].id = (char *)"etcd.member-unhealthy";
	rule[1].generic = 1;
	finding_set_init(&set);
	for (i = 0; i < n; i++) {
		f = finding_set_add(&set);
		f->rule = &rule[i % 2];
		f->component = fuzz_comp[i] != NULL ? xstrdup(fuzz_comp[i]) :
		    NULL;
		f->summary = xstrdup(fuzz_text[i % 4]);
		f->first_ts = i == 2 ? INT64_MIN : (int64_t)i * 1000000;
		f->last_ts = f->first_ts;
		f->evidence = xcalloc(1, sizeof *f->evidence);
		f->nevidence = f->total_evidence = 1;
		f->evidence[0].text = xstrdup(fuzz_text[(i + 1) % 4]);
		f->evidence[0].value = xstrdup("name=etcd");
	}
	t = xcalloc(n, sizeof *t);
	for (i = 0; i < n; i++)
		knowledge_marker_targets(kb, &set.findings[i], &t[i]);
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++) {
			if (knowledge_explains(kb, &set.findings[i],
			    &set.findings[j], &t[j], &why))
				free(why);
		}
	for (i = 0; i < n; i++)
		knowledge_targets_free(&t[i]);
	free(t);
	knowledge_suppress(kb, &set);
	rank_findings(&set, kb);
	finding_set_free(&set);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ruleset rs;
	char *s;
	size_t i;

	ruleset_init(&rs);
	ruleset_load_knowledge(&rs, "a.yaml", (const char *)data, size);
	ruleset_load_knowledge(&rs, "b.yaml", (const char *)data, size);
	for (i = 0; i < rs.ndiags; i++) {
		s = rule_diag_format(&rs.diags[i]);
		free(s);
	}
	if (rs.kb != NULL)
		fuzz_use(rs.kb);
	ruleset_free(&rs);
	return 0;
}
