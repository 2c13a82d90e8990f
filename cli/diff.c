/* SPDX-License-Identifier: Apache-2.0 */
/*
 * `mgtriage diff A B`: what changed from one gather of a cluster to
 * another (before and after an upgrade, yesterday and today), each side
 * an input read into a scratch index or an index written earlier.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "ingest-opts.h"

enum {
	DIFF_OPT_FORCE = 700,
	DIFF_OPT_FAIL_ON
};

struct diff_args {
	struct cmd_ingest	*ci;
	int			 format;
	const char		*output;
	int			 force;
	int			 fail_on;	/* enum mgt_severity, -1: never */
};

static int
diff_option(void *ctx, int opt, const char *arg)
{
	struct diff_args *a = ctx;
	int v;

	switch (opt) {
	case 'f':
		v = mgt_format_parse(arg);
		if (v != MGT_FORMAT_TEXT && v != MGT_FORMAT_JSON &&
		    v != MGT_FORMAT_MARKDOWN)
			return cmd_usage_error(&cmd_diff_entry, "unknown "
			    "format '%s' (text, json, markdown)", arg);
		a->format = v;
		return MGT_EXIT_OK;
	case 'o':
		a->output = arg;
		return MGT_EXIT_OK;
	case DIFF_OPT_FORCE:
		a->force = 1;
		return MGT_EXIT_OK;
	case DIFF_OPT_FAIL_ON:
		if ((v = mgt_severity_parse(arg)) < 0)
			return cmd_usage_error(&cmd_diff_entry, "--fail-on: "
			    "unknown severity '%s' (critical, high, medium, "
			    "low, info)", arg);
		a->fail_on = v;
		return MGT_EXIT_OK;
	}
	return cmd_ingest_handle(a->ci, opt, arg);
}

/*
 * One side as a case: an index opened, or an input read into a scratch
 * index.  Returns MGT_EXIT_OK, MGT_EXIT_PARTIAL when the input had
 * problems (the case is made), or the exit code of a failure (printed).
 */
static int
diff_side(struct cmd_ingest *ci, const char *path, mgt_case **c)
{
	struct mgt_index_stats st;
	struct mgt_error err;
	int rc;

	*c = NULL;
	if (cmd_is_index(path))
		return cmd_case_open(ci->s, path, c);
	mgt_error_clear(&err);
	rc = mgt_case_build(ci->s, &path, 1, NULL, 0, &st, c, &err);
	if (rc != MGT_OK) {
		cmd_print_error(&err);
		return rc == MGT_ERR_USAGE || rc == MGT_ERR_RULE ?
		    MGT_EXIT_USAGE : MGT_EXIT_INTERNAL;
	}
	if (st.unreadable > 0) {
		fprintf(stderr, "mgtriage: %s could not be read\n", path);
		mgt_case_close(*c);
		*c = NULL;
		return MGT_EXIT_UNREADABLE;
	}
	return cmd_ingest_exit_code(&st);
}

/* Write the diff to stdout or, through a temporary, to path. */
static int
diff_output(const mgt_diff *d, const struct diff_args *a)
{
	struct mgt_error err;
	char *tmp = NULL;
	FILE *f;
	int rc;

	mgt_error_clear(&err);
	if (a->output == NULL) {
		if (mgt_diff_write(d, stdout, a->format, &err) == MGT_OK)
			return MGT_EXIT_OK;
		if (err.where[0] == '\0')
			snprintf(err.where, sizeof err.where, "stdout");
		cmd_print_error(&err);
		return MGT_EXIT_INTERNAL;
	}
	if (mgt_output_open(a->output, &f, &tmp, &err) != MGT_OK) {
		cmd_print_error(&err);
		mgt_free(tmp);
		return MGT_EXIT_INTERNAL;
	}
	rc = mgt_diff_write(d, f, a->format, &err);
	if (rc != MGT_OK) {
		snprintf(err.where, sizeof err.where, "%s", a->output);
		cmd_print_error(&err);
	}
	if (mgt_output_close(f, tmp, a->output, rc == MGT_OK, &err) !=
	    MGT_OK) {
		if (rc == MGT_OK)
			cmd_print_error(&err);
		rc = MGT_ERR_IO;
	}
	return rc == MGT_OK ? MGT_EXIT_OK : MGT_EXIT_INTERNAL;
}

