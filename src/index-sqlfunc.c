/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SQL functions for rules and queries: regexp() over PCRE2 (JIT, a small
 * per-connection cache of compiled patterns, match and depth limits),
 * IPv4/IPv6 CIDR tests, RFC3339 <-> UTC microseconds, Go durations to
 * seconds, and the subject CN
 * of a CSR's PEM request.  All are deterministic and free of side effects.
 */
#include "config.h"

#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <cjson/cJSON.h>
#include <pcre2.h>
#include <sqlite3.h>

#include "error.h"
#include "index.h"
#include "index-private.h"
#include "mgt-limits.h"
#include "mgt-time.h"
#include "regex.h"
#include "utf8.h"
#include "xmalloc.h"

#define SQLFUNC_RE_CACHE	16		/* patterns per connection */
#define SQLFUNC_JIT_STACK_MIN	(32 * 1024)
#define SQLFUNC_IP_MAX		64		/* longest address text */
#define SQLFUNC_CSR_MAX		(64 * 1024)	/* longest CSR request */
#define SQLFUNC_CN_MAX		1024		/* longest CN returned */

#define SQLFUNC_FLAGS (SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS)

/* ---- time ------------------------------------------------------------- */

/* mgt_ts(text): RFC3339 -> UTC microseconds; an integer passes through. */
static void
sqlfunc_mgt_ts(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	const char *s;
	int64_t us;

	switch (sqlite3_value_type(argv[0])) {
	case SQLITE_INTEGER:
		sqlite3_result_int64(ctx, sqlite3_value_int64(argv[0]));
		return;
	case SQLITE_TEXT:
		s = (const char *)sqlite3_value_text(argv[0]);
		if (s != NULL && time_parse(s,
		    (size_t)sqlite3_value_bytes(argv[0]), &us)) {
			sqlite3_result_int64(ctx, us);
			return;
		}
		break;
	}
	sqlite3_result_null(ctx);
}

/* mgt_time(us): UTC microseconds -> "YYYY-MM-DDTHH:MM:SS.ffffffZ". */
static void
sqlfunc_mgt_time(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	char buf[MGT_TIME_BUFSZ];

	if (sqlite3_value_numeric_type(argv[0]) != SQLITE_INTEGER ||
	    time_format(sqlite3_value_int64(argv[0]), buf,
	    sizeof buf) == NULL) {
		sqlite3_result_null(ctx);
		return;
	}
	sqlite3_result_text(ctx, buf, -1, SQLITE_TRANSIENT);
}

/*
 * Parse a Go time.Duration string ("1.2s", "350ms", "8m0.64s", "500µs",
 * "-1h2m", "0s") into seconds.  Units: ns, us, µs (U+00B5), μs (U+03BC),
 * ms, s, m, h; each number may have a fraction.  Returns 1 and stores
 * the seconds in *out, or 0 when s is not such a string.
 */
static int
sqlfunc_duration(const char *s, size_t len, double *out)
{
	static const struct {
		const char	*u;
		double		 mult;
	} units[] = {
		{ "ns", 1e-9 }, { "us", 1e-6 }, { "\xc2\xb5s", 1e-6 },
		{ "\xce\xbcs", 1e-6 }, { "ms", 1e-3 }, { "s", 1.0 },
		{ "m", 60.0 }, { "h", 3600.0 },
	};
	double total = 0, v, scale;
	size_t i = 0, k, ul;
	int neg = 0, digits, terms = 0;

	if (len > 0 && (s[0] == '-' || s[0] == '+')) {
		neg = s[0] == '-';
		i++;
	}
	if (i == len)
		return 0;
	if (len - i == 1 && s[i] == '0') {
		*out = 0;
		return 1;
	}
	while (i < len) {
		v = 0;
		digits = 0;
		while (i < len && s[i] >= '0' && s[i] <= '9') {
			v = v * 10 + (s[i++] - '0');
			digits++;
		}
		if (i < len && s[i] == '.') {
			i++;
			scale = 0.1;
			while (i < len && s[i] >= '0' && s[i] <= '9') {
				v += (s[i++] - '0') * scale;
				scale /= 10;
				digits++;
			}
		}
		if (digits == 0)
			return 0;
		/* Longest unit first: "ms" before "m", "ns" before "s". */
		for (k = 0; k < sizeof units / sizeof units[0]; k++) {
			ul = strlen(units[k].u);
			if (len - i >= ul && memcmp(s + i, units[k].u, ul) == 0 &&
			    (ul > 1 || i + 1 == len || s[i + 1] < 'a' ||
			    s[i + 1] > 'z'))
				break;
		}
		if (k == sizeof units / sizeof units[0])
			return 0;
		total += v * units[k].mult;
		i += ul;
		terms++;
	}
	*out = neg ? -total : total;
	return terms > 0;
}

