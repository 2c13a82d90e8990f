/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Reading a log member: cut the stream into whole lines (a line split over
 * two blocks is joined in a bounded carry buffer), parse each line's prefix
 * for time, severity and host, store the lines the index keeps, and hand
 * each block of whole lines to the pattern matcher.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "ingest-private.h"
#include "mgt-time.h"
#include "parse-journal.h"
#include "parse-log.h"
#include "text-decode.h"
#include "xmalloc.h"

/* Record line offsets every this many lines, for re-streaming. */
#define INGEST_OFFSET_EVERY 1000
/* Stored lines between two looks at the index size (a cheap pragma). */
#define INGEST_SIZE_EVERY 16384

struct ingest_carry {
	char		*buf;
	size_t		 len;
	size_t		 cap;
	int		 overflow;	/* the line was longer than max_line */
};

struct ingest_log {
	struct index_source	*s;
	long long		 offset;	/* byte offset of the next line */
};

static void	 ingest_year_note(struct ingest *);

static int
ingest_year_of(int64_t us)
{
	struct time_civil c;

	if (time_to_civil(us, &c) != 0)
		return 0;
	return c.year;
}

/* The UTC month (1-12) of a stamp; gmtime only when the day changes. */
static int
ingest_month_of(struct ingest *in, int64_t us)
{
	int64_t day = us / 86400000000LL;
	struct time_civil c;

	if (day != in->last_day || in->last_month == 0) {
		if (time_to_civil(us, &c) != 0)
			return 0;
		in->last_day = day;
		return c.mon;
	}
	return in->last_month;
}

/*
 * Parse a line whose stamp may lack a year (journal short, bare klog).
 * Such stamps take the year of the source's first one plus the New Years
 * crossed since: a month that falls back by more than half a year (Dec ->
 * Jan) is a rollover, not disorder.
 */
static void
ingest_parse_line(struct ingest *in, const char *p, size_t l,
    struct log_record *rec)
{
	int year, mon;

	year = in->source_year > 0 ? in->source_year + in->source_rollovers :
	    in->year_hint > 0 ? in->year_hint : INGEST_PROVISIONAL_YEAR;
	parse_log_line(p, l, year, rec);
	if (!rec->ts_year_guessed || rec->ts == LOG_TS_NONE)
		return;
	if (in->source_year == 0) {
		in->source_year = year;
		if (in->year_hint == 0)
			in->source_yearless = 1;
	}
	mon = ingest_month_of(in, rec->ts);
	if (in->last_month > 0 && mon > 0 && mon < in->last_month - 6) {
		in->source_rollovers++;
		parse_log_line(p, l, year + 1, rec);
		if (rec->ts != LOG_TS_NONE)
			mon = ingest_month_of(in, rec->ts);
	}
	if (mon > 0)
		in->last_month = mon;
}

/* "-- Logs begin at Tue 2021-09-14 09:33:00 UTC, end at ..." */
static void
ingest_journal_header(struct ingest *in, const char *line, size_t len)
{
	int year = journal_header_year(line, len);

	if (year == 0)
		return;
	in->year_hint = year;
	/* The year this journal begins in: its first stamps'. */
	if (in->source_year == 0)
		in->source_header_year = year;
}

static void
ingest_grow_block(struct ingest *in, size_t n)
{
	if (n <= in->block_cap)
		return;
	while (in->block_cap < n)
		in->block_cap = in->block_cap ? in->block_cap * 2 : 4096;
	in->block_ts = xreallocarray(in->block_ts, in->block_cap,
	    sizeof *in->block_ts);
	in->block_host = xreallocarray(in->block_host, in->block_cap,
	    sizeof *in->block_host);
}

/* Process a buffer of whole lines (the last may lack its '\n'). */
/* Size of the index file being written, from SQLite's page count. */
static long long
ingest_index_bytes(struct ingest *in)
{
	struct mgt_error err;
	long long size;

	/* A failure is the run's database error, not an unbounded index. */
	if (index_size(in->idx, &size, &err) != MGT_OK) {
		ingest_db_error(in, &err);
		size = 0;
	}
	return size;
}