static int
cmd_diff_exec(int argc, char **argv)
{
	struct cmd_ingest ci;
	struct diff_args da;
	struct mgt_diff_info info;
	struct mgt_error err;
	mgt_case *c[2] = { NULL, NULL };
	mgt_diff *d = NULL;
	int rc, code, side[2], k;
	static const struct option longopts[] = {
		CMD_INGEST_LONGOPTS,
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "force", no_argument, NULL, DIFF_OPT_FORCE },
		{ "fail-on", required_argument, NULL, DIFF_OPT_FAIL_ON },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};

	cmd_ingest_init(&ci, &cmd_diff_entry);
	ci.need_rules = 1;
	memset(&da, 0, sizeof da);
	da.ci = &ci;
	da.format = MGT_FORMAT_TEXT;
	da.fail_on = -1;
	if ((rc = cmd_options(&cmd_diff_entry, argc, argv, "f:o:qh",
	    longopts, diff_option, &da)) != CMD_OPTIONS_DONE) {
		cmd_ingest_free(&ci);
		return rc;
	}
	cmd_ingest_cpus(&ci);
	if (argc - optind != 2) {
		cmd_ingest_free(&ci);
		return cmd_usage_error(&cmd_diff_entry, "expected two inputs "
		    "or indexes, A and B");
	}
	if ((rc = cmd_check_stdin(&cmd_diff_entry, argv + optind, 2)) !=
	    MGT_EXIT_OK) {
		cmd_ingest_free(&ci);
		return rc;
	}
	mgt_error_clear(&err);
	if (da.output != NULL && cmd_check_output(da.output, argv + optind,
	    2, ci.allow_output_in_input, &err) != MGT_OK) {
		cmd_print_error(&err);
		cmd_ingest_free(&ci);
		return MGT_EXIT_USAGE;
	}
	/* The same rules on both sides: the findings compare. */
	if ((rc = cmd_ingest_load_rules(&ci, &err)) != MGT_OK) {
		cmd_ingest_free(&ci);
		return cmd_exit_for(rc);
	}
	code = MGT_EXIT_OK;
	for (k = 0; k < 2; k++) {
		side[k] = diff_side(&ci, argv[optind + k], &c[k]);
		if (side[k] != MGT_EXIT_OK && side[k] != MGT_EXIT_PARTIAL) {
			code = side[k];
			goto out;
		}
	}
	if ((rc = mgt_diff_build(c[0], c[1], da.force ? MGT_DIFF_FORCE : 0,
	    &d, &err)) != MGT_OK) {
		cmd_print_error(&err);
		if (rc == MGT_ERR_USAGE)
			fprintf(stderr, "mgtriage diff: --force compares "
			    "them anyway\n");
		code = cmd_exit_for(rc);
		goto out;
	}
	if ((code = diff_output(d, &da)) != MGT_EXIT_OK)
		goto out;
	mgt_diff_info(d, &info);
	if (da.fail_on >= 0 && info.worst_new >= da.fail_on)
		code = MGT_EXIT_FINDINGS;
	else if (side[0] == MGT_EXIT_PARTIAL || side[1] == MGT_EXIT_PARTIAL ||
	    !info.complete[0] || !info.complete[1])
		code = MGT_EXIT_PARTIAL;
out:
	mgt_diff_free(d);
	mgt_case_close(c[0]);
	mgt_case_close(c[1]);
	cmd_ingest_free(&ci);
	return code;
}

const struct cmd_entry cmd_diff_entry = {
	"diff", "A B [-f FORMAT] [-o FILE] [--force] [--fail-on SEV]",
	"Show what changed between two gathers of one cluster",
	"Compares two gathers of the same cluster, A (say, before an upgrade)\n"
	"and B (after).  Each is one input (a must-gather archive or\n"
	"directory) or an index written by 'mgtriage index'; the rules run on\n"
	"both.  It lists what B added, removed or changed against A in:\n"
	"  - the cluster version (desired and completed version, channel,\n"
	"    Available/Progressing/Failing) and its update history;\n"
	"  - each cluster operator's Available, Degraded and Progressing\n"
	"    conditions (with B's reason and message), Upgradeable, version;\n"
	"  - the nodes (added, removed, roles, Ready, kubelet version,\n"
	"    unschedulable, pressure);\n"
	"  - the machine config pools (machine counts, Degraded, Updating,\n"
	"    paused, rendered config) and the machine configs;\n"
	"  - the findings: new in B, resolved since A, changed (same rule,\n"
	"    another summary or severity).\n"
	"Gathers of two different clusters (the ClusterVersion's clusterID),\n"
	"or where a side has no cluster ID, are refused (exit 2) unless\n"
	"--force is given.\n"
	"\n"
	"Options:\n"
	"  -f, --format FMT   text (default), json (mgtriage.diff/v1), markdown\n"
	"  -o, --output FILE  write to FILE (default stdout)\n"
	"      --force        compare gathers not known to be of one cluster\n"
	"      --fail-on SEV  exit 5 when B has a new finding, or one whose\n"
	"                     severity rose, at SEV or higher (critical, high,\n"
	"                     medium, low; info: any new finding)\n"
	CMD_INGEST_HELP
	"  -h, --help         this help\n"
	"\n"
	"Exit codes: 0 compared; 1 compared, but a side's input had problems;\n"
	"2 usage error or not the same cluster; 3 an input cannot be read;\n"
	"4 internal or output error; 5 a new finding at or above --fail-on.\n"
	"Differences alone do not change the exit code: use --fail-on, or read\n"
	"the JSON's counts.\n"
	"\n"
	"Examples:\n"
	"  mgtriage diff before.tar.gz after.tar.gz\n"
	"  mgtriage index before.tar.gz -o before.db\n"
	"  mgtriage diff before.db after/ --fail-on high -f markdown -o d.md\n"
	"  mgtriage diff a.db b.db -f json | jq '.changes[] | select(.section\n"
	"      == \"operators\")'\n",
	cmd_diff_exec
};
