/* SPDX-License-Identifier: Apache-2.0 */
/*
 * UTF-8: the one decoder (which byte sequences are valid: no overlong
 * forms, no surrogates, nothing past U+10FFFF, as RFC 3629 says) and the
 * one encoder.  Everything that steps over, checks or writes UTF-8 uses it.
 */
#ifndef MGT_UTF8_H
#define MGT_UTF8_H

#include <stddef.h>
#include <stdint.h>

#define UTF8_MAX	4	/* longest sequence */

/*
 * The character at s (n bytes left): its length (1-4) with the code point
 * in *cp, or 0 (*cp untouched) if the bytes there are not a whole valid
 * sequence (n == 0 included).
 */
size_t	 utf8_decode(const char *s, size_t n, uint32_t *cp);
/* Bytes of s (n bytes) before the first invalid or incomplete sequence. */
size_t	 utf8_valid_prefix(const char *s, size_t n);
/* cp as UTF-8 in b (UTF8_MAX bytes): its length, or 0 for a surrogate or a
 * value past U+10FFFF (b untouched). */
size_t	 utf8_encode(uint32_t cp, char *b);
/* Display columns of a NUL-terminated string: its code points (lead
 * bytes); good enough to align escaped text. */
size_t	 utf8_width(const char *s);

#endif
