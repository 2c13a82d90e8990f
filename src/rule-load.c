/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Loading rule files: the composed YAML document (rule-yaml.c) checked
 * field by field into a rule, with the evidence items left to
 * rule-evidence.c.  Every problem becomes a "file:line:col: message"
 * diagnostic; a bad rule is left out and the other files still load.
 * Also reads rule files and walks rules directories.  mgtriage-rules(5).
 */
#include "config.h"

#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>
#include <yaml.h>

#include "error.h"
#include "rule.h"
#include "rule-private.h"
#include "util.h"
#include "xmalloc.h"

/* Directory levels below the rules directory that are searched. */
#define RULE_LOAD_MAX_DIR_DEPTH		16
/* Entries read from one directory. */
#define RULE_LOAD_MAX_DIR_ENTRIES	100000
/* Fields of one mapping kind (top level: 10). */
#define RULE_LOAD_MAX_FIELDS		16
/* Diagnostics shown for one file; the rest are only counted. */
#define RULE_LOAD_MAX_DIAGS		32

static const struct rule_field rule_top_fields[] = {
	{ "id", 1 },
	{ "title", 1 },
	{ "severity", 1 },
	{ "category", 1 },
	{ "explains", 0 },
	{ "evidence", 1 },
	{ "when", 0 },
	{ "summary", 1 },
	{ "remedy", 1 },
	{ "references", 0 },
	{ "for_each", 0 },
	{ "component", 0 },
	{ "current", 0 },
	{ "recent", 0 },
	{ "generic", 0 }
};
enum {
	RULE_F_ID, RULE_F_TITLE, RULE_F_SEVERITY, RULE_F_CATEGORY,
	RULE_F_EXPLAINS, RULE_F_EVIDENCE, RULE_F_WHEN, RULE_F_SUMMARY,
	RULE_F_REMEDY, RULE_F_REFERENCES, RULE_F_FOR_EACH, RULE_F_COMPONENT,
	RULE_F_CURRENT, RULE_F_RECENT, RULE_F_GENERIC, RULE_F_COUNT
};

/* ---- diagnostics --------------------------------------------------------- */

static void __attribute__((format(printf, 5, 0)))
rule_load_vdiag(struct rule_loader *l, int line, int col, int warning,
    const char *fmt, va_list ap)
{
	char msg[MGT_ERROR_MSG_MAX];

	if (!warning)
		l->errors++;
	if (++l->ndiags > RULE_LOAD_MAX_DIAGS) {
		if (l->ndiags == RULE_LOAD_MAX_DIAGS + 1)
			ruleset_diag(l->rs, l->file, line, col, warning,
			    "more than %d problems; the rest are not shown",
			    RULE_LOAD_MAX_DIAGS);
		else if (!warning)
			l->rs->nerrors++;
		else
			l->rs->nwarnings++;
		return;
	}
	vsnprintf(msg, sizeof msg, fmt, ap);
	ruleset_diag(l->rs, l->file, line, col, warning, "%s", msg);
}

void __attribute__((format(printf, 4, 5)))
rule_load_error_at(struct rule_loader *l, int line, int col,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	rule_load_vdiag(l, line, col, 0, fmt, ap);
	va_end(ap);
}

static void __attribute__((format(printf, 4, 5)))
rule_load_warn_at(struct rule_loader *l, int line, int col,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	rule_load_vdiag(l, line, col, 1, fmt, ap);
	va_end(ap);
}

void __attribute__((format(printf, 3, 4)))
rule_load_error(struct rule_loader *l, const struct rule_ynode *n,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	rule_load_vdiag(l, n ? n->line : 1, n ? n->col : 1, 0, fmt, ap);
	va_end(ap);
}

static void __attribute__((format(printf, 3, 4)))
rule_load_warn(struct rule_loader *l, const struct rule_ynode *n,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	rule_load_vdiag(l, n ? n->line : 1, n ? n->col : 1, 1, fmt, ap);
	va_end(ap);
}

