/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Byte streams for the input walker: a file on disk or the current entry of
 * a libarchive handle, its first bytes kept aside to be sniffed and replayed,
 * every byte counted against the limits.  A level is one libarchive handle
 * that removes one compression layer or reads one container (or, for gzip,
 * a zlib inflater: source-gzip.c), pulling its input from the parent's
 * stream; source_read() hands content to callbacks.
 */
#include "config.h"

#include <sys/types.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <archive.h>
#include <archive_entry.h>

#include "error.h"
#include "source-private.h"
#include "xmalloc.h"

static const unsigned char source_zeros[16384];

/* Streams ---------------------------------------------------------------- */

struct source_stream *
source_stream_fd(struct source_run *run, int fd, const char *vpath,
    long long size)
{
	struct source_stream *s;

	s = xcalloc(1, sizeof *s);
	s->run = run;
	s->kind = STREAM_FD;
	s->fd = fd;
	s->buf = xmalloc(SOURCE_BLOCK);
	s->vpath = vpath;
	s->counted = 1;
	s->size = size;
	return s;
}

static struct source_stream *
source_stream_entry(struct source_run *run, struct source_level *lv)
{
	struct source_stream *s;

	s = xcalloc(1, sizeof *s);
	s->run = run;
	s->kind = lv->gz != NULL ? STREAM_GZIP : STREAM_ENTRY;
	s->fd = -1;
	s->lv = lv;
	return s;
}

void
source_stream_reset(struct source_stream *s, const char *vpath,
    struct archive_entry *e)
{
	s->state = STREAM_OPEN;
	s->fail_code = NULL;
	s->fail_told = 0;
	s->vpath = vpath;
	/*
	 * Decompressed bytes and zip members (deflated inside the archive)
	 * count toward max-total-bytes here; tar members were counted as
	 * part of the tar stream.
	 */
	s->counted = s->lv->kind != SOURCE_KIND_TAR;
	s->sparse = e != NULL && archive_entry_sparse_count(e) > 0;
	s->size = e != NULL && archive_entry_size_is_set(e) ?
	    archive_entry_size(e) : -1;
	s->next = 0;
	s->hole = 0;
	s->pend = NULL;
	s->pend_len = 0;
	s->sniff_len = 0;
	s->sniff_off = 0;
	s->tail = NULL;
	s->tail_len = 0;
	s->pos = 0;
	s->ratio_reported = 0;
}

void
source_stream_free(struct source_stream *s)
{
	if (s == NULL)
		return;
	if (s->kind == STREAM_FD && s->fd != -1)
		close(s->fd);
	free(s->buf);
	free(s);
}

/* Did the stream below s fail (so that its failure is already reported)? */
static int
source_stream_upstream_failed(const struct source_stream *s)
{
	return s->kind != STREAM_FD && s->lv->in->state == STREAM_FAILED;
}

/* Did the stream below s end (so that a decoder error means truncation)? */
static int
source_stream_upstream_ended(const struct source_stream *s)
{
	return s->kind != STREAM_FD && s->lv->in->state == STREAM_END;
}

static int source_stream_vfail(struct source_stream *, long long,
    const char *, const char *, va_list) __attribute__((format(printf, 4, 0)));

static int
source_stream_vfail(struct source_stream *s, long long off, const char *code,
    const char *fmt, va_list ap)
{
	struct source_run *run = s->run;
	char msg[SOURCE_MSG_MAX], rq[SOURCE_MSG_MAX];

	s->state = STREAM_FAILED;
	s->fail_code = code;
	vsnprintf(msg, sizeof msg, fmt, ap);
	if (s->quiet) {
		snprintf(s->errmsg, sizeof s->errmsg, "%s", msg);
		return -1;
	}
	if (source_stream_upstream_failed(s))
		s->fail_code = s->lv->in->fail_code;
	if (run->stop || source_stream_upstream_failed(s))
		return -1;
	s->fail_told = 1;
	if (run->reading != NULL && strcmp(run->reading, s->vpath) != 0)
		problem_report(run->sink, PROBLEM_ERROR, code, s->vpath, off,
		    0, "%s (while reading %s)", msg,
		    source_quote(run->reading, rq, sizeof rq));
	else
		problem_report(run->sink, PROBLEM_ERROR, code, s->vpath, off,
		    0, "%s", msg);
	return -1;
}

