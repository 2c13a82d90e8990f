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
 * Where the value of "<spaces><key>: <base64>\n" starts in [p, eol), or
 * NULL.  The value must be at least min bytes and end the line.
 */
static const char *
yaml_lift_value(const char *p, const char *eol, size_t min)
{
	const unsigned char *s = (const unsigned char *)p;
	const unsigned char *e = (const unsigned char *)eol, *v;

	while (s < e && *s == ' ')
		s++;
	if (s == e || !yaml_key_char(*s) || *s == '-')
		return NULL;	/* "- " would make a sequence entry */
	while (s < e && yaml_key_char(*s))
		s++;
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

static void
yaml_lift_add(struct yaml_lift *l, size_t orig, size_t len)
{
	if (l->n == l->a) {
		l->a = l->a ? l->a * 2 : 64;
		l->spans = xreallocarray(l->spans, l->a, sizeof *l->spans);
	}
	l->spans[l->n].orig = orig;
	l->spans[l->n].len = len;
	l->n++;
}

int
yaml_lift_segment(struct yaml_lift *l, const char *seg, size_t len,
    size_t min)
{
	const char *p = seg, *end = seg + len, *eol, *v;
	size_t i, o, from, grow, k, d;

	memset(l, 0, sizeof *l);
	if (min == 0 || len < min)
		return 0;
	for (; p < end; p = eol + 1) {
		/* Only lines ending in LF: a CR or the last line stays. */
		if ((eol = memchr(p, '\n', (size_t)(end - p))) == NULL)
			break;
		if ((size_t)(eol - p) < min + 3 ||
		    (v = yaml_lift_value(p, eol, min)) == NULL)
			continue;
		if (l->n == YAML_LIFT_MAX_SPANS)
			break;
		yaml_lift_add(l, (size_t)(v - seg), (size_t)(eol - v));
	}
	/* A segment holding the marker itself is read as it is. */
	if (l->n == 0 || memmem(seg, len, YAML_LIFT_MARKER,
	    YAML_LIFT_MARKER_LEN) != NULL) {
		yaml_lift_free(l);
		return 0;
	}
	grow = 0;
	for (i = 0; i < l->n; i++)
		if (l->spans[i].len < YAML_LIFT_PH)
			grow += YAML_LIFT_PH - l->spans[i].len;
	l->copy = xmalloc(len + grow + 1);
	for (i = o = from = 0; i < l->n; i++) {
		memcpy(l->copy + o, seg + from, l->spans[i].orig - from);
		o += l->spans[i].orig - from;
		l->spans[i].copy = o;
		memcpy(l->copy + o, YAML_LIFT_MARKER, YAML_LIFT_MARKER_LEN);
		for (k = i, d = YAML_LIFT_PH; d > YAML_LIFT_MARKER_LEN; k /= 10)
			l->copy[o + --d] = (char)('0' + k % 10);
		o += YAML_LIFT_PH;
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
yaml_lift_restore(const struct yaml_lift *l, char *text, size_t *lenp)
{
	size_t len = *lenp, out = 0, i;
	const char *p, *m;
	char *r;
	long k;

	if (l->n == 0 || len < YAML_LIFT_PH ||
	    memmem(text, len, YAML_LIFT_MARKER, YAML_LIFT_MARKER_LEN) == NULL)
		return text;
	/* Most often the scalar is one lifted value, nothing around it. */
	if (len == YAML_LIFT_PH && memcmp(text, YAML_LIFT_MARKER,
	    YAML_LIFT_MARKER_LEN) == 0 && (k = yaml_lift_index(l, text,
	    len)) >= 0) {
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
			if (k < 0) {
				/* Not ours (cannot be: the marker is not in
				 * the input); keep the byte and go on. */
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
	if (off < sp->copy + YAML_LIFT_PH)
		return sp->orig;	/* inside a placeholder: its value */
	return sp->orig + sp->len + (off - sp->copy - YAML_LIFT_PH);
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
	if (col < at + YAML_LIFT_PH)
		return at;
	return col - YAML_LIFT_PH + sp->len;
}
