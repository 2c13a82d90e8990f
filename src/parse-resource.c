/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Resource files to JSON objects: pick YAML or JSON from the first non-blank
 * byte, repair invalid UTF-8, parse JSON with cJSON behind a linear pre-scan
 * (depth, NUL bytes, number text, where List items start), and hand every
 * object to the caller, splitting each *List into its items.  The YAML side
 * lives in parse-yaml.c.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "error.h"
#include "limits.h"
#include "parse-private.h"
#include "parse-resource.h"
#include "problem.h"
#include "utf8.h"
#include "util.h"
#include "xmalloc.h"

/* Objects at most this large are searched for duplicate keys pairwise. */
#define RESOURCE_SMALL_OBJECT	8
/* Bytes of input quoted in a JSON syntax error message. */
#define RESOURCE_SNIPPET	24

/* Where parsed documents go: the caller's callback, or one kept tree. */
struct resource_out {
	const char		*vpath;
	const struct problem_sink *sink;
	resource_fn		 fn;
	resource_take_fn	 take;		/* instead of fn: owns each object */
	void			*ctx;
	long			 delivered;	/* objects given to fn */
	int			 stopped;	/* fn said stop */
	int			 docmode;	/* keep the first tree */
	cJSON			*doc;		/* that tree */
};

/* The JSON pre-scan's verdict on a value. */
enum json_verdict {
	JSON_SCAN_OK,		/* give it to cJSON */
	JSON_SCAN_NUL,		/* a NUL byte at bad */
	JSON_SCAN_DEEP		/* nesting over the limit at bad */
};

/* What the JSON pre-scan learns about one top-level value. */
struct json_scan {
	size_t		 end;		/* offset just past the value */
	size_t		 bad;		/* offset of a NUL or the depth cut */
	enum json_verdict why;		/* whether cJSON may see it */
	long		 line_end;	/* line at end */
	int		 complete;	/* the value closed before the end */
	long		*items;		/* lines of root.items elements */
	size_t		 nitems;
	size_t		 aitems;
	size_t		*nums;		/* offset, length of each number */
	size_t		 nnums;		/* pairs in nums */
	size_t		 anums;
	long		 nul_escapes;	/* \u0000 in strings (cJSON cuts) */
};

void
parse_resource_oom(void)
{
	xmalloc_fail("building a JSON tree");
}

/*
 * Turn a number node (or any scalar node) into a raw JSON number whose text
 * is exactly text[0..len): huge or very precise numbers print back as they
 * were written.  valuedouble and valueint are set as cJSON would set them,
 * for callers that want the value.
 */
void
parse_resource_number(cJSON *item, const char *text, size_t len)
{
	char *s;
	double d;

	s = xmalloc(len + 1);
	memcpy(s, text, len);
	s[len] = '\0';
	if (item->valuestring != NULL && !(item->type & cJSON_IsReference))
		free(item->valuestring);
	d = strtod(s, NULL);
	item->type = cJSON_Raw;
	item->valuestring = s;
	item->valuedouble = d;
	if (d >= (double)INT32_MAX)
		item->valueint = INT32_MAX;
	else if (d <= (double)INT32_MIN)
		item->valueint = INT32_MIN;
	else
		item->valueint = (int)d;
}

static uint64_t
resource_hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL;

	while (*s != '\0') {
		h ^= (unsigned char)*s++;
		h *= 1099511628211ULL;
	}
	return h;
}

static void
resource_drop(cJSON *obj, cJSON *item, cJSON *graveyard)
{
	cJSON_DetachItemViaPointer(obj, item);
	if (graveyard != NULL)
		cJSON_AddItemToArray(graveyard, item);
	else
		cJSON_Delete(item);
}

/*
 * Duplicate keys: the last one wins, as in Go's YAML and JSON decoders that
 * wrote these files, and in SQLite's json_extract over our output.  Earlier
 * duplicates are detached and moved to graveyard (YAML anchors may still
 * point at them) or deleted when graveyard is NULL.  Linear: a hash of the
 * keys for large objects.
 */
