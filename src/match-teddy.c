/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A SIMD prefilter for small literal sets (the "Teddy" technique of
 * Hyperscan and Rust's aho-corasick, written here from its description):
 * each literal is known by 4 of its bytes, its fingerprint, and literals
 * are put in 8 buckets.  For every position of 32 at a time, byte shuffles
 * look up the low and high nibble of the 4 bytes there in per-bucket
 * tables; a position where some bucket survives all 8 lookups is checked
 * against that bucket's literals.  On log text it scans at 4-5 GB/s where
 * the matcher's automaton walks 2 GB/s; with more than TEDDY_MAX_ATOMS
 * literals the buckets fill up and the automaton is faster.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define TEDDY_X86	1
#endif

#include "match-private.h"

/* ASCII lower case of 4 bytes at once; other bytes (>= 0x80) unchanged. */
static inline uint32_t
teddy_fold4(uint32_t v)
{
	uint32_t h = v & 0x7f7f7f7fu, up;

	/* A lane is 'A'..'Z' when h + 0x3f sets its top bit and h + 0x25
	 * does not; h < 0x80 keeps the sums inside their lanes. */
	up = (h + 0x3f3f3f3fu) & ~(h + 0x25252525u) & ~v & 0x80808080u;
	return v | (up >> 2);
}

static inline uint32_t
teddy_load4(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

/* How common the 4 bytes at s are in log text: 0 (rare) to 32. */
static int
teddy_commonness(const unsigned char *s)
{
	uint32_t k = teddy_load4(s);
	size_t lo = 0, hi = MATCH_NGRAMS, mid;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (match_ngram_keys[mid] < k)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < MATCH_NGRAMS && match_ngram_keys[lo] == k ?
	    1 + match_ngram_weight[lo] : 0;
}

/* Among rare windows, prefer punctuation and digits to letters and space. */
static int
teddy_byte_cost(unsigned char c)
{
	if (c == ' ')
		return 3;
	if (c >= 'a' && c <= 'z')
		return 2;
	if (c >= '0' && c <= '9')
		return 1;
	return 0;
}

uint32_t
teddy_fingerprint(const unsigned char *s, uint32_t len)
{
	uint32_t o, best = 0;
	int cost, bestcost = 1 << 30, j;

	for (o = 0; o + TEDDY_FP <= len; o++) {
		cost = teddy_commonness(s + o) * 16;
		for (j = 0; j < TEDDY_FP; j++)
			cost += teddy_byte_cost(s[o + (uint32_t)j]);
		if (cost < bestcost) {
			bestcost = cost;
			best = o;
		}
	}
	return best;
}

static int
teddy_atom_cmp(const void *a, const void *b)
{
	const struct teddy_atom *x = a, *y = b;

	if (x->fp != y->fp)
		return x->fp < y->fp ? -1 : 1;
	return (x->id > y->id) - (x->id < y->id);
}

int
teddy_available(void)
{
#ifdef TEDDY_X86
	/* Settled once; _Atomic as matchers may be built on any thread. */
	static _Atomic int avail = -1;

	if (avail < 0) {
		__builtin_cpu_init();
		avail = __builtin_cpu_supports("avx2") ? 1 : 0;
	}
	return avail;
#else
	return 0;
#endif
}

int
teddy_build(struct teddy *t, const struct lit *const *atoms,
    const uint32_t *fpoff, const unsigned char *live, uint32_t n)
{
	const unsigned char *s;
	uint32_t i, k = 0, per, b, j;
	unsigned char c, cs[2];
	int v;

	memset(t, 0, sizeof *t);
	if (!teddy_available())
		return 0;
	for (i = 0; i < n; i++) {
		if (!live[i])
			continue;
		if (k == TEDDY_MAX_ATOMS || atoms[i]->len < TEDDY_FP)
			return 0;
		s = (const unsigned char *)atoms[i]->s;
		t->atoms[k].s = s;
		t->atoms[k].len = (uint32_t)atoms[i]->len;
		t->atoms[k].off = fpoff[i];
		t->atoms[k].fp = teddy_load4(s + t->atoms[k].off);
		t->atoms[k].id = i;
		k++;
	}
	if (k == 0)
		return 0;
	/* Neighbours in fingerprint order share nibbles: fewer false hits. */
	qsort(t->atoms, k, sizeof *t->atoms, teddy_atom_cmp);
	t->natoms = k;
	per = (k + TEDDY_BUCKETS - 1) / TEDDY_BUCKETS;
	for (b = 0; b <= TEDDY_BUCKETS; b++)
		t->bstart[b] = (uint8_t)(b * per < k ? b * per : k);
	for (b = 0; b < TEDDY_BUCKETS; b++) {
		for (i = t->bstart[b]; i < t->bstart[b + 1]; i++) {
			for (j = 0; j < TEDDY_FP; j++) {
				c = (unsigned char)(t->atoms[i].fp >> (8 * j));
				cs[0] = c;
				cs[1] = c >= 'a' && c <= 'z' ? c - 32 : c;
				for (v = 0; v < 2; v++) {
					t->lo[j][cs[v] & 15] |= 1u << b;
					t->hi[j][cs[v] >> 4] |= 1u << b;
				}
			}
		}
	}
	/* The 16-entry tables twice: one copy per 128-bit lane. */
	for (j = 0; j < TEDDY_FP; j++) {
		memcpy(t->lo[j] + 16, t->lo[j], 16);
		memcpy(t->hi[j] + 16, t->hi[j], 16);
	}
	t->ok = 1;
	return 1;
}

/* Check the atoms of the buckets in bm against the bytes around p. */
static void
teddy_check(const struct teddy *t, const unsigned char *b, size_t len,
    size_t p, unsigned bm, teddy_hit_fn fn, void *ctx)
{
	const struct teddy_atom *x;
	uint32_t here = teddy_fold4(teddy_load4(b + p)), i, q;
	size_t s;
	unsigned bk;

	while (bm != 0) {
		bk = (unsigned)__builtin_ctz(bm);
		bm &= bm - 1;
		for (i = t->bstart[bk]; i < t->bstart[bk + 1]; i++) {
			x = &t->atoms[i];
			if (x->fp != here || p < x->off)
				continue;
			s = p - x->off;
			if (s + x->len > len)
				continue;
			for (q = 0; q < x->len; q++) {
				if (match_fold(b[s + q]) != x->s[q])
					break;
			}
			if (q == x->len)
				fn(ctx, p, x->id);
		}
	}
}

/* The buckets whose tables accept the 4 bytes at p (no SIMD). */
static unsigned
teddy_buckets_at(const struct teddy *t, const unsigned char *p)
{
	unsigned r = 0xff;
	int j;

	for (j = 0; j < TEDDY_FP; j++)
		r &= (unsigned)t->lo[j][p[j] & 15] & t->hi[j][p[j] >> 4];
	return r;
}

#ifdef TEDDY_X86
/* One fingerprint byte: the buckets its nibbles allow, per position. */
#define TEDDY_LOOKUP(v, lo, hi, nib)					\
	_mm256_and_si256(_mm256_shuffle_epi8((lo), _mm256_and_si256((v),	\
	    (nib))), _mm256_shuffle_epi8((hi), _mm256_and_si256(		\
	    _mm256_srli_epi16((v), 4), (nib))))

/* Written out for 4 bytes: a loop over arrays of vectors spills. */
_Static_assert(TEDDY_FP == 4, "teddy_scan_avx2 looks at 4 bytes");
__attribute__((target("avx2")))
static size_t
teddy_scan_avx2(const struct teddy *t, const unsigned char *b, size_t len,
    teddy_hit_fn fn, void *ctx)
{
	__m256i lo0, lo1, lo2, lo3, hi0, hi1, hi2, hi3, nib, r, zero;
	const unsigned char *p;
	uint8_t rb[32];
	uint32_t m;
	size_t i;
	int k;

	lo0 = _mm256_loadu_si256((const __m256i *)t->lo[0]);
	lo1 = _mm256_loadu_si256((const __m256i *)t->lo[1]);
	lo2 = _mm256_loadu_si256((const __m256i *)t->lo[2]);
	lo3 = _mm256_loadu_si256((const __m256i *)t->lo[3]);
	hi0 = _mm256_loadu_si256((const __m256i *)t->hi[0]);
	hi1 = _mm256_loadu_si256((const __m256i *)t->hi[1]);
	hi2 = _mm256_loadu_si256((const __m256i *)t->hi[2]);
	hi3 = _mm256_loadu_si256((const __m256i *)t->hi[3]);
	nib = _mm256_set1_epi8(0x0f);
	zero = _mm256_setzero_si256();
	for (i = 0; i + 32 + TEDDY_FP - 1 <= len; i += 32) {
		p = b + i;
		r = _mm256_and_si256(
		    _mm256_and_si256(TEDDY_LOOKUP(_mm256_loadu_si256(
		    (const __m256i *)p), lo0, hi0, nib),
		    TEDDY_LOOKUP(_mm256_loadu_si256((const __m256i *)(p + 1)),
		    lo1, hi1, nib)),
		    _mm256_and_si256(TEDDY_LOOKUP(_mm256_loadu_si256(
		    (const __m256i *)(p + 2)), lo2, hi2, nib),
		    TEDDY_LOOKUP(_mm256_loadu_si256((const __m256i *)(p + 3)),
		    lo3, hi3, nib)));
		m = ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(r,
		    zero));
		if (m == 0)
			continue;
		_mm256_storeu_si256((__m256i *)rb, r);
		while (m != 0) {
			k = __builtin_ctz(m);
			m &= m - 1;
			teddy_check(t, b, len, i + (size_t)k, rb[k], fn, ctx);
		}
	}
	return i;
}
#endif

void
teddy_scan(const struct teddy *t, const unsigned char *b, size_t len,
    teddy_hit_fn fn, void *ctx)
{
	size_t p = 0;
	unsigned bm;

	if (!t->ok)
		return;
#ifdef TEDDY_X86
	p = teddy_scan_avx2(t, b, len, fn, ctx);
#endif
	/* The last positions, where 32 bytes and 3 more do not fit. */
	for (; p + TEDDY_FP <= len; p++) {
		if ((bm = teddy_buckets_at(t, b + p)) != 0)
			teddy_check(t, b, len, p, bm, fn, ctx);
	}
}
