/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Now versus then: a finding's evidence may be an episode that ended long
 * before the gather (install-time noise in a previous container's log, a
 * kubelet that was refused for half an hour until its CSR was approved).
 * Such a finding is history: listed and in the timeline, never ranked as
 * a current root cause.  Two tests decide it:
 *
 *   - the rule's `current` expression, over its own evidence items, must
 *     hold (the end state of the object: node annotations, Ready, pools);
 *   - `when` must still hold when the log items whose hits are all old
 *     are left out.  A hit is recent when it is no more than `recent`
 *     before the end of its log, or before the gather; a previous
 *     container's log only counts against the gather time (that container
 *     restarted; its log ends at the crash, not at now).  So a rule that
 *     also reads the end state (a node still NotReady) stays current.
 *
 * A hit without a time cannot be placed, so it keeps the finding current.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "eval-private.h"
#include "index-read.h"
#include "mgt-time.h"
#include "parse-log.h"
#include "xmalloc.h"

/* The newest hit seen, for the reason sentence. */
struct eval_newest {
	int64_t		 ts;
	int64_t		 end;		/* its log's end, INT64_MIN if none */
	const char	*source;
	int		 previous;
};

/* One hit: is it recent?  The newest stale one goes into nw. */
static int
eval_state_hit(struct eval_ctx *c, struct eval_newest *nw, const char *src,
    int64_t ts, int *fresh, struct mgt_error *err)
{
	int64_t end = INT64_MIN, recent;
	int previous = 0;

	if (ts == LOG_TS_NONE || src == NULL) {
		*fresh = 1;
		return MGT_OK;
	}
	if (index_catalogue_end(c->cat, src, &end, &previous, err) != MGT_OK)
		return MGT_ERR_DB;
	recent = c->rule->recent_us > 0 ? c->rule->recent_us :
	    RULE_RECENT_DEFAULT_US;
	if ((!previous && (end == INT64_MIN || ts >= end - recent)) ||
	    (c->gather_ts != INT64_MIN && ts >= c->gather_ts - recent)) {
		*fresh = 1;
		return MGT_OK;
	}
	if (nw->source == NULL || ts > nw->ts) {
		nw->ts = ts;
		nw->end = end;
		nw->source = src;
		nw->previous = previous;
	}
	return MGT_OK;
}

/* Does log item it have a recent hit (in the groups that hold)? */
static int
eval_state_item(struct eval_ctx *c, const struct eval_item *it,
    struct eval_newest *nw, int *fresh, struct mgt_error *err)
{
	size_t j;

	*fresh = 0;
	if (it->exact) {
		for (j = 0; j < it->ntallies && !*fresh; j++)
			if (it->tallies[j].keep && eval_state_hit(c, nw,
			    it->tallies[j].source, it->tallies[j].last_ts,
			    fresh, err) != MGT_OK)
				return MGT_ERR_DB;
		return MGT_OK;
	}
	for (j = 0; j < it->nrows && !*fresh; j++)
		if (it->rows[j].keep == 1 && eval_state_hit(c, nw,
		    it->rows[j].source, it->rows[j].ts, fresh, err) != MGT_OK)
			return MGT_ERR_DB;
	return MGT_OK;
}

struct eval_fresh {
	struct eval_ctx	*c;
	unsigned char	*fresh;
};

static int
eval_state_lookup(void *ctx, size_t i)
{
	struct eval_fresh *ef = ctx;

	return i < ef->c->nitems && ef->c->items[i].holds && ef->fresh[i];
}

int
eval_state(struct eval_ctx *c, struct finding *f, struct mgt_error *err)
{
	const struct rule *rule = c->rule;
	struct eval_newest nw;
	struct eval_fresh ef;
	struct mgt_error e;
	char when[64], end[64], ago[32];
	size_t i;
	int fresh, holds, stale = 0;

	f->state = FINDING_CURRENT;
	if (rule->current != NULL &&
	    !rule_expr_eval(rule->current, eval_lookup_holds, c)) {
		f->state = FINDING_HISTORY;
		xasprintf(&f->state_reason, "its end state does not hold at "
		    "gather time (current: %s)", rule->current_text);
		return MGT_OK;
	}
	/* Does `when` still hold with the stale log items left out? */
	memset(&nw, 0, sizeof nw);
	ef.c = c;
	ef.fresh = xcalloc(c->nitems + 1, 1);
	for (i = 0; i < c->nitems; i++) {
		ef.fresh[i] = 1;
		if (!c->items[i].holds ||
		    c->items[i].ev->type != RULE_EVIDENCE_PATTERN)
			continue;
		mgt_error_clear(&e);
		if (eval_state_item(c, &c->items[i], &nw, &fresh, &e) !=
		    MGT_OK) {
			free(ef.fresh);
			return error_set(err, MGT_ERR_DB, "", -1, 0, "rule %s: "
			    "reading where its logs end: %s", rule->id, e.msg);
		}
		ef.fresh[i] = (unsigned char)fresh;
		stale |= !fresh;
	}
	if (!stale)
		holds = 1;
	else if (rule->when != NULL)
		holds = rule_expr_eval(rule->when, eval_state_lookup, &ef);
	else
		for (holds = 1, i = 0; i < c->nitems; i++)
			holds = holds && eval_state_lookup(&ef, i);
	free(ef.fresh);
	if (holds || nw.source == NULL)
		return MGT_OK;
	f->state = FINDING_HISTORY;
	time_format_brief(nw.ts, when, sizeof when);
	if (nw.previous)
		xasprintf(&f->state_reason, "last seen %s in a previous "
		    "container's log; the container restarted since", when);
	else if (nw.end != INT64_MIN) {
		time_format_brief(nw.end, end, sizeof end);
		xasprintf(&f->state_reason, "last seen %s, %s before its log "
		    "ends (%s)", when, time_format_span(nw.end - nw.ts, 2,
		    ago, sizeof ago), end);
	} else
		xasprintf(&f->state_reason, "last seen %s, %s before the "
		    "gather", when, time_format_span(c->gather_ts - nw.ts,
		    2, ago, sizeof ago));
	return MGT_OK;
}
