/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Rule evaluation over an index.  Each evidence item becomes a list of rows
 * (SQL results, or the pattern hits stored during ingest with their named
 * captures), filtered by min/window/group_by; the rule's `when` decides
 * whether it fires; fired rules become findings with a filled summary and
 * cited evidence (vpath:line or object field=value).
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "error.h"
#include "eval.h"
#include "eval-private.h"
#include "index.h"
#include "index-read.h"
#include "parse-log.h"
#include "util.h"
#include "xmalloc.h"

static void
eval_row_free(struct eval_row *r)
{
	size_t i;

	for (i = 0; i < r->nkv; i++) {
		free(r->kv[i].k);
		free(r->kv[i].v);
	}
	free(r->kv);
	free(r->node);
	free(r->source);
	free(r->text);
	free(r->object);
	free(r->field);
	free(r->value);
}

static void
eval_items_free(struct eval_item *items, size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		for (j = 0; j < items[i].nrows; j++)
			eval_row_free(&items[i].rows[j]);
		free(items[i].rows);
		for (j = 0; j < items[i].ntallies; j++) {
			free(items[i].tallies[j].source);
			free(items[i].tallies[j].node);
			free(items[i].tallies[j].grp);
		}
		free(items[i].tallies);
	}
	free(items);
}

static void
eval_kv_add(struct eval_row *r, const char *k, const char *v)
{
	r->kv = xreallocarray(r->kv, r->nkv + 1, sizeof *r->kv);
	r->kv[r->nkv].k = xstrdup(k);
	r->kv[r->nkv].v = v ? xstrdup(v) : NULL;
	r->nkv++;
}

const char *
eval_kv_get(const struct eval_row *r, const char *k, int *found)
{
	size_t i;

	for (i = 0; i < r->nkv; i++)
		if (strcmp(r->kv[i].k, k) == 0) {
			if (found)
				*found = 1;
			return r->kv[i].v;
		}
	if (found)
		*found = 0;
	return NULL;
}

/*
 * The vpath of source id (the caller frees it), or NULL when there is
 * none; a SQLite failure also leaves its message in c->vpath_err, for
 * eval_sql() to fail with rather than cite no file.
 */
static char *
eval_vpath(struct eval_ctx *c, int64_t id)
{
	struct mgt_error e;
	char *v;

	mgt_error_clear(&e);
	if (index_catalogue_vpath(c->cat, id, &v, &e) != MGT_OK &&
	    c->vpath_err[0] == '\0')
		snprintf(c->vpath_err, sizeof c->vpath_err, "%.*s",
		    (int)sizeof c->vpath_err - 1, e.msg);
	return v;
}

static int
eval_is_meta_col(const char *k)
{
	static const char *const skip[] = { "source_id", "line", "vpath",
	    "source", "object", "field", "value", "ts", "doc", "node", NULL };
	size_t i;

	for (i = 0; skip[i] != NULL; i++)
		if (strcmp(skip[i], k) == 0)
			return 1;
	return 0;
}

