/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The MCP tools over cases and their results: the table tools/list
 * shows, the open cases, and open_case, summary, findings, explain and
 * diff.  The tools that read the index (resources, logs, timeline, SQL)
 * are in mcp-tools2.c.
 */
#include "config.h"

#include <sys/stat.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli-util.h"
#include "mcp.h"

/* Room a page leaves for the members around its items. */
#define MCP_PAGE_SLACK	512

void
mcp_cases_free(struct mcp_server *sv)
{
	size_t i;

	for (i = 0; i < sv->ncases; i++) {
		mgt_result_free(sv->cases[i].r);
		mgt_case_close(sv->cases[i].c);
		free(sv->cases[i].label);
	}
	sv->ncases = 0;
}

/* Add c as the newest case, closing the oldest when all slots are used. */
static struct mcp_case *
mcp_case_add(struct mcp_server *sv, mgt_case *c, const char *const *in,
    size_t n)
{
	struct mcp_case *mc;
	size_t i, len = 1;

	if (sv->ncases == MCP_MAX_CASES) {
		mgt_result_free(sv->cases[0].r);
		mgt_case_close(sv->cases[0].c);
		free(sv->cases[0].label);
		memmove(&sv->cases[0], &sv->cases[1],
		    (MCP_MAX_CASES - 1) * sizeof sv->cases[0]);
		sv->ncases--;
	}
	mc = &sv->cases[sv->ncases++];
	memset(mc, 0, sizeof *mc);
	snprintf(mc->id, sizeof mc->id, "case-%u", ++sv->next_id);
	mc->c = c;
	for (i = 0; i < n; i++)
		len += strlen(in[i]) + 2;
	mc->label = cli_calloc(1, len);
	for (i = 0; i < n; i++) {
		if (i > 0)
			strcat(mc->label, ", ");
		strcat(mc->label, in[i]);
	}
	return mc;
}

/* Whether PATH is the server's own standard input or output ("-",
 * /dev/stdin, /proc/self/fd/0, ...): those carry the protocol, and reading
 * one as a must-gather would block on, and swallow, the client's messages. */
static int
mcp_input_is_protocol(const char *path)
{
	struct stat a, b;
	int fd;

	if (strcmp(path, "-") == 0)
		return 1;
	if (stat(path, &a) != 0)
		return 0;
	for (fd = 0; fd <= 1; fd++)
		if (fstat(fd, &b) == 0 && a.st_dev == b.st_dev &&
		    a.st_ino == b.st_ino)
			return 1;
	return 0;
}

struct mcp_case *
mcp_case_open(struct mcp_server *sv, const char *const *in, size_t n,
    char **msg)
{
	struct mcp_case *last = NULL;
	struct mgt_index_stats st;
	struct mgt_error err;
	char ebuf[2200];
	mgt_case *c, **opened;
	size_t i, ndb = 0;

	for (i = 0; i < n; i++)
		if (mcp_input_is_protocol(in[i])) {
			*msg = mcp_msg("%.300s: the server's standard input "
			    "and output carry the protocol; give a file or "
			    "directory", in[i]);
			return NULL;
		}
	for (i = 0; i < n; i++)
		ndb += cmd_is_index(in[i]) ? 1 : 0;
	if (ndb > 0 && ndb < n) {
		*msg = mcp_msg("give must-gather inputs or indexes, not both");
		return NULL;
	}
	mgt_error_clear(&err);
	if (ndb == 0) {
		if (mgt_case_build(sv->s, in, n, NULL, 0, &st, &c, &err) !=
		    MGT_OK) {
			*msg = mcp_msg("cannot index the inputs: %s",
			    mgt_error_format(&err, ebuf, sizeof ebuf));
			return NULL;
		}
		/* A case of nothing read only answers "nothing": say why
		 * now (the server's stderr has each input's error). */
		if (st.unreadable == (int)n) {
			mgt_case_close(c);
			*msg = mcp_msg("no input could be read (missing, not "
			    "readable, or not an archive or directory): %.300s%s",
			    in[0], n > 1 ? ", ..." : "");
			return NULL;
		}
		return mcp_case_add(sv, c, in, n);
	}
	/* All or nothing: the open cases change only when every index
	 * opens. */
	opened = cli_reallocarray(NULL, n, sizeof *opened);
	for (i = 0; i < n; i++) {
		if (mgt_case_open(sv->s, in[i], &opened[i], &err) != MGT_OK) {
			*msg = mcp_msg("cannot open the index: %s",
			    mgt_error_format(&err, ebuf, sizeof ebuf));
			while (i-- > 0)
				mgt_case_close(opened[i]);
			free(opened);
			return NULL;
		}
	}
	for (i = 0; i < n; i++)
		last = mcp_case_add(sv, opened[i], in + i, 1);
	free(opened);
	return last;
}

