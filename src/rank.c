/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Ranking (DESIGN.md "Ranking"): the `explains` edges between fired
 * findings, cycles broken by severity, earliest evidence and rule id, each
 * symptom hung under its best-ranked cause, root causes ordered, and one
 * sentence per finding saying why it sits where it does.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "finding.h"
#include "knowledge.h"
#include "mgt-time.h"
#include "rule.h"
#include "util.h"
#include "xmalloc.h"

#define RANK_NONE	SIZE_MAX
#define RANK_REASON_IDS	3	/* rule ids named in "explains N findings" */

struct rank_edge {
	size_t	 from;
	size_t	 to;
	int	 dropped;	/* removed to break a cycle */
	char	*why;		/* a knowledge edge's reason, or NULL */
};

struct rank_graph {
	struct finding	 *f;		/* set->findings, sorted by rule id */
	size_t		  n;
	struct rank_edge *edges;	/* by (from, to), no duplicates */
	size_t		  nedges;
	size_t		 *out;		/* out[i]..out[i + 1]: edges from i */
	char		**cyclenote;	/* per finding: cycle it won, or NULL */
};

static int
rank_sev(const struct finding *f)
{
	return f->rule != NULL ? (int)f->rule->severity : 0;
}

static const char *
rank_id(const struct finding *f)
{
	return f->rule != NULL && f->rule->id != NULL ? f->rule->id : "";
}

/* Earlier first; an unknown time (INT64_MIN) sorts after every known one. */
static int
rank_cmp_ts(int64_t a, int64_t b)
{
	if (a == b)
		return 0;
	if (a == INT64_MIN)
		return 1;
	if (b == INT64_MIN)
		return -1;
	return a < b ? -1 : 1;
}

static int
rank_cmp_str(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return (a != NULL) - (b != NULL);
	return strcmp(a, b);
}

/* Order of set->findings: rule id, then anything that tells two apart. */
static int
rank_cmp_array(const void *va, const void *vb)
{
	const struct finding *a = va, *b = vb;
	int c;

	if ((c = strcmp(rank_id(a), rank_id(b))) != 0)
		return c;
	if ((c = rank_cmp_str(a->component, b->component)) != 0)
		return c;
	if ((c = rank_cmp_ts(a->first_ts, b->first_ts)) != 0)
		return c;
	if ((c = rank_cmp_ts(a->last_ts, b->last_ts)) != 0)
		return c;
	if ((c = rank_cmp_str(a->summary, b->summary)) != 0)
		return c;
	if (a->total_evidence != b->total_evidence)
		return a->total_evidence > b->total_evidence ? -1 : 1;
	return 0;
}

/*
 * Who wins a cycle: higher severity, then earlier evidence, then rule id.
 * Findings are indices into the sorted array, the last tie-break.
 */
static int
rank_cmp_cycle(const struct rank_graph *g, size_t a, size_t b)
{
	const struct finding *fa = &g->f[a], *fb = &g->f[b];
	int c;

	if (rank_sev(fa) != rank_sev(fb))
		return rank_sev(fa) > rank_sev(fb) ? -1 : 1;
	if ((c = rank_cmp_ts(fa->first_ts, fb->first_ts)) != 0)
		return c;
	if ((c = strcmp(rank_id(fa), rank_id(fb))) != 0)
		return c;
	return (a > b) - (a < b);
}

/* Rank order: severity, findings explained, earliest evidence, rule id. */
static int
rank_cmp_key(const struct finding *fa, const struct finding *fb)
{
	int c;

	if (rank_sev(fa) != rank_sev(fb))
		return rank_sev(fa) > rank_sev(fb) ? -1 : 1;
	if (fa->nexplained != fb->nexplained)
		return fa->nexplained > fb->nexplained ? -1 : 1;
	if ((c = rank_cmp_ts(fa->first_ts, fb->first_ts)) != 0)
		return c;
	if ((c = strcmp(rank_id(fa), rank_id(fb))) != 0)
		return c;
	return (fa > fb) - (fa < fb);	/* same array: index order */
}

static int
rank_cmp_ptr(const void *va, const void *vb)
{
	const struct finding *const *a = va, *const *b = vb;

	return rank_cmp_key(*a, *b);
}