/* Quote input-derived text for a message: escaped and shortened. */
const char *
rule_load_quote(const char *s, size_t len, char *out, size_t outlen)
{
	size_t n = len > RULE_LOAD_QUOTE_MAX ? RULE_LOAD_QUOTE_MAX : len;

	util_escape_n(s, n, out, outlen);
	if (n < len && strlen(out) + 4 <= outlen)
		strcat(out, "...");
	return out;
}

/* Levenshtein distance, for "did you mean"; short strings only. */
static size_t
rule_load_distance(const char *a, const char *b)
{
	size_t row[64], la = strlen(a), lb = strlen(b), i, j, prev, cur;

	if (la >= sizeof row / sizeof row[0] || lb >= sizeof row /
	    sizeof row[0])
		return SIZE_MAX;
	for (j = 0; j <= lb; j++)
		row[j] = j;
	for (i = 1; i <= la; i++) {
		prev = row[0];
		row[0] = i;
		for (j = 1; j <= lb; j++) {
			cur = row[j];
			row[j] = prev + (a[i - 1] != b[j - 1]);
			if (row[j - 1] + 1 < row[j])
				row[j] = row[j - 1] + 1;
			if (cur + 1 < row[j])
				row[j] = cur + 1;
			prev = cur;
		}
	}
	return row[lb];
}

/* The closest of names to s if it is close enough, else NULL. */
const char *
rule_load_suggest(const char *s, const char *const *names, size_t n)
{
	const char *best = NULL;
	size_t i, d, bestd = 3;

	for (i = 0; i < n; i++) {
		d = rule_load_distance(s, names[i]);
		if (d < bestd && d < strlen(names[i])) {
			best = names[i];
			bestd = d;
		}
	}
	return best;
}

/* ---- typed access to nodes ----------------------------------------------- */

const char *
rule_load_type_name(const struct rule_ynode *n)
{
	switch (n->type) {
	case RULE_YNODE_SCALAR:
		return "a scalar";
	case RULE_YNODE_SEQ:
		return "a list";
	case RULE_YNODE_MAP:
		return "a mapping";
	}
	return "?";
}

static int
rule_load_is_null(const struct rule_ynode *n)
{
	if (n->type != RULE_YNODE_SCALAR || n->style !=
	    YAML_PLAIN_SCALAR_STYLE || n->str_tag)
		return 0;
	return n->len == 0 || strcmp(n->value, "~") == 0 ||
	    strcmp(n->value, "null") == 0 || strcmp(n->value, "Null") == 0 ||
	    strcmp(n->value, "NULL") == 0;
}

/*
 * A non-empty string without NUL bytes; what names the field in messages
 * ("'title'", "evidence 'x': 'sql'").  Returns a copy or NULL (reported).
 */
char *
rule_load_string(struct rule_loader *l, const struct rule_ynode *n,
    const char *what)
{
	if (n->type != RULE_YNODE_SCALAR) {
		rule_load_error(l, n, "%s must be a string, not %s", what,
		    rule_load_type_name(n));
		return NULL;
	}
	if (rule_load_is_null(n)) {
		rule_load_error(l, n, "%s has no value", what);
		return NULL;
	}
	if (n->len == 0) {
		rule_load_error(l, n, "%s is empty", what);
		return NULL;
	}
	if (memchr(n->value, '\0', n->len) != NULL) {
		rule_load_error(l, n, "%s contains a NUL byte", what);
		return NULL;
	}
	return xstrdup(n->value);
}

/*
 * Drop the line breaks a block scalar ends with: a log line never holds
 * one, so a pattern ending in "\n" could never match.
 */
void
rule_load_chomp(char *s)
{
	size_t n = strlen(s);

	while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r'))
		s[--n] = '\0';
}

/*
 * A string or a list of strings.  Fills a new array (and positions if pos
 * is not NULL).  Returns 0 on error (reported; nothing allocated).
 */
