/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Unit tests for match.c: literal extraction on a table of patterns, scan
 * results against a brute-force PCRE2 loop over a generated corpus, named
 * captures, line endings, NUL and invalid UTF-8, long-line windows, match
 * limits and disabling, and per-source selection.
 */
#include "config.h"

#define PCRE2_CODE_UNIT_WIDTH 8

#include <pcre2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "error.h"
#include "limits.h"
#include "match.h"
#include "match-private.h"
#include "problem.h"
#include "tap.h"
#include "xmalloc.h"

/* ---- helpers ----------------------------------------------------------- */

struct hit {
	int	 pat;
	size_t	 line;
	size_t	 len;
	char	*captures;
};

struct hits {
	struct hit	*v;
	size_t		 n;
	size_t		 cap;
	int		 stop_after;	/* MGT_ERR_LIMIT after this many */
};

/* Room for one more hit; returns it. */
static struct hit *
hits_grow(struct hits *hs)
{
	if (hs->n == hs->cap) {
		hs->cap = hs->cap ? hs->cap * 2 : 64;
		hs->v = xreallocarray(hs->v, hs->cap, sizeof *hs->v);
	}
	return &hs->v[hs->n++];
}

static int
collect(void *ctx, const struct match_hit *h)
{
	struct hits *hs = ctx;
	struct hit *x;

	x = hits_grow(hs);
	x->pat = h->pattern_id;
	x->line = h->line_index;
	x->len = h->line_len;
	x->captures = match_hit_captures(h) ? xstrdup(match_hit_captures(h)) : NULL;
	if (hs->stop_after > 0 && hs->n >= (size_t)hs->stop_after)
		return MGT_ERR_LIMIT;
	return MGT_OK;
}

static void
hits_free(struct hits *hs)
{
	size_t i;

	for (i = 0; i < hs->n; i++)
		free(hs->v[i].captures);
	free(hs->v);
	memset(hs, 0, sizeof *hs);
}

struct probs {
	int	 limit_match;
	int	 rule;
	int	 other;
	long	 last_line;
	char	 last_msg[1024];
};

static void
collect_problem(void *ctx, const struct problem *p)
{
	struct probs *ps = ctx;

	if (strcmp(p->code, PCODE_LIMIT_MATCH) == 0)
		ps->limit_match++;
	else if (strcmp(p->code, PCODE_RULE) == 0)
		ps->rule++;
	else
		ps->other++;
	ps->last_line = p->line;
	snprintf(ps->last_msg, sizeof ps->last_msg, "%s", p->message);
}

/* A matcher holding one pattern, compiled. */
static struct matcher *
one(const char *pattern, int flags)
{
	struct matcher *m;
	struct mgt_error err;

	m = matcher_new(NULL, 0);
	if (matcher_add(m, pattern, flags, &err) != 0)
		printf("# add %s: %s\n", pattern, err.msg);
	matcher_compile(m, &err);
	return m;
}

/* The literal list of a one-pattern matcher as "a|b|c", or "SLOW". */
static char *
lits_of(const char *pattern, int flags)
{
	struct matcher *m = one(pattern, flags);
	const char *l, *why;
	static char buf[1024];
	size_t o = 0;

	buf[0] = '\0';
	if (matcher_is_slow(m, 0, &why))
		snprintf(buf, sizeof buf, "SLOW");
	else if ((l = matcher_literals(m, 0)) != NULL) {
		for (; *l != '\0'; l += strlen(l) + 1)
			o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s",
			    o ? "|" : "", l);
	}
	matcher_free(m);
	return buf;
}

/* ---- literal extraction ------------------------------------------------ */

