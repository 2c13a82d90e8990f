/* SPDX-License-Identifier: Apache-2.0 */
/*
 * `mgtriage summary INPUT...|DB`: the case at a glance (cluster, version,
 * platform, gather, nodes, operators, pools), from an index or from
 * inputs read into a scratch index first.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "ingest-opts.h"

struct summary_args {
	struct cmd_ingest	*ci;
	int			 json;
};

static int
summary_option(void *ctx, int opt, const char *arg)
{
	struct summary_args *a = ctx;

	if (opt == 'f') {
		if (strcmp(arg, "json") == 0)
			a->json = 1;
		else if (strcmp(arg, "text") == 0)
			a->json = 0;
		else
			return cmd_usage_error(&cmd_summary_entry, "unknown "
			    "format '%s' (text, json)", arg);
		return MGT_EXIT_OK;
	}
	return cmd_ingest_handle(a->ci, opt, arg);
}

static int
cmd_summary_exec(int argc, char **argv)
{
	struct cmd_ingest ci;
	struct summary_args sa;
	struct mgt_index_stats st;
	struct mgt_error err;
	mgt_case *c = NULL;
	int rc, code;
	static const struct option longopts[] = {
		CMD_INGEST_LONGOPTS,
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};

	cmd_ingest_init(&ci, &cmd_summary_entry);
	sa.ci = &ci;
	sa.json = 0;
	if ((rc = cmd_options(&cmd_summary_entry, argc, argv, "f:qh",
	    longopts, summary_option, &sa)) != CMD_OPTIONS_DONE) {
		cmd_ingest_free(&ci);
		return rc;
	}
	cmd_ingest_cpus(&ci);
	if (optind >= argc) {
		cmd_ingest_free(&ci);
		return cmd_usage_error(&cmd_summary_entry,
		    "no input or index given");
	}
	mgt_error_clear(&err);
	code = MGT_EXIT_OK;
	if (argc - optind == 1 && cmd_is_index(argv[optind]))
		code = cmd_case_open(ci.s, argv[optind], &c);
	else {
		/* No rules: the summary reads objects, not log patterns. */
		rc = mgt_case_build(ci.s, (const char *const *)(argv + optind),
		    (size_t)(argc - optind), NULL, 0, &st, &c, &err);
		if (rc != MGT_OK) {
			cmd_print_error(&err);
			code = rc == MGT_ERR_USAGE || rc == MGT_ERR_RULE ?
			    MGT_EXIT_USAGE : MGT_EXIT_INTERNAL;
		} else if (st.unreadable == argc - optind) {
			fprintf(stderr, "mgtriage: no input could be read\n");
			code = MGT_EXIT_UNREADABLE;
		} else
			code = cmd_ingest_exit_code(&st);
	}
	if (c != NULL && code != MGT_EXIT_USAGE && code != MGT_EXIT_INTERNAL &&
	    !(code == MGT_EXIT_UNREADABLE && st.unreadable == argc - optind)) {
		if (mgt_case_summary(c, stdout, sa.json ? MGT_FORMAT_JSON :
		    MGT_FORMAT_TEXT, &err) != MGT_OK) {
			cmd_print_error(&err);
			code = MGT_EXIT_INTERNAL;
		}
	}
	mgt_case_close(c);
	cmd_ingest_free(&ci);
	return code;
}

const struct cmd_entry cmd_summary_entry = {
	"summary", "INPUT...|DB [--format text|json]",
	"Print the case at a glance: cluster, version, nodes, operators",
	"Reads the inputs (or an index written by 'mgtriage index') and prints\n"
	"what an engineer pastes first into a case: the cluster ID, version\n"
	"and channel, platform, topology and network type; when and with which\n"
	"image it was gathered; every node (roles, Ready, kubelet); the cluster\n"
	"operators, listing those not Available, Degraded or Progressing; the\n"
	"machine config pools; the Prometheus alerts firing, by severity; the\n"
	"Insights recommendations; how old the logs and conditions are; and\n"
	"what the gather lacks.  No rule runs: `analyze` does that.\n"
	"\n"
	"Options:\n"
	"  -f, --format FMT   text (default) or json (mgtriage.summary/v1)\n"
	CMD_INGEST_HELP
	"  -h, --help         this help\n"
	"\n"
	"Examples:\n"
	"  mgtriage summary must-gather.tar.gz\n"
	"  mgtriage summary mg.db --format json | jq .counts\n",
	cmd_summary_exec
};