/* Fill the citation fields of a SQL row from its well-known columns. */
static void
eval_sql_citation(struct eval_ctx *c, struct eval_row *r,
    sqlite3_stmt *st)
{
	const char *v, *kind, *ns, *name;
	char buf[512];
	size_t i, o;
	int64_t ts;
	int n = sqlite3_column_count(st), j;

	for (j = 0; j < n; j++) {
		const char *k = sqlite3_column_name(st, j);

		if (strcmp(k, "source_id") == 0 &&
		    sqlite3_column_type(st, j) == SQLITE_INTEGER)
			r->source = eval_vpath(c, sqlite3_column_int64(st, j));
		else if (strcmp(k, "ts") == 0) {
			if (sqlite3_column_type(st, j) == SQLITE_INTEGER)
				r->ts = sqlite3_column_int64(st, j);
			else if ((v = (const char *)sqlite3_column_text(st,
			    j)) != NULL && time_parse(v, strlen(v), &ts))
				r->ts = ts;
		} else if (strcmp(k, "line") == 0)
			r->line = (long)sqlite3_column_int64(st, j);
	}
	if (r->source == NULL) {
		if ((v = eval_kv_get(r, "vpath", NULL)) != NULL ||
		    (v = eval_kv_get(r, "source", NULL)) != NULL)
			r->source = xstrdup(v);
	}
	if ((v = eval_kv_get(r, "node", NULL)) != NULL)
		r->node = xstrdup(v);
	if ((v = eval_kv_get(r, "object", NULL)) != NULL)
		r->object = xstrdup(v);
	else if ((kind = eval_kv_get(r, "kind", NULL)) != NULL &&
	    (name = eval_kv_get(r, "name", NULL)) != NULL) {
		ns = eval_kv_get(r, "namespace", NULL);
		if (ns != NULL && *ns != '\0')
			snprintf(buf, sizeof buf, "%s/%s/%s", kind, ns, name);
		else
			snprintf(buf, sizeof buf, "%s/%s", kind, name);
		r->object = xstrdup(buf);
	}
	if ((v = eval_kv_get(r, "field", NULL)) != NULL)
		r->field = xstrdup(v);
	if ((v = eval_kv_get(r, "value", NULL)) != NULL)
		r->value = xstrdup(v);
	/* A row citing a log line with its text: that line is the
	 * evidence, as a pattern's hit would be. */
	if (r->source != NULL && r->line > 0 && r->object == NULL &&
	    (v = eval_kv_get(r, "text", NULL)) != NULL) {
		r->text = xstrdup(v);
		return;
	}
	/* The rest of the row, as "k=v k=v", is the evidence text. */
	o = 0;
	buf[0] = '\0';
	for (i = 0; i < r->nkv && o < sizeof buf - 1; i++) {
		if (eval_is_meta_col(r->kv[i].k))
			continue;
		o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s=%s",
		    o ? " " : "", r->kv[i].k, r->kv[i].v ? r->kv[i].v : "null");
		if (o >= sizeof buf)
			o = sizeof buf - 1;
	}
	if (o > 0)
		r->text = xstrdup(buf);
}

static int
eval_sql(struct eval_ctx *c, struct eval_item *it, struct mgt_error *err)
{
	struct index_budget b;
	sqlite3_stmt *st = NULL;
	struct eval_row *r;
	const char *why;
	char what[96];
	int rc, j, n;

	if (index_guard_one(c->db, it->ev->sql, &st, &why) != MGT_OK)
		return error_set(err, MGT_ERR_RULE, c->rule->file, -1,
		    it->ev->line, "rule %s, evidence %s: SQL: %s",
		    c->rule->id, it->ev->name, why);
	n = sqlite3_column_count(st);
	index_budget_begin(c->db, &b);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		it->count++;
		if (it->nrows >= EVAL_MAX_ROWS)
			continue;
		it->rows = xreallocarray(it->rows, it->nrows + 1,
		    sizeof *it->rows);
		r = &it->rows[it->nrows++];
		memset(r, 0, sizeof *r);
		r->ts = LOG_TS_NONE;
		for (j = 0; j < n; j++)
			eval_kv_add(r, sqlite3_column_name(st, j),
			    (const char *)sqlite3_column_text(st, j));
		eval_sql_citation(c, r, st);
	}
	if (index_budget_end(&b, rc) != 0) {
		error_set(err, MGT_ERR_LIMIT, c->rule->file, -1,
		    it->ev->line, "rule %s, evidence %s: SQL stopped after "
		    "%ld rows: it went over %s; the item is not evaluated",
		    c->rule->id, it->ev->name, it->count,
		    index_budget_what(&b, what, sizeof what));
		sqlite3_finalize(st);
		return MGT_ERR_LIMIT;
	}
	if (rc != SQLITE_DONE) {
		error_set(err, MGT_ERR_RULE, c->rule->file, -1,
		    it->ev->line, "rule %s, evidence %s: SQL: %s",
		    c->rule->id, it->ev->name, sqlite3_errmsg(c->db));
		sqlite3_finalize(st);
		return MGT_ERR_RULE;
	}
	sqlite3_finalize(st);
	if (c->vpath_err[0] != '\0')
		return error_set(err, MGT_ERR_DB, c->rule->file, -1,
		    it->ev->line, "rule %s, evidence %s: reading a row's "
		    "file: %s", c->rule->id, it->ev->name, c->vpath_err);
	return MGT_OK;
}

