/* SPDX-License-Identifier: Apache-2.0 */
/*
 * YAML streams to cJSON trees, one document at a time: libyaml's event API
 * drives a builder with an explicit stack (no recursion), bounded in depth,
 * aliases and alias expansion.  A document that breaks a rule is skipped
 * and parsing resumes at the next "---" line.
 */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <yaml.h>

#include "error.h"
#include "limits.h"
#include "parse-private.h"
#include "parse-resource.h"
#include "parse-yaml-lift.h"
#include "problem.h"
#include "xmalloc.h"

/*
 * Alias expansion budget per document: nodes copied by aliases may not
 * exceed YAML_BUDGET_FACTOR times the nodes parsed so far, and never less
 * than YAML_BUDGET_MIN.  Billion laughs stops after a few thousand copies.
 */
#define YAML_BUDGET_MIN		10000L
#define YAML_BUDGET_FACTOR	10L

/* How a segment of the input ended. */
enum {
	YAML_GO_ON = 0,		/* keep pulling events */
	YAML_SEG_END,		/* stream end */
	YAML_SEG_ERROR,		/* document skipped; resume at next --- */
	YAML_SEG_STOP,		/* the callback or the doc cap stopped us */
	YAML_SEG_RETRY		/* a lifted block was not one: read again */
};

/* An open mapping or sequence. */
struct yaml_frame {
	cJSON	*node;
	char	*key;		/* mapping: key awaiting its value */
	char	*anchor;	/* registered when the node ends */
	long	 nodes0;	/* node count when it started */
	size_t	 nchild;
	int	 height;	/* collections from here down, itself too */
	int	 ismap;
	int	 flow;		/* "{...}" or "[...]" */
	int	 items;		/* the root's "items" sequence */
};

/* A defined anchor: the node it names, or a mapping key's text. */
struct yaml_anchor {
	char	*name;
	cJSON	*node;		/* in the tree or the graveyard */
	char	*key;		/* owned, for anchored mapping keys */
	long	 size;		/* nodes below, expansions included */
	int	 height;
};

struct yaml_state {
	const char		*buf;
	size_t			 len;
	const char		*vpath;
	const struct mgt_limits	*lim;
	const struct problem_sink *sink;
	parse_doc_fn		 fn;
	void			*arg;

	size_t			 seg;		/* where the segment starts */
	long			 line0;		/* lines before it */
	struct yaml_lift	 lift;		/* values lifted out of it */
	int			 lifted;
	int			 nolift;	/* read again: lift nothing */
	long			 skip;		/* documents handed already */
	int			 utf16;
	const struct parse_lazy	*lazy;		/* the body kept as text */
	cJSON			*lazy_node;	/* its placeholder, or NULL */
	long			 lazy_line;

	struct yaml_frame	*stack;
	size_t			 nstack;
	size_t			 astack;
	struct yaml_anchor	*anchors;
	size_t			 nanchors;
	size_t			 aanchors;
	cJSON			*root;
	long			 root_line;
	int			 root_empty;	/* empty plain scalar */
	cJSON			*graveyard;	/* replaced duplicates */
	long			*items;		/* root.items element lines */
	size_t			 nitems;
	size_t			 aitems;
	long			 parsed;	/* nodes from events */
	long			 expanded;	/* nodes copied by aliases */
	int			 aliases;
	long			 nul_line;	/* first escaped NUL, or 0 */

	long			 docs;		/* documents begun */
	long			 handed;	/* documents given to fn */
	int			 stopped;	/* fn said stop */
};

/* libyaml's line breaks: LF, CR, CRLF, NEL, LS, PS.  Width, or 0. */
static size_t
yaml_break(const char *buf, size_t i, size_t len)
{
	const unsigned char *s = (const unsigned char *)buf + i;

	if (s[0] == '\n')
		return 1;
	if (s[0] == '\r')
		return (i + 1 < len && s[1] == '\n') ? 2 : 1;
	if (s[0] == 0xc2 && i + 1 < len && s[1] == 0x85)
		return 2;
	if (s[0] == 0xe2 && i + 2 < len && s[1] == 0x80 &&
	    (s[2] == 0xa8 || s[2] == 0xa9))
		return 3;
	return 0;
}

/* Line breaks in buf[from..to), as libyaml counts them. */
static long
yaml_count_lines(const char *buf, size_t from, size_t to)
{
	const unsigned char *s = (const unsigned char *)buf;
	size_t i, w;
	long n = 0;

	for (i = from; i < to; ) {
		if (s[i] != '\n' && s[i] != '\r' && s[i] != 0xc2 &&
		    s[i] != 0xe2) {
			i++;
			continue;
		}
		if ((w = yaml_break(buf, i, to)) == 0) {
			i++;
			continue;
		}
		n++;
		i += w;
	}
	return n;
}

