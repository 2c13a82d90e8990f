/* SPDX-License-Identifier: Apache-2.0 */
/*
 * CPU counts and pinning for --jobs (cpus.h).  Affinity is inherited by
 * the threads a process starts, so pinning before the ingest starts its
 * reader and workers keeps the whole pipeline on the CPUs chosen.
 */
#include "config.h"

#include <sched.h>
#include <unistd.h>

#include "cpus.h"

int
cpus_available(void)
{
	cpu_set_t set;
	int n;

	if (sched_getaffinity(0, sizeof set, &set) == 0 &&
	    (n = CPU_COUNT(&set)) > 0)
		return n;
	n = (int)sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? n : 1;
}

int
cpus_pick(int n, int *cpu)
{
	cpu_set_t set;
	int c, k = 0;

	if (n < 1 || n > CPU_SETSIZE ||
	    sched_getaffinity(0, sizeof set, &set) != 0 ||
	    CPU_COUNT(&set) < n)
		return 0;
	for (c = 0; c < CPU_SETSIZE && k < n; c++)
		if (CPU_ISSET(c, &set))
			cpu[k++] = c;
	return k;
}

int
cpus_restrict(int n)
{
	cpu_set_t keep;
	int cpu[CPU_SETSIZE], k;

	if (cpus_available() <= n || cpus_pick(n, cpu) != n)
		return 0;
	CPU_ZERO(&keep);
	for (k = 0; k < n; k++)
		CPU_SET(cpu[k], &keep);
	return sched_setaffinity(0, sizeof keep, &keep) == 0 ? 0 : -1;
}

/*
 * Workers only from 4 CPUs: the reader (which also parses when it is
 * ahead) and the writer keep two CPUs busy already, and on 2 cores two
 * more parse threads made analyze 1.3-1.5x slower (doc/performance.md).
 */
int
cpus_parse_workers(int n)
{
	return n >= 4 ? n - 2 : 1;
}