void
parse_resource_dedupe(cJSON *obj, cJSON *graveyard)
{
	cJSON *c, *prev, *o, **tab;
	size_t n, size, i;
	int sorted = 1;

	if (obj == NULL || obj->child == NULL)
		return;
	/*
	 * oc and kubectl write every mapping's keys sorted (their YAML is
	 * JSON maps marshalled in key order): keys in strictly ascending
	 * order hold no duplicate, which the walk that counts them sees.
	 */
	n = 0;
	for (c = obj->child; c != NULL; c = c->next) {
		n++;
		if (sorted && c->next != NULL && (c->string == NULL ||
		    c->next->string == NULL ||
		    strcmp(c->string, c->next->string) >= 0))
			sorted = 0;
	}
	if (n < 2 || sorted)
		return;
	if (n <= RESOURCE_SMALL_OBJECT) {
		/* From the last key back: drop c if a later key equals it. */
		for (c = obj->child->prev; c != NULL; c = prev) {
			prev = (c == obj->child) ? NULL : c->prev;
			if (c->string == NULL)
				continue;
			for (o = c->next; o != NULL; o = o->next) {
				if (o->string != NULL &&
				    strcmp(o->string, c->string) == 0) {
					resource_drop(obj, c, graveyard);
					break;
				}
			}
		}
		return;
	}
	for (size = 16; size < n * 2; size *= 2)
		;
	tab = xcalloc(size, sizeof *tab);
	for (c = obj->child->prev; c != NULL; c = prev) {
		prev = (c == obj->child) ? NULL : c->prev;
		if (c->string == NULL)
			continue;
		i = resource_hash(c->string) & (size - 1);
		for (; tab[i] != NULL; i = (i + 1) & (size - 1)) {
			if (strcmp(tab[i]->string, c->string) == 0)
				break;
		}
		if (tab[i] != NULL)
			resource_drop(obj, c, graveyard);
		else
			tab[i] = c;
	}
	free(tab);
}

/* 1-based line and column of offset off, counting from a known line. */
static void
resource_position(const char *buf, size_t from, long from_line, size_t off,
    long *line, long *col)
{
	const char *nl;
	size_t i, bol = from;

	*line = from_line;
	for (i = from; i < off; i = (size_t)(nl - buf) + 1) {
		nl = memchr(buf + i, '\n', off - i);
		if (nl == NULL)
			break;
		(*line)++;
		bol = (size_t)(nl - buf) + 1;
	}
	*col = (long)(off - bol) + 1;
}

/* Printable ASCII copy of up to RESOURCE_SNIPPET bytes for a message. */
static void
resource_snippet(const char *s, size_t n, char *out, size_t outlen)
{
	size_t i, o = 0;
	unsigned char c;

	if (n > RESOURCE_SNIPPET)
		n = RESOURCE_SNIPPET;
	for (i = 0; i < n && o + 5 < outlen; i++) {
		c = (unsigned char)s[i];
		if (c >= 0x20 && c < 0x7f && c != '\\')
			out[o++] = (char)c;
		else
			o += (size_t)snprintf(out + o, outlen - o, "\\x%02x",
			    c);
	}
	out[o] = '\0';
}

/*
 * Offset of the first invalid UTF-8 byte in buf, or len.  ASCII is skipped
 * eight bytes at a time; utf8_valid_prefix judges the rest a sequence
 * at a time (given at most 4 bytes it returns 0 only for a bad lead).
 */
static size_t
resource_utf8_check(const char *buf, size_t len)
{
	uint64_t w;
	size_t i = 0, k;

	while (i < len) {
		if (len - i >= 8) {
			memcpy(&w, buf + i, 8);
			if ((w & 0x8080808080808080ULL) == 0) {
				i += 8;
				continue;
			}
		}
		if ((unsigned char)buf[i] < 0x80) {
			i++;
			continue;
		}
		k = utf8_valid_prefix(buf + i, len - i < 4 ? len - i : 4);
		if (k == 0)
			return i;
		i += k;
	}
	return len;
}

/*
 * If buf holds invalid UTF-8, return a copy (the caller frees it) where
 * each bad byte is U+FFFD, and report it once; otherwise return NULL.  Lines
 * stay where they were.  UTF-16 input (a BOM) is left to libyaml.
 */
