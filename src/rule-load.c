/*
 * Loading rule files: libyaml events composed into a small tree that keeps
 * every node's line:column, then checked field by field.  Every problem
 * becomes a "file:line:col: message" diagnostic; a bad rule is left out and
 * the other files still load.  Format: mgtriage-rules(5).
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

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <sqlite3.h>
#include <yaml.h>

#include "error.h"
#include "rule.h"
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
/* Bytes of an input-derived string quoted in a message. */
#define RULE_LOAD_QUOTE_MAX		64

enum rule_ynode_type {
	RULE_YNODE_SCALAR,
	RULE_YNODE_SEQ,
	RULE_YNODE_MAP
};

/*
 * One YAML node.  An alias is not copied: the parent points at the
 * anchored node, so a document is a DAG and an "alias bomb" costs one
 * pointer per alias.  Every node is owned by the document's node list.
 */
struct rule_ynode {
	enum rule_ynode_type	 type;
	int			 line;		/* 1-based start */
	int			 col;
	int			 end_line;	/* 1-based end, column after */
	int			 end_col;
	yaml_scalar_style_t	 style;
	int			 str_tag;	/* explicit !!str */
	char			*value;		/* scalar, NUL-terminated */
	size_t			 len;		/* may hold NUL bytes */
	struct rule_ynode      **kids;		/* items; or key, value, ... */
	size_t			 nkids;
	size_t			 kidscap;
	char			*anchor;
};

struct rule_anchor {
	char			*name;
	struct rule_ynode	*node;
};

struct rule_loader {
	struct ruleset		*rs;
	const char		*file;
	const char		*buf;
	size_t			 len;
	struct rule_ynode      **nodes;		/* every node, for freeing */
	size_t			 nnodes;
	size_t			 nodescap;
	struct rule_ynode	*root;
	struct rule_anchor	*anchors;
	size_t			 nanchors;
	size_t			 anchorscap;
	size_t			 errors;	/* errors in this file */
	size_t			 ndiags;	/* diagnostics for this file */
	sqlite3			*db;		/* in-memory, for SQL syntax */
};

/* What a node key names inside a mapping checked against a field list. */
struct rule_field {
	const char		*name;
	int			 required;
};

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
	{ "references", 0 }
};
enum {
	RULE_F_ID, RULE_F_TITLE, RULE_F_SEVERITY, RULE_F_CATEGORY,
	RULE_F_EXPLAINS, RULE_F_EVIDENCE, RULE_F_WHEN, RULE_F_SUMMARY,
	RULE_F_REMEDY, RULE_F_REFERENCES, RULE_F_COUNT
};

static const struct rule_field rule_item_fields[] = {
	{ "sql", 0 },
	{ "pattern", 0 },
	{ "flags", 0 },
	{ "sources", 0 },
	{ "kinds", 0 },
	{ "min", 0 },
	{ "window", 0 },
	{ "group_by", 0 }
};
enum {
	RULE_I_SQL, RULE_I_PATTERN, RULE_I_FLAGS, RULE_I_SOURCES, RULE_I_KINDS,
	RULE_I_MIN, RULE_I_WINDOW, RULE_I_GROUP_BY, RULE_I_COUNT
};