struct mcp_case *
mcp_case_get(struct mcp_server *sv, const cJSON *args, const char *key,
    char **msg)
{
	const char *id = NULL;
	size_t i;

	if (mcp_arg_string(args, key, &id, msg) != 0)
		return NULL;
	if (sv->ncases == 0) {
		*msg = mcp_msg("no case is open: call open_case with a "
		    "must-gather archive or directory, or an index");
		return NULL;
	}
	if (id == NULL)
		return &sv->cases[sv->ncases - 1];
	for (i = 0; i < sv->ncases; i++)
		if (strcmp(sv->cases[i].id, id) == 0)
			return &sv->cases[i];
	*msg = mcp_msg("no open case '%.100s' (open_case lists them)", id);
	return NULL;
}

mgt_result *
mcp_case_result(struct mcp_case *mc, char **msg)
{
	struct mgt_error err;
	char ebuf[2200];

	if (mc->r != NULL)
		return mc->r;
	mgt_error_clear(&err);
	if (mgt_evaluate(mc->c, NULL, &mc->r, &err) != MGT_OK) {
		*msg = mcp_msg("cannot evaluate the rules: %s",
		    mgt_error_format(&err, ebuf, sizeof ebuf));
		mc->r = NULL;
	}
	return mc->r;
}

int
mcp_arg_page(const cJSON *args, long long def, long long *offset,
    long long *limit, char **msg)
{
	*offset = 0;
	*limit = def;
	if (mcp_arg_int(args, "offset", 0, INT32_MAX, offset, msg) != 0 ||
	    mcp_arg_int(args, "limit", 1, MCP_MAX_ITEMS, limit, msg) != 0)
		return -1;
	return 0;
}

void
mcp_page_finish(cJSON *out, const struct mcp_page *p, long long total,
    long long offset, long long next)
{
	if (total >= 0)
		cJSON_AddNumberToObject(out, "total", (double)total);
	else
		cJSON_AddNullToObject(out, "total");
	cJSON_AddNumberToObject(out, "offset", (double)offset);
	cJSON_AddNumberToObject(out, "returned",
	    cJSON_GetArraySize(p->items));
	if (next >= 0)
		cJSON_AddNumberToObject(out, "next_offset", (double)next);
	else
		cJSON_AddNullToObject(out, "next_offset");
	cJSON_AddBoolToObject(out, "truncated", p->full);
}

/* Budget for a page's items under cap. */
static size_t
mcp_budget(size_t cap)
{
	return cap > 2 * MCP_PAGE_SLACK ? cap - MCP_PAGE_SLACK : cap / 2;
}

static const char *const mcp_states[] = { "current", "history",
	"suppressed" };

static cJSON *
mcp_evidence_json(const struct mgt_evidence *e)
{
	cJSON *o = cJSON_CreateObject();

	mcp_add_str(o, "item", e->item, 256);
	mcp_add_str(o, "where", e->where, 1024);
	if (e->line > 0)
		cJSON_AddNumberToObject(o, "line", e->line);
	else
		cJSON_AddNullToObject(o, "line");
	mcp_add_time(o, "time", e->ts);
	mcp_add_str(o, "node", e->node, 256);
	mcp_add_str(o, "text", e->text, 0);
	mcp_add_str(o, "object", e->object, 1024);
	mcp_add_str(o, "field", e->field, 512);
	mcp_add_str(o, "value", e->value, 0);
	return o;
}