/*
 * mgt_seconds(x): a Go duration string -> seconds (REAL); a number passes
 * through as seconds (zap's other encoding); anything else is NULL.
 */
static void
sqlfunc_mgt_seconds(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	const char *s;
	double d;

	switch (sqlite3_value_type(argv[0])) {
	case SQLITE_INTEGER:
	case SQLITE_FLOAT:
		sqlite3_result_double(ctx, sqlite3_value_double(argv[0]));
		return;
	case SQLITE_TEXT:
		s = (const char *)sqlite3_value_text(argv[0]);
		if (s != NULL && sqlfunc_duration(s,
		    (size_t)sqlite3_value_bytes(argv[0]), &d)) {
			sqlite3_result_double(ctx, d);
			return;
		}
		break;
	}
	sqlite3_result_null(ctx);
}

/* ---- regexp ----------------------------------------------------------- */

struct sqlfunc_re {
	char		*pattern;
	size_t		 len;
	pcre2_code	*code;
};

/* Per-connection state of regexp(), freed with the connection. */
struct sqlfunc_re_cache {
	struct sqlfunc_re	 e[SQLFUNC_RE_CACHE];	/* most recent first */
	int			 n;
	pcre2_match_data	*md;
	pcre2_match_context	*mctx;
	pcre2_jit_stack		*jit;
	int			 flags;		/* REGEX_NO_JIT */
};

static void
sqlfunc_re_cache_free(void *p)
{
	struct sqlfunc_re_cache *c = p;
	int i;

	if (c == NULL)
		return;
	for (i = 0; i < c->n; i++) {
		free(c->e[i].pattern);
		pcre2_code_free(c->e[i].code);
	}
	pcre2_match_data_free(c->md);
	pcre2_match_context_free(c->mctx);
	pcre2_jit_stack_free(c->jit);
	free(c);
}

static struct sqlfunc_re_cache *
sqlfunc_re_cache_new(int no_jit)
{
	struct sqlfunc_re_cache *c;
	uint32_t jit = 0;

	c = xcalloc(1, sizeof *c);
	c->flags = no_jit ? REGEX_NO_JIT : 0;
	c->md = pcre2_match_data_create(1, NULL);
	c->mctx = regex_match_context(LIMIT_DEFAULT_PCRE_MATCH,
	    LIMIT_DEFAULT_PCRE_DEPTH, 0);
	c->jit = pcre2_jit_stack_create(SQLFUNC_JIT_STACK_MIN,
	    LIMIT_DEFAULT_JIT_STACK, NULL);
	if (c->md == NULL)
		xmalloc_fail("PCRE2 match data");
	if (c->jit == NULL) {
		/* NULL also when PCRE2 was built without JIT. */
		if (pcre2_config(PCRE2_CONFIG_JIT, &jit) == 0 && jit == 1)
			xmalloc_fail("PCRE2 JIT stack");
		sqlfunc_re_cache_free(c);
		return NULL;
	}
	pcre2_jit_stack_assign(c->mctx, NULL, c->jit);
	return c;
}

