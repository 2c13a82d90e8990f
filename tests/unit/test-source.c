/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Unit tests for the input walker (src/source*.c): name sanitising, virtual
 * paths of nested archives built here with libarchive's writer, limits,
 * truncated and damaged input, directory order and links, top-level errors,
 * and member counts of the real must-gathers in the shared corpus.
 */
#include "config.h"

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <archive.h>
#include <archive_entry.h>

#include "error.h"
#include "limits.h"
#include "problem.h"
#include "source-private.h"
#include "source.h"
#include "tap.h"

/* The shared corpus; MGT_CORPUS overrides. */
#define CORPUS	"../shared/corpus/real"

/* One delivered member, copied out of the callback. */
struct rec {
	char			*vpath;
	char			*path;
	char			*link;
	enum source_type	 type;
	int			 depth;
	int			 decompressed;
	long			 ordinal;
	long long		 size;
	long long		 nread;		/* bytes read */
	long long		 offset;	/* source_offset() at the end */
	int			 last;		/* last source_read() result */
	char			 head[256];	/* first bytes of content */
};

struct prob {
	enum problem_severity	 sev;
	char			*code;
	char			*vpath;
	char			*msg;
	long long		 offset;
};

/* Everything one walk produced. */
struct walk {
	struct rec		*r;
	size_t			 nr;
	struct prob		*p;
	size_t			 np;
	int			 noread;	/* do not read content */
	size_t			 stop_at;	/* callback fails at (from 1) */
	const char		*shrink;	/* file cut after one block */
	off_t			 shrink_to;
	struct source_stats	 st;
	struct mgt_error	 err;
	int			 rc;
};

static char	 tmp[1024];
static uint64_t	 rng = 0x74657374ULL;

/* Room for element n of an array grown by doubling. */
static void *
grow(void *p, size_t n, size_t size)
{
	size_t cap;

	if (n != 0 && (n & (n - 1)) != 0)
		return p;
	cap = n == 0 ? 1 : n * 2;
	if ((p = realloc(p, cap * size)) == NULL)
		abort();
	return p;
}

static char *
dup_str(const char *s)
{
	return s != NULL ? strdup(s) : NULL;
}

static void
on_problem(void *ctx, const struct problem *p)
{
	struct walk *w = ctx;
	struct prob *q;

	w->p = grow(w->p, w->np, sizeof *w->p);
	q = &w->p[w->np++];
	q->sev = p->severity;
	q->code = dup_str(p->code);
	q->vpath = dup_str(p->vpath);
	q->msg = dup_str(p->message);
	q->offset = p->offset;
}

static int
on_member(void *ctx, struct source_member *m)
{
	struct walk *w = ctx;
	struct rec *r;
	const void *buf;
	size_t len, room;

	w->r = grow(w->r, w->nr, sizeof *w->r);
	r = &w->r[w->nr++];
	memset(r, 0, sizeof *r);
	r->vpath = dup_str(m->vpath);
	r->path = dup_str(m->path);
	r->link = dup_str(m->link);
	r->type = m->type;
	r->depth = m->depth;
	r->decompressed = m->decompressed;
	r->ordinal = m->ordinal;
	r->size = m->size;
	if (w->stop_at > 0 && w->nr == w->stop_at)
		return MGT_ERR_DB;
	if (w->noread)
		return MGT_OK;
	while ((r->last = source_read(m, &buf, &len)) == 1) {
		room = sizeof r->head - 1 - (size_t)(r->nread < 255 ?
		    r->nread : 255);
		if (r->nread < 255)
			memcpy(r->head + r->nread, buf,
			    len < room ? len : room);
		r->nread += (long long)len;
		if (w->shrink != NULL && truncate(w->shrink, w->shrink_to) == 0)
			w->shrink = NULL;
	}
	r->offset = source_offset(m);
	return MGT_OK;
}

static void
walk_free(struct walk *w)
{
	size_t i;

	for (i = 0; i < w->nr; i++) {
		free(w->r[i].vpath);
		free(w->r[i].path);
		free(w->r[i].link);
	}
	for (i = 0; i < w->np; i++) {
		free(w->p[i].code);
		free(w->p[i].vpath);
		free(w->p[i].msg);
	}
	free(w->r);
	free(w->p);
	memset(w, 0, sizeof *w);
}

static void
walk_run(struct walk *w, const char *input, const struct mgt_limits *l)
{
	struct problem_sink sink = { on_problem, w };
	struct mgt_limits def;

	if (l == NULL) {
		limits_default(&def);
		l = &def;
	}
	w->rc = source_walk(input, l, &sink, on_member, w, &w->st, &w->err);
}

static const struct rec *
find(const struct walk *w, const char *vpath)
{
	size_t i;

	for (i = 0; i < w->nr; i++) {
		if (strcmp(w->r[i].vpath, vpath) == 0)
			return &w->r[i];
	}
	return NULL;
}

static size_t
count_type(const struct walk *w, enum source_type t)
{
	size_t i, n = 0;

	for (i = 0; i < w->nr; i++)
		n += w->r[i].type == t;
	return n;
}

/* The problem with this code (and vpath, if not NULL), or NULL. */
static const struct prob *
problem(const struct walk *w, const char *code, const char *vpath)
{
	size_t i;

	for (i = 0; i < w->np; i++) {
		if (strcmp(w->p[i].code, code) == 0 &&
		    (vpath == NULL || strcmp(w->p[i].vpath, vpath) == 0))
			return &w->p[i];
	}
	return NULL;
}

static size_t
count_problems(const struct walk *w, const char *code)
{
	size_t i, n = 0;

	for (i = 0; i < w->np; i++)
		n += strcmp(w->p[i].code, code) == 0;
	return n;
}

/* Building inputs -------------------------------------------------------- */

struct mem {
	unsigned char	*p;
	size_t		 len;
};

static la_ssize_t
mem_write(struct archive *a, void *data, const void *buf, size_t n)
{
	struct mem *m = data;

	(void)a;
	if ((m->p = realloc(m->p, m->len + n + 1)) == NULL)
		abort();
	memcpy(m->p + m->len, buf, n);
	m->len += n;
	return (la_ssize_t)n;
}

static struct archive *
w_begin(struct mem *m, int format, int filter)
{
	struct archive *a = archive_write_new();

	memset(m, 0, sizeof *m);
	archive_write_set_format(a, format);
	if (filter != ARCHIVE_FILTER_NONE)
		archive_write_add_filter(a, filter);
	archive_write_set_bytes_in_last_block(a, 1);
	if (archive_write_open2(a, m, NULL, mem_write, NULL, NULL) !=
	    ARCHIVE_OK)
		abort();
	return a;
}