int
rule_load_strings(struct rule_loader *l, const struct rule_ynode *n,
    const char *what, char ***out, size_t *count, struct rule_pos **pos)
{
	const struct rule_ynode *const *items;
	const struct rule_ynode *one[1];
	char **v, *s, label[128];
	size_t nitems, i, j;

	*out = NULL;
	*count = 0;
	if (pos != NULL)
		*pos = NULL;
	if (n->type == RULE_YNODE_MAP) {
		rule_load_error(l, n, "%s must be a string or a list of "
		    "strings, not a mapping", what);
		return 0;
	}
	if (n->type == RULE_YNODE_SCALAR) {
		one[0] = n;
		items = one;
		nitems = 1;
	} else {
		items = (const struct rule_ynode *const *)n->kids;
		nitems = n->nkids;
	}
	if (nitems == 0)
		return 1;
	if (nitems > RULE_MAX_LIST) {
		rule_load_error(l, items[RULE_MAX_LIST], "%s has more than %d "
		    "entries", what, RULE_MAX_LIST);
		return 0;
	}
	v = xcalloc(nitems, sizeof *v);
	for (i = 0; i < nitems; i++) {
		snprintf(label, sizeof label, "%s entry %zu", what, i + 1);
		if ((s = rule_load_string(l, items[i], n->type ==
		    RULE_YNODE_SEQ ? label : what)) == NULL) {
			for (j = 0; j < i; j++)
				free(v[j]);
			free(v);
			return 0;
		}
		v[i] = s;
	}
	if (pos != NULL) {
		*pos = xcalloc(nitems, sizeof **pos);
		for (i = 0; i < nitems; i++) {
			(*pos)[i].line = items[i]->line;
			(*pos)[i].col = items[i]->col;
		}
	}
	*out = v;
	*count = nitems;
	return 1;
}

/*
 * Check a mapping's keys against fields (NULL: any key): each key a
 * string, known, and not repeated.  vals[i] and keys[i] get the nodes of
 * field i.  noun names a key in messages ("field", "evidence item").
 */
void
rule_load_map(struct rule_loader *l, const struct rule_ynode *map,
    const char *prefix, const char *noun, const struct rule_field *fields,
    size_t nfields, const struct rule_ynode **vals,
    const struct rule_ynode **keys)
{
	const struct rule_ynode *k, *prev;
	const char *hint, *names[RULE_LOAD_MAX_FIELDS];
	char q[RULE_LOAD_QUOTE_MAX * 4 + 8];
	size_t i, j;

	for (i = 0; i < nfields; i++)
		vals[i] = keys[i] = NULL;
	/* The duplicate check is quadratic: bound the keys first. */
	if (map->nkids / 2 > RULE_MAX_LIST) {
		rule_load_error(l, map->kids[2 * RULE_MAX_LIST], "%smore than "
		    "%d keys in one mapping", prefix, RULE_MAX_LIST);
		return;
	}
	/* nfields == 0 with fields == NULL: only names and duplicates. */
	for (i = 0; i + 1 < map->nkids; i += 2) {
		k = map->kids[i];
		if (k->type != RULE_YNODE_SCALAR || rule_load_is_null(k) ||
		    memchr(k->value, '\0', k->len) != NULL) {
			rule_load_error(l, k, "%s%s name must be a string",
			    prefix, noun);
			continue;
		}
		rule_load_quote(k->value, k->len, q, sizeof q);
		for (j = 0; j < i; j += 2) {
			prev = map->kids[j];
			if (prev->type == RULE_YNODE_SCALAR &&
			    prev->len == k->len &&
			    memcmp(prev->value, k->value, k->len) == 0)
				break;
		}
		if (j < i) {
			rule_load_error(l, k, "%sduplicate %s '%s' (first at "
			    "line %d)", prefix, noun, q, map->kids[j]->line);
			continue;
		}
		if (fields == NULL)
			continue;
		for (j = 0; j < nfields; j++) {
			if (strcmp(fields[j].name, k->value) == 0)
				break;
		}
		if (j == nfields) {
			for (j = 0; j < nfields && j < RULE_LOAD_MAX_FIELDS;
			    j++)
				names[j] = fields[j].name;
			hint = rule_load_suggest(k->value, names, j);
			if (hint != NULL)
				rule_load_error(l, k, "%sunknown %s '%s' (did "
				    "you mean '%s'?)", prefix, noun, q, hint);
			else
				rule_load_error(l, k, "%sunknown %s '%s'",
				    prefix, noun, q);
			continue;
		}
		vals[j] = map->kids[i + 1];
		keys[j] = k;
	}
}

