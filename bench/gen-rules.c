/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gen-rules: write N synthetic rules (one YAML file each, DESIGN.md rule
 * format) whose patterns look like real ones: a literal of 8-30 bytes
 * plus regex parts.  About a tenth are cut from the generator's message
 * catalog and match the corpus; the rest name failures it never logs.
 */
#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"

/*
 * Failure phrases (8-30 bytes) absent from the catalog; checked at run
 * time too.
 */
static const char *const phrases[] = {
	"failed to sync", "unable to reconcile", "error reconciling",
	"failed to renew lease", "IngressController not found",
	"/var/run/crio/crio.sock", "certificate rotation failed",
	"unable to fetch ignition", "Out of memory: Killed process",
	"oom-kill:constraint=", "ignition: fetch failed",
	"NFS server not responding", "ImagePullBackOff for image",
	"manifest unknown", "no space left on device", "too many open files",
	"link status definitely down", "Unable to attach or mount",
	"multus: error adding pod", "failed to update lock",
	"invalid bearer token", "token has been invalidated",
	"would exceed context deadline", "admission webhook denied",
	"quota exceeded for resource", "has conditions: [DiskPressure]",
	"The node was low on resource", "SDN pod network is not ready",
	"pod interface setup failed", "OVS database connection lost",
	"sriov network device plugin", "failed to allocate for range",
	"route is not admitted", "HAProxy reload failed",
	"mirror registry unreachable", "authentication required",
	"x509: certificate is valid for", "context canceled while waiting",
	"apiserver not ready", "cluster operator is degraded",
	"MachineHealthCheck remediation", "machine is in phase Failed",
	"vSphere session expired", "failed to get datastore",
	"disk latency exceeds", "etcd member has been removed",
	"raft: stepped down to follower", "snapshot restore failed",
	"defrag of member failed", "failed to pull image",
	"crun: error opening file", "conmon: failed to write to",
	"audit backlog limit exceeded", "SELinux is preventing",
	"System clock wrong by", "no server suitable for sync",
	"dracut: FATAL", "coreos-installer failed",
	"bootkube.service: Failed", "payload verification failed",
	"upgrade is blocked by", "Cannot evict pod as it would",
	"drain of node failed after", "Kubelet stopped posting node",
	"PLEG is not healthy", "container runtime is down",
	"Failed to garbage collect", "cannot allocate memory",
	"probe failed with statuscode",
	"no endpoints available for", "lease renewal took too long",
};

struct rule {
	char		 pattern[512];
	int		 matches;
};

static void
die(const char *what)
{
	fprintf(stderr, "gen-rules: %s: %s\n", what, strerror(errno));
	exit(1);
}

/* Append s[0..n) escaped for PCRE2. */
static void
re_escape(char *out, size_t len, const char *s, size_t n)
{
	size_t	 o = strlen(out), i;

	for (i = 0; i < n && o + 3 < len; i++) {
		if (strchr("\\^$.|?*+()[]{}", s[i]) != NULL)
			out[o++] = '\\';
		out[o++] = s[i];
	}
	out[o] = '\0';
}

static const char *
placeholder_re(char c, const char **name)
{
	switch (c) {
	case 'n':
		*name = "ns";
		return "[\\w.-]+";
	case 'p':
		*name = "pod";
		return "[\\w.-]+";
	case 'N':
		*name = "node";
		return "[\\w.-]+";
	case 'c':
		*name = "container";
		return "[\\w.-]+";
	case 'k':
		*name = "name";
		return "[\\w.-]+";
	case 'r':
		*name = "config";
		return "rendered-[\\w-]+";
	case 'R':
	case 'K':
		*name = "kind";
		return "\\w+";
	case 'd':
	case 'D':
	case 'E':
	case 'P':
		*name = "num";
		return "\\d+";
	case 'm':
		*name = "took";
		return "[\\d.]+ms";
	case 's':
		*name = "took";
		return "[\\d.]+s";
	case 'u':
		*name = "uid";
		return "[0-9a-f-]{36}";
	case 'i':
		*name = "ip";
		return "\\d+\\.\\d+\\.\\d+\\.\\d+";
	case 'h':
		*name = "id";
		return "[0-9a-f]{8}";
	case 'H':
		*name = "id";
		return "[0-9a-f]{64}";
	default:
		*name = "detail";
		return ".+?";
	}
}

/* Length of the run of s that holds no quote or backslash, from the end. */
static size_t
clean_tail(const char *s, size_t n)
{
	size_t	 i = n;

	while (i > 0 && s[i - 1] != '"' && s[i - 1] != '\\' && n - i < 30)
		i--;
	return n - i;
}

