/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Unit tests for parse-journal.c: format detection on the first bytes of
 * each journalctl output mode, JSON and export entries converted to lines
 * (byte-array and binary fields, missing fields, fallbacks), blocks cut at
 * every byte, bounded fields and records, bad entries and garbage.
 */
#include "config.h"

#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "parse-journal.h"
#include "parse-log.h"
#include "tap.h"
#include "xmalloc.h"

/* 2026-01-08T10:00:00Z in microseconds. */
#define T0 "1767866400000000"

/* What a conversion produced: lines joined by '\n', and the problems. */
struct capture {
	char	*out;
	size_t	 len;
	size_t	 cap;
	long	 lines;
	long	 last_entry;
	long	 max_len;	/* longest line */
	int	 bad_line;	/* a line held '\n' */
	char	 probs[2048];	/* "code@line;" for each problem */
	long	 nprobs;
	int	 fail_after;	/* fn fails on this line (0: never) */
};

static void
cap_add(struct capture *c, const char *p, size_t n)
{
	if (c->len + n + 1 > c->cap) {
		c->cap = (c->len + n + 1) * 2;
		c->out = xreallocarray(c->out, c->cap, 1);
	}
	memcpy(c->out + c->len, p, n);
	c->len += n;
	c->out[c->len] = '\0';
}

static int
cap_line(void *ctx, const char *line, size_t len, long entry)
{
	struct capture *c = ctx;

	if (memchr(line, '\n', len) != NULL)
		c->bad_line = 1;
	if ((long)len > c->max_len)
		c->max_len = (long)len;
	cap_add(c, line, len);
	cap_add(c, "\n", 1);
	c->last_entry = entry;
	if (++c->lines == c->fail_after)
		return MGT_ERR_DB;
	return MGT_OK;
}

static void
cap_problem(void *ctx, const struct problem *p)
{
	struct capture *c = ctx;
	size_t n = strlen(c->probs);

	c->nprobs++;
	if (n + 64 < sizeof c->probs)
		snprintf(c->probs + n, sizeof c->probs - n, "%s%s@%ld;",
		    p->severity == PROBLEM_INFO ? "i:" : "", p->code, p->line);
}

static void
cap_reset(struct capture *c)
{
	free(c->out);
	memset(c, 0, sizeof *c);
}

/*
 * Convert in[0..len) fed in blocks of chunk bytes (0: all at once);
 * max_line 0 keeps the default.  Returns the last status.
 */
static int
conv(struct capture *c, enum journal_format fmt, const char *in, size_t len,
    size_t chunk, size_t max_line)
{
	struct mgt_limits lim;
	struct problem_sink sink = { cap_problem, c };
	struct journal_conv *jc;
	size_t i, n;
	int rc = MGT_OK;

	limits_default(&lim);
	if (max_line > 0)
		lim.max_line = max_line;
	if (chunk == 0)
		chunk = len > 0 ? len : 1;
	jc = journal_conv_new(fmt, &lim, &sink, "j.log");
	for (i = 0; i < len && rc == MGT_OK; i += n) {
		n = len - i < chunk ? len - i : chunk;
		rc = journal_conv_push(jc, in + i, n, cap_line, c);
	}
	if (rc == MGT_OK)
		rc = journal_conv_end(jc, cap_line, c);
	journal_conv_free(jc);
	if (c->out == NULL)
		cap_add(c, "", 0);
	return rc;
}

static int
conv_str(struct capture *c, enum journal_format fmt, const char *in)
{
	return conv(c, fmt, in, strlen(in), 0, 0);
}

static enum journal_format
detect(const char *s)
{
	return journal_detect(s, strlen(s));
}

