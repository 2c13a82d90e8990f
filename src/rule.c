/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The rule set as a whole: its lifetime, diagnostics, severity names, and
 * the checks that need every rule at once (explains naming unknown ids,
 * cycles in the explains graph).  Loading one file is rule-load.c.
 */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "knowledge.h"
#include "rule.h"
#include "xmalloc.h"

static const char *rule_severity_names[] = {
	"info", "low", "medium", "high", "critical"
};

void
ruleset_init(struct ruleset *rs)
{
	memset(rs, 0, sizeof *rs);
}

void
rule_clear(struct rule *r)
{
	struct rule_evidence *ev;
	size_t i, j;

	free(r->id);
	free(r->title);
	free(r->category);
	for (i = 0; i < r->nexplains; i++)
		free(r->explains[i]);
	free(r->explains);
	free(r->explains_pos);
	for (i = 0; i < r->nevidence; i++) {
		ev = &r->evidence[i];
		free(ev->name);
		free(ev->sql);
		free(ev->pattern);
		for (j = 0; j < ev->nsources; j++)
			free(ev->sources[j]);
		free(ev->sources);
		for (j = 0; j < ev->nkinds; j++)
			free(ev->kinds[j]);
		free(ev->kinds);
		free(ev->group_by);
	}
	free(r->evidence);
	rule_expr_free(r->when);
	free(r->when_text);
	free(r->summary);
	free(r->remedy);
	for (i = 0; i < r->nreferences; i++)
		free(r->references[i]);
	free(r->references);
	free(r->file);
	free(r->for_each);
	free(r->component);
	rule_expr_free(r->current);
	free(r->current_text);
	memset(r, 0, sizeof *r);
}

void
ruleset_free(struct ruleset *rs)
{
	size_t i;

	for (i = 0; i < rs->nrules; i++)
		rule_clear(&rs->rules[i]);
	free(rs->rules);
	for (i = 0; i < rs->ndiags; i++) {
		free(rs->diags[i].file);
		free(rs->diags[i].message);
	}
	free(rs->diags);
	for (i = 0; i < rs->nrejected_ids; i++)
		free(rs->rejected_ids[i]);
	free(rs->rejected_ids);
	for (i = 0; i < rs->nview_dirs; i++)
		free(rs->view_dirs[i]);
	free(rs->view_dirs);
	knowledge_free(rs->kb);
	free(rs->kb);
	memset(rs, 0, sizeof *rs);
}

void
ruleset_diag(struct ruleset *rs, const char *file, int line, int col,
    int is_warning, const char *fmt, ...)
{
	struct rule_diag *d;
	va_list ap, ap2;
	int n;

	rs->diags = xreallocarray(rs->diags, rs->ndiags + 1, sizeof *rs->diags);
	d = &rs->diags[rs->ndiags++];
	d->file = xstrdup(file != NULL ? file : "");
	d->line = line < 1 ? 1 : line;
	d->col = col < 1 ? 1 : col;
	d->is_warning = is_warning;
	va_start(ap, fmt);
	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	d->message = xmalloc((size_t)n + 1);
	d->message[0] = '\0';
	vsnprintf(d->message, (size_t)n + 1, fmt, ap2);
	va_end(ap2);
	if (is_warning)
		rs->nwarnings++;
	else
		rs->nerrors++;
}

char *
rule_diag_format(const struct rule_diag *d)
{
	char *s;

	xasprintf(&s, "%s:%d:%d: %s%s", d->file, d->line, d->col,
	    d->is_warning ? "warning: " : "", d->message);
	return s;
}

static int
rule_cmp_id(const void *a, const void *b)
{
	const struct rule *ra = a, *rb = b;

	return strcmp(ra->id, rb->id);
}

const struct rule *
ruleset_find(const struct ruleset *rs, const char *id)
{
	struct rule key;

	if (rs->nrules == 0 || id == NULL)
		return NULL;
	memset(&key, 0, sizeof key);
	key.id = (char *)(uintptr_t)id;
	return bsearch(&key, rs->rules, rs->nrules, sizeof *rs->rules,
	    rule_cmp_id);
}

int
rule_evidence_index(const struct rule *r, const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < r->nevidence; i++) {
		if (r->evidence[i].name != NULL &&
		    strlen(r->evidence[i].name) == len &&
		    memcmp(r->evidence[i].name, name, len) == 0)
			return (int)i;
	}
	return -1;
}

const char *
rule_severity_name(enum rule_severity sev)
{
	if ((unsigned)sev >= sizeof rule_severity_names /
	    sizeof rule_severity_names[0])
		return "unknown";
	return rule_severity_names[sev];
}

int
rule_severity_parse(const char *s)
{
	size_t i, j;
	const char *n;

	if (s == NULL)
		return -1;
	for (i = 0; i < sizeof rule_severity_names /
	    sizeof rule_severity_names[0]; i++) {
		n = rule_severity_names[i];
		for (j = 0; n[j] != '\0'; j++) {
			if ((s[j] | 0x20) != n[j])
				break;
		}
		if (n[j] == '\0' && s[j] == '\0')
			return (int)i;
	}
	return -1;
}