static size_t
clean_head(const char *s, size_t n)
{
	size_t	 i = 0;

	while (i < n && s[i] != '"' && s[i] != '\\' && i < 15)
		i++;
	return i;
}

/*
 * A pattern cut from a catalog message: the literal before some
 * placeholder (8-30 bytes), a named capture for it, and the start of the
 * literal after.  Quotes are avoided, since zap and logfmt lines escape
 * them.  Returns 0 if the message has no usable spot.
 */
static int
pattern_from(const struct msg_tpl *m, struct rng *r, char *out, size_t len)
{
	const char	*t = m->text, *s, *start, *name, *re, *after, *lit;
	const char	*sp[32], *st[32];
	int		 n = 0, k;
	size_t		 tail, head;

	start = t;
	for (s = t; (s = strchr(s, '%')) != NULL && s[1] != '\0'; s += 2) {
		if (s[1] != '%' && n < 32 &&
		    clean_tail(start, (size_t)(s - start)) >= 8) {
			sp[n] = s;
			st[n] = start;
			n++;
		}
		start = s + 2;
	}
	if (n == 0)
		return 0;
	k = (int)rng_below(r, (uint32_t)n);
	tail = clean_tail(st[k], (size_t)(sp[k] - st[k]));
	lit = sp[k] - tail;
	/* A cut literal starts at a word, as a person would write it. */
	if (tail == 30 && lit > t && lit[-1] != ' ' &&
	    memchr(lit, ' ', tail - 8) != NULL) {
		while (tail > 8 && *lit != ' ') {
			lit++;
			tail--;
		}
		if (tail > 8 && *lit == ' ') {
			lit++;
			tail--;
		}
	}
	out[0] = '\0';
	re_escape(out, len, lit, tail);
	re = placeholder_re(sp[k][1], &name);
	snprintf(out + strlen(out), len - strlen(out), "(?<%s>%s)", name, re);
	after = sp[k] + 2;
	head = clean_head(after, strcspn(after, "%"));
	re_escape(out, len, after, head);
	return 1;
}

/* The longest run of 8+ plain bytes, cut to at most 30. */
static int
literal_from(const struct msg_tpl *m, char *out, size_t len)
{
	const char	*s = m->text, *best = NULL;
	size_t		 n, bestn = 0;

	while (*s != '\0') {
		n = strcspn(s, "%\"\\");
		if (n > bestn) {
			best = s;
			bestn = n;
		}
		s += n;
		if (*s == '%' && s[1] != '\0')
			s += 2;
		else if (*s != '\0')
			s++;
	}
	if (bestn < 8)
		return 0;
	if (bestn > 30)
		bestn = 30;
	out[0] = '\0';
	re_escape(out, len, best, bestn);
	strncat(out, "(?<rest>.*)", len - strlen(out) - 1);
	return 1;
}

static int
in_catalog(const char *phrase)
{
	int	 i;

	for (i = 0; i < msg_ncatalog; i++)
		if (strstr(msg_catalog[i].text, phrase) != NULL)
			return 1;
	return 0;
}

static void
pattern_never(const char *phrase, int shape, char *out, size_t len)
{
	char	 lit[256] = "";

	re_escape(lit, sizeof lit, phrase, strlen(phrase));
	switch (shape) {
	case 0:
		snprintf(out, len, "%s (?<thing>\\w+): .*timeout", lit);
		break;
	case 1:
		snprintf(out, len, "%s \"?(?<name>[\\w.-]+)\"?", lit);
		break;
	case 2:
		snprintf(out, len, "%s.*?(?<err>connection refused|i/o timeout|"
		    "deadline exceeded)", lit);
		break;
	case 3:
		snprintf(out, len, "(?<node>[\\w-]+):? %s", lit);
		break;
	case 4:
		snprintf(out, len, "%s after (?<n>\\d+) (retries|attempts)",
		    lit);
		break;
	case 5:
		snprintf(out, len, "(?i)%s", lit);
		break;
	case 6:
		snprintf(out, len, "%s[:=]\\s*(?<value>\\S+)", lit);
		break;
	default:
		snprintf(out, len, "%s (for|on) (pod|node|namespace) "
		    "(?<obj>[\\w/.-]+)", lit);
		break;
	}
}

static void
yaml_squote(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s != '\0'; s++) {
		if (*s == '\'')
			fputc('\'', f);
		fputc(*s, f);
	}
	fputc('\'', f);
}

static void
usage(void)
{
	fprintf(stderr, "usage: gen-rules --seed N --count N --out DIR "
	    "[--match-pct P]\n");
	exit(2);
}

