/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Recognising what a stream holds and delivering it.  The first bytes tell
 * plain data, a compression layer or a container apart: compression layers
 * are removed (up to SOURCE_MAX_LAYERS), tar and zip members are named,
 * checked and delivered in turn (nested archives within the depth limit),
 * other archives are left unopened.  Streams and handles: source-stream.c.
 */
#include "config.h"

#include <sys/types.h>

#include <stdio.h>
#include <string.h>

#include <archive.h>
#include <archive_entry.h>

#include "error.h"
#include "source-private.h"

const struct source_kind_info source_kinds[] = {
	[SOURCE_KIND_DATA] = { "plain data", 0 },
	[SOURCE_KIND_GZIP] = { "gzip", ARCHIVE_FILTER_GZIP },
	[SOURCE_KIND_BZIP2] = { "bzip2", ARCHIVE_FILTER_BZIP2 },
	[SOURCE_KIND_XZ] = { "xz", ARCHIVE_FILTER_XZ },
	[SOURCE_KIND_ZSTD] = { "zstd", ARCHIVE_FILTER_ZSTD },
	[SOURCE_KIND_LZ4] = { "lz4", ARCHIVE_FILTER_LZ4 },
	[SOURCE_KIND_LZIP] = { "lzip", ARCHIVE_FILTER_LZIP },
	[SOURCE_KIND_COMPRESS] = { "compress", ARCHIVE_FILTER_COMPRESS },
	[SOURCE_KIND_LZMA] = { "lzma", ARCHIVE_FILTER_LZMA },
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

/*
 * An lzma-alone header as xz and lzma write it: the default properties
 * (0x5d), a dictionary of 2^n or 3 * 2^n bytes, then the size, unknown (all
 * ones) or below 2^48.  The format has no magic: this keeps random data out.
 */
static int
source_lzma_header(const unsigned char *b, size_t n)
{
	uint32_t dict;

	if (n < 13 || b[0] != 0x5d)
		return 0;
	dict = (uint32_t)b[1] | (uint32_t)b[2] << 8 | (uint32_t)b[3] << 16 |
	    (uint32_t)b[4] << 24;
	if (dict < 4096 || dict > (3U << 29))
		return 0;
	while ((dict & 1) == 0)
		dict >>= 1;
	if (dict != 1 && dict != 3)
		return 0;
	if (memcmp(b + 5, "\xff\xff\xff\xff\xff\xff\xff\xff", 8) == 0)
		return 1;
	return b[11] == 0 && b[12] == 0;
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
	if (source_lzma_header(b, n))
		return SOURCE_KIND_LZMA;
	return SOURCE_KIND_DATA;
}

/*
 * Text, as far as a top-level input goes: at most 1% control bytes (layout
 * and terminal escapes are fine), or a UTF-16 BOM.  NUL bytes are not
 * counted: a log with a run of NULs is text with a problem to report, as
 * long as some text is left.  Random bytes are about 13% control bytes,
 * images and executables more.
 */
static int
source_looks_text(const unsigned char *b, size_t n)
{
	size_t i, ctl = 0, nul = 0;

	if (n >= 2 && ((b[0] == 0xff && b[1] == 0xfe) ||
	    (b[0] == 0xfe && b[1] == 0xff)))
		return 1;
	for (i = 0; i < n; i++) {
		if (b[i] == 0)
			nul++;
		else if ((b[i] < 0x20 &&
		    strchr("\t\n\r\f\v\b\033", b[i]) == NULL) ||
		    b[i] == 0x7f)
			ctl++;
	}
	if (nul == 0)
		return ctl * 100 <= n;
	return n - nul >= 16 && ctl * 100 <= n - nul;
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
		r = archive_read_next_header2(lv->a, lv->entry);
		e = lv->entry;
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
				rc = error_set(err, MGT_ERR_IO, "", -1, 0,
				    "cannot read: %s", cur->errmsg);
				goto out;
			}
			if (cur->sniff_len == 0) {
				rc = error_set(err, MGT_ERR_EMPTY, "", -1,
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
		if (layer[nl - 1]->a == NULL) {
			/* gzip: inflated by us, no header to read. */
			source_stream_reset(cur, m->vpath, NULL);
			continue;
		}
		r = archive_read_next_header2(layer[nl - 1]->a,
		    layer[nl - 1]->entry);
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
			rc = error_set(err, MGT_ERR_FORMAT, "", -1, 0,
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
		rc = error_set(err, MGT_ERR_FORMAT, "", -1, 0,
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
	if (rc == MGT_OK)
		source_stream_finish(s, m->vpath);
out:
	for (i = nl - 1; i >= 0; i--)
		source_level_close(layer[i]);
	return rc;
}
