/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Lazy bodies: the bulky top-level field of kinds no rule or view reads
 * (a CustomResourceDefinition's spec, which holds its OpenAPI schema; an
 * APIRequestCount's status, which holds every user's requests by node and
 * hour) is stored as its YAML text and parsed only when a query reads the
 * object's document.  They were a third of what libyaml read of a real
 * must-gather.  doc/index-schema.md says how the index keeps them.
 */
#ifndef MGT_PARSE_LAZY_H
#define MGT_PARSE_LAZY_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "mgt-limits.h"
#include "problem.h"

struct parse_lazy {
	const char	*dir;		/* "/<group>/<resource>/" in the path */
	const char	*kind;		/* the object's kind, checked */
	const char	*key;		/* the top-level key kept as text */
	const char	*refuse;	/* a body holding this is parsed now */
};

/*
 * What of the file at vpath may be kept as text, or NULL.  Nothing when
 * lim's YAML depth, alias or document-size limits are not the defaults:
 * a body is parsed again with the defaults when read.
 */
const struct parse_lazy *parse_lazy_for(const char *vpath,
	    const struct mgt_limits *lim);

/*
 * The body the parser kept as text for obj (a root it handed over), with
 * the line of its "<key>:" in *line; NULL if none.
 */
const char	*parse_lazy_text(const cJSON *obj, long *line);

/*
 * The object's document (JSON, the lazy key's value null) with the body
 * (yaml, whose first line is "<key>:" at line) parsed into its place: a
 * new string (free()).  NULL if the body cannot be read, with the reason
 * in why.
 */
char	*parse_lazy_expand(const char *doc, const char *yaml, long line,
	    const char *vpath, const struct mgt_limits *, char *why,
	    size_t whylen);

#endif
