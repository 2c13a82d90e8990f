/* SPDX-License-Identifier: Apache-2.0 */
/*
 * `mgtriage help [COMMAND]` and the top-level --help text.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli.h"

int	 cmd_help_print_main(FILE *);

static const char cmd_help_intro[] =
"mgtriage: offline triage of OpenShift must-gathers.\n"
"\n"
"Reads a must-gather (tar, tar.gz, tar.xz, tar.zst, zip or a directory),\n"
"node journals and logs in one pass, builds an SQLite index of resources\n"
"and logs, runs the rules, and prints the root causes first, their\n"
"symptoms under them, with evidence (file:line) and the remedy.\n"
"Nothing is extracted to disk and nothing from the input is executed.\n"
"\n"
"usage: mgtriage COMMAND [OPTIONS] [ARGS]\n"
"\n"
"Commands:\n";

static const char cmd_help_outro[] =
"\n"
"Exit codes:\n"
"  0  complete, nothing skipped\n"
"  1  complete, but some input could not be read or a limit was hit\n"
"     (the report's completeness section says what)\n"
"  2  usage, configuration or rule error\n"
"  3  an input cannot be read at all (empty, unknown format, missing)\n"
"  4  internal error, or the output could not be written\n"
"  5  a finding at or above --fail-on SEV (analyze, report; diff: a\n"
"     finding new in B or whose severity rose)\n"
"\n"
"Examples:\n"
"  mgtriage analyze must-gather.tar.gz\n"
"  mgtriage analyze case.tar.gz control0-journal.log --format html -o r.html\n"
"  mgtriage index must-gather.tar.gz -o mg.db\n"
"  mgtriage query mg.db \"SELECT name, current_config FROM nodes\"\n"
"  mgtriage grep mg.db 'Marking Degraded' --node control1\n"
"\n"
"'mgtriage help COMMAND' shows a command's options; mgtriage(1) has the\n"
"whole manual, mgtriage-rules(5) the rule format.\n";

int
cmd_help_print_main(FILE *f)
{
	size_t i;

	fputs(cmd_help_intro, f);
	for (i = 0; cmd_table[i] != NULL; i++)
		fprintf(f, "  %-9s %s\n", cmd_table[i]->name,
		    cmd_table[i]->summary);
	fputs(cmd_help_outro, f);
	return 0;
}

static int
cmd_help_exec(int argc, char **argv)
{
	const struct cmd_entry *e;

	if (argc < 2) {
		cmd_help_print_main(stdout);
		return MGT_EXIT_OK;
	}
	if ((e = cmd_find(argv[1])) == NULL) {
		fprintf(stderr, "mgtriage help: unknown command '%s'\n",
		    argv[1]);
		return MGT_EXIT_USAGE;
	}
	printf("usage: %s %s %s\n\n%s\n\n%s", cmd_progname, e->name,
	    e->args, e->summary, e->help);
	return MGT_EXIT_OK;
}

const struct cmd_entry cmd_help_entry = {
	"help", "[COMMAND]",
	"Show help for mgtriage or one command",
	"", cmd_help_exec
};