/*
 * The compiled pattern for pat, from the cache (moved to the front) or
 * compiled, JIT-compiled and cached (evicting the least recently used).
 * On a compile error returns NULL with PCRE2's message in msg.
 */
static pcre2_code *
sqlfunc_re_get(struct sqlfunc_re_cache *c, const char *pat, size_t len,
    char *msg, size_t msglen)
{
	struct sqlfunc_re e;
	char why[300];
	int i;

	for (i = 0; i < c->n; i++) {
		if (c->e[i].len == len && memcmp(c->e[i].pattern, pat,
		    len) == 0)
			break;
	}
	if (i < c->n) {
		e = c->e[i];
		memmove(&c->e[1], &c->e[0], i * sizeof c->e[0]);
		c->e[0] = e;
		return e.code;
	}

	if ((e.code = regex_compile(pat, len, c->flags, why, sizeof why)) == NULL) {
		snprintf(msg, msglen, "regexp: %s", why);
		return NULL;
	}
	e.pattern = xmalloc(len + 1);
	memcpy(e.pattern, pat, len);
	e.pattern[len] = '\0';
	e.len = len;
	if (c->n == SQLFUNC_RE_CACHE) {
		c->n--;
		free(c->e[c->n].pattern);
		pcre2_code_free(c->e[c->n].code);
	}
	memmove(&c->e[1], &c->e[0], c->n * sizeof c->e[0]);
	c->e[0] = e;
	c->n++;
	return e.code;
}

/* regexp(pattern, text): 1/0, NULL if either is NULL; errors are errors. */
static void
sqlfunc_regexp(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	struct sqlfunc_re_cache *c = sqlite3_user_data(ctx);
	pcre2_code *code;
	PCRE2_UCHAR ebuf[256];
	const char *pat, *subj;
	char msg[512];
	int rc;

	if (sqlite3_value_type(argv[0]) == SQLITE_NULL ||
	    sqlite3_value_type(argv[1]) == SQLITE_NULL) {
		sqlite3_result_null(ctx);
		return;
	}
	pat = (const char *)sqlite3_value_text(argv[0]);
	subj = (const char *)sqlite3_value_text(argv[1]);
	if (pat == NULL || subj == NULL) {
		sqlite3_result_error_nomem(ctx);
		return;
	}
	code = sqlfunc_re_get(c, pat, (size_t)sqlite3_value_bytes(argv[0]),
	    msg, sizeof msg);
	if (code == NULL) {
		sqlite3_result_error(ctx, msg, -1);
		return;
	}
	rc = pcre2_match(code, (PCRE2_SPTR)subj,
	    (size_t)sqlite3_value_bytes(argv[1]), 0, 0, c->md, c->mctx);
	if (rc >= 0)
		sqlite3_result_int(ctx, 1);
	else if (rc == PCRE2_ERROR_NOMATCH)
		sqlite3_result_int(ctx, 0);
	else {
		pcre2_get_error_message(rc, ebuf, sizeof ebuf);
		snprintf(msg, sizeof msg, "regexp: %s (pattern '%.100s%s')",
		    (const char *)ebuf, pat,
		    sqlite3_value_bytes(argv[0]) > 100 ? "..." : "");
		sqlite3_result_error(ctx, msg, -1);
	}
}

/* ---- IP addresses ----------------------------------------------------- */

struct sqlfunc_ip {
	int		 bits;		/* 32 or 128 */
	unsigned char	 b[16];
};