/* One tally of a pattern item (index_read_tallies()). */
static int
eval_tally_row(void *data, const struct index_tally_row *r)
{
	struct eval_item *it = data;
	struct eval_tally *t;

	it->tallies = xreallocarray(it->tallies, it->ntallies + 1,
	    sizeof *it->tallies);
	t = &it->tallies[it->ntallies++];
	t->source = xstrdup(r->vpath);
	t->node = r->node != NULL ? xstrdup(r->node) : NULL;
	t->seen = r->seen;
	t->first_ts = r->first_ts;
	t->last_ts = r->last_ts;
	t->grp = r->grp != NULL ? xstrdup(r->grp) : NULL;
	it->count += t->seen;
	return 0;
}

/* One stored hit of a pattern item, its named captures as columns. */
static int
eval_hit_row(void *data, const struct index_hit_row *h)
{
	struct eval_item *it = data;
	struct eval_row *r;
	cJSON *json, *e;

	it->rows = xreallocarray(it->rows, it->nrows + 1, sizeof *it->rows);
	r = &it->rows[it->nrows++];
	memset(r, 0, sizeof *r);
	r->source = xstrdup(h->vpath);
	r->line = h->line_no;
	r->ts = h->ts;
	if (h->node != NULL)
		r->node = xstrdup(h->node);
	r->text = xstrndup(h->text, h->len);
	eval_kv_add(r, "source", r->source);
	eval_kv_add(r, "node", r->node);
	eval_kv_add(r, "text", r->text);
	if (h->captures != NULL && (json = cJSON_Parse(h->captures)) != NULL) {
		cJSON_ArrayForEach(e, json)
			if (cJSON_IsString(e))
				eval_kv_add(r, e->string, e->valuestring);
		cJSON_Delete(json);
	}
	return 0;
}

/*
 * The first EVAL_MAX_ROWS hits in time order, and the count from the exact
 * tallies (stored rows are capped; these are not): a noisy pattern's tens
 * of thousands of hits are never sorted.
 */
static int
eval_pattern(struct eval_ctx *c, struct eval_item *it, struct mgt_error *err)
{
	struct mgt_error e;

	mgt_error_clear(&e);
	if (index_read_hits(c->db, c->rule->id, it->ev->name, EVAL_MAX_ROWS,
	    eval_hit_row, it, &e) != MGT_OK)
		return error_set(err, MGT_ERR_DB, "", -1, 0,
		    "reading hits: %s", e.msg);
	it->count = 0;
	if (index_read_tallies(c->db, c->rule->id, it->ev->name,
	    eval_tally_row, it, &e) != MGT_OK)
		return error_set(err, MGT_ERR_DB, "", -1, 0,
		    "reading hit tallies: %s", e.msg);
	return MGT_OK;
}

const char *
eval_group_key(const struct eval_item *it, const struct eval_row *r)
{
	const char *g = it->ev->group_by;

	if (strcmp(g, "node") == 0)
		return r->node;
	if (strcmp(g, "source") == 0)
		return r->source;
	return eval_kv_get(r, g, NULL);
}

int
eval_keycmp(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return a == b ? 0 : a == NULL ? -1 : 1;
	return strcmp(a, b);
}

/* The group of a tally: none, the node, the source, or a capture's value. */
const char *
eval_tally_key(const struct eval_item *it, const struct eval_tally *t)
{
	const char *g = it->ev->group_by;

	if (g == NULL)
		return NULL;
	if (strcmp(g, "node") == 0)
		return t->node;
	return strcmp(g, "source") == 0 ? t->source : t->grp;
}

