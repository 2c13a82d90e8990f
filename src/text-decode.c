/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Decoding log text for the line splitters (see text-decode.h): glibc's
 * iconv for UTF-16, one pass over the output for lone CRs.
 */
#include "config.h"

#include <errno.h>
#include <iconv.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "text-decode.h"
#include "xmalloc.h"

/* U+FFFD REPLACEMENT CHARACTER in UTF-8. */
static const char text_fffd[] = "\xef\xbf\xbd";

enum text_encoding
text_detect(const void *head, size_t len)
{
	const unsigned char *h = head;

	if (len >= 2 && h[0] == 0xff && h[1] == 0xfe)
		return TEXT_UTF16LE;
	if (len >= 2 && h[0] == 0xfe && h[1] == 0xff)
		return TEXT_UTF16BE;
	return TEXT_UTF8;
}

int
text_decode_init(struct text_decode *td, enum text_encoding enc)
{
	iconv_t cd;

	memset(td, 0, sizeof *td);
	td->enc = enc;
	if (enc == TEXT_UTF8)
		return 0;
	cd = iconv_open("UTF-8", enc == TEXT_UTF16LE ? "UTF-16LE" :
	    "UTF-16BE");
	if (cd == (iconv_t)-1) {
		if (errno == ENOMEM)
			xmalloc_fail("iconv");
		/* Pass the bytes through as they are, as for UTF-8. */
		td->enc = TEXT_UTF8;
		return -1;
	}
	td->cd = cd;
	td->bom = 1;
	return 0;
}

void
text_decode_free(struct text_decode *td)
{
	if (td->cd != NULL)
		iconv_close((iconv_t)td->cd);
	free(td->buf);
	free(td->in);
	memset(td, 0, sizeof *td);
}

size_t
text_decode_left(const struct text_decode *td)
{
	return td->part_len;
}

static void
text_room(struct text_decode *td, size_t n)
{
	if (n <= td->cap)
		return;
	td->cap = n < 65536 ? 65536 : n;
	td->buf = xreallocarray(td->buf, td->cap, 1);
}

/* UTF-16 in[0..len) to UTF-8 in td->buf; returns the bytes written. */
static size_t
text_utf16(struct text_decode *td, const unsigned char *in, size_t len)
{
	char *ip, *op;
	size_t il, ol, n = 0;

	if (td->part_len > 0) {
		if (td->in_cap < td->part_len + len) {
			td->in_cap = td->part_len + len;
			td->in = xreallocarray(td->in, td->in_cap, 1);
		}
		memcpy(td->in, td->part, td->part_len);
		memcpy(td->in + td->part_len, in, len);
		in = td->in;
		len += td->part_len;
		td->part_len = 0;
	}
	/* At most 3 UTF-8 bytes per 2 UTF-16 ones; 3 for U+FFFD per 2. */
	text_room(td, len / 2 * 3 + 4);
	ip = (char *)(uintptr_t)in;
	il = len;
	while (il > 0) {
		op = td->buf + n;
		ol = td->cap - n;
		if (iconv((iconv_t)td->cd, &ip, &il, &op, &ol) != (size_t)-1) {
			n = (size_t)(op - td->buf);
			break;
		}
		n = (size_t)(op - td->buf);
		if (errno == EILSEQ) {
			/* A lone surrogate: U+FFFD for its 2 bytes. */
			if (td->bad++ == 0)
				td->bad_off = td->out_off + (long long)n;
			memcpy(td->buf + n, text_fffd, 3);
			n += 3;
			ip += il >= 2 ? 2 : il;
			il -= il >= 2 ? 2 : il;
		} else if (errno == EINVAL) {
			/* Cut by the block's end: wait for the rest. */
			memcpy(td->part, ip, il < sizeof td->part ? il :
			    sizeof td->part);
			td->part_len = il < sizeof td->part ? il :
			    sizeof td->part;
			break;
		} else
			break;	/* not E2BIG: the room is enough */
	}
	return n;
}

/* A lone CR becomes '\n'; a '\n' after a CR that ended the last block goes. */
static size_t
text_cr(struct text_decode *td, char *b, size_t n)
{
	size_t i = 0;
	char *cr;

	if (td->cr_end) {
		td->cr_end = 0;
		if (n > 0 && b[0] == '\n') {
			memmove(b, b + 1, n - 1);
			n--;
		}
	}
	while (i < n && (cr = memchr(b + i, '\r', n - i)) != NULL) {
		i = (size_t)(cr - b) + 1;
		if (i == n) {
			*cr = '\n';
			td->cr_end = 1;
		} else if (b[i] != '\n')
			*cr = '\n';
	}
	return n;
}

void
text_decode(struct text_decode *td, const void *in, size_t len,
    const char **out, size_t *outlen)
{
	const unsigned char *p = in;
	size_t n;

	if (td->enc != TEXT_UTF8) {
		if (td->bom && len >= 2) {
			p += 2;
			len -= 2;
			td->bom = 0;
		}
		n = text_utf16(td, p, len);
	} else if (!td->cr_end && memchr(in, '\r', len) == NULL) {
		*out = in;
		*outlen = len;
		td->out_off += (long long)len;
		return;
	} else {
		text_room(td, len);
		memcpy(td->buf, in, len);
		n = len;
	}
	n = text_cr(td, td->buf, n);
	*out = td->buf;
	*outlen = n;
	td->out_off += (long long)n;
}
