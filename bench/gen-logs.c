/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Log files for the generated must-gather: container logs as `oc logs
 * --timestamps` writes them (RFC3339Nano prefix, then klog, zap, logfmt,
 * logrus, Go log or OVS vlog), and host service logs in journal short
 * format.  Written by hand, without printf, since logs are most of the bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gen.h"

/*
 * Placeholders in catalog texts:
 *   %n namespace   %p pod        %c container   %N node
 *   %k object name %R resource   %K kind        %e error text
 *   %d 0-99        %D 1000-9999999  %m duration in ms  %s in seconds
 *   %u UID         %i IPv4       %P port        %h 8 hex  %H 64 hex
 *   %E ephemeral port            %r rendered MachineConfig
 *   %t RFC3339 time of the line
 */

#define VOCAB_MAX	48
#define LINE_MAX_BYTES	8192
#define POOL		16
#define RING		8
#define REPEAT_PCT	35

static const char *const obj_names[] = {
	"kube-root-ca.crt", "openshift-service-ca.crt", "trusted-ca-bundle",
	"serving-cert", "config", "etcd-client", "service-ca",
	"kube-apiserver-to-kubelet-signer", "aggregator-client",
	"node-kubeconfigs", "cluster-version-operator", "cluster",
	"admin-kubeconfig-client-ca", "oauth-openshift", "console", "default",
	"router-certs", "metrics-tls", "webhook", "csr-signer",
	"bound-service-account-signing-key", "localhost-recovery-client-token",
	"etcd-serving-ca", "image-registry-certificates", "openshift-global-ca",
	"machine-config-server-tls", "proxy-ca-bundle",
	"kube-controller-manager",
	"cloud-provider-config", "kube-scheduler", "etcd-all-certs",
	"installer-sa-token", "sa-token-signing-certs", "revision-status-7",
	"kube-apiserver-pod", "config-managed", "kube-rbac-proxy",
	"service-network-serving-certkey", "ConfigObserver",
	"StaticPodStateController", "NodeController", "RevisionController",
	"InstallerController", "TargetConfigController",
	"ResourceSyncController",
	"StatusSyncer_etcd", "CertRotationController", "GuardController",
};

static const char *const res_names[] = {
	"pods", "configmaps", "secrets", "services", "endpoints", "deployments",
	"daemonsets", "leases", "events", "nodes", "serviceaccounts", "roles",
	"rolebindings", "replicasets", "clusteroperators", "machineconfigs",
	"customresourcedefinitions", "networkpolicies", "routes",
	"prometheusrules", "servicemonitors", "apirequestcounts",
};

static const char *const kind_names[] = {
	"Pod", "ConfigMap", "Secret", "Service", "Endpoints", "Deployment",
	"DaemonSet", "Node", "Namespace", "Lease", "Event", "ServiceAccount",
	"ClusterOperator", "Infrastructure", "Network", "Proxy", "Route",
	"ReplicaSet", "PartialObjectMetadata", "EndpointSlice",
};

static const char *const err_texts[] = {
	"context deadline exceeded", "connect: connection refused",
	"i/o timeout", "EOF", "unexpected EOF",
	"the object has been modified; please apply your changes to the "
	"latest version and try again", "Unauthorized",
	"etcdserver: request timed out", "http2: client connection lost",
	"x509: certificate signed by unknown authority", "no route to host",
	"net/http: TLS handshake timeout",
	"the server is currently unable to handle the request",
	"etcdserver: leader changed", "rpc error: code = Unavailable desc = "
	"error reading from server: EOF", "Too many requests, please try "
	"again later.", "dial tcp 172.30.0.1:443: connect: connection refused",
};

static const unsigned ports[] = {
	6443, 2379, 8443, 443, 9443, 10250, 9001, 10257, 10259, 17697, 22623,
	6641, 6642, 9192, 60000,
};

static const char *const month_abbr[] = {
	"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
	"Nov", "Dec",
};
static const char *const day_abbr[] = {
	"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat",
};