/* Log source kinds a pattern can be limited to (classify_kind_name()). */
static const char *rule_log_kinds[] = {
	"pod_log", "service_log", "journal", "log"
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

static void __attribute__((format(printf, 4, 5)))
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

static void __attribute__((format(printf, 3, 4)))
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
static const char *
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
static const char *
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

/* ---- positions inside scalars -------------------------------------------- */

/* Length of the line break at p (libyaml's breaks), 0 if none. */
static size_t
rule_load_break(const char *p, const char *end)
{
	const unsigned char *u = (const unsigned char *)p;

	if (p >= end)
		return 0;
	if (u[0] == '\r')
		return (p + 1 < end && u[1] == '\n') ? 2 : 1;
	if (u[0] == '\n')
		return 1;
	if (u[0] == 0xc2 && p + 1 < end && u[1] == 0x85)
		return 2;
	if (u[0] == 0xe2 && p + 2 < end && u[1] == 0x80 &&
	    (u[2] == 0xa8 || u[2] == 0xa9))
		return 3;
	return 0;
}

/* Start of 1-based line in the file buffer, or NULL. */
static const char *
rule_load_line_start(const struct rule_loader *l, int line)
{
	const char *p = l->buf, *end = l->buf + l->len;
	size_t b;
	int n = 1;

	while (n < line && p < end) {
		if ((b = rule_load_break(p, end)) != 0) {
			p += b;
			n++;
		} else
			p++;
	}
	return n == line ? p : NULL;
}

static int
rule_load_is_cont(unsigned char c)
{
	return (c & 0xc0) == 0x80;
}

/* Bytes of the UTF-8 character at p, at least 1. */
static size_t
rule_load_charlen(const char *p, const char *end)
{
	size_t n = 1;

	while (p + n < end && rule_load_is_cont((unsigned char)p[n]))
		n++;
	return n;
}

static size_t
rule_load_utf8_len(unsigned long cp)
{
	if (cp < 0x80)
		return 1;
	if (cp < 0x800)
		return 2;
	if (cp < 0x10000)
		return 3;
	return 4;
}

/*
 * Bytes a double-quoted escape at p ("\...") adds to the value, and its
 * length in the source (set in *srclen).
 */
static size_t
rule_load_escape(const char *p, const char *end, size_t *srclen)
{
	unsigned long cp = 0;
	size_t hex = 0, i;

	if (p + 1 >= end) {
		*srclen = 1;
		return 1;
	}
	switch (p[1]) {
	case 'x':
		hex = 2;
		break;
	case 'u':
		hex = 4;
		break;
	case 'U':
		hex = 8;
		break;
	case 'N':
	case '_':
		*srclen = 2;
		return 2;
	case 'L':
	case 'P':
		*srclen = 2;
		return 3;
	default:
		*srclen = 2;
		return 1;
	}
	for (i = 0; i < hex && p + 2 + i < end; i++) {
		cp <<= 4;
		if (p[2 + i] >= '0' && p[2 + i] <= '9')
			cp |= (unsigned long)(p[2 + i] - '0');
		else
			cp |= (unsigned long)((p[2 + i] | 0x20) - 'a' + 10);
	}
	*srclen = 2 + i;
	return rule_load_utf8_len(cp);
}

/*
 * The file position of byte off of scalar n's value.  Exact for plain and
 * quoted scalars on one line and for literal blocks (`|`) without an
 * indentation indicator; anything else gives the scalar's start.
 */
static void
rule_load_value_pos(const struct rule_loader *l, const struct rule_ynode *n,
    size_t off, int *line, int *col)
{
	const char *p, *end = l->buf + l->len, *v, *vend, *lp;
	size_t vo = 0, w, srclen, k, indent;
	int c, i, quote = 0;

	*line = n->line;
	*col = n->col;
	if (n->type != RULE_YNODE_SCALAR || off > n->len)
		return;
	if ((p = rule_load_line_start(l, n->line)) == NULL)
		return;
	for (i = 1; i < n->col && p < end && rule_load_break(p, end) == 0; i++)
		p += rule_load_charlen(p, end);
	c = n->col;
	/* Skip node properties: "&anchor" and "!tag". */
	while (p < end && (*p == '&' || *p == '!')) {
		while (p < end && *p != ' ' && *p != '\t' &&
		    rule_load_break(p, end) == 0) {
			p += rule_load_charlen(p, end);
			c++;
		}
		while (p < end && (*p == ' ' || *p == '\t')) {
			p++;
			c++;
		}
	}
	switch (n->style) {
	case YAML_PLAIN_SCALAR_STYLE:
	case YAML_SINGLE_QUOTED_SCALAR_STYLE:
	case YAML_DOUBLE_QUOTED_SCALAR_STYLE:
		if (n->end_line != n->line)
			return;
		if (n->style != YAML_PLAIN_SCALAR_STYLE) {
			quote = n->style == YAML_SINGLE_QUOTED_SCALAR_STYLE ?
			    '\'' : '"';
			if (p >= end || *p != quote)
				return;
			p++;
			c++;
		}
		while (vo < off && p < end && rule_load_break(p, end) == 0) {
			if (quote == '\'' && *p == '\'' && p + 1 < end &&
			    p[1] == '\'') {
				vo++;
				p += 2;
				c += 2;
			} else if (quote == '"' && *p == '\\') {
				vo += rule_load_escape(p, end, &srclen);
				p += srclen;
				c += (int)srclen;
			} else {
				w = rule_load_charlen(p, end);
				vo += w;
				p += w;
				c++;
			}
		}
		if (vo != off)
			return;
		*col = c;
		return;
	case YAML_LITERAL_SCALAR_STYLE:
		/* The header: '|', chomping, no indentation digit. */
		if (p >= end || *p != '|')
			return;
		for (lp = p; lp < end && rule_load_break(lp, end) == 0 &&
		    *lp != '#'; lp++) {
			if (*lp >= '1' && *lp <= '9')
				return;
		}
		/*
		 * Indentation: that of the first non-blank content line,
		 * walking forward from the header line (one pass).
		 */
		indent = 0;
		lp = p;
		for (;;) {
			while (lp < end && rule_load_break(lp, end) == 0)
				lp++;
			if (lp >= end)
				return;
			lp += rule_load_break(lp, end);
			for (indent = 0; lp + indent < end &&
			    lp[indent] == ' '; indent++)
				;
			if (lp + indent >= end)
				return;
			if (rule_load_break(lp + indent, end) == 0)
				break;
		}
		/* Which value line off falls in, and where in it. */
		v = n->value;
		vend = n->value + off;
		k = 0;
		for (lp = v; lp < vend; lp++) {
			if (*lp == '\n') {
				k++;
				v = lp + 1;
			}
		}
		*line = n->line + 1 + (int)k;
		c = (int)indent + 1;
		for (lp = v; lp < vend; lp++) {
			if (!rule_load_is_cont((unsigned char)*lp))
				c++;
		}
		*col = c;
		return;
	default:
		return;
	}
}

/* ---- composing the YAML tree -------------------------------------------- */

static int
rule_load_mark_int(size_t v)
{
	return v >= INT_MAX - 1 ? INT_MAX - 1 : (int)v + 1;
}

static void
rule_load_doc_free(struct rule_loader *l)
{
	size_t i;

	for (i = 0; i < l->nnodes; i++) {
		free(l->nodes[i]->value);
		free(l->nodes[i]->kids);
		free(l->nodes[i]->anchor);
		free(l->nodes[i]);
	}
	free(l->nodes);
	for (i = 0; i < l->nanchors; i++)
		free(l->anchors[i].name);
	free(l->anchors);
	l->nodes = NULL;
	l->nnodes = l->nodescap = 0;
	l->anchors = NULL;
	l->nanchors = l->anchorscap = 0;
	l->root = NULL;
}

static struct rule_ynode *
rule_load_node_new(struct rule_loader *l, enum rule_ynode_type type,
    const yaml_event_t *ev, const yaml_char_t *anchor)
{
	struct rule_ynode *n;

	n = xcalloc(1, sizeof *n);
	n->type = type;
	n->line = rule_load_mark_int(ev->start_mark.line);
	n->col = rule_load_mark_int(ev->start_mark.column);
	n->end_line = rule_load_mark_int(ev->end_mark.line);
	n->end_col = rule_load_mark_int(ev->end_mark.column);
	if (anchor != NULL)
		n->anchor = xstrdup((const char *)anchor);
	if (l->nnodes == l->nodescap) {
		l->nodescap = l->nodescap ? 2 * l->nodescap : 64;
		l->nodes = xreallocarray(l->nodes, l->nodescap,
		    sizeof *l->nodes);
	}
	l->nodes[l->nnodes++] = n;
	return n;
}

static void
rule_load_node_add(struct rule_ynode *parent, struct rule_ynode *kid)
{
	if (parent->nkids == parent->kidscap) {
		parent->kidscap = parent->kidscap ? 2 * parent->kidscap : 8;
		parent->kids = xreallocarray(parent->kids, parent->kidscap,
		    sizeof *parent->kids);
	}
	parent->kids[parent->nkids++] = kid;
}

static void
rule_load_anchor(struct rule_loader *l, struct rule_ynode *n)
{
	if (n->anchor == NULL)
		return;
	if (l->nanchors == l->anchorscap) {
		l->anchorscap = l->anchorscap ? 2 * l->anchorscap : 8;
		l->anchors = xreallocarray(l->anchors, l->anchorscap,
		    sizeof *l->anchors);
	}
	l->anchors[l->nanchors].name = xstrdup(n->anchor);
	l->anchors[l->nanchors].node = n;
	l->nanchors++;
}

/*
 * Tags select behaviour in some YAML loaders (!!python/object, !include);
 * here they select nothing, so any but the plain core ones is an error.
 */
static int
rule_load_tag_ok(struct rule_loader *l, const yaml_event_t *ev,
    const yaml_char_t *tag)
{
	const char *t = (const char *)tag, *core = "tag:yaml.org,2002:";
	char q[RULE_LOAD_QUOTE_MAX * 4 + 8], shown[RULE_LOAD_QUOTE_MAX + 8];

	if (t == NULL || strcmp(t, "!") == 0 ||
	    strcmp(t, "tag:yaml.org,2002:str") == 0 ||
	    strcmp(t, "tag:yaml.org,2002:seq") == 0 ||
	    strcmp(t, "tag:yaml.org,2002:map") == 0)
		return 1;
	if (strncmp(t, core, strlen(core)) == 0)
		snprintf(shown, sizeof shown, "!!%.*s", RULE_LOAD_QUOTE_MAX,
		    t + strlen(core));
	else
		snprintf(shown, sizeof shown, "%.*s", RULE_LOAD_QUOTE_MAX, t);
	rule_load_error_at(l, rule_load_mark_int(ev->start_mark.line),
	    rule_load_mark_int(ev->start_mark.column),
	    "YAML tag '%s' is not allowed in a rule file",
	    rule_load_quote(shown, strlen(shown), q, sizeof q));
	return 0;
}

static void
rule_load_yaml_error(struct rule_loader *l, const yaml_parser_t *parser)
{
	const char *p, *end = l->buf + l->len;
	size_t b;
	int line = 1, col = 1;

	if (parser->error == YAML_MEMORY_ERROR) {
		fprintf(stderr, "mgtriage: out of memory (libyaml)\n");
		exit(MGT_EXIT_INTERNAL);
	}
	if (parser->error == YAML_READER_ERROR) {
		p = l->buf;
		while (p < end && p < l->buf + parser->problem_offset) {
			if ((b = rule_load_break(p, end)) != 0) {
				p += b;
				line++;
				col = 1;
			} else {
				p += rule_load_charlen(p, end);
				col++;
			}
		}
		rule_load_error_at(l, line, col, "invalid YAML: %s",
		    parser->problem ? parser->problem : "unreadable input");
		return;
	}
	line = rule_load_mark_int(parser->problem_mark.line);
	col = rule_load_mark_int(parser->problem_mark.column);
	if (parser->context != NULL)
		rule_load_error_at(l, line, col, "invalid YAML: %s (%s at "
		    "line %d column %d)", parser->problem ? parser->problem :
		    "syntax error", parser->context,
		    rule_load_mark_int(parser->context_mark.line),
		    rule_load_mark_int(parser->context_mark.column));
	else
		rule_load_error_at(l, line, col, "invalid YAML: %s",
		    parser->problem ? parser->problem : "syntax error");
}

/*
 * The node an alias names: the latest completed node with that anchor.
 * Anchors count only once their node is complete, so an alias inside its
 * own anchored node is an error, never a cycle.  NULL if reported.
 */
static struct rule_ynode *
rule_load_alias(struct rule_loader *l, const yaml_event_t *ev,
    struct rule_ynode *const *stack, int depth)
{
	const char *name = (const char *)ev->data.alias.anchor;
	char q[RULE_LOAD_QUOTE_MAX * 4 + 8];
	size_t a;
	int i;

	for (a = l->nanchors; a > 0; a--) {
		if (strcmp(l->anchors[a - 1].name, name) == 0)
			return l->anchors[a - 1].node;
	}
	for (i = 0; i < depth; i++) {
		if (stack[i]->anchor != NULL &&
		    strcmp(stack[i]->anchor, name) == 0)
			break;
	}
	rule_load_error_at(l, rule_load_mark_int(ev->start_mark.line),
	    rule_load_mark_int(ev->start_mark.column), "%s YAML alias '*%s'",
	    i < depth ? "recursive" : "undefined",
	    rule_load_quote(name, strlen(name), q, sizeof q));
	return NULL;
}

/*
 * Build the tree for the one document of a rule file.  Depth, node count
 * and alias count are bounded; undefined and recursive aliases, custom
 * tags and a second document are errors.  Returns 0 on error (reported).
 */
static int
rule_load_compose(struct rule_loader *l)
{
	yaml_parser_t parser;
	yaml_event_t ev;
	struct rule_ynode *stack[RULE_YAML_MAX_DEPTH], *n;
	const yaml_char_t *anchor, *tag;
	enum rule_ynode_type type = RULE_YNODE_SCALAR;
	int depth = 0, ndocs = 0, naliases = 0, done = 0, ok = 0;

	if (!yaml_parser_initialize(&parser)) {
		fprintf(stderr, "mgtriage: out of memory (libyaml)\n");
		exit(MGT_EXIT_INTERNAL);
	}
	yaml_parser_set_input_string(&parser, (const unsigned char *)l->buf,
	    l->len);
	yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING);
	while (!done) {
		if (!yaml_parser_parse(&parser, &ev)) {
			rule_load_yaml_error(l, &parser);
			goto out;
		}
		n = NULL;
		anchor = tag = NULL;
		switch (ev.type) {
		case YAML_STREAM_END_EVENT:
			done = 1;
			break;
		case YAML_DOCUMENT_START_EVENT:
			if (++ndocs > 1) {
				rule_load_error_at(l,
				    rule_load_mark_int(ev.start_mark.line),
				    rule_load_mark_int(ev.start_mark.column),
				    "a rule file holds one YAML document; a "
				    "second one starts here");
				goto fail;
			}
			break;
		case YAML_ALIAS_EVENT:
			if (++naliases > RULE_YAML_MAX_ALIASES) {
				rule_load_error_at(l,
				    rule_load_mark_int(ev.start_mark.line),
				    rule_load_mark_int(ev.start_mark.column),
				    "more than %d YAML aliases",
				    RULE_YAML_MAX_ALIASES);
				goto fail;
			}
			if ((n = rule_load_alias(l, &ev, stack, depth)) == NULL)
				goto fail;
			break;
		case YAML_SCALAR_EVENT:
			tag = ev.data.scalar.tag;
			anchor = ev.data.scalar.anchor;
			type = RULE_YNODE_SCALAR;
			break;
		case YAML_SEQUENCE_START_EVENT:
			tag = ev.data.sequence_start.tag;
			anchor = ev.data.sequence_start.anchor;
			type = RULE_YNODE_SEQ;
			break;
		case YAML_MAPPING_START_EVENT:
			tag = ev.data.mapping_start.tag;
			anchor = ev.data.mapping_start.anchor;
			type = RULE_YNODE_MAP;
			break;
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT:
			if (depth > 0)
				rule_load_anchor(l, stack[--depth]);
			break;
		default:
			break;
		}
		if (ev.type == YAML_SCALAR_EVENT ||
		    ev.type == YAML_SEQUENCE_START_EVENT ||
		    ev.type == YAML_MAPPING_START_EVENT) {
			if (!rule_load_tag_ok(l, &ev, tag))
				goto fail;
			if (l->nnodes >= RULE_YAML_MAX_NODES) {
				rule_load_error_at(l,
				    rule_load_mark_int(ev.start_mark.line),
				    rule_load_mark_int(ev.start_mark.column),
				    "more than %d YAML nodes",
				    RULE_YAML_MAX_NODES);
				goto fail;
			}
			if (type != RULE_YNODE_SCALAR &&
			    depth == RULE_YAML_MAX_DEPTH) {
				rule_load_error_at(l,
				    rule_load_mark_int(ev.start_mark.line),
				    rule_load_mark_int(ev.start_mark.column),
				    "YAML nesting deeper than %d",
				    RULE_YAML_MAX_DEPTH);
				goto fail;
			}
			n = rule_load_node_new(l, type, &ev, anchor);
			if (type == RULE_YNODE_SCALAR) {
				n->style = ev.data.scalar.style;
				n->len = ev.data.scalar.length;
				n->value = xmalloc(n->len + 1);
				memcpy(n->value, ev.data.scalar.value, n->len);
				n->value[n->len] = '\0';
				n->str_tag = tag != NULL &&
				    strcmp((const char *)tag,
				    "tag:yaml.org,2002:str") == 0;
			}
		}
		if (n != NULL) {
			if (depth > 0)
				rule_load_node_add(stack[depth - 1], n);
			else if (l->root == NULL)
				l->root = n;
			if (n->type != RULE_YNODE_SCALAR &&
			    ev.type != YAML_ALIAS_EVENT)
				stack[depth++] = n;
			else if (ev.type == YAML_SCALAR_EVENT)
				rule_load_anchor(l, n);
		}
		yaml_event_delete(&ev);
	}
	ok = 1;
	goto out;
fail:
	yaml_event_delete(&ev);
out:
	yaml_parser_delete(&parser);
	return ok;
}

