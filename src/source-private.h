/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Internals of the input walker shared by source.c (entry point, names),
 * source-stream.c (byte streams, libarchive handles), source-archive.c
 * (recognising content, archive members, nested content) and source-dir.c
 * (directories on disk).  Not for use outside source-*.c and the walker's
 * unit test.
 */
#ifndef MGT_SOURCE_PRIVATE_H
#define MGT_SOURCE_PRIVATE_H

#include <stddef.h>
#include <stdint.h>

#include "source.h"

struct archive;
struct archive_entry;

/* First bytes looked at to recognise content (a tar header). */
#define SOURCE_SNIFF_MAX	512
/* Read size for files on disk. */
#define SOURCE_BLOCK		(64 * 1024)
/* Compression layers removed from one member (x.gz.gz.gz.gz). */
#define SOURCE_MAX_LAYERS	4
/* Directory levels entered on disk: one open fd each. */
#define SOURCE_DIR_MAX_DEPTH	256
/* Archive nesting whatever max-depth says: each level is stack and buffers. */
#define SOURCE_DEPTH_CAP	100
/* Compression ratio alert: more than RATIO_MAX out per byte in, and more
 * than RATIO_MIN_BYTES out. */
#define SOURCE_RATIO_MAX	1000LL
#define SOURCE_RATIO_MIN_BYTES	(256LL << 20)
/* Compressed bytes that may decompress to nothing (an empty stream). */
#define SOURCE_HOLLOW_MAX	64
/* Unreadable headers in a row before an archive is given up. */
#define SOURCE_MAX_FAILED	1000
/* Bytes of a hostile name, and of a library message, put in a message. */
#define SOURCE_QUOTE_MAX	160
#define SOURCE_MSG_MAX		400

/* What source_sanitize() found and changed in a name. */
#define SOURCE_NAME_ABSOLUTE	0x01	/* leading '/', now "_abs_/" */
#define SOURCE_NAME_TRAVERSAL	0x02	/* '..' above the root, now "_up_" */
#define SOURCE_NAME_ESCAPED	0x04	/* control bytes, bad UTF-8: \xNN */
#define SOURCE_NAME_TRUNCATED	0x08	/* longer than the limit, cut */

/* A growable string, always NUL-terminated once used. */
struct source_buf {
	char	*p;
	size_t	 len;
	size_t	 cap;
};

/* A running hash of a path (two independent 64-bit ones). */
struct source_hash {
	uint64_t	 a;
	uint64_t	 b;
};

/*
 * Paths seen in one archive, kept as 96-bit hashes so that memory is bounded
 * by the member limit, not by name lengths.
 */
struct source_pathslot {
	uint64_t	 h1;
	uint32_t	 h2;
	uint32_t	 count;		/* 0: slot free */
};

struct source_pathset {
	struct source_pathslot	*slots;
	size_t			 used;
	size_t			 cap;	/* power of two, or 0 */
};

/* One call of source_walk(). */
struct source_run {
	const struct mgt_limits		*limits;
	const struct problem_sink	*sink;
	source_fn			 fn;
	void				*ctx;
	struct source_stats		 stats;	/* this walk only */
	long long			 total_bytes; /* vs max-total-bytes */
	long long			 admitted; /* members, vs max-members */
	int				 max_depth; /* max-depth, capped */
	int				 stop;	/* end the walk now */
	int				 status; /* callback status that did */
	const char			*reading; /* vpath the callback reads */
};

/* An archive or a directory whose members are being delivered. */
struct source_container {
	const char		*vpath;		/* prefix of member vpaths */
	char			 sep;		/* '!' archive, '/' directory */
	int			 depth;		/* depth of the members */
	int			 archive;	/* not a directory */
	long long		 members;	/* admitted so far */
	int			 full;		/* its member limit was hit */
	struct source_pathset	 seen;		/* member paths */
	struct source_pathset	 links;		/* symlink paths */
	struct source_buf	 path;		/* current member's path */
	struct source_buf	 vp;		/* current member's vpath */
	struct source_buf	 link;		/* current member's link */
};

/* What the first bytes of a stream say it is (a name may say otherwise). */
enum source_kind {
	SOURCE_KIND_DATA = 0,	/* anything else: delivered as it is */
	SOURCE_KIND_GZIP,	/* compressions, one libarchive filter each */
	SOURCE_KIND_BZIP2,
	SOURCE_KIND_XZ,
	SOURCE_KIND_ZSTD,
	SOURCE_KIND_LZ4,
	SOURCE_KIND_LZIP,
	SOURCE_KIND_COMPRESS,
	SOURCE_KIND_LZMA,	/* lzma-alone (.lzma), a weak magic */
	SOURCE_KIND_TAR,	/* containers we open */
	SOURCE_KIND_ZIP,
	SOURCE_KIND_7ZIP,	/* archives we recognise but do not open */
	SOURCE_KIND_RAR,
	SOURCE_KIND_CPIO,
	SOURCE_KIND_XAR,
	SOURCE_KIND_CAB,
	SOURCE_KIND_AR,
	SOURCE_KIND_TEXT	/* only as what a name suggests */
};

