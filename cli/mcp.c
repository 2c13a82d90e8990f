/* SPDX-License-Identifier: Apache-2.0 */
/*
 * `mgtriage mcp [INPUT|DB]...`: a Model Context Protocol server on stdin
 * and stdout (newline-delimited JSON-RPC 2.0).  This file is the
 * transport (bounded lines in, one message per line out), the dispatch
 * of methods, the lifecycle (initialize, ping) and the report resources;
 * the tools are in mcp-tools.c and mcp-tools2.c.  stdout carries protocol
 * messages only; what the engine says goes to stderr.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli-util.h"
#include "mcp.h"

#define MCP_PROTOCOL	"2025-06-18"

/* Revisions we speak, newest first: a client asking for one gets it. */
static const char *const mcp_revisions[] = {
	MCP_PROTOCOL, "2025-03-26", "2024-11-05", NULL
};

static const char mcp_instructions[] =
    "mgtriage triages OpenShift must-gathers offline. Start with open_case "
    "(a must-gather archive or directory, or an index made by "
    "'mgtriage index'), then summary and findings: root causes come "
    "first, ranked, each with its evidence (file:line or object field) "
    "and remedy. explain shows one finding in full; read_log, grep, "
    "get_resource, list_resources, timeline and query (read-only SQL, "
    "doc/index-schema.md) let you check the evidence. Every result is "
    "paged and capped in bytes: follow next_offset.";

static void *
mcp_malloc(size_t n)
{
	void *p;

	if ((p = malloc(n)) == NULL)
		cmd_out_of_memory("a JSON value", NULL);
	return p;
}

/* One message out, on one line. */
static void
mcp_send(cJSON *msg)
{
	char *s;

	if ((s = cJSON_PrintUnformatted(msg)) == NULL)
		cmd_out_of_memory("a message", NULL);
	/* A write error (EPIPE: the client went away) sets ferror(stdout),
	 * which ends the loop. */
	if (!ferror(stdout)) {
		fputs(s, stdout);
		fputc('\n', stdout);
		fflush(stdout);
	}
	cJSON_free(s);
	cJSON_Delete(msg);
}

/* A response: result, or an error with code and message.  id may be
 * NULL (a parse error: "id": null). */
static void
mcp_reply(const cJSON *id, cJSON *result, int code, const char *message)
{
	cJSON *m, *e;

	m = cJSON_CreateObject();
	cJSON_AddStringToObject(m, "jsonrpc", "2.0");
	if (id != NULL)
		cJSON_AddItemToObject(m, "id", cJSON_Duplicate(id, 1));
	else
		cJSON_AddNullToObject(m, "id");
	if (result != NULL)
		cJSON_AddItemToObject(m, "result", result);
	else {
		e = cJSON_AddObjectToObject(m, "error");
		cJSON_AddNumberToObject(e, "code", code);
		mcp_add_str(e, "message", message, 0);
	}
	mcp_send(m);
}

static cJSON *
mcp_initialize(const cJSON *params)
{
	const cJSON *v;
	const char *want = MCP_PROTOCOL;
	cJSON *r, *caps, *info;
	size_t i;

	v = cJSON_GetObjectItemCaseSensitive(params, "protocolVersion");
	if (cJSON_IsString(v))
		for (i = 0; mcp_revisions[i] != NULL; i++)
			if (strcmp(v->valuestring, mcp_revisions[i]) == 0)
				want = mcp_revisions[i];
	r = cJSON_CreateObject();
	cJSON_AddStringToObject(r, "protocolVersion", want);
	caps = cJSON_AddObjectToObject(r, "capabilities");
	cJSON_AddFalseToObject(cJSON_AddObjectToObject(caps, "tools"),
	    "listChanged");
	cJSON_AddFalseToObject(cJSON_AddObjectToObject(caps, "resources"),
	    "listChanged");
	info = cJSON_AddObjectToObject(r, "serverInfo");
	cJSON_AddStringToObject(info, "name", "mgtriage");
	cJSON_AddStringToObject(info, "title", "mgtriage must-gather triage");
	cJSON_AddStringToObject(info, "version", mgt_version());
	cJSON_AddStringToObject(r, "instructions", mcp_instructions);
	return r;
}

