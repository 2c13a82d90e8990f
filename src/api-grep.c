/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mgt_case_grep(): a PCRE2 pattern over every log line of a case.  An
 * index built with full text holds every line and is searched directly; a
 * default one holds only error lines and rule hits, so the inputs it
 * recorded are read again (grep-stream.c) when they are still there.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api.h"
#include "error.h"
#include "grep-stream.h"
#include "index-read.h"
#include "regex.h"
#include "xmalloc.h"

void
mgt_grep_init(struct mgt_grep *g)
{
	memset(g, 0, sizeof *g);
	g->since = INT64_MIN;
	g->until = INT64_MAX;
	g->reread = -1;
}

static void
api_grep_free_inputs(char **v, size_t n)
{
	while (n > 0)
		free(v[--n]);
	free(v);
}

/*
 * The inputs the index was built from (meta input_paths, one absolute
 * path a line), empty lines dropped; *readable is 0 when one of them
 * cannot be read now.
 */
static char **
api_grep_inputs(sqlite3 *db, size_t *n, int *readable)
{
	char **v;
	size_t i, k, kept = 0;

	*readable = 1;
	if ((v = index_meta_lines(db, "input_paths", &k)) == NULL) {
		*n = 0;
		return NULL;
	}
	for (i = 0; i < k; i++) {
		if (v[i][0] == '\0') {
			free(v[i]);
			continue;
		}
		if (access(v[i], R_OK) != 0)
			*readable = 0;
		v[kept++] = v[i];
	}
	*n = kept;
	return v;
}

/* One stored line for mgt_case_grep()'s caller; the glob is applied here. */
struct api_grep_ctx {
	const struct mgt_grep	*g;
	mgt_line_fn		 fn;
	void			*data;
	long long		*count;
};

static int
api_grep_line(void *data, const struct index_line_row *r)
{
	struct api_grep_ctx *x = data;
	struct mgt_line ml;

	if (x->g->source != NULL && !grep_source_match(x->g->source, r->vpath))
		return 0;
	(*x->count)++;
	ml.where = r->vpath;
	ml.line = r->line_no;
	ml.text = r->text;
	ml.len = r->len;
	ml.ts = r->ts;
	ml.node = r->node;
	return x->fn != NULL && x->fn(x->data, &ml) != 0;
}

static int
api_grep_stored(mgt_case *c, const struct mgt_grep *g, const char *pattern,
    mgt_line_fn fn, void *data, long long *count, struct mgt_error *err)
{
	struct index_line_filter f;
	struct api_grep_ctx x;

	f.pattern = pattern;
	f.node = g->node;
	f.since = g->since;
	f.until = g->until;
	x.g = g;
	x.fn = fn;
	x.data = data;
	x.count = count;
	return index_read_lines(c->db, &f, api_grep_line, &x, err);
}

int
mgt_case_grep(mgt_case *c, const struct mgt_grep *g, mgt_line_fn fn,
    void *data, long long *count, struct mgt_error *err)
{
	struct grep_query q;
	struct mgt_limits lim;
	pcre2_code *re;
	char *pattern = NULL, *v, why[300], **inputs = NULL;
	size_t ninputs = 0;
	long long n = 0;
	int rc, reread = g->reread, readable;

	if (count != NULL)
		*count = 0;
	if (g->pattern == NULL)
		return error_set(err, MGT_ERR_USAGE, "", -1, 0,
		    "no pattern");
	xasprintf(&pattern, "%s%s", g->caseless ? "(?i)" : "", g->pattern);
	/* A bad pattern is the caller's, whichever way the lines come. */
	if ((re = regex_compile(pattern, strlen(pattern),
	    c->s->opts.no_jit ? REGEX_NO_JIT : 0, why,
	    sizeof why)) == NULL) {
		free(pattern);
		return error_set(err, MGT_ERR_USAGE, "", -1, 0, "%s", why);
	}
	if (reread != 0) {
		inputs = api_grep_inputs(c->db, &ninputs, &readable);
		if (reread < 0) {
			v = index_meta(c->db, "full_text");
			reread = !(v != NULL && atoi(v) != 0) &&
			    ninputs > 0 && readable;
			free(v);
		} else if (ninputs == 0) {
			rc = error_set(err, MGT_ERR_USAGE, c->path, -1, 0,
			    "the index records no inputs to read again");
			goto out;
		}
	}
	if (reread) {
		memset(&q, 0, sizeof q);
		q.re = re;
		q.node = g->node;
		q.glob = g->source;
		q.has_since = g->since != INT64_MIN;
		q.since = g->since;
		q.has_until = g->until != INT64_MAX;
		q.until = g->until;
		q.fn = fn;
		q.data = data;
		lim = c->s->limits;
		lim.no_isal = c->s->opts.no_isal;
		rc = grep_stream(c->db, inputs, ninputs, &lim, &q, &n, err);
	} else
		rc = api_grep_stored(c, g, pattern, fn, data, &n, err);
out:
	if (count != NULL)
		*count = n;
	pcre2_code_free(re);
	free(pattern);
	api_grep_free_inputs(inputs, ninputs);
	return rc;
}
