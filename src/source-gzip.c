/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gzip layers, inflated with zlib rather than libarchive's filter: zlib
 * checks every member's CRC32 and ISIZE trailer, which libarchive skips.
 * Members follow each other (gzip -c a >x; gzip -c b >>x); bytes after the
 * last one that do not start another member are ignored, as gzip(1) does.
 * When ISA-L is built in, source-igzip.c does the same work faster.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ZLIB_CONST
#include <zlib.h>

#include "error.h"
#include "source-private.h"
#include "xmalloc.h"

/* Inflated bytes handed out per block. */
#define SOURCE_GZIP_OUT	(128 * 1024)

struct source_gzip {
	struct source_igzip *ig;	/* ISA-L instead (source-igzip.c) */
	z_stream	 z;
	unsigned char	*out;
	int		 between;	/* a member ended; another may follow */
	int		 ended;		/* no more members */
	unsigned char	 held;		/* one byte kept to see if a member */
	int		 has_held;	/* starts (its magic is two bytes) */
	long long	 member;	/* 1-based number of the member */
	long long	 in_off;	/* compressed bytes fed to zlib */
	long long	 out_off;	/* inflated bytes handed out */
	const char	*err_code;	/* failure due after the last block */
	char		 err[SOURCE_MSG_MAX];
};

struct source_gzip *
source_gzip_new(int no_isal)
{
	struct source_gzip *g;

	g = xcalloc(1, sizeof *g);
	if ((g->ig = source_igzip_new(no_isal)) != NULL)
		return g;
	/* 15 + 16: gzip only, trailer checked. */
	if (inflateInit2(&g->z, 15 + 16) != Z_OK) {
		xmalloc_fail("zlib");
	}
	g->out = xmalloc(SOURCE_GZIP_OUT);
	g->member = 1;
	return g;
}

void
source_gzip_free(struct source_gzip *g)
{
	if (g == NULL)
		return;
	if (g->ig != NULL) {
		source_igzip_free(g->ig);
		free(g);
		return;
	}
	inflateEnd(&g->z);
	free(g->out);
	free(g);
}

/* Remember why inflating failed, to report after handing out what came. */
static void
source_gzip_error(struct source_gzip *g, int zr)
{
	const char *zm = g->z.msg != NULL ? g->z.msg : "unknown zlib error";
	long long at = g->in_off - (long long)g->z.avail_in;

	g->err_code = PCODE_CORRUPT;
	/* zlib checks the CRC32 after its 4 bytes, ISIZE after all 8: name
	 * where the trailer starts, as the ISA-L path does. */
	if (zr == Z_DATA_ERROR && strcmp(zm, "incorrect data check") == 0)
		snprintf(g->err, sizeof g->err, "gzip member %lld: the CRC32 "
		    "in its trailer (compressed offset %lld) does not match "
		    "the data; the data read is kept", g->member, at - 4);
	else if (zr == Z_DATA_ERROR &&
	    strcmp(zm, "incorrect length check") == 0)
		snprintf(g->err, sizeof g->err, "gzip member %lld: the length "
		    "(ISIZE) in its trailer (compressed offset %lld) does not "
		    "match the data; the data read is kept", g->member, at - 8);
	else
		snprintf(g->err, sizeof g->err, "corrupt gzip data in member "
		    "%lld at compressed offset %lld: %s", g->member, at, zm);
}

/*
 * After a member: does another one start here?  1 yes (zlib reset and the
 * held byte fed), 0 no, -1 more input is needed first.
 */
static int
source_gzip_next_member(struct source_gzip *g)
{
	unsigned char b0, b1, sink;
	const unsigned char *save;
	uInt save_len;

	if (g->z.avail_in == 0)
		return -1;
	if (!g->has_held && g->z.avail_in == 1) {
		g->held = g->z.next_in[0];
		g->has_held = 1;
		g->z.next_in++;
		g->z.avail_in = 0;
		return -1;
	}
	b0 = g->has_held ? g->held : g->z.next_in[0];
	b1 = g->has_held ? g->z.next_in[0] : g->z.next_in[1];
	if (b0 != 0x1f || b1 != 0x8b)
		return 0;
	inflateReset(&g->z);
	g->member++;
	if (g->has_held) {
		/* The held magic byte first: zlib keeps it as header state. */
		save = g->z.next_in;
		save_len = g->z.avail_in;
		g->z.next_in = &g->held;
		g->z.avail_in = 1;
		g->z.next_out = &sink;
		g->z.avail_out = 1;
		(void)inflate(&g->z, Z_NO_FLUSH);
		g->z.next_in = save;
		g->z.avail_in = save_len;
		g->has_held = 0;
	}
	return 1;
}

int
source_gzip_raw(struct source_stream *s, const unsigned char **p, size_t *n)
{
	struct source_gzip *g = s->lv->gz;
	struct source_stream *up = s->lv->in;
	const void *blk;
	size_t len, produced;
	int r, zr;

	if (g->ig != NULL)
		return source_igzip_raw(s, g->ig, p, n);
	for (;;) {
		if (g->err_code != NULL)
			return source_stream_fail_at(s, g->out_off,
			    g->err_code, "%s", g->err);
		if (g->ended) {
			s->state = STREAM_END;
			return 0;
		}
		if (g->z.avail_in == 0) {
			r = source_stream_next(up, &blk, &len);
			if (r < 0)
				return source_stream_fail(s, PCODE_CORRUPT,
				    "input stream failed");
			if (r == 0) {
				if (g->between) {
					g->ended = 1;
					continue;
				}
				return source_stream_fail_at(s, g->out_off,
				    PCODE_TRUNCATED,
				    "truncated gzip input: member %lld ends "
				    "after %lld compressed bytes, before its "
				    "trailer", g->member, g->in_off);
			}
			g->z.next_in = blk;
			g->z.avail_in = (uInt)len;
			g->in_off += (long long)len;
		}
		if (g->between) {
			r = source_gzip_next_member(g);
			if (r < 0)
				continue;
			if (r == 0) {
				g->ended = 1;
				continue;
			}
			g->between = 0;
		}
		g->z.next_out = g->out;
		g->z.avail_out = SOURCE_GZIP_OUT;
		zr = inflate(&g->z, Z_NO_FLUSH);
		produced = SOURCE_GZIP_OUT - g->z.avail_out;
		if (zr == Z_STREAM_END)
			g->between = 1;
		else if (zr == Z_MEM_ERROR) {
			xmalloc_fail("zlib");
		} else if (zr != Z_OK && zr != Z_BUF_ERROR)
			source_gzip_error(g, zr);
		if (produced > 0) {
			g->out_off += (long long)produced;
			*p = g->out;
			*n = produced;
			return 1;
		}
	}
}