/* Finding i with up to nev pieces of evidence from evoff on. */
static cJSON *
mcp_finding_json(const mgt_result *r, size_t i, size_t evoff, size_t nev,
    size_t budget)
{
	struct mgt_finding f;
	struct mgt_evidence e;
	struct mcp_page p;
	cJSON *o, *refs;
	size_t k;

	mgt_result_finding(r, i, &f);
	o = cJSON_CreateObject();
	cJSON_AddNumberToObject(o, "id", (double)i);
	cJSON_AddNumberToObject(o, "rank", f.rank);
	if (f.cause >= 0)
		cJSON_AddNumberToObject(o, "cause", (double)f.cause);
	else
		cJSON_AddNullToObject(o, "cause");
	mcp_add_str(o, "rule_id", f.rule_id, 256);
	mcp_add_str(o, "title", f.title, 1024);
	cJSON_AddStringToObject(o, "severity", mgt_severity_name(f.severity));
	cJSON_AddStringToObject(o, "state", mcp_states[f.state]);
	mcp_add_str(o, "state_reason", f.state_reason, 0);
	mcp_add_str(o, "summary", f.summary, 0);
	mcp_add_str(o, "remedy", f.remedy, 0);
	mcp_add_str(o, "rank_reason", f.rank_reason, 0);
	mcp_add_str(o, "component", f.component, 512);
	refs = cJSON_AddArrayToObject(o, "references");
	for (k = 0; k < f.nreferences && k < 32; k++)
		cJSON_AddItemToArray(refs,
		    cJSON_CreateString(f.references[k]));
	cJSON_AddNumberToObject(o, "evidence_total", (double)f.nevidence);
	cJSON_AddNumberToObject(o, "evidence_before_cap",
	    (double)f.total_evidence);
	mcp_page_init(&p, cJSON_AddArrayToObject(o, "evidence"), budget);
	for (k = evoff; k < f.nevidence && k < evoff + nev; k++) {
		mgt_result_evidence(r, i, k, &e);
		if (!mcp_page_add(&p, mcp_evidence_json(&e)))
			break;
	}
	cJSON_AddNumberToObject(o, "evidence_offset", (double)evoff);
	if (k < f.nevidence)
		cJSON_AddNumberToObject(o, "evidence_next_offset", (double)k);
	else
		cJSON_AddNullToObject(o, "evidence_next_offset");
	return o;
}

static void
mcp_add_case(cJSON *o, const struct mcp_case *mc)
{
	cJSON_AddStringToObject(o, "case", mc->id);
}

static cJSON *
mcp_tool_open_case(struct mcp_server *sv, const cJSON *args, size_t cap,
    char **msg, int *bad)
{
	const char *in[MCP_MAX_INPUTS];
	struct mgt_completeness comp;
	const cJSON *arr, *v;
	struct mcp_case *mc;
	mgt_result *r;
	cJSON *out, *cases, *o;
	size_t n = 0, i;
	int worst;

	(void)cap;
	arr = cJSON_GetObjectItemCaseSensitive(args, "inputs");
	if (arr == NULL) {
		/* No inputs: list what is open. */
		out = cJSON_CreateObject();
		cJSON_AddNullToObject(out, "case");
		goto list;
	}
	if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) < 1 ||
	    cJSON_GetArraySize(arr) > MCP_MAX_INPUTS) {
		*bad = 1;
		*msg = mcp_msg("argument 'inputs' must be an array of 1 to %d "
		    "paths", MCP_MAX_INPUTS);
		return NULL;
	}
	cJSON_ArrayForEach(v, arr) {
		if (!cJSON_IsString(v) || *v->valuestring == '\0') {
			*bad = 1;
			*msg = mcp_msg("argument 'inputs' must hold paths "
			    "(non-empty strings)");
			return NULL;
		}
		in[n++] = v->valuestring;
	}
	if (sv->no_open) {
		*msg = mcp_msg("open_case is disabled (--no-open): use the "
		    "cases the server was started with");
		return NULL;
	}
	if ((mc = mcp_case_open(sv, in, n, msg)) == NULL)
		return NULL;
	if ((r = mcp_case_result(mc, msg)) == NULL)
		return NULL;
	out = cJSON_CreateObject();
	mcp_add_case(out, mc);
	mgt_result_completeness(r, &comp);
	o = cJSON_AddObjectToObject(out, "completeness");
	cJSON_AddBoolToObject(o, "complete", comp.complete);
	cJSON_AddNumberToObject(o, "errors", (double)comp.problems[2]);
	cJSON_AddNumberToObject(o, "warnings", (double)comp.problems[1]);
	cJSON_AddNumberToObject(o, "rule_errors", (double)comp.rule_errors);
	n = 0;
	for (i = 0; i < mgt_result_count(r); i++) {
		struct mgt_finding f;

		mgt_result_finding(r, i, &f);
		n += f.state == MGT_FINDING_CURRENT && f.rank > 0;
	}
	cJSON_AddNumberToObject(out, "root_causes", (double)n);
	cJSON_AddNumberToObject(out, "findings", (double)mgt_result_count(r));
	worst = mgt_result_worst(r);
	if (worst >= 0)
		cJSON_AddStringToObject(out, "worst", mgt_severity_name(worst));
	else
		cJSON_AddNullToObject(out, "worst");
