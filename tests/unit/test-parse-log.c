/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Unit tests for parse-log.c (stamps themselves: test-time.c): the outer
 * prefixes (oc logs --timestamps, CRI, journal short and short-iso) and
 * the klog header on lines taken from real must-gathers, structured klog
 * key="value" extraction, and hostile lines (NUL, bad UTF-8, megabytes).
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "parse-log.h"
#include "tap.h"
#include "xmalloc.h"

static struct log_record r;

static void
parse(const char *line, int year_hint)
{
	parse_log_line(line, strlen(line), year_hint, &r);
}

/* A field of r as a C string, for is_str. */
static const char *
field(const char *p, size_t n)
{
	static char buf[8][512];
	static int k;
	char *b = buf[k++ % 8];

	if (p == NULL)
		return "(null)";
	if (n >= sizeof buf[0])
		n = sizeof buf[0] - 1;
	memcpy(b, p, n);
	b[n] = '\0';
	return b;
}

static const char *
msg(void)
{
	return field(r.msg, r.msg_len);
}

static const char *
kv(const char *key)
{
	static char out[512];

	if (!parse_log_kv(r.msg, r.msg_len, key, out, sizeof out))
		return "(absent)";
	return out;
}

/* CPU-time budgets scale with MGT_TEST_TIME_FACTOR (50 under valgrind). */
static double
budget(double seconds)
{
	const char *f = getenv("MGT_TEST_TIME_FACTOR");

	return f != NULL && atof(f) > 0 ? seconds * atof(f) : seconds;
}

/* CPU time, so a busy machine does not fail the budgets. */
static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
test_pod_logs(void)
{
	/* namespaces/openshift-machine-config-operator/pods/
	 * machine-config-daemon-5p6vt/.../logs/current.log */
	parse("2021-09-14T09:42:44.498908472Z I0914 09:42:44.498686    3399 "
	    "start.go:108] Version: v4.8.0-202108312109.p0.git.a537783."
	    "assembly.stream-dirty (a537783ea4a0cd3b4fe2a02626ab27887307ea51)",
	    0);
	is_int(r.prefix, LOG_PREFIX_RFC3339, "mcd: RFC3339 prefix");
	is_int(r.ts, 1631612564498908LL, "mcd: ts is the outer stamp");
	is_int(r.ts_year_guessed, 0, "mcd: year not guessed");
	is_int(r.severity, 'I', "mcd: severity I");
	is_int(r.pid, 3399, "mcd: klog pid");
	is_str(field(r.src_file, r.src_file_len), "start.go", "mcd: source");
	is_int(r.src_line, 108, "mcd: source line");
	is_str(msg(), "Version: v4.8.0-202108312109.p0.git.a537783.assembly."
	    "stream-dirty (a537783ea4a0cd3b4fe2a02626ab27887307ea51)",
	    "mcd: message");
	is_int(r.structured, 0, "mcd: not structured");

	parse("2021-09-14T09:38:08.599705820Z E0914 09:38:08.599692    8433 "
	    "writer.go:135] Marking Degraded due to: machineconfig."
	    "machineconfiguration.openshift.io \"rendered-master-93488773d73"
	    "ff80d3f583daa9c260a5f\" not found", 0);
	is_int(r.severity, 'E', "mcd degraded: severity E");
	is_int(r.ts, 1631612288599705LL, "mcd degraded: ts");
	ok(strncmp(msg(), "Marking Degraded due to: ", 25) == 0,
	    "mcd degraded: message");

	/* insights-archive errors.log: a stamp without a zone (UTC). */
	parse("2021-06-01T16:15:39.833795 E0201 16:15:39.833795       1 "
	    "errorpage.go:26] AuthenticationError: invalid resource name", 0);
	is_int(r.prefix, LOG_PREFIX_RFC3339, "no-zone stamp: RFC3339");
	is_int(r.ts, 1622564139833795LL, "no-zone stamp: taken as UTC");
	is_int(r.severity, 'E', "no-zone stamp: klog severity");

	parse("2021-09-14T09:42:44.498908472Z", 0);
	is_int(r.prefix, LOG_PREFIX_RFC3339, "stamp alone: RFC3339");
	is_int(r.msg_len, 0, "stamp alone: empty message");

	parse("2021-09-14T09:42:44.498908472Z   indented text", 0);
	is_str(msg(), "  indented text", "one space after the stamp eaten");

	parse("2021-09-14T09:42:44.498908472Zgarbage", 0);
	is_int(r.prefix, LOG_PREFIX_NONE, "stamp glued to text: no prefix");
}

