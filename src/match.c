/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Matching every rule pattern over blocks of log lines.  The literals each
 * pattern requires come from match-literal.c; one Aho-Corasick DFA
 * over all of them marks candidate (line, pattern) pairs, and PCRE2 (JIT)
 * runs only on those.  A matcher belongs to one thread: its match context,
 * match data, JIT stack and scan scratch are not shared or locked.
 */
#include "config.h"

#define PCRE2_CODE_UNIT_WIDTH 8

#include <limits.h>
#include <pcre2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "error.h"
#include "match.h"
#include "match-private.h"
#include "regex.h"
#include "util.h"
#include "xmalloc.h"

#define MATCH_MAX_PATTERN	4096	/* bytes in one pattern */
#define MATCH_PARENS_NEST	250	/* PCRE2 parens nest limit */
#define MATCH_HEAP_LIMIT_KIB	65536	/* interpreter heap per match */
#define MATCH_JIT_STACK_START	((size_t)32 << 10) /* PCRE2's default */
#define MATCH_WINDOW_OVERLAP	((size_t)4 << 10) /* long-line windows */
#define MATCH_MAX_CAPTURE	4096	/* bytes of one capture in JSON */
#define MATCH_STREAMS		4	/* interleaved walks (written out) */
#define MATCH_STREAM_MIN	4096	/* shorter blocks use one walk */

#if defined(__GNUC__)
#define MATCH_UNLIKELY(x)	__builtin_expect(!!(x), 0)
#else
#define MATCH_UNLIKELY(x)	(x)
#endif

/* One compiled pattern. */
struct mpat {
	pcre2_code	*code;
	int		 jit;		/* JIT code available */
	int		 slow;		/* no usable literal: every line */
	char		*why;		/* reason when slow */
	char		*lits;		/* NUL-separated, "" ends, or NULL */
	struct lit	*atoms;		/* folded windows for the automaton */
	int		 natoms;
	uint32_t	 namecount;
	uint32_t	 nameentry;
	PCRE2_SPTR	 nametable;
	char		*label;
	long		 errors;	/* match-limit errors so far */
	int64_t		 spent_ns;	/* time in PCRE2 so far */
	int		 disabled;	/* too many errors or too slow: off */
	char		*err_vpath;	/* source of the last reported error */
};

/* The automaton: a dense DFA over byte classes with premultiplied states. */
struct ac {
	uint32_t	*trans;		/* next = trans[state + cls[byte]] */
	uint8_t		 cls[256];
	uint32_t	 stride;	/* number of byte classes */
	uint32_t	 nstates;
	uint32_t	 match_base;	/* state >= match_base: has outputs;
					   a power of two, so one test of
					   s0 | s1 | ... covers all walks */
	uint32_t	 match_first;	/* index of the first such state */
	uint32_t	 nmatch;
	uint32_t	*out_off;	/* per match state: range in out_atom */
	uint32_t	*out_atom;
	uint32_t	 natoms;	/* distinct atoms */
	uint32_t	*atom_off;	/* per atom: range in atom_pat */
	int		*atom_pat;
	const struct lit **atom_lit;	/* per atom: its bytes */
	uint32_t	*atom_fpoff;	/* per atom: its SIMD fingerprint */
	unsigned char	*state_live;	/* per match state: a live pattern */
	unsigned char	*atom_live;	/* per atom: a live pattern */
};

/* A position where the automaton reached a match state. */
struct mrec {
	size_t		 pos;
	uint32_t	 state;
};

/* An atom the SIMD prefilter found, at a position inside it. */
struct trec {
	size_t		 pos;
	uint32_t	 atom;
};

/* A (line, pattern) pair to check with PCRE2. */
struct mcand {
	size_t		 line;
	size_t		 start;
	size_t		 end;		/* the '\n' or the block's end */
	int		 pat;
};

struct matcher {
	struct mgt_limits	 limits;
	int64_t			 budget_ns;	/* per pattern; 0: unbounded */
	struct mpat		*pats;
	int			 npats;
	int			 cpats;
	int			 compiled;
	unsigned char		*active;	/* from matcher_select */
	int			*slow_live;	/* live slow patterns, sorted */
	int			 nslow_live;
	int			 live_dirty;	/* a pattern was disabled */
	struct ac		 ac;

	pcre2_match_context	*mctx;
	pcre2_match_data	*md;
	uint32_t		 md_pairs;
	pcre2_jit_stack		*jstack;
	size_t			 jsize;

	struct mrec		*rec[MATCH_STREAMS];
	size_t			 nrec[MATCH_STREAMS];
	size_t			 crec[MATCH_STREAMS];
	/* The SIMD prefilter over the live atoms, when it applies. */
	struct teddy		 teddy;
	int			 simd_off;	/* MATCHER_NO_SIMD or no AVX2 */
	int			 no_jit;	/* MATCHER_NO_JIT */
	struct trec		*trec;
	size_t			 ntrec;
	size_t			 ctrec;
	struct mcand		*cand;
	size_t			 ncand;
	size_t			 ccand;
	size_t			*stamp;		/* per pattern: line + 1 */
	char			*capbuf;
	size_t			 capcap;
	char			*hit_json;	/* captures of the hit in hand */
};

/* ---- patterns ---------------------------------------------------------- */

struct matcher *
matcher_new(const struct mgt_limits *limits, int flags)
{
	struct matcher *m;

	m = xcalloc(1, sizeof *m);
	if (limits != NULL)
		m->limits = *limits;
	else
		limits_default(&m->limits);
	m->mctx = regex_match_context(m->limits.pcre_match_limit,
	    m->limits.pcre_depth_limit, MATCH_HEAP_LIMIT_KIB);
	if (m->limits.pattern_time_ms > 0 &&
	    m->limits.pattern_time_ms < INT64_MAX / 1000000)
		m->budget_ns = m->limits.pattern_time_ms * 1000000;
	m->jsize = MATCH_JIT_STACK_START;
	/* MATCHER_NO_SIMD: the automaton only (tests compare the two). */
	m->simd_off = (flags & MATCHER_NO_SIMD) || !matcher_simd_available();
	m->no_jit = (flags & MATCHER_NO_JIT) != 0;
	return m;
}

