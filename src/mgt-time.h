/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Time: UTC microseconds since 1970 to and from RFC 3339 text and the
 * proleptic Gregorian calendar, for years 0000 to 9999.  No time zone
 * database, no locale, no libc time functions: the result never depends on
 * the machine.  The one place that says which stamp forms are accepted.
 */
#ifndef MGT_TIME_H
#define MGT_TIME_H

#include <stddef.h>
#include <stdint.h>

#define MGT_TIME_NONE	INT64_MIN	/* no time */
#define MGT_TIME_BUFSZ	32		/* time_format()'s longest, NUL too */

/* What followed the seconds of a stamp time_scan() read. */
enum time_zone {
	MGT_TIME_ZONE_NONE,	/* nothing: taken as UTC */
	MGT_TIME_ZONE_Z,	/* Z or z */
	MGT_TIME_ZONE_COLON,	/* +hh:mm */
	MGT_TIME_ZONE_PLAIN	/* +hhmm, as journalctl -o short-iso does */
};

/* A UTC instant split into calendar fields. */
struct time_civil {
	int	year;		/* 0-9999 */
	int	mon;		/* 1-12 */
	int	day;		/* 1-31 */
	int	hour;
	int	min;
	int	sec;
	long	usec;
};

/* Days from 1970-01-01 to a proleptic Gregorian date (any range). */
int64_t	 time_days_from_civil(int64_t year, int mon, int day);
/* The proleptic Gregorian date that is days after 1970-01-01. */
void	 time_civil_from_days(int64_t days, int64_t *year, int *mon,
	    int *day);
/* Days in month mon (1-12) of year. */
int	 time_days_in_month(int64_t year, int mon);

/*
 * Calendar time (UTC) to microseconds; MGT_TIME_NONE if a field is out of
 * range (years 0 to 9999; second 60 is a leap second and lands on the
 * next minute).
 */
int64_t	 time_from_civil(int year, int mon, int day, int hour, int min,
	    int sec, long usec);
/* us split into fields; 0, or -1 (c untouched) outside years 0-9999. */
int	 time_to_civil(int64_t us, struct time_civil *c);

/*
 * The fraction digits at s (len bytes): how many there are (0: none), with
 * the first six as microseconds in *usec.
 */
size_t	 time_frac(const char *s, size_t len, long *usec);

/*
 * The RFC 3339 stamp at the start of s (len bytes, need not end there):
 * "YYYY-MM-DD" 'T'|'t' "HH:MM:SS", then an optional fraction ('.' or ',',
 * digits beyond microseconds truncated) and an optional zone: Z, +hh:mm or
 * +hhmm (*zone says which; none is UTC).  Returns the bytes used with the
 * UTC time in *us, or 0 (nothing set) if s does not start with a stamp.
 * Keeps the last hour read in thread-local storage, so scanning
 * consecutive log lines costs little.
 */
size_t	 time_scan(const char *s, size_t len, int64_t *us,
	    enum time_zone *zone);

/*
 * All of s (len bytes; trailing white space ignored) as a time: what
 * time_scan() reads, and also ' ' for 'T', "+hh" offsets, a space
 * before the zone and a zone name after it (Go's "2021-09-14 09:42:44
 * +0000 UTC"), minutes without seconds ("2021-09-14 09:42"), and a date
 * alone (midnight UTC).  Returns 1 and sets *us,
 * or 0.  This is what mgt_ts() in SQL and --since/--until accept.
 */
int	 time_parse(const char *s, size_t len, int64_t *us);

/*
 * us as "2021-09-14T09:42:44.498908Z" in buf (len bytes, MGT_TIME_BUFSZ is
 * enough).  Returns buf, or NULL with "?" in buf when us lies outside years
 * 0000-9999 (MGT_TIME_NONE included).
 */
char	*time_format(int64_t us, char *buf, size_t len);
/*
 * As time_format(), but "2026-01-08T10:02:11Z" when us is whole
 * seconds, and "" for MGT_TIME_NONE: how reports print a time.  Returns buf.
 */
char	*time_format_brief(int64_t us, char *buf, size_t len);
/* A duration for people, its sign dropped: in its largest unit ("2 d",
 * "35 min", "40 s"), or with parts 2 also the next one ("2 d 3 h",
 * "5 h 10 min"; minutes and seconds stay "35 min").  Returns buf. */
char	*time_format_span(int64_t us, int parts, char *buf, size_t len);

#endif
