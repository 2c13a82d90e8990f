/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Unit tests for rank_findings(): chains, diamonds, cycles of two and
 * three, a symptom with two causes, ties broken by time then id, and the
 * same tree whatever order the findings were added in.
 */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "finding.h"
#include "knowledge.h"
#include "rule.h"
#include "tap.h"
#include "xmalloc.h"

#define T0	INT64_C(1767866531000000)	/* 2026-01-08T10:02:11Z */
#define MAXRULES 16

static struct rule rules[MAXRULES];
static size_t nrules;

/* A rule with NULL-terminated explains ids; lives until reset_rules(). */
static const struct rule *
mk_rule(const char *id, enum rule_severity sev, ...)
{
	struct rule *r = &rules[nrules++];
	const char *x;
	va_list ap;

	memset(r, 0, sizeof *r);
	r->id = xstrdup(id);
	r->title = xstrdup(id);
	r->severity = sev;
	r->category = xstrdup("test");
	va_start(ap, sev);
	while ((x = va_arg(ap, const char *)) != NULL) {
		r->explains = xreallocarray(r->explains, r->nexplains + 1,
		    sizeof *r->explains);
		r->explains[r->nexplains++] = xstrdup(x);
	}
	va_end(ap);
	return r;
}

static void
reset_rules(void)
{
	size_t i, j;

	for (i = 0; i < nrules; i++) {
		free(rules[i].id);
		free(rules[i].title);
		free(rules[i].category);
		for (j = 0; j < rules[i].nexplains; j++)
			free(rules[i].explains[j]);
		free(rules[i].explains);
	}
	nrules = 0;
}

static const struct rule *
find_rule(const char *id)
{
	size_t i;

	for (i = 0; i < nrules; i++)
		if (strcmp(rules[i].id, id) == 0)
			return &rules[i];
	return NULL;
}

/* Add a finding of rule id with first evidence at ts, with one evidence
 * line so the set has something to free. */
static void
add(struct finding_set *set, const char *id, int64_t ts)
{
	struct finding *f;

	f = finding_set_add(set);
	f->rule = find_rule(id);
	xasprintf(&f->summary, "summary of %s", id);
	f->first_ts = f->last_ts = ts;
	f->evidence = xcalloc(1, sizeof *f->evidence);
	f->nevidence = 1;
	f->total_evidence = 1;
	f->evidence[0].item = xstrdup("item");
	f->evidence[0].source = xstrdup("ns/pod/current.log");
	f->evidence[0].line = 7;
	f->evidence[0].ts = ts;
	f->evidence[0].text = xstrdup("line");
}

static const struct finding *
get(const struct finding_set *set, const char *id)
{
	size_t i;

	for (i = 0; i < set->nfindings; i++)
		if (strcmp(set->findings[i].rule->id, id) == 0)
			return &set->findings[i];
	return NULL;
}

static void
tree_node(const struct finding *f, char *buf, size_t len)
{
	size_t i;

	strncat(buf, f->rule->id, len - strlen(buf) - 1);
	if (f->nsymptoms == 0)
		return;
	strncat(buf, "[", len - strlen(buf) - 1);
	for (i = 0; i < f->nsymptoms; i++) {
		if (i > 0)
			strncat(buf, ",", len - strlen(buf) - 1);
		tree_node(f->symptoms[i], buf, len);
	}
	strncat(buf, "]", len - strlen(buf) - 1);
}

/* The ranked forest as "a[b[c],d] e": roots in rank order. */
static const char *
tree(const struct finding_set *set)
{
	static char buf[1024];
	size_t i;

	buf[0] = '\0';
	for (i = 0; i < set->nroots; i++) {
		if (i > 0)
			strncat(buf, " ", sizeof buf - strlen(buf) - 1);
		tree_node(set->roots[i], buf, sizeof buf);
	}
	return buf;
}

static int
check_links(const struct finding_set *set)
{
	const struct finding *f;
	size_t i, j;

	for (i = 0; i < set->nroots; i++)
		if (set->roots[i]->cause != NULL ||
		    set->roots[i]->rank != (int)i + 1)
			return 0;
	for (i = 0; i < set->nfindings; i++) {
		f = &set->findings[i];
		if (f->rank_reason == NULL)
			return 0;
		if (f->cause != NULL && f->rank != 0)
			return 0;
		for (j = 0; j < f->nsymptoms; j++)
			if (f->symptoms[j]->cause != f)
				return 0;
		if (i > 0 && strcmp(set->findings[i - 1].rule->id,
		    f->rule->id) > 0)
			return 0;
	}
	return 1;
}