/* Parse an IPv4 or IPv6 address (IPv4-mapped IPv6 becomes IPv4). */
static int
ip_parse(const char *s, size_t n, struct sqlfunc_ip *ip)
{
	static const unsigned char mapped[12] = {
	    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff };
	char buf[SQLFUNC_IP_MAX];

	while (n > 0 && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	if (n == 0 || n >= sizeof buf)
		return 0;
	memcpy(buf, s, n);
	buf[n] = '\0';
	memset(ip, 0, sizeof *ip);
	if (inet_pton(AF_INET, buf, ip->b) == 1) {
		ip->bits = 32;
		return 1;
	}
	if (inet_pton(AF_INET6, buf, ip->b) == 1) {
		ip->bits = 128;
		if (memcmp(ip->b, mapped, sizeof mapped) == 0) {
			memmove(ip->b, ip->b + 12, 4);
			memset(ip->b + 4, 0, 12);
			ip->bits = 32;
		}
		return 1;
	}
	return 0;
}

/* Parse "addr/prefix" or a bare address (a host route). */
static int
cidr_parse(const char *s, size_t n, struct sqlfunc_ip *net, int *prefix)
{
	const char *slash;
	size_t i, alen;
	int v = 0;

	slash = memchr(s, '/', n);
	alen = slash != NULL ? (size_t)(slash - s) : n;
	/* ::ffff:a.b.c.d/120 is a v4 net; ip_parse already mapped it. */
	if (!ip_parse(s, alen, net))
		return 0;
	if (slash == NULL) {
		*prefix = net->bits;
		return 1;
	}
	i = alen + 1;
	if (i >= n || n - i > 3)
		return 0;
	for (; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		v = v * 10 + (s[i] - '0');
	}
	if (memchr(s, ':', alen) != NULL && net->bits == 32) {
		if (v < 96)
			return 0;
		v -= 96;
	}
	if (v > net->bits)
		return 0;
	*prefix = v;
	return 1;
}

/* Is ip inside net/prefix?  Different families never match. */
static int
ip_in_net(const struct sqlfunc_ip *ip, const struct sqlfunc_ip *net,
    int prefix)
{
	int full = prefix / 8, rest = prefix % 8;
	unsigned char mask;

	if (ip->bits != net->bits)
		return 0;
	if (full > 0 && memcmp(ip->b, net->b, full) != 0)
		return 0;
	if (rest == 0)
		return 1;
	mask = (unsigned char)(0xff << (8 - rest));
	return (ip->b[full] & mask) == (net->b[full] & mask);
}

/* A text argument with its length, or NULL for SQL NULL. */
static const char *
arg_text(sqlite3_value *v, size_t *n)
{
	const char *s;

	if (sqlite3_value_type(v) == SQLITE_NULL)
		return NULL;
	s = (const char *)sqlite3_value_text(v);
	*n = s != NULL ? (size_t)sqlite3_value_bytes(v) : 0;
	return s;
}

/* is_ip(text): 1 if an IPv4 or IPv6 address, 0 if not, NULL for NULL. */
static void
sqlfunc_is_ip(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	struct sqlfunc_ip ip;
	const char *s;
	size_t n;

	if ((s = arg_text(argv[0], &n)) == NULL) {
		sqlite3_result_null(ctx);
		return;
	}
	sqlite3_result_int(ctx, ip_parse(s, n, &ip));
}

/* cidr_contains(cidr, ip): 1/0, NULL unless both parse. */
static void
sqlfunc_cidr_contains(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	struct sqlfunc_ip net, ip;
	const char *c, *a;
	size_t cn, an;
	int prefix;

	c = arg_text(argv[0], &cn);
	a = arg_text(argv[1], &an);
	if (c == NULL || a == NULL || !cidr_parse(c, cn, &net, &prefix) ||
	    !ip_parse(a, an, &ip)) {
		sqlite3_result_null(ctx);
		return;
	}
	sqlite3_result_int(ctx, ip_in_net(&ip, &net, prefix));
}

/* One CIDR of ip_in_any's list: *parsed counts those that parse. */
static int
ip_in_item(const struct sqlfunc_ip *ip, const cJSON *item, int *parsed)
{
	struct sqlfunc_ip net;
	const char *s;
	int prefix;

	if (cJSON_IsObject(item))
		item = cJSON_GetObjectItemCaseSensitive(item, "cidr");
	if (!cJSON_IsString(item))
		return 0;
	s = item->valuestring;
	if (!cidr_parse(s, strlen(s), &net, &prefix))
		return 0;
	(*parsed)++;
	return ip_in_net(ip, &net, prefix);
}

/*
 * ip_in_any(ip, list): list is a JSON array of CIDR strings (or of
 * {"cidr": ...} objects, as in networking.machineNetwork), a JSON string,
 * or one bare CIDR.  1 if ip is in any, 0 if in none, NULL if ip or every
 * CIDR is unparsable (an empty list included).
 */
static void
sqlfunc_ip_in_any(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	struct sqlfunc_ip ip, net;
	const cJSON *item;
	cJSON *list;
	const char *a, *l;
	size_t an, ln;
	int prefix, parsed = 0, hit = 0;

	a = arg_text(argv[0], &an);
	l = arg_text(argv[1], &ln);
	if (a == NULL || l == NULL || !ip_parse(a, an, &ip)) {
		sqlite3_result_null(ctx);
		return;
	}
	/* Whole text must be JSON: "10.0.0.0/8" is not the number 10.0. */
	if ((list = cJSON_ParseWithOpts(l, NULL, 1)) == NULL) {
		if (cidr_parse(l, ln, &net, &prefix)) {
			parsed = 1;
			hit = ip_in_net(&ip, &net, prefix);
		}
	} else if (cJSON_IsArray(list)) {
		cJSON_ArrayForEach(item, list) {
			if (ip_in_item(&ip, item, &parsed)) {
				hit = 1;
				break;
			}
		}
	} else
		hit = ip_in_item(&ip, list, &parsed);
	cJSON_Delete(list);
	if (parsed == 0)
		sqlite3_result_null(ctx);
	else
		sqlite3_result_int(ctx, hit);
}

/* ---- CSR subject CN ---------------------------------------------------- */

static int
b64_value(unsigned char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+' || c == '-')
		return 62;
	if (c == '/' || c == '_')
		return 63;
	return -1;
}

/*
 * Decode base64 (whitespace skipped, stops at '=') into out, which has
 * room for n * 3 / 4 + 3 bytes.  Returns the length, or -1.
 */
static long
b64_decode(const char *s, size_t n, unsigned char *out)
{
	unsigned long acc = 0;
	long len = 0;
	int bits = 0, v;
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)s[i];

		if (ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t')
			continue;
		if (ch == '=')
			break;
		if ((v = b64_value(ch)) < 0)
			return -1;
		acc = (acc << 6) | (unsigned long)v;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			out[len++] = (unsigned char)(acc >> bits);
			acc &= (1UL << bits) - 1;
		}
	}
	return len;
}

