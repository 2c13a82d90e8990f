/*
 * Archives and compressed data as streams, with libarchive.  Every stream's
 * first bytes are sniffed to tell plain data, a compression layer or a
 * container apart, then replayed.  A libarchive handle either removes one
 * compression layer (format raw) or reads one container (tar, zip); nested
 * handles pull their input from the parent's stream through callbacks, so
 * nothing is extracted and every byte is counted against the limits.
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

static const struct source_kind_info {
	const char	*name;
	int		 filter;	/* ARCHIVE_FILTER_*, 0 if none */
} source_kinds[] = {
	[SOURCE_KIND_DATA] = { "plain data", 0 },
	[SOURCE_KIND_GZIP] = { "gzip", ARCHIVE_FILTER_GZIP },
	[SOURCE_KIND_BZIP2] = { "bzip2", ARCHIVE_FILTER_BZIP2 },
	[SOURCE_KIND_XZ] = { "xz", ARCHIVE_FILTER_XZ },
	[SOURCE_KIND_ZSTD] = { "zstd", ARCHIVE_FILTER_ZSTD },
	[SOURCE_KIND_LZ4] = { "lz4", ARCHIVE_FILTER_LZ4 },
	[SOURCE_KIND_LZIP] = { "lzip", ARCHIVE_FILTER_LZIP },
	[SOURCE_KIND_COMPRESS] = { "compress", ARCHIVE_FILTER_COMPRESS },
	[SOURCE_KIND_TAR] = { "tar", 0 },
	[SOURCE_KIND_ZIP] = { "zip", 0 },
	[SOURCE_KIND_7ZIP] = { "7-Zip", 0 },
	[SOURCE_KIND_RAR] = { "RAR", 0 },
	[SOURCE_KIND_CPIO] = { "cpio", 0 },
	[SOURCE_KIND_XAR] = { "xar", 0 },
	[SOURCE_KIND_CAB] = { "cab", 0 },
	[SOURCE_KIND_AR] = { "ar", 0 },
	[SOURCE_KIND_TEXT] = { "text", 0 },
};

enum source_stream_kind {
	STREAM_FD,		/* a file on disk */
	STREAM_ENTRY		/* the current entry of a libarchive handle */
};

enum source_stream_state {
	STREAM_OPEN = 0,
	STREAM_END,
	STREAM_FAILED
};

struct source_level;

/*
 * Bytes from a file or an archive entry.  The first SOURCE_SNIFF_MAX bytes
 * are copied aside to be looked at, and handed out again before the rest.
 * Fields marked FD or ENTRY are used by that kind only.
 */
struct source_stream {
	struct source_run		*run;
	enum source_stream_kind		 kind;
	enum source_stream_state	 state;
	int				 fd;	/* FD */
	unsigned char			*buf;	/* FD: read buffer */
	struct source_level		*lv;	/* ENTRY: whose entry */
	const char			*vpath;	/* for problems */
	int				 counted; /* vs max-total-bytes */
	int				 quiet;	/* failure to errmsg only */
	char				 errmsg[SOURCE_MSG_MAX];
	int				 sparse;	/* ENTRY: fill holes */
	long long			 size;	/* ENTRY: declared size */
	long long			 next;	/* ENTRY: offset in entry */
	long long			 hole;	/* zeros due before pend */
	const unsigned char		*pend;	/* block after the hole */
	size_t				 pend_len;
	unsigned char			 sniff[SOURCE_SNIFF_MAX];
	size_t				 sniff_len;
	size_t				 sniff_off; /* replayed so far */
	const unsigned char		*tail;	/* rest of last sniffed block */
	size_t				 tail_len;
	long long			 pos;	/* bytes handed out */
	int				 ratio_reported;
};

/* One libarchive handle and the stream it reads. */
struct source_level {
	struct archive			*a;
	struct source_stream		*in;
	struct source_stream		*out;	/* its current entry */
	enum source_kind		 kind;
};

