/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Long base64 values lifted out of a YAML segment before libyaml reads it.
 *
 * A third of a real must-gather's YAML bytes are lines such as
 * "    ca.crt: LS0tLS1CRUdJTi..." (Secrets, kubeconfigs in ConfigMaps), and
 * libyaml decodes, checks and copies every one of those bytes a character
 * at a time.  Each such value is replaced in a copy of the segment by a
 * short placeholder of letters and digits, which libyaml tokenizes exactly
 * as it would the value (both are plain runs of ordinary characters ending
 * the line), and every scalar libyaml hands back has its placeholders
 * replaced by the original bytes.  Only the value bytes change, so lines,
 * keys, structure and errors are the same; the placeholder is verbatim in
 * every scalar style (no quote, escape, space or line break in it), so
 * substitution is exact wherever libyaml puts it.
 *
 * Another quarter are literal block scalars ("ca-bundle.crt: |" and lines
 * under it in ConfigMaps).  A block whose lines are printable text, whose
 * first line is not blank and whose end is a line no deeper than its key
 * becomes "<key>: <placeholder>" and as many empty lines as it had, so
 * lines keep their numbers.  That is exact only where the line really is a
 * key and value of a block mapping, which a scan of lines cannot know (it
 * could be inside a quoted string or a flow collection): the parser checks
 * that each block's placeholder comes back as a plain value of a block
 * mapping, and reads the segment again without lifting when one does not,
 * or when libyaml or the parser finds a problem (libyaml's look-ahead can
 * pass a placeholder before it comes back).  A double-quoted scalar whose
 * escapes spell a marker the input did not hold ("xMgTLiFt\x78...") is
 * read again the same way.
 *
 * A lazy body (parse-lazy.h) is lifted the same way as a block: the lines
 * under "spec:" at the margin become " <placeholder>" and empty lines, and
 * the parser keeps the original text for the object instead of a scalar
 * (parse-yaml.c checks it came back as the root's value of that key).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse-yaml-lift.h"
#include "xmalloc.h"

/* Marker, then the span's index in YAML_LIFT_DIGITS decimal digits. */
#define YAML_LIFT_MARKER	"xMgTLiFtx"
#define YAML_LIFT_MARKER_LEN	(sizeof YAML_LIFT_MARKER - 1)
#define YAML_LIFT_DIGITS	8
#define YAML_LIFT_PH		(YAML_LIFT_MARKER_LEN + YAML_LIFT_DIGITS)
#define YAML_LIFT_MAX_SPANS	99999999UL

/* base64 (standard and URL-safe alphabets, padding). */
static const unsigned char yaml_b64[256] = {
	['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1, ['F'] = 1,
	['G'] = 1, ['H'] = 1, ['I'] = 1, ['J'] = 1, ['K'] = 1, ['L'] = 1,
	['M'] = 1, ['N'] = 1, ['O'] = 1, ['P'] = 1, ['Q'] = 1, ['R'] = 1,
	['S'] = 1, ['T'] = 1, ['U'] = 1, ['V'] = 1, ['W'] = 1, ['X'] = 1,
	['Y'] = 1, ['Z'] = 1,
	['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1,
	['g'] = 1, ['h'] = 1, ['i'] = 1, ['j'] = 1, ['k'] = 1, ['l'] = 1,
	['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1, ['q'] = 1, ['r'] = 1,
	['s'] = 1, ['t'] = 1, ['u'] = 1, ['v'] = 1, ['w'] = 1, ['x'] = 1,
	['y'] = 1, ['z'] = 1,
	['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1,
	['6'] = 1, ['7'] = 1, ['8'] = 1, ['9'] = 1,
	['+'] = 1, ['/'] = 1, ['='] = 1, ['-'] = 1, ['_'] = 1
};

/* Characters of a simple key ("ca.crt", "service-ca.crt", "tls.key"). */
static int
yaml_key_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-' ||
	    c == '/';
}

/*
 * "<spaces><key>" at the start of [p, eol): where the key ends, or NULL.
 * Its indentation goes to *col.
 */
static const char *
yaml_lift_key(const char *p, const char *eol, size_t *col)
{
	const char *s = p;

	while (s < eol && *s == ' ')
		s++;
	*col = (size_t)(s - p);
	if (s == eol || !yaml_key_char((unsigned char)*s) || *s == '-')
		return NULL;	/* "- " would make a sequence entry */
	while (s < eol && yaml_key_char((unsigned char)*s))
		s++;
	return s;
}

/*
 * Where the value of "<spaces><key>: <base64>\n" starts in [p, eol), or
 * NULL.  The value must be at least min bytes and end the line.
 */
static const char *
yaml_lift_value(const char *p, const char *eol, size_t min)
{
	const unsigned char *s, *v;
	const unsigned char *e = (const unsigned char *)eol;
	const char *k;
	size_t col;

	if ((k = yaml_lift_key(p, eol, &col)) == NULL)
		return NULL;
	s = (const unsigned char *)k;
	if (e - s < 2 || s[0] != ':' || s[1] != ' ')
		return NULL;
	v = s += 2;
	/* "-" then a line break is a sequence entry, not a scalar. */
	if ((size_t)(e - v) < min || *v == '-')
		return NULL;
	while (s < e && yaml_b64[*s])
		s++;
	return s == e ? (const char *)v : NULL;
}

/* Leading spaces of the line [p, eol). */
static size_t
yaml_spaces(const char *p, const char *eol)
{
	const char *s = p;

	while (s < eol && *s == ' ')
		s++;
	return (size_t)(s - p);
}

/*
 * Whether [p, eol) ends in a block scalar header: " |" or " >" and at most
 * two indicators ("|-", ">+", "|2-").  The lines under such a header are
 * not scanned for blocks (a nested "key: |" there is text, not a block).
 */
static int
yaml_block_header(const char *p, const char *eol)
{
	const char *s = eol;
	int ind = 0;

	/* Most lines end in none of these: done at once. */
	if (s == p || strchr("|>-+ 123456789", s[-1]) == NULL || s[-1] == '\0')
		return 0;
	while (s > p && s[-1] == ' ')
		s--;
	while (s > p && ind < 3 && (s[-1] == '-' || s[-1] == '+' ||
	    (s[-1] >= '1' && s[-1] <= '9'))) {
		s--;
		ind++;
	}
	if (s == p || (s[-1] != '|' && s[-1] != '>'))
		return 0;
	return s - 1 == p || s[-2] == ' ';
}

/*
 * Whether [s, e) is text libyaml keeps on one line of a block: printable
 * ASCII, or UTF-8 (the caller checked it is valid and holds nothing libyaml
 * refuses) but for NEL, LS and PS, which libyaml takes as line breaks.
 */
static int
yaml_block_text(const char *s, const char *e)
{
	const unsigned char *u = (const unsigned char *)s;
	const unsigned char *end = (const unsigned char *)e;

	for (; u < end; u++) {
		while (end - u >= 8 && yaml_word_printable(u, 0))
			u += 8;
		if (u == end)
			break;
		if (*u >= 0x20 && *u <= 0x7e)
			continue;
		if (*u < 0x80)
			return 0;
		if (*u == 0xc2 && u + 1 < end && u[1] == 0x85)
			return 0;
		if (*u == 0xe2 && u + 2 < end && u[1] == 0x80 &&
		    (u[2] == 0xa8 || u[2] == 0xa9))
			return 0;
	}
	return 1;
}

/*
 * If [p, eol) is "<spaces><key>: |" or "|-" and the lines after it make a
 * block that can be lifted, the block's end: the line break ending its last
 * content line.  Its content indentation goes to *indent, and the line
 * breaks from the header to that end to *lines.  NULL if not.
 *
 * libyaml's literal scalar: the first non-blank line sets the indentation;
 * a line of spaces no longer than that is an empty line, any other line
 * indented that far is content, and the first line indented less ends the
 * block.  Only the plain cases are taken: first line not blank and deeper
 * than the key, content of printable text (no tab, CR or Unicode break),
 * every line ending in LF, and the line that ends the block starting no
 * deeper than the key with an ordinary character, so that the placeholder
 * after it is a complete plain scalar too.
 */
static const char *
yaml_lift_block_end(const char *p, const char *eol, const char *end,
    int *strip, size_t *indent, size_t *lines)
{
	const char *q, *nl, *last = NULL, *s;
	size_t key, sp, len, m = 0, n = 0;

	if ((s = yaml_lift_key(p, eol, &key)) == NULL)
		return NULL;
	if (eol - s == 3 && memcmp(s, ": |", 3) == 0)
		*strip = 0;
	else if (eol - s == 4 && memcmp(s, ": |-", 4) == 0)
		*strip = 1;
	else
		return NULL;
	for (q = eol + 1; q < end; q = nl + 1, n++) {
		if ((nl = memchr(q, '\n', (size_t)(end - q))) == NULL)
			return NULL;
		len = (size_t)(nl - q);
		sp = yaml_spaces(q, nl);
		if (m == 0) {
			if (sp == len || sp <= key)
				return NULL;
			m = sp;
		}
		if (sp == len) {
			/* Spaces only: empty, or content past the indent. */
			if (len > m) {
				last = nl;
				*lines = n + 1;
			}
			continue;
		}
		if (sp < m) {
			/* The end: a line no deeper than the key. */
			if (sp > key || (unsigned char)q[sp] < 0x21 ||
			    (unsigned char)q[sp] > 0x7e)
				return NULL;
			break;
		}
		if (!yaml_block_text(q + sp, nl))
			return NULL;
		last = nl;
		*lines = n + 1;
	}
	*indent = m;
	return last;
}

/* Past the quote closing a scalar opened before q, or NULL (still open at
 * eol).  Double-quoted: a backslash escapes the next byte; single-quoted:
 * '' is a quote. */
static const char *
yaml_lazy_quote_end(const char *q, const char *eol, int dq)
{
	for (; q < eol; q++) {
		if (dq && *q == '\\') {
			if (++q == eol)
				return NULL;	/* an escaped line break */
		} else if (*q == (dq ? '"' : '\'')) {
			if (!dq && q + 1 < eol && q[1] == '\'')
				q++;
			else
				return q + 1;
		}
	}
	return NULL;
}

/* Whether [s, e) holds needle: memchr for its first byte, which is rare,
 * is many times faster than memmem over a whole body. */
static int
yaml_lazy_holds(const char *s, const char *e, const char *needle)
{
	size_t n = strlen(needle);

	for (; (s = memchr(s, needle[0], (size_t)(e - s))) != NULL; s++)
		if ((size_t)(e - s) >= n && memcmp(s, needle, n) == 0)
			return 1;
	return 0;
}

/*
 * The first place in [t, eol) that ends a plain scalar: a ':' before a
 * space or the line's end (*colon set), or a '#' after a space; NULL if
 * none.  One pass: memmem per line cost more than the rest of the scan.
 */
static const char *
yaml_lazy_mark(const char *t, const char *eol, int *colon)
{
	const char *q;

	for (q = t; q < eol; q++) {
		if (*q == ':' && (q + 1 == eol || q[1] == ' ')) {
			*colon = 1;
			return q;
		}
		if (*q == '#' && q > t && q[-1] == ' ') {
			*colon = 0;
			return q;
		}
	}
	return NULL;
}

/* Whether [q, eol) is spaces and perhaps a comment. */
static int
yaml_lazy_rest_empty(const char *q, const char *eol)
{
	q += yaml_spaces(q, eol);
	return q == eol || *q == '#';
}

/* A flow collection that opens at q and closes on its line, holding no
 * quote, comment, tag, anchor or alias (a verbatim tag "!<...>" may hold
 * brackets): the only flows followed. */
static int
yaml_lazy_flow(const char *q, const char *eol)
{
	int depth = 0;

	for (; q < eol; q++) {
		if (*q == '[' || *q == '{')
			depth++;
		else if (*q == ']' || *q == '}') {
			if (--depth == 0)
				return yaml_lazy_rest_empty(q + 1, eol);
		} else if (strchr("\"'#!&*", *q) != NULL)
			return 0;
	}
	return 0;
}

enum { LAZY_NONE, LAZY_DQ, LAZY_SQ, LAZY_REFUSE };

/*
 * A value starting at v (after "key: " or "- ") whose collection is at
 * column owner.  Returns the state after the line; *skip becomes the
 * column above which the next lines belong to this value (a block scalar's
 * or a plain scalar's continuation), *plain whether it is plain.
 */
static int
yaml_lazy_value(const char *v, const char *eol, long owner, long *skip,
    int *plain)
{
	const char *r;
	int colon;

	v += yaml_spaces(v, eol);
	if (v == eol || *v == '#')
		return LAZY_NONE;	/* a collection on the next lines */
	switch (*v) {
	case '"':
	case '\'':
		if ((r = yaml_lazy_quote_end(v + 1, eol, *v == '"')) == NULL)
			return *v == '"' ? LAZY_DQ : LAZY_SQ;
		return yaml_lazy_rest_empty(r, eol) ? LAZY_NONE : LAZY_REFUSE;
	case '[':
	case '{':
		return yaml_lazy_flow(v, eol) ? LAZY_NONE : LAZY_REFUSE;
	case '|':
	case '>':
		/* Chomping only: an indentation indicator would let lines
		 * deeper than owner end the block. */
		for (r = v + 1; r < eol && (*r == '-' || *r == '+'); r++)
			;
		if (!yaml_lazy_rest_empty(r, eol))
			return LAZY_REFUSE;
		*skip = owner;
		*plain = 0;	/* a block: its indentation comes next */
		return LAZY_NONE;
	case '&':	/* anchors, tags, aliases, complex keys, reserved */
	case '!':
	case '*':
	case '?':
	case '%':
	case '@':
	case '`':
		return LAZY_REFUSE;
	}
	/* A comment ends a plain scalar: the next lines are not its. */
	if (yaml_lazy_mark(v, eol, &colon) == NULL) {
		*skip = owner;
		*plain = 1;
	}
	return LAZY_NONE;
}

/*
 * Whether the body [s, e) (whole lines) closes every quoted scalar, flow
 * collection, block scalar and multi-line plain scalar it opens, by
 * libyaml's rules, so that the body read alone ends where it ends in place
 * and the line after it is a key of the root mapping either way.  A scan
 * of lines, not a parser: what it does not follow exactly (a flow over
 * lines or holding quotes, an anchor, tag or alias, a complex key, a tab,
 * a line break other than LF, an escaped NUL, a plain scalar that is not
 * a value on its key's or dash's line) refuses the body, which is then
 * read in place.  libyaml's rules it follows: a quoted scalar runs to its
 * closing quote whatever the indentation; a plain or block scalar goes on
 * while lines are deeper than its collection's column (a mapping's key,
 * a sequence's dash).
 */
static int
yaml_lift_lazy_closed(const char *s, const char *e)
{
	const char *p, *eol, *t, *r, *k;
	long skip = -1, ind, owner, block = 0, blank = 0;
	int state = LAZY_NONE, plain = 0, colon = 0;
	static const char *const refuse[] = {
		"\t", "\r", "\xc2\x85", "\xe2\x80\xa8", "\xe2\x80\xa9",
		"\\0", "\\x00", "\\u0000", "\\U00000000"
	};
	size_t i;

	for (i = 0; i < sizeof refuse / sizeof refuse[0]; i++)
		if (yaml_lazy_holds(s, e, refuse[i]))
			return 0;
	for (p = s; p < e && state != LAZY_REFUSE; p = eol + 1) {
		eol = memchr(p, '\n', (size_t)(e - p));
		t = p + yaml_spaces(p, eol);
		if (t == eol) {
			/* Blank: inside anything.  Before a block's first
			 * line, its width counts towards the indentation. */
			if (skip >= 0 && !plain && block == 0 &&
			    eol - p > blank)
				blank = eol - p;
			continue;
		}
		ind = t - p;
		if (state == LAZY_DQ || state == LAZY_SQ) {
			r = yaml_lazy_quote_end(p, eol, state == LAZY_DQ);
			if (r != NULL)
				state = yaml_lazy_rest_empty(r, eol) ?
				    LAZY_NONE : LAZY_REFUSE;
			continue;
		}
		if (skip >= 0 && ind > skip) {
			/* A comment or key would end a plain scalar here. */
			if (plain && (*t == '#' || yaml_lazy_mark(t, eol,
			    &colon) != NULL))
				state = LAZY_REFUSE;
			/*
			 * libyaml takes a block's indentation from its first
			 * line (or a wider blank line before it) and ends it
			 * at a line less deep: refused, not followed.
			 */
			if (!plain && block == 0) {
				if (blank > ind)
					state = LAZY_REFUSE;
				block = ind;
			} else if (!plain && ind < block)
				state = LAZY_REFUSE;
			continue;
		}
		skip = -1;
		block = blank = 0;
		if (*t == '#')
			continue;
		owner = -1;
		while (*t == '-' && (t + 1 == eol || t[1] == ' ')) {
			owner = t - p;		/* a sequence's dash */
			t += 1 + yaml_spaces(t + 1, eol);
		}
		if (t == eol || *t == '#')
			continue;	/* "-" or "- # comment": content follows */
		if (*t == '"' || *t == '\'') {
			/* A quoted scalar, or a quoted key. */
			r = yaml_lazy_quote_end(t + 1, eol, *t == '"');
			if (r == NULL) {
				state = *t == '"' ? LAZY_DQ : LAZY_SQ;
				continue;
			}
			r += yaml_spaces(r, eol);
			if (r == eol || *r == '#')
				continue;
			if (*r != ':' || (r + 1 < eol && r[1] != ' '))
				state = LAZY_REFUSE;
			else
				state = yaml_lazy_value(r + 1, eol, t - p, &skip,
				    &plain);
			continue;
		}
		if (strchr("[{&!*?|>%@`", *t) != NULL) {
			state = *t == '[' || *t == '{' ?
			    (yaml_lazy_flow(t, eol) ? LAZY_NONE : LAZY_REFUSE) :
			    LAZY_REFUSE;
			continue;
		}
		/* A plain key and its value, or a sequence's plain item. */
		if ((k = yaml_lazy_mark(t, eol, &colon)) != NULL && colon)
			state = yaml_lazy_value(k + 1, eol, t - p, &skip,
			    &plain);
		else if (owner >= 0) {
			skip = owner;
			plain = 1;
		} else
			state = LAZY_REFUSE;
	}
	return state == LAZY_NONE;
}

/*
 * The lazy body under the line "<key>:" at the left margin: [*from, *to)
 * runs from that line's break to the break ending the body's last line,
 * which holds *lines breaks.  Taken only in the plain case, where the
 * placeholder cannot change what libyaml makes of the rest: the key's line
 * is in the segment once, no directive ("%") can change how the body reads
 * on its own, every body line is empty or starts with a space (so nothing
 * of the body is at the margin), and the body ends at the segment's end or
 * at a line starting with an ordinary character other than a comment's or
 * a document marker's.  Whether the line really is a key of the root
 * mapping is for the parser to check (parse-yaml.c).
 */
static int
yaml_lift_lazy_find(const char *seg, size_t len, const struct parse_lazy *lz,
    size_t min, size_t *from, size_t *to, size_t *lines)
{
	char needle[40];
	const char *key = lz->key;
	size_t klen = strlen(key), n = 0, body = 0;
	const char *end = seg + len, *p, *q, *nl, *d;

	if (klen == 0 || klen + 3 >= sizeof needle || len < klen + 2)
		return 0;
	needle[0] = '\n';
	memcpy(needle + 1, key, klen);
	memcpy(needle + 1 + klen, ":\n", 2);
	if (memcmp(seg, needle + 1, klen + 2) == 0)
		p = seg;
	else if ((p = memmem(seg, len, needle, klen + 3)) != NULL)
		p++;
	else
		return 0;
	q = p + klen + 2;
	if (memmem(q - 1, (size_t)(end - q + 1), needle, klen + 3) != NULL)
		return 0;
	/* memchr, not memmem: glibc's memmem is slow for two bytes. */
	for (d = seg; (d = memchr(d, '%', (size_t)(end - d))) != NULL; d++)
		if (d == seg || d[-1] == '\n')
			return 0;
	while (q < end) {
		if (*q == '\n') {
			q++;
			n++;
			continue;
		}
		if (*q != ' ')
			break;
		if ((nl = memchr(q, '\n', (size_t)(end - q))) == NULL)
			return 0;	/* a last line without LF */
		q = nl + 1;
		n++;
		body++;
	}
	if (q < end && ((unsigned char)*q < 0x21 || (unsigned char)*q > 0x7e ||
	    *q == '#' || *q == '-' || *q == '.'))
		return 0;
	*from = (size_t)(p - seg) + klen + 1;
	*to = (size_t)(q - seg) - 1;
	*lines = n;
	if (body == 0 || *to - *from < min || (lz->refuse != NULL &&
	    memmem(seg + *from, *to - *from, lz->refuse, strlen(lz->refuse)) !=
	    NULL))
		return 0;
	return yaml_lift_lazy_closed(seg + *from + 1, seg + *to + 1);
}

/* A span; clen is what stands for it in the copy. */
static void
yaml_lift_add(struct yaml_lift *l, size_t orig, size_t len, size_t clen,
    int block, size_t indent)
{
	if (l->n == l->a) {
		l->a = l->a ? l->a * 2 : 64;
		l->spans = xreallocarray(l->spans, l->a, sizeof *l->spans);
	}
	l->spans[l->n].orig = orig;
	l->spans[l->n].len = len;
	l->spans[l->n].block = block;
	l->spans[l->n].indent = indent;
	l->spans[l->n].clen = clen;
	if (block)
		l->nblocks++;
	l->n++;
}

int
yaml_lift_segment(struct yaml_lift *l, const char *seg, size_t len,
    size_t min, int blocks, const struct parse_lazy *lazy)
{
	const char *p = seg, *end = seg + len, *eol, *v, *bar, *last;
	const char *lazy_at = NULL;
	size_t i, o, from, grow, k, d, indent, under = 0, lf = 0, sp;
	size_t lazy_from = 0, lazy_to = 0, lazy_lines = 0;
	int strip = 0;

	memset(l, 0, sizeof *l);
	l->lazy = -1;
	if (min == 0 || len < min)
		return 0;
	if (lazy != NULL && yaml_lift_lazy_find(seg, len, lazy, min,
	    &lazy_from, &lazy_to, &lazy_lines))
		lazy_at = seg + lazy_from - strlen(lazy->key) - 1;
	for (; p < end; p = eol + 1) {
		/* Only lines ending in LF: a CR or the last line stays. */
		if ((eol = memchr(p, '\n', (size_t)(end - p))) == NULL)
			break;
		if (l->n == YAML_LIFT_MAX_SPANS)
			break;
		/* Under a block header that was not lifted: no blocks. */
		if (under > 0) {
			sp = yaml_spaces(p, eol);
			if (sp < under && sp < (size_t)(eol - p))
				under = 0;
		}
		if (p == lazy_at) {
			/* " <placeholder>" after the colon, lines kept. */
			l->lazy = (long)l->n;
			yaml_lift_add(l, lazy_from, lazy_to - lazy_from,
			    1 + YAML_LIFT_PH + lazy_lines, 3, 0);
			eol = seg + lazy_to;
			continue;
		}
		if (under == 0 && blocks && yaml_block_header(p, eol)) {
			sp = yaml_spaces(p, eol);
			last = yaml_lift_block_end(p, eol, end, &strip,
			    &indent, &lf);
			bar = eol - 1 - strip;
			if (last != NULL && (size_t)(last - bar) >= min) {
				yaml_lift_add(l, (size_t)(bar - seg),
				    (size_t)(last - bar), YAML_LIFT_PH + lf,
				    1 + strip, indent);
				eol = last;
			} else
				under = sp + 1;
			continue;
		}
		if ((size_t)(eol - p) < min + 3 ||
		    (v = yaml_lift_value(p, eol, min)) == NULL)
			continue;
		yaml_lift_add(l, (size_t)(v - seg), (size_t)(eol - v),
		    YAML_LIFT_PH, 0, 0);
	}
	/* A segment holding the marker itself is read as it is. */
	if (l->n == 0 || memmem(seg, len, YAML_LIFT_MARKER,
	    YAML_LIFT_MARKER_LEN) != NULL) {
		yaml_lift_free(l);
		return 0;
	}
	grow = 0;
	for (i = 0; i < l->n; i++)
		if (l->spans[i].len < l->spans[i].clen)
			grow += l->spans[i].clen - l->spans[i].len;
	l->copy = xmalloc(len + grow + 1);
	for (i = o = from = 0; i < l->n; i++) {
		memcpy(l->copy + o, seg + from, l->spans[i].orig - from);
		o += l->spans[i].orig - from;
		l->spans[i].copy = o;
		sp = l->spans[i].block == 3;	/* the lazy body's space */
		if (sp)
			l->copy[o] = ' ';
		memcpy(l->copy + o + sp, YAML_LIFT_MARKER,
		    YAML_LIFT_MARKER_LEN);
		for (k = i, d = YAML_LIFT_PH; d > YAML_LIFT_MARKER_LEN; k /= 10)
			l->copy[o + sp + --d] = (char)('0' + k % 10);
		/* A block's lines stay, empty. */
		memset(l->copy + o + sp + YAML_LIFT_PH, '\n',
		    l->spans[i].clen - sp - YAML_LIFT_PH);
		o += l->spans[i].clen;
		from = l->spans[i].orig + l->spans[i].len;
	}
	memcpy(l->copy + o, seg + from, len - from);
	l->copylen = o + len - from;
	l->seg = seg;
	return 1;
}

void
yaml_lift_free(struct yaml_lift *l)
{
	free(l->copy);
	free(l->spans);
	memset(l, 0, sizeof *l);
	l->lazy = -1;
}

const char *
yaml_lift_lazy_text(const struct yaml_lift *l, size_t *lenp)
{
	const struct yaml_lift_span *sp = &l->spans[l->lazy];
	const char *key = l->seg + sp->orig;

	/* Back over "<key>:" to the margin; on to the last line's break. */
	while (key > l->seg && key[-1] != '\n')
		key--;
	*lenp = (size_t)(l->seg + sp->orig + sp->len + 1 - key);
	return key;
}

/* The span a placeholder at s names, or -1. */
static long
yaml_lift_index(const struct yaml_lift *l, const char *s, size_t left)
{
	unsigned long k = 0;
	size_t i;

	if (left < YAML_LIFT_PH)
		return -1;
	for (i = YAML_LIFT_MARKER_LEN; i < YAML_LIFT_PH; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		k = k * 10 + (unsigned long)(s[i] - '0');
	}
	return k < l->n ? (long)k : -1;
}

char *
yaml_lift_restore(struct yaml_lift *l, char *text, size_t *lenp)
{
	size_t len = *lenp, out = 0, i;
	const char *p, *m;
	char *r;
	long k;

	if (len < YAML_LIFT_PH || !yaml_lift_marked(l, text, len))
		return text;
	/* Most often the scalar is one lifted value, nothing around it. */
	if (len == YAML_LIFT_PH && memcmp(text, YAML_LIFT_MARKER,
	    YAML_LIFT_MARKER_LEN) == 0 && (k = yaml_lift_index(l, text,
	    len)) >= 0 && !l->spans[k].block) {
		r = xstrndup(l->seg + l->spans[k].orig, l->spans[k].len);
		free(text);
		*lenp = l->spans[k].len;
		return r;
	}
	/* Else two passes: the size, then the bytes. */
	for (i = 0; i < 2; i++) {
		r = i == 0 ? NULL : xmalloc(out + 1);
		out = 0;
		for (p = text; p < text + len; ) {
			m = memmem(p, (size_t)(text + len - p),
			    YAML_LIFT_MARKER, YAML_LIFT_MARKER_LEN);
			if (m == NULL)
				m = text + len;
			if (r != NULL)
				memcpy(r + out, p, (size_t)(m - p));
			out += (size_t)(m - p);
			if (m == text + len)
				break;
			k = yaml_lift_index(l, m, (size_t)(text + len - m));
			if (k >= 0 && l->spans[k].block)
				l->inexact = 1;
			if (k < 0 || l->spans[k].block) {
				/* Not ours (cannot be: the marker is not in
				 * the input), or a block out of place (the
				 * segment is read again); keep the byte. */
				if (r != NULL)
					r[out] = *m;
				out++;
				p = m + 1;
				continue;
			}
			if (r != NULL)
				memcpy(r + out, l->seg + l->spans[k].orig,
				    l->spans[k].len);
			out += l->spans[k].len;
			p = m + YAML_LIFT_PH;
		}
		if (r != NULL)
			r[out] = '\0';
	}
	free(text);
	*lenp = out;
	return r;
}

int
yaml_lift_marked(const struct yaml_lift *l, const char *text, size_t len)
{
	return l->n > 0 && len >= YAML_LIFT_MARKER_LEN && memmem(text, len,
	    YAML_LIFT_MARKER, YAML_LIFT_MARKER_LEN) != NULL;
}

long
yaml_lift_block_at(const struct yaml_lift *l, const char *text, size_t len)
{
	long k;

	if (l->nblocks == 0 || len != YAML_LIFT_PH ||
	    memcmp(text, YAML_LIFT_MARKER, YAML_LIFT_MARKER_LEN) != 0 ||
	    (k = yaml_lift_index(l, text, len)) < 0 || !l->spans[k].block)
		return -1;
	return k;
}

char *
yaml_lift_block_value(const struct yaml_lift *l, size_t k, size_t *lenp)
{
	const struct yaml_lift_span *sp = &l->spans[k];
	const char *p, *end = l->seg + sp->orig + sp->len, *nl;
	size_t n = 0, w;
	char *r;

	/* The content is never longer than the span. */
	r = xmalloc(sp->len + 2);
	p = memchr(l->seg + sp->orig, '\n', sp->len) + 1;
	for (; p <= end; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		w = (size_t)(nl - p);
		/* Spaces no longer than the indentation: an empty line. */
		if (w > sp->indent) {
			memcpy(r + n, p + sp->indent, w - sp->indent);
			n += w - sp->indent;
		}
		if (nl < end || sp->block == 1)
			r[n++] = '\n';
	}
	r[n] = '\0';
	*lenp = n;
	return r;
}

/* Index of the first span whose copy (or orig) offset is above off. */
static size_t
yaml_lift_upper(const struct yaml_lift *l, size_t off, int copy)
{
	size_t lo = 0, hi = l->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if ((copy ? l->spans[mid].copy : l->spans[mid].orig) <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

size_t
yaml_lift_offset(const struct yaml_lift *l, size_t off)
{
	const struct yaml_lift_span *sp;
	size_t i = yaml_lift_upper(l, off, 1);

	/* The last span whose placeholder starts at or before off. */
	if (i == 0)
		return off;
	sp = &l->spans[i - 1];
	if (off < sp->copy + sp->clen)
		return sp->orig;	/* inside a placeholder: its value */
	return sp->orig + sp->len + (off - sp->copy - sp->clen);
}

size_t
yaml_lift_column(const struct yaml_lift *l, size_t bol, size_t col)
{
	const struct yaml_lift_span *sp;
	size_t i, at;

	/* The first span at or after the line's start, if on this line. */
	i = bol == 0 ? 0 : yaml_lift_upper(l, bol - 1, 0);
	if (i == l->n)
		return col;
	sp = &l->spans[i];
	if (memchr(l->seg + bol, '\n', sp->orig - bol) != NULL)
		return col;
	/* The line is ASCII up to the value: columns are bytes there. */
	at = sp->orig - bol;
	if (col < at)
		return col;
	/* A block's line ends with its placeholder. */
	if (col < at + YAML_LIFT_PH || sp->block)
		return at;
	return col - YAML_LIFT_PH + sp->len;
}