/* One DER TLV at p (n bytes): tag, value and total length.  0 if bad. */
static int
der_tlv(const unsigned char *p, size_t n, unsigned *tag,
    const unsigned char **val, size_t *vlen, size_t *total)
{
	size_t hl = 2, len, k, i;

	if (n < 2 || (p[0] & 0x1f) == 0x1f)
		return 0;
	*tag = p[0];
	len = p[1];
	if (len & 0x80) {
		k = len & 0x7f;
		if (k == 0 || k > 4 || n < 2 + k)
			return 0;
		for (len = 0, i = 0; i < k; i++)
			len = (len << 8) | p[2 + i];
		hl += k;
	}
	if (len > n - hl)
		return 0;
	*val = p + hl;
	*vlen = len;
	*total = hl + len;
	return 1;
}

/*
 * The last commonName of a DER CertificationRequest's subject: SEQUENCE {
 * SEQUENCE { INTEGER version, Name subject, ... }, ... }.  Returns the
 * value's bytes or NULL.
 */
static const unsigned char *
der_csr_cn(const unsigned char *p, size_t n, size_t *cnlen)
{
	static const unsigned char oid_cn[] = { 0x55, 0x04, 0x03 };
	const unsigned char *v, *info, *name, *set, *atv, *oid, *str;
	const unsigned char *found = NULL;
	size_t vl, tl, il, nl, sl, al, ol, strl, t2;
	unsigned tag;

	if (!der_tlv(p, n, &tag, &v, &vl, &tl) || tag != 0x30)
		return NULL;
	if (!der_tlv(v, vl, &tag, &info, &il, &tl) || tag != 0x30)
		return NULL;
	/* version */
	if (!der_tlv(info, il, &tag, &v, &vl, &tl) || tag != 0x02)
		return NULL;
	info += tl;
	il -= tl;
	if (!der_tlv(info, il, &tag, &name, &nl, &tl) || tag != 0x30)
		return NULL;
	while (nl > 0) {
		if (!der_tlv(name, nl, &tag, &set, &sl, &tl) || tag != 0x31)
			return NULL;
		name += tl;
		nl -= tl;
		while (sl > 0) {
			if (!der_tlv(set, sl, &tag, &atv, &al, &t2) ||
			    tag != 0x30)
				return NULL;
			set += t2;
			sl -= t2;
			if (!der_tlv(atv, al, &tag, &oid, &ol, &tl) ||
			    tag != 0x06)
				return NULL;
			if (ol != sizeof oid_cn ||
			    memcmp(oid, oid_cn, sizeof oid_cn) != 0)
				continue;
			if (!der_tlv(atv + tl, al - tl, &tag, &str, &strl,
			    &t2))
				return NULL;
			/* UTF8String, PrintableString, T61String, IA5String */
			if (tag == 0x0c || tag == 0x13 || tag == 0x14 ||
			    tag == 0x16) {
				found = str;
				*cnlen = strl;
			}
		}
	}
	return found;
}

