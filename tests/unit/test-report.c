/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Unit tests for the report model and writers: one synthetic report with
 * two root causes, nested symptoms, both kinds of evidence and hostile
 * strings, built into the model (its tree, sentences and counts checked),
 * written in all five formats and compared byte for byte with
 * tests/golden/report/ (MGT_REGEN=1 rewrites those), plus targeted checks.
 */
#include "config.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <cJSON.h>

#include "error.h"
#include "finding.h"
#include "report-model.h"
#include "rule.h"
#include "tap.h"
#include "util.h"
#include "xmalloc.h"

#ifndef MGT_SRCDIR
#define MGT_SRCDIR "."
#endif

#define T0	INT64_C(1767866531000000)	/* 2026-01-08T10:02:11Z */
#define NRULES	8

#define XSS_SCRIPT	"</script><script>alert(1)</script>"
#define XSS_IMG		"\"><img src=x onerror=alert(1)>"
#define ANSI_CLEAR	"\x1b[2J"
#define LSEP		"\xe2\x80\xa8"	/* U+2028 */
#define RLO		"\xe2\x80\xae"	/* U+202E */
#define BAD_UTF8	"\xff\xfe\xc3("

static struct rule rules[NRULES];
static struct ruleset ruleset;
static struct finding_set set;
static struct report_problem problems[5];
static struct report_event timeline[3];
static const char *inputs[] = {
	"case-03812345/must-gather.tar.gz",
	"control0-journal.log"
};
static char *long_line;

static void
set_rule(size_t i, const char *id, enum rule_severity sev,
    const char *category, const char *title, const char *explains)
{
	struct rule *r = &rules[i];
	char *copy, *p, *tok;

	memset(r, 0, sizeof *r);
	r->id = xstrdup(id);
	r->severity = sev;
	r->category = xstrdup(category);
	r->title = xstrdup(title);
	if (explains == NULL)
		return;
	copy = xstrdup(explains);
	for (p = copy; (tok = strsep(&p, ",")) != NULL;) {
		r->explains = xreallocarray(r->explains, r->nexplains + 1,
		    sizeof *r->explains);
		r->explains[r->nexplains++] = xstrdup(tok);
	}
	free(copy);
}

static const struct rule *
rule_by_id(const char *id)
{
	size_t i;

	for (i = 0; i < NRULES; i++)
		if (strcmp(rules[i].id, id) == 0)
			return &rules[i];
	return NULL;
}

static struct finding_evidence *
add_evidence(struct finding *f)
{
	struct finding_evidence *e;

	f->evidence = xreallocarray(f->evidence, f->nevidence + 1,
	    sizeof *f->evidence);
	e = &f->evidence[f->nevidence++];
	memset(e, 0, sizeof *e);
	e->ts = INT64_MIN;
	return e;
}

static void
ev_log(struct finding *f, const char *item, const char *source, long line,
    int64_t ts, const char *node, const char *text)
{
	struct finding_evidence *e = add_evidence(f);

	e->item = xstrdup(item);
	e->source = xstrdup(source);
	e->line = line;
	e->ts = ts;
	e->node = node != NULL ? xstrdup(node) : NULL;
	e->text = xstrdup(text);
}

static void
ev_obj(struct finding *f, const char *item, const char *object,
    const char *field, const char *value)
{
	struct finding_evidence *e = add_evidence(f);

	e->item = xstrdup(item);
	e->object = xstrdup(object);
	e->field = xstrdup(field);
	e->value = xstrdup(value);
}

static struct finding *
add_finding(const char *id, const char *summary, int64_t first,
    long total)
{
	struct finding *f = finding_set_add(&set);

	f->rule = rule_by_id(id);
	f->summary = xstrdup(summary);
	f->first_ts = first;
	f->last_ts = first == INT64_MIN ? first : first + 600000000;
	f->total_evidence = total;
	return f;
}