static void
test_detect(void)
{
	is_int(detect("Jan 08 10:00:00 control0 kubelet[1]: x\n"), JOURNAL_TEXT,
	    "detect: short");
	is_int(detect("Jan 08 10:00:00.123456 control0 kubelet[1]: x\n"),
	    JOURNAL_TEXT, "detect: short-precise");
	is_int(detect("2026-01-08T10:00:00+0000 control0 kubelet[1]: x\n"),
	    JOURNAL_TEXT, "detect: short-iso");
	is_int(detect("2026-01-08T10:00:00.123456+0000 control0 k[1]: x\n"),
	    JOURNAL_TEXT, "detect: short-iso-precise");
	is_int(detect("-- Logs begin at Thu 2026-01-08 10:00:00 UTC. --\n"),
	    JOURNAL_TEXT, "detect: journal header");
	is_int(detect("Ignition 2.20.0\nStage: fetch\n"), JOURNAL_TEXT,
	    "detect: cat");
	is_int(detect("{\"__CURSOR\":\"s=1\","
	    "\"__REALTIME_TIMESTAMP\":\"1\"}\n"), JOURNAL_JSON, "detect: json");
	is_int(detect("\n  {\"_PID\":\"1041\",\"PRIORITY\":\"6\",\"_BOOT"),
	    JOURNAL_JSON, "detect: json, head cut before the known keys");
	is_int(detect("{\n\t\"_PID\" : \"1041\",\n"), JOURNAL_JSON,
	    "detect: json-pretty");
	is_int(detect("\x1e{\"MESSAGE\":\"x\"}\n"), JOURNAL_JSON,
	    "detect: json-seq");
	is_int(detect("{\"apiVersion\":\"v1\",\"kind\":\"Pod\"}"), JOURNAL_TEXT,
	    "detect: a Kubernetes object is not a journal");
	is_int(detect("{\"_PID"), JOURNAL_TEXT,
	    "detect: json key cut by the head");
	is_int(detect("__CURSOR=s=1;i=2\n__REALTIME_TIMESTAMP=1\n"),
	    JOURNAL_EXPORT, "detect: export");
	is_int(journal_detect("MESSAGE\n\x05\0\0\0\0\0\0\0hello\n"
	    "__REALTIME_TIMESTAMP=1\n", 45), JOURNAL_EXPORT,
	    "detect: export starting with a binary field");
	is_int(detect("PATH=/usr/bin\nHOME=/root\n"), JOURNAL_TEXT,
	    "detect: an environment dump is not export");
	is_int(detect(""), JOURNAL_TEXT, "detect: empty");
	is_int(journal_detect(NULL, 0), JOURNAL_TEXT, "detect: NULL");
	is_int(journal_detect("\0\0\0\0", 4), JOURNAL_TEXT, "detect: NULs");
}

/* A JSON entry with the usual fields; extra is spliced in first. */
static const char *
json_entry(const char *extra)
{
	static char buf[1024];

	snprintf(buf, sizeof buf, "{%s\"__CURSOR\":\"s=1;i=1\","
	    "\"__REALTIME_TIMESTAMP\":\"" T0 "\",\"_HOSTNAME\":\"control0\","
	    "\"SYSLOG_IDENTIFIER\":\"ignition\",\"_PID\":\"1041\","
	    "\"PRIORITY\":\"6\",\"MESSAGE\":\"GET result: Internal Server "
	    "Error\"}\n", extra);
	return buf;
}

