/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Literal extraction from PCRE2 patterns: a parser of PCRE2 syntax that
 * finds byte strings every match must contain (one of a small set), so the
 * matcher's automaton can find candidate lines for all patterns at once.
 */
#include "config.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match-private.h"
#include "utf8.h"
#include "xmalloc.h"

/*
 * What the parser knows about a piece of a pattern: either every match of
 * it is exactly one of set (exact), or every match contains one of set (an
 * empty set: nothing is known).
 */
struct linfo {
	int		 exact;
	struct litset	 set;
};

/* State of the literal parser over one pattern. */
struct lparse {
	const unsigned char	*p;
	const unsigned char	*start;
	const unsigned char	*end;
	int			 caseless;	/* (?i) in force */
	int			 extended;	/* (?x) in force */
	int			 inq;		/* inside \Q...\E */
	int			 depth;
	const char		*bail;		/* syntax not analysed */
	size_t			 longest;	/* longest fixed run seen */
	size_t			 alt_off;	/* alternation without one */
	int			 alt_branch;	/* ... its branch, 1-based */
};

/* ---- literal sets ------------------------------------------------------ */

void
match_literal_clear(struct litset *ls)
{
	int i;

	for (i = 0; i < ls->n; i++)
		free(ls->v[i].s);
	ls->n = 0;
}

/* Add a copy of s unless present; returns -1 when the set is full. */
static int
ls_add(struct litset *ls, const char *s, size_t len)
{
	int i;

	for (i = 0; i < ls->n; i++) {
		if (ls->v[i].len == len && memcmp(ls->v[i].s, s, len) == 0)
			return 0;
	}
	if (ls->n == LIT_MAX_SET)
		return -1;
	ls->v[ls->n].s = xmalloc(len + 1);
	memcpy(ls->v[ls->n].s, s, len);
	ls->v[ls->n].s[len] = '\0';
	ls->v[ls->n].len = len;
	ls->n++;
	return 0;
}

/* Move src into dst (dst is cleared first, src left empty). */
static void
ls_move(struct litset *dst, struct litset *src)
{
	if (dst == src)
		return;
	match_literal_clear(dst);
	*dst = *src;
	src->n = 0;
}

static void
ls_copy(struct litset *dst, const struct litset *src)
{
	int i;

	match_literal_clear(dst);
	for (i = 0; i < src->n; i++)
		ls_add(dst, src->v[i].s, src->v[i].len);
}

/* Whether every member is long enough to look for. */
static int
ls_usable(const struct litset *ls)
{
	int i;

	if (ls->n == 0)
		return 0;
	for (i = 0; i < ls->n; i++) {
		if (ls->v[i].len < LIT_MIN)
			return 0;
	}
	return 1;
}

/* Whether the set is {""}: the piece matches only the empty string. */
static int
ls_is_empty_string(const struct litset *ls)
{
	return ls->n == 1 && ls->v[0].len == 0;
}

/*
 * dst = a x b (every a followed by every b) when it stays small; returns -1
 * (dst untouched) when it would not.
 */
static int
ls_product(struct litset *dst, const struct litset *a, const struct litset *b)
{
	struct litset out;
	int i, j;

	if (a->n * b->n > LIT_MAX_SET)
		return -1;
	for (i = 0; i < a->n; i++) {
		for (j = 0; j < b->n; j++) {
			if (a->v[i].len + b->v[j].len > LIT_MAX_RUN)
				return -1;
		}
	}
	out.n = 0;
	for (i = 0; i < a->n; i++) {
		for (j = 0; j < b->n; j++) {
			char buf[2 * LIT_MAX_RUN];

			memcpy(buf, a->v[i].s, a->v[i].len);
			memcpy(buf + a->v[i].len, b->v[j].s, b->v[j].len);
			ls_add(&out, buf, a->v[i].len + b->v[j].len);
		}
	}
	ls_move(dst, &out);
	return 0;
}

/* ---- scoring ----------------------------------------------------------- */

/*
 * Bytes of must-gather logs (folded to lower case), most common first,
 * measured on the vSphere sample's 28 MB of logs.  A byte's weight is about
 * -4 log2 of its frequency: the rarer, the more a literal is worth.
 */
