/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Unit tests for the SQL functions: regexp() (errors, NULLs, the pattern
 * cache, the match limit), cidr_contains/ip_in_any/is_ip over IPv4 and
 * IPv6 with edge masks and garbage, mgt_ts/mgt_time round trips, csr_cn.
 */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sqlite3.h>

#include "error.h"
#include "index.h"
#include "tap.h"

static sqlite3 *db;
static char errbuf[512];

/*
 * Evaluate one SQL expression: its value as text, "NULL", or "ERR" with
 * the message in errbuf.  Returns a static buffer.
 */
static const char *
ev(const char *expr)
{
	static char out[512];
	sqlite3_stmt *st;
	char *sql;
	int rc;

	errbuf[0] = '\0';
	if ((sql = sqlite3_mprintf("SELECT %s", expr)) == NULL)
		abort();
	rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
	sqlite3_free(sql);
	if (rc != SQLITE_OK) {
		snprintf(errbuf, sizeof errbuf, "%s", sqlite3_errmsg(db));
		return "ERR";
	}
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		if (sqlite3_column_type(st, 0) == SQLITE_NULL)
			snprintf(out, sizeof out, "NULL");
		else
			snprintf(out, sizeof out, "%s",
			    (const char *)sqlite3_column_text(st, 0));
	} else {
		snprintf(errbuf, sizeof errbuf, "%s", sqlite3_errmsg(db));
		snprintf(out, sizeof out, "ERR");
	}
	sqlite3_finalize(st);
	return out;
}

#define is_ev(expr, want) is_str(ev(expr), (want), (expr))

static void
test_regexp(void)
{
	char expr[256], subject[200];
	clock_t t0;
	int i, round, good;

	is_ev("regexp('a.c', 'xxabcxx')", "1");
	is_ev("regexp('^a.c$', 'xxabcxx')", "0");
	is_ev("'machine-config-daemon-x' REGEXP '^machine-config-daemon-'",
	    "1");
	is_ev("regexp(NULL, 'abc')", "NULL");
	is_ev("regexp('abc', NULL)", "NULL");
	is_ev("regexp('(?<config>rendered-[\\w-]+)', 'missing rendered-m-1')",
	    "1");
	/* Subjects that are not UTF-8 do not fail the query. */
	is_ev("regexp('abc', CAST(x'ff61626380' AS TEXT))", "1");
	is_ev("regexp('^.bc', CAST(x'ff616263' AS TEXT))", "0");
	is_ev("regexp('\\d+', 12345)", "1");

	is_ev("regexp('(unclosed', 'x')", "ERR");
	printf("# %s\n", errbuf);
	ok(strstr(errbuf, "invalid pattern at offset 9") != NULL &&
	    strstr(errbuf, "parenthesis") != NULL,
	    "invalid pattern: PCRE2 message and offset");
	is_ev("regexp('a{2,1}', 'x')", "ERR");
	ok(strstr(errbuf, "offset") != NULL, "invalid quantifier: offset");
	/* An invalid pattern is not cached as valid. */
	is_ev("regexp('(unclosed', 'x')", "ERR");

	/* More distinct patterns than the cache holds, twice round. */
	good = 1;
	for (round = 0; round < 2; round++) {
		for (i = 0; i < 40; i++) {
			snprintf(expr, sizeof expr,
			    "regexp('^p%d$', 'p%d') || regexp('^p%d$', 'p%d')",
			    i, i, i, i + 1);
			if (strcmp(ev(expr), "10") != 0)
				good = 0;
		}
	}
	ok(good, "cache eviction keeps results right");
	is_ev("(SELECT sum(regexp('^x(\\d)\\1$', 'x' || value || value)) FROM"
	    " json_each('[1,2,3,4,5,6,7,8,9]'))", "9");

	/* Catastrophic backtracking hits the match limit, not a hang. */
	memset(subject, 'a', 60);
	subject[60] = '\0';
	snprintf(expr, sizeof expr, "regexp('^(a+)+$', '%s!')", subject);
	t0 = clock();
	is_str(ev(expr), "ERR", "catastrophic pattern is an error");
	printf("# %s\n", errbuf);
	ok(strstr(errbuf, "limit") != NULL, "catastrophic: says limit");
	ok((double)(clock() - t0) / CLOCKS_PER_SEC < 10.0,
	    "catastrophic: gives up quickly");
	/* The connection is still usable after the error. */
	is_ev("regexp('b', 'abc')", "1");
}