list:
	cases = cJSON_AddArrayToObject(out, "cases");
	for (i = 0; i < sv->ncases; i++) {
		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "case", sv->cases[i].id);
		mcp_add_str(o, "inputs", sv->cases[i].label, 4096);
		cJSON_AddItemToArray(cases, o);
	}
	return out;
}

static cJSON *
mcp_tool_summary(struct mcp_server *sv, const cJSON *args, size_t cap,
    char **msg, int *bad)
{
	struct mgt_error err;
	struct mcp_case *mc;
	cJSON *out, *sum;
	char *buf = NULL, ebuf[2200];
	size_t len = 0;
	FILE *f;

	(void)cap;
	(void)bad;
	if ((mc = mcp_case_get(sv, args, "case", msg)) == NULL)
		return NULL;
	if ((f = open_memstream(&buf, &len)) == NULL)
		cmd_out_of_memory("a summary", NULL);
	mgt_error_clear(&err);
	if (mgt_case_summary(mc->c, f, MGT_FORMAT_JSON, &err) != MGT_OK) {
		fclose(f);
		free(buf);
		*msg = mcp_msg("cannot read the summary: %s",
		    mgt_error_format(&err, ebuf, sizeof ebuf));
		return NULL;
	}
	fclose(f);
	sum = cJSON_Parse(buf);
	free(buf);
	if (sum == NULL) {
		*msg = mcp_msg("the summary is not JSON (a bug)");
		return NULL;
	}
	out = cJSON_CreateObject();
	mcp_add_case(out, mc);
	cJSON_AddItemToObject(out, "summary", sum);
	return out;
}

static cJSON *
mcp_tool_findings(struct mcp_server *sv, const cJSON *args, size_t cap,
    char **msg, int *bad)
{
	struct mgt_finding f;
	struct mcp_case *mc;
	struct mcp_page p;
	mgt_result *r;
	const char *state = "current", *minsev = NULL;
	long long off, lim, nev = 3, total = 0, seen = 0, next = -1;
	int min = MGT_SEV_INFO, all;
	cJSON *out;
	size_t i;

	if (mcp_arg_page(args, 20, &off, &lim, msg) != 0 ||
	    mcp_arg_string(args, "state", &state, msg) != 0 ||
	    mcp_arg_string(args, "min_severity", &minsev, msg) != 0 ||
	    mcp_arg_int(args, "evidence", 0, 50, &nev, msg) != 0)
		goto bad;
	if (strcmp(state, "current") != 0 && strcmp(state, "all") != 0) {
		*msg = mcp_msg("argument 'state' must be current or all");
		goto bad;
	}
	if (minsev != NULL && (min = mgt_severity_parse(minsev)) < 0) {
		*msg = mcp_msg("argument 'min_severity' must be critical, "
		    "high, medium, low or info");
		goto bad;
	}
	all = strcmp(state, "all") == 0;
	if ((mc = mcp_case_get(sv, args, "case", msg)) == NULL ||
	    (r = mcp_case_result(mc, msg)) == NULL)
		return NULL;
	out = cJSON_CreateObject();
	mcp_add_case(out, mc);
	mcp_page_init(&p, cJSON_CreateArray(), mcp_budget(cap));
	for (i = 0; i < mgt_result_count(r); i++) {
		mgt_result_finding(r, i, &f);
		if ((!all && f.state != MGT_FINDING_CURRENT) ||
		    (int)f.severity < min)
			continue;
		total++;
		if (seen++ < off)
			continue;
		if (next >= 0 || p.full)
			continue;
		if (cJSON_GetArraySize(p.items) >= lim ||
		    !mcp_page_add(&p, mcp_finding_json(r, i, 0, (size_t)nev,
		    mcp_budget(cap) / 2)))
			next = seen - 1;
	}
	mcp_page_finish(out, &p, total, off, next);
	cJSON_AddItemToObject(out, "findings", p.items);
	return out;
bad:
	*bad = 1;
	return NULL;
}

