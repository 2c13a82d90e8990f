/*
 * What the matcher and its literal extractor share: literal sets, their
 * bounds, and case folding for the automaton.
 */
#ifndef MGT_MATCH_PRIVATE_H
#define MGT_MATCH_PRIVATE_H

#include <stddef.h>

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

#endif