static void
test_cri(void)
{
	parse("2021-09-14T09:42:44.498908472Z stderr F I0914 09:42:44.498686"
	    "    3399 start.go:108] Version: x", 0);
	is_int(r.prefix, LOG_PREFIX_CRI, "cri: prefix");
	is_int(r.ts, 1631612564498908LL, "cri: ts");
	is_int(r.severity, 'I', "cri: klog inside");
	is_str(msg(), "Version: x", "cri: message");
	parse("2021-09-14T09:42:44.498908472+02:00 stdout P partial line", 0);
	is_int(r.prefix, LOG_PREFIX_CRI, "cri: stdout P with offset");
	is_int(r.ts, 1631612564498908LL - 7200000000LL, "cri: offset applied");
	is_str(msg(), "partial line", "cri: partial message");
	parse("2021-09-14T09:42:44Z stdout F", 0);
	is_int(r.prefix, LOG_PREFIX_CRI, "cri: empty message");
	is_int(r.msg_len, 0, "cri: empty message length");
	parse("2021-09-14T09:42:44Z stdout Fx", 0);
	is_int(r.prefix, LOG_PREFIX_RFC3339, "not cri: stdout Fx");
}

static void
test_journal(void)
{
	/* host_service_logs/masters/kubelet_service.log */
	parse("Sep 14 09:36:14.264487 ci-ln-i7gzws2-8c773-jn5dn-master-1 "
	    "hyperkube[1734]: I0914 09:36:14.264012    1734 flags.go:59] "
	    "FLAG: --add-dir-header=\"false\"", 2021);
	is_int(r.prefix, LOG_PREFIX_JOURNAL, "kubelet: journal prefix");
	is_int(r.ts, 1631612174264487LL, "kubelet: ts from the journal");
	is_int(r.ts_year_guessed, 1, "kubelet: year from the hint");
	is_str(field(r.host, r.host_len), "ci-ln-i7gzws2-8c773-jn5dn-master-1",
	    "kubelet: host");
	is_str(field(r.ident, r.ident_len), "hyperkube", "kubelet: ident");
	is_int(r.pid, 1734, "kubelet: pid");
	is_int(r.severity, 'I', "kubelet: klog severity");
	is_str(field(r.src_file, r.src_file_len), "flags.go", "kubelet: src");
	is_str(msg(), "FLAG: --add-dir-header=\"false\"", "kubelet: message");

	parse("Sep 14 09:36:13.702901 ci-ln-i7gzws2-8c773-jn5dn-master-1 "
	    "systemd[1]: Starting Kubernetes Kubelet...", 0);
	is_int(r.prefix, LOG_PREFIX_JOURNAL, "systemd: journal prefix");
	is_int(r.ts, LOG_TS_NONE, "systemd: no year hint, no ts");
	is_int(r.ts_year_guessed, 0, "systemd: nothing guessed");
	is_int(r.pid, 1, "systemd: pid");
	is_int(r.severity, 0, "systemd: no severity");
	is_str(msg(), "Starting Kubernetes Kubelet...", "systemd: message");

	parse("Sep  4 09:36:13 host kernel: Linux version 4.18.0", 2021);
	is_int(r.prefix, LOG_PREFIX_JOURNAL, "kernel: padded day, no fraction");
	is_int(r.ts, 1630748173000000LL, "kernel: ts");
	is_str(field(r.ident, r.ident_len), "kernel", "kernel: ident");
	is_int(r.pid, -1, "kernel: no pid");
	is_str(msg(), "Linux version 4.18.0", "kernel: message");

	parse("Feb 29 00:00:00 host x: y", 2021);
	is_int(r.prefix, LOG_PREFIX_JOURNAL, "Feb 29: still journal");
	is_int(r.ts, LOG_TS_NONE, "Feb 29 with a non-leap hint: no ts");

	parse("Sep 14 09:61:13 host x: y", 0);
	is_int(r.prefix, LOG_PREFIX_NONE, "minute 61: not a journal stamp");
	parse("Sep 32 09:01:13 host x: y", 0);
	is_int(r.prefix, LOG_PREFIX_NONE, "day 32: not a journal stamp");

	parse("Sep 14 09:36:13 host -- no ident here", 2021);
	is_int(r.prefix, LOG_PREFIX_JOURNAL, "no ident: still journal");
	is_str(field(r.host, r.host_len), "host", "no ident: host kept");
	is_str(msg(), "-- no ident here", "no ident: message after host");

	parse("2021-09-14T09:36:13+0000 ci-ln-x-master-1 hyperkube[1734]: "
	    "I0914 09:36:13.000001    1734 a.go:1] hi", 0);
	is_int(r.prefix, LOG_PREFIX_JOURNAL_ISO, "short-iso: prefix");
	is_int(r.ts, 1631612173000000LL, "short-iso: ts");
	is_int(r.ts_year_guessed, 0, "short-iso: year known");
	is_str(field(r.host, r.host_len), "ci-ln-x-master-1",
	    "short-iso: host");
	is_int(r.pid, 1734, "short-iso: pid");
	is_int(r.severity, 'I', "short-iso: klog inside");
	is_str(msg(), "hi", "short-iso: message");

	parse("2021-09-14T09:36:13.702901+0200 host crio[7]: x", 0);
	is_int(r.prefix, LOG_PREFIX_JOURNAL_ISO, "short-iso-precise");
	is_int(r.ts, 1631604973702901LL, "short-iso-precise: offset applied");
	parse("2021-09-14T09:36:13+00:00 host crio[7]: x", 0);
	is_int(r.prefix, LOG_PREFIX_JOURNAL_ISO, "short-iso with +00:00");
	parse("2021-09-14T09:36:13+00:00 some words: x", 0);
	is_int(r.prefix, LOG_PREFIX_RFC3339,
	    "+00:00 without ident[pid]: plain RFC3339");
	parse("2021-09-14T09:36:13Z host crio[7]: x", 0);
	is_int(r.prefix, LOG_PREFIX_RFC3339, "Z stamp: never journal");
}

