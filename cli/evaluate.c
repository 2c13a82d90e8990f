/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Evaluating and writing the report: what `mgtriage report DB` does, and
 * the second half of `analyze`; also the options they share.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "evaluate.h"
#include "ingest-opts.h"

void
cmd_report_opts_init(struct cmd_report_opts *o)
{
	memset(o, 0, sizeof *o);
	o->format = MGT_FORMAT_TEXT;
	o->fail_on = -1;
	o->color = -1;
	o->seconds = -1;
	o->width = -1;
}

int
cmd_report_parse_time_arg(const char *s, char *buf, size_t len)
{
	long long us;
	char *end;
	long long secs;

	errno = 0;
	secs = strtoll(s, &end, 10);
	if (*s != '\0' && *end == '\0' && errno == 0) {
		mgt_format_time((int64_t)secs * 1000000, buf, len);
		return 0;
	}
	if (cmd_parse_time(s, &us) != 0)
		return -1;
	mgt_format_time(us, buf, len);
	return 0;
}

int
cmd_report_option(struct cmd_report_opts *o, const struct cmd_entry *e,
    int opt, const char *arg, char *timebuf, size_t timelen)
{
	char *end;
	long w;
	int v;

	switch (opt) {
	case 'f':
		if ((v = mgt_format_parse(arg)) < 0)
			return cmd_usage_error(e, "unknown format '%s' (text, "
			    "json, markdown, html, junit)", arg);
		o->format = (enum mgt_format)v;
		return MGT_EXIT_OK;
	case 'o':
		o->output = arg;
		return MGT_EXIT_OK;
	case CMD_REPORT_OPT_FAIL_ON:
		if ((v = mgt_severity_parse(arg)) < 0)
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
cmd_report_args_init(struct cmd_report_args *a, struct cmd_ingest *ci)
{
	a->ci = ci;
	cmd_report_opts_init(&a->ro);
	a->timebuf[0] = '\0';
}

int
cmd_report_args_option(void *ctx, int opt, const char *arg)
{
	struct cmd_report_args *a = ctx;
	int rc;

	if ((rc = cmd_report_option(&a->ro, a->ci->entry, opt, arg,
	    a->timebuf, sizeof a->timebuf)) >= 0)
		return rc;
	return cmd_ingest_handle(a->ci, opt, arg);
}

void
cmd_report_env_time(struct cmd_report_opts *o, char *buf, size_t len)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");

	if (o->generated_at == NULL && sde != NULL && *sde != '\0' &&
	    cmd_report_parse_time_arg(sde, buf, len) == 0)
		o->generated_at = buf;
}

int
cmd_report_run(mgt_case *c, const struct cmd_report_opts *o)
{
	struct mgt_eval_options eo;
	struct mgt_write_options wo;
	struct mgt_completeness comp;
	struct mgt_error err;
	mgt_result *r = NULL;
	int code = MGT_EXIT_OK, worst, rc;

	mgt_eval_options_init(&eo);
	eo.inputs = o->inputs;
	eo.ninputs = o->ninputs;
	eo.seconds = o->seconds;
	eo.generated_at = o->generated_at;
	mgt_error_clear(&err);
	if ((rc = mgt_evaluate(c, &eo, &r, &err)) != MGT_OK) {
		if (err.where[0] == '\0')
			snprintf(err.where, sizeof err.where, "%s",
			    mgt_case_path(c));
		cmd_print_error(&err);
		return MGT_EXIT_INTERNAL;
	}
	mgt_write_options_init(&wo);
	wo.format = o->format;
	wo.fail_on = o->fail_on >= 0 ? (enum mgt_severity)o->fail_on :
	    MGT_SEV_HIGH;
	wo.color = o->color >= 0 ? o->color : (o->output == NULL &&
	    o->format == MGT_FORMAT_TEXT && cmd_want_color(STDOUT_FILENO));
	wo.width = o->width >= 0 ? (size_t)o->width : o->output == NULL ?
	    cmd_terminal_width(STDOUT_FILENO) : 0;
	if (o->output != NULL)
		rc = mgt_result_write_file(r, o->output, &wo, &err);
	else {
		rc = mgt_result_write(r, stdout, &wo, &err);
		if (rc != MGT_OK && err.where[0] == '\0')
			snprintf(err.where, sizeof err.where, "stdout");
	}
	if (rc != MGT_OK) {
		cmd_print_error(&err);
		mgt_result_free(r);
		return MGT_EXIT_INTERNAL;
	}
	worst = mgt_result_worst(r);
	mgt_result_completeness(r, &comp);
	if (o->fail_on >= 0 && worst >= o->fail_on)
		code = MGT_EXIT_FINDINGS;
	else if (!comp.complete)
		code = MGT_EXIT_PARTIAL;
	mgt_result_free(r);
	return code;
}
