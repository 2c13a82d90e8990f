/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mkbad: write hostile and broken inputs for the input walker into OUTDIR,
 * one file per case with a self-explaining name, and list them with what
 * each one is.  Everything is built with libarchive's writer in memory and
 * is deterministic (fixed seed, fixed times, no gzip timestamps).
 */
#include "config.h"

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <archive.h>
#include <archive_entry.h>

#define MKBAD_MTIME	1600000000	/* 2020-09-13, for every entry */

/* Bytes written by libarchive into memory. */
struct mkbad_mem {
	unsigned char	*p;
	size_t		 len;
	size_t		 cap;
};

/* An archive being written into a mkbad_mem. */
struct mkbad_writer {
	struct archive		*a;
	struct mkbad_mem	 out;
};

static const char	*outdir;
static uint64_t		 rng = 0x6d676272696167ULL;	/* fixed seed */

static void
die(const char *what, const char *why)
{
	fprintf(stderr, "mkbad: %s: %s\n", what, why);
	exit(1);
}

static void *
xalloc(size_t n)
{
	void *p;

	if ((p = calloc(1, n == 0 ? 1 : n)) == NULL)
		die("calloc", strerror(errno));
	return p;
}

static uint64_t
next_random(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void
mem_add(struct mkbad_mem *m, const void *p, size_t n)
{
	unsigned char *np;

	if (m->len + n > m->cap) {
		m->cap = m->cap == 0 ? 65536 : m->cap;
		while (m->cap < m->len + n)
			m->cap *= 2;
		if ((np = realloc(m->p, m->cap)) == NULL)
			die("realloc", strerror(errno));
		m->p = np;
	}
	memcpy(m->p + m->len, p, n);
	m->len += n;
}

static la_ssize_t
mem_write(struct archive *a, void *data, const void *buf, size_t n)
{
	(void)a;
	mem_add(data, buf, n);
	return (la_ssize_t)n;
}

static void
check(struct archive *a, int r, const char *what)
{
	if (r < ARCHIVE_WARN)
		die(what, archive_error_string(a));
}

/*
 * Start an archive: format is an ARCHIVE_FORMAT_* (ARCHIVE_FORMAT_RAW for a
 * compressed single file), filter an ARCHIVE_FILTER_*.
 */
static void
w_begin(struct mkbad_writer *w, int format, int filter)
{
	memset(w, 0, sizeof *w);
	if ((w->a = archive_write_new()) == NULL)
		die("archive_write_new", "out of memory");
	check(w->a, archive_write_set_format(w->a, format), "format");
	if (filter != ARCHIVE_FILTER_NONE)
		check(w->a, archive_write_add_filter(w->a, filter), "filter");
	if (filter == ARCHIVE_FILTER_GZIP)
		check(w->a, archive_write_set_options(w->a, "gzip:!timestamp"),
		    "gzip option");
	archive_write_set_bytes_in_last_block(w->a, 1);
	check(w->a, archive_write_open2(w->a, &w->out, NULL, mem_write, NULL,
	    NULL), "open");
}

/* Add an entry; link is the symlink target or, for hardlink, its target. */
static void
w_entry(struct mkbad_writer *w, const char *name, mode_t type,
    const char *link, int hardlink, const void *data, size_t len)
{
	struct archive_entry *e;

	e = archive_entry_new();
	archive_entry_copy_pathname(e, name);
	archive_entry_set_filetype(e, type);
	archive_entry_set_perm(e, type == AE_IFDIR ? 0755 : 0644);
	archive_entry_set_mtime(e, MKBAD_MTIME, 0);
	archive_entry_set_uid(e, 0);
	archive_entry_set_gid(e, 0);
	if (type == AE_IFCHR || type == AE_IFBLK)
		archive_entry_set_rdev(e, (dev_t)((1 << 8) | 3));
	if (link != NULL && hardlink)
		archive_entry_copy_hardlink(e, link);
	else if (link != NULL)
		archive_entry_copy_symlink(e, link);
	if (type == AE_IFREG && !hardlink)
		archive_entry_set_size(e, (la_int64_t)len);
	else
		archive_entry_set_size(e, 0);
	check(w->a, archive_write_header(w->a, e), name);
	if (len > 0 && type == AE_IFREG && !hardlink &&
	    archive_write_data(w->a, data, len) != (la_ssize_t)len)
		die(name, archive_error_string(w->a));
	archive_entry_free(e);
}

static void
w_file(struct mkbad_writer *w, const char *name, const void *data, size_t len)
{
	w_entry(w, name, AE_IFREG, NULL, 0, data, len);
}

static void
w_text(struct mkbad_writer *w, const char *name, const char *text)
{
	w_file(w, name, text, strlen(text));
}

/* Finish; the bytes are in w->out (owned by the caller). */
static void
w_end(struct mkbad_writer *w)
{
	check(w->a, archive_write_close(w->a), "close");
	archive_write_free(w->a);
	w->a = NULL;
}

/* Write one case into OUTDIR and list it. */
static void
put(const char *name, const void *p, size_t n, const char *what)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", outdir, name);
	if ((f = fopen(path, "wb")) == NULL)
		die(path, strerror(errno));
	if (n > 0 && fwrite(p, 1, n, f) != n)
		die(path, strerror(errno));
	if (fclose(f) != 0)
		die(path, strerror(errno));
	printf("%s\t%s\n", name, what);
}

