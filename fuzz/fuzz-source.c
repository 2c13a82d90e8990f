/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libFuzzer harness for the archive walker: the input is written to a
 * private file and walked as a top-level input with small limits, reading
 * every member to its end, so every libarchive format and filter path and
 * our nesting, naming and limit code see hostile bytes.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "mgt-limits.h"
#include "problem.h"
#include "source.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static int
fuzz_member(void *ctx, struct source_member *m)
{
	const void *buf;
	size_t len;

	(void)ctx;
	if (strlen(m->vpath) == 0 || m->path == NULL)
		abort();
	while (m->type == SOURCE_REGULAR && source_read(m, &buf, &len) > 0)
		if (len > 0 && buf == NULL)
			abort();
	return MGT_OK;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[64];
	struct mgt_limits lim;
	struct mgt_error err;
	struct problem_sink sink = { NULL, NULL };
	FILE *f;

	if (path[0] == '\0')
		snprintf(path, sizeof path, "/tmp/mgt-fuzz-source-%ld",
		    (long)getpid());
	if ((f = fopen(path, "wb")) == NULL)
		return 0;
	fwrite(data, 1, size, f);
	fclose(f);
	limits_default(&lim);
	lim.max_member_bytes = 1 << 20;
	lim.max_total_bytes = 8 << 20;
	lim.max_members_total = 1000;
	mgt_error_clear(&err);
	(void)source_walk(path, &lim, &sink, fuzz_member, NULL, NULL, &err);
	return 0;
}