static const struct {
	const char	*pattern;
	int		 flags;
	const char	*want;		/* "a|b" (sorted as chosen) or SLOW */
} lit_table[] = {
	{ "(?i)networkpluginnotready", 0, "pluginnotready" },
	{ "networkpluginnotready", MATCH_CASELESS, "pluginnotready" },
	{ "foo|bar", 0, "foo|bar" },
	{ "(a|b)c\\d+", 0, "SLOW" },
	{ "\\[pid", 0, "[pid" },
	{ "a\\.b\\.c", 0, "a.b.c" },
	{ "\\\"quoted\\\"", 0, "\"quoted\"" },
	{ "\\x41BC", 0, "ABC" },
	{ "\\x{e9}tude", 0, "\xc3\xa9tude" },
	{ "abc?", 0, "SLOW" },
	{ "abcd?", 0, "abc" },
	{ "(?:foo|bar)baz", 0, "foobaz|barbaz" },
	{ "error(?=: )", 0, "error" },
	{ "\\Qa.b*c\\E", 0, "a.b*c" },
	{ "\\Qab\\E+cd", 0, "SLOW" },
	{ "(?x) foo \\s bar # comment", 0, "bar" },
	{ "(?x) ab c # comment", 0, "abc" },
	{ "x{3}", 0, "SLOW" },
	{ "(?:abc){2}", 0, "abc" },
	{ "(?:abc)?def", 0, "def" },
	{ "(?:abc)*", 0, "SLOW" },
	{ "[.]conf", 0, ".conf" },
	{ "[^x]abc", 0, "abc" },
	{ "foo(*ACCEPT)barbaz", 0, "SLOW" },
	{ "kubelet", MATCH_CASELESS, "ubelet" },
	{ "(?i:ERROR) Kubelet", 0, "ERROR Kubelet" },
	{ "(?i:ERROR) kubelet", MATCH_CASELESS, "ubelet" },
	{ "abc\\E?def", 0, "def" },
	{ "abc(?#comment)?def", 0, "def" },
	{ "abc\\Q\\E?def", 0, "def" },
	{ "(a)(?1)xyz", 0, "xyz" },
	{ "\\bconnection refused\\b", 0, "connection refused" },
	{ "(?|abc|def)", 0, "abc|def" },
	{ "(a)?(?(1)abc|def)", 0, "SLOW" },
	{ "a{,2}bcd", 0, "bcd" },
	/* "{ 1 }" and "{,2}" are literal in PCRE2 10.42, quantifiers later. */
	{ "bar{ 1 }baz", 0, "baz" },
	{ "bar{ 1 }bar", MATCH_CASELESS, "bar" },
	{ "abc{,2}def", 0, "def" },
	{ "abcd{1}ef", 0, "abcdef" },
	{ "abc(?:){ 1 }def", 0, "abc" },
	{ "ab{2,}cd", 0, "SLOW" },
	{ "OOMKilled|out of memory", 0, "OOMKilled|out of memory" },
	{ "foo|ba", 0, "SLOW" },
	{ "(?:abc|de)fgh", 0, "abcfgh|defgh" },
	{ "(?:abc|de)?fgh", 0, "fgh" },
	{ "(?:a|b|c|d)(?:e|f|g|h)(?:i|j|k|l)xyz", 0,
	    "ixyz|jxyz|kxyz|lxyz" },
	{ "x\\d+yz", 0, "SLOW" },
	{ "[[:alpha:]]+ is done", 0, " is done" },
	{ "[]abc]def", 0, "def" },
	{ "(?<name>abc)+", 0, "abc" },
	{ "(?P<n>abc)d", 0, "abcd" },
	{ "(?'n'abc)d", 0, "abcd" },
	{ "abc\\K def", 0, "abc def" },
	{ "^\\s*$", 0, "SLOW" },
	{ "(*UTF)(*LIMIT_MATCH=100)abcdef", 0, "abcdef" },
	{ "abc(*SKIP)(*FAIL)|defg", 0, "abc|defg" },
	{ "(?<=x)abcd(?!y)", 0, "abcd" },
	{ "abc\\nxyz", 0, "xyz" },
	{ "\\p{Lu}{3}abc", 0, "abc" },
	{ "a(?i)bcd", 0, "abcd" },
	{ "(?i)abc(?-i)DEF", 0, "abcDEF" },
	{ "(a(?i)bc|xyz)d", 0, "abcd|xyzd" },
	{ "abc(?:\\d|)def", 0, "abc" },
	{ "", 0, "SLOW" },
	{ "\\x{212a}elvin", 0, "\xe2\x84\xaa" "elvin" },
	{ "\\x{212a}elvin", MATCH_CASELESS, "elvin" },
	{ "caf\xc3\xa9", MATCH_CASELESS, "caf" },
	{ "caf\xc3\xa9+s", 0, "caf" },
	/* Extents that must follow PCRE2's rules exactly. */
	{ "[\\c]]abc", 0, "abc" },
	{ "[[:x]|abc:]foobar", 0, "SLOW" },
	{ "[[:alpha:]|]foobar", 0, "foobar" },
	{ "\\N<abcd|efgh>", 0, "<abcd|efgh>" },
	{ "a\\pL<xyz|uvw>", 0, "<xyz|uvw>" },
	{ "(?<n>ab)\\k<n>", 0, "SLOW" },
	{ "(?<n>x)\\k<n>yzw|abc", 0, "yzw|abc" },
};

static void
test_literals(void)
{
	const char *why, *l;
	struct matcher *m;
	size_t i;
	char name[256];

	for (i = 0; i < sizeof lit_table / sizeof lit_table[0]; i++) {
		snprintf(name, sizeof name, "literals of /%s/",
		    lit_table[i].pattern);
		is_str(lits_of(lit_table[i].pattern, lit_table[i].flags),
		    lit_table[i].want, name);
	}

	/* The example rule: any of its three required runs is right. */
	m = one("Marking Degraded due to: .*?\"?(?<config>rendered-[\\w-]+)"
	    "\"? not found", 0);
	l = matcher_literals(m, 0);
	ok(l != NULL && (strcmp(l, "Marking Degraded due to: ") == 0 ||
	    strcmp(l, " not found") == 0 || strcmp(l, "rendered-") == 0) &&
	    l[strlen(l) + 1] == '\0', "MCO pattern requires one of its runs");
	is_int(matcher_is_slow(m, 0, NULL), 0, "MCO pattern is not slow");
	matcher_free(m);

	m = one("(a|b)c\\d+", 0);
	ok(matcher_is_slow(m, 0, &why) && why != NULL &&
	    strstr(why, "branch (1)") != NULL, "slow reason names the branch");
	printf("# why: %s\n", why ? why : "(null)");
	matcher_free(m);

	m = one("foo(*ACCEPT)barbaz", 0);
	ok(matcher_is_slow(m, 0, &why) && strstr(why, "ACCEPT") != NULL,
	    "slow reason names (*ACCEPT)");
	matcher_free(m);
}

static void
test_compile_errors(void)
{
	struct matcher *m = matcher_new(NULL, 0);
	struct mgt_error err;
	char *big;
	int i;

	mgt_error_clear(&err);
	is_int(matcher_add(m, "abc(def", 0, &err), -1, "bad pattern rejected");
	is_int(err.offset, 7, "error offset from PCRE2");
	ok(strstr(err.msg, "missing closing parenthesis") != NULL,
	    "PCRE2's message");
	big = xmalloc(5000);
	memset(big, 'a', 4097);
	big[4097] = '\0';
	is_int(matcher_add(m, big, 0, &err), -1, "pattern over 4 KiB rejected");
	for (i = 0; i < 300; i++)
		big[i] = '(';
	big[300] = 'a';
	for (i = 0; i < 300; i++)
		big[301 + i] = ')';
	big[601] = '\0';
	is_int(matcher_add(m, big, 0, &err), -1, "nesting over 250 rejected");
	printf("# %s\n", err.msg);
	free(big);
	is_int(matcher_add(m, "ok", 0, &err), 0, "first good pattern is id 0");
	is_int(matcher_count(m), 1, "failed adds do not count");
	matcher_compile(m, &err);
	is_int(matcher_add(m, "late", 0, &err), -1, "no add after compile");
	matcher_free(m);
}

