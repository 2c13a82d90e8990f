/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Checking a rule's 'evidence' mapping: the item names, then each item:
 * its SQL (one read-only query, prepared against an empty database) or
 * its PCRE2 pattern with flags, sources and kinds, and min, window and
 * group_by.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <sqlite3.h>
#include <yaml.h>

#include "index.h"
#include "regex.h"
#include "rule.h"
#include "rule-private.h"
#include "xmalloc.h"

static const struct rule_field rule_item_fields[] = {
	{ "sql", 0 },
	{ "pattern", 0 },
	{ "flags", 0 },
	{ "sources", 0 },
	{ "kinds", 0 },
	{ "min", 0 },
	{ "window", 0 },
	{ "group_by", 0 },
	{ "context", 0 }
};
enum {
	RULE_I_SQL, RULE_I_PATTERN, RULE_I_FLAGS, RULE_I_SOURCES, RULE_I_KINDS,
	RULE_I_MIN, RULE_I_WINDOW, RULE_I_GROUP_BY, RULE_I_CONTEXT,
	RULE_I_COUNT
};

/* Log source kinds a pattern can be limited to (classify_kind_name()). */
static const char *rule_log_kinds[] = {
	"pod_log", "service_log", "journal", "log", "install_log"
};

/* ---- evidence items ------------------------------------------------------ */

/* [a-z_][a-z0-9_]*: an evidence item, column or group name. */
int
rule_load_is_name(const char *s)
{
	const char *p;

	if (!((*s >= 'a' && *s <= 'z') || *s == '_'))
		return 0;
	for (p = s + 1; *p != '\0'; p++) {
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
		    *p == '_'))
			return 0;
	}
	return 1;
}

static int
rule_load_sql_schema_error(const char *msg)
{
	static const char *schema[] = {
		"no such table:", "no such column:", "no such function:",
		"no such module:", "no such collation sequence:",
		"unknown database", "wrong number of arguments to function"
	};
	size_t i;

	for (i = 0; i < sizeof schema / sizeof schema[0]; i++) {
		if (strncmp(msg, schema[i], strlen(schema[i])) == 0)
			return 1;
	}
	return 0;
}

/*
 * SQL must be one read-only query.  It is prepared against an empty
 * in-memory database: syntax errors are reported, errors that only mean
 * the index tables are missing are not (the index checks those).
 */
static void
rule_load_sql(struct rule_loader *l, const struct rule_ynode *n,
    const char *prefix, const char *sql)
{
	sqlite3_stmt *st = NULL;
	const char *p, *tail = NULL, *msg;
	char *complete;
	size_t len = strlen(sql);
	int rc, line, col, off = -1;

	if (len > RULE_MAX_SQL) {
		rule_load_error(l, n, "%s'sql' is longer than %d bytes",
		    prefix, RULE_MAX_SQL);
		return;
	}
	p = index_sql_skip(sql);
	if (*p == '\0') {
		rule_load_error(l, n, "%s'sql' holds no statement", prefix);
		return;
	}
	if (strncasecmp(p, "select", 6) != 0 &&
	    strncasecmp(p, "with", 4) != 0 &&
	    strncasecmp(p, "values", 6) != 0) {
		rule_load_value_pos(l, n, (size_t)(p - sql), &line, &col);
		rule_load_error_at(l, line, col, "%s'sql' must be a read-only "
		    "query (SELECT, WITH or VALUES)", prefix);
		return;
	}
	xasprintf(&complete, "%s\n;", sql);
	rc = sqlite3_complete(complete);
	free(complete);
	if (rc == 0) {
		rule_load_error(l, n, "%s'sql' is incomplete (unterminated "
		    "string, identifier or comment)", prefix);
		return;
	}
	if (l->db == NULL && sqlite3_open(":memory:", &l->db) != SQLITE_OK) {
		rule_load_error(l, n, "%scannot open SQLite to check 'sql'",
		    prefix);
		return;
	}
	rc = sqlite3_prepare_v2(l->db, sql, (int)len, &st, &tail);
	if (rc != SQLITE_OK) {
		msg = sqlite3_errmsg(l->db);
#if SQLITE_VERSION_NUMBER >= 3038000
		off = sqlite3_error_offset(l->db);
#endif
		if (!rule_load_sql_schema_error(msg)) {
			if (off >= 0)
				rule_load_value_pos(l, n, (size_t)off, &line,
				    &col);
			else {
				line = n->line;
				col = n->col;
			}
			rule_load_error_at(l, line, col, "%s'sql': %s", prefix,
			    msg);
			sqlite3_finalize(st);
			return;
		}
	} else if (st != NULL && !sqlite3_stmt_readonly(st)) {
		rule_load_error(l, n, "%s'sql' must be a read-only query",
		    prefix);
		sqlite3_finalize(st);
		return;
	}
	sqlite3_finalize(st);
	if (tail == NULL || tail < sql || tail > sql + len)
		return;
	p = index_sql_skip(tail);
	if (*p != '\0') {
		rule_load_value_pos(l, n, (size_t)(p - sql), &line, &col);
		rule_load_error_at(l, line, col, "%s'sql' holds more than one "
		    "statement", prefix);
	}
}