static void
test_json(void)
{
	struct capture c;
	struct log_record r;

	memset(&c, 0, sizeof c);
	is_int(conv_str(&c, JOURNAL_JSON, json_entry("")), MGT_OK,
	    "json: converts");
	is_str(c.out, "2026-01-08T10:00:00.000000+0000 control0 "
	    "ignition[1041]: GET result: Internal Server Error\n",
	    "json: the line");
	is_int(c.last_entry, 1, "json: entry number");
	is_str(c.probs, "", "json: no problems");
	/* What the log path makes of it: the same instant, host, ident. */
	parse_log_line(c.out, c.len - 1, 0, &r);
	is_int(r.prefix, LOG_PREFIX_JOURNAL_ISO, "json: read as short-iso");
	is_int(r.ts, 1767866400000000LL, "json: the log parser's instant");
	ok(r.host_len == 8 && memcmp(r.host, "control0", 8) == 0,
	    "json: the log parser's host");
	is_int(r.pid, 1041, "json: the log parser's pid");
	cap_reset(&c);

	/* Real journalctl: one byte array for a MESSAGE that is not UTF-8. */
	conv_str(&c, JOURNAL_JSON, "{\"_HOSTNAME\":\"control1\","
	    "\"__REALTIME_TIMESTAMP\":\"1767866406172835\",\"_PID\":\"1046\","
	    "\"SYSLOG_IDENTIFIER\":\"ignition\",\"MESSAGE\":[98,105,110,1,97,"
	    "114,121,32,255,10,98]}\n");
	is_str(c.out, "2026-01-08T10:00:06.172835+0000 control1 "
	    "ignition[1046]: bin\001ary \377\\nb\n",
	    "json: byte-array MESSAGE decoded");
	cap_reset(&c);

	conv_str(&c, JOURNAL_JSON, "{\"__REALTIME_TIMESTAMP\":\"" T0 "\","
	    "\"_HOSTNAME\":\"h\",\"_COMM\":\"kubelet\",\"MESSAGE\":\"a\\nb\"}"
	    "\r\n{\"__REALTIME_TIMESTAMP\":\"" T0 "\",\"MESSAGE\":\"x\"}\r\n");
	is_str(c.out, "2026-01-08T10:00:00.000000+0000 h kubelet: a\\nb\n"
	    "2026-01-08T10:00:00.000000+0000 unknown unknown: x\n",
	    "json: _COMM fallback, no pid, newline escaped, CRLF, "
	    "missing host and ident");
	cap_reset(&c);

	conv_str(&c, JOURNAL_JSON, "{\"_SOURCE_REALTIME_TIMESTAMP\":"
	    "\"1767866400000001\",\"_HOSTNAME\":\"h\",\"SYSLOG_IDENTIFIER\":"
	    "\"\",\"_COMM\":\"c\",\"MESSAGE\":\"m\"}\n"
	    "{\"__REALTIME_TIMESTAMP\":1767866400000002,\"_HOSTNAME\":"
	    "\"my host\",\"SYSLOG_IDENTIFIER\":\"id\",\"_PID\":\"12x\","
	    "\"MESSAGE\":[\"first\",\"second\"]}\n");
	is_str(c.out, "2026-01-08T10:00:00.000001+0000 h c: m\n"
	    "2026-01-08T10:00:00.000002+0000 my_host id: second\n",
	    "json: source time fallback, empty ident, numeric time, blank "
	    "in host, bad pid left out, repeated field takes the last");
	cap_reset(&c);

	conv_str(&c, JOURNAL_JSON, "{\"__REALTIME_TIMESTAMP\":\"0\","
	    "\"_HOSTNAME\":\"h\",\"SYSLOG_IDENTIFIER\":\"i\","
	    "\"MESSAGE\":\"\"}\n"
	    "{\"__REALTIME_TIMESTAMP\":\"951825600000000\",\"_HOSTNAME\":\"h\","
	    "\"SYSLOG_IDENTIFIER\":\"i\",\"MESSAGE\":\"leap\"}\n");
	is_str(c.out, "1970-01-01T00:00:00.000000+0000 h i: \n"
	    "2000-02-29T12:00:00.000000+0000 h i: leap\n",
	    "json: the epoch, an empty message, a leap day");
	cap_reset(&c);

	/* Entries that are skipped, each for its reason. */
	conv_str(&c, JOURNAL_JSON,
	    "{\"__REALTIME_TIMESTAMP\":\"" T0 "\",\"_HOSTNAME\":\"h\"}\n"
	    "{\"__REALTIME_TIMESTAMP\":\"" T0 "\",\"MESSAGE\":null}\n"
	    "{\"_HOSTNAME\":\"h\",\"MESSAGE\":\"no time\"}\n"
	    "{\"__REALTIME_TIMESTAMP\":\"12a\",\"MESSAGE\":\"bad time\"}\n"
	    "{\"__REALTIME_TIMESTAMP\":\"999999999999999999\","
	    "\"MESSAGE\":\"year 31690\"}\n"
	    "{\"__REALTIME_TIMESTAMP\":\"" T0 "\",\"MESSAGE\":[1,300]}\n"
	    "{\"__REALTIME_TIMESTAMP\":\"" T0 "\",\"MESSAGE\":{\"a\":1}}\n"
	    "{\"__REALTIME_TIMESTAMP\":\"" T0 "\",\"MESSAGE\":\"x\"\n"
	    "[1,2]\n"
	    "{\"MESSAGE\":\"x\"} trailing\n"
	    "-- No entries --\n"
	    "\n"
	    "{\"__REALTIME_TIMESTAMP\":\"" T0 "\",\"_HOSTNAME\":\"h\","
	    "\"MESSAGE\":\"survivor\"}");
	is_str(c.out, "2026-01-08T10:00:00.000000+0000 h unknown: survivor\n",
	    "json: only the good entry, the last without a newline");
	is_str(c.probs, "json-error@3;json-error@4;json-error@5;json-error@6;"
	    "json-error@7;json-error@8;json-error@9;json-error@10;"
	    "json-error@11;truncated@0;i:empty@0;",
	    "json: each bad line reported with its number; null and "
	    "missing MESSAGE counted");
	is_int(c.last_entry, 13, "json: entry number is the line number");
	cap_reset(&c);

	/* json-pretty and json-seq, as journalctl writes them. */
	conv_str(&c, JOURNAL_JSON, "{\n\t\"_PID\" : \"7\",\n\t\"MESSAGE\" : "
	    "\"pretty\",\n\t\"__REALTIME_TIMESTAMP\" : \"" T0 "\",\n\t"
	    "\"_HOSTNAME\" : \"h\",\n\t\"FOO\" : [\n\t\t1,\n\t\t2\n\t]\n}\n"
	    "{\n\t\"MESSAGE\" : \"two\",\n\t\"__REALTIME_TIMESTAMP\" : \""
	    T0 "\"\n}\n");
	is_str(c.out, "2026-01-08T10:00:00.000000+0000 h unknown[7]: pretty\n"
	    "2026-01-08T10:00:00.000000+0000 unknown unknown: two\n",
	    "json-pretty: objects over several lines");
	is_int(c.last_entry, 11, "json-pretty: entry number is its first line");
	is_str(c.probs, "", "json-pretty: no problems");
	cap_reset(&c);
	conv_str(&c, JOURNAL_JSON, "\x1e{\"MESSAGE\":\"seq\","
	    "\"__REALTIME_TIMESTAMP\":\"" T0 "\",\"_HOSTNAME\":\"h\"}\n");
	is_str(c.out, "2026-01-08T10:00:00.000000+0000 h unknown: seq\n",
	    "json-seq: record separator skipped");
	cap_reset(&c);

	/* A line over max-line: reported, skipped, the next one is fine. */
	{
		char *big;
		size_t n = 300;
		const char *e = json_entry("");

		big = xmalloc(n + strlen(e) + 64);
		strcpy(big, "{\"MESSAGE\":\"");
		memset(big + 12, 'a', n);
		strcpy(big + 12 + n, "\"}\n");
		strcat(big, e);
		conv(&c, JOURNAL_JSON, big, strlen(big), 7, 250);
		is_str(c.probs, "limit-line@1;",
		    "json: an oversize line is reported");
		is_int(c.lines, 1, "json: the next line is converted");
		free(big);
		cap_reset(&c);
	}

	/* The callback's failure stops the conversion. */
	c.fail_after = 1;
	{
		char two[2048];

		snprintf(two, sizeof two, "%s", json_entry(""));
		strcat(two, json_entry(""));
		is_int(conv(&c, JOURNAL_JSON, two, strlen(two), 0, 0),
		    MGT_ERR_DB, "json: the callback's status is returned");
		is_int(c.lines, 1, "json: nothing after the failure");
	}
	cap_reset(&c);
}

