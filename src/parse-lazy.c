/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Lazy bodies: which files have one, and putting one back into its
 * object's document.  The parser (parse-yaml.c, parse-yaml-lift.c) decides
 * whether a body can be kept as text exactly; what is here only chooses
 * the candidates and reads a kept body the way it would have been read in
 * place: the same parser, its line numbers, the same limits.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse-lazy.h"
#include "parse-private.h"
#include "parse-resource.h"
#include "xmalloc.h"

/*
 * oc adm inspect writes one object per file under these directories.  A
 * status that may hold conditions, which resource_conditions indexes, is
 * parsed now: the word anywhere in it is enough.
 */
static const struct parse_lazy parse_lazy_kinds[] = {
	{ "/apiextensions.k8s.io/customresourcedefinitions/",
	    "CustomResourceDefinition", "spec", NULL },
	{ "/apiserver.openshift.io/apirequestcounts/", "APIRequestCount",
	    "status", "conditions" },
};

const struct parse_lazy *
parse_lazy_for(const char *vpath, const struct mgt_limits *lim)
{
	size_t i;

	if (lim->yaml_max_depth != LIMIT_DEFAULT_YAML_DEPTH ||
	    lim->yaml_max_aliases != LIMIT_DEFAULT_YAML_ALIASES ||
	    lim->max_doc_bytes > LIMIT_DEFAULT_DOC_BYTES)
		return NULL;

	for (i = 0; i < sizeof parse_lazy_kinds / sizeof parse_lazy_kinds[0];
	    i++)
		if (strstr(vpath, parse_lazy_kinds[i].dir) != NULL)
			return &parse_lazy_kinds[i];
	return NULL;
}

const char *
parse_lazy_text(const cJSON *obj, long *line)
{
	/* An object's own string is unused by cJSON: the parser puts the
	 * text there so that it travels with the tree it belongs to. */
	if (!cJSON_IsObject(obj) || obj->valuestring == NULL)
		return NULL;
	*line = obj->valueint;
	return obj->valuestring;
}

/* Past the JSON string at p (at its quote), or NULL. */
static const char *
lazy_skip_string(const char *p)
{
	for (p++; *p != '\0' && *p != '"'; p++)
		if (*p == '\\' && p[1] != '\0')
			p++;
	return *p == '"' ? p + 1 : NULL;
}

/* To the ',' or closing bracket after the value at p, or NULL. */
static const char *
lazy_skip_value(const char *p)
{
	int depth = 0;

	for (;;) {
		switch (*p) {
		case '\0':
			return NULL;
		case '"':
			if ((p = lazy_skip_string(p)) == NULL)
				return NULL;
			continue;
		case '{':
		case '[':
			depth++;
			break;
		case '}':
		case ']':
			if (depth-- == 0)
				return p;
			break;
		case ',':
			if (depth == 0)
				return p;
			break;
		}
		p++;
	}
}

/* The value of the top-level member key in doc (cJSON's unformatted
 * output): [*vs, *ve), or 0. */
static int
lazy_member(const char *doc, const char *key, const char **vs,
    const char **ve)
{
	const char *p = doc, *k;
	size_t klen = strlen(key);

	if (*p++ != '{')
		return 0;
	while (*p == '"') {
		k = p;
		if ((p = lazy_skip_string(p)) == NULL || *p++ != ':')
			return 0;
		*vs = p;
		if ((p = lazy_skip_value(p)) == NULL)
			return 0;
		*ve = p;
		if ((size_t)(*vs - k) == klen + 3 &&
		    memcmp(k + 1, key, klen) == 0)
			return 1;
		if (*p != ',')
			return 0;
		p++;
	}
	return 0;
}

struct lazy_why {
	char	*buf;
	size_t	 len;
	int	 said;
};

/* The first error or warning is the reason. */
static void
lazy_problem(void *ctx, const struct problem *p)
{
	struct lazy_why *w = ctx;

	const char *skip = "; document skipped";
	size_t n = strlen(p->message), k = strlen(skip);

	if (w->said || p->severity == PROBLEM_INFO)
		return;
	/* Said of a query's read, not of an index's walk. */
	if (n >= k && strcmp(p->message + n - k, skip) == 0)
		n -= k;
	snprintf(w->buf, w->len, "%.*s", (int)n, p->message);
	w->said = 1;
}

char *
parse_lazy_expand(const char *doc, const char *yaml, long line,
    const char *vpath, const struct mgt_limits *lim, char *why,
    size_t whylen)
{
	struct lazy_why w = { why, whylen, 0 };
	struct problem_sink sink = { lazy_problem, &w };
	const char *colon, *vs, *ve;
	char key[64], *value = NULL, *out = NULL;
	cJSON *root;
	const cJSON *v;
	size_t klen, vlen, head;

	snprintf(why, whylen, "not a kept body");
	colon = strchr(yaml, ':');
	if (colon == NULL || (klen = (size_t)(colon - yaml)) == 0 ||
	    klen >= sizeof key)
		return NULL;
	memcpy(key, yaml, klen);
	key[klen] = '\0';
	root = parse_resource_document(yaml, strlen(yaml), vpath, line, lim,
	    &sink);
	if (root == NULL)
		return NULL;
	v = cJSON_GetObjectItemCaseSensitive(root, key);
	if (!cJSON_IsObject(root) || v == NULL || cJSON_GetArraySize(root) !=
	    1) {
		if (!w.said)
			snprintf(why, whylen, "line %ld: not one value of %s",
			    line, key);
		goto out;
	}
	if (!lazy_member(doc, key, &vs, &ve) || ve - vs != 4 ||
	    memcmp(vs, "null", 4) != 0) {
		snprintf(why, whylen, "the document has no place for %s", key);
		goto out;
	}
	if ((value = cJSON_PrintUnformatted(v)) == NULL)
		parse_resource_oom();
	head = (size_t)(vs - doc);
	vlen = strlen(value);
	out = xmalloc(head + vlen + strlen(ve) + 1);
	memcpy(out, doc, head);
	memcpy(out + head, value, vlen);
	strcpy(out + head + vlen, ve);
out:
	cJSON_free(value);
	cJSON_Delete(root);
	return out;
}
