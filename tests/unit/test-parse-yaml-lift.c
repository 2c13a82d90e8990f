/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Lifting long base64 values out before libyaml (parse-yaml-lift.c) must
 * change nothing a caller sees: every text here is parsed with lifting
 * (at the default length and at 1 byte, where a placeholder is longer than
 * the value) and without, and the objects, their lines and the problems
 * (code, message, line, offset) must be the same.  Texts cover the places
 * a lifted line can land: mapping values, block and folded scalars,
 * quoted and plain multi-line scalars, flow collections, numbers, CRLF,
 * the marker in the input, and syntax errors on and after lifted lines.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "limits.h"
#include "parse-resource.h"
#include "parse-yaml-lift.h"
#include "problem.h"
#include "tap.h"
#include "trace.h"
#include "xmalloc.h"

static int
trace_object(void *ctx, const cJSON *obj, long line)
{
	char *s = cJSON_PrintUnformatted(obj);

	trace_add(ctx, "object line %ld: %s\n", line, s);
	free(s);
	return MGT_OK;
}

/* The trace of one parse with lifting at min (0: none), at most docs
 * documents (0: the default). */
static char *
trace_parse_docs(const char *text, size_t len, size_t min, long docs)
{
	struct mgt_limits lim;
	struct trace t = { NULL, 0, 0 };
	struct problem_sink sink = { trace_problem, &t };
	long n;

	limits_default(&lim);
	lim.yaml_lift_min = min;
	if (docs > 0)
		lim.max_docs_per_file = docs;
	trace_add(&t, "%s", "");
	n = parse_resource_buffer(text, len, "t.yaml", &lim, &sink,
	    trace_object, &t);
	trace_add(&t, "returned %ld\n", n);
	return t.s;
}

static char *
trace_parse(const char *text, size_t len, size_t min)
{
	return trace_parse_docs(text, len, min, 0);
}

/* How many values a lift at min takes out of text. */
static size_t
lifted(const char *text, size_t min)
{
	struct yaml_lift l;
	size_t n;

	if (!yaml_lift_segment(&l, text, strlen(text), min, 1, NULL))
		return 0;
	n = l.n;
	yaml_lift_free(&l);
	return n;
}

/* Same trace with and without lifting, at min and at 1. */
static void
same_n(const char *name, const char *text, size_t len)
{
	char *off, *on, *tiny;

	char what[256];

	off = trace_parse(text, len, 0);
	on = trace_parse(text, len, LIMIT_DEFAULT_YAML_LIFT);
	tiny = trace_parse(text, len, 1);
	snprintf(what, sizeof what, "%s: same with lifting", name);
	if (!ok(strcmp(off, on) == 0, what))
		printf("# without:\n%s# with:\n%s", off, on);
	snprintf(what, sizeof what, "%s: same lifting 1-byte values", name);
	if (!ok(strcmp(off, tiny) == 0, what))
		printf("# without:\n%s# with:\n%s", off, tiny);
	free(off);
	free(on);
	free(tiny);
}

static void
same(const char *name, const char *text)
{
	same_n(name, text, strlen(text));
}

