/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Unit tests for the resource parsers (parse-resource.c, parse-yaml.c):
 * scalar typing, block and folded scalars, multi-document streams, List
 * splitting with item lines, duplicate keys, tags, and hostile input
 * (billion laughs, deep nesting, NUL bytes, invalid UTF-8, syntax errors).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "error.h"
#include "limits.h"
#include "parse-resource.h"
#include "problem.h"
#include "tap.h"
#include "xmalloc.h"

#define MAX_SEEN 64

/* What one parse produced: objects as compact JSON, their lines, and the
 * problems. */
struct seen {
	int		 nobj;
	char		*obj[MAX_SEEN];
	long		 line[MAX_SEEN];
	int		 nprob;
	char		 code[MAX_SEEN][32];
	char		 msg[MAX_SEEN][512];
	long		 pline[MAX_SEEN];
	long long	 poff[MAX_SEEN];
	int		 psev[MAX_SEEN];
	int		 stop_after;	/* fail the callback after this many */
};

static struct mgt_limits lim;

static void
seen_problem(void *ctx, const struct problem *p)
{
	struct seen *s = ctx;

	if (s->nprob == MAX_SEEN)
		return;
	snprintf(s->code[s->nprob], sizeof s->code[0], "%s", p->code);
	snprintf(s->msg[s->nprob], sizeof s->msg[0], "%s", p->message);
	s->pline[s->nprob] = p->line;
	s->poff[s->nprob] = p->offset;
	s->psev[s->nprob] = p->severity;
	s->nprob++;
}

static int
seen_object(void *ctx, const cJSON *obj, long line)
{
	struct seen *s = ctx;

	if (s->nobj == MAX_SEEN)
		return MGT_ERR_LIMIT;
	s->obj[s->nobj] = cJSON_PrintUnformatted(obj);
	s->line[s->nobj] = line;
	s->nobj++;
	if (s->stop_after > 0 && s->nobj >= s->stop_after)
		return MGT_ERR_LIMIT;
	return MGT_OK;
}

static void
seen_clear(struct seen *s)
{
	int i;

	for (i = 0; i < s->nobj; i++)
		free(s->obj[i]);
	memset(s, 0, sizeof *s);
}

/* Parse text (length given, may hold NUL) and record what came out. */
static long
parse_n(struct seen *s, const char *text, size_t len)
{
	struct problem_sink sink = { seen_problem, s };

	seen_clear(s);
	return parse_resource_buffer(text, len, "test.yaml", &lim, &sink,
	    seen_object, s);
}

static long
parse(struct seen *s, const char *text)
{
	return parse_n(s, text, strlen(text));
}

static const char *
obj(struct seen *s, int i)
{
	return i < s->nobj ? s->obj[i] : "(none)";
}

static const char *
code(struct seen *s, int i)
{
	return i < s->nprob ? s->code[i] : "(none)";
}

/* CPU-time budgets scale with MGT_TEST_TIME_FACTOR (50 under valgrind). */
static double
budget(double seconds)
{
	const char *f = getenv("MGT_TEST_TIME_FACTOR");

	return f != NULL && atof(f) > 0 ? seconds * atof(f) : seconds;
}

/* CPU time, so a busy machine does not fail the budgets. */
static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
test_scalars(struct seen *s)
{
	is_int(parse(s, "kind: X\n"
	    "a: 1\nb: -0.5e+10\nc: 12345678901234567890123456789\n"
	    "d: 1e999999\ne: 0755\nf: 1_000\ng: .5\nh: +1\ni: 0x1F\n"
	    "j: .inf\nk: \"42\"\nl: '3'\n"), 1, "scalars: one object");
	is_str(obj(s, 0), "{\"kind\":\"X\",\"a\":1,\"b\":-0.5e+10,"
	    "\"c\":12345678901234567890123456789,\"d\":1e999999,"
	    "\"e\":\"0755\",\"f\":\"1_000\",\"g\":\".5\",\"h\":\"+1\","
	    "\"i\":\"0x1F\",\"j\":\".inf\",\"k\":\"42\",\"l\":\"3\"}",
	    "numbers: JSON grammar kept as exact text, the rest strings");
	is_int(s->nprob, 0, "scalars: no problems");

	parse(s, "a: true\nb: false\nc: null\nd: ~\ne:\nf: True\ng: FALSE\n"
	    "h: NULL\ni: yes\nj: off\nk: 'true'\nl: \"null\"\nm: ''\n");
	is_str(obj(s, 0), "{\"a\":true,\"b\":false,\"c\":null,\"d\":null,"
	    "\"e\":null,\"f\":true,\"g\":false,\"h\":null,\"i\":\"yes\","
	    "\"j\":\"off\",\"k\":\"true\",\"l\":\"null\",\"m\":\"\"}",
	    "literals: true/false/null/~/empty; quoted stay strings");

	parse(s, "n: 5\n");
	{
		cJSON *t = parse_resource_document("n: 5\n", 5, "t", 1, &lim,
		    NULL);
		const cJSON *n = cJSON_GetObjectItem(t, "n");
		ok(cJSON_IsRaw(n) && strcmp(n->valuestring, "5") == 0 &&
		    n->valuedouble == 5.0 && n->valueint == 5,
		    "raw number also carries valuedouble and valueint");
		cJSON_Delete(t);
	}
}