/* Lines for the small host services, which have no catalog of their own. */
static const char *const nm_lines[] = {
	"<info>  [%D.%d] device (%h): carrier: link connected",
	"<info>  [%D.%d] device (br-ex): state change: activated -> "
	"deactivating (reason 'connection-removed', sys-iface-state: "
	"'managed')",
	"<info>  [%D.%d] dhcp4 (br-ex): state changed new lease, address=%i",
	"<info>  [%D.%d] manager: (%h): new Veth device (/org/freedesktop/"
	"NetworkManager/Devices/%d)",
	"<info>  [%D.%d] device (%h): released from master device ovs-system",
	"<warn>  [%D.%d] device (%h): failed to find device %d 'veth' with "
	"udev",
};
static const char *const ovs_lines[] = {
	"ovs|%D|bridge|INFO|bridge br-int: added interface %h on port %d",
	"ovs|%D|bridge|INFO|bridge br-int: deleted interface %h on port %d",
	"ovs|%D|connmgr|INFO|br-int<->unix#%d: %d flow_mods in the last 0 s "
	"(%d adds)",
	"ovs|%D|timeval|WARN|Unreasonably long %dms poll interval (%dms user, "
	"%dms system)",
	"ovs|%D|jsonrpc|WARN|unix#%d: receive error: Connection reset by peer",
};
static const char *const systemd_lines[] = {
	"Started crio-conmon-%H.scope.",
	"crio-%H.scope: Succeeded.",
	"crio-%H.scope: Consumed %d.%dms CPU time.",
	"Started libcontainer container %H.",
	"run-containers-storage-overlay\\x2dcontainers-%H.mount: Succeeded.",
};

struct vocab {
	const struct msg_tpl	*t[3][VOCAB_MAX];
	int			 n[3];
	uint8_t			 pick[3][256];
	const struct msg_tpl	*rare[8];
	int			 nrare;
	const struct msg_tpl	*incident;
};

/* Calendar fields of one second, recomputed when the second changes. */
struct tcache {
	int64_t		 sec;
	struct tm	 tm;
	char		 iso[24];	/* 2023-06-01T10:12:13 */
};

/* A message already said in this file, kept to be said again. */
struct said {
	const struct msg_tpl	*m;
	char			 sev;
	size_t			 len;
	char			*text;
};

struct lctx {
	const struct gen_cluster	*cl;
	struct rng			*r;
	const struct gen_pod		*pod;
	const struct gen_container	*ct;
	const struct vocab		*v;
	int				 node;
	int				 other;	/* pod for %n/%p */
	int				 style;
	uint32_t			 pid;
	uint32_t			 seq;
	int				 nincident;
	const char			*rendered;
	int64_t				 t;
	struct tcache			 tc[2];
	/*
	 * Real logs name the same few objects over and over; most values
	 * come from these per-file pools, which also makes the corpus
	 * compress about as well as real must-gathers do.
	 */
	struct said			 ring[RING];
	int				 nring;
	char				*ring_store;
	char				 pool_uid[POOL][40];
	char				 pool_h8[POOL][12];
	char				 pool_h64[POOL][68];
	char				 pool_ip[POOL][24];
	int				 pool_pod[POOL];
};

static void
tc_set(struct tcache *c, int64_t sec)
{
	time_t	 t = (time_t)sec;

	if (c->sec == sec && c->iso[0] != '\0')
		return;
	c->sec = sec;
	gmtime_r(&t, &c->tm);
	strftime(c->iso, sizeof c->iso, "%Y-%m-%dT%H:%M:%S", &c->tm);
}

static inline char *
put_num(char *p, uint64_t v, int width)
{
	char	 tmp[24];
	int	 n = 0;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	while (n < width)
		tmp[n++] = '0';
	while (n > 0)
		*p++ = tmp[--n];
	return p;
}

static inline char *
put_str(char *p, const char *s)
{
	size_t	 n = strlen(s);

	memcpy(p, s, n);
	return p + n;
}

static inline char *
put_2(char *p, int v)
{
	p[0] = (char)('0' + v / 10);
	p[1] = (char)('0' + v % 10);
	return p + 2;
}

static char *
put_hex(char *p, struct rng *r, int n)
{
	gen_hex(r, p, (size_t)n);
	return p + n;
}

static const struct gen_pod *
other_pod(struct lctx *lc)
{
	if (lc->other < 0)
		lc->other = rng_below(lc->r, 8) != 0 ?
		    lc->pool_pod[rng_below(lc->r, POOL)] :
		    (int)rng_below(lc->r, (uint32_t)lc->cl->npods);
	return &lc->cl->pods[lc->other];
}

/* From the pool seven times in eight. */
static inline int
pooled(struct lctx *lc)
{
	return rng_below(lc->r, 8) != 0;
}

