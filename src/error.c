/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The error record: filling it, formatting it, naming status codes.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "error.h"

void
mgt_error_clear(struct mgt_error *err)
{
	if (err == NULL)
		return;
	memset(err, 0, sizeof *err);
	err->offset = -1;
}

int
error_vset(struct mgt_error *err, int code, const char *where,
    long long offset, long line, const char *fmt, va_list ap)
{
	if (err == NULL)
		return code;
	err->code = code;
	snprintf(err->where, sizeof err->where, "%s", where ? where : "");
	err->offset = offset;
	err->line = line;
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	return code;
}

int
error_set(struct mgt_error *err, int code, const char *where,
    long long offset, long line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	error_vset(err, code, where, offset, line, fmt, ap);
	va_end(ap);
	return code;
}

const char *
mgt_error_format(const struct mgt_error *err, char *buf, size_t len)
{
	if (err->where[0] == '\0')
		snprintf(buf, len, "%s", err->msg);
	else if (err->line > 0)
		snprintf(buf, len, "%s:%ld: %s", err->where, err->line, err->msg);
	else if (err->offset >= 0)
		snprintf(buf, len, "%s: offset %lld: %s", err->where,
		    err->offset, err->msg);
	else
		snprintf(buf, len, "%s: %s", err->where, err->msg);
	return buf;
}

const char *
mgt_status_name(int code)
{
	switch (code) {
	case MGT_OK:		return "ok";
	case MGT_ERR_NOMEM:	return "nomem";
	case MGT_ERR_USAGE:	return "usage";
	case MGT_ERR_IO:	return "io";
	case MGT_ERR_FORMAT:	return "format";
	case MGT_ERR_LIMIT:	return "limit";
	case MGT_ERR_RULE:	return "rule";
	case MGT_ERR_DB:	return "db";
	case MGT_ERR_EMPTY:	return "empty";
	case MGT_ERR_INTERNAL:	return "internal";
	}
	return "unknown";
}

/* strerror_r() comes in two kinds (GNU returns the text, XSI fills buf and
 * returns 0); its type says which, with no configure check. */
static const char *
mgt_strerror_gnu(char *r, char *buf)
{
	(void)buf;
	return r;
}

static const char *
mgt_strerror_xsi(int r, char *buf)
{
	return r == 0 ? buf : "unknown error";
}

const char *
error_strerror(int e, char *buf, size_t len)
{
	if (len == 0)
		return "unknown error";
	buf[0] = '\0';
	return _Generic(strerror_r(e, buf, len),
	    char *: mgt_strerror_gnu,
	    int: mgt_strerror_xsi)(strerror_r(e, buf, len), buf);
}
