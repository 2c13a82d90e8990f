/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Default limits and the --limit NAME=VALUE parser.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "mgt-limits.h"

void
limits_default(struct mgt_limits *l)
{
	memset(l, 0, sizeof *l);
	l->max_depth = LIMIT_DEFAULT_DEPTH;
	l->max_members_archive = LIMIT_DEFAULT_MEMBERS_ARCHIVE;
	l->max_members_total = LIMIT_DEFAULT_MEMBERS_TOTAL;
	l->max_member_bytes = LIMIT_DEFAULT_MEMBER_BYTES;
	l->max_total_bytes = LIMIT_DEFAULT_TOTAL_BYTES;
	l->max_line = LIMIT_DEFAULT_LINE;
	l->max_doc_bytes = LIMIT_DEFAULT_DOC_BYTES;
	l->yaml_max_depth = LIMIT_DEFAULT_YAML_DEPTH;
	l->yaml_max_aliases = LIMIT_DEFAULT_YAML_ALIASES;
	l->max_docs_per_file = LIMIT_DEFAULT_DOCS_PER_FILE;
	l->yaml_lift_min = LIMIT_DEFAULT_YAML_LIFT;
	l->max_path = LIMIT_DEFAULT_PATH;
	l->pcre_match_limit = LIMIT_DEFAULT_PCRE_MATCH;
	l->pcre_depth_limit = LIMIT_DEFAULT_PCRE_DEPTH;
	l->pcre_jit_stack_max = LIMIT_DEFAULT_JIT_STACK;
	l->max_hits_rule_source = LIMIT_DEFAULT_HITS_RULE_SOURCE;
	l->max_hits_rule = LIMIT_DEFAULT_HITS_RULE;
	l->rule_limit_errors = LIMIT_DEFAULT_RULE_ERRORS;
	l->sql_steps = LIMIT_DEFAULT_SQL_STEPS;
	l->sql_memory = LIMIT_DEFAULT_SQL_MEMORY;
	l->sql_time_ms = LIMIT_DEFAULT_SQL_TIME_MS;
	l->pattern_time_ms = LIMIT_DEFAULT_PATTERN_TIME_MS;
	l->max_stored_lines_source = LIMIT_DEFAULT_STORED_LINES_SOURCE;
	l->max_stored_lines = LIMIT_DEFAULT_STORED_LINES;
	l->max_index_bytes = LIMIT_DEFAULT_INDEX_BYTES;
	l->max_problems_code = LIMIT_DEFAULT_PROBLEMS_CODE;
}

enum limit_type { LT_INT, LT_LL, LT_SIZE, LT_UINT, LT_LONG };