static char *
put_ip(char *p, struct rng *r)
{
	uint32_t	 x = rng_below(r, 4);

	if (x == 0) {
		p = put_str(p, "10.0.0.");
		p = put_num(p, 10 + rng_below(r, 3), 1);
	} else if (x == 1) {
		p = put_str(p, "172.30.");
		p = put_num(p, rng_below(r, 256), 1);
		*p++ = '.';
		p = put_num(p, 1 + rng_below(r, 254), 1);
	} else {
		p = put_str(p, "10.");
		p = put_num(p, 128 + rng_below(r, 16), 1);
		*p++ = '.';
		p = put_num(p, rng_below(r, 4) * 2, 1);
		*p++ = '.';
		p = put_num(p, 2 + rng_below(r, 250), 1);
	}
	return p;
}

static char *expand(struct lctx *, char *, const char *);

/* Expand one placeholder; the caller has room for LINE_MAX_BYTES. */
static char *
expand_one(struct lctx *lc, char *p, char c)
{
	struct rng			*r = lc->r;
	const struct gen_cluster	*cl = lc->cl;
	const struct gen_pod		*o;
	const char			*s;

	switch (c) {
	case 'n':
		return put_str(p, cl->ns[other_pod(lc)->ns].name);
	case 'p':
		return put_str(p, other_pod(lc)->name);
	case 'c':
		o = other_pod(lc);
		return put_str(p, o->c[rng_below(r, (uint32_t)o->ncontainers)]
		    .name);
	case 'N':
		if (lc->node >= 0 && rng_below(r, 4) != 0)
			return put_str(p, cl->nodes[lc->node].name);
		return put_str(p, cl->nodes[rng_below(r,
		    (uint32_t)cl->nnodes)].name);
	case 'k':
		return put_str(p, obj_names[rng_below(r,
		    sizeof obj_names / sizeof *obj_names)]);
	case 'R':
		return put_str(p, res_names[rng_below(r,
		    sizeof res_names / sizeof *res_names)]);
	case 'K':
		return put_str(p, kind_names[rng_below(r,
		    sizeof kind_names / sizeof *kind_names)]);
	case 'e':
		s = err_texts[rng_below(r, sizeof err_texts /
		    sizeof *err_texts)];
		return put_str(p, s);
	case 'd':
		return put_num(p, rng_below(r, 100), 1);
	case 'D':
		return put_num(p, 1000 + rng_below(r, 9999000), 1);
	case 'm':
		p = put_num(p, rng_below(r, 4) == 0 ? rng_below(r, 2000) :
		    rng_below(r, 40), 1);
		*p++ = '.';
		p = put_num(p, rng_below(r, 1000000), 6);
		*p++ = 'm';
		*p++ = 's';
		return p;
	case 's':
		p = put_num(p, rng_below(r, 10), 1);
		*p++ = '.';
		p = put_num(p, rng_below(r, 1000000000), 9);
		*p++ = 's';
		return p;
	case 'u':
		if (pooled(lc))
			return put_str(p, lc->pool_uid[rng_below(r, POOL)]);
		gen_uuid(r, p);
		return p + 36;
	case 'i':
		if (pooled(lc))
			return put_str(p, lc->pool_ip[rng_below(r, POOL)]);
		return put_ip(p, r);
	case 'E':
		return put_num(p, 32768 + rng_below(r, 28000), 1);
	case 'P':
		return put_num(p, ports[rng_below(r, sizeof ports /
		    sizeof *ports)], 1);
	case 'h':
		if (pooled(lc))
			return put_str(p, lc->pool_h8[rng_below(r, POOL)]);
		return put_hex(p, r, 8);
	case 'H':
		if (pooled(lc))
			return put_str(p, lc->pool_h64[rng_below(r, POOL)]);
		return put_hex(p, r, 64);
	case 'r':
		return put_str(p, lc->rendered);
	case 't':
		tc_set(&lc->tc[1], lc->t / 1000000000);
		p = put_str(p, lc->tc[1].iso);
		*p++ = 'Z';
		return p;
	case '%':
		*p++ = '%';
		return p;
	default:
		*p++ = '%';
		*p++ = c;
		return p;
	}
}

