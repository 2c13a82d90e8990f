/* SPDX-License-Identifier: Apache-2.0 */
/*
 * journalctl -o json (also json-seq and json-pretty) and -o export, turned
 * entry by entry into short-iso-precise lines for the log path.  Both are
 * push parsers: bytes come in blocks cut anywhere, and at most max_line
 * bytes of a kept field (or of one JSON record) are ever held.
 */
#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "error.h"
#include "mgt-time.h"
#include "parse-journal.h"
#include "xmalloc.h"

/* Longest export field name; journald allows 64, this is generous. */
#define JOURNAL_MAX_NAME	256
/*
 * A binary export field longer than this is garbage, not data: journald
 * refuses fields over 768 MiB (DATA_SIZE_MAX), so no real file has one.
 */
#define JOURNAL_MAX_FIELD	((uint64_t)1 << 30)
/* Problems reported one by one per member; the rest are counted. */
#define JOURNAL_MAX_PROBLEMS	20
/* 9999-12-31T23:59:59.999999Z, the last instant with a 4-digit year. */
#define JOURNAL_MAX_TS		253402300799999999LL
/* Longest decimal pid kept. */
#define JOURNAL_MAX_PID		10

/* The fields a line is made of. */
enum journal_field {
	JF_MESSAGE = 0,
	JF_HOSTNAME,
	JF_IDENT,
	JF_COMM,
	JF_PID,
	JF_REALTIME,
	JF_SOURCE_REALTIME,
	JF_COUNT
};

static const char *const journal_field_names[JF_COUNT] = {
	"MESSAGE",
	"_HOSTNAME",
	"SYSLOG_IDENTIFIER",
	"_COMM",
	"_PID",
	"__REALTIME_TIMESTAMP",
	"_SOURCE_REALTIME_TIMESTAMP"
};

/* One kept field of the current entry, at most max_line bytes. */
struct journal_value {
	char	*buf;
	size_t	 len;
	size_t	 cap;
	int	 set;		/* seen in this entry */
	int	 null;		/* JSON null: journalctl left it out */
	int	 truncated;	/* longer than max_line, cut */
};

/* Where the export reader is inside an entry. */
enum journal_xstate {
	JX_NAME = 0,	/* a field name, or the blank line ending it */
	JX_TEXT,	/* a text value, up to '\n' */
	JX_LEN,		/* the 8-byte little-endian length of data */
	JX_DATA,	/* binary value bytes */
	JX_DATA_NL,	/* the '\n' after the binary value */
	JX_RESYNC	/* skipping a bad entry up to the next blank line */
};

struct journal_conv {
	enum journal_format	 fmt;
	size_t			 max_line;
	const struct problem_sink *sink;
	char			*vpath;

	long long		 offset;	/* bytes consumed */
	struct journal_value	 f[JF_COUNT];
	char			*out;		/* the line built */
	size_t			 out_len;
	size_t			 out_cap;
	int			 out_truncated;

	/* Export. */
	enum journal_xstate	 xst;
	long			 entry;		/* entries begun */
	long long		 entry_offset;
	int			 in_entry;	/* a byte of it was read */
	char			 name[JOURNAL_MAX_NAME + 1];
	size_t			 name_len;
	int			 field;		/* JF_* or -1 */
	unsigned char		 lenbuf[8];
	size_t			 lenpos;
	uint64_t		 remaining;	/* binary bytes left */
	int			 at_bol;	/* resync: after a '\n' */

	/* JSON: one record is a line, or a json-pretty object. */
	char			*rec;
	size_t			 rec_len;
	size_t			 rec_cap;
	int			 rec_overflow;	/* over max_line */
	int			 rec_pretty;	/* inside "{\n...\n}" */
	long			 rec_line;	/* line it began on */
	long long		 rec_offset;
	long			 line_no;	/* physical lines begun */
	int			 line_first;	/* its first byte, -1 */

	/* Counted, reported once at the end. */
	long			 problems;	/* reported or not */
	long			 truncated;
	long			 no_message;
	long			 null_message;
};

