/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Building the report model from a struct report: the cause/symptom tree
 * with numbers, depths and counts, evidence in its display forms, the
 * rules as checks, the completeness section (counts, sentences, groups
 * with their examples) and the stats sentence.  Everything a writer
 * shows that is not a string from the input is decided here, once.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report-model.h"
#include "xmalloc.h"

#define PLURAL(n)	((n) == 1 ? "" : "s")

/* Fill c from f: everything but the links between findings. */
static void
model_cause(struct report_cause *c, const struct finding *f)
{
	const struct rule *rule = f->rule;
	size_t i;

	c->rank = f->rank;
	c->id = rule != NULL ? rule->id : NULL;
	c->name = c->id != NULL ? c->id : "?";
	if (f->component != NULL) {
		xasprintf(&c->name_buf, "%s (%s)", c->name, f->component);
		c->name = c->name_buf;
	}
	c->title = rule != NULL ? rule->title : NULL;
	c->category = rule != NULL ? rule->category : NULL;
	c->severity = rule != NULL ? rule->severity : RULE_SEV_INFO;
	c->severity_name = report_finding_severity(f);
	c->summary = f->summary;
	c->label = f->summary != NULL ? f->summary : c->title != NULL ?
	    c->title : "";
	c->rank_reason = f->rank_reason;
	c->component = f->component;
	c->state = f->state;
	c->state_name = finding_state_name(f->state);
	c->state_reason = f->state_reason;
	c->first_ts = f->first_ts;
	c->nevidence = f->nevidence;
	c->total_evidence = f->total_evidence > (long)f->nevidence ?
	    f->total_evidence : (long)f->nevidence;
	if (f->nevidence > 0)
		c->evidence = xcalloc(f->nevidence, sizeof *c->evidence);
	for (i = 0; i < f->nevidence; i++)
		report_evidence_split(&f->evidence[i], &c->evidence[i]);
	if (rule == NULL)
		return;
	c->remedy = rule->remedy;
	if (rule->remedy != NULL)
		c->nremedy_lines = report_split_lines(rule->remedy,
		    &c->remedy_lines);
	c->references = rule->references;
	c->nreferences = rule->nreferences;
}

static struct report_cause *
model_node(struct report_model *m, const struct finding_set *fs,
    const struct finding *f)
{
	return &m->findings[f - fs->findings];
}

/*
 * Depth, number, symptom count and the depth cut, from c down.  Only the
 * levels shown get a number (NULL below).
 */
static size_t
model_tree(struct report_cause *c, int depth, const char *number)
{
	char *sub = NULL;
	size_t i;

	c->depth = depth;
	if (number != NULL)
		c->number = xstrdup(number);
	for (i = 0; i < c->nsymptoms; i++) {
		if (number != NULL && depth < REPORT_MAX_DEPTH)
			xasprintf(&sub, "%s.%zu", number, i + 1);
		c->nbelow += 1 + model_tree(c->symptoms[i], depth + 1, sub);
		free(sub);
		sub = NULL;
	}
	if (c->nsymptoms > 0 && depth == REPORT_MAX_DEPTH)
		xasprintf(&c->more, "(%zu more symptoms below)", c->nbelow);
	return c->nbelow;
}

