/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The input walker's entry point and its naming rules: source_walk() decides
 * between a directory and a file and turns top-level failures into errors;
 * every member gets a sanitised virtual path here, with a problem row for
 * each name that climbs out, is absolute, too long, not printable, repeated
 * in its archive, or whose ending promises other content.
 */
#include "config.h"

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "error.h"
#include "source-private.h"
#include "utf8.h"
#include "util.h"
#include "xmalloc.h"

void
source_buf_add(struct source_buf *b, const void *data, size_t n)
{
	size_t need;

	need = b->len + n + 1;
	if (need > b->cap) {
		b->cap = b->cap == 0 ? 256 : b->cap;
		while (b->cap < need)
			b->cap *= 2;
		b->p = xreallocarray(b->p, b->cap, 1);
	}
	memcpy(b->p + b->len, data, n);
	b->len += n;
	b->p[b->len] = '\0';
}

void
source_buf_set(struct source_buf *b, const char *s)
{
	b->len = 0;
	source_buf_add(b, s, strlen(s));
}

void
source_buf_free(struct source_buf *b)
{
	free(b->p);
	memset(b, 0, sizeof *b);
}

/*
 * Append raw[0..len) to out with control bytes, C1 controls, invalid
 * UTF-8 and '!' written as \xNN.  Stops before out would pass max bytes.  Returns
 * SOURCE_NAME_* flags.
 */
static int
source_escape_append(const char *raw, size_t len, size_t max,
    struct source_buf *out)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *s = (const unsigned char *)raw;
	char esc[16];
	size_t i, n, k, elen;
	uint32_t cp;
	int flags = 0, c1;

	for (i = 0; i < len; i += n) {
		/* Most names are plain ASCII: copy such a run at once. */
		for (n = 0; i + n < len && s[i + n] >= 0x20 && s[i + n] < 0x7f &&
		    s[i + n] != '!'; n++)
			;
		if (n > 0) {
			if (out->len + n > max) {
				if (out->len < max)
					source_buf_add(out, s + i,
					    max - out->len);
				return flags | SOURCE_NAME_TRUNCATED;
			}
			source_buf_add(out, s + i, n);
			continue;
		}
		n = utf8_decode(raw + i, len - i, &cp);
		c1 = n == 2 && s[i] == 0xc2 && s[i + 1] < 0xa0;
		/* '!' joins the parts of a vpath: inside a name it is
		 * written \x21, so a vpath splits in one way only. */
		if (n == 1 && s[i] == '!') {
			if (out->len + 4 > max)
				return flags | SOURCE_NAME_TRUNCATED;
			source_buf_add(out, "\\x21", 4);
			continue;
		}
		if (n > 1 && !c1) {
			if (out->len + n > max)
				return flags | SOURCE_NAME_TRUNCATED;
			source_buf_add(out, s + i, n);
			continue;
		}
		if (n == 0)
			n = 1;
		elen = 0;
		for (k = 0; k < n; k++) {
			esc[elen++] = '\\';
			esc[elen++] = 'x';
			esc[elen++] = hex[s[i + k] >> 4];
			esc[elen++] = hex[s[i + k] & 0xf];
		}
		if (out->len + elen > max)
			return flags | SOURCE_NAME_TRUNCATED;
		source_buf_add(out, esc, elen);
		flags |= SOURCE_NAME_ESCAPED;
	}
	return flags;
}

int
source_escape(const char *raw, size_t len, size_t max, struct source_buf *out)
{
	out->len = 0;
	source_buf_add(out, "", 0);
	return source_escape_append(raw, len, max, out);
}

/* Add a component to out, with a '/' before it unless out is empty. */
static int
source_sanitize_component(const char *comp, size_t clen, size_t max,
    struct source_buf *out)
{
	size_t mark = out->len;
	int flags;

	if (out->len > 0) {
		if (out->len + 1 > max)
			return SOURCE_NAME_TRUNCATED;
		source_buf_add(out, "/", 1);
	}
	flags = source_escape_append(comp, clen, max, out);
	if ((flags & SOURCE_NAME_TRUNCATED) && out->len == mark + 1) {
		/* Nothing of the component fitted: no dangling '/'. */
		out->len = mark;
		out->p[mark] = '\0';
	}
	return flags;
}

