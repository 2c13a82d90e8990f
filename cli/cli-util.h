/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Small services of the command-line tool that the library does not offer:
 * allocation that ends the run when memory is out, and a private scratch
 * directory for an index the run throws away.
 */
#ifndef MGT_CLI_UTIL_H
#define MGT_CLI_UTIL_H

#include <limits.h>
#include <stddef.h>

/* Allocators that print "mgtriage: out of memory (allocating N bytes)"
 * and exit 4 instead of returning NULL. */
void	*cli_calloc(size_t nmemb, size_t size);
void	*cli_reallocarray(void *p, size_t nmemb, size_t size);
char	*cli_strdup(const char *s);
int	 cli_asprintf(char **out, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));


#endif