static cJSON *
mcp_tool_explain(struct mcp_server *sv, const cJSON *args, size_t cap,
    char **msg, int *bad)
{
	struct mgt_rule_info ri;
	struct mgt_finding f;
	struct mcp_case *mc;
	mgt_result *r;
	const char *rule = NULL;
	long long id = -1, rank = -1, eoff = 0, elim = 20;
	cJSON *out, *o, *sym;
	size_t i, n, k;

	if (mcp_arg_int(args, "id", 0, INT32_MAX, &id, msg) != 0 ||
	    mcp_arg_int(args, "rank", 1, INT32_MAX, &rank, msg) != 0 ||
	    mcp_arg_string(args, "rule_id", &rule, msg) != 0 ||
	    mcp_arg_int(args, "evidence_offset", 0, INT32_MAX, &eoff, msg) !=
	    0 || mcp_arg_int(args, "evidence_limit", 1, MCP_MAX_ITEMS, &elim,
	    msg) != 0) {
		*bad = 1;
		return NULL;
	}
	if ((id >= 0) + (rank >= 0) + (rule != NULL) != 1) {
		*bad = 1;
		*msg = mcp_msg("give exactly one of id, rank or rule_id");
		return NULL;
	}
	if ((mc = mcp_case_get(sv, args, "case", msg)) == NULL ||
	    (r = mcp_case_result(mc, msg)) == NULL)
		return NULL;
	n = mgt_result_count(r);
	for (i = 0; i < n; i++) {
		mgt_result_finding(r, i, &f);
		if ((id >= 0 && (long long)i == id) ||
		    (rank >= 0 && f.rank == rank) ||
		    (rule != NULL && strcmp(f.rule_id, rule) == 0))
			break;
	}
	if (i == n) {
		*msg = id >= 0 ? mcp_msg("no finding %lld (findings lists "
		    "%zu, ids 0 to %zu)", id, n, n > 0 ? n - 1 : 0) :
		    rank >= 0 ? mcp_msg("no root cause ranked %lld", rank) :
		    mcp_msg("rule '%.200s' did not fire in %s", rule, mc->id);
		return NULL;
	}
	out = cJSON_CreateObject();
	mcp_add_case(out, mc);
	cJSON_AddItemToObject(out, "finding", mcp_finding_json(r, i,
	    (size_t)eoff, (size_t)elim, mcp_budget(cap) * 3 / 4));
	sym = cJSON_AddArrayToObject(out, "symptoms");
	for (k = 0; k < n; k++) {
		struct mgt_finding g;

		mgt_result_finding(r, k, &g);
		if (g.cause == (long)i && cJSON_GetArraySize(sym) < 100) {
			o = cJSON_CreateObject();
			cJSON_AddNumberToObject(o, "id", (double)k);
			mcp_add_str(o, "rule_id", g.rule_id, 256);
			mcp_add_str(o, "title", g.title, 1024);
			cJSON_AddItemToArray(sym, o);
		}
	}
	o = cJSON_AddObjectToObject(out, "rule");
	for (k = 0; mgt_session_rule(sv->s, k, &ri) == 0; k++) {
		if (strcmp(ri.id, f.rule_id) != 0)
			continue;
		mcp_add_str(o, "id", ri.id, 256);
		mcp_add_str(o, "category", ri.category, 256);
		mcp_add_str(o, "file", ri.file, 1024);
		cJSON_AddNumberToObject(o, "line", ri.line);
		sym = cJSON_AddArrayToObject(o, "explains");
		for (i = 0; i < ri.nexplains && i < 100; i++)
			cJSON_AddItemToArray(sym,
			    cJSON_CreateString(ri.explains[i]));
		break;
	}
	return out;
}

