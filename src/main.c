/*
 * mgtriage: offline must-gather triage.  Dispatches to the subcommand in
 * cmd_table; global options are only --help and --version.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "error.h"

int	 cmd_help_print_main(FILE *);

int
main(int argc, char **argv)
{
	const struct cmd_entry *e;

	if (argc < 2) {
		cmd_help_print_main(stderr);
		return MGT_EXIT_USAGE;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		cmd_help_print_main(stdout);
		return MGT_EXIT_OK;
	}
	if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0) {
		printf("mgtriage %s\n", PACKAGE_VERSION);
		cmd_print_versions(stdout);
		return MGT_EXIT_OK;
	}
	if ((e = cmd_find(argv[1])) == NULL) {
		fprintf(stderr, "mgtriage: unknown command '%s'\n"
		    "Try 'mgtriage --help' for the list of commands.\n",
		    argv[1]);
		return MGT_EXIT_USAGE;
	}
	return e->exec(argc - 1, argv + 1);
}