static char *
expand(struct lctx *lc, char *p, const char *text)
{
	const char	*s, *q;

	lc->other = -1;
	for (s = text; *s != '\0';) {
		if ((q = strchr(s, '%')) == NULL) {
			p = put_str(p, s);
			break;
		}
		memcpy(p, s, (size_t)(q - s));
		p += q - s;
		if (q[1] == '\0')
			break;
		p = expand_one(lc, p, q[1]);
		s = q + 2;
	}
	return p;
}

/* Copy a said message, with JSON/logfmt quoting when asked. */
static char *
put_text(char *p, const struct said *s, int quoted)
{
	size_t	 i;

	if (!quoted) {
		memcpy(p, s->text, s->len);
		return p + s->len;
	}
	for (i = 0; i < s->len; i++) {
		if (s->text[i] == '"' || s->text[i] == '\\')
			*p++ = '\\';
		*p++ = s->text[i];
	}
	return p;
}

static void
pools_init(struct lctx *lc)
{
	const struct gen_cluster	*cl = lc->cl;
	struct rng			*r = lc->r;
	char				*e;
	int				 i, base;

	base = lc->pod != NULL ? lc->pod->ns : -1;
	for (i = 0; i < POOL; i++) {
		gen_uuid(r, lc->pool_uid[i]);
		gen_hex(r, lc->pool_h8[i], 8);
		gen_hex(r, lc->pool_h64[i], 64);
		e = put_ip(lc->pool_ip[i], r);
		*e = '\0';
		/* Half the pods a container talks about are its neighbours. */
		if (base >= 0 && i % 2 == 0 && cl->ns[base].npods > 0)
			lc->pool_pod[i] = cl->ns[base].first_pod +
			    (int)rng_below(r, (uint32_t)cl->ns[base].npods);
		else
			lc->pool_pod[i] = (int)rng_below(r,
			    (uint32_t)cl->npods);
	}
}

static int
style_ok(int style, const struct msg_tpl *m)
{
	if (style == STYLE_LOGRUS || style == STYLE_VLOG)
		return 1;
	return m->line > 0;
}

static void
vocab_pick_table(struct vocab *v, int sev)
{
	double	 w[VOCAB_MAX], sum = 0, acc = 0;
	int	 i, slot = 0, end;

	for (i = 0; i < v->n[sev]; i++) {
		w[i] = 1.0 / (double)(i + 1);
		sum += w[i];
	}
	for (i = 0; i < v->n[sev]; i++) {
		acc += w[i];
		end = (int)(acc / sum * 256.0 + 0.5);
		if (i == v->n[sev] - 1)
			end = 256;
		for (; slot < end; slot++)
			v->pick[sev][slot] = (uint8_t)i;
	}
}

/*
 * A container's vocabulary: a handful of messages per severity, most of
 * them from its own family, drawn with Zipf weights so that a few lines
 * dominate, as they do in real logs.
 */
static void
vocab_build(struct vocab *v, struct rng *r, int tag, int style)
{
	static const char	 sevs[3] = { 'I', 'W', 'E' };
	const struct msg_tpl	*cand[256], *tmp;
	int			 s, i, j, n, own, want, k;

	memset(v, 0, sizeof *v);
	for (s = 0; s < 3; s++) {
		n = 0;
		for (i = 0; i < msg_ncatalog && n < 256; i++) {
			const struct msg_tpl *m = &msg_catalog[i];

			if (m->rare || m->sev != sevs[s] ||
			    !style_ok(style, m))
				continue;
			if (tag == TAG_CRIO ? m->tag != TAG_CRIO :
			    (m->tag != tag && m->tag != TAG_ANY))
				continue;
			cand[n++] = m;
		}
		for (i = n - 1; i > 0; i--) {
			j = (int)rng_below(r, (uint32_t)i + 1);
			tmp = cand[i];
			cand[i] = cand[j];
			cand[j] = tmp;
		}
		/* Own family first, then the generic ones. */
		for (own = 0, i = 0; i < n; i++) {
			if (cand[i]->tag == tag && tag != TAG_ANY) {
				tmp = cand[own];
				cand[own++] = cand[i];
				cand[i] = tmp;
			}
		}
		if (s == 0)
			want = 6 + (int)rng_below(r, 20);
		else if (s == 1)
			want = 1 + (int)rng_below(r, 4);
		else
			want = 1 + (int)rng_below(r, 3);
		if (want > n)
			want = n;
		if (want > VOCAB_MAX)
			want = VOCAB_MAX;
		for (k = 0; k < want; k++)
			v->t[s][k] = cand[k];
		v->n[s] = want;
		if (want > 0)
			vocab_pick_table(v, s);
	}
	for (i = 0; i < msg_ncatalog && v->nrare < 8; i++) {
		const struct msg_tpl *m = &msg_catalog[i];

		if (m->rare && (m->tag == tag || (m->tag == TAG_ANY &&
		    tag != TAG_CRIO)) && style_ok(style, m)) {
			if (v->incident == NULL && m->tag == TAG_MCO)
				v->incident = m;
			v->rare[v->nrare++] = m;
		}
	}
}