/*
 * min, window and group_by for a pattern item, from the exact tallies:
 * stored rows are capped per file and per rule, so counts and spans over
 * them would stop growing with the signal.  A row is kept when the group
 * it belongs to holds.
 */
static void
eval_apply_tallies(struct eval_item *it)
{
	const struct rule_evidence *ev = it->ev;
	struct eval_tally *a, *b;
	const char *key;
	unsigned char *done, *ok;
	size_t i, j, *lead;
	int64_t lo, hi;
	long n;

	done = xcalloc(it->ntallies + 1, 1);
	ok = xcalloc(it->ntallies + 1, 1);
	lead = xcalloc(it->ntallies + 1, sizeof *lead);
	it->holds = 0;
	it->count = 0;
	it->exact = 1;
	it->first_ts = it->last_ts = LOG_TS_NONE;
	for (i = 0; i < it->ntallies; i++) {
		if (done[i])
			continue;
		a = &it->tallies[i];
		n = 0;
		lo = INT64_MAX;
		hi = INT64_MIN;
		for (j = i; j < it->ntallies; j++) {
			b = &it->tallies[j];
			if (done[j] || (ev->group_by != NULL &&
			    eval_keycmp(eval_tally_key(it, a),
			    eval_tally_key(it, b)) != 0))
				continue;
			done[j] = 1;
			lead[j] = i;
			n += b->seen;
			if (b->first_ts != LOG_TS_NONE) {
				if (b->first_ts < lo)
					lo = b->first_ts;
				if (b->last_ts > hi)
					hi = b->last_ts;
			}
		}
		if (n < ev->min || (ev->window_us > 0 && (hi == INT64_MIN ||
		    hi - lo < ev->window_us)))
			continue;
		ok[i] = 1;
		it->holds = 1;
		it->count += n;
		if (hi != INT64_MIN) {
			if (it->first_ts == LOG_TS_NONE || lo < it->first_ts)
				it->first_ts = lo;
			if (it->last_ts == LOG_TS_NONE || hi > it->last_ts)
				it->last_ts = hi;
		}
	}
	for (i = 0; i < it->ntallies; i++)
		it->tallies[i].keep = ok[lead[i]];
	/* Each row takes the verdict of its group (the first tally of it). */
	for (i = 0; i < it->nrows; i++) {
		it->rows[i].keep = -1;
		key = ev->group_by != NULL ? eval_group_key(it, &it->rows[i]) :
		    NULL;
		for (j = 0; j < it->ntallies; j++) {
			if (ev->group_by != NULL && eval_keycmp(key,
			    eval_tally_key(it, &it->tallies[j])) != 0)
				continue;
			it->rows[i].keep = ok[j] ? 1 : -1;
			if (ok[j] || ev->group_by != NULL)
				break;
		}
	}
	free(done);
	free(ok);
	free(lead);
}

/* Apply min, window and group_by: mark the rows that count, set holds. */
static void
eval_apply_counts(struct eval_item *it)
{
	const struct rule_evidence *ev = it->ev;
	size_t i, j, n;
	int64_t lo, hi;
	int ok;

	if (ev->type == RULE_EVIDENCE_PATTERN) {
		eval_apply_tallies(it);
		return;
	}
	if (ev->group_by == NULL && ev->window_us == 0) {
		it->holds = it->count >= ev->min;
		for (i = 0; i < it->nrows; i++)
			it->rows[i].keep = 1;
		return;
	}
	it->holds = 0;
	for (i = 0; i < it->nrows; i++) {
		if (it->rows[i].keep == -1 || it->rows[i].keep == 1)
			continue;
		/* Rows of the group of row i. */
		n = 0;
		lo = INT64_MAX;
		hi = INT64_MIN;
		for (j = i; j < it->nrows; j++) {
			if (ev->group_by != NULL &&
			    eval_keycmp(eval_group_key(it, &it->rows[i]),
			    eval_group_key(it, &it->rows[j])) != 0)
				continue;
			n++;
			if (it->rows[j].ts != LOG_TS_NONE) {
				if (it->rows[j].ts < lo)
					lo = it->rows[j].ts;
				if (it->rows[j].ts > hi)
					hi = it->rows[j].ts;
			}
		}
		ok = (long)n >= ev->min && (ev->window_us == 0 ||
		    (hi != INT64_MIN && hi - lo >= ev->window_us));
		for (j = i; j < it->nrows; j++) {
			if (ev->group_by != NULL &&
			    eval_keycmp(eval_group_key(it, &it->rows[i]),
			    eval_group_key(it, &it->rows[j])) != 0)
				continue;
			it->rows[j].keep = ok ? 1 : -1;
		}
		if (ok)
			it->holds = 1;
	}
	for (n = 0, i = 0; i < it->nrows; i++)
		if (it->rows[i].keep == 1)
			n++;
	it->count = (long)n;
}

