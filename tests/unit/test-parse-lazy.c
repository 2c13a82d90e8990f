/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Lazy bodies (parse-lazy.h): a body kept as YAML text and parsed back
 * into its document must give exactly the objects, lines and problems of a
 * parse that reads every byte in place.  Each text is parsed both ways and
 * compared, and the test also says whether the body was kept: the plain
 * cases must keep it (or nothing is gained), and each near miss (a second
 * key line, a directive, a comment at the margin, an anchor outside the
 * body, another kind, the line inside a quoted scalar, a duplicate key)
 * must not; near misses include bodies that end inside a quoted scalar or
 * a flow collection, which a scan of lines must follow as libyaml does
 * (parse-yaml-lift.c, yaml_lift_lazy_closed()).  A body with a syntax
 * error is the one known difference: the
 * object is indexed and reading its body fails, naming the same line (its
 * column and wording may differ: the body read alone ends where the file
 * went on).
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "limits.h"
#include "parse-lazy.h"
#include "parse-resource.h"
#include "problem.h"
#include "tap.h"
#include "trace.h"
#include "xmalloc.h"

static const struct parse_lazy crd = {
	"/customresourcedefinitions/", "CustomResourceDefinition", "spec",
	NULL
};
static const struct parse_lazy arc = {
	"/apirequestcounts/", "APIRequestCount", "status", "\n  conditions:"
};

/* A trace, and what the lazy parse kept. */
struct lazy_trace {
	struct trace	 t;		/* first: trace_problem() takes it */
	int		 kept;		/* objects that came with a body */
	const char	*why;		/* the last failed expansion */
	char		 whybuf[512];
};

/* An object as a caller of the index sees it: its body put back. */
static int
trace_take(void *ctx, cJSON *obj, long line)
{
	struct lazy_trace *lt = ctx;
	struct trace *t = &lt->t;
	struct mgt_limits lim;
	const char *yaml;
	char *doc = cJSON_PrintUnformatted(obj), *whole;
	long at;

	if ((yaml = parse_lazy_text(obj, &at)) != NULL) {
		lt->kept++;
		limits_default(&lim);
		whole = parse_lazy_expand(doc, yaml, at, "t.yaml", &lim,
		    lt->whybuf, sizeof lt->whybuf);
		if (whole == NULL) {
			lt->why = lt->whybuf;
			trace_add(t, "object line %ld: body unreadable\n",
			    line);
		} else
			trace_add(t, "object line %ld: %s\n", line, whole);
		free(whole);
	} else
		trace_add(t, "object line %ld: %s\n", line, doc);
	free(doc);
	cJSON_Delete(obj);
	return MGT_OK;
}

static char *
trace_parse(const char *text, const struct parse_lazy *lazy, size_t min,
    int *kept, const char **why, char *whybuf, size_t whylen)
{
	struct mgt_limits lim;
	struct lazy_trace lt;
	struct problem_sink sink = { trace_problem, &lt.t };
	long n;

	memset(&lt, 0, sizeof lt);
	limits_default(&lim);
	lim.yaml_lift_min = min;
	trace_add(&lt.t, "%s", "");
	n = parse_resource_buffer_take(text, strlen(text), "t.yaml", &lim,
	    lazy, &sink, trace_take, &lt);
	trace_add(&lt.t, "returned %ld\n", n);
	if (kept != NULL)
		*kept = lt.kept;
	if (why != NULL) {
		snprintf(whybuf, whylen, "%s", lt.why != NULL ? lt.why : "");
		*why = lt.why != NULL ? whybuf : NULL;
	}
	return lt.t.s;
}

/* Same trace with the body kept as with every byte read; kept or not as
 * want says. */
