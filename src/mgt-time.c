/* SPDX-License-Identifier: Apache-2.0 */
/*
 * UTC microseconds to and from RFC 3339 text and calendar dates, after
 * Howard Hinnant's days_from_civil/civil_from_days: no timegm, no time
 * zone, no locale.  One stamp reader serves log lines (a stamp at the
 * start of a line) and whole values (SQL mgt_ts(), the CLI's --since).
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mgt-time.h"

/* 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z in seconds. */
#define TIME_MIN_SECS	(-62167219200LL)
#define TIME_END_SECS	253402300800LL

int64_t
time_days_from_civil(int64_t y, int m, int d)
{
	int64_t era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

void
time_civil_from_days(int64_t z, int64_t *y, int *m, int *d)
{
	int64_t era, doe, yoe, doy, mp;

	z += 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = (int)(doy - (153 * mp + 2) / 5 + 1);
	*m = (int)(mp < 10 ? mp + 3 : mp - 9);
	*y = yoe + era * 400 + (*m <= 2);
}

int
time_days_in_month(int64_t y, int m)
{
	static const int dm[12] = {
		31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31
	};

	if (m < 1 || m > 12)
		return 0;
	if (m == 2 && y % 4 == 0 && (y % 100 != 0 || y % 400 == 0))
		return 29;
	return dm[m - 1];
}

int64_t
time_from_civil(int year, int mon, int day, int hour, int min, int sec,
    long usec)
{
	if (year < 0 || year > 9999 || mon < 1 || mon > 12 || day < 1 ||
	    day > time_days_in_month(year, mon) || hour < 0 ||
	    hour > 23 || min < 0 || min > 59 || sec < 0 || sec > 60 ||
	    usec < 0 || usec > 999999)
		return MGT_TIME_NONE;
	return (time_days_from_civil(year, mon, day) * 86400 +
	    hour * 3600 + min * 60 + sec) * 1000000 + usec;
}

int
time_to_civil(int64_t us, struct time_civil *c)
{
	int64_t secs, days, rem, y;

	if (us < TIME_MIN_SECS * 1000000 || us >= TIME_END_SECS * 1000000)
		return -1;
	secs = us >= 0 ? us / 1000000 : -((-us + 999999) / 1000000);
	days = secs >= 0 ? secs / 86400 : -((-secs + 86399) / 86400);
	rem = secs - days * 86400;
	time_civil_from_days(days, &y, &c->mon, &c->day);
	c->year = (int)y;
	c->hour = (int)(rem / 3600);
	c->min = (int)(rem / 60 % 60);
	c->sec = (int)(rem % 60);
	c->usec = (long)(us - secs * 1000000);
	return 0;
}

char *
time_format(int64_t us, char *buf, size_t len)
{
	struct time_civil c;

	if (time_to_civil(us, &c) != 0) {
		if (len > 0)
			snprintf(buf, len, "?");
		return NULL;
	}
	snprintf(buf, len, "%04d-%02d-%02dT%02d:%02d:%02d.%06ldZ", c.year,
	    c.mon, c.day, c.hour, c.min, c.sec, c.usec);
	return buf;
}

char *
time_format_brief(int64_t us, char *buf, size_t len)
{
	char *dot;

	if (us == MGT_TIME_NONE) {
		if (len > 0)
			buf[0] = '\0';
		return buf;
	}
	if (time_format(us, buf, len) != NULL && us % 1000000 == 0 &&
	    (dot = strchr(buf, '.')) != NULL)
		snprintf(dot, len - (size_t)(dot - buf), "Z");
	return buf;
}

/* ---- reading ---------------------------------------------------------- */

static int
time_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* n digits at s (n <= 4, len checked by the caller) as a number, or -1. */
static int
time_num(const char *s, size_t n)
{
	int v = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!time_digit(s[i]))
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

size_t
time_frac(const char *s, size_t len, long *usec)
{
	size_t i, k;
	long v = 0;

	for (i = 0; i < len && time_digit(s[i]); i++) {
		if (i < 6)
			v = v * 10 + (s[i] - '0');
	}
	for (k = i; k > 0 && k < 6; k++)
		v *= 10;
	*usec = v;
	return i;
}

/*
 * The hour of the last 'T' stamp read on this thread ("YYYY-MM-DDTHH",
 * valid) and its time: consecutive log lines mostly share it, and the
 * calendar arithmetic then comes down to minutes and seconds.
 */
static _Thread_local struct {
	char	key[13];
	int	set;
	int64_t	base;
} time_hour;

/* The UTC time of "YYYY-MM-DD?HH" at s (13 bytes), or MGT_TIME_NONE. */
static int64_t
time_hour_of(const char *s)
{
	int y, mo, d, h;
	int64_t t;
	int cache = s[10] == 'T' || s[10] == 't';

	if (cache && time_hour.set && memcmp(s, time_hour.key, 13) == 0)
		return time_hour.base;
	if (s[4] != '-' || s[7] != '-' || (y = time_num(s, 4)) < 0 ||
	    (mo = time_num(s + 5, 2)) < 0 || (d = time_num(s + 8, 2)) < 0 ||
	    (h = time_num(s + 11, 2)) < 0)
		return MGT_TIME_NONE;
	if ((t = time_from_civil(y, mo, d, h, 0, 0, 0)) == MGT_TIME_NONE)
		return MGT_TIME_NONE;
	if (cache) {
		memcpy(time_hour.key, s, 13);
		time_hour.base = t;
		time_hour.set = 1;
	}
	return t;
}

/*
 * The zone at s: Z, +hh:mm, +hhmm, and with loose also +hh.  Returns the
 * bytes used (0 for none, which is UTC) and the offset in seconds east,
 * or -1 for a zone that starts but does not parse.
 */
static long
time_zone(const char *s, size_t len, int loose, long *east,
    enum time_zone *zone)
{
	int zh, zm = 0, sign;
	long n;

	*east = 0;
	*zone = MGT_TIME_ZONE_NONE;
	if (len > 0 && (s[0] == 'Z' || s[0] == 'z')) {
		*zone = MGT_TIME_ZONE_Z;
		return 1;
	}
	if (len == 0 || (s[0] != '+' && s[0] != '-'))
		return 0;
	sign = s[0] == '-' ? -1 : 1;
	if (len < 3 || (zh = time_num(s + 1, 2)) < 0)
		return -1;
	if (len >= 6 && s[3] == ':' && (zm = time_num(s + 4, 2)) >= 0) {
		*zone = MGT_TIME_ZONE_COLON;
		n = 6;
	} else if (len >= 5 && (zm = time_num(s + 3, 2)) >= 0) {
		*zone = MGT_TIME_ZONE_PLAIN;
		n = 5;
	} else if (loose && (len == 3 || (!time_digit(s[3]) && s[3] != ':'))) {
		/* "+02": hours alone. */
		zm = 0;
		*zone = MGT_TIME_ZONE_PLAIN;
		n = 3;
	} else
		return -1;
	if (zh > 23 || zm > 59)
		return -1;
	*east = sign * (zh * 3600L + zm * 60L);
	return n;
}

/*
 * A stamp at s; with loose, the extra forms of time_parse().  Returns
 * the bytes used or 0.
 */
static size_t
time_read(const char *s, size_t len, int loose, int64_t *us,
    enum time_zone *zone)
{
	int mi, se, y, mo, d;
	long usec = 0, east;
	long k;
	size_t i;
	int64_t t;

	if (loose && len == 10) {
		/* A date alone. */
		if (s[4] != '-' || s[7] != '-' || (y = time_num(s, 4)) < 0 ||
		    (mo = time_num(s + 5, 2)) < 0 ||
		    (d = time_num(s + 8, 2)) < 0 ||
		    (t = time_from_civil(y, mo, d, 0, 0, 0, 0)) ==
		    MGT_TIME_NONE)
			return 0;
		*us = t;
		*zone = MGT_TIME_ZONE_NONE;
		return 10;
	}
	if (len < (loose ? 16 : 19) || (s[10] != 'T' && s[10] != 't' &&
	    !(loose && s[10] == ' ')))
		return 0;
	if ((t = time_hour_of(s)) == MGT_TIME_NONE)
		return 0;
	if (s[13] != ':' || (mi = time_num(s + 14, 2)) < 0 || mi > 59)
		return 0;
	if (loose && (len == 16 || s[16] != ':')) {
		/* "HH:MM": no seconds. */
		se = 0;
		i = 16;
	} else if (len < 19 || s[16] != ':' ||
	    (se = time_num(s + 17, 2)) < 0 || se > 60)
		return 0;
	else
		i = 19;
	if (i == 19 && i < len && (s[i] == '.' || s[i] == ',')) {
		if ((k = (long)time_frac(s + i + 1, len - i - 1, &usec)) == 0)
			return 0;
		i += 1 + (size_t)k;
	}
	t += ((int64_t)mi * 60 + se) * 1000000 + usec;
	if (loose && i < len && s[i] == ' ')
		i++;
	if ((k = time_zone(s + i, len - i, loose, &east, zone)) < 0)
		return 0;
	i += (size_t)k;
	/* A zone name after the offset, as Go prints it. */
	if (loose && i < len && s[i] == ' ') {
		if (++i >= len)
			return 0;
		for (; i < len; i++) {
			if (!((s[i] >= 'A' && s[i] <= 'Z') ||
			    (s[i] >= 'a' && s[i] <= 'z')))
				return 0;
		}
	}
	*us = t - (int64_t)east * 1000000;
	return i;
}

size_t
time_scan(const char *s, size_t len, int64_t *us,
    enum time_zone *zone)
{
	return time_read(s, len, 0, us, zone);
}

int
time_parse(const char *s, size_t len, int64_t *us)
{
	enum time_zone zone;
	int64_t t;

	while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t' ||
	    s[len - 1] == '\n' || s[len - 1] == '\r'))
		len--;
	if (len == 0 || time_read(s, len, 1, &t, &zone) != len)
		return 0;
	*us = t;
	return 1;
}

char *
time_format_span(int64_t us, int parts, char *buf, size_t len)
{
	static const struct {
		const char	*unit;
		uint64_t	 s;
	} units[] = { { "d", 86400 }, { "h", 3600 }, { "min", 60 },
	    { "s", 1 } };
	uint64_t sec = us < 0 ? (uint64_t)0 - (uint64_t)us : (uint64_t)us;
	size_t i, n = sizeof units / sizeof units[0];

	sec /= 1000000;
	for (i = 0; i < n - 1; i++)
		if (sec >= units[i].s)
			break;
	if (parts < 2 || i == n - 1 || (i == n - 2 && units[i].s == 60))
		snprintf(buf, len, "%llu %s", (unsigned long long)(sec /
		    units[i].s), units[i].unit);
	else
		snprintf(buf, len, "%llu %s %llu %s", (unsigned long long)(sec /
		    units[i].s), units[i].unit, (unsigned long long)(sec %
		    units[i].s / units[i + 1].s), units[i + 1].unit);
	return buf;
}