static const unsigned char source_zeros[16384];

/* Recognising content ---------------------------------------------------- */

const char *
source_kind_name(enum source_kind k)
{
	return source_kinds[k].name;
}

/* A 512-byte tar header whose checksum adds up (unsigned or signed). */
static int
source_tar_checksum_ok(const unsigned char *h)
{
	long sum_u = 0, sum_s = 0, want = 0;
	size_t i;
	int digits = 0;

	for (i = 0; i < 512; i++) {
		if (i >= 148 && i < 156) {
			sum_u += ' ';
			sum_s += ' ';
		} else {
			sum_u += h[i];
			sum_s += (signed char)h[i];
		}
	}
	for (i = 148; i < 156 && h[i] == ' '; i++)
		;
	for (; i < 156 && h[i] >= '0' && h[i] <= '7'; i++) {
		want = want * 8 + (h[i] - '0');
		digits++;
	}
	if (digits == 0 || h[0] == '\0')
		return 0;
	return want == sum_u || want == sum_s;
}

static enum source_kind
source_sniff_kind(const unsigned char *b, size_t n)
{
	if (n >= 2 && b[0] == 0x1f && b[1] == 0x8b)
		return SOURCE_KIND_GZIP;
	if (n >= 6 && memcmp(b, "\xfd" "7zXZ\0", 6) == 0)
		return SOURCE_KIND_XZ;
	if (n >= 4 && memcmp(b, "\x28\xb5\x2f\xfd", 4) == 0)
		return SOURCE_KIND_ZSTD;
	if (n >= 10 && memcmp(b, "BZh", 3) == 0 && b[3] >= '1' &&
	    b[3] <= '9' && (memcmp(b + 4, "\x31\x41\x59\x26\x53\x59", 6) == 0 ||
	    memcmp(b + 4, "\x17\x72\x45\x38\x50\x90", 6) == 0))
		return SOURCE_KIND_BZIP2;
	if (n >= 4 && memcmp(b, "\x04\x22\x4d\x18", 4) == 0)
		return SOURCE_KIND_LZ4;
	if (n >= 5 && memcmp(b, "LZIP", 4) == 0 && b[4] == 1)
		return SOURCE_KIND_LZIP;
	if (n >= 3 && b[0] == 0x1f && b[1] == 0x9d)
		return SOURCE_KIND_COMPRESS;
	if (n >= 4 && b[0] == 'P' && b[1] == 'K' && ((b[2] == 3 && b[3] == 4) ||
	    (b[2] == 5 && b[3] == 6) || (b[2] == 7 && b[3] == 8)))
		return SOURCE_KIND_ZIP;
	if (n >= 512 && (memcmp(b + 257, "ustar", 5) == 0 ||
	    source_tar_checksum_ok(b)))
		return SOURCE_KIND_TAR;
	if (n >= 6 && memcmp(b, "7z\xbc\xaf\x27\x1c", 6) == 0)
		return SOURCE_KIND_7ZIP;
	if (n >= 6 && memcmp(b, "Rar!\x1a\x07", 6) == 0)
		return SOURCE_KIND_RAR;
	if (n >= 6 && (memcmp(b, "070707", 6) == 0 ||
	    memcmp(b, "070701", 6) == 0 || memcmp(b, "070702", 6) == 0))
		return SOURCE_KIND_CPIO;
	if (n >= 4 && memcmp(b, "xar!", 4) == 0)
		return SOURCE_KIND_XAR;
	if (n >= 8 && memcmp(b, "MSCF\0\0\0\0", 8) == 0)
		return SOURCE_KIND_CAB;
	if (n >= 8 && memcmp(b, "!<arch>\n", 8) == 0)
		return SOURCE_KIND_AR;
	return SOURCE_KIND_DATA;
}

/*
 * Text, as far as a top-level input goes: at most 1% control bytes (NUL
 * included; layout and terminal escapes are fine), or a UTF-16 BOM.  Random
 * bytes are about 13% control bytes, images and executables more.
 */