static cJSON *
mcp_tools_list(void)
{
	cJSON *r, *arr, *t, *sch;
	size_t i;

	r = cJSON_CreateObject();
	arr = cJSON_AddArrayToObject(r, "tools");
	for (i = 0; i < mcp_ntools; i++) {
		t = cJSON_CreateObject();
		cJSON_AddStringToObject(t, "name", mcp_tools[i].name);
		cJSON_AddStringToObject(t, "title", mcp_tools[i].title);
		cJSON_AddStringToObject(t, "description",
		    mcp_tools[i].description);
		if ((sch = cJSON_Parse(mcp_tools[i].input_schema)) == NULL)
			cmd_out_of_memory("an input schema", NULL);
		cJSON_AddItemToObject(t, "inputSchema", sch);
		if ((sch = cJSON_Parse(mcp_schema_find(mcp_tools[i].name))) ==
		    NULL)
			cmd_out_of_memory("an output schema", NULL);
		cJSON_AddItemToObject(t, "outputSchema", sch);
		cJSON_AddItemToArray(arr, t);
	}
	return r;
}

/* An isError tool result saying msg. */
static cJSON *
mcp_tool_error(const char *msg)
{
	cJSON *r, *c;

	r = cJSON_CreateObject();
	c = cJSON_CreateObject();
	cJSON_AddStringToObject(c, "type", "text");
	mcp_add_str(c, "text", msg, 0);
	cJSON_AddItemToArray(cJSON_AddArrayToObject(r, "content"), c);
	cJSON_AddTrueToObject(r, "isError");
	return r;
}

/* tools/call: NULL with *code and *msg set for a protocol error. */
static cJSON *
mcp_tools_call(struct mcp_server *sv, const cJSON *params, int *code,
    char **msg)
{
	const struct mcp_tool *tool = NULL;
	const cJSON *name, *args;
	cJSON *out, *r, *c;
	char *text, *err = NULL;
	long long cap;
	size_t i, n;
	int bad = 0;

	name = cJSON_GetObjectItemCaseSensitive(params, "name");
	if (!cJSON_IsString(name)) {
		*code = MCP_INVALID_PARAMS;
		*msg = mcp_msg("tools/call needs params.name, a string");
		return NULL;
	}
	for (i = 0; i < mcp_ntools; i++)
		if (strcmp(mcp_tools[i].name, name->valuestring) == 0)
			tool = &mcp_tools[i];
	if (tool == NULL) {
		*code = MCP_INVALID_PARAMS;
		*msg = mcp_msg("unknown tool '%.100s' (tools/list names them)",
		    name->valuestring);
		return NULL;
	}
	args = cJSON_GetObjectItemCaseSensitive(params, "arguments");
	if (cJSON_IsNull(args))
		args = NULL;
	cap = (long long)sv->max_bytes;
	if (mcp_args_check(args, tool->input_schema, &err) != 0 ||
	    mcp_arg_int(args, "max_bytes", MCP_MIN_BYTES,
	    (long long)sv->max_bytes, &cap, &err) != 0) {
		*code = MCP_INVALID_PARAMS;
		*msg = mcp_msg("%s: %s", tool->name, err);
		free(err);
		return NULL;
	}
	/* The result holds the payload twice (structuredContent, and as
	 * text where escaping at most doubles it): a third of the cap, less
	 * the wrapper, keeps the whole result under the cap. */
	out = tool->fn(sv, args, ((size_t)cap - MCP_WRAP_BYTES) / 3, &err,
	    &bad);
	if (out == NULL && bad) {
		*code = MCP_INVALID_PARAMS;
		*msg = mcp_msg("%s: %s", tool->name, err);
		free(err);
		return NULL;
	}
	if (out == NULL) {
		r = mcp_tool_error(err != NULL ? err : "failed");
		free(err);
		return r;
	}
	r = cJSON_CreateObject();
	c = cJSON_CreateObject();
	cJSON_AddStringToObject(c, "type", "text");
	if ((text = cJSON_PrintUnformatted(out)) == NULL)
		cmd_out_of_memory("a tool result", NULL);
	cJSON_AddStringToObject(c, "text", text);
	cJSON_free(text);
	cJSON_AddItemToArray(cJSON_AddArrayToObject(r, "content"), c);
	cJSON_AddItemToObject(r, "structuredContent", out);
	cJSON_AddFalseToObject(r, "isError");
	if ((n = mcp_json_size(r)) > (size_t)cap) {
		/* A page is filled under the budget; one item alone can
		 * pass. */
		cJSON_Delete(r);
		err = mcp_msg("the result is %zu bytes, over the cap of %lld: "
		    "ask for fewer items or raise max_bytes", n, cap);
		r = mcp_tool_error(err);
		free(err);
	}
	return r;
}