static void
test_block_scalars(struct seen *s)
{
	/* The shape of the real authentication.yaml from resourcewatch. */
	parse(s, "apiVersion: config.openshift.io/v1\n"
	    "kind: ClusterOperator\n"
	    "status:\n"
	    "  conditions:\n"
	    "  - lastTransitionTime: \"2021-09-14T09:52:29Z\"\n"
	    "    message: 'WellKnownReadyControllerDegraded: need at least 3 "
	    "kube-apiservers, got\n"
	    "      2'\n"
	    "    reason: WellKnownReadyController_SyncError\n"
	    "  - message: plain text that oc folded\n"
	    "      over three\n"
	    "      lines\n"
	    "    type: Upgradeable\n");
	{
		cJSON *t = cJSON_Parse(obj(s, 0));
		const cJSON *c = cJSON_GetObjectItem(cJSON_GetObjectItem(
		    t, "status"), "conditions");
		is_str(cJSON_GetObjectItem(cJSON_GetArrayItem(c, 0),
		    "message")->valuestring,
		    "WellKnownReadyControllerDegraded: need at least 3 "
		    "kube-apiservers, got 2",
		    "quoted scalar folded over two lines");
		is_str(cJSON_GetObjectItem(cJSON_GetArrayItem(c, 1),
		    "message")->valuestring,
		    "plain text that oc folded over three lines",
		    "plain scalar folded over three lines");
		cJSON_Delete(t);
	}
	parse(s, "a: >\n  one\n  two\n\n  three\nb: >-\n  x\n  y\n"
	    "c: |\n  l1\n  l2\nd: |-\n  l1\n  l2\ne: |+\n  k\n\n");
	is_str(obj(s, 0), "{\"a\":\"one two\\nthree\\n\",\"b\":\"x y\","
	    "\"c\":\"l1\\nl2\\n\",\"d\":\"l1\\nl2\",\"e\":\"k\\n\\n\"}",
	    "folded and literal block scalars, with chomping");
	parse(s, "a: {b: [1, 'two', \"th\\tree\"], c: {}}\nd: []\n");
	is_str(obj(s, 0), "{\"a\":{\"b\":[1,\"two\",\"th\\tree\"],\"c\":{}},"
	    "\"d\":[]}", "flow style");
}

/*
 * The real file, when MGT_CORPUS names the corpus directory (shared/corpus/
 * real); skipped otherwise so the test needs nothing outside the tree.
 */
static void
test_real_file(struct seen *s)
{
	static const char rel[] = "/vrutkovs__resourcewatch-3nodes/history/"
	    "cc6f6cfb48e1126afbf02a123e3645540a9def9b/cluster-scoped-resources/"
	    "config.openshift.io/clusteroperators/authentication.yaml";
	const char *dir = getenv("MGT_CORPUS");
	char path[4096], *buf;
	FILE *f;
	size_t n;

	if (dir == NULL || snprintf(path, sizeof path, "%s%s", dir, rel) >=
	    (int)sizeof path || (f = fopen(path, "rb")) == NULL) {
		ok(1, "real authentication.yaml # SKIP set MGT_CORPUS");
		return;
	}
	buf = xmalloc(1 << 20);
	n = fread(buf, 1, 1 << 20, f);
	fclose(f);
	is_int(parse_n(s, buf, n), 1, "real authentication.yaml: one object");
	ok(strstr(obj(s, 0), "\"WellKnownReadyControllerDegraded: need at "
	    "least 3 kube-apiservers, got 2\"") != NULL,
	    "real authentication.yaml: folded message joined by one space");
	free(buf);
}

