/* SPDX-License-Identifier: Apache-2.0 */
/*
 * grep over the original inputs (see grep-stream.h).  Lines are cut,
 * numbered, stamped and attributed the way ingest does it (a continuation
 * line takes its record's time; a journal line names its host), so the
 * output matches what an index built with --full-text would give.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mgtriage.h"
#include "error.h"
#include "grep-stream.h"
#include "index-read.h"
#include "mgt-limits.h"
#include "parse-journal.h"
#include "parse-log.h"
#include "source.h"
#include "text-decode.h"
#include "util.h"
#include "xmalloc.h"

struct grep_ctx {
	const struct grep_query	*q;
	struct mgt_limits	 lim;
	struct index_catalogue	*cat;		/* kind and node of a vpath */
	pcre2_match_data	*md;
	int			 year;		/* for stamps without one */
	long long		 count;
	struct mgt_error	*err;		/* where a failure is told */
	int			 stopped;	/* q->fn said stop */

	/* The member being read. */
	const char		*vpath;
	char			*src_node;
	long			 line_no;
	int64_t			 record_ts;
	char			*carry;		/* a line cut by a block end */
	size_t			 carry_len, carry_cap;
};

int
grep_source_match(const char *glob, const char *vpath)
{
	const char *inner = strrchr(vpath, '!');

	return util_glob_path(glob, inner != NULL ? inner + 1 : vpath);
}

/* a is b, or a's first label is b ("control0.gw.lo" and "control0"). */
static int
grep_node_prefix(const char *a, const char *b)
{
	size_t n = strlen(b);

	return strncasecmp(a, b, n) == 0 && (a[n] == '\0' || a[n] == '.');
}

int
grep_node_match(const char *want, const char *node)
{
	if (want == NULL)
		return 1;
	if (node == NULL)
		return 0;
	return grep_node_prefix(node, want) || grep_node_prefix(want, node);
}

/* One line of the member: number it, stamp it, test it, pass it on. */
static void
grep_line(struct grep_ctx *g, const char *p, size_t l)
{
	const struct grep_query *q = g->q;
	struct log_record rec;
	struct mgt_line ml;
	char host[256];
	const char *node = g->src_node;
	int64_t ts;

	if (g->stopped)
		return;
	if (l > 0 && p[l - 1] == '\r')
		l--;
	g->line_no++;
	parse_log_line(p, l, g->year, &rec);
	/* A continuation line keeps its record's time. */
	if (rec.prefix != LOG_PREFIX_NONE && rec.ts != LOG_TS_NONE)
		g->record_ts = rec.ts;
	ts = g->record_ts;
	if (q->has_since && (ts == LOG_TS_NONE || ts < q->since))
		return;
	if (q->has_until && (ts == LOG_TS_NONE || ts > q->until))
		return;
	if (parse_log_host(&rec, host, sizeof host) != NULL)
		node = host;
	if (!grep_node_match(q->node, node))
		return;
	if (pcre2_match(q->re, (PCRE2_SPTR)p, l, 0, 0, g->md, NULL) < 0)
		return;
	g->count++;
	ml.where = g->vpath;
	ml.line = g->line_no;
	ml.node = node;
	ml.ts = ts;
	ml.text = p;
	ml.len = l;
	if (q->fn != NULL && q->fn(q->data, &ml) != 0)
		g->stopped = 1;
}

/* Lines of a block; a line cut by the block's end waits in carry (at
 * most max-line bytes of it are kept, as ingest keeps them). */
static void
grep_block(struct grep_ctx *g, const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len, *nl;
	size_t n, room;

	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (g->carry_len > 0 || nl == NULL) {
			room = g->lim.max_line > g->carry_len ?
			    g->lim.max_line - g->carry_len : 0;
			if (n < room)
				room = n;
			if (g->carry_len + room > g->carry_cap) {
				g->carry_cap = (g->carry_len + room) * 2;
				g->carry = xreallocarray(g->carry,
				    g->carry_cap, 1);
			}
			memcpy(g->carry + g->carry_len, p, room);
			g->carry_len += room;
			if (nl == NULL)
				return;
			grep_line(g, g->carry, g->carry_len);
			g->carry_len = 0;
		} else
			grep_line(g, p, n > g->lim.max_line ?
			    g->lim.max_line : n);
		p = nl + 1;
	}
}