/* ---- typed access to nodes ----------------------------------------------- */

static const char *
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
static char *
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
static void
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
static int
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
static void
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

/* ---- evidence items ------------------------------------------------------ */

static int
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

/* Skip SQL whitespace and comments. */
static const char *
rule_load_sql_skip(const char *p, int semicolons)
{
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' ||
		    *p == '\f' || (semicolons && *p == ';'))
			p++;
		if (p[0] == '-' && p[1] == '-') {
			while (*p != '\0' && *p != '\n')
				p++;
		} else if (p[0] == '/' && p[1] == '*') {
			p += 2;
			while (*p != '\0' && !(p[0] == '*' && p[1] == '/'))
				p++;
			if (*p != '\0')
				p += 2;
		} else
			return p;
	}
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
	p = rule_load_sql_skip(sql, 1);
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
	p = rule_load_sql_skip(tail, 1);
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
	PCRE2_UCHAR msg[256];
	PCRE2_SPTR table;
	PCRE2_SIZE erroff;
	uint32_t count = 0, size = 0, i;
	size_t len = strlen(pattern), total = 0, k;
	int errcode, line, col;
	uint32_t opts = PCRE2_UTF | PCRE2_MATCH_INVALID_UTF;

	*names = NULL;
	if (len > RULE_MAX_PATTERN) {
		rule_load_error(l, n, "%s'pattern' is longer than %d bytes",
		    prefix, RULE_MAX_PATTERN);
		return 0;
	}
	if (caseless)
		opts |= PCRE2_CASELESS;
	re = pcre2_compile((PCRE2_SPTR)pattern, len, opts, &errcode, &erroff,
	    NULL);
	if (re == NULL) {
		if (pcre2_get_error_message(errcode, msg, sizeof msg) < 0)
			snprintf((char *)msg, sizeof msg, "error %d", errcode);
		rule_load_value_pos(l, n, erroff, &line, &col);
		rule_load_error_at(l, line, col, "%sinvalid pattern: %s (at "
		    "pattern offset %zu)", prefix, (const char *)msg,
		    (size_t)erroff);
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
		    "(%skinds are pod_log, service_log, journal or log)",
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
	char *names = NULL;
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
	free(names);
}

