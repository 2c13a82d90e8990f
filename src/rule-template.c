/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Filling a rule's summary template with values from its evidence:
 * {name}, {item.name}, {item.name*}, {item#}, and {{ / }} for braces.
 * Anything else stays verbatim so a mistake shows in the report instead
 * of vanishing.  The result is capped at RULE_SUMMARY_MAX bytes.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "rule.h"
#include "xmalloc.h"

/* Longest "{...}" considered a placeholder: item, '.', column, '*'. */
#define RULE_TEMPLATE_MAX_PLACEHOLDER	(2 * RULE_MAX_NAME + 4)

/* U+2026 HORIZONTAL ELLIPSIS, marking a cut summary. */
#define RULE_TEMPLATE_ELLIPSIS		"\xe2\x80\xa6"

struct rule_template_buf {
	char		*s;
	size_t		 len;
	int		 cut;
};

static void
rule_template_put(struct rule_template_buf *b, const char *s, size_t n)
{
	size_t room = RULE_SUMMARY_MAX - b->len;

	if (b->cut)
		return;
	if (n > room) {
		n = room;
		b->cut = 1;
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
}

/*
 * Cut to leave room for the ellipsis, backing off to the start of a UTF-8
 * sequence so a multi-byte character is never split.
 */
static void
rule_template_finish(struct rule_template_buf *b)
{
	size_t elen = sizeof RULE_TEMPLATE_ELLIPSIS - 1;

	if (b->cut) {
		if (b->len > RULE_SUMMARY_MAX - elen)
			b->len = RULE_SUMMARY_MAX - elen;
		while (b->len > 0 &&
		    ((unsigned char)b->s[b->len] & 0xc0) == 0x80)
			b->len--;
		memcpy(b->s + b->len, RULE_TEMPLATE_ELLIPSIS, elen);
		b->len += elen;
	}
	b->s[b->len] = '\0';
}

static int
rule_template_is_ident(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_';
}

/*
 * Parse the text between the braces, p[0..n).  Returns 0 if it is not a
 * placeholder.  Fills item (NUL-terminated or empty), column, all, count.
 */
static int
rule_template_parse(const char *p, size_t n, char *item, char *column,
    int *all, int *count)
{
	size_t i = 0, a, c;

	*all = *count = 0;
	item[0] = column[0] = '\0';
	while (i < n && rule_template_is_ident((unsigned char)p[i]))
		i++;
	a = i;
	if (a == 0 || a > RULE_MAX_NAME)
		return 0;
	if (i == n) {
		/* {name} */
		memcpy(column, p, a);
		column[a] = '\0';
		return 1;
	}
	if (p[i] == '#' && i + 1 == n) {
		/* {item#} */
		memcpy(item, p, a);
		item[a] = '\0';
		*count = 1;
		return 1;
	}
	if (p[i] != '.')
		return 0;
	i++;
	c = i;
	while (i < n && rule_template_is_ident((unsigned char)p[i]))
		i++;
	if (i == c || i - c > RULE_MAX_NAME)
		return 0;
	if (i < n && p[i] == '*' && i + 1 == n)
		*all = 1;
	else if (i != n)
		return 0;
	memcpy(item, p, a);
	item[a] = '\0';
	memcpy(column, p + c, i - c);
	column[i - c] = '\0';
	return 1;
}

/*
 * Fill tmpl; the result (owned by the caller) is at most RULE_SUMMARY_MAX
 * bytes and ends in "…" when cut.  For {name} lookup gets item NULL; for
 * {item#} it gets column "" and count 1.  Values lookup returns are freed
 * here.  A NULL lookup leaves every placeholder verbatim.
 */
char *
rule_template_fill(const char *tmpl, rule_template_lookup lookup, void *ctx)
{
	struct rule_template_buf b;
	char item[RULE_MAX_NAME + 1], column[RULE_MAX_NAME + 1];
	const char *p, *q, *end;
	char *v;
	int all, count;

	memset(&b, 0, sizeof b);
	b.s = xmalloc(RULE_SUMMARY_MAX + 1);
	if (tmpl == NULL)
		tmpl = "";
	p = tmpl;
	while (*p != '\0' && !b.cut) {
		if (*p == '}') {
			rule_template_put(&b, "}", 1);
			p += p[1] == '}' ? 2 : 1;
			continue;
		}
		if (*p != '{') {
			q = p;
			while (*q != '\0' && *q != '{' && *q != '}')
				q++;
			rule_template_put(&b, p, (size_t)(q - p));
			p = q;
			continue;
		}
		if (p[1] == '{') {
			rule_template_put(&b, "{", 1);
			p += 2;
			continue;
		}
		/* Find the closing brace; another '{' first means this one is
		 * unterminated, and so does a very long run. */
		end = NULL;
		for (q = p + 1; *q != '\0' && *q != '{' &&
		    q - p <= RULE_TEMPLATE_MAX_PLACEHOLDER; q++) {
			if (*q == '}') {
				end = q;
				break;
			}
		}
		if (end == NULL) {
			rule_template_put(&b, "{", 1);
			p++;
			continue;
		}
		v = NULL;
		if (lookup != NULL && rule_template_parse(p + 1,
		    (size_t)(end - p - 1), item, column, &all, &count))
			v = lookup(ctx, item[0] != '\0' ? item : NULL, column,
			    all, count);
		if (v != NULL) {
			rule_template_put(&b, v, strlen(v));
			free(v);
		} else
			rule_template_put(&b, p, (size_t)(end - p + 1));
		p = end + 1;
	}
	rule_template_finish(&b);
	return b.s;
}