/* The report formats a resource offers. */
static const struct {
	const char	*ext;
	int		 format;
	const char	*mime;
} mcp_report_kinds[] = {
	{ "txt", MGT_FORMAT_TEXT, "text/plain" },
	{ "md", MGT_FORMAT_MARKDOWN, "text/markdown" },
	{ "json", MGT_FORMAT_JSON, "application/json" },
	{ "html", MGT_FORMAT_HTML, "text/html" },
};
#define MCP_NREPORTS	(sizeof mcp_report_kinds / sizeof mcp_report_kinds[0])

static void
mcp_resource_entry(cJSON *arr, const char *prefix, const struct mcp_case *c,
    size_t k)
{
	cJSON *o;
	char *s;

	o = cJSON_CreateObject();
	cli_asprintf(&s, "mgtriage://%sreport.%s", prefix,
	    mcp_report_kinds[k].ext);
	cJSON_AddStringToObject(o, "uri", s);
	free(s);
	cli_asprintf(&s, "%sreport.%s", prefix, mcp_report_kinds[k].ext);
	cJSON_AddStringToObject(o, "name", s);
	free(s);
	cli_asprintf(&s, "The %s report of %s (%s)",
	    mcp_report_kinds[k].ext, c->id, c->label);
	mcp_add_str(o, "description", s, 1024);
	free(s);
	cJSON_AddStringToObject(o, "mimeType", mcp_report_kinds[k].mime);
	cJSON_AddItemToArray(arr, o);
}

/* Every open case's reports, the newest case's also without a prefix. */
static cJSON *
mcp_resources_list(struct mcp_server *sv)
{
	cJSON *r, *arr;
	char prefix[32];
	size_t i, k;

	r = cJSON_CreateObject();
	arr = cJSON_AddArrayToObject(r, "resources");
	if (sv->ncases > 0)
		for (k = 0; k < MCP_NREPORTS; k++)
			mcp_resource_entry(arr, "",
			    &sv->cases[sv->ncases - 1], k);
	for (i = 0; i < sv->ncases; i++)
		for (k = 0; k < MCP_NREPORTS; k++) {
			snprintf(prefix, sizeof prefix, "%s/",
			    sv->cases[i].id);
			mcp_resource_entry(arr, prefix, &sv->cases[i], k);
		}
	return r;
}

