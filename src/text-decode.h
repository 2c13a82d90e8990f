/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The text of a log as the line splitters (ingest, grep) want it: UTF-16
 * with a byte order mark decoded to UTF-8, and a lone CR made a line break
 * (CRLF stays one).  UTF-8 text without a CR passes through uncopied.
 */
#ifndef MGT_TEXT_DECODE_H
#define MGT_TEXT_DECODE_H

#include <stddef.h>

enum text_encoding {
	TEXT_UTF8 = 0,		/* or anything without a UTF-16 BOM */
	TEXT_UTF16LE,		/* starts with ff fe */
	TEXT_UTF16BE		/* starts with fe ff */
};

struct text_decode {
	enum text_encoding	 enc;
	void			*cd;		/* iconv_t for UTF-16 */
	int			 bom;		/* BOM still to skip */
	unsigned char		 part[4];	/* a character cut by a block end */
	size_t			 part_len;
	int			 cr_end;	/* last block ended with a CR */
	char			*buf;		/* output when not passed through */
	size_t			 cap;
	unsigned char		*in;		/* part + block, UTF-16 only */
	size_t			 in_cap;
	long long		 out_off;	/* bytes handed out so far */
	long long		 bad;		/* invalid sequences replaced */
	long long		 bad_off;	/* output offset of the first */
};

/* What the first bytes of a text say it is encoded in. */
enum text_encoding text_detect(const void *head, size_t len);

/*
 * Start decoding text in enc.  Returns 0, or -1 with errno set when iconv
 * cannot convert from enc (glibc always can): the text is then handed out
 * undecoded, as UTF-8 text is, and the caller reports it.  Out of memory
 * in iconv goes to xmalloc_fail().
 */
int	 text_decode_init(struct text_decode *, enum text_encoding enc);
void	 text_decode_free(struct text_decode *);

/*
 * Decode the next block in[0..len) of the text; *out and *outlen (which
 * may be 0) stay valid until the next call.  Invalid UTF-16 becomes U+FFFD
 * and is counted in bad.
 */
void	 text_decode(struct text_decode *, const void *in, size_t len,
	    const char **out, size_t *outlen);

/* Bytes of a character the text ended inside of (0 for a whole text). */
size_t	 text_decode_left(const struct text_decode *);

#endif