static const char lit_common[] =
    " e01trno:is-94c2a.37l5pd86g\"fumh/bvz=k]yw,[_()x";

static int
lit_byte_weight(unsigned char c)
{
	const char *p;

	c = match_fold(c);
	if (c != '\0' && (p = strchr(lit_common, c)) != NULL)
		return 15 + (int)(p - lit_common) * 26 /
		    (int)(sizeof lit_common);
	if (c >= 0x20 && c < 0x7f)
		return 48;
	return 56;
}

/*
 * Rarity of a literal in quarter bits.  Not capped: byte frequencies
 * overrate common words, so longer is taken as rarer.
 */
static int
lit_score(const char *s, size_t len)
{
	size_t i;
	int w = 0;

	for (i = 0; i < len && i < LIT_MAX_RUN; i++)
		w += lit_byte_weight((unsigned char)s[i]);
	return w;
}

/* Rarity of "any of the set": the weakest member, less log2 of its size. */
static int
ls_score(const struct litset *ls)
{
	int i, w, min = INT_MAX, n;

	for (i = 0; i < ls->n; i++) {
		if ((w = lit_score(ls->v[i].s, ls->v[i].len)) < min)
			min = w;
	}
	for (n = 1; n < ls->n; n <<= 1)
		min -= 4;
	return min;
}

/*
 * The window of a literal put in the automaton: its rarest stretch of at
 * most LIT_MAX_ATOM bytes, with the first two bytes counted twice.  Any
 * substring of a required literal is required too.  Long atoms cost little
 * (deep states are seldom reached); rare first bytes keep the automaton
 * near its root, whose rows stay in L1.
 */
void
match_literal_window(const char *s, size_t len, size_t *off, size_t *wlen)
{
	size_t i, j, n = len < LIT_MAX_ATOM ? len : LIT_MAX_ATOM;
	int w, best = -1;

	*off = 0;
	*wlen = n;
	for (i = 0; i + n <= len; i++) {
		w = lit_byte_weight((unsigned char)s[i]);
		if (n > 1)
			w += lit_byte_weight((unsigned char)s[i + 1]);
		for (j = i; j < i + n; j++)
			w += lit_byte_weight((unsigned char)s[j]);
		if (w > best) {
			best = w;
			*off = i;
		}
	}
}

/* ---- literal extraction: a parser of PCRE2 syntax ---------------------- */

static void	lp_alt(struct lparse *, struct linfo *, int);

static void
li_none(struct linfo *li)
{
	match_literal_clear(&li->set);
	li->exact = 0;
}

static void
li_empty(struct linfo *li)
{
	match_literal_clear(&li->set);
	li->exact = 1;
	ls_add(&li->set, "", 0);
}

static void
li_bytes(struct linfo *li, const unsigned char *s, size_t n)
{
	match_literal_clear(&li->set);
	li->exact = 1;
	ls_add(&li->set, (const char *)s, n);
}

/* Length of the UTF-8 character at p (1 if it is not valid). */
static size_t
lp_charlen(const unsigned char *p, const unsigned char *end)
{
	uint32_t cp;
	size_t n;

	n = utf8_decode((const char *)p, (size_t)(end - p), &cp);
	return n > 0 ? n : 1;
}

/* One literal character (its UTF-8 bytes) as a piece. */
static void
lp_litchar(struct lparse *lp, struct linfo *li, const unsigned char *s,
    size_t n)
{
	unsigned char c = s[0];

	if (n == 1) {
		/* Lines hold no '\n'; NUL would cut the literal list. */
		if (c == '\n' || c == '\0') {
			li_none(li);
			return;
		}
		/*
		 * Caseless UTF matching lets k match U+212A and s match
		 * U+017F: such a letter is not a fixed byte.
		 */
		if (lp->caseless && ((c | 0x20) == 'k' || (c | 0x20) == 's')) {
			li_none(li);
			return;
		}
	} else if (lp->caseless) {
		li_none(li);
		return;
	}
	li_bytes(li, s, n);
}

