/*
 * Allocation wrappers that abort with a message on out-of-memory, so callers
 * never test for NULL.  Everything they return is owned by the caller.
 */
#ifndef MGT_XMALLOC_H
#define MGT_XMALLOC_H

#include <stddef.h>

void	*xmalloc(size_t);
void	*xcalloc(size_t, size_t);
void	*xreallocarray(void *, size_t, size_t);
char	*xstrdup(const char *);
char	*xstrndup(const char *, size_t);
int	 xasprintf(char **, const char *, ...)
	    __attribute__((format(printf, 2, 3)));

#endif