static int
source_looks_text(const unsigned char *b, size_t n)
{
	size_t i, ctl = 0;

	if (n >= 2 && ((b[0] == 0xff && b[1] == 0xfe) ||
	    (b[0] == 0xfe && b[1] == 0xff)))
		return 1;
	for (i = 0; i < n; i++) {
		if ((b[i] < 0x20 && (b[i] == 0 ||
		    strchr("\t\n\r\f\v\b\033", b[i]) == NULL)) ||
		    b[i] == 0x7f)
			ctl++;
	}
	return ctl * 100 <= n;
}

int
source_is_compression(enum source_kind k)
{
	return source_kinds[k].filter != 0;
}

int
source_is_archive(enum source_kind k)
{
	return k >= SOURCE_KIND_TAR && k <= SOURCE_KIND_AR;
}

/* Streams ---------------------------------------------------------------- */

struct source_stream *
source_stream_fd(struct source_run *run, int fd, const char *vpath)
{
	struct source_stream *s;

	s = xcalloc(1, sizeof *s);
	s->run = run;
	s->kind = STREAM_FD;
	s->fd = fd;
	s->buf = xmalloc(SOURCE_BLOCK);
	s->vpath = vpath;
	s->counted = 1;
	return s;
}

static struct source_stream *
source_stream_entry(struct source_run *run, struct source_level *lv)
{
	struct source_stream *s;

	s = xcalloc(1, sizeof *s);
	s->run = run;
	s->kind = STREAM_ENTRY;
	s->fd = -1;
	s->lv = lv;
	return s;
}

/* Make s the stream of the entry just read by s->lv. */
static void
source_stream_reset(struct source_stream *s, const char *vpath,
    struct archive_entry *e)
{
	s->state = STREAM_OPEN;
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
	return s->kind == STREAM_ENTRY && s->lv->in->state == STREAM_FAILED;
}

/* Did the stream below s end (so that a decoder error means truncation)? */
static int
source_stream_upstream_ended(const struct source_stream *s)
{
	return s->kind == STREAM_ENTRY && s->lv->in->state == STREAM_END;
}

/*
 * Mark s failed and report why, once, where the failure starts: streams
 * fed by a failed stream stay silent.
 */
static int
source_stream_fail(struct source_stream *s, const char *code,
    const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int
source_stream_fail(struct source_stream *s, const char *code,
    const char *fmt, ...)
{
	struct source_run *run = s->run;
	char msg[SOURCE_MSG_MAX], rq[SOURCE_MSG_MAX];
	va_list ap;

	s->state = STREAM_FAILED;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (s->quiet) {
		snprintf(s->errmsg, sizeof s->errmsg, "%s", msg);
		return -1;
	}
	if (run->stop || source_stream_upstream_failed(s))
		return -1;
	if (run->reading != NULL && strcmp(run->reading, s->vpath) != 0)
		problem_report(run->sink, PROBLEM_ERROR, code, s->vpath, s->pos,
		    0, "%s (while reading %s)", msg,
		    source_quote(run->reading, rq, sizeof rq));
	else
		problem_report(run->sink, PROBLEM_ERROR, code, s->vpath, s->pos,
		    0, "%s", msg);
	return -1;
}

/* Which code a libarchive failure on a stream gets. */
static const char *
source_failure_code(const struct source_stream *s, const char *msg)
{
	if (source_stream_upstream_ended(s) ||
	    (msg != NULL && (strstr(msg, "runcat") != NULL ||
	    strstr(msg, "remature end") != NULL)))
		return PCODE_TRUNCATED;
	return PCODE_CORRUPT;
}

/* libarchive's message for the last failure on a, escaped into buf. */
static const char *
source_archive_error(struct archive *a, char *buf, size_t len)
{
	const char *msg = archive_error_string(a);

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
				    "read error: %s", strerror(errno));
			if (r == 0) {
				s->state = STREAM_END;
				return 0;
			}
			s->run->stats.compressed_bytes += r;
			*p = s->buf;
			*n = (size_t)r;
			return 1;
		}
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