int
source_sanitize(const char *raw, size_t len, size_t max, struct source_buf *out)
{
	size_t i = 0, j, clen, floor = 0, k;
	const char *comp;
	int flags = 0;

	out->len = 0;
	source_buf_add(out, "", 0);
	if (len > 0 && raw[0] == '/') {
		flags |= SOURCE_NAME_ABSOLUTE;
		if (max < 5)
			return flags | SOURCE_NAME_TRUNCATED;
		source_buf_add(out, "_abs_", 5);
		floor = out->len;
	}
	while (i < len) {
		for (j = i; j < len && raw[j] != '/'; j++)
			;
		comp = raw + i;
		clen = j - i;
		i = j + 1;
		if (clen == 0 || (clen == 1 && comp[0] == '.'))
			continue;
		if (clen == 2 && comp[0] == '.' && comp[1] == '.') {
			if (out->len > floor) {
				/* Back up over the last component only. */
				k = out->len;
				while (k > floor && out->p[k - 1] != '/')
					k--;
				out->len = k > floor ? k - 1 : floor;
				out->p[out->len] = '\0';
				continue;
			}
			flags |= SOURCE_NAME_TRAVERSAL;
			flags |= source_sanitize_component("_up_", 4, max, out);
			if (flags & SOURCE_NAME_TRUNCATED)
				break;
			floor = out->len;
			continue;
		}
		flags |= source_sanitize_component(comp, clen, max, out);
		if (flags & SOURCE_NAME_TRUNCATED)
			break;
	}
	return flags;
}

const char *
source_quote(const char *raw, char *out, size_t outlen)
{
	struct source_buf b = { NULL, 0, 0 };
	int flags;

	if (outlen < 8) {
		out[0] = '\0';
		return out;
	}
	flags = source_escape(raw, strlen(raw), outlen - 4, &b);
	snprintf(out, outlen, "%s%s", b.p,
	    (flags & SOURCE_NAME_TRUNCATED) ? "..." : "");
	source_buf_free(&b);
	return out;
}

void
source_hash_init(struct source_hash *h)
{
	h->a = 0xcbf29ce484222325ULL;
	h->b = 0x9e3779b97f4a7c15ULL;
}

void
source_hash_add(struct source_hash *h, const char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		h->a = (h->a ^ (unsigned char)p[i]) * 0x100000001b3ULL;
		h->b = (h->b + (unsigned char)p[i]) * 0xff51afd7ed558ccdULL;
		h->b ^= h->b >> 31;
	}
}

static uint32_t
source_hash_b(const struct source_hash *h)
{
	return (uint32_t)(h->b ^ (h->b >> 32));
}

/* Find the slot of a hash: its own, or the free one where it belongs. */
static struct source_pathslot *
source_pathset_slot(struct source_pathset *ps, const struct source_hash *h)
{
	struct source_pathslot *sl;
	size_t i;

	for (i = (size_t)h->a & (ps->cap - 1);; i = (i + 1) & (ps->cap - 1)) {
		sl = &ps->slots[i];
		if (sl->count == 0 ||
		    (sl->h1 == h->a && sl->h2 == source_hash_b(h)))
			return sl;
	}
}

/* How many times a path was added, 0 if never. */
uint32_t
source_pathset_get(struct source_pathset *ps, const struct source_hash *h)
{
	if (ps->cap == 0)
		return 0;
	return source_pathset_slot(ps, h)->count;
}

/* Add a path; returns how many times it has been added now. */
uint32_t
source_pathset_add(struct source_pathset *ps, const struct source_hash *h)
{
	struct source_pathslot *old, *sl;
	size_t oldcap, i;

	if ((ps->used + 1) * 2 > ps->cap) {
		old = ps->slots;
		oldcap = ps->cap;
		ps->cap = oldcap == 0 ? 64 : oldcap * 2;
		ps->slots = xcalloc(ps->cap, sizeof *ps->slots);
		for (i = 0; i < oldcap; i++) {
			if (old[i].count == 0)
				continue;
			sl = &ps->slots[(size_t)old[i].h1 & (ps->cap - 1)];
			while (sl->count != 0) {
				if (++sl == ps->slots + ps->cap)
					sl = ps->slots;
			}
			*sl = old[i];
		}
		free(old);
	}
	sl = source_pathset_slot(ps, h);
	if (sl->count == 0) {
		sl->h1 = h->a;
		sl->h2 = source_hash_b(h);
		ps->used++;
	}
	if (sl->count < UINT32_MAX)
		sl->count++;
	return sl->count;
}

void
source_pathset_free(struct source_pathset *ps)
{
	free(ps->slots);
	memset(ps, 0, sizeof *ps);
}

void
source_hash_path(const char *p, struct source_hash *h)
{
	source_hash_init(h);
	source_hash_add(h, p, strlen(p));
}

void
source_container_init(struct source_container *c, const char *vpath,
    char sep, int depth, int archive)
{
	memset(c, 0, sizeof *c);
	c->vpath = vpath;
	c->sep = sep;
	c->depth = depth;
	c->archive = archive;
}