/* A base64-looking run of n bytes, starting with c. */
static char *
b64(size_t n, char c)
{
	static const char a[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	char *s = xmalloc(n + 1);
	size_t i;

	for (i = 0; i < n; i++)
		s[i] = a[(i * 7 + 3) % 64];
	if (n > 0)
		s[0] = c;
	s[n] = '\0';
	return s;
}

/* f with every "%s" replaced by v. */
static char *
fmt(const char *f, const char *v)
{
	size_t n = strlen(f), m = strlen(v), i, o = 0;
	char *s = xmalloc(n + 4 * m + 1);

	for (i = 0; i < n; i++) {
		if (f[i] == '%' && f[i + 1] == 's') {
			memcpy(s + o, v, m);
			o += m;
			i++;
		} else
			s[o++] = f[i];
	}
	s[o] = '\0';
	return s;
}

static const struct {
	const char	*name;
	const char	*text;	/* %s: a long base64 value */
	size_t		 lifts;	/* at the default minimum */
} cases[] = {
	{ "Secret list", "---\napiVersion: v1\nitems:\n- apiVersion: v1\n"
	    "  data:\n    ca.crt: %s\n    tls.key: %s\n  kind: Secret\n"
	    "  metadata:\n    name: s\n    namespace: n\nkind: SecretList\n", 2 },
	{ "kubeconfig in a literal block", "apiVersion: v1\nkind: ConfigMap\n"
	    "metadata:\n  name: c\ndata:\n  kubeconfig: |\n    clusters:\n"
	    "    - cluster:\n        certificate-authority-data: %s\n"
	    "        server: https://api:6443\n", 1 },
	{ "literal block, keep chomping", "a: |+\n  x: %s\n\n\nb: 1\n", 1 },
	{ "literal block, strip chomping, last line", "a: |-\n  x: %s\n", 1 },
	{ "folded block", "a: >\n  x: %s\n  y: %s\n\n  z\n", 2 },
	{ "double-quoted over lines", "a: \"first\n  x: %s\n  end\"\n", 1 },
	{ "single-quoted over lines", "a: 'it''s\n  x: %s\n  end'\n", 1 },
	{ "plain scalar continued", "a: %s\n  more words\nb: 2\n", 1 },
	{ "continued after a blank line", "a: %s\n\n   more\nb: 2\n", 1 },
	{ "flow sequence over lines", "a: [\n  k: %s\n  , y ]\n", 1 },
	{ "flow mapping over lines", "a: {\n  k: %s\n  }\n", 1 },
	{ "flow value continued", "a: [\n  k: %s\n  zz ]\n", 1 },
	{ "a list of mappings", "- k: %s\n- k: %s\n", 0 },
	{ "anchors and aliases", "a: &x\n  k: %s\nb: *x\nc:\n  k: %s\n", 2 },
	{ "the value as a key", "? k: %s\n: v\n", 0 },
	{ "a complex key's value", "?\n  k: %s\n: v\n", 1 },
	{ "CRLF lines", "a: 1\r\nk: %s\r\nb: 2\r\n", 0 },
	{ "the last line without LF", "a: 1\nk: %s", 0 },
	{ "a comment line", "# k: %s\nk: %s\n", 1 },
	{ "tab before the value", "k:\t%s\n", 0 },
	{ "error after a lifted line", "a:\n  k: %s\n   bad: [\n", 1 },
	{ "error on the next line", "a:\n  k: %s\n  - x\n", 1 },
	{ "unclosed flow after", "a: [\nk: %s\n", 1 },
	{ "duplicate keys", "k: %s\nk: %s\n", 2 },
	{ "two documents, an error in the first", "---\nk: %s\nbad: [\n"
	    "---\nk: %s\n", 2 },
	{ "a dash value", "a: -\nb: -x\n", 0 },
	{ "tagged", "k: !!binary %s\nj: !!str\n  %s\n", 0 },
	{ "a marker spelt with an escape", "k: %s\nq: \"xMgTLiFt\\x7800000000\"\n",
	    1 },
	{ "a marker spelt over an escaped break", "k: %s\nq: \"xMgTLiFt\\\n"
	    "  x00000000\"\n", 1 },
	{ "a base64 line in a double-quoted string", "q: \"one\n  k: %s\n"
	    "  two\"\n", 1 },
};

static void
test_cases(void)
{
	char *v, *t, what[256];
	size_t i;

	v = b64(200, 'L');
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		t = fmt(cases[i].text, v);
		snprintf(what, sizeof what, "%s: values lifted",
		    cases[i].name);
		is_int((long)lifted(t, LIMIT_DEFAULT_YAML_LIFT),
		    (long)cases[i].lifts, what);
		same(cases[i].name, t);
		free(t);
	}
	free(v);
}

static void
test_values(void)
{
	char *v, *t;

	/* All digits: a JSON number, kept as written. */
	v = xmalloc(301);
	memset(v, '7', 300);
	v[300] = '\0';
	t = fmt("n: %s\n", v);
	is_int((long)lifted(t, LIMIT_DEFAULT_YAML_LIFT), 1, "digits lifted");
	same("a 300-digit number", t);
	free(t);
	free(v);
	/* Shorter than the minimum: left alone. */
	v = b64(LIMIT_DEFAULT_YAML_LIFT - 1, 'A');
	t = fmt("k: %s\n", v);
	is_int((long)lifted(t, LIMIT_DEFAULT_YAML_LIFT), 0,
	    "a value under the minimum stays");
	free(t);
	free(v);
	/* A space or colon in the value: not base64, not lifted. */
	is_int((long)lifted("k: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa "
	    "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\n",
	    10), 0, "a value with a space stays");
	/* The marker in the input: the segment is read as it is. */
	v = b64(200, 'Q');
	t = fmt("k: %s\nm: xMgTLiFtx00000000\n", v);
	is_int((long)lifted(t, LIMIT_DEFAULT_YAML_LIFT), 0,
	    "a segment holding the marker is not lifted");
	same("the marker in the input", t);
	free(t);
	t = fmt("k: %s\nm: \"xMgTLiFtx00000000\"\n", v);
	same("the marker quoted", t);
	free(t);
	free(v);
}

