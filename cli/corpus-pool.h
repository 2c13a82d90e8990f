/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The corpus command's worker processes: each case runs in a child of its
 * own under resource limits, so a case that hangs, crashes or eats memory
 * fails alone and the run goes on.
 */
#ifndef MGT_CORPUS_POOL_H
#define MGT_CORPUS_POOL_H

#include <stddef.h>

struct corpus_limits {
	double		 seconds;	/* wall clock per case; 0: none */
	long long	 bytes;		/* address space per case; 0: none */
};

/*
 * Run work(i, ctx) for each i in [0, n) in a forked child, at most jobs
 * at a time; the child exits with work's return value.  done(i, failure,
 * ctx) runs in this process as each child ends, in any order: failure is
 * NULL when the child exited 0, else why it did not ("killed by signal
 * 11", "timed out after 5 s").  Returns 0, or -1 when a process cannot
 * be made (errno set; the cases not started are reported to done as
 * failed).  Child k of jobs is pinned to a CPU of its own when there are
 * at least jobs CPUs.
 */
int	 corpus_pool_run(size_t n, int jobs, const struct corpus_limits *lim,
	    int (*work)(size_t i, void *ctx),
	    void (*done)(size_t i, const char *failure, void *ctx), void *ctx);

/*
 * After corpus_pool_run() returned -1 with errno EINTR: the signal
 * (SIGINT, SIGTERM or SIGHUP) that stopped it; its children are gone and
 * the cases not finished were reported to done as failed.  The caller
 * cleans up and should die of it (the handlers it had are back).
 */
int	 corpus_pool_signal(void);

#endif