static void
put_mem(const char *name, struct mkbad_mem *m, const char *what)
{
	put(name, m->p, m->len, what);
	free(m->p);
	memset(m, 0, sizeof *m);
}

/* Set the "encrypted" bit in every local and central zip header. */
static void
set_encrypted_flag(struct mkbad_mem *m)
{
	size_t i;

	for (i = 0; i + 10 < m->len; i++) {
		if (memcmp(m->p + i, "PK\3\4", 4) == 0)
			m->p[i + 6] |= 1;
		else if (memcmp(m->p + i, "PK\1\2", 4) == 0)
			m->p[i + 8] |= 1;
	}
}

/* Printable pseudo-random log text of n bytes: compresses like a log. */
static char *
log_text(size_t n)
{
	static const char *words[] = { "kubelet", "etcd", "apiserver",
	    "error", "timeout", "node", "pod", "ready", "sync", "lease" };
	char *t = xalloc(n + 1);
	size_t i = 0, len;
	const char *wd;

	while (i < n) {
		if (next_random() % 12 == 0) {
			t[i++] = '\n';
			continue;
		}
		wd = words[next_random() % 10];
		len = strlen(wd);
		if (i + len + 1 > n)
			len = n - i - 1 > 0 ? n - i - 1 : 0;
		memcpy(t + i, wd, len);
		i += len;
		if (i < n)
			t[i++] = ' ';
	}
	t[n - 1] = '\n';
	return t;
}

/* A small must-gather-shaped tar in memory (three logs). */
static void
small_tar(struct mkbad_mem *out, int filter)
{
	struct mkbad_writer w;

	w_begin(&w, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED, filter);
	w_entry(&w, "must-gather/", AE_IFDIR, NULL, 0, NULL, 0);
	w_text(&w, "must-gather/a.log", "first log line\n");
	w_text(&w, "must-gather/b.log", "second log line\n");
	w_text(&w, "must-gather/c.log", "third log line\n");
	w_end(&w);
	*out = w.out;
}

