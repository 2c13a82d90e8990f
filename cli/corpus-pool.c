/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A pool of forked children for `mgtriage corpus`: a fork of the loaded
 * session (rules compiled once, in the parent), setrlimit for memory and
 * CPU in the child, and a wall-clock deadline the parent enforces with
 * SIGKILL.  The parent polls (waitpid WNOHANG every 10 ms): simple, and
 * negligible against a case that takes a tenth of a second or more.
 *
 * Each child runs on one CPU of its own while there are as many CPUs as
 * jobs: a case's ingest has a reader thread beside the indexer, and
 * unpinned it spread over 1.6 CPUs, so --jobs 1 took more than one CPU
 * and --jobs 2 on two CPUs ran two such cases against each other.
 * Pinned, --jobs N means N CPUs.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli-util.h"
#include "corpus-pool.h"
#include "cpus.h"

struct pool_slot {
	pid_t		 pid;		/* 0: free */
	size_t		 i;
	double		 deadline;	/* monotonic seconds; 0: none */
	int		 timed_out;
	int		 cpu;		/* pinned to; -1: not pinned */
};

/* The signal that interrupted the run (SIGINT, SIGTERM, SIGHUP); 0. */
static volatile sig_atomic_t pool_caught;
static pid_t pool_parent;
static const int pool_signals[] = { SIGINT, SIGTERM, SIGHUP };
#define POOL_NSIGNALS	(sizeof pool_signals / sizeof pool_signals[0])

static void
pool_on_signal(int sig)
{
	pool_caught = sig;
}

int
corpus_pool_signal(void)
{
	return pool_caught;
}

static double
pool_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* In the child: the limits, then the work; never returns. */
static void
pool_child(size_t i, int cpu, const struct sigaction *old,
    const struct corpus_limits *lim, int (*work)(size_t, void *), void *ctx)
{
	struct rlimit rl;
	cpu_set_t set;
	size_t k;

	/* The handlers the run had before the pool's (the temporary files'
	 * clean-up), and no orphan left running if the parent is killed. */
	for (k = 0; k < POOL_NSIGNALS; k++)
		sigaction(pool_signals[k], &old[k], NULL);
#if defined(__linux__) && defined(PR_SET_PDEATHSIG)
	(void)prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != pool_parent)
		_exit(1);	/* it died before prctl() */
#endif
	if (cpu >= 0) {
		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		(void)sched_setaffinity(0, sizeof set, &set);
	}

	if (lim->bytes > 0) {
		rl.rlim_cur = rl.rlim_max = (rlim_t)lim->bytes;
		(void)setrlimit(RLIMIT_AS, &rl);
	}
	/* CPU time a little past the wall clock: the deadline is the rule,
	 * this stops a spinning child even if the parent is gone. */
	if (lim->seconds > 0) {
		rl.rlim_cur = rl.rlim_max = (rlim_t)ceil(lim->seconds) + 1;
		(void)setrlimit(RLIMIT_CPU, &rl);
	}
	/* The parent's stdio buffers are not ours to flush: _exit. */
	_exit(pool_caught ? 1 : work(i, ctx));
}

/*
 * The CPU of each of jobs slots, from the ones this process may use, or
 * -1 for all when there are fewer CPUs than jobs (or they are unknown).
 */
static void
pool_cpus(struct pool_slot *slots, int jobs)
{
	int cpu[CPU_SETSIZE], k, pinned;

	pinned = cpus_pick(jobs, cpu) == jobs;
	for (k = 0; k < jobs; k++)
		slots[k].cpu = pinned ? cpu[k] : -1;
}

/* Interrupted: every child killed and reaped, its case failed. */
static void
pool_stop(struct pool_slot *slots, int jobs,
    void (*done)(size_t, const char *, void *), void *ctx)
{
	char why[64];
	int k, status;

	snprintf(why, sizeof why, "interrupted by signal %d (%s)",
	    (int)pool_caught, strsignal(pool_caught));
	for (k = 0; k < jobs; k++)
		if (slots[k].pid != 0)
			kill(slots[k].pid, SIGKILL);
	for (k = 0; k < jobs; k++)
		if (slots[k].pid != 0) {
			while (waitpid(slots[k].pid, &status, 0) < 0 &&
			    errno == EINTR)
				;
			slots[k].pid = 0;
			done(slots[k].i, why, ctx);
		}
}