/*
 * Compile a pattern only to validate it (the matcher compiles its own) and
 * collect its named groups, NUL-separated, into *names (caller frees).
 */
static int
rule_load_pattern(struct rule_loader *l, const struct rule_ynode *n,
    const char *prefix, const char *pattern, int caseless, char **names)
{
	pcre2_code *re;
	char msg[256];
	PCRE2_SPTR table;
	size_t erroff = 0;
	uint32_t count = 0, size = 0, i;
	size_t len = strlen(pattern), total = 0, k;
	int line, col;

	*names = NULL;
	if (len > RULE_MAX_PATTERN) {
		rule_load_error(l, n, "%s'pattern' is longer than %d bytes",
		    prefix, RULE_MAX_PATTERN);
		return 0;
	}
	/* Checked only, never matched: no JIT. */
	re = regex_build(pattern, len, REGEX_NO_JIT |
	    (caseless ? REGEX_CASELESS : 0), 0, 0, NULL, msg, sizeof msg,
	    &erroff);
	if (re == NULL) {
		rule_load_value_pos(l, n, erroff, &line, &col);
		rule_load_error_at(l, line, col, "%sinvalid pattern: %s (at "
		    "pattern offset %zu)", prefix, msg, erroff);
		return 0;
	}
	if (pcre2_pattern_info(re, PCRE2_INFO_NAMECOUNT, &count) == 0 &&
	    count > 0 &&
	    pcre2_pattern_info(re, PCRE2_INFO_NAMEENTRYSIZE, &size) == 0 &&
	    pcre2_pattern_info(re, PCRE2_INFO_NAMETABLE, &table) == 0) {
		*names = xmalloc((size_t)count * size + 1);
		for (i = 0; i < count; i++) {
			k = strlen((const char *)table + i * size + 2);
			memcpy(*names + total, table + i * size + 2, k + 1);
			total += k + 1;
		}
		(*names)[total] = '\0';
	}
	pcre2_code_free(re);
	return 1;
}

/* The node of entry i of a list field given as a list or one string. */
static const struct rule_ynode *
rule_load_entry(const struct rule_ynode *n, size_t i)
{
	return n->type == RULE_YNODE_SEQ && i < n->nkids ? n->kids[i] : n;
}

/* Member paths never hold "..", so a glob that does is a mistake. */
static int
rule_load_has_dotdot(const char *glob)
{
	const char *p = glob, *e;

	for (;;) {
		e = strchr(p, '/');
		if ((e != NULL ? (size_t)(e - p) : strlen(p)) == 2 &&
		    p[0] == '.' && p[1] == '.')
			return 1;
		if (e == NULL)
			return 0;
		p = e + 1;
	}
}