static void
ac_free(struct ac *ac)
{
	free(ac->trans);
	free(ac->out_off);
	free(ac->out_atom);
	free(ac->atom_off);
	free(ac->atom_pat);
	free(ac->atom_lit);
	free(ac->atom_fpoff);
	free(ac->state_live);
	free(ac->atom_live);
	memset(ac, 0, sizeof *ac);
}

void
matcher_free(struct matcher *m)
{
	struct mpat *p;
	int i, j;

	if (m == NULL)
		return;
	for (i = 0; i < m->npats; i++) {
		p = &m->pats[i];
		pcre2_code_free(p->code);
		free(p->why);
		free(p->lits);
		for (j = 0; j < p->natoms; j++)
			free(p->atoms[j].s);
		free(p->atoms);
		free(p->label);
		free(p->err_vpath);
	}
	free(m->pats);
	free(m->active);
	free(m->slow_live);
	ac_free(&m->ac);
	pcre2_match_data_free(m->md);
	pcre2_match_context_free(m->mctx);
	pcre2_jit_stack_free(m->jstack);
	for (i = 0; i < MATCH_STREAMS; i++)
		free(m->rec[i]);
	free(m->trec);
	free(m->cand);
	free(m->stamp);
	free(m->capbuf);
	free(m);
}

/* Record the literals of p: the list for lint and the automaton atoms. */
static void
matcher_set_literals(struct mpat *p, struct litset *ls)
{
	size_t total = 1, off, wlen, k;
	int i, j;
	char *o;

	for (i = 0; i < ls->n; i++)
		total += ls->v[i].len + 1;
	p->lits = o = xmalloc(total);
	p->atoms = xcalloc((size_t)ls->n, sizeof *p->atoms);
	for (i = 0; i < ls->n; i++) {
		memcpy(o, ls->v[i].s, ls->v[i].len);
		o += ls->v[i].len;
		*o++ = '\0';
		match_literal_window(ls->v[i].s, ls->v[i].len, &off, &wlen);
		p->atoms[p->natoms].s = xmalloc(wlen + 1);
		for (k = 0; k < wlen; k++)
			p->atoms[p->natoms].s[k] = (char)match_fold(
			    (unsigned char)ls->v[i].s[off + k]);
		p->atoms[p->natoms].s[wlen] = '\0';
		p->atoms[p->natoms].len = wlen;
		for (j = 0; j < p->natoms; j++) {
			if (p->atoms[j].len == wlen && memcmp(p->atoms[j].s,
			    p->atoms[p->natoms].s, wlen) == 0)
				break;
		}
		if (j < p->natoms)
			free(p->atoms[p->natoms].s);
		else
			p->natoms++;
	}
	*o = '\0';
}

int
matcher_add(struct matcher *m, const char *pattern, int flags,
    struct mgt_error *err)
{
	struct mpat *p;
	struct litset ls;
	char msg[256];
	size_t erroff = 0;
	uint32_t caps;
	size_t len;
	int id, rflags;
	char why[256];

	if (m->compiled) {
		error_set(err, MGT_ERR_INTERNAL, "", -1, 0,
		    "matcher_add after matcher_compile");
		return -1;
	}
	len = strlen(pattern);
	if (len > MATCH_MAX_PATTERN) {
		error_set(err, MGT_ERR_RULE, "", MATCH_MAX_PATTERN, 0,
		    "pattern is %zu bytes, longer than the limit of %d", len,
		    MATCH_MAX_PATTERN);
		return -1;
	}
	if (m->npats >= INT_MAX - 1) {
		error_set(err, MGT_ERR_LIMIT, "", -1, 0,
		    "too many patterns");
		return -1;
	}
	rflags = m->no_jit ? REGEX_NO_JIT : 0;
	if (flags & MATCH_CASELESS)
		rflags |= REGEX_CASELESS;
	if (m->npats == m->cpats) {
		m->cpats = m->cpats ? m->cpats * 2 : 16;
		m->pats = xreallocarray(m->pats, (size_t)m->cpats,
		    sizeof *m->pats);
		m->active = xreallocarray(m->active, (size_t)m->cpats, 1);
	}
	id = m->npats;
	p = &m->pats[id];
	memset(p, 0, sizeof *p);
	p->code = regex_build(pattern, len, rflags, MATCH_MAX_PATTERN,
	    MATCH_PARENS_NEST, &p->jit, msg, sizeof msg, &erroff);
	if (p->code == NULL) {
		error_set(err, MGT_ERR_RULE, "", (long long)erroff, 0,
		    "%s", msg);
		return -1;
	}
	pcre2_pattern_info(p->code, PCRE2_INFO_CAPTURECOUNT, &caps);
	pcre2_pattern_info(p->code, PCRE2_INFO_NAMECOUNT, &p->namecount);
	pcre2_pattern_info(p->code, PCRE2_INFO_NAMEENTRYSIZE, &p->nameentry);
	pcre2_pattern_info(p->code, PCRE2_INFO_NAMETABLE, &p->nametable);
	if (m->md == NULL || caps + 1 > m->md_pairs) {
		pcre2_match_data_free(m->md);
		m->md_pairs = caps + 1;
		if ((m->md = pcre2_match_data_create(m->md_pairs, NULL)) ==
		    NULL)
			xmalloc_fail("PCRE2 match data");
	}

	why[0] = '\0';
	match_literal_extract(pattern, len, (flags & MATCH_CASELESS) != 0, &ls,
	    why, sizeof why);
	if (ls.n == 0) {
		p->slow = 1;
		p->why = xstrdup(why);
	} else
		matcher_set_literals(p, &ls);
	match_literal_clear(&ls);