void
source_container_free(struct source_container *c)
{
	source_pathset_free(&c->seen);
	source_pathset_free(&c->links);
	source_buf_free(&c->path);
	source_buf_free(&c->vp);
	source_buf_free(&c->link);
}

int
source_admit(struct source_run *run, struct source_container *c)
{
	const struct mgt_limits *l = run->limits;

	if (run->stop || c->full)
		return 0;
	if (run->admitted >= l->max_members_total) {
		problem_report(run->sink, PROBLEM_WARNING, PCODE_LIMIT_MEMBERS,
		    c->vpath, -1, 0, "more than %lld members in all "
		    "(max-members); the rest of the input is skipped",
		    l->max_members_total);
		run->stop = 1;
		return 0;
	}
	if (c->members >= l->max_members_archive) {
		problem_report(run->sink, PROBLEM_WARNING, PCODE_LIMIT_MEMBERS,
		    c->vpath, -1, 0, "more than %lld members in this %s "
		    "(max-members-archive); the rest of it is skipped",
		    l->max_members_archive,
		    c->archive ? "archive" : "directory");
		c->full = 1;
		return 0;
	}
	c->members++;
	run->admitted++;
	return 1;
}

int
source_name(struct source_run *run, struct source_container *c,
    const char *raw, struct source_member *m)
{
	char q[SOURCE_QUOTE_MAX];
	size_t rawlen = strlen(raw);
	int flags, empty;

	memset(m, 0, sizeof *m);
	flags = source_sanitize(raw, rawlen, run->limits->max_path, &c->path);
	if ((empty = c->path.len == 0))
		source_buf_set(&c->path, "_noname_");
	c->vp.len = 0;
	source_buf_add(&c->vp, c->vpath, strlen(c->vpath));
	source_buf_add(&c->vp, &c->sep, 1);
	source_buf_add(&c->vp, c->path.p, c->path.len);
	m->vpath = c->vp.p;
	m->path = c->path.p;
	m->size = -1;
	m->depth = c->depth;
	m->ordinal = 1;

	if (flags & (SOURCE_NAME_ABSOLUTE | SOURCE_NAME_TRAVERSAL))
		source_quote(raw, q, sizeof q);
	if (flags & SOURCE_NAME_ABSOLUTE)
		problem_report(run->sink, PROBLEM_WARNING, PCODE_ABSOLUTE_PATH,
		    m->vpath, -1, 0, "absolute member name '%s' read as '%s'",
		    q, m->path);
	if (flags & SOURCE_NAME_TRAVERSAL)
		problem_report(run->sink, PROBLEM_WARNING, PCODE_PATH_TRAVERSAL,
		    m->vpath, -1, 0, "member name '%s' climbs out of the %s "
		    "with '..'; read as '%s'", q,
		    c->archive ? "archive" : "directory", m->path);
	if (flags & SOURCE_NAME_TRUNCATED)
		problem_report(run->sink, PROBLEM_WARNING, PCODE_NAME,
		    m->vpath, -1, 0, "member name of %zu bytes is longer than "
		    "max-path %zu; cut", rawlen, run->limits->max_path);
	else if (flags & SOURCE_NAME_ESCAPED)
		problem_report(run->sink, PROBLEM_INFO, PCODE_NAME, m->vpath,
		    -1, 0, "member name has control bytes or invalid UTF-8, "
		    "shown escaped as \\xNN");
	if (empty)
		problem_report(run->sink, PROBLEM_WARNING, PCODE_NAME,
		    m->vpath, -1, 0, "member name '%s' is empty once "
		    "normalised; read as '_noname_'", source_quote(raw, q,
		    sizeof q));
	return flags;
}

/*
 * Name endings and what they promise.  repl replaces the ending once the
 * compression is removed ("x.log.gz" -> "x.log", "x.tgz" -> "x.tar").
 */
