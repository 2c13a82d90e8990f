/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Rule patterns during ingest: compile every pattern evidence item of the
 * rule set into one matcher, choose per member which patterns apply (by the
 * item's source globs and kinds), tally every hit exactly per source, and
 * store hit rows up to a cap per (rule, source) and per rule.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "error.h"
#include "ingest-private.h"
#include "parse-log.h"
#include "util.h"
#include "xmalloc.h"

static const char *const ingest_log_kinds[] = {
	"pod_log", "service_log", "journal", "log", "install_log"
};

int
ingest_patterns_init(struct ingest *in, struct mgt_error *err)
{
	const struct ruleset *rs = in->opt->rules;
	struct rule_evidence *ev;
	struct ingest_pattern *ip;
	char label[256];
	size_t i, j, n = 0;
	int id;

	if (rs == NULL)
		return MGT_OK;
	for (i = 0; i < rs->nrules; i++)
		for (j = 0; j < rs->rules[i].nevidence; j++)
			if (rs->rules[i].evidence[j].type ==
			    RULE_EVIDENCE_PATTERN)
				n++;
	if (n == 0)
		return MGT_OK;
	in->matcher = matcher_new(&in->opt->limits,
	    (in->opt->no_jit ? MATCHER_NO_JIT : 0) |
	    (in->opt->no_simd ? MATCHER_NO_SIMD : 0));
	in->pats = xcalloc(n, sizeof *in->pats);
	for (i = 0; i < rs->nrules; i++) {
		for (j = 0; j < rs->rules[i].nevidence; j++) {
			ev = &rs->rules[i].evidence[j];
			if (ev->type != RULE_EVIDENCE_PATTERN)
				continue;
			id = matcher_add(in->matcher, ev->pattern,
			    ev->caseless ? MATCH_CASELESS : 0, err);
			if (id < 0) {
				/* The loader validated it; a failure here is
				 * reported against the rule and skipped. */
				problem_report(&in->sink, PROBLEM_WARNING,
				    PCODE_RULE, rs->rules[i].file, -1, ev->line,
				    "rule %s: pattern %s not usable: %s",
				    rs->rules[i].id, ev->name, err->msg);
				mgt_error_clear(err);
				continue;
			}
			snprintf(label, sizeof label, "rule %s, evidence %s",
			    rs->rules[i].id, ev->name);
			matcher_set_label(in->matcher, id, label);
			ip = &in->pats[in->npats++];
			ip->rule = &rs->rules[i];
			ip->ev = ev;
			ip->id = id;
		}
	}
	if (matcher_compile(in->matcher, err) != MGT_OK)
		return err->code ? err->code : MGT_ERR_INTERNAL;
	in->active = xcalloc((size_t)matcher_count(in->matcher) + 1, 1);
	return MGT_OK;
}

static int
ingest_pattern_applies(const struct ingest *in, const struct rule_evidence *ev)
{
	const char *kind = classify_kind_name(in->cls.kind);
	size_t i;
	int ok;

	if (ev->nkinds > 0) {
		for (ok = 0, i = 0; i < ev->nkinds && !ok; i++)
			ok = strcmp(ev->kinds[i], kind) == 0;
		if (!ok)
			return 0;
	} else {
		for (ok = 0, i = 0; i < sizeof ingest_log_kinds /
		    sizeof ingest_log_kinds[0] && !ok; i++)
			ok = strcmp(ingest_log_kinds[i], kind) == 0;
		if (!ok)
			return 0;
	}
	if (ev->nsources == 0)
		return 1;
	for (i = 0; i < ev->nsources; i++)
		if (util_glob_path(ev->sources[i], in->path))
			return 1;
	return 0;
}

void
ingest_patterns_select(struct ingest *in)
{
	size_t i;

	if (in->matcher == NULL)
		return;
	memset(in->active, 0, (size_t)matcher_count(in->matcher));
	in->any_active = 0;
	for (i = 0; i < in->npats; i++) {
		in->pats[i].source_stored = 0;
		in->pats[i].has_latest = 0;
		if (ingest_pattern_applies(in, in->pats[i].ev)) {
			in->active[in->pats[i].id] = 1;
			in->any_active = 1;
		}
	}
	matcher_select(in->matcher, in->active);
}

static struct ingest_pattern *
ingest_pattern_by_id(struct ingest *in, int id)
{
	size_t lo = 0, hi = in->npats, mid;

	/* Pattern ids are assigned in order, so pats is sorted by id. */
	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (in->pats[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < in->npats && in->pats[lo].id == id ? &in->pats[lo] : NULL;
}

/* Text ordering as SQLite's BINARY collation: bytes, then length. */
static int
ingest_text_cmp(const char *a, size_t al, const char *b, size_t bl)
{
	int c = memcmp(a, b, al < bl ? al : bl);

	if (c != 0)
		return c;
	return (al > bl) - (al < bl);
}

static int
ingest_streq(const char *a, const char *b)
{
	return a == NULL || b == NULL ? a == b : strcmp(a, b) == 0;
}

/*
 * Count a hit in the source's tally for the host its line names and the
 * value of the capture the item groups by (grp, copied when kept).
 */
static void
ingest_tally_add(struct ingest_pattern *ip, const char *host,
    const char *grp, int64_t ts, long line_no, const char *text, size_t tlen)
{
	struct ingest_tally *t = NULL;
	size_t i;

	if (host[0] == '\0')
		host = NULL;
	for (i = 0; i < ip->ntally; i++) {
		t = &ip->tally[i];
		if (ingest_streq(t->host, host) && ingest_streq(t->grp, grp))
			break;
	}
	if (i == ip->ntally) {
		if (ip->ntally == ip->ctally) {
			ip->ctally = ip->ctally ? ip->ctally * 2 : 2;
			ip->tally = xreallocarray(ip->tally, ip->ctally,
			    sizeof *ip->tally);
		}
		t = &ip->tally[ip->ntally++];
		memset(t, 0, sizeof *t);
		t->host = host != NULL ? xstrdup(host) : NULL;
		t->grp = grp != NULL ? xstrdup(grp) : NULL;
	}
	t->seen++;
	if (ts == LOG_TS_NONE)
		return;
	if (t->timed == 0 || ts < t->first_ts)
		t->first_ts = ts;
	if (t->timed == 0 || ts > t->last_ts)
		t->last_ts = ts;
	if (t->timed == 0 || line_no < t->first_line)
		t->first_line = line_no;
	if (tlen > INGEST_HIT_TEXT_MAX)
		tlen = INGEST_HIT_TEXT_MAX;
	if (t->timed == 0 || ingest_text_cmp(text, tlen, t->text,
	    t->text_len) < 0) {
		t->text = xreallocarray(t->text, tlen + 1, 1);
		memcpy(t->text, text, tlen);
		t->text[tlen] = '\0';
		t->text_len = tlen;
	}
	t->timed++;
}

/* Keep a hit that is not stored: the source's latest is stored at its end. */
static void
ingest_keep_latest(struct ingest_pattern *ip, const struct match_hit *h,
    long line_no, int64_t ts, const char *host)
{
	if (h->line_len + 1 > ip->latest_cap) {
		ip->latest_cap = h->line_len + 1;
		ip->latest = xreallocarray(ip->latest, ip->latest_cap, 1);
	}
	memcpy(ip->latest, h->line, h->line_len);
	ip->latest_len = h->line_len;
	ip->latest_line = line_no;
	ip->latest_ts = ts;
	memcpy(ip->latest_host, host, strlen(host) + 1);
	ip->has_latest = 1;
}

static int
ingest_store_hit(struct ingest *in, struct ingest_pattern *ip, long line_no,
    int64_t ts, const char *node, const char *text, size_t len,
    const char *captures)
{
	struct index_hit hit;
	struct mgt_error err;

	memset(&hit, 0, sizeof hit);
	hit.rule_id = ip->rule->id;
	hit.evidence = ip->ev->name;
	hit.source_id = in->source_id;
	hit.line_no = line_no;
	hit.ts = ts;
	hit.node = node;
	hit.text = text;
	hit.text_len = len > INGEST_HIT_TEXT_MAX ? INGEST_HIT_TEXT_MAX : len;
	hit.captures = captures;
	if (index_add_hit(in->idx, &hit, &err) != MGT_OK)
		return ingest_db_error(in, &err);
	ip->stored++;
	ip->source_stored++;
	in->res->hits++;
	return MGT_OK;
}

/*
 * A match: always counted in the tally; stored as a row while the item has
 * stored fewer than max-hits-rule-source in this source and max-hits-rule
 * in all; past that only the source's latest is kept, to be stored when it
 * ends, so that a window still sees how long the signal lasted.
 */
static int
ingest_hit(void *ctx, const struct match_hit *h)
{
	struct ingest *in = ctx;
	struct ingest_pattern *ip;
	const struct ingest_host *hh;
	const char *g;
	char host[INGEST_HOST_MAX];
	long line_no;
	int64_t ts;

	if ((ip = ingest_pattern_by_id(in, h->pattern_id)) == NULL)
		return MGT_OK;
	ip->seen++;
	line_no = in->block_first + (long)h->line_index;
	ts = in->block_ts[h->line_index];
	hh = &in->block_host[h->line_index];
	memcpy(host, h->line + hh->off, hh->len);
	host[hh->len] = '\0';
	g = ip->ev->group_by;
	ingest_tally_add(ip, host, g != NULL && strcmp(g, "node") != 0 &&
	    strcmp(g, "source") != 0 ? match_hit_group(h, g) : NULL, ts,
	    line_no, h->line, h->line_len);
	if (ip->source_stored < in->opt->limits.max_hits_rule_source &&
	    ip->stored < in->opt->limits.max_hits_rule)
		return ingest_store_hit(in, ip, line_no, ts,
		    host[0] ? host : NULL, h->line, h->line_len,
		    match_hit_captures(h));
	if (!ip->capped) {
		problem_report(&in->sink, PROBLEM_INFO, PCODE_LIMIT_HITS,
		    in->vpath, -1, line_no,
		    "rule %s item %s: more hits than stored (%ld per "
		    "file, %ld per rule); the rest are counted, and each "
		    "file's latest is stored", ip->rule->id, ip->ev->name,
		    in->opt->limits.max_hits_rule_source,
		    in->opt->limits.max_hits_rule);
		ip->capped = 1;
	}
	if (ip->source_stored > 0)
		ingest_keep_latest(ip, h, line_no, ts, host);
	return MGT_OK;
}

/*
 * The source has ended: store each item's tallies and the latest hit kept
 * past the cap, and start the next source afresh.
 */
int
ingest_patterns_source_end(struct ingest *in)
{
	struct ingest_pattern *ip;
	struct index_hit_stat st;
	struct mgt_error err;
	struct ingest_tally *t;
	char *caps;
	size_t i, j;
	int rc = MGT_OK;

	for (i = 0; i < in->npats; i++) {
		ip = &in->pats[i];
		for (j = 0; j < ip->ntally; j++) {
			t = &ip->tally[j];
			memset(&st, 0, sizeof st);
			st.rule_id = ip->rule->id;
			st.evidence = ip->ev->name;
			st.source_id = in->source_id;
			st.node = t->host;
			st.grp = t->grp;
			st.seen = t->seen;
			st.timed = t->timed;
			st.first_ts = t->timed > 0 ? t->first_ts : LOG_TS_NONE;
			st.last_ts = t->timed > 0 ? t->last_ts : LOG_TS_NONE;
			st.first_line = t->first_line;
			st.text = t->timed > 0 ? t->text : NULL;
			st.text_len = t->text_len;
			if (rc == MGT_OK &&
			    index_add_hit_stat(in->idx, &st, &err) != MGT_OK)
				rc = ingest_db_error(in, &err);
			free(t->host);
			free(t->grp);
			free(t->text);
		}
		ip->ntally = 0;
		if (ip->has_latest && rc == MGT_OK &&
		    ip->stored < in->opt->limits.max_hits_rule) {
			caps = matcher_captures(in->matcher, ip->id, ip->latest,
			    ip->latest_len);
			rc = ingest_store_hit(in, ip, ip->latest_line,
			    ip->latest_ts, ip->latest_host[0] ?
			    ip->latest_host : NULL, ip->latest,
			    ip->latest_len, caps);
			cJSON_free(caps);
		}
		ip->has_latest = 0;
		ip->source_stored = 0;
	}
	return rc;
}

int
ingest_patterns_scan(struct ingest *in, const char *block, size_t len)
{
	if (in->matcher == NULL || !in->any_active)
		return MGT_OK;
	return matcher_scan(in->matcher, block, len, ingest_hit, in, &in->sink,
	    in->vpath, in->block_first);
}

/* Keep the true hit counts so rules can count past the storage cap. */
int
ingest_patterns_finish(struct ingest *in, struct mgt_error *err)
{
	char key[512], val[64];
	size_t i;
	int rc;

	for (i = 0; i < in->npats; i++) {
		if (in->pats[i].seen == in->pats[i].stored)
			continue;
		snprintf(key, sizeof key, "hits_seen:%s:%s",
		    in->pats[i].rule->id, in->pats[i].ev->name);
		snprintf(val, sizeof val, "%ld", in->pats[i].seen);
		if ((rc = index_set_meta(in->idx, key, val, err)) != MGT_OK)
			return rc;
	}
	return MGT_OK;
}

void
ingest_patterns_free(struct ingest *in)
{
	size_t i, j;

	for (i = 0; i < in->npats; i++) {
		for (j = 0; j < in->pats[i].ntally; j++) {
			free(in->pats[i].tally[j].host);
			free(in->pats[i].tally[j].grp);
			free(in->pats[i].tally[j].text);
		}
		free(in->pats[i].tally);
		free(in->pats[i].latest);
	}
	if (in->matcher != NULL)
		matcher_free(in->matcher);
	in->matcher = NULL;
	free(in->pats);
	in->pats = NULL;
	free(in->active);
	in->active = NULL;
	free(in->block_ts);
	free(in->block_host);
	in->block_ts = NULL;
	in->block_host = NULL;
}