/* A code point from an escape, as a literal when it is one. */
static void
lp_codepoint(struct lparse *lp, struct linfo *li, unsigned long v)
{
	char b[UTF8_MAX];
	size_t n;

	if (v > 0x10ffff || (n = utf8_encode((uint32_t)v, b)) == 0) {
		li_none(li);
		return;
	}
	lp_litchar(lp, li, (const unsigned char *)b, n);
}

/* Skip to just past the next c; bail if there is none. */
static void
lp_skip_to(struct lparse *lp, unsigned char c)
{
	while (lp->p < lp->end && *lp->p != c)
		lp->p++;
	if (lp->p >= lp->end) {
		lp->bail = "an unterminated construct";
		return;
	}
	lp->p++;
}

/*
 * Skip a {...} argument of an escape if one follows, or also <...> and
 * '...' when names is set (\g and \k).
 */
static int
lp_skip_braced(struct lparse *lp, int names)
{
	unsigned char open;

	if (lp->p >= lp->end)
		return 0;
	open = *lp->p;
	if (open == '{')
		lp_skip_to(lp, '}');
	else if (names && open == '<')
		lp_skip_to(lp, '>');
	else if (names && open == '\'') {
		lp->p++;
		lp_skip_to(lp, '\'');
	} else
		return 0;
	return 1;
}

static int
lp_hexval(unsigned char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = match_fold(c);
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* After a backslash. */
static void
lp_escape(struct lparse *lp, struct linfo *li)
{
	unsigned char c;
	unsigned long v;
	int d, i;

	if (lp->p >= lp->end) {
		lp->bail = "a trailing backslash";
		return;
	}
	c = *lp->p;
	if (c >= 0x80) {
		size_t n = lp_charlen(lp->p, lp->end);

		lp_litchar(lp, li, lp->p, n);
		lp->p += n;
		return;
	}
	lp->p++;
	if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9'))) {
		lp_litchar(lp, li, &c, 1);
		return;
	}
	switch (c) {
	case 'a': c = 0x07; lp_litchar(lp, li, &c, 1); return;
	case 'e': c = 0x1b; lp_litchar(lp, li, &c, 1); return;
	case 'f': c = 0x0c; lp_litchar(lp, li, &c, 1); return;
	case 'n': c = 0x0a; lp_litchar(lp, li, &c, 1); return;
	case 'r': c = 0x0d; lp_litchar(lp, li, &c, 1); return;
	case 't': c = 0x09; lp_litchar(lp, li, &c, 1); return;
	case 'x':
		v = 0;
		if (lp->p < lp->end && *lp->p == '{') {
			lp->p++;
			while (lp->p < lp->end &&
			    (d = lp_hexval(*lp->p)) >= 0) {
				if (v < 0x110000)
					v = v * 16 + (unsigned long)d;
				lp->p++;
			}
			if (lp->p >= lp->end || *lp->p != '}') {
				lp_skip_to(lp, '}');
				li_none(li);
				return;
			}
			lp->p++;
		} else {
			for (i = 0; i < 2 && lp->p < lp->end &&
			    (d = lp_hexval(*lp->p)) >= 0; i++, lp->p++)
				v = v * 16 + (unsigned long)d;
		}
		lp_codepoint(lp, li, v);
		return;
	case '0':
		/* Octal: not worth decoding. */
		for (i = 0; i < 2 && lp->p < lp->end && *lp->p >= '0' &&
		    *lp->p <= '7'; i++)
			lp->p++;
		li_none(li);
		return;
	case '1': case '2': case '3': case '4': case '5':
	case '6': case '7': case '8': case '9':
		/* A back reference or octal: taking more digits is safe. */
		while (lp->p < lp->end && *lp->p >= '0' && *lp->p <= '9')
			lp->p++;
		li_none(li);
		return;
	case 'o':
	case 'N':
		lp_skip_braced(lp, 0);
		li_none(li);
		return;
	case 'c':
		if (lp->p < lp->end)
			lp->p++;
		li_none(li);
		return;
	case 'p':
	case 'P':
		if (!lp_skip_braced(lp, 0) && lp->p < lp->end)
			lp->p++;
		li_none(li);
		return;
	case 'g':
		if (!lp_skip_braced(lp, 1)) {
			if (lp->p < lp->end && (*lp->p == '+' || *lp->p == '-'))
				lp->p++;
			while (lp->p < lp->end && *lp->p >= '0' &&
			    *lp->p <= '9')
				lp->p++;
		}
		li_none(li);
		return;
	case 'k':
		lp_skip_braced(lp, 1);
		li_none(li);
		return;
	case 'd': case 'D': case 'w': case 'W': case 's': case 'S':
	case 'h': case 'H': case 'v': case 'V': case 'R': case 'X':
	case 'C':
		li_none(li);
		return;
	case 'b': case 'B': case 'A': case 'Z': case 'z': case 'G':
	case 'K': case 'E':
		/* Zero-width: the pieces around it are adjacent. */
		li_empty(li);
		return;
	case 'Q':
		lp->inq = 1;
		li_empty(li);
		return;
	}
	lp->bail = "an escape the literal extractor does not know";
}