static void
w_add(struct archive *a, const char *name, mode_t type, const char *link,
    int hard, const void *data, size_t len)
{
	struct archive_entry *e = archive_entry_new();

	archive_entry_copy_pathname(e, name);
	archive_entry_set_filetype(e, type);
	archive_entry_set_perm(e, 0644);
	archive_entry_set_mtime(e, 1600000000, 0);
	if (link != NULL && hard)
		archive_entry_copy_hardlink(e, link);
	else if (link != NULL)
		archive_entry_copy_symlink(e, link);
	archive_entry_set_size(e, type == AE_IFREG && !hard ?
	    (la_int64_t)len : 0);
	if (archive_write_header(a, e) < ARCHIVE_WARN) {
		fprintf(stderr, "# write %s: %s\n", name,
		    archive_error_string(a));
		abort();
	}
	if (len > 0 && archive_write_data(a, data, len) != (la_ssize_t)len)
		abort();
	archive_entry_free(e);
}

static void
w_text(struct archive *a, const char *name, const char *text)
{
	w_add(a, name, AE_IFREG, NULL, 0, text, strlen(text));
}

static void
w_end(struct archive *a)
{
	archive_write_close(a);
	archive_write_free(a);
}

/* A single compressed file (format raw). */
static struct mem
compress_text(int filter, const void *data, size_t len)
{
	struct archive_entry *e;
	struct archive *a;
	struct mem m;

	a = w_begin(&m, ARCHIVE_FORMAT_RAW, filter);
	e = archive_entry_new();
	archive_entry_copy_pathname(e, "data");
	archive_entry_set_filetype(e, AE_IFREG);
	archive_write_header(a, e);
	archive_entry_free(e);
	if (len > 0)
		archive_write_data(a, data, len);
	w_end(a);
	return m;
}

static char *
tpath(const char *name)
{
	static char buf[8][4096];
	static int i;

	i = (i + 1) % 8;
	snprintf(buf[i], sizeof buf[i], "%s/%s", tmp, name);
	return buf[i];
}

static void
put(const char *name, const void *p, size_t n)
{
	FILE *f;

	if ((f = fopen(tpath(name), "wb")) == NULL)
		abort();
	if (n > 0 && fwrite(p, 1, n, f) != n)
		abort();
	fclose(f);
}

static void
put_mem(const char *name, struct mem *m)
{
	put(name, m->p, m->len);
	free(m->p);
	memset(m, 0, sizeof *m);
}

static char *
log_text(size_t n)
{
	char *t = malloc(n + 1);
	size_t i;

	for (i = 0; i < n; i++) {
		rng ^= rng << 13;
		rng ^= rng >> 7;
		rng ^= rng << 17;
		t[i] = (i % 60 == 59) ? '\n' : (char)('a' + rng % 26);
	}
	t[n] = '\0';
	return t;
}

static int
rm_entry(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	(void)st;
	(void)flag;
	(void)f;
	return remove(path);
}

/* Tests ------------------------------------------------------------------ */

static void
sanitize_is(const char *raw, size_t max, const char *want, int wflags,
    const char *name)
{
	struct source_buf b = { NULL, 0, 0 };
	int flags;

	flags = source_sanitize(raw, strlen(raw), max, &b);
	is_str(b.p, want, name);
	is_int(flags, wflags, name);
	source_buf_free(&b);
}

static void
test_sanitize(void)
{
	struct source_buf b = { NULL, 0, 0 };
	char *big;
	size_t i;
	int flags;

	sanitize_is("a/b/c.log", 4096, "a/b/c.log", 0, "plain path kept");
	sanitize_is("./a//b/./", 4096, "a/b", 0, "'.' and empty dropped");
	sanitize_is("a/../b", 4096, "b", 0, "'..' inside resolved");
	sanitize_is("../../evil", 4096, "_up_/_up_/evil",
	    SOURCE_NAME_TRAVERSAL, "'..' above the root");
	sanitize_is("a/./../../b", 4096, "_up_/b", SOURCE_NAME_TRAVERSAL,
	    "a/./../../b climbs one level");
	sanitize_is("/etc/passwd", 4096, "_abs_/etc/passwd",
	    SOURCE_NAME_ABSOLUTE, "absolute path");
	sanitize_is("///x/../../y", 4096, "_abs_/_up_/y",
	    SOURCE_NAME_ABSOLUTE | SOURCE_NAME_TRAVERSAL,
	    "absolute and climbing");
	sanitize_is("...../x", 4096, "...../x", 0, "five dots is a name");
	sanitize_is("..", 4096, "_up_", SOURCE_NAME_TRAVERSAL, "just '..'");
	sanitize_is(".", 4096, "", 0, "just '.'");
	sanitize_is("x\x01y\x7f", 4096, "x\\x01y\\x7f", SOURCE_NAME_ESCAPED,
	    "control bytes escaped");
	sanitize_is("caf\xe9.log", 4096, "caf\\xe9.log", SOURCE_NAME_ESCAPED,
	    "Latin-1 byte escaped");
	sanitize_is("caf\xc3\xa9.log", 4096, "caf\xc3\xa9.log", 0,
	    "valid UTF-8 kept");
	sanitize_is("a\xc2\x9b" "b", 4096, "a\\xc2\\x9bb", SOURCE_NAME_ESCAPED,
	    "C1 control (CSI) escaped");
	sanitize_is("\xc0\xaf", 4096, "\\xc0\\xaf", SOURCE_NAME_ESCAPED,
	    "overlong '/' escaped byte by byte");
	sanitize_is("\xed\xa0\x80", 4096, "\\xed\\xa0\\x80",
	    SOURCE_NAME_ESCAPED, "surrogate escaped");
	sanitize_is("abcdefgh/ij", 6, "abcdef", SOURCE_NAME_TRUNCATED,
	    "cut at max");
	sanitize_is("ab/\x01", 5, "ab", SOURCE_NAME_TRUNCATED,
	    "escape that does not fit is dropped whole");

	/* 5,000 components and 64 KiB: bounded output, no recursion. */
	big = malloc(65536 + 1);
	for (i = 0; i < 65536; i++)
		big[i] = (i % 2) ? '/' : 'a';
	big[65536] = '\0';
	flags = source_sanitize(big, 65536, 4096, &b);
	ok(b.len <= 4096 && (flags & SOURCE_NAME_TRUNCATED),
	    "32768 components cut at 4096 bytes");
	for (i = 0; i < 65536; i += 3) {
		big[i] = '.';
		big[i + 1] = i + 2 < 65536 ? '.' : '\0';
		if (i + 2 < 65536)
			big[i + 2] = '/';
	}
	flags = source_sanitize(big, strlen(big), 4096, &b);
	ok(b.len <= 4096 && (flags & SOURCE_NAME_TRAVERSAL),
	    "21846 '..' components bounded");
	free(big);
	source_buf_free(&b);

	ok(source_link_escapes("x", "../../..") == 1, "x -> ../../.. escapes");
	ok(source_link_escapes("a/b/l", "../c") == 0, "a/b/l -> ../c inside");
	ok(source_link_escapes("a/l", "../../c") == 1, "a/l -> ../../c out");
	ok(source_link_escapes("l", "/") == 1, "absolute target escapes");
	ok(source_link_escapes("l", "./x/./y") == 0, "./x/./y inside");
}

/*
 * outer.tar: mg/a.log, mg/inner.tar.gz (x/y.txt, deep.tar.zst (z.txt)),
 * mg/k.log.gz (gzip text), mg/z.zip (in.txt), mg/e.log (empty).
 */