/* Copy the first bytes aside, keeping the rest of the last block. */
static void
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
	if (s->kind == STREAM_ENTRY && source_is_compression(s->lv->kind) &&
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

/* The next block of s: the sniffed bytes first.  1, 0 (end) or -1. */
static int
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

static void
source_level_close(struct source_level *lv)
{
	if (lv == NULL)
		return;
	archive_read_free(lv->a);
	source_stream_free(lv->out);
	free(lv);
}

/*
 * Open a handle of kind k over in.  NULL if libarchive refuses (reported,
 * with *unsupported set when the format needs an external program).
 */
static struct source_level *
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
	if ((lv->a = archive_read_new()) == NULL) {
		fprintf(stderr, "mgtriage: out of memory (libarchive)\n");
		exit(MGT_EXIT_INTERNAL);
	}
	if (source_is_compression(k)) {
		/* Exactly one layer: the next is sniffed and opened by us. */
		if (archive_read_append_filter(lv->a,
		    source_kinds[k].filter) != ARCHIVE_OK) {
			*unsupported = 1;
			source_level_close(lv);
			return NULL;
		}
		archive_read_support_format_raw(lv->a);
		/* Raw needs a byte; "empty" takes a stream with none. */
		archive_read_support_format_empty(lv->a);
		in->counted = 0;
	} else if (k == SOURCE_KIND_TAR) {
		/* Forced, so that a damaged first header can be skipped. */
		archive_read_set_format(lv->a, ARCHIVE_FORMAT_TAR);
		archive_read_set_format_option(lv->a, "tar",
		    "read_concatenated_archives", "1");
	} else {
		/* Zip members count themselves (they are deflated). */
		archive_read_support_format_zip(lv->a);
		in->counted = 0;
		if (in->kind == STREAM_FD)
			archive_read_set_seek_callback(lv->a,
			    source_level_seek);
	}
	archive_read_set_read_callback(lv->a, source_level_read);
	archive_read_set_callback_data(lv->a, lv);
	r = archive_read_open1(lv->a);
	if (r != ARCHIVE_OK && r != ARCHIVE_WARN) {
		if (!run->stop && in->state != STREAM_FAILED)
			problem_report(run->sink, PROBLEM_ERROR,
			    in->state == STREAM_END ? PCODE_TRUNCATED :
			    PCODE_CORRUPT, vpath, 0, 0, "cannot read as %s: %s",
			    source_kinds[k].name,
			    source_archive_error(lv->a, msg, sizeof msg));
		source_level_close(lv);
		return NULL;
	}
	lv->out = source_stream_entry(run, lv);
	return lv;
}

/* Members of an archive --------------------------------------------------- */

/* A directory entry naming the archive's root ("./", "/"): not a member. */
static int
source_name_is_root(const char *raw)
{
	const char *p;
	size_t n;

	for (p = raw; *p != '\0'; p += n) {
		if (*p == '/') {
			n = 1;
			continue;
		}
		n = strcspn(p, "/");
		if (n != 1 || p[0] != '.')
			return 0;
	}
	return 1;
}

/* Note a member found under a path that was a symlink in this archive. */
static void
source_check_link_prefix(struct source_run *run, struct source_container *c,
    const struct source_member *m)
{
	struct source_hash h;
	const char *p = m->path;
	size_t i, from = 0;

	if (c->links.used == 0)
		return;
	source_hash_init(&h);
	for (i = 0; p[i] != '\0'; i++) {
		if (p[i] != '/')
			continue;
		source_hash_add(&h, p + from, i - from);
		from = i;
		if (source_pathset_get(&c->links, &h) > 0) {
			problem_report(run->sink, PROBLEM_INFO, PCODE_LINK,
			    m->vpath, -1, 0, "path goes through symlink '%.*s' "
			    "(not followed)", (int)i, p);
			return;
		}
	}
}