static void
journal_problem(struct journal_conv *c, enum problem_severity sev,
    const char *code, long long offset, long line, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/*
 * Report a problem of this member; after JOURNAL_MAX_PROBLEMS only count it
 * (the count is reported by journal_conv_end).
 */
static void
journal_problem(struct journal_conv *c, enum problem_severity sev,
    const char *code, long long offset, long line, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	if (c->problems++ >= JOURNAL_MAX_PROBLEMS)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	problem_report(c->sink, sev, code, c->vpath, offset, line, "%s", msg);
}

/* May ch be byte pos of a journal field name ([A-Z_][A-Z0-9_]*)? */
static int
journal_name_char(char ch, size_t pos)
{
	return (ch >= 'A' && ch <= 'Z') || ch == '_' ||
	    (pos > 0 && ch >= '0' && ch <= '9');
}

/*
 * journalctl's first line, "-- Logs begin at Tue 2021-09-14 09:33:00 UTC,
 * end at ...": the year of the first ISO date on it.  By hand, not with
 * sscanf: the line is a slice of a block, not NUL-terminated, and glibc's
 * sscanf measures its input with strlen first.
 */
int
journal_header_year(const char *line, size_t len)
{
	const char *p;
	int year;

	if (len < 30 || memcmp(line, "-- ", 3) != 0)
		return 0;
	for (p = line; p + 5 <= line + len; p++) {
		if (p[4] != '-' || !isdigit((unsigned char)p[0]) ||
		    !isdigit((unsigned char)p[1]) ||
		    !isdigit((unsigned char)p[2]) ||
		    !isdigit((unsigned char)p[3]))
			continue;
		year = (p[0] - '0') * 1000 + (p[1] - '0') * 100 +
		    (p[2] - '0') * 10 + (p[3] - '0');
		if (year > 1990 && year < 2200)
			return year;
	}
	return 0;
}

enum journal_format
journal_detect(const void *head, size_t len)
{
	static const char *const keys[] = {
		"\"__REALTIME_TIMESTAMP\"", "\"__CURSOR\"", "\"MESSAGE\""
	};
	const char *h = head;
	size_t i = 0, k, n;

	if (h == NULL)
		return JOURNAL_TEXT;
	/* A json-seq record separator counts as blank. */
	while (i < len && (h[i] == ' ' || h[i] == '\t' || h[i] == '\r' ||
	    h[i] == '\n' || h[i] == 0x1e))
		i++;
	if (i == len)
		return JOURNAL_TEXT;
	if (h[i] == '{') {
		for (k = 0; k < sizeof keys / sizeof keys[0]; k++) {
			if (memmem(h + i, len - i, keys[k], strlen(keys[k])) !=
			    NULL)
				return JOURNAL_JSON;
		}
		/*
		 * journalctl writes the keys in hash order and a real entry
		 * has 1-2 KB of them, so the head may end before any of
		 * those: a first key that is a journal field name will do.
		 */
		for (i++; i < len && (h[i] == ' ' || h[i] == '\t' ||
		    h[i] == '\r' || h[i] == '\n'); i++)
			;
		if (i >= len || h[i] != '"')
			return JOURNAL_TEXT;
		for (n = 0, i++; i + n < len && journal_name_char(h[i + n], n);
		    n++)
			;
		return n > 0 && i + n < len && h[i + n] == '"' ? JOURNAL_JSON :
		    JOURNAL_TEXT;
	}

	/*
	 * Export: "NAME=" or "NAME\n" (binary) with a journal field name.
	 * journalctl starts every entry with __CURSOR; a file filtered by
	 * other tools must at least carry the entry's time.
	 */
	for (n = 0; i + n < len && n <= JOURNAL_MAX_NAME &&
	    journal_name_char(h[i + n], n); n++)
		;
	if (n == 0 || i + n >= len || (h[i + n] != '=' && h[i + n] != '\n'))
		return JOURNAL_TEXT;
	if (n >= 2 && h[i] == '_' && h[i + 1] == '_')
		return JOURNAL_EXPORT;
	if (memmem(h + i, len - i, "\n__REALTIME_TIMESTAMP=", 22) != NULL)
		return JOURNAL_EXPORT;
	return JOURNAL_TEXT;
}

struct journal_conv *
journal_conv_new(enum journal_format fmt, const struct mgt_limits *limits,
    const struct problem_sink *sink, const char *vpath)
{
	struct journal_conv *c;

	c = xcalloc(1, sizeof *c);
	c->fmt = fmt;
	c->max_line = limits != NULL && limits->max_line > 0 ?
	    limits->max_line : LIMIT_DEFAULT_LINE;
	c->sink = sink;
	c->vpath = xstrdup(vpath != NULL ? vpath : "");
	c->field = -1;
	c->line_first = -1;
	return c;
}

void
journal_conv_free(struct journal_conv *c)
{
	int i;

	if (c == NULL)
		return;
	for (i = 0; i < JF_COUNT; i++)
		free(c->f[i].buf);
	free(c->out);
	free(c->rec);
	free(c->vpath);
	free(c);
}

/* Append to a buffer that never holds more than max bytes; 1 if cut. */
static int
journal_append(char **buf, size_t *len, size_t *cap, size_t max,
    const char *p, size_t n)
{
	int cut = 0;

	if (*len >= max)
		return n > 0;
	if (n > max - *len) {
		n = max - *len;
		cut = 1;
	}
	if (*len + n > *cap) {
		*cap = *len + n < 256 ? 256 : (*len + n) * 2;
		if (*cap > max)
			*cap = max;
		*buf = xreallocarray(*buf, *cap, 1);
	}
	if (n > 0)
		memcpy(*buf + *len, p, n);
	*len += n;
	return cut;
}

static void
journal_value_add(struct journal_conv *c, struct journal_value *v,
    const char *p, size_t n)
{
	if (journal_append(&v->buf, &v->len, &v->cap, c->max_line, p, n))
		v->truncated = 1;
}

/* Start a new value for field i (a later copy of a field wins). */
static void
journal_value_begin(struct journal_value *v)
{
	v->len = 0;
	v->set = 1;
	v->null = 0;
	v->truncated = 0;
}

static void
journal_entry_reset(struct journal_conv *c)
{
	int i;

	for (i = 0; i < JF_COUNT; i++) {
		c->f[i].set = 0;
		c->f[i].null = 0;
		c->f[i].truncated = 0;
		c->f[i].len = 0;
	}
}

static int
journal_field_index(const char *name, size_t len)
{
	int i;

	for (i = 0; i < JF_COUNT; i++) {
		if (strlen(journal_field_names[i]) == len &&
		    memcmp(journal_field_names[i], name, len) == 0)
			return i;
	}
	return -1;
}

/* A decimal microsecond count in range, or -1. */
static long long
journal_time(const struct journal_value *v)
{
	long long t = 0;
	size_t i;

	if (!v->set || v->null || v->len == 0 || v->len > 18)
		return -1;
	for (i = 0; i < v->len; i++) {
		if (v->buf[i] < '0' || v->buf[i] > '9')
			return -1;
		t = t * 10 + (v->buf[i] - '0');
	}
	return t <= JOURNAL_MAX_TS ? t : -1;
}

static void
journal_out(struct journal_conv *c, const char *p, size_t n)
{
	if (journal_append(&c->out, &c->out_len, &c->out_cap, c->max_line,
	    p, n))
		c->out_truncated = 1;
}

/* A host or identifier as one word: blanks and controls become '_'. */
static void
journal_out_word(struct journal_conv *c, const struct journal_value *v,
    const char *fallback)
{
	char ch;
	size_t i;

	if (v == NULL || !v->set || v->null || v->len == 0) {
		journal_out(c, fallback, strlen(fallback));
		return;
	}
	for (i = 0; i < v->len; i++) {
		ch = v->buf[i];
		if ((unsigned char)ch <= ' ' || ch == 0x7f)
			ch = '_';
		journal_out(c, &ch, 1);
	}
}

/* The message with each '\n' written as the two characters "\n". */
static void
journal_out_message(struct journal_conv *c, const struct journal_value *v)
{
	const char *p = v->buf, *end, *nl;

	if (v->len == 0)
		return;
	end = p + v->len;
	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL) {
			journal_out(c, p, (size_t)(end - p));
			break;
		}
		journal_out(c, p, (size_t)(nl - p));
		journal_out(c, "\\n", 2);
		p = nl + 1;
	}
}