static void
rule_load_sources(struct rule_loader *l, const struct rule_ynode *n,
    const char *prefix, struct rule_evidence *ev)
{
	char what[RULE_MAX_NAME + 48];
	size_t i;

	snprintf(what, sizeof what, "%s'sources'", prefix);
	if (!rule_load_strings(l, n, what, &ev->sources, &ev->nsources, NULL))
		return;
	if (ev->nsources == 0) {
		rule_load_error(l, n, "%s'sources' is an empty list (leave it "
		    "out to search every log)", prefix);
		return;
	}
	for (i = 0; i < ev->nsources; i++) {
		if (rule_load_has_dotdot(ev->sources[i]))
			rule_load_error(l, rule_load_entry(n, i), "%s'sources' "
			    "globs cannot hold a '..' component", prefix);
	}
}

static void
rule_load_kinds(struct rule_loader *l, const struct rule_ynode *n,
    const char *prefix, struct rule_evidence *ev)
{
	const size_t nkinds = sizeof rule_log_kinds / sizeof rule_log_kinds[0];
	char what[RULE_MAX_NAME + 48], q[RULE_LOAD_QUOTE_MAX * 4 + 8];
	char hint[64];
	const char *close;
	size_t i, j;

	snprintf(what, sizeof what, "%s'kinds'", prefix);
	if (!rule_load_strings(l, n, what, &ev->kinds, &ev->nkinds, NULL))
		return;
	if (ev->nkinds == 0) {
		rule_load_error(l, n, "%s'kinds' is an empty list (leave it "
		    "out for every kind)", prefix);
		return;
	}
	for (i = 0; i < ev->nkinds; i++) {
		for (j = 0; j < nkinds; j++) {
			if (strcmp(ev->kinds[i], rule_log_kinds[j]) == 0)
				break;
		}
		if (j < nkinds)
			continue;
		hint[0] = '\0';
		close = rule_load_suggest(ev->kinds[i], rule_log_kinds, nkinds);
		if (close != NULL)
			snprintf(hint, sizeof hint, "did you mean '%s'? ",
			    close);
		rule_load_error(l, rule_load_entry(n, i), "%sunknown kind '%s' "
		    "(%skinds are pod_log, service_log, journal, log or "
		    "install_log)",
		    prefix, rule_load_quote(ev->kinds[i], strlen(ev->kinds[i]),
		    q, sizeof q), hint);
	}
}

static void
rule_load_flags(struct rule_loader *l, const struct rule_ynode *n,
    const char *prefix, struct rule_evidence *ev)
{
	char what[RULE_MAX_NAME + 48], q[RULE_LOAD_QUOTE_MAX * 4 + 8];
	char *s;
	const char *p;
	int line, col;

	snprintf(what, sizeof what, "%s'flags'", prefix);
	if ((s = rule_load_string(l, n, what)) == NULL)
		return;
	for (p = s; *p != '\0'; p++) {
		if (*p == 'i') {
			ev->caseless = 1;
			continue;
		}
		rule_load_value_pos(l, n, (size_t)(p - s), &line, &col);
		rule_load_error_at(l, line, col, "%sunknown flag '%s' (the "
		    "only flag is 'i')", prefix, rule_load_quote(p,
		    rule_load_charlen(p, p + strlen(p)), q, sizeof q));
		break;
	}
	free(s);
}

/* A plain whole number from 1 to 10^9; "3" in quotes is a string. */
static void
rule_load_min(struct rule_loader *l, const struct rule_ynode *n,
    const char *prefix, struct rule_evidence *ev)
{
	long v = -1;

	if (n->type == RULE_YNODE_SCALAR && n->style ==
	    YAML_PLAIN_SCALAR_STYLE && !n->str_tag && n->len > 0 &&
	    n->len <= 10 && strspn(n->value, "0123456789") == n->len)
		v = strtol(n->value, NULL, 10);
	if (v < 1 || v > 1000000000L)
		rule_load_error(l, n, "%s'min' must be a whole number from 1 "
		    "to 1000000000", prefix);
	else
		ev->min = v;
}

