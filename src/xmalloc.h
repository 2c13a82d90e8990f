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

/*
 * Out of memory in a library that reports it (ENOMEM, PCRE2's heap
 * failure): "mgtriage: out of memory (what)" and exit 4, like xmalloc().
 */
void	 xmalloc_fail(const char *what) __attribute__((noreturn));

/*
 * Make SQLite's and cJSON's own allocations end the run the same way when
 * the C library has no memory left, so no caller mistakes an allocation
 * failure for a query with no rows, a missing value or a bad document.
 * SQLite's heap limit (the SQL memory budget, index_budget_begin()) still
 * fails a statement with SQLITE_NOMEM: it refuses before asking malloc.
 * Call before any other SQLite or cJSON call (mgt_session_new() does);
 * a second call does nothing.
 */
void	 xmalloc_hook_libraries(void);

#endif