static void
model_findings(struct report_model *m, const struct finding_set *fs)
{
	const struct finding *f;
	struct report_cause *c;
	char num[32], *plain;
	size_t i, k;

	if (fs == NULL || fs->nfindings == 0)
		return;
	m->nfindings = fs->nfindings;
	m->findings = xcalloc(fs->nfindings, sizeof *m->findings);
	for (i = 0; i < fs->nfindings; i++)
		model_cause(&m->findings[i], &fs->findings[i]);
	for (i = 0; i < fs->nfindings; i++) {
		f = &fs->findings[i];
		c = &m->findings[i];
		if (f->cause != NULL)
			c->cause = model_node(m, fs, f->cause);
		c->nsymptoms = f->nsymptoms;
		if (f->nsymptoms > 0)
			c->symptoms = xcalloc(f->nsymptoms,
			    sizeof *c->symptoms);
		for (k = 0; k < f->nsymptoms; k++)
			c->symptoms[k] = model_node(m, fs, f->symptoms[k]);
		if (c->cause != NULL && c->rank_reason != NULL) {
			xasprintf(&plain, "explained by %s", c->cause->name);
			c->reason_is_tree = strcmp(c->rank_reason, plain) == 0;
			free(plain);
		}
	}
	m->ncauses = fs->nroots;
	if (fs->nroots > 0)
		m->causes = xcalloc(fs->nroots, sizeof *m->causes);
	for (i = 0; i < fs->nroots; i++) {
		m->causes[i] = model_node(m, fs, fs->roots[i]);
		snprintf(num, sizeof num, "%d", m->causes[i]->rank);
		model_tree(m->causes[i], 0, num);
	}
	m->nhistory = fs->nhistory;
	if (fs->nhistory > 0)
		m->history = xcalloc(fs->nhistory, sizeof *m->history);
	for (i = 0; i < fs->nhistory; i++)
		m->history[i] = model_node(m, fs, fs->history[i]);
	m->nsuppressed = fs->nsuppressed;
	if (fs->nsuppressed > 0)
		m->suppressed = xcalloc(fs->nsuppressed,
		    sizeof *m->suppressed);
	for (i = 0; i < fs->nsuppressed; i++)
		m->suppressed[i] = model_node(m, fs, fs->suppressed[i]);
	m->ncurrent = fs->nfindings - fs->nhistory - fs->nsuppressed;
}

static void
model_findings_sentence(struct report_model *m)
{
	char *tmp;

	if (m->nfindings == 0) {
		m->findings_sentence = xstrdup("none");
		return;
	}
	xasprintf(&m->findings_sentence, "%zu (%zu root cause%s", m->nfindings,
	    m->ncauses, PLURAL(m->ncauses));
	if (m->nhistory > 0) {
		xasprintf(&tmp, "%s, %zu resolved before the gather",
		    m->findings_sentence, m->nhistory);
		free(m->findings_sentence);
		m->findings_sentence = tmp;
	}
	if (m->nsuppressed > 0) {
		xasprintf(&tmp, "%s, %zu suppressed", m->findings_sentence,
		    m->nsuppressed);
		free(m->findings_sentence);
		m->findings_sentence = tmp;
	}
	xasprintf(&tmp, "%s)", m->findings_sentence);
	free(m->findings_sentence);
	m->findings_sentence = tmp;
}

static int
model_cmp_check(const void *va, const void *vb)
{
	const struct report_check *a = va, *b = vb;

	return strcmp(a->id, b->id);
}

static void
model_check_rule(struct report_model *m, const struct rule *rule)
{
	struct report_check *k = &m->checks[m->nchecks++];

	k->id = rule->id;
	k->category = rule->category;
	k->title = rule->title;
}

/*
 * The rules evaluated, by id: the rule set when there is one, else the
 * rules of the findings, each once; with the findings of each.
 */