static void
build_nested(void)
{
	struct archive *a;
	struct mem deep, inner, gz, zip, outer;

	a = w_begin(&deep, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED,
	    ARCHIVE_FILTER_ZSTD);
	w_text(a, "z.txt", "deepest\n");
	w_end(a);
	a = w_begin(&inner, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED,
	    ARCHIVE_FILTER_GZIP);
	w_text(a, "x/y.txt", "inner text\n");
	w_add(a, "deep.tar.zst", AE_IFREG, NULL, 0, deep.p, deep.len);
	w_end(a);
	gz = compress_text(ARCHIVE_FILTER_GZIP, "kubelet line\n", 13);
	a = w_begin(&zip, ARCHIVE_FORMAT_ZIP, ARCHIVE_FILTER_NONE);
	w_text(a, "in.txt", "zipped\n");
	w_end(a);
	a = w_begin(&outer, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED,
	    ARCHIVE_FILTER_NONE);
	w_text(a, "mg/a.log", "first\n");
	w_add(a, "mg/inner.tar.gz", AE_IFREG, NULL, 0, inner.p, inner.len);
	w_add(a, "mg/k.log.gz", AE_IFREG, NULL, 0, gz.p, gz.len);
	w_add(a, "mg/z.zip", AE_IFREG, NULL, 0, zip.p, zip.len);
	w_add(a, "mg/e.log", AE_IFREG, NULL, 0, NULL, 0);
	w_end(a);
	mkdir(tpath("dir"), 0755);
	put("dir/outer.tar", outer.p, outer.len);
	put_mem("outer.tar", &outer);
	free(deep.p);
	free(inner.p);
	free(gz.p);
	free(zip.p);
}

static void
expect_member(const struct walk *w, size_t i, enum source_type type,
    const char *vpath, const char *path, int depth, int dec)
{
	char name[512];
	const struct rec *r = i < w->nr ? &w->r[i] : NULL;

	snprintf(name, sizeof name, "member %zu is %s", i, vpath);
	ok(r != NULL && r->type == type && strcmp(r->vpath, vpath) == 0 &&
	    strcmp(r->path, path) == 0 && r->depth == depth &&
	    r->decompressed == dec, name);
	if (r != NULL && (r->type != type || strcmp(r->vpath, vpath) != 0 ||
	    strcmp(r->path, path) != 0 || r->depth != depth ||
	    r->decompressed != dec))
		printf("#   got type %d %s | %s depth %d dec %d\n", r->type,
		    r->vpath, r->path, r->depth, r->decompressed);
}

static void
test_nested(void)
{
	struct walk w;
	const struct rec *r;

	build_nested();
	memset(&w, 0, sizeof w);
	walk_run(&w, tpath("outer.tar"), NULL);
	is_int(w.rc, MGT_OK, "nested: walk ok");
	is_int(w.nr, 9, "nested: 9 members");
	expect_member(&w, 0, SOURCE_REGULAR, "outer.tar!mg/a.log",
	    "mg/a.log", 0, 0);
	expect_member(&w, 1, SOURCE_CONTAINER, "outer.tar!mg/inner.tar.gz",
	    "mg/inner.tar", 0, 1);
	expect_member(&w, 2, SOURCE_REGULAR,
	    "outer.tar!mg/inner.tar.gz!x/y.txt", "x/y.txt", 1, 0);
	expect_member(&w, 3, SOURCE_CONTAINER,
	    "outer.tar!mg/inner.tar.gz!deep.tar.zst", "deep.tar", 1, 1);
	expect_member(&w, 4, SOURCE_REGULAR,
	    "outer.tar!mg/inner.tar.gz!deep.tar.zst!z.txt", "z.txt", 2, 0);
	expect_member(&w, 5, SOURCE_REGULAR, "outer.tar!mg/k.log.gz",
	    "mg/k.log", 0, 1);
	expect_member(&w, 6, SOURCE_CONTAINER, "outer.tar!mg/z.zip",
	    "mg/z.zip", 0, 0);
	expect_member(&w, 7, SOURCE_REGULAR, "outer.tar!mg/z.zip!in.txt",
	    "in.txt", 1, 0);
	expect_member(&w, 8, SOURCE_REGULAR, "outer.tar!mg/e.log",
	    "mg/e.log", 0, 0);
	r = find(&w, "outer.tar!mg/k.log.gz");
	is_str(r ? r->head : NULL, "kubelet line\n", "gzip member content");
	r = find(&w, "outer.tar!mg/inner.tar.gz!deep.tar.zst!z.txt");
	is_str(r ? r->head : NULL, "deepest\n", "zstd tar in tar.gz content");
	r = find(&w, "outer.tar!mg/z.zip!in.txt");
	is_str(r ? r->head : NULL, "zipped\n", "zip in tar content");
	is_int(w.st.members, 9, "nested: stats.members");
	is_int(w.st.max_depth_seen, 2, "nested: max depth seen");
	is_int(w.st.bytes, 6 + 11 + 8 + 13 + 7, "nested: bytes delivered");
	is_int(w.np, 1, "nested: one problem");
	ok(problem(&w, PCODE_EMPTY, "outer.tar!mg/e.log") != NULL,
	    "nested: empty member noted");
	ok(w.np > 0 && w.p[0].sev == PROBLEM_INFO, "empty is info");
	walk_free(&w);

	/* The same archive in a directory: one level deeper. */
	walk_run(&w, tpath("dir"), NULL);
	is_int(w.rc, MGT_OK, "dir with archive: walk ok");
	is_int(w.nr, 10, "dir with archive: 10 members");
	expect_member(&w, 0, SOURCE_CONTAINER, "dir/outer.tar",
	    "outer.tar", 0, 0);
	expect_member(&w, 5, SOURCE_REGULAR,
	    "dir/outer.tar!mg/inner.tar.gz!deep.tar.zst!z.txt", "z.txt", 3, 0);
	walk_free(&w);

	/* The callback can read nothing: the walker skips the rest. */
	w.noread = 1;
	walk_run(&w, tpath("outer.tar"), NULL);
	is_int(w.nr, 9, "nested, nothing read: 9 members");
	is_int(w.st.bytes, 0, "nested, nothing read: 0 bytes delivered");
	walk_free(&w);

	/* The callback's status stops the walk and is returned. */
	w.stop_at = 3;
	walk_run(&w, tpath("outer.tar"), NULL);
	is_int(w.rc, MGT_ERR_DB, "callback status returned");
	is_int(w.nr, 3, "walk stopped at the callback's failure");
	walk_free(&w);
}

