/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mgtriage: offline must-gather triage.  Dispatches to the subcommand in
 * cmd_table; global options are only --help and --version.
 */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

int	 cmd_help_print_main(FILE *);

#ifdef MGT_WITH_JEMALLOC
/*
 * jemalloc reads this when it starts (MALLOC_CONF overrides it): back its
 * memory with transparent huge pages where the kernel grants them on
 * request, and keep freed pages for reuse instead of returning them.
 * SQLite's page cache and the parsers' trees are touched page by page,
 * and a page fault is dear in a VM: on a YAML-heavy must-gather huge pages
 * took faults from 22,000 to 3,000 and the run from 0.67 to 0.48 s; not
 * returning pages saved a further 7 % of CPU on 1 GB (memory in use is
 * bounded by the pipeline, so the peak does not grow).  One arena: a
 * parsed tree is built on one thread and freed on another, and with an
 * arena per thread each kept its own huge pages, so the kernel cleared
 * twice as many (vSphere gather: faults 3,200 -> 1,700, system CPU
 * 0.62 -> 0.24 s, peak RSS 135 -> 106 MB); the thread caches keep the one
 * arena's lock cold.
 */
extern const char *malloc_conf;
const char *malloc_conf =
    "narenas:1,thp:always,dirty_decay_ms:-1,muzzy_decay_ms:-1";
#endif

/* Set when main() returns: its exit status is the one to keep. */
static volatile int main_returned;

/*
 * Every exit() of ours outside main() is a fatal one with status 4 (out
 * of memory: xmalloc_die() and the like), but libarchive ends the process
 * itself with exit(1) when it runs out of memory in places ("Fatal
 * Internal Error in libarchive"), and 1 means "complete, with input
 * problems" here.  Registered first, so it runs last, after
 * output_cleanup() has removed the run's temporaries.
 */
static void
main_atexit(void)
{
	if (main_returned)
		return;
	fflush(NULL);
	_exit(MGT_EXIT_INTERNAL);
}

/*
 * The library installs no handler: the CLI removes the run's temporary
 * files (an index or report being written) on these signals, then dies
 * of the signal as before.
 */
static const int main_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };

static void
main_on_signal(int sig)
{
	mgt_remove_temporaries();
	raise(sig);
}

static void
main_signals_init(void)
{
	struct sigaction sa, old;
	size_t i;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = main_on_signal;
	sa.sa_flags = SA_RESETHAND | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof main_signals / sizeof main_signals[0]; i++) {
		/* nohup, or a shell's background job: keep ignoring it. */
		if (sigaction(main_signals[i], NULL, &old) == 0 &&
		    old.sa_handler == SIG_IGN)
			continue;
		sigaction(main_signals[i], &sa, NULL);
	}
}

/*
 * oc and kubectl run a plugin "oc mgtriage" as oc-mgtriage (found on
 * PATH, the symlinks make install puts next to mgtriage): a usage line
 * then names the command the user typed.
 */
static void
main_progname(const char *argv0)
{
	const char *base;

	if (argv0 == NULL)
		return;
	base = strrchr(argv0, '/');
	base = base != NULL ? base + 1 : argv0;
	if (strcmp(base, "oc-mgtriage") == 0)
		cmd_progname = "oc mgtriage";
	else if (strcmp(base, "kubectl-mgtriage") == 0)
		cmd_progname = "kubectl mgtriage";
}

static int
main_run(int argc, char **argv)
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
		struct mgt_options o;

		cmd_options_init(&o);
		printf("mgtriage %s\n", PACKAGE_VERSION);
		mgt_print_versions(stdout, &o);
		return MGT_EXIT_OK;
	}
	if ((e = cmd_find(argv[1])) == NULL) {
		fprintf(stderr, "%s: unknown command '%s'\n"
		    "Try '%s --help' for the list of commands.\n",
		    cmd_progname, argv[1], cmd_progname);
		return MGT_EXIT_USAGE;
	}
	return e->exec(argc - 1, argv + 1);
}

int
main(int argc, char **argv)
{
	int code;

	atexit(main_atexit);
	/* A fatal exit() (libarchive's own) leaves no temporary behind. */
	atexit(mgt_remove_temporaries);
	mgt_set_oom_handler(cmd_out_of_memory, NULL);
	main_signals_init();
	main_progname(argv[0]);
	code = main_run(argc, argv);
	main_returned = 1;
	return code;
}