static void
model_checks(struct report_model *m, const struct report *r)
{
	const struct finding_set *fs = r->findings;
	struct report_check *k;
	struct report_cause *c;
	size_t i, j, n;

	n = r->rules != NULL ? r->rules->nrules : m->nfindings;
	if (n == 0)
		return;
	m->checks = xcalloc(n, sizeof *m->checks);
	if (r->rules != NULL) {
		for (i = 0; i < r->rules->nrules; i++)
			if (r->rules->rules[i].id != NULL)
				model_check_rule(m, &r->rules->rules[i]);
	} else {
		for (i = 0; i < fs->nfindings; i++)
			if (fs->findings[i].rule != NULL &&
			    fs->findings[i].rule->id != NULL)
				model_check_rule(m, fs->findings[i].rule);
	}
	if (m->nchecks > 1)
		qsort(m->checks, m->nchecks, sizeof *m->checks,
		    model_cmp_check);
	if (r->rules == NULL) {
		/* Several findings of one rule: one check. */
		for (i = 1, j = m->nchecks > 0 ? 1 : 0; i < m->nchecks; i++)
			if (strcmp(m->checks[j - 1].id, m->checks[i].id) != 0)
				m->checks[j++] = m->checks[i];
		m->nchecks = j;
	}
	for (i = 0; i < m->nchecks; i++) {
		k = &m->checks[i];
		for (j = 0; j < m->nfindings; j++) {
			c = &m->findings[j];
			if (c->id == NULL || strcmp(c->id, k->id) != 0)
				continue;
			if (k->nfound < REPORT_CHECK_FINDINGS)
				k->found[k->nfound] = c;
			k->nfound++;
			if (c->state == FINDING_CURRENT &&
			    c->severity >= r->fail_on)
				k->fails = 1;
		}
		if (k->fails)
			m->nfailures++;
	}
}

static const char *
model_problem_code(const struct report_problem *p)
{
	return p->code != NULL ? p->code : "unknown";
}

/* "vpath:line", "vpath: offset N" or "vpath"; "(input)" for the run. */
static char *
model_problem_where(const struct report_problem *p)
{
	const char *vpath;
	char *out;

	vpath = p->vpath != NULL && p->vpath[0] != '\0' ? p->vpath : "(input)";
	if (p->line > 0)
		xasprintf(&out, "%s:%ld", vpath, p->line);
	else if (p->offset >= 0)
		xasprintf(&out, "%s: offset %lld", vpath, p->offset);
	else
		out = xstrdup(vpath);
	return out;
}

static int
model_cmp_group(const void *va, const void *vb)
{
	const struct report_issue_group *a = va, *b = vb;

	if (a->severity != b->severity)
		return a->severity > b->severity ? -1 : 1;
	if (a->count != b->count)
		return a->count > b->count ? -1 : 1;
	return strcmp(a->code, b->code);
}

/* The group of code in m->groups, a new one if there is none yet. */
static struct report_issue_group *
model_group(struct report_model *m, const char *code)
{
	size_t k;

	for (k = 0; k < m->ngroups; k++)
		if (strcmp(m->groups[k].code, code) == 0)
			return &m->groups[k];
	m->groups[m->ngroups].code = code;
	return &m->groups[m->ngroups++];
}

/*
 * Problems grouped by code, worst severity first, then count, then code:
 * r->groups (counts over the whole run) when given, else the listed
 * problems grouped.  Each group gets its first listed examples.
 */
static void
model_groups(struct report_model *m, const struct report *r)
{
	struct report_issue_group *g;
	struct report_issue *is;
	size_t i, k, n;

	n = r->have_counts ? r->ngroups : m->nproblems;
	if (n == 0)
		return;
	m->groups = xcalloc(n, sizeof *m->groups);
	if (r->have_counts) {
		for (k = 0; k < r->ngroups; k++) {
			g = &m->groups[m->ngroups++];
			g->code = r->groups[k].code;
			g->severity = r->groups[k].severity;
			g->count = r->groups[k].count;
		}
	} else {
		for (i = 0; i < m->nproblems; i++) {
			is = &m->problems[i];
			g = model_group(m, is->code);
			if (g->count == 0 || is->p->severity > g->severity)
				g->severity = is->p->severity;
			g->count++;
		}
	}
	qsort(m->groups, m->ngroups, sizeof *m->groups, model_cmp_group);
	for (k = 0; k < m->ngroups; k++) {
		g = &m->groups[k];
		g->severity_name = problem_severity_name(g->severity);
		for (i = 0; i < m->nproblems &&
		    g->nexamples < REPORT_EXAMPLES; i++)
			if (strcmp(m->problems[i].code, g->code) == 0)
				g->examples[g->nexamples++] = &m->problems[i];
		g->nmore = g->count - (long)g->nexamples;
	}
}