/*
 * At '[' inside a class: skip a POSIX item such as [:alpha:] and return
 * 1, or return 0 if this '[' is an ordinary character.  The same test as
 * PCRE2's: the item ends at ":]", and a ']' or "[:" before that means it
 * is not one.
 */
static int
lp_posix(struct lparse *lp)
{
	const unsigned char *q;
	unsigned char close;

	if (lp->end - lp->p < 2 || (lp->p[1] != ':' && lp->p[1] != '.' &&
	    lp->p[1] != '='))
		return 0;
	close = lp->p[1];
	for (q = lp->p + 2; q < lp->end; q++) {
		if (*q == '\\' && q + 1 < lp->end && (q[1] == ']' ||
		    q[1] == '\\'))
			q++;
		else if ((*q == '[' && q + 1 < lp->end && q[1] == close) ||
		    *q == ']')
			return 0;
		else if (*q == close && q + 1 < lp->end && q[1] == ']') {
			lp->p = q + 2;
			return 1;
		}
	}
	return 0;
}

/* After '['.  A class of one plain character is that character. */
static void
lp_class(struct lparse *lp, struct linfo *li)
{
	const unsigned char *one = NULL;
	size_t onelen = 0, n;
	int count = 0, plain = 1, first = 1;
	unsigned char c;

	if (lp->p < lp->end && *lp->p == '^') {
		plain = 0;
		lp->p++;
	}
	for (;;) {
		if (lp->p >= lp->end) {
			lp->bail = "an unterminated class";
			return;
		}
		c = *lp->p;
		if (c == ']' && !first) {
			lp->p++;
			break;
		}
		first = 0;
		if (c == '\\') {
			plain = 0;
			if (lp->p + 1 < lp->end && lp->p[1] == 'Q') {
				lp->p += 2;
				while (lp->p < lp->end && !(*lp->p == '\\' &&
				    lp->p + 1 < lp->end && lp->p[1] == 'E'))
					lp->p++;
				if (lp->p < lp->end)
					lp->p += 2;
				continue;
			}
			if (lp->end - lp->p < 2) {
				lp->bail = "an unterminated class";
				return;
			}
			lp->p += 2;
			c = lp->p[-1];
			if (c == 'c' && lp->p < lp->end)
				lp->p++;	/* \c] is a character */
			else if ((c == 'x' || c == 'o' || c == 'p' ||
			    c == 'P' || c == 'N') && lp->p < lp->end &&
			    *lp->p == '{')
				lp_skip_to(lp, '}');
			if (lp->bail != NULL)
				return;
			continue;
		}
		if (c == '[' && lp_posix(lp)) {
			plain = 0;
			continue;
		}
		n = lp_charlen(lp->p, lp->end);
		one = lp->p;
		onelen = n;
		count++;
		lp->p += n;
	}
	if (plain && count == 1 && *one != '-' && *one != '[')
		lp_litchar(lp, li, one, onelen);
	else
		li_none(li);
}