static void
build(struct report *r)
{
	static const char mcd[] = "must-gather.tar.gz!must-gather.local.1/"
	    "namespaces/openshift-machine-config-operator/pods/"
	    "machine-config-daemon-8xk2p/machine-config-daemon/"
	    "machine-config-daemon/logs/current.log";
	struct finding *f;

	set_rule(0, "auth.apiservers-below-3", RULE_SEV_HIGH, "auth",
	    "Authentication needs three kube-apiservers", NULL);
	set_rule(1, "etcd.quorum-lost", RULE_SEV_CRITICAL, "etcd",
	    "etcd has lost quorum", NULL);
	set_rule(2, "info.noise", RULE_SEV_INFO, "misc",
	    "Informational noise", NULL);
	set_rule(3, "mco.daemon-bootstrap-loop", RULE_SEV_HIGH,
	    "machine-config", "MCD loops in bootstrap mode", NULL);
	set_rule(4, "mco.pool-degraded", RULE_SEV_HIGH, "machine-config",
	    "MachineConfigPool is degraded", "auth.apiservers-below-3");
	set_rule(5, "mco.rendered-config-missing", RULE_SEV_CRITICAL,
	    "machine-config",
	    "Node references a rendered MachineConfig that no longer exists",
	    "mco.pool-degraded,mco.daemon-bootstrap-loop");
	set_rule(6, "mcs.serve-500", RULE_SEV_MEDIUM, "machine-config",
	    "MachineConfig Server answers 500 " XSS_SCRIPT, "info.noise");
	set_rule(7, "quiet.rule", RULE_SEV_LOW, "misc", "Never fires", NULL);
	rules[5].remedy = xstrdup(
	    "CURRENT_MC=$(oc get mcp master -o "
	    "jsonpath='{.spec.configuration.name}')\n"
	    "oc patch mcp master --type=merge --subresource=status \\\n"
	    "  -p \"{\\\"status\\\":{\\\"configuration\\\":"
	    "{\\\"name\\\":\\\"$CURRENT_MC\\\"}}}\"\n"
	    "```\n"
	    "\tthen check `oc get mcp` <b>again</b>\n");
	rules[5].references = xcalloc(3, sizeof *rules[5].references);
	rules[5].references[0] = xstrdup(
	    "https://access.redhat.com/solutions/7012345");
	rules[5].references[1] = xstrdup("javascript:alert(1)");
	rules[5].references[2] = xstrdup("OCPBUGS-12345");
	rules[5].nreferences = 3;
	rules[6].remedy = xstrdup("Patch status.configuration.name. " XSS_IMG);
	ruleset.rules = rules;
	ruleset.nrules = NRULES;

	long_line = xmalloc(10 * 1024 + 1);
	memset(long_line, 'A', 10 * 1024);
	memcpy(long_line, "E0108 10:05:00.000000 1 daemon.go:1662] ", 40);
	memcpy(long_line + 10 * 1024 - 4, "tail", 4);
	long_line[10 * 1024] = '\0';

	finding_set_init(&set);
	f = add_finding("mco.rendered-config-missing",
	    "control1.gw.lo points at rendered-master-553d5d52, which does "
	    "not exist", T0, 7);
	ev_obj(f, "stale", "Node/control1.gw.lo",
	    "metadata.annotations.machineconfiguration.openshift.io/"
	    "currentConfig", "rendered-master-553d5d527988f8cd22e7791f"
	    "6013fe42");
	ev_obj(f, "stale", "Node/control2.gw.lo",
	    "metadata.annotations.machineconfiguration.openshift.io/"
	    "currentConfig", "rendered-master-553d5d527988f8cd22e7791f"
	    "6013fe42");
	ev_log(f, "daemon_log", mcd, 1662, T0 + 5000000, "control1.gw.lo",
	    "I0108 10:02:16.000000 1 writer.go:231] Marking Degraded due to: "
	    "\"missing MachineConfig rendered-master-553d5d52\"");
	ev_log(f, "daemon_log", mcd, 1700, T0 + 65000000, "control1.gw.lo",
	    "fourth line, not shown in text");

	f = add_finding("mco.pool-degraded",
	    "pool master: 2 machines, 0 ready, 2 degraded", T0 + 60000000, 1);
	ev_obj(f, "pool", "MachineConfigPool/master",
	    "status.conditions[Degraded].status", "True");

	f = add_finding("mco.daemon-bootstrap-loop",
	    "MCD on control1.gw.lo stuck in bootstrap mode", T0 + 1000000,
	    120);
	ev_log(f, "loop", mcd, 2, T0 + 1000000, "control1.gw.lo", long_line);

	f = add_finding("auth.apiservers-below-3",
	    "need at least 3 kube-apiservers, got 2 | pipe and ``` ticks",
	    T0 + 120000000, 1);
	ev_obj(f, "co", "ClusterOperator/authentication",
	    "status.conditions[Available].message",
	    "APIServerDeploymentAvailable: `2` of 3 | see ```x```");

	f = add_finding("mcs.serve-500",
	    "MCS 500 for pool master " XSS_SCRIPT " " LSEP " " ANSI_CLEAR,
	    T0 + 30000000, 3);
	ev_log(f, "mcs", "must-gather.tar.gz!mg/pods/mcs-" XSS_IMG
	    "/current.log", 17, T0 + 30000000, "control1" RLO "lmth.exe",
	    "\xc2\x9b" "31m " RLO "txt.exe couldn't get config " XSS_IMG " "
	    ANSI_CLEAR " " LSEP " " BAD_UTF8 " javascript:alert(1)");
	ev_obj(f, "pool", "MachineConfigPool/master",
	    "status.configuration.name", "");
	ev_log(f, "nodate", "journal\nwith newline.log", 0, INT64_MIN, NULL,
	    "a line\twith\ttabs");

	f = add_finding("info.noise", "something " BAD_UTF8 " noisy",
	    INT64_MIN, 1);
	ev_log(f, "n", "control0-journal.log", 9, INT64_MIN, "control0",
	    "Jan 08 10:00:00 control0 ignition[812]: GET error");

	rank_findings(&set, NULL);

	problems[0] = (struct report_problem){ PROBLEM_ERROR, "truncated",
	    "case-03812345/must-gather.tar.gz!inner.tar", 123456, 0,
	    "Truncated input file (needed 512 bytes, only 0 available)" };
	problems[1] = (struct report_problem){ PROBLEM_WARNING, "limit-line",
	    "must-gather.tar.gz!mg/big.log", -1, 42,
	    "line longer than 1048576 bytes; matched in windows" };
	problems[2] = (struct report_problem){ PROBLEM_WARNING, "limit-line",
	    "must-gather.tar.gz!mg/big2.log", -1, 7,
	    "line longer than 1048576 bytes; matched in windows" };
	problems[3] = (struct report_problem){ PROBLEM_INFO, "link",
	    "must-gather.tar.gz!mg/<b>x" ANSI_CLEAR "|y", -1, 0,
	    "symlink to ../../etc recorded, not followed" };
	problems[4] = (struct report_problem){ PROBLEM_WARNING,
	    "invalid-utf8", "", -1, 0, "bytes " BAD_UTF8 " in a name" };

	timeline[0] = (struct report_event){ T0, T0 + 3000000000LL, 52,
	    "Marking Degraded due to: missing MachineConfig",
	    "must-gather.tar.gz!mg/current.log:1662",
	    "control1.gw.lo,control2.gw.lo" };
	timeline[1] = (struct report_event){ T0 + 30000000, T0 + 30000000, 1,
	    "MCS 500 " XSS_SCRIPT, "must-gather.tar.gz!mg/mcs.log:17", NULL };
	timeline[2] = (struct report_event){ T0 + 120000500, T0 + 120000500,
	    1, "authentication Available=False | `x`",
	    "ClusterOperator/authentication", "" };

	memset(r, 0, sizeof *r);
	r->version = "0.1.0";
	r->inputs = inputs;
	r->ninputs = 2;
	r->rules = &ruleset;
	r->findings = &set;
	r->problems = problems;
	r->nproblems = 5;
	r->problems_total = 9;
	r->timeline = timeline;
	r->ntimeline = 3;
	r->stats.sources = 1234;
	r->stats.lines = 5000000;
	r->stats.resources = 600;
	r->stats.bytes = 123456789012LL;
	r->stats.rules = NRULES;
	r->stats.seconds = 3.25;
	r->stats.have_seconds = 1;
	r->fail_on = RULE_SEV_HIGH;
	r->color = 0;
	r->generated_at = "2026-01-08T11:00:00Z";
}

static void
teardown(void)
{
	size_t i, j;

	finding_set_free(&set);
	for (i = 0; i < NRULES; i++) {
		free(rules[i].id);
		free(rules[i].category);
		free(rules[i].title);
		free(rules[i].remedy);
		for (j = 0; j < rules[i].nexplains; j++)
			free(rules[i].explains[j]);
		free(rules[i].explains);
		for (j = 0; j < rules[i].nreferences; j++)
			free(rules[i].references[j]);
		free(rules[i].references);
	}
	free(long_line);
}

