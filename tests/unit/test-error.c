/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Unit tests for the small shared modules: error records, limits parsing,
 * escaping, UTF-8 validation, glob matching, time formatting.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "error.h"
#include "mgt-limits.h"
#include "mgt-time.h"
#include "util.h"
#include "tap.h"

static void
test_error(void)
{
	struct mgt_error err;
	char buf[256];
	int rc;

	mgt_error_clear(&err);
	is_int(err.offset, -1, "cleared error has no offset");
	rc = error_set(&err, MGT_ERR_IO, "a.tar.gz!x.log", -1, 12,
	    "bad %s", "thing");
	is_int(rc, MGT_ERR_IO, "set returns the code");
	is_str(mgt_error_format(&err, buf, sizeof buf), "a.tar.gz!x.log:12: "
	    "bad thing", "file:line: message");
	error_set(&err, MGT_ERR_FORMAT, "x", 4096, 0, "truncated");
	is_str(mgt_error_format(&err, buf, sizeof buf),
	    "x: offset 4096: truncated", "offset form");
	error_set(&err, MGT_ERR_USAGE, "", -1, 0, "plain");
	is_str(mgt_error_format(&err, buf, sizeof buf), "plain", "no where");
	is_int(error_set(NULL, MGT_ERR_DB, "", -1, 0, "x"), MGT_ERR_DB,
	    "NULL error record is allowed");
	is_str(mgt_status_name(MGT_ERR_LIMIT), "limit", "status names");
}

static void
test_limits(void)
{
	struct mgt_limits l;
	struct mgt_error err;

	limits_default(&l);
	is_int(l.max_depth, 5, "default depth");
	is_int(limits_set(&l, "max-depth=3", &err), MGT_OK, "set depth");
	is_int(l.max_depth, 3, "depth is 3");
	is_int(limits_set(&l, "max-member-bytes=2G", &err), MGT_OK, "G suffix");
	is_int(l.max_member_bytes, 2LL << 30, "2G");
	is_int(limits_set(&l, "max-line=64k", &err), MGT_OK, "k suffix");
	is_int(l.max_line, 65536, "64k");
	is_int(limits_set(&l, "max-depth=0", &err), MGT_ERR_USAGE, "zero refused");
	is_int(limits_set(&l, "max-depth=-1", &err), MGT_ERR_USAGE,
	    "negative refused");
	is_int(limits_set(&l, "max-depth=3x", &err), MGT_ERR_USAGE,
	    "junk refused");
	is_int(limits_set(&l, "nosuch=1", &err), MGT_ERR_USAGE, "unknown name");
	ok(strstr(err.msg, "nosuch") != NULL, "the unknown name is quoted");
	is_int(limits_set(&l, "max-depth", &err), MGT_ERR_USAGE, "no '='");
	is_int(limits_set(&l, "max-total-bytes=99999999999G", &err),
	    MGT_ERR_USAGE, "overflow refused");
}

static void
test_escape(void)
{
	char out[64];

	is_str(util_escape("plain text", out, sizeof out), "plain text",
	    "plain passes");
	is_str(util_escape("a\x1b[2Jb", out, sizeof out), "a\\x1b[2Jb",
	    "ESC escaped");
	is_str(util_escape("caf\xc3\xa9", out, sizeof out), "caf\xc3\xa9",
	    "valid UTF-8 passes");
	is_str(util_escape("bad\xff", out, sizeof out), "bad\\xff",
	    "invalid byte escaped");
	is_str(util_escape("x\xe2\x80\xa8y", out, sizeof out),
	    "x\\xe2\\x80\\xa8y", "U+2028 escaped");
	is_str(util_escape_n("a\0b", 3, out, sizeof out), "a\\x00b",
	    "NUL escaped");
	is_str(util_escape("0123456789", out, 5), "0123", "cut to the buffer");
	is_int(utf8_valid_prefix("ab\xc3", 3), 2, "partial sequence");
	is_int(utf8_valid_prefix("\xed\xa0\x80", 3), 0, "surrogate");
	is_int(utf8_valid_prefix("\xc0\xaf", 2), 0, "overlong");
}