static void
check(const char *name, const char *text, const struct parse_lazy *lazy,
    int want)
{
	char *off, *on, what[256];
	int kept;

	off = trace_parse(text, NULL, 0, NULL, NULL, NULL, 0);
	on = trace_parse(text, lazy, LIMIT_DEFAULT_YAML_LIFT, &kept, NULL,
	    NULL, 0);
	snprintf(what, sizeof what, "%s: same as read in place", name);
	if (!ok(strcmp(off, on) == 0, what))
		printf("# in place:\n%s# lazy:\n%s", off, on);
	snprintf(what, sizeof what, "%s: body %s", name, want ? "kept" :
	    "read in place");
	is_int(kept, want, what);
	/* A case kept is valid YAML: else it would test nothing. */
	if (want) {
		snprintf(what, sizeof what, "%s: no problem in place", name);
		if (!ok(strstr(off, "problem ") == NULL, what))
			printf("# %s", off);
	}
	free(off);
	free(on);
}

#define CRD_HEAD "---\n" CRD_BARE
#define CRD_BARE \
	"apiVersion: apiextensions.k8s.io/v1\n" \
	"kind: CustomResourceDefinition\n" \
	"metadata:\n" \
	"  name: machineconfigs.machineconfiguration.openshift.io\n" \
	"  resourceVersion: \"1234\"\n"

#define CRD_SPEC \
	"spec:\n" \
	"  group: machineconfiguration.openshift.io\n" \
	"  names:\n" \
	"    kind: MachineConfig\n" \
	"    plural: machineconfigs\n" \
	"\n" \
	"  versions:\n" \
	"  - name: v1\n" \
	"    schema:\n" \
	"      openAPIV3Schema:\n" \
	"        description: \"MachineConfig defines the configuration\n" \
	"          for a machine\"\n" \
	"        type: object\n" \
	"        x-number: 1e3\n" \
	"    # a comment in the body\n" \
	"    served: true\n"

#define CRD_STATUS \
	"status:\n" \
	"  conditions:\n" \
	"  - status: \"True\"\n" \
	"    type: Established\n"

static void
test_kept(void)
{
	check("CRD", CRD_HEAD CRD_SPEC CRD_STATUS, &crd, 1);
	check("CRD, spec last", CRD_HEAD CRD_SPEC, &crd, 1);
	check("CRD, no leading ---", CRD_BARE CRD_SPEC CRD_STATUS, &crd, 1);
	check("CRD, trailing blank lines in the body",
	    CRD_HEAD CRD_SPEC "\n\n" CRD_STATUS, &crd, 1);
	check("CRD, blocks and base64 in the body", CRD_HEAD CRD_SPEC
	    "  script: |\n"
	    "    #!/bin/sh\n"
	    "    echo one two three four five six seven eight nine ten\n"
	    "    echo eleven twelve thirteen fourteen fifteen sixteen\n"
	    "  caBundle: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSURNVENDQWhtZ0F3"
	    "SUJBZ0lJT3E4R0p5NnRqYjh3RFFZSktvWklodmNOQVFFTEJRQXdKakVT\n"
	    CRD_STATUS, &crd, 1);
	check("CRD, quotes inside plain, block and quoted scalars",
	    CRD_HEAD CRD_SPEC
	    "  plain: a long plain value that goes on\n"
	    "    \"over a line that starts with a quote\n"
	    "    and 'another' one, not a key\n"
	    "  block: |-\n"
	    "    \"an unclosed quote in a block\n"
	    "    [and a bracket\n"
	    "  single: 'it''s a quoted scalar\n"
	    "    over two lines'\n"
	    "  double: \"a \\\" quote and an escaped\\\n"
	    "    line break\"\n"
	    "  \"quoted key\": {a: b, c: [d, e]}\n"
	    "  list:\n"
	    "  - one\n"
	    "  - \"two\n"
	    "    lines\"\n"
	    "  - name: three\n"
	    "    value: 3\n"
	    CRD_STATUS, &crd, 1);
	check("CRD, a List file after it", CRD_HEAD CRD_SPEC CRD_STATUS
	    "---\n"
	    "apiVersion: v1\nkind: ConfigMapList\nitems:\n"
	    "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n"
	    "    name: a\n    namespace: b\n", &crd, 1);
	check("APIRequestCount status",
	    "apiVersion: apiserver.openshift.io/v1\n"
	    "kind: APIRequestCount\n"
	    "metadata:\n  name: pods.v1\n"
	    "spec:\n  numberOfUsersToReport: 10\n"
	    "status:\n"
	    "  currentHour:\n"
	    "    byNode:\n"
	    "    - byUser:\n"
	    "      - byVerb:\n"
	    "        - requestCount: 1\n"
	    "          verb: list\n"
	    "        requestCount: 1\n"
	    "        userAgent: operator/v0.0.0\n"
	    "        username: system:serviceaccount:openshift-monitoring:x\n"
	    "      nodeName: 192.168.79.115\n"
	    "      requestCount: 3\n"
	    "  requestCount: 3\n", &arc, 1);
}