static int
grep_journal_line(void *ctx, const char *line, size_t len, long entry)
{
	(void)entry;
	grep_line(ctx, line, len);
	return MGT_OK;
}

/* journalctl -o json / -o export, converted to lines as ingest does. */
static void
grep_journal(struct grep_ctx *g, struct source_member *m, const void *head,
    size_t headlen, enum journal_format fmt)
{
	struct journal_conv *jc;
	const void *buf;
	size_t len;

	jc = journal_conv_new(fmt, &g->lim, NULL, m->vpath);
	journal_conv_push(jc, head, headlen, grep_journal_line, g);
	while (source_read(m, &buf, &len) > 0)
		journal_conv_push(jc, buf, len, grep_journal_line, g);
	journal_conv_end(jc, grep_journal_line, g);
	journal_conv_free(jc);
}

static int
grep_member(void *ctx, struct source_member *m)
{
	struct grep_ctx *g = ctx;
	struct text_decode td;
	const void *buf;
	const char *text;
	size_t len, tlen;
	enum journal_format fmt;
	struct mgt_error e;
	int journal = 0, log;

	/* Any status but MGT_OK ends the walk; grep_stream() knows why. */
	if (g->stopped)
		return MGT_ERR_INTERNAL;
	if (m->type != SOURCE_REGULAR)
		return MGT_OK;
	/* A failed lookup is an error, never a silently shorter search. */
	free(g->src_node);
	g->src_node = NULL;
	mgt_error_clear(&e);
	if (index_catalogue_log(g->cat, m->vpath, &log, &journal,
	    &g->src_node, &e) != MGT_OK)
		return error_set(g->err, MGT_ERR_DB, m->vpath, -1, 0,
		    "reading the catalogue: %s", e.msg);
	if (log == 0)
		return MGT_OK;
	if (g->q->glob != NULL && !grep_source_match(g->q->glob, m->vpath))
		return MGT_OK;
	g->vpath = m->vpath;
	g->line_no = 0;
	g->record_ts = LOG_TS_NONE;
	g->carry_len = 0;
	if (source_read(m, &buf, &len) <= 0)
		return MGT_OK;
	if (journal && (fmt = journal_detect(buf, len)) != JOURNAL_TEXT) {
		grep_journal(g, m, buf, len, fmt);
		return MGT_OK;
	}
	/* Decoded as ingest decodes it: UTF-16, lone CRs. */
	/* Without iconv's UTF-16 the bytes are searched as they are: index
	 * runs report that file. */
	(void)text_decode_init(&td, text_detect(buf, len));
	do {
		text_decode(&td, buf, len, &text, &tlen);
		grep_block(g, text, tlen);
	} while (source_read(m, &buf, &len) > 0);
	text_decode_free(&td);
	if (g->carry_len > 0)
		grep_line(g, g->carry, g->carry_len);
	g->carry_len = 0;
	return MGT_OK;
}

int
grep_stream(sqlite3 *db, char *const *inputs, size_t n,
    const struct mgt_limits *lim, const struct grep_query *q,
    long long *count, struct mgt_error *err)
{
	struct grep_ctx g;
	struct source_stats st;
	struct mgt_error e;
	size_t i;
	int rc = MGT_OK;

	memset(&g, 0, sizeof g);
	g.q = q;
	g.err = err;
	g.lim = *lim;
	*count = 0;
	mgt_error_clear(&e);
	if (index_read_year(db, &g.year, &e) != MGT_OK)
		return error_set(err, MGT_ERR_DB, "", -1, 0,
		    "reading the case's year: %s", e.msg);
	g.cat = index_catalogue_new(db);
	g.md = pcre2_match_data_create_from_pattern(q->re, NULL);
	memset(&st, 0, sizeof st);
	for (i = 0; i < n && rc == MGT_OK && !g.stopped; i++)
		rc = source_walk(inputs[i], &g.lim, NULL, grep_member, &g,
		    &st, err);
	if (g.stopped) {
		mgt_error_clear(err);
		rc = MGT_OK;
	}
	*count = g.count;
	pcre2_match_data_free(g.md);
	index_catalogue_free(g.cat);
	free(g.src_node);
	free(g.carry);
	return rc;
}