/* ---- scan against brute force ------------------------------------------ */

static const char *corpus_patterns[] = {
	("Marking Degraded due to: .*?\"?(?<config>rendered-[\\w-]+)\"? "
	    "not found"),
	"(?i)networkpluginnotready",
	"foo|bar",
	"(a|b)c\\d+",
	"\\[pid",
	"connection refused",
	"(?i)connection reset by peer",
	"error: (?<msg>.{1,20})",
	"^E\\d{4} ",
	"x509: certificate has expired",
	"(?i)certificate signed by unknown authority",
	"etcdserver: (?:request timed out|leader changed)",
	"context deadline exceeded",
	"Failed to pull image \"(?<image>[^\"]+)\"",
	"OOMKilled|out of memory",
	"panic: ",
	"(?i)segfault|core dumped",
	"\\bno space left on device\\b",
	"level=(?:error|fatal)",
	"dial tcp [\\d.]+:\\d+: i/o timeout",
	"apiserver.*not ready",
	"(?:Readiness|Liveness) probe failed",
	"BackOff",
	"CrashLoopBackOff",
	"node (?<node>\\S+) is NotReady",
	"ImagePullBackOff|ErrImagePull",
	"(?i)TLS handshake timeout",
	"\\d+\\.\\d+\\.\\d+\\.\\d+",
	"^\\s*$",
	"[A-Z]{5,}",
	"unable to (?:connect|reach) (?:to )?(?<host>[\\w.-]+)",
	"(?x) disk \\s+ pressure  # comment",
	"\\Qa.b*c\\E",
	"\xc3\xa9+tude",
	"(?i)kubelet",
	"(?i)SSL",
	"Starting (?!Network)\\w+",
	"(?<=pod=)\\w+-(?<id>[a-f0-9]{5})",
	"mismatch.{0,20}hash",
	"lease(?:s)? (?:expired|lost)",
	"quota exceeded|limit reached|throttl(?:ed|ing)",
	"\\x{e9}tude",
	"abc(?#comment)?def",
	"(?|err(or)?|warn(ing)?)",
	"[.]conf",
	"timeout\\r?$",
	"NUL\\x00BYTE",
	"(?i)StAtUs=500",
	"(?m)^trace",
	"done\\.$",
	"(?i)\\bSTATUS\\b.*\\bKelvin\\b",
	"x{0}yzzy",
};
#define NCORPUS_PATTERNS \
	(int)(sizeof corpus_patterns / sizeof corpus_patterns[0])
static const int corpus_flags[NCORPUS_PATTERNS] = {
	[26] = MATCH_CASELESS, [30] = MATCH_CASELESS,
};

static const char *vocab[] = {
	"the", "pod", "node", "kubelet", "Kubelet", "KUBELET", "error:",
	"Error", "level=error", "level=info", "level=fatal", "failed",
	"connection", "refused", "reset", "by", "peer", "Connection",
	"Reset", "BY", "PEER", "certificate", "has", "expired", "x509:",
	"signed", "unknown", "authority", "etcdserver:", "request",
	"timed", "out", "leader", "changed", "context", "deadline",
	"exceeded", "Failed", "to", "pull", "image", "\"quay.io/x:1\"",
	"OOMKilled", "of", "memory", "panic:", "segfault", "core",
	"dumped", "no", "space", "left", "on", "device", "dial", "tcp",
	"10.0.0.1:6443:", "i/o", "timeout", "apiserver", "not", "ready",
	"Readiness", "Liveness", "probe", "BackOff", "CrashLoopBackOff",
	"NotReady", "is", "ImagePullBackOff", "ErrImagePull", "TLS",
	"handshake", "tls", "HANDSHAKE", "TIMEOUT", "unable", "reach",
	"connect", "disk", "pressure", "a.b*c", "\xc3\xa9tude",
	"\xc3\xa9\xc3\xa9tude", "SSL", "ssl", "\xc5\xbfsl",
	"\xe2\x84\xaa" "ubelet", "Starting", "Network", "NetworkManager",
	"pod=web-abc12", "pod=x-1f2e3", "mismatch", "hash", "lease",
	"leases", "lost", "quota", "limit", "reached", "throttled",
	"throttling", "abcdef", "abc", "def", "err", "warning", "warn",
	"x.conf", "NUL", "BYTE", "STATUS=500", "status=500", "trace",
	"done.", "Kelvin", "\xe2\x84\xaa" "elvin", "yzzy", "foo", "bar",
	"ac123", "bc9", "[pid", "[pid]", "E0914", "Marking", "Degraded",
	"due", "Marking Degraded due to:", "\"rendered-worker-1a2b\"",
	"rendered-master-ff", "found", "networkPluginNotReady",
	"NetworkPluginNotReady", "network\xe2\x84\xaaPluginNotReady",
};
#define NVOCAB (int)(sizeof vocab / sizeof vocab[0])

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static uint32_t
rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint32_t)(rng_state >> 16);
}

