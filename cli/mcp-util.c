/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What the MCP tools share: reading arguments with their types checked,
 * adding text from the case to JSON as valid UTF-8 and cut to a bound,
 * and filling a page of items under a byte budget.
 */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli-util.h"
#include "mcp.h"

char *
mcp_msg(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	s = cli_calloc(1, (size_t)(n < 0 ? 0 : n) + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

int
mcp_arg_string(const cJSON *args, const char *key, const char **out,
    char **msg)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(args, key);

	if (v == NULL || cJSON_IsNull(v))
		return 0;
	if (!cJSON_IsString(v) || v->valuestring == NULL) {
		*msg = mcp_msg("argument '%s' must be a string", key);
		return -1;
	}
	*out = v->valuestring;
	return 0;
}

int
mcp_arg_int(const cJSON *args, const char *key, long long lo, long long hi,
    long long *out, char **msg)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(args, key);
	double d;

	if (v == NULL || cJSON_IsNull(v))
		return 0;
	if (!cJSON_IsNumber(v)) {
		*msg = mcp_msg("argument '%s' must be an integer", key);
		return -1;
	}
	d = v->valuedouble;
	if (d != d || d < (double)lo || d > (double)hi ||
	    d != (double)(long long)d) {
		*msg = mcp_msg("argument '%s' must be an integer from %lld to "
		    "%lld", key, lo, hi);
		return -1;
	}
	*out = (long long)d;
	return 0;
}

int
mcp_arg_bool(const cJSON *args, const char *key, int *out, char **msg)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(args, key);

	if (v == NULL || cJSON_IsNull(v))
		return 0;
	if (!cJSON_IsBool(v)) {
		*msg = mcp_msg("argument '%s' must be true or false", key);
		return -1;
	}
	*out = cJSON_IsTrue(v);
	return 0;
}

int
mcp_arg_time(const cJSON *args, const char *key, int64_t *us, char **msg)
{
	const char *s = NULL;

	if (mcp_arg_string(args, key, &s, msg) != 0)
		return -1;
	if (s != NULL && mgt_parse_time(s, us) != 0) {
		*msg = mcp_msg("argument '%s' is not a time (want RFC 3339, "
		    "e.g. 2021-09-14T10:00:00Z, or a date)", key);
		return -1;
	}
	return 0;
}

int
mcp_args_check(const cJSON *args, const char *schema, char **msg)
{
	cJSON *sch, *props;
	const cJSON *a, *p, *t;
	int rc = 0;

	if (args == NULL)
		return 0;
	if (!cJSON_IsObject(args)) {
		*msg = mcp_msg("arguments must be an object");
		return -1;
	}
	if ((sch = cJSON_Parse(schema)) == NULL)
		cmd_out_of_memory("an input schema", NULL);
	props = cJSON_GetObjectItemCaseSensitive(sch, "properties");
	cJSON_ArrayForEach(a, args) {
		if ((p = cJSON_GetObjectItemCaseSensitive(props, a->string)) ==
		    NULL) {
			*msg = mcp_msg("unknown argument '%.200s'",
			    a->string);
			rc = -1;
			break;
		}
		/* Strings are checked here, for every tool alike; the
		 * other types where they are read. */
		t = cJSON_GetObjectItemCaseSensitive(p, "type");
		if (cJSON_IsString(t) && strcmp(t->valuestring, "string") ==
		    0 && !cJSON_IsString(a) && !cJSON_IsNull(a)) {
			*msg = mcp_msg("argument '%.200s' must be a string",
			    a->string);
			rc = -1;
			break;
		}
	}
	cJSON_Delete(sch);
	return rc;
}

/* Length of the valid UTF-8 sequence at s[0..n), 0 if invalid. */
static size_t
mcp_utf8_len(const unsigned char *s, size_t n)
{
	size_t len, i;
	uint32_t c;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2, c = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3, c = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4, c = s[0] & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (s[i] & 0x3f);
	}
	/* Overlong forms, surrogates, beyond U+10FFFF. */
	if ((len == 3 && c < 0x800) || (len == 4 && c < 0x10000) ||
	    (c >= 0xd800 && c <= 0xdfff) || c > 0x10ffff)
		return 0;
	return len;
}