static void
test_klog(void)
{
	/* insights-archive-sample conditional/.../logs/last-100-lines.log */
	parse("I0524 13:15:17.126969      28 cmd.go:331] Waiting for process "
	    "with process name \"cluster-samples-operator\" ...", 2021);
	is_int(r.prefix, LOG_PREFIX_KLOG, "bare klog: prefix");
	is_int(r.ts, 1621862117126969LL, "bare klog: ts from hint");
	is_int(r.ts_year_guessed, 1, "bare klog: year guessed");
	is_int(r.pid, 28, "bare klog: pid");
	is_int(r.src_line, 331, "bare klog: line");
	parse("W0524 13:15:17.126969 1 x.go:1] y", 0);
	is_int(r.prefix, LOG_PREFIX_KLOG, "bare klog without hint");
	is_int(r.ts, LOG_TS_NONE, "bare klog without hint: no ts");
	is_int(r.severity, 'W', "bare klog: W");
	parse("F0524 13:15:17.126969 1 pkg/x/y.go:12] boom", 0);
	is_str(field(r.src_file, r.src_file_len), "pkg/x/y.go", "klog: path");
	is_int(r.severity, 'F', "klog: F");
	parse("I0524 13:15:17.126969 1 x.go] no line", 0);
	is_int(r.prefix, LOG_PREFIX_NONE, "klog without :line: not klog");
	parse("I1324 13:15:17.126969 1 x.go:1] bad month", 0);
	is_int(r.prefix, LOG_PREFIX_NONE, "klog with month 13: not klog");
	parse("Info: I0524 13:15:17.126969 1 x.go:1] y", 0);
	is_int(r.prefix, LOG_PREFIX_NONE, "klog not at the start: none");
	parse("I0524 13:15:17 1 x.go:1] no fraction", 0);
	is_int(r.prefix, LOG_PREFIX_KLOG, "klog without fraction");
}