static void
test_empty(void)
{
	struct finding_set set;

	finding_set_init(&set);
	rank_findings(&set, NULL);
	is_int(set.nroots, 0, "no findings: no roots");
	ok(set.roots == NULL, "no findings: roots NULL");
	finding_set_free(&set);
}

static void
test_single(void)
{
	struct finding_set set;

	mk_rule("solo", RULE_SEV_HIGH, NULL);
	finding_set_init(&set);
	add(&set, "solo", INT64_MIN);
	rank_findings(&set, NULL);
	is_str(tree(&set), "solo", "single: one root");
	is_str(set.roots[0]->rank_reason,
	    "high; explains no other finding; no timestamped evidence",
	    "single: reason");
	finding_set_free(&set);
	reset_rules();
}

static void
test_chain(void)
{
	struct finding_set set;

	mk_rule("a", RULE_SEV_CRITICAL, "b", NULL);
	mk_rule("b", RULE_SEV_HIGH, "c", NULL);
	mk_rule("c", RULE_SEV_MEDIUM, NULL);
	finding_set_init(&set);
	add(&set, "c", T0 + 30000000);
	add(&set, "b", T0 + 20000000);
	add(&set, "a", T0);
	rank_findings(&set, NULL);
	is_str(tree(&set), "a[b[c]]", "chain: nested");
	ok(check_links(&set), "chain: links consistent");
	is_int(get(&set, "a")->nexplained, 2, "chain: a explains 2");
	is_int(get(&set, "b")->nexplained, 1, "chain: b explains 1");
	is_str(get(&set, "a")->rank_reason,
	    "critical; explains 2 findings (b, c); earliest evidence "
	    "2026-01-08T10:02:11Z", "chain: root reason");
	is_str(get(&set, "c")->rank_reason, "explained by b",
	    "chain: symptom reason");
	is_int(get(&set, "b")->rank, 0, "chain: symptom rank 0");
	finding_set_free(&set);

	/* Only part of the chain fired: a and c are unrelated roots. */
	finding_set_init(&set);
	add(&set, "c", T0);
	add(&set, "a", T0);
	rank_findings(&set, NULL);
	is_str(tree(&set), "a c", "chain: no transitive edge via unfired b");
	finding_set_free(&set);
	reset_rules();
}

static void
test_diamond(void)
{
	struct finding_set set;

	mk_rule("top", RULE_SEV_CRITICAL, "left", "right", NULL);
	mk_rule("left", RULE_SEV_MEDIUM, "bottom", NULL);
	mk_rule("right", RULE_SEV_HIGH, "bottom", NULL);
	mk_rule("bottom", RULE_SEV_LOW, NULL);
	finding_set_init(&set);
	add(&set, "bottom", T0 + 3);
	add(&set, "left", T0 + 1);
	add(&set, "right", T0 + 2);
	add(&set, "top", T0);
	rank_findings(&set, NULL);
	is_str(tree(&set), "top[right[bottom],left]",
	    "diamond: bottom under the higher-severity parent");
	ok(check_links(&set), "diamond: links consistent");
	is_int(get(&set, "top")->nexplained, 3,
	    "diamond: shared symptom counted once");
	is_str(get(&set, "bottom")->rank_reason,
	    "explained by right (also by left)",
	    "diamond: reason names the other cause");
	is_str(get(&set, "top")->rank_reason,
	    "critical; explains 3 findings (bottom, left, right); earliest "
	    "evidence 2026-01-08T10:02:11Z", "diamond: root reason");
	finding_set_free(&set);
	reset_rules();
}

