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

#include "cli.h"
#include "error.h"
#include "grep-stream.h"
#include "index.h"
#include "regex.h"
#include "report.h"
#include "util.h"
#include "xmalloc.h"

static const char grep_sql[] =
    "SELECT s.vpath, x.line_no, x.text, x.ts, coalesce(x.node, s.node)"
    " FROM (SELECT source_id, line_no, text, ts, node FROM lines"
    "       UNION SELECT source_id, line_no, text, ts, node FROM hits) x"
    " JOIN sources s ON s.id = x.source_id"
    " WHERE regexp(?1, x.text)"
    " AND (?2 IS NULL OR coalesce(x.node, s.node) = ?2"
    "      OR coalesce(x.node, s.node) LIKE ?2 || '.%')"
    " AND (?3 IS NULL OR x.ts >= ?3)"
    " AND (?4 IS NULL OR x.ts <= ?4)"
    " ORDER BY s.id, x.line_no";

static int
grep_full_text(sqlite3 *db)
{
	char *v = index_meta(db, "full_text");
	int full = v != NULL && atoi(v) != 0;

	free(v);
	return full;
}

/*
 * The inputs the index was built from (absolute paths, one per line in
 * meta input_paths), if every one can still be read; else NULL.
 */
static char **
grep_inputs(sqlite3 *db, size_t *n)
{
	char **v;
	size_t i, k, kept = 0;
	int ok = 1;

	v = index_meta_lines(db, "input_paths", &k);
	for (i = 0; i < k; i++) {
		if (ok && v[i][0] != '\0' && access(v[i], R_OK) != 0) {
			fprintf(stderr, "mgtriage grep: note: input %s is gone; "
			    "searching only the stored lines\n", v[i]);
			ok = 0;
		}
		if (v[i][0] != '\0')
			v[kept++] = v[i];
		else
			free(v[i]);
	}
	/* Usable only if some input is recorded and every one is there. */
	if (!ok || kept == 0) {
		while (kept > 0)
			free(v[--kept]);
		free(v);
		*n = 0;
		return NULL;
	}
	*n = kept;
	return v;
}

/* A line found in the inputs, printed as the stored ones are: nothing
 * raw to a terminal. */
static void
grep_print_line(void *cb_data, const char *vpath, long line_no,
    const char *text, size_t len)
{
	char esc[8192], *tv, *tt;

	(void)cb_data;
	util_escape_n(text, len, esc, sizeof esc);
	tv = report_term(vpath, SIZE_MAX);
	tt = report_term(esc, SIZE_MAX);
	printf("%s:%ld: %s\n", tv, line_no, tt);
	free(tv);
	free(tt);
}

/* Re-read the inputs: every line, not only the stored ones. */
static int
grep_reread(sqlite3 *db, char **inputs, size_t n, const char *pattern,
    struct grep_query *q, long long *count)
{
	struct mgt_error err;
	pcre2_code *re;
	char why[300];
	int rc;

	if ((re = regex_compile(pattern, strlen(pattern),
	    cmd_env_flag("MGTRIAGE_NO_JIT") ? REGEX_NO_JIT : 0, why,
	    sizeof why)) == NULL) {
		fprintf(stderr, "mgtriage grep: %s\n", why);
		return MGT_EXIT_USAGE;
	}
	q->re = re;
	mgt_error_clear(&err);
	rc = grep_stream(db, inputs, n, q, count, &err);
	pcre2_code_free(re);
	if (rc != MGT_OK) {
		cmd_print_error(&err);
		return MGT_EXIT_UNREADABLE;
	}
	return MGT_EXIT_OK;
}