int
source_stream_fail(struct source_stream *s, const char *code,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	source_stream_vfail(s, s->pos, code, fmt, ap);
	va_end(ap);
	return -1;
}

int
source_stream_fail_at(struct source_stream *s, long long off,
    const char *code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	source_stream_vfail(s, off, code, fmt, ap);
	va_end(ap);
	return -1;
}

const char *
source_failure_code(const struct source_stream *s, const char *msg)
{
	if (source_stream_upstream_ended(s) ||
	    (msg != NULL && (strstr(msg, "runcat") != NULL ||
	    strstr(msg, "remature end") != NULL)))
		return PCODE_TRUNCATED;
	return PCODE_CORRUPT;
}

const char *
source_archive_error(struct archive *a, char *buf, size_t len)
{
	const char *msg = archive_error_string(a);

	/* Not the input's fault: never a "corrupt" or "truncated" row. */
	if (archive_errno(a) == ENOMEM)
		xmalloc_fail(msg != NULL ? msg : "libarchive");

	return source_quote(msg != NULL ? msg : "unknown libarchive error",
	    buf, len);
}

/* The next block from the file or the entry, holes filled: 1, 0 (end), -1. */
static int
source_stream_raw(struct source_stream *s, const unsigned char **p,
    size_t *n)
{
	const void *blk;
	char msg[SOURCE_MSG_MAX];
	size_t len;
	la_int64_t off;
	ssize_t r;
	int ar;

	for (;;) {
		if (s->kind == STREAM_FD) {
			r = read(s->fd, s->buf, SOURCE_BLOCK);
			if (r == -1 && errno == EINTR)
				continue;
			if (r == -1)
				return source_stream_fail(s, PCODE_READ_ERROR,
				    "read error: %s", MGT_STRERROR(errno));
			if (r == 0) {
				s->state = STREAM_END;
				return 0;
			}
			s->run->stats.compressed_bytes += r;
			*p = s->buf;
			*n = (size_t)r;
			return 1;
		}
		if (s->kind == STREAM_GZIP)
			return source_gzip_raw(s, p, n);
		if (s->hole > 0) {
			len = s->hole < (long long)sizeof source_zeros ?
			    (size_t)s->hole : sizeof source_zeros;
			s->hole -= (long long)len;
			*p = source_zeros;
			*n = len;
			return 1;
		}
		if (s->pend != NULL) {
			*p = s->pend;
			*n = s->pend_len;
			s->next += (long long)s->pend_len;
			s->pend = NULL;
			if (*n == 0)
				continue;
			return 1;
		}
		ar = archive_read_data_block(s->lv->a, &blk, &len, &off);
		if (ar == ARCHIVE_EOF) {
			if (s->sparse && s->size > s->next) {
				/* A hole at the end of a sparse member. */
				s->hole = s->size - s->next;
				s->next = s->size;
				continue;
			}
			s->state = STREAM_END;
			return 0;
		}
		if (ar < ARCHIVE_WARN) {
			source_archive_error(s->lv->a, msg, sizeof msg);
			return source_stream_fail(s,
			    source_failure_code(s, msg), "%s", msg);
		}
		if (s->sparse && off > s->next) {
			s->hole = off - s->next;
			s->next = off;
			s->pend = blk;
			s->pend_len = len;
			continue;
		}
		if (len == 0)
			continue;
		s->next += (long long)len;
		*p = blk;
		*n = len;
		return 1;
	}
}

