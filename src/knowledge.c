/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Using the knowledge base: component edges for ranking and the benign
 * list for suppression (knowledge.h).  Loading is knowledge-load.c.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "finding.h"
#include "knowledge.h"
#include "util.h"
#include "xmalloc.h"

/* Bytes of a finding's text that markers and benign patterns see. */
#define KNOWLEDGE_TEXT_MAX	65536

void
knowledge_free(struct knowledge *kb)
{
	size_t i, j;

	if (kb == NULL)
		return;
	for (i = 0; i < kb->ndeps; i++) {
		for (j = 0; j < kb->deps[i].ncomponent; j++)
			free(kb->deps[i].component[j]);
		free(kb->deps[i].component);
		for (j = 0; j < kb->deps[i].non; j++)
			free(kb->deps[i].on[j]);
		free(kb->deps[i].on);
		free(kb->deps[i].why);
		free(kb->deps[i].source);
	}
	free(kb->deps);
	for (i = 0; i < kb->nmarkers; i++) {
		free(kb->markers[i].pattern);
		pcre2_code_free(kb->markers[i].re);
		free(kb->markers[i].on);
		free(kb->markers[i].why);
		free(kb->markers[i].source);
	}
	free(kb->markers);
	for (i = 0; i < kb->nbenign; i++) {
		free(kb->benign[i].rule);
		free(kb->benign[i].component);
		free(kb->benign[i].pattern);
		pcre2_code_free(kb->benign[i].re);
		free(kb->benign[i].reason);
		free(kb->benign[i].source);
	}
	free(kb->benign);
	memset(kb, 0, sizeof *kb);
}

static void
knowledge_append(char **buf, size_t *len, const char *s)
{
	size_t n;

	if (s == NULL || *len >= KNOWLEDGE_TEXT_MAX)
		return;
	n = strlen(s);
	if (n > KNOWLEDGE_TEXT_MAX - *len)
		n = KNOWLEDGE_TEXT_MAX - *len;
	*buf = xreallocarray(*buf, *len + n + 2, 1);
	memcpy(*buf + *len, s, n);
	*len += n;
	(*buf)[(*len)++] = '\n';
	(*buf)[*len] = '\0';
}

char *
knowledge_text(const struct finding *f)
{
	char *buf = xstrdup("");
	size_t len = 0, i;

	knowledge_append(&buf, &len, f->summary);
	for (i = 0; i < f->nevidence; i++) {
		knowledge_append(&buf, &len, f->evidence[i].text);
		knowledge_append(&buf, &len, f->evidence[i].value);
	}
	return buf;
}

static int
knowledge_match(pcre2_code *re, const char *text, pcre2_match_data *md)
{
	return pcre2_match(re, (PCRE2_SPTR)text, strlen(text), 0, 0, md,
	    NULL) >= 0;
}

void
knowledge_suppress(const struct knowledge *kb, struct finding_set *set)
{
	const struct knowledge_benign *b;
	struct finding *f;
	pcre2_match_data *md;
	char *text;
	size_t i, k;

	if (kb == NULL || kb->nbenign == 0)
		return;
	if ((md = pcre2_match_data_create(1, NULL)) == NULL)
		xmalloc_fail("PCRE2 match data");
	for (i = 0; i < set->nfindings; i++) {
		f = &set->findings[i];
		if (f->state != FINDING_CURRENT || f->rule == NULL)
			continue;
		text = NULL;
		for (k = 0; k < kb->nbenign; k++) {
			b = &kb->benign[k];
			if (!util_glob(b->rule, f->rule->id))
				continue;
			if (b->component != NULL && (f->component == NULL ||
			    !util_glob(b->component, f->component)))
				continue;
			if (b->re != NULL) {
				if (text == NULL)
					text = knowledge_text(f);
				if (!knowledge_match(b->re, text, md))
					continue;
			}
			f->state = FINDING_SUPPRESSED;
			free(f->state_reason);
			xasprintf(&f->state_reason, "%s (source: %s)",
			    b->reason, b->source);
			break;
		}
		free(text);
	}
	pcre2_match_data_free(md);
}

