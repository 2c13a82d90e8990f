/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Turning resource files into JSON objects: YAML (libyaml events, one
 * document at a time, multi-document streams) or JSON (cJSON), with every
 * *List split into its items.  Bounded: document size, nesting depth,
 * aliases, documents per file.
 */
#ifndef MGT_PARSE_RESOURCE_H
#define MGT_PARSE_RESOURCE_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "mgt-limits.h"
#include "parse-lazy.h"
#include "problem.h"

/*
 * Called once per object.  obj belongs to the parser and is freed after the
 * call returns (detach or duplicate what you keep).  line is the 1-based
 * line where the object starts (for List items: where the item starts).
 * Return MGT_OK to go on, anything else stops the parse.
 */
typedef int (*resource_fn)(void *ctx, const cJSON *obj, long line);

/*
 * Parse buf (len bytes, need not be NUL-terminated) as YAML or JSON,
 * detected from the first non-blank byte.  Problems (syntax errors with
 * line and column, depth or alias limits, non-mapping documents) are
 * reported to sink against vpath; objects before the error are still
 * delivered.  Returns the number of objects delivered, or -1 if the callback
 * stopped the parse.
 *
 * Scalars: YAML plain scalars that are JSON numbers become cJSON raw numbers
 * (text kept exactly), true/false/null become JSON literals, all else
 * strings; folded and literal block scalars come out as the strings they
 * denote.  Custom tags are ignored (the value is kept as data).
 */
long	 parse_resource_buffer(const char *buf, size_t len, const char *vpath,
	    const struct mgt_limits *, const struct problem_sink *,
	    resource_fn, void *ctx);

/*
 * The same, but each object is handed over: the callback owns obj (it must
 * cJSON_Delete it) even when it returns a stop.  Lets one thread parse and
 * another index.  With lazy (parse_lazy_for()), an object may come with
 * its bulky body kept as text (parse_lazy_text()).
 */
typedef int (*resource_take_fn)(void *ctx, cJSON *obj, long line);
long	 parse_resource_buffer_take(const char *buf, size_t len,
	    const char *vpath, const struct mgt_limits *,
	    const struct parse_lazy *lazy, const struct problem_sink *,
	    resource_take_fn, void *ctx);

/*
 * Parse one YAML or JSON document into a tree (for embedded documents such
 * as the install-config inside cluster-config-v1).  Returns a new tree the
 * caller frees with cJSON_Delete, or NULL (problem reported).
 */
cJSON	*parse_resource_document(const char *buf, size_t len,
	    const char *vpath, long first_line, const struct mgt_limits *,
	    const struct problem_sink *);

#endif