/* A kind's name in messages and the libarchive filter that removes it. */
struct source_kind_info {
	const char	*name;
	int		 filter;	/* ARCHIVE_FILTER_*, 0 if none */
};

/* Indexed by enum source_kind (source-archive.c). */
extern const struct source_kind_info source_kinds[];

enum source_stream_kind {
	STREAM_FD,		/* a file on disk */
	STREAM_ENTRY,		/* the current entry of a libarchive handle */
	STREAM_GZIP		/* gzip inflated by us from the level's input */
};

enum source_stream_state {
	STREAM_OPEN = 0,
	STREAM_END,
	STREAM_FAILED
};

struct source_level;
struct source_gzip;

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
	struct source_level		*lv;	/* ENTRY, GZIP: whose output */
	const char			*vpath;	/* for problems */
	int				 counted; /* vs max-total-bytes */
	int				 quiet;	/* failure to errmsg only */
	char				 errmsg[SOURCE_MSG_MAX];
	const char			*fail_code; /* PCODE_* of the failure,
						 * or of the one below */
	int				 fail_told; /* reported on this stream */
	int				 sparse;	/* ENTRY: fill holes */
	long long			 size;	/* declared or stat size, -1 */
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

/*
 * One libarchive handle, or one gzip inflater, and the stream it reads.
 */
struct source_level {
	struct archive			*a;	/* NULL for gzip */
	/*
	 * Its headers are read into this (archive_read_next_header2()):
	 * libarchive 3.6's archive_read_new() does not check its own
	 * entry's allocation, and archive_read_next_header() then crashes.
	 */
	struct archive_entry		*entry;
	struct source_gzip		*gz;	/* gzip only */
	struct source_stream		*in;
	struct source_stream		*out;	/* its current entry */
	enum source_kind		 kind;
};

/* What member->rd points at: the content of a SOURCE_REGULAR member. */
struct source_reader {
	struct source_run	*run;
	struct source_stream	*s;	/* NULL: no content */
	long long		 pos;	/* bytes handed to the callback */
	int			 state;	/* 0 reading, 1 at the end, -1 failed */
	int			 cut;	/* last block was cut at the limit */
};

/* source.c */
void	 source_buf_add(struct source_buf *, const void *, size_t);
void	 source_buf_set(struct source_buf *, const char *);
void	 source_buf_free(struct source_buf *);
/*
 * Normalise the member name raw[0..len) into out: no empty or "."
 * components, ".." resolved where it stays inside and replaced by "_up_"
 * where it would climb out, a leading '/' replaced by "_abs_", control bytes
 * and invalid UTF-8 escaped as \xNN, at most max bytes.  Iterative, linear in
 * len.  Returns SOURCE_NAME_* flags.
 */
int	 source_sanitize(const char *raw, size_t len, size_t max,
	    struct source_buf *out);
/* Escape raw[0..len) as above, without touching '/' or "..". */
int	 source_escape(const char *raw, size_t len, size_t max,
	    struct source_buf *out);
/*
 * Escaped copy of untrusted text (a name, a library message) for a problem
 * message: valid UTF-8, cut with "..." to fit outlen.  Returns out.
 */
const char *source_quote(const char *raw, char *out, size_t outlen);
void	 source_hash_init(struct source_hash *);
void	 source_hash_add(struct source_hash *, const char *, size_t);
void	 source_hash_path(const char *, struct source_hash *);
/* How many times a path was added to the set, 0 if never. */
uint32_t source_pathset_get(struct source_pathset *,
	    const struct source_hash *);
/* Add a path; returns how many times it has been added now. */
uint32_t source_pathset_add(struct source_pathset *,
	    const struct source_hash *);
void	 source_pathset_free(struct source_pathset *);
void	 source_container_init(struct source_container *, const char *vpath,
	    char sep, int depth, int archive);
void	 source_container_free(struct source_container *);
/* Count one more member of c; 0 (after reporting) when a limit says no. */
int	 source_admit(struct source_run *, struct source_container *);
/*
 * Name a member of c from its raw name: fills m (vpath, path, depth; type
 * and the rest zeroed) with strings owned by c and reports name problems.
 * Returns the SOURCE_NAME_* flags.
 */
int	 source_name(struct source_run *, struct source_container *,
	    const char *raw, struct source_member *m);
/* Note, at info level, a name that promises other content than k. */
void	 source_check_name(struct source_run *, const struct source_member *,
	    enum source_kind k);
/*
 * Drop the ending of c's current path that the removal of compression k
 * makes wrong ("x.log.gz" -> "x.log", "x.tgz" -> "x.tar").  Returns 1 if it
 * did, so that the name still describes what is inside.
 */