static const char *
source_special_name(mode_t type)
{
	switch (type) {
	case AE_IFCHR:
		return "character device";
	case AE_IFBLK:
		return "block device";
	case AE_IFIFO:
		return "fifo";
	case AE_IFSOCK:
		return "socket";
	}
	return "special file";
}

static int
source_archive_member(struct source_run *run, struct source_container *c,
    struct source_level *lv, struct archive_entry *e, const char *warning)
{
	const struct mgt_limits *l = run->limits;
	struct source_member m;
	struct source_hash h;
	const char *raw, *target;
	char q[SOURCE_QUOTE_MAX];
	mode_t type;
	int flags;

	if ((raw = archive_entry_pathname(e)) == NULL &&
	    (raw = archive_entry_pathname_utf8(e)) == NULL)
		raw = "";
	type = archive_entry_filetype(e);
	if (type == AE_IFDIR && archive_entry_hardlink(e) == NULL &&
	    source_name_is_root(raw) && raw[0] != '\0')
		return MGT_OK;
	if (!source_admit(run, c))
		return MGT_OK;
	source_name(run, c, raw, &m);
	if (warning != NULL)
		problem_report(run->sink, PROBLEM_WARNING, PCODE_CORRUPT,
		    m.vpath, -1, 0, "%s", warning);
	if (archive_entry_size_is_set(e))
		m.size = archive_entry_size(e);
	source_check_link_prefix(run, c, &m);

	if ((target = archive_entry_hardlink(e)) != NULL) {
		m.type = SOURCE_HARDLINK;
		flags = source_sanitize(target, strlen(target), l->max_path,
		    &c->link);
		m.link = c->link.p;
		source_hash_path(c->link.p, &h);
		source_quote(target, q, sizeof q);
		if (flags & (SOURCE_NAME_ABSOLUTE | SOURCE_NAME_TRAVERSAL))
			problem_report(run->sink, PROBLEM_WARNING, PCODE_LINK,
			    m.vpath, -1, 0, "hardlink to '%s' points outside "
			    "the archive (not resolved)", q);
		else if (source_pathset_get(&c->seen, &h) == 0)
			problem_report(run->sink, PROBLEM_WARNING, PCODE_LINK,
			    m.vpath, -1, 0, "hardlink to missing member '%s' "
			    "(not resolved)", q);
	}
	source_hash_path(m.path, &h);
	m.ordinal = (long)source_pathset_add(&c->seen, &h);
	if (m.ordinal > 1 && type != AE_IFDIR)
		problem_report(run->sink, PROBLEM_WARNING, PCODE_DUPLICATE_PATH,
		    m.vpath, -1, 0, "duplicate path: member number %ld with "
		    "this name in the archive", m.ordinal);
	if (m.type == SOURCE_HARDLINK)
		return source_deliver(run, &m);

	switch (type) {
	case AE_IFLNK:
		m.type = SOURCE_SYMLINK;
		if ((target = archive_entry_symlink(e)) == NULL)
			target = "";
		source_escape(target, strlen(target), l->max_path, &c->link);
		m.link = c->link.p;
		if (source_link_escapes(m.path, target)) {
			source_quote(target, q, sizeof q);
			problem_report(run->sink, PROBLEM_INFO, PCODE_LINK,
			    m.vpath, -1, 0, "symlink to '%s' points outside "
			    "the archive (not followed)", q);
		}
		source_pathset_add(&c->links, &h);
		return source_deliver(run, &m);
	case AE_IFDIR:
		m.type = SOURCE_DIRECTORY;
		return source_deliver(run, &m);
	case AE_IFCHR:
	case AE_IFBLK:
	case AE_IFIFO:
	case AE_IFSOCK:
		m.type = SOURCE_SPECIAL;
		problem_report(run->sink, PROBLEM_INFO, PCODE_SPECIAL_FILE,
		    m.vpath, -1, 0, "%s, not opened",
		    source_special_name(type));
		return source_deliver(run, &m);
	}
	if (archive_entry_is_data_encrypted(e) ||
	    archive_entry_is_metadata_encrypted(e)) {
		m.type = SOURCE_UNOPENED;
		problem_report(run->sink, PROBLEM_WARNING, PCODE_ENCRYPTED,
		    m.vpath, -1, 0, "encrypted member, skipped");
		return source_deliver(run, &m);
	}
	source_stream_reset(lv->out, m.vpath, e);
	return source_content(run, c, &m, lv->out, 0, NULL);
}

