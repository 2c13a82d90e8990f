/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Classification of members by path and first bytes.  Must-gather paths
 * carry a variable prefix (must-gather.local.N/<image-dir>/), so we look for
 * the anchor components (namespaces/, cluster-scoped-resources/,
 * host_service_logs/, etcd_info/) anywhere in the path.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "classify.h"
#include "parse-journal.h"
#include "util.h"

/* Copy the path component starting at s (up to '/' or end) into out. */
static const char *
classify_component(const char *s, char *out, size_t outlen)
{
	size_t n = strcspn(s, "/");

	if (n >= outlen)
		n = outlen - 1;
	memcpy(out, s, n);
	out[n] = '\0';
	s += strcspn(s, "/");
	return *s == '/' ? s + 1 : s;
}

/* Find "/anchor/" or a leading "anchor/" in path; return what follows. */
static const char *
classify_anchor(const char *path, const char *anchor)
{
	size_t alen = strlen(anchor);
	const char *p = path;

	if (strncmp(path, anchor, alen) == 0 && path[alen] == '/')
		return path + alen + 1;
	while ((p = strstr(p, anchor)) != NULL) {
		if (p > path && p[-1] == '/' && p[alen] == '/')
			return p + alen + 1;
		p += alen;
	}
	return NULL;
}

static int
classify_has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && strcmp(s + n - m, suffix) == 0;
}

/*
 * Does the head look like text?  UTF-16 with a byte order mark is (it is
 * decoded when read).  NUL bytes are left out of the count: a log with a
 * run of NULs in it (a crash, a preallocated file) is text with a problem
 * to report, not a binary.  Of the other bytes at most 1 in 20 may be
 * control bytes, and there must be some: binaries have far more.
 */
static int
classify_is_text(const unsigned char *h, size_t n)
{
	size_t i, bad = 0, nul = 0;

	if (n >= 2 && ((h[0] == 0xff && h[1] == 0xfe) ||
	    (h[0] == 0xfe && h[1] == 0xff)))
		return 1;
	if (n > 4096)
		n = 4096;
	for (i = 0; i < n; i++) {
		if (h[i] == 0)
			nul++;
		else if ((h[i] < 0x20 && h[i] != '\n' && h[i] != '\r' &&
		    h[i] != '\t' && h[i] != 0x1b && h[i] != '\f'))
			bad++;
	}
	if (nul == 0)
		return bad * 20 <= n;
	return n - nul >= 16 && bad * 20 <= n - nul;
}

static int
classify_is_month(const unsigned char *h)
{
	static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	int i;

	for (i = 0; i < 12; i++)
		if (memcmp(h, months + i * 3, 3) == 0)
			return 1;
	return 0;
}

/*
 * A node journal saved by hand: journalctl short ("Sep 14 09:36:13 host
 * ident[pid]:"), short-iso ("2021-09-14T09:36:13+0000 host ..."), json
 * ("{"__CURSOR" ...) or export ("__CURSOR=").
 */
static int
classify_is_journal(const unsigned char *h, size_t n)
{
	size_t i = 0;

	while (i < n && (h[i] == ' ' || h[i] == '\n' || h[i] == '\r'))
		i++;
	/* Skip a "-- Logs begin at ..." or "-- Journal begins ..." header. */
	if (n - i > 3 && h[i] == '-' && h[i + 1] == '-' && h[i + 2] == ' ') {
		while (i < n && h[i] != '\n')
			i++;
		i++;
	}
	if (i >= n)
		return 0;
	if (n - i > 9 && memcmp(h + i, "__CURSOR=", 9) == 0)
		return 1;
	if (n - i > 12 && h[i] == '{' &&
	    memmem(h + i, n - i, "\"__REALTIME_TIMESTAMP\"", 22) != NULL)
		return 1;
	if (n - i > 16 && classify_is_month(h + i) && h[i + 3] == ' ' &&
	    h[i + 6] == ' ' && h[i + 9] == ':' && h[i + 12] == ':')
		return 1;
	/* short-iso: "2021-09-14T09:36:13+0000 host ident[pid]:" */
	if (n - i > 25 && h[i + 4] == '-' && h[i + 10] == 'T' &&
	    (h[i + 19] == '+' || h[i + 19] == '-' || h[i + 19] == '.' ||
	    h[i + 19] == 'Z')) {
		const unsigned char *sp, *colon, *end = h + n;

		sp = memchr(h + i, ' ', n - i);
		if (sp == NULL || sp - (h + i) > 40)
			return 0;
		colon = memchr(h + i, '\n', n - i);
		if (colon == NULL)
			colon = end;
		/* "<ts> host ident[pid]: msg": the third word ends in ':'; an
		 * oc logs --timestamps line has the message right after the
		 * stamp instead. */
		sp = memchr(sp + 1, ' ', (size_t)(end - sp - 1));
		if (sp == NULL || sp >= colon)
			return 0;
		sp = memchr(sp + 1, ' ', (size_t)(end - sp - 1));
		return sp != NULL && sp < colon && sp[-1] == ':';
	}
	return 0;
}