static const struct source_suffix {
	const char		*ext;
	enum source_kind	 kind;
	const char		*repl;
} source_suffixes[] = {
	{ ".gz", SOURCE_KIND_GZIP, "" },
	{ ".tgz", SOURCE_KIND_GZIP, ".tar" },
	{ ".bz2", SOURCE_KIND_BZIP2, "" },
	{ ".tbz2", SOURCE_KIND_BZIP2, ".tar" },
	{ ".tbz", SOURCE_KIND_BZIP2, ".tar" },
	{ ".xz", SOURCE_KIND_XZ, "" },
	{ ".txz", SOURCE_KIND_XZ, ".tar" },
	{ ".zst", SOURCE_KIND_ZSTD, "" },
	{ ".tzst", SOURCE_KIND_ZSTD, ".tar" },
	{ ".lz4", SOURCE_KIND_LZ4, "" },
	{ ".lz", SOURCE_KIND_LZIP, "" },
	{ ".Z", SOURCE_KIND_COMPRESS, "" },
	{ ".lzma", SOURCE_KIND_LZMA, "" },
	{ ".tar", SOURCE_KIND_TAR, NULL },
	{ ".zip", SOURCE_KIND_ZIP, NULL },
	{ ".7z", SOURCE_KIND_7ZIP, NULL },
	{ ".rar", SOURCE_KIND_RAR, NULL },
	{ ".log", SOURCE_KIND_TEXT, NULL },
	{ ".txt", SOURCE_KIND_TEXT, NULL },
	{ ".yaml", SOURCE_KIND_TEXT, NULL },
	{ ".yml", SOURCE_KIND_TEXT, NULL },
	{ ".json", SOURCE_KIND_TEXT, NULL },
};

/* The suffix entry path ends with, or NULL. */
static const struct source_suffix *
source_suffix(const char *path)
{
	const struct source_suffix *sf;
	size_t len = strlen(path), elen, i;

	for (i = 0; i < sizeof source_suffixes / sizeof source_suffixes[0];
	    i++) {
		sf = &source_suffixes[i];
		elen = strlen(sf->ext);
		if (len <= elen)
			continue;
		if (sf->kind == SOURCE_KIND_COMPRESS ?
		    strcmp(path + len - elen, sf->ext) == 0 :
		    strcasecmp(path + len - elen, sf->ext) == 0)
			return sf;
	}
	return NULL;
}

void
source_check_name(struct source_run *run, const struct source_member *m,
    enum source_kind k)
{
	const struct source_suffix *sf;

	if ((sf = source_suffix(m->path)) == NULL)
		return;
	if (sf->kind == SOURCE_KIND_TEXT) {
		if (!source_is_compression(k) && !source_is_archive(k))
			return;
	} else if (sf->kind == k)
		return;
	problem_report(run->sink, PROBLEM_INFO, PCODE_FORMAT_MISMATCH,
	    m->vpath, -1, 0, "name says %s, content is %s; read by content",
	    source_kind_name(sf->kind), source_kind_name(k));
}

int
source_drop_suffix(struct source_container *c, struct source_member *m,
    enum source_kind k)
{
	const struct source_suffix *sf;
	size_t elen, rlen;

	if ((sf = source_suffix(c->path.p)) == NULL || sf->kind != k ||
	    sf->repl == NULL)
		return 0;
	elen = strlen(sf->ext);
	rlen = strlen(sf->repl);
	c->path.len -= elen;
	memcpy(c->path.p + c->path.len, sf->repl, rlen + 1);
	c->path.len += rlen;
	m->path = c->path.p;
	return 1;
}

int
source_link_escapes(const char *path, const char *target)
{
	const char *p;
	size_t n;
	long depth = 0;

	if (target[0] == '/')
		return 1;
	for (p = path; *p != '\0'; p++) {
		if (*p == '/')
			depth++;
	}
	for (p = target; *p != '\0'; p += n) {
		if (*p == '/') {
			n = 1;
			continue;
		}
		n = strcspn(p, "/");
		if (n == 1 && p[0] == '.')
			continue;
		if (n == 2 && p[0] == '.' && p[1] == '.') {
			if (--depth < 0)
				return 1;
		} else
			depth++;
	}
	return 0;
}

int
source_deliver(struct source_run *run, struct source_member *m)
{
	struct source_reader none;
	int rc;

	if (m->rd == NULL) {
		memset(&none, 0, sizeof none);
		none.run = run;
		m->rd = &none;
	}
	run->stats.members++;
	if (m->depth > run->stats.max_depth_seen)
		run->stats.max_depth_seen = m->depth;
	if (m->type == SOURCE_REGULAR)
		run->reading = m->vpath;
	rc = run->fn(run->ctx, m);
	run->reading = NULL;
	if (m->rd == &none)
		m->rd = NULL;
	if (rc != MGT_OK) {
		run->stop = 1;
		if (run->status == MGT_OK)
			run->status = rc;
	}
	return rc;
}

/*
 * The top-level part of every vpath: the input's base name, or the base
 * name of its real path for "." and "..".
 */