static void
test_names_in_archive(void)
{
	struct archive *a;
	struct walk w;
	struct mem m;
	char *longname;
	const struct rec *r;
	size_t i;

	longname = malloc(65536 + 1);
	for (i = 0; i < 65536; i++)
		longname[i] = (i % 100 == 99) ? '/' : 'n';
	longname[65536] = '\0';
	a = w_begin(&m, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED, ARCHIVE_FILTER_NONE);
	w_text(a, "../../evil", "1\n");
	w_text(a, "/etc/passwd", "2\n");
	w_text(a, "a/./../../b", "3\n");
	w_text(a, longname, "4\n");
	w_text(a, "dup", "5\n");
	w_text(a, "dup", "6\n");
	w_add(a, "x", AE_IFLNK, "../../..", 0, NULL, 0);
	w_text(a, "x/authorized_keys", "7\n");
	w_add(a, "hl", AE_IFREG, "not/there", 1, NULL, 0);
	w_add(a, "hl2", AE_IFREG, "dup", 1, NULL, 0);
	w_add(a, "fifo", AE_IFIFO, NULL, 0, NULL, 0);
	w_add(a, "./", AE_IFDIR, NULL, 0, NULL, 0);
	w_end(a);
	put_mem("names.tar", &m);
	a = w_begin(&m, ARCHIVE_FORMAT_TAR_GNUTAR, ARCHIVE_FILTER_NONE);
	w_text(a, "ctl\x1b[2J\xe9", "8\n");
	w_end(a);
	put_mem("names-gnu.tar", &m);

	memset(&w, 0, sizeof w);
	walk_run(&w, tpath("names.tar"), NULL);
	is_int(w.rc, MGT_OK, "names: walk ok");
	is_int(w.nr, 11, "names: 11 members (root './' is not one)");
	ok(find(&w, "names.tar!_up_/_up_/evil") != NULL, "../../evil vpath");
	ok(problem(&w, PCODE_PATH_TRAVERSAL, "names.tar!_up_/_up_/evil") !=
	    NULL, "../../evil reported");
	ok(find(&w, "names.tar!_abs_/etc/passwd") != NULL, "/etc/passwd vpath");
	ok(problem(&w, PCODE_ABSOLUTE_PATH, "names.tar!_abs_/etc/passwd") !=
	    NULL, "/etc/passwd reported");
	ok(find(&w, "names.tar!_up_/b") != NULL, "a/./../../b vpath");
	is_int(count_problems(&w, PCODE_PATH_TRAVERSAL), 2,
	    "two traversal problems");
	ok(problem(&w, PCODE_NAME, NULL) != NULL &&
	    problem(&w, PCODE_NAME, NULL)->sev == PROBLEM_WARNING,
	    "64 KiB name reported as a warning");
	r = NULL;
	for (i = 0; i < w.nr; i++) {
		if (strncmp(w.r[i].path, "nnnn", 4) == 0)
			r = &w.r[i];
	}
	ok(r != NULL && strlen(r->path) <= 4096, "64 KiB name cut to 4096");
	ok(w.nr > 5 && w.r[4].ordinal == 1 && w.r[5].ordinal == 2 &&
	    strcmp(w.r[5].head, "6\n") == 0, "duplicates: ordinals 1 and 2");
	ok(problem(&w, PCODE_DUPLICATE_PATH, "names.tar!dup") != NULL,
	    "duplicate reported");
	r = find(&w, "names.tar!x");
	ok(r != NULL && r->type == SOURCE_SYMLINK &&
	    strcmp(r->link, "../../..") == 0, "symlink recorded with target");
	ok(problem(&w, PCODE_LINK, "names.tar!x") != NULL,
	    "symlink out of the archive noted");
	r = find(&w, "names.tar!x/authorized_keys");
	ok(r != NULL && r->type == SOURCE_REGULAR, "x/authorized_keys is a "
	    "plain member of its own");
	ok(problem(&w, PCODE_LINK, "names.tar!x/authorized_keys") != NULL,
	    "path through a symlink noted");
	r = find(&w, "names.tar!hl");
	ok(r != NULL && r->type == SOURCE_HARDLINK &&
	    strcmp(r->link, "not/there") == 0, "hardlink recorded");
	ok(problem(&w, PCODE_LINK, "names.tar!hl") != NULL &&
	    problem(&w, PCODE_LINK, "names.tar!hl")->sev == PROBLEM_WARNING,
	    "hardlink to missing member is a warning");
	ok(problem(&w, PCODE_LINK, "names.tar!hl2") == NULL,
	    "hardlink to a present member is fine");
	r = find(&w, "names.tar!fifo");
	ok(r != NULL && r->type == SOURCE_SPECIAL && r->nread == 0 &&
	    r->last == 0, "fifo is special and has no content");
	ok(problem(&w, PCODE_SPECIAL_FILE, "names.tar!fifo") != NULL,
	    "fifo noted");
	walk_free(&w);

	walk_run(&w, tpath("names-gnu.tar"), NULL);
	ok(w.nr == 1 && strcmp(w.r[0].vpath,
	    "names-gnu.tar!ctl\\x1b[2J\\xe9") == 0,
	    "ESC and Latin-1 escaped in the vpath");
	ok(problem(&w, PCODE_NAME, NULL) != NULL &&
	    problem(&w, PCODE_NAME, NULL)->sev == PROBLEM_INFO,
	    "escaped name noted at info level");
	walk_free(&w);
	free(longname);
}

static void
test_depth(void)
{
	struct mgt_limits l;
	struct archive *a;
	struct walk w;
	struct mem inner = { NULL, 0 }, m;
	char name[64];
	int level;
	const struct rec *r;

	for (level = 7; level >= 0; level--) {
		a = w_begin(&m, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED,
		    ARCHIVE_FILTER_GZIP);
		snprintf(name, sizeof name, "l%d/payload", level);
		w_text(a, name, "p\n");
		if (inner.len > 0) {
			snprintf(name, sizeof name, "l%d/l%d.tar.gz", level,
			    level + 1);
			w_add(a, name, AE_IFREG, NULL, 0, inner.p, inner.len);
			free(inner.p);
		}
		w_end(a);
		inner = m;
	}
	put_mem("deep.tar.gz", &inner);

	limits_default(&l);
	l.max_depth = 3;
	memset(&w, 0, sizeof w);
	walk_run(&w, tpath("deep.tar.gz"), &l);
	is_int(w.rc, MGT_OK, "depth: walk ok");
	/* Payloads l0..l3, containers l1..l3, l4 not opened. */
	is_int(w.nr, 8, "depth: 8 members at max-depth 3");
	is_int(count_type(&w, SOURCE_CONTAINER), 3, "depth: 3 opened");
	is_int(count_type(&w, SOURCE_UNOPENED), 1, "depth: 1 not opened");
	is_int(w.st.max_depth_seen, 3, "depth: deepest member at 3");
	r = w.nr == 8 ? &w.r[7] : NULL;
	ok(r != NULL && r->type == SOURCE_UNOPENED && r->depth == 3 &&
	    strstr(r->vpath, "!l3/l4.tar.gz") != NULL, "depth: l4 listed");
	ok(r != NULL && problem(&w, PCODE_LIMIT_DEPTH, r->vpath) != NULL,
	    "depth: limit reported on it");
	walk_free(&w);

	walk_run(&w, tpath("deep.tar.gz"), NULL);
	/* Payloads l0..l5, containers l1..l5, l6 not opened. */
	is_int(w.nr, 12, "depth: default 5 opens 5 levels below");
	walk_free(&w);
}