	m->active[id] = 1;
	m->npats++;
	return id;
}

void
matcher_set_label(struct matcher *m, int id, const char *label)
{
	if (id < 0 || id >= m->npats)
		return;
	free(m->pats[id].label);
	m->pats[id].label = label != NULL ? xstrdup(label) : NULL;
}

int
matcher_count(const struct matcher *m)
{
	return m->npats;
}

int
matcher_is_slow(const struct matcher *m, int id, const char **why)
{
	if (id < 0 || id >= m->npats) {
		if (why != NULL)
			*why = NULL;
		return 0;
	}
	if (why != NULL)
		*why = m->pats[id].why;
	return m->pats[id].slow;
}

const char *
matcher_literals(const struct matcher *m, int id)
{
	if (id < 0 || id >= m->npats)
		return NULL;
	return m->pats[id].lits;
}

/* ---- the automaton ----------------------------------------------------- */

/* An atom of some pattern, for sorting and merging. */
struct apair {
	const struct lit	*atom;
	int			 pat;
};

static int
apair_cmp(const void *a, const void *b)
{
	const struct apair *x = a, *y = b;
	size_t n = x->atom->len < y->atom->len ? x->atom->len : y->atom->len;
	int c;

	if ((c = memcmp(x->atom->s, y->atom->s, n)) != 0)
		return c;
	if (x->atom->len != y->atom->len)
		return x->atom->len < y->atom->len ? -1 : 1;
	return (x->pat > y->pat) - (x->pat < y->pat);
}

/*
 * Which match states and atoms lead to a pattern that is enabled and not
 * disabled; scans skip the rest without looking at their patterns.  Also
 * the sorted list of live slow patterns.
 */
static void
ac_refresh_live(struct matcher *m)
{
	struct ac *ac = &m->ac;
	uint32_t a, k, j;
	int i;

	for (a = 0; a < ac->natoms; a++) {
		ac->atom_live[a] = 0;
		for (k = ac->atom_off[a]; k < ac->atom_off[a + 1]; k++) {
			i = ac->atom_pat[k];
			if (m->active[i] && !m->pats[i].disabled)
				ac->atom_live[a] = 1;
		}
	}
	for (k = 0; k < ac->nmatch; k++) {
		ac->state_live[k] = 0;
		for (j = ac->out_off[k]; j < ac->out_off[k + 1]; j++) {
			if (ac->atom_live[ac->out_atom[j]])
				ac->state_live[k] = 1;
		}
	}
	m->nslow_live = 0;
	for (i = 0; i < m->npats; i++) {
		if (m->pats[i].slow && m->active[i] && !m->pats[i].disabled)
			m->slow_live[m->nslow_live++] = i;
	}
	/* Few live atoms: the SIMD prefilter instead of the automaton. */
	if (m->simd_off || !teddy_build(&m->teddy, ac->atom_lit,
	    ac->atom_fpoff, ac->atom_live, ac->natoms))
		m->teddy.ok = 0;
}

static int
u32_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/* Append x to a growable uint32 array. */
static void
u32_push(uint32_t **v, size_t *n, size_t *cap, uint32_t x)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 64;
		*v = xreallocarray(*v, *cap, sizeof **v);
	}
	(*v)[(*n)++] = x;
}

/*
 * Build the DFA from the trie in next[] (nst states, -1 where there is no
 * child): failure links breadth first, missing transitions through them,
 * output sets (atoms ending here or at the failure state), and then
 * renumber so that states with outputs come last.
 */
static void
ac_finish(struct ac *ac, int32_t *next, uint32_t nst, const uint32_t *own_off,
    const uint32_t *own)
{
	uint32_t *fail, *order, *start, *len, *newid, *byid, *out = NULL;
	uint32_t nclass = ac->stride, head = 0, tail = 0, u, v, c, k, nnon = 0;
	uint32_t nmatch = 0;
	size_t nout = 0, cout = 0, i;

	fail = xcalloc(nst, sizeof *fail);
	order = xcalloc(nst, sizeof *order);
	order[tail++] = 0;
	while (head < tail) {
		u = order[head++];
		for (c = 0; c < nclass; c++) {
			int32_t *t = &next[(size_t)u * nclass + c];

			if (*t > 0) {
				v = (uint32_t)*t;
				fail[v] = u == 0 ? 0 : (uint32_t)next[
				    (size_t)fail[u] * nclass + c];
				order[tail++] = v;
			} else
				*t = u == 0 ? 0 :
				    next[(size_t)fail[u] * nclass + c];
		}
	}

	/* Outputs, in BFS order so the failure state's list is complete. */
	start = xcalloc(nst, sizeof *start);
	len = xcalloc(nst, sizeof *len);
	for (i = 0; i < nst; i++) {
		u = order[i];
		start[u] = (uint32_t)nout;
		for (k = own_off[u]; k < own_off[u + 1]; k++)
			u32_push(&out, &nout, &cout, own[k]);
		if (u != 0) {
			for (k = 0; k < len[fail[u]]; k++)
				u32_push(&out, &nout, &cout,
				    out[start[fail[u]] + k]);
		}
		len[u] = (uint32_t)nout - start[u];
		if (len[u] > 1)
			qsort(out + start[u], len[u], sizeof *out, u32_cmp);
	}

	/* States without outputs first, each group in BFS order (the hot
	 * shallow states sit together). */
	newid = xcalloc(nst, sizeof *newid);
	byid = xcalloc(nst, sizeof *byid);
	for (i = 0; i < nst; i++) {
		if (len[order[i]] == 0)
			newid[order[i]] = nnon++;
	}
	for (i = 0; i < nst; i++) {
		if (len[order[i]] != 0)
			newid[order[i]] = nnon + nmatch++;
	}
	/*
	 * States with outputs start at the first row whose offset is at
	 * least a power of two above every other state's; the rows in the
	 * gap are never reached.
	 */
	ac->match_base = 1;
	while (ac->match_base < nnon * nclass)
		ac->match_base <<= 1;
	ac->match_first = (ac->match_base + nclass - 1) / nclass;
	for (u = 0; u < nst; u++) {
		if (newid[u] >= nnon)
			newid[u] += ac->match_first - nnon;
	}
	for (u = 0; u < nst; u++) {
		if (newid[u] < nnon)
			byid[newid[u]] = u;
		else
			byid[newid[u] - ac->match_first + nnon] = u;
	}
	ac->nstates = ac->match_first + nmatch;
	ac->nmatch = nmatch;
	ac->trans = xcalloc((size_t)ac->nstates * nclass, sizeof *ac->trans);
	for (u = 0; u < nst; u++) {
		for (c = 0; c < nclass; c++)
			ac->trans[(size_t)newid[u] * nclass + c] = newid[
			    next[(size_t)u * nclass + c]] * nclass;
	}
	ac->out_off = xcalloc((size_t)nmatch + 1, sizeof *ac->out_off);
	ac->out_atom = xcalloc(nout + 1, sizeof *ac->out_atom);
	nout = 0;
	for (k = 0; k < nmatch; k++) {
		u = byid[nnon + k];
		ac->out_off[k] = (uint32_t)nout;
		memcpy(ac->out_atom + nout, out + start[u],
		    len[u] * sizeof *out);
		nout += len[u];
	}
	ac->out_off[nmatch] = (uint32_t)nout;
	ac->state_live = xcalloc((size_t)nmatch + 1, 1);
	free(fail);
	free(order);
	free(start);
	free(len);
	free(newid);
	free(byid);
	free(out);
}