/*
 * The installer's logrus text log (.openshift_install.log, or the output
 * of openshift-install saved under any name): its first line is
 * 'time="2024-05-01T10:11:12Z" level=info msg="..."'.
 */
static int
classify_is_install_log(const unsigned char *h, size_t n)
{
	const unsigned char *nl;

	if (n < 32 || memcmp(h, "time=\"", 6) != 0 || h[10] != '-' ||
	    h[13] != '-' || h[16] != 'T')
		return 0;
	if ((nl = memchr(h, '\n', n)) != NULL)
		n = (size_t)(nl - h);
	return memmem(h, n, "\" level=", 8) != NULL;
}

/* The unit a bundle file is named after: "<unit><suffix>". */
static void
classify_bundle_unit(const char *base, const char *suffix,
    struct classification *c)
{
	size_t n = strlen(base);

	if (classify_has_suffix(base, suffix))
		n -= strlen(suffix);
	if (n >= sizeof c->unit)
		n = sizeof c->unit - 1;
	memcpy(c->unit, base, n);
	c->unit[n] = '\0';
}

/*
 * A member of an installer log bundle (openshift-install gather
 * bootstrap: installer-gather.sh, installer-masters-gather.sh), whatever
 * the archive or its top directory is called:
 *   bootstrap/services/<service>.json        service records
 *   bootstrap/journals/<unit>.log            journalctl --output=short
 *   bootstrap/{containers,pods}/<name>.log   container logs
 *   control-plane/<host>/journals/<unit>.log the same per control-plane host
 *   control-plane/<host>/containers/<name>.log
 * The bootstrap host's files get node "bootstrap", a control-plane
 * host's its directory name (the address the bundle reached it at).
 * 1 when the path is one of these and c is filled.
 */
static int
classify_bundle(const char *path, const char *base, const unsigned char *h,
    size_t headlen, struct classification *c)
{
	const char *rest, *cp;
	char dir[CLASSIFY_NAME_MAX];

	if ((rest = classify_anchor(path, "bootstrap")) != NULL) {
		if (strncmp(rest, "services/", 9) == 0 &&
		    strchr(rest + 9, '/') == NULL &&
		    classify_has_suffix(base, ".json")) {
			snprintf(c->role, sizeof c->role, "bootstrap");
			snprintf(c->node, sizeof c->node, "bootstrap");
			classify_bundle_unit(base, ".json", c);
			c->kind = KIND_BOOTSTRAP_SERVICES;
			return 1;
		}
		rest = classify_component(rest, dir, sizeof dir);
		if (strchr(rest, '/') != NULL ||
		    !classify_has_suffix(base, ".log") ||
		    (strcmp(dir, "journals") != 0 &&
		    strcmp(dir, "containers") != 0 && strcmp(dir, "pods") != 0))
			return 0;
		snprintf(c->role, sizeof c->role, "bootstrap");
		snprintf(c->node, sizeof c->node, "bootstrap");
	} else if ((cp = classify_anchor(path, "control-plane")) != NULL) {
		rest = classify_component(cp, c->node, sizeof c->node);
		rest = classify_component(rest, dir, sizeof dir);
		if (c->node[0] == '\0' || strchr(rest, '/') != NULL ||
		    !classify_has_suffix(base, ".log") ||
		    (strcmp(dir, "journals") != 0 &&
		    strcmp(dir, "containers") != 0)) {
			c->node[0] = '\0';
			return 0;
		}
		snprintf(c->role, sizeof c->role, "control-plane");
	} else
		return 0;
	/* Content decides the kind; the path only says whose it is. */
	if (headlen > 0 && !classify_is_text(h, headlen))
		c->kind = KIND_BINARY;
	else if (strcmp(dir, "journals") == 0) {
		classify_bundle_unit(base, ".log", c);
		c->kind = headlen > 0 ? KIND_JOURNAL : KIND_OTHER;
	} else
		c->kind = headlen > 0 ? KIND_LOG : KIND_OTHER;
	return 1;
}

void
classify(const char *path, const void *head, size_t headlen,
    struct classification *c)
{
	const unsigned char *h = head;
	char basebuf[UTIL_BASENAME_MAX];
	const char *base, *rest;
	size_t n;

	memset(c, 0, sizeof *c);
	base = util_basename(path, basebuf, sizeof basebuf);

	/*
	 * Known must-gather paths decide by path alone: a NUL byte in a pod
	 * log or a YAML file is a problem to report while reading it, not a
	 * reason to skip it.  Content decides only for the rest.
	 */
	if ((rest = classify_anchor(path, "host_service_logs")) != NULL) {
		rest = classify_component(rest, c->role, sizeof c->role);
		if (classify_has_suffix(base, "_service.log")) {
			n = strlen(base) - strlen("_service.log");
			if (n >= sizeof c->unit)
				n = sizeof c->unit - 1;
			memcpy(c->unit, base, n);
			c->unit[n] = '\0';
		}
		c->kind = KIND_SERVICE_LOG;
		return;
	}