static void
test_two_causes(void)
{
	struct finding_set set;

	mk_rule("r1", RULE_SEV_CRITICAL, "s", NULL);
	mk_rule("r2", RULE_SEV_HIGH, "s", NULL);
	mk_rule("s", RULE_SEV_MEDIUM, NULL);
	finding_set_init(&set);
	add(&set, "s", T0);
	add(&set, "r2", T0 - 1000000);
	add(&set, "r1", T0);
	rank_findings(&set, NULL);
	is_str(tree(&set), "r1[s] r2", "two causes: under the best-ranked");
	is_str(get(&set, "s")->rank_reason, "explained by r1 (also by r2)",
	    "two causes: reason names both");
	is_int(get(&set, "r2")->nexplained, 1,
	    "two causes: other cause still counts it");
	is_str(get(&set, "r2")->rank_reason,
	    "high; explains 1 finding (s); earliest evidence "
	    "2026-01-08T10:02:10Z", "two causes: other cause reason");
	finding_set_free(&set);
	reset_rules();

	/* Same severity: the one explaining more wins, then time, then id. */
	mk_rule("p", RULE_SEV_HIGH, "s", NULL);
	mk_rule("q", RULE_SEV_HIGH, "s", "t", NULL);
	mk_rule("s", RULE_SEV_MEDIUM, NULL);
	mk_rule("t", RULE_SEV_LOW, NULL);
	finding_set_init(&set);
	add(&set, "p", T0 - 5);
	add(&set, "q", T0);
	add(&set, "s", T0);
	add(&set, "t", T0);
	rank_findings(&set, NULL);
	is_str(tree(&set), "q[s,t] p", "two causes: more explained wins");
	finding_set_free(&set);
	reset_rules();
}

static void
test_cycle2(void)
{
	struct finding_set set;

	/* Severity decides. */
	mk_rule("a", RULE_SEV_HIGH, "b", NULL);
	mk_rule("b", RULE_SEV_CRITICAL, "a", NULL);
	finding_set_init(&set);
	add(&set, "a", T0);
	add(&set, "b", T0 + 1000000);
	rank_findings(&set, NULL);
	is_str(tree(&set), "b[a]", "cycle2: higher severity stays cause");
	is_str(get(&set, "b")->rank_reason,
	    "critical; explains 1 finding (a); earliest evidence "
	    "2026-01-08T10:02:12Z; wins explains cycle with a "
	    "(higher severity)", "cycle2: reason says why");
	finding_set_free(&set);
	reset_rules();

	/* Same severity: earliest evidence decides; unknown time last. */
	mk_rule("a", RULE_SEV_HIGH, "b", NULL);
	mk_rule("b", RULE_SEV_HIGH, "a", NULL);
	finding_set_init(&set);
	add(&set, "a", T0 + 5);
	add(&set, "b", T0);
	rank_findings(&set, NULL);
	is_str(tree(&set), "b[a]", "cycle2: earlier evidence stays cause");
	finding_set_free(&set);
	finding_set_init(&set);
	add(&set, "a", INT64_MIN);
	add(&set, "b", T0);
	rank_findings(&set, NULL);
	is_str(tree(&set), "b[a]", "cycle2: unknown time loses");
	finding_set_free(&set);

	/* Same severity and time: rule id decides. */
	finding_set_init(&set);
	add(&set, "b", T0);
	add(&set, "a", T0);
	rank_findings(&set, NULL);
	is_str(tree(&set), "a[b]", "cycle2: rule id breaks the last tie");
	ok(strstr(get(&set, "a")->rank_reason, "(rule id)") != NULL,
	    "cycle2: reason names the id tie-break");
	finding_set_free(&set);
	reset_rules();
}

static void
test_cycle3(void)
{
	struct finding_set set;

	mk_rule("a", RULE_SEV_HIGH, "b", NULL);
	mk_rule("b", RULE_SEV_HIGH, "c", NULL);
	mk_rule("c", RULE_SEV_HIGH, "a", NULL);
	finding_set_init(&set);
	add(&set, "a", T0 + 2);
	add(&set, "b", T0);
	add(&set, "c", T0 + 1);
	rank_findings(&set, NULL);
	is_str(tree(&set), "b[c[a]]", "cycle3: winner keeps the chain");
	ok(check_links(&set), "cycle3: links consistent");
	is_int(get(&set, "b")->nexplained, 2, "cycle3: winner explains 2");
	ok(strstr(get(&set, "b")->rank_reason,
	    "wins explains cycle with a, c (earlier evidence)") != NULL,
	    "cycle3: reason names the cycle");
	finding_set_free(&set);
	reset_rules();

	/* Everything explains everything: still one root, no loop. */
	mk_rule("w", RULE_SEV_MEDIUM, "x", "y", "z", NULL);
	mk_rule("x", RULE_SEV_MEDIUM, "w", "y", "z", NULL);
	mk_rule("y", RULE_SEV_CRITICAL, "w", "x", "z", NULL);
	mk_rule("z", RULE_SEV_MEDIUM, "w", "x", "y", NULL);
	finding_set_init(&set);
	add(&set, "w", T0);
	add(&set, "x", T0);
	add(&set, "y", T0);
	add(&set, "z", T0);
	rank_findings(&set, NULL);
	is_int(set.nroots, 1, "complete graph: one root");
	is_str(set.roots[0]->rule->id, "y", "complete graph: critical wins");
	is_int(set.roots[0]->nexplained, 3, "complete graph: explains all");
	ok(check_links(&set), "complete graph: links consistent");
	finding_set_free(&set);
	reset_rules();
}