/* ---- the rule ------------------------------------------------------------ */

static int
rule_load_is_id(const char *s)
{
	const char *p;

	for (p = s; *p != '\0'; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9'))
			continue;
		if (p != s && (*p == '.' || *p == '_' || *p == '-'))
			continue;
		return 0;
	}
	return p != s;
}

struct rule_load_lint {
	struct rule_loader	*l;
	const struct rule	*rule;
	const struct rule_ynode	*node;
	const char		*field;		/* "summary", "component" */
};

static char *
rule_load_lint_lookup(void *ctx, const char *item, const char *column,
    int all, int count)
{
	struct rule_load_lint *lint = ctx;

	if (item != NULL && rule_evidence_index(lint->rule, item,
	    strlen(item)) < 0)
		rule_load_warn(lint->l, lint->node, "'%s' placeholder "
		    "names unknown evidence item '%s'", lint->field, item);
	return xstrdup("");
}

/* `when` or `current`: a boolean expression over the evidence names;
 * *text and *expr stay NULL when it is wrong (reported at its column). */
static void
rule_load_expr(struct rule_loader *l, struct rule *r,
    const struct rule_ynode *n, const char *field, char **text,
    struct rule_expr **expr)
{
	struct mgt_error err;
	char what[32];
	int line, col;

	snprintf(what, sizeof what, "'%s'", field);
	if ((*text = rule_load_string(l, n, what)) == NULL)
		return;
	mgt_error_clear(&err);
	if ((*expr = rule_expr_parse(*text, r, &err)) == NULL) {
		line = n->line;
		col = n->col;
		if (err.offset >= 1)
			rule_load_value_pos(l, n, (size_t)err.offset - 1,
			    &line, &col);
		rule_load_error_at(l, line, col, "%s: %s", what, err.msg);
	}
}

/* An item neither `when` nor `current` reads is a mistake. */
static void
rule_load_unused(struct rule_loader *l, const struct rule *r,
    const struct rule_ynode *evmap)
{
	size_t i;

	if (r->when == NULL)
		return;
	for (i = 0; i < r->nevidence; i++) {
		if (!r->evidence[i].context && !rule_expr_uses(r->when, i) &&
		    (r->current == NULL ||
		    !rule_expr_uses(r->current, i)))
			rule_load_warn(l, evmap->kids[2 * i], "evidence '%s' "
			    "is not used in 'when' or 'current'",
			    r->evidence[i].name);
	}
}

/* for_each, component, recent and generic. */
static void
rule_load_instances(struct rule_loader *l, struct rule *r,
    const struct rule_ynode **vals)
{
	char q[RULE_LOAD_QUOTE_MAX * 4 + 8], *s;
	struct rule_load_lint lint;

	if (vals[RULE_F_FOR_EACH] != NULL && (r->for_each =
	    rule_load_string(l, vals[RULE_F_FOR_EACH], "'for_each'")) !=
	    NULL && (strlen(r->for_each) > RULE_MAX_NAME ||
	    !rule_load_is_name(r->for_each)))
		rule_load_error(l, vals[RULE_F_FOR_EACH], "'for_each' is "
		    "'%s'; it must name a column or named group "
		    "([a-z_][a-z0-9_]*, at most %d bytes)",
		    rule_load_quote(r->for_each, strlen(r->for_each), q,
		    sizeof q), RULE_MAX_NAME);
	if (vals[RULE_F_COMPONENT] != NULL && (r->component =
	    rule_load_string(l, vals[RULE_F_COMPONENT], "'component'")) !=
	    NULL) {
		rule_load_chomp(r->component);
		if (strchr(r->component, '/') == NULL)
			rule_load_error(l, vals[RULE_F_COMPONENT], "'component' "
			    "is '%s'; it must be KIND/NAME, such as "
			    "operator/{co.name} or node/{node}",
			    rule_load_quote(r->component,
			    strlen(r->component), q, sizeof q));
		else if (r->nevidence > 0) {
			lint.l = l;
			lint.rule = r;
			lint.node = vals[RULE_F_COMPONENT];
			lint.field = "component";
			free(rule_template_fill(r->component,
			    rule_load_lint_lookup, &lint));
		}
	}
	if (vals[RULE_F_RECENT] != NULL && (s = rule_load_string(l,
	    vals[RULE_F_RECENT], "'recent'")) != NULL) {
		if (rule_duration_parse(s, &r->recent_us) != 0 ||
		    r->recent_us <= 0)
			rule_load_error(l, vals[RULE_F_RECENT], "'recent' must "
			    "be a duration such as 30m, 2h or 1d, not '%s'",
			    rule_load_quote(s, strlen(s), q, sizeof q));
		free(s);
	}
	if (vals[RULE_F_GENERIC] != NULL && (s = rule_load_string(l,
	    vals[RULE_F_GENERIC], "'generic'")) != NULL) {
		if (strcmp(s, "true") == 0)
			r->generic = 1;
		else if (strcmp(s, "false") != 0)
			rule_load_error(l, vals[RULE_F_GENERIC], "'generic' "
			    "must be true or false, not '%s'",
			    rule_load_quote(s, strlen(s), q, sizeof q));
		free(s);
	}
}

