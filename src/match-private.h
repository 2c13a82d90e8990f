/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What the matcher and its literal extractor share: literal sets, their
 * bounds, and case folding for the automaton.
 */
#ifndef MGT_MATCH_PRIVATE_H
#define MGT_MATCH_PRIVATE_H

#include <stddef.h>
#include <stdint.h>

#define LIT_MIN		3	/* shorter literals are too common to help */
#define LIT_MAX_SET	16	/* alternatives in one literal set */
#define LIT_MAX_RUN	256	/* longest run tracked while parsing */
#define LIT_MAX_ATOM	32	/* longest window put in the automaton */
#define LIT_MAX_DEPTH	64	/* group nesting the parser follows */

/* A byte string found in a pattern, case as written. */
struct lit {
	char	*s;
	size_t	 len;
};

/* A small set of literals: exact alternatives or an OR-requirement. */
struct litset {
	int		 n;
	struct lit	 v[LIT_MAX_SET];
};

/* ASCII lower case: the automaton folds case for every pattern. */
static inline unsigned char
match_fold(unsigned char c)
{
	return (c >= 'A' && c <= 'Z') ? (unsigned char)(c + 32) : c;
}

/* Empty a set, freeing its strings. */
void	 match_literal_clear(struct litset *);
/*
 * Find literals every match of pattern contains (at least one of them)
 * into out, or leave it empty and put the reason in why.
 */
void	 match_literal_extract(const char *pattern, size_t len, int caseless,
	    struct litset *out, char *why, size_t whylen);
/* The rarest window of at most LIT_MAX_ATOM bytes of a literal. */
void	 match_literal_window(const char *s, size_t len, size_t *off,
	    size_t *wlen);

/* match-ngrams.c: the most common 4-byte sequences of log text. */
#define MATCH_NGRAMS	4096
extern const uint32_t match_ngram_keys[MATCH_NGRAMS];	/* sorted */
extern const uint8_t match_ngram_weight[MATCH_NGRAMS];	/* log2(count) */

/* match-teddy.c: the SIMD prefilter for small literal sets. */
#define TEDDY_MAX_ATOMS	64	/* more, and the automaton is faster */
#define TEDDY_FP	4	/* fingerprint bytes */
#define TEDDY_BUCKETS	8

struct teddy_atom {
	const unsigned char	*s;	/* folded bytes */
	uint32_t		 len;
	uint32_t		 off;	/* fingerprint at s + off */
	uint32_t		 fp;	/* its bytes, the first lowest */
	uint32_t		 id;	/* the caller's atom number */
};

struct teddy {
	int			 ok;	/* built: teddy_scan() may run */
	uint32_t		 natoms;
	/* Per fingerprint byte, low and high nibble -> buckets, twice. */
	unsigned char		 lo[TEDDY_FP][32];
	unsigned char		 hi[TEDDY_FP][32];
	struct teddy_atom	 atoms[TEDDY_MAX_ATOMS];	/* by bucket */
	uint8_t			 bstart[TEDDY_BUCKETS + 1];
};

/* A found atom: p is where its fingerprint starts (inside the atom). */
typedef void (*teddy_hit_fn)(void *ctx, size_t p, uint32_t id);

/* Whether this CPU runs the prefilter (AVX2). */
int	 teddy_available(void);
/* Where in s (len >= TEDDY_FP bytes) the 4 least common in logs start. */
uint32_t teddy_fingerprint(const unsigned char *s, uint32_t len);
/*
 * Build over the atoms i with live[i] (each folded, at least TEDDY_FP
 * bytes), fingerprinted at fpoff[i].  Returns 0, and t->ok = 0, when the
 * prefilter does not apply: no AVX2, more than TEDDY_MAX_ATOMS, a shorter
 * atom, or none.
 */
int	 teddy_build(struct teddy *, const struct lit *const *atoms,
	    const uint32_t *fpoff, const unsigned char *live, uint32_t n);
/* Call fn for every occurrence of every atom in b, by position. */
void	 teddy_scan(const struct teddy *, const unsigned char *b, size_t len,
	    teddy_hit_fn fn, void *ctx);

#endif
