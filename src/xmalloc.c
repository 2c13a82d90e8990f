/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Allocation wrappers: out of memory is not recoverable in the middle of
 * the engine, so it goes to the process's out-of-memory hook (which ends
 * the process or jumps out) or to abort(), instead of spreading NULL
 * checks.  The engine itself never prints or exits.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>
#include <sqlite3.h>

#include "xmalloc.h"

/* The hook of xmalloc_set_oom_handler(); process-wide (see xmalloc.h). */
static mgt_oom_fn	 xmalloc_oom;
static void		*xmalloc_oom_data;

void
xmalloc_set_oom_handler(mgt_oom_fn fn, void *data)
{
	xmalloc_oom = fn;
	xmalloc_oom_data = data;
}

void
xmalloc_fail(const char *what)
{
	if (xmalloc_oom != NULL)
		xmalloc_oom(what, xmalloc_oom_data);
	/* No hook, or one that returned: nothing can be unwound from here. */
	abort();
}

/* No allocation here: the message sits on the stack. */
static void __attribute__((noreturn))
xmalloc_die(size_t n)
{
	char what[64];

	snprintf(what, sizeof what, "allocating %zu bytes", n);
	xmalloc_fail(what);
}

void *
xmalloc(size_t n)
{
	void *p;

	if (n == 0)
		n = 1;
	if ((p = malloc(n)) == NULL)
		xmalloc_die(n);
	return p;
}

void *
xcalloc(size_t nmemb, size_t size)
{
	void *p;

	if (nmemb == 0 || size == 0)
		nmemb = size = 1;
	if ((p = calloc(nmemb, size)) == NULL)
		xmalloc_die(nmemb * size);
	return p;
}

void *
xreallocarray(void *ptr, size_t nmemb, size_t size)
{
	void *p;

	if (nmemb == 0 || size == 0)
		nmemb = size = 1;
	if (size != 0 && nmemb > SIZE_MAX / size)
		xmalloc_die(SIZE_MAX);
	if ((p = realloc(ptr, nmemb * size)) == NULL)
		xmalloc_die(nmemb * size);
	return p;
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	char *p;
	size_t len;

	len = strnlen(s, n);
	p = xmalloc(len + 1);
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

int
xasprintf(char **ret, const char *fmt, ...)
{
	va_list ap, ap2;
	char probe[1];
	int n;

	va_start(ap, fmt);
	va_copy(ap2, ap);
	/* A 1-byte buffer, not NULL: gcc's -Wformat-truncation rejects NULL. */
	n = vsnprintf(probe, sizeof probe, fmt, ap);
	va_end(ap);
	if (n < 0) {
		va_end(ap2);
		xmalloc_die(0);
	}
	*ret = xmalloc((size_t)n + 1);
	vsnprintf(*ret, (size_t)n + 1, fmt, ap2);
	va_end(ap2);
	return n;
}

/* SQLite's allocator as it was, wrapped by xmalloc_sqlite_*(). */
static sqlite3_mem_methods xmalloc_sqlite_next;

static void *
xmalloc_sqlite_malloc(int n)
{
	void *p;

	if ((p = xmalloc_sqlite_next.xMalloc(n)) == NULL)
		xmalloc_die(n > 0 ? (size_t)n : 0);
	return p;
}

static void *
xmalloc_sqlite_realloc(void *old, int n)
{
	void *p;

	if ((p = xmalloc_sqlite_next.xRealloc(old, n)) == NULL)
		xmalloc_die(n > 0 ? (size_t)n : 0);
	return p;
}

static void *
xmalloc_cjson_malloc(size_t n)
{
	return xmalloc(n);
}

void
xmalloc_hook_libraries(void)
{
	static int hooked;
	sqlite3_mem_methods m;
	cJSON_Hooks hooks;

	/* Twice would wrap our own wrapper: it would call itself. */
	if (hooked)
		return;
	hooked = 1;
	if (sqlite3_config(SQLITE_CONFIG_GETMALLOC, &xmalloc_sqlite_next) ==
	    SQLITE_OK && xmalloc_sqlite_next.xMalloc != NULL) {
		m = xmalloc_sqlite_next;
		m.xMalloc = xmalloc_sqlite_malloc;
		m.xRealloc = xmalloc_sqlite_realloc;
		sqlite3_config(SQLITE_CONFIG_MALLOC, &m);
	}
	hooks.malloc_fn = xmalloc_cjson_malloc;
	hooks.free_fn = free;
	cJSON_InitHooks(&hooks);
}