static void
test_multidoc(struct seen *s)
{
	is_int(parse(s, "---\nkind: A\n---\nkind: B\n...\n---\n# c\nkind: C\n"
	    "---\n"), 3, "multi-doc: three objects");
	is_str(obj(s, 2), "{\"kind\":\"C\"}", "multi-doc: third object");
	is_int(s->line[0], 2, "multi-doc: line of first");
	is_int(s->line[1], 4, "multi-doc: line of second");
	is_int(s->line[2], 8, "multi-doc: line of third");
	is_int(s->nprob, 0, "multi-doc: empty documents are silent");

	is_int(parse(s, "kind: A\r\nx: 1\r\n---\r\nkind: B\r\n"), 2,
	    "CRLF: two objects");
	is_int(s->line[1], 4, "CRLF: lines as with LF");

	is_int(parse(s, "# only a comment\n"), 0, "comment only: nothing");
	is_int(s->nprob, 0, "comment only: no problem");
	is_int(parse(s, ""), 0, "empty buffer: nothing");
}

static void
test_lists(struct seen *s)
{
	is_int(parse(s, "apiVersion: v1\nitems:\n- kind: Pod\n  metadata:\n"
	    "    name: a\n-   kind: Pod\n    metadata: {name: b}\n"
	    "- {kind: Pod, metadata: {name: c}}\nkind: PodList\n"
	    "metadata:\n  resourceVersion: \"\"\n"), 3, "PodList: 3 items");
	is_str(obj(s, 1), "{\"kind\":\"Pod\",\"metadata\":{\"name\":\"b\"}}",
	    "PodList: second item");
	is_int(s->line[0], 3, "PodList: item 1 line");
	is_int(s->line[1], 6, "PodList: item 2 line");
	is_int(s->line[2], 8, "PodList: item 3 line");

	is_int(parse(s, "kind: List\nitems: [ {kind: A}, 7, {kind: B} ]\n"),
	    2, "List: non-object items skipped");
	is_str(code(s, 0), PCODE_NOT_OBJECT, "List: non-object item noted");
	is_int(parse(s, "kind: PodList\nitems: []\n"), 0, "empty List");
	is_int(parse(s, "kind: Listing\nitems: [1]\n"), 1,
	    "kind not ending in List: delivered whole");
	is_int(parse(s, "kind: PodList\nitems: null\n"), 1,
	    "List without an items array: delivered whole");

	is_int(parse(s, "{\n  \"kind\": \"PodList\",\n  \"items\": [\n"
	    "    {\"kind\": \"Pod\", \"n\": [1, {\"items\": [2]}]},\n"
	    "    {\"kind\": \"Pod\",\n     \"s\": \"a\\\"]\"}\n  ,\n"
	    "{\"kind\": \"Pod\"}]\n}\n"), 3, "JSON List: 3 items");
	is_int(s->line[0], 4, "JSON List: item 1 line");
	is_int(s->line[1], 5, "JSON List: item 2 line");
	is_int(s->line[2], 8, "JSON List: item 3 line");
	is_str(obj(s, 1), "{\"kind\":\"Pod\",\"s\":\"a\\\"]\"}",
	    "JSON List: escaped quote and bracket in a string");
	is_int(parse(s, "{\"kind\": \"List\", \"x\": \"[{ \\\\\", "
	    "\"y\": \"items\\\" [\",\n\"items\":\n[{\"a\": \"\\\\\"},\n"
	    "{\"b\": \"]}\"}]}"), 2, "JSON List after tricky strings");
	is_int(s->line[0], 3, "JSON tricky: item 1 line");
	is_int(s->line[1], 4, "JSON tricky: item 2 line");
	is_str(obj(s, 1), "{\"b\":\"]}\"}", "JSON tricky: item 2");
}

static void
test_objects(struct seen *s)
{
	is_int(parse(s, "apiVersion: v1\nbaseDomain: example.com\n"
	    "metadata:\n  name: x\n"), 1, "mapping without kind delivered");
	is_int(s->nprob, 0, "mapping without kind: no problem");
	is_int(parse(s, "- a\n- b\n"), 0, "top-level sequence: skipped");
	is_str(code(s, 0), PCODE_NOT_OBJECT, "top-level sequence: noted");
	ok(s->nprob == 1 && s->psev[0] == PROBLEM_INFO,
	    "top-level sequence: info only");
	is_int(parse(s, "just text\n"), 0, "top-level scalar: skipped");
	is_str(code(s, 0), PCODE_NOT_OBJECT, "top-level scalar: noted");
	is_int(parse(s, "[1, 2]"), 0, "JSON array: skipped");
	is_str(code(s, 0), PCODE_NOT_OBJECT, "JSON array: noted");
}