static void
test_ip(void)
{
	is_ev("is_ip('10.0.0.1')", "1");
	is_ev("is_ip('::1')", "1");
	is_ev("is_ip('fd00:1::5')", "1");
	is_ev("is_ip(' 10.0.0.1 ')", "1");
	is_ev("is_ip('10.0.0.256')", "0");
	is_ev("is_ip('10.0.0')", "0");
	is_ev("is_ip('x-ipv4-0000000001-x')", "0");
	is_ev("is_ip('10.0.0.0/8')", "0");
	is_ev("is_ip('')", "0");
	is_ev("is_ip(NULL)", "NULL");

	is_ev("cidr_contains('10.46.124.0/24', '10.46.124.13')", "1");
	is_ev("cidr_contains('10.46.125.0/24', '10.46.124.13')", "0");
	is_ev("cidr_contains('192.168.0.0/23', '192.168.1.255')", "1");
	is_ev("cidr_contains('192.168.0.0/23', '192.168.2.0')", "0");
	is_ev("cidr_contains('192.168.79.0/25', '192.168.79.127')", "1");
	is_ev("cidr_contains('192.168.79.0/25', '192.168.79.128')", "0");
	is_ev("cidr_contains('10.0.0.5/24', '10.0.0.200')", "1");
	is_ev("cidr_contains('0.0.0.0/0', '203.0.113.9')", "1");
	is_ev("cidr_contains('0.0.0.0/0', '::1')", "0");
	is_ev("cidr_contains('10.0.0.1/32', '10.0.0.1')", "1");
	is_ev("cidr_contains('10.0.0.1/32', '10.0.0.2')", "0");
	is_ev("cidr_contains('10.0.0.1', '10.0.0.1')", "1");
	is_ev("cidr_contains('10.0.0.0/33', '10.0.0.1')", "NULL");
	is_ev("cidr_contains('10.0.0.0/', '10.0.0.1')", "NULL");
	is_ev("cidr_contains('10.0.0.0/-1', '10.0.0.1')", "NULL");
	is_ev("cidr_contains('10.0.0.0/0024', '10.0.0.1')", "NULL");
	is_ev("cidr_contains('10.0.0.0/8', '::ffff:10.1.2.3')", "1");
	is_ev("cidr_contains('fd00:1::/64', 'fd00:1::5')", "1");
	is_ev("cidr_contains('fd00:1::/64', 'fd00:2::5')", "0");
	is_ev("cidr_contains('2001:db8::/127', '2001:db8::1')", "1");
	is_ev("cidr_contains('2001:db8::/127', '2001:db8::2')", "0");
	is_ev("cidr_contains('2001:db8::1/128', '2001:db8::1')", "1");
	is_ev("cidr_contains('2001:db8::1/128', '2001:db8::2')", "0");
	is_ev("cidr_contains('::/0', '2001:db8::2')", "1");
	is_ev("cidr_contains('::/0', '10.0.0.1')", "0");
	is_ev("cidr_contains('2001:db8::/129', '2001:db8::1')", "NULL");
	is_ev("cidr_contains('fd00::/8', '10.0.0.1')", "0");
	is_ev("cidr_contains('x-ipv4-0000000001-x', '10.0.0.1')", "NULL");
	is_ev("cidr_contains('10.0.0.0/8', 'x-ipv4-0000000001-x')", "NULL");
	is_ev("cidr_contains('x-ipv6-0000000001-x/64', 'fd00::1')", "NULL");
	is_ev("cidr_contains(NULL, '10.0.0.1')", "NULL");
	is_ev("cidr_contains('10.0.0.0/8', NULL)", "NULL");

	is_ev("ip_in_any('10.46.124.13', '[\"10.46.125.0/24\"]')", "0");
	is_ev("ip_in_any('10.46.124.13', '[\"10.46.125.0/24\","
	    "\"10.46.124.0/24\"]')", "1");
	is_ev("ip_in_any('fd00:1::5', '[\"10.0.0.0/8\",\"fd00:1::/64\"]')",
	    "1");
	is_ev("ip_in_any('192.168.1.5', '[{\"cidr\":\"192.168.1.0/24\"}]')",
	    "1");
	is_ev("ip_in_any('10.0.0.1', '[]')", "NULL");
	is_ev("ip_in_any('10.0.0.1', '[\"x-ipv4-0000000001-x/24\"]')",
	    "NULL");
	is_ev("ip_in_any('10.0.0.1', '[\"garbage\",\"192.168.0.0/16\"]')",
	    "0");
	is_ev("ip_in_any('10.0.0.1', '[\"garbage\",\"10.0.0.0/16\"]')", "1");
	is_ev("ip_in_any('10.0.0.1', '[1, null, {}, \"0.0.0.0/0\"]')", "1");
	is_ev("ip_in_any('10.0.0.1', '\"10.0.0.0/8\"')", "1");
	is_ev("ip_in_any('10.0.0.1', '10.0.0.0/8')", "1");
	is_ev("ip_in_any('10.0.0.1', 'nonsense')", "NULL");
	is_ev("ip_in_any('x-ipv4-0000000001-x', '[\"10.0.0.0/8\"]')", "NULL");
	is_ev("ip_in_any(NULL, '[\"10.0.0.0/8\"]')", "NULL");
	is_ev("ip_in_any('10.0.0.1', NULL)", "NULL");
	is_ev("ip_in_any('10.0.0.1', json_array('10.0.0.0/8'))", "1");
}

