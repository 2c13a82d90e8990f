/* SPDX-License-Identifier: Apache-2.0 */
/*
 * `mgtriage analyze INPUT...`: index (to a private temporary file unless
 * --index names one), evaluate the rules, and print the ranked report.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "ingest-opts.h"
#include "evaluate.h"

enum {
	ANALYZE_OPT_INDEX = 600,
	ANALYZE_OPT_KEEP_TEMP
};

struct analyze_args {
	struct cmd_report_args	 ra;
	const char		*index;
	int			 keep;
};

static int
analyze_option(void *ctx, int opt, const char *arg)
{
	struct analyze_args *a = ctx;

	switch (opt) {
	case ANALYZE_OPT_INDEX:
		a->index = arg;
		return MGT_EXIT_OK;
	case ANALYZE_OPT_KEEP_TEMP:
		a->keep = 1;
		return MGT_EXIT_OK;
	}
	return cmd_report_args_option(&a->ra, opt, arg);
}

static int
cmd_analyze_exec(int argc, char **argv)
{
	struct cmd_ingest ci;
	struct analyze_args aa;
	struct cmd_report_opts *ro;
	struct mgt_index_stats st;
	struct mgt_error err;
	mgt_case *c = NULL;
	const char *index;
	int rc, code, keep;
	static const struct option longopts[] = {
		CMD_INGEST_LONGOPTS,
		CMD_REPORT_LONGOPTS,
		{ "index", required_argument, NULL, ANALYZE_OPT_INDEX },
		{ "keep-temp", no_argument, NULL, ANALYZE_OPT_KEEP_TEMP },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};

	cmd_ingest_init(&ci, &cmd_analyze_entry);
	ci.need_rules = 1;
	memset(&aa, 0, sizeof aa);
	cmd_report_args_init(&aa.ra, &ci);
	if ((rc = cmd_options(&cmd_analyze_entry, argc, argv, "f:o:qh",
	    longopts, analyze_option, &aa)) != CMD_OPTIONS_DONE) {
		cmd_ingest_free(&ci);
		return rc;
	}
	cmd_ingest_cpus(&ci);
	ro = &aa.ra.ro;
	index = aa.index;
	keep = aa.keep;
	cmd_report_env_time(ro, aa.ra.timebuf, sizeof aa.ra.timebuf);
	if (optind >= argc) {
		cmd_ingest_free(&ci);
		return cmd_usage_error(&cmd_analyze_entry, "no input given");
	}
	if ((rc = cmd_check_stdin(&cmd_analyze_entry, argv + optind, argc - optind)) !=
	    MGT_EXIT_OK) {
		cmd_ingest_free(&ci);
		return rc;
	}
	mgt_error_clear(&err);
	if ((ro->output != NULL && cmd_check_output(ro->output, argv + optind,
	    argc - optind, ci.allow_output_in_input, &err) != MGT_OK) ||
	    (index != NULL && cmd_check_output(index, argv + optind,
	    argc - optind, ci.allow_output_in_input, &err) != MGT_OK)) {
		cmd_print_error(&err);
		cmd_ingest_free(&ci);
		return MGT_EXIT_USAGE;
	}
	if ((rc = cmd_ingest_load_rules(&ci, &err)) != MGT_OK) {
		cmd_ingest_free(&ci);
		return cmd_exit_for(rc);
	}
	/* Without --index: a private temporary, removed with the case. */
	rc = mgt_case_build(ci.s, (const char *const *)(argv + optind),
	    (size_t)(argc - optind), index, keep ? MGT_CASE_KEEP : 0, &st,
	    &c, &err);
	if (rc != MGT_OK) {
		cmd_print_error(&err);
		/* Two clusters in one case is the command line's fault, a
		 * bad view file the configuration's. */
		code = rc == MGT_ERR_USAGE || rc == MGT_ERR_RULE ?
		    MGT_EXIT_USAGE : MGT_EXIT_INTERNAL;
		goto out;
	}
	if (st.unreadable == argc - optind) {
		fprintf(stderr, "mgtriage: no input could be read\n");
		code = MGT_EXIT_UNREADABLE;
		goto out;
	}
	ro->seconds = -1;
	code = cmd_report_run(c, ro);
	if (code == MGT_EXIT_OK || code == MGT_EXIT_PARTIAL) {
		if (st.unreadable > 0)
			code = MGT_EXIT_UNREADABLE;
		else if (cmd_ingest_exit_code(&st) == MGT_EXIT_PARTIAL)
			code = MGT_EXIT_PARTIAL;
	}
out:
	if (c != NULL && keep && index == NULL)
		fprintf(stderr, "mgtriage: index kept in %s\n",
		    mgt_case_path(c));
	mgt_case_close(c);
	cmd_ingest_free(&ci);
	return code;
}

const struct cmd_entry cmd_analyze_entry = {
	"analyze", "INPUT... [-f FORMAT] [-o FILE] [--index FILE.db] "
	"[--fail-on SEV]",
	"Index the inputs, run the rules, print the ranked root causes",
	"Reads every INPUT in one pass (a must-gather archive or directory,\n"
	"node journals, oc logs output; several inputs are one case; '-'\n"
	"is standard input, read once and named stdin), runs\n"
	"the rules and prints the root causes first, each with its evidence\n"
	"(file:line or object field), its symptoms under it, and the remedy,\n"
	"then what could not be read (completeness).\n"
	"\n"
	"Options:\n"
	"  -f, --format FMT       text (default), json, markdown, html, junit\n"
	"  -o, --output FILE      write the report to FILE (default stdout)\n"
	"      --index FILE.db    keep the index in FILE.db (for report, query,\n"
	"                         grep, timeline); default: a temporary file\n"
	"      --keep-temp        keep the temporary index and say where\n"
	"      --fail-on SEV      exit 5 when a finding has severity SEV or\n"
	"                         higher (critical, high, medium, low, info);\n"
	"                         JUnit marks those test cases failed\n"
	"      --now TIME         print TIME as the report time (default: no\n"
	"                         time, so reports are reproducible;\n"
	"                         SOURCE_DATE_EPOCH is honoured)\n"
	"      --color, --no-color  force ANSI colour on or off (default: on a\n"
	"                         terminal unless NO_COLOR is set)\n"
	"      --width N          cut text lines to N columns (default: the\n"
	"                         terminal's width; complete lines when the\n"
	"                         output is a file or a pipe; 0: never cut)\n"
	CMD_INGEST_HELP
	"  -h, --help             this help\n"
	"\n"
	"Examples:\n"
	"  mgtriage analyze must-gather.tar.gz\n"
	"  mgtriage analyze case.tar.gz bootstrap-journal.log -f html -o r.html\n"
	"  mgtriage analyze mg/ --format junit --fail-on high -o junit.xml\n"
	"  ssh node journalctl -b | mgtriage analyze mg.tar.gz -\n",
	cmd_analyze_exec
};