/* Parse "(body)" from just inside the parenthesis, restoring options. */
static void
lp_body(struct lparse *lp, struct linfo *li)
{
	int caseless = lp->caseless, extended = lp->extended;

	if (++lp->depth > LIT_MAX_DEPTH) {
		lp->bail = "groups nested too deep";
		return;
	}
	lp_alt(lp, li, 0);
	lp->depth--;
	lp->caseless = caseless;
	lp->extended = extended;
	if (lp->bail != NULL)
		return;
	if (lp->p >= lp->end || *lp->p != ')') {
		lp->bail = "an unterminated group";
		return;
	}
	lp->p++;
}

/* Option letters after "(?"; returns 1 for ")" (rest of group), 2 for ":". */
static int
lp_options(struct lparse *lp)
{
	int on = 1;
	unsigned char c;

	for (;;) {
		if (lp->p >= lp->end) {
			lp->bail = "an unterminated option setting";
			return 0;
		}
		c = *lp->p++;
		switch (c) {
		case ')':
			return 1;
		case ':':
			return 2;
		case '-':
			on = 0;
			break;
		case '^':
			lp->caseless = 0;
			lp->extended = 0;
			break;
		case 'i':
			lp->caseless = on;
			break;
		case 'x':
			lp->extended = on;
			break;
		case 'm': case 'n': case 's': case 'J': case 'U':
			break;
		default:
			lp->bail = "an option letter the literal extractor "
			    "does not know";
			return 0;
		}
	}
}

/* After '('. */
static void
lp_group(struct lparse *lp, struct linfo *li)
{
	struct linfo tmp;
	const unsigned char *name;
	int caseless, extended, r;

	memset(&tmp, 0, sizeof tmp);
	if (lp->p < lp->end && *lp->p == '*') {
		/* (*VERB) and (*VERB:NAME); (*ACCEPT) ends a match early. */
		lp->p++;
		name = lp->p;
		if (lp->p < lp->end && *lp->p >= 'a' && *lp->p <= 'z') {
			lp->bail = "an alphabetic assertion (*name:...)";
			return;
		}
		if ((size_t)(lp->end - name) >= 6 &&
		    memcmp(name, "ACCEPT", 6) == 0) {
			lp->bail = "(*ACCEPT)";
			return;
		}
		lp_skip_to(lp, ')');
		li_empty(li);
		return;
	}
	if (lp->p >= lp->end || *lp->p != '?') {
		lp_body(lp, li);
		return;
	}
	lp->p++;
	if (lp->p >= lp->end) {
		lp->bail = "an unterminated group";
		return;
	}
	switch (*lp->p) {
	case '#':
		lp_skip_to(lp, ')');
		li_empty(li);
		return;
	case ':': case '|': case '>':
		lp->p++;
		lp_body(lp, li);
		return;
	case '=': case '!': case '*':
		/* Lookahead: zero-width; what it requires is not used. */
		lp->p++;
		lp_body(lp, &tmp);
		li_none(&tmp);
		li_empty(li);
		return;
	case '<':
		if (lp->p + 1 < lp->end && (lp->p[1] == '=' ||
		    lp->p[1] == '!' || lp->p[1] == '*')) {
			lp->p += 2;
			lp_body(lp, &tmp);
			li_none(&tmp);
			li_empty(li);
			return;
		}
		lp_skip_to(lp, '>');
		if (lp->bail == NULL)
			lp_body(lp, li);
		return;
	case '\'':
		lp->p++;
		lp_skip_to(lp, '\'');
		if (lp->bail == NULL)
			lp_body(lp, li);
		return;
	case 'P':
		if (lp->p + 1 < lp->end && lp->p[1] == '<') {
			lp->p++;
			lp_skip_to(lp, '>');
			if (lp->bail == NULL)
				lp_body(lp, li);
			return;
		}
		/* (?P=name) and (?P>name): a reference or a call. */
		lp_skip_to(lp, ')');
		li_none(li);
		return;
	case 'R': case '&': case '+': case '0': case '1': case '2': case '3':
	case '4': case '5': case '6': case '7': case '8': case '9':
		lp_skip_to(lp, ')');
		li_none(li);
		return;
	case 'C':
		lp->bail = "a callout";
		return;
	case '(':
		/* (?(condition)yes|no): neither branch is required. */
		lp->p++;
		if (lp->p + 1 < lp->end && lp->p[0] == '?' &&
		    (lp->p[1] == '=' || lp->p[1] == '!' || lp->p[1] == '<')) {
			lp_group(lp, &tmp);
			li_none(&tmp);
		} else if (lp->p + 1 < lp->end && (lp->p[0] == '*' ||
		    (lp->p[0] == '?' && lp->p[1] == 'C'))) {
			lp->bail = "a conditional with an alphabetic assertion "
			    "or a callout";
			return;
		} else
			lp_skip_to(lp, ')');
		if (lp->bail == NULL)
			lp_body(lp, &tmp);
		li_none(&tmp);
		li_none(li);
		return;
	case '-':
		if (lp->p + 1 < lp->end && lp->p[1] >= '0' && lp->p[1] <= '9') {
			lp_skip_to(lp, ')');
			li_none(li);
			return;
		}
		break;
	}
	caseless = lp->caseless;
	extended = lp->extended;
	r = lp_options(lp);
	if (r == 1) {
		/* Options for the rest of the enclosing group. */
		li_empty(li);
		return;
	}
	if (r == 2) {
		lp_body(lp, li);
		lp->caseless = caseless;
		lp->extended = extended;
	}
}