static char *
resource_utf8_repair(const char *buf, size_t *lenp, const char *vpath,
    long first_line, const struct problem_sink *sink)
{
	const unsigned char *s = (const unsigned char *)buf;
	size_t len = *lenp, bad, i, k, o, nbad = 0;
	long line, col;
	char *out;

	if (len >= 2 && ((s[0] == 0xfe && s[1] == 0xff) ||
	    (s[0] == 0xff && s[1] == 0xfe)))
		return NULL;
	if ((bad = resource_utf8_check(buf, len)) == len)
		return NULL;
	out = xreallocarray(NULL, len, 3);
	memcpy(out, buf, bad);
	o = bad;
	for (i = bad; i < len; i += k) {
		/* One U+FFFD per bad byte, then the valid run after it. */
		memcpy(out + o, "\xef\xbf\xbd", 3);
		o += 3;
		nbad++;
		i++;
		k = utf8_valid_prefix(buf + i, len - i);
		memcpy(out + o, buf + i, k);
		o += k;
	}
	resource_position(buf, 0, first_line, bad, &line, &col);
	problem_report(sink, PROBLEM_WARNING, PCODE_UTF8, vpath,
	    (long long)bad, line, "invalid UTF-8 at column %ld (%zu byte%s in "
	    "the file) replaced with U+FFFD", col, nbad, nbad == 1 ? "" : "s");
	*lenp = o;
	return out;
}

/* Take one parsed document: split a List, or keep the tree in docmode. */
static int
resource_take(void *arg, cJSON *root, long line, const long *item_lines,
    size_t nitem_lines)
{
	struct resource_out *out = arg;
	const cJSON *kind;
	cJSON *items;
	cJSON *it, *next;
	size_t n, i, klen;
	long l;
	int r;

	if (out->docmode) {
		out->doc = root;
		return 1;
	}
	if (!cJSON_IsObject(root)) {
		problem_report(out->sink, PROBLEM_INFO, PCODE_NOT_OBJECT,
		    out->vpath, -1, line, "document is %s, not an object; "
		    "skipped", cJSON_IsArray(root) ? "a sequence" : "a scalar");
		cJSON_Delete(root);
		return 0;
	}
	kind = cJSON_GetObjectItemCaseSensitive(root, "kind");
	items = cJSON_GetObjectItemCaseSensitive(root, "items");
	klen = cJSON_IsString(kind) ? strlen(kind->valuestring) : 0;
	if (klen < 4 || strcmp(kind->valuestring + klen - 4, "List") != 0 ||
	    !cJSON_IsArray(items)) {
		if (out->take != NULL) {
			if (out->take(out->ctx, root, line) != MGT_OK)
				out->stopped = 1;
			else
				out->delivered++;
			return out->stopped;
		}
		if (out->fn(out->ctx, root, line) != MGT_OK)
			out->stopped = 1;
		else
			out->delivered++;
		cJSON_Delete(root);
		return out->stopped;
	}
	n = 0;
	for (it = items->child; it != NULL; it = it->next)
		n++;
	/* The callback may detach the item it is given: fetch next first. */
	i = 0;
	for (it = items->child; it != NULL; it = next, i++) {
		next = it->next;
		l = (nitem_lines == n) ? item_lines[i] : line;
		if (!cJSON_IsObject(it)) {
			problem_report(out->sink, PROBLEM_INFO,
			    PCODE_NOT_OBJECT, out->vpath, -1, l, "item %zu of "
			    "%s is not an object; skipped", i,
			    kind->valuestring);
			continue;
		}
		if (out->take != NULL) {
			cJSON_DetachItemViaPointer(items, it);
			r = out->take(out->ctx, it, l);
		} else
			r = out->fn(out->ctx, it, l);
		if (r != MGT_OK) {
			out->stopped = 1;
			break;
		}
		out->delivered++;
	}
	cJSON_Delete(root);
	return out->stopped;
}

static void
json_push_item(struct json_scan *js, long line)
{
	if (js->nitems == js->aitems) {
		js->aitems = js->aitems ? js->aitems * 2 : 64;
		js->items = xreallocarray(js->items, js->aitems,
		    sizeof *js->items);
	}
	js->items[js->nitems++] = line;
}

static void
json_push_number(struct json_scan *js, size_t off, size_t len)
{
	if (js->nnums == js->anums) {
		js->anums = js->anums ? js->anums * 2 : 256;
		js->nums = xreallocarray(js->nums, js->anums,
		    2 * sizeof *js->nums);
	}
	js->nums[2 * js->nnums] = off;
	js->nums[2 * js->nnums + 1] = len;
	js->nnums++;
}

