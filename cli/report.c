/* SPDX-License-Identifier: Apache-2.0 */
/*
 * `mgtriage report DB`: the rules over an index built earlier, without the
 * original input.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "ingest-opts.h"
#include "evaluate.h"

static int
cmd_report_exec(int argc, char **argv)
{
	struct cmd_ingest ci;
	struct cmd_report_args ra;
	struct cmd_report_opts *ro;
	struct mgt_error err;
	mgt_case *c;
	int rc;
	static const struct option longopts[] = {
		CMD_INGEST_LONGOPTS,
		CMD_REPORT_LONGOPTS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};

	cmd_ingest_init(&ci, &cmd_report_entry);
	ci.need_rules = 1;
	cmd_report_args_init(&ra, &ci);
	if ((rc = cmd_options(&cmd_report_entry, argc, argv, "f:o:qh",
	    longopts, cmd_report_args_option, &ra)) != CMD_OPTIONS_DONE) {
		cmd_ingest_free(&ci);
		return rc;
	}
	ro = &ra.ro;
	cmd_report_env_time(ro, ra.timebuf, sizeof ra.timebuf);
	if (argc - optind != 1) {
		cmd_ingest_free(&ci);
		return cmd_usage_error(&cmd_report_entry,
		    "expected one index file");
	}
	mgt_error_clear(&err);
	if (ro->output != NULL &&
	    mgt_output_check(ro->output, &err) != MGT_OK) {
		cmd_print_error(&err);
		cmd_ingest_free(&ci);
		return MGT_EXIT_USAGE;
	}
	if ((rc = cmd_ingest_load_rules(&ci, &err)) != MGT_OK) {
		cmd_ingest_free(&ci);
		return cmd_exit_for(rc);
	}
	if ((rc = cmd_case_open(ci.s, argv[optind], &c)) != MGT_EXIT_OK) {
		cmd_ingest_free(&ci);
		return rc;
	}
	rc = cmd_report_run(c, ro);
	mgt_case_close(c);
	cmd_ingest_free(&ci);
	return rc;
}

const struct cmd_entry cmd_report_entry = {
	"report", "DB [-f FORMAT] [-o FILE] [--fail-on SEV]",
	"Run the rules over an existing index and print the report",
	"Evaluates the rules over an index written by 'mgtriage index' or\n"
	"'mgtriage analyze --index', without the original input: SQL\n"
	"evidence reads the index, pattern evidence reads the hits stored\n"
	"when it was built (a pattern added since then finds nothing until\n"
	"the case is indexed again).\n"
	"\n"
	"Options:\n"
	"  -f, --format FMT   text (default), json, markdown, html, junit\n"
	"  -o, --output FILE  write the report to FILE (default stdout)\n"
	"      --fail-on SEV  exit 5 when a finding is SEV or worse\n"
	"      --now TIME     print TIME as the report time\n"
	"      --[no-]color   force colour on or off\n"
	"      --width N      text columns (default: the terminal's; whole\n"
	"                     lines in a file or pipe; 0: never cut)\n"
	"      --rules DIR    load rules from DIR too; --no-default-rules\n"
	"      --allow-rule-errors  run without rules that failed to load\n"
	"                     (default: exit 2)\n"
	"  -h, --help         this help\n",
	cmd_report_exec
};
