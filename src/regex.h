/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Compiling PCRE2 patterns the one way the engine does, for rule patterns
 * (match.c), patterns a user typed (grep) and the regexp() SQL function:
 * UTF, with invalid UTF-8 in the subject tolerated (log lines carry any
 * bytes), and JIT-compiled unless the caller's settings say not to.
 */
#ifndef MGT_REGEX_H
#define MGT_REGEX_H

#include <stddef.h>
#include <stdint.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

/* Flags for regex_build() and regex_compile(). */
#define REGEX_CASELESS	0x1
#define REGEX_NO_JIT	0x2	/* the interpreter only (valgrind) */

/*
 * Compile pat[0..len) with flags; max_length and parens_nest bound the
 * pattern (0: PCRE2's defaults).  Then JIT-compile it unless REGEX_NO_JIT;
 * *jitted (may be NULL) says whether that worked (without JIT support the
 * interpreter still matches).  On an invalid pattern returns NULL with
 * PCRE2's message in msg and its offset in *erroff.  Out of memory goes to
 * xmalloc_fail().  The caller frees the code with pcre2_code_free().
 */
pcre2_code	*regex_build(const char *pat, size_t len, int flags,
		    size_t max_length, uint32_t parens_nest, int *jitted,
		    char *msg, size_t msglen, size_t *erroff);

/* regex_build() without bounds, for a pattern a user typed: NULL with
 * "invalid pattern at offset N: why" in msg. */
pcre2_code	*regex_compile(const char *pat, size_t len, int flags,
		    char *msg, size_t msglen);

/*
 * A match context with PCRE2's match and depth limits (0: PCRE2's own) and
 * heap_kib (0: PCRE2's own) set.  Out of memory goes to xmalloc_fail().
 */
pcre2_match_context *regex_match_context(uint32_t match_limit,
		    uint32_t depth_limit, uint32_t heap_kib);

#endif