static void
test_member_bytes(void)
{
	struct mgt_limits l;
	struct archive *a;
	struct walk w;
	struct mem gz, m;
	char *zeros;
	const struct rec *r;

	zeros = calloc(1, 4 << 20);
	gz = compress_text(ARCHIVE_FILTER_GZIP, zeros, 4 << 20);
	a = w_begin(&m, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED, ARCHIVE_FILTER_NONE);
	w_add(a, "bomb.log.gz", AE_IFREG, NULL, 0, gz.p, gz.len);
	w_add(a, "exact.log", AE_IFREG, NULL, 0, zeros, 1 << 20);
	w_text(a, "after.txt", "still here\n");
	w_end(a);
	put_mem("bomb.tar", &m);
	free(gz.p);
	free(zeros);

	limits_default(&l);
	l.max_member_bytes = 1 << 20;
	memset(&w, 0, sizeof w);
	walk_run(&w, tpath("bomb.tar"), &l);
	is_int(w.rc, MGT_OK, "member bytes: walk ok");
	r = find(&w, "bomb.tar!bomb.log.gz");
	ok(r != NULL && r->nread == 1 << 20 && r->last == -1 &&
	    r->offset == 1 << 20, "member bytes: cut at the limit, then -1");
	ok(problem(&w, PCODE_LIMIT_MEMBER_BYTES, "bomb.tar!bomb.log.gz") !=
	    NULL, "member bytes: reported");
	r = find(&w, "bomb.tar!exact.log");
	ok(r != NULL && r->nread == 1 << 20 && r->last == 0,
	    "member of exactly the limit is complete");
	is_int(count_problems(&w, PCODE_LIMIT_MEMBER_BYTES), 1,
	    "member bytes: one problem");
	r = find(&w, "bomb.tar!after.txt");
	ok(r != NULL && strcmp(r->head, "still here\n") == 0,
	    "member bytes: the next member is read");
	walk_free(&w);

	l.max_member_bytes = LIMIT_DEFAULT_MEMBER_BYTES;
	l.max_total_bytes = 3 << 20;
	walk_run(&w, tpath("bomb.tar"), &l);
	ok(problem(&w, PCODE_LIMIT_TOTAL_BYTES, NULL) != NULL,
	    "total bytes: reported");
	is_int(w.nr, 1, "total bytes: walk stopped");
	walk_free(&w);

	limits_default(&l);
	l.max_members_archive = 2;
	walk_run(&w, tpath("bomb.tar"), &l);
	is_int(w.nr, 2, "members per archive: 2 delivered");
	ok(problem(&w, PCODE_LIMIT_MEMBERS, "bomb.tar") != NULL,
	    "members per archive: reported");
	walk_free(&w);

	limits_default(&l);
	l.max_members_total = 4;
	walk_run(&w, tpath("outer.tar"), &l);
	is_int(w.nr, 4, "members in all: 4 delivered");
	ok(problem(&w, PCODE_LIMIT_MEMBERS, NULL) != NULL,
	    "members in all: reported");
	walk_free(&w);
}

/* first.log, big.log (256 KiB), last.log; cut at half the archive. */
static void
test_truncated(int format, int filter, const char *name, int cut_member)
{
	struct archive *a;
	struct walk w;
	struct mem m;
	char *big, vp[256], tn[512];
	const struct rec *r;
	const struct prob *p;

	big = log_text(256 * 1024);
	a = w_begin(&m, format, filter);
	w_text(a, "first.log", "complete\n");
	w_add(a, "big.log", AE_IFREG, NULL, 0, big, 256 * 1024);
	w_text(a, "last.log", "lost\n");
	w_end(a);
	free(big);
	m.len /= 2;
	put_mem(name, &m);

	memset(&w, 0, sizeof w);
	walk_run(&w, tpath(name), NULL);
	snprintf(tn, sizeof tn, "%s: walk ok (partial)", name);
	is_int(w.rc, MGT_OK, tn);
	snprintf(vp, sizeof vp, "%s!first.log", name);
	r = find(&w, vp);
	snprintf(tn, sizeof tn, "%s: member before the cut complete", name);
	ok(r != NULL && strcmp(r->head, "complete\n") == 0 && r->last == 0,
	    tn);
	snprintf(vp, sizeof vp, "%s!big.log", name);
	r = find(&w, vp);
	snprintf(tn, sizeof tn, "%s: cut member partly read, then -1", name);
	ok(r != NULL && r->nread > 0 && r->nread < 256 * 1024 &&
	    r->last == -1, tn);
	snprintf(vp, sizeof vp, "%s!last.log", name);
	snprintf(tn, sizeof tn, "%s: member after the cut absent", name);
	ok(find(&w, vp) == NULL, tn);
	/* A cut compressed stream: once on it, once on the member it cut. */
	snprintf(tn, sizeof tn, "%s: %d truncated problem(s)", name,
	    cut_member ? 1 : 2);
	is_int(w.np, cut_member ? 1 : 2, tn);
	snprintf(vp, sizeof vp, cut_member ? "%s!big.log" : "%s", name);
	p = problem(&w, PCODE_TRUNCATED, vp);
	snprintf(tn, sizeof tn, "%s: truncated, on %s", name, vp);
	ok(p != NULL && p->sev == PROBLEM_ERROR && p->offset > 0, tn);
	if (p == NULL && w.np > 0)
		printf("#   got %s on %s: %s\n", w.p[0].code, w.p[0].vpath,
		    w.p[0].msg);
	snprintf(vp, sizeof vp, "%s!big.log", name);
	p = problem(&w, PCODE_TRUNCATED, vp);
	r = find(&w, vp);
	snprintf(tn, sizeof tn, "%s: the cut member is named, at the offset "
	    "where it ends", name);
	ok(p != NULL && r != NULL && p->sev == PROBLEM_ERROR &&
	    p->offset == r->nread, tn);
	walk_free(&w);
}