/*
 * Skip what PCRE2 ignores between an item and its quantifier: \E, \Q\E,
 * (?#...) and, in extended mode, white space and # comments.
 */
static void
lp_space(struct lparse *lp)
{
	const unsigned char *p;
	unsigned char c;

	while (!lp->inq && lp->p < lp->end) {
		p = lp->p;
		c = *p;
		if (c == '\\' && lp->end - p >= 2 && p[1] == 'E')
			lp->p += 2;
		else if (c == '\\' && lp->end - p >= 4 && p[1] == 'Q' &&
		    p[2] == '\\' && p[3] == 'E')
			lp->p += 4;
		else if (c == '(' && lp->end - p >= 3 && p[1] == '?' &&
		    p[2] == '#') {
			lp->p += 3;
			lp_skip_to(lp, ')');
			if (lp->bail != NULL)
				return;
		} else if (!lp->extended)
			return;
		else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
		    c == '\f')
			lp->p++;
		else if (c == '#') {
			while (lp->p < lp->end && *lp->p != '\n')
				lp->p++;
		} else if (c == 0x0b || c >= 0x80) {
			/* White space whose treatment varies by version. */
			lp->bail = "non-ASCII or VT characters in extended "
			    "mode";
			return;
		} else
			return;
	}
}

/*
 * A quantifier at p: sets min (max < 0: unbounded) and consumes it.  Forms
 * that are a quantifier in some PCRE2 versions and literal text in others
 * ("{,3}", "{ 1 }") set *loose: the caller must then assume either.
 */
static int
lp_quant(struct lparse *lp, long *min, long *max, int *loose)
{
	const unsigned char *q;
	long a = -1, b = -1;
	int comma = 0;

	*loose = 0;
	if (lp->p >= lp->end)
		return 0;
	switch (*lp->p) {
	case '?':
		*min = 0;
		*max = 1;
		break;
	case '*':
		*min = 0;
		*max = -1;
		break;
	case '+':
		*min = 1;
		*max = -1;
		break;
	case '{':
		for (q = lp->p + 1; q < lp->end; q++) {
			if (*q >= '0' && *q <= '9') {
				if (comma)
					b = (b < 0 ? 0 : b) * 10 + (*q - '0');
				else
					a = (a < 0 ? 0 : a) * 10 + (*q - '0');
				if (a > 100000 || b > 100000)
					return 0;
			} else if (*q == ',' && !comma)
				comma = 1;
			else if (*q == ' ' || *q == '\t')
				*loose = 1;
			else
				break;
		}
		if (q >= lp->end || *q != '}')
			return 0;
		if (a < 0)
			*loose = 1;
		*min = a < 0 ? 0 : a;
		*max = comma ? b : *min;
		lp->p = q;
		break;
	default:
		return 0;
	}
	lp->p++;
	/* Lazy or possessive. */
	if (lp->p < lp->end && (*lp->p == '?' || *lp->p == '+'))
		lp->p++;
	return 1;
}

