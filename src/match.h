/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Matching every rule pattern against log lines in one pass.  Each pattern's
 * required literals are extracted at compile time; one Aho-Corasick scan of
 * a block of lines finds the candidate lines for all patterns at once, and
 * PCRE2 (JIT) runs only on candidates.  Patterns without a usable literal
 * run on every line and are reported as slow.
 */
#ifndef MGT_MATCH_H
#define MGT_MATCH_H

#include <stddef.h>
#include <stdint.h>

#include "mgt-limits.h"
#include "problem.h"

struct mgt_error;
struct matcher;

/* Flags for matcher_add. */
#define MATCH_CASELESS	0x1

/* Flags for matcher_new. */
#define MATCHER_NO_JIT	0x1	/* PCRE2's interpreter only (valgrind) */
#define MATCHER_NO_SIMD	0x2	/* the automaton only, no AVX2 prefilter */

/*
 * A matcher with limits (NULL: the defaults) and flags.  Everything it
 * needs is in its arguments: two matchers in one process never share
 * settings.
 */
struct matcher *matcher_new(const struct mgt_limits *, int flags);
void	 matcher_free(struct matcher *);

/*
 * Add a pattern; returns its id (0, 1, ...) or -1 with err filled
 * (PCRE2's message, err->offset = offset in the pattern).  Compiles and
 * JITs at once.  Patterns are matched with PCRE2_MATCH_INVALID_UTF so
 * invalid UTF-8 in logs never aborts a match.
 */
int	 matcher_add(struct matcher *, const char *pattern, int flags,
	    struct mgt_error *);
/*
 * Name pattern id in problem messages (e.g. the rule id and evidence name);
 * the string is copied.  Without a label a pattern is "pattern N".
 */
void	 matcher_set_label(struct matcher *, int id, const char *label);
/* Build the literal automaton.  No matcher_add after this. */
int	 matcher_compile(struct matcher *, struct mgt_error *);

/* Number of patterns; whether pattern id has no usable literal (and why). */
int	 matcher_count(const struct matcher *);
int	 matcher_is_slow(const struct matcher *, int id, const char **why);
/* The literals chosen for pattern id (for lint and tests), NUL-separated
 * list ending in an empty string; NULL if none. */
const char *matcher_literals(const struct matcher *, int id);

/*
 * Per-source selection: the set of patterns that apply to the next lines.
 * active[id] != 0 enables pattern id.  The array has matcher_count()
 * entries and is copied.
 */
void	 matcher_select(struct matcher *, const unsigned char *active);

/* A match: pattern id, the line; its named captures on request. */
struct match_hit {
	int		 pattern_id;
	const char	*line;		/* points into the caller's block */
	size_t		 line_len;
	size_t		 line_index;	/* 0-based index of the line in the block */
	struct matcher	*m;		/* for match_hit_captures() */
	const char	*subject;	/* what the pattern matched (a window) */
	int		 rc;		/* pcre2_match()'s count */
};

/*
 * The named captures of a hit as a JSON object ({"name":"value",...}), or
 * NULL when the pattern names none.  Built on the first call (most hits of
 * a noisy pattern are only counted); valid during the callback.
 */
const char *match_hit_captures(const struct match_hit *);
/*
 * The value of the hit's capture called name, as match_hit_captures() would
 * give it (cleaned, bounded); NULL when the group did not take part in the
 * match or the pattern has none.  Valid until the next call for a capture
 * of this matcher: a caller that keeps it copies it.
 */
const char *match_hit_group(const struct match_hit *, const char *name);

typedef int (*match_fn)(void *ctx, const struct match_hit *);

/*
 * Scan a block of whole lines (separated by '\n'; a trailing line without
 * '\n' counts as a line; '\r' before '\n' is not part of the line).  For
 * every enabled pattern that matches a line, call fn.  Lines longer than
 * limits->max_line are matched in windows of max_line with 4 KiB overlap.
 * PCRE2 match/depth-limit errors are reported to sink once per pattern
 * (PCODE_LIMIT_MATCH) and after limits->rule_limit_errors such errors the
 * pattern is disabled for the run.  Returns MGT_OK or fn's non-OK status.
 */
int	 matcher_scan(struct matcher *, const char *block, size_t len,
	    match_fn, void *ctx, const struct problem_sink *, const char *vpath,
	    long first_line_no);

/*
 * The named captures of pattern id on line s (len bytes) as a JSON object
 * (the caller frees it with cJSON_free), or NULL when the pattern names no
 * group or does not match.  For a hit kept aside and stored later.
 */
char	*matcher_captures(struct matcher *, int id, const char *s, size_t len);

/*
 * How the selected patterns' literals are found: "simd" (a prefilter for
 * up to 64 literals, on CPUs with AVX2) or "automaton".
 */
const char *matcher_engine(const struct matcher *);
/* Whether this CPU has the SIMD prefilter (MATCHER_NO_SIMD turns it off
 * for one matcher). */
int	 matcher_simd_available(void);

/* Match one pattern against one string (used by `grep` and tests);
 * returns 1, 0, or -1 on a match error. */
int	 matcher_match_one(struct matcher *, int id, const char *s, size_t len);

#endif