static void
test_damaged(void)
{
	struct archive *a;
	struct walk w;
	struct mem m, m2, t1, t2;
	const struct prob *p;
	const struct rec *r;
	char text[100];

	memset(text, 'x', sizeof text);
	a = w_begin(&m, ARCHIVE_FORMAT_TAR_USTAR, ARCHIVE_FILTER_NONE);
	w_add(a, "one", AE_IFREG, NULL, 0, text, sizeof text);
	w_add(a, "two", AE_IFREG, NULL, 0, text, sizeof text);
	w_add(a, "three", AE_IFREG, NULL, 0, text, sizeof text);
	w_end(a);
	m.p[1024 + 1] ^= 0x20;	/* second header at 1024: bad checksum */
	put_mem("checksum.tar", &m);
	memset(&w, 0, sizeof w);
	walk_run(&w, tpath("checksum.tar"), NULL);
	ok(w.nr == 2 && find(&w, "checksum.tar!one") != NULL &&
	    find(&w, "checksum.tar!three") != NULL,
	    "bad checksum: members around it read");
	p = problem(&w, PCODE_CORRUPT, "checksum.tar");
	ok(p != NULL && p->offset == 1024 && p->sev == PROBLEM_ERROR,
	    "bad checksum: corrupt at offset 1024");
	walk_free(&w);

	/* Trailing garbage after gzip; two gzip members back to back. */
	m = compress_text(ARCHIVE_FILTER_GZIP, "one\n", 4);
	m.p = realloc(m.p, m.len + 100);
	memset(m.p + m.len, 0xa5, 100);
	m.len += 100;
	put_mem("garbage.log.gz", &m);
	walk_run(&w, tpath("garbage.log.gz"), NULL);
	ok(w.rc == MGT_OK && w.nr == 1 && strcmp(w.r[0].head, "one\n") == 0 &&
	    w.np == 0, "gzip with trailing garbage read, no problem");
	ok(w.nr == 1 && strcmp(w.r[0].path, "garbage.log") == 0 &&
	    w.r[0].decompressed, "gzip suffix dropped from path");
	walk_free(&w);
	m = compress_text(ARCHIVE_FILTER_GZIP, "one\n", 4);
	m2 = compress_text(ARCHIVE_FILTER_GZIP, "two\n", 4);
	mem_write(NULL, &m, m2.p, m2.len);
	free(m2.p);
	put_mem("concat.log.gz", &m);
	walk_run(&w, tpath("concat.log.gz"), NULL);
	ok(w.nr == 1 && strcmp(w.r[0].head, "one\ntwo\n") == 0,
	    "concatenated gzip members both read");
	walk_free(&w);

	/* Two tars back to back inside one gzip stream. */
	a = w_begin(&t1, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED,
	    ARCHIVE_FILTER_NONE);
	w_text(a, "from-first", "1\n");
	w_end(a);
	a = w_begin(&t2, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED,
	    ARCHIVE_FILTER_NONE);
	w_text(a, "from-second", "2\n");
	w_end(a);
	mem_write(NULL, &t1, t2.p, t2.len);
	m = compress_text(ARCHIVE_FILTER_GZIP, t1.p, t1.len);
	free(t1.p);
	free(t2.p);
	put_mem("concat.tar.gz", &m);
	walk_run(&w, tpath("concat.tar.gz"), NULL);
	ok(w.nr == 2 && find(&w, "concat.tar.gz!from-second") != NULL,
	    "concatenated tars both read");
	walk_free(&w);

	/* A plain tar cut inside a member. */
	test_truncated(ARCHIVE_FORMAT_TAR_PAX_RESTRICTED, ARCHIVE_FILTER_NONE,
	    "cut.tar", 1);

	/* A sparse member: "head", a hole, "tail"; holes read as zeros. */
	{
		struct archive_entry *e;
		unsigned char want[100000];

		a = w_begin(&m, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED,
		    ARCHIVE_FILTER_NONE);
		e = archive_entry_new();
		archive_entry_copy_pathname(e, "sparse.img");
		archive_entry_set_filetype(e, AE_IFREG);
		archive_entry_set_perm(e, 0644);
		archive_entry_set_size(e, sizeof want);
		archive_entry_sparse_add_entry(e, 0, 4);
		archive_entry_sparse_add_entry(e, sizeof want - 4, 4);
		archive_write_header(a, e);
		archive_write_data(a, "head", 4);
		archive_write_data(a, "tail", 4);
		archive_entry_free(e);
		w_end(a);
		put_mem("sparse.tar", &m);
		walk_run(&w, tpath("sparse.tar"), NULL);
		r = find(&w, "sparse.tar!sparse.img");
		memset(want, 0, sizeof want);
		memcpy(want, "head", 4);
		ok(r != NULL && r->nread == (long long)sizeof want &&
		    memcmp(r->head, want, 255) == 0 && r->last == 0,
		    "sparse member: holes filled with zeros");
		walk_free(&w);
	}

	/* Encrypted zip member. */
	a = archive_write_new();
	memset(&m, 0, sizeof m);
	archive_write_set_format_zip(a);
	if (archive_write_set_options(a, "zip:encryption=zipcrypt") ==
	    ARCHIVE_OK && archive_write_set_passphrase(a, "x") == ARCHIVE_OK &&
	    archive_write_open2(a, &m, NULL, mem_write, NULL, NULL) ==
	    ARCHIVE_OK) {
		w_text(a, "secret.log", "hidden\n");
		w_end(a);
		put_mem("enc.zip", &m);
		walk_run(&w, tpath("enc.zip"), NULL);
		r = find(&w, "enc.zip!secret.log");
		ok(r != NULL && r->type == SOURCE_UNOPENED &&
		    problem(&w, PCODE_ENCRYPTED, "enc.zip!secret.log") != NULL,
		    "encrypted zip member skipped and reported");
		walk_free(&w);
	} else {
		archive_write_free(a);
		ok(1, "encrypted zip # SKIP libarchive cannot write ZipCrypto");
	}
}

