/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Unit tests for the out-of-memory hook: the engine never exits on its
 * own.  Each case runs in a forked child, since an allocation failure
 * does not come back: the hook ends the child with a status of its own,
 * and without a hook (or with one that returns) the child aborts.
 */
#include "config.h"

#include <sys/types.h>
#include <sys/wait.h>

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "xmalloc.h"
#include "tap.h"

static int hook_token;

/* Exit 42 when called as the test expects: what and data passed on. */
static void
hook_exit(const char *what, void *data)
{
	if (data != &hook_token)
		_exit(40);
	if (strcmp(what, "test") == 0)
		_exit(42);
	if (strncmp(what, "allocating ", 11) == 0)
		_exit(43);
	_exit(41);
}

static void
hook_return(const char *what, void *data)
{
	(void)what;
	(void)data;
}

/* Run fn in a child; its wait status. */
static int
in_child(void (*fn)(void))
{
	pid_t pid;
	int st;

	fflush(stdout);
	if ((pid = fork()) == -1)
		return -1;
	if (pid == 0) {
		fn();
		_exit(0);	/* the failure came back: wrong */
	}
	if (waitpid(pid, &st, 0) != pid)
		return -1;
	return st;
}

static void
fail_with_hook(void)
{
	xmalloc_set_oom_handler(hook_exit, &hook_token);
	xmalloc_fail("test");
}

static void
overflow_with_hook(void)
{
	xmalloc_set_oom_handler(hook_exit, &hook_token);
	/* Refused before malloc is asked: no sanitizer sees a huge size. */
	(void)xreallocarray(NULL, SIZE_MAX / 2, 4);
}

static void
fail_without_hook(void)
{
	xmalloc_set_oom_handler(NULL, NULL);
	xmalloc_fail("test");
}

static void
fail_hook_returns(void)
{
	xmalloc_set_oom_handler(hook_return, NULL);
	xmalloc_fail("test");
}

int
main(void)
{
	int st;

	st = in_child(fail_with_hook);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 42,
	    "xmalloc_fail calls the hook with what and data, never exit()");
	st = in_child(overflow_with_hook);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 43,
	    "an allocation that cannot be made calls the hook");
	st = in_child(fail_without_hook);
	ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT,
	    "no hook: abort(), not exit()");
	st = in_child(fail_hook_returns);
	ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT,
	    "a hook that returns: abort()");
	return done_testing();
}
