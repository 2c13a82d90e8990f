/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libFuzzer harness for the resource reader: YAML and JSON streams through
 * parse_resource_buffer (List splitting, limits, recovery) and
 * parse_resource_document.  The first byte picks tight or default limits so
 * the depth, alias and document caps are reached often.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "limits.h"
#include "parse-resource.h"
#include "problem.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void
fuzz_problem(void *ctx, const struct problem *p)
{
	/* Touch the strings so a dangling pointer shows up. */
	*(size_t *)ctx += strlen(p->message) + strlen(p->code) +
	    (size_t)p->line;
}

static int
fuzz_object(void *ctx, const cJSON *obj, long line)
{
	char *s;

	/* Printing walks the whole tree, raw numbers included. */
	if ((s = cJSON_PrintUnformatted(obj)) != NULL) {
		*(size_t *)ctx += strlen(s) + (size_t)line;
		free(s);
	}
	return MGT_OK;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mgt_limits lim;
	struct problem_sink sink;
	size_t sum = 0;
	cJSON *doc;

	limits_default(&lim);
	if (size > 0) {
		if (data[0] & 1) {
			lim.yaml_max_depth = 8;
			lim.yaml_max_aliases = 4;
			lim.max_docs_per_file = 5;
		}
		data++;
		size--;
	}
	sink.fn = fuzz_problem;
	sink.ctx = &sum;
	parse_resource_buffer((const char *)data, size, "fuzz", &lim, &sink,
	    fuzz_object, &sum);
	doc = parse_resource_document((const char *)data, size, "fuzz", 1,
	    &lim, &sink);
	cJSON_Delete(doc);
	return sum == (size_t)-1;
}