/* Write r in fmt to memory; the caller frees *out. */
static int
render(const struct report *r, enum report_format fmt, char **out,
    size_t *len)
{
	struct mgt_error err;
	FILE *fp;
	int rc;

	mgt_error_clear(&err);
	*out = NULL;
	*len = 0;
	if ((fp = open_memstream(out, len)) == NULL)
		return MGT_ERR_IO;
	rc = report_write(fp, fmt, r, &err);
	fclose(fp);
	return rc;
}

static char *
golden_path(const char *name)
{
	const char *top;
	char *p;

	if ((top = getenv("top_srcdir")) == NULL)
		top = MGT_SRCDIR;
	xasprintf(&p, "%s/tests/golden/report/%s", top, name);
	return p;
}

static char *
slurp(const char *path, size_t *len)
{
	FILE *fp;
	char *buf = NULL;
	size_t cap = 0, n;

	if ((fp = fopen(path, "rb")) == NULL)
		return NULL;
	*len = 0;
	for (;;) {
		buf = xreallocarray(buf, cap + 65536 + 1, 1);
		cap += 65536;
		n = fread(buf + *len, 1, cap - *len, fp);
		*len += n;
		if (n == 0)
			break;
	}
	fclose(fp);
	buf[*len] = '\0';
	return buf;
}

/* Compare with the committed file, or rewrite it when MGT_REGEN=1. */
static void
golden(const char *name, const char *got, size_t len)
{
	char *path, *want, msg[256];
	size_t wlen = 0, i, line = 1;
	const char *regen;
	FILE *fp;

	path = golden_path(name);
	regen = getenv("MGT_REGEN");
	if (regen != NULL && strcmp(regen, "1") == 0) {
		fp = fopen(path, "wb");
		ok(fp != NULL && fwrite(got, 1, len, fp) == len &&
		    fclose(fp) == 0, "golden rewritten");
		printf("# rewrote %s\n", path);
		free(path);
		return;
	}
	want = slurp(path, &wlen);
	snprintf(msg, sizeof msg, "%s matches the golden file", name);
	if (want == NULL) {
		ok(0, msg);
		printf("#   cannot read %s (MGT_REGEN=1 writes it)\n", path);
		free(path);
		return;
	}
	for (i = 0; i < len && i < wlen && got[i] == want[i]; i++)
		if (got[i] == '\n')
			line++;
	if (!ok(len == wlen && i == len, msg))
		printf("#   first difference at byte %zu, line %zu of %s\n",
		    i, line, path);
	free(want);
	free(path);
}

static int
has_byte(const char *s, size_t len, unsigned char c)
{
	return memchr(s, c, len) != NULL;
}

static const char *
find_ci(const char *hay, const char *needle)
{
	size_t n = strlen(needle);

	for (; *hay != '\0'; hay++)
		if (strncasecmp(hay, needle, n) == 0)
			return hay;
	return NULL;
}

static int
valid_utf8(const char *s, size_t len)
{
	return utf8_valid_prefix(s, len) == len;
}

/* The names of an object's members, comma-joined. */
static void
json_keys(const cJSON *o, char *buf, size_t len)
{
	const cJSON *c;

	buf[0] = '\0';
	for (c = o != NULL ? o->child : NULL; c != NULL; c = c->next) {
		if (buf[0] != '\0')
			strncat(buf, ",", len - strlen(buf) - 1);
		strncat(buf, c->string, len - strlen(buf) - 1);
	}
}

static void
test_json(const char *out)
{
	cJSON *root, *rc0, *sym, *ev, *a, *mcs;
	char keys[512];

	root = cJSON_Parse(out);
	if (!ok(root != NULL, "json: parses back with cJSON"))
		return;
	json_keys(root, keys, sizeof keys);
	is_str(keys, "schema,version,generated_at,inputs,completeness,"
	    "root_causes,resolved,suppressed,findings,problems,problems_total,timeline,stats",
	    "json: top-level keys");
	a = cJSON_GetObjectItem(root, "completeness");
	ok(cJSON_IsFalse(cJSON_GetObjectItem(a, "complete")),
	    "json: a run with input errors is not complete");
	ok(cJSON_IsString(cJSON_GetObjectItem(a, "headline")) &&
	    strncmp(cJSON_GetObjectItem(a, "headline")->valuestring,
	    "INCOMPLETE: ", 12) == 0, "json: the headline says INCOMPLETE");
	is_str(cJSON_GetObjectItem(root, "schema")->valuestring,
	    "mgtriage.report/v1", "json: schema");
	a = cJSON_GetObjectItem(root, "root_causes");
	is_int(cJSON_GetArraySize(a), 2, "json: two root causes");
	rc0 = cJSON_GetArrayItem(a, 0);
	json_keys(rc0, keys, sizeof keys);
	is_str(keys, "rank,rule,title,severity,category,summary,component,"
	    "state,state_reason,rank_reason,"
	    "first_ts,evidence,total_evidence,symptoms,remedy,references",
	    "json: root cause keys");
	is_str(cJSON_GetObjectItem(rc0, "rule")->valuestring,
	    "mco.rendered-config-missing", "json: first root");
	is_str(cJSON_GetObjectItem(rc0, "first_ts")->valuestring,
	    "2026-01-08T10:02:11Z", "json: first_ts RFC3339");
	ev = cJSON_GetArrayItem(cJSON_GetObjectItem(rc0, "evidence"), 0);
	json_keys(ev, keys, sizeof keys);
	is_str(keys, "item,object,field,value", "json: object evidence keys");
	ev = cJSON_GetArrayItem(cJSON_GetObjectItem(rc0, "evidence"), 2);
	json_keys(ev, keys, sizeof keys);
	is_str(keys, "item,source,line,ts,node,text",
	    "json: log evidence keys");
	sym = cJSON_GetArrayItem(cJSON_GetObjectItem(rc0, "symptoms"), 0);
	json_keys(sym, keys, sizeof keys);
	is_str(keys, "rank,rule,title,severity,category,summary,component,"
	    "state,state_reason,rank_reason,"
	    "first_ts,evidence,total_evidence,symptoms,remedy,references",
	    "json: symptom keys");
	sym = cJSON_GetArrayItem(cJSON_GetObjectItem(sym, "symptoms"), 0);
	is_str(sym != NULL ? cJSON_GetObjectItem(sym, "rule")->valuestring :
	    NULL, "auth.apiservers-below-3", "json: nested symptom");
	mcs = cJSON_GetArrayItem(a, 1);
	ev = cJSON_GetArrayItem(cJSON_GetObjectItem(mcs, "evidence"), 0);
	ok(strstr(cJSON_GetObjectItem(ev, "text")->valuestring,
	    "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd(") != NULL,
	    "json: invalid bytes became U+FFFD");
	ev = cJSON_GetArrayItem(cJSON_GetObjectItem(mcs, "evidence"), 2);
	ok(cJSON_IsNull(cJSON_GetObjectItem(ev, "line")) &&
	    cJSON_IsNull(cJSON_GetObjectItem(ev, "ts")),
	    "json: unknown line and time are null");
	a = cJSON_GetObjectItem(root, "findings");
	is_int(cJSON_GetArraySize(a), 6, "json: all findings listed flat");
	json_keys(cJSON_GetArrayItem(a, 0), keys, sizeof keys);
	is_str(keys, "rule,severity,summary,component,state,cause", "json: finding keys");
	is_str(cJSON_GetObjectItem(cJSON_GetArrayItem(a, 0), "cause")->
	    valuestring, "mco.pool-degraded", "json: cause of a symptom");
	ok(cJSON_IsNull(cJSON_GetObjectItem(cJSON_GetArrayItem(a, 4),
	    "cause")), "json: cause of a root is null");
	json_keys(cJSON_GetArrayItem(cJSON_GetObjectItem(root, "problems"), 0),
	    keys, sizeof keys);
	is_str(keys, "severity,code,vpath,offset,line,message",
	    "json: problem keys");
	is_int(cJSON_GetObjectItem(root, "problems_total")->valuedouble, 9,
	    "json: problems_total");
	json_keys(cJSON_GetObjectItem(root, "stats"), keys, sizeof keys);
	is_str(keys, "sources,lines,resources,bytes,rules,seconds",
	    "json: stats keys");
	ok(cJSON_GetObjectItem(cJSON_GetObjectItem(root, "stats"), "bytes")->
	    valuedouble == 123456789012.0, "json: large counts exact");
	json_keys(cJSON_GetArrayItem(cJSON_GetObjectItem(root, "timeline"), 0),
	    keys, sizeof keys);
	is_str(keys, "first_ts,last_ts,count,what,where,nodes",
	    "json: timeline keys");
	cJSON_Delete(root);
}