/* Append an export field to b: text when it can be, binary otherwise. */
static void
xfield(struct capture *b, const char *name, const char *v, size_t n,
    int binary)
{
	unsigned char le[8];
	int i;

	cap_add(b, name, strlen(name));
	if (!binary) {
		cap_add(b, "=", 1);
		cap_add(b, v, n);
		cap_add(b, "\n", 1);
		return;
	}
	for (i = 0; i < 8; i++)
		le[i] = (unsigned char)((uint64_t)n >> (8 * i));
	cap_add(b, "\n", 1);
	cap_add(b, (const char *)le, 8);
	cap_add(b, v, n);
	cap_add(b, "\n", 1);
}

static void
xtext(struct capture *b, const char *name, const char *v)
{
	xfield(b, name, v, strlen(v), 0);
}

/* Three entries: text fields, a binary MESSAGE, a binary field we skip. */
static void
export_sample(struct capture *b)
{
	xtext(b, "__CURSOR", "s=1;i=1");
	xtext(b, "__REALTIME_TIMESTAMP", T0);
	xtext(b, "__MONOTONIC_TIMESTAMP", "1000");
	xtext(b, "_HOSTNAME", "control0.gw.lo");
	xtext(b, "SYSLOG_IDENTIFIER", "ignition");
	xtext(b, "_PID", "1041");
	xtext(b, "MESSAGE", "GET https://api-int.gw.lo:22623/config/master: "
	    "attempt #2");
	cap_add(b, "\n", 1);
	xtext(b, "__CURSOR", "s=1;i=2");
	xtext(b, "__REALTIME_TIMESTAMP", "1767866401234567");
	xtext(b, "_HOSTNAME", "control1");
	xtext(b, "_COMM", "kubelet");
	xfield(b, "MESSAGE", "two\nlines\0!", 11, 1);
	xfield(b, "COREDUMP", "\n\n\n\0\n\n", 6, 1);
	xfield(b, "_PID", "", 0, 1);
	cap_add(b, "\n", 1);
	xtext(b, "__REALTIME_TIMESTAMP", "1767866402000000");
	xfield(b, "_HOSTNAME", "h", 1, 1);
	xtext(b, "MESSAGE", "last, no blank line after it");
}

