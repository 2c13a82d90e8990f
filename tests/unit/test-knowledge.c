/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Unit tests for the knowledge loader (ruleset_load_knowledge(),
 * mgtriage-rules(5) "KNOWLEDGE"): each list with every field, each
 * diagnostic with its file:line:col, the entry cap across files, and that
 * a bad entry is left out while the good ones around it load.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "knowledge.h"
#include "rule.h"
#include "xmalloc.h"

#include "tap.h"

/* Load text as knowledge file "k.yaml" into rs (initialised here). */
static void
load(struct ruleset *rs, const char *text)
{
	ruleset_init(rs);
	ruleset_load_knowledge(rs, "k.yaml", text, strlen(text));
}

/* Every diagnostic of rs, formatted, one a line; caller frees. */
static char *
diags(const struct ruleset *rs)
{
	char *out = xstrdup(""), *line, *tmp;
	size_t i;

	for (i = 0; i < rs->ndiags; i++) {
		line = rule_diag_format(&rs->diags[i]);
		xasprintf(&tmp, "%s%s\n", out, line);
		free(line);
		free(out);
		out = tmp;
	}
	return out;
}

static size_t
count(const struct ruleset *rs, int list)
{
	if (rs->kb == NULL)
		return 0;
	return list == 0 ? rs->kb->ndeps : list == 1 ? rs->kb->nmarkers :
	    rs->kb->nbenign;
}

static void
test_good(void)
{
	struct ruleset rs;
	const struct knowledge *kb;
	const char *one = "benign: [{rule: a, reason: r, source: s}]\n";
	char *s;

	load(&rs,
	    "# the three lists\n"
	    "depends:\n"
	    "  - component: operator/kube-apiserver\n"
	    "    on: [operator/etcd, 'node/**']\n"
	    "    why: the API server stores everything in etcd\n"
	    "    source: https://example.org/etcd\n"
	    "  - component: clusterversion/*\n"
	    "    on: operator/*\n"
	    "    summary: true\n"
	    "    why: ClusterVersion sums up the operators\n"
	    "    source: docs\n"
	    "markers:\n"
	    "  - pattern: 'node (?<node>[a-z0-9.-]+) is not ready'\n"
	    "    on: node/{node}\n"
	    "    why: the message names the node\n"
	    "    source: kubelet\n"
	    "benign:\n"
	    "  - rule: 'install.*'\n"
	    "    component: operator/console\n"
	    "    pattern: |\n"
	    "      route not yet admitted\n"
	    "    reason: |\n"
	    "      the console waits for its route at install\n"
	    "    source: bug 1\n"
	    "  - rule: x.y\n"
	    "    reason: r\n"
	    "    source: s\n");
	s = diags(&rs);
	is_str(s, "", "good file: no diagnostics");
	free(s);
	kb = rs.kb;
	ok(kb != NULL, "good file: a knowledge base");
	if (kb == NULL) {
		ruleset_free(&rs);
		return;
	}
	is_int(kb->ndeps, 2, "two depends");
	is_str(kb->deps[0].ncomponent == 1 ? kb->deps[0].component[0] : NULL, "operator/kube-apiserver",
	    "depends component");
	is_int(kb->deps[0].non, 2, "depends on: a list of two");
	is_str(kb->deps[0].on[1], "node/**", "depends on: second glob");
	is_int(kb->deps[0].summary, 0, "summary defaults to false");
	is_str(kb->deps[0].why, "the API server stores everything in etcd",
	    "depends why");
	is_str(kb->deps[0].source, "https://example.org/etcd",
	    "depends source");
	is_int(kb->deps[1].non, 1, "depends on: one string");
	is_int(kb->deps[1].summary, 1, "summary: true");
	is_int(kb->nmarkers, 1, "one marker");
	ok(kb->markers[0].re != NULL, "marker pattern compiled");
	is_str(kb->markers[0].on, "node/{node}", "marker on kept as a template");
	is_int(kb->nbenign, 2, "two benign entries");
	is_str(kb->benign[0].pattern, "route not yet admitted",
	    "benign pattern chomped");
	is_str(kb->benign[0].reason,
	    "the console waits for its route at install",
	    "benign reason chomped");
	is_str(kb->benign[0].component, "operator/console", "benign component");
	ok(kb->benign[1].component == NULL && kb->benign[1].re == NULL,
	    "benign component and pattern optional");
	ruleset_free(&rs);

	/* Two files add up. */
	ruleset_init(&rs);
	ruleset_load_knowledge(&rs, "a.yaml", one, strlen(one));
	ruleset_load_knowledge(&rs, "b.yaml", one, strlen(one));
	is_int(count(&rs, 2), 2, "two files: both entries");
	is_int(rs.ndiags, 0, "two files: no diagnostics");
	ruleset_free(&rs);

	load(&rs, "{}\n");
	is_int(rs.ndiags, 0, "an empty mapping is a valid knowledge file");
	ruleset_free(&rs);
}