static void
test_ties(void)
{
	struct finding_set set;

	mk_rule("w", RULE_SEV_HIGH, NULL);
	mk_rule("x", RULE_SEV_HIGH, NULL);
	mk_rule("y", RULE_SEV_HIGH, NULL);
	mk_rule("z", RULE_SEV_HIGH, NULL);
	mk_rule("crit", RULE_SEV_CRITICAL, NULL);
	mk_rule("m", RULE_SEV_MEDIUM, "m2", NULL);
	mk_rule("m2", RULE_SEV_INFO, NULL);
	mk_rule("m3", RULE_SEV_MEDIUM, NULL);
	finding_set_init(&set);
	add(&set, "x", T0 + 300);
	add(&set, "z", INT64_MIN);
	add(&set, "y", T0 + 100);
	add(&set, "w", T0 + 100);
	add(&set, "m3", T0 - 1000);
	add(&set, "m2", T0);
	add(&set, "m", T0 + 1000);
	add(&set, "crit", INT64_MIN);
	rank_findings(&set, NULL);
	is_str(tree(&set), "crit w y x z m[m2] m3",
	    "ties: severity, explained, time (unknown last), id");
	is_int(get(&set, "x")->rank, 4, "ties: rank numbers");
	finding_set_free(&set);
	reset_rules();
}

static void
test_order_independent(void)
{
	static const char *ids[] = { "a", "b", "c", "d", "e", "f" };
	static const int64_t ts[] = { T0, T0 + 1, T0, INT64_MIN, T0, T0 + 9 };
	struct finding_set set;
	char first[1024], reason[256];
	size_t p, i, k;
	int same = 1;

	mk_rule("a", RULE_SEV_HIGH, "b", "c", NULL);
	mk_rule("b", RULE_SEV_HIGH, "a", "d", NULL);
	mk_rule("c", RULE_SEV_MEDIUM, "d", "nope", "c", "d", NULL);
	mk_rule("d", RULE_SEV_LOW, NULL);
	mk_rule("e", RULE_SEV_HIGH, "d", NULL);
	mk_rule("f", RULE_SEV_INFO, NULL);
	first[0] = reason[0] = '\0';
	/* Rotations and reversals of the insertion order. */
	for (p = 0; p < 12; p++) {
		finding_set_init(&set);
		for (i = 0; i < 6; i++) {
			k = (i + p) % 6;
			if (p >= 6)
				k = 5 - k;
			add(&set, ids[k], ts[k]);
		}
		rank_findings(&set, NULL);
		if (p == 0) {
			snprintf(first, sizeof first, "%s", tree(&set));
			snprintf(reason, sizeof reason, "%s",
			    get(&set, "d")->rank_reason);
		} else if (strcmp(first, tree(&set)) != 0 ||
		    strcmp(reason, get(&set, "d")->rank_reason) != 0)
			same = 0;
		finding_set_free(&set);
	}
	ok(same, "insertion order does not change the tree");
	is_str(first, "a[b,c] e[d] f",
	    "self-edges, duplicate and unknown explains ignored");
	is_str(reason, "explained by e (also by b, c)",
	    "other causes listed in rank order");
	reset_rules();
}