/*
 * csr_cn(request): the subject CN of a CSR's spec.request (base64 of a
 * PEM "CERTIFICATE REQUEST", or the PEM itself), NULL if it cannot be
 * read.  Node client CSRs carry "system:node:<name>" there.
 */
static void
sqlfunc_csr_cn(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	static const char begin[] = "-----BEGIN";
	unsigned char *pem = NULL, *der = NULL;
	const unsigned char *cn;
	const char *s, *b, *e;
	size_t n, cnlen = 0;
	long pl, dl;

	sqlite3_result_null(ctx);
	if ((s = arg_text(argv[0], &n)) == NULL || n == 0 ||
	    n > SQLFUNC_CSR_MAX)
		return;
	if (n >= sizeof begin - 1 && memcmp(s, begin, sizeof begin - 1) == 0) {
		pem = xmalloc(n + 1);
		memcpy(pem, s, n);
		pl = (long)n;
	} else {
		pem = xmalloc(n * 3 / 4 + 4);
		if ((pl = b64_decode(s, n, pem)) < 0)
			goto out;
	}
	pem[pl] = '\0';
	if (pl > 0 && pem[0] == 0x30) {
		/* Already DER. */
		der = pem;
		pem = NULL;
		dl = pl;
	} else {
		if ((b = strstr((char *)pem, begin)) == NULL ||
		    (b = strchr(b, '\n')) == NULL ||
		    (e = strstr(b, "-----END")) == NULL)
			goto out;
		der = xmalloc((size_t)(e - b) * 3 / 4 + 4);
		if ((dl = b64_decode(b, (size_t)(e - b), der)) < 0)
			goto out;
	}
	cn = der_csr_cn(der, (size_t)dl, &cnlen);
	if (cn != NULL && cnlen > 0 && cnlen <= SQLFUNC_CN_MAX &&
	    memchr(cn, '\0', cnlen) == NULL)
		sqlite3_result_text(ctx, (const char *)cn, (int)cnlen,
		    SQLITE_TRANSIENT);
out:
	free(pem);
	free(der);
}

