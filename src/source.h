/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Walking inputs as streams of members.  An input is a directory, an archive
 * in any format libarchive reads, or a single (possibly compressed) file,
 * recognised by content.  Nested archives are opened from the parent's
 * stream and compressed single files are decompressed on the fly: nothing is
 * ever extracted to disk, no link is followed.
 */
#ifndef MGT_SOURCE_H
#define MGT_SOURCE_H

#include "mgt-limits.h"
#include "problem.h"

struct mgt_error;

enum source_type {
	SOURCE_REGULAR = 0,	/* a file with content to read */
	SOURCE_CONTAINER,	/* an archive opened by the walker; its members follow */
	SOURCE_UNOPENED,	/* an archive not opened (depth limit, unsupported, encrypted) */
	SOURCE_DIRECTORY,	/* a directory entry (no content) */
	SOURCE_SYMLINK,		/* recorded, never followed */
	SOURCE_HARDLINK,	/* recorded, never resolved */
	SOURCE_SPECIAL		/* device, fifo or socket: never opened */
};

struct source_reader;

/*
 * One member as the walker hands it to the callback.  All strings belong to
 * the walker and are valid only during the callback.
 */
struct source_member {
	const char		*vpath;	/* "upload.tar.gz!must-gather/.../current.log";
					 * top-level part is the input's basename;
					 * sanitised (no "..", no leading "/", control
					 * bytes escaped as \xNN) */
	const char		*path;	/* path inside the innermost container,
					 * sanitised, with a removed compression
					 * suffix (.gz .xz .zst .bz2) dropped */
	const char		*link;	/* link target, or NULL */
	enum source_type	 type;
	long long		 size;	/* declared size, -1 if unknown */
	int			 depth;	/* 0 for members of the top-level input */
	int			 decompressed; /* a compression filter was removed */
	long			 ordinal; /* >1 when this path was seen before in the same container */
	struct source_reader	*rd;	/* private */
};

/*
 * Read the next block of a SOURCE_REGULAR member's (decompressed) content.
 * Returns 1 with *buf and *len set (the block stays valid until the next call),
 * 0 at the end, -1 on a read error or limit hit (already reported as a
 * problem; what was read before is good).  The callback may stop reading
 * early: the walker skips the rest.
 */
int	 source_read(struct source_member *, const void **buf, size_t *len);

/* Bytes of this member delivered so far (decompressed). */
long long source_offset(const struct source_member *);

/* Called once per member in input order (directories: sorted by name).
 * Return MGT_OK to go on; any other status stops the whole walk and is
 * returned by source_walk. */
typedef int (*source_fn)(void *ctx, struct source_member *);

struct source_stats {
	long long	 members;	/* members delivered, all levels */
	long long	 bytes;		/* decompressed bytes delivered */
	long long	 compressed_bytes; /* bytes read from the top-level input */
	int		 max_depth_seen;
};

/*
 * Walk one top-level input.  Per-member problems (corrupt member, truncated
 * archive, limits, path traversal, links) are reported to sink and the walk
 * goes on with what can still be read.  Returns MGT_OK if the input could be
 * opened at all; MGT_ERR_EMPTY for a 0-byte input, MGT_ERR_FORMAT for an
 * input that is neither a directory, an archive nor text (err names the file
 * and its first bytes in hex), MGT_ERR_IO if it cannot be opened; or the
 * callback's status.  stats (may be NULL) is added to, not reset.
 */
int	 source_walk(const char *input, const struct mgt_limits *,
	    const struct problem_sink *, source_fn, void *ctx,
	    struct source_stats *, struct mgt_error *);

/* "gzip inflate: ..." for --version: which inflater runs (source-igzip.c). */
const char *source_gzip_inflater(int no_isal);

#endif
