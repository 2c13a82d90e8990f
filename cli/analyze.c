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
#include "error.h"
#include "index.h"
#include "ingest.h"
#include "output.h"
#include "util.h"
#include "xmalloc.h"

enum {
	ANALYZE_OPT_INDEX = 600,
	ANALYZE_OPT_KEEP_TEMP
};

int
cmd_report_option(struct cmd_report_opts *o, const struct cmd_entry *e,
    int opt, const char *arg, char *timebuf, size_t timelen)
{
	char *end;
	long w;
	int v;

	switch (opt) {
	case 'f':
		if ((v = report_format_parse(arg)) < 0)
			return cmd_usage_error(e, "unknown format '%s' (text, "
			    "json, markdown, html, junit)", arg);
		o->format = (enum report_format)v;
		return MGT_EXIT_OK;
	case 'o':
		o->output = arg;
		return MGT_EXIT_OK;
	case CMD_REPORT_OPT_FAIL_ON:
		if ((v = rule_severity_parse(arg)) < 0)
			return cmd_usage_error(e, "--fail-on: unknown severity "
			    "'%s' (critical, high, medium, low, info)", arg);
		o->fail_on = v;
		return MGT_EXIT_OK;
	case CMD_REPORT_OPT_NOW:
		if (cmd_report_parse_time_arg(arg, timebuf, timelen) != 0)
			return cmd_usage_error(e, "--now: bad time '%s'", arg);
		o->generated_at = timebuf;
		return MGT_EXIT_OK;
	case CMD_REPORT_OPT_COLOR:
		o->color = 1;
		return MGT_EXIT_OK;
	case CMD_REPORT_OPT_NO_COLOR:
		o->color = 0;
		return MGT_EXIT_OK;
	case CMD_REPORT_OPT_WIDTH:
		errno = 0;
		w = strtol(arg, &end, 10);
		if (*arg == '\0' || *end != '\0' || errno != 0 || w < 0 ||
		    w > CMD_MAX_WIDTH || (w > 0 && w < CMD_MIN_WIDTH))
			return cmd_usage_error(e, "--width: '%s' is not 0 (no "
			    "cut) or a number of columns from %d to %d", arg,
			    CMD_MIN_WIDTH, CMD_MAX_WIDTH);
		o->width = w;
		return MGT_EXIT_OK;
	}
	return -1;
}

void
cmd_report_env_time(struct cmd_report_opts *o, char *buf, size_t len)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");

	if (o->generated_at == NULL && sde != NULL && *sde != '\0' &&
	    cmd_report_parse_time_arg(sde, buf, len) == 0)
		o->generated_at = buf;
}

