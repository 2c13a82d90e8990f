/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Small helpers shared across modules: escaping for terminals, glob
 * matching on virtual paths, time formatting.
 */
#ifndef MGT_UTIL_H
#define MGT_UTIL_H

#include <stddef.h>
#include <stdint.h>

/* Valid text, for util_escape_n() and its callers, is utf8.h's. */
#include "utf8.h"

/* Copy s into out (size outlen, always NUL-terminated), replacing control
 * bytes and bytes >= 0x7f that are not valid UTF-8 with \xNN.  Returns out. */
char	*util_escape(const char *s, char *out, size_t outlen);
/* Same for a buffer with explicit length (may contain NUL). */
char	*util_escape_n(const char *s, size_t n, char *out, size_t outlen);
/* Glob match with '*' (not crossing '/'), '**' (crossing '/'), '?'. */
int	 util_glob(const char *pattern, const char *text);
/* A rule-source glob against a member path: anchored at the top with a
 * leading '/', else at any path component. */
int	 util_glob_path(const char *glob, const char *path);
/* Seconds on the monotonic clock (for durations). */
double	 util_now(void);
/*
 * Basename of a path without modifying it ("" for "/"): a pointer into
 * path, or when path ends in slashes, buf (len bytes, UTIL_BASENAME_MAX
 * is what callers use) holding a copy without them, cut to fit.
 */
#define UTIL_BASENAME_MAX	4096
const char *util_basename(const char *path, char *buf, size_t len);
/* How an input is named to people and in the index: "-" is standard
 * input, "stdin"; any other input is its own name. */
const char *util_input_name(const char *input);
/*
 * The n strings of v sorted (v is reordered) and joined with sep, in a new
 * string the caller frees.
 */
char	*util_sort_join(char **v, size_t n, const char *sep);

/* src when this program runs from the build tree and src is a directory,
 * else installed (the rules and views directories). */
const char *util_data_dir(const char *src, const char *installed);

#endif