int
matcher_compile(struct matcher *m, struct mgt_error *err)
{
	struct ac *ac = &m->ac;
	struct apair *pairs = NULL;
	int32_t *next = NULL;
	uint32_t *own_off = NULL, *own = NULL, *fill = NULL;
	uint32_t nst, nclass, c, u, a;
	size_t npairs = 0, maxstates, i, j;
	unsigned char seen[256];
	int pi, rc = MGT_OK;

	if (m->compiled)
		return MGT_OK;
	m->compiled = 1;
	m->slow_live = xcalloc((size_t)m->npats + 1, sizeof *m->slow_live);
	m->stamp = xcalloc((size_t)m->npats + 1, sizeof *m->stamp);
	for (pi = 0; pi < m->npats; pi++)
		npairs += (size_t)m->pats[pi].natoms;
	pairs = xcalloc(npairs + 1, sizeof *pairs);
	npairs = 0;
	for (pi = 0; pi < m->npats; pi++) {
		for (j = 0; j < (size_t)m->pats[pi].natoms; j++) {
			pairs[npairs].atom = &m->pats[pi].atoms[j];
			pairs[npairs++].pat = pi;
		}
	}
	qsort(pairs, npairs, sizeof *pairs, apair_cmp);

	/* Byte classes: one per (folded) byte used in an atom, 0 the rest. */
	memset(seen, 0, sizeof seen);
	maxstates = 1;
	for (i = 0; i < npairs; i++) {
		for (j = 0; j < pairs[i].atom->len; j++)
			seen[(unsigned char)pairs[i].atom->s[j]] = 1;
		maxstates += pairs[i].atom->len;
	}
	nclass = 1;
	memset(ac->cls, 0, sizeof ac->cls);
	for (i = 0; i < 256; i++) {
		if (seen[i])
			ac->cls[i] = (uint8_t)nclass++;
	}
	for (i = 'A'; i <= 'Z'; i++)
		ac->cls[i] = ac->cls[i + 32];
	ac->stride = nclass;
	if (maxstates > UINT32_MAX / 4 / nclass) {
		rc = error_set(err, MGT_ERR_LIMIT, "", -1, 0,
		    "too many literals for the automaton (%zu bytes)",
		    maxstates);
		goto out;
	}

	/* The trie over distinct atoms; atom -> patterns lists. */
	next = xmalloc(maxstates * nclass * sizeof *next);
	memset(next, 0xff, maxstates * nclass * sizeof *next);
	ac->atom_off = xcalloc(npairs + 1, sizeof *ac->atom_off);
	ac->atom_pat = xcalloc(npairs + 1, sizeof *ac->atom_pat);
	ac->atom_lit = xcalloc(npairs + 1, sizeof *ac->atom_lit);
	own_off = xcalloc(maxstates + 1, sizeof *own_off);
	own = xcalloc(npairs + 1, sizeof *own);
	nst = 1;
	a = 0;
	for (i = 0; i < npairs; i++) {
		ac->atom_pat[i] = pairs[i].pat;
		if (i > 0 && pairs[i].atom->len == pairs[i - 1].atom->len &&
		    memcmp(pairs[i].atom->s, pairs[i - 1].atom->s,
		    pairs[i].atom->len) == 0)
			continue;
		u = 0;
		for (j = 0; j < pairs[i].atom->len; j++) {
			c = ac->cls[(unsigned char)pairs[i].atom->s[j]];
			if (next[(size_t)u * nclass + c] < 0)
				next[(size_t)u * nclass + c] = (int32_t)nst++;
			u = (uint32_t)next[(size_t)u * nclass + c];
		}
		own[a] = u;		/* end state, for now */
		ac->atom_lit[a] = pairs[i].atom;
		ac->atom_off[a++] = (uint32_t)i;
	}
	ac->natoms = a;
	ac->atom_off[a] = (uint32_t)npairs;
	/* Fingerprints once: the prefilter is rebuilt per log member. */
	ac->atom_fpoff = xcalloc((size_t)a + 1, sizeof *ac->atom_fpoff);
	for (i = 0; i < a; i++) {
		if (ac->atom_lit[i]->len >= TEDDY_FP)
			ac->atom_fpoff[i] = teddy_fingerprint((const unsigned
			    char *)ac->atom_lit[i]->s,
			    (uint32_t)ac->atom_lit[i]->len);
	}
	ac->atom_live = xcalloc((size_t)a + 1, 1);

	/* Atoms ending at each state, as ranges of own[]. */
	fill = xcalloc((size_t)nst + 1, sizeof *fill);
	for (i = 0; i < a; i++)
		own_off[own[i] + 1]++;
	for (u = 0; u < nst; u++)
		own_off[u + 1] += own_off[u];
	{
		uint32_t *ends = xcalloc((size_t)a + 1, sizeof *ends);

		memcpy(ends, own, (size_t)a * sizeof *own);
		for (i = 0; i < a; i++)
			own[own_off[ends[i]] + fill[ends[i]]++] = (uint32_t)i;
		free(ends);
	}
	ac_finish(ac, next, nst, own_off, own);
	ac_refresh_live(m);
out:
	free(pairs);
	free(next);
	free(own_off);
	free(own);
	free(fill);
	return rc;
}