cJSON *
mcp_strn_new(const char *s, size_t len, size_t max)
{
	const unsigned char *p = (const unsigned char *)s;
	cJSON *v;
	char *t;
	size_t i = 0, j = 0, k;

	if (s == NULL)
		return cJSON_CreateNull();
	if (max == 0)
		max = MCP_MAX_FIELD;
	t = cli_calloc(1, (len < max ? len : max) * 3 + 8);
	while (i < len) {
		/* NUL would end the C string cJSON copies: U+FFFD too. */
		k = p[i] == 0 ? 0 : mcp_utf8_len(p + i, len - i);
		if (j + (k == 0 ? 3 : k) > max) {
			memcpy(t + j, "...", 3);
			j += 3;
			break;
		}
		if (k == 0) {
			memcpy(t + j, "\xef\xbf\xbd", 3);
			j += 3;
			i++;
		} else {
			memcpy(t + j, p + i, k);
			j += k;
			i += k;
		}
	}
	t[j] = '\0';
	v = cJSON_CreateString(t);
	free(t);
	return v;
}

void
mcp_add_strn(cJSON *o, const char *key, const char *s, size_t len,
    size_t max)
{
	cJSON_AddItemToObject(o, key, mcp_strn_new(s, len, max));
}

void
mcp_add_str(cJSON *o, const char *key, const char *s, size_t max)
{
	mcp_add_strn(o, key, s, s != NULL ? strlen(s) : 0, max);
}

void
mcp_add_time(cJSON *o, const char *key, int64_t us)
{
	char buf[40];

	if (us == INT64_MIN || mgt_format_time(us, buf, sizeof buf) == NULL)
		cJSON_AddNullToObject(o, key);
	else
		cJSON_AddStringToObject(o, key, buf);
}

size_t
mcp_json_size(const cJSON *item)
{
	char *s;
	size_t n;

	if ((s = cJSON_PrintUnformatted(item)) == NULL)
		cmd_out_of_memory("a tool result", NULL);
	n = strlen(s);
	cJSON_free(s);
	return n;
}

void
mcp_page_init(struct mcp_page *p, cJSON *items, size_t budget)
{
	p->items = items;
	p->used = 0;
	p->budget = budget;
	p->full = 0;
}

int
mcp_page_add(struct mcp_page *p, cJSON *item)
{
	size_t n;

	n = mcp_json_size(item) + 1;
	/* The first item always goes in: a page that refused it would say
	 * "more" at the same offset forever; over the cap, the whole result
	 * becomes an error that says to raise max_bytes. */
	if (p->full || (p->used > 0 && p->used + n > p->budget)) {
		p->full = 1;
		cJSON_Delete(item);
		return 0;
	}
	p->used += n;
	cJSON_AddItemToArray(p->items, item);
	return 1;
}

int
mcp_window_step(struct mcp_window *w, const struct mcp_page *p)
{
	w->seen++;
	if (w->skip > 0) {
		w->skip--;
		return 0;
	}
	if (cJSON_GetArraySize(p->items) >= w->limit || p->full) {
		w->more = 1;
		return -1;
	}
	return 1;
}

int
mcp_window_put(struct mcp_window *w, struct mcp_page *p, cJSON *item)
{
	if (mcp_page_add(p, item))
		return 1;
	w->more = 1;
	return 0;
}

char *
mcp_sql_quote(const char *s)
{
	size_t n = 0, i, j;
	char *q;

	for (i = 0; s[i] != '\0'; i++)
		n += s[i] == '\'' ? 2 : 1;
	q = cli_calloc(1, n + 3);
	j = 0;
	q[j++] = '\'';
	for (i = 0; s[i] != '\0'; i++) {
		if (s[i] == '\'')
			q[j++] = '\'';
		q[j++] = s[i];
	}
	q[j++] = '\'';
	q[j] = '\0';
	return q;
}