static const struct msg_tpl *
pick_msg(struct lctx *lc, char *sev)
{
	const struct vocab	*v = lc->v;
	const struct msg_tpl	*m;
	struct rng		*r = lc->r;
	uint32_t		 x;
	int			 s;

	/* The incident retries all along, from the first line on. */
	if (lc->pod != NULL && lc->pod->incident && v->incident != NULL &&
	    (lc->nincident++ == 0 || rng_below(r, 20) == 0)) {
		lc->rendered = lc->cl->stale_worker;
		*sev = v->incident->sev;
		return v->incident;
	}
	if (v->nrare > 0 && rng_below(r, 1 << 17) == 0) {
		m = v->rare[rng_below(r, (uint32_t)v->nrare)];
		*sev = m->sev;
		return m;
	}
	x = rng_below(r, 1000);
	s = x < 30 ? 2 : x < 100 ? 1 : 0;
	while (s > 0 && v->n[s] == 0)
		s--;
	*sev = "IWE"[s];
	return v->t[s][v->pick[s][rng_below(r, 256)]];
}

/*
 * The next message: often one said a moment ago (sync loops repeat
 * themselves), otherwise a fresh pick, expanded and remembered.
 */
static const struct said *
say(struct lctx *lc)
{
	struct said	*s;
	char		*e;

	if (lc->nring >= RING && rng_below(lc->r, 100) < REPEAT_PCT)
		return &lc->ring[rng_below(lc->r, RING)];
	s = &lc->ring[lc->nring++ % RING];
	s->text = lc->ring_store + (size_t)(s - lc->ring) * LINE_MAX_BYTES;
	s->m = pick_msg(lc, &s->sev);
	e = expand(lc, s->text, s->m->text);
	s->len = (size_t)(e - s->text);
	return s;
}

static const char *
level_word(int style, char sev)
{
	switch (style) {
	case STYLE_VLOG:
		return sev == 'E' ? "ERR" : sev == 'W' ? "WARN" : "INFO";
	case STYLE_ZAP:
	case STYLE_LOGFMT:
		return sev == 'E' ? "error" : sev == 'W' ? "warn" : "info";
	default:
		return sev == 'E' ? "error" : sev == 'W' ? "warning" : "info";
	}
}

/* "I0914 09:42:44.498686    3399 file.go:108] " */
static char *
put_klog_header(struct lctx *lc, char *p, char sev, int64_t t,
    const struct msg_tpl *m)
{
	struct tcache	*c = &lc->tc[1];
	char		 pid[16], *q;
	int		 w;

	tc_set(c, t / 1000000000);
	*p++ = sev;
	p = put_2(p, c->tm.tm_mon + 1);
	p = put_2(p, c->tm.tm_mday);
	*p++ = ' ';
	memcpy(p, c->iso + 11, 8);
	p += 8;
	*p++ = '.';
	p = put_num(p, (uint64_t)(t % 1000000000) / 1000, 6);
	*p++ = ' ';
	q = put_num(pid, lc->pid, 1);
	for (w = (int)(q - pid); w < 7; w++)
		*p++ = ' ';
	memcpy(p, pid, (size_t)(q - pid));
	p += q - pid;
	*p++ = ' ';
	p = put_str(p, m->file);
	*p++ = ':';
	p = put_num(p, (uint64_t)m->line, 1);
	*p++ = ']';
	*p++ = ' ';
	return p;
}

