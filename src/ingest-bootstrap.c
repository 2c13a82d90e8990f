/* SPDX-License-Identifier: Apache-2.0 */
/*
 * An installer log bundle's service records (bootstrap/services/<svc>.json,
 * classify.c): one bootstrap_services row per entry.  The file is read
 * whole up to a bound, then entry by entry (parse-bootstrap.c): a bad
 * entry or a cut file is a problem row and the entries read stay.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "ingest-private.h"
#include "mgt-time.h"
#include "parse-bootstrap.h"
#include "parse-log.h"
#include "xmalloc.h"

/* Bytes of one records file read; the rest is left (a problem says so). */
#define BOOTSTRAP_FILE_MAX	(16L * 1024 * 1024)
/* Bytes kept of a name field and of errorMessage (three journal lines). */
#define BOOTSTRAP_NAME_MAX	256
#define BOOTSTRAP_TEXT_MAX	8192

struct bootstrap_ctx {
	struct ingest		*in;
	struct index_source	*s;	/* its first_ts and last_ts */
	long			 stored;
};

/* obj.name as a string cut to max bytes at a character boundary, into
 * *buf when cut (the caller frees it); NULL when absent or not a string. */
static const char *
bootstrap_field(const cJSON *obj, const char *name, size_t max, char **buf)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);
	size_t n;

	*buf = NULL;
	if (!cJSON_IsString(v) || v->valuestring == NULL)
		return NULL;
	if ((n = strlen(v->valuestring)) <= max)
		return v->valuestring;
	n = max;
	while (n > 0 && ((unsigned char)v->valuestring[n] & 0xc0) == 0x80)
		n--;
	*buf = xmalloc(n + 1);
	memcpy(*buf, v->valuestring, n);
	(*buf)[n] = '\0';
	return *buf;
}

static int
bootstrap_item(void *arg, const struct bootstrap_item *it)
{
	static const struct {
		const char	*key;
		size_t		 max;
	} fields[] = {
		{ "phase", BOOTSTRAP_NAME_MAX },
		{ "result", BOOTSTRAP_NAME_MAX },
		{ "stage", BOOTSTRAP_NAME_MAX },
		{ "preCommand", BOOTSTRAP_NAME_MAX },
		{ "postCommand", BOOTSTRAP_NAME_MAX },
		{ "errorLine", BOOTSTRAP_NAME_MAX },
		{ "errorMessage", BOOTSTRAP_TEXT_MAX },
		{ "timestamp", BOOTSTRAP_NAME_MAX }
	};
	struct bootstrap_ctx *bc = arg;
	struct ingest *in = bc->in;
	struct index_bootstrap b;
	struct mgt_error err;
	const char *v[8];
	char *cut[8];
	size_t i;
	int rc;

	if (it->event != BOOTSTRAP_ENTRY) {
		problem_report(&in->sink, it->event == BOOTSTRAP_LIMIT ?
		    PROBLEM_WARNING : PROBLEM_ERROR, it->event ==
		    BOOTSTRAP_LIMIT ? PCODE_LIMIT_DOCS : PCODE_JSON, in->vpath,
		    (long long)it->offset, it->line, "service records: %s "
		    "(entry %ld)%s", it->why, it->seq, bc->stored > 0 ?
		    "; the entries before it are kept" : "");
		return 0;
	}
	for (i = 0; i < sizeof fields / sizeof fields[0]; i++)
		v[i] = bootstrap_field(it->obj, fields[i].key, fields[i].max,
		    &cut[i]);
	memset(&b, 0, sizeof b);
	b.source_id = in->source_id;
	b.line = it->line;
	b.seq = it->seq;
	b.service = in->cls.unit[0] ? in->cls.unit : "?";
	b.host = in->cls.node[0] ? in->cls.node : NULL;
	b.phase = v[0];
	b.result = v[1];
	b.stage = v[2];
	b.pre_command = v[3];
	b.post_command = v[4];
	b.error_line = v[5];
	b.error_message = v[6];
	b.timestamp = v[7];
	b.ts = LOG_TS_NONE;
	if (b.timestamp != NULL && !time_parse(b.timestamp,
	    strlen(b.timestamp), &b.ts))
		b.ts = LOG_TS_NONE;
	rc = index_add_bootstrap(in->idx, &b, &err);
	for (i = 0; i < sizeof cut / sizeof cut[0]; i++)
		free(cut[i]);
	if (rc != MGT_OK)
		return ingest_db_error(in, &err);
	if (b.ts != LOG_TS_NONE) {
		if (bc->s->first_ts == LOG_TS_NONE || b.ts < bc->s->first_ts)
			bc->s->first_ts = b.ts;
		if (bc->s->last_ts == LOG_TS_NONE || b.ts > bc->s->last_ts)
			bc->s->last_ts = b.ts;
	}
	bc->stored++;
	return 0;
}

int
ingest_bootstrap_member(struct ingest *in, const void *head, size_t headlen,
    struct index_source *s)
{
	struct bootstrap_ctx bc;
	const void *blk;
	char *buf = NULL;
	size_t len = 0, cap = 0, n;
	int r = 1, over = 0, rc;

	/* The whole file, up to BOOTSTRAP_FILE_MAX bytes. */
	for (blk = head, n = headlen; r > 0;
	    r = ingest_pipe_read(in->pipe, &blk, &n)) {
		if (blk == NULL || n == 0)
			continue;
		if (len + n > (size_t)BOOTSTRAP_FILE_MAX) {
			n = (size_t)BOOTSTRAP_FILE_MAX - len;
			over = 1;
		}
		if (len + n > cap) {
			cap = len + n < 65536 ? 65536 : (len + n) * 2;
			if (cap > (size_t)BOOTSTRAP_FILE_MAX)
				cap = (size_t)BOOTSTRAP_FILE_MAX;
			buf = xreallocarray(buf, cap, 1);
		}
		memcpy(buf + len, blk, n);
		len += n;
		if (over)
			break;
	}
	if (r < 0)
		s->status = "partial";
	if (over)
		problem_report(&in->sink, PROBLEM_WARNING, PCODE_LIMIT_DOC,
		    in->vpath, BOOTSTRAP_FILE_MAX, 0, "service records file "
		    "larger than %ld bytes: the entries past that are not "
		    "read", BOOTSTRAP_FILE_MAX);
	memset(&bc, 0, sizeof bc);
	bc.in = in;
	bc.s = s;
	rc = bootstrap_scan(buf != NULL ? buf : "", len, bootstrap_item, &bc);
	free(buf);
	s->size = ingest_pipe_size(in->pipe);
	if (rc != 0 || in->db_failed)
		return MGT_ERR_DB;
	return MGT_OK;
}
