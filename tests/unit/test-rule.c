/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Unit tests for the rule model: loading good and bad rule files (each bad
 * file in tests/rules-bad/ against its .expected diagnostics), the `when`
 * parser, template filling, explains checks and severity names.
 * MGT_REGEN=1 rewrites the .expected files for review.
 */
#include "config.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "rule.h"
#include "util.h"
#include "xmalloc.h"

#include "tap.h"

#define GOOD_DIR	"tests/rules-good"
#define BAD_DIR		"tests/rules-bad"

/* ---- helpers ------------------------------------------------------------- */

/* All diagnostics for file, formatted, one per line; caller frees. */
static char *
diags_for(const struct ruleset *rs, const char *file)
{
	char *out = xstrdup(""), *line, *tmp;
	size_t i;

	for (i = 0; i < rs->ndiags; i++) {
		if (file != NULL && strcmp(rs->diags[i].file, file) != 0)
			continue;
		line = rule_diag_format(&rs->diags[i]);
		xasprintf(&tmp, "%s%s\n", out, line);
		free(line);
		free(out);
		out = tmp;
	}
	return out;
}

static char *
read_text(const char *path)
{
	FILE *f;
	char *buf;
	long n;

	if ((f = fopen(path, "rb")) == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = xmalloc((size_t)n + 1);
	n = (long)fread(buf, 1, (size_t)n, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* A rule with evidence items named by names, for the expression tests. */
static void
fake_rule(struct rule *r, const char *const *names, size_t n)
{
	size_t i;

	memset(r, 0, sizeof *r);
	r->evidence = xcalloc(n, sizeof *r->evidence);
	for (i = 0; i < n; i++)
		r->evidence[i].name = xstrdup(names[i]);
	r->nevidence = n;
}

static char *
expr_fmt(const char *text, const struct rule *r)
{
	struct rule_expr *e;
	struct mgt_error err;
	char *s;

	mgt_error_clear(&err);
	if ((e = rule_expr_parse(text, r, &err)) == NULL)
		return xstrdup(err.msg);
	s = rule_expr_format(e, r);
	rule_expr_free(e);
	return s;
}

static int
holds_bits(void *ctx, size_t idx)
{
	return (*(unsigned *)ctx >> idx) & 1;
}

/* Evaluate text for bits (bit i = item i holds); -1 on parse error. */
static int
expr_eval(const char *text, const struct rule *r, unsigned bits)
{
	struct rule_expr *e;
	int v;

	if ((e = rule_expr_parse(text, r, NULL)) == NULL)
		return -1;
	v = rule_expr_eval(e, holds_bits, &bits);
	rule_expr_free(e);
	return v;
}

/* ---- severity and durations ---------------------------------------------- */

static void
test_severity(void)
{
	int64_t us;

	is_int(rule_severity_parse("critical"), RULE_SEV_CRITICAL, "critical");
	is_int(rule_severity_parse("high"), RULE_SEV_HIGH, "high");
	is_int(rule_severity_parse("medium"), RULE_SEV_MEDIUM, "medium");
	is_int(rule_severity_parse("low"), RULE_SEV_LOW, "low");
	is_int(rule_severity_parse("info"), RULE_SEV_INFO, "info");
	is_int(rule_severity_parse("HIGH"), RULE_SEV_HIGH, "case-insensitive");
	is_int(rule_severity_parse("urgent"), -1, "unknown severity");
	is_int(rule_severity_parse("hig"), -1, "prefix is not a severity");
	is_int(rule_severity_parse("highest"), -1, "longer is not a severity");
	is_int(rule_severity_parse(""), -1, "empty severity");
	is_str(rule_severity_name(RULE_SEV_CRITICAL), "critical", "name");
	is_str(rule_severity_name(RULE_SEV_INFO), "info", "name info");
	is_str(rule_severity_name((enum rule_severity)42), "unknown",
	    "name out of range");
	ok(RULE_SEV_CRITICAL > RULE_SEV_HIGH && RULE_SEV_LOW > RULE_SEV_INFO,
	    "severities order by weight");

	ok(rule_duration_parse("30s", &us) == 0 && us == 30000000LL, "30s");
	ok(rule_duration_parse("10m", &us) == 0 && us == 600000000LL, "10m");
	ok(rule_duration_parse("2h", &us) == 0 && us == 7200000000LL, "2h");
	ok(rule_duration_parse("1d", &us) == 0 && us == 86400000000LL, "1d");
	ok(rule_duration_parse("1h30m", &us) == 0 && us == 5400000000LL,
	    "1h30m");
	ok(rule_duration_parse("0s", &us) == 0 && us == 0, "0s");
	ok(rule_duration_parse("", &us) == -1, "empty duration");
	ok(rule_duration_parse("10", &us) == -1, "no unit");
	ok(rule_duration_parse("m", &us) == -1, "no number");
	ok(rule_duration_parse("10 m", &us) == -1, "space");
	ok(rule_duration_parse("10x", &us) == -1, "bad unit");
	ok(rule_duration_parse("-1s", &us) == -1, "negative");
	ok(rule_duration_parse("99999999999999999999d", &us) == -1,
	    "overflow in number");
	ok(rule_duration_parse("999999999999d", &us) == -1,
	    "overflow in product");
}

/* ---- expressions --------------------------------------------------------- */

static void
test_expr(void)
{
	static const char *names[] = { "a", "b", "c", "stale", "daemon_log" };
	struct rule r;
	struct rule_expr *e;
	struct mgt_error err;
	char *s, buf[8192];
	size_t i, n;
	unsigned bits;
	int all, A, B, C;

	fake_rule(&r, names, 5);

#define FMT(text, want, name) do {					\
	s = expr_fmt(text, &r);						\
	is_str(s, want, name);						\
	free(s);							\
} while (0)

	FMT("a", "a", "single name");
	FMT("a or b and c", "(a or (b and c))", "and binds tighter than or");
	FMT("a and b or c", "((a and b) or c)", "and binds tighter (left)");
	FMT("not a and b", "(not a and b)", "not binds tighter than and");
	FMT("not (a and b)", "not (a and b)", "parentheses after not");
	FMT("(a or b) and c", "((a or b) and c)", "parentheses group");
	FMT("a and b and c", "(a and b and c)", "and is n-ary");
	FMT("a or b or c", "(a or b or c)", "or is n-ary");
	FMT("not not a", "not not a", "double not");
	FMT("((((a))))", "a", "redundant parentheses");
	FMT(" stale\n  or\tdaemon_log ", "(stale or daemon_log)",
	    "whitespace and newlines");
	FMT("a or b and not c or (a and c)",
	    "(a or (b and not c) or (a and c))", "mixed");

	/* Truth tables against a direct C evaluation. */
	all = 1;
	for (bits = 0; bits < 8; bits++) {
		A = bits & 1;
		B = (bits >> 1) & 1;
		C = (bits >> 2) & 1;
		if (expr_eval("a or b and not c", &r, bits) !=
		    (A || (B && !C)))
			all = 0;
		if (expr_eval("(a or b) and not c", &r, bits) !=
		    ((A || B) && !C))
			all = 0;
		if (expr_eval("not a and not b or c", &r, bits) !=
		    ((!A && !B) || C))
			all = 0;
		if (expr_eval("not (a and (b or not c))", &r, bits) !=
		    !(A && (B || !C)))
			all = 0;
	}
	ok(all, "evaluation matches C precedence for all inputs");

	/* Errors name the column and what was expected. */
	FMT("a and", "expected evidence name or '(' at column 6",
	    "missing operand at end");
	FMT("", "expected evidence name or '(' at column 1", "empty");
	FMT("a b", "expected 'and', 'or' or end of expression at column 3",
	    "two names");
	FMT("(a or b", "expected 'and', 'or' or ')' at column 8",
	    "unclosed parenthesis");
	FMT("a )", "unbalanced ')' at column 3", "stray parenthesis");
	FMT("a and or b", "expected evidence name or '(' at column 7",
	    "keyword where a name belongs");
	FMT("a && b", "unexpected '&' at column 3 (use 'and', 'or', 'not')",
	    "C operator");
	FMT("a and $b", "unexpected '$' at column 7, expected evidence name "
	    "or '('", "bad character");
	FMT("stale or deamon_log", "unknown evidence 'deamon_log' at column 10",
	    "unknown name");
	FMT("A", "unknown evidence 'A' at column 1",
	    "names are case-sensitive");
	FMT("a AND b", "expected 'and', 'or' or end of expression at column 3",
	    "keywords are lower case");

	mgt_error_clear(&err);
	e = rule_expr_parse("a and (b or", &r, &err);
	ok(e == NULL && err.offset == 12 && err.code == MGT_ERR_RULE,
	    "error column in err->offset");

	/* Nesting: 64 levels parse, 65 do not. */
	n = 0;
	for (i = 0; i < 64; i++)
		buf[n++] = '(';
	buf[n++] = 'a';
	for (i = 0; i < 64; i++)
		buf[n++] = ')';
	buf[n] = '\0';
	FMT(buf, "a", "64 nested parentheses parse");
	n = 0;
	for (i = 0; i < 65; i++)
		buf[n++] = '(';
	buf[n++] = 'a';
	for (i = 0; i < 65; i++)
		buf[n++] = ')';
	buf[n] = '\0';
	FMT(buf, "expression nested deeper than 64 at column 65",
	    "65 nested parentheses are refused");
	buf[0] = '\0';
	for (i = 0; i < 65; i++)
		strcat(buf, "not ");
	strcat(buf, "a");
	FMT(buf, "expression nested deeper than 64 at column 257",
	    "65 nots are refused");
	n = 0;
	for (i = 0; i < 2000; i++)
		buf[n++] = '(';
	buf[n] = '\0';
	FMT(buf, "expression nested deeper than 64 at column 65",
	    "2000 open parentheses are refused early");
	/* A long flat chain is fine: and/or are n-ary, not nested. */
	buf[0] = '\0';
	for (i = 0; i < 600; i++)
		strcat(buf, i ? " and a" : "a");
	e = rule_expr_parse(buf, &r, NULL);
	bits = 1;
	ok(e != NULL && rule_expr_eval(e, holds_bits, &bits) == 1,
	    "600-term chain parses and evaluates");
	rule_expr_free(e);
	memset(buf, 'a', 4097);
	buf[4097] = '\0';
	FMT(buf, "expression is longer than 4096 bytes", "long text refused");

	e = rule_expr_parse("a and not c", &r, NULL);
	ok(e != NULL && rule_expr_uses(e, 0) && !rule_expr_uses(e, 1) &&
	    rule_expr_uses(e, 2), "rule_expr_uses");
	rule_expr_free(e);
	ok(!rule_expr_uses(NULL, 0), "rule_expr_uses(NULL)");
#undef FMT
	rule_clear(&r);
}

/* ---- templates ----------------------------------------------------------- */

struct tmpl_ctx {
	const char	*big;		/* returned for {big} */
	int		 calls;
};

static char *
tmpl_lookup(void *vctx, const char *item, const char *column, int all,
    int count)
{
	struct tmpl_ctx *ctx = vctx;

	ctx->calls++;
	if (count)
		return item && strcmp(item, "stale") == 0 &&
		    strcmp(column, "") == 0 ? xstrdup("3") : NULL;
	if (item == NULL && strcmp(column, "node") == 0)
		return xstrdup("worker-1");
	if (item == NULL && strcmp(column, "big") == 0 && ctx->big)
		return xstrdup(ctx->big);
	if (item == NULL && strcmp(column, "empty") == 0)
		return xstrdup("");
	if (item != NULL && strcmp(item, "stale") == 0 &&
	    strcmp(column, "config") == 0)
		return xstrdup(all ? "rendered-a, rendered-b" : "rendered-a");
	return NULL;
}

static void
test_template(void)
{
	struct tmpl_ctx ctx;
	char *s, *big;
	size_t n;

	memset(&ctx, 0, sizeof ctx);
#define FILL(tmpl, want, name) do {					\
	s = rule_template_fill(tmpl, tmpl_lookup, &ctx);		\
	is_str(s, want, name);						\
	free(s);							\
} while (0)

	FILL("{node} points at {stale.config}", "worker-1 points at rendered-a",
	    "{name} and {item.name}");
	FILL("configs: {stale.config*}", "configs: rendered-a, rendered-b",
	    "{item.name*}");
	FILL("{stale#} rows", "3 rows", "{item#}");
	FILL("{{literal}} and }} and {{{node}}}",
	    "{literal} and } and {worker-1}", "doubled braces");
	FILL("a } b", "a } b", "lone closing brace");
	FILL("{nope} {x.y} {x.y*} {x#}", "{nope} {x.y} {x.y*} {x#}",
	    "unknown placeholders stay verbatim");
	FILL("{ node } {a.b.c} {#} {.x} {a.} {a*} {a#b} {}",
	    "{ node } {a.b.c} {#} {.x} {a.} {a*} {a#b} {}",
	    "malformed placeholders stay verbatim");
	FILL("tail {node", "tail {node", "unterminated at end");
	FILL("{a {node}", "{a worker-1", "unterminated before another");
	FILL("{", "{", "lone open brace");
	FILL("[{empty}]", "[]", "empty value");
	FILL("", "", "empty template");
	FILL("café {node} ü", "café worker-1 ü", "UTF-8 text kept");

	s = rule_template_fill(NULL, tmpl_lookup, &ctx);
	is_str(s, "", "NULL template");
	free(s);
	s = rule_template_fill("{node} {stale#}", NULL, NULL);
	is_str(s, "{node} {stale#}", "NULL lookup leaves placeholders");
	free(s);

	/* The cap: 4 KiB, ending in an ellipsis, never splitting UTF-8. */
	big = xmalloc(10001);
	memset(big, 'x', 10000);
	big[10000] = '\0';
	ctx.big = big;
	s = rule_template_fill("{big}", tmpl_lookup, &ctx);
	n = strlen(s);
	ok(n == RULE_SUMMARY_MAX && strcmp(s + n - 3, "\xe2\x80\xa6") == 0,
	    "long value cut at 4096 bytes with an ellipsis");
	free(s);
	for (n = 0; n + 2 <= 10000; n += 2)
		memcpy(big + n, "\xc3\xa9", 2);
	s = rule_template_fill("x{big}", tmpl_lookup, &ctx);
	n = strlen(s);
	ok(n <= RULE_SUMMARY_MAX && utf8_valid_prefix(s, n) == n &&
	    strcmp(s + n - 3, "\xe2\x80\xa6") == 0,
	    "cut keeps UTF-8 valid");
	free(s);
	memset(big, 'y', RULE_SUMMARY_MAX);
	big[RULE_SUMMARY_MAX] = '\0';
	s = rule_template_fill("{big}", tmpl_lookup, &ctx);
	ok(strlen(s) == RULE_SUMMARY_MAX && s[RULE_SUMMARY_MAX - 1] == 'y',
	    "exactly 4096 bytes is not cut");
	free(s);
	s = rule_template_fill("{big}!", tmpl_lookup, &ctx);
	ok(strlen(s) == RULE_SUMMARY_MAX &&
	    strcmp(s + RULE_SUMMARY_MAX - 3, "\xe2\x80\xa6") == 0,
	    "one byte over is cut");
	free(s);
	free(big);
#undef FILL
}

/* ---- loading ------------------------------------------------------------- */

static void
test_good(void)
{
	struct ruleset rs;
	struct mgt_error err;
	const struct rule *r;
	char *s;

	ruleset_init(&rs);
	mgt_error_clear(&err);
	is_int(ruleset_load_dir(&rs, GOOD_DIR, &err), MGT_OK, "good dir loads");
	ruleset_finish(&rs);
	s = diags_for(&rs, NULL);
	is_str(s, "", "good dir: no diagnostics");
	free(s);
	is_int(rs.nrules, 3, "good dir: three rules (tests/ and dot files "
	    "skipped)");
	if (rs.nrules == 3) {
		is_str(rs.rules[0].id, "etcd.leader-changes", "sorted 1");
		is_str(rs.rules[1].id, "mco.pool-degraded", "sorted 2");
		is_str(rs.rules[2].id, "mco.rendered-config-missing",
		    "sorted 3");
	}

	r = ruleset_find(&rs, "mco.rendered-config-missing");
	ok(r != NULL, "find");
	if (r != NULL) {
		is_str(r->title, "Node references a rendered MachineConfig "
		    "that no longer exists", "title");
		is_int(r->severity, RULE_SEV_CRITICAL, "severity");
		is_str(r->category, "machine-config", "category");
		is_int(r->line, 2, "line of id");
		is_str(r->file, GOOD_DIR "/mco-rendered-config-missing.yaml",
		    "file");
		is_int(r->nexplains, 2, "explains");
		is_str(r->explains[1], "etcd.leader-changes", "explains[1]");
		is_int(r->explains_pos[1].line, 6, "explains position line");
		is_int(r->explains_pos[1].col, 31, "explains position col");
		is_int(r->nevidence, 2, "two evidence items");
		is_str(r->evidence[0].name, "stale", "item 0 name");
		is_int(r->evidence[0].type, RULE_EVIDENCE_SQL, "item 0 sql");
		ok(r->evidence[0].sql != NULL && strncmp(r->evidence[0].sql,
		    "SELECT a.node, a.value AS config FROM "
		    "node_annotations a\n",
		    57) == 0, "sql text");
		is_int(r->evidence[0].line, 8, "item line");
		is_int(r->evidence[1].type, RULE_EVIDENCE_PATTERN, "item 1");
		is_str(r->evidence[1].pattern, "Marking Degraded due to: "
		    ".*?\"?(?<config>rendered-[\\w-]+)\"? not found",
		    "pattern text");
		is_int(r->evidence[1].nsources, 1, "sources as a string");
		is_str(r->evidence[1].sources[0], "namespaces/openshift-"
		    "machine-config-operator/pods/machine-config-daemon-*/**",
		    "sources[0]");
		is_int(r->evidence[1].nkinds, 0, "no kinds: all");
		is_int(r->evidence[1].min, 1, "min");
		is_int(r->evidence[1].window_us, 0, "no window");
		ok(r->evidence[1].group_by == NULL, "no group_by");
		is_int(r->evidence[1].pattern_id, -1, "pattern_id unset");
		is_int(r->evidence[1].caseless, 0, "not caseless");
		s = rule_expr_format(r->when, r);
		is_str(s, "(stale or daemon_log)", "when");
		free(s);
		is_str(r->when_text, "stale or daemon_log", "when_text");
		ok(r->remedy != NULL && strncmp(r->remedy, "oc get", 6) == 0,
		    "remedy");
		is_int(r->nreferences, 1, "references");
	}
	r = ruleset_find(&rs, "mco.pool-degraded");
	ok(r != NULL, "find 2");
	if (r != NULL) {
		is_int(r->severity, RULE_SEV_HIGH, "high");
		is_int(r->evidence[0].caseless, 1, "flags: i");
		is_str(r->evidence[0].pattern, "(?<pool>[a-z0-9-]+) pool is "
		    "degraded\\b", "double-quoted pattern");
		is_int(r->evidence[0].nsources, 2, "two sources");
		is_int(r->evidence[0].nkinds, 2, "two kinds");
		is_str(r->evidence[0].kinds[1], "service_log", "kinds[1]");
		is_int(r->evidence[0].min, 3, "min 3");
		is_int(r->evidence[0].window_us, 5400000000LL, "window 1h30m");
		is_str(r->evidence[0].group_by, "pool", "group_by capture");
		ok(r->when != NULL, "when");
		is_int(r->nexplains, 0, "no explains");
		ok(r->explains == NULL, "explains NULL");
	}
	r = ruleset_find(&rs, "etcd.leader-changes");
	ok(r != NULL, "find 3 (subdirectory)");
	if (r != NULL) {
		is_str(r->evidence[0].pattern,
		    "raft\\.node: [0-9a-f]+ elected leader",
		    "block pattern without its final newline");
		is_int(r->evidence[0].nkinds, 1, "kinds as a string");
		is_int(r->evidence[0].window_us, 600000000LL, "window 10m");
		ok(r->when == NULL && r->when_text == NULL, "no when: all");
		is_int(r->nreferences, 0, "empty references");
	}
	ok(ruleset_find(&rs, "no.such") == NULL, "find unknown");
	ok(ruleset_find(&rs, "a") == NULL, "find before first");
	ok(ruleset_find(&rs, "zzz") == NULL, "find after last");
	ruleset_free(&rs);
	ok(rs.nrules == 0 && rs.rules == NULL, "free zeroes the set");
}

static int
name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Every bad file against its expected diagnostics, loaded together with
 * the good rules so the good ones are seen to survive.
 */
static void
test_bad(void)
{
	struct ruleset rs;
	struct mgt_error err;
	DIR *d;
	struct dirent *de;
	char **names = NULL, *path, *exp_path, *want, *got, *all, *p;
	size_t n = 0, i, len, matched;
	int regen = getenv("MGT_REGEN") != NULL;
	FILE *f;

	ruleset_init(&rs);
	mgt_error_clear(&err);
	is_int(ruleset_load_dir(&rs, GOOD_DIR, &err), MGT_OK, "good dir");
	is_int(ruleset_load_dir(&rs, BAD_DIR, &err), MGT_OK,
	    "bad dir loads (bad rules are diagnostics)");
	ruleset_finish(&rs);

	if ((d = opendir(BAD_DIR)) == NULL) {
		ok(0, "open " BAD_DIR);
		return;
	}
	while ((de = readdir(d)) != NULL) {
		len = strlen(de->d_name);
		if (len > 5 && strcmp(de->d_name + len - 5, ".yaml") == 0) {
			names = xreallocarray(names, n + 1, sizeof *names);
			names[n++] = xstrdup(de->d_name);
		}
	}
	closedir(d);
	qsort(names, n, sizeof *names, name_cmp);
	ok(n >= 25, "bad files found");

	matched = 0;
	for (i = 0; i < n; i++) {
		xasprintf(&path, "%s/%s", BAD_DIR, names[i]);
		xasprintf(&exp_path, "%s/%.*s.expected", BAD_DIR,
		    (int)(strlen(names[i]) - 5), names[i]);
		got = diags_for(&rs, path);
		for (p = got; (p = strchr(p, '\n')) != NULL; p++)
			matched++;
		if (regen && (f = fopen(exp_path, "w")) != NULL) {
			fputs(got, f);
			fclose(f);
		}
		if ((want = read_text(exp_path)) == NULL) {
			ok(0, exp_path);
			printf("#   missing; diagnostics were:\n%s", got);
		} else
			is_str(got, want, names[i]);
		free(want);
		free(got);
		free(exp_path);
		free(path);
		free(names[i]);
	}
	free(names);
	is_int(matched, rs.ndiags,
	    "every diagnostic belongs to a bad file");
	if (matched != rs.ndiags) {
		all = diags_for(&rs, NULL);
		printf("# all diagnostics:\n%s", all);
		free(all);
	}

	/* Good rules and the bad files that are only warnings survive. */
	ok(ruleset_find(&rs, "mco.rendered-config-missing") != NULL &&
	    ruleset_find(&rs, "mco.pool-degraded") != NULL &&
	    ruleset_find(&rs, "etcd.leader-changes") != NULL,
	    "good rules still load next to bad ones");
	ok(ruleset_find(&rs, "bad.cycle-a") != NULL &&
	    ruleset_find(&rs, "bad.cycle-b") != NULL,
	    "a cycle is a warning, not a rejection");
	ok(ruleset_find(&rs, "bad.dup") != NULL, "the first of two ids stays");
	ok(ruleset_find(&rs, "bad.explains-unknown") != NULL,
	    "explains naming an unknown id is a warning, the rule stays");
	ok(ruleset_find(&rs, "bad.regex") == NULL, "bad regex rejected");
	is_int(rs.nrules, 7, "3 good + 4 with warnings only");
	ok(rs.nerrors > 0 && rs.nwarnings > 0, "errors and warnings counted");
	ruleset_free(&rs);
}

static const char rule_fmt[] =
    "id: %s\n"
    "title: t\n"
    "severity: %s\n"
    "category: c\n"
    "%s"
    "evidence:\n"
    "  a:\n"
    "    pattern: foo\n"
    "summary: s\n"
    "remedy: r\n";

static void
load_rule(struct ruleset *rs, const char *file, const char *id,
    const char *sev, const char *extra)
{
	char *text;

	xasprintf(&text, rule_fmt, id, sev, extra);
	ruleset_load_buffer(rs, file, text, strlen(text), NULL);
	free(text);
}

static void
test_finish(void)
{
	struct ruleset rs;
	struct mgt_error err;
	char *s, *big, id[32], next[48];
	int i;

	/* A three-rule cycle and a self-loop; a chain with no cycle. */
	ruleset_init(&rs);
	load_rule(&rs, "c.yaml", "t.c", "low", "explains: [t.a]\n");
	load_rule(&rs, "a.yaml", "t.a", "low", "explains: [t.b, t.x]\n");
	load_rule(&rs, "b.yaml", "t.b", "low", "explains: [t.c]\n");
	load_rule(&rs, "x.yaml", "t.x", "low", "explains: [t.y]\n");
	load_rule(&rs, "y.yaml", "t.y", "low", "");
	load_rule(&rs, "s.yaml", "t.self", "low", "explains: t.self\n");
	ruleset_finish(&rs);
	s = diags_for(&rs, NULL);
	is_str(s,
	    "c.yaml:5:12: warning: explains cycle: t.a -> t.b -> t.c -> t.a "
	    "(ranking breaks it by severity, then earliest evidence)\n"
	    "s.yaml:5:11: warning: explains cycle: t.self -> t.self "
	    "(ranking breaks it by severity, then earliest evidence)\n",
	    "cycles reported once each with their path");
	free(s);
	is_int(rs.nrules, 6, "cycles do not reject rules");
	is_int(rs.nerrors, 0, "no errors");
	is_int(rs.nwarnings, 2, "two warnings");
	ruleset_free(&rs);

	/* A long chain: no recursion in the search. */
	ruleset_init(&rs);
	for (i = 0; i < 3000; i++) {
		snprintf(id, sizeof id, "t.%05d", i);
		snprintf(next, sizeof next, "explains: [t.%05d]\n",
		    (i + 1) % 3000);
		load_rule(&rs, "chain.yaml", id, "low", next);
	}
	ruleset_finish(&rs);
	is_int(rs.nwarnings, 1, "3000-rule cycle: one warning");
	is_int(rs.nrules, 3000, "3000 rules");
	ruleset_free(&rs);

	/* Explains of a rule that failed to load is not "unknown"; a typo
	 * is a warning and rejects nothing. */
	ruleset_init(&rs);
	load_rule(&rs, "bad.yaml", "t.bad", "urgent", "");
	load_rule(&rs, "ok.yaml", "t.ok", "low", "explains: [t.bad]\n");
	load_rule(&rs, "typo.yaml", "t.typo", "low", "explains: [t.okk]\n");
	load_rule(&rs, "next.yaml", "t.next", "low", "explains: [t.typo]\n");
	ruleset_finish(&rs);
	s = diags_for(&rs, NULL);
	is_str(s,
	    "bad.yaml:3:11: unknown severity 'urgent' (use critical, high, "
	    "medium, low or info)\n"
	    "typo.yaml:5:12: warning: 'explains' names unknown rule id "
	    "'t.okk'\n", "no cascade from a rejected rule");
	free(s);
	ok(ruleset_find(&rs, "t.ok") != NULL && ruleset_find(&rs, "t.next") !=
	    NULL && ruleset_find(&rs, "t.typo") != NULL, "all three stay");
	is_int(rs.nerrors, 1, "one error");
	is_int(rs.nwarnings, 1, "one warning");
	ruleset_free(&rs);

	/* I/O errors and size limits. */
	ruleset_init(&rs);
	mgt_error_clear(&err);
	is_int(ruleset_load_dir(&rs, "tests/no-such-dir", &err), MGT_ERR_IO,
	    "missing dir is MGT_ERR_IO");
	is_int(ruleset_load_file(&rs, "tests/no-such.yaml", &err), MGT_ERR_IO,
	    "missing file is MGT_ERR_IO");
	big = xmalloc(RULE_MAX_FILE_BYTES + 2);
	memset(big, '#', RULE_MAX_FILE_BYTES + 1);
	big[RULE_MAX_FILE_BYTES + 1] = '\0';
	ruleset_load_buffer(&rs, "big.yaml", big, RULE_MAX_FILE_BYTES + 1,
	    NULL);
	free(big);
	s = diags_for(&rs, NULL);
	is_str(s, "big.yaml:1:1: rule file is larger than 1048576 bytes\n",
	    "file size cap");
	free(s);
	ruleset_free(&rs);
}

/* Diagnostics for one in-memory rule file. */
static char *
load_text(const char *text)
{
	struct ruleset rs;
	char *s;

	ruleset_init(&rs);
	ruleset_load_buffer(&rs, "m.yaml", text, strlen(text), NULL);
	ruleset_finish(&rs);
	s = diags_for(&rs, NULL);
	ruleset_free(&rs);
	return s;
}

static void
test_positions(void)
{
	char *s;

#define HDR "id: p.x\ntitle: t\nseverity: low\ncategory: c\n" \
	"summary: s\nremedy: r\n"
#define DIAG(text, want, name) do {					\
	s = load_text(text);						\
	is_str(s, want, name);						\
	free(s);							\
} while (0)

	DIAG(HDR "evidence:\n  a: {pattern: 'ab)c'}\n",
	    "m.yaml:8:19: evidence 'a': invalid pattern: unmatched closing "
	    "parenthesis (at pattern offset 2)\n",
	    "offset in a flow mapping");
	DIAG(HDR "evidence:\n  a:\n    pattern: &p 'x''y)z' \n",
	    "m.yaml:9:22: evidence 'a': invalid pattern: unmatched closing "
	    "parenthesis (at pattern offset 3)\n",
	    "offset after an anchor and a doubled quote");
	DIAG(HDR "evidence:\n  a:\n    pattern: \"\\u00e9\\x41)z\"\n",
	    "m.yaml:9:25: evidence 'a': invalid pattern: unmatched closing "
	    "parenthesis (at pattern offset 3)\n",
	    "offset after hex escapes");
	DIAG(HDR "evidence:\n  a:\n    pattern: é)z\n",
	    "m.yaml:9:15: evidence 'a': invalid pattern: unmatched closing "
	    "parenthesis (at pattern offset 2)\n",
	    "offset after a multibyte character");
	DIAG(HDR "evidence:\n  a:\n    pattern: >\n      folded (\n",
	    "m.yaml:9:14: evidence 'a': invalid pattern: missing closing "
	    "parenthesis (at pattern offset 8)\n",
	    "folded scalar: its start");
	DIAG(HDR "evidence:\n  a:\n    pattern: x\n    flags: iq\n",
	    "m.yaml:10:13: evidence 'a': unknown flag 'q' (the only flag is "
	    "'i')\n", "flag column");
	DIAG(HDR "evidence:\n  a: {pattern: x}\n  b: {pattern: y}\n"
	    "when: a and not (b or)\n",
	    "m.yaml:10:22: 'when': expected evidence name or '(' at column "
	    "16\n",
	    "when column mapped into the file");
	DIAG(HDR "evidence:\n  a: {pattern: x}\n  b: {pattern: y}\nwhen: a\n",
	    "m.yaml:9:3: warning: evidence 'b' is not used in 'when' or 'current'\n",
	    "unused evidence warning");
	DIAG(HDR "evidence:\n  a: {sql: 'SELECT 1; SELECT 2'}\n",
	    "m.yaml:8:23: evidence 'a': 'sql' holds more than one statement\n",
	    "second statement on one line");
	DIAG(HDR "evidence:\n  a: {sql: 'SELECT \"x'}\n",
	    "m.yaml:8:12: evidence 'a': 'sql' is incomplete (unterminated "
	    "string, identifier or comment)\n", "unterminated SQL");
	DIAG(HDR "evidence:\n  a: {sql: 'DELETE FROM nodes'}\n",
	    "m.yaml:8:13: evidence 'a': 'sql' must be a read-only query "
	    "(SELECT, WITH or VALUES)\n", "write SQL");
	DIAG(HDR "evidence:\n  a: {sql: '-- only a comment'}\n",
	    "m.yaml:8:12: evidence 'a': 'sql' holds no statement\n",
	    "comment-only SQL");
	DIAG(HDR "evidence:\n  a: {sql: 'WITH x AS (SELECT 1) SELECT * FROM x "
	    "JOIN nodes n USING (name) -- ok'}\n", "",
	    "SQL over tables that do not exist yet is fine");
	DIAG(HDR "evidence:\n  a: {pattern: x, sql: 'SELECT 1'}\n",
	    "m.yaml:8:7: evidence 'a': has both 'sql' and 'pattern' (make "
	    "them two items)\n", "both");
	DIAG(HDR "evidence:\n  a: {sql: SELECT 1, sources: x, kinds: log}\n",
	    "m.yaml:8:22: evidence 'a': 'sources' applies only to pattern "
	    "items\nm.yaml:8:34: evidence 'a': 'kinds' applies only to "
	    "pattern items\n", "pattern-only keys on sql");
	DIAG(HDR "evidence:\n  A-b: {pattern: x}\n",
	    "m.yaml:8:3: evidence name 'A-b' must match [a-z_][a-z0-9_]* "
	    "(at most 64 bytes)\n", "bad evidence name");
	DIAG(HDR "evidence:\n  or: {pattern: x}\n",
	    "m.yaml:8:3: evidence name 'or' is a word of 'when'\n",
	    "reserved evidence name");
	DIAG(HDR "evidence:\n  a: {pattern: x}\n  a: {pattern: y}\n",
	    "m.yaml:9:3: duplicate evidence item 'a' (first at line 8)\n",
	    "duplicate evidence");
	DIAG(HDR "title: again\nevidence:\n  a: {pattern: x}\n",
	    "m.yaml:7:1: duplicate field 'title' (first at line 2)\n",
	    "duplicate field");
	DIAG(HDR "evidence: {}\n",
	    "m.yaml:7:11: 'evidence' needs at least one item\n",
	    "empty evidence");
	DIAG(HDR "evidence:\n  a: {patern: x}\n",
	    "m.yaml:8:7: evidence 'a': unknown field 'patern' (did you mean "
	    "'pattern'?)\nm.yaml:8:3: evidence 'a': needs 'sql' or "
	    "'pattern'\n", "item key typo");
	DIAG(HDR "evidence:\n  a: {pattern: x, min: 0}\n",
	    "m.yaml:8:24: evidence 'a': 'min' must be a whole number from 1 "
	    "to 1000000000\n", "min 0");
	DIAG(HDR "evidence:\n  a: {pattern: x, min: [1]}\n",
	    "m.yaml:8:24: evidence 'a': 'min' must be a whole number from 1 "
	    "to 1000000000\n", "min list");
	DIAG(HDR "evidence:\n  a: {pattern: '/etc/(?<n>x)', sources: "
	    "['/etc/**', 'a/../b', '..', 'x..y/..z', '*/..']}\n",
	    "m.yaml:8:53: evidence 'a': 'sources' globs cannot hold a '..' "
	    "component\nm.yaml:8:63: evidence 'a': 'sources' globs cannot "
	    "hold a '..' component\nm.yaml:8:81: evidence 'a': 'sources' "
	    "globs cannot hold a '..' component\n",
	    "'..' in globs; '/' anchors");
	DIAG(HDR "evidence:\n  a: {pattern: x, sources: []}\n",
	    "m.yaml:8:28: evidence 'a': 'sources' is an empty list (leave it "
	    "out to search every log)\n", "empty sources");
	DIAG(HDR "evidence:\n  a: {pattern: x, kinds: []}\n",
	    "m.yaml:8:26: evidence 'a': 'kinds' is an empty list (leave it "
	    "out for every kind)\n", "empty kinds");
	DIAG(HDR "evidence:\n  a:\n    pattern: |-  # comment\n\n  \n"
	    "      x\n      a)b\n",
	    "m.yaml:13:8: evidence 'a': invalid pattern: unmatched closing "
	    "parenthesis (at pattern offset 5)\n",
	    "literal block after blank lines");
	DIAG(HDR "evidence:\n  a:\n    pattern: |2\n        a)b\n",
	    "m.yaml:9:14: evidence 'a': invalid pattern: unmatched closing "
	    "parenthesis (at pattern offset 3)\n",
	    "indentation indicator: the scalar's start");
	DIAG(HDR "evidence:\n  a: {pattern: x, sources: [x, [y]]}\n",
	    "m.yaml:8:32: evidence 'a': 'sources' entry 2 must be a string, "
	    "not a list\n", "nested list in sources");
	DIAG(HDR "evidence:\n  a: {pattern: x}\nexplains: [p.x, p.x]\n",
	    "m.yaml:9:17: warning: 'explains' lists 'p.x' twice\n"
	    "m.yaml:9:12: warning: explains cycle: p.x -> p.x (ranking breaks "
	    "it by severity, then earliest evidence)\n",
	    "explains listing an id twice");
	DIAG(HDR "evidence:\n  a: {pattern: x}\nexplains: [Bad Id]\n",
	    "m.yaml:9:12: 'explains' entry 'Bad Id' is not a rule id\n",
	    "explains syntax");
	DIAG(HDR "evidence:\n  a: {pattern: x}\nsummary2: 1\n",
	    "m.yaml:9:1: unknown field 'summary2' (did you mean 'summary'?)\n",
	    "did you mean");
	DIAG(HDR "evidence:\n  a: {pattern: x}\nzzzzzz: 1\n",
	    "m.yaml:9:1: unknown field 'zzzzzz'\n", "no suggestion when far");
	DIAG("id: p.x\ntitle:\nseverity: low\ncategory: c\nsummary: s\n"
	    "remedy: ''\nevidence:\n  a: {pattern: x}\n",
	    "m.yaml:2:7: 'title' has no value\nm.yaml:6:9: 'remedy' is "
	    "empty\n", "null and empty strings");
	DIAG("id: P.X\ntitle: t\nseverity: low\ncategory: c\nsummary: s\n"
	    "remedy: r\nevidence:\n  a: {pattern: x}\n",
	    "m.yaml:1:5: 'id' is 'P.X'; it must match [a-z0-9][a-z0-9._-]* (at "
	    "most 128 bytes)\n", "id syntax");
	DIAG("- a\n- b\n", "m.yaml:1:1: a rule must be a YAML mapping, not a "
	    "list\n", "root not a mapping");
	DIAG("# nothing\n", "m.yaml:1:1: rule file holds no rule\n",
	    "comments only");
	DIAG("id: x\n\xff: 1\n", "m.yaml:2:1: invalid YAML: invalid leading "
	    "UTF-8 octet\n", "invalid UTF-8 with position");
	DIAG("id: x\nk: !!python/object:os.system 'ls'\n",
	    "m.yaml:2:4: YAML tag '!!python/object:os.system' is not allowed "
	    "in a rule file\n", "python tag");
	DIAG("id: x\nk: *nope\n", "m.yaml:2:4: undefined YAML alias '*nope'\n",
	    "undefined alias");
	DIAG(HDR "evidence:\n  a: {pattern: x}\nsummary2: !!str 3\n",
	    "m.yaml:9:1: unknown field 'summary2' (did you mean 'summary'?)\n",
	    "!!str is allowed");
	DIAG("id: p.x\ntitle: t\nseverity: low\ncategory: c\nsummary: "
	    "'{a#} {b.x} {c#}'\nremedy: r\nevidence:\n  a: {pattern: x}\n",
	    "m.yaml:5:10: warning: 'summary' placeholder names unknown "
	    "evidence item 'b'\nm.yaml:5:10: warning: 'summary' placeholder "
	    "names unknown evidence item 'c'\n",
	    "summary placeholders checked");
	DIAG("\xef\xbb\xbfid: p.x\ntitle: t\nseverity: low\ncategory: c\n"
	    "summary: s\nremedy: r\nevidence:\n  a: {pattern: 'x('}\n",
	    "m.yaml:8:19: evidence 'a': invalid pattern: missing closing "
	    "parenthesis (at pattern offset 2)\n", "byte order mark");
	DIAG("id: p.x\r\ntitle: t\r\nseverity: low\r\ncategory: c\r\n"
	    "summary: s\r\nremedy: r\r\nevidence:\r\n  a:\r\n    sql: |\r\n"
	    "      SELECT 1;\r\n      SELECT 2\r\n",
	    "m.yaml:11:7: evidence 'a': 'sql' holds more than one statement\n",
	    "CRLF line ends");
#undef DIAG
#undef HDR
}

