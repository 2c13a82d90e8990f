/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Bootstrap service records, element by element: find where each element
 * of the top-level array ends (strings and nesting counted), parse that
 * stretch alone with cJSON, and go on after it.
 */
#include "config.h"

#include <string.h>

#include <cjson/cJSON.h>

#include "parse-bootstrap.h"

/* Nesting deeper than this is not an entry jq wrote. */
#define BOOTSTRAP_DEPTH_MAX	64

struct bscan {
	const char	*buf;
	size_t		 len;
	size_t		 pos;
	size_t		 line_at;	/* newlines counted up to here */
	long		 line;
};

static void
bscan_ws(struct bscan *s)
{
	while (s->pos < s->len && (s->buf[s->pos] == ' ' ||
	    s->buf[s->pos] == '\t' || s->buf[s->pos] == '\r' ||
	    s->buf[s->pos] == '\n'))
		s->pos++;
}

/* The line of s->pos, counting only the bytes not yet counted. */
static long
bscan_line(struct bscan *s)
{
	const char *p;

	while (s->line_at < s->pos && (p = memchr(s->buf + s->line_at, '\n',
	    s->pos - s->line_at)) != NULL) {
		s->line++;
		s->line_at = (size_t)(p - s->buf) + 1;
	}
	s->line_at = s->pos;
	return s->line;
}

/*
 * The end (one past) of the value starting at s->pos: an object or array
 * (brackets counted outside strings), a string, or a bare word.  0 when
 * the buffer ends first or the nesting is too deep (*deep set).
 */
static size_t
bscan_value_end(const struct bscan *s, int *deep)
{
	size_t i = s->pos;
	int depth = 0, str = 0;
	char c;

	*deep = 0;
	if (s->buf[i] != '{' && s->buf[i] != '[' && s->buf[i] != '"') {
		while (i < s->len && s->buf[i] != ',' && s->buf[i] != ']' &&
		    s->buf[i] != '\n')
			i++;
		return i;
	}
	for (; i < s->len; i++) {
		c = s->buf[i];
		if (str) {
			if (c == '\\')
				i++;
			else if (c == '"') {
				str = 0;
				if (depth == 0)
					return i + 1;
			}
			continue;
		}
		if (c == '"')
			str = 1;
		else if (c == '{' || c == '[') {
			if (++depth > BOOTSTRAP_DEPTH_MAX) {
				*deep = 1;
				return 0;
			}
		} else if (c == '}' || c == ']') {
			if (--depth == 0)
				return i + 1;
		}
	}
	return 0;
}

int
bootstrap_scan(const char *buf, size_t len,
    int (*fn)(void *, const struct bootstrap_item *), void *ctx)
{
	struct bscan s;
	struct bootstrap_item it;
	cJSON *obj;
	size_t end;
	long seq = 0;
	int deep, rc;

	memset(&s, 0, sizeof s);
	s.buf = buf;
	s.len = len;
	s.line = 1;
	memset(&it, 0, sizeof it);
	bscan_ws(&s);
	/* jq writes UTF-8 without a byte order mark; allow one anyway. */
	if (s.len - s.pos >= 3 && memcmp(s.buf + s.pos, "\xef\xbb\xbf", 3) == 0) {
		s.pos += 3;
		bscan_ws(&s);
	}
	if (s.pos == s.len || s.buf[s.pos] != '[') {
		it.event = BOOTSTRAP_NOT_ARRAY;
		it.offset = s.pos;
		it.line = bscan_line(&s);
		it.why = s.pos == s.len ? "no JSON in the file" :
		    "the file does not begin with a JSON array";
		return fn(ctx, &it);
	}
	s.pos++;
	for (;;) {
		bscan_ws(&s);
		if (s.pos < s.len && s.buf[s.pos] == ',') {
			s.pos++;
			continue;
		}
		if (s.pos < s.len && s.buf[s.pos] == ']')
			return 0;
		memset(&it, 0, sizeof it);
		it.seq = seq;
		it.offset = s.pos;
		it.line = bscan_line(&s);
		if (s.pos == s.len) {
			it.event = BOOTSTRAP_CUT;
			it.why = "the file ends before its array closes";
			return fn(ctx, &it);
		}
		if (seq >= BOOTSTRAP_ENTRIES_MAX) {
			it.event = BOOTSTRAP_LIMIT;
			it.why = "more entries than are read from one file";
			return fn(ctx, &it);
		}
		end = bscan_value_end(&s, &deep);
		if (end == 0) {
			it.event = deep ? BOOTSTRAP_BAD_ENTRY : BOOTSTRAP_CUT;
			it.why = deep ? "an entry nested too deep; the rest of "
			    "the file is not read" : "the file ends inside "
			    "an entry";
			rc = fn(ctx, &it);
			return rc;
		}
		obj = cJSON_ParseWithLength(s.buf + s.pos, end - s.pos);
		if (obj == NULL || !cJSON_IsObject(obj)) {
			it.event = BOOTSTRAP_BAD_ENTRY;
			it.why = obj == NULL ? "an entry that is not valid JSON" :
			    "an entry that is not a JSON object";
		} else {
			it.event = BOOTSTRAP_ENTRY;
			it.obj = obj;
		}
		rc = fn(ctx, &it);
		cJSON_Delete(obj);
		if (rc != 0)
			return rc;
		s.pos = end > s.pos ? end : s.pos + 1;
		seq++;
	}
}