/*
 * The current entry is complete: build its line and hand it to fn.  Entries
 * without MESSAGE are counted and skipped; one without a usable time is a
 * bad entry.
 */
static int
journal_emit(struct journal_conv *c, long entry, long long offset,
    const char *code, journal_line_fn fn, void *ctx)
{
	const struct journal_value *ident, *pid = &c->f[JF_PID];
	char stamp[64];
	long long us;
	struct time_civil tm;
	size_t i;
	int truncated = 0;

	if (!c->f[JF_MESSAGE].set || c->f[JF_MESSAGE].null) {
		if (c->f[JF_MESSAGE].null)
			c->null_message++;
		else
			c->no_message++;
		return MGT_OK;
	}
	if ((us = journal_time(&c->f[JF_REALTIME])) < 0 &&
	    (us = journal_time(&c->f[JF_SOURCE_REALTIME])) < 0) {
		journal_problem(c, PROBLEM_WARNING, code, offset, entry,
		    "journal entry %ld has no valid __REALTIME_TIMESTAMP: "
		    "skipped", entry);
		return MGT_OK;
	}
	if (time_to_civil(us, &tm) != 0) {
		journal_problem(c, PROBLEM_WARNING, code, offset, entry,
		    "journal entry %ld: time out of range: skipped", entry);
		return MGT_OK;
	}
	snprintf(stamp, sizeof stamp, "%04d-%02d-%02dT%02d:%02d:%02d.%06ld"
	    "+0000 ", tm.year, tm.mon, tm.day, tm.hour, tm.min, tm.sec,
	    tm.usec);

	c->out_len = 0;
	c->out_truncated = 0;
	journal_out(c, stamp, strlen(stamp));
	journal_out_word(c, &c->f[JF_HOSTNAME], "unknown");
	journal_out(c, " ", 1);
	ident = &c->f[JF_IDENT];
	if (!ident->set || ident->null || ident->len == 0)
		ident = &c->f[JF_COMM];
	journal_out_word(c, ident, "unknown");
	if (pid->set && !pid->null && pid->len > 0 &&
	    pid->len <= JOURNAL_MAX_PID) {
		for (i = 0; i < pid->len; i++)
			if (pid->buf[i] < '0' || pid->buf[i] > '9')
				break;
		if (i == pid->len) {
			journal_out(c, "[", 1);
			journal_out(c, pid->buf, pid->len);
			journal_out(c, "]", 1);
		}
	}
	journal_out(c, ": ", 2);
	journal_out_message(c, &c->f[JF_MESSAGE]);

	for (i = 0; i < JF_COUNT; i++)
		truncated |= c->f[i].truncated;
	if ((truncated || c->out_truncated) && c->truncated++ == 0)
		problem_report(c->sink, PROBLEM_WARNING, PCODE_LIMIT_LINE,
		    c->vpath, offset, entry, "journal entry %ld longer than "
		    "max-line (%zu bytes): cut", entry, c->max_line);
	return fn(ctx, c->out, c->out_len, entry);
}