/* for_each, component, current, recent and generic: loaded, and every
 * diagnostic with its position. */
static void
test_instance_fields(void)
{
	struct ruleset rs;
	const struct rule *r;
	const char *text;
	char *s;

#define HDR "id: p.x\ntitle: t\nseverity: low\ncategory: c\n" \
	"summary: s\nremedy: r\n"
#define EV "evidence:\n  co: {sql: 'SELECT name FROM x'}\n" \
	"  l: {pattern: x}\n"
#define DIAG(text, want, name) do {					\
	s = load_text(text);						\
	is_str(s, want, name);						\
	free(s);							\
} while (0)

	text = HDR EV "when: co or l\nfor_each: name\n"
	    "component: operator/{co.name}\ncurrent: co and not l\n"
	    "recent: 2h\ngeneric: true\n";
	ruleset_init(&rs);
	ruleset_load_buffer(&rs, "m.yaml", text, strlen(text), NULL);
	ruleset_finish(&rs);
	is_int(rs.ndiags, 0, "new fields: no diagnostics");
	r = ruleset_find(&rs, "p.x");
	ok(r != NULL, "new fields: rule loads");
	if (r != NULL) {
		is_str(r->for_each, "name", "for_each loaded");
		is_str(r->component, "operator/{co.name}", "component loaded");
		ok(r->current != NULL, "current parsed");
		is_str(r->current_text, "co and not l", "current text kept");
		is_int(r->recent_us, INT64_C(7200000000), "recent 2h");
		is_int(r->generic, 1, "generic true");
	}
	ruleset_free(&rs);

	text = HDR EV "when: co or l\ngeneric: false\n";
	ruleset_init(&rs);
	ruleset_load_buffer(&rs, "m.yaml", text, strlen(text), NULL);
	ruleset_finish(&rs);
	r = ruleset_find(&rs, "p.x");
	ok(r != NULL && r->for_each == NULL && r->component == NULL &&
	    r->current == NULL && r->recent_us == 0 && r->generic == 0,
	    "new fields left out: defaults (recent 0 means 30m)");
	ruleset_free(&rs);

	DIAG(HDR EV "when: co or l\ncurrent: co and nope\n",
	    "m.yaml:11:17: 'current': unknown evidence 'nope' at "
	    "column 8\n", "current naming an unknown item");
	DIAG(HDR EV "when: co or l\ncurrent: co and (\n",
	    "m.yaml:11:18: 'current': expected evidence name or '(' at "
	    "column 9\n", "current syntax error");
	DIAG(HDR EV "when: co or l\ncurrent: [co]\n",
	    "m.yaml:11:10: 'current' must be a string, not a list\n",
	    "current not a string");
	DIAG(HDR EV "when: co\n",
	    "m.yaml:9:3: warning: evidence 'l' is not used in 'when' or "
	    "'current'\n", "item used in neither");
	DIAG(HDR EV "when: co\ncurrent: not l\n", "",
	    "an item used only in 'current' is used");
	DIAG(HDR EV "when: co or l\nfor_each: Name-x\n",
	    "m.yaml:11:11: 'for_each' is 'Name-x'; it must name a column or "
	    "named group ([a-z_][a-z0-9_]*, at most 64 bytes)\n",
	    "for_each invalid name");
	DIAG(HDR EV "when: co or l\nfor_each: 1abc\n",
	    "m.yaml:11:11: 'for_each' is '1abc'; it must name a column or "
	    "named group ([a-z_][a-z0-9_]*, at most 64 bytes)\n",
	    "for_each starting with a digit");
	DIAG(HDR EV "when: co or l\ncomponent: etcd\n",
	    "m.yaml:11:12: 'component' is 'etcd'; it must be KIND/NAME, such "
	    "as operator/{co.name} or node/{node}\n",
	    "component without '/'");
	DIAG(HDR EV "when: co or l\ncomponent: 'node/{zz.node}'\n",
	    "m.yaml:11:12: warning: 'component' placeholder names unknown "
	    "evidence item 'zz'\n", "component placeholder checked");
	DIAG(HDR EV "when: co or l\nrecent: soon\n",
	    "m.yaml:11:9: 'recent' must be a duration such as 30m, 2h or 1d, "
	    "not 'soon'\n", "recent invalid");
	DIAG(HDR EV "when: co or l\nrecent: 0s\n",
	    "m.yaml:11:9: 'recent' must be a duration such as 30m, 2h or 1d, "
	    "not '0s'\n", "recent zero");
	DIAG(HDR EV "when: co or l\ngeneric: yes\n",
	    "m.yaml:11:10: 'generic' must be true or false, not 'yes'\n",
	    "generic non-boolean");
	DIAG(HDR EV "when: co or l\nfor_eachh: name\n",
	    "m.yaml:11:1: unknown field 'for_eachh' (did you mean "
	    "'for_each'?)\n", "new fields are suggested");