void
source_stream_sniff(struct source_stream *s)
{
	const unsigned char *b;
	size_t len, room;

	while (s->sniff_len < SOURCE_SNIFF_MAX && s->state == STREAM_OPEN &&
	    !s->run->stop) {
		if (source_stream_raw(s, &b, &len) <= 0)
			break;
		room = SOURCE_SNIFF_MAX - s->sniff_len;
		if (len > room) {
			memcpy(s->sniff + s->sniff_len, b, room);
			s->sniff_len += room;
			s->tail = b + room;
			s->tail_len = len - room;
			break;
		}
		memcpy(s->sniff + s->sniff_len, b, len);
		s->sniff_len += len;
	}
}

/* Count bytes handed out against the run's limits; -1 if over. */
static int
source_stream_count(struct source_stream *s, size_t len)
{
	struct source_run *run = s->run;
	const struct mgt_limits *l = run->limits;
	long long in;

	run->total_bytes += (long long)len;
	if (run->total_bytes > l->max_total_bytes) {
		problem_report(run->sink, PROBLEM_WARNING,
		    PCODE_LIMIT_TOTAL_BYTES, s->vpath, s->pos, 0,
		    "more than %lld bytes of data in all (max-total-bytes); "
		    "the rest of the input is skipped", l->max_total_bytes);
		run->stop = 1;
		s->state = STREAM_FAILED;
		return -1;
	}
	if (s->kind != STREAM_FD && source_is_compression(s->lv->kind) &&
	    !s->ratio_reported && s->pos > SOURCE_RATIO_MIN_BYTES) {
		in = s->lv->in->pos;
		if (in < 1)
			in = 1;
		if (s->pos / SOURCE_RATIO_MAX > in) {
			problem_report(run->sink, PROBLEM_WARNING,
			    PCODE_LIMIT_RATIO, s->vpath, s->pos, 0,
			    "compression ratio above %lld:1 (%lld bytes out "
			    "of %lld); reading on up to the byte limits",
			    SOURCE_RATIO_MAX, s->pos, in);
			s->ratio_reported = 1;
		}
	}
	return 0;
}

int
source_stream_next(struct source_stream *s, const void **p, size_t *n)
{
	const unsigned char *b;
	size_t len;
	int r;

	if (s->run->stop) {
		s->state = STREAM_FAILED;
		return -1;
	}
	if (s->sniff_off < s->sniff_len) {
		b = s->sniff + s->sniff_off;
		len = s->sniff_len - s->sniff_off;
		s->sniff_off = s->sniff_len;
	} else if (s->tail_len > 0) {
		b = s->tail;
		len = s->tail_len;
		s->tail_len = 0;
	} else if (s->state == STREAM_END)
		return 0;
	else if (s->state == STREAM_FAILED)
		return -1;
	else if ((r = source_stream_raw(s, &b, &len)) <= 0)
		return r;
	s->pos += (long long)len;
	if (s->counted && source_stream_count(s, len) != 0)
		return -1;
	*p = b;
	*n = len;
	return 1;
}

/* Reading members -------------------------------------------------------- */

int
source_read(struct source_member *m, const void **buf, size_t *len)
{
	struct source_reader *rd = m->rd;
	long long max;
	const void *p;
	size_t n;
	int r;

	*buf = NULL;
	*len = 0;
	if (rd == NULL || rd->s == NULL || rd->state > 0)
		return 0;
	if (rd->state < 0)
		return -1;
	max = rd->run->limits->max_member_bytes;
	if (!rd->cut) {
		r = source_stream_next(rd->s, &p, &n);
		if (r <= 0) {
			rd->state = r == 0 ? 1 : -1;
			return r;
		}
	}
	if (rd->cut || rd->pos >= max) {
		problem_report(rd->run->sink, PROBLEM_WARNING,
		    PCODE_LIMIT_MEMBER_BYTES, m->vpath, max, 0,
		    "member larger than %lld bytes (max-member-bytes); the "
		    "rest of it is skipped", max);
		rd->state = -1;
		return -1;
	}
	if ((long long)n > max - rd->pos) {
		n = (size_t)(max - rd->pos);
		rd->cut = 1;
	}
	rd->pos += (long long)n;
	rd->run->stats.bytes += (long long)n;
	*buf = p;
	*len = n;
	return 1;
}

