/*
 * What a host needs to show and write what the engine returns
 * (include/mgtriage.h): times, terminal-safe text, tracked scratch files
 * and output files written through a temporary.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mgtriage.h"
#include "error.h"
#include "output.h"
#include "report.h"
#include "util.h"
#include "xmalloc.h"

char *
mgt_format_time(int64_t us, char *buf, size_t len)
{
	return util_format_ts(us, buf, len);
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
mgt_track_temporary(const char *path, int is_dir)
{
	return output_track(path, is_dir);
}

void
mgt_untrack_temporary(const char *path)
{
	output_untrack(path);
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
		rc = mgt_error_set(err, MGT_ERR_IO, *tmp, -1, 0,
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
			rc = mgt_error_set(err, MGT_ERR_IO, path, -1, 0,
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