static void
pool_reason(const struct pool_slot *sl, int status,
    const struct corpus_limits *lim, char *buf, size_t len)
{
	if (sl->timed_out)
		snprintf(buf, len, "timed out after %g s (killed)",
		    lim->seconds);
	else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGXCPU)
		snprintf(buf, len, "CPU time limit of %g s reached",
		    lim->seconds);
	else if (WIFSIGNALED(status))
		snprintf(buf, len, "killed by signal %d (%s)",
		    WTERMSIG(status), strsignal(WTERMSIG(status)));
	else if (WIFEXITED(status) && WEXITSTATUS(status) == 4)
		snprintf(buf, len, "worker exited 4 (out of memory or an "
		    "internal error%s)", lim->bytes > 0 ?
		    "; see --case-memory" : "");
	else
		snprintf(buf, len, "worker exited %d", WIFEXITED(status) ?
		    WEXITSTATUS(status) : -1);
}

int
corpus_pool_run(size_t n, int jobs, const struct corpus_limits *lim,
    int (*work)(size_t i, void *ctx),
    void (*done)(size_t i, const char *failure, void *ctx), void *ctx)
{
	struct pool_slot *slots;
	struct timespec tick = { 0, 10 * 1000 * 1000 };
	char why[256];
	size_t next = 0, running = 0, k;
	pid_t pid;
	int status, rc = 0, saved = 0;
	struct sigaction dfl, old, on, olds[POOL_NSIGNALS];
	double now;

	if (jobs < 1)
		jobs = 1;
	/* An ignored SIGCHLD (inherited through exec) would reap the
	 * children behind waitpid()'s back. */
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(SIGCHLD, &dfl, &old);
	/* A signal stops the run: the children go with it (corpus.c then
	 * cleans up and dies of the signal).  Ignored ones stay ignored. */
	pool_caught = 0;
	memset(&on, 0, sizeof on);
	on.sa_handler = pool_on_signal;
	sigemptyset(&on.sa_mask);
	for (k = 0; k < POOL_NSIGNALS; k++) {
		sigaction(pool_signals[k], NULL, &olds[k]);
		if (olds[k].sa_handler != SIG_IGN)
			sigaction(pool_signals[k], &on, NULL);
	}
	pool_parent = getpid();
	slots = cli_calloc((size_t)jobs, sizeof *slots);
	pool_cpus(slots, jobs);
	while (next < n || running > 0) {
		if (pool_caught) {
			pool_stop(slots, jobs, done, ctx);
			for (; next < n; next++)
				done(next, "not run: the run was interrupted",
				    ctx);
			saved = EINTR;
			rc = -1;
			break;
		}
		for (k = 0; k < (size_t)jobs && next < n && rc == 0; k++) {
			if (slots[k].pid != 0)
				continue;
			fflush(NULL);
			if ((pid = fork()) < 0) {
				saved = errno;
				rc = -1;
				break;
			}
			if (pid == 0)
				pool_child(next, slots[k].cpu, olds, lim, work,
				    ctx);
			slots[k].pid = pid;
			slots[k].i = next++;
			slots[k].timed_out = 0;
			slots[k].deadline = lim->seconds > 0 ?
			    pool_now() + lim->seconds : 0;
			running++;
		}
		if (rc != 0) {
			/* No more children: what did not start fails. */
			for (; next < n; next++)
				done(next, "could not start a worker process",
				    ctx);
		}
		if (running == 0)
			break;
		pid = waitpid(-1, &status, WNOHANG);
		if (pid < 0 && errno != EINTR) {
			/* Children we cannot wait for: every case not done
			 * fails, so the run never counts them as passed. */
			saved = errno;
			snprintf(why, sizeof why, "lost its worker process "
			    "(waitpid: %s)", strerror(saved));
			for (k = 0; k < (size_t)jobs; k++)
				if (slots[k].pid != 0) {
					kill(slots[k].pid, SIGKILL);
					done(slots[k].i, why, ctx);
				}
			for (; next < n; next++)
				done(next, why, ctx);
			rc = -1;
			break;
		}
		if (pid <= 0) {
			now = pool_now();
			for (k = 0; k < (size_t)jobs; k++)
				if (slots[k].pid != 0 && slots[k].deadline > 0 &&
				    now > slots[k].deadline &&
				    !slots[k].timed_out) {
					kill(slots[k].pid, SIGKILL);
					slots[k].timed_out = 1;
				}
			nanosleep(&tick, NULL);
			continue;
		}
		for (k = 0; k < (size_t)jobs && slots[k].pid != pid; k++)
			;
		if (k == (size_t)jobs)
			continue;	/* not one of ours */
		running--;
		slots[k].pid = 0;
		if (!slots[k].timed_out && WIFEXITED(status) &&
		    WEXITSTATUS(status) == 0)
			done(slots[k].i, NULL, ctx);
		else {
			pool_reason(&slots[k], status, lim, why, sizeof why);
			done(slots[k].i, why, ctx);
		}
	}
	free(slots);
	sigaction(SIGCHLD, &old, NULL);
	for (k = 0; k < POOL_NSIGNALS; k++)
		sigaction(pool_signals[k], &olds[k], NULL);
	errno = saved;
	return rc;
}
