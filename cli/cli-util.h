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

/* A private directory "<TMPDIR or /tmp>/<prefix>-XXXXXX" and the name of
 * the index "index.db" in it; both are removed on a signal
 * (mgt_track_temporary()) until cli_scratch_clean(). */
struct cli_scratch {
	char	 dir[PATH_MAX];
	char	 db[PATH_MAX + 16];
};
/* Returns 0, or -1 (errno set) when the directory cannot be made. */
int	 cli_scratch_make(struct cli_scratch *, const char *prefix);
/* Remove the index (if any) and the directory, and stop tracking them. */
void	 cli_scratch_clean(struct cli_scratch *);

#endif