void
matcher_select(struct matcher *m, const unsigned char *active)
{
	if (m->npats == 0)
		return;
	memcpy(m->active, active, (size_t)m->npats);
	if (m->compiled)
		ac_refresh_live(m);
}

/* ---- scanning ---------------------------------------------------------- */

static void
rec_push(struct matcher *m, int k, size_t pos, uint32_t state)
{
	if (m->nrec[k] == m->crec[k]) {
		m->crec[k] = m->crec[k] ? m->crec[k] * 2 : 256;
		m->rec[k] = xreallocarray(m->rec[k], m->crec[k],
		    sizeof *m->rec[k]);
	}
	m->rec[k][m->nrec[k]].pos = pos;
	m->rec[k][m->nrec[k]].state = state;
	m->nrec[k]++;
}

/* Walk one stretch from state s; returns the state at its end. */
static uint32_t
ac_walk(struct matcher *m, int k, const unsigned char *b, size_t from,
    size_t to, uint32_t s)
{
	const uint32_t *t = m->ac.trans;
	const uint8_t *cls = m->ac.cls;
	uint32_t mb = m->ac.match_base;
	size_t i;

	for (i = from; i < to; i++) {
		s = t[s + cls[b[i]]];
		if (MATCH_UNLIKELY(s >= mb))
			rec_push(m, k, i, s);
	}
	return s;
}

/*
 * Run the automaton over the block.  The block is cut at line starts into
 * four stretches walked in one interleaved loop: a single walk is bound by
 * the latency of its table loads, four overlap theirs (measured: 2.5-3x
 * one walk; six or eight gain nothing more; written out by hand because a
 * loop over arrays of states runs at half the speed).  Literals never hold
 * '\n', so every stretch starts at the root.
 */
static void
ac_scan(struct matcher *m, const unsigned char *b, size_t len)
{
	const uint32_t *t = m->ac.trans;
	const uint8_t *cls = m->ac.cls;
	const unsigned char *p0, *p1, *p2, *p3, *nl;
	size_t mb = m->ac.match_base, s0 = 0, s1 = 0, s2 = 0, s3 = 0;
	size_t bound[MATCH_STREAMS + 1], common, i, at;
	int k;

	for (k = 0; k < MATCH_STREAMS; k++)
		m->nrec[k] = 0;
	if (len < MATCH_STREAM_MIN) {
		ac_walk(m, 0, b, 0, len, 0);
		return;
	}
	bound[0] = 0;
	for (k = 1; k < MATCH_STREAMS; k++) {
		at = len / MATCH_STREAMS * (size_t)k;
		if (at < bound[k - 1])
			at = bound[k - 1];
		if (at > 0 && at < len && b[at - 1] != '\n') {
			nl = memchr(b + at, '\n', len - at);
			at = nl != NULL ? (size_t)(nl - b) + 1 : len;
		}
		bound[k] = at;
	}
	bound[MATCH_STREAMS] = len;
	common = len;
	for (k = 0; k < MATCH_STREAMS; k++) {
		if (bound[k + 1] - bound[k] < common)
			common = bound[k + 1] - bound[k];
	}
	p0 = b + bound[0];
	p1 = b + bound[1];
	p2 = b + bound[2];
	p3 = b + bound[3];
	for (i = 0; i < common; i++) {
		s0 = t[s0 + cls[p0[i]]];
		s1 = t[s1 + cls[p1[i]]];
		s2 = t[s2 + cls[p2[i]]];
		s3 = t[s3 + cls[p3[i]]];
		if (MATCH_UNLIKELY((s0 | s1 | s2 | s3) >= mb)) {
			if (s0 >= mb)
				rec_push(m, 0, bound[0] + i, (uint32_t)s0);
			if (s1 >= mb)
				rec_push(m, 1, bound[1] + i, (uint32_t)s1);
			if (s2 >= mb)
				rec_push(m, 2, bound[2] + i, (uint32_t)s2);
			if (s3 >= mb)
				rec_push(m, 3, bound[3] + i, (uint32_t)s3);
		}
	}
	ac_walk(m, 0, b, bound[0] + common, bound[1], (uint32_t)s0);
	ac_walk(m, 1, b, bound[1] + common, bound[2], (uint32_t)s1);
	ac_walk(m, 2, b, bound[2] + common, bound[3], (uint32_t)s2);
	ac_walk(m, 3, b, bound[3] + common, bound[4], (uint32_t)s3);
}

static void
cand_push(struct matcher *m, size_t line, size_t start, size_t end, int pat)
{
	if (m->ncand == m->ccand) {
		m->ccand = m->ccand ? m->ccand * 2 : 256;
		m->cand = xreallocarray(m->cand, m->ccand, sizeof *m->cand);
	}
	m->cand[m->ncand].line = line;
	m->cand[m->ncand].start = start;
	m->cand[m->ncand].end = end;
	m->cand[m->ncand].pat = pat;
	m->ncand++;
}