static int
rank_cmp_edge(const void *va, const void *vb)
{
	const struct rank_edge *a = va, *b = vb;

	if (a->from != b->from)
		return a->from < b->from ? -1 : 1;
	if (a->to != b->to)
		return a->to < b->to ? -1 : 1;
	/* Of two edges between the same findings the rule's explains (no
	 * why) is the one kept. */
	return rank_cmp_str(a->why, b->why);
}

/* First index in the sorted array whose rule id is id, or n. */
static size_t
rank_lower(const struct rank_graph *g, const char *id)
{
	size_t lo = 0, hi = g->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (strcmp(rank_id(&g->f[mid]), id) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int
rank_current(const struct finding *f)
{
	return f->state == FINDING_CURRENT;
}

static void
rank_add_edge(struct rank_graph *g, size_t *cap, size_t from, size_t to,
    char *why)
{
	if (g->nedges == *cap) {
		*cap = *cap == 0 ? 16 : *cap * 2;
		g->edges = xreallocarray(g->edges, *cap, sizeof *g->edges);
	}
	g->edges[g->nedges].from = from;
	g->edges[g->nedges].to = to;
	g->edges[g->nedges].dropped = 0;
	g->edges[g->nedges].why = why;
	g->nedges++;
}

/*
 * Edges the knowledge base draws between current findings about
 * components: a specific finding explains a generic one about the same
 * component; a marker or a dependency explains across components.
 */
static void
rank_knowledge_edges(struct rank_graph *g, const struct knowledge *kb,
    size_t *cap)
{
	struct knowledge_targets *ft;
	const struct finding *a, *b;
	size_t i, j;
	char *why;

	ft = xcalloc(g->n + 1, sizeof *ft);
	for (j = 0; j < g->n; j++)
		if (rank_current(&g->f[j]) && g->f[j].component != NULL &&
		    g->f[j].rule != NULL && g->f[j].rule->generic)
			knowledge_marker_targets(kb, &g->f[j], &ft[j]);
	for (i = 0; i < g->n; i++) {
		a = &g->f[i];
		if (!rank_current(a) || a->component == NULL)
			continue;
		for (j = 0; j < g->n; j++) {
			b = &g->f[j];
			if (j == i || !rank_current(b) || b->component == NULL)
				continue;
			if (strcmp(a->component, b->component) == 0) {
				if (b->rule != NULL && b->rule->generic &&
				    a->rule != NULL && !a->rule->generic)
					rank_add_edge(g, cap, i, j, xstrdup(
					    "a specific finding about the same "
					    "component"));
				continue;
			}
			/* Dependencies and markers explain only generic
			 * findings: a specific one is explained by the rules
			 * that name it. */
			if (b->rule != NULL && b->rule->generic &&
			    knowledge_explains(kb, a, b, &ft[j], &why))
				rank_add_edge(g, cap, i, j, why);
		}
	}
	for (j = 0; j < g->n; j++)
		knowledge_targets_free(&ft[j]);
	free(ft);
}

/*
 * A finding a rule's `explains` names is that rule's symptom: the rule's
 * author knows the causal path, so knowledge edges into it go.
 */
static void
rank_prefer_explains(struct rank_graph *g)
{
	unsigned char *named;
	size_t i, n;

	named = xcalloc(g->n + 1, 1);
	for (i = 0; i < g->nedges; i++)
		if (g->edges[i].why == NULL)
			named[g->edges[i].to] = 1;
	for (i = 0, n = 0; i < g->nedges; i++) {
		if (g->edges[i].why != NULL && named[g->edges[i].to]) {
			free(g->edges[i].why);
			continue;
		}
		g->edges[n++] = g->edges[i];
	}
	g->nedges = n;
	free(named);
}

/* Every edge between two distinct current findings, once. */
static void
rank_build_edges(struct rank_graph *g, const struct knowledge *kb)
{
	const struct rule *r;
	size_t i, j, k, cap = 0, n;

	for (i = 0; i < g->n; i++) {
		if ((r = g->f[i].rule) == NULL || !rank_current(&g->f[i]))
			continue;
		for (k = 0; k < r->nexplains; k++) {
			if (r->explains[k] == NULL)
				continue;
			j = rank_lower(g, r->explains[k]);
			for (; j < g->n &&
			    strcmp(rank_id(&g->f[j]), r->explains[k]) == 0;
			    j++) {
				if (j == i || !rank_current(&g->f[j]))
					continue;
				rank_add_edge(g, &cap, i, j, NULL);
			}
		}
	}
	rank_knowledge_edges(g, kb, &cap);
	if (g->nedges > 1)
		qsort(g->edges, g->nedges, sizeof *g->edges, rank_cmp_edge);
	for (i = 0, n = 0; i < g->nedges; i++) {
		if (n > 0 && g->edges[n - 1].from == g->edges[i].from &&
		    g->edges[n - 1].to == g->edges[i].to) {
			free(g->edges[i].why);
			continue;
		}
		g->edges[n++] = g->edges[i];
	}
	g->nedges = n;
	rank_prefer_explains(g);

	g->out = xcalloc(g->n + 1, sizeof *g->out);
	for (i = 0, k = 0; i <= g->n; i++) {
		while (k < g->nedges && g->edges[k].from < i)
			k++;
		g->out[i] = k;
	}
}

/*
 * Strongly connected components over the edges not yet dropped (Tarjan,
 * iterative so a long chain cannot exhaust the stack).  Fills comp[] and
 * returns the number of components.
 */
static size_t
rank_scc(const struct rank_graph *g, size_t *comp)
{
	size_t *idx, *low, *stack, *cv, *ce, sp = 0, cp = 0, counter = 0;
	size_t ncomp = 0, v, w, e, u, root;
	unsigned char *on;

	idx = xcalloc(g->n, sizeof *idx);
	low = xcalloc(g->n, sizeof *low);
	stack = xcalloc(g->n, sizeof *stack);
	cv = xcalloc(g->n, sizeof *cv);
	ce = xcalloc(g->n, sizeof *ce);
	on = xcalloc(g->n, 1);
	for (v = 0; v < g->n; v++)
		idx[v] = RANK_NONE;

	for (root = 0; root < g->n; root++) {
		if (idx[root] != RANK_NONE)
			continue;
		idx[root] = low[root] = counter++;
		stack[sp++] = root;
		on[root] = 1;
		cv[cp] = root;
		ce[cp++] = g->out[root];
		while (cp > 0) {
			v = cv[cp - 1];
			e = ce[cp - 1];
			if (e < g->out[v + 1]) {
				ce[cp - 1]++;
				if (g->edges[e].dropped)
					continue;
				w = g->edges[e].to;
				if (idx[w] == RANK_NONE) {
					idx[w] = low[w] = counter++;
					stack[sp++] = w;
					on[w] = 1;
					cv[cp] = w;
					ce[cp++] = g->out[w];
				} else if (on[w] && idx[w] < low[v])
					low[v] = idx[w];
				continue;
			}
			cp--;
			if (low[v] == idx[v]) {
				do {
					u = stack[--sp];
					on[u] = 0;
					comp[u] = ncomp;
				} while (u != v);
				ncomp++;
			}
			if (cp > 0 && low[v] < low[cv[cp - 1]])
				low[cv[cp - 1]] = low[v];
		}
	}
	free(idx);
	free(low);
	free(stack);
	free(cv);
	free(ce);
	free(on);
	return ncomp;
}

/* Which criterion put a ahead of b in a cycle, for the reason sentence. */
static const char *
rank_cycle_why(const struct rank_graph *g, size_t a, size_t b)
{
	if (rank_sev(&g->f[a]) != rank_sev(&g->f[b]))
		return "higher severity";
	if (rank_cmp_ts(g->f[a].first_ts, g->f[b].first_ts) != 0)
		return "earlier evidence";
	return "rule id";
}

/*
 * In each component of more than one finding, the best by rank_cmp_cycle
 * stays the cause: the edges into it from inside the component go.  The
 * winner then sits in no cycle, so repeating this ends with no cycle.
 */
static void
rank_break_cycles(struct rank_graph *g)
{
	size_t *comp, *size, *win, *second, ncomp, i, e, c, k, nm;
	size_t *members;
	char *note, *tmp;
	int again;

	comp = xcalloc(g->n, sizeof *comp);
	size = xcalloc(g->n, sizeof *size);
	win = xcalloc(g->n, sizeof *win);
	second = xcalloc(g->n, sizeof *second);
	members = xcalloc(g->n, sizeof *members);
	do {
		again = 0;
		ncomp = rank_scc(g, comp);
		for (c = 0; c < ncomp; c++) {
			size[c] = 0;
			win[c] = second[c] = RANK_NONE;
		}
		for (i = 0; i < g->n; i++) {
			c = comp[i];
			size[c]++;
			if (win[c] == RANK_NONE || rank_cmp_cycle(g, i,
			    win[c]) < 0) {
				second[c] = win[c];
				win[c] = i;
			} else if (second[c] == RANK_NONE ||
			    rank_cmp_cycle(g, i, second[c]) < 0)
				second[c] = i;
		}
		for (e = 0; e < g->nedges; e++) {
			c = comp[g->edges[e].to];
			if (g->edges[e].dropped || size[c] < 2 ||
			    win[c] != g->edges[e].to ||
			    comp[g->edges[e].from] != c)
				continue;
			g->edges[e].dropped = 1;
			again = 1;
		}
		/* Say which cycle each winner won; members in id order. */
		for (c = 0; c < ncomp; c++) {
			if (size[c] < 2)
				continue;
			for (i = 0, nm = 0; i < g->n; i++)
				if (comp[i] == c && i != win[c])
					members[nm++] = i;
			xasprintf(&note, "; wins explains cycle with ");
			for (k = 0; k < nm && k < RANK_REASON_IDS; k++) {
				xasprintf(&tmp, "%s%s%s", note, k ? ", " : "",
				    rank_id(&g->f[members[k]]));
				free(note);
				note = tmp;
			}
			xasprintf(&tmp, "%s%s (%s)", note,
			    nm > k ? ", ..." : "",
			    rank_cycle_why(g, win[c], second[c]));
			free(note);
			free(g->cyclenote[win[c]]);
			g->cyclenote[win[c]] = tmp;
		}
	} while (again);
	free(comp);
	free(size);
	free(win);
	free(second);
	free(members);
}

/* nexplained: findings reachable from each one over the remaining edges. */
static void
rank_count_explained(struct rank_graph *g)
{
	size_t *seen, *todo, ntodo, i, v, e, w, count;

	seen = xcalloc(g->n, sizeof *seen);
	todo = xcalloc(g->n, sizeof *todo);
	for (i = 0; i < g->n; i++) {
		count = 0;
		ntodo = 0;
		todo[ntodo++] = i;
		seen[i] = i + 1;
		while (ntodo > 0) {
			v = todo[--ntodo];
			for (e = g->out[v]; e < g->out[v + 1]; e++) {
				w = g->edges[e].to;
				if (g->edges[e].dropped || seen[w] == i + 1)
					continue;
				seen[w] = i + 1;
				todo[ntodo++] = w;
				count++;
			}
		}
		g->f[i].nexplained = count;
	}
	free(seen);
	free(todo);
}

static int
rank_cmp_idptr(const void *va, const void *vb)
{
	const char *const *a = va, *const *b = vb;

	return strcmp(*a, *b);
}

/*
 * "critical; explains 2 findings (a, b); earliest evidence T" for a root
 * cause; the ids named are the distinct ids reachable from it, in id order.
 */
static char *
rank_reason_root(const struct rank_graph *g, size_t i)
{
	const struct finding *f = &g->f[i];
	const char **ids, *sev;
	size_t *seen, *todo, ntodo, nids = 0, v, e, w, k, shown;
	char *ids_text, *tmp, *out, ts[64];

	sev = f->rule != NULL ? rule_severity_name(f->rule->severity) : "?";

	ids = xcalloc(g->n, sizeof *ids);
	seen = xcalloc(g->n, sizeof *seen);
	todo = xcalloc(g->n, sizeof *todo);
	ntodo = 0;
	todo[ntodo++] = i;
	seen[i] = 1;
	while (ntodo > 0) {
		v = todo[--ntodo];
		for (e = g->out[v]; e < g->out[v + 1]; e++) {
			w = g->edges[e].to;
			if (g->edges[e].dropped || seen[w])
				continue;
			seen[w] = 1;
			todo[ntodo++] = w;
			ids[nids++] = rank_id(&g->f[w]);
		}
	}
	if (nids > 1)
		qsort(ids, nids, sizeof *ids, rank_cmp_idptr);

	ids_text = xstrdup("");
	for (k = 0, shown = 0; k < nids && shown < RANK_REASON_IDS; k++) {
		if (k > 0 && strcmp(ids[k], ids[k - 1]) == 0)
			continue;
		xasprintf(&tmp, "%s%s%s", ids_text, shown ? ", " : "",
		    ids[k]);
		free(ids_text);
		ids_text = tmp;
		shown++;
	}
	for (; k < nids; k++) {
		if (strcmp(ids[k], ids[k - 1]) != 0) {
			xasprintf(&tmp, "%s, ...", ids_text);
			free(ids_text);
			ids_text = tmp;
			break;
		}
	}

	if (f->first_ts != INT64_MIN)
		time_format_brief(f->first_ts, ts, sizeof ts);
	if (f->nexplained == 0)
		xasprintf(&tmp, "%s; explains no other finding", sev);
	else
		xasprintf(&tmp, "%s; explains %zu finding%s (%s)", sev,
		    f->nexplained, f->nexplained == 1 ? "" : "s", ids_text);
	if (f->first_ts != INT64_MIN)
		xasprintf(&out, "%s; earliest evidence %s%s", tmp, ts,
		    g->cyclenote[i] ? g->cyclenote[i] : "");
	else
		xasprintf(&out, "%s; no timestamped evidence%s", tmp,
		    g->cyclenote[i] ? g->cyclenote[i] : "");
	free(tmp);
	free(ids_text);
	free(ids);
	free(seen);
	free(todo);
	return out;
}

/*
 * "explained by a" or "explained by a (also by b, c)": the cause it is
 * printed under first, then the other findings that explain it, ranked.
 */
static char *
rank_reason_symptom(const struct rank_graph *g, size_t i,
    const struct finding **parents, size_t nparents)
{
	const struct finding *cause = g->f[i].cause;
	const char *why = NULL;
	char *out, *tmp, *label;
	size_t k, e, from = (size_t)(cause - g->f);
	int also = 0;

	for (e = g->out[from]; e < g->out[from + 1]; e++)
		if (g->edges[e].to == i && !g->edges[e].dropped)
			why = g->edges[e].why;
	label = finding_label(cause);
	xasprintf(&out, "explained by %s", label);
	free(label);
	for (k = 0; k < nparents; k++) {
		if (parents[k] == cause)
			continue;
		label = finding_label(parents[k]);
		xasprintf(&tmp, "%s%s%s", out, also ? ", " : " (also by ",
		    label);
		free(label);
		free(out);
		out = tmp;
		also = 1;
	}
	xasprintf(&tmp, "%s%s%s%s%s", out, also ? ")" : "",
	    why != NULL ? ": " : "", why != NULL ? why : "",
	    g->cyclenote[i] != NULL ? g->cyclenote[i] : "");
	free(out);
	return tmp;
}

/*
 * The findings that explain each one, over the remaining edges: the
 * sources of edges into i are from[in[i]..in[i + 1]).
 */
static void
rank_build_in(const struct rank_graph *g, size_t **inp, size_t **fromp)
{
	size_t *in, *from, *fill, e, i;

	in = xcalloc(g->n + 1, sizeof *in);
	from = xcalloc(g->nedges, sizeof *from);
	fill = xcalloc(g->n, sizeof *fill);
	for (e = 0; e < g->nedges; e++)
		if (!g->edges[e].dropped)
			in[g->edges[e].to + 1]++;
	for (i = 0; i < g->n; i++)
		in[i + 1] += in[i];
	for (e = 0; e < g->nedges; e++) {
		if (g->edges[e].dropped)
			continue;
		i = g->edges[e].to;
		from[in[i] + fill[i]++] = g->edges[e].from;
	}
	free(fill);
	*inp = in;
	*fromp = from;
}

/* History by when it was last seen, newest first; suppressed by id. */
static int
rank_cmp_history(const void *va, const void *vb)
{
	const struct finding *const *a = va, *const *b = vb;
	int c;

	if ((c = rank_cmp_ts((*b)->last_ts, (*a)->last_ts)) != 0)
		return c;
	return (*a > *b) - (*a < *b);
}

static int
rank_cmp_order(const void *va, const void *vb)
{
	const struct finding *const *a = va, *const *b = vb;

	return (*a > *b) - (*a < *b);
}

/* The findings that are not current, listed apart and never ranked. */
static void
rank_list_apart(struct finding_set *set)
{
	struct finding *f;
	size_t i;

	for (i = 0; i < set->nfindings; i++) {
		f = &set->findings[i];
		if (f->state == FINDING_HISTORY) {
			set->history = xreallocarray(set->history,
			    set->nhistory + 1, sizeof *set->history);
			set->history[set->nhistory++] = f;
		} else if (f->state == FINDING_SUPPRESSED) {
			set->suppressed = xreallocarray(set->suppressed,
			    set->nsuppressed + 1, sizeof *set->suppressed);
			set->suppressed[set->nsuppressed++] = f;
		}
	}
	if (set->nhistory > 1)
		qsort(set->history, set->nhistory, sizeof *set->history,
		    rank_cmp_history);
	if (set->nsuppressed > 1)
		qsort(set->suppressed, set->nsuppressed,
		    sizeof *set->suppressed, rank_cmp_order);
}

void
rank_findings(struct finding_set *set, const struct knowledge *kb)
{
	struct rank_graph g;
	const struct finding **parents;
	struct finding *f, *best;
	size_t i, k, np, *nsym, *in, *from, nroots = 0;

	finding_set_unrank(set);
	if (set->nfindings == 0)
		return;
	knowledge_suppress(kb, set);
	qsort(set->findings, set->nfindings, sizeof *set->findings,
	    rank_cmp_array);
	rank_list_apart(set);

	memset(&g, 0, sizeof g);
	g.f = set->findings;
	g.n = set->nfindings;
	g.cyclenote = xcalloc(g.n, sizeof *g.cyclenote);
	rank_build_edges(&g, kb);
	rank_break_cycles(&g);
	rank_count_explained(&g);
	rank_build_in(&g, &in, &from);

	/* Each symptom goes under the best-ranked finding explaining it. */
	nsym = xcalloc(g.n, sizeof *nsym);
	for (i = 0; i < g.n; i++) {
		best = NULL;
		for (k = in[i]; k < in[i + 1]; k++)
			if (best == NULL || rank_cmp_key(&g.f[from[k]],
			    best) < 0)
				best = &g.f[from[k]];
		g.f[i].cause = best;
		if (best != NULL)
			nsym[best - g.f]++;
		else if (rank_current(&g.f[i]))
			nroots++;
	}

	for (i = 0; i < g.n; i++) {
		if (nsym[i] > 0)
			g.f[i].symptoms = xcalloc(nsym[i],
			    sizeof *g.f[i].symptoms);
	}
	set->roots = xcalloc(nroots, sizeof *set->roots);
	for (i = 0; i < g.n; i++) {
		f = &g.f[i];
		if (!rank_current(f))
			continue;
		if (f->cause == NULL)
			set->roots[set->nroots++] = f;
		else
			f->cause->symptoms[f->cause->nsymptoms++] = f;
	}
	qsort(set->roots, set->nroots, sizeof *set->roots, rank_cmp_ptr);
	for (i = 0; i < g.n; i++) {
		f = &g.f[i];
		if (f->nsymptoms > 1)
			qsort(f->symptoms, f->nsymptoms, sizeof *f->symptoms,
			    rank_cmp_ptr);
	}
	for (i = 0; i < set->nroots; i++)
		set->roots[i]->rank = (int)i + 1;

	parents = xcalloc(g.n, sizeof *parents);
	for (i = 0; i < g.n; i++) {
		f = &g.f[i];
		if (!rank_current(f))
			continue;
		if (f->cause == NULL) {
			f->rank_reason = rank_reason_root(&g, i);
			continue;
		}
		for (k = in[i], np = 0; k < in[i + 1]; k++)
			parents[np++] = &g.f[from[k]];
		if (np > 1)
			qsort(parents, np, sizeof *parents, rank_cmp_ptr);
		f->rank_reason = rank_reason_symptom(&g, i, parents, np);
	}

	for (i = 0; i < g.n; i++)
		free(g.cyclenote[i]);
	free(g.cyclenote);
	for (i = 0; i < g.nedges; i++)
		free(g.edges[i].why);
	free(g.edges);
	free(g.out);
	free(in);
	free(from);
	free(parents);
	free(nsym);
}