/* Codes of rules that could not load or run, as opposed to input. */
static int
model_rule_code(const char *code)
{
	return strcmp(code, PCODE_RULE) == 0 ||
	    strcmp(code, PCODE_RULE_LOAD) == 0;
}

/* Errors of rules that failed to load or run, listed or not. */
static long long
model_rule_errors(const struct report_model *m, const struct report *r)
{
	long long n = 0;
	size_t i;

	if (r->have_counts) {
		for (i = 0; i < r->ngroups; i++)
			if (r->groups[i].severity == PROBLEM_ERROR &&
			    model_rule_code(r->groups[i].code))
				n += r->groups[i].count;
		return n;
	}
	for (i = 0; i < m->nproblems; i++)
		if (m->problems[i].p->severity == PROBLEM_ERROR &&
		    model_rule_code(m->problems[i].code))
			n++;
	return n;
}

/*
 * The headline every format shows first when an error or warning made the
 * run partial: "INCOMPLETE: 2 input errors, 1 warning: ...".  Errors of
 * rules that could not load or run are counted apart from input errors.
 */
static void
model_headline(struct report_model *m, const struct report *r)
{
	long long nr;
	char rules[64] = "";

	if (m->nerrors == 0 && m->nwarnings == 0) {
		m->complete = 1;
		return;
	}
	nr = model_rule_errors(m, r);
	if (nr > m->nerrors)
		nr = m->nerrors;
	if (nr > 0)
		snprintf(rules, sizeof rules, ", %lld rule error%s", nr,
		    PLURAL(nr));
	xasprintf(&m->headline, "INCOMPLETE: %lld input error%s, %lld "
	    "warning%s%s: the findings cover only what was read; see "
	    "Completeness", m->nerrors - nr, PLURAL(m->nerrors - nr),
	    m->nwarnings, PLURAL(m->nwarnings), rules);
}

/* The listed problems, the counts by severity over the run (or over the
 * list), the groups, the headline and the section's first sentence. */
static void
model_completeness(struct report_model *m, const struct report *r)
{
	struct report_issue *is;
	long long listed = (long long)r->nproblems, n[3] = { 0, 0, 0 };
	char more[64] = "";
	size_t i;

	m->nproblems = r->nproblems;
	if (r->nproblems > 0) {
		m->problems = xcalloc(r->nproblems, sizeof *m->problems);
		m->alerts = xcalloc(r->nproblems, sizeof *m->alerts);
	}
	for (i = 0; i < r->nproblems; i++) {
		is = &m->problems[i];
		is->p = &r->problems[i];
		is->code = model_problem_code(is->p);
		is->severity_name = problem_severity_name(is->p->severity);
		is->where = model_problem_where(is->p);
		is->message = is->p->message != NULL ? is->p->message : "";
		if ((unsigned int)is->p->severity <= PROBLEM_ERROR)
			n[is->p->severity]++;
		if (is->p->severity != PROBLEM_INFO &&
		    m->nalerts < REPORT_ALERTS_MAX)
			m->alerts[m->nalerts++] = is;
	}
	if (r->have_counts)
		memcpy(n, r->problem_counts, sizeof n);
	m->nerrors = n[PROBLEM_ERROR];
	m->nwarnings = n[PROBLEM_WARNING];
	m->ninfo = n[PROBLEM_INFO];
	if (r->have_counts)
		m->problems_total = m->nerrors + m->nwarnings + m->ninfo;
	else
		m->problems_total = r->problems_total > listed ?
		    r->problems_total : listed;
	model_groups(m, r);
	model_headline(m, r);
	if (m->problems_total == 0) {
		m->problems_sentence = xstrdup("No input problems: nothing "
		    "was skipped, left unparsed or cut by a limit");
		return;
	}
	if (m->problems_total > listed)
		snprintf(more, sizeof more, "; %lld not listed",
		    m->problems_total - listed);
	xasprintf(&m->problems_sentence, "%lld input problem%s (%lld "
	    "error%s, %lld warning%s, %lld info)%s", m->problems_total,
	    PLURAL(m->problems_total), m->nerrors, PLURAL(m->nerrors),
	    m->nwarnings, PLURAL(m->nwarnings), m->ninfo, more);
}