static cJSON *
mcp_tool_diff(struct mcp_server *sv, const cJSON *args, size_t cap,
    char **msg, int *bad)
{
	struct mgt_diff_info di;
	struct mgt_change ch;
	struct mgt_error err;
	struct mcp_case *a, *b;
	struct mcp_page p;
	mgt_diff *d = NULL;
	long long off, lim, next = -1;
	int force = 0, s;
	cJSON *out, *o, *side;
	char ebuf[2200];
	size_t i, n;

	if (mcp_arg_page(args, 50, &off, &lim, msg) != 0 ||
	    mcp_arg_bool(args, "force", &force, msg) != 0) {
		*bad = 1;
		return NULL;
	}
	if (cJSON_GetObjectItemCaseSensitive(args, "case_a") == NULL ||
	    cJSON_GetObjectItemCaseSensitive(args, "case_b") == NULL) {
		*bad = 1;
		*msg = mcp_msg("give case_a (before) and case_b (after), "
		    "ids from open_case");
		return NULL;
	}
	if ((a = mcp_case_get(sv, args, "case_a", msg)) == NULL ||
	    (b = mcp_case_get(sv, args, "case_b", msg)) == NULL)
		return NULL;
	mgt_error_clear(&err);
	if (mgt_diff_build(a->c, b->c, force ? MGT_DIFF_FORCE : 0, &d,
	    &err) != MGT_OK) {
		*msg = mcp_msg("cannot compare: %s%s",
		    mgt_error_format(&err, ebuf, sizeof ebuf),
		    err.code == MGT_ERR_USAGE ? " (force: true compares "
		    "anyway)" : "");
		return NULL;
	}
	mgt_diff_info(d, &di);
	out = cJSON_CreateObject();
	cJSON_AddStringToObject(out, "case_a", a->id);
	cJSON_AddStringToObject(out, "case_b", b->id);
	o = cJSON_AddObjectToObject(out, "info");
	for (s = 0; s < 2; s++) {
		side = cJSON_AddObjectToObject(o, s == 0 ? "a" : "b");
		mcp_add_str(side, "cluster_id", di.cluster_id[s], 256);
		mcp_add_str(side, "version", di.version[s], 256);
		cJSON_AddBoolToObject(side, "complete", di.complete[s]);
	}
	if (di.same_cluster >= 0)
		cJSON_AddBoolToObject(o, "same_cluster", di.same_cluster);
	else
		cJSON_AddNullToObject(o, "same_cluster");
	cJSON_AddNumberToObject(o, "added", (double)di.added);
	cJSON_AddNumberToObject(o, "removed", (double)di.removed);
	cJSON_AddNumberToObject(o, "changed", (double)di.changed);
	cJSON_AddNumberToObject(o, "findings_new", (double)di.findings_new);
	cJSON_AddNumberToObject(o, "findings_changed",
	    (double)di.findings_changed);
	cJSON_AddNumberToObject(o, "findings_resolved",
	    (double)di.findings_resolved);
	mcp_page_init(&p, cJSON_CreateArray(), mcp_budget(cap));
	n = mgt_diff_count(d);
	for (i = (size_t)off; i < n; i++) {
		if (cJSON_GetArraySize(p.items) >= lim) {
			next = (long long)i;
			break;
		}
		mgt_diff_change(d, i, &ch);
		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "section", ch.section);
		cJSON_AddStringToObject(o, "kind",
		    mgt_change_kind_name(ch.kind));
		mcp_add_str(o, "name", ch.name, 1024);
		mcp_add_str(o, "field", ch.field, 256);
		mcp_add_str(o, "before", ch.before, 0);
		mcp_add_str(o, "after", ch.after, 0);
		mcp_add_str(o, "detail", ch.detail, 0);
		if (ch.severity >= 0)
			cJSON_AddStringToObject(o, "severity",
			    mgt_severity_name(ch.severity));
		else
			cJSON_AddNullToObject(o, "severity");
		if (!mcp_page_add(&p, o)) {
			next = (long long)i;
			break;
		}
	}
	mgt_diff_free(d);
	mcp_page_finish(out, &p, (long long)n, off, next);
	cJSON_AddItemToObject(out, "changes", p.items);
	return out;
}