/* Literal blocks taken out at the given minimum (0: the default). */
static size_t
blocks(const char *text, size_t min)
{
	struct yaml_lift l;
	size_t n;

	if (!yaml_lift_segment(&l, text, strlen(text), min ? min :
	    LIMIT_DEFAULT_YAML_LIFT, 1, NULL))
		return 0;
	n = l.nblocks;
	yaml_lift_free(&l);
	return n;
}

/* A long line of script, for blocks over the default minimum. */
#define LONG_LINE "echo \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" \
	"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\""

/*
 * Literal blocks: where they are lifted (a placeholder and empty lines),
 * where they are not, and where the scan of lines thinks so but libyaml
 * reads the line otherwise (inside quotes, flow collections, other
 * blocks): the parser must read those again without lifting and give what
 * it gives without lifting.
 */
static const struct {
	const char	*name;
	const char	*text;
	size_t		 nblocks;	/* at a 1-byte minimum */
} block_cases[] = {
	{ "ConfigMap data", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n"
	    "  name: c\ndata:\n  run.sh: |\n    #!/bin/sh\n    set -e\n\n"
	    "    " LONG_LINE "\n      indented more\n  other: |-\n    x\n"
	    "    y\n", 2 },
	{ "empty lines and spaces-only lines", "a: |\n  x\n\n \n  \n   \n"
	    "    \n  y\n\n\nb: 1\n", 1 },
	{ "spaces past the indent at the end", "a: |-\n  x\n     \nb: 1\n",
	    1 },
	{ "digits stay a string", "a: |-\n  12345\nb: |-\n  true\n"
	    "c: |-\n  null\n", 3 },
	{ "last line of the input", "a: |\n  x\n  y\n", 1 },
	{ "the last line without LF", "a: |\n  x\n  y", 0 },
	{ "in a List item", "items:\n- apiVersion: v1\n  data:\n"
	    "    k: |\n      v\n  kind: ConfigMap\n  metadata:\n"
	    "    name: c\nkind: List\n", 1 },
	{ "a comment after", "a: |\n  x\n# note\nb: 2\n", 1 },
	{ "a document marker after", "a: |\n  x\n---\nb: |-\n  y\n", 2 },
	{ "ends deeper than the key", "k:\n  a: |\n      x\n    y: 1\n", 0 },
	{ "first line blank", "a: |\n\n  x\n", 0 },
	{ "first line not deeper than the key", "  a: |\n  x\n", 0 },
	{ "a tab inside", "a: |\n  x\ty\nb: 1\n", 0 },
	{ "a tab where the block ends", "a: |\n  x\n\tb: 1\n", 0 },
	{ "CRLF inside", "a: |\n  x\r\n  y\nb: 1\n", 0 },
	{ "UTF-8 inside", "a: |\n  # NetLock Arany (Class Gold) F\xc5\x91tan\xc3"
	    "\xbas\xc3\xadtv\xc3\xa1ny\n  -----BEGIN\nb: 1\n", 1 },
	{ "NEL inside", "a: |\n  x\xc2\x85y\nb: 1\n", 0 },
	{ "NEL inside a long line", "a: |\n  xxxxxxxxxxxxxxxxx\xc2\x85"
	    "yyyyyyyyyyyyyyyyy\nb: 1\n", 0 },
	{ "a tab inside a long line", "a: |\n  xxxxxxxxxxxxxxxxx\tyyyyyyyy"
	    "yyyyyyyyyy\nb: 1\n", 0 },
	{ "DEL inside a long line", "a: |\n  xxxxxxxxxxxxxxxxx\x7fyyyyyyyy"
	    "yyyyyyyyyy\nb: 1\n", 0 },
	{ "LS inside", "a: |\n  x\xe2\x80\xa8y\nb: 1\n", 0 },
	{ "PS inside", "a: |\n  x\xe2\x80\xa9y\nb: 1\n", 0 },
	{ "a BOM inside", "a: |\n  x\xef\xbb\xbfy\nb: 1\n", 1 },
	{ "keep chomping", "a: |+\n  x\n\nb: 1\n", 0 },
	{ "indentation indicator", "a: |2\n   x\nb: 1\n", 0 },
	{ "anchored", "a: &x |\n  x\nb: *x\n", 0 },
	{ "tagged", "a: !!str |\n  x\n", 0 },
	{ "a sequence entry's key", "- a: |\n    x\n", 0 },
	{ "a comment on the header", "a: | # c\n  x\n", 0 },
	{ "inside double quotes", "q: \"one\n  a: |\n    x\n  two\"\n", 1 },
	{ "inside single quotes", "q: 'one\n  a: |\n    x\n  two'\n", 1 },
	{ "inside a flow mapping", "q: {\n  a: |\n    x\n  }\n", 1 },
	{ "inside a flow sequence", "q: [\n  a: |\n    x\n  ]\n", 1 },
	{ "inside a plain scalar", "q: one\n  a: |\n    x\n", 1 },
	{ "inside a folded block", "q: >\n  a: |\n    x\n", 0 },
	{ "inside a keep block", "q: |+\n  a: |\n    x\n\n", 0 },
	{ "inside a block lifted already", "q: |\n  a: |\n    x\n", 1 },
	{ "a complex key", "? a: |\n    x\n: v\n", 0 },
	{ "as a complex key's value", "?\n  a: |\n    x\n: v\n", 1 },
	{ "after a good document, an error", "---\na: |\n  x\n---\n"
	    "b: |\n  y\nc: [\n", 2 },
	{ "quotes after a good document", "---\na: |\n  x\n---\n"
	    "q: \"one\n  b: |\n    y\n  two\"\n", 2 },
	{ "NUL escapes then a retry", "---\nn: \"a\\0b\"\na: |\n  x\n---\n"
	    "m: \"c\\0d\"\nq: {\n  b: |\n    y\n  }\n", 2 },
	{ "a NUL escape in the retried document", "n: \"a\\0b\"\n"
	    "q: {\n  b: |\n    y\n  }\n", 1 },
	{ "duplicate keys", "a: |\n  x\na: |-\n  y\n", 2 },
	{ "an error after it", "a: |\n  x\nb: [\n", 1 },
	{ "in an unclosed flow mapping", "q: {\n  a: |\n    x\n", 1 },
	{ "in an unclosed flow sequence", "q: [\n  a: |\n    x\n", 1 },
	{ "in an unclosed double quote", "q: \"\n  a: |\n    x\n", 1 },
	{ "in a flow mapping closed twice", "q: {a: b,\n  a: |\n    x\n  }}\n", 1 },
	{ "in an unclosed single quote", "q: 'x\n  a: |\n    x\n", 1 },
	{ "a look-ahead past it to an alias", "- [*n, \"\n  a: |\n    \\q\n"
	    "  \"]\n", 1 },
	{ "a look-ahead past it to a complex key", "? [\"\n  a: |\n    \\q\n"
	    "  \"]\n", 1 },
	{ "a base64 line after", "a: |\n  x\nk: QUJDREVGR0hJSktMTU5PUFFS\n",
	    1 },
};

