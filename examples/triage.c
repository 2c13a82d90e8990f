/* SPDX-License-Identifier: Apache-2.0 */
/*
 * triage: the smallest useful client of libmgtriage.  Indexes the inputs
 * into a temporary file, runs the installed rules and prints one line per
 * finding, root causes first with their symptoms indented under them:
 *
 *	$ triage must-gather.tar.gz
 *	1 critical mco.bootstrap-rendered-config-missing: control1 ...
 *	    high mco.node-degraded: ...
 *
 * Exit status: 0 nothing fired, 1 something fired, 2 the run failed.
 * Build it against an installed library:
 *	cc triage.c $(pkg-config --cflags --libs mgtriage) -o triage
 */
#include <stdio.h>
#include <stdlib.h>

#include <mgtriage.h>

static void
warn_problem(void *data, const struct mgt_problem *p)
{
	(void)data;
	if (p->severity == MGT_PROBLEM_ERROR)
		fprintf(stderr, "triage: %s: %s\n", p->where, p->code);
}

static int
fail(const char *what, const struct mgt_error *err)
{
	char buf[2048];

	fprintf(stderr, "triage: %s: %s\n", what,
	    mgt_error_format(err, buf, sizeof buf));
	return 2;
}

int
main(int argc, char **argv)
{
	struct mgt_options opts;
	struct mgt_error err;
	struct mgt_finding f;
	mgt_session *s;
	mgt_case *c;
	mgt_result *r;
	const char *rules = getenv("TRIAGE_RULES");
	size_t i, n;

	if (argc < 2) {
		fprintf(stderr, "usage: triage INPUT...\n");
		return 2;
	}
	mgt_options_init(&opts);
	opts.on_problem = warn_problem;
	/* Where the rules and views are when not installed (tests). */
	opts.views_dir = getenv("TRIAGE_VIEWS");
	mgt_error_clear(&err);
	if (mgt_session_new(&opts, &s, &err) != MGT_OK)
		return fail("session", &err);
	if (mgt_session_load_rules(s, rules != NULL ? rules :
	    mgt_default_rules_dir(), &err) != MGT_OK)
		return fail("rules", &err);
	if (mgt_case_build(s, (const char *const *)argv + 1,
	    (size_t)argc - 1, NULL, 0, NULL, &c, &err) != MGT_OK)
		return fail("index", &err);
	if (mgt_evaluate(c, NULL, &r, &err) != MGT_OK)
		return fail("evaluate", &err);
	n = mgt_result_count(r);
	for (i = 0; i < n; i++) {
		if (mgt_result_finding(r, i, &f) != 0)
			continue;
		if (f.rank > 0)
			printf("%d %s %s: %s\n", f.rank,
			    mgt_severity_name(f.severity), f.rule_id,
			    f.summary);
		else
			printf("    %s %s: %s\n", mgt_severity_name(f.severity),
			    f.rule_id, f.summary);
	}
	mgt_result_free(r);
	mgt_case_close(c);
	mgt_session_free(s);
	return n > 0 ? 1 : 0;
}