static void
case_names(void)
{
	struct mkbad_writer w;
	char *longname;
	size_t i;

	w_begin(&w, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED, ARCHIVE_FILTER_NONE);
	w_text(&w, "../../evil", "climbs two levels up\n");
	w_text(&w, "ok.txt", "a normal member after it\n");
	w_end(&w);
	put_mem("traversal-dotdot.tar", &w.out,
	    "member '../../evil' (then a normal 'ok.txt')");

	w_begin(&w, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED, ARCHIVE_FILTER_NONE);
	w_text(&w, "/etc/passwd", "root:x:0:0::/root:/bin/sh\n");
	w_end(&w);
	put_mem("absolute-path.tar", &w.out, "member '/etc/passwd'");

	w_begin(&w, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED, ARCHIVE_FILTER_NONE);
	w_text(&w, "a/./../../b", "normalises to ../b\n");
	w_text(&w, "...../x", "five dots is just a name\n");
	w_text(&w, "a/../c", "normalises to c, stays inside\n");
	w_end(&w);
	put_mem("dotdot-mutations.tar", &w.out,
	    "members 'a/./../../b', '...../x' and 'a/../c'");

	w_begin(&w, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED, ARCHIVE_FILTER_NONE);
	w_text(&w, "dup.txt", "first copy\n");
	w_text(&w, "dup.txt", "second copy, different content\n");
	w_end(&w);
	put_mem("duplicate-names.tar", &w.out,
	    "member 'dup.txt' twice with different content");

	longname = xalloc(65536 + 16);
	for (i = 0; i < 65536; i++)
		longname[i] = (i % 100 == 99) ? '/' : (char)('a' + i % 26);
	memcpy(longname + 65536, ".log", 5);
	w_begin(&w, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED, ARCHIVE_FILTER_NONE);
	w_text(&w, longname, "a member with a 64 KiB name\n");
	w_text(&w, "after-long-name.txt", "the next member\n");
	w_end(&w);
	free(longname);
	put_mem("long-name-64k.tar", &w.out,
	    "pax member name of 64 KiB (656 components), then a normal one");

	w_begin(&w, ARCHIVE_FORMAT_TAR_GNUTAR, ARCHIVE_FILTER_NONE);
	w_text(&w, "latin1-caf\xe9.log", "Latin-1 byte in the name\n");
	w_text(&w, "ansi-\x1b[2J-clear.log", "terminal escape in the name\n");
	w_text(&w, "bad-utf8-\xc3\x28.log", "invalid UTF-8 sequence\n");
	w_end(&w);
	put_mem("non-utf8-names.tar", &w.out,
	    "gnutar names with a Latin-1 byte, ESC [2J and invalid UTF-8");

	/* 5000 components of "a" (10 KiB), then 3000 "." and 1000 "..". */
	longname = xalloc(5000 * 2 + 3000 * 2 + 1000 * 3 + 16);
	for (i = 0; i < 5000; i++)
		memcpy(longname + 2 * i, "a/", 2);
	memcpy(longname + 2 * i, "x.log", 6);
	w_begin(&w, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED, ARCHIVE_FILTER_NONE);
	w_text(&w, longname, "5000 components deep\n");
	for (i = 0; i < 3000; i++)
		memcpy(longname + 2 * i, "./", 2);
	for (; i < 4000; i++)
		memcpy(longname + 6000 + 3 * (i - 3000), "../", 3);
	memcpy(longname + 9000, "y.log", 6);
	w_text(&w, longname, "3000 dots and 1000 dot-dots\n");
	w_text(&w, "after-deep-paths.txt", "the next member\n");
	w_end(&w);
	free(longname);
	put_mem("deep-path-5000.tar", &w.out,
	    "member names of 5000 components and of 4000 '.'/'..' ones");

	w_begin(&w, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED, ARCHIVE_FILTER_NONE);
	w_text(&w, "logs!inner.tar.gz/current.log", "a '!' in a name\n");
	w_end(&w);
	put_mem("bang-in-name.tar", &w.out,
	    "member 'logs!inner.tar.gz/current.log': '!' is the vpath joint");
}

static void
case_links_and_specials(void)
{
	struct mkbad_writer w;

	w_begin(&w, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED, ARCHIVE_FILTER_NONE);
	w_entry(&w, "x", AE_IFLNK, "../../..", 0, NULL, 0);
	w_text(&w, "x/authorized_keys", "ssh-ed25519 AAAA... attacker\n");
	w_end(&w);
	put_mem("symlink-escape.tar", &w.out,
	    "symlink 'x -> ../../..', then member 'x/authorized_keys'");

	w_begin(&w, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED, ARCHIVE_FILTER_NONE);
	w_text(&w, "present.txt", "a real member\n");
	w_entry(&w, "link-to-missing", AE_IFREG, "missing/target.txt", 1,
	    NULL, 0);
	w_entry(&w, "link-to-present", AE_IFREG, "present.txt", 1, NULL, 0);
	w_end(&w);
	put_mem("hardlink-missing.tar", &w.out,
	    "hardlink to a member not in the archive (and one that is)");

	w_begin(&w, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED, ARCHIVE_FILTER_NONE);
	w_entry(&w, "up", AE_IFREG, "../../etc/shadow", 1, NULL, 0);
	w_entry(&w, "abs", AE_IFREG, "/etc/shadow", 1, NULL, 0);
	w_entry(&w, "early", AE_IFREG, "later.txt", 1, NULL, 0);
	w_text(&w, "later.txt", "the target, after the link to it\n");
	w_end(&w);
	put_mem("hardlink-outside.tar", &w.out,
	    "hardlinks to '../../etc/shadow', '/etc/shadow' and to a member "
	    "that comes after the link");

	w_begin(&w, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED, ARCHIVE_FILTER_NONE);
	w_entry(&w, "dev/fifo", AE_IFIFO, NULL, 0, NULL, 0);
	w_entry(&w, "dev/tty-copy", AE_IFCHR, NULL, 0, NULL, 0);
	w_entry(&w, "dev/disk-copy", AE_IFBLK, NULL, 0, NULL, 0);
	w_text(&w, "after-devices.txt", "a normal member\n");
	w_end(&w);
	put_mem("special-files.tar", &w.out,
	    "fifo, character device and block device entries");

	w_begin(&w, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED, ARCHIVE_FILTER_NONE);
	w_file(&w, "empty-member.log", NULL, 0);
	w_text(&w, "full-member.log", "not empty\n");
	w_end(&w);
	put_mem("empty-member.tar", &w.out, "a 0-byte member and a normal one");
}

