/* SPDX-License-Identifier: Apache-2.0 */
/*
 * --profile real: make the YAML's byte mix by kind that of the four real
 * must-gathers in shared/corpus/real (measured with bench/bytemix.sh; the
 * table is in bench/README.md).  Secret, ConfigMap, Event and Pod lists
 * grow by more objects of their kind; more CRDs and APIRequestCounts are
 * added as files.  Everything else, and the logs, is as the default
 * profile makes it, so the logs get what is left of --size.
 */
#include <stdio.h>
#include <string.h>

#include "gen.h"

enum { P_SECRETS, P_CONFIGMAPS, P_EVENTS, P_PODS, P_CRDS, P_APIREQ, P_N };

/* Share of all bytes, the mean of the four real gathers. */
static const double share[P_N] = {
	0.167, 0.1275, 0.065, 0.047, 0.042, 0.029,
};

static const int list_of[P_N] = {
	L_SECRETS, L_CONFIGMAPS, L_EVENTS, L_PODS, -1, -1,
};

static int
kind_of(const struct gen_entry *e)
{
	int k;

	switch (e->kind) {
	case K_NS_LIST:
		for (k = 0; k < P_N; k++)
			if (list_of[k] == e->b)
				return k;
		return -1;
	case K_POD:
		return P_PODS;
	case K_CRD:
		return P_CRDS;
	case K_APIREQ:
		return P_APIREQ;
	}
	return -1;
}

static uint64_t
measure(const struct gen_cluster *cl, struct gen_entry *e,
    gen_write_fn *write, struct buf *b)
{
	write(cl, e, b);
	e->size = b->len;
	return b->len;
}

/* Grow kind k's lists by their share of the missing bytes. */
static void
grow_lists(const struct gen_cluster *cl, struct plan *pl, int k,
    uint64_t want, uint64_t have, gen_write_fn *write, struct buf *b)
{
	struct gen_entry	*e;
	double			 wsum = 0, w;
	size_t			 i;

	if (have >= want)
		return;
	for (i = 0; i < pl->n; i++) {
		e = &pl->e[i];
		if (e->kind == K_NS_LIST && e->b == list_of[k] &&
		    (k != P_PODS || cl->ns[e->a].npods > 0))
			wsum += 1 + cl->ns[e->a].npods;
	}
	if (wsum <= 0)
		return;
	for (i = 0; i < pl->n; i++) {
		e = &pl->e[i];
		if (e->kind != K_NS_LIST || e->b != list_of[k] ||
		    (k == P_PODS && cl->ns[e->a].npods == 0))
			continue;
		/* More objects where the namespace runs more pods. */
		w = (1 + cl->ns[e->a].npods) / wsum;
		e->size += (uint64_t)((double)(want - have) * w);
		measure(cl, e, write, b);
	}
}

/* Add CRDs (kind P_CRDS) or APIRequestCounts until want bytes. */
static void
add_files(const struct gen_cluster *cl, struct plan *pl, int k,
    uint64_t want, uint64_t have, gen_write_fn *write, struct buf *b)
{
	char	 name[192];
	int	 idx = k == P_CRDS ? model_ncrd : 0;

	for (; have < want && idx < 1000000; idx++) {
		if (k == P_CRDS) {
			crd_name(idx, name, sizeof name);
			plan_add(pl, K_CRD, idx, 0, 0, "%s/cluster-scoped-"
			    "resources/apiextensions.k8s.io/"
			    "customresourcedefinitions/%s.yaml", cl->top,
			    name);
		} else {
			yaml_apireq_name(idx, name, sizeof name);
			plan_add(pl, K_APIREQ, idx, 0, 0, "%s/cluster-scoped-"
			    "resources/apiserver.openshift.io/"
			    "apirequestcounts/%s.yaml", cl->top, name);
		}
		have += measure(cl, &pl->e[pl->n - 1], write, b);
	}
}

/* Returns the YAML's bytes after growing it. */
uint64_t
profile_real(const struct gen_cluster *cl, struct plan *pl,
    gen_write_fn *write)
{
	struct buf	 b = { 0 };
	uint64_t	 have[P_N] = { 0 }, want, yaml = 0;
	size_t		 i;
	int		 k;

	for (i = 0; i < pl->n; i++)
		if ((k = kind_of(&pl->e[i])) >= 0)
			have[k] += pl->e[i].size;
	for (k = 0; k < P_N; k++) {
		want = (uint64_t)((double)cl->size * share[k]);
		if (list_of[k] >= 0)
			grow_lists(cl, pl, k, want, have[k], write, &b);
		else
			add_files(cl, pl, k, want, have[k], write, &b);
	}
	for (i = 0; i < pl->n; i++)
		if (pl->e[i].kind != K_POD_LOG && pl->e[i].kind != K_HOST_LOG)
			yaml += pl->e[i].size;
	buf_free(&b);
	return yaml;
}