/*
 * Well-formedness by tag balance: every start tag closed in order, quoted
 * attributes, nothing but markup and text; enough for our own output.
 */
static int
xml_balanced(const char *s)
{
	char stack[32][64], name[64];
	size_t depth = 0, n;
	const char *p = s, *q;
	int closing;

	while ((p = strchr(p, '<')) != NULL) {
		if (strncmp(p, "<?", 2) == 0) {
			if ((p = strstr(p, "?>")) == NULL)
				return 0;
			continue;
		}
		closing = p[1] == '/';
		q = p + 1 + closing;
		for (n = 0; isalnum((unsigned char)q[n]) || q[n] == '-' ||
		    q[n] == '_'; n++)
			;
		if (n == 0 || n >= sizeof name)
			return 0;
		memcpy(name, q, n);
		name[n] = '\0';
		for (q += n; *q != '>' && *q != '\0'; q++) {
			if (*q == '<')
				return 0;
			if (*q == '"' && (q = strchr(q + 1, '"')) == NULL)
				return 0;
		}
		if (*q == '\0')
			return 0;
		if (closing) {
			if (depth == 0 || strcmp(stack[--depth], name) != 0)
				return 0;
		} else if (q[-1] != '/') {
			if (depth == 32)
				return 0;
			snprintf(stack[depth++], sizeof stack[0], "%s", name);
		}
		p = q + 1;
	}
	return depth == 0;
}

static size_t
count(const char *s, const char *needle)
{
	size_t n = 0;

	while ((s = strstr(s, needle)) != NULL) {
		n++;
		s++;
	}
	return n;
}

static void
test_junit(const char *out)
{
	char want[64], path[] = "/tmp/mgt-junit-XXXXXX", *cmd;
	size_t i, fired = 0;
	FILE *fp;
	int fd;

	ok(xml_balanced(out), "junit: tags balance");
	for (i = 0; i < set.nfindings; i++)
		if (set.findings[i].rule->severity >= RULE_SEV_HIGH)
			fired++;
	snprintf(want, sizeof want, "failures=\"%zu\"", fired);
	ok(strstr(out, want) != NULL, "junit: failures = fired at or above");
	is_int(count(out, "<failure "), fired, "junit: failure elements");
	is_int(count(out, "<testcase "), NRULES + 1,
	    "junit: one case per rule, and one for completeness");
	ok(strstr(out, "tests=\"9\"") != NULL, "junit: tests count");
	ok(strstr(out, "errors=\"1\"") != NULL, "junit: input errors error");
	ok(strstr(out, "name=\"completeness\">\n    <error message=\""
	    "INCOMPLETE: ") != NULL, "junit: the completeness case errors");
	is_int(count(out, "<system-out>"), 2, "junit: below fail_on passes");
	ok(!has_byte(out, strlen(out), 0x1b), "junit: no ESC");

	if (system("xmllint --version >/dev/null 2>&1") != 0) {
		printf("ok %d # skip xmllint not installed\n", ++tap_n);
		return;
	}
	fd = mkstemp(path);
	fp = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (fp != NULL) {
		fputs(out, fp);
		fclose(fp);
	}
	xasprintf(&cmd, "xmllint --noout %s", path);
	ok(fp != NULL && system(cmd) == 0, "junit: xmllint --noout");
	free(cmd);
	unlink(path);
}

/* A copy of s without the <wbr> marks (line break opportunities). */
static char *
strip_wbr(const char *s)
{
	char *out, *w;

	out = xstrdup(s);
	w = out;
	while (*s != '\0') {
		if (strncmp(s, "<wbr>", 5) == 0)
			s += 5;
		else
			*w++ = *s++;
	}
	*w = '\0';
	return out;
}