static void
test_duplicates(struct seen *s)
{
	char buf[4096];
	size_t n = 0;
	int i;

	parse(s, "a: 1\nb: 2\na: 3\n");
	is_str(obj(s, 0), "{\"b\":2,\"a\":3}", "YAML duplicate key: last wins");
	parse(s, "{\"a\": 1, \"b\": 2, \"a\": {\"x\": 3}}");
	is_str(obj(s, 0), "{\"b\":2,\"a\":{\"x\":3}}",
	    "JSON duplicate key: last wins");
	for (i = 0; i < 40; i++)
		n += (size_t)snprintf(buf + n, sizeof buf - n, "k%d: %d\n",
		    i % 20, i);
	parse_n(s, buf, n);
	ok(strstr(obj(s, 0), "\"k0\":20") != NULL &&
	    strstr(obj(s, 0), "\"k0\":0") == NULL &&
	    strstr(obj(s, 0), "\"k19\":39,") == NULL,
	    "large mapping: duplicates resolved, last wins");
	/* Sorted keys take a shortcut: a duplicate must still end it. */
	parse(s, "a: 1\nb: 2\nb: 3\nc: 4\n");
	is_str(obj(s, 0), "{\"a\":1,\"b\":3,\"c\":4}",
	    "sorted keys, adjacent duplicate: last wins");
	parse(s, "a: 1\nb: 2\nc: 3\nd: 4\ne: 5\nf: 6\ng: 7\nh: 8\n"
	    "i: 9\nj: 10\nj: 11\n");
	ok(strstr(obj(s, 0), "\"j\":11}") != NULL &&
	    strstr(obj(s, 0), "\"j\":10") == NULL,
	    "large sorted mapping, duplicate last: last wins");
	parse(s, "a: 1\nb: 2\nc: 3\n");
	is_str(obj(s, 0), "{\"a\":1,\"b\":2,\"c\":3}",
	    "sorted keys, no duplicate: all kept");
}

static void
test_tags(struct seen *s)
{
	parse(s, "a: !!python/object:os.system {cmd: ls}\n"
	    "b: !include other.yaml\nc: !!str 123\nd: !custom 5\n"
	    "e: ! true\nf: !!binary aGVsbG8=\n");
	is_str(obj(s, 0), "{\"a\":{\"cmd\":\"ls\"},\"b\":\"other.yaml\","
	    "\"c\":\"123\",\"d\":5,\"e\":\"true\",\"f\":\"aGVsbG8=\"}",
	    "tags ignored (value kept as data); !!str and ! make strings");
	is_int(s->nprob, 0, "tags: no problems");
}

static void
test_aliases(struct seen *s)
{
	const char *laughs =
	    "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\","
	    "\"lol\",\"lol\"]\n"
	    "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
	    "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
	    "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
	    "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n"
	    "f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n"
	    "g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\n"
	    "h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]\n"
	    "i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]\n"
	    "---\nkind: After\n";
	struct mgt_limits save = lim;
	double t0;

	parse(s, "base: &b {x: 1, y: [2]}\nuse: *b\n&k key: 1\n*k : 2\n");
	is_str(obj(s, 0), "{\"base\":{\"x\":1,\"y\":[2]},"
	    "\"use\":{\"x\":1,\"y\":[2]},\"key\":2}",
	    "anchors and aliases, also as keys");
	parse(s, "a: *nope\n---\nkind: B\n");
	is_str(code(s, 0), PCODE_YAML, "undefined alias: yaml-error");
	is_str(obj(s, 0), "{\"kind\":\"B\"}", "undefined alias: next doc kept");
	parse(s, "a: &a [*a]\n");
	is_str(code(s, 0), PCODE_YAML, "recursive alias refused");

	t0 = now();
	is_int(parse(s, laughs), 1, "billion laughs: only the next doc");
	ok(now() - t0 < budget(0.5), "billion laughs: rejected fast");
	is_str(code(s, 0), PCODE_YAML_ALIAS, "billion laughs: yaml-alias");
	is_str(obj(s, 0), "{\"kind\":\"After\"}",
	    "billion laughs: the document after it is kept");

	/* The visit budget trips on its own with a generous alias count. */
	lim.yaml_max_aliases = 1000000;
	t0 = now();
	parse(s, laughs);
	ok(now() - t0 < budget(0.5),
	    "billion laughs, alias cap off: still fast");
	is_str(code(s, 0), PCODE_YAML_ALIAS, "visit budget: yaml-alias");
	ok(strstr(s->msg[0], "budget") != NULL, "visit budget: says so");
	lim = save;

	parse(s, "a: &a [[[1]]]\nb: [[[[[[*a]]]]]]\n");
	is_int(s->nobj, 1, "alias depth within limit");
	lim.yaml_max_depth = 8;
	parse(s, "a: &a [[[1]]]\nb: [[[[[[*a]]]]]]\n");
	is_int(s->nobj, 0, "alias making nesting too deep: refused");
	is_str(code(s, 0), PCODE_YAML, "alias depth: yaml-error");
	lim = save;
}

