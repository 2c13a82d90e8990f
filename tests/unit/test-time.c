/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Unit tests for mgt-time.c: calendar arithmetic, the stamp at the start of
 * a log line (time_scan), whole values as mgt_ts() and --since read
 * them (time_parse), and formatting; including the inputs on which the
 * three readers this module replaced disagreed.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mgt-time.h"
#include "tap.h"

/* 2021-09-14T09:42:44Z */
#define T0	1631612564000000LL

static int64_t
civil(int y, int mo, int d, int h, int mi, int s, long us)
{
	return time_from_civil(y, mo, d, h, mi, s, us);
}

/* time_scan() over a C string: bytes used, the zone in *zone. */
static size_t
scan(const char *s, size_t len, int64_t *ts, enum time_zone *zone)
{
	return time_scan(s, len, ts, zone);
}

/* time_parse() over a C string: the time, or MGT_TIME_NONE. */
static int64_t
parse(const char *s)
{
	int64_t us;

	if (!time_parse(s, strlen(s), &us))
		return MGT_TIME_NONE;
	return us;
}

static void
test_civil(void)
{
	int64_t d, y;
	int m, dd, ok_all = 1;

	is_int(civil(1970, 1, 1, 0, 0, 0, 0), 0, "civil: epoch");
	is_int(civil(2021, 9, 14, 9, 42, 44, 498908), T0 + 498908,
	    "civil: 2021-09-14T09:42:44.498908");
	is_int(civil(1969, 12, 31, 23, 59, 59, 500000), -500000,
	    "civil: before the epoch");
	is_int(civil(1, 1, 1, 0, 0, 0, 0), -62135596800000000LL,
	    "civil: year 1 (Go's zero time)");
	/* The log reader refused year 0, mgt_ts() took it: RFC 3339's
	 * four-digit year includes it, and mgt_time() prints it. */
	is_int(civil(0, 1, 1, 0, 0, 0, 0), -62167219200000000LL,
	    "civil: year 0 taken");
	is_int(civil(-1, 12, 31, 0, 0, 0, 0), MGT_TIME_NONE,
	    "civil: year -1 refused");
	is_int(civil(10000, 1, 1, 0, 0, 0, 0), MGT_TIME_NONE,
	    "civil: year 10000 refused");
	is_int(civil(9999, 12, 31, 23, 59, 59, 999999),
	    253402300799999999LL, "civil: year 9999");
	is_int(civil(2000, 2, 29, 12, 0, 0, 0), 951825600000000LL,
	    "civil: 2000 is a leap year");
	is_int(civil(1900, 2, 29, 0, 0, 0, 0), MGT_TIME_NONE,
	    "civil: 1900 is not");
	is_int(civil(2021, 2, 29, 0, 0, 0, 0), MGT_TIME_NONE,
	    "civil: 2021-02-29 refused");
	is_int(civil(2021, 4, 31, 0, 0, 0, 0), MGT_TIME_NONE,
	    "civil: April 31 refused");
	is_int(civil(2021, 13, 1, 0, 0, 0, 0), MGT_TIME_NONE,
	    "civil: month 13 refused");
	is_int(civil(2021, 1, 1, 24, 0, 0, 0), MGT_TIME_NONE,
	    "civil: hour 24 refused");
	is_int(civil(2021, 1, 1, 0, 0, 0, 1000000), MGT_TIME_NONE,
	    "civil: a million microseconds refused");
	is_int(civil(2016, 12, 31, 23, 59, 60, 0), 1483228800000000LL,
	    "civil: leap second lands on the next minute");
	is_int(time_days_in_month(2024, 2), 29, "days in Feb 2024");
	is_int(time_days_in_month(2100, 2), 28, "days in Feb 2100");
	is_int(time_days_in_month(2021, 13), 0, "days in month 13: 0");
	/* Both directions agree over years 0-9999, day by day. */
	for (d = time_days_from_civil(0, 1, 1);
	    d < time_days_from_civil(10000, 1, 1); d++) {
		time_civil_from_days(d, &y, &m, &dd);
		if (time_days_from_civil(y, m, dd) != d ||
		    dd > time_days_in_month(y, m)) {
			ok_all = 0;
			break;
		}
	}
	ok(ok_all, "civil: days_from_civil(civil_from_days(d)) == d, "
	    "0000-9999");
}

