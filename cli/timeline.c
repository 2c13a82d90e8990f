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

#include "cli.h"
#include "error.h"
#include "index.h"
#include "mgt-time.h"
#include "report.h"
#include "timeline.h"
#include "util.h"

static void
timeline_print_text(const struct timeline *tl)
{
	char a[40], b[40], *what, *where, *nodes;
	size_t i;
	const struct report_event *e;

	for (i = 0; i < tl->n; i++) {
		e = &tl->events[i];
		what = cmd_term(e->what, 1);
		where = cmd_term(e->where, 1);
		nodes = e->nodes != NULL ? cmd_term(e->nodes, 1) : NULL;
		time_format(e->first_ts, a, sizeof a);
		if (e->count > 1 && e->last_ts != e->first_ts) {
			time_format(e->last_ts, b, sizeof b);
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
	}
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

static void
timeline_print_json(const struct timeline *tl)
{
	cJSON *arr, *o;
	char a[40], *s;
	size_t i;
	const struct report_event *e;
	int term = isatty(STDOUT_FILENO);

	arr = cJSON_CreateArray();
	for (i = 0; i < tl->n; i++) {
		e = &tl->events[i];
		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "first",
		    time_format(e->first_ts, a, sizeof a));
		cJSON_AddStringToObject(o, "last",
		    time_format(e->last_ts, a, sizeof a));
		cJSON_AddNumberToObject(o, "count", (double)e->count);
		timeline_json_str(o, "what", e->what, term);
		timeline_json_str(o, "where", e->where, term);
		if (e->nodes != NULL)
			timeline_json_str(o, "nodes", e->nodes, term);
		else
			cJSON_AddNullToObject(o, "nodes");
		cJSON_AddItemToArray(arr, o);
	}
	s = cJSON_Print(arr);
	printf("%s\n", s);
	cJSON_free(s);
	cJSON_Delete(arr);
}

static int
cmd_timeline_exec(int argc, char **argv)
{
	struct timeline_filter f;
	struct timeline tl;
	struct mgt_error err;
	sqlite3 *db;
	long long t;
	int opt, json = 0;
	static const struct option longopts[] = {
		{ "node", required_argument, NULL, 'n' },
		{ "since", required_argument, NULL, 'S' },
		{ "until", required_argument, NULL, 'U' },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};

	memset(&f, 0, sizeof f);
	f.since = INT64_MIN;
	f.until = INT64_MAX;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "n:f:h", longopts, NULL)) !=
	    -1) {
		switch (opt) {
		case 'n':
			f.node = optarg;
			break;
		case 'S':
		case 'U':
			if (cmd_parse_time(optarg, &t) != 0)
				return cmd_usage_error(&cmd_timeline_entry,
				    "bad time '%s'", optarg);
			if (opt == 'S')
				f.since = t;
			else
				f.until = t;
			break;
		case 'f':
			if (strcmp(optarg, "json") == 0)
				json = 1;
			else if (strcmp(optarg, "text") != 0)
				return cmd_usage_error(&cmd_timeline_entry,
				    "unknown format '%s' (text, json)", optarg);
			break;
		case 'h':
			cmd_print_help(&cmd_timeline_entry);
			return MGT_EXIT_OK;
		default:
			return cmd_usage_error(&cmd_timeline_entry,
			    "unknown option");
		}
	}
	if (argc - optind != 1)
		return cmd_usage_error(&cmd_timeline_entry,
		    "expected one index file");
	mgt_error_clear(&err);
	if (index_open(argv[optind], 1, cmd_index_opts(NULL), &db, &err) != MGT_OK) {
		cmd_print_error(&err);
		return MGT_EXIT_UNREADABLE;
	}
	timeline_init(&tl);
	if (timeline_build(db, &f, &tl) != 0) {
		fprintf(stderr, "mgtriage timeline: %s\n", sqlite3_errmsg(db));
		timeline_free(&tl);
		sqlite3_close(db);
		return MGT_EXIT_INTERNAL;
	}
	if (json)
		timeline_print_json(&tl);
	else
		timeline_print_text(&tl);
	timeline_free(&tl);
	sqlite3_close(db);
	return MGT_EXIT_OK;
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
	"  -f, --format FMT  text (default) or json\n"
	"  -h, --help        this help\n",
	cmd_timeline_exec
};