/* Deliver the members of the archive that lv reads, as members of c. */
static int
source_archive_walk(struct source_run *run, struct source_container *c,
    struct source_level *lv, int *broken)
{
	struct archive_entry *e;
	char bad_msg[SOURCE_MSG_MAX], msg[SOURCE_MSG_MAX];
	long long off, bad_off = -1;
	int r, rc, failed = 0, quiet;

	for (;;) {
		if (run->stop || c->full)
			break;
		off = archive_filter_bytes(lv->a, 0);
		r = archive_read_next_header(lv->a, &e);
		/* A failure while reading the last member was reported. */
		quiet = run->stop || lv->in->state == STREAM_FAILED ||
		    lv->out->state == STREAM_FAILED;
		if (r != ARCHIVE_OK && r != ARCHIVE_EOF)
			*broken = 1;
		if (r == ARCHIVE_RETRY && !quiet) {
			/* libarchive skips ahead to the next valid header. */
			if (bad_off < 0) {
				bad_off = off;
				source_archive_error(lv->a, bad_msg,
				    sizeof bad_msg);
			}
			continue;
		}
		if (bad_off >= 0 && !quiet) {
			if (r == ARCHIVE_OK || r == ARCHIVE_WARN)
				problem_report(run->sink, PROBLEM_ERROR,
				    PCODE_CORRUPT, c->vpath, bad_off, 0,
				    "%s: damaged header; %lld bytes skipped to "
				    "the next good one", bad_msg,
				    off - bad_off);
			else
				problem_report(run->sink, PROBLEM_ERROR,
				    PCODE_CORRUPT, c->vpath, bad_off, 0,
				    "%s: damaged header; no good one after it",
				    bad_msg);
		}
		bad_off = -1;
		if (r == ARCHIVE_EOF)
			break;
		if (r == ARCHIVE_FATAL || r == ARCHIVE_RETRY) {
			source_archive_error(lv->a, msg, sizeof msg);
			if (!quiet)
				problem_report(run->sink, PROBLEM_ERROR,
				    source_failure_code(lv->out, msg), c->vpath,
				    archive_filter_bytes(lv->a, 0), 0,
				    "%s; %lld members read, the rest of this "
				    "archive is lost", msg, c->members);
			break;
		}
		if (r == ARCHIVE_FAILED) {
			if (!quiet)
				problem_report(run->sink, PROBLEM_ERROR,
				    PCODE_CORRUPT, c->vpath, off, 0,
				    "%s; member skipped", source_archive_error(
				    lv->a, msg, sizeof msg));
			if (++failed >= SOURCE_MAX_FAILED)
				break;
			continue;
		}
		failed = 0;
		lv->out->state = STREAM_OPEN;
		/* Names are taken as raw bytes and escaped by us. */
		if (r == ARCHIVE_WARN)
			source_archive_error(lv->a, msg, sizeof msg);
		rc = source_archive_member(run, c, lv, e, r == ARCHIVE_WARN &&
		    strstr(msg, "can't be converted") == NULL ? msg : NULL);
		if (rc != MGT_OK)
			return rc;
	}
	return MGT_OK;
}

/* Content ---------------------------------------------------------------- */