static void
test_scan(void)
{
	enum time_zone z;
	int64_t ts = 0;

	is_int(scan("2021-09-14T09:42:44.498908472Z x", 32, &ts, &z), 30,
	    "scan: nanoseconds and Z consumed");
	is_int(ts, T0 + 498908, "scan: value (ns cut to us)");
	is_int(z, MGT_TIME_ZONE_Z, "scan: zone Z");
	is_int(scan("2021-09-14T09:42:44Z", 20, &ts, &z), 20,
	    "scan: no fraction");
	is_int(ts, T0, "scan: no fraction value");
	is_int(scan("2021-09-14T09:42:44.5+05:30", 27, &ts, &z), 27,
	    "scan: +05:30");
	is_int(ts, T0 + 500000 - 19800000000LL, "scan: offset applied");
	is_int(z, MGT_TIME_ZONE_COLON, "scan: zone +hh:mm");
	is_int(scan("2021-09-14t09:42:44-01:00", 25, &ts, &z), 25,
	    "scan: lower-case t, -01:00");
	is_int(ts, T0 + 3600000000LL, "scan: negative offset applied");
	is_int(scan("2021-09-14T09:42:44+0000 host", 29, &ts, &z), 24,
	    "scan: +hhmm (journal short-iso)");
	is_int(z, MGT_TIME_ZONE_PLAIN, "scan: zone +hhmm");
	is_int(scan("2021-09-14T09:42:44,25 x", 24, &ts, &z), 22,
	    "scan: a comma before the fraction");
	is_int(ts, T0 + 250000, "scan: comma fraction value");
	is_int(scan("2021-09-14T09:42:44 x", 21, &ts, &z), 19,
	    "scan: no zone");
	is_int(z, MGT_TIME_ZONE_NONE, "scan: no zone is said");
	is_int(ts, T0, "scan: no zone is UTC");
	is_int(scan("2021-09-14T09:42:44.Z", 21, &ts, &z), 0,
	    "scan: empty fraction refused");
	is_int(scan("2021-09-14T09:42:4", 18, &ts, &z), 0,
	    "scan: short input refused");
	is_int(scan("2021-02-30T00:00:00Z", 20, &ts, &z), 0,
	    "scan: impossible date refused");
	is_int(scan("2021-09-14T09:42:44+25:00", 25, &ts, &z), 0,
	    "scan: impossible offset refused");
	is_int(scan("2021-09-14T09:42:44+02 x", 24, &ts, &z), 0,
	    "scan: hours-only offset is not a log stamp");
	is_int(scan("2021-09-14 09:42:44Z", 20, &ts, &z), 0,
	    "scan: a space for T is not a log stamp");
	is_int(scan("2021-09-14T09:42 x", 18, &ts, &z), 0,
	    "scan: no seconds is not a log stamp");
	/* Only the bytes given are read: the stamp is cut by len. */
	is_int(scan("2021-09-14T09:42:44Z", 19, &ts, &z), 19,
	    "scan: len respected");
	is_int(z, MGT_TIME_ZONE_NONE, "scan: the Z past len is not read");
	/* Stamps in the hour just read reuse its time: still exact. */
	is_int(scan("2021-09-14T09:00:00Z", 20, &ts, &z), 20,
	    "scan: an hour read");
	is_int(scan("2021-09-14T09:59:60.25Z", 23, &ts, &z), 23,
	    "scan: same hour, second 60");
	is_int(ts, civil(2021, 9, 14, 9, 59, 60, 250000),
	    "scan: same hour, the minutes and seconds added");
	is_int(scan("2021-09-14T09:60:00Z", 20, &ts, &z), 0,
	    "scan: same hour, minute 60 refused");
	is_int(scan("2021-09-14T09:5x:00Z", 20, &ts, &z), 0,
	    "scan: same hour, a bad minute refused");
	is_int(scan("2021-09-15T09:01:02Z", 20, &ts, &z), 20,
	    "scan: next day");
	is_int(ts, civil(2021, 9, 15, 9, 1, 2, 0), "scan: next day's value");
	is_int(scan("2021-02-30T09:01:02Z", 20, &ts, &z), 0,
	    "scan: an impossible date is still refused after a good one");
	is_int(scan("2021-09-15T09:01:02+01:00", 25, &ts, &z), 25,
	    "scan: same hour, an offset");
	is_int(ts, civil(2021, 9, 15, 8, 1, 2, 0),
	    "scan: the offset applied to the cached hour");
	/* A whole-value read with ' ' must not leave the cache answering
	 * for a 'T' stamp, nor the other way round. */
	is_int(parse("2021-09-16 10:00:00"), civil(2021, 9, 16, 10, 0, 0, 0),
	    "parse with a space between scans");
	is_int(scan("2021-09-16 10:00:00Z", 20, &ts, &z), 0,
	    "scan: a space stamp still refused after parse read one");
	is_int(scan("0000-01-01T00:00:00Z", 20, &ts, &z), 20,
	    "scan: year 0000 (the log reader used to refuse it)");
}