/* Byte offset of a libyaml mark (lines and columns count characters). */
static size_t
yaml_mark_offset(const struct yaml_state *y, const yaml_mark_t *m,
    size_t *bol)
{
	const unsigned char *s = (const unsigned char *)y->buf;
	size_t i = y->seg, line = 0, col, w, want;

	while (line < m->line && i < y->len) {
		if ((w = yaml_break(y->buf, i, y->len)) != 0) {
			i += w;
			line++;
		} else
			i++;
	}
	*bol = i;
	want = y->lifted ? yaml_lift_column(&y->lift, i - y->seg, m->column) :
	    m->column;
	for (col = 0; col < want && i < y->len; col++) {
		i++;
		while (i < y->len && (s[i] & 0xc0) == 0x80)
			i++;
	}
	return i;
}

/* A "---" line: the only place a new document can start. */
static int
yaml_is_marker(const char *buf, size_t i, size_t len)
{
	if (len - i < 3 || memcmp(buf + i, "---", 3) != 0)
		return 0;
	return i + 3 == len || buf[i + 3] == ' ' || buf[i + 3] == '\t' ||
	    buf[i + 3] == '\r' || buf[i + 3] == '\n';
}

/* Start of the line after the one holding i (LF, CRLF or a lone CR). */
static size_t
yaml_next_line(const char *buf, size_t i, size_t len)
{
	for (; i < len; i++) {
		if (buf[i] == '\n')
			return i + 1;
		if (buf[i] == '\r')
			return i + 1 + (i + 1 < len && buf[i + 1] == '\n');
	}
	return len;
}

/* First "---" line starting at or after from, or len. */
static size_t
yaml_next_doc(const char *buf, size_t from, size_t len)
{
	size_t i = from;

	if (i > 0 && i < len && buf[i - 1] != '\n' && buf[i - 1] != '\r')
		i = yaml_next_line(buf, i, len);
	for (; i < len; i = yaml_next_line(buf, i, len)) {
		if (yaml_is_marker(buf, i, len))
			return i;
	}
	return len;
}

/* Start of the document holding offset bad: its "---" line, or from. */
static size_t
yaml_doc_start(const char *buf, size_t from, size_t bad, size_t len)
{
	size_t i, last = from;

	for (i = from; i <= bad; i = yaml_next_line(buf, i, len)) {
		if (yaml_is_marker(buf, i, len))
			last = i;
	}
	return last;
}

/*
 * Bytes that start something libyaml refuses in valid UTF-8: C0 controls
 * other than tab, LF and CR, DEL, and the lead bytes of C1 controls (C2 80
 * to C2 9F but NEL) and of U+FFFE and U+FFFF (EF BF BE, EF BF BF).
 */
static const unsigned char yaml_suspect[256] = {
	1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 0, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	[0x7f] = 1, [0xc2] = 1, [0xef] = 1
};

/*
 * First byte at or after from that libyaml would refuse, or len.  Checked
 * before libyaml sees the bytes, because its reader decodes ahead and would
 * fail documents that come before the bad byte.
 */
static size_t
yaml_bad_byte(const char *buf, size_t from, size_t len)
{
	const unsigned char *s = (const unsigned char *)buf;
	size_t i;

	for (i = from; i < len; i++) {
		/* Printable ASCII and LF, most of every file, need no look
		 * at the table (this scan was 3 % of analyze's
		 * instructions on a real gather). */
		while (len - i >= 8 && yaml_word_printable(s + i, 1))
			i += 8;
		if (i >= len)
			break;
		if (!yaml_suspect[s[i]])
			continue;
		if (s[i] == 0xc2) {
			if (i + 1 < len && s[i + 1] < 0xa0 && s[i + 1] != 0x85)
				return i;
		} else if (s[i] == 0xef) {
			if (i + 2 < len && s[i + 1] == 0xbf &&
			    (s[i + 2] == 0xbe || s[i + 2] == 0xbf))
				return i;
		} else
			return i;
	}
	return len;
}

static void
yaml_free_anchors(struct yaml_state *y)
{
	size_t i;

	for (i = 0; i < y->nanchors; i++) {
		free(y->anchors[i].name);
		free(y->anchors[i].key);
	}
	y->nanchors = 0;
}

/* Drop whatever the current document built. */
static void
yaml_doc_reset(struct yaml_state *y)
{
	size_t i;

	for (i = 0; i < y->nstack; i++) {
		free(y->stack[i].key);
		free(y->stack[i].anchor);
	}
	y->nstack = 0;
	cJSON_Delete(y->root);
	y->root = NULL;
	cJSON_Delete(y->graveyard);
	y->graveyard = NULL;
	yaml_free_anchors(y);
	y->nitems = 0;
	y->parsed = y->expanded = 0;
	y->aliases = 0;
	y->nul_line = 0;
	y->lazy_node = NULL;
}