static void
test_not_kept(void)
{
	check("two documents, two spec lines",
	    CRD_HEAD CRD_SPEC CRD_HEAD CRD_SPEC, &crd, 0);
	check("a directive", "%YAML 1.1\n" CRD_HEAD CRD_SPEC, &crd, 0);
	check("a comment at the margin in the body", CRD_HEAD
	    "spec:\n  group: a.b.c\n# here\n  names: {kind: X}\n"
	    "  more: one two three four five six seven eight nine ten\n",
	    &crd, 0);
	check("the body ends at a margin comment", CRD_HEAD CRD_SPEC
	    "# the end\n" CRD_STATUS, &crd, 0);
	check("a tab at the margin", CRD_HEAD CRD_SPEC "\tx: 1\n", &crd, 0);
	check("an anchor outside the body", CRD_HEAD
	    "labels: &l {a: b}\n" CRD_SPEC, &crd, 0);
	check("an alias outside to an anchor in the body", CRD_HEAD CRD_SPEC
	    "  anchored: &in {a: b}\n"
	    "copy: *in\n", &crd, 0);
	check("an anchor and alias inside the body", CRD_HEAD CRD_SPEC
	    "  a: &shared {x: 1, y: [2, 3]}\n"
	    "  b: *shared\n", &crd, 0);
	check("the body ends inside a single-quoted scalar", CRD_BARE
	    "spec:\n"
	    "  'one two three four five six seven eight nine ten eleven\n"
	    "  twelve thirteen fourteen fifteen sixteen seventeen\n"
	    "status:\n"
	    "  conditions:\n"
	    "  - type: Established\n"
	    "    status: False'\n", &crd, 0);
	check("the body ends inside a double-quoted value", CRD_BARE
	    "spec:\n"
	    "  description: \"one two three four five six seven eight nine\n"
	    "  ten eleven twelve thirteen fourteen fifteen sixteen\n"
	    "status: x\"\n", &crd, 0);
	check("the body ends inside a flow sequence", CRD_BARE
	    "spec:\n"
	    "  [one, two, three, four, five, six, seven, eight, nine, ten,\n"
	    "  eleven, twelve, thirteen, fourteen, fifteen, sixteen,\n"
	    "status: x]\n", &crd, 0);
	check("a plain scalar alone on its line", CRD_BARE
	    "spec:\n"
	    "  one two three four five six seven eight nine ten eleven\n"
	    "  \"twelve thirteen fourteen fifteen sixteen seventeen\n"
	    "status: x\n", &crd, 0);
	check("a line break libyaml counts and the scan does not", CRD_HEAD
	    CRD_SPEC "  d: \"a\rb\"\n" CRD_STATUS
	    "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n",
	    &crd, 0);
	/* A second review's cases: each was kept and read otherwise. */
	check("a comment after a dash, a quote under it", CRD_BARE
	    "spec:\n"
	    "  group: machineconfiguration.openshift.io\n"
	    "  names: {kind: MachineConfig, plural: machineconfigs}\n"
	    "  versions:\n"
	    "  - # the first version\n"
	    "    \"v1\n"
	    "  - v2\n"
	    "status: x\"\n", &crd, 0);
	check("a bracket in a verbatim tag in a flow", CRD_BARE
	    "spec:\n"
	    "  group: machineconfiguration.openshift.io\n"
	    "  names: {kind: MachineConfig, plural: machineconfigs}\n"
	    "  versions: [[!<x]> v1]\n"
	    "  ,served: true,\n"
	    "status: x]\n", &crd, 0);
	check("an anchor and an alias in a flow", CRD_HEAD CRD_SPEC
	    "  x: [&a [1, 1], *a]\n" CRD_STATUS, &crd, 0);
	check("a plain value's comment, a quote under it", CRD_BARE
	    "spec:\n"
	    "  group: machineconfiguration.openshift.io\n"
	    "  plural: machineconfigs # a comment\n"
	    "    \"and an opening quote\n"
	    "status: x\n", &crd, 0);
	check("a block ending short of its indentation", CRD_HEAD CRD_SPEC
	    "  script: |\n"
	    "        deep first line\n"
	    "     \"q\n" CRD_STATUS, &crd, 0);
	check("a block under a wider blank line", CRD_HEAD CRD_SPEC
	    "  script: |\n"
	    "          \n"
	    "      text\n" CRD_STATUS, &crd, 0);
	check("a block with an indentation indicator", CRD_HEAD CRD_SPEC
	    "  b: |2\n"
	    "     text\n" CRD_STATUS, &crd, 0);
	check("an escaped NUL in the body", CRD_HEAD CRD_SPEC
	    "  d: \"a\\0b\"\n", &crd, 0);
	check("another kind", "apiVersion: v1\nkind: Something\n"
	    "metadata:\n  name: x\n" CRD_SPEC, &crd, 0);
	check("the key line inside a quoted scalar", CRD_HEAD
	    "description: \"a long text\n"
	    "spec:\n"
	    "  one two three four five six seven eight nine ten eleven\n"
	    "  twelve thirteen fourteen fifteen sixteen seventeen\n"
	    "end\"\n", &crd, 0);
	check("a later duplicate key wins", CRD_HEAD CRD_SPEC
	    "\"spec\": replaced\n", &crd, 0);
	check("an earlier duplicate key loses", CRD_HEAD
	    "\"spec\": replaced\n" CRD_SPEC, &crd, 1);
	check("a value on the key's line", CRD_HEAD
	    "spec: {group: a, names: {kind: X, plural: xs}, scope: Cluster, "
	    "versions: [{name: v1, served: true, storage: true}]}\n", &crd,
	    0);
	check("a body under the size", CRD_HEAD "spec:\n  group: a\n", &crd,
	    0);
	check("a last line without a line break", CRD_HEAD CRD_SPEC
	    "  last: x", &crd, 0);
	check("status with conditions deeper", "apiVersion: "
	    "apiserver.openshift.io/v1\n"
	    "kind: APIRequestCount\nmetadata:\n  name: pods.v1\n"
	    "status:\n"
	    "    conditions:\n"
	    "    - {type: Deprecated, status: \"False\"}\n"
	    "    currentHour: {requestCount: 12345678901234567890}\n"
	    "    more: one two three four five six seven eight nine ten\n",
	    &arc, 0);
	check("status with conditions", "apiVersion: apiserver.openshift.io/v1\n"
	    "kind: APIRequestCount\nmetadata:\n  name: pods.v1\n"
	    "status:\n"
	    "  conditions:\n"
	    "  - type: Deprecated\n    status: \"False\"\n"
	    "  currentHour:\n    requestCount: 12345678901234567890\n"
	    "    more: one two three four five six seven eight nine ten\n",
	    &arc, 0);
	check("a List", "apiVersion: v1\nkind: CustomResourceDefinitionList\n"
	    "items: []\n" CRD_SPEC, &crd, 0);
}

