/* SPDX-License-Identifier: Apache-2.0 */
/*
 * One log line into its parts: an outer prefix (RFC3339 from oc logs
 * --timestamps, CRI, journal short and short-iso), the klog header inside
 * it, and structured klog key="value" pairs.  Lines are bytes with explicit
 * lengths (NUL and invalid UTF-8 allowed); every scan is bounded or linear.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "mgt-time.h"
#include "parse-log.h"
#include "utf8.h"

/* Longest journal host name and identifier looked at. */
#define LOG_MAX_HOST	256
#define LOG_MAX_IDENT	256
/* Longest klog "file.go:123]" token looked at. */
#define LOG_MAX_SRC	512
/* Longest structured-klog key. */
#define LOG_MAX_KEY	128

static const char log_months[12][4] = {
	"Jan", "Feb", "Mar", "Apr", "May", "Jun",
	"Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
};

static int
log_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* n digits at s as a number, or -1. */
static int
log_num(const char *s, size_t n)
{
	int v = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!log_digit(s[i]))
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

/* "HH:MM:SS" at s (second 60 allowed); returns 8 or 0. */
static size_t
log_hms(const char *s, size_t len, int *h, int *m, int *sec)
{
	if (len < 8 || s[2] != ':' || s[5] != ':')
		return 0;
	if ((*h = log_num(s, 2)) < 0 || (*m = log_num(s + 3, 2)) < 0 ||
	    (*sec = log_num(s + 6, 2)) < 0)
		return 0;
	if (*h > 23 || *m > 59 || *sec > 60)
		return 0;
	return 8;
}

/* A run of digits as a pid (at most 10 digits); bytes used or 0. */
static size_t
log_pid(const char *s, size_t len, long *pid)
{
	size_t i;
	long v = 0;

	for (i = 0; i < len && i < 10 && log_digit(s[i]); i++)
		v = v * 10 + (s[i] - '0');
	if (i == 0 || (i < len && log_digit(s[i])))
		return 0;
	*pid = v;
	return i;
}

/*
 * "host ident[pid]: " or "host ident: " at s.  With strict, the [pid] is
 * required (to tell a journal line from a message after an RFC3339 stamp).
 * Returns the bytes used, 0 if it does not fit.
 */
/* Length of a host name followed by a space at s, or 0. */
static size_t
log_journal_host(const char *s, size_t len)
{
	size_t h;

	for (h = 0; h < len && h < LOG_MAX_HOST && s[h] != ' '; h++)
		;
	return (h > 0 && h < len && s[h] == ' ') ? h : 0;
}

static size_t
log_journal_tail(const char *s, size_t len, int strict,
    struct log_record *r)
{
	size_t i, h, id;
	long pid = -1;
	size_t k;

	if ((h = log_journal_host(s, len)) == 0)
		return 0;
	i = h + 1;
	for (id = i; id < len && id - i < LOG_MAX_IDENT; id++) {
		if (s[id] == '[' || s[id] == ':' || s[id] == ' ')
			break;
	}
	if (id == i || id >= len || s[id] == ' ' || id - i >= LOG_MAX_IDENT)
		return 0;
	k = id;
	if (s[k] == '[') {
		if ((k = log_pid(s + id + 1, len - id - 1, &pid)) == 0)
			return 0;
		k += id + 1;
		if (k >= len || s[k] != ']')
			return 0;
		k++;
	} else if (strict)
		return 0;
	if (k >= len || s[k] != ':')
		return 0;
	k++;
	if (k < len && s[k] == ' ')
		k++;
	r->host = s;
	r->host_len = h;
	r->ident = s + i;
	r->ident_len = id - i;
	r->pid = pid;
	return k;
}

/* "Sep 14 09:36:13[.702901] " at s (day may be space-padded). */
static size_t
log_journal_stamp(const char *s, size_t len, int year_hint,
    struct log_record *r)
{
	int mon, day, h, mi, se;
	long usec = 0;
	size_t i, k;

	if (len < 16 || s[3] != ' ')
		return 0;
	for (mon = 0; mon < 12; mon++) {
		if (memcmp(s, log_months[mon], 3) == 0)
			break;
	}
	if (mon == 12)
		return 0;
	if (s[4] == ' ' && log_digit(s[5]))
		day = s[5] - '0';
	else if ((day = log_num(s + 4, 2)) < 0)
		return 0;
	if (day < 1 || day > 31)
		return 0;
	if (s[6] != ' ' || log_hms(s + 7, len - 7, &h, &mi, &se) == 0)
		return 0;
	i = 15;
	if (i < len && s[i] == '.') {
		if ((k = time_frac(s + i + 1, len - i - 1, &usec)) == 0)
			return 0;
		i += 1 + k;
	}
	if (i >= len || s[i] != ' ')
		return 0;
	if (year_hint > 0) {
		r->ts = time_from_civil(year_hint, mon + 1, day, h, mi, se,
		    usec);
		r->ts_year_guessed = r->ts != LOG_TS_NONE;
	}
	return i + 1;
}