/* Stop storing lines for the rest of the run; said once, as a warning. */
static int
ingest_stop_storing(struct ingest *in, const char *code, const char *why)
{
	in->store_stopped = 1;
	in->store_capped = 1;
	problem_report(&in->sink, PROBLEM_WARNING, code, in->vpath, -1,
	    in->line_no, "%s; no more log lines are stored: they are still "
	    "counted and matched by the rules, and grep reads the inputs "
	    "again", why);
	return 0;
}

/*
 * May this error line be stored?  Bounded per file (info: the rules still
 * see every line), per run and by the index size (warnings).  The size is
 * asked for every INGEST_SIZE_EVERY stored lines.
 */
static int
ingest_may_store(struct ingest *in)
{
	const struct mgt_limits *lim = &in->opt->limits;
	char why[160];

	if (in->store_stopped)
		return 0;
	if (in->source_stored >= lim->max_stored_lines_source) {
		if (in->source_stored == lim->max_stored_lines_source) {
			in->store_capped = 1;
			problem_report(&in->sink, PROBLEM_INFO,
			    PCODE_LIMIT_STORED_LINES, in->vpath, -1,
			    in->line_no, "%lld lines of this file stored "
			    "(max-stored-lines-source); the rest are counted "
			    "and matched by the rules, not stored",
			    lim->max_stored_lines_source);
			in->source_stored++;
		}
		return 0;
	}
	if (in->stored_lines >= lim->max_stored_lines) {
		snprintf(why, sizeof why, "%lld log lines stored in the index "
		    "(max-stored-lines)", lim->max_stored_lines);
		return ingest_stop_storing(in, PCODE_LIMIT_STORED_LINES, why);
	}
	if (in->stored_lines % INGEST_SIZE_EVERY == 0 &&
	    ingest_index_bytes(in) >= lim->max_index_bytes) {
		snprintf(why, sizeof why, "the index reached %lld bytes "
		    "(max-index-bytes)", lim->max_index_bytes);
		return ingest_stop_storing(in, PCODE_LIMIT_INDEX_BYTES, why);
	}
	in->source_stored++;
	in->stored_lines++;
	return 1;
}

static int
ingest_lines(struct ingest *in, struct ingest_log *lg, const char *buf,
    size_t len)
{
	struct log_record rec;
	struct index_line il;
	struct mgt_error err;
	const char *p = buf, *end = buf + len, *nl;
	size_t l, i;
	int64_t ts;
	char sev;
	int store_all = (in->opt->index_flags & INDEX_FULL_TEXT) != 0;
	char host[INGEST_HOST_MAX];

	in->block_first = in->line_no + 1;

	/* One pass: the per-line arrays grow as lines are found. */
	for (i = 0; p < end; i++) {
		ingest_grow_block(in, i + 1);
		nl = memchr(p, '\n', (size_t)(end - p));
		l = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (l > 0 && p[l - 1] == '\r')
			l--;
		in->line_no++;
		ingest_parse_line(in, p, l, &rec);
		if (rec.prefix != LOG_PREFIX_NONE && rec.ts != LOG_TS_NONE) {
			in->record_ts = rec.ts;
			in->record_sev = rec.severity;
			if (in->year_hint == 0 && !rec.ts_year_guessed)
				in->year_hint = ingest_year_of(rec.ts);
		} else if (rec.prefix == LOG_PREFIX_NONE && l > 3 &&
		    p[0] == '-' && p[1] == '-')
			ingest_journal_header(in, p, l);
		/* A continuation line keeps its record's time. */
		ts = in->record_ts;
		sev = rec.prefix != LOG_PREFIX_NONE ? rec.severity :
		    in->record_sev;
		in->block_ts[i] = ts;
		/* The host: a hit on the line need not parse it again. */
		in->block_host[i].len = rec.host != NULL && rec.host_len > 0 &&
		    rec.host_len < INGEST_HOST_MAX ? (uint16_t)rec.host_len : 0;
		in->block_host[i].off = in->block_host[i].len > 0 ?
		    (uint32_t)(rec.host - p) : 0;
		if (in->block_host[i].len > 0)
			ingest_cluster_host(in, rec.host, rec.host_len);
		if (ts != LOG_TS_NONE) {
			if (lg->s->first_ts == LOG_TS_NONE || ts < lg->s->first_ts)
				lg->s->first_ts = ts;
			if (lg->s->last_ts == LOG_TS_NONE || ts > lg->s->last_ts)
				lg->s->last_ts = ts;
		}
		if (in->line_no % INGEST_OFFSET_EVERY == 1 &&
		    index_add_offset(in->idx, in->source_id, in->line_no,
		    lg->offset, &err) != MGT_OK)
			return ingest_db_error(in, &err);
		/* Errors are few and what grep is asked for first; warnings
		 * are many (DESIGN.md: keep the default index small). */
		if ((store_all || sev == 'E' || sev == 'F') &&
		    ingest_may_store(in)) {
			memset(&il, 0, sizeof il);
			il.source_id = in->source_id;
			il.line_no = in->line_no;
			il.ts = ts;
			il.severity = sev;
			il.node = parse_log_host(&rec, host, sizeof host);
			il.text = p;
			il.text_len = l > in->opt->limits.max_line ?
			    in->opt->limits.max_line : l;
			if (index_add_line(in->idx, &il, &err) != MGT_OK)
				return ingest_db_error(in, &err);
		}
		lg->offset += (long long)(nl ? (size_t)(nl - p) + 1 :
		    (size_t)(end - p));
		p = nl ? nl + 1 : end;
	}
	in->res->lines += (long long)i;
	return ingest_patterns_scan(in, buf, len);
}