/* ---- the rule ------------------------------------------------------------ */

struct rule_load_lint {
	struct rule_loader	*l;
	const struct rule	*rule;
	const struct rule_ynode	*node;
};

static char *
rule_load_lint_lookup(void *ctx, const char *item, const char *column,
    int all, int count)
{
	struct rule_load_lint *lint = ctx;

	if (item != NULL && rule_evidence_index(lint->rule, item,
	    strlen(item)) < 0)
		rule_load_warn(lint->l, lint->node, "'summary' placeholder "
		    "names unknown evidence item '%s'", item);
	return xstrdup("");
}

static void
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

static void
rule_load_when(struct rule_loader *l, struct rule *r,
    const struct rule_ynode *n, const struct rule_ynode *evmap)
{
	struct mgt_error err;
	size_t i;
	int line, col;

	if ((r->when_text = rule_load_string(l, n, "'when'")) == NULL)
		return;
	mgt_error_clear(&err);
	if ((r->when = rule_expr_parse(r->when_text, r, &err)) == NULL) {
		line = n->line;
		col = n->col;
		if (err.offset >= 1)
			rule_load_value_pos(l, n, (size_t)err.offset - 1,
			    &line, &col);
		rule_load_error_at(l, line, col, "'when': %s", err.msg);
		return;
	}
	for (i = 0; i < r->nevidence; i++) {
		if (!rule_expr_uses(r->when, i))
			rule_load_warn(l, evmap->kids[2 * i], "evidence '%s' "
			    "is not used in 'when'", r->evidence[i].name);
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
		rule_load_when(l, &r, vals[RULE_F_WHEN], vals[RULE_F_EVIDENCE]);
	if (vals[RULE_F_SUMMARY] != NULL &&
	    (r.summary = rule_load_string(l, vals[RULE_F_SUMMARY],
	    "'summary'")) != NULL) {
		rule_load_chomp(r.summary);
		if (r.nevidence > 0) {
			lint.l = l;
			lint.rule = &r;
			lint.node = vals[RULE_F_SUMMARY];
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

int
ruleset_load_buffer(struct ruleset *rs, const char *name, const char *buf,
    size_t len, struct mgt_error *err)
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
		rule_load_error_at(&l, 1, 1, "rule file is larger than %d "
		    "bytes", RULE_MAX_FILE_BYTES);
		return MGT_OK;
	}
	if (rule_load_compose(&l))
		rule_load_rule(&l);
	rule_load_doc_free(&l);
	if (l.db != NULL)
		sqlite3_close(l.db);
	return MGT_OK;
}

/*
 * Read one file (at most RULE_MAX_FILE_BYTES) and load it.  Returns
 * MGT_ERR_IO if it cannot be read; a bad rule is only a diagnostic.
 */
int
ruleset_load_file(struct ruleset *rs, const char *path,
    struct mgt_error *err)
{
	struct stat st;
	char *buf = NULL;
	size_t len = 0;
	ssize_t n;
	int fd, rc = MGT_OK;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return mgt_error_set(err, MGT_ERR_IO, path, -1, 0,
		    "cannot open rule file: %s", strerror(errno));
	if (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode)) {
		rc = mgt_error_set(err, MGT_ERR_IO, path, -1, 0,
		    "not a regular file");
		goto out;
	}
	buf = xmalloc(RULE_MAX_FILE_BYTES + 1);
	while (len <= RULE_MAX_FILE_BYTES) {
		n = read(fd, buf + len, RULE_MAX_FILE_BYTES + 1 - len);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			rc = mgt_error_set(err, MGT_ERR_IO, path, -1, 0,
			    "cannot read rule file: %s", strerror(errno));
			goto out;
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	rc = ruleset_load_buffer(rs, path, buf, len, err);
out:
	free(buf);
	close(fd);
	return rc;
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

/* One directory level, in sorted order; depth 0 is the rules directory. */
static int
rule_load_walk(struct ruleset *rs, const char *dir, int depth,
    struct mgt_error *err)
{
	struct mgt_error ferr;
	struct dirent *de;
	struct stat st;
	DIR *d;
	char **names = NULL, *path;
	size_t n = 0, i;
	int rc = MGT_OK;

	if ((d = opendir(dir)) == NULL) {
		if (depth == 0)
			return mgt_error_set(err, MGT_ERR_IO, dir, -1, 0,
			    "cannot open rules directory: %s",
			    strerror(errno));
		ruleset_diag(rs, dir, 1, 1, 0, "cannot open directory: %s",
		    strerror(errno));
		return MGT_OK;
	}
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
	for (i = 0; i < n; i++) {
		xasprintf(&path, "%s/%s", dir, names[i]);
		if (lstat(path, &st) == -1) {
			ruleset_diag(rs, path, 1, 1, 0, "cannot stat: %s",
			    strerror(errno));
		} else if (S_ISDIR(st.st_mode)) {
			/* Rule fixtures live in tests/; they are not rules. */
			if (strcmp(names[i], "tests") == 0)
				;
			else if (depth + 1 > RULE_LOAD_MAX_DIR_DEPTH)
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