static char *
repeat(const char *head, char c, size_t n, const char *tail, size_t *len)
{
	size_t h = strlen(head), t = strlen(tail);
	char *b = xmalloc(h + n + t + 1);

	memcpy(b, head, h);
	memset(b + h, c, n);
	memcpy(b + h + n, tail, t + 1);
	*len = h + n + t;
	return b;
}

static void
test_depth(struct seen *s)
{
	char *b, buf[8192];
	size_t len, n = 0;
	double t0;
	int i;

	t0 = now();
	b = repeat("a: ", '[', 100000, "", &len);
	is_int(parse_n(s, b, len), 0, "YAML 100,000 [: nothing");
	ok(now() - t0 < budget(1.0), "YAML 100,000 [: fast");
	is_str(code(s, 0), PCODE_YAML, "YAML deep: yaml-error");
	ok(strstr(s->msg[0], "line 1 column 67") != NULL,
	    "YAML deep: line and column named");
	free(b);

	b = repeat("{\"a\": ", '[', 100000, "", &len);
	is_int(parse_n(s, b, len), 0, "JSON 100,000 [: nothing");
	is_str(code(s, 0), PCODE_JSON, "JSON deep: json-error");
	is_int(s->poff[0], 6 + 63, "JSON deep: offset of the 65th level");
	free(b);

	/* 64 levels are fine, 65 are not (block style). */
	for (i = 0; i < 63; i++)
		n += (size_t)snprintf(buf + n, sizeof buf - n, "%*sk:\n",
		    i, "");
	n += (size_t)snprintf(buf + n, sizeof buf - n, "%*sk: 1\n", i, "");
	is_int(parse_n(s, buf, n), 1, "depth 64: accepted");
	n = 0;
	for (i = 0; i < 64; i++)
		n += (size_t)snprintf(buf + n, sizeof buf - n, "%*sk:\n",
		    i, "");
	n += (size_t)snprintf(buf + n, sizeof buf - n, "%*sk: 1\n", i, "");
	is_int(parse_n(s, buf, n), 0, "depth 65: refused");
	is_str(code(s, 0), PCODE_YAML, "depth 65: yaml-error");
	is_int(s->pline[0], 65, "depth 65: on the line that goes too deep");
}

/* The scan skips 8 clean bytes at a time: a refused byte is found at every
 * position of a word, the document before it kept, and LF, tab, space and
 * ~ pass. */
static void
test_bad_byte_everywhere(struct seen *s)
{
	static const unsigned char bad[] = { 0x00, 0x01, 0x0b, 0x1b, 0x1f,
	    0x7f };
	char buf[64];
	size_t b, k, n;
	int found = 0, tries = 0, kept;

	for (b = 0; b < sizeof bad; b++) {
		/* Missed here, libyaml's read-ahead would lose "k: A". */
		for (k = 11; k < 11 + 24; k++) {
			n = (size_t)snprintf(buf, sizeof buf, "k: A\n---\na: %s"
			    "\n", "x ~ x ~ x ~ x ~ x ~ x ~ x ~ x ~ x ~ x");
			buf[k] = (char)bad[b];
			tries++;
			if (parse_n(s, buf, n) == 1 && s->nprob == 1 &&
			    s->poff[0] == (long long)k)
				found++;
		}
	}
	is_int(found, tries, "every refused byte found at every offset");
	n = (size_t)snprintf(buf, sizeof buf, "a: ~ x\tx\n b \n"
	    "c: x x x x x x x x x x x x\n");
	kept = (int)parse_n(s, buf, n);
	ok(kept == 1 && s->nprob == 0, "LF, tab, space and ~ pass the scan");
}