/* The part of a container line after the CRI timestamp. */
static char *
put_body(struct lctx *lc, char *p, int64_t t)
{
	const struct said	*s;
	const struct msg_tpl	*m;
	struct tcache		*c = &lc->tc[1];
	const char		*dot;
	char			 sev;
	int64_t			 kt;

	lc->rendered = lc->node >= 0 ? lc->cl->nodes[lc->node].rendered : "";
	s = say(lc);
	m = s->m;
	sev = s->sev;
	kt = t - (int64_t)rng_below(lc->r, 300000);
	switch (lc->style) {
	case STYLE_KLOG:
		p = put_klog_header(lc, p, sev, kt, m);
		p = put_text(p, s, 0);
		break;
	case STYLE_ZAP:
		tc_set(c, kt / 1000000000);
		p = put_str(p, "{\"level\":\"");
		p = put_str(p, level_word(lc->style, sev));
		p = put_str(p, "\",\"ts\":\"");
		p = put_str(p, c->iso);
		*p++ = '.';
		p = put_num(p, (uint64_t)(kt % 1000000000) / 1000, 6);
		p = put_str(p, "Z\",\"caller\":\"");
		p = put_str(p, m->file);
		*p++ = ':';
		p = put_num(p, (uint64_t)m->line, 1);
		p = put_str(p, "\",\"msg\":\"");
		p = put_text(p, s, 1);
		*p++ = '"';
		if (sev != 'I') {
			p = put_str(p, ",\"took\":\"");
			p = expand_one(lc, p, 'm');
			p = put_str(p, "\",\"expected-duration\":\"100ms\"");
		}
		*p++ = '}';
		break;
	case STYLE_LOGFMT:
		tc_set(c, kt / 1000000000);
		p = put_str(p, "level=");
		p = put_str(p, level_word(lc->style, sev));
		p = put_str(p, " ts=");
		p = put_str(p, c->iso);
		*p++ = '.';
		p = put_num(p, (uint64_t)(kt % 1000000000) / 1000000, 3);
		p = put_str(p, "Z caller=");
		p = put_str(p, m->file);
		*p++ = ':';
		p = put_num(p, (uint64_t)m->line, 1);
		p = put_str(p, " msg=\"");
		p = put_text(p, s, 1);
		*p++ = '"';
		break;
	case STYLE_LOGRUS:
		tc_set(c, kt / 1000000000);
		p = put_str(p, "time=\"");
		p = put_str(p, c->iso);
		p = put_str(p, "Z\" level=");
		p = put_str(p, level_word(lc->style, sev));
		p = put_str(p, " msg=\"");
		p = put_text(p, s, 1);
		*p++ = '"';
		break;
	case STYLE_GOLOG:
		tc_set(c, kt / 1000000000);
		p = put_num(p, (uint64_t)c->tm.tm_year + 1900, 4);
		*p++ = '/';
		p = put_2(p, c->tm.tm_mon + 1);
		*p++ = '/';
		p = put_2(p, c->tm.tm_mday);
		*p++ = ' ';
		memcpy(p, c->iso + 11, 8);
		p += 8;
		*p++ = ' ';
		p = put_str(p, m->file);
		*p++ = ':';
		p = put_num(p, (uint64_t)m->line, 1);
		*p++ = ':';
		*p++ = ' ';
		p = put_text(p, s, 0);
		break;
	case STYLE_VLOG:
		tc_set(c, kt / 1000000000);
		p = put_str(p, c->iso);
		*p++ = '.';
		p = put_num(p, (uint64_t)(kt % 1000000000) / 1000000, 3);
		*p++ = 'Z';
		*p++ = '|';
		p = put_num(p, ++lc->seq % 100000, 5);
		*p++ = '|';
		dot = strchr(m->file, '.');
		if (dot != NULL) {
			memcpy(p, m->file, (size_t)(dot - m->file));
			p += dot - m->file;
		} else
			p = put_str(p, m->file);
		*p++ = '|';
		p = put_str(p, level_word(lc->style, sev));
		*p++ = '|';
		p = put_text(p, s, 0);
		break;
	}
	return p;
}

/*
 * Advance the clock so that the file ends near t_end.  Lines come in
 * bursts, as they do in real logs: most follow the previous one within
 * a couple of milliseconds, the rest after a longer pause.
 */
static void
tick(struct lctx *lc, int64_t t_end, uint64_t left, size_t linelen)
{
	double		 step, gap;

	if (left == 0 || lc->t >= t_end)
		return;
	step = (double)(t_end - lc->t) * (double)linelen / (double)left;
	if (step <= 0)
		return;
	if (step > 4e6 && rng_below(lc->r, 10) < 6)
		lc->t += (int64_t)rng_below(lc->r, 2000000);
	else {
		gap = step > 4e6 ? (step - 0.6 * 1e6) / 0.4 : step;
		lc->t += (int64_t)(rng_unit(lc->r) * 2 * gap);
	}
	if (lc->t > t_end)
		lc->t = t_end;
}

