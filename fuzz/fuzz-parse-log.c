/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libFuzzer harness for the log-line parser: parse_log_line on the input
 * as one line (with and without a year hint), checking that every pointer
 * it returns stays inside the line, then parse_log_kv on the message and
 * time_scan() and time_parse() on the raw bytes.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mgt-time.h"
#include "parse-log.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* p[0..n) lies inside line[0..len) (or p is NULL and n is 0). */
static void
fuzz_inside(const char *line, size_t len, const char *p, size_t n)
{
	if (p == NULL) {
		if (n != 0)
			abort();
		return;
	}
	if (p < line || p > line + len || n > (size_t)(line + len - p))
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *keys[] = { "msg", "err", "pod", "node", "level" };
	const char *line = (const char *)data;
	struct log_record r;
	char out[64];
	enum time_zone zone;
	int64_t ts;
	size_t i;
	int hint;

	for (hint = 0; hint <= 2021; hint += 2021) {
		parse_log_line(line, size, hint, &r);
		fuzz_inside(line, size, r.msg, r.msg_len);
		fuzz_inside(line, size, r.host, r.host_len);
		fuzz_inside(line, size, r.ident, r.ident_len);
		fuzz_inside(line, size, r.src_file, r.src_file_len);
		if (r.prefix == LOG_PREFIX_NONE && r.msg != line)
			abort();
		if (r.ts_year_guessed && r.ts == LOG_TS_NONE)
			abort();
		for (i = 0; i < sizeof keys / sizeof keys[0]; i++) {
			if (parse_log_kv(r.msg, r.msg_len, keys[i], out,
			    sizeof out) && strlen(out) >= sizeof out)
				abort();
		}
	}
	if (time_scan(line, size, &ts, &zone) > size)
		abort();
	(void)time_parse(line, size, &ts);
	return 0;
}
