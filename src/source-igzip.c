/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gzip layers inflated with ISA-L's igzip when it is built in: the same
 * contract as source-gzip.c's zlib path (members back to back, bytes after
 * the last member ignored, CRC32 and ISIZE checked and told apart, what was
 * inflated before a failure kept) in about half zlib's CPU time.
 *
 * igzip parses the header (isal_read_gzip_header) and inflates the raw
 * deflate data computing the CRC32 (ISAL_GZIP_NO_HDR); the 8-byte trailer
 * is read here, so that a bad CRC32 and a bad ISIZE get their own message.
 * igzip reads ahead into a 64-bit bit buffer, so when a member's deflate
 * data ends the first trailer bytes may already sit in that buffer: they are
 * taken from it (state.read_in, read_in_length: public fields of igzip_lib.h)
 * before more input is read.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "source-private.h"
#include "xmalloc.h"

#ifdef MGT_WITH_ISAL

#include <isa-l/igzip_lib.h>

/* Inflated bytes handed out per block, as the zlib path. */
#define SOURCE_IGZIP_OUT	(128 * 1024)

enum igzip_phase {
	IG_HEADER,		/* reading a member's gzip header */
	IG_BODY,		/* inflating its deflate data */
	IG_TRAILER,		/* reading CRC32 and ISIZE */
	IG_BETWEEN,		/* a member ended; does another start? */
	IG_ENDED		/* no more members */
};

struct source_igzip {
	struct inflate_state	 st;
	struct isal_gzip_header	 hdr;
	enum igzip_phase	 phase;
	unsigned char		*out;
	const unsigned char	*in;		/* unread input of the last block */
	size_t			 avail;
	int			 eof;		/* the layer below has ended */
	unsigned char		 trailer[8];
	int			 ntrailer;
	unsigned char		 held;		/* a lone byte that may start */
	int			 has_held;	/* the next member's magic */
	long long		 member;	/* 1-based number of the member */
	uint32_t		 member_out;	/* inflated bytes, mod 2^32 */
	long long		 in_off;	/* compressed bytes read from below */
	long long		 out_off;	/* inflated bytes handed out */
	const char		*err_code;	/* failure due after the last block */
	char			 err[SOURCE_MSG_MAX];
};

struct source_igzip *
source_igzip_new(int no_isal)
{
	struct source_igzip *ig;

	if (no_isal)
		return NULL;
	ig = xcalloc(1, sizeof *ig);
	isal_inflate_init(&ig->st);
	isal_gzip_header_init(&ig->hdr);
	ig->out = xmalloc(SOURCE_IGZIP_OUT);
	ig->member = 1;
	return ig;
}

void
source_igzip_free(struct source_igzip *ig)
{
	if (ig == NULL)
		return;
	free(ig->out);
	free(ig);
}

/* The compressed offset of the next unread byte. */
static long long
igzip_at(const struct source_igzip *ig)
{
	return ig->in_off - (long long)ig->avail;
}

static const char *
igzip_strerror(int r)
{
	switch (r) {
	case ISAL_INVALID_BLOCK:
		return "invalid deflate block";
	case ISAL_INVALID_SYMBOL:
		return "invalid code in a deflate block";
	case ISAL_INVALID_LOOKBACK:
		return "invalid distance too far back";
	case ISAL_INVALID_WRAPPER:
		return "incorrect header";
	case ISAL_UNSUPPORTED_METHOD:
		return "unknown compression method";
	case ISAL_INCORRECT_CHECKSUM:
		return "incorrect header CRC";
	case ISAL_NEED_DICT:
		return "a preset dictionary is needed";
	default:
		return "unknown igzip error";
	}
}

static void
igzip_corrupt(struct source_igzip *ig, int r)
{
	ig->err_code = PCODE_CORRUPT;
	snprintf(ig->err, sizeof ig->err, "corrupt gzip data in member %lld "
	    "at compressed offset %lld: %s", ig->member, igzip_at(ig),
	    igzip_strerror(r));
}