static void
test_time(void)
{
	char expr[128], want[64];
	long long v;
	int i, good;

	is_ev("mgt_ts('1970-01-01T00:00:00Z')", "0");
	is_ev("mgt_ts('2021-09-14T09:42:44Z')", "1631612564000000");
	is_ev("mgt_ts('2021-09-14T09:42:44.498908472Z')", "1631612564498908");
	is_ev("mgt_ts('2021-09-14T09:42:44.5Z')", "1631612564500000");
	is_ev("mgt_ts('2021-09-14T11:42:44+02:00')", "1631612564000000");
	is_ev("mgt_ts('2021-09-14T04:12:44-05:30')", "1631612564000000");
	is_ev("mgt_ts('2021-09-14T11:42:44+0200')", "1631612564000000");
	is_ev("mgt_ts('2021-09-14 09:42:44.5 +0000 UTC')", "1631612564500000");
	is_ev("mgt_ts('2021-09-14t09:42:44z')", "1631612564000000");
	is_ev("mgt_ts('2021-09-14T09:42:44')", "1631612564000000");
	is_ev("mgt_ts('2021-09-14')", "1631577600000000");
	is_ev("mgt_ts('2024-02-29T00:00:00Z')", "1709164800000000");
	is_ev("mgt_ts('1969-12-31T23:59:59.5Z')", "-500000");
	is_ev("mgt_ts('2023-02-29T00:00:00Z')", "NULL");
	is_ev("mgt_ts('2021-13-01T00:00:00Z')", "NULL");
	is_ev("mgt_ts('2021-09-14T24:00:00Z')", "NULL");
	is_ev("mgt_ts('2021-09-14T09:42:44Zjunk')", "NULL");
	is_ev("mgt_ts('2021-09-14T09:42:44.Z')", "NULL");
	/* Minutes without seconds: --since took them, so mgt_ts() does
	 * too (one reader); "+02:" was once taken as +02:00. */
	is_ev("mgt_ts('2021-09-14T09:42')", "1631612520000000");
	is_ev("mgt_ts('2021-09-14T11:42:44+02:')", "NULL");
	is_ev("mgt_ts('0000-01-01T00:00:00Z')", "-62167219200000000");
	is_ev("mgt_ts('Sep 14 09:42:44')", "NULL");
	is_ev("mgt_ts('')", "NULL");
	is_ev("mgt_ts(NULL)", "NULL");
	is_ev("mgt_ts(1631612564000000)", "1631612564000000");
	is_ev("mgt_ts(1.5)", "NULL");

	is_ev("mgt_time(0)", "1970-01-01T00:00:00.000000Z");
	is_ev("mgt_cut('abcdef', 3)", "abc\xe2\x80\xa6");
	is_ev("mgt_cut('abc', 3)", "abc");
	is_ev("mgt_cut('\xc3\xa9t\xc3\xa9!', 3)", "\xc3\xa9t\xc3\xa9\xe2\x80\xa6");
	/* Bytes that are not UTF-8 count one each, as report_cut() counts
	 * them: stray continuation bytes once counted as none, and a run
	 * of them came back whole, uncut. */
	is_ev("mgt_cut(CAST(x'80808080808080' AS TEXT), 3)",
	    "\x80\x80\x80\xe2\x80\xa6");
	is_ev("mgt_cut(CAST(x'41ff42' AS TEXT), 2)", "A\xff\xe2\x80\xa6");
	/* Go durations as etcd's zap logs write them. */
	is_ev("mgt_seconds('1.5s')", "1.5");
	is_ev("mgt_seconds('350ms')", "0.35");
	is_ev("mgt_seconds('8m0.5s')", "480.5");
	is_ev("mgt_seconds('1h2m')", "3720.0");
	is_ev("mgt_seconds('250\xc2\xb5s')", "0.00025");
	is_ev("mgt_seconds('250us')", "0.00025");
	is_ev("mgt_seconds('1500000ns')", "0.0015");
	is_ev("mgt_seconds('-2s')", "-2.0");
	is_ev("mgt_seconds('0s')", "0.0");
	is_ev("mgt_seconds('0')", "0.0");
	is_ev("mgt_seconds(0.25)", "0.25");
	is_ev("mgt_seconds(2)", "2.0");
	is_ev("mgt_seconds('1.2')", "NULL");
	is_ev("mgt_seconds('s')", "NULL");
	is_ev("mgt_seconds('.s')", "NULL");
	is_ev("mgt_seconds('1sx')", "NULL");
	is_ev("mgt_seconds('1d')", "NULL");
	is_ev("mgt_seconds('1mss')", "NULL");
	is_ev("mgt_seconds('')", "NULL");
	is_ev("mgt_seconds('-')", "NULL");
	is_ev("mgt_seconds(NULL)", "NULL");
	is_ev("mgt_time(1631612564498908)", "2021-09-14T09:42:44.498908Z");
	is_ev("mgt_time(-500000)", "1969-12-31T23:59:59.500000Z");
	is_ev("mgt_time(-1)", "1969-12-31T23:59:59.999999Z");
	is_ev("mgt_time('1631612564000000')", "2021-09-14T09:42:44.000000Z");
	is_ev("mgt_time(NULL)", "NULL");
	is_ev("mgt_time('abc')", "NULL");
	is_ev("mgt_time(253402300800000000)", "NULL");
	is_ev("mgt_time(253402300799999999)", "9999-12-31T23:59:59.999999Z");
	is_ev("mgt_time(-62167219200000000)", "0000-01-01T00:00:00.000000Z");
	is_ev("mgt_time(-62167219200000001)", "NULL");
	is_ev("mgt_time(mgt_ts('2022-08-24T11:40:44+02:00'))",
	    "2022-08-24T09:40:44.000000Z");

	/* Round trips both ways over a spread of instants. */
	good = 1;
	v = -62167219200000000LL;
	for (i = 0; i < 2000; i++) {
		v += 126834011953719LL + i * 7919LL;
		snprintf(expr, sizeof expr, "mgt_ts(mgt_time(%lld))", v);
		snprintf(want, sizeof want, "%lld", v);
		if (strcmp(ev(expr), want) != 0) {
			printf("#   round trip failed for %lld: %s\n", v,
			    ev(expr));
			good = 0;
			break;
		}
	}
	ok(good, "mgt_ts(mgt_time(us)) == us over years 0000-9999");
	is_ev("mgt_time(mgt_ts('2000-02-29T12:34:56.789012Z'))",
	    "2000-02-29T12:34:56.789012Z");
}

