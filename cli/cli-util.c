/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Allocation that ends the run when memory is out (cli-util.h).
 */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mgtriage.h"
#include "cli.h"
#include "cli-util.h"

static void __attribute__((noreturn))
cli_out_of_memory(size_t n)
{
	fprintf(stderr, "mgtriage: out of memory (allocating %zu bytes)\n", n);
	exit(MGT_EXIT_INTERNAL);
}

void *
cli_calloc(size_t nmemb, size_t size)
{
	void *p;

	if (nmemb == 0 || size == 0)
		nmemb = size = 1;
	if ((p = calloc(nmemb, size)) == NULL)
		cli_out_of_memory(nmemb > SIZE_MAX / size ? SIZE_MAX :
		    nmemb * size);
	return p;
}

void *
cli_reallocarray(void *p, size_t nmemb, size_t size)
{
	void *q;

	if (nmemb == 0 || size == 0)
		nmemb = size = 1;
	if (nmemb > SIZE_MAX / size)
		cli_out_of_memory(SIZE_MAX);
	if ((q = realloc(p, nmemb * size)) == NULL)
		cli_out_of_memory(nmemb * size);
	return q;
}

char *
cli_strdup(const char *s)
{
	char *p;

	if ((p = strdup(s)) == NULL)
		cli_out_of_memory(strlen(s) + 1);
	return p;
}

int
cli_asprintf(char **out, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vasprintf(out, fmt, ap);
	va_end(ap);
	if (n < 0)
		cli_out_of_memory(strlen(fmt));
	return n;
}