static int
cmd_grep_exec(int argc, char **argv)
{
	const char *node = NULL, *glob = NULL, *since = NULL, *until = NULL;
	char *pattern = NULL, esc[8192], *tv, *tt;
	long long t_since = 0, t_until = 0, count = 0;
	int opt, rc, caseless = 0, count_only = 0, status;
	struct mgt_error err;
	struct grep_query q;
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;
	char **inputs = NULL;
	size_t ninputs = 0;
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

	optind = 1;
	while ((opt = getopt_long(argc, argv, "n:s:ich", longopts,
	    NULL)) != -1) {
		switch (opt) {
		case 'n': node = optarg; break;
		case 's': glob = optarg; break;
		case 'S': since = optarg; break;
		case 'U': until = optarg; break;
		case 'i': caseless = 1; break;
		case 'c': count_only = 1; break;
		case 'h':
			cmd_print_help(&cmd_grep_entry);
			return MGT_EXIT_OK;
		default:
			return cmd_usage_error(&cmd_grep_entry,
			    "unknown option");
		}
	}
	if (argc - optind != 2)
		return cmd_usage_error(&cmd_grep_entry,
		    "expected an index and a pattern");
	if (since != NULL && cmd_parse_time(since, &t_since) != 0)
		return cmd_usage_error(&cmd_grep_entry, "--since: bad time "
		    "'%s' (use 2021-09-14T10:00:00Z or '2021-09-14 10:00')",
		    since);
	if (until != NULL && cmd_parse_time(until, &t_until) != 0)
		return cmd_usage_error(&cmd_grep_entry, "--until: bad time "
		    "'%s' (use 2021-09-14T10:00:00Z or '2021-09-14 10:00')",
		    until);
	mgt_error_clear(&err);
	if ((rc = index_open(argv[optind], 1, cmd_index_opts(NULL), &db,
	    &err)) != MGT_OK) {
		cmd_print_error(&err);
		return MGT_EXIT_UNREADABLE;
	}
	xasprintf(&pattern, "%s%s", caseless ? "(?i)" : "",
	    argv[optind + 1]);
	if (!grep_full_text(db) && (inputs = grep_inputs(db, &ninputs)) !=
	    NULL) {
		memset(&q, 0, sizeof q);
		q.node = node;
		q.glob = glob;
		q.has_since = since != NULL;
		q.since = t_since;
		q.has_until = until != NULL;
		q.until = t_until;
		q.count_only = count_only;
		q.on_line = grep_print_line;
		status = grep_reread(db, inputs, ninputs, pattern, &q, &count);
		if (status == MGT_EXIT_OK) {
			if (count_only)
				printf("%lld\n", count);
			status = count > 0 ? MGT_EXIT_OK : 1;
		}
		goto out;
	}
	if (sqlite3_prepare_v2(db, grep_sql, -1, &st, NULL) != SQLITE_OK) {
		fprintf(stderr, "mgtriage grep: %s\n", sqlite3_errmsg(db));
		status = MGT_EXIT_INTERNAL;
		goto out;
	}
	sqlite3_bind_text(st, 1, pattern, -1, SQLITE_STATIC);
	if (node != NULL)
		sqlite3_bind_text(st, 2, node, -1, SQLITE_STATIC);
	if (since != NULL)
		sqlite3_bind_int64(st, 3, t_since);
	if (until != NULL)
		sqlite3_bind_int64(st, 4, t_until);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *vpath = (const char *)sqlite3_column_text(st, 0);

		if (glob != NULL && !grep_source_match(glob, vpath))
			continue;
		count++;
		if (count_only)
			continue;
		/* util_escape_n() keeps NUL bytes visible, report_term()
		 * escapes C1 and bidi controls too. */
		util_escape_n((const char *)sqlite3_column_text(st, 2),
		    (size_t)sqlite3_column_bytes(st, 2), esc, sizeof esc);
		tv = report_term(vpath, SIZE_MAX);
		tt = report_term(esc, SIZE_MAX);
		printf("%s:%lld: %s\n", tv,
		    (long long)sqlite3_column_int64(st, 1), tt);
		free(tv);
		free(tt);
	}
	if (rc != SQLITE_DONE) {
		fprintf(stderr, "mgtriage grep: %s\n", sqlite3_errmsg(db));
		status = MGT_EXIT_USAGE;
		goto out;
	}
	if (count_only)
		printf("%lld\n", count);
	if (!grep_full_text(db))
		fprintf(stderr, "mgtriage grep: note: this index keeps only "
		    "error lines and rule hits, and its inputs cannot be read "
		    "again; index with --full-text to search every line\n");
	status = count > 0 ? MGT_EXIT_OK : 1;
out:
	sqlite3_finalize(st);
	sqlite3_close(db);
	free(pattern);
	while (ninputs > 0)
		free(inputs[--ninputs]);
	free(inputs);
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
