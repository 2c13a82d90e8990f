/*
 * Whether to JIT-compile PCRE2 patterns.  JIT is the default; setting
 * MGTRIAGE_NO_JIT=1 in the environment turns it off, for valgrind (which
 * cannot see through JIT code and reports false errors in it).
 */
#ifndef MGT_JIT_H
#define MGT_JIT_H

#include <stdlib.h>

static inline int
jit_wanted(void)
{
	static int wanted = -1;
	const char *e;

	if (wanted < 0) {
		e = getenv("MGTRIAGE_NO_JIT");
		wanted = e == NULL || *e == '\0' || *e == '0';
	}
	return wanted;
}

#endif