static void
test_html(const char *out, size_t len)
{
	char *body, *end, *plain;

	ok(find_ci(out, "<script") == NULL, "html: no <script at all");
	ok(find_ci(out, "<img") == NULL, "html: no raw <img");
	ok(find_ci(out, "href=\"javascript") == NULL,
	    "html: no javascript: link");
	ok(find_ci(out, "url(") == NULL && find_ci(out, "@import") == NULL &&
	    find_ci(out, " src=\"") == NULL, "html: nothing to fetch");
	plain = strip_wbr(out);
	ok(strstr(plain, "&lt;/script&gt;&lt;script&gt;alert(1)") != NULL,
	    "html: script text escaped");
	ok(find_ci(plain, "<script") == NULL,
	    "html: no <script once the <wbr> marks are gone");
	ok(strstr(out, "<code class=\"id\">auth.apiservers-below-3</code>") !=
	    NULL, "html: a rule id is one unbroken atom");
	ok(strstr(out, "<td class=\"sev\">") != NULL &&
	    strstr(out, "<td class=\"num\">") != NULL,
	    "html: severities and counts are marked unbreakable");
	ok(strstr(out, "&quot;&gt;&lt;img src=x") != NULL,
	    "html: attribute breakout escaped");
	ok(strstr(out, LSEP) == NULL && strstr(out, "&#x2028;") != NULL,
	    "html: U+2028 as a reference");
	ok(strstr(out, RLO) == NULL, "html: no raw bidi override");
	ok(strstr(out, "rel=\"noreferrer noopener\"") != NULL,
	    "html: reference link sends no referrer");
	/* <wbr> is the body's one void element. */
	body = xstrdup(strstr(plain, "<body>"));
	if ((end = strstr(body, "</body>")) != NULL)
		end[strlen("</body>")] = '\0';
	ok(end != NULL && xml_balanced(body), "html: body tags balance");
	free(body);
	free(plain);
	ok(!has_byte(out, len, 0x1b), "html: no ESC");
}

/* Display columns of one line (code points; the report escapes the rest). */
static size_t
columns(const char *s, size_t n)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			c++;
	return c;
}

/*
 * Width: to a file every line is whole (the remedy and the evidence path
 * can be pasted); at --width N no line but a remedy or reference passes N.
 */
static void
test_text_width(const struct report *base, const char *whole)
{
	struct report r = *base;
	const char *p, *nl;
	char *o, msg[64];
	size_t l, widest = 0, w;
	int in_paste = 0, cut = 0;
	static const size_t widths[] = { 80, 132 };
	size_t k;

	ok(strstr(whole, "oc patch mcp master --type=merge --subresource="
	    "status \\") != NULL, "text: remedy lines whole without a width");
	ok(strstr(whole, "machine-config-daemon-8xk2p/machine-config-daemon/"
	    "machine-config-daemon/logs/current.log:1662: ") != NULL,
	    "text: evidence path whole without a width");
	for (k = 0; k < sizeof widths / sizeof widths[0]; k++) {
		r.width = widths[k];
		if (render(&r, REPORT_TEXT, &o, &l) != MGT_OK)
			continue;
		if (getenv("MGT_DUMP") != NULL)
			fwrite(o, 1, l, stderr);
		widest = 0;
		cut = 0;
		in_paste = 0;
		for (p = o; p < o + l; p = nl + 1) {
			if ((nl = memchr(p, '\n', (size_t)(o + l - p))) == NULL)
				nl = o + l;
			if (strncmp(p, "    Remedy:", 11) == 0 ||
			    strncmp(p, "    References:", 15) == 0)
				in_paste = 1;
			else if (strncmp(p, "      ", 6) != 0)
				in_paste = 0;
			w = columns(p, (size_t)(nl - p));
			if (!in_paste && w > widest)
				widest = w;
			if (memmem(p, (size_t)(nl - p), "\xe2\x80\xa6", 3))
				cut = 1;
		}
		snprintf(msg, sizeof msg, "text: --width %zu holds", widths[k]);
		ok(widest <= widths[k], msg);
		if (widest > widths[k])
			printf("#   widest line: %zu columns\n", widest);
		snprintf(msg, sizeof msg, "text: --width %zu cuts evidence",
		    widths[k]);
		ok(cut, msg);
		snprintf(msg, sizeof msg, "text: --width %zu keeps the remedy",
		    widths[k]);
		ok(strstr(o, "oc patch mcp master --type=merge --subresource="
		    "status \\") != NULL, msg);
		free(o);
	}
}

static void
test_text(const struct report *base, const char *out, size_t len)
{
	struct report r = *base;
	struct finding_set empty;
	char *o;
	size_t l;

	ok(!has_byte(out, len, 0x1b), "text: no ESC without colour");
	ok(strstr(out, "\\x1b[2J") != NULL, "text: ANSI escape shown inert");
	ok(strstr(out, "\\xff\\xfe\\xc3(") != NULL,
	    "text: invalid bytes shown as \\xNN");
	ok(strstr(out, "\\u009b") != NULL && strstr(out, "\\u202e") != NULL,
	    "text: C1 and bidi controls shown inert");
	ok(strstr(out, "\\xe2\\x80\\xa8") != NULL, "text: U+2028 escaped");
	ok(strstr(out, "\xe2\x94\x94\xe2\x94\x80 HIGH auth.apiservers-below-3")
	    != NULL, "text: nested symptom drawn");

	r.color = 1;
	if (render(&r, REPORT_TEXT, &o, &l) == MGT_OK) {
		ok(strstr(o, "\x1b[1;31mCRITICAL\x1b[0m") != NULL,
		    "text: colour when asked");
		ok(strstr(o, "\x1b[2J") == NULL, "text: input ESC still inert");
	}
	free(o);

	test_text_width(base, out);

	finding_set_init(&empty);
	r.color = 0;
	r.findings = &empty;
	r.problems = NULL;
	r.nproblems = 0;
	r.problems_total = 0;
	if (render(&r, REPORT_TEXT, &o, &l) == MGT_OK) {
		ok(strstr(o, "No root cause found by 8 rules.") != NULL,
		    "text: says when nothing was found");
		ok(strstr(o, "Completeness") != NULL &&
		    strstr(o, "No input problems") != NULL,
		    "text: completeness still printed");
	}
	free(o);
	r.generated_at = NULL;
	if (render(&r, REPORT_JSON, &o, &l) == MGT_OK) {
		ok(strstr(o, "generated_at") == NULL,
		    "json: no generated_at unless set");
		ok(strstr(o, "\"root_causes\":\t[]") != NULL,
		    "json: empty root_causes");
	}
	free(o);
	r.findings = NULL;
	r.rules = NULL;
	r.stats.rules = 3;
	if (render(&r, REPORT_JUNIT, &o, &l) == MGT_OK)
		ok(strstr(o, "tests=\"1\" failures=\"0\" errors=\"0\"") !=
		    NULL && strstr(o, "name=\"completeness\"/>") != NULL &&
		    xml_balanced(o), "junit: empty report");
	free(o);
	if (render(&r, REPORT_MARKDOWN, &o, &l) == MGT_OK)
		ok(strstr(o, "No root cause found by 3 rules.") != NULL,
		    "markdown: empty report");
	free(o);
	if (render(&r, REPORT_HTML, &o, &l) == MGT_OK)
		ok(strstr(o, "No root cause found by 3 rules.") != NULL,
		    "html: empty report");
	free(o);
	finding_set_free(&empty);
}