int
main(int argc, char **argv)
{
	struct rng		 r;
	struct rule		*rules;
	const char		*out = NULL;
	const struct msg_tpl	*m;
	char			 path[4096];
	int			 i, j, count = 0, pct = 10, nmatch;
	int			 used_n = 0;
	int			 nphr = sizeof phrases / sizeof *phrases;
	int			*order, *used;
	uint64_t		 seed = 1;
	FILE			*f;

	for (i = 1; i + 1 < argc; i += 2) {
		if (strcmp(argv[i], "--seed") == 0)
			seed = strtoull(argv[i + 1], NULL, 10);
		else if (strcmp(argv[i], "--count") == 0)
			count = atoi(argv[i + 1]);
		else if (strcmp(argv[i], "--out") == 0)
			out = argv[i + 1];
		else if (strcmp(argv[i], "--match-pct") == 0)
			pct = atoi(argv[i + 1]);
		else
			usage();
	}
	if (i != argc || out == NULL || count <= 0 || pct < 0 || pct > 100)
		usage();
	for (i = 0; i < nphr; i++) {
		if (in_catalog(phrases[i])) {
			fprintf(stderr, "gen-rules: phrase in catalog: %s\n",
			    phrases[i]);
			return 1;
		}
	}

	rng_seed(&r, seed ^ 0x72756c6573ULL);
	rules = xcalloc(count, sizeof *rules);
	nmatch = (count * pct + 99) / 100;

	/* Matching rules, from distinct catalog messages, 1 in 3 rare. */
	used = xcalloc(msg_ncatalog, sizeof *used);
	for (i = 0; i < nmatch && used_n < msg_ncatalog; used_n++) {
		int want_rare = rng_below(&r, 3) == 0;

		do
			j = (int)rng_below(&r, (uint32_t)msg_ncatalog);
		while (used[j] || (msg_catalog[j].rare != want_rare &&
		    rng_below(&r, 4) != 0));
		used[j] = 1;
		m = &msg_catalog[j];
		if (!pattern_from(m, &r, rules[i].pattern,
		    sizeof rules[i].pattern) && !literal_from(m,
		    rules[i].pattern, sizeof rules[i].pattern))
			continue;
		rules[i++].matches = 1;
	}
	nmatch = i;

	/* The rest: phrase x shape, shuffled, without repeats. */
	order = xcalloc((size_t)nphr * 8, sizeof *order);
	for (j = 0; j < nphr * 8; j++)
		order[j] = j;
	for (j = nphr * 8 - 1; j > 0; j--) {
		int k = (int)rng_below(&r, (uint32_t)j + 1), t = order[j];

		order[j] = order[k];
		order[k] = t;
	}
	for (i = nmatch, j = 0; i < count; i++, j++) {
		int o = order[j % (nphr * 8)];

		pattern_never(phrases[o / 8], o % 8, rules[i].pattern,
		    sizeof rules[i].pattern);
		if (j >= nphr * 8)	/* more rules than combinations */
			snprintf(rules[i].pattern + strlen(rules[i].pattern),
			    sizeof rules[i].pattern - strlen(rules[i].pattern),
			    " \\(%d\\)", j);
	}

	/* Shuffle so matching rules are not all first. */
	for (i = count - 1; i > 0; i--) {
		struct rule t;

		j = (int)rng_below(&r, (uint32_t)i + 1);
		t = rules[i];
		rules[i] = rules[j];
		rules[j] = t;
	}

	if (mkdir(out, 0755) == -1 && errno != EEXIST)
		die(out);
	for (i = 0; i < count; i++) {
		snprintf(path, sizeof path, "%s/bench-synthetic-%03d.yaml", out,
		    i + 1);
		if ((f = fopen(path, "w")) == NULL)
			die(path);
		fprintf(f, "# gen-rules seed=%llu: %s\n",
		    (unsigned long long)seed, rules[i].matches ?
		    "built from a message the corpus contains" :
		    "names a failure the corpus never logs");
		fprintf(f, "id: bench.synthetic-%03d\n", i + 1);
		fprintf(f, "title: Synthetic benchmark rule %03d\n", i + 1);
		fprintf(f, "severity: low\n");
		fprintf(f, "category: bench\n");
		fprintf(f, "evidence:\n  e:\n    pattern: ");
		yaml_squote(f, rules[i].pattern);
		fprintf(f, "\n    sources: '**'\n");
		fprintf(f, "when: e\n");
		fprintf(f, "summary: Synthetic pattern %03d matched\n", i + 1);
		fprintf(f, "remedy: |\n  Nothing to do; this rule only "
		    "measures the cost of matching.\n");
		if (fclose(f) != 0)
			die(path);
	}
	fprintf(stderr, "gen-rules: %d rules in %s, %d built to match\n",
	    count, out, nmatch);
	free(order);
	free(used);
	free(rules);
	return 0;
}