static void
test_rerank(void)
{
	struct finding_set set;
	char before[1024];

	mk_rule("a", RULE_SEV_HIGH, "b", NULL);
	mk_rule("b", RULE_SEV_LOW, NULL);
	mk_rule("c", RULE_SEV_CRITICAL, "a", NULL);
	finding_set_init(&set);
	add(&set, "a", T0);
	add(&set, "b", T0);
	rank_findings(&set, NULL);
	snprintf(before, sizeof before, "%s", tree(&set));
	rank_findings(&set, NULL);
	is_str(tree(&set), before, "ranking twice gives the same tree");
	add(&set, "c", T0);
	is_int(set.nroots, 0, "adding a finding drops the ranking");
	ok(set.findings[0].rank_reason == NULL, "... and the reasons");
	rank_findings(&set, NULL);
	is_str(tree(&set), "c[a[b]]", "re-ranked with the new finding");
	finding_set_free(&set);
	reset_rules();
}

/* A long chain and one big cycle: no recursion limit, nothing lost. */
static void
test_long_chain(void)
{
	enum { N = 3000 };
	struct finding_set set;
	struct rule *r;
	const struct finding *f;
	char **ids, *expl[N];
	size_t i, depth;

	r = xcalloc(N, sizeof *r);
	ids = xcalloc(N, sizeof *ids);
	for (i = 0; i < N; i++)
		xasprintf(&ids[i], "r%05zu", i);
	finding_set_init(&set);
	for (i = 0; i < N; i++) {
		r[i].id = ids[i];
		r[i].severity = RULE_SEV_MEDIUM;
		/* Each explains the next; the last closes the cycle. */
		expl[i] = ids[(i + 1) % N];
		r[i].explains = &expl[i];
		r[i].nexplains = 1;
		finding_set_add(&set)->rule = &r[i];
		set.findings[i].first_ts = T0 + (int64_t)i;
	}
	rank_findings(&set, NULL);
	is_int(set.nroots, 1, "long cycle: one root");
	is_str(set.roots[0]->rule->id, "r00000", "long cycle: earliest wins");
	is_int(set.roots[0]->nexplained, N - 1, "long cycle: explains all");
	for (f = set.roots[0], depth = 0; f->nsymptoms == 1; depth++)
		f = f->symptoms[0];
	is_int(depth, N - 1, "long cycle: one chain, nothing lost");
	ok(strstr(set.roots[0]->rank_reason, "r00001, r00002, r00003, "
	    "...") != NULL, "long cycle: reason lists a few ids");
	finding_set_free(&set);
	for (i = 0; i < N; i++)
		free(ids[i]);
	free(ids);
	free(r);
}

/* ---- knowledge edges and states ------------------------------------------ */

/* A finding of rule id about component, first seen at ts, in state st. */
static void
add_c(struct finding_set *set, const char *id, int64_t ts,
    const char *component, enum finding_state st)
{
	struct finding *f;

	add(set, id, ts);
	f = &set->findings[set->nfindings - 1];
	f->component = component != NULL ? xstrdup(component) : NULL;
	f->state = st;
	if (st != FINDING_CURRENT)
		f->state_reason = xstrdup("test");
}

/* A knowledge base from YAML text; no diagnostics expected. */
static void
mk_kb(struct ruleset *rs, const char *text)
{
	ruleset_init(rs);
	ruleset_load_knowledge(rs, "k.yaml", text, strlen(text));
	if (rs->ndiags != 0)
		printf("# knowledge: %s\n", rs->diags[0].message);
}

static void
test_specific_over_generic(void)
{
	struct finding_set set;
	struct rule *g;

	g = (struct rule *)mk_rule("gen", RULE_SEV_CRITICAL, NULL);
	g->generic = 1;
	mk_rule("spec", RULE_SEV_MEDIUM, NULL);
	finding_set_init(&set);
	add_c(&set, "gen", T0 - 1000000, "operator/etcd", FINDING_CURRENT);
	add_c(&set, "spec", T0, "operator/etcd", FINDING_CURRENT);
	rank_findings(&set, NULL);
	is_str(tree(&set), "spec[gen]",
	    "generic: the specific finding about the same component explains it");
	is_str(get(&set, "gen")->rank_reason, "explained by spec "
	    "(operator/etcd): a specific finding about the same component",
	    "generic: reason names the finding and its component");
	finding_set_free(&set);

	/* Another component: no edge, even with no knowledge base. */
	finding_set_init(&set);
	add_c(&set, "gen", T0, "operator/etcd", FINDING_CURRENT);
	add_c(&set, "spec", T0, "operator/dns", FINDING_CURRENT);
	rank_findings(&set, NULL);
	is_str(tree(&set), "gen spec", "generic: other component, no edge");
	finding_set_free(&set);

	/* Two generic findings about one component: neither explains. */
	((struct rule *)find_rule("spec"))->generic = 1;
	finding_set_init(&set);
	add_c(&set, "gen", T0, "operator/etcd", FINDING_CURRENT);
	add_c(&set, "spec", T0, "operator/etcd", FINDING_CURRENT);
	rank_findings(&set, NULL);
	is_str(tree(&set), "gen spec", "generic: two generic, no edge");
	finding_set_free(&set);
	reset_rules();
}