/* Bytes the pre-scan must look at inside a string. */
static const unsigned char json_special[256] = {
	['\0'] = 1, ['\n'] = 1, ['"'] = 1, ['\\'] = 1
};

static int
json_numchar(char c)
{
	return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' ||
	    c == 'e' || c == 'E';
}

/*
 * Walk one top-level JSON value starting at p without building anything:
 * find its end, refuse NUL bytes and nesting deeper than maxdepth (cJSON
 * recurses, so it must never see deep input), note where each element of
 * the root object's "items" array starts and where every number is.
 * Linear, no recursion.  Malformed input is left for cJSON to describe.
 */
static void
json_prescan(const char *buf, size_t len, size_t p, long line, int maxdepth,
    struct json_scan *js)
{
	size_t i, j, slen = 0;
	int depth = 0, in_str = 0, root_obj, in_items = 0, expect = 0;
	int key_items = 0, smatch = 0;
	char c, last = 0;

	js->why = JSON_SCAN_OK;
	js->complete = 0;
	js->nitems = js->nnums = 0;
	js->nul_escapes = 0;
	root_obj = buf[p] == '{';
	for (i = p; i < len; i++) {
		/* Most bytes are inside strings that are not depth-1 keys. */
		if (in_str && !(depth == 1 && smatch)) {
			while (i < len && !json_special[(unsigned char)buf[i]])
				i++;
			if (i == len)
				break;
		}
		c = buf[i];
		if (c == '\n')
			line++;
		else if (c == '\0') {
			js->bad = i;
			js->why = JSON_SCAN_NUL;
			goto out;
		}
		if (in_str) {
			if (c == '\\') {
				if (len - i >= 6 && memcmp(buf + i + 1, "u0000",
				    5) == 0)
					js->nul_escapes++;
				if (i + 1 < len && buf[i + 1] == '\n')
					line++;
				if (i + 1 < len && buf[i + 1] == '\0') {
					js->bad = i + 1;
					js->why = JSON_SCAN_NUL;
					goto out;
				}
				i++;
				smatch = 0;
			} else if (c == '"') {
				in_str = 0;
				if (depth == 0) {
					i++;
					js->complete = 1;
					goto out;
				}
				if (depth == 1)
					key_items = smatch && slen == 5;
			} else if (depth == 1 && smatch) {
				smatch = slen < 5 && "items"[slen] == c;
				slen++;
			}
			continue;
		}
		switch (c) {
		case ' ':
		case '\t':
		case '\r':
		case '\n':
			continue;
		case '"':
			if (in_items && depth == 2 && expect) {
				json_push_item(js, line);
				expect = 0;
			}
			in_str = 1;
			slen = 0;
			smatch = 1;
			break;
		case '{':
		case '[':
			if (in_items && depth == 2 && expect) {
				json_push_item(js, line);
				expect = 0;
			}
			if (++depth > maxdepth) {
				js->bad = i;
				js->why = JSON_SCAN_DEEP;
				goto out;
			}
			if (c == '[' && depth == 2 && root_obj && last == ':' &&
			    key_items) {
				/* A later "items" wins, like its key. */
				in_items = expect = 1;
				js->nitems = 0;
			}
			break;
		case '}':
		case ']':
			if (depth == 2)
				in_items = 0;
			if (--depth <= 0) {
				i++;
				js->complete = 1;
				goto out;
			}
			break;
		case ',':
			if (in_items && depth == 2)
				expect = 1;
			break;
		default:
			if (in_items && depth == 2 && expect) {
				json_push_item(js, line);
				expect = 0;
			}
			if (c == '-' || (c >= '0' && c <= '9')) {
				for (j = i + 1; j < len && json_numchar(buf[j]);
				    j++)
					;
				json_push_number(js, i, j - i);
			} else {
				for (j = i + 1; j < len && buf[j] >= 'a' &&
				    buf[j] <= 'z'; j++)
					;
			}
			i = j - 1;
			if (depth == 0) {
				i = j;
				js->complete = 1;
				goto out;
			}
			break;
		}
		last = c;
	}
out:
	js->end = i < len ? i : len;
	js->line_end = line;
}

/*
 * After cJSON: numbers become raw text (cJSON made doubles of them) and
 * duplicate keys are resolved.  Pre-order visits numbers in the order the
 * pre-scan saw them; objects are deduplicated afterwards, innermost first,
 * so nothing is visited after it was freed.
 */
