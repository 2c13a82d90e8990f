/* SPDX-License-Identifier: Apache-2.0 */
/*
 * peakrss: run a command and report its wall time, CPU time and peak
 * resident set size, so the benchmark needs no GNU time.  One line,
 *   peakrss: wall=1.234 user=1.100 sys=0.090 maxrss_kb=51234 status=0
 * on stderr, or appended to the file named by -o.  Exits as the child did.
 */
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double
tv_secs(const struct timeval *tv)
{
	return (double)tv->tv_sec + (double)tv->tv_usec / 1e6;
}

static double
mono(void)
{
	struct timespec	 t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void
usage(void)
{
	fprintf(stderr, "usage: peakrss [-o file] command [arg ...]\n");
	exit(125);
}

int
main(int argc, char **argv)
{
	struct rusage	 ru;
	const char	*outf = NULL;
	double		 t0, wall;
	pid_t		 pid;
	FILE		*f = stderr;
	int		 st, code, argi = 1;

	if (argc > 2 && strcmp(argv[1], "-o") == 0) {
		outf = argv[2];
		argi = 3;
	}
	if (argi >= argc)
		usage();

	t0 = mono();
	if ((pid = fork()) == -1) {
		fprintf(stderr, "peakrss: fork: %s\n", strerror(errno));
		return 125;
	}
	if (pid == 0) {
		execvp(argv[argi], argv + argi);
		fprintf(stderr, "peakrss: %s: %s\n", argv[argi],
		    strerror(errno));
		_exit(errno == ENOENT ? 127 : 126);
	}
	while (wait4(pid, &st, 0, &ru) == -1) {
		if (errno != EINTR) {
			fprintf(stderr, "peakrss: wait4: %s\n",
			    strerror(errno));
			return 125;
		}
	}
	wall = mono() - t0;
	code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);

	if (outf != NULL && (f = fopen(outf, "a")) == NULL) {
		fprintf(stderr, "peakrss: %s: %s\n", outf, strerror(errno));
		f = stderr;
	}
	/* ru_maxrss is in kilobytes on Linux and the BSDs. */
	fprintf(f, "peakrss: wall=%.3f user=%.3f sys=%.3f maxrss_kb=%ld "
	    "status=%d\n", wall, tv_secs(&ru.ru_utime), tv_secs(&ru.ru_stime),
	    ru.ru_maxrss, code);
	if (f != stderr)
		fclose(f);
	return code;
}