static void
test_structured(void)
{
	/* insights-archive-sample config/node/logs/ip-10-0-135-228...log */
	parse("Nov 10 14:17:41.900439 ci-ln-b3f5vqb-72292-v2kk6-master-0 "
	    "kubenswrapper[2296]: E1110 14:17:41.900391    2296 "
	    "pod_workers.go:1300] \"Error syncing pod, skipping\" err=\"failed "
	    "to \\\"StartContainer\\\" for \\\"controller\\\" with "
	    "CrashLoopBackOff: \\\"back-off 5m0s restarting failed container="
	    "controller pod=cloud-network-config-controller-74ffd6bb6d-7979c_"
	    "openshift-cloud-network-config-controller(74b53336-ddca-47c4-"
	    "a281-49118930aa12)\\\"\" pod=\"openshift-cloud-network-config-"
	    "controller/cloud-network-config-controller-74ffd6bb6d-7979c\" "
	    "podUID=74b53336-ddca-47c4-a281-49118930aa12", 2023);
	is_int(r.prefix, LOG_PREFIX_JOURNAL, "structured: journal prefix");
	is_int(r.severity, 'E', "structured: severity");
	is_int(r.structured, 1, "structured: detected");
	is_str(kv("msg"), "Error syncing pod, skipping", "kv: msg");
	is_str(kv("err"), "failed to \"StartContainer\" for \"controller\" "
	    "with CrashLoopBackOff: \"back-off 5m0s restarting failed "
	    "container=controller pod=cloud-network-config-controller-"
	    "74ffd6bb6d-7979c_openshift-cloud-network-config-controller("
	    "74b53336-ddca-47c4-a281-49118930aa12)\"", "kv: err unquoted");
	is_str(kv("pod"), "openshift-cloud-network-config-controller/"
	    "cloud-network-config-controller-74ffd6bb6d-7979c",
	    "kv: pod= inside err is not taken for the key");
	is_str(kv("podUID"), "74b53336-ddca-47c4-a281-49118930aa12",
	    "kv: bare value");
	is_str(kv("container"), "(absent)", "kv: absent key");

	parse("2021-09-14T09:38:08Z E0914 09:38:08.599692 1 w.go:1] "
	    "\"Marking Degraded\" err=\"a \\u00e9\\x41\\101\\n\\tb\" "
	    "node=\"x\"", 0);
	is_int(r.structured, 1, "structured: Marking Degraded");
	is_str(kv("err"), "a \xc3\xa9" "AA\n\tb", "kv: Go escapes");
	is_str(kv("node"), "x", "kv: last pair");
	{
		char small[5];

		ok(parse_log_kv(r.msg, r.msg_len, "err", small, sizeof small) &&
		    strcmp(small, "a \xc3\xa9") == 0, "kv: output cut to fit");
		ok(parse_log_kv(r.msg, r.msg_len, "node", small, 0),
		    "kv: outlen 0 only answers found");
	}

	parse("2021-09-14T09:38:08Z I0914 09:38:08.599692 1 w.go:1] "
	    "\"Starting\"", 0);
	is_int(r.structured, 1, "structured: message alone");
	parse("2021-09-14T09:38:08Z I0914 09:38:08.599692 1 w.go:1] "
	    "\"quoted\" then words", 0);
	is_int(r.structured, 0, "quoted then words: not structured");
	parse("2021-09-14T09:38:08Z I0914 09:38:08.599692 1 w.go:1] "
	    "\"unterminated k=v", 0);
	is_int(r.structured, 0, "unterminated quote: not structured");

	/* logfmt (logrus, go-kit) walks the same way. */
	parse("time=\"2021-05-24T16:37:58Z\" level=info msg=\"processing file "
	    "x.json\"", 0);
	is_int(r.prefix, LOG_PREFIX_LOGRUS, "logrus: its prefix");
	is_int(r.severity, 'I', "logrus: info is I");
	ok(r.ts == 1621874278000000LL, "logrus: time");
	is_str(kv("level"), "info", "logfmt: level");
	is_str(kv("msg"), "processing file x.json", "logfmt: msg");
	is_str(kv("time"), "2021-05-24T16:37:58Z", "logfmt: time");
	parse("time=\"2025-03-12T10:15:30Z\" level=fatal msg=\"Bootstrap "
	    "failed to complete\"", 0);
	is_int(r.severity, 'F', "logrus: fatal is F");
	parse("time=\"2025-03-12T10:15:30Z\" level=bogus msg=\"x\"", 0);
	is_int(r.prefix, LOG_PREFIX_NONE, "logrus: an unknown level is no prefix");
	parse("plain text err=foo", 0);
	is_str(kv("err"), "(absent)", "kv: not after plain words");
}