static void
rule_load_insert(struct ruleset *rs, struct rule *r)
{
	size_t lo = 0, hi = rs->nrules, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (strcmp(rs->rules[mid].id, r->id) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	rs->rules = xreallocarray(rs->rules, rs->nrules + 1,
	    sizeof *rs->rules);
	memmove(&rs->rules[lo + 1], &rs->rules[lo],
	    (rs->nrules - lo) * sizeof *rs->rules);
	rs->rules[lo] = *r;
	rs->nrules++;
	memset(r, 0, sizeof *r);
}

static void
rule_load_rule(struct rule_loader *l)
{
	const struct rule_ynode *vals[RULE_F_COUNT], *keys[RULE_F_COUNT];
	const struct rule_ynode *root = l->root;
	const struct rule *dup;
	struct rule_load_lint lint;
	struct rule r;
	char q[RULE_LOAD_QUOTE_MAX * 4 + 8], *s;
	size_t i, j;
	int sev;

	memset(&r, 0, sizeof r);
	r.file = xstrdup(l->file);
	if (root == NULL) {
		rule_load_error_at(l, 1, 1, "rule file holds no rule");
		goto out;
	}
	if (root->type != RULE_YNODE_MAP) {
		rule_load_error(l, root, "a rule must be a YAML mapping, not "
		    "%s", rule_load_type_name(root));
		goto out;
	}
	rule_load_map(l, root, "", "field", rule_top_fields, RULE_F_COUNT,
	    vals, keys);
	for (i = 0; i < RULE_F_COUNT; i++) {
		if (rule_top_fields[i].required && vals[i] == NULL)
			rule_load_error(l, root, "missing required field '%s'",
			    rule_top_fields[i].name);
	}
	if (vals[RULE_F_ID] != NULL) {
		r.line = keys[RULE_F_ID]->line;
		if ((r.id = rule_load_string(l, vals[RULE_F_ID], "'id'")) !=
		    NULL && (strlen(r.id) > RULE_MAX_ID ||
		    !rule_load_is_id(r.id))) {
			rule_load_error(l, vals[RULE_F_ID], "'id' is '%s'; it "
			    "must match [a-z0-9][a-z0-9._-]* (at most %d "
			    "bytes)", rule_load_quote(r.id, strlen(r.id), q,
			    sizeof q), RULE_MAX_ID);
			free(r.id);
			r.id = NULL;
		}
	}
	if (vals[RULE_F_TITLE] != NULL &&
	    (r.title = rule_load_string(l, vals[RULE_F_TITLE], "'title'")) !=
	    NULL)
		rule_load_chomp(r.title);
	if (vals[RULE_F_SEVERITY] != NULL &&
	    (s = rule_load_string(l, vals[RULE_F_SEVERITY], "'severity'")) !=
	    NULL) {
		if ((sev = rule_severity_parse(s)) < 0)
			rule_load_error(l, vals[RULE_F_SEVERITY], "unknown "
			    "severity '%s' (use critical, high, medium, low or "
			    "info)", rule_load_quote(s, strlen(s), q,
			    sizeof q));
		else
			r.severity = (enum rule_severity)sev;
		free(s);
	}
	if (vals[RULE_F_CATEGORY] != NULL)
		r.category = rule_load_string(l, vals[RULE_F_CATEGORY],
		    "'category'");
	if (vals[RULE_F_EXPLAINS] != NULL && rule_load_strings(l,
	    vals[RULE_F_EXPLAINS], "'explains'", &r.explains, &r.nexplains,
	    &r.explains_pos)) {
		for (i = 0; i < r.nexplains; i++) {
			if (!rule_load_is_id(r.explains[i])) {
				rule_load_error_at(l, r.explains_pos[i].line,
				    r.explains_pos[i].col, "'explains' entry "
				    "'%s' is not a rule id",
				    rule_load_quote(r.explains[i],
				    strlen(r.explains[i]), q, sizeof q));
				continue;
			}
			for (j = 0; j < i; j++) {
				if (strcmp(r.explains[j], r.explains[i]) == 0)
					break;
			}
			if (j < i)
				rule_load_warn_at(l,
				    r.explains_pos[i].line,
				    r.explains_pos[i].col, "'explains' lists "
				    "'%s' twice", r.explains[i]);
		}
	}
	if (vals[RULE_F_EVIDENCE] != NULL)
		rule_load_evidence(l, &r, vals[RULE_F_EVIDENCE]);
	if (vals[RULE_F_WHEN] != NULL && r.nevidence > 0)
		rule_load_expr(l, &r, vals[RULE_F_WHEN], "when", &r.when_text,
		    &r.when);
	if (vals[RULE_F_CURRENT] != NULL && r.nevidence > 0)
		rule_load_expr(l, &r, vals[RULE_F_CURRENT], "current",
		    &r.current_text, &r.current);
	if (r.nevidence > 0)
		rule_load_unused(l, &r, vals[RULE_F_EVIDENCE]);
	rule_load_instances(l, &r, vals);
	if (vals[RULE_F_SUMMARY] != NULL &&
	    (r.summary = rule_load_string(l, vals[RULE_F_SUMMARY],
	    "'summary'")) != NULL) {
		rule_load_chomp(r.summary);
		if (r.nevidence > 0) {
			lint.l = l;
			lint.rule = &r;
			lint.node = vals[RULE_F_SUMMARY];
			lint.field = "summary";
			free(rule_template_fill(r.summary,
			    rule_load_lint_lookup, &lint));
		}
	}
	if (vals[RULE_F_REMEDY] != NULL)
		r.remedy = rule_load_string(l, vals[RULE_F_REMEDY], "'remedy'");
	if (vals[RULE_F_REFERENCES] != NULL && rule_load_strings(l,
	    vals[RULE_F_REFERENCES], "'references'", &r.references,
	    &r.nreferences, NULL) == 0)
		r.nreferences = 0;

	if (l->errors == 0 && r.id != NULL &&
	    (dup = ruleset_find(l->rs, r.id)) != NULL) {
		rule_load_error(l, vals[RULE_F_ID], "duplicate rule id '%s' "
		    "(first defined at %s:%d)", r.id, dup->file, dup->line);
		goto out;
	}
	if (l->errors == 0) {
		rule_load_insert(l->rs, &r);
		return;
	}
out:
	if (r.id != NULL) {
		l->rs->rejected_ids = xreallocarray(l->rs->rejected_ids,
		    l->rs->nrejected_ids + 1, sizeof *l->rs->rejected_ids);
		l->rs->rejected_ids[l->rs->nrejected_ids++] = r.id;
		r.id = NULL;
	}
	rule_clear(&r);
}

void
rule_load_document(struct ruleset *rs, const char *name, const char *buf,
    size_t len, const char *what, void (*load)(struct rule_loader *))
{
	struct rule_loader l;

	memset(&l, 0, sizeof l);
	l.rs = rs;
	l.file = name != NULL ? name : "<buffer>";
	l.buf = buf != NULL ? buf : "";
	l.len = buf != NULL ? len : 0;
	/* libyaml keeps a byte order mark when the encoding is forced. */
	if (l.len >= 3 && memcmp(l.buf, "\xef\xbb\xbf", 3) == 0) {
		l.buf += 3;
		l.len -= 3;
	}
	if (l.len > RULE_MAX_FILE_BYTES) {
		rule_load_error_at(&l, 1, 1, "%s file is larger than %d bytes",
		    what, RULE_MAX_FILE_BYTES);
		return;
	}
	if (rule_load_compose(&l))
		load(&l);
	rule_load_doc_free(&l);
	if (l.db != NULL)
		sqlite3_close(l.db);
}

int
ruleset_load_buffer(struct ruleset *rs, const char *name, const char *buf,
    size_t len, struct mgt_error *err)
{
	(void)err;
	rule_load_document(rs, name, buf, len, "rule", rule_load_rule);
	return MGT_OK;
}

static int
rule_load_name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
rule_load_is_rule_file(const char *name)
{
	size_t n = strlen(name);

	return (n > 5 && strcmp(name + n - 5, ".yaml") == 0) ||
	    (n > 4 && strcmp(name + n - 4, ".yml") == 0);
}

/* Read one file of at most RULE_MAX_FILE_BYTES (one more is read, so a
 * longer file is seen as such): *buf (the caller frees it) and *len.
 * MGT_ERR_IO if it cannot be read. */
int
rule_load_read(const char *path, char **bufp, size_t *lenp,
    struct mgt_error *err)
{
	struct stat st;
	char *buf = NULL;
	size_t len = 0;
	ssize_t n;
	int fd, rc = MGT_OK;

	*bufp = NULL;
	*lenp = 0;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return error_set(err, MGT_ERR_IO, path, -1, 0,
		    "cannot open rule file: %s", strerror(errno));
	if (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode)) {
		rc = error_set(err, MGT_ERR_IO, path, -1, 0,
		    "not a regular file");
		goto out;
	}
	buf = xmalloc(RULE_MAX_FILE_BYTES + 1);
	while (len <= RULE_MAX_FILE_BYTES) {
		n = read(fd, buf + len, RULE_MAX_FILE_BYTES + 1 - len);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			rc = error_set(err, MGT_ERR_IO, path, -1, 0,
			    "cannot read rule file: %s", strerror(errno));
			goto out;
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	*bufp = buf;
	*lenp = len;
	buf = NULL;
out:
	free(buf);
	close(fd);
	return rc;
}

/* Read one file and load it.  MGT_ERR_IO if it cannot be read; a bad
 * rule is only a diagnostic. */
int
ruleset_load_file(struct ruleset *rs, const char *path,
    struct mgt_error *err)
{
	char *buf;
	size_t len;
	int rc;

	if ((rc = rule_load_read(path, &buf, &len, err)) != MGT_OK)
		return rc;
	rc = ruleset_load_buffer(rs, path, buf, len, err);
	free(buf);
	return rc;
}

/*
 * The entries of the open directory d not starting with a dot, sorted
 * (at most RULE_LOAD_MAX_DIR_ENTRIES; more is a diagnostic on dir).
 * Closes d; the caller frees each name and the vector.
 */
static char **
rule_load_names(struct ruleset *rs, const char *dir, DIR *d, size_t *np)
{
	struct dirent *de;
	char **names = NULL;
	size_t n = 0;

	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if (n == RULE_LOAD_MAX_DIR_ENTRIES) {
			ruleset_diag(rs, dir, 1, 1, 0, "more than %d entries; "
			    "the rest are not loaded",
			    RULE_LOAD_MAX_DIR_ENTRIES);
			break;
		}
		names = xreallocarray(names, n + 1, sizeof *names);
		names[n++] = xstrdup(de->d_name);
	}
	closedir(d);
	if (n > 1)
		qsort(names, n, sizeof *names, rule_load_name_cmp);
	*np = n;
	return names;
}