/* resources/read: mgtriage://[CASE/]report.EXT. */
static cJSON *
mcp_resources_read(struct mcp_server *sv, const cJSON *params, int *code,
    char **msg)
{
	struct mgt_write_options wo;
	struct mgt_error err;
	struct mcp_case *c = NULL;
	const cJSON *uri;
	const char *p, *slash;
	mgt_result *res;
	cJSON *r, *o;
	char *buf = NULL;
	size_t len = 0, i, k;
	FILE *f;

	uri = cJSON_GetObjectItemCaseSensitive(params, "uri");
	if (!cJSON_IsString(uri)) {
		*code = MCP_INVALID_PARAMS;
		*msg = mcp_msg("resources/read needs params.uri, a string");
		return NULL;
	}
	p = uri->valuestring;
	*code = -32002;		/* MCP's "resource not found" */
	if (strncmp(p, "mgtriage://", 11) != 0) {
		*msg = mcp_msg("no resource '%.200s'", p);
		return NULL;
	}
	p += 11;
	if ((slash = strchr(p, '/')) != NULL) {
		for (i = 0; i < sv->ncases; i++)
			if (strlen(sv->cases[i].id) == (size_t)(slash - p) &&
			    strncmp(sv->cases[i].id, p, slash - p) == 0)
				c = &sv->cases[i];
		p = slash + 1;
	} else if (sv->ncases > 0)
		c = &sv->cases[sv->ncases - 1];
	for (k = 0; k < MCP_NREPORTS; k++)
		if (strncmp(p, "report.", 7) == 0 &&
		    strcmp(p + 7, mcp_report_kinds[k].ext) == 0)
			break;
	if (c == NULL || k == MCP_NREPORTS) {
		*msg = mcp_msg("no resource '%.200s'%s", uri->valuestring,
		    sv->ncases == 0 ? " (no case is open: call open_case)" :
		    "");
		return NULL;
	}
	*code = MCP_INTERNAL_ERROR;
	if ((res = mcp_case_result(c, msg)) == NULL)
		return NULL;
	mgt_write_options_init(&wo);
	wo.format = mcp_report_kinds[k].format;
	mgt_error_clear(&err);
	if ((f = open_memstream(&buf, &len)) == NULL)
		cmd_out_of_memory("a report", NULL);
	if (mgt_result_write(res, f, &wo, &err) != MGT_OK) {
		fclose(f);
		free(buf);
		*msg = mcp_msg("cannot write the report: %s", err.msg);
		return NULL;
	}
	fclose(f);
	if (len > MCP_MAX_RESOURCE) {
		free(buf);
		*msg = mcp_msg("the report is %zu bytes, over %d", len,
		    MCP_MAX_RESOURCE);
		return NULL;
	}
	r = cJSON_CreateObject();
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "uri", uri->valuestring);
	cJSON_AddStringToObject(o, "mimeType", mcp_report_kinds[k].mime);
	mcp_add_strn(o, "text", buf, len, MCP_MAX_RESOURCE);
	cJSON_AddItemToArray(cJSON_AddArrayToObject(r, "contents"), o);
	free(buf);
	return r;
}

/* Whether a string in the JSON text holds the escape \u0000: cJSON
 * would end the string there and hand on a different, shorter value. */
static int
mcp_has_nul_escape(const char *s)
{
	int in = 0;

	for (; *s != '\0'; s++) {
		if (*s == '"')
			in = !in;
		else if (in && *s == '\\') {
			if (s[1] == 'u' && strncmp(s + 2, "0000", 4) == 0)
				return 1;
			if (s[1] != '\0')
				s++;
		}
	}
	return 0;
}

/* One message in.  Requests get exactly one response; notifications and
 * responses none. */