/* base64 of a PEM CSR with subject /O=system:nodes/CN=system:node:
 * control0.gw.lo, and of one with two CNs (the last one counts). */
#define CSR_CONTROL0 \
    "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlIMk1JR2VBZ0VBTUR3" \
    "eEZUQVRCZ05WQkFvTURITjVjM1JsYlRwdWIyUmxjekVqTUNFR0ExVUVBd3dhYzNsegpk" \
    "R1Z0T201dlpHVTZZMjl1ZEhKdmJEQXVaM2N1Ykc4d1dUQVRCZ2NxaGtqT1BRSUJCZ2dx" \
    "aGtqT1BRTUJCd05DCkFBUUtqSnhXT3U0eDZDQ0tTaTBLR25CQllyYXk0dkRkU2pKSVpu" \
    "V3NqZDVFTzNpSzJFVk9FNXloalIycm1FTUUKRFNZaXN2Yi9iQmlHRFRSVnZ1c01uaU9m" \
    "b0FBd0NnWUlLb1pJemowRUF3SURSd0F3UkFJZ0dCWVdPcHYzWDRaQQpMb1ZhalJZZDU3" \
    "blZDL1lieHBJd0NKOVFxN3l4Rmx3Q0lEcmNJSFUwYnExMGdIeHdTWEx6SCtiTCtWNTky" \
    "ZUpVCkNLUW9JMEZ1SDVRRgotLS0tLUVORCBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0K"
