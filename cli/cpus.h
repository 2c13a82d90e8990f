/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What --jobs N means for every command: at most N CPUs.  corpus runs N
 * cases at once, each on a CPU of its own; analyze, index, summary and
 * diff keep their reader and index-writer threads on N CPUs and parse on
 * worker threads only past those two (cmd_ingest_cpus).
 */
#ifndef MGT_CLI_CPUS_H
#define MGT_CLI_CPUS_H

/* The CPUs this process may run on (at least 1). */
int	 cpus_available(void);

/* The first n of the CPUs this process may run on, into cpu[0..n-1]:
 * n, or 0 when it may run on fewer (or they are unknown). */
int	 cpus_pick(int n, int *cpu);

/* Keep this process, and the threads it starts from now on, on the first
 * n of the CPUs it may run on.  Nothing to do (0) when it may use n or
 * fewer; -1 when the kernel refuses. */
int	 cpus_restrict(int n);

/* The library's parse-worker count (mgt_options.jobs) for n CPUs: the
 * reader and the writer take two, workers the rest; 1 means none. */
int	 cpus_parse_workers(int n);

#endif
