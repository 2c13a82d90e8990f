/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Compiling a PCRE2 pattern the same way for rule patterns, for `grep`
 * over the inputs and for the regexp() SQL function (see regex.h).
 */
#include "config.h"

#include <stdio.h>

#include "regex.h"
#include "xmalloc.h"

pcre2_code *
regex_build(const char *pat, size_t len, int flags, size_t max_length,
    uint32_t parens_nest, int *jitted, char *msg, size_t msglen,
    size_t *erroff)
{
	pcre2_compile_context *cctx = NULL;
	PCRE2_UCHAR ebuf[256];
	PCRE2_SIZE eoff = 0;
	pcre2_code *re;
	uint32_t opts = PCRE2_UTF;
	int ecode;

#ifdef PCRE2_MATCH_INVALID_UTF
	opts |= PCRE2_MATCH_INVALID_UTF;
#else
	opts |= PCRE2_NO_UTF_CHECK;
#endif
	if (flags & REGEX_CASELESS)
		opts |= PCRE2_CASELESS;
	if (jitted != NULL)
		*jitted = 0;
	if (max_length > 0 || parens_nest > 0) {
		if ((cctx = pcre2_compile_context_create(NULL)) == NULL)
			xmalloc_fail("PCRE2 compile context");
		if (max_length > 0)
			pcre2_set_max_pattern_length(cctx, max_length);
		if (parens_nest > 0)
			pcre2_set_parens_nest_limit(cctx, parens_nest);
	}
	re = pcre2_compile((PCRE2_SPTR)pat, len, opts, &ecode, &eoff, cctx);
	pcre2_compile_context_free(cctx);
	if (re == NULL) {
		if (ecode == PCRE2_ERROR_HEAP_FAILED)
			xmalloc_fail("PCRE2");
		pcre2_get_error_message(ecode, ebuf, sizeof ebuf);
		snprintf(msg, msglen, "%s", (const char *)ebuf);
		if (erroff != NULL)
			*erroff = (size_t)eoff;
		return NULL;
	}
	/* Without JIT (unsupported CPU) the interpreter still works. */
	if (!(flags & REGEX_NO_JIT) &&
	    pcre2_jit_compile(re, PCRE2_JIT_COMPLETE) == 0 && jitted != NULL)
		*jitted = 1;
	return re;
}

pcre2_code *
regex_compile(const char *pat, size_t len, int flags, char *msg,
    size_t msglen)
{
	char why[256];
	size_t off = 0;
	pcre2_code *re;

	re = regex_build(pat, len, flags, 0, 0, NULL, why, sizeof why, &off);
	if (re == NULL)
		snprintf(msg, msglen, "invalid pattern at offset %zu: %s", off,
		    why);
	return re;
}

pcre2_match_context *
regex_match_context(uint32_t match_limit, uint32_t depth_limit,
    uint32_t heap_kib)
{
	pcre2_match_context *mctx;

	if ((mctx = pcre2_match_context_create(NULL)) == NULL)
		xmalloc_fail("PCRE2 match context");
	if (match_limit > 0)
		pcre2_set_match_limit(mctx, match_limit);
	if (depth_limit > 0)
		pcre2_set_depth_limit(mctx, depth_limit);
	if (heap_kib > 0)
		pcre2_set_heap_limit(mctx, heap_kib);
	return mctx;
}
