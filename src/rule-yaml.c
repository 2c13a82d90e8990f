/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A rule file's YAML for the loader: libyaml events composed into a small
 * tree that keeps every node's line:column, and the file position of a
 * byte inside a scalar's value, so that diagnostics can point into a
 * pattern or a query.  Aliases, tags and sizes are checked here.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "error.h"
#include "rule.h"
#include "rule-private.h"
#include "xmalloc.h"

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
size_t
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
void
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

void
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
		xmalloc_fail("libyaml");
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
int
rule_load_compose(struct rule_loader *l)
{
	yaml_parser_t parser;
	yaml_event_t ev;
	struct rule_ynode *stack[RULE_YAML_MAX_DEPTH], *n;
	const yaml_char_t *anchor, *tag;
	enum rule_ynode_type type = RULE_YNODE_SCALAR;
	int depth = 0, ndocs = 0, naliases = 0, done = 0, ok = 0;

	if (!yaml_parser_initialize(&parser)) {
		xmalloc_fail("libyaml");
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