/* Fill {name} placeholders of tmpl from the match's named groups. */
static char *
knowledge_fill(const char *tmpl, pcre2_code *re, pcre2_match_data *md,
    const char *subject)
{
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
	const char *p, *e;
	char *out = xstrdup(""), *tmp, name[65];
	size_t n;
	int g;

	for (p = tmpl; *p != '\0'; p = e) {
		if (*p == '{' && (e = strchr(p, '}')) != NULL &&
		    (n = (size_t)(e - p - 1)) > 0 && n < sizeof name) {
			memcpy(name, p + 1, n);
			name[n] = '\0';
			e++;
			g = pcre2_substring_number_from_name(re,
			    (PCRE2_SPTR)name);
			if (g > 0 && ov[2 * g] != PCRE2_UNSET) {
				xasprintf(&tmp, "%s%.*s", out,
				    (int)(ov[2 * g + 1] - ov[2 * g]),
				    subject + ov[2 * g]);
				free(out);
				out = tmp;
				continue;
			}
			/* An unset group matches any name. */
			xasprintf(&tmp, "%s*", out);
			free(out);
			out = tmp;
			continue;
		}
		e = p + 1;
		xasprintf(&tmp, "%s%c", out, *p);
		free(out);
		out = tmp;
	}
	return out;
}

/* A marker may name several components in one text ("node "a" not
 * ready since ..., node "b" not ready since ..."): every match counts, up
 * to this many per marker. */
#define KNOWLEDGE_MAX_MATCHES	64

static void
knowledge_target_add(struct knowledge_targets *out, char *on,
    const struct knowledge_marker *m)
{
	size_t i;

	for (i = 0; i < out->n; i++)
		if (strcmp(out->on[i], on) == 0) {
			free(on);
			return;
		}
	out->on = xreallocarray(out->on, out->n + 1, sizeof *out->on);
	out->why = xreallocarray(out->why, out->n + 1, sizeof *out->why);
	out->on[out->n] = on;
	xasprintf(&out->why[out->n], "%s (source: %s)", m->why, m->source);
	out->n++;
}

void
knowledge_marker_targets(const struct knowledge *kb, const struct finding *f,
    struct knowledge_targets *out)
{
	const struct knowledge_marker *m;
	pcre2_match_data *md;
	PCRE2_SIZE *ov, at, len;
	char *text;
	size_t k, n;

	memset(out, 0, sizeof *out);
	if (kb == NULL || kb->nmarkers == 0)
		return;
	text = knowledge_text(f);
	len = strlen(text);
	for (k = 0; k < kb->nmarkers; k++) {
		m = &kb->markers[k];
		if ((md = pcre2_match_data_create_from_pattern(m->re,
		    NULL)) == NULL)
			xmalloc_fail("PCRE2 match data");
		ov = pcre2_get_ovector_pointer(md);
		for (at = 0, n = 0; at <= len && n < KNOWLEDGE_MAX_MATCHES;
		    n++) {
			if (pcre2_match(m->re, (PCRE2_SPTR)text, len, at, 0, md,
			    NULL) < 0)
				break;
			knowledge_target_add(out, knowledge_fill(m->on, m->re,
			    md, text), m);
			/* An empty match moves on one byte. */
			at = ov[1] > ov[0] ? ov[1] : ov[0] + 1;
		}
		pcre2_match_data_free(md);
	}
	free(text);
}

void
knowledge_targets_free(struct knowledge_targets *t)
{
	size_t i;

	for (i = 0; i < t->n; i++) {
		free(t->on[i]);
		free(t->why[i]);
	}
	free(t->on);
	free(t->why);
	memset(t, 0, sizeof *t);
}

/* cause began no later than f; an unknown time never rules it out. */
static int
knowledge_no_later(const struct finding *cause, const struct finding *f)
{
	return cause->first_ts == INT64_MIN || f->first_ts == INT64_MIN ||
	    cause->first_ts <= f->first_ts;
}

int
knowledge_explains(const struct knowledge *kb, const struct finding *cause,
    const struct finding *f, const struct knowledge_targets *ft, char **why)
{
	const struct knowledge_dep *d;
	size_t k, j;

	*why = NULL;
	if (kb == NULL || cause->component == NULL || f->component == NULL ||
	    strcmp(cause->component, f->component) == 0)
		return 0;
	for (k = 0; ft != NULL && k < ft->n; k++) {
		if (util_glob(ft->on[k], cause->component)) {
			*why = xstrdup(ft->why[k]);
			return 1;
		}
	}
	for (k = 0; k < kb->ndeps; k++) {
		d = &kb->deps[k];
		for (j = 0; j < d->ncomponent; j++)
			if (util_glob(d->component[j], f->component))
				break;
		if (j == d->ncomponent)
			continue;
		for (j = 0; j < d->non; j++) {
			if (!util_glob(d->on[j], cause->component))
				continue;
			if (!d->summary && !knowledge_no_later(cause, f))
				continue;
			xasprintf(why, "%s (source: %s)", d->why, d->source);
			return 1;
		}
	}
	return 0;
}
