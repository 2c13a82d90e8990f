/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The `when` expression of a rule: a boolean over its evidence names with
 * `not` binding tighter than `and`, and `and` tighter than `or`.  A small
 * tokenizer feeds a recursive-descent parser whose nesting is capped at
 * RULE_EXPR_MAX_DEPTH, so no input can exhaust the stack.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "rule.h"
#include "xmalloc.h"

#define RULE_EXPR_STR(x)	#x
#define RULE_EXPR_XSTR(x)	RULE_EXPR_STR(x)
#define RULE_EXPR_TOO_DEEP	\
	"expression nested deeper than " RULE_EXPR_XSTR(RULE_EXPR_MAX_DEPTH)

enum rule_expr_op {
	RULE_EXPR_NAME,
	RULE_EXPR_NOT,
	RULE_EXPR_AND,
	RULE_EXPR_OR
};

/*
 * `and` and `or` are n-ary, so a long chain "a and b and c ..." is one
 * node with many children rather than a deep tree: depth only grows with
 * parentheses and `not`, both of which the parser counts.
 */
struct rule_expr {
	enum rule_expr_op	 op;
	size_t			 index;		/* RULE_EXPR_NAME */
	struct rule_expr      **kids;		/* NOT: 1; AND, OR: 2 or more */
	size_t			 nkids;
};

enum rule_expr_token {
	RULE_TOK_END,
	RULE_TOK_NAME,
	RULE_TOK_AND,
	RULE_TOK_OR,
	RULE_TOK_NOT,
	RULE_TOK_LPAREN,
	RULE_TOK_RPAREN,
	RULE_TOK_BAD
};

struct rule_expr_parser {
	const char		*text;
	size_t			 len;
	size_t			 pos;		/* after the current token */
	enum rule_expr_token	 tok;
	size_t			 start;		/* current token */
	size_t			 toklen;
	int			 depth;
	const struct rule	*rule;
	struct mgt_error	*err;
	int			 failed;
};

static struct rule_expr *rule_expr_parse_or(struct rule_expr_parser *);