static void
mcp_handle(struct mcp_server *sv, const char *line)
{
	const cJSON *id, *method, *params, *ver;
	cJSON *msg, *result = NULL;
	char *err = NULL;
	int code = MCP_METHOD_NOT_FOUND;

	if (mcp_has_nul_escape(line)) {
		mcp_reply(NULL, NULL, MCP_PARSE_ERROR, "parse error: a string "
		    "holds \\u0000 (NUL), which is not accepted");
		return;
	}
	/* Required to end after the value: "{...}xyz" is not a message. */
	if ((msg = cJSON_ParseWithOpts(line, NULL, 1)) == NULL) {
		mcp_reply(NULL, NULL, MCP_PARSE_ERROR,
		    "parse error: the line is not JSON");
		return;
	}
	if (!cJSON_IsObject(msg)) {
		/* Batches went away in 2025-06-18. */
		mcp_reply(NULL, NULL, MCP_INVALID_REQUEST,
		    "invalid request: a message is one JSON object");
		goto out;
	}
	id = cJSON_GetObjectItemCaseSensitive(msg, "id");
	method = cJSON_GetObjectItemCaseSensitive(msg, "method");
	params = cJSON_GetObjectItemCaseSensitive(msg, "params");
	ver = cJSON_GetObjectItemCaseSensitive(msg, "jsonrpc");
	if (id != NULL && !cJSON_IsString(id) && !cJSON_IsNumber(id))
		id = NULL;
	if (method == NULL && (cJSON_GetObjectItemCaseSensitive(msg,
	    "result") != NULL || cJSON_GetObjectItemCaseSensitive(msg,
	    "error") != NULL))
		goto out;	/* a response: we send no requests */
	if (!cJSON_IsString(ver) || strcmp(ver->valuestring, "2.0") != 0 ||
	    !cJSON_IsString(method) ||
	    (params != NULL && !cJSON_IsObject(params)) ||
	    (cJSON_GetObjectItemCaseSensitive(msg, "id") != NULL &&
	    id == NULL)) {
		mcp_reply(id, NULL, MCP_INVALID_REQUEST, "invalid request: "
		    "want {\"jsonrpc\":\"2.0\",\"id\":N,\"method\":STRING,"
		    "\"params\":{...}}");
		goto out;
	}
	if (id == NULL)
		goto out;	/* notifications/initialized, cancelled, ... */
	if (strcmp(method->valuestring, "initialize") == 0)
		result = mcp_initialize(params);
	else if (strcmp(method->valuestring, "ping") == 0)
		result = cJSON_CreateObject();
	else if (strcmp(method->valuestring, "tools/list") == 0)
		result = mcp_tools_list();
	else if (strcmp(method->valuestring, "tools/call") == 0)
		result = mcp_tools_call(sv, params, &code, &err);
	else if (strcmp(method->valuestring, "resources/list") == 0)
		result = mcp_resources_list(sv);
	else if (strcmp(method->valuestring, "resources/templates/list") ==
	    0) {
		result = cJSON_CreateObject();
		cJSON_AddArrayToObject(result, "resourceTemplates");
	} else if (strcmp(method->valuestring, "resources/read") == 0)
		result = mcp_resources_read(sv, params, &code, &err);
	else
		err = mcp_msg("method not found: '%.100s'",
		    method->valuestring);
	mcp_reply(id, result, code, err);
	free(err);
out:
	cJSON_Delete(msg);
}

/*
 * Read one line of at most max bytes into *buf (NUL-terminated, the
 * newline dropped).  Returns 1 for a line, 0 at end of input, -1 for a
 * line too long (the rest of it is read and dropped), -2 for a line
 * holding a NUL byte (which would cut it short).
 */
static int
mcp_read_line(char **buf, size_t *cap, size_t max)
{
	size_t n = 0;
	int ch, over = 0, nul = 0;

	while ((ch = getchar()) != EOF && ch != '\n') {
		if (ch == '\0')
			nul = 1;
		if (over || nul)
			continue;
		if (n >= max) {
			over = 1;
			continue;
		}
		if (n + 1 >= *cap) {
			*cap = *cap < 4096 ? 4096 : *cap * 2;
			*buf = cli_reallocarray(*buf, *cap, 1);
		}
		(*buf)[n++] = (char)ch;
	}
	if (ch == EOF && n == 0 && !over)
		return 0;
	if (over)
		return -1;
	if (nul)
		return -2;
	if (n > 0 && (*buf)[n - 1] == '\r')
		n--;
	if (*buf == NULL)
		*buf = cli_calloc(1, *cap = 16);
	(*buf)[n] = '\0';
	return 1;
}

