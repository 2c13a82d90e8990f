/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Between the resource parsers only: parse-resource.c (format choice,
 * JSON, number text, duplicate keys) and parse-yaml.c (YAML events to
 * cJSON trees) call each other through these.  Not for other modules.
 */
#ifndef MGT_PARSE_PRIVATE_H
#define MGT_PARSE_PRIVATE_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "mgt-limits.h"
#include "parse-lazy.h"
#include "problem.h"

/*
 * Takes one document's root (owned from then on) with its first line and,
 * for a root mapping with an "items" sequence, each element's line.
 * Nonzero stops the stream.
 */
typedef int (*parse_doc_fn)(void *arg, cJSON *root, long line,
    const long *item_lines, size_t nitem_lines);

/* parse-yaml.c: a YAML stream to fn, a document at a time; the documents
 * given, or -1 if fn stopped it. */
long	 parse_yaml_stream(const char *, size_t, const char *, long,
	    const struct mgt_limits *, const struct parse_lazy *,
	    const struct problem_sink *, parse_doc_fn, void *);

/* parse-resource.c: the last of duplicate keys wins, earlier ones go to
 * graveyard (or are deleted when it is NULL). */
void	 parse_resource_dedupe(cJSON *, cJSON *);
/* parse-resource.c: a scalar node as a raw number of exactly that text. */
void	 parse_resource_number(cJSON *, const char *, size_t);
/* parse-resource.c: out of memory inside a parser: message, exit. */
void	 parse_resource_oom(void) __attribute__((noreturn));

#endif