/*
 * What a piece becomes under a quantifier.  A loose one may instead be
 * literal text after the piece: either way the run must break there.
 */
static void
lp_repeat(struct linfo *li, long min, long max, int loose)
{
	if (li->exact && ls_is_empty_string(&li->set)) {
		if (loose)
			li_none(li);
		return;
	}
	if (loose)
		max = -1;
	if (min == 0) {
		li_none(li);
		return;
	}
	if (min == 1 && max == 1)
		return;
	if (li->exact) {
		li->exact = 0;
		if (!ls_usable(&li->set))
			match_literal_clear(&li->set);
	}
}

/*
 * One item (an atom and its quantifiers) into li; returns 0 at the end of a
 * branch ('|', ')' or the end of the pattern).
 */
static int
lp_item(struct lparse *lp, struct linfo *li)
{
	const unsigned char *save;
	long min, max;
	int loose;
	size_t n;
	unsigned char c;

	if (lp->inq) {
		if (lp->p >= lp->end)
			return 0;
		if (*lp->p == '\\' && lp->p + 1 < lp->end && lp->p[1] == 'E') {
			lp->p += 2;
			lp->inq = 0;
			li_empty(li);
			return 1;
		}
		n = lp_charlen(lp->p, lp->end);
		lp_litchar(lp, li, lp->p, n);
		lp->p += n;
		if (!(lp->p + 1 < lp->end && lp->p[0] == '\\' &&
		    lp->p[1] == 'E'))
			return 1;
		/* "\Q...x\E+": the quantifier applies to x. */
		lp->p += 2;
		lp->inq = 0;
	} else {
		lp_space(lp);
		if (lp->bail != NULL || lp->p >= lp->end)
			return 0;
		c = *lp->p;
		if (c == '|' || c == ')')
			return 0;
		lp->p++;
		switch (c) {
		case '(':
			lp_group(lp, li);
			break;
		case '[':
			lp_class(lp, li);
			break;
		case '\\':
			lp_escape(lp, li);
			break;
		case '.':
			li_none(li);
			break;
		case '^':
		case '$':
			li_empty(li);
			break;
		case '*':
		case '+':
		case '?':
			li_none(li);
			break;
		case '{':
			save = --lp->p;
			if (lp_quant(lp, &min, &max, &loose)) {
				li_none(li);
				break;
			}
			lp->p = save + 1;
			lp_litchar(lp, li, &c, 1);
			break;
		default:
			lp->p--;
			if (c >= 0x80 && lp->extended) {
				lp->bail = "non-ASCII characters in extended "
				    "mode";
				return 0;
			}
			n = lp_charlen(lp->p, lp->end);
			lp_litchar(lp, li, lp->p, n);
			lp->p += n;
			break;
		}
		if (lp->bail != NULL)
			return 0;
		if (lp->inq)
			return 1;
	}
	for (;;) {
		lp_space(lp);
		if (lp->bail != NULL)
			return 0;
		if (!lp_quant(lp, &min, &max, &loose))
			break;
		lp_repeat(li, min, max, loose);
	}
	return 1;
}

/* Offer a set as the requirement of a branch; keep the rarest. */
static void
lp_consider(struct lparse *lp, const struct litset *ls, struct litset *best,
    int *best_score)
{
	int i, score;

	for (i = 0; i < ls->n; i++) {
		if (ls->v[i].len > lp->longest)
			lp->longest = ls->v[i].len;
	}
	if (!ls_usable(ls))
		return;
	score = ls_score(ls);
	if (score > *best_score) {
		ls_copy(best, ls);
		*best_score = score;
	}
}