static void
case_nesting(void)
{
	static const char sevenzip[] = "7z\xbc\xaf\x27\x1c\x00\x04 not 7-Zip";
	struct mkbad_writer w;
	struct mkbad_mem inner;
	char name[64], payload[64];
	int level;

	/* Build from the inside out: level7 holds a payload. */
	memset(&inner, 0, sizeof inner);
	for (level = 7; level >= 0; level--) {
		w_begin(&w, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED,
		    ARCHIVE_FILTER_GZIP);
		snprintf(payload, sizeof payload, "level %d\n", level);
		snprintf(name, sizeof name, "level%d/payload.txt", level);
		w_text(&w, name, payload);
		if (inner.len > 0) {
			snprintf(name, sizeof name, "level%d/level%d.tar.gz",
			    level, level + 1);
			w_file(&w, name, inner.p, inner.len);
			free(inner.p);
		}
		w_end(&w);
		inner = w.out;
	}
	put_mem("nested-8-levels.tar.gz", &inner,
	    "tar.gz inside tar.gz, 8 archives deep (level0 .. level7)");

	/* A must-gather with a zip inside. */
	{
		struct mkbad_writer z;

		w_begin(&z, ARCHIVE_FORMAT_ZIP, ARCHIVE_FILTER_NONE);
		w_text(&z, "bundle/notes.txt", "inside the zip\n");
		w_text(&z, "bundle/more.log", "another zip member\n");
		w_end(&z);
		w_begin(&w, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED,
		    ARCHIVE_FILTER_GZIP);
		w_text(&w, "must-gather/timestamp", "2020-09-13\n");
		w_file(&w, "must-gather/extra/bundle.zip", z.out.p, z.out.len);
		w_text(&w, "must-gather/after.log", "after the zip\n");
		w_end(&w);
		free(z.out.p);
		put_mem("zip-inside-must-gather.tar.gz", &w.out,
		    "must-gather tar.gz holding extra/bundle.zip (2 members)");
	}

	/* An archive format we recognise but do not open. */
	w_begin(&w, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED, ARCHIVE_FILTER_NONE);
	w_file(&w, "must-gather/extra/archive.7z", sevenzip,
	    sizeof sevenzip - 1);
	w_text(&w, "must-gather/after.log", "after the 7z\n");
	w_end(&w);
	put_mem("7z-inside-must-gather.tar", &w.out,
	    "must-gather tar holding a member with the 7-Zip signature");

	/*
	 * A zip whose member is marked encrypted.  Real ZipCrypto output is
	 * random (libarchive draws the encryption header itself), so write a
	 * stored member and set bit 0 of the general purpose flags in the
	 * local and the central header: deterministic, and all a reader
	 * looks at before trying to decrypt.
	 */
	w_begin(&w, ARCHIVE_FORMAT_ZIP, ARCHIVE_FILTER_NONE);
	check(w.a, archive_write_zip_set_compression_store(w.a), "store");
	w_text(&w, "secret.log", "not really encrypted\n");
	w_end(&w);
	set_encrypted_flag(&w.out);
	put_mem("encrypted.zip", &w.out,
	    "zip whose only member is flagged encrypted (ZipCrypto bit)");
}