#define CSR_TWO_CN \
    "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlIcU1JR1FBZ0VBTUM0" \
    "eERqQU1CZ05WQkFNTUJXWnBjbk4wTVFvd0NBWURWUVFLREFGNE1SQXdEZ1lEVlFRRApE" \
    "QWRzWVhOMExXTnVNRmt3RXdZSEtvWkl6ajBDQVFZSUtvWkl6ajBEQVFjRFFnQUVDb3lj" \
    "VmpydU1lZ2dpa290CkNocHdRV0syc3VMdzNVb3lTR1oxckkzZVJEdDRpdGhGVGhPY29Z" \
    "MGRxNWhEQkEwbUlyTDIvMndZaGcwMFZiN3IKREo0am42QUFNQW9HQ0NxR1NNNDlCQU1D" \
    "QTBrQU1FWUNJUURmZ3prYVhHR0s2RHdGYlNYemhadHltNVFDQmk1YwpOenBXWFRMeXh6" \
    "OXVxZ0loQU5KZGZqRFpTY2pGaHVienpGSkNISUpmOGZVZTV5T2JDVC9ISXIzZ3gzR0EK" \
    "LS0tLS1FTkQgQ0VSVElGSUNBVEUgUkVRVUVTVC0tLS0tCg=="

static void
test_csr_cn(void)
{
	is_ev("csr_cn('" CSR_CONTROL0 "')", "system:node:control0.gw.lo");
	is_ev("csr_cn('" CSR_TWO_CN "')", "last-cn");
	/* The PEM itself, not wrapped in base64, works too. */
	is_str(ev("csr_cn('-----BEGIN CERTIFICATE REQUEST-----\n"
	    "MIH2MIGeAgEAMDwxFTATBgNVBAoMDHN5c3RlbTpub2RlczEjMCEGA1UEAwwac3lz\n"
	    "dGVtOm5vZGU6Y29udHJvbDAuZ3cubG8wWTATBgcqhkjOPQIBBggqhkjOPQMBBwNC\n"
	    "AAQKjJxWOu4x6CCKSi0KGnBBYray4vDdSjJIZnWsjd5EO3iK2EVOE5yhjR2rmEME\n"
	    "DSYisvb/bBiGDTRVvusMniOfoAAwCgYIKoZIzj0EAwIDRwAwRAIgGBYWOpv3X4ZA\n"
	    "LoVajRYd57nVC/YbxpIwCJ9Qq7yxFlwCIDrcIHU0bq10gHxwSXLzH+bL+V592eJU\n"
	    "CKQoI0FuH5QF\n"
	    "-----END CERTIFICATE REQUEST-----\n')"),
	    "system:node:control0.gw.lo", "csr_cn(PEM text)");
	is_ev("csr_cn('bm90IGEgY3Ny')", "NULL");
	is_ev("csr_cn('LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlJ"
	    "Cg==')", "NULL");
	is_ev("csr_cn('!!!')", "NULL");
	is_ev("csr_cn('')", "NULL");
	is_ev("csr_cn(NULL)", "NULL");
	is_ev("csr_cn(substr('" CSR_CONTROL0 "', 1, 300))", "NULL");
}

int
main(void)
{
	if (sqlite3_open(":memory:", &db) != SQLITE_OK ||
	    sqlfunc_register(db, 0) != MGT_OK) {
		printf("Bail out! cannot set up: %s\n", sqlite3_errmsg(db));
		return 1;
	}
	/* Registering again replaces the functions (and frees the cache). */
	ok(sqlfunc_register(db, 0) == MGT_OK, "register twice");
	test_regexp();
	test_ip();
	test_time();
	test_csr_cn();
	sqlite3_close(db);
	return done_testing();
}
