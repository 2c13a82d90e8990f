/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Comparing two cases (include/mgtriage.h): evaluate the session's rules
 * on both, hand their findings and indexes to diff.c, read and write
 * what it found.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "diff.h"
#include "error.h"
#include "xmalloc.h"

/* The current findings of r as diff.c reads them (strings borrowed
 * from r). */
static struct diff_finding *
api_diff_findings(const mgt_result *r, size_t *n)
{
	struct diff_finding *v;
	struct mgt_finding f;
	size_t i;

	/* Only what holds at gather time: a finding current in A and over
	 * by B's gather is resolved. */
	v = xreallocarray(NULL, mgt_result_count(r) + 1, sizeof *v);
	for (*n = 0, i = 0; i < mgt_result_count(r); i++) {
		mgt_result_finding(r, i, &f);
		if (f.state != MGT_FINDING_CURRENT)
			continue;
		v[*n].rule_id = f.rule_id;
		v[*n].severity = (int)f.severity;
		v[*n].summary = f.summary;
		v[*n].component = f.component;
		(*n)++;
	}
	return v;
}

int
mgt_diff_build(mgt_case *a, mgt_case *b, unsigned flags, mgt_diff **out,
    struct mgt_error *err)
{
	mgt_case *cs[2] = { a, b };
	mgt_result *r[2] = { NULL, NULL };
	struct diff_finding *f[2] = { NULL, NULL };
	struct diff_side side[2];
	struct mgt_completeness comp;
	struct diff *d = NULL;
	int k, rc = MGT_OK;

	*out = NULL;
	if (a == NULL || b == NULL || a->s != b->s)
		return error_set(err, MGT_ERR_USAGE, "", -1, 0, "a diff "
		    "compares two cases of one session");
	for (k = 0; k < 2; k++) {
		if ((rc = mgt_evaluate(cs[k], NULL, &r[k], err)) != MGT_OK) {
			if (err != NULL && err->where[0] == '\0')
				snprintf(err->where, sizeof err->where, "%s",
				    cs[k]->path);
			goto out;
		}
		memset(&side[k], 0, sizeof side[k]);
		side[k].db = cs[k]->db;
		f[k] = api_diff_findings(r[k], &side[k].nfindings);
		side[k].findings = f[k];
		mgt_result_completeness(r[k], &comp);
		side[k].complete = comp.complete;
	}
	if ((rc = diff_build(&side[0], &side[1], (flags & MGT_DIFF_FORCE) != 0,
	    &d, err)) == MGT_OK) {
		*out = xcalloc(1, sizeof **out);
		(*out)->d = d;
	}
out:
	for (k = 0; k < 2; k++) {
		free(f[k]);
		mgt_result_free(r[k]);
	}
	return rc;
}

void
mgt_diff_free(mgt_diff *d)
{
	if (d == NULL)
		return;
	diff_free(d->d);
	free(d);
}

const char *
mgt_change_kind_name(int kind)
{
	switch (kind) {
	case MGT_CHANGE_ADDED:
		return "added";
	case MGT_CHANGE_REMOVED:
		return "removed";
	case MGT_CHANGE_CHANGED:
		return "changed";
	}
	return NULL;
}

size_t
mgt_diff_count(const mgt_diff *d)
{
	return d->d->nchanges;
}

int
mgt_diff_change(const mgt_diff *d, size_t i, struct mgt_change *out)
{
	const struct diff_change *c;

	if (i >= d->d->nchanges)
		return -1;
	c = &d->d->changes[i];
	out->section = c->section;
	out->kind = (enum mgt_change_kind)c->kind;
	out->name = c->name;
	out->field = c->field;
	out->before = c->before;
	out->after = c->after;
	out->detail = c->detail;
	out->severity = c->severity;
	return 0;
}

void
mgt_diff_info(const mgt_diff *d, struct mgt_diff_info *out)
{
	const struct diff *x = d->d;
	int k;

	memset(out, 0, sizeof *out);
	for (k = 0; k < 2; k++) {
		out->cluster_id[k] = x->cluster_id[k];
		out->version[k] = x->version[k];
		out->complete[k] = x->complete[k];
	}
	out->same_cluster = x->same_cluster;
	out->added = x->added;
	out->removed = x->removed;
	out->changed = x->changed;
	out->findings_new = x->findings_new;
	out->findings_changed = x->findings_changed;
	out->findings_resolved = x->findings_resolved;
	out->worst_new = x->worst_new;
}

int
mgt_diff_write(const mgt_diff *d, FILE *f, int format,
    struct mgt_error *err)
{
	return diff_write(f, d->d, format, err);
}