static void
test_formats(void)
{
	struct archive *a;
	struct walk w;
	struct mem m;
	unsigned char rnd[4096];
	size_t i;
	const struct rec *r;

	memset(&w, 0, sizeof w);
	put("empty.tar.gz", NULL, 0);
	walk_run(&w, tpath("empty.tar.gz"), NULL);
	is_int(w.rc, MGT_ERR_EMPTY, "0-byte input: MGT_ERR_EMPTY");
	is_str(w.err.msg, "empty input", "0-byte input: message");
	ok(strstr(w.err.where, "empty.tar.gz") != NULL, "error names the file");
	walk_free(&w);

	for (i = 0; i < sizeof rnd; i++) {
		rng ^= rng << 13;
		rng ^= rng >> 7;
		rng ^= rng << 17;
		rnd[i] = (unsigned char)(rng >> 24);
	}
	rnd[0] = 0x14;
	rnd[1] = 0xcd;
	put("random.bin", rnd, sizeof rnd);
	walk_run(&w, tpath("random.bin"), NULL);
	is_int(w.rc, MGT_ERR_FORMAT, "random bytes: MGT_ERR_FORMAT");
	ok(strncmp(w.err.msg, "unrecognized format (first bytes: 14 cd ",
	    40) == 0, "random bytes: message with the first bytes");
	walk_free(&w);

	put("img.png", "\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR", 16);
	walk_run(&w, tpath("img.png"), NULL);
	is_str(w.err.msg, "unrecognized format (first bytes: 89 50 4e 47 0d "
	    "0a 1a 0a ...)", "PNG: refused with its signature in hex");
	walk_free(&w);

	walk_run(&w, tpath("does-not-exist"), NULL);
	is_int(w.rc, MGT_ERR_IO, "missing input: MGT_ERR_IO");
	walk_free(&w);

	put("kubelet.log", "I0101 line one\nE0101 line two\n", 30);
	walk_run(&w, tpath("kubelet.log"), NULL);
	ok(w.rc == MGT_OK && w.nr == 1 && w.r[0].type == SOURCE_REGULAR &&
	    strcmp(w.r[0].vpath, "kubelet.log") == 0 && w.r[0].depth == 0 &&
	    w.r[0].nread == 30, "text file: one member named by its basename");
	walk_free(&w);

	{
		char nul[400];

		memset(nul, 'x', sizeof nul);
		nul[100] = '\0';
		nul[399] = '\n';
		put("nul.log", nul, sizeof nul);
		walk_run(&w, tpath("nul.log"), NULL);
		ok(w.rc == MGT_OK && w.nr == 1 && w.r[0].nread == 400,
		    "a log with a NUL byte is still text");
		walk_free(&w);
	}

	m = compress_text(ARCHIVE_FILTER_XZ, "xz line\n", 8);
	put_mem("kubelet.log.xz", &m);
	walk_run(&w, tpath("kubelet.log.xz"), NULL);
	ok(w.nr == 1 && strcmp(w.r[0].vpath, "kubelet.log.xz") == 0 &&
	    strcmp(w.r[0].path, "kubelet.log") == 0 && w.r[0].decompressed &&
	    strcmp(w.r[0].head, "xz line\n") == 0, "xz file decompressed");
	walk_free(&w);

	m = compress_text(ARCHIVE_FILTER_GZIP, "", 0);
	put_mem("nothing.gz", &m);
	walk_run(&w, tpath("nothing.gz"), NULL);
	ok(w.rc == MGT_OK && w.nr == 1 && problem(&w, PCODE_EMPTY, NULL),
	    "gzip of nothing: an empty member, not an error");
	walk_free(&w);

	mkdir(tpath("emptydir"), 0755);
	walk_run(&w, tpath("emptydir"), NULL);
	is_int(w.rc, MGT_ERR_EMPTY, "empty directory: MGT_ERR_EMPTY");
	walk_free(&w);

	/* Names that say something else than the content. */
	a = w_begin(&m, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED, ARCHIVE_FILTER_NONE);
	w_text(a, "in-plain", "x\n");
	w_end(a);
	put_mem("plain.tar.gz", &m);
	walk_run(&w, tpath("plain.tar.gz"), NULL);
	ok(w.nr == 1 && find(&w, "plain.tar.gz!in-plain") != NULL &&
	    problem(&w, PCODE_FORMAT_MISMATCH, "plain.tar.gz") != NULL &&
	    problem(&w, PCODE_FORMAT_MISMATCH, NULL)->sev == PROBLEM_INFO,
	    ".tar.gz that is a plain tar: read, mismatch noted");
	walk_free(&w);
	a = w_begin(&m, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED, ARCHIVE_FILTER_GZIP);
	w_text(a, "in-tgz", "x\n");
	w_end(a);
	put_mem("tgz.zip", &m);
	walk_run(&w, tpath("tgz.zip"), NULL);
	ok(w.nr == 1 && find(&w, "tgz.zip!in-tgz") != NULL && w.np == 1 &&
	    problem(&w, PCODE_FORMAT_MISMATCH, "tgz.zip") != NULL,
	    ".zip that is a tar.gz: read, one mismatch noted");
	walk_free(&w);
	m = compress_text(ARCHIVE_FILTER_GZIP, "gz in log\n", 10);
	put_mem("gz.log", &m);
	walk_run(&w, tpath("gz.log"), NULL);
	ok(w.nr == 1 && strcmp(w.r[0].head, "gz in log\n") == 0 &&
	    problem(&w, PCODE_FORMAT_MISMATCH, "gz.log") != NULL,
	    ".log that is gzip: decompressed, mismatch noted");
	walk_free(&w);
	/* An archive format we recognise but do not open. */
	a = w_begin(&m, ARCHIVE_FORMAT_TAR_PAX_RESTRICTED, ARCHIVE_FILTER_NONE);
	w_add(a, "x.7z", AE_IFREG, NULL, 0, "7z\xbc\xaf\x27\x1c\0\4junk", 12);
	w_end(a);
	put_mem("has7z.tar", &m);
	walk_run(&w, tpath("has7z.tar"), NULL);
	r = find(&w, "has7z.tar!x.7z");
	ok(r != NULL && r->type == SOURCE_UNOPENED &&
	    problem(&w, PCODE_UNSUPPORTED, "has7z.tar!x.7z") != NULL,
	    "7-Zip member listed, not opened, noted");
	walk_free(&w);
}

/* A directory walked in byte order, links recorded and never followed. */
static void
test_directory(void)
{
	static const char *want[] = { "C", "a", "b", "fifo", "l", "loop",
	    "sub", "sub/x", "up" };
	static const enum source_type types[] = { SOURCE_REGULAR,
	    SOURCE_REGULAR, SOURCE_REGULAR, SOURCE_SPECIAL, SOURCE_SYMLINK,
	    SOURCE_SYMLINK, SOURCE_DIRECTORY, SOURCE_REGULAR, SOURCE_SYMLINK };
	struct walk w;
	char vp[64];
	size_t i;
	int good = 1;

	mkdir(tpath("tree"), 0755);
	mkdir(tpath("tree/sub"), 0755);
	put("tree/b", "b\n", 2);
	put("tree/a", "a\n", 2);
	put("tree/C", "C\n", 2);
	put("tree/sub/x", "x\n", 2);
	if (symlink("/", tpath("tree/l")) == -1 ||
	    symlink("loop", tpath("tree/loop")) == -1 ||
	    symlink("../..", tpath("tree/up")) == -1 ||
	    mkfifo(tpath("tree/fifo"), 0644) == -1)
		printf("# cannot build the tree: %s\n", strerror(errno));
	memset(&w, 0, sizeof w);
	walk_run(&w, tpath("tree"), NULL);
	is_int(w.rc, MGT_OK, "dir: walk ok");
	is_int(w.nr, 9, "dir: 9 members");
	for (i = 0; i < 9 && i < w.nr; i++) {
		snprintf(vp, sizeof vp, "tree/%s", want[i]);
		if (strcmp(w.r[i].vpath, vp) != 0 || w.r[i].type != types[i]) {
			printf("#   member %zu: got %s type %d, want %s\n", i,
			    w.r[i].vpath, w.r[i].type, vp);
			good = 0;
		}
	}
	ok(good && w.nr == 9, "dir: sorted by name, types right");
	ok(find(&w, "tree/l") && strcmp(find(&w, "tree/l")->link, "/") == 0,
	    "dir: symlink target recorded");
	ok(problem(&w, PCODE_LINK, "tree/l") != NULL &&
	    problem(&w, PCODE_LINK, "tree/up") != NULL &&
	    problem(&w, PCODE_LINK, "tree/loop") == NULL,
	    "dir: links out of the tree noted, the loop is harmless");
	for (i = 0; i < w.nr; i++) {
		if (strncmp(w.r[i].vpath, "tree/l/", 7) == 0 ||
		    strncmp(w.r[i].vpath, "tree/up/", 8) == 0)
			good = 0;
	}
	ok(good, "dir: nothing delivered through a symlink");
	ok(problem(&w, PCODE_SPECIAL_FILE, "tree/fifo") != NULL,
	    "dir: fifo noted, not opened");
	walk_free(&w);

	walk_run(&w, tpath("tree/sub/x"), NULL);
	ok(w.nr == 1 && strcmp(w.r[0].vpath, "x") == 0,
	    "a file in a directory: vpath is its basename");
	walk_free(&w);
}