static void
test_glob(void)
{
	ok(util_glob("*.log", "current.log"), "* matches a name");
	ok(!util_glob("*.log", "a/current.log"), "* does not cross /");
	ok(util_glob("**/current.log", "a/b/current.log"), "** crosses /");
	ok(util_glob("**/current.log", "current.log"), "**/ matches zero dirs");
	ok(util_glob("pods/machine-config-daemon-*/**",
	    "pods/machine-config-daemon-x1/mcd/mcd/logs/current.log"),
	    "a rule source glob");
	ok(!util_glob("pods/machine-config-daemon-*/**",
	    "pods/machine-config-server-x1/mcs/logs/current.log"),
	    "a near miss");
	ok(util_glob("a?c", "abc"), "? matches one");
	ok(!util_glob("a?c", "a/c"), "? does not match /");
	ok(util_glob("", ""), "empty matches empty");
	ok(!util_glob("", "x"), "empty does not match text");
	ok(util_glob("**", "a/b/c.log"), "** alone matches any path");
	ok(util_glob("***", ""), "stars alone match empty text");
	ok(!util_glob("*", "a/b"), "* alone does not cross /");
	ok(util_glob("abc", "abc"), "a literal matches itself");
	ok(!util_glob("abc", "abcd"), "a literal does not match more");
	ok(!util_glob("abc", "ab"), "nor less");
	ok(!util_glob("ab*", "a"), "text shorter than the literal start");
	ok(!util_glob("ns/x-*", "ns/y-1"), "literal start differs");
	/* Many stars cannot make it exponential. */
	ok(!util_glob("*a*a*a*a*a*a*a*a*a*a*a*a*b",
	    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"),
	    "pathological pattern terminates");
}

/* error_strerror: strerror's text from the caller's buffer or a constant. */
static void
test_strerror(void)
{
	char buf[MGT_STRERROR_MAX], small[4];
	const char *p = error_strerror(ENOENT, buf, sizeof buf);

	is_str(p, strerror(ENOENT), "strerror: ENOENT's text");
	is_str(MGT_STRERROR(EACCES), strerror(EACCES),
	    "strerror: the block-scoped buffer");
	ok(error_strerror(ENOENT, small, sizeof small) != NULL,
	    "strerror: a small buffer gives some text");
	is_str(error_strerror(ENOENT, small, 0), "unknown error",
	    "strerror: no buffer");
}

static void
test_time(void)
{
	char buf[40], bb[UTIL_BASENAME_MAX];

	is_str(time_format(0, buf, sizeof buf), "1970-01-01T00:00:00.000000Z",
	    "epoch");
	is_str(time_format(1631610884498908LL, buf, sizeof buf),
	    "2021-09-14T09:14:44.498908Z", "a real timestamp");
	is_str(time_format(-1, buf, sizeof buf),
	    "1969-12-31T23:59:59.999999Z", "negative rounds down");
	is_str(util_basename("a/b/c.log", bb, sizeof bb), "c.log", "basename");
	is_str(util_basename("dir/", bb, sizeof bb), "dir",
	    "basename of a dir/");
	ok(util_basename("a/dir//", bb, sizeof bb) == bb,
	    "basename of a dir/: in the caller's buffer");
	is_str(util_basename("a/longname/", bb, 5), "long",
	    "basename of a dir/: cut to the caller's buffer");
	is_str(util_basename("x", bb, sizeof bb), "x",
	    "basename of a bare name");
	is_str(util_basename("/", bb, sizeof bb), "", "basename of /");
}

int
main(void)
{
	test_error();
	test_limits();
	test_escape();
	test_glob();
	test_strerror();
	test_time();
	return done_testing();
}