static const char export_want[] =
    "2026-01-08T10:00:00.000000+0000 control0.gw.lo ignition[1041]: GET "
    "https://api-int.gw.lo:22623/config/master: attempt #2\n"
    "2026-01-08T10:00:01.234567+0000 control1 kubelet: two\\nlines\0!\n"
    "2026-01-08T10:00:02.000000+0000 h unknown: last, no blank line "
    "after it\n";

static void
test_export(void)
{
	struct capture b, c, one;
	size_t k, wlen = sizeof export_want - 1;
	int same = 1, split = 1;

	memset(&b, 0, sizeof b);
	memset(&c, 0, sizeof c);
	memset(&one, 0, sizeof one);
	export_sample(&b);
	is_int(journal_detect(b.out, b.len), JOURNAL_EXPORT,
	    "export: sample detected");

	conv(&one, JOURNAL_EXPORT, b.out, b.len, 0, 0);
	ok(one.len == wlen && memcmp(one.out, export_want, wlen) == 0,
	    "export: lines (binary MESSAGE with NUL and newline)");
	if (one.len != wlen || memcmp(one.out, export_want, wlen) != 0)
		printf("#   got \"%s\"\n", one.out);
	is_str(one.probs, "", "export: no problems");
	is_int(one.last_entry, 3, "export: entry numbers");

	/* Byte by byte, and in two pushes cut at every byte. */
	conv(&c, JOURNAL_EXPORT, b.out, b.len, 1, 0);
	ok(c.len == one.len && memcmp(c.out, one.out, one.len) == 0 &&
	    c.nprobs == 0, "export: byte by byte is the same");
	cap_reset(&c);
	for (k = 1; k < b.len; k++) {
		struct mgt_limits lim;
		struct problem_sink sink = { cap_problem, &c };
		struct journal_conv *jc;

		limits_default(&lim);
		jc = journal_conv_new(JOURNAL_EXPORT, &lim, &sink, "j");
		journal_conv_push(jc, b.out, k, cap_line, &c);
		journal_conv_push(jc, b.out + k, b.len - k, cap_line, &c);
		journal_conv_end(jc, cap_line, &c);
		journal_conv_free(jc);
		if (c.len != one.len || memcmp(c.out, one.out, one.len) != 0 ||
		    c.nprobs != 0) {
			if (split)
				printf("#   differs when cut at %zu\n", k);
			split = 0;
		}
		cap_reset(&c);
	}
	ok(split, "export: cut in two at every byte is the same");
	for (k = 2; k < 40; k++) {
		conv(&c, JOURNAL_EXPORT, b.out, b.len, k, 0);
		if (c.len != one.len || memcmp(c.out, one.out, one.len) != 0)
			same = 0;
		cap_reset(&c);
	}
	ok(same, "export: blocks of 2..39 bytes are the same");
	cap_reset(&one);
	cap_reset(&b);
}