#undef DIAG
#undef EV
#undef HDR
}

static void
test_caps(void)
{
	struct ruleset rs;
	char *text, *tmp, *s;
	int i;

	/* 40 unknown fields: 32 shown, then one line saying so. */
	text = xstrdup("id: p.x\ntitle: t\nseverity: low\ncategory: c\n"
	    "summary: s\nremedy: r\nevidence:\n  a: {pattern: x}\n");
	for (i = 0; i < 40; i++) {
		xasprintf(&tmp, "%sextra%02d: 1\n", text, i);
		free(text);
		text = tmp;
	}
	ruleset_init(&rs);
	ruleset_load_buffer(&rs, "m.yaml", text, strlen(text), NULL);
	is_int(rs.ndiags, 33, "diagnostics per file are capped");
	is_str(rs.ndiags == 33 ? rs.diags[32].message : NULL,
	    "more than 32 problems; the rest are not shown", "cap message");
	is_int(rs.nerrors, 40, "all errors still counted");
	is_int(rs.nrules, 0, "rule rejected");
	ruleset_free(&rs);
	free(text);

	/* An error deep in a literal block after many blank lines: the
	 * position is found in one pass. */
	text = xmalloc(RULE_MAX_FILE_BYTES);
	i = snprintf(text, RULE_MAX_FILE_BYTES, "id: p.x\ntitle: t\n"
	    "severity: low\ncategory: c\nsummary: s\nremedy: r\n"
	    "evidence:\n  a:\n    sql: |\n");
	memset(text + i, '\n', 60000);
	strcpy(text + i + 60000, "      SELECT 1; SELECT 2\n");
	ruleset_init(&rs);
	ruleset_load_buffer(&rs, "m.yaml", text, strlen(text), NULL);
	s = diags_for(&rs, NULL);
	is_str(s, "m.yaml:60010:17: evidence 'a': 'sql' holds more than one "
	    "statement\n", "position after 60000 blank lines");
	free(s);
	ruleset_free(&rs);
	free(text);

	/* A mapping with more keys than any rule needs. */
	text = xstrdup("id: p.x\nreferences: {");
	for (i = 0; i < 300; i++) {
		xasprintf(&tmp, "%sk%d: 1, ", text, i);
		free(text);
		text = tmp;
	}
	xasprintf(&tmp, "%sz: 1}\n", text);
	free(text);
	text = tmp;
	ruleset_init(&rs);
	ruleset_load_buffer(&rs, "m.yaml", text, strlen(text), NULL);
	s = diags_for(&rs, NULL);
	ok(strstr(s, "must be a string or a list of strings, not a mapping") !=
	    NULL, "large mapping in a list field");
	free(s);
	ruleset_free(&rs);
	free(text);
	text = xstrdup("");
	for (i = 0; i < 300; i++) {
		xasprintf(&tmp, "%sk%d: 1\n", text, i);
		free(text);
		text = tmp;
	}
	ruleset_init(&rs);
	ruleset_load_buffer(&rs, "m.yaml", text, strlen(text), NULL);
	s = diags_for(&rs, NULL);
	is_str(s, "m.yaml:257:1: more than 256 keys in one mapping\n"
	    "m.yaml:1:1: missing required field 'id'\n"
	    "m.yaml:1:1: missing required field 'title'\n"
	    "m.yaml:1:1: missing required field 'severity'\n"
	    "m.yaml:1:1: missing required field 'category'\n"
	    "m.yaml:1:1: missing required field 'evidence'\n"
	    "m.yaml:1:1: missing required field 'summary'\n"
	    "m.yaml:1:1: missing required field 'remedy'\n",
	    "keys per mapping capped");
	free(s);
	ruleset_free(&rs);
	free(text);
}

int
main(void)
{
	const char *top = getenv("top_srcdir");

#ifdef MGT_SRCDIR
	if (top == NULL)
		top = MGT_SRCDIR;
#endif
	if (top != NULL && chdir(top) != 0) {
		printf("Bail out! cannot chdir to %s\n", top);
		return 1;
	}
	test_severity();
	test_expr();
	test_template();
	test_good();
	test_bad();
	test_finish();
	test_positions();
	test_instance_fields();
	test_caps();
	return done_testing();
}