/* A corpus of nlines generated lines; returns its length in *len. */
static char *
gen_corpus(int nlines, size_t *len)
{
	size_t cap = 1 << 16, n = 0, wl;
	char *b = xmalloc(cap);
	const char *w;
	int i, j, words;
	char tmp[64];

	for (i = 0; i < nlines; i++) {
		words = (int)(rng() % 14);
		if (rng() % 10 == 0)
			words = 0;
		for (j = 0; j < words; j++) {
			w = vocab[rng() % NVOCAB];
			switch (rng() % 40) {
			case 0:
				w = "\xff\xfe";		/* invalid UTF-8 */
				break;
			case 1:
				snprintf(tmp, sizeof tmp, "%u.%u.%u.%u",
				    rng() % 256, rng() % 256, rng() % 256,
				    rng() % 256);
				w = tmp;
				break;
			}
			wl = strlen(w);
			if (n + wl + 8 > cap) {
				cap *= 2;
				b = xreallocarray(b, cap, 1);
			}
			if (j > 0)
				b[n++] = rng() % 8 == 0 ? '\t' : ' ';
			memcpy(b + n, w, wl);
			n += wl;
			if (rng() % 60 == 0)
				b[n++] = '\0';
			if (rng() % 50 == 0 && strcmp(w, "NUL") == 0) {
				b[n++] = '\0';
				memcpy(b + n, "BYTE", 4);
				n += 4;
			}
		}
		if (rng() % 7 == 0)
			b[n++] = '\r';
		if (i < nlines - 1 || rng() % 2)
			b[n++] = '\n';
	}
	*len = n;
	return b;
}

/* Every pattern on every line with plain pcre2_match. */
static void
brute_force(const char **pats, const int *flags, int npat,
    const unsigned char *active, const char *b, size_t len, struct hits *out)
{
	pcre2_code *code[128];
	pcre2_match_data *md;
	PCRE2_SIZE eo;
	size_t start = 0, end, line = 0, n;
	const char *nl;
	int i, e;

	for (i = 0; i < npat; i++) {
		code[i] = pcre2_compile((PCRE2_SPTR)pats[i],
		    PCRE2_ZERO_TERMINATED, PCRE2_UTF | PCRE2_MATCH_INVALID_UTF |
		    ((flags != NULL && (flags[i] & MATCH_CASELESS)) ?
		    PCRE2_CASELESS : 0), &e, &eo, NULL);
	}
	md = pcre2_match_data_create(32, NULL);
	while (start < len) {
		nl = memchr(b + start, '\n', len - start);
		end = nl != NULL ? (size_t)(nl - b) : len;
		n = end - start;
		if (n > 0 && b[end - 1] == '\r')
			n--;
		for (i = 0; i < npat; i++) {
			if (active != NULL && !active[i])
				continue;
			if (code[i] != NULL && pcre2_match(code[i],
			    (PCRE2_SPTR)(b + start), n, 0, 0, md, NULL) > 0) {
				struct hit *x = hits_grow(out);

				x->pat = i;
				x->line = line;
				x->len = n;
				x->captures = NULL;
			}
		}
		start = end + 1;
		line++;
	}
	pcre2_match_data_free(md);
	for (i = 0; i < npat; i++)
		pcre2_code_free(code[i]);
}

/* Whether two hit lists agree (line numbers shifted by base in got). */
static int
same_hits(const struct hits *got, const struct hits *want)
{
	size_t i;

	if (got->n != want->n) {
		printf("#   %zu hits, brute force %zu\n", got->n, want->n);
	}
	for (i = 0; i < got->n && i < want->n; i++) {
		if (got->v[i].pat != want->v[i].pat ||
		    got->v[i].line != want->v[i].line ||
		    got->v[i].len != want->v[i].len) {
			printf("#   hit %zu: pattern %d line %zu, brute force "
			    "pattern %d line %zu\n", i, got->v[i].pat,
			    got->v[i].line, want->v[i].pat, want->v[i].line);
			return 0;
		}
	}
	return got->n == want->n;
}

/* Scan b in blocks of up to maxlines whole lines; hits get global lines. */
static void
scan_blocks(struct matcher *m, const char *b, size_t len, int maxlines,
    struct hits *out)
{
	struct hits part;
	size_t start = 0, end, line = 0, i;
	const char *nl;
	int k, want;

	memset(&part, 0, sizeof part);
	while (start < len) {
		want = maxlines > 0 ? 1 + (int)(rng() % (uint32_t)maxlines) :
		    INT32_MAX;
		end = start;
		for (k = 0; k < want && end < len; k++) {
			nl = memchr(b + end, '\n', len - end);
			end = nl != NULL ? (size_t)(nl - b) + 1 : len;
		}
		matcher_scan(m, b + start, end - start, collect, &part, NULL,
		    "corpus", 1);
		for (i = 0; i < part.n; i++) {
			struct hit *x = hits_grow(out);

			*x = part.v[i];
			x->line += line;
		}
		free(part.v);
		memset(&part, 0, sizeof part);
		line += (size_t)k;
		start = end;
	}
}

/*
 * The corpus test, with the engine the matcher picks: the SIMD prefilter
 * where the CPU has it and few atoms are live (simd_seen counts the scans
 * that used it), or the automaton (MATCHER_NO_SIMD in flags).
 */