int
rule_duration_parse(const char *s, int64_t *us)
{
	int64_t total = 0, n, mult;
	const char *p = s;

	if (s == NULL || *s == '\0')
		return -1;
	while (*p != '\0') {
		if (*p < '0' || *p > '9')
			return -1;
		n = 0;
		while (*p >= '0' && *p <= '9') {
			if (n > (INT64_MAX - 9) / 10)
				return -1;
			n = n * 10 + (*p++ - '0');
		}
		switch (*p++) {
		case 's':
			mult = 1000000LL;
			break;
		case 'm':
			mult = 60 * 1000000LL;
			break;
		case 'h':
			mult = 3600 * 1000000LL;
			break;
		case 'd':
			mult = 86400 * 1000000LL;
			break;
		default:
			return -1;
		}
		if (n > (INT64_MAX - total) / mult)
			return -1;
		total += n * mult;
	}
	*us = total;
	return 0;
}

static int
ruleset_is_rejected(const struct ruleset *rs, const char *id)
{
	size_t i;

	for (i = 0; i < rs->nrejected_ids; i++) {
		if (strcmp(rs->rejected_ids[i], id) == 0)
			return 1;
	}
	return 0;
}

/*
 * An explains entry naming no loaded rule is a warning, not a rejection:
 * the edge can never connect two findings, and a catalog often names a
 * rule before it is written.  Ids of rules rejected while loading are not
 * "unknown": their own error says enough.
 */
static void
ruleset_check_explains(struct ruleset *rs)
{
	const struct rule *r;
	const struct rule_pos *pos;
	size_t i, j;

	for (i = 0; i < rs->nrules; i++) {
		r = &rs->rules[i];
		for (j = 0; j < r->nexplains; j++) {
			if (ruleset_find(rs, r->explains[j]) != NULL ||
			    ruleset_is_rejected(rs, r->explains[j]))
				continue;
			pos = r->explains_pos != NULL ? &r->explains_pos[j] :
			    NULL;
			ruleset_diag(rs, r->file, pos ? pos->line : r->line,
			    pos ? pos->col : 1, 1,
			    "'explains' names unknown rule id '%s'",
			    r->explains[j]);
		}
	}
}

/*
 * Cycles in the explains graph, found by depth-first search with an
 * explicit stack (a rule set is data: a long chain must not exhaust the C
 * stack).  Each back edge is one warning naming the cycle's path, at the
 * explains entry that closes it.
 */
struct ruleset_dfs {
	size_t		 rule;		/* index in rs->rules */
	size_t		 next;		/* next explains entry to follow */
};

static void
ruleset_report_cycle(struct ruleset *rs, const struct ruleset_dfs *stack,
    size_t depth, size_t from, size_t edge)
{
	const struct rule *r = &rs->rules[stack[depth - 1].rule];
	const struct rule_pos *pos;
	char *path = NULL, *tmp;
	size_t i;

	for (i = from; i < depth; i++) {
		xasprintf(&tmp, "%s%s%s", path ? path : "", path ? " -> " : "",
		    rs->rules[stack[i].rule].id);
		free(path);
		path = tmp;
	}
	pos = r->explains_pos != NULL ? &r->explains_pos[edge] : NULL;
	ruleset_diag(rs, r->file, pos ? pos->line : r->line,
	    pos ? pos->col : 1, 1, "explains cycle: %s -> %s (ranking breaks "
	    "it by severity, then earliest evidence)", path,
	    rs->rules[stack[from].rule].id);
	free(path);
}

/* Whether an earlier explains entry of r names the same id (one edge). */
static int
ruleset_edge_seen(const struct rule *r, size_t edge)
{
	size_t i;

	for (i = 0; i < edge; i++) {
		if (strcmp(r->explains[i], r->explains[edge]) == 0)
			return 1;
	}
	return 0;
}

static void
ruleset_check_cycles(struct ruleset *rs)
{
	enum { WHITE = 0, GREY, BLACK };
	unsigned char *colour;
	size_t *onstack;	/* stack position of a grey rule */
	struct ruleset_dfs *stack;
	struct ruleset_dfs *top;
	const struct rule *r, *to;
	size_t start, depth, t, edge;

	if (rs->nrules == 0)
		return;
	colour = xcalloc(rs->nrules, 1);
	onstack = xcalloc(rs->nrules, sizeof *onstack);
	stack = xcalloc(rs->nrules, sizeof *stack);
	for (start = 0; start < rs->nrules; start++) {
		if (colour[start] != WHITE)
			continue;
		depth = 0;
		stack[depth].rule = start;
		stack[depth].next = 0;
		onstack[start] = depth++;
		colour[start] = GREY;
		while (depth > 0) {
			top = &stack[depth - 1];
			r = &rs->rules[top->rule];
			if (top->next == r->nexplains) {
				colour[top->rule] = BLACK;
				depth--;
				continue;
			}
			edge = top->next++;
			to = ruleset_find(rs, r->explains[edge]);
			if (to == NULL || ruleset_edge_seen(r, edge))
				continue;
			t = (size_t)(to - rs->rules);
			if (colour[t] == GREY)
				ruleset_report_cycle(rs, stack, depth,
				    onstack[t], edge);
			else if (colour[t] == WHITE) {
				colour[t] = GREY;
				onstack[t] = depth;
				stack[depth].rule = t;
				stack[depth].next = 0;
				depth++;
			}
		}
	}
	free(stack);
	free(onstack);
	free(colour);
}

void
ruleset_finish(struct ruleset *rs)
{
	if (rs->nrules > 1)
		qsort(rs->rules, rs->nrules, sizeof *rs->rules, rule_cmp_id);
	ruleset_check_explains(rs);
	ruleset_check_cycles(rs);
}
