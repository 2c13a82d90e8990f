/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Unit tests for utf8.c, the one UTF-8 decoder and encoder, and for the
 * places that had a decoder of their own and now use it (report_cut,
 * util_escape_n, mgt_cut is in test-sqlfunc.c).  The old decoders agreed
 * on valid text; the literal finder's took overlong forms and surrogates
 * as characters, mgt_cut's counted stray continuation bytes as nothing.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "report.h"
#include "utf8.h"
#include "util.h"
#include "tap.h"

/* utf8_decode over a literal: the length, -1 when *cp is not want. */
static long
dec(const char *s, size_t n, uint32_t want)
{
	uint32_t cp = 0xdeadbeef;
	size_t l;

	l = utf8_decode(s, n, &cp);
	if (l > 0 && cp != want)
		return -1;
	if (l == 0 && cp != 0xdeadbeef)
		return -2;
	return (long)l;
}

static void
test_decode(void)
{
	is_int(dec("A", 1, 'A'), 1, "ASCII");
	is_int(dec("", 1, 0), 1, "NUL is a character");
	is_int(dec("x", 0, 0), 0, "nothing left");
	is_int(dec("\xc3\xa9", 2, 0xe9), 2, "two bytes");
	is_int(dec("\xe2\x80\xa6", 3, 0x2026), 3, "three bytes");
	is_int(dec("\xf0\x9f\x98\x80", 4, 0x1f600), 4, "four bytes");
	is_int(dec("\xf4\x8f\xbf\xbf", 4, 0x10ffff), 4, "U+10FFFF");
	is_int(dec("\xf4\x90\x80\x80", 4, 0), 0, "past U+10FFFF refused");
	is_int(dec("\xc0\xaf", 2, 0), 0, "overlong two bytes refused");
	is_int(dec("\xc1\xbf", 2, 0), 0, "overlong C1 lead refused");
	is_int(dec("\xe0\x80\xaf", 3, 0), 0, "overlong three bytes refused");
	is_int(dec("\xf0\x80\x80\xaf", 4, 0), 0,
	    "overlong four bytes refused");
	is_int(dec("\xed\xa0\x80", 3, 0), 0, "surrogate refused");
	is_int(dec("\xed\x9f\xbf", 3, 0xd7ff), 3, "U+D7FF taken");
	is_int(dec("\xee\x80\x80", 3, 0xe000), 3, "U+E000 taken");
	is_int(dec("\x80", 1, 0), 0, "lone continuation refused");
	is_int(dec("\xff", 1, 0), 0, "0xff refused");
	is_int(dec("\xf5\x80\x80\x80", 4, 0), 0, "0xf5 lead refused");
	is_int(dec("\xc3\xa9", 1, 0), 0, "cut short refused");
	is_int(dec("\xe2\x80" "A", 3, 0), 0, "bad continuation refused");
	is_int(utf8_valid_prefix("ab\xc3", 3), 2, "prefix: partial sequence");
	is_int(utf8_valid_prefix("\xc3\xa9\xe2\x80\xa6!", 6), 6,
	    "prefix: all valid");
	is_int(utf8_valid_prefix("a\xed\xa0\x80z", 5), 1,
	    "prefix: stops at a surrogate");
}

static void
test_encode(void)
{
	char b[UTF8_MAX];
	uint32_t cp, c, bad = 0, n = 0;
	size_t l;

	is_int(utf8_encode(0x41, b), 1, "encode: ASCII");
	is_int(utf8_encode(0xe9, b), 2, "encode: two bytes");
	ok(memcmp(b, "\xc3\xa9", 2) == 0, "encode: two bytes right");
	is_int(utf8_encode(0xfffd, b), 3, "encode: U+FFFD");
	ok(memcmp(b, "\xef\xbf\xbd", 3) == 0, "encode: U+FFFD right");
	is_int(utf8_encode(0x1f600, b), 4, "encode: four bytes");
	is_int(utf8_encode(0xd800, b), 0, "encode: surrogate refused");
	is_int(utf8_encode(0x110000, b), 0, "encode: past U+10FFFF refused");
	/* Every scalar value goes there and back. */
	for (cp = 0; cp <= 0x10ffff; cp++) {
		if (cp >= 0xd800 && cp <= 0xdfff)
			continue;
		n++;
		l = utf8_encode(cp, b);
		if (l == 0 || utf8_decode(b, l, &c) != l || c != cp)
			bad++;
	}
	is_int(bad, 0, "encode then decode: every scalar value");
	is_int(n, 0x10ffff + 1 - 0x800, "all scalar values tried");
}

static void
test_users(void)
{
	char out[64];

	/* report_cut never splits a character; a bad byte counts one. */
	is_int(report_cut("\xc3\xa9\xc3\xa9", 3), 2, "report_cut: whole chars");
	is_int(report_cut("\x80\x80\x80\x80", 2), 2,
	    "report_cut: bad bytes one each");
	/* util_escape_n: valid text passes, the rest is \xNN. */
	is_str(util_escape_n("\xc3\xa9\xe0\x80\xaf", 5, out, sizeof out),
	    "\xc3\xa9\\xe0\\x80\\xaf", "escape: overlong written as bytes");
	is_str(util_escape_n("\xed\xa0\x80", 3, out, sizeof out),
	    "\\xed\\xa0\\x80", "escape: surrogate written as bytes");
}

int
main(void)
{
	test_decode();
	test_encode();
	test_users();
	return done_testing();
}