/* Every *.yaml / *.yml file directly in dir, as knowledge. */
static void
rule_load_knowledge_dir(struct ruleset *rs, const char *dir)
{
	struct mgt_error ferr;
	DIR *d;
	char **names = NULL, *path, *buf;
	size_t n = 0, i, len;

	if ((d = opendir(dir)) == NULL) {
		if (errno == ENOMEM)
			xmalloc_fail("opening a knowledge directory");
		ruleset_diag(rs, dir, 1, 1, 0, "cannot open directory: %s",
		    strerror(errno));
		return;
	}
	names = rule_load_names(rs, dir, d, &n);
	for (i = 0; i < n; i++) {
		if (!rule_load_is_rule_file(names[i])) {
			free(names[i]);
			continue;
		}
		xasprintf(&path, "%s/%s", dir, names[i]);
		mgt_error_clear(&ferr);
		if (rule_load_read(path, &buf, &len, &ferr) != MGT_OK)
			ruleset_diag(rs, path, 1, 1, 0, "%s", ferr.msg);
		else {
			ruleset_load_knowledge(rs, path, buf, len);
			free(buf);
		}
		free(path);
		free(names[i]);
	}
	free(names);
}

/* One directory level, in sorted order; depth 0 is the rules directory. */
static int
rule_load_walk(struct ruleset *rs, const char *dir, int depth,
    struct mgt_error *err)
{
	struct mgt_error ferr;
	struct stat st;
	DIR *d;
	char **names = NULL, *path;
	size_t n = 0, i;
	int rc = MGT_OK;