/* A body that does not parse: the object is indexed, reading its body
 * fails at the line a parse in place names. */
static void
test_unreadable(void)
{
	/* Deeper, then back to a column no mapping has. */
	const char *text = CRD_HEAD CRD_SPEC "    broken: x\n   bad: y\n"
	    CRD_STATUS;
	const char *why, *a, *b;
	char *off, *on, whybuf[512];
	int kept;

	off = trace_parse(text, NULL, 0, NULL, NULL, NULL, 0);
	on = trace_parse(text, &crd, LIMIT_DEFAULT_YAML_LIFT, &kept, &why,
	    whybuf, sizeof whybuf);
	is_int(kept, 1, "unreadable body: kept");
	ok(strstr(off, "document skipped") != NULL,
	    "unreadable body: in place, the document is skipped");
	ok(strstr(on, "body unreadable") != NULL,
	    "unreadable body: lazy, reading it fails");
	a = strstr(off, " at line ");
	b = why != NULL ? strstr(why, " at line ") : NULL;
	/* The line; the column may differ, as the body read alone ends
	 * where the file went on. */
	ok(a != NULL && b != NULL && strcspn(a, "c") == strcspn(b, "c") &&
	    strncmp(a, b, strcspn(a, "c")) == 0,
	    "unreadable body: the same line");
	printf("# in place: %.*s\n# lazy: %s\n",
	    a != NULL ? (int)strcspn(a, "\n") : 0, a != NULL ? a : "",
	    why != NULL ? why : "");
	free(off);
	free(on);
}