void
source_stream_finish(struct source_stream *s, const char *vpath)
{
	struct source_run *run = s->run;
	const void *p;
	size_t n;
	int counted;

	if (run->stop)
		return;
	if (s->kind == STREAM_ENTRY && s->lv->kind == SOURCE_KIND_TAR &&
	    s->state == STREAM_OPEN) {
		/* Tar members were counted as part of the tar stream. */
		counted = s->counted;
		s->counted = 0;
		while (source_stream_next(s, &p, &n) > 0)
			;
		s->counted = counted;
	}
	if (run->stop)
		return;
	if (s->state == STREAM_FAILED && !s->fail_told && s->fail_code != NULL)
		problem_report(run->sink, PROBLEM_ERROR, s->fail_code, vpath,
		    s->pos, 0, "member incomplete: it ends after %lld of%s "
		    "%lld bytes, where the data holding it %s", s->pos,
		    s->size >= 0 ? " its" : "", s->size >= 0 ? s->size : s->pos,
		    strcmp(s->fail_code, PCODE_TRUNCATED) == 0 ?
		    "is truncated" : "is corrupt");
	else if (s->state == STREAM_END && s->size >= 0 && s->pos < s->size &&
	    !s->sparse)
		problem_report(run->sink, PROBLEM_ERROR, PCODE_TRUNCATED, vpath,
		    s->pos, 0, "member incomplete: it ends after %lld of the "
		    "%lld bytes %s", s->pos, s->size, s->kind == STREAM_FD ?
		    "the file had when opened (it shrank while being read)" :
		    "its header declares");
}

long long
source_offset(const struct source_member *m)
{
	return m->rd != NULL ? m->rd->pos : 0;
}

/* libarchive handles ----------------------------------------------------- */

static la_ssize_t
source_level_read(struct archive *a, void *data, const void **buf)
{
	struct source_level *lv = data;
	size_t n;
	int r;

	r = source_stream_next(lv->in, buf, &n);
	if (r > 0)
		return (la_ssize_t)n;
	if (r == 0)
		return 0;
	archive_set_error(a, EIO, "input stream failed");
	return -1;
}

/* Seeking, for zip files on disk (the central directory is at the end). */
static la_int64_t
source_level_seek(struct archive *a, void *data, la_int64_t off, int whence)
{
	struct source_level *lv = data;
	struct source_stream *s = lv->in;
	off_t r;

	if (whence == SEEK_CUR) {
		off += s->pos;
		whence = SEEK_SET;
	}
	if ((r = lseek(s->fd, (off_t)off, whence)) == -1) {
		archive_set_error(a, errno, "seek failed");
		return ARCHIVE_FATAL;
	}
	s->sniff_off = s->sniff_len;
	s->tail_len = 0;
	s->pos = (long long)r;
	if (s->state == STREAM_END)
		s->state = STREAM_OPEN;
	return (la_int64_t)r;
}

void
source_level_close(struct source_level *lv)
{
	if (lv == NULL)
		return;
	if (lv->a != NULL)
		archive_read_free(lv->a);
	archive_entry_free(lv->entry);
	source_gzip_free(lv->gz);
	source_stream_free(lv->out);
	free(lv);
}

/*
 * After a libarchive setup call that returned r: out of memory ends the
 * run (source_archive_error()) rather than leaving a level that cannot
 * read its format, whose failure would be blamed on the input.
 */
static void
source_level_setup(struct archive *a, int r)
{
	char msg[SOURCE_MSG_MAX];

	if (r < ARCHIVE_WARN)
		source_archive_error(a, msg, sizeof msg);
}