/*
 * Export.
 */

/* A bad entry: report it and skip to the next blank line. */
static void
journal_export_bad(struct journal_conv *c, const char *why)
{
	journal_problem(c, PROBLEM_WARNING, PCODE_CORRUPT, c->entry_offset,
	    c->entry, "journal export entry %ld: %s: skipped", c->entry, why);
	c->xst = JX_RESYNC;
	c->at_bol = 0;
}

static void
journal_export_begin_entry(struct journal_conv *c)
{
	if (c->in_entry)
		return;
	c->in_entry = 1;
	c->entry++;
	c->entry_offset = c->offset;
}

static int
journal_export_end_entry(struct journal_conv *c, journal_line_fn fn,
    void *ctx)
{
	int rc;

	rc = journal_emit(c, c->entry, c->entry_offset, PCODE_CORRUPT, fn,
	    ctx);
	journal_entry_reset(c);
	c->in_entry = 0;
	return rc;
}

/* The name in c->name is complete; its value follows. */
static void
journal_export_field(struct journal_conv *c)
{
	c->field = journal_field_index(c->name, c->name_len);
	if (c->field >= 0)
		journal_value_begin(&c->f[c->field]);
}

static void
journal_export_value(struct journal_conv *c, const char *p, size_t n)
{
	if (c->field >= 0)
		journal_value_add(c, &c->f[c->field], p, n);
}