static void
source_root_name(const char *input, size_t max, struct source_buf *out)
{
	const char *base;
	char *real = NULL;
	size_t len;

	len = strlen(input);
	while (len > 1 && input[len - 1] == '/')
		len--;
	for (base = input + len; base > input && base[-1] != '/'; base--)
		;
	len -= (size_t)(base - input);
	if ((len == 1 && base[0] == '.') ||
	    (len == 2 && base[0] == '.' && base[1] == '.')) {
		if ((real = realpath(input, NULL)) != NULL) {
			base = strrchr(real, '/');
			base = base != NULL ? base + 1 : real;
			len = strlen(base);
		}
	}
	if (len == 0 || (len == 1 && base[0] == '/'))
		source_buf_set(out, "_root_");
	else if (real == NULL && (len <= 2 && base[0] == '.'))
		source_buf_set(out, "_input_");
	else
		source_escape(base, len, max, out);
	free(real);
}

int
source_walk(const char *input, const struct mgt_limits *limits,
    const struct problem_sink *sink, source_fn fn, void *ctx,
    struct source_stats *stats, struct mgt_error *err)
{
	struct source_run run;
	struct source_container top;
	struct source_member m;
	struct source_stream *s;
	struct source_buf where = { NULL, 0, 0 };
	struct mgt_error local;
	struct stat st;
	int fd, rc, stdin_input, pipe_input;

	if (err == NULL)
		err = &local;
	mgt_error_clear(err);
	memset(&run, 0, sizeof run);
	run.limits = limits;
	run.max_depth = limits->max_depth < SOURCE_DEPTH_CAP ?
	    limits->max_depth : SOURCE_DEPTH_CAP;
	run.sink = sink;
	run.fn = fn;
	run.ctx = ctx;
	source_container_init(&top, "", '/', 0, 0);
	source_escape(input, strlen(input), MGT_ERROR_WHERE_MAX - 8, &where);

	/* "-" is standard input (a pipe or a file). */
	stdin_input = strcmp(input, "-") == 0;
	if (stdin_input) {
		source_buf_set(&where, util_input_name(input));
		fd = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0);
	} else
		fd = open(input, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd == -1) {
		rc = error_set(err, MGT_ERR_IO, where.p, -1, 0,
		    "cannot open: %s", MGT_STRERROR(errno));
		goto out;
	}
	if (fstat(fd, &st) == -1) {
		rc = error_set(err, MGT_ERR_IO, where.p, -1, 0,
		    "cannot stat: %s", MGT_STRERROR(errno));
		close(fd);
		goto out;
	}
	if (stdin_input)
		source_buf_set(&top.path, util_input_name(input));
	else
		source_root_name(input, limits->max_path, &top.path);
	source_buf_set(&top.vp, top.path.p);
	/* A pipe cannot be sized or sought: read it as a stream of unknown
	 * size (blocking), its format told by its first bytes, as an
	 * archive member's is. */
	pipe_input = S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode) ||
	    (stdin_input && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode));
	if (pipe_input)
		(void)fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	if (S_ISDIR(st.st_mode) && stdin_input) {
		close(fd);
		rc = error_set(err, MGT_ERR_FORMAT, "", -1, 0,
		    "standard input is a directory");
	} else if (S_ISDIR(st.st_mode))
		rc = source_dir_walk(&run, fd, top.vp.p, err);
	else if (!S_ISREG(st.st_mode) && !pipe_input) {
		close(fd);
		rc = error_set(err, MGT_ERR_FORMAT, "", -1, 0,
		    "not a regular file or a directory");
	} else if (!pipe_input && st.st_size == 0) {
		close(fd);
		rc = error_set(err, MGT_ERR_EMPTY, "", -1, 0,
		    "empty input");
	} else {
		memset(&m, 0, sizeof m);
		m.vpath = top.vp.p;
		m.path = top.path.p;
		m.size = pipe_input ? -1 : st.st_size;
		m.ordinal = 1;
		s = source_stream_fd(&run, fd, m.vpath, pipe_input ? -1 :
		    (long long)st.st_size);
		rc = source_content(&run, &top, &m, s, 1, err);
		source_stream_free(s);
	}
	/* Top-level failures name the input as the user gave it. */
	if (rc != MGT_OK && rc != run.status)
		snprintf(err->where, sizeof err->where, "%s", where.p);
	if (rc == MGT_OK && run.status != MGT_OK)
		rc = run.status;
	if (stats != NULL) {
		stats->members += run.stats.members;
		stats->bytes += run.stats.bytes;
		stats->compressed_bytes += run.stats.compressed_bytes;
		if (run.stats.max_depth_seen > stats->max_depth_seen)
			stats->max_depth_seen = run.stats.max_depth_seen;
	}
out:
	source_container_free(&top);
	source_buf_free(&where);
	return rc;
}