static void
test_bad_bytes(struct seen *s)
{
	static const char nul[] = "kind: A\n---\nkind: B\nx: a\0b\n---\n"
	    "kind: C\n";
	static const char latin1[] = "kind: A\nname: caf\xe9\nok: \xc3\xa9\n";
	static const char nuljson[] = "{\"a\": \"x\0y\"}";
	static const char ctl[] = "kind: A\nx: \x1b[2J\n";

	is_int(parse_n(s, nul, sizeof nul - 1), 2, "NUL: docs around kept");
	is_str(obj(s, 0), "{\"kind\":\"A\"}", "NUL: doc before kept");
	is_str(obj(s, 1), "{\"kind\":\"C\"}", "NUL: doc after kept");
	is_str(code(s, 0), PCODE_YAML, "NUL: yaml-error");
	is_int(s->poff[0], 24, "NUL: offset of the NUL byte");
	is_int(s->pline[0], 4, "NUL: its line");

	is_int(parse_n(s, ctl, sizeof ctl - 1), 0, "ESC byte: refused");
	is_str(code(s, 0), PCODE_YAML, "ESC byte: yaml-error");

	is_int(parse_n(s, latin1, sizeof latin1 - 1), 1,
	    "invalid UTF-8: document kept");
	is_str(obj(s, 0), "{\"kind\":\"A\",\"name\":\"caf\xef\xbf\xbd\","
	    "\"ok\":\"\xc3\xa9\"}", "invalid UTF-8: byte became U+FFFD");
	is_str(code(s, 0), PCODE_UTF8, "invalid UTF-8: reported");
	is_int(s->pline[0], 2, "invalid UTF-8: line");

	parse(s, "a: \"x\\0y\"\n");
	is_str(obj(s, 0), "{\"a\":\"x\xef\xbf\xbdy\"}",
	    "escaped NUL: U+FFFD, not cut");
	is_str(code(s, 0), PCODE_NUL, "escaped NUL: noted");

	test_bad_byte_everywhere(s);

	is_int(parse_n(s, nuljson, sizeof nuljson - 1), 0, "JSON NUL: refused");
	is_str(code(s, 0), PCODE_JSON, "JSON NUL: json-error");
	is_int(s->poff[0], 8, "JSON NUL: offset");
	parse(s, "{\"a\": \"x\\u0000y\"}");
	is_str(code(s, 0), PCODE_NUL, "JSON \\u0000: noted");
}

static void
test_errors(struct seen *s)
{
	struct mgt_limits save = lim;

	is_int(parse(s, "kind: A\n---\nkind: B\n  bad: indent\n---\n"
	    "kind: C\n"), 2, "syntax error: others kept");
	is_str(obj(s, 1), "{\"kind\":\"C\"}", "syntax error: resumed at ---");
	is_str(code(s, 0), PCODE_YAML, "syntax error: yaml-error");
	is_int(s->pline[0], 4, "syntax error: line");
	ok(strstr(s->msg[0], "mapping values are not allowed") != NULL &&
	    strstr(s->msg[0], "column 6") != NULL,
	    "syntax error: libyaml's text and the column");

	is_int(parse(s, "a: \"open\n---\nkind: B\n"), 1,
	    "unclosed quote: next document still read");
	is_str(obj(s, 0), "{\"kind\":\"B\"}", "unclosed quote: doc B");

	is_int(parse(s, "? [a]\n: 1\n"), 0, "non-scalar key: skipped");
	is_str(code(s, 0), PCODE_YAML, "non-scalar key: yaml-error");

	is_int(parse(s, "{\"kind\": \"A\"}\n{\"kind\": \"B\"}\n"
	    "{\"kind\": \"C\",\n \"x\": [1,,2]}"), 2,
	    "JSON: concatenated values, error in third");
	is_str(code(s, 0), PCODE_JSON, "JSON syntax error: json-error");
	is_int(s->pline[0], 4, "JSON syntax error: line");
	ok(strstr(s->msg[0], "column 10") != NULL, "JSON syntax error: column");
	is_int(parse(s, "{\"a\": 1"), 0, "JSON truncated");
	ok(strstr(s->msg[0], "unexpected end") != NULL,
	    "JSON truncated: says so");

	parse(s, "\xef\xbb\xbf{\"a\": 12345678901234567890}");
	is_str(obj(s, 0), "{\"a\":12345678901234567890}",
	    "JSON after a BOM; big number kept as text");

	lim.max_docs_per_file = 3;
	is_int(parse(s, "a: 1\n---\na: 2\n---\na: 3\n---\na: 4\n---\na: 5\n"),
	    3, "document limit: three delivered");
	is_str(code(s, 0), PCODE_LIMIT_DOCS, "document limit: limit-docs");
	is_int(parse(s, "{}{}{}{}"), 3, "JSON document limit");
	lim = save;

	lim.max_doc_bytes = 10;
	is_int(parse(s, "kind: A\nx: 12345\n"), 0, "size limit: not parsed");
	is_str(code(s, 0), PCODE_LIMIT_DOC, "size limit: limit-doc");
	lim = save;

	s->stop_after = 0;
	seen_clear(s);
	s->stop_after = 1;
	{
		struct problem_sink sink = { seen_problem, s };
		is_int(parse_resource_buffer("a: 1\n---\na: 2\n", 14, "t",
		    &lim, &sink, seen_object, s), -1,
		    "callback stop: returns -1");
		is_int(s->nobj, 1, "callback stop: nothing after");
	}
}