static void
pod_log(const struct gen_cluster *cl, const struct gen_entry *e,
    struct rng *r, struct buf *out)
{
	const struct gen_pod		*pod = &cl->pods[e->a];
	const struct gen_container	*ct = &pod->c[e->b];
	struct vocab			 v;
	struct lctx			 lc;
	int64_t				 t_end;
	size_t				 start;
	char				*p, *q;

	if (e->c == 2 || e->size == 0)
		return;
	memset(&lc, 0, sizeof lc);
	lc.cl = cl;
	lc.r = r;
	lc.pod = pod;
	lc.ct = ct;
	lc.node = pod->node;
	lc.style = ct->style;
	lc.pid = pod->hostnet ? 1000 + rng_below(r, 9000) : 1 +
	    rng_below(r, 3) * 9;
	vocab_build(&v, r, ct->tag, ct->style);
	lc.v = &v;
	pools_init(&lc);
	lc.ring_store = xmalloc(RING * LINE_MAX_BYTES);
	if (e->c == 0) {
		lc.t = ct->last_start_ns;
		t_end = cl->t_gather - 1000000000LL;
	} else {
		lc.t = pod->start_ns;
		t_end = ct->last_start_ns - 5000000000LL;
	}
	if (t_end <= lc.t)
		t_end = lc.t + 60000000000LL;

	start = out->len;
	while (out->len - start < e->size) {
		buf_reserve(out, LINE_MAX_BYTES + 64);
		p = q = out->p + out->len;
		tc_set(&lc.tc[0], lc.t / 1000000000);
		p = put_str(p, lc.tc[0].iso);
		*p++ = '.';
		p = put_num(p, (uint64_t)(lc.t % 1000000000), 9);
		*p++ = 'Z';
		*p++ = ' ';
		p = put_body(&lc, p, lc.t);
		*p++ = '\n';
		out->len += (size_t)(p - q);
		tick(&lc, t_end, e->size > out->len - start ? e->size -
		    (out->len - start) : 0, (size_t)(p - q));
	}
	free(lc.ring_store);
}

static char *
put_journal_prefix(struct lctx *lc, char *p, const char *ident,
    uint32_t pid)
{
	struct tcache	*c = &lc->tc[0];

	tc_set(c, lc->t / 1000000000);
	p = put_str(p, month_abbr[c->tm.tm_mon]);
	*p++ = ' ';
	p = put_2(p, c->tm.tm_mday);
	*p++ = ' ';
	memcpy(p, c->iso + 11, 8);
	p += 8;
	*p++ = '.';
	p = put_num(p, (uint64_t)(lc->t % 1000000000) / 1000, 6);
	*p++ = ' ';
	p = put_str(p, lc->cl->nodes[lc->node].name);
	*p++ = ' ';
	p = put_str(p, ident);
	*p++ = '[';
	p = put_num(p, pid, 1);
	*p++ = ']';
	*p++ = ':';
	*p++ = ' ';
	return p;
}

static char *
put_journal_day(char *p, int64_t ns)
{
	time_t		 t = (time_t)(ns / 1000000000);
	struct tm	 tm;
	char		 s[40];

	gmtime_r(&t, &tm);
	strftime(s, sizeof s, "%Y-%m-%d %H:%M:%S UTC", &tm);
	p = put_str(p, day_abbr[tm.tm_wday]);
	*p++ = ' ';
	return put_str(p, s);
}

/*
 * host_service_logs/masters/<unit>_service.log: what `oc adm node-logs
 * --role=master -u <unit>` prints, the masters' journals merged by time.
 */
static void
host_log(const struct gen_cluster *cl, const struct gen_entry *e,
    struct rng *r, struct buf *out)
{
	const char	*unit = model_host_logs[e->a];
	const char	*const *small = NULL;
	struct vocab	 v;
	struct lctx	 lc;
	size_t		 start, nsmall = 0;
	char		*p, *q;
	int		 i, kind;
	const struct said *s;