/*
 * mgt_cut(text, n): text cut to at most n characters (UTF-8 code points,
 * a byte that is not valid UTF-8 counting as one)
 * with U+2026 appended when it was cut, so a shortened message never
 * reads as the whole of it.  NULL stays NULL; n < 1 gives "…" for any
 * non-empty text.
 */
static void
sqlfunc_mgt_cut(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	const unsigned char *s;
	sqlite3_int64 n, chars = 0;
	int len, i, l;
	uint32_t cp;
	char *out;

	(void)argc;
	if (sqlite3_value_type(argv[0]) == SQLITE_NULL) {
		sqlite3_result_null(ctx);
		return;
	}
	s = sqlite3_value_text(argv[0]);
	len = sqlite3_value_bytes(argv[0]);
	n = sqlite3_value_int64(argv[1]);
	if (s == NULL) {
		sqlite3_result_null(ctx);
		return;
	}
	/* Whole characters; a byte that is not valid UTF-8 is one. */
	for (i = 0; i < len; i += l) {
		if (chars == n)
			break;
		if ((l = (int)utf8_decode((const char *)s + i,
		    (size_t)(len - i), &cp)) == 0)
			l = 1;
		chars++;
	}
	if (i >= len) {
		sqlite3_result_text(ctx, (const char *)s, len,
		    SQLITE_TRANSIENT);
		return;
	}
	if ((out = sqlite3_malloc(i + 4)) == NULL) {
		sqlite3_result_error_nomem(ctx);
		return;
	}
	memcpy(out, s, (size_t)i);
	memcpy(out + i, "\xe2\x80\xa6", 3);
	sqlite3_result_text(ctx, out, i + 3, sqlite3_free);
}

/* ---- registration ----------------------------------------------------- */

/*
 * Register the functions documented in index.h (and csr_cn) on db.  The
 * regexp() pattern cache lives with the connection and is freed when it
 * closes.  Returns MGT_OK, or MGT_ERR_DB with the reason in
 * sqlite3_errmsg(db).
 */
int
sqlfunc_register(sqlite3 *db, int flags)
{
	static const struct {
		const char	*name;
		int		 nargs;
		void		(*fn)(sqlite3_context *, int, sqlite3_value **);
	} fns[] = {
		{ "cidr_contains",	2, sqlfunc_cidr_contains },
		{ "ip_in_any",		2, sqlfunc_ip_in_any },
		{ "is_ip",		1, sqlfunc_is_ip },
		{ "mgt_ts",		1, sqlfunc_mgt_ts },
		{ "mgt_time",		1, sqlfunc_mgt_time },
		{ "csr_cn",		1, sqlfunc_csr_cn },
		{ "mgt_cut",		2, sqlfunc_mgt_cut },
		{ "mgt_seconds",	1, sqlfunc_mgt_seconds },
	};
	struct sqlfunc_re_cache *c;
	size_t i;

	for (i = 0; i < sizeof fns / sizeof fns[0]; i++) {
		if (sqlite3_create_function_v2(db, fns[i].name, fns[i].nargs,
		    SQLFUNC_FLAGS, NULL, fns[i].fn, NULL, NULL, NULL) !=
		    SQLITE_OK)
			return MGT_ERR_DB;
	}
	if ((c = sqlfunc_re_cache_new(flags & SQLFUNC_NO_JIT)) == NULL)
		return MGT_ERR_DB;
	/* On failure SQLite calls the destructor itself. */
	if (sqlite3_create_function_v2(db, "regexp", 2, SQLFUNC_FLAGS, c,
	    sqlfunc_regexp, NULL, NULL, sqlfunc_re_cache_free) != SQLITE_OK)
		return MGT_ERR_DB;
	return sqlfunc_printf_register(db);
}