/* Advance through the field name at p; returns bytes consumed. */
static size_t
journal_export_name(struct journal_conv *c, const char *p, size_t n,
    int *entry_done)
{
	char msg[64];
	unsigned char ch;
	size_t i;

	for (i = 0; i < n; i++) {
		ch = (unsigned char)p[i];
		if (ch == '\n' && c->name_len == 0) {
			/* A blank line: the end of an entry (or a gap). */
			*entry_done = c->in_entry;
			return i + 1;
		}
		journal_export_begin_entry(c);
		if (ch == '\n' || ch == '=') {
			if (c->name_len == 0) {
				journal_export_bad(c, "field with no name");
				return i;
			}
			journal_export_field(c);
			c->name_len = 0;
			if (ch == '=')
				c->xst = JX_TEXT;
			else {
				c->xst = JX_LEN;
				c->lenpos = 0;
			}
			return i + 1;
		}
		if (ch <= ' ' || ch >= 0x7f) {
			snprintf(msg, sizeof msg, "byte 0x%02x in a field name",
			    ch);
			journal_export_bad(c, msg);
			return i;
		}
		if (c->name_len >= JOURNAL_MAX_NAME) {
			journal_export_bad(c, "field name too long");
			return i;
		}
		c->name[c->name_len++] = (char)ch;
	}
	return n;
}

static int
journal_export_push(struct journal_conv *c, const char *buf, size_t len,
    journal_line_fn fn, void *ctx)
{
	const char *p = buf, *end = buf + len, *nl;
	char msg[96];
	size_t n;
	int done, rc, i;

	while (p < end) {
		switch (c->xst) {
		case JX_NAME:
			done = 0;
			n = journal_export_name(c, p, (size_t)(end - p), &done);
			p += n;
			c->offset += (long long)n;
			if (done &&
			    (rc = journal_export_end_entry(c, fn, ctx)) !=
			    MGT_OK)
				return rc;
			break;
		case JX_TEXT:
			nl = memchr(p, '\n', (size_t)(end - p));
			n = nl != NULL ? (size_t)(nl - p) : (size_t)(end - p);
			journal_export_value(c, p, n);
			if (nl != NULL) {
				n++;
				c->xst = JX_NAME;
			}
			p += n;
			c->offset += (long long)n;
			break;
		case JX_LEN:
			while (p < end && c->lenpos < sizeof c->lenbuf) {
				c->lenbuf[c->lenpos++] = (unsigned char)*p++;
				c->offset++;
			}
			if (c->lenpos < sizeof c->lenbuf)
				break;
			c->remaining = 0;
			for (i = 7; i >= 0; i--) {
				c->remaining <<= 8;
				c->remaining |= c->lenbuf[i];
			}
			if (c->remaining > JOURNAL_MAX_FIELD) {
				snprintf(msg, sizeof msg, "binary field of "
				    "%llu bytes",
				    (unsigned long long)c->remaining);
				journal_export_bad(c, msg);
				break;
			}
			c->xst = c->remaining > 0 ? JX_DATA : JX_DATA_NL;
			break;
		case JX_DATA:
			n = (size_t)(end - p);
			if ((uint64_t)n > c->remaining)
				n = (size_t)c->remaining;
			journal_export_value(c, p, n);
			c->remaining -= n;
			p += n;
			c->offset += (long long)n;
			if (c->remaining == 0)
				c->xst = JX_DATA_NL;
			break;
		case JX_DATA_NL:
			if (*p != '\n') {
				journal_export_bad(c,
				    "binary field not followed by a newline");
				break;
			}
			p++;
			c->offset++;
			c->xst = JX_NAME;
			break;
		case JX_RESYNC:
			nl = memchr(p, '\n', (size_t)(end - p));
			if (nl == NULL) {
				c->offset += (long long)(end - p);
				c->at_bol = 0;
				p = end;
				break;
			}
			if (nl == p && c->at_bol) {
				journal_entry_reset(c);
				c->in_entry = 0;
				c->name_len = 0;
				c->xst = JX_NAME;
			}
			c->at_bol = 1;
			c->offset += (long long)(nl + 1 - p);
			p = nl + 1;
			break;
		}
	}
	return MGT_OK;
}