static void
test_corpus(const char *engine, int flags)
{
	struct matcher *m;
	struct mgt_error err;
	struct hits got, want;
	unsigned char active[NCORPUS_PATTERNS];
	size_t len, i;
	char *b;
	int id, bad = 0, nslow = 0, round, simd_seen = 0;
	char name[160];

	b = gen_corpus(20000, &len);
	m = matcher_new(NULL, flags);
	for (i = 0; i < (size_t)NCORPUS_PATTERNS; i++) {
		id = matcher_add(m, corpus_patterns[i], corpus_flags[i], &err);
		if (id != (int)i) {
			printf("# pattern %zu: %s\n", i, err.msg);
			bad++;
		}
		nslow += matcher_is_slow(m, (int)i, NULL);
	}
	is_int(bad, 0, "all corpus patterns compile");
	printf("# %d patterns, %d slow, corpus %zu bytes\n",
	    NCORPUS_PATTERNS, nslow, len);
	is_int(matcher_compile(m, &err), MGT_OK, "automaton builds");

	memset(&want, 0, sizeof want);
	brute_force(corpus_patterns, corpus_flags, NCORPUS_PATTERNS, NULL, b,
	    len, &want);
	printf("# brute force: %zu hits\n", want.n);
	ok(want.n > 1000, "the corpus has many hits");

	memset(&got, 0, sizeof got);
	scan_blocks(m, b, len, 0, &got);
	ok(same_hits(&got, &want), "one block: scan equals brute force");
	hits_free(&got);
	scan_blocks(m, b, len, 40, &got);
	ok(same_hits(&got, &want), "small blocks: scan equals brute force");
	hits_free(&got);
	scan_blocks(m, b, len, 3000, &got);
	ok(same_hits(&got, &want), "large blocks: scan equals brute force");
	hits_free(&got);
	hits_free(&want);

	/* Random selections: a third, then an eighth of the patterns. */
	for (round = 0; round < 10; round++) {
		for (i = 0; i < (size_t)NCORPUS_PATTERNS; i++)
			active[i] = rng() % (round < 4 ? 3 : 8) == 0;
		matcher_select(m, active);
		brute_force(corpus_patterns, corpus_flags, NCORPUS_PATTERNS,
		    active, b, len, &want);
		scan_blocks(m, b, len, 500, &got);
		simd_seen += strcmp(matcher_engine(m), "simd") == 0;
		snprintf(name, sizeof name, "%s, selection (%s): scan equals "
		    "brute force", engine, matcher_engine(m));
		ok(same_hits(&got, &want), name);
		hits_free(&got);
		hits_free(&want);
	}
	if (strcmp(engine, "simd") == 0 && teddy_available()) {
		snprintf(name, sizeof name, "the SIMD prefilter ran on %d "
		    "of 10 selections", simd_seen);
		ok(simd_seen > 0, name);
	} else
		ok(strcmp(matcher_engine(m), "automaton") == 0,
		    "the automaton ran");
	memset(active, 0, sizeof active);
	matcher_select(m, active);
	scan_blocks(m, b, len, 0, &got);
	is_int(got.n, 0, "nothing selected: no hits");
	hits_free(&got);
	matcher_free(m);
	free(b);
}

/* ---- the SIMD prefilter against a naive search -------------------------- */

struct tfound {
	size_t		 start;
	uint32_t	 atom;
};

struct tfounds {
	struct tfound	*v;
	size_t		 n, cap;
	const struct teddy *t;
};

static void
tfound_push(struct tfounds *f, size_t start, uint32_t atom)
{
	if (f->n == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 64;
		f->v = xreallocarray(f->v, f->cap, sizeof *f->v);
	}
	f->v[f->n].start = start;
	f->v[f->n].atom = atom;
	f->n++;
}

static void
teddy_collect(void *ctx, size_t p, uint32_t id)
{
	struct tfounds *f = ctx;
	uint32_t i;

	/* p is where the fingerprint is: back to where the atom starts. */
	for (i = 0; i < f->t->natoms; i++)
		if (f->t->atoms[i].id == id)
			tfound_push(f, p - f->t->atoms[i].off, id);
}

static int
tfound_cmp(const void *a, const void *b)
{
	const struct tfound *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return (x->atom > y->atom) - (x->atom < y->atom);
}