static void
test_export_bad(void)
{
	struct capture b, c;
	char big[600];

	memset(&b, 0, sizeof b);
	memset(&c, 0, sizeof c);

	/* A field over max-line is cut, the rest of the entry still read. */
	memset(big, 'm', sizeof big);
	xtext(&b, "__REALTIME_TIMESTAMP", T0);
	xfield(&b, "MESSAGE", big, sizeof big, 1);
	xfield(&b, "COREDUMP", big, sizeof big, 1);
	xtext(&b, "_HOSTNAME", "h");
	cap_add(&b, "\n", 1);
	xtext(&b, "__REALTIME_TIMESTAMP", T0);
	xfield(&b, "MESSAGE", big, 300, 0);
	cap_add(&b, "\n", 1);
	conv(&c, JOURNAL_EXPORT, b.out, b.len, 0, 128);
	is_int(c.lines, 2, "export oversize: both entries converted");
	is_int(c.max_len, 128, "export oversize: lines cut at max-line");
	ok(strncmp(c.out, "2026-01-08T10:00:00.000000+0000 h unknown: mmm",
	    46) == 0, "export oversize: fields after the long one kept");
	is_str(c.probs, "limit-line@1;limit-line@0;",
	    "export oversize: reported once, then counted");
	cap_reset(&c);
	cap_reset(&b);

	/* Corrupt entries: each reported, the next entry read again. */
	xtext(&b, "__REALTIME_TIMESTAMP", T0);
	cap_add(&b, "MESSAGE\n\xff\xff\xff\xff\xff\xff\xff\x7f", 16);
	cap_add(&b, "abc\n\n", 5);
	xtext(&b, "__REALTIME_TIMESTAMP", T0);
	xfield(&b, "MESSAGE", "abc", 3, 1);
	b.out[b.len - 1] = 'X';		/* no '\n' after the value */
	cap_add(&b, "\nMORE=1\n\n", 9);
	cap_add(&b, "=nameless\n\n", 11);
	cap_add(&b, "BAD NAME=1\nMESSAGE=x\n\n", 22);
	cap_add(&b, "__REALTIME_TIMESTAMP=", 21);
	memset(big, 'N', sizeof big);
	cap_add(&b, "\n", 1);
	cap_add(&b, big, 300);
	cap_add(&b, "=1\n\n", 4);
	xtext(&b, "__REALTIME_TIMESTAMP", T0);
	xtext(&b, "MESSAGE", "good");
	cap_add(&b, "\n", 1);
	xtext(&b, "MESSAGE", "no time");
	cap_add(&b, "\n", 1);
	xtext(&b, "_HOSTNAME", "no message");
	cap_add(&b, "\n", 1);
	xtext(&b, "__REALTIME_TIMESTAMP", T0);
	cap_add(&b, "MESSAGE\n\x10\0\0\0\0\0\0\0cut", 19);
	conv(&c, JOURNAL_EXPORT, b.out, b.len, 0, 0);
	is_str(c.out, "2026-01-08T10:00:00.000000+0000 unknown unknown: good\n",
	    "export corrupt: the good entry survives");
	is_str(c.probs, "corrupt@1;corrupt@2;corrupt@3;corrupt@4;corrupt@5;"
	    "corrupt@7;truncated@9;i:empty@0;",
	    "export corrupt: huge length, no newline after binary, no name, "
	    "bad name, long name, no time, truncated; no MESSAGE counted");
	cap_reset(&c);

	/* The same bytes in blocks of 3: the same verdicts. */
	conv(&c, JOURNAL_EXPORT, b.out, b.len, 3, 0);
	is_str(c.probs, "corrupt@1;corrupt@2;corrupt@3;corrupt@4;corrupt@5;"
	    "corrupt@7;truncated@9;i:empty@0;",
	    "export corrupt: the same in blocks of 3 bytes");
	cap_reset(&c);
	cap_reset(&b);

	/* Problems beyond the cap are counted in one line. */
	{
		int i;

		for (i = 0; i < 30; i++)
			cap_add(&b, "=x\n\n", 4);
		conv(&c, JOURNAL_EXPORT, b.out, b.len, 0, 0);
		is_int(c.nprobs, 21, "export: 20 problems, then one summary");
		ok(strstr(c.probs, "corrupt@20;corrupt@0;") != NULL,
		    "export: the summary has no line");
		cap_reset(&c);
		cap_reset(&b);
	}
}