/*
 * The klog header "I0914 09:42:44.498686    3399 file.go:108] " at s.
 * Fills severity, pid (if none yet), src_file and src_line; with
 * want_ts, also ts from the header and year_hint.  Returns the bytes used,
 * 0 if s does not start with a klog header.
 */
static size_t
log_klog(const char *s, size_t len, int year_hint, int want_ts,
    struct log_record *r)
{
	int mon, day, h, mi, se, line = 0;
	long usec = 0, pid;
	size_t i, k, tok, colon;

	if (len < 21 || (s[0] != 'I' && s[0] != 'W' && s[0] != 'E' &&
	    s[0] != 'F'))
		return 0;
	if ((mon = log_num(s + 1, 2)) < 1 || mon > 12 ||
	    (day = log_num(s + 3, 2)) < 1 || day > 31 || s[5] != ' ')
		return 0;
	if (log_hms(s + 6, len - 6, &h, &mi, &se) == 0)
		return 0;
	i = 14;
	if (i < len && s[i] == '.') {
		if ((k = time_frac(s + i + 1, len - i - 1, &usec)) == 0)
			return 0;
		i += 1 + k;
	}
	if (i >= len || s[i] != ' ')
		return 0;
	while (i < len && s[i] == ' ')
		i++;
	if ((k = log_pid(s + i, len - i, &pid)) == 0)
		return 0;
	i += k;
	if (i >= len || s[i] != ' ')
		return 0;
	i++;
	/* "file.go:108]": the last ':' before the ']' ends the file. */
	colon = 0;
	for (tok = i; tok < len && tok - i < LOG_MAX_SRC; tok++) {
		if (s[tok] == ']' || s[tok] == ' ')
			break;
		if (s[tok] == ':')
			colon = tok;
	}
	if (tok >= len || s[tok] != ']' || colon <= i || colon + 1 == tok)
		return 0;
	for (k = colon + 1; k < tok; k++) {
		if (!log_digit(s[k]) || line > 9999999)
			return 0;
		line = line * 10 + (s[k] - '0');
	}
	r->severity = s[0];
	if (r->pid == -1)
		r->pid = pid;
	r->src_file = s + i;
	r->src_file_len = colon - i;
	r->src_line = line;
	if (want_ts && year_hint > 0) {
		r->ts = time_from_civil(year_hint, mon, day, h, mi, se,
		    usec);
		r->ts_year_guessed = r->ts != LOG_TS_NONE;
	}
	tok++;
	if (tok < len && s[tok] == ' ')
		tok++;
	return tok;
}

/* End of the Go-quoted string opening at s[0] (just past the closing
 * quote), or 0 if it does not close. */
static size_t
log_quoted_end(const char *s, size_t len)
{
	size_t i;

	for (i = 1; i < len; i++) {
		if (s[i] == '\\')
			i++;
		else if (s[i] == '"')
			return i + 1;
	}
	return 0;
}

static int
log_keychar(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    log_digit(c) || c == '_' || c == '-' || c == '.' || c == '/';
}

/* A key followed by '=' at s: the key's length, or 0. */
static size_t
log_key(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len && i < LOG_MAX_KEY && log_keychar(s[i]); i++)
		;
	return (i > 0 && i < len && s[i] == '=') ? i : 0;
}

/* Structured klog: "msg" alone or followed by key=value pairs. */
static int
log_structured(const char *s, size_t len)
{
	size_t e;

	if (len < 2 || s[0] != '"' || (e = log_quoted_end(s, len)) == 0)
		return 0;
	if (e == len)
		return 1;
	return s[e] == ' ' && log_key(s + e + 1, len - e - 1) > 0;
}

/*
 * logrus text (the installer's .openshift_install.log):
 * 'time="2021-09-14T09:42:44Z" level=info msg="..."'.  Sets ts and
 * severity; returns the bytes up to msg=, 0 when line is not one.
 */