static int
rule_expr_is_name_start(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int
rule_expr_is_name(int c)
{
	return rule_expr_is_name_start(c) || (c >= '0' && c <= '9');
}

static void
rule_expr_next(struct rule_expr_parser *p)
{
	const char *t = p->text;
	size_t n;

	while (p->pos < p->len && (t[p->pos] == ' ' || t[p->pos] == '\t' ||
	    t[p->pos] == '\n' || t[p->pos] == '\r'))
		p->pos++;
	p->start = p->pos;
	p->toklen = 1;
	if (p->pos == p->len) {
		p->tok = RULE_TOK_END;
		p->toklen = 0;
		return;
	}
	if (t[p->pos] == '(') {
		p->tok = RULE_TOK_LPAREN;
		p->pos++;
		return;
	}
	if (t[p->pos] == ')') {
		p->tok = RULE_TOK_RPAREN;
		p->pos++;
		return;
	}
	if (!rule_expr_is_name_start((unsigned char)t[p->pos])) {
		p->tok = RULE_TOK_BAD;
		p->pos++;
		return;
	}
	n = 0;
	while (p->pos + n < p->len &&
	    rule_expr_is_name((unsigned char)t[p->pos + n]))
		n++;
	p->pos += n;
	p->toklen = n;
	if (n == 3 && memcmp(t + p->start, "and", 3) == 0)
		p->tok = RULE_TOK_AND;
	else if (n == 2 && memcmp(t + p->start, "or", 2) == 0)
		p->tok = RULE_TOK_OR;
	else if (n == 3 && memcmp(t + p->start, "not", 3) == 0)
		p->tok = RULE_TOK_NOT;
	else
		p->tok = RULE_TOK_NAME;
}

/* Record the first error only; its column is the current token's. */
static void
rule_expr_fail(struct rule_expr_parser *p, const char *what)
{
	size_t col = p->start + 1;
	unsigned char c;

	if (p->failed)
		return;
	p->failed = 1;
	if (p->tok == RULE_TOK_BAD) {
		c = (unsigned char)p->text[p->start];
		if (c == '&' || c == '|' || c == '!')
			error_set(p->err, MGT_ERR_RULE, NULL,
			    (long long)col, 0, "unexpected '%c' at column %zu "
			    "(use 'and', 'or', 'not')", c, col);
		else if (c > 0x20 && c < 0x7f)
			error_set(p->err, MGT_ERR_RULE, NULL,
			    (long long)col, 0, "unexpected '%c' at column %zu, "
			    "%s", c, col, what);
		else
			error_set(p->err, MGT_ERR_RULE, NULL,
			    (long long)col, 0, "unexpected byte 0x%02x at "
			    "column %zu, %s", c, col, what);
		return;
	}
	error_set(p->err, MGT_ERR_RULE, NULL, (long long)col, 0,
	    "%s at column %zu", what, col);
}

static struct rule_expr *
rule_expr_new(enum rule_expr_op op)
{
	struct rule_expr *e;

	e = xcalloc(1, sizeof *e);
	e->op = op;
	return e;
}

static void
rule_expr_add(struct rule_expr *e, struct rule_expr *kid)
{
	e->kids = xreallocarray(e->kids, e->nkids + 1, sizeof *e->kids);
	e->kids[e->nkids++] = kid;
}

void
rule_expr_free(struct rule_expr *e)
{
	size_t i;

	if (e == NULL)
		return;
	for (i = 0; i < e->nkids; i++)
		rule_expr_free(e->kids[i]);
	free(e->kids);
	free(e);
}

/* primary := NAME | '(' or ')' */
static struct rule_expr *
rule_expr_parse_primary(struct rule_expr_parser *p)
{
	struct rule_expr *e;
	int idx;
	char name[RULE_MAX_NAME + 1];
	size_t n;

	if (p->tok == RULE_TOK_NAME) {
		idx = -1;
		if (p->rule != NULL)
			idx = rule_evidence_index(p->rule, p->text + p->start,
			    p->toklen);
		if (idx < 0) {
			n = p->toklen < RULE_MAX_NAME ? p->toklen :
			    RULE_MAX_NAME;
			memcpy(name, p->text + p->start, n);
			name[n] = '\0';
			if (!p->failed) {
				p->failed = 1;
				error_set(p->err, MGT_ERR_RULE, NULL,
				    (long long)p->start + 1, 0,
				    "unknown evidence '%s%s' at column %zu",
				    name, n < p->toklen ? "..." : "",
				    p->start + 1);
			}
			return NULL;
		}
		e = rule_expr_new(RULE_EXPR_NAME);
		e->index = (size_t)idx;
		rule_expr_next(p);
		return e;
	}
	if (p->tok != RULE_TOK_LPAREN) {
		rule_expr_fail(p, "expected evidence name or '('");
		return NULL;
	}
	if (++p->depth > RULE_EXPR_MAX_DEPTH) {
		rule_expr_fail(p, RULE_EXPR_TOO_DEEP);
		return NULL;
	}
	rule_expr_next(p);
	if ((e = rule_expr_parse_or(p)) == NULL)
		return NULL;
	if (p->tok != RULE_TOK_RPAREN) {
		rule_expr_fail(p, "expected 'and', 'or' or ')'");
		rule_expr_free(e);
		return NULL;
	}
	p->depth--;
	rule_expr_next(p);
	return e;
}

/* unary := 'not' unary | primary, as a loop over the 'not's. */
static struct rule_expr *
rule_expr_parse_unary(struct rule_expr_parser *p)
{
	struct rule_expr *e, *n;
	int nots = 0, i;

	while (p->tok == RULE_TOK_NOT) {
		if (++p->depth > RULE_EXPR_MAX_DEPTH) {
			rule_expr_fail(p, RULE_EXPR_TOO_DEEP);
			return NULL;
		}
		nots++;
		rule_expr_next(p);
	}
	if ((e = rule_expr_parse_primary(p)) == NULL)
		return NULL;
	for (i = 0; i < nots; i++) {
		n = rule_expr_new(RULE_EXPR_NOT);
		rule_expr_add(n, e);
		e = n;
	}
	p->depth -= nots;
	return e;
}

/* and := unary ('and' unary)* */
static struct rule_expr *
rule_expr_parse_and(struct rule_expr_parser *p)
{
	struct rule_expr *e, *kid, *list;

	if ((e = rule_expr_parse_unary(p)) == NULL)
		return NULL;
	if (p->tok != RULE_TOK_AND)
		return e;
	list = rule_expr_new(RULE_EXPR_AND);
	rule_expr_add(list, e);
	while (p->tok == RULE_TOK_AND) {
		rule_expr_next(p);
		if ((kid = rule_expr_parse_unary(p)) == NULL) {
			rule_expr_free(list);
			return NULL;
		}
		rule_expr_add(list, kid);
	}
	return list;
}

/* or := and ('or' and)* */
static struct rule_expr *
rule_expr_parse_or(struct rule_expr_parser *p)
{
	struct rule_expr *e, *kid, *list;

	if ((e = rule_expr_parse_and(p)) == NULL)
		return NULL;
	if (p->tok != RULE_TOK_OR)
		return e;
	list = rule_expr_new(RULE_EXPR_OR);
	rule_expr_add(list, e);
	while (p->tok == RULE_TOK_OR) {
		rule_expr_next(p);
		if ((kid = rule_expr_parse_and(p)) == NULL) {
			rule_expr_free(list);
			return NULL;
		}
		rule_expr_add(list, kid);
	}
	return list;
}

struct rule_expr *
rule_expr_parse(const char *text, const struct rule *r,
    struct mgt_error *err)
{
	struct rule_expr_parser p;
	struct rule_expr *e;

	memset(&p, 0, sizeof p);
	p.text = text != NULL ? text : "";
	p.len = strlen(p.text);
	p.rule = r;
	p.err = err;
	if (p.len > RULE_EXPR_MAX_TEXT) {
		error_set(err, MGT_ERR_RULE, NULL, 1, 0,
		    "expression is longer than %d bytes", RULE_EXPR_MAX_TEXT);
		return NULL;
	}
	rule_expr_next(&p);
	if ((e = rule_expr_parse_or(&p)) == NULL)
		return NULL;
	if (p.tok != RULE_TOK_END) {
		rule_expr_fail(&p, p.tok == RULE_TOK_RPAREN ?
		    "unbalanced ')'" : "expected 'and', 'or' or end of "
		    "expression");
		rule_expr_free(e);
		return NULL;
	}
	return e;
}

int
rule_expr_eval(const struct rule_expr *e, rule_expr_lookup holds, void *ctx)
{
	size_t i;

	switch (e->op) {
	case RULE_EXPR_NAME:
		return holds(ctx, e->index) ? 1 : 0;
	case RULE_EXPR_NOT:
		return !rule_expr_eval(e->kids[0], holds, ctx);
	case RULE_EXPR_AND:
		for (i = 0; i < e->nkids; i++) {
			if (!rule_expr_eval(e->kids[i], holds, ctx))
				return 0;
		}
		return 1;
	case RULE_EXPR_OR:
		for (i = 0; i < e->nkids; i++) {
			if (rule_expr_eval(e->kids[i], holds, ctx))
				return 1;
		}
		return 0;
	}
	return 0;
}

int
rule_expr_uses(const struct rule_expr *e, size_t evidence_index)
{
	size_t i;

	if (e == NULL)
		return 0;
	if (e->op == RULE_EXPR_NAME)
		return e->index == evidence_index;
	for (i = 0; i < e->nkids; i++) {
		if (rule_expr_uses(e->kids[i], evidence_index))
			return 1;
	}
	return 0;
}

static void
rule_expr_append(char **out, size_t *len, const char *s)
{
	size_t n = strlen(s);

	*out = xreallocarray(*out, *len + n + 1, 1);
	memcpy(*out + *len, s, n + 1);
	*len += n;
}

static void
rule_expr_format_into(const struct rule_expr *e, const struct rule *r,
    char **out, size_t *len)
{
	size_t i;

	switch (e->op) {
	case RULE_EXPR_NAME:
		if (r != NULL && e->index < r->nevidence)
			rule_expr_append(out, len, r->evidence[e->index].name);
		else
			rule_expr_append(out, len, "?");
		break;
	case RULE_EXPR_NOT:
		rule_expr_append(out, len, "not ");
		rule_expr_format_into(e->kids[0], r, out, len);
		break;
	case RULE_EXPR_AND:
	case RULE_EXPR_OR:
		rule_expr_append(out, len, "(");
		for (i = 0; i < e->nkids; i++) {
			if (i > 0)
				rule_expr_append(out, len,
				    e->op == RULE_EXPR_AND ? " and " : " or ");
			rule_expr_format_into(e->kids[i], r, out, len);
		}
		rule_expr_append(out, len, ")");
		break;
	}
}

char *
rule_expr_format(const struct rule_expr *e, const struct rule *r)
{
	char *out;
	size_t len = 0;

	out = xstrdup("");
	if (e != NULL)
		rule_expr_format_into(e, r, &out, &len);
	return out;
}