/* Random atoms, planted in random text in random case, found exactly. */
static void
test_teddy(void)
{
	static const char alpha[] = "abcdefgxyz019 :/._-\"'\x80\xc1\xe9";
	struct lit atoms[TEDDY_MAX_ATOMS], *ap[TEDDY_MAX_ATOMS];
	uint32_t fpoff[TEDDY_MAX_ATOMS];
	unsigned char live[TEDDY_MAX_ATOMS], *text;
	struct tfounds got, want;
	struct teddy t;
	size_t len, i, k, n, q;
	uint32_t a;
	int round, same, bad = 0;

	if (!teddy_available()) {
		printf("# no AVX2: the SIMD prefilter is not used here\n");
		ok(1, "SIMD prefilter: skipped, no AVX2");
		return;
	}
	memset(&got, 0, sizeof got);
	memset(&want, 0, sizeof want);
	for (round = 0; round < 40; round++) {
		n = 1 + rng() % TEDDY_MAX_ATOMS;
		for (i = 0; i < n; i++) {
			atoms[i].len = 4 + rng() % 12;
			atoms[i].s = xmalloc(atoms[i].len + 1);
			for (k = 0; k < atoms[i].len; k++)
				atoms[i].s[k] = alpha[rng() % (sizeof alpha - 1)];
			ap[i] = &atoms[i];
			fpoff[i] = teddy_fingerprint((unsigned char *)
			    atoms[i].s, (uint32_t)atoms[i].len);
			live[i] = rng() % 5 != 0;
		}
		/* Short texts test the tail, long ones the vector loop. */
		len = round < 20 ? (size_t)round : 2000 + rng() % 50000;
		text = xmalloc(len + 1);
		for (k = 0; k < len; k++)
			text[k] = (unsigned char)alpha[rng() % (sizeof alpha - 1)];
		for (k = 0; k + 20 < len && k < len / 8; k++) {
			a = rng() % (uint32_t)n;
			q = k == 0 ? 0 : k == 1 ? len - atoms[a].len :
			    rng() % (len - atoms[a].len);
			for (i = 0; i < atoms[a].len; i++)
				text[q + i] = rng() % 2 &&
				    atoms[a].s[i] >= 'a' && atoms[a].s[i] <= 'z' ?
				    (unsigned char)(atoms[a].s[i] - 32) :
				    (unsigned char)atoms[a].s[i];
		}
		got.n = want.n = 0;
		if (teddy_build(&t, (const struct lit *const *)ap, fpoff, live,
		    (uint32_t)n)) {
			got.t = &t;
			teddy_scan(&t, text, len, teddy_collect, &got);
		}
		for (a = 0; a < n; a++) {
			if (!live[a])
				continue;
			for (k = 0; k + atoms[a].len <= len; k++) {
				for (i = 0; i < atoms[a].len; i++)
					if (match_fold(text[k + i]) !=
					    (unsigned char)atoms[a].s[i])
						break;
				if (i == atoms[a].len)
					tfound_push(&want, k, a);
			}
		}
		if (got.n > 1)
			qsort(got.v, got.n, sizeof *got.v, tfound_cmp);
		if (want.n > 1)
			qsort(want.v, want.n, sizeof *want.v, tfound_cmp);
		same = got.n == want.n;
		for (k = 0; same && k < got.n; k++)
			same = got.v[k].start == want.v[k].start &&
			    got.v[k].atom == want.v[k].atom;
		if (!same) {
			printf("#   round %d: %zu found, %zu by naive search\n",
			    round, got.n, want.n);
			bad++;
		}
		for (i = 0; i < n; i++)
			free(atoms[i].s);
		free(text);
	}
	is_int(bad, 0, "SIMD prefilter: every occurrence of every live atom, "
	    "in 40 random rounds");
	free(got.v);
	free(want.v);
}

/* ---- specific behaviours ----------------------------------------------- */

static void
test_captures(void)
{
	struct matcher *m;
	struct mgt_error err;
	struct hits hs;
	static const char block[] = "E0914 Marking Degraded due to: "
	    "machineconfig.machineconfiguration.openshift.io "
	    "\"rendered-worker-3f2a\" not found\n"
	    "user=a\"b\\c\n"
	    "plain text\n"
	    "v=tab\there \x01 nul\0end\n";

	m = matcher_new(NULL, 0);
	matcher_add(m, "Marking Degraded due to: .*?\"?(?<config>rendered-"
	    "[\\w-]+)\"? not found", 0, &err);
	matcher_add(m, "user=(?<user>\\S+)(?: (?<opt>opt))?", 0, &err);
	matcher_add(m, "plain (text)", 0, &err);
	matcher_add(m, "v=(?<v>.*)$", 0, &err);
	matcher_compile(m, &err);
	memset(&hs, 0, sizeof hs);
	matcher_scan(m, block, sizeof block - 1, collect, &hs, NULL, "x", 1);
	is_int(hs.n, 4, "four hits");
	if (hs.n == 4) {
		is_str(hs.v[0].captures,
		    "{\"config\":\"rendered-worker-3f2a\"}", "named capture");
		is_str(hs.v[1].captures, "{\"user\":\"a\\\"b\\\\c\"}",
		    "escaped capture; unset group left out");
		is_str(hs.v[2].captures, NULL, "no named groups: NULL");
		is_str(hs.v[3].captures, "{\"v\":\"tab\\there \\u0001 "
		    "nul\xef\xbf\xbd" "end\"}",
		    "control characters and NUL in a capture");
	}
	hits_free(&hs);
	matcher_free(m);
}

static void
test_line_endings(void)
{
	struct matcher *m;
	struct mgt_error err;
	struct hits hs;
	static const char crlf[] = "one foo\r\ntwo bar\r\n\r\nthree foo";
	static const char nul[] = "abc\0needle xyz\nno\n\0\0needle\0\n";
	static const char bad[] = "\xff\xfe" "error: disk \xc3 full\n"
	    "\xc3\x28 ERROR \xed\xa0\x80 x\n";

	m = matcher_new(NULL, 0);
	matcher_add(m, "foo$", 0, &err);
	matcher_add(m, "^two bar$", 0, &err);
	matcher_add(m, "^$", 0, &err);
	matcher_compile(m, &err);
	memset(&hs, 0, sizeof hs);
	matcher_scan(m, crlf, sizeof crlf - 1, collect, &hs, NULL, "x", 1);
	is_int(hs.n, 4, "CRLF: four hits");
	if (hs.n == 4) {
		ok(hs.v[0].pat == 0 && hs.v[0].line == 0 && hs.v[0].len == 7,
		    "CRLF: \\r is not part of the line");
		ok(hs.v[1].pat == 1 && hs.v[1].line == 1, "CRLF: anchored");
		ok(hs.v[2].pat == 2 && hs.v[2].line == 2, "CRLF: empty line");
		ok(hs.v[3].pat == 0 && hs.v[3].line == 3 && hs.v[3].len == 9,
		    "last line without newline");
	}
	hits_free(&hs);
	matcher_free(m);

	m = matcher_new(NULL, 0);
	matcher_add(m, "needle", 0, &err);
	matcher_add(m, "c\\x00n", 0, &err);
	matcher_add(m, "needle\\x00$", 0, &err);
	matcher_compile(m, &err);
	matcher_scan(m, nul, sizeof nul - 1, collect, &hs, NULL, "x", 1);
	is_int(hs.n, 4, "NUL bytes: four hits");
	if (hs.n == 4) {
		ok(hs.v[0].pat == 0 && hs.v[0].line == 0 && hs.v[0].len == 14,
		    "NUL inside a line: matched as bytes");
		ok(hs.v[1].pat == 1 && hs.v[1].line == 0, "pattern with NUL");
		ok(hs.v[2].pat == 0 && hs.v[2].line == 2, "NUL-led line");
		ok(hs.v[3].pat == 2 && hs.v[3].line == 2, "NUL at the end");
	}
	hits_free(&hs);
	matcher_free(m);

	m = matcher_new(NULL, 0);
	matcher_add(m, "disk", 0, &err);
	matcher_add(m, "(?i)error", 0, &err);
	matcher_add(m, "error: \\w+", 0, &err);
	matcher_compile(m, &err);
	matcher_scan(m, bad, sizeof bad - 1, collect, &hs, NULL, "x", 1);
	is_int(hs.n, 4, "invalid UTF-8: matches around bad bytes");
	hits_free(&hs);
	ok(matcher_match_one(m, 1, "\xff" "ERROR", 6) == 1,
	    "match_one on invalid UTF-8");
	matcher_free(m);
}