static void
test_parse(void)
{
	is_int(parse("2021-09-14T09:42:44.498908472Z"), T0 + 498908,
	    "parse: RFC 3339");
	is_int(parse("2021-09-14T09:42:44Z\n"), T0,
	    "parse: trailing white space ignored");
	is_int(parse("2021-09-14 09:42:44 +0000 UTC"), T0,
	    "parse: Go's time.String() form");
	is_int(parse("2021-09-14 11:42:44.5 +0200 CEST"), T0 + 500000,
	    "parse: Go's form with an offset and a zone name");
	is_int(parse("2021-09-14T11:42:44+02"), T0, "parse: +hh");
	is_int(parse("2021-09-14T11:42:44+0200"), T0, "parse: +hhmm");
	is_int(parse("2021-09-14T09:42:44 Z"), T0, "parse: space before Z");
	is_int(parse("2021-09-14T09:42:44"), T0, "parse: no zone is UTC");
	is_int(parse("2021-09-14"), civil(2021, 9, 14, 0, 0, 0, 0),
	    "parse: a date alone is midnight UTC");
	is_int(parse("0000-01-01T00:00:00Z"), -62167219200000000LL,
	    "parse: year 0000");
	/*
	 * Where the old readers disagreed.  --since read "HH:MM" (sscanf),
	 * mgt_ts() did not: both do now.
	 */
	is_int(parse("2021-09-14 09:42"), T0 - 44000000,
	    "parse: minutes without seconds");
	is_int(parse("2021-09-14T11:42+02:00"), T0 - 44000000,
	    "parse: minutes without seconds, with an offset");
	/* --since dropped an offset after a space-separated stamp (its
	 * sscanf stopped at the seconds); it is applied now. */
	is_int(parse("2021-09-14 11:42:44+02:00"), T0,
	    "parse: offset after a space-separated stamp applied");
	/* --since took trailing text after the seconds; refused now. */
	is_int(parse("2021-09-14 09:42:44 garbage"), MGT_TIME_NONE,
	    "parse: trailing text refused");
	is_int(parse("2021-09-14 09:42:44.5"), T0 + 500000,
	    "parse: the fraction counted, not dropped");
	/* --since turned an impossible date into INT64_MIN and success. */
	is_int(parse("2021-02-30"), MGT_TIME_NONE,
	    "parse: February 30 refused");
	/* --since read one-digit fields ("%2d"); RFC 3339 has two. */
	is_int(parse("2021-9-4"), MGT_TIME_NONE,
	    "parse: one-digit month refused");
	is_int(parse("2021-09-14 -1:00:00"), MGT_TIME_NONE,
	    "parse: a negative hour refused");
	/* mgt_ts() took "+02:" as +02:00. */
	is_int(parse("2021-09-14T11:42:44+02:"), MGT_TIME_NONE,
	    "parse: \"+02:\" refused");
	/* Rule columns named ts: the prefix reader took "Z, more" and
	 * ignored a stamp without a zone; now they read as mgt_ts() does. */
	is_int(parse("2021-09-14T09:42:44Z, more"), MGT_TIME_NONE,
	    "parse: a stamp followed by more text refused");
	is_int(parse("2021-09-14T09:42:44Z UTC"), T0,
	    "parse: a zone name after Z, as Go may print it");
	is_int(parse("2021-09-14T09:42:44+02:00x"), MGT_TIME_NONE,
	    "parse: text after the offset refused");
	is_int(parse("2021-09-14T09:42:44 UTC"), MGT_TIME_NONE,
	    "parse: a zone name without an offset refused");
	is_int(parse("2021-09-14T09:42:44+02:0"), MGT_TIME_NONE,
	    "parse: one-digit offset minutes refused");
	is_int(parse(""), MGT_TIME_NONE, "parse: empty refused");
	is_int(parse("2021-09-14T"), MGT_TIME_NONE, "parse: T alone refused");
	is_int(parse("yesterday"), MGT_TIME_NONE, "parse: words refused");
}