static int
journal_export_end(struct journal_conv *c, journal_line_fn fn, void *ctx)
{
	switch (c->xst) {
	case JX_NAME:
		if (c->name_len > 0)
			break;
		/* FALLTHROUGH */
	case JX_TEXT:
	case JX_DATA_NL:
		/* A file cut after a whole field (or without the last '\n'). */
		if (c->in_entry)
			return journal_export_end_entry(c, fn, ctx);
		return MGT_OK;
	case JX_RESYNC:
		return MGT_OK;
	case JX_LEN:
	case JX_DATA:
		break;
	}
	journal_problem(c, PROBLEM_WARNING, PCODE_TRUNCATED, c->entry_offset,
	    c->entry, "journal export ends inside entry %ld: skipped",
	    c->entry);
	return MGT_OK;
}

/*
 * JSON.
 */

/* The bytes of a journalctl byte array ([72,105]); -1 if it is not one. */
static int
journal_json_bytes(struct journal_conv *c, struct journal_value *v,
    const cJSON *arr)
{
	const cJSON *e;
	char b;

	cJSON_ArrayForEach(e, arr) {
		if (!cJSON_IsNumber(e) || e->valuedouble < 0 ||
		    e->valuedouble > 255 ||
		    e->valuedouble != (double)(int)e->valuedouble)
			return -1;
		b = (char)(unsigned char)e->valueint;
		journal_value_add(c, v, &b, 1);
	}
	return 0;
}

/*
 * One field of a JSON entry: a string, a byte array, null (journalctl
 * leaves out values over 4 KiB without --all), or an array of those for a
 * field given more than once (the last one wins, as in journalctl's short
 * output).  Returns -1 for anything else.
 */
static int
journal_json_value(struct journal_conv *c, struct journal_value *v,
    const cJSON *item, int depth)
{
	const cJSON *last;
	char num[32];
	double d;

	journal_value_begin(v);
	if (cJSON_IsString(item)) {
		journal_value_add(c, v, item->valuestring,
		    strlen(item->valuestring));
		return 0;
	}
	if (cJSON_IsNull(item)) {
		v->null = 1;
		return 0;
	}
	if (cJSON_IsNumber(item)) {
		d = item->valuedouble;
		/* Exact integers only (2^53). */
		if (d < 0 || d > 9007199254740992.0 ||
		    d != (double)(long long)d)
			return -1;
		snprintf(num, sizeof num, "%lld", (long long)d);
		journal_value_add(c, v, num, strlen(num));
		return 0;
	}
	if (!cJSON_IsArray(item) || item->child == NULL)
		return -1;
	if (cJSON_IsNumber(item->child))
		return journal_json_bytes(c, v, item);
	if (depth > 0)
		return -1;
	for (last = item->child; last->next != NULL; last = last->next)
		;
	return journal_json_value(c, v, last, depth + 1);
}

