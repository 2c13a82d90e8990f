/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Allocation wrappers that never return NULL, so callers never test for it:
 * out of memory goes to the process's out-of-memory hook (the CLI prints a
 * message, removes its temporaries and exits 4), or abort().  Everything
 * they return is owned by the caller.
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
 * failure, zlib, libyaml, cJSON): handled as xmalloc() handles it.  what
 * names the allocation ("PCRE2", "allocating 4096 bytes").
 */
void	 xmalloc_fail(const char *what) __attribute__((noreturn));

/*
 * The out-of-memory hook: called with what (as above) and data when an
 * allocation fails anywhere in the engine.  An allocation failing in the
 * middle of the engine cannot be unwound, so the hook must not return: it
 * may exit(), _exit() or longjmp() out of the process's engine work.  With
 * no hook, or when the hook returns, the engine calls abort().
 *
 * This is the one process-wide setting of the engine, on purpose: running
 * out of memory is a property of the process, not of one session, and
 * SQLite's and cJSON's allocators (xmalloc_hook_libraries()) are
 * process-wide too.  Set it once, before any other engine call; fn NULL
 * removes it.  Not thread-safe against a concurrent failure.
 */
typedef void (*mgt_oom_fn)(const char *what, void *data);
void	 xmalloc_set_oom_handler(mgt_oom_fn fn, void *data);

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
