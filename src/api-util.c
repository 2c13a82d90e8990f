/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What a host needs to show and write what the engine returns
 * (include/mgtriage.h): times, terminal-safe text, tracked scratch files,
 * output files written through a temporary, and the versions linked.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <archive.h>
#include <cjson/cJSON.h>
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <sqlite3.h>
#include <yaml.h>

#include "mgtriage.h"
#include "error.h"
#include "match.h"
#include "mgt-time.h"
#include "output.h"
#include "problem.h"
#include "report.h"
#include "source.h"
#include "util.h"
#include "xmalloc.h"

char *
mgt_format_time(int64_t us, char *buf, size_t len)
{
	return time_format(us, buf, len);
}

char *
mgt_term_escape(const char *s, size_t len, size_t max)
{
	char *esc, *out;
	size_t cap;

	if (s == NULL)
		return xstrdup("");
	/* util_escape_n keeps NUL bytes visible, report_term() adds the
	 * C1 and bidi controls it lets through. */
	cap = max > 0 ? max + 1 : 4 * len + 1;
	esc = xmalloc(cap);
	util_escape_n(s, len, esc, cap);
	out = report_term(esc, SIZE_MAX);
	free(esc);
	return out;
}

int
mgt_output_check(const char *path, struct mgt_error *err)
{
	return output_check(path, err);
}

int
mgt_output_open(const char *path, FILE **f, char **tmp,
    struct mgt_error *err)
{
	int fd, rc;

	*f = NULL;
	if ((rc = output_temp(path, tmp, &fd, err)) != MGT_OK)
		return rc;
	if ((*f = fdopen(fd, "w")) == NULL) {
		rc = error_set(err, MGT_ERR_IO, *tmp, -1, 0,
		    "cannot write: %s", strerror(errno));
		close(fd);
		output_discard(*tmp);
		return rc;
	}
	return MGT_OK;
}

int
mgt_output_close(FILE *f, char *tmp, const char *path, int commit,
    struct mgt_error *err)
{
	int rc = MGT_OK, bad;

	bad = ferror(f);
	if (fclose(f) != 0 || bad) {
		if (commit)
			rc = error_set(err, MGT_ERR_IO, path, -1, 0,
			    "cannot write: %s", strerror(errno));
		commit = 0;
	}
	if (commit)
		rc = output_commit(tmp, path, err);
	else
		output_discard(tmp);
	free(tmp);
	return rc;
}

int
mgt_parse_time(const char *s, int64_t *us)
{
	if (s == NULL || !time_parse(s, strlen(s), us))
		return -1;
	return 0;
}

void
mgt_print_versions(FILE *f, const struct mgt_options *opts)
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
	fputs(source_gzip_inflater(opts != NULL && opts->no_isal), f);
	fputc('\n', f);
	fputs(matcher_simd_available() && (opts == NULL || !opts->no_simd) ?
	    "rule literals: AVX2 prefilter (up to 64 per file), automaton "
	    "beyond\n" : "rule literals: automaton (no AVX2, or SIMD turned "
	    "off)\n", f);
}

const char *
mgt_problem_format(const struct mgt_problem *mp, char *buf, size_t len)
{
	struct problem p;

	p.severity = (enum problem_severity)mp->severity;
	p.code = mp->code;
	p.vpath = mp->where;
	p.offset = mp->offset;
	p.line = mp->line;
	p.message = mp->message;
	return problem_format(&p, buf, len);
}