static void
test_document(struct seen *s)
{
	struct problem_sink sink = { seen_problem, s };
	cJSON *t;
	char *p;

	seen_clear(s);
	t = parse_resource_document("apiVersion: v1\nmetadata:\n  name: x\n"
	    "---\nkind: Other\n", 45, "cm!install-config", 1, &lim, &sink);
	p = cJSON_PrintUnformatted(t);
	is_str(p, "{\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"x\"}}",
	    "document: first YAML document");
	free(p);
	cJSON_Delete(t);
	t = parse_resource_document("{\"kind\":\"PodList\",\"items\":[{}]}",
	    31, "j", 1, &lim, &sink);
	p = cJSON_PrintUnformatted(t);
	is_str(p, "{\"kind\":\"PodList\",\"items\":[{}]}",
	    "document: JSON, Lists not split");
	free(p);
	cJSON_Delete(t);
	is_int(s->nprob, 0, "document: no problems");
	t = parse_resource_document("a: [\n", 5, "j", 10, &lim, &sink);
	ok(t == NULL, "document: syntax error gives NULL");
	is_int(s->nprob, 1, "document: one problem");
	is_int(s->pline[0], 11, "document: lines start at first_line");
	seen_clear(s);
	t = parse_resource_document("", 0, "j", 1, &lim, &sink);
	ok(t == NULL && s->nprob == 1, "document: empty input noted");
	seen_clear(s);
}

static int
count_object(void *ctx, const cJSON *obj, long line)
{
	(*(long *)ctx)++;
	return MGT_OK;
}

static void
test_many_docs(struct seen *s)
{
	struct problem_sink sink = { seen_problem, s };
	size_t n = 200000, i, len = 0;
	char *b = xmalloc(n * 9 + 1);
	long count = 0;
	double t0;

	for (i = 0; i < n; i++) {
		memcpy(b + len, "---\na: 1\n", 9);
		len += 9;
	}
	seen_clear(s);
	t0 = now();
	is_int(parse_resource_buffer(b, len, "many", &lim, &sink,
	    count_object, &count), LIMIT_DEFAULT_DOCS_PER_FILE,
	    "200,000 documents: stops at the document limit");
	is_int(count, LIMIT_DEFAULT_DOCS_PER_FILE, "200,000 documents: count");
	is_str(code(s, 0), PCODE_LIMIT_DOCS, "200,000 documents: limit-docs");
	ok(now() - t0 < budget(3.0), "200,000 documents: quick");
	free(b);
}

int
main(void)
{
	struct seen *s;

	s = xcalloc(1, sizeof *s);
	limits_default(&lim);
	test_scalars(s);
	test_block_scalars(s);
	test_real_file(s);
	test_multidoc(s);
	test_lists(s);
	test_objects(s);
	test_duplicates(s);
	test_tags(s);
	test_aliases(s);
	test_depth(s);
	test_bad_bytes(s);
	test_errors(s);
	test_document(s);
	test_many_docs(s);
	seen_clear(s);
	free(s);
	return done_testing();
}
