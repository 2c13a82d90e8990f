/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The installer's bootstrap service records: a JSON array of entries
 * ({"timestamp", "phase", "result", "stage", "preCommand", "postCommand",
 * "errorLine", "errorMessage"}), one file per service, that
 * bootstrap-service-record.sh appends to with jq and installer-gather.sh
 * copies to bootstrap/services/<service>.json of the log bundle.
 *
 * The file is read entry by entry, so an entry that is not JSON, or a file
 * cut short, costs that entry and what follows the cut, not the entries
 * before it.
 */
#ifndef MGT_PARSE_BOOTSTRAP_H
#define MGT_PARSE_BOOTSTRAP_H

#include <stddef.h>

#include <cjson/cJSON.h>

/* Entries read from one file; past it the scan stops (the caller says so). */
#define BOOTSTRAP_ENTRIES_MAX	10000

enum bootstrap_event {
	BOOTSTRAP_ENTRY,	/* obj: an entry (a JSON object) */
	BOOTSTRAP_BAD_ENTRY,	/* an element that is not a JSON object; why */
	BOOTSTRAP_NOT_ARRAY,	/* the file does not start with '['; why */
	BOOTSTRAP_CUT,		/* the file ends before the array closes */
	BOOTSTRAP_LIMIT		/* BOOTSTRAP_ENTRIES_MAX entries read: stopped */
};

struct bootstrap_item {
	enum bootstrap_event	 event;
	long			 seq;	/* the element's position, from 0 */
	size_t			 offset; /* where the element starts */
	long			 line;	/* and its line, from 1 */
	const cJSON		*obj;	/* BOOTSTRAP_ENTRY: valid in the call */
	const char		*why;	/* the other events */
};

/*
 * Scan buf (len bytes; need not be NUL-terminated) and call fn for each
 * element and each fault, in order.  fn returns 0 to go on, non-zero to
 * stop (returned).  Returns 0 when the scan ended by itself.
 */
int	 bootstrap_scan(const char *buf, size_t len,
	    int (*fn)(void *, const struct bootstrap_item *), void *ctx);

#endif
