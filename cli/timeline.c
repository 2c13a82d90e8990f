/* SPDX-License-Identifier: Apache-2.0 */
/*
 * `mgtriage timeline DB`: one ordered history of the case, with repeats
 * folded into one entry with a count and a time span.  Text is escaped
 * for the terminal (report_term()); JSON only when it goes to one.
 */
#include "config.h"

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "mgtriage.h"
#include "cli.h"

static int
timeline_print_text(void *data, const struct mgt_event *e)
{
	char a[40], b[40], *what, *where, *nodes;

	(void)data;
	what = cmd_term(e->what, 1);
	where = cmd_term(e->where, 1);
	nodes = e->nodes != NULL ? cmd_term(e->nodes, 1) : NULL;
	mgt_format_time(e->first_ts, a, sizeof a);
	if (e->count > 1 && e->last_ts != e->first_ts) {
		mgt_format_time(e->last_ts, b, sizeof b);
		printf("%s .. %s  x%ld  %s", a, b, e->count, what);
	} else if (e->count > 1)
		printf("%s  x%ld  %s", a, e->count, what);
	else
		printf("%s  %s", a, what);
	if (nodes != NULL)
		printf("  [%s]", nodes);
	printf("\n    %s\n", where);
	free(what);
	free(where);
	free(nodes);
	return 0;
}

/* A string member, escaped for the terminal when term. */
static void
timeline_json_str(cJSON *o, const char *key, const char *s, int term)
{
	char *t;

	t = cmd_term(s, term);
	cJSON_AddStringToObject(o, key, t);
	free(t);
}

/*
 * A time as the JSON report writes it (doc/report-schema.md): RFC 3339
 * UTC, fractional digits only when not a whole second; null when unknown.
 */
static cJSON *
timeline_json_time(int64_t us)
{
	char buf[40];
	size_t n;

	if (mgt_format_time(us, buf, sizeof buf) == NULL)
		return cJSON_CreateNull();
	n = strlen(buf);
	if (n > 8 && strcmp(buf + n - 8, ".000000Z") == 0)
		strcpy(buf + n - 8, "Z");
	return cJSON_CreateString(buf);
}

/* One entry into the JSON array (data); printed once all are in. */
static int
timeline_add_json(void *data, const struct mgt_event *e)
{
	cJSON *arr = data, *o;
	int term = isatty(STDOUT_FILENO);

	o = cJSON_CreateObject();
	cJSON_AddItemToObject(o, "first_ts", timeline_json_time(e->first_ts));
	cJSON_AddItemToObject(o, "last_ts", timeline_json_time(e->last_ts));
	cJSON_AddNumberToObject(o, "count", (double)e->count);
	timeline_json_str(o, "what", e->what, term);
	timeline_json_str(o, "where", e->where, term);
	if (e->nodes != NULL)
		timeline_json_str(o, "nodes", e->nodes, term);
	else
		cJSON_AddNullToObject(o, "nodes");
	cJSON_AddItemToArray(arr, o);
	return 0;
}

/* A filter as given (its time as the entries' times), null when none. */
static void
timeline_json_filter(cJSON *o, const char *key, const char *s, int64_t us,
    int64_t none)
{
	if (s != NULL)
		cJSON_AddStringToObject(o, key, s);
	else if (us != none)
		cJSON_AddItemToObject(o, key, timeline_json_time(us));
	else
		cJSON_AddNullToObject(o, key);
}

struct timeline_args {
	const char	*node;
	int64_t		 since, until;
	int		 json;
};

