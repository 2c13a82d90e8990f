/* SPDX-License-Identifier: Apache-2.0 */
/*
 * An object of the case as YAML for get_resource: the stored JSON walked
 * into libyaml's emitter, so the text is YAML whatever the strings hold.
 * A string that would read back as another type (a number, true, null)
 * is quoted.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <yaml.h>

#include "cli.h"
#include "cli-util.h"
#include "mcp.h"

/* Nesting deeper than this is emitted as "..." (the index bounds depth
 * at ingest; this only keeps the recursion bounded). */
#define MCP_YAML_DEPTH	128

struct mcp_yaml_out {
	char	*buf;
	size_t	 len, cap;
};

static int
mcp_yaml_write(void *data, unsigned char *p, size_t n)
{
	struct mcp_yaml_out *o = data;

	if (o->len + n + 1 > o->cap) {
		o->cap = (o->len + n + 1) * 2;
		o->buf = cli_reallocarray(o->buf, o->cap, 1);
	}
	memcpy(o->buf + o->len, p, n);
	o->len += n;
	o->buf[o->len] = '\0';
	return 1;
}

/*
 * Would s, plain, read back as something other than a string?  YAML 1.1
 * readers (PyYAML, go-yaml v2) also take yes/no/on/off/y/n as booleans,
 * 0755 and 0b101 and 1_000 and 1:20 as integers, .inf and .nan as
 * floats, dates as timestamps, = and << as special keys.  Quoting is
 * always safe, so any string made only of what such numbers and times
 * use, beginning as they do, is quoted.
 */
static int
mcp_yaml_ambiguous(const char *s)
{
	static const char *const words[] = { "true", "false", "null", "yes",
		"no", "on", "off", "y", "n", "~", "=", "<<", NULL };
	static const char numeric[] = "0123456789+-._: "
	    "abcdefABCDEFxXoOtTzZiInN";
	char *end;
	size_t i;

	if (*s == '\0')
		return 1;
	for (i = 0; words[i] != NULL; i++)
		if (strcasecmp(s, words[i]) == 0)
			return 1;
	if (strchr("0123456789+-.", *s) != NULL &&
	    s[strspn(s, numeric)] == '\0')
		return 1;
	(void)strtod(s, &end);
	return *end == '\0';
}

static int
mcp_yaml_scalar(yaml_emitter_t *em, const char *s, const char *tag,
    int plain)
{
	yaml_event_t ev;

	yaml_scalar_event_initialize(&ev, NULL, (yaml_char_t *)tag,
	    (yaml_char_t *)s, (int)strlen(s), plain, 1,
	    YAML_ANY_SCALAR_STYLE);
	return yaml_emitter_emit(em, &ev);
}

static int
mcp_yaml_node(yaml_emitter_t *em, const cJSON *v, int depth)
{
	yaml_event_t ev;
	const cJSON *c;
	char num[64];

	if (depth > MCP_YAML_DEPTH)
		return mcp_yaml_scalar(em, "...", YAML_STR_TAG, 0);
	if (cJSON_IsObject(v)) {
		yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1,
		    YAML_BLOCK_MAPPING_STYLE);
		if (!yaml_emitter_emit(em, &ev))
			return 0;
		cJSON_ArrayForEach(c, v) {
			if (!mcp_yaml_scalar(em, c->string, YAML_STR_TAG,
			    !mcp_yaml_ambiguous(c->string)) ||
			    !mcp_yaml_node(em, c, depth + 1))
				return 0;
		}
		yaml_mapping_end_event_initialize(&ev);
		return yaml_emitter_emit(em, &ev);
	}
	if (cJSON_IsArray(v)) {
		yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1,
		    YAML_BLOCK_SEQUENCE_STYLE);
		if (!yaml_emitter_emit(em, &ev))
			return 0;
		cJSON_ArrayForEach(c, v)
			if (!mcp_yaml_node(em, c, depth + 1))
				return 0;
		yaml_sequence_end_event_initialize(&ev);
		return yaml_emitter_emit(em, &ev);
	}
	if (cJSON_IsString(v))
		return mcp_yaml_scalar(em, v->valuestring, YAML_STR_TAG,
		    !mcp_yaml_ambiguous(v->valuestring));
	if (cJSON_IsNumber(v)) {
		if (v->valuedouble == (double)(long long)v->valuedouble)
			snprintf(num, sizeof num, "%lld",
			    (long long)v->valuedouble);
		else
			snprintf(num, sizeof num, "%.17g", v->valuedouble);
		return mcp_yaml_scalar(em, num, YAML_INT_TAG, 1);
	}
	if (cJSON_IsBool(v))
		return mcp_yaml_scalar(em, cJSON_IsTrue(v) ? "true" : "false",
		    YAML_BOOL_TAG, 1);
	return mcp_yaml_scalar(em, "null", YAML_NULL_TAG, 1);
}

char *
mcp_yaml(const char *json, char **msg)
{
	struct mcp_yaml_out o = { NULL, 0, 0 };
	yaml_emitter_t em;
	yaml_event_t ev;
	cJSON *root;
	int ok;

	if ((root = cJSON_Parse(json)) == NULL) {
		*msg = mcp_msg("the stored object is not JSON");
		return NULL;
	}
	if (!yaml_emitter_initialize(&em))
		cmd_out_of_memory("a YAML emitter", NULL);
	yaml_emitter_set_output(&em, mcp_yaml_write, &o);
	yaml_emitter_set_unicode(&em, 1);
	yaml_emitter_set_width(&em, -1);
	yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
	ok = yaml_emitter_emit(&em, &ev);
	yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1);
	ok = ok && yaml_emitter_emit(&em, &ev);
	ok = ok && mcp_yaml_node(&em, root, 0);
	yaml_document_end_event_initialize(&ev, 1);
	ok = ok && yaml_emitter_emit(&em, &ev);
	yaml_stream_end_event_initialize(&ev);
	ok = ok && yaml_emitter_emit(&em, &ev);
	if (!ok) {
		*msg = mcp_msg("cannot write YAML: %s", em.problem != NULL ?
		    em.problem : "emitter error");
		free(o.buf);
		o.buf = NULL;
	}
	yaml_emitter_delete(&em);
	cJSON_Delete(root);
	return o.buf;
}