static void
test_marker(void)
{
	struct finding_set set;
	struct ruleset rs;

	mk_kb(&rs, "markers:\n"
	    "  - pattern: 'node (?<node>[a-z0-9-]+) is NotReady'\n"
	    "    on: node/{node}\n"
	    "    why: the message names the node\n"
	    "    source: kubelet docs\n");
	mk_rule("co", RULE_SEV_CRITICAL, NULL);
	mk_rule("nd", RULE_SEV_LOW, NULL);
	mk_rule("other", RULE_SEV_LOW, NULL);
	/* Markers explain generic findings only. */
	((struct rule *)find_rule("co"))->generic = 1;
	finding_set_init(&set);
	add_c(&set, "co", T0 - 5000000, "operator/network", FINDING_CURRENT);
	free(set.findings[0].evidence[0].text);
	set.findings[0].evidence[0].text =
	    xstrdup("DaemonSet is not ready: node worker-1 is NotReady");
	add_c(&set, "nd", T0, "node/worker-1", FINDING_CURRENT);
	add_c(&set, "other", T0, "node/worker-2", FINDING_CURRENT);
	rank_findings(&set, rs.kb);
	is_str(tree(&set), "nd[co] other",
	    "marker: the node the message names explains it, not another");
	is_str(get(&set, "co")->rank_reason, "explained by nd (node/worker-1): "
	    "the message names the node (source: kubelet docs)",
	    "marker: reason with why and source");
	finding_set_free(&set);

	/* A specific finding is explained by the rules that name it, never
	 * by a marker. */
	((struct rule *)find_rule("co"))->generic = 0;
	finding_set_init(&set);
	add_c(&set, "co", T0 - 5000000, "operator/network", FINDING_CURRENT);
	free(set.findings[0].evidence[0].text);
	set.findings[0].evidence[0].text =
	    xstrdup("DaemonSet is not ready: node worker-1 is NotReady");
	add_c(&set, "nd", T0, "node/worker-1", FINDING_CURRENT);
	rank_findings(&set, rs.kb);
	is_str(tree(&set), "co nd", "marker: a specific finding, no edge");
	finding_set_free(&set);
	((struct rule *)find_rule("co"))->generic = 1;

	/* Without the text the marker looks for: no edge. */
	finding_set_init(&set);
	add_c(&set, "co", T0 - 5000000, "operator/network", FINDING_CURRENT);
	add_c(&set, "nd", T0, "node/worker-1", FINDING_CURRENT);
	rank_findings(&set, rs.kb);
	is_str(tree(&set), "co nd", "marker: no match, no edge");
	finding_set_free(&set);
	ruleset_free(&rs);
	reset_rules();
}

/* A rule's explains wins: the knowledge base draws no edge into a
 * finding some rule names. */