static int
timeline_option(void *ctx, int opt, const char *arg)
{
	struct timeline_args *a = ctx;
	long long t;

	switch (opt) {
	case 'n':
		a->node = arg;
		return MGT_EXIT_OK;
	case 'S':
	case 'U':
		if (cmd_parse_time(arg, &t) != 0)
			return cmd_usage_error(&cmd_timeline_entry,
			    "bad time '%s'", arg);
		if (opt == 'S')
			a->since = t;
		else
			a->until = t;
		return MGT_EXIT_OK;
	case 'f':
		if (strcmp(arg, "json") == 0)
			a->json = 1;
		else if (strcmp(arg, "text") != 0)
			return cmd_usage_error(&cmd_timeline_entry,
			    "unknown format '%s' (text, json)", arg);
		return MGT_EXIT_OK;
	}
	return -1;
}

static int
cmd_timeline_exec(int argc, char **argv)
{
	struct mgt_error err;
	mgt_session *s = NULL;
	mgt_case *c = NULL;
	struct timeline_args ta;
	const char *node;
	int64_t since, until;
	cJSON *doc = NULL, *arr = NULL;
	char *out;
	int json, ret, rc;
	static const struct option longopts[] = {
		{ "node", required_argument, NULL, 'n' },
		{ "since", required_argument, NULL, 'S' },
		{ "until", required_argument, NULL, 'U' },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};

	memset(&ta, 0, sizeof ta);
	ta.since = INT64_MIN;
	ta.until = INT64_MAX;
	if ((rc = cmd_options(&cmd_timeline_entry, argc, argv, "n:f:h",
	    longopts, timeline_option, &ta)) != CMD_OPTIONS_DONE)
		return rc;
	node = ta.node;
	since = ta.since;
	until = ta.until;
	json = ta.json;
	if (argc - optind != 1)
		return cmd_usage_error(&cmd_timeline_entry,
		    "expected one index file");
	mgt_error_clear(&err);
	s = cmd_session_new();
	if ((rc = cmd_case_open(s, argv[optind], &c)) != MGT_EXIT_OK) {
		mgt_session_free(s);
		return rc;
	}
	if (json) {
		/* mgtriage.timeline/v1 (doc/report-schema.md): versioned and
		 * named like the report's timeline. */
		doc = cJSON_CreateObject();
		cJSON_AddStringToObject(doc, "schema", "mgtriage.timeline/v1");
		cJSON_AddStringToObject(doc, "version", mgt_version());
		timeline_json_filter(doc, "node", node, 0, 0);
		timeline_json_filter(doc, "since", NULL, since, INT64_MIN);
		timeline_json_filter(doc, "until", NULL, until, INT64_MAX);
		arr = cJSON_AddArrayToObject(doc, "events");
	}
	if (mgt_case_timeline(c, node, since, until, json ? timeline_add_json :
	    timeline_print_text, arr, &err) != MGT_OK) {
		fprintf(stderr, "mgtriage timeline: %s\n", err.msg);
		ret = MGT_EXIT_INTERNAL;
	} else {
		if (json) {
			out = cJSON_Print(doc);
			printf("%s\n", out);
			cJSON_free(out);
		}
		ret = MGT_EXIT_OK;
	}
	cJSON_Delete(doc);
	mgt_case_close(c);
	mgt_session_free(s);
	return ret;
}

const struct cmd_entry cmd_timeline_entry = {
	"timeline", "DB [--node N] [--since T] [--until T] [--format text|json]",
	"Print the case's history: transitions, events and rule hits",
	"One ordered history of the case in UTC: condition transitions\n"
	"(lastTransitionTime) of ClusterOperators, nodes, pools and hosts;\n"
	"events (first and last time, count); and the rule pattern hits,\n"
	"where a repeating line folds into one entry with its count, its time\n"
	"span and the nodes it came from.\n"
	"\n"
	"Options:\n"
	"  -n, --node NODE   only that node's entries (and cluster-wide ones)\n"
	"      --since T     entries at or after T (UTC)\n"
	"      --until T     entries at or before T\n"
	"  -f, --format FMT  text (default) or json (mgtriage.timeline/v1:\n"
	"                    the filters and the events, named as in the\n"
	"                    JSON report's timeline)\n"
	"  -h, --help        this help\n",
	cmd_timeline_exec
};