static size_t
log_logrus(const char *line, size_t len, struct log_record *r)
{
	static const struct {
		const char	*name;
		char		 sev;
	} levels[] = {
		{ "info", 'I' }, { "warning", 'W' }, { "error", 'E' },
		{ "fatal", 'F' }, { "panic", 'F' }, { "debug", 0 },
		{ "trace", 0 }
	};
	enum time_zone zone;
	int64_t ts;
	size_t k, p, i, n;

	if (len < 8 || memcmp(line, "time=\"", 6) != 0 ||
	    (k = time_scan(line + 6, len - 6, &ts, &zone)) == 0)
		return 0;
	p = 6 + k;
	if (len - p < 8 || memcmp(line + p, "\" level=", 8) != 0)
		return 0;
	p += 8;
	for (i = 0; i < sizeof levels / sizeof levels[0]; i++) {
		n = strlen(levels[i].name);
		if (len - p >= n && memcmp(line + p, levels[i].name, n) == 0 &&
		    (len - p == n || line[p + n] == ' '))
			break;
	}
	if (i == sizeof levels / sizeof levels[0])
		return 0;
	r->ts = ts;
	r->severity = levels[i].sev;
	p += n;
	return p < len ? p + 1 : p;
}

void
parse_log_line(const char *line, size_t len, int year_hint,
    struct log_record *r)
{
	enum time_zone zone;
	int64_t ts;
	size_t p = 0, k;

	if (len > 0 && line[len - 1] == '\r')
		len--;
	memset(r, 0, sizeof *r);
	r->prefix = LOG_PREFIX_NONE;
	r->ts = LOG_TS_NONE;
	r->pid = -1;
	r->msg = line;
	r->msg_len = len;

	if (len >= 8 && line[0] == 't' && (k = log_logrus(line, len, r)) > 0) {
		/* The message keeps every field: parse_log_kv() reads
		 * time, level and msg alike. */
		r->prefix = LOG_PREFIX_LOGRUS;
		r->structured = log_structured(r->msg, r->msg_len);
		return;
	}
	if (len >= 19 && log_digit(line[0]) &&
	    (k = time_scan(line, len, &ts, &zone)) > 0 &&
	    (k == len || line[k] == ' ')) {
		p = k < len ? k + 1 : k;
		if (zone == MGT_TIME_ZONE_PLAIN || zone == MGT_TIME_ZONE_COLON) {
			/* journalctl -o short-iso[-precise]: +0000, newer
			 * versions +00:00 (then only with an ident[pid]). */
			k = log_journal_tail(line + p, len - p,
			    zone == MGT_TIME_ZONE_COLON, r);
			if (k > 0) {
				r->prefix = LOG_PREFIX_JOURNAL_ISO;
				p += k;
			}
		}
		if (r->prefix == LOG_PREFIX_NONE) {
			r->prefix = LOG_PREFIX_RFC3339;
			if (len - p >= 8 &&
			    (memcmp(line + p, "stdout ", 7) == 0 ||
			    memcmp(line + p, "stderr ", 7) == 0) &&
			    (line[p + 7] == 'F' || line[p + 7] == 'P') &&
			    (len - p == 8 || line[p + 8] == ' ')) {
				r->prefix = LOG_PREFIX_CRI;
				p += len - p == 8 ? 8 : 9;
			}
		}
		r->ts = ts;
	} else if ((k = log_journal_stamp(line, len, year_hint, r)) > 0) {
		r->prefix = LOG_PREFIX_JOURNAL;
		p = k;
		/* Not "host ident:": still a journal line, host kept. */
		if ((k = log_journal_tail(line + p, len - p, 0, r)) > 0)
			p += k;
		else if ((k = log_journal_host(line + p, len - p)) > 0) {
			r->host = line + p;
			r->host_len = k;
			p += k + 1;
		}
	}

	/*
	 * The klog header.  With an outer stamp, ts stays the outer one (it
	 * has a year, or came from the same year_hint), so the klog stamp's
	 * own year never matters there; a bare klog line takes its time from
	 * the header and year_hint.
	 */
	if ((k = log_klog(line + p, len - p, year_hint,
	    r->prefix == LOG_PREFIX_NONE, r)) > 0) {
		if (r->prefix == LOG_PREFIX_NONE)
			r->prefix = LOG_PREFIX_KLOG;
		p += k;
	}
	r->msg = line + p;
	r->msg_len = len - p;
	r->structured = log_structured(r->msg, r->msg_len);
}