static void
ingest_carry_add(struct ingest *in, struct ingest_carry *c, const char *p,
    size_t n)
{
	size_t max = in->opt->limits.max_line, room;

	if (c->len >= max) {
		c->overflow = 1;
		return;
	}
	room = max - c->len;
	if (n > room) {
		n = room;
		c->overflow = 1;
	}
	if (c->len + n > c->cap) {
		c->cap = c->len + n < 4096 ? 4096 : (c->len + n) * 2;
		if (c->cap > max + 1)
			c->cap = max + 1;
		c->buf = xreallocarray(c->buf, c->cap, 1);
	}
	memcpy(c->buf + c->len, p, n);
	c->len += n;
}

/* The carried line is complete: process it alone. */
static int
ingest_carry_flush(struct ingest *in, struct ingest_log *lg,
    struct ingest_carry *c)
{
	int rc;

	if (c->overflow && !in->long_line_reported) {
		problem_report(&in->sink, PROBLEM_WARNING, PCODE_LIMIT_LINE,
		    in->vpath, lg->offset, in->line_no + 1,
		    "line longer than max-line (%zu bytes): matched and "
		    "stored truncated (further long lines in this file are "
		    "not reported)", in->opt->limits.max_line);
		in->long_line_reported = 1;
	}
	rc = ingest_lines(in, lg, c->buf, c->len);
	c->len = 0;
	c->overflow = 0;
	return rc;
}

static int
ingest_block(struct ingest *in, struct ingest_log *lg, struct ingest_carry *c,
    const char *p, size_t len)
{
	const char *end = p + len, *nl, *last;
	int rc;

	if (c->len > 0 || c->overflow) {
		nl = memchr(p, '\n', len);
		if (nl == NULL) {
			ingest_carry_add(in, c, p, len);
			return MGT_OK;
		}
		ingest_carry_add(in, c, p, (size_t)(nl - p));
		if ((rc = ingest_carry_flush(in, lg, c)) != MGT_OK)
			return rc;
		/* The skipped tail of an overlong line still counts as bytes. */
		p = nl + 1;
	}
	if (p >= end)
		return MGT_OK;
	last = memrchr(p, '\n', (size_t)(end - p));
	if (last != NULL) {
		if ((rc = ingest_lines(in, lg, p, (size_t)(last + 1 - p))) !=
		    MGT_OK)
			return rc;
		p = last + 1;
	}
	if (p < end)
		ingest_carry_add(in, c, p, (size_t)(end - p));
	return MGT_OK;
}

/* Converted journal entries, batched into blocks of whole lines. */
struct ingest_jbuf {
	struct ingest		*in;
	struct ingest_log	*lg;
	char			*buf;
	size_t			 len;
	size_t			 cap;
};

#define INGEST_JBUF_FLUSH (256 * 1024)

static int
ingest_jbuf_flush(struct ingest_jbuf *jb)
{
	int rc;

	if (jb->len == 0)
		return MGT_OK;
	rc = ingest_lines(jb->in, jb->lg, jb->buf, jb->len);
	jb->len = 0;
	return rc;
}