static void
case_formats(void)
{
	struct mkbad_writer w;
	struct mkbad_mem m;
	unsigned char *rnd;
	size_t i;
	static const unsigned char png[] = {
		0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a,
		0x00, 0x00, 0x00, 0x0d, 'I', 'H', 'D', 'R',
		0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01,
		0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53,
		0xde, 0x00, 0x00, 0x00, 0x00, 'I', 'E', 'N', 'D',
		0xae, 0x42, 0x60, 0x82
	};

	small_tar(&m, ARCHIVE_FILTER_GZIP);
	put_mem("tar-gz-named.zip", &m, "a tar.gz whose name says zip");

	small_tar(&m, ARCHIVE_FILTER_NONE);
	put_mem("plain-tar-named.tar.gz", &m,
	    "an uncompressed tar whose name says tar.gz");

	w_begin(&w, ARCHIVE_FORMAT_RAW, ARCHIVE_FILTER_GZIP);
	w_text(&w, "data", "a log line inside gzip\nand another\n");
	w_end(&w);
	put_mem("gzip-named.log", &w.out, "gzip-compressed text named .log");

	put("empty-0-bytes.tar.gz", NULL, 0, "a 0-byte file");

	rnd = xalloc(4096);
	for (i = 0; i < 4096; i++)
		rnd[i] = (unsigned char)(next_random() >> 24);
	put("random-bytes.bin", rnd, 4096, "4096 pseudo-random bytes");
	free(rnd);

	put("not-an-archive.png", png, sizeof png, "a 1x1 PNG image");
}

/* A tar with a large middle member, compressed, then cut inside it. */
static void
case_truncated(int filter, const char *name)
{
	struct mkbad_writer w;
	char *big, what[128];

	big = log_text(256 * 1024);
	w_begin(&w, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED, filter);
	w_text(&w, "must-gather/first.log", "complete before the cut\n");
	w_file(&w, "must-gather/big.log", big, 256 * 1024);
	w_text(&w, "must-gather/last.log", "lost after the cut\n");
	w_end(&w);
	free(big);
	snprintf(what, sizeof what, "cut at half of its %zu bytes, inside "
	    "must-gather/big.log", w.out.len);
	w.out.len /= 2;
	put_mem(name, &w.out, what);
}

static void
case_damaged(void)
{
	struct mkbad_writer w;
	struct mkbad_mem m, g;
	size_t i;
	char *text;

	/* Members of 100 bytes: headers at 0, 1024 and 2048. */
	text = log_text(100);
	w_begin(&w, ARCHIVE_FORMAT_TAR_USTAR, ARCHIVE_FILTER_NONE);
	w_file(&w, "one.log", text, 100);
	w_file(&w, "two.log", text, 100);
	w_file(&w, "three.log", text, 100);
	w_end(&w);
	free(text);
	w.out.p[1024 + 1] ^= 0x20;	/* "two.log" -> "tWo.log", bad sum */
	put_mem("corrupt-checksum.tar", &w.out,
	    "3 members; the second header's checksum no longer adds up");

	w_begin(&w, ARCHIVE_FORMAT_RAW, ARCHIVE_FILTER_GZIP);
	w_text(&w, "data", "the real content\n");
	w_end(&w);
	for (i = 0; i < 1000; i++) {
		unsigned char c = (unsigned char)(next_random() >> 24);

		mem_add(&w.out, &c, 1);
	}
	put_mem("gzip-trailing-garbage.log.gz", &w.out,
	    "gzip stream followed by 1000 random bytes");

	w_begin(&w, ARCHIVE_FORMAT_RAW, ARCHIVE_FILTER_GZIP);
	w_text(&w, "data", "from the first gzip member\n");
	w_end(&w);
	m = w.out;
	w_begin(&w, ARCHIVE_FORMAT_RAW, ARCHIVE_FILTER_GZIP);
	w_text(&w, "data", "from the second gzip member\n");
	w_end(&w);
	mem_add(&m, w.out.p, w.out.len);
	free(w.out.p);
	put_mem("gzip-concatenated.log.gz", &m,
	    "two gzip members back to back (two lines)");

	/* 1 GiB of zeros: one 16 MiB gzip member written 64 times. */
	{
		static const unsigned char zeros[65536];

		struct archive_entry *e;

		w_begin(&w, ARCHIVE_FORMAT_RAW, ARCHIVE_FILTER_GZIP);
		e = archive_entry_new();
		archive_entry_copy_pathname(e, "data");
		archive_entry_set_filetype(e, AE_IFREG);
		check(w.a, archive_write_header(w.a, e), "bomb");
		archive_entry_free(e);
		for (i = 0; i < 256; i++)
			archive_write_data(w.a, zeros, sizeof zeros);
		w_end(&w);
		memset(&g, 0, sizeof g);
		for (i = 0; i < 64; i++)
			mem_add(&g, w.out.p, w.out.len);
		free(w.out.p);
		put_mem("gzip-bomb-1g-zeros.log.gz", &g,
		    "1 GiB of zeros in ~1 MB (64 gzip members of 16 MiB)");
	}
}