struct source_level *
source_level_open(struct source_run *run, struct source_stream *in,
    enum source_kind k, const char *vpath, int *unsupported)
{
	struct source_level *lv;
	char msg[SOURCE_MSG_MAX];
	int r;

	*unsupported = 0;
	lv = xcalloc(1, sizeof *lv);
	lv->in = in;
	lv->kind = k;
	if (k == SOURCE_KIND_GZIP) {
		/* Inflated by zlib, trailers checked (source-gzip.c). */
		lv->gz = source_gzip_new(run->limits->no_isal);
		in->counted = 0;
		lv->out = source_stream_entry(run, lv);
		return lv;
	}
	if ((lv->a = archive_read_new()) == NULL ||
	    (lv->entry = archive_entry_new()) == NULL)
		xmalloc_fail("libarchive");
	if (source_is_compression(k)) {
		/*
		 * Exactly one layer: the next is sniffed and opened by us.
		 * libarchive's compress filter reads its header when it is
		 * set up, which append_filter does before there is any input
		 * (a crash): let it bid instead, the only filter registered.
		 */
		if ((k == SOURCE_KIND_COMPRESS ?
		    archive_read_support_filter_compress(lv->a) :
		    archive_read_append_filter(lv->a,
		    source_kinds[k].filter)) != ARCHIVE_OK) {
			source_level_setup(lv->a, ARCHIVE_FATAL);
			*unsupported = 1;
			source_level_close(lv);
			return NULL;
		}
		source_level_setup(lv->a,
		    archive_read_support_format_raw(lv->a));
		/* Raw needs a byte; "empty" takes a stream with none. */
		source_level_setup(lv->a,
		    archive_read_support_format_empty(lv->a));
		in->counted = 0;
	} else if (k == SOURCE_KIND_TAR) {
		/* Forced, so that a damaged first header can be skipped. */
		source_level_setup(lv->a,
		    archive_read_set_format(lv->a, ARCHIVE_FORMAT_TAR));
		source_level_setup(lv->a, archive_read_set_format_option(lv->a,
		    "tar", "read_concatenated_archives", "1"));
	} else {
		/* Zip members count themselves (they are deflated). */
		source_level_setup(lv->a,
		    archive_read_support_format_zip(lv->a));
		in->counted = 0;
		if (in->kind == STREAM_FD)
			archive_read_set_seek_callback(lv->a,
			    source_level_seek);
	}
	source_level_setup(lv->a,
	    archive_read_set_read_callback(lv->a, source_level_read));
	source_level_setup(lv->a, archive_read_set_callback_data(lv->a, lv));
	errno = 0;
	r = archive_read_open1(lv->a);
	if (r != ARCHIVE_OK && r != ARCHIVE_WARN) {
		/* libarchive 3.6 says nothing when its calloc() fails here. */
		if (archive_error_string(lv->a) == NULL && errno == ENOMEM)
			xmalloc_fail("libarchive");
		if (!run->stop && in->state != STREAM_FAILED)
			problem_report(run->sink, PROBLEM_ERROR,
			    in->state == STREAM_END ? PCODE_TRUNCATED :
			    PCODE_CORRUPT, vpath, 0, 0, "cannot read as %s: %s",
			    source_kinds[k].name,
			    source_archive_error(lv->a, msg, sizeof msg));
		source_level_close(lv);
		return NULL;
	}
	if (k == SOURCE_KIND_COMPRESS &&
	    archive_filter_code(lv->a, 0) != ARCHIVE_FILTER_COMPRESS) {
		/* The bid failed: raw would hand out the compressed bytes. */
		if (!run->stop && in->state != STREAM_FAILED)
			problem_report(run->sink, PROBLEM_ERROR,
			    in->sniff_len < 3 ? PCODE_TRUNCATED : PCODE_CORRUPT,
			    vpath, 0, 0, "cannot read as compress: bad or "
			    "incomplete header");
		source_level_close(lv);
		return NULL;
	}
	lv->out = source_stream_entry(run, lv);
	return lv;
}
