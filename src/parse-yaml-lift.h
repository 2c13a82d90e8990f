/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Long base64 values and literal block scalars lifted out of a YAML segment
 * before libyaml reads it, and put back into the scalars it returns
 * (parse-yaml-lift.c says why it is exact, and when a block is not).
 */
#ifndef MGT_PARSE_YAML_LIFT_H
#define MGT_PARSE_YAML_LIFT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "parse-lazy.h"

struct yaml_lift_span {
	size_t	 orig;		/* value's offset in the segment */
	size_t	 len;		/* its length */
	size_t	 copy;		/* its placeholder's offset in copy */
	size_t	 clen;		/* placeholder and line breaks in copy */
	size_t	 indent;	/* block: its content's indentation */
	int	 block;		/* 0 base64, 1 "|", 2 "|-", 3 lazy */
};

struct yaml_lift {
	const char		*seg;		/* the original segment */
	char			*copy;		/* what libyaml reads */
	size_t			 copylen;
	struct yaml_lift_span	*spans;		/* in segment order */
	size_t			 n;
	size_t			 a;
	size_t			 nblocks;	/* lazy body included */
	long			 lazy;		/* the lazy body's span, or -1 */
	int			 inexact;	/* a block seen out of place */
};

/*
 * Fill l with a copy of seg[0..len) whose lines "<key>: <base64 of min
 * bytes or more>" hold placeholders instead of the values and, if blocks,
 * whose "<key>: |" or "|-" literal blocks of min bytes or more are a
 * placeholder and empty lines.  With lazy, the body under a line that is
 * exactly "<lazy->key>:" becomes a placeholder too (a lazy body: kept as
 * YAML text, parsed when read; parse-lazy.h).
 * Returns 1 if any was lifted (yaml_lift_free() it), 0 if the segment is
 * to be read as it is (min 0, nothing to lift, or the marker already in
 * the input).
 */
int	 yaml_lift_segment(struct yaml_lift *l, const char *seg, size_t len,
	    size_t min, int blocks, const struct parse_lazy *lazy);
/* The lazy body's YAML text in the segment, from its "<key>:" line to the
 * line break ending its last line; its length in *len. */
const char *yaml_lift_lazy_text(const struct yaml_lift *l, size_t *len);
void	 yaml_lift_free(struct yaml_lift *l);

/*
 * Put the base64 values back into a scalar's text (malloc'd, len bytes, NUL
 * after): returns text itself when it holds no placeholder, else a new
 * string (text is freed) and its length in *len.  A block's placeholder
 * found here is out of place: l->inexact is set (the caller reparses
 * without lifting).
 */
char	*yaml_lift_restore(struct yaml_lift *l, char *text, size_t *len);

/* Whether text (len bytes) holds a placeholder's marker. */
int	 yaml_lift_marked(const struct yaml_lift *l, const char *text,
	    size_t len);
/* The block span whose placeholder is exactly text (len bytes), or -1. */
long	 yaml_lift_block_at(const struct yaml_lift *l, const char *text,
	    size_t len);
/* Block k's value as libyaml would give it (malloc'd), length in *len. */
char	*yaml_lift_block_value(const struct yaml_lift *l, size_t k,
	    size_t *len);

/*
 * Whether the 8 bytes at s are all printable ASCII (0x20-0x7e), or LF too
 * when lf: most YAML bytes need no closer look.  Each test is exact per
 * byte: with no high bit set, adding 0x60 or 0x7f never carries out of a
 * byte.  Inline: both the bad-byte scan and the block scan run it over
 * whole files.
 */
static inline int
yaml_word_printable(const unsigned char *s, int lf)
{
	const uint64_t ones = 0x0101010101010101ULL, high = ones * 0x80;
	uint64_t x, printable, isl = 0, del;

	memcpy(&x, s, sizeof x);
	if (x & high)
		return 0;
	printable = (x + ones * 0x60) & high;	/* byte >= 0x20 */
	if (lf) {
		isl = x ^ (ones * 0x0a);
		isl = ~((isl + ones * 0x7f) | isl) & high;	/* byte == LF */
	}
	del = x ^ (ones * 0x7f);
	del = ((del + ones * 0x7f) | del) & high;	/* byte != DEL */
	return (printable | isl) == high && del == high;
}

/* A byte offset in the copy as an offset in the segment. */
size_t	 yaml_lift_offset(const struct yaml_lift *l, size_t off);
/* A column of the copy's line starting at segment offset bol, as a column
 * of the original line. */
size_t	 yaml_lift_column(const struct yaml_lift *l, size_t bol, size_t col);

#endif