static int
log_hex(char c)
{
	if (log_digit(c))
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Append UTF-8 for code point cp (invalid ones as U+FFFD). */
static size_t
log_utf8(unsigned long cp, char *b)
{
	size_t n;

	if (cp > 0x10ffff || (n = utf8_encode((uint32_t)cp, b)) == 0)
		n = utf8_encode(0xfffd, b);
	return n;
}

/*
 * Unquote the Go string literal s[0..len) (quotes included) into out:
 * \n \t \" \\ \xHH \uHHHH \UHHHHHHHH \ooo and the rest of Go's escapes;
 * an unknown escape is kept as written.  Stops when out is full.
 */
static void
log_unquote(const char *s, size_t len, char *out, size_t outlen)
{
	char tmp[4];
	size_t i, o = 0, n, d, k;
	unsigned long cp;
	int v;

	for (i = 1; i + 1 < len && o + 1 < outlen; ) {
		if (s[i] != '\\' || i + 2 >= len) {
			out[o++] = s[i++];
			continue;
		}
		i++;
		n = 0;
		switch (s[i]) {
		case 'n': tmp[n++] = '\n'; break;
		case 't': tmp[n++] = '\t'; break;
		case 'r': tmp[n++] = '\r'; break;
		case 'a': tmp[n++] = '\a'; break;
		case 'b': tmp[n++] = '\b'; break;
		case 'f': tmp[n++] = '\f'; break;
		case 'v': tmp[n++] = '\v'; break;
		case '\\': case '"': case '\'': tmp[n++] = s[i]; break;
		case 'x': case 'u': case 'U':
			d = s[i] == 'x' ? 2 : s[i] == 'u' ? 4 : 8;
			cp = 0;
			for (k = 1; k <= d && i + k + 1 < len; k++) {
				if ((v = log_hex(s[i + k])) < 0)
					break;
				cp = cp * 16 + (unsigned long)v;
			}
			if (k <= d) {
				tmp[n++] = '\\';
				tmp[n++] = s[i];
				break;
			}
			if (d == 2)
				tmp[n++] = (char)cp;
			else
				n = log_utf8(cp, tmp);
			i += d;
			break;
		default:
			if (s[i] >= '0' && s[i] <= '7' && i + 3 < len &&
			    s[i + 1] >= '0' && s[i + 1] <= '7' &&
			    s[i + 2] >= '0' && s[i + 2] <= '7') {
				tmp[n++] = (char)(((s[i] - '0') << 6) |
				    ((s[i + 1] - '0') << 3) | (s[i + 2] - '0'));
				i += 2;
			} else {
				tmp[n++] = '\\';
				tmp[n++] = s[i];
			}
			break;
		}
		i++;
		for (k = 0; k < n && o + 1 < outlen; k++)
			out[o++] = tmp[k];
	}
	out[o] = '\0';
}

static void
log_copy(const char *s, size_t n, char *out, size_t outlen)
{
	if (n > outlen - 1)
		n = outlen - 1;
	memcpy(out, s, n);
	out[n] = '\0';
}

/*
 * Structured klog ("msg" k="v" k2=v2) and logfmt (k=v k2="v 2") alike:
 * walk the pairs left to right, so a key inside a quoted value is never
 * taken for a key.  The walk stops at the first token that is not a pair.
 */
int
parse_log_kv(const char *msg, size_t msg_len, const char *key, char *out,
    size_t outlen)
{
	size_t i = 0, klen, want, e;

	want = strlen(key);
	if (msg_len > 0 && msg[0] == '"') {
		if ((e = log_quoted_end(msg, msg_len)) == 0)
			return 0;
		if (strcmp(key, "msg") == 0) {
			if (outlen > 0)
				log_unquote(msg, e, out, outlen);
			return 1;
		}
		i = e;
	}
	for (;;) {
		while (i < msg_len && msg[i] == ' ')
			i++;
		if (i >= msg_len || (klen = log_key(msg + i, msg_len - i)) == 0)
			return 0;
		e = i + klen + 1;
		if (e < msg_len && msg[e] == '"') {
			size_t q = log_quoted_end(msg + e, msg_len - e);

			if (q == 0)
				return 0;
			if (klen == want && memcmp(msg + i, key, klen) == 0) {
				if (outlen > 0)
					log_unquote(msg + e, q, out, outlen);
				return 1;
			}
			i = e + q;
		} else {
			size_t v = e;

			while (v < msg_len && msg[v] != ' ')
				v++;
			if (klen == want && memcmp(msg + i, key, klen) == 0) {
				if (outlen > 0)
					log_copy(msg + e, v - e, out, outlen);
				return 1;
			}
			i = v;
		}
	}
}

const char *
parse_log_host(const struct log_record *r, char *buf, size_t n)
{
	if (r->host == NULL || r->host_len == 0 || r->host_len >= n)
		return NULL;
	memcpy(buf, r->host, r->host_len);
	buf[r->host_len] = '\0';
	return buf;
}