int
eval_lookup_holds(void *ctx, size_t i)
{
	struct eval_ctx *c = ctx;

	return i < c->nitems && c->items[i].holds;
}

/* The values of col in the kept rows: the first, or all, distinct, sorted. */
static char *
eval_item_value(struct eval_item *it, const char *col, int all)
{
	char **vals = NULL, *out;
	size_t n = 0, i, j;
	const char *v;
	int found;

	for (i = 0; i < it->nrows; i++) {
		if (it->rows[i].keep != 1)
			continue;
		v = eval_kv_get(&it->rows[i], col, &found);
		if (!found || v == NULL)
			continue;
		if (!all)
			return xstrdup(v);
		for (j = 0; j < n; j++)
			if (strcmp(vals[j], v) == 0)
				break;
		if (j < n)
			continue;
		vals = xreallocarray(vals, n + 1, sizeof *vals);
		vals[n++] = (char *)v;
	}
	if (n == 0) {
		free(vals);
		return NULL;
	}
	out = util_sort_join(vals, n, ", ");
	free(vals);
	return out;
}

char *
eval_template_lookup(void *ctx, const char *item, const char *column, int all,
    int count)
{
	struct eval_ctx *c = ctx;
	char buf[32], *v;
	size_t i;
	int pass;

	for (i = 0; i < c->nitems; i++) {
		if (item != NULL && strcmp(c->items[i].ev->name, item) != 0)
			continue;
		if (count) {
			snprintf(buf, sizeof buf, "%ld", c->items[i].count);
			return xstrdup(buf);
		}
		if (item != NULL)
			return eval_item_value(&c->items[i], column, all);
	}
	if (item != NULL || count)
		return NULL;
	/* Unqualified: items that hold first, in rule order. */
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < c->nitems; i++) {
			if (c->items[i].holds != (pass == 0))
				continue;
			if ((v = eval_item_value(&c->items[i], column, all)) !=
			    NULL)
				return v;
		}
	return NULL;
}