/*
 * The same log text through one libarchive filter into out (raw, no
 * container).  Returns 0 when this libarchive cannot write the filter
 * (lrzip, lzop, grzip need programs that may be missing).
 */
static int
filtered_text(int filter, const char *text, struct mkbad_mem *out)
{
	struct archive *a;
	struct archive_entry *e;
	size_t len = strlen(text);
	int ok = 0;

	memset(out, 0, sizeof *out);
	if ((a = archive_write_new()) == NULL)
		die("archive_write_new", "out of memory");
	/* archive_write_add_filter() maps LZOP to the lzip writer. */
	if (archive_write_set_format_raw(a) != ARCHIVE_OK ||
	    (filter == ARCHIVE_FILTER_LZOP ?
	    archive_write_add_filter_lzop(a) :
	    archive_write_add_filter(a, filter)) < ARCHIVE_WARN)
		goto out;
	if (filter == ARCHIVE_FILTER_GZIP)
		archive_write_set_options(a, "gzip:!timestamp");
	archive_write_set_bytes_in_last_block(a, 1);
	if (archive_write_open2(a, out, NULL, mem_write, NULL, NULL) !=
	    ARCHIVE_OK)
		goto out;
	e = archive_entry_new();
	archive_entry_copy_pathname(e, "data");
	archive_entry_set_filetype(e, AE_IFREG);
	archive_entry_set_size(e, (la_int64_t)len);
	ok = archive_write_header(a, e) == ARCHIVE_OK &&
	    archive_write_data(a, text, len) == (la_ssize_t)len &&
	    archive_write_close(a) == ARCHIVE_OK;
	archive_entry_free(e);
out:
	archive_write_free(a);
	if (!ok) {
		free(out->p);
		memset(out, 0, sizeof *out);
	}
	return ok;
}

/*
 * Every compression filter libarchive has, as a top-level file
 * filter-NAME and as a member of filter-NAME-in.tar, both holding the same
 * two log lines.
 */
static void
case_filters(void)
{
	static const struct {
		const char	*name;
		int		 filter;
	} f[] = {
		{ "gzip", ARCHIVE_FILTER_GZIP },
		{ "bzip2", ARCHIVE_FILTER_BZIP2 },
		{ "xz", ARCHIVE_FILTER_XZ },
		{ "lzma", ARCHIVE_FILTER_LZMA },
		{ "lzip", ARCHIVE_FILTER_LZIP },
		{ "zstd", ARCHIVE_FILTER_ZSTD },
		{ "lz4", ARCHIVE_FILTER_LZ4 },
		{ "compress", ARCHIVE_FILTER_COMPRESS },
		{ "uuencode", ARCHIVE_FILTER_UU },
		{ "lrzip", ARCHIVE_FILTER_LRZIP },
		{ "lzop", ARCHIVE_FILTER_LZOP },
		{ "grzip", ARCHIVE_FILTER_GRZIP },
	};
	static const char text[] = "2024-01-01T00:00:00Z filtered line one\n"
	    "2024-01-01T00:00:01Z filtered line two\n";
	struct mkbad_writer w;
	struct mkbad_mem m;
	char name[64], what[128];
	size_t i;

	for (i = 0; i < sizeof f / sizeof f[0]; i++) {
		if (!filtered_text(f[i].filter, text, &m)) {
			printf("filter-%s\tnot written: this libarchive cannot "
			    "(skipped)\n", f[i].name);
			continue;
		}
		w_begin(&w, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED,
		    ARCHIVE_FILTER_NONE);
		w_file(&w, "logs/member", m.p, m.len);
		w_end(&w);
		snprintf(name, sizeof name, "filter-%s", f[i].name);
		snprintf(what, sizeof what, "two log lines through %s",
		    f[i].name);
		put_mem(name, &m, what);
		snprintf(name, sizeof name, "filter-%s-in.tar", f[i].name);
		snprintf(what, sizeof what, "a tar holding filter-%s",
		    f[i].name);
		put_mem(name, &w.out, what);
	}
	/* compress(1) of an empty file is its 3-byte header. */
	put("compress-header-only", "\x1f\x9d\x90", 3,
	    "compress(1) header and nothing else");
	/* A gzip header cut after its method byte. */
	put("gzip-3-bytes", "\x1f\x8b\x08", 3,
	    "the first 3 bytes of a gzip header");
}