	if ((d = opendir(dir)) == NULL) {
		if (errno == ENOMEM)
			xmalloc_fail("opening a rules directory");
		if (depth == 0)
			return error_set(err, MGT_ERR_IO, dir, -1, 0,
			    "cannot open rules directory: %s",
			    strerror(errno));
		ruleset_diag(rs, dir, 1, 1, 0, "cannot open directory: %s",
		    strerror(errno));
		return MGT_OK;
	}
	names = rule_load_names(rs, dir, d, &n);
	for (i = 0; i < n; i++) {
		xasprintf(&path, "%s/%s", dir, names[i]);
		if (lstat(path, &st) == -1) {
			ruleset_diag(rs, path, 1, 1, 0, "cannot stat: %s",
			    strerror(errno));
		} else if (S_ISDIR(st.st_mode)) {
			/*
			 * Rule fixtures live in tests/, a pack's views in
			 * views/ (index_open_with() reads them), its
			 * component graph and benign list in knowledge/:
			 * not rules.
			 */
			if (strcmp(names[i], "tests") == 0)
				;
			else if (depth == 0 &&
			    strcmp(names[i], "knowledge") == 0)
				rule_load_knowledge_dir(rs, path);
			else if (depth == 0 && strcmp(names[i], "views") == 0) {
				rs->view_dirs = xreallocarray(rs->view_dirs,
				    rs->nview_dirs + 1, sizeof *rs->view_dirs);
				rs->view_dirs[rs->nview_dirs++] = xstrdup(path);
			} else if (depth + 1 > RULE_LOAD_MAX_DIR_DEPTH)
				ruleset_diag(rs, path, 1, 1, 0, "directory "
				    "nested deeper than %d is not loaded",
				    RULE_LOAD_MAX_DIR_DEPTH);
			else
				rule_load_walk(rs, path, depth + 1, err);
		} else if (rule_load_is_rule_file(names[i]) &&
		    (S_ISREG(st.st_mode) || (S_ISLNK(st.st_mode) &&
		    stat(path, &st) == 0 && S_ISREG(st.st_mode)))) {
			/* Links to files are followed, links to directories
			 * are not: no loops. */
			mgt_error_clear(&ferr);
			if (ruleset_load_file(rs, path, &ferr) != MGT_OK)
				ruleset_diag(rs, path, 1, 1, 0, "%s", ferr.msg);
		}
		free(path);
		free(names[i]);
	}
	free(names);
	return rc;
}

int
ruleset_load_dir(struct ruleset *rs, const char *dir, struct mgt_error *err)
{
	return rule_load_walk(rs, dir, 0, err);
}
