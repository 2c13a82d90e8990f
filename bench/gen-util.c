/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Small helpers for the corpus generator: seeding, hashing, the growable
 * buffer, allocation that dies on failure, and random identifiers shaped
 * like the ones Kubernetes prints (UIDs, name suffixes, base64 blobs).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gen.h"

static void
die_oom(size_t n)
{
	fprintf(stderr, "gen-mustgather: out of memory (%zu bytes)\n", n);
	exit(1);
}

void *
xmalloc(size_t n)
{
	void	*p;

	if ((p = malloc(n == 0 ? 1 : n)) == NULL)
		die_oom(n);
	return p;
}

void *
xcalloc(size_t nmemb, size_t size)
{
	void	*p;

	if ((p = calloc(nmemb == 0 ? 1 : nmemb, size == 0 ? 1 : size)) == NULL)
		die_oom(nmemb * size);
	return p;
}

void *
xreallocarray(void *old, size_t nmemb, size_t size)
{
	void	*p;

	if (size != 0 && nmemb > SIZE_MAX / size)
		die_oom(SIZE_MAX);
	if ((p = realloc(old, nmemb * size == 0 ? 1 : nmemb * size)) == NULL)
		die_oom(nmemb * size);
	return p;
}

char *
xstrdup(const char *s)
{
	size_t	 n = strlen(s) + 1;

	return memcpy(xmalloc(n), s, n);
}

static uint64_t
splitmix64(uint64_t *x)
{
	uint64_t	 z;

	z = (*x += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void
rng_seed(struct rng *r, uint64_t seed)
{
	int	 i;

	for (i = 0; i < 4; i++)
		r->s[i] = splitmix64(&seed);
}

/* FNV-1a; only used to derive per-file seeds from paths. */
uint64_t
gen_hash(const char *s)
{
	uint64_t	 h = 0xcbf29ce484222325ULL;

	for (; *s != '\0'; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ULL;
	}
	return h;
}

void
buf_grow(struct buf *b, size_t n)
{
	size_t	 cap = b->cap == 0 ? 4096 : b->cap;

	while (cap - b->len < n)
		cap *= 2;
	b->p = xreallocarray(b->p, cap, 1);
	b->cap = cap;
}

void
buf_adds(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

void
buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list	 ap;
	int	 n;

	buf_reserve(b, 256);
	va_start(ap, fmt);
	n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= b->cap - b->len) {
		buf_reserve(b, (size_t)n + 1);
		va_start(ap, fmt);
		vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
		va_end(ap);
	}
	b->len += (size_t)n;
}

void
buf_free(struct buf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
}

static const char hexdig[] = "0123456789abcdef";

void
gen_hex(struct rng *r, char *out, size_t n)
{
	size_t		 i;
	uint64_t	 v = 0;

	for (i = 0; i < n; i++) {
		if (i % 16 == 0)
			v = rng_next(r);
		out[i] = hexdig[v & 15];
		v >>= 4;
	}
	out[n] = '\0';
}

void
gen_uuid(struct rng *r, char *out)
{
	gen_hex(r, out, 36);
	out[8] = out[13] = out[18] = out[23] = '-';
	out[14] = '4';
}

/* The alphabet Kubernetes uses for generated name suffixes. */
void
gen_k8s_suffix(struct rng *r, char *out, size_t n)
{
	static const char alpha[] = "bcdfghjklmnpqrstvwxz2456789";
	size_t		 i;

	for (i = 0; i < n; i++)
		out[i] = alpha[rng_below(r, sizeof alpha - 1)];
	out[n] = '\0';
}

static const char b64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* n random base64 characters. */
void
gen_base64(struct rng *r, struct buf *b, size_t n)
{
	size_t		 i;
	uint64_t	 v = 0;

	buf_reserve(b, n);
	for (i = 0; i < n; i++) {
		if (i % 10 == 0)
			v = rng_next(r);
		b->p[b->len + i] = b64[v & 63];
		v >>= 6;
	}
	b->len += n;
}

void
gen_base64_of(struct buf *b, const char *s, size_t n)
{
	const unsigned char	*u = (const unsigned char *)s;
	size_t			 i;
	uint32_t		 v;

	for (i = 0; i + 2 < n; i += 3) {
		v = (uint32_t)u[i] << 16 | (uint32_t)u[i + 1] << 8 | u[i + 2];
		buf_addc(b, b64[v >> 18 & 63]);
		buf_addc(b, b64[v >> 12 & 63]);
		buf_addc(b, b64[v >> 6 & 63]);
		buf_addc(b, b64[v & 63]);
	}
	if (n - i == 1) {
		v = (uint32_t)u[i] << 16;
		buf_addc(b, b64[v >> 18 & 63]);
		buf_addc(b, b64[v >> 12 & 63]);
		buf_adds(b, "==");
	} else if (n - i == 2) {
		v = (uint32_t)u[i] << 16 | (uint32_t)u[i + 1] << 8;
		buf_addc(b, b64[v >> 18 & 63]);
		buf_addc(b, b64[v >> 12 & 63]);
		buf_addc(b, b64[v >> 6 & 63]);
		buf_addc(b, '=');
	}
}

void
gen_rfc3339(int64_t ns, char *out)
{
	time_t		 t = (time_t)(ns / 1000000000);
	struct tm	 tm;

	gmtime_r(&t, &tm);
	strftime(out, 21, "%Y-%m-%dT%H:%M:%SZ", &tm);
}