/*
 * Whether a problem found now could be the lift's doing: with blocks
 * lifted, libyaml's look-ahead (a possible key, such as "- [") can scan
 * past a placeholder before it comes back, so events after it may differ.
 * The segment is then read again without lifting (YAML_SEG_RETRY) and the
 * problem found there is the file's.
 */
static int
yaml_lift_suspect(const struct yaml_state *y)
{
	return y->lifted && y->lift.nblocks > 0;
}

/*
 * Skip the current document: report why (with line and column) and say
 * where to resume.  Returns YAML_SEG_ERROR, or YAML_SEG_RETRY without a
 * word when the lift may be the cause.
 */
static int	 yaml_reject(struct yaml_state *, const yaml_mark_t *,
		    size_t *, enum problem_severity, const char *, const char *,
		    ...) __attribute__((format(printf, 6, 7)));

static int
yaml_reject(struct yaml_state *y, const yaml_mark_t *m, size_t *resume,
    enum problem_severity sev, const char *code, const char *fmt, ...)
{
	va_list ap;
	char msg[512];
	size_t off, bol;
	long line;

	if (yaml_lift_suspect(y))
		return YAML_SEG_RETRY;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	off = yaml_mark_offset(y, m, &bol);
	line = y->line0 + (long)m->line + 1;
	problem_report(y->sink, sev, code, y->vpath, (long long)off, line,
	    "%s at line %ld column %zu; document skipped", msg, line,
	    m->column + 1);
	*resume = bol;
	yaml_doc_reset(y);
	return YAML_SEG_ERROR;
}

/* Take the event's malloc'd scalar text; NUL bytes from escapes such as
 * "\0" become U+FFFD so the C string keeps all of it. */
static char *
yaml_take_text(struct yaml_state *y, yaml_event_t *ev)
{
	char *s = (char *)ev->data.scalar.value, *o;
	size_t n = ev->data.scalar.length, i, k;

	ev->data.scalar.value = NULL;
	if (y->lifted)
		s = yaml_lift_restore(&y->lift, s, &n);
	if (s[n] == '\0' && memchr(s, '\0', n) == NULL)
		return s;
	o = xreallocarray(NULL, n + 1, 3);
	for (i = k = 0; i < n; i++) {
		if (s[i] == '\0') {
			memcpy(o + k, "\xef\xbf\xbd", 3);
			k += 3;
		} else
			o[k++] = s[i];
	}
	o[k] = '\0';
	free(s);
	/* Said when the document is handed over: a read that starts again
	 * (YAML_SEG_RETRY) says it once. */
	if (y->nul_line == 0)
		y->nul_line = y->line0 + (long)ev->start_mark.line + 1;
	return o;
}

