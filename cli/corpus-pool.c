/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A pool of forked children for `mgtriage corpus`: a fork of the loaded
 * session (rules compiled once, in the parent), setrlimit for memory and
 * CPU in the child, and a wall-clock deadline the parent enforces with
 * SIGKILL.  The parent polls (waitpid WNOHANG every 10 ms): simple, and
 * negligible against a case that takes a tenth of a second or more.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
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

struct pool_slot {
	pid_t		 pid;		/* 0: free */
	size_t		 i;
	double		 deadline;	/* monotonic seconds; 0: none */
	int		 timed_out;
};

static double
pool_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int
corpus_pool_cores(void)
{
	cpu_set_t set;
	int n;

	if (sched_getaffinity(0, sizeof set, &set) == 0 &&
	    (n = CPU_COUNT(&set)) > 0)
		return n;
	n = (int)sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? n : 1;
}

/* In the child: the limits, then the work; never returns. */
static void
pool_child(size_t i, const struct corpus_limits *lim,
    int (*work)(size_t, void *), void *ctx)
{
	struct rlimit rl;

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
	_exit(work(i, ctx));
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
	struct sigaction dfl, old;
	double now;

	if (jobs < 1)
		jobs = 1;
	/* An ignored SIGCHLD (inherited through exec) would reap the
	 * children behind waitpid()'s back. */
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(SIGCHLD, &dfl, &old);
	slots = cli_calloc((size_t)jobs, sizeof *slots);
	while (next < n || running > 0) {
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
				pool_child(next, lim, work, ctx);
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
	errno = saved;
	return rc;
}