static void
mcp_on_problem(void *data, const struct mgt_problem *p)
{
	char buf[2048];

	(void)data;
	if (p->severity == MGT_PROBLEM_INFO)
		return;
	fprintf(stderr, "mgtriage mcp: %s\n",
	    mgt_problem_format(p, buf, sizeof buf));
}

static void
mcp_on_notice(void *data, const char *m)
{
	(void)data;
	fprintf(stderr, "mgtriage mcp: %s\n", m);
}

static void
mcp_on_rule_diag(void *data, const struct mgt_rule_diag *d)
{
	(void)data;
	fprintf(stderr, "mgtriage mcp: %s:%d: %s: %s\n", d->file, d->line,
	    d->is_warning ? "warning" : "error", d->message);
}

enum {
	MCP_OPT_MAX_BYTES = 700,
	MCP_OPT_MAX_MESSAGE,
	MCP_OPT_NO_OPEN,
	MCP_OPT_RULES
};

struct mcp_args {
	struct mcp_server *sv;
	const char	*rules;
};

static int
mcp_size_arg(const char *arg, long lo, long hi, size_t *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (errno != 0 || end == arg || *end != '\0' || v < lo || v > hi)
		return cmd_usage_error(&cmd_mcp_entry,
		    "'%s' is not a number from %ld to %ld", arg, lo, hi);
	*out = (size_t)v;
	return MGT_EXIT_OK;
}

static int
mcp_option(void *ctx, int opt, const char *arg)
{
	struct mcp_args *a = ctx;

	switch (opt) {
	case MCP_OPT_MAX_BYTES:
		return mcp_size_arg(arg, MCP_MIN_BYTES, MCP_MAX_BYTES,
		    &a->sv->max_bytes);
	case MCP_OPT_MAX_MESSAGE:
		return mcp_size_arg(arg, MCP_MIN_LINE, MCP_MAX_LINE,
		    &a->sv->max_line);
	case MCP_OPT_NO_OPEN:
		a->sv->no_open = 1;
		return MGT_EXIT_OK;
	case 'r':
		a->rules = arg;
		return MGT_EXIT_OK;
	}
	return -1;
}