#define DIAG(text, want, name) do {					\
	load(&rs, (text));						\
	s = diags(&rs);							\
	is_str(s, (want), (name));					\
	free(s);							\
	ruleset_free(&rs);						\
} while (0)

static void
test_bad(void)
{
	struct ruleset rs;
	char *s;

	DIAG("- a\n", "k.yaml:1:1: a knowledge file must be a YAML mapping, "
	    "not a list\n", "root not a mapping");
	DIAG("depends: {}\n", "k.yaml:1:10: 'depends' must be a list, not a "
	    "mapping\n", "list not a list");
	DIAG("benign: [x]\n", "k.yaml:1:10: 'benign' entry must be a mapping, "
	    "not a scalar\n", "entry not a mapping");
	DIAG("dependz: []\n", "k.yaml:1:1: unknown field 'dependz' (did you "
	    "mean 'depends'?)\n", "unknown list");
	DIAG("depends:\n  - component: operator/a\n    on: operator/b\n",
	    "k.yaml:2:5: 'depends' entry: missing required field 'why'\n"
	    "k.yaml:2:5: 'depends' entry: missing required field 'source'\n",
	    "depends: missing why and source");
	DIAG("markers:\n  - {on: node/x, why: w, source: s}\n",
	    "k.yaml:2:5: 'markers' entry: missing required field 'pattern'\n",
	    "markers: missing pattern");
	DIAG("benign:\n  - {rule: a, source: s}\n",
	    "k.yaml:2:5: 'benign' entry: missing required field 'reason'\n",
	    "benign: missing reason");
	DIAG("benign:\n  - {rule: a, reason: r, source: s, why: w}\n",
	    "k.yaml:2:37: 'benign' entry: unknown field 'why'\n",
	    "benign: unknown field");
	DIAG("markers:\n  - {pattern: 'a(b', on: node/x, why: w, source: s}\n",
	    "k.yaml:2:19: invalid pattern: missing closing parenthesis (at "
	    "pattern offset 3)\n", "marker pattern error with its position");
	DIAG("benign:\n  - rule: a\n    pattern: |\n      ok\n      x)y\n"
	    "    reason: r\n    source: s\n",
	    "k.yaml:5:8: invalid pattern: unmatched closing parenthesis (at "
	    "pattern offset 4)\n", "benign pattern error in a block scalar");
	DIAG("depends:\n  - {component: etcd, on: operator/b, why: w, "
	    "source: s}\n",
	    "k.yaml:2:17: 'component' entry is 'etcd'; a component is KIND/NAME, "
	    "such as operator/etcd or node/*\n", "depends component not "
	    "a component");
	DIAG("depends:\n  - {component: operator/a, on: [operator/b, etcd], "
	    "why: w, source: s}\n",
	    "k.yaml:2:33: 'on' entry is 'etcd'; a component is KIND/NAME, such "
	    "as operator/etcd or node/*\n", "depends on entry not a component");
	DIAG("markers:\n  - {pattern: x, on: '{node}', why: w, source: s}\n",
	    "k.yaml:2:22: 'on' is '{node}'; a component is KIND/NAME, such as "
	    "operator/etcd or node/*\n", "marker on not a component");
	DIAG("benign:\n  - {rule: a, component: console, reason: r, "
	    "source: s}\n",
	    "k.yaml:2:26: 'component' is 'console'; a component is KIND/NAME, "
	    "such as operator/etcd or node/*\n", "benign component not a "
	    "component");
	DIAG("depends:\n  - {component: a/b, on: c/d, summary: maybe, why: w, "
	    "source: s}\n",
	    "k.yaml:2:40: 'summary' must be true or false\n",
	    "summary not a boolean");
	DIAG("markers:\n  - {pattern: [x], on: node/x, why: w, source: s}\n",
	    "k.yaml:2:15: 'pattern' must be a string, not a list\n",
	    "pattern not a string");
}