static void
test_long_line(void)
{
	struct matcher *m;
	struct mgt_error err;
	struct hits hs;
	size_t len = 10u << 20, seam = (size_t)1 << 20, i;
	char *b;

	b = xmalloc(len + 32);
	for (i = 0; i < len; i++)
		b[i] = (char)('a' + i % 23);
	/* Straddles the end of the first 1 MiB window. */
	memcpy(b + seam - 5, "NEEDLE-XYZ", 10);
	/* In the overlap of windows 2 and 3: found twice, reported once. */
	memcpy(b + 2 * (seam - 4096) + 100, "DOUBLE-HIT", 10);
	b[len] = '\n';
	memcpy(b + len + 1, "short NEEDLE-XYZ line\n", 22);
	m = matcher_new(NULL, 0);
	matcher_add(m, "NEEDLE-XYZ", 0, &err);
	matcher_add(m, "DOUBLE-HIT", 0, &err);
	matcher_add(m, "^abc", 0, &err);
	matcher_compile(m, &err);
	memset(&hs, 0, sizeof hs);
	matcher_scan(m, b, len + 23, collect, &hs, NULL, "x", 1);
	is_int(hs.n, 4, "10 MB line: each hit once");
	if (hs.n == 4) {
		ok(hs.v[0].pat == 0 && hs.v[0].line == 0 &&
		    hs.v[0].len == len, "match across a window seam");
		ok(hs.v[1].pat == 1 && hs.v[1].line == 0, "overlap: once");
		ok(hs.v[2].pat == 2 && hs.v[2].line == 0, "anchored: start");
		ok(hs.v[3].pat == 0 && hs.v[3].line == 1, "next line");
	}
	hits_free(&hs);
	matcher_free(m);
	free(b);
}

static void
test_limits(void)
{
	struct mgt_limits lim;
	struct matcher *m;
	struct mgt_error err;
	struct hits hs;
	struct probs ps;
	struct problem_sink sink = { collect_problem, &ps };
	size_t n = 50000, i, len;
	char *b;
	clock_t t0;
	double secs;

	b = xmalloc(6 * (n + 2));
	len = 0;
	for (i = 0; i < 5; i++) {
		memset(b + len, 'a', n);
		len += n;
		b[len++] = '!';
		b[len++] = '\n';
	}
	limits_default(&lim);
	lim.rule_limit_errors = 3;
	m = matcher_new(&lim, 0);
	matcher_add(m, "^(a+)+$", 0, &err);
	matcher_add(m, "a!", 0, &err);
	matcher_set_label(m, 0, "test.catastrophic/evil");
	matcher_compile(m, &err);
	memset(&hs, 0, sizeof hs);
	memset(&ps, 0, sizeof ps);
	t0 = clock();
	matcher_scan(m, b, n + 2, collect, &hs, &sink, "f.log", 41);
	secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
	printf("# catastrophic pattern on 50 KB: %.3f s\n", secs);
	ok(secs < 10, "catastrophic pattern does not hang");
	is_int(ps.limit_match, 1, "one limit-match problem");
	is_int(ps.last_line, 41, "problem carries the line number");
	ok(strstr(ps.last_msg, "test.catastrophic/evil") != NULL,
	    "problem names the pattern's label");
	printf("# %s\n", ps.last_msg);
	is_int(hs.n, 1, "other patterns unaffected");
	hits_free(&hs);

	memset(&ps, 0, sizeof ps);
	matcher_scan(m, b, len, collect, &hs, &sink, "f.log", 1);
	is_int(ps.limit_match, 0, "same source: errors counted, not repeated");
	is_int(ps.rule, 1, "pattern disabled after 3 errors");
	is_int(hs.n, 5, "the other pattern still matches every line");
	hits_free(&hs);

	memset(&ps, 0, sizeof ps);
	t0 = clock();
	matcher_scan(m, b, len, collect, &hs, &sink, "g.log", 1);
	secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
	is_int(ps.limit_match + ps.rule, 0, "disabled pattern not run again");
	ok(secs < 0.5, "disabled pattern costs nothing");
	hits_free(&hs);
	matcher_free(m);

	/* Deep recursion: the JIT stack grows; past its cap, the
	 * interpreter runs under the depth limit. */
	for (i = 0; i < n; i++)
		b[i] = (char)(i % 2 ? 'a' : 'b');
	b[n - 1] = 'c';
	b[n] = '\n';
	limits_default(&lim);
	m = matcher_new(&lim, 0);
	matcher_add(m, "(?:(a)|b)*c", 0, &err);
	matcher_compile(m, &err);
	memset(&ps, 0, sizeof ps);
	matcher_scan(m, b, n + 1, collect, &hs, &sink, "deep.log", 1);
	is_int(hs.n, 1, "deep recursion: JIT stack grown, match found");
	is_int(ps.limit_match, 0, "deep recursion: no limit hit at 8 MiB");
	hits_free(&hs);
	matcher_free(m);

	lim.pcre_jit_stack_max = 64 << 10;
	m = matcher_new(&lim, 0);
	matcher_add(m, "(?:(a)|b)*c", 0, &err);
	matcher_compile(m, &err);
	memset(&ps, 0, sizeof ps);
	matcher_scan(m, b, n + 1, collect, &hs, &sink, "deep.log", 1);
	printf("# capped JIT stack: %zu hits, %d limit problems: %s\n", hs.n,
	    ps.limit_match, ps.last_msg);
	ok(hs.n + (size_t)ps.limit_match == 1,
	    "capped JIT stack: interpreter result or a limit problem");
	hits_free(&hs);
	matcher_free(m);
	free(b);
}