/* One JSON record (a line, or a json-pretty object). */
static int
journal_json_record(struct journal_conv *c, journal_line_fn fn, void *ctx)
{
	const char *p = c->rec != NULL ? c->rec : "", *end = p + c->rec_len;
	const char *after = NULL;
	const cJSON *item;
	cJSON *root;
	int i, rc;

	if (c->fmt == JOURNAL_TEXT) {
		/* No conversion: the line as it is, cut at max-line. */
		if (c->rec_overflow && c->truncated++ == 0)
			problem_report(c->sink, PROBLEM_WARNING,
			    PCODE_LIMIT_LINE, c->vpath, c->rec_offset,
			    c->rec_line, "line longer than max-line (%zu "
			    "bytes): cut", c->max_line);
		if (end > p && end[-1] == '\r')
			end--;
		return fn(ctx, p, (size_t)(end - p), c->rec_line);
	}
	/* json-seq puts a record separator (0x1e) before each entry. */
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' ||
	    *p == '\n' || *p == 0x1e))
		p++;
	if (p == end && !c->rec_overflow)
		return MGT_OK;
	if (c->rec_overflow) {
		journal_problem(c, PROBLEM_WARNING, PCODE_LIMIT_LINE,
		    c->rec_offset, c->rec_line, "journal JSON entry longer "
		    "than max-line (%zu bytes): skipped", c->max_line);
		return MGT_OK;
	}
	root = cJSON_ParseWithLengthOpts(p, (size_t)(end - p), &after, 0);
	if (root != NULL) {
		while (after < end && (*after == ' ' || *after == '\t' ||
		    *after == '\r' || *after == '\n'))
			after++;
	}
	if (root == NULL || after != end || !cJSON_IsObject(root)) {
		journal_problem(c, PROBLEM_WARNING, PCODE_JSON, c->rec_offset,
		    c->rec_line, "%s: skipped", root == NULL ?
		    "not a JSON journal entry" : after != end ?
		    "text after the JSON journal entry" :
		    "JSON journal entry is not an object");
		cJSON_Delete(root);
		return MGT_OK;
	}
	journal_entry_reset(c);
	cJSON_ArrayForEach(item, root) {
		if (item->string == NULL ||
		    (i = journal_field_index(item->string,
		    strlen(item->string))) < 0)
			continue;
		if (journal_json_value(c, &c->f[i], item, 0) != 0) {
			journal_problem(c, PROBLEM_WARNING, PCODE_JSON,
			    c->rec_offset, c->rec_line, "journal field %s is "
			    "not a string or byte array: entry skipped",
			    journal_field_names[i]);
			cJSON_Delete(root);
			journal_entry_reset(c);
			return MGT_OK;
		}
	}
	cJSON_Delete(root);
	rc = journal_emit(c, c->rec_line, c->rec_offset, PCODE_JSON, fn, ctx);
	journal_entry_reset(c);
	return rc;
}

static void
journal_rec_add(struct journal_conv *c, const char *p, size_t n)
{
	if (c->rec_overflow)
		return;
	if (journal_append(&c->rec, &c->rec_len, &c->rec_cap, c->max_line,
	    p, n))
		c->rec_overflow = 1;
}

/* Is the record so far exactly "{" (json-pretty's first line)? */
static int
journal_rec_open_brace(const struct journal_conv *c)
{
	size_t i;
	int brace = 0;

	for (i = 0; i < c->rec_len; i++) {
		if (c->rec[i] == '{' && !brace)
			brace = 1;
		else if (c->rec[i] != ' ' && c->rec[i] != '\t' &&
		    c->rec[i] != '\r' && c->rec[i] != 0x1e)
			return 0;
	}
	return brace;
}

/*
 * The physical line that ended here ends the record unless it opened a
 * json-pretty object, or is inside one that a "}" in column 0 has not
 * closed yet.
 */