/* A bad entry is left out; the good ones before and after it load. */
static void
test_partial(void)
{
	struct ruleset rs;

	load(&rs, "depends:\n"
	    "  - {component: a/b, on: c/d, why: w, source: s}\n"
	    "  - {component: a/b, on: c, why: w, source: s}\n"
	    "  - {component: e/f, on: g/h, why: w, source: s}\n"
	    "markers:\n"
	    "  - {pattern: '(', on: node/x, why: w, source: s}\n"
	    "  - {pattern: 'y', on: node/y, why: w, source: s}\n"
	    "benign:\n"
	    "  - {rule: a, reason: r}\n"
	    "  - {rule: b, reason: r, source: s}\n");
	is_int(rs.ndiags, 3, "three bad entries, three diagnostics");
	is_int(count(&rs, 0), 2, "depends: the two good entries load");
	is_str(count(&rs, 0) == 2 ? rs.kb->deps[1].component[0] : NULL, "e/f",
	    "depends: the entry after the bad one");
	is_int(count(&rs, 1), 1, "markers: the good entry loads");
	is_str(count(&rs, 1) == 1 ? rs.kb->markers[0].on : NULL, "node/y",
	    "markers: the good one");
	is_int(count(&rs, 2), 1, "benign: the good entry loads");
	ruleset_free(&rs);

	/* Not YAML at all: a diagnostic, nothing loaded, no crash. */
	load(&rs, "depends: [\n");
	ok(rs.ndiags == 1 && strncmp(rs.diags[0].message, "invalid YAML", 12)
	    == 0, "invalid YAML is one diagnostic");
	is_int(count(&rs, 0), 0, "invalid YAML loads nothing");
	ruleset_free(&rs);
}

/* More than KNOWLEDGE_MAX_ENTRIES of a kind, in one file and across two. */
static void
test_cap(void)
{
	struct ruleset rs;
	char *text, *tmp, want[128];
	size_t i;

	text = xstrdup("benign:\n");
	for (i = 0; i < KNOWLEDGE_MAX_ENTRIES + 5; i++) {
		xasprintf(&tmp, "%s  - {rule: r%zu, reason: r, source: s}\n",
		    text, i);
		free(text);
		text = tmp;
	}
	load(&rs, text);
	is_int(count(&rs, 2), KNOWLEDGE_MAX_ENTRIES, "entries capped");
	is_int(rs.ndiags, 1, "one diagnostic for the cap");
	snprintf(want, sizeof want, "k.yaml:%d:5: more than %d 'benign' "
	    "entries\n", KNOWLEDGE_MAX_ENTRIES + 2, KNOWLEDGE_MAX_ENTRIES);
	tmp = diags(&rs);
	is_str(tmp, want, "cap diagnostic at the first entry left out");
	free(tmp);
	ruleset_free(&rs);
	free(text);

	/* The cap counts every file: 600 and 600 make 1024. */
	text = xstrdup("markers:\n");
	for (i = 0; i < 600; i++) {
		xasprintf(&tmp, "%s  - {pattern: x, on: node/x, why: w, "
		    "source: s}\n", text);
		free(text);
		text = tmp;
	}
	ruleset_init(&rs);
	ruleset_load_knowledge(&rs, "a.yaml", text, strlen(text));
	ruleset_load_knowledge(&rs, "b.yaml", text, strlen(text));
	is_int(count(&rs, 1), KNOWLEDGE_MAX_ENTRIES, "cap across files");
	ok(rs.ndiags == 1 && strcmp(rs.diags[0].file, "b.yaml") == 0 &&
	    rs.diags[0].line == KNOWLEDGE_MAX_ENTRIES - 600 + 2,
	    "cap diagnostic in the second file");
	ruleset_free(&rs);
	free(text);
}

int
main(void)
{
	test_good();
	test_bad();
	test_partial();
	test_cap();
	return done_testing();
}