/* Hex of the first bytes, for an error about an unknown input. */
static void
source_hex(const unsigned char *b, size_t n, char *out, size_t outlen)
{
	size_t i, shown = n < 8 ? n : 8, o = 0;

	out[0] = '\0';
	for (i = 0; i < shown && o + 4 < outlen; i++)
		o += (size_t)snprintf(out + o, outlen - o, "%s%02x",
		    i > 0 ? " " : "", b[i]);
	if (n > shown && o + 5 < outlen)
		snprintf(out + o, outlen - o, " ...");
}

/* Deliver m as an archive or compressed file that is not opened. */
static int
source_unopened(struct source_run *run, struct source_member *m)
{
	m->type = SOURCE_UNOPENED;
	return source_deliver(run, m);
}

/* Deliver m as a container and then the members of what s holds. */
static int
source_container_content(struct source_run *run, struct source_member *m,
    struct source_stream *s, enum source_kind k, int top)
{
	struct source_container cc;
	struct source_level *lv;
	int rc, unsupported, broken = 0;

	if (!top) {
		m->type = SOURCE_CONTAINER;
		if ((rc = source_deliver(run, m)) != MGT_OK)
			return rc;
	}
	lv = source_level_open(run, s, k, m->vpath, &unsupported);
	if (lv == NULL)
		return MGT_OK;
	source_container_init(&cc, m->vpath, '!', top ? 0 : m->depth + 1, 1);
	rc = source_archive_walk(run, &cc, lv, &broken);
	if (rc == MGT_OK && cc.members == 0 && !run->stop && !broken &&
	    lv->in->state != STREAM_FAILED)
		problem_report(run->sink, PROBLEM_INFO, PCODE_EMPTY, m->vpath,
		    -1, 0, "%s archive with no members", source_kinds[k].name);
	source_container_free(&cc);
	source_level_close(lv);
	return rc;
}

int
source_content(struct source_run *run, struct source_container *c,
    struct source_member *m, struct source_stream *s, int top,
    struct mgt_error *err)
{
	struct source_level *layer[SOURCE_MAX_LAYERS];
	struct source_reader rd;
	struct archive_entry *e;
	struct source_stream *cur = s;
	enum source_kind k;
	char hex[64], msg[SOURCE_MSG_MAX];
	int nl = 0, rc = MGT_OK, unsupported, i, r, named = 1, hollow = 0;

	if (top)
		s->quiet = 1;
	for (;;) {
		source_stream_sniff(cur);
		if (top && nl == 0) {
			s->quiet = 0;
			if (cur->state == STREAM_FAILED) {
				rc = mgt_error_set(err, MGT_ERR_IO, "", -1, 0,
				    "cannot read: %s", cur->errmsg);
				goto out;
			}
			if (cur->sniff_len == 0) {
				rc = mgt_error_set(err, MGT_ERR_EMPTY, "", -1,
				    0, "empty input");
				goto out;
			}
		}
		k = source_sniff_kind(cur->sniff, cur->sniff_len);
		if (named)
			source_check_name(run, m, k);
		if (!source_is_compression(k))
			break;
		if (nl == SOURCE_MAX_LAYERS) {
			problem_report(run->sink, PROBLEM_WARNING,
			    PCODE_LIMIT_DEPTH, m->vpath, -1, 0, "more than %d "
			    "compression layers; not opened",
			    SOURCE_MAX_LAYERS);
			rc = source_unopened(run, m);
			goto out;
		}
		layer[nl] = source_level_open(run, cur, k, m->vpath,
		    &unsupported);
		if (layer[nl] == NULL) {
			if (unsupported)
				problem_report(run->sink, PROBLEM_INFO,
				    PCODE_UNSUPPORTED, m->vpath, -1, 0,
				    "%s data not analysed (format disabled)",
				    source_kinds[k].name);
			rc = source_unopened(run, m);
			goto out;
		}
		cur = layer[nl]->out;
		nl++;
		m->decompressed = 1;
		m->size = -1;
		named = source_drop_suffix(c, m, k);
		r = archive_read_next_header(layer[nl - 1]->a, &e);
		if (r == ARCHIVE_EOF && !run->stop &&
		    layer[nl - 1]->in->state != STREAM_FAILED) {
			/*
			 * Nothing came out of the decompressor: an empty
			 * file, unless there was more input than an empty
			 * stream takes (libarchive ends at a bad header).
			 */
			source_stream_reset(cur, m->vpath, NULL);
			cur->state = STREAM_END;
			hollow = layer[nl - 1]->in->pos > SOURCE_HOLLOW_MAX ||
			    layer[nl - 1]->in->state != STREAM_END;
			continue;
		}
		if (r != ARCHIVE_OK && r != ARCHIVE_WARN) {
			if (!run->stop &&
			    layer[nl - 1]->in->state != STREAM_FAILED)
				problem_report(run->sink, PROBLEM_ERROR,
				    PCODE_CORRUPT, m->vpath, 0, 0,
				    "cannot decompress %s: %s",
				    source_kinds[k].name,
				    source_archive_error(layer[nl - 1]->a, msg,
				    sizeof msg));
			rc = source_unopened(run, m);
			goto out;
		}
		source_stream_reset(cur, m->vpath, NULL);
	}