static void
json_fixup(cJSON *root, const char *buf, const struct json_scan *js)
{
	cJSON **stack, **objs, *n, *c;
	size_t nstack = 0, astack = 64, nobjs = 0, aobjs = 64, k = 0;

	stack = xreallocarray(NULL, astack, sizeof *stack);
	objs = xreallocarray(NULL, aobjs, sizeof *objs);
	stack[nstack++] = root;
	while (nstack > 0) {
		n = stack[--nstack];
		if (cJSON_IsNumber(n)) {
			if (k < js->nnums)
				parse_resource_number(n, buf + js->nums[2 * k],
				    js->nums[2 * k + 1]);
			k++;
			continue;
		}
		if (n->child == NULL)
			continue;
		if (cJSON_IsObject(n) && n->child->next != NULL) {
			if (nobjs == aobjs) {
				aobjs *= 2;
				objs = xreallocarray(objs, aobjs, sizeof *objs);
			}
			objs[nobjs++] = n;
		}
		/* Push the children last first, so the first pops first. */
		c = n->child->prev;
		for (;;) {
			if (nstack == astack) {
				astack *= 2;
				stack = xreallocarray(stack, astack,
				    sizeof *stack);
			}
			stack[nstack++] = c;
			if (c == n->child)
				break;
			c = c->prev;
		}
	}
	while (nobjs > 0)
		parse_resource_dedupe(objs[--nobjs], NULL);
	free(objs);
	free(stack);
}

/* Parse a buffer of JSON values (usually one). */
static long
json_stream(const char *buf, size_t len, size_t p, long line,
    const struct mgt_limits *lim, struct resource_out *out)
{
	struct json_scan js;
	const char *end;
	char snip[RESOURCE_SNIPPET * 4 + 1];
	cJSON *root;
	long docs = 0, eline, ecol;
	size_t eoff;

	memset(&js, 0, sizeof js);
	for (;;) {
		while (p < len && (buf[p] == ' ' || buf[p] == '\t' ||
		    buf[p] == '\r' || buf[p] == '\n')) {
			if (buf[p] == '\n')
				line++;
			p++;
		}
		if (p >= len)
			break;
		if (++docs > lim->max_docs_per_file) {
			problem_report(out->sink, PROBLEM_WARNING,
			    PCODE_LIMIT_DOCS, out->vpath, (long long)p, line,
			    "more than %ld JSON documents; the rest is "
			    "skipped", lim->max_docs_per_file);
			break;
		}
		json_prescan(buf, len, p, line, lim->yaml_max_depth, &js);
		if (js.why != JSON_SCAN_OK) {
			resource_position(buf, p, line, js.bad, &eline, &ecol);
			if (js.why == JSON_SCAN_NUL)
				problem_report(out->sink, PROBLEM_ERROR,
				    PCODE_JSON, out->vpath, (long long)js.bad,
				    eline, "NUL byte at column %ld; document "
				    "skipped", ecol);
			else
				problem_report(out->sink, PROBLEM_WARNING,
				    PCODE_JSON, out->vpath, (long long)js.bad,
				    eline, "nesting deeper than %d levels at "
				    "line %ld column %ld; document skipped",
				    lim->yaml_max_depth, eline, ecol);
			break;
		}
		end = NULL;
		root = cJSON_ParseWithLengthOpts(buf + p, js.end - p, &end, 0);
		if (root == NULL) {
			eoff = end != NULL ? (size_t)(end - buf) : p;
			if (!js.complete || eoff > len)
				eoff = len;	/* cJSON points at the end */
			resource_position(buf, p, line, eoff, &eline, &ecol);
			resource_snippet(buf + eoff, len - eoff, snip,
			    sizeof snip);
			problem_report(out->sink, PROBLEM_ERROR, PCODE_JSON,
			    out->vpath, (long long)eoff, eline, "JSON syntax "
			    "error at line %ld column %ld%s%s%s", eline, ecol,
			    eoff < len ? " near '" : " (unexpected end)",
			    snip, eoff < len ? "'" : "");
			break;
		}
		if (js.nul_escapes > 0)
			problem_report(out->sink, PROBLEM_INFO, PCODE_NUL,
			    out->vpath, -1, line, "%ld string%s with \\u0000 "
			    "cut short there", js.nul_escapes,
			    js.nul_escapes == 1 ? "" : "s");
		json_fixup(root, buf, &js);
		if (resource_take(out, root, line, js.items, js.nitems) != 0)
			break;
		p = js.end;
		line = js.line_end;
	}
	free(js.items);
	free(js.nums);
	return docs;
}

