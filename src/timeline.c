/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Building timelines from the index.  Repeating things fold into one entry
 * with a count and a time span ("In bootstrap mode x 4,312, 10:02-11:45,
 * control1, control2"), so an hour of a looping daemon reads as one line.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "index-read.h"
#include "timeline.h"
#include "util.h"
#include "xmalloc.h"

/* Longest "what" text kept per entry. */
#define TIMELINE_WHAT_MAX 300

void
timeline_init(struct timeline *tl)
{
	memset(tl, 0, sizeof *tl);
}

void
timeline_free(struct timeline *tl)
{
	size_t i;

	for (i = 0; i < tl->n; i++) {
		free((char *)tl->events[i].what);
		free((char *)tl->events[i].where);
		free((char *)tl->events[i].nodes);
	}
	free(tl->events);
	timeline_init(tl);
}

static char *
timeline_cut(const char *s)
{
	char buf[TIMELINE_WHAT_MAX * 4 + 8];
	size_t n;

	if (s == NULL)
		return xstrdup("");
	n = strlen(s);
	util_escape_n(s, n > TIMELINE_WHAT_MAX ? TIMELINE_WHAT_MAX : n, buf,
	    sizeof buf);
	if (n > TIMELINE_WHAT_MAX)
		strcat(buf, "...");
	return xstrdup(buf);
}

static int
timeline_strcmp_p(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * A comma-joined list sorted and each name once (the lists of several
 * files are joined), so its order never depends on a scan's.
 */
static char *
timeline_sorted_list(const char *list)
{
	char *copy, *p, *save, **v = NULL, *out;
	size_t n = 0, i, k;

	copy = xstrdup(list);
	for (p = strtok_r(copy, ",", &save); p != NULL;
	    p = strtok_r(NULL, ",", &save)) {
		v = xreallocarray(v, n + 1, sizeof *v);
		v[n++] = p;
	}
	if (n > 1)
		qsort(v, n, sizeof *v, timeline_strcmp_p);
	for (i = k = 0; i < n; i++)
		if (k == 0 || strcmp(v[k - 1], v[i]) != 0)
			v[k++] = v[i];
	out = util_sort_join(v, k, ",");
	free(v);
	free(copy);
	return out;
}

static void
timeline_add(struct timeline *tl, int64_t first, int64_t last, long count,
    const char *what, const char *where, const char *nodes)
{
	struct report_event *e;

	tl->events = xreallocarray(tl->events, tl->n + 1, sizeof *tl->events);
	e = &tl->events[tl->n++];
	e->first_ts = first;
	e->last_ts = last;
	e->count = count;
	e->what = timeline_cut(what);
	e->where = xstrdup(where ? where : "");
	e->nodes = nodes != NULL && *nodes != '\0' ?
	    timeline_sorted_list(nodes) : NULL;
}

static int
timeline_cmp(const void *a, const void *b)
{
	const struct report_event *x = a, *y = b;
	int c;

	if (x->first_ts != y->first_ts)
		return x->first_ts < y->first_ts ? -1 : 1;
	if ((c = strcmp(x->what, y->what)) != 0)
		return c;
	return strcmp(x->where, y->where);
}

static void
timeline_sort(struct timeline *tl)
{
	if (tl->n > 1)
		qsort(tl->events, tl->n, sizeof *tl->events, timeline_cmp);
}

/* One row of index-read.c: an entry. */
static int
timeline_row(void *data, const struct index_event_row *r)
{
	timeline_add(data, r->first_ts, r->last_ts, r->count, r->what,
	    r->where, r->nodes);
	return 0;
}

int
timeline_for_findings(sqlite3 *db, const struct finding_set *fs,
    struct timeline *tl, struct mgt_error *err)
{
	size_t i, j;

	for (i = 0; i < fs->nfindings; i++) {
		/* A rule with for_each makes several findings; its hits go in
		 * once, for the first of them. */
		for (j = 0; j < i; j++)
			if (fs->findings[j].rule == fs->findings[i].rule)
				break;
		if (j < i)
			continue;
		if (index_read_hit_spans(db, fs->findings[i].rule->id, NULL,
		    INT64_MIN, INT64_MAX, timeline_row, tl, err) != MGT_OK)
			return MGT_ERR_DB;
	}
	timeline_sort(tl);
	return MGT_OK;
}

int
timeline_build(sqlite3 *db, const struct timeline_filter *f,
    struct timeline *tl, struct mgt_error *err)
{
	/* A statement that fails is an error, never a shorter timeline. */
	if (index_read_conditions(db, f->node, f->since, f->until,
	    timeline_row, tl, err) != MGT_OK ||
	    index_read_events(db, f->node, f->since, f->until, timeline_row,
	    tl, err) != MGT_OK ||
	    index_read_hit_spans(db, NULL, f->node, f->since, f->until,
	    timeline_row, tl, err) != MGT_OK)
		return MGT_ERR_DB;
	timeline_sort(tl);
	return MGT_OK;
}