static uint32_t
le32(const unsigned char *b)
{
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
	    (uint32_t)b[3] << 24;
}

/* The member's trailer is whole: check it, as gzip(1) does. */
static void
igzip_check_trailer(struct source_igzip *ig)
{
	long long at = igzip_at(ig) - 8;

	if (le32(ig->trailer) != ig->st.crc) {
		ig->err_code = PCODE_CORRUPT;
		snprintf(ig->err, sizeof ig->err, "gzip member %lld: the "
		    "CRC32 in its trailer (compressed offset %lld) does not "
		    "match the data; the data read is kept", ig->member, at);
	} else if (le32(ig->trailer + 4) != ig->member_out) {
		ig->err_code = PCODE_CORRUPT;
		snprintf(ig->err, sizeof ig->err, "gzip member %lld: the "
		    "length (ISIZE) in its trailer (compressed offset %lld) "
		    "does not match the data; the data read is kept",
		    ig->member, at);
	}
	ig->phase = IG_BETWEEN;
}

/* The deflate data ended: take the trailer bytes igzip already read. */
static void
igzip_body_done(struct source_igzip *ig)
{
	int pad = ig->st.read_in_length % 8;
	int nbytes = ig->st.read_in_length / 8;
	uint64_t bits = ig->st.read_in >> pad;

	/* Bytes read past the trailer would belong to the next member;
	 * 64 bits of buffer cannot hold more than the trailer itself. */
	while (nbytes-- > 0 && ig->ntrailer < 8) {
		ig->trailer[ig->ntrailer++] = (unsigned char)(bits & 0xff);
		bits >>= 8;
	}
	ig->st.read_in = 0;
	ig->st.read_in_length = 0;
	ig->phase = IG_TRAILER;
	if (ig->ntrailer == 8)
		igzip_check_trailer(ig);
}

/* A new member starts at the next byte (its magic was seen). */
static void
igzip_next_member(struct source_igzip *ig)
{
	isal_inflate_reset(&ig->st);
	isal_gzip_header_init(&ig->hdr);
	ig->member++;
	ig->member_out = 0;
	ig->ntrailer = 0;
	ig->phase = IG_HEADER;
}

/*
 * Between members: 1 if another starts here (the phase is IG_HEADER), 0 if
 * what follows is not a member (ignored), -1 if more input is needed.
 */
static int
igzip_between(struct source_igzip *ig)
{
	unsigned char b0, b1;

	if (ig->avail == 0)
		return ig->eof ? 0 : -1;
	if (!ig->has_held && ig->avail == 1) {
		if (ig->eof)
			return 0;
		ig->held = ig->in[0];
		ig->has_held = 1;
		ig->in++;
		ig->avail = 0;
		return -1;
	}
	b0 = ig->has_held ? ig->held : ig->in[0];
	b1 = ig->has_held ? ig->in[0] : ig->in[1];
	if (b0 != 0x1f || b1 != 0x8b)
		return 0;
	igzip_next_member(ig);
	if (ig->has_held) {
		/* The held magic byte first: the header reader keeps it. */
		ig->st.next_in = &ig->held;
		ig->st.avail_in = 1;
		(void)isal_read_gzip_header(&ig->st, &ig->hdr);
		ig->has_held = 0;
	}
	return 1;
}

/* Feed igzip from ig->in; afterwards take back what it did not consume. */
static void
igzip_feed(struct source_igzip *ig)
{
	ig->st.next_in = (uint8_t *)(uintptr_t)ig->in;
	ig->st.avail_in = (uint32_t)ig->avail;
}

static void
igzip_took(struct source_igzip *ig)
{
	ig->in = ig->st.next_in;
	ig->avail = ig->st.avail_in;
}

