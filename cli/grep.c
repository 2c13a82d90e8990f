/* SPDX-License-Identifier: Apache-2.0 */
/*
 * `mgtriage grep DB PATTERN`: PCRE2 over every log line of the case,
 * filtered by node, source glob and time, printed as vpath:line: text.
 * An index built with --full-text has every line; a default one has only
 * error lines and rule hits, so grep re-reads the inputs it recorded, and
 * searches the stored lines only when those inputs are gone.
 */
#include "config.h"

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mgtriage.h"
#include "cli.h"

/* Bytes of a line's escaped text shown (the rest is cut). */
#define GREP_TEXT_MAX	8191

/* Was the index built with --full-text (every line stored)? */
static int
grep_full_text(mgt_case *c)
{
	const char *const *v;
	size_t n;

	v = mgt_case_meta(c, "full_text", &n);
	return n > 0 && atoi(v[0]) != 0;
}

/*
 * Can the inputs the index was built from (meta input_paths) be read
 * again?  Says which one is gone when not.
 */
static int
grep_inputs_there(mgt_case *c)
{
	const char *const *v;
	size_t i, n, kept = 0;

	v = mgt_case_meta(c, "input_paths", &n);
	for (i = 0; i < n; i++) {
		if (v[i][0] == '\0')
			continue;
		/* "-": standard input, read once when the index was built. */
		if (strcmp(v[i], "-") == 0) {
			fprintf(stderr, "mgtriage grep: note: standard input "
			    "cannot be read again; searching only the stored "
			    "lines\n");
			return 0;
		}
		if (access(v[i], R_OK) != 0) {
			fprintf(stderr, "mgtriage grep: note: input %s is gone; "
			    "searching only the stored lines\n", v[i]);
			return 0;
		}
		kept++;
	}
	/* Usable only if some input is recorded and every one is there. */
	return kept > 0;
}

/* "vpath:line: text", nothing raw to a terminal. */
static int
grep_print(void *data, const struct mgt_line *l)
{
	char *tv, *tt;

	(void)data;
	tv = mgt_term_escape(l->where, strlen(l->where), 0);
	tt = mgt_term_escape(l->text, l->len, GREP_TEXT_MAX);
	printf("%s:%ld: %s\n", tv, l->line, tt);
	mgt_free(tv);
	mgt_free(tt);
	return 0;
}

struct grep_args {
	struct mgt_grep	*g;
	const char	*since, *until;
	int		 count_only;
};

static int
grep_option(void *ctx, int opt, const char *arg)
{
	struct grep_args *a = ctx;

	switch (opt) {
	case 'n': a->g->node = arg; return MGT_EXIT_OK;
	case 's': a->g->source = arg; return MGT_EXIT_OK;
	case 'S': a->since = arg; return MGT_EXIT_OK;
	case 'U': a->until = arg; return MGT_EXIT_OK;
	case 'i': a->g->caseless = 1; return MGT_EXIT_OK;
	case 'c': a->count_only = 1; return MGT_EXIT_OK;
	}
	return -1;
}