static void
rule_load_window(struct rule_loader *l, const struct rule_ynode *n,
    const char *prefix, struct rule_evidence *ev)
{
	char what[RULE_MAX_NAME + 48], q[RULE_LOAD_QUOTE_MAX * 4 + 8];
	char *s;

	snprintf(what, sizeof what, "%s'window'", prefix);
	if ((s = rule_load_string(l, n, what)) == NULL)
		return;
	if (rule_duration_parse(s, &ev->window_us) != 0)
		rule_load_error(l, n, "%s'window' must be a duration such as "
		    "30s, 10m, 2h or 1d, not '%s'", prefix,
		    rule_load_quote(s, strlen(s), q, sizeof q));
	free(s);
}

/*
 * For a pattern, group_by is "node", "source" or one of its named groups
 * (names: NUL-separated, NULL if the pattern did not compile); for SQL,
 * any column name.
 */
static void
rule_load_group_by(struct rule_loader *l, const struct rule_ynode *n,
    const char *prefix, struct rule_evidence *ev, const char *names,
    int pattern_ok)
{
	char what[RULE_MAX_NAME + 48];
	const char *s, *p;

	snprintf(what, sizeof what, "%s'group_by'", prefix);
	if ((ev->group_by = rule_load_string(l, n, what)) == NULL)
		return;
	s = ev->group_by;
	if (strlen(s) > RULE_MAX_NAME || (s[0] >= '0' && s[0] <= '9') ||
	    strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "0123456789_") != strlen(s)) {
		rule_load_error(l, n, "%s'group_by' must be a column or "
		    "capture name", prefix);
		return;
	}
	if (ev->type != RULE_EVIDENCE_PATTERN || !pattern_ok ||
	    strcmp(s, "node") == 0 || strcmp(s, "source") == 0)
		return;
	for (p = names; p != NULL && *p != '\0'; p += strlen(p) + 1) {
		if (strcmp(p, s) == 0)
			return;
	}
	rule_load_error(l, n, "%s'group_by' is '%s', which is not 'node', "
	    "'source' or a named group of the pattern", prefix, s);
}

static void
rule_load_item(struct rule_loader *l, const struct rule_ynode *key,
    const struct rule_ynode *map, struct rule_evidence *ev)
{
	const struct rule_ynode *vals[RULE_I_COUNT], *keys[RULE_I_COUNT];
	char prefix[RULE_MAX_NAME + 32], what[RULE_MAX_NAME + 48];
	char *names = NULL, *s;
	size_t i;
	int pattern_ok = 0;

	snprintf(prefix, sizeof prefix, "evidence '%s': ", ev->name);
	ev->line = key->line;
	ev->min = 1;
	ev->pattern_id = -1;
	if (map->type != RULE_YNODE_MAP) {
		rule_load_error(l, map, "%smust be a mapping with 'sql' or "
		    "'pattern', not %s", prefix, rule_load_type_name(map));
		return;
	}
	rule_load_map(l, map, prefix, "field", rule_item_fields, RULE_I_COUNT,
	    vals, keys);
	if (vals[RULE_I_SQL] != NULL && vals[RULE_I_PATTERN] != NULL) {
		rule_load_error(l, keys[RULE_I_PATTERN], "%shas both 'sql' and "
		    "'pattern' (make them two items)", prefix);
		return;
	}
	if (vals[RULE_I_SQL] == NULL && vals[RULE_I_PATTERN] == NULL) {
		rule_load_error(l, key, "%sneeds 'sql' or 'pattern'", prefix);
		return;
	}
	if (vals[RULE_I_SQL] != NULL) {
		ev->type = RULE_EVIDENCE_SQL;
		for (i = RULE_I_FLAGS; i <= RULE_I_KINDS; i++) {
			if (keys[i] != NULL)
				rule_load_error(l, keys[i], "%s'%s' applies "
				    "only to pattern items", prefix,
				    rule_item_fields[i].name);
		}
		snprintf(what, sizeof what, "%s'sql'", prefix);
		if ((ev->sql = rule_load_string(l, vals[RULE_I_SQL], what)) !=
		    NULL)
			rule_load_sql(l, vals[RULE_I_SQL], prefix, ev->sql);
	} else {
		ev->type = RULE_EVIDENCE_PATTERN;
		if (vals[RULE_I_FLAGS] != NULL)
			rule_load_flags(l, vals[RULE_I_FLAGS], prefix, ev);
		snprintf(what, sizeof what, "%s'pattern'", prefix);
		if ((ev->pattern = rule_load_string(l, vals[RULE_I_PATTERN],
		    what)) != NULL) {
			rule_load_chomp(ev->pattern);
			if (*ev->pattern == '\0')
				rule_load_error(l, vals[RULE_I_PATTERN],
				    "%s'pattern' is empty", prefix);
			else
				pattern_ok = rule_load_pattern(l,
				    vals[RULE_I_PATTERN], prefix, ev->pattern,
				    ev->caseless, &names);
		}
		if (vals[RULE_I_SOURCES] != NULL)
			rule_load_sources(l, vals[RULE_I_SOURCES], prefix, ev);
		if (vals[RULE_I_KINDS] != NULL)
			rule_load_kinds(l, vals[RULE_I_KINDS], prefix, ev);
	}
	if (vals[RULE_I_MIN] != NULL)
		rule_load_min(l, vals[RULE_I_MIN], prefix, ev);
	if (vals[RULE_I_WINDOW] != NULL)
		rule_load_window(l, vals[RULE_I_WINDOW], prefix, ev);
	if (vals[RULE_I_GROUP_BY] != NULL)
		rule_load_group_by(l, vals[RULE_I_GROUP_BY], prefix, ev, names,
		    pattern_ok);
	if (vals[RULE_I_CONTEXT] != NULL && (s = rule_load_string(l,
	    vals[RULE_I_CONTEXT], "'context'")) != NULL) {
		if (strcmp(s, "true") == 0)
			ev->context = 1;
		else if (strcmp(s, "false") != 0)
			rule_load_error(l, vals[RULE_I_CONTEXT], "%s'context' "
			    "must be true or false", prefix);
		free(s);
	}
	free(names);
}