static void
test_blocks(void)
{
	char what[256];
	size_t i;

	for (i = 0; i < sizeof block_cases / sizeof block_cases[0]; i++) {
		snprintf(what, sizeof what, "%s: blocks lifted",
		    block_cases[i].name);
		is_int((long)blocks(block_cases[i].text, 1),
		    (long)block_cases[i].nblocks, what);
		same(block_cases[i].name, block_cases[i].text);
	}
	is_int((long)blocks(block_cases[0].text, 0), 1,
	    "the default minimum takes only the long block");
}

/*
 * The document cap reached while blocks are lifted: the segment is read
 * again without lifting (the cap's warning must come once, after the
 * same documents), whether the cap falls after a lifted block or before.
 */
static void
test_block_doc_cap(void)
{
	static const char text[] =
	    "a: |\n  one\n---\nb: |\n  two\n---\nc: 3\n---\nd: |\n  four\n";
	char *off, *on, what[128];
	long cap;

	ok(blocks(text, 1) == 3, "doc cap text: three blocks lifted");
	for (cap = 1; cap <= 4; cap++) {
		off = trace_parse_docs(text, sizeof text - 1, 0, cap);
		on = trace_parse_docs(text, sizeof text - 1, 1, cap);
		snprintf(what, sizeof what,
		    "doc cap %ld with blocks lifted: same trace", cap);
		if (!ok(strcmp(off, on) == 0, what))
			printf("# without:\n%s# with:\n%s", off, on);
		snprintf(what, sizeof what, "doc cap %ld: warned %s", cap,
		    cap < 4 ? "once" : "never");
		ok((strstr(off, "more than") != NULL) == (cap < 4) &&
		    (strstr(off, "more than") == NULL ||
		    strstr(strstr(off, "more than") + 1, "more than") ==
		    NULL), what);
		free(off);
		free(on);
	}
}

