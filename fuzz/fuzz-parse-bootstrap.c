/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libFuzzer harness for the bootstrap service-record scanner: any bytes
 * go through bootstrap_scan(); events come in order (seq and offset never
 * go back, offsets stay inside the input), every entry is a JSON object,
 * and at most BOOTSTRAP_ENTRIES_MAX entries are handed out.  A second scan
 * stopped after the first event must stop there.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cjson/cJSON.h>

#include "parse-bootstrap.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

struct fuzz_run {
	size_t		 len;
	long		 entries;
	long		 events;
	long		 last_seq;
	size_t		 last_offset;
};

static int
fuzz_item(void *ctx, const struct bootstrap_item *it)
{
	struct fuzz_run *r = ctx;

	if (it->offset > r->len || it->line < 1)
		abort();
	if (r->events > 0 && (it->seq < r->last_seq ||
	    it->offset < r->last_offset))
		abort();
	if (it->event == BOOTSTRAP_ENTRY) {
		if (it->obj == NULL || !cJSON_IsObject(it->obj))
			abort();
		if (++r->entries > BOOTSTRAP_ENTRIES_MAX)
			abort();
	} else if (it->why == NULL && it->event != BOOTSTRAP_CUT &&
	    it->event != BOOTSTRAP_LIMIT)
		abort();
	r->last_seq = it->seq;
	r->last_offset = it->offset;
	r->events++;
	return 0;
}

static int
fuzz_stop(void *ctx, const struct bootstrap_item *it)
{
	long *n = ctx;

	(void)it;
	(*n)++;
	return 7;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_run r = { size, 0, 0, 0, 0 };
	long n = 0;
	int rc;

	if (bootstrap_scan((const char *)data, size, fuzz_item, &r) != 0)
		abort();
	rc = bootstrap_scan((const char *)data, size, fuzz_stop, &n);
	if ((r.events > 0) != (rc == 7) || n != (r.events > 0))
		abort();
	return 0;
}
