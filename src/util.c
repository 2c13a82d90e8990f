/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Small shared helpers: escaping untrusted bytes for terminals and logs,
 * glob matching on virtual paths, clocks.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include "utf8.h"
#include "util.h"
#include "xmalloc.h"

char *
util_escape_n(const char *s, size_t n, char *out, size_t outlen)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, o = 0, l;
	uint32_t cp;

	if (outlen == 0)
		return out;
	while (i < n) {
		l = utf8_decode(s + i, n - i, &cp);
		if (l == 1 && u[i] >= 0x20 && u[i] != 0x7f) {
			if (o + 1 >= outlen)
				break;
			out[o++] = (char)u[i++];
		} else if (l > 1 && !(l == 3 && u[i] == 0xe2 && u[i + 1] == 0x80 &&
		    (u[i + 2] == 0xa8 || u[i + 2] == 0xa9))) {
			/* Valid multi-byte text passes, but not U+2028/9. */
			if (o + l >= outlen)
				break;
			memcpy(out + o, u + i, l);
			o += l;
			i += l;
		} else {
			if (o + 4 >= outlen)
				break;
			snprintf(out + o, 5, "\\x%02x", u[i]);
			o += 4;
			i++;
		}
	}
	out[o] = '\0';
	return out;
}

char *
util_escape(const char *s, char *out, size_t outlen)
{
	return util_escape_n(s, strlen(s), out, outlen);
}

/*
 * Glob matching by dynamic programming over (pattern, text) positions, so
 * no pattern can make it exponential: '*' and '?' stay inside one path
 * component, '**' crosses '/', and "**\/" also matches zero directories.
 */
static int
util_glob_at(const char *p, size_t pi, size_t plen, const char *t, size_t ti,
    size_t tlen, unsigned char *memo)
{
	unsigned char *m = &memo[pi * (tlen + 1) + ti];
	size_t k;
	int r = 0;

	if (*m != 0)
		return *m - 1;
	if (pi == plen)
		r = (ti == tlen);
	else if (p[pi] == '*' && pi + 1 < plen && p[pi + 1] == '*') {
		k = pi;
		while (k < plen && p[k] == '*')
			k++;
		/* "**" followed by "/": zero directories. */
		if (k < plen && p[k] == '/' &&
		    util_glob_at(p, k + 1, plen, t, ti, tlen, memo))
			r = 1;
		for (; !r && ti <= tlen; ti++)
			r = util_glob_at(p, k, plen, t, ti, tlen, memo);
	} else if (p[pi] == '*') {
		for (;;) {
			if ((r = util_glob_at(p, pi + 1, plen, t, ti, tlen, memo)))
				break;
			if (ti == tlen || t[ti] == '/')
				break;
			ti++;
		}
	} else if (ti < tlen && (p[pi] == '?' ? t[ti] != '/' : p[pi] == t[ti]))
		r = util_glob_at(p, pi + 1, plen, t, ti + 1, tlen, memo);
	*m = (unsigned char)(r + 1);
	return r;
}

int
util_glob(const char *p, const char *t)
{
	unsigned char stackmemo[8192], *memo;
	size_t plen = strlen(p), tlen = strlen(t), n, lit;
	int r;

	/*
	 * Cheap answers first: rules glob every log member, often tried at
	 * each component of its path, and the memo below costs a memset of
	 * pattern x text bytes.  A literal start that differs fails at once;
	 * "**" alone matches everything.
	 */
	lit = strcspn(p, "*?");
	if (strncmp(p, t, lit) != 0)
		return 0;
	if (lit == plen)
		return tlen == plen;
	if (plen >= 2 && strspn(p, "*") == plen)
		return 1;
	n = (plen + 1) * (tlen + 1);
	memo = n <= sizeof stackmemo ? stackmemo : xcalloc(n, 1);
	if (memo == stackmemo)
		memset(memo, 0, n);
	r = util_glob_at(p, 0, plen, t, 0, tlen, memo);
	if (memo != stackmemo)
		free(memo);
	return r;
}

const char *
util_input_name(const char *input)
{
	return strcmp(input, "-") == 0 ? "stdin" : input;
}

const char *
util_basename(const char *path, char *buf, size_t len)
{
	const char *end, *p;
	size_t n;

	n = strlen(path);
	while (n > 1 && path[n - 1] == '/')
		n--;
	end = path + n;
	p = end;
	while (p > path && p[-1] != '/')
		p--;
	if (*end == '\0')
		return p;
	/* Trailing slashes: copy without them. */
	if (len == 0)
		return "";
	n = (size_t)(end - p);
	if (n >= len)
		n = len - 1;
	memcpy(buf, p, n);
	buf[n] = '\0';
	return buf;
}

int
util_glob_path(const char *glob, const char *path)
{
	const char *p;

	if (glob[0] == '/')
		return util_glob(glob + 1, path);
	for (p = path; p != NULL; p = strchr(p, '/')) {
		if (*p == '/')
			p++;
		if (util_glob(glob, p))
			return 1;
	}
	return 0;
}

double
util_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int
util_strcmp_p(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char *
util_sort_join(char **v, size_t n, const char *sep)
{
	size_t len = 1, i;
	char *out;

	if (n > 1)
		qsort(v, n, sizeof *v, util_strcmp_p);
	for (i = 0; i < n; i++)
		len += strlen(v[i]) + strlen(sep);
	out = xmalloc(len);
	out[0] = '\0';
	for (i = 0; i < n; i++) {
		if (i > 0)
			strcat(out, sep);
		strcat(out, v[i]);
	}
	return out;
}

/* A program run from the build tree (the CLI, tests, examples) gets the
 * source tree's data; an installed one the installed data, never the
 * source tree it was built from (it may be gone or newer). */
const char *
util_data_dir(const char *src, const char *installed)
{
	char exe[PATH_MAX];
	struct stat st;
	ssize_t n;

	n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		exe[n] = '\0';
		if (strncmp(exe, MGT_BUILDDIR "/", strlen(MGT_BUILDDIR) + 1) ==
		    0 && stat(src, &st) == 0 && S_ISDIR(st.st_mode))
			return src;
	}
	return installed;
}