/*
 * The shared corpus: 4 real must-gathers and the insights sample.  Counts
 * verified independently with GNU tar and find:
 *   tar tvJf F | grep -c '^-'   (regular files)
 *   tar tvJf F | grep -c '^d'   (directories)
 *   tar tvJf F | awk '{s+=$3} END {print s}'   (bytes)
 *   tar tvJf F | awk '$1 ~ /^-/ && $3 == 0' | wc -l   (empty files)
 *   find D -type f | wc -l; find D -mindepth 1 -type d | wc -l;
 *   find D -type f -printf '%s\n' | awk '{s+=$1} END {print s}'
 */
/* A file that shrinks while it is read: an error on it where it ends. */
static void
test_shrinking(void)
{
	struct walk w;
	const struct rec *r;
	const struct prob *p;
	char *big;

	mkdir(tpath("shrink"), 0755);
	big = log_text(1 << 20);
	put("shrink/big.log", big, 1 << 20);
	put("shrink/small.log", "small\n", 6);
	free(big);
	memset(&w, 0, sizeof w);
	w.shrink = tpath("shrink/big.log");
	w.shrink_to = 300000;
	walk_run(&w, tpath("shrink"), NULL);
	is_int(w.rc, MGT_OK, "shrinking file: walk ok");
	r = find(&w, "shrink/big.log");
	ok(r != NULL && r->nread == 300000 && r->last == 0,
	    "shrinking file: what was there is read");
	p = problem(&w, PCODE_TRUNCATED, "shrink/big.log");
	ok(p != NULL && p->sev == PROBLEM_ERROR && p->offset == 300000,
	    "shrinking file: truncated error at the offset where it ended");
	if (p != NULL)
		printf("#   %s\n", p->msg);
	ok(find(&w, "shrink/small.log") != NULL,
	    "shrinking file: the next file is read");
	is_int(w.np, 1, "shrinking file: one problem");
	walk_free(&w);
}

static void
test_corpus(void)
{
	static const struct {
		const char	*file;
		size_t		 regular, dirs, empty;
		long long	 bytes;
	} mg[] = {
		{ "must-gather-aws.tar.xz", 3526, 2512, 871, 83188510 },
		{ "must-gather-azure.tar.xz", 3573, 2554, 817, 78271799 },
		{ "must-gather-metal.tar.xz", 3605, 2543, 815, 80694545 },
		{ "must-gather-vsphere.tar.xz", 3681, 2660, 884, 76933646 },
	};
	const char *corpus = getenv("MGT_CORPUS");
	char path[1024], name[256];
	struct walk w;
	size_t i;

	if (corpus == NULL || *corpus == '\0')
		corpus = CORPUS;
	memset(&w, 0, sizeof w);
	for (i = 0; i < sizeof mg / sizeof mg[0]; i++) {
		snprintf(path, sizeof path, "%s/openshift__must-gather-clean/"
		    "test/files/%s", corpus, mg[i].file);
		if (access(path, R_OK) != 0) {
			snprintf(name, sizeof name, "%s # SKIP not found",
			    mg[i].file);
			ok(1, name);
			continue;
		}
		walk_run(&w, path, NULL);
		snprintf(name, sizeof name, "%s: regular files", mg[i].file);
		is_int(count_type(&w, SOURCE_REGULAR), mg[i].regular, name);
		snprintf(name, sizeof name, "%s: directories", mg[i].file);
		is_int(count_type(&w, SOURCE_DIRECTORY), mg[i].dirs, name);
		snprintf(name, sizeof name, "%s: bytes", mg[i].file);
		is_int(w.st.bytes, mg[i].bytes, name);
		snprintf(name, sizeof name, "%s: only empty-file problems",
		    mg[i].file);
		ok(w.rc == MGT_OK && w.np == mg[i].empty &&
		    count_problems(&w, PCODE_EMPTY) == mg[i].empty, name);
		walk_free(&w);
	}
	snprintf(path, sizeof path, "%s/openshift__insights-operator/docs/"
	    "insights-archive-sample", corpus);
	if (access(path, R_OK) != 0) {
		ok(1, "insights sample # SKIP not found");
		return;
	}
	walk_run(&w, path, NULL);
	is_int(count_type(&w, SOURCE_REGULAR), 224, "insights: files");
	is_int(count_type(&w, SOURCE_DIRECTORY), 180, "insights: dirs");
	is_int(w.st.bytes, 1440014, "insights: bytes");
	ok(w.nr > 0 && strncmp(w.r[0].vpath, "insights-archive-sample/", 24) ==
	    0, "insights: vpaths start with the directory's name");
	walk_free(&w);
}

/* A zstd stream of 300 MiB of zeros: above 1000:1 and 256 MiB. */
static void
test_ratio(void)
{
	struct archive_entry *e;
	struct archive *a;
	struct walk w;
	struct mem m;
	char *zeros;
	int i;

	if (getenv("MGT_SKIP_SLOW") != NULL) {
		ok(1, "ratio alert # SKIP MGT_SKIP_SLOW set");
		return;
	}
	zeros = calloc(1, 1 << 20);
	a = w_begin(&m, ARCHIVE_FORMAT_RAW, ARCHIVE_FILTER_ZSTD);
	e = archive_entry_new();
	archive_entry_copy_pathname(e, "data");
	archive_entry_set_filetype(e, AE_IFREG);
	archive_write_header(a, e);
	archive_entry_free(e);
	for (i = 0; i < 300; i++)
		archive_write_data(a, zeros, 1 << 20);
	w_end(a);
	free(zeros);
	put_mem("zeros.zst", &m);
	memset(&w, 0, sizeof w);
	walk_run(&w, tpath("zeros.zst"), NULL);
	ok(w.nr == 1 && w.r[0].nread == 300LL << 20 && w.r[0].last == 0,
	    "ratio: read on to the end");
	ok(problem(&w, PCODE_LIMIT_RATIO, "zeros.zst") != NULL &&
	    count_problems(&w, PCODE_LIMIT_RATIO) == 1,
	    "ratio: one alert");
	walk_free(&w);
}

int
main(void)
{
	const char *base = getenv("TMPDIR");

	snprintf(tmp, sizeof tmp, "%s/test-source.XXXXXX",
	    base != NULL && *base != '\0' ? base : "/tmp");
	if (mkdtemp(tmp) == NULL) {
		printf("Bail out! mkdtemp: %s\n", strerror(errno));
		return 1;
	}
	test_sanitize();
	test_nested();
	test_names_in_archive();
	test_depth();
	test_member_bytes();
	test_truncated(ARCHIVE_FORMAT_TAR_PAX_RESTRICTED, ARCHIVE_FILTER_GZIP,
	    "cut.tar.gz", 0);
	test_truncated(ARCHIVE_FORMAT_TAR_PAX_RESTRICTED, ARCHIVE_FILTER_XZ,
	    "cut.tar.xz", 0);
	test_truncated(ARCHIVE_FORMAT_TAR_PAX_RESTRICTED, ARCHIVE_FILTER_ZSTD,
	    "cut.tar.zst", 0);
	test_damaged();
	test_formats();
	test_directory();
	test_shrinking();
	test_ratio();
	test_corpus();
	nftw(tmp, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	return done_testing();
}