static const struct limit_name {
	const char	*name;
	enum limit_type	 type;
	size_t		 off;
} limit_names[] = {
	{ "max-depth", LT_INT, offsetof(struct mgt_limits, max_depth) },
	{ "max-members-archive", LT_LL,
	    offsetof(struct mgt_limits, max_members_archive) },
	{ "max-members", LT_LL, offsetof(struct mgt_limits, max_members_total) },
	{ "max-member-bytes", LT_LL,
	    offsetof(struct mgt_limits, max_member_bytes) },
	{ "max-total-bytes", LT_LL, offsetof(struct mgt_limits, max_total_bytes) },
	{ "max-line", LT_SIZE, offsetof(struct mgt_limits, max_line) },
	{ "max-doc-bytes", LT_SIZE, offsetof(struct mgt_limits, max_doc_bytes) },
	{ "yaml-max-depth", LT_INT, offsetof(struct mgt_limits, yaml_max_depth) },
	{ "yaml-max-aliases", LT_INT,
	    offsetof(struct mgt_limits, yaml_max_aliases) },
	{ "max-docs-per-file", LT_LONG,
	    offsetof(struct mgt_limits, max_docs_per_file) },
	{ "pcre-match-limit", LT_UINT,
	    offsetof(struct mgt_limits, pcre_match_limit) },
	{ "pcre-depth-limit", LT_UINT,
	    offsetof(struct mgt_limits, pcre_depth_limit) },
	{ "jit-stack-max", LT_SIZE,
	    offsetof(struct mgt_limits, pcre_jit_stack_max) },
	{ "max-hits-rule-source", LT_LONG,
	    offsetof(struct mgt_limits, max_hits_rule_source) },
	{ "max-hits-rule", LT_LONG, offsetof(struct mgt_limits, max_hits_rule) },
	{ "sql-steps", LT_LL, offsetof(struct mgt_limits, sql_steps) },
	{ "sql-memory", LT_LL, offsetof(struct mgt_limits, sql_memory) },
	{ "sql-time-ms", LT_LL, offsetof(struct mgt_limits, sql_time_ms) },
	{ "pattern-time-ms", LT_LL,
	    offsetof(struct mgt_limits, pattern_time_ms) },
	{ "max-stored-lines-source", LT_LL,
	    offsetof(struct mgt_limits, max_stored_lines_source) },
	{ "max-stored-lines", LT_LL,
	    offsetof(struct mgt_limits, max_stored_lines) },
	{ "max-index-bytes", LT_LL,
	    offsetof(struct mgt_limits, max_index_bytes) },
	{ "max-problems-per-code", LT_LL,
	    offsetof(struct mgt_limits, max_problems_code) },
};

/* Parse a non-negative number with an optional K, M or G suffix (powers of
 * 1024).  Returns 0 on success. */
static int
limits_parse_number(const char *s, long long *out)
{
	char *end;
	long long v;
	int shift = 0;

	errno = 0;
	v = strtoll(s, &end, 10);
	if (errno != 0 || end == s || v < 0)
		return -1;
	switch (*end) {
	case 'k': case 'K': shift = 10; end++; break;
	case 'm': case 'M': shift = 20; end++; break;
	case 'g': case 'G': shift = 30; end++; break;
	}
	if (*end != '\0')
		return -1;
	if (shift != 0 && v > (LLONG_MAX >> shift))
		return -1;
	*out = v << shift;
	return 0;
}

int
limits_set(struct mgt_limits *l, const char *assignment, struct mgt_error *err)
{
	const char *eq;
	size_t i, nlen;
	long long v;
	char *p;

	if ((eq = strchr(assignment, '=')) == NULL)
		return error_set(err, MGT_ERR_USAGE, "", -1, 0,
		    "--limit takes NAME=VALUE, got '%s'", assignment);
	nlen = (size_t)(eq - assignment);
	for (i = 0; i < sizeof limit_names / sizeof limit_names[0]; i++) {
		if (strlen(limit_names[i].name) != nlen ||
		    strncmp(limit_names[i].name, assignment, nlen) != 0)
			continue;
		if (limits_parse_number(eq + 1, &v) != 0 || v == 0)
			return error_set(err, MGT_ERR_USAGE, "", -1, 0,
			    "--limit %.*s: '%s' is not a positive number "
			    "(suffixes K, M, G allowed)", (int)nlen, assignment,
			    eq + 1);
		p = (char *)l + limit_names[i].off;
		switch (limit_names[i].type) {
		case LT_INT:
			*(int *)(void *)p = v > INT_MAX ? INT_MAX : (int)v;
			break;
		case LT_LL:
			*(long long *)(void *)p = v;
			break;
		case LT_SIZE:
			*(size_t *)(void *)p = (size_t)v;
			break;
		case LT_UINT:
			*(unsigned int *)(void *)p =
			    v > UINT_MAX ? UINT_MAX : (unsigned int)v;
			break;
		case LT_LONG:
			*(long *)(void *)p = v > LONG_MAX ? LONG_MAX : (long)v;
			break;
		}
		return MGT_OK;
	}
	return error_set(err, MGT_ERR_USAGE, "", -1, 0,
	    "--limit: unknown limit '%.*s' (see mgtriage(1), LIMITS)",
	    (int)nlen, assignment);
}