/* One branch: a sequence of items. */
static void
lp_concat(struct lparse *lp, struct linfo *out)
{
	struct linfo item;
	struct litset cur, best;
	int allexact = 1, best_score = -1;

	memset(&item, 0, sizeof item);
	cur.n = best.n = 0;
	ls_add(&cur, "", 0);
	while (lp_item(lp, &item)) {
		if (item.exact) {
			if (ls_product(&cur, &cur, &item.set) != 0) {
				lp_consider(lp, &cur, &best, &best_score);
				allexact = 0;
				ls_move(&cur, &item.set);
			}
		} else {
			lp_consider(lp, &cur, &best, &best_score);
			match_literal_clear(&cur);
			ls_add(&cur, "", 0);
			allexact = 0;
			lp_consider(lp, &item.set, &best, &best_score);
		}
		li_none(&item);
	}
	li_none(&item);
	li_none(out);
	if (lp->bail != NULL) {
		match_literal_clear(&cur);
		match_literal_clear(&best);
		return;
	}
	if (allexact) {
		out->exact = 1;
		ls_move(&out->set, &cur);
		match_literal_clear(&best);
		return;
	}
	lp_consider(lp, &cur, &best, &best_score);
	match_literal_clear(&cur);
	ls_move(&out->set, &best);
}

/* Branches separated by '|', up to ')' or the end. */
static void
lp_alt(struct lparse *lp, struct linfo *out, int top)
{
	struct linfo br;
	struct litset exu, rqu;
	const unsigned char *at = lp->p;
	int nbr = 0, allexact = 1, ok = 1, i;

	memset(&br, 0, sizeof br);
	exu.n = rqu.n = 0;
	for (;;) {
		lp_concat(lp, &br);
		nbr++;
		if (lp->bail != NULL)
			break;
		if (allexact && br.exact) {
			for (i = 0; i < br.set.n && allexact; i++) {
				if (ls_add(&exu, br.set.v[i].s,
				    br.set.v[i].len) != 0)
					allexact = 0;
			}
		} else
			allexact = 0;
		if (ok && (br.set.n == 0 || !ls_usable(&br.set)))
			ok = 0;
		for (i = 0; ok && i < br.set.n; i++) {
			if (ls_add(&rqu, br.set.v[i].s, br.set.v[i].len) != 0)
				ok = 0;
		}
		if (!ok && lp->alt_branch == 0 && (nbr > 1 ||
		    (lp->p < lp->end && *lp->p == '|'))) {
			lp->alt_branch = nbr;
			lp->alt_off = (size_t)(at - lp->start);
		}
		li_none(&br);
		if (lp->p < lp->end && *lp->p == '|') {
			lp->p++;
			continue;
		}
		break;
	}
	li_none(&br);
	li_none(out);
	if (lp->bail == NULL && top && lp->p < lp->end)
		lp->bail = "an unmatched ')'";
	if (lp->bail == NULL && allexact) {
		out->exact = 1;
		ls_move(&out->set, &exu);
	} else if (lp->bail == NULL && ok)
		ls_move(&out->set, &rqu);
	match_literal_clear(&exu);
	match_literal_clear(&rqu);
}

/*
 * Find literals every match of the pattern contains (at least one of them)
 * into out, or leave it empty and put the reason in why.
 */
void
match_literal_extract(const char *pattern, size_t len, int caseless,
    struct litset *out, char *why, size_t whylen)
{
	struct lparse lp;
	struct linfo li;

	memset(&lp, 0, sizeof lp);
	memset(&li, 0, sizeof li);
	lp.p = lp.start = (const unsigned char *)pattern;
	lp.end = lp.p + len;
	lp.caseless = caseless;
	lp_alt(&lp, &li, 1);
	out->n = 0;
	if (lp.bail != NULL) {
		li_none(&li);
		snprintf(why, whylen, "no literal extracted: the pattern uses "
		    "%s", lp.bail);
		return;
	}
	if (ls_usable(&li.set)) {
		ls_move(out, &li.set);
		return;
	}
	li_none(&li);
	if (lp.alt_branch != 0)
		snprintf(why, whylen, "no literal of %d+ bytes required: the "
		    "alternation at offset %zu has a branch (%d) without one",
		    LIT_MIN, lp.alt_off, lp.alt_branch);
	else
		snprintf(why, whylen, "no literal of %d+ bytes required: the "
		    "longest fixed run is %zu bytes", LIT_MIN, lp.longest);
}