static void
test_hostile(void)
{
	static const char nul[] = "2021-09-14T09:42:44Z I0914 09:42:44.1 1 "
	    "a.go:1] x\0y\xff\xfe z";
	static const char crlf[] = "Sep 14 09:36:13 host kernel: text\r";
	size_t n = (size_t)4 << 20, i;
	char *big = xmalloc(n);
	double t0;
	long count = 0;

	parse_log_line(nul, sizeof nul - 1, 0, &r);
	is_int(r.prefix, LOG_PREFIX_RFC3339, "NUL line: prefix");
	is_int(r.msg_len, 7, "NUL line: message keeps its NUL and bad bytes");
	ok(memcmp(r.msg, "x\0y\xff\xfe z", 7) == 0, "NUL line: bytes");

	parse_log_line(crlf, sizeof crlf - 1, 2021, &r);
	is_str(msg(), "text", "CR before the newline dropped");

	parse_log_line("", 0, 2021, &r);
	is_int(r.prefix, LOG_PREFIX_NONE, "empty line");
	is_int(r.msg_len, 0, "empty line: empty message");
	parse("-- Logs begin at Tue 2021-09-14 09:33:00 UTC, end at Tue "
	    "2021-09-14 10:17:30 UTC. --", 2021);
	is_int(r.prefix, LOG_PREFIX_NONE, "journal banner: no prefix");
	is_int(r.pid, -1, "none: pid -1");
	is_int(r.ts, LOG_TS_NONE, "none: no ts");
	is_int(r.msg_len, 84, "none: message is the whole line");

	/* Megabyte lines in the shapes that make a parser scan. */
	t0 = now();
	memset(big, 'x', n);
	memcpy(big, "Sep 14 09:36:13 ", 16);
	parse_log_line(big, n, 2021, &r);
	is_int(r.prefix, LOG_PREFIX_JOURNAL, "4 MB host: journal stamp");
	memcpy(big, "2021-09-14T09:42:44Z I0914 09:42:44.1 1 ", 40);
	parse_log_line(big, n, 0, &r);
	is_int(r.prefix, LOG_PREFIX_RFC3339, "4 MB src token: not klog");
	memcpy(big, "2021-09-14T09:42:44Z \"", 22);
	memset(big + 22, '\\', n - 22);
	parse_log_line(big, n, 0, &r);
	is_int(r.structured, 0, "4 MB of backslashes: not structured");
	ok(!parse_log_kv(r.msg, r.msg_len, "k", big, 16), "4 MB: kv absent");
	memset(big, '=', n);
	ok(!parse_log_kv(big, n, "k", NULL, 0), "4 MB of '=': kv absent");
	for (i = 0; i + 4 < n; i += 4)
		memcpy(big + i, "a=b ", 4);
	ok(!parse_log_kv(big, n, "k", NULL, 0), "1M pairs: kv absent");
	ok(now() - t0 < budget(1.0), "megabyte lines: fast");
	free(big);

	t0 = now();
	for (i = 0; i < 200000; i++) {
		parse("2021-09-14T09:42:44.498908472Z I0914 09:42:44.498686    "
		    "3399 start.go:108] Version: v4.8.0-202108312109.p0", 0);
		count += r.prefix;
	}
	ok(count == 200000 * LOG_PREFIX_RFC3339 && now() - t0 < budget(1.0),
	    "200,000 pod log lines in under a second");
}

int
main(void)
{
	test_pod_logs();
	test_cri();
	test_journal();
	test_klog();
	test_structured();
	test_hostile();
	return done_testing();
}
