/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Loading knowledge files (DIR/knowledge/ files, mgtriage-rules(5)
 * "KNOWLEDGE") with the rule loader's YAML reader and diagnostics: a
 * mapping of up to three lists, `depends`, `markers` and `benign`.  A bad
 * entry is a diagnostic naming file, line and column, and is left out;
 * the rest still load.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "knowledge.h"
#include "regex.h"
#include "rule-private.h"
#include "rule.h"
#include "xmalloc.h"

static const struct rule_field knowledge_top[] = {
	{ "depends", 0 }, { "markers", 0 }, { "benign", 0 }
};
static const struct rule_field knowledge_dep_fields[] = {
	{ "component", 1 }, { "on", 1 }, { "summary", 0 }, { "why", 1 },
	{ "source", 1 }
};
enum { KD_COMPONENT, KD_ON, KD_SUMMARY, KD_WHY, KD_SOURCE, KD_COUNT };
static const struct rule_field knowledge_marker_fields[] = {
	{ "pattern", 1 }, { "on", 1 }, { "why", 1 }, { "source", 1 }
};
enum { KM_PATTERN, KM_ON, KM_WHY, KM_SOURCE, KM_COUNT };
static const struct rule_field knowledge_benign_fields[] = {
	{ "rule", 1 }, { "component", 0 }, { "pattern", 0 }, { "reason", 1 },
	{ "source", 1 }
};
enum { KB_RULE, KB_COMPONENT, KB_PATTERN, KB_REASON, KB_SOURCE, KB_COUNT };

/* Required fields present, and the entry a mapping. */
static int
knowledge_entry(struct rule_loader *l, const struct rule_ynode *n,
    const char *list, const struct rule_field *fields, size_t nfields,
    const struct rule_ynode **vals)
{
	const struct rule_ynode *keys[8];
	size_t errors = l->errors, i;
	char prefix[48];

	if (n->type != RULE_YNODE_MAP) {
		rule_load_error(l, n, "'%s' entry must be a mapping, not %s",
		    list, rule_load_type_name(n));
		return 0;
	}
	snprintf(prefix, sizeof prefix, "'%s' entry: ", list);
	rule_load_map(l, n, prefix, "field", fields, nfields, vals, keys);
	for (i = 0; i < nfields; i++)
		if (fields[i].required && vals[i] == NULL)
			rule_load_error(l, n, "%smissing required field '%s'",
			    prefix, fields[i].name);
	return l->errors == errors;
}

static pcre2_code *
knowledge_pattern(struct rule_loader *l, const struct rule_ynode *n,
    const char *pattern)
{
	pcre2_code *re;
	char msg[256];
	size_t erroff = 0;
	int line, col;

	if (strlen(pattern) > RULE_MAX_PATTERN) {
		rule_load_error(l, n, "'pattern' is longer than %d bytes",
		    RULE_MAX_PATTERN);
		return NULL;
	}
	/* Matched against a few KiB per finding: the interpreter will do. */
	re = regex_build(pattern, strlen(pattern), REGEX_NO_JIT, 0, 0, NULL,
	    msg, sizeof msg, &erroff);
	if (re == NULL) {
		rule_load_value_pos(l, n, erroff, &line, &col);
		rule_load_error_at(l, line, col, "invalid pattern: %s (at "
		    "pattern offset %zu)", msg, erroff);
	}
	return re;
}

static int
knowledge_is_component(struct rule_loader *l, const struct rule_ynode *n,
    const char *what, const char *s)
{
	char q[RULE_LOAD_QUOTE_MAX * 4 + 8];

	if (strchr(s, '/') != NULL)
		return 1;
	rule_load_error(l, n, "%s is '%s'; a component is KIND/NAME, such as "
	    "operator/etcd or node/*", what, rule_load_quote(s, strlen(s), q,
	    sizeof q));
	return 0;
}

static void
knowledge_dep(struct rule_loader *l, struct knowledge *kb,
    const struct rule_ynode *n)
{
	const struct rule_ynode *v[KD_COUNT];
	struct knowledge_dep d;
	char *s;
	size_t i;
	int ok;

	if (!knowledge_entry(l, n, "depends", knowledge_dep_fields, KD_COUNT,
	    v))
		return;
	memset(&d, 0, sizeof d);
	ok = rule_load_strings(l, v[KD_COMPONENT], "'component'",
	    &d.component, &d.ncomponent, NULL);
	for (i = 0; ok && i < d.ncomponent; i++)
		ok = knowledge_is_component(l, v[KD_COMPONENT],
		    "'component' entry", d.component[i]);
	if (!rule_load_strings(l, v[KD_ON], "'on'", &d.on, &d.non, NULL))
		ok = 0;
	for (i = 0; ok && i < d.non; i++)
		ok = knowledge_is_component(l, v[KD_ON], "'on' entry",
		    d.on[i]);
	if (v[KD_SUMMARY] != NULL && (s = rule_load_string(l, v[KD_SUMMARY],
	    "'summary'")) != NULL) {
		if (strcmp(s, "true") == 0)
			d.summary = 1;
		else if (strcmp(s, "false") != 0) {
			rule_load_error(l, v[KD_SUMMARY], "'summary' must be "
			    "true or false");
			ok = 0;
		}
		free(s);
	}
	d.why = rule_load_string(l, v[KD_WHY], "'why'");
	d.source = rule_load_string(l, v[KD_SOURCE], "'source'");
	if (ok && d.why != NULL && d.source != NULL) {
		kb->deps = xreallocarray(kb->deps, kb->ndeps + 1,
		    sizeof *kb->deps);
		kb->deps[kb->ndeps++] = d;
		return;
	}
	for (i = 0; i < d.ncomponent; i++)
		free(d.component[i]);
	free(d.component);
	for (i = 0; i < d.non; i++)
		free(d.on[i]);
	free(d.on);
	free(d.why);
	free(d.source);
}