static int
cmd_grep_exec(int argc, char **argv)
{
	const char *since, *until;
	long long t, count = 0;
	int rc, count_only, status, full;
	struct grep_args ga;
	struct mgt_error err;
	struct mgt_grep g;
	mgt_session *s = NULL;
	mgt_case *c = NULL;
	static const struct option longopts[] = {
		{ "node", required_argument, NULL, 'n' },
		{ "source", required_argument, NULL, 's' },
		{ "since", required_argument, NULL, 'S' },
		{ "until", required_argument, NULL, 'U' },
		{ "ignore-case", no_argument, NULL, 'i' },
		{ "count", no_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};

	mgt_grep_init(&g);
	memset(&ga, 0, sizeof ga);
	ga.g = &g;
	if ((rc = cmd_options(&cmd_grep_entry, argc, argv, "n:s:ich", longopts,
	    grep_option, &ga)) != CMD_OPTIONS_DONE)
		return rc;
	since = ga.since;
	until = ga.until;
	count_only = ga.count_only;
	if (argc - optind != 2)
		return cmd_usage_error(&cmd_grep_entry,
		    "expected an index and a pattern");
	if (since != NULL) {
		if (cmd_parse_time(since, &t) != 0)
			return cmd_usage_error(&cmd_grep_entry, "--since: bad "
			    "time '%s' (use 2021-09-14T10:00:00Z or "
			    "'2021-09-14 10:00')", since);
		g.since = t;
	}
	if (until != NULL) {
		if (cmd_parse_time(until, &t) != 0)
			return cmd_usage_error(&cmd_grep_entry, "--until: bad "
			    "time '%s' (use 2021-09-14T10:00:00Z or "
			    "'2021-09-14 10:00')", until);
		g.until = t;
	}
	g.pattern = argv[optind + 1];
	mgt_error_clear(&err);
	s = cmd_session_new();
	if ((rc = cmd_case_open(s, argv[optind], &c)) != MGT_EXIT_OK) {
		mgt_session_free(s);
		return rc;
	}
	/* A default index has only error lines and hits: read the inputs
	 * again, unless they are gone. */
	full = grep_full_text(c);
	g.reread = !full && grep_inputs_there(c);
	rc = mgt_case_grep(c, &g, count_only ? NULL : grep_print, NULL,
	    &count, &err);
	if (rc == MGT_ERR_USAGE) {
		/* The stored lines are searched by SQL's regexp(). */
		fprintf(stderr, "mgtriage grep: %s%s\n", g.reread ? "" :
		    "regexp: ", err.msg);
		status = MGT_EXIT_USAGE;
		goto out;
	}
	if (rc != MGT_OK && g.reread) {
		cmd_print_error(&err);
		status = MGT_EXIT_UNREADABLE;
		goto out;
	}
	if (rc != MGT_OK) {
		fprintf(stderr, "mgtriage grep: %s\n", err.msg);
		status = MGT_EXIT_USAGE;
		goto out;
	}
	if (count_only)
		printf("%lld\n", count);
	if (!g.reread && !full)
		fprintf(stderr, "mgtriage grep: note: this index keeps only "
		    "error lines and rule hits, and its inputs cannot be read "
		    "again; index with --full-text to search every line\n");
	status = count > 0 ? MGT_EXIT_OK : 1;
out:
	mgt_case_close(c);
	mgt_session_free(s);
	return status;
}

const struct cmd_entry cmd_grep_entry = {
	"grep", "DB PATTERN [--node N] [--source GLOB] [--since T] [--until T]",
	"Search every log line of the case with a PCRE2 pattern",
	"Prints 'vpath:line: text' for every log line matching PATTERN\n"
	"(PCRE2 syntax), in input order.  An index built with --full-text\n"
	"holds every line and is searched directly.  A default index holds\n"
	"only error lines and rule hits, so grep reads the inputs it was\n"
	"built from again (their paths are recorded in it); if they are\n"
	"gone, it searches the stored lines and says so.\n"
	"\n"
	"Options:\n"
	"  -n, --node NODE     lines of this node (short host names match\n"
	"                      the node's full name)\n"
	"  -s, --source GLOB   lines of sources whose path matches GLOB at any\n"
	"                      directory level ('*' within a name, '**' across)\n"
	"      --since T       lines at or after T (2021-09-14T10:00:00Z,\n"
	"                      '2021-09-14 10:00', 2021-09-14; UTC)\n"
	"      --until T       lines at or before T\n"
	"  -i, --ignore-case   caseless match\n"
	"  -c, --count         print only the number of matching lines\n"
	"  -h, --help          this help\n"
	"\n"
	"Exit status: 0 when a line matched, 1 when none did (as grep(1)),\n"
	"2 for a bad pattern or option, 3 when DB is not readable.\n"
	"\n"
	"Example:\n"
	"  mgtriage grep mg.db 'Marking Degraded' --source 'machine-config-daemon-*/**'\n",
	cmd_grep_exec
};