/*
 * Count '<' that a CommonMark renderer could take as HTML: outside fenced
 * blocks and code spans, and not escaped with a backslash.
 */
static size_t
md_raw_lt(const char *s)
{
	size_t fence = 0, run, n = 0, k;
	const char *line, *nl, *p, *q;

	for (line = s; *line != '\0'; line = nl + 1) {
		if ((nl = strchr(line, '\n')) == NULL)
			nl = line + strlen(line);
		for (run = 0; line[run] == '`'; run++)
			;
		if (fence > 0) {
			if (run >= fence && line + run == nl)
				fence = 0;
		} else if (run >= 3)
			fence = run;
		else {
			for (p = line; p < nl; p++) {
				if (*p == '\\') {
					p++;
					continue;
				}
				if (*p == '<')
					n++;
				if (*p != '`')
					continue;
				/* A code span: skip to an equal run. */
				for (run = 0; p[run] == '`'; run++)
					;
				for (q = p + run; q < nl; q++) {
					for (k = 0; q[k] == '`'; k++)
						;
					if (k == run)
						break;
					if (k > 0)
						q += k - 1;
				}
				p = q < nl ? q + run - 1 : p + run - 1;
			}
		}
		if (*nl == '\0')
			break;
	}
	return n;
}

static void
test_markdown(const char *out)
{
	ok(strstr(out, "\\| pipe and \\`\\`\\` ticks |") != NULL,
	    "markdown: pipe and backticks escaped in a cell");
	ok(strstr(out, "````text\n") != NULL,
	    "markdown: fence longer than the backtick run inside");
	ok(md_raw_lt(out) == 0, "markdown: no raw '<' outside code");
	ok(strstr(out, "| 1.1.1 | high | `auth.apiservers-below-3` |") !=
	    NULL, "markdown: nested symptom in the summary table");
}

static void
test_api(const struct report *r)
{
	struct mgt_error err;
	FILE *fp;

	is_int(report_format_parse("text"), REPORT_TEXT, "parse text");
	is_int(report_format_parse("json"), REPORT_JSON, "parse json");
	is_int(report_format_parse("md"), REPORT_MARKDOWN, "parse md");
	is_int(report_format_parse("markdown"), REPORT_MARKDOWN,
	    "parse markdown");
	is_int(report_format_parse("html"), REPORT_HTML, "parse html");
	is_int(report_format_parse("junit"), REPORT_JUNIT, "parse junit");
	is_int(report_format_parse("xml"), -1, "parse unknown");
	is_int(report_format_parse(NULL), -1, "parse NULL");

	mgt_error_clear(&err);
	is_int(report_write(stdout, (enum report_format)42, r, &err),
	    MGT_ERR_USAGE, "unknown format is a usage error");
	if ((fp = fopen("/dev/full", "w")) == NULL) {
		printf("ok %d # skip no /dev/full\n", ++tap_n);
		return;
	}
	mgt_error_clear(&err);
	is_int(report_write(fp, REPORT_HTML, r, &err), MGT_ERR_IO,
	    "a full disk is an output error");
	fclose(fp);
}

/* The model of the synthetic report: tree shape, numbers, evidence in
 * parts, remedy lines, checks, completeness counts and sentences. */
static void
test_model(const struct report *r)
{
	struct report_model m;
	const struct report_cause *c, *s;
	const struct report_line *e;
	char *joined;

	report_model_build(&m, r);
	is_int(m.nfindings, 6, "model: every finding");
	is_int(m.ncauses, 2, "model: two root causes");
	c = m.causes[0];
	is_str(c->name, "mco.rendered-config-missing", "model: first cause");
	is_str(c->number, "1", "model: a root is numbered by rank");
	is_int(c->nsymptoms, 2, "model: direct symptoms");
	is_int(c->nbelow, 3, "model: symptoms below, transitively");
	s = c->symptoms[0];
	is_str(s->name, "mco.pool-degraded", "model: symptoms ranked");
	ok(s->cause == c && s->depth == 1 && s->rank == 0,
	    "model: a symptom points at its cause, one level down");
	is_str(s->symptoms[0]->number, "1.1.1", "model: nested number");
	is_str(s->symptoms[0]->name, "auth.apiservers-below-3",
	    "model: nested symptom");
	ok(s->symptoms[0]->reason_is_tree,
	    "model: 'explained by' the cause above says only the tree");
	ok(!c->reason_is_tree && c->more == NULL,
	    "model: a root's reason is its own; no depth cut");
	is_int(c->nevidence, 4, "model: evidence kept");
	is_int(c->total_evidence, 7, "model: evidence total");
	e = &c->evidence[0];
	is_str(e->where, "Node/control1.gw.lo metadata.annotations."
	    "machineconfiguration.openshift.io/currentConfig",
	    "model: object evidence: where");
	ok(strcmp(e->sep, "=") == 0 && e->what != NULL &&
	    strncmp(e->what, "rendered-master-", 16) == 0,
	    "model: object evidence: separator and value");
	e = &c->evidence[2];
	ok(strcmp(e->sep, ": ") == 0 && strstr(e->where, "current.log:1662")
	    != NULL && strncmp(e->what, "I0108", 5) == 0,
	    "model: log evidence: place, separator, line");
	xasprintf(&joined, "%s%s%s", e->where, e->sep, e->what);
	is_str(e->line, joined, "model: the one-line form joins the parts");
	free(joined);
	is_int(c->nremedy_lines, 5, "model: remedy split into lines");
	is_str(c->remedy_lines[3], "```", "model: a remedy line whole");
	is_int(c->nreferences, 3, "model: references");
	c = m.causes[1];
	ok(strcmp(c->number, "2") == 0 && c->nbelow == 1 &&
	    strcmp(c->symptoms[0]->label, "something " BAD_UTF8 " noisy") ==
	    0, "model: second cause and its symptom's label");

	is_int(m.nchecks, NRULES, "model: one check per rule");
	is_str(m.checks[0].id, "auth.apiservers-below-3",
	    "model: checks by rule id");
	is_int(m.nfailures, 4, "model: failures at or above fail_on");
	is_int(m.checks[NRULES - 1].nfound, 0, "model: a quiet rule");

	ok(!m.complete, "model: not complete");
	is_str(m.headline, "INCOMPLETE: 1 input error, 3 warnings: the "
	    "findings cover only what was read; see Completeness",
	    "model: headline");
	ok(m.nerrors == 1 && m.nwarnings == 3 && m.ninfo == 1 &&
	    m.problems_total == 9, "model: problem counts");
	is_str(m.problems_sentence, "9 input problems (1 error, 3 warnings, "
	    "1 info); 4 not listed", "model: completeness sentence");
	is_int(m.ngroups, 4, "model: problem groups");
	ok(strcmp(m.groups[0].code, "truncated") == 0 &&
	    strcmp(m.groups[1].code, "limit-line") == 0 &&
	    strcmp(m.groups[2].code, "invalid-utf8") == 0 &&
	    strcmp(m.groups[3].code, "link") == 0,
	    "model: groups worst first, then biggest");
	ok(m.groups[1].count == 2 && m.groups[1].nexamples == 2 &&
	    m.groups[1].examples[1] == &m.problems[2] &&
	    m.groups[1].nmore == 0, "model: a group's examples");
	is_str(m.problems[4].where, "(input)", "model: a run-wide problem");
	is_int(m.nalerts, 4, "model: errors and warnings are alerts");
	is_str(m.stats_sentence, "1234 sources, 5000000 log lines, 600 "
	    "resources, 123456789012 bytes; 8 rules evaluated in 3.25 s",
	    "model: stats sentence");
	is_str(m.no_cause, "No root cause found by 8 rules",
	    "model: no-cause sentence");
	is_str(m.findings_sentence, "6 (2 root causes)",
	    "model: findings sentence");
	report_model_free(&m);
}