static int
mcand_cmp(const void *a, const void *b)
{
	const struct mcand *x = a, *y = b;

	return (x->pat > y->pat) - (x->pat < y->pat);
}

/* Pattern id order within each line. */
static void
cand_sort_lines(struct matcher *m)
{
	size_t i, ji;

	for (i = 0; i < m->ncand; i = ji) {
		for (ji = i + 1; ji < m->ncand &&
		    m->cand[ji].line == m->cand[i].line; ji++)
			;
		if (ji - i > 1)
			qsort(m->cand + i, ji - i, sizeof *m->cand, mcand_cmp);
	}
}

/* The line of a block that candidates are being found in. */
struct mline {
	const char	*b;
	size_t		 len;
	size_t		 line;		/* its number in the block */
	size_t		 start;		/* its first byte */
	size_t		 end;		/* its '\n', or len */
};

/* Start finding candidates in b: the first line, no pattern seen on it. */
static void
cand_begin(struct matcher *m, struct mline *c, const char *b, size_t len)
{
	const char *nl = memchr(b, '\n', len);

	c->b = b;
	c->len = len;
	c->line = 0;
	c->start = 0;
	c->end = nl != NULL ? (size_t)(nl - b) : len;
	m->ncand = 0;
	memset(m->stamp, 0, (size_t)m->npats * sizeof *m->stamp);
}

/* Move forward to the line that holds pos. */
static void
mline_seek(struct mline *c, size_t pos)
{
	const char *nl;

	while (pos > c->end) {
		c->start = c->end + 1;
		nl = memchr(c->b + c->start, '\n', c->len - c->start);
		c->end = nl != NULL ? (size_t)(nl - c->b) : c->len;
		c->line++;
	}
}

/* Atom at was found on the line: each live pattern it serves, once. */
static void
cand_atom(struct matcher *m, uint32_t at, const struct mline *c)
{
	const struct ac *ac = &m->ac;
	uint32_t q;
	int pat;

	for (q = ac->atom_off[at]; q < ac->atom_off[at + 1]; q++) {
		pat = ac->atom_pat[q];
		if (!m->active[pat] || m->pats[pat].disabled ||
		    m->stamp[pat] == c->line + 1)
			continue;
		m->stamp[pat] = c->line + 1;
		cand_push(m, c->line, c->start, c->end, pat);
	}
}

/*
 * Turn automaton positions into (line, pattern) candidates, in line order,
 * each pair once.
 */
static void
matcher_candidates(struct matcher *m, const char *b, size_t len)
{
	const struct ac *ac = &m->ac;
	const struct mrec *r;
	struct mline c;
	size_t i;
	uint32_t sk, j;
	int k;

	cand_begin(m, &c, b, len);
	for (k = 0; k < MATCH_STREAMS; k++) {
		for (i = 0; i < m->nrec[k]; i++) {
			r = &m->rec[k][i];
			sk = r->state / ac->stride - ac->match_first;
			if (!ac->state_live[sk])
				continue;
			mline_seek(&c, r->pos);
			for (j = ac->out_off[sk]; j < ac->out_off[sk + 1]; j++)
				if (ac->atom_live[ac->out_atom[j]])
					cand_atom(m, ac->out_atom[j], &c);
		}
	}
	cand_sort_lines(m);
}

/* The prefilter's records: one position per found atom, in order. */
static void
trec_push(void *ctx, size_t pos, uint32_t atom)
{
	struct matcher *m = ctx;

	if (m->ntrec == m->ctrec) {
		m->ctrec = m->ctrec ? m->ctrec * 2 : 256;
		m->trec = xreallocarray(m->trec, m->ctrec, sizeof *m->trec);
	}
	m->trec[m->ntrec].pos = pos;
	m->trec[m->ntrec].atom = atom;
	m->ntrec++;
}

/* matcher_candidates() for the prefilter's (position, atom) records. */
static void
matcher_candidates_simd(struct matcher *m, const char *b, size_t len)
{
	struct mline c;
	size_t i;

	cand_begin(m, &c, b, len);
	for (i = 0; i < m->ntrec; i++) {
		mline_seek(&c, m->trec[i].pos);
		cand_atom(m, m->trec[i].atom, &c);
	}
	cand_sort_lines(m);
}

/* One PCRE2 match: JIT with a stack grown on demand, else the interpreter. */
static int
match_subject(struct matcher *m, struct mpat *p, const char *s, size_t n)
{
	pcre2_jit_stack *js;
	size_t size;
	int rc;

	if (p->jit) {
		for (;;) {
			rc = pcre2_jit_match(p->code, (PCRE2_SPTR)s, n, 0, 0,
			    m->md, m->mctx);
			if (rc != PCRE2_ERROR_JIT_STACKLIMIT)
				return rc;
			if (m->jsize >= m->limits.pcre_jit_stack_max)
				break;
			size = m->jsize * 2;
			if (size > m->limits.pcre_jit_stack_max)
				size = m->limits.pcre_jit_stack_max;
			if ((js = pcre2_jit_stack_create(size, size, NULL)) ==
			    NULL)
				break;
			pcre2_jit_stack_free(m->jstack);
			m->jstack = js;
			m->jsize = size;
			pcre2_jit_stack_assign(m->mctx, NULL, m->jstack);
		}
	}
	return pcre2_match(p->code, (PCRE2_SPTR)s, n, 0, PCRE2_NO_JIT, m->md,
	    m->mctx);
}

/*
 * Match a line, in windows of max_line bytes overlapping by 4 KiB when it
 * is longer.  Returns PCRE2's code; *base is the window that matched.
 */
static int
match_line(struct matcher *m, struct mpat *p, const char *s, size_t n,
    const char **base)
{
	size_t max = m->limits.max_line, overlap, step, off, wl;
	int rc;

	*base = s;
	if (max == 0 || n <= max)
		return match_subject(m, p, s, n);
	overlap = MATCH_WINDOW_OVERLAP;
	if (overlap > max / 2)
		overlap = max / 2;
	step = max - overlap;
	for (off = 0;; off += step) {
		wl = n - off < max ? n - off : max;
		*base = s + off;
		rc = match_subject(m, p, s + off, wl);
		if (rc != PCRE2_ERROR_NOMATCH || off + wl >= n)
			return rc;
	}
}