static void
test_explains_wins(void)
{
	struct finding_set set;
	struct ruleset rs;

	mk_kb(&rs, "depends:\n"
	    "  - component: 'pod/**'\n"
	    "    on: [operator/network]\n"
	    "    why: pods need the network\n"
	    "    source: docs\n");
	mk_rule("net", RULE_SEV_CRITICAL, NULL);
	mk_rule("svc", RULE_SEV_HIGH, "crash", NULL);
	mk_rule("crash", RULE_SEV_MEDIUM, NULL);
	((struct rule *)find_rule("crash"))->generic = 1;
	finding_set_init(&set);
	add_c(&set, "net", T0 - 60000000, "operator/network", FINDING_CURRENT);
	add_c(&set, "svc", T0, NULL, FINDING_CURRENT);
	add_c(&set, "crash", T0, "pod/ns/op", FINDING_CURRENT);
	rank_findings(&set, rs.kb);
	is_str(tree(&set), "net svc[crash]",
	    "explains wins: the crash sits under the rule naming it, not the "
	    "network dependency");
	is_str(get(&set, "crash")->rank_reason, "explained by svc",
	    "explains wins: the reason names only that rule");
	finding_set_free(&set);

	/* Without that rule, the dependency explains it. */
	finding_set_init(&set);
	add_c(&set, "net", T0 - 60000000, "operator/network", FINDING_CURRENT);
	add_c(&set, "crash", T0, "pod/ns/op", FINDING_CURRENT);
	rank_findings(&set, rs.kb);
	is_str(tree(&set), "net[crash]",
	    "explains wins: without it the dependency holds");
	finding_set_free(&set);
	ruleset_free(&rs);
	reset_rules();
}

static void
test_depends(void)
{
	struct finding_set set;
	struct ruleset rs;

	mk_kb(&rs, "depends:\n"
	    "  - component: operator/kube-apiserver\n"
	    "    on: [operator/etcd]\n"
	    "    why: the API server keeps its state in etcd\n"
	    "    source: docs\n"
	    "  - component: clusterversion/*\n"
	    "    on: ['operator/**']\n"
	    "    summary: true\n"
	    "    why: ClusterVersion sums up the operators\n"
	    "    source: cvo\n");
	mk_rule("api", RULE_SEV_CRITICAL, NULL);
	mk_rule("etcd", RULE_SEV_LOW, NULL);
	mk_rule("cv", RULE_SEV_CRITICAL, NULL);
	/* Dependencies explain generic findings only. */
	((struct rule *)find_rule("api"))->generic = 1;
	((struct rule *)find_rule("cv"))->generic = 1;

	finding_set_init(&set);
	add_c(&set, "api", T0, "operator/kube-apiserver", FINDING_CURRENT);
	add_c(&set, "etcd", T0 - 60000000, "operator/etcd", FINDING_CURRENT);
	rank_findings(&set, rs.kb);
	is_str(tree(&set), "etcd[api]",
	    "depends: a dependency that began earlier explains it");
	is_str(get(&set, "api")->rank_reason, "explained by etcd "
	    "(operator/etcd): the API server keeps its state in etcd "
	    "(source: docs)", "depends: reason");
	finding_set_free(&set);

	finding_set_init(&set);
	add_c(&set, "api", T0, "operator/kube-apiserver", FINDING_CURRENT);
	add_c(&set, "etcd", T0, "operator/etcd", FINDING_CURRENT);
	rank_findings(&set, rs.kb);
	is_str(tree(&set), "etcd[api]", "depends: at the same time explains");
	finding_set_free(&set);

	finding_set_init(&set);
	add_c(&set, "api", T0, "operator/kube-apiserver", FINDING_CURRENT);
	add_c(&set, "etcd", T0 + 60000000, "operator/etcd", FINDING_CURRENT);
	rank_findings(&set, rs.kb);
	is_str(tree(&set), "api etcd",
	    "depends: a dependency that began later does not explain");
	finding_set_free(&set);

	finding_set_init(&set);
	add_c(&set, "api", T0, "operator/kube-apiserver", FINDING_CURRENT);
	add_c(&set, "etcd", INT64_MIN, "operator/etcd", FINDING_CURRENT);
	rank_findings(&set, rs.kb);
	is_str(tree(&set), "etcd[api]",
	    "depends: an unknown time does not rule it out");
	finding_set_free(&set);

	/* The reverse direction is not a dependency. */
	finding_set_init(&set);
	add_c(&set, "api", T0 - 60000000, "operator/kube-apiserver",
	    FINDING_CURRENT);
	add_c(&set, "etcd", T0, "operator/etcd", FINDING_CURRENT);
	rank_findings(&set, rs.kb);
	is_str(tree(&set), "api etcd", "depends: one way only");
	finding_set_free(&set);

	/* summary: true ignores the time. */
	finding_set_init(&set);
	add_c(&set, "cv", T0, "clusterversion/version", FINDING_CURRENT);
	add_c(&set, "etcd", T0 + 3600000000, "operator/etcd",
	    FINDING_CURRENT);
	rank_findings(&set, rs.kb);
	is_str(tree(&set), "etcd[cv]",
	    "depends summary: a later operator explains the summary");
	is_str(get(&set, "cv")->rank_reason, "explained by etcd "
	    "(operator/etcd): ClusterVersion sums up the operators (source: "
	    "cvo)", "depends summary: reason");
	finding_set_free(&set);
	ruleset_free(&rs);
	reset_rules();
}

