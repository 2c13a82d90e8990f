/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Shared by the two YAML writers (gen-yaml.c, cluster-scoped objects;
 * gen-yaml-ns.c, what lives in namespaces): the writing context and the
 * small helpers for lines, scalars, times, images and certificates.
 */
#ifndef GEN_YAML_H
#define GEN_YAML_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gen.h"

struct yctx {
	const struct gen_cluster	*cl;
	struct rng			*r;	/* this object's stream */
	struct buf			*b;
	uint64_t			 target;	/* pad a list to this; 0: no */
};

static const char *const words[] = {
	"the", "of", "a", "is", "to", "for", "and", "in", "that", "be", "this",
	"field", "object", "value", "specifies", "resource", "must", "when",
	"if", "not", "set", "default", "controller", "configuration",
	"cluster", "name", "namespace", "status", "spec", "conditions",
	"observed", "generation", "list", "required", "optional", "string",
	"represents", "reference", "should", "may", "operator", "will", "use",
	"used", "only", "each", "from", "with", "as", "are", "which", "can",
	"latest", "available", "version", "type", "kind", "API", "server",
	"client", "certificate", "secret", "config", "map", "pod", "node",
	"template", "selector", "labels", "annotations", "metadata", "items",
	"description", "format", "pattern", "minimum", "maximum", "enum",
};

/* Append one line at an indent, printf-style. */
static inline void
yl(struct yctx *y, int ind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static inline void
yl(struct yctx *y, int ind, const char *fmt, ...)
{
	struct buf	*b = y->b;
	va_list		 ap;
	int		 n;

	buf_reserve(b, (size_t)ind + 512);
	memset(b->p + b->len, ' ', (size_t)ind);
	b->len += (size_t)ind;
	va_start(ap, fmt);
	n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= b->cap - b->len) {
		buf_reserve(b, (size_t)n + 1);
		va_start(ap, fmt);
		vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
		va_end(ap);
	}
	b->len += (size_t)n;
	buf_addc(b, '\n');
}

/* A YAML scalar: plain when safe, else double-quoted; into tmp. */
static inline const char *
yq(char *tmp, size_t len, const char *s)
{
	const char	*p;
	size_t		 o = 0;
	int		 plain = s[0] != '\0', alpha = 0;

	for (p = s; *p != '\0' && plain; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))
			alpha = 1;
		else if (!((*p >= '0' && *p <= '9') || *p == '-' ||
		    *p == '.' || *p == '/' || *p == '_' || *p == ' '))
			plain = 0;
	}
	if (plain && alpha && s[0] != '-' && s[0] != ' ' &&
	    p[-1] != ' ' && strcmp(s, "true") != 0 && strcmp(s, "false") != 0 &&
	    strcmp(s, "null") != 0 && strcmp(s, "yes") != 0 &&
	    strcmp(s, "no") != 0 && strcmp(s, "on") != 0 &&
	    strcmp(s, "off") != 0 && strchr("0123456789.", s[0]) == NULL)
		return s;
	tmp[o++] = '"';
	for (p = s; *p != '\0' && o + 4 < len; p++) {
		if (*p == '"' || *p == '\\')
			tmp[o++] = '\\';
		if (*p == '\n') {
			tmp[o++] = '\\';
			tmp[o++] = 'n';
			continue;
		}
		tmp[o++] = *p;
	}
	tmp[o++] = '"';
	tmp[o] = '\0';
	return tmp;
}

static inline void
ts(char *out, int64_t ns)
{
	gen_rfc3339(ns, out);
}

static inline void
obj_seed(struct rng *r, const struct gen_cluster *cl, const char *kind,
    const char *name)
{
	rng_seed(r, cl->seed ^ gen_hash(kind) ^ (gen_hash(name) << 1));
}

static inline unsigned
rv(struct yctx *y)
{
	return 1000 + rng_below(y->r, 900000);
}

static inline void
sentence(struct yctx *y, struct buf *b, int nwords)
{
	int	 i;

	for (i = 0; i < nwords; i++) {
		if (i > 0)
			buf_addc(b, ' ');
		buf_adds(b, words[rng_below(y->r, sizeof words /
		    sizeof *words)]);
	}
	buf_addc(b, '.');
	buf_addc(b, '\0');
	b->len--;
}

/*
 * PEM blocks as a literal block scalar body, at indent ind.  Certificate
 * k is the same bytes wherever it appears, as CA bundles are in reality.
 */
static inline void
pem(struct yctx *y, int ind, int first, int ncerts)
{
	struct rng	 r;
	int		 i, l;

	for (i = first; i < first + ncerts; i++) {
		rng_seed(&r, y->cl->seed ^ 0x70656d00ULL ^ (uint64_t)i);
		yl(y, ind, "-----BEGIN CERTIFICATE-----");
		for (l = 0; l < 18; l++) {
			buf_reserve(y->b, (size_t)ind + 80);
			memset(y->b->p + y->b->len, ' ', (size_t)ind);
			y->b->len += (size_t)ind;
			gen_base64(&r, y->b, l == 17 ? 44 : 64);
			buf_addc(y->b, '\n');
		}
		yl(y, ind, "-----END CERTIFICATE-----");
	}
}

#define NIMAGES	180

/* The release payload: a fixed set of images for the whole cluster. */
static inline void
image_idx(struct yctx *y, unsigned idx, char *out)
{
	struct rng	 r;
	char		 h[65];

	rng_seed(&r, y->cl->seed ^ 0x696d6700ULL ^ (uint64_t)(idx % NIMAGES));
	gen_hex(&r, h, 64);
	snprintf(out, 128, "quay.io/openshift-release-dev/ocp-v4.0-art-dev@"
	    "sha256:%s", h);
}

/* Any image of the payload. */
static inline void
image(struct yctx *y, char *out)
{
	image_idx(y, rng_below(y->r, NIMAGES), out);
}

/* The image a container of this name runs, the same in every pod. */
static inline void
image_for(struct yctx *y, const char *name, char *out)
{
	image_idx(y, (unsigned)(gen_hash(name) % NIMAGES), out);
}

static inline void
condition(struct yctx *y, int ind, int64_t t, const char *type,
    const char *status, const char *reason, const char *msg)
{
	char	 tt[32], q[1024];

	ts(tt, t);
	yl(y, ind - 2, "- lastTransitionTime: \"%s\"", tt);
	yl(y, ind, "message: %s", msg[0] == '\0' ? "\"\"" :
	    yq(q, sizeof q, msg));
	yl(y, ind, "reason: %s", reason[0] == '\0' ? "\"\"" : reason);
	yl(y, ind, "status: \"%s\"", status);
	yl(y, ind, "type: %s", type);
}

/* Copy an object written at indent 0 into a list as "- " item. */
static inline void
item(struct buf *out, const struct buf *obj)
{
	size_t	 i, s;
	int	 first = 1;

	for (i = 0; i < obj->len; i = s) {
		for (s = i; s < obj->len && obj->p[s] != '\n'; s++)
			;
		buf_add(out, first ? "- " : "  ", 2);
		buf_add(out, obj->p + i, s - i);
		buf_addc(out, '\n');
		first = 0;
		if (s < obj->len)
			s++;
	}
}

/* gen-yaml-ns.c */
void		 yaml_ns_obj(struct yctx *, const struct gen_ns *);
void		 yaml_pod(struct yctx *, const struct gen_pod *);
void		 yaml_ns_list(struct yctx *, const struct gen_ns *, int);

/* gen-yaml-apireq.c */
void		 yaml_apireq(struct yctx *, int);

#endif
