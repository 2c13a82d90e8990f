/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mgt_case_timeline(): the case's history (timeline.c), handed to the
 * caller one entry at a time.
 */
#include "config.h"

#include <string.h>

#include "api.h"
#include "error.h"
#include "timeline.h"

int
mgt_case_timeline(mgt_case *c, const char *node, int64_t since,
    int64_t until, mgt_event_fn fn, void *data, struct mgt_error *err)
{
	struct timeline_filter f;
	struct timeline tl;
	struct mgt_event ev;
	const struct report_event *e;
	size_t i;

	memset(&f, 0, sizeof f);
	f.node = node;
	f.since = since;
	f.until = until;
	timeline_init(&tl);
	/* A statement that failed is an error, never a shorter history. */
	if (timeline_build(c->db, &f, &tl, err) != MGT_OK) {
		timeline_free(&tl);
		return MGT_ERR_DB;
	}
	for (i = 0; i < tl.n && fn != NULL; i++) {
		e = &tl.events[i];
		ev.first_ts = e->first_ts;
		ev.last_ts = e->last_ts;
		ev.count = e->count;
		ev.what = e->what != NULL ? e->what : "";
		ev.where = e->where != NULL ? e->where : "";
		ev.nodes = e->nodes;
		if (fn(data, &ev) != 0)
			break;
	}
	timeline_free(&tl);
	return MGT_OK;
}