static void
test_format(void)
{
	char buf[MGT_TIME_BUFSZ];
	struct time_civil c;

	is_str(time_format(0, buf, sizeof buf),
	    "1970-01-01T00:00:00.000000Z", "format: epoch");
	is_str(time_format(T0 + 498908, buf, sizeof buf),
	    "2021-09-14T09:42:44.498908Z", "format: a real stamp");
	is_str(time_format(-1, buf, sizeof buf),
	    "1969-12-31T23:59:59.999999Z", "format: negative rounds down");
	is_str(time_format(-62167219200000000LL, buf, sizeof buf),
	    "0000-01-01T00:00:00.000000Z", "format: year 0000");
	is_str(time_format(253402300799999999LL, buf, sizeof buf),
	    "9999-12-31T23:59:59.999999Z", "format: the last microsecond");
	/* util_format_ts printed gmtime's five-digit or negative years;
	 * mgt_time() in SQL gave NULL.  Both say "not a time" now. */
	ok(time_format(253402300800000000LL, buf, sizeof buf) == NULL &&
	    strcmp(buf, "?") == 0, "format: year 10000 is ?");
	ok(time_format(MGT_TIME_NONE, buf, sizeof buf) == NULL &&
	    strcmp(buf, "?") == 0, "format: MGT_TIME_NONE is ?");
	is_str(time_format_brief(T0, buf, sizeof buf),
	    "2021-09-14T09:42:44Z", "brief: whole seconds");
	is_str(time_format_brief(T0 + 5, buf, sizeof buf),
	    "2021-09-14T09:42:44.000005Z", "brief: microseconds kept");
	is_str(time_format_brief(MGT_TIME_NONE, buf, sizeof buf), "",
	    "brief: no time is empty");
	is_int(time_to_civil(T0 + 7, &c), 0, "to_civil: in range");
	ok(c.year == 2021 && c.mon == 9 && c.day == 14 && c.hour == 9 &&
	    c.min == 42 && c.sec == 44 && c.usec == 7, "to_civil: fields");
	is_int(time_to_civil(MGT_TIME_NONE, &c), -1,
	    "to_civil: out of range");
	/* What is printed reads back. */
	is_int(parse(time_format(T0 + 498908, buf, sizeof buf)),
	    T0 + 498908, "format then parse: same time");
}

/* Durations for people: one unit, or two. */
static void
test_span(void)
{
	char buf[64];
	int64_t s = 1000000;

	is_str(time_format_span(40 * s, 1, buf, sizeof buf), "40 s",
	    "span: seconds");
	is_str(time_format_span(35 * 60 * s + 20 * s, 2, buf, sizeof buf),
	    "35 min", "span: minutes never show seconds");
	is_str(time_format_span(5 * 3600 * s + 10 * 60 * s, 2, buf,
	    sizeof buf), "5 h 10 min", "span: hours and minutes");
	is_str(time_format_span(5 * 3600 * s + 10 * 60 * s, 1, buf,
	    sizeof buf), "5 h", "span: one part");
	is_str(time_format_span(-(2 * 86400 * s + 3 * 3600 * s), 2, buf,
	    sizeof buf), "2 d 3 h", "span: the sign is dropped");
	is_str(time_format_span(INT64_MIN, 1, buf, sizeof buf), "106751991 d",
	    "span: INT64_MIN does not overflow");
}

int
main(void)
{
	test_civil();
	test_scan();
	test_parse();
	test_format();
	test_span();
	return done_testing();
}