/*
 * A capture as a C string for cJSON: at most MATCH_MAX_CAPTURE bytes, valid
 * UTF-8, NUL and invalid bytes replaced by U+FFFD.  Points into m->capbuf.
 */
static const char *
match_clean(struct matcher *m, const char *v, size_t vl)
{
	static const char repl[] = "\xef\xbf\xbd";
	size_t i, o, k, need;

	if (vl > MATCH_MAX_CAPTURE)
		vl = MATCH_MAX_CAPTURE;
	need = vl * 3 + 1;
	if (need > m->capcap) {
		m->capcap = need;
		m->capbuf = xreallocarray(m->capbuf, need, 1);
	}
	for (i = 0, o = 0; i < vl;) {
		k = utf8_valid_prefix(v + i, vl - i);
		for (; k > 0; k--, i++) {
			if (v[i] != '\0')
				m->capbuf[o++] = v[i];
			else {
				memcpy(m->capbuf + o, repl, 3);
				o += 3;
			}
		}
		if (i < vl) {
			memcpy(m->capbuf + o, repl, 3);
			o += 3;
			i++;
		}
	}
	m->capbuf[o] = '\0';
	return m->capbuf;
}

/* Named captures of the last match as a JSON object (free with cJSON_free). */
static char *
match_captures(struct matcher *m, struct mpat *p, const char *subj, int rc)
{
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(m->md);
	const unsigned char *e;
	const char *v;
	cJSON *obj;
	uint32_t x;
	char *s;
	int g;

	if ((obj = cJSON_CreateObject()) == NULL)
		xmalloc_fail("cJSON");
	for (x = 0; x < p->namecount; x++) {
		e = p->nametable + (size_t)x * p->nameentry;
		g = (e[0] << 8) | e[1];
		if (g >= rc || ov[2 * g] == PCRE2_UNSET ||
		    ov[2 * g + 1] < ov[2 * g])
			continue;
		if (cJSON_GetObjectItemCaseSensitive(obj,
		    (const char *)e + 2) != NULL)
			continue;
		v = match_clean(m, subj + ov[2 * g], ov[2 * g + 1] - ov[2 * g]);
		if (cJSON_AddStringToObject(obj, (const char *)e + 2, v) ==
		    NULL)
			xmalloc_fail("cJSON");
	}
	if ((s = cJSON_PrintUnformatted(obj)) == NULL)
		xmalloc_fail("cJSON");
	cJSON_Delete(obj);
	return s;
}

static const char *
match_error_name(int rc)
{
	switch (rc) {
	case PCRE2_ERROR_MATCHLIMIT:
		return "the match limit";
	case PCRE2_ERROR_DEPTHLIMIT:
		return "the depth limit";
	case PCRE2_ERROR_HEAPLIMIT:
		return "the heap limit";
	case PCRE2_ERROR_JIT_STACKLIMIT:
		return "the JIT stack limit";
	}
	return "an error";
}

/*
 * A match error on a line: report it once per pattern and source, count
 * it, and turn the pattern off after limits->rule_limit_errors of them.
 */
static void
match_error(struct matcher *m, int id, int rc, const struct problem_sink *sink,
    const char *vpath, long line_no)
{
	struct mpat *p = &m->pats[id];
	PCRE2_UCHAR msg[256];
	char name[96];

	if (vpath == NULL)
		vpath = "";
	p->errors++;
	if (p->label != NULL)
		snprintf(name, sizeof name, "%s", p->label);
	else
		snprintf(name, sizeof name, "pattern %d", id);
	if (p->err_vpath == NULL || strcmp(p->err_vpath, vpath) != 0) {
		free(p->err_vpath);
		p->err_vpath = xstrdup(vpath);
		pcre2_get_error_message(rc, msg, sizeof msg);
		problem_report(sink, PROBLEM_WARNING, PCODE_LIMIT_MATCH, vpath,
		    -1, line_no, "%s hit %s (%s); the line is not matched, "
		    "later errors in this file are only counted", name,
		    match_error_name(rc), (const char *)msg);
	}
	if (m->limits.rule_limit_errors > 0 &&
	    p->errors >= m->limits.rule_limit_errors && !p->disabled) {
		p->disabled = 1;
		m->live_dirty = 1;
		problem_report(sink, PROBLEM_WARNING, PCODE_RULE, vpath, -1,
		    line_no, "%s disabled for the rest of the run after %ld "
		    "match errors", name, p->errors);
	}
}

static int64_t
match_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/*
 * Pattern id has spent its matching time (limits->pattern_time_ms): turn
 * it off for the rest of the run and say so, so that the rule's silence
 * is not read as "did not fire".  The line in hand is still matched.
 */
static void
match_over_time(struct matcher *m, int id, const struct problem_sink *sink,
    const char *vpath, long line_no)
{
	struct mpat *p = &m->pats[id];

	if (p->disabled)
		return;
	p->disabled = 1;
	m->live_dirty = 1;
	if (p->label != NULL)
		problem_report(sink, PROBLEM_WARNING, PCODE_LIMIT_MATCH_TIME,
		    vpath != NULL ? vpath : "", -1, line_no, "%s disabled "
		    "for the rest of the run: its pattern spent over %lld ms "
		    "matching (pattern-time-ms); later hits are not counted",
		    p->label, m->limits.pattern_time_ms);
	else
		problem_report(sink, PROBLEM_WARNING, PCODE_LIMIT_MATCH_TIME,
		    vpath != NULL ? vpath : "", -1, line_no, "pattern %d "
		    "disabled for the rest of the run: it spent over %lld ms "
		    "matching (pattern-time-ms); later hits are not counted",
		    id, m->limits.pattern_time_ms);
}