	if ((rest = classify_anchor(path, "etcd_info")) != NULL &&
	    classify_has_suffix(base, ".json")) {
		c->kind = KIND_ETCD_INFO;
		return;
	}

	/* namespaces/<ns>/pods/<pod>/<container>/<container>/logs/<file> */
	if ((rest = classify_anchor(path, "namespaces")) != NULL) {
		rest = classify_component(rest, c->namespace,
		    sizeof c->namespace);
		if (strncmp(rest, "pods/", 5) == 0 &&
		    strstr(rest, "/logs/") != NULL &&
		    classify_has_suffix(base, ".log")) {
			rest = classify_component(rest + 5, c->pod,
			    sizeof c->pod);
			classify_component(rest, c->container,
			    sizeof c->container);
			c->previous = strncmp(base, "previous", 8) == 0;
			c->insecure = strstr(base, ".insecure.") != NULL;
			c->kind = KIND_POD_LOG;
			return;
		}
	}

	/* Insights: conditional/namespaces/<ns>/pods/<pod>/containers/<c>/logs/ */
	if ((rest = classify_anchor(path, "containers")) != NULL &&
	    strstr(path, "/pods/") != NULL && strstr(rest, "logs/") != NULL &&
	    classify_has_suffix(base, ".log")) {
		const char *ns = classify_anchor(path, "namespaces");
		const char *pods = classify_anchor(path, "pods");

		if (ns != NULL)
			classify_component(ns, c->namespace,
			    sizeof c->namespace);
		if (pods != NULL)
			classify_component(pods, c->pod, sizeof c->pod);
		classify_component(rest, c->container, sizeof c->container);
		c->kind = KIND_POD_LOG;
		return;
	}

	if (classify_bundle(path, base, h, headlen, c))
		return;

	if (strcmp(base, "timestamp") == 0) {
		c->kind = KIND_TIMESTAMP;
		return;
	}
	if (strcmp(base, "version") == 0) {
		c->kind = KIND_VERSION;
		return;
	}
	if (strcmp(base, "install-config") == 0 ||
	    strcmp(base, "install-config.yaml") == 0) {
		c->kind = KIND_INSTALL_CONFIG;
		return;
	}

	if (classify_has_suffix(base, ".yaml") ||
	    classify_has_suffix(base, ".yml")) {
		c->kind = KIND_RESOURCE;
		return;
	}
	/* A journal saved as json or export, whatever its name says. */
	if (headlen > 0 && journal_detect(head, headlen) != JOURNAL_TEXT) {
		c->kind = KIND_JOURNAL;
		return;
	}
	if (classify_has_suffix(base, ".json")) {
		c->kind = (classify_anchor(path, "config") != NULL ||
		    classify_anchor(path, "events") != NULL ||
		    classify_anchor(path, "conditional") != NULL ||
		    classify_anchor(path, "aggregated") != NULL) &&
		    classify_anchor(path, "namespaces") == NULL &&
		    classify_anchor(path, "cluster-scoped-resources") == NULL ?
		    KIND_INSIGHTS : KIND_RESOURCE;
		return;
	}

	/* Everything else: binary, a journal or a log, by content. */
	if (headlen > 0 && !classify_is_text(h, headlen)) {
		c->kind = KIND_BINARY;
		return;
	}
	if (headlen > 0 && classify_is_install_log(h, headlen)) {
		c->kind = KIND_INSTALL_LOG;
		return;
	}
	if (headlen > 0 && classify_is_journal(h, headlen)) {
		c->kind = KIND_JOURNAL;
		return;
	}
	if (classify_has_suffix(base, ".log") ||
	    classify_has_suffix(base, ".txt") ||
	    classify_has_suffix(base, ".out") ||
	    strchr(base, '.') == NULL) {
		c->kind = headlen > 0 ? KIND_LOG : KIND_OTHER;
		return;
	}
	c->kind = KIND_OTHER;
}

const char *
classify_kind_name(enum classify_kind k)
{
	switch (k) {
	case KIND_OTHER:		return "other";
	case KIND_RESOURCE:		return "resource";
	case KIND_POD_LOG:		return "pod_log";
	case KIND_SERVICE_LOG:		return "service_log";
	case KIND_JOURNAL:		return "journal";
	case KIND_LOG:			return "log";
	case KIND_ETCD_INFO:		return "etcd_info";
	case KIND_BOOTSTRAP_SERVICES:	return "bootstrap_services";
	case KIND_INSTALL_LOG:		return "install_log";
	case KIND_INSIGHTS:		return "insights";
	case KIND_INSTALL_CONFIG:	return "install_config";
	case KIND_TIMESTAMP:		return "timestamp";
	case KIND_VERSION:		return "version";
	case KIND_BINARY:		return "binary";
	case KIND_CONTAINER:		return "container";
	case KIND_LINK:			return "link";
	case KIND_SKIPPED:		return "skipped";
	}
	return "other";
}
