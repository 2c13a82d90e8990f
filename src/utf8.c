/* SPDX-License-Identifier: Apache-2.0 */
/*
 * UTF-8 decoding, validation and encoding (see utf8.h).
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>

#include "utf8.h"

size_t
utf8_decode(const char *s, size_t n, uint32_t *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t len, i;
	uint32_t c;

	if (n == 0)
		return 0;
	if (u[0] < 0x80) {
		*cp = u[0];
		return 1;
	}
	if (u[0] >= 0xc2 && u[0] <= 0xdf) {
		len = 2;
		c = u[0] & 0x1f;
	} else if (u[0] >= 0xe0 && u[0] <= 0xef) {
		len = 3;
		c = u[0] & 0x0f;
	} else if (u[0] >= 0xf0 && u[0] <= 0xf4) {
		len = 4;
		c = u[0] & 0x07;
	} else
		return 0;
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((u[i] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (u[i] & 0x3f);
	}
	/* Overlong forms, surrogates and values past U+10FFFF. */
	if ((len == 3 && c < 0x800) || (len == 4 && c < 0x10000) ||
	    (c >= 0xd800 && c <= 0xdfff) || c > 0x10ffff)
		return 0;
	*cp = c;
	return len;
}

size_t
utf8_valid_prefix(const char *s, size_t n)
{
	size_t i = 0, l;
	uint32_t cp;

	while (i < n) {
		if ((l = utf8_decode(s + i, n - i, &cp)) == 0)
			break;
		i += l;
	}
	return i;
}

size_t
utf8_encode(uint32_t cp, char *b)
{
	if (cp < 0x80) {
		b[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		b[0] = (char)(0xc0 | (cp >> 6));
		b[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp >= 0xd800 && cp <= 0xdfff)
		return 0;
	if (cp < 0x10000) {
		b[0] = (char)(0xe0 | (cp >> 12));
		b[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		b[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	if (cp > 0x10ffff)
		return 0;
	b[0] = (char)(0xf0 | (cp >> 18));
	b[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	b[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	b[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

size_t
utf8_width(const char *s)
{
	size_t n = 0;

	for (; *s != '\0'; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			n++;
	return n;
}