/* Match candidate pattern id on one line; call fn on a hit. */
static int
matcher_try(struct matcher *m, int id, const char *b, size_t start,
    size_t end, size_t line, match_fn fn, void *ctx,
    const struct problem_sink *sink, const char *vpath, long first_line_no)
{
	struct mpat *p = &m->pats[id];
	struct match_hit hit;
	const char *base;
	size_t n = end - start;
	int64_t t0;
	int rc, status;

	if (p->disabled || !m->active[id])
		return MGT_OK;
	if (n > 0 && b[end - 1] == '\r')
		n--;
	if (m->budget_ns > 0) {
		t0 = match_now_ns();
		rc = match_line(m, p, b + start, n, &base);
		p->spent_ns += match_now_ns() - t0;
		if (MATCH_UNLIKELY(p->spent_ns > m->budget_ns))
			match_over_time(m, id, sink, vpath,
			    first_line_no + (long)line);
	} else
		rc = match_line(m, p, b + start, n, &base);
	if (rc == PCRE2_ERROR_NOMATCH)
		return MGT_OK;
	if (rc < 0) {
		match_error(m, id, rc, sink, vpath,
		    first_line_no + (long)line);
		return MGT_OK;
	}
	hit.pattern_id = id;
	hit.line = b + start;
	hit.line_len = n;
	hit.line_index = line;
	hit.m = m;
	hit.subject = base;
	hit.rc = rc;
	m->hit_json = NULL;
	status = fn(ctx, &hit);
	cJSON_free(m->hit_json);
	m->hit_json = NULL;
	return status;
}

const char *
match_hit_captures(const struct match_hit *h)
{
	struct matcher *m = h->m;
	struct mpat *p = &m->pats[h->pattern_id];

	if (p->namecount == 0)
		return NULL;
	/* The match data still holds this hit's match: nothing ran since. */
	if (m->hit_json == NULL)
		m->hit_json = match_captures(m, p, h->subject, h->rc);
	return m->hit_json;
}

const char *
match_hit_group(const struct match_hit *h, const char *name)
{
	struct matcher *m = h->m;
	struct mpat *p = &m->pats[h->pattern_id];
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(m->md);
	const unsigned char *e;
	uint32_t x;
	int g;

	/* The first set group of that name, as match_captures() takes it. */
	for (x = 0; x < p->namecount; x++) {
		e = p->nametable + (size_t)x * p->nameentry;
		g = (e[0] << 8) | e[1];
		if (strcmp((const char *)e + 2, name) != 0 || g >= h->rc ||
		    ov[2 * g] == PCRE2_UNSET || ov[2 * g + 1] < ov[2 * g])
			continue;
		return match_clean(m, h->subject + ov[2 * g],
		    ov[2 * g + 1] - ov[2 * g]);
	}
	return NULL;
}

char *
matcher_captures(struct matcher *m, int id, const char *s, size_t len)
{
	struct mpat *p;
	const char *base;
	int rc;

	if (id < 0 || id >= m->npats || m->pats[id].namecount == 0)
		return NULL;
	p = &m->pats[id];
	rc = match_line(m, p, s, len, &base);
	return rc > 0 ? match_captures(m, p, base, rc) : NULL;
}

int
matcher_scan(struct matcher *m, const char *block, size_t len, match_fn fn,
    void *ctx, const struct problem_sink *sink, const char *vpath,
    long first_line_no)
{
	const char *nl;
	size_t i, c, line, start, end;
	int rc = MGT_OK, si, id;

	if (!m->compiled && matcher_compile(m, NULL) != MGT_OK)
		return MGT_ERR_INTERNAL;
	if (m->live_dirty) {
		ac_refresh_live(m);
		m->live_dirty = 0;
	}
	if (len == 0 || m->npats == 0)
		return MGT_OK;
	m->ncand = 0;
	if (m->teddy.ok) {
		m->ntrec = 0;
		teddy_scan(&m->teddy, (const unsigned char *)block, len,
		    trec_push, m);
		matcher_candidates_simd(m, block, len);
	} else if (m->ac.natoms > 0) {
		ac_scan(m, (const unsigned char *)block, len);
		matcher_candidates(m, block, len);
	}
	if (m->nslow_live == 0) {
		for (i = 0; i < m->ncand && rc == MGT_OK; i++) {
			rc = matcher_try(m, m->cand[i].pat, block,
			    m->cand[i].start, m->cand[i].end, m->cand[i].line,
			    fn, ctx, sink, vpath, first_line_no);
		}
		return rc;
	}

	/* Slow patterns see every line, merged with the candidates. */
	c = 0;
	line = 0;
	for (start = 0; start < len && rc == MGT_OK; line++) {
		nl = memchr(block + start, '\n', len - start);
		end = nl != NULL ? (size_t)(nl - block) : len;
		si = 0;
		while (rc == MGT_OK) {
			if (c < m->ncand && m->cand[c].line == line &&
			    (si >= m->nslow_live ||
			    m->cand[c].pat < m->slow_live[si]))
				id = m->cand[c++].pat;
			else if (si < m->nslow_live)
				id = m->slow_live[si++];
			else
				break;
			rc = matcher_try(m, id, block, start, end, line, fn,
			    ctx, sink, vpath, first_line_no);
		}
		start = end + 1;
	}
	return rc;
}

int
matcher_simd_available(void)
{
	return teddy_available();
}

const char *
matcher_engine(const struct matcher *m)
{
	return m->teddy.ok ? "simd" : "automaton";
}

int
matcher_match_one(struct matcher *m, int id, const char *s, size_t len)
{
	const char *base;
	int rc;

	if (id < 0 || id >= m->npats)
		return -1;
	rc = match_line(m, &m->pats[id], s, len, &base);
	if (rc == PCRE2_ERROR_NOMATCH)
		return 0;
	return rc < 0 ? -1 : 1;
}
