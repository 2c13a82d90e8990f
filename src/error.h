/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Status codes and the error record that carries details of a
 * failure up the call chain.  Foreign codes (ARCHIVE_*, SQLITE_*, PCRE2,
 * libyaml) are converted to these at module boundaries.
 */
#ifndef MGT_ERROR_H
#define MGT_ERROR_H

#include <stdarg.h>

#include "mgtriage.h"	/* enum mgt_status, struct mgt_error */

void	 mgt_error_clear(struct mgt_error *);
/* Fill err (if not NULL) and return code, so callers can write
 * "return error_set(err, MGT_ERR_IO, path, -1, 0, "...")". */
int	 error_set(struct mgt_error *, int code, const char *where,
	    long long offset, long line, const char *fmt, ...)
	    __attribute__((format(printf, 6, 7)));
int	 error_vset(struct mgt_error *, int code, const char *where,
	    long long offset, long line, const char *fmt, va_list)
	    __attribute__((format(printf, 6, 0)));
/* "where:line: msg" or "where: offset N: msg" into buf. */
const char *mgt_error_format(const struct mgt_error *, char *buf, size_t len);
/* Short stable name of a status, e.g. "io". */
const char *mgt_status_name(int code);
/*
 * strerror(e) for any thread: the text in buf (len bytes) or a constant
 * string, never a buffer shared between threads as strerror()'s may be.
 */
const char *error_strerror(int e, char *buf, size_t len);
/* error_strerror() with a buffer that lives to the end of the enclosing
 * block: for an argument list, "cannot open: %s", MGT_STRERROR(errno). */
#define MGT_STRERROR_MAX	128
#define MGT_STRERROR(e) \
	error_strerror((e), (char[MGT_STRERROR_MAX]){ 0 }, MGT_STRERROR_MAX)

#endif
