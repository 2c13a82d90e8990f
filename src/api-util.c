/*
 * The public helpers for programs that show results (include/mgtriage.h):
 * terminal escaping, times, output checks, versions.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <archive.h>
#include <cjson/cJSON.h>
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <sqlite3.h>
#include <yaml.h>

#include "mgtriage.h"
#include "match.h"
#include "output.h"
#include "mgt-time.h"
#include "report.h"
#include "util.h"

char *
mgt_term_escape(const char *s, size_t cols)
{
	return report_term(s != NULL ? s : "", cols);
}

char *
mgt_format_time(int64_t us, char *buf, size_t len)
{
	return time_format(us, buf, len);
}

int
mgt_parse_time(const char *s, int64_t *us)
{
	if (s == NULL || !time_parse(s, strlen(s), us))
		return -1;
	return 0;
}

int
mgt_check_output(const char *path, struct mgt_error *err)
{
	return output_check(path, err);
}

void
mgt_print_versions(FILE *f)
{
	char pcre[64] = "?";

	pcre2_config(PCRE2_CONFIG_VERSION, pcre);
	fprintf(f, "%s\nlibyaml %s, cJSON %s, PCRE2 %s, SQLite %s\n",
	    archive_version_details(), yaml_get_version_string(),
	    cJSON_Version(), pcre, sqlite3_libversion());
#ifdef MGT_WITH_JEMALLOC
	fputs("memory allocator: jemalloc\n", f);
#else
	fputs("memory allocator: the C library's malloc\n", f);
#endif
	fputs(matcher_simd_available() ? "rule literals: AVX2 prefilter (up "
	    "to 64 per file), automaton beyond\n" : "rule literals: "
	    "automaton (no AVX2, or MGTRIAGE_NO_SIMD)\n", f);
}