static int
journal_rec_line_end(struct journal_conv *c, journal_line_fn fn, void *ctx)
{
	int rc;

	if (c->fmt == JOURNAL_JSON) {
		if (!c->rec_pretty && journal_rec_open_brace(c))
			c->rec_pretty = 1;
		else if (c->rec_pretty && c->line_first != '}')
			;
		else
			c->rec_pretty = 0;
		if (c->rec_pretty) {
			journal_rec_add(c, "\n", 1);
			c->line_first = -1;
			return MGT_OK;
		}
	}
	rc = journal_json_record(c, fn, ctx);
	c->rec_len = 0;
	c->rec_overflow = 0;
	c->line_first = -1;
	return rc;
}

static int
journal_json_push(struct journal_conv *c, const char *buf, size_t len,
    journal_line_fn fn, void *ctx)
{
	const char *p = buf, *end = buf + len, *nl;
	size_t n;
	int rc;

	while (p < end) {
		if (c->line_first < 0) {
			c->line_first = (unsigned char)*p;
			c->line_no++;
			if (c->rec_len == 0 && !c->rec_overflow &&
			    !c->rec_pretty) {
				c->rec_line = c->line_no;
				c->rec_offset = c->offset;
			}
		}
		nl = memchr(p, '\n', (size_t)(end - p));
		n = nl != NULL ? (size_t)(nl - p) : (size_t)(end - p);
		journal_rec_add(c, p, n);
		if (nl != NULL)
			n++;
		p += n;
		c->offset += (long long)n;
		if (nl != NULL && (rc = journal_rec_line_end(c, fn, ctx)) !=
		    MGT_OK)
			return rc;
	}
	return MGT_OK;
}

int
journal_conv_push(struct journal_conv *c, const char *buf, size_t len,
    journal_line_fn fn, void *ctx)
{
	if (len == 0)
		return MGT_OK;
	if (c->fmt == JOURNAL_EXPORT)
		return journal_export_push(c, buf, len, fn, ctx);
	return journal_json_push(c, buf, len, fn, ctx);
}

int
journal_conv_end(struct journal_conv *c, journal_line_fn fn, void *ctx)
{
	long more;
	int rc;

	if (c->fmt == JOURNAL_EXPORT)
		rc = journal_export_end(c, fn, ctx);
	else {
		c->rec_pretty = 0;
		rc = c->line_first >= 0 || c->rec_len > 0 || c->rec_overflow ?
		    journal_json_record(c, fn, ctx) : MGT_OK;
		c->rec_len = 0;
		c->rec_overflow = 0;
		c->line_first = -1;
	}
	if (rc != MGT_OK)
		return rc;

	if (c->truncated > 1)
		problem_report(c->sink, PROBLEM_WARNING, PCODE_LIMIT_LINE,
		    c->vpath, -1, 0, "%ld more journal entries longer than "
		    "max-line (%zu bytes) were cut", c->truncated - 1,
		    c->max_line);
	if (c->problems > JOURNAL_MAX_PROBLEMS) {
		more = c->problems - JOURNAL_MAX_PROBLEMS;
		problem_report(c->sink, PROBLEM_WARNING,
		    c->fmt == JOURNAL_EXPORT ? PCODE_CORRUPT : PCODE_JSON,
		    c->vpath, -1, 0, "%ld more bad journal entries not "
		    "reported one by one", more);
	}
	if (c->null_message > 0)
		problem_report(c->sink, PROBLEM_WARNING, PCODE_TRUNCATED,
		    c->vpath, -1, 0, "%ld journal entries skipped: MESSAGE "
		    "is null (journalctl -o json leaves out values over "
		    "4096 bytes unless --all is given)", c->null_message);
	if (c->no_message > 0)
		problem_report(c->sink, PROBLEM_INFO, PCODE_EMPTY, c->vpath,
		    -1, 0, "%ld journal entries without MESSAGE skipped",
		    c->no_message);
	return MGT_OK;
}
