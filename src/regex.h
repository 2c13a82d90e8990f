/*
 * Compiling a PCRE2 pattern a user typed (grep, SQL regexp()): UTF, with
 * invalid UTF-8 in the subject tolerated (log lines carry any bytes), and
 * JIT-compiled unless MGTRIAGE_NO_JIT says not to.
 */
#ifndef MGT_REGEX_H
#define MGT_REGEX_H

#include <stddef.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

/* The compiled pattern, or NULL with "invalid pattern at offset N: why"
 * in msg. */
pcre2_code	*regex_compile(const char *pat, size_t len, char *msg,
		    size_t msglen);

#endif