static void
test_states(void)
{
	struct finding_set set;
	struct ruleset rs;

	mk_kb(&rs, "depends:\n"
	    "  - {component: operator/b, on: [operator/*], why: w, "
	    "source: s}\n"
	    "benign:\n"
	    "  - rule: 'noi*'\n"
	    "    component: 'node/**'\n"
	    "    pattern: 'known noise'\n"
	    "    reason: it always says that\n"
	    "    source: bug 42\n");
	mk_rule("a", RULE_SEV_CRITICAL, "b", NULL);
	mk_rule("b", RULE_SEV_HIGH, NULL);
	mk_rule("c", RULE_SEV_LOW, NULL);
	mk_rule("d", RULE_SEV_LOW, NULL);
	mk_rule("noise", RULE_SEV_CRITICAL, NULL);
	finding_set_init(&set);
	add_c(&set, "a", T0 - 1000, "operator/a", FINDING_HISTORY);
	add_c(&set, "b", T0, "operator/b", FINDING_CURRENT);
	add_c(&set, "c", T0 - 7200000000, NULL, FINDING_HISTORY);
	add_c(&set, "d", T0 - 60000000, NULL, FINDING_HISTORY);
	add_c(&set, "noise", T0, "node/m-0", FINDING_CURRENT);
	free(set.findings[4].summary);
	set.findings[4].summary = xstrdup("this is known noise");
	rank_findings(&set, rs.kb);
	is_str(tree(&set), "b",
	    "states: only current findings are ranked; history explains none");
	is_int(get(&set, "b")->rank, 1, "states: the current one is first");
	ok(get(&set, "a")->rank == 0 && get(&set, "a")->cause == NULL &&
	    get(&set, "a")->nsymptoms == 0 && get(&set, "a")->nexplained == 0,
	    "states: a history finding has no rank and no edges");
	is_int(get(&set, "noise")->state, FINDING_SUPPRESSED,
	    "states: a benign entry suppresses a current finding");
	is_str(get(&set, "noise")->state_reason, "it always says that "
	    "(source: bug 42)", "states: the suppression reason and source");
	is_int(get(&set, "noise")->rank, 0, "states: suppressed is not ranked");
	is_int(set.nhistory, 3, "states: three in history");
	ok(set.nhistory == 3 && strcmp(set.history[0]->rule->id, "a") == 0 &&
	    strcmp(set.history[1]->rule->id, "d") == 0 &&
	    strcmp(set.history[2]->rule->id, "c") == 0,
	    "states: history newest last_ts first");
	is_int(set.nsuppressed, 1, "states: one suppressed");
	ok(set.nsuppressed == 1 && set.suppressed[0] == get(&set, "noise"),
	    "states: the suppressed list holds it");
	finding_set_free(&set);

	/* The benign pattern must match; the component glob must match. */
	finding_set_init(&set);
	add_c(&set, "noise", T0, "node/m-0", FINDING_CURRENT);
	add_c(&set, "noise", T0, "operator/x", FINDING_CURRENT);
	free(set.findings[1].summary);
	set.findings[1].summary = xstrdup("this is known noise");
	rank_findings(&set, rs.kb);
	is_int(set.nsuppressed, 0,
	    "states: benign needs its pattern and component to match");
	is_int(set.nroots, 2, "states: both unsuppressed are ranked");
	finding_set_free(&set);
	ruleset_free(&rs);
	reset_rules();
}

int
main(void)
{
	test_empty();
	test_single();
	test_chain();
	test_diamond();
	test_two_causes();
	test_cycle2();
	test_cycle3();
	test_ties();
	test_order_independent();
	test_rerank();
	test_long_chain();
	test_specific_over_generic();
	test_explains_wins();
	test_marker();
	test_depends();
	test_states();
	return done_testing();
}
