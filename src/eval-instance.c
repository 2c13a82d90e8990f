/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Instances: a rule with `for_each: COLUMN` makes one finding per value of
 * that column, so ten degraded operators are ten findings that rank, and
 * explain one another, on their own.  min, window and group_by have been
 * applied to the whole item before the split; an item without the column
 * (a cluster-wide fact) is shared by every instance.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "eval-private.h"
#include "parse-log.h"
#include "xmalloc.h"

/* The value of the for_each column in row r, and whether r has it. */
static const char *
eval_instance_key(const struct eval_ctx *c, const struct eval_row *r,
    int *found)
{
	const char *col = c->rule->for_each;
	const char *v;

	v = eval_kv_get(r, col, found);
	if (*found)
		return v;
	if (strcmp(col, "node") == 0) {
		*found = 1;
		return r->node;
	}
	if (strcmp(col, "source") == 0) {
		*found = 1;
		return r->source;
	}
	return NULL;
}

/* Does the for_each column split item it's tallies (it groups by it)? */
static int
eval_instance_tallied(const struct eval_ctx *c, const struct eval_item *it)
{
	const char *col = c->rule->for_each;

	if (it->ev->type != RULE_EVIDENCE_PATTERN || it->ntallies == 0)
		return 0;
	return strcmp(col, "node") == 0 || strcmp(col, "source") == 0 ||
	    (it->ev->group_by != NULL && strcmp(it->ev->group_by, col) == 0);
}

static const char *
eval_instance_tally_key(const struct eval_ctx *c, const struct eval_item *it,
    const struct eval_tally *t)
{
	const char *col = c->rule->for_each;

	if (strcmp(col, "node") == 0)
		return t->node;
	if (strcmp(col, "source") == 0)
		return t->source;
	return eval_tally_key(it, t);
}

static int
eval_instance_has(const struct eval_ctx *c, const struct eval_item *it)
{
	size_t j;
	int found;

	if (eval_instance_tallied(c, it))
		return 1;
	for (j = 0; j < it->nrows; j++) {
		(void)eval_instance_key(c, &it->rows[j], &found);
		if (found)
			return 1;
	}
	return 0;
}

static int
eval_instance_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
eval_instance_add(char ***vals, size_t *n, const char *v)
{
	size_t i;

	if (v == NULL)
		return;
	for (i = 0; i < *n; i++)
		if (strcmp((*vals)[i], v) == 0)
			return;
	*vals = xreallocarray(*vals, *n + 1, sizeof **vals);
	(*vals)[(*n)++] = xstrdup(v);
}

char **
eval_instances(struct eval_ctx *c, size_t *n, size_t *over)
{
	const struct eval_item *it;
	char **vals = NULL;
	const char *v;
	size_t i, j;
	int found;

	*n = 0;
	*over = 0;
	/* Whether the column splits an item is the same for every value:
	 * decided once here, not per instance. */
	for (i = 0; i < c->nitems; i++)
		c->items[i].keyed = eval_instance_has(c, &c->items[i]);
	for (i = 0; i < c->nitems; i++) {
		it = &c->items[i];
		if (!it->holds)
			continue;
		if (eval_instance_tallied(c, it)) {
			for (j = 0; j < it->ntallies; j++)
				if (it->tallies[j].keep)
					eval_instance_add(&vals, n,
					    eval_instance_tally_key(c, it,
					    &it->tallies[j]));
			continue;
		}
		for (j = 0; j < it->nrows; j++) {
			if (it->rows[j].keep != 1)
				continue;
			v = eval_instance_key(c, &it->rows[j], &found);
			if (found)
				eval_instance_add(&vals, n, v);
		}
	}
	if (*n > 1)
		qsort(vals, *n, sizeof *vals, eval_instance_cmp);
	if (*n > RULE_MAX_INSTANCES) {
		*over = *n - RULE_MAX_INSTANCES;
		for (i = RULE_MAX_INSTANCES; i < *n; i++)
			free(vals[i]);
		*n = RULE_MAX_INSTANCES;
	}
	return vals;
}

static void
eval_instance_span(struct eval_item *it, int64_t first, int64_t last)
{
	if (first == LOG_TS_NONE)
		return;
	if (it->first_ts == LOG_TS_NONE || first < it->first_ts)
		it->first_ts = first;
	if (it->last_ts == LOG_TS_NONE || last > it->last_ts)
		it->last_ts = last;
}

void
eval_instance_narrow(struct eval_ctx *c, const char *v)
{
	struct eval_item *it;
	struct eval_saved *sv;
	const char *k;
	size_t i, j;
	int found, tallied;

	for (i = 0; i < c->nitems; i++) {
		it = &c->items[i];
		sv = &it->saved;
		sv->narrowed = 0;
		if (!it->keyed)
			continue;
		sv->narrowed = 1;
		sv->rowkeep = xcalloc(it->nrows + 1, sizeof *sv->rowkeep);
		sv->tallykeep = xcalloc(it->ntallies + 1,
		    sizeof *sv->tallykeep);
		sv->count = it->count;
		sv->holds = it->holds;
		sv->exact = it->exact;
		sv->first_ts = it->first_ts;
		sv->last_ts = it->last_ts;
		tallied = eval_instance_tallied(c, it);

		it->count = 0;
		it->first_ts = it->last_ts = LOG_TS_NONE;
		for (j = 0; j < it->ntallies; j++) {
			sv->tallykeep[j] = it->tallies[j].keep;
			if (!tallied)
				continue;
			k = eval_instance_tally_key(c, it, &it->tallies[j]);
			if (it->tallies[j].keep && eval_keycmp(k, v) != 0)
				it->tallies[j].keep = 0;
			if (it->tallies[j].keep) {
				it->count += it->tallies[j].seen;
				eval_instance_span(it,
				    it->tallies[j].first_ts,
				    it->tallies[j].last_ts);
			}
		}
		for (j = 0; j < it->nrows; j++) {
			sv->rowkeep[j] = it->rows[j].keep;
			k = eval_instance_key(c, &it->rows[j], &found);
			if (it->rows[j].keep == 1 && (!found ||
			    eval_keycmp(k, v) != 0))
				it->rows[j].keep = -1;
			if (!tallied && it->rows[j].keep == 1)
				it->count++;
		}
		/* Without tallies split by the column, times come from the
		 * rows that are left. */
		it->exact = tallied && sv->exact;
		it->holds = sv->holds && it->count > 0;
	}
}

void
eval_instance_restore(struct eval_ctx *c)
{
	struct eval_item *it;
	struct eval_saved *sv;
	size_t i, j;

	for (i = 0; i < c->nitems; i++) {
		it = &c->items[i];
		sv = &it->saved;
		if (!sv->narrowed)
			continue;
		for (j = 0; j < it->nrows; j++)
			it->rows[j].keep = sv->rowkeep[j];
		for (j = 0; j < it->ntallies; j++)
			it->tallies[j].keep = sv->tallykeep[j];
		it->count = sv->count;
		it->holds = sv->holds;
		it->exact = sv->exact;
		it->first_ts = sv->first_ts;
		it->last_ts = sv->last_ts;
		free(sv->rowkeep);
		free(sv->tallykeep);
		memset(sv, 0, sizeof *sv);
	}
}