/* Counts over the whole run: rule errors apart, groups as given, and
 * the singular in every sentence. */
static void
test_model_counts(const struct report *base)
{
	struct report r = *base;
	struct report_model m;
	struct report_group groups[2] = {
		{ "truncated", PROBLEM_ERROR, 1, 0 },
		{ PCODE_RULE, PROBLEM_ERROR, 2, 0 }
	};
	struct report_problem one = { PROBLEM_INFO, "link", "x", -1, 0, "m" };

	r.have_counts = 1;
	r.problem_counts[PROBLEM_INFO] = 0;
	r.problem_counts[PROBLEM_WARNING] = 0;
	r.problem_counts[PROBLEM_ERROR] = 3;
	r.groups = groups;
	r.ngroups = 2;
	report_model_build(&m, &r);
	is_str(m.headline, "INCOMPLETE: 1 input error, 0 warnings, 2 rule "
	    "errors: the findings cover only what was read; see Completeness",
	    "model: rule errors counted apart in the headline");
	ok(m.ngroups == 2 && strcmp(m.groups[0].code, PCODE_RULE) == 0 &&
	    m.groups[0].nexamples == 0 && m.groups[0].nmore == 2,
	    "model: a counted group with nothing listed");
	ok(m.groups[1].nexamples == 1 && m.groups[1].examples[0] ==
	    &m.problems[0], "model: a counted group's listed example");
	is_str(m.problems_sentence, "3 input problems (3 errors, 0 warnings, "
	    "0 info)", "model: counts over the run");
	report_model_free(&m);

	r.have_counts = 0;
	r.problems = &one;
	r.nproblems = 1;
	r.problems_total = 1;
	r.rules = NULL;
	r.findings = NULL;
	r.stats.rules = 1;
	r.stats.sources = 1;
	r.stats.lines = 1;
	r.stats.resources = 1;
	r.stats.have_seconds = 0;
	report_model_build(&m, &r);
	ok(m.complete && m.headline == NULL, "model: info only is complete");
	is_str(m.problems_sentence, "1 input problem (0 errors, 0 warnings, "
	    "1 info)", "model: one problem");
	is_str(m.no_cause, "No root cause found by 1 rule",
	    "model: one rule");
	is_str(m.stats_sentence, "1 source, 1 log line, 1 resource, "
	    "123456789012 bytes; 1 rule evaluated", "model: stats singular");
	ok(m.ncauses == 0 && m.nchecks == 0 && m.nfailures == 0,
	    "model: no findings, no rule set: no checks");
	report_model_free(&m);
}

/* Each format renders the model's sentences, not its own. */
static void
test_model_rendered(const struct report *base)
{
	static const enum report_format fmts[] = { REPORT_TEXT,
	    REPORT_MARKDOWN, REPORT_HTML };
	struct report r = *base;
	char *o, msg[96];
	size_t l, i;

	r.findings = NULL;
	r.rules = NULL;
	r.stats.rules = 1;
	for (i = 0; i < sizeof fmts / sizeof fmts[0]; i++) {
		if (render(&r, fmts[i], &o, &l) != MGT_OK)
			continue;
		snprintf(msg, sizeof msg, "format %d: one no-cause sentence",
		    (int)fmts[i]);
		ok(strstr(o, "No root cause found by 1 rule.") != NULL, msg);
		snprintf(msg, sizeof msg, "format %d: one stats sentence",
		    (int)fmts[i]);
		ok(strstr(o, "1234 sources, 5000000 log lines, 600 resources, "
		    "123456789012 bytes; 1 rule evaluated in 3.25 s.") != NULL,
		    msg);
		free(o);
	}
}

#define CHAIN	(REPORT_MAX_DEPTH + 3)

/*
 * A chain of CHAIN findings, each explaining the next: the tree is cut
 * below level REPORT_MAX_DEPTH with one sentence that every format shows.
 */