	if (k == SOURCE_KIND_TAR || k == SOURCE_KIND_ZIP) {
		if (!top && m->depth + 1 > run->max_depth) {
			problem_report(run->sink, PROBLEM_WARNING,
			    PCODE_LIMIT_DEPTH, m->vpath, -1, 0,
			    "%s archive not opened: its members would be at "
			    "depth %d, above max-depth %d",
			    source_kinds[k].name, m->depth + 1, run->max_depth);
			rc = source_unopened(run, m);
		} else
			rc = source_container_content(run, m, cur, k, top);
		goto out;
	}
	if (source_is_archive(k)) {
		source_hex(cur->sniff, cur->sniff_len, hex, sizeof hex);
		if (top)
			rc = mgt_error_set(err, MGT_ERR_FORMAT, "", -1, 0,
			    "unsupported archive format %s (first bytes: %s)",
			    source_kinds[k].name, hex);
		else {
			problem_report(run->sink, PROBLEM_INFO,
			    PCODE_UNSUPPORTED, m->vpath, -1, 0,
			    "%s archive not analysed (format disabled)",
			    source_kinds[k].name);
			rc = source_unopened(run, m);
		}
		goto out;
	}
	/* journalctl -o export is text with binary fields: not garbage. */
	if (top && nl == 0 && !source_looks_text(cur->sniff, cur->sniff_len) &&
	    !(cur->sniff_len >= 9 && memcmp(cur->sniff, "__CURSOR=", 9) == 0)) {
		source_hex(cur->sniff, cur->sniff_len, hex, sizeof hex);
		rc = mgt_error_set(err, MGT_ERR_FORMAT, "", -1, 0,
		    "unrecognized format (first bytes: %s)", hex);
		goto out;
	}
	if (hollow)
		problem_report(run->sink, PROBLEM_ERROR, PCODE_CORRUPT,
		    m->vpath, 0, 0, "no data could be decompressed from %lld "
		    "bytes of %s", layer[nl - 1]->in->pos,
		    source_kinds[layer[nl - 1]->kind].name);
	else if (cur->sniff_len == 0 && cur->state == STREAM_END)
		problem_report(run->sink, PROBLEM_INFO, PCODE_EMPTY, m->vpath,
		    -1, 0, "empty file");
	memset(&rd, 0, sizeof rd);
	rd.run = run;
	rd.s = cur;
	m->type = SOURCE_REGULAR;
	m->rd = &rd;
	rc = source_deliver(run, m);
	m->rd = NULL;
out:
	for (i = nl - 1; i >= 0; i--)
		source_level_close(layer[i]);
	return rc;
}