static void
test_select_and_stop(void)
{
	struct matcher *m;
	struct mgt_error err;
	struct hits hs;
	unsigned char act[3] = { 0, 1, 0 };
	static const char block[] = "alpha beta\nbeta gamma\ngamma alpha\n";

	m = matcher_new(NULL, 0);
	matcher_add(m, "alpha", 0, &err);
	matcher_add(m, "beta", 0, &err);
	matcher_add(m, "gam+a", 0, &err);
	matcher_compile(m, &err);
	memset(&hs, 0, sizeof hs);
	matcher_scan(m, block, sizeof block - 1, collect, &hs, NULL, "x", 1);
	is_int(hs.n, 6, "all enabled: six hits");
	if (hs.n == 6)
		ok(hs.v[0].pat == 0 && hs.v[1].pat == 1 && hs.v[2].pat == 1 &&
		    hs.v[3].pat == 2 && hs.v[4].pat == 0 && hs.v[5].pat == 2,
		    "line order, then pattern id order");
	hits_free(&hs);
	matcher_select(m, act);
	act[0] = 1;	/* the matcher keeps its own copy */
	matcher_scan(m, block, sizeof block - 1, collect, &hs, NULL, "x", 1);
	is_int(hs.n, 2, "selection: only beta");
	hits_free(&hs);
	act[2] = 1;
	matcher_select(m, act);
	hs.stop_after = 2;
	is_int(matcher_scan(m, block, sizeof block - 1, collect, &hs, NULL,
	    "x", 1), MGT_ERR_LIMIT, "callback status ends the scan");
	is_int(hs.n, 2, "no hits after the callback said stop");
	hits_free(&hs);
	is_int(matcher_match_one(m, 2, "gammma", 6), 1, "match_one hit");
	is_int(matcher_match_one(m, 2, "gaa", 3), 0, "match_one miss");
	is_int(matcher_scan(m, "", 0, collect, &hs, NULL, "x", 1), MGT_OK,
	    "empty block");
	is_int(hs.n, 0, "empty block: no hits");
	matcher_free(m);

	/* No patterns at all. */
	m = matcher_new(NULL, 0);
	is_int(matcher_compile(m, &err), MGT_OK, "empty matcher compiles");
	is_int(matcher_scan(m, block, sizeof block - 1, collect, &hs, NULL,
	    "x", 1), MGT_OK, "empty matcher scans");
	matcher_free(m);
}

/*
 * Settings belong to a matcher, not to the process: two matchers alive at
 * once, one without SIMD and without JIT, each keep their own, and both
 * find the same lines.
 */
static void
test_settings_per_matcher(void)
{
	struct matcher *a, *b;
	struct mgt_error err;
	struct hits ha, hb;
	static const char text[] = "one\nthe error is here\nthree\n";

	a = matcher_new(NULL, 0);
	b = matcher_new(NULL, MATCHER_NO_SIMD | MATCHER_NO_JIT);
	ok(matcher_add(a, "error is (\\w+)", 0, &err) == 0 &&
	    matcher_add(b, "error is (\\w+)", 0, &err) == 0,
	    "two matchers: same pattern added");
	ok(matcher_compile(a, &err) == MGT_OK &&
	    matcher_compile(b, &err) == MGT_OK, "two matchers: compiled");
	is_str(matcher_engine(b), "automaton",
	    "MATCHER_NO_SIMD: this matcher uses the automaton");
	if (matcher_simd_available())
		is_str(matcher_engine(a), "simd",
		    "the other matcher keeps the SIMD prefilter");
	else
		ok(1, "# SKIP no AVX2: the other matcher cannot use SIMD");
	memset(&ha, 0, sizeof ha);
	memset(&hb, 0, sizeof hb);
	scan_blocks(a, text, sizeof text - 1, 0, &ha);
	scan_blocks(b, text, sizeof text - 1, 0, &hb);
	ok(ha.n == 1 && same_hits(&ha, &hb),
	    "JIT and SIMD or neither: the same hit");
	hits_free(&ha);
	hits_free(&hb);
	matcher_free(a);
	matcher_free(b);
}

int
main(void)
{
	test_literals();
	test_compile_errors();
	test_teddy();
	test_corpus("simd", 0);
	/* Again with the automaton alone: both must equal brute force. */
	test_corpus("automaton", MATCHER_NO_SIMD);
	test_settings_per_matcher();
	test_captures();
	test_line_endings();
	test_long_line();
	test_limits();
	test_select_and_stop();
	return done_testing();
}