/* Input schemas: every tool takes max_bytes (lower the byte cap). */
#define MCP_S_CAP \
	"\"max_bytes\":{\"type\":\"integer\",\"minimum\":1024,\"description\":" \
	"\"cap on the result's bytes (the server's --max-bytes at most)\"}"
#define MCP_S_CASE \
	"\"case\":{\"type\":\"string\",\"description\":\"a case id from " \
	"open_case (default: the newest)\"}"
#define MCP_S_PAGE(def) \
	"\"offset\":{\"type\":\"integer\",\"minimum\":0,\"description\":" \
	"\"items to skip (next_offset of the previous page)\"}," \
	"\"limit\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":1000," \
	"\"description\":\"items per page (default " #def ")\"}"
#define MCP_S_OBJ(props) \
	"{\"type\":\"object\",\"properties\":{" props "}," \
	"\"additionalProperties\":false}"
#define MCP_S_OBJR(props, req) \
	"{\"type\":\"object\",\"properties\":{" props "}," \
	"\"required\":[" req "],\"additionalProperties\":false}"

const struct mcp_tool mcp_tools[] = {
	{ "open_case", "Open a case",
	  "Index must-gather inputs (archives .tar.gz/.tar.xz/.zip, "
	  "directories, node journals; several inputs are one cluster) or "
	  "open indexes made by 'mgtriage index', and evaluate the rules. "
	  "Returns the case id the other tools take (the newest case is "
	  "the default), how complete the input was and how many root "
	  "causes were found. Without inputs it lists the open cases.",
	  MCP_S_OBJ("\"inputs\":{\"type\":\"array\",\"items\":{\"type\":"
	  "\"string\"},\"minItems\":1,\"maxItems\":64,\"description\":"
	  "\"paths on the server's machine\"}," MCP_S_CAP),
	  mcp_tool_open_case },
	{ "summary", "Cluster summary",
	  "The case at a glance: cluster id, version, platform, topology; "
	  "gather time; nodes, cluster operators and machine config pools "
	  "with what is not well.",
	  MCP_S_OBJ(MCP_S_CASE "," MCP_S_CAP), mcp_tool_summary },
	{ "findings", "Ranked findings",
	  "What the rules found, root causes first in rank order, each "
	  "followed by its symptoms (cause names the root cause's id); "
	  "each with severity, summary, remedy and its strongest evidence "
	  "(file:line and text, or object field and value). state all adds "
	  "findings resolved before the gather and known-benign ones.",
	  MCP_S_OBJ(MCP_S_CASE "," MCP_S_PAGE(20) ","
	  "\"state\":{\"type\":\"string\",\"enum\":[\"current\",\"all\"]},"
	  "\"min_severity\":{\"type\":\"string\",\"enum\":[\"critical\","
	  "\"high\",\"medium\",\"low\",\"info\"]},"
	  "\"evidence\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":50,"
	  "\"description\":\"evidence per finding (default 3)\"},"
	  MCP_S_CAP), mcp_tool_findings },
	{ "explain", "Explain one finding",
	  "One finding in full: every piece of evidence (paged), its "
	  "symptoms, the rule behind it (file, what it explains) and the "
	  "remedy. Name it by id (from findings), by rank (1 = the top root "
	  "cause) or by rule_id.",
	  MCP_S_OBJ(MCP_S_CASE ","
	  "\"id\":{\"type\":\"integer\",\"minimum\":0},"
	  "\"rank\":{\"type\":\"integer\",\"minimum\":1},"
	  "\"rule_id\":{\"type\":\"string\"},"
	  "\"evidence_offset\":{\"type\":\"integer\",\"minimum\":0},"
	  "\"evidence_limit\":{\"type\":\"integer\",\"minimum\":1,"
	  "\"maximum\":1000}," MCP_S_CAP), mcp_tool_explain },
	{ "get_resource", "Get a Kubernetes object",
	  "One object of the must-gather as JSON or YAML, by kind "
	  "(case-insensitive: Node, ClusterOperator, Pod), namespace (omit "
	  "for cluster-scoped) and name; with the file and line it was "
	  "read from.",
	  MCP_S_OBJR(MCP_S_CASE ","
	  "\"kind\":{\"type\":\"string\"},"
	  "\"namespace\":{\"type\":\"string\"},"
	  "\"name\":{\"type\":\"string\"},"
	  "\"api_group\":{\"type\":\"string\"},"
	  "\"format\":{\"type\":\"string\",\"enum\":[\"json\",\"yaml\"]},"
	  MCP_S_CAP, "\"kind\",\"name\""), mcp_tool_get_resource },
	{ "list_resources", "List Kubernetes objects",
	  "The objects of the must-gather (kind, namespace, name, where "
	  "read), filtered by kind, namespace and a name substring; "
	  "without a kind, the kinds with their counts.",
	  MCP_S_OBJ(MCP_S_CASE ","
	  "\"kind\":{\"type\":\"string\"},"
	  "\"namespace\":{\"type\":\"string\"},"
	  "\"name_contains\":{\"type\":\"string\"},"
	  MCP_S_PAGE(100) "," MCP_S_CAP), mcp_tool_list_resources },
	{ "read_log", "Read a log window",
	  "Lines of one log of the case, by source (its path as evidence "
	  "and grep show it, or a glob) from line (default 1), or between "
	  "since and until (UTC times). Reads the inputs again when they "
	  "are still there, else the lines the index stored.",
	  MCP_S_OBJR(MCP_S_CASE ","
	  "\"source\":{\"type\":\"string\"},"
	  "\"line\":{\"type\":\"integer\",\"minimum\":1},"
	  "\"since\":{\"type\":\"string\"},"
	  "\"until\":{\"type\":\"string\"},"
	  "\"limit\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":1000,"
	  "\"description\":\"lines (default 100)\"}," MCP_S_CAP,
	  "\"source\""), mcp_tool_read_log },
	{ "grep", "Search the logs",
	  "Log lines matching a PCRE2 pattern, in input order, optionally "
	  "only on one node, in sources matching a glob, or between since "
	  "and until.",
	  MCP_S_OBJR(MCP_S_CASE ","
	  "\"pattern\":{\"type\":\"string\"},"
	  "\"caseless\":{\"type\":\"boolean\"},"
	  "\"node\":{\"type\":\"string\"},"
	  "\"source\":{\"type\":\"string\"},"
	  "\"since\":{\"type\":\"string\"},"
	  "\"until\":{\"type\":\"string\"}," MCP_S_PAGE(50) "," MCP_S_CAP,
	  "\"pattern\""), mcp_tool_grep },
	{ "timeline", "Case timeline",
	  "The case's history oldest first: condition transitions, events "
	  "and rule hits, repeats folded with a count; optionally for one "
	  "node or between since and until.",
	  MCP_S_OBJ(MCP_S_CASE ","
	  "\"node\":{\"type\":\"string\"},"
	  "\"since\":{\"type\":\"string\"},"
	  "\"until\":{\"type\":\"string\"}," MCP_S_PAGE(100) "," MCP_S_CAP),
	  mcp_tool_timeline },
	{ "query", "Read-only SQL",
	  "One read-only SQL statement over the case's index (tables and "
	  "views of doc/index-schema.md: resources, nodes, clusteroperators, "
	  "lines, hits, events, ...), under the server's SQL budgets.",
	  MCP_S_OBJR(MCP_S_CASE ","
	  "\"sql\":{\"type\":\"string\"}," MCP_S_PAGE(100) "," MCP_S_CAP,
	  "\"sql\""), mcp_tool_query },
	{ "diff", "Compare two cases",
	  "What changed from case_a (before, e.g. an upgrade) to case_b "
	  "(after): cluster version, operators, nodes, pools, machine "
	  "configs and findings. Two different clusters are refused unless "
	  "force is true.",
	  MCP_S_OBJR("\"case_a\":{\"type\":\"string\"},"
	  "\"case_b\":{\"type\":\"string\"},"
	  "\"force\":{\"type\":\"boolean\"}," MCP_S_PAGE(50) "," MCP_S_CAP,
	  "\"case_a\",\"case_b\""), mcp_tool_diff },
};
const size_t mcp_ntools = sizeof mcp_tools / sizeof mcp_tools[0];