void
rule_load_evidence(struct rule_loader *l, struct rule *r,
    const struct rule_ynode *map)
{
	char q[RULE_LOAD_QUOTE_MAX * 4 + 8];
	const struct rule_ynode *k;
	size_t i, n, before;

	if (map->type != RULE_YNODE_MAP) {
		rule_load_error(l, map, "'evidence' must be a mapping of "
		    "named items, not %s", rule_load_type_name(map));
		return;
	}
	if (map->nkids == 0) {
		rule_load_error(l, map, "'evidence' needs at least one item");
		return;
	}
	n = map->nkids / 2;
	if (n > RULE_MAX_EVIDENCE) {
		rule_load_error(l, map->kids[2 * RULE_MAX_EVIDENCE], "more "
		    "than %d evidence items", RULE_MAX_EVIDENCE);
		return;
	}
	/* Duplicate and non-string names. */
	before = l->errors;
	rule_load_map(l, map, "", "evidence item", NULL, 0, NULL, NULL);
	if (l->errors != before)
		return;
	r->evidence = xcalloc(n, sizeof *r->evidence);
	for (i = 0; i < n; i++) {
		k = map->kids[2 * i];
		if (k->len > RULE_MAX_NAME || !rule_load_is_name(k->value)) {
			rule_load_error(l, k, "evidence name '%s' must match "
			    "[a-z_][a-z0-9_]* (at most %d bytes)",
			    rule_load_quote(k->value, k->len, q, sizeof q),
			    RULE_MAX_NAME);
			continue;
		}
		if (strcmp(k->value, "and") == 0 || strcmp(k->value, "or") ==
		    0 || strcmp(k->value, "not") == 0) {
			rule_load_error(l, k, "evidence name '%s' is a word of "
			    "'when'", k->value);
			continue;
		}
		r->evidence[r->nevidence].name = xstrdup(k->value);
		rule_load_item(l, k, map->kids[2 * i + 1],
		    &r->evidence[r->nevidence]);
		r->nevidence++;
	}
}