static int
ingest_jbuf_line(void *ctx, const char *line, size_t len, long entry)
{
	struct ingest_jbuf *jb = ctx;
	size_t max = jb->in->opt->limits.max_line;

	(void)entry;
	if (len > max)
		len = max;
	if (jb->len + len + 1 > jb->cap) {
		jb->cap = (jb->len + len + 1) * 2;
		jb->buf = xreallocarray(jb->buf, jb->cap, 1);
	}
	memcpy(jb->buf + jb->len, line, len);
	jb->len += len;
	jb->buf[jb->len++] = '\n';
	return jb->len >= INGEST_JBUF_FLUSH ? ingest_jbuf_flush(jb) : MGT_OK;
}

/* journalctl -o json / -o export: convert entries to text lines. */
static int
ingest_journal_structured(struct ingest *in, const void *head,
    size_t headlen, struct ingest_log *lg, enum journal_format fmt)
{
	struct journal_conv *jc;
	struct ingest_jbuf jb;
	const void *buf;
	size_t len;
	int r = 0, rc;

	memset(&jb, 0, sizeof jb);
	jb.in = in;
	jb.lg = lg;
	jc = journal_conv_new(fmt, &in->opt->limits, &in->sink, in->vpath);
	rc = journal_conv_push(jc, head, headlen, ingest_jbuf_line, &jb);
	while (rc == MGT_OK &&
	    (r = ingest_pipe_read(in->pipe, &buf, &len)) > 0) {
		rc = journal_conv_push(jc, buf, len, ingest_jbuf_line, &jb);
		ingest_progress(in);
	}
	if (rc == MGT_OK)
		rc = journal_conv_end(jc, ingest_jbuf_line, &jb);
	if (rc == MGT_OK)
		rc = ingest_jbuf_flush(&jb);
	if (rc == MGT_OK && r < 0)
		lg->s->status = "partial";
	journal_conv_free(jc);
	free(jb.buf);
	return rc;
}

/* Text of a log member, decoded, cut into lines; NULs reported once. */
struct ingest_text {
	struct text_decode	 td;
	struct ingest_carry	 c;
	int			 nul_told;
};

static int
ingest_text_block(struct ingest *in, struct ingest_log *lg,
    struct ingest_text *t, const void *raw, size_t rawlen)
{
	const char *p, *z;
	size_t len;

	text_decode(&t->td, raw, rawlen, &p, &len);
	if (len == 0)
		return MGT_OK;
	/*
	 * A warning in a log given by hand; in a pod or service log of a
	 * must-gather a note, as some components log NULs (the controller
	 * manager's zone names) and that is no reading failure.
	 */
	if (!t->nul_told && (z = memchr(p, '\0', len)) != NULL) {
		problem_report(&in->sink, in->cls.kind == KIND_POD_LOG ||
		    in->cls.kind == KIND_SERVICE_LOG ? PROBLEM_INFO :
		    PROBLEM_WARNING, PCODE_NUL,
		    in->vpath, t->td.out_off - (long long)len +
		    (long long)(z - p), 0, "NUL bytes in text: the lines are "
		    "read with them (the first is here; others in this file "
		    "are not reported)");
		t->nul_told = 1;
	}
	return ingest_block(in, lg, &t->c, p, len);
}

/* What decoding found wrong, once the text is read. */
static void
ingest_text_end(struct ingest *in, struct ingest_text *t)
{
	if (t->td.bad > 0)
		problem_report(&in->sink, PROBLEM_WARNING, PCODE_UTF8,
		    in->vpath, t->td.bad_off, 0, "%lld invalid UTF-16 "
		    "sequence(s) read as U+FFFD (the first is here, in the "
		    "UTF-8 text)", t->td.bad);
	if (text_decode_left(&t->td) > 0)
		problem_report(&in->sink, PROBLEM_WARNING, PCODE_UTF8,
		    in->vpath, t->td.out_off, 0, "UTF-16 text ends inside a "
		    "character (%zu byte(s) left over)",
		    text_decode_left(&t->td));
}

int
ingest_log_member(struct ingest *in, const void *head, size_t headlen,
    struct index_source *s)
{
	struct ingest_text t;
	struct ingest_log lg;
	const void *buf;
	size_t len;
	int r = 0, rc = MGT_OK;