/* Skip blanks (and a UTF-8 BOM); say whether the input is JSON. */
static int
resource_is_json(const char *buf, size_t len, size_t *start, long *line)
{
	size_t i = 0;

	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	for (; i < len; i++) {
		if (buf[i] == '\n')
			(*line)++;
		else if (buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\r')
			break;
	}
	*start = i;
	return i < len && (buf[i] == '{' || buf[i] == '[');
}

static void
resource_parse(const char *buf, size_t len, const char *vpath, long line,
    const struct mgt_limits *lim, const struct parse_lazy *lazy,
    struct resource_out *out)
{
	char *fixed;
	size_t start;
	long jline;

	if (len > lim->max_doc_bytes) {
		problem_report(out->sink, PROBLEM_WARNING, PCODE_LIMIT_DOC,
		    vpath, -1, 0, "%zu bytes is over the %zu-byte limit for "
		    "parsing a document; not parsed", len, lim->max_doc_bytes);
		return;
	}
	fixed = resource_utf8_repair(buf, &len, vpath, line, out->sink);
	if (fixed != NULL)
		buf = fixed;
	jline = line;
	if (resource_is_json(buf, len, &start, &jline))
		json_stream(buf, len, start, jline, lim, out);
	else
		parse_yaml_stream(buf, len, vpath, line, lim, lazy, out->sink,
		    resource_take, out);
	free(fixed);
}

/* Both entry points: objects lent to fn, or handed over to take. */
static long
resource_parse_to(const char *buf, size_t len, const char *vpath,
    const struct mgt_limits *lim, const struct parse_lazy *lazy,
    const struct problem_sink *sink, resource_fn fn, resource_take_fn take,
    void *ctx)
{
	struct resource_out out;

	memset(&out, 0, sizeof out);
	out.vpath = vpath;
	out.sink = sink;
	out.fn = fn;
	out.take = take;
	out.ctx = ctx;
	resource_parse(buf, len, vpath, 1, lim, lazy, &out);
	return out.stopped ? -1 : out.delivered;
}

long
parse_resource_buffer(const char *buf, size_t len, const char *vpath,
    const struct mgt_limits *lim, const struct problem_sink *sink,
    resource_fn fn, void *ctx)
{
	return resource_parse_to(buf, len, vpath, lim, NULL, sink, fn, NULL,
	    ctx);
}

long
parse_resource_buffer_take(const char *buf, size_t len, const char *vpath,
    const struct mgt_limits *lim, const struct parse_lazy *lazy,
    const struct problem_sink *sink, resource_take_fn take, void *ctx)
{
	return resource_parse_to(buf, len, vpath, lim, lazy, sink, NULL, take,
	    ctx);
}

/* Counts what passes through to the caller's sink. */
struct resource_count {
	const struct problem_sink	*sink;
	long				 n;
};

static void
resource_count_problem(void *ctx, const struct problem *p)
{
	struct resource_count *rc = ctx;

	rc->n++;
	if (rc->sink != NULL && rc->sink->fn != NULL)
		rc->sink->fn(rc->sink->ctx, p);
}

cJSON *
parse_resource_document(const char *buf, size_t len, const char *vpath,
    long first_line, const struct mgt_limits *lim,
    const struct problem_sink *sink)
{
	struct resource_out out;
	struct resource_count count;
	struct problem_sink counting;

	count.sink = sink;
	count.n = 0;
	counting.fn = resource_count_problem;
	counting.ctx = &count;
	memset(&out, 0, sizeof out);
	out.vpath = vpath;
	out.sink = &counting;
	out.docmode = 1;
	if (first_line < 1)
		first_line = 1;
	resource_parse(buf, len, vpath, first_line, lim, NULL, &out);
	if (out.doc == NULL && count.n == 0)
		problem_report(sink, PROBLEM_INFO, PCODE_NOT_OBJECT, vpath, -1,
		    first_line, "no document found");
	return out.doc;
}