	memset(&lc, 0, sizeof lc);
	lc.cl = cl;
	lc.r = r;
	lc.node = 0;
	lc.style = STYLE_KLOG;
	kind = strcmp(unit, "kubelet") == 0 ? TAG_KUBELET :
	    strcmp(unit, "crio") == 0 ? TAG_CRIO : TAG_ANY;
	if (kind == TAG_ANY) {
		if (strcmp(unit, "NetworkManager") == 0) {
			small = nm_lines;
			nsmall = sizeof nm_lines / sizeof *nm_lines;
		} else if (strncmp(unit, "ovs", 3) == 0 ||
		    strcmp(unit, "openvswitch") == 0) {
			small = ovs_lines;
			nsmall = sizeof ovs_lines / sizeof *ovs_lines;
		} else {
			small = systemd_lines;
			nsmall = sizeof systemd_lines / sizeof *systemd_lines;
		}
	}
	vocab_build(&v, r, kind, kind == TAG_CRIO ? STYLE_LOGRUS : STYLE_KLOG);
	lc.v = &v;
	pools_init(&lc);
	lc.ring_store = xmalloc(RING * LINE_MAX_BYTES);
	lc.t = cl->nodes[0].boot_ns;

	start = out->len;
	for (i = 0; i < cl->nmasters; i++) {
		buf_reserve(out, 256);
		p = q = out->p + out->len;
		p = put_str(p, "-- Logs begin at ");
		p = put_journal_day(p, cl->nodes[i].boot_ns);
		p = put_str(p, ", end at ");
		p = put_journal_day(p, cl->t_gather);
		p = put_str(p, ". --\n");
		out->len += (size_t)(p - q);
	}
	while (out->len - start < e->size) {
		buf_reserve(out, LINE_MAX_BYTES + 256);
		p = q = out->p + out->len;
		lc.node = (int)rng_below(r, (uint32_t)cl->nmasters);
		lc.rendered = cl->nodes[lc.node].rendered;
		if (kind == TAG_ANY || rng_below(r, 50) == 0) {
			if (kind != TAG_ANY || rng_below(r, 8) == 0) {
				p = put_journal_prefix(&lc, p, "systemd", 1);
				p = expand(&lc, p, systemd_lines[rng_below(r,
				    sizeof systemd_lines /
				    sizeof *systemd_lines)]);
			} else {
				p = put_journal_prefix(&lc, p, unit,
				    900 + (uint32_t)lc.node * 7);
				p = expand(&lc, p, small[rng_below(r,
				    (uint32_t)nsmall)]);
			}
		} else if (kind == TAG_KUBELET) {
			lc.pid = cl->nodes[lc.node].kubelet_pid;
			p = put_journal_prefix(&lc, p, "kubenswrapper", lc.pid);
			s = say(&lc);
			p = put_klog_header(&lc, p, s->sev, lc.t -
			    (int64_t)rng_below(r, 200000), s->m);
			p = put_text(p, s, 0);
		} else {
			p = put_journal_prefix(&lc, p, "crio",
			    cl->nodes[lc.node].crio_pid);
			s = say(&lc);
			p = put_str(p, "time=\"");
			memcpy(p, lc.tc[0].iso, 10);
			p[10] = ' ';
			memcpy(p + 11, lc.tc[0].iso + 11, 8);
			p += 19;
			*p++ = '.';
			p = put_num(p, (uint64_t)(lc.t % 1000000000), 9);
			p = put_str(p, "Z\" level=");
			p = put_str(p, level_word(STYLE_LOGRUS, s->sev));
			p = put_str(p, " msg=\"");
			p = put_text(p, s, 1);
			*p++ = '"';
			if (rng_below(r, 2) == 0) {
				p = put_str(p, " id=");
				gen_uuid(r, p);
				p += 36;
				p = put_str(p, " name=/runtime.v1."
				    "RuntimeService/ContainerStatus");
			}
		}
		*p++ = '\n';
		out->len += (size_t)(p - q);
		tick(&lc, cl->t_gather - 2000000000LL, e->size >
		    out->len - start ? e->size - (out->len - start) : 0,
		    (size_t)(p - q));
	}
	free(lc.ring_store);
}

void
logs_write(const struct gen_cluster *cl, const struct gen_entry *e,
    struct rng *r, struct buf *out)
{
	if (e->kind == K_POD_LOG)
		pod_log(cl, e, r, out);
	else if (e->kind == K_HOST_LOG)
		host_log(cl, e, r, out);
}