/* The document scan skips strings with quotes, brackets and commas. */
static void
test_expand(void)
{
	struct mgt_limits lim;
	char why[256], *r;

	limits_default(&lim);
	r = parse_lazy_expand("{\"a\":\"x\\\"},{[\",\"b\":[1,{\"c\":\"]\"}],"
	    "\"spec\":null,\"z\":{}}", "spec:\n  k: v\n  n: 10\n", 7,
	    "t.yaml", &lim, why, sizeof why);
	is_str(r, "{\"a\":\"x\\\"},{[\",\"b\":[1,{\"c\":\"]\"}],"
	    "\"spec\":{\"k\":\"v\",\"n\":10},\"z\":{}}", "expand: in place");
	free(r);
	r = parse_lazy_expand("{\"spec\":{}}", "spec:\n  k: v\n", 1, "t.yaml",
	    &lim, why, sizeof why);
	ok(r == NULL && strstr(why, "no place") != NULL,
	    "expand: a document without the null");
	free(r);
	r = parse_lazy_expand("{\"specs\":null}", "spec:\n  k: v\n", 1,
	    "t.yaml", &lim, why, sizeof why);
	ok(r == NULL, "expand: a key that only starts the same");
	free(r);
	ok(parse_lazy_for("a/cluster-scoped-resources/apiextensions.k8s.io/"
	    "customresourcedefinitions/x.yaml", &lim) != NULL &&
	    parse_lazy_for("a/cluster-scoped-resources/apiserver.openshift.io/"
	    "apirequestcounts/pods.v1.yaml", &lim) != NULL &&
	    parse_lazy_for("a/cluster-scoped-resources/apiextensions.k8s.io/"
	    "customresourcedefinitions.yaml", &lim) == NULL &&
	    parse_lazy_for("a/namespaces/x/core/configmaps.yaml", &lim) ==
	    NULL, "lazy_for: by directory");
	/* A body is read again with the default limits. */
	lim.yaml_max_depth = 12;
	ok(parse_lazy_for("a/cluster-scoped-resources/apiextensions.k8s.io/"
	    "customresourcedefinitions/x.yaml", &lim) == NULL,
	    "lazy_for: none under other YAML limits");
}

int
main(void)
{
	test_kept();
	test_not_kept();
	test_unreadable();
	test_expand();
	return done_testing();
}