static char *
eval_dup(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

/* The same claim: one log line (with the same text: one line can carry
 * two values), or one object's field with one value. */
static int
eval_same_place(const struct finding_evidence *e, const struct eval_row *r)
{
	if (r->source != NULL && r->line > 0)
		return e->source != NULL && e->line == r->line &&
		    strcmp(e->source, r->source) == 0 &&
		    (e->text == NULL) == (r->text == NULL) &&
		    (r->text == NULL || strncmp(e->text, r->text, 4096) == 0);
	if (r->object != NULL)
		return e->object != NULL && strcmp(e->object, r->object) == 0 &&
		    (e->field == NULL) == (r->field == NULL) &&
		    (r->field == NULL || strcmp(e->field, r->field) == 0) &&
		    (e->value == NULL) == (r->value == NULL) &&
		    (r->value == NULL || strcmp(e->value, r->value) == 0);
	return 0;
}

static void
eval_cite(struct finding *f, const struct eval_item *it,
    const struct eval_row *r)
{
	struct finding_evidence *e;
	size_t i;

	if (f->nevidence >= EVAL_MAX_CITED)
		return;
	/* Two items of a rule may match the same line: cite it once. */
	for (i = 0; i < f->nevidence; i++)
		if (eval_same_place(&f->evidence[i], r))
			return;
	f->evidence = xreallocarray(f->evidence, f->nevidence + 1,
	    sizeof *f->evidence);
	e = &f->evidence[f->nevidence++];
	memset(e, 0, sizeof *e);
	e->item = xstrdup(it->ev->name);
	e->source = eval_dup(r->source);
	e->line = r->line;
	e->ts = r->ts;
	e->node = eval_dup(r->node);
	e->text = r->text ? xstrndup(r->text, 4096) : NULL;
	e->object = eval_dup(r->object);
	e->field = eval_dup(r->field);
	e->value = eval_dup(r->value);
}

/* Cite each holding item: the first rows, and the last one to show how
 * long a repeating signal lasted. */
void
eval_fill_finding(struct eval_ctx *c, struct finding *f)
{
	const struct eval_item *it;
	const struct eval_row *last;
	size_t i, j, shown, per;

	f->first_ts = INT64_MIN;
	f->last_ts = INT64_MIN;
	for (i = 0; i < c->nitems; i++) {
		it = &c->items[i];
		if (!it->holds)
			continue;
		f->total_evidence += it->count;
		per = it->ev->type == RULE_EVIDENCE_PATTERN ? 3 : 10;
		shown = 0;
		last = NULL;
		if (it->exact && it->first_ts != LOG_TS_NONE) {
			if (f->first_ts == INT64_MIN ||
			    it->first_ts < f->first_ts)
				f->first_ts = it->first_ts;
			if (it->last_ts > f->last_ts)
				f->last_ts = it->last_ts;
		}
		for (j = 0; j < it->nrows; j++) {
			if (it->rows[j].keep != 1)
				continue;
			if (!it->exact && it->rows[j].ts != LOG_TS_NONE) {
				if (f->first_ts == INT64_MIN ||
				    it->rows[j].ts < f->first_ts)
					f->first_ts = it->rows[j].ts;
				if (it->rows[j].ts > f->last_ts)
					f->last_ts = it->rows[j].ts;
			}
			if (shown < per) {
				eval_cite(f, it, &it->rows[j]);
				shown++;
			} else
				last = &it->rows[j];
		}
		if (last != NULL)
			eval_cite(f, it, last);
	}
}

/*
 * The rule fires when `when` holds over the items as they stand (all of
 * them, or one instance's): a finding with its summary, component,
 * evidence and state.
 */
static int
eval_fire(struct eval_ctx *c, struct finding_set *fs, struct mgt_error *err)
{
	const struct rule *rule = c->rule;
	struct finding *f;
	size_t i;
	int fired;

	if (rule->when != NULL)
		fired = rule_expr_eval(rule->when, eval_lookup_holds, c);
	else {
		for (fired = 1, i = 0; i < c->nitems; i++)
			fired = fired && c->items[i].holds;
	}
	if (!fired)
		return MGT_OK;
	f = finding_set_add(fs);
	f->rule = rule;
	f->summary = rule_template_fill(rule->summary, eval_template_lookup,
	    c);
	if (rule->component != NULL)
		f->component = rule_template_fill(rule->component,
		    eval_template_lookup, c);
	eval_fill_finding(c, f);
	return eval_state(c, f, err);
}

static int
eval_rule(sqlite3 *db, const struct rule *rule, struct finding_set *fs,
    const struct problem_sink *sink, struct index_catalogue *cat,
    int64_t gather_ts, struct mgt_error *err)
{
	struct eval_ctx c;
	struct mgt_error ierr;
	char **vals;
	size_t i, nvals, over;
	int rc = MGT_OK;

	memset(&c, 0, sizeof c);
	c.db = db;
	c.rule = rule;
	c.cat = cat;
	c.gather_ts = gather_ts;
	c.nitems = rule->nevidence;
	c.items = xcalloc(c.nitems + 1, sizeof *c.items);
	for (i = 0; i < c.nitems; i++) {
		c.items[i].ev = &rule->evidence[i];
		mgt_error_clear(&ierr);
		if (rule->evidence[i].type == RULE_EVIDENCE_SQL)
			rc = eval_sql(&c, &c.items[i], &ierr);
		else
			rc = eval_pattern(&c, &c.items[i], &ierr);
		if (rc == MGT_ERR_DB) {
			*err = ierr;
			goto out;
		}
		if (rc != MGT_OK) {
			c.items[i].failed = 1;
			/* A budget is a limit hit (warning); SQL that fails
			 * means the rule could not run at all (error). */
			problem_report(sink, rc == MGT_ERR_LIMIT ?
			    PROBLEM_WARNING : PROBLEM_ERROR, rc ==
			    MGT_ERR_LIMIT ? PCODE_LIMIT_SQL : PCODE_RULE,
			    rule->file, -1, rule->evidence[i].line, "%s",
			    ierr.msg);
			rc = MGT_OK;
			continue;
		}
		eval_apply_counts(&c.items[i]);
	}
	if (rule->for_each == NULL)
		rc = eval_fire(&c, fs, err);
	else {
		vals = eval_instances(&c, &nvals, &over);
		for (i = 0; i < nvals && rc == MGT_OK; i++) {
			eval_instance_narrow(&c, vals[i]);
			rc = eval_fire(&c, fs, err);
			eval_instance_restore(&c);
		}
		if (over > 0)
			problem_report(sink, PROBLEM_WARNING, PCODE_LIMIT_RULE,
			    rule->file, -1, rule->line, "rule %s: %zu values "
			    "of '%s' beyond the first %d made no finding",
			    rule->id, over, rule->for_each,
			    RULE_MAX_INSTANCES);
		for (i = 0; i < nvals; i++)
			free(vals[i]);
		free(vals);
	}
out:
	eval_items_free(c.items, c.nitems);
	return rc;
}

/* The gather's end (else its start) from the index's meta, INT64_MIN if
 * the case has neither. */
static int64_t
eval_gather_time(sqlite3 *db)
{
	static const char *const keys[] = { "gather_end", "gather_start" };
	int64_t ts;
	char *v;
	size_t i;

	for (i = 0; i < 2; i++) {
		v = index_meta(db, keys[i]);
		if (v != NULL && time_parse(v, strlen(v), &ts)) {
			free(v);
			return ts;
		}
		free(v);
	}
	return INT64_MIN;
}

int
eval_rules(sqlite3 *db, const struct ruleset *rs, struct finding_set *fs,
    const struct problem_sink *sink, struct mgt_error *err)
{
	struct index_catalogue *cat;
	int64_t gather_ts;
	size_t i;
	int rc = MGT_OK;

	cat = index_catalogue_new(db);
	gather_ts = eval_gather_time(db);
	for (i = 0; i < rs->nrules && rc == MGT_OK; i++)
		rc = eval_rule(db, &rs->rules[i], fs, sink, cat, gather_ts,
		    err);
	index_catalogue_free(cat);
	return rc;
}

int
eval_item(sqlite3 *db, const struct rule *rule, size_t item, int *holds,
    long *rows, struct mgt_error *err)
{
	struct eval_ctx c;
	int rc;

	memset(&c, 0, sizeof c);
	c.db = db;
	c.rule = rule;
	c.cat = index_catalogue_new(db);
	c.nitems = 1;
	c.items = xcalloc(1, sizeof *c.items);
	c.items[0].ev = &rule->evidence[item];
	if (rule->evidence[item].type == RULE_EVIDENCE_SQL)
		rc = eval_sql(&c, &c.items[0], err);
	else
		rc = eval_pattern(&c, &c.items[0], err);
	if (rc == MGT_OK)
		eval_apply_counts(&c.items[0]);
	*holds = c.items[0].holds;
	*rows = c.items[0].count;
	index_catalogue_free(c.cat);
	eval_items_free(c.items, 1);
	return rc;
}