static void
knowledge_marker(struct rule_loader *l, struct knowledge *kb,
    const struct rule_ynode *n)
{
	const struct rule_ynode *v[KM_COUNT];
	struct knowledge_marker m;

	if (!knowledge_entry(l, n, "markers", knowledge_marker_fields,
	    KM_COUNT, v))
		return;
	memset(&m, 0, sizeof m);
	if ((m.pattern = rule_load_string(l, v[KM_PATTERN], "'pattern'")) !=
	    NULL) {
		rule_load_chomp(m.pattern);
		m.re = knowledge_pattern(l, v[KM_PATTERN], m.pattern);
	}
	if ((m.on = rule_load_string(l, v[KM_ON], "'on'")) != NULL &&
	    !knowledge_is_component(l, v[KM_ON], "'on'", m.on)) {
		free(m.on);
		m.on = NULL;
	}
	m.why = rule_load_string(l, v[KM_WHY], "'why'");
	m.source = rule_load_string(l, v[KM_SOURCE], "'source'");
	if (m.re != NULL && m.on != NULL && m.why != NULL &&
	    m.source != NULL) {
		kb->markers = xreallocarray(kb->markers, kb->nmarkers + 1,
		    sizeof *kb->markers);
		kb->markers[kb->nmarkers++] = m;
		return;
	}
	free(m.pattern);
	pcre2_code_free(m.re);
	free(m.on);
	free(m.why);
	free(m.source);
}

static void
knowledge_benign(struct rule_loader *l, struct knowledge *kb,
    const struct rule_ynode *n)
{
	const struct rule_ynode *v[KB_COUNT];
	struct knowledge_benign b;
	int ok = 1;

	if (!knowledge_entry(l, n, "benign", knowledge_benign_fields,
	    KB_COUNT, v))
		return;
	memset(&b, 0, sizeof b);
	b.rule = rule_load_string(l, v[KB_RULE], "'rule'");
	if (v[KB_COMPONENT] != NULL && ((b.component = rule_load_string(l,
	    v[KB_COMPONENT], "'component'")) == NULL ||
	    !knowledge_is_component(l, v[KB_COMPONENT], "'component'",
	    b.component)))
		ok = 0;
	if (v[KB_PATTERN] != NULL) {
		if ((b.pattern = rule_load_string(l, v[KB_PATTERN],
		    "'pattern'")) != NULL) {
			rule_load_chomp(b.pattern);
			b.re = knowledge_pattern(l, v[KB_PATTERN], b.pattern);
		}
		if (b.re == NULL)
			ok = 0;
	}
	b.reason = rule_load_string(l, v[KB_REASON], "'reason'");
	b.source = rule_load_string(l, v[KB_SOURCE], "'source'");
	if (ok && b.rule != NULL && b.reason != NULL && b.source != NULL) {
		rule_load_chomp(b.reason);
		kb->benign = xreallocarray(kb->benign, kb->nbenign + 1,
		    sizeof *kb->benign);
		kb->benign[kb->nbenign++] = b;
		return;
	}
	free(b.rule);
	free(b.component);
	free(b.pattern);
	pcre2_code_free(b.re);
	free(b.reason);
	free(b.source);
}

void
knowledge_load(struct rule_loader *l)
{
	static const char *const lists[] = { "depends", "markers", "benign" };
	const struct rule_ynode *vals[3], *keys[3], *seq;
	struct knowledge *kb;
	size_t i, j, have;

	if (l->root == NULL)
		return;
	if (l->root->type != RULE_YNODE_MAP) {
		rule_load_error(l, l->root, "a knowledge file must be a YAML "
		    "mapping, not %s", rule_load_type_name(l->root));
		return;
	}
	if (l->rs->kb == NULL)
		l->rs->kb = xcalloc(1, sizeof *l->rs->kb);
	kb = l->rs->kb;
	rule_load_map(l, l->root, "", "field", knowledge_top, 3, vals, keys);
	for (i = 0; i < 3; i++) {
		if ((seq = vals[i]) == NULL)
			continue;
		if (seq->type != RULE_YNODE_SEQ) {
			rule_load_error(l, seq, "'%s' must be a list, not %s",
			    lists[i], rule_load_type_name(seq));
			continue;
		}
		for (j = 0; j < seq->nkids; j++) {
			have = i == 0 ? kb->ndeps : i == 1 ? kb->nmarkers :
			    kb->nbenign;
			if (have >= KNOWLEDGE_MAX_ENTRIES) {
				rule_load_error(l, seq->kids[j], "more than "
				    "%d '%s' entries", KNOWLEDGE_MAX_ENTRIES,
				    lists[i]);
				break;
			}
			if (i == 0)
				knowledge_dep(l, kb, seq->kids[j]);
			else if (i == 1)
				knowledge_marker(l, kb, seq->kids[j]);
			else
				knowledge_benign(l, kb, seq->kids[j]);
		}
	}
}

void
ruleset_load_knowledge(struct ruleset *rs, const char *name,
    const char *buf, size_t len)
{
	rule_load_document(rs, name, buf, len, "knowledge", knowledge_load);
}