/* Deterministic garbage: nothing crashes, lines stay lines. */
static void
test_garbage(void)
{
	static const char *seeds[] = {
		"__CURSOR=", "MESSAGE\n", "{\"MESSAGE\":", "\n\n", "=", "\x1e{",
		"__REALTIME_TIMESTAMP=1767866400000000\n", "\n{\n", "\n}\n",
		"[255,", "\"", "\\"
	};
	struct capture c;
	unsigned int x = 12345;
	char buf[4096];
	size_t n, k, s;
	int f, iter, sane = 1;

	memset(&c, 0, sizeof c);
	for (iter = 0; iter < 400; iter++) {
		for (n = 0; n < sizeof buf - 64;) {
			x = x * 1103515245u + 12345u;
			if ((x >> 16) % 4 == 0) {
				s = (x >> 8) % (sizeof seeds / sizeof seeds[0]);
				memcpy(buf + n, seeds[s], strlen(seeds[s]));
				n += strlen(seeds[s]);
			} else
				buf[n++] = (char)(x >> 16);
		}
		for (f = JOURNAL_TEXT; f <= JOURNAL_EXPORT; f++) {
			k = 1 + (x >> 20) % 97;
			conv(&c, (enum journal_format)f, buf, n, k, 256);
			if (c.bad_line || c.max_len > 256)
				sane = 0;
			cap_reset(&c);
		}
	}
	ok(sane, "garbage: no crash, no '\\n' in a line, none over max-line");

	conv_str(&c, JOURNAL_TEXT, "a\r\nb\n\nc");
	is_str(c.out, "a\nb\n\nc\n", "text: lines passed through");
	cap_reset(&c);
}

/*
 * journal_header_year() reads a slice of a block: the line may end at the
 * last byte of mapped memory.  Each line is placed so that it ends where a
 * PROT_NONE page begins; a read past its end faults (sscanf did).
 */
static int
year_at_guard(const char *line)
{
	static char *map;
	static size_t page;
	size_t n = strlen(line);

	if (map == NULL) {
		page = (size_t)sysconf(_SC_PAGESIZE);
		map = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (map == MAP_FAILED ||
		    mprotect(map + page, page, PROT_NONE) != 0) {
			perror("mmap");
			exit(99);
		}
	}
	memcpy(map + page - n, line, n);
	return journal_header_year(map + page - n, n);
}

static void
test_header_year(void)
{
	ok(year_at_guard("-- Logs begin at Tue 2021-09-14 09:33:00 UTC, "
	    "end at Tue 2021-09-14 10:00:00 UTC. --") == 2021,
	    "header: the year of its first date");
	ok(year_at_guard("-- Logs begin at Wed 2025-12-31 23:59:00 UTC, "
	    "end at Thu 2026-01-01 00:10:00 UTC. --") == 2025,
	    "header: the first date's year, not the last's");
	ok(year_at_guard("-- Journal begins at Mon 2024-03-04 ---- 2023-") ==
	    2024, "header: 'Journal begins at' (systemd 246+)");
	ok(year_at_guard("-- no date on this header line at all, 2023-") ==
	    2023, "header: a year in the last five bytes of memory");
	ok(year_at_guard("-- no date on this header line at all, 20231") ==
	    0, "header: digits up to the last byte, no '-': 0, no fault");
	ok(year_at_guard("-- Logs begin at Tue 1970-01-01 00:00:00 UTC --") ==
	    0, "header: a year before 1991 is not believed");
	ok(year_at_guard("-- No entries --") == 0, "header: too short");
	ok(year_at_guard("Sep 14 09:33:00 host kubenswrapper[1]: 2021-09-14 "
	    "x") == 0, "header: a log line is not a header");
}

int
main(void)
{
	test_detect();
	test_json();
	test_export();
	test_export_bad();
	test_garbage();
	test_header_year();
	return done_testing();
}