int	 source_drop_suffix(struct source_container *c,
	    struct source_member *m, enum source_kind k);
/* Does a symlink at path (sanitised) with this target point outside? */
int	 source_link_escapes(const char *path, const char *target);
/* Hand m to the callback; returns its status (and stops the run if not OK). */
int	 source_deliver(struct source_run *, struct source_member *);

/* source-stream.c */
/*
 * A stream over fd (taken over, closed by source_stream_free) whose size
 * fstat gave as size (-1 if unknown).
 */
struct source_stream *source_stream_fd(struct source_run *, int fd,
	    const char *vpath, long long size);
/* Make s the stream of the entry just read by s->lv. */
void	 source_stream_reset(struct source_stream *s, const char *vpath,
	    struct archive_entry *e);
void	 source_stream_free(struct source_stream *);
/*
 * The next block of s, the sniffed bytes first, counted against the
 * limits: 1 with *p and *n set, 0 at the end, -1 on failure (reported).
 */
int	 source_stream_next(struct source_stream *s, const void **p,
	    size_t *n);
/*
 * Mark s failed and report why (code, message) once, where the failure
 * starts: streams fed by a failed stream stay silent.  Returns -1.
 */
int	 source_stream_fail(struct source_stream *s, const char *code,
	    const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The same, the problem's offset being off rather than s->pos. */
int	 source_stream_fail_at(struct source_stream *s, long long off,
	    const char *code, const char *fmt, ...)
	    __attribute__((format(printf, 4, 5)));
/*
 * After the callback of the member at vpath whose content s carries: read
 * what it left of a tar entry (libarchive would read it to skip it
 * anyway), then report an error if the member ended early: cut by a
 * failure below it (an archive truncated inside it) that named another
 * path, or shorter than its header or the file's size said.
 */
void	 source_stream_finish(struct source_stream *s, const char *vpath);
/* Which code a libarchive failure on a stream gets. */
const char *source_failure_code(const struct source_stream *s,
	    const char *msg);
/* libarchive's message for the last failure on a, escaped into buf. */
const char *source_archive_error(struct archive *a, char *buf, size_t len);
/* Copy the first bytes aside, keeping the rest of the last block. */
void	 source_stream_sniff(struct source_stream *s);
void	 source_level_close(struct source_level *lv);
/*
 * Open a handle of kind k over in.  NULL if libarchive refuses (reported,
 * with *unsupported set when the format needs an external program).
 */
struct source_level *source_level_open(struct source_run *run,
	    struct source_stream *in, enum source_kind k, const char *vpath,
	    int *unsupported);

/* source-archive.c */
/*
 * Recognise what s holds by its first bytes and deliver it as member m of c:
 * plain data as SOURCE_REGULAR, an archive as SOURCE_CONTAINER followed by
 * its members, compressed data after removing the compression.  top: s is
 * the input itself (an archive is not delivered as a member, and data that
 * is not text is refused with MGT_ERR_FORMAT in err).
 */
int	 source_content(struct source_run *, struct source_container *c,
	    struct source_member *m, struct source_stream *s, int top,
	    struct mgt_error *err);
/* The kind's name in messages ("gzip", "tar", "plain data"). */
const char *source_kind_name(enum source_kind);
int	 source_is_compression(enum source_kind);
int	 source_is_archive(enum source_kind);

/* source-gzip.c */
/* A gzip inflater (zlib, trailers checked); exits when out of memory. */
struct source_gzip *source_gzip_new(int no_isal);
void	 source_gzip_free(struct source_gzip *);
/*
 * The next inflated block of the STREAM_GZIP stream s, pulled from
 * s->lv->in: 1, 0 at the end of the last member, -1 on a corrupt or
 * truncated stream or a bad CRC32/ISIZE trailer (reported, after the
 * bytes inflated before it were handed out).
 */
int	 source_gzip_raw(struct source_stream *s, const unsigned char **p,
	    size_t *n);

/* source-igzip.c */
struct source_igzip;
/*
 * An ISA-L gzip inflater with source_gzip_raw's contract, or NULL when
 * mgtriage is built without ISA-L or no_isal is set (then zlib).
 */
struct source_igzip *source_igzip_new(int no_isal);
void	 source_igzip_free(struct source_igzip *);
int	 source_igzip_raw(struct source_stream *s, struct source_igzip *,
	    const unsigned char **p, size_t *n);

/* source-dir.c */
/*
 * Walk the directory open at fd (taken over) whose vpath is vpath.  Returns
 * MGT_ERR_EMPTY if it holds nothing, MGT_ERR_IO (message in err) if it
 * cannot be read, else MGT_OK or the callback's status.
 */
int	 source_dir_walk(struct source_run *, int fd, const char *vpath,
	    struct mgt_error *);

#endif