	memset(&t, 0, sizeof t);
	memset(&lg, 0, sizeof lg);
	lg.s = s;
	in->line_no = 0;
	in->source_stored = 0;
	in->record_ts = LOG_TS_NONE;
	in->record_sev = 0;
	in->long_line_reported = 0;
	in->source_yearless = 0;
	in->source_year = 0;
	in->source_rollovers = 0;
	in->source_header_year = 0;
	in->last_month = 0;
	in->last_day = 0;
	ingest_patterns_select(in);

	if (in->cls.kind == KIND_JOURNAL && head != NULL) {
		enum journal_format fmt = journal_detect(head, headlen);

		if (fmt != JOURNAL_TEXT) {
			rc = ingest_journal_structured(in, head, headlen,
			    &lg, fmt);
			s->lines = in->line_no;
			s->size = ingest_pipe_size(in->pipe);
			ingest_year_note(in);
			return rc;
		}
	}
	if (text_decode_init(&t.td, text_detect(head, head != NULL ? headlen :
	    0)) != 0)
		problem_report(&in->sink, PROBLEM_WARNING, PCODE_UNSUPPORTED,
		    in->vpath, -1, 0, "cannot decode UTF-16 (iconv: %s): "
		    "the lines are read as they are", strerror(errno));
	if (head != NULL && headlen > 0)
		rc = ingest_text_block(in, &lg, &t, head, headlen);
	while (rc == MGT_OK &&
	    (r = ingest_pipe_read(in->pipe, &buf, &len)) > 0) {
		rc = ingest_text_block(in, &lg, &t, buf, len);
		ingest_progress(in);
	}
	if (rc == MGT_OK && r < 0)
		s->status = "partial";
	if (rc == MGT_OK && (t.c.len > 0 || t.c.overflow))
		rc = ingest_carry_flush(in, &lg, &t.c);
	if (rc == MGT_OK)
		ingest_text_end(in, &t);
	free(t.c.buf);
	text_decode_free(&t.td);
	s->lines = in->line_no;
	s->size = ingest_pipe_size(in->pipe);
	ingest_year_note(in);
	return rc;
}

/*
 * Remember a source to move: read with the provisional year, or across a
 * New Year with a year that did not come from its own journal header
 * (then the year known names its end, when the logs were gathered).
 */
static void
ingest_year_note(struct ingest *in)
{
	struct ingest_yearless *y;

	if (!in->source_yearless && (in->source_rollovers == 0 ||
	    in->source_header_year > 0))
		return;
	in->yearless = xreallocarray(in->yearless, in->nyearless + 1,
	    sizeof *in->yearless);
	y = &in->yearless[in->nyearless++];
	y->source_id = in->source_id;
	y->provisional = in->source_yearless;
	y->rollovers = in->source_rollovers;
}

int
ingest_year_fix(struct ingest *in, struct mgt_error *err)
{
	const struct ingest_yearless *y;
	const char *where;
	int year, years, rc = MGT_OK, unknown = 0;
	size_t i, guessed = 0;

	year = in->year_hint > 0 ? in->year_hint : in->year_resources;
	where = in->year_hint > 0 ? "the timestamps of the other inputs" :
	    "the newest object creation time";
	for (i = 0; i < in->nyearless && rc == MGT_OK; i++) {
		y = &in->yearless[i];
		/* The last stamps land in the case's year, earlier ones
		 * one year back per New Year crossed. */
		if (y->provisional) {
			if (year <= 0) {
				unknown = 1;
				continue;
			}
			years = year - INGEST_PROVISIONAL_YEAR - y->rollovers;
			guessed++;
		} else
			years = -y->rollovers;
		if (years != 0)
			rc = index_fixup_year(in->idx, y->source_id, years,
			    err);
	}
	if (unknown)
		problem_report(&in->sink, PROBLEM_INFO, "year-unknown", "", -1,
		    0, "no input tells the year: stamps without one (journal "
		    "short, bare klog) are shown in %d",
		    INGEST_PROVISIONAL_YEAR);
	if (year > 0 && guessed > 0)
		problem_report(&in->sink, PROBLEM_INFO, "year-guessed", "", -1,
		    0, "%zu log file(s) have stamps without a year; %d was "
		    "taken from %s", guessed, year, where);
	free(in->yearless);
	in->yearless = NULL;
	in->nyearless = 0;
	return rc;
}