int
source_igzip_raw(struct source_stream *s, struct source_igzip *ig,
    const unsigned char **p, size_t *n)
{
	struct source_stream *up = s->lv->in;
	const void *blk;
	size_t len, produced;
	int r;

	for (;;) {
		if (ig->err_code != NULL)
			return source_stream_fail_at(s, ig->out_off,
			    ig->err_code, "%s", ig->err);
		if (ig->phase == IG_ENDED) {
			s->state = STREAM_END;
			return 0;
		}
		if (ig->avail == 0 && !ig->eof) {
			r = source_stream_next(up, &blk, &len);
			if (r < 0)
				return source_stream_fail(s, PCODE_CORRUPT,
				    "input stream failed");
			if (r == 0)
				ig->eof = 1;
			else {
				/* igzip counts input in 32 bits. */
				if (len > UINT32_MAX / 2)
					len = UINT32_MAX / 2;
				ig->in = blk;
				ig->avail = len;
				ig->in_off += (long long)len;
			}
		}
		switch (ig->phase) {
		case IG_BETWEEN:
			r = igzip_between(ig);
			if (r == 0)
				ig->phase = IG_ENDED;
			continue;
		case IG_TRAILER:
			if (ig->avail == 0)
				break;		/* more input, or truncated */
			while (ig->avail > 0 && ig->ntrailer < 8) {
				ig->trailer[ig->ntrailer++] = *ig->in++;
				ig->avail--;
			}
			if (ig->ntrailer == 8)
				igzip_check_trailer(ig);
			continue;
		case IG_HEADER:
			if (ig->avail == 0)
				break;
			igzip_feed(ig);
			r = isal_read_gzip_header(&ig->st, &ig->hdr);
			igzip_took(ig);
			if (r == ISAL_DECOMP_OK) {
				ig->st.crc_flag = ISAL_GZIP_NO_HDR;
				ig->phase = IG_BODY;
			} else if (r != ISAL_END_INPUT)
				igzip_corrupt(ig, r);
			continue;
		case IG_BODY:
			igzip_feed(ig);
			ig->st.next_out = ig->out;
			ig->st.avail_out = SOURCE_IGZIP_OUT;
			r = isal_inflate(&ig->st);
			igzip_took(ig);
			produced = SOURCE_IGZIP_OUT - ig->st.avail_out;
			ig->member_out += (uint32_t)produced;
			if (r != ISAL_DECOMP_OK)
				igzip_corrupt(ig, r);
			else if (ig->st.block_state == ISAL_BLOCK_FINISH)
				igzip_body_done(ig);
			if (produced > 0) {
				ig->out_off += (long long)produced;
				*p = ig->out;
				*n = produced;
				return 1;
			}
			if (r != ISAL_DECOMP_OK ||
			    ig->st.block_state == ISAL_BLOCK_FINISH ||
			    ig->avail > 0)
				continue;
			break;
		case IG_ENDED:
			continue;
		}
		/* This phase needs input and none is left. */
		if (ig->eof)
			return source_stream_fail_at(s, ig->out_off,
			    PCODE_TRUNCATED, "truncated gzip input: member "
			    "%lld ends after %lld compressed bytes, before its "
			    "trailer", ig->member, ig->in_off);
	}
}

const char *
source_gzip_inflater(int no_isal)
{
	if (no_isal)
		return "gzip inflate: zlib (MGTRIAGE_NO_ISAL is set; ISA-L is "
		    "built in)";
	return "gzip inflate: ISA-L igzip";
}

#else	/* !MGT_WITH_ISAL */

const char *
source_gzip_inflater(int no_isal)
{
	(void)no_isal;
	return "gzip inflate: zlib (built without ISA-L)";
}

struct source_igzip *
source_igzip_new(int no_isal)
{
	(void)no_isal;
	return NULL;
}

void
source_igzip_free(struct source_igzip *ig)
{
	(void)ig;
}

int
source_igzip_raw(struct source_stream *s, struct source_igzip *ig,
    const unsigned char **p, size_t *n)
{
	(void)s;
	(void)ig;
	(void)p;
	(void)n;
	return -1;
}

#endif
