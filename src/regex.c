/*
 * Compiling a PCRE2 pattern a user typed, the same way for `grep` over
 * the inputs and for the regexp() SQL function (see regex.h).
 */
#include "config.h"

#include <stdio.h>

#include "jit.h"
#include "regex.h"
#include "xmalloc.h"

pcre2_code *
regex_compile(const char *pat, size_t len, char *msg, size_t msglen)
{
	PCRE2_UCHAR ebuf[256];
	PCRE2_SIZE eoff;
	pcre2_code *re;
	uint32_t opts = PCRE2_UTF;
	int ecode;

#ifdef PCRE2_MATCH_INVALID_UTF
	opts |= PCRE2_MATCH_INVALID_UTF;
#else
	opts |= PCRE2_NO_UTF_CHECK;
#endif
	re = pcre2_compile((PCRE2_SPTR)pat, len, opts, &ecode, &eoff, NULL);
	if (re == NULL) {
		if (ecode == PCRE2_ERROR_HEAP_FAILED)
			xmalloc_fail("PCRE2");
		pcre2_get_error_message(ecode, ebuf, sizeof ebuf);
		snprintf(msg, msglen, "invalid pattern at offset %zu: %s",
		    (size_t)eoff, (const char *)ebuf);
		return NULL;
	}
	/* Without JIT (unsupported CPU) the interpreter still works. */
	if (jit_wanted())
		(void)pcre2_jit_compile(re, PCRE2_JIT_COMPLETE);
	return re;
}
