/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The finding set: an array of fired findings that owns their strings and
 * evidence, plus the ranked tree rank_findings() builds over it.  Adding a
 * finding drops any earlier ranking, because the array may move.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "finding.h"
#include "xmalloc.h"

void
finding_set_init(struct finding_set *set)
{
	memset(set, 0, sizeof *set);
}

/*
 * Free what rank_findings() filled in and reset those fields, leaving the
 * findings themselves.  Used before re-ranking and when the array grows.
 */
void
finding_set_unrank(struct finding_set *set)
{
	struct finding *f;
	size_t i;

	for (i = 0; i < set->nfindings; i++) {
		f = &set->findings[i];
		free(f->symptoms);
		free(f->rank_reason);
		f->cause = NULL;
		f->symptoms = NULL;
		f->nsymptoms = 0;
		f->nexplained = 0;
		f->rank = 0;
		f->rank_reason = NULL;
	}
	free(set->roots);
	set->roots = NULL;
	set->nroots = 0;
	free(set->history);
	set->history = NULL;
	set->nhistory = 0;
	free(set->suppressed);
	set->suppressed = NULL;
	set->nsuppressed = 0;
}

static void
finding_evidence_free(struct finding_evidence *e)
{
	free(e->item);
	free(e->source);
	free(e->node);
	free(e->text);
	free(e->object);
	free(e->field);
	free(e->value);
}

void
finding_set_free(struct finding_set *set)
{
	struct finding *f;
	size_t i, j;

	finding_set_unrank(set);
	for (i = 0; i < set->nfindings; i++) {
		f = &set->findings[i];
		free(f->summary);
		free(f->component);
		free(f->state_reason);
		for (j = 0; j < f->nevidence; j++)
			finding_evidence_free(&f->evidence[j]);
		free(f->evidence);
	}
	free(set->findings);
	memset(set, 0, sizeof *set);
}

/*
 * The new finding is zeroed with first_ts and last_ts unknown (INT64_MIN).
 * The returned pointer is valid until the next finding_set_add() or
 * rank_findings(), which sorts the array.
 */
struct finding *
finding_set_add(struct finding_set *set)
{
	struct finding *f;

	if (set->roots != NULL)
		finding_set_unrank(set);
	set->findings = xreallocarray(set->findings, set->nfindings + 1,
	    sizeof *set->findings);
	f = &set->findings[set->nfindings++];
	memset(f, 0, sizeof *f);
	f->first_ts = INT64_MIN;
	f->last_ts = INT64_MIN;
	return f;
}

char *
finding_label(const struct finding *f)
{
	const char *id = f->rule != NULL && f->rule->id != NULL ?
	    f->rule->id : "?";
	char *s;

	if (f->component == NULL)
		return xstrdup(id);
	xasprintf(&s, "%s (%s)", id, f->component);
	return s;
}

const char *
finding_state_name(enum finding_state s)
{
	switch (s) {
	case FINDING_HISTORY:
		return "history";
	case FINDING_SUPPRESSED:
		return "suppressed";
	default:
		return "current";
	}
}