static void
model_stats(struct report_model *m, const struct report *r)
{
	const struct report_stats *st = &r->stats;
	char secs[48] = "";

	m->stats = st;
	if (st->have_seconds)
		snprintf(secs, sizeof secs, " in %.2f s", st->seconds);
	xasprintf(&m->stats_sentence, "%lld source%s, %lld log line%s, %lld "
	    "resource%s, %lld bytes; %lld rule%s evaluated%s", st->sources,
	    PLURAL(st->sources), st->lines, PLURAL(st->lines), st->resources,
	    PLURAL(st->resources), st->bytes, m->nrules, PLURAL(m->nrules),
	    secs);
}

void
report_model_build(struct report_model *m, const struct report *r)
{
	memset(m, 0, sizeof *m);
	m->version = r->version;
	m->inputs = r->inputs;
	m->ninputs = r->ninputs;
	m->generated_at = r->generated_at;
	m->cluster = r->cluster;
	m->ncluster = r->ncluster;
	m->cluster_json = r->cluster_json;
	m->nrules = r->rules != NULL ? (long long)r->rules->nrules :
	    r->stats.rules;
	m->fail_on = r->fail_on;
	m->color = r->color;
	m->width = r->width;

	model_findings(m, r->findings);
	if (m->nhistory + m->nsuppressed == 0)
		xasprintf(&m->no_cause, "No root cause found by %lld rule%s",
		    m->nrules, PLURAL(m->nrules));
	else if (m->nsuppressed == 0)
		xasprintf(&m->no_cause, "No current root cause found by %lld "
		    "rule%s (%zu finding%s resolved before the gather: listed "
		    "below)", m->nrules, PLURAL(m->nrules), m->nhistory,
		    PLURAL(m->nhistory));
	else if (m->nhistory == 0)
		xasprintf(&m->no_cause, "No current root cause found by %lld "
		    "rule%s (%zu known-benign finding%s suppressed: listed "
		    "below)", m->nrules, PLURAL(m->nrules), m->nsuppressed,
		    PLURAL(m->nsuppressed));
	else
		xasprintf(&m->no_cause, "No current root cause found by %lld "
		    "rule%s (%zu finding%s resolved before the gather, %zu "
		    "suppressed: listed below)", m->nrules, PLURAL(m->nrules),
		    m->nhistory, PLURAL(m->nhistory), m->nsuppressed);
	model_findings_sentence(m);
	model_checks(m, r);
	model_completeness(m, r);
	if (r->timeline != NULL) {
		m->timeline = r->timeline;
		m->ntimeline = r->ntimeline;
	}
	model_stats(m, r);
}

void
report_model_free(struct report_model *m)
{
	struct report_cause *c;
	size_t i, k;

	for (i = 0; i < m->nfindings; i++) {
		c = &m->findings[i];
		for (k = 0; k < c->nevidence; k++) {
			free(c->evidence[k].where);
			free(c->evidence[k].line);
		}
		free(c->evidence);
		for (k = 0; k < c->nremedy_lines; k++)
			free(c->remedy_lines[k]);
		free(c->remedy_lines);
		free(c->symptoms);
		free(c->name_buf);
		free(c->number);
		free(c->more);
	}
	free(m->findings);
	free(m->causes);
	free(m->history);
	free(m->suppressed);
	free(m->no_cause);
	free(m->findings_sentence);
	free(m->checks);
	free(m->headline);
	free(m->problems_sentence);
	for (i = 0; i < m->nproblems; i++)
		free(m->problems[i].where);
	free(m->problems);
	free(m->groups);
	free(m->alerts);
	free(m->stats_sentence);
	memset(m, 0, sizeof *m);
}