/* Flip a bit of the gzip trailer at offset back from the end (8: CRC32,
 * 4: ISIZE). */
static void
gzip_break_trailer(struct mkbad_mem *m, size_t back)
{
	m->p[m->len - back] ^= 0x01;
}

/*
 * gzip streams whose trailer is wrong: CRC32 or ISIZE, as a file, as the
 * second of two members, and as a member of a tar.
 */
static void
case_gzip_trailers(void)
{
	static const char text[] = "2024-01-01T00:00:00Z trailer line one\n"
	    "2024-01-01T00:00:01Z trailer line two\n";
	struct mkbad_writer w;
	struct mkbad_mem m, two;

	filtered_text(ARCHIVE_FILTER_GZIP, text, &m);
	gzip_break_trailer(&m, 8);
	put_mem("gzip-bad-crc.log.gz", &m, "gzip whose CRC32 is wrong");

	filtered_text(ARCHIVE_FILTER_GZIP, text, &m);
	gzip_break_trailer(&m, 4);
	put_mem("gzip-bad-isize.log.gz", &m, "gzip whose ISIZE is wrong");

	filtered_text(ARCHIVE_FILTER_GZIP, text, &two);
	filtered_text(ARCHIVE_FILTER_GZIP, "2024-01-01T00:00:02Z second "
	    "member\n", &m);
	gzip_break_trailer(&m, 8);
	mem_add(&two, m.p, m.len);
	free(m.p);
	put_mem("gzip-second-member-bad-crc.log.gz", &two,
	    "two gzip members, the second with a wrong CRC32");

	filtered_text(ARCHIVE_FILTER_GZIP, text, &m);
	gzip_break_trailer(&m, 8);
	w_begin(&w, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED, ARCHIVE_FILTER_GZIP);
	w_text(&w, "must-gather/ok.log", "2024-01-01T00:00:00Z fine\n");
	w_file(&w, "must-gather/bad.log.gz", m.p, m.len);
	w_end(&w);
	free(m.p);
	put_mem("gzip-member-bad-crc.tar.gz", &w.out,
	    "a tar.gz holding a .log.gz whose CRC32 is wrong");
}

/*
 * Tars cut inside a member that nobody reads to its end (a binary blob
 * is only looked at): plain and gzip-compressed.
 */
static void
case_cut_member(void)
{
	struct mkbad_writer w;
	unsigned char *blob;
	size_t i, n = 256 * 1024;
	int gz;

	blob = xalloc(n);
	for (i = 0; i < n; i++)
		blob[i] = (unsigned char)(next_random() >> 24);
	for (gz = 0; gz < 2; gz++) {
		w_begin(&w, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED,
		    gz ? ARCHIVE_FILTER_GZIP : ARCHIVE_FILTER_NONE);
		w_text(&w, "data/first.log", "2024-01-01T00:00:00Z kept\n");
		w_file(&w, "data/blob.bin", blob, n);
		w_end(&w);
		w.out.len = w.out.len * 2 / 3;
		put_mem(gz ? "cut-in-blob.tar.gz" : "cut-in-blob.tar", &w.out,
		    "a tar cut inside a 256 KiB binary member");
	}
	free(blob);
}

int
main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: mkbad OUTDIR\n");
		return 2;
	}
	outdir = argv[1];
	if (mkdir(outdir, 0755) == -1 && errno != EEXIST)
		die(outdir, strerror(errno));
	case_names();
	case_links_and_specials();
	case_nesting();
	case_formats();
	case_truncated(ARCHIVE_FILTER_GZIP, "truncated.tar.gz");
	case_truncated(ARCHIVE_FILTER_XZ, "truncated.tar.xz");
	case_truncated(ARCHIVE_FILTER_ZSTD, "truncated.tar.zst");
	case_damaged();
	case_filters();
	case_gzip_trailers();
	case_cut_member();
	return 0;
}