/* JSON's number grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? */
static int
yaml_is_number(const char *s, size_t n)
{
	size_t i = 0, d;

	if (i < n && s[i] == '-')
		i++;
	if (i < n && s[i] == '0')
		i++;
	else if (i < n && s[i] >= '1' && s[i] <= '9') {
		while (i < n && s[i] >= '0' && s[i] <= '9')
			i++;
	} else
		return 0;
	if (i < n && s[i] == '.') {
		for (d = ++i; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			;
		if (i == d)
			return 0;
	}
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		i++;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			i++;
		for (d = i; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			;
		if (i == d)
			return 0;
	}
	return i == n;
}

/* Plain scalars that are JSON literals (YAML 1.2 core schema spellings). */
static const struct {
	const char	*word;
	int		 type;
} yaml_literals[] = {
	{ "", cJSON_NULL }, { "~", cJSON_NULL }, { "null", cJSON_NULL },
	{ "Null", cJSON_NULL }, { "NULL", cJSON_NULL },
	{ "true", cJSON_True }, { "True", cJSON_True }, { "TRUE", cJSON_True },
	{ "false", cJSON_False }, { "False", cJSON_False },
	{ "FALSE", cJSON_False }
};

/* The cJSON type of a literal, or cJSON_Invalid. */
static int
yaml_literal(const char *s)
{
	size_t i;

	if (strlen(s) > 5)
		return cJSON_Invalid;
	for (i = 0; i < sizeof yaml_literals / sizeof yaml_literals[0]; i++) {
		if (strcmp(s, yaml_literals[i].word) == 0)
			return yaml_literals[i].type;
	}
	return cJSON_Invalid;
}

static cJSON *
yaml_new(cJSON *node)
{
	if (node == NULL)
		parse_resource_oom();
	return node;
}

/*
 * A scalar as JSON would have it.  Plain scalars: JSON numbers become raw
 * numbers with their exact text, true/false/null (and the YAML 1.2 core
 * spellings True, FALSE, Null, ~, empty) become literals; "yes", "on", 0x1f,
 * .inf and the like stay strings.  Quoted and block scalars, and plain ones
 * tagged !!str or "!", are strings.  Other tags are ignored.  Takes text.
 */
static cJSON *
yaml_scalar_node(yaml_event_t *ev, char *text)
{
	size_t n = strlen(text);
	const char *tag = (const char *)ev->data.scalar.tag;
	cJSON *node;
	int plain;

	plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
	/* libyaml reports "! x" as tag "!" yet plain_implicit. */
	if (plain && tag != NULL &&
	    (strcmp(tag, "!") == 0 || strcmp(tag, YAML_STR_TAG) == 0))
		plain = 0;
	if (plain) {
		switch (yaml_literal(text)) {
		case cJSON_NULL:
			free(text);
			return yaml_new(cJSON_CreateNull());
		case cJSON_True:
			free(text);
			return yaml_new(cJSON_CreateTrue());
		case cJSON_False:
			free(text);
			return yaml_new(cJSON_CreateFalse());
		}
		if (yaml_is_number(text, n)) {
			node = yaml_new(cJSON_CreateNull());
			parse_resource_number(node, text, n);
			free(text);
			return node;
		}
	}
	/* The text is malloc'd, as cJSON_Delete expects. */
	node = yaml_new(cJSON_CreateNull());
	node->type = cJSON_String;
	node->valuestring = text;
	return node;
}

/* Put a new node where the tree wants one: root, element, or value. */
static void
yaml_attach(struct yaml_state *y, cJSON *node, const yaml_mark_t *m)
{
	struct yaml_frame *f;

	if (y->nstack == 0) {
		y->root = node;
		y->root_line = y->line0 + (long)m->line + 1;
		return;
	}
	f = &y->stack[y->nstack - 1];
	if (f->ismap) {
		node->string = f->key;
		f->key = NULL;
	} else if (f->items) {
		if (y->nitems == y->aitems) {
			y->aitems = y->aitems ? y->aitems * 2 : 64;
			y->items = xreallocarray(y->items, y->aitems,
			    sizeof *y->items);
		}
		y->items[y->nitems++] = y->line0 + (long)m->line + 1;
	}
	cJSON_AddItemToArray(f->node, node);
	f->nchild++;
}

static void
yaml_add_anchor(struct yaml_state *y, char *name, cJSON *node, char *key,
    long size, int height)
{
	struct yaml_anchor *a;

	if (y->nanchors == y->aanchors) {
		y->aanchors = y->aanchors ? y->aanchors * 2 : 16;
		y->anchors = xreallocarray(y->anchors, y->aanchors,
		    sizeof *y->anchors);
	}
	a = &y->anchors[y->nanchors++];
	a->name = name;
	a->node = node;
	a->key = key;
	a->size = size;
	a->height = height;
}

/*
 * The document holding the lazy body is complete.  The body is kept as
 * text only where reading it on its own gives what reading it in place
 * would: its placeholder is still the root's value of the key (a later
 * duplicate key would have replaced it), no anchor anywhere could be
 * named from inside the body, and the object is of the expected kind.
 * Otherwise the segment is read again whole (YAML_SEG_RETRY).
 */
static int
yaml_lazy_attach(struct yaml_state *y, cJSON *root)
{
	const cJSON *kind;
	const char *text;
	size_t n;

	kind = cJSON_GetObjectItemCaseSensitive(root, "kind");
	if (!cJSON_IsObject(root) || y->nanchors > 0 ||
	    cJSON_GetObjectItemCaseSensitive(root, y->lazy->key) !=
	    y->lazy_node || !cJSON_IsString(kind) ||
	    strcmp(kind->valuestring, y->lazy->kind) != 0)
		return YAML_SEG_RETRY;
	text = yaml_lift_lazy_text(&y->lift, &n);
	/* An object's own string is free: parse-lazy.c reads it there. */
	root->valuestring = xstrndup(text, n);
	root->valueint = (int)y->lazy_line;
	y->lazy_node = NULL;
	return YAML_GO_ON;
}

/* The document's root is complete: give it away. */
static int
yaml_finish(struct yaml_state *y)
{
	cJSON *root = y->root;
	int empty = y->root_empty, r;

	if (y->lazy_node != NULL && (r = yaml_lazy_attach(y, root)) !=
	    YAML_GO_ON)
		return r;
	y->root = NULL;
	cJSON_Delete(y->graveyard);
	y->graveyard = NULL;
	yaml_free_anchors(y);
	if (empty) {
		/* "---" with nothing after it: not worth a problem. */
		cJSON_Delete(root);
		return YAML_GO_ON;
	}
	if (y->skip > 0) {
		/* Handed before this segment was read again. */
		y->skip--;
		cJSON_Delete(root);
		return YAML_GO_ON;
	}
	if (y->nul_line != 0)
		problem_report(y->sink, PROBLEM_INFO, PCODE_NUL, y->vpath, -1,
		    y->nul_line, "escaped NUL character in a scalar replaced "
		    "with U+FFFD");
	y->handed++;
	if (y->fn(y->arg, root, y->root_line, y->items, y->nitems) != 0) {
		y->stopped = 1;
		return YAML_SEG_STOP;
	}
	return YAML_GO_ON;
}

static int
yaml_expect_key(const struct yaml_state *y)
{
	return y->nstack > 0 && y->stack[y->nstack - 1].ismap &&
	    y->stack[y->nstack - 1].key == NULL;
}

/*
 * A lifted block's placeholder as a value of a block mapping: the block's
 * text, a string.  The lazy body's placeholder must be the value of its
 * key in the root mapping: a null stands in for it (yaml_lazy_attach()
 * keeps the text).  Anywhere else the lift was wrong: YAML_SEG_RETRY.
 */
static int
yaml_block(struct yaml_state *y, yaml_event_t *ev, long k)
{
	struct yaml_frame *f = y->nstack > 0 ? &y->stack[y->nstack - 1] : NULL;
	cJSON *node;
	size_t n;

	if (f == NULL || !f->ismap || f->flow || f->key == NULL ||
	    ev->data.scalar.style != YAML_PLAIN_SCALAR_STYLE ||
	    ev->data.scalar.tag != NULL || ev->data.scalar.anchor != NULL)
		return YAML_SEG_RETRY;
	y->parsed++;
	node = yaml_new(cJSON_CreateNull());
	if (y->lift.spans[k].block == 3) {
		if (y->nstack != 1 || y->lazy_node != NULL ||
		    strcmp(f->key, y->lazy->key) != 0) {
			cJSON_Delete(node);
			return YAML_SEG_RETRY;
		}
		y->lazy_node = node;
		y->lazy_line = y->line0 + (long)ev->start_mark.line + 1;
		yaml_attach(y, node, &ev->start_mark);
		return YAML_GO_ON;
	}
	node->type = cJSON_String;
	node->valuestring = yaml_lift_block_value(&y->lift, (size_t)k, &n);
	yaml_attach(y, node, &ev->start_mark);
	return YAML_GO_ON;
}

static int
yaml_scalar(struct yaml_state *y, yaml_event_t *ev, size_t *resume)
{
	struct yaml_frame *f;
	char *text, *anchor;
	cJSON *node;
	long k;

	if (y->lifted && y->lift.nblocks > 0 && (k = yaml_lift_block_at(
	    &y->lift, (const char *)ev->data.scalar.value,
	    ev->data.scalar.length)) >= 0)
		return yaml_block(y, ev, k);
	/* Escapes ("\x78", an escaped line break) can spell a placeholder
	 * the input did not hold: such a scalar is read without lifting. */
	if (y->lifted &&
	    ev->data.scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE &&
	    yaml_lift_marked(&y->lift, (const char *)ev->data.scalar.value,
	    ev->data.scalar.length))
		return YAML_SEG_RETRY;
	text = yaml_take_text(y, ev);
	if (y->lift.inexact) {
		free(text);
		return YAML_SEG_RETRY;
	}
	anchor = (char *)ev->data.scalar.anchor;
	ev->data.scalar.anchor = NULL;
	y->parsed++;
	if (yaml_expect_key(y)) {
		f = &y->stack[y->nstack - 1];
		f->key = text;
		if (anchor != NULL)
			yaml_add_anchor(y, anchor, NULL, xstrdup(text), 1, 0);
		return YAML_GO_ON;
	}
	y->root_empty = y->nstack == 0 && text[0] == '\0' && anchor == NULL &&
	    ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
	    ev->data.scalar.tag == NULL;
	node = yaml_scalar_node(ev, text);
	yaml_attach(y, node, &ev->start_mark);
	if (anchor != NULL)
		yaml_add_anchor(y, anchor, node, NULL, 1, 0);
	if (y->nstack == 0)
		return yaml_finish(y);
	(void)resume;
	return YAML_GO_ON;
}

static int
yaml_start(struct yaml_state *y, yaml_event_t *ev, size_t *resume)
{
	struct yaml_frame *f, *parent;
	cJSON *node;
	int ismap, items = 0;
	char **anchorp;

	ismap = ev->type == YAML_MAPPING_START_EVENT;
	if (yaml_expect_key(y))
		return yaml_reject(y, &ev->start_mark, resume, PROBLEM_ERROR,
		    PCODE_YAML, "mapping key is a %s, not a scalar",
		    ismap ? "mapping" : "sequence");
	if (y->nstack + 1 > (size_t)y->lim->yaml_max_depth)
		return yaml_reject(y, &ev->start_mark, resume,
		    PROBLEM_WARNING, PCODE_YAML, "nesting deeper than %d "
		    "levels", y->lim->yaml_max_depth);
	if (y->nstack == 1 && !ismap) {
		parent = &y->stack[0];
		items = parent->ismap && parent->key != NULL &&
		    strcmp(parent->key, "items") == 0;
	}
	node = yaml_new(ismap ? cJSON_CreateObject() : cJSON_CreateArray());
	if (items)
		y->nitems = 0;	/* a later "items" wins, like its key */
	y->root_empty = 0;
	yaml_attach(y, node, &ev->start_mark);
	y->parsed++;
	if (y->nstack == y->astack) {
		y->astack = y->astack ? y->astack * 2 : 16;
		y->stack = xreallocarray(y->stack, y->astack,
		    sizeof *y->stack);
	}
	f = &y->stack[y->nstack++];
	memset(f, 0, sizeof *f);
	f->node = node;
	f->ismap = ismap;
	f->flow = ismap ?
	    ev->data.mapping_start.style == YAML_FLOW_MAPPING_STYLE :
	    ev->data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE;
	f->items = items;
	f->height = 1;
	f->nodes0 = y->parsed + y->expanded - 1;
	anchorp = ismap ? (char **)&ev->data.mapping_start.anchor :
	    (char **)&ev->data.sequence_start.anchor;
	f->anchor = *anchorp;
	*anchorp = NULL;
	return YAML_GO_ON;
}

static int
yaml_end(struct yaml_state *y)
{
	struct yaml_frame *f, *parent;

	f = &y->stack[--y->nstack];
	free(f->key);
	if (f->ismap && f->nchild > 1) {
		if (y->graveyard == NULL)
			y->graveyard = yaml_new(cJSON_CreateArray());
		parse_resource_dedupe(f->node, y->graveyard);
	}
	if (f->anchor != NULL)
		yaml_add_anchor(y, f->anchor, f->node, NULL,
		    y->parsed + y->expanded - f->nodes0, f->height);
	if (y->nstack == 0)
		return yaml_finish(y);
	parent = &y->stack[y->nstack - 1];
	if (parent->height < f->height + 1)
		parent->height = f->height + 1;
	return YAML_GO_ON;
}

static const char *
yaml_scalar_text(const cJSON *n)
{
	if (cJSON_IsString(n) || cJSON_IsRaw(n))
		return n->valuestring;
	if (cJSON_IsTrue(n))
		return "true";
	if (cJSON_IsFalse(n))
		return "false";
	if (cJSON_IsNull(n))
		return "null";
	return NULL;
}

static int
yaml_alias(struct yaml_state *y, yaml_event_t *ev, size_t *resume)
{
	const char *name = (const char *)ev->data.alias.anchor;
	struct yaml_anchor *a = NULL;
	struct yaml_frame *parent;
	const char *text;
	long budget;
	size_t i;
	cJSON *node;

	if (++y->aliases > y->lim->yaml_max_aliases)
		return yaml_reject(y, &ev->start_mark, resume,
		    PROBLEM_WARNING, PCODE_YAML_ALIAS, "more than %d aliases",
		    y->lim->yaml_max_aliases);
	for (i = y->nanchors; i > 0; i--) {
		if (strcmp(y->anchors[i - 1].name, name) == 0) {
			a = &y->anchors[i - 1];
			break;
		}
	}
	if (a == NULL)
		return yaml_reject(y, &ev->start_mark, resume, PROBLEM_ERROR,
		    PCODE_YAML, "alias *%.64s names no complete anchor before "
		    "it", name);
	y->parsed++;
	if (yaml_expect_key(y)) {
		text = a->key != NULL ? a->key : yaml_scalar_text(a->node);
		if (text == NULL)
			return yaml_reject(y, &ev->start_mark, resume,
			    PROBLEM_ERROR, PCODE_YAML, "mapping key is an "
			    "alias of a collection, not a scalar");
		y->stack[y->nstack - 1].key = xstrdup(text);
		return YAML_GO_ON;
	}
	budget = YAML_BUDGET_FACTOR * y->parsed;
	if (budget < YAML_BUDGET_MIN)
		budget = YAML_BUDGET_MIN;
	if (a->size > budget - y->expanded)
		return yaml_reject(y, &ev->start_mark, resume,
		    PROBLEM_WARNING, PCODE_YAML_ALIAS, "alias expansion over "
		    "the budget of %ld nodes", budget);
	if (y->nstack + (size_t)a->height > (size_t)y->lim->yaml_max_depth)
		return yaml_reject(y, &ev->start_mark, resume,
		    PROBLEM_WARNING, PCODE_YAML, "alias makes nesting deeper "
		    "than %d levels", y->lim->yaml_max_depth);
	if (a->node != NULL) {
		node = yaml_new(cJSON_Duplicate(a->node, 1));
		free(node->string);	/* the anchored node's own key */
		node->string = NULL;
	} else
		node = yaml_new(cJSON_CreateString(a->key));
	y->expanded += a->size;
	y->root_empty = 0;
	yaml_attach(y, node, &ev->start_mark);
	if (y->nstack == 0)
		return yaml_finish(y);
	parent = &y->stack[y->nstack - 1];
	if (parent->height < a->height + 1)
		parent->height = a->height + 1;
	return YAML_GO_ON;
}

static int
yaml_event(struct yaml_state *y, yaml_event_t *ev, size_t *resume)
{
	switch (ev->type) {
	case YAML_NO_EVENT:
	case YAML_STREAM_START_EVENT:
		return YAML_GO_ON;
	case YAML_STREAM_END_EVENT:
		return YAML_SEG_END;
	case YAML_DOCUMENT_START_EVENT:
		yaml_doc_reset(y);
		if (++y->docs > y->lim->max_docs_per_file) {
			if (yaml_lift_suspect(y))
				return YAML_SEG_RETRY;
			problem_report(y->sink, PROBLEM_WARNING,
			    PCODE_LIMIT_DOCS, y->vpath, -1,
			    y->line0 + (long)ev->start_mark.line + 1,
			    "more than %ld YAML documents; the rest is "
			    "skipped", y->lim->max_docs_per_file);
			return YAML_SEG_STOP;
		}
		return YAML_GO_ON;
	case YAML_DOCUMENT_END_EVENT:
		yaml_doc_reset(y);
		return YAML_GO_ON;
	case YAML_ALIAS_EVENT:
		return yaml_alias(y, ev, resume);
	case YAML_SCALAR_EVENT:
		return yaml_scalar(y, ev, resume);
	case YAML_SEQUENCE_START_EVENT:
	case YAML_MAPPING_START_EVENT:
		return yaml_start(y, ev, resume);
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		return yaml_end(y);
	}
	return YAML_GO_ON;
}

/* Report libyaml's error in our terms; say where to resume. */
static void
yaml_syntax_error(struct yaml_state *y, const yaml_parser_t *p,
    size_t *resume)
{
	size_t off, bol;
	long line;

	switch (p->error) {
	case YAML_MEMORY_ERROR:
		parse_resource_oom();
	case YAML_READER_ERROR:
		off = y->seg + (y->lifted ? yaml_lift_offset(&y->lift,
		    p->problem_offset) : p->problem_offset);
		if (off > y->len)
			off = y->len;
		line = y->line0 + yaml_count_lines(y->buf, y->seg, off) + 1;
		if (p->problem_value != -1)
			problem_report(y->sink, PROBLEM_ERROR, PCODE_YAML,
			    y->vpath, (long long)off, line, "%s (#x%x); "
			    "document skipped", p->problem ? p->problem :
			    "reader error", (unsigned)p->problem_value);
		else
			problem_report(y->sink, PROBLEM_ERROR, PCODE_YAML,
			    y->vpath, (long long)off, line, "%s; document "
			    "skipped", p->problem ? p->problem :
			    "reader error");
		*resume = off;
		return;
	default:
		break;
	}
	off = yaml_mark_offset(y, &p->problem_mark, &bol);
	line = y->line0 + (long)p->problem_mark.line + 1;
	if (p->context != NULL)
		problem_report(y->sink, PROBLEM_ERROR, PCODE_YAML, y->vpath,
		    (long long)off, line, "%s at line %ld column %zu (%s at "
		    "line %zu column %zu); document skipped", p->problem ?
		    p->problem : "syntax error", line,
		    p->problem_mark.column + 1, p->context,
		    (size_t)y->line0 + p->context_mark.line + 1,
		    p->context_mark.column + 1);
	else
		problem_report(y->sink, PROBLEM_ERROR, PCODE_YAML, y->vpath,
		    (long long)off, line, "%s at line %ld column %zu; "
		    "document skipped", p->problem ? p->problem :
		    "syntax error", line, p->problem_mark.column + 1);
	*resume = bol;
}

/* One read of buf[start..end) with a fresh libyaml parser. */
static int
yaml_segment_read(struct yaml_state *y, size_t start, size_t end,
    size_t *resume)
{
	yaml_parser_t p;
	yaml_event_t ev;
	int rc;

	if (!yaml_parser_initialize(&p))
		parse_resource_oom();
	y->lifted = !y->utf16 && !y->nolift && yaml_lift_segment(&y->lift,
	    y->buf + start, end - start, y->lim->yaml_lift_min, 1, y->lazy);
	if (y->lifted)
		yaml_parser_set_input_string(&p,
		    (const unsigned char *)y->lift.copy, y->lift.copylen);
	else
		yaml_parser_set_input_string(&p,
		    (const unsigned char *)y->buf + start, end - start);
	y->seg = start;
	for (;;) {
		if (!yaml_parser_parse(&p, &ev)) {
			/* A block lifted where there was none is caught as
			 * its placeholder comes back (yaml_block); should
			 * libyaml fail first, read again without lifting so
			 * the error is the one the file has. */
			if (yaml_lift_suspect(y))
				rc = YAML_SEG_RETRY;
			else {
				yaml_syntax_error(y, &p, resume);
				rc = YAML_SEG_ERROR;
			}
			break;
		}
		rc = yaml_event(y, &ev, resume);
		yaml_event_delete(&ev);
		if (rc != YAML_GO_ON)
			break;
	}
	yaml_doc_reset(y);
	yaml_parser_delete(&p);
	if (y->lifted)
		yaml_lift_free(&y->lift);
	y->lifted = 0;
	return rc;
}

/*
 * Parse buf[start..end); if a lift turned out wrong (YAML_SEG_RETRY), read
 * it again without lifting, skipping the documents already handed over.
 */
static int
yaml_segment(struct yaml_state *y, size_t start, size_t end,
    size_t *resume)
{
	long docs = y->docs, handed = y->handed;
	int rc;

	rc = yaml_segment_read(y, start, end, resume);
	if (rc != YAML_SEG_RETRY)
		return rc;
	/* Skipped documents are not counted again. */
	y->docs = docs;
	y->skip = y->handed - handed;
	y->nolift = 1;
	rc = yaml_segment_read(y, start, end, resume);
	y->nolift = 0;
	y->skip = 0;
	return rc;
}

/*
 * Parse a YAML stream: each document's root goes to fn (which takes it) with
 * its first line and, for a root mapping with an "items" sequence, the line
 * of each element.  buf must be valid UTF-8 (the caller repairs it) or
 * UTF-16 with a BOM.  A document with a NUL or control byte, a syntax
 * error, or a limit hit is reported and skipped; parsing resumes at the next
 * "---" line.  Returns the documents given to fn, or -1 if fn stopped us.
 */
long
parse_yaml_stream(const char *buf, size_t len, const char *vpath,
    long first_line, const struct mgt_limits *lim,
    const struct parse_lazy *lazy, const struct problem_sink *sink,
    parse_doc_fn fn, void *arg)
{
	struct yaml_state y;
	size_t pos = 0, bad = 0, end, next, resume = 0;
	const unsigned char *s = (const unsigned char *)buf;
	int rc, utf16, scanned = 0;
	long line;

	memset(&y, 0, sizeof y);
	y.buf = buf;
	y.len = len;
	y.vpath = vpath;
	y.lim = lim;
	y.lazy = lazy;
	y.sink = sink;
	y.fn = fn;
	y.arg = arg;
	y.line0 = first_line - 1;
	utf16 = len >= 2 && ((s[0] == 0xfe && s[1] == 0xff) ||
	    (s[0] == 0xff && s[1] == 0xfe));
	y.utf16 = utf16;
	while (pos < len) {
		if (!scanned || bad < pos) {
			bad = utf16 ? len : yaml_bad_byte(buf, pos, len);
			scanned = 1;
		}
		/* Parse up to the document holding the bad byte, if any. */
		end = bad < len ? yaml_doc_start(buf, pos, bad, len) : len;
		if (end > pos) {
			rc = yaml_segment(&y, pos, end, &resume);
			if (rc == YAML_SEG_STOP)
				break;
			if (rc == YAML_SEG_ERROR) {
				/* Never before end: the bad byte is reported
				 * when pos reaches its document. */
				if (resume < pos + 1)
					resume = pos + 1;
				next = yaml_next_doc(buf, resume, len);
				goto advance;
			}
		}
		if (bad >= len)
			break;
		if (++y.docs > lim->max_docs_per_file) {
			problem_report(sink, PROBLEM_WARNING, PCODE_LIMIT_DOCS,
			    vpath, (long long)bad, 0, "more than %ld YAML "
			    "documents; the rest is skipped",
			    lim->max_docs_per_file);
			break;
		}
		line = y.line0 + yaml_count_lines(buf, pos, bad) + 1;
		problem_report(sink, PROBLEM_ERROR, PCODE_YAML, vpath,
		    (long long)bad, line, "%s byte 0x%02x at offset %zu: YAML "
		    "allows none; document skipped", s[bad] == 0 ? "NUL" :
		    "control", s[bad], bad);
		next = yaml_next_doc(buf, bad + 1, len);
advance:
		if (next >= len)
			break;
		y.line0 += yaml_count_lines(buf, pos, next);
		pos = next;
	}
	free(y.stack);
	free(y.anchors);
	free(y.items);
	return y.stopped ? -1 : y.handed;
}
