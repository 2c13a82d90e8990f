/* SPDX-License-Identifier: Apache-2.0 */
/*
 * `mgtriage index INPUT... -o FILE.db`: build the index only (resources,
 * catalogue, stored lines, pattern hits of the rules), for `report`,
 * `query`, `grep` and `timeline` to use later.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "ingest-opts.h"

struct index_args {
	struct cmd_ingest	*ci;
	const char		*out;
};

static int
index_option(void *ctx, int opt, const char *arg)
{
	struct index_args *a = ctx;

	if (opt == 'o') {
		a->out = arg;
		return MGT_EXIT_OK;
	}
	return cmd_ingest_handle(a->ci, opt, arg);
}

static int
cmd_index_exec(int argc, char **argv)
{
	struct cmd_ingest ci;
	struct mgt_index_stats res;
	struct mgt_error err;
	struct index_args ia;
	const char *out;
	int rc, code;
	static const struct option longopts[] = {
		CMD_INGEST_LONGOPTS,
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};

	cmd_ingest_init(&ci, &cmd_index_entry);
	ia.ci = &ci;
	ia.out = NULL;
	if ((rc = cmd_options(&cmd_index_entry, argc, argv,
	    "o:qh" CMD_INGEST_SHORTOPTS, longopts, index_option, &ia)) !=
	    CMD_OPTIONS_DONE) {
		cmd_ingest_free(&ci);
		return rc;
	}
	cmd_ingest_cpus(&ci);
	out = ia.out;
	if (optind >= argc) {
		cmd_ingest_free(&ci);
		return cmd_usage_error(&cmd_index_entry, "no input given");
	}
	if ((rc = cmd_check_stdin(&cmd_index_entry, argv + optind, argc - optind)) !=
	    MGT_EXIT_OK) {
		cmd_ingest_free(&ci);
		return rc;
	}
	if (out == NULL) {
		cmd_ingest_free(&ci);
		return cmd_usage_error(&cmd_index_entry,
		    "-o FILE.db is required");
	}
	mgt_error_clear(&err);
	if (cmd_check_output(out, argv + optind, argc - optind,
	    ci.allow_output_in_input, &err) != MGT_OK) {
		cmd_print_error(&err);
		cmd_ingest_free(&ci);
		return MGT_EXIT_USAGE;
	}
	if ((rc = cmd_ingest_load_rules(&ci, &err)) != MGT_OK) {
		cmd_ingest_free(&ci);
		return cmd_exit_for(rc);
	}
	/* One writer at a time (the library locks out.lock). */
	rc = mgt_index_build(ci.s, (const char *const *)(argv + optind),
	    (size_t)(argc - optind), out, &res, &err);
	if (rc != MGT_OK) {
		cmd_print_error(&err);
		cmd_ingest_free(&ci);
		/* Two clusters in one case is the command line's fault. */
		return rc == MGT_ERR_USAGE ? MGT_EXIT_USAGE :
		    MGT_EXIT_INTERNAL;
	}
	code = cmd_ingest_exit_code(&res);
	if (!ci.quiet)
		fprintf(stderr, "mgtriage: indexed %lld files, %lld objects, "
		    "%lld log lines, %lld hits into %s (%lld problems)\n",
		    res.sources, res.resources, res.lines, res.hits, out,
		    res.problems[1] + res.problems[2]);
	cmd_ingest_free(&ci);
	return code;
}

const struct cmd_entry cmd_index_entry = {
	"index", "INPUT... -o FILE.db [OPTIONS]",
	"Build the SQLite index of one case, without reporting",
	"Reads every INPUT (a must-gather archive or directory, node journals,\n"
	"log files; several inputs are one case; '-' is standard input, read\n"
	"once and named stdin) in one pass and writes the\n"
	"index to FILE.db (written to a temporary name, renamed when done).\n"
	"The rules' log patterns run during the pass and their hits are\n"
	"stored, so 'mgtriage report FILE.db' needs no input again.\n"
	"\n"
	"Options:\n"
	"  -o, --output FILE.db   the index to write (required)\n"
	CMD_INGEST_HELP
	"  -h, --help             this help\n"
	"\n"
	"Example:\n"
	"  mgtriage index must-gather.tar.gz -o mg.db\n"
	"  mgtriage query mg.db 'SELECT kind, count(*) FROM resources GROUP BY 1'\n",
	cmd_index_exec
};