static void
test_model_depth(void)
{
	static const enum report_format fmts[] = { REPORT_TEXT,
	    REPORT_MARKDOWN, REPORT_HTML };
	struct rule chain[CHAIN];
	struct ruleset rs;
	struct finding_set fs;
	struct finding *f;
	struct report r;
	struct report_model m;
	const struct report_cause *c;
	char *o, msg[96];
	size_t i, l;
	int d;

	memset(chain, 0, sizeof chain);
	finding_set_init(&fs);
	for (i = 0; i < CHAIN; i++) {
		xasprintf(&chain[i].id, "chain.r%02zu", i);
		chain[i].severity = RULE_SEV_HIGH;
		if (i + 1 < CHAIN) {
			chain[i].explains = xcalloc(1, sizeof(char *));
			xasprintf(&chain[i].explains[0], "chain.r%02zu", i + 1);
			chain[i].nexplains = 1;
		}
	}
	for (i = 0; i < CHAIN; i++) {
		f = finding_set_add(&fs);
		f->rule = &chain[i];
		f->first_ts = f->last_ts = INT64_MIN;
	}
	rank_findings(&fs, NULL);
	rs.rules = chain;
	rs.nrules = CHAIN;
	memset(&r, 0, sizeof r);
	r.rules = &rs;
	r.findings = &fs;
	report_model_build(&m, &r);
	is_int(m.ncauses, 1, "depth: one root");
	for (c = m.causes[0], d = 0; c->nsymptoms > 0 &&
	    d < REPORT_MAX_DEPTH; d++)
		c = c->symptoms[0];
	ok(c->depth == REPORT_MAX_DEPTH && c->more != NULL &&
	    c->symptoms[0]->number == NULL && c->symptoms[0]->more == NULL,
	    "depth: the tree stops at the deepest level shown");
	is_str(c->more, "(2 more symptoms below)", "depth: what is below");
	ok(c->number != NULL && strncmp(c->number, "1.1.1.", 6) == 0 &&
	    strlen(c->number) == 1 + 2 * REPORT_MAX_DEPTH,
	    "depth: numbered to the last level shown");
	ok(m.causes[0]->more == NULL && m.causes[0]->nbelow == CHAIN - 1,
	    "depth: counts the whole chain");
	report_model_free(&m);
	for (i = 0; i < sizeof fmts / sizeof fmts[0]; i++) {
		if (render(&r, fmts[i], &o, &l) != MGT_OK)
			continue;
		snprintf(msg, sizeof msg, "format %d: the depth sentence once",
		    (int)fmts[i]);
		ok(count(o, "(2 more symptoms below)") == 1 &&
		    strstr(o, "chain.r33") == NULL, msg);
		free(o);
	}
	finding_set_free(&fs);
	for (i = 0; i < CHAIN; i++) {
		free(chain[i].id);
		if (chain[i].nexplains > 0)
			free(chain[i].explains[0]);
		free(chain[i].explains);
	}
}

/* s through report_xml_put_cut() with flags, into memory. */
static char *
xml_escaped(const char *s, int flags)
{
	char *out = NULL;
	size_t len = 0;
	FILE *fp;

	if ((fp = open_memstream(&out, &len)) == NULL)
		return xstrdup("");
	report_xml_put_cut(fp, s, 64, flags);
	fclose(fp);
	return out;
}

/* One escaper, two modes: what XML and HTML each do with the same bytes. */
static void
test_xml_escape(void)
{
	static const char in[] = "a'<\x01\t\xff" LSEP RLO "\x7f";
	char *o;

	o = xml_escaped(in, 0);
	is_str(o, "a&apos;&lt;\t\xef\xbf\xbd" LSEP "\\u202e\x7f",
	    "xml: text: forbidden dropped, bad byte U+FFFD, bidi inert");
	free(o);
	o = xml_escaped("a\tb\nc", REPORT_XML_ATTR);
	is_str(o, "a&#9;b&#10;c", "xml: attribute keeps tab and newline");
	free(o);
	o = xml_escaped(in, REPORT_XML_HTML);
	is_str(o, "a&#39;&lt;<span class=\"esc\">\\x01</span>"
	    "<span class=\"esc\">\\x09</span><span class=\"esc\">\\xff</span>"
	    "&#x2028;<span class=\"esc\">\\u202e</span>"
	    "<span class=\"esc\">\\x7f</span>",
	    "html: controls, bad bytes and bidi shown marked");
	free(o);
	o = xml_escaped("x\ty\n", REPORT_XML_HTML | REPORT_XML_LINES);
	is_str(o, "x\ty\n", "html: a block keeps tab and newline");
	free(o);
	o = xml_escaped("0123456789012345678901234567890123456789"
	    "0123456789012345678901234567890123456789", 0);
	ok(strlen(o) == 64 + 3 && strcmp(o + 64, "\xe2\x80\xa6") == 0,
	    "xml: cut with an ellipsis");
	free(o);
}

int
main(void)
{
	static const struct {
		enum report_format	 fmt;
		const char		*name;
	} formats[] = {
		{ REPORT_TEXT, "report.txt" },
		{ REPORT_JSON, "report.json" },
		{ REPORT_MARKDOWN, "report.md" },
		{ REPORT_HTML, "report.html" },
		{ REPORT_JUNIT, "report.xml" },
	};
	struct report r;
	char *out[5], *again, msg[128];
	size_t len[5], alen, i;

	build(&r);
	for (i = 0; i < 5; i++) {
		snprintf(msg, sizeof msg, "%s written", formats[i].name);
		is_int(render(&r, formats[i].fmt, &out[i], &len[i]), MGT_OK,
		    msg);
		golden(formats[i].name, out[i], len[i]);
		snprintf(msg, sizeof msg, "%s is valid UTF-8",
		    formats[i].name);
		ok(valid_utf8(out[i], len[i]), msg);
		render(&r, formats[i].fmt, &again, &alen);
		snprintf(msg, sizeof msg, "%s is deterministic",
		    formats[i].name);
		ok(alen == len[i] && memcmp(again, out[i], alen) == 0, msg);
		free(again);
	}
	test_text(&r, out[0], len[0]);
	test_json(out[1]);
	ok(memmem(out[1], len[1], "\xc2\x9b", 2) == NULL &&
	    memmem(out[1], len[1], "\xe2\x80\xae", 3) == NULL &&
	    strstr(out[1], "\\u009b") != NULL &&
	    strstr(out[1], "\\u202e") != NULL,
	    "json: C1 and bidi controls written as \\u escapes (inert on a tty)");
	test_markdown(out[2]);
	test_html(out[3], len[3]);
	test_junit(out[4]);
	test_api(&r);
	test_model(&r);
	test_model_counts(&r);
	test_model_rendered(&r);
	test_model_depth();
	test_xml_escape();
	for (i = 0; i < 5; i++)
		free(out[i]);
	teardown();
	return done_testing();
}