static int
cmd_mcp_exec(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "max-bytes", required_argument, NULL, MCP_OPT_MAX_BYTES },
		{ "max-message", required_argument, NULL, MCP_OPT_MAX_MESSAGE },
		{ "no-open", no_argument, NULL, MCP_OPT_NO_OPEN },
		{ "rules", required_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct mcp_server sv;
	struct mcp_args a;
	struct mgt_options opts;
	struct mgt_error err;
	cJSON_Hooks hooks = { mcp_malloc, free };
	char *line = NULL, *msg = NULL;
	size_t cap = 0, rules, errors, warnings;
	int rc, code = MGT_EXIT_OK;

	memset(&sv, 0, sizeof sv);
	sv.max_bytes = MCP_DEFAULT_BYTES;
	sv.max_line = MCP_DEFAULT_LINE;
	a.sv = &sv;
	a.rules = NULL;
	if ((rc = cmd_options(&cmd_mcp_entry, argc, argv, "r:h", longopts,
	    mcp_option, &a)) != CMD_OPTIONS_DONE)
		return rc;
	cJSON_InitHooks(&hooks);
	/* A client that closes the pipe is a write error (exit 4), not a
	 * signal. */
	signal(SIGPIPE, SIG_IGN);
	cmd_options_init(&opts);
	opts.on_problem = mcp_on_problem;
	opts.on_notice = mcp_on_notice;
	opts.on_rule_diag = mcp_on_rule_diag;
	mgt_error_clear(&err);
	if (mgt_session_new(&opts, &sv.s, &err) != MGT_OK) {
		cmd_print_error(&err);
		return cmd_exit_for(err.code);
	}
	if (mgt_session_load_rules(sv.s, a.rules != NULL ? a.rules :
	    cmd_default_rules_dir(), &err) != MGT_OK) {
		cmd_print_error(&err);
		code = MGT_EXIT_USAGE;
		goto out;
	}
	mgt_session_rule_counts(sv.s, &rules, &errors, &warnings);
	if (errors > 0) {
		fprintf(stderr, "mgtriage mcp: %zu rule files are invalid\n",
		    errors);
		code = MGT_EXIT_USAGE;
		goto out;
	}
	if (optind < argc && mcp_case_open(&sv,
	    (const char *const *)(argv + optind), (size_t)(argc - optind),
	    &msg) == NULL) {
		fprintf(stderr, "mgtriage mcp: %s\n", msg);
		free(msg);
		code = MGT_EXIT_UNREADABLE;
		goto out;
	}
	for (;;) {
		rc = mcp_read_line(&line, &cap, sv.max_line);
		if (rc == 0)
			break;
		if (rc == -2) {
			mcp_reply(NULL, NULL, MCP_PARSE_ERROR, "parse error: "
			    "the message holds a NUL byte");
			continue;
		}
		if (rc < 0) {
			msg = mcp_msg("parse error: the message is longer "
			    "than %zu bytes (--max-message)", sv.max_line);
			mcp_reply(NULL, NULL, MCP_PARSE_ERROR, msg);
			free(msg);
			continue;
		}
		if (line[strspn(line, " \t")] == '\0')
			continue;
		mcp_handle(&sv, line);
		if (ferror(stdout))
			break;
	}
	if (ferror(stdout)) {
		fprintf(stderr, "mgtriage mcp: cannot write to stdout\n");
		code = MGT_EXIT_INTERNAL;
	}
out:
	free(line);
	mcp_cases_free(&sv);
	mgt_session_free(sv.s);
	return code;
}

const struct cmd_entry cmd_mcp_entry = {
	"mcp", "[INPUT|DB]... [--rules DIR] [--max-bytes N] [--no-open]",
	"Serve the triage tools to an AI assistant (Model Context Protocol)",
	"Speaks the Model Context Protocol (revision " MCP_PROTOCOL ") on\n"
	"stdin and stdout, one JSON-RPC message per line, for an MCP client\n"
	"(an AI assistant or an editor) that starts it.  The tools open a\n"
	"case and read it: open_case, summary, findings, explain,\n"
	"get_resource, list_resources, read_log, grep, timeline, query, diff;\n"
	"the reports are resources (mgtriage://report.json, .txt, .md, .html).\n"
	"Every result is paged and capped in bytes.  Nothing from the case is\n"
	"ever run.  Messages about the inputs go to stderr.  doc/mcp.md has\n"
	"the tools, their limits and client configuration.\n"
	"\n"
	"With INPUTs the server starts with them open as one case (each DB,\n"
	"an index from 'mgtriage index', as its own case).\n"
	"\n"
	"Options:\n"
	"  -r, --rules DIR        rules to load (default: the built-in ones)\n"
	"      --max-bytes N      cap on one whole tool result, in bytes\n"
	"                         (default 262144, 1024 to 16777216); a client\n"
	"                         may ask for less with the max_bytes argument\n"
	"      --max-message N    longest message accepted, in bytes (default\n"
	"                         4194304); a longer line is a parse error\n"
	"      --no-open          refuse open_case: serve only the cases given\n"
	"                         on the command line\n"
	"  -h, --help             this help\n"
	"\n"
	"Exit: 0 at the end of input, 2 usage or rules error, 3 when the\n"
	"inputs given cannot be read, 4 when stdout cannot be written (the\n"
	"client closed it).\n"
	"\n"
	"Examples:\n"
	"  mgtriage mcp\n"
	"  mgtriage mcp must-gather.tar.gz\n"
	"  mgtriage index must-gather.tar.gz -o case.db && mgtriage mcp case.db\n",
	cmd_mcp_exec
};