/* A block's value as libyaml gives it: indentation off, chomping. */
static void
test_block_value(void)
{
	const char *seg = "a: |\n  x\n\n    y\n   \n  z  \nb: |-\n  w\n"
	    "  v\n";
	struct yaml_lift l;
	size_t n;
	char *r;

	ok(yaml_lift_segment(&l, seg, strlen(seg), 1, 1, NULL) == 1,
	    "block value: lifted");
	is_int((long)l.nblocks, 2, "block value: two blocks");
	r = yaml_lift_block_value(&l, 0, &n);
	is_str(r, "x\n\n  y\n \nz  \n", "block value: clip keeps one break");
	is_int((long)n, (long)strlen(r), "block value: its length");
	free(r);
	r = yaml_lift_block_value(&l, 1, &n);
	is_str(r, "w\nv", "block value: strip keeps none");
	free(r);
	r = xstrndup(l.copy, l.copylen);
	is_str(r, "a: xMgTLiFtx00000000\n\n\n\n\n\nb: xMgTLiFtx00000001"
	    "\n\n\n", "block value: the copy keeps every line");
	free(r);
	ok(yaml_lift_block_at(&l, "xMgTLiFtx00000001", 17) == 1,
	    "block value: its placeholder names it");
	ok(yaml_lift_block_at(&l, "xMgTLiFtx00000001 ", 18) == -1,
	    "block value: more than the placeholder is not it");
	is_int((long)yaml_lift_offset(&l, l.spans[1].copy + l.spans[1].clen),
	    (long)(l.spans[1].orig + l.spans[1].len),
	    "block value: offsets after a block");
	yaml_lift_free(&l);
}

/* Restore: placeholders anywhere in a text, and text without any. */
static void
test_restore(void)
{
	struct yaml_lift l;
	const char *seg = "a: QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=\n"
	    "b: MDEyMzQ1Njc4OQ==\n";
	char *t, *r;
	size_t n;

	ok(yaml_lift_segment(&l, seg, strlen(seg), 8, 1, NULL) == 1, "restore: lifted");
	is_int((long)l.n, 2, "restore: two spans");
	t = xmalloc(l.copylen + 1);
	memcpy(t, l.copy, l.copylen);
	t[l.copylen] = '\0';
	n = l.copylen;
	r = yaml_lift_restore(&l, t, &n);
	is_str(r, seg, "restore: the whole copy comes back as the segment");
	is_int((long)n, (long)strlen(seg), "restore: its length");
	free(r);
	t = xstrdup("plain text");
	n = strlen(t);
	r = yaml_lift_restore(&l, t, &n);
	ok(r == t, "restore: text without a placeholder is kept");
	free(r);
	is_int((long)yaml_lift_offset(&l, 0), 0, "offset: before any span");
	is_int((long)yaml_lift_offset(&l, l.spans[1].copy + 17 + 1),
	    (long)(l.spans[1].orig + l.spans[1].len + 1),
	    "offset: after the second span");
	is_int((long)yaml_lift_offset(&l, l.spans[0].copy + 3),
	    (long)l.spans[0].orig, "offset: inside a placeholder");
	/* Columns of the second line ("b: " then the value). */
	n = l.spans[1].orig - 3;
	is_int((long)yaml_lift_column(&l, n, 1), 1, "column: before the value");
	is_int((long)yaml_lift_column(&l, n, 3 + 5), 3,
	    "column: inside a placeholder is the value's start");
	is_int((long)yaml_lift_column(&l, n, 3 + 17), (long)(3 +
	    l.spans[1].len), "column: the line break after the value");
	is_int((long)yaml_lift_column(&l, strlen(seg), 0), 0,
	    "column: a line with no span");
	yaml_lift_free(&l);
}

/* Replay files (a fuzzer's finding: its first byte is the harness's). */
static void
test_files(int argc, char **argv)
{
	char *buf;
	size_t n;
	FILE *f;
	int i;

	for (i = 1; i < argc; i++) {
		if ((f = fopen(argv[i], "rb")) == NULL) {
			ok(0, argv[i]);
			continue;
		}
		buf = xmalloc(1 << 24);
		n = fread(buf, 1, (1 << 24) - 1, f);
		fclose(f);
		buf[n] = '\0';
		same_n(argv[i], n > 0 ? buf + 1 : buf, n > 0 ? n - 1 : 0);
		free(buf);
	}
}

int
main(int argc, char **argv)
{
	if (argc > 1) {
		test_files(argc, argv);
		return done_testing();
	}
	test_cases();
	test_values();
	test_blocks();
	test_block_doc_cap();
	test_block_value();
	test_restore();
	return done_testing();
}
