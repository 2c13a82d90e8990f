/*
 * Rule patterns during ingest: compile every pattern evidence item of the
 * rule set into one matcher, choose per member which patterns apply (by the
 * item's source globs and kinds), and store the hits, capped per (rule,
 * source) and per rule with the true counts kept.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "ingest-private.h"
#include "parse-log.h"
#include "util.h"
#include "xmalloc.h"

static const char *const ingest_log_kinds[] = {
	"pod_log", "service_log", "journal", "log"
};

int
ingest_patterns_init(struct ingest *in, struct mgt_error *err)
{
	const struct ruleset *rs = in->opt->rules;
	struct rule_evidence *ev;
	struct ingest_pattern *ip;
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
	in->matcher = matcher_new(&in->opt->limits);
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
			matcher_set_label(in->matcher, id, rs->rules[i].id);
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
		in->pats[i].source_seen = 0;
		in->pats[i].source_stored = 0;
		in->pats[i].tail_rowid = 0;
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

static int
ingest_hit_tail(struct ingest *in, struct ingest_pattern *ip,
    const struct match_hit *h, long line_no)
{
	sqlite3 *db = index_db(in->idx);
	struct mgt_error err;
	size_t len = h->line_len > 4096 ? 4096 : h->line_len;

	if (ip->tail_rowid == 0)
		return MGT_OK;
	if (in->tail_st == NULL && sqlite3_prepare_v2(db, "UPDATE hits SET "
	    "line_no = ?1, ts = ?2, text = ?3, captures = ?4 WHERE rowid = ?5",
	    -1, &in->tail_st, NULL) != SQLITE_OK)
		goto fail;
	sqlite3_bind_int64(in->tail_st, 1, line_no);
	if (in->block_ts[h->line_index] == LOG_TS_NONE)
		sqlite3_bind_null(in->tail_st, 2);
	else
		sqlite3_bind_int64(in->tail_st, 2, in->block_ts[h->line_index]);
	sqlite3_bind_text(in->tail_st, 3, h->line, (int)len, SQLITE_STATIC);
	if (h->captures_json != NULL)
		sqlite3_bind_text(in->tail_st, 4, h->captures_json, -1,
		    SQLITE_STATIC);
	else
		sqlite3_bind_null(in->tail_st, 4);
	sqlite3_bind_int64(in->tail_st, 5, ip->tail_rowid);
	if (sqlite3_step(in->tail_st) != SQLITE_DONE)
		goto fail;
	sqlite3_reset(in->tail_st);
	sqlite3_clear_bindings(in->tail_st);
	return MGT_OK;
fail:
	mgt_error_set(&err, MGT_ERR_DB, in->vpath, -1, line_no,
	    "keeping the latest hit: %s", sqlite3_errmsg(db));
	if (in->tail_st != NULL)
		sqlite3_reset(in->tail_st);
	return ingest_db_error(in, &err);
}

static int
ingest_hit(void *ctx, const struct match_hit *h)
{
	struct ingest *in = ctx;
	struct ingest_pattern *ip;
	struct index_hit hit;
	struct log_record rec;
	struct mgt_error err;
	char host[256];
	long line_no;

	if ((ip = ingest_pattern_by_id(in, h->pattern_id)) == NULL)
		return MGT_OK;
	ip->seen++;
	ip->source_seen++;
	line_no = in->block_first + (long)h->line_index;
	if (ip->source_stored >= in->opt->limits.max_hits_rule_source ||
	    ip->stored >= in->opt->limits.max_hits_rule) {
		if (!ip->capped) {
			problem_report(&in->sink, PROBLEM_INFO, PCODE_LIMIT_HITS,
			    in->vpath, -1, line_no,
			    "rule %s item %s: more hits than stored (%ld per "
			    "file, %ld per rule); counting the rest and keeping "
			    "the latest", ip->rule->id, ip->ev->name,
			    in->opt->limits.max_hits_rule_source,
			    in->opt->limits.max_hits_rule);
			ip->capped = 1;
		}
		/* The last stored row follows the latest hit, so a window
		 * still sees how long the signal lasted. */
		return ingest_hit_tail(in, ip, h, line_no);
	}
	parse_log_line(h->line, h->line_len, in->year_hint, &rec);
	host[0] = '\0';
	if (rec.host != NULL && rec.host_len > 0 && rec.host_len < sizeof host) {
		memcpy(host, rec.host, rec.host_len);
		host[rec.host_len] = '\0';
	}
	memset(&hit, 0, sizeof hit);
	hit.rule_id = ip->rule->id;
	hit.evidence = ip->ev->name;
	hit.source_id = in->source_id;
	hit.line_no = line_no;
	hit.ts = in->block_ts[h->line_index];
	hit.node = host[0] ? host : NULL;
	hit.text = h->line;
	hit.text_len = h->line_len > 4096 ? 4096 : h->line_len;
	hit.captures = h->captures_json;
	if (index_add_hit(in->idx, &hit, &err) != MGT_OK)
		return ingest_db_error(in, &err);
	if (ip->source_stored + 1 >= in->opt->limits.max_hits_rule_source)
		ip->tail_rowid = sqlite3_last_insert_rowid(index_db(in->idx));
	ip->stored++;
	ip->source_stored++;
	in->res->hits++;
	return MGT_OK;
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

	/* No statement may outlive the commit that closes the database. */
	sqlite3_finalize(in->tail_st);
	in->tail_st = NULL;
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
	sqlite3_finalize(in->tail_st);
	in->tail_st = NULL;
	if (in->matcher != NULL)
		matcher_free(in->matcher);
	in->matcher = NULL;
	free(in->pats);
	in->pats = NULL;
	free(in->active);
	in->active = NULL;
	free(in->block_ts);
	free(in->block_sev);
	in->block_ts = NULL;
	in->block_sev = NULL;
}