static int
cmd_analyze_exec(int argc, char **argv)
{
	struct cmd_ingest ci;
	struct cmd_report_opts ro;
	struct ingest_result res;
	struct mgt_error err;
	const char *index = NULL;
	char tmpdir[PATH_MAX], dbpath[PATH_MAX + 16], timebuf[64];
	const char *base;
	int opt, rc, code, keep = 0, made_tmp = 0, lock = -1;
	static const struct option longopts[] = {
		CMD_INGEST_LONGOPTS,
		CMD_REPORT_LONGOPTS,
		{ "index", required_argument, NULL, ANALYZE_OPT_INDEX },
		{ "keep-temp", no_argument, NULL, ANALYZE_OPT_KEEP_TEMP },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};

	cmd_ingest_init(&ci);
	ci.need_rules = 1;
	cmd_report_opts_init(&ro);
	optind = 1;
	while ((opt = getopt_long(argc, argv, "f:o:qh", longopts, NULL)) !=
	    -1) {
		switch (opt) {
		case ANALYZE_OPT_INDEX:
			index = optarg;
			continue;
		case ANALYZE_OPT_KEEP_TEMP:
			keep = 1;
			continue;
		case 'h':
			cmd_print_help(&cmd_analyze_entry);
			cmd_ingest_free(&ci);
			return MGT_EXIT_OK;
		}
		if ((rc = cmd_report_option(&ro, &cmd_analyze_entry, opt,
		    optarg, timebuf, sizeof timebuf)) < 0)
			rc = cmd_ingest_option(&ci, &cmd_analyze_entry, opt,
			    optarg);
		if (rc < 0)
			rc = cmd_usage_error(&cmd_analyze_entry,
			    "unknown option");
		if (rc != MGT_EXIT_OK) {
			cmd_ingest_free(&ci);
			return rc;
		}
	}
	cmd_report_env_time(&ro, timebuf, sizeof timebuf);
	if (optind >= argc) {
		cmd_ingest_free(&ci);
		return cmd_usage_error(&cmd_analyze_entry, "no input given");
	}
	mgt_error_clear(&err);
	if ((ro.output != NULL && cmd_check_output(ro.output, argv + optind,
	    argc - optind, ci.allow_output_in_input, &err) != MGT_OK) ||
	    (index != NULL && cmd_check_output(index, argv + optind,
	    argc - optind, ci.allow_output_in_input, &err) != MGT_OK)) {
		cmd_print_error(&err);
		cmd_ingest_free(&ci);
		return MGT_EXIT_USAGE;
	}
	if ((rc = cmd_ingest_load_rules(&ci, &err)) != MGT_OK) {
		cmd_ingest_free(&ci);
		return rc == MGT_ERR_RULE ? MGT_EXIT_USAGE : cmd_exit_for(rc);
	}
	if (index == NULL) {
		/* A private directory: nothing outside it is touched. */
		base = getenv("TMPDIR");
		snprintf(tmpdir, sizeof tmpdir, "%s/mgtriage-XXXXXX",
		    base != NULL && *base != '\0' ? base : "/tmp");
		if (mkdtemp(tmpdir) == NULL) {
			fprintf(stderr, "mgtriage: cannot create a temporary "
			    "directory in %s\n", base ? base : "/tmp");
			cmd_ingest_free(&ci);
			return MGT_EXIT_INTERNAL;
		}
		made_tmp = 1;
		snprintf(dbpath, sizeof dbpath, "%s/index.db", tmpdir);
		index = dbpath;
		/* Removed after the report: durability buys nothing. */
		output_track(tmpdir, 1);
		if (!keep) {
			ci.opt.index_flags |= INDEX_SCRATCH;
			output_track(dbpath, 0);
		}
	} else {
		/*
		 * The report opens the index by name: another run renaming
		 * its own index there in between would be reported on.
		 */
		lock = output_lock(index, cmd_note, (void *)"waiting for "
		    "another run writing the same --index", &err);
		if (lock == -1) {
			cmd_print_error(&err);
			cmd_ingest_free(&ci);
			return err.code == MGT_ERR_USAGE ? MGT_EXIT_USAGE :
			    MGT_EXIT_INTERNAL;
		}
	}
	rc = ingest_run((const char *const *)(argv + optind),
	    (size_t)(argc - optind), index, &ci.opt, &res, &err);
	if (rc != MGT_OK) {
		cmd_print_error(&err);
		/* Two clusters in one case is the command line's fault. */
		code = rc == MGT_ERR_USAGE ? MGT_EXIT_USAGE :
		    MGT_EXIT_INTERNAL;
		goto out;
	}
	if (res.unreadable == argc - optind) {
		fprintf(stderr, "mgtriage: no input could be read\n");
		code = MGT_EXIT_UNREADABLE;
		goto out;
	}
	ro.seconds = -1;
	ro.sql_limits = &ci.opt.limits;
	code = cmd_report_run(index, &ci.rules, &ro);
	if (code == MGT_EXIT_OK || code == MGT_EXIT_PARTIAL) {
		if (res.unreadable > 0)
			code = MGT_EXIT_UNREADABLE;
		else if (ingest_exit_code(&res) == MGT_EXIT_PARTIAL)
			code = MGT_EXIT_PARTIAL;
	}
out:
	output_unlock(index, lock);
	if (made_tmp) {
		if (keep)
			fprintf(stderr, "mgtriage: index kept in %s\n", index);
		else {
			output_discard(dbpath);
			rmdir(tmpdir);
		}
		output_untrack(tmpdir);
	}
	cmd_ingest_free(&ci);
	return code;
}

const struct cmd_entry cmd_analyze_entry = {
	"analyze", "INPUT... [-f FORMAT] [-o FILE] [--index FILE.db] "
	"[--fail-on SEV]",
	"Index the inputs, run the rules, print the ranked root causes",
	"Reads every INPUT in one pass (a must-gather archive or directory,\n"
	"node journals, oc logs output; several inputs are one case), runs\n"
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
	"  mgtriage analyze mg/ --format junit --fail-on high -o junit.xml\n",
	cmd_analyze_exec
};
